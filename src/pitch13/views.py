"""What one seat may know of a game, and nothing more (R-INFO-1, R-INFO-2).

:func:`view` builds a :class:`SeatView` from an allow-list: every field is copied on purpose
from the public information of R-INFO-1 or the seat's own information of R-INFO-2, so a field
added to :class:`~pitch13.GameState` later stays hidden until someone adds it here.
:func:`spectator_view` is the same with public information only.

The history in a view is the game's history as the seat saw it: public actions and events as
they are, and the steps that hide cards replaced by :class:`DealSeen`, :class:`RefillSeen`,
:class:`TurnUpSeen`, :class:`GiveUpSeen` and :class:`RejectSeen`, which name a card only when the
seat may know it. A chance :class:`~pitch13.Deal` never appears; neither does the seed of a
seeded game, which would tell every deal.

:meth:`SeatView.to_json` writes a view as a server sends it; :meth:`SeatView.from_json` reads it
back on the client, checked (see :meth:`SeatView.from_dict`).
"""

from __future__ import annotations

import enum
import functools
import json
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, Union, cast, get_args, get_origin, get_type_hints

import attrs

from pitch13._history import hands_of
from pitch13.actions import (
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Pass,
    Play,
    Reject,
    SeatAction,
    Stop,
    Take,
    TurnUp,
    deal_positions,
)
from pitch13.cards import DECK, Card, Suit
from pitch13.documents import (
    MAX_SIZE,
    DocumentError,
    array,
    boolean,
    check_header,
    choice,
    fail,
    integer,
    kind,
    load_json,
    obj,
    read_card,
    read_cards,
    read_suit,
    rules_from_dict,
    rules_to_dict,
    string,
)
from pitch13.engine import legal_actions
from pitch13.errors import check_seat
from pitch13.events import (
    AuctionWon,
    CardRejected,
    DeadCardsDiscarded,
    GameOver,
    HandDealt,
    HandEndedEarly,
    HandScored,
    HandThrownIn,
    Refilled,
    SeatOut,
    StockDiscarded,
    StockHandedOver,
    TrickWon,
)
from pitch13.rules import LookTake, Rules
from pitch13.scoring import HandResult, Outcome, PointCard, Trick
from pitch13.state import PAST, GameState, Phase, hand_entries
from pitch13.trumps import TrumpTable, may_take, table_for

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
    "spectator_view",
    "view",
]


# --- history as a seat saw it ------------------------------------------------------------------


@attrs.frozen(slots=True)
class DealSeen:
    """Hand ``hand_number`` was dealt by ``dealer``; ``cards`` are the viewing seat's 9 cards.

    ``cards`` is empty in a spectator's view.
    """

    hand_number: int
    dealer: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class RefillSeen:
    """``seat`` received ``count`` cards from the stock (R-FILL-1).

    ``cards`` names them, in the order received, only in that seat's own view.
    """

    seat: int
    count: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class TurnUpSeen:
    """``seat`` turned up the next stock card (R-LOOK-1); ``card`` only in its own view."""

    seat: int
    card: Card | None


@attrs.frozen(slots=True)
class GiveUpSeen:
    """``seat`` took the turned-up card, giving up a card of its hand (R-LOOK-2).

    ``taken`` is named only in that seat's own view. ``given`` is named in its own view, and
    in every view when it is a trump, which goes to the dead pile face up (R-LOOK-4).
    """

    seat: int
    taken: Card | None
    given: Card | None


@attrs.frozen(slots=True)
class RejectSeen:
    """``seat`` rejected the turned-up card to the dead pile (R-LOOK-2).

    ``card`` is named in the seat's own view, and in every view when it is a trump (R-LOOK-4).
    ``forced`` says the card could not be taken (``look_take``), which every seat can tell
    from the card's kind.
    """

    seat: int
    card: Card | None
    forced: bool


#: A step of the history that every seat sees as it is.
PublicItem = Union[
    Pass,
    Bid,
    NameTrump,
    Discard,
    Take,
    Stop,
    Play,
    AuctionWon,
    HandThrownIn,
    DeadCardsDiscarded,
    StockHandedOver,
    StockDiscarded,
    SeatOut,
    TrickWon,
    HandEndedEarly,
    HandScored,
    GameOver,
]
#: One step of a seat's history: a public action or event, or one of the ``…Seen`` records.
SeenItem = Union[PublicItem, DealSeen, RefillSeen, TurnUpSeen, GiveUpSeen, RejectSeen]

_PUBLIC_ITEMS: Final = get_args(PublicItem)


@attrs.frozen(slots=True)
class SeenEntry:
    """One step of :attr:`SeatView.history`: who acted (``None`` for an event) and what was seen."""

    seat: int | None
    item: SeenItem


def dealt_cards(deck: tuple[Card, ...], dealer: int, seat: int) -> tuple[Card, ...]:
    """The 9 cards ``seat`` is dealt from ``deck`` by ``dealer`` (R-DEAL-1), in index order."""
    return tuple(sorted(deck[position] for position in deal_positions(dealer, seat)))


