"""The array encodings of pitch13.encoding: the observation, the information state, the privileged
encoding and the legal mask (R-INFO-1, R-INFO-2: what a seat may know, and nothing more)."""

from __future__ import annotations

import hashlib
import json
import pathlib
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitch13.encoding as encoding
from helpers import card, drive
from pitch13 import (
    STOP,
    Card,
    Phase,
    Rules,
    Take,
    apply,
    legal_actions,
    new_game,
    sample_state,
    spectator_view,
    view,
)
from pitch13.encoding import (
    INFO_STATE_SIZE,
    INFO_VOCAB,
    NUM_ACTIONS,
    OBS_SIZE,
    OBSERVATION_SPEC,
    PRIVILEGED_SIZE,
    encode,
    encode_privileged,
    encode_view,
    info_state_ids,
    info_state_one_hot,
    info_state_string,
    info_state_tensor,
    legal_ids,
    legal_mask,
    observation_string,
)
from profiles import examples, longer
from strategies import playouts, presets
from test_rules_exchange import shed

GOLDEN = pathlib.Path(__file__).parent / "observations.json"


def field(vector, name):
    return vector[OBSERVATION_SPEC.field(name).slice]


def plane(vector, name, k=0):
    """The ``k``-th 54-card plane of a field, as the set of cards set in it."""
    values = field(vector, name)[54 * k : 54 * (k + 1)]
    return {Card.from_index(int(i)) for i in np.flatnonzero(values)}


# --- the layout ----------------------------------------------------------------------------------


def test_the_fields_lie_end_to_end_and_fill_the_vector():
    at = 0
    for f in OBSERVATION_SPEC.fields:
        assert f.offset == at and f.size > 0
        assert f.slice == slice(at, at + f.size)
        at += f.size
    assert at == OBS_SIZE == OBSERVATION_SPEC.size == 1089
    assert OBSERVATION_SPEC.name == "pitch13.obs/1"
    assert INFO_STATE_SIZE == OBS_SIZE + 6 * 220 + INFO_VOCAB == 6074
    assert PRIVILEGED_SIZE == OBS_SIZE + 6 * 54
    with pytest.raises(KeyError, match=r"pitch13\.obs/1 has no field 'nope'"):
        OBSERVATION_SPEC.field("nope")


def test_the_documented_table_is_the_layout():
    """The module's table of fields names each field with its size, in the order of the vector."""
    doc = encoding.__doc__
    assert doc is not None
    rows = []
    for line in doc.split("The observation\n")[1].split("Information states")[0].splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].startswith("``") and parts[1].isdigit():
            rows.append((parts[0].strip("`"), int(parts[1])))
    assert rows == [(f.name, f.size) for f in OBSERVATION_SPEC.fields]


# --- encode and encode_view agree, and keep to what the seat may know -------------------------------


def check_observation(state, seat):
    obs = encode(state, seat)
    assert obs.shape == (OBS_SIZE,) and obs.dtype == np.float32
    assert obs.min() >= -1.0 and obs.max() <= 1.0
    bits = obs[: OBSERVATION_SPEC.field("scores").offset]
    assert set(np.unique(bits)) <= {0.0, 1.0}
    assert np.array_equal(obs, encode_view(view(state, seat)))
    return obs


@examples(15, deadline=None)
@given(playout=playouts())
def test_r_info_encode_equals_the_encoding_of_the_seats_view(playout):
    """R-INFO-1, R-INFO-2: encode(state, seat), read from the state, is encode_view of the seat's
    view, read from the view alone, at every state of a random game (any rules, seeded or dealt)."""
    for at, state in enumerate(playout.states(longer(300))):
        for seat in range(4):
            if (
                at % 4
            ):  # every state is encoded (the hand is read on step by step), every fourth checked whole
                encode(state, seat)
                continue
            obs = check_observation(state, seat)
            assert int(field(obs, "phase").argmax()) == list(Phase).index(state.phase)
            assert plane(obs, "hand") == set(state.hand(seat)) if state.phase is not Phase.DEAL else True


