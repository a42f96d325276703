"""The PettingZoo environment (pitch13.adapters.pettingzoo): PettingZoo's own checks, and the
observations, masks, rewards and episode ends against the engine."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import importlib  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from pitch13 import IllegalActionError, Phase, Rules  # noqa: E402
from pitch13.adapters.pettingzoo import AGENTS, env, raw_env  # noqa: E402
from pitch13.encoding import NUM_ACTIONS, OBS_SIZE, encode, legal_ids  # noqa: E402
from profiles import examples  # noqa: E402


def diff(scores):
    return scores[0] - scores[1]


def play_episode(game, seed, choose=None, *, check=True):
    """Play an episode with random legal actions; check every step; return the records.

    Each record is (agent, observation copy, reward from last(), terminated, truncated).
    """
    rng = random.Random(seed)
    records = []
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        records.append((agent, obs["observation"].copy(), reward, terminated, truncated))
        assert info == {}
        if terminated or truncated:
            action = None
        else:
            legal = obs["action_mask"].nonzero()[0]
            action = int(legal[0]) if choose == "first" else rng.choice(list(legal))
        if check and action is not None:
            state = game.game_state
            seat = AGENTS.index(agent)
            assert state.to_act == seat
            assert np.array_equal(obs["observation"], encode(state, seat))
            assert tuple(obs["action_mask"].nonzero()[0]) == legal_ids(state)
            other = AGENTS[(seat + 1) % 4]
            seen = game.observe(other)
            assert not seen["action_mask"].any()
            assert np.array_equal(seen["observation"], encode(state, (seat + 1) % 4))
            before = state.scores
        game.step(action)
        if check and action is not None:
            after = game.game_state.scores
            change = diff(after) - diff(before)
            assert sum(game.rewards.values()) == 0
            assert [game.rewards[a] for a in AGENTS] == [change, -change, change, -change]
    return records


# --- PettingZoo's checks ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [raw_env, env, lambda: raw_env(episode="game", max_hands=3), lambda: raw_env(rules="classic")],
    ids=["raw_env", "env", "game", "classic"],
)
# PettingZoo's api_test warns about a Dict observation space (with an action mask) unless the
# environment is one of its own classic games, whose observations have the same layout.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning")
def test_pettingzoo_api_test(make):
    api_test(make(), num_cycles=60)


@pytest.mark.parametrize("make", [raw_env, env, lambda: raw_env(episode="game")], ids=["raw", "env", "game"])
def test_pettingzoo_seed_test(make):
    seed_test(make, num_cycles=60)


def test_spaces():
    game = raw_env()
    for agent in AGENTS:
        space = game.observation_space(agent)
        assert space is game.observation_space(agent)
        assert space["observation"].shape == (OBS_SIZE,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (NUM_ACTIONS,)
        assert space["action_mask"].dtype == np.int8
        assert game.action_space(agent).n == NUM_ACTIONS
    low = game.observation_space("seat_0")["observation"].low
    assert low.min() == -1 and (low < 0).sum() == 2  # only the two scaled scores go below 0
    assert game.possible_agents == list(AGENTS)
    assert game.agents == []


# --- observations, masks, rewards ---------------------------------------------------------------


@examples(10, deadline=None)
@given(st.integers(0, 2**32))
def test_random_hands_match_the_engine(seed):
    game = raw_env()
    game.reset(seed=seed)
    records = play_episode(game, seed)
    done = [r for r in records if r[3]]
    assert [r[0] for r in done] == list(AGENTS)  # every agent stepped once more, with None
    assert not any(r[4] for r in records)
    assert game.agents == []


def test_hand_reward_is_the_score_change_and_zero_sum():
    game = raw_env()
    for seed in range(6):
        game.reset(seed=seed)
        start = diff(game.game_state.scores)
        records = play_episode(game, seed, check=False)
        final = game.game_state
        assert final.phase is Phase.DEAL or final.is_over  # waiting for a deal the episode never plays
        change = diff(final.scores) - start
        last_rewards = {agent: reward for agent, _, reward, terminated, _ in records if terminated}
        assert last_rewards == {"seat_0": change, "seat_1": -change, "seat_2": change, "seat_3": -change}


def test_thrown_in_hand_gives_no_reward():
    game = raw_env(rules=Rules(all_pass="redeal"))
    game.reset(seed=4)
    while game.agents:
        _, reward, terminated, _, _ = game.last()
        if terminated:
            assert reward == 0
            game.step(None)
        else:
            game.step(0)  # everyone passes: the hand is thrown in
    assert game.game_state.hand_number == 2 and game.game_state.scores == (0, 0)


def test_done_agents_observe_the_end_with_an_empty_mask():
    game = raw_env()
    game.reset(seed=3)
    play_episode(game, 3, check=False)
    game.reset(seed=3)
    while not any(game.terminations.values()):
        agent = game.agent_selection
        game.step(int(game.observe(agent)["action_mask"].nonzero()[0][0]))
    final = game.game_state
    for seat, agent in enumerate(AGENTS):
        obs = game.observe(agent)
        assert not obs["action_mask"].any()
        assert np.array_equal(obs["observation"], encode(final, seat))


def test_rewards_accumulate_until_the_agent_acts():
    game = raw_env(episode="game", max_hands=2)
    game.reset(seed=11)
    totals = dict.fromkeys(AGENTS, 0.0)
    for agent in game.agent_iter():
        _, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        game.step(
            None if terminated or truncated else int(game.observe(agent)["action_mask"].nonzero()[0][-1])
        )
    assert totals["seat_0"] == -totals["seat_1"] == totals["seat_2"] == -totals["seat_3"]
    assert totals["seat_0"] == diff(game.game_state.scores)


# --- episodes -----------------------------------------------------------------------------------


def test_same_seed_same_episode_other_seed_another():
    def run(seed):
        game = raw_env()
        game.reset(seed=seed)
        return play_episode(game, 0, choose="first", check=False)

    one, two, other = run(5), run(5), run(6)
    assert len(one) == len(two)
    for a, b in zip(one, two, strict=True):
        assert a[0] == b[0] and np.array_equal(a[1], b[1]) and a[2:] == b[2:]
    assert not np.array_equal(one[0][1], other[0][1])  # another deal


def test_reset_without_a_seed_goes_on_from_the_last_seed():
    first, second = raw_env(), raw_env()
    for game in (first, second):
        game.reset(seed=9)
        game.reset()
    assert first.game_state == second.game_state
    first.reset(seed=9)
    assert first.game_state != second.game_state


def test_whole_game_episode_ends_with_the_game():
    game = raw_env(episode="game")
    game.reset(seed=2)
    records = play_episode(game, 2, check=False)
    final = game.game_state
    assert final.is_over and final.hand_number > 1
    ends = [r for r in records if r[3] or r[4]]
    assert all(r[3] and not r[4] for r in ends) and len(ends) == 4


def test_max_hands_truncates_a_game_episode():
    game = raw_env(episode="game", max_hands=2, scores=(10, -10), hand_number=5)
    game.reset(seed=1)
    assert game.game_state.hand_number == 5 and game.game_state.scores == (10, -10)
    records = play_episode(game, 1)
    final = game.game_state
    assert not final.is_over and final.hand_number == 7 and final.phase is Phase.DEAL
    ends = [r for r in records if r[3] or r[4]]
    assert len(ends) == 4 and all(r[4] and not r[3] for r in ends)


def test_a_game_won_inside_the_cap_is_terminated():
    game = raw_env(episode="game", max_hands=50, scores=(54, 54), rules="default")
    game.reset(seed=8)
    records = play_episode(game, 8)
    assert game.game_state.is_over and game.game_state.hand_number == 1
    assert all(r[3] and not r[4] for r in records if r[3] or r[4])


def test_start_options_and_reset_options():
    game = raw_env(scores=[50, 40], hand_number=12, dealer=2, rules="classic")
    game.reset(seed=0)
    state = game.game_state
    assert (state.scores, state.hand_number, state.dealer) == ((50, 40), 12, 2)
    assert state.rules == Rules.classic_ten_point()
    assert game.agent_selection == "seat_3"  # left of the dealer bids first
    options = {"scores": (1, 2), "hand_number": 3, "dealer": 0, "rules": Rules(), "episode": "game"}
    game.reset(seed=0, options=options)
    state = game.game_state
    assert (state.scores, state.hand_number, state.dealer, state.rules) == ((1, 2), 3, 0, Rules())
    assert game._stop_hand is None
    game.reset(seed=0, options={"not an option": 1})  # other keys are left alone
    assert game.game_state.hand_number == 12
    game.reset(options={})
    assert game.game_state.scores == (50, 40)
    game.reset(options={"episode": "game", "max_hands": 4})
    assert game._stop_hand == 16
    game = raw_env(episode="game", max_hands=3)
    game.reset(options={"episode": "hand"})  # a hand episode drops the cap
    assert game._stop_hand == 2


def test_dealer_is_drawn_unless_set():
    game = raw_env()
    dealers = set()
    for seed in range(20):
        game.reset(seed=seed)
        dealers.add(game.game_state.dealer)
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"rules": "tournament"}, ValueError),
        ({"rules": 5}, TypeError),
        ({"episode": "set"}, ValueError),
        ({"episode": "game", "max_hands": 0}, ValueError),
        ({"episode": "game", "max_hands": "2"}, TypeError),
        ({"episode": "game", "max_hands": True}, TypeError),
        ({"max_hands": 3}, ValueError),
        ({"dealer": 4}, ValueError),
        ({"dealer": "north"}, TypeError),
        ({"scores": (60, 0)}, ValueError),
        ({"scores": (1, 2, 3)}, TypeError),
        ({"hand_number": 0}, ValueError),
        ({"render_mode": "rgb_array"}, ValueError),
        ({"episode": 1}, TypeError),
        ({"render_mode": 1.5}, TypeError),
    ],
)
def test_bad_options_are_refused(kwargs, error):
    with pytest.raises(error):
        raw_env(**kwargs)
    options = {k: v for k, v in kwargs.items() if k != "render_mode"}
    if options:
        game = raw_env()
        with pytest.raises(error):
            game.reset(options=options)


def test_options_must_be_a_mapping():
    for options in ([("episode", "game")], [], 0, "", False):  # empty or not, no dict
        with pytest.raises(TypeError, match="options is a dict or None, not "):
            raw_env().reset(options=options)


def test_what_observe_gives_is_the_callers_to_change():
    game = raw_env()
    game.reset(seed=0)
    agent = game.agent_selection
    seen = game.observe(agent)
    mask, observation = seen["action_mask"].copy(), seen["observation"].copy()
    seen["action_mask"][:] = 0
    seen["observation"][:] = 7
    again, *_ = game.last()
    assert np.array_equal(again["action_mask"], mask) and np.array_equal(again["observation"], observation)
    assert np.array_equal(game.observe(agent)["action_mask"], mask)


# --- steps --------------------------------------------------------------------------------------


def test_bad_steps_are_refused():
    game = raw_env()
    with pytest.raises(RuntimeError, match="reset"):
        game.observe("seat_0")
    with pytest.raises(RuntimeError, match="reset"):
        game.step(0)
    game.reset(seed=1)
    with pytest.raises(IllegalActionError):
        game.step(236)  # a card it does not hold: the auction is on
    with pytest.raises(ValueError, match="237"):
        game.step(NUM_ACTIONS)
    with pytest.raises(ValueError, match="-1"):
        game.step(-1)
    with pytest.raises(TypeError):
        game.step(1.5)
    for flag in (True, np.True_):  # operator.index(True) is 1, a bid of 1: no action id
        with pytest.raises(TypeError, match=r"an action id is an int, not (np\.)?True"):
            game.step(flag)
    assert game.game_state.bids == (None, None, None, None)
    with pytest.raises(ValueError, match="None"):
        game.step(None)
    with pytest.raises(KeyError):
        game.observe("seat_4")
    game.step(np.int64(0))  # a NumPy integer is an id
    assert game.game_state.bids.count(0) == 1
    play_episode(game, 1, check=False)
    assert game.agents == []
    with pytest.raises(RuntimeError, match="reset"):
        game.step(None)


def test_a_done_agent_is_stepped_with_none_only():
    game = raw_env()
    game.reset(seed=1)
    while not game.terminations["seat_0"]:
        game.step(int(game.observe(game.agent_selection)["action_mask"].nonzero()[0][0]))
    assert game.agent_selection == "seat_0"
    with pytest.raises(ValueError, match="None"):
        game.step(0)
    game.step(None)
    assert game.agents == ["seat_1", "seat_2", "seat_3"] and game.agent_selection == "seat_1"
    assert set(game.rewards) == set(game.agents) and not any(game.rewards.values())


def test_wrapped_env_enforces_the_order_of_calls():
    game = env()
    with pytest.raises(AttributeError):
        game.agents  # noqa: B018 - before reset
    game.reset(seed=1)
    assert game.unwrapped.game_state.hand_number == 1
    records = play_episode(game, 1, check=False)
    assert len(records) > 4


# --- rendering ----------------------------------------------------------------------------------


def test_render_ansi_tells_the_hand():
    game = raw_env(render_mode="ansi")
    assert game.render() is None  # nothing to show before reset
    game.reset(seed=7)
    text = game.render()
    assert any(line.startswith("Hand 1: ") for line in text.splitlines())
    assert sum(" holds " in line for line in text.splitlines()) == 4  # every hand is shown
    assert text.splitlines()[-1].endswith("to act.")
    play_episode(game, 7, check=False)
    assert game.render().splitlines()[-1].startswith("Episode over before hand 2")
    game.close()


def test_render_human_prints_what_is_new(capsys):
    game = raw_env(render_mode="human", episode="game", scores=(54, 54))
    game.reset(seed=7)
    first = capsys.readouterr().out
    assert "Hand 1: " in first
    game.step(int(game.observe(game.agent_selection)["action_mask"].nonzero()[0][0]))
    second = capsys.readouterr().out.splitlines()
    assert len(second) == 2 and "Hand 1: " not in second[0]  # the action, and where it stands
    play_episode(game, 7, check=False)
    assert "Game over after hand 1" in capsys.readouterr().out.splitlines()[-1]


def test_render_without_a_mode_warns():
    game = raw_env()
    game.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert game.render() is None


# --- installation -------------------------------------------------------------------------------


def test_missing_extra_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "pitch13.adapters.pettingzoo")
    with pytest.raises(ImportError, match=r"pip install 'pitch13\[pettingzoo\]'"):
        importlib.import_module("pitch13.adapters.pettingzoo")


def test_render_human_tells_over_an_episode_what_ansi_tells_at_its_end(capsys):
    """Human mode prints each entry once (what is new at each step, O(new entries)): all it
    printed but the status lines is the whole game that ansi mode renders at the end."""
    shown, told = (
        raw_env(render_mode="human", episode="game", max_hands=3),
        raw_env(render_mode="ansi", episode="game", max_hands=3),
    )
    shown.reset(seed=11)
    told.reset(seed=11)
    for _ in shown.agent_iter():
        obs, _, terminated, truncated, _ = shown.last()
        action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][-1])
        shown.step(action)
        told.step(action)
    printed = [
        line
        for line in capsys.readouterr().out.splitlines()
        if not re.match(r"Hand \d+, |Episode over |Game over after ", line)
    ]
    assert printed == told.render().splitlines()[:-1]
