"""Checks and excerpts shared by every module that takes input from outside (internal)."""

from __future__ import annotations

import itertools
import math
import re
import reprlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from typing import Final, NoReturn, TypeVar, cast

import attrs

_T = TypeVar("_T")
_A = TypeVar("_A", bound=attrs.AttrsInstance)

_EXCERPT: Final = reprlib.Repr()
_EXCERPT.maxstring = _EXCERPT.maxother = _EXCERPT.maxlong = 40
_EXCERPT.maxlevel = 3
#: The longest excerpt, whatever the value.
_MOST: Final = 80
#: Past this an int has more than 4,300 digits, which ``str`` refuses to write (Python's limit).
_LONGEST: Final = 10**4300

#: The largest seed (in size) :func:`new_game` takes: 128 bits, which every saved game can hold.
MAX_SEED: Final = 2**128 - 1
#: The most hands a record holds, and so a game that pitch13 plays for bots may last.
MAX_HANDS: Final = 10_000


def writable(value: int) -> bool:
    """Whether ``str`` can write the int ``value``: it has at most 4,300 digits."""
    return -_LONGEST < value < _LONGEST


def written(value: int) -> str:
    """``str(value)``, or its size where it has more digits than Python writes (4,300)."""
    return str(value) if writable(value) else f"a number of {value.bit_length()} bits"


def excerpt(value: object) -> str:
    """A short ``repr`` of ``value`` for an error message: never more than about 40 characters.

    Messages that quote what the caller passed use this, so that a huge or deeply nested value
    cannot make a huge message (or fail while the message is made).
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        return f"a number of {value.bit_length()} bits"
    try:
        text = _EXCERPT.repr(value)
    except Exception:  # a value whose own repr fails
        return f"a {type(value).__name__}"
    # reprlib bounds each string and each level of a container, not a whole nested value.
    return text if len(text) <= _MOST else f"{text[: _MOST - 3]}..."


#: Letters to capitals and back, ASCII alone: ``str.upper`` would read the long s ``ſ`` as ``S``
#: and the Kelvin sign as ``K``, letters no notation has.
ASCII_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
#: What separates the words of a notation, and may surround it: ASCII spaces, tabs and line
#: ends. ``str.split`` and ``str.strip`` would also take a no-break space, an ideographic space,
#: a line separator or the control characters 0x1C to 0x1F for one, which no writer puts there.
SPACES: Final = " \t\r\n"
#: A word of a notation: what lies between :data:`SPACES`.
WORD: Final = re.compile(r"[^ \t\r\n]+")


def in_order(value: object) -> bool:
    """Whether ``value`` is an iterable whose items can be taken in an order of its own.

    Not a set or a mapping, which have none, nor a str or bytes, which iterate as characters.
    """
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes, AbstractSet, Mapping))


def pair_text(pair: tuple[int, int]) -> str:
    """Two teams' scores, for a message: ``"48-30"``, or ``"-40 to -13"`` with a negative one.

    A dash between two numbers, one of them negative, would read as a minus sign.
    """
    a, b = pair
    return f"{a}-{b}" if a >= 0 and b >= 0 else f"{a} to {b}"


class ShortLookup:
    """An enum mixin (internal): a value that is no member's is refused in a short message.

    ``Suit(10**1000)`` or ``JokerOrder("x" * 10**6)`` raises :exc:`ValueError` quoting an
    :func:`excerpt` of the value, where :mod:`enum`'s own message quotes all of it. Written
    first among an enum's bases: ``class Suit(ShortLookup, enum.IntEnum)``.
    """

    __slots__ = ()

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise ValueError(f"{excerpt(value)} is not a valid {cls.__qualname__}")


def at_most(items: Iterable[_T], most: int) -> tuple[tuple[_T, ...], bool]:
    """The first ``most`` of ``items``, and whether there are more: an endless iterable stops."""
    found = tuple(itertools.islice(items, most + 1))
    return found[:most], len(found) > most


def iterator_of(value: Iterable[_T], caller: str, items: str) -> Iterator[_T]:
    """``iter(value)``; a :exc:`TypeError` that ``caller`` takes ``items`` otherwise."""
    try:
        return iter(value)
    except TypeError:
        raise TypeError(f"{caller} takes {items}, not {type(value).__name__}") from None


def check_seat(seat: object, what: str = "a seat") -> int:
    """``seat`` if it is a seat, an ``int`` from 0 to 3; else the documented error (internal)."""
    if type(seat) is not int:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(f"{what} is an int from 0 to 3, not {excerpt(seat)}")
        seat = int.__int__(seat)  # its value: a subclass's own __int__ is not asked
    if not 0 <= seat <= 3:
        raise ValueError(f"{what} is an int from 0 to 3, not {excerpt(seat)}")
    return seat


def check_seed(seed: object, kind: str = "an int") -> int:
    """``seed`` if it is a game's seed, an int within ``±MAX_SEED``; else the documented error (internal).

    The check of :func:`pitch13.new_game`'s ``seed``, and of every other seed of a game, so that
    each refuses the same values with the same words. ``kind`` is what the :exc:`TypeError`
    says a seed is: ``"an int or None"`` where ``None`` (no seed) is taken too and checked first.
    An int subclass is returned as a plain int.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be {kind}, not {excerpt(seed)}")
    seed = int.__int__(seed)  # its value, checked: a subclass's own __int__ is not asked
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise ValueError(f"seed must be from -(2**128 - 1) to 2**128 - 1, not {excerpt(seed)}")
    return seed


