"""Reading the objects of a view document back, checked field by field (internal).

Each field of a class a view holds is read by a reader made from its declared type, within the
bounds set here; :meth:`SeatView.from_dict <pitch13.SeatView.from_dict>` reads a view with them.
"""

from __future__ import annotations

import enum
import functools
import types
from collections.abc import Callable
from typing import Any, Final, Union, cast, get_args, get_origin, get_type_hints

import attrs

from pitch13._base.checks import excerpt
from pitch13._core.history import HistoryItem
from pitch13._core.tables import table_for
from pitch13._core.tally import hand_result, outcome_after, past_target
from pitch13._info.knowledge import PlaceInfo
from pitch13._info.seen_entries import MAX_PLY, RefillSeen, SeenEntry, SeenItem
from pitch13.actions import SeatAction, parse_action
from pitch13.cards import Card, Suit
from pitch13.engine._partway import MIN_SCORE
from pitch13.errors import ActionParseError, DocumentError
from pitch13.events import StockDiscarded, StockHandedOver
from pitch13.records._json import (
    array,
    boolean,
    choice,
    fail,
    integer,
    kind,
    obj,
    read_card,
    read_cards,
    read_suit,
    rules_from_dict,
    string,
)
from pitch13.rules import AllPass, Rules, ShortStock
from pitch13.scoring import HandResult, Outcome, PointCard, Termination, Trick

#: The classes a view document may name in a ``"type"`` field, by name. Which of them are
#: allowed at a given place follows from the declared type there. :class:`~pitch13.Rules` is
#: read on its own, and actions and history entries are written in their notation.
_VIEW_TYPES: Final[dict[str, type]] = {
    cls.__name__: cls for cls in (Trick, PointCard, HandResult, Outcome, PlaceInfo)
}

#: The most entries a hand's history can hold, with room to spare.
MAX_ENTRIES: Final = 400

#: Scores read anywhere in a view lie within this bound (a hand changes a score by at most 13,
#: and takes at least one ply); the view's own scores are then held to the game's target.
_MAX_SCORE: Final = 13 * MAX_PLY

_SEAT: Final = (0, 3)
_TEAM: Final = (0, 1)
_POINTS: Final = (0, 13)
_CARD_COUNT: Final = (0, 54)

#: The range of each whole number, by field name.
_INT_RANGES: Final[dict[str, tuple[int, int]]] = {
    "ply": (0, MAX_PLY),
    "seat": _SEAT,
    "to_act": _SEAT,
    "dealer": _SEAT,
    "first_dealer": _SEAT,
    "bidder": _SEAT,
    "team": _TEAM,
    "hand_number": (1, MAX_PLY),
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
    # A stock holds at most 18 cards, one handed over one at least; a refill gives a seat at most
    # 6 (as the classes check).
    (StockHandedOver, "count"): (1, 18),
    (StockDiscarded, "count"): (0, 18),
    (RefillSeen, "count"): (0, 6),
}
#: The lengths a list may have, by field name: every list read field by field has its bounds here.
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
    "deck": (54, 54),
}
_LABELS: Final = ("ace", "jack", "Jick", "joker", "ten", "three", "off-three", "deuce")

_Reader = Callable[[object, str], object]


def clear_reader_cache() -> None:
    """Forget the field readers and checks built so far (internal).

    A mutation-testing run builds them anew in each test, so that a mutant of a reader's
    construction is run rather than a reader made before it.
    """
    field_readers.cache_clear()
    field_checks.cache_clear()
    _cached_instance_check.cache_clear()
    _checks_inside.cache_clear()


@functools.cache
def field_readers(cls: type, special: frozenset[str] = frozenset()) -> tuple[tuple[str, _Reader | None], ...]:
    """A reader for each field of the attrs class ``cls``, from its declared types (``None`` for a special one)."""
    hints = get_type_hints(cls)
    return tuple(
        (a.name, None if a.name in special else _reader(hints[a.name], cls, a.name))
        for a in attrs.fields(cls)
    )


