"""GameState as a value: its properties, equality, hashing, copying and history."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import pitch13
from pitch13 import Bid, HandDealt, NameTrump, Pass, Phase, Suit
from pitch13.testing import arranged_deck


def play_random(state, rng, steps=None):
    count = 0
    while not state.is_over and (steps is None or count < steps):
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
        count += 1
    return state


@pytest.fixture(scope="module")
def finished():
    return play_random(pitch13.new_game(seed=11), random.Random(5))


def test_a_new_seeded_game_is_dealt_and_bidding():
    state = pitch13.new_game(dealer=2, seed=3)
    assert state.phase is Phase.BIDDING
    assert state.to_act == 3
    assert not state.is_chance
    assert not state.is_over
    assert state.winner is None
    assert state.outcome is None
    assert state.seed == 3
    assert state.first_dealer == state.dealer == 2
    assert state.hand_number == 1
    assert state.scores == (0, 0)
    assert state.results == ()
    assert state.bids == (None, None, None, None)
    assert state.high_bid is None
    assert state.bidder is None
    assert state.bid is None
    assert state.trump is None
    assert [len(h) for h in state.hands] == [9, 9, 9, 9]
    assert len(state.stock) == 18
    assert state.middle == state.dead == state.dead_face_up == state.takeable == ()
    assert state.turned_card is None
    assert state.trick == ()
    assert state.tricks == ()
    assert state.out == frozenset()
    assert state.points_taken == (0, 0)
    assert state.cards_won == ((), ())
    assert [type(e.item) for e in state.history] == [HandDealt]
    assert state.actions == ()


def test_an_unseeded_game_waits_for_chance():
    state = pitch13.new_game()
    assert state.is_chance
    assert state.to_act is None
    assert pitch13.legal_actions(state) == ()
    assert state.hands == ((), (), (), ())
    dealt = pitch13.apply(state, pitch13.Deal(pitch13.shuffled_deck(1)))
    assert not dealt.is_chance
    assert dealt.actions == ((None, pitch13.Deal(pitch13.shuffled_deck(1))),)


def test_auction_properties_follow_the_calls():
    state = pitch13.new_game(seed=3)  # seat 1 bids first
    state = pitch13.apply(state, Bid(5))
    state = pitch13.apply(state, Pass())
    assert state.bids == (None, 5, 0, None)
    assert state.high_bid == 5
    assert state.bidder is None  # the auction is not over
    state = pitch13.apply(state, Bid(6))
    state = pitch13.apply(state, Pass())
    assert state.phase is Phase.TRUMP
    assert state.bidder == 3
    assert state.bid == 6
    assert state.to_act == 3


def test_hand_checks_the_seat():
    state = pitch13.new_game(seed=1)
    assert state.hand(0) == state.hands[0]
    with pytest.raises(TypeError, match="seat"):
        state.hand("0")
    with pytest.raises(ValueError, match="from 0 to 3"):
        state.hand(4)


def test_repr_says_where_the_game_stands():
    assert repr(pitch13.new_game()) == "<GameState hand 1 DEAL chance to act, scores 0-0>"
    assert repr(pitch13.new_game(seed=1, dealer=3)) == "<GameState hand 1 BIDDING seat 0 to act, scores 0-0>"


def test_finished_game_repr_and_properties(finished):
    assert finished.phase is Phase.GAME_OVER
    assert finished.to_act is None
    assert finished.winner == finished.outcome.winner
    assert repr(finished).endswith(f"nobody to act, scores {finished.scores[0]}-{finished.scores[1]}>")
    assert pitch13.legal_actions(finished) == ()


def test_equal_states_from_the_same_actions_are_equal_and_hash_alike(finished):
    replayed = pitch13.new_game(seed=11)
    for _, action in finished.actions:
        replayed = pitch13.apply(replayed, action)
    assert replayed == finished
    assert replayed is not finished
    assert hash(replayed) == hash(finished)
    assert replayed.history == finished.history


def test_states_differing_only_in_history_are_not_equal():
    deal = arranged_deck({}, dealer=0)
    a = pitch13.apply(pitch13.new_game(), deal)
    b = pitch13.apply(pitch13.new_game(seed=None), deal)
    assert a == b
    c = pitch13.apply(a, Pass())
    d = pitch13.apply(a, Bid(4))
    assert c != d
    assert c != a
    assert (a == "a state") is False


def test_pickle_and_deepcopy_of_a_long_game(finished):
    assert len(finished.history) > 1000  # deep enough that a recursive copy would fail
    assert pickle.loads(pickle.dumps(finished)) == finished
    assert copy.deepcopy(finished) == finished
    assert copy.copy(finished) == finished


def test_history_items_are_actions_with_seats_and_events_without():
    state = pitch13.new_game(seed=3)
    for action in (Pass(), Pass(), Pass(), Bid(5), NameTrump(Suit.SPADES)):
        state = pitch13.apply(state, action)
    entries = state.history
    assert entries[0].seat is None
    assert isinstance(entries[0].item, HandDealt)
    assert [(e.seat, e.item) for e in entries[1:6]] == [
        (1, Pass()),
        (2, Pass()),
        (3, Pass()),
        (0, Bid(5)),
        (None, pitch13.AuctionWon(0, 5)),
    ]
    assert entries[6] == pitch13.HistoryEntry(0, NameTrump(Suit.SPADES))
    assert all(e.seat is None for e in entries[7:])
    assert [a for _, a in state.actions] == [Pass(), Pass(), Pass(), Bid(5), NameTrump(Suit.SPADES)]


def test_apply_never_changes_its_input():
    rng = random.Random(2)
    state = pitch13.new_game(seed=8)
    for _ in range(300):
        if state.is_over:
            break
        snapshot = pickle.dumps(state)
        state_next = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
        assert pickle.loads(snapshot) == state
        state = state_next
