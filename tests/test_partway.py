"""Games started partway: ``new_game(..., scores=..., hand_number=...)``.

A game may start at a later hand, at given scores, or both (a match carried on from a score, a
one-hand episode). ``dealer`` deals the first hand played and the deal passes left as ever
(R-DEAL-2); a seeded game deals hand ``n`` from ``shuffled_deck(seed, n)``; the game ends by
R-END-1 and R-END-2 as any other. Records, state documents, pickles, views and samples carry
the start.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pickle
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import pitch13
from pitch13 import (
    DECK,
    Deal,
    DocumentError,
    GameRecord,
    HandRecord,
    Phase,
    Rules,
    SamplingError,
    SeatView,
    apply,
    legal_actions,
    new_game,
    replay,
    sample_state,
    shuffled_deck,
    spectator_view,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
    view,
    view_delta,
)
from pitch13.cli import main
from pitch13.engine import MAX_HAND_NUMBER
from pitch13.engine._partway import MIN_SCORE
from pitch13.events import GameOver, HandDealt
from pitch13.rules import TargetRule
from pitch13.scoring import Termination
from pitch13.seen import DealSeen, seen_history
from pitch13.simulate import hand_summaries
from profiles import examples
from strategies import Playout, dealers, playouts, seeds

# --- drawing a start ---------------------------------------------------------------------------


def highest_start(rules: Rules) -> int:
    """The highest score a game may start at: one that has not yet won (R-END-1)."""
    return rules.target if rules.target_rule is TargetRule.GREATER_THAN else rules.target - 1


@st.composite
def partway_games(
    draw: st.DrawFn, *, near_target: bool | None = None
) -> tuple[Playout, tuple[int, int], int]:
    """A random playout, and scores and a hand number to start it at (near the target, or anywhere)."""
    playout = draw(playouts())
    top = highest_start(playout.rules)
    near = draw(st.booleans()) if near_target is None else near_target
    low = top - playout.rules.points_total if near else -3 * playout.rules.points_total
    score = st.integers(min_value=low, max_value=top)
    # The lowest start new_game takes too: a document must hold the scores it falls to.
    scores = (draw(score | st.just(MIN_SCORE)), draw(score))
    hand = draw(st.integers(min_value=1, max_value=30) | st.just(MAX_HAND_NUMBER))
    return playout, scores, hand


def start_of(playout: Playout, scores: tuple[int, int], hand: int) -> pitch13.GameState:
    return new_game(playout.rules, dealer=playout.dealer, seed=playout.seed, scores=scores, hand_number=hand)


def played(state: pitch13.GameState, playout: Playout, max_actions: int) -> list[pitch13.GameState]:
    """The states from ``state`` on, as ``playout``'s chooser plays, up to ``max_actions`` or the end."""
    chooser = playout.chooser()
    states = [state]
    while not state.is_over and len(states) <= max_actions:
        action = chooser.deal(state) if state.is_chance else chooser.choose(state, legal_actions(state))
        state = apply(state, action)
        states.append(state)
    return states


def to_the_end(state: pitch13.GameState, rng: random.Random) -> pitch13.GameState:
    while not state.is_over:
        if state.is_chance:
            state = apply(state, Deal(rng.sample(DECK, len(DECK))))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def next_hand(state: pitch13.GameState, rng: random.Random) -> pitch13.GameState:
    """The state once the hand in play has ended (the next hand's first state, or the game's end)."""
    number = state.hand_number
    while state.hand_number == number and not state.is_over:
        if state.is_chance:
            state = apply(state, Deal(rng.sample(DECK, len(DECK))))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


# --- the new state -----------------------------------------------------------------------------


@given(dealer=dealers, hand=st.integers(min_value=1, max_value=MAX_HAND_NUMBER), seed=st.none() | seeds)
@examples(60, deadline=None)
def test_r_deal_2_a_partway_game_has_dealer_deal_its_first_hand(dealer, hand, seed):
    """R-DEAL-2: ``dealer`` deals hand ``hand_number``; ``first_dealer`` is the seat that dealt hand 1,
    the deal passing left every hand; the scores are the start's and no hand has a result yet."""
    state = new_game(dealer=dealer, seed=seed, scores=(7, -4), hand_number=hand)
    assert state.dealer == dealer
    assert state.first_dealer == (dealer - (hand - 1)) % 4
    assert (state.first_dealer + hand - 1) % 4 == dealer
    assert state.hand_number == hand
    assert state.scores == (7, -4)
    assert state.results == ()
    assert state.ply == 0
    assert state.outcome is None
    assert state.seed == seed
    assert state.is_chance is (seed is None)
    if seed is not None:  # dealt at once from the seed: the history begins with that deal
        assert [e.item for e in state.history] == [HandDealt(hand, dealer, shuffled_deck(seed, hand))]
    else:
        assert state.history == ()


