"""The web table's database: every table, seat and accepted move, kept in SQLite.

A server that is killed (even by SIGKILL) and started again on the same database file carries
on every unfinished table where it stood: :meth:`Store.tables` gives back each table's settings,
seats and moves, and the server replays the moves through :func:`pitch13.apply`. Every table
is dealt from a seed (the server's secret, or its creator's), so the moves are the whole game.

The database is in WAL mode with ``synchronous=NORMAL``: a commit is durable once it returns
against the server process dying, whatever kills it; a power cut or an operating system crash
may lose the last few moves (``synchronous=FULL`` would keep them at the cost of a disk flush
a move). A move is committed before it is sent to anyone (:meth:`Store.add_move`), so nobody
is ever shown a move that a restart forgets.

A finished game keeps its record (:meth:`Store.finish`), and its review once one is made
(:meth:`Store.add_review`: the replay page's *Review the game*), both after its table is gone.

Secrets are kept as SHA-256 hashes where the server only has to recognise them again (the
seats' tokens); the deal seed is kept as it is, because the server needs it to deal.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import sqlite3
import time
from pathlib import Path
from typing import BinaryIO, Final, NamedTuple

#: The schema's version, kept in the database's ``user_version``.
VERSION: Final = 1
#: The seconds a write waits while another program holds the database locked, before it fails
#: (as on a full disk): the server's event loop waits with it, and so does every table.
BUSY_TIMEOUT: Final = 0.25
#: The server's log (the same as the tables').
LOG: Final = logging.getLogger("examples.web")

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    bots TEXT NOT NULL,
    seed TEXT NOT NULL,
    seed_chosen INTEGER NOT NULL,
    private INTEGER NOT NULL,
    invite TEXT,
    multiple_seats INTEGER NOT NULL,
    owner_seat INTEGER NOT NULL,
    opener TEXT NOT NULL,
    created REAL NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    bot_seats INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    browser_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS records (
    table_id TEXT PRIMARY KEY,
    json TEXT NOT NULL,
    text TEXT NOT NULL,
    finished REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT PRIMARY KEY,
    json TEXT NOT NULL,
    made REAL NOT NULL
);
"""

