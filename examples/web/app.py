"""The web table's ASGI app: HTTP for the lobby and the records, a websocket for each player.

:func:`make_app` builds it; ``python -m examples.web`` serves it with uvicorn. Each table has one
task that moves the game on: it lets the bots play (after ``bot_delay`` seconds, so that people
can follow), and lets a bot stand in for a person who has not moved within ``turn_timeout``
seconds of the turn's start (or ``away_timeout`` seconds after their last connection closed).
The deals need no task: a hand is dealt in the step that ends the one before. Each
connection has a reader, which answers every message (an error for anything wrong, which changes
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
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Final, cast

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import pitch13
from examples.web.table import JSON, MAX_MESSAGE, Client, Message, Table, TableError, replay_frames

STATIC: Final = Path(__file__).parent / "static"
#: The most tables a server keeps. When it is full, a new table takes the place of a finished
#: or abandoned one (no connection for ``IDLE_LIMIT`` seconds), the longest idle first.
MAX_TABLES: Final = 200
IDLE_LIMIT: Final = 600.0
#: The most unfinished tables one client address may have opened.
TABLES_AN_ADDRESS: Final = 5
#: The most connections a table takes (people and spectators), and the seconds a new
#: connection has to send its ``join``.
MAX_CONNECTIONS: Final = 64
JOIN_TIMEOUT: Final = 10.0
#: The largest record the replay page takes, in bytes (a whole game's is some tens of kilobytes).
MAX_RECORD: Final = 1_000_000

LOG: Final = logging.getLogger("examples.web")
#: A client that goes on flooding after this many refused messages is disconnected.
MAX_REFUSED: Final = 200


class Server:
    """The tables of one server and the tasks that run them.

    Args:
        bot_delay: seconds a bot waits before it moves (0 in tests).
        turn_timeout: seconds a connected person may take over a move before a bot stands in
            (``None``: no limit).
        away_timeout: seconds the game waits for a seat whose person has no connection.
        rate: the messages a second a connection may send, after a first ``burst`` of them; the
            rest are refused (with one ``flood`` error), and a connection that goes on is closed.
        burst: see ``rate``.
    """

    def __init__(
        self, *, bot_delay: float, turn_timeout: float | None, away_timeout: float, rate: float, burst: int
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.bot_delay = bot_delay
        self.turn_timeout = turn_timeout
        self.away_timeout = away_timeout
        self.tables: dict[str, Table] = {}
        self._listeners: dict[str, set[asyncio.Event]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def open_table(self, rules: str, bots: str, seed: int | None, opener: str = "") -> Table:
        """A new table, with its task started; ``opener`` is the client's address.

        Raises:
            TableError: if a setting is wrong; ``too_many_tables`` if ``opener`` has opened
                ``TABLES_AN_ADDRESS`` tables that are not over; ``full`` if the server holds
                ``MAX_TABLES`` tables, none of them finished or abandoned.
        """
        mine = [table for table in self.tables.values() if table.opener == opener and not table.state.is_over]
        if len(mine) >= TABLES_AN_ADDRESS:
            raise TableError("too_many_tables", f"one address may have {TABLES_AN_ADDRESS} tables in play")
        if len(self.tables) >= MAX_TABLES:
            now = time.monotonic()
            idle = [
                table
                for table in self.tables.values()
                if table.state.is_over or (table.connections == 0 and now - table.last_active > IDLE_LIMIT)
            ]
            if not idle:
                raise TableError("full", "the server has as many tables as it may hold")
            self.close_table(min(idle, key=lambda table: table.last_active).id)
        table_id = secrets.token_hex(4)
        while table_id in self.tables:  # pragma: no cover - 4 bytes rarely repeat
            table_id = secrets.token_hex(4)
        table = Table(table_id, rules, bots, seed)
        table.opener = opener
        self.tables[table_id] = table
        self._listeners[table_id] = set()
        task = asyncio.get_running_loop().create_task(self._run(table))
        self._tasks.add(task)
        task.add_done_callback(self._ended)
        return table

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
        """Forget a table: its task ends, and its connections are left to close."""
        self.tables.pop(table_id, None)
        for listener in self._listeners.pop(table_id, set()):
            listener.set()

    def changed(self, table: Table) -> None:
        """Wake the table's task and every connection's writer: the table has changed."""
        for listener in self._listeners[table.id]:
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
            action, seen_ply = await asyncio.to_thread(table.bot_choice, seat)
            if table.bot_move(seat, action, seen_ply):  # refused if a move was made meanwhile
                self.changed(table)

    def _deadline(self, table: Table, seat: int, turn_began: float) -> float | None:
        """When a bot moves for the person at ``seat``, whose turn began at ``turn_began``."""
        limits = [] if self.turn_timeout is None else [turn_began + self.turn_timeout]
        place = table.seats[seat]
        if place.connections == 0:
            limits.append(max(turn_began, place.away_since) + self.away_timeout)
        return min(limits) if limits else None

    async def shutdown(self) -> None:
        """Cancel every table's task."""
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


