"""The order of a hand: what follows each phase, forced steps included (internal).

This is the hand's whole flow in one place. A phase ends when its last decision is taken (or
when it has none to take); :func:`after` then runs the forced steps that follow, in the rules'
order, and opens the next phase in which a seat must act:

    DEAL → BIDDING → TRUMP → (DISCARD) → (PICKUP) → refill → (LOOK) → PLAY → score

A phase in parentheses is opened only when some seat has something to do in it. A hand thrown
in, or scored, is followed by the next hand's deal: at once in a seeded game, else by chance.
"""

from __future__ import annotations

from pitch13._base.checks import assert_never
from pitch13._base.shuffle import seeded_order
from pitch13._core.fields import HAND_NUMBER, PHASE, SEED, Work
from pitch13.engine import _auction, _discard, _end, _look, _pickup, _play
from pitch13.engine._work import Phases
from pitch13.events import ThrowInReason
from pitch13.state import Phase


def after(w: Work, done: Phase) -> Work:
    """Run what follows the end of phase ``done``, up to the next decision (or chance)."""
    match done:
        case Phases.DEAL:
            _auction.open_bidding(w)  # R-BID-1
        case Phases.BIDDING:
            if not _auction.close_bidding(w):  # R-BID-2: all passed, and the hand is redealt
                _end.throw_in(w, ThrowInReason.ALL_PASSED)
                return next_hand(w)
            _auction.open_trump(w)  # R-TRUMP-1
        case Phases.TRUMP:
            _discard.discard_dead(w)  # R-DISC-1
            if not _discard.open_discard(w):  # R-DISC-2
                return after(w, Phases.DISCARD)
        case Phases.DISCARD:
            if not _pickup.open_pickup(w):  # R-PICK-1
                return after(w, Phases.PICKUP)
        case Phases.PICKUP:
            if not _pickup.refill(w):  # R-FILL-1; R-FILL-2: too short, and the hand is redealt
                _end.throw_in(w, ThrowInReason.SHORT_STOCK)
                return next_hand(w)
            if not _look.open_look(w):  # R-LOOK-1
                return after(w, Phases.LOOK)
        case Phases.LOOK:
            if not _play.open_play(w):  # R-PLAY-2; R-PLAY-7: the hand may be over at once
                return after(w, Phases.PLAY)
        case Phases.PLAY:
            _end.score_hand(w)  # R-SCORE-*, R-END-*
            if w[PHASE] is not Phases.GAME_OVER:
                return next_hand(w)
        case Phases.GAME_OVER:  # pragma: no cover - nothing follows the end of the game
            raise AssertionError("the game is over")
        case _:  # pragma: no cover - mypy checks that every phase is handled
            assert_never(done)
    return w


def next_hand(w: Work) -> Work:
    """The next hand (R-DEAL-2): dealt at once from the seed, or waiting for chance's deal."""
    _end.next_hand(w)
    seed = w[SEED]
    if seed is None:
        return w
    _end.deal(w, seeded_order(seed, w[HAND_NUMBER]))
    return after(w, Phases.DEAL)
