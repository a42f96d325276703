"""13-point partner pitch as an OpenSpiel game: ``python_pitch13`` and ``python_pitch13_sampled``.

Importing this module registers two games with OpenSpiel's ``pyspiel`` (install them with
``pip install 'pitch13[openspiel]'``); load them by name:

>>> import pyspiel
>>> import pitch13.adapters.openspiel  # registers the games
>>> game = pyspiel.load_game("python_pitch13", {"rules": "classic", "max_hands": 3})
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.max_utility(), game.max_game_length()
(237, 54, 60.0, 132)
>>> game.observation_tensor_shape(), game.information_state_tensor_shape()
([1089], [6074])
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 54)

Both play the same rules through the engine (:func:`pitch13.apply`); they differ only in how the
deck is shuffled:

``python_pitch13`` (explicit chance)
    The deck is dealt card by card: one chance node per deck position, 54 of them, each with
    uniform outcomes over the cards not dealt yet (outcome = the card's
    :attr:`~pitch13.Card.index`). Position ``i`` of the deck goes to a seat or the stock as
    :func:`pitch13.new_game` describes (R-DEAL-1); once the 54th card is placed, the engine's
    :class:`~pitch13.Deal` is applied; until then the seats observe nothing of the deal (the
    engine's state waits for its deck). Algorithms that enumerate chance (CFR,
    expectiminimax) see every deal.
``python_pitch13_sampled`` (sampled chance)
    OpenSpiel's sampled-stochastic idiom: one chance node per hand with a single outcome,
    ``0``, of probability 1; applying it deals a deck drawn from the game's random generator,
    seeded by the ``rng_seed`` parameter. Cheaper for simulation and reinforcement learning.

==========================  =====================================================================
players                     4: seats 0 to 3 clockwise; seats 0 and 2 are team A, 1 and 3 team B
actions                     237 distinct actions, the ids of :mod:`pitch13.encoding` (pass 0, bid
                            1 to 13, trump 14 to 17, turn up 18, reject 19, stop 20, discard,
                            take, give up and play a card 21 to 236)
chance outcomes             ``python_pitch13``: 54 (the card dealt at the next deck position);
                            ``python_pitch13_sampled``: 1 (the deal itself is drawn inside)
observation tensor          ``(1089,)``: :func:`pitch13.encoding.encode`, seat-relative, only
                            what the seat may know, as the named pieces of
                            :data:`~pitch13.encoding.OBSERVATION_SPEC`
information-state tensor    ``(6074,)``: :func:`pitch13.encoding.info_state_tensor` (the
                            observation; the hand's 6 tricks as a ``(6, 220)`` piece ``"tricks"``,
                            each its leader and a card plane per seat; a count per token id,
                            piece ``"tokens"``); earlier hands known by the scores. The
                            information-state string is exact within the hand. Neither is of
                            perfect recall across hands, as OpenSpiel's ``spiel.h`` asks (a
                            seat's own earlier actions are left out: hands meet only in the
                            scores), and the tensor is not within a hand either (it counts
                            the look-through's steps, not their order); with ``max_hands=1``
                            the string is of perfect recall (the episode is one hand)
strings                     :func:`~pitch13.encoding.observation_string`,
                            :func:`~pitch13.encoding.info_state_string`
utility                     zero-sum between the teams; terminal only; the change in (own team's
                            score − the other's) over the episode, in ``±2 P · max_hands``
                            (P = 13, or 10 under the classic rules); a team that wins the game
                            gets the maximum, ``2 P · max_hands``
episode end                 ``max_hands`` hands scored or thrown in, or the game won
max game length             ``max_hands · (4 T − 20)`` decisions, T the number of trumps (17
                            or 16): 48 per hand, 44 under the classic rules
                            (:func:`max_decisions_per_hand`)
==========================  =====================================================================

Parameters (all optional):

==================  =============  ===========================================================
parameter           default        meaning
==================  =============  ===========================================================
``rules``           ``"default"``  ``"default"`` (:meth:`Rules.default <pitch13.Rules.default>`) or
                                   ``"classic"`` (:meth:`Rules.classic_ten_point
                                   <pitch13.Rules.classic_ten_point>`)
``max_hands``       1              hands per episode, from 1 to 10,000
``score_a``         0              team A's score before the episode's first hand
``score_b``         0              team B's score before it
``dealer``          0              the dealer of the episode's first hand, 0 to 3
``hand_number``     1              the number of the episode's first hand in its game, from 1
``rng_seed``        0              (``python_pitch13_sampled`` only) the seed of the deals, a
                                   32-bit int (OpenSpiel's parameters are C ints); a negative
                                   seed draws one from the operating system
==================  =============  ===========================================================

An episode is a game started partway (:func:`pitch13.new_game` with ``scores`` and
``hand_number``) and played for ``max_hands`` hands: the start scores must not already win.

The utility. Per hand, R-SCORE-1 moves the difference of the scores by at most ``2 P``: a bidding
team that is set loses its bid (at most P) while the defenders score the points they took (at
most P), and a bidding team that makes its bid gains at most P. So an episode's change lies in
``±2 P · max_hands``. A hand that ends the game (a made moon, a lost moon under
``moon_failure="lose_game"``, a score past the target) gives the winning team that bound,
``+2 P · max_hands``, and the losers its negative, whatever the scores: winning the game is worth
as much as the best episode can be. Returns are paid at the end of the episode only.

The states hold the engine's immutable :class:`~pitch13.GameState`, which a clone shares.
:meth:`PitchState.resample_from_infostate` deals what a seat cannot see afresh with
:func:`pitch13.sample_state`, for Python's information-set MCTS
(``open_spiel.python.algorithms.ismcts``); pyspiel gives algorithms written in C++ no way to call
a Python game's resampler.

Serialization: a state's ``serialize()`` and the game's ``deserialize_state(text)`` work for both
games, as for every Python game (the text holds the history and the state's own fields, pickled).
``pyspiel.serialize_game_and_state`` and pickling the game work for ``python_pitch13``; for
``python_pitch13_sampled`` pyspiel also asks the game for the state of its random generator, which
it cannot ask a game written in Python for, and raises ``SpielError`` ("GetRNGState
unimplemented"), as it does for ``copy.deepcopy`` or a pickle of a sampled game's state, and
for ``pyspiel.random_sim_test(..., serialize=True)``: use its ``clone()``, or ``serialize()`` and
``deserialize_state``, and ``serialize=False`` there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Final, cast

import attrs

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel  # type: ignore[import-not-found,unused-ignore]
except ImportError as error:
    raise ImportError(
        "pitch13.adapters.openspiel needs OpenSpiel and NumPy: pip install 'pitch13[openspiel]'"
    ) from error

from pitch13._base.checks import excerpt
from pitch13.actions import Deal, SeatAction
from pitch13.cards import DECK, Card
from pitch13.encoding import (
    INFO_STATE_SIZE,
    NUM_ACTIONS,
    OBS_SIZE,
    OBSERVATION_SPEC,
    action_from_id,
    action_id,
    encode,
    info_state_string,
    info_state_tensor,
    legal_ids,
    observation_string,
)
from pitch13.engine import apply, new_game
from pitch13.events import HandDealt
from pitch13.rules import LookTake, Rules
from pitch13.sampling import sample_state
from pitch13.state import GameState
from pitch13.views import view

__all__ = [
    "PARAMETERS",
    "SAMPLED_SHORT_NAME",
    "SHORT_NAME",
    "PitchGame",
    "PitchObserver",
    "PitchState",
    "SampledPitchGame",
    "max_decisions_per_hand",
]

#: The name of the game with explicit chance: the deck dealt card by card.
SHORT_NAME: Final = "python_pitch13"
#: The name of the game with sampled chance: one chance node per hand.
SAMPLED_SHORT_NAME: Final = "python_pitch13_sampled"

#: The parameters of both games and their defaults (``python_pitch13_sampled`` adds ``rng_seed``).
PARAMETERS: Final[Mapping[str, int | str]] = {
    "rules": "default",
    "max_hands": 1,
    "score_a": 0,
    "score_b": 0,
    "dealer": 0,
    "hand_number": 1,
}
_SAMPLED_PARAMETERS: Final[Mapping[str, int | str]] = {**PARAMETERS, "rng_seed": 0}

#: The rules each value of the ``rules`` parameter names.
_PRESETS: Final = {"default": Rules.default(), "classic": Rules.classic_ten_point()}

_NUM_PLAYERS: Final = 4
_DECK_SIZE: Final = len(DECK)
#: OpenSpiel's player ids for chance and for a terminal state (``pyspiel.PlayerId``).
_CHANCE: Final = -1
_TERMINAL: Final = -4
_ZEROS: Final = (0.0, 0.0, 0.0, 0.0)
_ALL_CARDS: Final = tuple(range(_DECK_SIZE))
#: A finished trick's entries in the information state: its leader, then a card plane per seat.
_TRICK_BLOCK: Final = 4 + 4 * 54
#: The most tricks in a hand (nobody holds more than 6 trumps when play starts, R-DISC-2).
_TRICKS: Final = 6
#: The pieces of the observation that are card planes per seat, or calls per seat, with their shapes.
_SHAPES: Final = {"calls": (4, 15), "trick": (4, 54), "played": (4, 54), "known_held": (3, 54)}


def max_decisions_per_hand(rules: Rules) -> int:
    """The most decisions a hand can take under ``rules``: ``4 T - 20``, T the number of trumps.

    With T = :attr:`Rules.trump_count <pitch13.Rules.trump_count>` (17, or 16 without the
    off-three), counted phase by phase; a hand thrown in stops earlier and takes fewer:

    * the auction: one call per seat, 4 (R-BID-1);
    * naming trump: 1 (R-TRUMP-1);
    * shedding trumps: at most ``T - 12`` discards (R-DISC-2). A seat sheds what it holds above
      6 of its 9 cards; three seats cannot hold 7 trumps each (21 > T), two seats holding
      ``t1 + t2 <= T`` shed ``t1 + t2 - 12``, and one seat at most 3;
    * the pick-up: at most one take per shed card, ``T - 12``, and one stop for each seat short
      of 6 cards; a seat that shed holds 6, so at most 3 stops (R-PICK-1);
    * the look-through (R-LOOK-1 to R-LOOK-3): after the dead cards are discarded (R-DISC-1)
      the hands hold only trumps, H of them (H <= T), so the refill (R-FILL-1) leaves
      ``H - 6`` of the 18 stock cards, of which at most ``T - H`` are trumps. Each card turned
      up takes one decision, and one more (reject it, or give up a card for it) only if it may
      be taken, which only a trump may (R-LOOK-2); the bidder and his partner each stop at
      most once. That is at most ``(H - 6) + (T - H) + 2 = T - 4``; with
      ``look_take="any_card"`` every card may be taken: ``2 (T - 6) + 2``;
    * the play: only trumps are played (R-PLAY-1), each once: at most T.

    That is ``4 + 1 + (T - 12) + (T - 9) + (T - 4) + T = 4 T - 20``: 48 for the default rules,
    44 for classic 10-point pitch (``5 T - 26`` with ``look_take="any_card"``).

    >>> from pitch13 import Rules
    >>> max_decisions_per_hand(Rules()), max_decisions_per_hand(Rules.classic_ten_point())
    (48, 44)
    >>> max_decisions_per_hand(Rules(look_take="any_card"))
    59

    Raises:
        TypeError: if ``rules`` is not a :class:`~pitch13.Rules`.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"max_decisions_per_hand() takes a pitch13.Rules, not {excerpt(rules)}")
    trumps = rules.trump_count
    look = 2 * (trumps - 6) + 2 if rules.look_take is LookTake.ANY_CARD else trumps - 4
    return 4 + 1 + (trumps - 12) + (trumps - 9) + look + trumps


