"""The public renderers: the narrator of histories, ``pretty`` of actions, and the trump-order sort."""

from __future__ import annotations

import random
import re
import typing

import pytest
from hypothesis import given

import pitch13
from helpers import unchecked
from pitch13 import (
    BLACK_JOKER,
    DECK,
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Card,
    Deal,
    Discard,
    GameRecord,
    GiveUp,
    HandResult,
    HistoryEntry,
    NameTrump,
    Outcome,
    Play,
    PointCard,
    Rules,
    Suit,
    Take,
    Termination,
    Trick,
    apply,
    new_game,
    parse_action,
    parse_cards,
    view,
)
from pitch13 import events as ev
from pitch13.bots import SimpleBot
from pitch13.narration import SEAT_NAMES, TEAM_NAMES, Narrator, narrate_history, narrate_seen
from pitch13.seen import (
    DealSeen,
    GiveUpSeen,
    RefillSeen,
    RejectSeen,
    SeenEntry,
    SeenItem,
    TurnUpSeen,
    seen_history,
)
from pitch13.trumps import sort_hand, trump_order
from profiles import examples
from strategies import playouts

C = parse_cards

# --- one game of every kind of entry ------------------------------------------------------------


def _varied_games():
    """Random games, some dealt by the caller, under rules that reach every kind of entry."""
    rule_sets = [
        Rules(all_pass="redeal", pickup="any_trump", look_take=take, short_stock="redeal", target=20)
        for take in ("any_card", "point_cards_only")
    ]
    for number in range(40):
        rng = random.Random(number)
        state = pitch13.new_game(rule_sets[number % 2], seed=None if number % 3 == 0 else number)
        while not state.is_over:
            if state.is_chance:
                state = pitch13.apply(state, Deal(rng.sample(DECK, len(DECK))))
                continue
            actions = pitch13.legal_actions(state)
            passing = isinstance(actions[0], pitch13.Pass) and rng.random() < 0.7
            state = pitch13.apply(state, actions[0] if passing else rng.choice(actions))
        yield state


GAMES = list(_varied_games())
HISTORY_KINDS = {*typing.get_args(pitch13.Action), *typing.get_args(ev.Event)}
SEEN_KINDS = set(typing.get_args(SeenItem))


def _says_nothing(item):
    """The entries the narrator documents as saying nothing."""
    return (isinstance(item, ev.DeadCardsDiscarded) and not item.cards) or (
        isinstance(item, ev.StockDiscarded) and not item.count
    )


def test_every_kind_of_history_entry_is_described():
    described = set()
    for state in GAMES:
        narrator = Narrator()
        for entry in state.history:
            text = narrator.describe_history(entry)
            if _says_nothing(entry.item):
                assert text is None
                continue
            assert text, entry
            assert text[0].isupper(), text
            described.add(type(entry.item))
    assert described == HISTORY_KINDS


def test_every_kind_of_seen_entry_is_described():
    described = set()
    for number, state in enumerate(GAMES):
        narrator = Narrator()
        for entry in seen_history(state, number % 4):
            text = narrator.describe_seen(entry, number % 4)
            if _says_nothing(entry.item):
                assert text is None
                continue
            assert text, entry
            described.add(type(entry.item))
    assert described == SEEN_KINDS


# --- the words, kind by kind --------------------------------------------------------------------

TRICK = Trick(number=3, plays=((1, C("AH")[0]), (2, C("2H")[0]), (3, BLACK_JOKER)), winner=1, points=(1, 2))
RESULT = HandResult(
    hand_number=4,
    dealer=3,
    bidder=2,
    bid=6,
    trump=Suit.HEARTS,
    point_cards=(PointCard(C("AH")[0], 1, "ace", 1),),
    points=(4, 7),
    unplayed_points=2,
    made=False,
    moon=False,
    score_change=(-6, 7),
    scores=(20, 31),
    ended_early=False,
)


