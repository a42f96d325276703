"""Edges of the rules that random play reaches rarely: each test pins one down exactly.

Some are checked over a few hundred seeded random games steered into the edge (a chosen trump,
a chosen dealer, an option), so that they run in the fast subset of the suite that mutation
testing runs; others are arranged deals.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
from pathlib import Path

import attrs
import pytest

import pitch13
from helpers import card, drive, events, unchecked
from pitch13 import (
    DECK,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Card,
    Deal,
    Discard,
    GameRecord,
    GiveUp,
    HistoryEntry,
    IllegalActionError,
    NameTrump,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    RulesError,
    SeatView,
    Stop,
    Suit,
    Take,
    apply,
    legal_actions,
    new_game,
    replay,
    sample_state,
    spectator_view,
    team_of,
    view,
)
from pitch13 import events as ev
from pitch13.arena import match, play_pair
from pitch13.engine import MAX_SEED
from pitch13.events import (
    CardRejected,
    HandDealt,
    HandEndedEarly,
    HandThrownIn,
    SeatOut,
    ThrowInReason,
    TrickWon,
)
from pitch13.rules import JokerOrder, LeadFallback
from pitch13.scoring import HandResult, Outcome, PointCard, Termination, Trick
from pitch13.seen import DealSeen, GiveUpSeen, RefillSeen, RejectSeen, SeenEntry, TurnUpSeen, seen_history
from pitch13.simulate import HandLine, simulate, simulate_game
from pitch13.testing import check_invariants
from pitch13.trumps import card_points, is_trump, trump_order, trump_power
from test_rules_exchange import LOOK_HANDS, LOOK_REFILL, name_trump
from test_rules_play import lead_stops
from test_rules_play import play as play_moves


def steered_games(rules, games, seed, *, trump=None, dealers=range(4), hands=3):
    """Random games (``hands`` hands each) in which the bidder names ``trump`` when given (or,
    for ``"longest"``, the suit some seat holds the most trumps of, so that seats shed).

    Yields ``(before, action, after)`` for every step, then ``(final, None, None)`` for each game.
    """
    for game in range(games):
        rng = random.Random(seed * 1000 + game)
        state = new_game(rules, dealer=dealers[game % len(dealers)])
        while not state.is_over and state.hand_number <= hands:
            if state.is_chance:
                order = list(DECK)
                rng.shuffle(order)
                action = Deal(order)
            elif state.phase is Phase.TRUMP and trump == "longest":
                action = NameTrump(max(Suit, key=lambda suit: longest_holding(state, suit)))
            elif state.phase is Phase.TRUMP and trump is not None:
                action = NameTrump(trump)
            else:
                action = rng.choice(legal_actions(state))
            after = apply(state, action)
            yield state, action, after
            state = after
        yield state, None, None


def longest_holding(state, suit):
    return max(sum(is_trump(c, suit, state.rules) for c in state.hand(seat)) for seat in range(4))


# --- the history ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(all_pass="redeal", pickup="any_trump"),
        Rules(short_stock="redeal", lead_fallback="left"),
    ],
    ids=["default", "redeal-any-trump", "short-redeal-left"],
)
def test_every_action_is_logged_with_its_seat_and_nothing_is_ever_dropped(rules):
    """Each action is the first new history entry, with the seat that took it (``None`` for a
    deal); and the history at the end is every step's new entries in order: nothing is lost when
    a hand is thrown in (R-BID-2, R-FILL-2) or scored."""
    kinds = set()
    logged: list[HistoryEntry] = []
    for before, action, after in steered_games(rules, 30, seed=1):
        if action is None:
            assert before.history == tuple(logged)
            assert before.history_len == len(logged)
            logged = []
            continue
        new = after.history_since(before.history_len)
        seat = None if isinstance(action, Deal) else before.to_act
        assert new[0] == HistoryEntry(seat, action), (before.phase, action)
        assert after.history_len == before.history_len + len(new)
        logged += new
        kinds.add((before.phase, type(action)))
    assert (Phase.PLAY, Stop) not in kinds
    assert {(Phase.BIDDING, Pass), (Phase.LOOK, Stop), (Phase.DEAL, Deal)} <= kinds


def test_an_all_pass_redeal_keeps_the_thrown_in_hand_in_the_history():
    """R-BID-2: under all_pass=redeal the passes and the HandThrownIn stay in the history, and the
    next hand is dealt by the next dealer."""
    state = new_game(Rules(all_pass="redeal"), seed=4)
    state = drive(state, Pass(), Pass(), Pass(), Pass())
    assert state.hand_number == 2 and state.dealer == 1
    items = [entry.item for entry in state.history]
    assert items.count(Pass()) == 4
    assert events(state, HandThrownIn) == [HandThrownIn(1, ThrowInReason.ALL_PASSED)]
    assert [e.hand_number for e in events(state, HandDealt)] == [1, 2]
    assert [(e.seat, e.item) for e in state.history if e.item == Pass()] == [
        (1, Pass()),
        (2, Pass()),
        (3, Pass()),
        (0, Pass()),
    ]


# --- the look --------------------------------------------------------------------------------------


def look(order, rules=None, hands=LOOK_HANDS):
    state = name_trump(hands, stock=f"{LOOK_REFILL} {order}", rules=rules)
    assert state.phase is Phase.LOOK and state.to_act == 0
    return state


def test_r_look_2_giving_up_a_card_for_the_last_stock_card():
    """R-LOOK-2: the bidder takes the last stock card, giving up 9D: the card is in the hand, 9D
    is dead, the stock is empty, no card is lost or doubled, and play begins."""
    state = look("QD KD AD 4H RJ 3D 3H")  # the non-trumps are rejected at once
    state = drive(
        state, TURN_UP, TURN_UP, TURN_UP, TURN_UP, REJECT, TURN_UP, REJECT, TURN_UP, REJECT, TURN_UP
    )
    assert state.turned_card == card("3H") and state.stock == ()
    state = drive(state, GiveUp(card("9D")))
    assert card("3H") in state.hand(0) and card("9D") not in state.hand(0)
    assert len(state.hand(0)) == 6
    assert set(state.dead) >= {card("9D"), card("QD"), card("4H")}
    assert state.stock == () and state.turned_card is None
    assert state.phase is Phase.PLAY
    check_invariants(state)


def test_r_look_2_a_turned_up_two_of_clubs_is_a_turned_card():
    """R-LOOK-2: the 2 of clubs (the first card of the deck) turned up is a card like any other:
    under look_take=any_card it waits to be taken or rejected; under any_trump, not being a trump,
    it is rejected at once."""
    hands = {**LOOK_HANDS, 1: "AH KH QH JH QD 3C 4C 5C 6C"}  # 2C is in the stock
    state = drive(look("2C 3H 4H RJ KD 3D AD", Rules(look_take="any_card"), hands), TURN_UP)
    assert state.turned_card == card("2C")
    assert legal_actions(state)[0] == REJECT
    assert view(state, 0).turned_card == card("2C")
    state = drive(state, GiveUp(card("9D")))
    assert card("2C") in state.hand(0) and state.turned_card is None

    state = drive(look("2C 3H 4H RJ KD 3D AD", Rules(), hands), TURN_UP)
    assert state.turned_card is None
    assert state.history[-1].item == CardRejected(0, card("2C"))
    assert legal_actions(state) == (TURN_UP, STOP)


@pytest.mark.parametrize("step", [REJECT, GiveUp(card("9D"))], ids=["reject", "give up"])
def test_r_look_2_trump_stays_named_through_the_look(step):
    """R-TRUMP-1, R-LOOK-2: after a card is rejected or taken in the look, trump is still hearts, as
    the state, every view, and a pickled copy of the state tell."""
    state = drive(look("3H QD 4H RJ KD 3D AD"), TURN_UP, step)
    assert state.trump is Suit.HEARTS
    assert all(view(state, seat).trump is Suit.HEARTS for seat in range(4))
    assert spectator_view(state).trump is Suit.HEARTS
    assert pickle.loads(pickle.dumps(state)).trump is Suit.HEARTS
    assert card("3H") in (state.hand(0) if isinstance(step, GiveUp) else state.dead_face_up)


# --- the pick-up ------------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r_pick_1_the_pick_up_is_one_pass_from_the_dealers_left(dealer):
    """R-PICK-1: whoever deals, the seats that pick up act in one pass clockwise from the dealer's
    left: each seat's place in that order never goes back within a hand."""
    passes = 0
    last_place = -1
    games = steered_games(Rules(pickup="any_trump"), 100, seed=dealer + 10, trump="longest", dealers=[dealer])
    for before, action, _after in games:
        if action is None or before.phase is not Phase.PICKUP:
            if action is not None and before.phase is Phase.DEAL:
                last_place = -1
            continue
        place = (before.to_act - before.dealer - 1) % 4
        assert place >= last_place, (before.dealer, before.to_act)
        if place > last_place:
            passes += 1
        last_place = place
    assert passes > 10