@attrs.frozen(slots=True)
class _Context:
    """What turning history into a seat's history needs to remember within a hand."""

    stock: tuple[Card, ...] = ()
    position: int = 0
    turned: Card | None = None
    table: TrumpTable | None = None


def seen_history(state: GameState, seat: int | None, rules: Rules, start: int = 0) -> tuple[SeenEntry, ...]:
    """The history of ``state`` as ``seat`` saw it (``None``: a spectator) (internal).

    With ``start``, only the entries after the first ``start`` of the state's history, which
    must be the start of a hand.
    """
    entries = ((e.seat, e.item) for e in state.history_since(start))
    seen, _ = _transform(entries, seat, rules, _Context())
    return tuple(seen)


def _transform(
    entries: Iterable[tuple[int | None, object]], seat: int | None, rules: Rules, context: _Context
) -> tuple[list[SeenEntry], _Context]:
    out: list[SeenEntry] = []
    stock, position, turned, table = context.stock, context.position, context.turned, context.table
    for who, item in entries:
        if isinstance(item, _PUBLIC_ITEMS):
            if isinstance(item, NameTrump):
                table = table_for(item.suit, rules)
            out.append(SeenEntry(who, item))
        elif isinstance(item, HandDealt):
            stock, position, table = item.deck[36:], 0, None
            mine = () if seat is None else dealt_cards(item.deck, item.dealer, seat)
            out.append(SeenEntry(None, DealSeen(item.hand_number, item.dealer, mine)))
        elif isinstance(item, Refilled):
            position += item.count
            cards = item.cards if item.seat == seat else ()
            out.append(SeenEntry(None, RefillSeen(item.seat, item.count, cards)))
        elif isinstance(item, TurnUp):
            assert who is not None
            turned = stock[position]
            position += 1
            out.append(SeenEntry(who, TurnUpSeen(who, turned if who == seat else None)))
        elif isinstance(item, (Reject, CardRejected)):
            looker = item.seat if isinstance(item, CardRejected) else who
            assert table is not None and turned is not None and looker is not None
            shown = turned if looker == seat or table.mask >> turned.index & 1 else None
            forced = isinstance(item, CardRejected)
            out.append(SeenEntry(None if forced else looker, RejectSeen(looker, shown, forced)))
        elif isinstance(item, GiveUp):
            assert table is not None and who is not None
            given = item.card if who == seat or table.mask >> item.card.index & 1 else None
            out.append(SeenEntry(who, GiveUpSeen(who, turned if who == seat else None, given)))
        else:
            assert isinstance(item, Deal)  # chance: never shown
    return out, _Context(stock, position, turned, table)


def _cached_seen_history(state: GameState, seat: int | None) -> tuple[SeenEntry, ...]:
    """The whole history as ``seat`` saw it; each finished hand's part is kept on that hand."""
    rules = state.rules
    parts: list[tuple[SeenEntry, ...]] = []
    for hand in hands_of(state[PAST]):
        key = ("seen", seat)
        part = cast("tuple[SeenEntry, ...] | None", hand.cache.get(key))
        if part is None:
            part = tuple(_transform(hand_entries(state, hand), seat, rules, _Context())[0])
            hand.cache[key] = part
        parts.append(part)
    parts.append(tuple(_transform(hand_entries(state, None), seat, rules, _Context())[0]))
    return tuple(entry for part in parts for entry in part)


# --- what a seat can infer ---------------------------------------------------------------------


class Place(enum.Enum):
    """Where a card a seat cannot see may be."""

    #: In seat 0's hand.
    HAND_0 = "hand_0"
    #: In seat 1's hand.
    HAND_1 = "hand_1"
    #: In seat 2's hand.
    HAND_2 = "hand_2"
    #: In seat 3's hand.
    HAND_3 = "hand_3"
    #: In the stock (not yet given out or turned up).
    STOCK = "stock"
    #: Turned up from the stock by another seat, which is deciding on it.
    TURNED = "turned"
    #: Face down in the dead pile (R-LOOK-3, R-LOOK-4).
    DEAD = "dead"

    @classmethod
    def hand(cls, seat: int) -> Place:
        """The place "in the hand of ``seat``"."""
        return _HAND_PLACES[seat]

    @property
    def seat(self) -> int | None:
        """The seat whose hand this is, or ``None``."""
        return _HAND_PLACES.index(self) if self in _HAND_PLACES else None


_HAND_PLACES: Final = (Place.HAND_0, Place.HAND_1, Place.HAND_2, Place.HAND_3)


@attrs.frozen(slots=True)
class PlaceInfo:
    """A place that holds cards the seat cannot see, and what the seat knows of them.

    Internal to views and sampling; exposed through :meth:`SeatView.possible_places`.
    """

    place: Place
    count: int
    trumps: bool
    dead: bool
    max_dead: int | None = None
    takeable_only: bool = False