@pytest.mark.parametrize(
    ("seat", "item", "text"),
    [
        (None, DealSeen(2, 1, C("2H BJ KC AS 10H")), "Hand 2: East deals.\nWest holds BJ K♣ 10♥ 2♥ A♠"),
        (None, DealSeen(2, 1, ()), "Hand 2: East deals."),
        (None, RefillSeen(3, 2, C("AH 4C")), "West draws 2 cards: A♥ 4♣."),
        (None, RefillSeen(1, 1, ()), "East draws 1 card."),
        (None, RefillSeen(1, 0, ()), "East draws no card."),
        (2, TurnUpSeen(2, None), "South turns up a stock card."),
        (3, TurnUpSeen(3, C("QS")[0]), "West turns up Q♠."),
        (3, GiveUpSeen(3, C("QS")[0], C("4C")[0]), "West takes Q♠, giving up 4♣."),
        (2, GiveUpSeen(2, None, C("9S")[0]), "South takes the card turned up, giving up 9♠."),
        (2, GiveUpSeen(2, None, None), "South takes the card turned up, giving up a card."),
        (0, RejectSeen(0, C("3S")[0], False), "North rejects 3♠."),
        (0, RejectSeen(0, None, False), "North rejects the card turned up."),
        (None, RejectSeen(0, C("5D")[0], True), "North may not take 5♦: it goes to the dead pile."),
        (None, RejectSeen(0, None, True), "North may not take the card turned up: it goes to the dead pile."),
        (1, PASS, "East passes."),
        (1, Bid(7), "East bids 7."),
        (2, NameTrump(Suit.SPADES), "South names spades (♠) trump."),
        (2, Discard(C("10S")[0]), "South sheds 10♠ into the middle."),
        (3, Take(C("10S")[0]), "West picks up 10♠ from the middle."),
        (3, STOP, "West stops picking up."),
        (0, Play(C("JD")[0]), "North plays J♦."),
        (None, ev.AuctionWon(2, 6), "South wins the auction at 6."),
        (None, ev.HandThrownIn(5, ev.ThrowInReason.ALL_PASSED), "Everyone passes: hand 5 is thrown in."),
        (
            None,
            ev.HandThrownIn(5, ev.ThrowInReason.SHORT_STOCK),
            "The stock runs short: hand 5 is thrown in.",
        ),
        (None, ev.DeadCardsDiscarded(1, C("2C AC 9D")), "East discards dead cards: A♣ 2♣ 9♦."),
        (None, ev.DeadCardsDiscarded(1, ()), None),
        (None, ev.StockHandedOver(0, 1), "North looks through the 1 stock card left."),
        (None, ev.StockHandedOver(2, 5), "South looks through the 5 stock cards left."),
        (None, ev.StockDiscarded(3), "The 3 stock cards nobody turned up go to the dead pile unseen."),
        (None, ev.StockDiscarded(1), "The stock card nobody turned up goes to the dead pile unseen."),
        (None, ev.StockDiscarded(0), None),
        (None, ev.SeatOut(3), "West is out of trump."),
        (
            None,
            ev.TrickWon(TRICK),
            "Trick 3: East A♥, South 2♥, West BJ. East wins: North-South +1, East-West +2.",
        ),
        (
            None,
            ev.TrickWon(Trick(number=1, plays=((0, C("5H")[0]),), winner=0, points=(0, 0))),
            "Trick 1: North 5♥. North wins, no points.",
        ),
        (
            None,
            ev.HandEndedEarly(1, C("AH 3D")),
            "North and South are out of trump: the hand ends, and East-West take the point cards "
            "still in hand: A♥ 3♦.",
        ),
        (
            None,
            ev.HandEndedEarly(0, ()),
            "East and West are out of trump: the hand ends, with no point card left in hand.",
        ),
        (
            None,
            ev.HandScored(RESULT),
            "North-South bid 6 and took 4: set, -6; East-West took 7, +7. Score: North-South 20, East-West 31.",
        ),
        (
            None,
            ev.GameOver(Outcome(1, Termination.BOTH_PAST_TARGET, 9, (56, 60))),
            "East-West win after hand 9 (both past target), 56-60.",
        ),
        (
            None,
            ev.GameOver(Outcome(0, Termination.MOON_MADE, 1, (13, 0))),
            "North-South win after hand 1 (moon made), 13-0.",
        ),
    ],
)
def test_seen_entries_in_words(seat, item, text):
    viewer = 3 if isinstance(item, DealSeen) and item.cards else None
    assert Narrator().describe_seen(SeenEntry(seat, item), viewer) == text