# --- play ----------------------------------------------------------------------------------------------


def trick_points(rules, trick, trump):
    """The points of a finished trick by team, as R-PLAY-6 gives them."""
    points = [0, 0]
    for seat, played in trick.plays:
        value = card_points(played, trump, rules)
        is_deuce = played == Card.of(Rank.TWO, trump)
        taker = seat if is_deuce and rules.deuce_to.value == "player" else trick.winner
        points[team_of(taker)] += value
    return tuple(points)


@pytest.mark.parametrize("deuce_to", ["player", "trick_winner"])
@pytest.mark.parametrize("trump", list(Suit))
def test_r_play_6_the_two_of_trump_goes_where_the_option_says_in_every_suit(deuce_to, trump):
    """R-PLAY-6: every trick's points go to the winner's team, but the 2 of trump's to its player's
    team under deuce_to=player; clubs too, whose 2 is the first card of the deck, and with the
    3 of trump worth 3."""
    rules = Rules(deuce_to=deuce_to)
    seen_deuce_lost = 0
    for before, _action, after in steered_games(rules, 40, seed=ord(trump.name[0]), trump=trump):
        if after is None:
            continue
        for event in after.history_since(before.history_len):
            if isinstance(event.item, TrickWon):
                trick = event.item.trick
                assert trick.points == trick_points(rules, trick, trump), trick
                deuce = [seat for seat, played in trick.plays if played == Card.of(Rank.TWO, trump)]
                if deuce and team_of(deuce[0]) != team_of(trick.winner):
                    seen_deuce_lost += 1
    assert seen_deuce_lost > 0


