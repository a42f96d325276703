"""The replay of the web table (examples/web), sent a hand at a time.

A recorded game is replayed once into a :class:`~examples.web.table.Replay`, which tells any one
hand again at the cost of that hand; the server keeps the records uploaded to the replay page in
a small cache, and sends each hand when the page asks for it. The tests check that the hands'
frames are the frames the whole game made at once, that each hand costs only itself, the
answers and the cache's bounds, a finished table's replay read back from the database, and the
page in headless Chromium (skipped without Playwright or Chromium, unless
``PITCH13_BROWSER_TESTS=required``, as in ``tests/test_web_browser.py``).
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import random
import shutil
import time
from pathlib import Path

import attrs
import pytest

pytest.importorskip("starlette", reason="the web table needs the web extra")
pytest.importorskip("uvicorn", reason="the web table needs the web extra")
pytest.importorskip("websockets", reason="the web table needs the web extra")
httpx = pytest.importorskip("httpx", reason="the web tests need httpx")

from websockets.sync.client import connect  # noqa: E402

import examples.web.table as web_table  # noqa: E402
import pitch13  # noqa: E402
from examples.web.table import Message, Replay, TableError  # noqa: E402
from pitch13.analysis import review  # noqa: E402
from pitch13.narration import Narrator, narrate_history  # noqa: E402
from pitch13.trumps import sort_hand  # noqa: E402
from web_helpers import BROWSER_ARGS, FAST, running_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else shutil.which("chromium")
_MISSING = [
    name
    for name, found in (
        ("Playwright (the webtest extra)", importlib.util.find_spec("playwright")),
        ("Chromium (Debian's chromium package)", CHROMIUM),
    )
    if not found
]
_WHY = "the browser tests need " + ", ".join(_MISSING)
if _MISSING and os.environ.get("PITCH13_BROWSER_TESTS") == "required":
    raise RuntimeError(_WHY)
needs_browser = pytest.mark.skipif(bool(_MISSING), reason=_WHY)


def frames_of_before(record: pitch13.GameRecord) -> list[Message]:
    """The whole game's frames as the server made them when it sent a replay in one answer."""
    states = pitch13.replay(record)
    narrator = Narrator()
    frames: list[Message] = []
    told = 0
    for state in states:
        lines = narrate_history(state.history_since(told), narrator)
        told = state.history_len
        trump = state.trump
        frames.append(
            {
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
                "hands": [
                    [str(card) for card in sort_hand(hand, trump, state.rules)] for hand in state.hands
                ],
                "trick": [[seat, str(card)] for seat, card in state.trick],
                "lines": list(lines),
            }
        )
    return frames


def played(
    state: pitch13.GameState, seed: int, moves: int | None = None, passes: float = 0.0
) -> pitch13.GameState:
    """``state`` played on at random (a game dealt by its players shuffled from ``seed`` too), a
    seat passing when it may with the odds ``passes``, else choosing any action."""
    rng = random.Random(seed)
    while not state.is_over and (moves is None or moves > 0):
        if state.is_chance:
            deck = list(pitch13.DECK)
            rng.shuffle(deck)
            state = pitch13.apply(state, pitch13.Deal(deck))
        else:
            legal = pitch13.legal_actions(state)
            action = (
                pitch13.Pass() if pitch13.Pass() in legal and rng.random() < passes else rng.choice(legal)
            )
            state = pitch13.apply(state, action)
        moves = None if moves is None else moves - 1
    return state


def bots_game(seed: int, rules: pitch13.Rules | None = None) -> pitch13.GameState:
    """A game of four simple bots to its end."""
    bots = [pitch13.bots.SimpleBot(seat) for seat in range(4)]
    state = pitch13.new_game(rules or pitch13.Rules.classic_ten_point(), seed=seed)
    while not state.is_over:
        state = pitch13.apply(state, bots[state.to_act].choose(pitch13.view(state, state.to_act)))
    return state


