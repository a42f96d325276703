"""Sampling a whole game state consistent with one seat's view (determinization).

:func:`sample_state` deals the cards a seat cannot see at random among the places they could
be, then rebuilds a history that leads there, so that ``view(sample, seat) == the_view`` and
play can go on from the sample with :func:`~pitch13.apply`. This is what search bots
(determinized Monte Carlo, information-set MCTS) are built on.

Only the hand the view shows is dealt: the sample is a game started at that hand, from the
view's scores, so the hands before it are never rebuilt. The unseen cards are spread over the
ways to place them that respect every place's count and what the seat knows (a seat known to
be out holds no trump; before the refill a seat holds only trumps, after it at most as many
dead cards as it was dealt and took; the face-down cards given up or rejected in the
look-through are not trumps; a turned-up card another seat is deciding on is one it may take),
uniformly or, with ``weighting="shuffle"``, as a uniform shuffle of the deck weights them. The
hand's past is then rebuilt to fit (which trumps each seat kept, its refill and stock cards),
at random.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence

from pitch13._checks import excerpt
from pitch13._knowledge import HandLog, Place, PlaceInfo, hand_logs, infer, own_hand
from pitch13._masks import mask_of
from pitch13._scoring import past_target
from pitch13._shuffle import deal_positions
from pitch13._tables import TrumpTable, may_take
from pitch13.actions import GiveUp, SeatAction
from pitch13.cards import DECK, Card
from pitch13.engine import apply
from pitch13.engine._partway import start_partway
from pitch13.errors import IllegalActionError, SamplingError
from pitch13.events import HandScored
from pitch13.rules import LookTake, Rules
from pitch13.state import GameState
from pitch13.views import GiveUpSeen, SeatView, spectator_view, view

__all__ = ["SamplingError", "sample_state"]

#: Deals drawn for the hand before giving up. A view the engine made is always met well before.
_TRIES = 400


def sample_state(seat_view: SeatView, rng: random.Random, *, weighting: str = "placements") -> GameState:
    """A full game state that ``seat_view``'s seat cannot tell from the real one.

    It deals the hand the view shows (see :attr:`SeatView.history <pitch13.SeatView.history>`)
    afresh, at random among the deals that lead to what the seat saw, and plays the hand's
    actions again; the hands before it are not rebuilt, as nothing in the view depends on
    their hidden cards. It costs O(entries of that hand), whatever the length of the game.

    How likely each placement of the unseen cards is depends on ``weighting``:

    ``"placements"`` (the default)
        Every way to place the unseen cards that fits what the seat knows is equally likely:
        each place's count, no trump with a seat known to be out, no more dead cards in a hand
        than it can have received, no trump among the face-down cards of the look.
    ``"shuffle"``
        As likely as a uniform shuffle of the deck makes it: a placement counts as many times as
        there are deals that lead to it. A seat that kept more trumps when it discarded its dead
        cards is likelier to hold more trumps now. Under ``look_take=point_cards_only`` the cards
        a seat took in the look are left out of that count, so the weighting is exact there only
        while nobody has taken a card in the look.

    Args:
        seat_view: a seat's (or a spectator's) view, from :func:`~pitch13.view`.
        rng: the source of randomness; the same seed gives the same sample.
        weighting: ``"placements"`` or ``"shuffle"``, as above.

    Returns:
        A state whose view for the same seat equals ``seat_view``: a game started at the hand
        the view shows (its :attr:`~pitch13.GameState.history` begins there, and its
        :attr:`~pitch13.GameState.ply` goes on from the view's). It has no seed, so when the
        hand ends it waits for a :class:`~pitch13.Deal`.

    Raises:
        TypeError: if the arguments have the wrong types.
        ValueError: if ``weighting`` is neither ``"placements"`` nor ``"shuffle"``.
        SamplingError: if the view cannot come from any game.
    """
    if not isinstance(seat_view, SeatView):
        raise TypeError(f"sample_state() takes a SeatView, not {type(seat_view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"sample_state() takes a random.Random, not {type(rng).__name__}")
    if weighting not in ("placements", "shuffle"):
        raise ValueError(f'weighting is "placements" or "shuffle", not {excerpt(weighting)}')
    shuffle = weighting == "shuffle"
    v = seat_view
    if not _summary_fits(v):
        raise SamplingError("no game state is consistent with this view")
    logs = hand_logs(v.history)
    if not logs:  # nothing dealt yet: the game waits for its first deal
        state = start_partway(
            v.rules,
            first_dealer=v.first_dealer,
            hand_number=v.hand_number,
            scores=v.scores,
            last_result=v.last_result,
            ply=v.ply,
            deck=None,
        )
        if _view_of(state, v.seat) == v:
            return state
        raise SamplingError("no game state is consistent with this view")
    log = logs[0]
    scored = next((e.item.result for e in v.history if isinstance(e.item, HandScored)), None)
    if scored is None:
        scores, last = v.scores, v.last_result
    else:  # the view shows the hand that ended: begin before it was scored
        change = scored.score_change
        scores, last = (v.scores[0] - change[0], v.scores[1] - change[1]), None
    start = v.ply - len(log.actions)
    for _ in range(_TRIES):
        dealt = _sample_hand(log, v.rules, v.seat, rng, shuffle)
        if dealt is None:
            continue
        deck, hidden_gives = dealt
        sample = _replay(v, log, deck, hidden_gives, scores, last, start)
        if sample is not None and _view_of(sample, v.seat) == v:
            return sample
    raise SamplingError("no game state is consistent with this view")


def _summary_fits(v: SeatView) -> bool:
    """Whether the view's account of the hands before the one it shows can come from a game."""
    if v.dealer != (v.first_dealer + v.hand_number - 1) & 3:
        return False
    if v.ply < sum(1 for e in v.history if e.seat is not None):
        return False  # fewer plies than the shown hand's actions
    if any(isinstance(e.item, HandScored) for e in v.history):
        return True  # the last result is the shown hand's, and the scores follow from it
    last = v.last_result
    if last is None:  # new_game may start a game at any scores that have not yet won (R-END-1)
        return not any(past_target(v.rules, score) for score in v.scores)
    return last.hand_number < v.hand_number and v.scores == last.scores


def _view_of(state: GameState, seat: int | None) -> SeatView:
    return spectator_view(state) if seat is None else view(state, seat)


def _replay(
    v: SeatView,
    log: HandLog,
    deck: list[Card],
    hidden_gives: list[Card],
    scores: tuple[int, int],
    last: object,
    ply: int,
) -> GameState | None:
    """The hand of ``log`` dealt from ``deck`` and played again, from a game started there."""
    gives = iter(hidden_gives)
    try:
        state = start_partway(
            v.rules,
            first_dealer=v.first_dealer,
            hand_number=log.hand_number,
            scores=scores,
            last_result=last,  # type: ignore[arg-type]
            ply=ply,
            deck=[card.index for card in deck],
        )
        for seat, item in log.actions:
            action: SeatAction
            if isinstance(item, GiveUpSeen):
                action = GiveUp(item.given if item.given is not None else next(gives))
            else:
                action = item
            state = apply(state, action, seat=seat)
    except (IllegalActionError, StopIteration):
        return None
    return state


# --- the current placement of unseen cards -----------------------------------------------------


def _sample_hand(
    log: HandLog, rules: Rules, seat: int | None, rng: random.Random, shuffle: bool = False
) -> tuple[list[Card], list[Card]] | None:
    """A deck for the hand in ``log`` and the hidden cards given up, or ``None`` to try again.

    With ``shuffle``, placements are weighted as a uniform shuffle weights them (see
    :func:`sample_state`).
    """
    hand = sorted(own_hand(log, seat)) if seat is not None else []
    knowledge = infer(log, rules, seat, mask_of(hand))
    table = log.table(rules)
    known = knowledge.known_mask
    unseen = [c for c in DECK if not known >> c.index & 1]
    places = list(knowledge.places)
    claimed: list[Card] = []
    if log.claim is not None and not (seat is not None and seat & 1 == log.claim.team):
        claimed = [c for c in log.claim.cards if not known >> c.index & 1]
        unseen = [c for c in unseen if c not in claimed]
    factors = _shuffle_factors(log, rules, places, table) if shuffle else None
    placed = _place(unseen, claimed, places, table, rng, factors)
    if placed is None or not _placement_ok(placed, log, rules, table):
        return None
    return _rebuild(log, rules, seat, knowledge.held, placed, table, rng)


_Factor = Callable[[int], int]


def _shuffle_factors(
    log: HandLog, rules: Rules, places: list[PlaceInfo], table: TrumpTable | None
) -> list[_Factor | None] | None:
    """For each place, how a uniform shuffle weights its holding ``t`` trumps, beside the placements.

    A seat's trumps came from its deal (the ``kept`` trumps it held when its dead cards went, all
    trumps), from the refill, or from the look. The decks that lead to a placement number, per
    seat, the ways to choose which of its trumps (in its hand now, played, given up or shed; not
    the cards it picked up, whose origin is public; the trumps it shed were kept for sure) were
    the kept ones, ``comb(trumps, kept)``, and, when only trumps may be taken in the look, which
    of the rest it took there. Everything else (the order of the stock, of each deal) counts the
    same for every placement.
    """
    if table is None:
        return None
    factors: list[_Factor | None] = []
    for info in places:
        seat = info.place.seat
        if seat is None or seat not in log.dead_discards:
            factors.append(None)
            continue
        kept = 9 - len(log.dead_discards[seat])
        picked = {card.index for card in log.takes[seat]}
        outside = sum(1 for c in log.plays[seat] if c.index not in picked)
        outside += sum(
            1
            for step in log.looks
            if isinstance(step, GiveUpSeen)
            and step.seat == seat
            and step.given is not None
            and step.given.index not in picked
            and table.mask >> step.given.index & 1
        )
        sheds = len(log.sheds[seat])  # kept trumps for sure: they were shed before the refill
        taken = log.look_takes[seat] if rules.look_take is LookTake.ANY_TRUMP else 0
        factors.append(functools.partial(_kept_ways, outside, kept - sheds, taken))
    return factors


def _kept_ways(outside: int, kept: int, taken: int, t: int) -> int:
    trumps = outside + t
    return math.comb(trumps, kept) * math.comb(trumps - kept, taken) if trumps >= kept else 0


def _place(
    unseen: list[Card],
    claimed: list[Card],
    places: list[PlaceInfo],
    table: TrumpTable | None,
    rng: random.Random,
    factors: list[_Factor | None] | None = None,
) -> list[tuple[PlaceInfo, list[Card]]] | None:
    """Spread ``unseen`` over ``places`` within their counts and kinds, uniformly over placements.

    ``factors`` weight, per place, its holding ``t`` trumps (a uniform shuffle's weighting).
    """
    counts = [info.count for info in places]
    filled: list[list[Card]] = [[] for _ in places]
    if claimed:
        # The claimed point cards are in the claiming team's hands (R-PLAY-7).
        slots = [
            i
            for i, info in enumerate(places)
            if info.place.seat is not None and info.trumps
            for _ in range(info.count)
        ]
        if len(slots) < len(claimed):
            return None
        for card, i in zip(claimed, rng.sample(slots, len(claimed)), strict=True):
            filled[i].append(card)
            counts[i] -= 1
    if sum(counts) != len(unseen):
        return None
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
    if factors is not None:
        # A place's claimed cards are trumps too: weigh its holding with them.
        offsets = [info.count - count for info, count in zip(places, counts, strict=True)]
        factors = [
            None if f is None else functools.partial(_offset, f, offset)
            for f, offset in zip(factors, offsets, strict=True)
        ]
    split = _split_trumps(counts, places, len(trumps), rng, factors)
    if split is None:
        return None
    rng.shuffle(trumps)
    rng.shuffle(dead)
    for i, (count, t) in enumerate(zip(counts, split, strict=True)):
        filled[i].extend(trumps[:t])
        filled[i].extend(dead[: count - t])
        del trumps[:t]
        del dead[: count - t]
    return list(zip(places, filled, strict=True))


def _offset(factor: _Factor, offset: int, t: int) -> int:
    return factor(t + offset)


def _split_trumps(
    counts: Sequence[int],
    places: Sequence[PlaceInfo],
    trumps: int,
    rng: random.Random,
    factors: Sequence[_Factor | None] | None = None,
) -> list[int] | None:
    """How many trumps each place gets, drawn in proportion to the ways to place the cards.

    With ``t_i`` trumps in place ``i`` of ``c_i`` cards, the placements of distinct cards number
    ``prod(comb(c_i, t_i))`` times a constant, so a count vector is drawn with that weight (times
    ``factors[i](t_i)`` for the places that have a factor).
    """
    n = len(counts)

    def weight(i: int, t: int) -> int:
        factor = None if factors is None else factors[i]
        return math.comb(counts[i], t) * (1 if factor is None else factor(t))

    def choices(i: int) -> range:
        info = places[i]
        low = 0 if info.dead else counts[i]
        if info.dead and info.max_dead is not None:
            low = max(low, counts[i] - info.max_dead)
        high = counts[i] if info.trumps else 0
        return range(low, high + 1)

    # ways[i][r]: weighted number of ways to put r trumps into places i..n-1.
    ways = [[0] * (trumps + 1) for _ in range(n + 1)]
    ways[n][0] = 1
    for i in range(n - 1, -1, -1):
        for r in range(trumps + 1):
            ways[i][r] = sum(weight(i, t) * ways[i + 1][r - t] for t in choices(i) if t <= r)
    if ways[0][trumps] == 0:
        return None
    split: list[int] = []
    left = trumps
    for i in range(n):
        options = [(t, weight(i, t) * ways[i + 1][left - t]) for t in choices(i) if t <= left]
        pick = rng.randrange(sum(w for _, w in options))
        for t, w in options:
            if pick < w:
                split.append(t)
                left -= t
                break
            pick -= w
    return split


def _placement_ok(
    placed: list[tuple[PlaceInfo, list[Card]]], log: HandLog, rules: Rules, table: TrumpTable | None
) -> bool:
    if table is None:
        return True
    for info, cards in placed:  # R-LOOK-2: a card another seat is deciding on may be taken
        if info.takeable_only and not all(may_take(table, c.index) for c in cards):
            return False
    if log.claim is not None:
        team = log.claim.team
        claimed = set(log.claim.cards)
        holding = [
            c
            for info, cards in placed
            if info.place.seat is not None and info.place.seat & 1 == team
            for c in cards
        ]
        if any(table.points[c.index] and c not in claimed for c in holding):
            return False
    return True


# --- the past that leads there -----------------------------------------------------------------


def _rebuild(
    log: HandLog,
    rules: Rules,
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
            initial[s] = list(log.own)
            refill[s] = [c for r in log.refills if r.seat == s for c in r.cards]
            for j, step in enumerate(log.looks):
                if isinstance(step, GiveUpSeen) and step.seat == s:
                    assert step.taken is not None
                    taken[j] = step.taken
            continue
        if table is None:
            initial[s] = hand_now
            continue
        flows = _seat_flows(log, rules, s, hand_now, step_cards, table, rng)
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
        stock.extend(refill.get(r.seat, [])[: r.count] if r.seat != seat else r.cards)
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
    rules: Rules,
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
    for _ in range(20):
        pool = set(acquired)
        taken: dict[int, Card] = {}
        ok = True
        for j in take_steps:
            given_so_far = {gives[i] for i in take_steps if i <= j}
            options = [
                c for c in pool if c not in given_so_far and c not in sheds and may_take(table, c.index)
            ]
            if not options:
                ok = False
                break
            card = rng.choice(sorted(options))
            taken[j] = card
            pool.discard(card)
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
