"""Play a whole game with uniformly random choices and print each hand's score.

Run: ``python examples/random_game.py [seed]``
"""

from __future__ import annotations

import argparse
import random

import pitch13


def play(seed: int) -> pitch13.GameState:
    """Play a seeded game to the end, every choice uniform among the legal actions."""
    rng = random.Random(seed)
    state = pitch13.new_game(pitch13.Rules(), dealer=0, seed=seed)
    while not state.is_over:
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
    return state


def main() -> None:
    """Print the game hand by hand."""
    parser = argparse.ArgumentParser(description="Play a random game and print each hand's score.")
    parser.add_argument("seed", type=int, nargs="?", default=7, help="the game's seed (default 7)")
    state = play(parser.parse_args().seed)
    for result in state.results:
        verdict = "made" if result.made else "set"
        # "to" between the teams' scores: a dash would read as a minus sign before a negative one.
        print(
            f"hand {result.hand_number}: seat {result.bidder} bid {result.bid} in {result.trump.symbol}, "
            f"took {result.points[result.bidding_team]} ({verdict}); "
            f"score {result.scores[0]} to {result.scores[1]}"
        )
    assert state.outcome is not None
    print(f"team {state.outcome.winner} wins ({state.outcome.termination.value})")


if __name__ == "__main__":
    main()
