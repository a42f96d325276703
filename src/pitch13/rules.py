"""The table's rules: every option of RULES.md section 9, validated, with presets.

A :class:`Rules` value is frozen and checked when it is made: an invalid combination
raises :class:`RulesError` naming the option. Every game carries its rules.

>>> Rules().points_total, Rules().max_bid
(13, 13)
>>> classic = Rules.classic_ten_point()
>>> classic.use_off_three, classic.points_total, classic.target, classic.target_rule.value
(False, 10, 52, 'at_least')
"""

from __future__ import annotations

import enum
from typing import Any, Final, cast

import attrs

from pitch13._checks import excerpt
from pitch13.errors import RulesError

__all__ = [
    "OPTION_ENUMS",
    "AllPass",
    "DeuceTo",
    "JokerOrder",
    "LeadFallback",
    "LookTake",
    "MadeBidScores",
    "MoonFailure",
    "MoonSuccess",
    "Pickup",
    "Rules",
    "RulesError",
    "ShortStock",
    "TargetRule",
]


class JokerOrder(enum.Enum):
    """How the two jokers rank against each other (R-RANK-2)."""

    #: The joker played first in the hand is the high joker.
    FIRST_PLAYED = "first_played"
    #: The red joker (``RJ``) is always the high joker, the black joker (``BJ``) the low one.
    FIXED = "fixed"


class AllPass(enum.Enum):
    """What happens when the three seats before the dealer all pass (R-BID-2)."""

    #: The dealer must bid at least ``dealer_forced_min_bid``.
    DEALER_FORCED = "dealer_forced"
    #: The hand is thrown in and the deal passes left.
    REDEAL = "redeal"


class Pickup(enum.Enum):
    """Which trumps shed under R-DISC-2 other seats may pick up (R-PICK-1)."""

    #: Only point cards.
    POINT_CARDS = "point_cards"
    #: Any shed trump.
    ANY_TRUMP = "any_trump"
    #: Nothing: there is no pick-up.
    NONE = "none"


class ShortStock(enum.Enum):
    """What happens when the stock cannot fill every seat to 6 (R-FILL-2)."""

    #: Later seats hold fewer than 6 cards.
    DEAL_WHAT_IS_LEFT = "deal_what_is_left"
    #: The hand is thrown in and the deal passes left.
    REDEAL = "redeal"


class LookTake(enum.Enum):
    """Which turned-up stock cards the bidder or partner may take (R-LOOK-2)."""

    #: Any trump.
    ANY_TRUMP = "any_trump"
    #: Only trumps worth points.
    POINT_CARDS_ONLY = "point_cards_only"
    #: Any card, even a dead one.
    ANY_CARD = "any_card"


class LeadFallback(enum.Enum):
    """Who leads when the seat due to lead is out (R-PLAY-4)."""

    #: Its partner.
    PARTNER = "partner"
    #: The next seat clockwise that still has trump.
    LEFT = "left"


class DeuceTo(enum.Enum):
    """Which team takes the point of the 2 of trump (R-PLAY-6)."""

    #: The team of the seat that played it.
    PLAYER = "player"
    #: The team that won the trick.
    TRICK_WINNER = "trick_winner"


class MadeBidScores(enum.Enum):
    """What a bidding team that made its bid scores (R-SCORE-1)."""

    #: The points it took.
    POINTS_TAKEN = "points_taken"
    #: The amount of its bid.
    BID_AMOUNT = "bid_amount"


class MoonSuccess(enum.Enum):
    """What a made bid of ``max_bid`` does (R-SCORE-2)."""

    #: The bidding team wins the game at once.
    WIN_GAME = "win_game"
    #: It scores like any made bid.
    SCORE_POINTS = "score_points"


class MoonFailure(enum.Enum):
    """What a failed bid of ``max_bid`` does (R-SCORE-2)."""

    #: The bidding team loses the bid, like any set.
    MINUS_BID = "minus_bid"
    #: The bidding team loses the game at once.
    LOSE_GAME = "lose_game"


class TargetRule(enum.Enum):
    """How a score is compared with the target (R-END-1)."""

    #: A team wins with a score above the target.
    GREATER_THAN = "greater_than"
    #: A team wins with a score of at least the target.
    AT_LEAST = "at_least"


_BOOL_OPTIONS: Final = ("use_off_three", "dealer_may_match", "partner_look")
_INT_OPTIONS: Final = ("min_bid", "max_bid", "dealer_forced_min_bid", "target")
#: Each enum option of :class:`Rules`, and its enum.
OPTION_ENUMS: Final[dict[str, type[enum.Enum]]] = {
    "joker_order": JokerOrder,
    "all_pass": AllPass,
    "pickup": Pickup,
    "short_stock": ShortStock,
    "look_take": LookTake,
    "lead_fallback": LeadFallback,
    "deuce_to": DeuceTo,
    "made_bid_scores": MadeBidScores,
    "moon_success": MoonSuccess,
    "moon_failure": MoonFailure,
    "target_rule": TargetRule,
}


_MAX_TARGET: Final = 1_000_000


def _default_max_bid(rules: Rules) -> int:
    return 13 if rules.use_off_three is True else 10