def _reader(hint: Any, owner: type, name: str) -> _Reader:
    """The reader of a value of type ``hint``, the field ``name`` of ``owner`` (or inside it)."""
    if hint is bool:
        return boolean
    if hint is int:
        bounds = _CLASS_INT_RANGES.get((owner, name)) or _INT_RANGES.get(name)
        if bounds is None:  # pragma: no cover - reading every kind of view (a test) finds none
            raise TypeError(f"{owner.__name__}.{name} is a whole number with no range to read it in")
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
        low, high = _LENGTHS[name]
        return lambda value, where: _read_list(value, where, item, low, high)
    if origin is tuple:
        readers = tuple(_reader(a, owner, name) for a in args)
        return lambda value, where: _read_list(value, where, readers, len(readers), len(readers))
    if origin is frozenset:
        item = _reader(args[0], owner, name)
        low, high = _LENGTHS[name]
        return lambda value, where: frozenset(_read_list(value, where, item, low, high, distinct=True))
    raise TypeError(f"no reader for {hint!r} in {owner.__name__}.{name}")  # pragma: no cover


_Check = Callable[[object, str], None]

#: What to call a value of one of the unions of classes, in a message.
_UNION_NAMES: Final = {
    frozenset(get_args(SeatAction)): "seat's action",
    frozenset(get_args(SeenItem)): "seat's action or an event a seat sees",
    frozenset(get_args(HistoryItem)): "action or an event of a game's history",
}
#: The library's value classes whose fields are checked when one is (a hand-made one may hold
#: anything): what a seat's or the whole history holds, and what is inside them.
_CHECKED_INSIDE: Final = frozenset(
    {
        SeenEntry,
        *get_args(SeenItem),
        *get_args(HistoryItem),
        *get_args(SeatAction),
        Trick,
        HandResult,
        PointCard,
        Outcome,
    }
)


@functools.cache
def field_checks(cls: type) -> tuple[tuple[str, _Check], ...]:
    """A check of each field of the attrs class ``cls`` made in Python, from its declared types.

    Each comes with what to call the field (``SeatView.hand``); it takes the value and that
    name, and raises :exc:`TypeError` for a value of another type and :exc:`ValueError` for one
    out of the bounds set here, as the readers above refuse a document's.
    """
    hints = get_type_hints(cls)
    return tuple((f"{cls.__name__}.{a.name}", _check(hints[a.name], cls, a.name)) for a in attrs.fields(cls))


def _check(hint: Any, owner: type, name: str) -> _Check:
    """The check of a value of type ``hint``, the field ``name`` of ``owner`` (or inside it)."""
    if hint is int:
        low, high = _CLASS_INT_RANGES.get((owner, name)) or _INT_RANGES[name]

        def check_int(value: object, what: str) -> None:
            if type(value) is not int and (not isinstance(value, int) or isinstance(value, bool)):
                raise TypeError(f"{what} is an int, not {excerpt(value)}")
            if not low <= value <= high:
                raise ValueError(f"{what} is from {low} to {high}, not {excerpt(value)}")

        return check_int
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union or origin is types.UnionType:
        members = tuple(a for a in args if a is not type(None))
        inner = _check(members[0], owner, name) if len(members) == 1 else _instance_check(members)
        if len(members) == len(args):
            return inner
        return lambda value, what: None if value is None else inner(value, what)
    if origin is tuple or origin is frozenset:
        kind = tuple if origin is tuple else frozenset
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):  # a fixed length
            items = tuple(_check(a, owner, name) for a in args)
            low, high = len(items), len(items)
        else:
            items = (_check(args[0], owner, name),)
            low, high = _LENGTHS.get(name, (0, MAX_ENTRIES))

        def check_items(value: object, what: str) -> None:
            if type(value) is not kind:
                raise TypeError(f"{what} is a {kind.__name__}, not {excerpt(value)}")
            if not low <= len(value) <= high:
                size = f"{low}" if low == high else f"{low} to {high}"
                raise ValueError(f"{what} holds {size} items, not {len(value)}")
            last = len(items) - 1
            for i, item in enumerate(cast("tuple[object, ...]", value)):
                try:
                    items[min(i, last)](item, "")
                except (TypeError, ValueError) as error:  # named where it is, only when refused
                    raise type(error)(f"{what}[{i}]{error}") from None

        return check_items
    return _instance_check((hint,))


