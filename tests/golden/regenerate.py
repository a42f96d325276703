"""Write the golden game files that tests/test_golden.py checks the engine against.

Run ``python tests/golden/regenerate.py`` from the repository root. It plays the games of
:data:`GAMES` with :class:`~pitch13.bots.SimpleBot` and :class:`~pitch13.bots.RandomBot` players, each
bot choosing from its own seat's view, and writes one file per game, ``tests/golden/<name>.json``:

* ``name``: the game's name;
* ``record``: the game's :class:`~pitch13.GameRecord` as ``to_dict()`` writes it;
* ``steps``: one line per action (see :func:`step_lines`): the hand number, the action, the
  phase, seat to act and scores after it, and every event it caused;
* ``final``: the ``position`` of the last state's state document.

The output is the same bytes on every run. It then prints which of the situations worth
covering happened in which game. ``python tests/golden/regenerate.py --search NAME [FIRST
[COUNT]]`` plays game NAME from seeds FIRST to FIRST+COUNT-1 instead and prints each seed's
length and situations, to choose a new seed for :data:`GAMES`; it writes nothing.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pitch13
from pitch13 import (
    Bid,
    Deal,
    Discard,
    GameRecord,
    GameState,
    GiveUp,
    Reject,
    Rules,
    Take,
    shuffled_deck,
    state_to_dict,
)
from pitch13._core.action_sets import ACTION_TYPES
from pitch13.bots import RandomBot, SimpleBot
from pitch13.events import HandEndedEarly, HandThrownIn, SeatOut

HERE = Path(__file__).resolve().parent

#: A game that goes on longer than this many hands is not a golden game: choose another seed.
MAX_HANDS = 60


@dataclass(frozen=True)
class Game:
    """One golden game: its rules, first dealer, deals and players."""

    #: The file name, without ``.json``.
    name: str
    #: The rules.
    rules: Rules
    #: The seed of the deals. For a game dealt by the caller (``dealt=True``), hand ``n`` is
    #: dealt ``shuffled_deck(seed, 100 + n)`` with a :class:`~pitch13.Deal` action, and the
    #: record has no seed.
    seed: int
    #: The players of seats 0 to 3: ``S`` for a SimpleBot, ``R`` for a RandomBot.
    players: str = "SSSS"
    #: The first dealer.
    dealer: int = 0
    #: Whether the caller deals (an unseeded game).
    dealt: bool = False

    def bots(self) -> list[SimpleBot | RandomBot]:
        """Fresh bots for the four seats; each seat's bot has its own fixed seed."""
        kinds = {"S": SimpleBot, "R": RandomBot}
        return [kinds[kind](self.seed * 10 + seat) for seat, kind in enumerate(self.players)]


DEFAULT = Rules()
CLASSIC = Rules.classic_ten_point()

#: The golden games. Together their rules take every value of every option that is not the
#: default (tests/test_golden.py checks it), and the games show each situation of
#: :data:`SITUATIONS` at least once (this script prints the table).
GAMES: tuple[Game, ...] = (
    Game("default_a", DEFAULT, seed=1, players="SSSS"),
    Game("default_b", DEFAULT, seed=3, players="SRSR"),
    Game("default_c_dealer2", DEFAULT, seed=1, players="RSSS", dealer=2),
    Game("classic_a", CLASSIC, seed=7, players="SSSS"),
    Game("classic_b", CLASSIC, seed=2, players="SSRS", dealer=1),
    Game("dealt_by_caller", DEFAULT, seed=2, players="SSRS", dealt=True),
    Game(
        "mix_fixed_jokers_redeal",
        DEFAULT.replace(
            joker_order="fixed",
            all_pass="redeal",
            min_bid=7,
            dealer_forced_min_bid=7,
            pickup="any_trump",
            look_take="point_cards_only",
            deuce_to="trick_winner",
            moon_success="score_points",
            target=40,
        ),
        seed=17,
        players="SSSS",
    ),
    Game(
        "mix_match_short_stock",
        DEFAULT.replace(
            dealer_may_match=True,
            pickup="none",
            short_stock="redeal",
            look_take="any_card",
            partner_look=False,
            lead_fallback="left",
            target_rule="at_least",
        ),
        seed=1,
        players="SSSS",
        dealer=3,
    ),
    Game(
        "mix_bid_amount_lose_game",
        DEFAULT.replace(
            made_bid_scores="bid_amount",
            moon_failure="lose_game",
            min_bid=6,
            dealer_forced_min_bid=7,
            max_bid=11,
        ),
        seed=2,
        players="SRSS",
    ),
    Game(
        "mix_classic_left_lead",
        CLASSIC.replace(all_pass="redeal", lead_fallback="left", deuce_to="trick_winner", target=30),
        seed=1,
        players="SSSR",
    ),
    Game(
        "mix_any_trump_pickup",
        DEFAULT.replace(pickup="any_trump", joker_order="fixed", short_stock="redeal", target=35),
        seed=25,
        players="SSSS",
        dealer=1,
    ),
    Game(
        "mix_moon_points",
        DEFAULT.replace(
            moon_success="score_points",
            max_bid=9,
            look_take="any_card",
            partner_look=False,
            dealer_may_match=True,
        ),
        seed=7,
        players="RSRS",
    ),
    # Hand 1 ends early at the start of trick 6: its leader, seat 3, is announced out after its
    # partner, and the lead passes no further, though seat 0 on its left holds no trump either
    # (R-PLAY-7 before R-PLAY-4).
    Game("left_lead_early_end", DEFAULT.replace(lead_fallback="left"), seed=48, players="SSSS"),
)


