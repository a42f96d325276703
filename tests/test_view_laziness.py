"""Views work out their history-based fields when first read, and nothing about them shows it.

:func:`~pitch13.view` leaves ``history``, ``tricks``, ``unseen``, ``places`` and ``dead_known``
to be worked out when one of them is first read. Whichever is read first, in whatever order
views are read, from whatever thread, a view is the value it would have been had all its
fields been built at once: equal, with the same hash, ``repr``, pickle and documents, and it
never holds what it worked them out from once they are.
"""

from __future__ import annotations

import copy
import gc
import os
import pickle
import random
import signal
import threading
import time
import warnings

import attrs
import pytest

from helpers import see
from pitch13 import DECK, Deal, Phase, Rules, SeatView, apply, legal_actions, new_game, spectator_view, view
from pitch13._core import history
from pitch13._info import hand_cache, observation
from pitch13._info.seen_entries import SEEN_AS_IS, Watcher
from pitch13.bots import RandomBot, SimpleBot
from pitch13.seen import SeenEntry

VIEWERS = (0, 1, 2, 3, None)
#: The fields :func:`~pitch13.view` leaves to be worked out when first read.
DEFERRED = ("dead_known", "tricks", "unseen", "places", "history")


def game_states(seed, hands=3, rules=None):
    """The states of a seeded game between two SimpleBots and two RandomBots, to ``hands`` hands
    or its end (the states between hands, waiting for a deal, included)."""
    bots = [SimpleBot(seed), RandomBot(seed + 1), SimpleBot(seed + 2), RandomBot(seed + 3)]
    state = new_game(rules, dealer=seed % 4, seed=seed)
    states = [state]
    while not state.is_over and state.hand_number <= hands:
        seat = state.to_act
        state = apply(state, bots[seat].choose(view(state, seat)), seat=seat)
        states.append(state)
    return states


def fresh(state, viewer):
    """The view of a copy of ``state`` that shares nothing with it, read at once."""
    v = see(pickle.loads(pickle.dumps(state)), viewer)
    v.history  # noqa: B018 - works out the deferred fields
    return v


def shown_deck(state):
    """The deck of the hand a view of ``state`` shows (empty before the first deal)."""
    if state._log:
        return state._hand_deck
    return b"" if state._past is None else state._past.deck


def holds(v, thing):
    """Whether ``v`` refers to ``thing``, itself or through one object between."""
    return any(r is thing or any(q is thing for q in gc.get_referents(r)) for r in gc.get_referents(v))


def holds_deck(v, state):
    """Whether ``v`` still refers to the deck of the hand it shows, which the seat may not see."""
    deck = shown_deck(state)
    return bool(deck) and holds(v, deck)


def test_the_deferred_fields_are_fields():
    assert set(DEFERRED) <= {a.name for a in attrs.fields(SeatView)}


def test_a_view_works_out_nothing_until_a_deferred_field_is_read():
    """Until then it keeps what it works them out from (the hand's deck among it); then it drops it."""
    state = next(s for s in game_states(1) if s.phase is Phase.PLAY and s.trick)
    v = view(state, state.to_act)
    v.phase, v.hand, v.legal_actions, v.trick, v.trump, v.scores  # noqa: B018 - the fields built at once
    assert holds_deck(v, state)
    v.unseen  # noqa: B018
    assert not holds_deck(v, state)


@pytest.mark.parametrize("first", DEFERRED)
def test_whichever_deferred_field_is_read_first_the_view_is_the_same(first):
    for seed in (2, 3):
        for state in game_states(seed, hands=2)[::7]:
            for viewer in VIEWERS:
                v = see(state, viewer)
                getattr(v, first)
                assert not holds_deck(v, state)
                assert v == fresh(state, viewer)
                for name in DEFERRED:
                    assert getattr(v, name) == getattr(fresh(state, viewer), name)


@pytest.mark.parametrize("order", ["forward", "backward", "shuffled"])
def test_views_read_in_any_order_show_their_own_state(order):
    """Views made along a game and read later, in any order, each show the state they were made of."""
    states = game_states(4, hands=3)
    views = [(state, viewer, see(state, viewer)) for state in states for viewer in VIEWERS]
    if order == "backward":
        views.reverse()
    elif order == "shuffled":
        random.Random(5).shuffle(views)
    for state, viewer, v in views[:: 3 if order == "shuffled" else 1]:
        assert v.history == fresh(state, viewer).history, (state.ply, viewer)
        assert v == fresh(state, viewer)


def test_views_of_sibling_states_read_after_both_were_made():
    rng = random.Random(6)
    state = new_game(seed=6)
    while state.phase is not Phase.PLAY or len(legal_actions(state)) < 2:
        state = apply(state, rng.choice(legal_actions(state)))
    first, second = (apply(state, action) for action in legal_actions(state)[:2])
    for viewer in VIEWERS:
        made = [see(first, viewer), see(second, viewer), see(first, viewer)]
        assert made[1] == fresh(second, viewer)
        assert made[0] == made[2] == fresh(first, viewer)
        assert made[0].history != made[1].history


