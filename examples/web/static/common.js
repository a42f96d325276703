// What the lobby, table and replay pages share: names, cards, and a small element builder.
"use strict";

window.pitch13Common = (() => {
  const SEAT_NAMES = ["North", "East", "South", "West"];
  const TEAM_NAMES = ["North-South", "East-West"];
  const SUITS = {
    C: { symbol: "♣", name: "Clubs", red: false },
    D: { symbol: "♦", name: "Diamonds", red: true },
    H: { symbol: "♥", name: "Hearts", red: true },
    S: { symbol: "♠", name: "Spades", red: false },
  };
  const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };

  // An element with attributes (class, dataset, on<event> handlers; null, undefined and false
  // are left out) and children (nodes or text, never parsed as HTML).
  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    node.append(...children);
    return node;
  }

  function parseCard(code) {
    if (code === "BJ" || code === "RJ") {
      const red = code === "RJ";
      return { code, rank: "Jkr", symbol: "★", red, joker: true, name: red ? "red joker" : "black joker" };
    }
    const rank = code.slice(0, -1);
    const suit = SUITS[code.slice(-1)] ?? { symbol: "?", name: "?", red: false };
    const rankName = RANK_NAMES[rank] ?? rank;
    return {
      code,
      rank,
      symbol: suit.symbol,
      red: suit.red,
      joker: false,
      name: `${rankName} of ${suit.name.toLowerCase()}`,
    };
  }

  // A card as people write it: "10♦", "red joker".
  function cardText(code) {
    const card = parseCard(code);
    return card.joker ? `${card.red ? "red" : "black"} joker` : `${card.rank}${card.symbol}`;
  }

  // A card face: a button when an action goes with it, else a plain element.
  function cardNode(code, { size = "", action = null, label = null, extra = "", disabled = false } = {}) {
    const card = parseCard(code);
    const classes = [
      "card",
      size,
      card.red ? "red" : "",
      card.joker ? "joker" : "",
      action ? "playable" : "",
      extra,
    ]
      .filter(Boolean)
      .join(" ");
    const corner = (where) =>
      el(
        "span",
        { class: `corner ${where}`, "aria-hidden": "true" },
        el("span", {}, card.rank),
        el("span", { class: "s" }, card.joker ? "" : card.symbol),
      );
    const face =
      size === "mini"
        ? [card.joker ? "Jkr" : card.rank, el("span", {}, card.symbol)]
        : [corner("tl"), el("span", { class: "pip", "aria-hidden": "true" }, card.symbol), corner("br")];
    if (action) {
      const button = el(
        "button",
        {
          type: "button",
          class: classes,
          dataset: { card: code, action },
          "aria-label": label ?? action,
          title: label ?? action,
        },
        ...face,
      );
      button.disabled = disabled;
      return button;
    }
    return el(
      "div",
      { class: classes, dataset: { card: code }, role: "img", "aria-label": card.name, title: card.name },
      ...face,
    );
  }

  return { SEAT_NAMES, TEAM_NAMES, SUITS, el, parseCard, cardText, cardNode };
})();
