"""The OpenSpiel games (pitch13.adapters.openspiel): OpenSpiel's own checks, bots, RL, ISMCTS."""

from __future__ import annotations

import importlib
import pickle
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import pitch13.adapters.openspiel as adapter  # noqa: E402
from pitch13 import DECK, IllegalActionError, Phase, Rules, Suit, view  # noqa: E402
from pitch13.encoding import (  # noqa: E402
    INFO_STATE_SIZE,
    INFO_VOCAB,
    OBS_SIZE,
    encode,
    info_state_string,
    info_state_tensor,
    observation_string,
)
from pitch13.trumps import is_trump  # noqa: E402

EXPLICIT = "python_pitch13"
SAMPLED = "python_pitch13_sampled"
BOTH = [EXPLICIT, SAMPLED]


def _play_chance(state, rng: random.Random) -> None:
    outcomes = state.chance_outcomes()
    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])


def _random_episode(game, rng: random.Random, until=None):
    """Play random actions to the end (or until ``until(state)``); return the state and decisions."""
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and not (until and until(state)):
        if state.is_chance_node():
            _play_chance(state, rng)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return state, decisions


# --- OpenSpiel's own checks ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [{}, {"rules": "classic"}, {"max_hands": 3, "score_a": 20, "score_b": -7, "dealer": 2, "hand_number": 5}],
)
def test_the_explicit_game_passes_openspiels_random_simulation_test(params):
    game = pyspiel.load_game(EXPLICIT, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "params",
    [{}, {"rules": "classic", "rng_seed": 5}, {"max_hands": 3, "score_a": 40, "score_b": 50, "dealer": 3}],
)
def test_the_sampled_game_passes_openspiels_random_simulation_test(params):
    # pyspiel serializes a sampled-stochastic game with the state of its generator, which a
    # game written in Python cannot give it: the states serialize on their own (next test).
    game = pyspiel.load_game(SAMPLED, params)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_a_sampled_state_serializes_and_deserializes():
    game = pyspiel.load_game(SAMPLED, {"max_hands": 2})
    state, _ = _random_episode(game, random.Random(3), until=lambda s: len(s.history()) > 40)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    assert again.game_state == state.game_state


def test_serialize_game_and_state_round_trips_the_explicit_game():
    game = pyspiel.load_game(EXPLICIT, {"max_hands": 2, "rules": "classic"})
    state, _ = _random_episode(game, random.Random(4), until=lambda s: len(s.history()) > 70)
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(game2) == str(game) and str(state2) == str(state)
    assert state2.game_state == state.game_state and state2.history() == state.history()
    assert state2.legal_actions() == state.legal_actions()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(state)).game_state == state.game_state


def test_the_game_types_and_infos():
    for name, chance_mode, outcomes in (
        (EXPLICIT, pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC, 54),
        (SAMPLED, pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC, 1),
    ):
        game = pyspiel.load_game(name, {"max_hands": 2})
        kind = game.get_type()
        assert kind.chance_mode == chance_mode
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert game.num_players() == 4 and game.num_distinct_actions() == 237
        assert game.max_chance_outcomes() == outcomes
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-52.0, 52.0, 0.0)
        assert game.max_game_length() == 2 * 48
        assert game.max_chance_nodes_in_history() == 2 * outcomes
        assert game.observation_tensor_shape() == [OBS_SIZE]
        assert game.information_state_tensor_shape() == [INFO_STATE_SIZE]
        assert game.rules == Rules() and game.max_hands == 2
    classic = pyspiel.load_game(EXPLICIT, {"rules": "classic", "max_hands": 3})
    assert classic.rules == Rules.classic_ten_point()
    assert (classic.max_utility(), classic.max_game_length()) == (60.0, 3 * 44)


# --- the parameters ------------------------------------------------------------------------------


def test_the_parameters_start_the_episode_where_they_say():
    game = pyspiel.load_game(EXPLICIT, {"score_a": 12, "score_b": -3, "dealer": 2, "hand_number": 7})
    start = game.new_initial_state().game_state
    assert (start.scores, start.dealer, start.hand_number, start.phase) == ((12, -3), 2, 7, Phase.DEAL)


