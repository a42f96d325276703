"""Reading seat views back from their documents: SeatView.from_dict and SeatView.from_json.

A view read back is equal to the view written, and a document that is malformed, of another
format, or inconsistent is refused with a :class:`~pitch13.DocumentError` that says
where; nothing else ever comes out of the loaders, whatever the input.

A view document (version 2) holds the hand in play: its ``history`` is a list of entries in
their notation (:mod:`pitch13.seen`), which the loader replays; every other field must be what
the replay gives, and a field that is not is refused at its own path with a message that says
what the history gives.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
import time
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, event, given
from hypothesis import strategies as st

from helpers import CARD_TEXTS, deal, see, states_through
from pitch13 import (
    DECK,
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Discard,
    GiveUp,
    NameTrump,
    Outcome,
    Phase,
    Play,
    Rules,
    Suit,
    Take,
    Termination,
    apply,
    legal_actions,
    new_game,
    parse_cards,
)
from pitch13._base.checks import excerpt
from pitch13.documents import DocumentError
from pitch13.engine._partway import MIN_SCORE
from pitch13.events import HandScored
from pitch13.records._json import MAX_SIZE
from pitch13.seen import SeenEntry
from pitch13.views import SeatView, view
from profiles import THOROUGH, examples, longer
from strategies import PRESETS, Playout, any_rules, playouts

#: The four seats and the spectator (``None``).
VIEWERS = (0, 1, 2, 3, None)

# --- helpers -----------------------------------------------------------------------------------


def card(text):
    return str(parse_cards(text)[0])


def refused(data, where, why=""):
    """Assert that ``data`` is refused at ``where`` (and ``why`` is in the reason); return the error."""
    with pytest.raises(DocumentError) as info:
        SeatView.from_dict(data)
    assert info.value.where == where, info.value
    assert why in info.value.why, info.value
    return info.value


def gives(data, where, expected, found):
    """Assert that ``data`` is refused at ``where`` because the history gives ``expected`` there,
    not ``found`` (each as the message quotes it)."""
    return refused(data, where, f"the history gives {expected}, not {found}")


def round_trips(v):
    assert v.to_json().isascii()
    assert SeatView.from_dict(v.to_dict()) == v
    assert SeatView.from_json(v.to_json()) == v
    assert SeatView.from_json(v.to_json().encode()) == v


# The arranged hand (dealer 0, hearts trump): seat 1 sheds 10H and 9H, seat 2 takes 10H back,
# looks through the stock (3D taken for 4S, 3C rejected at once), seat 0 looks at the rest
# (5H taken for BJ, 4H rejected),
# then the first trick is played and seat 1 leads to the second.
HANDS = {
    1: "AH KH QH JH 10H 9H 8H 7H 2C",
    2: "3H 4C 5C 6C 7C 8C 9C 10C JC",
    3: "2H QC KC AC 2D 4D 5D 6D 7D",
    0: "BJ 8D 9D 10D QD KD AD 2S 3S",
}
STOCK = "JD 4S 5S 6S 6H 7S 8S 9S 10S RJ JS QS KS AS 3D 3C 5H 4H"
ACTIONS = (
    PASS,
    Bid(6),
    PASS,
    PASS,
    NameTrump(Suit.HEARTS),  # -> DISCARD: seat 1 holds 8 trumps
    Discard(parse_cards("10H")[0]),
    Discard(parse_cards("9H")[0]),  # -> PICKUP
    Take(parse_cards("10H")[0]),  # -> refill, LOOK
    TURN_UP,  # seat 2 sees 3D
    GiveUp(parse_cards("4S")[0]),
    TURN_UP,  # 3C: rejected at once
    STOP,
    TURN_UP,  # seat 0 sees 5H
    GiveUp(parse_cards("BJ")[0]),
    TURN_UP,
    REJECT,  # 4H, face up
    *(Play(c) for c in parse_cards("JD 2H 5H AH KH")),  # a first trick, and a lead to the second
)
#: Indices into :func:`scenario` of a few states.
PICKUP, LOOKING, PLAYING = 7, 9, 21


@functools.cache
def scenario():
    return tuple(states_through(deal(HANDS, stock=STOCK), ACTIONS))


def random_game(rules, dealer, seed, choice_seed):
    """The states of a game played with random legal choices (dealt by the test when ``seed`` is
    None), up to 2000 actions."""
    playout = Playout(rules, dealer, seed, choice_seed, pass_bias=0.6, raise_bias=0.3, low_bid_bias=0.8)
    return playout.states(2000)


@functools.cache
def corpus():
    """States of the arranged hand and of whole random games under several rules (every 15th state
    and the last; every 3rd under the thorough profile)."""
    games = [
        random_game(PRESETS[0], 0, None, 1),
        random_game(PRESETS[1], 1, 7, 2),
        random_game(
            Rules(target=20, short_stock="redeal", all_pass="redeal", look_take="any_card"), 2, None, 3
        ),
    ]
    step = 3 if THOROUGH else 15
    return scenario() + tuple(s for game in games for s in game[::step] + game[-1:])


def find(predicate, viewer=None):
    """The first view (of ``viewer``, or of any viewer) in the corpus for which ``predicate`` holds."""
    for state in corpus():
        for who in VIEWERS if viewer is None else (viewer,):
            v = see(state, who)
            if predicate(v):
                return v
    raise AssertionError("no such view in the corpus")


def doc(v):
    """A fresh plain copy of the document of ``v``, to change."""
    return json.loads(v.to_json())


# --- round trips -------------------------------------------------------------------------------


def test_round_trip_in_every_phase_for_every_viewer():
    """Views of the corpus, of every seat and the spectator, read back equal from their dict and
    their JSON (str and bytes); the views read back reach every phase and every kind of field."""
    phases = set()
    filled = set()
    for state in corpus():
        for viewer in VIEWERS:
            v = see(state, viewer)
            round_trips(v)
            phases.add(v.phase)
            filled |= {
                name
                for name in ("places", "last_result", "outcome", "tricks", "legal_actions", "history")
                if getattr(v, name)
            }
            filled |= {"turned_card"} if v.turned_card else set()
            filled |= {"takeable"} if v.takeable else set()
            filled |= {type(e.item).__name__ for e in v.history}
    assert phases == set(Phase)
    assert {
        "places",
        "last_result",
        "outcome",
        "tricks",
        "legal_actions",
        "history",
        "turned_card",
        "takeable",
    } <= filled
    assert {
        "DealSeen",
        "RefillSeen",
        "TurnUpSeen",
        "GiveUpSeen",
        "RejectSeen",
        "HandScored",
        "GameOver",
    } <= filled
    assert {"TrickWon", "SeatOut", "HandThrownIn", "StockHandedOver", "DeadCardsDiscarded"} <= filled


def test_round_trip_keeps_the_types_of_the_fields():
    """The view read back has tuples, frozensets, cards and enum members where the view had them."""
    v = see(scenario()[LOOKING], 2)
    back = SeatView.from_json(v.to_json())
    assert back.turned_card is v.turned_card and str(back.turned_card) == "3D"
    assert isinstance(back.out, frozenset) and isinstance(back.history, tuple)
    assert back.phase is Phase.LOOK and back.trump is Suit.HEARTS
    assert back.rules == Rules() and back.legal_actions == v.legal_actions
    assert back.history == v.history and back.ply == v.ply == LOOKING + 1  # the deal is a move too
    assert back.possible_places(parse_cards("KS")[0]) == v.possible_places(parse_cards("KS")[0])
    later = find(lambda v: v.last_result is not None)
    assert SeatView.from_json(later.to_json()).last_result == later.last_result


@examples(6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(playout=playouts(any_rules(max_target=longer(30), low_bids_only=True)), data=st.data())
def test_round_trip_in_random_games(playout, data):
    """For views of random legal playouts under any rules, of every seat and the spectator,
    from_dict(to_dict()) and from_json(to_json()) give the view back."""
    states = playout.states(longer(200))
    picks = data.draw(st.lists(st.integers(0, len(states) - 1), min_size=1, max_size=4))
    for i in [*picks, len(states) - 1]:
        for viewer in VIEWERS:
            round_trips(see(states[i], viewer))


#: A game that ends in its first hand, 2 to 8 with a target of 2: team B wins by the target.
GAME_OVER_AT_2_TO_8 = Playout(
    rules=Rules(
        use_off_three=False, min_bid=1, max_bid=2, dealer_forced_min_bid=1, partner_look=False, target=2
    ),
    dealer=0,
    seed=None,
    choice_seed=406,
    pass_bias=0.6,
    raise_bias=0.2,
    low_bid_bias=0.8,
)


def test_round_trip_of_a_game_over_whose_winner_depends_on_the_scores():
    """A game over view reads back even when the final scores, counted twice, would give another
    winner: every viewer's view of the last state of :data:`GAME_OVER_AT_2_TO_8`."""
    final = GAME_OVER_AT_2_TO_8.states(200)[-1]
    assert final.outcome == Outcome(1, Termination.TARGET, 1, (2, 8))
    for viewer in VIEWERS:
        v = see(final, viewer)
        assert str(v.history[-1]) == "over 1 target"
        round_trips(v)


