"""A Gymnasium environment: one learning seat plays partner pitch with library bots.

:class:`Pitch13Env` is a single-agent :class:`gymnasium.Env`. The learning seat acts through
:meth:`~Pitch13Env.step`; its partner and both opponents are bots (:mod:`pitch13.bots`), which
play inside each step until the learning seat is to act again or the episode ends. Install it
with ``pip install 'pitch13[gymnasium]'``.

=====================  ========================================================================
agents                 one learning seat (``seat``, default 0) with a bot partner and two bot
                       opponents (default ``"simple"``: :class:`~pitch13.bots.SimpleBot`)
action space           ``Discrete(237)``: the action ids of :mod:`pitch13.encoding`
observation            ``Box(shape=(OBS_SIZE,), dtype=float32)``: :func:`pitch13.encoding.encode`
                       of the state for the learning seat (what that seat may know)
action mask            ``info["action_mask"]`` (``int8``, 237 entries: 1 for a legal id) and
                       :meth:`~Pitch13Env.action_masks` (``bool``, the sb3-contrib
                       ``MaskablePPO`` convention); all zero once the episode is over
reward                 the learning team's zero-sum hand reward: when a hand is scored, the
                       change of (its team's score - the other team's score); 0 otherwise
episode end            ``episode="hand"`` (default): one hand, ``terminated`` when it is scored
                       or thrown in; ``episode="game"``: ``terminated`` when the game is won,
                       ``truncated`` when ``max_hands`` hands have been played first
illegal action         ``illegal_action="random"`` (default): a random legal action is played
                       instead and ``info["illegal_action"]`` is ``True``; ``"raise"``:
                       :class:`~pitch13.IllegalActionError`
=====================  ========================================================================

Two ids are registered with Gymnasium: ``"pitch13/Pitch13-v0"`` (one-hand episodes) and
``"pitch13/Pitch13Game-v0"`` (whole games). Gymnasium 1.x loads no plugins, so the ids exist
once this module is imported: ``gymnasium.make("pitch13.adapters.gymnasium:pitch13/Pitch13-v0")``
imports it and makes the environment in one call.

>>> import gymnasium
>>> env = gymnasium.make("pitch13.adapters.gymnasium:pitch13/Pitch13-v0", opponents="random")
>>> obs, info = env.reset(seed=7)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
>>> action = int(env.action_space.sample(info["action_mask"]))
>>> obs, reward, terminated, truncated, info = env.step(action)

Each :meth:`~Pitch13Env.reset` starts a game of its own from the environment's random source
(``reset(seed=n)`` reseeds it): the deal, the dealer (unless ``dealer`` is given) and the bots'
seeds (bots given by name or maker) are drawn from it, so the same seed and the same actions make
the same episode. The options of the constructor (``rules``, ``episode``, ``max_hands``,
``dealer``, ``scores``, ``hand_number``) are the defaults of every episode; ``reset(options=...)``
changes them for one episode, and other keys of ``options`` are ignored.
"""

from __future__ import annotations

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
except ImportError as error:
    raise ImportError(
        "pitch13.adapters.gymnasium needs Gymnasium and NumPy: pip install 'pitch13[gymnasium]'"
    ) from error

import operator
from collections.abc import Callable, Mapping
from typing import Final, Literal, SupportsIndex, Union, cast

from numpy.typing import NDArray

from pitch13._base.checks import check_seat, excerpt
from pitch13.adapters._episodes import (
    NO_MASK,
    RENDER_MODES,
    RULES_PRESETS,
    HoldsGame,
    check_settings,
    deal_hand,
    episode_status,
    observation_box,
    start_episode,
)
from pitch13.bots import Bot, bot_factory
from pitch13.bots._args import bot_made, chosen, is_bot
from pitch13.encoding import NUM_ACTIONS, action_from_id, encode, legal_mask
from pitch13.engine import apply
from pitch13.narration import Narrator, narrate_seen
from pitch13.rules import Rules
from pitch13.seen import seen_history
from pitch13.state import GameState
from pitch13.views import view

__all__ = [
    "ENV_ID",
    "GAME_ENV_ID",
    "RULES_PRESETS",
    "BotChoice",
    "Pitch13Env",
    "observation_box",
    "register_envs",
]

