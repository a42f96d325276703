"""The web table as a service: durable tables, fair deals, tables their owners control, caps, headers.

The server runs as a real process (``python -m examples.web``) where it is killed and started
again, else in a thread (:func:`web_helpers.running_server`); the clients are the websockets
library's and httpx.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web table needs the web extra")
pytest.importorskip("uvicorn", reason="the web table needs the web extra")
pytest.importorskip("websockets", reason="the web table needs the web extra")
httpx = pytest.importorskip("httpx", reason="the web tests need httpx")

from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

import pitch13  # noqa: E402
from examples.web.store import Store, StoreError  # noqa: E402
from examples.web.table import Table, TableError, apply_view_message  # noqa: E402
from web_helpers import FAST, free_port, running_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


class Seat:
    """A websocket client of one seat (or a spectator): it keeps the latest view message it was sent."""

    def __init__(self, ws_base: str, table_id: str, join: dict[str, object]) -> None:
        self.stack = contextlib.ExitStack()
        self.socket = self.stack.enter_context(connect(f"{ws_base}/ws/{table_id}", max_size=2**22))
        self.socket.send(json.dumps({"type": "join", **join}))
        self.table: dict[str, object] | None = None
        self.ply = -1
        self.legal: list[str] = []
        self.view: dict[str, object] | None = None
        self.errors: list[dict[str, object]] = []
        self.welcome = self.receive()

    def receive(self, timeout: float = 20.0) -> dict[str, object]:
        message = json.loads(self.socket.recv(timeout=timeout))
        if message["type"] == "table":
            self.table = message
        elif message["type"] == "view":
            self.view = apply_view_message(self.view, message)
            self.ply = self.view["ply"]
            self.legal = [legal for legal, _ in message["legal"]]
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def close(self) -> None:
        self.stack.close()


def closes(client: Seat, timeout: float = 10.0) -> bool:
    """Read what ``client`` is sent until its connection closes; whether it closed in time."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            client.receive(timeout=timeout)
    except (ConnectionClosed, TimeoutError) as ended:
        return isinstance(ended, ConnectionClosed)
    return False


def four_seats(base: str, **body: object) -> tuple[str, list[str]]:
    """A table with four people (the creator at seat 0); its id and the four tokens."""
    created = httpx.post(f"{base}/api/tables", json={"seat": 0, **body})
    assert created.status_code == 201, created.text
    table_id = created.json()["id"]
    tokens = [created.json()["token"]]
    for seat in (1, 2, 3):
        taken = httpx.post(f"{base}/api/tables/{table_id}/seats/{seat}")
        assert taken.status_code == 201, taken.text
        tokens.append(taken.json()["token"])
    return table_id, tokens


def play(seats: list[Seat], rng: random.Random, moves: int | None, made: list[tuple[int, str]]) -> None:
    """A SimpleBot's choices, each made from the copy of the view of the seat it offers choices to,
    until ``moves`` are made or the game ends (random legal moves could take a game very long)."""
    while moves is None or moves > 0:
        mover = next((seat for seat in seats if seat.legal), None)
        while mover is None:
            for seat in seats:
                with contextlib.suppress(TimeoutError):
                    seat.receive(timeout=0.05)
                assert seat.errors == []
            if seats[0].table and seats[0].table["over"]:
                return
            mover = next((seat for seat in seats if seat.legal), None)
        action = str(
            pitch13.bots.SimpleBot(rng.randrange(2**32)).choose(pitch13.SeatView.from_dict(mover.view))
        )
        assert action in mover.legal
        ply = mover.ply
        mover.socket.send(json.dumps({"type": "move", "action": action, "ply": ply}))
        made.append((seats.index(mover), action))
        for seat in seats:
            seat.legal = []  # wait for the views after the move
        while mover.ply == ply:
            mover.receive()
            assert mover.errors == []
        if moves is not None:
            moves -= 1


class Process:
    """``python -m examples.web`` on ``port`` and the database ``db``, until stopped."""

    def __init__(self, port: int, db: Path, *options: str) -> None:
        command = [sys.executable, "-m", "examples.web", "--port", str(port), "--db", str(db)]
        command += ["--bot-delay", "0", "--turn-timeout", "0", "--away-timeout", "600", *options]
        self.popen = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        ready, _, _ = select.select([self.popen.stdout], [], [], 120)
        assert ready, "the server printed nothing"
        line = self.popen.stdout.readline()
        assert "open http://" in line, (
            line,
            self.popen.stderr.read() if self.popen.poll() is not None else "",
        )
        self.http, self.ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"

    def stop(self, how: signal.Signals) -> str:
        self.popen.send_signal(how)
        _, err = self.popen.communicate(timeout=60)
        return err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX's")
