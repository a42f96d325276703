"""Reviewing a recorded game (pitch13.analysis.review, ``pitch13 review``): losses, marks, documents."""

from __future__ import annotations

import argparse
import io
import json
import math
import pathlib
import pickle
import random

import pytest

import pitch13
from pitch13 import GameRecord, Phase, Rules, parse_action
from pitch13.analysis import ActionValue, Mark, Review, ReviewedDecision, SeatReview, review, solve
from pitch13.analysis._review import (
    DecisionReplay,
    decision_seed,
    decisions_of,
    hold_record,
    mark_of,
    review_chunk,
    review_decision,
)
from pitch13.bots import SimpleBot, play_game
from pitch13.bots._solver import evaluate_choices, mean_and_error
from pitch13.cli import main
from pitch13.cli._review import print_review, seconds
from pitch13.trumps import is_trump

#: The saved game of the docs' "Reviewing a game".
DOCS_GAME = pathlib.Path(__file__).resolve().parent.parent / "docs" / "_static" / "reviewed-game.json"
#: Few deals and no time limit: quick, and the same on every machine.
FAST = {"samples": 2, "time_limit": None}


@pytest.fixture(scope="module")
def short_game():
    """A whole game of one hand: played to a target of 1 point (R-END-1)."""
    state = play_game([SimpleBot(seat) for seat in range(4)], Rules(target=1), seed=3)
    assert state.is_over and state.hand_number == 1
    return GameRecord.from_state(state)


@pytest.fixture(scope="module")
def short_review(short_game):
    return review(short_game, seed=7, **FAST)


def _blunder_position():
    """Hand 1 of seed 6 among SimpleBots, up to trick 5's last card: seat 2 (the bidder, bid 5,
    trump spades) has taken nothing; seat 3's joker wins the trick so far. Seat 2 holds the
    off-three (3C, 3 points), the Jick, JS, QS and the other joker."""
    bots = [SimpleBot(6 * 4 + seat) for seat in range(4)]
    state = pitch13.new_game(seed=6)
    while state.ply < 22:
        seat = state.to_act
        state = pitch13.apply(state, bots[seat].choose(pitch13.view(state, seat)), seat=seat)
    assert state.to_act == 2 and state.bidder == 2 and state.bid == 5 and state.trump is pitch13.Suit.SPADES
    assert [str(c) for _, c in state.trick] == ["BJ", "5S", "7S"]
    assert "3C" in [str(c) for c in state.hand(2)]
    return state


@pytest.fixture(scope="module")
def blunder_record():
    state = _blunder_position()
    return GameRecord.from_state(pitch13.apply(state, parse_action("play 3C"), seat=2))


@pytest.fixture(scope="module")
def blunder_review(blunder_record):
    return review(blunder_record, seed=0, **FAST)


# --- what a review finds -------------------------------------------------------------------------


def test_a_short_game_is_reviewed_decision_by_decision(short_game, short_review):
    """Every action with more than one legal choice is a decision, in the record's order, each with
    every legal action valued on the same deals; a forced action is none."""
    actions = [(seat, action) for hand in short_game.hands for seat, action in hand.actions]
    states = pitch13.replay(short_game)  # seeded: no Deal among the states
    expected = [i for i in range(len(actions)) if len(pitch13.legal_actions(states[i])) > 1]
    assert [d.index for d in short_review.decisions] == expected
    assert {d.phase for d in short_review.decisions} >= {Phase.BIDDING, Phase.TRUMP, Phase.PLAY}
    for d in short_review.decisions:
        state = states[d.index]
        assert (d.seat, d.action) == actions[d.index]
        assert d.hand == state.hand_number == 1 and d.phase is state.phase
        assert [v.action for v in d.values] == list(pitch13.legal_actions(state))
        assert d.samples == 2
        means = {v.action: v.mean for v in d.values}
        assert means[d.best] == max(means.values())
        assert d.loss >= 0
        if d.fresh_samples:  # the first measure would have marked it: measured again
            assert d.fresh_samples == d.samples  # no time limit
            assert mark_of(means[d.best] - means[d.action], d.stderr, 2) is not None or d.stderr == 0
        else:
            assert d.loss == pytest.approx(means[d.best] - means[d.action])
        assert d.mark == mark_of(d.loss, d.stderr, d.fresh_samples or d.samples)
        if means[d.action] == means[d.best]:
            assert d.best == d.action and d.loss == 0 and d.mark is None and d.fresh_samples == 0
    assert short_review.samples == 2 and short_review.time_limit is None and short_review.seed == 7


