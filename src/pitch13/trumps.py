"""What trump makes of each card: which cards are trumps, their order, their points.

A card's rank and points depend on the trump suit and the rules (R-DECK-3, R-RANK-1,
R-RANK-2, R-POINT-1); they are looked up in small tables, each computed once, when first needed.

>>> from pitch13 import Rules, Suit, Card, parse_cards
>>> [str(c) for c in trump_order(Suit.HEARTS, Rules())]  # doctest: +NORMALIZE_WHITESPACE
['AH', 'KH', 'QH', 'JH', 'JD', 'BJ', 'RJ', '10H', '9H', '8H', '7H', '6H', '5H', '4H', '3H',
 '3D', '2H']
>>> card_points(Card.parse("3D"), Suit.HEARTS, Rules()), is_trump(Card.parse("QD"), Suit.HEARTS)
(3, False)
>>> " ".join(c.pretty for c in sort_hand(parse_cards("2H QD BJ 3D AH 9C JD"), Suit.HEARTS))
'A♥ J♦ BJ 3♦ 2♥ 9♣ Q♦'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from pitch13._base.checks import iterator_of, option_or_default
from pitch13._core.tables import table_for
from pitch13.cards import DECK, Card, Suit
from pitch13.rules import Rules

__all__ = ["card_points", "is_trump", "sort_hand", "trump_order", "trump_power"]


def _check(card: Card, trump: Suit) -> None:
    if not isinstance(card, Card):
        raise TypeError(f"expected a Card, not {type(card).__name__}")
    if not isinstance(trump, Suit):
        raise TypeError(f"expected a Suit for trump, not {type(trump).__name__}")


def is_trump(card: Card, trump: Suit, rules: Rules | None = None) -> bool:
    """Whether ``card`` is a trump when ``trump`` is named (R-DECK-3); otherwise it is dead.

    Raises:
        TypeError: if ``card`` is not a :class:`~pitch13.Card`, ``trump`` not a
            :class:`~pitch13.Suit`, or ``rules`` neither a :class:`~pitch13.Rules` nor ``None``.
    """
    _check(card, trump)
    return bool(
        table_for(trump, option_or_default(rules, Rules, "rules", _DEFAULT_RULES)).mask >> card.index & 1
    )


def card_points(card: Card, trump: Suit, rules: Rules | None = None) -> int:
    """The points ``card`` is worth with ``trump`` named (R-POINT-1): 0, 1 or 3.

    Raises:
        TypeError: if ``card`` is not a :class:`~pitch13.Card`, ``trump`` not a
            :class:`~pitch13.Suit`, or ``rules`` neither a :class:`~pitch13.Rules` nor ``None``.
    """
    _check(card, trump)
    return table_for(trump, option_or_default(rules, Rules, "rules", _DEFAULT_RULES)).points[card.index]


def trump_power(card: Card, trump: Suit, rules: Rules | None = None) -> int | None:
    """The card's strength in a trick (higher wins), or ``None`` for a dead card.

    A trump's power is its place from the bottom of :func:`trump_order`: 1 for the lowest trump
    (the 2), up to the number of trumps for the ace. Under ``joker_order=first_played`` both
    jokers have the higher joker's power: the one played first wins (R-RANK-2).

    Raises:
        TypeError: if ``card`` is not a :class:`~pitch13.Card`, ``trump`` not a
            :class:`~pitch13.Suit`, or ``rules`` neither a :class:`~pitch13.Rules` nor ``None``.
    """
    _check(card, trump)
    power = table_for(trump, option_or_default(rules, Rules, "rules", _DEFAULT_RULES)).power[card.index]
    return None if power < 0 else power


def trump_order(trump: Suit, rules: Rules | None = None) -> tuple[Card, ...]:
    """The trumps from high to low (R-RANK-1).

    Under ``joker_order=first_played`` the jokers take the high and low joker places in
    index order (``BJ`` then ``RJ``), but either may turn out to be the high one.

    Raises:
        TypeError: if ``trump`` is not a :class:`~pitch13.Suit`, or ``rules`` neither a
            :class:`~pitch13.Rules` nor ``None``.
    """
    if not isinstance(trump, Suit):
        raise TypeError(f"expected a Suit for trump, not {type(trump).__name__}")
    return tuple(
        DECK[i] for i in table_for(trump, option_or_default(rules, Rules, "rules", _DEFAULT_RULES)).order
    )


def sort_hand(cards: Iterable[Card], trump: Suit | None, rules: Rules | None = None) -> tuple[Card, ...]:
    """``cards`` in the order a player holds them: trumps first, high to low, then the rest.

    With ``trump`` named, the trumps come first in trump order (R-DECK-3, R-RANK-1): A, K, Q,
    J, the Jick, the jokers, 10 down to 3, the off-three (when ``rules.use_off_three``), the 2.
    The jokers are in the order of :func:`trump_order` (``BJ`` then ``RJ``, or the high joker
    first under ``joker_order=fixed``, R-RANK-2). The dead cards follow, by suit (clubs,
    diamonds, hearts, spades) and, within a suit, from the ace down.

    Before trump is named (``trump`` is ``None``) the jokers, trumps whatever suit is named,
    come first, then every other card by suit and rank in the same way. Duplicates are kept.

    Raises:
        TypeError: if an item of ``cards`` is not a :class:`~pitch13.Card`, ``trump`` is
            neither a :class:`~pitch13.Suit` nor ``None``, or ``rules`` neither a
            :class:`~pitch13.Rules` nor ``None``.
    """
    if trump is not None and not isinstance(trump, Suit):
        raise TypeError(f"expected a Suit or None for trump, not {type(trump).__name__}")
    rules = option_or_default(rules, Rules, "rules", _DEFAULT_RULES)
    hand = tuple(iterator_of(cards, "sort_hand()", "an iterable of Cards"))
    for card in hand:
        if not isinstance(card, Card):
            raise TypeError(f"sort_hand() takes Cards, not {type(card).__name__}")
    if trump is None:
        return tuple(sorted(hand, key=_untrumped_key))
    places = _trump_places(trump, rules)
    return tuple(sorted(hand, key=lambda card: places.get(card.index, _untrumped_key(card))))


def _untrumped_key(card: Card) -> int:
    """Where a card goes with no trump to rank it: jokers first, then by suit, aces first."""
    if card.suit is None:
        return card.index - 52
    assert card.rank is not None
    return 2 + card.suit * 13 + (14 - card.rank)


def _trump_places(trump: Suit, rules: Rules) -> dict[int, int]:
    """Each trump's place in the sort: ahead of every dead card (whose keys start at 0)."""
    order = table_for(trump, rules).order
    return {index: position - len(order) for position, index in enumerate(order)}


_DEFAULT_RULES: Final = Rules()