def test_a_killed_server_carries_on_every_game_from_its_database(tmp_path):
    """Killed mid-game (SIGKILL, then SIGTERM), started again on the same database, the game goes
    on through the same seat links to its end; the record is the moves made, none lost, and its
    deals are those committed to before the first bid."""
    db, port, rng, made = tmp_path / "tables.sqlite3", free_port(), random.Random(8), []
    server = Process(port, db)
    try:
        table_id, tokens = four_seats(server.http)
        seats = [Seat(server.ws, table_id, {"token": token}) for token in tokens]
        seats[0].socket.send(json.dumps({"type": "start"}))
        while not (seats[0].table and seats[0].table["started"]):
            seats[0].receive()
        shown = seats[0].table["commitment"]
        assert seats[0].table["seed"] is None  # the secret stays secret until the end
        play(seats, rng, 60, made)
        for how in (signal.SIGKILL, signal.SIGTERM):
            assert "Traceback" not in server.stop(how)
            for seat in seats:  # the pages see their connections close
                assert closes(seat)
            server = Process(port, db)
            seats = [Seat(server.ws, table_id, {"token": token}) for token in tokens]
            assert [seat.welcome.get("seat") for seat in seats] == [0, 1, 2, 3], seats[0].welcome
            play(seats, rng, 60 if how is signal.SIGKILL else None, made)
        assert seats[0].table["over"]
        record = httpx.get(f"{server.http}/api/tables/{table_id}/record.json")
        assert record.status_code == 200
        game = pitch13.GameRecord.from_json(record.text)
        assert [(seat, str(action)) for hand in game.hands for seat, action in hand.actions] == made
        game.verify_deals(shown)
        assert seats[0].table["seed"] == str(game.seed)
        assert pitch13.seed_commitment(game.seed) == shown
    finally:
        if server.popen.poll() is None:
            server.popen.kill()
            server.popen.communicate()
    # The finished game stays downloadable from the database, whatever the server forgets.
    server = Process(port, db)
    try:
        assert httpx.get(f"{server.http}/api/tables").json() == {"tables": []}
        again = httpx.get(f"{server.http}/api/tables/{table_id}/record.txt")
        assert pitch13.GameRecord.from_text(again.text) == game
        assert httpx.get(f"{server.http}/api/tables/{table_id}/replay").json()["id"] == table_id
    finally:
        assert "Traceback" not in server.stop(signal.SIGINT)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is POSIX's")
@pytest.mark.parametrize("until", ["running", "done"])
def test_sigterm_during_or_after_a_review_is_a_clean_exit(tmp_path, until):
    """Stopped by SIGTERM while a review runs, or after one, the server exits with status 0 and
    gives back the review worker's named semaphores (else the resource tracker warns of them)."""
    rng, state = random.Random(3), pitch13.new_game(seed=11)
    while state.hand_number < 3:
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
    record = pitch13.GameRecord.from_state(state).to_json()
    samples = "64" if until == "running" else "1"
    server = Process(free_port(), tmp_path / "db.sqlite3", "--review-samples", samples)
    try:
        upload = httpx.post(f"{server.http}/api/replay", content=record)
        assert upload.status_code == 200, upload.text
        review = f"{server.http}{upload.json()['review_url']}"
        assert httpx.post(review).json()["state"] in ("queued", "running")
        deadline = time.monotonic() + 120
        while httpx.get(review).json()["state"] != until:
            assert time.monotonic() < deadline, httpx.get(review).text
            time.sleep(0.05)
        err = server.stop(signal.SIGTERM)
    finally:
        if server.popen.poll() is None:
            server.popen.kill()
            server.popen.communicate()
    assert server.popen.returncode == 0, err
    assert "leaked" not in err, err
    assert "Traceback" not in err, err


def test_a_tampered_row_is_logged_and_left_not_a_failed_start(tmp_path, caplog):
    """A database written by something else: a seed that is no number, a person at seat 7. The
    table is left, and said to be; the others are restored."""
    import sqlite3

    path = tmp_path / "db.sqlite3"
    store = Store(path)
    for name in ("bad-seed", "bad-seat", "blob-token", "blob-invite", "good"):
        table = Table(name, secret=7, store=store)
        store.add_table(table.row())
        table.take_seat(1)
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET seed = 'abc' WHERE id = 'bad-seed'")
        db.execute("UPDATE seats SET seat = 7 WHERE table_id = 'bad-seat'")
        db.execute("UPDATE seats SET token_hash = X'00' WHERE table_id = 'blob-token'")
        db.execute("UPDATE tables SET invite = X'00' WHERE id = 'blob-invite'")
    store = Store(path)
    rows = {row.id: row for row in store.unfinished()}
    assert sorted(rows) == ["bad-seat", "blob-invite", "blob-token", "good"]
    assert "table bad-seed is not restored: its seed 'abc' is not a number" in caplog.text
    with pytest.raises(TableError, match="table bad-seat has a person at seat 7"):
        Table.restore(rows["bad-seat"], store)
    # Restored, it would crash each join by token, or any join of the table (its invite).
    with pytest.raises(TableError, match=r"^table blob-token's seat 1 has hashes that are not text$"):
        Table.restore(rows["blob-token"], store)
    with pytest.raises(TableError, match=r"^table blob-invite's invite is not text$"):
        Table.restore(rows["blob-invite"], store)
    assert Table.restore(rows["good"], store).seats[1].token_hash is not None
    store.close()


def _tables_in(path, names, moves=0):
    """A database at ``path`` holding started tables ``names``, each ``moves`` moves on."""
    store = Store(path)
    for name in names:
        table = Table(name, secret=7, store=store, bots="simple")
        store.add_table(table.row())
        table.take_seat(2)
        table.start(2)
        for _ in range(moves):
            seat = table.state.to_act
            table.bot_move(seat, table.bot_choice(seat, table.state.ply), table.state.ply)
    store.close()


def test_rows_this_server_did_not_write_are_left_whatever_is_wrong_with_them(tmp_path, caplog):
    """Each table whose rows break its reading in another way is logged and left at the start,
    and the good one is restored: a move by seat 9, a seed of 200 bits, bot seats that are not
    a number, moves numbered with a gap (a new move would be written over one)."""
    import sqlite3

    path = tmp_path / "db.sqlite3"
    names = ("seat-9", "huge-seed", "bot-seats", "gap", "good")
    _tables_in(path, names, moves=6)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE moves SET seat = 9 WHERE table_id = 'seat-9' AND n = 2")
        db.execute("UPDATE tables SET seed = ? WHERE id = 'huge-seed'", (str(2**200),))
        db.execute("UPDATE tables SET bot_seats = 'x' WHERE id = 'bot-seats'")
        db.execute("UPDATE moves SET n = 9 WHERE table_id = 'gap' AND n = 4")
    with running_server(**FAST, db=path) as srv:
        assert sorted(srv.server.tables) == ["good"]
        assert srv.server.tables["good"].state.ply >= 6  # and its bots play on
    for name in ("seat-9", "huge-seed", "bot-seats"):
        assert f"table {name} is not restored" in caplog.text
    assert "table gap is not restored: its moves are not numbered 0 to 5" in caplog.text
    assert "table seat-9 is not restored: table seat-9's move 2 is refused" in caplog.text


