"""Sampling a full state from a seat's view (determinization): consistency, play, uniformity.

:func:`pitch13.sample_state` must return a state that the viewing seat cannot tell from the real
one: ``view(sample, seat) == the_view`` (``spectator_view`` for a spectator), in every phase and
under every rule set. Play must go on from a sample to the end of the game. The unseen cards are
spread uniformly over the ways to place them that respect what the seat knows, which is checked
here with chi-square tests against proportions worked out by hand.

Random games are played by :class:`Table`: random legal choices with a bias towards short games,
and, in games the test deals itself, decks loaded so that a seat holds 7 to 9 trumps of a suit
that is then usually named, which makes the discard and pick-up phases frequent.
"""

from __future__ import annotations

import collections
import copy
import itertools
import random

import attrs
import pytest
from hypothesis import Phase as Phase_
from hypothesis import example, given
from hypothesis import strategies as st

from helpers import CHI2_CRITICAL_P001, card, chi_square, drive, see, unchecked, unchecked_evolve
from pitch13 import (
    DECK,
    PASS,
    STOP,
    Bid,
    Card,
    Deal,
    Discard,
    GameState,
    NameTrump,
    Phase,
    Play,
    Rules,
    SamplingError,
    Suit,
    Take,
    apply,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    sample_state,
    view,
)
from pitch13._core.tables import table_for
from pitch13._info import placing as _placing
from pitch13._info.knowledge import Place, PlaceInfo
from pitch13._info.placing import place
from pitch13.events import HandDealt, HandEndedEarly, SeatOut
from pitch13.rules import AllPass, JokerOrder, LeadFallback, LookTake, Pickup, ShortStock, TargetRule
from pitch13.seen import DealSeen, SeenEntry
from pitch13.testing import arranged_deck, check_invariants
from pitch13.trumps import trump_order
from profiles import examples, more
from strategies import RandomChooser, any_rules, dealers, seeds

#: The rule sets every consistency test runs under.
RULE_SETS: dict[str, Rules] = {
    "default": Rules(),
    "classic_ten_point": Rules.classic_ten_point(),
    "look_take_any_card": Rules(look_take=LookTake.ANY_CARD),
    "look_take_point_cards_only": Rules(look_take=LookTake.POINT_CARDS_ONLY),
    "pickup_any_trump": Rules(pickup=Pickup.ANY_TRUMP),
    "pickup_none": Rules(pickup=Pickup.NONE),
    "no_partner_look": Rules(partner_look=False),
    "lead_fallback_left": Rules(lead_fallback=LeadFallback.LEFT),
    "short_stock_redeal": Rules(short_stock=ShortStock.REDEAL),
    "all_pass_redeal": Rules(all_pass=AllPass.REDEAL),
    "joker_order_fixed": Rules(joker_order=JokerOrder.FIXED),
}

#: The situations a view can be taken in; LOOK is split by whether a card is turned up.
SITUATIONS = frozenset(
    {"deal", "bidding", "trump", "discard", "pickup", "look", "look_turned", "play", "game_over"}
)

#: Observers: the four seats and a spectator (``None``).
OBSERVERS = (0, 1, 2, 3, None)

#: How many games each rule set plays, seeded and unseeded, in the sweep over every situation. A
#: view holds the hand in play only and a sample deals only that hand, so a view of hand 30 costs
#: what one of hand 1 does: the views are checked in every hand of a game.
ROUNDS = more(1)


def situation(state):
    if state.phase is Phase.LOOK and state.turned_card is not None:
        return "look_turned"
    return state.phase.value


def sample_and_check(state, observer, rng, weighting="placements"):
    """Sample from ``observer``'s view of ``state`` and check the sample gives the same view.

    The sample is a game started at the hand the view shows: its history holds that hand's deal
    and no other, and its move counter goes on from the view's.
    """
    seen = see(state, observer)
    sample = sample_state(seen, rng, weighting=weighting)
    assert isinstance(sample, GameState)
    assert see(sample, observer) == seen, f"view of the sample differs for {observer} in {situation(state)}"
    assert sample.seed is None
    assert sample.ply == seen.ply == state.ply
    dealt = [e.item.hand_number for e in sample.history if isinstance(e.item, HandDealt)]
    assert dealt == [e.item.hand_number for e in seen.history if isinstance(e.item, DealSeen)]
    return sample


def loaded_deal(rng, dealer, suit, rules):
    """A random deck in which one random seat is dealt 7 to 9 trumps of ``suit``."""
    trumps = list(trump_order(suit, rules))
    seat = rng.randrange(4)
    count = rng.randint(7, 9)
    long_hand = rng.sample(trumps, count)
    rest = [c for c in DECK if c not in long_hand]
    rng.shuffle(rest)
    hands = {seat: long_hand + rest[: 9 - count]}
    rest = rest[9 - count :]
    for s in range(4):
        if s != seat:
            hands[s], rest = rest[:9], rest[9:]
    return arranged_deck(hands, dealer=dealer, stock=rest)


class Table:
    """Random legal choices (biased towards short games) and, at chance, random or loaded decks."""

    def __init__(self, rng, *, loaded=0.5):
        self.rng = rng
        self.loaded = loaded
        self.chooser = RandomChooser(rng, pass_bias=0.6, raise_bias=0.2, low_bid_bias=0.9)
        self.suit = None

    def step(self, state):
        rng = self.rng
        if state.is_chance:
            if rng.random() < self.loaded:
                self.suit = rng.choice(list(Suit))
                return apply(state, loaded_deal(rng, state.dealer, self.suit, state.rules))
            self.suit = None
            return apply(state, Deal(rng.sample(DECK, len(DECK))))
        if state.phase is Phase.TRUMP and self.suit is not None and rng.random() < 0.8:
            return apply(state, NameTrump(self.suit))
        return apply(state, self.chooser.choose(state, legal_actions(state)))


def game_states(state, table, *, max_steps=20_000):
    """``state`` and every state after it until the game is over (inclusive)."""
    yield state
    for _ in range(max_steps):
        if state.is_over:
            return
        state = table.step(state)
        yield state
    raise AssertionError("the game did not end")