def test_a_deal_seen_without_a_viewer_still_shows_the_cards():
    entry = SeenEntry(None, DealSeen(1, 0, C("3C AC")))
    assert Narrator().describe_seen(entry) == "Hand 1: North deals.\nDealt: A♣ 3♣"


def test_a_moon_is_named_in_the_score():
    moon = HandResult(
        **{**{a: getattr(RESULT, a) for a in RESULT.__slots__ if a != "__weakref__"}, "moon": True}
    )
    text = Narrator().describe_seen(SeenEntry(None, ev.HandScored(moon)))
    assert text.startswith("North-South bid 6 (shooting the moon) and took 4: set")


def test_stop_says_what_is_stopped():
    narrator = Narrator()
    stop = SeenEntry(1, STOP)
    assert narrator.describe_seen(SeenEntry(None, DealSeen(1, 0, ()))) == "Hand 1: North deals."
    assert narrator.describe_seen(stop) == "East stops picking up."
    narrator.describe_seen(SeenEntry(None, ev.StockHandedOver(1, 4)))
    assert narrator.describe_seen(stop) == "East stops looking."
    narrator.describe_seen(SeenEntry(None, DealSeen(2, 1, ())))  # a new hand forgets the look-through
    assert narrator.describe_seen(stop) == "East stops picking up."


def test_the_whole_history_names_every_hand_and_every_card_turned_up():
    state = next(s for s in GAMES if any(isinstance(e.item, pitch13.TurnUp) for e in s.history))
    lines = narrate_history(state.history)
    deals = [e.item for e in state.history if isinstance(e.item, ev.HandDealt)]
    first = deals[0]
    start = lines.index(f"Hand 1: {SEAT_NAMES[first.dealer]} deals.")
    for seat in range(4):
        dealt = next(e.item.cards for e in seen_history(state, seat) if isinstance(e.item, DealSeen))
        shown = lines[start + 1 + seat]
        assert shown == f"{SEAT_NAMES[seat]} holds " + " ".join(c.pretty for c in sort_hand(dealt, None))
    # What each seat turned up, as it saw it itself, is what the whole history names.
    for looker in range(4):
        own = [
            e.item.card
            for e in seen_history(state, looker)
            if isinstance(e.item, TurnUpSeen) and e.item.seat == looker
        ]
        told = [line for line in lines if line.startswith(f"{SEAT_NAMES[looker]} turns up ")]
        assert told == [f"{SEAT_NAMES[looker]} turns up {card.pretty}." for card in own]


def test_the_history_of_a_look_through_names_the_cards():
    state = next(s for s in GAMES if any(isinstance(e.item, GiveUp) for e in s.history))
    narrator = Narrator()
    for entry in state.history:
        text = narrator.describe_history(entry)
        if isinstance(entry.item, GiveUp):
            assert re.fullmatch(rf"\w+ takes \S+, giving up {re.escape(entry.item.card.pretty)}\.", text), (
                text
            )
            assert "the card turned up" not in text
        if isinstance(entry.item, pitch13.Reject):
            assert "the card turned up" not in text