def test_a_database_that_cannot_be_read_stops_the_start_in_one_line(tmp_path, capsys):
    """A file whose ``tables`` are another program's: the start stops with one line, status 1,
    and the file is left as it was (not switched to WAL, nor given this server's tables)."""
    import sqlite3

    from examples.web.__main__ import main

    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (name TEXT)")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="is another program's database: it is left as it was"):
        Store(path)
    assert main(["--db", str(path), "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is another program's database" in err
    assert path.read_bytes() == before
    # This server's database whose tables another program changed is read, and refused.
    ours = tmp_path / "ours.sqlite3"
    Store(ours).close()
    with sqlite3.connect(ours) as db:
        db.execute("DROP TABLE tables")
        db.execute("CREATE TABLE tables (name TEXT)")
    store = Store(ours)
    with pytest.raises(StoreError, match="cannot read the tables of"):
        store.unfinished()
    store.close()
    # One of its tables lost is not made anew, empty, as if no move had been played.
    for lost in ("moves", "records"):
        damaged = tmp_path / f"no-{lost}.sqlite3"
        _tables_in(damaged, ["started"], moves=4)
        with sqlite3.connect(damaged) as db:
            db.execute(f"DROP TABLE {lost}")
        with pytest.raises(StoreError, match=f"is damaged: its {lost} table is gone; it is left as it was$"):
            Store(damaged)
        with sqlite3.connect(damaged) as db:
            assert lost not in {name for (name,) in db.execute("SELECT name FROM sqlite_master")}


def test_one_database_is_kept_by_one_server(tmp_path, capsys):
    """A second server on a database another holds is refused at its start, in one line: two
    would each play the tables on, and the second to finish a game would replace its record
    with another game."""
    from examples.web.__main__ import main

    path = tmp_path / "db.sqlite3"
    first = Store(path)
    with pytest.raises(StoreError, match="is in use by another server: one server keeps a database"):
        Store(path)
    assert main(["--db", str(path), "--port", "0"]) == 1
    assert "is in use by another server" in capsys.readouterr().err
    first.close()
    Store(path).close()  # let go, it is anyone's


@pytest.mark.parametrize(
    ("given", "why"), [("", "the database is a file: name one"), ("file/db", "File exists")]
)
def test_a_database_path_no_file_can_be_at_is_refused_in_one_line(tmp_path, monkeypatch, capsys, given, why):
    from examples.web.__main__ import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("")
    with pytest.raises(StoreError, match=why):
        Store(given)
    assert main(["--db", given, "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and why in err


def test_a_bot_move_the_database_cannot_keep_waits_and_is_tried_again(tmp_path, monkeypatch, caplog):
    """A full disk: the move is not made, and is tried again after a pause that doubles (the
    table's task does not spin), the failure logged; once the database keeps moves, play goes on."""
    from examples.web import app

    monkeypatch.setattr(app, "STORAGE_PAUSE", 0.05)
    monkeypatch.setattr(app, "STORAGE_PAUSE_MAX", 0.2)
    tries = []
    with running_server(**FAST) as srv:
        store = srv.server.store
        keep = store.add_move

        def full(*args):
            tries.append(time.monotonic())
            raise StoreError("database or disk is full")

        monkeypatch.setattr(store, "add_move", full)
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        owner = Seat(srv.ws, created["id"], {"token": created["token"]})
        owner.socket.send(json.dumps({"type": "start"}))
        time.sleep(1.0)
        table = srv.server.tables[created["id"]]
        assert table.state.ply == 0 and 2 <= len(tries) <= 12, len(tries)  # about 7: 0.05, 0.1, 0.2, 0.2, ...
        monkeypatch.setattr(store, "add_move", keep)
        deadline = time.monotonic() + 10
        while table.state.ply == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table.state.ply > 0
        owner.close()
    assert "the move is tried again in 0.05 s" in caplog.text


def test_bots_choose_after_a_restart_as_they_would_have(tmp_path):
    """A bot's decision is made by a bot seeded by the table's seed, the seat and the ply: a
    table restored from its rows chooses as the table it was (search bots included)."""
    store = Store(tmp_path / "db.sqlite3")
    table = Table("t1", secret=11, store=store, bots="search")
    store.add_table(table.row())
    table.take_seat(2)
    table.start(2)
    for _ in range(3):
        seat = table.state.to_act
        if seat == 2:
            table.bot_move(seat, pitch13.legal_actions(table.state)[0], table.state.ply)
            continue
        table.bot_move(seat, table.bot_choice(seat, table.state.ply), table.state.ply)
    (row,) = store.unfinished()
    again = Table.restore(row, store)
    seat = table.state.to_act
    assert again.bot_choice(seat, again.state.ply) == table.bot_choice(seat, table.state.ply)
    assert again.bot_for(seat, 7) is not again.bot_for(seat, 7)  # made for each decision
    store.close()


def test_a_finished_games_rows_that_do_not_read_are_answered_not_crashed_on(tmp_path, caplog):
    """A record kept that does not read: its replay is a 500 with the library's code and a
    logged line, no traceback. A review kept that is not a JSON object is taken as none."""
    path = tmp_path / "db.sqlite3"
    store = Store(path)
    store.finish("t9", '{"format": "pitch13.record", "version": 1}', "junk")
    store.add_review("t9", '{"marks": [1, 2')
    assert store.review("t9") is None
    store.add_review("t9", '{"decisions": []}')
    assert store.review("t9") == '{"decisions": []}'
    store.close()
    with running_server(**FAST, db=path) as srv:
        for url in ("replay", "replay/hands/1", "review"):
            answer = httpx.get(f"{srv.http}/api/tables/t9/{url}")
            assert (answer.status_code, answer.json()["code"]) == (500, "bad_record"), url
    assert "table t9: the record kept of its game does not read" in caplog.text
    assert "Traceback" not in caplog.text
    assert "the review kept of its game is not a JSON object" in caplog.text


def test_the_store_keeps_what_it_is_given_and_refuses_a_foreign_file(tmp_path):
    store = Store(tmp_path / "a" / "db.sqlite3")
    table = Table("t1", secret=99, owner_seat=1, store=store)
    store.add_table(table.row())
    token = table.take_seat(1)
    table.start(1)
    for _ in range(30):
        seat = table.state.to_act
        table.bot_move(seat, pitch13.legal_actions(table.state)[0], table.state.ply)
    (row,) = store.unfinished()
    again = Table.restore(row, store)
    assert again.state == table.state and again.moves == 30 and again.seat_of(token) == 1
    assert [place.kind for place in again.seats] == [place.kind for place in table.seats]
    kept = b"".join(path.read_bytes() for path in (tmp_path / "a").iterdir())
    assert token.encode() not in kept and str(99).encode() in kept  # the token hashed, the seed kept
    store.close()
    (tmp_path / "junk").write_bytes(b"not a database" * 100)
    with pytest.raises(StoreError, match="cannot use"):
        Store(tmp_path / "junk")
    # A move the database cannot keep is refused, and the game is where it was.
    full = Store(":memory:")
    table = Table("t2", secret=5, store=full)
    full.add_table(table.row())
    table.take_seat(2)
    table.start(2)
    full.close()
    before = table.state
    with pytest.raises(TableError) as refused:
        table.move(1, {"action": str(pitch13.legal_actions(before)[0]), "ply": before.ply})
    assert refused.value.code == "storage" and table.state is before


def test_a_write_another_program_has_locked_out_fails_after_a_quarter_second_not_five(tmp_path):
    """A database another program holds locked: a write waits BUSY_TIMEOUT (a quarter of a
    second), not sqlite's 5 s, during which the event loop and every table would stand still;
    it then fails as a full disk does (a person's move is refused, a bot's tried again)."""
    import sqlite3

    from examples.web.store import BUSY_TIMEOUT

    path = tmp_path / "db.sqlite3"
    store = Store(path)
    table = Table("t1", secret=3, store=store)
    store.add_table(table.row())
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the other program's write lock
    began = time.monotonic()
    with pytest.raises(StoreError, match="locked"):
        store.add_move("t1", 0, 1, "bid 5")
    waited = time.monotonic() - began
    assert waited + 0.01 >= BUSY_TIMEOUT and waited < 2.0, waited
    other.execute("ROLLBACK")
    other.close()
    store.add_move("t1", 0, 1, "bid 5")  # once the lock is gone, the write is kept
    store.close()


def test_a_table_that_no_longer_replays_is_left_and_logged(tmp_path, caplog):
    store = Store(tmp_path / "db.sqlite3")
    table = Table("t1", secret=1, store=store)
    store.add_table(table.row())
    table.take_seat(2)
    table.start(2)
    store.add_move("t1", 0, 3, "bid 5")  # not seat 3's turn
    store.close()
    with running_server(**FAST, db=tmp_path / "db.sqlite3") as srv:
        assert srv.server.tables == {}
    assert "table t1 is not restored" in caplog.text


def test_deals_are_committed_to_and_a_chosen_seed_is_played_against_bots_only():
    with running_server(**FAST) as srv:
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 1}).json()
        owner = Seat(srv.ws, created["id"], {"token": created["token"]})
        table = srv.server.tables[created["id"]]
        while owner.table is None:
            owner.receive()
        assert (
            owner.table["commitment"] == pitch13.seed_commitment(table.seed) and owner.table["seed"] is None
        )
        assert not owner.table["seed_chosen"]
        watcher = Seat(srv.ws, created["id"], {})
        while watcher.table is None:
            watcher.receive()
        assert watcher.table["commitment"] == owner.table["commitment"]
        # Two tables never share a secret seed.
        other = httpx.post(f"{srv.http}/api/tables", json={"seat": 1}).json()
        assert srv.server.tables[other["id"]].seed != table.seed
        # A seed the creator chose: every other seat is a bot's.
        seeded = httpx.post(f"{srv.http}/api/tables", json={"seat": 2, "seed": 77}).json()
        for seat in (0, 1, 3):
            refused = httpx.post(f"{srv.http}/api/tables/{seeded['id']}/seats/{seat}")
            assert (refused.status_code, refused.json()["code"]) == (409, "seeded")
        assert srv.server.tables[seeded["id"]].seed == 77
        # Its seed, a small number, would be found from a commitment: a spectator is shown none.
        spectator = Seat(srv.ws, seeded["id"], {})
        while spectator.table is None:
            spectator.receive()
        assert spectator.table["seed_chosen"] is True
        assert (spectator.table["commitment"], spectator.table["seed"]) == (None, None)
        spectator.close()
        listed = {t["id"]: t["seeded"] for t in httpx.get(f"{srv.http}/api/tables").json()["tables"]}
        assert listed[seeded["id"]] is True and listed[created["id"]] is False
        owner.close()
        watcher.close()


def test_only_the_owner_starts_and_a_seat_can_be_given_up_before_the_start():
    with running_server(**FAST) as srv:
        table_id, tokens = four_seats(srv.http)
        seats = [Seat(srv.ws, table_id, {"token": token}) for token in tokens]
        assert [seat.welcome["owner"] for seat in seats] == [True, False, False, False]
        seats[2].socket.send(json.dumps({"type": "start"}))
        assert seats[2].receive()["type"] in ("table", "view", "error")
        while not seats[2].errors:
            seats[2].receive()
        assert seats[2].errors[0]["code"] == "not_owner"
        table = srv.server.tables[table_id]
        assert not table.started
        # Seat 3 gives its seat up: it is open again, and its link holds nothing any more.
        twin = Seat(srv.ws, table_id, {"token": tokens[3]})  # a second tab on the same seat
        seats[3].socket.send(json.dumps({"type": "leave"}))
        while (message := seats[3].receive())["type"] != "left":
            pass
        assert message["seat"] == 3
        assert closes(seats[3])
        assert closes(twin)
        assert twin.errors[-1]["code"] == "bad_token"
        assert table.seats[3].kind.value == "open"
        gone = Seat(srv.ws, table_id, {"token": tokens[3]})
        assert gone.welcome["code"] == "bad_token"
        # The owner keeps their seat.
        seats[0].socket.send(json.dumps({"type": "leave"}))
        while not seats[0].errors:
            seats[0].receive()
        assert seats[0].errors[-1]["code"] == "owner"
        seats[0].socket.send(json.dumps({"type": "start"}))
        while not table.started:
            seats[0].receive()
        assert table.seats[3].kind.value == "bot"
        seats[1].socket.send(json.dumps({"type": "leave"}))
        while not seats[1].errors:
            seats[1].receive()
        assert seats[1].errors[-1]["code"] == "started"


def test_a_private_tables_existence_is_not_told_without_its_invite():
    """A junk body, a seat that is not one, the record or the replay before the end: the same
    404 as for a table that does not exist."""
    with running_server(**FAST) as srv:
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0, "private": True}).json()
        public = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        for table_id, status in ((created["id"], 404), ("ffffffff", 404)):
            answers = [
                httpx.post(f"{srv.http}/api/tables/{table_id}/seats/1", content=b"junk"),
                httpx.post(f"{srv.http}/api/tables/{table_id}/seats/7", json={}),
                httpx.get(f"{srv.http}/api/tables/{table_id}/record.json"),
                httpx.get(f"{srv.http}/api/tables/{table_id}/replay"),
                httpx.get(f"{srv.http}/api/tables/{table_id}/review"),
            ]
            assert [(a.status_code, a.json()["code"]) for a in answers] == [(status, "no_table")] * 5
        assert httpx.post(f"{srv.http}/api/tables/{public['id']}/seats/1", content=b"junk").status_code == 400
        assert httpx.get(f"{srv.http}/api/tables/{public['id']}/record.json").status_code == 409


