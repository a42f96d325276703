"""Play, scoring and the end of the game: R-PLAY-*, R-SCORE-*, R-END-* and the worked cases (section 10).

Every hand is built with an arranged deck in which hearts are trump: the trumps are the 13
hearts, the Jick JD, the off-three 3D and the jokers BJ and RJ, ranked
AH KH QH JH JD (jokers) 10H 9H 8H 7H 6H 5H 4H 3H 3D 2H. A layout names the trumps each seat
is dealt; the rest of its 9 cards, and every refill card, are dead cards, so when play starts
each seat holds exactly the trumps of its layout (at most 6, so nobody sheds, except in the
R-PLAY-8 test). The trumps no seat is dealt lie in the stock after the refill cards; the bidder
and his partner stop the look at once, so they stay unseen and score for nobody (R-PLAY-8).
Unless a test says otherwise the dealer is seat 0, so the auction runs seats 1, 2, 3, 0.
"""

from __future__ import annotations

import pytest

from helpers import card, drive, events, refused
from pitch13 import (
    DECK,
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Discard,
    IllegalReason,
    NameTrump,
    Outcome,
    Phase,
    Play,
    PointCard,
    Rules,
    Suit,
    Termination,
    legal_actions,
    new_game,
    parse_cards,
)
from pitch13.events import GameOver, HandEndedEarly, HandScored, SeatOut, TrickWon
from pitch13.testing import arranged_deck
from pitch13.trumps import card_points

# --- helpers -----------------------------------------------------------------------------------

HEARTS = Suit.HEARTS
#: The trumps when hearts are trump, high to low (R-RANK-1).
TRUMPS = parse_cards("AH KH QH JH JD BJ RJ 10H 9H 8H 7H 6H 5H 4H 3H 3D 2H")
#: The 37 cards that are dead when hearts are trump, in index order.
DEAD = tuple(c for c in DECK if c not in TRUMPS)


def cards(text):
    """The cards of ``text`` (a string or cards) in index order."""
    return tuple(sorted(parse_cards(text) if isinstance(text, str) else text))


def layout(trumps, *, dealer=0, look=""):
    """A Deal in which each seat is dealt the trumps ``trumps[seat]`` and dead cards.

    The stock holds, from the top: one dead card for each card a seat is short of 6 (in refill
    order, so every refill card is dead), then ``look`` (what the bidder turns up first), then
    the trumps nobody was dealt, then the dead cards left. There are dead cards enough for that
    only when at least 12 trumps are dealt.
    """
    dealt = {seat: cards(trumps.get(seat, ())) for seat in range(4)}
    top = parse_cards(look)
    used = {c for hand in dealt.values() for c in hand} | set(top)
    assert all(c in TRUMPS for hand in dealt.values() for c in hand)
    spare = [c for c in DEAD if c not in used]
    hands = {}
    for seat in range(4):
        fill = 9 - len(dealt[seat])
        hands[seat] = [*dealt[seat], *spare[:fill]]
        del spare[:fill]
    refill = []
    for k in range(1, 5):
        need = max(0, 6 - len(dealt[(dealer + k) % 4]))
        assert len(spare) >= need, "too few dead cards for the refill: deal at least 12 trumps"
        refill += spare[:need]
        del spare[:need]
    stock = [*refill, *top, *(c for c in TRUMPS if c not in used), *spare]
    assert all(len(h) == 9 for h in hands.values()), "too few dead cards"
    assert len(stock) == 18, "too few dead cards"
    return arranged_deck(hands, dealer=dealer, stock=stock)


def auction(state, bidder, bid):
    """The auction in which ``bidder`` bids ``bid`` and every other seat passes."""
    order = [(state.dealer + k) % 4 for k in range(1, 5)]
    return drive(state, *((seat, Bid(bid) if seat == bidder else PASS) for seat in order))


def start(trumps, *, bidder=0, bid=5, rules=None, dealer=0, state=None, look=""):
    """Deal ``layout(trumps)`` (to ``state``, or to a new game), bid, name hearts, skip the look.

    Returns the state at the first trick, or after the hand if it ended at once.
    """
    if state is None:
        state = new_game(rules, dealer=dealer)
    state = drive(state, layout(trumps, dealer=state.dealer, look=look))
    state = drive(auction(state, bidder, bid), (bidder, NameTrump(HEARTS)))
    while state.phase is Phase.LOOK:
        state = drive(state, STOP)
    return state


def play(state, moves):
    """Play ``moves``, e.g. ``"0:AH 1:2H"``: each seat must be the seat to act."""
    for move in moves.split():
        seat, text = move.split(":")
        state = drive(state, (int(seat), Play(card(text))))
    return state


def new_items(before, after):
    """The history items added between two states."""
    return [entry.item for entry in after.history[len(before.history) :]]


def tricks_won(state):
    """Every trick finished in the game so far, from the history."""
    return [event.trick for event in events(state, TrickWon)]


