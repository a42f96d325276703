"""The web table's server (examples/web), tested as a browser uses it: HTTP and websockets.

A real uvicorn server runs the app in a thread; the clients are the websockets library's. Every
view message is applied to a client-side copy exactly as the page's script applies it, and the
copy is checked against the seat's :func:`pitch13.view` of the true state (R-INFO-1, R-INFO-2):
no message may tell a seat more than its view, whose leak tests are in tests/test_views.py.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import pathlib
import random
import re
import select
import signal
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("starlette", reason="the web table needs the web extra")
pytest.importorskip("uvicorn", reason="the web table needs the web extra")
pytest.importorskip("websockets", reason="the web table needs the web extra")
httpx = pytest.importorskip("httpx", reason="the web tests need httpx")

from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

import pitch13  # noqa: E402
from examples.web.table import Client, Table, TableError, apply_view_message  # noqa: E402
from pitch13.narration import narrate_seen  # noqa: E402
from pitch13.seen import seen_history  # noqa: E402
from pitch13.trumps import sort_hand  # noqa: E402
from web_helpers import FAST as SERVICE_FAST  # noqa: E402
from web_helpers import running_server  # noqa: E402

# Every table is dealt from the server's secret seed: here always 12, so that the games are the same.
FAST = {**SERVICE_FAST, "new_seed": lambda: 12}


class Player:
    """One websocket client that keeps its copy of the view as the page does."""

    def __init__(self, srv, table_id, token=None):
        self.srv = srv
        self.token = token
        self.table = srv.server.tables[table_id]
        self.stack = contextlib.ExitStack()
        self.socket = self.stack.enter_context(connect(f"{srv.ws}/ws/{table_id}", max_size=2**22))
        self.view = None
        self.legal = []
        self.table_message = None
        self.errors = []
        self.messages = 0
        self.bytes = 0
        self.seat = None
        self.started = False
        hello = {"type": "join"} if token is None else {"type": "join", "token": token}
        self.send(hello)
        welcome = self.receive()
        assert welcome["type"] == "welcome"
        self.seat = welcome["seat"]

    def send(self, message):
        self.socket.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def receive(self, timeout=10.0):
        text = self.socket.recv(timeout=timeout)
        self.messages += 1
        self.bytes += len(text.encode())
        message = json.loads(text)
        if message["type"] == "view":
            # The start is told first (a table message), then the view again, with the choices.
            self.started = bool(self.table_message and self.table_message["started"])
            self.view = apply_view_message(self.view, message)
            self.legal = [action for action, _ in message["legal"]]
            # Before the start a seat is shown no card: the spectator's view.
            check_view_message(self.table.state, self.seat if self.started else None, self.view, message)
        elif message["type"] == "table":
            self.table_message = message
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def sync(self):
        """Read until the copy is the view of the true state's position."""
        table = self.table
        while self.view is None or self.view["ply"] != table.state.ply or self.started != table.started:
            self.receive()

    def error(self):
        """Read up to the next error message and return it."""
        while True:
            message = self.receive()
            if message["type"] == "error":
                return message

    def close(self):
        self.stack.close()


def closing_code(player, flood=0):
    """Send ``flood`` pings, then read until the server closes the connection; its closing code."""
    try:
        for _ in range(flood):
            player.send({"type": "ping"})
        while True:
            player.receive()
    except ConnectionClosed as closed:
        return closed.rcvd.code


def card_pattern(card):
    text = re.escape(str(card))
    pretty = re.escape(card.pretty)
    return re.compile(rf"(?<![0-9A-Za-z])(?:{text}|{pretty})(?![0-9])")


def check_view_message(state, seat, copy, message):
    """The copy is the seat's view, and the message's extras say nothing the view does not."""
    if copy["ply"] != state.ply:
        return  # the game moved on while the message was on its way: checked at the next one
    seat_view = pitch13.spectator_view(state) if seat is None else pitch13.view(state, seat)
    assert copy == json.loads(seat_view.to_json())
    assert message["hand"] == [
        str(card) for card in sort_hand(seat_view.hand, seat_view.trump, seat_view.rules)
    ]
    assert message["legal"] == [[str(action), action.pretty] for action in seat_view.legal_actions]
    # The events tell what the seat saw: they name no card another seat holds that the view does
    # not show (the view's cards outside ``unseen`` and ``places``: a claim at an early end, say).
    hidden = set()
    for other in range(4):
        if other != seat:
            hidden |= set(state.hands[other]) - set(seat_view.known_held[other])
    shown = json.dumps({key: value for key, value in copy.items() if key not in ("unseen", "places")})
    events = message["events"]
    deals = [i for i, line in enumerate(events) if line.startswith("Hand ") and line.endswith(" deals.")]
    text = "\n".join(events[deals[-1] if deals else 0 :])  # the lines of the hand in play
    for card in hidden:
        if card_pattern(card).search(text):
            assert card_pattern(card).search(shown), (card, text)