@given(dealer=dealers, seed=seeds, hand=st.integers(min_value=2, max_value=5), choices=seeds)
@examples(25, deadline=None)
def test_r_deal_2_a_seeded_partway_game_deals_hand_n_as_the_whole_game_does(dealer, seed, hand, choices):
    """R-DEAL-2, R-DEAL-3: hand ``n`` of a game started there is dealt exactly as hand ``n`` of the game
    with the same seed and first dealer started at hand 1: the same hands, stock and dealer."""
    partway = new_game(dealer=dealer, seed=seed, hand_number=hand)
    whole = new_game(dealer=partway.first_dealer, seed=seed)
    rng = random.Random(choices)
    while whole.hand_number < hand and not whole.is_over:
        whole = apply(whole, rng.choice(legal_actions(whole)))
    if whole.is_over:  # a moon ended it first: compare with the seed's deck itself
        deck = shuffled_deck(seed, hand)
        assert partway.stock == deck[36:]
        return
    assert whole.hand_number == hand
    assert partway.dealer == whole.dealer
    assert partway.hands == whole.hands
    assert partway.stock == whole.stock
    assert partway.stock == shuffled_deck(seed, hand)[36:]
    assert partway.phase is whole.phase is Phase.BIDDING
    assert partway.to_act == whole.to_act
    assert legal_actions(partway) == legal_actions(whole)
    assert partway.history == whole.history_since(
        next(
            i
            for i, e in enumerate(whole.history)
            if isinstance(e.item, HandDealt) and e.item.hand_number == hand
        )
    )


def test_r_deal_2_the_next_hands_of_a_seeded_partway_game_are_the_seeds_too():
    """Hand ``n + 1`` onwards is dealt from the seed as well (R-DEAL-3), by the next seat (R-DEAL-2)."""
    rng = random.Random(4)
    state = new_game(dealer=3, seed=21, scores=(10, 12), hand_number=8)
    dealt = [state.history[0].item]
    while len(dealt) < 4 and not state.is_over:
        before = state.history_len
        state = apply(state, rng.choice(legal_actions(state)))
        dealt += [e.item for e in state.history_since(before) if isinstance(e.item, HandDealt)]
    assert [(d.hand_number, d.dealer) for d in dealt] == [(8 + i, (3 + i) % 4) for i in range(len(dealt))]
    assert len(dealt) >= 2
    for d in dealt:
        assert d.deck == shuffled_deck(21, d.hand_number)


def test_the_default_start_is_the_plain_game():
    """``scores=(0, 0)`` and ``hand_number=1``, given or not, start the game as before: equal, and
    recorded, pickled and hashed alike."""
    for seed in (None, 5):
        plain = new_game(dealer=2, seed=seed)
        for kwargs in (
            {"scores": (0, 0)},
            {"scores": [0, 0]},
            {"hand_number": 1},
            {"scores": (0, 0), "hand_number": 1},
        ):
            state = new_game(dealer=2, seed=seed, **kwargs)
            assert state == plain
            assert hash(state) == hash(plain)
            assert pickle.dumps(state) == pickle.dumps(plain)
            assert state_to_json(state) == state_to_json(plain)


def test_r_score_1_a_game_may_start_at_negative_scores():
    """R-SCORE-1: scores can go negative, so a game may start there, as low as -10**9."""
    state = new_game(seed=1, scores=(-40, -(10**9)))
    assert state.scores == (-40, -(10**9))
    assert GameRecord.from_state(state).start_scores == (-40, -(10**9))


def test_a_partway_game_waits_for_its_first_deal_without_a_seed():
    """R-DEAL-3: without a seed, hand ``n`` waits for chance; its Deal is the history's first entry."""
    state = new_game(dealer=1, scores=(3, 9), hand_number=4)
    assert state.is_chance and state.history == () and state.actions == ()
    deck = shuffled_deck(99)
    state = apply(state, Deal(deck))
    assert state.ply == 1
    assert state.history[0].item == Deal(deck)
    assert state.history[1].item == HandDealt(4, 1, deck)
    assert state.actions == ((None, Deal(deck)),)