def test_a_history_told_from_the_middle_of_a_hand_says_a_stock_card():
    state = next(s for s in GAMES if any(isinstance(e.item, pitch13.TurnUp) for e in s.history))
    at = next(i for i, e in enumerate(state.history) if isinstance(e.item, pitch13.TurnUp))
    assert narrate_history(state.history[at : at + 1])[0].endswith(" turns up a stock card.")


def test_deal_and_refill_in_the_whole_history():
    narrator = Narrator()
    assert narrator.describe_history(HistoryEntry(None, Deal(DECK))) == "The deck is shuffled."
    refill = HistoryEntry(None, ev.Refilled(2, C("AH 4C")))
    assert narrator.describe_history(refill) == "South draws 2 cards: A♥ 4♣."
    forced = HistoryEntry(None, ev.CardRejected(1, C("4C")[0]))
    assert narrator.describe_history(forced) == "East may not take 4♣: it goes to the dead pile."


def test_the_narrations_leave_out_entries_that_say_nothing():
    empty = ev.DeadCardsDiscarded(1, ())
    assert narrate_seen([SeenEntry(None, empty), SeenEntry(1, PASS)]) == ("East passes.",)
    assert narrate_history([HistoryEntry(None, empty), HistoryEntry(None, ev.StockDiscarded(0))]) == ()
    deal = HistoryEntry(None, ev.HandDealt(1, 0, DECK))
    assert len(narrate_history([deal])) == 5


# --- names ----------------------------------------------------------------------------------------


def test_default_names():
    narrator = Narrator()
    assert narrator.seat_names == SEAT_NAMES == ("North", "East", "South", "West")
    assert narrator.team_names == TEAM_NAMES == ("North-South", "East-West")
    assert [narrator.seat(s) for s in range(4)] == list(SEAT_NAMES)
    assert [narrator.team(t) for t in (0, 1)] == list(TEAM_NAMES)


def test_custom_seat_names_name_teams_too():
    narrator = Narrator(["Ann", "Bob", "Cy", "Di"])
    assert narrator.team_names == ("Ann-Cy", "Bob-Di")
    assert narrator.describe_seen(SeenEntry(3, Bid(5))) == "Di bids 5."
    assert narrator.describe_seen(SeenEntry(None, ev.TrickWon(TRICK))) == (
        "Trick 3: Bob A♥, Cy 2♥, Di BJ. Bob wins: Ann-Cy +1, Bob-Di +2."
    )
    named = Narrator(("Ann", "Bob", "Cy", "Di"), ("Us", "Them"))
    assert named.describe_seen(SeenEntry(None, ev.HandScored(RESULT))).startswith("Us bid 6 and took 4: set")


def test_a_whole_game_in_custom_names_never_uses_the_default_ones():
    names = ("Ann", "Bob", "Cy", "Di")
    for state in GAMES[:5]:
        text = "\n".join(narrate_history(state.history, Narrator(names, ("Us", "Them"))))
        assert not any(name in text for name in (*SEAT_NAMES, *TEAM_NAMES))
        assert all(name in text for name in names)


@pytest.mark.parametrize(
    ("seats", "teams", "error", "message"),
    [
        ("NESW", None, TypeError, "seat names are a sequence of 4 strings"),
        (("A", "B", "C"), None, ValueError, "seat names are 4 strings, not 3"),
        (("A", "B", "C", 4), None, TypeError, "a seat name is a string, not 4"),
        (("A", "B", "C", ""), None, ValueError, "a seat name is a non-empty line"),
        (("A", "B", "C", " D"), None, ValueError, "a seat name is a non-empty line"),
        (("A", "B", "C", "D\nE"), None, ValueError, "a seat name is a non-empty line"),
        (("A", "B", "C", "D\rE"), None, ValueError, "a seat name is a non-empty line"),
        (("A", "B", "C", "D\x0bE"), None, ValueError, "a seat name is a non-empty line"),
        (("A", "B", "C", "D\x85E"), None, ValueError, "a seat name is a non-empty line"),
        (("A", "B", "C", "D\u2028E"), None, ValueError, "a seat name is a non-empty line"),
        (SEAT_NAMES, ("U\u2029s", "Them"), ValueError, "a team name is a non-empty line"),
        (("A", "B", "A", "D"), None, ValueError, "seat names must differ"),
        (SEAT_NAMES, ("Us",), ValueError, "team names are 2 strings, not 1"),
        (SEAT_NAMES, ("Us", "Us"), ValueError, "team names must differ"),
        (
            ("A", "B", "C", "D"),
            ("A", "X"),
            ValueError,
            "team names and seat names are all different, but 'A' is both",
        ),
    ],
)
def test_bad_names_are_refused(seats, teams, error, message):
    with pytest.raises(error, match=re.escape(message)):
        Narrator(seats, teams)


