"""Every exception pitch13 raises, and the reasons an action is refused.

pitch13 raises its own exceptions for what a caller can get wrong; each is a :exc:`ValueError`
(or, for those that are not about a bad value, a :exc:`RuntimeError` or :exc:`AssertionError`),
so code that already handles bad values keeps working. An argument of the wrong type raises a
plain :exc:`TypeError`. Every class is importable from :mod:`pitch13` itself, but
``InvariantError`` and ``ConformanceError``, which come with :mod:`pitch13.testing`.

.. code-block:: text

   ValueError
   ├── IllegalActionError      apply(): .reason is an IllegalReason
   ├── RulesError              Rules(...): .option, and the message, name the option
   ├── CardParseError          Card.parse(), parse_cards(), Suit.parse()
   ├── ActionParseError        parse_action(): .position says where
   ├── DocumentError           every loader, and replay(): .where says where
   ├── BotError                play_game(): .seat and .action name the bot's answer
   └── FairnessError           GameRecord.verify_deals(): the deals are not shown fair
   RuntimeError
   ├── SamplingError           sample_state(): no game fits the view
   ├── BotFailedError          play_game(), match(), simulate(): a bot's choose(), or its maker, raised
   └── GameTooLongError        play_game(), match(), simulate(): not over after 10,000 hands
   AssertionError
   └── InvariantError          pitch13.testing.check_invariants()
       └── ConformanceError    pitch13.testing.check_random_games(): names game and ply

**Seats.** Everywhere a seat is an argument (``apply(..., seat=)``, :func:`~pitch13.view`,
:meth:`GameState.hand <pitch13.GameState.hand>`, ``new_game(dealer=)``), it is an ``int`` from
0 to 3: anything that is not an ``int`` (a ``bool`` included) raises :exc:`TypeError`, and an
``int`` outside 0..3 raises :exc:`ValueError`.
"""

from __future__ import annotations

import enum
from typing import Final, get_args

from pitch13._base.checks import MAX_HANDS, ShortLookup, excerpt
from pitch13._base.failures import ActionParseError, CardParseError, DocumentError, RulesError
from pitch13._base.failures import Reduced as _Reduced
from pitch13._base.failures import remade as _remade
from pitch13.actions import Action

__all__ = [
    "ActionParseError",
    "BotError",
    "BotFailedError",
    "CardParseError",
    "ConformanceError",
    "DocumentError",
    "FairnessError",
    "GameTooLongError",
    "IllegalActionError",
    "IllegalReason",
    "InvariantError",
    "RulesError",
    "SamplingError",
]


class IllegalReason(ShortLookup, enum.Enum):
    """Why :func:`~pitch13.apply` refused an action: the machine-readable part of :class:`IllegalActionError`."""

    #: The game is over.
    GAME_OVER = "game_over"
    #: Chance is to act: only a :class:`~pitch13.Deal` may be applied.
    AWAITING_DEAL = "awaiting_deal"
    #: A :class:`~pitch13.Deal` was applied while the hand is already dealt.
    ALREADY_DEALT = "already_dealt"
    #: The ``seat`` given to :func:`~pitch13.apply` is not the seat to act.
    NOT_YOUR_TURN = "not_your_turn"
    #: This kind of action does not belong to the current phase.
    WRONG_PHASE = "wrong_phase"
    #: The dealer may not pass when everyone else passed (R-BID-2).
    MUST_BID = "must_bid"
    #: The bid is not above the high bid, or below the lowest bid (R-BID-1).
    BID_TOO_LOW = "bid_too_low"
    #: The bid is above ``max_bid``, or nobody may bid over the moon (R-BID-3).
    BID_TOO_HIGH = "bid_too_high"
    #: The card is not in the seat's hand.
    NOT_IN_HAND = "not_in_hand"
    #: The card is not a trump, so it cannot be played (R-PLAY-1).
    NOT_A_TRUMP = "not_a_trump"
    #: The card is not one of the shed cards that may be picked up (R-PICK-1).
    NOT_TAKEABLE = "not_takeable"
    #: No stock card is turned up to reject or take (R-LOOK-2).
    NO_TURNED_CARD = "no_turned_card"
    #: A stock card is turned up: take it or reject it first (R-LOOK-2).
    DECIDE_TURNED_CARD = "decide_turned_card"
    #: The move was made for an earlier position: the ``ply`` given to
    #: :func:`~pitch13.apply` is not the state's (the game moved on since the player saw it).
    STALE_MOVE = "stale_move"


