"""Random masked play through the game-AI environments, against OpenSpiel's C++ ``oh_hell``.

Run it with ``python benchmarks/rl.py`` after ``python -m pip install -e '.[pettingzoo,bench]'``
(OpenSpiel's ``pyspiel`` is the anchor; without it the anchor row is left out).

Seven workloads, each fixed (the same deals and the same random choices every round), are timed in
turn, round after round, by CPU time (:func:`time.process_time`) after a garbage collection, so
that a busy machine slows them alike; each row gives the median over ``--rounds`` rounds, after
``--warmup`` untimed ones:

1. **pitch13 direct**: ``--hands`` seeded one-hand games, each decision ``legal_actions`` + a
   random choice + ``apply``: the engine alone, no observation.
2. **direct + encode + mask**: the same, with :func:`pitch13.encoding.encode` for the seat to
   act and :func:`~pitch13.encoding.legal_mask` at each decision: the difference from the row
   above is what the observation and the mask cost.
3. **encode alone**: :func:`pitch13.encoding.encode` for the seat to act, over the states of
   the games of (1), made once before the first round and read in order: the observation's
   own cost. (From the second round on, each hand's log has been read once already; the
   observation is built anew every time.)
4. **PettingZoo raw_env**: ``--hands`` one-hand episodes of
   :class:`pitch13.adapters.pettingzoo.raw_env` (reset with ``--seed`` once, then ``reset()``),
   played by the loop of PettingZoo's documentation, a decision being::

       for agent in env.agent_iter():
           obs, reward, terminated, truncated, info = env.last()
           action = None if terminated or truncated else <random legal id from obs["action_mask"]>
           env.step(action)

   It counts the decisions only (an agent's step with ``None`` once the hand is over is not
   one), but its time includes those steps and their observations.
5. **PettingZoo env()**: the same through the wrapped :func:`pitch13.adapters.pettingzoo.env`.
6. **Gymnasium step**: ``--hands`` one-hand episodes of
   :class:`pitch13.adapters.gymnasium.Pitch13Env` with three ``random`` bots, a random legal id
   from ``info["action_mask"]`` each step; a decision is one ``env.step`` (the learning seat's
   action, then the bots' up to its next turn: about four seats' decisions).
7. **anchor**: ``--anchor-games`` random games of 4-player ``oh_hell`` through ``pyspiel``, each
   decision ``state.information_state_tensor()`` (read into Python) + a random legal action
   (chance outcomes are drawn and not counted).

The first table gives each round's µs per decision, and the ratio of the PettingZoo ``raw_env``'s
time per decision to the anchor's in that round (below 1: faster than the anchor). The second
gives the medians: µs per decision, decisions per CPU second, and each one's time per decision
over the anchor's. ``--check`` exits with 1 when the median of the rounds' ratios is above 1 (the
PettingZoo ``raw_env`` is slower than the anchor).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable

from engine import cpu, oh_hell_games, pyspiel  # the anchor, as benchmarks/engine.py plays it

import pitch13
from pitch13 import GameState, apply, legal_actions, new_game
from pitch13.adapters.gymnasium import Pitch13Env
from pitch13.adapters.pettingzoo import env as wrapped_env
from pitch13.adapters.pettingzoo import raw_env
from pitch13.encoding import encode, legal_mask

# --- workloads: each returns its number of decisions ------------------------------------------


def direct(hands: int, seed: int, *, observe: bool = False) -> int:
    """Seeded one-hand games played with random legal actions by the engine alone.

    With ``observe``, each decision first encodes the state for the seat to act, and its mask.
    """
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    for hand in range(hands):
        state = new_game(dealer=hand % 4, seed=seed * 1_000_003 + hand)
        while state.outcome is None and state.hand_number == 1:
            if observe:
                encode(state, state.to_act)  # type: ignore[arg-type]
                legal_mask(state)
            state = apply(state, choice(legal_actions(state)))
            decisions += 1
    return decisions


def seats_to_act(hands: int, seed: int) -> list[tuple[GameState, int]]:
    """The states of :func:`direct`'s games at which a seat acts, with that seat."""
    rng = random.Random(seed)
    found: list[tuple[GameState, int]] = []
    for hand in range(hands):
        state = new_game(dealer=hand % 4, seed=seed * 1_000_003 + hand)
        while state.outcome is None and state.hand_number == 1:
            found.append((state, state.to_act))  # type: ignore[arg-type]
            state = apply(state, rng.choice(legal_actions(state)))
    return found


def encode_alone(states: list[tuple[GameState, int]]) -> int:
    """:func:`~pitch13.encoding.encode` of each state for its seat to act."""
    for state, seat in states:
        encode(state, seat)
    return len(states)


