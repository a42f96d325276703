// The lobby: open a new table, or take a seat at (or watch) one of the tables the server lists.
"use strict";

(() => {
  const { SEAT_NAMES, el } = window.pitch13Common;
  const RULE_NAMES = { default: "13-point", classic: "Classic 10-point" };
  const REFRESH_MS = 2000;

  const form = document.getElementById("new-table");
  const createButton = document.getElementById("create");
  const errorLine = document.getElementById("lobby-error");
  const list = document.getElementById("tables");
  const empty = document.getElementById("tables-empty");

  let shown = null; // the last list drawn, as JSON: it is drawn again only when it changes

  function showError(text) {
    errorLine.textContent = text;
  }

  // POST JSON and return the reply's JSON; an error reply throws its message.
  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (!response.ok) {
      const why =
        data && typeof data.error === "string" ? data.error : `${response.status} ${response.statusText}`;
      throw new Error(why);
    }
    return data;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    const data = new FormData(form);
    const seedText = String(data.get("seed") ?? "").trim();
    let seed = null;
    if (seedText !== "") {
      if (!/^\d+$/.test(seedText)) {
        showError("A seed is a whole number (or leave it empty for the server's secret seed).");
        return;
      }
      seed = Number(seedText);
      if (!Number.isSafeInteger(seed)) {
        showError("That seed is too large.");
        return;
      }
    }
    const body = {
      rules: String(data.get("rules")),
      bots: String(data.get("bots")),
      seed,
      seat: Number(data.get("seat")),
      private: data.get("private") === "on",
      multiple_seats: data.get("multiple_seats") === "on",
    };
    createButton.disabled = true;
    try {
      const reply = await post("/api/tables", body);
      location.href = reply.url;
    } catch (error) {
      showError(`Could not create the table: ${error.message}`);
      createButton.disabled = false;
    }
  });

  async function sit(tableId, seat, button) {
    showError("");
    button.disabled = true;
    try {
      const reply = await post(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}`);
      location.href = reply.url;
    } catch (error) {
      showError(`Could not sit at ${SEAT_NAMES[seat]}: ${error.message}`);
      button.disabled = false;
      refresh();
    }
  }

  function stateOf(table) {
    if (table.over) return ["Finished", "over"];
    if (table.started) return ["Playing", "playing"];
    return ["Waiting to start", "waiting"];
  }

  function seatItem(table, seat) {
    const who =
      seat.kind === "person"
        ? seat.connected
          ? "player"
          : "player (away)"
        : seat.kind === "bot"
          ? "bot"
          : "open";
    const item = el(
      "li",
      { dataset: { seat: String(seat.seat), kind: seat.kind } },
      el(
        "span",
        {},
        el("strong", {}, seat.name || SEAT_NAMES[seat.seat]),
        " ",
        el("span", { class: "who" }, who),
      ),
    );
    // A table dealt from a seed its creator chose is played against bots only: no seat to take.
    if (seat.kind === "open" && !table.started && !table.over && !table.seeded) {
      const name = seat.name || SEAT_NAMES[seat.seat];
      const button = el(
        "button",
        { type: "button", class: "sit", dataset: { seat: String(seat.seat) } },
        `Sit at ${name}`,
      );
      button.addEventListener("click", () => sit(table.id, seat.seat, button));
      item.append(button);
    }
    return item;
  }

  function tableItem(table) {
    const [stateText, stateClass] = stateOf(table);
    const title = el(
      "header",
      {},
      el("span", { class: "table-id", title: table.id }, `Table ${table.id.slice(0, 8)}`),
      el(
        "span",
        {},
        `${RULE_NAMES[table.rules] ?? table.rules} · ${table.bots} bots` + (table.seeded ? " · seeded deals" : ""),
      ),
      el("span", { class: `state ${stateClass}` }, stateText),
      el(
        "a",
        { class: "watch", href: `/table/${encodeURIComponent(table.id)}` },
        table.over ? "See the end" : "Watch",
      ),
    );
    const seats = el(
      "ul",
      { class: "table-seats", "aria-label": "Seats" },
      ...table.seats.map((seat) => seatItem(table, seat)),
    );
    return el("li", { class: "table-entry", dataset: { table: table.id } }, title, seats);
  }

  function draw(tables) {
    const text = JSON.stringify(tables);
    if (text === shown) return;
    shown = text;
    // Open tables first, then those playing, then the finished ones.
    const rank = (t) => (t.over ? 2 : t.started ? 1 : 0);
    const sorted = [...tables].sort((a, b) => rank(a) - rank(b));
    list.replaceChildren(...sorted.map(tableItem));
    empty.hidden = tables.length > 0;
  }

  let timer = null;
  let inFlight = false;

  async function refresh() {
    if (inFlight) return;
    inFlight = true;
    clearTimeout(timer);
    try {
      const response = await fetch("/api/tables", { cache: "no-store" });
      if (response.ok) {
        const data = await response.json();
        draw(Array.isArray(data.tables) ? data.tables : []);
      }
    } catch {
      // The server is away for now: the next refresh tries again.
    } finally {
      inFlight = false;
      timer = setTimeout(refresh, REFRESH_MS);
    }
  }

  refresh();
})();