def hand_numbers(replay: Replay) -> range:
    return range(replay.first_hand, replay.first_hand + len(replay.hands))


RECORDS = {
    "seeded, random play": lambda: played(pitch13.new_game(seed=1), 1),
    "dealt by its players": lambda: played(pitch13.new_game(pitch13.Rules.classic_ten_point()), 2),
    "started partway": lambda: played(pitch13.new_game(seed=3, scores=(40, 31), hand_number=6, dealer=1), 3),
    "hands thrown in": lambda: played(
        pitch13.new_game(pitch13.Rules(all_pass="redeal"), seed=4), 4, passes=0.7
    ),
    "not played to its end": lambda: played(pitch13.new_game(seed=5), 5, moves=80),
    "simple bots": lambda: bots_game(6),
}


@pytest.mark.parametrize("kind", list(RECORDS))
def test_the_hands_frames_are_the_whole_games_frames(kind):
    """Every state is in the hand its hand_number names, the first included: the hands' frames,
    one hand after another, are the frames the whole game made at once."""
    state = RECORDS[kind]()
    record = pitch13.GameRecord.from_state(state)
    replay = Replay(record)
    whole = frames_of_before(record)
    by_hand = [replay.frames(number) for number in hand_numbers(replay)]
    assert [frame for frames in by_hand for frame in frames] == whole
    assert replay.states == len(whole) == len(pitch13.replay(record))
    assert replay.over == state.is_over
    assert replay.first_hand == whole[0]["hand_number"] == record.start_hand
    results = {result.hand_number: result for result in state.results}
    for number, frames, row in zip(hand_numbers(replay), by_hand, replay.hands, strict=True):
        assert {frame["hand_number"] for frame in frames} == {number}
        count, dealer, bidder, bid, made, *after = row
        assert count == len(frames) and dealer == frames[0]["dealer"]
        result = results.get(number)
        if result is None:  # thrown in, or still in play
            assert bidder is bid is made is None
        else:
            assert (bidder, bid, made, after) == (result.bidder, result.bid, result.made, list(result.scores))
    assert after == list(state.scores)
    if kind == "hands thrown in":
        assert any(row[2] is None for row in replay.hands[:-1])
    if kind == "dealt by its players":
        assert whole[0]["phase"] == "deal" and whole[0]["lines"] == []


