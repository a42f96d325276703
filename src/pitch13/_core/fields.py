"""The layout of a :class:`~pitch13.GameState`: its fields, named and typed (internal).

This module alone knows where each field sits. A state is a tuple at run time, because a tuple
is the cheapest immutable value Python builds; to a type checker it is not a tuple at all but a
class of read-only fields:

* :class:`Fields` is the base of :class:`~pitch13.GameState`. Every field is a read-only
  attribute whose name starts with an underscore (``state._hands``), read in C by a tuple
  getter (the one :func:`collections.namedtuple` uses): as cheap as ``state[3]``, and typed.
* :class:`Work` is the mutable copy a transition changes, read and written by typed keys named
  as the fields (``w[HANDS]``). At run time it is a list and a key is the field's place in it,
  which only this module knows; to a type checker a key of type ``Key[Hands]`` reads and
  writes a ``Hands``. ``Work(state._layout)`` copies a state in (two calls in C) and :func:`freezer`'s
  function makes the next state.
  (A class of typed slots, measured, cost twice as much to copy in and out: 665 ns against
  310 ns, at every step that ends a phase.)
* A play, the commonest step, skips the copy: :func:`after_turn` and :func:`after_trick` build
  the next state from slices of the last, joined to the fields the play changes, which sit
  together at the end of the layout for that reason (measured: a play costs a tenth less).

A field named like a public property holds what the property shows, in compact form: bit masks
over card indices for sets of cards, ``-1`` for "none".
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Final, Generic, TypeVar, cast

from pitch13._base.checks import ShortLookup
from pitch13._core.history import Hand
from pitch13._core.tables import TrumpTable
from pitch13.rules import Rules
from pitch13.scoring import Outcome

__all__ = [
    "Fields",
    "Key",
    "Layout",
    "Phase",
    "Work",
    "after_trick",
    "after_turn",
    "clear_hand",
    "freezer",
    "getter",
    "start",
]

T = TypeVar("T")


class Phase(ShortLookup, enum.Enum):
    """Where a game stands: the state machine of a hand, plus the game's two ends.

    A hand goes ``DEAL`` (chance) → ``BIDDING`` → ``TRUMP`` → ``DISCARD`` (only if a seat holds
    more than 6 trumps) → ``PICKUP`` (only if a shed card may be taken) → ``LOOK`` (only if
    stock is left after the refill) → ``PLAY``, then scoring, then the next hand's ``DEAL`` or
    ``GAME_OVER``. Discarding dead cards, the refill and scoring have no choice in them and
    happen inside :func:`pitch13.apply`.
    """

    #: Chance is to act: the next hand waits for a shuffled deck (:class:`~pitch13.Deal`).
    DEAL = "deal"
    #: The auction (R-BID-1 to R-BID-4).
    BIDDING = "bidding"
    #: The bidder names trump (R-TRUMP-1).
    TRUMP = "trump"
    #: Seats holding more than 6 trumps shed down to 6 (R-DISC-2).
    DISCARD = "discard"
    #: Seats short of 6 may take shed cards from the middle (R-PICK-1).
    PICKUP = "pickup"
    #: The bidder, then his partner, look through the stock (R-LOOK-1 to R-LOOK-4).
    LOOK = "look"
    #: Tricks are played (R-PLAY-1 to R-PLAY-7).
    PLAY = "play"
    #: A team has won.
    GAME_OVER = "game_over"


Phase.__module__ = "pitch13.state"  # its public home, which pickles and the docs name


#: Each seat's hand, a card mask.
Hands = tuple[int, ...]
#: The plays of a trick, each ``seat << 6 | card``.
Plays = tuple[int, ...]

if TYPE_CHECKING:

    class Slot(Generic[T]):
        """A read-only field of a state, of type ``T``."""

        def __init__(self, index: int, doc: str) -> None: ...
        def __get__(self, state: object, owner: object) -> T: ...

    _Tuple = object
else:
    try:
        from _collections import _tuplegetter as Slot
    except ImportError:  # pragma: no cover - another Python than CPython

        def Slot(index, doc):
            return property(itemgetter(index), doc=doc)

    _Tuple = tuple


#: The fields in order, as the tuple holds them.
Layout = tuple[
    Rules,
    "int | None",
    int,
    int,
    int,
    tuple[int, int],
    "Outcome | None",
    "Hand | None",
    bytes,
    "dict[object, object] | None",
    Phase,
    "TrumpTable | None",
    int,
    int,
    int,
    int,
    bytes,
    int,
    tuple[Plays, ...],
    int,
    int,
    tuple[int, ...],
    int,
    int,
    Hands,
    Plays,
    int,
    int,
    bytes,
    int,
    int,
]


class Fields(_Tuple):
    """A state's fields; :class:`~pitch13.GameState` adds what a program reads (internal)."""

    __slots__ = ()

    # The game: fixed for the whole game, or changed once a hand.
    _rules: Final[Slot[Rules]] = Slot(0, "The rules.")
    _seed: Final[Slot[int | None]] = Slot(1, "The seed, or None.")
    _first_dealer: Final[Slot[int]] = Slot(2, "The dealer of the game's first hand.")
    _hand_number: Final[Slot[int]] = Slot(3, "The hand's number, from 1.")
    _dealer: Final[Slot[int]] = Slot(4, "The hand's dealer.")
    _scores: Final[Slot[tuple[int, int]]] = Slot(5, "(team A, team B).")
    _outcome: Final[Slot[Outcome | None]] = Slot(6, "How the game ended, or None.")
    _past: Final[Slot[Hand | None]] = Slot(7, "The finished hands, newest first, or None.")
    _hand_deck: Final[Slot[bytes]] = Slot(8, "The hand's deck as card indices; b'' before its deal.")
    _hand_cache: Final[Slot[dict[object, object] | None]] = Slot(
        9, "What views derive from the hand they show and keep (the next deal drops it), or None."
    )
    # The hand: changed a few times a hand.
    _phase: Final[Slot[Phase]] = Slot(10, "Where the game stands.")
    _table: Final[Slot[TrumpTable | None]] = Slot(11, "The trump's table, or None before trump.")
    _middle: Final[Slot[int]] = Slot(12, "The face-up discards, a card mask.")
    _takeable: Final[Slot[int]] = Slot(13, "The discards that may be picked up, a card mask.")
    _dead: Final[Slot[int]] = Slot(14, "The dead pile, a card mask.")
    _shown: Final[Slot[int]] = Slot(15, "The face-up cards of the dead pile, a card mask.")
    _stock: Final[Slot[bytes]] = Slot(16, "The stock, top card first, as card indices.")
    _turned: Final[Slot[int]] = Slot(17, "The turned-up stock card's index, or -1.")
    _tricks: Final[Slot[tuple[Plays, ...]]] = Slot(18, "The finished tricks of the hand.")
    _won_a: Final[Slot[int]] = Slot(19, "Point cards taken by team A this hand, a card mask.")
    _won_b: Final[Slot[int]] = Slot(20, "Point cards taken by team B this hand, a card mask.")
    # What a play changes (after_turn, after_trick), with the auction's fields: kept last.
    _calls: Final[Slot[tuple[int, ...]]] = Slot(21, "Each seat's call: -1 not yet, 0 pass, else its bid.")
    _high_bid: Final[Slot[int]] = Slot(22, "The high bid, or 0.")
    _bidder: Final[Slot[int]] = Slot(23, "The seat of the high bid, or -1.")
    _hands: Final[Slot[Hands]] = Slot(24, "Each seat's hand, a card mask.")
    _trick: Final[Slot[Plays]] = Slot(25, "The current trick.")
    _out: Final[Slot[int]] = Slot(26, "The seats announced out, a seat mask.")
    _to_act: Final[Slot[int]] = Slot(27, "The seat to act, or -1.")
    _log: Final[Slot[bytes]] = Slot(28, "The hand's history entries as codes (see _core.history).")
    _ply: Final[Slot[int]] = Slot(29, "The actions applied since the game began.")
    _history_len: Final[Slot[int]] = Slot(30, "The history entries since the game began.")
    #: Every field, as the tuple holds them (a plain tuple): ``Work(state._layout)`` copies a state.
    _layout: Final[Slot[Layout]] = cast("Slot[Layout]", property(itemgetter(slice(None))))


