"""The Gymnasium environment (pitch13.adapters.gymnasium): Gymnasium's checker, registration,
vector environments, seeding, bots, rewards and episode ends."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

import importlib  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from gymnasium.utils.env_checker import check_env  # noqa: E402

from helpers import EqualsAnything, Unmade  # noqa: E402
from pitch13 import BotError, BotFailedError, IllegalActionError, Pass, Phase, Rules, new_game, view  # noqa: E402
from pitch13.adapters import gymnasium as adapter  # noqa: E402
from pitch13.adapters.gymnasium import ENV_ID, GAME_ENV_ID, Pitch13Env, register_envs  # noqa: E402
from pitch13.bots import RandomBot, SearchBot, SimpleBot  # noqa: E402
from pitch13.encoding import NUM_ACTIONS, OBS_SIZE, encode, legal_ids  # noqa: E402


def diff(scores):
    return scores[0] - scores[1]


def play(env, seed=None, options=None, pick=None):
    """Play an episode with random legal ids (or ``pick(mask)``); check each step; return records."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed, options=options)
    records = [(obs, 0.0, False, False, info)]
    while True:
        mask = info["action_mask"]
        state, seat = env.game_state, env.seat
        assert state.to_act == seat
        assert np.array_equal(obs, encode(state, seat))
        assert tuple(mask.nonzero()[0]) == legal_ids(state)
        assert np.array_equal(env.action_masks(), mask.astype(bool))
        before = diff(state.scores)
        action = pick(mask) if pick else rng.choice(mask.nonzero()[0])
        obs, reward, terminated, truncated, info = env.step(action)
        change = diff(env.game_state.scores) - before
        assert reward == (change if seat % 2 == 0 else -change)
        records.append((obs, reward, terminated, truncated, info))
        if terminated or truncated:
            assert not info["action_mask"].any() and not env.action_masks().any()
            assert np.array_equal(obs, encode(env.game_state, seat))
            return records


# --- Gymnasium's checks -------------------------------------------------------------------------


