"""How ``pitch13 simulate`` scales: SimpleBot self-play on local processes and on a Dask cluster.

For each setting it plays the same fixed workload (``--games`` games of seed ``--seed``) and
prints the wall time, the CPU time of every process that played (this one and its workers), and
the games per CPU second and per wall second. On a machine with fewer cores than workers the
wall time cannot fall further; the CPU time a game shows whether the work itself stays the same.

    python benchmarks/simulate_scaling.py --games 2000 --local 1 2 --dask 1 2 4

``--dask`` needs the ``dask`` extra (``pip install 'pitch13[dask]'``).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time

from pitch13.simulate import DASK_EXTRA, simulate


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _report(label: str, games: int, hands: int, wall: float, cpu: float, played: float | None) -> None:
    line = (
        f"{label:<18} {games:,} games, {hands:,} hands: wall {wall:6.2f} s ({games / wall:6.1f} games/s), "
        f"CPU {cpu:6.2f} s ({1000 * cpu / games:.2f} ms a game, {games / cpu:6.1f} games/CPU s)"
    )
    if played is not None:
        line += f", playing {1000 * played / games:.2f} ms a game"
    print(f"{line}  [load {os.getloadavg()[0]:.1f}]", flush=True)


def _local(games: int, seed: int, workers: int) -> None:
    me, children = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    hands = sum(1 for _ in simulate(games, seed=seed, workers=workers))
    wall = time.monotonic() - started
    cpu = _cpu(resource.RUSAGE_SELF) - me + _cpu(resource.RUSAGE_CHILDREN) - children
    _report(f"local, {workers} proc.", games, hands, wall, cpu, None)


def _dask(games: int, seed: int, workers: int) -> None:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        sys.exit(f"--dask needs Dask, which is not installed: pip install '{DASK_EXTRA}'")
    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        me, children = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        run = simulate(games, seed=seed, client=client)
        hands = sum(1 for _ in run)
        wall = time.monotonic() - started
        played = run.cpu_seconds
    # The workers' CPU is known once they have ended: start-up and shut-down included.
    cpu = _cpu(resource.RUSAGE_SELF) - me + _cpu(resource.RUSAGE_CHILDREN) - children
    _report(f"Dask, {workers} worker(s)", games, hands, wall, cpu, played)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games a setting (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the run (default 1)")
    parser.add_argument("--local", type=int, nargs="*", default=[1, 2], help="local process counts")
    parser.add_argument("--dask", type=int, nargs="*", default=[], help="Dask LocalCluster worker counts")
    args = parser.parse_args()
    for workers in args.local:
        _local(args.games, args.seed, workers)
    for workers in args.dask:
        _dask(args.games, args.seed, workers)


if __name__ == "__main__":
    main()
