"""A server deals every hand itself, from the operating system's secure random source.

Without a seed, a game stops at a chance state before each hand; the server applies a
``Deal`` with its own shuffle (R-DEAL-3). Here the players are random for brevity.

Run: ``python examples/secure_deal.py``
"""

from __future__ import annotations

import random
import secrets

import pitch13


def secure_shuffle() -> pitch13.Deal:
    """A deal from the 54 cards in an order drawn with :mod:`secrets`."""
    return pitch13.Deal(secrets.SystemRandom().sample(pitch13.DECK, len(pitch13.DECK)))


def main() -> None:
    """Play one game, dealing each hand with a secure shuffle."""
    players = random.Random()
    state = pitch13.new_game(pitch13.Rules.classic_ten_point(), dealer=0)
    deals = 0
    while not state.is_over:
        if state.is_chance:
            state = pitch13.apply(state, secure_shuffle())
            deals += 1
        else:
            state = pitch13.apply(state, players.choice(pitch13.legal_actions(state)))
    outcome = state.outcome
    assert outcome is not None
    print(
        f"{deals} hands dealt; team {outcome.winner} wins ({outcome.termination.value}), "
        f"{state.scores[0]} to {state.scores[1]}"
    )


if __name__ == "__main__":
    main()
