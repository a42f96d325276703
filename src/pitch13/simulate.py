"""Many games among bots, one summary a hand: the simulator behind ``pitch13 simulate``.

Game ``index`` of a run seeded ``seed`` is dealt from a seed made of ``(seed, index)``, its four
players are seeded from ``(seed, index, seat)``, and its first dealer is seat ``index % 4``. So
any game of a run can be played again alone (:func:`simulate_game`), and a run gives the same
hands, in the same order, however its games are split among processes or machines:
:func:`simulate` plays them here (``workers=1``), in local processes, or on a Dask cluster
(``client=``), and always yields them in game order.

Each hand comes out as a :class:`HandLine`: the game's index and seeds, and the
:class:`HandSummary` of the hand (the auction with every call, whether the dealer was forced,
trump, the points, made or set, the scores, early ends and throw-ins, and how long it took). Its
JSON form, one line a hand, is the versioned ``pitch13.hand`` format (:data:`FORMAT`,
:data:`VERSION`) that ``pitch13 simulate --out`` writes. :class:`SimulationSummary` tallies lines
into the table the command prints.

>>> from pitch13.simulate import simulate, simulate_game
>>> lines = list(simulate(3, seed=1, bots="simple"))
>>> [line.game for line in lines] == sorted(line.game for line in lines)
True
>>> alone = simulate_game(2, seed=1, bots="simple")
>>> alone == tuple(line for line in lines if line.game == 2)
True
>>> print(lines[0].to_json()[:60])
{"format":"pitch13.hand","version":1,"seed":1,"game":0,"game

Costs: a game costs its decisions (one :func:`~pitch13.view` and one ``choose`` each, as
:func:`~pitch13.bots.play_game` makes them) and a few operations an action to summarize its
hands (the game runner notes the calls, trump and tricks as they happen; it reads no history
back). Lines are held back only until the games before them are done: at most a few
chunks of games per worker.
"""

from __future__ import annotations

import functools
import json
import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final, NamedTuple

import attrs

from pitch13._base import pool
from pitch13._base.checks import (
    MAX_SEED,
    MOST_WORKERS,
    check_count,
    check_seed,
    excerpt,
    finite,
    option_or_default,
    unchecked,
    unchecked_maker,
)
from pitch13._base.failures import DocumentError
from pitch13._base.seeds import check_parts, game_seed, player_seed
from pitch13.bots import Bot, BotSpec, bot_factory, iter_hands
from pitch13.bots._args import bot_made, check_sendable, failures_in
from pitch13.bots._summary import HandSummary, hand_summaries
from pitch13.cards import Suit  # noqa: F401 - HandSummary's annotations name it, read here
from pitch13.errors import GameTooLongError
from pitch13.events import ThrowInReason
from pitch13.records import _json as doc
from pitch13.rules import Rules

__all__ = [
    "DASK_EXTRA",
    "FORMAT",
    "VERSION",
    "HandLine",
    "HandSummary",
    "Simulation",
    "SimulationSummary",
    "hand_summaries",
    "simulate",
    "simulate_game",
]

#: The ``format`` of a hand line.
FORMAT: Final = doc.HAND_FORMAT
#: The version of the hand line format this pitch13 writes and reads.
VERSION: Final = 1
#: What to install for Dask: ``pip install 'pitch13[dask]'``.
DASK_EXTRA: Final = "pitch13[dask]"


_KEYS: Final = (
    "format",
    "version",
    "seed",
    "game",
    "game_seed",
    "hand",
    "dealer",
    "calls",
    "forced_dealer",
    "bidder",
    "bid",
    "trump",
    "points",
    "unplayed_points",
    "made",
    "moon",
    "score_change",
    "scores",
    "ended_early",
    "thrown_in",
    "tricks",
    "actions",
    "winner",
)
_MAX_LINE: Final = 4096
_BIG: Final = 2**64
_SCORE: Final = 10**9
#: The rules a run plays when it is given none.
_DEFAULT_RULES: Final = Rules()


