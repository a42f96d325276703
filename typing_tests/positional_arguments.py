"""``new_game``'s dealer and seed by position are reported as deprecated; by keyword they are not.

They leave in 0.4.
"""

from __future__ import annotations

from typing_extensions import assert_type

import pitch13

by_keyword = pitch13.new_game(pitch13.Rules(), dealer=3, seed=7)
assert_type(by_keyword, pitch13.GameState)
assert_type(pitch13.new_game(), pitch13.GameState)
assert_type(pitch13.new_game(seed=7, scores=(5, 0), hand_number=2), pitch13.GameState)
dealer_by_position = pitch13.new_game(pitch13.Rules(), 3)  # type: ignore[deprecated]
both_by_position = pitch13.new_game(pitch13.Rules(), 3, 7)  # type: ignore[deprecated]
