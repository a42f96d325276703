"""Game records, replay and state documents: their layout, their API, and what they refuse.

Round-trip properties and fuzzing over random games are in ``test_record_properties.py``;
golden replays in ``test_golden.py``.
"""

from __future__ import annotations

import itertools
import json
import random
import re

import attrs
import pytest

import pitch13
from pitch13 import (
    PASS,
    Bid,
    Card,
    Deal,
    DocumentError,
    GameRecord,
    HandRecord,
    IllegalActionError,
    NameTrump,
    Play,
    Rules,
    Suit,
    analysis,
    apply,
    legal_actions,
    new_game,
    replay,
    shuffled_deck,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from pitch13.bots import SimpleBot, play_game
from pitch13.records._json import V1_DEFAULTS, rules_to_dict
from pitch13.simulate import HandLine, simulate


def random_unseeded(seed: int, steps: int, rules: Rules | None = None) -> list[pitch13.GameState]:
    """Every state of an unseeded game played at random for ``steps`` actions."""
    rng = random.Random(seed)
    state = new_game(rules or Rules(), dealer=seed % 4)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state = apply(state, Deal(shuffled_deck(rng.randrange(10**9))))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


@pytest.fixture(scope="module")
def finished() -> pitch13.GameState:
    return play_game([SimpleBot()] * 4, seed=3)


# --- the record ----------------------------------------------------------------------------------


def test_a_record_holds_rules_first_dealer_seed_decks_and_actions(finished):
    record = GameRecord.from_state(finished)
    assert record.rules == finished.rules
    assert record.first_dealer == finished.first_dealer == 0
    assert record.seed == 3
    assert len(record.hands) == finished.hand_number
    assert [h.deck for h in record.hands] == [shuffled_deck(3, n) for n in range(1, finished.hand_number + 1)]
    actions = [pair for hand in record.hands for pair in hand.actions]
    assert actions == [(s, a) for s, a in finished.actions if s is not None]


def test_replay_gives_every_state_of_a_seeded_game(finished):
    states = replay(GameRecord.from_state(finished))
    assert states[0] == new_game(Rules(), dealer=0, seed=3)
    assert states[-1] == finished
    assert len(states) == 1 + len(finished.actions)
    for before, after in itertools.pairwise(states):
        assert apply(before, after.actions[-1][1], seat=after.actions[-1][0]) == after


def test_replay_of_an_unseeded_game_applies_each_deal_as_an_action():
    states = random_unseeded(5, 400)
    record = GameRecord.from_state(states[-1])
    assert record.seed is None
    assert replay(record) == tuple(states)
    assert sum(isinstance(s.actions[-1][1], Deal) for s in states[1:]) == len(record.hands)


def test_an_unseeded_game_between_hands_records_only_the_dealt_hands():
    states = random_unseeded(2, 400)
    between = next(s for s in states[1:] if s.is_chance)
    record = GameRecord.from_state(between)
    assert len(record.hands) == between.hand_number - 1
    assert replay(record)[-1] == between
    assert GameRecord.from_state(new_game(Rules())).hands == ()


def test_the_json_form_lists_every_option_and_the_actions_in_notation(finished):
    data = GameRecord.from_state(finished).to_dict()
    assert list(data) == ["format", "version", "rules", "first_dealer", "seed", "hands"]
    assert data["format"] == "pitch13.record" and data["version"] == 1
    assert data["rules"] == rules_to_dict(Rules()) and len(data["rules"]) == len(attrs.fields(Rules))
    first = data["hands"][0]
    assert list(first) == ["deck", "actions"]
    assert first["deck"] == [str(c) for c in shuffled_deck(3, 1)]
    assert first["actions"][0] == [1, str(finished.actions[0][1])]
    assert json.loads(GameRecord.from_state(finished).to_json(indent=2)) == data


def test_json_and_text_forms_load_back_equal(finished):
    record = GameRecord.from_state(finished)
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(record.to_json(indent=1).encode()) == record
    assert GameRecord.from_dict(record.to_dict()) == record
    assert GameRecord.from_text(record.to_text()) == record
    assert GameRecord.from_text(record.to_text()).to_text() == record.to_text()


def test_the_constructor_checks_types():
    deck = shuffled_deck(1)
    with pytest.raises(TypeError, match="rules must be a Rules"):
        GameRecord(rules="default", first_dealer=0, seed=None, hands=())
    with pytest.raises(TypeError, match="first_dealer must be an int"):
        GameRecord(rules=Rules(), first_dealer="0", seed=None, hands=())
    with pytest.raises(ValueError, match="first_dealer must be from 0 to 3"):
        GameRecord(rules=Rules(), first_dealer=4, seed=None, hands=())
    with pytest.raises(TypeError, match="seed must be an int or None"):
        GameRecord(rules=Rules(), first_dealer=0, seed=1.5, hands=())
    with pytest.raises(TypeError, match="hands must be HandRecords"):
        GameRecord(rules=Rules(), first_dealer=0, seed=None, hands=[deck])
    with pytest.raises(TypeError, match="hands must be a sequence"):
        GameRecord(rules=Rules(), first_dealer=0, seed=None, hands=5)
    with pytest.raises(ValueError, match="54 cards"):
        HandRecord(deck[:53], ())
    with pytest.raises(TypeError, match="not a seat's action"):
        HandRecord(deck, [(0, Deal(deck))])
    with pytest.raises(ValueError, match="no seat from 0 to 3"):
        HandRecord(deck, [(4, PASS)])
    with pytest.raises(TypeError, match=r"not a \(seat, action\) pair"):
        HandRecord(deck, [PASS])
    with pytest.raises(TypeError, match=r"sequence of \(seat, action\) pairs"):
        HandRecord(deck, "pass")
    for seat in (True, 1.0, None, "1"):
        with pytest.raises(TypeError, match=r"action 0's seat is an int from 0 to 3, not "):
            HandRecord(deck, [(seat, PASS)])
    assert HandRecord(list(deck), [(1, PASS)]) == HandRecord(deck, ((1, PASS),))


def test_replay_names_the_illegal_action_and_keeps_the_cause():
    deck = shuffled_deck(9)
    bad = GameRecord(Rules(), 0, None, (HandRecord(deck, ((1, Bid(4)), (2, Bid(4)))),))
    with pytest.raises(DocumentError) as caught:
        replay(bad)
    assert caught.value.where == "$.hands[0].actions[1]"
    assert "2: bid 4 is illegal here" in caught.value.why
    assert isinstance(caught.value.__cause__, IllegalActionError)
    wrong_seat = GameRecord(Rules(), 0, None, (HandRecord(deck, ((2, PASS),)),))
    with pytest.raises(DocumentError, match=r"\$\.hands\[0\]\.actions\[0\]: 2: pass is illegal"):
        replay(wrong_seat)


def test_replay_refuses_hands_that_overrun_or_stop_short(finished):
    record = GameRecord.from_state(finished)
    first, second = record.hands[0], record.hands[1]
    overrun = attrs.evolve(record, hands=(HandRecord(first.deck, first.actions + second.actions[:1]), second))
    with pytest.raises(DocumentError) as caught:
        replay(overrun)
    assert caught.value.where == f"$.hands[0].actions[{len(first.actions)}]"
    assert caught.value.why.startswith(f"hand 1 is over before {second.actions[0][0]}: ")
    last = record.hands[-1]
    past_the_end = attrs.evolve(
        record, hands=(*record.hands[:-1], HandRecord(last.deck, (*last.actions, (0, PASS))))
    )
    with pytest.raises(DocumentError) as caught:
        replay(past_the_end)
    assert (caught.value.where, caught.value.why) == (
        f"$.hands[{len(record.hands) - 1}].actions[{len(last.actions)}]",
        f"the game ended in hand {finished.hand_number}, before 0: pass",
    )
    short = attrs.evolve(record, hands=(HandRecord(first.deck, first.actions[:-1]), second))
    with pytest.raises(
        DocumentError, match=r"\$\.hands\[0\]: hand 1 stops before its end, but hand 2 follows"
    ):
        replay(short)
    after_end = attrs.evolve(record, hands=(*record.hands, record.hands[-1]))
    with pytest.raises(DocumentError, match=r"the game ended in hand \d+; no hand \d+ follows"):
        replay(after_end)


@pytest.mark.parametrize("seed", [None, 3])
def test_a_game_started_partway_may_not_stop_a_hand_short_either(seed):
    # The check compares a hand's place in the record, not its number, with the hands listed:
    # at hand 5, with 2 hands listed, a number-based check let the first hand stop short.
    state = new_game(seed=seed, hand_number=5, scores=(10, 20))
    rng = random.Random(1)
    moves = 0  # in hand 6
    while state.hand_number < 6 or moves < 2:
        if state.is_chance:
            state = apply(state, Deal(shuffled_deck(1, state.hand_number)))
        else:
            moves += state.hand_number == 6
            state = apply(state, rng.choice(legal_actions(state)))
    record = GameRecord.from_state(state)
    assert record.start_hand == 5 and len(record.hands) == 2
    first, second = record.hands
    short = attrs.evolve(record, hands=(HandRecord(first.deck, first.actions[:5]), second))
    message = r"\$\.hands\[0\]: hand 5 stops before its end, but hand 6 follows"
    with pytest.raises(DocumentError, match=message):
        replay(short)
    with pytest.raises(DocumentError, match=message):
        GameRecord.from_dict(short.to_dict())


def test_a_seeded_record_lists_every_dealt_hand_with_the_seeds_decks(finished):
    record = GameRecord.from_state(finished)
    with pytest.raises(
        DocumentError, match=r"\$\.hands\[0\]\.deck: this is not the deck seed 3 deals for hand 1"
    ):
        replay(attrs.evolve(record, hands=(HandRecord(shuffled_deck(4), record.hands[0].actions),)))
    with pytest.raises(DocumentError, match=r"\$\.hands: seed 3 has dealt hand 1; the record must list it"):
        replay(attrs.evolve(record, hands=()))
    # The first hand over, the seed deals the second at once: the record must say so.
    with pytest.raises(DocumentError, match=r"\$\.hands\[0\]: seed 3 has dealt hand 2"):
        replay(attrs.evolve(record, hands=record.hands[:1]))
    second = HandRecord(record.hands[1].deck, ())
    assert replay(attrs.evolve(record, hands=(record.hands[0], second)))[-1].hand_number == 2


def test_replay_takes_only_records():
    with pytest.raises(TypeError, match=r"replay\(\) takes a GameRecord"):
        replay({"format": "pitch13.record"})
    with pytest.raises(TypeError, match=r"from_state\(\) takes a GameState"):
        GameRecord.from_state(None)


# --- the text form -------------------------------------------------------------------------------


def arranged_text() -> str:
    deck = " ".join(str(c) for c in shuffled_deck(11))
    return f"""
# a hand-written record, as in a bug report
[Format "pitch13.record"]
[Version "1"]
[Rules "default min_bid=5"]
[FirstDealer "3"]

hand 1
deck {deck}
0: bid 5 ; 1: pass;2:pass   # extra spaces are fine
3:   PASS
0: trump ♥
"""


def test_a_hand_written_text_record_loads():
    record = GameRecord.from_text(arranged_text())
    assert record.rules == Rules(min_bid=5)
    assert record.first_dealer == 3 and record.seed is None
    assert record.hands[0].deck == shuffled_deck(11)
    assert record.hands[0].actions == (
        (0, Bid(5)),
        (1, PASS),
        (2, PASS),
        (3, PASS),
        (0, NameTrump(Suit.HEARTS)),
    )
    state = replay(record)[-1]
    assert state.trump is Suit.HEARTS and state.bidder == 0


def test_the_text_form_has_a_header_then_hands():
    state = replay(GameRecord.from_text(arranged_text()))[-1]
    text = GameRecord.from_state(state).to_text()
    lines = text.splitlines()
    assert lines[:5] == [
        '[Format "pitch13.record"]',
        '[Version "1"]',
        '[Rules "default min_bid=5"]',
        '[FirstDealer "3"]',
        '[Seed "none"]',
    ]
    assert lines[5:10] == [
        "",
        "hand 1",
        "deck " + " ".join(str(c) for c in shuffled_deck(11)),
        "# dealer 3",
        "0: bid 5; 1: pass; 2: pass; 3: pass",
    ]
    assert lines[10] == "0: trump H"


def test_a_seeded_text_record_may_leave_out_its_decks(finished):
    record = GameRecord.from_state(finished)
    text = "\n".join(line for line in record.to_text().splitlines() if not line.startswith("deck "))
    assert GameRecord.from_text(text) == record
    unseeded = text.replace('[Seed "3"]', '[Seed "none"]')
    with pytest.raises(DocumentError, match="line 7, column 1: hand 1 has no 'deck' line"):
        GameRecord.from_text(unseeded)


@pytest.mark.parametrize(
    ("change", "where", "why"),
    [
        (
            ('[Version "1"]', '[Version "2"]'),
            "line 4, column 1",
            "version 2 is newer than this pitch13 reads (1)",
        ),
        (('[Version "1"]', '[Version "0"]'), "line 4, column 1", "has no version 0"),
        (('[Version "1"]', '[Version "one"]'), "line 4, column 1", "the version is a whole number"),
        (('[Format "pitch13.record"]', '[Format "pgn"]'), "line 3, column 1", "expected the format"),
        (('[Version "1"]', "[Version 1]"), "line 4, column 1", 'a tag is written [Name "value"]'),
        (('[Version "1"]', '[Event "x"]'), "line 4, column 1", "unknown tag 'Event'"),
        (('[Version "1"]', '[Format "x"]'), "line 4, column 1", "the tag Format is given twice"),
        (('[Version "1"]\n', ""), "line 1", "missing tag [Version ...]"),
        (('[FirstDealer "3"]', '[FirstDealer "4"]'), "line 6, column 1", "the first dealer is a seat"),
        (
            ('[FirstDealer "3"]', '[Seed "x"]\n[FirstDealer "3"]'),
            "line 6, column 1",
            "the seed is a whole number",
        ),
        (("min_bid=5", "min_bid=50"), "line 5, column 1", "min_bid must be from 1 to max_bid"),
        (("min_bid=5", "min_bid"), "line 5, column 1", "expected a preset or option=value"),
        (
            ("min_bid=5", "min_bid=5 default"),
            "line 5, column 1",
            "'default' is a preset: the rules are one preset, first, then option=value words",
        ),
        (("min_bid=5", "colour=red"), "line 5, column 1", "unknown field 'colour'"),
        (("min_bid=5", "min_bid=4.5"), "line 5, column 1", "min_bid: expected a whole number, found '4.5'"),
        (("min_bid=5", "use_off_three=yes"), "line 5, column 1", "expected true or false, found 'yes'"),
        (("min_bid=5", "use_off_three=1"), "line 5, column 1", "expected true or false, found '1'"),
        (
            ("min_bid=5", "joker_order=7"),
            "line 5, column 1",
            "expected one of 'first_played', 'fixed', found '7'",
        ),
        (("min_bid=5", "target=" + "9" * 30), "line 5, column 1", "has more digits than any option takes"),
        (("min_bid=5", "min_bid=04"), "line 5, column 1", "min_bid: '04' has a leading zero"),
        (("min_bid=5", "target=-0"), "line 5, column 1", "target: '-0' is -0, which is written 0"),
        (("min_bid=5", "target=٥٤"), "line 5, column 1", "target: expected a whole number, found '٥٤'"),
        (("min_bid=5", "min_bid=5 min_bid=4"), "line 5, column 1", "the option 'min_bid' is given twice"),
        (("hand 1", "hand 2"), "line 8, column 1", "expected 'hand 1', found 'hand 2'"),
        (("hand 1\n", ""), "line 8, column 1", "expected a tag or 'hand 1'"),
        (
            ("0: bid 5 ;", "0: bid 5 ; 1 pass;"),
            "line 10, column 12",
            "expected 'seat: action', found '1 pass'",
        ),
        (("0: bid 5 ;", "0: bid 5 ;;"), "line 10, column 11", "an empty action between ';'"),
        (("0: bid 5 ;", "4: bid 5 ;"), "line 10, column 1", "a seat is from 0 to 3, not 4"),
        (("0: bid 5 ;", "12: bid 5 ;"), "line 10, column 1", "a seat is from 0 to 3, not 12"),
        (
            ("0: bid 5 ;", "9" * 5000 + ": bid 5 ;"),
            "line 10, column 1",
            "a seat is from 0 to 3, not 999999999999...",
        ),
        (("0: bid 5 ;", "0: bod 5 ;"), "line 10, column 4", "unknown action 'bod'"),
        (("0: bid 5 ;", "0: play ZZ ;"), "line 10, column 9", "ZZ"),
        (("0: bid 5 ;", "0: deal 2C ;"), "line 10, column 11", "'deal' needs 54 cards"),
        (("0: bid 5 ;", "0: bid 3 ;"), "line 10, column 1", "0: bid 3 is illegal here"),
        (("0: trump ♥", '0: trump ♥\n[Seed "1"]'), "line 13, column 1", "tags go before the first hand"),
        (("0: trump ♥", "0: trump ♥\ndeck 2C"), "line 13, column 1", "a hand's deck comes once"),
    ],
)
def test_bad_text_is_refused_with_its_line_and_column(change, where, why):
    text = arranged_text().replace(*change, 1)
    assert text != arranged_text()
    with pytest.raises(DocumentError) as caught:
        GameRecord.from_text(text)
    assert caught.value.where == where
    assert why in caught.value.why


def test_bad_decks_in_text_say_which_card():
    good = " ".join(str(c) for c in shuffled_deck(11))
    cards = good.split()
    twice = " ".join([*cards[:10], cards[0], *cards[11:]])
    for deck, where, why in [
        (
            twice,
            "line 9, column " + str(6 + len(" ".join(cards[:10])) + 1),
            f"{cards[0]} is in the deck twice",
        ),
        (" ".join(cards[:53]), "line 9, column 5", "a deck is all 54 cards, not 53"),
        (good + " 2C", "line 9, column " + str(6 + len(good) + 1), "is in the deck twice"),
        (good.replace(cards[5], "1X", 1), "line 9, column " + str(6 + len(" ".join(cards[:5])) + 1), "1X"),
    ]:
        with pytest.raises(DocumentError) as caught:
            GameRecord.from_text(arranged_text().replace(good, deck))
        assert (caught.value.where, why in caught.value.why) == (where, True)


def test_a_text_record_has_at_most_10000_hands():
    header = '[Format "pitch13.record"]\n[Version "1"]\n[FirstDealer "0"]\n[Seed "1"]\n'
    text = header + "".join(f"hand {n}\n" for n in range(1, 10_002))
    with pytest.raises(DocumentError) as caught:
        GameRecord.from_text(text)
    assert (caught.value.where, caught.value.why) == (
        "line 10005, column 1",
        "a record has at most 10000 hands",
    )


def test_text_loading_checks_its_argument_and_size():
    with pytest.raises(TypeError, match="a record's text is a str"):
        GameRecord.from_text(b"[Format]")
    with pytest.raises(DocumentError, match="the limit is 100"):
        GameRecord.from_text(arranged_text(), max_size=100)


def _rules_text(rules):
    """The Rules tag of a record of a game under ``rules``."""
    text = GameRecord.from_state(new_game(rules, seed=1)).to_text()
    return re.search(r'^\[Rules "(.*)"\]$', text, re.M).group(1)


def test_the_rules_tag_names_the_nearest_preset_and_the_changes():
    assert _rules_text(Rules()) == "default"
    assert _rules_text(Rules.classic_ten_point()) == "classic_ten_point"
    assert _rules_text(Rules.classic_ten_point().replace(min_bid=2)) == "classic_ten_point min_bid=2"
    assert _rules_text(Rules(partner_look=False, joker_order="fixed")) == (
        "default joker_order=fixed partner_look=false"
    )
    # Two presets as near (the same number of words): the first, default, is named.
    assert _rules_text(Rules(use_off_three=False, target=60)) == "default use_off_three=false target=60"
    # max_bid is written only when it does not follow the points total.
    assert _rules_text(Rules(use_off_three=False)) == "default use_off_three=false"
    assert _rules_text(Rules(use_off_three=False, max_bid=9)) == "default use_off_three=false max_bid=9"
    assert _rules_text(Rules.classic_ten_point().replace(use_off_three=True, max_bid=10)) == (
        "classic_ten_point use_off_three=true max_bid=10"
    )


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules.classic_ten_point(),
        Rules(max_bid=9),
        Rules(use_off_three=False, max_bid=8, target=30),
        Rules.classic_ten_point().replace(use_off_three=True),
        *(
            Rules(**{name: member})
            for name, kind in pitch13.rules.OPTION_ENUMS.items()
            for member in kind
            if member != getattr(Rules(), name)
        ),
        Rules(dealer_may_match=True),
        Rules(min_bid=1, dealer_forced_min_bid=13),
    ],
    ids=str,
)
def test_every_rule_set_survives_the_text_form(rules):
    record = GameRecord(rules, 1, 5, (HandRecord(shuffled_deck(5, 1), ()),))
    assert GameRecord.from_text(record.to_text()).rules == rules