def left_out(points):
    """Five trumps to keep out of play so that the other twelve are worth ``points`` (4 to 13)."""
    missing = 13 - points
    threes = min(2, missing // 3)
    out = [*parse_cards("3H 3D")[:threes], *parse_cards("2H 10H RJ")[: missing - 3 * threes]]
    out += parse_cards("9H 8H 7H 6H 5H")[: 5 - len(out)]
    return out


def sweep(state, team, points, *, bid, bidder=None):
    """Play a hand at ``state`` in which only ``team`` holds trumps, worth ``points`` in all.

    When ``team`` bids, its bidder leads a trick of two cards: the other team's seats are
    announced out at their turns (R-PLAY-3), and at the start of the next trick the hand ends
    and ``team`` takes every point card left in its hands (R-PLAY-7). When the other team bids,
    its bidder and his partner are announced out as play starts and the hand ends at once
    (section 10, case 5). ``bidder`` defaults to a seat of ``team`` that is not the dealer.
    """
    excluded = left_out(points)
    held = [c for c in TRUMPS if c not in excluded]
    assert sum(card_points(c, HEARTS) for c in held) == points
    if bidder is None:
        bidder = team if team != state.dealer else team + 2
    dealt = {team: held[:6], team + 2: held[6:]}
    state = start(dealt, bidder=bidder, bid=bid, state=state)
    if bidder & 1 == team:
        partner = bidder ^ 2
        lead, follow = dealt[bidder][0], dealt[partner][0]
        before = state
        state = drive(state, (bidder, Play(lead)), (partner, Play(follow)))
        items = new_items(before, state)
        assert items[:4] == [Play(lead), SeatOut((bidder + 1) & 3), Play(follow), SeatOut((partner + 1) & 3)]
        assert items[4].trick.plays == ((bidder, lead), (partner, follow))
        left = [c for c in held if c not in (lead, follow)]
    else:
        assert events(state, SeatOut)[-2:] == [SeatOut(bidder), SeatOut(bidder ^ 2)]
        left = held
    assert state.phase in (Phase.DEAL, Phase.GAME_OVER)
    in_hands = cards(c for c in left if card_points(c, HEARTS))
    assert events(state, HandEndedEarly)[-1] == HandEndedEarly(team, in_hands)
    assert state.results[-1].ended_early is True
    return state


def sweeps(state, team, *points):
    """Several hands in a row, each swept by ``team`` with a made bid of ``points`` (12 for 13: no moon)."""
    for p in points:
        state = sweep(state, team, p, bid=min(p, 12))
    return state


# Three trumps each; the hand is played out in three tricks (bidder 0 leads):
# 0:AH 1:8H 2:7H 3:6H (seat 0 wins AH), 0:9H 1:KH 2:QH 3:JH (seat 1 wins JH),
# 1:3H 2:3D 3:2H 0:4H (seat 0 wins 3H and 3D; the 2H stays with seat 3's team).
# Team A takes 7, team B 2; JD BJ RJ 10H are never dealt: 4 points for nobody.
THREE_EACH = {0: "AH 9H 4H", 1: "KH 8H 3H", 2: "QH 7H 3D", 3: "JH 6H 2H"}
THREE_EACH_TRICKS = ("0:AH 1:8H 2:7H 3:6H", "0:9H 1:KH 2:QH 3:JH", "1:3H 2:3D 3:2H 0:4H")

# Team B holds one trump per seat and team A every other point card. One trick is played; its
# winner seat 1 takes AH and 3H (4 points) and seat 3 keeps its 2H: team B has 5. Then team B
# is out and team A takes JH JD BJ RJ 10H 3D from its hands: 8 points. All 13 are in play.
ONE_TRICK = {0: "3H KH QH JH JD", 1: "AH", 2: "BJ RJ 10H 3D 9H", 3: "2H"}
#: The trick of ONE_TRICK when seat 0, and when seat 1, is the bidder.
ONE_TRICK_FROM_0 = "0:3H 1:AH 2:9H 3:2H"
ONE_TRICK_FROM_1 = "1:AH 2:9H 3:2H 0:3H"


# --- R-PLAY-1 ----------------------------------------------------------------------------------


def test_r_play_1_legal_actions_are_exactly_the_trumps_in_hand():
    """R-PLAY-1: in play the legal actions are the Plays of the trumps in hand, never a dead card."""
    state = start(THREE_EACH)
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    hand = state.hand(0)
    assert len(hand) == 6
    dead_in_hand = [c for c in hand if c not in TRUMPS]
    assert len(dead_in_hand) == 3  # refill cards stay in the hand, unplayable
    assert set(legal_actions(state)) == {Play(c) for c in cards("AH 9H 4H")}
    assert len(legal_actions(state)) == 3
    refused(state, Play(dead_in_hand[0]), IllegalReason.NOT_A_TRUMP)
    refused(state, Play(card("KH")), IllegalReason.NOT_IN_HAND)


def test_r_play_1_any_trump_is_legal_without_beating_the_trick():
    """R-PLAY-1: nobody has to beat the winning card; a lower trump may be played."""
    state = play(start(THREE_EACH), "0:4H")
    assert state.to_act == 1
    assert set(legal_actions(state)) == {Play(c) for c in cards("KH 8H 3H")}
    state = play(state, "1:3H 2:3D 3:2H")  # nobody beats the 4H
    (trick,) = tricks_won(state)
    assert trick.winner == 0
    assert trick.cards == parse_cards("4H 3H 3D 2H")


# --- R-PLAY-2 ----------------------------------------------------------------------------------


def test_r_play_2_bidder_leads_then_each_trick_winner_leads():
    """R-PLAY-2: the bidder (here seat 2, not the dealer's left) leads; each trick winner leads the next."""
    state = start(THREE_EACH, bidder=2, bid=6)
    assert state.phase is Phase.PLAY
    assert state.bidder == 2
    assert state.to_act == 2
    state = play(state, "2:7H 3:JH 0:9H 1:8H")
    assert tricks_won(state)[-1].winner == 3
    assert state.to_act == 3
    state = play(state, "3:6H 0:AH 1:KH 2:QH")
    assert tricks_won(state)[-1].winner == 0
    assert state.to_act == 0


# --- R-PLAY-3 ----------------------------------------------------------------------------------


def test_r_play_3_seat_out_announced_at_its_first_turn_without_trump():
    """R-PLAY-3: a seat that played its last trump is out only from its next turn; then it is skipped."""
    state = start({0: "AH KH 9H 8H", 1: "QH 7H 6H 5H", 2: "JH 4H 3H", 3: "10H"})
    state = play(state, "0:AH 1:5H 2:4H 3:10H")  # seat 3 plays its only trump
    assert not any(c in TRUMPS for c in state.hand(3))
    assert state.out == frozenset()
    state = play(state, "0:9H 1:6H")
    assert state.out == frozenset()
    assert events(state, SeatOut) == []
    before = state
    state = play(state, "2:3H")  # seat 3's turn comes: it has no trump
    assert state.out == frozenset({3})
    items = new_items(before, state)
    assert items[0] == Play(card("3H"))
    assert items[1] == SeatOut(3)
    assert isinstance(items[2], TrickWon)
    assert items[2].trick.plays == ((0, card("9H")), (1, card("6H")), (2, card("3H")))
    state = play(state, "0:KH 1:7H 2:JH")  # seat 3 is skipped and not announced again
    assert tricks_won(state)[-1].plays == ((0, card("KH")), (1, card("7H")), (2, card("JH")))
    assert events(state, SeatOut) == [SeatOut(3)]


def test_r_play_3_seat_without_trump_from_the_start_is_not_out_before_its_turn():
    """R-PLAY-3: a seat holding no trump when play starts is announced out at its first turn, not before."""
    state = start({0: "AH KH QH JH", 1: "", 2: "JD BJ RJ 10H", 3: "9H 8H 7H 6H"})
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert state.out == frozenset()
    assert events(state, SeatOut) == []
    state = play(state, "0:AH")
    assert state.out == frozenset({1})
    assert events(state, SeatOut) == [SeatOut(1)]
    assert state.to_act == 2


# --- R-PLAY-4 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("fallback", "leader"), [("partner", 2), ("left", 1)])
def test_r_play_4_lead_fallback_when_the_bidder_is_out(fallback, leader):
    """R-PLAY-4: the bidder holds no trump: his partner leads (lead_fallback="left": the seat on his left)."""
    state = start(
        {0: "", 1: "AH KH QH JH", 2: "JD BJ RJ 10H", 3: "9H 8H 7H 6H"},
        rules=Rules(lead_fallback=fallback),
    )
    assert state.phase is Phase.PLAY
    assert state.to_act == leader
    assert state.out == frozenset({0})
    assert events(state, SeatOut) == [SeatOut(0)]


def test_r_play_4_left_fallback_skips_seats_without_trump():
    """R-PLAY-4: with lead_fallback="left" the lead goes to the next seat clockwise that still has trump."""
    state = start(
        {0: "", 1: "", 2: "AH KH QH JH JD BJ", 3: "RJ 10H 9H 8H 7H 6H"},
        rules=Rules(lead_fallback="left"),
    )
    assert state.to_act == 2
    assert state.out == frozenset({0, 1})
    assert events(state, SeatOut) == [SeatOut(0), SeatOut(1)]


# --- R-PLAY-5 ----------------------------------------------------------------------------------


def test_r_play_5_trick_of_four_ends_with_the_fourth_card():
    """R-PLAY-5: with nobody out the trick ends only when all four seats have played."""
    state = play(start(THREE_EACH), "0:AH 1:8H 2:7H")
    assert state.trick == ((0, card("AH")), (1, card("8H")), (2, card("7H")))
    assert tricks_won(state) == []
    state = play(state, "3:6H")
    assert state.trick == ()
    (trick,) = tricks_won(state)
    assert trick.number == 1
    assert len(trick.plays) == 4
    assert trick.winner == 0


def test_r_play_5_trick_of_three_and_of_two_cards():
    """R-PLAY-5: a trick ends when every seat that is not out has played: here 3, then 2 cards."""
    state = start({0: "AH KH QH JH", 1: "", 2: "JD BJ RJ 10H", 3: "9H 8H 7H 6H"})
    state = play(state, "0:AH 2:10H 3:6H")
    assert tricks_won(state)[-1].plays == ((0, card("AH")), (2, card("10H")), (3, card("6H")))
    state = start({0: "AH KH QH JH JD BJ", 1: "", 2: "", 3: "RJ 10H 9H 8H 7H 6H"})
    state = play(state, "0:BJ")
    assert state.to_act == 3
    assert events(state, SeatOut) == [SeatOut(1), SeatOut(2)]
    state = play(state, "3:RJ")
    (trick,) = tricks_won(state)
    assert trick.plays == ((0, card("BJ")), (3, card("RJ")))
    assert trick.winner == 0  # R-RANK-2: the joker played first is the high one


def test_r_play_5_highest_trump_wins():
    """R-PLAY-5: the highest trump by R-RANK-1 wins, whoever led (no suit to follow)."""
    state = start({0: "10H 3D KH", 1: "BJ 2H 8H", 2: "JD 4H 7H", 3: "9H 3H 6H"})
    state = play(state, "0:10H 1:BJ 2:JD 3:9H")  # Jick > joker > 10 > 9
    state = play(state, "2:4H 3:3H 0:3D 1:2H")  # 4 > 3 > off-three > 2
    state = play(state, "2:7H 3:6H 0:KH 1:8H")
    assert [t.winner for t in tricks_won(state)] == [2, 2, 0]
    assert [t.points for t in tricks_won(state)] == [(3, 0), (6, 1), (0, 0)]


# --- R-PLAY-6 ----------------------------------------------------------------------------------

# Trick 1 0:AH 1:10H 2:3H 3:2H is won by seat 0, and team B has played its last trumps. Its
# seats are announced out in trick 2 (DEUCE_SECOND, worth nothing), and at the start of trick 3
# the hand ends: team A takes the JH left in seat 0's hand. JD BJ RJ 3D are unseen.
DEUCE_HANDS = {0: "AH KH QH JH 9H", 1: "10H", 2: "3H 8H 7H 6H 5H", 3: "2H"}
DEUCE_FIRST = "0:AH 1:10H 2:3H 3:2H"
DEUCE_SECOND = "0:KH 2:8H"


def test_r_play_6_trick_winner_team_takes_the_points_of_the_trick():
    """R-PLAY-6: the trick winner's team takes the points of every card in it, opponents' cards too."""
    state = start(DEUCE_HANDS)
    state = play(state, "0:AH 1:10H 2:3H")
    assert state.points_taken == (0, 0)
    state = play(state, "3:2H")
    (trick,) = tricks_won(state)
    assert trick.winner == 0
    assert trick.points == (5, 1)  # AH, 10H (played by seat 1) and 3H; the 2 stays with seat 3
    assert state.points_taken == (5, 1)
    state = play(state, DEUCE_SECOND)
    assert tricks_won(state)[-1].points == (0, 0)
    (result,) = state.results
    assert result.points == (6, 1)  # plus JH, left in seat 0's hand when team B was out


@pytest.mark.parametrize(
    ("deuce_to", "trick_points", "points", "deuce_team"),
    [("player", (5, 1), (6, 1), 1), ("trick_winner", (6, 0), (7, 0), 0)],
)
def test_r_play_6_deuce_point_goes_to_player(deuce_to, trick_points, points, deuce_team):
    """R-PLAY-6: the 2's point goes to the team that played it (deuce_to="trick_winner": the winner's)."""
    state = play(start(DEUCE_HANDS, rules=Rules(deuce_to=deuce_to)), DEUCE_FIRST)
    (trick,) = tricks_won(state)
    assert trick.points == trick_points
    state = play(state, DEUCE_SECOND)
    (result,) = state.results
    assert result.points == points
    (deuce,) = [pc for pc in result.point_cards if pc.card == card("2H")]
    assert deuce == PointCard(card("2H"), 1, "deuce", deuce_team)


# --- R-PLAY-7 ----------------------------------------------------------------------------------


# Team B holds one trump per seat and plays it in trick 1 (0:KH 1:9H 2:10H 3:8H, won by seat 0).
R7_HANDS = {0: "AH KH QH JH JD", 1: "9H", 2: "BJ RJ 10H 3H 3D", 3: "8H"}


def test_r_play_7_team_without_trump_not_yet_announced_does_not_end_the_hand():
    """R-PLAY-7, R-PLAY-3: a team holding no trump that nobody has announced out plays on.

    After trick 1 team B holds no trump, but neither seat has had a turn without one, so trick 2
    starts; seat 1 is announced right after seat 0 leads, seat 3 right after seat 2 plays.
    """
    state = start(R7_HANDS)
    before = play(state, "0:KH 1:9H 2:10H")
    state = play(before, "3:8H")
    assert not any(c in TRUMPS for c in state.hand(1) + state.hand(3))
    items = new_items(before, state)
    assert items[0] == Play(card("8H"))
    assert isinstance(items[1], TrickWon)
    assert len(items) == 2  # no SeatOut, no HandEndedEarly
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert state.trick == ()
    assert state.out == frozenset()
    assert events(state, SeatOut) == []
    assert events(state, HandEndedEarly) == []
    before = state
    state = play(before, "0:QH")
    assert new_items(before, state) == [Play(card("QH")), SeatOut(1)]
    assert state.out == frozenset({1})  # one seat of team B known out: the hand goes on
    assert state.phase is Phase.PLAY
    assert state.to_act == 2
    before = state
    state = play(before, "2:3H")
    items = new_items(before, state)
    assert items[:2] == [Play(card("3H")), SeatOut(3)]
    assert isinstance(items[2], TrickWon)
    assert items[2].trick.plays == ((0, card("QH")), (2, card("3H")))
    assert items[2].trick.points == (3, 0)
    assert events(state, SeatOut) == [SeatOut(1), SeatOut(3)]
    # Both seats of team B are announced: the hand ends at the start of trick 3.
    assert items[3] == HandEndedEarly(0, cards("AH JH JD BJ RJ 3D"))
    assert isinstance(items[4], HandScored)
    assert len(items) == 5
    result = items[4].result
    assert result.ended_early is True
    assert result.points == (12, 0)  # 10H and 3H from tricks, 8 from the hands
    assert result.unplayed_points == 1  # the 2H was never dealt
    assert result.scores == (12, 0)
    assert len(result.point_cards) == 9
    assert state.phase is Phase.DEAL
    assert state.hand_number == 2


def test_r_play_7_team_out_ends_the_hand_and_other_team_takes_the_cards_in_hands():
    """R-PLAY-7: the hand ends at the start of the trick after both seats of a team were announced out.

    Seat 1 plays its last trump in trick 1 and is announced out in trick 2; seat 3 plays its last
    in trick 2 and is announced out in trick 3. Trick 4 never starts: HandEndedEarly gives team A
    the point cards still in its hands (AH in seat 0's, BJ in seat 2's; seat 2's 6H is worth nothing).
    """
    state = start({0: "AH KH QH JH", 1: "9H", 2: "BJ RJ 10H 3D 6H", 3: "8H 7H"})
    state = play(state, "0:KH 1:9H 2:10H 3:8H")
    assert state.out == frozenset()
    state = play(state, "0:QH 2:3D 3:7H")  # seat 1 skipped
    assert tricks_won(state)[-1].plays == ((0, card("QH")), (2, card("3D")), (3, card("7H")))
    assert events(state, SeatOut) == [SeatOut(1)]
    assert state.out == frozenset({1})
    assert state.phase is Phase.PLAY  # team B holds no trump, but seat 3 is not announced yet
    assert state.to_act == 0
    before = play(state, "0:JH")
    assert before.to_act == 2
    state = play(before, "2:RJ")
    items = new_items(before, state)
    assert items[:2] == [Play(card("RJ")), SeatOut(3)]
    assert isinstance(items[2], TrickWon)
    assert items[2].trick.plays == ((0, card("JH")), (2, card("RJ")))
    assert items[2].trick.winner == 0
    assert items[3] == HandEndedEarly(0, cards("AH BJ"))
    assert isinstance(items[4], HandScored)
    assert len(items) == 5
    assert [len(t.plays) for t in tricks_won(state)] == [4, 3, 2]
    (result,) = state.results
    assert result.ended_early is True
    assert result.points == (8, 0)  # 10H, 3D, JH RJ from tricks; AH BJ from the hands
    assert result.unplayed_points == 5  # JD 3H 2H were never dealt
    assert {pc.card for pc in result.point_cards if pc.team == 0} == set(cards("AH JH BJ RJ 10H 3D"))
    assert result.made is True
    assert state.scores == (8, 0)
    assert state.phase is Phase.DEAL


def test_r_play_7_a_team_out_ends_the_hand_early_even_with_no_point_card_left_in_any_hand():
    """R-PLAY-7: the early end is judged on trumps held, not on point cards held.

    As above, but the trumps still in seat 0's and seat 2's hands (5H, 4H, 6H) are worth
    nothing: the hand still ends early, the other team is given no card, and the result says so.
    """
    state = start({0: "5H KH QH JH", 1: "9H", 2: "4H RJ 10H 3D 6H", 3: "8H 7H"})
    state = play(state, "0:KH 1:9H 2:10H 3:8H 0:QH 2:3D 3:7H 0:JH")
    before = state
    state = play(before, "2:RJ")
    items = new_items(before, state)
    assert items[:2] == [Play(card("RJ")), SeatOut(3)]
    assert items[3] == HandEndedEarly(0, ())
    assert isinstance(items[4], HandScored)
    (result,) = state.results
    assert result.ended_early is True
    assert result.points == (6, 0)  # 10H, 3D, JH, RJ from tricks; nothing from the hands
    assert state.scores == (6, 0)


def test_r_play_7_nobody_has_trump_left_ends_the_hand_normally():
    """R-PLAY-7: when every trump has been played the hand ends without an early end."""
    state = start(THREE_EACH)
    for trick in THREE_EACH_TRICKS[:2]:
        state = play(state, trick)
    before = play(state, "1:3H 2:3D 3:2H")
    assert before.phase is Phase.PLAY
    state = play(before, "0:4H")
    items = new_items(before, state)
    assert [type(i) for i in items] == [Play, TrickWon, HandScored]
    assert events(state, HandEndedEarly) == []
    (result,) = state.results
    assert result.ended_early is False
    assert result.points == (7, 2)
    assert result.unplayed_points == 4
    assert result.scores == (7, 2)


def test_r_play_7_nobody_has_trump_left_after_a_team_was_announced_out():
    """R-PLAY-7: the last trumps fall in the trick that announces team B out: a normal end, not early.

    Seat 3 is announced out in trick 3 and seat 1 in trick 4, the trick in which team A plays its
    last trumps, so nobody holds a trump when trick 5 would start.
    """
    state = start({0: "AH KH QH JH", 1: "9H 8H 7H", 2: "10H 4H 3H 2H", 3: "6H 5H"})
    state = play(state, "0:KH 1:9H 2:4H 3:6H 0:QH 1:8H 2:3H 3:5H")
    before = play(state, "0:JH 1:7H")
    state = play(before, "2:2H")
    assert new_items(before, state)[:2] == [Play(card("2H")), SeatOut(3)]
    assert state.out == frozenset({3})
    assert state.to_act == 0
    before = state
    state = play(before, "0:AH")
    assert new_items(before, state) == [Play(card("AH")), SeatOut(1)]
    assert state.out == frozenset({1, 3})  # team B is known out, but the trick goes on
    assert state.phase is Phase.PLAY
    assert state.to_act == 2
    before = state
    state = play(before, "2:10H")
    items = new_items(before, state)
    assert items[0] == Play(card("10H"))
    assert isinstance(items[1], TrickWon)
    assert items[1].trick.plays == ((0, card("AH")), (2, card("10H")))
    assert isinstance(items[2], HandScored)
    assert len(items) == 3
    assert events(state, HandEndedEarly) == []
    assert [t.points for t in tricks_won(state)] == [(0, 0), (3, 0), (2, 0), (2, 0)]
    (result,) = state.results
    assert result.ended_early is False
    assert result.points == (7, 0)
    assert result.unplayed_points == 6  # JD BJ RJ 3D were never dealt
    assert state.scores == (7, 0)
    assert state.phase is Phase.DEAL


# --- R-PLAY-8 ----------------------------------------------------------------------------------


def test_r_play_8_points_that_never_came_into_play_score_for_nobody():
    """R-PLAY-8: point cards in the middle, the dead pile or the unseen stock score for nobody."""
    rules = Rules(pickup="none")
    state = new_game(rules)
    deal = layout({0: "AH KH QH JH JD BJ 10H", 2: "RJ 9H 8H 7H 6H 3H"}, look="2H 3D")
    state = drive(state, deal, *(PASS, PASS, PASS, Bid(5)), NameTrump(HEARTS))
    assert state.phase is Phase.DISCARD
    assert state.to_act == 0
    state = drive(state, Discard(card("10H")))  # shed under R-DISC-2 into the middle
    assert card("10H") in state.middle
    assert state.phase is Phase.LOOK
    assert state.stock[:2] == parse_cards("2H 3D")
    state = drive(state, TURN_UP, REJECT)  # the 2H goes to the dead pile, face up
    assert card("2H") in state.dead_face_up
    assert state.stock[0] == card("3D")
    state = drive(state, STOP, STOP)  # the 3D and the rest stay unseen
    assert state.phase is Phase.PLAY
    before = state
    state = play(state, "0:KH 2:9H")  # team B has no trump: announced out, then the hand ends
    items = new_items(before, state)
    assert [SeatOut(1), SeatOut(3)] == [i for i in items if isinstance(i, SeatOut)]
    assert events(state, HandEndedEarly) == [HandEndedEarly(0, cards("AH JH JD BJ RJ 3H"))]
    (result,) = state.results
    assert result.unplayed_points == 5
    assert result.points == (8, 0)
    unplayed = {pc.card for pc in result.point_cards if pc.team is None}
    assert unplayed == set(cards("10H 2H 3D"))
    assert {pc.card for pc in result.point_cards if pc.team == 0} == set(cards("AH JH JD BJ RJ 3H"))


# --- R-SCORE-1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "made", "change"),
    [(5, True, (8, 5)), (8, True, (8, 5)), (9, False, (-9, 5)), (12, False, (-12, 5))],
)
def test_r_score_1_made_bid_scores_points_taken_set_scores_minus_bid(bid, made, change):
    """R-SCORE-1: a made bid scores the points taken, a set one -bid; the defenders score their points."""
    state = play(start(ONE_TRICK, bid=bid), ONE_TRICK_FROM_0)
    (result,) = state.results
    assert result.points == (8, 5)
    assert result.made is made
    assert result.score_change == change
    assert state.scores == change


