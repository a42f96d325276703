"""The double-dummy solver, the evaluation of a seat's choices, and the solver bot (pitch13.analysis).

The solver is checked against the plainest possible oracle: minimax over
:func:`~pitch13.legal_actions` and :func:`~pitch13.apply` to the end of the hand, scored by the
engine's own :class:`~pitch13.HandResult` (R-SCORE-1), on random late-hand positions under
random rule sets, so every rule of the play it must follow (R-PLAY-1 to R-PLAY-7, R-RANK-2's
jokers) is the engine's, not a second copy's.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import pitch13
from pitch13 import NameTrump, Phase, Rules, Suit, apply, legal_actions, new_game, view
from pitch13._core.tables import table_for
from pitch13.analysis import ActionValue, Evaluation, Solution, evaluate, solve
from pitch13.bots import BOT_NAMES, SimpleBot, SolverBot, _search, _solver, bot_factory
from profiles import more
from test_engine_digests import random_rules


def hand_value(state: pitch13.GameState) -> int:
    """The hand's value once it is scored: the bidding team's score change less the defenders'."""
    result = state.results[-1]
    bidding = result.bidder & 1
    return result.score_change[bidding] - result.score_change[1 - bidding]


def minimax(state: pitch13.GameState, hand: int, bidding: int) -> int:
    """The plain minimax of the hand's value over the engine's own moves."""
    if state.phase is not Phase.PLAY or state.hand_number != hand:
        return hand_value(state)
    values = [minimax(apply(state, action), hand, bidding) for action in legal_actions(state)]
    return max(values) if (state.to_act & 1) == bidding else min(values)


def trumps_left(state: pitch13.GameState) -> int:
    table = state._table
    assert table is not None
    return sum((hand & table.mask).bit_count() for hand in state._hands)


def late_positions(seed: int, count: int, most: int = 11):
    """``count`` play positions, random rules, random play, at most ``most`` trumps in hands.

    The rules are the engine digests' random option sets (every option drawn).
    """
    rng = random.Random(seed)
    found = 0
    while found < count:
        state = new_game(rules=random_rules(rng), seed=rng.getrandbits(32), dealer=rng.randint(0, 3))
        while not state.is_over and found < count:
            actions = legal_actions(state)
            if state.phase is Phase.PLAY and trumps_left(state) <= most and rng.random() < 0.3:
                yield state
                found += 1
            state = apply(state, rng.choice(actions))


@pytest.mark.parametrize("seed", range(2026, 2030))  # four parts, for the test workers to share
def test_solve_equals_plain_minimax_on_random_late_positions_R_PLAY_1_to_7_R_SCORE_1(seed):
    """Every legal card's value, and the hand's, equal minimax over legal_actions/apply.

    At most 9 trumps in hands: the plain minimax's tree grows two- to threefold with each trump
    more, and the deeper positions' solutions are checked against each other by the best-line
    test below.
    """
    checked = 0
    for state in late_positions(seed, more(200), most=9):
        solution = solve(state)
        bidding = state.bidder & 1
        for action, value in solution.moves:
            assert value == minimax(apply(state, action), state.hand_number, bidding), (state, action)
        values = [value for _, value in solution.moves]
        mover_bids = (state.to_act & 1) == bidding
        assert solution.value == (max(values) if mover_bids else min(values))
        assert [a for a, _ in solution.moves] == list(legal_actions(state))
        assert solution.best and all(solution.value_of(a) == solution.value for a in solution.best)
        checked += 1
    assert checked == more(200)


def test_a_best_line_takes_the_points_the_solution_says_R_PLAY_6_R_PLAY_7():
    """Both sides playing a best card at every step take exactly ``Solution.points``, worth ``value``."""
    for state in late_positions(7, more(150), most=17):
        solution = solve(state)
        hand = state.hand_number
        line = state
        while line.phase is Phase.PLAY and line.hand_number == hand:
            step = solve(line)
            assert step.value == solution.value  # a best line keeps the value
            assert step.points == solution.points
            # Among the best cards, one keeps the points too: the teams' fight for points.
            keeps = [a for a in step.best if solve_or_result(apply(line, a), hand) == solution.points]
            assert keeps
            line = apply(line, keeps[-1])
        result = line.results[-1]
        assert result.points == solution.points
        assert hand_value(line) == solution.value


