"""Reading seat views back from their documents: SeatView.from_dict and SeatView.from_json.

A view read back is equal to the view written, and a document that is malformed, of another
format, or inconsistent is refused with a :class:`~pitch13.documents.DocumentError` that says
where; nothing else ever comes out of the loaders, whatever the input.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import time
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from helpers import deal, see, states_through
from pitch13 import (
    DECK,
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Phase,
    Play,
    Rules,
    Suit,
    Take,
    apply,
    legal_actions,
    new_game,
    parse_cards,
)
from pitch13.documents import MAX_SIZE, DocumentError
from pitch13.views import _UNRANGED, _VIEW_TYPES, SeatView, _build_object
from profiles import THOROUGH, examples, longer
from strategies import PRESETS, RandomChooser, any_rules, playouts

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


def round_trips(v):
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


def random_game(rules, dealer, seed, choice_seed, max_actions=2000):
    """The states of a game played with random legal choices (dealt by the test when ``seed`` is None)."""
    rng = random.Random(choice_seed)
    chooser = RandomChooser(rng, pass_bias=0.6, raise_bias=0.3, low_bid_bias=0.8)
    states = [new_game(rules, dealer=dealer, seed=seed)]
    while not states[-1].is_over and len(states) <= max_actions:
        state = states[-1]
        action = chooser.deal(state) if state.is_chance else chooser.choose(state, legal_actions(state))
        states.append(apply(state, action))
    return states


@functools.cache
def corpus():
    """States of the arranged hand and of whole random games under several rules."""
    games = [
        random_game(PRESETS[0], 0, None, 1),
        random_game(PRESETS[1], 1, 7, 2),
        random_game(
            Rules(target=20, short_stock="redeal", all_pass="redeal", look_take="any_card"), 2, None, 3
        ),
    ]
    return scenario() + tuple(s for game in games for s in game[::15] + game[-1:])


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


def corpus_viewers(index):
    """Whose views of ``corpus()[index]`` the round trip reads back: every viewer's in the arranged
    hand, and in the random games one viewer's in turn (every viewer's under the thorough
    profile). A view holds the game's history, so the views of a long game cost the most."""
    if THOROUGH or index < len(scenario()):
        return VIEWERS
    return (VIEWERS[index % len(VIEWERS)],)


def test_round_trip_in_every_phase_for_every_viewer():
    """Views of the corpus, of every seat and the spectator (see :func:`corpus_viewers`), read back
    equal from their dict and their JSON (str and bytes); the views read back reach every phase
    and every kind of field."""
    phases = set()
    filled = set()
    for index, state in enumerate(corpus()):
        for viewer in corpus_viewers(index):
            v = see(state, viewer)
            round_trips(v)
            phases.add(v.phase)
            filled |= {
                name
                for name in ("places", "results", "outcome", "tricks", "legal_actions")
                if getattr(v, name)
            }
            filled |= {"turned_card"} if v.turned_card else set()
            filled |= {"takeable"} if v.takeable else set()
            filled |= {type(e.item).__name__ for e in v.history}
    assert phases == set(Phase)
    assert {"places", "results", "outcome", "tricks", "legal_actions", "turned_card", "takeable"} <= filled
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
    assert back.possible_places(parse_cards("KS")[0]) == v.possible_places(parse_cards("KS")[0])


def game_states(playout, max_actions):
    state, chooser = playout.start(), playout.chooser()
    states = [state]
    while not state.is_over and len(states) <= max_actions:
        action = chooser.deal(state) if state.is_chance else chooser.choose(state, legal_actions(state))
        state = apply(state, action)
        states.append(state)
    return states