def test_a_private_table_is_joined_through_its_invite_only():
    with running_server(**FAST) as srv:
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0, "private": True}).json()
        table_id, invite = created["id"], created["invite"].split("#invite=")[1]
        assert created["invite"] == f"/table/{table_id}#invite={invite}"
        assert httpx.get(f"{srv.http}/api/tables").json() == {"tables": []}
        for body in ({}, {"invite": "wrong"}, {"invite": 5}):
            refused = httpx.post(f"{srv.http}/api/tables/{table_id}/seats/1", json=body)
            assert (refused.status_code, refused.json()["code"]) == (404, "no_table")
        taken = httpx.post(f"{srv.http}/api/tables/{table_id}/seats/1", json={"invite": invite})
        assert taken.status_code == 201 and "invite" not in taken.json()
        stranger = Seat(srv.ws, table_id, {})
        assert stranger.welcome["code"] == "no_table"
        watcher = Seat(srv.ws, table_id, {"invite": invite})
        assert watcher.welcome == {"type": "welcome", "table": table_id, "seat": None, "owner": False}
        owner = Seat(srv.ws, table_id, {"token": created["token"]})
        assert owner.welcome["invite"] == created["invite"]
        seated = Seat(srv.ws, table_id, {"token": taken.json()["token"]})
        assert "invite" not in seated.welcome
        for client in (watcher, owner, seated):
            client.close()