def test_check_env_on_the_environment():
    # Without a spec the checker cannot make the other render modes: the registered ids below
    # are checked with them.
    check_env(Pitch13Env(episode="game", opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("env_id", [ENV_ID, GAME_ENV_ID])
def test_check_env_on_the_registered_environments(env_id):
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)  # with a spec: every render mode is checked too
    env.close()


def test_spaces():
    env = Pitch13Env()
    assert env.observation_space.shape == (OBS_SIZE,) and env.observation_space.dtype == np.float32
    assert env.observation_space.low.min() == -1 and env.observation_space.high.max() == 1
    assert env.action_space.n == NUM_ACTIONS


# --- registration -------------------------------------------------------------------------------


def test_registered_ids():
    one = gymnasium.make(ENV_ID)
    assert isinstance(one.unwrapped, Pitch13Env) and one.unwrapped._hand_episode is True
    game = gymnasium.make(GAME_ENV_ID, max_hands=2, opponents="random")
    game.reset(seed=1)
    assert game.unwrapped._hand_episode is False and game.unwrapped._stop_hand == 3
    register_envs()  # again: nothing changes, and nothing is warned
    assert gymnasium.spec(ENV_ID).entry_point == "pitch13.adapters.gymnasium:Pitch13Env"


def test_make_imports_the_module_by_its_prefix():
    code = (
        "import gymnasium; "
        "env = gymnasium.make('pitch13.adapters.gymnasium:pitch13/Pitch13-v0'); "
        "obs, info = env.reset(seed=1); print(obs.shape, 'pitch13/Pitch13Game-v0' in gymnasium.registry)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == [f"({OBS_SIZE},)", "True"]


# --- vector environments ------------------------------------------------------------------------


def test_sync_vector_env_steps_with_masks():
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", opponents="random")
    obs, info = envs.reset(seed=4)
    assert obs.shape == (3, OBS_SIZE) and info["action_mask"].shape == (3, NUM_ACTIONS)
    ended = 0
    for _ in range(60):
        masks = info["action_mask"]
        actions = np.array([envs.single_action_space.sample(mask) for mask in masks])
        obs, _, terminated, truncated, info = envs.step(actions)
        ended += int(terminated.sum())
        assert not truncated.any()
        calls = envs.call("action_masks")
        for mask, called in zip(info["action_mask"], calls, strict=True):
            assert np.array_equal(mask.astype(bool), called)
    assert ended >= 3
    envs.close()


def test_async_vector_env_resets_in_the_same_step():
    envs = gymnasium.make_vec(
        ENV_ID,
        num_envs=2,
        vectorization_mode="async",
        vector_kwargs={"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP},
        opponents="random",
    )
    _, info = envs.reset(seed=4)
    ended = 0
    for _ in range(30):
        assert info["action_mask"].any(axis=1).all()  # a new episode's mask at once
        actions = np.array([envs.single_action_space.sample(mask) for mask in info["action_mask"]])
        _, _, terminated, _, info = envs.step(actions)
        ended += int(terminated.sum())
    assert ended >= 1
    envs.close()


# --- seeding ------------------------------------------------------------------------------------


def test_same_seed_same_episode():
    def run(seed):
        return play(Pitch13Env(opponents="random"), seed=seed)

    one, two, other = run(3), run(3), run(4)
    assert len(one) == len(two)
    for a, b in zip(one, two, strict=True):
        assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]
        assert np.array_equal(a[4]["action_mask"], b[4]["action_mask"])
    assert not np.array_equal(one[0][0], other[0][0])  # another deal


def test_reset_without_a_seed_goes_on_from_the_last_seed():
    first, second = Pitch13Env(), Pitch13Env()
    for env in (first, second):
        env.reset(seed=9)
        env.reset()
    assert first.game_state == second.game_state


def test_bots_are_seeded_from_the_reset_seed():
    env = Pitch13Env(opponents="random", partner="random")
    seat_view = view(new_game(seed=0), 1)  # seat 1 bids first
    choices = []
    for seed in (12, 12, 13):
        env.reset(seed=seed)
        choices.append([env.bots[1].choose(seat_view) for _ in range(8)])
    assert choices[0] == choices[1] != choices[2]


# --- bots ---------------------------------------------------------------------------------------


def test_bot_configuration():
    mine = SimpleBot(1)
    env = Pitch13Env(seat=1, partner=mine, opponents=("random", RandomBot))
    env.reset(seed=0)
    bots = env.bots
    assert bots[1] is None
    assert bots[3] is mine  # the partner
    assert isinstance(bots[2], RandomBot) and isinstance(bots[0], RandomBot)  # left, right
    env.reset(seed=1)
    assert env.bots[3] is mine and env.bots[2] is not bots[2]  # made afresh, the object kept
    env = Pitch13Env(opponents="pitch13.bots:SimpleBot", partner="search")
    env.reset(seed=0)
    assert isinstance(env.bots[1], SimpleBot) and isinstance(env.bots[2], SearchBot)


def test_default_bots_are_simple():
    env = Pitch13Env()
    env.reset(seed=0)
    assert env.seat == 0
    assert [type(bot) for bot in env.bots] == [type(None), SimpleBot, SimpleBot, SimpleBot]


def test_seat_none_draws_the_learning_seat():
    env = Pitch13Env(seat=None)
    seats = set()
    for seed in range(20):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.bots[env.seat] is None and env.game_state.to_act == env.seat
    assert seats == {0, 1, 2, 3}


def test_rewards_of_each_seat_are_its_teams():
    for seat in range(4):
        records = play(Pitch13Env(seat=seat, opponents="random"), seed=seat)
        assert records[-1][2]


class Passer:
    """Passes whatever the phase: a bot that sooner or later makes an illegal move."""

    def choose(self, seat_view):
        return Pass()


class Failing:
    """An opponent that raises when it is asked."""

    def choose(self, view):
        raise OSError("no model")


def test_bad_bots_are_refused():
    with pytest.raises(TypeError, match="partner"):
        Pitch13Env(partner=3)
    with pytest.raises(ValueError, match="unknown bot"):
        Pitch13Env(opponents="genius")
    with pytest.raises(ValueError, match="pair"):
        Pitch13Env(opponents=("simple", "simple", "simple"))
    env = Pitch13Env(partner=lambda seed: object())
    with pytest.raises(TypeError, match="choose"):
        env.reset(seed=0)
    env = Pitch13Env(partner=Passer(), opponents=Passer())
    with pytest.raises(BotError):
        play(env, seed=0, pick=lambda mask: mask.nonzero()[0][-1])
    with pytest.raises(TypeError, match="an opponent is a bot's name, a bot, or a maker of bots"):
        Pitch13Env(opponents=type("Uncallable", (), {"choose": 5})())
    env = Pitch13Env(opponents=EqualsAnything())
    with pytest.raises(BotError):
        play(env, seed=0, pick=lambda mask: mask.nonzero()[0][-1])
    env = Pitch13Env(opponents=Failing())
    with pytest.raises(BotFailedError, match=r"^the bot of seat [13] raised OSError: no model$") as caught:
        play(env, seed=0, pick=lambda mask: mask.nonzero()[0][-1])
    assert type(caught.value.__cause__) is OSError
    env = Pitch13Env(partner=Unmade)  # a maker that raises, as the episode's bots are made
    with pytest.raises(
        BotFailedError, match=r"^making the bot of seat \d raised Unpicklable: the model is gone$"
    ) as caught:
        env.reset(seed=0)
    assert caught.value.making and type(caught.value.__cause__).__name__ == "Unpicklable"


# --- episodes -----------------------------------------------------------------------------------


def test_whole_game_episode():
    env = Pitch13Env(episode="game", opponents="random", partner="random")
    records = play(env, seed=2)
    assert env.game_state.is_over
    assert records[-1][2] and not records[-1][3]
    total = sum(r[1] for r in records)
    assert total == diff(env.game_state.scores)


def test_max_hands_truncates():
    env = Pitch13Env(episode="game", max_hands=2, scores=(3, 4), hand_number=7, opponents="random")
    records = play(env, seed=5)
    state = env.game_state
    assert not state.is_over and state.hand_number == 9 and state.phase is Phase.DEAL
    assert records[-1][3] and not records[-1][2]
    assert sum(r[1] for r in records) == diff(state.scores) - diff((3, 4))


def test_hand_episode_terminates_after_one_hand():
    env = Pitch13Env(rules="classic")
    records = play(env, seed=6)
    assert env.game_state.rules == Rules.classic_ten_point()
    assert env.game_state.hand_number == 2 and env.game_state.phase is Phase.DEAL
    assert records[-1][2] and not records[-1][3]


def test_reset_options_change_one_episode():
    env = Pitch13Env()
    env.reset(seed=0, options={"scores": (20, 30), "hand_number": 4, "dealer": 1, "episode": "game"})
    state = env.game_state
    assert (state.scores, state.hand_number, state.dealer) == ((20, 30), 4, 1)
    assert env._hand_episode is False
    env.reset(seed=0, options={"ignored": True})
    assert (env.game_state.scores, env.game_state.hand_number, env._hand_episode) == ((0, 0), 1, True)
    for options in ([], 0, "", ()):  # empty, and still no dict
        with pytest.raises(TypeError, match="options is a dict or None, not "):
            env.reset(seed=0, options=options)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"seat": 4}, ValueError),
        ({"seat": "0"}, TypeError),
        ({"rules": "fast"}, ValueError),
        ({"episode": "match"}, ValueError),
        ({"max_hands": 2}, ValueError),
        ({"scores": (55, 0)}, ValueError),
        ({"illegal_action": "ignore"}, ValueError),
        ({"render_mode": "rgb_array"}, ValueError),
        ({"episode": None}, TypeError),
        ({"illegal_action": None}, TypeError),
        ({"render_mode": 1.5}, TypeError),
    ],
)
def test_bad_arguments_are_refused(kwargs, error):
    with pytest.raises(error):
        Pitch13Env(**kwargs)


