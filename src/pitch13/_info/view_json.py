"""A view's fields as plain JSON data, as :meth:`pitch13.SeatView.to_dict` writes them (internal)."""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Any, Final, cast

import attrs

from pitch13._base.checks import check_count
from pitch13._info.seen_entries import MAX_PLY
from pitch13.cards import Card, Suit
from pitch13.records._json import rules_to_dict
from pitch13.rules import Rules


def plain_json(value: object) -> object:
    """``value`` (a field of a view, or a part of one) as plain JSON data."""
    convert = _PLAIN_BY_TYPE.get(type(value))
    if convert is not None:
        return convert(value)
    if isinstance(value, Rules):  # a subclass of Rules
        return _rules_dict(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(plain_json(v) for v in value)  # type: ignore[type-var]
    kind_ = type(value)
    if attrs.has(kind_):
        fields = {name: plain_json(getattr(value, name)) for name in _field_names(kind_)}
        return {"type": kind_.__name__, **fields}
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")  # pragma: no cover


def _same(value: object) -> object:
    return value


def _sequence(value: object) -> object:
    """A tuple or list as a list of plain values (:func:`plain_json` with its first lookup inlined)."""
    plain = _PLAIN_BY_TYPE
    out = []
    for v in cast("tuple[object, ...]", value):
        convert = plain.get(type(v))
        out.append(convert(v) if convert is not None else plain_json(v))
    return out


#: The JSON form of the common kinds of value, by exact type: what :func:`plain_json` does first.
_PLAIN_BY_TYPE: Final[dict[type, Any]] = {
    Card: str,
    Suit: lambda suit: suit.letter,
    type(None): _same,
    bool: _same,
    int: _same,
    str: _same,
    tuple: _sequence,
    list: _sequence,
    Rules: lambda rules: _rules_dict(rules),
}


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    """The field names of an attrs class, in their order."""
    return tuple(a.name for a in attrs.fields(kind))


@functools.lru_cache(maxsize=64)
def _rules_json(rules: Rules) -> dict[str, object]:
    """The JSON form of a rule set, written once for the rule sets views are written with."""
    return rules_to_dict(rules)


def _rules_dict(rules: Rules) -> dict[str, object]:
    """:func:`_rules_json`, copied: whoever receives it may change it."""
    return dict(_rules_json(rules))


#: The longest entry a view delta holds, in characters (an entry's notation is far shorter).
ENTRY_LENGTH: Final = 200


def delta_entries(entries: Sequence[str]) -> tuple[str, ...]:
    """A view delta's entries as a tuple, as a frozen delta keeps them (a list, say, given).

    Raises:
        TypeError: if they are not a sequence of str (a str is not one: it is one entry).
        ValueError: if an entry is longer than :data:`ENTRY_LENGTH`.
    """
    given: object = entries  # as given, which may be anything
    if not isinstance(given, Sequence) or isinstance(given, (str, bytes, bytearray)):
        raise TypeError(f"ViewDelta.entries are a sequence of str, not {type(given).__name__}")
    given = tuple(given)
    for i, entry in enumerate(given):
        if not isinstance(entry, str):
            raise TypeError(f"ViewDelta.entries[{i}] is a str, not {type(entry).__name__}")
        if len(entry) > ENTRY_LENGTH:
            raise ValueError(f"ViewDelta.entries[{i}] is {len(entry):,} characters, more than {ENTRY_LENGTH}")
    return given


def check_plies(since: object, ply: object) -> None:
    """Check a view delta's plies as :meth:`pitch13.ViewDelta.from_json` reads them.

    Raises:
        TypeError: if one is not an int (a bool is not one).
        ValueError: if one is negative or past the last ply a game reaches, or ``since`` is
            after ``ply``.
    """
    since = check_count(since, "ViewDelta.since", 0, MAX_PLY)
    ply = check_count(ply, "ViewDelta.ply", 0, MAX_PLY)
    if since > ply:
        raise ValueError(f"ViewDelta.since must be at most its ply, {ply}; not {since}")
