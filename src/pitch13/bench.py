"""``python -m pitch13.bench``: how fast the engine plays random whole games.

Each run plays random games (every choice uniform among :func:`~pitch13.legal_actions`, from a
seeded :class:`random.Random`) and counts actions (one ``legal_actions`` + one ``apply`` + one
random choice) and scored hands per second. The figures printed are the medians of the runs.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence

import attrs

from pitch13.engine import apply, legal_actions, new_game
from pitch13.rules import Rules

__all__ = ["BenchResult", "main", "run_once"]


@attrs.frozen
class BenchResult:
    """One timed run: how many actions and hands were played in how many seconds."""

    #: Actions applied.
    actions: int
    #: Hands scored.
    hands: int
    #: Games played to the end.
    games: int
    #: Wall-clock seconds.
    seconds: float

    @property
    def actions_per_second(self) -> float:
        """Actions per second."""
        return self.actions / self.seconds

    @property
    def hands_per_second(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds


def run_once(rules: Rules, games: int, seed: int) -> BenchResult:
    """Play ``games`` random whole games and time them."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = hands = 0
    start = time.perf_counter()
    for game in range(games):
        state = new_game(rules, dealer=game % 4, seed=seed * 1_000_003 + game)
        while state.outcome is None:
            state = apply(state, choice(legal_actions(state)))
            actions += 1
        hands += len(state.results)
    seconds = time.perf_counter() - start
    return BenchResult(actions, hands, games, seconds)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its medians; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m pitch13.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per run (default 100)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs; the median is printed (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and choices (default 1)")
    parser.add_argument("--classic", action="store_true", help="classic 10-point rules")
    args = parser.parse_args(argv)
    rules = Rules.classic_ten_point() if args.classic else Rules()
    run_once(rules, max(1, args.games // 10), args.seed + 1)  # warm-up: caches and tables
    results = [run_once(rules, args.games, args.seed + run) for run in range(args.runs)]
    print(
        f"python {platform.python_version()} on {platform.machine()}, {args.runs} runs of {args.games} games"
    )
    print(f"actions per second: {statistics.median(r.actions_per_second for r in results):,.0f}")
    print(f"hands per second:   {statistics.median(r.hands_per_second for r in results):,.0f}")
    print(f"actions per hand:   {statistics.median(r.actions / r.hands for r in results):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