def solve_or_result(state: pitch13.GameState, hand: int) -> tuple[int, int]:
    if state.phase is Phase.PLAY and state.hand_number == hand:
        return solve(state).points
    return state.results[-1].points


def test_the_first_trick_of_whole_hands_solves_and_orders_like_minimax_on_its_values():
    """From the first card of real hands: the search finishes and a best card keeps the value."""
    bots = [SimpleBot(seat) for seat in range(4)]
    solved = 0
    for seed in range(more(12)):
        state = new_game(seed=seed)
        while state.phase is not Phase.PLAY and not state.is_over:
            state = apply(state, bots[state.to_act].choose(view(state, state.to_act)))
        if state.phase is not Phase.PLAY:
            continue
        solution = solve(state)
        assert solution.nodes > 0
        after = solve(apply(state, solution.best[0]))
        assert after.value == solution.value
        solved += 1
    assert solved >= more(12) // 2


def test_solution_is_a_plain_value():
    state = next(late_positions(3, 1))
    solution = solve(state)
    assert pickle.loads(pickle.dumps(solution)) == solution
    assert type(solution).__module__ == "pitch13.analysis"
    with pytest.raises(ValueError, match="not a legal move"):
        solution.value_of(pitch13.Pass())


def test_solve_refuses_what_it_cannot_solve():
    with pytest.raises(TypeError, match="takes a GameState, not str"):
        solve("state")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="play phase, not bidding"):
        solve(new_game(seed=1))
    with pytest.raises(TypeError, match="takes a GameState, not SeatView"):
        solve(view(new_game(seed=1), 1))  # type: ignore[arg-type]


# --- evaluate -----------------------------------------------------------------------------------


def _play_view(seed: int) -> pitch13.SeatView:
    rng = random.Random(seed)
    state = new_game(seed=seed)
    while not (state.phase is Phase.PLAY and len(legal_actions(state)) > 1):
        state = apply(state, rng.choice(legal_actions(state)))
    return view(state, state.to_act)


def test_evaluate_averages_the_solved_values_of_the_same_drawn_deals():
    """A card's value is the mean of the solved values, for the seat's team, over the deals drawn."""
    seat_view = _play_view(11)
    evaluation = evaluate(seat_view, samples=6, seed=5)
    rng = random.Random(5)
    per_action: dict[pitch13.SeatAction, list[int]] = {a: [] for a in seat_view.legal_actions}
    for _ in range(6):
        sample = pitch13.sample_state(seat_view, rng, weighting="shuffle")
        solution = solve(sample)
        sign = 1 if (sample.bidder & 1) == (seat_view.seat & 1) else -1
        for action, value in solution.moves:
            per_action[action].append(sign * value)
    assert evaluation.samples == 6
    assert [v.action for v in evaluation.values] == list(seat_view.legal_actions)
    for value in evaluation.values:
        assert value.mean == pytest.approx(sum(per_action[value.action]) / 6)
        assert value.stderr >= 0
    best = evaluation.best
    assert best.mean == max(v.mean for v in evaluation.values)
    assert evaluation.loss(best.action) == 0
    assert all(evaluation.loss(v.action) >= 0 for v in evaluation.values)


def test_a_view_no_game_can_produce_is_refused_not_played_blind():
    """A view made in code that no deal fits (a seat out that is not): SolverBot and SearchBot
    played their first legal card, valued at nothing, and evaluate raised an undocumented
    ValueError; each raises the SamplingError sample_state raises."""
    seat_view = _play_view(11)
    other = next(seat for seat in range(4) if seat != seat_view.seat and seat not in seat_view.out)
    impossible = attrs.evolve(seat_view, out=seat_view.out | {other})
    with pytest.raises(pitch13.SamplingError):
        pitch13.sample_state(impossible, random.Random(1))
    for choose in (SolverBot(1).choose, pitch13.bots.SearchBot(1).choose, lambda v: evaluate(v, samples=2)):
        with pytest.raises(pitch13.SamplingError):
            choose(impossible)


