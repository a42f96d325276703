"""What every phase of the engine shares: building the next state, refusals, seat order (internal).

A transition copies the state's fields (``Work(state._layout)``, a
:class:`~pitch13._core.fields.Work` written by typed keys), changes what the step changes, and
turns the copy into the next state with :func:`freeze`, the one way a state is built (a play
builds it from slices instead). A history entry goes through :func:`act` (an action) or
:func:`emit` (an event), which keep the state's counts of actions and entries; the commonest
steps (a bid, a look step, a play) write the log and the counts themselves, to save the
calls.
"""

from __future__ import annotations

from typing import Final, NoReturn

from pitch13._base.checks import excerpt
from pitch13._core import fields
from pitch13._core.action_sets import DISCARDS, GIVE_UPS, PLAYS, TAKES
from pitch13._core.fields import HISTORY_LEN, LOG, PLY, Hands, Work
from pitch13._core.masks import by_bytes
from pitch13._core.tables import TrumpTable
from pitch13.actions import (
    REJECT,
    STOP,
    Action,
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Play,
    SeatAction,
    Take,
)
from pitch13.errors import IllegalActionError, IllegalReason
from pitch13.state import GameState, Phase

#: The state a work copy makes (``freeze(w)``): the one way a state is built.
freeze: Final = fields.freezer(GameState)


class Phases:
    """:class:`Phase`'s members as plain class attributes, for the engine (internal).

    Before Python 3.12 reading a member off an Enum class (``Phase.PLAY``) costs about four
    times as much as reading a plain class attribute; the engine names a phase at every step.
    """

    DEAL: Final = Phase.DEAL
    BIDDING: Final = Phase.BIDDING
    TRUMP: Final = Phase.TRUMP
    DISCARD: Final = Phase.DISCARD
    PICKUP: Final = Phase.PICKUP
    LOOK: Final = Phase.LOOK
    PLAY: Final = Phase.PLAY
    GAME_OVER: Final = Phase.GAME_OVER


def act(w: Work, code: bytes) -> None:
    """Record a seat's (or chance's) action, written as ``code``."""
    w[LOG] += code
    w[PLY] += 1
    w[HISTORY_LEN] += 1


def emit(w: Work, code: bytes, entries: int = 1) -> None:
    """Record ``entries`` events, written together as ``code``."""
    w[LOG] += code
    w[HISTORY_LEN] += entries


#: ``1 << index`` for each card index, in a list (its getter is cheaper than a tuple's).
BITS: Final = [1 << i for i in range(54)]


def sizes_of(hands: Hands) -> tuple[int, int, int, int]:
    """How many cards each seat holds."""
    return (hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(), hands[3].bit_count())


#: The seat on each seat's left, who follows it clockwise: the deal passes to it (R-DEAL-2) and
#: the auction begins with the dealer's (R-BID-1).
LEFT: Final = (1, 2, 3, 0)


def seat_order(dealer: int) -> tuple[int, int, int, int]:
    """Seats clockwise from the dealer's left, ending with the dealer."""
    return _SEAT_ORDERS[dealer]


_SEAT_ORDERS: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    ((dealer + 1) & 3, (dealer + 2) & 3, (dealer + 3) & 3, dealer) for dealer in range(4)
)


def position(dealer: int, seat: int) -> int:
    """Where ``seat`` comes in :func:`seat_order`: 0 for the dealer's left, 3 for the dealer."""
    return (seat - dealer - 1) & 3


