"""How a uniform shuffle weights a placement of the cards a seat cannot see (internal).

``sample_state(..., weighting="shuffle")`` draws a placement in proportion to the number of decks
that lead to it. Those decks number, per seat, the ways to tell where the seat's cards came
from: which of its trumps it kept from its deal, and which cards it took at each step of the
look (:func:`origin_ways`). Everything else (the order of the rest of the stock, of each deal)
counts the same for every placement. When only trumps, or any card, may be taken in the look,
those ways depend on the number of unseen trumps placed in the seat's hand alone, and
:func:`~pitch13._info.placing.place` weighs each place by them (:func:`shuffle_factors`). Under
``look_take=point_cards_only`` they depend on its unseen point cards too: the place is weighed
by the most they can be for its number of trumps (:class:`PointsLook`), and a placement drawn
is kept with the rest of the weight as its chance (:func:`look_accepts`).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence

from pitch13._core.masks import mask_of
from pitch13._core.tables import TrumpTable
from pitch13._info.knowledge import HandLog, PlaceInfo
from pitch13.cards import Card
from pitch13.rules import LookTake, Rules

__all__ = ["Factor", "PointsLook", "look_accepts", "origin_ways", "shuffle_factors"]

#: A place's weight as a function of the number of unseen trumps placed there.
Factor = Callable[[int], int]
#: What :class:`PointsLook` counts from: ``(outside, points, kept, taken, points_given)``.
_Look = tuple[int, int, int, int, tuple[int, ...]]


def shuffle_factors(
    log: HandLog,
    rules: Rules,
    places: list[PlaceInfo],
    table: TrumpTable | None,
    held: Sequence[int],
    unseen: Sequence[Card],
) -> list[Factor | None] | None:
    """For each place, how a uniform shuffle weights its holding ``t`` trumps, beside the placements.

    A seat's trumps came from its deal (the ``kept`` trumps it held when its dead cards went, all
    trumps), from the refill, or from the look. Its trumps counted are those in its hand now,
    seen (``held``) or not, played, given up or shed; not the cards it picked up, whose origin is
    public; the trumps it shed were kept for sure. ``unseen`` are the cards placed (with those
    claimed after an early end), which bound the point cards a hand may hold.
    """
    if table is None:
        return None
    look_take = rules.look_take
    unseen_points = sum(table.point_mask >> c.index & 1 for c in unseen)
    unseen_plain = sum(table.mask >> c.index & 1 for c in unseen) - unseen_points
    factors: list[Factor | None] = []
    for info in places:
        seat = info.place.seat
        if seat is None or seat not in log.dead_discards:
            factors.append(None)
            continue
        # Kept for sure: the trumps it shed, before the refill.
        kept = 9 - len(log.dead_discards[seat]) - len(log.sheds[seat])
        picked = mask_of(log.takes[seat])
        through = mask_of(log.plays[seat]) | held[seat] & table.mask  # trumps
        # The number of the take (0 for its first) at which it gave up each trump, face up, and,
        # when any card may be taken, each other card: any of them may be one taken before.
        trumps_given: list[int] = []
        points_given: list[int] = []
        others_given: list[int] = []
        for number, step in enumerate(log.give_ups(seat)):
            given = step.given
            if given is not None and table.mask >> given.index & 1:
                if not picked >> given.index & 1:
                    through |= 1 << given.index
                    trumps_given.append(number)
                    if table.point_mask >> given.index & 1:
                        points_given.append(number)
            elif look_take is LookTake.ANY_CARD:
                others_given.append(number)
        through &= ~picked
        outside = through.bit_count()
        taken, received = log.look_takes[seat], log.received[seat]
        if look_take is LookTake.POINT_CARDS_ONLY:
            points = (through & table.point_mask).bit_count()
            look = (outside, points, kept, taken, tuple(points_given))
            factors.append(PointsLook(look, unseen_points, unseen_plain))
        else:
            any_card = look_take is LookTake.ANY_CARD
            factors.append(origin_ways(outside, kept, taken, received, trumps_given, others_given, any_card))
    return factors


def _take_orders(given: Sequence[int], trumps: Sequence[bool], taken: int) -> list[tuple[int, int, int]]:
    """The ways to order the ``taken`` takes, by the cards given up that were taken earlier.

    ``(i, s, ways)``: ``i`` of those cards trumps and ``s`` in all.
    A card given up at take ``d`` (``given``; 0 for the first take) was in the hand before that
    step, so if it came from the look it was taken at one of the ``d`` steps before: counted in
    increasing order of ``d``, each has ``d`` steps less those the ones before it took. The other
    takes are then ordered in ``(taken - s)!`` ways.
    """
    orders: dict[tuple[int, int], int] = {(0, 0): 1}
    for deadline, trump in sorted(zip(given, trumps, strict=True)):
        grown = dict(orders)
        for (i, s), ways in orders.items():
            if deadline > s:
                key = (i + trump, s + 1)
                grown[key] = grown.get(key, 0) + ways * (deadline - s)
        orders = grown
    return [(i, s, ways * math.factorial(taken - s)) for (i, s), ways in orders.items() if s <= taken]


def origin_ways(
    outside: int,
    kept: int,
    taken: int,
    received: int,
    trumps_given: Sequence[int],
    others_given: Sequence[int],
    any_card: bool,
) -> Factor:
    """The ways a seat holding ``t`` unseen trumps came by its cards, as a function of ``t``.

    Of its ``outside + t`` trumps (``trumps_given`` among them, given up face up in the look),
    ``kept`` were kept from the deal; of the cards it held beside them (``received`` from the
    refill, ``taken`` from the look), which were taken (trumps, or under ``any_card`` any of
    them) and at which take (:func:`_take_orders`; ``trumps_given`` and ``others_given`` hold the
    take at which each was given up). Summed over which given-up cards were taken (``i`` trumps,
    ``s`` in all) and how many of the other trumps given up face up were kept (``a``)::

        orders(i, s) * comb(m - i, a) * comb(n, kept - a) * comb(pool, taken - s)

    where ``m`` is the number of trumps given up face up, ``n = outside - m + t`` the other
    trumps, and ``pool`` the cards the other takes were drawn from: the trumps neither kept nor
    given up, or under ``any_card`` every card received or taken but those given up and not
    kept. With nothing given up it is ``taken! * comb(n, kept) * comb(n - kept, taken)``.
    """
    m, q = len(trumps_given), len(others_given)
    trumps = [True] * m + [False] * q
    terms = _take_orders([*trumps_given, *others_given], trumps, taken)

    def count(t: int) -> int:
        n = outside - m + t
        total = 0
        for i, s, order_ways in terms:
            for a in range(min(m - i, kept) + 1):
                pool = received + taken - (m - a) - q if any_card else n - (kept - a)
                if pool >= taken - s:
                    ways = math.comb(m - i, a) * math.comb(n, kept - a) * math.comb(pool, taken - s)
                    total += order_ways * ways
        return total

    return count


@functools.lru_cache(maxsize=256)
def _points_look_ways(look: _Look, t: int, u: int) -> int:
    """:func:`origin_ways` under ``look_take=point_cards_only``, with ``u`` unseen point cards.

    For a seat holding ``t`` unseen trumps, ``u`` of them point cards (``look`` is
    :class:`PointsLook`'s).

    Only point cards were taken, so only the point cards given up face up may have been taken
    before; of its ``P`` point cards (``m_p`` of them given up face up) and its other trumps,
    summed over the given-up point cards taken (``s``), those of the others kept (``a``) and the
    other point cards kept (``b``)::

        orders(s) * comb(m_p - s, a) * comb(P - m_p, b) * comb(P - m_p - b, taken - s)
                  * comb(plain, kept - a - b)

    where ``plain`` counts its trumps that are not point cards.
    """
    outside, points, kept, taken, points_given = look
    n, p = outside + t, points + u
    m_p = len(points_given)
    other_points, plain = p - m_p, n - p
    total = 0
    for _, s, order_ways in _take_orders(points_given, [True] * m_p, taken):
        for a in range(min(m_p - s, kept) + 1):
            for b in range(min(other_points, kept - a) + 1):
                if other_points - b >= taken - s and plain >= kept - a - b:
                    ways = math.comb(m_p - s, a) * math.comb(other_points, b)
                    ways *= math.comb(other_points - b, taken - s) * math.comb(plain, kept - a - b)
                    total += order_ways * ways
    return total


class PointsLook:
    """Under ``look_take=point_cards_only``, a seat's weight as a place: a function of ``t``.

    The ways the seat came by its cards (:func:`_points_look_ways`) depend on how many of its
    ``t`` unseen trumps are point cards, ``u``, which the placement chooses after ``t``. The
    place is weighed by the most they can be for ``t`` (``u`` from ``t`` less the unseen trumps
    that are not point cards, to ``t`` or the unseen point cards), and :meth:`keeps` gives a
    placement drawn its weight over that most as its chance: the placements kept are then
    weighted exactly.

    ``look`` is ``(outside, points, kept, taken, points_given)``: the trumps outside the unseen
    ones that it held (played, seen, given up face up; not picked up) and how many of them are
    point cards, the trumps it kept less those it shed, its takes in the look, and the take at
    which it gave up each point card it gave up face up. ``points`` and ``plain`` are the unseen
    point cards and the other unseen trumps.
    """

    def __init__(self, look: _Look, points: int, plain: int) -> None:
        self.look = look
        self.points = points
        self.plain = plain
        self._most: dict[int, int] = {}

    def __call__(self, t: int) -> int:
        """The place's weight for ``t`` unseen trumps: the most :meth:`ways` for any ``u``."""
        most = self._most.get(t)
        if most is None:
            points = range(max(0, t - self.plain), min(t, self.points) + 1)
            most = self._most[t] = max((_points_look_ways(self.look, t, u) for u in points), default=0)
        return most

    def ways(self, t: int, u: int) -> int:
        """The ways the seat came by its cards holding ``t`` unseen trumps, ``u`` of them point cards."""
        return _points_look_ways(self.look, t, u)

    def keeps(self, t: int, u: int, rng: random.Random) -> bool:
        """Whether a placement of ``t`` unseen trumps, ``u`` of them point cards, is kept."""
        most = self(t)
        return most > 0 and rng.randrange(most) < self.ways(t, u)


def look_accepts(
    placed: list[tuple[PlaceInfo, list[Card]]],
    places: Sequence[PlaceInfo],
    factors: Sequence[Factor | None] | None,
    table: TrumpTable,
    rng: random.Random,
) -> bool:
    """Whether a placement drawn with ``factors`` (one for each of ``places``) is kept.

    It is if each :class:`PointsLook` among them keeps it.
    """
    if factors is None:
        return True
    looks = {info.place: f for info, f in zip(places, factors, strict=True) if isinstance(f, PointsLook)}
    for info, cards in placed:
        factor = looks.get(info.place)
        if factor is not None:
            t = sum(table.mask >> c.index & 1 for c in cards)
            u = sum(table.point_mask >> c.index & 1 for c in cards)
            if not factor.keeps(t, u, rng):
                return False
    return True