#: The id of the one-hand environment.
ENV_ID: Final = "pitch13/Pitch13-v0"
#: The id of the whole-game environment (``episode="game"``).
GAME_ENV_ID: Final = "pitch13/Pitch13Game-v0"

#: A bot as the environment takes it: a name for :func:`~pitch13.bots.bot_factory`
#: (``"simple"``, ``"random"``, ``"search"``, ``"module:Class"``), a maker that takes an int seed
#: (a bot class such as :class:`~pitch13.bots.SimpleBot`) or nothing, or a bot object. Named and
#: made bots are made afresh, seeded from the environment's random source, at every reset; a bot
#: object is used as it is, so its own state carries over from one episode to the next.
BotChoice = Union[str, Bot, Callable[[int], Bot], Callable[[], Bot]]

# --- bots ----------------------------------------------------------------------------------------


def _maker(choice: BotChoice, what: str) -> Callable[[int], Bot]:
    """What makes the bot of a seat from a seed: a bot object is the same at every call."""
    if is_bot(choice):
        bot = cast(Bot, choice)
        return lambda seed: bot
    if not (isinstance(choice, str) or callable(choice)):
        raise TypeError(f"{what} is a bot's name, a bot, or a maker of bots, not {excerpt(choice)}")
    return bot_factory(choice)


# --- the environment -----------------------------------------------------------------------------