def test_an_unread_view_pickles_copies_and_compares_as_a_read_one():
    states = game_states(7, hands=2)
    for state in states[::5]:
        for viewer in VIEWERS:
            expected = fresh(state, viewer)
            for make_and_use in (
                lambda v: pickle.loads(pickle.dumps(v)),
                copy.copy,
                copy.deepcopy,
                lambda v: attrs.evolve(v),
                lambda v: SeatView(**attrs.asdict(v, recurse=False)),
                lambda v: SeatView.from_json(v.to_json()),
            ):
                v = see(state, viewer)
                assert make_and_use(v) == expected
                assert not holds_deck(v, state)
            assert hash(see(state, viewer)) == hash(expected)
            assert repr(see(state, viewer)) == repr(expected)
            assert see(state, viewer).to_json() == expected.to_json()
            assert see(state, viewer) == expected and expected == see(state, viewer)


def test_a_pickled_view_holds_nothing_the_seat_may_not_know():
    """Pickling works the deferred fields out first: the pickle holds no deck, and neither does the view."""
    state = next(s for s in game_states(8) if s.phase is Phase.PLAY)
    for viewer in VIEWERS:
        v = see(state, viewer)
        data = pickle.dumps(v)
        assert state._hand_deck not in data and b"Deferred" not in data
        assert not holds_deck(v, state) and not holds_deck(pickle.loads(data), state)


def test_the_class_attributes_of_deferred_fields_do_not_reach_the_placeholder():
    state = next(s for s in game_states(9) if s.phase is Phase.PLAY)
    v = view(state, 0)
    for name in DEFERRED:
        attribute = getattr(SeatView, name)
        assert attribute.__get__(v, SeatView) == getattr(fresh(state, 0), name)
        assert not holds_deck(v, state)