def test_every_whole_number_has_a_range():
    """Reading a view builds a reader for each field, and each whole number in it needs a range of
    its own (a field without one is a TypeError as its reader is made): a view holding every kind
    of object reads back."""
    v = see(corpus()[-1], 0)
    assert v.last_result and v.places
    assert SeatView.from_json(v.to_json()) == v


# --- refusals: the document ----------------------------------------------------------------------


@pytest.mark.parametrize("data", [None, 5, "view", [], True])
def test_refuses_what_is_not_an_object(data):
    refused(data, "$", "JSON object")


def test_refuses_another_format_or_version():
    """Another format, a version 1 document (no longer read: it held the whole game), a newer
    version and a version that never was are refused at ``$.format`` or ``$.version``."""
    data = doc(see(scenario()[0], 0))
    refused({**data, "format": "pitch13.record"}, "$.format", "not a pitch13.view document")
    refused({**data, "version": 1}, "$.version", "pitch13.view version 1 is no longer read")
    error = refused({**data, "version": 1}, "$.version")
    assert (
        error.why
        == "pitch13.view version 1 is no longer read (this pitch13 reads 2): ask the server for the view again"
    )
    refused({**data, "version": 3}, "$.version", "newer")
    refused({**data, "version": 0}, "$.version", "has no version 0")
    refused({**data, "version": "2"}, "$.version", "whole number")
    refused({k: v for k, v in data.items() if k != "format"}, "$.format")


def test_refuses_unknown_and_missing_fields():
    data = doc(see(scenario()[0], 0))
    refused({**data, "secret": 1}, "$", "unknown field 'secret'")
    refused({**data, "results": []}, "$", "unknown field 'results'")  # a field of version 1
    refused({k: v for k, v in data.items() if k != "hand"}, "$", "missing field 'hand'")
    refused({k: v for k, v in data.items() if k != "ply"}, "$", "missing field 'ply'")
    v = find(lambda v: v.last_result and v.places, 0)
    data = doc(v)
    data["last_result"]["extra"] = []
    refused(data, "$.last_result", "unknown field 'extra'")
    data = doc(v)
    del data["last_result"]["point_cards"][0]["label"]
    refused(data, "$.last_result.point_cards[0]", "missing field 'label'")
    del data["last_result"]["type"]
    refused(data, "$.last_result", "missing field 'type'")
    data = doc(v)
    data["places"][0]["zzz"] = 1
    refused(data, "$.places[0]", "unknown field 'zzz'")


def test_refuses_wrong_types_and_values():
    v = see(scenario()[PLAYING], 1)
    cases = [
        ("seat", 4, "$.seat"),
        ("seat", "1", "$.seat"),
        ("seat", True, "$.seat"),
        ("ply", "21", "$.ply"),
        ("ply", None, "$.ply"),
        ("hand_number", 0, "$.hand_number"),
        ("phase", "napping", "$.phase"),
        ("trump", "♥", "$.trump"),
        ("trump", 2, "$.trump"),
        ("hand", "AH", "$.hand"),
        ("bids", [0, 6, 0], "$.bids"),
        ("out", [1, 1], "$.out[1]"),
        ("scores", [10**10, 0], "$.scores[0]"),
        ("scores", [0], "$.scores"),
        ("card_turned_up", 0, "$.card_turned_up"),
        ("stock_size", -1, "$.stock_size"),
        ("trick", [[1, "AH"], [2]], "$.trick[1]"),
        ("trick", [[5, "AH"]], "$.trick[0][0]"),
        ("last_result", 3, "$.last_result"),
        ("history", "1 pass", "$.history"),
        ("legal_actions", "play 7H", "$.legal_actions"),
    ]
    for name, value, where in cases:
        refused({**doc(v), name: value}, where)
    data = doc(v)
    data["hand"][1] = "ZZ"
    refused(data, "$.hand[1]", "not a card")
    data = doc(v)
    data["hand"][1] = data["hand"][0]
    refused(data, "$.hand[1]", "listed twice")
    data = doc(v)
    data["tricks"][0]["plays"][2][1] = "11H"
    refused(data, "$.tricks[0].plays[2][1]")
    data = doc(v)
    data["history"][1] = 5
    refused(data, "$.history[1]", "expected an entry in notation, a string, not int")
    data = doc(v)
    data["history"][1] = {"type": "SeenEntry", "seat": 1, "item": {"type": "Pass"}}  # version 1
    refused(data, "$.history[1]", "a string, not dict")
    data = doc(see(scenario()[PLAYING], 2))
    assert data["legal_actions"]
    data["legal_actions"][0] = {"type": "Play", "card": "JD"}  # version 1
    refused(data, "$.legal_actions[0]", "expected a string, found an object")
    data["legal_actions"][0] = "dance"
    refused(data, "$.legal_actions[0]", "unknown action 'dance'")
    data["legal_actions"][0] = "play ZZ"
    refused(data, "$.legal_actions[0]", "'ZZ' is not a card")