def _seat_answer(table: Table, seat: int, token: str) -> JSONResponse:
    url = f"/table/{table.id}#seat={seat}&token={token}"
    return JSONResponse({"id": table.id, "seat": seat, "token": token, "url": url}, status_code=201)


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
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdecimal() and len(value) < 40:
        return int(value)
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
        if type(seat) is not int or not 0 <= seat <= 3:
            raise TableError("bad_request", "a seat is 0 to 3")
        opener = request.client.host if request.client is not None else ""
        table = server.open_table(rules, bots, seed, opener)
    except TableError as error:
        return _error({"full": 503, "too_many_tables": 429}.get(error.code, 400), error)
    token = table.take_seat(seat)
    server.changed(table)
    return _seat_answer(table, seat, token)


async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: every table, its seats and where it stands."""
    tables: list[JSON] = [table.summary() for table in _server(request).tables.values()]
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
        seat = request.path_params["seat"]
        token = table.take_seat(seat)
    except TableError as error:
        return _error({"no_table": 404, "seat_taken": 409, "started": 409}.get(error.code, 400), error)
    _server(request).changed(table)
    return _seat_answer(table, seat, token)


async def record(request: Request) -> Response:
    """``GET /api/tables/{id}/record.json`` (or ``.txt``): the finished game's record."""
    form = request.path_params["form"]
    if form not in ("json", "txt"):
        return JSONResponse(
            {"error": "a record is record.json or record.txt", "code": "not_found"}, status_code=404
        )
    try:
        table = _table(request)
        text = table.record("json" if form == "json" else "text")
    except TableError as error:
        return _error(404 if error.code == "no_table" else 409, error)
    media = "application/json" if form == "json" else "text/plain; charset=utf-8"
    headers = {"Content-Disposition": f'attachment; filename="pitch13-{table.id}.{form}"'}
    return Response(text, media_type=media, headers=headers)


async def table_replay(request: Request) -> Response:
    """``GET /api/tables/{id}/replay.json``: the finished game's frames for the replay page."""
    try:
        table = _table(request)
        frames = await asyncio.to_thread(table.replay)
    except TableError as error:
        return _error(404 if error.code == "no_table" else 409, error)
    return JSONResponse({"id": table.id, "frames": frames})


async def upload_replay(request: Request) -> Response:
    """``POST /api/replay``: the frames of a record sent in the body (its JSON or text form)."""
    try:
        body = await _read_body(request, MAX_RECORD)
        frames = await asyncio.to_thread(_record_frames, body)
    except UnicodeDecodeError:
        return _error(400, TableError("bad_request", "a record is UTF-8 text"))
    except pitch13.DocumentError as error:
        return _error(400, TableError("bad_record", str(error)))
    except TableError as error:
        return _error(413, error)
    return JSONResponse({"id": None, "frames": frames})


def _record_frames(body: bytes) -> list[Message]:
    """The replay frames of a record's JSON or text form (reading it replays it once more)."""
    text = body.decode("utf-8")
    is_json = text.lstrip().startswith("{")
    record = pitch13.GameRecord.from_json(text) if is_json else pitch13.GameRecord.from_text(text)
    return replay_frames(record)


async def replay_page(request: Request) -> Response:
    """``GET /replay`` and ``GET /replay/{id}``: the replay page."""
    return FileResponse(STATIC / "replay.html")


async def lobby(request: Request) -> Response:
    """``GET /``: the lobby page."""
    return FileResponse(STATIC / "index.html")