def test_one_browser_holds_one_seat_unless_the_owner_allows_more():
    with running_server(**FAST) as srv, httpx.Client(base_url=srv.http) as browser:
        assert browser.get("/").status_code == 200
        cookie = browser.cookies.get("pitch13_browser")
        assert cookie and len(cookie) >= 16
        page = browser.get("/table/x")
        assert "set-cookie" not in page.headers  # the browser keeps the one it has
        created = browser.post("/api/tables", json={"seat": 0}).json()
        refused = browser.post(f"/api/tables/{created['id']}/seats/1")
        assert (refused.status_code, refused.json()["code"]) == (409, "one_seat")
        assert httpx.post(f"{srv.http}/api/tables/{created['id']}/seats/1").status_code == 201
        allowed = browser.post("/api/tables", json={"seat": 0, "multiple_seats": True}).json()
        assert browser.post(f"/api/tables/{allowed['id']}/seats/1").status_code == 201
        for body in ({"private": "maybe"}, {"multiple_seats": 3}):
            assert browser.post("/api/tables", json={"seat": 0, **body}).status_code == 400


def test_connections_that_never_join_count_against_their_address_not_their_table(monkeypatch):
    """A connection counts against its address from its acceptance, and against its table once
    it has joined: connections that never join cannot lock a table's seated people out, and a
    seat may have ``MAX_SEAT_CONNECTIONS`` open."""
    import examples.web.app as web_app

    with running_server(**{**FAST, "connections_an_address": 72}) as srv:
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        monkeypatch.setattr(web_app, "MAX_SPECTATORS", 1)
        monkeypatch.setattr(web_app, "MAX_SEAT_CONNECTIONS", 2)
        url = f"{srv.ws}/ws/{created['id']}"
        with contextlib.ExitStack() as stack:
            silent = [stack.enter_context(connect(url)) for _ in range(71)]
            # More silent connections than the table takes once joined (1 + 4 * 2), and than it
            # took in all when they counted from their acceptance (64): the owner still joins.
            owner = Seat(srv.ws, created["id"], {"token": created["token"]})
            assert owner.welcome["type"] == "welcome" and owner.welcome["seat"] == 0
            with connect(url) as extra:  # the address's 73rd
                assert json.loads(extra.recv(timeout=10))["code"] == "too_many_connections"
            for socket in silent:
                socket.close()
            deadline = time.monotonic() + 10
            while srv.server.addresses.get("127.0.0.1") != 1 and time.monotonic() < deadline:
                time.sleep(0.02)
            again = Seat(srv.ws, created["id"], {"token": created["token"]})
            assert again.welcome["type"] == "welcome"
            third = Seat(srv.ws, created["id"], {"token": created["token"]})
            assert third.welcome["code"] == "too_many_connections"
            assert "a seat may have 2 connections open" in third.welcome["message"]
            for client in (owner, again, third):
                client.close()
        deadline = time.monotonic() + 10
        while srv.server.addresses and time.monotonic() < deadline:
            time.sleep(0.02)
        assert srv.server.addresses == {}
        assert srv.server.tables[created["id"]].seats[0].connections == 0