# --- 1. consistency -----------------------------------------------------------------------------


# The example is a handful of seeds, which shrinking cannot make simpler: no shrink phase.
@examples(8, deadline=None, phases=(Phase_.explicit, Phase_.reuse, Phase_.generate))
@given(
    name=st.sampled_from(sorted(RULE_SETS)),
    seeded=st.booleans(),
    seed=seeds,
    dealer=dealers,
    choice_seed=seeds,
)
def test_sample_gives_the_same_view_in_random_games(name, seeded, seed, dealer, choice_seed):
    """Views of random states of a random game, any observer: the sample's view is the same."""
    rng = random.Random(choice_seed)
    table = Table(rng)
    start = new_game(RULE_SETS[name], dealer=dealer, seed=seed if seeded else None)
    previous = None
    for state in game_states(start, table):
        now = situation(state)
        if now != previous or rng.random() < 0.08:
            sample_and_check(state, rng.choice(OBSERVERS), rng)
        previous = now


def test_sample_gives_the_same_view_in_every_phase_rule_set_and_seat():
    """Seeded and unseeded games under every rule set; hundreds of views (thousands under the
    thorough profile) in every situation, in every hand of the games.

    A view is checked on entering each situation (the observers taking turns) and at random
    other states; every observer is checked in every situation. The samples are drawn from a
    random source of their own, so the games played do not depend on how much randomness a
    sample takes.
    """
    rng = random.Random(20240601)
    sampling = random.Random(7)
    checked = collections.Counter()
    hands = 0
    turn = 0
    for round_ in range(ROUNDS):
        for n, name in enumerate(sorted(RULE_SETS)):
            for seeded in (True, False):
                table = Table(rng)
                seed = 1000 + 100 * round_ + n if seeded else None
                start = new_game(RULE_SETS[name], dealer=(n + round_) % 4, seed=seed)
                previous = None
                for state in game_states(start, table):
                    now = situation(state)
                    if now != previous or rng.random() < 0.1:
                        observer = OBSERVERS[turn % len(OBSERVERS)]
                        turn += 1
                        sample_and_check(state, observer, sampling)
                        checked[now, observer] += 1
                    previous = now
                hands += state.hand_number
    assert sum(checked.values()) >= 1500 * ROUNDS and hands >= 150 * ROUNDS
    assert set(checked) == {(now, observer) for now in SITUATIONS for observer in OBSERVERS}


#: Hand 2 of a game (dealer 1, scores 6 to 4) that ends early (R-PLAY-7) with two point cards,
#: 10D and 2D, dead in the stock nobody turned up: seat 3 bids 7 in diamonds, takes nothing in
#: the look, and is out after trick 2; seat 1 is out after trick 3. Seats 0 and 2 claim AD.
EARLY_END_RULES = Rules(use_off_three=False, target=52, target_rule=TargetRule.AT_LEAST)
EARLY_END_DECK = (
    "8D JS 3D 5H AC KC QS 3S 10S KH KD 3H 9D AD 6C 7H 4H 7S RJ JC QC 5C JD 5S 8H 5D 4D 9C 2H 7D AS"
    " QD BJ 8S KS 9S 2S 10C 9H AH 10H 6H 4S 7C QH JH 8C 2C 4C 6D 6S 3C 10D 2D"
)
EARLY_END_MOVES = (
    "2 bid 5, 3 bid 7, 0 pass, 1 pass, 3 trump D, 3 turn up, 3 turn up, 3 reject, 3 turn up, 3 stop,"
    " 1 turn up, 1 stop, 3 play 7D, 0 play QD, 1 play JD, 2 play 3D, 0 play BJ, 1 play JH, 2 play 4D,"
    " 1 play KD, 2 play 5D, 0 play RJ"
)


def early_end_with_points_unplayed(deck=EARLY_END_DECK, moves=EARLY_END_MOVES):
    """The states of :data:`EARLY_END_MOVES` dealt from ``deck``, from the deal to the early end."""
    state = new_game(EARLY_END_RULES, dealer=1, scores=(6, 4), hand_number=2)
    states = [apply(state, Deal(parse_cards(deck)))]
    for move in moves.split(", "):
        seat, text = move.split(" ", 1)
        states.append(apply(states[-1], parse_action(text), seat=int(seat)))
    return states


#: A rule set under which sampling once failed on views the engine made: the look takes any
#: card, the partner does not look, nothing is picked up, and a short stock is dealt again.
LOOK_ANY_CARD_NO_PICK_UP = Rules(
    look_take=LookTake.ANY_CARD, partner_look=False, pickup=Pickup.NONE, short_stock=ShortStock.REDEAL
)


def sample_every_view(start, table, observers, rng, max_hands, weighting="placements"):
    """Sample from the views of ``observers`` of every state of a game from ``start`` (its first
    ``max_hands`` hands) and check each; the situations met, by observer."""
    met = collections.Counter()
    for state in game_states(start, table):
        if state.hand_number > max_hands and not state.is_over:
            break
        for observer in observers(state):
            sample_and_check(state, observer, rng, weighting)
            met[situation(state), observer] += 1
    return met


@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "unseeded"])
def test_sample_state_never_fails_on_views_the_engine_made(seeded):
    """Under :data:`LOOK_ANY_CARD_NO_PICK_UP`, every view of every state of the first hands of a
    few games, of every seat and the spectator, has a sample, drawn with ``random.Random(4)``
    (the source that once failed for seat 2 in play) and with other sources; the sample's view
    is the view."""
    met = collections.Counter()
    for game in range(3):
        rng = random.Random(game)
        start = new_game(LOOK_ANY_CARD_NO_PICK_UP, dealer=game, seed=4 + game if seeded else None)
        met += sample_every_view(start, Table(rng, loaded=0.3), lambda state: OBSERVERS, random.Random(4), 3)
        start = new_game(LOOK_ANY_CARD_NO_PICK_UP, dealer=game, seed=40 + game if seeded else None)
        met += sample_every_view(start, Table(rng, loaded=0.3), lambda state: (2,), random.Random(game), 4)
    assert met["play", 2] >= 200
    expected = {"bidding", "trump", "look", "look_turned", "play"} | (set() if seeded else {"deal"})
    assert {now for now, _ in met} >= expected
    assert {observer for _, observer in met} == set(OBSERVERS)


