"""The two weightings of sample_state: uniform over placements, and as a uniform shuffle deals.

One arranged hand (hearts trump, dealer 0), seen by seat 0 at the start of play:

* seat 1 is dealt 1 trump (AH) and 8 dead cards: it keeps 1 trump and receives 5 refill cards;
* seat 2 is dealt 6 trumps and 3 dead cards: it keeps 6 and receives nothing;
* seat 3 is dealt 4 trumps and 5 dead cards: it keeps 4 and receives 2;
* seat 0, the bidder, is dealt 4 trumps and 5 dead cards and receives 2 dead cards;
* seat 0 and its partner stop without looking: the last 9 stock cards go dead, unseen.

Seat 0 sees 27 cards it cannot place: 13 trumps and 14 dead cards, in hand 1 (6), hand 2 (6, all
trumps: it received nothing), hand 3 (6) and the unseen dead pile (9).

Under a uniform shuffle, seat 1's 5 refill cards are 5 of the 16 cards that are neither a kept
trump nor seen by seat 0 (the stock after seat 0's refill, in a uniform order): 2 trumps and 14
dead cards. So seat 1 holds 1 + X trumps, X hypergeometric: P(X = k) = comb(2, k) comb(14, 5 - k)
/ comb(16, 5).

Uniform over placements, the 7 trumps hand 2 does not take spread over hand 1 (at least 1:
at most 5 dead cards), hand 3 (at least 4) and the dead pile, each split (t1, t3, td) weighted by
comb(6, t1) comb(6, t3) comb(9, td).
"""

from __future__ import annotations

import collections
import fractions
import itertools
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import CHI2_CRITICAL_P001, card, chi_square, drive
from pitch13 import PASS, STOP, TURN_UP, Bid, GiveUp, NameTrump, Rules, Suit, new_game, sample_state, view
from pitch13._core.masks import mask_of
from pitch13._info import weights as shuffle_weights
from pitch13._info.knowledge import hand_logs, infer, own_hand
from pitch13.testing import arranged_deck
from pitch13.trumps import is_trump
from profiles import examples, more

HEARTS = Suit.HEARTS


def arranged_hand():
    deck = arranged_deck(
        {
            0: "KH QH JH 10H 2C 3C 4C 5C 6C",
            1: "AH 7C 8C 9C 10C JC QC KC AC",
            2: "9H 8H 7H 6H 5H 4H 2D 4D 5D",
            3: "3H 2H JD 3D 6D 7D 8D 9D 10D",
        },
        dealer=0,
        stock="QD KD AD 2S 3S 4S 5S 6S 7S BJ RJ 8S 9S 10S JS QS KS AS",
    )
    state = new_game(Rules(), dealer=0)
    state = drive(state, deck, (1, PASS), (2, PASS), (3, PASS), (0, Bid(5)), (0, NameTrump(HEARTS)))
    return drive(state, (0, STOP), (2, STOP))


def trumps_in_hand(state, seat):
    return sum(1 for c in state.hand(seat) if is_trump(c, HEARTS))


def test_the_arranged_hand_is_as_described():
    state = arranged_hand()
    assert state.phase.value == "play" and state.to_act == 0
    assert [trumps_in_hand(state, s) for s in range(4)] == [4, 1, 6, 4]
    assert [len(state.hand(s)) for s in range(4)] == [6, 6, 6, 6]
    seen = view(state, 0)
    assert len(seen.unseen) == 27
    assert sum(1 for c in seen.unseen if is_trump(c, HEARTS)) == 13
    assert card("BJ") in seen.unseen


def shuffle_shares():
    total = math.comb(16, 5)
    return {1 + k: math.comb(2, k) * math.comb(14, 5 - k) / total for k in range(3)}


def placement_shares():
    weights = collections.Counter()
    for t1 in range(1, 7):
        for t3 in range(4, 7):
            td = 7 - t1 - t3
            if 0 <= td <= 9:
                weights[t1] += math.comb(6, t1) * math.comb(6, t3) * math.comb(9, td)
    total = sum(weights.values())
    return {t: w / total for t, w in weights.items()}


