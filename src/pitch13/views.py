"""What one seat may know of a game, and nothing more (R-INFO-1, R-INFO-2).

:func:`view` builds a :class:`SeatView` from an allow-list: every field is copied on purpose
from the public information of R-INFO-1 or the seat's own information of R-INFO-2, so a field
added to :class:`~pitch13.GameState` later stays hidden until someone adds it here.
:func:`spectator_view` is the same with public information only.

A view covers the hand in play: its :attr:`~SeatView.history` is that hand as the seat saw it
(see :mod:`pitch13.seen`), and of the hands before it holds only the scores and the last
result. So a view costs the same, and is as large, at hand 200 as at hand 1. What happened
since a view was sent is a :class:`ViewDelta` (:func:`view_delta`): the new entries of the
seat's history, in their notation, a few bytes each. A client holding the view follows with
:meth:`SeatView.updated`, which gives exactly the view the server would send.

:meth:`SeatView.to_json` writes a view as a server sends it; :meth:`SeatView.from_json` reads it
back on the client and replays its history to check every field.
"""

from __future__ import annotations

import json
from collections.abc import Sequence  # noqa: F401 - the annotation of ViewDelta(entries=...), read here
from typing import Any, Final, cast

import attrs

from pitch13._base.checks import check_seat, excerpt, unchecked_maker
from pitch13._core import history as _history
from pitch13._core.masks import ALL_CARDS, cards_of_mask, mask_of
from pitch13._core.tables import may_take, table_for
from pitch13._info.entry_text import entry_head, parse_entry
from pitch13._info.follow import Follower, view_fields
from pitch13._info.hand_cache import SEEN_LOCK, Deferred, deferred_of, read_on
from pitch13._info.knowledge import Place, PlaceInfo, hand_logs, infer, known_and_held
from pitch13._info.seen_entries import MAX_PLY
from pitch13._info.view_json import ENTRY_LENGTH, check_plies, delta_entries, plain_json
from pitch13._info.view_reader import (
    MAX_ENTRIES,
    check_earlier_result,
    check_hand_start,
    check_score_range,
    field_checks,
    field_readers,
    read_action,
)
from pitch13.actions import SeatAction
from pitch13.cards import DECK, Card, Suit
from pitch13.engine import legal_actions
from pitch13.events import HandScored as _HandScored
from pitch13.records._json import (
    MAX_SIZE,
    array,
    check_header,
    fail,
    integer,
    load_json,
    obj,
    string,
)
from pitch13.records._json import VIEW_FORMAT as _VIEW_FORMAT
from pitch13.rules import Rules
from pitch13.scoring import HandResult, Outcome, Trick
from pitch13.seen import (
    DealSeen,
    GiveUpSeen,
    PublicItem,
    RefillSeen,
    RejectSeen,
    SeenEntry,
    SeenItem,
    TurnUpSeen,
    seen_history,
)
from pitch13.state import GameState, Phase

__all__ = [
    "DealSeen",
    "GiveUpSeen",
    "Place",
    "PlaceInfo",
    "PublicItem",
    "RefillSeen",
    "RejectSeen",
    "SeatView",
    "SeenEntry",
    "SeenItem",
    "TurnUpSeen",
    "ViewDelta",
    "seen_history",
    "spectator_view",
    "view",
    "view_delta",
]

# Defined with what a seat knows, they are public here: they pickle, and report their module, as
# pitch13.views.
Place.__module__ = __name__
PlaceInfo.__module__ = __name__

#: The version of view documents (of format ``_VIEW_FORMAT``).
_VIEW_VERSION: Final = 2