def test_refuses_bounded_lists_past_their_bound():
    v = see(scenario()[0], 0)
    data = doc(v)
    data["history"] = [data["history"][0]] * 100_001
    refused(data, "$.history", "the list has 100001 items; the limit is 400")
    refused({**doc(v), "history": ["0 pass"] * 401}, "$.history", "limit is 400")
    refused({**doc(v), "hand": [str(c) for c in DECK] + ["AH"]}, "$.hand", "limit is 54")
    refused({**doc(v), "legal_actions": ["pass"] * 301}, "$.legal_actions", "limit is 300")
    refused({**doc(v), "places": doc(v)["places"] * 5}, "$.places", "the list has 20 items; the limit is 16")
    data = doc(v)
    data["history"][0] = "dealt 1 0 " + " ".join(str(c) for c in DECK[:10])
    refused(data, "$.history[0]", "at most 9 cards")
    data["history"][0] = "dealt 1 0 " + " ".join(str(c) for c in DECK * 2)
    refused(data, "$.history[0]", "an entry is at most 200 characters")


def test_from_json_names_the_view_in_its_messages():
    with pytest.raises(DocumentError) as info:
        SeatView.from_json("{")
    assert info.value.where == "$"
    assert info.value.why.startswith("the view is not JSON: Expecting property name")
    with pytest.raises(DocumentError) as info:
        SeatView.from_json("x" * (MAX_SIZE + 1))
    assert info.value.why == f"the view is {MAX_SIZE + 1} characters long; the limit is {MAX_SIZE}"


def test_messages_of_objects_lists_labels_and_actions_say_what_and_where():
    """Each refusal inside a view's objects names the place and quotes what it found, cut short."""
    v = find(lambda v: v.last_result and v.outcome and v.places and v.tricks, 0)
    data = doc(v)
    data["last_result"] = [1, 2]
    assert refused(data, "$.last_result").why == "expected an object, found a list"
    data = doc(v)
    del data["tricks"][0]["type"]
    assert refused(data, "$.tricks[0]").why == "missing field 'type'"
    data = doc(v)
    data["tricks"][0]["type"] = "T" * 41
    assert refused(data, "$.tricks[0].type").why == "the string is 41 characters long; the limit is 40"
    data["tricks"][0]["type"] = "T" * 40
    assert refused(data, "$.tricks[0].type").why == f"unknown type {excerpt('T' * 40)} (expected Trick)"
    # labels: at most 20 characters, and one of the labels of the point cards
    labels = "'ace', 'jack', 'Jick', 'joker', 'ten', 'three', 'off-three', 'deuce'"
    for label, why in (
        ("q" * 21, "the string is 21 characters long; the limit is 20"),
        ("q" * 20, f"expected one of {labels}, found '{'q' * 20}'"),
        ("queen", f"expected one of {labels}, found 'queen'"),
    ):
        data = doc(v)
        data["last_result"]["point_cards"][0]["label"] = label
        assert refused(data, "$.last_result.point_cards[0].label").why == why
    # lists: an exact length, or a least one
    data = doc(v)
    data["bids"] = [0, 6, 0]
    assert refused(data, "$.bids").why == "expected 4 items, found 3"
    data = doc(v)
    data["tricks"][0]["plays"] = []
    assert refused(data, "$.tricks[0].plays").why == "expected at least 1 items, found 0"
    data = doc(v)
    data["out"] = [1, 1]
    assert refused(data, "$.out[1]").why == "1 is listed twice"
    data = doc(v)
    data["out"] = [0, 1, 2, 3, 3]
    assert refused(data, "$.out").why == "the list has 5 items; the limit is 4"


def test_legal_actions_are_read_in_their_notation_of_at_most_40_characters():
    """An action in the view's legal actions is read as :func:`~pitch13.parse_action` reads it
    (case and spaces do not matter), from a string of at most 40 characters."""
    v = see(scenario()[PLAYING], 2)
    data = doc(v)
    first = data["legal_actions"][0]
    verb, card_text = first.split()
    data["legal_actions"][0] = verb.upper() + " " * (40 - len(verb) - len(card_text)) + card_text
    assert SeatView.from_dict(data) == v
    data["legal_actions"][0] = verb + " " * (41 - len(verb) - len(card_text)) + card_text
    assert refused(data, "$.legal_actions[0]").why == "the string is 41 characters long; the limit is 40"
    data["legal_actions"][0] = "deal " + " ".join(str(c) for c in DECK)
    assert "the limit is 40" in refused(data, "$.legal_actions[0]").why


def test_refuses_unknown_types_and_types_not_allowed_at_their_place():
    v = find(lambda v: v.last_result and v.outcome and v.places and v.tricks, 0)
    data = doc(v)
    data["last_result"]["type"] = "Foo"
    refused(data, "$.last_result.type", "unknown type 'Foo' (expected HandResult)")
    data = doc(v)
    data["last_result"] = {"type": "HandDealt", "hand_number": 1, "dealer": 0, "deck": []}
    refused(data, "$.last_result.type", "unknown type 'HandDealt'")
    data = doc(v)
    data["last_result"] = data["tricks"][0]
    refused(data, "$.last_result.type", "a Trick is not allowed here (expected HandResult)")
    data = doc(v)
    data["outcome"] = data["last_result"]
    refused(data, "$.outcome.type", "a HandResult is not allowed here (expected Outcome)")
    data = doc(v)
    data["tricks"][0] = data["places"][0]
    refused(data, "$.tricks[0].type", "a PlaceInfo is not allowed here (expected Trick)")
    data = doc(v)
    data["places"][0] = data["last_result"]["point_cards"][0]
    refused(data, "$.places[0].type", "a PointCard is not allowed here (expected PlaceInfo)")
    data = doc(v)
    data["last_result"]["point_cards"][0] = {"type": "SeenEntry", "seat": 0, "item": None}
    refused(data, "$.last_result.point_cards[0].type", "unknown type 'SeenEntry' (expected PointCard)")


def test_refuses_numbers_out_of_their_range_in_objects():
    v = find(lambda v: v.last_result and v.outcome and v.places, 3)
    data = doc(v)
    data["outcome"]["winner"] = 2
    refused(data, "$.outcome.winner", "from 0 to 1")
    data = doc(v)
    data["last_result"]["point_cards"][0]["label"] = "queen"
    refused(data, "$.last_result.point_cards[0].label", "expected one of")
    data = doc(v)
    data["last_result"]["point_cards"][0]["points"] = 7
    refused(data, "$.last_result.point_cards[0].points", "from 1 to 3")
    data = doc(v)
    data["last_result"]["score_change"][1] = 14
    refused(data, "$.last_result.score_change[1]", "from -13 to 13")
    data = doc(v)
    data["places"][0]["count"] = 55
    refused(data, "$.places[0].count", "from 0 to 54")
    data = doc(v)
    data["tricks"][0]["number"] = 0
    refused(data, "$.tricks[0].number", "from 1 to 54")