def test_r_play_3_a_seat_is_announced_out_once_a_hand():
    """R-PLAY-3: a seat is announced out at its first turn without trump, and never again that hand,
    even when the lead passes it again (lead_fallback=left)."""
    announced = 0
    for before, action, after in steered_games(Rules(lead_fallback="left"), 80, seed=3):
        if action is None or before.phase is not Phase.PLAY:
            continue
        new = [e.item.seat for e in after.history_since(before.history_len) if isinstance(e.item, SeatOut)]
        for seat in new:
            assert seat not in before.out, f"seat {seat} announced out twice"
        if after.hand_number == before.hand_number:
            assert set(new) <= set(after.out)
        announced += len(new)
    assert announced > 50


def leads_stopped_at_a_team_out(states):
    """``(hand, leader, seat on its left)`` for each early end in ``states`` where the seat due to
    lead was announced out, which put its team out, while the next seat not announced, on its
    left, held no trump either: the lead would have passed to it under ``lead_fallback=left``."""
    found = []
    for before, after in itertools.pairwise(states):
        new = [entry.item for entry in after.history_since(before.history_len)]
        ends = [k for k, item in enumerate(new) if isinstance(item, HandEndedEarly)]
        if not ends or ends[0] < 2:
            continue
        k = ends[0]
        announced, trick = new[k - 1], new[k - 2]
        if not isinstance(trick, TrickWon) or announced != SeatOut(trick.trick.winner):
            continue  # not the trick's winner alone announced out as it was due to lead
        leader = announced.seat
        out = set(before.out) | {item.seat for item in new[:k] if isinstance(item, SeatOut)}
        left = next(s % 4 for s in range(leader + 1, leader + 4) if s % 4 not in out)
        held = set(before.hand(left)) - set(trick.trick.cards)
        if not any(is_trump(c, before.trump, before.rules) for c in held):
            found.append((before.hand_number, leader, left))
    return found


def test_r_play_7_r_play_4_a_golden_game_ends_early_where_the_lead_would_pass_on():
    """R-PLAY-7 before R-PLAY-4: the golden game left_lead_early_end (lead_fallback=left) has a
    hand that ends early as its leader is announced out after his partner, while the seat on his
    left holds no trump either; its golden steps show that seat not announced."""
    path = Path(__file__).resolve().parent / "golden" / "left_lead_early_end.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_dict(data["record"])
    assert record.rules.lead_fallback is LeadFallback.LEFT
    assert leads_stopped_at_a_team_out(replay(record)) == [(1, 3, 0)]
    (line,) = [step for step in data["steps"] if "HandEndedEarly" in step and step.startswith("h2 ")]
    assert "winner=3, points=(0, 4))) | SeatOut(seat=3) | HandEndedEarly(team=0," in line
    assert "SeatOut(seat=0)" not in line


@pytest.mark.parametrize("observer", [0, 1, 2, 3, None])
def test_r_play_7_r_play_4_a_sample_after_the_lead_stopped_at_a_team_out(observer):
    """R-PLAY-7 before R-PLAY-4, sampled: after the hand of test_rules_play's LEAD_STOPS ends
    (lead_fallback=left; seat 0 announced out after seat 2, seat 1 without trump and not
    announced), every observer's view has samples. The seat on the leader's left is not known
    to hold a trump: here it cannot (the trumps unseen are unclaimed point cards, and no point
    card but those claimed is in the claiming team's hands), so a sampler that put a trump there
    found no sample."""
    before = lead_stops("left")
    state = play_moves(before, "3:4H")
    assert events(state, SeatOut) == [SeatOut(2), SeatOut(0)]
    assert leads_stopped_at_a_team_out([before, state]) == [(1, 0, 1)]
    seen = spectator_view(state) if observer is None else view(state, observer)
    for n in range(5):
        sample = sample_state(seen, random.Random(n))
        assert (spectator_view(sample) if observer is None else view(sample, observer)) == seen


# --- options at their bounds ------------------------------------------------------------------------


def test_options_at_their_bounds():
    """R-BID-3 and R-END-1 at their extremes: a max_bid of 1, a target of a million, the largest seeds."""
    lowest = Rules(min_bid=1, max_bid=1, dealer_forced_min_bid=1)
    state = new_game(lowest, seed=1)
    assert legal_actions(state) == (Pass(), *(a for a in legal_actions(state) if not isinstance(a, Pass)))
    assert [str(a) for a in legal_actions(state)] == ["pass", "bid 1"]
    assert Rules(target=1_000_000).target == 1_000_000
    with pytest.raises(RulesError, match="target"):
        Rules(target=1_000_001)
    with pytest.raises(RulesError, match="max_bid"):
        Rules(max_bid=0)
    assert new_game(seed=-MAX_SEED).seed == -MAX_SEED
    assert new_game(seed=MAX_SEED).seed == MAX_SEED
    for seed in (-MAX_SEED - 1, MAX_SEED + 1):
        with pytest.raises(ValueError, match="seed"):
            new_game(seed=seed)


def test_rules_replace_with_the_off_three_and_max_bid_together():
    """A max_bid given beside use_off_three is kept; without one, max_bid follows the points total."""
    assert Rules().replace(use_off_three=False).max_bid == 10
    assert Rules().replace(use_off_three=False, max_bid=7).max_bid == 7
    assert Rules.classic_ten_point().replace(use_off_three=True).max_bid == 13
    assert Rules.classic_ten_point().replace(use_off_three=True, max_bid=9).max_bid == 9
    with pytest.raises(RulesError, match="max_bid"):
        Rules().replace(use_off_three=False, max_bid=13)


