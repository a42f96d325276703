"""GameState as a value: its properties, equality, hashing, copying and history."""

from __future__ import annotations

import copy
import gc
import inspect
import itertools
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitch13
from helpers import card, deal, drive
from pitch13 import Bid, Discard, NameTrump, Pass, Phase, Suit, Take
from pitch13.events import HandDealt
from pitch13.testing import arranged_deck
from profiles import examples
from strategies import any_rules, seeds


def play_random(state, rng, steps=None):
    count = 0
    while not state.is_over and (steps is None or count < steps):
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
        count += 1
    return state


@pytest.fixture(scope="module")
def finished():
    return play_random(pitch13.new_game(seed=11), random.Random(5))


def test_an_arranged_deck_says_which_seat_is_listed_too_many_cards():
    with pytest.raises(ValueError, match=r"^a seat is dealt 9 cards, and 10 are listed for seat 2$"):
        arranged_deck({2: pitch13.DECK[:10]})
    with pytest.raises(ValueError, match=r"^the stock has 18 cards, and 19 are listed for it$"):
        arranged_deck({}, stock=pitch13.DECK[:19])
    with pytest.raises(ValueError, match=r"^more cards are listed than the deck has$"):
        arranged_deck({0: itertools.repeat(pitch13.DECK[0])})  # an endless list stops at 55


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
    assert min(finished.scores) < 0  # so the scores are written "a to b", not with a dash
    assert repr(finished).endswith(f"nobody to act, scores {finished.scores[0]} to {finished.scores[1]}>")
    assert pitch13.legal_actions(finished) == ()


FIELD_PROPERTIES = (
    "rules",
    "phase",
    "seed",
    "first_dealer",
    "hand_number",
    "dealer",
    "scores",
    "outcome",
    "ply",
    "history_len",
)


@pytest.mark.parametrize("name", FIELD_PROPERTIES)
def test_properties_read_through_itemgetter_keep_their_getter_type_and_doc(name, finished):
    prop = vars(pitch13.GameState)[name]
    typed = prop.fget  # the def, kept for documentation tools
    assert inspect.signature(typed).return_annotation != inspect.Signature.empty
    assert prop.__doc__ == typed.__doc__
    assert prop.__doc__
    for state in (pitch13.new_game(), pitch13.new_game(seed=3, dealer=2), finished):
        assert getattr(state, name) == typed(state)
    with pytest.raises(AttributeError):
        setattr(finished, name, None)


def test_field_properties_show_each_field():
    state = pitch13.new_game(pitch13.Rules(target=30), seed=8, dealer=3)
    assert (state.rules.target, state.phase, state.seed, state.first_dealer, state.dealer) == (
        30,
        Phase.BIDDING,
        8,
        3,
        3,
    )
    assert (state.hand_number, state.scores, state.outcome, state.ply, state.history_len) == (
        1,
        (0, 0),
        None,
        0,
        1,
    )


def test_equal_states_from_the_same_actions_are_equal_and_hash_alike(finished):
    replayed = pitch13.new_game(seed=11)
    for _, action in finished.actions:
        replayed = pitch13.apply(replayed, action)
    assert replayed == finished
    assert replayed is not finished
    assert hash(replayed) == hash(finished)
    assert replayed.history == finished.history


def test_hashing_a_state_never_reads_its_finished_hands(finished):
    # The digest of the game's past is made as each hand finishes: a state rebuilt from a pickle
    # (its past never hashed) hashes without reading a finished hand again. Were the digest made
    # at the first hash, the tampered copy's would differ.
    def rebuilt():
        return pickle.loads(pickle.dumps(finished))

    plain, tampered = rebuilt(), rebuilt()
    assert plain._past is not None and plain._past.number > 3
    oldest = tampered._past
    while oldest.prev is not None:
        oldest = oldest.prev
    object.__setattr__(oldest, "deck", bytes(reversed(oldest.deck)))
    assert hash(tampered) == hash(plain)
    assert tampered != plain  # equal digests are not enough: equality compares the hands


def test_states_of_the_same_deal_are_equal_and_of_other_actions_not():
    dealt = arranged_deck({}, dealer=0)
    a = pitch13.apply(pitch13.new_game(), dealt)
    b = pitch13.apply(pitch13.new_game(seed=None), dealt)
    assert a == b
    c = pitch13.apply(a, Pass())
    d = pitch13.apply(a, Bid(4))
    assert c != d
    assert c != a
    assert (a == "a state") is False


#: Dealer 0 names hearts; seat 1 holds 9 trumps, seat 2 none.
TRANSPOSITION_HANDS = {
    1: "AH JH 10H 3H KH QH 9H 8H 7H",
    2: "2C 3C 4C 5C 6C 7C 8C 9C 10C",
    3: "6H 5H 4H 2H BJ JC QC KC AC",
    0: "JD 3D RJ 2S 3S 4S 5S 6S 7S",
}


