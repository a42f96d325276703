"""The auction and naming trump: R-BID-1 to R-BID-4, R-TRUMP-1 (internal).

The auction is one round from the dealer's left, ending with the dealer: each seat passes or
bids above the high bid; the dealer, when all three before him passed, must bid (or, under
``all_pass=redeal``, the hand is thrown in); the bidder then names trump.
"""

from __future__ import annotations

import functools
from typing import Final

from pitch13._core.action_sets import BIDS, NAME_TRUMPS
from pitch13._core.fields import (
    BIDDER,
    CALLS,
    DEALER,
    HIGH_BID,
    HISTORY_LEN,
    LOG,
    PHASE,
    PLY,
    TABLE,
    TO_ACT,
    Work,
)
from pitch13._core.history import BID_CODES, PASS_CODES, TRUMP_CODES, auction_won_code
from pitch13._core.tables import table_for
from pitch13.actions import PASS, Action, Bid, NameTrump, Pass, SeatAction
from pitch13.engine._work import LEFT, Phases, act, emit, freeze, refuse, wrong_phase
from pitch13.errors import IllegalReason
from pitch13.rules import AllPass, Rules
from pitch13.state import GameState

# --- bidding -------------------------------------------------------------------------------------


def bid_range(rules: Rules, dealer: int, high: int, seat: int) -> tuple[int, int, bool]:
    """The lowest and highest legal bids of ``seat``, and whether it may pass."""
    if seat == dealer:
        if high == 0 and rules.all_pass is AllPass.DEALER_FORCED:
            return rules.dealer_forced_min_bid, rules.max_bid, False  # R-BID-2
        if high and rules.dealer_may_match:
            return high, rules.max_bid, True  # R-BID-4
    return max(rules.min_bid, high + 1), rules.max_bid, True  # R-BID-1; R-BID-3 when high is max_bid


@functools.lru_cache(maxsize=256)
def bid_actions(low: int, high: int, can_pass: bool) -> tuple[SeatAction, ...]:
    """A pass (if ``can_pass``) and the bids from ``low`` to ``high``."""
    bids = BIDS[low : high + 1]
    return (PASS, *bids) if can_pass else bids


def first_caller(dealer: int) -> int:
    """The auction begins at the dealer's left (R-BID-1)."""
    return LEFT[dealer]


def next_caller(seat: int, dealer: int) -> int:
    """The seat that calls after ``seat``: one round, ending with the dealer; -1 after him (R-BID-1)."""
    return NEXT_CALLER[dealer << 2 | seat]


#: :func:`next_caller` for each ``dealer << 2 | seat``, read by the engine's hot path.
NEXT_CALLER: Final = tuple(-1 if i & 3 == i >> 2 else (i + 1) & 3 for i in range(16))


def open_bidding(w: Work) -> None:
    """The auction begins (R-BID-1)."""
    w[PHASE] = Phases.BIDDING
    w[TO_ACT] = first_caller(w[DEALER])


def legal_bidding(state: GameState) -> tuple[SeatAction, ...]:
    """A pass (unless the dealer must bid) and the bids from the lowest to ``max_bid``."""
    rules = state._rules
    seat = state._to_act
    if seat != state._dealer:  # R-BID-1, the common case of bid_range
        return bid_actions(max(rules.min_bid, state._high_bid + 1), rules.max_bid, True)
    return bid_actions(*bid_range(rules, seat, state._high_bid, seat))


def apply_bidding(state: GameState, seat: int, action: Action) -> GameState | Work:
    """A pass or a bid; the work copy when it was the dealer's, which ends the auction."""
    rules = state._rules
    high_bid = state._high_bid
    low, high, can_pass = bid_range(rules, state._dealer, high_bid, seat)
    if isinstance(action, Pass):
        if not can_pass:
            why = f"the dealer must bid from {low} to {high} when everyone else passed"
            refuse(IllegalReason.MUST_BID, seat, action, why)
        amount = 0
    elif isinstance(action, Bid):
        amount = action.amount
        if high_bid == rules.max_bid and amount > high_bid:
            refuse(IllegalReason.BID_TOO_HIGH, seat, action, f"nobody may bid over {rules.max_bid}")
        if amount > high:
            refuse(IllegalReason.BID_TOO_HIGH, seat, action, f"the highest bid is {high}")
        if amount < low:
            if high_bid and low > rules.min_bid:
                why = f"the high bid is {high_bid}, so a bid must be at least {low}"
            else:
                why = f"the lowest bid is {low}"
            refuse(IllegalReason.BID_TOO_LOW, seat, action, why)
    else:
        wrong_phase(state, seat, action)
    w = Work(state._layout)
    calls = list(state._calls)
    calls[seat] = amount
    w[CALLS] = tuple(calls)
    if amount:
        w[HIGH_BID] = amount
        w[BIDDER] = seat
        w[LOG] += BID_CODES[seat][amount]
    else:
        w[LOG] += PASS_CODES[seat]
    w[PLY] += 1
    w[HISTORY_LEN] += 1
    caller = NEXT_CALLER[state._dealer << 2 | seat]
    if caller < 0:
        return w
    w[TO_ACT] = caller
    return freeze(w)


def close_bidding(w: Work) -> bool:
    """Whether the auction has a winner (R-BID-1); if not, everyone passed (R-BID-2, redeal)."""
    if not w[HIGH_BID]:
        return False
    emit(w, auction_won_code(w[BIDDER], w[HIGH_BID]))
    return True


# --- naming trump --------------------------------------------------------------------------------


def open_trump(w: Work) -> None:
    """The bidder names trump (R-TRUMP-1)."""
    w[PHASE] = Phases.TRUMP
    w[TO_ACT] = w[BIDDER]


def legal_trump(state: GameState) -> tuple[SeatAction, ...]:
    """Any of the four suits, even one the bidder holds none of (R-TRUMP-1)."""
    return NAME_TRUMPS


def apply_trump(state: GameState, seat: int, action: SeatAction) -> Work:
    """Trump is named: the work copy, as the phase ends."""
    if not isinstance(action, NameTrump):
        wrong_phase(state, seat, action)
    w = Work(state._layout)
    act(w, TRUMP_CODES[seat][action.suit])
    w[TABLE] = table_for(action.suit, state._rules)
    return w
