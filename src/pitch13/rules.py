"""The table's rules: every option of section 9 of the rules, validated, with presets.

The docs' page *The rules as the engine plays them* gives the rules with their IDs
(``R-RANK-2`` ...); its section 9 sends to the page *House rules: the options*, which describes
each option and the rule it changes. A :class:`Rules` value is frozen and checked when it is
made: an invalid combination raises :class:`RulesError` naming the option. Every game carries
its rules.

>>> Rules().points_total, Rules().max_bid
(13, 13)
>>> classic = Rules.classic_ten_point()
>>> classic.use_off_three, classic.points_total, classic.target, classic.target_rule.value
(False, 10, 52, 'at_least')
"""

from __future__ import annotations

import enum
import warnings
from typing import Any, Final, Literal, TypeAlias, TypeVar, cast

import attrs

from pitch13._base.checks import ShortLookup, excerpt
from pitch13._base.failures import RulesError

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


class JokerOrder(ShortLookup, enum.Enum):
    """How the two jokers rank against each other (R-RANK-2)."""

    #: The joker played first in the hand is the high joker.
    FIRST_PLAYED = "first_played"
    #: The red joker (``RJ``) is always the high joker, the black joker (``BJ``) the low one.
    FIXED = "fixed"


class AllPass(ShortLookup, enum.Enum):
    """What happens when the three seats before the dealer all pass (R-BID-2)."""

    #: The dealer must bid at least ``dealer_forced_min_bid``.
    DEALER_FORCED = "dealer_forced"
    #: The hand is thrown in and the deal passes left.
    REDEAL = "redeal"


class Pickup(ShortLookup, enum.Enum):
    """Which trumps shed under R-DISC-2 other seats may pick up (R-PICK-1)."""

    #: Only point cards.
    POINT_CARDS = "point_cards"
    #: Any shed trump.
    ANY_TRUMP = "any_trump"
    #: Nothing: there is no pick-up.
    NONE = "none"


class ShortStock(ShortLookup, enum.Enum):
    """What happens when the stock cannot fill every seat to 6 (R-FILL-2)."""

    #: Later seats hold fewer than 6 cards.
    DEAL_WHAT_IS_LEFT = "deal_what_is_left"
    #: The hand is thrown in and the deal passes left.
    REDEAL = "redeal"


class LookTake(ShortLookup, enum.Enum):
    """Which turned-up stock cards the bidder or partner may take (R-LOOK-2)."""

    #: Any trump.
    ANY_TRUMP = "any_trump"
    #: Only trumps worth points.
    POINT_CARDS_ONLY = "point_cards_only"
    #: Any card, even a dead one.
    ANY_CARD = "any_card"


class LeadFallback(ShortLookup, enum.Enum):
    """Who leads when the seat due to lead is out (R-PLAY-4)."""

    #: Its partner.
    PARTNER = "partner"
    #: The next seat clockwise that still has trump.
    LEFT = "left"


class DeuceTo(ShortLookup, enum.Enum):
    """Which team takes the point of the 2 of trump (R-PLAY-6)."""

    #: The team of the seat that played it.
    PLAYER = "player"
    #: The team that won the trick.
    TRICK_WINNER = "trick_winner"


class MadeBidScores(ShortLookup, enum.Enum):
    """What a bidding team that made its bid scores (R-SCORE-1)."""

    #: The points it took.
    POINTS_TAKEN = "points_taken"
    #: The amount of its bid.
    BID_AMOUNT = "bid_amount"


class MoonSuccess(ShortLookup, enum.Enum):
    """What a made bid of ``max_bid`` does (R-SCORE-2)."""

    #: The bidding team wins the game at once.
    WIN_GAME = "win_game"
    #: It scores like any made bid.
    SCORE_POINTS = "score_points"


class MoonFailure(ShortLookup, enum.Enum):
    """What a failed bid of ``max_bid`` does (R-SCORE-2)."""

    #: The bidding team loses the bid, like any set.
    MINUS_BID = "minus_bid"
    #: The bidding team loses the game at once.
    LOSE_GAME = "lose_game"


class TargetRule(ShortLookup, enum.Enum):
    """How a score is compared with the target (R-END-1)."""

    #: A team wins with a score above the target.
    GREATER_THAN = "greater_than"
    #: A team wins with a score of at least the target.
    AT_LEAST = "at_least"