def test_bad_seats_teams_and_entries_are_refused():
    narrator = Narrator()
    with pytest.raises(ValueError, match="a seat is an int from 0 to 3, not 4"):
        narrator.seat(4)
    with pytest.raises(ValueError, match="a team is 0 or 1, not 2"):
        narrator.team(2)
    with pytest.raises(TypeError, match="a team is 0 or 1, not True"):
        narrator.team(True)
    with pytest.raises(TypeError, match="describe_seen\\(\\) takes a SeenEntry, not HistoryEntry"):
        narrator.describe_seen(HistoryEntry(1, PASS))
    # The viewer is checked whatever the entry, not only where a deal names it.
    with pytest.raises(ValueError, match="viewer is an int from 0 to 3, not 9"):
        narrator.describe_seen(SeenEntry(1, PASS), 9)
    with pytest.raises(TypeError, match="viewer is an int from 0 to 3, not '1'"):
        narrator.describe_seen(SeenEntry(1, PASS), "1")
    with pytest.raises(ValueError, match="viewer is an int from 0 to 3, not -1"):
        narrate_seen((), viewer=-1)  # even with no entry to describe
    with pytest.raises(TypeError, match="describe_history\\(\\) takes a HistoryEntry, not SeenEntry"):
        narrator.describe_history(SeenEntry(1, PASS))


# --- pretty ---------------------------------------------------------------------------------------

ONE_OF_EACH = [
    (PASS, "pass"),
    (Bid(5), "bid 5"),
    (NameTrump(Suit.HEARTS), "trump ♥"),
    (Discard(C("10S")[0]), "discard 10♠"),
    (Take(C("AD")[0]), "take A♦"),
    (TURN_UP, "turn up"),
    (GiveUp(C("4C")[0]), "give up 4♣"),
    (REJECT, "reject"),
    (STOP, "stop"),
    (Play(C("JH")[0]), "play J♥"),
    (Play(C("RJ")[0]), "play RJ"),
]


def test_one_of_each_action_class_is_listed():
    assert {type(action) for action, _ in ONE_OF_EACH} | {Deal} == set(typing.get_args(pitch13.Action))


@pytest.mark.parametrize(("action", "text"), ONE_OF_EACH, ids=[t for _, t in ONE_OF_EACH])
def test_pretty_of_every_action_reads_back(action, text):
    assert action.pretty == text
    assert parse_action(action.pretty) == action
    card = getattr(action, "card", None)
    if card is not None:
        assert action.pretty == f"{action}".replace(str(card), card.pretty)


def test_pretty_of_a_deal_writes_its_54_cards():
    order = tuple(random.Random(3).sample(DECK, len(DECK)))
    deal = Deal(order)
    assert deal.pretty == "deal " + " ".join(c.pretty for c in order)
    assert parse_action(deal.pretty) == deal


# --- the trump-order sort (R-RANK-1, R-RANK-2, R-DECK-3) -------------------------------------------

#: R-RANK-1 for hearts, written out from docs/rules.rst: A, K, Q, J, Jick, high joker, low joker, 10 … 3,
#: off-three, 2.
HEARTS_ORDER = "AH KH QH JH JD BJ RJ 10H 9H 8H 7H 6H 5H 4H 3H 3D 2H"