@examples(10, deadline=None, phases=(Phase_.explicit, Phase_.reuse, Phase_.generate))
@example(  # a hand ended early with point cards dead in the stock; its views once had no sample
    rules=EARLY_END_RULES, seeded=False, seed=4036, dealer=0, choice_seed=58634880, weighting="placements"
)
@given(
    rules=any_rules(),
    seeded=st.booleans(),
    seed=seeds,
    dealer=dealers,
    choice_seed=seeds,
    weighting=st.sampled_from(["placements", "shuffle"]),
)
def test_sample_state_never_fails_on_views_of_random_games_under_any_rules(
    rules, seeded, seed, dealer, choice_seed, weighting
):
    """Under any rules and either weighting, the views of the first hands of a random game have
    samples: at each state one observer's in turn, and every observer's on entering a situation."""
    rng = random.Random(choice_seed)
    start = new_game(rules, dealer=dealer, seed=seed if seeded else None)
    last = [None]

    def observers(state):
        now = situation(state)
        entering, last[0] = now != last[0], now
        return OBSERVERS if entering else (OBSERVERS[state.ply % len(OBSERVERS)],)

    met = sample_every_view(
        start, Table(rng, loaded=0.3), observers, random.Random(choice_seed + 1), 3, weighting
    )
    assert met


def early_end_after_a_pick_up():
    """A hand that ends early (R-PLAY-7) while a picked-up point card (BJ) is still held.

    Dealer 0. Seat 1 bids 4, names hearts, holds 8 trumps and sheds BJ and 8H; seat 2 stops,
    seat 3 takes BJ. Nobody looks. Seat 1 leads AH, seat 2 is announced out, seat 3 plays 2H,
    seat 0 is announced out: team A (seats 0 and 2) is out and team B takes the point cards
    still in hands, BJ among them.
    """
    deck = arranged_deck(
        {
            0: "3C 4C 5C 6C 7C 8C 9C 10C JC",
            1: "AH KH QH JH 10H 9H 8H BJ 2C",
            2: "QC KC AC 9S 10S JS QS KS AS",
            3: "2H 3H 4H 2S 3S 4S 5S 6S 7S",
        },
        dealer=0,
        stock="2D 4D 5D 6D 7D 8D 5H 6H 9D 10D QD KD AD 8S 7H JD 3D RJ",
    )
    state = drive(new_game(), deck, Bid(4), PASS, PASS, PASS, NameTrump(Suit.HEARTS))
    state = drive(state, Discard(card("BJ")), Discard(card("8H")), STOP, Take(card("BJ")), STOP, STOP)
    return drive(state, Play(card("AH")), Play(card("2H")))


@pytest.mark.parametrize("observer", OBSERVERS)
def test_sample_after_an_early_end_with_a_picked_up_card_still_held(observer):
    """R-PLAY-7 after R-PICK-1: the claimed cards include a card every seat saw picked up."""
    state = early_end_after_a_pick_up()
    ended = [e.item for e in state.history if isinstance(e.item, HandEndedEarly)]
    assert ended == [HandEndedEarly(1, parse_cards("3H 10H JH BJ"))]
    assert state.is_chance
    rng = random.Random(5)
    sample_and_check(state, observer, rng)
    next_hand = apply(state, Deal(random.Random(6).sample(DECK, len(DECK))))
    sample_and_check(next_hand, observer, rng)


@pytest.mark.parametrize("weighting", ["placements", "shuffle"])
@pytest.mark.parametrize("observer", OBSERVERS)
def test_sample_after_an_early_end_with_point_cards_left_in_the_stock(observer, weighting):
    """R-PLAY-7: after an early end the claiming team holds no point card it did not claim, so a
    sample must put the unclaimed point cards (10D and 2D here) outside its hands. Every sample
    of every observer's view succeeds, whatever the source (drawing at random and keeping what
    fits once failed one sample in twenty here). With ``weighting="shuffle"`` too, where a seat
    of the claiming team once had no sample: its partner's claimed trumps, which it sees, were
    left out of the partner's trumps."""
    state = early_end_with_points_unplayed()[-1]
    ended = [e.item for e in state.history if isinstance(e.item, HandEndedEarly)]
    assert ended == [HandEndedEarly(0, parse_cards("AD"))]
    assert state.is_chance and state.results[-1].unplayed_points == 2
    for n in range(more(60)):
        sample_and_check(state, observer, random.Random(n), weighting)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_deal_a_sample_draws_leads_to_the_view(name, monkeypatch):
    """The placement of the unseen cards respects everything the view tells, so no deal drawn is
    thrown away: the seat to play holds a trump (R-PLAY-3); after an early end the claiming team
    holds the claimed point cards, no other, and a trump (R-PLAY-7); the card another seat
    is deciding on may be taken (R-LOOK-2); a dead card given up in the look came in the refill
    or was taken before (R-FILL-1, R-LOOK-2), and a trump taken there is still in the hand
    unless it was played or given up (under ``look_take=point_cards_only``, a point card, which
    a placement is drawn again for until it fits). Every view of the first hands of a few games,
    of each seat and the spectator in turn, is sampled with one deal drawn.
    """
    draws = []
    draw = _placing.sample_hand

    def counted(*args):
        draws.append(1)
        return draw(*args)

    monkeypatch.setattr(_placing, "sample_hand", counted)
    rules = RULE_SETS[name]
    rng = random.Random(name)
    samples = 0
    for game in range(more(3)):
        start = new_game(rules, dealer=game, seed=None)
        for state in game_states(start, Table(rng, loaded=0.5)):
            if state.hand_number > 4 and not state.is_over:
                break
            if not state.history or isinstance(state.history[-1].item, HandDealt):
                continue  # nothing dealt yet, or nothing to place but the deal
            draws.clear()
            sample_and_check(state, OBSERVERS[samples % len(OBSERVERS)], rng)
            samples += 1
            assert len(draws) == 1, f"{len(draws)} deals drawn for one sample in {situation(state)}"
    assert samples >= 150