#: The schema's tables, each of which a database this server marked holds.
_TABLES: Final = tuple(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", _SCHEMA))


def secret_hash(secret: str) -> str:
    """The SHA-256 of a secret (a seat's token), in hex: what the database keeps of it."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


class StoreError(Exception):
    """The database cannot be opened or written (a full disk, a file that is not a database)."""


def _locked(path: str) -> BinaryIO | None:
    """The lock file beside the database ``path``, held: one server keeps a database.

    Two servers on one file would each play its tables on, and the second to finish a game
    would replace its record with another game. ``None`` where the system has no such locks.

    Raises:
        StoreError: if another server holds it, or it cannot be made.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX systems
        return None
    try:
        # Beside the file itself, so that a path through a symbolic link finds the same lock.
        handle = open(f"{os.path.realpath(path)}-lock", "ab")  # noqa: SIM115 - held as long as the store
    except OSError as error:
        raise StoreError(f"cannot use {path} as the web table's database: {error}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise StoreError(f"{path} is in use by another server: one server keeps a database") from None
    return handle


class TableRow(NamedTuple):
    """A table as the database keeps it: its settings, its seats and its moves."""

    id: str
    rules: str
    bots: str
    seed: int
    seed_chosen: bool
    private: bool
    invite: str | None
    multiple_seats: bool
    owner_seat: int
    opener: str
    created: float
    started: bool
    #: A bit for each seat a bot plays (set when the game starts).
    bot_seats: int
    #: ``(seat, token hash, browser hash)`` for each seat a person holds.
    seats: list[tuple[int, str, str | None]]
    #: ``(seat, action)`` for each accepted move, in order.
    moves: list[tuple[int, str]]


class Store:
    """The tables of one server, in the SQLite database at ``path`` (``":memory:"``: none kept).

    Raises:
        StoreError: if the file cannot be opened as this server's database.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if not self.path:  # SQLite would keep it in a temporary file: nothing after a restart
            raise StoreError("the database is a file: name one (or :memory: to keep nothing)")
        self._lock: BinaryIO | None = None
        if self.path != ":memory:":
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(f"cannot use {self.path} as the web table's database: {error}") from None
            self._lock = _locked(self.path)
        try:
            self._db = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False
            )
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, VERSION):
                raise StoreError(f"{self.path} is a database of another version ({version}, not {VERSION})")
            if version == 0 and self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                # Not made by this server (it marks its own), and not empty: another program's.
                raise StoreError(f"{self.path} is another program's database: it is left as it was")
            if version == VERSION:  # this server's: a table of it lost would be made anew, empty
                kept = {
                    name
                    for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                }
                lost = [name for name in _TABLES if name not in kept]
                if lost:
                    raise StoreError(
                        f"{self.path} is damaged: its {lost[0]} table is gone; it is left as it was"
                    )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            # The tables and the mark that they are this server's, in one transaction.
            self._db.executescript(f"BEGIN; {_SCHEMA}; PRAGMA user_version={VERSION}; COMMIT;")
        except sqlite3.Error as error:
            self._give_up()
            raise StoreError(f"cannot use {self.path} as the web table's database: {error}") from None
        except StoreError:
            self._give_up()
            raise

    def close(self) -> None:
        """Close the database, and let another server have it."""
        self._db.close()
        self._unlock()

    def _give_up(self) -> None:
        """Refused at the start: close what was opened (a transaction begun is rolled back)."""
        db = getattr(self, "_db", None)
        if db is not None:
            db.close()
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()  # closing the file lets the lock go
            self._lock = None

    def _read(self, sql: str, parameters: tuple[object, ...]) -> tuple[object, ...] | None:
        """The first row ``sql`` finds, or ``None``."""
        try:
            found: tuple[object, ...] | None = self._db.execute(sql, parameters).fetchone()
        except sqlite3.Error as error:
            raise StoreError(f"cannot read {self.path}: {error}") from None
        return found

    def _write(self, *statements: tuple[str, tuple[object, ...]]) -> None:
        """Run the ``(sql, parameters)`` statements in one transaction, committed before it returns."""
        try:
            with self._db:
                self._db.execute("BEGIN")
                for sql, parameters in statements:
                    self._db.execute(sql, parameters)
        except sqlite3.Error as error:
            raise StoreError(f"cannot write to {self.path}: {error}") from None

    # --- writes -----------------------------------------------------------------------------

    def add_table(self, row: TableRow) -> None:
        """Keep a new table (with no seats and no moves yet)."""
        self._write(
            (
                "INSERT INTO tables (id, rules, bots, seed, seed_chosen, private, invite, multiple_seats,"
                " owner_seat, opener, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.rules,
                    row.bots,
                    str(row.seed),
                    row.seed_chosen,
                    row.private,
                    row.invite,
                    row.multiple_seats,
                    row.owner_seat,
                    row.opener,
                    row.created,
                ),
            )
        )

    def set_seat(self, table_id: str, seat: int, token_hash: str | None, browser_hash: str | None) -> None:
        """A person takes ``seat`` (its token's hash), or gives it up (``token_hash`` ``None``)."""
        if token_hash is None:
            self._write(("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)))
        else:
            self._write(
                (
                    "INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?)",
                    (table_id, seat, token_hash, browser_hash),
                )
            )

    def start(self, table_id: str, bot_seats: int) -> None:
        """The game has started, the seats in the mask ``bot_seats`` played by bots."""
        self._write(("UPDATE tables SET started = 1, bot_seats = ? WHERE id = ?", (bot_seats, table_id)))

    def add_move(self, table_id: str, n: int, seat: int, action: str) -> None:
        """Keep the table's move number ``n`` (from 0), committed when this returns."""
        self._write(("INSERT INTO moves VALUES (?, ?, ?, ?)", (table_id, n, seat, action)))

    def finish(self, table_id: str, record_json: str, record_text: str) -> None:
        """The game is over: its record is kept for download, and its moves are no longer needed."""
        self._write(
            (
                "INSERT OR REPLACE INTO records VALUES (?, ?, ?, ?)",
                (table_id, record_json, record_text, time.time()),
            ),
            ("UPDATE tables SET over = 1 WHERE id = ?", (table_id,)),
            ("DELETE FROM moves WHERE table_id = ?", (table_id,)),
        )

    def add_review(self, table_id: str, review_json: str) -> None:
        """Keep the review of a finished game (:func:`pitch13.analysis.review`, as JSON)."""
        self._write(("INSERT OR REPLACE INTO reviews VALUES (?, ?, ?)", (table_id, review_json, time.time())))

    def drop_table(self, table_id: str) -> None:
        """Forget an unfinished table (freed for another): its seats and moves go with it."""
        self._write(("DELETE FROM tables WHERE id = ? AND over = 0", (table_id,)))

    # --- reads ------------------------------------------------------------------------------

    def unfinished(self) -> list[TableRow]:
        """Every table whose game is not over, oldest first, with its seats and moves.

        A table whose rows this server did not write (a seed that is not a number, moves not
        numbered from 0 on) is logged and left out.

        Raises:
            StoreError: if the database cannot be read (a damaged file, tables of another program).
        """
        try:
            return self._unfinished()
        except sqlite3.Error as error:
            raise StoreError(f"cannot read the tables of {self.path}: {error}") from None

    def _unfinished(self) -> list[TableRow]:
        db = self._db
        rows = db.execute(
            "SELECT id, rules, bots, seed, seed_chosen, private, invite, multiple_seats, owner_seat,"
            " opener, created, started, bot_seats FROM tables WHERE over = 0 ORDER BY created"
        ).fetchall()
        tables = []
        for (
            table_id,
            rules,
            bots,
            seed,
            seed_chosen,
            private,
            invite,
            multiple,
            owner,
            opener,
            created,
            started,
            bot_seats,
        ) in rows:
            seats = db.execute(
                "SELECT seat, token_hash, browser_hash FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
            moves = db.execute(
                "SELECT n, seat, action FROM moves WHERE table_id = ? ORDER BY n", (table_id,)
            ).fetchall()
            if [n for n, _, _ in moves] != list(range(len(moves))):  # a move would be written twice
                LOG.warning(
                    "table %s is not restored: its moves are not numbered 0 to %d", table_id, len(moves) - 1
                )
                continue
            try:
                secret = int(seed)
            except (TypeError, ValueError):  # a row this server did not write: left, and said so
                LOG.warning("table %s is not restored: its seed %r is not a number", table_id, seed)
                continue
            tables.append(
                TableRow(
                    table_id,
                    rules,
                    bots,
                    secret,
                    bool(seed_chosen),
                    bool(private),
                    invite,
                    bool(multiple),
                    owner,
                    opener,
                    created,
                    bool(started),
                    bot_seats,
                    [(seat, token, browser) for seat, token, browser in seats],
                    [(seat, action) for _, seat, action in moves],
                )
            )
        return tables

    def record(self, table_id: str, form: str) -> str | None:
        """A finished game's record, ``"json"`` or ``"text"``; ``None`` if none is kept."""
        column = "json" if form == "json" else "text"
        found = self._read(f"SELECT {column} FROM records WHERE table_id = ?", (table_id,))
        return None if found is None else str(found[0])

    def review(self, table_id: str) -> str | None:
        """A finished game's review as JSON, ``None`` if none is kept.

        A review kept that is not a JSON object (a row this server did not write) is logged and
        taken as none, so that the game is reviewed again.
        """
        found = self._read("SELECT json FROM reviews WHERE table_id = ?", (table_id,))
        if found is None:
            return None
        text = str(found[0])
        try:
            whole = isinstance(json.loads(text), dict)
        except (ValueError, RecursionError):
            whole = False
        if not whole:
            LOG.warning("table %s: the review kept of its game is not a JSON object", table_id)
            return None
        return text
