"""Solving a hand's play exactly, evaluating a seat's choices on sampled deals, and the solver bot (internal).

:func:`solve_play` runs the double-dummy search (:mod:`pitch13.engine._solve`) on a state in the
play phase. :func:`evaluate_choices` measures each of a seat's legal actions on deals drawn from
its view: a card by the solved play that follows it, any other decision by the rollout policy of
:mod:`pitch13.bots._search` up to the play, then the solved play. :class:`SolverBot` plays its
cards, bids and names trump by that evaluation, and takes its other decisions as
:class:`~pitch13.bots.SearchBot` does.
The public faces are :mod:`pitch13.analysis` and :class:`pitch13.bots.SolverBot`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import attrs

from pitch13._base.checks import check_count, check_time_limit, written
from pitch13._base.seeds import random_source
from pitch13._core.masks import mask_of
from pitch13._core.tally import outcome_after, score_change
from pitch13.actions import Bid, NameTrump, Pass, Play, SeatAction
from pitch13.bots._args import check_bid_margin, choices_of, seeded_random
from pitch13.bots._search import GAME_VALUE, SearchBot, rollout_action, suit_worth, tables
from pitch13.engine import apply, legal_actions
from pitch13.engine._solve import Hands, PlaySearch
from pitch13.sampling import sample_state
from pitch13.state import GameState, Phase
from pitch13.views import SeatView

#: The suits :class:`SolverBot` weighs as trump (the others are rarely right, and cost as much).
TRUMPS_WEIGHED = 2

#: Rollout steps before giving up on reaching the play (a hand takes far fewer).
_MAX_STEPS = 400


@attrs.frozen(slots=True)
class Solved:
    """What :func:`solve_play` finds: the points to come after each legal card, and what they are worth.

    Points are the bidding team's, from the cards still in hands and in the trick.
    """

    #: The legal cards, in the order of :func:`~pitch13.legal_actions`.
    actions: tuple[SeatAction, ...]
    #: The points the bidding team takes from here after each of them.
    taken: tuple[int, ...]
    #: Positions the search visited.
    nodes: int
    #: What the points are worth.
    value_of: HandValue


class HandValue:
    """What the points the bidding team takes from a position are worth (R-SCORE-1, R-SCORE-2, R-END-*).

    A value is the bidding team's score change for the hand less the defenders', plus
    ``game_value`` if the hand ends the game and the bidding team wins it (minus if it loses).
    """

    __slots__ = ("_bid", "_bidder", "_game_value", "_hand", "_rules", "_scores", "_won", "bidding", "to_come")

    def __init__(self, state: GameState, game_value: float) -> None:
        table = state._table
        assert table is not None
        hands = state._hands
        self._rules = state._rules
        self._bidder = state._bidder
        self._bid = state._high_bid
        self._hand = state._hand_number
        self._scores = state._scores
        self._won = (table.points_of(state._won_a), table.points_of(state._won_b))
        self._game_value = game_value
        #: The bidding team.
        self.bidding = state._bidder & 1
        #: The points of the cards still in hands and in the trick.
        self.to_come = table.points_of(hands[0] | hands[1] | hands[2] | hands[3]) + sum(
            table.points[code & 63] for code in state._trick
        )

    def points(self, taken: int) -> tuple[int, int]:
        """The points each team takes in the hand when the bidding team takes ``taken`` of those to come."""
        won = [self._won[0], self._won[1]]
        won[self.bidding] += taken
        won[1 - self.bidding] += self.to_come - taken
        return (won[0], won[1])

    def __call__(self, taken: int) -> float:
        """The value when the bidding team takes ``taken`` of the points to come."""
        bidding = self.bidding
        change, made = score_change(self._rules, self._bidder, self._bid, self.points(taken))
        value = float(change[bidding] - change[1 - bidding])
        if self._game_value:
            scores = (self._scores[0] + change[0], self._scores[1] + change[1])
            outcome = outcome_after(self._rules, self._hand, self._bidder, self._bid, made, scores)
            if outcome is not None:
                value += self._game_value if outcome.winner == bidding else -self._game_value
        return value


def _search_of(state: GameState) -> tuple[PlaySearch, Hands, tuple[int, ...]]:
    """A search of ``state``'s play, and its hands and trick as the search names them."""
    table = state._table
    assert table is not None and state._phase is Phase.PLAY
    search = PlaySearch(table, rules=state._rules, bidding=state._bidder & 1)
    place_of = search.layout.place_of
    trick = tuple((code >> 6) << 5 | place_of[code & 63] for code in state._trick)
    return search, search.places(state._hands), trick


def solve_play(state: GameState, game_value: float = 0.0) -> Solved:
    """Solve the rest of the hand from ``state``, in the play phase with a seat to act: every legal card."""
    search, hands, trick = _search_of(state)
    seat = state._to_act
    taken_by = search.values(hands, trick, seat)  # shared by cards of equal effect
    place_of = search.layout.place_of
    actions = legal_actions(state)
    taken: list[int] = []
    for action in actions:
        assert isinstance(action, Play)
        place = place_of[action.card.index]
        while place not in taken_by:  # merged into the next higher card of its set
            place += 1
        taken.append(taken_by[place])
    value_of = HandValue(state, game_value)
    return Solved(actions, tuple(taken), search.nodes, value_of)