def _instance_check(allowed: tuple[type, ...]) -> _Check:
    """The check of a value that must be an instance of one of ``allowed`` (not a bool for an int).

    An instance of one of the library's value classes (:data:`_CHECKED_INSIDE`) has its fields
    checked too, as a hand-made one may hold anything in them.
    """
    names = _UNION_NAMES.get(frozenset(allowed)) or " or ".join(k.__name__ for k in allowed)
    article = "an" if names[0] in "AEIOUaeiou" else "a"

    def check_instance(value: object, what: str) -> None:
        if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
            raise TypeError(f"{what} is {article} {names}, not {excerpt(value)}")

    if _CHECKED_INSIDE.isdisjoint(allowed):  # a card, a suit, a number: nothing inside
        return check_instance

    def check_instance_and_inside(value: object, what: str) -> None:
        check_instance(value, what)
        kind: type = type(value)
        for attribute, check in _checks_inside(kind):
            check(getattr(value, attribute), f"{what}.{attribute}")

    return check_instance_and_inside


@functools.cache
def _checks_inside(kind: type) -> tuple[tuple[str, _Check], ...]:
    """Each attribute of ``kind`` to check, with its check (none for a class not checked inside).

    The fields of the class of :data:`_CHECKED_INSIDE` that ``kind`` is, or subclasses.
    """
    base = next((k for k in kind.__mro__ if k in _CHECKED_INSIDE), None)
    if base is None:
        return ()
    return tuple(
        (a.name, check) for a, (_, check) in zip(attrs.fields(base), field_checks(base), strict=True)
    )


def check_value(value: object, kinds: tuple[type, ...], what: str) -> None:
    """Check that ``value`` is an instance of one of ``kinds``, each of its fields of its type.

    Raises:
        TypeError: if it, or a field inside it, is of another type.
        ValueError: if a number inside it is out of its range, or a tuple of the wrong length.
    """
    _cached_instance_check(kinds)(value, what)


_cached_instance_check = functools.cache(_instance_check)


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
                fail(f"{where}[{i}]", f"{excerpt(item)} is listed twice")
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
        fail(f"{where}.type", f"unknown type {excerpt(name)} (expected {expected})")
    readers = cast("tuple[tuple[str, _Reader], ...]", field_readers(cls))
    data = obj(value, where, ("type", *(field for field, _ in readers)))
    values = {field: read(data[field], f"{where}.{field}") for field, read in readers}
    return _build_object(cls, values, where)


def _build_object(cls: type, values: dict[str, object], where: str) -> object:
    """``cls(**values)``, with a refusal of the class's own checks as a :class:`DocumentError`."""
    try:
        return cls(**values)
    except (ValueError, TypeError) as error:  # its messages quote what it was given in excerpts
        raise DocumentError(where, f"not a valid {cls.__name__}: {error}") from error


def _read_label(value: object, where: str) -> str:
    text = string(value, where, 20)
    if text not in _LABELS:
        fail(where, f"expected one of {', '.join(repr(label) for label in _LABELS)}, found {excerpt(text)}")
    return text


def read_action(value: object, where: str) -> SeatAction:
    text = string(value, where, 40)
    try:
        action = parse_action(text)
    except ActionParseError as error:
        fail(where, str(error))
    if not isinstance(action, get_args(SeatAction)):
        fail(where, f"{excerpt(text)} is not a seat's action")
    return cast("SeatAction", action)