def with_hand(hands: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    """``hands`` with the hand of ``seat`` replaced by ``mask``."""
    changed = list(hands)
    changed[seat] = mask
    return tuple(changed)


# --- legal card actions --------------------------------------------------------------------------

PLAY_KIND: Final = 0
DISCARD_KIND: Final = 1
TAKE_KIND: Final = 2
GIVE_UP_KIND: Final = 3
#: A stop, then the takes of the cards (the pick-up's legal actions).
STOP_OR_TAKE_KIND: Final = 4
#: A reject, then the give-ups of the cards (the look's, with a card turned up).
REJECT_OR_GIVE_UP_KIND: Final = 5
_CARD_ACTION_TABLES: Final[tuple[tuple[SeatAction, ...], ...]] = (PLAYS, DISCARDS, TAKES, GIVE_UPS)
#: For each kind, the actions before the card actions, and the kind of the card actions.
_KINDS: Final[tuple[tuple[tuple[SeatAction, ...], int], ...]] = (
    ((), PLAY_KIND),
    ((), DISCARD_KIND),
    ((), TAKE_KIND),
    ((), GIVE_UP_KIND),
    ((STOP,), TAKE_KIND),
    ((REJECT,), GIVE_UP_KIND),
)


# For each kind and each byte of a card mask, the actions of the cards that byte holds.
_BYTE_ACTIONS: Final = tuple(
    tuple(
        tuple(
            tuple(table[8 * k + i] for i in range(8) if byte >> i & 1 and 8 * k + i < 54)
            for byte in range(256)
        )
        for k in range(7)
    )
    for table in _CARD_ACTION_TABLES
)


#: The actions of each kind already listed, by card mask: the legal card actions come from here.
CARD_ACTIONS: Final[tuple[dict[int, tuple[SeatAction, ...]], ...]] = tuple({} for _ in _KINDS)
#: How many masks each kind's cache holds before it is emptied. A play's, the commonest, holds
#: 16,384 (about 3 MB full): in random play three legal plays in four are found there, where
#: with 4,096 one in two were, and a random decision costs 2 to 3 % less CPU.
CACHE_SIZES: Final = (1 << 14, *(1 << 12 for _ in _KINDS[1:]))


def card_actions(kind: int, mask: int) -> tuple[SeatAction, ...]:
    """The actions of ``kind`` for the cards of ``mask``, the cards in index order (interned)."""
    found = CARD_ACTIONS[kind].get(mask)
    return found if found is not None else listed(kind, mask)


def listed(kind: int, mask: int) -> tuple[SeatAction, ...]:
    """:func:`card_actions` for a mask not in its cache: the actions, listed and kept there.

    In random play one legal play in four is of a hand not met lately: a caller that has just
    missed the cache comes here straight, without a second lookup.
    """
    cache = CARD_ACTIONS[kind]
    before, cards = _KINDS[kind]
    found = before + by_bytes(mask, _BYTE_ACTIONS[cards])
    if len(cache) >= CACHE_SIZES[kind]:
        cache.clear()
    cache[mask] = found
    return found


# --- refusals ------------------------------------------------------------------------------------


def describe(action: Action) -> str:
    """An action in words, for a refusal: ``play 4♣``, ``bid 5``, ``name ♥ trump``."""
    if isinstance(action, (Play, Discard, Take, GiveUp)):
        return f"{str(action).rsplit(' ', 1)[0]} {action.card.pretty}"
    if isinstance(action, NameTrump):
        return f"name {action.suit.symbol} trump"
    if isinstance(action, Deal):
        return "deal"
    if isinstance(action, Bid):
        return f"bid {excerpt(action.amount)}"  # a bid of any int, however long
    return str(action)


def refuse(
    reason: IllegalReason, seat: int | None, action: Action, why: str, *, over: bool = False
) -> NoReturn:
    """Refuse ``action`` with ``reason``; ``why`` completes ``seat 2 cannot play 4♣: ...``.

    With no seat, chance is to act, or nobody is: the game is ``over``.
    """
    who = f"seat {seat} cannot" if seat is not None else "nobody may" if over else "chance cannot"
    raise IllegalActionError(reason, f"{who} {describe(action)}: {why}", action=action, seat=seat)


def wrong_phase(state: GameState, seat: int, action: Action) -> NoReturn:
    """Refuse an action that does not belong to the state's phase."""
    refuse(IllegalReason.WRONG_PHASE, seat, action, f"the game is in the {state._phase.value} phase")


def table_of(state: GameState) -> TrumpTable:
    """The trump table of a state whose trump is named."""
    table = state._table
    assert table is not None
    return table
