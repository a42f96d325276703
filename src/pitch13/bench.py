"""``python -m pitch13.bench``: how fast the engine plays random whole games.

Each run plays the same random games (every choice uniform among
:func:`~pitch13.legal_actions`, from a seeded :class:`random.Random`) and counts actions (one
``legal_actions`` + one ``apply`` + one random choice) and scored hands per CPU second
(:func:`time.process_time`, so that other work on the machine counts less). The figures
printed are the medians of the runs.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Final

import attrs

from pitch13._base.checks import MAX_SEED, MOST_NUMBER, check_count, check_number, excerpt
from pitch13._base.commands import Parser, integer, parsed, run_command, standard_error
from pitch13._base.seeds import check_parts, random_source
from pitch13.engine import apply, legal_actions, new_game
from pitch13.rules import Rules

__all__ = ["BenchResult", "main", "run_once"]


@attrs.frozen
class BenchResult:
    """One timed run: how many actions and hands were played in how many seconds.

    Raises:
        TypeError: if a count is not an int, or ``seconds`` not a number.
        ValueError: if a count or ``seconds`` is negative, not finite or beyond 2**53.
    """

    #: Actions applied.
    actions: int
    #: Hands scored.
    hands: int
    #: Games played to the end.
    games: int
    #: CPU seconds (:func:`time.process_time`) the games took.
    seconds: float

    def __attrs_post_init__(self) -> None:
        for name in ("actions", "hands", "games"):
            check_number(getattr(self, name), f"BenchResult.{name}", ints=True, low=0)
        check_number(self.seconds, "BenchResult.seconds", ints=False, low=0)

    @property
    def actions_per_second(self) -> float:
        """Actions per CPU second."""
        return self.actions / max(self.seconds, _TICK)

    @property
    def hands_per_second(self) -> float:
        """Hands per CPU second."""
        return self.hands / max(self.seconds, _TICK)


#: Game *g* of a run of seed *s* is dealt from the seed ``s * _SPREAD + g``.
_SPREAD: Final = 1_000_003


def _check_seed(seed: int, games: int) -> None:
    """Refuse a ``seed`` that would deal one of ``games`` games from a seed out of range.

    ``games`` is at most 2**53 (a run's count), far fewer than the seeds between two runs'.
    """
    check_count(games, "games", high=MOST_NUMBER)
    low, high = -(MAX_SEED // _SPREAD), (MAX_SEED - games + 1) // _SPREAD
    if not low <= seed <= high:
        many = f"{games:,} game" + ("s" if games != 1 else "")
        raise ValueError(f"seed must be from {low} to {high} for {many}, not {excerpt(seed)}")


#: The shortest time a run is taken to have lasted (a clock's tick), so that no rate divides by 0.
_TICK = 1e-9


def run_once(rules: Rules, games: int, seed: int) -> BenchResult:
    """Play ``games`` random whole games and time them by CPU time.

    The same arguments play the same games: game *g* is dealt from the seed
    ``seed * 1_000_003 + g``.

    Raises:
        TypeError: if ``rules`` is not a :class:`~pitch13.Rules`, or ``games`` or ``seed`` not an int.
        ValueError: if ``games`` is below 1 or above 2**53, or ``seed`` deals a game from a seed
            out of the range :func:`~pitch13.new_game` takes: a ``seed`` beyond about ±3.4e32.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    check_parts(seed=seed)
    _check_seed(seed, games)
    rng = random_source(seed)
    choice = rng.choice
    actions = hands = 0
    start = time.process_time()
    for game in range(games):
        state = new_game(rules, dealer=game % 4, seed=seed * _SPREAD + game)
        while state.outcome is None:
            state = apply(state, choice(legal_actions(state)))
            actions += 1
        hands += len(state.results)
    seconds = time.process_time() - start
    return BenchResult(actions, hands, games, seconds)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its medians; returns the exit status."""
    with standard_error():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    """:func:`main`, with a standard error."""
    parser = Parser(
        prog="python -m pitch13.bench",
        description="How fast the engine plays random whole games: each run plays the same seeded"
        " random games, and the medians of the runs' actions and hands per CPU second are printed"
        " (an action is one legal_actions, one random choice and one apply).",
    )
    parser.add_argument("--games", type=integer, default=100, help="games per run (default 100)")
    parser.add_argument(
        "--runs", type=integer, default=5, help="timed runs; the median is printed (default 5)"
    )
    parser.add_argument("--seed", type=integer, default=1, help="seed of the deals and choices (default 1)")
    parser.add_argument("--classic", action="store_true", help="classic 10-point rules")
    args = parsed(parser, argv)
    if min(args.games, args.runs) < 1:
        parser.error("--games and --runs must be at least 1")
    try:
        _check_seed(args.seed, args.games)  # before the warm-up, which plays fewer games
    except ValueError as error:
        parser.error(f"--{error}")
    rules = Rules.classic_ten_point() if args.classic else Rules()
    return run_command(parser.prog, lambda: _runs(rules, args.games, args.runs, args.seed))


def _runs(rules: Rules, games: int, runs: int, seed: int) -> int:
    """A warm-up, then ``runs`` timed runs, and their medians printed; the exit status."""
    run_once(rules, max(1, games // 10), seed)  # warm-up: caches and tables
    results = [run_once(rules, games, seed) for _ in range(runs)]
    print(f"python {platform.python_version()} on {platform.machine()}, {runs} runs of {games} games")
    print(f"actions per CPU second: {statistics.median(r.actions_per_second for r in results):,.0f}")
    print(f"hands per CPU second:   {statistics.median(r.hands_per_second for r in results):,.0f}")
    print(f"actions per hand:       {statistics.median(r.actions / r.hands for r in results):.1f}")
    return 0


if __name__ == "__main__":  # pragma: no cover - run as a command
    sys.exit(main())