@pytest.mark.parametrize(("bid", "change"), [(5, (5, 5)), (8, (8, 5)), (9, (-9, 5))])
def test_r_score_1_made_bid_scores_bid_amount(bid, change):
    """R-SCORE-1: with made_bid_scores="bid_amount" a made bid scores the bid, not the points taken."""
    state = play(start(ONE_TRICK, bid=bid, rules=Rules(made_bid_scores="bid_amount")), ONE_TRICK_FROM_0)
    assert state.results[0].score_change == change
    assert state.scores == change


def test_r_score_1_scores_go_negative():
    """R-SCORE-1: a set subtracts the bid even below zero, hand after hand."""
    state = play(start(ONE_TRICK, bid=9), ONE_TRICK_FROM_0)
    assert state.scores == (-9, 5)
    state = sweep(state, 1, 4, bid=10, bidder=0)  # team A bids 10 and takes nothing
    assert state.scores == (-19, 9)
    assert [r.scores for r in state.results] == [(-9, 5), (-19, 9)]
    assert not state.is_over


# --- R-SCORE-2 ---------------------------------------------------------------------------------


def test_r_score_2_made_moon_wins_at_once():
    """R-SCORE-2: a made bid of max_bid (13) wins the game at once, far below the target."""
    state = sweep(new_game(), 1, 13, bid=13)
    assert state.is_over
    assert state.phase is Phase.GAME_OVER
    assert state.winner == 1
    assert state.outcome.termination is Termination.MOON_MADE
    assert state.outcome.scores == (0, 13)  # the hand is still scored
    assert state.outcome.hand_number == 1
    result = state.results[0]
    assert result.moon is True
    assert result.made is True
    assert events(state, GameOver) == [GameOver(state.outcome)]
    refused(state, PASS, IllegalReason.GAME_OVER)


