"""The names that left the package's root are errors there, as a misspelt name is.

They were found at the root with a ``DeprecationWarning`` in 0.2 and left it in 0.3; their
modules hold them. To a type checker each is a name the root does not have, looked up or
imported, and the name in its module is the real object.
"""

from __future__ import annotations

import pitch13
import pitch13.bots
import pitch13.events
import pitch13.rules
import pitch13.trumps
from pitch13 import Rulez  # type: ignore[attr-defined]

# isort: split
from pitch13 import card_points  # type: ignore[attr-defined]


def misspelt() -> object:
    """A name the root never had, looked up or imported."""
    pitch13.new_gaem()  # type: ignore[attr-defined]
    return Rulez


def left_the_root() -> object:
    """A name that left the root, a function, a class, an enum or a union, is not found there."""
    pitch13.SimpleBot(1)  # type: ignore[attr-defined]
    pitch13.JokerOrder.FIXED  # type: ignore[attr-defined]  # noqa: B018 - the lookup is checked
    event: pitch13.Event = pitch13.events.SeatOut(1)  # type: ignore[name-defined]
    return card_points, event


def in_its_module() -> pitch13.bots.Bot:
    """Each is found in its module, as what it is."""
    points = pitch13.trumps.card_points(pitch13.DECK[0], pitch13.Suit.HEARTS)
    rules = pitch13.Rules(joker_order=pitch13.rules.JokerOrder.FIXED)
    assert points >= 0 and rules.joker_order is pitch13.rules.JokerOrder.FIXED
    return pitch13.bots.SimpleBot(1)
