"""The pools of processes that ``match``, ``review`` and ``simulate`` share work out to.

Left early (a Ctrl-C in the main process, a failure, or a reader that stops), a pool stops its
workers at once: the chunks they hold are not waited for, which at a search's pace would keep
the command going for minutes after the user asked it to stop.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pitch13
import pitch13.arena
from helpers import (
    CarriesItsCause,
    ctrl_c_ignored,
    ctrl_c_ignored_range,
    fails_from_an_unpicklable_cause,
    quick_only_first,
    quick_only_first_range,
)
from pitch13._base.pool import ChainText, in_chunks, in_order, make_chain_sendable


def test_work_in_chunks_left_early_stops_its_workers_at_once():
    results = in_chunks(quick_only_first, list(range(16)), 16, 2)
    assert next(results) == 0
    started = time.monotonic()
    results.close()  # as a KeyboardInterrupt at the yield would
    assert time.monotonic() - started < 10


def test_work_in_order_left_early_stops_its_workers_at_once():
    results = in_order(quick_only_first_range, [(0, 2), (2, 4), (4, 6), (6, 8)], 4, 2)
    assert next(results) == [0, 1]
    started = time.monotonic()
    results.close()
    assert time.monotonic() - started < 10


def test_work_done_whole_comes_back_whole():
    assert sorted(in_chunks(list, list(range(40)), 40, 2)) == list(range(40))
    assert list(in_order(quick_only_first_range, [(0, 2)], 1, 2)) == [[0, 1]]


def test_work_in_order_for_one_process_is_done_in_this_one_as_it_is_read():
    """One worker, or one range: no pool is started, and a range is worked when it is read."""
    done = []

    def here(first, stop):  # a local function: it could not be sent to another process
        done.append(first)
        return os.getpid(), first, stop

    results = in_order(here, [(0, 2), (2, 4)], 2, 1)
    assert done == []
    assert next(results) == (os.getpid(), 0, 2) and done == [0]
    assert list(results) == [(os.getpid(), 2, 4)]
    assert list(in_order(here, [(4, 6)], 1, 64)) == [(os.getpid(), 4, 6)]


def test_work_in_chunks_reads_its_items_as_the_work_goes():
    """Two chunks a worker are in flight: the items are read as they are needed, endless too."""
    read = []
    endless = (read.append(n) or n for n in itertools.count())
    results = in_chunks(list, endless, 10**30, 2)
    try:
        first = [next(results) for _ in range(8)]  # a chunk of 8 items, whichever finished first
        assert first == list(range(first[0], first[0] + 8)) and first[0] in (0, 8, 16, 24)
        assert len(read) <= 5 * 8  # 4 chunks in flight, and the next one being read
    finally:
        results.close()


_CLOSED_WRITER = """
import gc
import os
import sys

from pitch13._base.pool import in_chunks

if __name__ == "__main__":
    unraisable = []
    sys.unraisablehook = unraisable.append
    results = in_chunks(list, list(range(64)), 64, 2)
    next(results)
    writer = results.gi_frame.f_locals["pool"]._result_queue._writer
    os.close(writer.fileno())  # as Connection.__del__ does, leaving the object thinking it open
    results.close()
    gc.collect()
    print("unraisable:", len(unraisable))
