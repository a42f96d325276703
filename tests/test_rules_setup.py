"""Cards, trumps and their order, the deal, the auction, naming trump, the options, and bad input.

Covers sections 1 to 3 of docs/rules.rst, R-TRUMP-1 and the options of docs/options.rst, plus card
notation and how ``new_game``, ``legal_actions`` and ``apply`` refuse input that is not a move.
"""

from __future__ import annotations

import copy
import itertools
import pickle

import pytest

import pitch13
from helpers import card, deal, drive, events, refused
from pitch13 import (
    BLACK_JOKER,
    DECK,
    RED_JOKER,
    Bid,
    Card,
    CardParseError,
    Deal,
    Discard,
    GameState,
    IllegalActionError,
    IllegalReason,
    NameTrump,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    RulesError,
    Stop,
    Suit,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    shuffled_deck,
)
from pitch13.events import (
    AuctionWon,
    DeadCardsDiscarded,
    HandDealt,
    HandThrownIn,
    Refilled,
    ThrowInReason,
    TrickWon,
)
from pitch13.rules import (
    AllPass,
    DeuceTo,
    JokerOrder,
    LeadFallback,
    LookTake,
    MadeBidScores,
    MoonFailure,
    MoonSuccess,
    Pickup,
    ShortStock,
    TargetRule,
)
from pitch13.trumps import card_points, is_trump, trump_order, trump_power

HEARTS, DIAMONDS, CLUBS, SPADES = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES
NO_OFF_THREE = Rules(use_off_three=False)
FIXED_JOKERS = Rules(joker_order=JokerOrder.FIXED)


# --- helpers ---------------------------------------------------------------------------------


def cards(text):
    return parse_cards(text)


def bidding(rules=None, dealer=0):
    """A game in its first auction, dealt from a fixed shuffle (the cards do not matter here)."""
    return apply(new_game(rules or Rules(), dealer=dealer), Deal(shuffled_deck(1)))


def simple_policy(state):
    """The first seat with a choice bids the lowest bid; everything else takes the first legal action."""
    actions = legal_actions(state)
    if state.phase is Phase.BIDDING and state.high_bid is None:
        return next(a for a in actions if isinstance(a, Bid))
    return actions[0]


def ladder(trump, use_off_three=True):
    """R-RANK-1 written out: the trump order high to low, the two jokers as one level."""
    off = trump.off_suit.letter
    t = trump.letter
    levels = ["A" + t, "K" + t, "Q" + t, "J" + t, "J" + off, ("BJ", "RJ")]
    levels += [f"{r}{t}" for r in ("10", "9", "8", "7", "6", "5", "4", "3")]
    if use_off_three:
        levels.append("3" + off)
    levels.append("2" + t)
    return levels


def expected_trumps(trump, use_off_three=True):
    flat = []
    for level in ladder(trump, use_off_three):
        flat.extend(level if isinstance(level, tuple) else (level,))
    return cards(flat)


# A complete deal (dealer 0, hearts to be named by seat 1) where every seat keeps at most 6 trumps,
# so no R-DISC-2 discards happen; seat 1 receives the dead 2S in the refill.
SCENARIO_HANDS = {
    1: "AH KH QH JD 3D 2C 4C 5C 6C",
    2: "JH BJ RJ 7C 8C 9C 10C JC QC",
    3: "10H 9H 8H KC AC 2D 4D 5D 6D",
    0: "7H 6H 5H 7D 8D 9D 10D QD KD",
}
SCENARIO_STOCK = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS 4H 3H 2H QS KS AS 3C AD"


def scenario_trumped(rules=None):
    """The scenario after seat 1 bid 5 and named hearts (R-DISC-1 and the refill done)."""
    state = deal(SCENARIO_HANDS, stock=SCENARIO_STOCK, rules=rules)
    return drive(state, Bid(5), Pass(), Pass(), Pass(), NameTrump(HEARTS))


def scenario_play(rules=None):
    """The scenario at the first trick: bidder and partner stopped without looking."""
    state = scenario_trumped(rules)
    assert state.phase is Phase.LOOK
    state = drive(state, Stop(), Stop())
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    return state


def duel(first, second, rules=None, trump=HEARTS):
    """Play starts with only seats 1 and 2 holding trumps; seat 1 holds ``first``, seat 2 ``second``.

    Seats 3 and 0 hold only dead cards (and get dead cards in the refill), so they are out and
    each trick is seat 1's card then seat 2's card.
    """
    rules = rules or Rules()
    first, second = card(first), card(second)
    trumps = [c for c in DECK if is_trump(c, trump, rules)]
    dead = [c for c in DECK if not is_trump(c, trump, rules)]
    others = [c for c in trumps if c not in (first, second)]
    hands = {
        1: [first, *others[0:5], *dead[0:3]],
        2: [second, *others[5:10], *dead[3:6]],
        3: dead[6:15],
        0: dead[15:24],
    }
    state = deal(hands, stock=dead[24:36], rules=rules)
    state = drive(state, Bid(rules.min_bid), Pass(), Pass(), Pass(), NameTrump(trump))
    state = drive(state, Stop(), Stop())
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    return state


def duel_winner(first, second, rules=None, trump=HEARTS):
    state = duel(first, second, rules, trump)
    state = drive(state, Play(card(first)), Play(card(second)))
    (trick,) = state.tricks
    assert trick.cards == (card(first), card(second))
    return trick.winner


# --- R-DECK-1, R-DECK-2, R-DECK-3 -------------------------------------------------------------


def test_r_deck_1_deck_has_54_cards_52_standard_and_two_jokers():
    """R-DECK-1: 52 standard cards (4 suits x 13 ranks) and two jokers, each exactly once."""
    assert len(DECK) == 54
    assert len(set(DECK)) == 54
    suited = [c for c in DECK if not c.is_joker]
    assert {(c.rank, c.suit) for c in suited} == set(itertools.product(Rank, Suit))
    assert [c for c in DECK if c.is_joker] == [BLACK_JOKER, RED_JOKER]
    assert (str(BLACK_JOKER), str(RED_JOKER)) == ("BJ", "RJ")
    assert BLACK_JOKER.rank is None
    assert BLACK_JOKER.suit is None
    assert [c.index for c in DECK] == list(range(54))


def test_r_deck_2_colour_pairs_and_off_suit():
    """R-DECK-2: hearts pair with diamonds, spades with clubs; the off suit is the other of the colour."""
    assert HEARTS.off_suit is DIAMONDS
    assert DIAMONDS.off_suit is HEARTS
    assert SPADES.off_suit is CLUBS
    assert CLUBS.off_suit is SPADES


@pytest.mark.parametrize("trump", list(Suit))
@pytest.mark.parametrize("use_off_three", [True, False])
def test_r_deck_3_trumps_per_suit(trump, use_off_three):
    """R-DECK-3: 13 of the suit, the Jick, the off-three (if used) and both jokers; the rest is dead."""
    rules = Rules(use_off_three=use_off_three)
    off = trump.off_suit
    expected = {Card.of(rank, trump) for rank in Rank} | {Card.of(Rank.JACK, off), BLACK_JOKER, RED_JOKER}
    if use_off_three:
        expected.add(Card.of(Rank.THREE, off))
    assert len(expected) == (17 if use_off_three else 16) == rules.trump_count
    assert {c for c in DECK if is_trump(c, trump, rules)} == expected
    for c in DECK:
        if c not in expected:
            assert trump_power(c, trump, rules) is None
            assert card_points(c, trump, rules) == 0


def test_r_deck_3_off_three_is_dead_without_the_option():
    """R-DECK-3: without use_off_three the 3 of the off suit is an ordinary dead card."""
    assert is_trump(card("3D"), HEARTS, Rules())
    assert not is_trump(card("3D"), HEARTS, NO_OFF_THREE)
    assert trump_power(card("3D"), HEARTS, NO_OFF_THREE) is None
    assert is_trump(card("JD"), HEARTS, NO_OFF_THREE)


