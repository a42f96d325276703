"""The search bot (internal; it is :class:`pitch13.bots.SearchBot`)."""

from __future__ import annotations

import random

from pitch13.actions import SeatAction
from pitch13.views import SeatView


class SearchBot:
    """A player that searches sampled deals (being written)."""

    def __init__(self, seed: int | None = None) -> None:
        """Make a bot; ``seed`` makes its choices reproducible."""
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> SeatAction:
        """Its action for the view's seat."""
        return self._rng.choice(view.legal_actions)
