"""Reading documents from outside safely: checked JSON, and the rules' dict form (internal).

Every loader of pitch13 (game records, states and seat views, in JSON or text) reads its input
through this module. Nothing is built from a document until it has been checked: its size,
its nesting, its numbers, its keys, and then each field's type and value. Whatever is wrong
comes out as a :class:`DocumentError` that says what and where.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Sequence
from typing import Any, Final, NoReturn, TypeVar, cast

import attrs

from pitch13._base.checks import excerpt
from pitch13.cards import Card, Suit
from pitch13.errors import CardParseError, DocumentError, RulesError
from pitch13.rules import OPTION_ENUMS, Rules

#: The formats of the library's JSON documents: records (and their text), states, views,
#: simulated hands and reviews. A document of one, given to the reader of another, is told apart
#: from a misspelt format (:data:`FORMATS`).
RECORD_FORMAT: Final = "pitch13.record"
STATE_FORMAT: Final = "pitch13.state"
VIEW_FORMAT: Final = "pitch13.view"
HAND_FORMAT: Final = "pitch13.hand"
#: A game's review (:meth:`pitch13.analysis.Review.to_dict`), which pitch13 writes but never reads.
REVIEW_FORMAT: Final = "pitch13.review"
FORMATS: Final = frozenset({RECORD_FORMAT, STATE_FORMAT, VIEW_FORMAT, HAND_FORMAT, REVIEW_FORMAT})
#: The largest document a loader reads by default, in characters.
MAX_SIZE: Final = 1_000_000
#: The deepest nesting of lists and objects a JSON document may have.
MAX_DEPTH: Final = 24
#: The longest number, in characters, a JSON document may hold.
MAX_DIGITS: Final = 48

E = TypeVar("E", bound=enum.Enum)


def fail(where: str, why: str) -> NoReturn:
    """Raise a :class:`DocumentError`."""
    raise DocumentError(where, why)


# --- JSON ----------------------------------------------------------------------------------------


#: A string, or, unclosed, the rest of the text. It matches from every quote it starts at, with
#: no step back (its runs stop only at a closing quote, the end, or a backslash ending the
#: text), so the regular expression's engine reads each character once and no input makes it
#: slow.
_STRING: Final = r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)'
_STRINGS: Final = re.compile(_STRING, re.DOTALL)
#: A string, or a bracket or brace outside strings.
_STRING_OR_BRACKET: Final = re.compile(_STRING + r"|[\[\]{}]", re.DOTALL)
#: A string, with the colon after it when it is a key; or a bracket or brace outside strings.
_KEY_OR_BRACKET: Final = re.compile("(" + _STRING + r")(\s*:)?|[\[\]{}]", re.DOTALL)


def load_json(
    text: object, *, max_size: int = MAX_SIZE, what: str = "document", fmt: str | None = None
) -> object:
    """Parse ``text`` (str or UTF-8 bytes) as JSON, refusing anything pitch13 never writes.

    Refused: documents over ``max_size`` characters, nesting deeper than ``MAX_DEPTH``,
    numbers with a fraction or exponent, ``NaN`` and ``Infinity``, numbers longer than
    ``MAX_DIGITS`` characters, and an object with the same key twice. A leading byte-order
    mark is skipped. A ``max_size`` that is not an int raises :exc:`TypeError`, a negative one
    :exc:`ValueError`. A document refused so, that is another of the library's formats than
    ``fmt``, the one expected (a review, with its fractions; hand lines, a JSON value a line),
    is refused as that format, by name.
    """
    check_max_size(max_size)
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_size:
            fail("$", f"the {what} is {len(text)} bytes long; the limit is {excerpt(max_size)}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            fail("$", f"the {what} is not UTF-8 ({error.reason} at byte {error.start})")
    if not isinstance(text, str):
        raise TypeError(f"a {what} is read from a str or bytes, not {type(text).__name__}")
    if len(text) > max_size:
        fail("$", f"the {what} is {len(text)} characters long; the limit is {excerpt(max_size)}")
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    _check_depth(text, what)
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=_whole_number,
            parse_float=_no_fraction,
            parse_constant=_no_constant,
        )
    except (json.JSONDecodeError, _NumberFault, _KeyFault) as error:
        _refuse_another_format(text, fmt)  # a document of another format is refused as that
        if isinstance(error, _NumberFault):
            fail("$", error.why + _where_number(text, error.token))
        if isinstance(error, _KeyFault):
            fail("$", f"an object has the key {excerpt(error.key)} twice" + _where_key(text))
        fail("$", f"the {what} is not JSON: {error.msg} (line {error.lineno}, column {error.colno})")
    except RecursionError:  # pragma: no cover - the depth check comes first
        fail("$", f"the {what} nests too deeply")


def _refuse_another_format(text: str, fmt: str | None) -> None:
    """Refuse ``text`` as a document of another of the library's formats than ``fmt``, if so.

    Its first JSON value, read as JSON allows (with fractions, one of several lines), names the
    format; else nothing is refused here, and the caller says what is wrong.
    """
    if fmt is None:
        return
    try:
        first, _ = json.JSONDecoder().raw_decode(text, len(text) - len(text.lstrip(" \t\r\n")))
    except ValueError:  # not JSON even so, or a number of more digits than int() reads
        return
    _refuse_other_format(first, fmt)


def _refuse_other_format(data: object, fmt: str, where: str = "$") -> None:
    """Refuse ``data`` if it names another of the library's formats than ``fmt``, by that name."""
    found = data.get("format") if isinstance(data, dict) else None
    if isinstance(found, str) and found in FORMATS and found != fmt:
        fail(f"{where}.format", f"this is a {found} document, not a {fmt} document")


