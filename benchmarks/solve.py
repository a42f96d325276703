"""The cost of :func:`pitch13.analysis.solve`, the double-dummy solver, over the play of random hands.

Run it with ``python benchmarks/solve.py`` (it needs nothing but pitch13). A fixed workload:
``--hands`` seeded games (:func:`pitch13.new_game`) are dealt, and the first hand of each is
taken to its first card to play (the play phase, no card played yet) in two ways, reported
apart: with :class:`pitch13.bots.SimpleBot` at every seat (the auction, trump, the discards,
pick-ups and look-through as a player would make them: realistic hands) and with seeded
uniformly random legal choices (bids and trumps a player would not make: stranger hands). From
each, the hand is played on by SimpleBots to the start of its second and its third trick (a hand
that ends early has no such position). Every position is built before the timing starts, then
solved once, each solve timed alone by CPU time (:func:`time.process_time`), after one solve that
is not counted (one-off set-up costs).

The table gives, for each workload and position, the positions solved and the distribution of
the CPU milliseconds of a solve (median, 90th, 99th percentile and the largest; nearest rank) and
of the positions it visited (``Solution.nodes``). ``--check`` exits with status 1 when the first
trick of the SimpleBot hands misses the targets: a median of at most 10 ms and a 99th percentile
of at most 250 ms. ``--profile`` runs the same solves under :mod:`cProfile` instead and prints
the 25 functions with the most time of their own (in the profiler's clock and with its overhead:
compare them with each other, not with the table's).

Compare two versions of the solver by running the script against each in turn (for example
``PYTHONPATH=/path/to/other/src python benchmarks/solve.py``) on the same seed.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import math
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import pitch13
from pitch13 import GameState, Phase, SeatAction, apply, legal_actions, new_game, view
from pitch13.analysis import solve
from pitch13.bots import SimpleBot

#: The positions of a hand measured: the first card of the play, and the first of the 2nd and 3rd trick.
POSITIONS = ("first trick", "after 1 trick", "after 2 tricks")
#: The targets ``--check`` holds the first trick of the SimpleBot hands to: CPU ms of a solve.
MEDIAN_TARGET_MS = 10.0
P99_TARGET_MS = 250.0

Chooser = Callable[[GameState], SeatAction]


def simple_bots(seed: int) -> Chooser:
    """A SimpleBot at each seat (seeded by ``seed`` and the seat), choosing from its seat's view."""
    bots = [SimpleBot(seed * 4 + seat) for seat in range(4)]

    def choose(state: GameState) -> SeatAction:
        seat = state.to_act
        assert seat is not None
        return bots[seat].choose(view(state, seat))

    return choose


def random_choices(seed: int) -> Chooser:
    """Uniformly random legal actions, seeded."""
    choice = random.Random(seed).choice
    return lambda state: choice(legal_actions(state))


def positions_of(hands: int, seed: int, before_play: Callable[[int], Chooser]) -> list[list[GameState]]:
    """The positions of the workload: for each of :data:`POSITIONS`, the states to solve.

    Hand ``i`` is the first hand of the game of seed ``seed * 1_000_003 + i`` (the next one if it
    ends without a card played), its decisions before the play made by ``before_play(game seed)``
    and its play by SimpleBots.
    """
    found: list[list[GameState]] = [[] for _ in POSITIONS]
    for hand in range(hands):
        game_seed = seed * 1_000_003 + hand
        state = new_game(dealer=hand % 4, seed=game_seed)
        choose = before_play(game_seed)
        while not state.is_over and not (state.phase is Phase.PLAY and not state.trick and not state.tricks):
            state = apply(state, choose(state))
        if state.is_over:  # the game ended before a card was played: no position
            continue
        found[0].append(state)
        play = simple_bots(game_seed + 1)
        number = state.hand_number
        for tricks in range(1, len(POSITIONS)):
            while state.hand_number == number and not state.is_over and len(state.tricks) < tricks:
                state = apply(state, play(state))
            if state.hand_number != number or state.is_over or state.phase is not Phase.PLAY:
                break  # the hand ended early (R-PLAY-7)
            found[tricks].append(state)
    return found


def timed_solves(states: Sequence[GameState]) -> tuple[list[float], list[int]]:
    """Solve each state once; the CPU milliseconds of each solve and the nodes it visited."""
    times: list[float] = []
    nodes: list[int] = []
    clock = time.process_time
    for state in states:
        start = clock()
        solution = solve(state)
        times.append((clock() - start) * 1000)
        nodes.append(solution.nodes)
    return times, nodes


def rank(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` by nearest rank (the smallest value with ``q`` of them at or below it)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=500, help="hands of each workload (default 500)")
    parser.add_argument("--seed", type=int, default=7, help="the seed of the games (default 7)")
    parser.add_argument(
        "--check",
        action="store_true",
        help=f"exit with status 1 if the first trick of the SimpleBot hands has a median above "
        f"{MEDIAN_TARGET_MS:g} ms or a 99th percentile above {P99_TARGET_MS:g} ms",
    )
    parser.add_argument(
        "--profile", action="store_true", help="run the solves under cProfile and print the top 25 by tottime"
    )
    parser.add_argument("--quick", action="store_true", help="a short run that checks the script works")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.quick:  # a smaller default: --hands given as well still wins
        parser.set_defaults(hands=3)
        args = parser.parse_args(argv)
    workloads = {"SimpleBot": simple_bots, "random": random_choices}
    positions = {name: positions_of(args.hands, args.seed, make) for name, make in workloads.items()}
    solve(positions["SimpleBot"][0][0])  # set-up costs, not counted
    if args.profile:
        states = [state for found in positions.values() for group in found for state in group]
        profiler = cProfile.Profile()  # its own clock: process_time() as a timer costs more than it measures
        profiler.enable()
        for state in states:
            solve(state)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
        print(f"# pitch13 {pitch13.__version__} solver profile\n")
        print(f"{len(states)} solves ({args.hands} hands a workload, seed {args.seed}, every position)\n")
        print(out.getvalue().strip("\n"))
        return 0
    print(f"# pitch13 {pitch13.__version__} solver benchmark\n")
    print(f"{args.hands} hands a workload, seed {args.seed}; CPU ms a solve, and the positions it visited\n")
    print(
        "| workload | position | solves | median ms | p90 ms | p99 ms | max ms | median nodes | p99 nodes | max nodes |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    first: list[float] = []
    for name, found in positions.items():
        for where, states in zip(POSITIONS, found, strict=True):
            if not states:
                continue
            times, nodes = timed_solves(states)
            if name == "SimpleBot" and where == POSITIONS[0]:
                first = times
            print(
                f"| {name} | {where} | {len(times)} | {statistics.median(times):.2f} | {rank(times, 0.9):.2f} "
                f"| {rank(times, 0.99):.2f} | {max(times):.2f} | {statistics.median(nodes):,.0f} "
                f"| {rank(nodes, 0.99):,.0f} | {max(nodes):,} |"
            )
    if not args.check:
        return 0
    median, p99 = statistics.median(first), rank(first, 0.99)
    verdict = "met" if median <= MEDIAN_TARGET_MS and p99 <= P99_TARGET_MS else "missed"
    print(
        f"\nTargets {verdict}: the first trick of the SimpleBot hands takes a median of {median:.2f} ms "
        f"(at most {MEDIAN_TARGET_MS:g}) and a 99th percentile of {p99:.2f} ms (at most {P99_TARGET_MS:g})."
    )
    return 0 if verdict == "met" else 1


if __name__ == "__main__":
    sys.exit(main())
