"""Play: tricks of trumps, seats going out, the end of a trick and the early end (R-PLAY-1 to R-PLAY-7; internal).

A play is the engine's commonest step, so :func:`apply_play` makes the next state directly
and records a seat going out or the trick's end as it finds them.
"""

from __future__ import annotations

from typing import Final

from pitch13._core.fields import Work, after_trick, after_turn
from pitch13._core.history import PLAY_CODES, SEAT_OUT_CODES, TRICK_WON_CODE, ended_early_code
from pitch13._core.tally import close_trick
from pitch13.actions import Play, SeatAction
from pitch13.engine._work import (
    CARD_ACTIONS,
    PLAY_KIND,
    Phases,
    card_actions,
    emit,
    freeze,
    refuse,
    work,
    wrong_phase,
)
from pitch13.errors import IllegalReason
from pitch13.rules import LeadFallback
from pitch13.state import GameState

#: The seats of team A and of team B, as seat masks.
_TEAM_A: Final = 0b0101
_TEAM_B: Final = 0b1010


def open_play(w: Work) -> bool:
    """The bidder leads the first trick (R-PLAY-2); ``False`` if the hand is over at once."""
    w.phase = Phases.PLAY
    w.turned = -1
    return start_trick(w, w.bidder)


def start_trick(w: Work, leader: int) -> bool:
    """Start a trick led by ``leader``; ``False`` if the hand is over instead (R-PLAY-7).

    In the rules' order: if nobody holds a trump, the hand is over. If both seats of a team
    were announced out, the hand ends early and the other team takes the point cards still in
    hands, announcing nobody. Otherwise a leader without trump is announced out now, at his
    turn (R-PLAY-3), and the lead falls back (R-PLAY-4); that can put a team out and end the hand.
    """
    table = w.table
    assert table is not None
    mask = table.mask
    hands = w.hands
    if not (hands[0] | hands[1] | hands[2] | hands[3]) & mask:
        return False
    out = w.out
    seat = leader
    if not hands[seat] & mask and out & _TEAM_A != _TEAM_A and out & _TEAM_B != _TEAM_B:
        codes = SEAT_OUT_CODES[seat] if not out >> seat & 1 else b""
        out |= 1 << seat
        if w.rules.lead_fallback is LeadFallback.PARTNER:
            seat ^= 2
            if not hands[seat] & mask and not out >> seat & 1:
                codes += SEAT_OUT_CODES[seat]
                out |= 1 << seat
        else:
            seat = (seat + 1) & 3
            while not hands[seat] & mask:
                if not out >> seat & 1:
                    codes += SEAT_OUT_CODES[seat]
                    out |= 1 << seat
                seat = (seat + 1) & 3
        emit(w, codes, len(codes) // 2)
        w.out = out
    if out & _TEAM_A == _TEAM_A or out & _TEAM_B == _TEAM_B:
        team = 1 if out & _TEAM_A == _TEAM_A else 0
        held = (hands[0] | hands[1] | hands[2] | hands[3]) & table.point_mask
        if team:
            w.won_b |= held
        else:
            w.won_a |= held
        emit(w, ended_early_code(team, held))
        return False
    w.to_act = seat
    return True


def legal_play(state: GameState) -> tuple[SeatAction, ...]:
    """Any trump in the seat's hand (R-PLAY-1)."""
    table = state._table
    assert table is not None
    mask = state._hands[state._to_act] & table.mask
    return _PLAYS.get(mask) or card_actions(PLAY_KIND, mask)


_PLAYS: Final = CARD_ACTIONS[PLAY_KIND]


def apply_play(state: GameState, seat: int, action: SeatAction) -> GameState | Work:
    """A trump played; the work copy when the hand is over."""
    if not isinstance(action, Play):
        wrong_phase(state, seat, action)
    return play(state, seat, action)


def play(state: GameState, seat: int, action: Play) -> GameState | Work:
    """:func:`apply_play` for an action known to be a :class:`~pitch13.Play`."""
    index = action.card.index
    bit = 1 << index
    h0, h1, h2, h3 = hands = state._hands
    table = state._table
    assert table is not None
    if not hands[seat] & bit:
        refuse(IllegalReason.NOT_IN_HAND, seat, action, "it is not in its hand")
    mask = table.mask
    if not mask & bit:
        refuse(IllegalReason.NOT_A_TRUMP, seat, action, "it is not a trump")
    if seat == 0:
        hands = (h0 ^ bit, h1, h2, h3)
    elif seat == 1:
        hands = (h0, h1 ^ bit, h2, h3)
    elif seat == 2:
        hands = (h0, h1, h2 ^ bit, h3)
    else:
        hands = (h0, h1, h2, h3 ^ bit)
    trick = (*state._trick, seat << 6 | index)
    leader = trick[0] >> 6
    out = state._out
    log = state._log + PLAY_CODES[seat][index]
    entries = state._history_len + 1
    after = (seat + 1) & 3
    while after != leader:
        if not out >> after & 1:
            if hands[after] & mask:
                return after_turn(state, hands, trick, out, after, log, entries)
            out |= 1 << after  # R-PLAY-3: its first turn without trump
            log += SEAT_OUT_CODES[after]
            entries += 1
        after = (after + 1) & 3
    # Every seat not out has played: the trick is over (R-PLAY-5, R-PLAY-6).
    winner, won_a, won_b = close_trick(table, trick)
    tricks = (*state._tricks, trick)
    won_a |= state._won_a
    won_b |= state._won_b
    log += TRICK_WON_CODE
    if hands[winner] & mask and out & _TEAM_A != _TEAM_A and out & _TEAM_B != _TEAM_B:
        # R-PLAY-2: the winner leads the next trick
        return after_trick(state, tricks, won_a, won_b, hands, out, winner, log, entries + 1)
    w = work(state)
    w.hands, w.trick, w.tricks, w.won_a, w.won_b, w.out = hands, (), tricks, won_a, won_b, out
    w.log, w.ply, w.history_len = log, w.ply + 1, entries + 1
    return freeze(w) if start_trick(w, winner) else w
