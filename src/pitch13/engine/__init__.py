"""The rules: :func:`new_game`, :func:`legal_actions` and :func:`apply`.

:func:`apply` is a pure function: it checks the action, then builds the next state, doing
every forced step (dead-card discards, the refill, seats going out, trick ends, scoring, the
next deal when the game is seeded) on the way and recording each as an event.

Each phase of a hand has its module here, which pairs the phase's legal actions with its
transition; the order of the phases, and the forced steps between them, is written once, in
one function of the engine's private code. A hand goes

    DEAL → BIDDING → TRUMP → (DISCARD) → (PICKUP) → refill → (LOOK) → PLAY → score
"""

from __future__ import annotations

import copyreg
import enum
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Literal, cast, overload

from pitch13._base.checks import MAX_SEED, assert_never, check_seat, check_seed, excerpt, option_or_default
from pitch13._base.shuffle import seeded_order
from pitch13._core import fields
from pitch13._core import history as _history
from pitch13._core.action_sets import ACTION_TYPES
from pitch13._core.logs import hand_logs
from pitch13.actions import Action, Bid, Deal, GiveUp, NameTrump, Pass, Play, Reject, SeatAction, Stop, TurnUp
from pitch13.cards import DECK
from pitch13.engine import _auction, _discard, _end, _flow, _look, _pickup, _play
from pitch13.engine._partway import MAX_HAND_NUMBER, check_start, start_partway
from pitch13.engine._work import Phases, act, freeze, refuse
from pitch13.errors import IllegalActionError, IllegalReason
from pitch13.rules import Rules
from pitch13.scoring import HandResult
from pitch13.state import GameState

if TYPE_CHECKING:
    from typing_extensions import deprecated
else:

    def deprecated(message: str) -> Callable[[Callable[..., GameState]], Callable[..., GameState]]:
        """The PEP 702 mark is for type checkers: at run time :func:`new_game` warns itself."""
        return lambda function: function


__all__ = [
    "MAX_HAND_NUMBER",
    "MAX_SEED",
    "IllegalActionError",
    "IllegalReason",
    "apply",
    "legal_actions",
    "new_game",
    "why_illegal",
]

_DEFAULT_RULES: Final = Rules()
_PLAY: Final = Phases.PLAY
_LOOK: Final = Phases.LOOK
_BIDDING: Final = Phases.BIDDING
_TRUMP: Final = Phases.TRUMP
_DISCARD: Final = Phases.DISCARD
_PICKUP: Final = Phases.PICKUP
_DEAL: Final = Phases.DEAL
_GAME_OVER: Final = Phases.GAME_OVER
#: The actions of the look and of the auction (exactly these classes take the short way).
_LOOK_STEPS: Final = frozenset({TurnUp, Stop, Reject, GiveUp})
_BIDDING_STEPS: Final = frozenset({Pass, Bid})
#: The action classes (their subclasses are actions too, but are checked the slow way).
_ACTIONS: Final = frozenset(ACTION_TYPES)


class _Unset(enum.Enum):
    """What :func:`new_game` holds for a dealer or seed not given by keyword (internal).

    A keyword given the default's value (``dealer=0``) is still given, and so is told apart.
    """

    UNSET = enum.auto()

    def __repr__(self) -> str:
        return "<not given>"  # as help() shows the default


_UNSET: Final = _Unset.UNSET

#: The warning of :func:`new_game`'s dealer or seed given by position.
_POSITIONAL: Final = (
    "new_game()'s dealer and seed are given by keyword (new_game(rules, dealer=0, seed=7)); "
    "given by position they are refused from pitch13 0.4"
)


@overload
def new_game(
    rules: Rules | None = None,
    *,
    dealer: int = 0,
    seed: int | None = None,
    scores: tuple[int, int] | list[int] = (0, 0),
    hand_number: int = 1,
) -> GameState: ...


@overload
@deprecated(  # a literal, which type checkers read (the same text as _POSITIONAL)
    "new_game()'s dealer and seed are given by keyword (new_game(rules, dealer=0, seed=7)); "
    "given by position they are refused from pitch13 0.4"
)
def new_game(
    rules: Rules | None,
    dealer: int,
    seed: int | None = None,
    *,
    scores: tuple[int, int] | list[int] = (0, 0),
    hand_number: int = 1,
) -> GameState: ...


