"""The names that left the package's root are reported as deprecated; a misspelt name fails.

At run time the root still finds them, with a ``DeprecationWarning``, until 0.3. To a type
checker, a moved function has its real signature and a moved class makes real instances, and
both are reported as deprecated (the ``deprecated`` error code). A moved enum or union is the
real object, which PEP 702 cannot mark: its use is not reported. A name the root never had is
an error, as it is at run time.
"""

from __future__ import annotations

from typing_extensions import assert_type

import pitch13
from pitch13 import Rulez  # type: ignore[attr-defined]

# isort: split
# A moved name imported is reported at the import (mypy reports an import at module level
# only), not where it is used.
from pitch13 import card_points  # type: ignore[deprecated]

# isort: split
# Imported under another name, a moved name is not reported by mypy, nor are its uses; the
# warning at run time still comes.
from pitch13 import RandomBot as OldRandomBot


def misspelt() -> object:
    """A name the root never had, looked up or imported."""
    pitch13.new_gaem()  # type: ignore[attr-defined]
    return Rulez


def moved_import() -> int:
    """A moved function imported has the real function's type."""
    return card_points(pitch13.DECK[0], pitch13.Suit.HEARTS)


def moved_import_renamed() -> pitch13.bots.Bot:
    """A moved class imported under another name makes a real bot."""
    return OldRandomBot(2)


def moved_function() -> int:
    """A moved function keeps its signature: a wrong argument is still an error."""
    card, trump = pitch13.DECK[0], pitch13.Suit.HEARTS
    points = pitch13.card_points(card, trump)  # type: ignore[deprecated]
    assert_type(points, int)
    pitch13.trump_power("AH", trump)  # type: ignore[deprecated, arg-type]
    return points


def moved_classes() -> pitch13.bots.Bot:
    """A moved class makes what its module's class makes."""
    event = pitch13.SeatOut(2)  # type: ignore[deprecated]
    item: pitch13.events.Event = event
    assert isinstance(item, pitch13.events.SeatOut)
    bot: pitch13.bots.Bot = pitch13.SimpleBot(1)  # type: ignore[deprecated]
    return bot


def moved_class_in_an_annotation(bot: pitch13.bots.SimpleBot) -> object:
    """As an annotation, a moved class refuses an instance of the real class.

    To a checker it is a subclass of the real class; its name is reported there too.
    """
    old: pitch13.SimpleBot = bot  # type: ignore[deprecated, assignment]
    return old


def moved_protocol(bot: pitch13.bots.RandomBot) -> bool:
    """The moved ``Bot`` protocol accepts any bot, as ``pitch13.bots.Bot`` does, in isinstance too."""
    old: pitch13.Bot = bot  # type: ignore[deprecated]
    assert isinstance(old, pitch13.bots.Bot)
    return isinstance(bot, pitch13.Bot)  # type: ignore[deprecated]


def moved_enum_and_union() -> pitch13.Rules:
    """A moved enum or union is the object itself, with its members: not reported (see above)."""
    order: pitch13.rules.JokerOrder = pitch13.JokerOrder.FIXED
    event: pitch13.Event = pitch13.events.SeatOut(1)
    assert_type(event, pitch13.events.Event)
    return pitch13.Rules(joker_order=order, target_rule=pitch13.TargetRule.AT_LEAST)