# The fields' annotations are the type checker's: at run time a Slot is a tuple getter, which
# typing.get_type_hints(GameState) could not subscript. Nothing else reads them.
Fields.__annotations__ = {}


S = TypeVar("S", bound=Fields)


def getter(name: str) -> Callable[[Fields], object]:
    """A function in C that reads the field ``name`` (``"phase"``) of a state, for a property."""
    index = getattr(_PROBE, "_" + name)  # the field's index, read off a state of indices
    return cast("Callable[[Fields], object]", itemgetter(index))


if TYPE_CHECKING:

    class Key(Generic[T]):
        """The key of a field of type ``T`` in a :class:`Work` copy (``w[HANDS]``)."""

        def __init__(self, index: int, /) -> None: ...

    class Work:
        """A state's fields, copied to be changed: ``w[HANDS]`` reads and writes a typed field."""

        def __init__(self, layout: Layout, /) -> None: ...
        def __getitem__(self, key: Key[T], /) -> T: ...
        def __setitem__(self, key: Key[T], value: T, /) -> None: ...

    def _new(cls: type[S], fields: Layout | Work, /) -> S: ...

else:

    def Key(index):
        return index  # at run time a key is the field's place in the list

    Work = list
    _new = tuple.__new__


# The keys of the fields in a Work copy, named as the fields (``w[HANDS]`` is ``state._hands``).
RULES: Final[Key[Rules]] = Key(0)
SEED: Final[Key[int | None]] = Key(1)
FIRST_DEALER: Final[Key[int]] = Key(2)
HAND_NUMBER: Final[Key[int]] = Key(3)
DEALER: Final[Key[int]] = Key(4)
SCORES: Final[Key[tuple[int, int]]] = Key(5)
OUTCOME: Final[Key[Outcome | None]] = Key(6)
PAST: Final[Key[Hand | None]] = Key(7)
HAND_DECK: Final[Key[bytes]] = Key(8)
HAND_CACHE: Final[Key[dict[object, object] | None]] = Key(9)
PHASE: Final[Key[Phase]] = Key(10)
TABLE: Final[Key[TrumpTable | None]] = Key(11)
MIDDLE: Final[Key[int]] = Key(12)
TAKEABLE: Final[Key[int]] = Key(13)
DEAD: Final[Key[int]] = Key(14)
SHOWN: Final[Key[int]] = Key(15)
STOCK: Final[Key[bytes]] = Key(16)
TURNED: Final[Key[int]] = Key(17)
TRICKS: Final[Key[tuple[Plays, ...]]] = Key(18)
WON_A: Final[Key[int]] = Key(19)
WON_B: Final[Key[int]] = Key(20)
CALLS: Final[Key[tuple[int, ...]]] = Key(21)
HIGH_BID: Final[Key[int]] = Key(22)
BIDDER: Final[Key[int]] = Key(23)
HANDS: Final[Key[Hands]] = Key(24)
TRICK: Final[Key[Plays]] = Key(25)
OUT: Final[Key[int]] = Key(26)
TO_ACT: Final[Key[int]] = Key(27)
LOG: Final[Key[bytes]] = Key(28)
PLY: Final[Key[int]] = Key(29)
HISTORY_LEN: Final[Key[int]] = Key(30)