def test_version_1_defaults_are_the_rules_defaults():
    """A change to a default of Rules needs a new format version: old records mean the old default."""
    assert {k: v for k, v in V1_DEFAULTS.items() if k != "max_bid"} == {
        k: v for k, v in rules_to_dict(Rules()).items() if k != "max_bid"
    }
    assert V1_DEFAULTS["max_bid"] is None  # it follows the points total, as Rules' default does
    assert list(V1_DEFAULTS) == [a.name for a in attrs.fields(Rules)]


# --- JSON records: what is refused ---------------------------------------------------------------


def small_record_dict() -> dict[str, object]:
    return GameRecord.from_text(arranged_text()).to_dict()


@pytest.mark.parametrize(
    ("edit", "where", "why"),
    [
        (lambda d: d.pop("seed"), "$", "missing field 'seed'"),
        (lambda d: d.update(extra=1), "$", "unknown field 'extra'"),
        (lambda d: d.update(format="pitch13.view"), "$.format", "this is a pitch13.view document"),
        (lambda d: d.update(format="chess"), "$.format", "expected 'pitch13.record'"),
        (lambda d: d.update(version=True), "$.version", "the version is a whole number"),
        (lambda d: d.update(version=7), "$.version", "version 7 is newer"),
        (lambda d: d.update(first_dealer=-1), "$.first_dealer", "from 0 to 3"),
        (lambda d: d.update(first_dealer="0"), "$.first_dealer", "expected a whole number, found a string"),
        (lambda d: d.update(seed=2**128), "$.seed", "expected a number from"),
        (lambda d: d.update(rules=[]), "$.rules", "expected an object, found a list"),
        (lambda d: d["rules"].update(pickup="all"), "$.rules.pickup", "expected one of 'point_cards'"),
        (lambda d: d["rules"].update(partner_look=1), "$.rules.partner_look", "expected true or false"),
        (lambda d: d["rules"].update(target=0), "$.rules.target", "target must be from 1 to 1000000"),
        (lambda d: d["rules"].update(use_off_three=False), "$.rules.max_bid", "max_bid must be from 1 to"),
        # an option left out, at fault through another: refused at the rules, not at a field not there
        (
            lambda d: d.update(rules={"min_bid": 6}),
            "$.rules",
            "dealer_forced_min_bid must be from min_bid (6)",
        ),
        (lambda d: d.update(hands={}), "$.hands", "expected a list, found an object"),
        (lambda d: d["hands"][0].pop("deck"), "$.hands[0]", "missing field 'deck' (only a seeded record"),
        (lambda d: d["hands"][0].update(cards=[]), "$.hands[0]", "unknown field 'cards'"),
        (lambda d: d["hands"][0]["deck"].pop(), "$.hands[0].deck", "a deck is all 54 cards, not 53"),
        (
            lambda d: d["hands"][0]["deck"].__setitem__(3, d["hands"][0]["deck"][0]),
            "$.hands[0].deck[3]",
            "twice",
        ),
        (lambda d: d["hands"][0]["deck"].__setitem__(3, 7), "$.hands[0].deck[3]", "expected a string"),
        (lambda d: d["hands"][0]["deck"].__setitem__(3, "11H"), "$.hands[0].deck[3]", "11H"),
        (lambda d: d["hands"][0]["actions"].append([1]), "$.hands[0].actions[5]", "a [seat, action] pair"),
        (lambda d: d["hands"][0]["actions"].append("1: pass"), "$.hands[0].actions[5]", "expected a list"),
        (lambda d: d["hands"][0]["actions"].append([5, "pass"]), "$.hands[0].actions[5][0]", "from 0 to 3"),
        (
            lambda d: d["hands"][0]["actions"].append([1, "fold"]),
            "$.hands[0].actions[5][1]",
            "unknown action",
        ),
        (
            lambda d: d["hands"][0]["actions"].append([1, "x" * 401]),
            "$.hands[0].actions[5][1]",
            "the limit is 400",
        ),
        (
            lambda d: d["hands"][0]["actions"].append([1, "deal " + "2C " * 54]),
            "$.hands[0].actions[5][1]",
            "twice",
        ),
        (
            lambda d: d["hands"][0]["actions"].append([1, "deal " + " ".join(d["hands"][0]["deck"])]),
            "$.hands[0].actions[5][1]",
            "a deal is not a seat's action",
        ),
        (
            lambda d: d["hands"][0]["actions"].append([1, "pass"]),
            "$.hands[0].actions[5]",
            "1: pass is illegal",
        ),
        (lambda d: d["hands"].append(d["hands"][0]), "$.hands[0]", "hand 1 stops before its end"),
    ],
)
def test_bad_json_records_are_refused_with_a_path(edit, where, why):
    data = small_record_dict()
    edit(data)
    with pytest.raises(DocumentError) as caught:
        GameRecord.from_dict(data)
    assert caught.value.where == where
    assert why in caught.value.why
    with pytest.raises(DocumentError) as again:
        GameRecord.from_json(json.dumps(data))
    assert again.value.where == where


