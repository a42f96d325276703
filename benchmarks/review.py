"""How long ``pitch13 review`` takes on a saved 20-hand game, and the game itself.

The game is docs/_static/reviewed-game.json: a whole game to 125 points (``Rules(target=125)``,
so that it lasts 20 hands), seed 5, each team a SearchBot and a SimpleBot (seats 0 and 3 are
SearchBots). ``--make-record`` plays it again and writes it. Without it, the script reviews the
game (:func:`pitch13.analysis.review`, the command's defaults unless told otherwise) and prints
the wall time, the CPU time of every process that reviewed (this one and its workers: the
machine may be busy with other work, which stretches the wall time but not the CPU time), the
decisions and the marks.

    python benchmarks/review.py --make-record
    python benchmarks/review.py --workers 2
"""

from __future__ import annotations

import argparse
import os
import pathlib
import resource
import time

import pitch13
from pitch13.analysis import Mark, review
from pitch13.bots import Bot, SearchBot, SimpleBot, play_game

RECORD = pathlib.Path(__file__).resolve().parent.parent / "docs" / "_static" / "reviewed-game.json"
#: The game saved: its seed and target, and the hands it must last.
SEED, TARGET, HANDS = 5, 125, 20


def make_record(path: pathlib.Path) -> None:
    bots: list[Bot] = [
        SearchBot(SEED * 4),
        SimpleBot(SEED * 4 + 1),
        SimpleBot(SEED * 4 + 2),
        SearchBot(SEED * 4 + 3),
    ]
    state = play_game(bots, pitch13.Rules(target=TARGET), seed=SEED)
    assert state.is_over and state.hand_number >= HANDS, state.hand_number
    path.write_text(pitch13.GameRecord.from_state(state).to_json(indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}: {state.hand_number} hands, final score {state.scores[0]}-{state.scores[1]}")


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--make-record", action="store_true", help=f"play the game again and write {RECORD}")
    parser.add_argument("--record", type=pathlib.Path, default=RECORD, help="the record to review")
    parser.add_argument("--workers", type=int, default=2, help="processes that review (default 2)")
    parser.add_argument("--samples", type=int, default=16, help="most deals a decision (default 16)")
    parser.add_argument("--time", type=float, default=0.15, help="CPU seconds a decision (default 0.15)")
    parser.add_argument("--seed", type=int, default=0, help="the review's seed (default 0)")
    args = parser.parse_args()
    if args.make_record:
        make_record(args.record)
        return
    record = pitch13.GameRecord.from_json(args.record.read_text(encoding="utf-8"))
    me, children = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    result = review(record, samples=args.samples, time_limit=args.time, seed=args.seed, workers=args.workers)
    wall = time.monotonic() - started
    cpu = _cpu(resource.RUSAGE_SELF) - me + _cpu(resource.RUSAGE_CHILDREN) - children
    decisions = result.decisions
    marks = {mark: sum(d.mark is mark for d in decisions) for mark in Mark}
    deals = sum(d.samples for d in decisions)
    print(
        f"{args.record.name}: {len(record.hands)} hands, {len(decisions)} decisions, "
        f"{deals / len(decisions):.1f} deals a decision (samples {args.samples}, time {args.time} s)"
    )
    print(
        f"wall {wall:.1f} s, CPU {cpu:.1f} s ({1000 * cpu / len(decisions):.0f} ms a decision) "
        f"with {args.workers} worker(s)  [load {os.getloadavg()[0]:.1f}]"
    )
    print("marks: " + ", ".join(f"{count} {mark.value}" for mark, count in marks.items()))
    by_phase: dict[str, list[int]] = {}
    for d in decisions:
        by_phase.setdefault(d.phase.value, []).append(d.samples)
    print(
        "decisions by phase: "
        + ", ".join(f"{phase} {len(n)} ({sum(n) / len(n):.1f} deals)" for phase, n in by_phase.items())
    )


if __name__ == "__main__":
    main()