@pytest.mark.parametrize(
    ("weighting", "shares"), [("shuffle", shuffle_shares()), ("placements", placement_shares())]
)
def test_sample_state_weights_the_trumps_of_a_seat_as_documented(weighting, shares):
    """Seat 1's trumps in 800 samples follow each weighting's law (chi-square, p = 0.001)."""
    seen = view(arranged_hand(), 0)
    rng = random.Random(1201)
    counts = collections.Counter()
    for _ in range(more(800)):
        sample = sample_state(seen, rng, weighting=weighting)
        assert view(sample, 0) == seen
        assert trumps_in_hand(sample, 2) == 6
        counts[trumps_in_hand(sample, 1)] += 1
    dof = len(shares) - 1
    assert chi_square(counts, shares) < CHI2_CRITICAL_P001[dof], (weighting, counts, shares)


def test_the_two_weightings_differ_here():
    """The laws are far apart, so the test above tells them apart.

    The shuffle expects 1 + 5 * 2/16 trumps in seat 1's hand, the placements fewer; 1,500 samples
    drawn by one law would be refused by the other's test by a wide margin (and 800 too).
    """
    shuffle, placements = shuffle_shares(), placement_shares()
    assert sum(t * p for t, p in shuffle.items()) == pytest.approx(1 + 5 * 2 / 16)
    assert sum(t * p for t, p in placements.items()) < 1.5
    expected = collections.Counter({t: 1500 * p for t, p in shuffle.items()})
    assert chi_square(expected, placements) > 5 * CHI2_CRITICAL_P001[2]


def test_sample_state_refuses_an_unknown_weighting():
    seen = view(arranged_hand(), 0)
    with pytest.raises(ValueError, match='"placements" or "shuffle"'):
        sample_state(seen, random.Random(1), weighting="uniform")


# --- trumps given up face up in the look -------------------------------------------------------
#
# Dealer 3; seat 0 bids 5 and names hearts. Seat 0 is dealt 4 trumps and 5 dead cards, seat 1
# (the viewer) 6 trumps and 3 dead cards, seats 2 and 3 one trump and 8 dead cards each. The
# refill gives seat 0 two cards and seats 2 and 3 five each. Seat 0 turns up a card and takes it,
# giving up 4H (face up, R-LOOK-4), then another, giving up 5H, and stops; seat 2 stops; 4 stock
# cards go dead unseen. Seat 1 cannot place 9 trumps: in hand 0 (6 cards), hands 2 and 3 (6 each)
# and the unseen dead pile (4).
#
# Under a uniform shuffle, a split (t0, t2, t3, td) of those 9 trumps weighs, beside the ways to
# choose the cards, f0(t0) * t2 * t3: seats 2 and 3 have t ways to tell which trump they kept,
# and f0 counts seat 0's ways to tell which of its t0 + 2 trumps (4H and 5H among them) it kept
# (4), and which of the cards it held beside them it took at each of the two takes. 4H, given up
# at the first take, was in the hand before it, so was not taken; 5H may have been taken at the
# first take, not at the second. Counted case by case (which of 4H and 5H were kept):


def f0_any_trump(t):
    """Seat 0's ways when only trumps may be taken (the takes are trumps, the rest refill)."""
    return (
        math.comb(t, 2) * (t - 2) * (t - 3)  # both kept: two takes of the other t - 2 trumps
        + math.comb(t, 3) * (t - 3) ** 2  # 4H kept: 5H then another, or two others
        + math.comb(t, 3) * (t - 3) * (t - 4)  # 5H kept: two others (4H came in the refill)
        + math.comb(t, 4) * (t - 4) ** 2  # neither: 5H then another, or two others
    )


