"""The cost and size of seat views, view deltas and sampling, along a long game.

Run it with ``python benchmarks/views.py`` (it needs nothing but pitch13). Fixed workloads, CPU
time (:func:`time.process_time`), medians over repeats:

1. **Along one long game** (default rules; the first seeded random game that reaches hand 200),
   at hands 1, 20 and 200: the size of a view's JSON, whether ``SeatView.from_json`` reads it
   back with its default limits, the time of a whole view (:func:`pitch13.view` and the first
   read of its ``history``, which works out the fields that read the hand) *cold* (a state with
   nothing cached: a pickle round trip) and *warm* (the seat's whole view of the state one action
   earlier was built: the average over the hand after its first view, which is built cold and untimed;
   the median of 5 runs of 20 replays of the hand), the median time of :meth:`SeatView.to_json`
   (of that view, its fields worked out: what a server spends to send it whole), and the median
   time of :func:`pitch13.sample_state`; all of them for seat 1.
2. **A server's traffic**: over whole random games (seeded and dealt by the caller), the bytes
   of JSON one seat receives when a server sends its whole view once, at the start, and after
   that a view delta after every move, against the size of the game's text record; and what
   sending a whole view at the start and after every move would cost instead.
"""

from __future__ import annotations

import argparse
import itertools
import pickle
import random
import re
import statistics
import sys

from engine import cpu, long_game, timed  # the engine benchmark, beside this one

import pitch13
from pitch13 import GameState, Rules, apply, legal_actions, new_game, sample_state, view


def whole_view(state: GameState) -> None:
    """Seat 1's view of ``state``, with the fields it leaves until they are read (its history) read."""
    view(state, 1).history  # noqa: B018


def along_a_game(hands: tuple[int, ...], seed: int, samples: int) -> None:
    states = long_game(max(hands), seed, Rules())
    print(f"\n## Along one long game (seed {states[0].seed}, default rules; seat 1's views)\n")
    print(
        "| hand | view JSON chars | read back by from_json | view cold µs | view warm µs | to_json µs "
        "| sample_state median ms |"
    )
    print("|---|---|---|---|---|---|---|")
    for hand in hands:
        in_hand = [s for s in states if s.hand_number == hand and not s.is_chance]
        middle = in_hand[len(in_hand) // 2]
        seat_view = view(middle, 1)
        text = seat_view.to_json()
        try:
            read_back = pitch13.SeatView.from_json(text) == seat_view
        except pitch13.DocumentError:
            read_back = False
        # Cold: a copy of the state that shares nothing, so nothing is cached for it.
        copies = [pickle.loads(pickle.dumps(middle)) for _ in range(25)]
        cold = statistics.median(timed(lambda c=c: whole_view(c))[1] for c in copies) * 1e6  # type: ignore[misc]
        # Warm: seat 1's view of every later state of the hand, in order, each after the one
        # before. Each run replays the hand 20 times from copies that share nothing with the game,
        # so nothing is cached but what the run's own views leave; each replay's first view is
        # cold and untimed. The median of 5 runs.
        steps = [
            next(a for a in legal_actions(s) if apply(s, a) == after)
            for s, after in itertools.pairwise(in_hand)
        ]
        warm_runs = []
        for _ in range(5):
            chains = []
            for _ in range(20):
                chain = [pickle.loads(pickle.dumps(in_hand[0]))]
                for action in steps:
                    chain.append(apply(chain[-1], action))
                whole_view(chain[0])
                chains.append(chain[1:])

            def replay(chains: list[list[GameState]] = chains) -> None:
                for chain in chains:
                    for s in chain:
                        whole_view(s)

            warm_runs.append(cpu(replay)[1] / (20 * len(steps)))
        warm = statistics.median(warm_runs) * 1e6
        # to_json of the view (its fields all worked out): what a server spends to send it whole.
        written = statistics.median(timed(seat_view.to_json)[1] for _ in range(51)) * 1e6
        rng = random.Random(hand)
        draws = [timed(lambda v=seat_view, r=rng: sample_state(v, r))[1] for _ in range(samples)]  # type: ignore[misc]
        sample = statistics.median(draws) * 1e3
        print(
            f"| {hand} | {len(text):,} | {'yes' if read_back else 'NO'} | {cold:.0f} | {warm:.1f} "
            f"| {written:.0f} | {sample:.2f} |"
        )


def traffic(games: int, seed: int) -> None:
    print(f"\n## A server's traffic to one seat over a whole game ({games} random games each)\n")
    print(
        "| games | text record bytes | first view + deltas bytes (seat 0) | first view + deltas ÷ record "
        "| whole views bytes | views ÷ record |"
    )
    print("|---|---|---|---|---|---|")
    for dealt in (False, True):
        record_total = sent_total = views_total = 0
        for game in range(games):
            rng = random.Random(seed + game)
            state = new_game(Rules(), dealer=game % 4, seed=None if dealt else seed + game)
            # The server sends the seat its whole view first (a game dealt by the caller starts
            # at a chance node, which has a view too), and after that what is new.
            first = len(view(state, 0).to_json().encode())
            sent_total += first
            views_total += first
            ply = state.ply
            while not state.is_over:
                if state.is_chance:
                    state = apply(state, pitch13.Deal(rng.sample(pitch13.DECK, 54)))
                else:
                    state = apply(state, rng.choice(legal_actions(state)))
                delta = pitch13.view_delta(state, 0, ply)
                sent_total += len(delta.to_json().encode())
                views_total += len(view(state, 0).to_json().encode())
                ply = state.ply
            record_total += len(pitch13.GameRecord.from_state(state).to_text().encode())
        kind = "dealt by the caller" if dealt else "seeded"
        print(
            f"| {kind} | {record_total:,} | {sent_total:,} | {sent_total / record_total:.2f} "
            f"| {views_total:,} | {views_total / record_total:.1f} |"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", default="1,20,200", help="hands measured in part 1 (default 1,20,200)")
    parser.add_argument("--samples", type=int, default=21, help="samples per hand (default 21)")
    parser.add_argument("--games", type=int, default=10, help="games per kind in part 2 (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the workloads (default 1)")
    parser.add_argument("--quick", action="store_true", help="a tiny run that only proves the script works")
    args = parser.parse_args(argv)
    if (
        not re.fullmatch(r"[1-9][0-9]{0,5}(,[1-9][0-9]{0,5})*", args.hands)
        or min(args.samples, args.games) < 1
    ):
        parser.error(
            "--hands is hand numbers from 1, joined by commas; --samples and --games must be at least 1"
        )
    if args.quick:  # smaller defaults: an option given as well still wins
        parser.set_defaults(hands="1,3", samples=3, games=1)
        args = parser.parse_args(argv)
    print(f"# pitch13 {pitch13.__version__} views benchmark, Python {sys.version.split()[0]}")
    along_a_game(tuple(int(h) for h in args.hands.split(",")), args.seed, args.samples)
    traffic(args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