# --- 2. play goes on from a sample ---------------------------------------------------------------


def play_out(start, rng):
    """Random legal actions (and random decks at chance) until the game is over; the last state."""
    state = start
    for state in game_states(start, Table(rng, loaded=0.3)):
        check_invariants(state)
    return state


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_play_from_a_sample_to_the_end_of_the_game(name):
    """From samples taken in every situation of a game, play goes on to the game's end."""
    rules = RULE_SETS[name]
    rng = random.Random(name)
    table = Table(rng)
    seen = set()
    played = 0
    start = new_game(rules, dealer=rng.randrange(4))
    for state in game_states(start, table):
        now = situation(state)
        if now in seen and rng.random() > 0.03:
            continue
        seen.add(now)
        observer = rng.choice(OBSERVERS)
        sample = sample_and_check(state, observer, rng)
        check_invariants(sample)
        final = play_out(sample, rng)
        assert final.is_over and final.winner in (0, 1)
        assert final.phase is Phase.GAME_OVER
        played += 1
    assert played >= 10
    assert {"deal", "bidding", "trump", "look", "play", "game_over"} <= seen


def test_a_sample_of_a_seeded_game_waits_for_a_deal_when_its_hand_ends():
    """The real game deals the next hand from its seed; the sample is unseeded and waits."""
    table = Table(random.Random(3), loaded=0)
    state = new_game(Rules(), dealer=0, seed=77)
    while state.phase is not Phase.PLAY:
        state = table.step(state)
    sample = sample_and_check(state, state.to_act, random.Random(4))
    real = state
    while real.hand_number == 1:
        real = table.step(real)
    while sample.hand_number == 1:
        sample = table.step(sample)
    assert real.phase is Phase.BIDDING and real.seed == 77
    assert sample.is_chance and sample.phase is Phase.DEAL and sample.seed is None
    assert sample.hand_number == 2 and sample.dealer == real.dealer == 1


# --- 3. uniformity -------------------------------------------------------------------------------


def where(state, c):
    """The place of card ``c`` in a sampled state: a hand's seat number, "stock" or "dead"."""
    for seat in range(4):
        if c in state.hand(seat):
            return seat
    if c in state.stock:
        return "stock"
    if c in state.dead:
        return "dead"
    raise AssertionError(f"{c} is not in a hand, the stock or the dead pile")


def test_sample_spreads_an_unseen_card_uniformly_during_bidding():
    """Seat 0 (the dealer) in the auction: an unseen card is in hands 1, 2, 3 or the stock 9:9:9:18."""
    state = new_game(Rules(), dealer=0, seed=31)
    state = drive(state, Bid(4), PASS)
    seen = view(state, 0)
    target = state.hand(2)[4]
    assert target in seen.unseen
    rng = random.Random(99)
    counts = collections.Counter()
    samples = 1800
    for _ in range(samples):
        sample = sample_state(seen, rng)
        assert sample.hand(0) == state.hand(0)
        counts[where(sample, target)] += 1
    shares = {1: 9 / 45, 2: 9 / 45, 3: 9 / 45, "stock": 18 / 45}
    assert chi_square(counts, shares) < CHI2_CRITICAL_P001[3], counts


def seat_out_in_play():
    """Hearts trump, seat 3 announced out; seat 0 (bidder) leads trick 2. Dealer 3.

    Seat 0: AH KH QH and 6 clubs (dead), refilled with 2C 3C 4C. Seat 1: JH 10H 9H 8H 7H 6H and
    3 clubs, so it keeps 6 trumps and receives nothing. Seats 2 and 3 are dealt only dead cards;
    seat 2 receives 4H 3H 2H JD 3D 5C, seat 3 six spades. Seat 0 and its partner seat 2 stop
    without looking, so the last 3 stock cards (BJ RJ 5H) are dead, unseen. Trick 1: AH, JH,
    2H, and seat 3 is announced out.
    """
    deck = arranged_deck(
        {
            0: "AH KH QH 6C 7C 8C 9C 10C JC",
            1: "JH 10H 9H 8H 7H 6H QC KC AC",
            2: "2D 4D 5D 6D 7D 8D 9D 10D QD",
            3: "KD AD 2S 3S 4S 5S 6S 7S 8S",
        },
        dealer=3,
        stock="2C 3C 4C 4H 3H 2H JD 3D 5C 9S 10S JS QS KS AS BJ RJ 5H",
    )
    state = drive(new_game(Rules(), dealer=3), deck, Bid(4), PASS, PASS, PASS, NameTrump(Suit.HEARTS))
    return drive(state, STOP, STOP, Play(card("AH")), Play(card("JH")), Play(card("2H")))