def test_team_of_is_the_partnership():
    """Seats 0 and 2 are team 0, seats 1 and 3 team 1; a result's bidding team is its bidder's."""
    assert [team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    state = new_game(seed=2)
    while not state.results:
        state = apply(state, legal_actions(state)[-1])
    result = state.results[0]
    assert result.bidding_team == team_of(result.bidder)


@pytest.mark.parametrize("trump", list(Suit))
@pytest.mark.parametrize("rules", [Rules(), Rules(joker_order="fixed"), Rules.classic_ten_point()], ids=repr)
def test_a_trumps_power_is_its_place_from_the_bottom_of_the_trump_order(trump, rules):
    """R-RANK-1: from 1 for the lowest trump (the 2) to the number of trumps for the ace; under
    ``joker_order=first_played`` (R-RANK-2) both jokers have the higher joker's power."""
    order = trump_order(trump, rules)
    wanted = [len(order) - place for place in range(len(order))]
    if rules.joker_order is JokerOrder.FIRST_PLAYED:
        low_joker = next(place for place, c in enumerate(order) if c.is_joker) + 1
        wanted[low_joker] = wanted[low_joker - 1]
    assert [trump_power(c, trump, rules) for c in order] == wanted
    assert trump_power(order[-1], trump, rules) == 1
    assert all(trump_power(c, trump, rules) is None for c in pitch13.DECK if c not in order)


# --- the trump helpers' arguments ------------------------------------------------------------------


@pytest.mark.parametrize("helper", [is_trump, card_points, trump_power])
def test_the_trump_helpers_name_the_wrong_argument_and_its_type(helper):
    with pytest.raises(TypeError, match="expected a Card, not str"):
        helper("AH", Suit.HEARTS)
    with pytest.raises(TypeError, match="expected a Suit for trump, not str"):
        helper(card("AH"), "H")


def test_trump_order_names_a_wrong_trump_and_its_type():
    with pytest.raises(TypeError, match="expected a Suit for trump, not int"):
        trump_order(3)
    assert trump_order(Suit.CLUBS)[0] == card("AC")


# --- refusals in words, and a partway game's pickle ------------------------------------------------


def test_a_refusal_says_who_could_not_do_what_and_why():
    """The documented form of an IllegalActionError's message: ``seat 2 cannot play 4♣: ...``,
    ``chance`` for a deal."""
    state = new_game(seed=1)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Bid(1))
    assert str(info.value) == "seat 1 cannot bid 1: the lowest bid is 4"
    with pytest.raises(IllegalActionError) as info:
        apply(state, Deal(DECK))
    assert str(info.value) == "chance cannot deal: hand 1 is already dealt"
    with pytest.raises(IllegalActionError) as info:
        apply(state, Play(card("4C")))
    assert str(info.value) == "seat 1 cannot play 4♣: the game is in the bidding phase"


def test_a_state_sampled_after_a_scored_hand_pickles_with_its_last_result():
    """A game started partway (a sample) keeps the last result and the scores before it through
    pickling, at every protocol."""
    state = new_game(seed=8)
    while state.hand_number < 3 or state.phase is not Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    seat_view = view(state, 2)
    assert seat_view.last_result is not None
    sample = sample_state(seat_view, random.Random(1))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        loaded = pickle.loads(pickle.dumps(sample, protocol))
        assert loaded == sample
        assert loaded.results == sample.results and loaded.results[-1] == seat_view.last_result
        assert loaded.scores == sample.scores and loaded.ply == sample.ply
        assert view(loaded, 2) == seat_view


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"use_off_three": "yes"}, "use_off_three must be True or False, not 'yes'"),
        ({"partner_look": 1}, "partner_look must be True or False, not 1"),
        ({"joker_order": "sideways"}, "joker_order must be one of 'first_played', 'fixed', not 'sideways'"),
        ({"min_bid": "4"}, "min_bid must be an int, not '4'"),
        ({"max_bid": 99}, "max_bid must be from 1 to the points total (13), not 99"),
        ({"min_bid": 9, "max_bid": 8}, "min_bid must be from 1 to max_bid (8), not 9"),
        (
            {"dealer_forced_min_bid": 3},
            "dealer_forced_min_bid must be from min_bid (4) to max_bid (13), not 3",
        ),
        ({"target": 0}, "target must be from 1 to 1000000, not 0"),
    ],
)
def test_invalid_rules_name_the_option_and_the_value_given(options, message):
    """A RulesError names the option at fault, what it may be, and the value it was given."""
    with pytest.raises(RulesError) as info:
        Rules(**options)
    assert str(info.value) == message


class _Spelled(int):
    """An int that writes itself in words."""

    def __str__(self):
        return "thirty-one"

    __format__ = __repr__ = lambda self, *spec: "thirty-one"


def test_rules_keep_an_int_subclass_as_its_plain_value_so_a_record_reads_back():
    rules = Rules(target=_Spelled(31), min_bid=_Spelled(5))
    assert type(rules.target) is int and rules.target == 31 and type(rules.min_bid) is int
    assert rules == Rules(target=31, min_bid=5) and hash(rules) == hash(Rules(target=31, min_bid=5))
    record = pitch13.GameRecord.from_state(pitch13.new_game(rules, seed=1))
    assert pitch13.GameRecord.from_text(record.to_text()) == record
    assert rules.replace(target=_Spelled(40)).target.__class__ is int