@attrs.frozen(slots=True)
class HandLine:
    """One hand of a simulation: which game it belongs to, how that game was seeded, and the hand.

    Its JSON form is one line of ``pitch13 simulate --out`` (:meth:`to_json`).
    """

    #: The seed of the run.
    seed: int
    #: The game's index in the run, from 0.
    game: int
    #: The seed the game's deals came from (made of :attr:`seed` and :attr:`game`).
    game_seed: int
    #: The hand.
    hand: HandSummary

    def __attrs_post_init__(self) -> None:
        """Refuse a line that :meth:`from_dict` would not read back from :meth:`to_dict`.

        Raises:
            TypeError: if a seed or the game is not an int, or the hand not a :class:`HandSummary`.
            ValueError: if a field is out of its range, the game seed is not made of
                :attr:`seed` and :attr:`game`, or the hand's fields contradict each other (as
                :meth:`from_dict` lists).
        """
        for name in ("seed", "game", "game_seed"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"a HandLine's {name} is an int, not {type(value).__name__}")
        if not isinstance(self.hand, HandSummary):
            raise TypeError(f"a HandLine's hand is a HandSummary, not {type(self.hand).__name__}")
        try:
            _read(self.to_dict())
        except DocumentError as error:
            raise ValueError(f"a HandLine that would not read back: {error}") from None

    def to_dict(self) -> dict[str, object]:
        """The line as plain JSON data, its keys in the order of the documented schema."""
        h = self.hand
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "game": self.game,
            "game_seed": self.game_seed,
            "hand": h.hand_number,
            "dealer": h.dealer,
            "calls": list(h.calls),
            "forced_dealer": h.forced_dealer,
            "bidder": h.bidder,
            "bid": h.bid,
            "trump": None if h.trump is None else h.trump.letter,
            "points": None if h.points is None else list(h.points),
            "unplayed_points": h.unplayed_points,
            "made": h.made,
            "moon": h.moon,
            "score_change": list(h.score_change),
            "scores": list(h.scores),
            "ended_early": h.ended_early,
            "thrown_in": None if h.thrown_in is None else h.thrown_in.value,
            "tricks": h.tricks,
            "actions": h.actions,
            "winner": h.winner,
        }

    def to_json(self) -> str:
        """The line as compact JSON, without a newline: the same hand always gives the same bytes."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> HandLine:
        """Read a line from the data :meth:`to_dict` makes, checking every field.

        Raises:
            DocumentError: if ``data`` is not a ``pitch13.hand`` line of this version, a field
                is missing, unknown, of the wrong type or out of range, or fields contradict
                each other whatever the rules (a game seed not made of the run's seed and the
                game's index, a bid without a bidder, a call above the bid, calls that do not
                rise or are above the hand's points, a dealer forced to bid who was not, a hand
                thrown in with points, points that add up to neither 13 nor 10, a verdict the
                points do not give, more than 6 tricks, fewer actions than the hand takes).
        """
        return _made(*_read(data))

    @classmethod
    def from_json(cls, text: str | bytes) -> HandLine:
        r"""Read a line that :meth:`to_json` wrote (a trailing newline is allowed).

        >>> line = simulate_game(0, seed=1)[0]
        >>> HandLine.from_json(line.to_json() + "\n") == line
        True

        Raises:
            TypeError: if ``text`` is not a str or bytes.
            DocumentError: as :meth:`from_dict`, and if ``text`` is not JSON.
        """
        return cls.from_dict(doc.load_json(text, max_size=_MAX_LINE, what="hand line", fmt=FORMAT))


#: A line of fields known to be right (read and checked, or from a game played), made without
#: the check of a line made in code: at about 20 µs, it would cost a run of random bots some 5 %
#: of its time. Its fields in order: the seed, the game, the game seed and the hand.
_made: Final = unchecked_maker(HandLine)


def _read(data: object) -> tuple[int, int, int, HandSummary]:
    """The seed, game, game seed and hand of a line's data, each checked as :meth:`HandLine.from_dict` says."""
    d = doc.check_header(data, FORMAT, VERSION)
    doc.obj(d, "$", _KEYS)
    items = doc.array(d["calls"], "$.calls", 4)
    if len(items) != 4:
        doc.fail("$.calls", f"expected the four calls of the auction, found {len(items)}")
    calls = tuple(doc.optional_integer(call, f"$.calls[{i}]", 1, 99) for i, call in enumerate(items))
    trump = None if d["trump"] is None else doc.read_suit(d["trump"], "$.trump")
    thrown_in = None if d["thrown_in"] is None else doc.choice(d["thrown_in"], "$.thrown_in", ThrowInReason)
    hand = unchecked(  # each field read and checked, and then the hand whole by _check_hand
        HandSummary,
        hand_number=doc.integer(d["hand"], "$.hand", 1, _SCORE),
        dealer=doc.seat(d["dealer"], "$.dealer"),
        calls=calls,
        forced_dealer=doc.boolean(d["forced_dealer"], "$.forced_dealer"),
        bidder=None if d["bidder"] is None else doc.seat(d["bidder"], "$.bidder"),
        bid=doc.optional_integer(d["bid"], "$.bid", 1, 99),
        trump=trump,
        points=None if d["points"] is None else _pair(d["points"], "$.points", 0, 99),
        unplayed_points=doc.optional_integer(d["unplayed_points"], "$.unplayed_points", 0, 99),
        made=None if d["made"] is None else doc.boolean(d["made"], "$.made"),
        moon=doc.boolean(d["moon"], "$.moon"),
        score_change=_pair(d["score_change"], "$.score_change", -_SCORE, _SCORE),
        scores=_pair(d["scores"], "$.scores", -_SCORE, _SCORE),
        ended_early=doc.boolean(d["ended_early"], "$.ended_early"),
        thrown_in=thrown_in,
        tricks=doc.integer(d["tricks"], "$.tricks", 0, 99),
        actions=doc.integer(d["actions"], "$.actions", 0, 9999),
        winner=doc.optional_integer(d["winner"], "$.winner", 0, 1),
    )
    seed = doc.integer(d["seed"], "$.seed", -MAX_SEED, MAX_SEED)
    game = doc.integer(d["game"], "$.game", 0, _BIG - 1)
    deals, made = doc.integer(d["game_seed"], "$.game_seed", 0, _BIG), game_seed(seed, game)
    if deals != made:
        doc.fail(
            "$.game_seed", f"{deals} is not the deal seed of game {game} of a run seeded {seed} ({made})"
        )
    _check_hand(hand)
    return seed, game, deals, hand