def test_refuses_invalid_rules():
    data = doc(see(scenario()[0], 0))
    refused({**data, "rules": {**data["rules"], "min_bid": 99}}, "$.rules.min_bid", "min_bid")
    refused({**data, "rules": {**data["rules"], "house": True}}, "$.rules", "unknown field 'house'")
    refused({**data, "rules": {**data["rules"], "type": "Rules"}}, "$.rules", "unknown field 'type'")
    refused({**data, "rules": []}, "$.rules", "expected an object, found a list")
    refused({**data, "rules": []}, "$.rules", "expected an object")


# --- refusals: the history -----------------------------------------------------------------------


def playing_doc():
    """The document of seat 1's view while it leads to the second trick of the arranged hand."""
    data = doc(see(scenario()[PLAYING], 1))
    assert data["history"][:3] == ["dealt 1 0 2C 7H 8H 9H 10H JH QH KH AH", "1 pass", "2 bid 6"]
    assert data["history"][-3:] == ["1 play AH", "trick 1 1", "1 play KH"]
    return data


@pytest.mark.parametrize(
    ("index", "line", "why"),
    [
        (3, "3 dance", "unknown action 'dance'"),
        (3, "dance 3", "unknown entry 'dance'"),
        (3, "", "an empty entry"),
        (5, "won 2", "'won' needs 2 more words"),
        (5, "won 2 6 7", "unexpected '7'"),
        (1, "1 play ZZ", "'ZZ' is not a card"),
        (0, "dealt 1 0 2C 7H 8H 9H 10H JH QH KH 2X", "'2X' is not a card"),
        (0, "dealt 1 7 2C 7H 8H 9H 10H JH QH KH AH", "a whole number from 0 to 3, not '7'"),
        (0, "dealt 1 0 2C 7H 8H 9H 10H JH QH KH", "a seat is dealt 9 different cards"),
        (1, "2 pass", "it is seat 1's turn, not seat 2's"),  # out of turn
        (1, "1 play AH", "this is not the play phase (the game is in bidding phase)"),
        (2, "2 bid 99", "seat 2 may not bid 99 here"),
        (5, "won 3 6", "the auction is not won so"),
        (-2, "trick 1 2", "trick 1 is won by seat 1"),
        (-2, "scored 1", "the hand is not over"),
        (-1, "2 play KH", "it is seat 1's turn, not seat 2's"),  # out of turn
        (-1, "1 play 2H", "2H was played already"),
        (-1, "1 play 2C", "2C is not a trump"),
    ],
)
def test_refuses_a_malformed_history_line(index, line, why):
    """A history line that is not an entry in notation, or an entry that cannot come next, is
    refused at its own place in ``$.history``."""
    data = playing_doc()
    data["history"][index] = line
    refused(data, f"$.history[{index % len(data['history'])}]", why)


def test_refuses_a_history_that_does_not_begin_with_the_deal():
    data = playing_doc()
    del data["history"][0]
    refused(data, "$.history[0]", "1 pass comes before the hand is dealt")


@pytest.mark.parametrize("at", [1, 3, 34])
def test_refuses_a_second_deal_of_the_hand_in_play(at):
    """A second deal of the hand being played cannot come next: it is refused at its line (else
    the entries before it would be dropped, and the view read back would not be the document's)."""
    data = playing_doc()
    data["history"].insert(at, data["history"][0])
    refused(data, f"$.history[{at}]")


def test_refuses_a_history_that_stops_before_the_next_decision():
    """The hand's history stops where the next decision is to be made, not in the middle of what
    the engine does on its own (here: between the naming of trump and the last dead cards)."""
    data = doc(see(scenario()[5], 0))
    assert data["history"][-2:] == ["dead 3 QC KC AC 2D 4D 5D 6D 7D", "dead 0 8D 9D 10D QD KD AD 2S 3S"]
    data["history"].pop()
    refused(data, "$", "the history stops before the next decision")


# --- refusals: consistency with the history ----------------------------------------------------


def test_refuses_to_act_that_does_not_fit_the_phase():
    gives({**doc(see(scenario()[0], 0)), "to_act": None}, "$.to_act", 1, None)
    gives({**doc(see(scenario()[0], 0)), "to_act": 2}, "$.to_act", 1, 2)
    over = find(lambda v: v.phase is Phase.GAME_OVER)
    gives({**doc(over), "to_act": 1}, "$.to_act", None, 1)
    gives({**doc(see(scenario()[PLAYING], 3)), "phase": "look"}, "$.phase", "'play'", "'look'")


def test_refuses_an_outcome_that_does_not_fit():
    over = doc(find(lambda v: v.phase is Phase.GAME_OVER))
    real = f"'scores': {over['outcome']['scores']}"
    error = refused({**over, "outcome": None}, "$.outcome", "the history gives {")
    assert real in error.why and error.why.endswith("not None")
    refused(
        {**doc(see(scenario()[0], 0)), "outcome": over["outcome"]},
        "$.outcome",
        "the history gives None, not {",
    )
    data = copy.deepcopy(over)
    data["outcome"]["scores"] = [over["scores"][0] + 1, over["scores"][1]]
    error = refused(data, "$.outcome", "the history gives {")
    assert real in error.why and f"'scores': {data['outcome']['scores']}" in error.why
    data = copy.deepcopy(over)
    data["outcome"]["winner"] = 1 - over["outcome"]["winner"]
    refused(data, "$.outcome", "the history gives {")


@functools.cache
def scored_between_hands():
    """A state of a game dealt by the test that waits for the next deal after a hand was scored:
    its views' history ends with the hand's score."""
    for state in random_game(PRESETS[0], 0, None, 1):
        if state.phase is Phase.DEAL and state.results and isinstance(state.history[-1].item, HandScored):
            return state
    raise AssertionError("no hand was scored")  # pragma: no cover


