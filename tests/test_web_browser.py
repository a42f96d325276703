"""The web table (examples/web) in a real browser: headless Chromium driven by Playwright.

The server runs in this process, on a port of its own, with bots that move at once; each test
opens pages in fresh browser contexts and plays by clicking, as a person would.

Without Playwright or Chromium the tests skip, unless ``PITCH13_BROWSER_TESTS=required`` (as
``.ci/run`` sets it), where they fail instead.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import time
from pathlib import Path

import pytest

import pitch13

CHROMIUM = "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else shutil.which("chromium")
_MISSING = [
    name
    for name, found in (
        (
            "the web extra (starlette, uvicorn)",
            importlib.util.find_spec("starlette") and importlib.util.find_spec("uvicorn"),
        ),
        ("Playwright (the webtest extra)", importlib.util.find_spec("playwright")),
        ("Chromium (Debian's chromium package)", CHROMIUM),
    )
    if not found
]
if _MISSING:
    _WHY = "the browser tests need " + ", ".join(_MISSING)
    if os.environ.get("PITCH13_BROWSER_TESTS") == "required":
        raise RuntimeError(_WHY)
    pytest.skip(_WHY, allow_module_level=True)

from playwright import sync_api  # noqa: E402

from web_helpers import running_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# The docs' picture of the table: written there by the screenshot test when
# PITCH13_WRITE_SCREENSHOT=1, else into the test's own temporary folder.
SCREENSHOT = ROOT / "docs" / "_static" / "web-table.png"
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1200, "height": 800}

# Watches #hand from the first paint: every card it ever shows must be in the seat's view.
HAND_WATCH = """
window.__handChecks = 0;
window.__handStrays = [];
document.addEventListener("DOMContentLoaded", () => {
  const hand = document.getElementById("hand");
  if (!hand) return;
  new MutationObserver(() => {
    const table = window.pitch13Table;
    const held = table && table.view ? table.view.hand : [];
    const shown = [...hand.querySelectorAll(".card")].map((card) => card.dataset.card);
    window.__handChecks += 1;
    const strays = shown.filter((card) => !held.includes(card));
    if (strays.length) window.__handStrays.push(strays);
  }).observe(hand, { childList: true, subtree: true });
});
"""

# What a page shows, read in one go.
SHOWN = """() => {
  const table = window.pitch13Table;
  const cards = (selector) => [...document.querySelectorAll(selector)].map((card) => card.dataset.card);
  return {
    seat: table.seat,
    ply: table.view ? table.view.ply : null,
    phase: table.view ? table.view.phase : null,
    handNumber: table.view ? table.view.hand_number : null,
    viewHand: table.view ? table.view.hand : [],
    hand: cards("#hand .card"),
    trick: [...document.querySelectorAll("#trick .card")].map((card) => [Number(card.dataset.seat), card.dataset.card]),
    scores: [0, 1].map((team) => Number(document.querySelector(`#scores tr[data-team="${team}"]`).dataset.score)),
    taken: [0, 1].map((team) => document.querySelector(`#scores tr[data-team="${team}"] .taken`).textContent),
    auction: document.getElementById("auction").textContent,
    trump: document.getElementById("trump").textContent,
    middle: cards("#middle .card"),
    actions: document.querySelectorAll("#actions button:enabled").length,
    error: document.getElementById("error").textContent,
  };
}"""

# "done" when the expression DONE holds, else "move" when the page has a choice to click.
NEXT_STEP = """() => {
  if (DONE) return "done";
  return document.querySelector("#actions button:enabled") ? "move" : false;
}"""


@pytest.fixture(scope="module")
def server_url():
    with running_server(bot_delay=0.0, turn_timeout=None, away_timeout=15.0) as srv:
        yield srv.http


@pytest.fixture(scope="module")
def chromium_browser():
    playwright = sync_api.sync_playwright().start()
    try:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
        yield launched
        launched.close()
    finally:
        playwright.stop()


@pytest.fixture
def open_page(chromium_browser):
    """Open a page in a fresh context; at the end, no page may have raised a script error."""
    contexts = []
    errors: list[str] = []

    def open_one():
        context = chromium_browser.new_context(viewport=VIEWPORT, accept_downloads=True)
        context.set_default_timeout(15_000)
        context.add_init_script(HAND_WATCH)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_one
    for context in contexts:
        context.close()
    assert errors == []


def create_table(page, server_url, *, seed=12, rules="classic", seat=2):
    """Open a table from the lobby's form, seated at ``seat``; its id."""
    page.goto(server_url + "/")
    page.select_option("select[name=rules]", rules)
    page.fill("input[name=seed]", str(seed))
    page.select_option("select[name=seat]", str(seat))
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/\w+"))
    wait_joined(page)
    assert page.evaluate("window.pitch13Table.seat") == seat
    # The token is kept for the tab, out of the address bar (copying it gives no seat away).
    assert "token" not in page.url
    return page.url.split("/table/")[1].split("#")[0]


