"""The arena (pitch13.arena, ``pitch13 match``), bot names (bots.bot_factory) and the progress bar."""

from __future__ import annotations

import functools
import inspect
import io
import math
import pickle
import sys
import threading
import time
import types

import attrs
import pytest

import pitch13
from helpers import Broken, EqualsAnything, Generating, Passer, Unmade, Unpicklable, choose_first
from pitch13 import Rules, arena, new_game, view
from pitch13._base.seeds import game_seed, player_seed
from pitch13.arena import MatchGame, MatchResult, match, play_pair
from pitch13.bots import RandomBot, SearchBot, SimpleBot, bot_factory, play_game
from pitch13.cli import main
from pitch13.cli._progress import Progress
from pitch13.errors import BotError, BotFailedError
from pitch13.views import SeatView


def _line(pair, a_team, a_won, scores=(60, 40), hands=5, points=(30, 20)):
    return MatchGame(
        pair=pair,
        a_team=a_team,
        a_won=a_won,
        scores=scores,
        hands=hands,
        points=points,
        a_times=(),
        b_times=(),
    )


# --- the statistics --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("df", "quantile"),
    [
        (1, 12.706),
        (4, 2.776),
        (10, 2.228),
        (11, 2.201),
        (20, 2.086),
        (30, 2.042),
        (31, 2.040),
        (40, 2.021),
        (100, 1.984),
        (1000, 1.962),
    ],
)
def test_t_quantiles_match_the_tables(df, quantile):
    """With pair margins alternating +20 and -20, the interval's half-width is t * sd / sqrt(pairs)."""
    pairs = df + 1
    margins = [20 if pair % 2 == 0 else -20 for pair in range(pairs)]
    lines = tuple(
        _line(pair, team, margin > 0, scores=(50 + margin // 2, 50 - margin // 2))
        for pair, margin in enumerate(margins)
        for team in (0, 1)
    )
    result = MatchResult(bot_a="a", bot_b="b", seed=0, game_lines=lines)
    mean = result.margin
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (pairs - 1))
    low, high = result.margin_ci
    assert (mean - low) / (sd / math.sqrt(pairs)) == pytest.approx(quantile, abs=0.002)
    assert high - mean == pytest.approx(mean - low)


def test_win_rate_and_its_interval_come_from_the_pairs():
    # Pair means 1, 0.5, 0.5 and 1: mean 0.75, sample sd 0.2887, t(3) = 3.182.
    wins = [True, True, True, False, False, True, True, True]
    lines = tuple(_line(i // 2, i % 2, won) for i, won in enumerate(wins))
    result = MatchResult(bot_a="a", bot_b="b", seed=0, game_lines=lines)
    assert (result.games, result.pairs, result.a_wins) == (8, 4, 6)
    assert result.win_rate == 0.75
    half = 3.182 * math.sqrt(1 / 12) / 2
    low, high = result.win_rate_ci
    assert low == pytest.approx(0.75 - half, abs=1e-3)
    assert high == 1.0  # clipped: a win rate is at most 1


def test_margin_points_and_times():
    lines = (
        MatchGame(pair=0, a_team=0, a_won=True, scores=(56, 20), hands=4, points=(30, 10), a_times=(0.5, 1.5), b_times=(0.1,)),
        MatchGame(pair=0, a_team=1, a_won=False, scores=(30, 55), hands=6, points=(20, 40), a_times=(2.0,), b_times=()),
    )  # fmt: skip
    result = MatchResult(bot_a="a", bot_b="b", seed=0, game_lines=lines)
    assert result.margin == (36 - 25) / 2
    assert result.margin_ci is None  # one pair: no spread to measure
    assert result.points_per_hand == (50 / 10, 50 / 10)
    assert result.decision_times("a") == (0.5, 1.5, 2.0)
    assert result.median_decision("a") == 1.5
    assert result.mean_decision("a") == pytest.approx(4 / 3)
    assert result.median_decision("b") == 0.1
    report = result.report()
    assert "CPU a decision, a: median 1.50 s" not in report
    assert "CPU a decision, a: median 1500.00 ms, mean 1333.33 ms over 3 decisions" in report
    assert "CPU a decision, b: median 100.00 ms, mean 100.00 ms over 1 decisions" in report
    assert "final margin: +5.5 points a game for a, 95% CI n/a (one deal pair)" in report
    assert "points taken a hand: a 5.00, b 5.00" in report
    fast = MatchResult(
        bot_a="a", bot_b="b", seed=0, game_lines=(attrs.evolve(lines[0], a_times=(2e-5,)), lines[1])
    )
    assert "CPU a decision, a: median 1000.01 ms, mean 1000.01 ms over 2 decisions" in fast.report()
    tiny = MatchResult(
        bot_a="a", bot_b="b", seed=0, game_lines=tuple(attrs.evolve(line, a_times=(2e-5,)) for line in lines)
    )
    assert "CPU a decision, a: median 20.0 µs, mean 20.0 µs over 2 decisions" in tiny.report()
    empty = MatchResult(
        bot_a="a", bot_b="b", seed=0, game_lines=(attrs.evolve(lines[0], b_times=()), lines[1])
    )
    assert (empty.median_decision("b"), empty.mean_decision("b")) == (0.0, 0.0)
    assert lines[0].margin == 36
    with pytest.raises(ValueError, match="'a' or 'b', not 'c'"):
        result.decision_times("c")


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"pair": -1}, ValueError, "MatchGame.pair must be 0 or more, not -1"),
        ({"a_team": 2}, ValueError, "MatchGame.a_team must be at most 1, not 2"),
        ({"a_team": True}, TypeError, "MatchGame.a_team must be an int, not bool"),
        ({"a_won": 2}, TypeError, "MatchGame.a_won must be a bool, not int"),
        ({"scores": ()}, ValueError, "MatchGame.scores must hold 2 numbers, not 0"),
        ({"scores": [60, 40]}, TypeError, "MatchGame.scores must be a tuple, not list"),
        (
            {"scores": (10**400, 0)},
            ValueError,
            r"MatchGame\.scores\[0\] must be within 2\*\*53 of 0, not a number of 1329 bits",
        ),
        ({"scores": (60.5, 40)}, TypeError, r"MatchGame\.scores\[0\] must be an int, not float"),
        ({"hands": 0}, ValueError, r"MatchGame\.hands must be from 1 to 2\*\*53, not 0"),
        ({"points": (-1, 20)}, ValueError, r"MatchGame\.points\[0\] must be from 0 to 2\*\*53, not -1"),
        ({"a_times": (math.nan,)}, ValueError, r"MatchGame\.a_times\[0\] must be from 0 to 2\*\*53, not nan"),
        ({"b_times": (-2.5,)}, ValueError, r"MatchGame\.b_times\[0\] must be from 0 to 2\*\*53, not -2\.5"),
        ({"b_times": ("1",)}, TypeError, r"MatchGame\.b_times\[0\] must be a number, not str"),
    ],
)
def test_a_match_game_checks_its_fields(changes, error, message):
    with pytest.raises(error, match=message):
        attrs.evolve(_line(0, 0, True), **changes)


