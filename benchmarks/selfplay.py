"""Bot self-play through the normal loop: games per CPU second, and where a decision's time goes.

Run it with ``python benchmarks/selfplay.py`` (it needs nothing but pitch13). The workload is
fixed: ``--games`` games, game ``g`` (from ``--first-seed``) seeded with ``g`` and played by four
bots seeded ``4g`` to ``4g + 3`` (``SimpleBot`` by default, ``--bot random`` for ``RandomBot``),
each decision made as a game server or ``pitch13.bots.play_game`` makes it::

    seat_view = view(state, seat)
    action = bots[seat].choose(seat_view)
    state = apply(state, action, seat=seat)

1. **Throughput**: the whole workload, timed by CPU time (:func:`time.process_time`), for
   ``--rounds`` rounds after ``--warmup`` untimed ones; games and decisions per CPU second, and
   the median of the rounds.
2. **Where a decision's time goes**: the same decisions, recorded once, then game by game each
   step timed alone over all of the game's decisions, on states made afresh (every ``view``,
   each dropped at once as in the loop; then every ``choose`` by fresh bots on views of the same
   states; then every ``apply``); the median of ``--rounds`` rounds, in µs per decision. The
   three add up to about a decision of part 1.

With ``--read-history`` every view's ``history`` is read as soon as it is made, as a server that
sends whole views (``to_json``) or a bot that reads the history pays: :func:`pitch13.view` leaves
the fields that read the hand (``history``, ``tricks``, ``unseen``, ``places``, ``dead_known``) to
be worked out when first read.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import pitch13
from pitch13 import DECK, Deal, GameState, Rules, SeatView, apply, new_game, view
from pitch13.actions import SeatAction
from pitch13.bots import Bot, RandomBot, SimpleBot

BOTS: dict[str, Callable[[int], Bot]] = {"simple": SimpleBot, "random": RandomBot}


def players(kind: str, game: int) -> list[Bot]:
    """The four bots of game ``game``."""
    return [BOTS[kind](game * 4 + i) for i in range(4)]


def dealt(state: GameState, game: int) -> GameState:
    """``state`` after a deal, when it waits for one (a seeded game never does)."""
    return apply(state, Deal(random.Random(game).sample(DECK, len(DECK))))


def play(games: Sequence[int], kind: str, rules: Rules, read_history: bool) -> tuple[int, int]:
    """Play the workload through the normal loop; return its decisions and hands."""
    decisions = hands = 0
    for game in games:
        bots = players(kind, game)
        state = new_game(rules, seed=game)
        while not state.is_over:
            if state.is_chance:
                state = dealt(state, game)
                continue
            seat = state.to_act
            assert seat is not None
            seat_view = view(state, seat)
            if read_history:
                seat_view.history  # noqa: B018 - works out the fields that read the hand
            state = apply(state, bots[seat].choose(seat_view), seat=seat)
            decisions += 1
        hands += state.hand_number
    return decisions, hands


def recorded(games: Sequence[int], kind: str, rules: Rules) -> list[list[tuple[int, SeatAction]]]:
    """Each game's decisions: the seat and the action chosen."""
    out = []
    for game in games:
        bots = players(kind, game)
        state = new_game(rules, seed=game)
        decisions: list[tuple[int, SeatAction]] = []
        while not state.is_over:
            if state.is_chance:
                state = dealt(state, game)
                continue
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(view(state, seat))
            decisions.append((seat, action))
            state = apply(state, action, seat=seat)
        out.append(decisions)
    return out


def replayed(game: int, rules: Rules, decisions: list[tuple[int, SeatAction]]) -> list[GameState]:
    """The state of each recorded decision of a game, made afresh (so that no view of them was made)."""
    states = []
    state = new_game(rules, seed=game)
    for seat, action in decisions:
        while state.is_chance:
            state = dealt(state, game)
        states.append(state)
        state = apply(state, action, seat=seat)
    return states


