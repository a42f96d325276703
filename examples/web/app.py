"""The web table's ASGI app: HTTP for the lobby and the records, a websocket for each player.

:func:`make_app` builds it; ``python -m examples.web`` serves it with uvicorn. Each table has one
task that moves the game on: it lets the bots play (after ``bot_delay`` seconds, so that people
can follow), and lets a bot stand in for a person who has not moved within ``turn_timeout``
seconds of the turn's start (or ``away_timeout`` seconds after their last connection closed).
The deals need no task: every table is dealt from a seed, so a hand is dealt in the step that
ends the one before. Every table, seat and accepted move is kept in a SQLite database
(:mod:`examples.web.store`) before anyone is told of it, and a server started again on the same
database carries on every unfinished table. Each connection has a reader, which answers every message (an error for anything wrong, which changes
nothing), and a writer, which sends what is new whenever the table changes: a slow client is sent
the latest position, never a backlog.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Collection, Mapping
from pathlib import Path
from typing import Final, cast

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as ASGIMessage
from starlette.websockets import WebSocket, WebSocketDisconnect

import pitch13
from examples.web.review import (
    MAX_REVIEW_ACTIONS,
    REVIEW_SAMPLES,
    REVIEW_SEED,
    REVIEW_TIME,
    Budget,
    Job,
    Reviewer,
    done_answer,
)
from examples.web.store import Store, StoreError, TableRow, secret_hash
from examples.web.table import (
    JSON,
    MAX_MESSAGE,
    Client,
    Kind,
    Message,
    Replay,
    Table,
    TableError,
    check_seat,
)

STATIC: Final = Path(__file__).parent / "static"
#: The most tables a server keeps. When it is full, a new table takes the place of a finished
#: one, or of one no seated person has been connected to for ``IDLE_LIMIT`` seconds
#: (``UNSTARTED_IDLE_LIMIT`` before its start), the longest idle first; spectators do not count.
MAX_TABLES: Final = 200
IDLE_LIMIT: Final = 600.0
UNSTARTED_IDLE_LIMIT: Final = 60.0
#: The most unfinished tables one client address may have opened.
TABLES_AN_ADDRESS: Final = 5
#: The seconds a new connection has to send its ``join``; until then it counts only against
#: its address's limit, so that connections that never join cannot lock a table's people out.
JOIN_TIMEOUT: Final = 10.0
#: The most connections that have joined a table as spectators: they cannot lock its seated
#: people out, whose connections count apart.
MAX_SPECTATORS: Final = 48
#: The most connections one seat may have open at once: a person's pages and devices, and the
#: connections a lost network left behind until the server's pings find them gone (some 40
#: seconds with uvicorn's defaults; a join refused meanwhile is retried by the page).
MAX_SEAT_CONNECTIONS: Final = 8
#: The largest record the replay page takes, in bytes (a whole game's is some tens of kilobytes),
#: and the most states its replay may have (checked as it replays).
MAX_RECORD: Final = 300_000
#: The replays a server keeps for their hands to be sent one at a time (:class:`ReplayCache`):
#: the ``REPLAYS_KEPT`` uploaded records used last, each until ``REPLAY_TTL`` seconds after its
#: last use, and as many finished tables' games read back from the database. A kept replay
#: holds each hand's first state and the game's actions: about 2 MB for the longest record the
#: server takes (300 KB, some 15,000 states; a table's game, some 50 KB), so some 35 MB at most.
REPLAYS_KEPT: Final = 16
REPLAY_TTL: Final = 600.0
#: The browser's cookie that tells one browser from another (one seat a browser).
BROWSER_COOKIE: Final = "pitch13_browser"
#: The headers of every HTTP answer: no script, style or connection but the server's own, no
#: framing by another site, no guessing of content types, no address sent to another site.
SECURITY_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        b" connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self';"
        b" object-src 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)

LOG: Final = logging.getLogger("examples.web")


#: Seconds before a bot's move that the database could not keep is tried again; doubled at
#: each failure, up to ``STORAGE_PAUSE_MAX``.
STORAGE_PAUSE: Final = 1.0
STORAGE_PAUSE_MAX: Final = 60.0


class _ClientFaults(logging.Filter):
    """Drops what uvicorn logs, with a traceback, of a client's own fault.

    A websocket frame that is not UTF-8: the connection is closed (code 1007), as for any junk.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Invalid UTF-8 sequence received from client")


#: Installed on uvicorn's log by :func:`make_app`.
CLIENT_FAULTS: Final = _ClientFaults()
#: A client that goes on flooding after this many refused messages is disconnected.
MAX_REFUSED: Final = 200
#: The most replies a connection's writer may have left to send: past them, the client reads
#: nothing of what it is sent and is closed (code 1008), so it holds no more memory.
MAX_UNSENT: Final = 100


def _abandoned(table: Table, now: float) -> bool:
    """Whether ``table`` is abandoned: no seated person connected to it for a while.

    For ``UNSTARTED_IDLE_LIMIT`` seconds before its start, or ``IDLE_LIMIT`` after it;
    spectators do not count.
    """
    limit = IDLE_LIMIT if table.started else UNSTARTED_IDLE_LIMIT
    return table.people_connected == 0 and now - table.last_active > limit


