"""A finished hand in one value, auction included (internal; public as :mod:`pitch13.simulate`).

:class:`HandSummary` is read from the history entries of one hand, from its deal to its scoring
(or its throw-in), at a cost of that hand's entries: :func:`summarize_hand`, and
:func:`hand_summaries` for a whole game. The game runner of :mod:`pitch13.bots` makes the same
summaries as it plays, from the actions it applies and the hand's result, without reading the
history back: :class:`HandWatcher`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import attrs

from pitch13._base.checks import (
    check_count,
    check_flag,
    check_instance,
    check_numbers,
    check_seat,
    excerpt,
    unchecked,
)
from pitch13._core.history import last_result, start_of
from pitch13.actions import Bid, Deal, NameTrump, Pass, SeatAction
from pitch13.cards import Suit
from pitch13.events import (
    AuctionWon,
    GameOver,
    HandDealt,
    HandScored,
    HandThrownIn,
    ThrowInReason,
    TrickWon,
)
from pitch13.rules import AllPass, Rules
from pitch13.scoring import HandResult
from pitch13.state import GameState, HistoryEntry, Phase

__all__ = ["HandSummary", "HandWatcher", "hand_end", "hand_summaries", "summarize_hand"]


@attrs.frozen(slots=True)
class HandSummary:
    """One finished hand: the auction, trump, the points, the score, and how long it took.

    A hand thrown in (everyone passed under ``all_pass="redeal"``, R-BID-2, or a short stock
    under ``short_stock="redeal"``, R-FILL-2) has no points and no verdict: :attr:`points`,
    :attr:`unplayed_points` and :attr:`made` are ``None`` and :attr:`score_change` is
    ``(0, 0)``; when everyone passed, :attr:`bidder`, :attr:`bid` and :attr:`trump` are
    ``None`` too.

    Attributes:
        hand_number: The hand's number in the game, from 1 (thrown-in hands count too).
        dealer: The dealer of the hand.
        calls: Each seat's call in the order called, from the dealer's left to the dealer
            (R-BID-1): the amount bid, or ``None`` for a pass. The seat of call ``i`` is
            ``(dealer + 1 + i) % 4``.
        forced_dealer: Whether the dealer had to bid because the three seats before him passed
            (R-BID-2, under ``all_pass="dealer_forced"``).
        bidder: The seat that won the auction; ``None`` if everyone passed.
        bid: The winning bid; ``None`` if everyone passed.
        trump: The trump suit; ``None`` if the hand was thrown in before trump was named.
        points: The points each team took ``(team A, team B)``; ``None`` for a hand thrown in.
        unplayed_points: The points that came into play for nobody (R-PLAY-8); ``None`` for a
            hand thrown in.
        made: Whether the bidding team took at least its bid; ``None`` for a hand thrown in.
        moon: Whether the bid was ``max_bid``: shooting the moon (R-BID-3).
        score_change: The change of each team's score; ``(0, 0)`` for a hand thrown in.
        scores: Each team's score after the hand.
        ended_early: Whether the hand ended early because a team was out (R-PLAY-7); a hand
            that ends when nobody has a trump left ends as it should, not early.
        thrown_in: Why the hand was thrown in, or ``None`` if it was played.
        tricks: How many tricks were played.
        actions: How many actions the players took in the hand (a deal is not one of them).
        winner: The winning team if the game ended after this hand, else ``None``.

    Raises:
        TypeError: if a field is not of its type (a bool is not an int, nor an int a bool).
        ValueError: if :attr:`hand_number` is below 1, a seat is not 0 to 3, :attr:`winner`
            neither 0 nor 1, there are not four calls, a bid is below 1, a pair of numbers is
            not two, or a count is negative. (Whether the fields agree with each other, as a hand's do, is
            checked by :class:`~pitch13.simulate.HandLine`, which writes them.)
    """

    hand_number: int
    dealer: int
    calls: tuple[int | None, ...]
    forced_dealer: bool
    bidder: int | None
    bid: int | None
    trump: Suit | None
    points: tuple[int, int] | None
    unplayed_points: int | None
    made: bool | None
    moon: bool
    score_change: tuple[int, int]
    scores: tuple[int, int]
    ended_early: bool
    thrown_in: ThrowInReason | None
    tricks: int
    actions: int
    winner: int | None

    def __attrs_post_init__(self) -> None:
        check_count(self.hand_number, "HandSummary.hand_number", 1)
        check_seat(self.dealer, "HandSummary.dealer")
        check_instance(self.calls, tuple, "HandSummary.calls")
        if len(self.calls) != 4:
            raise ValueError(
                f"HandSummary.calls are the four calls of the auction, not {excerpt(self.calls)}"
            )
        for call in self.calls:
            if call is not None:
                check_count(call, "HandSummary.calls' bids", 1)
        for name in ("forced_dealer", "moon", "ended_early"):
            check_flag(getattr(self, name), f"HandSummary.{name}")
        check_flag(self.made, "HandSummary.made", optional=True)
        if self.bidder is not None:
            check_seat(self.bidder, "HandSummary.bidder")
        if self.bid is not None:
            check_count(self.bid, "HandSummary.bid", 1)
        if self.unplayed_points is not None:
            check_count(self.unplayed_points, "HandSummary.unplayed_points", 0)
        check_instance(self.trump, Suit, "HandSummary.trump", optional=True)
        if self.points is not None:
            check_numbers(self.points, "HandSummary.points", ints=True, length=2, low=0)
        check_numbers(self.score_change, "HandSummary.score_change", ints=True, length=2)
        check_numbers(self.scores, "HandSummary.scores", ints=True, length=2)
        check_instance(self.thrown_in, ThrowInReason, "HandSummary.thrown_in", optional=True)
        check_count(self.tricks, "HandSummary.tricks", 0)
        check_count(self.actions, "HandSummary.actions", 0)
        if self.winner is not None:
            check_count(self.winner, "HandSummary.winner", 0, 1)

    @property
    def bidding_team(self) -> int | None:
        """The bidder's team, or ``None`` if everyone passed."""
        return None if self.bidder is None else self.bidder & 1

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each of :attr:`calls`, in the same order."""
        return tuple((self.dealer + 1 + i) & 3 for i in range(len(self.calls)))

    def call_of(self, seat: int) -> int | None:
        """The call of ``seat``: the amount it bid, or ``None`` if it passed.

        Raises:
            TypeError: if ``seat`` is not an int (a bool is not one).
            ValueError: if ``seat`` is not 0 to 3.
        """
        return self.calls[(check_seat(seat, "seat") - self.dealer - 1) & 3]


HandSummary.__module__ = "pitch13.simulate"

_ENDS = (HandScored, HandThrownIn)


def hand_end(entries: Sequence[HistoryEntry], start: int = 0) -> int | None:
    """Where the hand whose entries begin at ``start`` ends (the index after it), or ``None``.

    A hand's entries run from its deal to its :class:`~pitch13.events.HandScored` or
    :class:`~pitch13.events.HandThrownIn`, and the :class:`~pitch13.events.GameOver` right after
    it if the game ended there; ``None`` means the hand is not finished.
    """
    for index in range(start, len(entries)):
        if isinstance(entries[index].item, _ENDS):
            after = index + 1
            if after < len(entries) and isinstance(entries[after].item, GameOver):
                after += 1
            return after
    return None


def summarize_hand(
    entries: Iterable[HistoryEntry], rules: Rules, scores_before: tuple[int, int]
) -> HandSummary:
    """The summary of the finished hand whose history entries are ``entries``.

    Args:
        entries: the hand's entries, from its deal (or the :class:`~pitch13.events.HandDealt` event) to
            its scoring or throw-in, and the :class:`~pitch13.events.GameOver` after it if any.
        rules: the rules the hand was played under (they say whether a dealer who bid after
            three passes had to).
        scores_before: each team's score before the hand (the scores after a hand thrown in).

    Raises:
        ValueError: if ``entries`` are not exactly one finished hand.
    """
    hand_number = dealer = bidder = bid = winner = None
    trump: Suit | None = None
    calls: list[int | None] = []
    result = None
    thrown_in: ThrowInReason | None = None
    tricks = actions = 0
    finished = False
    for index, entry in enumerate(entries):
        item = entry.item
        if finished and not isinstance(item, GameOver):
            raise ValueError(f"entry {index} ({type(item).__name__}) comes after the end of the hand")
        if hand_number is None and not isinstance(item, (Deal, HandDealt)):
            raise ValueError(f"a hand's entries begin with its deal, not {type(item).__name__}")
        if entry.seat is not None:
            actions += 1
        if isinstance(item, HandDealt):
            if hand_number is not None:
                raise ValueError(f"entry {index}: a second deal (hand {item.hand_number}) in one hand")
            hand_number, dealer = item.hand_number, item.dealer
        elif isinstance(item, (Pass, Bid)):
            calls.append(item.amount if isinstance(item, Bid) else None)
        elif isinstance(item, AuctionWon):
            bidder, bid = item.seat, item.bid
        elif isinstance(item, NameTrump):
            trump = item.suit
        elif isinstance(item, TrickWon):
            tricks += 1
        elif isinstance(item, HandScored):
            result, finished = item.result, True
        elif isinstance(item, HandThrownIn):
            thrown_in, finished = item.reason, True
        elif isinstance(item, GameOver):
            if not finished:
                raise ValueError(f"entry {index}: the game ends before the hand is scored")
            winner = item.outcome.winner
    if not finished or hand_number is None or dealer is None:
        raise ValueError("the entries do not hold a finished hand (no HandScored or HandThrownIn)")
    if result is None and thrown_in is None:  # pragma: no cover - a finished hand has one
        raise AssertionError("a finished hand is scored or thrown in")
    return _make_summary(
        rules,
        hand_number,
        dealer,
        tuple(calls),
        result,
        tricks=tricks,
        actions=actions,
        winner=winner,
        bidder=bidder,
        bid=bid,
        trump=trump,
        scores_before=scores_before,
        thrown_in=thrown_in,
    )


def _make_summary(
    rules: Rules,
    hand_number: int,
    dealer: int,
    calls: tuple[int | None, ...],
    result: HandResult | None,
    *,
    tricks: int,
    actions: int,
    winner: int | None,
    bidder: int | None,
    bid: int | None,
    trump: Suit | None,
    scores_before: tuple[int, int],
    thrown_in: ThrowInReason | None,
) -> HandSummary:
    """A hand's summary: from its result when it was scored, else as thrown in (no points)."""
    if result is not None:
        bidder, bid, trump, thrown_in = result.bidder, result.bid, result.trump, None
    return unchecked(  # a hand played: past the checks of one made in code (about 9 µs)
        HandSummary,
        hand_number=hand_number,
        dealer=dealer,
        calls=calls,
        forced_dealer=_forced(rules, calls),
        bidder=bidder,
        bid=bid,
        trump=trump,
        points=None if result is None else result.points,
        unplayed_points=None if result is None else result.unplayed_points,
        made=None if result is None else result.made,
        moon=bid == rules.max_bid if result is None else result.moon,
        score_change=(0, 0) if result is None else result.score_change,
        scores=scores_before if result is None else result.scores,
        ended_early=False if result is None else result.ended_early,
        thrown_in=thrown_in,
        tricks=tricks,
        actions=actions,
        winner=winner,
    )


