"""The ends and starts of hands: the deal, scoring, the end of the game, a hand thrown in (internal).

R-DEAL-1 and R-DEAL-2, R-SCORE-1 and R-SCORE-2, R-END-1 and R-END-2.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pitch13._base.shuffle import deal_positions
from pitch13._core.fields import (
    BIDDER,
    DEALER,
    HAND_CACHE,
    HAND_DECK,
    HAND_NUMBER,
    HANDS,
    HIGH_BID,
    HISTORY_LEN,
    LOG,
    OUTCOME,
    PAST,
    PHASE,
    PLY,
    RULES,
    SCORES,
    STOCK,
    TABLE,
    TO_ACT,
    WON_A,
    WON_B,
    Hands,
    Work,
    clear_hand,
)
from pitch13._core.history import DEALT_CODE, GAME_OVER_CODE, SCORED_CODE, Hand, thrown_in_code
from pitch13._core.tally import outcome_after, tally
from pitch13.engine._work import LEFT, Phases, emit
from pitch13.events import ThrowInReason


def _owners(dealer: int) -> bytes:
    """For each place of a deck, the digit of the seat ``dealer`` deals it to, ``4`` for the stock."""
    owners = bytearray(b"4" * 54)
    for seat in range(4):
        for place in deal_positions(dealer, seat):
            owners[place] = ord("0") + seat
    return bytes(owners)


#: For each dealer, the seat digit of each place of a deck (R-DEAL-1).
_OWNERS: Final = tuple(_owners(dealer) for dealer in range(4))
#: The card indices from 53 down to 0: a mask's binary digits, highest first.
_CARDS_DOWN: Final = bytes(range(53, -1, -1))
#: For each seat, what turns its digit into ``1`` and every other seat's (or the stock's) into ``0``.
_OF_SEAT: Final = tuple(
    bytes.maketrans(b"01234", bytes(ord("1") if other == seat else ord("0") for other in range(5)))
    for seat in range(4)
)


def dealt_hands(dealer: int, deck: bytes) -> Hands:
    """Each seat's hand, a card mask, when ``dealer`` deals ``deck``, a permutation (R-DEAL-1).

    In C: ``maketrans`` turns the deck into each card's seat digit, highest card first, and each
    seat's mask is read from those digits as a binary number.
    """
    owners = _CARDS_DOWN.translate(bytes.maketrans(deck, _OWNERS[dealer]))
    first, second, third, fourth = _OF_SEAT
    return (
        int(owners.translate(first), 2),
        int(owners.translate(second), 2),
        int(owners.translate(third), 2),
        int(owners.translate(fourth), 2),
    )


def deal(w: Work, order: bytes | Sequence[int]) -> None:
    """Deal the deck ``order`` (card indices, top card first): hands and stock (R-DEAL-1)."""
    deck = order if type(order) is bytes else bytes(order)
    w[HANDS] = dealt_hands(w[DEALER], deck)
    w[HAND_DECK] = deck
    w[STOCK] = deck[36:]
    w[HAND_CACHE] = {}
    emit(w, DEALT_CODE)


def score_hand(w: Work) -> None:
    """Score the hand (R-SCORE-1, R-SCORE-2) and end the game if it is over (R-END-1, R-END-2)."""
    rules, table = w[RULES], w[TABLE]
    assert table is not None
    bidder, bid, won_a, won_b, scores = w[BIDDER], w[HIGH_BID], w[WON_A], w[WON_B], w[SCORES]
    _, change, made = tally(rules, table, bidder, bid, won_a, won_b)
    after = (scores[0] + change[0], scores[1] + change[1])
    w[SCORES] = after
    emit(w, SCORED_CODE)
    outcome = outcome_after(rules, w[HAND_NUMBER], bidder, bid, made, after)
    if outcome is not None:
        w[OUTCOME] = outcome
        w[PHASE] = Phases.GAME_OVER
        w[TO_ACT] = -1
        emit(w, GAME_OVER_CODE)
    hands = w[HANDS]
    # A hand ends early (R-PLAY-7) only while some seat still holds a trump: when nobody does,
    # it is simply over, and that is checked first.
    early = bool((hands[0] | hands[1] | hands[2] | hands[3]) & table.mask)
    _finish(w, (bidder, bid, int(table.trump), won_a, won_b, scores, early))


def throw_in(w: Work, reason: ThrowInReason) -> None:
    """The hand is thrown in, unscored (R-BID-2, R-FILL-2)."""
    emit(w, thrown_in_code(reason))
    _finish(w, None)


def _finish(w: Work, result: tuple[int, int, int, int, int, tuple[int, int], bool] | None) -> None:
    """Move the hand's history into the game's past."""
    w[PAST] = Hand(
        w[PAST],
        w[HAND_NUMBER],
        w[DEALER],
        w[HAND_DECK],
        w[LOG],
        result,
        w[HISTORY_LEN],
        w[PLY],
    )
    w[LOG] = b""


def next_dealer(dealer: int) -> int:
    """The dealer of the next hand: the deal passes to the left (R-DEAL-2)."""
    return LEFT[dealer]


def next_hand(w: Work) -> None:
    """Clear the table for the next hand; the deal passes left (R-DEAL-2). Chance deals next."""
    w[DEALER] = next_dealer(w[DEALER])
    w[HAND_NUMBER] += 1
    clear_hand(w)
    w[HAND_DECK] = b""