def test_refuses_scores_and_a_last_result_that_the_history_does_not_give():
    """Scores out of their range for the hand number are refused at ``$.scores``; at the end of a
    hand, a last result (or scores) that is not what the hand scores is refused at
    ``$.last_result``."""
    v = find(lambda v: v.last_result and v.phase is Phase.BIDDING)
    data = doc(v)
    data["scores"][1] = data["last_result"]["scores"][1] = 1000
    assert v.hand_number > 1
    error = refused(data, "$.scores[1]")
    low, high = MIN_SCORE - 13 * v.hand_number, v.rules.target + 13
    assert error.why == f"a score after hand {v.hand_number} is from {low} to {high}, not 1000"
    # The bounds are scores a game can have: the lowest by this hand of a game started at the
    # lowest score new_game takes, the highest once it is over.
    data["scores"][1] = data["last_result"]["scores"][1] = low
    assert SeatView.from_dict(data).scores[1] == low
    over = find(lambda v: v.outcome is not None and v.last_result is not None)
    winner, change = over.outcome.winner, over.last_result.score_change[over.outcome.winner]
    assert 0 < change < 13
    for score, began in [(over.rules.target + change, None), (over.rules.target + 13, 54 + 13 - change)]:
        won = doc(over)
        won["scores"][winner] = won["last_result"]["scores"][winner] = won["outcome"]["scores"][winner] = (
            score
        )
        if began is None:  # the last hand began at the target, which it has not passed (R-END-1)
            assert SeatView.from_dict(won).scores[winner] == score
        else:
            refused(won, f"$.scores[{winner}]", f"the hand scored began with a score of {began},")
    data["scores"][1] = data["last_result"]["scores"][1] = low - 1
    refused(data, "$.scores[1]", f"is from {low} to {high}, not {low - 1}")
    data["scores"][1] = data["last_result"]["scores"][1] = high + 1
    refused(data, "$.scores[1]", f"is from {low} to {high}, not {high + 1}")
    for viewer in VIEWERS:
        v = see(scored_between_hands(), viewer)
        assert v.history[-1] == SeenEntry(None, HandScored(v.last_result))
        round_trips(v)
        data = doc(v)
        data["last_result"]["scores"][0] += 1
        refused(data, "$.last_result", "the history gives {")
        data = doc(v)
        data["last_result"]["made"] = not data["last_result"]["made"]
        refused(data, "$.last_result", "the history gives {")
        data = doc(v)
        data["scores"][0] += 1
        refused(data, "$.last_result", "the history gives {")


@pytest.mark.parametrize("spaced", ["scored\t{}", " scored {}", "scored  {}\r\n"])
def test_a_hand_scored_in_the_history_is_read_whatever_whitespace_separates_its_words(spaced):
    """The notation's words are separated by any of space, tab and line ends, as in every entry:
    the entry that scores a hand is recognised so too, and its scores are not counted twice."""
    v = see(scored_between_hands(), 0)
    data = doc(v)
    entry = data["history"][-1]
    assert entry.split() == ["scored", str(v.last_result.hand_number)]
    data["history"][-1] = spaced.format(entry.split()[1])
    assert SeatView.from_dict(data) == v