# --- the game ------------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class _Config:
    """What every state of one game shares; copied by reference (a state's clone shares it)."""

    rules: Rules
    #: Whether the deck is dealt card by card (``python_pitch13``) or in one step.
    explicit: bool
    #: The number of the episode's last hand: past it (or at the game's end) the episode ends.
    last_hand: int
    #: Team A's score minus team B's before the episode.
    start_difference: int
    #: The largest return: ``2 * points_total * max_hands``.
    max_utility: float

    def __deepcopy__(self, memo: object) -> _Config:
        return self


#: The most hands an episode may last: as many as a game record holds (so that the episode's
#: length, ``48 * max_hands`` at most, is well within OpenSpiel's C ints).
_MAX_HANDS: Final = 10_000


def _int_parameter(values: Mapping[str, object], name: str, low: int, high: int | None = None) -> int:
    value = values[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"parameter {name} must be an int, not {excerpt(value)}")
    if value < low or (high is not None and value > high):
        bounds = f"from {low}" if high is None else f"from {low} to {high}"
        raise ValueError(f"parameter {name} must be {bounds}, not {excerpt(value)}")
    return value


def _game_type(short_name: str, long_name: str, chance_mode: object, parameters: object) -> object:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance_mode,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_NUM_PLAYERS,
        min_num_players=_NUM_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