# --- the end of the game -----------------------------------------------------------------------


@given(partway_games(near_target=True))
@examples(25, deadline=None)
def test_r_end_1_r_end_2_a_game_started_near_the_target_ends_by_the_rules(game):
    """R-END-1, R-END-2 (and R-SCORE-2): started near the target, the game is played to its end, which
    comes when a hand is scored with a team past the target (or a moon ends it); if both teams
    passed, the bidding team of that hand wins."""
    playout, scores, hand = game
    start = start_of(playout, scores, hand)
    states = played(start, playout, 20_000)
    end = states[-1]
    assume(end.is_over)  # almost every such game ends within a few hands; the rare long one is left
    outcome = end.outcome
    last = end.results[-1]
    assert outcome.hand_number == last.hand_number >= hand
    assert outcome.scores == end.scores == last.scores
    past = [rule_past(playout.rules, s) for s in end.scores]
    if outcome.termination is Termination.TARGET:
        assert past[outcome.winner] and not past[1 - outcome.winner]
    elif outcome.termination is Termination.BOTH_PAST_TARGET:
        assert all(past)
        assert outcome.winner == last.bidding_team
    else:
        assert last.moon
    # Nothing ended it before: every earlier state goes on, and the scores moved only when scored.
    assert all(not s.is_over for s in states[:-1])
    assert end.history[-1].item == GameOver(outcome)
    assert sum(r.score_change[0] for r in end.results) == end.scores[0] - scores[0]
    assert sum(r.score_change[1] for r in end.results) == end.scores[1] - scores[1]


def rule_past(rules: Rules, score: int) -> bool:
    return score > rules.target if rules.target_rule is TargetRule.GREATER_THAN else score >= rules.target


def test_r_end_1_a_game_at_the_highest_start_ends_when_its_first_hand_adds_a_point():
    """R-END-1: at 54 the game goes on (a score must pass the target); a hand that takes that team
    a point or more ends it."""
    rng = random.Random(7)
    state = new_game(seed=2, scores=(54, 54))
    assert not state.is_over
    end = next_hand(state, rng)
    change = end.results[0].score_change
    assert end.is_over is (max(change) > 0 or end.results[0].moon)


# --- what new_game refuses ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"scores": None}, TypeError, "scores must be a pair of ints"),
        ({"scores": 5}, TypeError, "scores must be a pair of ints"),
        ({"scores": "ab"}, TypeError, "scores must be a pair of ints"),
        ({"scores": (1,)}, TypeError, "scores must be a pair of ints"),
        ({"scores": (1, 2, 3)}, TypeError, "scores must be a pair of ints"),
        ({"scores": {0: 1, 1: 2}}, TypeError, "scores must be a pair of ints"),
        ({"scores": (1.0, 2)}, TypeError, "team 0's is not"),
        ({"scores": (1, "2")}, TypeError, "team 1's is not"),
        ({"scores": (True, 0)}, TypeError, "team 0's is not"),
        ({"scores": [0, False]}, TypeError, "team 1's is not"),
        ({"scores": (55, 0)}, ValueError, "R-END-1): team 0's score 55 is more than the target, 54"),
        ({"scores": (0, 10**6)}, ValueError, "R-END-1): team 1's score 1000000 is more than the target"),
        ({"scores": (-(10**9) - 1, 0)}, ValueError, "team 0's score must be at least -(10**9)"),
        ({"scores": (0, -(10**5000))}, ValueError, "team 1's score must be at least"),
        ({"hand_number": 0}, ValueError, "hand_number must be from 1 to 10000, not 0"),
        ({"hand_number": -3}, ValueError, "hand_number must be from 1 to 10000, not -3"),
        ({"hand_number": MAX_HAND_NUMBER + 1}, ValueError, "hand_number must be from 1 to 10000, not 10001"),
        ({"hand_number": 10**5000}, ValueError, "hand_number must be from 1 to 10000"),
        ({"hand_number": True}, TypeError, "hand_number must be an int, not True"),
        ({"hand_number": 2.0}, TypeError, "hand_number must be an int, not 2.0"),
        ({"hand_number": "2"}, TypeError, "hand_number must be an int, not '2'"),
        ({"hand_number": None}, TypeError, "hand_number must be an int, not None"),
    ],
)
def test_new_game_refuses_a_start_that_is_not_one(kwargs, error, words):
    """Each wrong start gets its documented error, naming what is wrong (R-END-1 for scores that have
    already won), with a short message."""
    with pytest.raises(error) as info:
        new_game(seed=1, **kwargs)
    assert type(info.value) is error
    assert words in str(info.value), str(info.value)
    assert len(str(info.value)) < 200