def test_threads_reading_the_same_views_all_see_the_same_values():
    states = game_states(10, hands=2)
    expected = [fresh(state, 1) for state in states]
    for _ in range(3):
        views = [view(state, 1) for state in states]
        barrier = threading.Barrier(4)
        failures = []

        def read(name, views=views, barrier=barrier, failures=failures):
            barrier.wait()
            for v, want in zip(views, expected, strict=True):
                if getattr(v, name) != getattr(want, name):
                    failures.append((name, v.ply))  # pragma: no cover - a failure

        threads = [
            threading.Thread(target=read, args=(name,)) for name in ("history", "places", "unseen", "tricks")
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        assert views == expected


def test_views_before_the_first_deal_between_hands_and_at_the_end():
    waiting = new_game(Rules(), dealer=2)  # dealt by the caller: it waits for the first deal
    for viewer in VIEWERS:
        v = see(waiting, viewer)
        assert v.history == () and v.places == () and v.unseen == ()
    rng = random.Random(11)
    state = new_game()  # dealt by the caller: it waits for a deal between hands
    between = []
    while not state.is_over:
        if state.is_chance:
            between.append(state)
            state = apply(state, Deal(rng.sample(DECK, len(DECK))))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    for shown in (*between[1:4], state):
        for viewer in VIEWERS:
            v = see(shown, viewer)
            assert holds_deck(v, shown)
            assert v.history and v == fresh(shown, viewer)
            assert not holds_deck(v, shown)
    assert spectator_view(state) == fresh(state, None)


def test_the_entries_read_once_for_every_seat_are_seen_as_they_are_by_each():
    """A hand's log is read once for the views of all seats; the entries of the kinds read once
    (``SEEN_AS_IS``) are what each seat's watcher makes of them, and tell the watcher nothing."""
    for seed in (12, 13):
        final = game_states(seed, hands=3)[-1]
        for viewer in VIEWERS:
            watcher = Watcher(final.rules, viewer)
            for entry in final.history:
                if type(entry.item) in SEEN_AS_IS:
                    remembered = (watcher.stock, watcher.position, watcher.turned, watcher.table)
                    assert watcher.see(entry.seat, entry.item) == SeenEntry(entry.seat, entry.item)
                    assert (watcher.stock, watcher.position, watcher.turned, watcher.table) == remembered
                else:
                    watcher.see(entry.seat, entry.item)


class _Interrupted(BaseException):
    """What Ctrl-C or a timeout's signal raises, anywhere."""


def _interrupting(function, at):
    """``function``, but raising :class:`_Interrupted` at its ``at``-th call."""
    calls = 0

    def interrupting(*args):
        nonlocal calls
        calls += 1
        if calls == at:
            raise _Interrupted
        return function(*args)

    return interrupting


def _codes_interrupted_at(at):
    """``read_codes``, but raising :class:`_Interrupted` at its ``at``-th code."""

    def read_codes(log, start):
        for number, code in enumerate(history.read_codes(log, start), 1):
            if number == at:
                raise _Interrupted
            yield code

    return read_codes


@pytest.mark.parametrize("where", ["decoding", "seat's reading", "encoding"])
def test_a_read_of_the_hand_interrupted_midway_leaves_its_states_reading_as_if_never_begun(
    monkeypatch, where
):
    # The states of a hand share what views and encodings read of it: a read stopped midway
    # (Ctrl-C, a timeout's signal) must not leave a half-read hand for the next to read on from.
    rng = random.Random(8)
    state = new_game(seed=8)
    hand = []
    while state.hand_number == 1:
        hand.append(state)
        state = apply(state, rng.choice(legal_actions(state)))
    last = hand[-1]
    read = lambda: view(last, 0).history  # noqa: E731
    if where == "decoding":
        monkeypatch.setattr(hand_cache, "made_entry", _interrupting(hand_cache.made_entry, 10))
    elif where == "seat's reading":
        monkeypatch.setattr(hand_cache, "add_entry", _interrupting(hand_cache.add_entry, 10))
    else:
        monkeypatch.setattr(observation, "read_codes", _codes_interrupted_at(15))
        read = lambda: observation.bits(last, 0)  # noqa: E731
    with pytest.raises(_Interrupted):
        read()
    monkeypatch.undo()
    for state in (last, *hand[::7]):
        fresh = pickle.loads(pickle.dumps(state))  # the same state, with nothing read of its hand
        for seat in range(4):
            assert view(state, seat) == view(fresh, seat)
            assert observation.bits(state, seat) == observation.bits(fresh, seat)


def _reader_holding_the_lock():
    """A thread that holds the lock of what views read of a hand until the event returned is set."""
    holding, letting_go = threading.Event(), threading.Event()

    def reader():
        with hand_cache.SEEN_LOCK:
            holding.set()
            letting_go.wait(10)

    thread = threading.Thread(target=reader)
    thread.start()
    holding.wait(10)
    return thread, letting_go


def _fork():
    """``os.fork()``, which Python 3.12 and newer warn of beside threads."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return os.fork()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_process_forked_while_a_thread_reads_a_hand_finds_the_hands_free_to_read():
    # A pool's workers forked beside a server's threads: a worker forked while a thread held
    # the lock of what views read of a hand inherited it held, and waited for ever.
    thread, letting_go = _reader_holding_the_lock()
    threading.Timer(0.2, letting_go.set).start()
    pid = _fork()  # waits for the reader to let go
    if pid == 0:  # pragma: no cover - the child, which coverage does not follow
        state = new_game(seed=1)
        if not hand_cache.SEEN_LOCK.acquire(timeout=5):
            os._exit(1)
        hand_cache.SEEN_LOCK.release()
        os._exit(0 if view(state, 0).history else 2)
    thread.join()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


@pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "setitimer"), reason="needs fork")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_fork_whose_wait_for_a_read_is_interrupted_leaves_the_lock_to_the_reader():
    def interrupt(*_):
        raise _Interrupted

    thread, letting_go = _reader_holding_the_lock()
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 1.0)  # Ctrl-C while the fork waits for the reader
        pid = _fork()  # goes on without the lock, the interrupt reported as ignored
        if pid == 0:  # pragma: no cover - the child
            os._exit(0)
        os.waitpid(pid, 0)
        # The reader still holds the lock: the fork let go of nothing it did not take.
        assert not hand_cache.SEEN_LOCK.acquire(blocking=False)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        letting_go.set()
        thread.join()
    assert hand_cache.SEEN_LOCK.acquire(timeout=5)
    hand_cache.SEEN_LOCK.release()


def test_two_threads_forking_at_once_each_let_go_of_the_lock_their_fork_took():
    # Each fork's hooks run in its own thread: one fork's wait must not make another's forget
    # that it holds the lock (the hooks called as os.fork calls them).
    hand_cache.before_fork()  # this thread's fork takes the lock
    started, done = threading.Event(), threading.Event()

    def second_fork():
        started.set()
        hand_cache.before_fork()  # waits for the first fork's
        hand_cache.after_fork()
        done.set()

    thread = threading.Thread(target=second_fork, daemon=True)
    try:
        thread.start()
        assert started.wait(5)
        time.sleep(0.05)  # into before_fork's wait
        hand_cache.after_fork()
        assert done.wait(5)
        assert hand_cache.SEEN_LOCK.acquire(blocking=False)
        hand_cache.SEEN_LOCK.release()
    finally:  # a fault that left the lock held would stop every later view of this process
        if hand_cache.SEEN_LOCK.locked():
            hand_cache.SEEN_LOCK.release()
        thread.join(5)
        if hand_cache.SEEN_LOCK.locked():
            hand_cache.SEEN_LOCK.release()