def _check_hand(h: HandSummary) -> None:
    """Refuse a hand whose fields contradict each other, whatever the rules.

    The calls, which rise and are at most the hand's points (R-BID-1, R-BID-4), a dealer forced
    to bid (R-BID-2), the auction's winner, a hand thrown in and its points (R-FILL-2), the
    verdict (R-SCORE-1), and the tricks and actions a hand takes.
    """
    most = 13 if h.points is None or h.unplayed_points is None else sum(h.points) + h.unplayed_points
    high = 0
    for i, call in enumerate(h.calls):
        if call is not None and call > most:
            doc.fail(f"$.calls[{i}]", f"a bid is at most the hand's points, {most}; not {call}")
        if call is not None and (call < high or (call == high and i < 3)):
            doc.fail(
                f"$.calls[{i}]",
                f"a bid is higher than the bids before it (only the dealer may match), not {call} after {high}",
            )
        high = max(high, call or 0)
    if h.forced_dealer and (h.calls[:3] != (None, None, None) or h.calls[3] is None):
        doc.fail("$.forced_dealer", "a dealer is forced to bid only after three passes, and then bids")
    if h.tricks > 6:
        doc.fail("$.tricks", f"a hand has at most 6 tricks, as a seat plays at most 6 cards; not {h.tricks}")
    least = 4 if h.thrown_in is ThrowInReason.ALL_PASSED else 5 + h.tricks  # calls, trump, plays
    if h.actions < least:
        doc.fail("$.actions", f"the hand takes at least {least} actions, not {h.actions}")
    bids = [call for call in h.calls if call is not None]
    if h.bid is None or h.bidder is None:
        if bids or h.bid is not None or h.bidder is not None:
            doc.fail("$.bidder", "a bidder and a bid go together, and with a bid called")
        if h.thrown_in is not ThrowInReason.ALL_PASSED:
            doc.fail("$.thrown_in", "a hand everyone passed is thrown in as all_passed")
    else:
        if not bids:
            doc.fail("$.calls", f"seat {h.bidder} bid {h.bid}, but every call is a pass")
        if h.bid != max(bids):
            doc.fail("$.bid", f"the bidder's call is the highest, {max(bids)}; not {h.bid}")
        if (own := h.calls[(h.bidder - h.dealer - 1) & 3]) != h.bid:
            called = "passed" if own is None else f"called {own}"
            doc.fail("$.bid", f"the bid is the bidder's call, and seat {h.bidder} {called}, not {h.bid}")
        if h.calls[3] == h.bid and h.bidder != h.dealer:
            doc.fail("$.bidder", f"the dealer, seat {h.dealer}, bid {h.bid} last and takes the bid")
        if h.thrown_in is ThrowInReason.ALL_PASSED:
            doc.fail("$.thrown_in", f"seat {h.bidder} bid {h.bid}: not everyone passed")
    if h.thrown_in is not None:
        if not (h.points is None and h.unplayed_points is None and h.made is None):
            doc.fail("$.points", "a hand thrown in has no points, unplayed points or verdict")
        if h.score_change != (0, 0) or h.tricks or h.winner is not None:
            doc.fail("$.score_change", "a hand thrown in changes no score and plays no trick")
        if h.ended_early:
            doc.fail("$.ended_early", "a hand thrown in is not played, and so does not end early")
        return
    if h.trump is None or h.points is None or h.unplayed_points is None or h.made is None or h.bid is None:
        doc.fail("$.points", "a hand played has trump, points, unplayed points and a verdict")
    if sum(h.points) + h.unplayed_points not in (10, 13):
        doc.fail(
            "$.points",
            f"a hand's points add up to 13, or 10 without the off-three; not {sum(h.points) + h.unplayed_points}",
        )
    assert h.bidder is not None  # with a bid
    if h.made != (h.points[h.bidder & 1] >= h.bid):
        doc.fail("$.made", f"the bidding team took {h.points[h.bidder & 1]} points on a bid of {h.bid}")