def start(player):
    """Start the game from ``player``'s connection, and wait until the server has."""
    player.send({"type": "start"})
    deadline = time.monotonic() + 10
    while not player.table.started:
        assert time.monotonic() < deadline, "the game did not start"
        time.sleep(0.005)


def open_table(srv, **body):
    answer = httpx.post(f"{srv.http}/api/tables", json={"seat": 2, **body})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    assert data["url"] == f"/table/{data['id']}#seat={data['seat']}&token={data['token']}"
    return data


def take(srv, table_id, seat):
    answer = httpx.post(f"{srv.http}/api/tables/{table_id}/seats/{seat}")
    assert answer.status_code == 201, answer.text
    return answer.json()["token"]


def four_players(srv, **body):
    created = open_table(srv, seat=0, **body)
    tokens = [created["token"], *(take(srv, created["id"], seat) for seat in (1, 2, 3))]
    return created["id"], [Player(srv, created["id"], token) for token in tokens]


def play_on(players, rng, moves=None, bots=None):
    """Play random legal moves (or the choices of ``bots``, a bot a seat, made from the client's
    copy of its view), each from the seat to act, until the game ends or ``moves`` are made."""
    table = players[0].table
    made = 0
    while not table.state.is_over and (moves is None or made < moves):
        for player in players:
            player.sync()
        seat = table.state.to_act
        mover = players[seat]
        assert mover.legal == [str(action) for action in pitch13.legal_actions(table.state)]
        before, refused = table.state.ply, len(mover.errors)
        if bots is None:
            action = rng.choice(mover.legal)
        else:
            action = str(bots[seat].choose(pitch13.SeatView.from_dict(mover.view)))
        mover.send({"type": "move", "action": action, "ply": mover.view["ply"]})
        while table.state.ply == before:
            mover.receive()
            assert mover.errors[refused:] == []
        made += 1
    for player in players:
        player.sync()
    return made


def test_four_people_play_a_whole_game_and_each_copy_is_always_its_seats_view():
    """R-INFO-1, R-INFO-2: every message to every seat checked against the true state."""
    with running_server(**FAST) as srv:
        table_id, players = four_players(srv)
        start(players[0])
        play_on(players, random.Random(3), bots=[pitch13.bots.SimpleBot(seat) for seat in range(4)])
        table = players[0].table
        assert table.state.is_over
        for player in players:
            while not (player.table_message and player.table_message["over"]):
                player.receive()
            assert player.errors == []
            assert player.view == json.loads(pitch13.view(table.state, player.seat).to_json())
            assert player.view["outcome"]["winner"] == table.state.outcome.winner
        record = httpx.get(f"{srv.http}/api/tables/{table_id}/record.json")
        assert record.status_code == 200
        assert "attachment" in record.headers["content-disposition"]
        assert pitch13.replay(pitch13.GameRecord.from_json(record.text))[-1] == table.state
        text = httpx.get(f"{srv.http}/api/tables/{table_id}/record.txt")
        assert pitch13.GameRecord.from_text(text.text) == pitch13.GameRecord.from_json(record.text)


def all_frames(srv, index):
    """Every frame of a replay: the first hand's (in ``index``), then each other hand's in turn."""
    frames = list(index["frames"])
    for number in range(index["first_hand"] + 1, index["first_hand"] + len(index["hands"])):
        frames += httpx.get(f"{srv.http}{index['hands_url']}{number}").json()["frames"]
    return frames