@attrs.frozen(slots=True)
class ViewDelta:
    """What happened since a seat's view was sent: the new entries of its history.

    Made by :func:`view_delta`; a client that holds the view of ply ``since`` applies it with
    :meth:`SeatView.updated`. ``entries`` are in their notation (:mod:`pitch13.seen`), so a delta
    is a few bytes an action. Its JSON form is a list: ``[since, ply, entry, entry, ...]``.

    A delta names no seat; it is for the seat :func:`view_delta` made it for alone. Another seat's
    view refuses it, unless it only deals a new hand, whose cards that view would take as its own.

    Raises:
        TypeError: if a ply is not an int, or ``entries`` not a sequence of str (a str is not one).
        ValueError: if ``since`` is after ``ply`` or a ply is negative (or past 10**12), or an
            entry is longer than 200 characters: what :meth:`from_json` would not read back.
    """

    #: The ply of the view the delta follows.
    since: int
    #: The ply it brings the view to.
    ply: int
    #: The new entries of the seat's history, in their notation (any sequence given is kept as a tuple).
    entries: tuple[str, ...] = attrs.field(converter=delta_entries)

    def __attrs_post_init__(self) -> None:
        check_plies(self.since, self.ply)

    def to_json(self) -> str:
        """``[since, ply, entry, ...]``, compact."""
        return json.dumps([self.since, self.ply, *self.entries], ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, *, max_size: int = 100_000) -> ViewDelta:
        """Read a delta written by :meth:`to_json`.

        Only its form is checked here; :meth:`SeatView.updated` checks that it fits the view.

        Raises:
            TypeError: if ``text`` is not a str or bytes, or ``max_size`` not an int.
            ValueError: if ``max_size`` is negative.
            DocumentError: if it is not ``[since, ply, entry, ...]`` within ``max_size`` characters.
        """
        # No more items than characters: ``max_size`` alone bounds the entries.
        data = array(load_json(text, max_size=max_size, what="view delta"), "$", max_size)
        if len(data) < 2:
            fail("$", "a view delta is [since, ply, entry, ...]")
        since = integer(data[0], "$[0]", 0, MAX_PLY)
        ply = integer(data[1], "$[1]", since, MAX_PLY)
        entries = tuple(string(line, f"$[{i + 2}]", ENTRY_LENGTH) for i, line in enumerate(data[2:]))
        return cls(since, ply, entries)


