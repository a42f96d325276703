"""Work shared out to processes, or to a Dask cluster, in chunks (internal).

:func:`in_chunks` gives the results as each chunk finishes (and a failure, the first chunk's
to fail), for :func:`pitch13.arena.match` and :func:`pitch13.analysis.review` with ``workers``
above 1; :func:`in_order` and
:func:`on_dask` give them in the order of the chunks, for :func:`pitch13.simulate.simulate`
(and :func:`in_order` for :func:`pitch13.testing.soak.soak`). All three send a failure of the
work back whole (:func:`make_chain_sendable`).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import itertools
import pickle
import signal
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Future, ProcessPoolExecutor, wait
from multiprocessing.process import BaseProcess as Process
from typing import NoReturn, Protocol, TypeVar, cast

_T = TypeVar("_T")
_R = TypeVar("_R")
_R_co = TypeVar("_R_co", covariant=True)


def in_chunks(
    work: Callable[[list[_T]], list[_R]],
    items: Iterable[_T],
    count: int,
    workers: int,
    setup: Callable[[], None] | None = None,
) -> Iterator[_R]:
    """``work`` of each chunk of the ``count`` ``items`` in a pool of ``workers`` processes, results in any order.

    ``work`` and ``setup`` must pickle (a module's function, or a :func:`functools.partial` of
    one); ``setup`` is called once in each worker before its first chunk, so what every chunk
    needs is sent to a worker once. The chunks are handed out in the order of ``items``, so each
    worker's chunks come to it in that order. Small chunks, at most 8 items and about 8 for each
    worker, keep every worker busy to the end and a progress bar moving. A chunk is made and
    sent when a worker is about to need it (two a worker are in flight): the items are read as
    the work goes, however many there are. A chunk that fails raises the failure of the first
    chunk to fail, once the chunks before it are done: the one that one worker, taking the chunks
    in order, would have met, whichever finished first.
    """
    size = max(1, min(8, count // (workers * 8)))
    processes = process_count(workers, -(-count // size))
    pool = ProcessPoolExecutor(max_workers=processes, initializer=_start_worker, initargs=(setup,))
    work = functools.partial(_sent_back, work)
    source = iter(items)
    finished = False
    try:
        pending: dict[Future[list[_R]], int] = {}  # each chunk's number, in the order of items
        numbers = itertools.count()
        while True:
            while len(pending) < 2 * processes and (chunk := list(itertools.islice(source, size))):
                pending[pool.submit(work, chunk)] = next(numbers)
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                if future.exception() is not None:
                    _first_failure(pending, pending[future])
                del pending[future]
                yield from future.result()
        finished = True
    finally:
        _shut(pool, finished=finished)


def _first_failure(pending: dict[Future[_R], int], failed: int) -> NoReturn:
    """Raise the failure of the first chunk to fail, up to chunk number ``failed``, once each is done."""
    earlier = [future for future, number in pending.items() if number <= failed]
    wait(earlier)
    first = min((future for future in earlier if future.exception() is not None), key=pending.__getitem__)
    first.result()
    raise AssertionError("a chunk that failed returned")  # pragma: no cover - result() raised


def process_count(workers: int, chunks: int) -> int:
    """How many processes to start for ``chunks`` chunks: at least one, at most ``workers``.

    No more than the chunks either: each process more would start (with fork, all at once) and
    idle.
    """
    return max(1, min(workers, chunks))


def _shut(pool: ProcessPoolExecutor, *, finished: bool) -> None:
    """Shut ``pool`` down, at once if the work did not finish.

    Interrupted (Ctrl-C), failed or left early, the chunks not begun are dropped and the workers
    stopped, not waited for through the chunks they hold, which can take minutes of search each.
    """
    if finished:
        pool.shutdown(wait=True)
        return
    # The workers, as the executor lists them (before it lets go of them), from Python 3.10 on;
    # and this process's end of the pipe they send their results on.
    processes: list[Process] = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
    # A worker stopped halfway through sending a result would leave the executor's thread
    # waiting for the rest for ever, and Python waits for that thread when it exits: with no
    # writer left open, the thread reads the end of the pipe instead, and ends.
    # Left unclosed and collected with its pool in one cycle, the work may find the writer's own
    # finalizer has closed its descriptor already, without saying so: that close fails, harmlessly.
    writer = getattr(results, "_writer", None)
    if writer is not None:
        with contextlib.suppress(OSError):
            writer.close()


class ChainText(Exception):
    """In a worker's exception sent back, what caused it, as text: it did not pickle (internal)."""


def _sent_back(work: Callable[..., _R], *args: object) -> _R:  # pragma: no cover - in workers
    """``work(*args)``, in a worker; an exception leaves with what caused it as text if need be.

    Where tblib's pickling of exceptions is installed (importing Dask installs it), what
    caused an exception, or was being handled, is pickled with it; one that does not pickle (a
    user's bot's exception, under a :exc:`~pitch13.BotFailedError`) would break the pool. So
    it is replaced by a :class:`ChainText` of its traceback, which shows as it would have.
    """
    try:
        return work(*args)
    except Exception as error:
        make_chain_sendable(error)
        raise