def test_a_record_document_may_leave_out_default_options_and_seeded_decks(finished):
    data = GameRecord.from_state(finished).to_dict()
    data["rules"] = {}
    for hand in data["hands"]:
        del hand["deck"]
    assert GameRecord.from_dict(data) == GameRecord.from_state(finished)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "not JSON: Expecting value (line 1, column 1)"),
        ("[1, 2", "not JSON"),
        ('{"format": "pitch13.record", "version": 1.0}', "numbers are whole"),
        ('{"x": "1.0",\n "y": [2, 1.0]}', "not '1.0' (line 2, column 11)"),  # not the one in a string
        ('{"x": [1,\n  2e3]}', "not '2e3' (line 2, column 3)"),
        ('{"x": "a\\" 1.0", "y": 1.0}', "not '1.0' (line 1, column 23)"),  # a quote escaped
        ('{"format": "pitch13.record", "format": "x"}', "the key 'format' twice"),
        ("[" * 30 + "]" * 30, "nests deeper than 24 levels"),
        ("[" + "9" * 50 + "]", "a number has 50 characters; the limit is 48 (line 1, column 2)"),
        ("Infinity", "Infinity is not a number pitch13 reads (line 1, column 1)"),
        ("[]", "a pitch13.record document is a JSON object, not a list"),
    ],
)
def test_malformed_json_is_refused_at_the_root(text, why):
    with pytest.raises(DocumentError) as caught:
        GameRecord.from_json(text)
    assert caught.value.where == "$"
    assert why in caught.value.why