def hand_value(
    state: GameState,
    hand: int,
    scores: tuple[int, int],
    team: int,
    known: dict[tuple[object, ...], int],
    game_value: float = 0.0,
) -> float:
    """``team``'s value once play from ``state`` is solved, or of the hand if it is over.

    ``state`` is in the play phase of hand ``hand``, or past that hand (thrown in or scored),
    and ``scores`` are the scores before the hand. ``known`` keeps the points to come of the
    positions solved, which do not depend on the bid: candidates that reach the same play
    (bids of different amounts, say) are solved once.
    """
    if state._phase is Phase.PLAY and state._hand_number == hand:
        value_of = HandValue(state, game_value)
        key = (
            state._table,
            state._rules.lead_fallback,
            value_of.bidding,
            state._hands,
            state._trick,
            state._to_act,
        )
        taken = known.get(key)
        if taken is None:
            search, hands, trick = _search_of(state)
            taken = known[key] = search.value(hands, trick, state._to_act)
        value = value_of(taken)
        return value if value_of.bidding == team else -value
    after = state._scores
    value = float((after[team] - scores[team]) - (after[1 - team] - scores[1 - team]))
    outcome = state._outcome
    if game_value and outcome is not None:
        value += game_value if outcome.winner == team else -game_value
    return value


def to_play(state: GameState) -> GameState:
    """Play the rollout policy from ``state`` until the play starts or the hand is over."""
    hand = state._hand_number
    for _ in range(_MAX_STEPS):
        phase = state._phase
        if phase is Phase.PLAY or state._hand_number != hand or state.is_over or state.is_chance:
            return state
        actions = legal_actions(state)
        state = apply(state, actions[0] if len(actions) == 1 else rollout_action(state, actions))
    return state  # pragma: no cover - a hand reaches its play well before


def evaluate_choices(
    seat_view: SeatView,
    candidates: Sequence[SeatAction],
    rng: random.Random,
    samples: int,
    time_limit: float | None,
    game_value: float = 0.0,
) -> list[list[float]]:
    """Each candidate's value on each deal drawn from ``seat_view``, for the seat's team.

    The deals are drawn as a uniform shuffle weights them (``weighting="shuffle"``): each deal
    the seat cannot tell from the real one is as likely, as at a real table. Stops after
    ``samples`` deals, or once ``time_limit`` CPU seconds have passed (at least one deal); a view
    no game can produce raises :exc:`~pitch13.SamplingError`. A card is valued by the solved play
    after it (one search values every card); any other action by the rollout policy up to the
    play, then the solved play. Values are score
    differences, and ``game_value`` more (or less) when the hand ends the game.
    """
    seat = seat_view.seat
    assert seat is not None
    team = seat & 1
    values: list[list[float]] = [[] for _ in candidates]
    deadline = None if time_limit is None else time.process_time() + time_limit
    playing = seat_view.phase is Phase.PLAY
    for _ in range(samples):
        state = sample_state(seat_view, rng, weighting="shuffle")
        if playing:
            solved = solve_play(state, game_value)
            value_of = solved.value_of
            sign = 1 if value_of.bidding == team else -1
            by_action = dict(zip(solved.actions, solved.taken, strict=True))
            for i, action in enumerate(candidates):
                values[i].append(sign * value_of(by_action[action]))
        else:
            hand, scores = state._hand_number, state._scores
            known: dict[tuple[object, ...], int] = {}
            for i, action in enumerate(candidates):
                values[i].append(
                    hand_value(to_play(apply(state, action)), hand, scores, team, known, game_value)
                )
        if deadline is not None and time.process_time() >= deadline:
            break
    return values


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