class Server:
    """The tables of one server, its database and the tasks that run its tables.

    Args:
        store: the database that keeps the tables (:class:`~examples.web.store.Store`).
        bot_delay: seconds a bot waits before it moves (0 in tests).
        turn_timeout: seconds a connected person may take over a move before a bot stands in
            (``None``: no limit).
        away_timeout: seconds the game waits for a seat whose person has no connection.
        rate: the messages a second a connection may send, after a first ``burst`` of them; the
            rest are refused (with one ``flood`` error), and a connection that goes on is closed.
        burst: see ``rate``.
        connections_an_address: the most websocket connections one client address may have open.
        uploads_a_minute: the replays one client address may upload in a minute.
        new_seed: where a table's secret seed comes from (:func:`pitch13.new_seed`;
            tests pass a fixed sequence, to play the same games again).
        review_budget: what each decision of a game's review may cost
            (:class:`~examples.web.review.Budget`).
        reviews_a_minute: the reviews one client address may start in a minute.
    """

    def __init__(
        self,
        *,
        store: Store,
        bot_delay: float,
        turn_timeout: float | None,
        away_timeout: float,
        rate: float,
        burst: int,
        connections_an_address: int = 16,
        uploads_a_minute: float = 6.0,
        new_seed: Callable[[], int] = pitch13.new_seed,
        review_budget: Budget | None = None,
        reviews_a_minute: float = 2.0,
    ) -> None:
        self.store = store
        self.new_seed = new_seed
        self.rate = rate
        self.burst = burst
        self.bot_delay = bot_delay
        self.turn_timeout = turn_timeout
        self.away_timeout = away_timeout
        self.connections_an_address = connections_an_address
        self.tables: dict[str, Table] = {}
        #: The open websocket connections of each client address.
        self.addresses: dict[str, int] = {}
        #: The replay uploads of each client address: a bucket of ``uploads_a_minute`` a minute.
        self.uploads: dict[str, _Bucket] = {}
        self.uploads_a_minute = uploads_a_minute
        #: One replay upload is worked on at a time (the others wait their turn); so is a
        #: finished table's replay read back from the database.
        self.replaying = asyncio.Semaphore(1)
        #: The records uploaded to the replay page, kept for their hands (by a random id).
        self.replays = ReplayCache()
        #: The replays of finished tables no longer in memory, read from the database (by table).
        self.kept_replays = ReplayCache()
        #: Runs the reviews of games, one at a time, in a process of its own.
        self.reviewer = Reviewer(review_budget or Budget())
        #: The reviews started by each client address: a bucket of ``reviews_a_minute`` a minute.
        self.review_buckets: dict[str, _Bucket] = {}
        self.reviews_a_minute = reviews_a_minute
        #: The reviews of finished tables not (yet) in the database: waiting, running or failed.
        self.table_reviews: dict[str, Job] = {}
        self._listeners: dict[str, set[asyncio.Event]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def restore(self, rows: list[TableRow] | None = None) -> int:
        """Take back every unfinished table the database keeps (or ``rows`` of it), its task started; how many.

        A table that no longer replays (a database written by something else) is logged and left.
        One not started whose owner holds no seat, which nobody could start (the server stopped
        between keeping a new table and seating its creator), is dropped.
        """
        restored = 0
        for row in self.store.unfinished() if rows is None else rows:
            try:
                table = Table.restore(row, self.store)
            except TableError as error:
                LOG.warning("table %s is not restored: %s", row.id, error)
                continue
            if not table.started and table.seats[table.owner_seat].kind is not Kind.PERSON:
                LOG.warning("table %s is dropped: it was kept before its creator was seated", row.id)
                with contextlib.suppress(StoreError):
                    self.store.drop_table(row.id)
                continue
            if table.state.is_over:
                table.keep_record()  # the server stopped between the last move and the record
            table.last_active = time.monotonic()
            self._add(table)
            restored += 1
        return restored

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self._listeners[table.id] = set()
        task = asyncio.get_running_loop().create_task(self._run(table))
        self._tasks.add(task)
        task.add_done_callback(self._ended)

    def open_table(
        self,
        rules: str,
        bots: str,
        seed: int | None,
        opener: str = "",
        *,
        owner_seat: int = 2,
        private: bool = False,
        multiple_seats: bool = False,
    ) -> Table:
        """A new table, kept in the database, with its task started; ``opener`` is the client's address.

        Raises:
            TableError: if a setting is wrong; ``too_many_tables`` if ``opener`` has opened
                ``TABLES_AN_ADDRESS`` tables that are not over, none of them abandoned (as
                :meth:`freeable` says: the one abandoned longest is closed to make room); ``full`` if the server holds
                ``MAX_TABLES`` tables, none of them finished or abandoned; ``storage`` if the
                database cannot keep it.
        """
        mine = [table for table in self.tables.values() if table.opener == opener and not table.state.is_over]
        room: Table | None = None
        if len(mine) >= TABLES_AN_ADDRESS:
            # One of its own tables that nobody plays at any more makes room, as on a full server
            # (closed once the new table's settings are known to be good).
            abandoned = [table for table in mine if _abandoned(table, time.monotonic())]
            if not abandoned:
                raise TableError(
                    "too_many_tables", f"one address may have {TABLES_AN_ADDRESS} tables in play"
                )
            room = min(abandoned, key=lambda table: table.last_active)
        table_id = secrets.token_hex(4)
        while table_id in self.tables:  # pragma: no cover - 4 bytes rarely repeat
            table_id = secrets.token_hex(4)
        table = Table(
            table_id,
            rules,
            bots,
            seed,
            owner_seat=owner_seat,
            private=private,
            multiple_seats=multiple_seats,
            secret=None if seed is not None else self.new_seed(),
        )
        if room is not None:
            self.close_table(room.id)
        elif len(self.tables) >= MAX_TABLES:
            freed = self.freeable()
            if freed is None:
                raise TableError("full", "the server has as many tables as it may hold")
            self.close_table(freed.id)
        table.opener = opener
        try:
            self.store.add_table(table.row())
        except StoreError as error:
            raise TableError("storage", f"the server cannot keep a new table: {error}") from None
        table.store = self.store
        self._add(table)
        return table

    def freeable(self) -> Table | None:
        """The table a new one may take the place of, or ``None``.

        A finished table first; else the one idle longest of those no seated person is
        connected to (spectators do not count) for ``UNSTARTED_IDLE_LIMIT`` seconds before the
        start or ``IDLE_LIMIT`` after it.
        """
        now = time.monotonic()
        over = [table for table in self.tables.values() if table.state.is_over]
        if over:
            return min(over, key=lambda table: table.last_active)
        idle = [table for table in self.tables.values() if _abandoned(table, now)]
        return min(idle, key=lambda table: table.last_active) if idle else None

    @property
    def running(self) -> int:
        """How many tables' tasks are running (a task a table until it closes or its game ends)."""
        return len(self._tasks)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """Forget a table's finished task, and log what stopped it if it failed."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            LOG.error("a table's task failed", exc_info=task.exception())

    def close_table(self, table_id: str) -> None:
        """Forget a table: its task ends, and its connections are closed by their writers.

        An unfinished table leaves the database too; a finished one's record stays there.
        """
        table = self.tables.pop(table_id, None)
        if table is not None and not table.state.is_over:
            try:
                self.store.drop_table(table_id)
            except StoreError as error:
                LOG.warning("table %s is closed but still kept: %s", table_id, error)
        for listener in self._listeners.pop(table_id, set()):
            listener.set()

    def changed(self, table: Table) -> None:
        """Wake the table's task and every connection's writer: the table has changed.

        A table closed meanwhile has nobody left to wake.
        """
        for listener in self._listeners.get(table.id, ()):
            listener.set()

    def listen(self, table: Table) -> asyncio.Event:
        """An event set whenever ``table`` changes or closes, for its task or a connection's writer."""
        event = asyncio.Event()
        event.set()
        self._listeners[table.id].add(event)
        return event

    def forget(self, table: Table, event: asyncio.Event) -> None:
        """Stop setting ``event`` (its connection has closed)."""
        self._listeners.get(table.id, set()).discard(event)

    async def _run(self, table: Table) -> None:
        """Move the game on until it is over: bots' moves and stand-ins for people out of time.

        A person's turn is timed from when it began: a bot moves for them ``turn_timeout``
        seconds after it, or ``away_timeout`` seconds after their last connection closed if that
        comes first (coming and going does not start the clock again).
        """
        changed = self.listen(table)
        pause = STORAGE_PAUSE  # before a move the database could not keep is tried again
        turn: tuple[int, int] | None = None  # the ply and seat of the turn being timed
        turn_began = 0.0
        while not table.state.is_over and table.id in self.tables:
            changed.clear()
            waiting = table.waiting_for()
            if waiting is None:
                await changed.wait()
                continue
            seat, person = waiting
            ply = table.state.ply
            if person:
                if turn != (ply, seat):
                    turn, turn_began = (ply, seat), time.monotonic()
                deadline = self._deadline(table, seat, turn_began)
                if deadline is None:
                    await changed.wait()
                    continue
                remaining = deadline - time.monotonic()
                if remaining > 0:
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(changed.wait(), remaining)
                    continue  # look again: the person moved, something changed, or time is up
            elif self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
                if table.state.ply != ply:
                    continue  # a move was made meanwhile: look again
            try:
                action = await asyncio.to_thread(table.bot_choice, seat, ply)
            except Exception:  # a bug of a bot's: logged, and tried again, so the table lives on
                LOG.exception(
                    "table %s: the bot of seat %d failed; it is tried again in %g s", table.id, seat, pause
                )
                await asyncio.sleep(pause)
                pause = min(2 * pause, STORAGE_PAUSE_MAX)
                continue
            if action is None:
                continue  # the turn ended while the bot was asked (the person moved): look again
            try:
                moved = table.bot_move(seat, action, ply)  # False if a move was made meanwhile
            except TableError as error:  # the database cannot keep it: the move waits, and so does the game
                LOG.error("table %s: %s; the move is tried again in %g s", table.id, error, pause)
                await asyncio.sleep(pause)
                pause = min(2 * pause, STORAGE_PAUSE_MAX)
                continue
            pause = STORAGE_PAUSE
            if moved:
                self.changed(table)

    def _deadline(self, table: Table, seat: int, turn_began: float) -> float | None:
        """When a bot moves for the person at ``seat``, whose turn began at ``turn_began``."""
        limits = [] if self.turn_timeout is None else [turn_began + self.turn_timeout]
        place = table.seats[seat]
        if place.connections == 0:
            limits.append(max(turn_began, place.away_since) + self.away_timeout)
        return min(limits) if limits else None

    async def shutdown(self) -> None:
        """Cancel every table's task, and stop the reviews."""
        await self.reviewer.shutdown()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _server(request: Request | WebSocket) -> Server:
    server = request.app.state.server
    assert isinstance(server, Server)
    return server


def _error(status: int, error: TableError) -> JSONResponse:
    return JSONResponse({"error": str(error), "code": error.code}, status_code=status)


def _record_error(error: TableError) -> JSONResponse:
    """A table's record, replay or review asked for, refused: the status for its code.

    404 for no such table, 409 for a game not over, 500 for a record kept that does not read.
    """
    return _error({"no_table": 404, "bad_record": 500}.get(error.code, 409), error)


def _seat_answer(table: Table, seat: int, token: str, *, owner: bool = False) -> JSONResponse:
    url = f"/table/{table.id}#seat={seat}&token={token}"
    answer: dict[str, object] = {"id": table.id, "seat": seat, "token": token, "url": url}
    if owner and table.invite is not None:
        answer["invite"] = f"/table/{table.id}#invite={table.invite}"
    return JSONResponse(answer, status_code=201)


def _address(connection: HTTPConnection) -> str:
    """The client's address ("" if the server does not know it)."""
    return connection.client.host if connection.client is not None else ""


def _browser(connection: HTTPConnection) -> str | None:
    """The hash of the browser's cookie (one seat a browser), ``None`` without one."""
    cookie = connection.cookies.get(BROWSER_COOKIE)
    if cookie is None or not 16 <= len(cookie) <= 64:
        return None
    return secret_hash(cookie)


def _flag(data: Message, key: str) -> bool:
    """The setting ``key`` of a request's body: ``true`` or ``false`` (the default)."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise TableError("bad_request", f"{key} is true or false")
    return value


async def _read_body(request: Request, limit: int) -> bytes:
    """The request's body, read until it passes ``limit`` bytes (then ``too_big``)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError("too_big", f"a request body is at most {limit:,} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _json_object(text: str | bytes, code: str, what: str) -> Message:
    """``text`` read as a JSON object, or :class:`TableError` ``code`` saying what ``what`` is."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        data = None
    if not isinstance(data, dict):
        raise TableError(code, f"{what} is a JSON object")
    return cast(Message, data)


async def _read_json(request: Request) -> Message:
    return _json_object(await _read_body(request, MAX_MESSAGE) or b"{}", "bad_request", "the body")


def _whole(value: object) -> object:
    """``value``, or the whole number it writes if it is a string of ASCII digits (a form's field)."""
    if isinstance(value, str) and len(value) < 40:
        text = value.strip()  # what strip drops (spaces, and a few control characters) int() keeps
        if text.isascii() and text.isdecimal():
            return int(text)
    return value


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: open a table and seat its creator."""
    server = _server(request)
    try:
        data = await _read_json(request)
        seed, seat = _whole(data.get("seed")), _whole(data.get("seat", 2))
        if seed == "":
            seed = None
        rules, bots = data.get("rules", "default"), data.get("bots", "simple")
        if (
            not isinstance(rules, str)
            or not isinstance(bots, str)
            or (seed is not None and type(seed) is not int)
        ):
            raise TableError("bad_request", "rules and bots are names, and a seed is a whole number or null")
        seat = check_seat(seat)
        private, multiple = _flag(data, "private"), _flag(data, "multiple_seats")
        table = server.open_table(
            rules, bots, seed, _address(request), owner_seat=seat, private=private, multiple_seats=multiple
        )
        try:
            token = table.take_seat(seat, browser=_browser(request), invite=table.invite)
        except TableError:  # the database could not keep the seat: a table nobody owns goes
            server.close_table(table.id)
            raise
    except TableError as error:
        return _error({"full": 503, "too_many_tables": 429, "storage": 503}.get(error.code, 400), error)
    server.changed(table)
    return _seat_answer(table, seat, token, owner=True)


async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: every table, its seats and where it stands."""
    tables: list[JSON] = [table.summary() for table in _server(request).tables.values() if not table.private]
    return JSONResponse({"tables": tables})


def _table(request: Request) -> Table:
    table = _server(request).tables.get(request.path_params["table_id"])
    if table is None:
        raise TableError("no_table", "there is no such table")
    return table


async def take_seat(request: Request) -> Response:
    """``POST /api/tables/{id}/seats/{seat}``: a person takes an open seat, before the start."""
    try:
        table = _table(request)
        try:
            data = await _read_json(request)
        except TableError:
            if table.invite is not None:  # a private table's existence is secret: not told by a 400
                raise TableError("no_table", "there is no such table") from None
            raise
        seat = _seat_number(request.path_params["seat"])
        token = table.take_seat(seat, browser=_browser(request), invite=data.get("invite"))
    except TableError as error:
        # A body that is not a JSON object, or too big, is a bad request, as when a table is opened.
        status = {"no_table": 404, "storage": 503, "too_big": 400, "bad_request": 400}.get(error.code, 409)
        return _error(status, error)
    _server(request).changed(table)
    return _seat_answer(table, check_seat(seat), token)  # a seat, as it was taken


def _seat_number(text: str) -> int | str:
    """The seat a path names, as a number read with no more digits than a seat has.

    Else the text, which :meth:`Table.take_seat` refuses (after a private table's invite).
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) < 5 else text


async def record(request: Request) -> Response:
    """``GET /api/tables/{id}/record.json`` (or ``.txt``): the finished game's record."""
    form = request.path_params["form"]
    if form not in ("json", "txt"):
        return JSONResponse(
            {"error": "a record is record.json or record.txt", "code": "not_found"}, status_code=404
        )
    table_id = request.path_params["table_id"]
    kept = _server(request).store.record(table_id, "json" if form == "json" else "text")
    if kept is not None:  # a finished game's record stays downloadable, its table gone or not
        text = kept
    else:
        try:
            text = _table(request).record("json" if form == "json" else "text")
        except TableError as error:
            return _record_error(error)
    media = "application/json" if form == "json" else "text/plain; charset=utf-8"
    headers = {"Content-Disposition": f'attachment; filename="pitch13-{table_id}.{form}"'}
    return Response(text, media_type=media, headers=headers)


class Kept:
    """A replay a :class:`ReplayCache` keeps, with its review (an upload's review is kept with it)."""

    __slots__ = ("replay", "review", "used")

    def __init__(self, used: float, replay: Replay) -> None:
        self.used = used
        self.replay = replay
        #: The game's review, once one is asked for: waiting, running, done or failed.
        self.review: Job | None = None


class ReplayCache:
    """The replays a server keeps by id: the ``size`` used last, each ``ttl`` seconds after its last use.

    The one used longest ago is forgotten first (an ``OrderedDict``, oldest first); one not
    used for ``ttl`` seconds is forgotten when the cache is next read or added to.
    """

    def __init__(self, size: int = REPLAYS_KEPT, ttl: float = REPLAY_TTL) -> None:
        self.size = size
        self.ttl = ttl
        self._kept: OrderedDict[str, Kept] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def _expire(self, now: float) -> None:
        while self._kept:
            key, kept = next(iter(self._kept.items()))
            if now - kept.used <= self.ttl:
                break
            del self._kept[key]

    def entry(self, key: str) -> Kept | None:
        """What is kept under ``key`` (now its last use), or ``None``."""
        now = time.monotonic()
        self._expire(now)
        kept = self._kept.get(key)
        if kept is None:
            return None
        kept.used = now
        self._kept.move_to_end(key)
        return kept

    def get(self, key: str) -> Replay | None:
        """The replay kept under ``key`` (now its last use), or ``None``."""
        kept = self.entry(key)
        return None if kept is None else kept.replay

    def put(self, key: str, replay: Replay) -> None:
        """Keep ``replay`` under ``key``, forgetting the one used longest ago if the cache is full."""
        now = time.monotonic()
        self._expire(now)
        self._kept[key] = Kept(now, replay)
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)


def _hand_number(text: str) -> int:
    """The hand number in a link (``no_hand`` unless it is a whole number)."""
    if not (text.isascii() and text.isdecimal() and len(text) <= 9):
        raise TableError("no_hand", f"a hand is a whole number, not {text[:20]!r}")
    return int(text)


async def _table_replay(server: Server, table_id: str) -> Replay:
    """A finished table's replay: its own, or one made from the record the database keeps.

    Raises:
        TableError: ``no_table`` if there is no such table, ``not_over`` before its end,
            ``bad_record`` if the record the database keeps of it does not read.
    """
    table = server.tables.get(table_id)
    if table is not None:
        return await asyncio.to_thread(table.replay)
    replay = server.kept_replays.get(table_id)
    if replay is not None:
        return replay
    kept = server.store.record(table_id, "json")
    if kept is None:
        raise TableError("no_table", "there is no such table")
    async with server.replaying:
        replay = server.kept_replays.get(table_id)  # made while this request waited its turn?
        if replay is None:
            try:
                replay = await asyncio.to_thread(_record_replay, kept.encode())
            except pitch13.DocumentError as error:  # a row this server did not write
                LOG.warning("table %s: the record kept of its game does not read: %s", table_id, error)
                raise TableError("bad_record", "the record kept of this game does not read") from None
            server.kept_replays.put(table_id, replay)
    return replay


async def table_replay(request: Request) -> Response:
    """``GET /api/tables/{id}/replay``: the finished game's hands, and the first one's frames."""
    server = _server(request)
    table_id = request.path_params["table_id"]
    try:
        replay = await _table_replay(server, table_id)
    except TableError as error:
        return _record_error(error)
    urls = f"/api/tables/{table_id}/replay/hands/", f"/api/tables/{table_id}/review"
    return await _index_answer(table_id, *urls, replay)


async def table_replay_hand(request: Request) -> Response:
    """``GET /api/tables/{id}/replay/hands/{n}``: the frames of the finished game's hand ``n``."""
    server = _server(request)
    table_id = request.path_params["table_id"]
    try:
        replay = await _table_replay(server, table_id)
    except TableError as error:
        return _record_error(error)
    return await _hand_answer(table_id, replay, request.path_params["number"])


async def upload_replay(request: Request) -> Response:
    """``POST /api/replay``: a record sent in the body (its JSON or text form), kept for its hands.

    An address may upload ``uploads_a_minute`` records a minute, and one upload is replayed at a
    time; a record is refused past ``MAX_RECORD`` bytes as it arrives, and past ``MAX_FRAMES``
    states before it is replayed. A record that replays is kept (:class:`ReplayCache`) under a
    new random id, which the answer gives with the game's hands and the first one's frames; the
    others are asked for one at a time (:func:`upload_replay_hand`).
    """
    server = _server(request)
    if not _allowed(server.uploads, _address(request), server.uploads_a_minute):
        limit = f"at most {server.uploads_a_minute:g} a minute"
        return _error(429, TableError("too_many_uploads", f"too many records uploaded: {limit}"))
    try:
        body = await _read_body(request, MAX_RECORD)
        async with server.replaying:
            replay = await asyncio.to_thread(_record_replay, body)
    except UnicodeDecodeError:
        return _error(400, TableError("bad_request", "a record is UTF-8 text"))
    except pitch13.DocumentError as error:
        return _error(400, TableError("bad_record", str(error)))
    except TableError as error:
        return _error(413, error)
    upload_id = secrets.token_urlsafe(12)
    server.replays.put(upload_id, replay)
    urls = f"/api/replay/{upload_id}/hands/", f"/api/replay/{upload_id}/review"
    return await _index_answer(upload_id, *urls, replay)


def _allowed(buckets: dict[str, _Bucket], address: str, a_minute: float) -> bool:
    """Whether ``address`` may do one more of what ``buckets`` counts (``a_minute``, 3 at once)."""
    bucket = buckets.get(address)
    if bucket is None:
        if len(buckets) > 10_000:  # forget the addresses whose buckets are full again
            for key in [key for key, kept in buckets.items() if kept.full()]:
                del buckets[key]
        bucket = buckets[address] = _Bucket(a_minute / 60, 3)
    return bucket.take()


def _no_upload(kept: ReplayCache) -> Response:
    why = f"the last {kept.size} uploaded are kept, each {kept.ttl / 60:g} minutes after its last use"
    message = f"no record uploaded is kept under this id ({why}): upload it again"
    return _error(404, TableError("no_replay", message))


async def upload_replay_hand(request: Request) -> Response:
    """``GET /api/replay/{id}/hands/{n}``: the frames of hand ``n`` of a record uploaded and kept."""
    upload_id = request.path_params["upload_id"]
    kept = _server(request).replays
    replay = kept.get(upload_id)
    if replay is None:
        return _no_upload(kept)
    return await _hand_answer(upload_id, replay, request.path_params["number"])


# --- reviews ------------------------------------------------------------------------------------


def _review_refused(server: Server, request: Request, replay: Replay) -> Response | None:
    """Why a new review of ``replay`` is refused (413, 503 or 429), or ``None``: it may start."""
    if replay.decisions > MAX_REVIEW_ACTIONS:
        limit = f"a game of {MAX_REVIEW_ACTIONS:,} moves at most is reviewed, not {replay.decisions:,}"
        return _error(413, TableError("too_long", limit))
    reviewer = server.reviewer
    if reviewer.waiting >= reviewer.max_waiting:
        busy = f"the server has {reviewer.waiting} reviews waiting their turn: ask again in a while"
        return _error(503, TableError("busy", busy))
    if not _allowed(server.review_buckets, _address(request), server.reviews_a_minute):
        limit = f"at most {server.reviews_a_minute:g} a minute"
        return _error(429, TableError("too_many_reviews", f"too many reviews started: {limit}"))
    return None


def _review_answer(server: Server, job: Job | None, replay: Replay, *, started: bool = False) -> Response:
    """How a review stands: ``none`` (never asked for), ``queued``, ``running``, ``error`` or ``done``.

    A review done comes with ``steps``: the step of the replay each of the game's seat actions
    leads to (a decision's ``index`` counts those actions), for the page to show its mark at.
    """
    if job is None:
        return JSONResponse({"state": "none"})
    if job.state == "done" and job.result is not None:
        return _review_done(job.result, replay)
    return JSONResponse(server.reviewer.state(job), status_code=202 if started or job.pending else 200)


def _review_done(review_json: str, replay: Replay) -> Response:
    steps = cast(list[JSON], replay.action_steps())
    return Response(done_answer(review_json, steps), media_type="application/json")


async def upload_review(request: Request) -> Response:
    """``GET`` (how it stands) or ``POST`` (start it) ``/api/replay/{id}/review``: an upload's review.

    A review done or under way is not started again; one that failed is. It is kept with the
    upload, and forgotten with it.
    """
    server = _server(request)
    kept = server.replays.entry(request.path_params["upload_id"])
    if kept is None:
        return _no_upload(server.replays)
    if request.method == "POST" and (kept.review is None or kept.review.state == "error"):
        record_json = await asyncio.to_thread(kept.replay.record.to_json)
        if kept.review is None or kept.review.state == "error":  # not started meanwhile
            refused = _review_refused(server, request, kept.replay)
            if refused is not None:
                return refused
            kept.review = server.reviewer.start(record_json)
            return _review_answer(server, kept.review, kept.replay, started=True)
    return _review_answer(server, kept.review, kept.replay)


def _keep_table_review(server: Server, table_id: str, job: Job) -> None:
    """A finished table's review has ended: a review done goes into the database."""
    if job.state == "done" and job.result is not None:
        try:
            server.store.add_review(table_id, job.result)
        except StoreError as error:
            LOG.warning("table %s: its review is not kept: %s", table_id, error)
            return  # served from memory
        if server.table_reviews.get(table_id) is job:
            del server.table_reviews[table_id]
    while len(server.table_reviews) > MAX_TABLES:  # failed reviews are forgotten, the oldest first
        oldest = next((key for key, other in server.table_reviews.items() if not other.pending), None)
        if oldest is None:
            break
        del server.table_reviews[oldest]


async def table_review(request: Request) -> Response:
    """``GET`` (how it stands) or ``POST`` (start it) ``/api/tables/{id}/review``: a finished game's review.

    A review done is kept in the database (with the game's record), and is there after a restart;
    one done or under way is not started again; one that failed is.
    """
    server = _server(request)
    table_id = request.path_params["table_id"]
    job = server.table_reviews.get(table_id)
    try:
        if job is None or job.state == "error":
            kept = server.store.review(table_id)
            if kept is not None:
                return _review_done(kept, await _table_replay(server, table_id))
        replay = await _table_replay(server, table_id)
    except TableError as error:
        return _record_error(error)
    if request.method == "POST" and (job is None or job.state == "error"):
        record_json: str | None = server.store.record(table_id, "json")
        if record_json is None:
            record_json = await asyncio.to_thread(replay.record.to_json)
        job = server.table_reviews.get(table_id)
        if job is None or job.state == "error":  # not started meanwhile
            kept = server.store.review(table_id)
            if kept is not None:  # done and kept meanwhile
                return _review_done(kept, replay)
            refused = _review_refused(server, request, replay)
            if refused is not None:
                return refused
            job = server.reviewer.start(record_json, lambda job: _keep_table_review(server, table_id, job))
            server.table_reviews[table_id] = job
            return _review_answer(server, job, replay, started=True)
    return _review_answer(server, job, replay)


async def _index_answer(replay_id: str, hands_url: str, review_url: str, replay: Replay) -> Response:
    """A replay's hands (:attr:`Replay.hands`), where to ask for each and for its review, the first one's frames."""
    frames = await asyncio.to_thread(replay.frames, replay.first_hand)
    answer: Message = {
        "id": replay_id,
        "hands_url": hands_url,
        "review_url": review_url,
        "first_hand": replay.first_hand,
        "states": replay.states,
        "over": replay.over,
        "hands": replay.hands,
        "hand": replay.first_hand,
        "frames": cast(JSON, frames),
    }
    return _json_answer(answer)


async def _hand_answer(replay_id: str, replay: Replay, number: str) -> Response:
    """The frames of hand ``number`` of ``replay`` (404 ``no_hand`` if it has no such hand)."""
    try:
        hand = _hand_number(number)
        frames = await asyncio.to_thread(replay.frames, hand)
    except TableError as error:
        return _error(404, error)
    return _json_answer({"id": replay_id, "hand": hand, "frames": cast(JSON, frames)})


def _json_answer(answer: Message) -> Response:
    """An answer as compact JSON (a hand's frames are repetitive)."""
    body = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
    return Response(body, media_type="application/json")


def _record_replay(body: bytes) -> Replay:
    """The :class:`Replay` of a record's JSON or text form (reading it replays it once more)."""
    text = body.decode("utf-8")
    # After a byte-order mark too, as pitch13 replay reads a record.
    is_json = text.lstrip("\ufeff \t\r\n").startswith("{")
    record = pitch13.GameRecord.from_json(text) if is_json else pitch13.GameRecord.from_text(text)
    return Replay(record)


def _page(request: Request, name: str) -> Response:
    """A page, with the browser's cookie set if it has none yet (one seat a browser)."""
    response = FileResponse(STATIC / name)
    if _browser(request) is None:
        response.set_cookie(
            BROWSER_COOKIE, secrets.token_urlsafe(18), max_age=400 * 86400, httponly=True, samesite="strict"
        )
    return response


async def replay_page(request: Request) -> Response:
    """``GET /replay`` and ``GET /replay/{id}``: the replay page."""
    return _page(request, "replay.html")


async def lobby(request: Request) -> Response:
    """``GET /``: the lobby page."""
    return _page(request, "index.html")


async def table_page(request: Request) -> Response:
    """``GET /table/{id}``: the table page (a seat's token is in the link's fragment)."""
    return _page(request, "table.html")


class Guard:
    """ASGI middleware: the security headers on every HTTP answer, no POST from another site.

    And, with ``allowed_hosts``, no request for a host name the server is not. A POST whose
    ``Origin`` names another site (:func:`same_origin`) is answered 403 before it reaches the
    app; websockets check their origin in :func:`play`. With ``allowed_hosts``, a request or
    websocket whose ``Host`` names none of them is refused (400, ``bad_host``; a websocket is
    closed before it is accepted): a page of another site whose name was made to point at this
    server (DNS rebinding) names its own host, and so cannot use the server as its own origin.
    """

    def __init__(self, app: ASGIApp, allowed_hosts: Collection[str] | None = None) -> None:
        self.app = app
        self.allowed_hosts = None if allowed_hosts is None else frozenset(h.lower() for h in allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one HTTP request (or pass a websocket on), guarded."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        # The URL's host name is the Host header's, without its port, in lower case.
        if self.allowed_hosts is not None and HTTPConnection(scope).url.hostname not in self.allowed_hosts:
            if scope["type"] == "websocket":
                await WebSocket(scope, receive, send).close(code=1008, reason="another host name")
                return
            refusal = {"error": "a request for a host name this server does not answer", "code": "bad_host"}
            await JSONResponse(refusal, status_code=400, headers=_headers())(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        if scope["method"] == "POST" and not same_origin(HTTPConnection(scope)):
            refusal = {"error": "a request from another site's page", "code": "cross_site"}
            await JSONResponse(refusal, status_code=403, headers=_headers())(scope, receive, send)
            return

        async def send_guarded(message: ASGIMessage) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_guarded)


def _headers() -> dict[str, str]:
    return {name.decode(): value.decode() for name, value in SECURITY_HEADERS}


class _Bucket:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    __slots__ = ("burst", "level", "rate", "refused", "when")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.level = self.burst
        self.when = time.monotonic()
        self.refused = 0

    def full(self) -> bool:
        """Whether the bucket has filled up again (its owner has been quiet)."""
        return self.level + (time.monotonic() - self.when) * self.rate >= self.burst

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.when) * self.rate)
        self.when = now
        if self.level >= 1.0:
            self.level -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False


