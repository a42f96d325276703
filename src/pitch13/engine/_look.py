"""The bidder's look through the stock, then his partner's (R-LOOK-1 to R-LOOK-4; internal)."""

from __future__ import annotations

from pitch13._core.fields import Work, after_cards, after_turn
from pitch13._core.history import (
    GIVE_UP_CODES,
    REJECT_CODES,
    STOP_CODES,
    TURN_UP_CODES,
    card_rejected_code,
    handed_over_code,
    stock_discarded_code,
)
from pitch13.actions import STOP, TURN_UP, Action, GiveUp, Reject, SeatAction, Stop, TurnUp
from pitch13.cards import DECK
from pitch13.engine._work import (
    REJECT_OR_GIVE_UP_KIND,
    Phases,
    act,
    card_actions,
    emit,
    refuse,
    with_hand,
    work,
    wrong_phase,
)
from pitch13.errors import IllegalReason
from pitch13.rules import Rules
from pitch13.state import GameState

_TURN_UP_OR_STOP = (TURN_UP, STOP)


def open_look(w: Work) -> bool:
    """Whether stock is left after the refill: the bidder is given it to look through (R-LOOK-1)."""
    stock = w.stock
    if not stock:
        return False
    w.phase = Phases.LOOK
    w.to_act = w.bidder
    w.turned = -1
    emit(w, handed_over_code(w.bidder, len(stock)))
    return True


def look_choices(turned: bool, hand: int) -> tuple[SeatAction, ...]:
    """Turn up or stop; with a card turned up, reject it or take it giving up a card of ``hand`` (R-LOOK-2)."""
    if not turned:
        return _TURN_UP_OR_STOP
    return card_actions(REJECT_OR_GIVE_UP_KIND, hand)


def next_looker(seat: int, bidder: int, rules: Rules) -> int:
    """Who looks through the stock after ``seat`` stops; -1 when the rest goes dead (R-LOOK-3).

    The bidder's partner, after the bidder, if the rules let him.
    """
    return (bidder + 2) & 3 if seat == bidder and rules.partner_look else -1


def legal_look(state: GameState) -> tuple[SeatAction, ...]:
    """Turn up or stop; with a card turned up, reject it or take it giving up a card."""
    return look_choices(state._turned >= 0, state._hands[state._to_act])


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
            log = state._log + STOP_CODES[seat] + handed_over_code(partner, len(state._stock))
            return after_turn(
                state, state._hands, state._trick, state._out, partner, log, state._history_len + 2
            )
        w = work(state)
        act(w, STOP_CODES[seat])
        _stock_dead(w)
        return w
    table = state._table
    assert table is not None
    hands, stock, entries = state._hands, state._stock, state._history_len + 1
    if isinstance(action, TurnUp):
        log = state._log + TURN_UP_CODES[seat]
        index = stock[0]
        stock = stock[1:]
        if table.take_mask >> index & 1 and hands[seat]:
            # R-LOOK-2: take it or reject it
            return after_cards(
                state,
                state._middle,
                state._takeable,
                state._dead,
                state._shown,
                stock,
                index,
                hands,
                seat,
                log,
                entries,
            )
        dead = 1 << index  # it may not be taken: to the dead pile at once
        log += card_rejected_code(seat, index)
        entries += 1
    elif isinstance(action, GiveUp):
        log = state._log + GIVE_UP_CODES[seat][action.card.index]
        dead = 1 << action.card.index
        hands = with_hand(hands, seat, hands[seat] ^ (dead | 1 << turned))
    else:
        log = state._log + REJECT_CODES[seat]
        dead = 1 << turned
    dead_pile = state._dead | dead
    shown = state._shown | dead & table.mask  # R-LOOK-4: dead trumps are shown face up
    if stock:
        return after_cards(
            state, state._middle, state._takeable, dead_pile, shown, stock, -1, hands, seat, log, entries
        )
    w = work(state)
    w.dead, w.shown, w.stock, w.turned, w.hands = dead_pile, shown, stock, -1, hands
    w.log, w.ply, w.history_len = log, w.ply + 1, entries
    return w


def _stock_dead(w: Work) -> None:
    """Nobody looks on: the rest of the stock goes dead, face down and unseen (R-LOOK-3)."""
    stock = w.stock
    for index in stock:
        w.dead |= 1 << index  # face down, unseen
    emit(w, stock_discarded_code(len(stock)))
    w.stock = b""