@pytest.mark.parametrize(
    ("params", "error", "words"),
    [
        ({"max_hands": 0}, ValueError, "max_hands must be from 1"),
        ({"dealer": 4}, ValueError, "dealer must be from 0 to 3"),
        ({"dealer": -1}, ValueError, "dealer must be from 0 to 3"),
        ({"hand_number": 0}, ValueError, "hand_number must be from 1"),
        ({"score_a": -(10**9) - 1}, ValueError, "score_a must be from"),
        ({"rules": "tournament"}, ValueError, 'rules must be "default" or "classic"'),
        ({"score_a": 60}, ValueError, "target"),  # the game would already be won
        ({"max_hands": 44_739_243}, ValueError, "max_hands must be from 1 to 10000"),  # past a C int
    ],
)
def test_parameters_out_of_range_are_refused_when_loading(params, error, words):
    for name in BOTH:
        with pytest.raises(error, match=words):
            pyspiel.load_game(name, params)


@pytest.mark.parametrize(
    ("params", "error", "words"),
    [
        ({"max_hands": True}, TypeError, "max_hands must be an int"),
        ({"score_b": 1.5}, TypeError, "score_b must be an int"),
        ({"rules": 3}, ValueError, "rules must be"),
        ({"players": 4}, ValueError, "unknown parameter 'players'"),
    ],
)
def test_parameters_of_the_wrong_kind_are_refused_when_made_directly(params, error, words):
    with pytest.raises(error, match=words):
        adapter.PitchGame(params)


def test_the_sampled_games_seed_is_checked_and_unknown_parameters_refused_by_openspiel():
    with pytest.raises(TypeError, match="rng_seed must be an int"):
        adapter.SampledPitchGame({"rng_seed": "7"})
    for seed in (2**31, -(2**31) - 1):  # OpenSpiel keeps its parameters in C ints
        with pytest.raises(ValueError, match=r"rng_seed must be from -2147483648 to 2147483647"):
            adapter.SampledPitchGame({"rng_seed": seed})
    assert adapter.SampledPitchGame({"rng_seed": 2**31 - 1}).get_parameters()["rng_seed"] == 2**31 - 1
    with pytest.raises(ValueError, match="unknown parameter 'rng_seed'"):
        adapter.PitchGame({"rng_seed": 1})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game(EXPLICIT, {"rng_seed": 1})
    assert adapter.PARAMETERS == {
        "rules": "default",
        "max_hands": 1,
        "score_a": 0,
        "score_b": 0,
        "dealer": 0,
        "hand_number": 1,
    }


def test_the_sampled_game_deals_from_its_seed():
    def deals(params):
        game = pyspiel.load_game(SAMPLED, params)
        out = []
        for _ in range(3):
            state = game.new_initial_state()
            state.apply_action(0)
            out.append(state.game_state.hands)
        return out

    assert deals({"rng_seed": 11}) == deals({"rng_seed": 11})
    assert deals({"rng_seed": 11}) != deals({"rng_seed": 12})
    assert len(set(map(tuple, deals({"rng_seed": 11})))) == 3  # each state draws the next deal
    assert deals({"rng_seed": -1}) != deals({"rng_seed": -1})  # a negative seed: the system's entropy


def test_importing_without_the_extra_says_what_to_install(monkeypatch):
    for missing in ("pyspiel", "numpy"):
        monkeypatch.delitem(sys.modules, "pitch13.adapters.openspiel")
        monkeypatch.setitem(sys.modules, missing, None)
        with pytest.raises(ImportError, match=r"pip install 'pitch13\[openspiel\]'"):
            importlib.import_module("pitch13.adapters.openspiel")
        monkeypatch.undo()
    assert sys.modules["pitch13.adapters.openspiel"] is adapter


