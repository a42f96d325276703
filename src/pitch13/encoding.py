"""Integer ids for the seats' actions: a fixed action space for game-AI frameworks.

OpenSpiel, PettingZoo and Gymnasium name actions by integers from a fixed range, and OpenSpiel
wants the legal ones in ascending order. Every action a seat can take under any
:class:`~pitch13.Rules` has an id from 0 to ``NUM_ACTIONS - 1`` (237 of them), and the ids of
:func:`~pitch13.legal_actions` ascend in the order it lists them. Chance's :class:`~pitch13.Deal`
has no id: a framework deals by its own means.

==============================  ============  ============================
action                          ids           id
==============================  ============  ============================
:class:`~pitch13.Pass`          0             0
:class:`~pitch13.Bid`           1 to 13       the amount
:class:`~pitch13.NameTrump`     14 to 17      14 + the suit (C, D, H, S)
:class:`~pitch13.TurnUp`        18            18
:class:`~pitch13.Reject`        19            19
:class:`~pitch13.Stop`          20            20
:class:`~pitch13.Discard`       21 to 74      21 + the card's index
:class:`~pitch13.Take`          75 to 128     75 + the card's index
:class:`~pitch13.GiveUp`        129 to 182    129 + the card's index
:class:`~pitch13.Play`          183 to 236    183 + the card's index
==============================  ============  ============================

The table is part of the library's interface: it does not change within a major version.

>>> from pitch13 import Bid, Card, Play, new_game, legal_actions
>>> from pitch13.encoding import NUM_ACTIONS, action_from_id, action_id, legal_ids
>>> NUM_ACTIONS, action_id(Bid(5)), action_id(Play(Card.parse("JH")))
(237, 5, 218)
>>> action_from_id(218)
Play(card=Card.parse('JH'))
>>> state = new_game(seed=7)
>>> legal_ids(state)[:4]
(0, 4, 5, 6)

Costs: :func:`action_id` and :func:`action_from_id` are O(1) (a table lookup);
:func:`legal_ids` is O(legal actions).
"""

from __future__ import annotations

from typing import Final

from pitch13._checks import excerpt
from pitch13.actions import (
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Pass,
    Play,
    Reject,
    SeatAction,
    Stop,
    Take,
    TurnUp,
)
from pitch13.cards import DECK, Suit
from pitch13.engine import legal_actions
from pitch13.state import GameState
from pitch13.views import SeatView

__all__ = ["NUM_ACTIONS", "action_from_id", "action_id", "legal_ids"]


def _table() -> tuple[SeatAction, ...]:
    actions: list[SeatAction] = [Pass()]
    actions += [Bid(amount) for amount in range(1, 14)]
    actions += [NameTrump(suit) for suit in Suit]
    actions += [TurnUp(), Reject(), Stop()]
    for kind in (Discard, Take, GiveUp, Play):
        actions += [kind(card) for card in DECK]
    return tuple(actions)


#: Every action by its id.
_ACTIONS: Final = _table()
#: Every action's id.
_IDS: Final = {action: number for number, action in enumerate(_ACTIONS)}

#: How many action ids there are: ids run from 0 to ``NUM_ACTIONS - 1``.
NUM_ACTIONS: Final = len(_ACTIONS)


def action_id(action: SeatAction) -> int:
    """The id of a seat's action (see the table above).

    Raises:
        TypeError: if ``action`` is not an action.
        ValueError: if it is one no seat can take under any rules: a :class:`~pitch13.Deal`
            (chance's), or a bid above 13.
    """
    try:
        return _IDS[action]
    except KeyError:
        pass
    except TypeError:  # unhashable: not an action
        raise TypeError(f"action_id() takes an action, not {excerpt(action)}") from None
    if isinstance(action, Deal):
        raise ValueError("a Deal is chance's action and has no action id")
    if isinstance(action, Bid):  # every other seat action is in the table
        raise ValueError(f"{action!r} has no action id: no rules allow a bid above 13")
    raise TypeError(f"action_id() takes an action, not {excerpt(action)}")


def action_from_id(number: int) -> SeatAction:
    """The action whose id is ``number``.

    Raises:
        TypeError: if ``number`` is not an int.
        ValueError: if it is not from 0 to ``NUM_ACTIONS - 1``.
    """
    if not isinstance(number, int) or isinstance(number, bool):
        raise TypeError(f"an action id is an int, not {excerpt(number)}")
    if not 0 <= number < NUM_ACTIONS:
        raise ValueError(f"an action id is from 0 to {NUM_ACTIONS - 1}, not {number}")
    return _ACTIONS[number]


def legal_ids(game: GameState | SeatView) -> tuple[int, ...]:
    """The ids of the legal actions of a state, or of a view's seat, in ascending order.

    For a state, the ids of :func:`~pitch13.legal_actions` (none for chance or a game over);
    for a view, those of its :attr:`~pitch13.SeatView.legal_actions` (none unless its seat is
    to act).

    Raises:
        TypeError: if ``game`` is neither a :class:`~pitch13.GameState` nor a
            :class:`~pitch13.SeatView`.
    """
    if isinstance(game, GameState):
        actions = legal_actions(game)
    elif isinstance(game, SeatView):
        actions = game.legal_actions
    else:
        raise TypeError(f"legal_ids() takes a GameState or a SeatView, not {excerpt(game)}")
    ids = _IDS
    return tuple([ids[action] for action in actions])
