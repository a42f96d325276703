"""The phases between naming trump and the first trick: R-DISC-*, R-PICK-1, R-FILL-*, R-LOOK-*.

Every situation is built with an arranged deck. Unless a test says otherwise the dealer is
seat 0, so the order "from the dealer's left" is seats 1, 2, 3, 0, and hearts are trump: the
trumps are the 13 hearts, the Jick JD, the off-three 3D and the jokers BJ and RJ.
"""

from __future__ import annotations

import pytest

import helpers
from helpers import SHORT_HANDS, SHORT_STOCK, card, drive, events, refused
from pitch13 import (
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Discard,
    GiveUp,
    IllegalReason,
    NameTrump,
    Phase,
    Play,
    Rules,
    Stop,
    Suit,
    Take,
    legal_actions,
    parse_cards,
    view_delta,
)
from pitch13.events import (
    CardRejected,
    DeadCardsDiscarded,
    HandThrownIn,
    Refilled,
    StockDiscarded,
    StockHandedOver,
    ThrowInReason,
    TrickWon,
)
from pitch13.testing import arranged_deck

# --- helpers -----------------------------------------------------------------------------------

#: The three seats before dealer 0 pass and the dealer is forced to bid (R-BID-2).
DEALER_BIDS = (PASS, PASS, PASS, Bid(5))


def cards(text):
    """The cards of ``text`` as a set."""
    return set(parse_cards(text))


def deal(hands, *, dealer=0, stock="", rules=None):
    """A new game dealt from an arranged deck; every seat's 9 cards must be listed."""
    assert sorted(hands) == [0, 1, 2, 3]
    assert all(len(parse_cards(h)) == 9 for h in hands.values())
    return drive(helpers.deal(hands, dealer=dealer, stock=stock, rules=rules))


def name_trump(hands, *, dealer=0, stock="", rules=None, bids=DEALER_BIDS, trump=Suit.HEARTS):
    """Deal, run the auction with ``bids`` and name ``trump``."""
    return drive(deal(hands, dealer=dealer, stock=stock, rules=rules), *bids, NameTrump(trump))


def play_out(state):
    """Play the current hand to its end, always choosing the first legal card."""
    while state.phase is Phase.PLAY:
        state = drive(state, legal_actions(state)[0])
    return state


# --- R-DISC-1 ----------------------------------------------------------------------------------

# Nobody holds more than 6 trumps. The refill takes 14 stock cards and leaves 4.
BASIC_HANDS = {
    0: "AH KH 2C 3C 4C 5C 6C 7C 8C",
    1: "JD 3D BJ RJ 9C 10C JC QC KD",
    2: "QH JH 10H AC 2S 3S 4S 5S 6S",
    3: "9H 7S 8S 9S 10S JS QS KS AS",
}
BASIC_KEPT = {0: "AH KH", 1: "JD 3D BJ RJ", 2: "QH JH 10H", 3: "9H"}
BASIC_DEAD = {
    0: "2C 3C 4C 5C 6C 7C 8C",
    1: "9C 10C JC QC KD",
    2: "AC 2S 3S 4S 5S 6S",
    3: "7S 8S 9S 10S JS QS KS AS",
}
BASIC_STOCK = "2D 8H 4D 7H 5D 6H 6D 7D 5H 4H 8D 9D 3H 10D 2H QD KC AD"