def test_r_score_2_made_moon_with_score_points_only_scores():
    """R-SCORE-2: with moon_success="score_points" a made moon scores like any made bid."""
    state = sweep(new_game(Rules(moon_success="score_points")), 1, 13, bid=13)
    assert not state.is_over
    assert state.phase is Phase.DEAL
    assert state.scores == (0, 13)
    assert state.results[0].moon is True
    assert state.results[0].made is True


def test_r_score_2_failed_moon_is_minus_bid():
    """R-SCORE-2: a failed moon is -bid like any set (moon_failure="minus_bid", the default)."""
    state = sweep(new_game(), 0, 12, bid=13)  # the 13th point is unseen in the stock
    result = state.results[0]
    assert result.moon is True
    assert result.made is False
    assert result.points == (12, 0)
    assert state.scores == (-13, 0)
    assert not state.is_over


def test_r_score_2_failed_moon_loses_the_game_with_lose_game():
    """R-SCORE-2: with moon_failure="lose_game" a failed moon makes the other team win at once."""
    state = sweep(new_game(Rules(moon_failure="lose_game")), 0, 12, bid=13)
    assert state.is_over
    assert state.winner == 1
    assert state.outcome == Outcome(1, Termination.MOON_FAILED, 1, (-13, 0))


def test_r_score_2_moon_is_a_bid_of_max_bid():
    """R-SCORE-2: with max_bid lowered to 10, a made 10 is the moon and wins at once."""
    state = sweep(new_game(Rules(max_bid=10)), 0, 11, bid=10)
    assert state.results[0].moon is True
    assert state.outcome.termination is Termination.MOON_MADE
    assert state.winner == 0