class IllegalActionError(ValueError):
    """An action that is not legal in the state it was applied to.

    The state is untouched (states are immutable). ``reason`` says why in a form a program
    can switch on; ``str(error)`` says it in words, e.g. ``seat 2 cannot play 4♣: it is not
    a trump``.
    """

    def __init__(self, reason: IllegalReason, message: str, *, action: Action, seat: int | None) -> None:
        super().__init__(message)
        #: Why the action was refused.
        self.reason: Final[IllegalReason] = reason
        #: The refused action.
        self.action: Final[Action] = action
        #: The seat the refused move was made for: the ``seat`` given to :func:`~pitch13.apply`
        #: if one was; else the seat to act, or ``None`` for a :class:`~pitch13.Deal` (chance's
        #: move) and when no seat was to act.
        self.seat: Final[int | None] = seat

    def __reduce__(self) -> _Reduced:
        kwargs = {"action": self.action, "seat": self.seat}
        return (_remade, (type(self), (self.reason, str(self)), kwargs))


class BotError(ValueError):
    """A bot returned something that is not one of its legal actions."""

    def __init__(self, seat: int, action: object, where: str = "") -> None:
        quoted = action.text if type(action) is _Quoted else excerpt(action)
        message = f"the bot of seat {seat} chose {quoted}, which is not one of its legal actions"
        if isinstance(action, (str, bytes, int)):
            message += " (a bot returns an action, such as pitch13.PASS or pitch13.parse_action('bid 5'))"
        super().__init__(f"{message}, in {where}" if where else message)
        #: The seat whose bot failed.
        self.seat = seat
        #: What it returned; from a worker process, unless it is an action, a str, bytes, an int
        #: or ``None``, a stand-in whose ``repr`` is the quote in the message (what a bot returns
        #: may not pickle: a generator, a lock).
        self.action = action
        #: Where it happened (``"game 3 of the run seeded 0"``), or ``""`` when the caller knows.
        self.where = where

    def __reduce__(self) -> _Reduced:
        action = self.action
        if not isinstance(action, _SENT_AS_IS):  # its quote, so that the error reaches the caller
            action = _Quoted(excerpt(action))
        return (_remade, (type(self), (self.seat, action, self.where), {}))