def _parse(frame: Mapping[str, object]) -> Message:
    """The message in a websocket frame, or :class:`TableError`."""
    text = frame.get("text")
    if text is None:
        raise TableError("bad_message", "messages are JSON text frames")
    assert isinstance(text, str)
    if len(text) > MAX_MESSAGE:
        raise TableError("too_big", f"a message is at most {MAX_MESSAGE} characters")
    data = _json_object(text, "bad_message", "a message")
    if not isinstance(data.get("type"), str):
        raise TableError("bad_message", 'a message is a JSON object with a "type"')
    return data


async def _writer(
    websocket: WebSocket,
    server: Server,
    table: Table,
    client: Client,
    wake: asyncio.Event,
    replies: list[Message],
) -> None:
    """Send ``client`` what is new whenever the table changes, and the reader's replies.

    If sending fails (the connection is gone) or a message cannot be made, the connection is
    closed, which ends its reader too; so it is when the table is closed (freed for another),
    after a ``no_table`` error that tells the page.
    """
    try:
        while True:
            await wake.wait()
            wake.clear()
            outgoing, replies[:] = [*replies], []
            left = bool(outgoing) and outgoing[-1].get("type") == "left"
            gone = table.id not in server.tables
            if gone:
                outgoing.append(TableError("no_table", "the table was closed").message())
            elif not left and not table.holds(client):
                gone = True
                outgoing.append(TableError("bad_token", "the seat was given up").message())
            else:
                outgoing.extend(table.updates(client))
            for message in outgoing:
                await websocket.send_text(json.dumps(message, ensure_ascii=False, separators=(",", ":")))
            if gone or left:
                await websocket.close(code=1000)
                return
    except Exception:
        LOG.debug("a connection's writer stopped", exc_info=True)
        with contextlib.suppress(Exception):
            await websocket.close(code=1011)


