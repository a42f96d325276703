"""The ends and starts of hands: the deal, scoring, the end of the game, a hand thrown in (internal).

R-DEAL-1 and R-DEAL-2, R-SCORE-1 and R-SCORE-2, R-END-1 and R-END-2.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
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
    Work,
    clear_hand,
)
from pitch13._core.history import DEALT_CODE, GAME_OVER_CODE, SCORED_CODE, Hand, thrown_in_code
from pitch13._core.tally import outcome_after, tally
from pitch13.engine._work import BITS, LEFT, Phases, emit
from pitch13.events import ThrowInReason

#: For each dealer, each seat's cards of a deck: ``_DEALT[dealer][seat](order)``.
_DEALT: Final = tuple(
    tuple(itemgetter(*deal_positions(dealer, seat)) for seat in range(4)) for dealer in range(4)
)


def deal(w: Work, order: bytes | Sequence[int]) -> None:
    """Deal the deck ``order`` (card indices, top card first): hands and stock (R-DEAL-1)."""
    first, second, third, fourth = _DEALT[w[DEALER]]
    bit = BITS.__getitem__
    w[HANDS] = (
        sum(map(bit, first(order))),
        sum(map(bit, second(order))),
        sum(map(bit, third(order))),
        sum(map(bit, fourth(order))),
    )
    deck = order if type(order) is bytes else bytes(order)
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
    w[DEALER] = LEFT[w[DEALER]]  # next_dealer
    w[HAND_NUMBER] += 1
    clear_hand(w)
    w[HAND_DECK] = b""