_GAME_TYPE: Final = _game_type(
    SHORT_NAME, "13-point partner pitch", pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC, dict(PARAMETERS)
)
_SAMPLED_GAME_TYPE: Final = _game_type(
    SAMPLED_SHORT_NAME,
    "13-point partner pitch (sampled deals)",
    pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    dict(_SAMPLED_PARAMETERS),
)


class PitchGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """``python_pitch13``: the game with explicit chance, the deck dealt card by card.

    Load it with ``pyspiel.load_game("python_pitch13", params)``, or make it directly with
    ``PitchGame(params)``; see the module's docs for the parameters. ``pyspiel.load_game``
    itself refuses an unknown parameter or one of the wrong type, with ``pyspiel.SpielError``.

    Args:
        params: the game's parameters, by name (:data:`PARAMETERS`); those left out take their
            defaults.

    Raises:
        TypeError: if a parameter has the wrong type.
        ValueError: if a parameter is unknown or out of range, or the start scores already win
            the game.
    """

    _explicit: bool = True
    _type: object = _GAME_TYPE
    _defaults: Mapping[str, int | str] = PARAMETERS

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        values: dict[str, object] = {**self._defaults, **(params or {})}
        unknown = sorted(set(values) - set(self._defaults))
        if unknown:
            raise ValueError(
                f"unknown parameter {excerpt(unknown[0])}: the parameters are {', '.join(self._defaults)}"
            )
        preset = values["rules"]
        if not isinstance(preset, str) or preset not in _PRESETS:
            raise ValueError(f'parameter rules must be "default" or "classic", not {excerpt(preset)}')
        rules = _PRESETS[preset]
        max_hands = _int_parameter(values, "max_hands", 1, _MAX_HANDS)
        dealer = _int_parameter(values, "dealer", 0, 3)
        hand_number = _int_parameter(values, "hand_number", 1)
        scores = (_int_parameter(values, "score_a", -(10**9)), _int_parameter(values, "score_b", -(10**9)))
        self._initial: GameState = new_game(rules, dealer=dealer, scores=scores, hand_number=hand_number)
        max_utility = 2 * rules.points_total * max_hands
        self._config = _Config(
            rules=rules,
            explicit=self._explicit,
            last_hand=hand_number + max_hands - 1,
            start_difference=scores[0] - scores[1],
            max_utility=float(max_utility),
        )
        self._max_hands = max_hands
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=_DECK_SIZE if self._explicit else 1,
            num_players=_NUM_PLAYERS,
            min_utility=-float(max_utility),
            max_utility=float(max_utility),
            utility_sum=0.0,
            max_game_length=max_hands * max_decisions_per_hand(rules),
        )
        super().__init__(self._type, info, values)

    @property
    def rules(self) -> Rules:
        """The rules of the game's states."""
        return self._config.rules

    @property
    def max_hands(self) -> int:
        """The number of hands an episode lasts, unless the game ends first."""
        return self._max_hands

    def new_initial_state(self) -> PitchState:
        """The first state of an episode: a chance node, the first hand's deck to deal."""
        return PitchState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes an episode has: 54 per hand here, 1 in the sampled game."""
        return self._max_hands * (_DECK_SIZE if self._explicit else 1)

    def make_py_observer(
        self, iig_obs_type: object = None, params: Mapping[str, object] | None = None
    ) -> PitchObserver | None:
        """An observer of one seat: its observation, or with perfect recall its information state.

        Args:
            iig_obs_type: a ``pyspiel.IIGObservationType``; ``None`` is the observation
                (``perfect_recall=False``). Only a seat's own view is offered: public and private
                information of that one seat (``private_info=SINGLE_PLAYER``). OpenSpiel passes
                its ``params`` here when it has no type.
            params: must be empty: the observer has no parameters.

        Returns:
            The observer; ``None`` for a type that asks for another kind of view (public
            information alone, or every seat's), as OpenSpiel's convention is for an
            observation a game does not offer: its Python tools
            (``open_spiel.python.observation.make_observation``) then leave that kind out.
            pyspiel's own ``game.make_observer`` does not expect ``None``, and for such a type
            fails with an ``AttributeError`` of its own.

        Raises:
            TypeError: if ``iig_obs_type`` is neither ``None`` nor an ``IIGObservationType``.
            ValueError: if ``params`` is not empty.
        """
        if isinstance(iig_obs_type, Mapping):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if iig_obs_type is not None and not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise TypeError(
                f"iig_obs_type is a pyspiel.IIGObservationType or None, not {excerpt(iig_obs_type)}"
            )
        if params:
            raise ValueError(f"the pitch13 observer has no parameters, not {excerpt(dict(params))}")
        if iig_obs_type is None:
            return PitchObserver(perfect_recall=False)
        obs_type = cast("_ObsType", iig_obs_type)
        if not obs_type.public_info or obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return None  # only one seat's view (public and its private information) is offered
        return PitchObserver(perfect_recall=bool(obs_type.perfect_recall))


class SampledPitchGame(PitchGame):
    """``python_pitch13_sampled``: the game with sampled chance, one chance node per hand.

    Its chance node has one outcome, ``0``; applying it deals a deck drawn from the game's own
    :class:`random.Random`, seeded by ``rng_seed`` (a negative seed draws one from the operating
    system). Every state of the game draws from that one generator, as OpenSpiel's
    sampled-stochastic games do: a game loaded again from its parameters deals the same
    sequence of hands.

    Args:
        params: the game's parameters, by name: :data:`PARAMETERS` and ``rng_seed``.

    Raises:
        TypeError: if a parameter has the wrong type.
        ValueError: if a parameter is unknown or out of range, or the start scores already win
            the game.
    """

    _explicit = False
    _type = _SAMPLED_GAME_TYPE
    _defaults = _SAMPLED_PARAMETERS

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        values: dict[str, object] = {**_SAMPLED_PARAMETERS, **(params or {})}
        seed = _int_parameter(values, "rng_seed", -(2**31), 2**31 - 1)  # a C int, in OpenSpiel
        super().__init__(values)
        self._rng = random.Random(seed if seed >= 0 else None)

    def _shuffle(self) -> tuple[Card, ...]:
        """The next deck of the game's deals."""
        return tuple(self._rng.sample(DECK, _DECK_SIZE))


class _ObsType:
    """What the observer reads of a ``pyspiel.IIGObservationType`` (for the type checker)."""

    public_info: bool
    perfect_recall: bool
    private_info: object


# --- the state -----------------------------------------------------------------------------------


class PitchState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A state of ``python_pitch13`` or ``python_pitch13_sampled``: the engine's state, and the deal under way.

    Make one with the game's ``new_initial_state()``. Seats are OpenSpiel's players 0 to 3. The
    engine's :class:`~pitch13.GameState` is :attr:`game_state`; it is immutable, so a clone
    shares it.

    Args:
        game: the game the state belongs to.

    Raises:
        TypeError: if ``game`` is not a :class:`PitchGame`.
    """

    def __init__(self, game: PitchGame) -> None:
        if not isinstance(game, PitchGame):  # pyspiel's own State() crashes on what is not a game
            raise TypeError(f"PitchState() takes a PitchGame, not {excerpt(game)}")
        super().__init__(game)
        self._config = game._config
        self._state = game._initial
        #: The cards dealt so far at the next deck positions (explicit chance), as card indices.
        self._dealt = b""

    @property
    def game_state(self) -> GameState:
        """The engine's state: a chance state (:attr:`~pitch13.GameState.is_chance`) until a deck is dealt."""
        return self._state

    @property
    def cards_dealt(self) -> tuple[Card, ...]:
        """The cards placed so far at the next deck positions, top first (explicit chance only)."""
        return tuple(DECK[i] for i in self._dealt)

    # --- OpenSpiel's interface --------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act; ``pyspiel.PlayerId.CHANCE`` for a deal, ``TERMINAL`` at the episode's end."""
        state = self._state
        if state.outcome is not None or state.hand_number > self._config.last_hand:
            return _TERMINAL
        seat = state.to_act
        return _CHANCE if seat is None else seat

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        """The legal action ids of the seat to act, ascending (OpenSpiel asks only for it)."""
        return legal_ids(self._state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of a chance node and their probabilities.

        With explicit chance, every card not dealt yet, equally likely; with sampled chance,
        the single outcome ``0``.

        Raises:
            ValueError: at a seat's decision, or at the end of the episode: no chance node.
        """
        if self.is_terminal():
            raise ValueError("the episode is over: it has no chance outcomes")
        if self._state.to_act is not None:
            raise ValueError(f"seat {self._state.to_act} is to act: this is no chance node")
        if not self._config.explicit:
            return [(0, 1.0)]
        dealt = self._dealt
        left = [i for i in _ALL_CARDS if i not in dealt]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def _apply_action(self, action: int) -> None:
        """Apply a seat's action id, or a chance outcome (OpenSpiel has checked the player).

        Raises:
            ValueError: at the end of the episode (which OpenSpiel does not check), or for an
                action or outcome that is not legal here; the state is left as it was.
        """
        if self.is_terminal():
            raise ValueError("the episode is over: no action applies")
        state = self._state
        if state.to_act is not None:
            self._state = apply(state, action_from_id(action))
            return
        config = self._config
        if config.explicit:
            dealt = self._dealt
            if not 0 <= action < _DECK_SIZE or action in dealt:
                raise ValueError(f"chance outcome {action} is not a card left to deal")
            dealt += bytes((action,))
            if len(dealt) < _DECK_SIZE:
                self._dealt = dealt
                return
            self._dealt = b""
            order = tuple(DECK[i] for i in dealt)
        else:
            if action != 0:
                raise ValueError(f"the chance outcome is 0, not {action}")
            forced: tuple[Card, ...] | None = self.__dict__.pop("_forced", None)
            order = forced if forced is not None else cast("SampledPitchGame", self.get_game())._shuffle()
        self._state = apply(state, Deal(order))

    def _action_to_string(self, player: int, action: int) -> str:
        """An action in pitch13's notation (``"bid 5"``, ``"play JH"``); a chance outcome as ``"deal AH"``."""
        if player == _CHANCE:
            if self._config.explicit:
                if not 0 <= action < _DECK_SIZE:
                    raise ValueError(f"chance outcome {excerpt(action)} is no card: they are 0 to 53")
                return f"deal {DECK[action]}"
            if action != 0:
                raise ValueError(f"the chance outcome is 0, not {excerpt(action)}")
            return "deal"
        return str(action_from_id(action))

    def is_terminal(self) -> bool:
        """Whether the episode is over: its hands are played, or the game is won."""
        state = self._state
        return state.outcome is not None or state.hand_number > self._config.last_hand

    def returns(self) -> list[float]:
        """Each seat's return: the change in its team's score minus the other's, when the episode is over.

        Zero before the end. A team that won the game gets the largest utility, its opponents
        the smallest (see the module's docs).
        """
        state = self._state
        config = self._config
        outcome = state.outcome
        if outcome is not None:
            value = config.max_utility if outcome.winner == 0 else -config.max_utility
        elif state.hand_number > config.last_hand:
            a, b = state.scores
            value = float(a - b - config.start_difference)
        else:
            return list(_ZEROS)
        return [value, -value, value, -value]

    def rewards(self) -> list[float]:
        """The rewards of the last step: the returns at the episode's end, else zeros."""
        return self.returns()

    def __str__(self) -> str:
        state = self._state
        to_act = state.to_act
        scores = f"scores {state.scores[0]} {state.scores[1]}"
        if state.outcome is None and state.hand_number > self._config.last_hand:
            return f"episode over after hand {state.hand_number - 1}; {scores}"
        if state.outcome is not None:
            who = "episode over"
        elif to_act is None:
            who = "chance to act"
        else:
            who = f"seat {to_act} to act"
        lines = [f"hand {state.hand_number}; dealer {state.dealer}; {scores}; {state.phase.value}; {who}"]
        if self._dealt:
            lines.append(f"dealt {' '.join(str(DECK[i]) for i in self._dealt)}")
        if not state.is_chance and state.outcome is None:
            bids = " ".join("-" if b is None else "pass" if b == 0 else str(b) for b in state.bids)
            trump = "-" if state.trump is None else state.trump.letter
            lines.append(f"bids {bids}; bidder {_dash(state.bidder)}; trump {trump}")
            lines += [f"seat {seat}: {_cards(state.hand(seat))}" for seat in range(_NUM_PLAYERS)]
            turned = state.turned_card
            lines.append(
                f"stock {_cards(state.stock)}; turned {_dash(turned)}; middle {_cards(state.middle)}; "
                f"dead {_cards(state.dead)}"
            )
            trick = " ".join(f"{seat}:{card}" for seat, card in state.trick) or "-"
            taken = state.points_taken
            lines.append(f"trick {trick}; tricks {len(state.tricks)}; points {taken[0]} {taken[1]}")
        if state.outcome is not None:
            lines.append(f"game over: team {'AB'[state.outcome.winner]} won")
        return "\n".join(lines)

    # --- sampling what a seat cannot see -----------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> PitchState:
        """A state that ``player_id`` cannot tell from this one, its hidden cards dealt afresh.

        The engine's :func:`~pitch13.sample_state` deals the hand the seat sees (what it cannot
        see at random among the places it could be), and the new state replays the episode to
        it: the hands before it as they were, that hand from the sampled deck with the sampled
        actions (a card given up face down may differ), and the cards already placed of a deal
        under way at random. So the new state's history is a history of this game, and its
        information state for ``player_id`` equals this one's. Information-set MCTS
        (``open_spiel.python.algorithms.ismcts``) calls it on every simulation. O(actions of the
        episode).

        Args:
            player_id: the seat whose information state is kept, 0 to 3.
            probability_sampler: a callable returning floats in [0, 1), such as
                ``pyspiel.UniformProbabilitySampler(0.0, 1.0)``; it seeds the sampling.

        Raises:
            ValueError: if ``player_id`` is not from 0 to 3.
        """
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        rng = random.Random(seed)
        sample = sample_state(view(self._state, player_id), rng)
        shown = _hands_of(sample)
        first_shown = shown[0][0] if shown else None
        hands = [hand for hand in _hands_of(self._state) if first_shown is None or hand[0] < first_shown]
        new = cast("PitchState", self.get_game().new_initial_state())
        for _, deck, actions in hands + shown:
            new._deal(deck)
            for action in actions:
                new.apply_action(action_id(action))
        if self._dealt:  # a deal under way: its cards so far at random
            for index in rng.sample(_ALL_CARDS, len(self._dealt)):
                new.apply_action(index)
        return new

    def _deal(self, deck: tuple[Card, ...]) -> None:
        """Deal ``deck`` through the chance node(s), so that the history records it."""
        if self._config.explicit:
            for card in deck:
                self.apply_action(card.index)
        else:
            self._forced = deck
            self.apply_action(0)


def _hands_of(state: GameState) -> list[tuple[int, tuple[Card, ...], list[SeatAction]]]:
    """Each hand of a game's history: its number, its deck and the seats' actions in order."""
    hands: list[tuple[int, tuple[Card, ...], list[SeatAction]]] = []
    for entry in state.history:
        item = entry.item
        if isinstance(item, HandDealt):
            hands.append((item.hand_number, item.deck, []))
        elif entry.seat is not None:
            hands[-1][2].append(cast("SeatAction", item))
    return hands


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards) or "-"


def _dash(value: object) -> str:
    return "-" if value is None else str(value)


# --- the observer --------------------------------------------------------------------------------


class PitchObserver:
    """One seat's observation or information state, as OpenSpiel's Python observers give them.

    ``tensor`` is the flat vector; ``dict`` holds named views of its pieces (the fields
    of :data:`~pitch13.encoding.OBSERVATION_SPEC`, and for the information state ``"tricks"``,
    shaped ``(6, 220)``, and ``"tokens"``, a count per information-state token id). Made by
    :meth:`PitchGame.make_py_observer`.

    Args:
        perfect_recall: ``False`` for the observation (:func:`~pitch13.encoding.encode`),
            ``True`` for the information state (:func:`~pitch13.encoding.info_state_tensor`).
    """

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = INFO_STATE_SIZE if perfect_recall else OBS_SIZE
        #: The vector that :meth:`set_from` writes.
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        #: Named views of the pieces of ``tensor``.
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        for field in OBSERVATION_SPEC.fields:
            self.dict[field.name] = self.tensor[field.slice].reshape(_SHAPES.get(field.name, (field.size,)))
        if perfect_recall:
            tricks = self.tensor[OBS_SIZE : OBS_SIZE + _TRICKS * _TRICK_BLOCK]
            self.dict["tricks"] = tricks.reshape(_TRICKS, _TRICK_BLOCK)
            self.dict["tokens"] = self.tensor[OBS_SIZE + _TRICKS * _TRICK_BLOCK :]

    def set_from(self, state: PitchState, player: int) -> None:
        """Write what ``player`` may know of ``state`` into ``tensor``."""
        game_state = state._state
        if self.perfect_recall:
            self.tensor[:] = info_state_tensor(game_state, player)
        else:
            self.tensor[:] = encode(game_state, player)

    def string_from(self, state: PitchState, player: int) -> str:
        """What ``player`` may know of ``state`` as text."""
        if self.perfect_recall:
            return info_state_string(state._state, player)
        return observation_string(state._state, player)


# --- registration --------------------------------------------------------------------------------


def _register() -> None:
    """Register both games with pyspiel, unless they are registered already."""
    registered = pyspiel.registered_names()
    for name, game_type, maker in (
        (SHORT_NAME, _GAME_TYPE, PitchGame),
        (SAMPLED_SHORT_NAME, _SAMPLED_GAME_TYPE, SampledPitchGame),
    ):
        if name not in registered:
            pyspiel.register_game(game_type, maker)


_register()