def same_origin(connection: HTTPConnection) -> bool:
    """Whether a request comes from the server's own pages, or from no page at all.

    A browser names the page's origin in the ``Origin`` header of a websocket's opening and of
    a POST; one that names another site is refused, so that no other site can make a
    visitor's browser open a table, take a seat or play. A client that is not a browser sends
    no ``Origin``.
    """
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    host = connection.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")


async def play(websocket: WebSocket) -> None:
    """``/ws/{id}``: one person's (or spectator's) connection to a table.

    The connection counts against its address's limit from when it is accepted, and against its
    table's (``MAX_SPECTATORS``, ``MAX_SEAT_CONNECTIONS``) once it has joined.
    """
    server = _server(websocket)
    if not same_origin(websocket):
        await websocket.close(code=1008, reason="another site's page")
        return
    await websocket.accept()
    table = server.tables.get(websocket.path_params["table_id"])
    address = _address(websocket)
    if server.addresses.get(address, 0) >= server.connections_an_address:
        limit = f"one address may have {server.connections_an_address} connections open"
        await _send_and_close(websocket, TableError("too_many_connections", limit).message())
        return
    server.addresses[address] = server.addresses.get(address, 0) + 1
    try:
        if table is None:  # told after the join, as a private table's join without its invite is
            with contextlib.suppress(asyncio.TimeoutError, WebSocketDisconnect):
                await asyncio.wait_for(websocket.receive(), JOIN_TIMEOUT)
            await _send_and_close(websocket, TableError("no_table", "there is no such table").message())
        else:
            await _join_and_serve(websocket, server, table)
    finally:
        left = server.addresses[address] - 1
        if left:
            server.addresses[address] = left
        else:
            del server.addresses[address]