@pytest.mark.parametrize("dealer", [0, 2])
def test_r_disc_1_dead_cards_go_face_up_to_the_middle_automatically(dealer):
    """R-DISC-1: right after trump is named, every seat discards exactly its dead cards, in order
    from the dealer's left, with no action asked of anyone."""
    state = name_trump(BASIC_HANDS, dealer=dealer, stock=BASIC_STOCK)

    items = [entry.item for entry in state.history]
    start = items.index(NameTrump(Suit.HEARTS)) + 1
    discarded = items[start : start + 4]
    assert all(isinstance(event, DeadCardsDiscarded) for event in discarded)
    order = [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    assert [event.seat for event in discarded] == order
    for event in discarded:
        assert len(event.cards) == len(parse_cards(BASIC_DEAD[event.seat]))
        assert set(event.cards) == cards(BASIC_DEAD[event.seat])
    assert events(state, DeadCardsDiscarded) == discarded

    all_dead = set().union(*(cards(text) for text in BASIC_DEAD.values()))
    assert set(state.middle) == all_dead
    assert state.takeable == ()
    # What is left of each hand is its trumps, plus what the refill gave it.
    refilled = {event.seat: set(event.cards) for event in events(state, Refilled)}
    for seat in range(4):
        assert set(state.hand(seat)) == cards(BASIC_KEPT[seat]) | refilled[seat]
    # Nobody held more than 6 trumps, so no seat was asked to act before the look-through.
    assert state.phase is Phase.LOOK


def test_r_disc_1_keeps_jick_off_three_and_jokers():
    """R-DISC-1, R-DECK-3: the Jick (JD), the off-three (3D) and both jokers are trumps and stay in
    the hand; the other diamond (KD) is dead and goes to the middle."""
    state = name_trump(BASIC_HANDS, stock=BASIC_STOCK)
    seat_1 = next(event for event in events(state, DeadCardsDiscarded) if event.seat == 1)
    assert set(seat_1.cards) == cards("9C 10C JC QC KD")
    assert cards("JD 3D BJ RJ") <= set(state.hand(1))
    assert not cards("JD 3D BJ RJ") & set(state.middle)


def test_r_disc_1_off_suit_three_is_dead_without_off_three():
    """R-DISC-1, R-DECK-3: with use_off_three false the 3 of the off suit is an ordinary dead card
    and is discarded; the Jick and the jokers are still kept."""
    state = name_trump(BASIC_HANDS, stock=BASIC_STOCK, rules=Rules(use_off_three=False))
    seat_1 = next(event for event in events(state, DeadCardsDiscarded) if event.seat == 1)
    assert set(seat_1.cards) == cards("3D 9C 10C JC QC KD")
    assert card("3D") in state.middle
    assert card("3D") not in state.hand(1)
    assert cards("JD BJ RJ") <= set(state.hand(1))


# --- R-DISC-2 ----------------------------------------------------------------------------------

DISCARD_OTHERS = {
    2: "5H 4H 3H 4C 5C 6C 7C 8C 9C",
    3: "2H JD 10C JC QC KC AC 2D 4D",
    0: "3D BJ RJ 5D 6D 7D 8D 9D 10D",
}


@pytest.mark.parametrize(
    ("seat_1", "shed"),
    [
        ("AH KH QH JH 10H 9H 8H 2C 3C", "KH"),
        ("AH KH QH JH 10H 9H 8H 7H 2C", "KH QH"),
        ("AH KH QH JH 10H 9H 8H 7H 6H", "KH QH 9H"),
    ],
    ids=["7 trumps", "8 trumps", "9 trumps"],
)
def test_r_disc_2_seat_with_excess_sheds_one_trump_at_a_time_down_to_6(seat_1, shed):
    """R-DISC-2: a seat holding 7, 8 or 9 trumps discards trumps of its choice one at a time until
    it holds 6; while it does, its legal actions are exactly a Discard of each card in hand."""
    state = name_trump({1: seat_1, **DISCARD_OTHERS})
    before = state
    for shed_card in parse_cards(shed):
        assert state.phase is Phase.DISCARD
        assert state.to_act == 1
        hand = state.hand(1)
        assert len(hand) > 6
        actions = legal_actions(state)
        assert len(actions) == len(hand)
        assert set(actions) == {Discard(c) for c in hand}
        state = drive(state, (1, Discard(shed_card)))
        assert shed_card not in state.hand(1)
        assert shed_card in state.middle
    assert state.phase is not Phase.DISCARD
    assert len(state.hand(1)) == 6 + sum(e.count for e in events(state, Refilled) if e.seat == 1)
    assert set(state.hand(1)) == cards(seat_1) - cards("2C 3C") - cards(shed)
    # Only seat 1 discarded, and exactly the cards it chose.
    discards = [(s, a) for s, a in state.actions[len(before.actions) :] if isinstance(a, Discard)]
    assert discards == [(1, Discard(card)) for card in parse_cards(shed)]


# Dealer 2: the dealer's left is seat 3. Seats 3 and 0 each hold 7 trumps.
DISCARD_ORDER_HANDS = {
    3: "AH KH QH JH 10H 9H 8H 2C 3C",
    0: "7H 6H 5H 4H 3H 2H JD 4C 5C",
    1: "3D 6C 7C 8C 9C 10C JC QC KC",
    2: "BJ RJ AC 2D 4D 5D 6D 7D 8D",
}


def discard_order_state():
    return name_trump(DISCARD_ORDER_HANDS, dealer=2)


def test_r_disc_2_seats_with_excess_act_in_turn_from_dealers_left():
    """R-DISC-2: seats with excess discard in turn from the dealer's left (seat 3 before seat 0
    when seat 2 deals); seats with 6 or fewer trumps are never asked."""
    state = discard_order_state()
    assert state.phase is Phase.DISCARD
    assert state.to_act == 3
    refused(state, Discard(card("4H")), IllegalReason.NOT_YOUR_TURN, seat=0)
    state = drive(state, (3, Discard(card("KH"))))
    assert state.phase is Phase.DISCARD
    assert state.to_act == 0
    assert set(legal_actions(state)) == {Discard(c) for c in parse_cards("7H 6H 5H 4H 3H 2H JD")}
    refused(state, Discard(card("3D")), IllegalReason.NOT_YOUR_TURN, seat=1)
    refused(state, Discard(card("BJ")), IllegalReason.NOT_YOUR_TURN, seat=2)
    state = drive(state, (0, Discard(card("4H"))))
    assert state.phase is Phase.LOOK
    assert [s for s, a in state.actions if isinstance(a, Discard)] == [3, 0]


def test_r_disc_2_discard_of_a_card_not_in_hand_is_refused():
    """R-DISC-2: the seat may only shed a card of its own hand (NOT_IN_HAND): not another seat's
    trump, not a dead card already in the middle."""
    state = discard_order_state()
    refused(state, Discard(card("4H")), IllegalReason.NOT_IN_HAND)  # seat 0's
    refused(state, Discard(card("2C")), IllegalReason.NOT_IN_HAND)  # in the middle
    refused(state, Discard(card("3H")), IllegalReason.NOT_IN_HAND, seat=3)


def test_r_disc_2_no_discard_phase_without_excess():
    """R-DISC-2: when no seat holds more than 6 trumps nobody discards a trump: the hand goes
    straight on, and a Discard is refused as out of phase."""
    state = name_trump(BASIC_HANDS, stock=BASIC_STOCK)
    assert not any(isinstance(a, Discard) for _, a in state.actions)
    assert state.phase is Phase.LOOK
    refused(state, Discard(card("AH")), IllegalReason.WRONG_PHASE)


# --- R-PICK-1 ----------------------------------------------------------------------------------

# Seat 1 holds 9 trumps and sheds 3; seat 2 has no trump, seat 3 five, seat 0 (the bidder) three.
PICK_HANDS = {
    1: "AH JH 10H 3H KH QH 9H 8H 7H",
    2: "2C 3C 4C 5C 6C 7C 8C 9C 10C",
    3: "6H 5H 4H 2H BJ JC QC KC AC",
    0: "JD 3D RJ 2S 3S 4S 5S 6S 7S",
}


def shed(shed_cards, rules=None):
    """Name hearts with PICK_HANDS and let seat 1 shed ``shed_cards``."""
    state = name_trump(PICK_HANDS, rules=rules)
    return drive(state, *((1, Discard(card)) for card in parse_cards(shed_cards)))


def test_r_pick_1_shed_point_cards_can_be_taken_in_one_pass_from_dealers_left():
    """R-PICK-1: the shed point cards (AH, 10H, not KH) may be taken; the pass starts at the
    dealer's left, skips seat 1 (it holds 6), a seat's turn ends when it reaches 6 cards."""
    state = shed("AH 10H KH")
    assert state.phase is Phase.PICKUP
    assert set(state.takeable) == cards("AH 10H")
    assert cards("AH 10H KH") <= set(state.middle)
    assert state.to_act == 2  # seat 1 holds 6 cards and is skipped
    take_ah, take_10h = Take(card("AH")), Take(card("10H"))
    assert legal_actions(state) == (STOP, take_10h, take_ah)
    refused(state, take_ah, IllegalReason.NOT_YOUR_TURN, seat=1)

    state = drive(state, (2, STOP))
    assert state.to_act == 3
    state = drive(state, (3, take_10h))  # seat 3 now holds 6: its turn ends
    assert card("10H") in state.hand(3)
    assert state.phase is Phase.PICKUP
    assert state.to_act == 0
    assert legal_actions(state) == (STOP, take_ah)
    state = drive(state, (0, take_ah))  # nothing left to take: the pass ends
    assert card("AH") in state.hand(0)
    assert state.phase is Phase.LOOK
    assert state.takeable == ()
    assert cards("AH 10H").isdisjoint(state.middle)
    counts = [(e.seat, e.count) for e in events(state, Refilled)]
    assert counts == [(1, 0), (2, 6), (3, 0), (0, 2)]


def test_r_pick_1_a_seat_may_take_several_one_at_a_time():
    """R-PICK-1: a seat short of 6 takes point cards one at a time and keeps its turn while it has
    fewer than 6 and something is left; here it takes both, so nobody else gets a turn."""
    state = shed("AH 10H KH")
    state = drive(state, (2, Take(card("10H"))))
    assert state.phase is Phase.PICKUP
    assert state.to_act == 2
    assert legal_actions(state) == (STOP, Take(card("AH")))
    state = drive(state, (2, Take(card("AH"))))
    assert state.phase is Phase.LOOK
    assert cards("AH 10H") <= set(state.hand(2))
    takers = {s for s, a in state.actions if isinstance(a, (Take, Stop))}
    assert takers == {2}


def test_r_pick_1_after_the_pass_the_middle_is_dead():
    """R-PICK-1: the pass goes once round; when every seat has stopped the untaken point cards stay
    in the middle but can no longer be taken, in the engine and in every seat's view brought up
    to date by a delta."""
    state = shed("AH 10H KH")
    state = drive(state, (2, STOP), (3, STOP))
    assert state.phase is Phase.PICKUP
    assert state.to_act == 0
    before = state
    state = drive(state, (0, STOP))
    assert state.phase is Phase.LOOK
    assert state.to_act == 0  # the bidder, looking through the stock: no second round
    assert state.takeable == ()
    assert cards("AH 10H KH") <= set(state.middle)
    refused(state, Take(card("AH")), IllegalReason.WRONG_PHASE)
    for seat in (0, 1, 2, 3, None):
        held = helpers.see(before, seat)
        assert held.takeable
        updated = held.updated(view_delta(state, seat, before.ply))
        assert updated.takeable == ()
        assert updated == helpers.see(state, seat)


def test_r_pick_1_dead_cards_and_non_point_trumps_cannot_be_taken():
    """R-PICK-1: only point cards shed under R-DISC-2 may be taken: not a dead card discarded under
    R-DISC-1, not a shed trump without points (pickup=point_cards), not a card outside the middle."""
    state = shed("AH 10H KH")
    for text in ("2S", "JC", "KH", "QD", "JH"):
        refused(state, Take(parse_cards(text)[0]), IllegalReason.NOT_TAKEABLE)


def test_r_pick_1_shedding_no_point_card_skips_the_pick_up():
    """R-PICK-1: with pickup=point_cards, shed trumps without points leave nothing to take, so no
    seat is asked."""
    state = shed("KH QH 9H")
    assert state.phase is Phase.LOOK
    assert state.takeable == ()
    assert not any(isinstance(a, Take) for _, a in state.actions)


def test_r_pick_1_any_trump_lets_any_shed_trump_be_taken():
    """R-PICK-1 with pickup=any_trump: every shed trump may be taken, KH included; dead cards
    still may not."""
    state = shed("AH 10H KH", rules=Rules(pickup="any_trump"))
    assert set(state.takeable) == cards("AH 10H KH")
    refused(state, Take(card("2S")), IllegalReason.NOT_TAKEABLE)
    state = drive(state, (2, Take(card("KH"))))
    assert card("KH") in state.hand(2)
    assert set(state.takeable) == cards("AH 10H")


def test_r_pick_1_pickup_none_skips_the_phase():
    """R-PICK-1 with pickup=none: nothing shed may be taken; the hand goes straight to the refill
    and the shed point cards stay dead in the middle."""
    state = shed("AH 10H KH", rules=Rules(pickup="none"))
    assert state.phase is Phase.LOOK
    assert state.takeable == ()
    assert cards("AH 10H KH") <= set(state.middle)
    counts = [(e.seat, e.count) for e in events(state, Refilled)]
    assert counts == [(1, 0), (2, 6), (3, 1), (0, 3)]


# --- R-FILL-1 ----------------------------------------------------------------------------------

# Seat 2 bids and wins; the dealer, seat 0, passes.
BIDDER_2 = (PASS, Bid(5), PASS, PASS)


def test_r_fill_1_refill_from_the_top_of_the_stock_clockwise_from_dealers_left():
    """R-FILL-1: seats 1, 2 (the bidder, in its normal place), 3, 0 receive stock cards from the
    top, in order, until each holds 6; the counts are 2, 3, 5, 4."""
    state = name_trump(BASIC_HANDS, stock=BASIC_STOCK, bids=BIDDER_2)
    assert state.bidder == 2
    refills = events(state, Refilled)
    assert [(e.seat, e.cards) for e in refills] == [
        (1, parse_cards("2D 8H")),
        (2, parse_cards("4D 7H 5D")),
        (3, parse_cards("6H 6D 7D 5H 4H")),
        (0, parse_cards("8D 9D 3H 10D")),
    ]
    assert [e.count for e in refills] == [2, 3, 5, 4]
    for event in refills:
        assert len(state.hand(event.seat)) == 6
        assert set(state.hand(event.seat)) == cards(BASIC_KEPT[event.seat]) | set(event.cards)
    assert state.stock == parse_cards("2H QD KC AD")
    assert events(state, StockHandedOver) == [StockHandedOver(2, 4)]


def test_r_fill_1_dead_cards_received_stay_in_hand_and_cannot_be_played():
    """R-FILL-1: the dead cards a seat receives (4D, 5D for seat 2) stay in its hand, but only its
    trumps are legal plays and a dead card is refused."""
    state = name_trump(BASIC_HANDS, stock=BASIC_STOCK, bids=BIDDER_2)
    state = drive(state, (2, STOP), (0, STOP))
    assert state.phase is Phase.PLAY
    assert state.to_act == 2
    assert set(state.hand(2)) == cards("QH JH 10H 4D 7H 5D")
    assert set(legal_actions(state)) == {Play(c) for c in parse_cards("QH JH 10H 7H")}
    refused(state, Play(card("4D")), IllegalReason.NOT_A_TRUMP)
    state = drive(state, (2, Play(card("QH"))))
    assert cards("4D 5D") <= set(state.hand(2))


# --- R-FILL-2 ----------------------------------------------------------------------------------

# SHORT_HANDS and SHORT_STOCK (helpers): hearts named, the stock cannot fill every hand.


def test_r_fill_2_stock_runs_out_and_the_hand_continues():
    """R-FILL-2: when the stock runs out the later seats hold fewer than 6 cards: seat 0 gets the
    last 2 and holds 3; the hand goes on to play with no look-through."""
    state = name_trump(SHORT_HANDS, stock=SHORT_STOCK)
    refills = events(state, Refilled)
    assert [(e.seat, e.count) for e in refills] == [(1, 5), (2, 5), (3, 6), (0, 2)]
    assert refills[-1].cards == parse_cards("JH AS")
    assert [len(state.hand(seat)) for seat in range(4)] == [3, 6, 6, 6]
    assert state.stock == ()
    assert events(state, StockHandedOver) == []
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert events(state, HandThrownIn) == []


def test_r_fill_2_short_stock_redeal_throws_the_hand_in():
    """R-FILL-2 with short_stock=redeal: the hand is thrown in (SHORT_STOCK) before any refill,
    the scores are unchanged and the deal passes left (R-DEAL-2)."""
    rules = Rules(short_stock="redeal")
    state = name_trump(SHORT_HANDS, stock=SHORT_STOCK, rules=rules)
    assert events(state, HandThrownIn) == [HandThrownIn(1, ThrowInReason.SHORT_STOCK)]
    assert events(state, Refilled) == []
    assert state.phase is Phase.DEAL
    assert state.scores == (0, 0)
    assert state.results == ()
    assert state.dealer == 1
    assert state.hand_number == 2
    state = drive(state, arranged_deck(SHORT_HANDS, dealer=1))
    assert state.phase is Phase.BIDDING
    assert state.to_act == 2


# --- R-LOOK-1 to R-LOOK-4 ----------------------------------------------------------------------

# 13 trumps are dealt. The refill gives 2, 2, 2 and 5 dead cards; 7 cards are left for the look.
# The bidder, seat 0, then holds BJ 9D 10D QS KS AS; its partner, seat 2, 10H 9H 8H 7H 5D 6D.
LOOK_HANDS = {
    1: "AH KH QH JH 2C 3C 4C 5C 6C",
    2: "10H 9H 8H 7H 7C 8C 9C 10C JC",
    3: "6H 5H 2H JD QC KC AC 2S 3S",
    0: "BJ 4S 5S 6S 7S 8S 9S 10S JS",
}
LOOK_REFILL = "2D 4D 5D 6D 7D 8D 9D 10D QS KS AS"
LOOK_ORDER = "3H QD 4H RJ KD 3D AD"


def look(rules=None, order=LOOK_ORDER):
    """The state where bidder 0 has been handed the stock, ``order`` from the top."""
    state = name_trump(LOOK_HANDS, stock=f"{LOOK_REFILL} {order}", rules=rules)
    assert state.phase is Phase.LOOK
    return state


def test_r_look_1_bidder_is_given_the_rest_of_the_stock():
    """R-LOOK-1: after the refill the bidder is given what is left of the stock (StockHandedOver
    with the count) and may turn up a card or stop."""
    state = look()
    assert state.history[-1].item == StockHandedOver(0, 7)
    assert state.to_act == 0
    assert state.stock == parse_cards(LOOK_ORDER)
    assert state.turned_card is None
    assert legal_actions(state) == (TURN_UP, STOP)
    assert set(state.hand(0)) == cards("BJ 9D 10D QS KS AS")


def test_r_look_1_a_single_card_left_after_the_refill_is_handed_to_the_bidder():
    """R-LOOK-1: one stock card left after the refill is still a look: the bidder is handed it,
    may turn it up and take it, and play starts when it is decided.

    Seven trumps are dealt, so the refill takes 17 of the 18 stock cards (4, 4, 4, then 5 to the
    bidder, seat 0, who then holds BJ 3S QS KS AS RJ)."""
    hands = {
        0: "BJ 4S 5S 6S 7S 8S 9S 10S JS",
        1: "AH KH 2C 3C 4C 5C 6C 7C 8C",
        2: "10H 9H 9C 10C JC QC KC AC 2S",
        3: "6H 5H 2D 4D 5D 6D 7D 8D 9D",
    }
    refill = "QH JH 8H 7H 4H 2H 3D 10D JD QD KD AD 3S QS KS AS RJ"
    state = name_trump(hands, stock=f"{refill} 3H")
    assert set(state.hand(0)) == cards("BJ 3S QS KS AS RJ")
    assert state.history[-1].item == StockHandedOver(0, 1)
    assert state.stock == (card("3H"),)
    assert legal_actions(state) == (TURN_UP, STOP)
    state = drive(state, TURN_UP)
    assert state.turned_card == card("3H")
    state = drive(state, GiveUp(card("QS")))
    assert state.phase is Phase.PLAY
    assert set(state.hand(0)) == cards("BJ 3H 3S KS AS RJ")


def test_r_look_1_cards_are_turned_up_one_at_a_time_in_order():
    """R-LOOK-1: each TurnUp turns the next stock card; while it is turned the bidder must decide
    it (Reject or GiveUp a card of the hand)."""
    state = look()
    state = drive(state, TURN_UP)
    assert state.turned_card == card("3H")
    assert state.stock == parse_cards("QD 4H RJ KD 3D AD")
    assert set(legal_actions(state)) == {REJECT, *(GiveUp(c) for c in state.hand(0))}
    assert len(legal_actions(state)) == 7
    state = drive(state, REJECT, TURN_UP)  # QD is not a trump: rejected automatically
    assert state.turned_card is None
    assert state.history[-1].item == CardRejected(0, card("QD"))
    state = drive(state, TURN_UP)
    assert state.turned_card == card("4H")
    assert state.stock == parse_cards("RJ KD 3D AD")


def test_r_look_1_stop_after_some_cards_hands_the_rest_to_the_partner():
    """R-LOOK-1, R-LOOK-3: the bidder may stop at any point; the cards not turned up go to the
    partner (StockHandedOver with the count)."""
    state = drive(look(), TURN_UP, GiveUp(card("9D")), STOP)
    assert state.history[-1].item == StockHandedOver(2, 6)
    assert state.phase is Phase.LOOK
    assert state.to_act == 2
    assert state.stock == parse_cards("QD 4H RJ KD 3D AD")
    assert card("3H") in state.hand(0)


def test_r_look_1_turning_up_the_last_card_ends_the_look():
    """R-LOOK-1: when the bidder has turned up every stock card the look ends and play starts; the
    partner is given nothing."""
    state = drive(
        look(),
        TURN_UP,
        GiveUp(card("9D")),  # takes 3H
        TURN_UP,  # QD: rejected automatically
        TURN_UP,
        GiveUp(card("10D")),  # takes 4H
        TURN_UP,
        GiveUp(card("QS")),  # takes RJ
        TURN_UP,  # KD: rejected automatically
        TURN_UP,
        GiveUp(card("KS")),  # takes 3D
        TURN_UP,  # AD: rejected automatically, the stock is empty
    )
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert set(state.hand(0)) == cards("BJ 3H 4H RJ 3D AS")
    assert set(state.dead) == cards("9D 10D QS KS QD KD AD")
    assert state.dead_face_up == ()  # R-LOOK-4: only dead trumps are face up
    assert events(state, StockHandedOver) == [StockHandedOver(0, 7)]
    assert events(state, StockDiscarded) == []
    assert tuple(e.card for e in events(state, CardRejected)) == parse_cards("QD KD AD")


def test_r_look_2_give_up_takes_the_turned_card_and_keeps_the_hand_size():
    """R-LOOK-2: GiveUp(card) puts the turned-up card in the hand and ``card`` in the dead pile; a
    non-trump given up stays face down (R-LOOK-4)."""
    state = drive(look(), TURN_UP, GiveUp(card("9D")))
    assert set(state.hand(0)) == cards("BJ 3H 10D QS KS AS")
    assert state.dead == (card("9D"),)
    assert state.dead_face_up == ()
    assert state.turned_card is None
    assert legal_actions(state) == (TURN_UP, STOP)


def test_r_look_2_reject_puts_the_turned_card_in_the_dead_pile():
    """R-LOOK-2, R-LOOK-4: Reject sends the turned-up card to the dead pile; being a trump, it is
    face up. The hand is unchanged."""
    state = drive(look(), TURN_UP, REJECT)
    assert set(state.hand(0)) == cards("BJ 9D 10D QS KS AS")
    assert state.dead == (card("3H"),)
    assert state.dead_face_up == (card("3H"),)
    assert state.turned_card is None


def test_r_look_4_trump_given_up_is_face_up():
    """R-LOOK-4: a trump given up for a turned-up card (BJ for 3H) goes to the dead pile face up."""
    state = drive(look(), TURN_UP, GiveUp(card("BJ")))
    assert set(state.hand(0)) == cards("3H 9D 10D QS KS AS")
    assert state.dead == (card("BJ"),)
    assert state.dead_face_up == (card("BJ"),)


def test_r_look_2_any_trump_takes_trumps_and_rejects_dead_cards():
    """R-LOOK-2 with look_take=any_trump (default): a trump without points (4H) may be taken; a
    dead card (QD) is rejected automatically, face down."""
    state = drive(look(), TURN_UP, REJECT, TURN_UP)
    assert events(state, CardRejected) == [CardRejected(0, card("QD"))]
    assert card("QD") in state.dead
    assert card("QD") not in state.dead_face_up
    state = drive(state, TURN_UP)
    assert state.turned_card == card("4H")
    state = drive(state, GiveUp(card("AS")))
    assert card("4H") in state.hand(0)


def test_r_look_2_point_cards_only_rejects_trumps_without_points():
    """R-LOOK-2 with look_take=point_cards_only: 3H (3 points) may be taken; 4H, a trump worth
    nothing, is rejected automatically and shown face up (R-LOOK-4); QD is rejected too."""
    state = look(rules=Rules(look_take="point_cards_only"))
    state = drive(state, TURN_UP)
    assert state.turned_card == card("3H")
    state = drive(state, GiveUp(card("9D")), TURN_UP, TURN_UP)
    assert state.turned_card is None
    assert events(state, CardRejected) == [CardRejected(0, card("QD")), CardRejected(0, card("4H"))]
    assert card("4H") in state.dead_face_up
    assert card("QD") not in state.dead_face_up
    state = drive(state, TURN_UP)
    assert state.turned_card == card("RJ")


def test_r_look_2_any_card_lets_a_dead_card_be_taken():
    """R-LOOK-2 with look_take=any_card: even a dead card (QD) may be taken."""
    state = look(rules=Rules(look_take="any_card"))
    state = drive(state, TURN_UP, REJECT, TURN_UP)
    assert state.turned_card == card("QD")
    assert events(state, CardRejected) == []
    state = drive(state, GiveUp(card("9D")))
    assert card("QD") in state.hand(0)
    assert set(state.dead) == cards("3H 9D")
    assert state.dead_face_up == (card("3H"),)


def test_r_look_3_partner_looks_through_what_is_left():
    """R-LOOK-3 with partner_look (default): the partner looks through the rest the same way; when
    it stops, the cards nobody turned up are dead, face down even if trumps (R-LOOK-4)."""
    state = drive(look(), TURN_UP, REJECT, STOP)  # bidder rejects 3H, stops
    assert state.history[-1].item == StockHandedOver(2, 6)
    state = drive(state, (2, TURN_UP))  # QD: rejected automatically
    assert events(state, CardRejected) == [CardRejected(2, card("QD"))]
    state = drive(state, (2, TURN_UP))
    assert state.turned_card == card("4H")
    refused(state, REJECT, IllegalReason.NOT_YOUR_TURN, seat=0)
    state = drive(state, (2, GiveUp(card("5D"))))
    assert set(state.hand(2)) == cards("10H 9H 8H 7H 4H 6D")
    state = drive(state, (2, STOP))
    assert events(state, StockDiscarded) == [StockDiscarded(4)]
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert state.stock == ()
    assert set(state.dead) == cards("3H QD 5D RJ KD 3D AD")
    assert set(state.dead_face_up) == cards("3H")  # RJ and 3D went dead unseen


def test_r_look_3_without_partner_look_the_rest_is_dead_unseen():
    """R-LOOK-3 with partner_look false: when the bidder stops, the rest of the stock goes to the
    dead pile unseen (StockDiscarded), face down, and play starts."""
    state = drive(look(rules=Rules(partner_look=False)), TURN_UP, GiveUp(card("9D")), STOP)
    assert events(state, StockHandedOver) == [StockHandedOver(0, 7)]
    assert state.history[-1].item == StockDiscarded(6)
    assert events(state, StockDiscarded) == [StockDiscarded(6)]
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert set(state.dead) == cards("9D QD 4H RJ KD 3D AD")
    assert state.dead_face_up == ()


def test_r_look_illegal_actions_are_refused():
    """R-LOOK-1, R-LOOK-2: Reject or GiveUp with no card turned up (NO_TURNED_CARD); TurnUp or Stop
    while a card is turned up (DECIDE_TURNED_CARD); GiveUp of a card not in hand (NOT_IN_HAND)."""
    state = look()
    refused(state, REJECT, IllegalReason.NO_TURNED_CARD)
    refused(state, GiveUp(card("BJ")), IllegalReason.NO_TURNED_CARD)
    refused(state, Take(card("2C")), IllegalReason.WRONG_PHASE)
    state = drive(state, TURN_UP)
    refused(state, TURN_UP, IllegalReason.DECIDE_TURNED_CARD)
    refused(state, STOP, IllegalReason.DECIDE_TURNED_CARD)
    refused(state, GiveUp(card("AH")), IllegalReason.NOT_IN_HAND)  # seat 1's card
    refused(state, GiveUp(card("3H")), IllegalReason.NOT_IN_HAND)  # the turned card itself
    refused(state, GiveUp(card("2S")), IllegalReason.NOT_IN_HAND)  # a dead card in the middle


# --- the rules' worked cases (section 10) --------------------------------------------------------


def test_edge_1_shed_point_cards_picked_up_or_lost():
    """Section 10, case 1 (R-DISC-2, R-PICK-1, R-PLAY-8): seat 1, dealt 9 trumps, sheds three point
    cards; seat 2 picks up 3H and seat 0 picks up AH; nobody takes 10H, which scores for nobody."""
    state = shed("3H AH 10H")
    assert set(state.takeable) == cards("3H AH 10H")
    state = drive(
        state,
        (2, Take(card("3H"))),
        (2, STOP),
        (3, STOP),
        (0, Take(card("AH"))),
        (0, STOP),
    )
    assert card("3H") in state.hand(2)
    assert card("AH") in state.hand(0)
    assert card("10H") in state.middle
    assert state.takeable == ()
    assert state.phase is Phase.LOOK
    state = drive(state, (0, STOP), (2, STOP))  # the rest of the stock is all dead cards
    assert state.phase is Phase.PLAY
    state = play_out(state)
    result = state.results[0]
    lost = [pc for pc in result.point_cards if pc.team is None]
    assert [pc.card for pc in lost] == [card("10H")]
    assert result.unplayed_points == 1
    assert sum(result.points) == 12
    # The picked-up point cards came into play and scored for a team.
    taken = {pc.card for pc in result.point_cards if pc.team is not None}
    assert cards("3H AH") <= taken


def test_edge_2_stock_runs_out_when_bidder_names_a_short_suit():
    """Section 10, case 2 (R-FILL-2): hearts, named by the bidder, are nearly absent from the hands;
    the refill empties the stock, seat 0 holds only 3 cards, and the hand is played and scored."""
    state = name_trump(SHORT_HANDS, stock=SHORT_STOCK)
    assert state.phase is Phase.PLAY
    assert set(state.hand(0)) == cards("BJ JH AS")
    state = play_out(state)
    result = state.results[0]
    assert result.unplayed_points == 0
    assert sum(result.points) == 13
    played_by_0 = {c for e in events(state, TrickWon) for s, c in e.trick.plays if s == 0}
    assert played_by_0 <= cards("BJ JH")
    assert card("AS") not in {c for e in events(state, TrickWon) for c in e.trick.cards}


@pytest.mark.parametrize("short_stock", ["deal_what_is_left", "redeal"])
def test_edge_3_stock_used_up_exactly_no_look_through(short_stock):
    """Section 10, case 3 (R-FILL-1, R-LOOK-1): the seats need exactly the 18 stock cards; every seat
    reaches 6, nothing is left, so there is no look-through (and nothing is thrown in)."""
    hands = {
        1: "AH KH 2C 3C 4C 5C 6C 7C 8C",
        2: "QH JH 9C 10C JC QC KC AC 2D",
        3: "JD 4D 5D 6D 7D 8D 9D 10D QD",
        0: "BJ KD AD 2S 3S 4S 5S 6S 7S",
    }
    state = name_trump(hands, rules=Rules(short_stock=short_stock))
    assert [(e.seat, e.count) for e in events(state, Refilled)] == [(1, 4), (2, 4), (3, 5), (0, 5)]
    assert [len(state.hand(seat)) for seat in range(4)] == [6, 6, 6, 6]
    assert state.stock == ()
    assert events(state, StockHandedOver) == []
    assert events(state, HandThrownIn) == []
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert state.dead == ()


def test_edge_4_bidder_stops_before_turning_any_card():
    """Section 10, case 4 (R-LOOK-1, R-LOOK-3): the bidder stops at once; the whole remainder, all 7
    cards, goes to the partner, who turns them up from the top."""
    state = drive(look(), (0, STOP))
    assert state.history[-1].item == StockHandedOver(2, 7)
    assert state.to_act == 2
    assert state.stock == parse_cards(LOOK_ORDER)
    assert state.dead == ()
    assert set(state.hand(0)) == cards("BJ 9D 10D QS KS AS")
    state = drive(state, (2, TURN_UP))
    assert state.turned_card == card("3H")
    state = drive(state, (2, GiveUp(card("5D"))))
    assert card("3H") in state.hand(2)
    assert card("5D") in state.dead