def test_a_match_result_holds_the_two_games_of_each_pair_in_order():
    first, second = _line(0, 0, True), _line(0, 1, False)
    assert MatchResult("a", "b", 0, (first, second)).win_rate == 0.5
    for lines, error, message in [
        ((), ValueError, "must hold two games a deal pair, not 0"),
        ((first, second, _line(1, 0, True)), ValueError, "must hold two games a deal pair, not 3"),
        ([first, second], TypeError, "must be a tuple of MatchGame, not list"),
        ((first, (0, 1)), TypeError, r"game_lines\[1\] must be a MatchGame, not tuple"),
        (
            (first, first),
            ValueError,
            r"game_lines\[1\] must be game 2 of pair 0 \(bot A in team 1\), not pair 0's",
        ),
        ((second, first), ValueError, r"game_lines\[0\] must be game 1 of pair 0"),
        ((first, _line(1, 1, True)), ValueError, r"game_lines\[1\] .* not pair 1's with bot A in team 1"),
    ]:
        with pytest.raises(error, match=message):
            MatchResult("a", "b", 0, lines)
    with pytest.raises(TypeError, match=r"MatchResult\.bot_b must be a str, not NoneType"):
        MatchResult("a", None, 0, (first, second))
    with pytest.raises(TypeError, match=r"MatchResult\.seed must be an int, not float"):
        MatchResult("a", "b", 0.0, (first, second))
    with pytest.raises(ValueError, match=r"MatchResult\.seed must be an int of at most 4,300 digits"):
        MatchResult("a", "b", 10**5000, (first, second))