def f0_any_card(t):
    """Seat 0's ways when any card may be taken: the 4 cards beside the kept ones fill the two
    takes and the two refill places."""
    return (
        math.comb(t, 2) * 4 * 3  # both kept: any two of the 4 others, in order
        + math.comb(t, 3) * (3 + 3 * 2)  # 4H kept: 5H first and any other second, or no 5H
        + math.comb(t, 3) * 3 * 2  # 5H kept: two of the three that are not 4H
        + math.comb(t, 4) * (2 + 2 * 1)  # neither: 5H first and another second, or neither
    )


def f0_points_only_plain_given(t, u):
    """Under point_cards_only, with 4H and 5H given up: they are no point cards, so neither was
    taken; the two takes are two of its unseen point cards that were not kept, in order."""
    return sum(
        math.comb(u, b) * math.comb(t + 2 - u, 4 - b) * (u - b) * (u - b - 1) for b in range(min(4, u) + 1)
    )


def f0_points_only_points_given(t, u):
    """Under point_cards_only, with AH and then 10H given up (both point cards, both counted in
    its u + 2 point cards): AH was not taken, 10H may have been at the first take. ``b`` is the
    number of its unseen point cards kept, ``r`` those left to take."""
    total = 0
    for b in range(u + 1):
        r, ways = u - b, math.comb(u, b)
        plain = t - u  # its unseen trumps that are not point cards
        total += ways * math.comb(plain, 2 - b) * r * (r - 1) if b <= 2 else 0  # both kept
        total += ways * math.comb(plain, 3 - b) * r * r if b <= 3 else 0  # AH kept: 10H first, or not
        total += ways * math.comb(plain, 3 - b) * r * (r - 1) if b <= 3 else 0  # 10H kept
        total += ways * math.comb(plain, 4 - b) * r * r if b <= 4 else 0  # neither
    return total


#: For each rule and pair of trumps given up: seat 0's count as a function of (t, u), its unseen
#: trumps and point cards; the most dead cards it may hold; the unseen point cards and the other
#: unseen trumps.
GAVE_UP = {
    ("any_trump", "4H 5H"): (lambda t, u: f0_any_trump(t), 2, 7, 2),
    ("any_card", "4H 5H"): (lambda t, u: f0_any_card(t), 4, 7, 2),
    ("point_cards_only", "4H 5H"): (f0_points_only_plain_given, 2, 7, 2),
    ("point_cards_only", "AH 10H"): (f0_points_only_points_given, 2, 5, 4),
}


def f0_any_card_dead_given(t, u):
    """Under any_card, with a dead card given up face down at the first take (KS, unseen by
    seat 1) and 5H face up at the second: the dead card came in the refill; 5H may have been
    taken at the first take. Its t + 1 trumps hold the 4 kept; the 4 cards beside them (the dead
    card, and 5H unless kept) fill the two takes and the two refill places."""
    return math.comb(t, 3) * 3 * 2 + math.comb(t, 4) * (2 + 2 * 1)  # 5H kept, or not


#: As GAVE_UP, for a position whose weights alone are checked.
WEIGHTS_ONLY = {("any_card", "KS 5H"): (f0_any_card_dead_given, 3, 7, 3)}


def gave_up_face_up(look_take, given):
    """Seat 1's view of the hand above, at the first trick, the two trumps ``given`` given up."""
    first, second = given.split()
    deck = arranged_deck(
        {
            0: "AH 4H 5H 10H 2C 3C 4C 5C 6C",
            1: "KH QH JH 9H 8H RJ 7C 8C 9C",
            2: "7H 10C JC QC KC AC 2S 3S 4S",
            3: "6H 5S 6S 7S 8S 9S 10S JS QS",
        },
        dealer=3,
        stock="KS AS 2D 4D 5D 6D 7D 8D 9D 10D QD KD 3H 2H",
    )
    state = drive(new_game(Rules(look_take=look_take), dealer=3), deck, (0, Bid(5)), (1, PASS), (2, PASS))
    state = drive(state, (3, PASS), (0, NameTrump(HEARTS)), (0, TURN_UP), (0, GiveUp(card(first))))
    state = drive(state, (0, TURN_UP), (0, GiveUp(card(second))), (0, STOP), (2, STOP))
    assert state.phase.value == "play"
    return view(state, 1)