def test_a_full_server_frees_an_unstarted_idle_table_even_with_spectators(monkeypatch):
    import examples.web.app as web_app

    with running_server(**FAST) as srv:
        first = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        watcher = Seat(srv.ws, first["id"], {})
        monkeypatch.setattr(web_app, "MAX_TABLES", 1)
        refused = httpx.post(f"{srv.http}/api/tables", json={"seat": 0})
        assert (refused.status_code, refused.json()["code"]) == (503, "full")
        srv.server.tables[first["id"]].last_active -= web_app.UNSTARTED_IDLE_LIMIT + 1
        second = httpx.post(f"{srv.http}/api/tables", json={"seat": 0})
        assert second.status_code == 201
        assert list(srv.server.tables) == [second.json()["id"]]
        assert closes(watcher)
        assert watcher.errors[-1]["code"] == "no_table"
        assert srv.server.store.unfinished()[0].id == second.json()["id"]


def test_a_json_record_uploaded_after_a_byte_order_mark_is_read_as_json():
    """It was read as text, and refused: "expected a tag or 'hand 1'"."""
    state = pitch13.bots.play_game([pitch13.bots.SimpleBot(seat) for seat in range(4)], seed=3)
    record = pitch13.GameRecord.from_state(state)
    with running_server(**FAST) as srv:
        for form in (record.to_json(), record.to_text()):
            answer = httpx.post(f"{srv.http}/api/replay", content="\ufeff".encode() + form.encode())
            assert answer.status_code == 200, answer.text
            assert answer.json()["states"] == len(pitch13.replay(record))


def test_the_replay_upload_is_bounded_and_rate_limited(monkeypatch):
    import examples.web.app as web_app
    import examples.web.table as web_table

    state = pitch13.bots.play_game([pitch13.bots.SimpleBot(seat) for seat in range(4)], seed=3)
    text = pitch13.GameRecord.from_state(state).to_text()
    with running_server(**{**FAST, "uploads_a_minute": 2.0}) as srv:
        upload = f"{srv.http}/api/replay"
        answer = httpx.post(upload, content=text.encode())
        assert answer.status_code == 200 and answer.json()["states"] == len(
            pitch13.replay(pitch13.GameRecord.from_text(text))
        )
        monkeypatch.setattr(web_table, "MAX_FRAMES", 50)
        answer = httpx.post(upload, content=text.encode())
        assert (answer.status_code, answer.json()["code"]) == (413, "too_long")
        assert httpx.post(upload, content=b"\xff\xfe" * 10).json()["code"] == "bad_request"
        answer = httpx.post(upload, content=text.encode())
        assert (answer.status_code, answer.json()["code"]) == (429, "too_many_uploads")
        monkeypatch.setattr(web_app, "MAX_RECORD", 1000)
        srv.server.uploads.clear()
        answer = httpx.post(upload, content=text.encode())
        assert (answer.status_code, answer.json()["code"]) == (413, "too_big")


def test_a_body_over_the_limit_is_a_bad_request_when_a_seat_is_taken_as_when_a_table_is_opened():
    """A body over 4,096 bytes was answered 400 when a table was opened, 409 when a seat was taken."""
    with running_server(**FAST) as srv:
        big = {"seat": 0, "rules": "x" * 5000}
        answer = httpx.post(f"{srv.http}/api/tables", json=big)
        assert (answer.status_code, answer.json()["code"]) == (400, "too_big")
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        answer = httpx.post(f"{srv.http}/api/tables/{created['id']}/seats/1", json={"invite": "x" * 5000})
        assert (answer.status_code, answer.json()["code"]) == (400, "too_big")
        taken = httpx.post(f"{srv.http}/api/tables/{created['id']}/seats/1", json={})
        assert taken.status_code == 201


PAGES = ("/", "/table/x", "/replay", "/static/table.js", "/static/style.css", "/api/tables")