def test_a_finished_game_replays_step_by_step_with_every_card():
    with running_server(**FAST) as srv:
        created = open_table(srv, rules="classic", seat=2)
        table_id = created["id"]
        assert httpx.get(f"{srv.http}/api/tables/{table_id}/replay").status_code == 409
        me = Player(srv, table_id, created["token"])
        start(me)
        bots = [pitch13.bots.SimpleBot(seat) for seat in range(4)]
        while not me.table.state.is_over:
            message = me.receive()
            if message["type"] == "view" and me.legal and me.view["ply"] == me.table.state.ply:
                action = bots[2].choose(pitch13.SeatView.from_dict(me.view))
                me.send({"type": "move", "action": str(action), "ply": me.view["ply"]})
        while not (me.table_message and me.table_message["over"]):
            me.receive()
        assert me.table_message["record"]["replay"] == f"/replay/{table_id}"
        frames = all_frames(srv, httpx.get(f"{srv.http}/api/tables/{table_id}/replay").json())
        states = pitch13.replay(pitch13.GameRecord.from_state(me.table.state))
        assert len(frames) == len(states)
        for frame, state in zip(frames, states, strict=True):
            assert frame["ply"] == state.ply
            assert frame["scores"] == list(state.scores)
            assert [sorted(hand) for hand in frame["hands"]] == [sorted(map(str, h)) for h in state.hands]
            assert frame["trick"] == [[seat, str(card)] for seat, card in state.trick]
        told = [line for frame in frames for line in frame["lines"]]
        assert told[0] == "Hand 1: North deals."
        assert told[-1].startswith(("North-South win", "East-West win"))
        # The same record uploaded, in either form, gives the same frames.
        record = httpx.get(f"{srv.http}/api/tables/{table_id}/record.txt").text
        uploaded = httpx.post(f"{srv.http}/api/replay", content=record.encode())
        assert uploaded.status_code == 200
        assert all_frames(srv, uploaded.json()) == frames
        for body, status in (
            (b"not a record", 400),
            (b"\xff\xfe", 400),
            (b"{" * 20, 400),
            (b"x" * 1_000_001, 413),
        ):
            answer = httpx.post(f"{srv.http}/api/replay", content=body)
            assert answer.status_code == status
            assert answer.json()["error"]
        assert httpx.get(f"{srv.http}/replay/{table_id}").status_code == 200


def test_a_spectator_sees_the_public_view_only():
    with running_server(**FAST) as srv:
        table_id, players = four_players(srv)
        watcher = Player(srv, table_id)
        assert watcher.seat is None
        start(players[0])
        play_on(players, random.Random(5), moves=40)
        watcher.sync()
        assert watcher.view["hand"] == []
        assert watcher.view == json.loads(pitch13.spectator_view(watcher.table.state).to_json())
        watcher.send({"type": "move", "action": "pass", "ply": watcher.view["ply"]})
        assert watcher.error()["code"] == "not_seated"
        watcher.send({"type": "start"})
        assert watcher.error()["code"] == "not_seated"


def test_one_person_and_three_bots_play_to_the_end():
    with running_server(**{**FAST, "bot_delay": 0.001}) as srv:
        created = open_table(srv, rules="classic", bots="simple", seed=None)
        me = Player(srv, created["id"], created["token"])
        start(me)
        rng = random.Random(8)
        while not me.table.state.is_over:
            message = me.receive()
            if message["type"] == "view" and me.legal and me.view["ply"] == me.table.state.ply:
                me.send({"type": "move", "action": rng.choice(me.legal), "ply": me.view["ply"]})
        assert [seat["kind"] for seat in me.table.table_message()["seats"]] == ["bot", "bot", "person", "bot"]
        assert me.table.state.rules == pitch13.Rules.classic_ten_point()
        # Dealt from the server's secret seed, which the record holds: it replays the whole game.
        record = httpx.get(f"{srv.http}/api/tables/{created['id']}/record.json")
        assert pitch13.replay(pitch13.GameRecord.from_json(record.text))[-1] == me.table.state


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "bad_message"),
        ("[1, 2]", "bad_message"),
        ('{"kind": "move"}', "bad_message"),
        ('{"type": 5}', "bad_message"),
        ('{"type": "dance"}', "bad_message"),
        ('{"type": "move"}', "bad_message"),
        ('{"type": "move", "action": "bid 5", "ply": "3"}', "bad_message"),
        ('{"type": "move", "action": "bid five", "ply": 0}', "bad_message"),
        ('{"type": "move", "action": "deal", "ply": 0}', "bad_message"),
        (b"\x00\x01binary", "bad_message"),
        ("x" * 5000, "too_big"),
        ("[" * 4000, "bad_message"),
        ('{"type": "start"}', "not_owner"),
        ('{"type": "join"}', "bad_message"),
    ],
)
def test_junk_is_answered_and_changes_nothing(frame, code):
    with running_server(**FAST) as srv:
        _, players = four_players(srv)
        start(players[0])
        play_on(players, random.Random(1), moves=3)
        table = players[0].table
        before = table.state
        players[1].send(frame)
        error = players[1].error()
        assert error["code"] == code
        assert error["message"]
        assert table.state is before
        # The connection and the game go on.
        players[1].send({"type": "ping"})
        assert players[1].receive()["type"] == "pong"
        assert play_on(players, random.Random(2), moves=5) == 5


