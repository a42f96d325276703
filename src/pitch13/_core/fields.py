"""The layout of a :class:`~pitch13.GameState`: its fields, named and typed (internal).

This module alone knows where each field sits. A state is a tuple at run time, because a tuple
is the cheapest immutable value Python builds; to a type checker it is not a tuple at all but a
class of read-only fields:

* :class:`Fields` is the base of :class:`~pitch13.GameState`. Every field is a read-only
  attribute whose name starts with an underscore (``state._hands``), read in C by a tuple
  getter (the one :func:`collections.namedtuple` uses): as cheap as ``state[3]``, and typed.
* :class:`Work` is the mutable copy a transition changes: the same fields without the
  underscore (``w.hands``), each a typed slot. ``Work.of(state)`` copies a state in and
  ``Work.freeze(GameState, w)`` makes the next state.
* The commonest steps skip the copy: :func:`after_call`, :func:`after_turn`,
  :func:`after_trick` and :func:`after_cards` build the next state straight from the fields
  they change, which sit together at the end of the layout for that reason.

A field named like a public property holds what the property shows, in compact form: bit masks
over card indices for sets of cards, ``-1`` for "none".
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Final, Generic, TypeVar, cast

from pitch13._core.history import Hand
from pitch13._core.tables import TrumpTable
from pitch13.rules import Rules
from pitch13.scoring import Outcome

__all__ = [
    "Fields",
    "Layout",
    "Phase",
    "Work",
    "after_call",
    "after_cards",
    "after_trick",
    "after_turn",
    "getter",
]

T = TypeVar("T")


class Phase(enum.Enum):
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
    # What the commonest steps change (after_call, after_play, after_card): kept last.
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


S = TypeVar("S", bound=Fields)


def getter(name: str) -> Callable[[Fields], object]:
    """A function in C that reads the field ``name`` (``"phase"``) of a state, for a property."""
    index = getattr(_PROBE, "_" + name)  # the field's index, read off a state of indices
    return cast("Callable[[Fields], object]", itemgetter(index))


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

if TYPE_CHECKING:

    def _new(cls: type[S], fields: Layout, /) -> S: ...
    def _whole(state: Fields, /) -> Layout: ...
    def _alloc(cls: type[Work], /) -> Work: ...

else:
    _new = tuple.__new__
    _whole = itemgetter(slice(None))
    _alloc = object.__new__


class Work:
    """A state's fields, copied to be changed into the next state's (internal).

    ``Work.of(state)`` copies a state in; :meth:`freeze` makes the state. Every field is typed,
    so the type checker sees each write a transition makes.
    """

    __slots__ = (
        "bidder",
        "calls",
        "dead",
        "dealer",
        "first_dealer",
        "hand_cache",
        "hand_deck",
        "hand_number",
        "hands",
        "high_bid",
        "history_len",
        "log",
        "middle",
        "out",
        "outcome",
        "past",
        "phase",
        "ply",
        "rules",
        "scores",
        "seed",
        "shown",
        "stock",
        "table",
        "takeable",
        "to_act",
        "trick",
        "tricks",
        "turned",
        "won_a",
        "won_b",
    )

    rules: Rules
    seed: int | None
    first_dealer: int
    hand_number: int
    dealer: int
    scores: tuple[int, int]
    outcome: Outcome | None
    past: Hand | None
    hand_deck: bytes
    hand_cache: dict[object, object] | None
    phase: Phase
    table: TrumpTable | None
    middle: int
    takeable: int
    dead: int
    shown: int
    stock: bytes
    turned: int
    tricks: tuple[Plays, ...]
    won_a: int
    won_b: int
    calls: tuple[int, ...]
    high_bid: int
    bidder: int
    hands: Hands
    trick: Plays
    out: int
    to_act: int
    log: bytes
    ply: int
    history_len: int

    @classmethod
    def start(
        cls,
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

        ``past`` is the game's history before it (a :class:`~pitch13._core.history.Start` when
        the game begins partway), ``ply`` the actions before it.
        """
        w = cls.__new__(cls)
        w.rules, w.seed, w.first_dealer, w.hand_number = rules, seed, first_dealer, hand_number
        w.dealer = (first_dealer + hand_number - 1) & 3
        w.scores, w.outcome, w.past, w.hand_deck, w.hand_cache = scores, None, past, b"", None
        w.log, w.ply, w.history_len = b"", ply, 0
        w.clear_hand(Phase.DEAL)
        return w

    @classmethod
    def of(cls, state: Fields) -> Work:
        """A mutable copy of ``state``'s fields."""
        w = _alloc(cls)
        (
            w.rules,
            w.seed,
            w.first_dealer,
            w.hand_number,
            w.dealer,
            w.scores,
            w.outcome,
            w.past,
            w.hand_deck,
            w.hand_cache,
            w.phase,
            w.table,
            w.middle,
            w.takeable,
            w.dead,
            w.shown,
            w.stock,
            w.turned,
            w.tricks,
            w.won_a,
            w.won_b,
            w.calls,
            w.high_bid,
            w.bidder,
            w.hands,
            w.trick,
            w.out,
            w.to_act,
            w.log,
            w.ply,
            w.history_len,
        ) = _whole(state)
        return w

    def clear_hand(self, phase: Phase) -> None:
        """Clear the table for a hand not dealt yet: no cards, no calls, nobody to act."""
        self.phase, self.table, self.middle, self.takeable, self.dead, self.shown = phase, None, 0, 0, 0, 0
        self.stock, self.turned, self.tricks, self.won_a, self.won_b = b"", -1, (), 0, 0
        self.calls, self.high_bid, self.bidder = (-1, -1, -1, -1), 0, -1
        self.hands, self.trick, self.out, self.to_act = (0, 0, 0, 0), (), 0, -1

    @staticmethod
    def freeze(cls: type[S], self: Work) -> S:
        """The state of class ``cls`` (:class:`~pitch13.GameState`) the fields ``self`` make.

        A static method, ``cls`` first, so that the engine can bind it with
        :func:`functools.partial`, in C.
        """
        return _new(
            cls,
            (
                self.rules,
                self.seed,
                self.first_dealer,
                self.hand_number,
                self.dealer,
                self.scores,
                self.outcome,
                self.past,
                self.hand_deck,
                self.hand_cache,
                self.phase,
                self.table,
                self.middle,
                self.takeable,
                self.dead,
                self.shown,
                self.stock,
                self.turned,
                self.tricks,
                self.won_a,
                self.won_b,
                self.calls,
                self.high_bid,
                self.bidder,
                self.hands,
                self.trick,
                self.out,
                self.to_act,
                self.log,
                self.ply,
                self.history_len,
            ),
        )


