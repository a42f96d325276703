"""Per-trump lookup tables over card indices, built once for each trump and set of options (internal).

What trump makes of each card (R-DECK-3, R-RANK-1, R-RANK-2, R-POINT-1), and what the options
that act on single cards make of them, read by the engine in its hot path; :mod:`pitch13.trumps`
answers the public questions from the same tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pitch13._core.masks import ALL_CARDS
from pitch13.cards import Rank, Suit
from pitch13.rules import DeuceTo, JokerOrder, LookTake, Pickup, Rules

_BLACK_JOKER: Final = 52
_RED_JOKER: Final = 53


def _index(rank: Rank, suit: Suit) -> int:
    return suit * 13 + rank - 2


class TrumpTable:
    """Per-trump lookup tables over card indices (internal; built once per combination).

    Besides what trump makes of each card, a table holds what the options that act on single
    cards make of them, so that the engine never asks the rules in its hot path: which
    turned-up stock cards may be taken (R-LOOK-2), which shed cards may be picked up (R-PICK-1),
    and the 2 of trump when its point goes to its player (R-PLAY-6).
    """

    __slots__ = (
        "built_from",
        "dead_mask",
        "deuce",
        "labels",
        "mask",
        "ones",
        "order",
        "pickup_mask",
        "play_power",
        "player_deuce",
        "point_mask",
        "point_order",
        "points",
        "power",
        "take_mask",
        "threes",
        "trump",
    )

    def __init__(
        self,
        trump: Suit,
        use_off_three: bool,
        fixed_jokers: bool,
        look_take: LookTake = LookTake.ANY_TRUMP,
        pickup: Pickup = Pickup.POINT_CARDS,
        deuce_to: DeuceTo = DeuceTo.PLAYER,
    ) -> None:
        #: The arguments the table was built from.
        self.built_from: Final = (trump, use_off_three, fixed_jokers, look_take, pickup, deuce_to)
        off = trump.off_suit
        # High to low, R-RANK-1. The jokers sit together between the Jick and the 10.
        order = [
            _index(Rank.ACE, trump),
            _index(Rank.KING, trump),
            _index(Rank.QUEEN, trump),
            _index(Rank.JACK, trump),
            _index(Rank.JACK, off),
            _RED_JOKER if fixed_jokers else _BLACK_JOKER,
            _BLACK_JOKER if fixed_jokers else _RED_JOKER,
            *(_index(Rank(r), trump) for r in range(10, 2, -1)),
        ]
        if use_off_three:
            order.append(_index(Rank.THREE, off))
        order.append(_index(Rank.TWO, trump))
        power = [-1] * 54
        for position, index in enumerate(order):
            power[index] = len(order) - position
        if not fixed_jokers:
            # R-RANK-2: interchangeable; a tie in a trick goes to the one played first.
            power[_BLACK_JOKER] = power[_RED_JOKER] = max(power[_BLACK_JOKER], power[_RED_JOKER])
        points = [0] * 54
        for rank, value in ((Rank.ACE, 1), (Rank.JACK, 1), (Rank.TEN, 1), (Rank.THREE, 3), (Rank.TWO, 1)):
            points[_index(rank, trump)] = value
        points[_index(Rank.JACK, off)] = 1
        points[_BLACK_JOKER] = points[_RED_JOKER] = 1
        if use_off_three:
            points[_index(Rank.THREE, off)] = 3
        self.trump: Final = trump
        self.order: Final = tuple(order)
        self.power: Final = tuple(power)
        #: :attr:`power` by a play's code, ``seat << 6 | card`` (a trick's plays, internal).
        self.play_power: Final = tuple(power[code & 63] if code & 63 < 54 else -1 for code in range(256))
        self.points: Final = tuple(points)
        self.mask: Final = sum(1 << i for i in order)
        #: The cards that are not trumps: dead, discarded as soon as trump is named (R-DISC-1).
        self.dead_mask: Final = ALL_CARDS ^ self.mask
        self.point_mask: Final = sum(1 << i for i in order if points[i])
        self.deuce: Final = _index(Rank.TWO, trump)
        #: The point cards worth 1, and those worth 3, as masks: points are two popcounts.
        self.ones: Final = sum(1 << i for i in order if points[i] == 1)
        self.threes: Final = sum(1 << i for i in order if points[i] == 3)
        #: The point cards, high to low, and the role each plays.
        self.point_order: Final = tuple(i for i in order if points[i])
        labels = dict.fromkeys(self.point_order, "joker")
        for rank, label in ((Rank.ACE, "ace"), (Rank.JACK, "jack"), (Rank.TEN, "ten"), (Rank.THREE, "three")):
            labels[_index(rank, trump)] = label
        labels[_index(Rank.TWO, trump)] = "deuce"
        labels[_index(Rank.JACK, off)] = "Jick"
        if use_off_three:
            labels[_index(Rank.THREE, off)] = "off-three"
        self.labels: Final = labels
        #: The turned-up stock cards that may be taken (R-LOOK-2).
        self.take_mask: Final = {
            LookTake.ANY_TRUMP: self.mask,
            LookTake.POINT_CARDS_ONLY: self.point_mask,
            LookTake.ANY_CARD: ALL_CARDS,
        }[look_take]
        #: The trumps shed under R-DISC-2 that may be picked up (R-PICK-1).
        self.pickup_mask: Final = {
            Pickup.POINT_CARDS: self.point_mask,
            Pickup.ANY_TRUMP: self.mask,
            Pickup.NONE: 0,
        }[pickup]
        #: The 2 of trump when its point goes to the team of its player (R-PLAY-6), else -1.
        self.player_deuce: Final = self.deuce if deuce_to is DeuceTo.PLAYER else -1

    def __reduce__(self) -> tuple[Callable[..., TrumpTable], tuple[object, ...]]:
        """Pickle as what the table is built from: every protocol, and the same table on load."""
        return (_interned, self.built_from)

    def points_of(self, mask: int) -> int:
        """The points of the cards in ``mask`` (R-POINT-1)."""
        return (mask & self.ones).bit_count() + 3 * (mask & self.threes).bit_count()


_TABLES: Final[dict[tuple[int, ...], TrumpTable]] = {}


def table_for(trump: Suit, rules: Rules) -> TrumpTable:
    """The lookup table for ``trump`` under ``rules`` (internal), built the first time it is needed."""
    # The tables of the last few Rules values, by their identity (a Rules hashes slowly); the
    # entry holds the Rules, so the id is not reused while it is kept.
    known = _BY_RULES.get(id(rules))
    if known is not None and known[0] is rules:
        table = known[1][trump]
        if table is not None:
            return table
    else:
        if len(_BY_RULES) >= 64:
            _BY_RULES.clear()
        known = _BY_RULES[id(rules)] = (rules, [None, None, None, None])
    fixed = rules.joker_order is JokerOrder.FIXED
    table = _interned(trump, rules.use_off_three, fixed, rules.look_take, rules.pickup, rules.deuce_to)
    known[1][trump] = table
    return table


_BY_RULES: Final[dict[int, tuple[Rules, list[TrumpTable | None]]]] = {}


def _interned(
    trump: Suit,
    use_off_three: bool,
    fixed_jokers: bool,
    look_take: LookTake,
    pickup: Pickup,
    deuce_to: DeuceTo,
) -> TrumpTable:
    """The one table built from these arguments."""
    # Options are keyed by the id of their (immortal) enum member: an enum hashes slowly.
    key = (int(trump), use_off_three, fixed_jokers, id(look_take), id(pickup), id(deuce_to))
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES.setdefault(
            key, TrumpTable(trump, use_off_three, fixed_jokers, look_take, pickup, deuce_to)
        )
    return table


def clear_table_cache() -> None:
    """Forget the tables built so far (internal).

    A mutation-testing run builds them anew in each test, so that a mutant of the table's
    construction is run rather than a table made before it.
    """
    _TABLES.clear()
    _BY_RULES.clear()


def may_take(table: TrumpTable, index: int) -> bool:
    """Whether a turned-up stock card may be taken (R-LOOK-2; internal)."""
    return bool(table.take_mask >> index & 1)