def test_a_hand_costs_that_hand_not_the_game(monkeypatch):
    """A hand is made again from its first state: an action applied for each of its frames but the
    first, and the hand before it told to the narrator, whatever the game's length."""
    state = played(pitch13.new_game(pitch13.Rules(target=400), seed=8), 8)
    replay = Replay(pitch13.GameRecord.from_state(state))
    assert len(replay.hands) > 40
    applied = []
    told = []
    apply, narrate = pitch13.apply, web_table.narrate_history

    def counting_apply(*args, **kwargs):
        applied.append(1)
        return apply(*args, **kwargs)

    def counting_narrate(entries, narrator=None):
        entries = tuple(entries)
        told.append(len(entries))
        return narrate(entries, narrator)

    monkeypatch.setattr(pitch13, "apply", counting_apply)
    monkeypatch.setattr(web_table, "narrate_history", counting_narrate)
    entries_a_hand = state.history_len / len(replay.hands)
    for number in (replay.first_hand, replay.first_hand + len(replay.hands) // 2, hand_numbers(replay)[-1]):
        applied.clear()
        told.clear()
        frames = replay.frames(number)
        assert len(applied) == len(frames) - 1
        assert sum(told) < 6 * entries_a_hand


def test_a_hand_out_of_range_and_a_record_too_long_are_refused(monkeypatch):
    replay = Replay(pitch13.GameRecord.from_state(bots_game(2)))
    for number in (0, replay.first_hand - 1, replay.first_hand + len(replay.hands), 10**6):
        with pytest.raises(TableError) as refused:
            replay.frames(number)
        assert refused.value.code == "no_hand"
    monkeypatch.setattr(web_table, "MAX_FRAMES", 50)
    with pytest.raises(TableError) as refused:
        Replay(pitch13.GameRecord.from_state(bots_game(2)))
    assert refused.value.code == "too_long"


def fetch_all(client: httpx.Client, srv, index: dict) -> list[Message]:
    """Every frame of a replay: the first hand's (in ``index``), then each other hand's, asked for
    one at a time; each answer names its hand."""
    frames = list(index["frames"])
    assert index["hand"] == index["first_hand"]
    for number in range(index["first_hand"] + 1, index["first_hand"] + len(index["hands"])):
        answer = client.get(f"{srv.http}{index['hands_url']}{number}")
        assert answer.status_code == 200, answer.text
        assert answer.json()["hand"] == number
        frames += answer.json()["frames"]
    return frames


def test_an_upload_answers_its_first_hand_and_its_id_serves_the_others():
    state = played(pitch13.new_game(pitch13.Rules(target=150), seed=11), 11)
    record = pitch13.GameRecord.from_state(state)
    whole = frames_of_before(record)
    with running_server(**FAST) as srv, httpx.Client() as client:
        answers = []
        for body in (record.to_text(), record.to_json()):
            uploaded = client.post(f"{srv.http}/api/replay", content=body.encode())
            assert uploaded.status_code == 200, uploaded.text
            index = uploaded.json()
            assert index["hands_url"] == f"/api/replay/{index['id']}/hands/"
            assert (index["first_hand"], index["states"], index["over"]) == (1, len(whole), True)
            assert sum(row[0] for row in index["hands"]) == len(whole)
            assert index["frames"] == [frame for frame in whole if frame["hand_number"] == 1]
            assert fetch_all(client, srv, index) == whole
            answers.append(index)
        assert answers[0]["id"] != answers[1]["id"]
        assert answers[0]["hands"] == answers[1]["hands"]
        # Each answer holds one hand's frames: a long game's upload is not the whole game.
        assert len(uploaded.content) < 60_000 < len(json.dumps(whole))
        assert len(srv.server.replays) == 2


def test_unknown_ids_and_hands_out_of_range_answer_404():
    record = pitch13.GameRecord.from_state(bots_game(3))
    with running_server(**FAST) as srv, httpx.Client() as client:
        index = client.post(f"{srv.http}/api/replay", content=record.to_text().encode()).json()
        last = index["first_hand"] + len(index["hands"]) - 1
        for number in ("0", str(last + 1), "-1", "x", "1.5", "9" * 40, "%C2%B2"):
            answer = client.get(f"{srv.http}{index['hands_url']}{number}")
            assert (answer.status_code, answer.json()["code"]) == (404, "no_hand"), number
            assert answer.json()["error"]
        assert client.get(f"{srv.http}{index['hands_url']}{last}").status_code == 200
        for upload_id in ("nothing", index["id"] + "x", ""):
            answer = client.get(f"{srv.http}/api/replay/{upload_id}/hands/1")
            assert answer.status_code == 404
            if upload_id:
                assert answer.json()["code"] == "no_replay"
                assert "upload it again" in answer.json()["error"]
        for path in ("/api/tables/nothing/replay", "/api/tables/nothing/replay/hands/1"):
            answer = client.get(srv.http + path)
            assert (answer.status_code, answer.json()["code"]) == (404, "no_table")
        # The whole game in one answer is gone.
        assert client.get(f"{srv.http}/api/tables/nothing/replay.json").status_code == 404


def test_the_cache_keeps_the_uploads_used_last_for_a_while():
    small = [
        pitch13.GameRecord.from_state(played(pitch13.new_game(seed=seed), seed, moves=30))
        for seed in range(3)
    ]
    with running_server(**FAST) as srv, httpx.Client() as client:
        cache = srv.server.replays
        assert (cache.size, cache.ttl) == (16, 600.0)

        def upload(i):
            answer = client.post(f"{srv.http}/api/replay", content=small[i % 3].to_text().encode())
            assert answer.status_code == 200
            return answer.json()["hands_url"]

        def hand(url):
            return client.get(f"{srv.http}{url}1")

        urls = [upload(i) for i in range(cache.size)]
        assert all(hand(url).status_code == 200 for url in urls)
        assert hand(urls[0]).status_code == 200  # the first is now the one used last
        urls.append(upload(cache.size))
        assert len(cache) == cache.size
        forgotten = hand(urls[1])
        assert (forgotten.status_code, forgotten.json()["code"]) == (404, "no_replay")
        assert all(hand(url).status_code == 200 for url in [urls[0], *urls[2:]])
        # The oldest forgotten again, one upload after another.
        for i in range(3):
            urls.append(upload(i))
        assert [hand(url).status_code for url in urls[:6]] == [404, 404, 404, 404, 200, 200]
        # A replay not used for the cache's time is forgotten.
        cache.ttl = 0.2
        time.sleep(0.3)
        assert hand(urls[-1]).json()["code"] == "no_replay"
        assert len(cache) == 0
        assert hand(upload(0)).status_code == 200


def finished_table(srv, client: httpx.Client, seed: int = 5, rules: str = "classic") -> str:
    """A table (of the classic rules, or ``rules``) whose owner starts it and goes away: bots play it to its end.

    Before its start, its replay answers 409 (it would show every card).
    """
    created = client.post(f"{srv.http}/api/tables", json={"rules": rules, "seat": 2, "seed": seed})
    assert created.status_code == 201
    table_id, token = created.json()["id"], created.json()["token"]
    for path in ("replay", "replay/hands/1"):
        answer = client.get(f"{srv.http}/api/tables/{table_id}/{path}")
        assert (answer.status_code, answer.json()["code"]) == (409, "not_over")
    with connect(f"{srv.ws}/ws/{table_id}") as socket:
        socket.send(json.dumps({"type": "join", "token": token}))
        socket.send(json.dumps({"type": "start"}))
        while not json.loads(socket.recv(timeout=10)).get("started"):
            pass
    deadline = time.monotonic() + 60
    while client.get(f"{srv.http}/api/tables/{table_id}/record.json").status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    return table_id


def test_a_finished_table_replays_by_hand_from_memory_and_from_the_database():
    # The owner goes away at once, and bots play their seat too.
    with running_server(**{**FAST, "away_timeout": 0.0}) as srv, httpx.Client() as client:
        table_id = finished_table(srv, client)
        record = pitch13.GameRecord.from_json(
            client.get(f"{srv.http}/api/tables/{table_id}/record.json").text
        )
        whole = frames_of_before(record)
        index = client.get(f"{srv.http}/api/tables/{table_id}/replay").json()
        assert (index["id"], index["hands_url"]) == (table_id, f"/api/tables/{table_id}/replay/hands/")
        assert fetch_all(client, srv, index) == whole
        assert len(srv.server.kept_replays) == 0  # the table in memory keeps its own
        # The table leaves the server's memory: its record, kept in the database, replays.
        srv.server.tables.pop(table_id)
        assert srv.server.store.record(table_id, "json") is not None
        last = index["first_hand"] + len(index["hands"]) - 1
        answer = client.get(f"{srv.http}/api/tables/{table_id}/replay/hands/{last}")
        assert answer.json()["frames"] == [frame for frame in whole if frame["hand_number"] == last]
        assert len(srv.server.kept_replays) == 1  # read once, then kept
        again = client.get(f"{srv.http}/api/tables/{table_id}/replay").json()
        assert again == index
        assert fetch_all(client, srv, again) == whole
        assert (
            client.get(f"{srv.http}/api/tables/{table_id}/replay/hands/{last + 1}").json()["code"]
            == "no_hand"
        )
        assert client.get(f"{srv.http}/replay/{table_id}").status_code == 200


# --- the page, in headless Chromium ----------------------------------------------------------


# The cards the page shows for each seat, and where it stands.
SHOWN = """() => ({
  at: window.pitch13Replay.at,
  hand: window.pitch13Replay.hand,
  shown: window.pitch13Replay.shown,
  cards: [0, 1, 2, 3].map((seat) =>
    [...document.querySelectorAll(`#replay-hands [data-seat="${seat}"] .card`)].map((card) => card.dataset.card)
  ),
  scores: [0, 1].map((team) =>
    Number(document.querySelector(`#replay-scores tr[data-team="${team}"]`).dataset.score)
  ),
  position: document.getElementById("replay-position").textContent,
  now: [...document.querySelectorAll("#replay-lines li.now")].map((item) => item.textContent),
  loadError: document.getElementById("replay-load-error").textContent,
})"""


@needs_browser
def test_the_page_steps_across_a_hand_boundary_loading_hands_as_it_goes(tmp_path):
    from playwright import sync_api

    state = bots_game(4)
    record = pitch13.GameRecord.from_state(state)
    whole = frames_of_before(record)
    states = pitch13.replay(record)
    saved = tmp_path / "game.txt"
    saved.write_text(record.to_text(), encoding="utf-8")
    starts = [
        i for i, frame in enumerate(whole) if i == 0 or frame["hand_number"] != whole[i - 1]["hand_number"]
    ]
    assert len(starts) >= 9
    errors: list[str] = []

    def check(page, index):
        """The page shows step ``index``: every seat's cards, the scores, this step's lines."""
        page.wait_for_function(f"() => window.pitch13Replay.shown && window.pitch13Replay.at === {index}")
        now = page.evaluate(SHOWN)
        frame = whole[index]
        assert now["hand"] == frame["hand_number"]
        assert [sorted(cards) for cards in now["cards"]] == [sorted(map(str, h)) for h in states[index].hands]
        assert now["scores"] == frame["scores"]
        assert now["now"] == frame["lines"]
        assert now["position"].startswith(f"Step {index} of {len(whole) - 1} · hand {frame['hand_number']},")
        assert now["loadError"] == ""
        return now

    with running_server(**FAST) as srv, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on(
                "console",
                lambda message: (
                    errors.append(message.text) if "Content Security Policy" in message.text else None
                ),
            )
            hands_asked: list[str] = []
            page.on(
                "request",
                lambda request: hands_asked.append(request.url) if "/hands/" in request.url else None,
            )
            page.goto(srv.http + "/replay")
            page.set_input_files("#record-file", str(saved))
            page.wait_for_selector("#replay-board:not([hidden])")
            assert page.locator("#frame").get_attribute("max") == str(len(whole) - 1)
            options = page.locator("#hand-select option")
            assert options.count() == len(starts)
            assert options.first.inner_text().startswith("1: ")
            check(page, 0)
            # The first hand came with the upload; the last (the end) and the second (the next)
            # are asked for, and nothing else.
            page.wait_for_function("() => window.pitch13Replay.loaded.length === 3")
            assert sorted(page.evaluate("window.pitch13Replay.loaded")) == [1, 2, len(starts)]

            # Across the boundary of hands 1 and 2, a step at a time, forward and back.
            page.click("#next-hand")
            check(page, starts[1])
            page.click("#step-prev")
            check(page, starts[1] - 1)
            page.click("#step-next")
            now = check(page, starts[1])
            assert any(line.startswith("Hand 2: ") for line in now["now"])
            # Hand 3, the next, was asked for when hand 2 was shown: a step over its boundary is
            # drawn from what the page holds.
            page.wait_for_function("() => window.pitch13Replay.loaded.includes(3)")
            page.keyboard.press("PageDown")
            check(page, starts[2])
            page.keyboard.press("ArrowLeft")
            check(page, starts[2] - 1)
            page.keyboard.press("ArrowRight")
            check(page, starts[2])
            page.click("#prev-hand")
            check(page, starts[1])
            page.click("#prev-hand")
            check(page, 0)

            # The slider, then the hand selector, to a hand the page does not hold.
            page.locator("#frame").fill(str(starts[3] + 2))
            check(page, starts[3] + 2)
            page.locator("#hand-select").select_option(str(len(starts) - 1))
            check(page, starts[-2])
            page.click("#last")
            now = check(page, len(whole) - 1)
            assert now["scores"] == list(state.scores)
            assert len(set(hands_asked)) == len(hands_asked)  # no hand asked for twice

            # A hand the server no longer holds (its upload forgotten) is told, and the page
            # offers to upload the record again.
            held = page.evaluate("window.pitch13Replay.loaded")
            missing = next(number for number in range(1, len(starts) + 1) if number not in held)
            srv.server.replays.ttl = 0.0
            time.sleep(0.05)
            page.locator("#hand-select").select_option(str(missing))
            page.wait_for_function("() => document.getElementById('replay-load-error').textContent !== ''")
            failed = page.locator("#replay-load-error").inner_text()
            assert failed.startswith(f"Hand {missing} could not be loaded: ")
            assert "upload it again" in failed
            assert page.locator("#replay-upload").is_visible()
            assert page.evaluate("window.pitch13Replay.shown") is False
            # Uploaded again, it replays from its start.
            srv.server.replays.ttl = 600.0
            page.set_input_files("#record-file", str(saved))
            page.wait_for_function("() => window.pitch13Replay.at === 0 && window.pitch13Replay.shown")
            check(page, 0)
        finally:
            browser.close()
    assert errors == []


# --- the review of a game --------------------------------------------------------------------


def short_rules() -> pitch13.Rules:
    """The classic rules played to 5 points: a game of one hand, or two (a review in a second)."""
    return attrs.evolve(pitch13.Rules.classic_ten_point(), target=5)


def short_game(seed: int = 3) -> pitch13.GameRecord:
    """A short game of four simple bots; seed 3's has marks on FAST's budget of two deals."""
    return pitch13.GameRecord.from_state(bots_game(seed, short_rules()))


def librarys_review(record: pitch13.GameRecord) -> dict:
    """The library's review of ``record`` on the budget of the FAST settings, as JSON reads it."""
    made = review(record, samples=FAST["review_samples"], time_limit=FAST["review_time"], seed=0)
    return json.loads(made.to_json())


def wait_review(client: httpx.Client, url: str, timeout: float = 90.0) -> tuple[dict, list[dict]]:
    """Ask how the review at ``url`` stands until it is done: its last answer, and the others."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        answer = client.get(url)
        assert answer.status_code in (200, 202), answer.text
        now = answer.json()
        assert (answer.status_code == 202) == (now["state"] in ("queued", "running")), now
        if now["state"] == "done":
            return now, seen
        assert now["state"] in ("queued", "running"), now
        seen.append(now)
        assert time.monotonic() < deadline, f"the review is not done: {now}"
        time.sleep(0.05)


def check_steps(record: pitch13.GameRecord, done: dict) -> None:
    """Each decision's step is the state its action made: the step that tells it."""
    states = pitch13.replay(record)
    actions = [pair for hand in record.hands for pair in hand.actions]
    assert len(done["steps"]) == len(actions)
    for decision in done["review"]["decisions"]:
        step = done["steps"][decision["index"]]
        seat, action = states[step].actions[-1]
        assert (
            (seat, str(action))
            == (decision["seat"], decision["action"])
            == (
                actions[decision["index"]][0],
                str(actions[decision["index"]][1]),
            )
        )
        assert states[step - 1].to_act == seat


def test_an_uploads_review_runs_in_a_process_of_its_own_and_is_the_librarys():
    record = short_game()
    expected = librarys_review(record)
    assert any(decision["mark"] for decision in expected["decisions"])
    with running_server(**FAST) as srv, httpx.Client() as client:
        index = client.post(f"{srv.http}/api/replay", content=record.to_text().encode()).json()
        url = f"{srv.http}{index['review_url']}"
        assert index["review_url"] == f"/api/replay/{index['id']}/review"
        assert client.get(url).json() == {"state": "none"}
        started = client.post(url)
        assert started.status_code == 202 and started.json()["state"] in ("queued", "running")
        again = client.post(url)  # under way: not started again
        assert again.status_code == 202 and again.json()["state"] in ("queued", "running")
        done, seen = wait_review(client, url)
        assert srv.server.reviewer.started == 1
        assert done["review"] == expected
        check_steps(record, done)
        # The progress counts the decisions done, up to all of them.
        for now in seen:
            if now["state"] == "running" and now["total"] is not None:
                assert 0 <= now["done"] <= now["total"] == len(expected["decisions"])
        # Done: asked for again, it is the same review, not a new one.
        again = client.post(url)
        assert (again.status_code, again.json()) == (200, done)
        assert srv.server.reviewer.started == 1
        # A second upload of the same record has a review of its own.
        other = client.post(f"{srv.http}/api/replay", content=record.to_json().encode()).json()
        url = f"{srv.http}{other['review_url']}"
        assert client.get(url).json() == {"state": "none"}
        # A review past its time is stopped, its worker killed; asked for again, it starts again,
        # in a new worker.
        srv.server.reviewer.timeout = 0.05
        assert client.post(url).status_code == 202
        deadline = time.monotonic() + 30
        while (now := client.get(url).json())["state"] != "error":
            assert now["state"] in ("queued", "running") and time.monotonic() < deadline, now
            time.sleep(0.02)
        assert now == {
            "state": "error",
            "error": "the review took more than 0.05 seconds",
            "code": "review_failed",
        }
        srv.server.reviewer.timeout = 600.0
        assert client.post(url).status_code == 202
        while not ((now := client.get(url).json())["state"] == "done" or now.get("done")):
            assert now["state"] in ("queued", "running") and time.monotonic() < deadline, now
            time.sleep(0.02)
        assert srv.server.reviewer.started == 3


def test_reviews_are_bounded_refused_for_unknown_games_and_stopped_with_the_server(monkeypatch):
    import examples.web.app as web_app

    long_game = pitch13.GameRecord.from_state(bots_game(4))  # a whole game: seconds of review
    with running_server(**{**FAST, "reviews_a_minute": 2.0}) as srv, httpx.Client() as client:

        def upload(record):
            answer = client.post(f"{srv.http}/api/replay", content=record.to_text().encode())
            return f"{srv.http}{answer.json()['review_url']}"

        for path in ("/api/replay/nothing/review", "/api/tables/nothing/review"):
            for method in ("GET", "POST"):
                answer = client.request(method, srv.http + path)
                assert answer.status_code == 404, (method, path)
                assert answer.json()["code"] in ("no_replay", "no_table")
        running = upload(long_game)
        short = [upload(short_game(seed)) for seed in range(4)]
        # A record longer than the server reviews.
        monkeypatch.setattr(web_app, "MAX_REVIEW_ACTIONS", 10)
        refused = client.post(short[3])
        assert (refused.status_code, refused.json()["code"]) == (413, "too_long")
        monkeypatch.undo()
        # Three at once from one address, then two a minute.
        assert client.post(running).status_code == 202
        assert [client.post(url).status_code for url in short[:2]] == [202, 202]
        refused = client.post(short[2])
        assert (refused.status_code, refused.json()["code"]) == (429, "too_many_reviews")
        assert client.post(running).status_code == 202  # one under way costs nothing
        assert client.get(short[2]).json() == {"state": "none"}
        # The long one runs; the others wait their turn, first come first served.
        assert client.get(short[0]).json() == {"state": "queued", "ahead": 1}
        assert client.get(short[1]).json() == {"state": "queued", "ahead": 2}
        assert client.get(running).json()["state"] == "running"
        # No more than a few may wait.
        srv.server.review_buckets.clear()
        srv.server.reviewer.max_waiting = 2
        refused = client.post(short[2])
        assert (refused.status_code, refused.json()["code"]) == (503, "busy")
        assert srv.server.reviewer.started == 3
        # The server answers at once while a review runs: it runs in a process of its own.
        began = time.monotonic()
        for _ in range(20):
            assert client.get(short[0]).status_code == 202
        assert time.monotonic() - began < 2.0
        assert client.get(running).json()["state"] == "running"
        stopping = time.monotonic()
    # The server stops at once, the review it was running with it.
    assert time.monotonic() - stopping < 10


def test_a_finished_tables_review_is_kept_in_the_database_and_served_after_a_restart(tmp_path, monkeypatch):
    monkeypatch.setitem(web_table.RULES, "short", short_rules)
    db = tmp_path / "tables.sqlite3"
    settings = {**FAST, "away_timeout": 0.0, "db": db}
    with running_server(**settings) as srv, httpx.Client() as client:
        # A table in play has no review yet: it would show every card.
        created = client.post(f"{srv.http}/api/tables", json={"rules": "short", "seat": 0}).json()
        for method in ("GET", "POST"):
            answer = client.request(method, f"{srv.http}/api/tables/{created['id']}/review")
            assert (answer.status_code, answer.json()["code"]) == (409, "not_over")
        table_id = finished_table(srv, client, 3, "short")
        record = pitch13.GameRecord.from_json(
            client.get(f"{srv.http}/api/tables/{table_id}/record.json").text
        )
        index = client.get(f"{srv.http}/api/tables/{table_id}/replay").json()
        url = f"{srv.http}{index['review_url']}"
        assert index["review_url"] == f"/api/tables/{table_id}/review"
        assert client.get(url).json() == {"state": "none"}
        assert client.post(url).status_code == 202
        done, _ = wait_review(client, url)
        assert done["review"] == librarys_review(record)
        check_steps(record, done)
        assert json.loads(srv.server.store.review(table_id)) == done["review"]
        assert srv.server.table_reviews == {}  # kept in the database, not in memory
    with running_server(**settings) as srv, httpx.Client() as client:
        assert table_id not in srv.server.tables
        for method in ("GET", "POST"):
            answer = client.request(method, url.replace(url.split("/api/")[0], srv.http))
            assert (answer.status_code, answer.json()) == (200, done), method
        assert srv.server.reviewer.started == 0


def test_the_review_budget_is_the_librarys_unless_the_command_says_otherwise(monkeypatch):
    import examples.web.app as web_app
    from examples.web.__main__ import main
    from examples.web.review import REVIEW_SAMPLES, REVIEW_SEED, REVIEW_TIME
    from examples.web.store import StoreError

    defaults = inspect.signature(review).parameters
    assert (
        defaults["samples"].default,
        defaults["time_limit"].default,
        defaults["seed"].default,
    ) == (REVIEW_SAMPLES, REVIEW_TIME, REVIEW_SEED)
    made = []

    def make_app(**settings):
        made.append(settings)
        raise StoreError("no server: the settings are all this test wants")

    monkeypatch.setattr(web_app, "make_app", make_app)
    for args, budget in (
        ([], (REVIEW_SAMPLES, REVIEW_TIME)),
        (["--review-samples", "2", "--review-time", "0.05"], (2, 0.05)),
        (["--review-time", "0"], (REVIEW_SAMPLES, None)),
    ):
        assert main(args) == 1
        assert (made[-1]["review_samples"], made[-1]["review_time"]) == budget
    refused = (
        ["--review-samples", "0"],
        ["--review-time", "-1"],
        ["--review-time", "x"],
        # Every time and rate is a finite number, none negative (a rate more than 0).
        *(
            [option, value]
            for option in ("--bot-delay", "--turn-timeout", "--away-timeout")
            for value in ("-1", "nan", "inf")
        ),
        *(["--rate", value] for value in ("0", "-1", "nan", "inf", "x")),
    )
    for args in refused:
        with pytest.raises(SystemExit) as exit_:
            main(args)
        assert exit_.value.code == 2, args