async def _join_and_serve(websocket: WebSocket, server: Server, table: Table) -> None:
    """Wait for the connection's ``join``, then serve it until it closes."""
    try:
        try:
            frame = await asyncio.wait_for(websocket.receive(), JOIN_TIMEOUT)
        except asyncio.TimeoutError:
            raise TableError("bad_message", f"no join within {JOIN_TIMEOUT:g} seconds") from None
        if frame["type"] == "websocket.disconnect":
            return
        first = _parse(frame)
        if first["type"] != "join":
            raise TableError("bad_message", 'the first message is {"type": "join"}')
        token = first.get("token")
        if token is None:
            table.check_invite(first.get("invite"))
        try:
            seat = None if token is None else table.seat_of(token)
        except TableError:
            if table.invite is None:
                raise
            raise TableError("no_table", "there is no such table") from None  # its existence is secret
        if table.id not in server.tables:  # freed for another while the join was awaited
            raise TableError("no_table", "the table was closed")
        if seat is None and table.spectators >= MAX_SPECTATORS:
            raise TableError("table_full", f"a table takes {MAX_SPECTATORS} spectators at most")
        if seat is not None and table.seats[seat].connections >= MAX_SEAT_CONNECTIONS:
            limit = f"a seat may have {MAX_SEAT_CONNECTIONS} connections open: close one of its pages"
            raise TableError("too_many_connections", limit)
    except TableError as error:
        await _send_and_close(websocket, error.message())
        return
    except WebSocketDisconnect:
        return
    client = Client(seat, None if seat is None else table.seats[seat].token_hash)
    replies: list[Message] = [table.welcome(seat)]
    table.connected(seat, 1)
    server.changed(table)
    wake = server.listen(table)
    writer = asyncio.get_running_loop().create_task(_writer(websocket, server, table, client, wake, replies))
    left = False
    try:
        left = await _reader(websocket, server, table, client, wake, replies)
    finally:
        if left:  # the writer sends ``left``, then closes the connection
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(writer, 5)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
        server.forget(table, wake)
        table.connected(client.seat, -1)
        if table.id in server.tables:
            server.changed(table)


