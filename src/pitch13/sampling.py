"""Sampling a whole game state consistent with one seat's view (determinization).

:func:`sample_state` deals the cards a seat cannot see at random among the places they could
be, then rebuilds a history that leads there, so that ``view(sample, seat) == the_view`` and
play can go on from the sample with :func:`~pitch13.apply`. This is what search bots
(determinized Monte Carlo, information-set MCTS) are built on.

Only the hand the view shows is dealt: the sample is a game started at that hand, from the
view's scores, so the hands before it are never rebuilt. The unseen cards are spread over the
ways to place them that respect every place's count and what the seat knows (a seat known to
be out holds no trump; before the refill a seat holds only trumps, after it at most as many
dead cards as it was dealt and took; the face-down cards given up or rejected in the
look-through are not trumps; a turned-up card another seat is deciding on is one it may take;
the seat to play holds a trump; after an early end the claimed point cards, and no other, are
in the claiming team's hands), uniformly or, with ``weighting="shuffle"``, as a uniform
shuffle of the deck weights them. The hand's past is then rebuilt to fit (which trumps each
seat kept, its refill and stock cards), at random.
"""

from __future__ import annotations

import random
from typing import Literal

from pitch13._base.checks import excerpt
from pitch13._core.tally import past_target
from pitch13._info import placing as _placing
from pitch13._info.knowledge import HandLog, hand_logs
from pitch13._info.seen_entries import ply_range
from pitch13.actions import GiveUp, SeatAction
from pitch13.cards import Card
from pitch13.engine import apply
from pitch13.engine._partway import start_partway
from pitch13.errors import IllegalActionError, SamplingError
from pitch13.events import HandScored
from pitch13.state import GameState, Phase
from pitch13.views import GiveUpSeen, SeatView, spectator_view, view

__all__ = ["SamplingError", "sample_state"]

#: Deals drawn for the hand before giving up. A view the engine made is always met well before.
_TRIES = 400