# --- R-END-1 -----------------------------------------------------------------------------------


def test_r_end_1_game_ends_only_after_the_hand_is_scored():
    """R-END-1: points taken during a hand never end the game; only the scored hand does."""
    state = start({0: "AH 3H KH", 1: "8H 7H 6H", 2: "3D QH 10H", 3: "9H 5H 4H"}, rules=Rules(target=3), bid=5)
    state = play(state, "0:AH 1:6H 2:3D 3:4H")
    assert state.points_taken == (4, 0)  # past the target of 3 already
    assert state.phase is Phase.PLAY
    assert not state.is_over
    assert state.outcome is None
    assert state.scores == (0, 0)
    state = play(state, "0:KH 1:7H 2:10H 3:5H")
    assert not state.is_over
    state = play(state, "0:3H 1:8H 2:QH 3:9H")
    assert state.is_over
    assert state.outcome.termination is Termination.TARGET
    assert state.outcome.scores == (8, 0)
    assert state.winner == 0


def test_r_end_1_a_score_of_exactly_54_does_not_win():
    """R-END-1: the default target is 54 and a team must score more than it."""
    state = sweeps(new_game(), 0, 13, 13, 13, 11, 4)
    assert state.scores == (54, 0)
    assert not state.is_over
    assert state.phase is Phase.DEAL
    state = sweeps(state, 0, 4)
    assert state.scores == (58, 0)
    assert state.is_over
    assert state.winner == 0
    assert state.outcome.termination is Termination.TARGET
    assert state.outcome.hand_number == 6


def test_r_end_1_target_rule_at_least():
    """R-END-1: with target_rule="at_least" a score equal to the target wins."""
    state = sweeps(new_game(Rules(target_rule="at_least")), 0, 13, 13, 13, 11)
    assert state.scores == (50, 0)
    assert not state.is_over
    state = sweeps(state, 0, 4)
    assert state.scores == (54, 0)
    assert state.is_over
    assert state.winner == 0
    assert state.outcome.termination is Termination.TARGET


@pytest.mark.parametrize(
    ("target", "target_rule", "over"),
    [
        (13, "greater_than", False),
        (12, "greater_than", True),
        (13, "at_least", True),
        (14, "at_least", False),
    ],
)
def test_r_end_1_custom_target(target, target_rule, over):
    """R-END-1: the target is an option; a hand of 13 points meets it or not."""
    state = sweep(new_game(Rules(target=target, target_rule=target_rule)), 1, 13, bid=12)
    assert state.scores == (0, 13)
    assert state.is_over is over
    if over:
        assert state.winner == 1
        assert state.outcome.termination is Termination.TARGET
    else:
        assert state.phase is Phase.DEAL


# --- R-END-2 -----------------------------------------------------------------------------------