def test_the_player_ids_are_openspiels():
    state = pyspiel.load_game(EXPLICIT).new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_importing_again_registers_nothing_twice():
    code = (
        "import importlib, pyspiel, pitch13.adapters.openspiel as a; importlib.reload(a); "
        "print(pyspiel.load_game('python_pitch13').num_players(), "
        "pyspiel.registered_names().count('python_pitch13_sampled'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["4", "1"]


# --- chance --------------------------------------------------------------------------------------


def test_the_explicit_deal_places_each_card_at_its_deck_position():
    game = pyspiel.load_game(EXPLICIT, {"dealer": 1})
    state = game.new_initial_state()
    rng = random.Random(5)
    order = []
    for position in range(54):
        assert state.is_chance_node() and state.game_state.is_chance
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 54 - position
        assert sorted(a for a, _ in outcomes) == sorted(set(range(54)) - set(order))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        card = outcomes[rng.randrange(len(outcomes))][0]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, card) == f"deal {DECK[card]}"
        state.apply_action(card)
        order.append(card)
        if position < 53:
            assert [c.index for c in state.cards_dealt] == order
            assert f"dealt {DECK[order[0]]}" in str(state)
    assert state.cards_dealt == () and state.current_player() == 2  # left of dealer 1 bids first
    # R-DEAL-1: seat s_k (k-th from the dealer's left) gets order[12r + 3(k-1) : 12r + 3k].
    for k in range(1, 5):
        seat = (1 + k) % 4
        dealt = [order[12 * r + 3 * (k - 1) + i] for r in range(3) for i in range(3)]
        assert sorted(dealt) == [c.index for c in state.game_state.hand(seat)]
    assert [c.index for c in state.game_state.stock] == order[36:]


def test_a_chance_outcome_that_is_not_a_card_left_is_refused():
    state = pyspiel.load_game(EXPLICIT).new_initial_state()
    state.apply_action(7)
    for wrong in (7, 54, 99):
        with pytest.raises(ValueError, match="not a card left to deal"):
            state.apply_action(wrong)
    for wrong in (-5, 54, 60):  # no card, not another card counted from the end
        with pytest.raises(ValueError, match=f"chance outcome {wrong} is no card: they are 0 to 53"):
            state.action_to_string(pyspiel.PlayerId.CHANCE, wrong)
    sampled = pyspiel.load_game(SAMPLED).new_initial_state()
    assert sampled.chance_outcomes() == [(0, 1.0)]
    assert sampled.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal"
    with pytest.raises(ValueError, match="the chance outcome is 0"):
        sampled.apply_action(1)
    with pytest.raises(ValueError, match="the chance outcome is 0, not 999"):
        sampled.action_to_string(pyspiel.PlayerId.CHANCE, 999)
    # A seat's decision is no chance node, in either game.
    sampled.apply_action(0)
    with pytest.raises(ValueError, match="seat 1 is to act: this is no chance node"):
        sampled.chance_outcomes()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 1
    with pytest.raises(ValueError, match="seat 1 is to act: this is no chance node"):
        state.chance_outcomes()


def test_player_actions_are_named_in_pitch13_notation_and_checked():
    state = pyspiel.load_game(SAMPLED).new_initial_state()
    state.apply_action(0)
    names = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert names[:2] == ["pass", "bid 4"]
    assert state.action_to_string(0, 218) == "play JH"
    with pytest.raises(pyspiel.SpielError):
        state.apply_action_with_legality_check(218)
    with pytest.raises(IllegalActionError):
        state.apply_action(218)  # the engine refuses it too


# --- states --------------------------------------------------------------------------------------


def test_a_clone_shares_the_engine_state_and_goes_its_own_way():
    game = pyspiel.load_game(SAMPLED)
    state, _ = _random_episode(game, random.Random(6), until=lambda s: len(s.history()) > 5)
    clone = state.clone()
    assert clone.game_state is state.game_state
    assert str(clone) == str(state) and clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.game_state is not state.game_state and len(state.history()) == 6


def test_only_the_seat_to_act_has_legal_actions_and_they_ascend():
    game = pyspiel.load_game(SAMPLED)
    state, _ = _random_episode(game, random.Random(8), until=lambda s: s.game_state.phase is Phase.PLAY)
    seat = state.current_player()
    assert list(state.legal_actions(seat)) == sorted(state.legal_actions(seat))
    assert all(state.legal_actions(other) == [] for other in range(4) if other != seat)
    mask = state.legal_actions_mask(seat)
    assert [a for a, bit in enumerate(mask) if bit] == state.legal_actions(seat)


def test_the_state_string_follows_the_hand():
    game = pyspiel.load_game(SAMPLED, {"max_hands": 1})
    state = game.new_initial_state()
    assert str(state).startswith("hand 1; dealer 0; scores 0 0; deal; chance to act")
    state.apply_action(0)
    text = str(state)
    assert "seat 1 to act" in text and "bids - - - -" in text
    assert all(f"seat {s}: " in text for s in range(4))
    state, _ = _random_episode(game, random.Random(2))
    a, b = state.game_state.scores
    assert state.game_state.outcome is None and str(state) == f"episode over after hand 1; scores {a} {b}"


