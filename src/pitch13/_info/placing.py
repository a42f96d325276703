"""Placing the cards a seat cannot see, and a course of the hand that leads there (internal).

:func:`sample_hand` is the heart of :func:`pitch13.sample_state`: from what one seat saw of a
hand (a :class:`~pitch13._info.knowledge.HandLog`) it draws where the unseen cards are now, exactly
among the placements that fit what the seat knows (:func:`place`), then which cards each other
seat kept, received and took on the way there, and lays out a deck that deals them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

from pitch13._base.shuffle import deal_positions
from pitch13._core.masks import mask_of
from pitch13._core.tables import TrumpTable, may_take
from pitch13._info.knowledge import HandLog, Knowledge, Place, PlaceInfo, infer, own_hand
from pitch13._info.seen_entries import GiveUpSeen
from pitch13._info.weights import Factor, look_accepts, shuffle_factors
from pitch13.cards import DECK, Card
from pitch13.rules import LookTake, Rules

__all__ = ["PLACEMENTS", "NoPlacement", "fits", "place", "sample_hand"]


# --- the current placement of unseen cards -----------------------------------------------------


def sample_hand(
    log: HandLog,
    rules: Rules,
    seat: int | None,
    rng: random.Random,
    shuffle: bool = False,
    to_play: int | None = None,
) -> tuple[list[Card], list[Card]] | None:
    """A deck for the hand in ``log`` and the hidden cards given up, or ``None`` to try again.

    Raises :exc:`NoPlacement` when no placement drawn fits, so that the caller does not try
    again.

    With ``shuffle``, placements are weighted as a uniform shuffle weights them (see
    :func:`~pitch13.sample_state`). ``to_play`` is a seat other than the viewing one that holds a
    trump by the rules of play: the seat to play.
    """
    knowledge, unseen, claimed, places, team, least, taken, team_trump = _problem(log, rules, seat, to_play)
    table = log.table(rules)
    factors = (
        shuffle_factors(log, rules, places, table, knowledge.held_masks, unseen + claimed)
        if shuffle
        else None
    )
    placed = place(unseen, claimed, places, table, team, rng, factors, least, team_trump)
    if placed is not None and table is not None and rules.look_take is LookTake.POINT_CARDS_ONLY:
        misfits = tries = 0  # the placements drawn that do not fit, until one does; all drawn
        while placed is not None:
            tries += 1
            if _takes_fit(placed, taken, table):
                if look_accepts(placed, places, factors, table, rng):
                    break
                misfits = -1  # one fits, which the shuffle's weighting did not keep: draw again
            elif misfits >= 0:
                misfits += 1
            if misfits == PLACEMENTS or tries == KEEPS * PLACEMENTS:
                raise NoPlacement
            placed = place(unseen, claimed, places, table, team, rng, factors, least, team_trump)
    if placed is None:
        return None
    return _rebuild(log, seat, knowledge.held, placed, table, rng)


#: Under ``look_take=point_cards_only``, the placements drawn before a sample is given up: each
#: is a few tens of microseconds, and the likeliest to be thrown away on a view a game reaches
#: is kept about 1 in 200, so a view for which 4,000 in a row are is taken to come from none.
PLACEMENTS = 4000
#: With ``weighting="shuffle"`` under ``look_take=point_cards_only``, a placement that fits is
#: kept with a chance (:func:`~pitch13._info.weights.look_accepts`): once one fits, up to
#: ``KEEPS * PLACEMENTS`` placements in all are drawn before a sample is given up.
KEEPS = 25


class NoPlacement(Exception):
    """No placement drawn fits a view under ``look_take=point_cards_only`` (see :data:`PLACEMENTS`)."""


def _takes_fit(placed: list[tuple[PlaceInfo, list[Card]]], least: Sequence[int], table: TrumpTable) -> bool:
    """Whether each hand holds the fewest unseen cards it took in the look that are still there.

    The placement counts only trumps (:func:`place`); under ``look_take=point_cards_only`` the
    cards a seat took are point cards, which a placement is drawn again for until it fits: the
    placements that fit are then equally likely, as among all.
    """
    take = table.take_mask
    for info, cards in placed:
        seat = info.place.seat
        if seat is not None and least[seat] and sum(take >> c.index & 1 for c in cards) < least[seat]:
            return False
    return True


def fits(
    log: HandLog,
    rules: Rules,
    seat: int | None,
    to_play: int | None = None,
    knowledge: Knowledge | None = None,
) -> bool:
    """Whether some placement of the cards ``seat`` cannot see fits what it knows of the hand in ``log``.

    The placements :func:`sample_hand` draws from, as :func:`place` counts them; ``to_play`` as
    there. ``knowledge`` is what :func:`~pitch13._info.knowledge.infer` makes of ``log`` for
    ``seat``, when the caller has it already.
    """
    _, unseen, claimed, places, team, least, _, team_trump = _problem(log, rules, seat, to_play, knowledge)
    table = log.table(rules)
    if not _dead_give_ups_fit(log, rules, seat):
        return False
    counts = [info.count for info in places]
    if min(counts, default=0) < 0 or sum(counts) != len(unseen) + len(claimed):
        return False
    if table is None:
        return True
    trumps = sum(1 for c in unseen if table.mask >> c.index & 1)
    for i, info in enumerate(places):
        if info.takeable_only and not info.dead:  # a card that may be taken: a trump (see place)
            if sum(1 for c in unseen if may_take(table, c.index)) < counts[i]:
                return False
            trumps -= counts[i]
            counts[i] = 0
    options = [
        _trump_choices(count, info, 0 if info.place.seat is None else least[info.place.seat])
        for count, info in zip(counts, places, strict=True)
    ]
    if team is None:
        return _trump_ways(counts, options, range(len(places)), trumps, None)[0][trumps] > 0
    points = sum(1 for c in unseen if table.mask >> c.index & 1 and table.points[c.index])
    return any(
        _claim_weights(
            counts, options, places, team, trumps + len(claimed), len(claimed), points, team_trump, None
        )[0]
    )


def _dead_give_ups_fit(log: HandLog, rules: Rules, seat: int | None) -> bool:
    """Whether each other seat had a dead card for each card it gave up face down in the look.

    A hand holds trumps alone once its dead cards are discarded (R-DISC-1): a dead card given
    up (R-LOOK-4) came in the refill, or, when any card may be taken (R-LOOK-2), was taken at
    one of the seat's earlier look steps; each is given up once.
    """
    any_card = rules.look_take is LookTake.ANY_CARD
    for other in range(4):
        if other == seat:  # its own cards are known, and checked as such
            continue
        received = log.received[other]
        face_down = 0
        for p, step in enumerate(log.give_ups(other)):
            if step.given is None:
                face_down += 1
                if face_down > received + (p if any_card else 0):
                    return False
    return True


_Problem = tuple[Knowledge, list[Card], list[Card], list[PlaceInfo], int | None, list[int], list[int], bool]


def _problem(
    log: HandLog, rules: Rules, seat: int | None, to_play: int | None, knowledge: Knowledge | None = None
) -> _Problem:
    """What a placement must fit (see :func:`place`).

    What the seat knows (``knowledge``, or inferred here), the cards unseen and claimed, the
    places, the claiming team, the fewest trumps per seat, the fewest of the cards it took in the
    look per seat (:func:`_least_trumps`; the first list is these and the trump of the seat to
    play) and whether the claiming team holds an unseen trump.
    """
    hand = sorted(own_hand(log, seat)) if seat is not None else []
    if knowledge is None:
        knowledge = infer(log, rules, seat, mask_of(hand))
    table = log.table(rules)
    known = knowledge.known_mask
    unseen = [c for c in DECK if not known >> c.index & 1]
    places = list(knowledge.places)
    claimed: list[Card] = []
    team, team_trump = None, False
    if log.claim is not None and table is not None:  # R-PLAY-7
        team = log.claim.team
        shown = mask_of(log.claim.cards) | knowledge.held_masks[team] | knowledge.held_masks[team | 2]
        if seat is not None and seat & 1 == team:
            shown |= mask_of(hand)  # and the partner's claimed cards are known
        else:
            claimed = [c for c in log.claim.cards if not known >> c.index & 1]
            unseen = [c for c in unseen if c not in claimed]
        team_trump = not shown & table.mask  # the team holds a trump the seat has not seen
    least = taken = [0, 0, 0, 0]  # per seat, the fewest unseen trumps its hand holds; of them taken
    if table is not None:
        taken = _least_trumps(log, rules, knowledge.held_masks, table)
        least = list(taken)
        if to_play is not None and not knowledge.held_masks[to_play] & table.mask:
            least[to_play] = max(least[to_play], 1)
    return knowledge, unseen, claimed, places, team, least, taken, team_trump


def _least_trumps(log: HandLog, rules: Rules, held: Sequence[int], table: TrumpTable) -> list[int]:
    """Per seat, the fewest cards it took in the look among those of its hand the viewing seat cannot see.

    The cards a seat took in the look are trumps unless any card may be taken (R-LOOK-2), and
    point cards under ``look_take=point_cards_only``; one that left its hand since was played
    or given up face up (R-LOOK-4): the rest are still there, seen or not. The cards it picked
    up from the middle (R-PICK-1) are not among them.
    """
    least = [0, 0, 0, 0]
    if rules.look_take is LookTake.ANY_CARD:
        return least
    take = table.take_mask  # the trumps, or the point cards: what may have been taken
    for seat in range(4):
        taken = log.look_takes[seat]
        if not taken:
            continue
        picked = mask_of(log.takes[seat])  # from the middle before the look: not taken there
        gone = ((held[seat] | mask_of(log.plays[seat])) & take & ~picked).bit_count()
        given_up = 0  # a card given up was taken at an earlier step, if at all
        for p, step in enumerate(log.give_ups(seat)):
            given = step.given
            if (
                given is not None
                and take >> given.index & 1
                and not picked >> given.index & 1
                and given_up < p
            ):
                given_up += 1
        least[seat] = max(0, taken - gone - given_up)
    return least


def place(
    unseen: list[Card],
    claimed: list[Card],
    places: list[PlaceInfo],
    table: TrumpTable | None,
    team: int | None,
    rng: random.Random,
    factors: list[Factor | None] | None = None,
    least: Sequence[int] = (0, 0, 0, 0),
    team_trump: bool = False,
) -> list[tuple[PlaceInfo, list[Card]]] | None:
    """Spread ``unseen`` and ``claimed`` over ``places`` within their counts and kinds.

    Every placement that fits is equally likely, or ``factors`` weigh, per place, its holding
    ``t`` trumps (a uniform shuffle's weighting).

    - After a hand ended early (R-PLAY-7), ``team`` is the team that claimed: ``claimed`` (the
      claimed point cards the seat has not seen) are in that team's hands, and no other point
      card is. With ``team_trump``, those hands hold a trump among the unseen cards: the hand
      ended early, not for want of trumps.
    - The hand of seat ``s`` holds ``least[s]`` trumps at least (see :func:`_least_trumps`).
    - A card another seat is deciding on in the look is one it may take (R-LOOK-2).
    """
    counts = [info.count for info in places]
    filled: list[list[Card]] = [[] for _ in places]
    if sum(counts) != len(unseen) + len(claimed):
        return None
    for i, info in enumerate(places):
        if info.takeable_only and not info.dead and table is not None:
            # Only trumps fit here, and which of those that may be taken does not change how
            # many ways there are to place the rest: draw it first.
            takeable = [c for c in unseen if may_take(table, c.index)]
            if len(takeable) < counts[i]:
                return None
            filled[i] = rng.sample(takeable, counts[i])
            unseen = [c for c in unseen if c not in filled[i]]
            counts[i] = 0
    if table is None:
        cards = list(unseen)
        rng.shuffle(cards)
        start = 0
        for i, count in enumerate(counts):
            filled[i].extend(cards[start : start + count])
            start += count
        return list(zip(places, filled, strict=True))
    trumps = [c for c in unseen if table.mask >> c.index & 1]
    dead = [c for c in unseen if not table.mask >> c.index & 1]
    options = [
        _trump_choices(count, info, 0 if info.place.seat is None else least[info.place.seat])
        for count, info in zip(counts, places, strict=True)
    ]
    if team is None:
        split = _split_trumps(counts, options, range(len(places)), len(trumps), rng, factors)
        if split is None:
            return None
        rng.shuffle(trumps)
        pools = [trumps]
        groups: list[Sequence[int]] = [range(len(places))]
    else:
        # The claiming team's hands hold the claimed cards and trumps worth nothing; the other
        # point cards are elsewhere. A placement with ``a`` trumps in those hands can be made in
        # ``comb(a, claimed) * comb(rest, points)`` ways times those of its counts alone.
        points = [c for c in trumps if table.points[c.index]]
        plain = [c for c in trumps if not table.points[c.index]]
        total = len(trumps) + len(claimed)
        weights, hands, others, ways_in, ways_out = _claim_weights(
            counts, options, places, team, total, len(claimed), len(points), team_trump, factors
        )
        if not any(weights):
            return None
        a = _draw(weights, rng)
        split_in = _draw_split(counts, options, hands, ways_in, a, rng, factors)
        split_out = _draw_split(counts, options, others, ways_out, total - a, rng, factors)
        split = [0] * len(places)
        for i, t in zip(hands, split_in, strict=True):
            split[i] = t
        for i, t in zip(others, split_out, strict=True):
            split[i] = t
        rng.shuffle(plain)
        inside = claimed + plain[: a - len(claimed)]
        outside = points + plain[a - len(claimed) :]
        rng.shuffle(inside)
        rng.shuffle(outside)
        pools = [inside, outside]
        groups = [hands, others]
    rng.shuffle(dead)
    for pool, group in zip(pools, groups, strict=True):
        for i in group:
            t = split[i]
            filled[i].extend(pool[:t])
            del pool[:t]
    for i, (count, t) in enumerate(zip(counts, split, strict=True)):
        filled[i].extend(dead[: count - t])
        del dead[: count - t]
    return list(zip(places, filled, strict=True))


def _claim_weights(
    counts: Sequence[int],
    options: Sequence[range],
    places: Sequence[PlaceInfo],
    team: int,
    total: int,
    claimed: int,
    points: int,
    team_trump: bool,
    factors: Sequence[Factor | None] | None,
) -> tuple[list[int], list[int], list[int], list[list[int]], list[list[int]]]:
    """After an early end: the weight of each number of trumps in the claiming team's hands.

    A placement with ``a`` of the ``total`` trumps (the ``claimed`` point cards among them) in
    those hands can be made in ``comb(a, claimed) * comb(total - a, points)`` ways times those
    of its counts alone. Also the places in those hands, the others, and the ways of each group.
    """
    hands = [
        i for i, info in enumerate(places) if info.place.seat is not None and info.place.seat & 1 == team
    ]
    others = [i for i in range(len(places)) if i not in hands]
    ways_in = _trump_ways(counts, options, hands, total, factors)
    ways_out = _trump_ways(counts, options, others, total, factors)
    weights = [
        ways_in[0][a] * ways_out[0][total - a] * math.comb(a, claimed) * math.comb(total - a, points)
        if a or not team_trump
        else 0
        for a in range(total + 1)
    ]
    return weights, hands, others, ways_in, ways_out


def _trump_choices(count: int, info: PlaceInfo, least: int) -> range:
    """How many trumps a place of ``count`` unseen cards may hold, ``least`` at least."""
    low = least if info.dead else count
    if info.dead and info.max_dead is not None:
        low = max(low, count - info.max_dead)
    high = count if info.trumps else 0
    return range(low, high + 1)


def _trump_ways(
    counts: Sequence[int],
    options: Sequence[range],
    group: Sequence[int],
    trumps: int,
    factors: Sequence[Factor | None] | None,
) -> list[list[int]]:
    """``ways[j][r]``: the weighted number of ways to put ``r`` trumps into places ``group[j:]``.

    With ``t_i`` trumps in place ``i`` of ``c_i`` cards, the placements of distinct cards number
    ``prod(comb(c_i, t_i))`` times a constant, so that is a count vector's weight (times
    ``factors[i](t_i)`` for the places that have a factor).
    """
    n = len(group)
    ways = [[0] * (trumps + 1) for _ in range(n + 1)]
    ways[n][0] = 1
    for j in range(n - 1, -1, -1):
        i = group[j]
        row, after = ways[j], ways[j + 1]
        for t in options[i]:
            w = _weight(counts, factors, i, t)
            if not w:
                continue
            for r in range(t, trumps + 1):
                if after[r - t]:
                    row[r] += w * after[r - t]
    return ways


def _weight(counts: Sequence[int], factors: Sequence[Factor | None] | None, i: int, t: int) -> int:
    factor = None if factors is None else factors[i]
    return math.comb(counts[i], t) * (1 if factor is None else factor(t))


def _draw(weights: Sequence[int], rng: random.Random) -> int:
    """An index drawn in proportion to ``weights`` (not all zero)."""
    pick = rng.randrange(sum(weights))
    for k, w in enumerate(weights):
        if pick < w:
            return k
        pick -= w
    raise AssertionError("unreachable")  # pragma: no cover


def _draw_split(
    counts: Sequence[int],
    options: Sequence[range],
    group: Sequence[int],
    ways: list[list[int]],
    trumps: int,
    rng: random.Random,
    factors: Sequence[Factor | None] | None,
) -> list[int]:
    """How many trumps each place of ``group`` gets, ``trumps`` in all, drawn by their weights."""
    split: list[int] = []
    left = trumps
    for j, i in enumerate(group):
        after = ways[j + 1]
        choices = [t for t in options[i] if t <= left]
        t = choices[_draw([_weight(counts, factors, i, t) * after[left - t] for t in choices], rng)]
        split.append(t)
        left -= t
    return split


def _split_trumps(
    counts: Sequence[int],
    options: Sequence[range],
    group: Sequence[int],
    trumps: int,
    rng: random.Random,
    factors: Sequence[Factor | None] | None = None,
) -> list[int] | None:
    """How many trumps each place gets, drawn in proportion to the ways to place the cards."""
    ways = _trump_ways(counts, options, group, trumps, factors)
    if ways[0][trumps] == 0:
        return None
    return _draw_split(counts, options, group, ways, trumps, rng, factors)


# --- the past that leads there -----------------------------------------------------------------


def _rebuild(
    log: HandLog,
    seat: int | None,
    held: tuple[tuple[Card, ...], ...],
    placed: list[tuple[PlaceInfo, list[Card]]],
    table: TrumpTable | None,
    rng: random.Random,
) -> tuple[list[Card], list[Card]] | None:
    in_place: dict[Place, list[Card]] = {}
    hidden_dead: list[Card] = []  # face-down cards given up or rejected by other seats
    unseen_discarded: list[Card] = []  # stock cards nobody turned up (R-LOOK-3)
    for info, cards in placed:
        rng.shuffle(cards)
        if info.place is Place.DEAD:
            (unseen_discarded if info.trumps else hidden_dead).extend(cards)
        else:
            in_place.setdefault(info.place, []).extend(cards)
    step_cards: list[Card | None] = []  # the card behind each decided look step, where hidden
    hidden_gives: list[Card] = []
    for step in log.looks:
        if isinstance(step, GiveUpSeen):
            if step.given is None:
                card = hidden_dead.pop()
                hidden_gives.append(card)
                step_cards.append(card)
            else:
                step_cards.append(step.given)
        elif step.card is None:
            step_cards.append(hidden_dead.pop())
        else:
            step_cards.append(step.card)
    initial: dict[int, list[Card]] = {}
    refill: dict[int, list[Card]] = {}
    taken: dict[int, Card] = {}  # look step index -> card taken
    for s in range(4):
        hand_now = in_place.get(Place.hand(s), []) + list(held[s])
        if s == seat:
            initial[s] = list(log.own)  # its refill's cards are in the log, read below
            for j, step in enumerate(log.looks):
                if isinstance(step, GiveUpSeen) and step.seat == s:
                    assert step.taken is not None
                    taken[j] = step.taken
            continue
        if table is None:
            initial[s] = hand_now
            continue
        flows = _seat_flows(log, s, hand_now, step_cards, table, rng)
        if flows is None:
            return None
        initial[s], refill[s], seat_taken = flows
        taken.update(seat_taken)
    # Lay out the deck: the deal (R-DEAL-1), then the stock in the order it was used.
    deck: list[Card | None] = [None] * len(DECK)
    for s in range(4):
        cards = initial[s]
        if len(cards) != 9:
            return None
        if s != seat:
            rng.shuffle(cards)
        for position, card in zip(deal_positions(log.dealer, s), cards, strict=True):
            deck[position] = card
    stock: list[Card] = []
    for r in log.refills:
        stock.extend(r.cards if r.seat == seat else refill[r.seat][: r.count])
    for j, step in enumerate(log.looks):
        if isinstance(step, GiveUpSeen):
            stock.append(taken[j])
        else:
            rejected = step.card if step.card is not None else step_cards[j]
            assert rejected is not None
            stock.append(rejected)
    if log.pending is not None:
        pending = log.pending.card
        stock.append(in_place[Place.TURNED][0] if pending is None else pending)
    stock += in_place.get(Place.STOCK, [])
    stock += unseen_discarded
    if len(stock) != 18:
        return None
    deck[36:] = stock
    if any(card is None for card in deck):
        return None
    return [card for card in deck if card is not None], hidden_gives


def _seat_flows(
    log: HandLog,
    seat: int,
    hand_now: list[Card],
    step_cards: list[Card | None],
    table: TrumpTable,
    rng: random.Random,
) -> tuple[list[Card], list[Card], dict[int, Card]] | None:
    """Which kept trumps, refill cards and taken stock cards ``seat`` had (at random)."""
    dead_discards = list(log.dead_discards.get(seat, ()))
    kept = 9 - len(dead_discards)
    picked = set(log.takes[seat])
    sheds = list(log.sheds[seat])
    gives = {
        j: step_cards[j]
        for j, step in enumerate(log.looks)
        if isinstance(step, GiveUpSeen) and step.seat == seat
    }
    acquired = (
        set(sheds) | set(log.plays[seat]) | set(hand_now) | {c for c in gives.values() if c is not None}
    )
    acquired -= picked
    received = sum(r.count for r in log.refills if r.seat == seat)
    take_steps = sorted(gives)
    if len(acquired) != kept + received + len(take_steps):
        return None
    # The kept cards are trumps, so each dead card came in the refill or was taken in the look,
    # before it was given up: by the take step ``deadline[card]`` at the latest (-1: refill only).
    position = {j: p for p, j in enumerate(take_steps)}
    deadline = {
        c: -1 if not may_take(table, c.index) else len(take_steps) - 1
        for c in acquired
        if not table.mask >> c.index & 1
    }
    for j, c in gives.items():
        if c in deadline:
            deadline[c] = min(deadline[c], position[j] - 1)
    for _ in range(20):
        pool = set(acquired)
        taken: dict[int, Card] = {}
        dead = dict(deadline)
        ok = True
        for p, j in enumerate(take_steps):
            given_so_far = {gives[i] for i in take_steps if i <= j}
            options = [
                c for c in pool if c not in given_so_far and c not in sheds and may_take(table, c.index)
            ]
            a_trump_fits = _dead_fit(dead.values(), p + 1, received)
            options = [
                c
                for c in options
                if (
                    a_trump_fits
                    if c not in dead
                    else _dead_fit((d for o, d in dead.items() if o != c), p + 1, received)
                )
            ]
            if not options:
                ok = False
                break
            card = rng.choice(sorted(options))
            taken[j] = card
            pool.discard(card)
            dead.pop(card, None)
        if not ok:
            continue
        trumps = sorted(c for c in pool if table.mask >> c.index & 1 and c not in sheds)
        need = kept - len(sheds)
        if need < 0 or len(trumps) < need or any(c not in pool for c in sheds):
            continue
        keep = sheds + rng.sample(trumps, need)
        refill = sorted(pool - set(keep))
        if len(refill) != received:
            continue
        rng.shuffle(refill)
        return dead_discards + keep, refill, taken
    return None


def _dead_fit(deadlines: Iterable[int], first: int, received: int) -> bool:
    """Whether dead cards fit the refill and the take steps from ``first`` on, one card a step.

    Each dead card has the last take step it can have been taken at (-1: none, only the refill),
    and the refill holds ``received`` cards: Hall's condition for deadlines, checked in order.
    """
    return all(n < received + max(0, last - first + 1) for n, last in enumerate(sorted(deadlines)))
