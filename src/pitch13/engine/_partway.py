"""A game started partway, at a hand of a game in progress (internal).

:func:`pitch13.new_game` starts one when it is given ``scores`` or a ``hand_number``, and
:func:`pitch13.sample_state` builds its samples on one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pitch13._base.checks import excerpt
from pitch13._base.shuffle import seeded_order
from pitch13._core import fields
from pitch13._core import history as _history
from pitch13._core.tally import past_target
from pitch13.engine import _end, _flow
from pitch13.engine._work import Phases, freeze
from pitch13.rules import Rules
from pitch13.scoring import HandResult
from pitch13.state import GameState

#: The highest hand a game may start at: the hands of a record after it keep every hand number
#: within what every document (records, states, views) reads.
MAX_HAND_NUMBER: Final = 10_000
#: The lowest score a game may start at: a record's scores lie within ``±10**9``.
MIN_SCORE: Final = -(10**9)


def check_start(
    rules: Rules, scores: object, hand_number: object, names: tuple[str, str] = ("scores", "hand_number")
) -> tuple[tuple[int, int], int]:
    """``scores`` and ``hand_number`` as the start of a game under ``rules``; else the documented error.

    ``scores`` is a pair of ints (a tuple or a list), each from :data:`MIN_SCORE` up to a score
    that has not yet won (R-END-1); ``hand_number`` an int from 1 to :data:`MAX_HAND_NUMBER`.
    The messages call them by ``names``.
    """
    scores_name, hand_name = names
    if not isinstance(scores, (tuple, list)) or len(scores) != 2:
        raise TypeError(f"{scores_name} must be a pair of ints (team A's, team B's), not {excerpt(scores)}")
    for team, score in enumerate(scores):
        if not isinstance(score, int) or isinstance(score, bool):
            raise TypeError(
                f"{scores_name} must be a pair of ints, not {excerpt(scores)} (team {team}'s is not)"
            )
    pair = (int.__int__(scores[0]), int.__int__(scores[1]))  # their values, as plain ints
    for team, score in enumerate(pair):
        if score < MIN_SCORE:
            raise ValueError(f"team {team}'s score must be at least -(10**9), not {excerpt(score)}")
        if past_target(rules, score):
            than = "more than" if score > rules.target else "at least"
            raise ValueError(
                f"the game would be over at once (R-END-1): team {team}'s score {excerpt(score)} "
                f"is {than} the target, {rules.target}"
            )
    if not isinstance(hand_number, int) or isinstance(hand_number, bool):
        raise TypeError(f"{hand_name} must be an int, not {excerpt(hand_number)}")
    hand_number = int.__int__(hand_number)
    if not 1 <= hand_number <= MAX_HAND_NUMBER:
        raise ValueError(f"{hand_name} must be from 1 to {MAX_HAND_NUMBER}, not {excerpt(hand_number)}")
    return pair, hand_number


def start_partway(
    rules: Rules,
    *,
    first_dealer: int,
    hand_number: int,
    scores: tuple[int, int],
    last_result: HandResult | None,
    ply: int,
    deck: Sequence[int] | None,
    seed: int | None = None,
) -> GameState:
    """A game that begins at hand ``hand_number``, dealt from ``deck`` (or waiting for chance).

    ``scores`` are the scores before the hand, ``ply`` the number of actions before it, and
    ``last_result`` the last hand's result before it. The game's history begins at that hand.
    With a ``seed`` every hand, this one too unless a ``deck`` is given, is dealt from it;
    without one, the hands wait for chance.
    """
    dealer = (first_dealer + hand_number - 1) & 3
    start = _history.Start(hand_number, dealer, scores, last_result, ply)
    w = fields.start(
        rules, seed, first_dealer=first_dealer, hand_number=hand_number, scores=scores, past=start, ply=ply
    )
    if deck is None and seed is not None:
        deck = seeded_order(seed, hand_number)
    if deck is not None:
        _end.deal(w, deck)
        _flow.after(w, Phases.DEAL)
    return freeze(w)