@attrs.define
class HandLog:
    """One hand as a seat saw it, parsed from its view history (internal)."""

    hand_number: int
    dealer: int
    own: tuple[Card, ...]
    trump: Suit | None = None
    dead_discards: dict[int, tuple[Card, ...]] = attrs.Factory(dict)
    sheds: dict[int, list[Card]] = attrs.Factory(lambda: {s: [] for s in range(4)})
    takes: dict[int, list[Card]] = attrs.Factory(lambda: {s: [] for s in range(4)})
    refills: list[RefillSeen] = attrs.Factory(list)
    refilled: bool = False
    #: Decided look steps, in order: (seat, taken-or-rejected, seen record).
    looks: list[GiveUpSeen | RejectSeen] = attrs.Factory(list)
    pending: TurnUpSeen | None = None
    unseen_discarded: int = 0
    plays: dict[int, list[Card]] = attrs.Factory(lambda: {s: [] for s in range(4)})
    out: set[int] = attrs.Factory(set)
    claim: HandEndedEarly | None = None
    scored: bool = False
    thrown_in: bool = False
    #: The seat actions of the hand in order, as seen (a hidden GiveUp card is ``None``).
    actions: list[tuple[int, SeatAction | GiveUpSeen]] = attrs.Factory(list)

    def table(self, rules: Rules) -> TrumpTable | None:
        """The trump table once trump is named."""
        return None if self.trump is None else table_for(self.trump, rules)


def hand_logs(history: tuple[SeenEntry, ...]) -> list[HandLog]:
    """Split a seat's history into hands (internal, used by the sampler)."""
    logs: list[HandLog] = []
    for entry in history:
        item = entry.item
        if isinstance(item, DealSeen):
            logs.append(HandLog(item.hand_number, item.dealer, item.cards))
            continue
        if not logs:  # pragma: no cover - a history always starts with a deal
            continue
        log = logs[-1]
        seat = entry.seat
        if isinstance(item, NameTrump):
            log.trump = item.suit
        elif isinstance(item, DeadCardsDiscarded):
            log.dead_discards[item.seat] = item.cards
        elif isinstance(item, RefillSeen):
            log.refills.append(item)
            log.refilled = True
        elif isinstance(item, TurnUpSeen):
            log.pending = item
        elif isinstance(item, (GiveUpSeen, RejectSeen)):
            log.looks.append(item)
            log.pending = None
        elif isinstance(item, StockDiscarded):
            log.unseen_discarded = item.count
        elif isinstance(item, SeatOut):
            log.out.add(item.seat)
        elif isinstance(item, HandEndedEarly):
            log.claim = item
        elif isinstance(item, HandScored):
            log.scored = True
        elif isinstance(item, HandThrownIn):
            log.thrown_in = True
        if seat is None:
            continue
        if isinstance(item, Discard):
            log.sheds[seat].append(item.card)
        elif isinstance(item, Take):
            log.takes[seat].append(item.card)
        elif isinstance(item, Play):
            log.plays[seat].append(item.card)
        if isinstance(item, (Pass, Bid, NameTrump, Discard, Take, Stop, Play)):
            log.actions.append((seat, item))
        elif isinstance(item, TurnUpSeen):
            log.actions.append((seat, TurnUp()))
        elif isinstance(item, RejectSeen):
            log.actions.append((seat, Reject()))
        elif isinstance(item, GiveUpSeen):
            log.actions.append((seat, item))
    return logs


@attrs.frozen(slots=True)
class Knowledge:
    """Where the cards of the current hand are, as far as one seat knows (internal)."""

    #: Cards whose place the seat knows (its hand, face-up cards, what it saw itself).
    known: frozenset[Card]
    #: Cards the seat knows are in another seat's hand: seat -> cards.
    held: tuple[tuple[Card, ...], ...]
    #: The places that hold the rest, with their counts and what they may hold.
    places: tuple[PlaceInfo, ...]