def test_sample_spreads_unseen_cards_uniformly_when_a_seat_is_out():
    """Uniform over the placements that respect counts and R-PLAY-3 (an out seat holds no trump).

    Seat 0's view after trick 1 of :func:`seat_out_in_play`. Unseen: 12 trumps and 7 dead cards in
    hand 1 (5 cards, all trumps: it received no refill card), hand 2 (5 cards, any: all refilled),
    hand 3 (6 cards, no trump: out) and the 3 unseen dead stock cards (any). So hand 1 takes 5
    trumps, hand 3 none, and hand 2 takes t of the 7 others (4 or 5) with the dead pile the rest:
    ways comb(5, 4) * comb(3, 3) = 5 for t = 4 and comb(5, 5) * comb(3, 2) = 3 for t = 5, so
    E[t] = 35/8 and the dead pile expects 21/8 trumps. A given unseen trump is in hand 1, hand 2,
    the dead pile with 5/12, 35/96, 21/96 (40:35:21). A given unseen dead card is in hand 2, hand 3,
    the dead pile with (5 - 35/8)/7, 6/7, (3 - 21/8)/7 = 5/56, 48/56, 3/56.
    """
    state = seat_out_in_play()
    assert state.to_act == 0 and state.out == {3}
    assert [e.item for e in state.history if isinstance(e.item, SeatOut)] == [SeatOut(3)]
    seen = view(state, 0)
    trump_card, dead_card = card("10H"), card("9S")
    assert len(seen.unseen) == 19 and {trump_card, dead_card} <= set(seen.unseen)
    rng = random.Random(2024)
    trump_counts, dead_counts = collections.Counter(), collections.Counter()
    for _ in range(1500):
        sample = sample_state(seen, rng)
        assert not any(c in sample.hand(3) for c in trump_order(Suit.HEARTS))
        trump_counts[where(sample, trump_card)] += 1
        dead_counts[where(sample, dead_card)] += 1
    assert 3 not in trump_counts and 1 not in dead_counts
    trump_shares = {1: 40 / 96, 2: 35 / 96, "dead": 21 / 96}
    dead_shares = {2: 5 / 56, 3: 48 / 56, "dead": 3 / 56}
    assert chi_square(trump_counts, trump_shares) < CHI2_CRITICAL_P001[2], trump_counts
    assert chi_square(dead_counts, dead_shares) < CHI2_CRITICAL_P001[2], dead_counts


def test_placements_after_an_early_end_are_uniform_over_those_that_fit():
    """R-PLAY-7: after an early end, the claimed cards are in the claiming team's hands and no
    other point card is; every placement that fits is equally likely.

    Hearts trump, team A (seats 0 and 2) claimed AH. Unseen: AH, the point card 10H, the trump 8H
    worth nothing, and the dead cards 2C 3C 4C; seat 0 holds 2 of them, seat 2 holds 2, the dead
    pile 2. Of the 90 ways to lay them out, 24 fit (10H in the dead pile beside one of 8H 2C 3C
    4C, so AH is in a hand of team A); each is drawn with chance 1/24.
    """
    table = table_for(Suit.HEARTS, Rules())
    places = [
        PlaceInfo(Place.HAND_0, 2, True, True),
        PlaceInfo(Place.HAND_2, 2, True, True),
        PlaceInfo(Place.DEAD, 2, True, True),
    ]
    claimed, unseen = [card("AH")], list(parse_cards("10H 8H 2C 3C 4C"))

    def layout(placed):
        return tuple(frozenset(map(str, cards)) for _, cards in placed)

    fits = set()
    for order in itertools.permutations(claimed + unseen):
        hands = [set(order[:2]), set(order[2:4]), set(order[4:])]
        if card("AH") not in hands[0] | hands[1] or card("10H") not in hands[2]:
            continue
        fits.add(tuple(frozenset(map(str, cards)) for cards in hands))
    assert len(fits) == 24
    rng = random.Random(11)
    counts = collections.Counter(
        layout(place(list(unseen), list(claimed), places, table, 0, rng)) for _ in range(4800)
    )
    assert set(counts) == fits
    assert chi_square(counts, dict.fromkeys(fits, 1 / 24)) < CHI2_CRITICAL_P001[23], counts


def test_placements_where_a_seat_holds_a_trump_are_uniform_over_those_that_fit():
    """R-PLAY-3: the seat to play holds a trump, or it would have been announced out; the
    placements where it does are equally likely.

    Hearts trump, seat 1 to play. Unseen: the trumps AH 8H and the dead cards 2C 3C 4C 5C 6C;
    seat 1 holds 2 of them, seat 2 holds 3, the dead pile 2. Laid out every way, the placements
    with a trump in seat 1's hand give the shares of (trumps in hand 1, hand 2, the dead pile)
    that the draws must show.
    """
    table = table_for(Suit.HEARTS, Rules())
    places = [
        PlaceInfo(Place.HAND_1, 2, True, True),
        PlaceInfo(Place.HAND_2, 3, True, True),
        PlaceInfo(Place.DEAD, 2, True, True),
    ]
    unseen = list(parse_cards("AH 8H 2C 3C 4C 5C 6C"))
    trumps = set(parse_cards("AH 8H"))

    def split(hands):
        return tuple(len(trumps & set(cards)) for cards in hands)

    fits = collections.Counter()
    for order in itertools.permutations(unseen):
        hands = [order[:2], order[2:5], order[5:]]
        if trumps & set(hands[0]):
            fits[split(hands)] += 1
    assert set(fits) == {(1, 1, 0), (1, 0, 1), (2, 0, 0)}
    rng = random.Random(3)
    counts = collections.Counter(
        split([cards for _, cards in place(list(unseen), [], places, table, None, rng, least=(0, 1, 0, 0))])
        for _ in range(3000)
    )
    shares = {key: n / sum(fits.values()) for key, n in fits.items()}
    assert chi_square(counts, shares) < CHI2_CRITICAL_P001[2], counts


def test_a_placement_that_cannot_fit_is_refused():
    """What no placement fits is refused, not drawn: more places than cards, no point card for a
    turned-up card that must be one (R-LOOK-2, ``look_take=point_cards_only``), a trump and no
    place for it, and a claiming team without the trump it holds after an early end (R-PLAY-7)."""
    table = table_for(Suit.HEARTS, Rules(look_take=LookTake.POINT_CARDS_ONLY))
    rng = random.Random(1)
    hand_0 = PlaceInfo(Place.HAND_0, 2, True, True)
    dead = PlaceInfo(Place.DEAD, 1, False, True)
    turned = PlaceInfo(Place.TURNED, 1, True, False, takeable_only=True)
    out = PlaceInfo(Place.HAND_1, 1, False, True)
    assert place(list(parse_cards("AH 2C")), [], [hand_0, dead], table, None, rng) is None
    assert place(list(parse_cards("8H 2C")), [], [turned, dead], table, None, rng) is None
    assert [
        cards for _, cards in place(list(parse_cards("AH 2C")), [], [turned, dead], table, None, rng)
    ] == [
        [card("AH")],
        [card("2C")],
    ]
    assert place(list(parse_cards("8H 2C")), [], [out, dead], table, None, rng) is None
    assert place(list(parse_cards("2C 3C")), [], [hand_0], table, 0, rng, team_trump=True) is None
    ((info, cards),) = place(list(parse_cards("2C 3C")), [], [hand_0], table, 0, rng)
    assert info is hand_0 and set(cards) == set(parse_cards("2C 3C"))