def test_r_end_1_the_highest_start_follows_the_target_rule():
    """R-END-1: under ``greater_than`` a game may start at the target itself; under ``at_least`` only
    below it; a target of its own moves the bound."""
    assert new_game(scores=(54, 54)).scores == (54, 54)
    classic = Rules.classic_ten_point()  # at least 52
    assert new_game(classic, scores=(51, 0)).scores == (51, 0)
    with pytest.raises(ValueError, match=r"R-END-1\): team 0's score 52 is at least the target, 52"):
        new_game(classic, scores=(52, 0))
    with pytest.raises(ValueError, match=r"team 1's score 61 is more than the target, 60"):
        new_game(Rules(target=60), scores=(60, 61))
    with pytest.raises(ValueError, match=r"score 53 is more than the target, 52"):
        new_game(classic, scores=(0, 53))


def test_the_other_arguments_are_checked_first_and_the_start_keywords_only():
    """A bad ``rules``, ``dealer`` or ``seed`` is refused as before; ``scores`` and ``hand_number`` are
    keywords only."""
    with pytest.raises(TypeError, match="rules must be"):
        new_game("rules", scores=(99, 0))
    with pytest.raises(ValueError, match="dealer"):
        new_game(dealer=4, hand_number=0)
    with pytest.raises(TypeError):
        new_game(None, 0, None, (1, 2))  # type: ignore[misc]


# --- the history ---------------------------------------------------------------------------------


def test_the_history_of_a_partway_game_begins_at_its_first_hand():
    """The history begins with hand ``n``'s deal; ``actions`` replay it from the start; ``results``
    hold only the hands played; ``seen_history`` and ``history_since`` read it from there."""
    rng = random.Random(3)
    start = new_game(dealer=2, seed=17, scores=(20, -5), hand_number=6)
    state = next_hand(start, rng)
    state = next_hand(state, rng) if not state.is_over else state
    first = state.history[0].item
    assert first == HandDealt(6, 2, shuffled_deck(17, 6))
    assert [r.hand_number for r in state.results] == list(range(6, 6 + len(state.results)))
    assert state.results[0].scores[0] - state.results[0].score_change[0] == 20
    again = start
    for seat, action in state.actions:
        again = apply(again, action, seat=seat)
    assert again == state
    assert state.history_since(0) == state.history
    assert len(state.history) == state.history_len
    for viewer in (0, 3, None):
        whole = seen_history(state, viewer)
        assert isinstance(whole[0].item, DealSeen)
        assert (whole[0].item.hand_number, whole[0].item.dealer) == (6, 2)
        # ``since=0``: after the state at ply 0, the seeded deal of hand 6 included.
        assert seen_history(state, viewer, since=0) == whole[1:]
        middle = len(state.actions) // 2
        assert whole[-len(seen_history(state, viewer, since=middle)) :] == seen_history(
            state, viewer, since=middle
        )


def test_hand_summaries_of_a_partway_game_begin_at_its_start():
    """Each hand's summary counts from the start's scores: a hand thrown in first keeps them."""
    rules = Rules(all_pass="redeal")
    start = new_game(rules, dealer=0, scores=(30, -7), hand_number=3)
    passes = [pitch13.PASS] * 4
    state = apply(start, Deal(shuffled_deck(1)))
    for action in passes:
        state = apply(state, action)
    state = to_the_end(state, random.Random(5))
    summaries = list(hand_summaries(state))
    assert summaries[0].hand_number == 3
    assert summaries[0].thrown_in is not None
    assert summaries[0].scores == (30, -7)
    assert summaries[-1].scores == state.scores
    assert [s.hand_number for s in summaries] == list(range(3, state.hand_number + 1))


# --- records, documents and pickles ----------------------------------------------------------


