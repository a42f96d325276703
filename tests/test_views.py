"""Seat views hold what a seat may know and nothing more (docs/rules.rst section 8: R-INFO-1, R-INFO-2).

What a seat may know is rebuilt here from the :class:`~pitch13.GameState` and the rules text, not
from the view: :func:`walk` follows the state's full history (the deck of each hand included),
:func:`knowledge` collects the cards a seat may know in each hand, and :func:`expected_history`
is the history as the rules say the seat saw it. The views are then compared with these.

The arranged hand used by the R-INFO tests (dealer 0, so the order from the dealer's left is
1, 2, 3, 0; hearts trump: the 13 hearts, the Jick JD, the off-three 3D and both jokers):

* seat 2 wins the auction with 6; seat 1, holding 8 trumps, sheds 10H (a point card) and 9H;
  seat 2 takes 10H back from the middle;
* the refill gives 0 cards to seat 1, 4 to seat 2 (JD 4S 5S 6S), 5 to seat 3 (6H 7S 8S 9S 10S)
  and 5 to seat 0 (RJ JS QS KS AS);
* seat 2 looks: turns up 3D and takes it giving up 4S (face down), turns up 3C (rejected face
  down: not a trump), stops; seat 0 looks at the rest: turns up 5H and takes it giving up BJ
  (face up), turns up 4H and rejects it (face up);
* play: seats 3 and 0 are announced out at their turns in trick 3, seat 2 in trick 5, and the
  hand ends early (R-PLAY-7) with JH still in seat 1's hand: team B takes 12 points, team A is
  set 6.
"""

from __future__ import annotations

import functools
import gc
import json
import pickle
import random
import tracemalloc

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from helpers import (
    deal,
    freed_with,
    json_cards,
    random_states,
    see,
    states_through,
    unchecked,
    unchecked_evolve,
)
from pitch13 import (
    BLACK_JOKER,
    DECK,
    PASS,
    RED_JOKER,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Card,
    Deal,
    Discard,
    GameRecord,
    GiveUp,
    NameTrump,
    Pass,
    Phase,
    Place,
    PlaceInfo,
    Play,
    Rank,
    Reject,
    Rules,
    SeatView,
    Suit,
    Take,
    TurnUp,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    sample_state,
    spectator_view,
    state_from_json,
    state_to_json,
    view,
    view_delta,
)
from pitch13.events import (
    CardRejected,
    DeadCardsDiscarded,
    HandDealt,
    HandEndedEarly,
    HandScored,
    HandThrownIn,
    Refilled,
    SeatOut,
    StockDiscarded,
    StockHandedOver,
    TrickWon,
)
from pitch13.rules import AllPass, DeuceTo, JokerOrder, LeadFallback, LookTake, Pickup, ShortStock
from pitch13.seen import DealSeen, GiveUpSeen, RefillSeen, RejectSeen, SeenEntry, TurnUpSeen, seen_history
from pitch13.trumps import card_points
from profiles import examples
from strategies import RandomChooser, any_rules, dealers, seeds

#: The four seats and the spectator (``None``).
VIEWERS = (0, 1, 2, 3, None)

# --- helpers -----------------------------------------------------------------------------------


def card(text):
    """The one card of ``text``."""
    return parse_cards(text)[0]


def cards(text):
    """The cards of ``text`` as a set."""
    return set(parse_cards(text))


def trumps_of(trump, rules):
    """The trumps when ``trump`` is named (R-DECK-3), from the rules text."""
    off = trump.off_suit
    found = {c for c in DECK if c.suit is trump}
    found.add(Card.of(Rank.JACK, off))
    if rules.use_off_three:
        found.add(Card.of(Rank.THREE, off))
    return frozenset(found | {BLACK_JOKER, RED_JOKER})


def points_of(c, trump, rules):
    """What ``c`` is worth when ``trump`` is named (R-POINT-1), from the rules text."""
    if c.is_joker:
        return 1
    if c.suit is trump.off_suit:
        if c.rank is Rank.JACK:
            return 1
        return 3 if c.rank is Rank.THREE and rules.use_off_three else 0
    if c.suit is trump:
        return {Rank.ACE: 1, Rank.JACK: 1, Rank.TEN: 1, Rank.THREE: 3, Rank.TWO: 1}.get(c.rank, 0)
    return 0


def dealt(deck, dealer, seat):
    """The 9 cards ``seat`` is dealt from ``deck`` (R-DEAL-1, the mapping documented in new_game)."""
    k = (seat - dealer - 1) % 4
    return {deck[12 * r + 3 * k + j] for r in range(3) for j in range(3)}


