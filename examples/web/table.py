"""One table of the web example: the true game, its seats, and what each connection is sent.

Nothing here knows of HTTP or websockets: :mod:`examples.web.app` carries the messages this
module makes and reads. A :class:`Table` holds the one true :class:`~pitch13.GameState`; every
message a seat is sent is built from that seat's :func:`~pitch13.view` alone (a spectator's from
:func:`~pitch13.spectator_view`), so no message can hold a card the seat may not see.

The protocol, in JSON text frames (the page ``docs/web.rst`` gives it in full):

* client to server: ``{"type": "join", "token": T}`` (a seat), ``{"type": "join"}`` (a
  spectator) or ``{"type": "join", "invite": I}`` (a spectator of a private table) first; then
  ``{"type": "start"}`` (the table's owner), ``{"type": "leave"}`` (a seat given up before the
  start), ``{"type": "move", "action": "bid 5", "ply": 17}`` and ``{"type": "ping"}``;
* server to client: ``welcome`` (the seat, whether it owns the table, a private table's invite
  for its owner), ``table`` (the seats, the owner's seat, started, over, the commitment to the
  deals and, once over, the seed and the record's links), ``view`` (the whole view first, then
  what changed), ``error`` (a code, a message, and for a refused move the library's reason),
  ``left`` and ``pong``.

Every table is dealt from a seed (:func:`pitch13.new_game`): the server's secret, drawn with
:func:`pitch13.new_seed` when the table opens, of which every seat is shown the
:func:`~pitch13.seed_commitment` before the first bid and which the final record reveals,
so that anyone can check with ``pitch13 verify`` that the deals were fixed before play began;
or a seed its creator chose, at a table where every other seat is a bot (and no commitment is
shown).
"""

from __future__ import annotations

import enum
import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Final, Union, cast

import pitch13
from examples.web.store import Store, StoreError, TableRow, secret_hash
from pitch13.bots import Bot, bot_factory
from pitch13.narration import SEAT_NAMES, Narrator, narrate_history, narrate_seen
from pitch13.seen import seen_history
from pitch13.trumps import sort_hand

#: A JSON value as the standard library's :mod:`json` reads and writes it.
JSON = Union[dict[str, "JSON"], list["JSON"], str, int, float, bool, None]
#: A message: one JSON object.
Message = dict[str, JSON]

#: The rules a table may be opened with, by name.
RULES: Final[dict[str, Callable[[], pitch13.Rules]]] = {
    "default": pitch13.Rules,
    "classic": pitch13.Rules.classic_ten_point,
}
#: The library's bots a table may fill its seats with.
BOTS: Final = ("simple", "search")
#: The most characters a client's message may have.
MAX_MESSAGE: Final = 4096
#: The largest seed a table's creator may choose.
MAX_SEED: Final = 2**63 - 1

LOG: Final = logging.getLogger("examples.web")


class Kind(enum.Enum):
    """Who plays a seat."""

    #: Nobody yet: a bot plays it once the game starts, and a person may still take it.
    OPEN = "open"
    #: A person, who holds the seat's token.
    PERSON = "person"
    #: A bot, for the whole game: the seats nobody took when the game started.
    BOT = "bot"