# --- steps --------------------------------------------------------------------------------------


def test_an_illegal_id_is_replaced_or_refused():
    env = Pitch13Env()
    _, info = env.reset(seed=1)
    _, _, _, _, info = env.step(236)  # no card is played in the auction
    assert info["illegal_action"] is True
    assert env.game_state.bids[0] is not None  # the learning seat did call
    env = Pitch13Env(illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError):
        env.step(236)
    with pytest.raises(ValueError, match="237"):
        env.step(NUM_ACTIONS)
    with pytest.raises(TypeError):
        env.step(0.5)
    for flag in (True, np.True_):  # operator.index(True) is 1, a bid of 1: no action id
        with pytest.raises(TypeError, match=r"an action id is an int, not (np\.)?True"):
            env.step(flag)
    _, _, _, _, info = env.step(np.int64(0))  # a NumPy integer is an id
    assert "illegal_action" not in info


def test_the_mask_an_episode_gives_is_the_callers_to_change():
    env = Pitch13Env()
    _, info = env.reset(seed=1)
    legal = np.flatnonzero(info["action_mask"])
    info["action_mask"][:] = 1  # the env goes on by its own mask: the card is still illegal
    _, _, _, _, info = env.step(236)
    assert info["illegal_action"] is True
    info["action_mask"][:] = 0
    assert env.action_masks().any()
    assert len(legal) > 0