# --- returns -------------------------------------------------------------------------------------


def test_the_returns_are_the_change_in_the_score_difference_and_zero_sum():
    game = pyspiel.load_game(SAMPLED, {"max_hands": 3, "score_a": 10, "score_b": 5})
    rng = random.Random(9)
    for _ in range(10):
        state, _ = _random_episode(game, rng)
        returns = state.returns()
        a, b = state.game_state.scores
        assert returns == [returns[0], -returns[0], returns[0], -returns[0]]
        if state.game_state.outcome is None:
            assert returns[0] == (a - b) - (10 - 5)
            assert state.game_state.hand_number == 4
        assert -78 <= returns[0] <= 78
        assert state.rewards() == returns


def test_the_returns_are_zero_before_the_end():
    game = pyspiel.load_game(SAMPLED, {"max_hands": 2})
    rng = random.Random(10)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4 and state.rewards() == [0.0] * 4
        if state.is_chance_node():
            _play_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_hand_that_wins_the_game_gives_the_largest_utility_and_ends_the_episode():
    # At 54 all, the next hand is likely to push one team past the target (R-END-1).
    game = pyspiel.load_game(SAMPLED, {"max_hands": 4, "score_a": 54, "score_b": 54, "rng_seed": 3})
    rng = random.Random(11)
    won = 0
    for _ in range(12):
        state, _ = _random_episode(game, rng)
        outcome = state.game_state.outcome
        if outcome is None:
            continue
        won += 1
        assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
        best = 2 * 13 * 4
        expected = best if outcome.winner == 0 else -best
        assert state.returns() == [expected, -expected, expected, -expected]
        assert str(state).splitlines()[0].endswith("game_over; episode over")
        assert f"game over: team {'AB'[outcome.winner]} won" in str(state)
    assert won >= 6


# --- the decisions' bound ------------------------------------------------------------------------


def _lengthening(state, legal, rng: random.Random, trump: Suit | None = None) -> int:
    """A policy that makes hands long: the given trump, and turning up and taking, not stopping."""
    phase = state.game_state.phase
    if phase is Phase.TRUMP and trump is not None:
        return 14 + trump
    if phase in (Phase.LOOK, Phase.PICKUP):
        not_stop = [a for a in legal if a != 20]
        if not_stop and rng.random() < 0.9:
            return rng.choice(not_stop)
    return rng.choice(legal)


def _extreme_deck(rng: random.Random, rules: Rules, dealer: int) -> tuple[list[int], Suit]:
    """A deck (card indices, top first) that gives some seats many trumps of a suit, and that suit."""
    trump = Suit(rng.randrange(4))
    trumps = [c for c in DECK if is_trump(c, trump, rules)]
    dead = [c for c in DECK if not is_trump(c, trump, rules)]
    rng.shuffle(trumps)
    rng.shuffle(dead)
    left = len(trumps) - rng.choice([0, 0, 1, 2, 3, 4, 5, 6])  # the rest go to the stock
    counts = [0] * 4
    for k in rng.sample(range(4), 4):
        counts[k] = min(9, left) if rng.random() < 0.7 else rng.randint(0, min(9, left))
        left -= counts[k]
    hands = [[trumps.pop() for _ in range(n)] for n in counts]
    for hand in hands:
        hand += [dead.pop() for _ in range(9 - len(hand))]
    stock = trumps + dead
    rng.shuffle(stock)
    order = [None] * 54
    for k in range(4):  # R-DEAL-1: the k-th seat from the dealer's left, three cards a round
        for r in range(3):
            order[12 * r + 3 * k : 12 * r + 3 * k + 3] = hands[k][3 * r : 3 * r + 3]
    order[36:] = stock
    return [card.index for card in order], trump


def test_max_decisions_per_hand_is_derived_from_the_trumps():
    assert adapter.max_decisions_per_hand(Rules()) == 48
    assert adapter.max_decisions_per_hand(Rules.classic_ten_point()) == 44
    assert adapter.max_decisions_per_hand(Rules(look_take="any_card")) == 59