@given(partway_games(), st.integers(min_value=0, max_value=400))
@examples(25, deadline=None)
def test_a_partway_game_round_trips_through_records_documents_and_pickles(game, steps):
    """A game started partway, at any point: its record (JSON, text) loads back equal and replays to
    the state; its state document and its pickle give the state back."""
    playout, scores, hand = game
    states = played(start_of(playout, scores, hand), playout, steps)
    state = states[-1]
    record = GameRecord.from_state(state)
    assert (record.start_hand, record.start_scores) == (hand, scores)
    assert record.first_dealer == state.first_dealer
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_text(record.to_text()) == record
    again = replay(record)
    assert again[0] == states[0]
    assert again[-1] == state
    assert len(again) == len(states)
    assert state_from_json(state_to_json(state)) == state
    for protocol in (0, pickle.HIGHEST_PROTOCOL):
        loaded = pickle.loads(pickle.dumps(state, protocol))
        assert loaded == state
        assert loaded.history == state.history


def test_a_partway_record_writes_its_start_and_numbers_its_hands_from_it():
    """The JSON document has ``start_hand`` and ``start_scores``; the text the tags ``StartHand`` and
    ``StartScores``, and its hands are numbered from the start."""
    state = new_game(dealer=1, seed=8, scores=(48, -3), hand_number=12)
    state = apply(state, legal_actions(state)[0])
    record = GameRecord.from_state(state)
    data = record.to_dict()
    assert list(data) == [
        "format",
        "version",
        "rules",
        "first_dealer",
        "seed",
        "start_hand",
        "start_scores",
        "hands",
    ]
    assert (data["version"], data["first_dealer"], data["start_hand"], data["start_scores"]) == (
        1,
        2,
        12,
        [48, -3],
    )
    assert json.loads(record.to_json()) == data
    lines = record.to_text().splitlines()
    assert lines[4:9] == ['[Seed "8"]', '[StartHand "12"]', '[StartScores "48 -3"]', "", "hand 12"]
    assert "# dealer 1" in lines
    document = state_to_dict(state)
    assert (document["start_hand"], document["start_scores"]) == (12, [48, -3])
    assert document["position"]["hand_number"] == 12
    assert document["position"]["scores"] == [48, -3]


def test_a_partway_record_written_by_hand_loads():
    """The text form as a person writes it: the tags in any order, the deck left out of a seeded hand."""
    text = '[Format "pitch13.record"]\n[StartScores "  10\t-2 "]\n[Version "1"]\n[StartHand "3"]\n'
    text += '[FirstDealer "0"]\n[Seed "4"]\n\nhand 3\n'
    record = GameRecord.from_text(text)
    assert (record.start_hand, record.start_scores, record.first_dealer, record.seed) == (3, (10, -2), 0, 4)
    state = replay(record)[-1]
    assert state == new_game(dealer=2, seed=4, scores=(10, -2), hand_number=3)
    unseeded = GameRecord.from_state(new_game(dealer=2, scores=(10, -2), hand_number=3))
    assert unseeded.hands == ()
    assert GameRecord.from_text(unseeded.to_text()) == unseeded
    assert replay(unseeded) == (new_game(dealer=2, scores=(10, -2), hand_number=3),)


def test_documents_without_a_start_load_as_before():
    """A game started at hand 1 at 0 to 0 writes no start, so a document written before the start
    existed loads as it did; one that states the default start loads the same."""
    state = pitch13.bots.play_game([pitch13.bots.SimpleBot(seat) for seat in range(4)], seed=6)
    record = GameRecord.from_state(state)
    assert (record.start_hand, record.start_scores) == (1, (0, 0))
    data = record.to_dict()
    assert "start_hand" not in data and "start_scores" not in data
    assert "Start" not in record.to_text()
    assert "start" not in state_to_json(state)
    stated = {**data, "start_hand": 1, "start_scores": [0, 0]}
    assert GameRecord.from_dict(stated) == record
    text = record.to_text().replace('[Seed "6"]', '[Seed "6"]\n[StartHand "1"]\n[StartScores "0 0"]')
    assert GameRecord.from_text(text) == record
    golden = json.loads((Path(__file__).parent / "golden" / "default_a.json").read_text(encoding="utf-8"))
    assert "start_hand" not in golden["record"]
    loaded = GameRecord.from_dict(golden["record"])
    assert (loaded.start_hand, loaded.start_scores) == (1, (0, 0))
    assert replay(loaded)[0] == new_game(loaded.rules, dealer=loaded.first_dealer, seed=loaded.seed)