def _pairs_of_lines(results):
    """Games from ``(a_won, margin)`` per game, two a pair in order."""
    return tuple(
        _line(i // 2, i % 2, won, scores=(60 + margin, 60) if margin >= 0 else (60, 60 - margin))
        for i, (won, margin) in enumerate(results)
    )


def test_one_pair_gives_no_interval():
    result = MatchResult(bot_a="a", bot_b="b", seed=0, game_lines=_pairs_of_lines([(True, 30), (False, -10)]))
    assert result.win_rate == 0.5 and result.margin == 10
    assert result.win_rate_ci is None
    assert result.margin_ci is None
    report = result.report().splitlines()
    assert report[0] == "a vs b: 2 games (1 deal pair, seats swapped), seed 0"
    assert report[1] == "  a wins 1 of 2: 0.500, 95% CI n/a (one deal pair)"
    assert report[2] == "  final margin: +10.0 points a game for a, 95% CI n/a (one deal pair)"
    assert "[" not in report[1] + report[2]


def test_two_pairs_that_agree_give_no_interval_and_two_that_differ_give_a_wide_one():
    # Both pairs split 1-1 with the same margins: the pairs' means are equal, no spread.
    alike = MatchResult(
        bot_a="a",
        bot_b="b",
        seed=0,
        game_lines=_pairs_of_lines([(True, 20), (False, -10), (False, -10), (True, 20)]),
    )
    assert (alike.win_rate_ci, alike.margin_ci) == (None, None)
    report = alike.report()
    assert "a wins 2 of 4: 0.500, 95% CI n/a (no spread among the 2 deal pairs)" in report
    assert "final margin: +5.0 points a game for a, 95% CI n/a (no spread among the 2 deal pairs)" in report
    # Pair means 1 and 0.5 (wins), 30 and 10 (margins): sd/sqrt(2) is half the gap, t(1) = 12.706.
    apart = MatchResult(
        bot_a="a",
        bot_b="b",
        seed=0,
        game_lines=_pairs_of_lines([(True, 40), (True, 20), (True, 30), (False, -10)]),
    )
    low, high = apart.margin_ci
    assert (low, high) == pytest.approx((20 - 12.706 * 10, 20 + 12.706 * 10), abs=1e-2)
    low, high = apart.win_rate_ci
    assert (low, high) == pytest.approx((0.0, 1.0))  # 0.75 -+ 3.18, clipped
    assert "a wins 3 of 4: 0.750, 95% CI [0.000, 1.000]" in apart.report()
    assert "final margin: +20.0 points a game for a, 95% CI [-107.1, +147.1]" in apart.report()


def test_many_pairs_that_agree_give_no_interval_and_one_that_differs_gives_one():
    # Ten pairs, each split 1-1 with margins that differ: the win rate's pairs all agree.
    games = [game for pair in range(10) for game in [(True, 10 + 2 * pair), (False, -pair)]]
    result = MatchResult(bot_a="a", bot_b="b", seed=0, game_lines=_pairs_of_lines(games))
    assert result.pairs == 10 and result.win_rate == 0.5
    assert result.win_rate_ci is None
    assert "a wins 10 of 20: 0.500, 95% CI n/a (no spread among the 10 deal pairs)" in result.report()
    low, high = result.margin_ci
    assert low < result.margin == 7.25 < high
    # Pair means 5, 5.5, ..., 9.5: sd 1.514, and 2.262 * 1.514 / sqrt(10) = 1.083.
    assert (low, high) == pytest.approx((7.25 - 1.083, 7.25 + 1.083), abs=1e-3)
    # One pair won twice: pair means nine times 0.5 and once 1.
    games[1] = (True, 5)
    one_apart = MatchResult(bot_a="a", bot_b="b", seed=0, game_lines=_pairs_of_lines(games))
    means = [1.0] + [0.5] * 9
    mean = sum(means) / 10
    half = 2.262 * math.sqrt(sum((m - mean) ** 2 for m in means) / 9 / 10)
    assert one_apart.win_rate_ci == pytest.approx((mean - half, mean + half), abs=1e-3)


def test_even_median():
    lines = (_line(0, 0, True), _line(0, 1, True))
    lines = (
        MatchGame(
            pair=0,
            a_team=0,
            a_won=True,
            scores=(1, 0),
            hands=1,
            points=(0, 0),
            a_times=(1.0, 4.0),
            b_times=(),
        ),
        *lines[1:],
    )
    assert MatchResult(bot_a="a", bot_b="b", seed=0, game_lines=lines).median_decision("a") == 2.5


# --- playing a match -------------------------------------------------------------------------------


def test_a_match_plays_each_deal_pair_twice_with_the_seats_swapped():
    result = match("simple", "random", pairs=3, seed=5)
    assert [(line.pair, line.a_team) for line in result.game_lines] == [
        (p, t) for p in range(3) for t in (0, 1)
    ]
    assert result.bot_a == "simple" and result.bot_b == "random" and result.seed == 5
    assert result.win_rate > 0.5
    assert all(line.a_times and line.b_times for line in result.game_lines)
    assert "simple vs random: 6 games (3 deal pairs, seats swapped), seed 5" in result.report()


def test_each_game_is_the_game_its_seeds_make():
    """A game of the arena is new_game(seed=game_seed(S, pair)) played by bots seeded per seat."""
    pair, seed = 1, 9
    for line in play_pair(SimpleBot, RandomBot, pair, seed=seed):
        bots = [
            (SimpleBot if seat % 2 == line.a_team else RandomBot)(
                player_seed(seed, 2 * pair + line.a_team, seat)
            )
            for seat in range(4)
        ]
        state = new_game(Rules(), dealer=0, seed=game_seed(seed, pair))
        while not state.is_over:
            seat = state.to_act
            from pitch13 import apply

            state = apply(state, bots[seat].choose(view(state, seat)), seat=seat)
        team = line.a_team
        assert line.a_won == (state.winner == team)
        assert line.scores == (state.scores[team], state.scores[1 - team])
        assert line.hands == state.hand_number
        taken = [sum(r.points[t] for r in state.results) for t in (0, 1)]
        assert line.points == (taken[team], taken[1 - team])
        assert line.margin == state.scores[team] - state.scores[1 - team]


class _FirstHands:
    """A bot factory that remembers the first hand each seat of each game was dealt."""

    def __init__(self):
        self.seen = []

    def __call__(self, seed):
        outer = self

        class Recorder(SimpleBot):
            def __init__(self, seed):
                super().__init__(seed)
                self.first = True

            def choose(self, view: SeatView):
                if self.first:
                    outer.seen.append((view.seat, view.hand))
                    self.first = False
                return super().choose(view)

        return Recorder(seed)


def test_both_games_of_a_pair_deal_the_same_cards():
    recorder = _FirstHands()
    play_pair(recorder, recorder, 0, seed=4)
    first, second = recorder.seen[:4], recorder.seen[4:]
    assert sorted(first) == sorted(second)
    assert len({hand for _, hand in first}) == 4


def test_the_result_does_not_depend_on_the_workers_and_a_pair_replays_alone():
    one = match("simple", "random", pairs=4, seed=11, rules=Rules.classic_ten_point())
    two = match("simple", "random", pairs=4, seed=11, rules=Rules.classic_ten_point(), workers=2)
    assert one == two
    assert play_pair("simple", "random", 2, seed=11, rules=Rules.classic_ten_point()) == one.game_lines[4:6]
    assert (
        match("simple", "random", pairs=4, seed=12).game_lines
        != match("simple", "random", pairs=4, seed=11).game_lines
    )


def test_progress_is_reported_after_each_pair():
    calls = []
    match("random", "random", pairs=3, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


class _Liar:
    """Answers with what says it equals any action."""

    def __init__(self, seed=None):
        pass

    def choose(self, view):
        return EqualsAnything()


class _Cheater:
    def __init__(self, seed=None):
        pass

    def choose(self, view):
        from pitch13 import Bid

        return Bid(13)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"pairs": 0}, ValueError, "pairs must be at least 1, not 0"),
        ({"pairs": 1, "workers": 0}, ValueError, "workers must be at least 1, not 0"),
        ({"pairs": 10**6, "workers": 1025}, ValueError, "workers must be at most 1,024, not 1025"),
        ({"pairs": "2"}, TypeError, "pairs must be an int, not str"),
        ({"pairs": True}, TypeError, "pairs must be an int, not bool"),
        ({"pairs": 1, "seed": 1.5}, TypeError, "seed must be an int, not float"),
        ({"pairs": 1, "rules": "classic"}, TypeError, "rules must be a Rules or None, not 'classic'"),
    ],
)
def test_match_refuses_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        match("simple", "random", **kwargs)