# --- 4. the sample hides what it should and keeps what is known ----------------------------------


def public_facts(state):
    return (
        state.phase,
        state.to_act,
        state.is_chance,
        state.is_over,
        state.hand_number,
        state.dealer,
        state.first_dealer,
        state.scores,
        state.outcome,
        state.results,
        state.bids,
        state.high_bid,
        state.bidder,
        state.bid,
        state.trump,
        state.middle,
        state.takeable,
        state.dead_face_up,
        len(state.dead),
        len(state.stock),
        state.turned_card is not None,
        state.trick,
        state.tricks,
        state.out,
        state.points_taken,
        tuple(len(h) for h in state.hands),
    )


def states_for_hidden_checks():
    """(situation, state): the auction, the look with a turned card, and play."""
    yield "bidding", drive(new_game(Rules(), dealer=0, seed=31), Bid(4), PASS)
    yield "play", seat_out_in_play()
    state = new_game(Rules(), dealer=2, seed=5)
    table = Table(random.Random(11), loaded=0)
    while state.turned_card is None:
        state = table.step(state)
    yield "look_turned", state


@pytest.mark.parametrize("observer", OBSERVERS)
def test_sample_differs_in_hidden_cards_and_keeps_own_hand_and_public_facts(observer):
    """Other hands change from sample to sample; the seat's own hand and public facts do not."""
    for name, state in states_for_hidden_checks():
        rng = random.Random(name)
        differs = set()
        for _ in range(6):
            sample = sample_and_check(state, observer, rng)
            assert public_facts(sample) == public_facts(state), name
            if observer is not None:
                assert sample.hand(observer) == state.hand(observer), name
                if state.to_act == observer:
                    assert legal_actions(sample) == legal_actions(state), name
                    assert sample.turned_card == state.turned_card, name
            differs |= {s for s in range(4) if s != observer and sample.hand(s) != state.hand(s)}
        assert differs, f"no sample differs from the real {name} state in another seat's hand"


def test_sample_of_a_spectator_view_redeals_every_hand():
    """A spectator knows no hand: over a few samples, every seat's hand differs at least once."""
    state = drive(new_game(Rules(), dealer=0, seed=31), Bid(4), PASS)
    rng = random.Random(1)
    differs = set()
    for _ in range(4):
        sample = sample_and_check(state, None, rng)
        differs |= {s for s in range(4) if sample.hand(s) != state.hand(s)}
    assert differs == {0, 1, 2, 3}


# --- 5. bad input and reproducibility -------------------------------------------------------------


def test_sample_state_refuses_a_non_view():
    state = new_game(Rules(), seed=1)
    with pytest.raises(TypeError, match="SeatView"):
        sample_state(state, random.Random(1))
    with pytest.raises(TypeError, match="SeatView"):
        sample_state(view(state, 0).to_dict(), random.Random(1))


def test_sample_state_refuses_a_non_random_rng():
    seen = view(new_game(Rules(), seed=1), 0)
    for rng in (1, None, "seed", random):
        with pytest.raises(TypeError, match=r"random\.Random"):
            sample_state(seen, rng)


def test_sample_state_refuses_a_view_whose_scores_no_game_gives():
    """R-END-1: before any hand was scored a game may stand at any scores it was started at
    (``new_game(scores=...)``), but not at a score past the target, which has won: a view changed
    by hand to say so comes from no game, and sampling it raises SamplingError."""
    seen = view(seat_out_in_play(), 0)
    assert seen.hand_number == 1 and seen.last_result is None and seen.scores == (0, 0)
    started = attrs.evolve(seen, scores=(5, 0))
    assert view(sample_state(started, random.Random(1)), 0) == started
    with pytest.raises(SamplingError):
        sample_state(attrs.evolve(seen, scores=(seen.rules.target + 1, 0)), random.Random(1))


NO_GAME = "no game state is consistent with this view"


def test_sample_state_says_what_it_was_given():
    seen = view(new_game(Rules(), seed=1), 0)
    with pytest.raises(TypeError) as info:
        sample_state(5, random.Random(1))
    assert str(info.value) == "sample_state() takes a SeatView, not int"
    with pytest.raises(TypeError) as info:
        sample_state(seen, 3)
    assert str(info.value) == "sample_state() takes a random.Random, not int"
    with pytest.raises(ValueError, match="weighting") as info:
        sample_state(seen, random.Random(1), weighting="uniform")
    assert str(info.value) == 'weighting is "placements" or "shuffle", not \'uniform\''
    with pytest.raises(TypeError) as info:
        sample_state(seen, random.Random(1), weighting=b"shuffle")
    assert str(info.value) == 'weighting is "placements" or "shuffle", not b\'shuffle\''