def test_out_of_turn_and_stale_moves_are_refused_with_the_reason():
    with running_server(**FAST) as srv:
        _, players = four_players(srv)
        table = players[0].table
        players[3].send({"type": "move", "action": "pass", "ply": 0})
        assert players[3].error()["code"] == "not_started"
        start(players[0])
        play_on(players, random.Random(1), moves=1)
        before = table.state
        seat = before.to_act
        other = players[(seat + 1) % 4]
        other.send({"type": "move", "action": str(pitch13.legal_actions(before)[0]), "ply": before.ply})
        error = other.error()
        assert (error["code"], error["reason"]) == ("illegal", "NOT_YOUR_TURN")
        mover = players[seat]
        mover.send({"type": "move", "action": str(pitch13.legal_actions(before)[0]), "ply": before.ply - 1})
        error = mover.error()
        assert (error["code"], error["reason"]) == ("stale", "STALE_MOVE")
        mover.send({"type": "move", "action": "bid 2", "ply": before.ply})
        error = mover.error()
        assert (error["code"], error["reason"]) == ("illegal", "BID_TOO_LOW")
        assert "cannot bid 2" in error["message"]
        assert table.state is before


def test_a_frame_over_the_servers_limit_closes_that_connection_only():
    with running_server(**FAST) as srv:
        table_id, players = four_players(srv)
        start(players[0])
        players[1].send("x" * 100_000)
        assert closing_code(players[1]) == 1009  # message too big
        players[1] = Player(srv, table_id, players[1].token)
        assert play_on(players, random.Random(4), moves=8) == 8


def test_a_flood_is_refused_then_the_connection_closed():
    with running_server(**{**FAST, "rate": 5.0, "burst": 10}) as srv:
        _, players = four_players(srv)
        flooder = players[1]
        for _ in range(40):
            flooder.send({"type": "ping"})
        pongs, errors = 0, []
        while pongs + len(errors) < 11:
            message = flooder.receive()
            pongs += message["type"] == "pong"
            if message["type"] == "error":
                errors.append(message["code"])
        assert pongs == 10
        assert errors == ["flood"]
        assert closing_code(flooder, flood=400) == 1008
        # The others play on.
        players[0].send({"type": "ping"})
        assert players[0].receive()["type"] in ("pong", "table")


def test_joining_needs_a_join_and_a_good_token():
    with running_server(**FAST) as srv:
        created = open_table(srv)
        for first, code in (
            ({"type": "move", "action": "pass", "ply": 0}, "bad_message"),
            ({"type": "join", "token": "not-a-token"}, "bad_token"),
            ({"type": "join", "token": 7}, "bad_token"),
            ({"type": "join", "token": "é" * 24}, "bad_token"),
            ({"type": "join", "token": "x" * 5000}, "too_big"),
        ):
            with connect(f"{srv.ws}/ws/{created['id']}") as socket:
                socket.send(json.dumps(first))
                assert json.loads(socket.recv(timeout=10))["code"] == code
                with pytest.raises(ConnectionClosed):
                    socket.recv(timeout=10)
        with connect(f"{srv.ws}/ws/nosuchtable") as socket:
            socket.send(json.dumps({"type": "join"}))
            assert json.loads(socket.recv(timeout=10))["code"] == "no_table"


def test_a_seat_reconnects_with_its_token_and_gets_its_whole_view():
    with running_server(**FAST) as srv:
        table_id, players = four_players(srv)
        start(players[0])
        play_on(players, random.Random(6), moves=12)
        token = players[2].token
        players[2].close()
        while players[0].table_message["seats"][2]["connected"]:
            players[0].receive()
        players[2] = Player(srv, table_id, token)
        players[2].sync()
        assert players[2].view == json.loads(pitch13.view(players[2].table.state, 2).to_json())
        assert players[0].table.seats[2].connections == 1
        assert play_on(players, random.Random(7), moves=20) == 20


