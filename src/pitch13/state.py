"""The game state: one frozen value for the whole game, from the first deal to its end.

A :class:`GameState` is made by :func:`pitch13.new_game` and by :func:`pitch13.apply`, which
returns a new state and never changes the one it is given. Card holdings are kept as bit
masks over :attr:`Card.index <pitch13.Card.index>` and exposed as tuples of cards.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Final, Union

import attrs

from pitch13.actions import Action
from pitch13.cards import DECK, Card, Suit, cards_of_mask
from pitch13.events import Event
from pitch13.rules import Rules
from pitch13.scoring import HandResult, Outcome, Trick
from pitch13.trumps import TrumpTable

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


#: One step of the history: an action (with the seat that took it, ``None`` for chance) or
#: an event (seat ``None``).
HistoryItem = Union[Action, Event]


@attrs.frozen(slots=True)
class HistoryEntry:
    """One item of :attr:`GameState.history`."""

    #: The seat that took the action, or ``None`` for a chance action or an event.
    seat: int | None
    #: The action or event.
    item: HistoryItem


class Log:
    """A persistent list of history entries: each state adds nodes in O(1) (internal)."""

    __slots__ = ("item", "length", "prev", "seat")

    def __init__(self, prev: Log | None, seat: int | None, item: HistoryItem) -> None:
        self.prev: Final = prev
        self.seat: Final = seat
        self.item: Final = item
        self.length: Final[int] = 1 if prev is None else prev.length + 1

    def entries(self) -> list[tuple[int | None, HistoryItem]]:
        """The entries, oldest first."""
        out: list[tuple[int | None, HistoryItem]] = []
        node: Log | None = self
        while node is not None:
            out.append((node.seat, node.item))
            node = node.prev
        out.reverse()
        return out

    def since(self, start: int) -> list[tuple[int | None, HistoryItem]]:
        """The entries after the first ``start``, oldest first."""
        out: list[tuple[int | None, HistoryItem]] = []
        node: Log | None = self
        while node is not None and node.length > start:
            out.append((node.seat, node.item))
            node = node.prev
        out.reverse()
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        a: Log | None = self
        b: Log | None = other
        if self.length != other.length:
            return False
        while a is not None and b is not None and a is not b:
            if a.seat != b.seat or a.item != b.item:
                return False
            a, b = a.prev, b.prev
        return True

    def __hash__(self) -> int:
        return hash(tuple(self.entries()))

    def __reduce__(self) -> tuple[object, tuple[tuple[tuple[int | None, HistoryItem], ...]]]:
        # Flat, so that pickling or deep-copying a long game does not recurse once per entry.
        return (_log_of, (tuple(self.entries()),))


def _log_of(entries: tuple[tuple[int | None, HistoryItem], ...]) -> Log | None:
    log: Log | None = None
    for seat, item in entries:
        log = Log(log, seat, item)
    return log


def _iter_log(log: Log | None) -> Iterator[tuple[int | None, HistoryItem]]:
    if log is not None:
        yield from log.entries()


@attrs.frozen(slots=True)
class _Match:
    """What changes once a hand: the game's progress (internal part of a state)."""

    seed: int | None
    first_dealer: int
    hand_number: int
    dealer: int
    scores: tuple[int, int]
    outcome: Outcome | None
    results: tuple[HandResult, ...]


@attrs.frozen(slots=True)
class _Auction:
    """The auction's calls (internal part of a state): -1 not acted, 0 passed, else the bid."""

    calls: tuple[int, ...]
    high_bid: int
    bidder: int


@attrs.frozen(slots=True)
class _Exchange:
    """Trump and the cards outside hands and tricks (internal part of a state)."""

    trump: Suit | None
    table: TrumpTable | None = attrs.field(eq=False, hash=False)
    middle: int
    takeable: int
    dead: int
    shown: int
    stock: tuple[int, ...]
    turned: int


