"""What trump makes of each card: which cards are trumps, their order, their points.

A card's rank and points depend on the trump suit and the rules (R-DECK-3, R-RANK-1,
R-RANK-2, R-POINT-1); they are looked up in small tables, each computed once, when first needed.

>>> from pitch13 import Rules, Suit, Card
>>> [str(c) for c in trump_order(Suit.HEARTS, Rules())]  # doctest: +NORMALIZE_WHITESPACE
['AH', 'KH', 'QH', 'JH', 'JD', 'BJ', 'RJ', '10H', '9H', '8H', '7H', '6H', '5H', '4H', '3H',
 '3D', '2H']
>>> card_points(Card.parse("3D"), Suit.HEARTS, Rules()), is_trump(Card.parse("QD"), Suit.HEARTS)
(3, False)
"""

from __future__ import annotations

from typing import Final

from pitch13._tables import table_for
from pitch13.cards import DECK, Card, Suit
from pitch13.rules import Rules

__all__ = ["card_points", "is_trump", "trump_order", "trump_power"]


def _check(card: Card, trump: Suit) -> None:
    if not isinstance(card, Card):
        raise TypeError(f"expected a Card, not {type(card).__name__}")
    if not isinstance(trump, Suit):
        raise TypeError(f"expected a Suit for trump, not {type(trump).__name__}")


def is_trump(card: Card, trump: Suit, rules: Rules | None = None) -> bool:
    """Whether ``card`` is a trump when ``trump`` is named (R-DECK-3); otherwise it is dead."""
    _check(card, trump)
    return bool(table_for(trump, rules or _DEFAULT_RULES).mask >> card.index & 1)


def card_points(card: Card, trump: Suit, rules: Rules | None = None) -> int:
    """The points ``card`` is worth with ``trump`` named (R-POINT-1): 0, 1 or 3."""
    _check(card, trump)
    return table_for(trump, rules or _DEFAULT_RULES).points[card.index]


def trump_power(card: Card, trump: Suit, rules: Rules | None = None) -> int | None:
    """The card's strength in a trick (higher wins), or ``None`` for a dead card.

    Under ``joker_order=first_played`` both jokers have the same power: the one played
    first wins (R-RANK-2).
    """
    _check(card, trump)
    power = table_for(trump, rules or _DEFAULT_RULES).power[card.index]
    return None if power < 0 else power


def trump_order(trump: Suit, rules: Rules | None = None) -> tuple[Card, ...]:
    """The trumps from high to low (R-RANK-1).

    Under ``joker_order=first_played`` the jokers take the high and low joker places in
    index order (``BJ`` then ``RJ``), but either may turn out to be the high one.
    """
    if not isinstance(trump, Suit):
        raise TypeError(f"expected a Suit for trump, not {type(trump).__name__}")
    return tuple(DECK[i] for i in table_for(trump, rules or _DEFAULT_RULES).order)


_DEFAULT_RULES: Final = Rules()