def _bidding_after_a_set(rules, seed):
    """A state at the first bid of hand 6 or later of a seeded game, the hand before it scored
    and its bidder set."""
    state = new_game(rules, dealer=0, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        number = state.hand_number
        state = apply(state, chooser.choice(legal_actions(state)))
        if state.hand_number != number and state.hand_number >= 6 and state.phase is Phase.BIDDING:
            last = view(state, 0).last_result
            if last is not None and not last.made and last.hand_number == state.hand_number - 1:
                return state
    raise AssertionError("no set hand before an auction")  # pragma: no cover


def test_r_end_1_a_last_result_of_a_hand_begun_past_the_target_is_refused():
    """R-END-1: a game is over once a team is past the target, so no hand begins there. A last
    result whose scores less its change are past the target comes from no game, though a set
    brought them back under it; so does a hand scored in the history that began there."""
    state = _bidding_after_a_set(Rules(), 3)
    last = view(state, 0).last_result
    team = last.bidder & 1
    data = doc(view(state, 0))
    data["scores"][team] = data["last_result"]["scores"][team] = 58 + last.score_change[team]
    assert data["scores"][team] <= 54  # in range, and a score the game goes on at
    refused(
        data, f"$.last_result.scores[{team}]", f"hand {last.hand_number} began with a score of 58, which had"
    )
    data["scores"][team] = data["last_result"]["scores"][team] = 54 + last.score_change[team]
    assert SeatView.from_dict(data).last_result.scores[team] == 54 + last.score_change[team]
    for viewer in VIEWERS:
        v = see(scored_between_hands(), viewer)
        change = v.last_result.score_change
        data = doc(v)
        data["scores"] = data["last_result"]["scores"] = [55 + change[0], change[1]]
        assert 55 + change[0] <= 54
        refused(data, "$.scores[0]", "the hand scored began with a score of 55, which had won a game to 54")


def test_r_bid_2_r_fill_2_a_last_result_skips_hands_only_under_rules_that_throw_hands_in():
    """R-BID-2, R-FILL-2: without ``all_pass=redeal`` or ``short_stock=redeal`` every hand is
    scored, so the last result in a hand's auction is the hand before's; under either rule the
    hands between may have been thrown in."""
    for rules, seed in [(Rules(), 3), (Rules(all_pass="redeal"), 5), (Rules(short_stock="redeal"), 5)]:
        state = _bidding_after_a_set(rules, seed)
        number = state.hand_number
        data = doc(view(state, 1))
        data["last_result"]["hand_number"] = number - 5  # dealt by the same seat as hand number - 1
        if rules == Rules():
            refused(data, "$.last_result.hand_number", f"hand {number - 1}, not {number - 5}")
        else:
            assert SeatView.from_dict(data).last_result.hand_number == number - 5
        data["last_result"]["hand_number"] = number
        refused(data, "$.last_result.hand_number", f"comes before hand {number}")


def test_scores_of_a_game_in_which_no_hand_is_scored_are_new_games():
    """A view with no hand scored shows the scores the game started at, which :func:`new_game`
    takes from ``MIN_SCORE``; once a hand is scored they may fall lower."""
    v = see(new_game(seed=1), 0)
    data = doc(v)
    data["scores"] = [MIN_SCORE, 0]
    assert SeatView.from_dict(data).scores == (MIN_SCORE, 0)
    data["scores"] = [MIN_SCORE - 1, 0]
    refused(data, "$.scores[0]", f"is from {MIN_SCORE} to ")


@pytest.mark.parametrize("target_rule", ["greater_than", "at_least"])
def test_refuses_a_score_past_the_target_in_a_game_that_goes_on(target_rule):
    """R-END-1: a team past the target after a hand has won; a view of a game that goes on never
    shows such a score (one that only reaches the target goes on under ``greater_than``)."""
    v = find(lambda v: v.last_result and v.phase is Phase.BIDDING)
    data = doc(v)
    target = v.rules.target
    data["rules"]["target_rule"] = target_rule
    data["scores"][0] = data["last_result"]["scores"][0] = target
    if target_rule == "greater_than":
        assert SeatView.from_dict(data).scores[0] == target
    else:
        error = refused(data, "$.scores[0]")
        assert error.why == f"a score of {target} has won a game to {target}, which goes on"
    data["scores"][0] = data["last_result"]["scores"][0] = target + 1
    refused(data, "$.scores[0]", f"a score of {target + 1} has won a game to {target}, which goes on")


def scores_off_the_last_result():
    data = doc(find(lambda v: v.last_result and v.phase is Phase.PLAY))
    data["scores"][0] += 1
    return data


def a_last_result_of_a_later_hand():
    data = doc(find(lambda v: v.last_result and v.phase is Phase.PLAY))
    data["last_result"]["hand_number"] = data["hand_number"] + 1
    return data


def a_last_result_of_the_hand_in_play():
    data = doc(find(lambda v: v.last_result and v.phase is Phase.PLAY))
    data["last_result"]["hand_number"] = data["hand_number"]
    return data


def a_ply_below_zero():
    return {**doc(see(scenario()[PLAYING], 1)), "ply": -5}


def a_ply_below_the_actions_of_the_history():
    return {**doc(see(scenario()[PLAYING], 1)), "ply": 3}  # the history holds 21 actions


@pytest.mark.parametrize(
    ("make", "where"),
    [
        (scores_off_the_last_result, "$.scores"),
        (a_last_result_of_a_later_hand, "$.last_result.hand_number"),
        (a_last_result_of_the_hand_in_play, "$.last_result.hand_number"),
    ],
)
def test_refuses_scores_or_a_last_result_that_no_game_gives(make, where):
    """A view no game can show: scores that are not the last result's, a last result of a hand not
    yet played. (Before any result, the scores are the game's start, which may be any:
    ``new_game(scores=...)``.)"""
    refused(make(), where)


def a_hand_past_10000_at_too_few_plies():
    """The hand in play numbered 10,000 more (the same dealer) at its own actions' plies: a game
    begins at hand 10,000 at the latest, and plays at least four plies a hand from there."""
    data = doc(see(scenario()[PLAYING], 1))
    data["hand_number"] += 10_000
    head, number, rest = data["history"][0].split(" ", 2)
    data["history"][0] = f"{head} {int(number) + 10_000} {rest}"
    return data


@pytest.mark.parametrize(
    "make", [a_ply_below_zero, a_ply_below_the_actions_of_the_history, a_hand_past_10000_at_too_few_plies]
)
def test_refuses_a_ply_that_no_game_gives(make):
    """A move counter below zero, below the number of actions in the hand's history, or below the
    fewest plies of the hands a game played since it began."""
    refused(make(), "$.ply")


def test_a_hand_past_10000_is_read_at_the_plies_of_a_game_begun_at_10000():
    data = a_hand_past_10000_at_too_few_plies()
    hands_before = data["hand_number"] - 10_000
    actions = sum(entry.split()[0] in ("0", "1", "2", "3") for entry in data["history"])
    data["ply"] = actions + 4 * hands_before - 1
    refused(data, "$.ply", f"at a ply from {data['ply'] + 1} to ")
    data["ply"] += 1
    assert SeatView.from_dict(data).hand_number == 10_000 + hands_before


def test_refuses_a_card_in_two_places():
    """A card put in a second place is refused at the field that the history gives otherwise."""
    v = doc(see(scenario()[PICKUP], 2))
    assert v["middle"] and v["takeable"] == ["10H"] and v["hand"] == ["3H"]
    data = copy.deepcopy(v)
    data["hand"][0] = data["middle"][0]
    gives(data, "$.hand", "['3H']", f"['{v['middle'][0]}']")
    data = copy.deepcopy(v)
    data["unseen"][5] = data["hand"][0]
    error = refused(data, "$.unseen", "the history gives ['")
    assert f"not {v['unseen'][:5]!r}"[:-1] in error.why
    play = doc(see(scenario()[PLAYING], 3))
    assert play["trick"] == [[1, "KH"]] and play["tricks"]
    data = copy.deepcopy(play)
    data["trick"][0][1] = data["tricks"][0]["plays"][1][1]
    gives(data, "$.trick", "[[1, 'KH']]", "[[1, '2H']]")
    data = copy.deepcopy(play)
    assert play["dead_face_up"] == ["4H", "BJ"]
    data["dead_face_up"][0] = data["hand"][0]
    gives(data, "$.dead_face_up", "['4H', 'BJ']", f"['{play['hand'][0]}', 'BJ']")
    look = doc(see(scenario()[LOOKING], 2))
    assert look["turned_card"] == "3D"
    hand = list(look["hand"])
    look["hand"][0] = "3D"
    gives(look, "$.hand", repr(hand), repr(look["hand"]))


def test_refuses_takeable_cards_not_in_the_middle():
    data = doc(see(scenario()[PICKUP], 2))
    data["takeable"] = ["AS"]
    gives(data, "$.takeable", "['10H']", "['AS']")
    data["takeable"] = ["10H", "9H"]  # in the middle, but 9H is not a point card (R-PICK-1)
    gives(data, "$.takeable", "['10H']", "['10H', '9H']")


def test_refuses_a_hand_that_is_not_the_seats_hand_size():
    data = doc(see(scenario()[PLAYING], 1))
    hand = list(data["hand"])
    data["hand"].pop()
    gives(data, "$.hand", repr(hand), repr(hand[:-1]))
    data = doc(see(scenario()[PLAYING], None))
    data["hand"] = [data["unseen"].pop()]
    gives(data, "$.hand", "[]", repr(data["hand"]))
    data = doc(see(scenario()[LOOKING], None))
    data["dead_known"] = [data["unseen"].pop()]
    gives(data, "$.dead_known", "[]", repr(data["dead_known"]))


def test_refuses_a_turned_card_shown_to_another_seat():
    data = doc(see(scenario()[LOOKING], 1))
    assert data["card_turned_up"] and data["turned_card"] is None
    data["turned_card"] = data["unseen"].pop()
    gives(data, "$.turned_card", None, repr(data["turned_card"]))
    data = doc(see(scenario()[LOOKING], 2))
    data["turned_card"] = "3C"  # the seat turned up 3D
    gives(data, "$.turned_card", "'3D'", "'3C'")


def test_refuses_legal_actions_of_a_seat_not_to_act():
    data = doc(see(scenario()[0], 2))
    assert data["to_act"] == 1 and data["legal_actions"] == []
    data["legal_actions"] = ["pass"]
    refused(data, "$.legal_actions", "the history gives [], not [")
    data = doc(see(scenario()[0], None))
    data["legal_actions"] = ["pass"]
    refused(data, "$.legal_actions", "the history gives [], not [")
    data = doc(see(scenario()[0], 1))
    assert data["legal_actions"][:2] == ["pass", "bid 4"]
    del data["legal_actions"][1]
    refused(data, "$.legal_actions", "the history gives [")


@pytest.mark.parametrize(
    ("name", "change"),
    [("stock_size", 1), ("dead_face_down", 2), ("hand_sizes", [0, 0, 0, 1])],
)
def test_refuses_cards_that_do_not_add_up_to_54(name, change):
    data = doc(see(scenario()[LOOKING], 0))
    real = data[name]
    if isinstance(change, list):
        data[name] = [a + b for a, b in zip(data[name], change, strict=True)]
    else:
        data[name] += change
    gives(data, f"$.{name}", real, data[name])


def test_refuses_cards_before_the_deal():
    v = see(new_game(Rules(), dealer=0), 0)
    assert v.phase is Phase.DEAL and v.history == ()
    round_trips(v)
    gives({**doc(v), "stock_size": 18}, "$.stock_size", 0, 18)
    gives({**doc(v), "hand_sizes": [9, 9, 9, 9]}, "$.hand_sizes", [0, 0, 0, 0], [9, 9, 9, 9])
    gives({**doc(v), "hand": ["AH"]}, "$.hand", [], ["AH"])


def test_refuses_a_hand_number_or_dealer_that_the_deal_does_not_give():
    data = doc(see(scenario()[PLAYING], 1))
    refused({**data, "dealer": 1}, "$.dealer", "hand 1 of a game first dealt by seat 0 is dealt by seat 0")
    error = refused({**data, "first_dealer": 1}, "$.dealer")
    assert error.why == "hand 1 of a game first dealt by seat 1 is dealt by seat 1"
    gives({**data, "hand_number": 5}, "$.hand_number", 1, 5)  # dealt by seat 0 too
    gives({**data, "first_dealer": 3, "dealer": 3}, "$.dealer", 0, 3)


# --- hostile documents -----------------------------------------------------------------------------


def assert_short_refusal(read, document):
    """``read(document)`` raises a DocumentError, and nothing else, with a short message, quickly."""
    start = time.perf_counter()
    with pytest.raises(DocumentError) as info:
        read(document)
    assert time.perf_counter() - start < 1
    assert len(str(info.value)) < 300, str(info.value)[:500]
    return info.value


def test_a_hostile_view_is_refused_with_a_short_message():
    """A huge string in a history line (or anywhere), 10^5 history entries, a 5,000-digit number:
    each is a DocumentError with a message under 300 characters."""
    data = playing_doc()
    for index in (0, 3, -1):
        hostile = copy.deepcopy(data)
        hostile["history"][index] = "1 play " + "9" * 1_000_000
        error = assert_short_refusal(SeatView.from_dict, hostile)
        assert error.where == f"$.history[{index % len(data['history'])}]"
        assert_short_refusal(SeatView.from_json, json.dumps(hostile))  # over the size limit
    for name in ("format", "phase", "trump", "history"):
        assert_short_refusal(SeatView.from_dict, {**data, name: "x" * 1_000_000})
    hostile = copy.deepcopy(data)
    hostile["hand"][0] = "A" * 1_000_000
    assert assert_short_refusal(SeatView.from_dict, hostile).where == "$.hand[0]"
    hostile = {**data, "history": data["history"] * 3000}  # 10^5 entries
    assert len(hostile["history"]) > 10**5
    assert assert_short_refusal(SeatView.from_dict, hostile).where == "$.history"
    hostile = {**data, "history": ["x"] * 10**5}  # within the size limit as JSON
    text = json.dumps(hostile)
    assert len(text) < MAX_SIZE
    assert assert_short_refusal(SeatView.from_json, text).where == "$.history"
    text = see(scenario()[PLAYING], 1).to_json()
    numbers = list(re.finditer(r"(?<=[:\[,])-?\d+(?=[,\]}])", text))
    assert len(numbers) > 30
    for match in numbers:
        hostile = text[: match.start()] + "9" * 5000 + text[match.end() :]
        error = assert_short_refusal(SeatView.from_json, hostile)
        assert error.where == "$" and "5000 characters" in error.why


def int_places(node, out):
    """Every (container, key) in ``node`` that holds a whole number (not a boolean)."""
    pairs = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in pairs:
        if isinstance(value, int) and not isinstance(value, bool):
            out.append((node, key))
        else:
            int_places(value, out)
    return out


def test_a_5000_digit_number_anywhere_in_a_views_data_is_a_document_error():
    """SeatView.from_dict (plain data, which has no JSON number limit) refuses a 5,000-digit number
    in any place that holds a number, with a DocumentError and a short message."""
    data = doc(find(lambda v: v.last_result and v.places and v.tricks and v.trick, 1))
    places = int_places(data, [])
    assert len(places) > 40
    for parent, key in places:
        value = parent[key]
        parent[key] = 10**5000
        try:
            assert_short_refusal(SeatView.from_dict, data)
        finally:
            parent[key] = value


# --- JSON text ---------------------------------------------------------------------------------------


def test_from_json_refuses_json_pitch13_never_writes():
    text = see(scenario()[0], 0).to_json()
    for bad in (
        text[:-1],
        text.replace('"hand_number":1', '"hand_number":1.0'),
        text.replace('"hand_number":1', '"hand_number":1,"hand_number":1'),
        text.replace('"hand_number":1', '"hand_number":NaN'),
    ):
        with pytest.raises(DocumentError) as info:
            SeatView.from_json(bad)
        assert info.value.where == "$"
    with pytest.raises(DocumentError, match="not UTF-8"):
        SeatView.from_json(b"\xff" + text.encode())
    with pytest.raises(TypeError):
        SeatView.from_json(json.loads(text))


def test_huge_and_deeply_nested_documents_are_refused_quickly():
    start = time.perf_counter()
    for bad in ("[" * 100_000, '{"a":' * 100_000, " " * (MAX_SIZE + 1), b"[" * (MAX_SIZE + 1)):
        with pytest.raises(DocumentError) as info:
            SeatView.from_json(bad)
        assert info.value.where == "$"
    text = see(scenario()[0], 0).to_json()
    with pytest.raises(DocumentError, match="limit is 1000"):
        SeatView.from_json(text, max_size=1000)
    assert time.perf_counter() - start < 2


# --- fuzzing -------------------------------------------------------------------------------------


@functools.cache
def fuzz_bases():
    """Documents of a few real views: several phases, seats and the spectator; one after a hand
    was scored, one at the end of a game."""
    states = scenario()
    over = find(lambda v: v.phase is Phase.GAME_OVER, 1)
    picks = ((0, 0), (PICKUP, 2), (LOOKING, 2), (LOOKING, None), (PLAYING, 3))
    return (
        *(see(states[i], viewer).to_json() for i, viewer in picks),
        see(scored_between_hands(), 0).to_json(),
        over.to_json(),
    )


#: Words of the notation of history entries and actions, to put in a line.
WORDS = ("0", "1", "3", "9", "99", "-1", "pass", "bid", "play", "take", "turn", "up", "give", "for")
WORDS += ("reject", "rejected", "stop", "trump", "H", "dealt", "refill", "won", "dead", "stock")
WORDS += ("unseen", "out", "trick", "early", "scored", "over", "thrown", "all_passed", "target")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.text(max_size=6)
    | st.sampled_from(
        [
            "AH",
            "10S",
            "BJ",
            "AH ",
            "♥",
            "H",
            "deal",
            "Trick",
            "PointCard",
            "HandResult",
            "Outcome",
            "PlaceInfo",
            "Rules",
        ]
    )
    | st.sampled_from(
        ["1 pass", "2 bid 5", "3 play AH", "dealt 1 0", "trick 1 2", "scored 1", "over 0 target"]
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def walk(data, node):
    """A node below the root ``node``, drawn at random, with its parent and key (None, None: the root itself)."""
    parent, key = None, None
    while isinstance(node, (dict, list)) and node and (parent is None or data.draw(st.integers(0, 5)) > 0):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, data.draw(st.sampled_from(keys))
        node = node[key]
    return parent, key, node


def card_places(node, out):
    """Every (container, key) in ``node`` that holds a card in notation, or a line in notation
    that names a card (a history entry, an action)."""
    pairs = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in pairs:
        if isinstance(value, str) and CARD_TEXTS.intersection(value.split()):
            out.append((node, key))
        else:
            card_places(value, out)
    return out


def mutate_card(data, text):
    """``text`` with one of its cards changed (a card, or any short text)."""
    words = text.split()
    at = data.draw(st.sampled_from([i for i, w in enumerate(words) if w in CARD_TEXTS]))
    words[at] = data.draw(st.sampled_from(sorted(CARD_TEXTS)) | st.text(max_size=4))
    return " ".join(words) if len(words) > 1 else words[0]


def mutate_line(data, lines):
    """Change a list of history lines in place: delete, repeat or swap lines, or change a word."""
    op = data.draw(st.sampled_from(["delete", "repeat", "swap", "word"]))
    i = data.draw(st.integers(0, len(lines) - 1))
    if op == "delete":
        del lines[i]
    elif op == "repeat":
        lines.insert(data.draw(st.integers(0, len(lines))), lines[i])
    elif op == "swap":
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif isinstance(lines[i], str):
        words = lines[i].split() or [""]
        at = data.draw(st.integers(0, len(words)))
        word = data.draw(st.sampled_from(WORDS))
        if at < len(words) and data.draw(st.booleans()):
            words[at] = word
        else:
            words.insert(at, word)
        lines[i] = " ".join(words)


def mutate(data, tree):
    """Change ``tree`` in place once: delete a key, add one, replace a value, duplicate or change a
    card, or change the history's lines."""
    op = data.draw(st.sampled_from(["delete", "add", "replace", "duplicate", "card", "line", "line"]))
    if op == "line":
        if isinstance(tree, dict) and isinstance(tree.get("history"), list) and tree["history"]:
            mutate_line(data, tree["history"])
        return tree
    if op in ("duplicate", "card"):
        places = card_places(tree, [])
        if places:
            parent, key = data.draw(st.sampled_from(places))
            if op == "duplicate":
                source, source_key = data.draw(st.sampled_from(places))
                parent[key] = source[source_key]
            else:
                parent[key] = mutate_card(data, parent[key])
        return tree
    parent, key, node = walk(data, tree)
    if op == "add" and isinstance(node, dict):
        node[data.draw(st.text(max_size=8))] = data.draw(json_values)
    elif op == "delete" and isinstance(node, (dict, list)) and node:
        del node[data.draw(st.sampled_from(list(node) if isinstance(node, dict) else range(len(node))))]
    elif parent is None:
        return data.draw(json_values)
    else:
        parent[key] = data.draw(json_values)
    return tree


@examples(150, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_documents_give_a_view_or_a_document_error(data):
    """Real view documents, changed at random (keys deleted or added, values replaced by other
    JSON values, cards duplicated or changed, history lines deleted, repeated, swapped or given
    other words, the text truncated or garbled, or random bytes),
    are either read as a SeatView or refused with a DocumentError: nothing else comes out."""
    text = data.draw(st.sampled_from(fuzz_bases()))
    how = data.draw(st.sampled_from(["tree", "tree", "tree", "truncate", "garble", "bytes"]))
    if how == "tree":
        tree = json.loads(text)
        for _ in range(data.draw(st.integers(1, 3))):
            tree = mutate(data, tree)
        document = json.dumps(tree) if data.draw(st.booleans()) else tree
    elif how == "truncate":
        document = text[: data.draw(st.integers(0, len(text)))]
    elif how == "garble":
        at = data.draw(st.integers(0, len(text) - 1))
        document = text[:at] + data.draw(st.text(min_size=1, max_size=3)) + text[at + 1 :]
    else:
        document = data.draw(st.binary(max_size=200))
    read = SeatView.from_json if isinstance(document, (str, bytes)) else SeatView.from_dict
    try:
        got = read(document)
    except DocumentError as error:
        got = error
    if isinstance(got, DocumentError):
        assert got.where.startswith("$") and got.why
        event(f"refused at {got.where.split('[')[0].split('.')[1] if '.' in got.where else '$'}")
    else:
        assert isinstance(got, SeatView)
        assert SeatView.from_json(got.to_json()) == got
        event("read")


def test_a_view_of_any_hand_a_game_reaches_reads_back():
    """Plies are read up to 10**12, beyond any game played (an auction of four passes, redealt,
    takes a few microseconds), and hand numbers as far as a game begun at hand 10,000 gets in
    as many plies, four a hand: every view the engine gives reads back."""
    data = view(new_game(seed=3, hand_number=10_000), 0).to_dict()
    cards = data["history"][0].split(" ", 3)[3]
    last = 10_000 + 10**12 // 4
    for hand, why in (
        (last, None),
        (last + 1, "the history shown is at a ply from "),
        (10**12 + 1, "from 1 to 1000000000000"),
    ):
        dealer = (data["first_dealer"] + hand - 1) & 3
        data.update(hand_number=hand, dealer=dealer, ply=10**12, to_act=(dealer + 1) & 3)
        data["history"] = [f"dealt {hand} {dealer} {cards}"]
        if why is None:
            assert SeatView.from_dict(data).hand_number == hand
        else:
            with pytest.raises(DocumentError, match=why):
                SeatView.from_dict(data)


def test_a_refill_that_names_some_of_its_cards_is_refused_where_it_is():
    """``refill 1 4 AS``: four cards, one named. It was refused with a plain ValueError from the
    entry's own check, which the readers' callers (and the conformance checker) do not expect."""
    rng = random.Random(5)
    state = new_game(seed=5)
    while not any(str(e).startswith("refill") for e in view(state, 0).history):
        state = apply(state, rng.choice(legal_actions(state)))
    data = view(state, 0).to_dict()
    at = next(i for i, line in enumerate(data["history"]) if line.startswith("refill"))
    seat, count = data["history"][at].split()[1:3]
    data["history"][at] = f"refill {seat} {count} AS" if count != "1" else f"refill {seat} 1 AS KS"
    with pytest.raises(DocumentError, match=re.escape(f"$.history[{at}]: ")):
        SeatView.from_dict(data)


def test_a_trick_won_by_a_seat_that_did_not_play_is_refused_by_the_trick_s_own_check():
    rng = random.Random(7)
    state = new_game(seed=7)
    while not view(state, 0).tricks:
        state = apply(state, rng.choice(legal_actions(state)))
    data = view(state, 0).to_dict()
    trick = data["tricks"][0]
    played = {seat for seat, _ in trick["plays"]}
    trick["winner"] = next(seat for seat in range(4) if seat not in played) if len(played) < 4 else None
    if trick["winner"] is None:  # every seat played: make the trick one of three plays
        trick["plays"] = trick["plays"][:3]
        trick["winner"] = next(seat for seat in range(4) if seat not in {s for s, _ in trick["plays"]})
    with pytest.raises(
        DocumentError, match=r"\$\.tricks\[0\]: not a valid Trick: Trick\.winner is a seat that played"
    ):
        SeatView.from_dict(data)