def wait_joined(page):
    page.wait_for_function(
        "() => window.pitch13Table && window.pitch13Table.view && window.pitch13Table.table"
    )


def start(page):
    page.click("#start")
    page.wait_for_function("() => window.pitch13Table.table.started")
    assert page.locator("#start").is_hidden()


def shown(page):
    return page.evaluate(SHOWN)


def click_a_choice(page):
    """Click the first choice the page offers, then wait until the server has answered it."""
    before = page.evaluate("() => window.pitch13Table.messages")
    page.locator("#actions button:enabled").first.click()
    page.wait_for_function(f"() => window.pitch13Table.messages > {before}")


def play_until(page, done, *, timeout, each=None):
    """Click a choice whenever the page offers one, until the JavaScript expression ``done`` holds."""
    deadline = time.monotonic() + timeout
    moves = 0
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"not done after {moves} moves: {shown(page)}"
        step = page.wait_for_function(NEXT_STEP.replace("DONE", done), timeout=left * 1000).json_value()
        if step == "done":
            return moves
        if each is not None:
            each(page)
        click_a_choice(page)
        moves += 1


def test_one_person_plays_a_whole_game_against_three_bots_by_clicking(server_url, open_page):
    page = open_page()
    create_table(page, server_url, seed=12, rules="classic")
    assert page.locator("#seats [data-seat='2']").get_attribute("data-kind") == "person"
    assert "Start" in page.locator("#status").inner_text()
    start(page)

    def hand_matches_the_view(page):
        now = shown(page)
        assert now["seat"] == 2
        assert sorted(now["hand"]) == sorted(now["viewHand"])

    moves = play_until(
        page, "!document.getElementById('game-over').hidden", timeout=240, each=hand_matches_the_view
    )
    assert moves > 20
    assert page.evaluate("window.__handStrays") == []
    assert page.evaluate("window.__handChecks") > moves

    outcome = page.evaluate("window.pitch13Table.view.outcome")
    winner = outcome["winner"]
    over = page.locator("#game-over")
    assert over.get_attribute("data-winner") == str(winner)
    final = [int(over.locator(f"[data-team='{team}']").get_attribute("data-score")) for team in (0, 1)]
    assert final == outcome["scores"] == shown(page)["scores"]
    names = ("North-South", "East-West")
    assert f"{names[winner]} win" in over.inner_text()
    assert page.locator("#status").inner_text().startswith(f"Game over: {names[winner]} win")
    target = pitch13.Rules.classic_ten_point().target  # reached at 52 or more
    if outcome["termination"] == "target":
        assert final[winner] >= target > final[1 - winner]
    elif outcome["termination"] == "both_past_target":
        assert min(final) >= target
    else:
        assert outcome["termination"] in ("moon_made", "moon_failed")
    assert "pitch13 replay" in over.inner_text()

    with page.expect_download() as download:
        page.click("a#download-json")
    record = pitch13.GameRecord.from_json(Path(download.value.path()).read_bytes())
    last = pitch13.replay(record)[-1]
    assert last.is_over
    assert list(last.outcome.scores) == final
    assert last.outcome.winner == winner
    text = page.request.get(server_url + page.locator("a#download-text").get_attribute("href"))
    assert text.ok
    assert pitch13.GameRecord.from_text(text.text()) == record

    # The game, step by step in the browser, every card shown.
    page.click("a#replay-link")
    page.wait_for_selector("#replay-board:not([hidden])")
    states = pitch13.replay(record)
    assert page.locator("#frame").get_attribute("max") == str(len(states) - 1)
    first = [
        sorted(
            page.locator(f"#replay-hands [data-seat='{seat}'] .card").evaluate_all(
                "cards => cards.map(card => card.dataset.card)"
            )
        )
        for seat in range(4)
    ]
    assert first == [sorted(map(str, hand)) for hand in states[0].hands]
    page.click("#last")
    shown_scores = [
        int(page.locator(f"#replay-scores tr[data-team='{team}']").get_attribute("data-score"))
        for team in (0, 1)
    ]
    assert shown_scores == final
    page.keyboard.press("Home")
    page.click("#step-next")
    assert page.locator("#frame").input_value() == "1"
    assert page.locator("#replay-lines li.now").count() >= 1