def gave_up_shares(case):
    """The law of seat 0's trumps under a uniform shuffle: each split of the unseen trumps (t)
    and point cards (u) over hands 0, 2, 3 and the dead pile, weighed by the ways to choose its
    cards and by each seat's count. Seat 0 holds at most 2 dead cards (its refill), or 4 (its
    refill and takes) when any card may be taken."""
    f0, most_dead, points, plain = GAVE_UP[case]
    weights = collections.Counter()
    for t0, t2, t3 in itertools.product(range(6 - most_dead, 7), range(1, 7), range(1, 7)):
        td = 9 - t0 - t2 - t3
        if not 0 <= td <= 4:
            continue
        ways = math.comb(6, t0) * math.comb(6, t2) * math.comb(6, t3) * math.comb(4, td)
        for u0, u2, u3 in itertools.product(range(t0 + 1), range(t2 + 1), range(t3 + 1)):
            ud = points - u0 - u2 - u3
            if 0 <= ud <= td and t0 + t2 + t3 + td - points == plain:
                split = math.comb(t0, u0) * math.comb(t2, u2) * math.comb(t3, u3) * math.comb(td, ud)
                weights[t0] += ways * split * f0(t0, u0) * t2 * t3
    total = sum(weights.values())
    return {t: w / total for t, w in weights.items() if w}


@pytest.mark.parametrize("case", [*GAVE_UP, *WEIGHTS_ONLY])
def test_r_look_4_the_shuffle_weighting_counts_the_order_of_the_look(case):
    """R-LOOK-2, R-LOOK-4: a trump given up face up was in the hand before its take, so it was
    not the card taken there, nor at a later take; under point_cards_only only point cards were
    taken. Seat 0's weights are the count above, for every number of unseen trumps and point
    cards it may hold (a factor common to all of them aside)."""
    seen = gave_up_face_up(*case)
    (log,) = hand_logs(seen.history)
    rules = seen.rules
    knowledge = infer(log, rules, 1, mask_of(own_hand(log, 1)))
    table = log.table(rules)
    places = list(knowledge.places)
    factors = shuffle_weights.shuffle_factors(log, rules, places, table, knowledge.held_masks, seen.unseen)
    (factor,) = [f for info, f in zip(places, factors, strict=True) if info.place.seat == 0]
    f0, most_dead, points, plain = {**GAVE_UP, **WEIGHTS_ONLY}[case]
    pairs = [(t, u) for t in range(6 - most_dead, 7) for u in range(max(0, t - plain), min(t, points) + 1)]
    if isinstance(factor, shuffle_weights.PointsLook):
        counted = {(t, u): factor.ways(t, u) for t, u in pairs}
        for t in range(7):  # the place's weight: the most for its number of trumps
            most = max((f0(t, u) for u in range(max(0, t - plain), min(t, points) + 1)), default=0)
            assert (factor(t) == 0) == (most == 0)
    else:
        counted = {(t, u): factor(t) for t, u in pairs}
    assert all((counted[pair] == 0) == (f0(*pair) == 0) for pair in pairs)
    assert sum(f0(*pair) > 0 for pair in pairs) >= 3
    ratios = {fractions.Fraction(counted[pair], f0(*pair)) for pair in pairs if f0(*pair)}
    assert len(ratios) == 1, ratios


@pytest.mark.parametrize("case", list(GAVE_UP))
def test_sample_state_weights_trumps_given_up_face_up_as_a_shuffle(case):
    """Seat 0's trumps in samples drawn with weighting="shuffle" follow the law above
    (chi-square, p = 0.001)."""
    seen = gave_up_face_up(*case)
    shares = gave_up_shares(case)
    rng = random.Random(77)
    counts = collections.Counter()
    for _ in range(more(1200)):
        sample = sample_state(seen, rng, weighting="shuffle")
        assert view(sample, 1) == seen
        counts[trumps_in_hand(sample, 0)] += 1
    assert chi_square(counts, shares) < CHI2_CRITICAL_P001[len(shares) - 1], (counts, shares)