def test_steps_outside_an_episode_are_refused():
    env = Pitch13Env()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        env.game_state  # noqa: B018
    play(env, seed=1)
    with pytest.raises(RuntimeError, match="over"):
        env.step(0)


# --- rendering ----------------------------------------------------------------------------------


def test_render_modes(capsys):
    env = Pitch13Env(render_mode="ansi", seat=2)
    assert env.render() is None
    env.reset(seed=7)
    text = env.render()
    lines = text.splitlines()
    assert sum(" holds " in line for line in lines) == 1  # only the learning seat's own cards
    assert lines[-1].endswith("South to act.")
    env = Pitch13Env(render_mode="human")
    env.reset(seed=7)
    assert "Hand 1: " in capsys.readouterr().out
    play(env, seed=7)
    assert "Episode over before hand 2" in capsys.readouterr().out
    env = Pitch13Env(render_mode="human", episode="game", scores=(54, 54))
    play(env, seed=3)
    assert "Game over after hand 1" in capsys.readouterr().out.splitlines()[-1]
    env = Pitch13Env()
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None
    env.close()


# --- installation -------------------------------------------------------------------------------


def test_missing_extra_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    monkeypatch.delitem(sys.modules, "pitch13.adapters.gymnasium")
    with pytest.raises(ImportError, match=r"pip install 'pitch13\[gymnasium\]'"):
        importlib.import_module("pitch13.adapters.gymnasium")
    assert adapter.Pitch13Env is Pitch13Env


def test_render_human_tells_over_an_episode_what_ansi_tells_at_its_end(capsys):
    """Human mode prints each of the learning seat's entries once: all it printed but the status
    lines is what ansi mode renders at the episode's end."""
    shown = Pitch13Env(render_mode="human", seat=1, episode="game", max_hands=2, opponents="random")
    told = Pitch13Env(render_mode="ansi", seat=1, episode="game", max_hands=2, opponents="random")
    _, info = shown.reset(seed=5)
    told.reset(seed=5)
    done = False
    while not done:
        action = int(info["action_mask"].nonzero()[0][0])
        _, _, terminated, truncated, info = shown.step(action)
        told.step(action)
        done = terminated or truncated
    printed = [
        line
        for line in capsys.readouterr().out.splitlines()
        if not re.match(r"Hand \d+, |Episode over |Game over after ", line)
    ]
    assert printed == told.render().splitlines()[:-1]


class FailsWhenTold:
    """An opponent that raises while ``fail`` is set, and passes or plays its first choice else."""

    fail = False

    def choose(self, view):
        if FailsWhenTold.fail:
            raise OSError("no model")
        return view.legal_actions[0]


def test_a_maker_of_bots_failing_in_reset_leaves_no_episode():
    """A maker that raises in reset() left the last episode's game with the new learning seat."""
    broken = []

    def make(seed):
        if broken:
            raise OSError("no model")
        return FailsWhenTold()

    env = Pitch13Env(seat=None, partner=make, opponents="random")
    env.reset(seed=1)
    broken.append(True)
    with pytest.raises(
        BotFailedError, match=r"^making the bot of seat \d raised OSError: no model$"
    ) as caught:
        env.reset(seed=3)
    assert type(caught.value.__cause__) is OSError
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    assert not env.action_masks().any()


def _step_until_a_bot_is_asked(env):
    """The learner's first legal moves, until a bot is asked (it may act twice in a row)."""
    for _ in range(200):
        env.step(int(env.action_masks().nonzero()[0][0]))


@pytest.mark.parametrize("finished_first", [False, True])
def test_a_bot_failing_ends_the_episode_until_a_reset_succeeds(monkeypatch, finished_first):
    """A bot that raises in reset() or step() leaves no episode to step in (not the last one's)."""
    env = Pitch13Env(seat=None, partner=FailsWhenTold(), opponents=FailsWhenTold())
    env.reset(seed=1)
    if finished_first:
        play(env, seed=1, pick=lambda mask: mask.nonzero()[0][0])
    monkeypatch.setattr(FailsWhenTold, "fail", True)
    with pytest.raises(BotFailedError):
        env.reset(seed=3)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    with pytest.raises(RuntimeError, match="no game before reset"):
        env.game_state  # noqa: B018 - the property raises
    assert not env.action_masks().any()
    monkeypatch.setattr(FailsWhenTold, "fail", False)
    env.reset(seed=3)
    monkeypatch.setattr(FailsWhenTold, "fail", True)
    with pytest.raises(BotFailedError):
        _step_until_a_bot_is_asked(env)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
