"""The order of a hand: what follows each phase, forced steps included (internal).

This is the hand's whole flow in one place. A phase ends when its last decision is taken (or
when it has none to take); :func:`after` then goes through the next phases in the rules' order,
:data:`NEXT_PHASE`, running the forced steps with which each begins, until one gives a seat a
decision:

    DEAL → BIDDING → TRUMP → (DISCARD) → (PICKUP) → refill → (LOOK) → PLAY → score

A phase in parentheses is opened only when some seat has something to do in it. A hand thrown
in, or scored, is followed by the next hand's deal: at once in a seeded game, else by chance.
A seat's copy of the game (:mod:`pitch13._info.follow`) goes through the phases by the same
:data:`NEXT_PHASE`, taking in the events of each forced step instead of running it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pitch13._base.shuffle import seeded_order
from pitch13._core.fields import HAND_NUMBER, PHASE, SEED, TAKEABLE, Work
from pitch13.engine import _auction, _discard, _end, _look, _pickup, _play
from pitch13.engine._work import Phases
from pitch13.events import ThrowInReason
from pitch13.state import Phase

#: The phase that follows each phase of a hand once it has no decision left (the rules'
#: sections 3 to 6): the auction (R-BID-1), trump (R-TRUMP-1), the shedding of trumps beyond 6
#: after the dead cards are discarded (R-DISC-1, R-DISC-2), the pick-up (R-PICK-1), the look
#: after the refill (R-FILL-1, R-LOOK-1), the play (R-PLAY-2). The play is followed by the
#: scoring.
NEXT_PHASE: Final[dict[Phase, Phase]] = {
    Phases.DEAL: Phases.BIDDING,
    Phases.BIDDING: Phases.TRUMP,
    Phases.TRUMP: Phases.DISCARD,
    Phases.DISCARD: Phases.PICKUP,
    Phases.PICKUP: Phases.LOOK,
    Phases.LOOK: Phases.PLAY,
}


#: What begins a phase: its forced steps, then whether a seat has a decision in it (``True``),
#: or none (``False``: the phase is passed over), or the hand is thrown in (``None``).
Begin = Callable[[Work], "bool | None"]


def _begin_bidding(w: Work) -> bool | None:
    """The auction begins at the dealer's left (R-BID-1)."""
    _auction.open_bidding(w)
    return True


def _begin_trump(w: Work) -> bool | None:
    """The auction is won and the bidder names trump (R-TRUMP-1), or all passed (R-BID-2)."""
    if not _auction.close_bidding(w):  # all passed, and the hand is redealt
        _end.throw_in(w, ThrowInReason.ALL_PASSED)
        return None
    _auction.open_trump(w)
    return True


def _begin_discard(w: Work) -> bool | None:
    """The dead cards are discarded (R-DISC-1); then a seat may hold trumps to shed (R-DISC-2)."""
    _discard.discard_dead(w)
    return _discard.open_discard(w)


def _begin_look(w: Work) -> bool | None:
    """The pick-up's pass is over; the refill (R-FILL-1, or the hand is thrown in: R-FILL-2); then the look, if stock is left (R-LOOK-1)."""
    w[TAKEABLE] = 0  # R-PICK-1: the whole middle is dead
    if not _pickup.refill(w):
        _end.throw_in(w, ThrowInReason.SHORT_STOCK)
        return None
    return _look.open_look(w)


#: What begins each phase of :data:`NEXT_PHASE`.
_BEGIN: Final[dict[Phase, Begin]] = {
    Phases.BIDDING: _begin_bidding,
    Phases.TRUMP: _begin_trump,
    Phases.DISCARD: _begin_discard,
    Phases.PICKUP: _pickup.open_pickup,  # R-PICK-1
    Phases.LOOK: _begin_look,
    Phases.PLAY: _play.open_play,  # R-PLAY-2; R-PLAY-7: the hand may be over at once
}


def _following(done: Phase) -> tuple[Begin, ...]:
    """What begins each phase after ``done``, in :data:`NEXT_PHASE`'s order, up to the play."""
    begins: list[Begin] = []
    while done is not Phases.PLAY:
        done = NEXT_PHASE[done]
        begins.append(_BEGIN[done])
    return tuple(begins)


#: :func:`_following` for each phase, by the phase's ``_value_``: an Enum member's own hash is
#: a call to Python code, its value's is a str's, cached.
_FOLLOWING: Final[dict[str, tuple[Begin, ...]]] = {
    phase._value_: _following(phase) for phase in (*NEXT_PHASE, Phases.PLAY)
}


def after(w: Work, done: Phase) -> Work:
    """Run what follows the end of phase ``done``, up to the next decision (or chance)."""
    for begin in _FOLLOWING[done._value_]:
        begun = begin(w)
        if begun:
            return w
        if begun is None:  # thrown in (R-BID-2, R-FILL-2)
            return next_hand(w)
    _end.score_hand(w)  # R-SCORE-*, R-END-*
    if w[PHASE] is not Phases.GAME_OVER:
        return next_hand(w)
    return w


def next_hand(w: Work) -> Work:
    """The next hand (R-DEAL-2): dealt at once from the seed, or waiting for chance's deal."""
    _end.next_hand(w)
    seed = w[SEED]
    if seed is None:
        return w
    _end.deal(w, seeded_order(seed, w[HAND_NUMBER]))
    return after(w, Phases.DEAL)