# --- playing -------------------------------------------------------------------------------------


def play(game: Game, max_hands: int = MAX_HANDS) -> GameState | None:
    """Play ``game`` to its end as ``pitch13.bots.play_game`` does; ``None`` if it runs past ``max_hands``."""
    bots = game.bots()
    state = pitch13.new_game(game.rules, dealer=game.dealer, seed=None if game.dealt else game.seed)
    deals = 0
    while not state.is_over:
        if state.hand_number > max_hands:
            return None
        if state.is_chance:
            deals += 1
            state = pitch13.apply(state, Deal(shuffled_deck(game.seed, 100 + deals)))
            continue
        seat = state.to_act
        assert seat is not None
        seat_view = pitch13.view(state, seat)
        action = bots[seat].choose(seat_view)
        if action not in seat_view.legal_actions:
            raise pitch13.BotError(seat, action)
        state = pitch13.apply(state, action, seat=seat)
    return state


# --- step lines ----------------------------------------------------------------------------------

_CARD = re.compile(r"Card\.parse\('([^']*)'\)")
_SUIT = re.compile(r"<Suit\.([A-Z]+): [0-9]+>")


def event_text(event: object) -> str:
    """The repr of ``event``, with cards written ``AH`` and suits ``HEARTS`` to keep it short."""
    return _SUIT.sub(r"\1", _CARD.sub(r"\1", repr(event)))


def step_lines(states: Sequence[GameState]) -> list[str]:
    """One line for each state of ``states`` after the first (as ``pitch13.replay`` gives them).

    A line is ``h<hand> <seat>: <action> => <PHASE> s<seat to act> <score A>:<score B>``, then
    ``| <event>`` for every event the action caused; the hand, phase, seat and scores are the
    state's after the action (``s-`` when nobody is to act). A deal is written ``deal``.
    """
    groups: list[tuple[str, list[str]]] = []
    for entry in states[-1].history:
        item = entry.item
        if isinstance(item, ACTION_TYPES):
            text = "deal" if isinstance(item, Deal) else f"{entry.seat}: {item}"
            groups.append((text, []))
        elif groups:
            groups[-1][1].append(event_text(item))
    if len(groups) != len(states) - 1:
        raise ValueError(f"{len(states)} states but {len(groups)} actions in the last state's history")
    lines = []
    for state, (action, events) in zip(states[1:], groups, strict=True):
        who = "-" if state.to_act is None else state.to_act
        head = (
            f"h{state.hand_number} {action} => {state.phase.name} s{who} {state.scores[0]}:{state.scores[1]}"
        )
        lines.append(" | ".join([head, *events]))
    return lines


def golden_data(name: str, record: GameRecord) -> dict[str, object]:
    """The contents of the golden file of game ``name`` with this record."""
    states = pitch13.replay(record)
    return {
        "name": name,
        "record": record.to_dict(),
        "steps": step_lines(states),
        "final": state_to_dict(states[-1])["position"],
    }


