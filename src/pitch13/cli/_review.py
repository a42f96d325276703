"""``pitch13 review``: what each seat's decisions in a saved game cost, and the worst of them."""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import TextIO

from pitch13._base.checks import excerpt
from pitch13._base.commands import ascii_only, seed_arg, whole, workers_arg
from pitch13.analysis import Review, review
from pitch13.cli._args import record_or_status
from pitch13.cli._progress import Progress

#: The one-line help of the command, in ``pitch13 --help``.
HELP = "review a saved game: value every decision from the seat's view and mark the costly ones"
#: The description at the top of ``pitch13 review --help``.
DESCRIPTION = (
    "Review the game in RECORD (a saved record, text or JSON, as pitch13 replay reads it): for "
    "every decision of a seat (an action with more than one legal choice), value each legal "
    "action from what the seat knew, by drawing the hidden cards and solving each deal, and "
    "measure the loss of the action made against the best one: expected points of the hand's "
    "score difference (the seat's team's less the other's), with its standard error from the "
    "per-deal differences. A loss of at least 1.0 is an inaccuracy, 2.5 a mistake, 5.0 a "
    "blunder, and only when it is also at least twice its standard error, measured again on "
    "fresh deals (the deals that picked the best action flatter it), so that sampling noise "
    "rarely marks a move. Prints the marked decisions (all with --all) and a summary by seat; "
    "--json prints the review as a JSON document instead. Each decision's deals are seeded from "
    "the seed and the decision's place: the result does not depend on --workers, and with "
    "--time none not on the machine either. Exits 2 when RECORD cannot be read or is not a "
    "valid record."
)


def seconds(text: str) -> float | None:
    """An argument type: a positive number of seconds, or ``none`` for no limit."""
    if text.strip().lower() == "none":
        return None
    try:
        value = float(ascii_only(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {excerpt(text)}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {excerpt(text)}")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to its parser."""
    parser.add_argument("record", metavar="RECORD", help="the game's record, text or JSON")
    parser.add_argument(
        "--json", action="store_true", help="print the review as JSON (format pitch13.review)"
    )
    parser.add_argument("--all", action="store_true", help="print every decision, not only the marked ones")
    parser.add_argument(
        "--samples", type=whole(1), default=16, metavar="N", help="most deals drawn a decision (default 16)"
    )
    parser.add_argument(
        "--time",
        type=seconds,
        default=0.15,
        metavar="SECONDS",
        help="CPU seconds a decision, after two deals, or 'none' (default 0.15)",
    )
    parser.add_argument(
        "--seed", type=seed_arg, default=0, metavar="S", help="the seed of the deals drawn (default 0)"
    )
    parser.add_argument(
        "--workers", type=workers_arg, default=1, metavar="K", help="processes that review (default 1)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar on standard error")


def print_review(result: Review, out: TextIO, *, every: bool = False) -> None:
    """Print the marked decisions (every one with ``every``) and the summary by seat."""
    out.write(result.report(every=every))


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit status."""
    path: str = args.record
    record = record_or_status(path)
    if isinstance(record, int):
        return record
    progress = Progress(0, "review", "decisions", enabled=None if not args.quiet else False)
    started = time.monotonic()
    result = review(
        record,
        samples=args.samples,
        time_limit=args.time,
        seed=args.seed,
        workers=args.workers,
        progress=progress,
    )
    progress.close()
    if args.json:
        print(result.to_json(indent=1))
        return 0
    print_review(result, sys.stdout, every=args.all)
    used = max(1, min(args.workers, len(result.decisions)))  # a process reviews a decision at least
    print(f"wall time {time.monotonic() - started:.1f} s with {used} worker(s)")
    return 0
