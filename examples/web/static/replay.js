// The replay: a finished game (or an uploaded record) step by step, every card shown.
//
// The server sends it a hand at a time. The first answer holds the game's hands (how many steps
// each has, who dealt, the bid, the scores after it) and the first hand's steps; the page then
// asks for each other hand when it is shown, asks for the one after it ahead of time, and keeps a
// few (KEPT). The slider and the step counter run over the whole game.
//
// "Review the game" asks the server for the game's review (pitch13.analysis.review, run on the
// server in a process of its own) and polls it until it is done; then each step that shows a
// marked decision tells its mark, the hand selector names the hands with marks, and a table sums
// up each seat's decisions.
"use strict";

(() => {
  const { SEAT_NAMES, TEAM_NAMES, SUITS, el, cardNode } = window.pitch13Common;
  const $ = (id) => document.getElementById(id);
  const tableId = location.pathname.startsWith("/replay/")
    ? decodeURIComponent(location.pathname.slice("/replay/".length))
    : null;
  // The most hands the page keeps, and how long (ms) the slider must rest on a hand the page
  // does not hold before it is asked for (a slider dragged across the game asks for no hand on
  // its way).
  const KEPT = 24;
  const SLIDER_WAIT = 150;
  // How often (ms) the page asks how a review running on the server stands.
  const REVIEW_POLL = 700;
  // The marks, worst last: the glyph a chess reader knows each by.
  const MARKS = {
    inaccuracy: { glyph: "?!", plural: "inaccuracies" },
    mistake: { glyph: "?", plural: "mistakes" },
    blunder: { glyph: "??", plural: "blunders" },
  };
  const MARK_ORDER = ["inaccuracy", "mistake", "blunder"];

  let game = null; // the game's hands: { url, first, over, total, hands: [{ number, start, frames, ... }] }
  let loaded = new Map(); // a hand's number → its frames
  let asked = new Map(); // a hand's number → the promise of its frames, while it is on its way
  let generation = 0; // a new game (another upload) makes the answers still on their way moot
  let at = 0; // the step shown, or wanted while its hand is on its way
  let drawn = -1; // the step drawn on the board (-1 while a hand is on its way)
  let timer = null;
  let requests = 0;
  // The game's review: where to ask for it, how it stands, and once done each marked decision
  // by the step that shows it.
  let review = { url: null, state: "none", marks: new Map(), timer: null };

  function status(text) {
    $("replay-status").textContent = text;
  }

  function loadError(text) {
    $("replay-load-error").textContent = text;
    $("replay-load-error").hidden = text === "";
  }

  // The server's answer as data, or an error that says what the server said (and its code).
  async function answer(response) {
    const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
    if (!response.ok) {
      const error = new Error(data.error || `the server answered ${response.status}`);
      error.code = data.code;
      throw error;
    }
    return data;
  }

  // The hands as the server lists them: [frames, dealer, bidder, bid, made, score NS, score EW].
  function readGame(data) {
    const hands = [];
    let start = 0;
    data.hands.forEach(([frames, dealer, bidder, bid, made, ns, ew], index) => {
      const number = data.first_hand + index;
      hands.push({ number, start, frames, dealer, bidder, bid, made, scores: [ns, ew] });
      start += frames;
    });
    return { url: data.hands_url, first: data.first_hand, over: data.over, total: start, hands };
  }

  // The hand that step `index` is in.
  function handAt(index) {
    const { hands } = game;
    let low = 0;
    let high = hands.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (hands[middle].start <= index) low = middle;
      else high = middle - 1;
    }
    return hands[low];
  }

  function frameAt(index) {
    const hand = handAt(index);
    const frames = loaded.get(hand.number);
    return frames ? frames[index - hand.start] : null;
  }

  function keep(number, frames) {
    loaded.set(number, frames);
    const now = handAt(at).number;
    while (loaded.size > KEPT) {
      // Forget the hand farthest from the one shown (never the one just come).
      let farthest = null;
      for (const kept of loaded.keys()) {
        const further = farthest === null || Math.abs(kept - now) > Math.abs(farthest - now);
        if (kept !== number && further) farthest = kept;
      }
      loaded.delete(farthest);
    }
  }

  // The frames of hand `number`: kept, on their way, or asked for now.
  function load(number) {
    if (loaded.has(number)) return Promise.resolve(loaded.get(number));
    if (asked.has(number)) return asked.get(number);
    const mine = generation;
    requests += 1;
    const promise = fetch(game.url + number)
      .then(answer)
      .then((data) => {
        if (mine === generation) keep(number, data.frames);
        return data.frames;
      })
      .finally(() => {
        if (mine === generation) asked.delete(number);
      });
    asked.set(number, promise);
    return promise;
  }

  function show(index, { slider = false } = {}) {
    if (!game) return;
    at = Math.max(0, Math.min(game.total - 1, index));
    const hand = handAt(at);
    $("frame").value = String(at);
    $("hand-select").value = String(hand.number);
    clearTimeout(timer);
    if (loaded.has(hand.number)) {
      draw(hand);
      const next = game.hands[hand.number - game.first + 1];
      if (next) load(next.number).catch(() => {}); // a failure is told if that hand is shown
      return;
    }
    drawWaiting(hand);
    const ask = () => {
      const mine = generation;
      load(hand.number).then(
        () => {
          if (mine === generation && handAt(at) === hand) show(at);
        },
        (error) => {
          if (mine !== generation || handAt(at) !== hand) return;
          const position = `Step ${at} of ${game.total - 1} · hand ${hand.number} is not loaded`;
          $("replay-position").textContent = position;
          $("replay-hands").setAttribute("aria-busy", "false");
          const again = error.code === "no_replay" ? "" : " Step to it again to try once more.";
          loadError(`Hand ${hand.number} could not be loaded: ${error.message}.${again}`);
          if (error.code === "no_replay" && tableId === null) $("replay-upload").hidden = false;
        },
      );
    };
    if (slider && !asked.has(hand.number)) timer = setTimeout(ask, SLIDER_WAIT);
    else ask();
  }

  function drawWaiting(hand) {
    $("replay-position").textContent = `Step ${at} of ${game.total - 1} · hand ${hand.number}: loading…`;
    drawMark();
    drawn = -1;
    $("replay-hands").setAttribute("aria-busy", "true");
    $("replay-hands").replaceChildren(el("p", { class: "muted" }, `Loading hand ${hand.number}…`));
    $("replay-scores").querySelector("tbody").replaceChildren();
    $("replay-trick").replaceChildren();
    $("replay-trump").textContent = "";
    $("replay-lines").replaceChildren();
  }

  function draw(hand) {
    const frame = loaded.get(hand.number)[at - hand.start];
    drawn = at;
    loadError("");
    $("replay-position").textContent = `Step ${at} of ${game.total - 1} · hand ${frame.hand_number}, ${SEAT_NAMES[frame.dealer]} deals · ${frame.phase.replace("_", " ")}`;
    drawMark();
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
    $("replay-hands").setAttribute("aria-busy", "false");
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
    // The story up to this step, from the hands the page holds; the lines of this step stand out.
    const items = [];
    for (let i = Math.max(0, at - 40); i <= at; i += 1) {
      const shown = frameAt(i);
      if (shown) for (const line of shown.lines) items.push(el("li", { class: i === at ? "now" : "" }, line));
    }
    const list = $("replay-lines");
    list.replaceChildren(...items);
    list.scrollTop = list.scrollHeight;
  }

  // The start of the hand `direction` hands away (0: this hand's); the end past the last.
  function handStart(direction) {
    if (!game) return;
    const hand = game.hands[handAt(at).number - game.first + direction];
    if (hand) show(hand.start);
    else show(direction < 0 ? 0 : game.total - 1);
  }

  // A hand in the hand selector (short: it must fit a phone's width), beside its label "Hand":
  // "12: South bid 6, made · 34–20", the scores after it.
  function handLabel(hand, last) {
    let what;
    if (hand.bidder !== null) {
      what = `${SEAT_NAMES[hand.bidder]} bid ${hand.bid}, ${hand.made ? "made" : "set"}`;
    } else {
      what = last && !game.over ? "in play" : "thrown in";
    }
    return `${hand.number}: ${what} · ${hand.scores[0]}–${hand.scores[1]}`;
  }

  async function begin(data) {
    generation += 1;
    loaded = new Map();
    asked = new Map();
    clearTimeout(timer);
    at = 0;
    resetReview(data.review_url);
    game = readGame(data);
    keep(data.hand, data.frames);
    // The end is a click away (and the status line tells it): its hand comes before the board.
    const last = game.hands[game.hands.length - 1];
    await load(last.number).catch(() => {});
    drawHandOptions();
    $("frame").max = String(game.total - 1);
    $("replay-upload").hidden = tableId !== null;
    $("replay-board").hidden = false;
    const [ns, ew] = last.scores;
    const kind = game.over ? "A game" : "A game not played to its end";
    const count = game.hands.length === 1 ? "1 hand" : `${game.hands.length} hands`;
    status(`${kind} of ${count}, ${game.total - 1} steps: ${TEAM_NAMES[0]} ${ns}, ${TEAM_NAMES[1]} ${ew}`);
    show(0);
    askReview("GET");
  }

  // The hand selector: each hand's label, and its marks once the game is reviewed.
  function drawHandOptions() {
    const byHand = new Map();
    for (const [step, decision] of review.marks) {
      const number = handAt(step).number;
      const marks = byHand.get(number) || [];
      marks.push(decision.mark);
      byHand.set(number, marks);
    }
    $("hand-select").replaceChildren(
      ...game.hands.map((hand, index) => {
        let label = handLabel(hand, index === game.hands.length - 1);
        const marks = byHand.get(hand.number) || [];
        let worst = null;
        for (const mark of marks) if (MARK_ORDER.indexOf(mark) > MARK_ORDER.indexOf(worst)) worst = mark;
        if (worst) label += ` · ${MARKS[worst].glyph} ${marks.length === 1 ? "1 mark" : `${marks.length} marks`}`;
        const dataset = worst ? { marks: String(marks.length), worst } : {};
        return el("option", { value: String(hand.number), dataset }, label);
      }),
    );
    if (game.hands.length) $("hand-select").value = String(handAt(at).number);
  }

  // --- the review ----------------------------------------------------------------------------

  // An action as the review writes it ("play KS", "bid 5"), shorter: a card alone for a card played.
  function actionText(text) {
    return text.startsWith("play ") ? text.slice(5) : text;
  }

  function points(loss) {
    const shown = loss.toFixed(1);
    return `${shown} ${shown === "1.0" ? "point" : "points"}`;
  }

  function resetReview(url) {
    clearTimeout(review.timer);
    review = { url: url || null, state: "none", marks: new Map(), timer: null };
    $("review-start").hidden = !review.url;
    $("review-start").disabled = false;
    $("review-start").textContent = "Review the game";
    $("review-status").textContent = "";
    $("review-progress").hidden = true;
    $("mark-prev").hidden = true;
    $("mark-next").hidden = true;
    $("review-summary").hidden = true;
    $("replay-mark").hidden = true;
  }

  // The mark of the decision the step shown tells, if it has one.
  function drawMark() {
    const decision = review.marks.get(at);
    const line = $("replay-mark");
    if (!decision) {
      line.hidden = true;
      line.replaceChildren();
      delete line.dataset.mark;
      return;
    }
    const { glyph } = MARKS[decision.mark];
    line.dataset.mark = decision.mark;
    line.hidden = false;
    line.replaceChildren(
      el("span", { class: "mark-glyph", "aria-hidden": "true" }, glyph),
      " ",
      el(
        "span",
        { class: "mark-text" },
        `${SEAT_NAMES[decision.seat]}, ${actionText(decision.action)}: ${decision.mark}: ` +
          `lost ${points(decision.loss)}; best was ${actionText(decision.best)}`,
      ),
    );
  }

  function drawSummary(data) {
    const rows = data.seats.map((seat) =>
      el(
        "tr",
        { dataset: { seat: String(seat.seat) } },
        el("th", { scope: "row" }, SEAT_NAMES[seat.seat]),
        el("td", { class: "decisions" }, String(seat.decisions)),
        el("td", { class: "mean-loss" }, seat.mean_loss.toFixed(2)),
        el("td", { class: "inaccuracies" }, String(seat.inaccuracies)),
        el("td", { class: "mistakes" }, String(seat.mistakes)),
        el("td", { class: "blunders" }, String(seat.blunders)),
      ),
    );
    $("review-table").querySelector("tbody").replaceChildren(...rows);
    $("review-summary").hidden = false;
  }

  // How the review stands, as the server told it.
  function reviewState(data) {
    review.state = data.state;
    const button = $("review-start");
    const progress = $("review-progress");
    button.hidden = data.state === "done";
    button.disabled = data.state === "queued" || data.state === "running";
    progress.hidden = data.state !== "running" && data.state !== "queued";
    if (data.state === "queued") {
      progress.removeAttribute("value");
      const ahead = data.ahead === 1 ? "1 review" : `${data.ahead} reviews`;
      $("review-status").textContent =
        data.ahead > 0 ? `The review waits its turn: ${ahead} ahead of it…` : "Starting the review…";
    } else if (data.state === "running") {
      if (data.total === null) {
        progress.removeAttribute("value");
        $("review-status").textContent = "Reviewing: counting the decisions…";
      } else {
        progress.max = Math.max(1, data.total);
        progress.value = data.done;
        $("review-status").textContent = `Reviewing: ${data.done} of ${data.total} decisions…`;
      }
    } else if (data.state === "error") {
      button.textContent = "Review again";
      $("review-status").textContent = `The review failed: ${data.error}`;
    } else if (data.state === "done") {
      reviewDone(data);
    }
    if (data.state === "queued" || data.state === "running") {
      const mine = generation;
      clearTimeout(review.timer);
      review.timer = setTimeout(() => mine === generation && askReview("GET"), REVIEW_POLL);
    }
  }

  function reviewDone(data) {
    const { decisions, seats, samples, time_limit: limit } = data.review;
    review.marks = new Map();
    for (const decision of decisions) {
      const step = data.steps[decision.index];
      if (decision.mark && MARKS[decision.mark] && Number.isInteger(step)) review.marks.set(step, decision);
    }
    const marked = review.marks.size;
    const budget = limit === null ? `${samples} deals a decision` : `up to ${samples} deals or ${limit} s a decision`;
    $("review-status").textContent =
      `Reviewed: ${decisions.length} decisions, ${marked === 1 ? "1 marked" : `${marked} marked`} (${budget}).`;
    $("mark-prev").hidden = marked === 0;
    $("mark-next").hidden = marked === 0;
    drawSummary({ seats });
    drawHandOptions();
    if (game) show(at);
  }

  // Ask the server how the review stands ("GET"), or to start it ("POST").
  async function askReview(method) {
    if (!review.url) return;
    const mine = generation;
    if (method === "POST") {
      $("review-start").disabled = true;
      $("review-status").textContent = "Asking for a review…";
    }
    try {
      const data = await answer(await fetch(review.url, { method }));
      if (mine === generation) reviewState(data);
    } catch (error) {
      if (mine !== generation) return;
      $("review-start").disabled = false;
      if (method === "POST" || review.state !== "none") {
        $("review-status").textContent = `No review: ${error.message}.`;
      }
      // The server has forgotten the game (an upload kept no longer): asking again is no use.
      const gone = error.code === "no_replay" || error.code === "no_table";
      if (gone) {
        review.state = "none";
        $("review-start").disabled = true;
        $("review-progress").hidden = true;
      } else if (review.state === "queued" || review.state === "running") {
        review.timer = setTimeout(() => mine === generation && askReview("GET"), REVIEW_POLL * 3);
      }
    }
  }

  // The next marked step after the one shown (direction 1), or the one before it (-1).
  function toMark(direction) {
    const steps = [...review.marks.keys()].sort((a, b) => a - b);
    const found = direction > 0 ? steps.find((step) => step > at) : steps.reverse().find((step) => step < at);
    if (found !== undefined) show(found);
  }

  $("first").addEventListener("click", () => show(0));
  $("last").addEventListener("click", () => game && show(game.total - 1));
  $("step-prev").addEventListener("click", () => show(at - 1));
  $("step-next").addEventListener("click", () => show(at + 1));
  $("prev-hand").addEventListener("click", () => handStart(game && at > handAt(at).start ? 0 : -1));
  $("next-hand").addEventListener("click", () => handStart(1));
  $("frame").addEventListener("input", (event) => show(Number(event.target.value), { slider: true }));
  $("review-start").addEventListener("click", () => askReview("POST"));
  $("mark-next").addEventListener("click", () => toMark(1));
  $("mark-prev").addEventListener("click", () => toMark(-1));
  $("hand-select").addEventListener("change", (event) => {
    const hand = game && game.hands[Number(event.target.value) - game.first];
    if (hand) show(hand.start);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    if (!game || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {
      ArrowLeft: () => show(at - 1),
      ArrowRight: () => show(at + 1),
      Home: () => show(0),
      End: () => show(game.total - 1),
      PageUp: () => handStart(at > handAt(at).start ? 0 : -1),
      PageDown: () => handStart(1),
      n: () => toMark(1),
      p: () => toMark(-1),
    };
    if (event.key in moves) {
      event.preventDefault();
      moves[event.key]();
    }
  });

  $("record-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("replay-error").textContent = "";
    status(`Reading ${file.name}…`);
    try {
      const body = await file.text();
      event.target.value = ""; // the same file may be chosen again (the server forgets uploads)
      await begin(await answer(await fetch("/api/replay", { method: "POST", body })));
    } catch (error) {
      $("replay-error").textContent = `That record cannot be replayed: ${error.message}`;
      status("Replay a saved game");
    }
  });

  // For the browser tests: where the page stands, and what it has asked the server for.
  window.pitch13Replay = {
    get at() {
      return at;
    },
    get total() {
      return game ? game.total : 0;
    },
    get hand() {
      return game ? handAt(at).number : null;
    },
    get shown() {
      return game !== null && drawn === at;
    },
    get loaded() {
      return [...loaded.keys()].sort((a, b) => a - b);
    },
    get requests() {
      return requests;
    },
    get reviewUrl() {
      return review.url;
    },
    get review() {
      return { state: review.state, marks: [...review.marks.keys()].sort((a, b) => a - b) };
    },
  };

  loadError("");
  if (tableId === null) {
    $("replay-upload").hidden = false;
    status("Replay a saved game");
  } else {
    fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`)
      .then(answer)
      .then(begin)
      .catch((error) => status(`This game cannot be replayed: ${error.message}`));
  }
})();