def split(
    games: Sequence[int],
    kind: str,
    rules: Rules,
    record: list[list[tuple[int, SeatAction]]],
    read_history: bool,
) -> tuple[float, float, float]:
    """The CPU seconds of every view, every choose and every apply of the recorded decisions.

    Game by game, so that no more is kept alive at once than a game's states and views.
    """
    clock = time.process_time
    view_time = choose_time = apply_time = 0.0
    for game, decisions in zip(games, record, strict=True):
        states = replayed(game, rules, decisions)
        start = clock()
        for state, (seat, _) in zip(states, decisions, strict=True):
            seat_view = view(state, seat)  # dropped at once, as in the loop
            if read_history:
                seat_view.history  # noqa: B018
        view_time += clock() - start
        views: list[SeatView] = [
            view(state, seat) for state, (seat, _) in zip(states, decisions, strict=True)
        ]
        bots = players(kind, game)
        start = clock()
        chosen = [bots[seat].choose(v) for (seat, _), v in zip(decisions, views, strict=True)]
        choose_time += clock() - start
        assert chosen == [action for _, action in decisions], "the bots chose differently from the same views"
        start = clock()
        for state, (seat, action) in zip(states, decisions, strict=True):
            apply(state, action, seat=seat)
        apply_time += clock() - start
    return view_time, choose_time, apply_time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per round (default 200)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of each part (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds first (default 1)")
    parser.add_argument("--first-seed", type=int, default=0, help="the seed of the first game (default 0)")
    parser.add_argument("--bot", choices=sorted(BOTS), default="simple", help="the bots (default simple)")
    parser.add_argument(
        "--read-history", action="store_true", help="read every view's history as soon as it is made"
    )
    parser.add_argument("--quick", action="store_true", help="a tiny run that only proves the script works")
    args = parser.parse_args(argv)
    if args.quick:  # smaller defaults: an option given as well still wins
        parser.set_defaults(games=5, rounds=1, warmup=0)
        args = parser.parse_args(argv)
    if min(args.games, args.rounds) < 1 or args.warmup < 0:
        parser.error("--games and --rounds must be at least 1, --warmup at least 0")
    rules = Rules()
    games = range(args.first_seed, args.first_seed + args.games)
    kind = args.bot
    read = " (every view's history read)" if args.read_history else ""
    print(f"# pitch13 {pitch13.__version__} self-play benchmark, Python {sys.version.split()[0]}")
    print(f"\n## {kind} bots, {args.games} games from seed {args.first_seed}{read}\n")
    for _ in range(args.warmup):
        play(games, kind, rules, args.read_history)
    print("| round | games/CPU s | decisions/CPU s | µs/decision |")
    print("|---|---|---|---|")
    rates = []
    decisions = hands = 0
    for r in range(1, args.rounds + 1):
        start = time.process_time()
        decisions, hands = play(games, kind, rules, args.read_history)
        seconds = time.process_time() - start
        rates.append(args.games / seconds)
        print(
            f"| {r} | {args.games / seconds:.1f} | {decisions / seconds:,.0f} | {seconds / decisions * 1e6:.1f} |"
        )
    median = statistics.median(rates)
    print(
        f"| median | {median:.1f} | {median * decisions / args.games:,.0f} | {1e6 / (median * decisions / args.games):.1f} |"
    )
    print(f"\n{decisions / args.games:.1f} decisions and {hands / args.games:.2f} hands a game.")

    print("\n## Where a decision's time goes (µs per decision, each step timed alone)\n")
    record = recorded(games, kind, rules)
    parts = [split(games, kind, rules, record, args.read_history) for _ in range(args.rounds)]
    view_us, choose_us, apply_us = (
        statistics.median(p[i] for p in parts) / decisions * 1e6 for i in range(3)
    )
    print("| view | choose | apply | sum |")
    print("|---|---|---|---|")
    print(f"| {view_us:.1f} | {choose_us:.1f} | {apply_us:.1f} | {view_us + choose_us + apply_us:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