@attrs.frozen(slots=True, repr=False)
class GameState:
    """The whole state of a game. Make one with :func:`pitch13.new_game`; never construct it.

    Seats are 0 to 3 clockwise; teams are 0 (seats 0 and 2) and 1 (seats 1 and 3). States
    compare equal when everything, the history included, is equal.
    """

    #: The rules of the game.
    rules: Rules
    _match: _Match
    _log: Log | None
    #: Where the game stands.
    phase: Phase
    _to_act: int
    _auction: _Auction
    _exchange: _Exchange
    _hands: tuple[int, ...]
    _trick: tuple[tuple[int, int], ...]
    #: The finished tricks of the current hand, oldest first.
    tricks: tuple[Trick, ...]
    _out: int
    _won: tuple[int, int]

    # --- the game -------------------------------------------------------------------------

    @property
    def seed(self) -> int | None:
        """The seed that deals every hand, or ``None`` when the caller deals (R-DEAL-3)."""
        return self._match.seed

    @property
    def first_dealer(self) -> int:
        """The dealer of the first hand."""
        return self._match.first_dealer

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 1; thrown-in hands count."""
        return self._match.hand_number

    @property
    def dealer(self) -> int:
        """The current hand's dealer (R-DEAL-2)."""
        return self._match.dealer

    @property
    def scores(self) -> tuple[int, int]:
        """``(team A, team B)``: the scores of the hands scored so far."""
        return self._match.scores

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._match.outcome

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The results of the hands scored so far, oldest first."""
        return self._match.results

    @property
    def trump(self) -> Suit | None:
        """The trump suit once named, else ``None``."""
        return self._exchange.trump

    # --- who acts -------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when chance is to act (a deal) or the game is over."""
        return None if self._to_act < 0 else self._to_act

    @property
    def is_chance(self) -> bool:
        """Whether the next step is a shuffle: apply a :class:`~pitch13.Deal` (R-DEAL-3)."""
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._match.outcome is not None

    @property
    def winner(self) -> int | None:
        """The winning team, or ``None`` while the game goes on."""
        outcome = self._match.outcome
        return None if outcome is None else outcome.winner

    # --- the auction ----------------------------------------------------------------------

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's call this hand: its bid, ``0`` for a pass, ``None`` if it has not acted."""
        return tuple(None if c < 0 else c for c in self._auction.calls)

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far this hand, or ``None``."""
        return self._auction.high_bid or None

    @property
    def bidder(self) -> int | None:
        """The seat that won the auction, or ``None`` before the auction ends."""
        if self.phase in (Phase.DEAL, Phase.BIDDING) or self._auction.bidder < 0:
            return None
        return self._auction.bidder

    @property
    def bid(self) -> int | None:
        """The winning bid, or ``None`` before the auction ends."""
        return None if self.bidder is None else self._auction.high_bid

    # --- where the cards are --------------------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, cards in index order. Dead cards received in the refill stay here."""
        return tuple(cards_of_mask(h) for h in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The hand of ``seat``, in index order."""
        return cards_of_mask(self._hands[_check_seat(seat)])

    @property
    def middle(self) -> tuple[Card, ...]:
        """Cards discarded face up into the middle (R-DISC-1, R-DISC-2); dead once pick-up ends."""
        return cards_of_mask(self._exchange.middle)

    @property
    def takeable(self) -> tuple[Card, ...]:
        """Cards in the middle that may still be picked up (R-PICK-1)."""
        return cards_of_mask(self._exchange.takeable)

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile: cards given up or rejected in the look-through and unseen stock cards."""
        return cards_of_mask(self._exchange.dead)

    @property
    def dead_face_up(self) -> tuple[Card, ...]:
        """The cards of the dead pile that are face up: the trumps (R-LOOK-4)."""
        return cards_of_mask(self._exchange.shown)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (during the look-through: the cards not yet turned up)."""
        return tuple(DECK[i] for i in self._exchange.stock)

    @property
    def turned_card(self) -> Card | None:
        """The stock card turned up and waiting for a decision, else ``None`` (R-LOOK-2)."""
        turned = self._exchange.turned
        return None if turned < 0 else DECK[turned]

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick: ``(seat, card)`` in the order played."""
        return tuple((seat, DECK[i]) for seat, i in self._trick)

    @property
    def out(self) -> frozenset[int]:
        """The seats known to be out of trump this hand (R-PLAY-3)."""
        return frozenset(s for s in range(4) if self._out >> s & 1)

    @property
    def points_taken(self) -> tuple[int, int]:
        """Points each team has taken so far this hand (R-PLAY-6, R-PLAY-7)."""
        table = self._exchange.table
        if table is None:
            return (0, 0)
        points = table.points
        return (
            sum(points[c.index] for c in cards_of_mask(self._won[0])),
            sum(points[c.index] for c in cards_of_mask(self._won[1])),
        )

    @property
    def cards_won(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The point cards each team has taken so far this hand."""
        return (cards_of_mask(self._won[0]), cards_of_mask(self._won[1]))

    # --- history --------------------------------------------------------------------------

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        """Every action and event since the game began, oldest first."""
        return tuple(HistoryEntry(seat, item) for seat, item in _iter_log(self._log))

    @property
    def actions(self) -> tuple[tuple[int | None, Action], ...]:
        """The actions of :attr:`history` with their seats (``None`` for a deal), oldest first.

        Applying them in order to the game's first state rebuilds this state.
        """
        from pitch13.actions import ACTION_TYPES

        return tuple((s, item) for s, item in _iter_log(self._log) if isinstance(item, ACTION_TYPES))

    def __repr__(self) -> str:
        if self.phase is Phase.DEAL:
            who = "chance"
        else:
            who = "nobody" if self._to_act < 0 else f"seat {self._to_act}"
        return (
            f"<GameState hand {self.hand_number} {self.phase.name} {who} to act, "
            f"scores {self.scores[0]}-{self.scores[1]}>"
        )


def _check_seat(seat: int) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise TypeError(f"a seat is an int from 0 to 3, not {seat!r}")
    if not 0 <= seat <= 3:
        raise ValueError(f"a seat is an int from 0 to 3, not {seat}")
    return seat