def test_r_rank_1_sort_hand_puts_trumps_first_in_trump_order():
    """R-RANK-1 and R-DECK-3: the 17 trumps high to low, then the 37 dead cards."""
    cards = random.Random(1).sample(DECK, len(DECK))
    ordered = sort_hand(cards, Suit.HEARTS, Rules())
    assert ordered[:17] == C(HEARTS_ORDER)
    dead = ordered[17:]
    assert len(dead) == 37 and not set(dead) & set(C(HEARTS_ORDER))
    assert [(c.suit, -c.rank) for c in dead] == sorted((c.suit, -c.rank) for c in dead)


@pytest.mark.parametrize("trump", list(Suit))
def test_r_rank_1_every_suit_agrees_with_trump_order(trump):
    """R-RANK-1 for each suit: the Jick and off-three of the same colour rank among the trumps."""
    for rules in (Rules(), Rules.classic_ten_point()):
        hand = random.Random(trump).sample(DECK, 20)
        trumps = [c for c in trump_order(trump, rules) if c in hand]
        assert list(sort_hand(hand, trump, rules)[: len(trumps)]) == trumps


def test_r_deck_3_without_the_off_three_it_is_a_dead_card():
    """R-DECK-3: with ``use_off_three`` off, 3♦ under hearts is dead and sorts with the diamonds."""
    hand = C("3D 2H QD 3H AD")
    assert sort_hand(hand, Suit.HEARTS, Rules()) == C("3H 3D 2H AD QD")
    assert sort_hand(hand, Suit.HEARTS, Rules(use_off_three=False)) == C("3H 2H AD QD 3D")


def test_r_rank_2_jokers_in_trump_order():
    """R-RANK-2: interchangeable jokers sort BJ then RJ; with fixed jokers the high one (RJ) first."""
    hand = C("RJ 10S BJ JC")
    assert sort_hand(hand, Suit.SPADES) == C("JC BJ RJ 10S")
    assert sort_hand(hand, Suit.SPADES, Rules(joker_order="fixed")) == C("JC RJ BJ 10S")


def test_before_trump_the_jokers_then_suits_aces_first():
    hand = C("2S AC 10H BJ KC 3D RJ JD")
    assert sort_hand(hand, None) == C("BJ RJ AC KC JD 3D 10H 2S")
    assert sort_hand(DECK, None)[:2] == (BLACK_JOKER, pitch13.RED_JOKER)


def test_sort_hand_keeps_every_card_and_refuses_what_is_not_a_card():
    hand = C("AH AH 2C")
    assert sort_hand(hand, Suit.CLUBS) == C("2C AH AH")
    assert sort_hand(iter(hand), None) == C("2C AH AH")
    assert sort_hand((), Suit.CLUBS) == ()
    with pytest.raises(TypeError, match="sort_hand\\(\\) takes Cards, not str"):
        sort_hand("AH", Suit.HEARTS)
    with pytest.raises(TypeError, match="expected a Suit or None for trump, not str"):
        sort_hand(hand, "H")
    with pytest.raises(TypeError, match=r"^sort_hand\(\) takes an iterable of Cards, not NoneType$"):
        sort_hand(None, None)  # type: ignore[arg-type]