def new_game(
    rules: Rules | None = None,
    *positional: int | None,
    dealer: int | Literal[_Unset.UNSET] = _UNSET,
    seed: int | Literal[_Unset.UNSET] | None = _UNSET,
    scores: tuple[int, int] | list[int] = (0, 0),
    hand_number: int = 1,
) -> GameState:
    """Start a game under ``rules`` (default :class:`Rules() <pitch13.Rules>`), ``dealer`` dealing first.

    With a ``seed``, every hand is dealt from :func:`~pitch13.shuffled_deck` ``(seed, hand_number)``
    inside :func:`apply`, so the game is reproducible and never stops at a chance state. Without
    one, the game starts (and each later hand starts) at a chance state (:attr:`GameState.is_chance`)
    and the caller applies a :class:`~pitch13.Deal` with its own shuffle (R-DEAL-3).

    How a deck becomes hands (R-DEAL-1): with ``order`` the deck top card first and seats
    ``s1, s2, s3, s4`` clockwise from the dealer's left, round ``r`` (0 to 2) gives seat ``sk``
    (k from 1 to 4) the cards ``order[12*r + 3*(k-1) : 12*r + 3*k]``. The last 18 cards,
    ``order[36:]``, are the stock, top card first.

    A game can start partway, at a later hand or at given scores: a match played on from a
    score, or a one-hand episode for training. Its history then begins at that hand, and
    :attr:`GameState.results` holds only the hands played from there. The game goes on as any
    other: the deal passes left (R-DEAL-2) and it ends when a team's score passes the target
    (R-END-1, R-END-2).

    Args:
        rules: the rules of the game.
        *positional: ``dealer`` and ``seed`` given by position (deprecated).
        dealer: the dealer of the first hand played, hand ``hand_number`` (0 to 3). The
            state's :attr:`~GameState.first_dealer` is the seat that dealt hand 1, as the deal
            passes left every hand (R-DEAL-2): ``(dealer - (hand_number - 1)) % 4``.
        seed: the seed that deals every hand, or ``None`` to deal with :class:`~pitch13.Deal`.
            A game started at hand ``n`` deals it from ``shuffled_deck(seed, n)``, as a game
            started at hand 1 does when it gets there.
        scores: ``(team A, team B)`` before the first hand; either may be negative
            (R-SCORE-1), but neither may already win the game (R-END-1).
        hand_number: the number of the first hand played, from 1; the hands before it count
            as played (and the scores as theirs), though the game keeps no history of them.

    ``dealer`` and ``seed`` are given by keyword. Given by position (``new_game(rules, 3)``,
    which reads as a seed and is a dealer), they work as before but are deprecated, at run time
    (:exc:`DeprecationWarning`) and to type checkers, and are refused from 0.4.

    Raises:
        TypeError: if ``rules`` is not a :class:`~pitch13.Rules`, ``dealer``, ``seed`` or
            ``hand_number`` not an int, or ``scores`` not a pair (a tuple or a list) of ints;
            or if more than two arguments follow ``rules``, or one is given both ways.
        ValueError: if ``dealer`` is not from 0 to 3, ``seed`` is outside ``±(2**128 - 1)``
            (so that every game can be saved, :class:`~pitch13.GameRecord`), ``hand_number``
            is not from 1 to 10,000, or a score is below ``-10**9`` or has already won
            (R-END-1: more than ``rules.target``, or at least it under
            ``target_rule="at_least"``).
    """
    if positional:
        dealer, seed = _positional(positional, dealer, seed)
    dealer = 0 if dealer is _UNSET else dealer
    seed = None if seed is _UNSET else seed
    rules = option_or_default(rules, Rules, "rules", _DEFAULT_RULES)
    dealer = check_seat(dealer, "dealer")
    if seed is not None:
        seed = check_seed(seed, "an int or None")  # a plain int: the record writes it as one
    scores, hand_number = check_start(rules, scores, hand_number)
    if hand_number != 1 or scores != (0, 0):  # a game started partway, its history begun there
        return start_partway(
            rules,
            first_dealer=(dealer - hand_number + 1) & 3,
            hand_number=hand_number,
            scores=scores,
            last_result=None,
            ply=0,
            deck=None,
            seed=seed,
        )
    w = fields.start(rules, seed, first_dealer=dealer)
    if seed is not None:
        _end.deal(w, seeded_order(seed, 1))
        _flow.after(w, Phases.DEAL)
    return freeze(w)


def _positional(
    given: tuple[int | None, ...],
    dealer: int | Literal[_Unset.UNSET],
    seed: int | Literal[_Unset.UNSET] | None,
) -> tuple[int, int | Literal[_Unset.UNSET] | None]:
    """The dealer and seed of :func:`new_game` given by position (deprecated), with a warning.

    Raises:
        TypeError: if more than two are given, or one of them by keyword too.
    """
    if len(given) > 2:
        raise TypeError(f"new_game() takes rules and at most 2 more positional arguments, not {len(given)}")
    if dealer is not _UNSET or (len(given) == 2 and seed is not _UNSET):
        raise TypeError("new_game() got the dealer or the seed both by position and by keyword")
    warnings.warn(_POSITIONAL, DeprecationWarning, stacklevel=3)
    return cast(int, given[0]), given[1] if len(given) == 2 else seed