def test_r_deck_3_jick_and_off_three_belong_to_trump_not_their_printed_suit():
    """R-DECK-3: with hearts trump JD and 3D are trumps, every other diamond is dead; and vice versa."""
    for c in cards("2D 4D 5D 6D 7D 8D 9D 10D QD KD AD"):
        assert not is_trump(c, HEARTS)
    assert is_trump(card("JD"), HEARTS)
    assert is_trump(card("3D"), HEARTS)
    # With diamonds trump JD is the jack of trump and JH the Jick.
    assert trump_order(DIAMONDS)[3:5] == cards("JD JH")
    assert not is_trump(card("QH"), DIAMONDS)


def test_r_deck_3_jick_and_off_three_are_kept_when_dead_cards_are_discarded():
    """R-DECK-3 (with R-DISC-1): the bidder keeps JD and 3D under hearts; his clubs go as dead."""
    state = scenario_trumped()
    discards = {e.seat: e.cards for e in events(state, DeadCardsDiscarded)}
    assert discards == {
        1: cards("2C 4C 5C 6C"),
        2: cards("7C 8C 9C 10C JC QC"),
        3: cards("KC AC 2D 4D 5D 6D"),
        0: cards("7D 8D 9D 10D QD KD"),
    }
    assert set(cards("JD 3D")) <= set(state.hand(1))


def test_r_deck_3_without_off_three_the_off_three_is_discarded_as_dead():
    """R-DECK-3: without use_off_three the bidder's 3D is dead and discarded with his clubs."""
    state = scenario_trumped(NO_OFF_THREE)
    discards = {e.seat: e.cards for e in events(state, DeadCardsDiscarded)}
    assert discards[1] == cards("2C 4C 5C 6C 3D")
    assert card("3D") not in state.hand(1)
    assert card("JD") in state.hand(1)


def test_r_deck_3_dead_card_in_hand_can_never_be_played():
    """R-DECK-3 (and R-PLAY-1): the dead 2S received in the refill stays in hand but cannot be played."""
    state = scenario_play()
    refills = {e.seat: e.cards for e in events(state, Refilled)}
    assert refills[1] == cards("2S")
    assert state.hand(1) == cards("3D JD QH KH AH 2S")
    assert legal_actions(state) == tuple(Play(c) for c in cards("3D JD QH KH AH"))
    error = refused(state, Play(card("2S")), IllegalReason.NOT_A_TRUMP)
    assert error.seat == 1
    refused(state, Play(card("QD")), IllegalReason.NOT_IN_HAND)


def test_r_deck_3_dead_card_stays_unplayable_to_the_end_of_the_hand():
    """R-DECK-3: through the whole hand the dead 2S is never offered to seat 1 and never played."""
    state = scenario_play()
    offered = set()
    while state.phase is Phase.PLAY:
        actions = legal_actions(state)
        if state.to_act == 1:
            offered.update(a.card for a in actions)
            refused(state, Play(card("2S")), IllegalReason.NOT_A_TRUMP)
        state = apply(state, actions[0])
    assert len(state.results) == 1
    assert offered == set(cards("3D JD QH KH AH"))
    played = [c for trick_won in events(state, TrickWon) for c in trick_won.trick.cards]
    assert card("2S") not in played
    assert card("3D") in played


# --- R-RANK-1, R-RANK-2 ------------------------------------------------------------------------


@pytest.mark.parametrize("trump", list(Suit))
def test_r_rank_1_trump_order_full(trump):
    """R-RANK-1: A, K, Q, J, Jick, high joker, low joker, 10 .. 3, off-three, 2 (jokers BJ then RJ)."""
    assert trump_order(trump) == expected_trumps(trump)
    assert trump_order(trump, NO_OFF_THREE) == expected_trumps(trump, use_off_three=False)
    fixed = list(expected_trumps(trump))
    fixed[5:7] = [RED_JOKER, BLACK_JOKER]
    assert trump_order(trump, FIXED_JOKERS) == tuple(fixed)


def test_r_rank_1_trump_order_hearts_spelled_out():
    """R-RANK-1: the hearts order written out card by card."""
    assert trump_order(HEARTS) == cards("AH KH QH JH JD BJ RJ 10H 9H 8H 7H 6H 5H 4H 3H 3D 2H")
    assert trump_order(SPADES, NO_OFF_THREE) == cards("AS KS QS JS JC BJ RJ 10S 9S 8S 7S 6S 5S 4S 3S 2S")


@pytest.mark.parametrize("trump", list(Suit))
@pytest.mark.parametrize("rules", [Rules(), NO_OFF_THREE, FIXED_JOKERS], ids=["default", "no3", "fixed"])
def test_r_rank_1_trump_power_follows_the_order(trump, rules):
    """R-RANK-1, R-RANK-2: power strictly decreases along the order, except two equal first_played jokers."""
    levels = ladder(trump, rules.use_off_three)
    powers = []
    for level in levels:
        if isinstance(level, tuple):
            bj, rj = (trump_power(c, trump, rules) for c in cards(level))
            if rules.joker_order is JokerOrder.FIXED:
                assert rj > bj
                powers += [rj, bj]
            else:
                assert bj == rj
                powers.append(bj)
        else:
            powers.append(trump_power(card(level), trump, rules))
    assert all(p is not None for p in powers)
    assert powers == sorted(powers, reverse=True)
    assert len(set(powers)) == len(powers)


def _adjacent_pairs(trump=HEARTS, use_off_three=True):
    levels = ladder(trump, use_off_three)
    pairs = []
    for hi, lo in itertools.pairwise(levels):
        his = hi if isinstance(hi, tuple) else (hi,)
        los = lo if isinstance(lo, tuple) else (lo,)
        pairs += list(itertools.product(his, los))
    return pairs


@pytest.mark.parametrize(("high", "low"), _adjacent_pairs())
def test_r_rank_1_higher_trump_wins_the_trick_whoever_plays_first(high, low):
    """R-RANK-1: in a real trick the higher of two adjacent trumps wins, led or followed."""
    assert duel_winner(low, high) == 2
    assert duel_winner(high, low) == 1


@pytest.mark.parametrize(("high", "low"), [("JC", "BJ"), ("RJ", "10S"), ("3S", "3C"), ("3C", "2S")])
def test_r_rank_1_order_in_tricks_with_spades_trump(high, low):
    """R-RANK-1: with spades trump the Jick is JC and the off-three 3C, in their places."""
    assert duel_winner(low, high, trump=SPADES) == 2
    assert duel_winner(high, low, trump=SPADES) == 1


def test_r_rank_1_three_beats_two_without_off_three():
    """R-RANK-1: without the off-three the 3 is directly above the 2."""
    assert duel_winner("2H", "3H", NO_OFF_THREE) == 2
    assert duel_winner("3H", "2H", NO_OFF_THREE) == 1


def test_r_rank_1_four_card_trick():
    """R-RANK-1: Jick over joker over 10 over 7 in a trick of four; the Jick's team takes 3 points."""
    state = scenario_play()
    state = drive(state, *[Play(card(c)) for c in ("JD", "BJ", "10H", "7H")])
    (trick,) = state.tricks
    assert trick.winner == 1
    assert trick.points == (0, 3)
    assert state.to_act == 1
    # The next trick: the other joker beats the 9 and the 6, and takes the off-three's 3 points.
    state = drive(state, *[Play(card(c)) for c in ("3D", "RJ", "9H", "6H")])
    assert state.tricks[1].winner == 2
    assert state.tricks[1].points == (4, 0)
    assert state.points_taken == (4, 3)