def test_r_end_2_both_past_target_bidding_team_wins():
    """R-END-2: both teams pass the target after one hand: the bidding team wins, even with fewer points."""
    state = play(start(ONE_TRICK, bidder=1, bid=5, rules=Rules(target=4)), ONE_TRICK_FROM_1)
    assert state.scores == (8, 5)
    assert state.is_over
    assert state.winner == 1
    assert state.outcome == Outcome(1, Termination.BOTH_PAST_TARGET, 1, (8, 5))


# --- HandResult as data ------------------------------------------------------------------------


def test_hand_result_lists_every_point_card_with_its_label_and_team():
    """R-PLAY-6, R-SCORE-1: a HandResult lists each point card, high to low, with its label and team."""
    state = play(start(ONE_TRICK, bid=7), ONE_TRICK_FROM_0)
    (result,) = state.results
    assert events(state, HandScored) == [HandScored(result)]
    expected = [
        ("AH", 1, "ace", 1),
        ("JH", 1, "jack", 0),
        ("JD", 1, "Jick", 0),
        ("BJ", 1, "joker", 0),
        ("RJ", 1, "joker", 0),
        ("10H", 1, "ten", 0),
        ("3H", 3, "three", 1),
        ("3D", 3, "off-three", 0),
        ("2H", 1, "deuce", 1),
    ]
    assert result.point_cards == tuple(PointCard(card(c), p, label, t) for c, p, label, t in expected)
    assert result.points == (8, 5)
    assert result.unplayed_points == 0
    assert (result.hand_number, result.dealer, result.bidder, result.bid) == (1, 0, 0, 7)
    assert result.trump is HEARTS
    assert result.bidding_team == 0
    assert result.made is True
    assert result.moon is False
    assert result.ended_early is True
    assert result.score_change == (8, 5)
    assert result.scores == (8, 5)
    # The next hand (dealt by seat 1) adds to the scores.
    state = play(start(ONE_TRICK, bid=7, state=state), ONE_TRICK_FROM_0)
    second = state.results[1]
    assert (second.hand_number, second.dealer) == (2, 1)
    assert second.score_change == (8, 5)
    assert second.scores == (16, 10)
    assert state.scores == (16, 10)


def test_hand_result_labels_follow_the_trump_suit():
    """R-DECK-3, R-POINT-1: with spades trump the Jick is JC and the off-three 3C."""
    spades = parse_cards("AS KS QS JS JC BJ RJ 10S 9S 8S 7S 6S 3S 3C 2S")
    dead = [c for c in DECK if c not in spades and c not in parse_cards("5S 4S")]
    hands = {0: [*spades[:6], *dead[:3]], 2: [*spades[6:12], *dead[3:6]], 1: dead[6:15], 3: dead[15:24]}
    stock = [*dead[24:36], *spades[12:], *parse_cards("5S 4S"), dead[36]]
    state = drive(new_game(), arranged_deck(hands, stock=stock), PASS, PASS, PASS, Bid(5))
    state = drive(state, NameTrump(Suit.SPADES), STOP, STOP)
    state = play(state, "0:KS 2:9S")  # team B is announced out; the next trick does not start
    assert events(state, HandEndedEarly) == [HandEndedEarly(0, cards("AS JS JC BJ RJ 10S"))]
    (result,) = state.results
    labels = {str(pc.card): (pc.label, pc.team) for pc in result.point_cards}
    assert labels == {
        "AS": ("ace", 0),
        "JS": ("jack", 0),
        "JC": ("Jick", 0),
        "BJ": ("joker", 0),
        "RJ": ("joker", 0),
        "10S": ("ten", 0),
        "3S": ("three", None),
        "3C": ("off-three", None),
        "2S": ("deuce", None),
    }
    assert result.points == (6, 0)
    assert result.unplayed_points == 7


def test_points_taken_and_cards_won_during_play():
    """R-PLAY-6: GameState.points_taken and cards_won grow trick by trick, never mid-trick."""
    state = start(THREE_EACH)
    assert state.points_taken == (0, 0)
    assert state.cards_won == ((), ())
    state = play(state, THREE_EACH_TRICKS[0])
    assert state.points_taken == (1, 0)
    assert state.cards_won == (cards("AH"), ())
    state = play(state, "0:9H 1:KH 2:QH")
    assert state.points_taken == (1, 0)
    state = play(state, "3:JH")
    assert state.points_taken == (1, 1)
    assert state.cards_won == (cards("AH"), cards("JH"))
    state = play(state, "1:3H 2:3D 3:2H")
    assert state.points_taken == (1, 1)
    state = play(state, "0:4H")
    assert state.results[0].points == (7, 2)
    won = {pc.card: pc.team for pc in state.results[0].point_cards}
    assert won == {
        card("AH"): 0,
        card("3H"): 0,
        card("3D"): 0,
        card("JH"): 1,
        card("2H"): 1,
        card("JD"): None,
        card("BJ"): None,
        card("RJ"): None,
        card("10H"): None,
    }


# --- the rules' worked cases (section 10), 5 to 13 -----------------------------------------------


def test_edge_5_bidder_without_trump_partner_leads():
    """Section 10, case 5: the bidder holds no trump when play starts, so his partner leads."""
    state = start({0: "", 1: "AH KH QH JH", 2: "JD BJ RJ 10H", 3: "9H 8H 7H 6H"}, bidder=0, bid=6)
    assert state.phase is Phase.PLAY
    assert state.to_act == 2
    assert events(state, SeatOut) == [SeatOut(0)]
    state = play(state, "2:JD 3:6H 1:AH")  # seat 0 is skipped
    assert tricks_won(state)[-1].plays == ((2, card("JD")), (3, card("6H")), (1, card("AH")))


def test_edge_5_bidding_team_without_trump_hand_ends_at_once():
    """Section 10, case 5: bidder and partner both without trump: the defenders take every point card."""
    state = start({1: "AH KH QH JH 3H 2H", 3: "JD BJ RJ 10H 9H 8H"}, bidder=0, bid=6)
    assert state.phase is Phase.DEAL
    items = [entry.item for entry in state.history[-4:]]
    assert items[:3] == [SeatOut(0), SeatOut(2), HandEndedEarly(1, cards("AH JH 3H 2H JD BJ RJ 10H"))]
    assert isinstance(items[3], HandScored)
    assert events(state, SeatOut) == [SeatOut(0), SeatOut(2)]
    assert tricks_won(state) == []
    (result,) = state.results
    assert result.ended_early is True
    assert result.points == (0, 10)
    assert result.unplayed_points == 3
    assert result.made is False
    assert state.scores == (-6, 10)


@pytest.mark.parametrize(("fallback", "leader"), [("partner", 3), ("left", 2)])
def test_edge_6_trick_winner_played_his_last_trump(fallback, leader):
    """Section 10, case 6: the trick winner has just played his last trump: his partner leads (R-PLAY-4)."""
    state = start(
        {0: "KH QH 9H 8H", 1: "AH", 2: "JH JD 7H 6H", 3: "BJ RJ 10H"}, rules=Rules(lead_fallback=fallback)
    )
    before = play(state, "0:9H 1:AH 2:6H")
    assert before.out == frozenset()
    state = play(before, "3:10H")
    items = new_items(before, state)
    assert isinstance(items[1], TrickWon)
    assert items[1].trick.winner == 1
    assert items[2] == SeatOut(1)
    assert state.out == frozenset({1})
    assert state.to_act == leader
    assert state.points_taken == (0, 2)  # AH and 10H


