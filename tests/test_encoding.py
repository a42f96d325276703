"""Action ids (pitch13.encoding): a fixed table, one-to-one, ascending with legal_actions' order."""

from __future__ import annotations

import types
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pitch13 import (
    DECK,
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Pass,
    Play,
    Reject,
    Rules,
    Stop,
    Suit,
    Take,
    TurnUp,
    apply,
    legal_actions,
    new_game,
    shuffled_deck,
    view,
)
from pitch13.bots import RandomBot
from pitch13.encoding import NUM_ACTIONS, Field, ObservationSpec, action_from_id, action_id, legal_ids
from profiles import examples


def test_the_table_is_the_documented_one():
    assert NUM_ACTIONS == 237
    assert action_id(Pass()) == 0
    assert [action_id(Bid(n)) for n in range(1, 14)] == list(range(1, 14))
    assert [action_id(NameTrump(suit)) for suit in Suit] == [14, 15, 16, 17]
    assert (action_id(TurnUp()), action_id(Reject()), action_id(Stop())) == (18, 19, 20)
    for first, kind in ((21, Discard), (75, Take), (129, GiveUp), (183, Play)):
        assert [action_id(kind(card)) for card in DECK] == list(range(first, first + 54))


def test_ids_and_actions_are_one_to_one():
    actions = [action_from_id(number) for number in range(NUM_ACTIONS)]
    assert len(set(actions)) == NUM_ACTIONS
    assert [action_id(action) for action in actions] == list(range(NUM_ACTIONS))


def test_ids_ascend_in_the_order_of_each_actions_sort_key():
    keys = [action_from_id(number).sort_key for number in range(NUM_ACTIONS)]
    assert keys == sorted(keys) and len(set(keys)) == NUM_ACTIONS


PRESETS = [
    Rules(),
    Rules.classic_ten_point(),
    Rules(look_take="any_card", pickup="any_trump", partner_look=False, lead_fallback="left"),
    Rules(min_bid=1, all_pass="redeal", look_take="point_cards_only", dealer_may_match=True),
]


@examples(30, deadline=None)  # a game of up to 50 hands an example
@given(preset=st.sampled_from(range(len(PRESETS))), seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_legal_ids_ascend_and_name_the_legal_actions(preset, seed, dealer):
    """Over a random game (50 hands at most): what OpenSpiel asks of a game's legal actions."""
    rules = PRESETS[preset]
    state = new_game(rules, dealer=dealer, seed=seed)
    bots = [RandomBot(seed + seat) for seat in range(4)]
    while not state.is_over and state.hand_number <= 50:
        ids = legal_ids(state)
        assert ids == tuple(action_id(action) for action in legal_actions(state))
        assert list(ids) == sorted(set(ids)) and all(0 <= i < NUM_ACTIONS for i in ids)
        assert tuple(action_from_id(i) for i in ids) == legal_actions(state)
        seat = state.to_act
        seat_view = view(state, seat)
        assert legal_ids(seat_view) == ids
        assert legal_ids(view(state, (seat + 1) % 4)) == ()
        state = apply(state, bots[seat].choose(seat_view), seat=seat)


def test_a_chance_state_has_no_legal_ids():
    state = new_game(Rules())  # unseeded: the caller deals
    assert state.is_chance and legal_ids(state) == ()
    dealt = apply(state, Deal(shuffled_deck(3, 1)))
    assert legal_ids(dealt) == tuple(action_id(a) for a in legal_actions(dealt))


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (Bid(14), ValueError, r"Bid\(amount=14\) has no action id: no rules allow a bid outside 1 to 13"),
        (Bid(0), ValueError, "no rules allow"),
        (Deal(shuffled_deck(1, 1)), ValueError, "a Deal is chance's action and has no action id"),
        ("pass", TypeError, "action_id\\(\\) takes an action, not 'pass'"),
        ([Pass()], TypeError, "action_id\\(\\) takes an action"),
        (None, TypeError, "action_id\\(\\) takes an action, not None"),
    ],
)
def test_action_id_refuses_what_has_no_id(action, error, message):
    with pytest.raises(error, match=message):
        action_id(action)


@pytest.mark.parametrize(
    ("number", "error", "message"),
    [
        (-1, ValueError, "an action id is from 0 to 236, not -1"),
        (237, ValueError, "an action id is from 0 to 236, not 237"),
        (True, TypeError, "an action id is an int, not True"),
        (3.0, TypeError, "an action id is an int, not 3.0"),
        ("3", TypeError, "an action id is an int, not '3'"),
    ],
)
def test_action_from_id_refuses_what_is_no_id(number, error, message):
    with pytest.raises(error, match=message):
        action_from_id(number)


def test_action_from_id_takes_a_numpy_integer_but_no_bool():
    np = pytest.importorskip("numpy")
    assert action_from_id(np.int64(5)) == action_from_id(5)
    assert action_from_id(np.flatnonzero([0, 0, 1])[0]) == action_from_id(2)
    # NumPy before 2.3 gives a bool an index (with a DeprecationWarning); it is no action id.
    for flag in (np.True_, np.False_, np.array(True)):
        with pytest.raises(TypeError, match=r"an action id is an int, not "):
            action_from_id(flag)
    with pytest.raises(TypeError, match=r"an action id is an int, not (np\.)?True"):
        action_from_id(np.True_)


def test_action_from_id_refuses_a_bool_whose_index_only_warns():
    """As NumPy's bool is before NumPy 2.3, whatever NumPy is installed: a scalar of a bool
    dtype is no action id, though its ``__index__`` answers."""

    class OldBool:
        dtype = types.SimpleNamespace(kind="b")

        def __index__(self):
            warnings.warn("In future, it will be an error", DeprecationWarning, stacklevel=2)
            return 1

    with pytest.raises(TypeError, match=r"an action id is an int, not "):
        action_from_id(OldBool())


def test_legal_ids_refuses_what_is_neither_a_state_nor_a_view():
    with pytest.raises(TypeError, match="legal_ids\\(\\) takes a GameState or a SeatView, not 7"):
        legal_ids(7)


def test_a_layout_made_in_code_is_checked():
    """A layout of no fields failed in ``size`` with IndexError; fields that overlap, or of a
    negative size, gave a size or a slice of no meaning."""
    a, b = Field("a", 0, 3, "first"), Field("b", 3, 2, "second")
    assert ObservationSpec("mine/1", (a, b)).size == 5 and b.slice == slice(3, 5)
    for make, error, message in [
        (
            lambda: ObservationSpec("mine/1", ()),
            ValueError,
            "must hold one field or more, the first at offset 0",
        ),
        (
            lambda: ObservationSpec("mine/1", (b,)),
            ValueError,
            "must hold one field or more, the first at offset 0",
        ),
        (
            lambda: ObservationSpec("mine/1", (a, Field("a", 3, 2, "x"))),
            ValueError,
            "names of their own, each once",
        ),
        (lambda: ObservationSpec("mine/1", (a, Field("b", 2, 2, "x"))), ValueError, "'b' begins at 2, not 3"),
        (
            lambda: ObservationSpec("mine/1", [a]),
            TypeError,
            r"ObservationSpec\.fields must be a tuple of Field",
        ),
        (lambda: Field("a", 0, -5, "x"), ValueError, r"Field\.size must be at least 1, not -5"),
        (lambda: Field("a", -1, 5, "x"), ValueError, r"Field\.offset must be 0 or more, not -1"),
        (lambda: Field(None, 0, 5, "x"), TypeError, r"Field\.name must be a str, not NoneType"),
    ]:
        with pytest.raises(error, match=message):
            make()