def check_max_size(max_size: object) -> int:
    """``max_size``, the longest document a loader reads, if it is an int of 0 or more.

    Else :exc:`TypeError` (not an int) or :exc:`ValueError` (negative): a fault of the caller's
    argument, not of the document.
    """
    if not isinstance(max_size, int) or isinstance(max_size, bool):
        raise TypeError(f"max_size must be an int, not {excerpt(max_size)}")
    if max_size < 0:
        raise ValueError(f"max_size must be 0 or more, not {excerpt(max_size)}")
    return max_size


def _check_depth(text: str, what: str) -> None:
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        char = text[match.start()]  # a string's quote, or the bracket: no copy of the string
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line, column = _line_column(text, match.start())
                fail("$", f"the {what} nests deeper than {MAX_DEPTH} levels (line {line}, column {column})")
        elif char in "]}":
            depth -= 1


def _line_column(text: str, position: int) -> tuple[int, int]:
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise _KeyFault(key)
        out[key] = value
    return out


class _KeyFault(Exception):
    """An object the decoder closed that has ``key`` twice."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _where_key(text: str) -> str:
    """Where the key written twice in the first object of ``text`` to close with one is.

    `` (line L, column C)`` of its second writing: the object and key the decoder refused, as
    the decoder closes objects in this order and checks an object's keys in the order they are
    written. Nothing if none is found. One pass, and a key is decoded only where it is.
    """
    objects: list[tuple[set[str], list[int]] | None] = []  # per open bracket: keys, first repeat
    for match in _KEY_OR_BRACKET.finditer(text):
        char = text[match.start()]
        if char == '"':
            top = objects[-1] if objects else None
            if match.group(2) and top is not None:  # a key
                keys, repeat = top
                key = json.loads(match.group(1))
                if key in keys and not repeat:
                    repeat.append(match.start())
                keys.add(key)
        elif char in "[{":
            objects.append((set(), []) if char == "{" else None)
        else:
            top = objects.pop() if objects else None
            if top is not None and top[1]:
                line, column = _line_column(text, top[1][0])
                return f" (line {line}, column {column})"
    return ""  # pragma: no cover - the decoder found one


class _NumberFault(Exception):
    """A number the decoder met that pitch13 does not read: its text, and why."""

    def __init__(self, token: str, why: str) -> None:
        super().__init__(why)
        self.token, self.why = token, why


def _whole_number(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise _NumberFault(text, f"a number has {len(text)} characters; the limit is {MAX_DIGITS}")
    return int(text)


def _no_fraction(text: str) -> int:
    raise _NumberFault(text, f"numbers are whole in pitch13 documents, not {excerpt(text)}")


def _no_constant(text: str) -> int:
    raise _NumberFault(text, f"{text} is not a number pitch13 reads")


def _where_number(text: str, token: str) -> str:
    """Where the first ``token`` outside the strings of ``text`` is: `` (line L, column C)``.

    The decoder meets the numbers in the order they are written, so the first is the one it
    refused. Nothing if it is not found. Each run of text between two strings is searched
    once, so no input makes it slow.
    """
    head = token[:64]  # enough to find it by; a pattern as long as a hostile number is not
    alone = re.compile(r"(?<![\w.+-])" + re.escape(head) + (r"(?![\w.+-])" if head == token else ""))
    found, start = None, 0
    for string in _STRINGS.finditer(text):
        found = alone.search(text, start, string.start())
        if found:
            break
        start = string.end()
    else:
        found = alone.search(text, start)
    if found is None:
        return ""  # pragma: no cover - the decoder read it there
    line, column = _line_column(text, found.start())
    return f" (line {line}, column {column})"


def check_header(
    data: object, fmt: str, version: int, where: str = "$", *, old: str = ""
) -> dict[str, object]:
    """Check that ``data`` is an object of format ``fmt`` at ``version``, and return it.

    Earlier versions are refused as no longer read, with ``old`` added to say what to do.
    """
    if not isinstance(data, dict):
        fail(where, f"a {fmt} document is a JSON object, not {kind(data)}")
    found = data.get("format")
    if found != fmt:
        _refuse_other_format(data, fmt, where)
        fail(f"{where}.format", f"expected {fmt!r}, found {excerpt(found)}")
    got = data.get("version")
    if not isinstance(got, int) or isinstance(got, bool):
        fail(f"{where}.version", f"the version is a whole number, not {excerpt(got)}")
    if got < 1:
        fail(f"{where}.version", f"{fmt} has no version {excerpt(got)}: versions are numbered from 1")
    if got < version:
        fail(f"{where}.version", f"{fmt} version {got} is no longer read (this pitch13 reads {version}){old}")
    if got > version:
        fail(
            f"{where}.version",
            f"{fmt} version {excerpt(got)} is newer than this pitch13 reads ({version}); upgrade pitch13",
        )
    return data


# --- checked access ------------------------------------------------------------------------------


def kind(value: object) -> str:
    """A JSON reader's name for the type of ``value``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__  # pragma: no cover - JSON has no other types


