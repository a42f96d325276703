"""The web table (examples/web) in a real browser: headless Chromium driven by Playwright.

The server runs in this process, on a port of its own for each test, with bots that move at
once; each test opens pages in fresh browser contexts, on a desktop's screen (1280×800) or a
phone's (390×844), and plays by clicking, as a person would.

Without Playwright or Chromium the tests skip, unless ``PITCH13_BROWSER_TESTS=required`` (as
``.ci/run`` sets it), where they fail instead.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import threading
import time
from pathlib import Path

import attrs
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

from web_helpers import BROWSER_ARGS, free_port, running_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# The docs' pictures of the table, on a desktop and on a phone: written there by the screenshot
# test when PITCH13_WRITE_SCREENSHOT=1, else into the test's own temporary folder.
SCREENSHOTS = {
    "desktop": ROOT / "docs" / "_static" / "web-table.png",
    "phone": ROOT / "docs" / "_static" / "web-table-phone.png",
}
SCREENS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

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

# How the page lies on the screen, seen from its top (it is scrolled there first: what is seen
# is what a person sees without scrolling): how much wider than the window it is, the pairs of
# the trick's cards (and the last trick's) that overlap, the seat's choices out of the window
# or under something else, and the joker names of the page's own that are not the library's.
LAYOUT = """() => {
  window.scrollTo(0, 0);
  const box = (node) => node.getBoundingClientRect();
  const overlapping = (selector) => {
    const cards = [...document.querySelectorAll(selector)].map((card) => [card.dataset.card, box(card)]);
    const pairs = [];
    for (let i = 0; i < cards.length; i += 1) {
      for (let j = i + 1; j < cards.length; j += 1) {
        const [a, b] = [cards[i][1], cards[j][1]];
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          pairs.push([cards[i][0], cards[j][0]]);
        }
      }
    }
    return pairs;
  };
  const choices = [
    ...document.querySelectorAll("#actions button:enabled, #hand .card.playable:enabled, #confirm:not([hidden]) button"),
  ];
  const name = (node) => node.dataset.action || node.id || node.textContent;
  const unseen = choices.filter((node) => {
    const b = box(node);
    return b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth;
  });
  const covered = choices.filter((node) => {
    const b = box(node);
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return !hit || hit.closest("button") !== node;
  });
  const text = [...document.querySelectorAll("main, #alert")].map((node) => node.innerText).join("\\n");
  const jokers = [...document.querySelectorAll(".card.joker")].filter((card) => {
    const code = card.dataset.card;
    return !card.textContent.includes(code) || !card.title.includes(code);
  });
  const view = window.pitch13Table ? window.pitch13Table.view : null;
  return {
    overflow: document.documentElement.scrollWidth - innerWidth,
    trick: document.querySelectorAll("#trick .card").length,
    lastTrick: document.querySelectorAll("#last-trick .card").length,
    overlaps: overlapping("#trick .card").concat(overlapping("#last-trick .card")),
    unseen: unseen.map(name),
    covered: covered.map(name),
    otherJokerNames: (text.match(/jkr|black joker|red joker/gi) || []).concat(jokers.map((card) => card.outerHTML)),
    lastResult: view && view.last_result ? view.last_result : null,
  };
}"""


@pytest.fixture
def server_url():
    # A server for each test (it limits the unfinished tables one address may open), whose
    # tables are all dealt from the secret seed 7 (a table's creator may choose another).
    # Its reviews are of two deals a decision, the fewest that can mark one.
    with running_server(
        bot_delay=0.0,
        turn_timeout=None,
        away_timeout=15.0,
        new_seed=lambda: 7,
        review_samples=2,
        review_time=None,
    ) as srv:
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
    """Open a page in a fresh context, on a screen of ``SCREENS``; at the end, no page may have
    raised a script error or broken the server's Content-Security-Policy."""
    contexts = []
    errors: list[str] = []

    def open_one(screen="desktop"):
        context = chromium_browser.new_context(viewport=SCREENS[screen], accept_downloads=True)
        context.set_default_timeout(15_000)
        context.add_init_script(HAND_WATCH)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        # The server's Content-Security-Policy allows no inline script or style: nothing the
        # pages do may be refused by it.
        page.on(
            "console",
            lambda message: (
                errors.append(message.text) if "Content Security Policy" in message.text else None
            ),
        )
        return page

    yield open_one
    for context in contexts:
        context.close()
    assert errors == []


