"""A hand read as each seat saw it, kept on the hand and read on step by step (internal).

Views (:mod:`pitch13.views`) and the encodings (:mod:`pitch13.encoding`) read the hand a state
shows as one seat saw it: the hand's log decoded once for every seat, then each seat's seen
entries and :class:`~pitch13._info.knowledge.HandLog`. The states of a hand share a dict
(``HAND_CACHE``) that keeps what was read, so a later state of the same line of play reads only
its new entries.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable
from typing import Final, NamedTuple, cast

from pitch13._core import history as _history
from pitch13._core.history import HistoryItem
from pitch13._info.knowledge import HandLog, add_entry
from pitch13._info.seen_entries import SEEN_AS_IS, DealSeen, PublicItem, SeenEntry, Watcher, made_entry
from pitch13.events import TrickWon
from pitch13.rules import Rules
from pitch13.scoring import HandResult, Outcome, Trick
from pitch13.state import GameState

__all__ = [
    "SEEN_LOCK",
    "Decoded",
    "Deferred",
    "SeenSoFar",
    "after_fork",
    "before_fork",
    "decoded_of",
    "deferred_of",
    "read_kept",
    "read_on",
]


class Decoded:
    """One hand's log read once for the views of every seat, kept on the hand (internal).

    For each entry: who acted, the action or event, and its seen entry when every seat sees it
    as it is (``None`` when what a seat sees of it depends on the seat); and the byte of the log
    that follows it.
    """

    __slots__ = ("decoder", "ends", "entries", "read")

    def __init__(self, decoder: _history.Decoder) -> None:
        self.decoder = decoder
        self.read = b""
        self.entries: list[tuple[int | None, HistoryItem, SeenEntry | None]] = []
        self.ends: list[int] = []

    def read_on(self, log: bytes) -> None:
        """Read ``log``, which goes on from what was read, to its end."""
        decoder = self.decoder
        for who, item in decoder.read(log):
            public = made_entry(who, cast(PublicItem, item)) if type(item) in SEEN_AS_IS else None
            self.entries.append((who, item, public))
            self.ends.append(decoder.at)
        self.read = log


class SeenSoFar:
    """What one seat saw of one hand so far, kept on the hand to be read on (internal)."""

    __slots__ = ("at", "decoded", "entries", "log", "read", "seen", "tricks", "watcher")

    def __init__(self, decoded: Decoded, watcher: Watcher) -> None:
        self.decoded = decoded
        self.watcher = watcher
        #: The log read so far, and the number of its entries.
        self.read = b""
        self.at = 0
        self.entries: list[SeenEntry] = []
        self.seen: tuple[SeenEntry, ...] = ()
        self.tricks: tuple[Trick, ...] = ()
        self.log: HandLog | None = None

    def catch_up(self, log: bytes) -> None:
        """Read on to the end of ``log``, which goes on from what was read (and was decoded)."""
        decoded = self.decoded
        entries, ends, end = decoded.entries, decoded.ends, len(log)
        at = self.at
        while at < len(entries) and ends[at] <= end:
            who, item, public = entries[at]
            at += 1
            seen = public if public is not None else self.watcher.see(who, item)
            if seen is None:
                continue
            self.entries.append(seen)
            what = seen.item
            if self.log is not None:  # after the deal
                add_entry(self.log, seen)
                if type(what) is TrickWon:
                    self.tricks = (*self.tricks, what.trick)
            elif isinstance(what, DealSeen):
                self.log = HandLog(what.hand_number, what.dealer, what.cards)
        self.at = at
        self.read = log
        self.seen = tuple(self.entries)


# Building a view reads on from what an earlier view of the same hand read; the hand keeps it.
# The lock keeps two threads from reading on from the same place at once, and from working out
# the deferred fields of one view at once.
SEEN_LOCK: Final = threading.Lock()
#: Whether the fork under way in a thread holds :data:`SEEN_LOCK` (see :func:`before_fork`):
#: two threads may fork at once, and each fork's hooks run in its own thread.
_FORK = threading.local()


def before_fork() -> None:
    """Wait for a thread's read of a hand to end before a fork.

    A process forked while another thread reads a hand (a pool's workers started beside a
    server's threads) would inherit the lock held by no thread, and the hand half read. A wait
    interrupted (Ctrl-C) leaves the lock to its holder: the fork goes on without it, and the
    child waits for ever at its first read of a hand. (So would a fork from inside a read of a
    hand, which nothing in the library does.)
    """
    _FORK.holds = False
    _FORK.holds = SEEN_LOCK.acquire()


def after_fork() -> None:
    """Let go of :data:`SEEN_LOCK` if the fork took it, in the parent and in the child."""
    if getattr(_FORK, "holds", False):
        _FORK.holds = False
        SEEN_LOCK.release()


if hasattr(os, "register_at_fork"):  # pragma: no branch - only where processes fork
    os.register_at_fork(before=before_fork, after_in_parent=after_fork, after_in_child=after_fork)


class Deferred(NamedTuple):
    """What the deferred fields of a view are worked out from, until they are (internal).

    It holds the shown hand's deck, which the viewing seat may not see: no public attribute
    reaches it, and the view drops it once its deferred fields are worked out.
    """

    seat: int | None
    rules: Rules
    #: The shown hand's number, dealer, deck and log, and whether it has ended.
    number: int
    dealer: int
    deck: bytes
    log: bytes
    ended: bool
    #: The ended hand's result (``None`` when it was thrown in, or is still in play).
    result: HandResult | None
    outcome: Outcome | None
    #: What views of the shown hand keep to read on from (``None``: keep nothing).
    cache: dict[object, object] | None
    #: The viewing seat's hand and the face-up dead cards, as masks.
    mine: int
    shown: int
    #: Whether the state waits for a deal (the view knows nothing of where cards are).
    waiting: bool


def decoded_of(d: Deferred) -> Decoded:
    """The shown hand's log decoded for every seat, read on to ``d.log`` (``SEEN_LOCK`` held)."""
    log = d.log
    # The state keeps what views read of the hand they show; a game started partway holds
    # nothing to keep before its first deal.
    cache = {} if d.cache is None else d.cache
    decoded = cast("Decoded | None", cache.get(DECODED))
    if decoded is None or not (log.startswith(decoded.read) or decoded.read.startswith(log)):
        result = _no_result if d.result is None else functools.partial(_identity, d.result)
        decoder = _history.Decoder(
            d.rules, d.number, d.dealer, d.deck, result, d.outcome if d.ended else None
        )
        decoded = Decoded(decoder)
        cache[DECODED] = decoded
    if len(decoded.read) < len(log):
        if d.ended:  # read on into the end of a hand that was in play when it was read
            if d.result is not None:
                decoded.decoder.result = functools.partial(_identity, d.result)
            decoded.decoder.outcome = d.outcome
        read_kept(cache, DECODED, decoded.read_on, log)
    return decoded


def read_on(d: Deferred) -> SeenSoFar:
    """The shown hand as ``d.seat`` saw it, read on from what the hand keeps (``SEEN_LOCK`` held)."""
    log = d.log
    decoded = decoded_of(d)
    cache = {} if d.cache is None else d.cache
    seen = cast("SeenSoFar | None", cache.get(d.seat))
    if (
        seen is None
        or seen.decoded is not decoded
        or len(seen.read) > len(log)
        or not log.startswith(seen.read)
    ):
        seen = SeenSoFar(decoded, Watcher(d.rules, d.seat))
        cache[d.seat] = seen
    if len(seen.read) < len(log):
        read_kept(cache, d.seat, seen.catch_up, log)
    return seen


def read_kept(cache: dict[object, object], key: object, read: Callable[[bytes], None], log: bytes) -> None:
    """``read(log)``, which reads on what ``cache`` keeps under ``key``.

    If it is interrupted (Ctrl-C, a timeout's signal), ``cache`` forgets it: nothing half read
    is kept for the hand's next state to read on from.
    """
    try:
        read(log)
    except BaseException:
        cache.pop(key, None)
        raise


#: The key under which a hand keeps its log read for every seat (seats are keyed by number).
DECODED: Final = "decoded"


def _identity(result: HandResult) -> HandResult:
    return result


def _no_result() -> HandResult:  # pragma: no cover - a hand in progress is not scored
    raise AssertionError("the hand in progress has no result")


def deferred_of(state: GameState, seat: int | None, mine: int, shown: int, waiting: bool) -> Deferred | None:
    """What a view of ``state`` for ``seat`` reads the shown hand from, or ``None`` before any deal.

    The shown hand is the hand in play or, between hands and at the end of the game, the hand
    that ended. ``mine`` is the seat's hand and ``shown`` the face-up dead cards, as masks.
    """
    log: bytes = state._log
    if log:
        return Deferred(
            seat,
            state._rules,
            state._hand_number,
            state._dealer,
            state._hand_deck,
            log,
            False,
            None,
            None,
            state._hand_cache,
            mine,
            shown,
            waiting,
        )
    ended = state._past  # between hands and at the end, the hand that ended
    if ended is None or not ended.log:
        return None
    rules = state._rules
    return Deferred(
        seat,
        rules,
        ended.number,
        ended.dealer,
        ended.deck,
        ended.log,
        True,
        None if ended.result is None else ended.hand_result(rules),
        state._outcome,
        state._hand_cache,
        mine,
        shown,
        waiting,
    )