def infer(log: HandLog, rules: Rules, seat: int | None, hand: tuple[Card, ...]) -> Knowledge:
    """What ``seat`` knows of where the cards of the hand in ``log`` are (internal).

    ``hand`` is the seat's current hand (empty for a spectator).
    """
    table = log.table(rules)
    known: set[Card] = set(hand)
    held: list[list[Card]] = [[], [], [], []]
    for s in range(4):
        known.update(log.dead_discards.get(s, ()))
        known.update(log.sheds[s])
        known.update(log.plays[s])
        for card in log.takes[s]:
            known.add(card)
            if s != seat and card not in log.plays[s] and not _given_up(log, s, card):
                held[s].append(card)
    for step in log.looks:
        if isinstance(step, GiveUpSeen):
            if step.given is not None:
                known.add(step.given)
            if step.taken is not None:
                known.add(step.taken)
        elif step.card is not None:
            known.add(step.card)
    if log.pending is not None and log.pending.card is not None:
        known.add(log.pending.card)
    for refill in log.refills:
        known.update(refill.cards)
    if log.claim is not None and seat is not None and seat & 1 == log.claim.team:
        # The claimed point cards this seat does not hold are in its partner's hand.
        partner = seat ^ 2
        partner_cards = [c for c in log.claim.cards if c not in hand and c not in held[partner]]
        held[partner].extend(partner_cards)
        known.update(partner_cards)
    # Seats' hand sizes, from public counts.
    sizes = _hand_sizes(log)
    places: list[PlaceInfo] = []
    for s in range(4):
        if s == seat:
            continue
        count = sizes[s] - len(held[s])
        if table is None:
            places.append(PlaceInfo(Place.hand(s), count, trumps=True, dead=True))
            continue
        trump_free = s in log.out or (log.scored and log.claim is None)
        if log.claim is not None and s & 1 != log.claim.team:
            trump_free = True
        gives_down = sum(
            1 for g in log.looks if isinstance(g, GiveUpSeen) and g.seat == s and g.given is None
        )
        takes = sum(1 for g in log.looks if isinstance(g, GiveUpSeen) and g.seat == s)
        received = sum(r.count for r in log.refills if r.seat == s)
        cap = received + (takes if rules.look_take is LookTake.ANY_CARD else 0) - gives_down
        places.append(PlaceInfo(Place.hand(s), count, trumps=not trump_free, dead=True, max_dead=cap))
    stock_left = 18 - sum(r.count for r in log.refills) - len(log.looks) - (1 if log.pending else 0)
    stock_left -= log.unseen_discarded
    if stock_left:
        places.append(PlaceInfo(Place.STOCK, stock_left, trumps=True, dead=True))
    if log.pending is not None and log.pending.card is None:
        places.append(PlaceInfo(Place.TURNED, 1, trumps=True, dead=_dead_takeable(rules), takeable_only=True))
    hidden_dead = sum(
        1
        for step in log.looks
        if (isinstance(step, GiveUpSeen) and step.given is None)
        or (isinstance(step, RejectSeen) and step.card is None)
    )
    if hidden_dead:
        places.append(PlaceInfo(Place.DEAD, hidden_dead, trumps=False, dead=True))
    if log.unseen_discarded:
        places.append(PlaceInfo(Place.DEAD, log.unseen_discarded, trumps=True, dead=True))
    return Knowledge(frozenset(known), tuple(tuple(h) for h in held), tuple(places))


def _dead_takeable(rules: Rules) -> bool:
    return rules.look_take is LookTake.ANY_CARD


def _given_up(log: HandLog, seat: int, card: Card) -> bool:
    return any(isinstance(g, GiveUpSeen) and g.seat == seat and g.given == card for g in log.looks)


def _hand_sizes(log: HandLog) -> list[int]:
    sizes = [9, 9, 9, 9]
    if log.trump is None:
        return sizes
    for s in range(4):
        sizes[s] += -len(log.dead_discards.get(s, ())) - len(log.sheds[s]) + len(log.takes[s])
        sizes[s] += sum(r.count for r in log.refills if r.seat == s) - len(log.plays[s])
    return sizes