def test_bots_move_for_a_person_who_is_away_or_out_of_time():
    with running_server(**{**FAST, "turn_timeout": 0.2, "away_timeout": 0.05}) as srv:
        created = open_table(srv, seat=1, bots="simple")
        me = Player(srv, created["id"], created["token"])
        table = me.table
        started = time.monotonic()
        start(me)
        while table.state.ply < 3:  # seat 1 bids first: a bot moved for it when time ran out
            me.receive()
        assert time.monotonic() - started >= 0.2
        me.close()
        deadline = time.monotonic() + 60
        while not table.state.is_over and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table.state.is_over  # nobody there: the bots played the game out


def test_http_refuses_bad_requests():
    with running_server(**FAST) as srv:
        base = f"{srv.http}/api/tables"
        for body, status in (
            ({"rules": "chess"}, 400),
            ({"bots": "deep blue"}, 400),
            ({"seed": -1}, 400),
            ({"seed": 2.5}, 400),
            ({"seat": 4}, 400),
            ({"seat": "²"}, 400),
            ({"seed": "²"}, 400),
            ({"seed": "1" * 50}, 400),
            ([1, 2], 400),
        ):
            answer = httpx.post(base, json=body)
            assert answer.status_code == status, body
            assert answer.json()["error"]
        assert httpx.post(base, content=b"{not json").status_code == 400
        assert httpx.post(base, content=b"[" * 10_000).status_code == 400
        assert httpx.post(base, content=b"[" * 4_000).status_code == 400  # too deep for json
        created = open_table(srv, seed="12")
        table_id = created["id"]
        assert httpx.post(f"{base}/{table_id}/seats/2").status_code == 409
        assert httpx.post(f"{base}/{table_id}/seats/7").status_code == 400
        assert httpx.post(f"{base}/nosuchtable/seats/1").status_code == 404
        assert httpx.get(f"{base}/{table_id}/record.json").status_code == 409
        assert httpx.get(f"{base}/{table_id}/record.pdf").status_code == 404
        assert httpx.get(f"{base}/nosuchtable/record.json").status_code == 404
        listed = httpx.get(base).json()["tables"]
        assert [(table["id"], table["seats"][2]["kind"], table["started"]) for table in listed] == [
            (table_id, "person", False)
        ]
        assert httpx.get(f"{srv.http}/").status_code == 200
        assert httpx.get(f"{srv.http}/table/{table_id}").status_code == 200
        assert httpx.get(f"{srv.http}/static/table.js").status_code == 200


def test_search_bots_play_off_the_event_loop():
    with running_server(**FAST) as srv:
        created = open_table(srv, seat=2, bots="search")
        me = Player(srv, created["id"], created["token"])
        assert isinstance(me.table.bot_for(1, 0), pitch13.bots.SearchBot)
        start(me)
        while not me.legal:  # East, a SearchBot, bids first; then it is South's turn
            me.receive()
        assert me.view["ply"] == 1
        assert me.view["bids"][1] is not None
        me.send({"type": "ping"})  # the server answers while bots think
        while me.receive()["type"] != "pong":
            pass


def test_nobody_is_shown_a_card_before_the_start():
    """A seeded game is dealt when its table opens, but before the start a seat is shown the
    spectator's view: a person who sits, gives the seat up and sits elsewhere has seen no hand
    that a bot then plays. The start shows each seat its own hand."""
    with running_server(**FAST) as srv:
        created = open_table(srv, seat=2)
        owner = Player(srv, created["id"], created["token"])
        visitor = Player(srv, created["id"], take(srv, created["id"], 1))
        for player in (owner, visitor):
            player.sync()
            assert player.view["seat"] is None and player.view["hand"] == [] and player.legal == []
            assert player.view == json.loads(pitch13.spectator_view(player.table.state).to_json())
        start(owner)
        owner.sync()
        assert owner.view["seat"] == 2
        assert owner.view["hand"] == [str(card) for card in owner.table.state.hands[2]]


def test_seats_are_taken_before_the_start_only():
    """A seat a bot plays holds cards: a person taking it over would see another seat's hand."""
    with running_server(**FAST) as srv:
        created = open_table(srv, seat=1)  # seat 1 bids first
        me = Player(srv, created["id"], created["token"])
        assert me.legal == []  # a seeded game is dealt, but nobody moves before the start
        start(me)
        while not me.legal:  # the start sends the view again, with the seat's choices
            me.receive()
        assert me.view["ply"] == 0
        assert me.legal == [str(action) for action in pitch13.legal_actions(me.table.state)]
        answer = httpx.post(f"{srv.http}/api/tables/{created['id']}/seats/0")
        assert answer.status_code == 409
        assert answer.json()["code"] == "started"
        assert me.table.seats[0].kind.value == "bot"
        listed = httpx.get(f"{srv.http}/api/tables").json()["tables"]
        assert [(table["seeded"], table["started"]) for table in listed] == [(False, True)]


