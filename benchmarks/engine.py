"""The engine's speed against OpenSpiel's C++ ``oh_hell``, and how its costs grow with a game.

Run it with ``python benchmarks/engine.py`` after ``python -m pip install -e '.[bench]'``
(OpenSpiel's ``pyspiel`` is the anchor; without it the anchor columns are left out).

Three parts, each on a fixed workload, timed by CPU time (:func:`time.process_time`), so that a
busy machine slows both sides alike. Each round of parts 1 and 2 (the warm-up rounds first) plays
games of its own, round *k* dealt from seed ``--seed`` + *k*, the same in every run and for both
engines of a round: a round that replayed the last one's games would find the legal actions of
its hands still cached wherever pitch13's caches hold a round's hands (with a small ``--games``,
or in pitch13 0.2.0, whose caches held 65,536 hands), which no simulation of new games does.

1. **Games of real length**: ``--games`` seeded pitch13 games played with uniformly random legal
   choices and cut after ``--hand-cap`` hands, interleaved round by round with random 4-player
   ``oh_hell`` games through ``pyspiel``. Decisions per CPU second for each, and their ratio.
2. **Uncapped games**: the same, played to the end (random games last about 100 hands).
3. **Growth**: at hand 1, 20 and 200 of one long random game, the cost of ``apply`` +
   ``legal_actions``, ``hash``, ``==`` against a different state, ``copy.deepcopy``, the pickle
   size, the memory a state keeps per decision of the hand (the memory kept by the state at the
   next hand's first decision less that kept by the state at this hand's first, each a copy that
   shares nothing, divided by the decisions between them: the history's codes and the record of
   the finished hand, without the fixed memory every state has), and the memory each extra state
   of a search tree costs.

A decision is one ``legal_actions`` + one random choice + one ``apply`` by a seat (chance steps of
``oh_hell`` are drawn from its chance outcomes and not counted).
"""

from __future__ import annotations

import argparse
import copy
import functools
import gc
import pickle
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any, TypeVar

import pitch13
from pitch13 import GameState, Rules, apply, legal_actions, new_game

try:
    import pyspiel  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - the anchor is optional
    pyspiel = None

T = TypeVar("T")


# --- workloads ---------------------------------------------------------------------------------


def pitch13_games(games: int, hand_cap: int | None, seed: int) -> int:
    """Play the fixed pitch13 workload; return the number of decisions."""
    rules = Rules()
    decisions = 0
    for game in range(games):
        rng = random.Random(seed * 1_000_003 + game)
        choice = rng.choice
        state = new_game(rules, dealer=game % 4, seed=seed * 1_000_003 + game)
        if hand_cap is None:
            while state.outcome is None:
                state = apply(state, choice(legal_actions(state)))
                decisions += 1
        else:
            while state.outcome is None and state.hand_number <= hand_cap:
                state = apply(state, choice(legal_actions(state)))
                decisions += 1
    return decisions


def oh_hell_games(games: int, seed: int, *, information_state: bool = False) -> int:
    """Play random 4-player ``oh_hell`` games through ``pyspiel``; return the decisions.

    With ``information_state``, each decision reads the seat's information-state tensor first.
    """
    game = pyspiel.load_game("oh_hell", {"players": 4})
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                if information_state:
                    state.information_state_tensor()
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """Run ``work`` and return what it returned and the CPU seconds it took."""
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


def cpu(work: Callable[[], T]) -> tuple[T, float]:
    """:func:`timed`, after a garbage collection.

    Not for calls of a few microseconds each: the collection leaves the processor's caches cold,
    which makes such a call slower.
    """
    gc.collect()
    return timed(work)