def test_play_pair_refuses_a_negative_pair():
    with pytest.raises(ValueError, match="pair must be 0 or more, not -1"):
        play_pair("simple", "random", -1)


def test_match_refuses_bad_bots():
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        match("clever", "random", pairs=1)
    with pytest.raises(TypeError, match="not int"):
        match(3, "random", pairs=1)
    with pytest.raises(
        BotError,
        match=r"which is not one of its legal actions, in game 0 \(pair 0\) of the match seeded 4, bot A$",
    ) as caught:
        match(_Cheater, "random", pairs=1, seed=4)
    assert caught.value.where == "game 0 (pair 0) of the match seeded 4, bot A"
    with pytest.raises(
        BotError,
        match=r"seat 1 chose <helpers\.EqualsAn.*, in game 0 \(pair 0\) of the match seeded 4, bot B$",
    ):
        match("random", _Liar, pairs=1, seed=4)


def test_a_game_its_bots_never_end_stops_the_match_after_10000_hands():
    """Bots that always pass under all_pass=redeal throw in every hand: the match stops as hand
    10,001 would begin, saying which game, where it would never have returned."""
    with pytest.raises(pitch13.GameTooLongError) as caught:
        match(Passer, Passer, pairs=1, seed=4, rules=Rules(all_pass="redeal"))
    error = caught.value
    assert error.where == "game 0 (pair 0) of the match seeded 4"
    assert str(error) == (
        "game 0 (pair 0) of the match seeded 4 is not over after 10,000 hands, the most a record"
        " holds: its bots may never end it (every hand passed out and dealt again, say), or its"
        " target be out of reach"
    )
    again = pickle.loads(pickle.dumps(error))  # as it comes back from a worker
    assert (type(again), str(again), again.where) == (pitch13.GameTooLongError, str(error), error.where)
    with pytest.raises(pitch13.GameTooLongError, match=r"^the game is not over after 10,000 hands"):
        play_game([Passer() for _ in range(4)], Rules(all_pass="redeal"))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_returns_what_does_not_pickle_is_a_bot_error_from_any_worker(workers):
    """What the bot returned is quoted in the error; from a worker, where it cannot pickle, the
    error comes back with that quote in its place."""
    with pytest.raises(BotError) as caught:
        match("simple", Generating, pairs=2, seed=4, workers=workers)
    error = caught.value
    where = ("game 0 (pair 0)", "game 2 (pair 1)")[: 1 if workers == 1 else 2]
    assert error.where in [f"{game} of the match seeded 4, bot B" for game in where]
    assert error.seat == 1
    chose, rest = str(error).split(", which is ")
    assert chose.startswith("the bot of seat 1 chose <generator object ")
    assert rest == f"not one of its legal actions, in {error.where}"
    if workers == 1:
        assert inspect.isgenerator(error.action)
    else:  # the quote in the message stands in for the generator
        assert chose == f"the bot of seat 1 chose {error.action!r}"
    for answer in ([threading.Lock()] * 3, {1: threading.Lock()}, [pitch13.PASS] * 50, pitch13.Bid(13)):
        made = BotError(2, answer, "game 0")
        again = pickle.loads(pickle.dumps(made))  # the message is made once: a quote is not cut again
        assert (str(again), again.seat, again.where) == (str(made), 2, "game 0")
    assert pickle.loads(pickle.dumps(BotError(2, pitch13.Bid(13)))).action == pitch13.Bid(13)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_raises_stops_the_match_with_where_it_happened(workers):
    with pytest.raises(BotFailedError) as caught:
        match("simple", Broken, pairs=2, seed=4, workers=workers)
    error = caught.value
    # Each pair fails in its first game; with two workers playing the pairs side by side, the
    # failure raised is still the first pair's.
    assert error.where == "game 0 (pair 0) of the match seeded 4, bot B"
    assert (error.seat, error.error) == (1, "Unpicklable: the model is gone")
    assert str(error) == f"the bot of seat 1 raised Unpicklable: the model is gone, in {error.where}"
    if workers == 1:
        assert type(error.__cause__) is Unpicklable