def _pair(value: object, where: str, low: int, high: int) -> tuple[int, int]:
    items = doc.array(value, where, 2)
    if len(items) != 2:
        doc.fail(where, f"expected two numbers (team A, team B), found {len(items)}")
    return (doc.integer(items[0], f"{where}[0]", low, high), doc.integer(items[1], f"{where}[1]", low, high))


# --- playing ------------------------------------------------------------------------------------------


def _makers(bots: BotSpec | Sequence[BotSpec]) -> tuple[BotSpec, ...]:
    """The four seats' bot specs, checked (a name that names no bot is refused here)."""
    specs: tuple[BotSpec, ...]
    given: object = bots  # bytes are a Sequence too, of ints: no names of bots
    if isinstance(bots, str) or callable(bots):
        specs = (bots,) * 4
    elif isinstance(bots, Sequence) and not isinstance(given, (bytes, bytearray)):
        specs = tuple(bots)
        if len(specs) == 1:
            specs *= 4
        elif len(specs) != 4:
            raise ValueError(f"bots: one bot for every seat, or four (seats 0 to 3), not {len(specs)}")
    else:
        raise TypeError(
            f"bots: a bot's name, a callable that makes one, or four of them; not {excerpt(bots)}"
        )
    for spec in specs:
        bot_factory(spec)
    return specs


def _game(index: int, seed: int, makers: Sequence[Callable[[int], Bot]], rules: Rules) -> list[HandLine]:
    deals = game_seed(seed, index)
    with failures_in(lambda _: f"game {index} of the run seeded {seed}"):
        bots = [bot_made(make, player_seed(seed, index, seat), seat) for seat, make in enumerate(makers)]
        try:
            return [
                _made(seed, index, deals, hand)
                for hand in iter_hands(bots, rules, dealer=index & 3, seed=deals)
            ]
        except GameTooLongError:  # said of this game of the run
            raise GameTooLongError(f"game {index} of the run seeded {seed}") from None


