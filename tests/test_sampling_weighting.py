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
import math
import random

import pytest

from helpers import CHI2_CRITICAL_P001, card, chi_square, drive
from pitch13 import PASS, STOP, Bid, NameTrump, Rules, Suit, new_game, sample_state, view
from pitch13.testing import arranged_deck
from pitch13.trumps import is_trump
from profiles import more

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