def test_json_loading_checks_its_argument_and_size():
    with pytest.raises(TypeError, match="a record is read from a str or bytes, not dict"):
        GameRecord.from_json({})
    with pytest.raises(DocumentError, match=r"the record is 2000 characters long; the limit is 1000"):
        GameRecord.from_json(" " * 2000, max_size=1000)
    with pytest.raises(DocumentError, match=r"the record is 2000 bytes long"):
        GameRecord.from_json(b" " * 2000, max_size=1000)
    with pytest.raises(DocumentError, match="is not UTF-8"):
        GameRecord.from_json(b'{"format": "\xff"}')


# --- state documents -----------------------------------------------------------------------------


def test_a_state_document_is_the_record_and_a_position(finished):
    data = state_to_dict(finished)
    assert list(data) == ["format", "version", "rules", "first_dealer", "seed", "hands", "position"]
    assert data["format"] == "pitch13.state"
    assert {k: v for k, v in data.items() if k not in ("format", "position")} == {
        k: v for k, v in GameRecord.from_state(finished).to_dict().items() if k != "format"
    }
    position = data["position"]
    assert position["phase"] == "game_over" and position["to_act"] is None
    assert position["scores"] == list(finished.scores)
    assert position["winner"] == finished.winner
    assert position["hands"] == [[str(c) for c in h] for h in finished.hands]