def create_table(page, server_url, *, seed=12, rules="classic", seat=2):
    """Open a table from the lobby's form, seated at ``seat`` (``seed=None``: a secret shuffle); its id."""
    page.goto(server_url + "/")
    page.select_option("select[name=rules]", rules)
    page.fill("input[name=seed]", "" if seed is None else str(seed))
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
    """Click the first choice the page offers (and Confirm, for a card given away), then wait
    until the server has answered it."""
    before = page.evaluate("() => window.pitch13Table.messages")
    page.locator("#actions button:enabled").first.click()
    if page.locator("#confirm").is_visible():
        page.click("#confirm-yes")
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


def layout(page):
    """``LAYOUT``, with what must hold on every screen checked: nothing wider than the window, no
    two cards of a trick on top of each other, every choice in sight and free to click, and the
    jokers called by the library's names."""
    now = page.evaluate(LAYOUT)
    assert now["overflow"] <= 0, now
    assert now["overlaps"] == [], now
    assert now["unseen"] == [], now
    assert now["covered"] == [], now
    assert now["otherJokerNames"] == [], now
    return now


class HandResults:
    """Checks, at each turn, that a hand scored since the turn before shows its result on the table.

    The first result is put away with its OK button; the others are left up, under which the
    seat's next choices must stay free to click (``layout`` checks it).
    """

    def __init__(self):
        self.seen = None
        self.shown = 0
        self.tricks = {"trick": 0, "lastTrick": 0}

    def __call__(self, page):
        now = layout(page)
        self.tricks = {key: max(self.tricks[key], now[key]) for key in self.tricks}
        result = now["lastResult"]
        if result is None or result["hand_number"] == self.seen:
            return
        self.seen = result["hand_number"]
        panel = page.locator("#hand-result")
        assert panel.is_visible()
        assert panel.get_attribute("data-hand") == str(result["hand_number"])
        assert panel.get_attribute("data-made") == ("true" if result["made"] else "false")
        text = panel.inner_text()
        assert ("made it" in text or "shot the moon" in text) == result["made"]
        assert f"bid {result['bid']}" in text
        for team in (0, 1):
            row = panel.locator(f"tbody tr[data-team='{team}']")
            assert row.locator(".took").inner_text() == str(result["points"][team])
            assert row.locator(".score").inner_text().replace("−", "-") == str(result["scores"][team])
            change = result["score_change"][team]
            assert row.locator(".change").inner_text() == (
                f"+{change}" if change > 0 else "±0" if change == 0 else f"−{-change}"
            )
        self.shown += 1
        if self.shown == 1:
            page.click("#hand-result-close")
            assert panel.is_hidden()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_one_person_plays_a_whole_game_against_three_bots_by_clicking(server_url, open_page, screen):
    page = open_page(screen)
    create_table(page, server_url, seed=12, rules="classic")
    assert page.locator("#seats [data-seat='2']").get_attribute("data-kind") == "person"
    assert "Start" in page.locator("#status").inner_text()
    layout(page)
    start(page)
    results = HandResults()

    def hand_matches_the_view(page):
        now = shown(page)
        assert now["seat"] == 2
        assert sorted(now["hand"]) == sorted(now["viewHand"])
        results(page)

    moves = play_until(
        page, "!document.getElementById('game-over').hidden", timeout=240, each=hand_matches_the_view
    )
    assert moves > 20
    # Every hand but the last was seen scored at a turn of the next; tricks of three cards
    # (the seat's turn) and of four (the last trick, when the seat leads) were on the table.
    assert results.shown == page.evaluate("window.pitch13Table.view.outcome.hand_number") - 1 >= 2
    assert results.tricks == {"trick": 3, "lastTrick": 4}
    layout(page)
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
    layout(page)
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
    layout(page)
    page.keyboard.press("Home")
    page.click("#step-next")
    assert page.locator("#frame").input_value() == "1"
    assert page.locator("#replay-lines li.now").count() >= 1
    layout(page)