class Pitch13Env(HoldsGame, gym.Env[NDArray[np.float32], SupportsIndex]):
    """One learning seat of a partner pitch game, the three other seats played by bots.

    Args:
        seat: the learning seat, 0 to 3; ``None`` draws it for each episode.
        partner: the learning seat's partner (see :data:`BotChoice`).
        opponents: both opponents, or a pair: the opponent on the learning seat's left, then
            the one on its right.
        rules: a :class:`~pitch13.Rules`, or a preset's name: ``"default"`` (``Rules()``) or
            ``"classic"`` (``Rules.classic_ten_point()``), as in :data:`RULES_PRESETS`.
        episode: ``"hand"`` (one hand) or ``"game"`` (to the game's end).
        max_hands: for game episodes, the most hands an episode lasts: reaching it truncates
            the episode (``None``: no limit).
        dealer: the first hand's dealer, or ``None`` to draw it for each episode.
        scores: the scores ``(team A, team B)`` the game starts from.
        hand_number: the number of the game's first hand.
        illegal_action: what an illegal action id does: ``"random"`` plays a random legal
            action instead (``info["illegal_action"]`` is ``True``), ``"raise"`` raises.
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the text) or ``"human"``
            (each step prints what is new).

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if an argument has a wrong value (an unknown bot or rules name, a seat or
            dealer outside 0 to 3, ``max_hands`` with one-hand episodes, scores that have
            already won).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 - Gymnasium's

    #: The observation space: ``OBS_SIZE`` floats (:func:`observation_box`).
    observation_space: spaces.Box[np.float32]
    #: The action space: the 237 action ids.
    action_space: spaces.Discrete

    def __init__(
        self,
        *,
        seat: int | None = 0,
        partner: BotChoice = "simple",
        opponents: BotChoice | tuple[BotChoice, BotChoice] = "simple",
        rules: Rules | str = "default",
        episode: Literal["hand", "game"] = "hand",
        max_hands: int | None = None,
        dealer: int | None = None,
        scores: tuple[int, int] = (0, 0),
        hand_number: int = 1,
        illegal_action: Literal["random", "raise"] = "random",
        render_mode: str | None = None,
    ) -> None:
        self._learner = None if seat is None else check_seat(seat, "seat")
        if isinstance(opponents, tuple):
            if len(opponents) != 2:
                raise ValueError(f"opponents is one bot or a pair, not {len(opponents)}")
            left, right = opponents
        else:
            left = right = opponents
        # Relative to the learning seat: its left-hand opponent, its partner, its right.
        self._makers = (_maker(left, "an opponent"), _maker(partner, "partner"), _maker(right, "an opponent"))
        self._settings = check_settings(rules, episode, max_hands, dealer, scores, hand_number)
        if not isinstance(illegal_action, str):
            raise TypeError(f"illegal_action is 'random' or 'raise', not {excerpt(illegal_action)}")
        if illegal_action not in ("random", "raise"):
            raise ValueError(f"illegal_action is 'random' or 'raise', not {excerpt(illegal_action)}")
        self._replace_illegal = illegal_action == "random"
        if render_mode is not None and not isinstance(render_mode, str):
            raise TypeError(f"render_mode is None, 'ansi' or 'human', not {excerpt(render_mode)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is None, 'ansi' or 'human', not {excerpt(render_mode)}")
        self.render_mode = render_mode
        self.observation_space = observation_box()
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._state = None
        self._seat = 0
        self._bots: list[Bot | None] = [None, None, None, None]
        self._stop_hand: int | None = None
        self._hand_episode = True
        self._game_seed = 0
        self._scores = (0, 0)
        self._done = False
        self._mask: NDArray[np.int8] = NO_MASK
        self._told = -1  # the ply render() told last in human mode; -1: nothing yet
        self._narrator: Narrator | None = None

    # --- the episode ------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The learning seat of the current episode."""
        return self._seat

    @property
    def bots(self) -> tuple[Bot | None, ...]:
        """The bots of the current episode by seat (``None`` for the learning seat)."""
        return tuple(self._bots)

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, object]]:
        """Start an episode: a new game, played by the bots until the learning seat is to act.

        Args:
            seed: reseeds the environment's random source, from which the game's deal, its
                dealer (unless set), the learning seat (if ``seat=None``) and the bots' seeds
                are drawn. Gymnasium reads it: a Python int from 0 (it takes ``True`` as 1).
            options: this episode's ``rules``, ``episode``, ``max_hands``, ``dealer``,
                ``scores`` or ``hand_number`` (as the constructor takes them); other keys are
                ignored.

        Returns:
            The learning seat's observation and ``{"action_mask": ...}``.

        Raises:
            TypeError, ValueError: for a bad option, as the constructor, or ``options`` that
                is neither a dict nor ``None``; for a maker of bots that made no bot.
            gymnasium.error.Error: for a ``seed`` that is negative or not a Python int
                (Gymnasium's own check).
            pitch13.BotError, pitch13.BotFailedError: if another seat's bot, playing up to the
                learning seat's turn, answers with an illegal action or raises, or its maker
                raises.
        """
        super().reset(seed=seed)
        self._state, self._mask = None, NO_MASK  # no episode until this one's bots have played
        settings = self._settings.updated(options)
        rng = self.np_random
        state, self._game_seed = start_episode(settings, rng)
        learner = int(rng.integers(4)) if self._learner is None else self._learner
        self._seat = learner
        bots: list[Bot | None] = [None, None, None, None]
        for offset, maker in enumerate(self._makers, 1):
            seat = (learner + offset) % 4
            bots[seat] = bot_made(maker, int(rng.integers(2**63)), seat)
        self._bots = bots
        hands = settings.hands()
        self._stop_hand = None if hands is None else state.hand_number + hands
        self._hand_episode = settings.episode == "hand"
        self._scores = state.scores
        self._done = False
        self._told = -1
        self._narrator = None
        obs, _, info, _ = self._advance(state)
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(self, action: SupportsIndex) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, object]]:
        """Play the learning seat's action, then the bots' until it is to act again.

        Args:
            action: an action id (:func:`pitch13.encoding.action_id`), an int or a NumPy integer.

        Returns:
            ``(observation, reward, terminated, truncated, info)``; ``info`` holds
            ``"action_mask"``, and ``"illegal_action": True`` when an illegal id was replaced.

        Raises:
            RuntimeError: before :meth:`reset`, once the episode is over, or after a bot failed
                in it (until a :meth:`reset` succeeds).
            IllegalActionError: for an illegal id with ``illegal_action="raise"``.
            TypeError, ValueError: for an action that is not an action id.
            pitch13.BotError, pitch13.BotFailedError: if another seat's bot, playing up to the
                learning seat's turn, answers with an illegal action or raises.
        """
        state = self._state
        if state is None or self._done:
            raise RuntimeError("call reset() first" if state is None else "the episode is over: call reset()")
        act = action_from_id(action)  # refuses a bool, which operator.index would take as 0 or 1
        number = operator.index(action)
        replaced = False
        if not self._mask[number]:
            if not self._replace_illegal:
                apply(state, act)  # raises IllegalActionError, saying why
                raise AssertionError("an action outside the mask was legal")  # pragma: no cover
            legal = np.flatnonzero(self._mask)
            act = action_from_id(int(legal[self.np_random.integers(len(legal))]))
            replaced = True
        after = apply(state, act)
        self._state, self._mask = None, NO_MASK  # until the bots have played, as in reset()
        obs, reward, info, over = self._advance(after)
        if replaced:
            info["illegal_action"] = True
        if self.render_mode == "human":
            self.render()
        # A hand episode ends with its hand; a game episode cut by max_hands is truncated.
        terminated = over and (self._hand_episode or self.game_state.outcome is not None)
        return obs, reward, terminated, over and not terminated, info

    def _advance(self, state: GameState) -> tuple[NDArray[np.float32], float, dict[str, object], bool]:
        """Let the bots play up to the learning seat's turn or the episode's end; observe.

        Returns the observation, the reward, the info and whether the episode is over. Its
        callers have set the state to ``None`` first: if a bot fails, the episode is over with
        it, and :meth:`step` asks for :meth:`reset` until one succeeds.
        """
        learner = self._seat
        bots = self._bots
        while True:
            seat = state.to_act
            if seat is None:  # a hand has ended: the game is over, the episode too, or a deal
                stop = self._stop_hand
                if state.outcome is not None or (stop is not None and state.hand_number >= stop):
                    self._done = True
                    break
                state = deal_hand(state, self._game_seed)
                continue
            if seat == learner:
                break
            bot = bots[seat]
            assert bot is not None
            state = apply(state, chosen(bot.choose, seat, view(state, seat)))
        self._state = state
        before, after = self._scores, state.scores
        self._scores = after
        change = (after[0] - after[1]) - (before[0] - before[1])
        if self._done:
            self._mask = NO_MASK
            mask = np.zeros(NUM_ACTIONS, np.int8)
        else:
            self._mask = legal_mask(state)
            mask = self._mask.copy()  # the caller's to change: step() reads its own
        reward = float(change if learner % 2 == 0 else -change)
        return encode(state, learner), reward, {"action_mask": mask}, self._done

    def action_masks(self) -> NDArray[np.bool_]:
        """Which action ids are legal for the learning seat now (all ``False`` once it is over).

        The method sb3-contrib's ``MaskablePPO`` calls.
        """
        return self._mask.astype(np.bool_)

    # --- rendering -------------------------------------------------------------------------

    def render(self) -> str | None:
        """The game so far as the learning seat saw it, one line an entry, and where it stands.

        With ``render_mode="ansi"`` the text is returned; with ``"human"`` the lines not yet
        printed are printed (:meth:`reset` and :meth:`step` call it) and ``None`` returned; with
        no render mode, ``None``.
        """
        if self.render_mode is None or self._state is None:
            if self.render_mode is None:
                gym.logger.warn("render() does nothing without a render_mode (ansi or human)")
            return None
        state = self._state
        if self.render_mode == "ansi":  # the whole game: O(entries of the game)
            lines = [*narrate_seen(seen_history(state, self._seat), viewer=self._seat)]
            return "\n".join([*lines, episode_status(state, self._done)])
        # Each call tells only what is new, to a narrator that has been told the rest: O(new entries).
        if self._told < 0 or self._narrator is None:
            self._narrator = Narrator()
            new = seen_history(state, self._seat)
        else:
            new = seen_history(state, self._seat, since=self._told)
        self._told = state.ply
        lines = [*narrate_seen(new, self._narrator, viewer=self._seat)]
        print("\n".join([*lines, episode_status(state, self._done)]))
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no outside resources."""


# --- registration --------------------------------------------------------------------------------


def register_envs() -> None:
    """Register :data:`ENV_ID` and :data:`GAME_ENV_ID` with Gymnasium (again: no effect).

    This module calls it when imported. Each id's Gymnasium entry point is
    ``"pitch13.adapters.gymnasium:Pitch13Env"``.
    """
    registry = gym.envs.registration.registry
    entry = f"{__name__}:Pitch13Env"
    if ENV_ID not in registry:
        gym.register(id=ENV_ID, entry_point=entry)
    if GAME_ENV_ID not in registry:
        gym.register(id=GAME_ENV_ID, entry_point=entry, kwargs={"episode": "game"})


register_envs()
