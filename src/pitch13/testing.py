"""Tools for testing code built on pitch13: arranged decks and state invariant checks.

>>> import pitch13
>>> from pitch13.testing import arranged_deck, check_invariants
>>> deal = arranged_deck({1: "AH KH QH JH JD BJ RJ 10H 9H"}, dealer=0)
>>> state = pitch13.apply(pitch13.new_game(), deal)
>>> [str(c) for c in state.hand(1)]
['JD', '9H', '10H', 'JH', 'QH', 'KH', 'AH', 'BJ', 'RJ']
>>> check_invariants(state)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pitch13.actions import Deal, deal_positions
from pitch13.cards import DECK, Card, parse_cards
from pitch13.errors import InvariantError
from pitch13.state import GameState, Phase

__all__ = ["InvariantError", "arranged_deck", "check_invariants"]

_CardsLike = str | Iterable[Card]


def _cards(value: _CardsLike) -> tuple[Card, ...]:
    return parse_cards(value) if isinstance(value, str) else tuple(value)


def arranged_deck(hands: Mapping[int, _CardsLike], *, dealer: int = 0, stock: _CardsLike = ()) -> Deal:
    """A :class:`~pitch13.Deal` that gives each listed seat exactly the listed cards.

    Args:
        hands: seat → up to 9 cards (a string such as ``"AH KH 3D"`` or cards). A seat given
            fewer than 9, and every seat not listed, is filled with the remaining cards in
            index order, after the top of the stock is set aside.
        dealer: the dealer the deck will be dealt by (the mapping of R-DEAL-1 depends on it).
        stock: the top cards of the stock, in order; the rest of the stock follows.

    Raises:
        ValueError: if a card is listed twice, a seat gets more than 9 cards, or the stock more
            than 18.
    """
    wanted = {seat: _cards(cards) for seat, cards in hands.items()}
    top = _cards(stock)
    used: set[Card] = set()
    for cards in (*wanted.values(), top):
        for card in cards:
            if card in used:
                raise ValueError(f"{card} is listed twice")
            used.add(card)
    if any(len(cards) > 9 for cards in wanted.values()):
        raise ValueError("a seat is dealt 9 cards")
    if len(top) > 18:
        raise ValueError("the stock has 18 cards")
    spare = [card for card in DECK if card not in used]
    full: dict[int, list[Card]] = {}
    for seat in range(4):
        full[seat] = list(wanted.get(seat, ()))
        while len(full[seat]) < 9:
            full[seat].append(spare.pop(0))
    order: list[Card] = [*DECK[:36], *top, *spare]
    for seat, dealt in full.items():
        for position, card in zip(deal_positions(dealer, seat), dealt, strict=True):
            order[position] = card
    return Deal(order)


def check_invariants(state: GameState) -> None:
    """Check that ``state`` is consistent; raise :class:`InvariantError` if it is not.

    Checked: every one of the 54 cards is in exactly one place (a hand, the middle, the dead
    pile, the stock, the turned-up card, the current trick, a finished trick) while a hand is
    under way; no place holds a card twice; points taken never exceed the points total; no
    seat holds more than 9 cards, or more than 6 once play begins.
    """
    if state.phase is Phase.DEAL:
        return
    places: list[tuple[str, Iterable[Card]]] = [(f"hand {s}", state.hand(s)) for s in range(4)]
    places += [("middle", state.middle), ("dead pile", state.dead), ("stock", state.stock)]
    if state.turned_card is not None:
        places.append(("turned-up card", (state.turned_card,)))
    places.append(("trick", (card for _, card in state.trick)))
    places += [(f"trick {t.number}", t.cards) for t in state.tricks]
    where: dict[Card, str] = {}
    for name, cards in places:
        for card in cards:
            if card in where:
                raise InvariantError(f"{card} is both in the {where[card]} and in the {name}")
            where[card] = name
    if len(where) != len(DECK):
        missing = sorted(set(DECK) - set(where))
        raise InvariantError(f"{len(missing)} cards are nowhere: {' '.join(map(str, missing))}")
    if not set(state.dead_face_up) <= set(state.dead):
        raise InvariantError("a face-up dead card is not in the dead pile")
    if not set(state.takeable) <= set(state.middle):
        raise InvariantError("a card that may be picked up is not in the middle")
    taken = state.points_taken
    if min(taken) < 0 or sum(taken) > state.rules.points_total:
        raise InvariantError(f"points taken {taken} exceed the {state.rules.points_total} in a hand")
    limit = 6 if state.phase is Phase.PLAY else 9
    for seat in range(4):
        if len(state.hand(seat)) > limit:
            raise InvariantError(f"seat {seat} holds {len(state.hand(seat))} cards in {state.phase.value}")
