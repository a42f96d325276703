"""What the environments of :mod:`pitch13.adapters` share: their options, how an episode starts (internal).

It needs Gymnasium and NumPy, which both the ``gymnasium`` and the ``pettingzoo`` extras install.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs
import numpy as np
from gymnasium import spaces

from pitch13._base.checks import check_seat, excerpt
from pitch13.actions import Deal, shuffled_deck
from pitch13.encoding import NUM_ACTIONS, OBS_SIZE, OBSERVATION_SPEC
from pitch13.engine import apply, new_game
from pitch13.narration import SEAT_NAMES, TEAM_NAMES
from pitch13.rules import Rules
from pitch13.state import GameState

__all__ = [
    "EPISODES",
    "NO_MASK",
    "OPTION_KEYS",
    "RENDER_MODES",
    "RULES_PRESETS",
    "HoldsGame",
    "Settings",
    "check_settings",
    "deal_hand",
    "episode_status",
    "observation_box",
    "start_episode",
]

#: The rules an environment takes by name: the default 13-point game, or classic 10-point pitch.
RULES_PRESETS: Final[Mapping[str, Rules]] = {"default": Rules(), "classic": Rules.classic_ten_point()}

EPISODES: Final = ("hand", "game")
RENDER_MODES: Final = ("ansi", "human")
OPTION_KEYS: Final = ("rules", "episode", "max_hands", "dealer", "scores", "hand_number")
NO_MASK: Final = np.zeros(NUM_ACTIONS, np.int8)
NO_MASK.flags.writeable = False


class HoldsGame:
    """An environment's true game, behind :attr:`game_state` (the PettingZoo and Gymnasium ones)."""

    _state: GameState | None = None

    @property
    def game_state(self) -> GameState:
        """The game as it stands (every card of it: not for a player's eyes).

        Raises:
            RuntimeError: before the first ``reset()``; in the Gymnasium environment, also after
                one of its bots failed, until a ``reset()`` succeeds.
        """
        if self._state is None:
            raise RuntimeError("the environment has no game before reset()")
        return self._state


def observation_box() -> spaces.Box[np.float32]:
    """The space of :func:`pitch13.encoding.encode`'s vectors: ``OBS_SIZE`` float32 values.

    Every entry is from 0 to 1 but the two of the ``scores`` field (each team's score divided by
    the target, clipped), which are from -1 to 1.
    """
    low = np.zeros(OBS_SIZE, np.float32)
    low[OBSERVATION_SPEC.field("scores").slice] = -1.0
    return spaces.Box(low, np.ones(OBS_SIZE, np.float32), dtype=np.float32)


# --- the options shared with pitch13.adapters.pettingzoo -----------------------------------------


@attrs.frozen
class Settings:
    """The options of an episode, checked (internal, shared with the PettingZoo environment)."""

    rules: Rules
    episode: str
    max_hands: int | None
    dealer: int | None
    scores: tuple[int, int]
    hand_number: int

    def hands(self) -> int | None:
        """How many hands an episode lasts at most (``None``: until the game is won)."""
        return 1 if self.episode == "hand" else self.max_hands

    def updated(self, options: Mapping[str, object] | None) -> Settings:
        """These settings with the known keys of ``options`` (reset's), checked."""
        if options is None:
            return self
        if not isinstance(options, Mapping):
            raise TypeError(f"options is a dict or None, not {excerpt(options)}")
        changes = {key: options[key] for key in OPTION_KEYS if key in options}
        if not changes:
            return self
        values: dict[str, object] = {key: getattr(self, key) for key in OPTION_KEYS}
        if "episode" in changes and "max_hands" not in changes and changes["episode"] == "hand":
            values["max_hands"] = None  # a hand episode drops the default cap of game episodes
        values.update(changes)
        return check_settings(**values)


def check_settings(
    rules: object = "default",
    episode: object = "hand",
    max_hands: object = None,
    dealer: object = None,
    scores: object = (0, 0),
    hand_number: object = 1,
) -> Settings:
    """Checked settings (internal): the documented errors for a bad option."""
    if isinstance(rules, str):
        if rules not in RULES_PRESETS:
            raise ValueError(f"rules is a Rules or one of {', '.join(RULES_PRESETS)}, not {excerpt(rules)}")
        rules = RULES_PRESETS[rules]
    elif not isinstance(rules, Rules):
        raise TypeError(f"rules is a pitch13.Rules or a preset's name, not {excerpt(rules)}")
    if not isinstance(episode, str):
        raise TypeError(f"episode is 'hand' or 'game', not {excerpt(episode)}")
    if episode not in EPISODES:
        raise ValueError(f"episode is 'hand' or 'game', not {excerpt(episode)}")
    if max_hands is not None:
        if not isinstance(max_hands, int) or isinstance(max_hands, bool):
            raise TypeError(f"max_hands is an int or None, not {excerpt(max_hands)}")
        if max_hands < 1:
            raise ValueError(f"max_hands is at least 1, not {excerpt(max_hands)}")
        if episode == "hand":
            raise ValueError("max_hands caps a game episode: a hand episode is one hand")
    if dealer is not None:
        dealer = check_seat(dealer, "dealer")
    if isinstance(scores, list):
        scores = tuple(scores)
    # new_game checks the scores and the hand number (TypeError, ValueError), here at once.
    start = new_game(rules, dealer=0, seed=0, scores=scores, hand_number=hand_number)  # type: ignore[call-overload]
    return Settings(rules, str(episode), max_hands, dealer, start.scores, start.hand_number)


def start_episode(settings: Settings, rng: np.random.Generator) -> tuple[GameState, int]:
    """A new game for an episode, its first hand dealt, and the seed of its deals (internal).

    The seed, and the dealer if not set, are drawn from ``rng``. Every hand is dealt from
    ``shuffled_deck(seed, hand_number)``, as a seeded game deals itself, but by the environment,
    so that an episode that ends with a hand ends at the game waiting for the next deal (whose
    history ends with the hand that ended; its observations hold the scores and no cards, as a
    view between hands does), not at a deal the episode never plays.
    """
    seed = int(rng.integers(2**63))
    dealer = int(rng.integers(4)) if settings.dealer is None else settings.dealer
    game = new_game(settings.rules, dealer=dealer, scores=settings.scores, hand_number=settings.hand_number)
    return deal_hand(game, seed), seed


def deal_hand(state: GameState, seed: int) -> GameState:
    """``state`` (waiting for a deal) with its hand dealt from ``shuffled_deck(seed, hand)``."""
    return apply(state, Deal(shuffled_deck(seed, state.hand_number)))


def episode_status(state: GameState, over: bool) -> str:
    """One line on where an episode stands, for the environments' text rendering (internal)."""
    a, b = state.scores
    scores = f"{TEAM_NAMES[0]} {a}, {TEAM_NAMES[1]} {b}"
    if state.outcome is not None:
        return f"Game over after hand {state.outcome.hand_number}: {scores}."
    if over:
        return f"Episode over before hand {state.hand_number}: {scores}."
    seat = state.to_act
    assert seat is not None  # within an episode, the environments deal each hand at once
    return f"Hand {state.hand_number}, {state.phase.value}: {scores}; {SEAT_NAMES[seat]} to act."