def _forced(rules: Rules, calls: Sequence[int | None]) -> bool:
    """Whether the dealer, calling last, had to bid (R-BID-2)."""
    return (
        rules.all_pass is AllPass.DEALER_FORCED
        and len(calls) == 4
        and calls[0] is None
        and calls[1] is None
        and calls[2] is None
        and calls[3] is not None
    )


class HandWatcher:
    """Each hand's summary, made from the actions a game runner applies as it applies them.

    It reads no history back: the calls, trump, tricks and actions are seen as they happen, and
    the points and scores come from the hand's :class:`~pitch13.HandResult`. It gives the
    summary :func:`summarize_hand` reads from the hand's entries, at a cost of a few
    operations an action.
    """

    __slots__ = (
        "_actions",
        "_calls",
        "_dealer",
        "_hand",
        "_rules",
        "_scores",
        "_tricks",
        "_trump",
    )

    def __init__(self, state: GameState) -> None:
        """Watch the game of ``state``, from ``state`` on (the start of a hand)."""
        self._rules = state.rules
        self._begin(state)

    def _begin(self, state: GameState) -> None:
        self._hand = state.hand_number
        self._dealer = state.dealer
        self._scores = state.scores
        self._calls: list[int | None] = []
        self._trump: Suit | None = None
        self._tricks = 0
        self._actions = 0

    def step(self, phase: Phase, action: SeatAction, after: GameState) -> HandSummary | None:
        """Note ``action``, taken in ``phase``, which led to ``after``; the hand's summary if it ended."""
        self._actions += 1
        if phase is Phase.PLAY:
            if not after.trick:  # a play that ended a trick leaves none started
                self._tricks += 1
        elif phase is Phase.BIDDING:
            self._calls.append(action.amount if isinstance(action, Bid) else None)
        elif phase is Phase.TRUMP and isinstance(action, NameTrump):
            self._trump = action.suit
        if after.hand_number == self._hand and not after.is_over:
            return None
        summary = self._summary(after)
        self._begin(after)
        return summary

    def _summary(self, after: GameState) -> HandSummary:
        calls = tuple(self._calls)
        winner = after.winner if after.is_over else None
        # The last result scored: this hand's, unless it was thrown in. Found in O(1), without
        # reading the results of the hands before (see Hand.scored_before).
        result = last_result(after._past, self._rules)
        if result is not None and result.hand_number != self._hand:
            result = None  # an earlier hand's: this one was thrown in
        bids = [call for call in calls if call is not None]
        bid = max(bids) if bids else None
        bidder = None
        if bid is not None:  # the last to call the high bid: a dealer who matched it (R-BID-4)
            bidder = (self._dealer + len(calls) - calls[::-1].index(bid)) & 3
        return _make_summary(
            self._rules,
            self._hand,
            self._dealer,
            calls,
            result,
            tricks=self._tricks,
            actions=self._actions,
            winner=winner,
            bidder=bidder,
            bid=bid,
            trump=self._trump,
            scores_before=self._scores,
            thrown_in=ThrowInReason.SHORT_STOCK if bids else ThrowInReason.ALL_PASSED,
        )


