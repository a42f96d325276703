"""What one game costs the web table's server: messages, bytes per seat, and CPU time.

Run it with ``python benchmarks/web.py`` after ``python -m pip install -e '.[webtest]'``. The
server is ``python -m examples.web`` in a process of its own (bots without delay), so that its
CPU time (user + system, read from ``/proc``: Linux only) is the server's alone; the players are
websocket clients in this process, each keeping its copy of its view as the page does and moving
as soon as it is its turn, with a SimpleBot reading that copy (:meth:`pitch13.SeatView.from_dict`).
Two fixed workloads, on seeded deals, medians over ``--games`` games:

1. **four people**: four clients hold the four seats; the server only checks and relays moves;
2. **one person, three bots**: one client; the server also plays three SimpleBots.

For each: hands a game, messages and bytes (of JSON text) each connection received, and the
server's CPU time a game and a move. The server's start (its imports) is not counted.

``--tables N`` measures the server under load instead: N tables at once, each with one person
(a websocket client moving as a SimpleBot, at once) and three of the server's bots, played to
their ends; it prints the move latency (from a client's move sent to the view that shows it
received: median and 99th percentile) and the server's memory a table (its resident size while
the N games are in play, less its size before, over N).

``--url URL`` plays against a server already running there instead (``.ci/run`` starts one with
the README's command): four clients, the first workload, each sending no more than the
server's default rate of messages; each game's record must replay to its end. No CPU time is
read then, and the deals are the server's secret seeds.

The server this script starts deals table ``k``'s hands from seed ``k`` (``--serve``, a launcher
of the app with fixed seeds), so that its workloads are the same from run to run; a server
people play on draws a secret seed a table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from websockets.sync.client import ClientConnection, connect

import pitch13

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # for examples.web, which the server runs from the repository
from examples.web.table import JSON, apply_view_message  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_of(pid: int) -> float:
    """The CPU seconds (user + system) process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def post(url: str, body: dict[str, object] | None = None) -> dict[str, object]:
    data = json.dumps(body or {}).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        result: dict[str, object] = json.load(answer)
    return result


class Seat:
    """One player's connection, counting what it receives."""

    def __init__(self, socket: ClientConnection, token: str, seed: int) -> None:
        self.socket = socket
        self.messages = 0
        self.bytes = 0
        self.view: dict[str, JSON] | None = None
        self.legal: list[str] = []
        self.over = False
        self.bot = pitch13.bots.SimpleBot(seed)
        self.sent = 0.0  # when it last sent a message (time.monotonic)
        socket.send(json.dumps({"type": "join", "token": token}))

    def move(self, gap: float) -> None:
        """Send the bot's choice from the copy of the view, ``gap`` seconds after its last message."""
        assert self.view is not None
        action = self.bot.choose(pitch13.SeatView.from_dict(self.view))
        time.sleep(max(0.0, self.sent + gap - time.monotonic()))
        self.socket.send(json.dumps({"type": "move", "action": str(action), "ply": self.view["ply"]}))
        self.sent = time.monotonic()

    def read(self, timeout: float) -> dict[str, object]:
        """The next message, counted (``TimeoutError`` if none comes within ``timeout``)."""
        text = self.socket.recv(timeout=timeout)
        assert isinstance(text, str)
        self.messages += 1
        self.bytes += len(text.encode())
        message: dict[str, object] = json.loads(text)
        if message["type"] == "view":
            legal = message["legal"]
            assert isinstance(legal, list)
            self.legal = [action for action, _ in legal]
            self.view = apply_view_message(self.view, message)  # type: ignore[arg-type]
        elif message["type"] == "table":
            self.over = bool(message["over"])
        elif message["type"] == "error":
            raise RuntimeError(f"the server refused a move: {message}")
        return message


def one_game(base: str, people: int, seed: int, pid: int | None, gap: float = 0.0) -> dict[str, float]:
    """Play one game with ``people`` clients (the rest bots); what it cost the server.

    Each client sends a move at most every ``gap`` seconds, and moves as a SimpleBot seeded
    from ``seed``. The server's CPU time is read if its ``pid`` is given (else it is 0).
    """
    created = post(f"{base}/api/tables", {"seat": 0, "multiple_seats": True})
    table_id, tokens = str(created["id"]), [str(created["token"])]
    tokens += [str(post(f"{base}/api/tables/{table_id}/seats/{seat}")["token"]) for seat in range(1, people)]
    ws = base.replace("http", "ws", 1)
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(f"{ws}/ws/{table_id}", max_size=2**22)) for _ in tokens]
        seats = [
            Seat(sock, token, seed * 4 + i)
            for i, (sock, token) in enumerate(zip(sockets, tokens, strict=True))
        ]
        started = 0.0 if pid is None else cpu_of(pid)
        seats[0].socket.send(json.dumps({"type": "start"}))
        moves = 0
        while not all(seat.over for seat in seats):
            # Each client reads what it has been sent; the one whose turn it is moves.
            quiet = True
            for seat in seats:
                try:
                    message = seat.read(timeout=0)
                except TimeoutError:
                    continue
                quiet = False
                if message["type"] == "view" and seat.legal and not seat.over:
                    seat.move(gap)
                    moves += 1
            if quiet:
                time.sleep(0.0002)
        cost = 0.0 if pid is None else cpu_of(pid) - started
        with urllib.request.urlopen(f"{base}/api/tables/{table_id}/record.json") as answer:
            record = pitch13.GameRecord.from_json(answer.read())
        if not pitch13.replay(record)[-1].is_over:
            raise RuntimeError(f"the record of table {table_id} does not replay to the game's end")
        return {
            "hands": len(record.hands),
            "moves": moves,
            "cpu": cost,
            "messages": statistics.mean(seat.messages for seat in seats),
            "bytes": statistics.mean(seat.bytes for seat in seats),
        }