@pytest.mark.parametrize(
    ("rules", "led", "followed", "winner"),
    [
        (Rules(), "BJ", "RJ", 1),
        (Rules(), "RJ", "BJ", 1),
        (FIXED_JOKERS, "BJ", "RJ", 2),
        (FIXED_JOKERS, "RJ", "BJ", 1),
    ],
    ids=["first_played-BJ-first", "first_played-RJ-first", "fixed-BJ-first", "fixed-RJ-first"],
)
def test_r_rank_2_jokers_led_and_followed(rules, led, followed, winner):
    """R-RANK-2: first_played: the earlier joker wins either way; fixed: RJ beats BJ whatever the order."""
    assert duel_winner(led, followed, rules) == winner


def _joker_trick(rules, second_seat_joker, third_seat_joker):
    """Seat 1 leads 10H, seat 2 and seat 3 play the two jokers, seat 0 plays 3H."""
    # Four trumps each; the 17th trump (JD) is at the bottom of the stock, never seen.
    hands = {
        1: "10H AH KH QH 2C 3C 4C 5C 6C",
        2: f"{second_seat_joker} 6H 5H 4H 7C 8C 9C 10C JC",
        3: f"{third_seat_joker} 9H 8H 7H QC KC AC 2D 4D",
        0: "2H 3H 3D JH 5D 6D 7D 8D 9D",
    }
    stock = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 10D QD KD AD JD"
    state = deal(hands, stock=stock, rules=rules)
    state = drive(state, Bid(4), Pass(), Pass(), Pass(), NameTrump(HEARTS), Stop(), Stop())
    assert (state.phase, state.to_act) == (Phase.PLAY, 1)
    state = drive(state, *[Play(card(c)) for c in ("10H", second_seat_joker, third_seat_joker, "3H")])
    (trick,) = state.tricks
    played = cards(f"10H {second_seat_joker} {third_seat_joker} 3H")
    assert trick.plays == tuple(zip((1, 2, 3, 0), played, strict=True))
    return trick


@pytest.mark.parametrize(
    ("rules", "second", "third", "winner", "points"),
    [
        (Rules(), "RJ", "BJ", 2, (6, 0)),
        (Rules(), "BJ", "RJ", 2, (6, 0)),
        (FIXED_JOKERS, "RJ", "BJ", 2, (6, 0)),
        (FIXED_JOKERS, "BJ", "RJ", 3, (0, 6)),
    ],
    ids=["first_played-RJ-BJ", "first_played-BJ-RJ", "fixed-RJ-BJ", "fixed-BJ-RJ"],
)
def test_r_rank_2_both_jokers_in_a_four_card_trick(rules, second, third, winner, points):
    """R-RANK-2: both jokers fall after a led 10: first_played gives it to the earlier, fixed to RJ."""
    trick = _joker_trick(rules, second, third)
    assert trick.winner == winner
    assert trick.points == points


# --- R-POINT-1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("trump", list(Suit))
@pytest.mark.parametrize("use_off_three", [True, False])
def test_r_point_1_card_points_for_every_card(trump, use_off_three):
    """R-POINT-1: A 1, J 1, Jick 1, each joker 1, 10 1, 3 3, off-three 3, 2 1; everything else 0."""
    rules = Rules(use_off_three=use_off_three)
    t, off = trump.letter, trump.off_suit.letter
    expected = {f"A{t}": 1, f"J{t}": 1, f"J{off}": 1, "BJ": 1, "RJ": 1, f"10{t}": 1, f"3{t}": 3, f"2{t}": 1}
    if use_off_three:
        expected[f"3{off}"] = 3
    expected_by_card = {card(k): v for k, v in expected.items()}
    for c in DECK:
        assert card_points(c, trump, rules) == expected_by_card.get(c, 0), c
    total = sum(card_points(c, trump, rules) for c in DECK)
    assert total == (13 if use_off_three else 10) == rules.points_total


def test_r_point_1_totals():
    """R-POINT-1: 13 points with the off-three, 10 without; only trumps score."""
    assert sum(card_points(c, HEARTS) for c in trump_order(HEARTS)) == 13
    assert sum(card_points(c, HEARTS, NO_OFF_THREE) for c in trump_order(HEARTS, NO_OFF_THREE)) == 10
    assert card_points(card("3D"), HEARTS) == 3
    assert card_points(card("3D"), HEARTS, NO_OFF_THREE) == 0
    assert card_points(card("QH"), HEARTS) == 0
    assert card_points(card("AD"), HEARTS) == 0


# --- R-DEAL-1 ----------------------------------------------------------------------------------


def test_r_deal_1_index_order_deck_dealt_by_seat_0():
    """R-DEAL-1: three cards at a time from the dealer's left, three rounds; the last 18 are the stock."""
    state = apply(new_game(dealer=0), Deal(DECK))
    assert state.hand(1) == cards("2C 3C 4C AC 2D 3D KD AD 2H")
    assert state.hand(2) == cards("5C 6C 7C 4D 5D 6D 3H 4H 5H")
    assert state.hand(3) == cards("8C 9C 10C 7D 8D 9D 6H 7H 8H")
    assert state.hand(0) == cards("JC QC KC 10D JD QD 9H 10H JH")
    assert state.stock == DECK[36:]
    assert state.stock[:3] == cards("QH KH AH")


def test_r_deal_1_index_order_deck_dealt_by_seat_2():
    """R-DEAL-1: with seat 2 dealing, seat 3 (his left) gets the first three cards."""
    state = apply(new_game(dealer=2), Deal(DECK))
    assert state.hand(3) == cards("2C 3C 4C AC 2D 3D KD AD 2H")
    assert state.hand(0) == cards("5C 6C 7C 4D 5D 6D 3H 4H 5H")
    assert state.hand(1) == cards("8C 9C 10C 7D 8D 9D 6H 7H 8H")
    assert state.hand(2) == cards("JC QC KC 10D JD QD 9H 10H JH")
    assert state.stock == DECK[36:]
    assert state.to_act == 3


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r_deal_1_documented_mapping_for_a_shuffled_order(dealer):
    """R-DEAL-1: seat s_k (k-th from the dealer's left) gets order[12r + 3(k-1) : 12r + 3k], r = 0..2."""
    order = shuffled_deck(2024, 3)
    state = apply(new_game(dealer=dealer), Deal(order))
    for k in range(1, 5):
        seat = (dealer + k) % 4
        expected = [c for r in range(3) for c in order[12 * r + 3 * (k - 1) : 12 * r + 3 * k]]
        assert state.hand(seat) == tuple(sorted(expected))
    assert state.stock == order[36:]
    (dealt,) = events(state, HandDealt)
    assert (dealt.hand_number, dealt.dealer, dealt.deck) == (1, dealer, order)


def test_r_deal_1_mapping_is_documented():
    """R-DEAL-1: new_game's docstring states the exact mapping."""
    doc = new_game.__doc__
    assert "order[12*r + 3*(k-1) : 12*r + 3*k]" in doc
    assert "order[36:]" in doc


# --- R-DEAL-2 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r_deal_2_first_dealer_is_a_parameter(dealer):
    """R-DEAL-2: new_game's dealer deals the first hand; his left bids first."""
    state = new_game(dealer=dealer)
    assert (state.dealer, state.first_dealer, state.hand_number) == (dealer, dealer, 1)
    state = apply(state, Deal(DECK))
    assert state.to_act == (dealer + 1) % 4


def test_r_deal_2_deal_passes_left_after_thrown_in_hands():
    """R-DEAL-2: with all_pass=redeal four passes throw the hand in; the next dealer is to the left."""
    state = new_game(Rules(all_pass=AllPass.REDEAL), dealer=3)
    for hand_number, dealer in [(1, 3), (2, 0), (3, 1), (4, 2), (5, 3)]:
        assert state.phase is Phase.DEAL
        assert (state.hand_number, state.dealer, state.first_dealer) == (hand_number, dealer, 3)
        state = apply(state, Deal(shuffled_deck(5, hand_number)))
        assert state.to_act == (dealer + 1) % 4
        state = drive(state, *[Pass()] * 4)
        assert events(state, HandThrownIn)[-1] == HandThrownIn(hand_number, ThrowInReason.ALL_PASSED)
    assert state.scores == (0, 0)
    assert state.results == ()


