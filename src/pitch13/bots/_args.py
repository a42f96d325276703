"""The checks of the arguments every bot takes: a seed and a view (internal)."""

from __future__ import annotations

import random

from pitch13.views import SeatView


def seeded_random(seed: int | None, bot: str) -> random.Random:
    """A random source seeded with ``seed``, an int or ``None``; anything else is a TypeError."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise TypeError(f"{bot} seed must be an int or None, not {type(seed).__name__}")
    return random.Random(seed)


def check_view(view: object, bot: str) -> None:
    """Refuse a ``view`` that is not a :class:`~pitch13.SeatView` with a TypeError."""
    if not isinstance(view, SeatView):
        raise TypeError(f"{bot}.choose() takes a SeatView, not {type(view).__name__}")