def _a_later_hand_in_play():
    """A view of hand 2 or later, in play, with the last hand's result (a seeded random game)."""
    rng = random.Random(8)
    state = new_game(Rules(), seed=8)
    while not (state.hand_number > 1 and state.results and state.phase is Phase.PLAY):
        state = apply(state, rng.choice(legal_actions(state)))
    return view(state, 1)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda v: {"scores": (v.scores[0] + 1, v.scores[1])}, id="scores-off-the-last-result"),
        pytest.param(
            lambda v: {"last_result": attrs.evolve(v.last_result, hand_number=v.hand_number)},
            id="last-result-of-this-hand",
        ),
        pytest.param(lambda v: {"dealer": (v.dealer + 1) % 4}, id="dealer-out-of-turn"),
        pytest.param(lambda v: {"ply": 0}, id="ply-below-the-actions"),
        pytest.param(lambda v: {"bids": (13, 13, 13, 13)}, id="bids-the-history-does-not-give"),
    ],
)
def test_sample_state_refuses_a_view_that_no_game_gives(change):
    """A view changed by hand in a way no game can show is refused with SamplingError: its account
    of the hands before (the scores and the last result, R-SCORE-2; the dealer, R-DEAL-2; the move
    count) at once, anything else once no deal of the hand gives it."""
    v = _a_later_hand_in_play()
    assert sample_state(v, random.Random(1)) is not None
    with pytest.raises(SamplingError) as info:
        sample_state(attrs.evolve(v, **change(v)), random.Random(1))
    assert str(info.value) == NO_GAME


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"seat": 7}, id="seat-7"),
        pytest.param({"seat": "1"}, id="seat-a-str"),
        pytest.param({"to_act": 9}, id="to-act-9"),
        pytest.param({"rules": None}, id="rules-none"),
        pytest.param({"last_result": "x"}, id="last-result-a-str"),
        pytest.param({"history": ("junk",)}, id="history-junk"),
    ],
)
def test_a_view_made_by_hand_with_a_field_no_game_gives_is_refused_as_from_no_game(change):
    """A view made in code is refused where it is made when a field is not of its type or
    range (``SeatView.seat is from 0 to 3, not 7``). One whose slots were set past that check
    still comes from no game: whatever breaks in reading it is SamplingError (before, a
    KeyError, IndexError, AttributeError or a bare AssertionError)."""
    v = _a_later_hand_in_play()
    (name,) = change
    with pytest.raises((TypeError, ValueError), match=rf"^SeatView\.{name}(\[\d+\])? is "):
        attrs.evolve(v, **change)
    forced = copy.copy(v)
    object.__setattr__(forced, name, change[name])
    with pytest.raises(SamplingError, match=r"^no game state is consistent with this view \(\w+Error: "):
        sample_state(forced, random.Random(1))


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        pytest.param(
            lambda v: {"history": (*v.history[:-1], unchecked(SeenEntry, seat=0, item="x"))},
            TypeError,
            r"SeatView\.history\[\d+\]\.item is a seat's action or an event a seat sees, not 'x'$",
            id="an-entry-holding-a-str",
        ),
        pytest.param(
            lambda v: {"history": (unchecked(SeenEntry, seat=9, item=PASS), *v.history[1:])},
            ValueError,
            r"SeatView\.history\[0\]\.seat is from 0 to 3, not 9$",
            id="an-entry-of-seat-9",
        ),
        pytest.param(
            lambda v: {
                "history": (
                    unchecked(
                        SeenEntry,
                        seat=None,
                        item=unchecked(DealSeen, hand_number=1, dealer=0, cards=(None,) * 9),
                    ),
                    *v.history[1:],
                )
            },
            TypeError,
            r"SeatView\.history\[0\]\.item\.cards\[0\] is a Card, not None$",
            id="a-deal-of-no-cards",
        ),
        pytest.param(
            lambda v: {
                "tricks": (
                    unchecked_evolve(v.tricks[0], winner=7),
                    *v.tricks[1:],
                )
            },
            ValueError,
            r"SeatView\.tricks\[0\]\.winner is from 0 to 3, not 7$",
            id="a-trick-won-by-seat-7",
        ),
        pytest.param(
            lambda v: {"last_result": unchecked_evolve(v.last_result, scores=("48", 30))},
            TypeError,
            r"SeatView\.last_result\.scores\[0\] is an int, not '48'$",
            id="a-result-of-a-str-score",
        ),
    ],
)
def test_what_a_view_made_by_hand_holds_is_checked_inside_too(change, error, message):
    """The entries of a view's history, its tricks and its last result are of their types
    inside too, where ``to_json`` failed on an entry holding a str with a bare AssertionError.
    (A trick or a result is checked as it is made: these are made past their checks, as ones
    unpickled would be.)"""
    rng = random.Random(8)
    state = new_game(Rules(), seed=8)
    while not (state.results and view(state, 1).tricks):  # a trick and a last result to change
        state = apply(state, rng.choice(legal_actions(state)))
    v = view(state, 1)
    with pytest.raises(error, match=message):
        attrs.evolve(v, **change(v))


def test_a_view_waiting_for_its_first_deal_samples_to_itself_or_is_refused():
    """A game started at a later hand and waiting for its deal (what a sample between hands is):
    the sample keeps its scores and last result; changed by hand, it is refused."""
    later = _a_later_hand_in_play()
    first = view(new_game(Rules(), dealer=2), 1)
    hand = later.last_result.hand_number + 1
    v = attrs.evolve(
        first,
        hand_number=hand,
        dealer=(2 + hand - 1) % 4,
        last_result=later.last_result,
        scores=later.last_result.scores,
    )
    sample = sample_state(v, random.Random(1))
    assert view(sample, 1) == v and sample.is_chance and sample.scores == later.last_result.scores
    with pytest.raises(SamplingError) as info:
        sample_state(attrs.evolve(v, bids=(5, None, None, None)), random.Random(1))
    assert str(info.value) == NO_GAME


def test_sample_state_same_seed_same_sample():
    """The same rng seed gives the same sample; other seeds give other samples."""
    state = seat_out_in_play()
    for observer in OBSERVERS:
        seen = see(state, observer)
        first = sample_state(seen, random.Random(42))
        assert sample_state(seen, random.Random(42)) == first
        assert first.history == sample_state(seen, random.Random(42)).history
        others = {sample_state(seen, random.Random(n)).hands for n in range(43, 47)}
        assert others - {first.hands}


def test_sample_state_accepts_a_system_random_source():
    """Any random.Random works, the operating system's source included."""
    state = seat_out_in_play()
    sample = sample_state(view(state, 0), random.SystemRandom())
    assert view(sample, 0) == view(state, 0)
    assert isinstance(sample.hand(0)[0], Card)