class TableError(Exception):
    """A request the table refuses: ``code`` names the kind, the message says why."""

    def __init__(self, code: str, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason

    def message(self) -> Message:
        """The ``error`` message that tells the client."""
        sent: Message = {"type": "error", "code": self.code, "message": str(self)}
        if self.reason is not None:
            sent["reason"] = self.reason
        return sent


def check_seat(seat: object) -> int:
    """``seat`` if it is a seat, 0 to 3.

    Raises:
        TableError: ``bad_request`` if it is not.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise TableError("bad_request", f"a seat is 0 to 3, not {str(seat)[:20]!r}")
    return seat


class Seat:
    """One seat: who plays it, its token's hash, its live connections and its bot."""

    __slots__ = ("away_since", "browser", "connections", "kind", "token_hash")

    def __init__(self) -> None:
        self.kind = Kind.OPEN
        #: The SHA-256 of the seat's secret token (:func:`~examples.web.store.secret_hash`).
        self.token_hash: str | None = None
        #: The hash of the browser that took the seat (its cookie), if it sent one.
        self.browser: str | None = None
        self.connections = 0
        #: When the seat's last connection closed (:func:`time.monotonic`); 0 before any.
        self.away_since = 0.0


class Client:
    """One connection's side of the protocol: its seat and the copy of the view it was sent.

    The copy lets :meth:`Table.updates` send only what changed: the client applies the same
    change to its own copy, so the two stay equal (the server tests check it message by message).
    """

    __slots__ = ("narrator", "seat", "sent", "sent_ply", "sent_started", "table_version", "token_hash")

    def __init__(self, seat: int | None, token_hash: str | None = None) -> None:
        self.seat = seat
        #: The hash of the token the connection joined with: the seat is its while it holds it.
        self.token_hash = token_hash
        self.sent: dict[str, JSON] | None = None
        self.sent_ply = -1
        self.sent_started = False
        self.table_version = -1
        self.narrator = Narrator()


class Table:
    """A game of four seats that people join with tokens and bots fill.

    Args:
        table_id: the table's name in its links.
        rules: ``"default"`` or ``"classic"``.
        bots: the library's bot that plays the seats no person holds: ``"simple"`` or ``"search"``.
        seed: deals every hand from this seed, chosen by the table's creator (a game that can
            be played again): then every seat but the creator's is a bot's. ``None``: from a
            secret seed of the server's (:func:`pitch13.new_seed`), committed to.
        owner_seat: the creator's seat: only its holder may start the game.
        private: the table is not listed, and is joined through its invite link only.
        multiple_seats: one browser may hold more than one seat (else one seat a browser).
        store: the database that keeps the table (``None``: nothing is kept).
        secret: the server's secret seed, when ``seed`` is ``None`` (default: a new one,
            :func:`pitch13.new_seed`).

    Raises:
        TableError: ``bad_request`` if a setting is not one of those.
    """

    def __init__(
        self,
        table_id: str,
        rules: str = "default",
        bots: str = "simple",
        seed: int | None = None,
        *,
        owner_seat: int = 2,
        private: bool = False,
        multiple_seats: bool = False,
        store: Store | None = None,
        secret: int | None = None,
    ) -> None:
        if rules not in RULES:
            raise TableError("bad_request", f"rules are one of {', '.join(RULES)}, not {rules!r}")
        if bots not in BOTS:
            raise TableError("bad_request", f"bots are one of {', '.join(BOTS)}, not {bots!r}")
        if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
            raise TableError("bad_request", f"a seed is a whole number from 0 to {MAX_SEED}, or none")
        check_seat(owner_seat)
        self.id = table_id
        self.rules_name = rules
        self.bots_name = bots
        #: Whether the creator chose the seed (then it is known to them, and the others are bots).
        self.seed_chosen = seed is not None
        self.seed = seed if seed is not None else pitch13.new_seed() if secret is None else secret
        #: The commitment to the seed every seat is shown (:func:`pitch13.seed_commitment`); none
        #: for a chosen seed, which proves nothing and, a small number, is found from its
        #: commitment by trying every number: a spectator would see every hand.
        self.commitment = None if self.seed_chosen else pitch13.seed_commitment(self.seed)
        self.owner_seat = owner_seat
        self.private = bool(private)
        #: The code of a private table's invite link (``None`` for a public table).
        self.invite = secrets.token_urlsafe(12) if private else None
        self.multiple_seats = bool(multiple_seats)
        self.store = store
        self._make_bot = bot_factory(bots)
        self.seats = [Seat() for _ in range(4)]
        self.state = pitch13.new_game(RULES[rules](), dealer=0, seed=self.seed)
        #: The moves accepted so far (the database numbers them).
        self.moves = 0
        self.started = False
        #: Goes up whenever the seats, the start or the end change (the ``table`` message).
        self.version = 0
        #: The spectators' connections that have joined (and not closed).
        self.spectators = 0
        #: The address of the client that opened the table (the server limits tables an address).
        self.opener = ""
        #: When a seated person last connected, left or moved (:func:`time.monotonic`): a bot
        #: that moves for a person who is away does not count.
        self.last_active = time.monotonic()
        self._replay: Replay | None = None
        #: Each seat's (``None``: a spectator's) view of the latest position, as plain data.
        self._views: dict[int | None, tuple[int, pitch13.SeatView, dict[str, JSON]]] = {}

    # --- the database -----------------------------------------------------------------------

    def row(self) -> TableRow:
        """The table as the database keeps it when it opens."""
        return TableRow(
            self.id,
            self.rules_name,
            self.bots_name,
            self.seed,
            self.seed_chosen,
            self.private,
            self.invite,
            self.multiple_seats,
            self.owner_seat,
            self.opener,
            time.time(),
            False,
            0,
            [],
            [],
        )

    @classmethod
    def restore(cls, row: TableRow, store: Store | None = None) -> Table:
        """The table ``row`` keeps, its moves replayed: where it stood when the server stopped.

        Raises:
            TableError: ``bad_record`` if the row does not make a table or a move is refused
                (a database written by something else), whatever in it is wrong.
        """
        try:
            return cls._restored(row, store)
        except TableError:
            raise
        except Exception as error:  # a row this server did not write can break its reading anywhere
            raise TableError(
                "bad_record", f"table {row.id} is not one this server wrote ({type(error).__name__}: {error})"
            ) from None

    @classmethod
    def _restored(cls, row: TableRow, store: Store | None) -> Table:
        table = cls(
            row.id,
            row.rules,
            row.bots,
            row.seed if row.seed_chosen else None,
            owner_seat=row.owner_seat,
            private=row.private,
            multiple_seats=row.multiple_seats,
            secret=row.seed,
        )
        if not isinstance(row.invite, (str, type(None))):
            raise TableError("bad_record", f"table {row.id}'s invite is not text")
        table.invite = row.invite
        table.opener = row.opener
        for seat, token_hash, browser in row.seats:
            if seat not in range(4):
                raise TableError("bad_record", f"table {row.id} has a person at seat {seat!r}")
            if not isinstance(token_hash, str) or not isinstance(browser, (str, type(None))):
                raise TableError("bad_record", f"table {row.id}'s seat {seat} has hashes that are not text")
            place = table.seats[seat]
            place.kind, place.token_hash, place.browser = Kind.PERSON, token_hash, browser
        if row.started:
            table.started = True
            for seat, place in enumerate(table.seats):
                if row.bot_seats >> seat & 1:
                    place.kind = Kind.BOT
        for number, (seat, text) in enumerate(row.moves):
            try:
                table.state = pitch13.apply(table.state, pitch13.parse_action(text), seat=seat)
            except (ValueError, TypeError) as error:  # refused, unread, or by a seat that is none
                raise TableError(
                    "bad_record", f"table {row.id}'s move {number} is refused: {error}"
                ) from None
        table.moves = len(row.moves)
        table.store = store
        return table

    def _keep(self, write: Callable[[Store], None]) -> None:
        """Write a change to the database, if there is one; refuse the change if it cannot."""
        if self.store is not None:
            try:
                write(self.store)
            except StoreError as error:
                raise TableError("storage", f"the server cannot keep this change: {error}") from None

    # --- seats ------------------------------------------------------------------------------

    def take_seat(self, seat: object, *, browser: str | None = None, invite: object = None) -> str:
        """Give ``seat`` to a person and return its new secret token.

        Only an open seat may be taken, before the game starts: a seat a bot plays holds cards
        that a person taking it over would see, and so would learn what another seat held.
        ``browser`` is the hash of the taker's browser cookie (if it sent one), and ``invite``
        the invite code a private table needs.

        Raises:
            TableError: ``bad_request`` if ``seat`` is not 0 to 3; ``no_table`` for a private
                table without its invite; ``seeded`` at a table whose creator chose the seed
                (every other seat is a bot's); ``seat_taken`` if a person holds it; ``started``
                once the game has started; ``one_seat`` if the browser holds another seat and
                the owner did not allow more.
        """
        self.check_invite(invite)  # first: a private table's existence is secret
        seat = check_seat(seat)
        place = self.seats[seat]
        if self.seed_chosen and seat != self.owner_seat:
            raise TableError("seeded", "the creator chose this table's seed: its other seats are bots'")
        if place.kind is Kind.PERSON:
            raise TableError("seat_taken", f"{SEAT_NAMES[seat]} is taken")
        if self.started:
            raise TableError("started", "the game has started: its seats are all played")
        if browser is not None and not self.multiple_seats and any(p.browser == browser for p in self.seats):
            raise TableError("one_seat", "this browser holds a seat at this table already")
        token = secrets.token_urlsafe(18)
        hashed = secret_hash(token)
        self._keep(lambda store: store.set_seat(self.id, seat, hashed, browser))
        place.kind, place.token_hash, place.browser = Kind.PERSON, hashed, browser
        self.version += 1
        return token

    def check_invite(self, invite: object) -> None:
        """Refuse a private table's join or seat without its invite code.

        Raises:
            TableError: ``no_table``, as if there were no such table (its existence is secret).
        """
        if self.invite is not None and not (
            isinstance(invite, str)
            and len(invite) <= 100
            and secrets.compare_digest(self.invite.encode(), invite.encode("utf-8", "replace"))
        ):
            raise TableError("no_table", "there is no such table")

    def leave(self, seat: int | None) -> None:
        """Give up ``seat`` before the start: it is open again, and its token holds nothing.

        Raises:
            TableError: ``not_seated`` for a spectator; ``started`` once the game has started;
                ``owner`` for the owner's seat (the table is theirs).
        """
        if seat is None:
            raise TableError("not_seated", "a spectator holds no seat")
        if self.started:
            raise TableError("started", "the game has started: its seats are all played")
        if seat == self.owner_seat:
            raise TableError("owner", "the table's owner keeps their seat")
        self._keep(lambda store: store.set_seat(self.id, seat, None, None))
        place = self.seats[seat]
        place.kind, place.token_hash, place.browser = Kind.OPEN, None, None
        self.version += 1

    def holds(self, client: Client) -> bool:
        """Whether ``client`` still holds its seat (a spectator always does: it holds none)."""
        return client.seat is None or self.seats[client.seat].token_hash == client.token_hash

    def seat_of(self, token: object) -> int:
        """The seat whose token is ``token``.

        Raises:
            TableError: ``bad_token`` if no seat has it.
        """
        if isinstance(token, str) and len(token) <= 100:
            given = secret_hash(token).encode()
            for seat, place in enumerate(self.seats):
                if place.token_hash is not None and secrets.compare_digest(place.token_hash.encode(), given):
                    return seat
        raise TableError("bad_token", "that token holds no seat at this table")

    def connected(self, seat: int | None, change: int) -> None:
        """Count a connection of ``seat`` (``None``: a spectator) opening (``1``) or closing (``-1``).

        The table's idle time counts from a seated person's coming or going, not a spectator's.
        """
        if seat is None:
            self.spectators += change
        else:
            self.last_active = time.monotonic()
            place = self.seats[seat]
            place.connections += change
            if place.connections == 0:
                place.away_since = self.last_active
            self.version += 1

    @property
    def people_connected(self) -> int:
        """How many connections seated people have open."""
        return sum(place.connections for place in self.seats)

    def start(self, seat: int | None) -> None:
        """Start the game; the seats nobody took go to bots.

        Raises:
            TableError: ``not_seated`` for a spectator; ``not_owner`` for a seat that does not
                own the table; ``already_started`` if it has started.
        """
        if seat is None:
            raise TableError("not_seated", "only a seated player can start the game")
        if seat != self.owner_seat:
            raise TableError("not_owner", "only the table's owner can start the game")
        if self.started:
            raise TableError("already_started", "the game has started")
        bots = sum(1 << n for n, place in enumerate(self.seats) if place.kind is Kind.OPEN)
        self._keep(lambda store: store.start(self.id, bots))
        for place in self.seats:
            if place.kind is Kind.OPEN:
                place.kind = Kind.BOT
        self.started = True
        self.version += 1

    # --- moves ------------------------------------------------------------------------------

    def move(self, seat: int | None, message: Message) -> None:
        """Apply a ``move`` message from ``seat``'s connection, or refuse it, changing nothing.

        Raises:
            TableError: ``not_seated``, ``not_started``, ``bad_message`` (no action or ply, or an
                action that does not parse), ``stale`` (made for an earlier position) or
                ``illegal`` (refused by the rules, with the library's reason); ``storage`` if
                the database cannot keep it.
        """
        if seat is None:
            raise TableError("not_seated", "a spectator cannot move")
        if not self.started:
            raise TableError("not_started", "the game has not started")
        text, ply = message.get("action"), message.get("ply")
        if not isinstance(text, str) or type(ply) is not int:
            raise TableError("bad_message", 'a move is {"type": "move", "action": "...", "ply": n}')
        try:
            action = pitch13.parse_action(text)
        except pitch13.ActionParseError as error:
            raise TableError("bad_message", str(error)) from None
        if isinstance(action, pitch13.Deal):
            raise TableError("bad_message", "the server deals")
        self._apply(seat, action, ply)
        # A person's own move: a bot standing in for one who is away keeps no table alive.
        self.last_active = time.monotonic()

    def _apply(self, seat: int, action: pitch13.Action, ply: int) -> None:
        try:
            after = pitch13.apply(self.state, action, seat=seat, ply=ply)
        except pitch13.IllegalActionError as error:
            code = "stale" if error.reason is pitch13.IllegalReason.STALE_MOVE else "illegal"
            raise TableError(code, str(error), error.reason.name) from None
        # Kept before anyone is told of it: a restart never forgets a move somebody saw.
        self._keep(lambda store: store.add_move(self.id, self.moves, seat, str(action)))
        self.state, self.moves = after, self.moves + 1
        if after.is_over:
            self.version += 1
            self.keep_record()

    def keep_record(self) -> None:
        """Keep the finished game's record in the database (its moves are kept until then).

        A failure is logged, not raised: the move that ended the game is kept already, and a
        restart finishes the table again from its moves.
        """
        if self.store is not None:
            record = pitch13.GameRecord.from_state(self.state)
            try:
                self.store.finish(self.id, record.to_json(indent=1), record.to_text())
            except StoreError as error:
                LOG.warning("table %s: its record is not kept yet: %s", self.id, error)

    def kind_of(self, seat: int) -> Kind:
        """Who plays ``seat``."""
        return self.seats[seat].kind

    def waiting_for(self) -> tuple[int, bool] | None:
        """The seat to act and whether a person plays it; ``None`` before the start and at the end."""
        state = self.state
        if not self.started or state.is_over or state.to_act is None:
            return None
        seat = state.to_act
        return seat, self.seats[seat].kind is Kind.PERSON

    def bot_for(self, seat: int, ply: int) -> Bot:
        """The bot that plays ``seat`` at ``ply`` (for no person, or for one out of time).

        Made for the decision, seeded by the table's seed, the seat and the ply alone: the game
        plays the same after the server restarts, where a bot's own generator would start again.
        """
        text = f"pitch13-web-bot:{self.seed}:{seat}:{ply}"
        return self._make_bot(int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big"))

    def bot_choice(self, seat: int, ply: int) -> pitch13.Action | None:
        """What ``seat``'s bot would do at ``ply`` (it sees only its view), or ``None``.

        ``None`` if that turn is over: the state is at another ply, or ``seat`` is not to act.
        Safe to call off the event loop: it reads the state once and changes nothing. A person
        may move while the call waits for its thread, so the turn is checked on the state read.
        """
        state = self.state
        if state.ply != ply or state.to_act != seat:
            return None
        return self.bot_for(seat, ply).choose(pitch13.view(state, seat))

    def bot_move(self, seat: int, action: pitch13.Action, ply: int) -> bool:
        """Apply a choice of :meth:`bot_choice`; whether it was still current (else nothing changes).

        Raises:
            TableError: ``storage`` if the database cannot keep the move (nothing changes).
        """
        try:
            self._apply(seat, action, ply)
        except TableError as error:
            if error.code == "storage":
                raise
            return False
        return True

    # --- what is sent -----------------------------------------------------------------------

    def _seats(self) -> list[JSON]:
        return [
            {
                "seat": seat,
                "name": SEAT_NAMES[seat],
                "kind": place.kind.value,
                "connected": place.connections > 0,
            }
            for seat, place in enumerate(self.seats)
        ]

    def table_message(self) -> Message:
        """The ``table`` message: the seats, the owner's, the start and the end, the deals' commitment.

        Once the game is over it also holds the seed (the secret the commitment hides, which
        the record holds too) and the record's links.
        """
        over = self.state.is_over
        record: JSON = None
        if over:
            base = f"/api/tables/{self.id}/record"
            record = {"json": f"{base}.json", "text": f"{base}.txt", "replay": f"/replay/{self.id}"}
        return {
            "type": "table",
            "started": self.started,
            "over": over,
            "seats": self._seats(),
            "owner_seat": self.owner_seat,
            "private": self.private,
            "seed_chosen": self.seed_chosen,
            "commitment": self.commitment,
            "seed": str(self.seed) if over else None,
            "record": record,
        }

    def welcome(self, seat: int | None) -> Message:
        """The ``welcome`` message for a connection of ``seat``: a private table's invite for its owner."""
        owner = seat == self.owner_seat
        message: Message = {"type": "welcome", "table": self.id, "seat": seat, "owner": owner}
        if owner and self.invite is not None:
            message["invite"] = f"/table/{self.id}#invite={self.invite}"
        return message

    def summary(self) -> Message:
        """The table as the lobby lists it."""
        return {
            "id": self.id,
            "rules": self.rules_name,
            "bots": self.bots_name,
            "seeded": self.seed_chosen,
            "started": self.started,
            "over": self.state.is_over,
            "seats": self._seats(),
        }

    def updates(self, client: Client) -> list[Message]:
        """What ``client`` has not been sent yet.

        A ``table`` message if the table changed, and a ``view`` message if its view did. It
        costs O(the entries of the hand in play), whatever the number of hands played.
        """
        messages: list[Message] = []
        if client.table_version != self.version:
            client.table_version = self.version
            messages.append(self.table_message())
        if client.sent_ply != self.state.ply or client.sent_started != self.started:
            messages.append(self._view_message(client))
        return messages

    def _view_of(self, seat: int | None) -> tuple[pitch13.SeatView, dict[str, JSON]]:
        """``seat``'s view of the latest position and its plain data.

        They are made once a position for all the seat's connections (every spectator shares one).
        """
        state = self.state
        made = self._views.get(seat)
        if made is not None and made[0] == state.ply:
            return made[1], made[2]
        seat_view = pitch13.spectator_view(state) if seat is None else pitch13.view(state, seat)
        data = cast("dict[str, JSON]", seat_view.to_dict())  # plain JSON data, as to_dict promises
        self._views[seat] = (state.ply, seat_view, data)
        return seat_view, data

    def _view_message(self, client: Client) -> Message:
        state = self.state
        # Before the start nobody is shown a card, though a seeded game is dealt: a seat sees the
        # spectator's view, so that a person who gives a seat up and takes another has seen no
        # hand that a bot will then play. The start sends the seat its own view, whole.
        seat = client.seat if self.started else None
        if client.sent_started != self.started:
            client.sent = None
        seat_view, now = self._view_of(seat)
        before = client.sent
        message: Message = {"type": "view", "full": before is None}
        if before is None:
            message["view"] = now
            told = seat_view.history
        else:
            message["set"] = {
                key: value for key, value in now.items() if key != "history" and before.get(key) != value
            }
            change = message["history"] = _history_change(before["history"], now["history"])
            kept = change[0]
            assert isinstance(kept, int) and isinstance(before["history"], list)
            # Within the hand the client's history goes on, and the view holds what is new; after
            # a hand's end, the end of that hand is told too, from the game's history.
            told = (
                seat_view.history[kept:]
                if kept == len(before["history"]) and kept > 0
                else seen_history(state, seat, client.sent_ply)
            )
        events = narrate_seen(told, client.narrator, viewer=seat)
        trump = seat_view.trump
        message["hand"] = [str(card) for card in sort_hand(seat_view.hand, trump, seat_view.rules)]
        legal = seat_view.legal_actions  # none before the start: the spectator's view has none
        message["legal"] = [[str(action), action.pretty] for action in legal]
        message["events"] = list(events)
        client.sent, client.sent_ply, client.sent_started = now, seat_view.ply, self.started
        return message

    def _check_over(self, what: str) -> None:
        if not self.state.is_over:
            if self.invite is not None:
                raise TableError("no_table", "there is no such table")
            raise TableError("not_over", f"{what} is kept secret until the game is over")

    def replay(self) -> Replay:
        """The finished game's :class:`Replay`, made once (the table keeps it).

        Raises:
            TableError: ``not_over`` before the game is over; ``no_table`` then for a private
                table (its existence is secret).
        """
        self._check_over("the replay")
        if self._replay is None:
            self._replay = Replay(pitch13.GameRecord.from_state(self.state))
        return self._replay

    def record(self, form: str) -> str:
        """The finished game's record as ``"json"`` or ``"text"``.

        Raises:
            TableError: ``not_over`` before the game is over (a record shows every card);
                ``no_table`` then for a private table (its existence is secret).
        """
        self._check_over("the record")
        record = pitch13.GameRecord.from_state(self.state)
        return record.to_json(indent=1) if form == "json" else record.to_text()


#: The most states a replay shows (a long game of random play has about 10,000), counted from
#: the record before anything is replayed.
MAX_FRAMES: Final = 30_000


class Replay:
    """A recorded game as the replay page steps through it, a hand at a time, every card shown.

    It is made once from a record: the game is replayed (:func:`pitch13.replay`: O(the game) of
    :func:`~pitch13.apply`, no narration and no JSON), and only what makes each hand cheap to
    tell again is kept: each hand's first state and the game's actions (about 2 MB for the
    longest record the server takes, some 15,000 states), and a summary of each hand.
    :meth:`frames` then tells one hand: its states made again from its first with
    :func:`~pitch13.apply`, each told by a :class:`~pitch13.narration.Narrator`
    (:func:`~pitch13.narration.narrate_history`, which names every card: for a finished game,
    never for one in play). It costs O(the hand), whatever the length of the game.

    A frame holds where the game stands (hand, dealer, phase, seat to act, trump, bid, scores,
    points taken, who is out), every seat's hand in trump order, the trick on the table, and the
    lines that tell what happened since the frame before. Every state belongs to the hand its
    ``hand_number`` names, the game's first state included (the first hand dealt, or for a game
    dealt by its players, about to be dealt): a hand's first frame tells the end of the hand
    before it (its last action, the hand scored) and then its own deal. So the hands' frames,
    one hand after another, are a frame for every state of the game.

    Args:
        record: the game (one that replays: loaded with :meth:`~pitch13.GameRecord.from_json`
            or :meth:`~pitch13.GameRecord.from_text`, or made with
            :meth:`~pitch13.GameRecord.from_state`).

    Raises:
        DocumentError: if the record does not replay (:func:`pitch13.replay`).
        TableError: ``too_long`` if it has more than ``MAX_FRAMES`` states.
    """

    __slots__ = ("_actions", "_begins", "_starts", "_told", "first_hand", "hands", "over", "record", "states")

    def __init__(self, record: pitch13.GameRecord) -> None:
        # Counted before anything is replayed: a state for each action and each hand's deal.
        count = 1 + sum(len(hand.actions) + 1 for hand in record.hands)
        if count > MAX_FRAMES:
            raise TableError("too_long", f"a replay shows {MAX_FRAMES:,} states at most, not {count:,}")
        states = pitch13.replay(record)
        final = states[-1]
        #: The record (its actions are the states' own: it costs little more than its decks).
        self.record = record
        #: How many states (frames) the game has, all hands together.
        self.states = len(states)
        #: The number of the game's first hand (1, but for a game started partway).
        self.first_hand = states[0].hand_number
        #: Whether the record plays the game to its end.
        self.over = final.is_over
        begins = [
            i for i in range(len(states)) if i == 0 or states[i].hand_number != states[i - 1].hand_number
        ]
        #: The index of each hand's first state among the game's, then the number of states.
        self._begins = (*begins, len(states))
        self._starts = tuple(states[i] for i in begins)
        #: How much of the history is told before each hand's first frame: all that the state
        #: before it holds.
        self._told = tuple(states[i - 1].history_len if i else 0 for i in begins)
        #: Every action of the game with its seat (``None`` for a deal), in order: applied to
        #: state ``i``, action ``i`` makes state ``i + 1``.
        self._actions = final.actions
        results = {result.hand_number: result for result in final.results}
        hands: list[JSON] = []
        for index, begin in enumerate(begins):
            end = self._begins[index + 1]
            number = self.first_hand + index
            result = results.get(number)
            after = states[end].scores if end < len(states) else final.scores
            bidder = None if result is None else result.bidder
            bid = None if result is None else result.bid
            made = None if result is None else result.made
            hands.append([end - begin, states[begin].dealer, bidder, bid, made, after[0], after[1]])
        #: A row for each hand, in order: ``[frames, dealer, bidder, bid, made, score of
        #: North-South after it, score of East-West after it]``; ``bidder``, ``bid`` and ``made``
        #: are ``None`` for a hand thrown in, or one still in play (the last, if not ``over``).
        self.hands: list[JSON] = hands

    @property
    def decisions(self) -> int:
        """How many actions the seats took (the deals left out)."""
        return sum(seat is not None for seat, _ in self._actions)

    def action_steps(self) -> list[int]:
        """The step (the state, counted over the whole game) each seat's action leads to, in order.

        The seats' actions are the record's, hand after hand (:attr:`HandRecord.actions
        <pitch13.HandRecord.actions>`), which a review's decisions count (their ``index``); a
        game dealt by its players has a step for each deal too, which no seat takes.
        """
        return [step + 1 for step, (seat, _) in enumerate(self._actions) if seat is not None]

    def frames(self, number: int) -> list[Message]:
        """The frames of hand ``number`` (counted as the game counts them, from ``first_hand``).

        Its states are made again from its first, and told with the hand before it: O(the hand).

        Raises:
            TableError: ``no_hand`` if the game has no such hand.
        """
        index = number - self.first_hand
        if not 0 <= index < len(self._starts):
            last = self.first_hand + len(self._starts) - 1
            raise TableError("no_hand", f"the game's hands are {self.first_hand} to {last}, not {number}")
        state = self._starts[index]
        begin, end = self._begins[index], self._begins[index + 1]
        told = self._told[index]
        narrator = Narrator()
        if index:
            # The narrator follows a hand from its deal (its stock, what was turned up), and this
            # hand's first frame tells the end of the hand before: the narrator is told that hand
            # first, from its own first frame, and what it says of it is dropped.
            earlier = self._told[index - 1]
            narrate_history(state.history_since(earlier)[: told - earlier], narrator)
        frames = []
        for step in range(begin, end):
            if step > begin:
                seat, action = self._actions[step - 1]
                state = pitch13.apply(state, action, seat=seat)
            frames.append(_frame(state, narrate_history(state.history_since(told), narrator)))
            told = state.history_len
        return frames


def _frame(state: pitch13.GameState, lines: tuple[str, ...]) -> Message:
    """The replay's frame of ``state``, with the ``lines`` that tell how it came about."""
    trump = state.trump
    return {
        "ply": state.ply,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "trump": None if trump is None else trump.letter,
        "bidder": state.bidder,
        "bid": state.bid,
        "scores": list(state.scores),
        "points_taken": list(state.points_taken),
        "out": [*sorted(state.out)],
        "hands": [[str(card) for card in sort_hand(hand, trump, state.rules)] for hand in state.hands],
        "trick": [[seat, str(card)] for seat, card in state.trick],
        "lines": list(lines),
    }


def _history_change(before: JSON, now: JSON) -> list[JSON]:
    """``[k, line, ...]``: keep the first ``k`` lines of the client's history, then add the rest."""
    assert isinstance(before, list) and isinstance(now, list)
    kept = len(before) if len(now) >= len(before) and now[: len(before)] == before else 0
    return [kept, *now[kept:]]


def apply_view_message(copy: dict[str, JSON] | None, message: Message) -> dict[str, JSON]:
    """A client's copy of its view after ``message``, as the page's script keeps it.

    The server tests use it to check that the copy always equals the seat's view.
    """
    if message["full"]:
        whole = message["view"]
        assert isinstance(whole, dict)
        return dict(whole)
    assert copy is not None
    changed = message["set"]
    history = message["history"]
    assert isinstance(changed, dict) and isinstance(history, list) and isinstance(copy["history"], list)
    kept = history[0]
    assert isinstance(kept, int)
    updated = {**copy, **changed}
    updated["history"] = [*copy["history"][:kept], *history[1:]]
    return updated