def test_evaluate_values_a_bid_by_playing_on_to_the_solved_play():
    state = new_game(seed=21)
    seat_view = view(state, state.to_act)
    first = evaluate(seat_view, samples=3, seed=9)
    again = evaluate(seat_view, samples=3, seed=9)
    assert first == again  # the seed makes the deals, and the answer, reproducible
    assert first.phase is Phase.BIDDING and first.samples == 3
    assert {v.action for v in first.values} == set(seat_view.legal_actions)
    for value in first.values:  # a hand's score difference is bounded by the points and the bid
        assert -40 <= value.mean <= 40


def test_evaluate_stops_at_its_time_budget_after_one_deal():
    seat_view = _play_view(4)
    evaluation = evaluate(seat_view, samples=1000, time_limit=1e-9, seed=1)
    assert evaluation.samples == 1
    assert all(v.stderr == 0.0 for v in evaluation.values)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"samples": 0}, ValueError, "samples must be at least 1, not 0"),
        ({"samples": 2.0}, TypeError, "samples must be an int, not float"),
        ({"samples": True}, TypeError, "samples must be an int, not bool"),
        ({"time_limit": 0}, ValueError, "time_limit must be a positive number"),
        ({"time_limit": float("nan")}, ValueError, "time_limit must be a positive number"),
        ({"time_limit": 10**400}, ValueError, "time_limit is too large for a float: a number of 1329 bits"),
        ({"time_limit": "1"}, TypeError, "time_limit must be a number of seconds or None, not str"),
        ({"seed": 1.5}, TypeError, "seed must be an int or None, not float"),
    ],
)
def test_evaluate_refuses_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        evaluate(_play_view(1), **kwargs)


def test_evaluate_needs_a_seat_to_act():
    state = new_game(seed=1)
    with pytest.raises(TypeError, match="takes a SeatView, not GameState"):
        evaluate(state)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat that is to act"):
        evaluate(pitch13.spectator_view(state))
    waiting = (state.to_act + 1) % 4
    with pytest.raises(ValueError, match="seat that is to act"):
        evaluate(view(state, waiting))


def test_an_evaluation_names_its_actions():
    evaluation = Evaluation(
        seat=0,
        phase=Phase.BIDDING,
        values=(ActionValue(pitch13.Pass(), 1.0, 0.5), ActionValue(pitch13.Bid(5), 3.0, 0.5)),
        samples=2,
    )
    assert evaluation.best.action == pitch13.Bid(5)
    assert evaluation.loss(pitch13.Pass()) == 2.0
    with pytest.raises(ValueError, match="not one of the actions evaluated"):
        evaluation.value_of(pitch13.Bid(6))
    assert pickle.loads(pickle.dumps(evaluation)) == evaluation
    assert Solution.__module__ == ActionValue.__module__ == Evaluation.__module__ == "pitch13.analysis"


# --- the solver bot -----------------------------------------------------------------------------


def test_the_solver_bot_plays_whole_games_reproducibly():
    def game(seed: int) -> pitch13.GameState:
        bots = [SolverBot(seed + s, samples=2, auction_samples=2, iterations=2) for s in range(4)]
        return pitch13.bots.play_game(bots, seed=seed, rules=Rules(target=10))

    first = game(3)
    assert first.is_over
    assert game(3).actions == first.actions


def test_the_solver_bot_plays_the_solved_best_card_when_every_card_is_known():
    """On the hand's last tricks, with the hidden cards placed by the play, it plays a best card."""
    for state in late_positions(19, 40, most=4):
        seat_view = view(state, state.to_act)
        if len(seat_view.legal_actions) < 2 or len(seat_view.unseen) > 0:
            continue
        choice = SolverBot(1, samples=3).choose(seat_view)
        assert choice in solve(state).best