def make_chain_sendable(error: BaseException) -> None:
    """Replace what caused ``error`` (or was being handled) by its text if ``error`` does not pickle."""
    cause = error.__cause__ or error.__context__
    if cause is None:
        return
    try:
        pickle.dumps(error)
    except Exception:  # whatever pickling raises, the chain is sent as text
        error.__cause__ = ChainText("".join(traceback.format_exception(cause)).rstrip())
        error.__context__ = None


def _start_worker(setup: Callable[[], None] | None) -> None:  # pragma: no cover - in workers
    """A worker leaves Ctrl-C to the main process, which stops the pool, then runs ``setup``.

    (A worker that died of Ctrl-C would break the pool while the main process cancels its work,
    which can hang.)
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if setup is not None:
        setup()


def in_order(
    work: Callable[[int, int], _R], ranges: Iterable[tuple[int, int]], count: int, workers: int
) -> Iterator[_R]:
    """``work(first, stop)`` of each of the ``count`` ranges, by ``workers`` local processes, in order.

    A few ranges a worker are out at a time; no more processes are started than there are
    ranges, and where that is one (one worker, or one range) this process does the work, one
    range at a time as the results are read. ``work`` must pickle. Workers leave Ctrl-C to this
    process, which stops them, as in :func:`in_chunks`.
    """
    processes = process_count(workers, count)
    if processes == 1:
        for first, stop in ranges:
            yield work(first, stop)
        return
    pool = ProcessPoolExecutor(max_workers=processes, initializer=_start_worker, initargs=(None,))
    work = functools.partial(_sent_back, work)
    todo = iter(ranges)
    pending: deque[Future[_R]] = deque()
    finished = False
    try:
        for first, stop in todo:
            pending.append(pool.submit(work, first, stop))
            if len(pending) >= 4 * processes:
                break
        while pending:
            done = pending.popleft().result()
            for first, stop in todo:
                pending.append(pool.submit(work, first, stop))
                break
            yield done
        finished = True
    finally:
        _shut(pool, finished=finished)


def distributed(install: str) -> Distributed:
    """Dask's ``distributed`` module, or an ImportError that says to install ``install``."""
    try:
        module = importlib.import_module("distributed")
    except ImportError as error:
        raise ImportError(
            f"Dask is not installed: install it with pip install '{install}'", name="distributed"
        ) from error
    return Distributed(module)


class Distributed:
    """The few names of ``distributed`` used here, typed (Dask itself is optional)."""

    def __init__(self, module: object) -> None:
        self.Client: type = getattr(module, "Client")  # noqa: B009 - an untyped module
        self.as_completed: Callable[..., object] = getattr(module, "as_completed")  # noqa: B009
        self.KilledWorker: type[Exception] = getattr(module, "KilledWorker")  # noqa: B009


class _DaskFuture(Protocol[_R_co]):
    """What is used of a Dask future."""

    def result(self) -> _R_co: ...  # pragma: no cover - a type only

    def release(self) -> None: ...  # pragma: no cover - a type only

    def cancel(self) -> None: ...  # pragma: no cover - a type only


class _AsCompleted(Protocol[_R]):
    """What is used of Dask's ``as_completed``."""

    def add(self, future: _DaskFuture[_R]) -> None: ...  # pragma: no cover - a type only

    def __iter__(self) -> Iterator[_DaskFuture[_R]]: ...  # pragma: no cover - a type only


def on_dask(
    client: object,
    work: Callable[[int, int], _R],
    ranges: Iterable[tuple[int, int]],
    *,
    window: int,
    install: str,
) -> Iterator[_R]:
    """``work(first, stop)`` of each range on a Dask cluster, streamed back and put in order.

    At most ``window`` ranges are out (submitted, or done and waiting for an earlier one).
    ``install`` is what to install when Dask is missing. A range's failure is raised in its turn,
    as :func:`in_order` raises it: after the results of every range before it. A range whose
    workers ended (Dask's ``KilledWorker``: a bot's ``os._exit()``, a crash) raises
    :exc:`~concurrent.futures.BrokenExecutor`, as a local pool whose process ended does.
    """
    dask = distributed(install)
    waiting_for = dask.as_completed
    work = functools.partial(_sent_back, work)
    submit: Callable[..., _DaskFuture[_R]] = getattr(client, "submit")  # noqa: B009 - an untyped object
    todo = iter(enumerate(ranges))
    out: dict[_DaskFuture[_R], int] = {}

    def send() -> _DaskFuture[_R] | None:
        for number, (first, stop) in todo:
            future = submit(work, first, stop, pure=False)
            out[future] = number
            return future
        return None

    for _ in range(window):
        if send() is None:
            break
    waiting = cast("_AsCompleted[_R]", waiting_for(list(out)))
    ready: dict[int, _DaskFuture[_R]] = {}
    expected = 0
    try:
        for future in waiting:
            ready[out.pop(future)] = future
            while expected in ready:
                turn = ready.pop(expected)
                try:
                    done = turn.result()
                except dask.KilledWorker as error:  # as a local pool says its worker died
                    raise BrokenExecutor(
                        f"the Dask workers that played it ended before its work was done ({error})"
                    ) from error
                turn.release()
                expected += 1
                more = send()
                if more is not None:
                    waiting.add(more)
                yield done
    finally:
        for future in (*out, *ready.values()):
            future.cancel()