def test_a_turn_is_timed_from_its_start_whatever_the_comings_and_goings():
    with running_server(**{**FAST, "turn_timeout": 0.6, "away_timeout": 30.0}) as srv:
        created = open_table(srv, seat=1)  # seat 1 bids first
        table_id, token = created["id"], created["token"]
        me = Player(srv, table_id, token)
        start(me)
        began = time.monotonic()
        table = me.table
        while table.state.ply == 0:
            assert time.monotonic() - began < 5, "no bot stood in"
            me.close()
            time.sleep(0.1)
            me = Player(srv, table_id, token)  # coming back does not start the clock again
        assert 0.5 < time.monotonic() - began < 3


def test_the_server_keeps_its_tables_within_bounds(monkeypatch):
    import examples.web.app as web_app

    with running_server(**FAST) as srv:
        for _ in range(web_app.TABLES_AN_ADDRESS):
            open_table(srv)
        answer = httpx.post(f"{srv.http}/api/tables", json={"seed": 1})
        assert (answer.status_code, answer.json()["code"]) == (429, "too_many_tables")
        # One of the address's own tables, abandoned before its start, makes room for its sixth.
        mine = list(srv.server.tables.values())
        mine[2].last_active -= web_app.UNSTARTED_IDLE_LIMIT + 1
        refused = httpx.post(f"{srv.http}/api/tables", json={"seat": 2, "rules": "chess"})
        assert refused.status_code == 400 and mine[2].id in srv.server.tables  # kept for a good one
        sixth = open_table(srv)
        assert mine[2].id not in srv.server.tables and sixth["id"] in srv.server.tables
        assert len(srv.server.tables) == web_app.TABLES_AN_ADDRESS
        monkeypatch.setattr(web_app, "TABLES_AN_ADDRESS", 100)
        monkeypatch.setattr(web_app, "MAX_TABLES", len(srv.server.tables))
        answer = httpx.post(f"{srv.http}/api/tables", json={"seed": 1})
        assert (answer.status_code, answer.json()["code"]) == (503, "full")
        # An abandoned table (nobody connected for IDLE_LIMIT) makes room for a new one.
        abandoned = next(iter(srv.server.tables.values()))
        abandoned.last_active -= web_app.IDLE_LIMIT + 1
        created = open_table(srv)
        assert abandoned.id not in srv.server.tables
        assert created["id"] in srv.server.tables
        # The abandoned table's task ends with it: a task a table, no more.
        give_up = time.monotonic() + 10
        while srv.server.running != len(srv.server.tables) and time.monotonic() < give_up:
            time.sleep(0.02)
        assert srv.server.running == len(srv.server.tables)
        # A table takes so many spectators, and each connection must join in time.
        monkeypatch.setattr(web_app, "MAX_SPECTATORS", 1)
        monkeypatch.setattr(web_app, "JOIN_TIMEOUT", 0.2)
        with connect(f"{srv.ws}/ws/{created['id']}") as silent:
            assert json.loads(silent.recv(timeout=10))["code"] == "bad_message"  # no join in time
            with pytest.raises(ConnectionClosed):
                silent.recv(timeout=10)
        first = Player(srv, created["id"])
        with connect(f"{srv.ws}/ws/{created['id']}") as second:
            second.send(json.dumps({"type": "join"}))
            assert json.loads(second.recv(timeout=10))["code"] == "table_full"
        first.close()