def test_two_people_share_a_table(server_url, open_page):
    south = open_page()
    table_id = create_table(south, server_url, seed=7, rules="classic", seat=2)

    north = open_page()
    north.goto(server_url + "/")
    north.locator(f"[data-table='{table_id}'] button.sit[data-seat='0']").click()
    north.wait_for_url(re.compile(rf"/table/{table_id}"))
    wait_joined(north)
    assert north.evaluate("window.pitch13Table.seat") == 0
    south.wait_for_selector("#seats [data-seat='0'][data-kind='person'][data-connected='true']")
    assert north.locator("#start").is_visible()

    watcher = open_page()
    watcher.goto(f"{server_url}/table/{table_id}")
    wait_joined(watcher)
    assert watcher.evaluate("window.pitch13Table.seat") is None
    assert watcher.locator("#start").is_hidden()

    start(south)
    north.wait_for_function("() => window.pitch13Table.table.started")

    deadline = time.monotonic() + 60
    moves = {"north": 0, "south": 0}
    while south.evaluate("!document.querySelector('#last-result[data-hand]')"):
        assert time.monotonic() < deadline, f"no hand scored after {moves}"
        moved = False
        for name, page in (("north", north), ("south", south)):
            if page.locator("#actions button:enabled").count():
                click_a_choice(page)
                moves[name] += 1
                moved = True
        if not moved:
            time.sleep(0.02)
    assert moves["north"] > 3
    assert moves["south"] > 3

    # The game now waits for one of them: every page settles on the same position.
    settled = "() => document.querySelector('#actions button:enabled') !== null"
    pages = [south, north, watcher]
    deadline = time.monotonic() + 15
    while True:
        if north.evaluate(settled) or south.evaluate(settled):
            seen = [shown(page) for page in pages]
            if len({each["ply"] for each in seen}) == 1:
                break
        assert time.monotonic() < deadline, "the pages do not agree"
        time.sleep(0.05)
    south_now, north_now, watcher_now = seen
    assert (south_now["seat"], north_now["seat"], watcher_now["seat"]) == (2, 0, None)
    assert south_now["hand"] and north_now["hand"]
    assert sorted(south_now["hand"]) == sorted(south_now["viewHand"])
    assert sorted(north_now["hand"]) == sorted(north_now["viewHand"])
    assert not set(south_now["hand"]) & set(north_now["hand"])
    assert watcher_now["hand"] == []
    for other in (north_now, watcher_now):
        for shared in ("trick", "scores", "taken", "auction", "trump", "middle"):
            assert other[shared] == south_now[shared], shared
        assert other["handNumber"] == south_now["handNumber"] >= 2
    for page in (south, north, watcher):
        assert page.locator("#last-result").get_attribute("data-hand") == "1"
        assert page.evaluate("window.__handStrays") == []
    # Each sees its own seat at the bottom, the spectator sees South there.
    assert "pos-bottom" in (south.locator("#seats [data-seat='2']").get_attribute("class") or "")
    assert "pos-bottom" in (north.locator("#seats [data-seat='0']").get_attribute("class") or "")
    assert "pos-top" in (watcher.locator("#seats [data-seat='0']").get_attribute("class") or "")


def test_screenshot_of_the_table_mid_hand(server_url, open_page, tmp_path):
    page = open_page()
    create_table(page, server_url, seed=12, rules="default")
    start(page)
    mid_trick = (
        "window.pitch13Table.view.phase === 'play' && window.pitch13Table.view.trick.length >= 2 "
        "&& document.querySelector('#actions button:enabled') !== null"
    )
    play_until(page, mid_trick, timeout=60)
    assert page.locator("#trick .card").count() >= 2
    assert page.locator("#hand .card.playable").count() >= 1
    assert page.locator("#seats .to-act").get_attribute("data-seat") == "2"
    page.mouse.move(0, 0)
    picture = SCREENSHOT if os.environ.get("PITCH13_WRITE_SCREENSHOT") == "1" else tmp_path / "web-table.png"
    page.screenshot(path=str(picture))
    data = picture.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 20_000