async def _reader(
    websocket: WebSocket,
    server: Server,
    table: Table,
    client: Client,
    wake: asyncio.Event,
    replies: list[Message],
) -> bool:
    """Answer every message of a connection until it closes; whether it gave up its seat."""
    bucket = _Bucket(server.rate, server.burst)
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return False
        if len(replies) >= MAX_UNSENT:  # its writer cannot send: the client reads nothing
            await websocket.close(code=1008, reason="not reading")
            return False
        if not bucket.take():
            if bucket.refused == 1:
                replies.append(
                    TableError("flood", f"too many messages: at most {server.rate:g} a second").message()
                )
                wake.set()
            if bucket.refused >= MAX_REFUSED:
                await websocket.close(code=1008, reason="flood")
                return False
            continue
        seat = client.seat
        try:
            message = _parse(frame)
            kind = message["type"]
            if not table.holds(client):  # another connection gave the seat up
                raise TableError("bad_token", "the seat was given up")
            if kind == "move":
                table.move(seat, message)
                server.changed(table)
            elif kind == "start":
                table.start(seat)
                server.changed(table)
            elif kind == "leave":
                table.leave(seat)
                replies.append({"type": "left", "seat": seat})
                server.changed(table)
                return True
            elif kind == "ping":
                replies.append({"type": "pong"})
                wake.set()
            else:
                raise TableError("bad_message", f"unknown message type {str(kind)[:40]!r}")
        except TableError as error:
            replies.append(error.message())
            wake.set()


