"""Play: tricks of trumps, seats going out, the end of a trick and the early end (R-PLAY-1 to R-PLAY-7; internal).

A play is the engine's commonest step, so :func:`apply_play` makes the next state directly
and records a seat going out or the trick's end as it finds them.
"""

from __future__ import annotations

from typing import Final

from pitch13._core.fields import (
    BIDDER,
    HANDS,
    HISTORY_LEN,
    LOG,
    OUT,
    PHASE,
    PLY,
    RULES,
    TABLE,
    TO_ACT,
    TRICK,
    TRICKS,
    TURNED,
    WON_A,
    WON_B,
)
from pitch13._core.history import PLAY_CODES, SEAT_OUT_CODES, TRICK_WON_CODE, ended_early_code
from pitch13._core.tally import close_trick
from pitch13.actions import Play, SeatAction
from pitch13.engine._work import (
    CARD_ACTIONS,
    PLAY_KIND,
    Phases,
    Work,
    card_actions,
    emit,
    freeze,
    refuse,
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
    w[PHASE] = Phases.PLAY
    w[TURNED] = -1
    return start_trick(w, w[BIDDER])


def start_trick(w: Work, leader: int) -> bool:
    """Start a trick led by ``leader``; ``False`` if the hand is over instead (R-PLAY-7).

    In the rules' order: if nobody holds a trump, the hand is over. If both seats of a team
    were announced out, the hand ends early and the other team takes the point cards still in
    hands, announcing nobody. Otherwise a leader without trump is announced out now, at his
    turn (R-PLAY-3), and the lead falls back (R-PLAY-4); that can put a team out and end the hand.
    """
    table = w[TABLE]
    mask = table.mask
    hands = w[HANDS]
    if not (hands[0] | hands[1] | hands[2] | hands[3]) & mask:
        return False
    out = w[OUT]
    seat = leader
    if not hands[seat] & mask and out & _TEAM_A != _TEAM_A and out & _TEAM_B != _TEAM_B:
        codes = SEAT_OUT_CODES[seat] if not out >> seat & 1 else b""
        out |= 1 << seat
        if w[RULES].lead_fallback is LeadFallback.PARTNER:
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
        w[OUT] = out
    if out & _TEAM_A == _TEAM_A or out & _TEAM_B == _TEAM_B:
        team = 1 if out & _TEAM_A == _TEAM_A else 0
        held = (hands[0] | hands[1] | hands[2] | hands[3]) & table.point_mask
        w[WON_B if team else WON_A] |= held
        emit(w, ended_early_code(team, held))
        return False
    w[TO_ACT] = seat
    return True


def legal_play(state: GameState) -> tuple[SeatAction, ...]:
    """Any trump in the seat's hand (R-PLAY-1)."""
    table = state[TABLE]
    assert table is not None
    mask = state[HANDS][state[TO_ACT]] & table.mask
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
    h0, h1, h2, h3 = hands = state[HANDS]
    table = state[TABLE]
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
    trick = (*state[TRICK], seat << 6 | index)
    leader = trick[0] >> 6
    out = state[OUT]
    log = state[LOG] + PLAY_CODES[seat][index]
    entries = state[HISTORY_LEN] + 1
    w: Work = list(state[:])
    w[HANDS] = hands
    w[PLY] += 1
    after = (seat + 1) & 3
    while after != leader:
        if not out >> after & 1:
            if hands[after] & mask:
                w[TO_ACT] = after
                w[TRICK] = trick
                w[OUT] = out
                w[LOG] = log
                w[HISTORY_LEN] = entries
                return freeze(w)
            out |= 1 << after  # R-PLAY-3: its first turn without trump
            log += SEAT_OUT_CODES[after]
            entries += 1
        after = (after + 1) & 3
    # Every seat not out has played: the trick is over (R-PLAY-5, R-PLAY-6).
    winner, won_a, won_b = close_trick(table, trick)
    w[TRICK] = ()
    w[TRICKS] = (*state[TRICKS], trick)
    w[WON_A] |= won_a
    w[WON_B] |= won_b
    w[OUT] = out
    w[LOG] = log + TRICK_WON_CODE
    w[HISTORY_LEN] = entries + 1
    if hands[winner] & mask and out & _TEAM_A != _TEAM_A and out & _TEAM_B != _TEAM_B:
        w[TO_ACT] = winner  # R-PLAY-2: the winner leads the next trick
        return freeze(w)
    return freeze(w) if start_trick(w, winner) else w
