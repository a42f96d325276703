// The replay: a finished game (or an uploaded record) step by step, every card shown.
"use strict";

(() => {
  const { SEAT_NAMES, TEAM_NAMES, SUITS, el, cardNode } = window.pitch13Common;
  const $ = (id) => document.getElementById(id);
  const tableId = location.pathname.startsWith("/replay/")
    ? decodeURIComponent(location.pathname.slice("/replay/".length))
    : null;
  let frames = [];
  let at = 0;

  function status(text) {
    $("replay-status").textContent = text;
  }

  function show(index) {
    if (!frames.length) return;
    at = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[at];
    $("frame").value = String(at);
    $("replay-position").textContent = `Step ${at} of ${frames.length - 1} · hand ${frame.hand_number}, ${SEAT_NAMES[frame.dealer]} deals · ${frame.phase.replace("_", " ")}`;
    const rows = [0, 1].map((team) =>
      el(
        "tr",
        { dataset: { team: String(team), score: String(frame.scores[team]) } },
        el("td", {}, TEAM_NAMES[team]),
        el("td", { class: "score" }, String(frame.scores[team])),
        el("td", { class: "taken" }, String(frame.points_taken[team])),
      ),
    );
    $("replay-scores").querySelector("tbody").replaceChildren(...rows);
    const suit = frame.trump ? SUITS[frame.trump] : null;
    $("replay-trump").textContent = suit
      ? `${suit.symbol} ${suit.name} trump · ${SEAT_NAMES[frame.bidder]} bid ${frame.bid}`
      : "No trump yet";
    $("replay-hands").replaceChildren(
      ...frame.hands.map((cards, seat) =>
        el(
          "div",
          { class: `replay-seat${frame.to_act === seat ? " to-act" : ""}`, dataset: { seat: String(seat) } },
          el("h3", {}, SEAT_NAMES[seat], frame.out.includes(seat) ? " (out of trump)" : ""),
          el("div", { class: "cards-row" }, ...cards.map((card) => cardNode(card, { size: "mini" }))),
        ),
      ),
    );
    $("replay-trick").replaceChildren(
      ...frame.trick.map(([seat, card]) =>
        el("span", { class: "trick-play", dataset: { seat: String(seat) } }, `${SEAT_NAMES[seat]} `, cardNode(card, { size: "mini" })),
      ),
    );
    // The story up to this step; the lines of this step stand out.
    const items = [];
    const from = Math.max(0, at - 40);
    for (let i = from; i <= at; i += 1) {
      for (const line of frames[i].lines) items.push(el("li", { class: i === at ? "now" : "" }, line));
    }
    const list = $("replay-lines");
    list.replaceChildren(...items);
    list.scrollTop = list.scrollHeight;
  }

  function handStart(direction) {
    const hand = frames[at].hand_number + direction;
    const found = frames.findIndex((frame) => frame.hand_number === hand);
    if (found >= 0) show(found);
    else show(direction < 0 ? 0 : frames.length - 1);
  }

  function load(data) {
    frames = data.frames;
    $("frame").max = String(frames.length - 1);
    $("replay-upload").hidden = tableId !== null;
    $("replay-board").hidden = false;
    const last = frames[frames.length - 1];
    status(`A game of ${last.hand_number} hands, ${frames.length - 1} steps: ${TEAM_NAMES[0]} ${last.scores[0]}, ${TEAM_NAMES[1]} ${last.scores[1]}`);
    show(0);
  }

  async function answer(response) {
    const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
    if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
    return data;
  }

  $("first").addEventListener("click", () => show(0));
  $("last").addEventListener("click", () => show(frames.length - 1));
  $("step-prev").addEventListener("click", () => show(at - 1));
  $("step-next").addEventListener("click", () => show(at + 1));
  $("prev-hand").addEventListener("click", () => handStart(at > 0 && frames[at - 1].hand_number === frames[at].hand_number ? 0 : -1));
  $("next-hand").addEventListener("click", () => handStart(1));
  $("frame").addEventListener("input", (event) => show(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: frames.length - 1 };
    if (event.key in moves && frames.length) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });

  $("record-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("replay-error").textContent = "";
    status(`Reading ${file.name}…`);
    try {
      load(await answer(await fetch("/api/replay", { method: "POST", body: await file.text() })));
    } catch (error) {
      $("replay-error").textContent = `That record cannot be replayed: ${error.message}`;
      status("Replay a saved game");
    }
  });

  if (tableId === null) {
    $("replay-upload").hidden = false;
    status("Replay a saved game");
  } else {
    fetch(`/api/tables/${encodeURIComponent(tableId)}/replay.json`)
      .then(answer)
      .then(load)
      .catch((error) => status(`This game cannot be replayed: ${error.message}`));
  }
})();