def test_the_narrations_of_a_history_refuse_what_is_no_history():
    with pytest.raises(
        TypeError, match=r"^narrate_history\(\) takes an iterable of HistoryEntry, not NoneType$"
    ):
        narrate_history(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^narrate_seen\(\) takes an iterable of SeenEntry, not int$"):
        narrate_seen(5)  # type: ignore[arg-type]


# --- a seat's narration never names a card it could not see ----------------------------------------

_CARD_WORD = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[♣♦♥♠]|\b[BR]J\b")
_BY_PRETTY = {c.pretty: c for c in DECK}


def _named(lines):
    return {_BY_PRETTY[word] for line in lines for word in _CARD_WORD.findall(line)}


def _shown(seat_view):
    """Every card a view shows its seat."""
    cards = {
        *seat_view.hand,
        *seat_view.middle,
        *seat_view.dead_face_up,
        *seat_view.dead_known,
        *(card for _, card in seat_view.trick),
        *(card for trick in seat_view.tricks for card in trick.cards),
    }
    if seat_view.turned_card is not None:
        cards.add(seat_view.turned_card)
    if seat_view.last_result is not None:
        cards.update(p.card for p in seat_view.last_result.point_cards)
    return cards


def _public(state):
    """The cards the whole history shows every seat (R-INFO-1): played, shed, discarded dead, or
    credited at an early end. A view covers the hand in play, so the last trick of a hand that
    was followed at once by the next deal is in no view; it is public all the same."""
    cards = set()
    for entry in state.history:
        item = entry.item
        if isinstance(item, (Play, Discard)):
            cards.add(item.card)
        elif isinstance(item, (ev.DeadCardsDiscarded, ev.HandEndedEarly)):
            cards.update(item.cards)
    return cards


@given(playouts())
@examples(25, deadline=None)
def test_a_seats_narration_names_only_cards_the_seat_saw(playout):
    """For seat s, every card named in the narration of s's seen history is one s saw: shown in
    one of s's views along the game (its hand, what it turned up, the face-up dead cards …), or
    public by R-INFO-1."""
    states = playout.states(300)
    final = states[-1]
    public = _public(final)
    for seat in range(4):
        saw = set(public)
        for state in states:
            saw |= _shown(view(state, seat))
        lines = narrate_seen(seen_history(final, seat), viewer=seat)
        named = _named(lines)
        assert named <= saw, sorted(str(c) for c in named - saw)
        own = [e.item.cards for e in seen_history(final, seat) if isinstance(e.item, DealSeen)]
        assert set().union(*own) <= named  # the narration does name cards: the seat's own deals


def test_the_whole_history_names_cards_a_seat_did_not_see():
    """The check above can fail: the whole history of a hand names cards each seat did not see."""
    state = pitch13.new_game(seed=4)
    while state.hand_number == 1:
        state = pitch13.apply(state, pitch13.legal_actions(state)[-1])
    history = state.history
    hand = history[: next(i for i, e in enumerate(history) if isinstance(e.item, ev.HandScored)) + 1]
    public = set()
    for entry in hand:
        if isinstance(entry.item, (Play, Discard)):
            public.add(entry.item.card)
        elif isinstance(entry.item, (ev.DeadCardsDiscarded, ev.HandEndedEarly)):
            public.update(entry.item.cards)
    for seat in range(4):
        own = {
            c
            for e in seen_history(state, seat)
            if isinstance(e.item, (DealSeen, RefillSeen))
            for c in e.item.cards
        }
        assert not _named(narrate_history(hand)) <= public | own


def test_the_card_words_are_read_as_cards():
    assert _named(["North plays 10♥.", "BJ and RJ", "East bids 10.", "Trick 10: A♠"]) == set(
        C("10H BJ RJ AS")
    )
    assert {_BY_PRETTY[c.pretty] for c in DECK} == set(DECK)
    assert Card.parse("10H").pretty == "10♥"


def test_a_negative_score_is_written_with_to_not_a_dash():
    # "-36--13" reads as a subtraction: a pair with a negative score is "-36 to -13".
    state = new_game(seed=0, scores=(-40, 50))
    bots = [SimpleBot(seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_act
        state = apply(state, bots[seat].choose(view(state, seat)), seat=seat)
    a, b = state.scores
    assert a < 0 <= b
    assert narrate_history(state.history)[-1].endswith(f"win after hand 1 (target), {a} to {b}.")
    comments = [
        line for line in GameRecord.from_state(state).to_text().splitlines() if line.startswith("# seat")
    ]
    assert comments[-1].endswith(f"; scores {a} to {b}")
    assert repr(new_game(scores=(-40, -13))).endswith("scores -40 to -13>")
    assert repr(new_game(scores=(48, 30))).endswith("scores 48-30>")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: narrate_history([unchecked(HistoryEntry, seat=None, item=PASS)]),
            ValueError,
            "Pass(), a seat's action, names no seat",
        ),
        (
            lambda: narrate_history([unchecked(HistoryEntry, seat=5, item=PASS)]),
            ValueError,
            "the seat of a history entry is an int",
        ),
        (
            lambda: narrate_history([unchecked(HistoryEntry, seat=1, item="pass")]),
            TypeError,
            "holds an action or an event, not 'pass'",
        ),
        (
            lambda: narrate_seen([unchecked(SeenEntry, seat=None, item=Play(Card.parse("AS")))]),
            ValueError,
            "names no seat",
        ),
        (
            lambda: narrate_seen([unchecked(SeenEntry, seat=1, item="pass")]),
            TypeError,
            "holds an action or an event, not 'pass'",
        ),
        (
            lambda: narrate_seen([SeenEntry(None, ev.HandDealt(1, 0, tuple(DECK)))]),
            TypeError,
            "not HandDealt(",
        ),
    ],
)
def test_an_entry_made_by_hand_that_no_history_holds_is_refused_saying_why(call, error, message):
    """A seat's action that names no seat, a seat outside 0..3, or an item that is no entry of
    that history is a clear error, not an ``AssertionError`` from inside the narrator. (Such an
    entry is refused as it is made; these are made past the checks, as ones unpickled would be.)"""
    with pytest.raises(error, match=re.escape(message)):
        call()