def test_a_game_keeps_its_seed_and_bids_given_as_an_int_subclass_as_plain_ints():
    """A seed so given was kept, and its record's text, with the seed in words, did not read back."""
    state = pitch13.new_game(seed=_Spelled(31), dealer=_Spelled(1))
    assert (type(state.seed), type(state.dealer)) == (int, int)
    record = pitch13.GameRecord.from_state(state)
    assert '[Seed "31"]' in record.to_text()
    assert pitch13.GameRecord.from_text(record.to_text()) == record
    made = pitch13.GameRecord(
        Rules(),
        _Spelled(1),
        _Spelled(31),
        record.hands,
        start_hand=_Spelled(1),
        start_scores=[_Spelled(1), 0],
    )
    kept = (made.first_dealer, made.seed, made.start_hand, *made.start_scores)
    assert [type(value) for value in kept] == [int] * 5
    assert (made.first_dealer, made.seed, made.start_hand, made.start_scores) == (1, 31, 1, (1, 0))
    seated = pitch13.HandRecord(record.hands[0].deck, [(_Spelled(1), Bid(5))])
    assert [type(seat) for seat, _ in seated.actions] == [int]
    again = pitch13.GameRecord(Rules(), 0, 31, [seated])
    assert pitch13.GameRecord.from_text(again.to_text()) == again
    bid = Bid(_Spelled(5))
    assert type(bid.amount) is int and repr(bid) == "Bid(amount=5)"

    class Claims(int):
        """An int whose own __int__ claims another value: its value is what is kept."""

        def __int__(self):
            return 9

    state = pitch13.new_game(seed=Claims(3), dealer=Claims(1), scores=(Claims(2), 0), hand_number=Claims(2))
    assert (state.seed, state.dealer, state.scores, state.hand_number) == (3, 1, (2, 0), 2)
    made = pitch13.GameRecord(Rules(), Claims(1), Claims(3), [], start_hand=Claims(1))
    assert (made.first_dealer, made.seed, made.start_hand) == (1, 3, 1)
    assert Bid(Claims(5)).amount == 5
    after = pitch13.apply(new_game(seed=1), bid)
    assert [type(call) for call in after.bids if call is not None] == [int]


# --- every refusal in words --------------------------------------------------------------------


def test_a_run_seeded_with_an_int_subclass_deals_the_games_of_its_value():
    """Simulated and matched games are dealt from seeds derived from the run's seed: by its
    value, not its own str(), so the run's lines are those of the plain int and read back."""
    lines = [line.to_json() for line in simulate(2, seed=_Spelled(31))]
    assert lines == [line.to_json() for line in simulate(2, seed=31)]
    assert [HandLine.from_json(line).to_json() for line in lines] == lines
    paired = match("simple", "random", pairs=1, seed=_Spelled(31))
    assert paired.game_lines == match("simple", "random", pairs=1, seed=31).game_lines
    assert type(paired.seed) is int and "seed=31" in repr(paired)
    assert {type(line.seed) for line in simulate(1, seed=_Spelled(31))} == {int}
    assert play_pair("simple", "random", _Spelled(0), seed=_Spelled(31)) == paired.game_lines
    assert simulate_game(_Spelled(0), seed=_Spelled(31))[0].to_json() == lines[0]


def _phase_states():
    from test_rules_exchange import PICK_HANDS, shed

    bidding = new_game(seed=1)
    forced = drive(bidding, Pass(), Pass(), Pass())
    moon = drive(bidding, Bid(13))
    playing = bidding
    while playing.phase is not Phase.PLAY:
        playing = apply(playing, legal_actions(playing)[0])
    over = bidding
    while not over.is_over:
        over = apply(over, legal_actions(over)[-1])
    turned = drive(look("3H QD 4H RJ KD 3D AD"), TURN_UP)
    return {
        "bidding": bidding,
        "forced": forced,
        "match": drive(new_game(Rules(dealer_may_match=True), seed=1), Bid(4), Pass(), Pass()),
        "moon": moon,
        "chance": new_game(),
        "discard": name_trump(PICK_HANDS),
        "pickup": shed("AH 10H KH"),
        "look": look("3H QD 4H RJ KD 3D AD"),
        "turned": turned,
        "playing": playing,
        "over": over,
    }