def start(
    rules: Rules,
    seed: int | None,
    *,
    first_dealer: int,
    hand_number: int = 1,
    scores: tuple[int, int] = (0, 0),
    past: Hand | None = None,
    ply: int = 0,
) -> Work:
    """The fields of a game at the start of hand ``hand_number``, before its deal.

    ``past`` is the game's history before it (a :class:`~pitch13._core.history.Start` when the
    game begins partway), ``ply`` the actions before it.
    """
    dealer = (first_dealer + hand_number - 1) & 3
    layout: Layout = (
        rules,
        seed,
        first_dealer,
        hand_number,
        dealer,
        scores,
        None,
        past,
        b"",
        None,
        *_NO_HAND,
        b"",
        ply,
        0,
    )
    return Work(layout)


#: The fields from PHASE to TO_ACT of a hand not dealt yet: no cards, no calls, nobody to act.
_NO_HAND: Final = (
    Phase.DEAL,
    None,
    0,
    0,
    0,
    0,
    b"",
    -1,
    (),
    0,
    0,
    (-1, -1, -1, -1),
    0,
    -1,
    (0, 0, 0, 0),
    (),
    0,
    -1,
)


def clear_hand(w: Work) -> None:
    """Clear the table for a hand not dealt yet: no cards, no calls, nobody to act; chance deals."""
    w[10:28] = _NO_HAND  # type: ignore[index]  # one slice: PHASE to TO_ACT


def freezer(cls: type[S]) -> Callable[[Work], S]:
    """The function, in C, that makes a state of class ``cls`` (:class:`~pitch13.GameState`) from a Work copy."""
    return functools.partial(_new, cls)


# --- the commonest steps, built without a Work copy ----------------------------------------------
#
# A bid, a play, a pick-up or a look step changes a few fields, which sit at the end of the
# layout or together before it: these build the next state from slices of the old one. Each
# reads the state as its Layout (the tuple it is at run time) on its first line, the one place
# outside Work where the tuple is seen whole; from there on every field is typed.


def after_turn(state: S, hands: Hands, trick: Plays, out: int, to_act: int, log: bytes, entries: int) -> S:
    """A step that changes only the hands, the trick, who is out and who acts: one action more.

    A play that leaves the trick open, or a stop that passes the turn on.
    """
    f: Layout = state  # type: ignore[assignment]
    return _new(type(state), f[:24] + (hands, trick, out, to_act, log, f[29] + 1, entries))


def after_trick(
    state: S,
    tricks: tuple[Plays, ...],
    won_a: int,
    won_b: int,
    hands: Hands,
    out: int,
    leader: int,
    log: bytes,
    entries: int,
) -> S:
    """A play that ends a trick, ``leader`` to lead the next."""
    f: Layout = state  # type: ignore[assignment]
    return _new(
        type(state),
        f[:18] + (tricks, won_a, won_b, f[21], f[22], f[23], hands, (), out, leader, log, f[29] + 1, entries),
    )


_PROBE: Final = _new(Fields, tuple(range(31)))  # type: ignore[arg-type]  # each field its index
