"""Every action the engine hands out, made once (internal).

:func:`~pitch13.legal_actions` returns these objects, so listing the legal actions builds no new
ones, and the engine tells an action's kind by its type, one of :data:`ACTION_TYPES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeGuard

from pitch13._base.checks import check_seat, excerpt
from pitch13.actions import Bid, Deal, Discard, GiveUp, NameTrump, Pass, Play, Reject, Stop, Take, TurnUp
from pitch13.cards import DECK, Suit

if TYPE_CHECKING:
    from pitch13.actions import SeatAction

#: The types of action, in the order of the actions' notation.
ACTION_TYPES: Final = (Pass, Bid, NameTrump, Discard, Take, TurnUp, GiveUp, Reject, Stop, Play, Deal)
#: The classes of a seat's actions themselves, not their subclasses.
SEAT_ACTION_CLASSES: Final = frozenset(ACTION_TYPES) - {Deal}


def is_one_of(action: object, legal: tuple[SeatAction, ...]) -> TypeGuard[SeatAction]:
    """Whether ``action``, a bot's answer, is one of the actions ``legal``.

    It must be of an action's class itself, so that the legal actions' own equality decides: an
    object whose ``==`` says it equals anything is not one of them.
    """
    return type(action) in SEAT_ACTION_CLASSES and action in legal


def check_action(value: object, name: str) -> None:
    """Check that ``value`` is a seat's action, of an action's class itself (a TypeError if not)."""
    if type(value) not in SEAT_ACTION_CLASSES:
        raise TypeError(f"{name} must be a seat's action, not {excerpt(value)}")


def check_entry(
    seat: object, item: object, kinds: tuple[type, ...], what: str, owner: int | None = None
) -> None:
    """Check an entry of a history made in code: ``item`` one of ``kinds``, and its seat.

    A seat's action names the seat that took it, from 0 to 3; anything else names ``owner``:
    the seat the item says acted, or ``None`` for what no seat does (an event, a deal).

    Raises:
        TypeError: if ``item`` is none of ``kinds``, or ``seat`` neither ``None`` nor an int.
        ValueError: if ``seat`` is not 0 to 3, or not the one the item asks for.
    """
    if not isinstance(item, kinds):
        raise TypeError(f"{what}.item must be an action or an event, not {excerpt(item)}")
    if seat is not None:
        check_seat(seat, f"{what}.seat")
    if type(item) in SEAT_ACTION_CLASSES:
        if seat is None:
            raise ValueError(f"{what}.seat names the seat of {excerpt(item)}, a seat's action; not None")
    elif seat != owner:
        whose = "no seat's" if owner is None else f"seat {owner}'s"
        raise ValueError(f"{what}.seat is {owner} for {excerpt(item)}, {whose} doing; not {seat}")


# Interned card actions, so legal_actions builds no new objects.
PLAYS: Final = tuple(Play(c) for c in DECK)
DISCARDS: Final = tuple(Discard(c) for c in DECK)
TAKES: Final = tuple(Take(c) for c in DECK)
GIVE_UPS: Final = tuple(GiveUp(c) for c in DECK)
NAME_TRUMPS: Final = tuple(NameTrump(s) for s in Suit)
BIDS: Final = tuple(Bid(n) for n in range(14))