def obj(
    value: object, where: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, object]:
    """``value`` as an object with exactly the ``required`` keys and some of ``optional``."""
    if not isinstance(value, dict):
        fail(where, f"expected an object, found {kind(value)}")
    for key in value:
        if key not in required and key not in optional:
            expected = ", ".join(repr(k) for k in (*required, *optional))
            fail(where, f"unknown field {excerpt(key)} (expected {expected})")
    for key in required:
        if key not in value:
            fail(where, f"missing field {excerpt(key)}")
    return value


def integer(value: object, where: str, low: int, high: int) -> int:
    """``value`` as an int from ``low`` to ``high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        fail(where, f"expected a whole number, found {kind(value)}")
    if not low <= value <= high:
        fail(where, f"expected a number from {low} to {high}, found {excerpt(value)}")
    return value


def optional_integer(value: object, where: str, low: int, high: int) -> int | None:
    """``value`` as ``None`` or an int from ``low`` to ``high``."""
    return None if value is None else integer(value, where, low, high)


def seat(value: object, where: str) -> int:
    """``value`` as a seat, 0 to 3."""
    return integer(value, where, 0, 3)


def boolean(value: object, where: str) -> bool:
    """``value`` as a bool."""
    if not isinstance(value, bool):
        fail(where, f"expected true or false, found {kind(value)}")
    return value


def string(value: object, where: str, max_length: int = 200) -> str:
    """``value`` as a str of at most ``max_length`` characters."""
    if not isinstance(value, str):
        fail(where, f"expected a string, found {kind(value)}")
    if len(value) > max_length:
        fail(where, f"the string is {len(value)} characters long; the limit is {max_length}")
    return value


def array(value: object, where: str, max_length: int) -> list[object]:
    """``value`` as a list of at most ``max_length`` items."""
    if not isinstance(value, list):
        fail(where, f"expected a list, found {kind(value)}")
    if len(value) > max_length:
        fail(where, f"the list has {len(value)} items; the limit is {max_length}")
    return value


def read_card(value: object, where: str) -> Card:
    """``value`` as a card in notation (``"AH"``, ``"10S"``, ``"BJ"``)."""
    text = string(value, where, 8)
    try:
        return Card.parse(text)
    except CardParseError as error:
        fail(where, str(error))


def optional_card(value: object, where: str) -> Card | None:
    """``value`` as ``None`` or a card."""
    return None if value is None else read_card(value, where)


def read_cards(value: object, where: str, max_length: int = 54) -> tuple[Card, ...]:
    """``value`` as a list of different cards."""
    items = array(value, where, max_length)
    out: list[Card] = []
    seen = 0
    for i, item in enumerate(items):
        got = read_card(item, f"{where}[{i}]")
        if seen >> got.index & 1:
            fail(f"{where}[{i}]", f"{got} is listed twice")
        seen |= 1 << got.index
        out.append(got)
    return tuple(out)


def read_suit(value: object, where: str) -> Suit:
    """``value`` as a suit letter, ``C``, ``D``, ``H`` or ``S``: what pitch13 writes."""
    text = string(value, where, 1)
    if text not in ("C", "D", "H", "S"):
        fail(where, f"expected a suit letter (C, D, H or S), found {excerpt(text)}")
    return Suit.parse(text)


def choice(value: object, where: str, enum_type: type[E]) -> E:
    """``value`` as a member of ``enum_type``, given by its value."""
    text = string(value, where, 40)
    for member in enum_type:
        if member.value == text:
            return member
    choices = ", ".join(repr(m.value) for m in enum_type)
    fail(where, f"expected one of {choices}, found {excerpt(text)}")


# --- rules ---------------------------------------------------------------------------------------


def rules_to_dict(rules: Rules) -> dict[str, object]:
    """Every option of ``rules`` as plain JSON data, in the order of :class:`~pitch13.Rules`."""
    out: dict[str, object] = {}
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        out[field.name] = value.value if isinstance(value, enum.Enum) else value
    return out


#: The option values of format version 1 when a document leaves an option out. They are the
#: defaults of :class:`~pitch13.Rules` when version 1 was made, and stay so for version 1.
V1_DEFAULTS: Final[dict[str, object]] = {
    "use_off_three": True,
    "joker_order": "first_played",
    "min_bid": 4,
    "max_bid": None,
    "all_pass": "dealer_forced",
    "dealer_forced_min_bid": 5,
    "dealer_may_match": False,
    "pickup": "point_cards",
    "short_stock": "deal_what_is_left",
    "look_take": "any_trump",
    "partner_look": True,
    "lead_fallback": "partner",
    "deuce_to": "player",
    "made_bid_scores": "points_taken",
    "moon_success": "win_game",
    "moon_failure": "minus_bid",
    "target": 54,
    "target_rule": "greater_than",
}


def rules_from_dict(value: object, where: str) -> Rules:
    """A :class:`~pitch13.Rules` from an object of options.

    Left-out options take their version-1 defaults (``max_bid`` follows the points total).
    """
    data = obj(value, where, (), tuple(V1_DEFAULTS))
    options: dict[str, object] = {}
    for name, raw in data.items():
        at = f"{where}.{name}"
        default = V1_DEFAULTS[name]
        if name in OPTION_ENUMS:
            options[name] = choice(raw, at, OPTION_ENUMS[name])
        elif isinstance(default, bool):
            options[name] = boolean(raw, at)
        else:
            options[name] = integer(raw, at, -(10**9), 10**9)
    for name, default in V1_DEFAULTS.items():
        if name not in options and default is not None:
            options[name] = default
    try:
        return Rules(**cast("dict[str, Any]", options))
    except RulesError as error:  # at the option at fault, if the document gives it
        fail(f"{where}.{error.option}" if error.option in data else where, str(error))