def sample_state(
    seat_view: SeatView, rng: random.Random, *, weighting: Literal["placements", "shuffle"] = "placements"
) -> GameState:
    """A full game state that ``seat_view``'s seat cannot tell from the real one.

    It deals the hand the view shows (see :attr:`SeatView.history <pitch13.SeatView.history>`)
    afresh, at random among the deals that lead to what the seat saw, and plays the hand's
    actions again; the hands before it are not rebuilt, as nothing in the view depends on
    their hidden cards. It costs O(entries of that hand), whatever the length of the game.

    How likely each placement of the unseen cards is depends on ``weighting``:

    ``"placements"`` (the default)
        Every way to place the unseen cards that fits what the seat knows is equally likely:
        each place's count, no trump with a seat known to be out, a trump with the seat to play,
        no more dead cards in a hand than it can have received, no trump among the face-down
        cards of the look, and after an early end no point card in a hand but those claimed.
    ``"shuffle"``
        As likely as a uniform shuffle of the deck makes it: a placement counts as many times as
        there are deals that lead to it. A seat that kept more trumps when it discarded its dead
        cards is likelier to hold more trumps now. The look is counted too, in its order: a
        card a seat gave up there was in its hand before that take, so it was not the card
        taken then or later; and under ``look_take=point_cards_only`` a seat that took cards
        there is likelier to hold more point cards. (Under that rule a placement is drawn
        with the most its point cards could weigh, then kept with the rest of its weight as
        its chance: a sample costs about the same.)

    Args:
        seat_view: a seat's (or a spectator's) view, from :func:`~pitch13.view`.
        rng: the source of randomness; the same seed gives the same sample.
        weighting: ``"placements"`` or ``"shuffle"``, as above.

    Returns:
        A state whose view for the same seat equals ``seat_view``: a game started at the hand
        the view shows (its :attr:`~pitch13.GameState.history` begins there, and its
        :attr:`~pitch13.GameState.ply` goes on from the view's). It has no seed, so when the
        hand ends it waits for a :class:`~pitch13.Deal`.

    Raises:
        TypeError: if the arguments have the wrong types (``weighting`` not a str among them).
        ValueError: if ``weighting`` is neither ``"placements"`` nor ``"shuffle"``.
        SamplingError: if the view cannot come from any game.
    """
    if not isinstance(seat_view, SeatView):
        raise TypeError(f"sample_state() takes a SeatView, not {type(seat_view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"sample_state() takes a random.Random, not {type(rng).__name__}")
    if not isinstance(weighting, str):
        raise TypeError(f'weighting is "placements" or "shuffle", not {excerpt(weighting)}')
    if weighting not in ("placements", "shuffle"):
        raise ValueError(f'weighting is "placements" or "shuffle", not {excerpt(weighting)}')
    try:
        return _sample(seat_view, rng, weighting == "shuffle")
    except SamplingError:
        raise
    except (AssertionError, AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
        # A view no code of the engine made (attrs.evolve can set any field to anything) can
        # break the reading of it anywhere: it comes from no game all the same.
        raise SamplingError(
            f"no game state is consistent with this view ({type(error).__name__}: {excerpt(str(error))})"
        ) from error


def _sample(v: SeatView, rng: random.Random, shuffle: bool) -> GameState:
    """:func:`sample_state`, its arguments checked."""
    if not _summary_fits(v):
        raise SamplingError("no game state is consistent with this view")
    logs = hand_logs(v.history)
    if not logs:  # nothing dealt yet: the game waits for its first deal
        state = start_partway(
            v.rules,
            first_dealer=v.first_dealer,
            hand_number=v.hand_number,
            scores=v.scores,
            last_result=v.last_result,
            ply=v.ply,
            deck=None,
        )
        if _view_of(state, v.seat) == v:
            return state
        raise SamplingError("no game state is consistent with this view")
    log = logs[0]
    scored = next((e.item.result for e in v.history if isinstance(e.item, HandScored)), None)
    if scored is None:
        scores, last = v.scores, v.last_result
    else:  # the view shows the hand that ended: begin before it was scored
        change = scored.score_change
        scores, last = (v.scores[0] - change[0], v.scores[1] - change[1]), None
    start = v.ply - len(log.actions)
    holder = _trump_holder(v)
    to_play = holder if holder != v.seat else None
    for _ in range(_TRIES):
        try:
            dealt = _placing.sample_hand(log, v.rules, v.seat, rng, shuffle, to_play)
        except _placing.NoPlacement:  # not worth trying again: no game gives the view
            break
        if dealt is None:
            continue
        deck, hidden_gives = dealt
        sample = _replay(v, log, deck, hidden_gives, scores, last, start)
        if sample is not None and _view_of(sample, v.seat) == v:
            return sample
    raise SamplingError("no game state is consistent with this view")


def _summary_fits(v: SeatView) -> bool:
    """Whether the view's account of the hands before the one it shows can come from a game."""
    if v.dealer != (v.first_dealer + v.hand_number - 1) & 3:
        return False
    low, high = ply_range(v.history, v.last_result)
    if not low <= v.ply <= high:
        return False
    if any(isinstance(e.item, HandScored) for e in v.history):
        return True  # the last result is the shown hand's, and the scores follow from it
    last = v.last_result
    if last is None:  # new_game may start a game at any scores that have not yet won (R-END-1)
        return not any(past_target(v.rules, score) for score in v.scores)
    return last.hand_number < v.hand_number and v.scores == last.scores


def _trump_holder(v: SeatView) -> int | None:
    """A seat that holds a trump by the rules of play though no card shows it, or ``None``.

    In play, the seat to play: a seat without trump is announced out at its turn (R-PLAY-3).
    """
    return v.to_act if v.phase is Phase.PLAY else None


def _view_of(state: GameState, seat: int | None) -> SeatView:
    return spectator_view(state) if seat is None else view(state, seat)


def _replay(
    v: SeatView,
    log: HandLog,
    deck: list[Card],
    hidden_gives: list[Card],
    scores: tuple[int, int],
    last: object,
    ply: int,
) -> GameState | None:
    """The hand of ``log`` dealt from ``deck`` and played again, from a game started there."""
    gives = iter(hidden_gives)
    try:
        state = start_partway(
            v.rules,
            first_dealer=v.first_dealer,
            hand_number=log.hand_number,
            scores=scores,
            last_result=last,  # type: ignore[arg-type]
            ply=ply,
            deck=[card.index for card in deck],
        )
        for seat, item in log.actions:
            action: SeatAction
            if isinstance(item, GiveUpSeen):
                action = GiveUp(item.given if item.given is not None else next(gives))
            else:
                action = item
            state = apply(state, action, seat=seat)
    except (IllegalActionError, StopIteration):
        return None
    return state
