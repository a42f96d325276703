"""A PettingZoo environment: the four seats of partner pitch as agents taking turns (AEC).

:func:`env` makes the environment wrapped as PettingZoo recommends; :class:`raw_env` is the
environment itself, the fast path for training loops (the wrappers check the order of calls and
the action's bounds, at about 10 microseconds a decision). Install it with
``pip install 'pitch13[pettingzoo]'``.

=====================  ========================================================================
agents                 ``"seat_0"`` to ``"seat_3"`` (seats 0 to 3; teams: seats 0 and 2, seats
                       1 and 3); the agent to act is the seat to act
action space           ``Discrete(237)``: the action ids of :mod:`pitch13.encoding`
observation            ``Dict(observation=Box(shape=(OBS_SIZE,), dtype=float32),
                       action_mask=Box(0, 1, (237,), int8))``: :func:`pitch13.encoding.encode`
                       of the state for the agent's seat (seat-relative, only what that seat
                       may know), and the legal ids of the agent when it is to act (all zero
                       for the others, and once the episode is over)
reward                 zero-sum by team: when a hand is scored, each agent is given the change
                       of (its team's score - the other team's score), the same for partners
                       and its opposite for the other team; 0 otherwise (a thrown-in hand too)
episode end            ``episode="hand"`` (default): one hand, every agent ``terminated`` when
                       it is scored or thrown in; ``episode="game"``: ``terminated`` when the
                       game is won, ``truncated`` when ``max_hands`` hands have been played first
illegal action         :class:`~pitch13.IllegalActionError`; an id outside 0 to 236,
                       :class:`ValueError`
=====================  ========================================================================

Once the episode is over each agent is stepped with ``None`` in turn, as PettingZoo's protocol
wants, and leaves ``agents``.

>>> from pitch13.adapters.pettingzoo import raw_env
>>> env = raw_env()
>>> env.reset(seed=7)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     env.step(action)
>>> len(env.agents)
0

Each :meth:`~raw_env.reset` starts a game of its own from the environment's random source
(``reset(seed=n)`` reseeds it): the deal and the dealer (unless ``dealer`` is given) are drawn
from it, so the same seed and the same actions make the same episode. The options of the
constructor (``rules``, ``episode``, ``max_hands``, ``dealer``, ``scores``, ``hand_number``) are
the defaults of every episode; ``reset(options=...)`` changes them for one episode, and other
keys of ``options`` are ignored.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]
except ImportError as error:
    raise ImportError(
        "pitch13.adapters.pettingzoo needs PettingZoo, Gymnasium and NumPy: pip install 'pitch13[pettingzoo]'"
    ) from error

from collections.abc import Mapping
from typing import Final, Literal, SupportsIndex, TypedDict

from numpy.typing import NDArray

from pitch13._base.checks import excerpt
from pitch13.adapters._episodes import (
    RENDER_MODES,
    HoldsGame,
    check_settings,
    deal_hand,
    episode_status,
    observation_box,
    start_episode,
)
from pitch13.encoding import NUM_ACTIONS, action_from_id, encode, legal_mask
from pitch13.engine import apply
from pitch13.narration import Narrator, narrate_history
from pitch13.rules import Rules
from pitch13.state import GameState

__all__ = ["AGENTS", "Observation", "env", "raw_env"]

#: The agents, by seat.
AGENTS: Final = ("seat_0", "seat_1", "seat_2", "seat_3")
_SEATS: Final = {agent: seat for seat, agent in enumerate(AGENTS)}


class Observation(TypedDict):
    """What an agent observes (a plain ``dict`` at run time)."""

    #: :func:`pitch13.encoding.encode` of the state for the agent's seat.
    observation: NDArray[np.float32]
    #: 1 for each legal action id of the agent (all 0 unless it is to act).
    action_mask: NDArray[np.int8]


class raw_env(HoldsGame, AECEnv):  # type: ignore[misc,unused-ignore]
    """The four seats of a partner pitch game as PettingZoo agents, unwrapped.

    Args:
        rules: a :class:`~pitch13.Rules`, or a preset's name: ``"default"`` or ``"classic"``
            (:meth:`Rules.classic_ten_point <pitch13.Rules.classic_ten_point>`).
        episode: ``"hand"`` (one hand) or ``"game"`` (to the game's end).
        max_hands: for game episodes, the most hands an episode lasts: reaching it truncates
            the episode (``None``: no limit).
        dealer: the first hand's dealer, or ``None`` to draw it for each episode.
        scores: the scores ``(team A, team B)`` the game starts from.
        hand_number: the number of the game's first hand.
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the text) or ``"human"``
            (each step prints what is new).

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if an argument has a wrong value (an unknown rules name, a dealer outside
            0 to 3, ``max_hands`` with one-hand episodes, scores that have already won).
    """

    metadata = {"name": "pitch13_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        *,
        rules: Rules | str = "default",
        episode: Literal["hand", "game"] = "hand",
        max_hands: int | None = None,
        dealer: int | None = None,
        scores: tuple[int, int] = (0, 0),
        hand_number: int = 1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._settings = check_settings(rules, episode, max_hands, dealer, scores, hand_number)
        if render_mode is not None and not isinstance(render_mode, str):
            raise TypeError(f"render_mode is None, 'ansi' or 'human', not {excerpt(render_mode)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is None, 'ansi' or 'human', not {excerpt(render_mode)}")
        self.render_mode = render_mode
        #: Every agent the environment has.
        self.possible_agents: list[str] = list(AGENTS)
        #: The agents still in the episode.
        self.agents: list[str] = []
        box = observation_box()
        mask = spaces.Box(0, 1, (NUM_ACTIONS,), np.int8)
        #: Each agent's observation space.
        self.observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask}) for agent in AGENTS
        }
        #: Each agent's action space.
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        #: The reward each agent was given by the last step.
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        #: Whether each agent's episode has ended by the rules (the hand or the game is over).
        self.terminations: dict[str, bool] = {}
        #: Whether each agent's episode was cut by ``max_hands``.
        self.truncations: dict[str, bool] = {}
        #: Each agent's info: an empty dict.
        self.infos: dict[str, dict[str, object]] = {}
        #: The agent to act.
        self.agent_selection: str = AGENTS[0]
        self.np_random, _ = seeding.np_random(None)
        self._state = None
        self._stop_hand: int | None = None
        self._hand_episode = True
        self._done = False
        self._rewarded = False
        self._obs: Observation | None = None
        self._told = 0
        self._narrator: Narrator | None = None
        self._scores = (0, 0)
        self._game_seed = 0

    # --- spaces ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(237)`` (the same object at every call)."""
        return self.action_spaces[agent]

    # --- the episode ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, object] | None = None) -> None:
        """Start an episode: a new game, its first hand dealt.

        Args:
            seed: reseeds the environment's random source, from which the game's deal and its
                dealer (unless set) are drawn. Gymnasium's seeding reads it: a Python int from
                0 (it takes ``True`` as 1).
            options: this episode's ``rules``, ``episode``, ``max_hands``, ``dealer``,
                ``scores`` or ``hand_number`` (as the constructor takes them); other keys are
                ignored.

        Raises:
            TypeError, ValueError: for a bad option, as the constructor, or ``options`` that
                is neither a dict nor ``None``.
            gymnasium.error.Error: for a ``seed`` that is negative or not a Python int
                (Gymnasium's own check).
        """
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        settings = self._settings.updated(options)
        state, self._game_seed = start_episode(settings, self.np_random)
        hands = settings.hands()
        self._stop_hand = None if hands is None else state.hand_number + hands
        self._hand_episode = settings.episode == "hand"
        self._state = state
        self._done = False
        self._rewarded = False
        self._obs = None
        self._told = 0
        self._narrator = None
        self._scores = state.scores
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {agent: {} for agent in AGENTS}
        seat = state.to_act
        assert seat is not None  # the first hand is dealt
        self.agent_selection = AGENTS[seat]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now: its encoding and its action mask.

        Raises:
            RuntimeError: before the first :meth:`reset`.
            KeyError: if ``agent`` is not one of :data:`AGENTS`.
        """
        obs = self._obs
        if obs is None or agent is not self.agent_selection:
            state = self.game_state
            seat = _SEATS[agent]
            if agent != self.agent_selection or self._done:
                return {"observation": encode(state, seat), "action_mask": np.zeros(NUM_ACTIONS, np.int8)}
            obs = self._obs = {"observation": encode(state, seat), "action_mask": legal_mask(state)}
        # Copies: the caller's to change, where the kept ones are given again (to last(), say).
        return {"observation": obs["observation"].copy(), "action_mask": obs["action_mask"].copy()}

    def step(self, action: SupportsIndex | None) -> None:
        """Apply the action of the agent to act (``None`` for an agent whose episode is over).

        Raises:
            RuntimeError: before the first :meth:`reset`.
            IllegalActionError: if the action is not legal for the agent.
            ValueError: if the action is not an id from 0 to 236, or is ``None`` for an agent
                whose episode goes on (or not ``None`` for one whose episode is over).
            TypeError: if it is not an int or a NumPy integer.
        """
        agent = self.agent_selection
        if self._done:
            self._dead_step(agent, action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step() takes its action id, not None")
        state = apply(self.game_state, action_from_id(action))  # a NumPy integer too; not a bool
        self._state = state
        self._obs = None
        rewards = self.rewards
        if self._rewarded:  # the last step's rewards
            for name in AGENTS:
                rewards[name] = 0.0
            self._rewarded = False
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        before, after = self._scores, state.scores
        if after != before:  # a hand was scored
            self._scores = after
            change = float((after[0] - after[1]) - (before[0] - before[1]))
            rewards["seat_0"] = rewards["seat_2"] = change
            rewards["seat_1"] = rewards["seat_3"] = -change
            for name in AGENTS:
                cumulative[name] += rewards[name]
            self._rewarded = True
        seat = state.to_act
        if seat is None:  # the hand is over: the game is over, the episode too, or a deal
            stop = self._stop_hand
            if state.outcome is not None or (stop is not None and state.hand_number >= stop):
                self._end(state)
            else:
                state = self._state = deal_hand(state, self._game_seed)
                self.agent_selection = AGENTS[state.to_act]  # type: ignore[index]
        else:
            self.agent_selection = AGENTS[seat]
        if self.render_mode == "human":
            self.render()

    def _end(self, state: GameState) -> None:
        """End the episode: every agent terminated (truncated if cut by ``max_hands``)."""
        self._done = True
        cut = not self._hand_episode and state.outcome is None
        ended = self.truncations if cut else self.terminations
        for name in AGENTS:
            ended[name] = True
        self.agent_selection = self.agents[0]

    def _dead_step(self, agent: str, action: SupportsIndex | None) -> None:
        """Step an agent whose episode is over: it leaves ``agents`` (PettingZoo's protocol)."""
        if not self.agents:
            raise RuntimeError("the episode is over and every agent has left: call reset()")
        if action is not None:
            raise ValueError(f"the episode is over: step() takes None for {agent}, not {excerpt(action)}")
        self.agents.remove(agent)
        for table in (
            self.terminations,
            self.truncations,
            self.rewards,
            self._cumulative_rewards,
            self.infos,
        ):
            del table[agent]
        for name in self.rewards:
            self.rewards[name] = 0.0
        if self.agents:
            self.agent_selection = self.agents[0]

    # --- rendering -------------------------------------------------------------------------

    def render(self) -> str | None:
        """The episode's game so far, one line an entry (every card named), and where it stands.

        With ``render_mode="ansi"`` the text is returned; with ``"human"`` the lines not yet
        printed are printed (:meth:`reset` and :meth:`step` call it) and ``None`` returned; with
        no render mode, ``None``.
        """
        state = self._state
        if self.render_mode is None or state is None:
            if self.render_mode is None:
                gymnasium.logger.warn("render() does nothing without a render_mode (ansi or human)")
            return None
        if self.render_mode == "ansi":  # the whole game: O(entries of the game)
            return "\n".join([*narrate_history(state.history), episode_status(state, self._done)])
        # Each call tells only what is new, to a narrator that has been told the rest: O(new entries).
        if self._told == 0 or self._narrator is None:
            self._narrator = Narrator()
        new = narrate_history(state.history_since(self._told), self._narrator)
        self._told = state.history_len
        print("\n".join([*new, episode_status(state, self._done)]))
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no outside resources."""


def env(
    *,
    rules: Rules | str = "default",
    episode: Literal["hand", "game"] = "hand",
    max_hands: int | None = None,
    dealer: int | None = None,
    scores: tuple[int, int] = (0, 0),
    hand_number: int = 1,
    render_mode: str | None = None,
) -> AECEnv:
    """A :class:`raw_env` wrapped as PettingZoo recommends.

    PettingZoo's ``OrderEnforcingWrapper`` checks that ``reset`` comes first and that the loop
    over ``agent_iter`` steps; :class:`raw_env` checks the actions itself (an id outside the
    action space is a :class:`ValueError`), so ``AssertOutOfBoundsWrapper`` would add nothing.
    :class:`raw_env` is the faster way for a training loop. The arguments are :class:`raw_env`'s.
    """
    made = raw_env(
        rules=rules,
        episode=episode,
        max_hands=max_hands,
        dealer=dealer,
        scores=scores,
        hand_number=hand_number,
        render_mode=render_mode,
    )
    return wrappers.OrderEnforcingWrapper(made)
