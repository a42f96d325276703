"""The game state: one immutable value for the whole game, from the first deal to its end.

A :class:`GameState` is made by :func:`pitch13.new_game` and by :func:`pitch13.apply`, which
returns a new state and never changes the one it is given. Card holdings are kept as bit
masks over :attr:`Card.index <pitch13.Card.index>` and exposed as tuples of cards.

The history is kept compact: the current hand's actions and events as a few bytes each, and
the hands before it in a chain that every later state shares. Reading
:attr:`GameState.history` decodes it; :attr:`GameState.ply`, :attr:`GameState.history_len`
and :meth:`GameState.history_since` give its length and its newest entries without decoding
the rest. Hashing and comparing states never walks the history of a game in progress either
(see the docs' "Performance" page for what each operation costs).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from operator import itemgetter
from typing import Final, NoReturn, final

import attrs

from pitch13._base.checks import check_seat
from pitch13._core import history as _history
from pitch13._core.fields import (
    BIDDER,
    CALLS,
    DEAD,
    DEALER,
    FIRST_DEALER,
    HAND_DECK,
    HAND_NUMBER,
    HANDS,
    HIGH_BID,
    HISTORY_LEN,
    LOG,
    MIDDLE,
    OUT,
    OUTCOME,
    PAST,
    PHASE,
    PLY,
    RULES,
    SCORES,
    SEED,
    SHOWN,
    STOCK,
    TABLE,
    TAKEABLE,
    TO_ACT,
    TRICK,
    TRICKS,
    TURNED,
    WON_A,
    WON_B,
)
from pitch13._core.history import Hand, HistoryItem
from pitch13._core.logs import hand_entries, hand_logs, hands_since, skipped
from pitch13._core.masks import cards_of_mask
from pitch13._core.tables import TrumpTable
from pitch13._core.tally import make_trick
from pitch13.actions import Action, Deal
from pitch13.cards import DECK, Card, Suit
from pitch13.rules import Rules
from pitch13.scoring import HandResult, Outcome, Trick

__all__ = ["GameState", "HistoryEntry", "Phase"]


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


_DEAL: Final = Phase.DEAL


@attrs.frozen(slots=True)
class HistoryEntry:
    """One item of :attr:`GameState.history`."""

    #: The seat that took the action, or ``None`` for a chance action or an event.
    seat: int | None
    #: The action or event.
    item: HistoryItem


_Fields = tuple[
    Rules,
    Phase,
    int,
    tuple[int, ...],
    tuple[int, ...],
    int,
    "TrumpTable | None",
    int,
    int,
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    int,
    int,
    int,
    int,
    int,
    int,
    bytes,
    int,
    "int | None",
    int,
    int,
    int,
    tuple[int, int],
    "Outcome | None",
    bytes,
    bytes,
    "Hand | None",
    int,
    int,
    "dict[object, object] | None",
]


@final
class GameState(_Fields):
    """The whole state of a game. Make one with :func:`pitch13.new_game`; never construct it.

    Seats are 0 to 3 clockwise; teams are 0 (seats 0 and 2) and 1 (seats 1 and 3). A state is
    immutable and hashable; states compare equal when they are the same game at the same point:
    the same rules, first dealer and seed, and the same history. It is not a sequence: use its
    properties (its tuple form is internal).
    """

    __slots__ = ()

    # --- the game -------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self[RULES]

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self[PHASE]

    @property
    def seed(self) -> int | None:
        """The seed that deals every hand, or ``None`` when the caller deals (R-DEAL-3)."""
        return self[SEED]

    @property
    def first_dealer(self) -> int:
        """The dealer of hand 1; in a game started at a later hand, the seat that dealt it (R-DEAL-2)."""
        return self[FIRST_DEALER]

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 1; thrown-in hands count."""
        return self[HAND_NUMBER]

    @property
    def dealer(self) -> int:
        """The current hand's dealer (R-DEAL-2)."""
        return self[DEALER]

    @property
    def scores(self) -> tuple[int, int]:
        """``(team A, team B)``: the scores of the hands scored so far."""
        return self[SCORES]

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self[OUTCOME]

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The results of the hands scored so far, oldest first.

        Made from the game's finished hands each time it is read: O(hands played). A game
        started partway knows only the last result before its start, if any: none when
        :func:`~pitch13.new_game` started it at given ``scores`` or ``hand_number``, and that
        of the hand before the view's when :func:`~pitch13.sample_state` made it.
        """
        return tuple(_history.results(self[PAST], self[RULES]))

    @property
    def trump(self) -> Suit | None:
        """The trump suit once named, else ``None``."""
        table = self[TABLE]
        return None if table is None else table.trump

    # --- who acts -------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when chance is to act (a deal) or the game is over."""
        seat = self[TO_ACT]
        return None if seat < 0 else seat

    @property
    def is_chance(self) -> bool:
        """Whether the next step is a shuffle: apply a :class:`~pitch13.Deal` (R-DEAL-3)."""
        return self[PHASE] is _DEAL

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self[OUTCOME] is not None

    @property
    def winner(self) -> int | None:
        """The winning team, or ``None`` while the game goes on."""
        outcome = self[OUTCOME]
        return None if outcome is None else outcome.winner

    # --- the auction ----------------------------------------------------------------------

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's call this hand: its bid, ``0`` for a pass, ``None`` if it has not acted."""
        return tuple(None if c < 0 else c for c in self[CALLS])

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far this hand, or ``None``."""
        return self[HIGH_BID] or None

    @property
    def bidder(self) -> int | None:
        """The seat that won the auction, or ``None`` before the auction ends."""
        if self[PHASE] in (Phase.DEAL, Phase.BIDDING) or self[BIDDER] < 0:
            return None
        return self[BIDDER]

    @property
    def bid(self) -> int | None:
        """The winning bid, or ``None`` before the auction ends."""
        return None if self.bidder is None else self[HIGH_BID]

    # --- where the cards are --------------------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, cards in index order. Dead cards received in the refill stay here."""
        return tuple(cards_of_mask(h) for h in self[HANDS])

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The hand of ``seat``, in index order.

        Raises:
            TypeError: if ``seat`` is not an int.
            ValueError: if it is not from 0 to 3.
        """
        return cards_of_mask(self[HANDS][check_seat(seat)])

    @property
    def middle(self) -> tuple[Card, ...]:
        """Cards discarded face up into the middle (R-DISC-1, R-DISC-2); dead once pick-up ends."""
        return cards_of_mask(self[MIDDLE])

    @property
    def takeable(self) -> tuple[Card, ...]:
        """Cards in the middle that may still be picked up (R-PICK-1)."""
        return cards_of_mask(self[TAKEABLE])

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile: cards given up or rejected in the look-through and unseen stock cards."""
        return cards_of_mask(self[DEAD])

    @property
    def dead_face_up(self) -> tuple[Card, ...]:
        """The cards of the dead pile that are face up: the trumps (R-LOOK-4)."""
        return cards_of_mask(self[SHOWN])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (during the look-through: the cards not yet turned up)."""
        return tuple(DECK[i] for i in self[STOCK])

    @property
    def turned_card(self) -> Card | None:
        """The stock card turned up and waiting for a decision, else ``None`` (R-LOOK-2)."""
        turned = self[TURNED]
        return None if turned < 0 else DECK[turned]

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick: ``(seat, card)`` in the order played."""
        return tuple((code >> 6, DECK[code & 63]) for code in self[TRICK])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks of the current hand, oldest first."""
        table = self[TABLE]
        if table is None:
            return ()
        return tuple(make_trick(number, table, plays) for number, plays in enumerate(self[TRICKS], start=1))

    @property
    def out(self) -> frozenset[int]:
        """The seats known to be out of trump this hand (R-PLAY-3)."""
        out = self[OUT]
        return frozenset(s for s in range(4) if out >> s & 1)

    @property
    def points_taken(self) -> tuple[int, int]:
        """Points each team has taken so far this hand (R-PLAY-6, R-PLAY-7)."""
        table = self[TABLE]
        if table is None:
            return (0, 0)
        return (table.points_of(self[WON_A]), table.points_of(self[WON_B]))

    @property
    def cards_won(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The point cards each team has taken so far this hand."""
        return (cards_of_mask(self[WON_A]), cards_of_mask(self[WON_B]))

    # --- history --------------------------------------------------------------------------

    @property
    def ply(self) -> int:
        """How many actions have been applied since the game began, deals included: O(1).

        It counts up by one with every :func:`~pitch13.apply`. It is ``len(state.actions)``,
        except in a game started partway (a :func:`~pitch13.sample_state` sample), whose history
        begins at the shown hand while ``ply`` counts the actions before it too.
        """
        return self[PLY]

    @property
    def history_len(self) -> int:
        """How many entries :attr:`history` holds: O(1)."""
        return self[HISTORY_LEN]

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        """Every action and event since the game began, oldest first.

        Decoded from the compact history each time it is read: O(entries). To follow a game as
        it goes, read only what is new with :meth:`history_since`.
        """
        return self.history_since(0)

    def history_since(self, start: int) -> tuple[HistoryEntry, ...]:
        """The entries of :attr:`history` after the first ``start``: ``history[start:]``.

        It decodes only the hands from the one that holds entry ``start``: O(entries after
        ``start`` plus those of that hand before it), whatever the length of the game.

        Raises:
            TypeError: if ``start`` is not an int.
            ValueError: if ``start`` is negative or more than :attr:`history_len`.
        """
        if type(start) is not int and (not isinstance(start, int) or isinstance(start, bool)):
            raise TypeError(f"history_since() takes an int, not {type(start).__name__}")
        if not 0 <= start <= self[HISTORY_LEN]:
            raise ValueError(f"history_since() takes 0 to history_len ({self[HISTORY_LEN]}), not {start}")
        return tuple(HistoryEntry(seat, item) for seat, item in self._entries_since(start))

    def _entries_since(self, start: int) -> Iterator[tuple[int | None, HistoryItem]]:
        hands, skip = hands_since(self, start)
        for hand in hands:
            yield from skipped(hand_entries(self, hand), skip)
            skip = 0

    @property
    def actions(self) -> tuple[tuple[int | None, Action], ...]:
        """The actions of :attr:`history` with their seats (``None`` for a deal), oldest first.

        Applying them in order to the game's first state rebuilds this state. O(entries).
        """
        out: list[tuple[int | None, Action]] = []
        for deck, log in hand_logs(self):
            if log[:1] == _history.DEAL_CODE:
                out.append((None, Deal(DECK[i] for i in deck)))
            out.extend((seat, _history.action_of(kind, arg)) for kind, seat, arg in _history.actions_of(log))
        return tuple(out)

    # --- a value --------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not GameState:
            return False  # not NotImplemented: tuple's own == would compare the fields
        return (
            self[PLY] == other[PLY]
            and self[HISTORY_LEN] == other[HISTORY_LEN]
            and self[LOG] == other[LOG]
            and self[HAND_DECK] == other[HAND_DECK]
            and self[SEED] == other[SEED]
            and self[FIRST_DEALER] == other[FIRST_DEALER]
            and self[RULES] == other[RULES]
            and _history.same_past(self[PAST], other[PAST])
        )

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        past = self[PAST]
        return hash((0 if past is None else past.digest, self[HAND_DECK], self[LOG], self[PLY]))

    def __lt__(self, other: object) -> NoReturn:
        raise TypeError("game states are not ordered")

    __le__ = __gt__ = __ge__ = __lt__

    def __len__(self) -> NoReturn:
        raise TypeError("a GameState is not a sequence: see ply and history_len")

    def __iter__(self) -> NoReturn:
        raise TypeError("a GameState is not a sequence: read its properties")

    def __contains__(self, item: object) -> NoReturn:
        raise TypeError("a GameState is not a sequence: read its properties")

    def __add__(self, other: object) -> NoReturn:
        raise TypeError("a GameState is not a sequence")

    __mul__ = __rmul__ = __add__

    def __bool__(self) -> bool:
        return True

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        return self

    def __repr__(self) -> str:
        if self[PHASE] is Phase.DEAL:
            who = "chance"
        else:
            who = "nobody" if self[TO_ACT] < 0 else f"seat {self[TO_ACT]}"
        scores = self[SCORES]
        return (
            f"<GameState hand {self[HAND_NUMBER]} {self[PHASE].name} {who} to act, "
            f"scores {scores[0]}-{scores[1]}>"
        )


class _Field(property):
    """A property of :class:`GameState` that returns one of its fields as it is (internal).

    It reads the field with :func:`operator.itemgetter`, in C: half the cost of calling the
    ``def`` it replaces, and a program reads ``state.outcome`` or ``state.phase`` at every step.
    The ``def`` stays its ``fget`` attribute (the property's own getter is the itemgetter), so
    documentation tools and :mod:`inspect` still find its type and docstring.
    """

    fget = None  # shadows property.fget, so that the instance's own attribute is read

    def __init__(self, typed: property, index: int) -> None:
        super().__init__(itemgetter(index))
        self.__dict__["fget"] = typed.fget
        self.__dict__["__doc__"] = typed.__doc__


for _name, _index in (
    ("rules", RULES),
    ("phase", PHASE),
    ("seed", SEED),
    ("first_dealer", FIRST_DEALER),
    ("hand_number", HAND_NUMBER),
    ("dealer", DEALER),
    ("scores", SCORES),
    ("outcome", OUTCOME),
    ("ply", PLY),
    ("history_len", HISTORY_LEN),
):
    setattr(GameState, _name, _Field(GameState.__dict__[_name], _index))
del _name, _index