@pytest.mark.parametrize("preset", ["default", "classic"])
def test_no_hand_takes_more_decisions_than_max_game_length(preset):
    rules = {"default": Rules(), "classic": Rules.classic_ten_point()}[preset]
    rng = random.Random(12)
    # Random play of random deals.
    game = pyspiel.load_game(SAMPLED, {"rules": preset, "rng_seed": 21})
    bound = game.max_game_length()
    assert bound == adapter.max_decisions_per_hand(rules)
    longest_random = max(_random_episode(game, rng)[1] for _ in range(200))
    # Deals that crowd the trumps into a few hands (more to shed, pick up, look through and
    # play), dealt through the explicit game's chance nodes, played to make the hand long.
    game = pyspiel.load_game(EXPLICIT, {"rules": preset})
    longest = 0
    for _ in range(150):
        state = game.new_initial_state()
        deck, trump = _extreme_deck(rng, rules, dealer=0)
        for index in deck:
            state.apply_action(index)
        decisions = 0
        while not state.is_terminal():
            state.apply_action(_lengthening(state, state.legal_actions(), rng, trump))
            decisions += 1
        longest = max(longest, decisions)
    assert longest_random <= longest <= bound
    assert longest >= bound - 8  # the bound is nearly reached


# --- observations --------------------------------------------------------------------------------


def test_the_tensors_and_strings_are_pitch13_encodings_of_each_seat():
    game = pyspiel.load_game(EXPLICIT, {"max_hands": 2})
    rng = random.Random(13)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if len(state.history()) % 7 == 0 or (state.is_chance_node() and len(state.cards_dealt) == 20):
            for seat in range(4):
                obs = np.asarray(state.observation_tensor(seat), np.float32)
                info = np.asarray(state.information_state_tensor(seat), np.float32)
                assert obs.shape == (OBS_SIZE,) and info.shape == (INFO_STATE_SIZE,)
                assert obs.min() >= -1 and obs.max() <= 1 and info.min() >= -1 and info.max() <= 1
                np.testing.assert_array_equal(obs, encode(state.game_state, seat))
                np.testing.assert_array_equal(info, info_state_tensor(state.game_state, seat))
                assert state.observation_string(seat) == observation_string(state.game_state, seat)
                assert state.information_state_string(seat) == info_state_string(state.game_state, seat)
                checked += 1
        if state.is_chance_node():
            _play_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(4):  # the final observation too
        assert len(state.information_state_tensor(seat)) == INFO_STATE_SIZE
    assert checked > 20


def test_observers_name_the_pieces_of_the_tensors():
    game = pyspiel.load_game(SAMPLED)
    state = game.new_initial_state()
    state.apply_action(0)
    observation = make_observation(game)
    observation.set_from(state, 1)
    assert observation.dict["hand"].sum() == 9
    assert observation.dict["calls"].shape == (4, 15) and observation.dict["played"].shape == (4, 54)
    assert sum(piece.size for piece in observation.dict.values()) == OBS_SIZE
    assert observation.string_from(state, 1) == observation_string(state.game_state, 1)
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    info.set_from(state, 1)
    assert info.dict["tricks"].shape == (6, 220) and info.tensor.shape == (INFO_STATE_SIZE,)
    assert info.dict["tokens"].shape == (INFO_VOCAB,)
    assert info.string_from(state, 1) == info_state_string(state.game_state, 1)
    np.testing.assert_array_equal(info.tensor[:OBS_SIZE], observation.tensor)
    assert game.make_py_observer({}).perfect_recall is False  # OpenSpiel's call with params only


def test_observers_of_other_kinds_are_not_offered():
    game = pyspiel.load_game(EXPLICIT)
    with pytest.raises(ValueError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})
    with pytest.raises(
        TypeError, match=r"iig_obs_type is a pyspiel\.IIGObservationType or None, not 'bogus'"
    ):
        game.make_py_observer("bogus")
    with pytest.raises(ValueError, match="no parameters"):
        game.make_py_observer({"x": 1})
    # OpenSpiel's convention for a kind of observation a game does not offer: None, which its
    # tools (make_observation, the playthrough, the API tests) take as "left out".
    for kind in (
        pyspiel.IIGObservationType(public_info=False, perfect_recall=False),
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
    ):
        assert game.make_py_observer(kind) is None
        assert make_observation(game, kind) is None


@pytest.mark.parametrize("name", BOTH)
def test_openspiels_playthrough_of_the_game_runs(name):
    # The playthrough asks for every kind of observation, the ones not offered included.
    from open_spiel.python.algorithms import generate_playthrough

    text = generate_playthrough.playthrough(name, action_sequence=None, alsologtostdout=False)
    assert "InformationStateString(0)" in text and "ObservationTensor(3)" in text
    assert "IsTerminal() = True" in text