def test_r_deal_2_deal_passes_left_after_a_scored_hand():
    """R-DEAL-2: after a played and scored hand the next hand is dealt by the seat to the left."""
    state = new_game(dealer=2, seed=9)
    while state.hand_number == 1:
        state = apply(state, simple_policy(state))
    assert state.results[0].dealer == 2
    assert state.dealer == 3
    assert state.first_dealer == 2
    assert state.to_act == 0


# --- R-DEAL-3 ----------------------------------------------------------------------------------

GOLDEN_7_1 = "4D RJ 8D BJ QS 4H 3S 6H 2C 8S 7S 6D 4S 5H 5D AC 9D JC"


def _play_out(state, hands=2):
    while not state.is_over and state.hand_number <= hands:
        state = apply(state, simple_policy(state))
    return state


def test_r_deal_3_same_seed_same_game():
    """R-DEAL-3: two games with one seed are equal, and stay equal under the same moves."""
    a, b = new_game(seed=11), new_game(seed=11)
    assert a == b
    assert a.hands == b.hands
    a, b = _play_out(a), _play_out(b)
    assert a == b
    assert a.history == b.history
    assert a.results == b.results
    assert a.hand_number == 3


def test_r_deal_3_different_seeds_deal_differently():
    """R-DEAL-3: another seed gives other hands."""
    assert new_game(seed=11).hands != new_game(seed=12).hands
    assert shuffled_deck(11) != shuffled_deck(12)
    assert shuffled_deck(11, 1) != shuffled_deck(11, 2)


@pytest.mark.parametrize(("seed", "hand_number"), [(0, 1), (7, 1), (7, 2), (-3, 5), (2**70, 1)])
def test_r_deal_3_shuffled_deck_is_a_permutation(seed, hand_number):
    """R-DEAL-3: every shuffle is the 54 cards, each once, and is reproducible."""
    order = shuffled_deck(seed, hand_number)
    assert len(order) == 54
    assert sorted(order) == list(DECK)
    assert shuffled_deck(seed, hand_number) == order


def test_r_deal_3_shuffle_is_stable_golden():
    """R-DEAL-3: shuffled_deck(7, 1) is fixed forever (a change in the shuffle breaks saved games)."""
    assert shuffled_deck(7, 1)[:18] == cards(GOLDEN_7_1)
    assert shuffled_deck(7) == shuffled_deck(7, 1)


def test_r_deal_3_seeded_game_deals_the_seeded_shuffles():
    """R-DEAL-3: new_game(seed=s) deals shuffled_deck(s, n) for hand n."""
    state = new_game(seed=7)
    assert state.phase is Phase.BIDDING
    assert events(state, HandDealt)[0].deck == shuffled_deck(7, 1)
    seeded = apply(new_game(), Deal(shuffled_deck(7, 1)))
    assert seeded.hands == state.hands
    state = _play_out(state, hands=1)
    assert state.hand_number == 2
    assert events(state, HandDealt)[1] == HandDealt(2, 1, shuffled_deck(7, 2))


@pytest.mark.parametrize(
    ("order", "error", "match"),
    [
        (DECK[:53], ValueError, "not 53 cards"),
        ((*DECK, DECK[0]), ValueError, "not 55 cards"),
        ((*DECK[:53], DECK[0]), ValueError, "2C is there twice"),
        ((), ValueError, "not 0 cards"),
        ((*DECK[:53], "RJ"), TypeError, "item 53"),
        ("AH KH", TypeError, "sequence of 54 Cards"),
        (None, TypeError, "sequence of 54 Cards"),
        (54, TypeError, "sequence of 54 Cards"),
        (tuple(range(54)), TypeError, "item 0"),
        (itertools.cycle(DECK), ValueError, "54 cards in some order, not more$"),
    ],
    ids=["53", "55", "duplicate", "empty", "str-item", "str", "none", "int", "ints", "endless"],
)
def test_r_deal_3_deal_must_be_a_permutation(order, error, match):
    """R-DEAL-3: a Deal is a permutation of the 54 cards; anything else is refused when made."""
    with pytest.raises(error, match=match):
        Deal(order)


def test_r_deal_3_shuffled_deck_argument_types():
    """R-DEAL-3: the seed and hand number are ints."""
    with pytest.raises(TypeError, match="seed"):
        shuffled_deck("7")
    with pytest.raises(TypeError, match="hand_number"):
        shuffled_deck(7, 1.0)
    with pytest.raises(TypeError, match="seed"):
        shuffled_deck(True)


# --- R-BID-1 -----------------------------------------------------------------------------------


def test_r_bid_1_order_from_the_dealers_left_ending_with_dealer():
    """R-BID-1: with seat 2 dealing, seats 3, 0, 1, 2 act once each, then the auction ends."""
    state = bidding(dealer=2)
    seen = []
    for action in [Bid(4), Pass(), Bid(6), Pass()]:
        seen.append(state.to_act)
        state = apply(state, action)
    assert seen == [3, 0, 1, 2]
    assert state.phase is Phase.TRUMP
    assert state.bids == (0, 6, 0, 4)
    assert (state.bidder, state.bid, state.to_act) == (1, 6, 1)
    assert events(state, AuctionWon) == [AuctionWon(1, 6)]


def test_r_bid_1_bids_track_who_has_acted():
    """R-BID-1: bids shows each seat's call (0 for a pass, None before it acts); no bidder yet."""
    state = bidding()
    assert state.bids == (None, None, None, None)
    state = drive(state, Bid(5), Pass())
    assert state.bids == (None, 5, 0, None)
    assert state.high_bid == 5
    assert state.bidder is None
    assert state.bid is None
    assert state.to_act == 3


def test_r_bid_1_legal_actions_at_the_start():
    """R-BID-1: Pass, then every bid from min_bid to max_bid, low to high."""
    assert legal_actions(bidding()) == (Pass(), *(Bid(n) for n in range(4, 14)))
    rules = Rules(min_bid=2, max_bid=9, dealer_forced_min_bid=3)
    assert legal_actions(bidding(rules)) == (Pass(), *(Bid(n) for n in range(2, 10)))
    assert legal_actions(bidding(NO_OFF_THREE)) == (Pass(), *(Bid(n) for n in range(4, 11)))


def test_r_bid_1_legal_actions_after_a_bid_are_strictly_higher():
    """R-BID-1: after a 7 the next seat may pass or bid 8 to 13."""
    state = apply(bidding(), Bid(7))
    assert legal_actions(state) == (Pass(), *(Bid(n) for n in range(8, 14)))


def test_r_bid_1_bid_must_be_strictly_higher():
    """R-BID-1: equalling or going under the high bid is BID_TOO_LOW; one more is fine."""
    state = apply(bidding(), Bid(6))
    error = refused(state, Bid(6), IllegalReason.BID_TOO_LOW)
    assert "at least 7" in str(error)
    refused(state, Bid(5), IllegalReason.BID_TOO_LOW)
    assert apply(state, Bid(7)).high_bid == 7


def test_r_bid_1_bid_range():
    """R-BID-1: below min_bid is BID_TOO_LOW, above max_bid BID_TOO_HIGH."""
    state = bidding()
    refused(state, Bid(3), IllegalReason.BID_TOO_LOW)
    refused(state, Bid(0), IllegalReason.BID_TOO_LOW)
    refused(state, Bid(14), IllegalReason.BID_TOO_HIGH)
    assert apply(state, Bid(4)).high_bid == 4
    assert apply(state, Bid(13)).high_bid == 13
    low = bidding(Rules(min_bid=1, dealer_forced_min_bid=1, max_bid=8))
    assert apply(low, Bid(1)).high_bid == 1
    refused(low, Bid(9), IllegalReason.BID_TOO_HIGH)