def position(state):
    """Everything ``state`` shows of where the game stands, but not how it got there."""
    return (
        state.phase,
        state.to_act,
        state.hand_number,
        state.scores,
        state.bids,
        state.bidder,
        state.bid,
        state.trump,
        state.hands,
        state.middle,
        state.takeable,
        state.dead,
        state.dead_face_up,
        state.stock,
        state.turned_card,
        state.trick,
        state.tricks,
        state.points_taken,
        state.ply,
        state.history_len,
        pitch13.legal_actions(state),
    )


def test_states_differing_only_in_history_are_not_equal():
    """A transposition: seat 1 sheds AH, 10H and KH (R-DISC-2), and seat 2, with no trump, takes
    both point cards (R-PICK-1) in one order or the other. The two states stand at the same
    position, but they are different games: unequal, hashed apart, with different histories."""
    state = drive(deal(TRANSPOSITION_HANDS), Pass(), Pass(), Pass(), Bid(5), NameTrump(Suit.HEARTS))
    state = drive(state, *((1, Discard(card(c))) for c in ("AH", "10H", "KH")))
    assert state.phase is Phase.PICKUP
    assert state.to_act == 2
    take_ah, take_10h = Take(card("AH")), Take(card("10H"))
    a = drive(state, (2, take_10h), (2, take_ah))
    b = drive(state, (2, take_ah), (2, take_10h))
    assert a.phase is Phase.LOOK
    assert {card("AH"), card("10H")} <= set(a.hand(2))
    assert position(a) == position(b)
    assert a != b
    assert not a == b  # noqa: SIM201 - __eq__ itself, not only __ne__
    assert hash(a) != hash(b)
    assert a.history != b.history
    assert a.actions[-2:] == ((2, take_10h), (2, take_ah))
    assert b.actions[-2:] == ((2, take_ah), (2, take_10h))
    assert a.actions[:-2] == b.actions[:-2]


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
        (None, pitch13.events.AuctionWon(0, 5)),
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


# --- the move counter, the history's length, and reading only what is new --------------------------


def every_state(rules, seed, choices, *, dealt=False, cap=None):
    """Every state of one random game (dealt by the caller when ``dealt``), cut after ``cap`` actions."""
    rng = random.Random(choices)
    state = pitch13.new_game(rules, dealer=choices % 4, seed=None if dealt else seed)
    states = [state]
    while not state.is_over and (cap is None or len(states) <= cap):
        if state.is_chance:
            state = pitch13.apply(state, pitch13.Deal(rng.sample(pitch13.DECK, 54)))
        else:
            state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
        states.append(state)
    return states


@examples(8, deadline=None)
@given(rules=any_rules(low_bids_only=True), seed=seeds, choices=seeds, dealt=st.booleans())
def test_ply_and_history_len_count_what_history_and_actions_hold(rules, seed, choices, dealt):
    states = every_state(rules, seed, choices, dealt=dealt, cap=300)
    final = states[-1]
    history = final.history
    actions = final.actions
    assert final.history_len == len(history)
    assert final.ply == len(actions) == len(states) - 1
    lengths = [state.history_len for state in states]
    assert lengths == sorted(set(lengths))  # every action adds at least its own entry
    for ply, state in enumerate(states):
        assert state.ply == ply
        if ply % 13 == 0 or ply > len(states) - 4:  # decoding every state would be quadratic
            assert state.history == history[: state.history_len]
            assert state.actions == actions[:ply]


@examples(10, deadline=None)
@given(rules=any_rules(low_bids_only=True), seed=seeds, choices=seeds, dealt=st.booleans(), data=st.data())
def test_history_since_is_the_history_after_its_first_entries(rules, seed, choices, dealt, data):
    final = every_state(rules, seed, choices, dealt=dealt, cap=400)[-1]
    history = final.history
    starts = {0, final.history_len, *data.draw(st.lists(st.integers(0, final.history_len), max_size=8))}
    for start in starts:
        assert final.history_since(start) == history[start:]


def test_history_since_refuses_what_is_not_an_entry_count():
    state = pitch13.new_game(seed=3)
    with pytest.raises(ValueError, match="0 to history_len"):
        state.history_since(state.history_len + 1)
    with pytest.raises(ValueError, match="0 to history_len"):
        state.history_since(-1)
    for bad in ("1", 1.0, True, None):
        with pytest.raises(TypeError, match="takes an int"):
            state.history_since(bad)


def test_a_server_follows_a_game_by_reading_only_what_is_new(finished):
    """Following each step with history_since(history_len before) rebuilds the whole history."""
    rng = random.Random(5)
    state = pitch13.new_game(seed=11)
    seen = list(state.history)
    while not state.is_over:
        before = state.history_len
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
        new = state.history_since(before)
        assert len(new) == state.history_len - before >= 1
        seen.extend(new)
    assert state == finished
    assert tuple(seen) == finished.history


# --- a state as a value: equality, hashing, copies and pickles at any length ----------------------


def test_states_of_different_games_are_unequal():
    a = pitch13.new_game(seed=1)
    b = pitch13.new_game(seed=2)
    c = pitch13.new_game(pitch13.Rules.classic_ten_point(), seed=1)
    d = pitch13.new_game(seed=1, dealer=1)
    assert len({a, b, c, d}) == 4
    assert a != b and a != c and a != d and b != c
    assert pitch13.new_game(seed=1) == a