def dumps(data: dict[str, object]) -> str:
    """A golden file's text: JSON with indent 1, keys in their order, and a final newline."""
    return json.dumps(data, indent=1) + "\n"


# --- what happened -------------------------------------------------------------------------------


def _has_action(kind: type) -> Callable[[GameState], bool]:
    return lambda state: any(isinstance(e.item, kind) and e.seat is not None for e in state.history)


def _has_event(kind: type) -> Callable[[GameState], bool]:
    return lambda state: any(isinstance(e.item, kind) for e in state.history)


def _moon_bid(state: GameState) -> bool:
    return any(isinstance(e.item, Bid) and e.item.amount == state.rules.max_bid for e in state.history)


def _set_bid(state: GameState) -> bool:
    return any(not result.made for result in state.results)


def _moon_made(state: GameState) -> bool:
    return any(result.moon and result.made for result in state.results)


#: The situations the golden games must show between them, each with its test on a final state.
SITUATIONS: dict[str, Callable[[GameState], bool]] = {
    "thrown in": _has_event(HandThrownIn),
    "moon bid": _moon_bid,
    "moon made": _moon_made,
    "set bid": _set_bid,
    "discard": _has_action(Discard),
    "pickup take": _has_action(Take),
    "give up": _has_action(GiveUp),
    "reject": _has_action(Reject),
    "early end": _has_event(HandEndedEarly),
    "seat out": _has_event(SeatOut),
}


def situations(state: GameState) -> dict[str, bool]:
    """Which situations of :data:`SITUATIONS` happened in the game that led to ``state``."""
    return {name: test(state) for name, test in SITUATIONS.items()}


def _row(label: str, state: GameState) -> tuple[str, int, int, dict[str, bool], str]:
    outcome = state.outcome
    end = "" if outcome is None else f"{'AB'[outcome.winner]} {outcome.termination.value}"
    return (label, state.hand_number, len(state.actions), situations(state), end)


def _table(rows: list[tuple[str, int, int, dict[str, bool], str]]) -> str:
    names = list(SITUATIONS)
    width = max(len(row[0]) for row in rows)
    head = f"{'game':<{width}} hands actions " + " ".join(names) + " end"
    lines = [head]
    for label, hands, actions, seen, end in rows:
        cells = " ".join(("x" if seen[n] else ".").center(len(n)) for n in names)
        lines.append(f"{label:<{width}} {hands:>5} {actions:>7} {cells} {end}".rstrip())
    return "\n".join(lines)


# --- main ----------------------------------------------------------------------------------------


def regenerate() -> int:
    """Play every golden game, write its file and print the coverage table; 1 if something is missing."""
    rows = []
    total = dict.fromkeys(SITUATIONS, False)
    for game in GAMES:
        final = play(game)
        if final is None:
            print(
                f"{game.name}: seed {game.seed} runs past {MAX_HANDS} hands; choose another", file=sys.stderr
            )
            return 1
        record = GameRecord.from_state(final)
        (HERE / f"{game.name}.json").write_text(dumps(golden_data(game.name, record)), encoding="utf-8")
        row = _row(game.name, final)
        total = {n: total[n] or row[3][n] for n in total}
        rows.append(row)
    rows.append(("all games", sum(r[1] for r in rows), sum(r[2] for r in rows), total, ""))
    print(_table(rows))
    missing = [n for n, ok in total.items() if not ok]
    if missing:
        print(f"not covered: {', '.join(missing)}; choose other seeds", file=sys.stderr)
        return 1
    return 0


def search(name: str, first: int = 1, count: int = 20) -> int:
    """Play game ``name`` from seeds ``first`` on and print what each seed gives."""
    (game,) = [g for g in GAMES if g.name == name]
    rows = []
    for seed in range(first, first + count):
        candidate = Game(game.name, game.rules, seed, game.players, game.dealer, game.dealt)
        final = play(candidate)
        if final is None:
            print(f"seed {seed}: runs past {MAX_HANDS} hands")
            continue
        rows.append(_row(f"seed {seed}", final))
    if rows:
        print(_table(rows))
    return 0


def main(argv: Sequence[str]) -> int:
    """Regenerate the golden files, or search seeds with ``--search NAME [FIRST [COUNT]]``."""
    if argv[:1] == ["--search"] and len(argv) >= 2:
        return search(argv[1], *(int(a) for a in argv[2:4]))
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    return regenerate()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