"""


def test_work_in_chunks_left_once_its_pipe_is_closed_stops_quietly(tmp_path):
    """Collected with its pool in one cycle, the work may find the result pipe's writer closed
    by its own finalizer; closing it again failed with EBADF, an unraisable error in whatever
    code was running then. (In a process of its own: a descriptor closed behind its object's
    back may be taken by the next pipe opened, which the tests after it would open.)"""
    script = tmp_path / "closed_writer.py"
    script.write_text(_CLOSED_WRITER)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(pitch13.__file__).parents[1]), *sys.path])}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)
    assert (done.returncode, done.stdout, done.stderr) == (0, "unraisable: 0\n", "")


def test_a_match_too_long_to_count_plays_as_one_of_a_few_pairs_would():
    """Its pairs were counted with len(range(pairs)), which a range longer than sys.maxsize
    cannot give; the match is left at its first pair."""

    def stop(done, pairs):
        raise KeyboardInterrupt(f"{done} of {pairs}")

    with pytest.raises(KeyboardInterrupt, match=r"^1 of 10000000000000000000$"):
        pitch13.arena.match("random", "random", pairs=10**19, workers=2, progress=stop)


def test_a_pool_starts_no_more_processes_than_it_has_chunks():
    before = set(multiprocessing.active_children())
    results = in_chunks(list, [1, 2], 2, 64)
    first = next(results)
    assert 1 <= len(set(multiprocessing.active_children()) - before) <= 2
    assert sorted([first, *results]) == [1, 2]
    ranges = in_order(quick_only_first_range, [(0, 2), (2, 4)], 2, 64)
    assert next(ranges) == [0, 1]
    assert len(set(multiprocessing.active_children()) - before) == 2
    ranges.close()


def test_workers_leave_ctrl_c_to_the_main_process():
    """A worker that died of Ctrl-C would break the pool while the main process stops it: the
    workers of in_order (simulate's and soak's) did not ignore it, as those of in_chunks did."""
    assert list(in_order(ctrl_c_ignored_range, [(0, 2), (2, 4)], 2, 2)) == [[True, True], [True, True]]
    assert list(in_chunks(ctrl_c_ignored, [0, 1, 2, 3], 4, 2)) == [True] * 4


_LARGE_RESULTS = """
import sys
from pitch13._base.pool import in_chunks, in_order

def large(chunk):
    return [b"x" * 10_000_000 for _ in chunk]

def large_range(first, stop):
    return [b"x" * 10_000_000 for _ in range(first, stop)]

if __name__ == "__main__":
    for _ in range(10):
        results = in_chunks(large, list(range(16)), 16, 2)
        next(results)
        results.close()
        ranges = in_order(large_range, [(i, i + 1) for i in range(16)], 16, 2)
        next(ranges)
        ranges.close()
    print("done")
"""


def test_a_pool_left_early_while_a_worker_sends_its_result_lets_python_exit(tmp_path):
    """A worker stopped halfway through sending a large result left the executor's thread
    waiting for the rest, and Python waited for it at exit for ever."""
    script = tmp_path / "large_results.py"
    script.write_text(_LARGE_RESULTS)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(pitch13.__file__).parents[1]), *sys.path])}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)
    assert (done.returncode, done.stdout) == (0, "done\n"), done.stderr


@pytest.mark.parametrize("pooled", ["in_chunks", "in_order"])
def test_a_failure_whose_cause_does_not_pickle_comes_back_with_its_cause_as_text(pooled):
    """Where exceptions pickle with their causes (tblib's pickling, which importing Dask
    installs), a user's bot's exception under a BotFailedError broke the pool: the work's
    exception comes back, what caused it told as text."""
    if pooled == "in_chunks":
        results = in_chunks(fails_from_an_unpicklable_cause, [0, 1], 2, 2)
    else:
        results = in_order(fails_from_an_unpicklable_cause, [(0, 1), (1, 2)], 2, 2)
    with pytest.raises(CarriesItsCause, match=r"^the bot failed$") as caught:
        list(results)
    assert "ValueError: the model is gone" in str(caught.value.__cause__)  # the worker's traceback


def test_only_a_chain_that_does_not_pickle_is_replaced_by_its_text():
    sendable = CarriesItsCause("fine")
    sendable.__cause__ = cause = KeyError("k")
    make_chain_sendable(sendable)
    assert sendable.__cause__ is cause
    unsendable = CarriesItsCause("not fine")
    try:
        try:
            raise ValueError("the model is gone")
        except ValueError as error:
            error.unpicklable = lambda: None
            raise unsendable from error
    except CarriesItsCause:
        make_chain_sendable(unsendable)
    told = unsendable.__cause__
    assert type(told) is ChainText and unsendable.__context__ is None
    assert told.args[0].startswith("Traceback (most recent call last):")
    assert told.args[0].endswith("ValueError: the model is gone")
    assert pickle.loads(pickle.dumps(unsendable)).__cause__.args == told.args