async def _send_and_close(websocket: WebSocket, message: Message) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps(message))
        await websocket.close(code=1008)


def make_app(
    *,
    bot_delay: float = 0.6,
    turn_timeout: float | None = 120.0,
    away_timeout: float = 15.0,
    rate: float = 10.0,
    burst: int = 30,
    db: str | Path = ":memory:",
    allowed_hosts: Collection[str] | None = None,
    connections_an_address: int = 16,
    uploads_a_minute: float = 6.0,
    new_seed: Callable[[], int] = pitch13.new_seed,
    review_samples: int = REVIEW_SAMPLES,
    review_time: float | None = REVIEW_TIME,
    reviews_a_minute: float = 2.0,
) -> Starlette:
    """The web table's ASGI app.

    Args:
        bot_delay: seconds a bot waits before each move, so that people can follow (0: at once).
        turn_timeout: seconds a person may think before a bot moves for them (``None``: forever).
        away_timeout: seconds the game waits for a person whose connection is gone before a bot
            moves for them (they can come back with their seat's link).
        rate: the messages a second one connection may send once it has sent ``burst`` at once;
            more are refused, and a connection that floods on is closed (code 1008).
        burst: see ``rate``.
        db: the SQLite database that keeps the tables (``":memory:"``: none is kept); on start,
            every unfinished table it holds is taken back.
        allowed_hosts: the host names requests may name (``Host``), or ``None`` for any.
        connections_an_address: the most websocket connections one client address may have open.
        uploads_a_minute: the records one client address may upload to the replay page a minute.
        new_seed: where each table's secret seed comes from (default
            :func:`pitch13.new_seed`; a test passes a fixed sequence).
        review_samples: the deals drawn for each decision of a game's review (the library's
            default, 16; :func:`pitch13.analysis.review`).
        review_time: the CPU seconds each decision of a review may take (the library's default,
            0.15; ``None``: ``review_samples`` alone bounds it).
        reviews_a_minute: the reviews one client address may start a minute.

    Raises:
        StoreError: if ``db`` cannot be used as the web table's database.
    """
    logging.getLogger("uvicorn.error").addFilter(CLIENT_FAULTS)  # once: a filter is added once
    store = Store(db)
    rows = store.unfinished()  # read now, so that a database that cannot be read stops the start
    server = Server(
        store=store,
        bot_delay=bot_delay,
        turn_timeout=turn_timeout,
        away_timeout=away_timeout,
        rate=rate,
        burst=burst,
        connections_an_address=connections_an_address,
        uploads_a_minute=uploads_a_minute,
        new_seed=new_seed,
        review_budget=Budget(review_samples, review_time, REVIEW_SEED),
        reviews_a_minute=reviews_a_minute,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        restored = server.restore(rows)
        if restored:
            LOG.info("%d unfinished table(s) taken back from %s", restored, server.store.path)
        yield
        await server.shutdown()
        server.store.close()

    app = Starlette(
        routes=[
            Route("/", lobby),
            Route("/table/{table_id}", table_page),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/tables/{table_id}/seats/{seat}", take_seat, methods=["POST"]),
            Route("/api/tables/{table_id}/record.{form:str}", record, methods=["GET"]),
            Route("/api/tables/{table_id}/replay", table_replay, methods=["GET"]),
            Route("/api/tables/{table_id}/replay/hands/{number}", table_replay_hand, methods=["GET"]),
            Route("/api/tables/{table_id}/review", table_review, methods=["GET", "POST"]),
            Route("/api/replay", upload_replay, methods=["POST"]),
            Route("/api/replay/{upload_id}/hands/{number}", upload_replay_hand, methods=["GET"]),
            Route("/api/replay/{upload_id}/review", upload_review, methods=["GET", "POST"]),
            Route("/replay", replay_page),
            Route("/replay/{table_id}", replay_page),
            WebSocketRoute("/ws/{table_id}", play),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
        middleware=[Middleware(Guard, allowed_hosts=allowed_hosts)],
        # Starlette answers an error it did not expect outside every middleware: this answer
        # carries the security headers itself (the error is still logged with its traceback).
        exception_handlers={500: _server_error, StoreError: _storage_error, ClientDisconnect: _gone},
    )
    app.state.server = server
    return app


async def _storage_error(request: Request, error: Exception) -> Response:
    """The answer when the database cannot be read (a file corrupted or taken away): a 503."""
    LOG.warning("%s %s: %s", request.method, request.url.path, error)
    refusal = {"error": "the server cannot read its database", "code": "storage"}
    return JSONResponse(refusal, status_code=503)


async def _gone(request: Request, error: Exception) -> Response:
    """A client that left before its request's body was sent: nothing to answer, nothing to log."""
    return Response(status_code=400)


async def _server_error(request: Request, error: Exception) -> Response:
    """The answer to an error the app did not expect (a bug): a 500, with the security headers."""
    refusal = {"error": "the server failed to answer", "code": "server_error"}
    return JSONResponse(refusal, status_code=500, headers=_headers())
