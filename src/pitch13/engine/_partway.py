"""A game started partway, at a hand of a game in progress (internal; :func:`pitch13.sample_state`)."""

from __future__ import annotations

from collections.abc import Sequence

from pitch13 import _history
from pitch13.engine import _end, _flow
from pitch13.engine._work import Phases, Work, freeze
from pitch13.rules import Rules
from pitch13.scoring import HandResult
from pitch13.state import GameState


def start_partway(
    rules: Rules,
    *,
    first_dealer: int,
    hand_number: int,
    scores: tuple[int, int],
    last_result: HandResult | None,
    ply: int,
    deck: Sequence[int] | None,
) -> GameState:
    """A game that begins at hand ``hand_number``, dealt from ``deck`` (or waiting for chance).

    Internal: :func:`pitch13.sample_state` builds on it. ``scores`` are the scores before the
    hand, ``ply`` the number of actions before it, and ``last_result`` the last hand's result
    before it. The game's history begins at that hand. It has no seed: the hands after it wait
    for chance.
    """
    dealer = (first_dealer + hand_number - 1) & 3
    start = _history.Start(hand_number, dealer, scores, last_result, ply)
    w: Work = [rules, Phases.DEAL, *_end.NO_HAND, None, first_dealer, hand_number, dealer, scores, None]
    w += [b"", b"", start, ply, 0, None]
    if deck is not None:
        _end.deal(w, deck)
        _flow.after(w, Phases.DEAL)
    return freeze(w)