class _Quoted:
    """What a bot returned, as :class:`BotError` sends it to another process: its quote."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


#: What a :class:`BotError` pickles as it is: actions, and what pickles plainly.
_SENT_AS_IS: Final = (*get_args(Action), str, bytes, int, type(None), _Quoted)


class BotFailedError(RuntimeError):
    """A bot's ``choose`` raised an exception, or called ``sys.exit()``, in a game that pitch13 was playing for it.

    Or its maker did, as :func:`~pitch13.arena.match`, :func:`~pitch13.simulate.simulate` or the
    Gymnasium environment made it from its :data:`~pitch13.bots.BotSpec` (``making`` is then
    true): a spec is what makes a bot from a seed, a class of bots for one, not a bot's
    ``choose`` function.

    :func:`~pitch13.bots.play_game`, :func:`~pitch13.bots.iter_hands`,
    :func:`~pitch13.arena.match`, :func:`~pitch13.arena.play_pair`,
    :func:`~pitch13.simulate.simulate`, :func:`~pitch13.simulate.simulate_game` and the
    Gymnasium environment (for the other seats' bots) raise it from the bot's own exception,
    which is its ``__cause__`` (the traceback shows both) when the bot ran in this process; a
    program that caught the bot's own exception type catches this one and reads ``__cause__``.
    From a worker process the bot's exception does not travel, as it may not pickle: ``error``
    keeps its type and message, and the traceback shows the worker's.
    """

    def __init__(
        self, seat: int, error: BaseException | str, where: str = "", *, making: bool = False
    ) -> None:
        error = _said(error) if isinstance(error, BaseException) else _shortened(error)
        message = f"{'making the' if making else 'the'} bot of seat {seat} raised {error}"
        super().__init__(f"{message}, in {where}" if where else message)
        #: The seat whose bot failed.
        self.seat = seat
        #: What it raised, as text: ``"ValueError: no move"`` (at most 200 characters).
        self.error = error
        #: Where it happened (``"game 3 of the run seeded 0"``), or ``""`` when the caller knows.
        self.where = where
        #: Whether the bot failed as it was made (its maker, a :data:`~pitch13.bots.BotSpec`,
        #: raised), not in its ``choose``.
        self.making = making

    def __reduce__(self) -> _Reduced:
        return (_remade, (type(self), (self.seat, self.error, self.where), {"making": self.making}))


def _said(error: BaseException) -> str:
    """``error`` in words, ``"ValueError: no move"``: one line of at most 200 characters.

    Whatever its ``str`` does: a failure there leaves the type's name alone.
    """
    try:
        told = " ".join(str(error).split())  # a line, for a message that says where it was
    except Exception:  # an exception whose own str() fails
        told = ""
    return _shortened(f"{type(error).__name__}: {told}" if told else type(error).__name__)


def _shortened(text: str) -> str:
    """``text``, or its first 199 characters and an ellipsis."""
    return text if len(text) <= 200 else f"{text[:199]}…"


class GameTooLongError(RuntimeError):
    """A game that pitch13 was playing for bots is not over after 10,000 hands.

    :func:`~pitch13.bots.play_game`, :func:`~pitch13.bots.iter_hands`,
    :func:`~pitch13.arena.match`, :func:`~pitch13.arena.play_pair`,
    :func:`~pitch13.simulate.simulate` and :func:`~pitch13.simulate.simulate_game` raise it as
    hand 10,001 would begin (``pitch13 play`` too): 10,000 hands are the most a record holds,
    and a game of random play lasts about 125. Its bots may never end it: bots that always pass
    under ``Rules(all_pass="redeal")`` throw in every hand. Or its rules may: a ``target`` of
    a million is more than 10,000 hands can score.
    """

    def __init__(self, where: str) -> None:
        super().__init__(
            f"{where} is not over after {MAX_HANDS:,} hands, the most a record holds: its bots may"
            " never end it (every hand passed out and dealt again, say), or its target be out of reach"
        )
        #: Which game (``"game 3 of the run seeded 0"``).
        self.where = where

    def __reduce__(self) -> _Reduced:
        return (_remade, (type(self), (self.where,), {}))


class FairnessError(ValueError):
    """A game record that does not show its deals were fixed by the commitment given for them.

    Raised by :meth:`GameRecord.verify_deals <pitch13.GameRecord.verify_deals>`: the record has
    no seed, the commitment is not one, the record's seed is not the one committed to, or a deck
    is not the seed's. The message says which.
    """


class SamplingError(RuntimeError):
    """No consistent state was found; it means a view that no game can produce."""


class InvariantError(AssertionError):
    """A state that breaks one of the game's invariants."""


class ConformanceError(InvariantError):
    """A promise of the engine broken in a random game of :func:`pitch13.testing.check_random_games`.

    The message names the game, its seed and the ply; ``check_random_games`` with the same
    arguments plays the same games, so the failure can be replayed.
    """