def test_every_answer_has_the_security_headers_and_other_sites_are_refused():
    with running_server(**FAST) as srv:
        for path in PAGES:
            headers = httpx.get(f"{srv.http}{path}").headers
            policy = headers["content-security-policy"]
            assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
            assert "unsafe-inline" not in policy
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"
        evil = {"Origin": "https://evil.example"}
        refused = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}, headers=evil)
        assert (refused.status_code, refused.json()["code"]) == (403, "cross_site")
        assert srv.server.tables == {}
        mine = {"Origin": srv.http}
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}, headers=mine)
        assert created.status_code == 201
        table_id = created.json()["id"]
        with pytest.raises(InvalidStatus) as closed:
            connect(f"{srv.ws}/ws/{table_id}", origin="https://evil.example")
        assert closed.value.response.status_code == 403
        with connect(f"{srv.ws}/ws/{table_id}", origin=srv.http) as same:
            same.send(json.dumps({"type": "join"}))
            assert json.loads(same.recv(timeout=10))["type"] == "welcome"


def test_the_pages_run_no_inline_script_or_style():
    """The policy allows no inline script or style: the pages must have none."""
    for page in (ROOT / "examples" / "web" / "static").glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page.name
        assert not re.search(r"\son[a-z]+\s*=", html), page.name
        assert not re.search(r"\sstyle\s*=", html), page.name
        assert "<style" not in html, page.name


def test_bad_frames_log_no_traceback(caplog):
    import logging

    with running_server(**FAST) as srv:
        uvicorn_log = logging.getLogger("uvicorn.error")  # it does not reach the root logger
        uvicorn_log.addHandler(caplog.handler)
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        # A text frame that is not UTF-8, written by hand: the websocket is closed (1007).
        with socket.create_connection(("127.0.0.1", srv.port)) as raw:
            raw.sendall(
                f"GET /ws/{created['id']} HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            assert b"101" in raw.recv(4096).split(b"\r\n")[0]
            payload = b"\xff\xfe\xfd"
            mask = b"\x01\x02\x03\x04"
            masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            raw.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
            raw.settimeout(10)
            with contextlib.suppress(OSError):
                while raw.recv(4096):
                    pass
        bad = httpx.post(f"{srv.http}/api/tables", content=b"\xff" * 20)
        assert bad.status_code == 400
        time.sleep(0.2)
        uvicorn_log.removeHandler(caplog.handler)
    assert "Traceback" not in caplog.text and "UTF-8" not in caplog.text
    assert not any(record.exc_info for record in caplog.records)


def test_a_bots_choice_is_for_the_turn_it_was_asked_for_and_a_failed_one_is_tried_again(monkeypatch, caplog):
    """A person may move while a stand-in's choice waits for its thread: the choice is for the
    turn (ply and seat) it was asked for, else none. A bot that fails logs and is asked again;
    the table's task lives on and the game is played to its end."""
    table = Table("t", secret=7, store=None, bots="simple")
    table.take_seat(2)
    table.start(2)
    seat, ply = table.state.to_act, table.state.ply
    assert seat != 2
    assert table.bot_choice(seat, ply) in pitch13.legal_actions(table.state)
    assert table.bot_choice(seat, ply + 1) is None
    assert table.bot_choice((seat + 1) % 4, ply) is None
    failures = [RuntimeError("a bot's bug")]
    choose = Table.bot_choice

    def failing_once(self, seat, ply):
        if failures:
            raise failures.pop()
        return choose(self, seat, ply)

    monkeypatch.setattr(Table, "bot_choice", failing_once)
    with running_server(**FAST) as srv:
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        owner = Seat(srv.ws, created["id"], {"token": created["token"]})
        owner.socket.send(json.dumps({"type": "start"}))
        watched = srv.server.tables[created["id"]]
        deadline = time.monotonic() + 20
        while watched.state.ply == 0 or watched.state.to_act != 0:
            assert time.monotonic() < deadline, "the bots stopped"
            time.sleep(0.02)
        owner.close()
    assert not failures
    assert "the bot of seat 1 failed; it is tried again" in caplog.text


def test_numbers_with_control_characters_strip_drops_are_read_not_a_server_error():
    """A form's number is read from its text stripped, as ``str.strip`` strips it (which drops
    a few control characters ``int`` would refuse)."""
    with running_server(**FAST) as srv:
        for body in ({"seed": "2\u001c"}, {"seat": "2\u001f"}, {"seat": " 1\n"}):
            created = httpx.post(f"{srv.http}/api/tables", json=body)
            assert created.status_code == 201, (body, created.text)
        assert httpx.post(f"{srv.http}/api/tables", json={"seat": "2\u001f3"}).status_code == 400


def test_an_unexpected_error_is_a_500_with_the_security_headers(monkeypatch):
    """Starlette answers an error nobody expected outside every middleware; the answer still
    carries the security headers, and says nothing of the error."""

    def broken(self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(Table, "summary", broken)
    with running_server(**FAST) as srv:
        httpx.post(f"{srv.http}/api/tables", json={"seat": 0})
        answer = httpx.get(f"{srv.http}/api/tables")
    assert answer.status_code == 500
    assert answer.json() == {"error": "the server failed to answer", "code": "server_error"}
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_a_join_to_a_table_freed_meanwhile_is_told_no_table(monkeypatch):
    """A connection accepted before its table was freed for another, joining after, is told
    ``no_table`` and closed, as the docs say."""
    import examples.web.app as web_app

    with running_server(**FAST) as srv:
        first = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        with connect(f"{srv.ws}/ws/{first['id']}") as socket:
            monkeypatch.setattr(web_app, "MAX_TABLES", 1)
            srv.server.tables[first["id"]].last_active -= web_app.UNSTARTED_IDLE_LIMIT + 1
            assert httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).status_code == 201
            assert first["id"] not in srv.server.tables
            socket.send(json.dumps({"type": "join", "token": first["token"]}))
            answer = json.loads(socket.recv(timeout=10))
            assert (answer["code"], answer["message"]) == ("no_table", "the table was closed")
            with pytest.raises(ConnectionClosed):
                socket.recv(timeout=10)


def test_spectators_cannot_lock_the_seated_people_out(monkeypatch):
    """Spectators who have joined hold at most ``MAX_SPECTATORS`` of a table's connections; the
    rest is kept for the people seated there."""
    import examples.web.app as web_app

    monkeypatch.setattr(web_app, "MAX_SPECTATORS", 2)
    with running_server(**FAST) as srv:
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        watchers = [Seat(srv.ws, created["id"], {}) for _ in range(2)]
        assert all(w.welcome["type"] == "welcome" for w in watchers)
        third = Seat(srv.ws, created["id"], {})
        assert third.welcome["code"] == "table_full"
        assert "48" not in third.welcome["message"] and "2 spectators" in third.welcome["message"]
        owner = Seat(srv.ws, created["id"], {"token": created["token"]})
        assert owner.welcome["type"] == "welcome" and owner.welcome["seat"] == 0
        for client in (*watchers, third, owner):
            client.close()


def test_the_websocket_tells_no_more_of_a_tables_existence_than_http():
    """A wrong token at a private table, and an id of no table, are both told ``no_table``
    after the join: neither a different answer nor an earlier one tells an id that exists."""
    with running_server(**FAST) as srv:
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0, "private": True}).json()
        assert Seat(srv.ws, created["id"], {"token": "not-a-token"}).welcome["code"] == "no_table"
        public = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        assert Seat(srv.ws, public["id"], {"token": "not-a-token"}).welcome["code"] == "bad_token"
        with connect(f"{srv.ws}/ws/ffffffff") as socket:
            with pytest.raises(TimeoutError):
                socket.recv(timeout=0.5)  # nothing before the join, as for a table that exists
            socket.send(json.dumps({"type": "join"}))
            assert json.loads(socket.recv(timeout=10))["code"] == "no_table"