def serve(port: int) -> None:
    """The web table on ``port``, table ``k`` dealt from seed ``k`` (bots at once, no rate limit)."""
    import uvicorn

    from examples.web import app as web_app
    from examples.web.app import make_app

    web_app.TABLES_AN_ADDRESS = web_app.MAX_TABLES  # every client of the benchmark is on one address
    seeds = itertools.count(1)
    app = make_app(
        bot_delay=0.0,
        turn_timeout=None,
        rate=1e6,
        burst=10**6,
        connections_an_address=10**6,
        new_seed=lambda: next(seeds),
    )
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=65_536)


def rss_of(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")  # pragma: no cover - every Linux process has one


async def _load_table(ws: str, table_id: str, token: str, seed: int, latencies: list[float]) -> int:
    """Play one table's person to the game's end, timing each move; the moves it made."""
    from websockets.asyncio.client import connect as connect_async

    bot = pitch13.bots.SimpleBot(seed)
    view: dict[str, JSON] | None = None
    moves = 0
    sent_at, sent_ply = 0.0, -1
    async with connect_async(f"{ws}/ws/{table_id}", max_size=2**22) as sock:
        await sock.send(json.dumps({"type": "join", "token": token}))
        await sock.send(json.dumps({"type": "start"}))
        while True:
            message = json.loads(await sock.recv())
            if message["type"] == "table" and message["over"]:
                return moves
            if message["type"] != "view":
                continue
            view = apply_view_message(view, message)
            if sent_ply >= 0 and view["ply"] != sent_ply:
                latencies.append(time.perf_counter() - sent_at)
                sent_ply = -1
            if message["legal"] and sent_ply < 0:
                action = bot.choose(pitch13.SeatView.from_dict(view))
                sent_at, sent_ply = time.perf_counter(), int(view["ply"])  # type: ignore[call-overload]
                await sock.send(json.dumps({"type": "move", "action": str(action), "ply": sent_ply}))
                moves += 1


def load(base: str, pid: int, tables: int) -> None:
    """``--tables``: N tables played at once; the move latency and the memory a table."""
    before = rss_of(pid)
    created = [post(f"{base}/api/tables", {"seat": 0}) for _ in range(tables)]
    latencies: list[float] = []
    peak = [before]

    async def watch(done: asyncio.Event) -> None:
        while not done.is_set():
            peak[0] = max(peak[0], rss_of(pid))
            await asyncio.sleep(0.2)

    async def run() -> list[int]:
        done = asyncio.Event()
        watcher = asyncio.create_task(watch(done))
        ws = base.replace("http", "ws", 1)
        games = [
            _load_table(ws, str(table["id"]), str(table["token"]), n, latencies)
            for n, table in enumerate(created)
        ]
        moves = await asyncio.gather(*games)
        done.set()
        await watcher
        return moves

    started, cpu = time.perf_counter(), cpu_of(pid)
    moves = asyncio.run(run())
    wall, cpu = time.perf_counter() - started, cpu_of(pid) - cpu
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(
        f"{'tables':>6} {'moves':>6} {'wall':>7} {'server CPU':>10} {'median':>8} {'p99':>8} {'KB/table':>9}"
    )
    print(
        f"{tables:>6} {sum(moves):>6} {wall:>6.1f}s {cpu:>9.1f}s {p50:>6.1f}ms {p99:>6.1f}ms "
        f"{(peak[0] - before) / tables / 1024:>9.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games a workload (default 5)")
    parser.add_argument("--quick", action="store_true", help="one game a workload, to show that it runs")
    parser.add_argument("--url", help="play against the server running there (four people only)")
    parser.add_argument("--tables", type=int, help="N tables at once: move latency and memory a table")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.quick:  # a smaller default: --games given as well still wins
        parser.set_defaults(games=1)
        options = parser.parse_args()
    if options.serve:
        serve(options.serve)
        return
    games = options.games
    header = f"{'workload':<22} {'hands':>6} {'moves':>6} {'msgs/seat':>10} {'KB/seat':>8} {'CPU/game':>9} {'µs/move':>8}"
    if options.url:
        # The server's default rate is 10 messages a second a connection: stay under it.
        runs = [one_game(options.url.rstrip("/"), 4, seed, None, gap=0.12) for seed in range(1, games + 1)]
        print(header)
        for run in runs:
            print(
                f"{'four people':<22} {run['hands']:>6.0f} {run['moves']:>6.0f} {run['messages']:>10.0f} "
                f"{run['bytes'] / 1000:>8.1f} {'-':>9} {'-':>8}"
            )
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)], cwd=ROOT)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(400):
            try:
                urllib.request.urlopen(f"{base}/api/tables").close()
                break
            except OSError:
                time.sleep(0.05)
        if options.tables:
            load(base, server.pid, options.tables)
            return
        print(header)
        for people, name in ((4, "four people"), (1, "one person, 3 bots")):
            runs = [one_game(base, people, seed, server.pid) for seed in range(1, games + 1)]
            hands = statistics.median(run["hands"] for run in runs)
            moves = statistics.median(run["moves"] for run in runs)
            messages = statistics.median(run["messages"] for run in runs)
            kilobytes = statistics.median(run["bytes"] for run in runs) / 1000
            cost = statistics.median(run["cpu"] for run in runs)
            per_move = statistics.median(run["cpu"] / run["moves"] for run in runs) * 1e6
            print(
                f"{name:<22} {hands:>6.0f} {moves:>6.0f} {messages:>10.0f} {kilobytes:>8.1f} "
                f"{cost * 1000:>7.0f}ms {per_move:>8.0f}"
            )
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