@pytest.mark.parametrize("name", BOTH)
def test_an_episode_that_is_over_takes_no_action(name):
    game = pyspiel.load_game(name, {"max_hands": 1})
    state, _ = _random_episode(game, random.Random(3))
    assert state.is_terminal()
    returns, history = state.returns(), state.history()
    for action in (0, 5, 200):
        with pytest.raises(ValueError, match="the episode is over: no action applies"):
            state.apply_action(action)
    with pytest.raises(ValueError, match="the episode is over: it has no chance outcomes"):
        state.chance_outcomes()
    assert state.returns() == returns and state.history() == history


# --- resampling ----------------------------------------------------------------------------------


def _check_resample(state, seat, seed):
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    sample = state.resample_from_infostate(seat, sampler)
    assert isinstance(sample, adapter.PitchState)
    assert sample.current_player() == state.current_player()
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert view(sample.game_state, seat) == view(state.game_state, seat)
    assert len(sample.history()) == len(state.history())
    assert sample.is_terminal() == state.is_terminal()
    if state.is_terminal():
        assert sample.returns() == state.returns()
    return sample


@pytest.mark.parametrize("name", BOTH)
def test_resampling_keeps_the_seats_information_state(name):
    game = pyspiel.load_game(name, {"max_hands": 2})
    rng = random.Random(14)
    state = game.new_initial_state()
    differ = checks = step = 0
    while not state.is_terminal():
        step += 1
        if state.is_chance_node():
            if len(state.cards_dealt) in (0, 30):  # before the deal and during it
                _check_resample(state, step % 4, step)
            _play_chance(state, rng)
            continue
        if step % 3 == 0:
            seat = state.current_player()
            sample = _check_resample(state, seat, step)
            others = [s for s in range(4) if s != seat]
            differ += any(sample.game_state.hand(s) != state.game_state.hand(s) for s in others)
            checks += 1
            sample.apply_action(sample.legal_actions()[0])  # play goes on from the sample
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(4):
        _check_resample(state, seat, seat)
    assert checks > 5 and differ > checks // 2  # the other hands are dealt afresh


def test_ismcts_plays_a_hand_against_random_bots():
    game = pyspiel.load_game(SAMPLED, {"rng_seed": 4})
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    others = random.Random(16)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(0)
        elif state.current_player() in (0, 2):  # team A searches, with the resampler
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(others.choice(state.legal_actions()))
    returns = state.returns()
    assert searched > 3
    assert returns[0] == -returns[1] == returns[2] == -returns[3]
    assert abs(returns[0]) <= game.max_utility()


# --- frameworks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BOTH)
def test_evaluate_bots_with_uniform_random_bots(name):
    game = pyspiel.load_game(name, {"max_hands": 2})
    totals = []
    for seed in range(4):
        bots = [pyspiel.make_uniform_random_bot(seat, seed * 10 + seat) for seat in range(4)]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert returns[0] == -returns[1] == returns[2] == -returns[3]
        assert game.min_utility() <= returns[0] <= game.max_utility()
        totals.append(returns[0])
    assert len(set(totals)) > 1


@pytest.mark.parametrize("name", BOTH)
def test_an_rl_environment_steps_through_episodes(name):
    env = rl_environment.Environment(name, max_hands=1)
    env.seed(5)
    rng = random.Random(15)
    assert env.observation_spec()["info_state"] == (INFO_STATE_SIZE,)
    assert env.action_spec()["num_actions"] == 237
    for _ in range(3):
        step = env.reset()
        steps = 0
        while not step.last():
            seat = step.observations["current_player"]
            legal = step.observations["legal_actions"][seat]
            assert len(step.observations["info_state"][seat]) == INFO_STATE_SIZE
            step = env.step([rng.choice(legal)])
            steps += 1
        assert 0 < steps <= 48
        assert sum(step.rewards) == 0 and step.rewards[0] == step.rewards[2] == -step.rewards[1]
    obs_env = rl_environment.Environment(
        name, observation_type=rl_environment.ObservationType.OBSERVATION, max_hands=1
    )
    step = obs_env.reset()
    assert len(step.observations["info_state"][step.observations["current_player"]]) == OBS_SIZE
