"""The arena: two bots matched on paired deals, with the seats swapped, and the result with its error.

Deal pair ``i`` of a match seeded ``seed`` is played twice from the same deals
(:func:`~pitch13.new_game` with the seed of game ``i`` of the run): once with bot A in seats 0
and 2 and bot B in seats 1 and 3, once the other way round. Good and bad cards thus fall to each
bot alike, and most of the luck of the deal cancels out. Each pair counts as one sample: the win
rate, and the mean final margin, get their 95 % confidence intervals from the spread of the
pairs' means (Student's t), so the correlation of the two games of a pair is accounted for.

A t-interval measures the error of a mean by the spread of its samples. When the pairs show no
spread (one pair, or every pair's mean the same: every pair won by bot A, say), the formula
gives an interval of no width, which claims a certainty the sample cannot give: two pairs both
won by bot A say little about the next one. The interval is then ``None``, which
:meth:`MatchResult.report` prints ``n/a``; so it is for a match of any size whose pairs all
agree, where the counts of games won and lost say what it found.

>>> from pitch13.arena import match
>>> result = match("simple", "random", pairs=2, seed=1)
>>> result.games, result.pairs
(4, 2)
>>> 0.0 <= result.win_rate <= 1.0
True
>>> result.win_rate_ci is None  # both pairs won by bot A: no spread, no interval
True

``pitch13 match BOT_A BOT_B --pairs N --workers K --seed S`` does the same from the command
line, with a progress bar; bots are named as :func:`~pitch13.bots.bot_factory` names them.

Costs: a match costs its games; each game costs its decisions (the bots' time, which the
result reports, and about 3 microseconds of engine time per action), plus one reading of the
game's results at its end.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final, Literal

import attrs

from pitch13._base.checks import (
    MAX_HANDS,
    MOST_WORKERS,
    check_count,
    check_flag,
    check_instance,
    check_number,
    check_numbers,
    check_tuple_of,
    excerpt,
    option_or_default,
)
from pitch13._base.pool import in_chunks
from pitch13._base.seeds import check_parts, game_seed, player_seed
from pitch13.bots import Bot, BotSpec, bot_factory
from pitch13.bots._args import asked, bot_made, check_sendable, checked, failures_in
from pitch13.engine import apply, new_game
from pitch13.errors import GameTooLongError
from pitch13.rules import Rules
from pitch13.views import view

__all__ = ["MatchGame", "MatchResult", "match", "play_pair"]

#: The rules a match plays when it is given none.
_DEFAULT_RULES: Final = Rules()


@attrs.frozen(slots=True)
class MatchGame:
    """One game of a match, as bot A saw its result.

    Raises:
        TypeError: if a field is not of its type (a bool is not an int, nor an int a bool).
        ValueError: if ``pair`` is negative, ``a_team`` neither 0 nor 1, ``hands`` below 1, a
            pair of numbers not two, points or a time negative, or a number beyond 2**53.
    """

    #: The deal pair the game belongs to, from 0.
    pair: int
    #: Bot A's team in this game: 0 (seats 0 and 2) or 1 (seats 1 and 3).
    a_team: int
    #: Whether bot A's team won.
    a_won: bool
    #: The final scores, bot A's team first.
    scores: tuple[int, int]
    #: How many hands the game dealt (a hand thrown in counts).
    hands: int
    #: Points taken over the game, bot A's team first.
    points: tuple[int, int]
    #: CPU seconds of each decision of bot A's seats, in the order made.
    a_times: tuple[float, ...] = attrs.field(repr=False, eq=False)
    #: CPU seconds of each decision of bot B's seats.
    b_times: tuple[float, ...] = attrs.field(repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        check_count(self.pair, "MatchGame.pair", 0)
        check_count(self.a_team, "MatchGame.a_team", 0, 1)
        check_flag(self.a_won, "MatchGame.a_won")
        check_numbers(self.scores, "MatchGame.scores", ints=True, length=2)
        check_number(self.hands, "MatchGame.hands", ints=True, low=1)
        check_numbers(self.points, "MatchGame.points", ints=True, length=2, low=0)
        check_numbers(self.a_times, "MatchGame.a_times", ints=False, low=0)
        check_numbers(self.b_times, "MatchGame.b_times", ints=False, low=0)

    @property
    def margin(self) -> int:
        """Bot A's final score minus bot B's."""
        return self.scores[0] - self.scores[1]


def _t975(df: int) -> float:
    """The 97.5 % quantile of Student's t with ``df`` degrees of freedom (to about 3 digits)."""
    table = (
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    )  # fmt: skip
    if df <= len(table):
        return table[df - 1]
    z = 1.959964
    # The Cornish-Fisher expansion: within 0.001 of the quantile beyond 30 degrees of freedom.
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def _mean_ci(samples: Sequence[float]) -> tuple[float, float] | None:
    """The 95 % confidence interval (Student's t) of the mean of ``samples``.

    ``None`` with fewer than two samples or when all are equal: the samples show no spread,
    and an interval of no width would claim a certainty they cannot give.
    """
    n = len(samples)
    if n < 2 or min(samples) == max(samples):
        return None
    mean = sum(samples) / n
    variance = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = _t975(n - 1) * math.sqrt(variance / n)
    return mean - half, mean + half