def test_a_reload_reconnects_the_seat(server_url, open_page):
    page = open_page()
    sockets = []  # the page's websockets, passed through to the server

    def pass_through(route):
        route.connect_to_server()
        sockets.append(route)

    page.route_web_socket(re.compile(r"/ws/"), pass_through)
    create_table(page, server_url, seed=3, rules="classic")
    start(page)
    page.wait_for_selector("#actions button:enabled")
    click_a_choice(page)
    page.wait_for_selector("#actions button:enabled")
    before = shown(page)
    assert before["hand"]

    page.reload()
    wait_joined(page)
    page.wait_for_selector("#actions button:enabled")
    after = shown(page)
    assert after["seat"] == 2
    assert after["ply"] == before["ply"]
    assert after["hand"] == before["hand"]
    assert page.locator("#connection").inner_text() == "connected"
    assert page.locator("#events li").count() > 0
    assert len(sockets) == 2

    # The connection drops: the page joins again by itself, with the same seat.
    sockets[-1].close(code=1012, reason="restart")
    page.wait_for_function("() => !window.pitch13Table.connected")
    page.wait_for_function("() => window.pitch13Table.connected", timeout=10_000)
    assert len(sockets) == 3
    page.wait_for_selector("#actions button:enabled")
    again = shown(page)
    assert (again["seat"], again["ply"], again["hand"]) == (2, before["ply"], before["hand"])
    assert page.locator("#connection").inner_text() == "connected"
    page.wait_for_selector("#seats [data-seat='2'][data-connected='true']")

    click_a_choice(page)
    page.wait_for_function(f"() => window.pitch13Table.view.ply > {before['ply']}")
    assert page.locator("#error").inner_text() == ""
    assert page.evaluate("window.pitch13Table.lastError") is None


def test_an_illegal_move_shows_the_reason(server_url, open_page):
    page = open_page()
    create_table(page, server_url, seed=12, rules="default")
    start(page)
    page.wait_for_selector("#actions button:enabled")
    assert page.evaluate("window.pitch13Table.view.phase") == "bidding"
    assert page.locator("#status").inner_text() == "Your turn: bid"
    ply = page.evaluate("window.pitch13Table.view.ply")

    sent = page.evaluate("(ply) => window.pitch13Table.send({type: 'move', action: 'bid 2', ply})", ply)
    assert sent is True
    page.wait_for_function("() => window.pitch13Table.lastError !== null")
    error = page.evaluate("window.pitch13Table.lastError")
    assert (error["code"], error["reason"]) == ("illegal", "BID_TOO_LOW")
    assert "cannot bid 2" in page.locator("#error").inner_text()
    assert page.evaluate("window.pitch13Table.view.ply") == ply

    page.evaluate("(ply) => window.pitch13Table.send({type: 'move', action: 'pass', ply})", ply - 1)
    page.wait_for_function("() => window.pitch13Table.lastError.code === 'stale'")
    assert page.locator("#error").inner_text() != ""

    # A legal move goes through and clears the error line.
    click_a_choice(page)
    page.wait_for_function(f"() => window.pitch13Table.view.ply > {ply}")
    assert page.locator("#error").inner_text() == ""


def test_a_saved_record_replays_in_the_browser(server_url, open_page, tmp_path):
    bots = [pitch13.bots.SimpleBot(seat) for seat in range(4)]
    state = pitch13.new_game(pitch13.Rules.classic_ten_point(), seed=4)
    while not state.is_over:
        state = pitch13.apply(state, bots[state.to_act].choose(pitch13.view(state, state.to_act)))
    saved = tmp_path / "game.txt"
    saved.write_text(pitch13.GameRecord.from_state(state).to_text(), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "pitch13.record", "version": 1}', encoding="utf-8")

    page = open_page()
    page.goto(server_url + "/replay")
    page.set_input_files("#record-file", str(broken))
    page.wait_for_function("() => document.getElementById('replay-error').textContent !== ''")
    assert "cannot be replayed" in page.locator("#replay-error").inner_text()
    page.set_input_files("#record-file", str(saved))
    page.wait_for_selector("#replay-board:not([hidden])")
    assert page.locator("#frame").get_attribute("max") == str(state.ply)
    page.click("#last")
    scores = [
        int(page.locator(f"#replay-scores tr[data-team='{team}']").get_attribute("data-score"))
        for team in (0, 1)
    ]
    assert scores == list(state.scores)
