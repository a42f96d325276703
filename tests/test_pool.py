"""The pools of processes that ``match``, ``review`` and ``simulate`` share work out to.

Left early (a Ctrl-C in the main process, a failure, or a reader that stops), a pool stops its
workers at once: the chunks they hold are not waited for, which at a search's pace would keep
the command going for minutes after the user asked it to stop.
"""

from __future__ import annotations

import multiprocessing
import time

from helpers import quick_only_first, quick_only_first_range
from pitch13._base.pool import in_chunks, in_order


def test_work_in_chunks_left_early_stops_its_workers_at_once():
    results = in_chunks(quick_only_first, list(range(16)), 2)
    assert next(results) == 0
    started = time.monotonic()
    results.close()  # as a KeyboardInterrupt at the yield would
    assert time.monotonic() - started < 10


def test_work_in_order_left_early_stops_its_workers_at_once():
    results = in_order(quick_only_first_range, [(0, 2), (2, 4), (4, 6), (6, 8)], 2)
    assert next(results) == [0, 1]
    started = time.monotonic()
    results.close()
    assert time.monotonic() - started < 10


def test_work_done_whole_comes_back_whole():
    assert sorted(in_chunks(list, list(range(40)), 2)) == list(range(40))
    assert list(in_order(quick_only_first_range, [(0, 2)], 2)) == [[0, 1]]


def test_a_pool_starts_no_more_processes_than_it_has_chunks():
    results = in_chunks(list, [1, 2], 64)
    first = next(results)
    assert 1 <= len(multiprocessing.active_children()) <= 2
    assert sorted([first, *results]) == [1, 2]