@attrs.frozen(kw_only=True)
class Rules:
    """The options of a game (RULES.md section 9). All arguments are keyword-only.

    Enum options also accept their string values, so ``Rules(joker_order="fixed")`` equals
    ``Rules(joker_order=JokerOrder.FIXED)``. ``max_bid`` defaults to the points total (13, or 10
    without the off-three).

    Raises:
        RulesError: if an option has the wrong type or the combination is invalid; the message
            names the option.
    """

    #: Play with the off-three as a trump worth 3 (R-DECK-3): 17 trumps and 13 points.
    use_off_three: bool = True
    #: How the jokers rank against each other (R-RANK-2).
    joker_order: JokerOrder = JokerOrder.FIRST_PLAYED
    #: The lowest bid (R-BID-1).
    min_bid: int = 4
    #: The highest bid, shooting the moon (R-BID-3); at most the points total.
    max_bid: int = attrs.field(default=attrs.Factory(_default_max_bid, takes_self=True))
    #: What happens when everyone before the dealer passes (R-BID-2).
    all_pass: AllPass = AllPass.DEALER_FORCED
    #: The lowest bid the dealer is forced to (R-BID-2).
    dealer_forced_min_bid: int = 5
    #: Whether the dealer may take the bid by equalling the high bid (R-BID-4).
    dealer_may_match: bool = False
    #: Which shed trumps may be picked up (R-PICK-1).
    pickup: Pickup = Pickup.POINT_CARDS
    #: What happens when the stock cannot fill every seat (R-FILL-2).
    short_stock: ShortStock = ShortStock.DEAL_WHAT_IS_LEFT
    #: Which turned-up stock cards may be taken (R-LOOK-2).
    look_take: LookTake = LookTake.ANY_TRUMP
    #: Whether the partner looks through what the bidder left (R-LOOK-3).
    partner_look: bool = True
    #: Who leads when the seat due to lead is out (R-PLAY-4).
    lead_fallback: LeadFallback = LeadFallback.PARTNER
    #: Which team takes the point of the 2 (R-PLAY-6).
    deuce_to: DeuceTo = DeuceTo.PLAYER
    #: What a made bid scores (R-SCORE-1).
    made_bid_scores: MadeBidScores = MadeBidScores.POINTS_TAKEN
    #: What a made moon does (R-SCORE-2).
    moon_success: MoonSuccess = MoonSuccess.WIN_GAME
    #: What a failed moon does (R-SCORE-2).
    moon_failure: MoonFailure = MoonFailure.MINUS_BID
    #: The score to pass to win (R-END-1).
    target: int = 54
    #: How a score is compared with the target (R-END-1).
    target_rule: TargetRule = TargetRule.GREATER_THAN

    def __attrs_post_init__(self) -> None:
        for name in _BOOL_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(f"{name} must be True or False, not {excerpt(value)}")
        for name, enum_type in OPTION_ENUMS.items():
            value = getattr(self, name)
            if not isinstance(value, enum_type):
                try:
                    coerced = enum_type(value)
                except (ValueError, TypeError):
                    choices = ", ".join(repr(m.value) for m in enum_type)
                    raise RulesError(f"{name} must be one of {choices}, not {excerpt(value)}") from None
                object.__setattr__(self, name, coerced)
        for name in _INT_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"{name} must be an int, not {excerpt(value)}")
        total = self.points_total
        if not 1 <= self.max_bid <= total:
            raise RulesError(
                f"max_bid must be from 1 to the points total ({total}), not {excerpt(self.max_bid)}"
            )
        if not 1 <= self.min_bid <= self.max_bid:
            raise RulesError(
                f"min_bid must be from 1 to max_bid ({self.max_bid}), not {excerpt(self.min_bid)}"
            )
        if not self.min_bid <= self.dealer_forced_min_bid <= self.max_bid:
            raise RulesError(
                f"dealer_forced_min_bid must be from min_bid ({self.min_bid}) to max_bid "
                f"({self.max_bid}), not {excerpt(self.dealer_forced_min_bid)}"
            )
        if not 1 <= self.target <= _MAX_TARGET:
            raise RulesError(f"target must be from 1 to {_MAX_TARGET}, not {excerpt(self.target)}")

    @property
    def points_total(self) -> int:
        """The points in a hand: 13, or 10 without the off-three (R-POINT-1)."""
        return 13 if self.use_off_three else 10

    @property
    def trump_count(self) -> int:
        """How many cards are trumps once trump is named: 17, or 16 without the off-three."""
        return 17 if self.use_off_three else 16

    def replace(self, **changes: object) -> Rules:
        """A copy with some options changed, validated like a new value.

        ``max_bid`` follows the points total again unless it is given or was set away from
        the default.
        """
        unknown = sorted(set(changes) - {a.name for a in attrs.fields(Rules)})
        if unknown:
            raise RulesError(f"unknown option {excerpt(unknown[0])}")
        if "max_bid" not in changes and "use_off_three" in changes and self.max_bid == self.points_total:
            changes["max_bid"] = 13 if changes["use_off_three"] is True else 10
        return attrs.evolve(self, **cast("dict[str, Any]", changes))

    @classmethod
    def default(cls) -> Rules:
        """The default 13-point game: every option at its default."""
        return cls()

    @classmethod
    def classic_ten_point(cls) -> Rules:
        """Classic 10-point pitch: no off-three (16 trumps, 10 points), game at 52 or more."""
        return cls(use_off_three=False, target=52, target_rule=TargetRule.AT_LEAST)
