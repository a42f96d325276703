"""The state's layout (pitch13._core.fields), written once: each field's place, its read-only
attribute and its key in a work copy agree, and a copy frozen again is the same state."""

import random

import pitch13
from pitch13._core import fields
from pitch13.engine._work import freeze

NAMES = [
    "rules",
    "seed",
    "first_dealer",
    "hand_number",
    "dealer",
    "scores",
    "outcome",
    "past",
    "hand_deck",
    "hand_cache",
    "phase",
    "table",
    "middle",
    "takeable",
    "dead",
    "shown",
    "stock",
    "turned",
    "tricks",
    "won_a",
    "won_b",
    "calls",
    "high_bid",
    "bidder",
    "hands",
    "trick",
    "out",
    "to_act",
    "log",
    "ply",
    "history_len",
]


def test_each_field_has_one_place_named_alike_by_its_attribute_and_its_key():
    probe = tuple.__new__(fields.Fields, tuple(range(31)))  # every field holds its own place
    places = {name: getattr(probe, "_" + name) for name in NAMES}
    assert sorted(places.values()) == list(range(31))
    for name, place in places.items():
        assert getattr(fields, name.upper()) == place, name
        assert fields.getter(name)(probe) == place, name


def test_a_work_copy_reads_every_field_as_the_state_does_and_freezes_back_to_an_equal_state():
    rng = random.Random(7)
    state = pitch13.new_game(seed=7)
    for _ in range(200):
        w = fields.Work(state._layout)
        for name in NAMES:
            assert w[getattr(fields, name.upper())] is getattr(state, "_" + name), name
        again = freeze(w)
        assert again == state and again is not state
        assert type(again) is pitch13.GameState
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