def test_two_people_share_a_table(server_url, open_page):
    south = open_page()
    # A table whose seed its creator chose is played against bots only: this one's is secret.
    table_id = create_table(south, server_url, seed=None, rules="classic", seat=2)

    north = open_page()
    north.goto(server_url + "/")
    north.locator(f"[data-table='{table_id}'] button.sit[data-seat='0']").click()
    north.wait_for_url(re.compile(rf"/table/{table_id}"))
    wait_joined(north)
    assert north.evaluate("window.pitch13Table.seat") == 0
    south.wait_for_selector("#seats [data-seat='0'][data-kind='person'][data-connected='true']")
    # Only the table's owner, its creator, starts the game.
    assert south.locator("#start").is_visible()
    assert north.locator("#start").is_hidden()
    assert north.locator("#status").inner_text() == "Waiting for South to start the game"

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


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_screenshot_of_the_table_mid_hand(server_url, open_page, tmp_path, screen):
    page = open_page(screen)
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
    layout(page)
    page.mouse.move(0, 0)
    write = os.environ.get("PITCH13_WRITE_SCREENSHOT") == "1"
    picture = SCREENSHOTS[screen] if write else tmp_path / SCREENSHOTS[screen].name
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
    saved, state = saved_game(tmp_path)
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


def saved_game(tmp_path, seed=4):
    """A game of bots, to its end, saved as a text record; the path and the final state."""
    bots = [pitch13.bots.SimpleBot(seat) for seat in range(4)]
    state = pitch13.new_game(pitch13.Rules.classic_ten_point(), seed=seed)
    while not state.is_over:
        state = pitch13.apply(state, bots[state.to_act].choose(pitch13.view(state, state.to_act)))
    saved = tmp_path / "game.txt"
    saved.write_text(pitch13.GameRecord.from_state(state).to_text(), encoding="utf-8")
    return saved, state


