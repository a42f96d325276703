// The table: one seat's (or a spectator's) live view of a game, kept up over a websocket.
"use strict";

(() => {
  const { SEAT_NAMES, TEAM_NAMES, SUITS, el, cardText, cardNode } = window.pitch13Common;
  const PHASE_VERBS = {
    deal: "deal",
    bidding: "bid",
    trump: "name trump",
    discard: "discard",
    pickup: "pick up",
    look: "look through the stock",
    play: "play",
  };
  // Actions that name one card, as "verb CARD": the card is drawn as a button for it.
  const CARD_ACTIONS = ["play ", "discard ", "give up ", "take "];
  const TERMINATIONS = {
    target: "",
    both_past_target: "both teams passed the target: the bidders win",
    moon_made: "a moon bid made",
    moon_failed: "a moon bid failed",
  };
  const PING_MS = 20000;
  // A lost connection is tried again after RETRY_FIRST_MS, then each wait RETRY_GROWTH times the
  // one before, up to RETRY_MAX_MS, for as long as the page is open. After LOST_AFTER attempts in
  // a row that fail, the page says the server is lost (and goes on trying in the background).
  const RETRY_FIRST_MS = 400;
  const RETRY_GROWTH = 1.5;
  const RETRY_MAX_MS = 10000;
  const LOST_AFTER = 5;
  // After the server said the table is gone, the first wait before asking again.
  const GONE_RETRY_MS = 2000;
  // How long a hand's result stays on the table (see showResult); style.css's countdown bar
  // runs for as long.
  const RESULT_MS = 15000;
  const MAX_EVENTS = 600;

  // --- where we are ------------------------------------------------------------------------

  const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop() || "");
  // A seat link carries the seat's token in its fragment, which browsers never send to a server.
  // The page keeps it for this tab only (sessionStorage, so a reload keeps the seat) and takes it
  // out of the address bar, so that copying the address to invite someone does not give it away.
  const storeKey = `pitch13-seat-${tableId}`;
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (params.get("token") && /^[0-3]$/.test(params.get("seat") || "")) {
    try {
      sessionStorage.setItem(storeKey, JSON.stringify({ seat: Number(params.get("seat")), token: params.get("token") }));
    } catch (error) {
      // Storage refused (a private window): the seat lasts as long as this page.
    }
    history.replaceState(null, "", location.pathname);
  }
  let held = null;
  try {
    held = JSON.parse(sessionStorage.getItem(storeKey) || "null");
  } catch (error) {
    held = null;
  }
  if (!held && params.get("token") && /^[0-3]$/.test(params.get("seat") || "")) {
    held = { seat: Number(params.get("seat")), token: params.get("token") };
  }
  // A private table's invite link (#invite=...) lets its holder watch; it stays in the address,
  // which may be passed on as it is.
  const invite = params.get("invite");
  const state = {
    token: held && typeof held.token === "string" ? held.token : null,
    seat: held && typeof held.token === "string" && [0, 1, 2, 3].includes(held.seat) ? held.seat : null,
    view: null,
    hand: [],
    legal: [],
    table: null,
    connected: false,
    lastError: null,
    messages: 0,
    pending: false,
    refocus: false,
    socket: null,
    retryMs: RETRY_FIRST_MS,
    retryTimer: null,
    pingTimer: null,
    failures: 0, // connection attempts in a row that ended before the server's welcome
    lost: false, // LOST_AFTER of them: the server cannot be reached
    gone: false, // the server said it has no such table (asked again now and then all the same)
    confirming: null, // the action that gives a card away, waiting for Confirm or Cancel
    resultHand: undefined, // the hand whose result was shown last (undefined: before the first view)
    resultTimer: null,
    inviteLink: null, // a private table's invite link, which the server tells its owner
    leaving: false, // "Give up your seat" was pressed once: the next press gives it up
  };

  const $ = (id) => document.getElementById(id);
  const dom = {
    status: $("status"),
    connection: $("connection"),
    alert: $("alert"),
    alertTitle: $("alert-title"),
    alertText: $("alert-text"),
    seats: $("seats"),
    banner: $("banner"),
    pregame: $("pregame"),
    start: $("start"),
    invite: $("invite"),
    inviteLink: $("invite-link"),
    copyInvite: $("copy-invite"),
    copyInviteResult: $("copy-invite-result"),
    inviteField: $("invite-field"),
    takeSeat: $("take-seat"),
    leave: $("leave"),
    fairDeals: $("fair-deals"),
    fairDealsText: $("fair-deals-text"),
    trick: $("trick"),
    lastTrick: $("last-trick"),
    turned: $("turned"),
    trickNote: $("trick-note"),
    handResult: $("hand-result"),
    handResultHeading: $("hand-result-heading"),
    handResultBody: $("hand-result-body"),
    handResultClose: $("hand-result-close"),
    handPanel: $("hand-panel"),
    handHeading: $("hand-heading"),
    hand: $("hand"),
    actions: $("actions"),
    confirm: $("confirm"),
    confirmText: $("confirm-text"),
    confirmYes: $("confirm-yes"),
    confirmNo: $("confirm-no"),
    error: $("error"),
    seatLink: $("seat-link"),
    seatLinkNote: $("seat-link-note"),
    copySeatLink: $("copy-seat-link"),
    copyResult: $("copy-result"),
    seatLinkField: $("seat-link-field"),
    scores: $("scores"),
    target: $("target"),
    trump: $("trump"),
    auction: $("auction"),
    out: $("out"),
    middleBody: $("middle-body"),
    lastResult: $("last-result"),
    lastResultBody: $("last-result-body"),
    events: $("events"),
    gameOver: $("game-over"),
    gameOverWinner: $("game-over-winner"),
    gameOverScores: $("game-over-scores"),
    downloadJson: $("download-json"),
    downloadText: $("download-text"),
    replayLink: $("replay-link"),
  };

  // --- small helpers -----------------------------------------------------------------------

  const seatName = (seat) => SEAT_NAMES[seat] ?? `seat ${seat}`;
  const teamOf = (seat) => seat % 2;
  const seated = () => state.seat !== null;
  // Whether the choices are closed: a move is on its way, or there is no connection to send one.
  const locked = () => state.pending || !state.connected;
  // The look-through's actions that send a card to the dead pile (R-LOOK-2): the page asks first.
  const givesACardAway = (action) => action.startsWith("give up ") || action === "reject";

  // Where a seat sits on the screen: the viewer at the bottom (a spectator sees South there).
  function positionOf(seat) {
    const bottom = state.seat ?? 2;
    return ["bottom", "left", "top", "right"][(seat - bottom + 4) % 4];
  }

  // The card an action names ("play 10D" -> "10D"), or null.
  function cardOfAction(action) {
    for (const prefix of CARD_ACTIONS) {
      if (action.startsWith(prefix)) return action.slice(prefix.length);
    }
    return null;
  }

  function actionFor(card, prefixes) {
    for (const [action, label] of state.legal) {
      if (cardOfAction(action) === card && prefixes.some((p) => action.startsWith(p))) return [action, label];
    }
    return null;
  }

  // Whether a card is a trump once trump is named (R-DECK-3): the trump suit, the Jick (the jack
  // of the other suit of its colour), the off-three (its three, when the rules play it) and the
  // jokers. Every other card is dead for the hand.
  const OFF_SUIT = { C: "S", S: "C", D: "H", H: "D" };
  function isTrump(code, view) {
    if (code === "BJ" || code === "RJ") return true;
    const rank = code.slice(0, -1);
    const suit = code.slice(-1);
    if (suit === view.trump) return true;
    if (suit !== OFF_SUIT[view.trump]) return false;
    return rank === "J" || (rank === "3" && view.rules?.use_off_three !== false);
  }

  // What a card is worth once trump is named (R-POINT-1).
  function pointsOf(code, view) {
    if (!view.trump || !isTrump(code, view)) return 0;
    if (code === "BJ" || code === "RJ") return 1;
    const rank = code.slice(0, -1);
    if (code.slice(-1) !== view.trump) return rank === "J" ? 1 : 3; // the Jick, the off-three
    return { A: 1, J: 1, 10: 1, 3: 3, 2: 1 }[rank] ?? 0;
  }

  // "a point card, worth 3", "dead this hand", or nothing: what a new player may not see.
  function worth(code, view) {
    if (!view.trump) return "";
    if (!isTrump(code, view)) return "dead this hand";
    const points = pointsOf(code, view);
    return points ? `a point card, worth ${points}` : "";
  }

  function signed(n) {
    return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
  }

  function number(n) {
    return n < 0 ? `−${-n}` : String(n);
  }

  // --- the connection ----------------------------------------------------------------------

  function socketUrl() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`;
  }

  function send(message) {
    const socket = state.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  function connect() {
    clearTimeout(state.retryTimer);
    state.retryTimer = null;
    let socket;
    try {
      socket = new WebSocket(socketUrl());
    } catch {
      failed();
      return;
    }
    state.socket = socket;
    let welcomed = false;
    socket.addEventListener("open", () => {
      let join = { type: "join" };
      if (state.token) join = { type: "join", token: state.token };
      else if (invite) join = { type: "join", invite };
      socket.send(JSON.stringify(join));
      clearInterval(state.pingTimer);
      state.pingTimer = setInterval(() => send({ type: "ping" }), PING_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== state.socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && message.type === "welcome") welcomed = true;
      state.messages += 1;
      handle(message);
    });
    socket.addEventListener("close", () => {
      if (socket !== state.socket) return;
      clearInterval(state.pingTimer);
      state.socket = null;
      state.connected = false;
      state.pending = false;
      if (welcomed) scheduleReconnect();
      else failed();
      render();
    });
    // An error is followed by a close, which reconnects.
  }

  // An attempt that ended before the server's welcome.
  function failed() {
    state.failures += 1;
    if (state.failures >= LOST_AFTER) state.lost = true;
    scheduleReconnect();
  }

  function scheduleReconnect() {
    clearTimeout(state.retryTimer);
    if (state.gone) state.retryMs = Math.max(state.retryMs, GONE_RETRY_MS);
    const wait = state.retryMs;
    state.retryMs = Math.min(state.retryMs * RETRY_GROWTH, RETRY_MAX_MS);
    state.retryTimer = setTimeout(connect, wait);
  }

  // A phone that wakes up or comes back online tries at once, not at the end of a long wait.
  function retryNow() {
    if (state.socket || state.retryTimer === null || document.visibilityState === "hidden") return;
    state.retryMs = RETRY_FIRST_MS;
    connect();
  }
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", retryNow);

  function handle(message) {
    switch (message.type) {
      case "welcome":
        state.connected = true;
        state.retryMs = RETRY_FIRST_MS;
        state.failures = 0;
        state.lost = false;
        state.gone = false;
        state.seat = message.seat ?? null;
        state.inviteLink = typeof message.invite === "string" ? `${location.origin}${message.invite}` : null;
        render();
        break;
      case "left":
        forgetSeat();
        location.assign("/");
        break;
      case "table":
        state.table = message;
        render();
        break;
      case "view":
        onView(message);
        break;
      case "error":
        onError(message);
        break;
      default:
        break; // "pong", and anything newer than this page
    }
  }

  function onView(message) {
    const plyBefore = state.view ? state.view.ply : null;
    if (message.full) {
      state.view = message.view;
      const hadLog = dom.events.childElementCount > 0;
      dom.events.replaceChildren();
      if (hadLog) addEvents(["Reconnected: the story so far."], "mark");
    } else if (state.view) {
      Object.assign(state.view, message.set ?? {});
      const history = message.history;
      if (Array.isArray(history) && history.length > 0) {
        state.view.history = (state.view.history ?? []).slice(0, history[0]).concat(history.slice(1));
      }
    } else {
      return; // a change to a view we never had: the next full view puts it right
    }
    state.hand = Array.isArray(message.hand) ? message.hand : (state.view.hand ?? []);
    state.legal = Array.isArray(message.legal) ? message.legal : [];
    state.pending = false;
    if (state.view.ply !== plyBefore) state.confirming = null;
    showError(null);
    addEvents(message.events ?? []);
    noteResult();
    render();
    if (state.refocus && myTurn()) {
      state.refocus = false;
      dom.actions.querySelector("button:enabled")?.focus();
    }
  }

  function onError(message) {
    state.lastError = message;
    state.pending = false;
    // A gone table is told by the banner and the status line, not as a refused move.
    if (message.code === "no_table") state.gone = true;
    else showError(message);
    if (message.code === "bad_token") {
      // The link's seat is not ours (or the server forgot it, or it was given up): watch instead.
      forgetSeat();
      history.replaceState(null, "", location.pathname + (invite ? `#invite=${encodeURIComponent(invite)}` : ""));
      addEvents(["This seat link is not valid at this table: you are watching instead."], "mark");
    }
    render();
  }

  function forgetSeat() {
    state.token = null;
    state.seat = null;
    try {
      sessionStorage.removeItem(storeKey);
    } catch (error) {
      // nothing kept
    }
  }

  // Take an open seat before the start (a private table's with the invite this page was opened
  // with): the page keeps the new seat's token for this tab and joins again with it.
  async function takeSeat(seat, button) {
    button.disabled = true;
    let reply = null;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(invite ? { invite } : {}),
      });
      reply = await response.json().catch(() => null);
      if (!response.ok) throw new Error(reply?.error ?? `${response.status} ${response.statusText}`);
    } catch (error) {
      showError({ message: `Could not sit at ${seatName(seat)}: ${error.message}` });
      button.disabled = false;
      return;
    }
    try {
      sessionStorage.setItem(storeKey, JSON.stringify({ seat: reply.seat, token: reply.token }));
    } catch (error) {
      // Storage refused (a private window): the seat lasts as long as this page.
    }
    state.token = reply.token;
    state.seat = reply.seat;
    addEvents([`You sit at ${seatName(reply.seat)}.`], "mark");
    state.socket?.close(); // joins again, with the seat's token
  }

  function showError(message) {
    if (!message) {
      dom.error.textContent = "";
      delete dom.error.dataset.code;
      return;
    }
    const reason = message.reason ? ` (${String(message.reason).toLowerCase().replaceAll("_", " ")})` : "";
    dom.error.textContent = `${message.message ?? "Something went wrong"}${reason}`;
    dom.error.dataset.code = message.code ?? "";
  }

  function addEvents(lines, kind = "") {
    if (!lines.length) return;
    const log = dom.events;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    for (const line of lines) log.append(el("li", { class: kind || null }, String(line)));
    while (log.childElementCount > MAX_EVENTS) log.firstElementChild.remove();
    if (atBottom || kind) log.scrollTop = log.scrollHeight;
  }

  function move(action) {
    if (state.pending || !state.view) return;
    if (!send({ type: "move", action, ply: state.view.ply })) return;
    state.pending = true;
    const choices = "#actions button, #hand button, #middle button, #confirm button";
    for (const button of document.querySelectorAll(choices)) button.disabled = true;
  }

  // Every button that carries an action moves; one that gives a card away asks first. A move
  // made from the keyboard (a click with no pointer) brings the focus back to the choices when
  // the next ones come.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled) return;
    state.refocus = event.detail === 0;
    const action = button.dataset.action;
    if (givesACardAway(action)) ask(action);
    else move(action);
  });

  // The confirm bar, in the page (never window.confirm): only Confirm sends the move.
  function ask(action) {
    state.confirming = action;
    render();
    dom.confirmYes.focus({ preventScroll: true });
  }

  function cancelAsk() {
    if (state.confirming === null) return;
    state.confirming = null;
    render();
    dom.actions.querySelector("button:enabled")?.focus({ preventScroll: true });
  }

  dom.confirmYes.addEventListener("click", () => {
    const action = state.confirming;
    if (action === null || locked()) return;
    state.confirming = null;
    move(action);
    render();
  });
  dom.confirmNo.addEventListener("click", cancelAsk);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !document.querySelector("dialog[open]")) cancelAsk();
  });

  dom.start.addEventListener("click", () => {
    if (send({ type: "start" })) dom.start.disabled = true;
  });

  // Giving a seat up asks first: the first press turns the button into the question.
  dom.leave.addEventListener("click", () => {
    if (!state.leaving) {
      state.leaving = true;
      render();
      return;
    }
    if (send({ type: "leave" })) dom.leave.disabled = true;
  });

  dom.copyInvite.addEventListener("click", () => {
    if (state.inviteLink) copyLink(state.inviteLink, dom.inviteField, dom.copyInviteResult);
  });

  dom.handResultClose.addEventListener("click", hideResult);

  // --- the seat's link ---------------------------------------------------------------------

  // The link that seated this tab: the page took it out of the address bar (see above), so it
  // is made again from the seat and its token.
  function seatLink() {
    return `${location.origin}${location.pathname}#seat=${state.seat}&token=${encodeURIComponent(state.token)}`;
  }

  dom.copySeatLink.addEventListener("click", () => copyLink(seatLink(), dom.seatLinkField, dom.copyResult));

  // Copy a link to the clipboard; with no clipboard (an http page away from this machine, or
  // permission refused) it is shown selected in ``field``, to be copied by hand.
  async function copyLink(link, field, result) {
    try {
      if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") {
        throw new Error("no clipboard here");
      }
      await navigator.clipboard.writeText(link);
      field.hidden = true;
      result.textContent = "Copied.";
    } catch {
      field.value = link;
      field.hidden = false;
      field.focus();
      field.select();
      result.textContent = "Copy it from the field below.";
    }
  }
  dom.seatLinkField.addEventListener("focus", () => dom.seatLinkField.select());

  // --- drawing -----------------------------------------------------------------------------

  function render() {
    renderConnection();
    renderAlert();
    renderStatus();
    renderSeats();
    renderPregame();
    renderCenter();
    renderConfirm();
    renderHand();
    renderActions();
    renderSeatLink();
    renderFairDeals();
    renderScores();
    renderHandInfo();
    renderMiddle();
    renderLastResult();
    renderGameOver();
  }

  function renderConnection() {
    let text = "connecting…";
    let kind = "";
    if (state.connected) [text, kind] = ["connected", "connected"];
    else if (state.gone) [text, kind] = ["table gone", "offline"];
    else if (state.lost) [text, kind] = ["offline", "offline"];
    else if (state.messages > 0 || state.failures > 0) [text, kind] = ["reconnecting…", "reconnecting"];
    dom.connection.textContent = text;
    dom.connection.className = kind;
  }

  // The banner of a table that is gone or a server that cannot be reached; its controls are
  // closed meanwhile (locked()), and all comes back with the next welcome.
  function renderAlert() {
    let title = "";
    let text = "";
    if (state.connected) {
      // all is well
    } else if (state.gone) {
      title = "This table is gone.";
      text =
        "The server has no table at this address now: it was closed, or the server started " +
        "again without it. The page keeps asking, in case it comes back.";
    } else if (state.lost) {
      title = "The server cannot be reached.";
      text =
        "The page keeps trying in the background; when the server answers, the game carries on " +
        "from where it stands.";
    }
    dom.alert.hidden = !title;
    dom.alert.dataset.kind = state.gone ? "gone" : state.lost ? "lost" : "";
    dom.alertTitle.textContent = title;
    dom.alertText.textContent = text;
  }

  function isOver() {
    return Boolean(state.view?.outcome) || Boolean(state.table?.over);
  }

  function myTurn() {
    const view = state.view;
    return Boolean(view && seated() && view.to_act === state.seat && state.legal.length > 0 && !isOver());
  }

  function statusText() {
    const view = state.view;
    const table = state.table;
    if (!state.connected && state.gone) return "This table is gone";
    if (!state.connected && state.lost) return "Cannot reach the server";
    if (!view || !table) return state.connected ? "Joining the table…" : "Connecting…";
    if (view.outcome) {
      const { winner, scores } = view.outcome;
      return `Game over: ${TEAM_NAMES[winner]} win ${number(scores[winner])} to ${number(scores[1 - winner])}`;
    }
    if (!table.started) {
      if (mayStart()) return "Waiting for players — press Start";
      const owner = table.owner_seat;
      if (seated() && Number.isInteger(owner)) return `Waiting for ${seatName(owner)} to start the game`;
      return "Waiting for the game to start";
    }
    if (view.to_act === null || view.to_act === undefined) return view.phase === "deal" ? "Dealing…" : "…";
    const doing = PHASE_VERBS[view.phase] ?? view.phase;
    if (myTurn()) return `Your turn: ${doing}`;
    return `${seatName(view.to_act)} to ${doing}`;
  }

  function renderStatus() {
    dom.status.textContent = statusText();
    dom.status.classList.toggle("your-turn", myTurn());
    const title = seated() ? `${seatName(state.seat)} · pitch13` : "Watching · pitch13";
    document.title = myTurn() ? `● ${title}` : title;
  }

  // The seat holding the high bid: the bidder once the auction is over, else the last to bid it.
  function highBidder(view) {
    if (view.bidder !== null && view.bidder !== undefined) return view.bidder;
    let holder = null;
    for (let i = 1; i <= 4; i += 1) {
      const seat = (view.dealer + i) % 4;
      if (view.high_bid && view.bids?.[seat] === view.high_bid) holder = seat;
    }
    return holder;
  }

  function bidText(bid) {
    if (bid === null || bid === undefined) return "";
    return bid === 0 ? "pass" : `bid ${bid}`;
  }

  function renderSeats() {
    const view = state.view;
    const infos =
      state.table?.seats ?? SEAT_NAMES.map((name, seat) => ({ seat, name, kind: "open", connected: false }));
    const started = Boolean(state.table?.started);
    const nodes = infos.map((info) => {
      const seat = info.seat;
      const you = seat === state.seat;
      const toAct = Boolean(view && started && !isOver() && view.to_act === seat);
      const connected = info.kind === "bot" || info.connected;
      const kindText = ["person", "bot"].includes(info.kind) ? info.kind : "open";
      const tags = [el("span", { class: "tag kind" }, kindText)];
      if (info.kind === "person") {
        tags.push(el("span", { class: "visually-hidden" }, info.connected ? "connected" : "away"));
      }
      if (you) tags.unshift(el("span", { class: "tag you" }, "you"));
      if (view && started) {
        if (view.dealer === seat) tags.push(el("span", { class: "tag dealer", title: "Dealer" }, "dealer"));
        if (view.bidder === seat)
          tags.push(el("span", { class: "tag bidder", title: "Won the auction" }, "bidder"));
        if ((view.out ?? []).includes(seat)) tags.push(el("span", { class: "tag out" }, "out"));
      }
      const bid = view && started ? bidText(view.bids?.[seat]) : "";
      const node = el(
        "div",
        {
          class: `seat pos-${positionOf(seat)}${toAct ? " to-act" : ""}`,
          dataset: { seat: String(seat), kind: info.kind, connected: String(Boolean(info.connected)) },
          "aria-current": toAct ? "true" : null,
        },
        el(
          "div",
          { class: "seat-name" },
          el("span", { class: `dot${connected ? " on" : ""}`, "aria-hidden": "true" }),
          info.name ?? seatName(seat),
        ),
        el("div", { class: "tags" }, ...tags),
        el("div", { class: "bid" }, bid || (toAct ? "thinking…" : "\u00a0")),
      );
      if (view && started && !you) {
        const count = view.hand_sizes?.[seat] ?? 0;
        const backs = el("div", { class: "backs", "aria-label": `${count} cards`, role: "img" });
        for (let i = 0; i < count; i += 1) backs.append(el("span", { class: "back" }));
        node.append(backs);
      }
      return node;
    });
    dom.seats.replaceChildren(...nodes);
  }

  // Whether this seat may start the game (a server that names the table's owner lets only the
  // owner start it).
  function mayStart() {
    const table = state.table;
    if (!table || table.started || !seated()) return false;
    return table.owner_seat === undefined || table.owner_seat === null || table.owner_seat === state.seat;
  }

  function renderPregame() {
    const table = state.table;
    const before = Boolean(table && !table.started);
    const canStart = mayStart();
    dom.pregame.hidden = !before;
    dom.start.hidden = !canStart;
    if (canStart) dom.start.disabled = !state.connected;
    dom.invite.hidden = !canStart;
    renderJoining(before);
    if (!canStart) return;
    const open = table.seats.filter((s) => s.kind !== "person").map((s) => s.name ?? seatName(s.seat));
    if (open.length === 0) {
      dom.invite.replaceChildren(el("p", {}, "Every seat is taken: start when you are ready."));
      return;
    }
    dom.invite.replaceChildren(
      el(
        "p",
        {},
        ...(table.seed_chosen
          ? [`Open seats: ${open.join(", ")}. You chose this table's seed, so bots play them.`]
          : table.private
            ? [`Open seats: ${open.join(", ")}. Friends take them through the invite link. `]
            : [
                `Open seats: ${open.join(", ")}. Friends take them from `,
                el("a", { href: "/" }, "the lobby"),
                " (table ",
                el("code", {}, tableId),
                "). ",
              ]),
        "Bots play the seats still open when you start.",
      ),
    );
  }

  // Before the start: the owner's invite link (a private table), the open seats a visitor may
  // take, and a seated non-owner's "Give up your seat".
  function renderJoining(before) {
    const table = state.table;
    dom.inviteLink.hidden = !(before && state.inviteLink);
    const visitor = before && !seated() && state.connected && !table.seed_chosen;
    const open = visitor ? table.seats.filter((s) => s.kind === "open") : [];
    dom.takeSeat.hidden = open.length === 0;
    dom.takeSeat.replaceChildren(
      ...(open.length
        ? [
            el("p", {}, "Take a seat:"),
            el(
              "div",
              { class: "pregame-seats" },
              ...open.map((info) => {
                const button = el(
                  "button",
                  { type: "button", class: "sit", dataset: { seat: String(info.seat) } },
                  `Sit at ${info.name ?? seatName(info.seat)}`,
                );
                button.addEventListener("click", () => takeSeat(info.seat, button));
                return button;
              }),
            ),
          ]
        : []),
    );
    const mayLeave = before && seated() && table.owner_seat !== state.seat;
    dom.leave.hidden = !mayLeave;
    if (!mayLeave) state.leaving = false;
    dom.leave.disabled = !state.connected;
    dom.leave.textContent = state.leaving
      ? `Give up ${seatName(state.seat)}? Press again`
      : "Give up your seat";
  }

  // The commitment to the deals, shown from the start; the seed once the game is over.
  function renderFairDeals() {
    const table = state.table;
    const commitment = table?.commitment;
    // A chosen seed has no commitment (it would prove nothing): the panel says whose seed it is.
    dom.fairDeals.hidden = !commitment && !table?.seed_chosen;
    if (dom.fairDeals.hidden) return;
    if (table.seed_chosen) {
      dom.fairDealsText.replaceChildren("The table's creator chose its seed: its deals can be played again.");
      return;
    }
    const parts = [
      "The hands come from a secret seed the server committed to before the first bid: ",
      el("code", { title: commitment, dataset: { commitment } }, commitment),
      ".",
    ];
    if (table.seed) {
      parts.push(
        " Its seed was ",
        el("code", { dataset: { seed: table.seed } }, table.seed),
        ": check the record with ",
        el("code", {}, `pitch13 verify RECORD ${commitment}`),
        ".",
      );
    } else {
      parts.push(" The seed is shown when the game is over, to check the deals.");
    }
    dom.fairDealsText.replaceChildren(...parts);
  }

  function renderCenter() {
    const view = state.view;
    const started = Boolean(state.table?.started);
    dom.trick.replaceChildren();
    dom.lastTrick.replaceChildren();
    dom.turned.hidden = true;
    dom.turned.replaceChildren();
    dom.trickNote.textContent = "";
    dom.banner.textContent = "";
    if (!view || !started) return;
    const trick = view.trick ?? [];
    const tricks = view.tricks ?? [];
    const resultOf = Number(dom.handResult.dataset.hand);
    if (!dom.handResult.hidden && view.hand_number > resultOf && (trick.length || tricks.length)) hideResult();
    for (const [seat, card] of trick) {
      const slot = el("div", { class: `slot pos-${positionOf(seat)}` }, cardNode(card, { size: "small" }));
      slot.firstChild.dataset.seat = String(seat);
      dom.trick.append(slot);
    }
    if (view.phase === "play") {
      if (trick.length > 0) {
        dom.trickNote.textContent = `Trick ${tricks.length + 1}`;
      } else if (tricks.length > 0) {
        const last = tricks[tricks.length - 1];
        for (const [seat, card] of last.plays) {
          dom.lastTrick.append(
            el(
              "div",
              { class: `slot pos-${positionOf(seat)}` },
              cardNode(card, { size: "small", extra: seat === last.winner ? "winner" : "" }),
            ),
          );
        }
        const points = last.points ?? [0, 0];
        const gained = [0, 1].filter((t) => points[t]).map((t) => `${TEAM_NAMES[t]} +${points[t]}`);
        const what = gained.length ? ` (${gained.join(", ")})` : "";
        dom.trickNote.textContent = `Trick ${last.number}: ${seatName(last.winner)} wins${what}`;
      } else {
        dom.trickNote.textContent = `${seatName(view.to_act ?? view.bidder)} leads`;
      }
    }
    if (view.trump) {
      const suit = SUITS[view.trump];
      dom.banner.replaceChildren(
        el("span", { class: `suit-big${suit.red ? " red" : ""}`, "aria-hidden": "true" }, suit.symbol),
        `${suit.name} trump`,
      );
    } else if (view.phase === "bidding") {
      const holder = highBidder(view);
      dom.banner.textContent =
        view.high_bid && holder !== null ? `High bid: ${seatName(holder)} ${view.high_bid}` : "Auction";
    }
    if (view.phase === "look" || view.card_turned_up) {
      dom.turned.hidden = false;
      const parts = [el("span", {}, `Stock: ${view.stock_size} card${view.stock_size === 1 ? "" : "s"}`)];
      if (view.turned_card) {
        parts.unshift(el("span", {}, "Turned up"), cardNode(view.turned_card, { size: "small" }));
      } else if (view.card_turned_up) {
        parts.unshift(el("span", {}, "A card is turned up"));
      }
      dom.turned.append(...parts);
    }
  }

  function renderHand() {
    const view = state.view;
    dom.handPanel.classList.toggle("your-turn", myTurn());
    dom.hand.classList.remove("cards");
    if (!seated()) {
      dom.handHeading.textContent = "Watching";
      dom.hand.replaceChildren(
        el("p", { class: "muted" }, "You are watching this table: the players' cards stay hidden."),
      );
      return;
    }
    dom.handHeading.textContent = `Your hand — ${seatName(state.seat)}`;
    if (!view) {
      dom.hand.replaceChildren();
      return;
    }
    const cards = state.hand.map((card) => {
      const found = actionFor(card, ["play ", "discard ", "give up "]);
      if (!found) {
        if (!view.trump || isTrump(card, view)) return cardNode(card);
        // A dead card (a refill's): it stays in the hand, and can never be played.
        const node = cardNode(card, { extra: "dead" });
        node.title = `${node.title}: dead this hand`;
        node.setAttribute("aria-label", node.title);
        return node;
      }
      const dead = view.trump && !isTrump(card, view) ? "dead" : "";
      const extra = [found[0] === state.confirming ? "chosen" : "", dead].filter(Boolean).join(" ");
      return cardNode(card, { action: found[0], label: found[1], extra, disabled: locked() });
    });
    // The cards lie in a row of equal columns, which narrow (the cards then overlap, each
    // showing its corner) when the row is short of room, as on a phone.
    dom.hand.classList.toggle("cards", cards.length > 0);
    dom.hand.style.setProperty("--cards", String(Math.max(cards.length, 1)));
    if (!cards.length)
      cards.push(
        el("p", { class: "muted" }, view.phase === "play" ? "No cards left in your hand." : "No cards."),
      );
    dom.hand.replaceChildren(...cards);
  }

  function renderActions() {
    const buttons = state.legal.map(([action, label]) => {
      const button = el(
        "button",
        { type: "button", class: action === state.confirming ? "chosen" : null, dataset: { action } },
        label,
      );
      button.disabled = locked();
      return button;
    });
    if (buttons.length) {
      dom.actions.replaceChildren(...buttons);
      return;
    }
    let note = "";
    const view = state.view;
    if (
      view &&
      state.table?.started &&
      !isOver() &&
      seated() &&
      view.to_act !== null &&
      view.to_act !== undefined
    ) {
      note = `Waiting for ${seatName(view.to_act)}…`;
    }
    dom.actions.replaceChildren(...(note ? [el("span", { class: "none" }, note)] : []));
  }

  // The question asked before a card is given away, while its action is still one of the choices.
  function renderConfirm() {
    const action = state.confirming;
    if (action !== null && !(myTurn() && state.legal.some(([legal]) => legal === action))) {
      state.confirming = null;
    }
    dom.confirm.hidden = state.confirming === null;
    dom.handPanel.classList.toggle("confirming", state.confirming !== null);
    if (state.confirming === null) {
      dom.confirmText.replaceChildren();
      return;
    }
    const view = state.view;
    const turned = view.turned_card ? cardText(view.turned_card) : "the card turned up";
    const about = (code) => (code && worth(code, view) ? ` (${worth(code, view)})` : "");
    let question;
    if (state.confirming === "reject") {
      question = [
        el("strong", {}, `Reject ${turned}?`),
        ` It goes to the dead pile${about(view.turned_card)}: you cannot take it later.`,
      ];
    } else {
      const given = cardOfAction(state.confirming);
      const card = cardText(given);
      question = [
        el("strong", {}, `Give up ${card} for ${turned}?`),
        ` ${card}${about(given)} goes to the dead pile for the rest of the hand.`,
      ];
    }
    dom.confirm.dataset.action = state.confirming;
    dom.confirmText.replaceChildren(...question);
    dom.confirmYes.disabled = locked();
    dom.confirmNo.disabled = false;
  }

  function renderSeatLink() {
    const show = seated() && typeof state.token === "string";
    dom.seatLink.hidden = !show;
    if (!show) return;
    dom.seatLinkNote.textContent =
      `Your seat link brings you back to ${seatName(state.seat)}, from this browser or another: ` +
      "keep it, and keep it to yourself (whoever opens it plays your cards). Without it, " +
      "closing this tab loses the seat.";
  }

  function renderScores() {
    const view = state.view;
    const scores = view?.scores ?? [0, 0];
    const taken = view?.points_taken ?? [0, 0];
    for (const team of [0, 1]) {
      const row = dom.scores.querySelector(`tr[data-team="${team}"]`);
      row.dataset.score = String(scores[team]);
      row.querySelector(".score").textContent = number(scores[team]);
      row.querySelector(".taken").textContent = String(taken[team] ?? 0);
      row.classList.toggle("mine", seated() && teamOf(state.seat) === team);
    }
    const rules = view?.rules;
    if (rules) {
      const rule = rules.target_rule === "at_least" ? `${rules.target} or more` : `more than ${rules.target}`;
      dom.target.textContent = `Game to ${rule} · hand ${view.hand_number}`;
    }
  }

  function renderHandInfo() {
    const view = state.view;
    if (!view || !state.table?.started) {
      dom.trump.replaceChildren(el("p", { class: "muted" }, "The game has not started."));
      dom.auction.replaceChildren();
      dom.out.replaceChildren();
      return;
    }
    // Trump
    if (view.trump) {
      const suit = SUITS[view.trump];
      dom.trump.replaceChildren(
        el(
          "p",
          {},
          el("span", { class: `suit-big${suit.red ? " red" : ""}`, "aria-hidden": "true" }, suit.symbol),
          el("strong", {}, `${suit.name} trump`),
          view.bidder !== null ? ` — ${seatName(view.bidder)} bid ${view.bid}` : "",
        ),
      );
    } else if (view.bidder !== null && view.bidder !== undefined) {
      dom.trump.replaceChildren(
        el("p", {}, `${seatName(view.bidder)} won the auction at ${view.bid}; trump not named yet.`),
      );
    } else {
      dom.trump.replaceChildren(el("p", { class: "muted" }, "Trump not named yet."));
    }
    // Auction, in bidding order from the dealer's left
    const items = [];
    const holder = highBidder(view);
    for (let i = 1; i <= 4; i += 1) {
      const seat = (view.dealer + i) % 4;
      const bid = view.bids?.[seat];
      let text = bid === 0 ? "pass" : String(bid);
      if (bid === null || bid === undefined) {
        text = view.phase === "bidding" && view.to_act === seat ? "…" : "—";
      }
      items.push(
        el(
          "li",
          { class: holder === seat && bid ? "high" : null },
          el("span", {}, seatName(seat)),
          el("span", {}, text),
        ),
      );
    }
    dom.auction.replaceChildren(
      el("h3", { class: "visually-hidden" }, "Auction"),
      el("ol", { "aria-label": "Auction" }, ...items),
    );
    // Out of trump
    const out = view.out ?? [];
    let outText = view.phase === "play" ? "Nobody is out of trump." : "";
    if (out.length) outText = `Out of trump: ${out.map(seatName).join(", ")}`;
    dom.out.replaceChildren(el("p", {}, outText));
  }

  function renderMiddle() {
    const view = state.view;
    if (!view || !state.table?.started) {
      dom.middleBody.replaceChildren(el("p", { class: "muted" }, "Empty."));
      return;
    }
    const takeable = new Set(view.takeable ?? []);
    const middle = view.middle ?? [];
    const cards = middle.map((card) => {
      const found = actionFor(card, ["take "]);
      const extra = takeable.has(card) ? "takeable" : "";
      return found
        ? cardNode(card, { size: "mini", action: found[0], label: found[1], extra, disabled: locked() })
        : cardNode(card, { size: "mini", extra });
    });
    const parts = [];
    parts.push(
      cards.length
        ? el("div", { class: "cards-row", "aria-label": "Cards in the middle" }, ...cards)
        : el("p", { class: "muted" }, "No cards shed."),
    );
    if (takeable.size)
      parts.push(el("p", { class: "counts" }, `May be picked up: ${[...takeable].map(cardText).join(" ")}`));
    const dead = [];
    if (view.dead_face_down) dead.push(`${view.dead_face_down} face down`);
    if ((view.dead_face_up ?? []).length) dead.push(`${view.dead_face_up.map(cardText).join(" ")} face up`);
    parts.push(
      el(
        "p",
        { class: "counts" },
        `Stock: ${view.stock_size ?? 0}${dead.length ? ` · dead: ${dead.join(", ")}` : ""}`,
      ),
    );
    dom.middleBody.replaceChildren(...parts);
  }

  function renderLastResult() {
    const result = state.view?.last_result;
    if (!result) {
      delete dom.lastResult.dataset.hand;
      dom.lastResultBody.replaceChildren(el("p", { class: "muted" }, "No hand scored yet."));
      return;
    }
    dom.lastResult.dataset.hand = String(result.hand_number);
    const bidders = teamOf(result.bidder);
    const others = 1 - bidders;
    const suit = SUITS[result.trump];
    const verdict = el("span", { class: result.made ? "made" : "set" }, result.made ? "made" : "set");
    const change = result.score_change ?? [0, 0];
    const pointCards = (result.point_cards ?? []).map((pc) =>
      el(
        "span",
        { class: "point-card", title: `${pc.label}: ${TEAM_NAMES[pc.team]}` },
        cardNode(pc.card, { size: "mini" }),
        `${pc.team === 0 ? "NS" : "EW"} ${pc.points}`,
      ),
    );
    const moon = result.moon ? " (shooting the moon)" : "";
    const trump = suit ? `${suit.symbol} ${suit.name.toLowerCase()}` : result.trump;
    const took = (team) => `${TEAM_NAMES[team]} took ${result.points[team]} (${signed(change[team])})`;
    dom.lastResultBody.replaceChildren(
      el(
        "p",
        {},
        `Hand ${result.hand_number}: ${seatName(result.bidder)} bid ${result.bid}${moon} in ${trump} — `,
        verdict,
        ".",
      ),
      el("p", {}, `${took(bidders)}, ${took(others)}.`),
      pointCards.length ? el("div", { class: "cards-row", "aria-label": "Point cards" }, ...pointCards) : "",
    );
  }

  // --- a hand's result, on the table ---------------------------------------------------------

  // The server deals the next hand in the same step that scores one, so the table never stops
  // at a hand's end: the result is shown over the middle of the table instead. It stays until
  // the player presses OK, RESULT_MS (15 seconds) pass, or the next hand's first card is played,
  // whichever comes first. It covers the middle of the table only (empty at the start of a
  // hand), never the hand or the choices, so a turn that comes meanwhile is played at once. The
  // results scored before the page joined are not shown (the "Last hand" panel keeps the last).
  function noteResult() {
    const result = state.view?.last_result;
    const hand = result ? result.hand_number : null;
    if (state.resultHand === undefined) {
      state.resultHand = hand;
      return;
    }
    if (hand === null || hand === state.resultHand) return;
    state.resultHand = hand;
    showResult(result);
  }

  function showResult(result) {
    const bidders = teamOf(result.bidder);
    const suit = SUITS[result.trump];
    const change = result.score_change ?? [0, 0];
    const scores = result.scores ?? state.view?.scores ?? [0, 0];
    const made = Boolean(result.made);
    const verdict = result.moon ? (made ? "shot the moon" : "missed the moon") : made ? "made it" : "were set";
    dom.handResult.dataset.hand = String(result.hand_number);
    dom.handResult.dataset.made = String(made);
    dom.handResult.classList.toggle("set", !made);
    dom.handResultHeading.replaceChildren(
      `Hand ${result.hand_number}: `,
      el("span", { class: made ? "made" : "set" }, `${TEAM_NAMES[bidders]} ${verdict}`),
    );
    const trump = suit ? `${suit.symbol} ${suit.name.toLowerCase()}` : String(result.trump);
    const row = (team) =>
      el(
        "tr",
        { dataset: { team: String(team) }, class: seated() && teamOf(state.seat) === team ? "mine" : null },
        el("th", { scope: "row" }, TEAM_NAMES[team]),
        el("td", { class: "took" }, String(result.points[team])),
        el("td", { class: "change" }, signed(change[team])),
        el("td", { class: "score" }, number(scores[team])),
      );
    const body = [
      el(
        "p",
        { class: "bid-line" },
        `${seatName(result.bidder)} bid ${result.bid}${result.moon ? " (the moon)" : ""} in ${trump}: `,
        `${TEAM_NAMES[bidders]} took ${result.points[bidders]}, `,
        made ? "enough." : `short of ${result.bid}.`,
      ),
      el(
        "table",
        { class: "result-table" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { scope: "col" }, "Team"),
            el("th", { scope: "col" }, "Took"),
            el("th", { scope: "col" }, "Change"),
            el("th", { scope: "col" }, "Score"),
          ),
        ),
        el("tbody", {}, row(0), row(1)),
      ),
    ];
    const cards = (result.point_cards ?? []).map((pc) =>
      el(
        "span",
        { class: "point-card", title: `${pc.label}: ${TEAM_NAMES[pc.team]}` },
        cardNode(pc.card, { size: "mini" }),
        pc.team === 0 ? "NS" : "EW",
      ),
    );
    if (cards.length) body.push(el("div", { class: "cards-row", "aria-label": "Point cards taken" }, ...cards));
    const unplayed = result.unplayed_points ?? 0;
    if (unplayed) body.push(el("p", { class: "muted" }, `${unplayed} point${unplayed === 1 ? "" : "s"} never played.`));
    dom.handResultBody.replaceChildren(...body);
    // The countdown bar starts again with a new element.
    const bar = dom.handResult.querySelector(".countdown");
    bar.replaceChildren(el("span"));
    dom.handResult.hidden = false;
    clearTimeout(state.resultTimer);
    state.resultTimer = setTimeout(hideResult, RESULT_MS);
  }

  function hideResult() {
    clearTimeout(state.resultTimer);
    state.resultTimer = null;
    dom.handResult.hidden = true;
  }

  function renderGameOver() {
    const outcome = state.view?.outcome;
    // The table's "over" comes a message before the view that holds the outcome: the panel
    // waits for it, so that it never shows a game over with no winner.
    const over = isOver() && Boolean(outcome);
    dom.gameOver.hidden = !over;
    if (!over) return;
    const { winner, scores, termination } = outcome;
    dom.gameOver.dataset.winner = String(winner);
    const mine = seated() && teamOf(state.seat) === winner ? " — you win!" : "";
    dom.gameOverWinner.textContent = `${TEAM_NAMES[winner]} win${mine}`;
    const how = TERMINATIONS[termination] ? ` (${TERMINATIONS[termination]})` : "";
    dom.gameOverScores.replaceChildren(
      `After hand ${outcome.hand_number}${how}: `,
      el(
        "span",
        { dataset: { team: "0", score: String(scores[0]) } },
        `${TEAM_NAMES[0]} ${number(scores[0])}`,
      ),
      ", ",
      el(
        "span",
        { dataset: { team: "1", score: String(scores[1]) } },
        `${TEAM_NAMES[1]} ${number(scores[1])}`,
      ),
      ".",
    );
    const record = state.table?.record;
    for (const [link, href] of [
      [dom.downloadJson, record?.json],
      [dom.downloadText, record?.text],
      [dom.replayLink, record?.replay],
    ]) {
      link.hidden = !href;
      if (href) link.href = href;
      else link.removeAttribute("href");
    }
  }

  // --- for tests and the console -----------------------------------------------------------

  // Read-only windows on the page's state, and the page's way to send a message.
  window.pitch13Table = { send };
  for (const key of [
    "view",
    "seat",
    "connected",
    "lastError",
    "messages",
    "hand",
    "legal",
    "table",
    "failures",
    "lost",
    "gone",
    "confirming",
    "inviteLink",
  ]) {
    Object.defineProperty(window.pitch13Table, key, { get: () => state[key], enumerable: true });
  }

  render();
  if (tableId) connect();
  else showError({ message: "No table in this address." });
})();