# The string values of each enum option, which ``Rules`` takes too: type checkers accept
# ``Rules(joker_order="fixed")`` and reject ``Rules(joker_order="fxed")``. The tests check that
# each lists its enum's values.
_JokerOrderValue: TypeAlias = Literal["first_played", "fixed"]
_AllPassValue: TypeAlias = Literal["dealer_forced", "redeal"]
_PickupValue: TypeAlias = Literal["point_cards", "any_trump", "none"]
_ShortStockValue: TypeAlias = Literal["deal_what_is_left", "redeal"]
_LookTakeValue: TypeAlias = Literal["any_trump", "point_cards_only", "any_card"]
_LeadFallbackValue: TypeAlias = Literal["partner", "left"]
_DeuceToValue: TypeAlias = Literal["player", "trick_winner"]
_MadeBidScoresValue: TypeAlias = Literal["points_taken", "bid_amount"]
_MoonSuccessValue: TypeAlias = Literal["win_game", "score_points"]
_MoonFailureValue: TypeAlias = Literal["minus_bid", "lose_game"]
_TargetRuleValue: TypeAlias = Literal["greater_than", "at_least"]

_E = TypeVar("_E", bound=enum.Enum)


def _member(enum_type: type[_E], value: object) -> _E:
    """The member of ``enum_type`` that ``value`` is or whose value it is.

    Anything else is kept as it is, for ``Rules.__attrs_post_init__`` to report: it checks the
    options in a fixed order, so that an error names the same option whatever else is wrong.
    Only a str is looked up (every option's values are str): :mod:`enum` quotes whatever it does
    not find, and a list nested thousands deep cannot be quoted (a :exc:`RecursionError`).
    """
    if not isinstance(value, str):
        return cast(_E, value)  # a member, or no option's value
    try:
        return enum_type(value)
    except (ValueError, TypeError):
        return cast(_E, value)


def _joker_order(value: JokerOrder | _JokerOrderValue) -> JokerOrder:
    return _member(JokerOrder, value)


def _all_pass(value: AllPass | _AllPassValue) -> AllPass:
    return _member(AllPass, value)


def _pickup(value: Pickup | _PickupValue) -> Pickup:
    return _member(Pickup, value)


def _short_stock(value: ShortStock | _ShortStockValue) -> ShortStock:
    return _member(ShortStock, value)


def _look_take(value: LookTake | _LookTakeValue) -> LookTake:
    return _member(LookTake, value)


def _lead_fallback(value: LeadFallback | _LeadFallbackValue) -> LeadFallback:
    return _member(LeadFallback, value)


def _deuce_to(value: DeuceTo | _DeuceToValue) -> DeuceTo:
    return _member(DeuceTo, value)


def _made_bid_scores(value: MadeBidScores | _MadeBidScoresValue) -> MadeBidScores:
    return _member(MadeBidScores, value)


def _moon_success(value: MoonSuccess | _MoonSuccessValue) -> MoonSuccess:
    return _member(MoonSuccess, value)


def _moon_failure(value: MoonFailure | _MoonFailureValue) -> MoonFailure:
    return _member(MoonFailure, value)


def _target_rule(value: TargetRule | _TargetRuleValue) -> TargetRule:
    return _member(TargetRule, value)


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


#: What a subclass of :class:`Rules` is warned of as it is defined.
_SUBCLASS: Final = (
    "a subclass of pitch13.Rules is deprecated and is refused from pitch13 0.4: a game played "
    "under it reads back from its documents under a plain Rules, not equal to it; name a table's "
    "rules with a function or a constant that holds a Rules"
)