def interleaved(
    title: str,
    rounds: int,
    ours: Callable[[int], int],
    anchor: Callable[[int], int] | None,
    warmup: int = 1,
) -> None:
    """Time ``ours`` and ``anchor`` in turn for ``rounds`` rounds and print a table.

    Each is called with the round's number, from 0, and plays that round's own games.
    ``warmup`` untimed rounds of each come first: they fill the tables both engines build once
    (pitch13's trump tables, the lists of legal actions of the commonest hands, the
    processor's caches), which a long simulation pays once.
    """
    print(f"\n## {title}\n")
    for k in range(warmup):
        ours(k)
        if anchor is not None:
            anchor(k)
    if warmup:
        print(f"(after {warmup} untimed warm-up round{'s' if warmup > 1 else ''} of each)\n")
    print("| round | pitch13 decisions/s | µs/decision | oh_hell decisions/s | ratio |")
    print("|---|---|---|---|---|")
    ours_rates: list[float] = []
    anchor_rates: list[float] = []
    ratios: list[float] = []
    for r in range(1, rounds + 1):
        k = warmup + r - 1  # the round's games: the warm-up rounds played 0 to warmup - 1
        n, seconds = cpu(functools.partial(ours, k))
        rate = n / seconds
        ours_rates.append(rate)
        if anchor is not None:
            m, anchor_seconds = cpu(functools.partial(anchor, k))
            anchor_rate = m / anchor_seconds
            anchor_rates.append(anchor_rate)
            ratios.append(rate / anchor_rate)
            print(f"| {r} | {rate:,.0f} | {1e6 / rate:.2f} | {anchor_rate:,.0f} | {rate / anchor_rate:.3f} |")
        else:
            print(f"| {r} | {rate:,.0f} | {1e6 / rate:.2f} | – | – |")
    median = statistics.median(ours_rates)
    line = f"| median | {median:,.0f} | {1e6 / median:.2f} |"
    if ratios:
        line += f" {statistics.median(anchor_rates):,.0f} |"
        line += f" {statistics.median(ratios):.3f} (range {min(ratios):.3f}–{max(ratios):.3f}) |"
    else:
        line += " – | – |"
    print(line)


# --- growth ------------------------------------------------------------------------------------


def long_game(min_hands: int, seed: int, rules: Rules | None = None) -> list[GameState]:
    """Every state of the first seeded random game that reaches hand ``min_hands`` (cut there)."""
    rules = rules or Rules()
    for game in range(seed, seed + 10_000):
        rng = random.Random(game)
        state = new_game(rules, seed=game)
        states = [state]
        while state.outcome is None and state.hand_number <= min_hands:
            state = apply(state, rng.choice(legal_actions(state)))
            states.append(state)
        if state.hand_number > min_hands:
            return states
    raise SystemExit(f"no game of {min_hands} hands found")  # pragma: no cover


def per_call(func: Callable[[], Any], budget: float = 0.2) -> float:
    """CPU seconds per call of ``func``, over about ``budget`` seconds."""
    calls = 1
    while True:
        start = time.process_time()
        for _ in range(calls):
            func()
        spent = time.process_time() - start
        if spent >= budget:
            return spent / calls
        calls *= 2