REFUSALS = [
    ("bidding", Pass(), 2, None, "seat 2 cannot pass: it is seat 1's turn"),
    ("bidding", Play(card("4C")), None, None, "seat 1 cannot play 4♣: the game is in the bidding phase"),
    ("bidding", Bid(14), None, None, "seat 1 cannot bid 14: the highest bid is 13"),
    ("bidding", Bid(2), None, None, "seat 1 cannot bid 2: the lowest bid is 4"),
    ("bidding", Bid(5), None, 3, "seat 1 cannot bid 5: it was made at ply 3, and the game is at ply 0"),
    (
        "forced",
        Pass(),
        None,
        None,
        "seat 0 cannot pass: the dealer must bid from 5 to 13 when everyone else passed",
    ),
    ("forced", Bid(4), None, None, "seat 0 cannot bid 4: the lowest bid is 5"),
    ("match", Bid(3), None, None, "seat 0 cannot bid 3: the lowest bid is 4"),
    ("look", Deal(DECK), None, None, "chance cannot deal: hand 1 is already dealt"),
    ("moon", Bid(13), None, None, "seat 2 cannot bid 13: the high bid is 13, so a bid must be at least 14"),
    ("moon", Bid(14), None, None, "seat 2 cannot bid 14: nobody may bid over 13"),
    ("chance", Pass(), None, None, "chance cannot pass: the next hand must be dealt first (apply a Deal)"),
    ("chance", Pass(), 1, None, "seat 1 cannot pass: the next hand must be dealt first (apply a Deal)"),
    ("chance", Deal(DECK), 1, None, "seat 1 cannot deal: chance deals, not a seat"),
    ("bidding", Deal(DECK), None, None, "chance cannot deal: hand 1 is already dealt"),
    ("discard", Take(card("AH")), None, None, "seat 1 cannot take A♥: the game is in the discard phase"),
    ("discard", Discard(card("2C")), None, None, "seat 1 cannot discard 2♣: it is not in its hand"),
    ("pickup", Play(card("AH")), None, None, "seat 2 cannot play A♥: the game is in the pickup phase"),
    (
        "pickup",
        Take(card("KH")),
        None,
        None,
        "seat 2 cannot take K♥: it was not shed under R-DISC-2 as a card that may be taken",
    ),
    ("pickup", Take(card("JD")), None, None, "seat 2 cannot take J♦: it is not in the middle"),
    ("look", REJECT, None, None, "seat 0 cannot reject: no stock card is turned up"),
    ("look", GiveUp(card("9D")), None, None, "seat 0 cannot give up 9♦: no stock card is turned up"),
    ("look", Play(card("AH")), None, None, "seat 0 cannot play A♥: the game is in the look phase"),
    (
        "turned",
        TURN_UP,
        None,
        None,
        "seat 0 cannot turn up: 3♥ is turned up: take it (GiveUp a card) or Reject it first",
    ),
    ("turned", GiveUp(card("2C")), None, None, "seat 0 cannot give up 2♣: it is not in its hand"),
    ("turned", Play(card("AH")), None, None, "seat 0 cannot play A♥: the game is in the look phase"),
    ("playing", Play(card("3C")), None, None, "seat 0 cannot play 3♣: it is not in its hand"),
    ("playing", Play(card("QS")), None, None, "seat 0 cannot play Q♠: it is not a trump"),
    ("playing", Pass(), None, None, "seat 0 cannot pass: the game is in the play phase"),
    ("over", Pass(), None, None, "nobody may pass: the game is over"),
    ("over", Pass(), 3, None, "seat 3 cannot pass: the game is over"),
    ("over", Pass(), None, 0, "nobody may pass: it was made at ply 0, and the game ended at ply 8589"),
    ("over", Pass(), 3, 0, "seat 3 cannot pass: it was made at ply 0, and the game ended at ply 8589"),
    ("over", Deal(DECK), None, 0, "nobody may deal: it was made at ply 0, and the game ended at ply 8589"),
]


@pytest.mark.parametrize(("phase", "action", "seat", "ply", "message"), REFUSALS, ids=lambda v: str(v)[:20])
def test_every_refusal_says_who_could_not_do_what_and_why(phase, action, seat, ply, message):
    """Each reason an action is refused, in the documented form ``seat 2 cannot play 4♣: why``."""
    with pytest.raises(IllegalActionError) as info:
        apply(_PHASES[phase], action, seat=seat, ply=ply)
    assert str(info.value) == message
    assert info.value.action == action


_PHASES = _phase_states()


def test_the_engine_names_the_wrong_type_it_was_given():
    with pytest.raises(TypeError, match=r"^legal_actions\(\) takes a GameState, not str$"):
        legal_actions("x")
    with pytest.raises(TypeError, match=r"^apply\(\) takes a GameState, not str$"):
        apply("x", Pass())


def test_a_game_dealt_by_the_caller_pickles_between_hands():
    """At the chance state after a finished hand (and after a thrown-in one), a game dealt by the
    caller pickles and loads equal, and its next deal applies to both alike."""
    rng = random.Random(6)
    state = new_game(Rules(all_pass="redeal"))
    waiting = []
    while len(waiting) < 3:
        if state.is_chance:
            if state.hand_number > 1:
                waiting.append(state)
            order = list(DECK)
            rng.shuffle(order)
            state = apply(state, Deal(order))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    for chance in waiting:
        loaded = pickle.loads(pickle.dumps(chance))
        assert loaded == chance and loaded.history == chance.history
        assert apply(loaded, Deal(DECK)) == apply(chance, Deal(DECK))


def test_a_sampled_state_counts_the_history_it_holds():
    """A game started partway (a sample) holds the history of its hand: history_len is its length."""
    state = new_game(seed=8)
    while state.hand_number < 2 or state.phase is not Phase.LOOK:
        state = apply(state, legal_actions(state)[0])
    sample = sample_state(view(state, 1), random.Random(2))
    assert sample.history_len == len(sample.history) > 0
    assert sample.history_since(0) == sample.history


def test_the_history_a_seat_saw_since_any_ply_is_the_tail_of_the_whole():
    """seen_history(state, seat, since=ply) is what the seat saw after the first ``ply`` actions:
    the whole seen history less what it had seen by then, at hand boundaries too."""
    states = [new_game(seed=12)]
    while states[-1].hand_number <= 3:
        states.append(apply(states[-1], legal_actions(states[-1])[0]))
    final = states[-1]
    for seat in (0, 3):
        whole = seen_history(final, seat)
        boundaries = [
            s.ply for before, s in itertools.pairwise(states) if s.hand_number != before.hand_number
        ]
        assert len(boundaries) == 3
        plies = {0, 1, *boundaries, *(b - 1 for b in boundaries), *(b + 1 for b in boundaries), final.ply}
        for ply in sorted(p for p in plies if p < len(states)):
            seen = len(seen_history(states[ply], seat))
            assert seen_history(final, seat, since=ply) == whole[seen:], (seat, ply)