@attrs.frozen(kw_only=True)
class Rules:
    """The options of a game (section 9 of the rules). All arguments are keyword-only.

    Enum options also accept their string values, so ``Rules(joker_order="fixed")`` equals
    ``Rules(joker_order=JokerOrder.FIXED)``. ``max_bid`` defaults to the points total (13, or 10
    without the off-three).

    A subclass of ``Rules`` is deprecated (a :exc:`DeprecationWarning` as it is defined) and
    is refused from 0.4, where the class becomes final: a game's documents hold its options, not
    its class, so a state, a record or a view of a game played under a subclass reads back under
    a plain ``Rules``, which is not equal to it. Name a table's own rules with a function or a
    constant that returns or holds a ``Rules``.

    Raises:
        RulesError: if an option has the wrong type or the combination is invalid; the message
            names the option.
        TypeError: if a keyword names no option (as for any call); :meth:`replace`, which takes
            its options by name at run time, raises :exc:`RulesError` for one instead.
    """

    #: Play with the off-three as a trump worth 3 (R-DECK-3): 17 trumps and 13 points.
    use_off_three: bool = True
    #: How the jokers rank against each other (R-RANK-2).
    joker_order: JokerOrder = attrs.field(default=JokerOrder.FIRST_PLAYED, converter=_joker_order)
    #: The lowest bid (R-BID-1).
    min_bid: int = 4
    #: The highest bid, shooting the moon (R-BID-3); at most the points total.
    max_bid: int = attrs.field(default=attrs.Factory(_default_max_bid, takes_self=True))
    #: What happens when everyone before the dealer passes (R-BID-2).
    all_pass: AllPass = attrs.field(default=AllPass.DEALER_FORCED, converter=_all_pass)
    #: The lowest bid the dealer is forced to (R-BID-2).
    dealer_forced_min_bid: int = 5
    #: Whether the dealer may take the bid by equalling the high bid (R-BID-4).
    dealer_may_match: bool = False
    #: Which shed trumps may be picked up (R-PICK-1).
    pickup: Pickup = attrs.field(default=Pickup.POINT_CARDS, converter=_pickup)
    #: What happens when the stock cannot fill every seat (R-FILL-2).
    short_stock: ShortStock = attrs.field(default=ShortStock.DEAL_WHAT_IS_LEFT, converter=_short_stock)
    #: Which turned-up stock cards may be taken (R-LOOK-2).
    look_take: LookTake = attrs.field(default=LookTake.ANY_TRUMP, converter=_look_take)
    #: Whether the partner looks through what the bidder left (R-LOOK-3).
    partner_look: bool = True
    #: Who leads when the seat due to lead is out (R-PLAY-4).
    lead_fallback: LeadFallback = attrs.field(default=LeadFallback.PARTNER, converter=_lead_fallback)
    #: Which team takes the point of the 2 (R-PLAY-6).
    deuce_to: DeuceTo = attrs.field(default=DeuceTo.PLAYER, converter=_deuce_to)
    #: What a made bid scores (R-SCORE-1).
    made_bid_scores: MadeBidScores = attrs.field(
        default=MadeBidScores.POINTS_TAKEN, converter=_made_bid_scores
    )
    #: What a made moon does (R-SCORE-2).
    moon_success: MoonSuccess = attrs.field(default=MoonSuccess.WIN_GAME, converter=_moon_success)
    #: What a failed moon does (R-SCORE-2).
    moon_failure: MoonFailure = attrs.field(default=MoonFailure.MINUS_BID, converter=_moon_failure)
    #: The score to pass to win (R-END-1).
    target: int = 54
    #: How a score is compared with the target (R-END-1).
    target_rule: TargetRule = attrs.field(default=TargetRule.GREATER_THAN, converter=_target_rule)

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Warn that a subclass is deprecated (see the class's docstring)."""
        super().__init_subclass__(**kwargs)
        if "__attrs_attrs__" not in cls.__dict__:  # not again as attrs remakes a subclass of its own
            warnings.warn(_SUBCLASS, DeprecationWarning, stacklevel=2)

    def __attrs_post_init__(self) -> None:
        for name in _BOOL_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(f"{name} must be True or False, not {excerpt(value)}", name)
        for name, enum_type in OPTION_ENUMS.items():
            value = getattr(self, name)
            if not isinstance(value, enum_type):  # its converter found no member (_member)
                choices = ", ".join(repr(m.value) for m in enum_type)
                raise RulesError(f"{name} must be one of {choices}, not {excerpt(value)}", name)
        for name in _INT_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"{name} must be an int, not {excerpt(value)}", name)
            if type(value) is not int:  # a subclass of int is kept as its value, a plain int: its
                # own str() or hash() would otherwise go into records and comparisons
                object.__setattr__(self, name, int.__int__(value))
        total = self.points_total
        if not 1 <= self.max_bid <= total:
            raise RulesError(
                f"max_bid must be from 1 to the points total ({total}), not {excerpt(self.max_bid)}",
                "max_bid",
            )
        if not 1 <= self.min_bid <= self.max_bid:
            raise RulesError(
                f"min_bid must be from 1 to max_bid ({self.max_bid}), not {excerpt(self.min_bid)}", "min_bid"
            )
        if not self.min_bid <= self.dealer_forced_min_bid <= self.max_bid:
            raise RulesError(
                f"dealer_forced_min_bid must be from min_bid ({self.min_bid}) to max_bid "
                f"({self.max_bid}), not {excerpt(self.dealer_forced_min_bid)}",
                "dealer_forced_min_bid",
            )
        if not 1 <= self.target <= _MAX_TARGET:
            raise RulesError(f"target must be from 1 to {_MAX_TARGET}, not {excerpt(self.target)}", "target")

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

        Raises:
            RulesError: if a name is not an option's, or the copy is not valid :class:`Rules`.
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