@pytest.mark.parametrize(
    ("joker_order", "first", "second", "winner"),
    [
        ("first_played", "BJ", "RJ", 0),
        ("first_played", "RJ", "BJ", 0),
        ("fixed", "BJ", "RJ", 1),
        ("fixed", "RJ", "BJ", 0),
    ],
)
def test_edge_7_both_jokers_in_one_trick(joker_order, first, second, winner):
    """Section 10, case 7: both jokers in one trick: the first played wins (joker_order="fixed": RJ wins)."""
    hands = {0: f"{first} 9H 8H", 1: f"{second} 7H 6H", 2: "10H 5H 4H", 3: "2H 3D 3H"}
    state = start(hands, rules=Rules(joker_order=joker_order))
    state = play(state, f"0:{first} 1:{second} 2:10H 3:2H")
    (trick,) = tricks_won(state)
    assert trick.winner == winner
    assert trick.points == ((3, 1) if winner == 0 else (0, 4))
    assert state.to_act == winner


def test_edge_7_only_one_joker_played():
    """Section 10, case 7: a lone joker ranks between Jick and 10, worth 1; the other scores for nobody."""
    state = start({0: "BJ 9H 8H", 1: "JD 7H 6H", 2: "10H 5H 4H", 3: "3H 3D 2H"})
    state = play(state, "0:BJ 1:7H 2:10H 3:3H")  # joker beats the 10
    state = play(state, "0:9H 1:JD 2:5H 3:2H")  # the Jick beats everything here
    state = play(state, "1:6H 2:4H 3:3D 0:8H")
    assert [t.winner for t in tricks_won(state)] == [0, 1, 0]
    (result,) = state.results
    assert result.points == (8, 2)
    teams = {pc.card: pc.team for pc in result.point_cards}
    assert teams[card("BJ")] == 0
    assert teams[card("RJ")] is None
    assert result.unplayed_points == 3  # AH JH RJ


def test_edge_8_deuce_played_into_a_trick_the_other_team_wins():
    """Section 10, case 8: the 2 led by team A into a trick team B wins still scores for team A (R-PLAY-6)."""
    state = start({0: "2H KH QH JH 9H", 1: "AH", 2: "3H 8H 7H 6H 5H", 3: "10H"})
    state = play(state, "0:2H 1:AH 2:3H 3:10H")
    (trick,) = tricks_won(state)
    assert trick.winner == 1
    assert trick.points == (1, 5)
    (result,) = state.results
    assert result.points == (2, 5)  # team A also takes the JH in its hands (R-PLAY-7)
    assert [pc.team for pc in result.point_cards if pc.card == card("2H")] == [0]
    assert state.scores == (-5, 5)


def test_edge_9_trick_of_a_single_card():
    """Section 10, case 9 (R-PLAY-5: a trick has 1 to 4 cards): a lone trump holder leads a one-card trick.

    Seat 2 is out from the start; seats 1 and 3 play their last trumps in trick 3. Neither is
    out yet (R-PLAY-3: that becomes public at its first turn without trump), so trick 4 is
    played: seat 0 leads, seats 1 and 3 are announced out, and the trick ends with one card.
    """
    state = start({0: "AH KH QH JH JD BJ", 1: "9H 8H 7H", 2: "", 3: "6H 5H 4H"})
    state = play(state, "0:AH 1:9H 3:6H 0:KH 1:8H 3:5H 0:QH 1:7H 3:4H")
    assert [len(t.plays) for t in tricks_won(state)] == [3, 3, 3]
    assert events(state, HandEndedEarly) == []
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert state.out == frozenset({2})
    before = state
    state = play(before, "0:JH")
    trick = tricks_won(state)[-1]
    assert trick.number == 4
    assert trick.plays == ((0, card("JH")),)
    assert trick.winner == 0
    assert trick.points == (1, 0)
    items = new_items(before, state)
    assert items[:4] == [Play(card("JH")), SeatOut(1), SeatOut(3), TrickWon(trick)]
    # Now both seats of team B are known out: the hand ends before trick 5 (R-PLAY-7).
    assert items[4] == HandEndedEarly(0, cards("JD BJ"))
    (result,) = state.results
    assert result.ended_early is True
    assert result.points == (4, 0)  # AH, JH and the JD BJ left in seat 0's hand
    assert state.scores == (-5, 0)


def test_edge_10_made_13_while_the_other_team_is_near_the_target():
    """Section 10, case 10: a made 13 wins at once although the other team is nearer the target."""
    state = sweeps(new_game(), 1, 13, 13, 13, 13)
    assert state.scores == (0, 52)
    assert not state.is_over
    state = sweep(state, 0, 13, bid=13)
    assert state.is_over
    assert state.winner == 0
    assert state.outcome.termination is Termination.MOON_MADE
    assert state.scores == (13, 52)


def test_edge_10_failed_13_lets_the_other_team_pass_the_target():
    """Section 10, case 10: a failed 13 costs 13; the defenders' points take them past the target."""
    state = sweeps(new_game(), 1, 13, 13, 13, 13)
    state = sweep(state, 1, 4, bid=13, bidder=0)  # team A shoots the moon and takes nothing
    assert state.results[-1].moon is True
    assert state.results[-1].made is False
    assert state.scores == (-13, 56)
    assert state.is_over
    assert state.winner == 1
    assert state.outcome.termination is Termination.TARGET


def test_edge_10_failed_13_far_from_target_game_goes_on():
    """Section 10, case 10: a failed 13 with both teams far from the target: -13 and the game goes on."""
    state = play(start(ONE_TRICK, bid=13), ONE_TRICK_FROM_0)
    assert state.results[0].moon is True
    assert state.results[0].made is False
    assert state.scores == (-13, 5)
    assert not state.is_over
    assert state.phase is Phase.DEAL


def test_edge_11_all_13_points_without_bidding_13():
    """Section 10, case 11: a team taking all 13 points on a bid of 12 scores 13 and does not win at once."""
    state = sweep(new_game(), 0, 13, bid=12)
    (result,) = state.results
    assert result.points == (13, 0)
    assert result.moon is False
    assert result.made is True
    assert state.scores == (13, 0)
    assert not state.is_over
    assert state.phase is Phase.DEAL


def test_edge_11_defenders_taking_all_13_points_do_not_win():
    """Section 10, case 11: the defenders take all 13 points: they score 13, the set bidder loses his bid."""
    state = sweep(new_game(), 1, 13, bid=7, bidder=0)
    assert state.scores == (-7, 13)
    assert not state.is_over


def test_edge_12_both_teams_over_the_target_after_one_hand():
    """Section 10, case 12: both pass 54 after the same hand: the bidding team wins with the lower score."""
    state = sweeps(new_game(), 0, 13, 13, 13, 13)
    state = sweeps(state, 1, 13, 13, 13, 11)
    assert state.scores == (52, 50)
    assert not state.is_over
    assert state.dealer == 0
    state = play(start(ONE_TRICK, bidder=1, bid=5, state=state), ONE_TRICK_FROM_1)
    assert state.scores == (60, 55)
    assert state.is_over
    assert state.winner == 1
    assert state.outcome.termination is Termination.BOTH_PAST_TARGET
    assert state.outcome.hand_number == 9