def test_apply_takes_subclasses_of_actions_and_of_int():
    """An action of a subclass of an action class is an action, and a ply of a subclass of int is
    a ply; a bool or a string ply is a TypeError."""

    class MyPass(Pass):
        pass

    class Ply(int):
        pass

    state = new_game(seed=1)
    assert apply(state, MyPass()) == apply(state, Pass())
    assert apply(state, Pass(), ply=Ply(0)) == apply(state, Pass())
    for bad in (True, "0", 0.0):
        with pytest.raises(TypeError, match="ply must be None or an int"):
            apply(state, Pass(), ply=bad)


def test_the_caches_a_mutation_run_clears_are_rebuilt_alike():
    """Clearing the trump tables and the view readers (as the mutation harness does before each
    test) makes them anew, the same as before."""
    from pitch13._core.tables import clear_table_cache, table_for
    from pitch13._info.view_reader import clear_reader_cache

    old = table_for(Suit.SPADES, Rules())
    seat_view = view(new_game(seed=3), 1)
    clear_table_cache()
    clear_reader_cache()
    new = table_for(Suit.SPADES, Rules())
    assert new is not old and (new.power, new.points, new.mask) == (old.power, old.points, old.mask)
    assert SeatView.from_json(seat_view.to_json()) == seat_view


def test_tricks_results_and_outcomes_made_in_code_are_checked():
    """Made with no plays, a Trick's leader was an IndexError; a HandResult of seat -1 said its
    bidding team was team 1."""
    ace = PointCard(card("AH"), 1, "ace", 0)
    trick = Trick(1, ((0, card("AH")), (1, card("2H"))), 0, (2, 0))
    assert trick.leader == 0
    result = HandResult(
        1, 0, 1, 5, pitch13.Suit.HEARTS, (ace,), (6, 7), 0, True, False, (6, 7), (6, 7), False
    )
    assert result.bidding_team == 1
    assert Outcome(1, Termination.TARGET, 9, (40, 55)).winner == 1
    for make, error, message in [
        (lambda: Trick(1, (), 0, (0, 0)), ValueError, r"Trick\.plays are 1 to 4 plays, not 0"),
        (lambda: Trick(0, trick.plays, 0, (2, 0)), ValueError, r"Trick\.number must be at least 1"),
        # As a view document's reader takes them: made in code, they were kept, then refused there.
        (lambda: Trick(60, trick.plays, 0, (2, 0)), ValueError, r"Trick\.number must be at most 54"),
        (lambda: PointCard(card("AH"), 7, "ace", 0), ValueError, r"PointCard\.points must be at most 3"),
        (
            lambda: Trick(1, ((0, "AH"),), 0, (0, 0)),
            TypeError,
            r"Trick\.plays\[0\] must be a \(seat, Card\) pair",
        ),
        (
            lambda: Trick(1, ((7, card("AH")),), 7, (0, 0)),
            ValueError,
            r"the seat of Trick\.plays\[0\] is an int",
        ),
        (lambda: Trick(1, ((0, card("AH")), (0, card("2H"))), 0, (0, 0)), ValueError, "of different seats"),
        (
            lambda: Trick(1, trick.plays, 2, (2, 0)),
            ValueError,
            r"Trick\.winner is a seat that played, one of \[0, 1\]",
        ),
        (lambda: Trick(1, trick.plays, 0, (-1, 0)), ValueError, r"Trick\.points\[0\] must be from 0"),
        (lambda: PointCard("AH", 1, "ace", 0), TypeError, r"PointCard\.card must be a Card, not str"),
        (lambda: PointCard(card("AH"), 1, "ace", 2), ValueError, r"PointCard\.team must be at most 1"),
        (
            lambda: Outcome(2, Termination.TARGET, 9, (40, 55)),
            ValueError,
            r"Outcome\.winner must be at most 1",
        ),
        (lambda: Outcome(1, "target", 9, (40, 55)), TypeError, r"Outcome\.termination must be a Termination"),
        (
            lambda: Outcome(1, Termination.TARGET, 9, (40,)),
            ValueError,
            r"Outcome\.scores must hold 2 numbers",
        ),
    ]:
        with pytest.raises(error, match=message):
            make()
    fields = attrs.asdict(result, recurse=False)
    for changes, error, message in [
        ({"bidder": -1}, ValueError, r"HandResult\.bidder is an int from 0 to 3, not -1"),
        ({"trump": "H"}, TypeError, r"HandResult\.trump must be a Suit, not str"),
        ({"point_cards": [ace]}, TypeError, r"HandResult\.point_cards must be a tuple of PointCard"),
        ({"made": 1}, TypeError, r"HandResult\.made must be a bool, not int"),
        ({"points": (6,)}, ValueError, r"HandResult\.points must hold 2 numbers, not 1"),
        ({"unplayed_points": -1}, ValueError, r"HandResult\.unplayed_points must be 0 or more"),
    ]:
        with pytest.raises(error, match=message):
            HandResult(**{**fields, **changes})