def test_a_record_made_with_the_constructor_checks_its_start():
    """The constructor refuses a start new_game would refuse, naming the field; lists are tuples."""
    deck = HandRecord(shuffled_deck(1), ())
    made = GameRecord(Rules(), 0, None, [deck], start_hand=2, start_scores=[5, 6])
    assert made.start_scores == (5, 6)
    assert made == GameRecord(Rules(), 0, None, [deck], start_hand=2, start_scores=(5, 6))
    with pytest.raises(TypeError, match="start_hand must be an int"):
        GameRecord(Rules(), 0, None, [], start_hand="2")
    with pytest.raises(ValueError, match="start_hand must be from 1 to 10000"):
        GameRecord(Rules(), 0, None, [], start_hand=0)
    with pytest.raises(TypeError, match="start_scores must be a pair of ints"):
        GameRecord(Rules(), 0, None, [], start_scores=5)
    with pytest.raises(ValueError, match="R-END-1"):
        GameRecord(Rules(), 0, None, [], start_scores=(0, 60))
    with pytest.raises(TypeError):
        GameRecord(Rules(), 0, None, [], 2)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("change", "where", "why"),
    [
        ({"start_hand": 0}, "$.start_hand", "expected a number from 1 to 10000, found 0"),
        ({"start_hand": 10_001}, "$.start_hand", "expected a number from 1 to 10000"),
        ({"start_hand": "5"}, "$.start_hand", "expected a whole number, found a string"),
        ({"start_hand": True}, "$.start_hand", "expected a whole number, found a boolean"),
        ({"start_scores": [1]}, "$.start_scores", "expected two numbers"),
        ({"start_scores": [1, 2, 3]}, "$.start_scores", "the list has 3 items; the limit is 2"),
        ({"start_scores": {"a": 1}}, "$.start_scores", "expected a list, found an object"),
        ({"start_scores": [1, None]}, "$.start_scores[1]", "expected a whole number, found null"),
        ({"start_scores": [-(10**9) - 1, 0]}, "$.start_scores[0]", "expected a number from -1000000000"),
        ({"start_scores": [55, 0]}, "$.start_scores[0]", "a score of 55 has won a game to 54 (R-END-1)"),
        ({"start_scores": [0, 70]}, "$.start_scores[1]", "a score of 70 has won a game to 54 (R-END-1)"),
        ({"start_hand": 4}, "$.hands[0].deck", "this is not the deck seed 8 deals for hand 4"),
        ({"start": 1}, "$", "unknown field 'start'"),
    ],
)
@pytest.mark.parametrize("kind", ["record", "state"])
def test_a_bad_start_in_a_document_is_refused_where_it_is(kind, change, where, why):
    """Each wrong start field of a record or state document is a DocumentError at its path."""
    state = new_game(dealer=1, seed=8, scores=(48, -3), hand_number=12)
    data = GameRecord.from_state(state).to_dict() if kind == "record" else state_to_dict(state)
    load = GameRecord.from_dict if kind == "record" else state_from_dict
    assert load(data) is not None
    with pytest.raises(DocumentError) as info:
        load({**data, **change})
    assert info.value.where == where
    assert why in info.value.why, info.value.why


def partway_text() -> list[str]:
    state = new_game(dealer=1, seed=8, scores=(48, -3), hand_number=12)
    return GameRecord.from_state(apply(state, legal_actions(state)[0])).to_text().splitlines()


@pytest.mark.parametrize(
    ("change", "where", "why"),
    [
        ((5, '[StartHand "0"]'), "line 6, column 1", "the start hand is a number from 1 to 10000, not '0'"),
        ((5, '[StartHand "10001"]'), "line 6, column 1", "the start hand is a number from 1 to 10000"),
        ((5, '[StartHand "012"]'), "line 6, column 1", "the start hand is a number"),
        ((5, '[StartHand "x"]'), "line 6, column 1", "the start hand is a number"),
        ((5, '[StartHand "13"]'), "line 9, column 1", "expected 'hand 13', found 'hand 12'"),
        ((6, '[StartScores "48"]'), "line 7, column 1", "the start scores are two whole numbers"),
        ((6, '[StartScores "48 -3 1"]'), "line 7, column 1", "the start scores are two whole numbers"),
        ((6, '[StartScores "48,-3"]'), "line 7, column 1", "the start scores are two whole numbers"),
        ((6, '[StartScores "-1000000001 0"]'), "line 7, column 1", "from -1000000000 to 1000000000"),
        ((6, '[StartScores "99999999999 0"]'), "line 7, column 1", "the start scores are two whole numbers"),
        ((6, '[StartScores "48 55"]'), "line 7, column 1", "a score of 55 has won a game to 54 (R-END-1)"),
        ((8, "hand 1"), "line 9, column 1", "expected 'hand 12', found 'hand 1'"),
        ((4, '[Seed "9"]'), "line 10, column 1", "this is not the deck seed 9 deals for hand 12"),
    ],
)
def test_a_bad_start_in_a_text_record_is_refused_at_its_line(change, where, why):
    """Each wrong start tag, or a hand numbered from elsewhere, is refused at its line and column."""
    lines = partway_text()
    assert lines[5].startswith("[StartHand") and lines[6].startswith("[StartScores") and lines[8] == "hand 12"
    index, line = change
    lines[index] = line
    with pytest.raises(DocumentError) as info:
        GameRecord.from_text("\n".join(lines))
    assert info.value.where == where
    assert why in info.value.why, info.value.why