class _Over(ev.GameOver):
    """A subclass of an event: checked as the event is."""


@pytest.mark.parametrize(
    ("entry", "error", "message"),
    [
        (
            SeenEntry(None, unchecked(ev.GameOver, outcome=None)),
            TypeError,
            "a seen entry's GameOver.outcome is an Outcome, not None",
        ),
        (
            SeenEntry(None, unchecked(ev.TrickWon, trick=None)),
            TypeError,
            "a seen entry's TrickWon.trick is a Trick, not None",
        ),
        (
            SeenEntry(None, unchecked(ev.HandEndedEarly, team=5, cards=())),
            ValueError,
            "HandEndedEarly.team is from 0 to 1, not 5",
        ),
        (
            SeenEntry(None, unchecked(ev.AuctionWon, seat=1, bid="x")),
            TypeError,
            "a seen entry's AuctionWon.bid is an int, not 'x'",
        ),
        (
            HistoryEntry(None, unchecked(ev.HandDealt, hand_number=1, dealer=0, deck=())),
            ValueError,
            "a history entry's HandDealt.deck holds 54 items",
        ),
        (
            HistoryEntry(None, unchecked(ev.Refilled, seat=1, cards=None)),
            TypeError,
            "a history entry's Refilled.cards is a tuple, not None",
        ),
        (HistoryEntry(2, Bid(99)), ValueError, "a history entry's Bid.amount is from 1 to 13, not 99"),
        (
            SeenEntry(None, unchecked(_Over, outcome=None)),
            TypeError,
            "a seen entry's _Over.outcome is an Outcome, not None",
        ),
    ],
)
def test_an_event_made_by_hand_with_a_field_of_no_type_is_refused_naming_it(entry, error, message):
    """The narrator checks what an entry holds inside too, where it failed on it with an
    AttributeError, an IndexError or a TypeError of its own, or narrated a bid of 'x'. (An event
    is checked as it is made: these are made past their checks, as ones unpickled would be.)"""
    describe = Narrator().describe_seen if isinstance(entry, SeenEntry) else Narrator().describe_history
    with pytest.raises(error, match=re.escape(message)):
        describe(entry)