@examples(10, deadline=None)
@given(rules=any_rules(low_bids_only=True), seed=seeds, choices=seeds, dealt=st.booleans())
def test_equal_states_hash_alike_and_unequal_states_differ(rules, seed, choices, dealt):
    """A replay is equal to, and hashes like, the state it replays; no two states of a game are equal."""
    states = every_state(rules, seed, choices, dealt=dealt, cap=300)
    replayed = every_state(rules, seed, choices, dealt=dealt, cap=300)
    assert len(set(states)) == len(states)
    for state, again in zip(states, replayed, strict=True):
        assert state == again
        assert not state != again  # noqa: SIM202 - != is its own method
        assert hash(state) == hash(again)
    for earlier, later in itertools.pairwise(states):
        assert earlier != later
        assert not earlier == later  # noqa: SIM201 - == is its own method


def test_a_state_is_not_made_by_calling_its_class():
    for args in ((), (tuple(range(31)),), ([],)):
        with pytest.raises(TypeError, match=r"made by new_game\(\) and apply\(\), not by calling GameState"):
            pitch13.GameState(*args)


def test_a_state_is_not_a_sequence_and_not_ordered():
    state = pitch13.new_game(seed=1)
    for use in (
        len,
        list,
        iter,
        lambda s: 1 in s,
        lambda s: s.__add__((1,)),
        lambda s: s * 2,
        lambda s: s < s,
        lambda s: s.count(None),
        lambda s: s.index(None),
    ):
        with pytest.raises(TypeError):
            use(state)
    assert bool(state) is True
    fields = tuple(state[:])
    assert state != fields
    assert fields != state
    assert not state == fields  # noqa: SIM201 - == is its own method


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_round_trips_at_every_protocol_in_every_phase(protocol):
    rng = random.Random(protocol)
    for dealt in (False, True):
        for state in every_state(pitch13.Rules(), 5, protocol, dealt=dealt, cap=250)[protocol % 5 :: 5]:
            again = pickle.loads(pickle.dumps(state, protocol))
            assert again == state
            assert again.history == state.history
            if not state.is_over and not state.is_chance:
                action = rng.choice(pitch13.legal_actions(state))
                assert pitch13.apply(again, action) == pitch13.apply(state, action)


def test_copies_are_the_state_itself_and_pickles_stay_small_in_a_long_game():
    rules = pitch13.Rules(target=10**6, moon_success="score_points")  # nothing ends it early
    long = every_state(rules, 7, 7, cap=6000)[-1]
    assert long.hand_number >= 200
    assert copy.copy(long) is long
    assert copy.deepcopy(long) is long
    assert copy.deepcopy([long, long])[0] is long
    data = pickle.dumps(long)
    assert len(data) <= 40_000
    assert len(data) < 4 * long.ply  # a few bytes an action, not a copy of the history
    assert pickle.loads(data) == long


def test_a_sampled_state_pickles_with_every_later_deal():
    """A game started partway (a sample) pickles its start and each Deal made after it."""
    rng = random.Random(3)
    in_play = play_random(pitch13.new_game(seed=8), rng, steps=6)
    before_any_deal = pitch13.new_game()  # its sample's first hand waits for a Deal
    for source in (in_play, before_any_deal):
        state = pitch13.sample_state(pitch13.view(source, 1), random.Random(0))
        deals = 0
        while deals < 3:
            if state.is_chance:
                deals += 1
                state = pitch13.apply(state, pitch13.Deal(pitch13.shuffled_deck(deals, 2)))
            else:
                state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
            again = pickle.loads(pickle.dumps(state))
            assert again == state
            assert (again.ply, again.history_len) == (state.ply, state.history_len)
            assert again.history == state.history


def test_the_last_result_is_found_without_walking_the_hands_thrown_in_since():
    """A view shows the last result in O(1) however many hands everyone passed since (R-BID-2):
    the chain of finished hands keeps its newest scored one. Were it found by walking back, the
    cut chain below would lose it."""
    rng = random.Random(4)
    state = pitch13.new_game(pitch13.Rules(all_pass="redeal"), seed=4)
    while not state.results:
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
    scored = state.results[-1]
    for _ in range(30 * 4):
        state = pitch13.apply(state, pitch13.PASS)
    assert state.hand_number == scored.hand_number + 31
    newest = state._past
    object.__setattr__(newest, "prev", None)  # the thrown-in hands before it cut off
    assert pitch13.view(state, 0).last_result == scored


def test_playing_a_game_leaves_no_reference_cycle():
    """States and the chain of finished hands name only older objects: dropping a game frees it
    at once, with no work left for the cyclic garbage collector."""
    gc.collect()
    gc.disable()
    try:
        state = play_random(pitch13.new_game(seed=3), random.Random(3), steps=400)
        assert state.hand_number > 3 and state.results
        pitch13.view(state, 0).last_result  # noqa: B018 - the view's hand cache, read
        del state
        assert gc.collect() == 0
    finally:
        gc.enable()
