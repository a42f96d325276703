"""A GameState is a value read through its properties: to a type checker it is not a tuple.

Its fields are typed, and indexing or slicing a state, or passing it where a tuple is wanted,
is a type error (at run time the state's tuple form is internal: it may change in any release).
"""

from __future__ import annotations

from typing_extensions import assert_type

import pitch13
from pitch13 import Card, GameState, Outcome, Phase, Rules

state = pitch13.new_game(seed=1)
assert_type(state, GameState)
assert_type(state.rules, Rules)
assert_type(state.phase, Phase)
assert_type(state.to_act, int | None)
assert_type(state.hands, tuple[tuple[Card, ...], ...])
assert_type(state.scores, tuple[int, int])
assert_type(state.outcome, Outcome | None)
assert_type(state.ply, int)

first = state[0]  # type: ignore[index]
rest = state[1:]  # type: ignore[index]
as_tuple: tuple[object, ...] = state  # type: ignore[assignment]
