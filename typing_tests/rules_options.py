"""``Rules`` takes each enum option as a member or as its string value, and keeps the member.

The string values are typed as a ``Literal`` of the enum's values: a misspelt value, or the
value of another option, is a type error, as it is an error at run time.
"""

from __future__ import annotations

import attrs
from typing_extensions import assert_type

import pitch13
from pitch13.rules import AllPass, JokerOrder, LookTake, TargetRule

# Each option as a string value, or as its member, or both mixed.
by_value = pitch13.Rules(
    joker_order="fixed",
    all_pass="redeal",
    pickup="none",
    short_stock="redeal",
    look_take="any_card",
    lead_fallback="left",
    deuce_to="trick_winner",
    made_bid_scores="bid_amount",
    moon_success="score_points",
    moon_failure="lose_game",
    target_rule="at_least",
)
by_member = pitch13.Rules(joker_order=JokerOrder.FIXED, look_take=LookTake.ANY_CARD, target_rule="at_least")

# The options read back as members of their enums, whichever way they were given.
assert_type(by_value.joker_order, JokerOrder)
assert_type(by_value.all_pass, AllPass)
assert_type(by_member.target_rule, TargetRule)
assert_type(by_value.joker_order.value, str)

# attrs.evolve takes what Rules does; Rules.replace takes any option by name.
assert_type(attrs.evolve(by_member, joker_order="first_played", target=60), pitch13.Rules)
assert_type(by_member.replace(joker_order="first_played"), pitch13.Rules)


def wrong_values(name: str) -> list[pitch13.Rules]:
    """Values the type checker refuses, as Rules refuses them at run time."""
    return [
        pitch13.Rules(joker_order="fxed"),  # type: ignore[arg-type]
        pitch13.Rules(pickup="fixed"),  # type: ignore[arg-type]
        pitch13.Rules(all_pass=pitch13.rules.ShortStock.REDEAL),  # type: ignore[arg-type]
        pitch13.Rules(use_off_three="yes"),  # type: ignore[arg-type]
        attrs.evolve(by_value, target_rule="more_than"),  # type: ignore[arg-type]
        # Any str is not known to be a value: check it first (pitch13.rules.JokerOrder(name)).
        pitch13.Rules(joker_order=name),  # type: ignore[arg-type]
    ]


def compared_with_a_string() -> bool:
    """An option is a member, not its string value: comparing it with one is always False."""
    return by_value.joker_order == "fixed"  # type: ignore[comparison-overlap]