# --- the view ----------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class SeatView:
    """Everything one seat may know of a game (R-INFO-1, R-INFO-2), and nothing more.

    Made by :func:`view` (a seat) or :func:`spectator_view` (``seat`` is ``None``). Two views
    are equal when everything in them is equal.
    """

    #: The viewing seat, or ``None`` for a spectator.
    seat: int | None
    #: The rules of the game.
    rules: Rules
    #: Where the game stands.
    phase: Phase
    #: The seat to act, or ``None`` (chance or game over).
    to_act: int | None
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
    #: The results of the hands scored so far.
    results: tuple[HandResult, ...]
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
    #: The game's history as the viewing seat saw it.
    history: tuple[SeenEntry, ...]
    #: The cards whose place the viewing seat does not know.
    unseen: tuple[Card, ...]
    #: Where those cards may be: each place, how many it holds, and of what kind.
    places: tuple[PlaceInfo, ...] = attrs.field(repr=False)

    def possible_places(self, card: Card) -> tuple[Place, ...]:
        """The places where ``card`` may be, by what the seat knows (empty for a seen card).

        A card that is a trump cannot be in the hand of a seat known to be out, nor among
        the face-down cards given up or rejected in the look-through (they are not trumps).
        """
        if not isinstance(card, Card):
            raise TypeError(f"possible_places() takes a Card, not {card!r}")
        if card not in self.unseen:
            return ()
        is_trump = self.trump is not None and bool(table_for(self.trump, self.rules).mask >> card.index & 1)
        found: list[Place] = []
        for info in self.places:
            dead_ok = info.dead and (info.max_dead is None or info.max_dead > 0)
            if info.count and (info.trumps if is_trump else dead_ok) and info.place not in found:
                if (
                    info.takeable_only
                    and self.trump is not None
                    and not may_take(table_for(self.trump, self.rules), card.index)
                ):
                    continue
                found.append(info.place)
        return tuple(found)

    def to_dict(self) -> dict[str, object]:
        """The view as plain JSON data: what a server sends to this seat's client."""
        return {
            "format": "pitch13.view",
            "version": 1,
            **{a.name: _plain(getattr(self, a.name)) for a in attrs.fields(SeatView)},
        }

    def to_json(self) -> str:
        """The view as a JSON document (:meth:`to_dict`, compact, keys in a fixed order)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> SeatView:
        """Read back a view written by :meth:`to_dict`, checking it first.

        Every value is read by its declared type: an object's ``"type"`` must name one of the
        classes allowed at that place (an action or event in the history, an action in
        ``legal_actions``, and so on), with exactly its fields, each of the right kind and within
        its range; lists are bounded (a history of at most 100,000 steps, card lists of at most
        54 different cards). Nothing is built before its parts are checked.

        The view is then checked for consistency:

        * ``to_act`` is a seat exactly when a seat is to act (not in the ``deal`` and
          ``game_over`` phases), and ``outcome`` is given exactly in the ``game_over`` phase;
        * ``scores`` are those of the last scored hand (0 to 0 before any) and of the outcome,
          and lie between ``-points_total * hand_number`` and ``target + points_total``;
        * no card is in two places among ``hand``, ``middle``, ``dead_face_up``, ``dead_known``,
          ``trick``, ``tricks``, ``unseen`` and ``turned_card``;
        * ``takeable`` is part of ``middle``;
        * a seat's ``hand`` holds ``hand_sizes[seat]`` cards; a spectator's view has no hand,
          no ``dead_known`` and no ``turned_card``; a ``turned_card`` needs ``card_turned_up``
          and the viewing seat to act; ``legal_actions`` is empty unless the viewing seat is
          to act;
        * the ``places`` hold as many cards as are ``unseen``;
        * the cards add up: ``sum(hand_sizes) + len(middle) + len(dead_face_up) +
          dead_face_down + stock_size + card_turned_up + len(trick)`` plus the cards of the
          finished tricks is 54, or 0 in the ``deal`` phase (nothing is dealt then).

        The history is not replayed, and the derived fields (``places``, ``legal_actions``,
        ``unseen``) are otherwise taken as the server sent them.

        Raises:
            DocumentError: if ``data`` is not a version-1 ``pitch13.view`` document or fails a
                check above; ``where`` is the JSON path of the fault, such as
                ``$.history[12].item.cards[3]``.
        """
        fields = obj(check_header(data, _VIEW_FORMAT, 1), "$", ("format", "version", *_VIEW_FIELDS))
        values = {name: read(fields[name], f"$.{name}") for name, read in _field_readers(SeatView)}
        seat_view = cast(SeatView, _build_object(SeatView, values, "$"))
        _check_view(seat_view)
        return seat_view

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
        >>> SeatView.from_json('{"format": "pitch13.view", "version": 2}')
        Traceback (most recent call last):
        ...
        pitch13.errors.DocumentError: $.version: pitch13.view version 2 is newer than this pitch13 reads (1); upgrade pitch13

        Raises:
            TypeError: if ``text`` is not a str or bytes.
            DocumentError: if it is not JSON within those limits, or not a view that
                :meth:`from_dict` accepts.
        """
        return cls.from_dict(load_json(text, max_size=max_size, what="view"))


def _plain(value: object) -> object:
    if isinstance(value, Rules):
        return rules_to_dict(value)  # as in every pitch13 document
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, enum.Enum):
        return value.value
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_plain(v) for v in value)  # type: ignore[type-var]
    kind = type(value)
    if attrs.has(kind):
        fields = {a.name: _plain(getattr(value, a.name)) for a in attrs.fields(kind)}
        return {"type": kind.__name__, **fields}
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")  # pragma: no cover


