"""Discards once trump is named: dead cards at once, then trumps down to 6 (R-DISC-1, R-DISC-2; internal)."""

from __future__ import annotations

from collections.abc import Sequence

from pitch13._core.fields import DEALER, HANDS, MIDDLE, PHASE, TABLE, TAKEABLE, TO_ACT, Work
from pitch13._core.history import dead_discarded_codes, discard_code
from pitch13.actions import Discard, SeatAction
from pitch13.engine._work import (
    DISCARD_KIND,
    Phases,
    act,
    card_actions,
    emit,
    freeze,
    refuse,
    seat_order,
    sizes_of,
    table_of,
    with_hand,
    wrong_phase,
)
from pitch13.errors import IllegalReason
from pitch13.state import GameState


def first_discarder(sizes: Sequence[int], dealer: int) -> int:
    """The first seat from the dealer's left holding more than 6 cards, all trumps; -1 if none (R-DISC-2)."""
    for seat in seat_order(dealer):
        if sizes[seat] > 6:
            return seat
    return -1


def discarder_after(sizes: Sequence[int], dealer: int, seat: int) -> int:
    """Who sheds after ``seat`` shed a card; -1 when nobody does (R-DISC-2).

    The same seat while it holds more than 6 cards, else the next seat that does.
    """
    return seat if sizes[seat] > 6 else first_discarder(sizes, dealer)


def discard_choices(hand: int) -> tuple[SeatAction, ...]:
    """What a seat with more than 6 trumps may shed: any card of its hand (R-DISC-2)."""
    return card_actions(DISCARD_KIND, hand)


def discard_dead(w: Work) -> None:
    """Every seat discards its dead cards face up into the middle, with no choice (R-DISC-1)."""
    table = w[TABLE]
    assert table is not None
    h0, h1, h2, h3 = w[HANDS]
    live, dead = table.mask, table.dead_mask
    d0, d1, d2, d3 = h0 & dead, h1 & dead, h2 & dead, h3 & dead
    w[HANDS] = (h0 & live, h1 & live, h2 & live, h3 & live)
    w[MIDDLE] |= d0 | d1 | d2 | d3
    emit(w, dead_discarded_codes(w[DEALER], d0, d1, d2, d3), 4)


def open_discard(w: Work) -> bool:
    """Whether a seat, the first from the dealer's left, holds more than 6 trumps (R-DISC-2)."""
    seat = first_discarder(sizes_of(w[HANDS]), w[DEALER])
    if seat < 0:
        return False
    w[PHASE] = Phases.DISCARD
    w[TO_ACT] = seat
    return True


def apply_discard(state: GameState, seat: int, action: SeatAction) -> GameState | Work:
    """A trump shed face up; the work copy once nobody holds more than 6 (the phase ends)."""
    if not isinstance(action, Discard):
        wrong_phase(state, seat, action)
    index = action.card.index
    bit = 1 << index
    hand = state._hands[seat]
    if not hand & bit:
        refuse(IllegalReason.NOT_IN_HAND, seat, action, "it is not in its hand")
    w = Work(state._layout)
    act(w, discard_code(seat, index))
    hand ^= bit
    w[HANDS] = with_hand(state._hands, seat, hand)
    w[MIDDLE] |= bit
    w[TAKEABLE] |= bit & table_of(state).pickup_mask  # R-PICK-1: it may be picked up
    discarder = discarder_after(sizes_of(w[HANDS]), state._dealer, seat)
    if discarder < 0:
        return w
    w[TO_ACT] = discarder
    return freeze(w)
