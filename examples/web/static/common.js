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

  // A card's parts. The jokers go by the library's own names for them, "BJ" and "RJ" (the
  // black and the red joker), on their faces and in every line the page writes, as they do in
  // the lines and choices the server sends (str(card), card.pretty, the narration).
  function parseCard(code) {
    if (code === "BJ" || code === "RJ") {
      return { code, rank: code, symbol: "★", red: code === "RJ", joker: true, name: code };
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

  // A card as the library writes it (card.pretty): "10♦", "BJ".
  function cardText(code) {
    const card = parseCard(code);
    return card.joker ? card.code : `${card.rank}${card.symbol}`;
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
        ? [card.rank, el("span", {}, card.symbol)]
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

  // --- how to play ----------------------------------------------------------------------------

  // The rules in short, as docs/rules.rst gives them in full (the default 13-point game, and
  // where the classic 10-point game differs). Text with **word** is drawn with the word strong.
  const HOW_TO_PLAY = [
    [
      "The game",
      [
        "Four players in two teams: North and South against East and West, partners sitting " +
          "opposite. Each hand the seats bid for the right to name trump; only trumps are played, " +
          "and the team that wins the auction must take at least its bid in points.",
        "A team wins when its score passes 54 (the classic 10-point game: 52 or more).",
      ],
    ],
    [
      "Trumps and point cards",
      [
        "Trumps are the 13 cards of the trump suit, the **Jick** (the jack of the other suit of " +
          "the same colour: diamonds with hearts, clubs with spades), the **off-three** (the " +
          "three of that suit) and both jokers, **BJ** and **RJ** (black and red). From high to " +
          "low: A K Q J, Jick, the jokers (the one played first ranks higher), 10 9 8 7 6 5 4 3, " +
          "off-three, 2.",
      ],
      {
        caption: "The point cards: 13 points in all",
        rows: [
          ["Ace", "1"],
          ["Jack", "1"],
          ["Jick", "1"],
          ["Each joker, BJ and RJ", "1"],
          ["Ten", "1"],
          ["Three", "3"],
          ["Off-three", "3"],
          ["Two (its point goes to the team that played it)", "1"],
        ],
      },
      [
        "The classic 10-point game has no off-three: 16 trumps worth 10 points.",
        "A card that is not a trump is **dead** for the hand: it cannot be played and is worth " +
          "nothing.",
      ],
    ],
    [
      "A hand",
      {
        steps: [
          "**Deal**: nine cards each; the other 18 are the stock.",
          "**Bid**: one round from the dealer's left: pass, or bid 4 to 13 (10 in the classic game), " +
            "above the bid before. " +
            "If the other three pass, the dealer must bid 5 or more. The high bidder names trump.",
          "**Discard**: everyone throws every dead card face up into the **middle**; a seat with " +
            "more than six trumps sheds trumps of its choice there until it holds six.",
          "**Pick up**: a point card shed into the middle may be picked up by a seat holding " +
            "fewer than six cards: **take** it, or **stop**. Then the middle is dead.",
          "**Refill**: each seat draws from the stock until it holds six cards. A dead card drawn " +
            "stays in the hand, and can never be played.",
          "**Look through** the rest of the stock: the bidder, then his partner (below).",
          "**Play**: the bidder leads; any trump may be played, with no suit to follow, and the " +
            "highest wins the trick and leads the next. A seat with no trump left is **out**; " +
            "once both seats of a team are out, the other team takes the point cards still held " +
            "and the hand ends.",
          "**Score**: the bidding team scores the points it took if they reach its bid, else it " +
            "loses the bid (a score can go below zero). The other team scores what it took.",
        ],
      },
    ],
    [
      "The moon",
      [
        "A bid of 13 (10 in the classic game) **shoots the moon**: nobody can bid over it. Made, " +
          "it wins the game at once; missed, the bidding team loses its bid like any other set.",
      ],
    ],
    [
      "The look-through",
      {
        terms: [
          ["turn up", "show the next card of the stock."],
          [
            "give up",
            "take the card turned up and give up a card of your hand for it. Only a trump may " +
              "be taken: any other card is rejected by itself.",
          ],
          ["reject", "leave the card turned up."],
          [
            "stop",
            "end your look: the cards not turned up go to your partner, who may look through " +
              "them the same way; when the partner stops, they are dead, unseen.",
          ],
        ],
      },
      [
        "A card given up or rejected goes to the **dead** pile for the rest of the hand, face up " +
          "if it is a trump: so the page asks before it sends either.",
      ],
    ],
    [
      "Words on the table",
      {
        terms: [
          [
            "middle",
            "where the dead cards and the shed trumps go, face up, once trump is named. Shed point " +
              "cards may be picked up from it; after that, all of it is dead.",
          ],
          [
            "dead",
            "a card that is not a trump this hand; the dead pile holds what the look-through " +
              "threw away.",
          ],
          ["out", "a seat with no trump left: it plays no more this hand."],
          ["bidder", "the seat that won the auction; dealer, the seat that dealt."],
        ],
      },
    ],
  ];

  // "**take** it" as nodes: the words between ** pairs strong.
  function rich(text) {
    return text.split("**").map((part, i) => (i % 2 ? el("strong", {}, part) : part));
  }

  function howToPlayNodes() {
    const nodes = [];
    for (const [title, ...parts] of HOW_TO_PLAY) {
      const section = el("section", { class: "how-section" }, el("h3", {}, title));
      for (const part of parts) {
        if (Array.isArray(part)) {
          section.append(...part.map((text) => el("p", {}, ...rich(text))));
        } else if (part.rows) {
          section.append(
            el(
              "table",
              { class: "point-table" },
              el("caption", {}, part.caption),
              el(
                "tbody",
                {},
                ...part.rows.map(([card, points]) =>
                  el("tr", {}, el("th", { scope: "row" }, card), el("td", {}, points)),
                ),
              ),
            ),
          );
        } else if (part.steps) {
          const steps = part.steps.map((text) => el("li", {}, ...rich(text)));
          section.append(el("ol", { class: "how-steps" }, ...steps));
        } else if (part.terms) {
          section.append(
            el(
              "dl",
              { class: "how-terms" },
              ...part.terms.flatMap(([term, meaning]) => [el("dt", {}, term), el("dd", {}, meaning)]),
            ),
          );
        }
      }
      nodes.push(section);
    }
    return nodes;
  }

  // A page with a [data-opens="how-to-play"] button gets the How to play dialog, made here once
  // for every page, which the button opens. (The scripts are deferred: the page is parsed when
  // this runs.)
  function setUpHowToPlay() {
    if (!document.querySelector('[data-opens="how-to-play"]')) return;
    const dialog = el(
      "dialog",
      { id: "how-to-play", class: "how-to-play", "aria-labelledby": "how-heading" },
      el(
        "form",
        { method: "dialog", class: "how-head" },
        el("h2", { id: "how-heading" }, "How to play"),
        el("button", { type: "submit", class: "close", "aria-label": "Close" }, "Close"),
      ),
      el("div", { class: "how-body" }, ...howToPlayNodes()),
    );
    document.body.append(dialog);
    for (const button of document.querySelectorAll('[data-opens="how-to-play"]')) {
      button.addEventListener("click", () => {
        if (typeof dialog.showModal === "function") dialog.showModal();
        else dialog.setAttribute("open", "");
      });
    }
    // A click on the backdrop (outside the dialog's box) closes it too.
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
  }

  setUpHowToPlay();

  return { SEAT_NAMES, TEAM_NAMES, SUITS, el, parseCard, cardText, cardNode };
})();