def test_a_seat_of_thousands_of_digits_a_body_cut_short_and_a_database_unread_are_answered_quietly(
    monkeypatch, caplog
):
    """A seat number past what Python reads into an int is a 400 as seat 9 is; a client gone
    before its body is sent is answered with nothing logged; a database that cannot be read
    (a file corrupted while serving) is a 503 ``storage``, logged in one line. None a 500."""
    from examples.web.store import Store, StoreError

    logged: list[logging.LogRecord] = []  # uvicorn's own log, which does not reach caplog
    catcher = logging.Handler()
    catcher.emit = logged.append
    with running_server(**FAST) as srv:
        # Set once the server has configured its logging, which replaces the handlers.
        monkeypatch.setattr(logging.getLogger("uvicorn.error"), "handlers", [catcher])
        table_id = open_table(srv)["id"]
        for seat in ("9" * 5000, "9", "x", "-1"):
            answer = httpx.post(f"{srv.http}/api/tables/{table_id}/seats/{seat}", json={})
            assert (answer.status_code, answer.json()["code"]) == (400, "bad_request"), seat
            assert answer.json()["error"].startswith("a seat is 0 to 3, not ")
        with socket.create_connection(("127.0.0.1", srv.port)) as raw:
            raw.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n")
            raw.sendall(b'Content-Length: 100\r\n\r\n{"se')
        time.sleep(0.5)

        def unreadable(self, *args):
            raise StoreError(f"cannot read {self.path}: database disk image is malformed")

        monkeypatch.setattr(Store, "record", unreadable)
        monkeypatch.setattr(Store, "review", unreadable)
        for method, path in (
            ("GET", "record.json"),
            ("GET", "review"),
            ("POST", "review"),
            ("GET", "replay"),
        ):
            answer = httpx.request(method, f"{srv.http}/api/tables/ffffffff/{path}")
            assert (answer.status_code, answer.json()["code"]) == (503, "storage"), path
    assert "Traceback" not in caplog.text and not [record.getMessage() for record in logged]
    assert "database disk image is malformed" in caplog.text


def test_the_table_refuses_bad_settings_and_requests():
    for settings in ({"rules": "chess"}, {"bots": "random"}, {"seed": -1}, {"seed": True}):
        with pytest.raises(TableError) as refused:
            Table("t", **settings)
        assert refused.value.code == "bad_request"
    table = Table("t", seed=3)
    with pytest.raises(TableError, match="seated player"):
        table.start(None)
    table.take_seat(2)
    with pytest.raises(TableError) as refused:
        table.take_seat(2)
    assert refused.value.code == "seat_taken"
    with pytest.raises(TableError) as refused:
        table.seat_of(None)
    assert refused.value.code == "bad_token"
    with pytest.raises(TableError) as refused:
        table.record("json")
    assert refused.value.code == "not_over"


def test_a_view_message_costs_the_same_late_in_a_long_game():
    """The server's work for a message depends on the hand in play, not on the hands before."""
    table = Table("t", seed=21)
    table.take_seat(2)
    table.start(2)
    rng = random.Random(2)
    sizes = {}

    while not table.state.is_over:
        client = Client(2)
        table.updates(client)  # a whole view: what a reconnecting seat is sent
        full = json.dumps(client.sent)
        sizes.setdefault(table.state.hand_number, []).append(len(full))
        seat = table.state.to_act
        table.bot_move(seat, rng.choice(pitch13.legal_actions(table.state)), table.state.ply)
    hands = sorted(sizes)
    assert len(hands) >= 4
    assert max(sizes[hands[-1]]) < 2 * max(sizes[hands[0]]) + 2000


def test_only_a_persons_own_move_keeps_a_table_active_not_a_bot_standing_in():
    """A bot moving for an away person restarted the idle clock, so a table its people had left
    was never abandoned while the bots played on for them."""
    table = Table("t", secret=5, owner_seat=1)
    table.take_seat(1)
    table.start(1)
    seat = table.state.to_act
    assert seat == 1  # the person's turn, the bot plays it for them
    table.last_active -= 100
    assert table.bot_move(seat, pitch13.legal_actions(table.state)[0], table.state.ply)
    assert time.monotonic() - table.last_active > 99
    while table.state.to_act != 1:
        table.bot_move(table.state.to_act, pitch13.legal_actions(table.state)[0], table.state.ply)
    table.move(
        1, {"type": "move", "action": str(pitch13.legal_actions(table.state)[0]), "ply": table.state.ply}
    )
    assert time.monotonic() - table.last_active < 5


def test_events_narrate_what_the_seat_saw():
    table = Table("t", seed=12)
    table.take_seat(2)
    table.start(2)

    client = Client(2)
    first = next(m for m in table.updates(client) if m["type"] == "view")
    assert first["events"] == list(narrate_seen(seen_history(table.state, 2, None), viewer=2))
    assert first["events"][0] == "Hand 1: North deals."
    before = table.state.ply
    seat = table.state.to_act
    table.bot_move(seat, pitch13.legal_actions(table.state)[0], before)
    (update,) = [m for m in table.updates(client) if m["type"] == "view"]
    assert update["full"] is False
    assert update["events"] == [f"{['North', 'East', 'South', 'West'][seat]} passes."]
    assert update["history"][0] == len(first["view"]["history"])