def _looked_under_point_cards_only(seat_0: str, stock: str, given_up: list[str]) -> GameState:
    """Seat 0 holds ``seat_0``, bids 5 alone and names hearts under ``look_take=point_cards_only``;
    in the look it turns up and takes a card for each of ``given_up``, then stops, and so does
    its partner. Seat 1 holds AH KH JH 10H BJ RJ, the point cards not dealt elsewhere."""
    hands = {
        0: parse_cards(seat_0),
        1: parse_cards("AH KH JH 10H BJ RJ 10C JC QC"),
        2: parse_cards("9H 8H 7H KC AC 2S 3S 4S 5S"),
        3: parse_cards("6H 5H 4H 6S 7S 8S 9S 10S JS"),
    }
    rules = Rules(look_take=LookTake.POINT_CARDS_ONLY)
    state = apply(new_game(rules, dealer=3), arranged_deck(hands, dealer=3, stock=parse_cards(stock)))
    for text in ["bid 5", "pass", "pass", "pass", "trump H"]:
        state = apply(state, parse_action(text))
    for shed in given_up:
        state = apply(apply(state, parse_action("turn up")), parse_action(f"give up {shed}"))
    state = apply(apply(state, STOP), STOP)
    assert state.phase is Phase.PLAY
    return state


def _took_every_unseen_point_card() -> GameState:
    """Seat 0 (trump hearts, ``look_take=point_cards_only``) has turned up and taken JD, 3H, 3D
    and 2H, the four point cards seat 1 does not hold, giving up three dead cards face down and
    then QH face up (a trump, but no point card, so not one it took)."""
    state = _looked_under_point_cards_only(
        "QH 2C 3C 4C 5C 6C 7C 8C 9C",
        "QS KS AS 2D 4D 5D 6D 7D 8D 9D 10D JD 3H 3D 2H QD KD AD",
        ["QS", "KS", "AS", "QH"],
    )
    assert set(parse_cards("JD 3H 3D 2H")) <= set(state.hand(0))
    return state


def test_a_seat_that_took_every_unseen_point_card_in_the_look_holds_them_in_every_sample():
    """R-LOOK-2 under ``look_take=point_cards_only``: what a seat takes in the look are point
    cards. Every sample of seat 1's view gives seat 0 the four it took: a placement that does not
    is drawn again before any deal is sought, and no sample fails."""
    seen = view(_took_every_unseen_point_card(), 1)
    for n in range(more(40)):
        sample = sample_state(seen, random.Random(n))
        assert set(parse_cards("JD 3H 3D 2H")) <= set(sample.hand(0))


def test_a_point_card_given_up_face_up_at_the_first_look_step_was_not_one_taken():
    """R-LOOK-2, R-LOOK-4 under ``look_take=point_cards_only``: seat 0 takes JD, 3D and 2H (the
    point cards seat 1 does not see) and gives up 3H face up at the first step, which it held
    before the look (nothing was taken before that step), then two dead cards face down. The
    three it took are still in its hand: every sample of seat 1's view holds them there."""
    state = _looked_under_point_cards_only(
        "QH 3H 3C 4C 5C 6C 7C 8C 9C",
        "QS KS AS 2D 4D 5D 6D 7D 8D 9D JD 3D 2H 2C 10D QD KD AD",
        ["3H", "QS", "KS"],
    )
    taken = set(parse_cards("JD 3D 2H"))
    assert state.phase is Phase.PLAY and taken <= set(state.hand(0))
    seen = view(state, 1)
    for n in range(more(40)):
        assert taken <= set(sample_state(seen, random.Random(n)).hand(0))


def test_a_view_no_placement_fits_is_given_up_after_one_budget_of_placements(monkeypatch):
    """When no placement drawn fits the cards taken in the look (here: none is let fit, and the
    budget is 5), the sample stops at once with SamplingError, not after the other tries of a
    deal (400 budgets of placements, most of a minute)."""
    seen = view(_took_every_unseen_point_card(), 1)
    placed = []
    monkeypatch.setattr(_placing, "PLACEMENTS", 5)
    monkeypatch.setattr(_placing, "_takes_fit", lambda *args: placed.append(1) and False)
    with pytest.raises(SamplingError, match="no game state is consistent with this view"):
        sample_state(seen, random.Random(1))
    assert len(placed) == 5


@pytest.mark.parametrize("fits", ["every placement", "the first only"])
def test_a_view_whose_fitting_placements_the_shuffle_never_keeps_is_given_up_after_keeps_budgets(
    monkeypatch, fits
):
    """With weighting="shuffle", a placement that fits is kept with a chance; once one has fit,
    the placements that do not no longer count against the budget, and the sample stops after
    ``KEEPS`` budgets of placements in all (here none is kept, the budget is 5 and KEEPS 3)."""
    seen = view(_took_every_unseen_point_card(), 1)
    drawn = []

    def takes_fit(*args):
        drawn.append(1)
        return fits == "every placement" or len(drawn) == 1

    monkeypatch.setattr(_placing, "PLACEMENTS", 5)
    monkeypatch.setattr(_placing, "KEEPS", 3)
    monkeypatch.setattr(_placing, "_takes_fit", takes_fit)
    monkeypatch.setattr(_placing, "look_accepts", lambda *args: False)
    with pytest.raises(SamplingError, match="no game state is consistent with this view"):
        sample_state(seen, random.Random(1), weighting="shuffle")
    assert len(drawn) == 15


def test_a_place_made_in_code_is_checked():
    """A place of -1 cards, or one whose trumps flag is a str, was kept."""
    assert PlaceInfo(Place.STOCK, 3, True, False).max_dead is None
    for make, error, message in [
        (lambda: PlaceInfo("stock", 3, True, False), TypeError, r"PlaceInfo\.place must be a Place, not str"),
        (lambda: PlaceInfo(Place.STOCK, -1, True, False), ValueError, r"PlaceInfo\.count must be 0 or more"),
        (lambda: PlaceInfo(Place.STOCK, 3, "yes", False), TypeError, r"PlaceInfo\.trumps must be a bool"),
        (
            lambda: PlaceInfo(Place.DEAD, 3, False, True, 55),
            ValueError,
            r"PlaceInfo\.max_dead must be at most 54",
        ),
    ]:
        with pytest.raises(error, match=message):
            make()