def test_a_state_in_the_middle_of_a_hand_round_trips():
    states = random_unseeded(8, 300)
    for state in states[::7]:
        data = state_to_dict(state)
        position = data["position"]
        assert position["phase"] == state.phase.value
        assert position["stock"] == [str(c) for c in state.stock]
        assert position["trick"] == [[s, str(c)] for s, c in state.trick]
        assert state_from_json(state_to_json(state)) == state
        assert state_from_dict(data) == state


def mid_play_state() -> pitch13.GameState:
    state = new_game(seed=21)
    while state.phase is not pitch13.Phase.PLAY or len(state.trick) < 2:
        state = apply(
            state,
            legal_actions(state)[-1] if state.phase is pitch13.Phase.BIDDING else legal_actions(state)[0],
        )
    return state


def test_a_position_that_is_not_where_the_record_leads_is_refused():
    state = mid_play_state()
    data = state_to_dict(state)
    data["position"]["scores"] = [5, 0]
    with pytest.raises(DocumentError) as caught:
        state_from_dict(data)
    assert caught.value.where == "$.position.scores"
    assert caught.value.why == "[5, 0] is not where the record leads: [0, 0]"
    data = state_to_dict(state)
    hands = data["position"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(DocumentError, match=r"\$\.position\.hands: .* is not where the record leads"):
        state_from_dict(data)


def test_a_long_position_that_is_not_where_the_record_leads_is_quoted_where_it_first_differs():
    """Both whole fields were quoted: 500 characters for a position's tricks or hands."""
    state = mid_play_state()
    data = state_to_dict(state)
    hands = data["position"]["hands"]
    data["position"]["hands"] = [*reversed(hands)]
    with pytest.raises(DocumentError) as caught:
        state_from_dict(data)
    assert caught.value.where == "$.position.hands"
    assert caught.value.why == (
        f"at [0], {json.dumps(hands[3])} is not where the record leads: {json.dumps(hands[0])}"
    )
    data["position"]["hands"] = [[*hand, "XX"] for hand in hands]  # not a card: refused as one
    with pytest.raises(DocumentError, match="not a card"):
        state_from_dict(data)


def test_a_position_is_read_in_any_card_order_and_notation():
    state = mid_play_state()
    data = state_to_dict(state)
    data["position"]["hands"] = [list(reversed(h)) for h in data["position"]["hands"]]
    data["position"]["hands"][0] = [c.replace("10", "T") for c in data["position"]["hands"][0]]
    assert state_from_dict(data) == state


@pytest.mark.parametrize(
    ("edit", "where", "why"),
    [
        (lambda p: p.pop("stock"), "$.position", "missing field 'stock'"),
        (lambda p: p.update(colour=1), "$.position", "unknown field 'colour'"),
        (lambda p: p["hands"][1].append(p["hands"][0][0]), "$.position.hands[1][", "is in two places"),
        (lambda p: p["hands"][1].pop(), "$.position", "the cards placed add up to 53, not 54 (phase play)"),
        (lambda p: p["hands"].pop(), "$.position.hands", "a hand for each of the 4 seats"),
        (lambda p: p["bids"].pop(), "$.position.bids", "a call for each of the 4 seats"),
        (lambda p: p["bids"].__setitem__(0, 14), "$.position.bids[0]", "from 0 to 13"),
        (lambda p: p.update(phase="lunch"), "$.position.phase", "expected one of 'deal'"),
        (lambda p: p.update(to_act=9), "$.position.to_act", "from 0 to 3"),
        (lambda p: p.update(trump="X"), "$.position.trump", "X"),
        (lambda p: p.update(scores=[1]), "$.position.scores", "two numbers"),
        (lambda p: p.update(points_taken=[1, 99]), "$.position.points_taken[1]", "from 0 to 13"),
        (lambda p: p.update(takeable=[p["hands"][0][0]]), "$.position.takeable[0]", "is not in the middle"),
        (
            lambda p: p.update(dead_face_up=[p["hands"][0][0]]),
            "$.position.dead_face_up[0]",
            "is not in the dead",
        ),
        (lambda p: p["trick"].append([0]), "$.position.trick[2]", "a [seat, card] pair"),
        (lambda p: p.update(turned_card=p["hands"][2][0]), "$.position.turned_card[0]", "is in two places"),
        (lambda p: p.update(out=[1, 1]), "$.position.out", "a seat is listed twice"),
        (lambda p: p.update(tricks=[[]] * 7), "$.position.tricks", "the limit is 6"),
        (lambda p: p.update(winner=2), "$.position.winner", "from 0 to 1"),
        (lambda p: p.update(hand_number=0), "$.position.hand_number", "from 1 to"),
    ],
)
def test_a_malformed_position_is_refused_before_any_replay(edit, where, why):
    data = state_to_dict(mid_play_state())
    edit(data["position"])
    with pytest.raises(DocumentError) as caught:
        state_from_dict(data)
    assert caught.value.where.startswith(where)
    assert why in caught.value.why


def test_no_card_is_placed_while_a_deal_is_awaited():
    states = random_unseeded(2, 400)
    between = next(s for s in states[1:] if s.is_chance)
    data = state_to_dict(between)
    data["position"]["stock"] = ["2C"]
    with pytest.raises(
        DocumentError, match=r"\$\.position: the cards placed add up to 1, not 0 \(phase deal\)"
    ):
        state_from_dict(data)


def test_state_documents_and_record_documents_are_not_mixed_up(finished):
    with pytest.raises(
        DocumentError, match=r"\$\.format: this is a pitch13\.record document, not a pitch13\.state"
    ):
        state_from_json(GameRecord.from_state(finished).to_json())
    with pytest.raises(
        DocumentError, match=r"\$\.format: this is a pitch13\.state document, not a pitch13\.record"
    ):
        GameRecord.from_json(state_to_json(finished))
    with pytest.raises(TypeError, match=r"state_to_dict\(\) takes a GameState"):
        state_to_json("state")
    with pytest.raises(TypeError, match="a state is read from a str or bytes"):
        state_from_json(None)


def test_a_loaded_state_plays_on_like_the_original():
    state = mid_play_state()
    loaded = state_from_json(state_to_json(state))
    card = legal_actions(state)[0]
    assert isinstance(card, Play) and isinstance(card.card, Card)
    assert apply(loaded, card) == apply(state, card)


def test_a_game_of_more_hands_than_a_record_holds_is_not_written():
    """A record holds at most 10,000 hands, the most its readers take: the writers refuse a
    longer game (here, every auction passed out and redealt, R-BID-2) rather than write a
    document that does not read back, and a game of exactly 10,000 hands reads back."""
    state = new_game(Rules(all_pass="redeal"), seed=1)
    while state.hand_number < 10_000:
        state = apply(state, PASS)
    assert len(GameRecord.from_state(state).hands) == 10_000
    assert state_from_json(state_to_json(state), max_size=10**7) == state
    state = apply(apply(apply(apply(state, PASS), PASS), PASS), PASS)
    for write in (GameRecord.from_state, state_to_dict, state_to_json):
        with pytest.raises(
            ValueError, match="a record holds at most 10,000 hands, the most its readers take, not 10,001"
        ):
            write(state)
    hands = GameRecord.from_state(new_game(seed=2)).hands * 10_001
    with pytest.raises(ValueError, match="not 10,001"):
        GameRecord(Rules(), 0, None, hands)


def test_a_keyword_of_the_text_form_is_ascii_and_a_look_alike_is_none():
    """``deck`` may be written in any case, but in ASCII letters: ``DEC\\u212a`` (a Kelvin sign,
    which lower-cases to ``k``) is no keyword, as look-alikes are no card or suit either."""
    text = arranged_text()
    assert "\ndeck " in text
    assert GameRecord.from_text(text.replace("\ndeck ", "\nDECK ")) == GameRecord.from_text(text)
    with pytest.raises(DocumentError, match="expected 'seat: action'"):
        GameRecord.from_text(text.replace("\ndeck ", "\nDEC\u212a "))


def test_a_negative_max_size_is_a_bad_argument_not_a_bad_document(finished):
    """``max_size`` is the caller's: a negative one is a ``ValueError`` that names it."""
    record = GameRecord.from_state(finished)
    for load, text in (
        (GameRecord.from_json, record.to_json()),
        (GameRecord.from_text, record.to_text()),
        (state_from_json, state_to_json(finished)),
        (pitch13.SeatView.from_json, pitch13.view(finished, 0).to_json()),
        (pitch13.ViewDelta.from_json, "[0, 0]"),
    ):
        with pytest.raises(ValueError, match=r"^max_size must be 0 or more, not -1$") as caught:
            load(text, max_size=-1)
        assert not isinstance(caught.value, DocumentError)
    with pytest.raises(DocumentError, match="the limit is 0"):
        GameRecord.from_json(record.to_json(), max_size=0)


def test_a_deck_or_the_hands_of_a_record_are_a_sequence_not_a_set():
    """A set or a mapping has no order of its own to deal in, to play hands in, or to act in."""
    for unordered in (set(pitch13.DECK), frozenset(pitch13.DECK), dict.fromkeys(pitch13.DECK)):
        with pytest.raises(TypeError, match=r"Deal\(\) takes a sequence of 54 Cards, not"):
            Deal(unordered)
        with pytest.raises(TypeError, match=r"Deal\(\) takes a sequence of 54 Cards, not"):
            HandRecord(unordered, ())
    assert Deal(iter(pitch13.DECK)) == Deal(pitch13.DECK)  # any iterable with an order
    hand = HandRecord(shuffled_deck(3), ())
    record = GameRecord(Rules(), 0, None, (hand,))
    assert GameRecord(Rules(), 0, None, [hand]) == record
    with pytest.raises(TypeError, match="hands must be a sequence of HandRecords, not set"):
        GameRecord(Rules(), 0, None, {hand})
    actions = ((1, PASS), (2, Bid(5)))
    assert HandRecord(shuffled_deck(3), iter(actions)).actions == actions
    for unordered in (set(actions), dict(actions)):
        with pytest.raises(TypeError, match=r"actions are a sequence of \(seat, action\) pairs, not "):
            HandRecord(shuffled_deck(3), unordered)


def test_a_number_with_a_fraction_is_quoted_short_and_marked_cut():
    with pytest.raises(DocumentError, match=r"not '1111.*\.\.\..*0\.5'"):
        GameRecord.from_json("[" + "1" * 47 + "0.5]")


@pytest.mark.parametrize(
    ("tag", "written"),
    [
        ('[Seed "7"]', '[Seed "007"]'),
        ('[Seed "7"]', '[Seed "-0"]'),
        ('[Rules "default"]', '[Rules "default target=0060"]'),
        ('[Rules "default"]', '[Rules "default target=-0"]'),
        ('[StartScores "-5 0"]', '[StartScores "-05 0"]'),
        ('[StartScores "-5 0"]', '[StartScores "-5 -0"]'),
        ('[StartHand "3"]', '[StartHand "03"]'),
        ('[FirstDealer "2"]', '[FirstDealer "02"]'),
    ],
)
def test_a_text_records_numbers_are_written_one_way(tag, written):
    """A tag's number is read as the writer writes it: no leading zero, no ``-0``, in every tag
    alike (a number of the JSON form cannot have one either)."""
    text = GameRecord.from_state(new_game(seed=7, dealer=0, scores=(-5, 0), hand_number=3)).to_text()
    assert tag in text
    with pytest.raises(DocumentError, match=r"^line \d+, column 1: "):
        GameRecord.from_text(text.replace(tag, written))


def _read_at_most(item, most):
    """``item`` ``most`` times, then a test failure: an endless iterable read past what it should be."""
    yield from itertools.repeat(item, most)
    pytest.fail(f"read past {most} items")


def test_endless_hands_or_actions_are_refused_before_they_fill_memory():
    """An endless iterable of hands filled memory; one of a hand's actions never stopped."""
    hand = GameRecord.from_state(new_game(seed=2)).hands[0]
    most_hands = r"^a record holds at most 10,000 hands, the most its readers take, not more$"
    with pytest.raises(ValueError, match=most_hands):
        GameRecord(Rules(), 0, None, _read_at_most(hand, 10_001))
    assert GameRecord(Rules(), 0, None, iter([hand])).hands == (hand,)
    most_actions = r"^a hand holds at most 1,000 actions, the most a record's readers take$"
    with pytest.raises(ValueError, match=most_actions):
        HandRecord(hand.deck, _read_at_most((1, PASS), 1_001))
    assert len(HandRecord(hand.deck, [(1, PASS)] * 1_000).actions) == 1_000


def test_a_document_of_another_format_is_named_and_any_other_format_is_quoted(finished):
    """Each reader names a document of another of the library's formats as one; a format that
    is none of them (misspelt, with a space, or with a look-alike letter) is quoted as it is,
    not taken for the name of another format."""
    documents = {
        "pitch13.record": GameRecord.from_state(finished).to_dict(),
        "pitch13.state": state_to_dict(finished),
        "pitch13.view": pitch13.view(finished, 0).to_dict(),
        "pitch13.hand": next(iter(simulate(1, seed=7))).to_dict(),
    }
    readers = {
        "pitch13.record": GameRecord.from_dict,
        "pitch13.state": state_from_dict,
        "pitch13.view": pitch13.SeatView.from_dict,
        "pitch13.hand": HandLine.from_dict,
    }
    assert {name: document["format"] for name, document in documents.items()} == {n: n for n in documents}
    for fmt, read in readers.items():
        for other, document in documents.items():
            if other != fmt:
                with pytest.raises(DocumentError) as info:
                    read(document)
                assert (info.value.where, info.value.why) == (
                    "$.format",
                    f"this is a {other} document, not a {fmt} document",
                )
        for wrong in (fmt[:-2] + fmt[-1] + fmt[-2], f"{fmt} ", fmt.replace("i", "\u0456", 1)):
            with pytest.raises(DocumentError) as info:
                read({**documents[fmt], "format": wrong})
            assert (info.value.where, info.value.why) == ("$.format", f"expected {fmt!r}, found {wrong!r}")


def test_a_document_json_itself_reads_but_pitch13_does_not_is_named_by_its_format():
    """A review (its fractions refused as "numbers are whole in pitch13 documents") and the JSON
    lines of a simulation ("not JSON: Extra data") were refused for what the reader met first,
    not as the other documents they are; what is none of the library's is refused as before."""
    state = pitch13.new_game(seed=3)
    for _ in range(3):
        state = pitch13.apply(state, pitch13.legal_actions(state)[-1])
    review = analysis.review(GameRecord.from_state(state), samples=1, time_limit=None)
    reviewed = json.dumps(review.to_dict())
    assert review.to_dict()["format"] == "pitch13.review" and re.search(r": \d+\.\d+", reviewed)
    lines = "".join(line.to_json() + "\n" for line in simulate(2, seed=7))
    readers = {
        "pitch13.record": GameRecord.from_json,
        "pitch13.state": pitch13.state_from_json,
        "pitch13.view": pitch13.SeatView.from_json,
        "pitch13.hand": HandLine.from_json,
    }
    for fmt, read in readers.items():
        for other, text in (("pitch13.review", reviewed), ("pitch13.hand", lines)):
            if other == fmt:
                continue
            with pytest.raises(DocumentError) as info:
                read(text)
            assert (info.value.where, info.value.why) == (
                "$.format",
                f"this is a {other} document, not a {fmt} document",
            )
        for text, why in (
            ('{"format": "pitch13.recrod", "x": 0.5}', "numbers are whole in pitch13 documents, not '0.5'"),
            ('{"format": 1} {"format": 2}', "not JSON: Extra data"),
            (f'{{"format": "{fmt}", "a": 1, "a": 2}}', "an object has the key 'a' twice"),
            # A number json itself will not read (of more digits than int() takes): the reader
            # says what it met first. A hand line is shorter than such a number.
            *(
                []
                if fmt == "pitch13.hand"
                else [(f'{{"format": "pitch13.review", "x": 1.5, "y": {"1" * 5000}}}', "whole")]
            ),
        ):
            with pytest.raises(DocumentError, match=re.escape(why)):
                read(text)