def check_earlier_result(rules: Rules, first_dealer: int, last: HandResult, hand_number: int) -> None:
    """Refuse a result of a hand before hand ``hand_number`` that no hand of the game could have had.

    It is of an earlier hand, and of the one before unless the rules throw hands in (R-BID-2,
    R-FILL-2); its dealer is the hand's (R-DEAL-2), its bid one of the auction's (R-BID-1), and
    every other field what scoring makes of the point cards each team took (R-SCORE-1,
    R-SCORE-2); the hand began with scores that had not won (R-END-1), and it did not end the
    game by its moon (R-SCORE-2), as the game goes on after it.
    """
    where = "$.last_result"
    if last.hand_number >= hand_number:
        fail(f"{where}.hand_number", f"the last hand scored comes before hand {hand_number}")
    throws_in = rules.all_pass is AllPass.REDEAL or rules.short_stock is ShortStock.REDEAL
    if last.hand_number < hand_number - 1 and not throws_in:
        fail(
            f"{where}.hand_number",
            f"no hand is thrown in under these rules: the last hand scored before hand {hand_number} "
            f"is hand {hand_number - 1}, not {last.hand_number}",
        )
    dealer = (first_dealer + last.hand_number - 1) & 3
    if last.dealer != dealer:
        fail(
            f"{where}.dealer",
            f"hand {last.hand_number} of a game first dealt by seat {first_dealer} is dealt by seat {dealer}",
        )
    if not rules.min_bid <= last.bid <= rules.max_bid:
        fail(f"{where}.bid", f"a bid is from {rules.min_bid} to {rules.max_bid}, not {last.bid}")
    before = (last.scores[0] - last.score_change[0], last.scores[1] - last.score_change[1])
    won = [0, 0]
    for card in last.point_cards:
        if card.team is not None:
            won[card.team] |= 1 << card.card.index
    expected = hand_result(
        rules,
        table_for(last.trump, rules),
        hand_number=last.hand_number,
        dealer=last.dealer,
        bidder=last.bidder,
        bid=last.bid,
        won=(won[0], won[1]),
        scores=before,
        ended_early=last.ended_early,
    )
    for name in _RESULT_FIELDS:
        given, scored = getattr(last, name), getattr(expected, name)
        if given != scored:
            fail(
                f"{where}.{name}",
                f"the point cards each team took give {excerpt(_listed(scored))}, not {excerpt(_listed(given))}",
            )
    check_hand_start(rules, last.hand_number, before, f"{where}.scores")
    # A score past the target is refused with the view's scores, which are this result's.
    ended = outcome_after(rules, last.hand_number, last.bidder, last.bid, last.made, last.scores)
    if ended is not None and ended.termination in _MOON_ENDS:
        fail(where, f"the moon of hand {last.hand_number} ended the game, which goes on after it")


def check_score_range(
    rules: Rules, hand_number: int, scores: tuple[int, int], *, no_hand_scored: bool
) -> None:
    """Refuse a view's ``scores`` at hand ``hand_number`` that no game reaches.

    A game starts at any score from :data:`~pitch13.engine._partway.MIN_SCORE` (what
    :func:`pitch13.new_game` takes), which is the score until a hand is scored
    (``no_hand_scored``); a hand scored loses at most the rules' points, and wins at most
    that many past the target.
    """
    total = rules.points_total
    lowest = MIN_SCORE - (0 if no_hand_scored else total * hand_number)
    for team, score in enumerate(scores):
        if not lowest <= score <= rules.target + total:
            fail(
                f"$.scores[{team}]",
                f"a score after hand {hand_number} is from {lowest} to {rules.target + total}, not {score}",
            )


def check_hand_start(rules: Rules, hand_number: int | None, scores: tuple[int, int], where: str) -> None:
    """Refuse ``scores`` at the start of hand ``hand_number`` (``None``: the hand the view scores).

    A team past the target has won a game, which does not go on to another hand (R-END-1).
    """
    hand = "the hand scored" if hand_number is None else f"hand {hand_number}"
    for team, score in enumerate(scores):
        if past_target(rules, score):
            fail(
                f"{where}[{team}]",
                f"{hand} began with a score of {score}, which had won a game to {rules.target}",
            )


_RESULT_FIELDS: Final = tuple(a.name for a in attrs.fields(HandResult))
_MOON_ENDS: Final = (Termination.MOON_MADE, Termination.MOON_FAILED)


def _listed(value: object) -> object:
    """``value`` as a view document writes it, for a message: a pair as a list."""
    return list(value) if isinstance(value, tuple) else value
