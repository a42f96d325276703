"""Reviews of recorded games for the replay page: :func:`pitch13.analysis.review`, off the event loop.

A review values every decision of a game from its seat's view and marks the costly ones; it
takes tens of CPU seconds for a whole game. The server runs one review at a time, in a worker
process of its own (a :class:`~concurrent.futures.ProcessPoolExecutor` of one worker, started
with ``spawn``), so that the event loop is never kept waiting; the reviews asked for meanwhile
wait their turn, first come first served, at most ``MAX_WAITING`` of them (past that a new one
is refused: :class:`Busy`).

The worker tells how far it has got through the review's ``progress`` callback, into an array of
three integers in shared memory (:func:`multiprocessing.Array`): the number of the review it is
working on, the decisions it has valued and the decisions in all. The server reads the array
when a page asks (:meth:`Reviewer.state`), so progress costs nothing while nobody asks. A review
that runs past ``timeout`` seconds is stopped (its worker is killed, and another started for the
next review), and so is the one running when the server stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Final, NamedTuple

if TYPE_CHECKING:
    from multiprocessing.sharedctypes import SynchronizedArray

import pitch13
from examples.web.table import JSON, Message
from pitch13.analysis import review

_DEFAULTS: Final = inspect.signature(review).parameters
#: The library's budget for each decision (:func:`pitch13.analysis.review`'s defaults): the deals
#: drawn and solved, and the CPU seconds it may take; and the seed that makes a review repeatable.
REVIEW_SAMPLES: Final[int] = _DEFAULTS["samples"].default
REVIEW_TIME: Final[float | None] = _DEFAULTS["time_limit"].default
REVIEW_SEED: Final[int] = _DEFAULTS["seed"].default
#: The most reviews that may wait for their turn behind the one running.
MAX_WAITING: Final = 4
#: The wall-clock seconds a review may run before it is stopped.
REVIEW_TIMEOUT: Final = 1800.0
#: The most seat actions a game may have to be reviewed (a whole game has some 250).
MAX_REVIEW_ACTIONS: Final = 2000

LOG: Final = logging.getLogger("examples.web")


class Budget(NamedTuple):
    """What each decision of a review may cost, and its seed."""

    #: The deals drawn and solved for each decision (at least 1).
    samples: int = REVIEW_SAMPLES
    #: The CPU seconds each decision may take (``None``: no limit but ``samples``).
    time_limit: float | None = REVIEW_TIME
    #: The seed of the deals drawn: the same record, budget and seed make the same review.
    seed: int = REVIEW_SEED


class Busy(Exception):
    """The server has as many reviews waiting as it takes."""


# --- the worker process ------------------------------------------------------------------------

#: In the worker: the array it reports its progress in (``[review number, done, total]``).
_progress: SynchronizedArray[int] | None = None


def _start_worker(progress: SynchronizedArray[int]) -> None:
    """The worker's initializer: keep the shared array, and leave Ctrl-C to the server.

    A Ctrl-C in a terminal interrupts every process of its group, the worker too; the server
    stops the worker itself when it stops (:meth:`Reviewer.shutdown`).
    """
    global _progress
    _progress = progress
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(os.getppid(),), name="parent-watch", daemon=True).start()


def _end_with(parent: int) -> None:  # pragma: no cover - in the worker, until the server dies
    """In the worker: end it once the server that started it is gone.

    A server killed with no chance to stop its worker would leave it finishing a review nobody
    will read, then waiting for more, for good.
    """
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(1)


def _report(number: int, done: int, total: int) -> None:
    shared = _progress
    if shared is not None:
        with shared.get_lock():
            shared[0], shared[1], shared[2] = number, done, total


def review_record(number: int, record_json: str, budget: Budget) -> str:
    """In the worker: the review of the record, as compact JSON (:meth:`~pitch13.analysis.Review.to_dict`).

    Its progress goes to the shared array under ``number``, from ``(0, -1)`` (counting) on.
    """
    _report(number, 0, -1)
    record = pitch13.GameRecord.from_json(record_json)

    def progress(done: int, total: int) -> None:
        _report(number, done, total)

    made = review(
        record,
        samples=budget.samples,
        time_limit=budget.time_limit,
        seed=budget.seed,
        workers=1,
        progress=progress,
    )
    return json.dumps(made.to_dict(), ensure_ascii=False, separators=(",", ":"))


# --- the server's side -------------------------------------------------------------------------


class Job:
    """One review asked for: waiting its turn, running, done (its JSON) or failed (why)."""

    __slots__ = ("error", "number", "result", "started", "state", "task")

    def __init__(self, number: int) -> None:
        #: The review's number, which the worker reports its progress under.
        self.number = number
        #: ``"queued"``, ``"running"``, ``"done"`` or ``"error"``.
        self.state = "queued"
        #: The review as compact JSON, once done.
        self.result: str | None = None
        #: What went wrong, for a review that failed.
        self.error: str | None = None
        #: When it started running (:func:`time.monotonic`).
        self.started = 0.0
        self.task: asyncio.Task[None] | None = None

    @property
    def pending(self) -> bool:
        """Whether it is still to finish (waiting or running)."""
        return self.state in ("queued", "running")


class Reviewer:
    """Runs the reviews one at a time, in a worker process, and tells how each stands.

    Args:
        budget: what each decision may cost (:class:`Budget`).
        max_waiting: the most reviews that may wait behind the one running.
        timeout: the wall-clock seconds a review may run before it is stopped.
    """

    def __init__(
        self, budget: Budget, *, max_waiting: int = MAX_WAITING, timeout: float = REVIEW_TIMEOUT
    ) -> None:
        self.budget = budget
        self.max_waiting = max_waiting
        self.timeout = timeout
        self._context = multiprocessing.get_context("spawn")
        #: ``[review number, done, total]``, which the worker writes (made with the first worker).
        self._progress: SynchronizedArray[int] | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._turn = asyncio.Lock()
        self._jobs: list[Job] = []  # the pending ones, in the order they were asked for
        #: How many reviews have been started (each job's number is the count when it started).
        self.started = 0

    @property
    def waiting(self) -> int:
        """How many reviews wait behind the one running."""
        return sum(job.state == "queued" for job in self._jobs)

    def start(self, record_json: str, done: Callable[[Job], None] | None = None) -> Job:
        """Start the review of a record (its JSON form), after those asked for before it.

        ``done`` is called with the job once it has finished, done or failed (on the event loop).

        Raises:
            Busy: if ``max_waiting`` reviews are waiting already.
        """
        if self.waiting >= self.max_waiting:
            raise Busy(f"{self.waiting} reviews are waiting their turn; ask again in a while")
        self.started += 1
        job = Job(self.started)
        self._jobs.append(job)
        job.task = asyncio.get_running_loop().create_task(self._run(job, record_json, done))
        return job

    async def _run(self, job: Job, record_json: str, done: Callable[[Job], None] | None) -> None:
        try:
            async with self._turn:
                job.state, job.started = "running", time.monotonic()
                loop = asyncio.get_running_loop()
                future = loop.run_in_executor(
                    self._executor(), review_record, job.number, record_json, self.budget
                )
                try:
                    job.result = await asyncio.wait_for(future, self.timeout)
                    job.state = "done"
                except asyncio.TimeoutError:
                    self._stop_worker()
                    job.state, job.error = "error", f"the review took more than {self.timeout:g} seconds"
                except BrokenProcessPool:
                    self._stop_worker()
                    job.state, job.error = "error", "the review's process stopped"
                except (
                    Exception
                ) as error:  # the library refused the record: a bug, or a record it cannot review
                    LOG.warning("a review failed", exc_info=True)
                    job.state, job.error = "error", f"the review failed: {error}"[:300]
        finally:
            if job.pending:  # cancelled: the server stops
                job.state, job.error = "error", "the server stopped"
            with contextlib.suppress(ValueError):
                self._jobs.remove(job)
        if done is not None:
            done(job)

    def _executor(self) -> ProcessPoolExecutor:
        if self._progress is None:
            self._progress = self._context.Array("q", [0, 0, -1])
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=self._context,
                initializer=_start_worker,
                initargs=(self._progress,),
            )
        return self._pool

    def _stop_worker(self) -> None:
        """Kill the worker process (the next review starts another)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        for process in list(pool._processes.values()):
            with contextlib.suppress(Exception):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def state(self, job: Job) -> Message:
        """How ``job`` stands, as the server answers it.

        ``{"state": "queued", "ahead": k}``, ``{"state": "running", "done": k, "total": n}``
        (``total`` ``null`` until the worker has counted the decisions), ``{"state": "error",
        "error": why}``; a review done is answered by the server from its JSON.
        """
        if job.state == "queued":
            ahead = 0
            for other in self._jobs:
                if other is job:
                    break
                ahead += 1
            return {"state": "queued", "ahead": ahead}
        if job.state == "running":
            number, done, total = 0, 0, -1
            if self._progress is not None:
                with self._progress.get_lock():
                    number, done, total = self._progress[0], self._progress[1], self._progress[2]
            if number != job.number or total < 0:
                return {"state": "running", "done": 0, "total": None}
            return {"state": "running", "done": done, "total": total}
        if job.state == "error":
            return {"state": "error", "error": job.error or "the review failed", "code": "review_failed"}
        return {"state": "done"}

    async def shutdown(self) -> None:
        """Stop every review, the one running too (its worker is killed)."""
        tasks = [job.task for job in self._jobs if job.task is not None]
        for task in tasks:
            task.cancel()
        self._stop_worker()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task


def done_answer(review_json: str, steps: list[JSON]) -> str:
    """The answer for a review done: ``{"state": "done", "review": {...}, "steps": [...]}``.

    The review's JSON is spliced in as it is kept (it is not read again).
    """
    return f'{{"state":"done","review":{review_json},"steps":{json.dumps(steps, separators=(",", ":"))}}}'