def _duration(seconds: float) -> str:
    """Seconds as milliseconds, or as microseconds below one millisecond."""
    return f"{seconds * 1e3:.2f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.1f} µs"


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


@attrs.frozen(slots=True)
class MatchResult:
    """The result of a match of bot A against bot B on paired deals.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if ``game_lines`` is not the two games of each of one or more deal pairs,
            in order (game ``2 * i`` of pair ``i`` with bot A in team 0, then game ``2 * i + 1``
            with bot A in team 1), or ``seed`` has more than 4,300 digits.
    """

    #: Bot A's name: its spec, or its class's or function's name (a :func:`functools.partial`'s
    #: with its arguments, ``SearchBot(iterations=50)``).
    bot_a: str
    #: Bot B's name.
    bot_b: str
    #: The seed of the match.
    seed: int
    #: Every game, pair by pair, bot A in team 0 first.
    game_lines: tuple[MatchGame, ...] = attrs.field(repr=False)

    def __attrs_post_init__(self) -> None:
        check_instance(self.bot_a, str, "MatchResult.bot_a")
        check_instance(self.bot_b, str, "MatchResult.bot_b")
        check_parts(**{"MatchResult.seed": self.seed})
        lines = self.game_lines
        check_tuple_of(lines, MatchGame, "MatchResult.game_lines")
        if not lines or len(lines) % 2:
            raise ValueError(f"MatchResult.game_lines must hold two games a deal pair, not {len(lines)}")
        for i, line in enumerate(lines):
            if (line.pair, line.a_team) != (i // 2, i % 2):
                raise ValueError(
                    f"MatchResult.game_lines[{i}] must be game {i % 2 + 1} of pair {i // 2} (bot A in team "
                    f"{i % 2}), not pair {line.pair}'s with bot A in team {line.a_team}"
                )

    @property
    def pairs(self) -> int:
        """How many deal pairs were played."""
        return len(self.game_lines) // 2

    @property
    def games(self) -> int:
        """How many games were played (two a pair)."""
        return len(self.game_lines)

    @property
    def a_wins(self) -> int:
        """How many games bot A won."""
        return sum(line.a_won for line in self.game_lines)

    def _pair_means(self, value: Callable[[MatchGame], float]) -> list[float]:
        lines = self.game_lines
        return [(value(lines[i]) + value(lines[i + 1])) / 2 for i in range(0, len(lines), 2)]

    @property
    def win_rate(self) -> float:
        """The share of games bot A won."""
        return self.a_wins / self.games

    @property
    def win_rate_ci(self) -> tuple[float, float] | None:
        """The 95 % confidence interval of :attr:`win_rate`, from the pairs' means (t).

        ``None`` when the pairs show no spread: with one pair, or when every pair's share of
        wins is the same (see the module's introduction).
        """
        interval = _mean_ci(self._pair_means(lambda line: float(line.a_won)))
        if interval is None:
            return None
        low, high = interval
        return max(0.0, low), min(1.0, high)

    @property
    def margin(self) -> float:
        """Bot A's mean final margin (its final score minus bot B's) a game."""
        return sum(line.margin for line in self.game_lines) / self.games

    @property
    def margin_ci(self) -> tuple[float, float] | None:
        """The 95 % confidence interval of :attr:`margin`, from the pairs' means (t).

        ``None`` when the pairs show no spread: with one pair, or when every pair's mean
        margin is the same (see the module's introduction).
        """
        return _mean_ci(self._pair_means(lambda line: float(line.margin)))

    @property
    def points_per_hand(self) -> tuple[float, float]:
        """Points taken a hand by bot A's team and by bot B's, over all the hands dealt.

        A hand thrown in (possible under ``all_pass="redeal"`` or ``short_stock="redeal"``)
        counts, with no points.
        """
        hands = sum(line.hands for line in self.game_lines) or 1
        return (
            sum(line.points[0] for line in self.game_lines) / hands,
            sum(line.points[1] for line in self.game_lines) / hands,
        )

    def decision_times(self, bot: Literal["a", "b"]) -> tuple[float, ...]:
        """The CPU seconds of every decision of bot ``"a"`` or ``"b"``, game by game.

        Raises:
            ValueError: if ``bot`` is neither ``"a"`` nor ``"b"``.
        """
        if bot not in ("a", "b"):
            raise ValueError(f"decision_times() takes 'a' or 'b', not {excerpt(bot)}")
        return tuple(t for line in self.game_lines for t in (line.a_times if bot == "a" else line.b_times))

    def median_decision(self, bot: Literal["a", "b"]) -> float:
        """The median CPU seconds of a decision of bot ``"a"`` or ``"b"`` (0 with none)."""
        return _median(self.decision_times(bot))

    def mean_decision(self, bot: Literal["a", "b"]) -> float:
        """The mean CPU seconds of a decision of bot ``"a"`` or ``"b"`` (0 with none)."""
        times = self.decision_times(bot)
        return sum(times) / len(times) if times else 0.0

    def _interval(self, interval: tuple[float, float] | None, form: str) -> str:
        """``95% CI [low, high]`` with each bound formatted by ``form``, or why there is none."""
        if interval is not None:
            return f"95% CI [{interval[0]:{form}}, {interval[1]:{form}}]"
        why = "one deal pair" if self.pairs < 2 else f"no spread among the {self.pairs} deal pairs"
        return f"95% CI n/a ({why})"

    def report(self) -> str:
        """The result as the ``pitch13 match`` command prints it.

        An interval the pairs cannot give (:attr:`win_rate_ci` or :attr:`margin_ci` is
        ``None``) is printed ``95% CI n/a``, with the reason: one deal pair, or no spread among
        the pairs.
        """
        a, b = self.bot_a, self.bot_b
        wins = self._interval(self.win_rate_ci, ".3f")
        margin = self._interval(self.margin_ci, "+.1f")
        pa, pb = self.points_per_hand
        lines = [
            f"{a} vs {b}: {self.games} games ({self.pairs} deal pair{'s' if self.pairs != 1 else ''}, "
            f"seats swapped), seed {self.seed}",
            f"  {a} wins {self.a_wins} of {self.games}: {self.win_rate:.3f}, {wins}",
            f"  final margin: {self.margin:+.1f} points a game for {a}, {margin}",
            f"  points taken a hand: {a} {pa:.2f}, {b} {pb:.2f}",
        ]
        sides: tuple[tuple[str, Literal["a", "b"]], ...] = ((a, "a"), (b, "b"))
        for name, key in sides:
            times = self.decision_times(key)
            lines.append(
                f"  CPU a decision, {name}: median {_duration(self.median_decision(key))}, "
                f"mean {_duration(self.mean_decision(key))} over {len(times):,} decisions"
            )
        return "\n".join(lines)


def _play(
    make_a: Callable[[int], Bot],
    make_b: Callable[[int], Bot],
    rules: Rules,
    seed: int,
    pair: int,
    a_team: int,
) -> MatchGame:
    deal_seed = game_seed(seed, pair)
    # Both games of a pair have the same deals; the bots sit the other way round, and their
    # seeds are those of the game (2 * pair + bot A's team) and seat.
    game = 2 * pair + a_team
    times: tuple[list[float], list[float]] = ([], [])
    state = new_game(rules, dealer=0, seed=deal_seed)
    clock = time.process_time
    with failures_in(
        lambda seat: f"game {game} (pair {pair}) of the match seeded {seed}, bot {'AB'[seat & 1 != a_team]}"
    ):
        bots = [
            bot_made(make_a if seat & 1 == a_team else make_b, player_seed(seed, game, seat), seat)
            for seat in range(4)
        ]
        while not state.is_over:
            seat = state.to_act
            assert seat is not None  # a seeded game deals by itself: it never waits on chance
            seat_view = view(state, seat)
            started = clock()
            answer = asked(bots[seat].choose, seat, seat_view)
            times[seat & 1 != a_team].append(clock() - started)  # the bot's time alone
            state = apply(state, checked(answer, seat, seat_view), seat=seat)
            if state.hand_number > MAX_HANDS:
                raise GameTooLongError(f"game {game} (pair {pair}) of the match seeded {seed}")
    assert state.outcome is not None
    scores = state.outcome.scores
    taken = [0, 0]
    for result in state.results:
        taken[0] += result.points[0]
        taken[1] += result.points[1]
    swap = a_team == 1
    return MatchGame(
        pair=pair,
        a_team=a_team,
        a_won=state.outcome.winner == a_team,
        scores=(scores[1], scores[0]) if swap else scores,
        hands=state.outcome.hand_number,
        points=(taken[1], taken[0]) if swap else (taken[0], taken[1]),
        a_times=tuple(times[0]),
        b_times=tuple(times[1]),
    )


def play_pair(
    bot_a: BotSpec, bot_b: BotSpec, pair: int, *, seed: int = 0, rules: Rules | None = None
) -> tuple[MatchGame, MatchGame]:
    """Play deal pair ``pair`` of a match seeded ``seed``: bot A in team 0, then in team 1.

    Any pair of a match can be played again alone, with the same result (for bots that are
    reproducible from their seed).

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``pair`` is negative, ``pair`` or ``seed`` has more than 4,300 digits,
            or a bot's name names no bot.
        BotError: if a bot chooses an action that is not legal.
        BotFailedError: if a bot's ``choose``, or its maker, raises an exception (from it).
        GameTooLongError: if a game is not over after 10,000 hands.
    """
    pair, seed = check_parts(pair=pair, seed=seed)
    if pair < 0:
        raise ValueError(f"pair must be 0 or more, not {excerpt(pair)}")
    rules = option_or_default(rules, Rules, "rules", _DEFAULT_RULES)
    make_a, make_b = bot_factory(bot_a), bot_factory(bot_b)
    return (_play(make_a, make_b, rules, seed, pair, 0), _play(make_a, make_b, rules, seed, pair, 1))


def _name(spec: BotSpec) -> str:
    """A bot's name in a result: the name given, its class's or function's, or a partial's call."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, functools.partial):  # SearchBot(iterations=50), not "partial"
        given = [
            *map(excerpt, spec.args),
            *(f"{key}={excerpt(value)}" for key, value in spec.keywords.items()),
        ]
        called = f"{_name(spec.func)}({', '.join(given)})"
        return called if len(called) <= 120 else f"{called[:116]}...)"
    return getattr(spec, "__name__", type(spec).__name__)


def _pairs_of(
    bot_a: BotSpec, bot_b: BotSpec, seed: int, rules: Rules, pairs: Sequence[int]
) -> list[tuple[MatchGame, MatchGame]]:
    return [
        play_pair(bot_a, bot_b, pair, seed=seed, rules=rules) for pair in pairs
    ]  # pragma: no cover - in workers


def _results(
    bot_a: BotSpec, bot_b: BotSpec, pairs: int, seed: int, rules: Rules, workers: int
) -> Iterator[tuple[MatchGame, MatchGame]]:
    """Every pair's games as they finish (in any order with workers)."""
    if workers == 1:
        for pair in range(pairs):
            yield play_pair(bot_a, bot_b, pair, seed=seed, rules=rules)
        return
    yield from in_chunks(
        functools.partial(_pairs_of, bot_a, bot_b, seed, rules), range(pairs), pairs, workers
    )


def match(
    bot_a: BotSpec,
    bot_b: BotSpec,
    *,
    pairs: int,
    seed: int = 0,
    workers: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> MatchResult:
    """Match bot A against bot B on ``pairs`` deal pairs, seats swapped: ``2 * pairs`` games.

    The result is the same whatever the number of ``workers`` (processes), for bots that are
    reproducible from their seed: every game's deals and players are seeded from ``seed`` and
    the game's place in the match.

    Args:
        bot_a: the first bot, named or as a callable that makes one from a seed.
        bot_b: the second bot.
        pairs: how many deal pairs to play.
        seed: the seed of the match.
        workers: how many processes play (1: this one).
        rules: the rules (default :class:`~pitch13.Rules`).
        progress: called with ``(pairs done, pairs)`` after each pair.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``pairs`` or ``workers`` is below 1, ``workers`` above 1,024, ``seed``
            has more than 4,300 digits, or a bot's name names no bot.
        BotError: if a bot chooses an action that is not legal.
        BotFailedError: if a bot's ``choose``, or its maker, raises an exception (from it).
        GameTooLongError: if a game is not over after 10,000 hands.
    """
    check_count(pairs, "pairs")
    check_count(workers, "workers", high=MOST_WORKERS)
    (seed,) = check_parts(seed=seed)
    rules = option_or_default(rules, Rules, "rules", _DEFAULT_RULES)
    for spec in (bot_a, bot_b):
        bot_factory(spec)  # refuse a bad name here, before any process starts
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, not {type(progress).__name__}")
    if min(workers, pairs) > 1:
        check_sendable((bot_a, bot_b, rules))
    found: dict[int, tuple[MatchGame, MatchGame]] = {}
    for games in _results(bot_a, bot_b, pairs, seed, rules, min(workers, pairs)):
        found[games[0].pair] = games
        if progress is not None:
            progress(len(found), pairs)
    lines = tuple(line for pair in range(pairs) for line in found[pair])
    return MatchResult(bot_a=_name(bot_a), bot_b=_name(bot_b), seed=seed, game_lines=lines)
