"""The bidder's look through the stock, then his partner's (R-LOOK-1 to R-LOOK-4; internal)."""

from __future__ import annotations

from pitch13._core.fields import (
    BIDDER,
    DEAD,
    HANDS,
    HISTORY_LEN,
    LOG,
    PHASE,
    PLY,
    SHOWN,
    STOCK,
    TO_ACT,
    TURNED,
    Work,
    after_turn,
)
from pitch13._core.history import (
    GIVE_UP_CODES,
    HANDED_OVER_CODES,
    REJECT_CODES,
    STOP_CODES,
    TURN_UP_CODES,
    card_rejected_code,
    stock_discarded_code,
)
from pitch13._core.tables import TrumpTable
from pitch13.actions import STOP, TURN_UP, Action, GiveUp, Reject, SeatAction, Stop, TurnUp
from pitch13.cards import DECK
from pitch13.engine._work import (
    REJECT_OR_GIVE_UP_KIND,
    Phases,
    act,
    card_actions,
    emit,
    freeze,
    refuse,
    with_hand,
    wrong_phase,
)
from pitch13.errors import IllegalReason
from pitch13.rules import Rules
from pitch13.state import GameState

_TURN_UP_OR_STOP = (TURN_UP, STOP)


def open_look(w: Work) -> bool:
    """Whether stock is left after the refill: the bidder is given it to look through (R-LOOK-1)."""
    stock = w[STOCK]
    if not stock:
        return False
    w[PHASE] = Phases.LOOK
    w[TO_ACT] = w[BIDDER]
    w[TURNED] = -1
    emit(w, HANDED_OVER_CODES[w[BIDDER]][len(stock)])
    return True


def look_choices(turned: bool, hand: int) -> tuple[SeatAction, ...]:
    """Turn up or stop; with a card turned up, reject it or take it giving up a card of ``hand`` (R-LOOK-2)."""
    if not turned:
        return _TURN_UP_OR_STOP
    return card_actions(REJECT_OR_GIVE_UP_KIND, hand)


def rejected_at_once(table: TrumpTable, index: int, hand: int) -> bool:
    """Whether the card ``index`` turned up goes dead at once (R-LOOK-2).

    So it does if it may not be taken, or if the seat has no card (``hand``, a mask or a count)
    to give for it.
    """
    return not (table.take_mask >> index & 1 and hand)


def next_looker(seat: int, bidder: int, rules: Rules) -> int:
    """Who looks through the stock after ``seat`` stops; -1 when the rest goes dead (R-LOOK-3).

    The bidder's partner, after the bidder, if the rules let him.
    """
    return (bidder + 2) & 3 if seat == bidder and rules.partner_look else -1


def apply_look(state: GameState, seat: int, action: Action) -> GameState | Work:
    """One step of the look; the work copy when nothing is left to look at (the phase ends)."""
    turned = state._turned
    if turned < 0:
        if isinstance(action, (Reject, GiveUp)):
            refuse(IllegalReason.NO_TURNED_CARD, seat, action, "no stock card is turned up")
        if not isinstance(action, (TurnUp, Stop)):
            wrong_phase(state, seat, action)
    else:
        if isinstance(action, (TurnUp, Stop)):
            why = f"{DECK[turned].pretty} is turned up: take it (GiveUp a card) or Reject it first"
            refuse(IllegalReason.DECIDE_TURNED_CARD, seat, action, why)
        if not isinstance(action, (Reject, GiveUp)):
            wrong_phase(state, seat, action)
        if isinstance(action, GiveUp) and not state._hands[seat] >> action.card.index & 1:
            refuse(IllegalReason.NOT_IN_HAND, seat, action, "it is not in its hand")
    if isinstance(action, Stop):  # the rest goes to the partner (R-LOOK-3), or dead, unseen
        partner = next_looker(seat, state._bidder, state._rules)
        if partner >= 0:
            log = state._log + STOP_CODES[seat] + HANDED_OVER_CODES[partner][len(state._stock)]
            return after_turn(
                state, state._hands, state._trick, state._out, partner, log, state._history_len + 2
            )
        w = Work(state._layout)
        act(w, STOP_CODES[seat])
        _stock_dead(w)
        return w
    table = state._table
    assert table is not None
    w = Work(state._layout)
    w[PLY] += 1
    w[HISTORY_LEN] += 1
    if isinstance(action, TurnUp):
        w[LOG] += TURN_UP_CODES[seat]
        stock = state._stock
        index = stock[0]
        w[STOCK] = stock[1:]
        if not rejected_at_once(table, index, state._hands[seat]):
            w[TURNED] = index  # R-LOOK-2: take it or reject it
            return freeze(w)
        dead = 1 << index  # it may not be taken: to the dead pile at once
        emit(w, card_rejected_code(seat, index))
    elif isinstance(action, GiveUp):
        w[LOG] += GIVE_UP_CODES[seat][action.card.index]
        dead = 1 << action.card.index
        w[HANDS] = with_hand(state._hands, seat, state._hands[seat] ^ (dead | 1 << turned))
        w[TURNED] = -1
    else:
        w[LOG] += REJECT_CODES[seat]
        dead = 1 << turned
        w[TURNED] = -1
    w[DEAD] |= dead
    w[SHOWN] |= dead & table.mask  # R-LOOK-4: dead trumps are shown face up
    return freeze(w) if w[STOCK] else w


def _stock_dead(w: Work) -> None:
    """Nobody looks on: the rest of the stock goes dead, face down and unseen (R-LOOK-3)."""
    stock = w[STOCK]
    for index in stock:
        w[DEAD] |= 1 << index  # face down, unseen
    emit(w, stock_discarded_code(len(stock)))
    w[STOCK] = b""