def simulate_game(
    index: int,
    *,
    seed: int = 0,
    bots: BotSpec | Sequence[BotSpec] = "simple",
    rules: Rules | None = None,
) -> tuple[HandLine, ...]:
    """The hand lines of game ``index`` of a run seeded ``seed``, played alone.

    They are the lines :func:`simulate` gives for that game, with the same bots and rules (for
    bots that are reproducible from their seed).

    Args:
        index: the game's index in the run, from 0.
        seed: the seed of the run.
        bots: the bot of every seat, or one for each of seats 0 to 3 (see :data:`~pitch13.bots.BotSpec`).
        rules: the rules (default :class:`~pitch13.Rules`).

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``index`` is negative or from 2**64 on, ``seed`` is beyond ±(2**128 - 1)
            (what a hand line holds), or a bot's name names no bot.
        BotError: if a bot chooses an action that is not legal.
        BotFailedError: if a bot's ``choose``, or its maker, raises an exception (from it).
        GameTooLongError: if a game is not over after 10,000 hands.
    """
    index, seed = check_parts(index=index, seed=seed)
    _check_run(seed, index)
    if index < 0:
        raise ValueError(f"index must be 0 or more, not {excerpt(index)}")
    specs = _makers(bots)
    rules = option_or_default(rules, Rules, "rules", _DEFAULT_RULES)
    return tuple(_game(index, seed, [bot_factory(s) for s in specs], rules))


class _Chunk(NamedTuple):
    """The lines of games ``start`` to ``stop - 1``, and the CPU seconds they took."""

    start: int
    stop: int
    lines: tuple[HandLine, ...]
    cpu_seconds: float


def _play_chunk(start: int, stop: int, seed: int, specs: tuple[BotSpec, ...], rules: Rules) -> _Chunk:
    """Play games ``start`` to ``stop - 1`` (where a worker runs it)."""
    began = time.process_time()
    makers = [bot_factory(spec) for spec in specs]
    lines = [line for index in range(start, stop) for line in _game(index, seed, makers, rules)]
    return _Chunk(start, stop, tuple(lines), time.process_time() - began)


class Simulation(Iterator[HandLine]):
    """The hand lines of a run in game order, as they come (what :func:`simulate` returns).

    Besides iterating, it tells how far the run is and what its games cost.
    """

    def __init__(self, chunks: Iterator[tuple[int, int, tuple[HandLine, ...], float]], games: int) -> None:
        """A run of ``games`` games, from its chunks: ``(first game, last game + 1, lines, CPU seconds)``."""
        self._chunks = chunks
        self._lines: Iterator[HandLine] = iter(())
        self._games = games
        self._done = 0
        self._cpu = 0.0

    def __iter__(self) -> Simulation:
        return self

    def __next__(self) -> HandLine:
        while True:
            line = next(self._lines, None)
            if line is not None:
                return line
            chunk = next(self._chunks)  # StopIteration ends the run
            start, stop, lines, cpu_seconds = chunk
            self._done += stop - start
            self._cpu += cpu_seconds
            self._lines = iter(lines)

    @property
    def games(self) -> int:
        """How many games the run plays."""
        return self._games

    @property
    def games_done(self) -> int:
        """How many games have been played and their lines handed out (or being handed out)."""
        return self._done

    @property
    def cpu_seconds(self) -> float:
        """The CPU seconds the games done took to play, summed over the processes that played them.

        It counts the playing only: not starting processes, nor sending games and lines.
        """
        return self._cpu

    def close(self) -> None:
        """Stop the run: no more lines, and the games not yet played are not played."""
        self._lines = iter(())
        close = getattr(self._chunks, "close", None)
        if close is not None:
            close()