def check_how_to_play(page):
    """Open the page's How to play, check that it tells the point cards and the look-through's
    words, and close it."""
    dialog = page.locator("#how-to-play")
    assert dialog.is_hidden()
    page.locator("[data-opens='how-to-play']").first.click()
    assert dialog.is_visible()
    text = dialog.inner_text()
    points = {
        row.locator("th").inner_text(): row.locator("td").inner_text()
        for row in dialog.locator(".point-table tbody tr").all()
    }
    assert points["Ace"] == points["Jack"] == points["Jick"] == points["Ten"] == "1"
    assert points["Three"] == points["Off-three"] == "3"
    assert points["Each joker, BJ and RJ"] == "1"
    assert [value for name, value in points.items() if name.startswith("Two")] == ["1"]
    assert sum(int(value) * (2 if "joker" in name else 1) for name, value in points.items()) == 13
    for words in ("moon", "turn up", "give up", "reject", "stop", "middle", "dead", "Jick", "off-three"):
        assert words in text, words
    layout(page)
    page.keyboard.press("Escape")
    assert dialog.is_hidden()
    page.locator("[data-opens='how-to-play']").first.click()
    dialog.locator("button.close").click()
    assert dialog.is_hidden()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_lobby_and_the_replay_fit_the_screen(server_url, open_page, tmp_path, screen):
    page = open_page(screen)
    made = page.request.post(
        server_url + "/api/tables", data={"rules": "default", "bots": "simple", "seed": None, "seat": 2}
    )
    assert made.ok
    page.goto(server_url + "/")
    page.wait_for_selector(f"[data-table='{made.json()['id']}']")
    layout(page)
    check_how_to_play(page)

    saved, state = saved_game(tmp_path)
    page.goto(server_url + "/replay")
    page.wait_for_selector("#replay-upload:not([hidden])")
    layout(page)
    page.set_input_files("#record-file", str(saved))
    page.wait_for_selector("#replay-board:not([hidden])")
    layout(page)
    # The jokers go by the library's names wherever the page draws them.
    page.click("#last")
    page.keyboard.press("Home")
    assert page.locator("#replay-hands .card.joker").count() >= 1
    for frame in (0, state.ply // 2, state.ply):
        page.locator("#frame").fill(str(frame))
        layout(page)
    check_how_to_play(page)


# What the replay page shows of its review, read in one go.
REVIEW_SHOWN = """() => ({
  review: window.pitch13Replay.review,
  at: window.pitch13Replay.at,
  status: document.getElementById("review-status").textContent,
  button: !document.getElementById("review-start").hidden,
  mark: document.getElementById("replay-mark").hidden ? null : {
    kind: document.getElementById("replay-mark").dataset.mark,
    text: document.getElementById("replay-mark").textContent,
  },
  seats: [...document.querySelectorAll("#review-table tbody tr")].map((row) => ({
    seat: Number(row.dataset.seat),
    cells: [...row.querySelectorAll("th, td")].map((cell) => cell.textContent),
  })),
  marked: [...document.querySelectorAll("#hand-select option[data-worst]")].map((option) => [
    Number(option.value),
    option.dataset.worst,
    option.textContent,
  ]),
})"""


def test_the_replay_reviews_the_game_and_shows_its_marks(server_url, open_page, tmp_path):
    """On a phone's screen, the narrowest the page is made for: nothing it adds may widen it."""
    rules = attrs.evolve(pitch13.Rules.classic_ten_point(), target=5)  # a game of one hand
    bots = [pitch13.bots.SimpleBot(seat) for seat in range(4)]
    state = pitch13.new_game(rules, seed=3)
    while not state.is_over:
        state = pitch13.apply(state, bots[state.to_act].choose(pitch13.view(state, state.to_act)))
    saved = tmp_path / "short.txt"
    saved.write_text(pitch13.GameRecord.from_state(state).to_text(), encoding="utf-8")

    page = open_page("phone")
    page.goto(server_url + "/replay")
    page.set_input_files("#record-file", str(saved))
    page.wait_for_selector("#replay-board:not([hidden])")
    page.wait_for_function("() => window.pitch13Replay.shown")
    now = page.evaluate(REVIEW_SHOWN)
    assert now["button"] and now["review"] == {"state": "none", "marks": []} and now["mark"] is None
    assert page.locator("#review-summary").is_hidden()

    page.click("#review-start")
    page.wait_for_function("() => window.pitch13Replay.review.state === 'done'", timeout=60_000)
    layout(page)
    # What the server answered, for the page to show.
    review_url = page.evaluate("window.pitch13Replay.reviewUrl")
    assert re.fullmatch(r"/api/replay/[\w-]+/review", review_url)
    done = page.request.get(server_url + review_url).json()
    assert done["state"] == "done"
    marked = {done["steps"][d["index"]]: d for d in done["review"]["decisions"] if d["mark"]}
    assert marked, "the short game has marks on this budget"

    now = page.evaluate(REVIEW_SHOWN)
    assert not now["button"]
    assert now["review"]["marks"] == sorted(marked)
    assert now["status"].startswith(
        f"Reviewed: {len(done['review']['decisions'])} decisions, {len(marked)} marked"
    )
    names = ["North", "East", "South", "West"]
    assert [row["seat"] for row in now["seats"]] == [0, 1, 2, 3]
    for row, seat in zip(now["seats"], done["review"]["seats"], strict=True):
        assert row["cells"] == [
            names[seat["seat"]],
            str(seat["decisions"]),
            f"{seat['mean_loss']:.2f}",
            str(seat["inaccuracies"]),
            str(seat["mistakes"]),
            str(seat["blunders"]),
        ]
    # The hand selector names the hand with marks (a one-hand game: hand 1).
    assert [(number, worst) for number, worst, _ in now["marked"]] == [
        (1, max((d["mark"] for d in marked.values()), key=["inaccuracy", "mistake", "blunder"].index))
    ]
    assert f"{len(marked)} mark" in now["marked"][0][2]

    # Each marked step, reached with "mark ▶", tells its mark; a step without one tells none.
    glyphs = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    page.keyboard.press("Home")
    page.wait_for_function("() => window.pitch13Replay.at === 0 && window.pitch13Replay.shown")
    assert page.evaluate(REVIEW_SHOWN)["mark"] is None
    for step, decision in sorted(marked.items()):
        page.click("#mark-next")
        page.wait_for_function(f"() => window.pitch13Replay.at === {step} && window.pitch13Replay.shown")
        mark = page.evaluate(REVIEW_SHOWN)["mark"]
        best = decision["best"].removeprefix("play ")
        assert mark["kind"] == decision["mark"]
        assert mark["text"].startswith(glyphs[decision["mark"]] + " ")
        assert f"{decision['mark']}: lost {decision['loss']:.1f} points; best was {best}" in mark["text"]
        layout(page)
    page.click("#mark-prev")
    if len(marked) > 1:
        page.wait_for_function(f"() => window.pitch13Replay.at === {sorted(marked)[-2]}")


def test_the_look_through_asks_before_a_card_is_given_up(server_url, open_page):
    page = open_page("phone")
    create_table(page, server_url, seed=2, rules="default")
    start(page)
    # South bids the moon, so looks through the stock first, and turns cards up until one may
    # be taken: then each card of the hand may be given up for it, or it may be rejected.
    look = "window.pitch13Table.legal.some(([action]) => action === 'reject')"
    deadline = time.monotonic() + 60
    while not page.evaluate(look):
        assert time.monotonic() < deadline, shown(page)
        page.wait_for_selector("#actions button:enabled")
        if page.evaluate(look):
            break
        legal = [action for action, _ in page.evaluate("window.pitch13Table.legal")]
        before = page.evaluate("window.pitch13Table.messages")
        if "turn up" in legal:
            page.click("#actions button[data-action='turn up']")
        elif page.evaluate("window.pitch13Table.view.phase") == "bidding":
            page.locator("#actions button:enabled").last.click()
        else:
            page.locator("#actions button:enabled").first.click()
        page.wait_for_function(f"() => window.pitch13Table.messages > {before}")
    view = page.evaluate("window.pitch13Table.view")
    assert (view["phase"], view["bidder"], view["to_act"]) == ("look", 2, 2)
    turned = view["turned_card"]
    ply, messages = view["ply"], page.evaluate("window.pitch13Table.messages")
    confirm = page.locator("#confirm")
    assert confirm.is_hidden()

    # A card of the hand clicked: the page asks, and sends nothing.
    card = page.locator("#hand .card.playable").first
    given = card.get_attribute("data-card")
    assert card.get_attribute("data-action") == f"give up {given}"
    card.click()
    assert confirm.is_visible()
    assert confirm.get_attribute("data-action") == f"give up {given}"
    question = page.locator("#confirm-text").inner_text()
    names = page.evaluate("(cards) => cards.map(window.pitch13Common.cardText)", [given, turned])
    assert f"Give up {names[0]} for {names[1]}?" in question
    assert "dead pile" in question
    assert "chosen" in card.get_attribute("class")
    layout(page)  # Confirm and Cancel in sight, on a phone too
    page.wait_for_timeout(300)
    assert page.evaluate("window.pitch13Table.messages") == messages
    page.click("#confirm-no")
    assert confirm.is_hidden()
    assert page.evaluate("window.pitch13Table.confirming") is None

    # Rejecting asks too; Escape takes the question back.
    page.click("#actions button[data-action='reject']")
    assert confirm.is_visible()
    assert f"Reject {names[1]}?" in page.locator("#confirm-text").inner_text()
    page.keyboard.press("Escape")
    assert confirm.is_hidden()
    assert page.evaluate("window.pitch13Table.messages") == messages
    assert page.evaluate("window.pitch13Table.view.ply") == ply

    # Only Confirm sends the move: the card given up leaves the hand, the one turned up joins it.
    page.click(f"#actions button[data-action='give up {given}']")
    page.click("#confirm-yes")
    page.wait_for_function(f"() => window.pitch13Table.view.ply > {ply}")
    assert confirm.is_hidden()
    hand = shown(page)["hand"]
    assert given not in hand
    assert turned in hand
    assert page.locator("#error").inner_text() == ""


def test_a_lost_server_and_a_gone_table_close_the_controls_until_they_come_back(server_url, open_page):
    page = open_page("phone")
    sockets = []
    mode = {"now": "pass"}

    def route(socket):
        if mode["now"] == "pass":
            socket.connect_to_server()
            sockets.append(socket)
        elif mode["now"] == "gone":  # what the server answers a join to a table it does not hold
            gone = {"type": "error", "code": "no_table", "message": "there is no such table"}
            socket.on_message(lambda _: (socket.send(json.dumps(gone)), socket.close(code=1008)))
        else:  # the server cannot be reached
            socket.close(code=1006)

    page.route_web_socket(re.compile(r"/ws/"), route)
    create_table(page, server_url, seed=3, rules="classic")
    start(page)
    play_until(page, "document.querySelector('#hand .card.playable:enabled') !== null", timeout=60)
    assert page.locator("#alert").is_hidden()

    def closed(kind, status):
        page.wait_for_selector(f"#alert[data-kind='{kind}']:not([hidden])", timeout=20_000)
        assert page.locator("#status").inner_text() == status
        assert page.locator("#actions button").count() > 0
        assert page.locator("#actions button:enabled").count() == 0
        assert page.locator("#hand .card.playable").count() > 0
        assert page.locator("#hand button:enabled").count() == 0
        layout(page)

    # The server goes: the page tries again, and after a few failed tries says it is lost.
    mode["now"] = "lost"
    sockets[-1].close(code=1012, reason="restart")
    page.wait_for_function("() => !window.pitch13Table.connected")
    assert page.locator("#connection").inner_text() == "reconnecting…"
    closed("lost", "Cannot reach the server")
    assert page.evaluate("window.pitch13Table.failures") >= 5
    assert page.locator("#connection").inner_text() == "offline"
    assert "cannot be reached" in page.locator("#alert").inner_text()

    # It answers again, without the table; the page keeps asking ("online" asks at once).
    mode["now"] = "gone"
    page.evaluate("window.dispatchEvent(new Event('online'))")
    closed("gone", "This table is gone")
    assert page.locator("#connection").inner_text() == "table gone"
    assert page.locator("#error").inner_text() == ""

    # The table is back (a server that restored it): all opens again, and the game goes on.
    mode["now"] = "pass"
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function("() => window.pitch13Table.connected")
    page.wait_for_selector("#actions button:enabled")
    assert page.locator("#alert").is_hidden()
    assert page.locator("#connection").inner_text() == "connected"
    assert page.evaluate("[window.pitch13Table.lost, window.pitch13Table.gone]") == [False, False]
    ply = page.evaluate("window.pitch13Table.view.ply")
    click_a_choice(page)
    page.wait_for_function(f"() => window.pitch13Table.view.ply > {ply}")


@contextlib.contextmanager
def serving_on(port, **settings):
    """``make_app(**settings)`` served on ``port`` until the block ends (a port given, unlike
    ``running_server``'s: a server started again must be where the pages look for it)."""
    import uvicorn

    from examples.web.app import make_app

    server = uvicorn.Server(
        uvicorn.Config(make_app(**settings), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def test_the_page_carries_on_through_a_restart_of_the_server(open_page, tmp_path):
    port = free_port()
    settings = {
        "bot_delay": 0.0,
        "turn_timeout": None,
        "away_timeout": 30.0,
        "db": tmp_path / "tables.sqlite3",
    }
    page = open_page("phone")
    with serving_on(port, **settings) as url:
        create_table(page, url, seed=8, rules="classic")
        start(page)
        play_until(page, "document.querySelector('#hand .card.playable:enabled') !== null", timeout=60)
        before = shown(page)

    # The server has stopped: the page says so, and its choices are closed.
    page.wait_for_selector("#alert[data-kind='lost']:not([hidden])", timeout=20_000)
    assert page.locator("#hand button:enabled").count() == 0
    assert page.locator("#actions button:enabled").count() == 0

    # Started again on its database, it has the table back: the page joins with its seat's
    # token and carries on from the same position.
    with serving_on(port, **settings):
        page.evaluate("window.dispatchEvent(new Event('online'))")
        page.wait_for_function("() => window.pitch13Table.connected", timeout=20_000)
        page.wait_for_selector("#hand .card.playable:enabled")
        assert page.locator("#alert").is_hidden()
        after = shown(page)
        assert (after["seat"], after["ply"], after["hand"]) == (2, before["ply"], before["hand"])
        layout(page)
        click_a_choice(page)
        page.wait_for_function(f"() => window.pitch13Table.view.ply > {before['ply']}")
        assert page.locator("#error").inner_text() == ""


def test_a_private_table_is_joined_through_its_invite_and_a_seat_can_be_given_up(server_url, open_page):
    owner = open_page()
    owner.goto(server_url + "/")
    owner.check("#private")
    owner.select_option("select[name=seat]", "2")
    owner.click("#create")
    owner.wait_for_url(re.compile(r"/table/\w+"))
    wait_joined(owner)
    table_id = owner.url.split("/table/")[1].split("#")[0]
    # The owner is given the invite link to pass on; the deals' commitment is shown to all.
    owner.wait_for_selector("#invite-link:not([hidden])")
    link = owner.evaluate("window.pitch13Table.inviteLink")
    assert link.startswith(f"{server_url}/table/{table_id}#invite=")
    commitment = pitch13.seed_commitment(7)  # the fixture's server deals every table from seed 7
    assert owner.locator("#fair-deals code[data-commitment]").get_attribute("data-commitment") == commitment
    assert owner.locator("#fair-deals [data-seed]").count() == 0  # the seed stays secret until the end

    # A stranger neither finds it in the lobby nor reaches it without the invite.
    stranger = open_page("phone")
    stranger.goto(server_url + "/")
    stranger.wait_for_selector("#tables-empty")
    assert stranger.locator(f"[data-table='{table_id}']").count() == 0
    stranger.goto(f"{server_url}/table/{table_id}")
    stranger.wait_for_selector("#alert[data-kind='gone']:not([hidden])")

    # A friend with the invite link watches, then takes an open seat from the table page.
    friend = open_page("phone")
    friend.goto(link)
    wait_joined(friend)
    assert friend.evaluate("window.pitch13Table.seat") is None
    assert friend.locator("#start").is_hidden()
    friend.click("#take-seat button.sit[data-seat='0']")
    friend.wait_for_function("() => window.pitch13Table.seat === 0 && window.pitch13Table.connected")
    owner.wait_for_selector("#seats [data-seat='0'][data-kind='person']")
    assert friend.locator("#take-seat").is_hidden()
    layout(friend)

    # The friend gives the seat up (the first press asks): back to the lobby, the seat open again.
    friend.click("#leave")
    assert "Press again" in friend.locator("#leave").inner_text()
    friend.click("#leave")
    friend.wait_for_url(server_url + "/")
    owner.wait_for_selector("#seats [data-seat='0'][data-kind='open']")
    assert owner.locator("#leave").is_hidden()  # the owner keeps their seat
    start(owner)
    owner.wait_for_selector("#seats [data-seat='0'][data-kind='bot']")
    assert owner.locator("#invite-link").is_hidden()


def test_a_table_with_a_chosen_seed_offers_no_seat_to_others(server_url, open_page):
    owner = open_page()
    table_id = create_table(owner, server_url, seed=12)
    assert "You chose this table's seed" in owner.locator("#invite").inner_text()
    assert "creator chose its seed" in owner.locator("#fair-deals").inner_text()
    other = open_page()
    other.goto(server_url + "/")
    other.wait_for_selector(f"[data-table='{table_id}']")
    assert other.locator(f"[data-table='{table_id}'] button.sit").count() == 0
    other.goto(f"{server_url}/table/{table_id}")
    wait_joined(other)
    assert other.locator("#take-seat").is_hidden()


def test_an_unknown_table_shows_as_gone(server_url, open_page):
    page = open_page("phone")
    page.goto(server_url + "/table/nosuchtable")
    page.wait_for_selector("#alert[data-kind='gone']:not([hidden])")
    assert page.locator("#status").inner_text() == "This table is gone"
    assert page.locator("#connection").inner_text() == "table gone"
    assert page.locator("#start").is_hidden()
    assert page.locator("#actions button").count() == 0
    assert page.locator("#alert a[href='/']").is_visible()
    layout(page)
    check_how_to_play(page)


def test_the_seat_link_is_copied(server_url, open_page):
    page = open_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    table_id = create_table(page, server_url, seed=5, rules="classic")
    panel = page.locator("#seat-link")
    assert panel.is_visible()
    assert "closing this tab loses the seat" in panel.inner_text()
    page.click("#copy-seat-link")
    page.wait_for_function("() => document.getElementById('copy-result').textContent === 'Copied.'")
    link = page.evaluate("navigator.clipboard.readText()")
    token = page.evaluate(f"JSON.parse(sessionStorage.getItem('pitch13-seat-{table_id}')).token")
    assert link == f"{server_url}/table/{table_id}#seat=2&token={token}"
    assert page.locator("#seat-link-field").is_hidden()

    # The link brings the seat back in another browser.
    other = open_page()
    other.goto(link)
    wait_joined(other)
    assert other.evaluate("window.pitch13Table.seat") == 2
    assert "token" not in other.url

    # Without a clipboard, the link is shown, selected, to be copied by hand.
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('refused')); }")
    page.click("#copy-seat-link")
    field = page.locator("#seat-link-field")
    field.wait_for(state="visible")
    assert field.input_value() == link
    assert field.get_attribute("readonly") is not None
    selected = page.evaluate(
        "() => { const f = document.activeElement; return [f.id, f.selectionStart, f.selectionEnd]; }"
    )
    assert selected == ["seat-link-field", 0, len(link)]

    # A spectator holds no seat, and has no link to copy.
    watcher = open_page()
    watcher.goto(f"{server_url}/table/{table_id}")
    wait_joined(watcher)
    assert watcher.locator("#seat-link").is_hidden()