def view(state: GameState, seat: int) -> SeatView:
    """What ``seat`` may know of ``state`` (R-INFO-1 and R-INFO-2).

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"view() takes a GameState, not {type(state).__name__}")
    return _build(state, check_seat(seat))


def spectator_view(state: GameState) -> SeatView:
    """What everyone may know of ``state``: public information only (R-INFO-1)."""
    if not isinstance(state, GameState):
        raise TypeError(f"spectator_view() takes a GameState, not {type(state).__name__}")
    return _build(state, None)


def _last_deal(history: tuple[SeenEntry, ...]) -> int:
    for i in range(len(history) - 1, -1, -1):
        if isinstance(history[i].item, DealSeen):
            return i
    return 0


def _build(state: GameState, seat: int | None) -> SeatView:
    rules = state.rules
    history = _cached_seen_history(state, seat)
    hand = () if seat is None or state.phase is Phase.DEAL else state.hand(seat)
    logs = hand_logs(history[_last_deal(history) :]) if state.phase is not Phase.DEAL else []
    mine_turned = state.turned_card if seat is not None and state.to_act == seat else None
    dead_known: tuple[Card, ...] = ()
    if logs:
        log = logs[-1]
        knowledge = infer(log, rules, seat, hand)
        dead_known = tuple(
            sorted(
                c
                for step in log.looks
                if step.seat == seat
                for c in ((step.given,) if isinstance(step, GiveUpSeen) else (step.card,))
                if c is not None and c not in state.dead_face_up
            )
        )
        public = set(state.middle) | set(state.dead_face_up) | {c for _, c in state.trick}
        public.update(c for t in state.tricks for c in t.cards)
        known = knowledge.known | public
        unseen = tuple(c for c in DECK if c not in known)
        places = knowledge.places
    else:
        unseen, places = (), ()
    face_down = len(state.dead) - len(state.dead_face_up)
    return SeatView(
        seat=seat,
        rules=rules,
        phase=state.phase,
        to_act=state.to_act,
        hand_number=state.hand_number,
        dealer=state.dealer,
        first_dealer=state.first_dealer,
        scores=state.scores,
        outcome=state.outcome,
        results=state.results,
        bids=state.bids,
        high_bid=state.high_bid,
        bidder=state.bidder,
        bid=state.bid,
        trump=state.trump,
        hand=hand,
        hand_sizes=tuple(len(h) for h in state.hands),
        middle=state.middle,
        takeable=state.takeable,
        dead_face_up=state.dead_face_up,
        dead_face_down=face_down,
        dead_known=dead_known,
        stock_size=len(state.stock),
        card_turned_up=state.turned_card is not None,
        turned_card=mine_turned,
        trick=state.trick,
        tricks=state.tricks,
        out=state.out,
        points_taken=state.points_taken,
        legal_actions=legal_actions(state) if seat is not None and state.to_act == seat else (),
        history=history,
        unseen=unseen,
        places=places,
    )


# --- reading a view back -----------------------------------------------------------------------

_VIEW_FORMAT: Final = "pitch13.view"
_VIEW_FIELDS: Final = tuple(a.name for a in attrs.fields(SeatView))

#: The classes a view document may name in a ``"type"`` field, by name. Which of them are
#: allowed at a given place follows from the declared type there (``SeenItem`` in the history,
#: ``SeatAction`` in ``legal_actions``, ...). :class:`~pitch13.Rules` is read on its own.
_VIEW_TYPES: Final[dict[str, type]] = {
    cls.__name__: cls
    for cls in (
        *get_args(SeatAction),
        *_PUBLIC_ITEMS,
        DealSeen,
        RefillSeen,
        TurnUpSeen,
        GiveUpSeen,
        RejectSeen,
        SeenEntry,
        Trick,
        PointCard,
        HandResult,
        Outcome,
        PlaceInfo,
    )
}

#: The longest history (and list of results) a view may hold.
_MAX_STEPS: Final = 100_000
#: The highest hand number a view may have.
_MAX_HANDS: Final = 100_000
#: Scores read anywhere in a view lie within this bound; the view's own scores are then held
#: to the game's target.
_MAX_SCORE: Final = 2 * 10**9

_SEAT: Final = (0, 3)
_TEAM: Final = (0, 1)
_POINTS: Final = (0, 13)
_CARD_COUNT: Final = (0, 54)

#: The range of each whole number, by field name.
_INT_RANGES: Final[dict[str, tuple[int, int]]] = {
    "seat": _SEAT,
    "to_act": _SEAT,
    "dealer": _SEAT,
    "first_dealer": _SEAT,
    "bidder": _SEAT,
    "team": _TEAM,
    "hand_number": (1, _MAX_HANDS),
    "number": (1, 54),
    "count": _CARD_COUNT,
    "amount": (1, 13),
    "bid": (1, 13),
    "high_bid": (1, 13),
    "bids": (0, 13),
    "points": _POINTS,
    "points_taken": _POINTS,
    "unplayed_points": _POINTS,
    "score_change": (-13, 13),
    "scores": (-_MAX_SCORE, _MAX_SCORE),
    "hand_sizes": _CARD_COUNT,
    "dead_face_down": _CARD_COUNT,
    "stock_size": _CARD_COUNT,
    "max_dead": (-54, 54),
    "plays": _SEAT,
    "trick": _SEAT,
    "out": _SEAT,
}
#: Ranges that differ from the field name's in one class.
_CLASS_INT_RANGES: Final[dict[tuple[type, str], tuple[int, int]]] = {
    (Outcome, "winner"): _TEAM,
    (Trick, "winner"): _SEAT,
    (PointCard, "points"): (1, 3),
}
#: The lengths a list may have, by field name (other lists of objects: up to ``_MAX_STEPS``).
_LENGTHS: Final[dict[str, tuple[int, int]]] = {
    "bids": (4, 4),
    "hand_sizes": (4, 4),
    "trick": (0, 4),
    "plays": (1, 4),
    "tricks": (0, 54),
    "out": (0, 4),
    "point_cards": (0, 17),
    "places": (0, 16),
    "legal_actions": (0, 300),
}
_LABELS: Final = ("ace", "jack", "Jick", "joker", "ten", "three", "off-three", "deuce")

#: Fields whose whole numbers had no range of their own (filled while readers are made; a test
#: keeps it empty).
_UNRANGED: Final[list[tuple[str, str]]] = []

_Reader = Callable[[object, str], object]


@functools.cache
def _field_readers(cls: type) -> tuple[tuple[str, _Reader], ...]:
    """A reader for each field of the attrs class ``cls``, from its declared types."""
    hints = get_type_hints(cls)
    return tuple((a.name, _reader(hints[a.name], cls, a.name)) for a in attrs.fields(cls))


def _reader(hint: Any, owner: type, name: str) -> _Reader:
    """The reader of a value of type ``hint``, the field ``name`` of ``owner`` (or inside it)."""
    if hint is bool:
        return boolean
    if hint is int:
        bounds = _CLASS_INT_RANGES.get((owner, name)) or _INT_RANGES.get(name)
        if bounds is None:  # pragma: no cover - a test keeps every field ranged
            _UNRANGED.append((owner.__name__, name))
            bounds = (-_MAX_SCORE, _MAX_SCORE)
        low, high = bounds
        return lambda value, where: integer(value, where, low, high)
    if hint is str:
        return _read_label
    if hint is Card:
        return read_card
    if hint is Suit:
        return read_suit
    if hint is Rules:
        return rules_from_dict
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        enum_type = hint
        return lambda value, where: choice(value, where, enum_type)
    if isinstance(hint, type) and attrs.has(hint):
        return _object_reader((hint,))
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union or origin is types.UnionType:
        members = tuple(a for a in args if a is not type(None))
        inner = _object_reader(members) if len(members) > 1 else _reader(members[0], owner, name)
        if len(members) == len(args):  # pragma: no cover - every union in a view is optional or of objects
            return inner
        return lambda value, where: None if value is None else inner(value, where)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is Card:
            return read_cards
        item = _reader(args[0], owner, name)
        low, high = _LENGTHS.get(name, (0, _MAX_STEPS))
        return lambda value, where: _read_list(value, where, item, low, high)
    if origin is tuple:
        readers = tuple(_reader(a, owner, name) for a in args)
        return lambda value, where: _read_list(value, where, readers, len(readers), len(readers))
    if origin is frozenset:
        item = _reader(args[0], owner, name)
        low, high = _LENGTHS.get(name, (0, _MAX_STEPS))
        return lambda value, where: frozenset(_read_list(value, where, item, low, high, distinct=True))
    raise TypeError(f"no reader for {hint!r} in {owner.__name__}.{name}")  # pragma: no cover


def _read_list(
    value: object,
    where: str,
    read: _Reader | tuple[_Reader, ...],
    low: int,
    high: int,
    *,
    distinct: bool = False,
) -> tuple[object, ...]:
    """A list of ``low`` to ``high`` items, each read by ``read`` (or by the reader at its place)."""
    got = array(value, where, high)
    if len(got) < low:
        fail(where, f"expected {low if low == high else f'at least {low}'} items, found {len(got)}")
    out = tuple(
        (read[i] if isinstance(read, tuple) else read)(item, f"{where}[{i}]") for i, item in enumerate(got)
    )
    if distinct:
        for i, item in enumerate(out):
            if item in out[:i]:
                fail(f"{where}[{i}]", f"{item!r} is listed twice")
    return out


def _object_reader(allowed: tuple[type, ...]) -> _Reader:
    for cls in allowed:
        assert _VIEW_TYPES.get(cls.__name__) is cls, cls  # every class read is registered
    return lambda value, where: _read_object(value, where, allowed)


def _read_object(value: object, where: str, allowed: tuple[type, ...]) -> object:
    """An object whose ``"type"`` names one of the ``allowed`` classes, read field by field."""
    if not isinstance(value, dict):
        fail(where, f"expected an object, found {kind(value)}")
    if "type" not in value:
        fail(where, "missing field 'type'")
    name = string(value["type"], f"{where}.type", 40)
    cls = next((c for c in allowed if c.__name__ == name), None)
    if cls is None:
        expected = ", ".join(c.__name__ for c in allowed)
        if name in _VIEW_TYPES:
            fail(f"{where}.type", f"a {name} is not allowed here (expected {expected})")
        fail(f"{where}.type", f"unknown type {name!r} (expected {expected})")
    readers = _field_readers(cls)
    data = obj(value, where, ("type", *(field for field, _ in readers)))
    values = {field: read(data[field], f"{where}.{field}") for field, read in readers}
    return _build_object(cls, values, where)


def _build_object(cls: type, values: dict[str, object], where: str) -> object:
    """``cls(**values)``, with a refusal of the class's own checks as a :class:`DocumentError`."""
    try:
        return cls(**values)
    except (ValueError, TypeError) as error:
        raise DocumentError(where, f"not a valid {cls.__name__}: {error}") from error