def retained(build: Callable[[], object]) -> tuple[object, int]:
    """What ``build`` returns and the bytes of memory it keeps alive."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    value = build()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return value, after - before


def kept_alone(state: GameState) -> int:
    """The bytes of memory a copy of ``state`` that shares nothing with it keeps alive."""
    pickle.loads(pickle.dumps(state))  # once first, so that caches it fills are not counted
    copied, kept = retained(lambda: pickle.loads(pickle.dumps(state)))
    del copied
    return kept


def growth(hands: tuple[int, ...], seed: int) -> None:
    """Print the cost of each operation at the first state of each of ``hands``."""
    states = long_game(max(hands), seed)
    print(
        f"\n## Growth along one random game (seed {states[0].seed}; {len(states)} states to hand {max(hands)})\n"
    )
    print(
        "| hand | decision (apply + legal_actions) µs | hash µs | == (differ) µs | deepcopy µs "
        "| pickle bytes | bytes kept per decision of the hand | bytes per extra state of a search tree |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for hand in hands:
        at = next(i for i, s in enumerate(states) if s.hand_number == hand and s.to_act is not None)
        # The game is cut after hand max(hands), at the first state of the next one.
        following = next(
            i for i, s in enumerate(states) if s.hand_number == hand + 1 and s.to_act is not None
        )
        window = states[at : at + 60]
        window = [s for s in window if s.outcome is None and not s.is_chance]
        rng = random.Random(hand)
        moves = [(s, rng.choice(legal_actions(s))) for s in window]

        def decide(moves: list[tuple[GameState, Any]] = moves) -> None:
            for s, a in moves:
                legal_actions(s)
                apply(s, a)

        decision = per_call(decide) / len(moves)
        state, other = states[at], states[at + 1]
        hash_time = (
            per_call(lambda state=state: hash(state))
            if hand < 100
            else per_call(lambda state=state: hash(state), 0.05)
        )
        eq_time = per_call(lambda state=state, other=other: state == other)
        deep = per_call(lambda state=state: copy.deepcopy(state), 0.05)
        size = len(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
        # What a state keeps for each decision: the difference between two states of the game, so
        # that the fixed memory of a state is not counted (at hand 1 there is nothing else).
        per_decision = (kept_alone(states[following]) - kept_alone(state)) / (following - at)

        def tree(start: GameState = state) -> list[GameState]:
            out = []
            s = start
            r = random.Random(1)
            for _ in range(200):
                if s.outcome is not None:
                    break
                for a in legal_actions(s):  # every child, as a search expands a node
                    out.append(apply(s, a))
                s = r.choice(out[-len(legal_actions(s)) :]) if legal_actions(s) else s
            return out

        kept_tree, tree_bytes = retained(tree)
        per_state = tree_bytes / max(1, len(kept_tree))  # type: ignore[arg-type]
        print(
            f"| {hand} | {decision * 1e6:.2f} | {hash_time * 1e6:.1f} | {eq_time * 1e6:.2f} | {deep * 1e6:.1f} "
            f"| {size:,} | {per_decision:.0f} | {per_state:.0f} |"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--games", type=int, default=200, help="pitch13 games per round (default 200)")
    parser.add_argument("--hand-cap", type=int, default=12, help="hands per game in part 1 (default 12)")
    parser.add_argument(
        "--uncapped-games",
        type=int,
        default=30,
        help="games per round in part 2 (default 30; 0 leaves it out)",
    )
    parser.add_argument(
        "--anchor-games", type=int, default=1500, help="oh_hell games per round (default 1500)"
    )
    parser.add_argument(
        "--growth-hands", default="1,20,200", help="hands measured in part 3 (default 1,20,200)"
    )
    parser.add_argument(
        "--warmup", type=int, default=1, help="untimed rounds before each timed part (default 1)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the workloads (default 1)")
    parser.add_argument("--quick", action="store_true", help="a tiny run that only proves the script works")
    parser.add_argument(
        "--workload-only",
        action="store_true",
        help="play part 1's workload once, untimed, and print its decisions (for instruction counts;"
        " --games 0 plays none)",
    )
    args = parser.parse_args(argv)
    if args.workload_only and args.games >= 0:  # 0 games: the start-up alone, for instruction counts
        print(pitch13_games(args.games, args.hand_cap, args.seed))
        return 0
    if min(args.rounds, args.games, args.anchor_games) < 1 or min(args.uncapped_games, args.warmup) < 0:
        parser.error(
            "--rounds, --games and --anchor-games must be at least 1, --uncapped-games and --warmup at least 0"
        )
    if args.quick:  # smaller defaults: an option given as well still wins
        parser.set_defaults(
            rounds=1, games=5, uncapped_games=1, anchor_games=20, warmup=0, growth_hands="1,3"
        )
        args = parser.parse_args(argv)
    anchor = None
    if pyspiel is None:
        print("(pyspiel is not installed: python -m pip install -e '.[bench]' adds the OpenSpiel anchor)")
    else:
        anchor_games = args.anchor_games

        def anchor(k: int) -> int:
            return oh_hell_games(anchor_games, args.seed + k)

    print(f"# pitch13 {pitch13.__version__} engine benchmark, Python {sys.version.split()[0]}")
    interleaved(
        f"Random games cut at {args.hand_cap} hands ({args.games} games per round)",
        args.rounds,
        lambda k: pitch13_games(args.games, args.hand_cap, args.seed + k),
        anchor,
        args.warmup,
    )
    if args.uncapped_games:  # 0 leaves the part out
        interleaved(
            f"Uncapped random games ({args.uncapped_games} games per round)",
            args.rounds,
            lambda k: pitch13_games(args.uncapped_games, None, args.seed + k),
            anchor,
            args.warmup,
        )
    growth(tuple(int(h) for h in args.growth_hands.split(",")), args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
