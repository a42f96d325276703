"""Work shared out to processes in small chunks, the results as each chunk finishes (internal).

Used by :func:`pitch13.arena.match` and :func:`pitch13.analysis.review` for ``workers`` above 1.
"""

from __future__ import annotations

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
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[list[_R]]] = {pool.submit(work, chunk) for chunk in chunks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()