def check_count(value: object, name: str, low: int = 1, high: int | None = None) -> int:
    """``value``, an int of at least ``low`` (and at most ``high``): a count or a budget.

    Raises:
        TypeError: if it is not an int (a bool is not), as ``{name} must be an int, not ...``.
        ValueError: if it is below ``low``, as ``{name} must be at least ...`` (``0 or more``),
            or above ``high``, as ``{name} must be at most ...``.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < low:
        least = "0 or more" if low == 0 else f"at least {low}"
        raise ValueError(f"{name} must be {least}, not {excerpt(value)}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be at most {high:,}, not {excerpt(value)}")
    return value


#: The most processes a pool of the library starts (``workers``): each is a process of its own,
#: and a count in the thousands, given by mistake, would start that many before the first game.
MOST_WORKERS: Final = 1024


def finite(number: float) -> bool:
    """Whether ``number`` is a finite float, or an int within a float's range (to 2**1024)."""
    try:
        return math.isfinite(number)
    except OverflowError:  # an int too large for a float
        return False


#: The largest number a result holds (a score, a count of points, seconds): every int to it is
#: exact as a float, and a sum of millions of them is far inside a float's range.
MOST_NUMBER: Final = 2**53


def check_numbers(
    value: object, name: str, *, ints: bool, length: int | None = None, low: float | None = None
) -> None:
    """Check that ``value`` is a tuple of ``length`` numbers, each as :func:`check_number` checks it.

    Raises:
        TypeError: if ``value`` is not a tuple, or holds something else.
        ValueError: if it has another length, or a number is out of its range.
    """
    if not isinstance(value, tuple):
        raise TypeError(f"{name} must be a tuple, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise ValueError(f"{name} must hold {length} numbers, not {len(value)}")
    for i, item in enumerate(value):
        check_number(item, f"{name}[{i}]", ints=ints, low=low)


def check_number(
    value: object, name: str, *, ints: bool, low: float | None = None, bounded: bool = True
) -> None:
    """Check that ``value`` is a finite number (an int, with ``ints``) of at least ``low``.

    It is also at most :data:`MOST_NUMBER` (2**53) from 0, unless not ``bounded`` (a sum of such
    numbers, which may be larger). A bool is not a number.

    Raises:
        TypeError: if it is not a number (not an int, with ``ints``).
        ValueError: if it is out of its range.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (ints and isinstance(value, float)):
        raise TypeError(f"{name} must be {'an int' if ints else 'a number'}, not {type(value).__name__}")
    if not (finite(value) and (not bounded or abs(value) <= MOST_NUMBER)) or (
        low is not None and value < low
    ):
        if not bounded:
            span = "finite" if low is None else f"finite and {low} or more"
        else:
            span = "within 2**53 of 0" if low is None else f"from {low} to 2**53"
        raise ValueError(f"{name} must be {span}, not {excerpt(value)}")


def check_instance(value: object, kind: type, name: str, *, optional: bool = False) -> None:
    """Check that ``value`` is a ``kind`` (or ``None``, if ``optional``): a TypeError if not."""
    if not isinstance(value, kind) and not (optional and value is None):
        article = "an" if kind.__name__[0] in "AEIOU" else "a"
        either = " or None" if optional else ""
        raise TypeError(f"{name} must be {article} {kind.__name__}{either}, not {type(value).__name__}")


def check_flag(value: object, name: str, *, optional: bool = False) -> None:
    """Check that ``value`` is a bool (or ``None``, if ``optional``); an int is not one."""
    check_instance(value, bool, name, optional=optional)


def check_tuple_of(value: object, kind: type, name: str) -> None:
    """Check that ``value`` is a tuple of ``kind`` (a list is not one).

    Raises:
        TypeError: if it is not a tuple, or an item is not a ``kind`` (naming its place).
    """
    if not isinstance(value, tuple):
        raise TypeError(f"{name} must be a tuple of {kind.__name__}, not {type(value).__name__}")
    for i, item in enumerate(value):
        check_instance(item, kind, f"{name}[{i}]")


def unchecked_maker(cls: type[_A]) -> Callable[..., _A]:
    """What makes a ``cls`` (a frozen attrs class with slots) of its fields in order, without its checks.

    Faster than the class's own ``__init__``, for values the library makes many of (a trick of
    every hand's history): the caller gives the fields in the class's order.
    """
    setters = tuple(getattr(cls, field.name).__set__ for field in attrs.fields(cls))
    new = object.__new__
    if len(setters) == 1:  # most events: as fast as a class's own __init__, or faster
        (set_0,) = setters

        def make_1(value: object) -> _A:
            made: _A = new(cls)
            set_0(made, value)
            return made

        return make_1
    if len(setters) == 2:
        set_0, set_1 = setters

        def make_2(value_0: object, value_1: object) -> _A:
            made: _A = new(cls)
            set_0(made, value_0)
            set_1(made, value_1)
            return made

        return make_2

    def make(*values: object) -> _A:
        made: _A = new(cls)
        for set_field, value in zip(setters, values, strict=True):
            set_field(made, value)
        return made

    return make


def unchecked(cls: type[_A], **fields: object) -> _A:
    """An instance of the frozen attrs class ``cls`` holding ``fields``, made without its checks.

    :func:`unchecked_maker`'s, by the fields' names, every one of them: where naming them is
    clearer than their order (a hand's summary of 18 fields), and for a value made past its
    checks on purpose (the mutation tester's faulty delta; a test's value as one unpickled).
    """
    known = _BY_NAME.get(cls)
    if known is None:
        names = tuple(field.name for field in attrs.fields(cls))
        known = _BY_NAME[cls] = (names, frozenset(names), unchecked_maker(cls))
    names, every, make = known
    if fields.keys() != every:
        raise TypeError(f"unchecked() takes every field of {cls.__name__}, not {sorted(fields)}")
    return cast("_A", make(*[fields[name] for name in names]))


#: Each class :func:`unchecked` made: the names of its fields in order and as a set, and its maker.
_BY_NAME: Final[dict[type, tuple[tuple[str, ...], frozenset[str], Callable[..., object]]]] = {}


def check_time_limit(value: object, owner: str) -> float | None:
    """``value`` as CPU seconds, or ``None``; a TypeError or a ValueError naming ``owner`` otherwise."""
    if value is None:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        kind = type(value).__name__
        raise TypeError(f"{owner} time_limit must be a number of seconds or None, not {kind}")
    if isinstance(value, int) and value > 0 and not finite(value):
        raise ValueError(f"{owner} time_limit is too large for a float: {excerpt(value)}")
    if not (finite(value) and value > 0):
        raise ValueError(f"{owner} time_limit must be a positive number of seconds, not {excerpt(value)}")
    return float(value)


def option_or_default(value: _T | None, kind: type[_T], name: str, default: _T) -> _T:
    """``value``, or ``default`` when it is ``None``; anything not a ``kind`` is a TypeError (internal).

    The check of an optional argument such as ``rules``: its message names the public class
    (``Rules``) and quotes an :func:`excerpt` of what was passed.
    """
    if value is None:
        return default
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be a {kind.__name__} or None, not {excerpt(value)}")
    return value


def assert_never(value: NoReturn) -> NoReturn:  # pragma: no cover - never called when mypy passes
    """Make mypy check that a ``match`` handles every case (``typing.assert_never`` before 3.11)."""
    raise AssertionError(f"unhandled value: {value!r}")