def test_the_seat_summaries_add_up_the_decisions(short_review):
    seats = short_review.seats
    assert [s.seat for s in seats] == [0, 1, 2, 3]
    assert sum(s.decisions for s in seats) == len(short_review.decisions)
    for s in seats:
        mine = [d for d in short_review.decisions if d.seat == s.seat]
        assert s.loss == pytest.approx(sum(d.loss for d in mine))
        assert s.mean_loss == pytest.approx(s.loss / len(mine) if mine else 0.0)
        assert (s.inaccuracies, s.mistakes, s.blunders) == tuple(
            sum(d.mark is m for d in mine) for m in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
        )
    assert short_review.marked == tuple(d for d in short_review.decisions if d.mark is not None)
    assert SeatReview(0, 0, 0.0, 0, 0, 0).mean_loss == 0.0


def test_giving_the_off_three_to_the_opponents_trick_is_a_blunder_of_its_exact_cost(blunder_review):
    """R-PLAY-6, R-POINT-1, R-SCORE-1: the off-three (3 points) thrown under the other team's
    joker instead of winning the trick sets the bid: the bidding team's +3 becomes -5, the
    defenders' 5 becomes 8. With four cards left the hidden cards cannot change that, so every
    deal shows the same loss: 17 points, with no error, and a blunder."""
    state = _blunder_position()
    exact = dict(solve(state).moves)
    bad = blunder_review.decisions[-1]
    assert bad.index == 22 and (bad.hand, bad.seat, bad.phase) == (1, 2, Phase.PLAY)
    assert bad.action == parse_action("play 3C")
    assert exact[bad.best] == max(exact.values()) == 3 and exact[bad.action] == -14
    assert bad.loss == 17.0 and bad.stderr == 0.0
    assert bad.mark is Mark.BLUNDER
    # Seat 2 is the bidder: its values are the solved ones, on every deal drawn.
    assert {v.action: v.mean for v in bad.values} == exact


def test_marks_need_the_threshold_and_twice_the_standard_error():
    assert [m.threshold for m in Mark] == [1.0, 2.5, 5.0]
    assert [m.value for m in Mark] == ["inaccuracy", "mistake", "blunder"]
    assert mark_of(0.99, 0.0, 16) is None
    assert mark_of(1.0, 0.5, 16) is Mark.INACCURACY
    assert mark_of(1.0, 0.51, 16) is None  # within twice its error: noise could make it
    assert mark_of(2.5, 0.1, 16) is Mark.MISTAKE
    assert mark_of(4.99, 0.1, 16) is Mark.MISTAKE
    assert mark_of(5.0, 2.5, 16) is Mark.BLUNDER
    assert mark_of(30.0, 15.01, 16) is None
    assert mark_of(30.0, 0.0, 1) is None  # one deal gives no error to compare with
    with pytest.raises(ValueError, match="is not a valid Mark"):
        Mark("x" * 1000)