def test_the_solver_bot_bids_by_the_solved_values_of_passing_and_its_lowest_bids():
    """It weighs passing and the lowest ``bids + 1`` bids, and names the trump of the best value."""
    state = new_game(seed=8)
    seat_view = view(state, state.to_act)
    choice = SolverBot(3, auction_samples=4, bids=1).choose(seat_view)
    assert choice in seat_view.legal_actions[:3]  # a pass, a bid of 4 or 5
    bots = [SimpleBot(seat) for seat in range(4)]
    while state.phase is not Phase.TRUMP:
        state = apply(state, bots[state.to_act].choose(view(state, state.to_act)))
    trump_view = view(state, state.to_act)
    drawn_with = SolverBot(5)._rng.getrandbits(64)  # the seed of its first decision's deals
    evaluation = evaluate(trump_view, samples=6, seed=drawn_with)
    assert SolverBot(5, auction_samples=6).choose(trump_view) == evaluation.best.action


def test_the_solver_bot_weighs_the_two_suits_its_hand_is_worth_most_in(monkeypatch):
    weighed = []

    def spy(seat_view, candidates, *args):
        weighed.append(list(candidates))
        return [[float(i)] for i in range(len(candidates))]  # the last candidate is best

    monkeypatch.setattr(_solver, "evaluate_choices", spy)
    for seed in range(6):
        state = new_game(seed=seed)
        bots = [SimpleBot(seat) for seat in range(4)]
        while state.phase is not Phase.TRUMP:
            state = apply(state, bots[state.to_act].choose(view(state, state.to_act)))
        trump_view = view(state, state.to_act)
        hand = sum(1 << card.index for card in trump_view.hand)
        worth = {suit: _search.suit_worth(hand, table_for(suit, trump_view.rules)) for suit in Suit}
        ranked = sorted(Suit, key=lambda suit: -worth[suit])  # on a tie, suit order
        choice = SolverBot(seed, auction_samples=2).choose(trump_view)
        assert weighed.pop() == [NameTrump(suit) for suit in ranked[:2]]
        assert choice == NameTrump(ranked[1])


def test_the_solver_bot_is_named_and_checks_its_arguments():
    assert BOT_NAMES["solver"] is SolverBot
    assert isinstance(bot_factory("solver")(1), SolverBot)
    bot = SolverBot(samples=7, auction_samples=9, time_limit=0.5)
    assert (bot.samples, bot.auction_samples, bot.time_limit) == (7, 9, 0.5)
    assert "samples=7, auction_samples=9" in repr(bot)
    with pytest.raises(ValueError, match="auction_samples must be at least 1, not -1"):
        SolverBot(auction_samples=-1)
    with pytest.raises(ValueError, match="SolverBot time_limit must be a positive number"):
        SolverBot(time_limit=-1.0)
    with pytest.raises(ValueError, match="samples must be at least 1"):
        SolverBot(samples=0)
    with pytest.raises(TypeError, match="samples must be an int, not str"):
        SolverBot(samples="3")  # type: ignore[arg-type]
    # The arguments passed on to its SearchBot are refused in the SolverBot's own name.
    for kwargs, error, message in [
        ({"seed": "x"}, TypeError, "SolverBot seed must be an int or None, not str"),
        ({"iterations": 0}, ValueError, "SolverBot iterations must be at least 1, not 0"),
        ({"bids": -1}, ValueError, "SolverBot bids must be 0 or more, not -1"),
        ({"bid_margin": float("nan")}, ValueError, "SolverBot bid_margin must be 0 or more, not nan"),
        ({"bid_margin": "1"}, TypeError, "SolverBot bid_margin must be a number, not str"),
    ]:
        with pytest.raises(error, match=f"^{message}$"):
            SolverBot(**kwargs)
    with pytest.raises(TypeError, match="takes a SeatView"):
        bot.choose("view")  # type: ignore[arg-type]
    state = new_game(seed=2)
    with pytest.raises(ValueError, match="seat that is to act"):
        bot.choose(pitch13.spectator_view(state))