@examples(6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(playout=playouts(any_rules(max_target=longer(30), low_bids_only=True)), data=st.data())
def test_round_trip_in_random_games(playout, data):
    """For views of random legal playouts under any rules, of every seat and the spectator,
    from_dict(to_dict()) and from_json(to_json()) give the view back."""
    states = game_states(playout, longer(200))
    picks = data.draw(st.lists(st.integers(0, len(states) - 1), min_size=1, max_size=4))
    for i in [*picks, len(states) - 1]:
        for viewer in VIEWERS:
            round_trips(see(states[i], viewer))


def test_every_whole_number_has_a_range():
    """Reading a view builds a reader for each field; each whole number in it has its own range."""
    SeatView.from_json(see(corpus()[-1], 0).to_json())
    assert _UNRANGED == []


# --- refusals: the document ----------------------------------------------------------------------


@pytest.mark.parametrize("data", [None, 5, "view", [], True])
def test_refuses_what_is_not_an_object(data):
    refused(data, "$", "JSON object")


def test_refuses_another_format_or_version():
    data = doc(see(scenario()[0], 0))
    refused({**data, "format": "pitch13.record"}, "$.format", "not a pitch13.view document")
    refused({**data, "version": 2}, "$.version", "newer")
    refused({**data, "version": 0}, "$.version")
    refused({k: v for k, v in data.items() if k != "format"}, "$.format")


def test_refuses_unknown_and_missing_fields():
    data = doc(see(scenario()[0], 0))
    refused({**data, "secret": 1}, "$", "unknown field 'secret'")
    refused({k: v for k, v in data.items() if k != "hand"}, "$", "missing field 'hand'")
    data["history"][0]["item"]["extra"] = []
    refused(data, "$.history[0].item", "unknown field 'extra'")
    data = doc(see(scenario()[0], 0))
    del data["history"][0]["item"]["cards"]
    refused(data, "$.history[0].item", "missing field 'cards'")
    del data["history"][0]["item"]["type"]
    refused(data, "$.history[0].item", "missing field 'type'")


def test_refuses_wrong_types_and_values():
    v = see(scenario()[PLAYING], 1)
    cases = [
        ("seat", 4, "$.seat"),
        ("seat", "1", "$.seat"),
        ("seat", True, "$.seat"),
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
    data["results"] = 3
    refused(data, "$.results", "expected a list")


def test_refuses_bounded_lists_past_their_bound():
    v = see(scenario()[0], 0)
    data = doc(v)
    data["history"] = [data["history"][0]] * 100_001
    refused(data, "$.history", "limit is 100000")
    refused({**doc(v), "hand": [str(c) for c in DECK] + ["AH"]}, "$.hand", "limit is 54")
    data = doc(v)
    data["history"][0]["item"]["cards"] = [str(c) for c in DECK] * 2
    refused(data, "$.history[0].item.cards", "limit is 54")


def history_index(data, type_name):
    return next(i for i, e in enumerate(data["history"]) if e["item"]["type"] == type_name)


def test_refuses_unknown_types_and_types_not_allowed_at_their_place():
    v = find(lambda v: v.results and v.to_act == 0 and v.phase is Phase.BIDDING, 0)
    data = doc(v)
    data["history"][0]["item"]["type"] = "Foo"
    refused(data, "$.history[0].item.type", "unknown type 'Foo'")
    data = doc(v)
    data["history"][0]["item"] = {"type": "HandDealt", "hand_number": 1, "dealer": 0, "deck": []}
    refused(data, "$.history[0].item.type", "unknown type 'HandDealt'")
    data = doc(v)
    data["history"][3]["item"] = data["results"][0]
    refused(data, "$.history[3].item.type", "a HandResult is not allowed here")
    data = doc(v)
    data["history"][3]["item"] = {"type": "TurnUp"}
    refused(data, "$.history[3].item.type", "a TurnUp is not allowed here")
    data = doc(v)
    data["results"][0] = data["history"][0]["item"]
    refused(data, "$.results[0].type", "a DealSeen is not allowed here")
    data = doc(v)
    data["legal_actions"][0] = {"type": "SeatOut", "seat": 0}
    refused(data, "$.legal_actions[0].type", "a SeatOut is not allowed here")
    data = doc(v)
    data["history"][0] = data["history"][0]["item"]
    refused(data, "$.history[0].type", "a DealSeen is not allowed here (expected SeenEntry)")


def test_refuses_numbers_out_of_their_range_in_objects():
    v = find(lambda v: v.results and v.outcome, 3)
    data = doc(v)
    i = history_index(data, "Bid")
    data["history"][i]["item"]["amount"] = 99
    refused(data, f"$.history[{i}].item.amount", "from 1 to 13")
    data = doc(v)
    data["outcome"]["winner"] = 2
    refused(data, "$.outcome.winner", "from 0 to 1")
    data = doc(v)
    data["results"][0]["point_cards"][0]["label"] = "queen"
    refused(data, "$.results[0].point_cards[0].label", "expected one of")
    data = doc(v)
    data["results"][0]["point_cards"][0]["points"] = 7
    refused(data, "$.results[0].point_cards[0].points", "from 1 to 3")


def test_refuses_invalid_rules():
    data = doc(see(scenario()[0], 0))
    refused({**data, "rules": {**data["rules"], "min_bid": 99}}, "$.rules", "min_bid")
    refused({**data, "rules": {**data["rules"], "house": True}}, "$.rules", "unknown field 'house'")
    refused({**data, "rules": {**data["rules"], "type": "Rules"}}, "$.rules", "unknown field 'type'")
    refused({**data, "rules": []}, "$.rules", "expected an object, found a list")
    refused({**data, "rules": []}, "$.rules", "expected an object")


def test_an_objects_own_checks_become_a_document_error():
    """A class's own check refusing the values read is a DocumentError at the object's path."""
    with pytest.raises(DocumentError) as info:
        _build_object(Deal, {"order": ()}, "$.x[1]")
    assert info.value.where == "$.x[1]" and "not a valid Deal" in info.value.why
    assert isinstance(info.value.__cause__, ValueError)


# --- refusals: consistency -------------------------------------------------------------------------


def test_refuses_to_act_that_does_not_fit_the_phase():
    refused({**doc(see(scenario()[0], 0)), "to_act": None}, "$.to_act", "a seat is to act")
    over = find(lambda v: v.phase is Phase.GAME_OVER)
    refused({**doc(over), "to_act": 1}, "$.to_act", "no seat is to act")


def test_refuses_an_outcome_that_does_not_fit():
    over = doc(find(lambda v: v.phase is Phase.GAME_OVER))
    refused({**over, "outcome": None}, "$.outcome")
    refused({**doc(see(scenario()[0], 0)), "outcome": over["outcome"]}, "$.outcome")
    over["outcome"]["scores"] = [over["scores"][0] + 1, over["scores"][1]]
    refused(over, "$.outcome.scores")


def test_refuses_scores_that_are_not_the_hands_scored():
    refused({**doc(see(scenario()[0], 0)), "scores": [3, 0]}, "$.scores", "leave them at [0, 0]")
    v = find(lambda v: v.results and v.phase is Phase.BIDDING)
    data = doc(v)
    data["scores"][1] = data["results"][-1]["scores"][1] = 1000
    refused(data, "$.scores[1]", f"to {v.rules.target + 13}, not 1000")
    data = doc(v)
    data["results"][-1]["hand_number"] = v.hand_number + 1
    refused(data, f"$.results[{len(v.results) - 1}].hand_number")


def test_refuses_a_card_in_two_places():
    v = doc(see(scenario()[PICKUP], 2))
    assert v["middle"] and v["takeable"] == ["10H"]
    data = copy.deepcopy(v)
    data["hand"][0] = data["middle"][0]
    error = refused(data, "$.middle[0]", f"{data['middle'][0]} is in two places")
    assert "hand ($.hand[0]) and middle" in error.why
    data = copy.deepcopy(v)
    data["unseen"][5] = data["hand"][0]
    refused(data, "$.unseen[5]", f"{data['hand'][0]} is in two places: hand ($.hand[0]) and unseen")
    play = doc(see(scenario()[PLAYING], 3))
    assert play["trick"] and play["tricks"]
    data = copy.deepcopy(play)
    data["trick"][0][1] = data["tricks"][0]["plays"][1][1]
    refused(data, "$.tricks[0].plays[1][1]", "trick ($.trick[0][1]) and tricks")
    data = copy.deepcopy(play)
    data["dead_face_up"][0] = data["hand"][0]
    refused(data, "$.dead_face_up[0]", "hand ($.hand[0]) and dead_face_up")
    look = doc(see(scenario()[LOOKING], 2))
    assert look["turned_card"] == "3D"
    look["hand"][0] = "3D"
    refused(look, "$.turned_card", "3D is in two places: hand ($.hand[0]) and turned_card")


def test_refuses_takeable_cards_not_in_the_middle():
    data = doc(see(scenario()[PICKUP], 2))
    data["takeable"] = ["AS"]
    refused(data, "$.takeable[0]", "AS is takeable but not in the middle")


def test_refuses_a_hand_that_is_not_the_seats_hand_size():
    data = doc(see(scenario()[PLAYING], 1))
    data["hand"].pop()
    refused(data, "$.hand", "seat 1 holds 4 cards (hand_sizes), not 3")
    data = doc(see(scenario()[PLAYING], None))
    data["hand"] = [data["unseen"].pop()]
    refused(data, "$.hand", "a spectator's view has no hand")
    data = doc(see(scenario()[LOOKING], None))
    data["dead_known"] = [data["unseen"].pop()]
    refused(data, "$.dead_known", "a spectator's view has no dead_known")


def test_refuses_a_turned_card_shown_to_another_seat():
    data = doc(see(scenario()[LOOKING], 1))
    assert data["card_turned_up"] and data["turned_card"] is None
    data["turned_card"] = data["unseen"].pop()
    refused(data, "$.turned_card", "only to the seat that turned it up")


def test_refuses_legal_actions_of_a_seat_not_to_act():
    data = doc(see(scenario()[0], 2))
    assert data["to_act"] == 1 and data["legal_actions"] == []
    data["legal_actions"] = [{"type": "Pass"}]
    refused(data, "$.legal_actions", "only the seat to act")
    data = doc(see(scenario()[0], None))
    data["legal_actions"] = [{"type": "Pass"}]
    refused(data, "$.legal_actions", "only the seat to act")


@pytest.mark.parametrize(
    ("name", "change"),
    [("stock_size", 1), ("dead_face_down", 2), ("hand_sizes", [0, 0, 0, 1])],
)
def test_refuses_cards_that_do_not_add_up_to_54(name, change):
    data = doc(see(scenario()[LOOKING], 0))
    if isinstance(change, list):
        data[name] = [a + b for a, b in zip(data[name], change, strict=True)]
    else:
        data[name] += change
    refused(data, "$", "add up to 54")


def test_refuses_cards_before_the_deal():
    v = see(new_game(Rules(), dealer=0), 0)
    assert v.phase is Phase.DEAL
    round_trips(v)
    refused({**doc(v), "stock_size": 18}, "$", "add up to 0")


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
    """Documents of a few real views: several phases, seats and the spectator."""
    states = scenario()
    over = find(lambda v: v.phase is Phase.GAME_OVER and len(v.history) < 1500, 1)
    picks = ((0, 0), (PICKUP, 2), (LOOKING, 2), (LOOKING, None), (PLAYING, 3))
    return (*(see(states[i], viewer).to_json() for i, viewer in picks), over.to_json())


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.text(max_size=6)
    | st.sampled_from(["AH", "10S", "BJ", "AH ", "♥", "H", "deal", *_VIEW_TYPES, "Rules"]),
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
    """Every (container, key) in ``node`` that holds a card in notation."""
    pairs = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in pairs:
        if isinstance(value, str) and value in CARD_TEXTS:
            out.append((node, key))
        else:
            card_places(value, out)
    return out


CARD_TEXTS = frozenset(str(c) for c in DECK)


def mutate(data, tree):
    """Change ``tree`` in place once: delete a key, add one, replace a value, duplicate or change a card."""
    op = data.draw(st.sampled_from(["delete", "add", "replace", "duplicate", "card"]))
    if op in ("duplicate", "card"):
        places = card_places(tree, [])
        if places:
            parent, key = data.draw(st.sampled_from(places))
            if op == "duplicate":
                source, source_key = data.draw(st.sampled_from(places))
                parent[key] = source[source_key]
            else:
                parent[key] = data.draw(st.sampled_from(sorted(CARD_TEXTS)) | st.text(max_size=4))
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
    JSON values, cards duplicated or changed, the text truncated or garbled, or random bytes),
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
    else:
        assert isinstance(got, SeatView)
        assert SeatView.from_json(got.to_json()) == got
