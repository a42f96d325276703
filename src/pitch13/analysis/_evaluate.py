"""Solving a hand's play and evaluating a seat's choices: :func:`solve` and :func:`evaluate` (internal).

Their public home is :mod:`pitch13.analysis`, whose docstring says what a value means.
"""

from __future__ import annotations

import attrs

from pitch13._base.checks import (
    check_count,
    check_instance,
    check_number,
    check_numbers,
    check_seat,
    check_time_limit,
    check_tuple_of,
    excerpt,
)
from pitch13._base.seeds import random_source
from pitch13._core.action_sets import check_action
from pitch13.actions import SeatAction
from pitch13.bots._solver import evaluate_choices, mean_and_error, solve_play
from pitch13.state import GameState, Phase
from pitch13.views import SeatView

__all__ = ["ActionValue", "Evaluation", "Solution", "evaluate", "solve"]


@attrs.frozen(slots=True)
class Solution:
    """The solved play of the rest of a hand: :func:`solve`'s answer.

    Values are the bidding team's score change for the hand less the defenders', with both
    teams playing perfectly from the state solved (the bidding team maximizing it).

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if a seat is not 0 to 3, there is no move, ``value`` is not one of the
            moves' values, or a count of points or of positions is negative.
    """

    #: The seat that won the auction.
    bidder: int
    #: The seat to play in the state solved.
    seat: int
    #: The value of the rest of the hand.
    value: int
    #: Each legal card with the value of the hand once it is played, in the order of
    #: :func:`~pitch13.legal_actions`.
    moves: tuple[tuple[SeatAction, int], ...]
    #: The points each team (A, B) takes in the whole hand when each plays for the most points
    #: it can take (a best line for the value too), the points already taken included.
    points: tuple[int, int]
    #: Positions the search visited: a measure of its work.
    nodes: int

    def __attrs_post_init__(self) -> None:
        check_seat(self.bidder, "Solution.bidder")
        check_seat(self.seat, "Solution.seat")
        check_number(self.value, "Solution.value", ints=True)
        check_instance(self.moves, tuple, "Solution.moves")
        if not self.moves:
            raise ValueError("Solution.moves must hold one move or more, not none")
        for i, move in enumerate(self.moves):
            if not isinstance(move, tuple) or len(move) != 2:
                raise TypeError(f"Solution.moves[{i}] must be an (action, value) pair, not {excerpt(move)}")
            check_action(move[0], f"Solution.moves[{i}]'s action")
            check_number(move[1], f"Solution.moves[{i}]'s value", ints=True)
        if self.value not in [value for _, value in self.moves]:
            raise ValueError(f"Solution.value must be one of the moves' values, not {self.value}")
        check_numbers(self.points, "Solution.points", ints=True, length=2, low=0)
        check_count(self.nodes, "Solution.nodes", 0)

    @property
    def best(self) -> tuple[SeatAction, ...]:
        """The cards that keep the value: the best for the seat to play's team."""
        return tuple(action for action, value in self.moves if value == self.value)

    def value_of(self, action: SeatAction) -> int:
        """The value of the hand once ``action`` is played.

        Raises:
            ValueError: if ``action`` is not one of the legal cards.
        """
        for move, value in self.moves:
            if move == action:
                return value
        raise ValueError(f"{excerpt(action)} is not a legal move of the state solved")


@attrs.frozen(slots=True)
class ActionValue:
    """One action's estimated value: the mean over the deals drawn, and its standard error.

    Raises:
        TypeError: if ``action`` is not a seat's action, or ``mean`` or ``stderr`` not a number.
        ValueError: if ``mean`` or ``stderr`` is not finite (or beyond 2**53), or ``stderr`` is
            negative.
    """

    #: The action.
    action: SeatAction
    #: The mean value: the seat's team's score change for the hand less the other team's.
    mean: float
    #: The standard error of the mean (0.0 from a single deal).
    stderr: float

    def __attrs_post_init__(self) -> None:
        check_action(self.action, "ActionValue.action")
        check_number(self.mean, "ActionValue.mean", ints=False)
        check_number(self.stderr, "ActionValue.stderr", ints=False, low=0)