def test_events_tell_every_step_the_seat_saw_across_hands():
    """However the events are found (the view within a hand, the game's history across a hand's
    end), they are the seat's history since the last message, told in order."""
    from pitch13.narration import Narrator

    table = Table("t", rules="classic", secret=5, owner_seat=1)
    table.take_seat(1)
    table.start(1)
    client, teller = Client(1), Narrator()
    rng = random.Random(4)
    told = []
    expected = list(narrate_seen(seen_history(table.state, 1, None), teller, viewer=1))
    while not table.state.is_over:
        for message in table.updates(client):
            if message["type"] == "view":
                told.extend(message["events"])
        before = table.state.ply
        for _ in range(rng.choice((1, 1, 3))):  # sometimes several moves between messages
            if table.state.is_over:
                break
            table.bot_move(
                table.state.to_act, rng.choice(pitch13.legal_actions(table.state)), table.state.ply
            )
        expected.extend(narrate_seen(seen_history(table.state, 1, before), teller, viewer=1))
    for message in table.updates(client):
        if message["type"] == "view":
            told.extend(message["events"])
    assert table.state.hand_number > 1
    assert told == expected


# --- the command: python -m examples.web ------------------------------------------------------------

ROOT = pathlib.Path(__file__).resolve().parent.parent


def serve_command(*args):
    """The server's command, with a database of its own (not the default one in the folder it runs in)."""
    return [sys.executable, "-m", "examples.web", "--db", ":memory:", *args]


def test_a_busy_port_is_refused_in_one_line_that_names_the_option():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            serve_command("--port", str(port)), cwd=ROOT, capture_output=True, text=True, timeout=120
        )
    assert done.returncode == 1
    assert done.stdout == ""  # no address to open
    other = port + 1 if port < 65535 else 8001
    assert done.stderr == (
        f"python -m examples.web: cannot listen on 127.0.0.1:{port}: the port is in use; "
        f"choose another with --port, e.g. --port {other}\n"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C is SIGINT on POSIX")
def test_the_address_is_printed_once_the_server_answers_there():
    server = subprocess.Popen(
        serve_command("--port", "0", "--bot-delay", "0"),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        ready, _, _ = select.select([server.stdout], [], [], 120)
        assert ready, "the server printed nothing"
        line = server.stdout.readline()
        found = re.fullmatch(
            r"pitch13 web table: open (http://127\.0\.0\.1:([0-9]+)/) in a browser \(Ctrl-C stops it\)\n",
            line,
        )
        assert found, line
        assert int(found[2]) > 0  # --port 0: the port the system chose
        # At once, with no retry: the server answers as soon as it says where.
        response = httpx.get(f"{found[1]}api/tables", timeout=10)
        assert response.status_code == 200 and response.json() == {"tables": []}
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    assert server.returncode == 0
    assert out == ""
    assert "Traceback" not in err


def test_the_command_says_why_it_cannot_listen_and_what_to_do(capsys):
    from examples.web.__main__ import cannot_listen, main

    where = "python -m examples.web: cannot listen on"
    assert cannot_listen("127.0.0.1", 8000, OSError(errno.EADDRINUSE, "Address in use")) == (
        f"{where} 127.0.0.1:8000: the port is in use; choose another with --port, e.g. --port 8001"
    )
    assert cannot_listen("::1", 80, OSError(errno.EACCES, "Permission denied")) == (
        f"{where} [::1]:80: permission denied; choose a port above 1023 with --port"
    )
    assert cannot_listen("no.such.host", 8000, socket.gaierror(socket.EAI_NONAME, "Name not known")) == (
        f"{where} no.such.host:8000: Name not known; choose another address with --host"
    )
    assert cannot_listen("127.0.0.1", 8000, OSError(errno.EINVAL, "Invalid argument")) == (
        f"{where} 127.0.0.1:8000: Invalid argument"
    )
    # 192.0.2.1 is kept for documentation (RFC 5737): no machine has it.
    assert main(["--host", "192.0.2.1", "--port", "8000"]) == 1
    assert capsys.readouterr().err == (
        f"{where} 192.0.2.1:8000: this machine has no such address; choose another with --host\n"
    )
    for port, message in (("70000", "a port is from 0 to 65535, not 70000"), ("x", "not a port number: 'x'")):
        with pytest.raises(SystemExit) as exit_:
            main(["--port", port])
        assert exit_.value.code == 2
        assert f"argument --port: {message}" in capsys.readouterr().err