def hand_summaries(state: GameState) -> Iterator[HandSummary]:
    """The summary of every finished hand of ``state``'s game, oldest first.

    It reads the whole history once: O(entries of the game). A hand still in play is left out.
    The game is read from its start: a game started partway (:func:`~pitch13.new_game` with
    ``scores`` or ``hand_number``), from the hand and the scores it started at.

    >>> import pitch13
    >>> from pitch13.bots import SimpleBot, play_game
    >>> final = play_game([SimpleBot(seat) for seat in range(4)], seed=7)
    >>> hands = list(hand_summaries(final))
    >>> len(hands) == final.hand_number, hands[-1].scores == final.scores
    (True, True)
    >>> first = hands[0]
    >>> first.dealer, first.seats, first.calls[-1] == first.call_of(0)
    (0, (1, 2, 3, 0), True)

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` (at the call).
    """
    if not isinstance(state, GameState):
        raise TypeError(f"hand_summaries() takes a GameState, not {type(state).__name__}")
    return _summaries(state)


def _summaries(state: GameState) -> Iterator[HandSummary]:
    entries = state.history
    begun = start_of(state._past)
    scores = (0, 0) if begun is None else begun.scores
    start = 0
    while start < len(entries):
        end = hand_end(entries, start)
        if end is None:
            return
        summary = summarize_hand(entries[start:end], state.rules, scores)
        scores = summary.scores
        start = end
        yield summary


hand_summaries.__module__ = "pitch13.simulate"