def test_an_evaluation_made_by_hand_is_checked():
    """Built with no values, an Evaluation failed later in best with max()'s own error; a NaN
    mean made the best action depend on the order of the values."""
    trump = ActionValue(NameTrump(Suit.HEARTS), 1.5, 0.25)
    other = ActionValue(NameTrump(Suit.SPADES), -2, 0)
    evaluation = Evaluation(seat=1, phase=Phase.TRUMP, values=(trump, other), samples=4)
    assert evaluation.best == trump and evaluation.loss(other.action) == 3.5
    for make, error, message in [
        (
            lambda: ActionValue("pass", 0.0, 0.0),
            TypeError,
            "ActionValue.action must be a seat's action, not 'pass'",
        ),
        (lambda: ActionValue(trump.action, float("nan"), 0.0), ValueError, "ActionValue.mean must be within"),
        (lambda: ActionValue(trump.action, 1.0, -0.5), ValueError, r"ActionValue\.stderr must be from 0 to"),
        (
            lambda: ActionValue(trump.action, 1.0, None),
            TypeError,
            "ActionValue.stderr must be a number, not NoneType",
        ),
        (lambda: Evaluation(1, Phase.TRUMP, (), 4), ValueError, "must value one action or more, not none"),
        (lambda: Evaluation(1, Phase.TRUMP, (trump, trump), 4), ValueError, "must value each action once"),
        (
            lambda: Evaluation(1, Phase.TRUMP, [trump], 4),
            TypeError,
            "must be a tuple of ActionValue, not list",
        ),
        (
            lambda: Evaluation(1, Phase.TRUMP, (trump, 2.0), 4),
            TypeError,
            r"values\[1\] must be an ActionValue",
        ),
        (
            lambda: Evaluation(4, Phase.TRUMP, (trump,), 4),
            ValueError,
            "Evaluation.seat is an int from 0 to 3",
        ),
        (lambda: Evaluation(1, "trump", (trump,), 4), TypeError, "Evaluation.phase must be a Phase, not str"),
        (
            lambda: Evaluation(1, Phase.TRUMP, (trump,), 0),
            ValueError,
            "Evaluation.samples must be at least 1",
        ),
    ]:
        with pytest.raises(error, match=message):
            make()


def test_a_solution_made_by_hand_is_checked():
    play = pitch13.Play(pitch13.Card.parse("AH"))
    assert Solution(0, 1, 3, ((play, 3),), (5, 8), 10).best == (play,)
    for fields, error, message in [
        ((0, 1, 3, (), (5, 8), 10), ValueError, r"Solution\.moves must hold one move or more"),
        (
            (0, 1, 3, ((play, 2),), (5, 8), 10),
            ValueError,
            r"Solution\.value must be one of the moves' values, not 3",
        ),
        (
            (0, 1, 3, (("play AH", 3),), (5, 8), 10),
            TypeError,
            r"Solution\.moves\[0\]'s action must be a seat's action",
        ),
        (
            (0, 1, 3, (play,), (5, 8), 10),
            TypeError,
            r"Solution\.moves\[0\] must be an \(action, value\) pair",
        ),
        ((5, 1, 3, ((play, 3),), (5, 8), 10), ValueError, r"Solution\.bidder is an int from 0 to 3, not 5"),
        (
            (0, 1, 3, ((play, 3),), (5, -8), 10),
            ValueError,
            r"Solution\.points\[1\] must be from 0 to 2\*\*53",
        ),
        ((0, 1, 3, ((play, 3),), (5, 8), -1), ValueError, r"Solution\.nodes must be 0 or more"),
    ]:
        with pytest.raises(error, match=message):
            Solution(*fields)