def _read_label(value: object, where: str) -> str:
    text = string(value, where, 20)
    if text not in _LABELS:
        fail(where, f"expected one of {', '.join(repr(label) for label in _LABELS)}, found {text!r}")
    return text


def _check_view(v: SeatView) -> None:
    """Refuse a view whose fields contradict each other (see :meth:`SeatView.from_dict`)."""
    seat_to_act = v.phase not in (Phase.DEAL, Phase.GAME_OVER)
    if (v.to_act is not None) != seat_to_act:
        fail(
            "$.to_act",
            f"in the {v.phase.value} phase "
            + ("a seat is to act" if seat_to_act else f"no seat is to act, not seat {v.to_act}"),
        )
    if (v.outcome is not None) != (v.phase is Phase.GAME_OVER):
        fail("$.outcome", "a game has an outcome exactly when it is over")
    last = v.results[-1].scores if v.results else (0, 0)
    if v.scores != last:
        fail("$.scores", f"the scores are {list(v.scores)}, but the hands scored leave them at {list(last)}")
    total = v.rules.points_total
    low, high = -total * v.hand_number, v.rules.target + total
    for team, score in enumerate(v.scores):
        if not low <= score <= high:
            fail(
                f"$.scores[{team}]",
                f"a score after hand {v.hand_number} is from {low} to {high}, not {score}",
            )
    if v.outcome is not None and v.outcome.scores != v.scores:
        fail("$.outcome.scores", f"the final scores are {list(v.scores)}, not {list(v.outcome.scores)}")
    if v.results and v.results[-1].hand_number > v.hand_number:
        fail(f"$.results[{len(v.results) - 1}].hand_number", f"hand {v.hand_number} is the current hand")

    placed: dict[Card, str] = {}
    for path, c in _placed_cards(v):
        if c in placed:
            first = placed[c]
            fail(path, f"{c} is in two places: {_field_of(first)} ({first}) and {_field_of(path)}")
        placed[c] = path
    middle = set(v.middle)
    for i, c in enumerate(v.takeable):
        if c not in middle:
            fail(f"$.takeable[{i}]", f"{c} is takeable but not in the middle")

    if v.seat is None:
        for name in ("hand", "dead_known", "turned_card"):
            if getattr(v, name):
                fail(f"$.{name}", f"a spectator's view has no {name}")
    elif len(v.hand) != v.hand_sizes[v.seat]:
        fail("$.hand", f"seat {v.seat} holds {v.hand_sizes[v.seat]} cards (hand_sizes), not {len(v.hand)}")
    if v.turned_card is not None and not (v.card_turned_up and v.to_act == v.seat):
        fail(
            "$.turned_card",
            "the turned-up card is shown only to the seat that turned it up, while it decides",
        )
    if v.legal_actions and (v.seat is None or v.to_act != v.seat):
        fail("$.legal_actions", "only the seat to act has legal actions")

    held = sum(info.count for info in v.places)
    if held != len(v.unseen):
        fail("$.places", f"the places hold {held} unseen cards, but {len(v.unseen)} are unseen")

    counts = {
        "hand_sizes": sum(v.hand_sizes),
        "middle": len(v.middle),
        "dead_face_up": len(v.dead_face_up),
        "dead_face_down": v.dead_face_down,
        "stock_size": v.stock_size,
        "card_turned_up": int(v.card_turned_up),
        "trick": len(v.trick),
        "tricks": sum(len(t.plays) for t in v.tricks),
    }
    expected = 0 if v.phase is Phase.DEAL else len(DECK)
    if sum(counts.values()) != expected:
        parts = " + ".join(f"{n} ({name})" for name, n in counts.items())
        when = "before the deal" if expected == 0 else "in play"
        fail("$", f"the cards {when} add up to {expected}, not {parts} = {sum(counts.values())}")


def _placed_cards(v: SeatView) -> Iterator[tuple[str, Card]]:
    """Every card the view places, with its path."""
    for name in ("hand", "middle", "dead_face_up", "dead_known"):
        for i, c in enumerate(getattr(v, name)):
            yield f"$.{name}[{i}]", c
    for i, (_, c) in enumerate(v.trick):
        yield f"$.trick[{i}][1]", c
    for t, trick in enumerate(v.tricks):
        for i, (_, c) in enumerate(trick.plays):
            yield f"$.tricks[{t}].plays[{i}][1]", c
    for i, c in enumerate(v.unseen):
        yield f"$.unseen[{i}]", c
    if v.turned_card is not None:
        yield "$.turned_card", v.turned_card


def _field_of(path: str) -> str:
    """The view field a path such as ``$.tricks[2].plays[1][1]`` is in."""
    return path[2:].split("[", 1)[0].split(".", 1)[0]