def test_the_loss_error_comes_from_the_paired_deals(short_game):
    """Every action is valued on the same deals: the loss's error is that of the per-deal
    differences of the best action and the one made, not one made of the two means' errors."""
    paired = unpaired = again = 0
    for index, state, seat, action in decisions_of(short_game):
        if state.phase is not Phase.PLAY:
            continue
        d = review_decision((index, state, seat, action), 8, None, 7)
        actions = pitch13.legal_actions(state)
        rng = random.Random(decision_seed(7, index))
        seat_view = pitch13.view(state, seat)
        values = evaluate_choices(seat_view, actions, rng, 8, None)
        assert [mean_and_error(v) for v in values] == [(v.mean, v.stderr) for v in d.values]
        best, made = values[actions.index(d.best)], values[actions.index(action)]
        differences = [b - m for b, m in zip(best, made, strict=True)]
        loss, stderr = mean_and_error(differences)
        if mark_of(max(loss, 0.0), stderr, 8) is not None:
            # Measured again on the next 8 deals of the same generator, the two actions alone.
            best, made = evaluate_choices(seat_view, [d.best, action], rng, 8, None)
            differences = [b - m for b, m in zip(best, made, strict=True)]
            assert d.fresh_samples == 8
            again += 1
        else:
            assert d.fresh_samples == 0
        loss, stderr = mean_and_error(differences)
        assert (d.loss, d.stderr) == pytest.approx((max(loss, 0.0), stderr))
        paired += 1
        unpaired += d.stderr != pytest.approx(math.hypot(mean_and_error(best)[1], mean_and_error(made)[1]))
    assert paired and unpaired and again


def test_a_mark_made_by_the_noise_of_the_deals_that_picked_the_best_is_not_kept():
    """The best of several noisy means leans upward on the deals that picked it (the winner's
    curse): measured on those deals, a play worth as much as the best can look like a blunder.
    Decision 154 of the docs' reviewed game (seat 3 plays 3C in hand 6; 4C is worth 0.14 ± 0.15
    points more, measured on 600 deals) looks like a mistake on the first 16 deals of seed 3:
    the fresh deals that measure it again do not mark it."""
    record = GameRecord.from_json(DOCS_GAME.read_text(encoding="utf-8"))
    decision = next(d for d in decisions_of(record) if d[0] == 154)
    _, state, seat, action = decision
    actions = pitch13.legal_actions(state)
    values = evaluate_choices(
        pitch13.view(state, seat), actions, random.Random(decision_seed(3, 154)), 16, None
    )
    means = [mean_and_error(v)[0] for v in values]
    best = means.index(max(means))
    first = mean_and_error([b - m for b, m in zip(values[best], values[actions.index(action)], strict=True)])
    assert str(actions[best]) == "play 4C" and str(action) == "play 3C"
    assert mark_of(*first, 16) is Mark.MISTAKE  # what the first deals alone would say
    d = review_decision(decision, 16, None, 3)
    assert d.fresh_samples == 16 and d.loss < first[0] and d.mark is None


def test_giving_up_any_dead_card_is_valued_once_and_exactly():
    """R-LOOK-2, R-DECK-3: in the look-through, giving up one dead card is worth what giving up
    another is (dead cards are never played); the review values them once, and gets what
    valuing each on its own would."""
    bots = [SimpleBot(2 * 4 + seat) for seat in range(4)]
    state = pitch13.new_game(seed=2)
    while state.ply < 6:
        state = pitch13.apply(state, bots[state.to_act].choose(pitch13.view(state, state.to_act)))
    actions = pitch13.legal_actions(state)
    dead = [a for a in actions if isinstance(a, pitch13.GiveUp) and not is_trump(a.card, state.trump)]
    assert state.phase is Phase.LOOK and len(dead) >= 2
    d = review_decision((0, state, state.to_act, actions[0]), 3, None, 0)
    values = evaluate_choices(
        pitch13.view(state, state.to_act), actions, random.Random(decision_seed(0, 0)), 3, None
    )
    assert [(v.mean, v.stderr) for v in d.values] == [mean_and_error(v) for v in values]
    assert len({(v.mean, v.stderr) for v in d.values if v.action in dead}) == 1


def test_workers_do_not_change_the_review_and_the_seed_does(short_game, short_review):
    """Decision i's deals come from (seed, i) alone."""
    calls = []
    assert (
        review(short_game, seed=7, workers=2, progress=lambda *call: calls.append(call), **FAST)
        == short_review
    )
    total = len(short_review.decisions)
    assert calls == [(i, total) for i in range(1, total + 1)]  # after each decision, as they come
    plays = [d for d in decisions_of(short_game) if d[1].phase is Phase.PLAY]
    assert [review_decision(d, 2, None, 7) for d in plays] == [
        d for d in short_review.decisions if d.phase is Phase.PLAY
    ]
    assert [review_decision(d, 2, None, 8).values for d in plays] != [
        review_decision(d, 2, None, 7).values for d in plays
    ]
    assert decision_seed(7, 3) == decision_seed(7, 3) != decision_seed(7, 4) != decision_seed(8, 3)