@attrs.frozen(slots=True)
class SeatView:
    """Everything one seat may know of a game (R-INFO-1, R-INFO-2), and nothing more.

    Made by :func:`view` (a seat) or :func:`spectator_view` (``seat`` is ``None``). It covers
    the hand in play; of the hands before it, it keeps the scores and the last result. Two
    views are equal when everything in them is equal.

    Such a view works out ``history``, ``tricks``, ``unseen``, ``places`` and ``dead_known``
    when one of them is first read, all at once and once (reading them from several threads is
    safe); comparing, hashing, printing, copying or pickling a view, and writing it as a
    document, read them too. Nothing else shows it: the fields are what they would have been
    had the view been built whole. Until then the view keeps what it works them out from, the
    shown hand's record, which includes its deck; no public attribute shows it (code in the
    same process can reach it, as it can the state), and the view drops it as soon as the
    fields are worked out, so a pickle, a copy or a document of a view never holds it.
    """

    #: The viewing seat, or ``None`` for a spectator.
    seat: int | None
    #: The rules of the game.
    rules: Rules
    #: Where the game stands.
    phase: Phase
    #: The seat to act, or ``None`` (chance or game over).
    to_act: int | None
    #: The game's move counter (:attr:`GameState.ply <pitch13.GameState.ply>`): a move sent
    #: for this view is applied with ``apply(..., ply=view.ply)``, so that it is refused once
    #: the game has moved on.
    ply: int
    #: The current hand's number, from 1.
    hand_number: int
    #: The current hand's dealer.
    dealer: int
    #: The first hand's dealer.
    first_dealer: int
    #: ``(team A, team B)``.
    scores: tuple[int, int]
    #: How the game ended, or ``None``.
    outcome: Outcome | None
    #: The result of the last hand scored, or ``None`` before any.
    last_result: HandResult | None
    #: Each seat's call this hand: its bid, ``0`` for a pass, ``None`` if it has not acted.
    bids: tuple[int | None, ...]
    #: The highest bid so far, or ``None``.
    high_bid: int | None
    #: The seat that won the auction, or ``None``.
    bidder: int | None
    #: The winning bid, or ``None``.
    bid: int | None
    #: The trump suit, or ``None``.
    trump: Suit | None
    #: The viewing seat's hand (empty for a spectator).
    hand: tuple[Card, ...]
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: The face-up cards in the middle.
    middle: tuple[Card, ...]
    #: The cards in the middle that may still be picked up.
    takeable: tuple[Card, ...]
    #: The face-up cards of the dead pile.
    dead_face_up: tuple[Card, ...]
    #: How many cards of the dead pile are face down.
    dead_face_down: int
    #: Face-down dead cards the viewing seat knows, because it put them there.
    dead_known: tuple[Card, ...]
    #: How many cards are left in the stock.
    stock_size: int
    #: Whether a stock card is turned up and waiting for a decision.
    card_turned_up: bool
    #: The turned-up card, only when the viewing seat turned it up.
    turned_card: Card | None
    #: The current trick: ``(seat, card)`` in the order played.
    trick: tuple[tuple[int, Card], ...]
    #: The finished tricks of the hand.
    tricks: tuple[Trick, ...]
    #: The seats known to be out of trump this hand.
    out: frozenset[int]
    #: Points each team has taken this hand.
    points_taken: tuple[int, int]
    #: The actions the viewing seat may take now (empty unless it is to act).
    legal_actions: tuple[SeatAction, ...]
    #: The hand in play as the viewing seat saw it, from its deal (:mod:`pitch13.seen`); between
    #: two hands, and at the end of the game, the hand that ended. The whole game's is
    #: :func:`~pitch13.seen.seen_history`.
    history: tuple[SeenEntry, ...]
    #: The cards whose place the viewing seat does not know.
    unseen: tuple[Card, ...]
    #: Where those cards may be: each place, how many it holds, and of what kind.
    places: tuple[PlaceInfo, ...] = attrs.field(repr=False)

    def __attrs_post_init__(self) -> None:
        """A view made in code (``SeatView(...)``, :func:`attrs.evolve`) has fields of their types.

        The library's own views are made without this check, from fields it worked out.

        Raises:
            TypeError: if a field is not of its declared type (a tuple where one is declared).
            ValueError: if a number is out of its range (a seat from 0 to 3, ...) or a tuple of
                a fixed length is not of it.
        """
        for field, (name, check) in zip(_VIEW_FIELDS, field_checks(SeatView), strict=True):
            check(getattr(self, field), name)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, as :attr:`GameState.is_over <pitch13.GameState.is_over>`."""
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """The winning team (0 for A, 1 for B), or ``None`` while the game goes on."""
        outcome = self.outcome
        return None if outcome is None else outcome.winner

    @property
    def is_chance(self) -> bool:
        """Whether the game waits for a :class:`~pitch13.Deal` (R-DEAL-3), as the state's."""
        return self.phase is Phase.DEAL

    @property
    def known_held(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards the viewing seat knows that seat holds now.

        Its own entry is its :attr:`hand`. Another seat's holds what the hand made public: a
        card it picked up from the middle (R-PICK-1) and has not played, and, once a hand ends
        early on a claim (R-PLAY-7), the claimed cards of the viewing seat's partner. A
        spectator's entries hold the picked-up cards. Empty entries while the game waits for a
        deal. It costs O(entries of the hand), read from :attr:`history` on each call.

        >>> import pitch13
        >>> pitch13.view(pitch13.new_game(seed=7), 0).known_held[1]
        ()
        """
        if self.phase is Phase.DEAL or not self.history:
            return ((), (), (), ())
        log = hand_logs(self.history)[-1]
        seat = self.seat
        _known, held = known_and_held(log, seat, 0 if seat is None else mask_of(self.hand))
        if seat is not None:
            held[seat] = mask_of(self.hand)
        return tuple(cards_of_mask(mask) for mask in held)

    def possible_places(self, card: Card) -> tuple[Place, ...]:
        """The places where ``card`` may be, by what the seat knows (empty for a seen card).

        A card that is a trump cannot be in the hand of a seat known to be out, nor among
        the face-down cards given up or rejected in the look-through (they are not trumps).
        Each place is judged alone, not with the counts of the others (the seat to play holds a
        trump, a seat keeps what it took in the look): a place listed may be ruled out by them,
        which :func:`~pitch13.sample_state` weighs, drawing only placements that fit them all.

        Raises:
            TypeError: if ``card`` is not a :class:`~pitch13.Card`.
        """
        if not isinstance(card, Card):
            raise TypeError(f"possible_places() takes a Card, not {excerpt(card)}")
        if card not in self.unseen:
            return ()
        table = None if self.trump is None else table_for(self.trump, self.rules)
        is_trump = table is not None and bool(table.mask >> card.index & 1)
        found: list[Place] = []
        for info in self.places:
            dead_ok = info.dead and (info.max_dead is None or info.max_dead > 0)
            if info.count and (info.trumps if is_trump else dead_ok) and info.place not in found:
                if info.takeable_only and table is not None and not may_take(table, card.index):
                    continue
                found.append(info.place)
        return tuple(found)

    def updated(self, delta: ViewDelta) -> SeatView:
        """This view after ``delta``: exactly the view the server would send at ``delta.ply``.

        The client follows the game from its own view: it replays the delta's entries as the
        engine would, from what the seat may know, and checks each against the game so far.

        Raises:
            TypeError: if ``delta`` is not a :class:`ViewDelta`.
            DocumentError: if the delta does not follow this view (its ``since`` is not this
                view's ``ply``), or an entry is unreadable or cannot come next (``where`` is
                ``$[i]``, the entry's place in the delta's JSON list), or the view it comes to is
                not one some game reaches (``$[1]`` for a ply its history cannot be at, ``$``
                otherwise; the docs' views page lists the checks). A delta that skipped the
                checks of :class:`ViewDelta` (one unpickled) whose ``since`` or ``ply`` is not
                an int is refused at ``$[0]`` or ``$[1]``, and one whose ``entries`` are not a
                tuple or list at ``$``.
        """
        if not isinstance(delta, ViewDelta):
            raise TypeError(f"updated() takes a ViewDelta, not {type(delta).__name__}")
        if not isinstance(delta.since, int) or isinstance(delta.since, bool):  # unchecked: unpickled
            fail("$[0]", f"a ply is an int, not {excerpt(delta.since)}")
        if delta.since != self.ply:
            fail(
                "$[0]",
                f"the delta follows the view of ply {excerpt(delta.since)}, not this one of ply {self.ply}",
            )
        if not isinstance(delta.ply, int) or isinstance(delta.ply, bool):  # unchecked: unpickled
            fail("$[1]", f"a ply is an int, not {excerpt(delta.ply)}")
        if not isinstance(delta.entries, (tuple, list)):  # unchecked: unpickled
            fail("$", f"a delta's entries are a tuple of str, not {type(delta.entries).__name__}")
        follower = _follower_of(self)
        actions = deals = 0
        for i, line in enumerate(delta.entries):
            where = f"$[{i + 2}]"
            entry = parse_entry(follower, line, where)
            follower.follow(entry, where)
            if entry.seat is not None:
                actions += 1
            elif isinstance(entry.item, DealSeen):
                deals += 1
        follower.finish()
        # Each action is one ply, and so is a deal in a game dealt by Deal (none in a seeded one).
        low, high = self.ply + actions, self.ply + actions + deals
        if not low <= delta.ply <= high:
            fail(
                "$[1]",
                f"the delta's entries bring the game from ply {self.ply} to "
                + (f"ply {low}" if low == high else f"a ply from {low} to {high}")
                + f", not {excerpt(delta.ply)}",
            )
        return _made({"ply": delta.ply, **view_fields(follower, delta.ply, delta=True)})

    def to_dict(self) -> dict[str, object]:
        """The view as plain JSON data: what a server sends to this seat's client.

        Actions (in ``legal_actions``) and the entries of ``history`` are written in their
        notation (``"play 10H"``, ``"2 play 10H"``); see the docs' views page for every field.
        """
        out: dict[str, object] = {"format": _VIEW_FORMAT, "version": _VIEW_VERSION}
        for name in _VIEW_FIELDS:
            value = getattr(self, name)
            if name == "history":
                out["history"] = [str(entry) for entry in value]
            elif name == "legal_actions":
                out["legal_actions"] = [str(action) for action in value]
            else:
                out[name] = plain_json(value)
        return out

    def to_json(self) -> str:
        """The view as a JSON document (:meth:`to_dict`, compact, keys in a fixed order)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> SeatView:
        """Read back a view written by :meth:`to_dict`, checking all of it.

        Every value is read by its declared type (an object's ``"type"`` must name the class
        allowed at that place, with exactly its fields, each of the right kind and within its
        range; lists are bounded). The history is then replayed from the hand's deal, as the
        seat saw it, and every field must be what that replay gives: a view that no game could
        show this seat is refused.

        Version 1 documents (which held the whole game's history) are not read: ask the server
        for the view again.

        Raises:
            DocumentError: if ``data`` is not a version-2 ``pitch13.view`` document or fails a
                check above; ``where`` is the JSON path of the fault, such as ``$.history[12]``.
        """
        old = ": ask the server for the view again"
        header = check_header(data, _VIEW_FORMAT, _VIEW_VERSION, old=old)
        fields = obj(header, "$", ("format", "version", *_VIEW_FIELDS))
        values: dict[str, object] = {}
        for name, read in field_readers(SeatView, frozenset(("history", "legal_actions"))):
            if read is not None:
                values[name] = read(fields[name], f"$.{name}")
            elif name == "history":
                values[name] = array(fields[name], "$.history", MAX_ENTRIES)
            else:
                values[name] = tuple(
                    read_action(v, f"$.legal_actions[{i}]")
                    for i, v in enumerate(array(fields[name], "$.legal_actions", 300))
                )
        return _replayed(values)

    @classmethod
    def from_json(cls, text: str | bytes, *, max_size: int = MAX_SIZE) -> SeatView:
        """Read back a view written by :meth:`to_json`, checking it as :meth:`from_dict` does.

        The JSON is refused before it is parsed if it is longer than ``max_size`` characters
        or nests deeper than pitch13 ever writes; numbers with a fraction or exponent, numbers
        of more than 48 characters and an object with the same key twice are refused too.

        >>> import pitch13
        >>> v = view(pitch13.new_game(pitch13.Rules(), seed=7), 1)
        >>> SeatView.from_json(v.to_json()) == v
        True
        >>> SeatView.from_json('{"format": "pitch13.view", "version": 3}')
        Traceback (most recent call last):
        ...
        pitch13.errors.DocumentError: $.version: pitch13.view version 3 is newer than this pitch13 reads (2); upgrade pitch13

        Raises:
            TypeError: if ``text`` is not a str or bytes, or ``max_size`` not an int.
            ValueError: if ``max_size`` is negative.
            DocumentError: if it is not JSON within those limits, or not a view that
                :meth:`from_dict` accepts.
        """
        return cls.from_dict(load_json(text, max_size=max_size, what="view", fmt=_VIEW_FORMAT))


# --- views of a state ----------------------------------------------------------------------------


def view(state: GameState, seat: int) -> SeatView:
    """What ``seat`` may know of ``state`` (R-INFO-1 and R-INFO-2).

    It costs O(1), about 8 microseconds: the fields that need the hand read as the seat saw it
    (``history``, ``tricks``, ``unseen``, ``places`` and ``dead_known``) are worked out when one
    of them is first read, all at once (see :class:`SeatView`), so a bot that decides from the
    hand, the trick and the legal actions never pays for them. Working them out costs
    O(entries of the hand in play) the first time; for a later state of the same line of play,
    once they were worked out for the seat's view of an earlier one, only the new entries are
    read: a server or a bot that reads every view whole pays about 20 microseconds a view. A
    view of a state on another branch of the hand (a search tree) reads the hand again.

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int;
            for ``None`` it names :func:`spectator_view`, which makes a spectator's view.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"view() takes a GameState, not {type(state).__name__}")
    if seat is None:
        raise TypeError("a seat is an int from 0 to 3, not None: a spectator's view is spectator_view(state)")
    return _build(state, check_seat(seat))


def spectator_view(state: GameState) -> SeatView:
    """What everyone may know of ``state``: public information only (R-INFO-1).

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState`.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"spectator_view() takes a GameState, not {type(state).__name__}")
    return _build(state, None)


#: A ViewDelta of its fields in order (since, ply, entries), made past its checks.
_DELTA: Final = unchecked_maker(ViewDelta)


def view_delta(state: GameState, seat: int | None, since: int) -> ViewDelta:
    """What ``seat`` (``None``: a spectator) saw after the view of ply ``since``, to the state.

    ``view_of(earlier).updated(view_delta(state, seat, earlier.ply)) == view_of(state)``, where
    ``view_of`` is :func:`view` for a seat and :func:`spectator_view` for a spectator. It costs
    O(entries since ``since`` plus those of the hand that holds them before).

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``seat`` is not a seat or ``None``, or ``since`` is not a ply of the game
            up to ``state.ply``.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"view_delta() takes a GameState, not {type(state).__name__}")
    if seat is not None:
        seat = check_seat(seat)
    if since is None:
        raise TypeError("since is a ply, an int, not None")
    entries = seen_history(state, seat, since)
    # The library's own entries and plies: past the checks of a delta made in code.
    return _DELTA(since, state.ply, tuple(str(entry) for entry in entries))


def _work_out(seat_view: SeatView, d: Deferred) -> None:
    """Work out and set the deferred fields of ``seat_view`` (:data:`_DEFERRED_FIELDS`)."""
    with SEEN_LOCK:
        if type(_HISTORY_SLOT.__get__(seat_view, SeatView)) is not Deferred:
            return  # another thread has worked them out
        seen = read_on(d)
        dead_known: tuple[Card, ...] = ()
        unseen: tuple[Card, ...] = ()
        places: tuple[PlaceInfo, ...] = ()
        tricks: tuple[Trick, ...] = ()
        log = seen.log
        if log is not None and not d.waiting:
            seat = d.seat
            tricks = seen.tricks
            knowledge = infer(log, d.rules, seat, d.mine)
            dead_known = cards_of_mask(0 if seat is None else log.named_dead[seat] & ~d.shown)
            # Every card the seat has seen placed (the middle, the face-up dead cards, its own
            # named dead cards, the cards played) is in what it knows.
            unseen = cards_of_mask(~knowledge.known_mask & ALL_CARDS)
            places = knowledge.places
        values = (dead_known, tricks, unseen, places, seen.seen)  # the history last: it says "done"
        for slot, value in zip(_DEFERRED_SLOTS, values, strict=True):
            slot.__set__(seat_view, value)


class _DeferredField:
    """A field of :class:`SeatView` worked out when it is first read (internal).

    It stands in the class for the field's slot: reading the field works out every deferred
    field of the view at once if they are not yet, so that equality, hashing, ``repr``, pickling,
    copying and the documents all see the fields as :func:`view` would have built them.
    """

    __slots__ = ("slot",)

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, instance: SeatView | None, owner: type | None = None) -> Any:
        if instance is None:
            return self  # not the slot, which would read the placeholder as it is
        value = self.slot.__get__(instance, owner)
        if type(value) is Deferred:
            _work_out(instance, value)
            value = self.slot.__get__(instance, owner)
        return value

    def __set__(self, instance: SeatView, value: object) -> None:
        self.slot.__set__(instance, value)

    def __delete__(self, instance: SeatView) -> None:  # pragma: no cover - a frozen class
        self.slot.__delete__(instance)


#: The fields of a view that :func:`view` leaves to be worked out when first read: those that
#: need the hand read as the seat saw it. ``history`` comes last: once it is set, all are.
_DEFERRED_FIELDS: Final = ("dead_known", "tricks", "unseen", "places", "history")
_DEFERRED_SLOTS: Final = tuple(SeatView.__dict__[name] for name in _DEFERRED_FIELDS)
_HISTORY_SLOT: Final = _DEFERRED_SLOTS[-1]
#: Each field's slot setter, in the order of the fields: :func:`_build` fills a new view's slots
#: with them, as ``SeatView(...)`` would (no field has a default, validator or converter) but
#: without the keywords, and without reading the deferred fields' placeholder.
_FIELD_SETTERS: Final = tuple(SeatView.__dict__[a.name].__set__ for a in attrs.fields(SeatView))
for _name, _slot in zip(_DEFERRED_FIELDS, _DEFERRED_SLOTS, strict=True):
    setattr(SeatView, _name, _DeferredField(_slot))
_NEW: Final = object.__new__


def _made(values: dict[str, object]) -> SeatView:
    """A view of fields the library worked out (``values``, by name), unchecked.

    As ``SeatView(...)`` would make it, without the check of a view made in code.
    """
    seat_view: SeatView = _NEW(SeatView)
    for name, set_field in zip(_VIEW_FIELDS, _FIELD_SETTERS, strict=True):
        set_field(seat_view, values[name])
    return seat_view


def _build(state: GameState, seat: int | None) -> SeatView:
    rules = state._rules
    phase = state._phase
    to_act = state._to_act
    hand_mask = 0 if seat is None else state._hands[seat]
    shown = state._shown
    table = state._table
    last = _history.last_result(state._past, rules)
    deferred: Any = deferred_of(state, seat, hand_mask, shown, phase is Phase.DEAL)
    if deferred is None:
        deferred = ()  # the deferred fields, all empty before the first deal
    auction_over = phase is not Phase.BIDDING and phase is not Phase.DEAL and state._bidder >= 0
    turned = state._turned
    mine_to_act = seat is not None and to_act == seat
    seat_view: SeatView = _NEW(SeatView)
    values = (  # in the order of the fields (_BUILT_FIELDS)
        seat,
        rules,
        phase,
        None if to_act < 0 else to_act,
        state._ply,
        state._hand_number,
        state._dealer,
        state._first_dealer,
        state._scores,
        state._outcome,
        last,
        _bids(state._calls),
        state._high_bid or None,
        state._bidder if auction_over else None,
        state._high_bid if auction_over else None,
        None if table is None else table.trump,
        cards_of_mask(hand_mask),
        tuple([mask.bit_count() for mask in state._hands]),
        cards_of_mask(state._middle),
        cards_of_mask(state._takeable),
        cards_of_mask(shown),
        (state._dead & ~shown).bit_count(),
        deferred,
        len(state._stock),
        turned >= 0,
        DECK[turned] if turned >= 0 and mine_to_act else None,
        tuple([(code >> 6, DECK[code & 63]) for code in state._trick]),
        deferred,
        _OUTS[state._out],
        (0, 0) if table is None else (table.points_of(state._won_a), table.points_of(state._won_b)),
        legal_actions(state) if mine_to_act else (),
        deferred,
        deferred,
        deferred,
    )
    for set_field, value in zip(_FIELD_SETTERS, values, strict=True):
        set_field(seat_view, value)
    return seat_view


#: The fields in the order :func:`_build` gives their values.
_BUILT_FIELDS: Final = (
    "seat",
    "rules",
    "phase",
    "to_act",
    "ply",
    "hand_number",
    "dealer",
    "first_dealer",
    "scores",
    "outcome",
    "last_result",
    "bids",
    "high_bid",
    "bidder",
    "bid",
    "trump",
    "hand",
    "hand_sizes",
    "middle",
    "takeable",
    "dead_face_up",
    "dead_face_down",
    "dead_known",
    "stock_size",
    "card_turned_up",
    "turned_card",
    "trick",
    "tricks",
    "out",
    "points_taken",
    "legal_actions",
    "history",
    "unseen",
    "places",
)
if tuple(a.name for a in attrs.fields(SeatView)) != _BUILT_FIELDS:  # pragma: no cover - a field added
    raise AssertionError("views._build gives the fields of SeatView in another order")


def _bids(calls: tuple[int, ...]) -> tuple[int | None, ...]:
    found = _BIDS.get(calls)
    if found is None:
        found = tuple(None if c < 0 else c for c in calls)
        if len(_BIDS) < 4096:
            _BIDS[calls] = found
    return found


_BIDS: Final[dict[tuple[int, ...], tuple[int | None, ...]]] = {}
_OUTS: Final = tuple(frozenset(s for s in range(4) if mask >> s & 1) for mask in range(16))


# --- reading a view back -------------------------------------------------------------------------

_VIEW_FIELDS: Final = tuple(a.name for a in attrs.fields(SeatView))


def _follower_of(seat_view: SeatView) -> Follower:
    """A follower at the point of ``seat_view``: its history replayed from the hand's deal."""
    v = seat_view
    follower = _follower_start(v.rules, v.seat, v.first_dealer, v.hand_number, v.dealer, v.last_result)
    history = v.history
    if history and isinstance(history[0].item, DealSeen):
        follower.hand_number, follower.dealer = history[0].item.hand_number, history[0].item.dealer
    scored = next((e.item.result for e in history if isinstance(e.item, _HandScored)), None)
    follower.scores = (
        v.scores
        if scored is None
        else (
            scored.scores[0] - scored.score_change[0],
            scored.scores[1] - scored.score_change[1],
        )
    )
    for entry in history:
        follower.follow(entry)
    follower.finish()
    return follower


def _follower_start(
    rules: Rules, seat: int | None, first_dealer: int, hand_number: int, dealer: int, last: HandResult | None
) -> Follower:
    follower = Follower(rules, seat, first_dealer)
    follower.hand_number, follower.dealer, follower.last_result = hand_number, dealer, last
    return follower


def _replayed(values: dict[str, object]) -> SeatView:
    """The view whose fields were read into ``values``, once its history replays to all of them."""
    rules = cast(Rules, values["rules"])
    seat = cast("int | None", values["seat"])
    lines = cast("tuple[object, ...]", values["history"])
    hand_number, dealer = cast(int, values["hand_number"]), cast(int, values["dealer"])
    first_dealer = cast(int, values["first_dealer"])
    scores = cast("tuple[int, int]", values["scores"])
    last = cast("HandResult | None", values["last_result"])
    if dealer != (first_dealer + hand_number - 1) & 3:
        fail(
            "$.dealer",
            f"hand {hand_number} of a game first dealt by seat {first_dealer} is dealt by seat {(first_dealer + hand_number - 1) & 3}",
        )
    check_score_range(rules, hand_number, scores, no_hand_scored=last is None)
    scored = any(entry_head(line) == "scored" for line in lines)
    if last is not None and not scored:
        # A result the history does not score: of an earlier hand, after which the game went on.
        check_earlier_result(rules, first_dealer, last, hand_number)

    def fold(before: tuple[int, int], *, to_score: bool = False) -> Follower:
        """The history replayed from the scores ``before`` the hand (with ``to_score``, up to its scoring)."""
        follower = _follower_start(rules, seat, first_dealer, hand_number, dealer, last)
        follower.scores = before
        for i, line in enumerate(lines):
            where = f"$.history[{i}]"
            entry = parse_entry(follower, line, where)
            if i == 0 and isinstance(entry.item, DealSeen):
                follower.hand_number, follower.dealer = entry.item.hand_number, entry.item.dealer
                follower.scores = before
            follower.follow(entry, where)
            if to_score and isinstance(entry.item, _HandScored):
                return follower
        follower.finish()
        return follower

    if scored:  # a hand scored in the history changed the scores: replay it once to learn by how much
        change = fold((0, 0), to_score=True).change()
        check_hand_start(rules, None, (scores[0] - change[0], scores[1] - change[1]), "$.scores")
        follower = fold((scores[0] - change[0], scores[1] - change[1]))
    else:
        follower = fold(scores)
        # Without a hand scored, the scores are the game's start, which may be any (new_game).
        if last is not None and scores != last.scores:
            fail("$.scores", f"the hands scored leave the scores at {list(last.scores)}, not {list(scores)}")
    fields = view_fields(follower, cast(int, values["ply"]))
    for name, expected in fields.items():
        if name != "history" and values[name] != expected:
            fail(
                f"$.{name}",
                f"the history gives {excerpt(plain_json(expected))}, not {excerpt(plain_json(values[name]))}",
            )
    return _made({"ply": values["ply"], **fields})