def simulate(
    games: int,
    *,
    seed: int = 0,
    bots: BotSpec | Sequence[BotSpec] = "simple",
    rules: Rules | None = None,
    start: int = 0,
    workers: int = 1,
    chunk_size: int | None = None,
    client: object | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> Simulation:
    """Play games ``start`` to ``start + games - 1`` of the run seeded ``seed``: their hand lines, in order.

    The lines are the same, in the same order, whatever ``workers``, ``chunk_size`` and
    ``client`` (for bots reproducible from their seed): every game is seeded from ``seed`` and
    its index alone.

    Args:
        games: how many games to play (at least 1).
        seed: the seed of the run.
        bots: the bot of every seat, or one for each of seats 0 to 3 (see :data:`~pitch13.bots.BotSpec`).
        rules: the rules (default :class:`~pitch13.Rules`).
        start: the index of the first game.
        workers: how many local processes play (1: this one). Ignored with ``client``.
        chunk_size: how many games a worker plays at a time (default: enough chunks to keep
            every worker busy, and at most 50 games each).
        client: a ``dask.distributed.Client``: the games are played on its cluster, whose
            workers need pitch13 (and the bots named) installed. Dask is the optional
            :data:`DASK_EXTRA`.
        progress: called with ``(games done, games)`` as the lines of each chunk of games come.

    Raises:
        TypeError: if an argument has the wrong type (``client`` included), or a bot cannot be
            sent to other processes (pickled) when they play.
        ValueError: if ``games``, ``workers`` or ``chunk_size`` is below 1, ``workers`` above
            1,024 (without ``client``), ``start`` below 0, ``seed`` is beyond ±(2**128 - 1) or
            a game's index reaches 2**64 (what a hand line holds), or a bot's name names no bot.
        ImportError: if ``client`` is given and Dask is not installed.
        BotError: while iterating, if a bot chooses an action that is not legal.
        BotFailedError: while iterating, if a bot's ``choose``, or its maker, raises an exception.
        GameTooLongError: while iterating, if a game is not over after 10,000 hands.
        concurrent.futures.BrokenExecutor: while iterating, if a process that plays ended (a
            bot's ``os._exit()``, a crash); on Dask, with its ``KilledWorker`` as the cause.
    """
    _whole(games=games, workers=workers)
    seed, start = check_parts(seed=seed, start=start)
    if chunk_size is not None:
        _whole(chunk_size=chunk_size)
    for name, number, low in (("games", games, 1), ("start", start, 0)):
        if number < low:
            raise ValueError(f"{name} must be at least {low}, not {excerpt(number)}")
    check_count(workers, "workers", 1, MOST_WORKERS if client is None else None)  # processes started here
    _check_run(seed, start + games - 1)
    if chunk_size is not None and chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, not {excerpt(chunk_size)}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, not {type(progress).__name__}")
    specs = _makers(bots)
    rules = option_or_default(rules, Rules, "rules", _DEFAULT_RULES)
    if client is not None:
        if not isinstance(client, pool.distributed(DASK_EXTRA).Client):
            raise TypeError(f"client must be a dask.distributed.Client, not {type(client).__name__}")
        nthreads: Callable[[], dict[str, int]] = getattr(client, "nthreads")  # noqa: B009
        width = max(1, sum(nthreads().values()))
    else:
        width = min(workers, games)
    size = chunk_size or max(1, min(50, games // (width * 8)))
    chunks = -(-games // size)
    if client is not None or pool.process_count(width, chunks) > 1:  # else this process plays
        check_sendable((specs, rules))
    # Made as they are played: a run of any length holds a few ranges a worker.
    ranges = ((first, min(start + games, first + size)) for first in range(start, start + games, size))
    work = functools.partial(_play_chunk, seed=seed, specs=specs, rules=rules)
    if client is not None:
        played = pool.on_dask(client, work, ranges, window=4 * width, install=DASK_EXTRA)
    else:  # local processes (for one worker, or one chunk, this process plays it)
        played = pool.in_order(work, ranges, chunks, width)
    return Simulation(_reported(played, games, progress), games)


def _reported(
    chunks: Iterator[_Chunk], games: int, progress: Callable[[int, int], object] | None
) -> Iterator[_Chunk]:
    done = 0
    try:
        for chunk in chunks:
            done += chunk.stop - chunk.start
            yield chunk
            if progress is not None:
                progress(done, games)
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()


def _check_run(seed: int, last: int) -> None:
    """Refuse a run's seed, or a game's index up to ``last``, that a hand line cannot hold.

    The seed is bounded as a game's is (:func:`~pitch13._base.checks.check_seed`).
    """
    check_seed(seed)
    if last >= _BIG:
        raise ValueError(f"a game's index must be below 2**64, as a hand line holds it; not {excerpt(last)}")


def _whole(**numbers: object) -> None:
    for name, number in numbers.items():
        if not isinstance(number, int) or isinstance(number, bool):
            raise TypeError(f"{name} must be an int, not {type(number).__name__}")


# --- the summary table --------------------------------------------------------------------------------


class SimulationSummary:
    """What a run's hand lines say, tallied line by line: the table ``pitch13 simulate`` prints.

    >>> summary = SimulationSummary()
    >>> for line in simulate(4, seed=3):
    ...     summary.add(line)
    >>> summary.games, summary.hands == sum(summary.game_lengths)
    (4, True)
    """

    def __init__(self) -> None:
        self._bids: dict[int, list[int]] = {}
        self._forced = [0, 0]
        self._hands = 0
        self._early = 0
        self._moons = [0, 0]
        self._thrown: dict[str, int] = {}
        self._lengths: list[int] = []
        self._first_dealer_wins = 0
        self._first_dealer: int | None = None
        self._open_game: int | None = None

    def add(self, line: HandLine) -> None:
        """Count one hand line (the lines of a game in order, as :func:`simulate` yields them).

        Raises:
            TypeError: if ``line`` is not a :class:`HandLine`.
        """
        if not isinstance(line, HandLine):
            raise TypeError(f"add() takes a HandLine, not {type(line).__name__}")
        hand = line.hand
        # Everything is read before anything is counted: a hand made in code that fails to be
        # read leaves the summary as it was.
        thrown = None if hand.thrown_in is None else hand.thrown_in.value
        bid, made, forced, moon = hand.bid, bool(hand.made), bool(hand.forced_dealer), bool(hand.moon)
        early, winner = self._early + hand.ended_early, hand.winner
        number, dealer = hand.hand_number, hand.dealer
        thrown_count = 0 if thrown is None else self._thrown.get(thrown, 0) + 1
        first = dealer if number == 1 else self._first_dealer
        first_won = winner is not None and first is not None and winner == first & 1
        tally = self._bids.setdefault(bid, [0, 0]) if thrown is None and bid is not None else None
        self._hands += 1
        self._first_dealer = first
        if thrown is not None:
            self._thrown[thrown] = thrown_count
        elif tally is not None:
            tally[0] += 1
            tally[1] += made
            if forced:
                self._forced[0] += 1
                self._forced[1] += made
            if moon:
                self._moons[0] += 1
                self._moons[1] += made
        self._early = early
        if winner is not None:
            self._lengths.append(number)
            self._first_dealer_wins += first_won
            self._first_dealer = None

    @property
    def games(self) -> int:
        """How many games were counted to their end."""
        return len(self._lengths)

    @property
    def hands(self) -> int:
        """How many hands were counted, thrown-in hands included."""
        return self._hands

    @property
    def bids(self) -> dict[int, tuple[int, int]]:
        """For each winning bid, ``(hands, hands made)``, in order of the bid (hands played only)."""
        return {bid: (n, made) for bid, (n, made) in sorted(self._bids.items())}

    @property
    def forced_dealer(self) -> tuple[int, int]:
        """``(hands, hands made)`` where the dealer had to bid (R-BID-2)."""
        return (self._forced[0], self._forced[1])

    @property
    def moons(self) -> tuple[int, int]:
        """``(hands, hands made)`` where the bid was ``max_bid`` (R-BID-3)."""
        return (self._moons[0], self._moons[1])

    @property
    def early_ends(self) -> int:
        """How many hands ended early because a team was out (R-PLAY-7)."""
        return self._early

    @property
    def thrown_in(self) -> dict[str, int]:
        """How many hands were thrown in, by reason (``"all_passed"``, ``"short_stock"``)."""
        return dict(sorted(self._thrown.items()))

    @property
    def game_lengths(self) -> tuple[int, ...]:
        """The number of hands of each game counted, in the order they ended."""
        return tuple(self._lengths)

    @property
    def first_dealer_wins(self) -> int:
        """How many games the first dealer's team won."""
        return self._first_dealer_wins

    def table(self, *, wall_seconds: float | None = None, cpu_seconds: float | None = None) -> str:
        """The summary as a text table; with times, the speed too.

        Args:
            wall_seconds: how long the run took.
            cpu_seconds: the CPU seconds of every process that played.

        Raises:
            TypeError: if a time is neither a number nor ``None``.
            ValueError: if it is negative, not a number (NaN), infinite, or an int past a float's
                range.
        """
        for name, seconds in (("wall_seconds", wall_seconds), ("cpu_seconds", cpu_seconds)):
            if seconds is None:
                continue
            if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
                raise TypeError(f"{name} must be a number or None, not {type(seconds).__name__}")
            try:
                float(seconds)
            except OverflowError:  # an int too large for a float
                raise ValueError(f"{name} is past a float's range: {excerpt(seconds)}") from None
            if not (finite(seconds) and seconds >= 0):
                raise ValueError(f"{name} must be a number of seconds, 0 or more, not {excerpt(seconds)}")
        hands = self._hands
        games = self.games
        played = sum(n for n, _ in self._bids.values())
        out = [f"{_count(games, 'game')}, {_count(hands, 'hand')}"]
        out.append("")
        out.append("  bid    hands  share    made  made %")
        for bid, (n, made) in self.bids.items():
            out.append(f"  {bid:>3} {n:>8,} {_percent(n, played):>6} {made:>7,} {_percent(made, n):>7}")
        total_made = sum(made for _, made in self._bids.values())
        out.append(
            f"  all {played:>8,} {_percent(played, played):>6} {total_made:>7,} {_percent(total_made, played):>7}"
        )
        out.append("")
        forced, forced_made = self._forced
        out.append(
            f"forced dealer: {_count(forced, 'hand')} ({_percent(forced, played)} of hands played), "
            f"made {forced_made:,} ({_percent(forced_made, forced)})"
        )
        moons, moons_made = self._moons
        out.append(f"moon bids: {_count(moons, 'hand')}, made {moons_made:,} ({_percent(moons_made, moons)})")
        out.append(
            f"early ends: {_count(self._early, 'hand')} ({_percent(self._early, played)} of hands played)"
        )
        thrown = ", ".join(f"{n:,} {why.replace('_', ' ')}" for why, n in self.thrown_in.items())
        out.append(
            f"thrown in: {_count(sum(self._thrown.values()), 'hand')}" + (f" ({thrown})" if thrown else "")
        )
        if games:
            lengths = sorted(self._lengths)
            mean = sum(lengths) / games
            out.append(
                f"game length: {mean:.2f} hands a game (median {statistics.median(lengths):g}, "
                f"shortest {lengths[0]}, longest {lengths[-1]})"
            )
            wins = self._first_dealer_wins
            low, high = _wilson(wins, games)
            out.append(
                f"first dealer's team won {wins:,} of {games:,} games: {wins / games:.3f} "
                f"(95% CI [{low:.3f}, {high:.3f}])"
            )
        if wall_seconds is not None:
            out.append(f"wall time: {wall_seconds:.2f} s ({_rate(games, wall_seconds)} games a second)")
        if cpu_seconds is not None:
            out.append(f"CPU time: {cpu_seconds:.2f} s ({_rate(games, cpu_seconds)} games per CPU second)")
        return "\n".join(out)


def _wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of ``wins`` in ``games``.

    Unlike the normal approximation, it has width at any count: 1 win of 1 game gives
    [0.207, 1], not [1, 1].
    """
    z2 = _Z * _Z
    share = wins / games
    centre = (share + z2 / (2 * games)) / (1 + z2 / games)
    half = _Z / (1 + z2 / games) * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


#: The normal distribution's 97.5th percentile.
_Z: Final = 1.959964


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.1f}" if seconds > 0 else "-"