def test_r_bid_1_seat_may_outbid_its_partner():
    """R-BID-1: seat 3 outbids its partner seat 1; the highest bid wins the auction."""
    state = drive(bidding(), Bid(5), Pass(), Bid(6), Pass())
    assert (state.bidder, state.bid) == (3, 6)
    assert state.to_act == 3


def test_r_bid_1_early_high_bid_wins_when_the_rest_pass():
    """R-BID-1: the first seat's bid stands when everyone after passes (dealer included)."""
    state = drive(bidding(), Bid(4), Pass(), Pass(), Pass())
    assert (state.phase, state.bidder, state.bid, state.to_act) == (Phase.TRUMP, 1, 4, 1)
    assert state.bids == (0, 4, 0, 0)


# --- R-BID-2 -----------------------------------------------------------------------------------


def test_r_bid_2_dealer_forced_after_three_passes():
    """R-BID-2: the dealer may not pass (MUST_BID); he bids from dealer_forced_min_bid (5) up."""
    state = drive(bidding(), Pass(), Pass(), Pass())
    assert state.to_act == 0
    assert legal_actions(state) == tuple(Bid(n) for n in range(5, 14))
    error = refused(state, Pass(), IllegalReason.MUST_BID)
    assert error.seat == 0
    refused(state, Bid(4), IllegalReason.BID_TOO_LOW)
    state = apply(state, Bid(5))
    assert (state.phase, state.bidder, state.bid) == (Phase.TRUMP, 0, 5)


def test_r_bid_2_dealer_forced_min_bid_option():
    """R-BID-2: dealer_forced_min_bid sets the dealer's lowest forced bid."""
    state = drive(bidding(Rules(dealer_forced_min_bid=7), dealer=1), Pass(), Pass(), Pass())
    assert state.to_act == 1
    assert legal_actions(state) == tuple(Bid(n) for n in range(7, 14))
    refused(state, Bid(6), IllegalReason.BID_TOO_LOW)
    assert apply(state, Bid(7)).bidder == 1


def test_r_bid_2_dealer_not_forced_when_someone_bid():
    """R-BID-2: the force applies only when all three passed; otherwise the dealer may pass."""
    state = drive(bidding(), Pass(), Bid(4), Pass())
    assert legal_actions(state) == (Pass(), *(Bid(n) for n in range(5, 14)))
    assert apply(state, Pass()).bidder == 2


def test_r_bid_2_redeal_option_lets_the_dealer_pass_and_throws_in():
    """R-BID-2: with all_pass=redeal the dealer may pass; the hand is thrown in and the deal passes left."""
    rules = Rules(all_pass=AllPass.REDEAL)
    state = drive(bidding(rules), Pass(), Pass(), Pass())
    assert legal_actions(state) == (Pass(), *(Bid(n) for n in range(4, 14)))
    state = apply(state, Pass())
    assert state.phase is Phase.DEAL
    assert (state.hand_number, state.dealer, state.scores) == (2, 1, (0, 0))
    assert events(state, HandThrownIn) == [HandThrownIn(1, ThrowInReason.ALL_PASSED)]
    assert events(state, AuctionWon) == []


def test_r_bid_2_redeal_keeps_the_scores():
    """R-BID-2: a thrown-in hand leaves the scores and the results as they were."""
    state = new_game(Rules(all_pass=AllPass.REDEAL), dealer=0, seed=3)
    while state.hand_number == 1:
        state = apply(state, simple_policy(state))
    scores, results = state.scores, state.results
    assert scores != (0, 0)
    assert len(results) == 1
    state = drive(state, *[Pass()] * 4)
    assert state.scores == scores
    assert state.results == results
    assert (state.hand_number, state.dealer, state.phase) == (3, 2, Phase.BIDDING)
    assert events(state, HandThrownIn) == [HandThrownIn(2, ThrowInReason.ALL_PASSED)]


# --- R-BID-3 -----------------------------------------------------------------------------------


def test_r_bid_3_nobody_can_bid_over_the_moon():
    """R-BID-3: after a bid of max_bid the others may only pass; a higher bid is BID_TOO_HIGH."""
    state = apply(bidding(), Bid(13))
    for seat in (2, 3):
        assert state.to_act == seat
        assert legal_actions(state) == (Pass(),)
        error = refused(state, Bid(14), IllegalReason.BID_TOO_HIGH)
        assert "13" in str(error)
        refused(state, Bid(13), IllegalReason.BID_TOO_LOW)
        state = apply(state, Pass())
    assert legal_actions(state) == (Pass(),)
    refused(state, Bid(14), IllegalReason.BID_TOO_HIGH)
    state = apply(state, Pass())
    assert (state.bidder, state.bid) == (1, 13)


def test_r_bid_3_moon_is_max_bid_of_the_rules():
    """R-BID-3: with max_bid 10 (classic), 10 is the moon and 11 is BID_TOO_HIGH."""
    state = apply(bidding(Rules.classic_ten_point()), Bid(10))
    assert legal_actions(state) == (Pass(),)
    refused(state, Bid(11), IllegalReason.BID_TOO_HIGH)


# --- R-BID-4 -----------------------------------------------------------------------------------


def test_r_bid_4_dealer_may_match_when_allowed():
    """R-BID-4: with dealer_may_match the dealer may equal the high bid and takes the auction."""
    rules = Rules(dealer_may_match=True)
    state = drive(bidding(rules), Bid(7), Pass(), Pass())
    assert legal_actions(state) == (Pass(), *(Bid(n) for n in range(7, 14)))
    state = apply(state, Bid(7))
    assert (state.bidder, state.bid) == (0, 7)
    assert events(state, AuctionWon) == [AuctionWon(0, 7)]


def test_r_bid_4_only_the_dealer_may_match():
    """R-BID-4: a non-dealer must still bid strictly higher, even with dealer_may_match."""
    state = apply(bidding(Rules(dealer_may_match=True)), Bid(7))
    refused(state, Bid(7), IllegalReason.BID_TOO_LOW)
    assert legal_actions(state) == (Pass(), *(Bid(n) for n in range(8, 14)))


def test_r_bid_4_dealer_may_match_a_moon():
    """R-BID-4 (with R-BID-3): the dealer may even match a bid of max_bid."""
    state = drive(bidding(Rules(dealer_may_match=True)), Pass(), Bid(13), Pass())
    assert legal_actions(state) == (Pass(), Bid(13))
    state = apply(state, Bid(13))
    assert (state.bidder, state.bid) == (0, 13)


def test_r_bid_4_dealer_may_not_match_by_default():
    """R-BID-4: without dealer_may_match (the default) the dealer must bid higher."""
    assert Rules().dealer_may_match is False
    state = drive(bidding(), Bid(7), Pass(), Pass())
    assert legal_actions(state) == (Pass(), *(Bid(n) for n in range(8, 14)))
    refused(state, Bid(7), IllegalReason.BID_TOO_LOW)
    state = drive(bidding(), Pass(), Bid(13), Pass())
    assert legal_actions(state) == (Pass(),)


def test_r_bid_4_forced_dealer_with_match_still_forced():
    """R-BID-4, R-BID-2: with nothing to match, the forced dealer bids from dealer_forced_min_bid."""
    state = drive(bidding(Rules(dealer_may_match=True)), Pass(), Pass(), Pass())
    assert legal_actions(state) == tuple(Bid(n) for n in range(5, 14))


def test_r_bid_4_r_bid_2_with_nothing_bid_a_dealer_who_may_match_bids_from_min_bid_or_passes():
    """R-BID-4, R-BID-2: under all_pass=redeal there is no high bid to match when the three seats
    before the dealer passed: the dealer may pass (the hand is thrown in) or bid from min_bid."""
    rules = Rules(dealer_may_match=True, all_pass="redeal")
    state = drive(bidding(rules), Pass(), Pass(), Pass())
    assert legal_actions(state) == (Pass(), *(Bid(n) for n in range(rules.min_bid, 14)))
    refused(state, Bid(rules.min_bid - 1), IllegalReason.BID_TOO_LOW)
    state = apply(state, Pass())
    assert events(state, HandThrownIn) == [HandThrownIn(1, ThrowInReason.ALL_PASSED)]


