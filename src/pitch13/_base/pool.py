"""Work shared out to processes in small chunks, the results as each chunk finishes (internal).

Used by :func:`pitch13.arena.match` and :func:`pitch13.analysis.review` for ``workers`` above 1.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

_T = TypeVar("_T")
_R = TypeVar("_R")


def in_chunks(work: Callable[[list[_T]], list[_R]], items: Sequence[_T], workers: int) -> Iterator[_R]:
    """``work`` of each chunk of ``items`` in a pool of ``workers`` processes, results in any order.

    ``work`` must pickle (a module's function, or a :func:`functools.partial` of one). Small
    chunks, at most 8 items and about 8 for each worker, keep every worker busy to the end and a
    progress bar moving.
    """
    size = max(1, min(8, len(items) // (workers * 8)))
    chunks = [list(items[start : start + size]) for start in range(0, len(items), size)]
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    try:
        pending: set[Future[list[_R]]] = {pool.submit(work, chunk) for chunk in chunks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()
    finally:
        # Interrupted (Ctrl-C), failed or left early: the chunks not begun are dropped, not run,
        # and the workers finish the chunks they hold.
        pool.shutdown(wait=True, cancel_futures=True)


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the pool.

    (A worker that died of it would break the pool while the main process cancels its work,
    which can hang.)
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