def test_a_worker_replays_the_record_once_for_all_its_chunks_in_order(short_game, monkeypatch):
    """A worker's chunks come in order of index: it goes on from where its last chunk stopped,
    so the workers' replays cost what one replay of the record does, not a replay a chunk."""
    replays = []
    monkeypatch.setattr(
        "pitch13.analysis._review.decisions_of", lambda record: replays.append(1) or decisions_of(record)
    )
    found = list(decisions_of(short_game))
    indices = [d[0] for d in found]
    assert len(indices) > 12
    held = DecisionReplay(short_game)
    chunks = [indices[:1], indices[3:6], [indices[9], indices[7]], indices[10:]]
    taken = [d for chunk in chunks for d in held.take(chunk)]
    assert taken == [d for d in found if d[0] not in indices[1:3] + indices[6:7] + indices[8:9]]
    assert len(replays) == 1
    assert list(held.take(indices[2:4])) == found[2:4]  # behind the last one taken: replayed afresh
    assert len(replays) == 2
    with pytest.raises(ValueError, match=f"the record has no decision {indices[-1] + 1}"):
        list(held.take([indices[-1] + 1]))
    hold_record(short_game)
    assert review_chunk(indices[4:6], 2, None, 7) == [review_decision(d, 2, None, 7) for d in found[4:6]]
    assert review_chunk(indices[:2], 2, None, 7) == [review_decision(d, 2, None, 7) for d in found[:2]]


def test_a_time_limit_still_draws_two_deals(blunder_record, blunder_review):
    """The budget in time stops a decision after two deals at least: a standard error needs two."""
    last = list(decisions_of(blunder_record))[-1]
    assert review_decision(last, 16, 1e-9, 0) == blunder_review.decisions[-1]
    assert review_decision(last, 1, 1e-9, 0).samples == 1
    assert review_decision(last, 16, 60.0, 0).samples == 16


def test_a_record_with_no_decision():
    record = GameRecord.from_state(pitch13.new_game(seed=1))
    empty = review(record)
    assert empty.decisions == () and [s.decisions for s in empty.seats] == [0, 0, 0, 0]


def test_a_record_dealt_by_the_caller_counts_only_seat_actions(short_game):
    """A record with no seed holds each hand's deck: its Deal is no decision and has no index."""
    dealt = GameRecord(short_game.rules, short_game.first_dealer, None, short_game.hands)
    seeded = list(decisions_of(short_game))
    assert [(i, seat, a, s.ply - 1) for i, s, seat, a in decisions_of(dealt)] == [
        (i, seat, a, s.ply) for i, s, seat, a in seeded
    ]  # the same decisions, one ply later: after the Deal
    assert [pitch13.view(s, seat).hand for _, s, seat, _ in decisions_of(dealt)] == [
        pitch13.view(s, seat).hand for _, s, seat, _ in seeded
    ]


def test_the_classes_pickle_under_the_public_module(short_review):
    for kind in (ActionValue, Mark, Review, ReviewedDecision, SeatReview):
        assert kind.__module__ == "pitch13.analysis"
    assert review.__module__ == "pitch13.analysis"
    assert pickle.loads(pickle.dumps(short_review)) == short_review


# --- the document --------------------------------------------------------------------------------


