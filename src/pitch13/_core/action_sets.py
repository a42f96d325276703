"""Every action the engine hands out, made once (internal).

:func:`~pitch13.legal_actions` returns these objects, so listing the legal actions builds no new
ones, and the engine tells an action's kind by its type, one of :data:`ACTION_TYPES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pitch13._base.checks import excerpt
from pitch13.actions import Bid, Deal, Discard, GiveUp, NameTrump, Pass, Play, Reject, Stop, Take, TurnUp
from pitch13.cards import DECK, Suit

if TYPE_CHECKING:
    from pitch13.actions import SeatAction

#: The types of action, in the order of the actions' notation.
ACTION_TYPES: Final = (Pass, Bid, NameTrump, Discard, Take, TurnUp, GiveUp, Reject, Stop, Play, Deal)
#: The classes of a seat's actions themselves, not their subclasses.
SEAT_ACTION_CLASSES: Final = frozenset(ACTION_TYPES) - {Deal}


def is_one_of(action: object, legal: tuple[SeatAction, ...]) -> bool:
    """Whether ``action``, a bot's answer, is one of the actions ``legal``.

    It must be of an action's class itself, so that the legal actions' own equality decides: an
    object whose ``==`` says it equals anything is not one of them.
    """
    return type(action) in SEAT_ACTION_CLASSES and action in legal


def check_action(value: object, name: str) -> None:
    """Check that ``value`` is a seat's action, of an action's class itself (a TypeError if not)."""
    if type(value) not in SEAT_ACTION_CLASSES:
        raise TypeError(f"{name} must be a seat's action, not {excerpt(value)}")


# Interned card actions, so legal_actions builds no new objects.
PLAYS: Final = tuple(Play(c) for c in DECK)
DISCARDS: Final = tuple(Discard(c) for c in DECK)
TAKES: Final = tuple(Take(c) for c in DECK)
GIVE_UPS: Final = tuple(GiveUp(c) for c in DECK)
NAME_TRUMPS: Final = tuple(NameTrump(s) for s in Suit)
BIDS: Final = tuple(Bid(n) for n in range(14))