# --- the commonest steps, built without a Work copy ----------------------------------------------
#
# A bid, a play, a pick-up or a look step changes a few fields, which sit at the end of the
# layout or together before it: these build the next state from slices of the old one. Each
# reads the state as its Layout (the tuple it is at run time) on its first line, the one place
# outside Work where the tuple is seen whole; from there on every field is typed.


def after_call(state: S, calls: tuple[int, ...], high_bid: int, bidder: int, to_act: int, log: bytes) -> S:
    """A pass or bid that leaves the auction open: one action and one entry more."""
    f: Layout = state  # type: ignore[assignment]
    return _new(
        type(state),
        f[:21] + (calls, high_bid, bidder, f[24], f[25], f[26], to_act, log, f[29] + 1, f[30] + 1),
    )


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


def after_cards(
    state: S,
    middle: int,
    takeable: int,
    dead: int,
    shown: int,
    stock: bytes,
    turned: int,
    hands: Hands,
    to_act: int,
    log: bytes,
    entries: int,
) -> S:
    """A pick-up or look step: one action more."""
    f: Layout = state  # type: ignore[assignment]
    return _new(
        type(state),
        f[:12]
        + (middle, takeable, dead, shown, stock, turned)
        + f[18:24]
        + (hands, f[25], f[26], to_act, log, f[29] + 1, entries),
    )


_PROBE: Final = _new(Fields, tuple(range(31)))  # type: ignore[arg-type]  # each field its index