def deck_place(position, dealer):
    """Where the card at ``position`` of a deck dealt by ``dealer`` goes: a seat, or ``"stock"``."""
    return "stock" if position >= 36 else (dealer + 1 + position % 12 // 3) % 4


def walk(state):
    """The state's history with, at each entry, the hand's trumps and the last stock card turned up.

    Yields ``(seat, item, trumps, turned)``; ``trumps`` is empty before trump is named. The turned
    card is found from the hand's deck: the stock is ``deck[36:]``, the refill and the look take
    cards from its top in order (R-DEAL-1, R-FILL-1, R-LOOK-1).
    """
    trumps, stock, position, turned = frozenset(), (), 0, None
    for entry in state.history:
        who, item = entry.seat, entry.item
        if isinstance(item, HandDealt):
            trumps, stock, position, turned = frozenset(), item.deck[36:], 0, None
        elif isinstance(item, NameTrump):
            trumps = trumps_of(item.suit, state.rules)
        elif isinstance(item, Refilled):
            position += len(item.cards)
        elif isinstance(item, TurnUp):
            turned = stock[position]
            position += 1
        yield who, item, trumps, turned


def knowledge(state, seat, *, identities=True):
    """For each hand of the game so far, the cards ``seat`` (``None``: a spectator) may know.

    R-INFO-1: dead cards discarded face up, sheds, cards taken from the middle, cards played,
    dead trumps given up or rejected in the look-through (R-LOOK-4), the point cards awarded at an
    early end (R-PLAY-7) and, with ``identities``, the point cards listed when the hand is scored.
    R-INFO-2: the seat's own dealt cards, its refill cards, the stock cards it turned up and the
    cards it gave up or rejected itself.
    """
    hands = []
    for who, item, trumps, turned in walk(state):
        if isinstance(item, HandDealt):
            hands.append(set() if seat is None else dealt(item.deck, item.dealer, seat))
            continue
        if not hands:
            continue
        known = hands[-1]
        if isinstance(item, (DeadCardsDiscarded, HandEndedEarly)):
            known.update(item.cards)
        elif isinstance(item, (Discard, Take, Play)):
            known.add(item.card)
        elif isinstance(item, Refilled) and item.seat == seat:
            known.update(item.cards)
        elif isinstance(item, TurnUp) and who == seat:
            known.add(turned)
        elif isinstance(item, GiveUp) and (who == seat or item.card in trumps):
            known.add(item.card)
        elif isinstance(item, Reject) and (who == seat or turned in trumps):
            known.add(turned)
        elif isinstance(item, CardRejected) and (item.seat == seat or item.card in trumps):
            known.add(item.card)
        elif isinstance(item, HandScored) and identities:
            known.update(pc.card for pc in item.result.point_cards)
    return hands


def expected_history(state, seat):
    """The history ``seat`` saw, by R-INFO-1 and R-INFO-2 (``None``: a spectator).

    Public actions and events as they are; a deal shows the seat's own 9 cards, a refill its
    count (and the cards to the seat that got them), a turned-up card only to the seat that turned
    it up; a card given up or rejected is named to its seat, and to everyone when it is a trump
    (R-LOOK-4). A chance Deal is never seen.
    """
    out = []
    for who, item, trumps, turned in walk(state):
        if isinstance(item, Deal):
            continue
        if isinstance(item, HandDealt):
            mine = () if seat is None else tuple(sorted(dealt(item.deck, item.dealer, seat)))
            out.append(SeenEntry(None, DealSeen(item.hand_number, item.dealer, mine)))
        elif isinstance(item, Refilled):
            mine = item.cards if item.seat == seat else ()
            out.append(SeenEntry(None, RefillSeen(item.seat, len(item.cards), mine)))
        elif isinstance(item, TurnUp):
            out.append(SeenEntry(who, TurnUpSeen(who, turned if who == seat else None)))
        elif isinstance(item, GiveUp):
            given = item.card if who == seat or item.card in trumps else None
            out.append(SeenEntry(who, GiveUpSeen(who, turned if who == seat else None, given)))
        elif isinstance(item, Reject):
            shown = turned if who == seat or turned in trumps else None
            out.append(SeenEntry(who, RejectSeen(who, shown, False)))
        elif isinstance(item, CardRejected):
            shown = item.card if item.seat == seat or item.card in trumps else None
            out.append(SeenEntry(None, RejectSeen(item.seat, shown, True)))
        else:
            out.append(SeenEntry(who, item))
    return out


def public_steps(history, rules):
    """A seat view's history reduced to its public content (R-INFO-1): what every view must share."""
    out = []
    trumps = frozenset()
    for entry in history:
        item = entry.item
        if isinstance(item, NameTrump):
            trumps = trumps_of(item.suit, rules)
        if isinstance(item, DealSeen):
            out.append(("deal", item.hand_number, item.dealer))
        elif isinstance(item, RefillSeen):
            out.append(("refill", item.seat, item.count))
        elif isinstance(item, TurnUpSeen):
            out.append(("turn up", item.seat))
        elif isinstance(item, GiveUpSeen):
            out.append(("take", item.seat, item.given if item.given in trumps else None))
        elif isinstance(item, RejectSeen):
            out.append(("reject", item.seat, item.card if item.card in trumps else None, item.forced))
        else:
            out.append((entry.seat, item))
    return out


def hand_in_play(history):
    """The part of a whole game's seen ``history`` that a view holds: the last hand dealt, from its
    deal on (the hand in play, or the hand that just ended); empty before the first deal."""
    starts = [i for i, e in enumerate(history) if isinstance(e.item, DealSeen)]
    return list(history[starts[-1] :]) if starts else []


def known_by_hand(state, viewer):
    """:func:`knowledge` keyed by hand number."""
    numbers = [e.item.hand_number for e in state.history if isinstance(e.item, HandDealt)]
    return dict(zip(numbers, knowledge(state, viewer), strict=True))


def leaked_cards(state, viewer, document):
    """The cards named in a view's JSON ``document`` that ``viewer`` may not know (should be empty).

    ``unseen`` lists the cards the seat cannot place, so it is left out. The history, which holds
    the last hand dealt from its deal on and nothing of earlier hands, and the other fields are
    checked against that hand's knowledge; the last hand's result against the knowledge of the
    hand it scores.
    """
    data = json.loads(document)
    known = known_by_hand(state, viewer)
    del data["unseen"]
    history = data.pop("history")
    last_result = data.pop("last_result")
    deals = [line for line in history if line.split()[0] == "dealt"]
    if known:
        number = max(known)
        assert history[0].startswith(f"dealt {number} ") and deals == history[:1], history[:1]
    else:
        assert history == []
    current = known[max(known)] if known else set()
    leaked = json_cards(history) - current
    leaked |= json_cards(data) - current
    if last_result is not None:
        leaked |= json_cards(last_result) - known[last_result["hand_number"]]
    return leaked


def hands_dealt(state):
    """How many hands have been dealt in ``state``'s game."""
    return sum(1 for e in state.history if isinstance(e.item, HandDealt))


def leaked_delta_cards(document, known, dealt_before):
    """The cards named in the JSON ``document`` of a view delta that the seat may not know (should
    be empty); ``known`` is :func:`knowledge` of the state the delta brings the view to, for the
    seat, and ``dealt_before`` the number of hands dealt in the state it follows.

    Each entry is checked against the knowledge of the hand it belongs to: the entries before the
    first deal belong to the hand the earlier view shows, and each deal begins the next hand.
    """
    _since, _ply, *lines = json.loads(document)
    index = dealt_before - 1
    leaked = set()
    for line in lines:
        if line.split()[0] == "dealt":
            index += 1
        assert index >= 0, "an entry before the first deal"
        leaked |= json_cards(line) - known[index]
    return leaked


def assert_delta(earlier, state, viewer, expected=None):
    """``viewer``'s delta from ``earlier`` to ``state``: its JSON names no card the seat may not know,
    and its entries are the notation of what the seat saw after ``earlier`` (by the rules text)."""
    delta = view_delta(state, viewer, earlier.ply)
    document = delta.to_json()
    assert json.loads(document)[:2] == [earlier.ply, state.ply]
    known = knowledge(state, viewer)
    assert leaked_delta_cards(document, known, hands_dealt(earlier)) == set(), (viewer, earlier.ply)
    if expected is not None:
        before = len(expected_history(earlier, viewer))
        assert list(delta.entries) == [str(e) for e in expected[before:]]


def true_place(state, c):
    """Where ``c`` really is, when that is a hidden place; ``None`` for a public place."""
    for s in range(4):
        if c in state.hand(s):
            return Place.hand(s)
    if c in state.stock:
        return Place.STOCK
    if c == state.turned_card:
        return Place.TURNED
    if c in state.dead and c not in state.dead_face_up:
        return Place.DEAD
    return None


# --- the arranged hand of the R-INFO tests -----------------------------------------------------

SCENARIO_HANDS = {
    1: "AH KH QH JH 10H 9H 8H 7H 2C",
    2: "3H 4C 5C 6C 7C 8C 9C 10C JC",
    3: "2H QC KC AC 2D 4D 5D 6D 7D",
    0: "BJ 8D 9D 10D QD KD AD 2S 3S",
}
SCENARIO_STOCK = "JD 4S 5S 6S 6H 7S 8S 9S 10S RJ JS QS KS AS 3D 3C 5H 4H"
SCENARIO_ACTIONS = (
    PASS,  # 0  seat 1
    Bid(6),  # 1  seat 2
    PASS,  # 2  seat 3
    PASS,  # 3  seat 0
    NameTrump(Suit.HEARTS),  # 4  seat 2; dead cards go face up into the middle (R-DISC-1)
    Discard(card("10H")),  # 5  seat 1 sheds (R-DISC-2)
    Discard(card("9H")),  # 6  seat 1
    Take(card("10H")),  # 7  seat 2 (R-PICK-1); then the refill (R-FILL-1)
    TURN_UP,  # 8  seat 2 turns up 3D
    GiveUp(card("4S")),  # 9  seat 2 takes 3D, 4S goes face down
    TURN_UP,  # 10 seat 2 turns up 3C: rejected face down at once
    STOP,  # 11 seat 2 stops; the rest goes to seat 0 (R-LOOK-3)
    TURN_UP,  # 12 seat 0 turns up 5H
    GiveUp(BLACK_JOKER),  # 13 seat 0 takes 5H, BJ goes face up (R-LOOK-4)
    TURN_UP,  # 14 seat 0 turns up 4H
    REJECT,  # 15 seat 0 rejects it face up; play begins
    Play(card("JD")),  # 16 trick 1: seat 2 leads
    Play(card("2H")),  # 17 seat 3
    Play(card("5H")),  # 18 seat 0
    Play(card("AH")),  # 19 seat 1 wins: AH, JD, 2H to team B
    Play(card("KH")),  # 20 trick 2
    Play(card("3H")),  # 21
    Play(card("6H")),  # 22
    Play(RED_JOKER),  # 23 seat 1 wins: 3H, RJ to team B
    Play(card("QH")),  # 24 trick 3
    Play(card("10H")),  # 25 seats 3 and 0 are announced out (R-PLAY-3)
    Play(card("7H")),  # 26 trick 4
    Play(card("3D")),  # 27
    Play(card("8H")),  # 28 trick 5: seat 2 announced out, the hand ends early (R-PLAY-7)
)


def after(index):
    """The index in the scenario's states of the state after action ``index``."""
    return index + 1


def scenario_stock(swap=()):
    """The scenario's stock, with the two cards of ``swap`` exchanged."""
    texts = SCENARIO_STOCK.split()
    if swap:
        i, j = texts.index(swap[0]), texts.index(swap[1])
        texts[i], texts[j] = texts[j], texts[i]
    return " ".join(texts)


def play_scenario(stock=SCENARIO_STOCK, actions=SCENARIO_ACTIONS):
    """The states of the arranged hand: after the deal, then after each action."""
    return states_through(deal(SCENARIO_HANDS, stock=stock), actions)


@functools.cache
def scenario():
    return tuple(play_scenario())


def first_seen(states, viewer):
    """For each card named in ``viewer``'s view JSON (``unseen`` left out), the first state naming it."""
    first = {}
    for index, state in enumerate(states):
        data = json.loads(see(state, viewer).to_json())
        del data["unseen"]
        for c in json_cards(data):
            first.setdefault(c, index)
    return first


# --- R-INFO-1: public information --------------------------------------------------------------


def assert_public_fields(v, state):
    """Every public field of a view is the state's (R-INFO-1)."""
    assert v.phase is state.phase and v.to_act == state.to_act
    assert (v.hand_number, v.dealer, v.first_dealer) == (state.hand_number, state.dealer, state.first_dealer)
    assert (v.scores, v.outcome, v.ply) == (state.scores, state.outcome, state.ply)
    assert v.last_result == (state.results[-1] if state.results else None)
    assert (v.bids, v.high_bid, v.bidder, v.bid, v.trump) == (
        state.bids,
        state.high_bid,
        state.bidder,
        state.bid,
        state.trump,
    )
    assert (v.middle, v.takeable, v.dead_face_up) == (state.middle, state.takeable, state.dead_face_up)
    assert v.dead_face_down == len(state.dead) - len(state.dead_face_up)
    assert (v.stock_size, v.card_turned_up) == (len(state.stock), state.turned_card is not None)
    assert (v.trick, v.tricks, v.out, v.points_taken) == (
        state.trick,
        state.tricks,
        state.out,
        state.points_taken,
    )
    assert v.hand_sizes == tuple(len(h) for h in state.hands)
    assert v.rules == state.rules


def test_r_info_1_public_facts_in_every_view_at_every_step():
    """R-INFO-1: every view, the spectator's included, holds every public fact of the state.

    At each step of the arranged hand, the public fields of all five views are the state's and
    the public content of each view's history is the state's history of the hand in play as it
    stands then (of the whole game for :func:`pitch13.seen.seen_history`): every public fact appears in
    the step it happens, not before.
    """
    states = scenario()
    for state in states:
        expected = expected_history(state, None)
        for viewer in VIEWERS:
            v = see(state, viewer)
            assert_public_fields(v, state)
            assert public_steps(v.history, state.rules) == public_steps(hand_in_play(expected), state.rules)
            whole = seen_history(state, viewer)
            assert public_steps(whole, state.rules) == public_steps(expected, state.rules)


def entries(v, kind):
    """The history items of view ``v`` of type ``kind``."""
    return [e.item for e in v.history if isinstance(e.item, kind)]


def acted(v, kind):
    """``(seat, item)`` for the history entries of view ``v`` of type ``kind``."""
    return [(e.seat, e.item) for e in v.history if isinstance(e.item, kind)]


def test_r_info_1_dealer_bids_and_trump_become_public_when_made():
    """R-INFO-1: the dealer, every bid and pass and trump are in every view from the moment made."""
    states = scenario()
    for viewer in VIEWERS:
        views = [see(s, viewer) for s in states]
        assert all(v.dealer == 0 for v in views[:-1]) and views[-1].dealer == 1
        assert views[0].bids == (None, None, None, None)
        assert views[after(0)].bids == (None, 0, None, None)
        assert views[after(1)].bids == (None, 0, 6, None) and views[after(1)].high_bid == 6
        assert views[after(3)].bids == (0, 0, 6, 0)
        assert (views[after(3)].bidder, views[after(3)].bid) == (2, 6)
        assert acted(views[after(1)], Bid) == [(2, Bid(6))]
        assert acted(views[after(3)], type(PASS)) == [(1, PASS), (3, PASS), (0, PASS)]
        assert views[after(3)].trump is None and views[after(4)].trump is Suit.HEARTS
        assert acted(views[after(4)], NameTrump) == [(2, NameTrump(Suit.HEARTS))]


def test_r_info_1_face_up_discards_become_public_when_made():
    """R-INFO-1: dead cards discarded face up (R-DISC-1), sheds (R-DISC-2), the middle and takes."""
    states = scenario()
    dead_discards = [
        DeadCardsDiscarded(1, tuple(parse_cards("2C"))),
        DeadCardsDiscarded(2, tuple(parse_cards("4C 5C 6C 7C 8C 9C 10C JC"))),
        DeadCardsDiscarded(3, tuple(parse_cards("QC KC AC 2D 4D 5D 6D 7D"))),
        DeadCardsDiscarded(0, tuple(parse_cards("8D 9D 10D QD KD AD 2S 3S"))),
    ]
    all_dead = set().union(*(d.cards for d in dead_discards))
    for viewer in VIEWERS:
        views = [see(s, viewer) for s in states]
        assert entries(views[after(3)], DeadCardsDiscarded) == [] and views[after(3)].middle == ()
        assert entries(views[after(4)], DeadCardsDiscarded) == dead_discards
        assert set(views[after(4)].middle) == all_dead and views[after(4)].takeable == ()
        assert acted(views[after(4)], Discard) == []
        assert acted(views[after(5)], Discard) == [(1, Discard(card("10H")))]
        assert set(views[after(5)].middle) == all_dead | {card("10H")}
        assert views[after(5)].takeable == (card("10H"),)
        assert acted(views[after(6)], Discard) == [(1, Discard(card("10H"))), (1, Discard(card("9H")))]
        assert set(views[after(6)].middle) == all_dead | cards("10H 9H")
        assert views[after(6)].takeable == (card("10H"),)  # 9H is not a point card (R-PICK-1)
        assert acted(views[after(6)], Take) == []
        assert acted(views[after(7)], Take) == [(2, Take(card("10H")))]
        assert set(views[after(7)].middle) == all_dead | {card("9H")} and views[after(7)].takeable == ()


def test_r_info_1_refill_counts_and_look_counts_are_public():
    """R-INFO-1: how many cards each seat got in the refill, how many stock cards the bidder and
    partner turned up and took; dead trumps given up or rejected are shown face up (R-LOOK-4)."""
    states = scenario()
    for viewer in VIEWERS:
        views = [see(s, viewer) for s in states]
        assert entries(views[after(6)], RefillSeen) == []
        refills = entries(views[after(7)], RefillSeen)
        assert [(r.seat, r.count) for r in refills] == [(1, 0), (2, 4), (3, 5), (0, 5)]
        assert views[after(7)].hand_sizes == (6, 6, 6, 6) and views[after(7)].stock_size == 4

        def look(v):
            turned = [t.seat for t in entries(v, TurnUpSeen)]
            taken = [g.seat for g in entries(v, GiveUpSeen)]
            rejected = [r.seat for r in entries(v, RejectSeen)]
            return turned, taken, rejected

        assert look(views[after(7)]) == ([], [], [])
        assert not views[after(7)].card_turned_up
        assert look(views[after(8)]) == ([2], [], []) and views[after(8)].card_turned_up
        assert look(views[after(9)]) == ([2], [2], []) and not views[after(9)].card_turned_up
        assert look(views[after(10)]) == ([2, 2], [2], [2])
        assert views[after(10)].stock_size == 2 and views[after(10)].dead_face_down == 2
        assert look(views[after(15)]) == ([2, 2, 0, 0], [2, 0], [2, 0])
        forced = [r.forced for r in entries(views[after(15)], RejectSeen)]
        assert forced == [True, False]
        # The face-up dead trumps, from the moment they go to the dead pile.
        assert views[after(12)].dead_face_up == ()
        assert views[after(13)].dead_face_up == (BLACK_JOKER,)
        assert entries(views[after(13)], GiveUpSeen)[1].given == BLACK_JOKER
        assert views[after(14)].dead_face_up == (BLACK_JOKER,)
        assert views[after(15)].dead_face_up == (card("4H"), BLACK_JOKER)
        assert entries(views[after(15)], RejectSeen)[1].card == card("4H")
        assert views[after(15)].dead_face_down == 2


def test_r_info_1_cards_played_points_and_scores():
    """R-INFO-1: every card played is in every view as it is played; points taken so far; scores."""
    states = scenario()
    for viewer in VIEWERS:
        views = [see(s, viewer) for s in states]
        for index in range(16, 29):
            before, now = views[after(index - 1)], views[after(index)]
            play = SCENARIO_ACTIONS[index]
            assert acted(now, Play)[-1] == (states[after(index - 1)].to_act, play)
            assert play not in [p for _, p in acted(before, Play)]
        assert views[after(18)].trick == ((2, card("JD")), (3, card("2H")), (0, card("5H")))
        assert views[after(18)].points_taken == (0, 0)
        assert views[after(19)].trick == () and views[after(19)].tricks[0].winner == 1
        assert views[after(19)].points_taken == (0, 3)
        assert views[after(23)].points_taken == (0, 7)
        assert views[after(25)].points_taken == (0, 8)
        assert views[after(27)].points_taken == (0, 11)
        assert [t.points for t in views[after(27)].tricks] == [(0, 3), (0, 4), (0, 1), (0, 3)]
        assert all(v.scores == (0, 0) for v in views[:-1])
        last = views[-1]
        assert all(v.last_result is None for v in views[:-1])
        assert last.scores == (-6, 12) and last.last_result == states[-1].results[0]
        assert (last.last_result.hand_number, last.last_result.points) == (1, (0, 12))
        assert entries(last, HandEndedEarly) == [HandEndedEarly(1, (card("JH"),))]
        assert [t.trick.cards for t in entries(last, TrickWon)][-1] == (card("8H"),)


def test_r_info_1_out_is_public_from_the_announcement_not_before():
    """R-INFO-1, R-PLAY-3: who is out is public from its announcement at the seat's turn.

    Seats 3 and 0 have no trump left after trick 2, but are out only from their turns in
    trick 3, after seat 2 plays; seat 2 is out from its turn in trick 5.
    """
    states = scenario()
    assert all(not (set(states[after(23)].hand(s)) & trumps_of(Suit.HEARTS, Rules())) for s in (0, 3))
    for viewer in VIEWERS:
        views = [see(s, viewer) for s in states]
        for index in range(after(23), after(24) + 1):
            assert views[index].out == frozenset() and entries(views[index], SeatOut) == []
        assert views[after(25)].out == frozenset({0, 3})
        assert entries(views[after(25)], SeatOut) == [SeatOut(3), SeatOut(0)]
        assert views[after(27)].out == frozenset({0, 3})
        assert entries(views[after(27)], SeatOut) == [SeatOut(3), SeatOut(0)]
        assert entries(views[after(28)], SeatOut) == [SeatOut(3), SeatOut(0), SeatOut(2)]


# --- R-INFO-2: private information -------------------------------------------------------------


def test_r_info_2_each_view_holds_the_history_as_the_seat_saw_it():
    """R-INFO-2: at every step, each view's history is exactly what the seat may know.

    Its own 9 cards in each deal, its own refill cards in order, the stock cards it turned up, the
    cards it gave up or rejected; other seats' cards never (only dead trumps shown face up,
    R-LOOK-4). The spectator sees none of the private parts. Its hand, the turned-up card (only
    while it decides on it) and the face-down dead cards it put there are its own. The view holds
    the hand in play; :func:`pitch13.seen.seen_history` the whole game, and with ``since`` what came
    after an earlier state.
    """
    states = scenario()
    for t, state in enumerate(states):
        for viewer in VIEWERS:
            v = see(state, viewer)
            expected = expected_history(state, viewer)
            assert list(v.history) == hand_in_play(expected)
            assert list(seen_history(state, viewer)) == expected
            for earlier in states[max(0, t - 2) : t + 1]:
                before = len(expected_history(earlier, viewer))
                assert list(seen_history(state, viewer, since=earlier.ply)) == expected[before:]
            mine = viewer is not None and state.phase is not Phase.DEAL
            assert v.hand == (state.hand(viewer) if mine else ())
            turned = state.turned_card if viewer is not None and viewer == state.to_act else None
            assert v.turned_card == turned


def test_r_info_2_own_refill_turned_cards_and_dead_known():
    """R-INFO-2: the refill cards (in order) and turned-up cards of a seat are named in its own view
    only; the face-down dead cards it put there are known to it only."""
    states = scenario()
    refills = {2: "JD 4S 5S 6S", 3: "6H 7S 8S 9S 10S", 0: "RJ JS QS KS AS"}
    for viewer in VIEWERS:
        v = see(states[after(15)], viewer)
        for r in entries(v, RefillSeen):
            own = r.seat == viewer and r.seat in refills
            assert r.cards == (tuple(parse_cards(refills[r.seat])) if own else ())
        turned = [t.card for t in entries(v, TurnUpSeen)]
        expected = {2: ["3D", "3C", None, None], 0: [None, None, "5H", "4H"]}.get(viewer, [None] * 4)
        assert turned == [None if t is None else card(t) for t in expected]
        taken = [g.taken for g in entries(v, GiveUpSeen)]
        assert taken == {2: [card("3D"), None], 0: [None, card("5H")]}.get(viewer, [None, None])
        given = [g.given for g in entries(v, GiveUpSeen)]
        assert given == [card("4S") if viewer == 2 else None, BLACK_JOKER]
        rejected = [r.card for r in entries(v, RejectSeen)]
        assert rejected == [card("3C") if viewer == 2 else None, card("4H")]
        assert v.dead_known == ((card("3C"), card("4S")) if viewer == 2 else ())
    for viewer in VIEWERS:
        assert see(states[after(8)], viewer).turned_card == (card("3D") if viewer == 2 else None)
        assert see(states[after(12)], viewer).turned_card == (card("5H") if viewer == 0 else None)
        assert see(states[after(9)], viewer).turned_card is None
    deals = [entries(see(states[0], viewer), DealSeen)[0] for viewer in VIEWERS]
    assert [set(d.cards) for d in deals[:4]] == [cards(SCENARIO_HANDS[s]) for s in range(4)]
    assert deals[4] == DealSeen(1, 0, ())


#: For each card: the state at which it is first named in each seat's view, and in the others'
#: (the other seats' and the spectator's); ``None``: never named.
FIRST_SEEN = {
    "2C": {1: 0, "others": after(4)},  # seat 1's dead card, face up when trump is named
    "4C": {2: 0, "others": after(4)},
    "10H": {1: 0, "others": after(5)},  # shed
    "9H": {1: 0, "others": after(6)},
    "BJ": {0: 0, "others": after(13)},  # given up face up
    "JD": {2: after(7), "others": after(16)},  # refilled to seat 2, then played
    "6H": {3: after(7), "others": after(22)},
    "RJ": {0: after(7), "others": after(23)},
    "3D": {2: after(8), "others": after(27)},  # turned up by seat 2, then played
    "5H": {0: after(12), "others": after(18)},
    "4H": {0: after(14), "others": after(15)},  # turned up by seat 0, rejected face up
    "3H": {2: 0, "others": after(21)},
    "2H": {3: 0, "others": after(17)},
    "AH": {1: 0, "others": after(19)},
    "JH": {1: 0, "others": after(28)},  # never played: awarded at the early end (R-PLAY-7)
    "4S": {2: after(7), "others": None},  # seat 2's refill, given up face down
    "5S": {2: after(7), "others": None},  # seat 2's refill, dead, kept in hand
    "3C": {2: after(10), "others": None},  # turned up by seat 2, rejected face down
    "7S": {3: after(7), "others": None},  # seat 3's refill, dead, kept in hand
    "10S": {3: after(7), "others": None},
    "AS": {0: after(7), "others": None},  # seat 0's refill, dead
}


def test_r_info_2_each_card_is_named_when_the_seat_may_know_it_and_not_before():
    """R-INFO-1, R-INFO-2: the first step at which each card is named in each view's JSON.

    A seat's own cards from the deal, its refill and turned cards from when it gets them; other
    seats' cards only when shown (discarded face up, shed, given up or rejected face up, played,
    awarded at an early end); dead cards refilled to another seat, turned up by another seat or
    given up face down by another seat never.
    """
    states = scenario()
    for viewer in VIEWERS:
        first = first_seen(states, viewer)
        for text, when in FIRST_SEEN.items():
            expected = when.get(viewer, when["others"])
            assert first.get(card(text)) == expected, (text, viewer)


def test_r_info_2_unseen_stock_cards_never_named():
    """R-INFO-2, R-LOOK-3: a stock card nobody turned up is never named in any view, not even after
    the hand is scored; the count of such cards is public (StockDiscarded)."""
    actions = (*SCENARIO_ACTIONS[:14], STOP, *SCENARIO_ACTIONS[16:])  # seat 0 stops before 4H
    states = play_scenario(actions=actions)
    assert card("4H") in states[after(14)].dead and card("4H") not in states[after(14)].dead_face_up
    for viewer in VIEWERS:
        assert card("4H") not in first_seen(states, viewer)
        v = see(states[after(14)], viewer)
        assert entries(v, StockDiscarded) == [StockDiscarded(1)] and v.dead_face_down == 3
        assert card("4H") in v.unseen and Place.DEAD in v.possible_places(card("4H"))


def test_r_info_2_no_view_holds_the_deck_or_the_seed():
    """R-INFO-2: the order of the deck and the game's seed are in no view and no view delta; no
    Deal (whose notation, ``deal ...``, would name the whole deck), no HandDealt."""
    seed = 2_718_281_828
    state = new_game(seed=seed)
    rng = random.Random(5)
    for _ in range(40):
        previous, state = state, apply(state, rng.choice(legal_actions(state)))
        for viewer in VIEWERS:
            documents = (
                see(state, viewer).to_json(),
                view_delta(state, viewer, 0).to_json(),
                view_delta(state, viewer, previous.ply).to_json(),
            )
            for document in documents:
                assert str(seed) not in document
                assert '"Deal"' not in document and '"HandDealt"' not in document and "deck" not in document
                assert '"deal ' not in document
            assert "seed" not in see(state, viewer).to_dict()


def test_r_info_2_other_hands_never_named_before_shown():
    """R-INFO-2: no view of the arranged hand, and no view delta between two of its steps, names a
    card the seat may not know at that step."""
    states = scenario()
    for t, state in enumerate(states):
        for viewer in VIEWERS:
            assert leaked_cards(state, viewer, see(state, viewer).to_json()) == set()
            for earlier in states[: t + 1]:
                assert_delta(earlier, state, viewer)


# --- random games: no card leaks (R-INFO-1, R-INFO-2) ------------------------------------------

#: Rule sets of the random games, each with the seed of its deals (``None``: the test deals), the
#: seed of its choices and how often a seat passes while nobody has bid.
CORPUS = (
    (Rules(), None, 0, 0.6),
    (Rules.classic_ten_point(), 7932, 31, 0.6),
    (
        Rules(
            look_take=LookTake.ANY_CARD,
            partner_look=False,
            pickup=Pickup.ANY_TRUMP,
            lead_fallback=LeadFallback.LEFT,
        ),
        None,
        62,
        0.6,
    ),
    (
        Rules(
            look_take=LookTake.POINT_CARDS_ONLY,
            all_pass=AllPass.REDEAL,
            short_stock=ShortStock.REDEAL,
            dealer_may_match=True,
        ),
        23770,
        95,
        0.9,  # a hand is thrown in (R-BID-2)
    ),
    (
        Rules(
            use_off_three=False,
            pickup=Pickup.NONE,
            joker_order=JokerOrder.FIXED,
            deuce_to=DeuceTo.TRICK_WINNER,
        ),
        None,
        124,
        0.6,
    ),
)


def random_game(rules, dealer, seed, choice_seed, *, start=None, max_hands=2, max_states=120, pass_bias=0.6):
    """The states of a game played with random legal choices, from ``start`` (default: a new game;
    the test deals when ``seed`` is None), up to ``max_hands`` hands."""
    rng = random.Random(choice_seed)
    chooser = RandomChooser(rng, pass_bias=pass_bias, raise_bias=0.3, low_bid_bias=0.8)
    state = new_game(rules, dealer=dealer, seed=seed) if start is None else start
    states = [state]
    while not state.is_over and state.hand_number <= max_hands and len(states) < max_states:
        if state.is_chance:
            action = Deal(rng.sample(DECK, len(DECK)))
        else:
            action = chooser.choose(state, legal_actions(state))
        state = apply(state, action)
        states.append(state)
    return states


@functools.cache
def corpus_games():
    """Games under several rule sets, each as the tuple of its states.

    For each rule set: a random game (seeded or dealt by the test), and a game whose first hand is
    the arranged one (a seat sheds, R-DISC-2) with random choices from the naming of trump on.
    """
    games = []
    for i, (rules, seed, choice_seed, passing) in enumerate(CORPUS):
        games.append(tuple(random_game(rules, i % 4, seed, choice_seed, pass_bias=passing)))
        start = states_through(deal(SCENARIO_HANDS, stock=SCENARIO_STOCK, rules=rules), SCENARIO_ACTIONS[:5])
        games.append(
            tuple(start[:-1] + random_game(rules, 0, None, 31 * i + 1, start=start[-1], max_states=80))
        )
    return tuple(games)


@functools.cache
def corpus():
    """The states of :func:`corpus_games`, with every seat's view and the spectator's."""
    return tuple(
        (state, {viewer: see(state, viewer) for viewer in VIEWERS})
        for game in corpus_games()
        for state in game
    )


def test_corpus_reaches_every_situation():
    """The random games cover every step that hides or shows a card, so the tests below mean something."""
    kinds = set()
    for state, _ in corpus():
        kinds |= {type(e.item) for e in state.history}
    for kind in (Discard, Take, TurnUp, GiveUp, Reject, CardRejected, StockDiscarded, SeatOut):
        assert kind in kinds, kind.__name__
    assert HandEndedEarly in kinds and HandScored in kinds and HandThrownIn in kinds


def test_r_info_2_no_card_leaks_into_any_view_json_in_random_games():
    """R-INFO-1, R-INFO-2: in random games under several rule sets, every card named anywhere in a
    view's JSON is one the seat may know: its hand, its dealt, refill and turned-up cards, the
    cards it gave up or rejected itself, and public cards. No card held by another seat and never
    shown, no unseen stock card, no face-down dead card of another seat appears."""
    for state, views in corpus():
        for viewer, v in views.items():
            assert leaked_cards(state, viewer, v.to_json()) == set(), (viewer, state)


def test_r_info_2_no_card_leaks_into_any_view_delta_json_in_random_games():
    """R-INFO-1, R-INFO-2: the same for the JSON of view deltas, each entry against the hand it
    belongs to: from the state before, from one halfway through the game so far, and from the
    game's start (the whole game's history as the seat saw it, every hand)."""
    for game in corpus_games():
        dealt = [hands_dealt(state) for state in game]
        for t, state in enumerate(game):
            for viewer in VIEWERS:
                known = knowledge(state, viewer)
                # From the start, and from halfway, hold much of the game: every fourth state.
                for earlier in {max(0, t - 1), *((0, t // 2) if t % 4 == 0 else ())}:
                    document = view_delta(state, viewer, game[earlier].ply).to_json()
                    assert leaked_delta_cards(document, known, dealt[earlier]) == set(), (viewer, t, earlier)


def test_r_info_2_view_history_matches_the_rules_in_random_games():
    """R-INFO-1, R-INFO-2: in random games, every view's history is the hand in play as the seat
    saw it, :func:`pitch13.seen.seen_history` the whole game's, and a view delta's entries the notation
    of what the seat saw since the earlier state."""
    for game in corpus_games():
        for t, state in list(enumerate(game))[::3]:
            for viewer in VIEWERS:
                v = see(state, viewer)
                expected = expected_history(state, viewer)
                assert list(v.history) == hand_in_play(expected)
                assert list(seen_history(state, viewer)) == expected
                assert_public_fields(v, state)
                assert_delta(game[t // 2], state, viewer, expected)


@examples(8, deadline=None)
@given(rules=any_rules(), dealer=dealers, deck_seed=seeds, choice_seed=seeds)
def test_r_info_2_no_card_leaks_in_a_random_first_hand(rules, dealer, deck_seed, choice_seed):
    """R-INFO-2: under any rules, no view of a random first hand, and no view delta from the game's
    start or from the step before, names a card the seat may not know."""
    states = random_game(rules, dealer, deck_seed, choice_seed, max_hands=1, max_states=90)
    for t in range(0, len(states), 2):
        state = states[t]
        for viewer in VIEWERS:
            assert leaked_cards(state, viewer, see(state, viewer).to_json()) == set()
            assert_delta(states[0], state, viewer)
            assert_delta(states[max(0, t - 1)], state, viewer)


# --- leak by indistinguishability (R-INFO-2) ---------------------------------------------------


def play_hand(rules, dealer, order, choice_seed):
    """One hand dealt from ``order`` with random legal choices: its states and actions."""
    chooser = RandomChooser(random.Random(choice_seed), pass_bias=0.6, raise_bias=0.3, low_bid_bias=0.8)
    state = apply(new_game(rules, dealer=dealer), Deal(order))
    states, actions = [state], []
    while not state.is_chance and not state.is_over:
        action = chooser.choose(state, legal_actions(state))
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def swapped(action, a, b):
    """``action`` with cards ``a`` and ``b`` exchanged."""
    if isinstance(action, (Discard, Take, GiveUp, Play)) and action.card in (a, b):
        return type(action)(b if action.card == a else a)
    return action


def signature(c, trump, rules):
    """What play can tell of a card that is never shown: whether it is a trump, and its points."""
    if trump is None:
        return None
    return (c in trumps_of(trump, rules), points_of(c, trump, rules))


@examples(20, deadline=None)
@given(
    rules=any_rules(),
    dealer=dealers,
    deck_seed=seeds,
    choice_seed=seeds,
    viewer=st.sampled_from(VIEWERS),
    data=st.data(),
)
def test_r_info_2_hidden_differences_give_equal_views(rules, dealer, deck_seed, choice_seed, viewer, data):
    """R-INFO-2 (and section 8 for the spectator): two games that differ only in where two cards lie
    that the seat may not know give the seat equal views, and equal JSON, at every step.

    The second game's deck swaps two cards of different places (two hands, a hand and the stock,
    two stock positions) and plays the same actions (with the two cards exchanged). Cards hidden
    all hand long and alike in play (trump or not, points) give equal views to the end of the
    hand; other hidden pairs until trump is named or one of them is shown.
    """
    order = random.Random(deck_seed).sample(DECK, len(DECK))
    states, actions = play_hand(rules, dealer, order, choice_seed)
    trump = next((item.suit for _, item, _, _ in walk(states[-1]) if isinstance(item, NameTrump)), None)
    mine = set() if viewer is None else dealt(order, dealer, viewer)
    hidden_all_hand = set(DECK) - knowledge(states[-1], viewer, identities=False)[-1]
    pairs_long, pairs_short = [], []
    for i in range(len(DECK)):
        for j in range(i + 1, len(DECK)):
            a, b = order[i], order[j]
            place_i, place_j = deck_place(i, dealer), deck_place(j, dealer)
            if a in mine or b in mine or (place_i == place_j and place_i != "stock"):
                continue
            if {a, b} <= hidden_all_hand and signature(a, trump, rules) == signature(b, trump, rules):
                pairs_long.append((i, j))
            else:
                pairs_short.append((i, j))
    use_long = bool(pairs_long) and (not pairs_short or data.draw(st.booleans(), label="hidden all hand"))
    i, j = data.draw(st.sampled_from(pairs_long if use_long else pairs_short), label="positions")
    a, b = order[i], order[j]
    order2 = list(order)
    order2[i], order2[j] = b, a
    state2 = apply(new_game(rules, dealer=dealer), Deal(order2))
    assert (state2.hands, state2.stock) != (states[0].hands, states[0].stock)
    compared = 0
    for t, state1 in enumerate(states):
        if t:
            state2 = apply(state2, swapped(actions[t - 1], a, b))
        known = (
            knowledge(state1, viewer, identities=False)[-1] | knowledge(state2, viewer, identities=False)[-1]
        )
        if a in known or b in known or (not use_long and state1.trump is not None):
            assert not use_long
            break
        assert state1 != state2
        v1, v2 = see(state1, viewer), see(state2, viewer)
        assert v1 == v2, (t, actions[:t])
        assert v1.to_json() == v2.to_json()
        compared += 1
    assert compared >= 1
    event("hidden all hand" if use_long else "hidden for a while")
    event(f"views compared at {min(compared // 10 * 10, 50)}+ steps")


@examples(20, deadline=None)
@given(rules=any_rules(), dealer=dealers, deck_seed=seeds, seat=st.integers(0, 3), data=st.data())
def test_r_info_2_a_different_own_hand_gives_a_different_view(rules, dealer, deck_seed, seat, data):
    """R-INFO-2: the seat's own hand is in its view: exchanging one of its cards for any other card
    changes its view (hand and deal record) right after the deal; the spectator's stays the same."""
    order = random.Random(deck_seed).sample(DECK, len(DECK))
    mine = [p for p in range(len(DECK)) if deck_place(p, dealer) == seat]
    others = [p for p in range(len(DECK)) if deck_place(p, dealer) != seat]
    i = data.draw(st.sampled_from(mine))
    j = data.draw(st.sampled_from(others))
    order2 = list(order)
    order2[i], order2[j] = order[j], order[i]
    state1 = apply(new_game(rules, dealer=dealer), Deal(order))
    state2 = apply(new_game(rules, dealer=dealer), Deal(order2))
    v1, v2 = view(state1, seat), view(state2, seat)
    assert set(v1.hand) ^ set(v2.hand) == {order[i], order[j]}
    assert v1.history[0] != v2.history[0] and v1.to_json() != v2.to_json()
    assert spectator_view(state1) == spectator_view(state2)


@examples(25, deadline=None)
@given(rules=any_rules(), dealer=dealers, deck_seed=seeds, choice_seed=seeds, data=st.data())
def test_r_info_1_a_different_public_action_gives_a_different_view(
    rules, dealer, deck_seed, choice_seed, data
):
    """R-INFO-1: every seat's action is public, so two different legal actions give different
    views to every seat and the spectator, except that two give-ups of cards that go face down
    (R-LOOK-4) look the same to everyone but the seat that gives them up."""
    order = random.Random(deck_seed).sample(DECK, len(DECK))
    states, _ = play_hand(rules, dealer, order, choice_seed)
    candidates = [s for s in states if len(legal_actions(s)) > 1]
    if not candidates:
        return
    state = data.draw(st.sampled_from(candidates), label="state")
    first, second = data.draw(
        st.lists(st.sampled_from(legal_actions(state)), min_size=2, max_size=2, unique=True)
    )
    actor = state.to_act
    after1, after2 = apply(state, first), apply(state, second)
    trumps = frozenset() if state.trump is None else trumps_of(state.trump, rules)
    face_down = {a.card for a in (first, second) if isinstance(a, GiveUp) and a.card not in trumps}
    for viewer in VIEWERS:
        v1, v2 = see(after1, viewer), see(after2, viewer)
        if viewer != actor and len(face_down) == 2:
            assert v1 == v2
        else:
            assert v1 != v2 and v1.to_json() != v2.to_json()


def scenario_views(viewer, stock):
    """``viewer``'s views of the arranged hand dealt with ``stock``, at every step."""
    return [see(s, viewer) for s in play_scenario(stock=stock)]


@pytest.mark.parametrize(
    ("swap", "knowers"),
    [
        (("5S", "7S"), {2: after(7), 3: after(7)}),  # seat 2's refill card and seat 3's
        (("3C", "AS"), {2: after(10), 0: after(7)}),  # turned up by seat 2 (face down), refilled to seat 0
    ],
)
def test_r_info_2_private_stock_cards_known_only_to_their_seat(swap, knowers):
    """R-INFO-2: the identity of a refill card, or of a stock card a seat turned up, is known to that
    seat only: exchanging two such dead cards between two seats changes only those two seats' views,
    from the step they get them; the other seats and the spectator cannot tell the games apart."""
    for viewer in VIEWERS:
        plain = scenario_views(viewer, SCENARIO_STOCK)
        other = scenario_views(viewer, scenario_stock(swap))
        differ = [i for i, (v1, v2) in enumerate(zip(plain, other, strict=True)) if v1 != v2]
        if viewer in knowers:
            assert differ == list(range(knowers[viewer], len(plain)))
        else:
            assert differ == []


# --- the spectator (section 8) -----------------------------------------------------------------


def test_r_info_1_spectator_sees_public_information_only():
    """R-INFO-1, R-INFO-2: a spectator's view has no hand, no dealt or refill cards, no turned-up
    card, no give-up or face-down rejected card, no face-down dead card and no legal actions."""
    for state, views in corpus()[::2]:
        v = views[None]
        assert v.seat is None and v.hand == () and v.legal_actions == () and v.turned_card is None
        assert v.dead_known == ()
        for e in v.history:
            item = e.item
            if isinstance(item, (DealSeen, RefillSeen)):
                assert item.cards == ()
            elif isinstance(item, TurnUpSeen):
                assert item.card is None
            elif isinstance(item, GiveUpSeen):
                assert item.taken is None
                assert item.given is None or item.given in trumps_of(state_trump(v, e), state.rules)
            elif isinstance(item, RejectSeen):
                assert item.card is None or item.card in trumps_of(state_trump(v, e), state.rules)


def state_trump(v, entry):
    """The trump named in the hand of ``entry`` in view ``v``'s history."""
    trump = None
    for e in v.history:
        if isinstance(e.item, NameTrump):
            trump = e.item.suit
        if e is entry:
            return trump
    raise AssertionError("entry not in the view")  # pragma: no cover


def test_r_info_1_spectator_view_is_the_same_whoever_holds_the_cards():
    """R-INFO-2: exchanging any two cards between hands (a seat's dead refill cards included) leaves
    the spectator's view unchanged at every step of the arranged hand up to trump being named, and
    through the whole hand for two hidden refill cards."""
    plain = scenario()
    other = play_scenario(stock=scenario_stock(("5S", "AS")))
    assert all(spectator_view(s1) == spectator_view(s2) for s1, s2 in zip(plain, other, strict=True))
    assert any(s1 != s2 for s1, s2 in zip(plain, other, strict=True))
    hands = dict(SCENARIO_HANDS)
    hands[1] = hands[1].replace("AH", "4C")
    hands[2] = hands[2].replace("4C", "AH")
    swapped_deal = states_through(deal(hands, stock=SCENARIO_STOCK), SCENARIO_ACTIONS[:4])
    for s1, s2 in zip(plain[:5], swapped_deal, strict=True):
        assert s1.hands != s2.hands
        assert spectator_view(s1) == spectator_view(s2)
        assert view(s1, 3) == view(s2, 3) and view(s1, 0) == view(s2, 0)
        assert view(s1, 1) != view(s2, 1) and view(s1, 2) != view(s2, 2)


# --- legal actions and JSON --------------------------------------------------------------------


def test_view_legal_actions_are_the_seats_when_it_is_to_act():
    """A view's legal actions are pitch13.legal_actions(state) for the seat to act, else empty."""
    for state, views in corpus():
        for viewer, v in views.items():
            expected = legal_actions(state) if viewer is not None and viewer == state.to_act else ()
            assert v.legal_actions == expected


def test_view_to_dict_and_to_json():
    """to_dict() is JSON data with format "pitch13.view", version 2; to_json() parses back to it.
    The history and the legal actions are in their notation, the last result is an object."""
    results = 0
    for state, views in corpus()[::4]:
        for viewer, v in views.items():
            data = v.to_dict()
            assert data["format"] == "pitch13.view" and data["version"] == 2
            assert data["seat"] == viewer and data["phase"] == state.phase.value
            assert data["ply"] == state.ply and "results" not in data
            assert data["history"] == [str(e) for e in v.history]
            assert data["legal_actions"] == [str(a) for a in v.legal_actions]
            if state.results:
                assert data["last_result"]["type"] == "HandResult"
                assert data["last_result"]["hand_number"] == state.results[-1].hand_number
                assert data["last_result"]["scores"] == list(state.results[-1].scores)
                results += 1
            else:
                assert data["last_result"] is None
            assert json.loads(json.dumps(data)) == data
            assert json.loads(v.to_json()) == data
            assert set(data) == {"format", "version", *(a.name for a in attrs.fields(type(v)))}
    assert results
    v = view(scenario()[after(15)], 2)
    data = v.to_dict()
    assert data["hand"] == ["3D", "JD", "3H", "10H", "5S", "6S"]
    assert data["dead_known"] == ["3C", "4S"] and data["trump"] == "H"
    assert data["history"][15] == "refill 2 4 JD 4S 5S 6S"
    assert data["history"][19:23] == ["2 turn up 3D", "2 give up 4S for 3D", "2 turn up 3C", "rejected 2 3C"]
    assert data["history"][25:] == ["0 turn up", "0 give up BJ", "0 turn up", "0 reject 4H"]
    assert data["legal_actions"] == ["play 3D", "play JD", "play 3H", "play 10H"]


# --- unseen cards and where they may be --------------------------------------------------------


def current_hand(state):
    """The history entries of the current hand (from its deal on)."""
    history = state.history
    start = max(i for i, e in enumerate(history) if isinstance(e.item, HandDealt))
    return history[start:]


def check_places(state, viewer, v):
    """The unseen cards of ``viewer``'s view ``v`` and their possible places agree with the state.

    The unseen cards are exactly those the seat has not located: not its hand, not the public
    cards, not its refill and turned-up cards, not what it gave up or rejected. The point cards
    awarded at an early end (R-PLAY-7) are located by the winning team (still in its hands: what
    is not in one partner's hand is in the other's), not by the out team, which cannot tell which
    hand holds them. Every unseen card is in a hidden place, and that place is possible.
    """
    unseen = set(v.unseen)
    public = set(state.middle) | set(state.dead_face_up) | {c for _, c in state.trick}
    public |= {c for t in state.tricks for c in t.cards}
    located = knowledge(state, viewer, identities=False)[-1]
    for e in current_hand(state):
        if isinstance(e.item, HandEndedEarly) and (viewer is None or viewer & 1 != e.item.team):
            located -= set(e.item.cards)
    assert unseen == set(DECK) - set(v.hand) - public - located
    trumps = frozenset() if state.trump is None else trumps_of(state.trump, state.rules)
    for c in unseen:
        places = v.possible_places(c)
        place = true_place(state, c)
        assert place is not None and place in places, (c, place, places)
        if c in trumps:
            assert not {Place.hand(s) for s in v.out} & set(places), (c, places)
    for c in set(DECK) - unseen:
        assert v.possible_places(c) == ()
    if state.trump is not None:
        check_places_are_tight(state, viewer, v, unseen, trumps)


def check_places_are_tight(state, viewer, v, unseen, trumps):
    """No place is offered that the public steps rule out (R-LOOK-2, R-DISC-1, R-FILL-1).

    A card turned up and waited on may be taken (R-LOOK-2): a dead card only when any card may
    be taken, a trump without points not under ``point_cards_only``. Once trump is named each
    seat's dead cards are discarded (R-DISC-1), so under the other ``look_take`` options a hand
    holds a dead card only if the refill gave it some (R-FILL-1).
    """
    rules = state.rules
    any_card = rules.look_take is LookTake.ANY_CARD
    refilled = {e.item.seat: e.item.count for e in v.history if isinstance(e.item, RefillSeen)}
    empty_handed = {Place.hand(s) for s, count in refilled.items() if count == 0 and s != viewer}
    for c in unseen:
        places = set(v.possible_places(c))
        if c not in trumps and not any_card:
            assert Place.TURNED not in places, (c, places)
            assert not places & empty_handed, (c, places, refilled)
        if (
            c in trumps
            and rules.look_take is LookTake.POINT_CARDS_ONLY
            and card_points(c, state.trump, rules) == 0
        ):
            assert Place.TURNED not in places, (c, places)


@pytest.mark.parametrize("look_take", list(LookTake))
def test_r_look_2_a_card_waited_on_is_one_that_may_be_taken(look_take):
    """R-LOOK-2, R-INFO-2: while the looker decides on a card the others cannot see, the card may be
    any unseen one that may be taken, and none that may not (a dead card unless any card may be
    taken; a trump without points under ``point_cards_only``)."""
    rules = Rules(look_take=look_take)
    checked = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while not state.is_over and state.hand_number <= 3:
            if state.turned_card is not None:
                table_trumps = trumps_of(state.trump, rules)
                for viewer in {0, 1, 2, 3} - {state.to_act}:
                    v = view(state, viewer)
                    check_places(state, viewer, v)
                    takeable = {
                        c
                        for c in v.unseen
                        if look_take is LookTake.ANY_CARD
                        or (
                            c in table_trumps
                            and (look_take is LookTake.ANY_TRUMP or card_points(c, state.trump, rules) > 0)
                        )
                    }
                    assert state.turned_card in takeable or (
                        viewer == (state.to_act ^ 2) and state.turned_card not in v.unseen
                    )
                    for c in v.unseen:
                        assert (Place.TURNED in v.possible_places(c)) == (c in takeable), (c, look_take)
                    checked += 1
            state = apply(state, rng.choice(legal_actions(state)))
        if checked >= 30:
            break
    assert checked >= 30


def test_r_look_2_the_two_of_clubs_turned_up_is_a_card_turned_up():
    """R-LOOK-2, R-INFO-1: the 2 of clubs (the card of index 0) turned up and waited on shows as a
    card turned up to every seat, and as itself to the looker."""
    hands = {
        1: "AC KC QC JC 10C 9C 2H 3H 4H",
        2: "8C 7C 6C 5C 5H 6H 7H 8H 9H",
        3: "4C 3C JS 3S 10H JH QH KH AH",
        0: "BJ RJ 2D 3D 4D 5D 6D 7D 8D",
    }
    stock = "9D 10D JD QD KD AD 4S 5S 2C 6S 7S 8S 9S 10S QS KS AS 2S"
    state = deal(hands, stock=stock)
    for action in (Bid(5), PASS, PASS, PASS, NameTrump(Suit.CLUBS), TURN_UP):
        state = apply(state, action)
    assert state.turned_card == card("2C") and card("2C").index == 0 and state.to_act == 1
    looker = view(state, 1)
    assert looker.card_turned_up and looker.turned_card == card("2C")
    for other in (view(state, 0), view(state, 3), spectator_view(state)):
        assert other.card_turned_up and other.turned_card is None
    assert not view(apply(state, REJECT), 1).card_turned_up


def test_views_of_sibling_states_each_show_their_own_branch():
    """States made from one state by different actions share what views read of their hand; each
    view still shows its own state (as a view of a copy that shares nothing does)."""
    rng = random.Random(3)
    state = new_game(seed=5)
    while state.phase is not Phase.PLAY or len(legal_actions(state)) < 2:
        state = apply(state, rng.choice(legal_actions(state)))
    first, second = (apply(state, action) for action in legal_actions(state)[:2])
    for viewer in VIEWERS:
        for branch in (first, second, first):
            shown = see(branch, viewer)
            assert shown == see(pickle.loads(pickle.dumps(branch)), viewer)
        assert see(first, viewer).history != see(second, viewer).history


def test_a_view_between_hands_read_afresh_shows_the_hand_that_ended():
    """Between hands a view shows the hand that ended (R-INFO-1); a state that kept nothing from
    earlier views reads that hand from its record, with its own number, dealer and deal."""
    rng = random.Random(2)
    state = new_game()
    shown = 0
    while shown < 3 and not state.is_over:
        if state.is_chance:
            if state.hand_number > 1:
                fresh = pickle.loads(pickle.dumps(state))
                for viewer in VIEWERS:
                    v = see(fresh, viewer)
                    assert v == see(state, viewer)
                    dealt = v.history[0].item
                    assert isinstance(dealt, DealSeen) and dealt.hand_number == state.hand_number - 1
                shown += 1
            state = apply(state, Deal(rng.sample(DECK, len(DECK))))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    assert shown == 3


def test_a_view_of_a_sample_before_the_first_deal_is_the_view_it_was_drawn_from():
    """A game started partway that waits for its first deal keeps nothing for views to read on from."""
    for viewer in (0, 1, 2, 3):
        v = view(new_game(dealer=viewer), viewer)
        sample = sample_state(v, random.Random(viewer))
        assert view(sample, viewer) == v and sample.is_chance


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: view(5, 0), "view() takes a GameState, not int"),
        (
            lambda: view(new_game(seed=1), None),
            "a seat is an int from 0 to 3, not None: a spectator's view is spectator_view(state)",
        ),
        (lambda: view(new_game(seed=1), "0"), "a seat is an int from 0 to 3, not '0'"),
        (lambda: spectator_view("x"), "spectator_view() takes a GameState, not str"),
        (lambda: view_delta(7, 0, since=0), "view_delta() takes a GameState, not int"),
        (lambda: view(new_game(seed=1), 0).updated("delta"), "updated() takes a ViewDelta, not str"),
        (lambda: view(new_game(seed=1), 0).possible_places("AH"), "possible_places() takes a Card, not 'AH'"),
    ],
)
def test_views_refuse_what_they_do_not_take_saying_what_they_got(call, message):
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == message


def test_r_info_2_unseen_cards_and_possible_places_in_random_games():
    """R-INFO-2: a seat's own and public cards are never unseen; every unseen card's true place is
    among its possible places; a seat announced out (R-PLAY-3) is never a possible place of a trump."""
    for state, views in corpus():
        if state.phase is Phase.DEAL:
            assert all(v.unseen == () for v in views.values())
            continue
        for viewer, v in views.items():
            check_places(state, viewer, v)


@examples(10, deadline=None)
@given(rules=any_rules(), dealer=dealers, deck_seed=seeds, choice_seed=seeds)
def test_r_info_2_unseen_cards_and_possible_places_under_any_rules(rules, dealer, deck_seed, choice_seed):
    """R-INFO-2, R-PLAY-3: the same as above for a random hand under any rules, to its end (the game
    may end with it)."""
    order = random.Random(deck_seed).sample(DECK, len(DECK))
    states, _ = play_hand(rules, dealer, order, choice_seed)
    for state in states:
        if state.phase is not Phase.DEAL:
            for viewer in VIEWERS:
                check_places(state, viewer, see(state, viewer))


def test_r_info_2_possible_places_in_the_arranged_hand():
    """R-INFO-2, R-PLAY-3: in trick 4 of the arranged hand seat 1 can tell 3D is in seat 2's hand:
    seats 3 and 0 are out, the stock is empty and the face-down dead cards are not trumps."""
    states = scenario()
    for state in states[:-1]:
        for viewer in VIEWERS:
            check_places(state, viewer, see(state, viewer))
    v = view(states[after(25)], 1)
    assert v.possible_places(card("3D")) == (Place.HAND_2,)
    assert set(v.possible_places(card("7S"))) >= {Place.HAND_3}
    assert card("7S") in v.unseen and card("JH") not in v.unseen and card("2C") not in v.unseen
    assert view(states[after(25)], 3).possible_places(card("7S")) == ()
    assert set(view(states[0], 0).unseen) == set(DECK) - cards(SCENARIO_HANDS[0])
    assert set(view(states[0], 0).possible_places(card("AH"))) == {
        Place.HAND_1,
        Place.HAND_2,
        Place.HAND_3,
        Place.STOCK,
    }


@pytest.mark.parametrize("bad", ["AH", None, 5, ("A", "H")])
def test_possible_places_takes_a_card(bad):
    """possible_places() refuses anything but a Card with TypeError."""
    with pytest.raises(TypeError):
        view(scenario()[0], 0).possible_places(bad)


@pytest.mark.parametrize("seed", [None, 4], ids=["dealt-by-the-caller", "seeded"])
def test_a_view_says_whether_the_game_is_over_who_won_and_whether_chance_deals_R_END_1_R_DEAL_3(seed):
    """``is_over``, ``winner`` and ``is_chance`` of every seat's and a spectator's view are the
    state's, from the first deal to the end of games won by either team."""
    winners = set()
    for game in range(6):
        states = random_states(
            Rules(target=11), dealer=game % 4, seed=seed, rng=random.Random(game), length=10**4
        )
        assert states[-1].is_over
        winners.add(states[-1].winner)
        for state in states:
            for viewer in (None, 0, 1, 2, 3):
                seen = see(state, viewer)
                assert (seen.is_over, seen.winner, seen.is_chance) == (
                    state.is_over,
                    state.winner,
                    state.is_chance,
                )
        assert see(states[-1], 0).winner == states[-1].outcome.winner
    assert winners == {0, 1}
    assert seed is not None or any(state.is_chance for state in states)


def test_views_keep_nothing_of_finished_hands():
    """What views keep to read on is dropped with its hand: a game viewed after every move by
    every seat holds about what it holds unviewed, however many hands are played."""
    rules = Rules(target=10**6, moon_success="score_points")  # nothing ends it early

    def played(hands, viewed):
        rng = random.Random(1)
        state = new_game(rules, seed=5)
        while state.hand_number <= hands:
            state = apply(state, rng.choice(legal_actions(state)))
            if viewed:
                for seat in range(4):
                    view(state, seat)
        return state

    played(25, True)  # the library's own interned values and caches, made once
    kept = {}
    for viewed in (False, True):
        gc.collect()
        tracemalloc.start()
        try:
            state = played(25, viewed)
            gc.collect()
            kept[viewed] = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        del state
    # One hand's views (the hand in play) are kept; 25 hands' would be about 1 MB.
    assert kept[True] - kept[False] < 100_000, kept


def test_a_games_past_keeps_no_more_for_being_viewed_or_read_however_long_it_is():
    """The results that views and ``state.results`` make are not kept on the past's hands but
    for the two newest: viewing every state and reading the results after every hand adds no
    memory per hand played (about 520 bytes a hand were kept before)."""
    rules = Rules(target=10**6, moon_success="score_points")  # nothing ends it early

    def played(hands, viewed):
        rng = random.Random(2)
        state = new_game(rules, seed=6)
        while state.hand_number <= hands:
            number = state.hand_number
            state = apply(state, rng.choice(legal_actions(state)))
            if viewed:
                view(state, state.to_act if state.to_act is not None else 0)
                if state.hand_number != number:
                    assert len(state.results) <= number
        return state

    played(5, True)  # the library's own interned values and caches, made once
    extra = {
        hands: freed_with(functools.partial(played, hands, True))
        - freed_with(functools.partial(played, hands, False))
        for hands in (10, 50)
    }
    assert extra[50] - extra[10] < 40 * 50, extra  # under 50 bytes a hand


def test_reading_a_games_whole_history_keeps_nothing_on_its_past():
    """The whole history, read by ``state.history``, ``seen_history``, a delta from ply 0 or a
    record, keeps no hand's result on the hand: reading it after 20 hands keeps no more than
    after 4 (about 500 bytes a hand were kept before)."""
    rules = Rules(target=10**6, moon_success="score_points")
    readers = {
        "history": lambda s: s.history,
        "seen_history": lambda s: seen_history(s, None),
        "view_delta": lambda s: view_delta(s, 1, since=0),
        "record": GameRecord.from_state,
    }

    def played(hands):
        rng = random.Random(3)
        state = new_game(rules, seed=8)
        while state.hand_number <= hands:
            state = apply(state, rng.choice(legal_actions(state)))
        return pickle.dumps(state)

    games = {hands: played(hands) for hands in (2, 4, 20)}
    for name, read in readers.items():
        freed_with(lambda: pickle.loads(games[2]), read, times=1)  # the library's caches, made once
        # Each copy is replayed from its pickle: it shares nothing, and its past was never read.
        kept = {hands: freed_with(functools.partial(pickle.loads, games[hands]), read) for hands in (4, 20)}
        assert kept[20] - kept[4] < 40 * (20 - 4), (name, kept)  # under 40 bytes a hand


def test_the_places_of_the_cards_a_seat_cannot_see_are_exactly_what_it_knows():
    """Before trump is named, any unseen card may be in any other hand or the stock. After the look,
    a hand holds at most the dead cards it received, less those it gave up face down (R-FILL-1,
    R-LOOK-4); a card another seat turned up and decides on is one it may take (R-LOOK-2)."""
    hand = functools.partial(PlaceInfo, trumps=True, dead=True)
    assert view(new_game(seed=0), 0).places == (
        hand(Place.HAND_1, 9),
        hand(Place.HAND_2, 9),
        hand(Place.HAND_3, 9),
        PlaceInfo(Place.STOCK, 18, True, True),
    )
    states = random_states(Rules(), dealer=0, seed=44, rng=random.Random(44), length=14)
    looking = view(states[6], 0)
    assert looking.card_turned_up and looking.to_act == 2
    assert looking.places == (
        hand(Place.HAND_1, 6, max_dead=5),
        hand(Place.HAND_2, 6, max_dead=3),
        hand(Place.HAND_3, 6, max_dead=3),
        PlaceInfo(Place.STOCK, 4, True, True),
        PlaceInfo(Place.TURNED, 1, True, False, takeable_only=True),
    )
    playing = view(states[13], 0)
    assert [str(e) for e in playing.history if str(e).startswith(("refill 2", "2 give up"))] == [
        "refill 2 3",
        "2 give up JC",
        "2 give up",
        "2 give up",
    ]
    assert playing.places == (
        hand(Place.HAND_1, 6, max_dead=5),
        hand(Place.HAND_2, 6, max_dead=1),
        hand(Place.HAND_3, 6, max_dead=3),
        PlaceInfo(Place.DEAD, 4, False, True),
    )


def test_a_view_of_a_game_under_a_subclass_of_rules_writes_its_rules_as_the_rules_do():
    """A subclass is deprecated, as it reads back as a plain Rules; until it is refused, it plays."""
    with pytest.warns(
        DeprecationWarning, match=r"^a subclass of pitch13\.Rules is deprecated and is refused"
    ):

        class HouseRules(Rules):
            """A table's own name for its rules."""

    state = new_game(HouseRules(target=21), seed=1)
    house = view(state, 0).to_dict()
    plain = view(new_game(Rules(target=21), seed=1), 0).to_dict()
    assert house["rules"] == plain["rules"] and house["rules"]["target"] == 21
    # Why it is deprecated: read back, the game's rules are a plain Rules, not equal to the subclass.
    again = state_from_json(state_to_json(state))
    assert type(again.rules) is Rules and again.rules == Rules(target=21) != state.rules


def test_a_subclass_of_rules_made_by_attrs_warns_once_where_it_is_written():
    """attrs makes a slotted subclass anew: that class is no second warning, pointing into attrs."""
    with pytest.warns(DeprecationWarning, match=r"^a subclass of pitch13\.Rules") as caught:

        @attrs.frozen
        class HouseRules(Rules):
            """A table's own name for its rules."""

    assert len(caught) == 1 and caught[0].filename == __file__
    assert HouseRules(target=21).target == 21


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"seat": 7}, ValueError, "SeatView.seat is from 0 to 3, not 7"),
        ({"seat": True}, TypeError, "SeatView.seat is an int, not True"),
        ({"rules": None}, TypeError, "SeatView.rules is a Rules, not None"),
        ({"phase": "bidding"}, TypeError, "SeatView.phase is a Phase, not 'bidding'"),
        ({"hand": [BLACK_JOKER]}, TypeError, "SeatView.hand is a tuple, not [Card.parse('BJ')]"),
        ({"hand": ("AS",)}, TypeError, "SeatView.hand[0] is a Card, not 'AS'"),
        ({"bids": (0, 0, 0)}, ValueError, "SeatView.bids holds 4 items, not 3"),
        ({"scores": (1, 2, 3)}, ValueError, "SeatView.scores holds 2 items, not 3"),
        ({"out": frozenset({9})}, ValueError, "SeatView.out[0] is from 0 to 3, not 9"),
        ({"trick": ((5, BLACK_JOKER),)}, ValueError, "SeatView.trick[0][0] is from 0 to 3, not 5"),
        ({"legal_actions": ("pass",)}, TypeError, "SeatView.legal_actions[0] is a seat's action, not 'pass'"),
        ({"history": ("1 pass",)}, TypeError, "SeatView.history[0] is a SeenEntry, not '1 pass'"),
        ({"card_turned_up": 1}, TypeError, "SeatView.card_turned_up is a bool, not 1"),
        ({"outcome": "over"}, TypeError, "SeatView.outcome is an Outcome, not 'over'"),
    ],
)
def test_a_view_made_in_code_has_fields_of_their_types(change, error, message):
    """``SeatView(...)`` and :func:`attrs.evolve` refuse a field that is not of its declared type
    or range, naming it, where the encodings and bots failed on it later with an unrelated error;
    a view made of a real view's fields is that view. The library's own views skip the check."""
    v = view(new_game(seed=3), 1)
    assert attrs.evolve(v) == v == SeatView(**{a.name: getattr(v, a.name) for a in attrs.fields(SeatView)})
    with pytest.raises(error) as refused:
        attrs.evolve(v, **change)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (StockHandedOver(1, 5), "SeatView.history[0].item.count is from 1 to 18, not 30"),
        (StockDiscarded(5), "SeatView.history[0].item.count is from 0 to 18, not 30"),
        (RefillSeen(1, 2, ()), "SeatView.history[0].item.count is from 0 to 6, not 30"),
    ],
)
def test_a_view_made_in_code_bounds_what_its_history_holds_as_the_classes_do(item, message):
    """An entry made past its class's checks (unpickled) is refused inside a view made in code,
    by the class's own bounds: a stock's count was taken up to 54."""
    v = view(new_game(seed=3), 1)
    history = (unchecked(SeenEntry, seat=1, item=unchecked_evolve(item, count=30)),)
    with pytest.raises(ValueError, match=r"^SeatView\.history\[0\]\.item\.count ") as refused:
        attrs.evolve(v, history=history)
    assert str(refused.value) == message


@pytest.mark.parametrize("item", [42, "pass", None, Deal(DECK)])
def test_the_notation_of_a_seen_entry_made_in_code_of_no_seen_item_is_a_type_error(item):
    """It was an AssertionError ("unhandled value") from the notation's match. Such an entry
    is refused as it is made; one made past the checks (unpickled) is refused by ``str``."""
    with pytest.raises(TypeError, match=r"SeenEntry\.item must be an action or an event, not "):
        SeenEntry(0, item)
    with pytest.raises(TypeError, match="a seen entry holds an action or an event, not "):
        str(unchecked(SeenEntry, seat=0, item=item))
    assert str(SeenEntry(2, Pass())) == "2 pass"