class SolverBot:
    """A player that decides by solving sampled deals exactly (double-dummy).

    For a decision it draws deals its view cannot tell from the real one
    (:func:`~pitch13.sample_state`) and values each candidate on every deal by solving the play
    with every card known (:func:`pitch13.analysis.solve`): a card by the play that follows it; a
    bid or a trump by playing on to the play with the rollout policy of :class:`SearchBot`, then
    solving it. It takes the candidate whose value is best for its team on average (its score
    change less the other team's, and the game when the hand ends it, as :class:`SearchBot`
    counts it). The auction weighs passing and the lowest few bids, and bids only when a bid
    beats passing by ``bid_margin`` points; naming trump, it weighs the two suits its hand is
    worth most in (as the rollout policy counts a hand's worth). The discards, pick-ups and the
    look-through are a :class:`SearchBot`'s.

    Args:
        seed: makes its choices reproducible: the same seed and the same views, asked in the
            same order, give the same choices when the budget is in samples (each decision
            draws its deals from the bot's random source, which moves on).
        samples: deals drawn and solved for each card to play with more than one choice.
        auction_samples: deals for a bid or naming trump.
        time_limit: if given, CPU seconds per decision; it then stops at whichever of the two
            budgets comes first (at least one deal), and its choices depend on the machine's
            speed.
        iterations: the :class:`SearchBot`'s iterations for the discards and pick-ups.
        bids: how many bids above the lowest it may make it considers (besides passing).
        bid_margin: the points a bid must gain over passing, on average, to be made.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int = 20,
        auction_samples: int = 16,
        time_limit: float | None = None,
        iterations: int = 20,
        bids: int = 2,
        bid_margin: float = 0.5,
    ) -> None:
        """Make a bot; see the class for the arguments.

        Raises:
            TypeError: if an argument has the wrong type.
            ValueError: if a budget is not positive, or ``bids`` or ``bid_margin`` is negative.
        """
        seeded_random(seed, "SolverBot")  # the checks of every argument, in this bot's name
        check_count(samples, "SolverBot samples")
        check_count(auction_samples, "SolverBot auction_samples")
        check_count(iterations, "SolverBot iterations")
        check_count(bids, "SolverBot bids", 0)
        check_bid_margin(bid_margin, "SolverBot")
        limit = check_time_limit(time_limit, "SolverBot")
        self._search = SearchBot(
            seed, iterations=iterations, time_limit=limit, bids=bids, bid_margin=bid_margin
        )
        self._rng = random_source(None if seed is None else seed ^ 0x5A17)
        self._samples = samples
        self._auction_samples = auction_samples
        self._time_limit = limit

    @property
    def samples(self) -> int:
        """Deals drawn and solved for each card decision."""
        return self._samples

    @property
    def auction_samples(self) -> int:
        """Deals drawn and solved for a bid or naming trump."""
        return self._auction_samples

    @property
    def time_limit(self) -> float | None:
        """CPU seconds per decision, or ``None``: no limit but the samples."""
        return self._time_limit

    def __repr__(self) -> str:
        """The bot and its budget."""
        search = self._search
        return (
            f"SolverBot(samples={written(self._samples)}, auction_samples={written(self._auction_samples)}, "
            f"time_limit={self._time_limit}, iterations={written(search.iterations)}, "
            f"bids={written(search.bids)}, bid_margin={search.bid_margin})"
        )

    def choose(self, view: SeatView) -> SeatAction:
        """Its action for the view's seat: one of ``view.legal_actions``.

        Raises:
            TypeError: if ``view`` is not a :class:`~pitch13.SeatView`.
            ValueError: if the view is a spectator's or has no action to take.
            SamplingError: if the view cannot come from any game (one made in code), so no deal
                can be drawn from it.
        """
        actions = choices_of(view, "SolverBot")
        phase = view.phase
        if phase is Phase.BIDDING:
            return self._auction(view, actions)
        if phase is Phase.TRUMP:
            return self._best(view, self._trumps(view, actions), self._auction_samples)
        if phase is not Phase.PLAY:
            return self._search.choose(view)
        if len(actions) == 1:
            return actions[0]
        return self._best(view, actions, self._samples)

    def _means(self, view: SeatView, candidates: Sequence[SeatAction], samples: int) -> list[float]:
        rng = random.Random(self._rng.getrandbits(64))
        values = evaluate_choices(view, candidates, rng, samples, self._time_limit, GAME_VALUE)
        return [sum(v) / len(v) for v in values]  # at least one deal each

    def _best(self, view: SeatView, candidates: Sequence[SeatAction], samples: int) -> SeatAction:
        means = self._means(view, candidates, samples)
        return candidates[max(range(len(candidates)), key=lambda i: means[i])]

    def _trumps(self, view: SeatView, actions: Sequence[SeatAction]) -> list[SeatAction]:
        """The suits worth weighing as trump: the hand's two best by the rollout policy's count."""
        hand = mask_of(view.hand)
        by_suit = tables(view.rules)
        names = [action for action in actions if isinstance(action, NameTrump)]
        # Stable: on a tie, suit order.
        names.sort(key=lambda action: -suit_worth(hand, by_suit[action.suit.value]))
        return list[SeatAction](names[:TRUMPS_WEIGHED])

    def _auction(self, view: SeatView, actions: Sequence[SeatAction]) -> SeatAction:
        passes: list[SeatAction] = [a for a in actions if type(a) is Pass]
        bids = [a for a in actions if isinstance(a, Bid)][: self._search.bids + 1]
        candidates = passes + list[SeatAction](bids)
        if len(candidates) == 1:
            return candidates[0]
        means = self._means(view, candidates, self._auction_samples)
        # Pass (or the lowest forced bid) unless a bid beats it by the margin; a higher bid
        # must beat the lower ones by the margin too.
        margin = self._search.bid_margin
        choice = 0
        for i in range(1, len(candidates)):
            if means[i] >= means[choice] + margin:
                choice = i
        return candidates[choice]