def test_a_table_whose_creator_was_never_seated_is_not_kept(tmp_path, monkeypatch, caplog):
    """A new table is kept, then its creator seated: if the database cannot keep the seat the
    table goes at once, and one left in the database by a server that stopped in between (an
    unstarted table nobody owns, which nobody could start) is dropped when it starts again."""
    with running_server(**FAST) as srv:

        def refuse(*args):
            raise StoreError("disk full")

        monkeypatch.setattr(srv.server.store, "set_seat", refuse)
        answer = httpx.post(f"{srv.http}/api/tables", json={"seat": 0})
        assert (answer.status_code, answer.json()["code"]) == (503, "storage")
        assert srv.server.tables == {} and srv.server.store.unfinished() == []
    path = tmp_path / "db.sqlite3"
    store = Store(path)
    for name, seated in (("orphan", None), ("owned", 2)):
        table = Table(name, secret=7, store=store)
        store.add_table(table.row())
        if seated is not None:
            table.take_seat(seated)
    store.close()
    with running_server(**{**FAST, "db": str(path)}) as srv:
        assert list(srv.server.tables) == ["owned"]
        assert [row.id for row in srv.server.store.unfinished()] == ["owned"]
    assert "table orphan is dropped: it was kept before its creator was seated" in caplog.text


def test_a_request_for_a_host_name_the_server_is_not_is_refused():
    """DNS rebinding: a page of another site whose name points at the server names its own host
    (and its own origin, so the origin check passes). With ``allowed_hosts`` such a request is
    refused, with the security headers, and such a websocket before it is accepted."""
    from examples.web.__main__ import LOOPBACK_NAMES, allowed_hosts

    assert allowed_hosts("127.0.0.1", None) == LOOPBACK_NAMES == allowed_hosts("::1", None)
    assert allowed_hosts("0.0.0.0", None) is None
    assert allowed_hosts("0.0.0.0", ["table.example"]) == ("table.example",)
    with running_server(**FAST, allowed_hosts=LOOPBACK_NAMES) as srv:
        port = srv.http.rsplit(":", 1)[1]
        for name in ("127.0.0.1", "localhost", "LOCALHOST", "[::1]"):
            assert httpx.get(f"{srv.http}/api/tables", headers={"Host": f"{name}:{port}"}).status_code == 200
        evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
        refused = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}, headers=evil)
        assert (refused.status_code, refused.json()["code"]) == (400, "bad_host")
        assert refused.headers["x-content-type-options"] == "nosniff"
        assert srv.server.tables == {}
        import socket as sockets

        with (
            sockets.create_connection(("127.0.0.1", int(port))) as rebound,
            pytest.raises(InvalidStatus) as closed,
        ):
            connect(f"ws://evil.example:{port}/ws/ffffffff", sock=rebound)  # the name points here
        assert closed.value.response.status_code == 403
        with connect(f"{srv.ws}/ws/ffffffff") as socket:  # its own name: served
            socket.send(json.dumps({"type": "join"}))
            assert json.loads(socket.recv(timeout=10))["code"] == "no_table"


def test_a_client_that_reads_nothing_is_closed_before_its_replies_pile_up(monkeypatch):
    """A connection's replies wait for its writer; one whose writer cannot send (the client
    reads nothing) is closed once ``MAX_UNSENT`` wait, so it holds no more memory."""
    import asyncio

    import examples.web.app as web_app

    async def stalled(*args):
        await asyncio.Event().wait()

    monkeypatch.setattr(web_app, "_writer", stalled)
    monkeypatch.setattr(web_app, "MAX_UNSENT", 3)
    with running_server(**FAST) as srv:
        created = httpx.post(f"{srv.http}/api/tables", json={"seat": 0}).json()
        with connect(f"{srv.ws}/ws/{created['id']}") as socket:
            socket.send(json.dumps({"type": "join"}))  # its welcome is the first reply waiting
            for _ in range(3):
                socket.send(json.dumps({"type": "ping"}))
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=10)
            assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1008, "not reading")