def test_a_text_record_states_its_start_hand_once_and_before_the_hands():
    lines = partway_text()
    with pytest.raises(DocumentError, match="the tag StartHand is given twice"):
        GameRecord.from_text("\n".join([*lines[:6], lines[5], *lines[6:]]))
    late = [*lines[:5], *lines[6:10], lines[5], *lines[10:]]  # the hands would be numbered from 1
    with pytest.raises(DocumentError, match="line 8, column 1: expected 'hand 1', found 'hand 12'"):
        GameRecord.from_text("\n".join(late))


def test_a_sampled_state_has_no_record():
    """A sample begins where its view's hand does, after hands and actions no record holds: from_state
    refuses it (and so does state_to_json) rather than write a record that replays to another game."""
    rng = random.Random(2)
    sources = [
        new_game(seed=3),  # hand 1, nothing played: the sample is dealt without a Deal
        new_game(),  # waiting for its first deal
        next_hand(new_game(seed=3), rng),  # a later hand, with a result before it
        new_game(seed=3, scores=(5, 5), hand_number=4),  # a partway game's sample
        apply(new_game(scores=(5, 5), hand_number=4), Deal(shuffled_deck(3))),
    ]
    for source in sources:
        for viewer in (1, None):
            seen = view(source, viewer) if viewer is not None else spectator_view(source)
            sample = sample_state(seen, rng)
            with pytest.raises(ValueError, match="a state sampled from a view"):
                GameRecord.from_state(sample)
            with pytest.raises(ValueError, match="a state sampled from a view"):
                state_to_json(sample)
        assert replay(GameRecord.from_state(source))[-1] == source


