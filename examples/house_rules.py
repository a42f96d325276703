"""Set up a table's own variant with ``Rules`` and see what it changes.

Run: ``python examples/house_rules.py``
"""

from __future__ import annotations

import pitch13


def main() -> None:
    """Print the options that differ from the default game, and the trump order."""
    house = pitch13.Rules(
        joker_order=pitch13.rules.JokerOrder.FIXED,
        dealer_may_match=True,
        deuce_to=pitch13.rules.DeuceTo.TRICK_WINNER,
        target=62,
    )
    default = pitch13.Rules()
    for name in ("joker_order", "dealer_may_match", "deuce_to", "target"):
        print(f"{name}: {getattr(default, name)!s} -> {getattr(house, name)!s}")
    order = pitch13.trumps.trump_order(pitch13.Suit.SPADES, house)
    print("spades trump, high to low:", " ".join(card.pretty for card in order))
    try:
        pitch13.Rules(min_bid=6, dealer_forced_min_bid=5)
    except pitch13.RulesError as error:
        print("refused:", error)


if __name__ == "__main__":
    main()
