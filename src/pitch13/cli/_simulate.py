"""``pitch13 simulate``: many games among bots, one JSON line a hand, and a summary table."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import sys
import time
from collections.abc import Iterator
from typing import TextIO

from pitch13._base.commands import seed_arg, whole, workers_arg
from pitch13.bots import BotError, BotFailedError
from pitch13.cli._args import BOTS_HELP, add_rules, bots_made, named, rules_named
from pitch13.cli._progress import Progress
from pitch13.errors import GameTooLongError
from pitch13.rules import Rules
from pitch13.simulate import DASK_EXTRA, SimulationSummary, simulate

#: The one-line help of the command, in ``pitch13 --help``.
HELP = "play many games among bots: one JSON line a hand, and a summary table"
#: The description at the top of ``pitch13 simulate --help``.
DESCRIPTION = (
    "Play N games among bots and print a summary table: bids by size and how often each is "
    "made, the forced dealer, early ends, game length and the first dealer's advantage. With "
    "--out, every hand is also written as one JSON line (format pitch13.hand, version 1). Game "
    "i is seeded from the seed S and i alone, so any game can be played again alone (--start i "
    "--games 1), and the output is the same, byte for byte, whatever --workers or --dask. The "
    "games are played in local processes (--workers) or on a Dask cluster (--dask, which needs "
    f"pip install '{DASK_EXTRA}')."
)


class _Bots(argparse.Action):
    """``--bots`` takes one name (every seat) or four (seats 0 to 3)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | object,
        option_string: str | None = None,
    ) -> None:
        assert isinstance(values, list)
        if len(values) not in (1, 4):
            parser.error(
                f"argument --bots: give one bot for every seat, or four (seats 0 to 3), not {len(values)}"
            )
        setattr(namespace, self.dest, values)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to its parser."""
    parser.add_argument(
        "--games", type=whole(1), default=100, metavar="N", help="how many games to play (default 100)"
    )
    parser.add_argument(
        "--seed", type=seed_arg, default=0, metavar="S", help="the seed of the run (default 0)"
    )
    parser.add_argument(
        "--start",
        type=whole(0),
        default=0,
        metavar="I",
        help="the index of the first game: play games I to I+N-1 of the run (default 0)",
    )
    parser.add_argument(
        "--bots",
        nargs="+",
        action=_Bots,
        default=["simple"],
        metavar="BOT",
        help=f"one bot for every seat, or four for seats 0 to 3 (default simple): {BOTS_HELP}",
    )
    add_rules(parser)
    parser.add_argument(
        "--out",
        metavar="FILE",
        type=named("a file, or - for standard output"),
        help="write one JSON line a hand to FILE (- for standard output, the table then going to standard error)",
    )
    parser.add_argument(
        "--workers",
        type=workers_arg,
        default=1,
        metavar="K",
        help="local processes that play (default 1); with --dask local, Dask worker processes",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        type=named("the scheduler's address, or local"),
        help="play on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), or on a "
        "local Dask cluster of K worker processes with 'local'",
    )
    parser.add_argument(
        "--chunk-size",
        type=whole(1),
        metavar="G",
        help="games a worker plays at a time (default: enough chunks to keep every worker busy, at most 50)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar on standard error")


def _cpu() -> tuple[float, float]:
    """The CPU seconds of this process and of its ended child processes so far."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on this system
        return time.process_time(), 0.0
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, children.ru_utime + children.ru_stime


class _Refused(Exception):
    """The command cannot go on; the message says why."""


@contextlib.contextmanager
def _dask_client(address: str, workers: int) -> Iterator[object]:
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise _Refused(f"--dask needs Dask, which is not installed: pip install '{DASK_EXTRA}'") from None
    if address == "local":
        # Its workers' logs (a bot's failure, each time a worker is started again) would bury
        # the command's own line that says what failed.
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.CRITICAL,
        )
        with cluster, distributed.Client(cluster) as client:
            yield client
        return
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as error:
        raise _Refused(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        yield client


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit status."""
    rules = rules_named(args.rules)
    if not bots_made(args.bots, "simulate"):
        return 2
    report = sys.stderr if args.out == "-" else sys.stdout
    try:
        return _run(args, rules, report)
    except _Refused as error:
        print(f"pitch13 simulate: {error}", file=sys.stderr)
        return 2


def _output(path: str | None, stack: contextlib.ExitStack) -> TextIO | None:
    """Where the hand lines go: standard output for ``-``, else the file ``path``, opened.

    It is opened (and emptied) once the run is known to start, so that a run refused leaves the
    file as it was.
    """
    if path is None or path == "-":
        return None if path is None else sys.stdout
    try:
        return stack.enter_context(open(path, "w", encoding="utf-8", newline="\n"))
    except OSError as error:
        raise _Refused(f"cannot write {path}: {error.strerror or error}") from None


def _run(args: argparse.Namespace, rules: Rules, report: TextIO) -> int:
    chunks = -(-args.games // args.chunk_size) if args.chunk_size else args.games
    where = f"{min(args.workers, chunks)} worker(s)"  # a process plays a chunk of games at least
    if args.dask == "local":
        where = f"a local Dask cluster of {args.workers} worker(s)"
    elif args.dask:
        where = f"the Dask cluster at {args.dask}"
    bots = " ".join(args.bots)
    progress = Progress(args.games, "simulate", "games", enabled=False if args.quiet else None)
    summary = SimulationSummary()
    wall = time.monotonic()
    me, children = _cpu()
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(_dask_client(args.dask, args.workers)) if args.dask else None
        try:
            run = simulate(
                args.games,
                seed=args.seed,
                bots=args.bots,
                rules=rules,
                start=args.start,
                workers=args.workers,
                chunk_size=args.chunk_size,
                client=client,
                progress=progress,
            )
        except ValueError as error:  # the run's last game is past what a hand line holds
            raise _Refused(str(error)) from None
        try:
            out = _output(args.out, stack)
            for line in run:
                summary.add(line)
                if out is not None:
                    out.write(line.to_json() + "\n")
            if out is not None:
                out.flush()  # a file that cannot be written fails here, before the summary
        except (BotError, BotFailedError, GameTooLongError) as error:
            progress.close()
            print(f"pitch13 simulate: {error}", file=sys.stderr)
            return 1
        finally:
            run.close()
        progress.close()
    wall = time.monotonic() - wall
    me_after, children_after = _cpu()
    mine = me_after - me
    # Local processes (and a local Dask cluster's) have ended: the system counted all their CPU.
    # A remote cluster's workers count the CPU of the games they played.
    remote = args.dask is not None and args.dask != "local"
    theirs = run.cpu_seconds if remote else children_after - children
    print(
        f"simulate: games {args.start} to {args.start + args.games - 1} of seed {args.seed}, "
        f"bots {bots}, {args.rules} rules, {where}",
        file=report,
    )
    print(summary.table(wall_seconds=wall, cpu_seconds=mine + theirs), file=report)
    print(f"  (CPU: this process {mine:.2f} s, workers {theirs:.2f} s)", file=report)
    return 0