async def table_page(request: Request) -> Response:
    """``GET /table/{id}``: the table page (a seat's token is in the link's fragment)."""
    return FileResponse(STATIC / "table.html")


class _Bucket:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    __slots__ = ("burst", "level", "rate", "refused", "when")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.level = self.burst
        self.when = time.monotonic()
        self.refused = 0

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
    websocket: WebSocket, table: Table, client: Client, wake: asyncio.Event, replies: list[Message]
) -> None:
    """Send ``client`` what is new whenever the table changes, and the reader's replies.

    If sending fails (the connection is gone) or a message cannot be made, the connection is
    closed, which ends its reader too.
    """
    try:
        while True:
            await wake.wait()
            wake.clear()
            outgoing, replies[:] = [*replies], []
            outgoing.extend(table.updates(client))
            for message in outgoing:
                await websocket.send_text(json.dumps(message, ensure_ascii=False, separators=(",", ":")))
    except Exception:
        LOG.debug("a connection's writer stopped", exc_info=True)
        with contextlib.suppress(Exception):
            await websocket.close(code=1011)


async def play(websocket: WebSocket) -> None:
    """``/ws/{id}``: one person's (or spectator's) connection to a table."""
    server = _server(websocket)
    await websocket.accept()
    table = server.tables.get(websocket.path_params["table_id"])
    if table is None:
        await _send_and_close(websocket, TableError("no_table", "there is no such table").message())
        return
    try:
        if table.connections >= MAX_CONNECTIONS:
            raise TableError("table_full", f"a table takes {MAX_CONNECTIONS} connections at most")
        try:
            frame = await asyncio.wait_for(websocket.receive(), JOIN_TIMEOUT)
        except asyncio.TimeoutError:
            raise TableError("bad_message", f"no join within {JOIN_TIMEOUT:g} seconds") from None
        first = _parse(frame)
        if first["type"] != "join":
            raise TableError("bad_message", 'the first message is {"type": "join"}')
        token = first.get("token")
        seat = None if token is None else table.seat_of(token)
    except TableError as error:
        await _send_and_close(websocket, error.message())
        return
    except WebSocketDisconnect:
        return
    client = Client(seat)
    replies: list[Message] = [{"type": "welcome", "table": table.id, "seat": seat}]
    table.connected(seat, 1)
    server.changed(table)
    wake = server.listen(table)
    writer = asyncio.get_running_loop().create_task(_writer(websocket, table, client, wake, replies))
    try:
        await _reader(websocket, server, table, seat, wake, replies)
    finally:
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
        server.forget(table, wake)
        table.connected(seat, -1)
        if table.id in server.tables:
            server.changed(table)


async def _reader(
    websocket: WebSocket,
    server: Server,
    table: Table,
    seat: int | None,
    wake: asyncio.Event,
    replies: list[Message],
) -> None:
    """Answer every message of a connection until it closes."""
    bucket = _Bucket(server.rate, server.burst)
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        if not bucket.take():
            if bucket.refused == 1:
                replies.append(
                    TableError("flood", f"too many messages: at most {server.rate:g} a second").message()
                )
                wake.set()
            if bucket.refused >= MAX_REFUSED:
                await websocket.close(code=1008, reason="flood")
                return
            continue
        try:
            message = _parse(frame)
            kind = message["type"]
            if kind == "move":
                table.move(seat, message)
                server.changed(table)
            elif kind == "start":
                table.start(seat)
                server.changed(table)
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
    """
    server = Server(
        bot_delay=bot_delay, turn_timeout=turn_timeout, away_timeout=away_timeout, rate=rate, burst=burst
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await server.shutdown()

    app = Starlette(
        routes=[
            Route("/", lobby),
            Route("/table/{table_id}", table_page),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/tables/{table_id}/seats/{seat:int}", take_seat, methods=["POST"]),
            Route("/api/tables/{table_id}/record.{form:str}", record, methods=["GET"]),
            Route("/api/tables/{table_id}/replay.json", table_replay, methods=["GET"]),
            Route("/api/replay", upload_replay, methods=["POST"]),
            Route("/replay", replay_page),
            Route("/replay/{table_id}", replay_page),
            WebSocketRoute("/ws/{table_id}", play),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app
