"""Picking up shed point cards, then the refill from the stock (R-PICK-1, R-FILL-1, R-FILL-2; internal)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pitch13._core.fields import (
    DEALER,
    HANDS,
    HISTORY_LEN,
    LOG,
    MIDDLE,
    PHASE,
    PLY,
    RULES,
    STOCK,
    TAKEABLE,
    TO_ACT,
    Work,
    after_turn,
)
from pitch13._core.history import REFILLED_HEADS, STOP_CODES, take_code
from pitch13.actions import SeatAction, Stop, Take
from pitch13.engine._work import (
    BITS,
    STOP_OR_TAKE_KIND,
    Phases,
    act,
    card_actions,
    emit,
    freeze,
    position,
    refuse,
    seat_order,
    sizes_of,
    with_hand,
    wrong_phase,
)
from pitch13.errors import IllegalReason
from pitch13.rules import Rules, ShortStock
from pitch13.state import GameState

# --- the pick-up (R-PICK-1) ----------------------------------------------------------------------


def open_pickup(w: Work, start: int = 0) -> bool:
    """Whether a seat may pick up, the first from place ``start`` of the seat order on.

    One pass clockwise from the dealer's left: each seat holding fewer than 6 cards in turn,
    while a shed card may still be taken. When the pass ends the whole middle is dead (the
    look's phase begins so: :mod:`pitch13.engine._flow`).
    """
    takeable = w[TAKEABLE]
    seat = next_picker(sizes_of(w[HANDS]), takeable, w[DEALER], start) if takeable else -1
    if seat < 0:
        return False
    w[PHASE] = Phases.PICKUP
    w[TO_ACT] = seat
    return True


def next_picker(sizes: Sequence[int], takeable: int, dealer: int, start: int) -> int:
    """The seat to pick up next, -1 when the pass is over (R-PICK-1).

    The first from place ``start`` of the seat order on holding fewer than 6 cards, while a
    shed card may still be taken.
    """
    if takeable:
        for seat in seat_order(dealer)[start:]:
            if sizes[seat] < 6:
                return seat
    return -1


def picker_after_take(sizes: Sequence[int], takeable: int, dealer: int, seat: int) -> int:
    """Who picks up after ``seat`` took a card, -1 when the pass is over (R-PICK-1).

    The same seat while it holds fewer than 6 cards and a card is left, else the next one.
    """
    if sizes[seat] < 6 and takeable:
        return seat
    return next_picker(sizes, takeable, dealer, position(dealer, seat) + 1)


def pickup_choices(takeable: int) -> tuple[SeatAction, ...]:
    """Stop, or take one of the cards that may be taken (R-PICK-1)."""
    return card_actions(STOP_OR_TAKE_KIND, takeable)


def refill_counts(sizes: Sequence[int], stock: int, dealer: int) -> list[int]:
    """How many cards each seat is given from a stock of ``stock`` cards (R-FILL-1).

    Each seat up to 6, from the dealer's left, as far as the stock lasts.
    """
    counts = [0, 0, 0, 0]
    for seat in seat_order(dealer):
        given = 6 - sizes[seat]
        if given > stock:
            given = stock
        if given > 0:
            counts[seat] = given
            stock -= given
    return counts


def apply_pickup(state: GameState, seat: int, action: SeatAction) -> GameState | Work:
    """A card taken, or a stop; the work copy when the pass is over (the phase ends)."""
    if isinstance(action, Stop):
        log = state._log + STOP_CODES[seat]
        after = position(state._dealer, seat) + 1
        picker = next_picker(sizes_of(state._hands), state._takeable, state._dealer, after)
        if picker >= 0:
            return after_turn(
                state, state._hands, state._trick, state._out, picker, log, state._history_len + 1
            )
        w = Work(state._layout)
        act(w, STOP_CODES[seat])
        return w
    if not isinstance(action, Take):
        wrong_phase(state, seat, action)
    index = action.card.index
    bit = 1 << index
    if not state._takeable & bit:
        why = "it was not shed under R-DISC-2 as a card that may be taken"
        if not state._middle & bit:
            why = "it is not in the middle"
        refuse(IllegalReason.NOT_TAKEABLE, seat, action, why)
    hand = state._hands[seat] | bit
    hands = with_hand(state._hands, seat, hand)
    middle, takeable = state._middle ^ bit, state._takeable ^ bit
    log = state._log + take_code(seat, index)
    picker = picker_after_take(sizes_of(hands), takeable, state._dealer, seat)
    w = Work(state._layout)
    w[HANDS], w[MIDDLE], w[LOG], w[PLY], w[HISTORY_LEN] = hands, middle, log, w[PLY] + 1, w[HISTORY_LEN] + 1
    if picker >= 0:  # it may take another, or the next seat may
        w[TAKEABLE], w[TO_ACT] = takeable, picker
        return freeze(w)
    return w


# --- the refill (R-FILL-1, R-FILL-2) -------------------------------------------------------------


#: Read as a module's name: an Enum member read off its class is a slow lookup before Python 3.12.
_REDEAL: Final = ShortStock.REDEAL


def thrown_in_short(rules: Rules, held: int, stock: int) -> bool:
    """Whether the hand is thrown in at the refill (R-FILL-2).

    So it is if ``stock`` cards cannot fill the four hands, which hold ``held`` cards, to 6 each,
    and ``short_stock`` is ``redeal``.
    """
    return rules.short_stock is _REDEAL and 24 - held > stock


def refill(w: Work) -> bool:
    """Fill each seat up to 6 from the stock, from the dealer's left, as far as it lasts.

    Returns ``False``, changing nothing, when the stock cannot fill every seat and
    ``short_stock`` is ``redeal``: the hand is then thrown in (R-FILL-2).
    """
    hands = w[HANDS]
    stock = w[STOCK]
    # Every seat holds at most 6 cards by now, and no card is in two hands.
    if thrown_in_short(w[RULES], (hands[0] | hands[1] | hands[2] | hands[3]).bit_count(), len(stock)):
        return False
    filled = list(hands)
    dealer = w[DEALER]
    counts = refill_counts(sizes_of(hands), len(stock), dealer)
    codes: list[bytes] = []
    at = 0
    for seat in seat_order(dealer):
        count = counts[seat]
        if count:
            given = stock[at : at + count]
            at += count
            mask = filled[seat]
            for card in given:  # a loop costs less than sum(map(...)) for a few cards
                mask |= BITS[card]
            filled[seat] = mask
            codes += (REFILLED_HEADS[seat][count], given)
        else:  # a seat already full is given nothing
            codes.append(REFILLED_HEADS[seat][0])
    w[HANDS] = tuple(filled)
    w[STOCK] = stock[at:]
    emit(w, b"".join(codes), 4)
    return True
