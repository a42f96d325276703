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
    Work,
    after_trick,
    after_turn,
)
from pitch13._core.history import PLAY_CODES, SEAT_OUT_CODES, TRICK_WON_CODE, ended_early_code
from pitch13._core.tables import TrumpTable
from pitch13._core.tally import close_trick
from pitch13.actions import Play, SeatAction
from pitch13.engine._work import (
    CARD_ACTIONS,
    PLAY_KIND,
    Phases,
    emit,
    freeze,
    listed,
    refuse,
    wrong_phase,
)
from pitch13.errors import IllegalReason
from pitch13.rules import LeadFallback, Rules
from pitch13.state import GameState

# --- the rules of play, for the engine and for a seat's copy of the game -------------------------


def _next_in_trick(out: int, seat: int, leader: int) -> int:
    after = (seat + 1) & 3
    while after != leader:
        if not out >> after & 1:
            return after
        after = (after + 1) & 3
    return -1


#: :func:`next_in_trick` for every seat mask ``out``, ``seat`` and ``leader``: ``[out << 4 | seat << 2 | leader]``.
NEXT_IN_TRICK: Final = tuple(_next_in_trick(i >> 4, i >> 2 & 3, i & 3) for i in range(256))
#: The team whose two seats are both announced out, for each seat mask; -1 for none (R-PLAY-7).
TEAM_OUT: Final = tuple(
    0 if out & 0b0101 == 0b0101 else 1 if out & 0b1010 == 0b1010 else -1 for out in range(16)
)


def next_in_trick(out: int, seat: int, leader: int) -> int:
    """Who plays after ``seat`` to the trick ``leader`` led; -1 when it is over (R-PLAY-5).

    The next seat clockwise not announced out (R-PLAY-2, R-PLAY-3).
    """
    return NEXT_IN_TRICK[out << 4 | seat << 2 | leader]


def next_leader(seat: int, out: int, rules: Rules) -> int:
    """Where the lead falls when ``seat``, due to lead, is out (R-PLAY-4).

    Its partner, or under ``lead_fallback=left`` the next seat clockwise not announced out
    (``out`` holds ``seat``).
    """
    if rules.lead_fallback is LeadFallback.PARTNER:
        return seat ^ 2
    after = (seat + 1) & 3
    while out >> after & 1 and after != seat:
        after = (after + 1) & 3
    return after


def play_choices(hand: int, table: TrumpTable) -> tuple[SeatAction, ...]:
    """Any trump of ``hand`` (R-PLAY-1)."""
    mask = hand & table.mask
    found = _PLAYS.get(mask)
    return found if found is not None else listed(PLAY_KIND, mask)


_PLAYS: Final = CARD_ACTIONS[PLAY_KIND]


# --- the engine's steps --------------------------------------------------------------------------


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
    turn (R-PLAY-3), and the lead falls back (R-PLAY-4); that can put a team out and end the hand,
    and then the lead passes no further: nobody after is announced (R-PLAY-7).
    """
    table = w[TABLE]
    assert table is not None
    mask = table.mask
    hands = w[HANDS]
    if not (hands[0] | hands[1] | hands[2] | hands[3]) & mask:
        return False
    out = w[OUT]
    seat = leader
    if not hands[seat] & mask and TEAM_OUT[out] < 0:
        codes = SEAT_OUT_CODES[seat] if not out >> seat & 1 else b""
        out |= 1 << seat
        rules = w[RULES]
        seat = next_leader(seat, out, rules)
        if rules.lead_fallback is LeadFallback.PARTNER:
            if not hands[seat] & mask and not out >> seat & 1:
                codes += SEAT_OUT_CODES[seat]
                out |= 1 << seat
        else:  # the lead passes on while no team is out (R-PLAY-7 comes first)
            while TEAM_OUT[out] < 0 and not hands[seat] & mask:
                codes += SEAT_OUT_CODES[seat]
                out |= 1 << seat
                seat = next_leader(seat, out, rules)
        emit(w, codes, len(codes) // 2)
        w[OUT] = out
    if TEAM_OUT[out] >= 0:
        team = 1 - TEAM_OUT[out]
        held = (hands[0] | hands[1] | hands[2] | hands[3]) & table.point_mask
        if team:
            w[WON_B] |= held
        else:
            w[WON_A] |= held
        emit(w, ended_early_code(team, held))
        return False
    w[TO_ACT] = seat
    return True


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
    after = NEXT_IN_TRICK[out << 4 | seat << 2 | leader]
    while after >= 0:
        if hands[after] & mask:
            return after_turn(state, hands, trick, out, after, log, entries)
        out |= 1 << after  # R-PLAY-3: its first turn without trump
        log += SEAT_OUT_CODES[after]
        entries += 1
        after = NEXT_IN_TRICK[out << 4 | after << 2 | leader]
    # Every seat not out has played: the trick is over (R-PLAY-5, R-PLAY-6).
    winner, won_a, won_b = close_trick(table, trick)
    tricks = (*state._tricks, trick)
    won_a |= state._won_a
    won_b |= state._won_b
    log += TRICK_WON_CODE
    if hands[winner] & mask and TEAM_OUT[out] < 0:
        # R-PLAY-2: the winner leads the next trick
        return after_trick(state, tricks, won_a, won_b, hands, out, winner, log, entries + 1)
    w = Work(state._layout)
    w[HANDS], w[TRICK], w[TRICKS], w[WON_A], w[WON_B], w[OUT] = hands, (), tricks, won_a, won_b, out
    w[LOG], w[PLY], w[HISTORY_LEN] = log, w[PLY] + 1, entries + 1
    return freeze(w) if start_trick(w, winner) else w