# --- R-TRUMP-1 ---------------------------------------------------------------------------------

TRUMP_HANDS = {
    1: "AH KH QH JH 10H 9H 8H 7H 6H",
    2: "2C 3C 4C 5C 6C 7C 8C 9C 10C",
    3: "AD KD QD JD 10D 9D 8D 7D 6D",
    0: "AS KS QS JS 10S 9S 8S 7S 6S",
}
TRUMP_STOCK = "5H 4H 3H 2H JC QC KC AC 5D 4D 3D 2D 5S 4S 3S 2S BJ RJ"


def _auction_won_by_seat_1():
    state = deal(TRUMP_HANDS, stock=TRUMP_STOCK)
    state = drive(state, Bid(6), Pass(), Pass(), Pass())
    assert (state.phase, state.to_act) == (Phase.TRUMP, 1)
    return state


def test_r_trump_1_bidder_may_name_any_of_the_four_suits():
    """R-TRUMP-1: the legal actions are the four suits, in suit order; only the bidder names."""
    state = _auction_won_by_seat_1()
    assert legal_actions(state) == tuple(NameTrump(s) for s in (CLUBS, DIAMONDS, HEARTS, SPADES))
    refused(state, Pass(), IllegalReason.WRONG_PHASE)
    refused(state, NameTrump(HEARTS), IllegalReason.NOT_YOUR_TURN, seat=2)


@pytest.mark.parametrize(
    ("suit", "discarder", "bidder_keeps"),
    [
        (SPADES, 0, ""),
        (CLUBS, 2, ""),
        (DIAMONDS, 3, "JH"),
        (HEARTS, 1, "6H 7H 8H 9H 10H JH QH KH AH"),
    ],
)
def test_r_trump_1_bidder_names_a_suit_even_one_he_holds_none_of(suit, discarder, bidder_keeps):
    """R-TRUMP-1: naming is accepted whatever the bidder holds; R-DISC-1 follows and the hand moves on."""
    state = apply(_auction_won_by_seat_1(), NameTrump(suit))
    assert state.trump is suit
    assert state.bidder == 1
    # R-DISC-1 happened for every seat; the seat holding nine trumps must now shed (R-DISC-2).
    assert [e.seat for e in events(state, DeadCardsDiscarded)] == [1, 2, 3, 0]
    assert state.hand(1) == cards(bidder_keeps)
    assert (state.phase, state.to_act) == (Phase.DISCARD, discarder)
    assert all(isinstance(a, Discard) for a in legal_actions(state))


# --- section 9: Rules --------------------------------------------------------------------------

DEFAULTS = {
    "use_off_three": True,
    "joker_order": JokerOrder.FIRST_PLAYED,
    "min_bid": 4,
    "max_bid": 13,
    "all_pass": AllPass.DEALER_FORCED,
    "dealer_forced_min_bid": 5,
    "dealer_may_match": False,
    "pickup": Pickup.POINT_CARDS,
    "short_stock": ShortStock.DEAL_WHAT_IS_LEFT,
    "look_take": LookTake.ANY_TRUMP,
    "partner_look": True,
    "lead_fallback": LeadFallback.PARTNER,
    "deuce_to": DeuceTo.PLAYER,
    "made_bid_scores": MadeBidScores.POINTS_TAKEN,
    "moon_success": MoonSuccess.WIN_GAME,
    "moon_failure": MoonFailure.MINUS_BID,
    "target": 54,
    "target_rule": TargetRule.GREATER_THAN,
}

ALTERNATIVES = {
    "joker_order": ["first_played", "fixed"],
    "all_pass": ["dealer_forced", "redeal"],
    "pickup": ["point_cards", "any_trump", "none"],
    "short_stock": ["deal_what_is_left", "redeal"],
    "look_take": ["any_trump", "point_cards_only", "any_card"],
    "lead_fallback": ["partner", "left"],
    "deuce_to": ["player", "trick_winner"],
    "made_bid_scores": ["points_taken", "bid_amount"],
    "moon_success": ["win_game", "score_points"],
    "moon_failure": ["minus_bid", "lose_game"],
    "target_rule": ["greater_than", "at_least"],
}


def test_section_9_defaults_equal_the_table():
    """Section 9: every default is the table's; 13 points and 17 trumps."""
    rules = Rules()
    assert {name: getattr(rules, name) for name in DEFAULTS} == DEFAULTS
    assert (rules.points_total, rules.trump_count) == (13, 17)


@pytest.mark.parametrize(
    ("name", "value"), [(name, value) for name, values in ALTERNATIVES.items() for value in values]
)
def test_section_9_enum_options_accept_members_and_string_values(name, value):
    """Section 9: each alternative of the table is accepted as its enum member and as its string."""
    enum_type = type(DEFAULTS[name])
    member = enum_type(value)
    by_string = Rules(**{name: value})
    by_member = Rules(**{name: member})
    assert getattr(by_string, name) is member
    assert by_string == by_member
    assert {m.value for m in enum_type} == set(ALTERNATIVES[name])


@pytest.mark.parametrize("name", ["use_off_three", "dealer_may_match", "partner_look"])
def test_section_9_bool_options_accept_both_values(name):
    """Section 9: the bool options take True and False."""
    assert getattr(Rules(**{name: True}), name) is True
    assert getattr(Rules(**{name: False}), name) is False


@pytest.mark.parametrize(
    "changes",
    [
        {"min_bid": 1, "dealer_forced_min_bid": 1},
        {"min_bid": 13, "dealer_forced_min_bid": 13},
        {"max_bid": 5},
        {"max_bid": 10, "use_off_three": False},
        {"max_bid": 7, "min_bid": 2, "dealer_forced_min_bid": 7},
        {"dealer_forced_min_bid": 4},
        {"dealer_forced_min_bid": 13},
        {"target": 1},
        {"target": 500},
    ],
)
def test_section_9_int_options_accept_their_ranges(changes):
    """Section 9: min_bid 1..max_bid, max_bid up to the total, forced bid min_bid..max_bid, target > 0."""
    rules = Rules(**changes)
    for name, value in changes.items():
        assert getattr(rules, name) == value


def test_section_9_max_bid_defaults_to_the_points_total():
    """Section 9: max_bid is 13 with the off-three and 10 without."""
    assert Rules().max_bid == 13
    assert Rules(use_off_three=False).max_bid == 10
    assert (NO_OFF_THREE.points_total, NO_OFF_THREE.trump_count) == (10, 16)


@pytest.mark.parametrize(
    ("changes", "option"),
    [
        ({"min_bid": 0}, "min_bid"),
        ({"min_bid": 14}, "min_bid"),
        ({"max_bid": 14}, "max_bid"),
        ({"max_bid": 0}, "max_bid"),
        ({"max_bid": 11, "use_off_three": False}, "max_bid"),
        ({"dealer_forced_min_bid": 3}, "dealer_forced_min_bid"),
        ({"dealer_forced_min_bid": 14}, "dealer_forced_min_bid"),
        ({"max_bid": 8, "dealer_forced_min_bid": 9}, "dealer_forced_min_bid"),
        ({"min_bid": 6, "dealer_forced_min_bid": 5}, "dealer_forced_min_bid"),
        ({"target": 0}, "target"),
        ({"target": -54}, "target"),
        ({"target": 1_000_001}, "target"),
        ({"use_off_three": 1}, "use_off_three"),
        ({"dealer_may_match": 0}, "dealer_may_match"),
        ({"partner_look": "yes"}, "partner_look"),
        ({"joker_order": "random"}, "joker_order"),
        ({"pickup": "everything"}, "pickup"),
        ({"target_rule": "GREATER_THAN"}, "target_rule"),
        ({"deuce_to": DeuceTo}, "deuce_to"),
        ({"all_pass": ShortStock.REDEAL}, "all_pass"),
        ({"min_bid": "4"}, "min_bid"),
        ({"min_bid": True}, "min_bid"),
        ({"target": 54.0}, "target"),
        ({"max_bid": None}, "max_bid"),
    ],
)
def test_section_9_invalid_rules_raise_rules_error_naming_the_option(changes, option):
    """Section 9: invalid values and combinations raise RulesError (a ValueError) naming the option."""
    with pytest.raises(RulesError, match=option) as info:
        Rules(**changes)
    assert isinstance(info.value, ValueError)
    assert info.value.option == option
    again = pickle.loads(pickle.dumps(info.value))  # as it comes back from a worker process
    assert (type(again), str(again), again.option) == (RulesError, str(info.value), option)