def test_edge_13_negative_scores_on_both_sides():
    """Section 10, case 13: both teams can stand below zero."""
    state = sweep(new_game(), 1, 4, bid=8, bidder=0)  # team A bids 8, takes nothing
    assert state.scores == (-8, 4)
    state = sweep(state, 0, 4, bid=10, bidder=3)  # team B bids 10, takes nothing
    assert state.scores == (-4, -6)
    assert [r.score_change for r in state.results] == [(-8, 4), (4, -10)]
    assert not state.is_over
    state = sweep(state, 0, 5, bid=5)
    assert state.scores == (1, -6)


@pytest.mark.parametrize("fallback", ["partner", "left"])
def test_r_play_3_r_play_7_a_team_out_ends_the_hand_before_the_leader_is_announced(fallback):
    """R-PLAY-7, R-PLAY-3: the early end comes first at the start of a trick and announces nobody.

    Seat 1 bids and wins trick 2 with his last trump, the trick in which both defenders are
    announced out. Trick 3 never starts, so seat 1, due to lead it, never has a turn without
    trump and is not announced out (under either lead fallback, R-PLAY-4).
    """
    rules = Rules(pickup="none", lead_fallback=fallback)
    dead = [c for c in DECK if c not in TRUMPS]
    hands = {
        0: [card("9H"), *dead[0:8]],
        1: [*cards("AH KH"), *dead[8:15]],
        2: [card("8H"), *dead[15:23]],
        3: list(cards("QH JH JD BJ RJ 10H 7H 6H 5H")),
    }
    stock = [*dead[23:37], *cards("4H 3H 3D 2H")]
    state = drive(new_game(rules, dealer=0), arranged_deck(hands, dealer=0, stock=stock))
    state = drive(auction(state, 1, 5), (1, NameTrump(HEARTS)))
    state = drive(state, *((3, Discard(card(c))) for c in ("5H", "6H", "7H")))
    while state.phase is Phase.LOOK:
        state = drive(state, STOP)
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    state = play(state, "1:AH 2:8H 3:10H 0:9H")
    before = play(state, "1:KH")
    assert before.out == frozenset({2})
    state = play(before, "3:QH")
    items = new_items(before, state)
    assert items[:2] == [Play(card("QH")), SeatOut(0)]
    assert isinstance(items[2], TrickWon)
    assert items[2].trick.winner == 1
    assert not any(c in TRUMPS for c in state.hand(1))  # seat 1 is due to lead, without trump
    assert items[3] == HandEndedEarly(1, cards("JH JD BJ RJ"))
    assert isinstance(items[4], HandScored)
    assert len(items) == 5
    assert events(state, SeatOut) == [SeatOut(2), SeatOut(0)]
    (result,) = state.results
    assert result.ended_early is True
    assert result.points == (0, 6)  # AH, and JH JD BJ RJ still in seat 3's hand; 10H won by seat 1
    assert state.phase is Phase.DEAL


# Seat 0, the bidder, leads his three trumps and wins each trick; seat 2 holds none and is
# announced out in trick 1; seat 1 plays its last trump in trick 3 (with seat 3's 4H). When
# trick 4 would start, seats 0 and 1 hold no trump and seat 3 holds 3H 3D 2H. JH JD BJ RJ 10H
# are never dealt.
LEAD_STOPS = {0: "AH KH QH", 1: "9H 8H 7H", 2: "", 3: "6H 5H 4H 3H 3D 2H"}
LEAD_STOPS_TRICKS = ("0:AH 1:9H 3:6H", "0:KH 1:8H 3:5H", "0:QH 1:7H")


def lead_stops(fallback):
    """The hand of :data:`LEAD_STOPS` under ``lead_fallback=fallback``, one card before its end."""
    state = start(LEAD_STOPS, rules=Rules(lead_fallback=fallback))
    for trick in LEAD_STOPS_TRICKS:
        state = play(state, trick)
    return state


@pytest.mark.parametrize("fallback", ["partner", "left"])
def test_r_play_7_r_play_4_the_leader_announced_out_after_his_partner_ends_the_hand_there(fallback):
    """R-PLAY-7 before R-PLAY-4: the seat due to lead is announced out, which puts its team out,
    so the hand ends there: the lead falls to nobody and nobody else is announced.

    Seat 2 is announced out in trick 1. Seat 0 wins trick 3 with his last trump; at the start of
    trick 4 he is due to lead without trump and is announced out (R-PLAY-3): both seats of team A
    are out and the hand ends. Seat 1 holds no trump either, but never had a turn without one, so
    it is not announced: not under lead_fallback="partner", and not under lead_fallback="left"
    either, where the lead would have passed to it (R-PLAY-4) had no team been out.
    """
    before = lead_stops(fallback)
    assert events(before, SeatOut) == [SeatOut(2)]
    assert before.out == frozenset({2})
    assert before.to_act == 3
    assert not any(c in TRUMPS for c in before.hand(0) + before.hand(1))
    assert [c for c in before.hand(3) if c in TRUMPS] == list(cards("4H 3H 3D 2H"))
    state = play(before, "3:4H")
    items = new_items(before, state)
    assert items[0] == Play(card("4H"))
    assert isinstance(items[1], TrickWon)
    assert items[1].trick.plays == ((0, card("QH")), (1, card("7H")), (3, card("4H")))
    assert items[1].trick.winner == 0
    assert items[2] == SeatOut(0)  # the seat due to lead, at his turn without trump
    assert items[3] == HandEndedEarly(1, cards("3H 3D 2H"))  # before anything else: no SeatOut(1)
    assert isinstance(items[4], HandScored)
    assert len(items) == 5
    assert events(state, SeatOut) == [SeatOut(2), SeatOut(0)]  # seat 1, without trump, is not
    (result,) = state.results
    assert result.ended_early is True
    assert result.points == (1, 7)  # AH from trick 1; 3H 3D 2H from seat 3's hand
    assert result.unplayed_points == 5  # JH JD BJ RJ 10H were never dealt
    assert result.made is False
    assert result.score_change == (-5, 7)
    assert state.scores == (-5, 7)
    assert state.phase is Phase.DEAL
    assert state.hand_number == 2


def test_the_cached_legal_card_actions_of_an_empty_set_are_found_as_any_others():
    """An empty tuple is falsy: read from the cache with ``or``, it was a miss, listed again, and
    it emptied a full cache to keep itself."""
    from pitch13._core.tables import table_for
    from pitch13.engine._play import play_choices
    from pitch13.engine._work import CACHE_SIZES, CARD_ACTIONS, PLAY_KIND, card_actions

    cache, size = CARD_ACTIONS[PLAY_KIND], CACHE_SIZES[PLAY_KIND]
    saved = dict(cache)
    table = table_for(Suit.SPADES, Rules())
    try:
        cache.clear()
        assert card_actions(PLAY_KIND, 0) == ()
        cache.update({1 << 60 | mask: () for mask in range(size - 1)})  # full, with the empty set
        assert card_actions(PLAY_KIND, 0) == () and len(cache) == size
        assert play_choices(0, table) == () and len(cache) == size  # the engine's own lookup
    finally:
        cache.clear()
        cache.update(saved)
