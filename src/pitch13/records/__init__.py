"""Game records and state documents: save a game, send it, replay it.

A :class:`GameRecord` is everything needed to play a game again: the rules, the first dealer,
the seed (if the game was dealt from one), where a game started partway began, each hand's deck
and every seat's action. It is written and read as JSON (:meth:`GameRecord.to_json`,
:meth:`GameRecord.from_json`) and as a text a person can read and write
(:meth:`GameRecord.to_text`, :meth:`GameRecord.from_text`); :func:`replay` rebuilds every state
of the game from it.

A state document (:func:`state_to_json`, :func:`state_from_json`) is a record plus a
``position``: where the cards and scores stand at its end, written out for readers that do
not replay. Loading one replays the record and checks the position against it.

Every loader validates the whole document before it returns anything and refuses what is
wrong with a :class:`~pitch13.DocumentError` that says what and where. The formats are
described field by field in the docs' "Saving, sending and replaying games".

>>> from pitch13.bots import SimpleBot, play_game
>>> game = play_game([SimpleBot()] * 4, seed=3)
>>> record = GameRecord.from_state(game)
>>> GameRecord.from_text(record.to_text()) == record
True
>>> replay(record)[-1] == game
True
>>> state_from_json(state_to_json(game)) == game
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence, Sized
from typing import Final, cast

import attrs

from pitch13._base.checks import MAX_HANDS, at_most, check_seed, excerpt, in_order, writable
from pitch13._base.seeds import commitment_fault
from pitch13._core import history as _history
from pitch13._core.action_sets import ACTION_TYPES
from pitch13._core.logs import hand_logs
from pitch13.actions import ActionParseError, Bid, Deal, SeatAction, seed_commitment, shuffled_deck
from pitch13.cards import DECK, Card
from pitch13.documents import DocumentError
from pitch13.engine import MAX_HAND_NUMBER, MAX_SEED, new_game
from pitch13.engine._partway import MIN_SCORE, check_start
from pitch13.errors import FairnessError
from pitch13.events import HandDealt
from pitch13.records._json import (
    MAX_SIZE,
    array,
    check_header,
    check_max_size,
    choice,
    fail,
    integer,
    load_json,
    obj,
    optional_card,
    optional_integer,
    read_card,
    read_cards,
    read_suit,
    rules_from_dict,
    rules_to_dict,
    seat,
    string,
)
from pitch13.records._json import RECORD_FORMAT as _RECORD_FORMAT
from pitch13.records._json import STATE_FORMAT as _STATE_FORMAT
from pitch13.records._replay import Locate as _Locate
from pitch13.records._replay import json_where, replaying, written
from pitch13.records._text import (
    MAX_ACTIONS,
    SCORE_LIMIT,
    check_start_scores,
    format_text,
    parse_seat_action,
    parse_text,
    partway,
)
from pitch13.records._text import (
    VERSION as _VERSION,
)
from pitch13.rules import Rules
from pitch13.state import GameState, Phase

__all__ = [
    "GameRecord",
    "HandRecord",
    "replay",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]

#: How much of a seed's commitment a message shows.
_COMMITMENT_SHOWN: Final = 16


def _seat_action_pairs(value: Iterable[tuple[int, SeatAction]]) -> tuple[tuple[int, SeatAction], ...]:
    if not in_order(value):  # a set or a mapping has no order
        raise TypeError(f"actions are a sequence of (seat, action) pairs, not {type(value).__name__}")
    out: list[tuple[int, SeatAction]] = []
    for i, pair in enumerate(cast("Iterable[object]", value)):
        if i == MAX_ACTIONS:  # no hand has so many: an endless iterable stops here
            raise ValueError(
                f"a hand holds at most {MAX_ACTIONS:,} actions, the most a record's readers take"
            )
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"action {i} is not a (seat, action) pair: {excerpt(pair)}")
        who, action = pair
        if not isinstance(who, int) or isinstance(who, bool):
            raise TypeError(f"action {i}'s seat is an int from 0 to 3, not {excerpt(who)}")
        who = int.__int__(who)  # its value: a subclass's own str() would go into the record
        if not 0 <= who <= 3:
            raise ValueError(f"action {i} has no seat from 0 to 3: {excerpt(who)}")
        if not isinstance(action, ACTION_TYPES) or isinstance(action, Deal):
            raise TypeError(f"action {i} is not a seat's action: {excerpt(action)}")
        out.append((who, action))
    return tuple(out)


def _deck(value: Iterable[Card]) -> tuple[Card, ...]:
    return Deal(value).order


@attrs.frozen(slots=True)
class HandRecord:
    """One hand of a :class:`GameRecord`: its deck and the seats' actions, in order.

    Raises:
        TypeError: if ``deck`` is not a sequence of cards or ``actions`` not of
            ``(seat, action)`` pairs of seat actions (a :class:`~pitch13.Deal` is not one).
        ValueError: if ``deck`` is not the 54 cards, a seat is not from 0 to 3, or there are
            more than 1,000 actions (no hand has so many; a record's readers take no more).
    """

    #: The deck the hand was dealt from, top card first (R-DEAL-1).
    deck: tuple[Card, ...] = attrs.field(converter=_deck)
    #: ``(seat, action)`` for every action of the hand, in order.
    actions: tuple[tuple[int, SeatAction], ...] = attrs.field(converter=_seat_action_pairs)


def _hands(value: Iterable[HandRecord]) -> tuple[HandRecord, ...]:
    if not in_order(value):
        raise TypeError(f"hands must be a sequence of HandRecords, not {type(value).__name__}")
    hands, more = at_most(value, MAX_HANDS)  # an endless iterable stops
    if more:
        given = f"{len(value):,}" if isinstance(value, Sized) else "more"
        raise ValueError(
            f"a record holds at most {MAX_HANDS:,} hands, the most its readers take, not {given}"
        )
    return hands


def _score_tuple(value: tuple[int, int] | list[int]) -> tuple[int, int]:
    """A list of scores as a tuple, so that records compare equal; anything else is checked later."""
    return cast("tuple[int, int]", tuple(value) if isinstance(value, list) else value)


@attrs.frozen(slots=True)
class GameRecord:
    """A whole game as data: enough to replay it exactly, and nothing that replay computes.

    Make one from a state with :meth:`from_state`, or load one with :meth:`from_json`,
    :meth:`from_dict` or :meth:`from_text`; a loaded record has been replayed and is known to
    be legal. A record made with the constructor is only checked for its types: :func:`replay`
    finds out whether its actions are legal.

    With a ``seed``, every deck is :func:`~pitch13.shuffled_deck` ``(seed, hand_number)`` and
    the record lists every hand the seed dealt, the last one perhaps with no actions yet.

    A game started partway (:func:`~pitch13.new_game` with ``scores`` or ``hand_number``) is
    recorded from there: its first hand is ``start_hand``, played from ``start_scores``.

    A record holds at most 10,000 hands, the most its readers take, so that every record made
    can be written and read back; past about 1,600 hands (a hand is about 600 characters) its
    JSON or text is longer than the readers' default ``max_size``, and needs a larger one.

    Raises:
        TypeError: if a field has the wrong type.
        ValueError: if ``first_dealer`` is not from 0 to 3, ``seed`` is outside
            ``±(2**128 - 1)`` (as for :func:`~pitch13.new_game`), ``start_hand`` and
            ``start_scores`` are not a start :func:`~pitch13.new_game` takes (R-END-1), or
            there are more than 10,000 hands.
    """

    #: The rules of the game.
    rules: Rules
    #: The dealer of hand 1 (in a game started at a later hand, the seat that dealt it, R-DEAL-2).
    first_dealer: int
    #: The seed that dealt every hand, or ``None`` when the decks came from elsewhere.
    seed: int | None
    #: The hands, from the first; thrown-in hands too.
    hands: tuple[HandRecord, ...] = attrs.field(converter=_hands)
    #: The number of the first hand: 1, unless the game was started partway.
    start_hand: int = attrs.field(default=1, kw_only=True)
    #: The scores before the first hand: ``(0, 0)``, unless the game was started partway.
    start_scores: tuple[int, int] = attrs.field(default=(0, 0), kw_only=True, converter=_score_tuple)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(self.rules).__name__}")
        dealer = self.first_dealer
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise TypeError(f"first_dealer must be an int, not {excerpt(dealer)}")
        dealer = int.__int__(dealer)  # its value, kept: a subclass's own str() would be written
        if not 0 <= dealer <= 3:
            raise ValueError(f"first_dealer must be from 0 to 3, not {excerpt(dealer)}")
        object.__setattr__(self, "first_dealer", dealer)
        if self.seed is not None:
            object.__setattr__(self, "seed", check_seed(self.seed, "an int or None"))
        if not all(isinstance(h, HandRecord) for h in self.hands):
            raise TypeError("hands must be HandRecords")
        scores, hand = check_start(
            self.rules, self.start_scores, self.start_hand, ("start_scores", "start_hand")
        )
        object.__setattr__(self, "start_scores", scores)
        object.__setattr__(self, "start_hand", hand)

    @classmethod
    def from_state(cls, state: GameState) -> GameRecord:
        """The record of the game that led to ``state``.

        Raises:
            TypeError: if ``state`` is not a :class:`~pitch13.GameState`.
            ValueError: if ``state`` was sampled from a view (:func:`~pitch13.sample_state`):
                nothing records the hands before the view's; or its game has dealt more than
                10,000 hands since its start, more than a record holds.
        """
        if not isinstance(state, GameState):
            raise TypeError(f"from_state() takes a GameState, not {type(state).__name__}")
        start = _history.start_of(state._past)
        if start is not None and not _new_game_start(state, start):
            raise ValueError(
                "a state sampled from a view (sample_state) has no record: "
                "the hands before the view's are not known"
            )
        hands: list[tuple[tuple[Card, ...], list[tuple[int, SeatAction]]]] = []
        for entry in state.history:
            item = entry.item
            if isinstance(item, HandDealt):
                hands.append((item.deck, []))
            elif entry.seat is not None:
                hands[-1][1].append((entry.seat, cast("SeatAction", item)))
        return cls(
            rules=state.rules,
            first_dealer=state.first_dealer,
            seed=state.seed,
            hands=tuple(HandRecord(deck, tuple(actions)) for deck, actions in hands),
            start_hand=1 if start is None else start.number + 1,
            start_scores=(0, 0) if start is None else start.scores,
        )

    # --- JSON ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """The record as plain JSON data (format ``pitch13.record``, version 1).

        Raises:
            ValueError: if a bid has more than 4,300 digits (only a record made with the
                constructor can hold one; it does not replay).
        """
        return {"format": _RECORD_FORMAT, "version": _VERSION, **_body(self)}

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as a JSON document (:meth:`to_dict`); compact unless ``indent`` is given.

        Raises:
            TypeError: if ``indent`` is not an int or ``None``.
            ValueError: if it is not from 0 to 100, or as :meth:`to_dict` raises.
        """
        return _dumps(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Load a record from plain JSON data, checking all of it and replaying it.

        Raises:
            DocumentError: if ``data`` is not a valid, legal ``pitch13.record`` document.
        """
        document = check_header(data, _RECORD_FORMAT, _VERSION)
        obj(document, "$", ("format", "version", *_BODY_FIELDS), _START_FIELDS)
        record = _read_body(document)
        _replay(record, json_where)
        return record

    @classmethod
    def from_json(cls, text: str | bytes, *, max_size: int = MAX_SIZE) -> GameRecord:
        """Load a record from a JSON document (:meth:`from_dict` after a safe parse).

        Raises:
            TypeError: if ``text`` is not a str or bytes, or ``max_size`` not an int.
            ValueError: if ``max_size`` is negative.
            DocumentError: if the document is too large, not JSON, or not a valid record.
        """
        return cls.from_dict(load_json(text, max_size=max_size, what="record", fmt=_RECORD_FORMAT))

    # --- text -------------------------------------------------------------------------------

    def to_text(self) -> str:
        """The record as text: a header of tags, then each hand's deck and actions.

        The comments (``#`` lines) say how each hand ended; :meth:`from_text` ignores them.

        Raises:
            DocumentError: if the record does not replay (only a record made with the
                constructor can fail so).
        """
        return format_text(self, _replay(self, json_where))

    @classmethod
    def from_text(cls, text: str, *, max_size: int = MAX_SIZE) -> GameRecord:
        """Load a record from its text form, checking all of it and replaying it.

        Lines may end in LF, CR LF or CR, and a leading byte-order mark is
        skipped, so a file saved by an editor on any system loads.

        Raises:
            TypeError: if ``text`` is not a str, or ``max_size`` not an int.
            ValueError: if ``max_size`` is negative.
            DocumentError: if the text is not a valid, legal record; ``where`` is a line and
                column.
        """
        if not isinstance(text, str):
            raise TypeError(f"a record's text is a str, not {type(text).__name__}")
        if len(text) > check_max_size(max_size):
            fail("line 1", f"the record is {len(text)} characters long; the limit is {excerpt(max_size)}")
        parsed = parse_text(text)
        record = cls(
            rules=parsed.rules,
            first_dealer=parsed.first_dealer,
            seed=parsed.seed,
            hands=tuple(HandRecord(deck, actions) for deck, actions in parsed.hands),
            start_hand=parsed.start_hand,
            start_scores=parsed.start_scores,
        )
        _replay(record, parsed.locate)
        return record

    # --- fair deals ---------------------------------------------------------------------------

    def verify_deals(self, commitment: str) -> None:
        """Check that the record's decks were fixed by the seed whose ``commitment`` was shown.

        ``commitment`` is :func:`~pitch13.seed_commitment` of the seed, shown to the seats before
        the first bid, in upper or lower case. The check passes, and returns ``None``, when every
        deck of the record is :func:`~pitch13.shuffled_deck` ``(seed, n)`` for its hand number
        ``n``, with the record's seed, and that seed hashes to ``commitment``. Nobody can find
        another seed with the same hash, so the seed, and every hand the record lists, the later
        ones included, was fixed when the commitment was made: if it was shown before the first
        bid, nothing the players did could change the cards. It raises
        :exc:`~pitch13.FairnessError`, saying why, when it fails.

        The check does not show that the commitment was shown before the first bid (each player
        knows when it was shown to them), nor that the seed was drawn at random and kept secret
        (whoever chose it knew every hand, and could have tried seeds before committing): a seed
        from :func:`~pitch13.new_seed`, kept secret until the game is over, is what an honest
        server uses. That the play is legal is :func:`~pitch13.replay`'s check, which every
        loader makes. The docs' "Fair deals anyone can check" tells how a server and its players
        use it.

        Raises:
            TypeError: if ``commitment`` is not a str (or, called as
                ``GameRecord.verify_deals(record, commitment)``, ``record`` not a GameRecord).
            FairnessError: if ``commitment`` is not 64 hex digits, the record has no seed (its
                decks were dealt with :class:`~pitch13.Deal`, from a shuffle nothing committed
                to), the record's seed is not the one committed to, or a deck of the record is
                not the one its seed deals.
        """
        if not isinstance(self, GameRecord):
            raise TypeError(f"verify_deals() takes a GameRecord, not {type(self).__name__}")
        if not isinstance(commitment, str):
            raise TypeError(f"commitment must be a str, not {excerpt(commitment)}")
        fault = commitment_fault(commitment)
        if fault is not None:
            raise FairnessError(fault)
        seed = self.seed
        if seed is None:
            raise FairnessError(
                "the record has no seed: its decks were dealt with Deal, from a shuffle nothing committed to"
            )
        made, given = seed_commitment(seed), commitment.lower()
        if made != given:
            # The first digits of each, or the whole of both when those are the same.
            cut = _COMMITMENT_SHOWN if made[:_COMMITMENT_SHOWN] != given[:_COMMITMENT_SHOWN] else None
            more = "..." if cut else ""
            raise FairnessError(
                f"the record's seed is not the one committed to: it hashes to "
                f"{made[:cut]}{more}, not {given[:cut]}{more}"
            )
        for h, hand in enumerate(self.hands):
            number = self.start_hand + h
            if hand.deck != shuffled_deck(seed, number):
                raise FairnessError(f"the deck of hand {number} is not the one the record's seed deals")


def _new_game_start(state: GameState, start: _history.Start) -> bool:
    """Whether the partway start of ``state``'s game is one :func:`~pitch13.new_game` makes.

    A sample's start (:func:`~pitch13.sample_state`) may count actions or a result before it, or
    have its first hand dealt without a :class:`~pitch13.Deal` in a game with no seed; no record
    holds that.
    """
    if start.plies or start.last is not None or (start.number == 0 and start.scores == (0, 0)):
        return False
    if state.seed is not None:
        return True
    logs = hand_logs(state)
    next(logs)  # the start's own, empty
    first = next(logs, None)
    return first is None or _history.dealt_by_chance(first[1])


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of the recorded game: the first, then the state after each action.

    For a game dealt by the caller, each hand's :class:`~pitch13.Deal` is an action too.
    The last state is the game as far as it was recorded.

    Raises:
        TypeError: if ``record`` is not a :class:`GameRecord`.
        DocumentError: if an action is illegal where it stands, a hand goes on after it ended
            or stops before it, or a deck is not the seed's; ``where`` is a JSON path such as
            ``$.hands[2].actions[5]``, and an illegal action's
            :class:`~pitch13.IllegalActionError` is the ``__cause__``.
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"replay() takes a GameRecord, not {type(record).__name__}")
    return tuple(_replay(record, json_where))


# --- replay ------------------------------------------------------------------------------------


def _replay(record: GameRecord, where: _Locate) -> list[GameState]:
    return list(replaying(record, where))


# --- JSON form ---------------------------------------------------------------------------------

_BODY_FIELDS: Final = ("rules", "first_dealer", "seed", "hands")
#: The widest indent :meth:`GameRecord.to_json` and :func:`state_to_json` take.
_MOST_INDENT: Final = 100
#: The fields of a game started partway, written only for one (so every other document is as it
#: was before they existed).
_START_FIELDS: Final = ("start_hand", "start_scores")


def _body(record: GameRecord) -> dict[str, object]:
    body: dict[str, object] = {
        "rules": rules_to_dict(record.rules),
        "first_dealer": record.first_dealer,
        "seed": record.seed,
    }
    if partway(record):
        body["start_hand"] = record.start_hand
        body["start_scores"] = list(record.start_scores)
    body["hands"] = [
        {"deck": [str(c) for c in hand.deck], "actions": [[who, _notation(a)] for who, a in hand.actions]}
        for hand in record.hands
    ]
    return body


def _notation(action: SeatAction) -> str:
    """An action's notation in a document; a bid too long to write is refused."""
    if isinstance(action, Bid) and not writable(action.amount):
        raise ValueError(f"a record cannot hold {written(action)}: it has more than 4,300 digits")
    return str(action)


def _dumps(data: dict[str, object], indent: int | None) -> str:
    if indent is not None and (not isinstance(indent, int) or isinstance(indent, bool)):
        raise TypeError(f"indent must be an int or None, not {excerpt(indent)}")
    if indent is not None and not 0 <= indent <= _MOST_INDENT:
        raise ValueError(f"indent must be from 0 to {_MOST_INDENT}, not {excerpt(indent)}")
    if indent is None:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(data, ensure_ascii=False, indent=indent)


def _read_body(document: dict[str, object]) -> GameRecord:
    rules = rules_from_dict(document["rules"], "$.rules")
    first_dealer = seat(document["first_dealer"], "$.first_dealer")
    seed = optional_integer(document["seed"], "$.seed", -MAX_SEED, MAX_SEED)
    first = 1
    if "start_hand" in document:
        first = integer(document["start_hand"], "$.start_hand", 1, MAX_HAND_NUMBER)
    scores = (0, 0)
    if "start_scores" in document:
        scores = _start_scores(document["start_scores"], "$.start_scores", rules)
    hands: list[HandRecord] = []
    for h, raw in enumerate(array(document["hands"], "$.hands", MAX_HANDS)):
        at = f"$.hands[{h}]"
        part = obj(raw, at, ("actions",), ("deck",))
        if "deck" in part:
            deck = _read_deck(part["deck"], f"{at}.deck")
        elif seed is not None:
            deck = shuffled_deck(seed, first + h)
        else:
            fail(at, "missing field 'deck' (only a seeded record may leave it out)")
        actions = [
            _read_action(a, f"{at}.actions[{i}]")
            for i, a in enumerate(array(part["actions"], f"{at}.actions", MAX_ACTIONS))
        ]
        hands.append(HandRecord(deck, tuple(actions)))
    return GameRecord(
        rules=rules,
        first_dealer=first_dealer,
        seed=seed,
        hands=tuple(hands),
        start_hand=first,
        start_scores=scores,
    )


def _start_scores(value: object, where: str, rules: Rules) -> tuple[int, int]:
    """The scores a game started at: two whole numbers, neither of which has won (R-END-1)."""
    low, high = _pair(value, where, MIN_SCORE, SCORE_LIMIT)
    check_start_scores((low, high), rules, lambda team: f"{where}[{team}]")
    return low, high


def _read_deck(value: object, where: str) -> tuple[Card, ...]:
    deck = read_cards(value, where)
    if len(deck) != len(DECK):
        fail(where, f"a deck is all 54 cards, not {len(deck)}")
    return deck


def _read_action(value: object, where: str) -> tuple[int, SeatAction]:
    pair = array(value, where, 2)
    if len(pair) != 2:
        fail(where, "an action is a [seat, action] pair")
    return seat(pair[0], f"{where}[0]"), _seat_action(pair[1], f"{where}[1]")


def _seat_action(value: object, where: str) -> SeatAction:
    try:
        return parse_seat_action(string(value, where, 400))
    except ActionParseError as error:
        raise DocumentError(where, str(error)) from None


# --- state documents ---------------------------------------------------------------------------

_SET_FIELDS: Final = ("middle", "takeable", "dead", "dead_face_up")


def _position(state: GameState) -> dict[str, object]:
    return {
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "scores": list(state.scores),
        "winner": state.winner,
        "bids": list(state.bids),
        "bidder": state.bidder,
        "bid": state.bid,
        "trump": None if state.trump is None else state.trump.letter,
        "hands": [[str(c) for c in hand] for hand in state.hands],
        "middle": [str(c) for c in state.middle],
        "takeable": [str(c) for c in state.takeable],
        "dead": [str(c) for c in state.dead],
        "dead_face_up": [str(c) for c in state.dead_face_up],
        "stock": [str(c) for c in state.stock],
        "turned_card": None if state.turned_card is None else str(state.turned_card),
        "trick": [[who, str(c)] for who, c in state.trick],
        "tricks": [[[who, str(c)] for who, c in t.plays] for t in state.tricks],
        "out": sorted(state.out),
        "points_taken": list(state.points_taken),
    }


_POSITION_FIELDS: Final = tuple(_position(new_game(Rules())))


def state_to_dict(state: GameState) -> dict[str, object]:
    """``state`` as plain JSON data (format ``pitch13.state``, version 1).

    The document is the game's record (as in :meth:`GameRecord.to_dict`) and a ``position``:
    the hand, phase, seat to act, scores, auction, trump and where every card is.

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState`.
        ValueError: if ``state`` was sampled from a view, or its game has dealt more than 10,000
            hands, as :meth:`GameRecord.from_state` says.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state_to_dict() takes a GameState, not {type(state).__name__}")
    record = GameRecord.from_state(state)
    return {"format": _STATE_FORMAT, "version": _VERSION, **_body(record), "position": _position(state)}


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """``state`` as a JSON document (:func:`state_to_dict`); compact unless ``indent`` is given.

    >>> from pitch13 import new_game
    >>> state_to_json(new_game(seed=1))[:45]
    '{"format":"pitch13.state","version":1,"rules"'

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState`, or ``indent`` not an
            int or ``None``.
        ValueError: if ``indent`` is not from 0 to 100, or :func:`state_to_dict` refuses
            ``state``.
    """
    return _dumps(state_to_dict(state), indent)


def state_from_dict(data: object) -> GameState:
    """Load a state from plain JSON data: check it, replay its record, and check the position.

    ``state_from_dict(state_to_dict(s)) == s`` for every state ``s`` that :func:`state_to_dict`
    writes.

    Raises:
        DocumentError: if ``data`` is not a valid ``pitch13.state`` document, its record does
            not replay, or its position is not where the record leads.
    """
    document = check_header(data, _STATE_FORMAT, _VERSION)
    obj(document, "$", ("format", "version", *_BODY_FIELDS, "position"), _START_FIELDS)
    position = _read_position(document["position"], "$.position")
    record = _read_body(document)
    state = _replay(record, json_where)[-1]
    actual = _position(state)
    for name in _POSITION_FIELDS:
        if position[name] != actual[name]:
            fail(f"$.position.{name}", _unequal(position[name], actual[name]))
    return state


def _unequal(given: object, actual: object) -> str:
    """Why a field of a position is refused: both values, as JSON; where long, their first difference.

    Of lists of the same length (the hands, the tricks) the first item that differs is quoted
    (``at [2], ...``), each value cut at 100 characters: a message stays short whatever the
    document holds.
    """
    text, led = json.dumps(given), json.dumps(actual)
    if len(text) + len(led) <= 200:
        return f"{text} is not where the record leads: {led}"
    at = ""
    if isinstance(given, list) and isinstance(actual, list) and len(given) == len(actual):
        index = next(i for i, (g, a) in enumerate(zip(given, actual, strict=True)) if g != a)
        text, led, at = json.dumps(given[index]), json.dumps(actual[index]), f"at [{index}], "
    cut = [t if len(t) <= 100 else f"{t[:97]}..." for t in (text, led)]
    return f"{at}{cut[0]} is not where the record leads: {cut[1]}"


def state_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> GameState:
    """Load a state from a JSON document (:func:`state_from_dict` after a safe parse).

    Raises:
        TypeError: if ``text`` is not a str or bytes, or ``max_size`` not an int.
        ValueError: if ``max_size`` is negative.
        DocumentError: if the document is too large, not JSON, or not a valid state.
    """
    return state_from_dict(load_json(text, max_size=max_size, what="state", fmt=_STATE_FORMAT))


def _read_position(value: object, where: str) -> dict[str, object]:
    """Check a position's form and card places; return it in the form :func:`_position` writes."""
    data = obj(value, where, _POSITION_FIELDS)
    out: dict[str, object] = {}
    out["hand_number"] = integer(data["hand_number"], f"{where}.hand_number", 1, 10**9)
    out["dealer"] = seat(data["dealer"], f"{where}.dealer")
    out["phase"] = choice(data["phase"], f"{where}.phase", Phase).value
    out["to_act"] = None if data["to_act"] is None else seat(data["to_act"], f"{where}.to_act")
    out["scores"] = _pair(data["scores"], f"{where}.scores")
    out["winner"] = optional_integer(data["winner"], f"{where}.winner", 0, 1)
    bids = array(data["bids"], f"{where}.bids", 4)
    if len(bids) != 4:
        fail(f"{where}.bids", "expected a call for each of the 4 seats")
    out["bids"] = [optional_integer(b, f"{where}.bids[{i}]", 0, 13) for i, b in enumerate(bids)]
    out["bidder"] = None if data["bidder"] is None else seat(data["bidder"], f"{where}.bidder")
    out["bid"] = optional_integer(data["bid"], f"{where}.bid", 1, 13)
    out["trump"] = None if data["trump"] is None else read_suit(data["trump"], f"{where}.trump").letter
    placed: dict[Card, str] = {}

    def place(found: Sequence[Card], name: str) -> None:
        for i, c in enumerate(found):
            if c in placed:
                fail(f"{where}.{name}[{i}]", f"{c} is in two places: here and in {placed[c]}")
            placed[c] = f"{where}.{name}"

    hands = array(data["hands"], f"{where}.hands", 4)
    if len(hands) != 4:
        fail(f"{where}.hands", "expected a hand for each of the 4 seats")
    out["hands"] = []
    for s, raw in enumerate(hands):
        held = read_cards(raw, f"{where}.hands[{s}]", 9)
        place(held, f"hands[{s}]")
        cast("list[object]", out["hands"]).append(_sorted(held))
    for name in ("middle", "dead", "stock"):
        got = read_cards(data[name], f"{where}.{name}", 54)
        place(got, name)
        out[name] = _sorted(got) if name in _SET_FIELDS else [str(c) for c in got]
    for name, outer in (("takeable", "middle"), ("dead_face_up", "dead")):
        got = read_cards(data[name], f"{where}.{name}", 54)
        for i, c in enumerate(got):
            if placed.get(c) != f"{where}.{outer}":
                fail(f"{where}.{name}[{i}]", f"{c} is not in the {outer}")
        out[name] = _sorted(got)
    turned = optional_card(data["turned_card"], f"{where}.turned_card")
    if turned is not None:
        place((turned,), "turned_card")
    out["turned_card"] = None if turned is None else str(turned)
    out["trick"] = _plays(data["trick"], f"{where}.trick", 4, place, "trick")
    tricks = array(data["tricks"], f"{where}.tricks", 6)
    out["tricks"] = [
        _plays(t, f"{where}.tricks[{i}]", 4, place, f"tricks[{i}]") for i, t in enumerate(tricks)
    ]
    out_seats = array(data["out"], f"{where}.out", 4)
    out["out"] = sorted({seat(s, f"{where}.out[{i}]") for i, s in enumerate(out_seats)})
    if len(cast("list[int]", out["out"])) != len(out_seats):
        fail(f"{where}.out", "a seat is listed twice")
    out["points_taken"] = _pair(data["points_taken"], f"{where}.points_taken", 0, 13)
    wanted = 0 if out["phase"] == Phase.DEAL.value else len(DECK)
    if len(placed) != wanted:
        fail(where, f"the cards placed add up to {len(placed)}, not {wanted} (phase {out['phase']})")
    return out


def _sorted(found: Iterable[Card]) -> list[str]:
    return [str(c) for c in sorted(found)]


def _pair(value: object, where: str, low: int | None = None, high: int = SCORE_LIMIT) -> list[int]:
    if low is None:  # the lowest a score can fall: from the lowest start, 13 points a hand
        low = MIN_SCORE - 13 * MAX_HANDS
    items = array(value, where, 2)
    if len(items) != 2:
        fail(where, "expected two numbers: team A's, then team B's")
    return [integer(v, f"{where}[{i}]", low, high) for i, v in enumerate(items)]


def _plays(
    value: object, where: str, limit: int, place: Callable[[Sequence[Card], str], None], name: str
) -> list[list[object]]:
    out: list[list[object]] = []
    for i, raw in enumerate(array(value, where, limit)):
        pair = array(raw, f"{where}[{i}]", 2)
        if len(pair) != 2:
            fail(f"{where}[{i}]", "a play is a [seat, card] pair")
        who = seat(pair[0], f"{where}[{i}][0]")
        got = read_card(pair[1], f"{where}[{i}][1]")
        place((got,), f"{name}[{i}]")
        out.append([who, str(got)])
    return out