class _SlowToFail:
    """For a match seeded 0: in game 0, 40 slow decisions, then a failure; in any other, a failure at once."""

    def __init__(self, seed):
        self.slow = 40 if seed in {player_seed(0, 0, seat) for seat in range(4)} else 0

    def choose(self, view):
        if not self.slow:
            raise RuntimeError("no move")
        self.slow -= 1
        time.sleep(0.01)
        return view.legal_actions[0]


def test_with_workers_the_failure_raised_is_the_first_game_to_fail_whichever_fails_first():
    """Pair 1 fails at once while pair 0 plays slowly to its failure: the match raised pair 1's,
    and which failure came out depended on which worker was quicker."""
    with pytest.raises(
        BotFailedError, match=r"^the bot of seat \d raised RuntimeError: no move, in game 0 \(pair 0\)"
    ):
        match(_SlowToFail, _SlowToFail, pairs=4, workers=2)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_spec_whose_maker_raises_stops_the_match_saying_the_bot_was_being_made(workers):
    """A plain choose(view) function given as the bot is a maker called with a seed: its own
    AttributeError came out of the match as it was, saying neither seat nor game."""
    with pytest.raises(BotFailedError) as caught:
        match("simple", choose_first, pairs=2, seed=4, workers=workers)
    error = caught.value
    where = ("game 0 (pair 0)", "game 2 (pair 1)")[: 1 if workers == 1 else 2]
    assert error.where in [f"{game} of the match seeded 4, bot B" for game in where]
    assert (error.seat, error.making) == (1, True)
    assert str(error) == (
        f"making the bot of seat 1 raised AttributeError: 'int' object has no attribute 'legal_actions', in {error.where}"
    )
    if workers == 1:
        assert type(error.__cause__) is AttributeError
    with pytest.raises(BotFailedError) as caught:
        play_pair(Unmade, "simple", 3, seed=4)
    error = caught.value
    assert (error.seat, error.making, error.error) == (0, True, "Unpicklable: the model is gone")
    assert error.where == "game 6 (pair 3) of the match seeded 4, bot A"
    assert type(error.__cause__) is Unpicklable
    again = pickle.loads(pickle.dumps(error))  # as it comes back from a worker
    assert (str(again), again.making) == (str(error), True)
    assert not pickle.loads(pickle.dumps(BotFailedError(1, "OSError: no model"))).making


