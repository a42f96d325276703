"""What ``apply`` costs for each kind of step of a hand, optionally against another checkout.

Run it with ``python benchmarks/steps.py`` (it needs nothing but pitch13). To compare two
versions of the engine in one run, point ``--against`` at another checkout (its ``src`` folder is
imported in a process of its own)::

    git worktree add /tmp/before HEAD~5
    python benchmarks/steps.py --against /tmp/before

The workload is fixed: ``--games`` seeded games played with uniformly random legal choices for
``--hands`` hands each. Every ``(state, action)`` pair met is sorted by kind: a bid or pass,
naming trump (which also discards the dead cards and refills, up to the first decision after
it), a discard, a pick-up step, a look step, a play that does not end the hand, and the action
that ends a hand (its last play, or the claim of an early end: it scores the hand and, the game
being seeded, deals the next one). Each round times ``apply`` over all the pairs of a kind by CPU
time (:func:`time.process_time`), then plays whole games, a decision being ``legal_actions``, a
random choice and ``apply`` as in ``benchmarks/engine.py`` (the last row): round *k*'s games are
dealt from seed ``--seed`` + *k*, as ``benchmarks/engine.py`` deals them, so that no round finds
the legal actions of its hands still cached from the one before (the ``actions`` column gives
round 0's decisions, the games the workload was built from). The sides take their rounds in
turn, and the table gives each kind's median over the rounds, in microseconds an action, and the
ratio of this checkout's time to the other's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pitch13

KINDS = ("bid or pass", "name trump", "discard", "pick-up", "look", "play", "hand end", "decision")


def _kind(action: pitch13.Action, before: pitch13.GameState, after: pitch13.GameState) -> str:
    """The kind of step ``action`` is, from its class name and whether it ended the hand."""
    if after.hand_number != before.hand_number or after.is_over:
        return "hand end"
    name = type(action).__name__
    return {
        "Pass": "bid or pass",
        "Bid": "bid or pass",
        "NameTrump": "name trump",
        "Discard": "discard",
        "GiveUp": "pick-up",
        "Take": "pick-up",
        "Stop": "pick-up",
        "TurnUp": "look",
        "Reject": "look",
        "Play": "play",
    }[name]


Pairs = dict[str, list[tuple[pitch13.GameState, pitch13.Action]]]


_RULES = {"pickup": "any_trump", "look_take": "any_card"}


def _games(games: int, hands: int, seed: int) -> int:
    """Play ``games`` games of ``seed`` whole (the workload's, for its seed); return the decisions.

    A decision is ``legal_actions``, a random choice and ``apply``, as ``benchmarks/engine.py``
    counts them.
    """
    rules = pitch13.Rules(**_RULES)  # type: ignore[arg-type]
    apply, legal_actions, decisions = pitch13.apply, pitch13.legal_actions, 0
    for game in range(games):
        choice = random.Random(seed * 1_000_003 + game).choice
        state = pitch13.new_game(rules, dealer=game % 4, seed=seed * 1_000_003 + game)
        while state.outcome is None and state.hand_number <= hands:
            state = apply(state, choice(legal_actions(state)))
            decisions += 1
    return decisions


def _workload(games: int, hands: int, seed: int) -> Pairs:
    """The ``(state, action)`` pairs of the fixed workload, by kind."""
    pairs: Pairs = {kind: [] for kind in KINDS if kind != "decision"}
    rules = pitch13.Rules(**_RULES)  # type: ignore[arg-type]
    for game in range(games):
        rng = random.Random(seed * 1_000_003 + game)
        state = pitch13.new_game(rules, dealer=game % 4, seed=seed * 1_000_003 + game)
        while not state.is_over and state.hand_number <= hands:
            action = rng.choice(pitch13.legal_actions(state))
            after = pitch13.apply(state, action)
            pairs[_kind(action, state, after)].append((state, action))
            state = after
    return pairs


def _time_round(pairs: Pairs, games: int, hands: int, seed: int) -> dict[str, float]:
    """One round: microseconds of CPU an ``apply``, for each kind, and a decision of whole games."""
    apply = pitch13.apply
    times = {}
    start = time.process_time()
    decisions = _games(games, hands, seed)
    times["decision"] = (time.process_time() - start) / decisions * 1e6
    for kind, found in pairs.items():
        if not found:
            continue
        start = time.process_time()
        for state, action in found:
            apply(state, action)
        times[kind] = (time.process_time() - start) / len(found) * 1e6
    return times


def _worker(games: int, hands: int, seed: int) -> None:
    """Build the workload, then time one round for each line read, answering in JSON."""
    pairs = _workload(games, hands, seed)
    counts = {kind: len(found) for kind, found in pairs.items()}
    counts["decision"] = _games(games, hands, seed)
    print(json.dumps({"source": pitch13.__file__, "counts": counts}), flush=True)
    for k, _ in enumerate(sys.stdin, start=1):  # the counts played round 0
        print(json.dumps(_time_round(pairs, games, hands, seed + k)), flush=True)


class _Side:
    """A worker process timing the engine of one checkout (``src`` on its ``sys.path``)."""

    def __init__(self, src: Path, games: int, hands: int, seed: int) -> None:
        env = dict(os.environ, PYTHONPATH=str(src))
        command = [
            sys.executable,
            __file__,
            "--worker",
            f"--games={games}",
            f"--hands={hands}",
            f"--seed={seed}",
        ]
        self.process = subprocess.Popen(
            command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        hello = json.loads(self._line())
        if not Path(hello["source"]).resolve().is_relative_to(src.resolve()):
            raise SystemExit(f"steps.py: the worker for {src} imported pitch13 from {hello['source']}")
        self.counts: dict[str, int] = hello["counts"]
        self.rounds: list[dict[str, float]] = []

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"steps.py: the worker for {self.process.args!r} stopped")
        return line

    def round(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        self.rounds.append(json.loads(self._line()))

    def median(self, kind: str) -> float | None:
        found = [times[kind] for times in self.rounds if kind in times]
        return statistics.median(found) if found else None

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games in the workload (default 200)")
    parser.add_argument("--hands", type=int, default=3, help="hands played in each game (default 3)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds for each side (default 7)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the workload (default 1)")
    parser.add_argument("--against", type=Path, help="another checkout, whose engine is timed in turn")
    parser.add_argument("--quick", action="store_true", help="a small workload: 20 games, 3 rounds")
    parser.add_argument(
        "--apply-only",
        metavar="KIND",
        choices=[kind for kind in KINDS if kind != "decision"],
        help="build the workload, apply its actions of KIND --times times, untimed, and print how many"
        " were applied (for instruction counts: benchmarks/instructions.sh)",
    )
    parser.add_argument("--times", type=int, default=1, help="with --apply-only: how many times (default 1)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if min(args.games, args.hands, args.rounds) < 1 or args.times < 0:
        parser.error("--games, --hands and --rounds must be at least 1, --times at least 0")
    if args.quick:  # smaller defaults: an option given as well still wins
        parser.set_defaults(games=20, rounds=3)
        args = parser.parse_args(argv)
    if args.apply_only is not None:
        found = _workload(args.games, args.hands, args.seed)[args.apply_only]
        for _ in range(args.times):
            for state, action in found:
                pitch13.apply(state, action)
        print(args.times * len(found))
        return 0
    if args.worker:
        _worker(args.games, args.hands, args.seed)
        return 0
    here = Path(__file__).resolve().parent.parent / "src"
    sides = [("this checkout", here)]
    if args.against is not None:
        other = args.against.resolve() / "src"
        if not (other / "pitch13" / "__init__.py").is_file():
            parser.error(f"{args.against} is not a pitch13 checkout (no src/pitch13 in it)")
        sides.append((str(args.against), other))
    workers = [(name, _Side(src, args.games, args.hands, args.seed)) for name, src in sides]
    try:
        for _ in range(args.rounds):
            for _, side in workers:
                side.round()
    finally:
        for _, side in workers:
            side.close()
    counts = workers[0][1].counts
    print(
        f"apply, µs of CPU an action: median of {args.rounds} rounds, {args.games} games of {args.hands} hands"
        " (the last row: legal_actions, a random choice and apply, as in benchmarks/engine.py)"
    )
    header = f"{'step':<12} {'actions':>8} " + " ".join(f"{name[-18:]:>18}" for name, _ in workers)
    print(header + ("   ratio" if len(workers) == 2 else ""))
    for kind in KINDS:
        if not counts.get(kind):
            continue
        medians = [side.median(kind) for _, side in workers]
        cells = " ".join(f"{m:>18.2f}" if m is not None else f"{'-':>18}" for m in medians)
        ratio = ""
        if len(medians) == 2 and medians[0] and medians[1]:
            ratio = f"   {medians[0] / medians[1]:.2f}"
        print(f"{kind:<12} {counts[kind]:>8} {cells}{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
