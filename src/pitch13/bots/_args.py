"""The checks of the arguments every bot takes: a seed and a view (internal)."""

from __future__ import annotations

import random

from pitch13.actions import SeatAction
from pitch13.views import SeatView


def seeded_random(seed: int | None, bot: str) -> random.Random:
    """A random source seeded with ``seed``, an int or ``None``; anything else is a TypeError."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise TypeError(f"{bot} seed must be an int or None, not {type(seed).__name__}")
    return random.Random(seed)


def choices_of(view: object, bot: str) -> tuple[SeatAction, ...]:
    """The legal actions of ``view``, the view of a seat that is to act.

    A ``view`` that is not a :class:`~pitch13.SeatView` is a TypeError; a spectator's view, or
    one whose seat has no action to take, a ValueError.
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"{bot}.choose() takes a SeatView, not {type(view).__name__}")
    actions = view.legal_actions
    if not actions or view.seat is None:
        raise ValueError(f"{bot}.choose() needs the view of a seat that is to act")
    return actions