def test_match_refuses_a_bad_progress_or_a_bot_workers_cannot_take_before_any_game(monkeypatch):
    played = []
    monkeypatch.setattr(arena, "_play", lambda *args: played.append(args))
    with pytest.raises(TypeError, match="progress must be callable, not int"):
        match("simple", "random", pairs=2, progress=5)
    with pytest.raises(TypeError, match="with more than one worker, or on Dask, a bot must be picklable"):
        match(lambda seed: SimpleBot(seed), "random", pairs=2, workers=2)
    assert played == []


# --- naming bots -----------------------------------------------------------------------------------


@pytest.fixture
def user_bots(monkeypatch):
    module = types.ModuleType("my_bots")

    class Seeded(RandomBot):
        pass

    class Unseeded:
        def __init__(self):
            self.inner = RandomBot(0)

        def choose(self, view):
            return self.inner.choose(view)

    class NotABot:
        def __init__(self, seed):
            pass

    class KeywordSeeded(RandomBot):
        def __init__(self, *, seed=None):
            super().__init__(seed)

    module.Seeded = Seeded
    module.KeywordSeeded = KeywordSeeded
    module.Unseeded = Unseeded
    module.NotABot = NotABot
    module.factory = types.SimpleNamespace(make=Seeded)
    module.number = 7
    monkeypatch.setitem(sys.modules, "my_bots", module)
    return module


def test_bot_factory_knows_the_named_bots_and_a_users_classes(user_bots):
    assert bot_factory("random") is RandomBot
    assert isinstance(bot_factory("simple")(3), SimpleBot)
    assert isinstance(bot_factory("my_bots:Seeded")(3), user_bots.Seeded)
    assert isinstance(bot_factory("my_bots:Unseeded")(3), user_bots.Unseeded)
    assert isinstance(bot_factory("my_bots:factory.make")(3), user_bots.Seeded)
    state = new_game(Rules(), dealer=0, seed=1)
    seat_view = view(state, state.to_act)
    assert bot_factory("my_bots:Seeded")(3).choose(seat_view) == RandomBot(3).choose(seat_view)
    keyword = bot_factory("my_bots:KeywordSeeded")(3)  # its seed is keyword-only: given as seed=
    assert isinstance(keyword, user_bots.KeywordSeeded)
    assert keyword.choose(seat_view) == RandomBot(3).choose(seat_view)