def test_the_json_document_has_the_documented_form(short_review):
    text = short_review.to_json()
    document = json.loads(text)
    assert document == short_review.to_dict()
    assert json.loads(short_review.to_json(indent=2)) == document
    assert list(document) == [
        "format",
        "version",
        "samples",
        "time_limit",
        "seed",
        "thresholds",
        "decisions",
        "seats",
    ]
    assert document["format"] == "pitch13.review" and document["version"] == 1
    assert (document["samples"], document["time_limit"], document["seed"]) == (2, None, 7)
    assert document["thresholds"] == {"inaccuracy": 1.0, "mistake": 2.5, "blunder": 5.0}
    assert len(document["decisions"]) == len(short_review.decisions)
    for entry, d in zip(document["decisions"], short_review.decisions, strict=True):
        assert list(entry) == [
            "index",
            "hand",
            "seat",
            "phase",
            "action",
            "best",
            "loss",
            "stderr",
            "mark",
            "samples",
            "fresh_samples",
            "values",
        ]
        assert parse_action(entry["action"]) == d.action and parse_action(entry["best"]) == d.best
        assert entry["phase"] == d.phase.value
        assert entry["mark"] == (None if d.mark is None else d.mark.value)
        assert entry["loss"] == round(d.loss, 3) and entry["stderr"] == round(d.stderr, 3)
        assert [parse_action(v["action"]) for v in entry["values"]] == [v.action for v in d.values]
        assert [v["mean"] for v in entry["values"]] == [round(v.mean, 3) for v in d.values]
        for number in (entry["loss"], entry["stderr"], *(v["mean"] for v in entry["values"])):
            assert number == round(number, 3) and repr(number) != "-0.0"
    assert [list(s) for s in document["seats"]] == [
        ["seat", "decisions", "loss", "mean_loss", "inaccuracies", "mistakes", "blunders"]
    ] * 4
    assert [s["decisions"] for s in document["seats"]] == [s.decisions for s in short_review.seats]


def test_the_document_of_a_blunder(blunder_review):
    entry = blunder_review.to_dict()["decisions"][-1]
    assert entry["action"] == "play 3C" and entry["mark"] == "blunder"
    assert entry["loss"] == 17.0 and entry["stderr"] == 0.0 and entry["samples"] == 2
    assert entry["fresh_samples"] == 2  # a mark is measured again on fresh deals


@pytest.mark.parametrize(
    ("indent", "error"), [("2", TypeError), (True, TypeError), (-1, ValueError), (101, ValueError)]
)
def test_to_json_refuses_a_bad_indent(short_review, indent, error):
    # The records' widest indent: 10**8 spaces a line would make a string of hundreds of GB.
    with pytest.raises(error, match="to_json\\(\\) indent must be"):
        short_review.to_json(indent=indent)
    assert json.loads(short_review.to_json(indent=100)) == short_review.to_dict()


# --- the arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"samples": 0}, ValueError, r"review\(\) samples must be at least 1, not 0"),
        ({"samples": 2.0}, TypeError, r"review\(\) samples must be an int, not float"),
        ({"samples": True}, TypeError, r"review\(\) samples must be an int, not bool"),
        ({"workers": 0}, ValueError, r"review\(\) workers must be at least 1, not 0"),
        ({"workers": 1025}, ValueError, r"review\(\) workers must be at most 1,024, not 1025"),
        ({"workers": "2"}, TypeError, r"review\(\) workers must be an int, not str"),
        ({"seed": None}, TypeError, r"review\(\) seed must be an int, not NoneType"),
        ({"seed": 1.5}, TypeError, r"review\(\) seed must be an int, not float"),
        ({"seed": 10**5000}, ValueError, r"review\(\) seed must be an int of at most 4,300 digits"),
        ({"time_limit": 0}, ValueError, r"review\(\) time_limit must be a positive number of seconds, not 0"),
        ({"time_limit": -1.0}, ValueError, r"time_limit must be a positive number of seconds, not -1.0"),
        ({"time_limit": math.inf}, ValueError, r"time_limit must be a positive number of seconds, not inf"),
        ({"time_limit": math.nan}, ValueError, r"time_limit must be a positive number of seconds, not nan"),
        (
            {"time_limit": "1"},
            TypeError,
            r"review\(\) time_limit must be a number of seconds or None, not str",
        ),
        ({"time_limit": True}, TypeError, r"time_limit must be a number of seconds or None, not bool"),
        ({"progress": 3}, TypeError, r"review\(\) progress must be a callable or None, not int"),
    ],
)
def test_review_refuses_bad_arguments(blunder_record, kwargs, error, message):
    with pytest.raises(error, match=message):
        review(blunder_record, **kwargs)