@attrs.frozen(slots=True)
class Evaluation:
    """Every legal action of a seat, valued from its view: :func:`evaluate`'s answer.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if ``seat`` is not 0 to 3, ``values`` is empty or values an action twice,
            or ``samples`` is below 1.
    """

    #: The seat whose choices these are.
    seat: int
    #: The phase of the decision.
    phase: Phase
    #: Each legal action's value, in the order of ``view.legal_actions``.
    values: tuple[ActionValue, ...]
    #: The deals drawn and solved; every action was valued on the same ones.
    samples: int

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "Evaluation.seat")
        check_instance(self.phase, Phase, "Evaluation.phase")
        check_values(self.values, "Evaluation.values")
        check_count(self.samples, "Evaluation.samples")

    @property
    def best(self) -> ActionValue:
        """The action with the highest mean (the first of equals)."""
        return max(self.values, key=lambda v: v.mean)

    def value_of(self, action: SeatAction) -> ActionValue:
        """The value of ``action``.

        Raises:
            ValueError: if ``action`` is not one of the legal actions evaluated.
        """
        for value in self.values:
            if value.action == action:
                return value
        raise ValueError(f"{excerpt(action)} is not one of the actions evaluated")

    def loss(self, action: SeatAction) -> float:
        """What ``action`` costs against the best, in expected points of score difference (0 or more).

        Raises:
            ValueError: if ``action`` is not one of the legal actions evaluated.
        """
        return self.best.mean - self.value_of(action).mean


def check_values(values: tuple[ActionValue, ...], name: str) -> None:
    """Check that ``values`` is a tuple of :class:`ActionValue` that values one action or more, each once.

    Raises:
        TypeError: if it is not a tuple of :class:`ActionValue`.
        ValueError: if it is empty, or values an action twice.
    """
    check_tuple_of(values, ActionValue, name)
    if not values:
        raise ValueError(f"{name} must value one action or more, not none")
    if len({value.action for value in values}) != len(values):
        raise ValueError(f"{name} must value each action once")


def solve(state: GameState) -> Solution:
    """The exact value of the rest of the hand, every card known, and of each legal card.

    The bidding team maximizes its score change less the defenders' (R-SCORE-1), the defenders
    minimize it; the trick in progress, the 2 of trump's point (R-PLAY-6), seats going out
    (R-PLAY-3, R-PLAY-4) and the early end (R-PLAY-7) are applied as the engine applies them.

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState`.
        ValueError: if ``state`` is not in the play phase with a seat to play.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"solve() takes a GameState, not {type(state).__name__}")
    if state.phase is not Phase.PLAY:
        raise ValueError(f"solve() needs a state in the play phase, not {state.phase.value}")
    solved = solve_play(state)
    value_of = solved.value_of
    values = [int(value_of(taken)) for taken in solved.taken]
    bidding = value_of.bidding
    mover_bids = (state._to_act & 1) == bidding
    value = max(values) if mover_bids else min(values)
    best_taken = max(solved.taken) if mover_bids else min(solved.taken)
    return Solution(
        bidder=state._bidder,
        seat=state._to_act,
        value=value,
        moves=tuple(zip(solved.actions, values, strict=True)),
        points=value_of.points(best_taken),
        nodes=solved.nodes,
    )


def evaluate(
    view: SeatView,
    *,
    samples: int = 32,
    time_limit: float | None = None,
    seed: int | None = None,
) -> Evaluation:
    """The expected value of each legal action of the view's seat, from what the seat knows.

    Draws ``samples`` deals consistent with the view, each as likely as a uniform shuffle makes
    it (:func:`~pitch13.sample_state` with ``weighting="shuffle"``), and values
    every legal action on each of them: a card by the solved play that follows it
    (:func:`solve`); a bid, the trump, a discard, a pick-up or a look-through choice by playing
    the hand on to its play with the rollout policy of :class:`~pitch13.bots.SearchBot` (for
    every seat, this one included), then solving the play. Each value is its team's score
    change for the hand less the other team's, from this seat's side.

    Each deal is solved as if every card were known to every seat, and the seat could choose
    its later cards knowing them: the values are those of a player who will see through the
    cards after this decision (see the docs' page on analysing games: strategy fusion).

    Args:
        view: the view of a seat that is to act.
        samples: the deals to draw (at least 1).
        time_limit: if given, CPU seconds (``time.process_time()``); it stops at whichever of
            the two budgets comes first, after one deal at least.
        seed: makes the drawn deals, and so the answer, reproducible.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if the view is a spectator's or its seat has no action to take, or a budget
            is not positive.
        SamplingError: if the view cannot come from any game (one made in code), so no deal
            can be drawn from it.
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"evaluate() takes a SeatView, not {type(view).__name__}")
    check_count(samples, "evaluate() samples")
    limit = check_time_limit(time_limit, "evaluate()")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise TypeError(f"evaluate() seed must be an int or None, not {type(seed).__name__}")
    seat = view.seat
    actions = view.legal_actions
    if seat is None or not actions:
        raise ValueError("evaluate() needs the view of a seat that is to act")
    values = evaluate_choices(view, actions, random_source(seed), samples, limit)
    return Evaluation(
        seat=seat,
        phase=view.phase,
        values=tuple(
            ActionValue(action, *mean_and_error(v)) for action, v in zip(actions, values, strict=True)
        ),
        samples=len(values[0]),
    )