# --- legal actions -------------------------------------------------------------------------------


def legal_actions(state: GameState) -> tuple[SeatAction, ...]:
    """The actions the seat to act may take, in the stable order of :mod:`pitch13.actions`.

    Empty when chance is to act (apply a :class:`~pitch13.Deal`) and when the game is over.

    Raises:
        TypeError: if ``state`` is not a :class:`GameState`.
    """
    if type(state) is not GameState:
        raise TypeError(f"legal_actions() takes a GameState, not {type(state).__name__}")
    # The phases by the module's names, commonest first: a name read off a class (a match
    # case's ``Phases.LOOK``) is a slow lookup before Python 3.12.
    phase = state._phase
    if phase is _PLAY:
        table = state._table
        assert table is not None
        return _play.play_choices(state._hands[state._to_act], table)
    if phase is _BIDDING:
        return _auction.legal_bidding(state)
    if phase is _PICKUP:
        return _pickup.pickup_choices(state._takeable)
    if phase is _LOOK:
        return _look.look_choices(state._turned >= 0, state._hands[state._to_act])
    if phase is _TRUMP:
        return _auction.legal_trump(state)
    if phase is _DISCARD:
        return _discard.discard_choices(state._hands[state._to_act])
    if phase is _DEAL or phase is _GAME_OVER:
        return ()
    assert_never(phase)  # pragma: no cover - mypy checks that every phase is handled


# --- apply ---------------------------------------------------------------------------------------