# --- the counts against a brute-force count of a seat's origins ------------------------------


def brute_origins(plain, points, dead, kept, taken, given, takeable):
    """The ways a seat came by its cards, counted one by one: which of its trumps were kept from
    the deal (``kept``), and which card was taken at each of the ``taken`` takes, a card given up
    at take ``d`` (``given``: ``(d, kind)``, kind "P" a point card, "T" another trump, "D" a dead
    card) not at that take or a later one. ``plain``, ``points`` and ``dead`` count all its cards
    of each kind, the given ones among them; ``takeable`` is the kinds the look lets it take."""
    cards = [(kind, i) for i, (_, kind) in enumerate(given)]
    deadline = {card: d for card, (d, _) in zip(cards, given, strict=True)}
    left = {"P": points, "T": plain, "D": dead}
    for _, kind in given:
        left[kind] -= 1
    cards += [(kind, (kind, j)) for kind in "PTD" for j in range(left[kind])]
    trumps = [c for c in cards if c[0] != "D"]
    total = 0
    for kept_cards in itertools.combinations(trumps, kept):
        rest = [c for c in cards if c not in kept_cards and c[0] in takeable]
        for takes in itertools.permutations(rest, taken):
            total += all(deadline.get(card, taken) > step for step, card in enumerate(takes))
    return total


@examples(100, deadline=None)
@given(
    look_take=st.sampled_from(["any_trump", "any_card", "point_cards_only"]),
    taken=st.integers(1, 3),
    kept=st.integers(0, 4),
    received=st.integers(0, 3),
    kinds=st.lists(st.sampled_from("PTD"), min_size=3, max_size=3),
    played_points=st.integers(0, 1),
    played_plain=st.integers(0, 1),
)
def test_the_weights_of_a_seat_are_a_brute_force_count_of_its_origins(
    look_take, taken, kept, received, kinds, played_points, played_plain
):
    """R-LOOK-2, R-LOOK-4: for every number of unseen trumps t and point cards u among them, a
    seat's weight is the number of ways it came by its cards, counted one by one (a factor common
    to every (t, u) aside): under any_trump and any_card for each t, under point_cards_only for
    each (t, u)."""
    takeable = {"any_trump": "PT", "any_card": "PTD", "point_cards_only": "P"}[look_take]
    # One card given up at each take: dead cards (face down) only when any card may be taken.
    given = [
        (d, kind if kind != "D" or look_take == "any_card" else "T") for d, kind in enumerate(kinds[:taken])
    ]
    given_points = [d for d, kind in given if kind == "P"]
    given_trumps = [d for d, kind in given if kind != "D"]
    given_dead = [d for d, kind in given if kind == "D"]
    points_outside = len(given_points) + played_points
    outside = len(given_trumps) + played_points + played_plain
    unseen = kept + received + taken - outside - len(given_dead)  # the cards of its hand unseen
    if unseen < 0:
        return
    if look_take == "point_cards_only":
        look = (outside, points_outside, kept, taken, tuple(given_points))
        factor = shuffle_weights.PointsLook(look, points=unseen, plain=unseen)
        ways = factor.ways
    else:
        count = shuffle_weights.origin_ways(
            outside, kept, taken, received, given_trumps, given_dead, look_take == "any_card"
        )

        def ways(t, u):
            return count(t)

    pairs = [(t, u) for t in range(unseen + 1) for u in range(t + 1)]
    counted = {}
    for t, u in pairs:
        plain = outside - points_outside + t - u
        dead = unseen - t + len(given_dead)
        counted[t, u] = brute_origins(plain, points_outside + u, dead, kept, taken, given, takeable)
    assert all((ways(*pair) == 0) == (counted[pair] == 0) for pair in pairs), counted
    ratios = {fractions.Fraction(ways(*pair), counted[pair]) for pair in pairs if counted[pair]}
    assert len(ratios) <= 1, ratios