@examples(15, deadline=None)
@given(rules=presets(), seed=st.integers(0, 2**32), steps=st.integers(0, 120), data=st.data())
def test_r_info_a_state_sampled_from_the_view_encodes_the_same(rules, seed, steps, data):
    """R-INFO-2: nothing hidden reaches the seat's encodings. A state sampled from the seat's view
    (the hidden cards dealt afresh) encodes exactly as the real one, for the observation, the
    information state and both strings; the privileged encoding, which shows the hidden cards,
    is the only one that may tell them apart."""
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    seat = data.draw(st.integers(0, 3))
    sample = sample_state(view(state, seat), random.Random(seed + 1))
    assert np.array_equal(encode(sample, seat), encode(state, seat))
    assert np.array_equal(info_state_tensor(sample, seat), info_state_tensor(state, seat))
    assert info_state_ids(sample, seat) == info_state_ids(state, seat)
    assert info_state_string(sample, seat) == info_state_string(state, seat)
    assert observation_string(sample, seat) == observation_string(state, seat)
    privileged = encode_privileged(sample, seat)
    assert np.array_equal(privileged[:OBS_SIZE], encode(state, seat))


@examples(12, deadline=None)
@given(
    seed=st.integers(0, 2**32), dealer=st.integers(0, 3), turn=st.integers(1, 3), steps=st.integers(0, 150)
)
def test_r_deal_1_turning_the_table_keeps_the_seat_relative_encoding(seed, dealer, turn, steps):
    """R-DEAL-1 deals by place from the dealer: the same deck dealt by the seat ``turn`` places to
    the left gives each seat's cards to the seat ``turn`` places to its left. Played the same way,
    seat s of the first game and seat s + turn of the second see the same table from their chair,
    so their seat-relative encodings are equal ("our team" is the viewer's in both)."""
    first = new_game(dealer=dealer, seed=seed)
    second = new_game(dealer=(dealer + turn) % 4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if first.is_over:
            break
        action = rng.choice(legal_actions(first))
        first, second = apply(first, action), apply(second, action)
    for seat in range(4):
        assert np.array_equal(encode(first, seat), encode(second, (seat + turn) % 4))
        assert info_state_ids(first, seat) == info_state_ids(second, (seat + turn) % 4)


def test_r_pick_1_picked_up_cards_are_known_in_the_takers_hand_until_played():
    """R-PICK-1 and R-INFO-1: a card taken from the middle is public; every other seat's view and
    encoding show it in the taker's hand (seat 3 is +3 from seat 0, +1 from seat 2)."""
    state = drive(shed("AH 10H KH"), (2, STOP), (3, Take(card("10H"))))
    for seat in (0, 1, 2):
        assert view(state, seat).known_held[3] == (card("10H"),)
        k = (3 - seat) % 4
        assert plane(encode(state, seat), "known_held", k - 1) == {card("10H")}
        assert card("10H") not in plane(encode(state, seat), "unseen")
    assert view(state, 3).known_held[3] == view(state, 3).hand  # its own entry is its hand
    assert plane(encode(state, 3), "known_held", 0) == set()
    assert spectator_view(state).known_held[3] == (card("10H"),)
    assert view(new_game(), 0).known_held == ((), (), (), ())  # nothing is dealt yet


def test_the_documented_example_fields():
    state = new_game(seed=7)
    obs = encode(state, 1)
    assert plane(obs, "hand") == set(state.hand(1))
    assert int(field(obs, "dealer").argmax()) == (0 - 1) % 4  # seat 0 deals: +3 from seat 1
    assert int(field(obs, "to_act").argmax()) == 0  # seat 1 bids first
    assert list(field(obs, "calls")[0::15]) == [1.0] * 4  # nobody has called
    assert len(plane(obs, "unseen")) == 54 - 9
    assert float(field(obs, "stock_size")[0]) == 1.0


# --- golden tensors and hash seeds ---------------------------------------------------------------


def golden_states():
    """Fixed states: a seeded game played by a seeded random chooser, at a few plies."""
    state = new_game(dealer=1, seed=20261201)
    rng = random.Random(5)
    found = {}
    for ply in range(200):
        if ply in (0, 3, 9, 15, 25, 40, 60):
            found[ply] = state
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return found


def sparse(vector):
    return [[int(i), round(float(vector[i]), 6)] for i in np.flatnonzero(vector)]


def golden_document():
    return {
        str(ply): {str(seat): sparse(encode(state, seat)) for seat in range(4)}
        for ply, state in golden_states().items()
    }


def test_golden_observations():
    """The observations of fixed states, as first written (tests/observations.json): a
    change to the layout "pitch13.obs/1" fails here, and needs a new version of the spec."""
    assert json.loads(GOLDEN.read_text()) == golden_document()


def test_the_encodings_do_not_depend_on_the_hash_seed():
    script = (
        "import hashlib, random, pitch13\n"
        "from pitch13.encoding import encode, info_state_ids, legal_mask\n"
        "s = pitch13.new_game(seed=3); rng = random.Random(1); h = hashlib.sha256()\n"
        "for _ in range(150):\n"
        "    for seat in range(4):\n"
        "        h.update(encode(s, seat).tobytes()); h.update(repr(info_state_ids(s, seat)).encode())\n"
        "    h.update(legal_mask(s).tobytes())\n"
        "    if s.is_over: break\n"
        "    s = pitch13.apply(s, rng.choice(pitch13.legal_actions(s)))\n"
        "print(h.hexdigest())\n"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("0", "12345")
    }
    assert len(digests) == 1
    assert hashlib.sha256(b"").hexdigest() not in digests


# --- the information state -----------------------------------------------------------------------


@examples(8, deadline=None)
@given(playout=playouts(presets(), seeded=st.just(True)))
def test_info_state_ids_one_hot_and_tensor(playout):
    """Token ids are in range and grow by the seat's new entries; the one-hot form has one 1 per
    row; the fixed tensor is the observation, then each finished trick's cards by relative seat."""
    before = dict.fromkeys(range(4), ())
    hand = 0
    for at, state in enumerate(playout.states(longer(200))):
        if at % 3 and not state.is_over:  # every third state, and the last
            continue
        for seat in range(4):
            ids = info_state_ids(state, seat)
            assert all(0 <= i < INFO_VOCAB for i in ids)
            if state.hand_number == hand:
                assert ids[: len(before[seat])] == before[seat]
            before[seat] = ids
            if at % 7 == 0:  # the one-hot form is large: at some of them
                one_hot = info_state_one_hot(state, seat)
                assert one_hot.shape == (len(ids), INFO_VOCAB)
                assert np.array_equal(one_hot.argmax(axis=1), np.array(ids, dtype=np.int64).reshape(-1))
                assert np.all(one_hot.sum(axis=1) == 1)
            tensor = info_state_tensor(state, seat)
            assert tensor.shape == (INFO_STATE_SIZE,)
            assert np.array_equal(tensor[:OBS_SIZE], encode(state, seat))
            tricks = view(state, seat).tricks
            blocks = tensor[OBS_SIZE : OBS_SIZE + 6 * 220].reshape(6, 220)
            for t in range(6):
                expected = np.zeros(220, np.float32)
                if t < len(tricks):
                    expected[(tricks[t].plays[0][0] - seat) % 4] = 1
                    for s, c in tricks[t].plays:
                        expected[4 + 54 * ((s - seat) % 4) + c.index] = 1
                assert np.array_equal(blocks[t], expected)
            counts = tensor[OBS_SIZE + 6 * 220 :]
            expected_counts = np.bincount(np.array(ids, dtype=np.int64), minlength=INFO_VOCAB)
            assert np.array_equal(np.rint(counts * 18), expected_counts)
            assert counts.max(initial=0) <= 1
        hand = state.hand_number


@examples(5, deadline=None)
@given(seed=st.integers(0, 2**32), rules=presets())
def test_the_information_state_tensor_is_a_function_of_the_information_state(seed, rules):
    """Many lines of play of one deal: states a seat cannot tell apart (the same information-state
    string) have the same information-state tensor and observation; the string, the ids and the
    tensor are all that seat's, not the others'."""
    by_string = {}
    for line in range(8):
        rng = random.Random(seed * 100 + line)
        state = new_game(rules, seed=seed)
        while not state.is_over and state.hand_number == 1:
            for seat in range(4):
                key = (seat, info_state_string(state, seat))
                found = (
                    info_state_tensor(state, seat).tobytes(),
                    encode(state, seat).tobytes(),
                    info_state_ids(state, seat),
                )
                assert by_string.setdefault(key, found) == found
            state = apply(state, rng.choice(legal_actions(state)))
    assert len(by_string) > 50


def test_encode_agrees_with_the_view_on_states_read_out_of_order():
    """The hand's steps are read on from what an earlier state of the same line read: states of
    sibling branches, and earlier states after later ones, read the hand again and still encode
    as their views do."""
    rng = random.Random(8)
    trunk = [new_game(seed=21)]
    while not trunk[-1].is_over and trunk[-1].hand_number == 1:
        trunk.append(apply(trunk[-1], rng.choice(legal_actions(trunk[-1]))))
    order = list(range(len(trunk)))
    rng.shuffle(order)
    for i in order:
        state = trunk[i]
        for action in legal_actions(state)[:3]:  # siblings of the next state on the trunk
            branch = apply(state, action)
            for seat in range(4):
                check_observation(branch, seat)
        for seat in range(4):
            check_observation(state, seat)


def test_info_state_ids_name_the_seats_own_steps_relatively():
    state = new_game(seed=7)  # seat 0 deals; seat 1 bids first
    dealt = info_state_ids(state, 1)
    assert dealt[0] == 3 * 733 + 509  # the dealer is +3 from seat 1
    assert sorted(dealt[1:]) == sorted(455 + c.index for c in state.hand(1))
    after = apply(state, legal_actions(state)[1])  # seat 1 bids
    bid = legal_actions(state)[1]
    assert info_state_ids(after, 1)[-1] == 0 * 733 + encoding.action_id(bid)
    assert info_state_ids(after, 2)[-1] == 3 * 733 + encoding.action_id(bid)


def test_info_state_strings_tell_apart_what_the_seat_can():
    state = new_game(seed=7)
    nxt = apply(state, legal_actions(state)[0])
    assert info_state_string(state, 1) != info_state_string(nxt, 1)
    assert info_state_string(state, 1) != info_state_string(state, 2)  # other cards, other seat
    text = info_state_string(nxt, 2)
    assert text.splitlines()[0] == "seat 2; hand 1; first dealer 0; scores 0 0"
    assert text.splitlines()[-1] == "1 pass"
    lines = observation_string(state, 1).splitlines()
    assert lines[0] == "seat 1; hand 1; dealer 0; scores 0 0"
    assert lines[3] == "hand " + " ".join(str(c) for c in view(state, 1).hand)


# --- the privileged encoding ---------------------------------------------------------------------


@examples(12, deadline=None)
@given(playout=playouts(presets(), seeded=st.just(True)))
def test_privileged_planes_account_for_all_54_cards(playout):
    """The four hands, the stock, the dead pile, the middle and the cards played hold each of the
    54 cards exactly once during a hand (R-DECK-1); the privileged planes show the true hands."""
    for state in playout.states(longer(200)):
        if state.phase in (Phase.DEAL, Phase.GAME_OVER):
            continue
        seat = state.to_act
        privileged = encode_privileged(state, seat)
        assert privileged.shape == (PRIVILEGED_SIZE,)
        assert np.array_equal(privileged[:OBS_SIZE], encode(state, seat))
        planes = privileged[OBS_SIZE:].reshape(6, 54)
        for k in range(4):
            assert {Card.from_index(int(i)) for i in np.flatnonzero(planes[k])} == set(
                state.hand((seat + k) % 4)
            )
        obs = privileged[:OBS_SIZE]
        played = field(obs, "played").reshape(4, 54).sum(axis=0)
        total = planes.sum(axis=0) + field(obs, "middle") + played
        assert np.array_equal(total, np.ones(54, np.float32))


# --- the legal mask ------------------------------------------------------------------------------


@examples(12, deadline=None)
@given(playout=playouts())
def test_legal_mask_marks_exactly_the_legal_ids(playout):
    for state in playout.states(longer(200)):
        mask = legal_mask(state)
        assert mask.shape == (NUM_ACTIONS,) and mask.dtype == np.int8
        assert tuple(int(i) for i in np.flatnonzero(mask)) == legal_ids(state)
        if state.to_act is not None:
            assert np.array_equal(legal_mask(view(state, state.to_act)), mask)
            assert not legal_mask(view(state, (state.to_act + 1) % 4)).any()


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "function",
    [
        encode,
        encode_privileged,
        info_state_tensor,
        info_state_ids,
        info_state_one_hot,
        observation_string,
        info_state_string,
    ],
)
def test_the_state_encodings_refuse_what_is_not_a_state_or_a_seat(function):
    state = new_game(seed=1)
    with pytest.raises(TypeError, match=rf"{function.__name__}\(\) takes a GameState, not 'x'"):
        function("x", 0)
    with pytest.raises(TypeError, match="seat"):
        function(state, "0")
    with pytest.raises(ValueError, match="seat"):
        function(state, 4)


def test_encode_view_refuses_what_is_not_a_seats_view():
    state = new_game(seed=1)
    with pytest.raises(TypeError, match=r"encode_view\(\) takes a SeatView, not 7"):
        encode_view(7)
    with pytest.raises(ValueError, match="a seat's view, not a spectator's"):
        encode_view(spectator_view(state))
    with pytest.raises(TypeError, match="legal_ids"):
        legal_mask(None)


def test_classic_rules_encode_within_bounds():
    """Classic ten-point pitch (fewer trumps and points) uses the same layout."""
    state = new_game(Rules.classic_ten_point(), seed=11)
    rng = random.Random(2)
    while not state.is_over and state.hand_number < 4:
        for seat in range(4):
            check_observation(state, seat)
        state = apply(state, rng.choice(legal_actions(state)))
