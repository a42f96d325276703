"""The ends and starts of hands: the deal, scoring, the end of the game, a hand thrown in (internal).

R-DEAL-1 and R-DEAL-2, R-SCORE-1 and R-SCORE-2, R-END-1 and R-END-2.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from pitch13._base.shuffle import deal_positions
from pitch13._core.fields import Work
from pitch13._core.history import DEALT_CODE, GAME_OVER_CODE, SCORED_CODE, Hand, thrown_in_code
from pitch13._core.tally import outcome_after, tally
from pitch13.engine._work import BITS, Phases, emit
from pitch13.events import ThrowInReason

#: For each dealer, each seat's cards of a deck: ``_DEALT[dealer][seat](order)``.
_DEALT: Final = tuple(
    tuple(itemgetter(*deal_positions(dealer, seat)) for seat in range(4)) for dealer in range(4)
)


def deal(w: Work, order: bytes | Sequence[int]) -> None:
    """Deal the deck ``order`` (card indices, top card first): hands and stock (R-DEAL-1)."""
    first, second, third, fourth = _DEALT[w.dealer]
    bit = BITS.__getitem__
    w.hands = (
        sum(map(bit, first(order))),
        sum(map(bit, second(order))),
        sum(map(bit, third(order))),
        sum(map(bit, fourth(order))),
    )
    deck = order if type(order) is bytes else bytes(order)
    w.hand_deck = deck
    w.stock = deck[36:]
    w.hand_cache = {}
    emit(w, DEALT_CODE)


def score_hand(w: Work) -> None:
    """Score the hand (R-SCORE-1, R-SCORE-2) and end the game if it is over (R-END-1, R-END-2)."""
    rules, table = w.rules, w.table
    assert table is not None
    bidder, bid, won_a, won_b, scores = w.bidder, w.high_bid, w.won_a, w.won_b, w.scores
    _, change, made = tally(rules, table, bidder, bid, won_a, won_b)
    after = (scores[0] + change[0], scores[1] + change[1])
    w.scores = after
    emit(w, SCORED_CODE)
    outcome = outcome_after(rules, w.hand_number, bidder, bid, made, after)
    if outcome is not None:
        w.outcome = outcome
        w.phase = Phases.GAME_OVER
        w.to_act = -1
        emit(w, GAME_OVER_CODE)
    hands = w.hands
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
    w.past = Hand(
        w.past,
        w.hand_number,
        w.dealer,
        w.hand_deck,
        w.log,
        result,
        w.history_len,
        w.ply,
    )
    w.log = b""


def next_dealer(dealer: int) -> int:
    """The dealer of the next hand: the deal passes to the left (R-DEAL-2)."""
    return (dealer + 1) & 3


def next_hand(w: Work) -> None:
    """Clear the table for the next hand; the deal passes left (R-DEAL-2). Chance deals next."""
    w.dealer = next_dealer(w.dealer)
    w.hand_number += 1
    w.clear_hand(Phases.DEAL)
    w.hand_deck = b""