def test_review_takes_a_record_only(blunder_record):
    with pytest.raises(TypeError, match=r"review\(\) takes a GameRecord, not str"):
        review(blunder_record.to_json())
    with pytest.raises(TypeError, match=r"review\(\) takes a GameRecord, not GameState"):
        review(pitch13.new_game(seed=1))


def test_review_refuses_a_record_that_does_not_replay(blunder_record):
    hand = blunder_record.hands[0]
    broken = pitch13.HandRecord(hand.deck, (*hand.actions[:5], hand.actions[4]))
    with pytest.raises(pitch13.DocumentError, match=r"\$\.hands\[0\]\.actions\[5\]"):
        review(GameRecord(blunder_record.rules, 0, blunder_record.seed, (broken,)))


def test_an_integral_time_limit_is_taken_as_seconds():
    found = review(GameRecord.from_state(pitch13.new_game(seed=1)), time_limit=5)
    assert found.time_limit == 5.0 and isinstance(found.time_limit, float)


# --- the command ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_files(blunder_record, tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    text, as_json = folder / "game.txt", folder / "game.json"
    text.write_text(blunder_record.to_text(), encoding="utf-8")
    as_json.write_text(blunder_record.to_json(), encoding="utf-8")
    return text, as_json


def test_the_command_prints_the_marked_decisions_and_a_summary(record_files, blunder_review, capsys):
    assert main(["review", str(record_files[0]), "--samples", "2", "--time", "none", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    out = captured.out.splitlines()
    marked = [d.line() for d in blunder_review.marked]
    assert out[: len(marked)] == marked
    assert "hand 1  seat 2  play  played 3C, best JC: loss 17.00 ± 0.00  blunder" in out
    at = out.index(
        f"{len(blunder_review.decisions)} decisions, at most 2 deals and no time limit each, seed 0"
    )
    assert out[at + 1].split() == [
        "seat",
        "decisions",
        "loss",
        "mean",
        "loss",
        "inaccuracies",
        "mistakes",
        "blunders",
    ]
    for seat, line in zip(blunder_review.seats, out[at + 2 : at + 6], strict=True):
        assert line.split() == [
            str(seat.seat),
            str(seat.decisions),
            f"{seat.loss:.2f}",
            f"{seat.mean_loss:.3f}",
            str(seat.inaccuracies),
            str(seat.mistakes),
            str(seat.blunders),
        ]
    assert (
        out[at + 6]
        == "marks: inaccuracy 1, mistake 2.5, blunder 5 points of loss, and at least twice its standard error"
    )
    assert out[-1].startswith("wall time ") and out[-1].endswith(" s with 1 worker(s)")
    assert blunder_review.report() == captured.out[: captured.out.index("wall time ")]


def test_a_reports_lines_are_the_marked_decisions_or_every_one(blunder_review):
    """``Review.report()`` is what the command prints, from Python: the marked decisions, or
    with ``every`` each decision's line in the record's order, then the same summary."""
    every = blunder_review.report(every=True).splitlines()
    assert every[: len(blunder_review.decisions)] == [d.line() for d in blunder_review.decisions]
    assert every[len(blunder_review.decisions)] == ""
    marked = blunder_review.report().splitlines()
    assert marked[len(blunder_review.marked) :] == every[len(blunder_review.decisions) :]
    plain = next(d for d in blunder_review.decisions if d.mark is None and d.phase is Phase.BIDDING)
    assert plain.line() == (
        f"hand {plain.hand}  seat {plain.seat}  bidding  chose {plain.action}, best {plain.best}: "
        f"loss {plain.loss:.2f} ± {plain.stderr:.2f}"
    )
    assert Review(samples=2, time_limit=0.5, seed=3, decisions=()).report().splitlines()[:3] == [
        "no decision to review",
        "",
        "0 decisions, at most 2 deals and 0.5 CPU s each, seed 3",
    ]


def test_the_command_prints_every_decision_with_all(record_files, blunder_review, capsys):
    """One deal a decision: every decision printed, none marked (a mark needs two deals)."""
    assert main(["review", str(record_files[1]), "--samples", "1", "--all", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    count = len(blunder_review.decisions)
    assert out[0].startswith("hand 1  seat 1  bidding  chose ")
    assert out[count - 1].startswith("hand 1  seat 2  play  played 3C, best ")
    assert all(line.startswith("hand 1  seat ") and line.endswith(" ± 0.00") for line in out[:count])
    assert out[count] == ""


def test_the_command_prints_the_json_document(record_files, blunder_review, capsys):
    argv = ["review", str(record_files[1]), "--json", "--samples", "2", "--time", "none", "--quiet"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == blunder_review.to_dict()
    assert captured.err == ""


def test_the_command_refuses_a_bad_file_in_one_line(tmp_path, capsys):
    missing = tmp_path / "missing.json"
    assert main(["review", str(missing), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pitch13: cannot read {missing}:") and err.count("\n") == 1
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "pitch13.record", "version": 1, "rules": 3}', encoding="utf-8")
    assert main(["review", str(broken), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pitch13: {broken}: ") and err.count("\n") == 1


def test_the_command_refuses_bad_numbers(record_files, capsys):
    for bad in (
        ["--samples", "0"],
        ["--workers", "x"],
        ["--workers", "1025"],
        ["--time", "0"],
        ["--time", "soon"],
        ["--seed", "x"],
        ["--seed", str(2**128)],
    ):
        with pytest.raises(SystemExit) as exit_:
            main(["review", str(record_files[0]), *bad])
        assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "must be at least 1, not 0" in err and "not a whole number: 'x'" in err
    assert "argument --workers: must be at most 1,024, not 1025" in err
    assert "a seed is an integer, not 'x'" in err and "a seed is an integer of at most 128 bits" in err
    assert "must be a positive number of seconds, not '0'" in err and "not a number of seconds: 'soon'" in err
    assert seconds("None") is None and seconds("0.5") == 0.5
    with pytest.raises(argparse.ArgumentTypeError, match=r"^not a number of seconds: 'x+\.\.\.x+'$"):
        seconds("x" * 100_000)  # quoted short: the whole argument made a message of 100 kB
    with pytest.raises(
        argparse.ArgumentTypeError, match=r"^must be a positive number of seconds, not '0+\.\.\.0+'$"
    ):
        seconds("0" * 5_000)


def test_the_command_says_when_nothing_was_marked_or_reviewed(blunder_review, tmp_path, capsys):
    unmarked = [d for d in blunder_review.decisions if d.mark is None]
    out = io.StringIO()
    print_review(Review(samples=2, time_limit=0.5, seed=3, decisions=tuple(unmarked)), out)
    assert out.getvalue().startswith(
        f"no decision was marked\n\n{len(unmarked)} decisions, at most 2 deals and 0.5 CPU s each, seed 3\n"
    )
    path = tmp_path / "start.txt"
    path.write_text(GameRecord.from_state(pitch13.new_game(seed=1)).to_text(), encoding="utf-8")
    assert main(["review", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "no decision to review\n\n0 decisions, at most 16 deals and 0.15 CPU s each, seed 0\n"
    )


def test_the_review_help_reads_well(capsys):
    with pytest.raises(SystemExit):
        main(["review", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "RECORD" in out and "--samples N" in out and "--time SECONDS" in out and "--workers K" in out
    assert "twice its standard error" in out and "does not depend on --workers" in out


def test_a_review_made_by_hand_is_checked():
    """A NaN loss wrote NaN into the review's JSON, a seat 9 was left out of the seats' table,
    and a mark the loss does not earn was kept."""
    bid, passed = parse_action("bid 5"), parse_action("pass")
    values = (ActionValue(bid, 4.0, 0.5), ActionValue(passed, -3.0, 0.5))
    fields = {
        "index": 2, "hand": 1, "seat": 3, "phase": Phase.BIDDING, "action": passed, "best": bid,
        "loss": 7.0, "stderr": 1.0, "mark": Mark.BLUNDER, "samples": 8, "values": values,
    }  # fmt: skip
    decision = ReviewedDecision(**fields)
    review_ = Review(samples=8, time_limit=None, seed=1, decisions=(decision,))
    assert review_.seats[3] == SeatReview(3, 1, 7.0, 0, 0, 1)
    # Each loss is at most 2**53; a seat's sum of them may be more.
    big = [ReviewedDecision(**{**fields, "index": i, "loss": 2.0**53, "mark": Mark.BLUNDER}) for i in (1, 2)]
    assert Review(8, None, 1, tuple(big)).seats[3].loss == 2.0**54
    for changes, error, message in [
        ({"loss": math.nan}, ValueError, r"ReviewedDecision\.loss must be from 0 to 2\*\*53, not nan"),
        ({"loss": -3.0, "mark": None}, ValueError, r"ReviewedDecision\.loss must be from 0"),
        ({"stderr": math.inf}, ValueError, r"ReviewedDecision\.stderr must be from 0"),
        ({"seat": 9}, ValueError, r"ReviewedDecision\.seat is an int from 0 to 3, not 9"),
        ({"hand": 0}, ValueError, r"ReviewedDecision\.hand must be at least 1"),
        ({"phase": "bidding"}, TypeError, r"ReviewedDecision\.phase must be a Phase, not str"),
        ({"action": "pass"}, TypeError, r"ReviewedDecision\.action must be a seat's action, not 'pass'"),
        (
            {"best": parse_action("bid 6")},
            ValueError,
            r"ReviewedDecision\.best bid 6 is not among the values",
        ),
        ({"values": list(values)}, TypeError, r"ReviewedDecision\.values must be a tuple of ActionValue"),
        (
            {"mark": Mark.INACCURACY},
            ValueError,
            r"the mark a loss of 7 ± 1 on 8 deals earns \(blunder\), not inaccuracy",
        ),
        ({"mark": "blunder"}, TypeError, r"ReviewedDecision\.mark must be a Mark or None, not str"),
        ({"loss": 0.5}, ValueError, r"the mark a loss of 0\.5 ± 1 on 8 deals earns \(none\), not blunder"),
        ({"samples": 1}, ValueError, r"on 1 deal earns \(none\), not blunder"),  # one deal: no mark
        ({"fresh_samples": -1}, ValueError, r"ReviewedDecision\.fresh_samples must be 0 or more"),
        ({"values": values * 2}, ValueError, r"ReviewedDecision\.values must value each action once"),
    ]:
        with pytest.raises(error, match=message):
            ReviewedDecision(**{**fields, **changes})
    for make, error, message in [
        (lambda: SeatReview(4, 0, 0.0, 0, 0, 0), ValueError, r"SeatReview\.seat is an int from 0 to 3"),
        (lambda: SeatReview(0, -2, 5.0, 0, 0, 0), ValueError, r"SeatReview\.decisions must be 0 or more"),
        (lambda: SeatReview(0, 0, 5.0, 0, 0, 0), ValueError, "a seat with no decision has no loss, not 5"),
        (
            lambda: SeatReview(0, 1, 5.0, 1, 0, 1),
            ValueError,
            "more decisions are marked than the 1 there are",
        ),
        (
            lambda: SeatReview(0, 1, math.inf, 0, 0, 0),
            ValueError,
            r"SeatReview\.loss must be finite and 0 or more, not inf",
        ),
        (lambda: Review(0, None, 1, ()), ValueError, r"Review\.samples must be at least 1"),
        (lambda: Review(8, math.nan, 1, ()), ValueError, "Review time_limit must be a positive number"),
        (lambda: Review(8, None, "1", ()), TypeError, r"Review\.seed must be an int, not str"),
        (
            lambda: Review(8, None, 10**5000, ()),
            ValueError,
            r"Review\.seed must be an int of at most 4,300 digits",
        ),
        (lambda: Review(8, None, 1, [decision]), TypeError, r"Review\.decisions must be a tuple"),
        (
            lambda: Review(8, None, 1, (decision, 2)),
            TypeError,
            r"Review\.decisions\[1\] must be a ReviewedDecision",
        ),
        (
            lambda: Review(8, None, 1, (decision,) * 2),
            ValueError,
            "in the record's order: decision 2 after 2",
        ),
    ]:
        with pytest.raises(error, match=message):
            make()