def test_section_9_rules_options_are_keyword_only_and_frozen():
    """Section 9: a Rules value is immutable and hashable; options are keyword-only."""
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.target = 10
    with pytest.raises(TypeError):
        Rules(False)
    assert hash(Rules()) == hash(Rules(target=54))
    assert Rules(target=60) != Rules()


def test_section_9_rules_replace():
    """Section 9: replace makes a validated copy; the original is untouched."""
    rules = Rules(dealer_may_match=True)
    changed = rules.replace(target=100, joker_order="fixed")
    assert (changed.target, changed.joker_order, changed.dealer_may_match) == (100, JokerOrder.FIXED, True)
    assert (rules.target, rules.joker_order) == (54, JokerOrder.FIRST_PLAYED)
    assert Rules().replace() == Rules()
    with pytest.raises(RulesError, match="min_bid"):
        rules.replace(min_bid=0)
    with pytest.raises(RulesError, match="no_such_option") as info:
        rules.replace(no_such_option=1)
    assert info.value.option is None  # a name that is no option's


def test_section_9_rules_replace_max_bid_follows_points_total():
    """Section 9: turning the off-three off moves a default max_bid to 10, but not a chosen one."""
    assert Rules().replace(use_off_three=False).max_bid == 10
    assert Rules.classic_ten_point().replace(use_off_three=True).max_bid == 13
    assert Rules(max_bid=9).replace(use_off_three=False).max_bid == 9
    with pytest.raises(RulesError, match="max_bid"):
        Rules(max_bid=12).replace(use_off_three=False)


def test_section_9_preset_default():
    """Section 9: Rules.default() is every option at its default."""
    assert Rules.default() == Rules()
    assert {name: getattr(Rules.default(), name) for name in DEFAULTS} == DEFAULTS


def test_section_9_preset_classic_ten_point():
    """Section 9: classic 10-point pitch: no off-three, max bid 10, game at 52 or more."""
    classic = Rules.classic_ten_point()
    changed = {"use_off_three": False, "max_bid": 10, "target": 52, "target_rule": TargetRule.AT_LEAST}
    assert {name: getattr(classic, name) for name in DEFAULTS} == {**DEFAULTS, **changed}
    assert (classic.points_total, classic.trump_count) == (10, 16)
    state = new_game(classic, seed=1)
    assert legal_actions(state)[-1] == Bid(10)


# --- card notation -----------------------------------------------------------------------------


@pytest.mark.parametrize("c", DECK, ids=str)
def test_notation_round_trip_for_every_card(c):
    """Card notation: parse(str(card)) and parse(card.pretty) give the same card, lowercase too."""
    assert Card.parse(str(c)) is c
    assert Card.parse(str(c).lower()) is c
    assert Card.parse(c.pretty) is c
    assert Card.from_index(c.index) is c
    if not c.is_joker:
        assert Card.of(c.rank, c.suit) is c
        assert str(c) == c.rank.label + c.suit.letter
        assert c.pretty == c.rank.label + c.suit.symbol


def test_notation_examples():
    """Card notation: "T" and "10" are both ten, printed as 10; suit symbols; jokers."""
    assert Card.parse("TS") is Card.parse("10S") is Card.parse("10s") is Card.parse("ts")
    assert str(Card.parse("TS")) == "10S"
    assert Card.parse("A♥") is Card.parse("AH")
    assert Card.parse("q♡") is Card.parse("QH")
    assert Card.parse("10♣") is Card.parse("T♣") is Card.parse("10C")
    assert Card.parse(" 7d ") is Card.parse("7D")
    assert Card.parse("bj") is BLACK_JOKER
    assert Card.parse("Rj") is RED_JOKER
    assert [card(t).pretty for t in ("AH", "10S", "2C", "QD", "BJ", "RJ")] == [
        "A♥",
        "10♠",
        "2♣",
        "Q♦",
        "BJ",
        "RJ",
    ]
    assert repr(Card.parse("10s")) == "Card.parse('10S')"
    assert (card("AH").rank, card("AH").suit) == (Rank.ACE, HEARTS)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "too short"),
        ("H", "too short"),
        ("1H", "unknown rank '1'"),
        ("11H", "unknown rank '11'"),
        ("AX", "unknown suit 'X'"),
        ("ZZZ", "unknown suit 'Z'"),
        ("JJ", "unknown suit 'J'"),
    ],
)
def test_notation_parse_errors(text, message):
    """Card notation: text that is not a card raises CardParseError (a ValueError) saying why."""
    with pytest.raises(CardParseError, match=message) as info:
        Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 5, b"AH", ["AH"]])
def test_notation_parse_needs_a_str(value):
    """Card notation: Card.parse of a non-str is a TypeError."""
    with pytest.raises(TypeError, match="str"):
        Card.parse(value)


def test_card_cannot_be_constructed_directly():
    """Card notation: cards are only made by parse, of and from_index."""
    with pytest.raises(TypeError, match=r"Card\.parse"):
        Card()
    with pytest.raises(TypeError):
        Card("AH")
    with pytest.raises(TypeError):
        Card.of(14, 2)
    with pytest.raises(ValueError, match=r"0\.\.53"):
        Card.from_index(54)
    with pytest.raises(TypeError):
        Card.from_index(True)


def test_card_is_immutable():
    """Card notation: a card cannot be changed."""
    with pytest.raises(AttributeError):
        card("AH")._index = 3
    with pytest.raises(AttributeError):
        del card("AH")._index


def test_cards_are_ordered_and_hashed_by_index():
    """Card notation: ordering and hashing follow Card.index (clubs, diamonds, hearts, spades, BJ, RJ)."""
    assert sorted(shuffled_deck(3)) == list(DECK)
    assert card("AC") < card("2D") < card("AS") < BLACK_JOKER < RED_JOKER
    assert card("KH") > card("QH") >= card("QH")
    assert card("2C") <= card("2C") < card("3C")
    assert [hash(c) for c in DECK] == list(range(54))
    assert {card("ah"): 1}[Card.parse("AH")] == 1
    assert len({card("10s"), card("TS"), card("10♠")}) == 1
    with pytest.raises(TypeError):
        card("AH") < 5  # noqa: B015
    assert card("AH") != "AH"


def test_cards_survive_pickle_and_copy_as_the_same_object():
    """Card notation: pickling and copying give back the very same interned card."""
    for c in (card("AH"), card("10S"), BLACK_JOKER, RED_JOKER):
        assert pickle.loads(pickle.dumps(c)) is c
        assert copy.copy(c) is c
        assert copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(DECK)) == DECK