@pytest.mark.parametrize(
    ("source", "raised"),
    [("def broken(:\n", "SyntaxError"), ("raise RuntimeError('no network')\n", "RuntimeError: 'no network'")],
)
def test_bot_factory_refuses_a_module_whose_import_fails_in_any_way(tmp_path, monkeypatch, source, raised):
    (tmp_path / "failing_bots.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match=rf"bot 'failing_bots:Bot': cannot import 'failing_bots' \({raised}"):
        bot_factory("failing_bots:Bot")
    sys.modules.pop("failing_bots", None)


def test_bot_factory_refuses_a_module_whose_attributes_fail_to_read(tmp_path, monkeypatch):
    """A module's ``__getattr__`` that raised went through ``hasattr`` as a traceback."""
    (tmp_path / "odd_bots.py").write_text(
        "def __getattr__(name):\n    raise RuntimeError('no ' + name)\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    message = r"^bot 'odd_bots:Bot': reading 'Bot' of 'odd_bots' failed \(RuntimeError: 'no Bot'\)$"
    with pytest.raises(ValueError, match=message):
        bot_factory("odd_bots:Bot")
    sys.modules.pop("odd_bots", None)


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        (
            "clever",
            ValueError,
            "unknown bot 'clever': use one of random, simple, search, solver, or module:Class",
        ),
        (":Class", ValueError, "unknown bot"),
        ("module:", ValueError, "unknown bot"),
        ("no_such_module_anywhere:Bot", ValueError, "cannot import 'no_such_module_anywhere'"),
        ("my_bots:Missing", ValueError, "'my_bots' has no 'Missing'"),
        ("my_bots:number", ValueError, "'number' is not a class or function"),
        (7, TypeError, "a bot is a name or a callable that makes one, not int"),
    ],
)
def test_bot_factory_refuses_what_names_no_bot(user_bots, spec, error, message):
    with pytest.raises(error, match=message):
        bot_factory(spec)


def test_a_factory_that_makes_no_bot_is_refused_when_it_makes_one(user_bots):
    make = bot_factory("my_bots:NotABot")
    with pytest.raises(TypeError, match="made NotABot, which has no choose"):
        make(1)


def test_a_bot_class_given_itself_is_made_as_its_name_would_make_it(user_bots):
    """A class (or function) given as the bot, not named, is called with the seed as it takes
    one, as ``module:Class`` is, and what it makes is checked to be a bot."""
    assert bot_factory(SimpleBot) is SimpleBot
    assert isinstance(bot_factory(user_bots.Unseeded)(3), user_bots.Unseeded)
    state = new_game(Rules(), dealer=0, seed=1)
    seat_view = view(state, state.to_act)
    keyword = bot_factory(user_bots.KeywordSeeded)(3)
    assert keyword.choose(seat_view) == RandomBot(3).choose(seat_view)
    result = match(user_bots.Unseeded, user_bots.KeywordSeeded, pairs=1, rules=Rules(target=1))
    assert result.games == 2 and result.bot_a == "Unseeded"
    with pytest.raises(TypeError, match="bot NotABot made NotABot, which has no choose"):
        match(user_bots.NotABot, "simple", pairs=1)
    with pytest.raises(TypeError, match=r"bot <lambda> made int, which has no choose\(view\) method"):
        match(lambda seed: 5, "simple", pairs=1)


class Configured(RandomBot):
    """A class of bots made with settings of any length."""

    def __init__(self, seed=None, **settings):
        super().__init__(seed)


def test_a_partial_is_named_in_the_result_by_its_call_not_partial():
    """Two partials of one class, with different settings, were both named "partial"."""
    fast = functools.partial(SearchBot, iterations=2, auction_iterations=2)
    result = match(fast, functools.partial(RandomBot), pairs=1, rules=Rules(target=1))
    assert (result.bot_a, result.bot_b) == ("SearchBot(iterations=2, auction_iterations=2)", "RandomBot()")
    assert result.report().startswith("SearchBot(iterations=2, auction_iterations=2) vs RandomBot(): 2 games")
    settings = {f"setting_{n}": "x" * 50 for n in range(10)}
    result = match(functools.partial(Configured, **settings), "random", pairs=1, rules=Rules(target=1))
    assert result.bot_a.startswith("Configured(setting_0='xxx") and result.bot_a.endswith("...)")
    assert len(result.bot_a) == 120  # each value cut as a message quotes it, and the whole too


# --- the command -----------------------------------------------------------------------------------


def test_match_command_prints_the_result(capsys):
    assert main(["match", "simple", "random", "--pairs", "2", "--seed", "3", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("simple vs random: 4 games (2 deal pairs, seats swapped), seed 3\n")
    assert "95% CI" in captured.out and "CPU a decision, random: median" in captured.out
    assert "with 1 worker(s), default rules" in captured.out
    assert captured.err == ""
    expected = match("simple", "random", pairs=2, seed=3).report()
    assert captured.out.splitlines()[:4] == expected.splitlines()[:4]  # the lines without times
    # The workers said are those that played: no more than the pairs.
    assert main(["match", "simple", "random", "--pairs", "2", "--workers", "500", "--quiet"]) == 0
    assert "with 2 worker(s), default rules" in capsys.readouterr().out


def test_match_command_prints_no_interval_the_pairs_cannot_give(capsys):
    assert main(["match", "simple", "random", "--pairs", "1", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "simple vs random: 2 games (1 deal pair, seats swapped), seed 3"
    assert out[1].endswith(", 95% CI n/a (one deal pair)")
    assert out[2].endswith(", 95% CI n/a (one deal pair)")
    # Simple wins all four games of seed 3's two pairs, by margins that differ.
    assert main(["match", "simple", "random", "--pairs", "2", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "  simple wins 4 of 4: 1.000, 95% CI n/a (no spread among the 2 deal pairs)"
    assert out[2] == "  final margin: +148.5 points a game for simple, 95% CI [-4.0, +301.0]"
    result = match("simple", "random", pairs=2, seed=3)
    assert result.win_rate_ci is None
    assert result.margin_ci == pytest.approx((-3.972, 300.972), abs=1e-3)


def test_match_command_classic_rules_and_a_users_bot(capsys, user_bots):
    assert main(["match", "my_bots:Seeded", "simple", "--pairs", "1", "--rules", "classic", "--quiet"]) == 0
    assert "my_bots:Seeded vs simple: 2 games" in capsys.readouterr().out


def test_match_command_refuses_bad_bots_and_numbers(capsys, monkeypatch):
    assert main(["match", "clever", "simple"]) == 2
    assert "pitch13 match: unknown bot 'clever'" in capsys.readouterr().err
    for bad in (["--pairs", "0"], ["--workers", "x"], ["--workers", "100000"], ["--seed", str(-(2**128))]):
        with pytest.raises(SystemExit) as exit_:
            main(["match", "simple", "random", *bad])
        assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "must be at least 1, not 0" in err and "not a whole number: 'x'" in err
    assert "argument --workers: must be at most 1,024, not 100000" in err
    assert "argument --seed: a seed is an integer of at most 128 bits" in err
    module = types.ModuleType("cheaters")
    module.Cheater = _Cheater
    monkeypatch.setitem(sys.modules, "cheaters", module)
    assert main(["match", "cheaters:Cheater", "simple", "--pairs", "1", "--quiet"]) == 1
    assert "pitch13 match: the bot of seat 0 chose Bid(amount=13)" in capsys.readouterr().err
    module.Broken = Broken
    assert main(["match", "simple", "cheaters:Broken", "--pairs", "1", "--quiet"]) == 1
    assert capsys.readouterr().err == (
        "pitch13 match: the bot of seat 1 raised Unpicklable: the model is gone, "
        "in game 0 (pair 0) of the match seeded 0, bot B\n"
    )


def test_match_help_reads_well(capsys):
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "BOT_A BOT_B" in out and "--pairs N" in out and "--workers K" in out and "95% confidence" in out
    assert "the luck of the cards cancels out" in out and "does not depend on --workers" in out


# --- the progress bar ------------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_bar_draws_on_a_terminal_and_erases_itself():
    stream = _Terminal()
    bar = Progress(4, "games", "pairs", stream=stream)
    bar(0)
    bar(1)  # within a tenth of a second of the last drawing: skipped
    bar(4)
    text = stream.getvalue()
    assert "games [" + "." * 30 + "] 0/4 pairs" in text
    assert "1/4" not in text
    assert "games [" + "#" * 30 + "] 4/4 pairs" in text
    bar.close()
    assert stream.getvalue().endswith("\r")
    bar.close()  # nothing more to erase


def test_the_progress_bar_shows_an_eta_and_a_new_total(monkeypatch):
    stream = _Terminal()
    bar = Progress(10, "games", "pairs", stream=stream)
    bar.started -= 3725  # an hour and more ago
    bar(5, 20)
    assert "5/20 pairs  1:02:05, ETA 3:06:15" in stream.getvalue()


def test_the_progress_bar_is_silent_off_a_terminal():
    stream = io.StringIO()
    bar = Progress(2, "games", "pairs", stream=stream)
    bar(1)
    bar(2)
    bar.close()
    assert stream.getvalue() == ""
    forced = io.StringIO()
    Progress(0, "x", "y", stream=forced, enabled=True)(0)
    assert "0/0 y" in forced.getvalue()