def aec(make: Callable[[], object], hands: int, seed: int) -> int:
    """One-hand PettingZoo episodes played by random legal ids from the observed masks."""
    env = make()
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    env.reset(seed=seed)  # type: ignore[attr-defined]
    for episode in range(hands):
        if episode:
            env.reset()  # type: ignore[attr-defined]
        for _ in env.agent_iter():  # type: ignore[attr-defined]
            obs, _, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
            if terminated or truncated:
                action = None
            else:
                action = choice(obs["action_mask"].nonzero()[0])
                decisions += 1
            env.step(action)  # type: ignore[attr-defined]
    return decisions


def gym(hands: int, seed: int) -> int:
    """One-hand Gymnasium episodes against random bots, a random legal id each step."""
    env = Pitch13Env(partner="random", opponents="random")
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    _, info = env.reset(seed=seed)
    for episode in range(hands):
        if episode:
            _, info = env.reset()
        done = False
        while not done:
            mask = info["action_mask"]
            action = choice(mask.nonzero()[0])  # type: ignore[attr-defined]
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            done = terminated or truncated
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400, help="one-hand episodes per round (default 400)")
    parser.add_argument("--anchor-games", type=int, default=200, help="oh_hell games per round (default 200)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds first (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the workloads (default 1)")
    parser.add_argument("--quick", action="store_true", help="a tiny run that only proves the script works")
    parser.add_argument(
        "--check", action="store_true", help="exit with 1 if the PettingZoo raw_env is slower than the anchor"
    )
    args = parser.parse_args(argv)
    if args.quick:  # smaller defaults: an option given as well still wins
        parser.set_defaults(hands=10, anchor_games=5, rounds=1, warmup=0)
        args = parser.parse_args(argv)
    if min(args.hands, args.anchor_games, args.rounds) < 1 or args.warmup < 0:
        parser.error("--hands, --anchor-games and --rounds must be at least 1, --warmup at least 0")
    if args.check and pyspiel is None:
        parser.error("--check needs the anchor: python -m pip install -e '.[bench]'")
    hands, seed = args.hands, args.seed
    states = seats_to_act(hands, seed)
    workloads: dict[str, Callable[[], int]] = {
        "pitch13 direct": lambda: direct(hands, seed),
        "direct + encode + mask": lambda: direct(hands, seed, observe=True),
        "encode alone": lambda: encode_alone(states),
        "PettingZoo raw_env": lambda: aec(raw_env, hands, seed),
        "PettingZoo env()": lambda: aec(wrapped_env, hands, seed),
        "Gymnasium step": lambda: gym(hands, seed),
    }
    if pyspiel is None:
        print("(pyspiel is not installed: python -m pip install -e '.[bench]' adds the OpenSpiel anchor)")
    else:
        workloads["oh_hell anchor"] = lambda: oh_hell_games(args.anchor_games, seed, information_state=True)

    print(f"# pitch13 {pitch13.__version__} environments benchmark, Python {sys.version.split()[0]}")
    print(
        f"\n{hands} one-hand episodes per round for pitch13, {args.anchor_games} oh_hell games; "
        f"{args.rounds} timed rounds after {args.warmup} untimed\n"
    )
    for _ in range(args.warmup):
        for work in workloads.values():
            work()
    names = list(workloads)
    anchored = "oh_hell anchor" in workloads
    header = " | ".join(f"{name} µs" for name in names)
    print(f"| round | {header} |" + (" raw_env / anchor |" if anchored else ""))
    print("|---" * (len(names) + 1 + anchored) + "|")
    times: dict[str, list[float]] = {name: [] for name in names}
    counts: dict[str, int] = {}
    ratios: list[float] = []
    for r in range(1, args.rounds + 1):
        for name, work in workloads.items():
            count, seconds = cpu(work)
            counts[name] = count
            times[name].append(seconds / count)
        line = f"| {r} | " + " | ".join(f"{times[name][-1] * 1e6:.2f}" for name in names) + " |"
        if anchored:  # the ratio of each round: both timed within moments of each other
            ratios.append(times["PettingZoo raw_env"][-1] / times["oh_hell anchor"][-1])
            line += f" {ratios[-1]:.2f} |"
        print(line)

    medians = {name: statistics.median(times[name]) for name in names}
    base = medians.get("oh_hell anchor")
    print("\n## Medians\n")
    print("| workload | decisions per round | µs/decision | decisions/s | / anchor |")
    print("|---|---|---|---|---|")
    for name in names:
        versus = "–" if base is None else f"{medians[name] / base:.2f}"
        print(
            f"| {name} | {counts[name]:,} | {medians[name] * 1e6:.2f} | {1 / medians[name]:,.0f} | {versus} |"
        )
    if ratios:
        ratio = statistics.median(ratios)
        print(
            f"\nPettingZoo raw_env / anchor, time per decision: {ratio:.2f} (median of the rounds' ratios, "
            f"range {min(ratios):.2f}–{max(ratios):.2f})"
        )
        if args.check and ratio > 1:
            print("the PettingZoo environment is slower than the anchor", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