def test_parse_cards():
    """Card notation: parse_cards reads whitespace- or comma-separated text, or an iterable of str."""
    assert parse_cards("AH 10S bj") == (card("AH"), card("10S"), BLACK_JOKER)
    assert parse_cards("AH,KH, QH") == cards("AH KH QH")
    assert parse_cards(["2c", "TD"]) == (card("2C"), card("10D"))
    assert parse_cards("") == ()
    with pytest.raises(CardParseError, match="unknown rank"):
        parse_cards("AH 1H")
    with pytest.raises(TypeError, match="parse_cards\\(\\) takes a str or an iterable of str, not int"):
        parse_cards(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a card is parsed from a str, not int"):
        parse_cards(["AH", 5])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^parse_cards\(\) takes a str or an iterable of str, not bytes$"):
        parse_cards(b"AH KH")  # type: ignore[arg-type]


# --- bad input at new_game, legal_actions and apply --------------------------------------------


def _bidding_twin():
    return drive(deal(SCENARIO_HANDS, stock=SCENARIO_STOCK), Bid(5))


def _play_twin():
    return scenario_play()


def _chance_twin():
    return new_game(Rules(), dealer=1)


def test_bad_input_twins_are_equal_and_differ_after_a_move():
    """Bad input: identically built states are equal, and a legal move makes them differ (the check works)."""
    assert _bidding_twin() == _bidding_twin()
    assert _play_twin() == _play_twin()
    assert apply(_bidding_twin(), Pass()) != _bidding_twin()


@pytest.mark.parametrize("build", [_chance_twin, _bidding_twin, _play_twin])
@pytest.mark.parametrize("action", ["AH", None, 5, Card.parse("AH"), Suit.HEARTS, Pass])
def test_bad_input_non_action_is_a_type_error(build, action):
    """Bad input: apply with something that is not an action raises TypeError; the state is unchanged."""
    state = build()
    with pytest.raises(TypeError, match="action"):
        apply(state, action)
    assert state == build()


@pytest.mark.parametrize("not_a_state", [None, "state", 0, Rules()])
def test_bad_input_non_state_is_a_type_error(not_a_state):
    """Bad input: apply and legal_actions take a GameState only."""
    with pytest.raises(TypeError, match="GameState"):
        apply(not_a_state, Pass())
    with pytest.raises(TypeError, match="GameState"):
        legal_actions(not_a_state)


def test_bad_input_bad_seat_argument():
    """Bad input: seat= must be None or a seat, as everywhere: not an int is a TypeError, out of range a ValueError."""
    state = _bidding_twin()
    for seat in ("2", True, 2.0, None.__class__):
        with pytest.raises(TypeError, match="a seat is an int from 0 to 3"):
            apply(state, Pass(), seat=seat)
    for seat in (4, -1, 10**40):
        with pytest.raises(ValueError, match="a seat is an int from 0 to 3") as info:
            apply(state, Pass(), seat=seat)
        assert not isinstance(info.value, pitch13.IllegalActionError)
        assert len(str(info.value)) < 80
    assert state == _bidding_twin()


@pytest.mark.parametrize("seat", [0, 1, 3])
def test_bad_input_wrong_seat_is_not_your_turn(seat):
    """Bad input: seat= given and not the seat to act: NOT_YOUR_TURN; the state is unchanged."""
    state = _bidding_twin()
    assert state.to_act == 2
    error = refused(state, Pass(), IllegalReason.NOT_YOUR_TURN, seat=seat)
    assert error.seat == seat
    assert "seat 2's turn" in str(error)
    assert state == _bidding_twin()
    assert apply(state, Pass(), seat=2).to_act == 3


def test_bad_input_wrong_seat_in_play_is_not_your_turn():
    """Bad input: a play claimed by the wrong seat is NOT_YOUR_TURN, even with a card of that seat."""
    state = _play_twin()
    refused(state, Play(card("JH")), IllegalReason.NOT_YOUR_TURN, seat=2)
    assert state == _play_twin()


@pytest.mark.parametrize("build", [_bidding_twin, _play_twin])
def test_bad_input_deal_when_already_dealt(build):
    """Bad input: a Deal during a hand is ALREADY_DEALT, naming the seat that claimed it if one
    did; the state is unchanged."""
    state = build()
    error = refused(state, Deal(DECK), IllegalReason.ALREADY_DEALT)
    assert "already dealt" in str(error)
    for seat in range(4):
        assert refused(state, Deal(DECK), IllegalReason.ALREADY_DEALT, seat=seat).seat == seat
    assert state == build()


@pytest.mark.parametrize("action", [Pass(), Bid(5), Play(card("AH")), NameTrump(HEARTS), Stop()])
def test_bad_input_non_deal_at_a_chance_node(action):
    """Bad input: any seat action before the deal is AWAITING_DEAL; legal_actions is empty."""
    state = _chance_twin()
    assert state.is_chance
    assert legal_actions(state) == ()
    error = refused(state, action, IllegalReason.AWAITING_DEAL)
    assert error.seat is None
    assert state == _chance_twin()


def test_bad_input_deal_with_a_seat_is_not_your_turn():
    """Bad input: chance deals, so a Deal claimed by a seat is NOT_YOUR_TURN."""
    state = _chance_twin()
    refused(state, Deal(DECK), IllegalReason.NOT_YOUR_TURN, seat=2)
    assert state == _chance_twin()


@pytest.mark.parametrize("action", [Play(card("AH")), NameTrump(HEARTS), Discard(card("AH")), Stop()])
def test_bad_input_action_of_another_phase_is_wrong_phase(action):
    """Bad input: a play (or any non-bidding action) in the bidding phase is WRONG_PHASE."""
    state = _bidding_twin()
    error = refused(state, action, IllegalReason.WRONG_PHASE)
    assert "bidding" in str(error)
    assert state == _bidding_twin()


def test_bad_input_bid_in_the_play_phase_is_wrong_phase():
    """Bad input: a bid during play is WRONG_PHASE; the state is unchanged."""
    state = _play_twin()
    refused(state, Bid(6), IllegalReason.WRONG_PHASE)
    refused(state, Pass(), IllegalReason.WRONG_PHASE)
    assert state == _play_twin()


def test_bad_input_refused_moves_leave_the_state_unchanged():
    """Bad input: after every kind of refusal the state still equals its twin and still plays on."""
    state = _bidding_twin()
    history = state.history
    for action in (Bid(5), Bid(14), Bid(3), Deal(DECK), Play(card("AH"))):
        with pytest.raises(IllegalActionError):
            apply(state, action)
    assert state == _bidding_twin()
    assert state.history == history
    assert state.high_bid == 5
    assert state.to_act == 2
    assert apply(state, Bid(6)).high_bid == 6


def test_bad_input_action_constructors_check_their_arguments():
    """Bad input: actions refuse arguments of the wrong type when made."""
    with pytest.raises(TypeError):
        Play("AH")
    with pytest.raises(TypeError):
        Bid("5")
    with pytest.raises(TypeError):
        Bid(True)
    with pytest.raises(TypeError):
        NameTrump("H")


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"dealer": 4}, ValueError, "dealer"),
        ({"dealer": -1}, ValueError, "dealer"),
        ({"dealer": "0"}, TypeError, "dealer"),
        ({"dealer": True}, TypeError, "dealer"),
        ({"dealer": 1.0}, TypeError, "dealer"),
        ({"seed": "7"}, TypeError, "seed"),
        ({"seed": 7.0}, TypeError, "seed"),
        ({"seed": False}, TypeError, "seed"),
        ({"rules": "default"}, TypeError, "rules"),
        ({"rules": {"target": 54}}, TypeError, "rules"),
        ({"rules": Rules}, TypeError, "rules"),
    ],
)
def test_bad_input_new_game_arguments(kwargs, error, match):
    """Bad input: new_game refuses a bad dealer, seed or rules."""
    with pytest.raises(error, match=match):
        new_game(**kwargs)


def test_bad_input_new_game_defaults():
    """new_game() with no arguments: default rules, seat 0 dealing, no seed, waiting for the deal."""
    state = new_game()
    assert isinstance(state, GameState)
    assert (state.rules, state.dealer, state.seed, state.phase) == (Rules(), 0, None, Phase.DEAL)
    assert state.to_act is None
    assert not state.is_over
    assert state.history == ()