def test_events_made_in_code_are_checked():
    """An event made in code with a seat of 9 or a bid of -3 was kept, and written as the
    notation ``won 9 -3``; a hand dealt from no deck was kept too."""
    assert str(ev.AuctionWon(2, 5)) == "AuctionWon(seat=2, bid=5)"
    deck = tuple(pitch13.DECK)
    assert ev.HandDealt(1, 0, deck[::-1]).dealer == 0
    for make, error, message in [
        (lambda: ev.AuctionWon(9, 5), ValueError, r"AuctionWon\.seat is an int from 0 to 3, not 9"),
        (lambda: ev.AuctionWon(1, -3), ValueError, r"AuctionWon\.bid must be at least 1, not -3"),
        (lambda: ev.AuctionWon(1, True), TypeError, r"AuctionWon\.bid must be an int, not bool"),
        (lambda: ev.HandDealt(1, 0, ()), ValueError, r"HandDealt\.deck must be the 54 cards of the deck"),
        (
            lambda: ev.HandDealt(1, 0, deck[:53] + deck[:1]),
            ValueError,
            r"HandDealt\.deck must be the 54 cards",
        ),
        (lambda: ev.HandDealt(0, 0, deck), ValueError, r"HandDealt\.hand_number must be at least 1"),
        (
            lambda: ev.HandThrownIn(1, "all_passed"),
            TypeError,
            r"HandThrownIn\.reason must be a ThrowInReason",
        ),
        (lambda: ev.DeadCardsDiscarded(4, ()), ValueError, r"DeadCardsDiscarded\.seat is an int from 0 to 3"),
        (
            lambda: ev.Refilled(1, [card("AH")]),
            TypeError,
            r"Refilled\.cards must be a tuple of Card, not list",
        ),
        (lambda: ev.StockHandedOver(0, -1), ValueError, r"StockHandedOver\.count must be at least 1, not -1"),
        (lambda: ev.CardRejected(0, "AH"), TypeError, r"CardRejected\.card must be a Card, not str"),
        (lambda: ev.StockDiscarded(55), ValueError, r"StockDiscarded\.count must be at most 18"),
        (lambda: ev.SeatOut(None), TypeError, r"SeatOut\.seat is an int from 0 to 3, not None"),
        (lambda: ev.TrickWon(None), TypeError, r"TrickWon\.trick must be a Trick, not NoneType"),
        (lambda: ev.HandEndedEarly(2, ()), ValueError, r"HandEndedEarly\.team must be at most 1, not 2"),
        (lambda: ev.HandScored(None), TypeError, r"HandScored\.result must be a HandResult, not NoneType"),
        (lambda: ev.GameOver(None), TypeError, r"GameOver\.outcome must be an Outcome, not NoneType"),
    ]:
        with pytest.raises(error, match=message):
            make()


def test_history_entries_and_what_a_seat_saw_made_in_code_are_checked():
    """A seat's action with no seat, or a seat of 9, was kept, and written as ``None pass``."""
    ah = card("AH")
    assert str(SeenEntry(1, GiveUpSeen(1, ah, None))) == "1 give up for AH"
    assert HistoryEntry(None, ev.SeatOut(2)).seat is None
    for make, error, message in [
        (
            lambda: HistoryEntry(None, pitch13.Pass()),
            ValueError,
            r"HistoryEntry\.seat names the seat of Pass\(\)",
        ),
        (
            lambda: HistoryEntry(9, pitch13.Pass()),
            ValueError,
            r"HistoryEntry\.seat is an int from 0 to 3, not 9",
        ),
        (
            lambda: HistoryEntry(1, "pass"),
            TypeError,
            r"HistoryEntry\.item must be an action or an event, not 'pass'",
        ),
        (lambda: SeenEntry(None, pitch13.Play(ah)), ValueError, r"SeenEntry\.seat names the seat of Play"),
        (
            lambda: SeenEntry(0, DealSeen(1, 0, ())),
            ValueError,
            r"SeenEntry\.seat is None for DealSeen\(.*no seat's doing; not 0",
        ),
        (
            lambda: SeenEntry(2, TurnUpSeen(1, None)),
            ValueError,
            r"SeenEntry\.seat is 1 for TurnUpSeen\(.*seat 1's doing; not 2",
        ),
        (
            lambda: HistoryEntry(3, ev.SeatOut(1)),
            ValueError,
            r"HistoryEntry\.seat is None for SeatOut\(seat=1\), no seat's",
        ),
        (
            lambda: DealSeen(1, 0, (ah, ah)),
            ValueError,
            r"DealSeen\.cards are a seat's 9 cards at most, each once",
        ),
        (lambda: DealSeen(1, 4, ()), ValueError, r"DealSeen\.dealer is an int from 0 to 3, not 4"),
        (
            lambda: DealSeen(1, 0, (ah,) * 10),
            ValueError,
            r"DealSeen\.cards are a seat's 9 cards at most, each once, not \(Card",
        ),
        (
            lambda: RefillSeen(1, 2, (ah,)),
            ValueError,
            r"RefillSeen\.cards are the 2 cards received \(or none\)",
        ),
        (lambda: RefillSeen(1, 7, ()), ValueError, r"RefillSeen\.count must be at most 6"),
        (lambda: TurnUpSeen(1, "AH"), TypeError, r"TurnUpSeen\.card must be a Card or None, not str"),
        (lambda: GiveUpSeen(1, None, "AH"), TypeError, r"GiveUpSeen\.given must be a Card or None, not str"),
        (lambda: RejectSeen(1, None, 1), TypeError, r"RejectSeen\.forced must be a bool, not int"),
    ]:
        with pytest.raises(error, match=message):
            make()


def test_a_value_made_past_its_checks_is_given_every_field():
    """The tests' own way to make a corrupted value (as one unpickled) names every field, so a
    field left out cannot pass unnoticed as a missing slot."""
    with pytest.raises(TypeError, match=r"unchecked\(\) takes every field of SeatOut, not \[\]"):
        unchecked(ev.SeatOut)
    assert unchecked(ev.SeatOut, seat=9).seat == 9