def apply(state: GameState, action: Action, *, seat: int | None = None, ply: int | None = None) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Args:
        state: the state to act in.
        action: an action of :func:`legal_actions`, or a :class:`~pitch13.Deal` at a chance state.
        seat: if given, the seat that claims to act; a server passes it so that a move sent
            by the wrong player is refused with :attr:`IllegalReason.NOT_YOUR_TURN`.
        ply: if given, the :attr:`~GameState.ply` of the position the move was made for (a
            client echoes its view's :attr:`~pitch13.SeatView.ply`); a move made for an earlier
            position is refused with :attr:`IllegalReason.STALE_MOVE`, even if it would be legal
            now.

    Raises:
        IllegalActionError: if the action is not legal here, with the reason.
        TypeError: if ``state`` is not a :class:`GameState`, ``action`` not an action, or
            ``seat`` or ``ply`` not an int.
        ValueError: if ``seat`` is an int outside 0..3.
    """
    if type(state) is not GameState:
        raise TypeError(f"apply() takes a GameState, not {type(state).__name__}")
    phase = state._phase
    if seat is None and ply is None:  # the commonest steps, straight to their phase
        if phase is _PLAY:
            if type(action) is Play:
                done = _play.play(state, state._to_act, action)
                return done if type(done) is GameState else freeze(_flow.after(done, _PLAY))
        elif phase is _LOOK:
            if type(action) in _LOOK_STEPS:
                done = _look.apply_look(state, state._to_act, action)
                return done if type(done) is GameState else freeze(_flow.after(done, _LOOK))
        elif phase is _BIDDING and type(action) in _BIDDING_STEPS:
            done = _auction.apply_bidding(state, state._to_act, action)
            return done if type(done) is GameState else freeze(_flow.after(done, _BIDDING))
        elif phase is _TRUMP and type(action) is NameTrump:
            return freeze(_flow.after(_auction.apply_trump(state, state._to_act, action), _TRUMP))
    elif seat is not None:
        seat = check_seat(seat)
    kind = type(action)
    if kind not in _ACTIONS and not isinstance(action, ACTION_TYPES):
        raise TypeError(f"apply() takes an action such as Play(card) or Bid(5), not {excerpt(action)}")
    if ply is not None:
        if type(ply) is not int and (not isinstance(ply, int) or isinstance(ply, bool)):
            raise TypeError(f"ply must be None or an int, not {excerpt(ply)}")
        if ply != state._ply:
            # The seat the move was made for: the one given; else chance's (None) for a Deal
            # or when no seat is to act, and the seat to act for any other action.
            chance = kind is Deal or isinstance(action, Deal) or state._to_act < 0
            who = seat if seat is not None or chance else state._to_act
            over = state._outcome is not None
            why = f"it was made at ply {excerpt(ply)}, and the game {'ended' if over else 'is'} at ply {state._ply}"
            refuse(IllegalReason.STALE_MOVE, who, action, why, over=over)
    if state._outcome is not None:
        refuse(IllegalReason.GAME_OVER, seat, action, "the game is over", over=True)
    if phase is Phases.DEAL:
        return _deal(state, action, seat)
    actor: int = state._to_act
    if kind is Deal or isinstance(action, Deal):
        refuse(IllegalReason.ALREADY_DEALT, seat, action, f"hand {state._hand_number} is already dealt")
    if seat is not None and seat != actor:
        refuse(IllegalReason.NOT_YOUR_TURN, seat, action, f"it is seat {actor}'s turn")
    match phase:
        case Phases.PLAY:
            done = _play.apply_play(state, actor, action)
        case Phases.LOOK:
            done = _look.apply_look(state, actor, action)
        case Phases.BIDDING:
            done = _auction.apply_bidding(state, actor, action)
        case Phases.TRUMP:
            done = _auction.apply_trump(state, actor, action)
        case Phases.DISCARD:
            done = _discard.apply_discard(state, actor, action)
        case Phases.PICKUP:
            done = _pickup.apply_pickup(state, actor, action)
        case Phases.GAME_OVER:  # pragma: no cover - refused above
            raise AssertionError("the game is over")
        case unknown:  # pragma: no cover - mypy checks that every phase is handled
            assert_never(unknown)
    return done if type(done) is GameState else freeze(_flow.after(done, phase))


def why_illegal(
    state: GameState, action: Action, *, seat: int | None = None, ply: int | None = None
) -> IllegalReason | None:
    """Why :func:`apply` would refuse ``action`` here, or ``None`` if it would apply it.

    The check a user interface makes to grey out moves: it raises nothing for an illegal action.

    >>> import pitch13
    >>> state = pitch13.new_game(seed=7)
    >>> why_illegal(state, pitch13.Bid(2)), why_illegal(state, pitch13.Pass(), seat=1)
    (<IllegalReason.BID_TOO_LOW: 'bid_too_low'>, None)

    Raises:
        TypeError: as :func:`apply` does, for an argument of the wrong type.
        ValueError: as :func:`apply` does, for a seat outside 0..3.
    """
    try:
        apply(state, action, seat=seat, ply=ply)
    except IllegalActionError as error:
        return error.reason
    return None


def _deal(state: GameState, action: Action, seat: int | None) -> GameState:
    """Chance's deal of the next hand (R-DEAL-1, R-DEAL-3)."""
    if not isinstance(action, Deal):
        why = "the next hand must be dealt first (apply a Deal)"
        refuse(IllegalReason.AWAITING_DEAL, seat, action, why)
    if seat is not None:
        refuse(IllegalReason.NOT_YOUR_TURN, seat, action, "chance deals, not a seat")
    w = fields.Work(state._layout)
    act(w, _history.DEAL_CODE)
    _end.deal(w, [card.index for card in action.order])
    return freeze(_flow.after(w, Phases.DEAL))


# --- pickling ------------------------------------------------------------------------------------
#
# A state pickles as its game's rules, first dealer and seed and each hand's deck (unless the
# seed deals it) and actions, two bytes an action; loading it replays them. A game started
# partway pickles its start too. Registered with copyreg, as the state module cannot name the
# engine that replays.


def _reduce(state: GameState) -> tuple[Callable[..., GameState], tuple[object, ...]]:
    seeded = state._seed is not None
    logs = list(hand_logs(state))
    start = _history.start_of(state._past)
    first: tuple[object, ...] | None = None
    if start is not None:  # a game started partway, its first hand dealt with it or by a Deal
        logs = logs[1:]
        deck = None
        if logs and not _history.dealt_by_chance(logs[0][1]):
            deck = None if seeded else logs[0][0]  # a seed deals it again
            logs[0] = (b"", logs[0][1])
        first = (start.number + 1, start.scores, start.last, start.plies, deck)
    hands = tuple((b"" if seeded else deck, bytes(_packed_actions(log))) for deck, log in logs)
    return (_restore, (state._rules, state._first_dealer, state._seed, hands, first))


def _packed_actions(log: bytes) -> list[int]:
    out: list[int] = []
    for kind, seat, argument in _history.actions_of(log):
        out += (kind, seat << 6 | argument)
    return out


def _restore(
    rules: Rules,
    first_dealer: int,
    seed: int | None,
    hands: tuple[tuple[bytes, bytes], ...],
    start: tuple[object, ...] | None = None,
) -> GameState:
    """A pickled state, rebuilt by replaying its actions."""
    if start is None:
        state = new_game(rules, dealer=first_dealer, seed=seed)
    else:
        hand_number, scores, last, ply, deck = start
        state = start_partway(
            rules,
            first_dealer=first_dealer,
            hand_number=cast(int, hand_number),
            scores=cast("tuple[int, int]", scores),
            last_result=cast("HandResult | None", last),
            ply=cast(int, ply),
            deck=cast("bytes | None", deck),
            seed=seed,
        )
    for deck, actions in hands:
        if deck:
            state = apply(state, Deal(DECK[i] for i in deck))
        for at in range(0, len(actions), 2):
            packed = actions[at + 1]
            state = apply(state, _history.action_of(actions[at], packed & 63), seat=packed >> 6)
    return state


copyreg.pickle(GameState, _reduce)