def test_the_cli_replays_a_partway_record(tmp_path, capsys):
    """``pitch13 replay`` says where the game started, then prints it from its first hand."""
    state = to_the_end(new_game(dealer=2, seed=5, scores=(50, -3), hand_number=5), random.Random(0))
    path = tmp_path / "partway.txt"
    path.write_text(GameRecord.from_state(state).to_text(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "The game starts at hand 5: North-South 50, East-West -3.\n\n=== Hand 5: South deals ==="
    )
    assert "win after" in out
    plain = tmp_path / "plain.txt"
    plain.write_text(GameRecord.from_state(new_game(seed=5)).to_text(), encoding="utf-8")
    assert main(["replay", str(plain)]) == 0
    assert "starts at hand" not in capsys.readouterr().out


# --- views and samples ---------------------------------------------------------------------------


@given(partway_games(), st.integers(min_value=0, max_value=2**32 - 1))
@examples(6, deadline=None)
def test_views_and_samples_of_a_partway_game_agree_with_it(game, sampling_seed):
    """Every seat's and the spectator's view of a partway game shows its scores, hand number, dealer
    and first dealer (R-INFO-1, R-DEAL-2) at every step, after its first hand too; a view updated by
    a delta is the next view; and a state sampled from a view gives that view back."""
    playout, scores, hand = game
    states = played(start_of(playout, scores, hand), playout, 250)
    rng = random.Random(sampling_seed)
    last: dict[int | None, SeatView] = {}
    for index, state in enumerate(states):
        for viewer in (0, 1, 2, 3, None):
            seen = spectator_view(state) if viewer is None else view(state, viewer)
            assert (seen.scores, seen.hand_number, seen.dealer, seen.first_dealer, seen.ply) == (
                state.scores,
                state.hand_number,
                state.dealer,
                state.first_dealer,
                state.ply,
            )
            assert seen.dealer == (seen.first_dealer + seen.hand_number - 1) % 4
            assert seen.last_result == (state.results[-1] if state.results else None)
            if seen.history:
                assert isinstance(seen.history[0].item, DealSeen)
                assert seen.history[0].item.hand_number >= hand
            if index % 3 == 0 or index == len(states) - 1:  # a delta over the last three steps
                if viewer in last:
                    assert last[viewer].updated(view_delta(state, viewer, last[viewer].ply)) == seen
                last[viewer] = seen
            if index % 7 == viewer or (viewer is None and index % 11 == 0):
                sample = sample_state(seen, rng)
                again = spectator_view(sample) if viewer is None else view(sample, viewer)
                assert again == seen
                if not sample.is_over:  # play goes on from the sample
                    follow = legal_actions(sample)
                    if follow:
                        apply(sample, follow[0])


def test_a_view_past_the_target_before_any_hand_scored_samples_to_no_game():
    """R-END-1: no game stands at a score past the target while it goes on, started there or not."""
    seen = view(new_game(seed=4, scores=(54, 54)), 1)
    assert view(sample_state(seen, random.Random(1)), 1) == seen
    with pytest.raises(SamplingError):
        sample_state(attrs.evolve(seen, scores=(55, 54)), random.Random(1))


def test_a_view_document_of_a_game_started_at_scores_loads_back():
    seen = view(new_game(seed=4, scores=(40, -30), hand_number=2), 1)
    assert SeatView.from_json(seen.to_json()) == seen


def test_a_view_document_of_a_game_started_at_a_later_hand_loads_back():
    """At 0 to 0 a game started at a later hand shows what a view document can carry."""
    seen = view(new_game(seed=4, hand_number=9, dealer=3), 2)
    assert (seen.hand_number, seen.dealer, seen.first_dealer) == (9, 3, 3)
    assert SeatView.from_json(seen.to_json()) == seen


def test_dealer_and_seed_by_position_work_as_before_but_are_deprecated():
    """``new_game(rules, 3)`` reads as a seed and is a dealer: by position, the dealer and the
    seed warn (:exc:`DeprecationWarning`; to type checkers too, ``typing_tests/``) and are refused
    from 0.4; by keyword, nothing warns. Given both ways, or one too many, they are refused."""
    import warnings

    with pytest.warns(
        DeprecationWarning, match=r"new_game\(\)'s dealer and seed are given by keyword"
    ) as caught:
        state = new_game(Rules(), 3)  # type: ignore[deprecated]
    assert state == new_game(Rules(), dealer=3)
    assert caught[0].filename == __file__  # the warning points at the caller
    with pytest.warns(DeprecationWarning, match="refused from pitch13 0.4"):
        assert new_game(Rules(), 1, 7) == new_game(Rules(), dealer=1, seed=7)  # type: ignore[deprecated]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new_game(Rules(), dealer=1, seed=7)
    with pytest.raises(TypeError, match="both by position and by keyword"):
        new_game(Rules(), 1, dealer=2)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="both by position and by keyword"):
        new_game(Rules(), 1, 7, seed=8)  # type: ignore[call-overload]
    # A keyword given the default's value is given all the same.
    with pytest.raises(TypeError, match="both by position and by keyword"):
        new_game(Rules(), 1, dealer=0)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="both by position and by keyword"):
        new_game(Rules(), 1, 7, seed=None)  # type: ignore[call-overload]
    with pytest.warns(DeprecationWarning, match="refused from pitch13 0.4"):
        assert new_game(Rules(), 2, seed=None) == new_game(Rules(), dealer=2)  # type: ignore[deprecated]
    with pytest.raises(TypeError, match="at most 2 more positional arguments, not 3"):
        new_game(Rules(), 1, 7, 8)  # type: ignore[call-overload]
    # Type checkers read the deprecation from the overload's literal: the same words.
    source = ast.parse(inspect.getsource(importlib.import_module("pitch13.engine")))
    marks = [
        ast.literal_eval(mark.args[0])
        for node in ast.walk(source)
        if isinstance(node, ast.FunctionDef) and node.name == "new_game"
        for mark in node.decorator_list
        if isinstance(mark, ast.Call) and getattr(mark.func, "id", None) == "deprecated"
    ]
    assert marks == [str(caught[0].message)]
