"""The per-hand summary, the game runner's hands, ``pitch13.simulate`` and ``pitch13 simulate``.

R-BID-1 (each seat's call), R-BID-2 (the forced dealer, and the throw-in under ``redeal``),
R-FILL-2 (the short-stock throw-in) and R-PLAY-7 (the early end) are read back from the hand
lines here and checked against an independent reading of the games.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import sys
import time
import tracemalloc

import attrs
import pytest

import pitch13
from helpers import Broken, Unmade, Unpicklable, load_script, unchecked_evolve
from pitch13 import cli
from pitch13._base.seeds import game_seed
from pitch13.actions import Bid
from pitch13.bots import RandomBot, SimpleBot, iter_hands, play_game
from pitch13.bots._summary import HandWatcher
from pitch13.events import HandDealt, HandEndedEarly, HandScored, HandThrownIn, ThrowInReason, TrickWon
from pitch13.simulate import (
    FORMAT,
    VERSION,
    HandLine,
    HandSummary,
    SimulationSummary,
    hand_summaries,
    simulate,
    simulate_game,
)

#: The keys of a hand line, in order: the documented schema of version 1.
SCHEMA = [
    "format", "version", "seed", "game", "game_seed", "hand", "dealer", "calls", "forced_dealer",
    "bidder", "bid", "trump", "points", "unplayed_points", "made", "moon", "score_change", "scores",
    "ended_early", "thrown_in", "tricks", "actions", "winner",
]  # fmt: skip


# --- bots that make the rare hands common ---------------------------------------------------------


class Timid:
    """Passes whenever it may (so every dealer is forced), else takes the first legal action."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):
        actions = view.legal_actions
        if pitch13.PASS in actions:
            return pitch13.PASS
        return actions[0] if view.phase is not pitch13.Phase.PLAY else self.rng.choice(actions)


class Shy:
    """Passes half the time in the auction; otherwise random."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):
        actions = view.legal_actions
        if pitch13.PASS in actions and self.rng.random() < 0.5:
            return pitch13.PASS
        return self.rng.choice(actions)


class Cheat:
    """Answers with an action that is never legal."""

    def __init__(self, seed=None):
        pass

    def choose(self, view):
        return Bid(99)


# --- an independent reading of a game ---------------------------------------------------------------


def _played(bots, rules, dealer, seed):
    """Play a game step by step; for each hand, the calls ``(seat, amount or None)`` and whether
    the dealer was offered no pass when he called."""
    state = pitch13.new_game(rules, dealer=dealer, seed=seed)
    hands = []
    while not state.is_over:
        seat = state.to_act
        actions = pitch13.legal_actions(state)
        if state.phase is pitch13.Phase.BIDDING:
            if not hands or hands[-1]["hand"] != state.hand_number:
                hands.append({"hand": state.hand_number, "calls": [], "no_pass": False})
            if seat == state.dealer:
                hands[-1]["no_pass"] = pitch13.PASS not in actions
        action = bots[seat].choose(pitch13.view(state, seat))
        if state.phase is pitch13.Phase.BIDDING:
            hands[-1]["calls"].append((seat, action.amount if isinstance(action, Bid) else None))
        state = pitch13.apply(state, action, seat=seat)
    return state, hands


def _check_against_the_game(summaries, state, hands):
    """Each summary against the state's HandResults, its history and the calls seen in play."""
    assert len(summaries) == len(hands) == state.hand_number
    results = iter(state.results)
    by_hand = {}
    for entry in state.history:
        if isinstance(entry.item, HandDealt):
            current = by_hand.setdefault(entry.item.hand_number, {"dealer": entry.item.dealer, "entries": []})
        current["entries"].append(entry)
    scores = (0, 0)
    for summary, seen in zip(summaries, hands, strict=True):
        assert summary.hand_number == seen["hand"]
        entries = by_hand[summary.hand_number]["entries"]
        assert summary.dealer == by_hand[summary.hand_number]["dealer"]
        # R-BID-1: four calls from the dealer's left, as the players made them.
        assert [(s, c) for s, c in zip(summary.seats, summary.calls, strict=True)] == seen["calls"]
        assert [summary.call_of(s) for s, _ in seen["calls"]] == [c for _, c in seen["calls"]]
        assert summary.forced_dealer == seen["no_pass"]
        assert summary.tricks == sum(isinstance(e.item, TrickWon) for e in entries)
        assert summary.actions == sum(e.seat is not None for e in entries)
        thrown = [e.item for e in entries if isinstance(e.item, HandThrownIn)]
        if thrown:
            assert summary.thrown_in is thrown[0].reason
            assert summary.points is None and summary.made is None and summary.unplayed_points is None
            assert summary.score_change == (0, 0)
            assert summary.scores == scores
            if thrown[0].reason is ThrowInReason.ALL_PASSED:
                assert summary.calls == (None,) * 4
                assert summary.bidder is summary.bid is summary.trump is None
        else:
            result = next(results)
            assert [e.item.result for e in entries if isinstance(e.item, HandScored)] == [result]
            assert summary.thrown_in is None
            assert (summary.bidder, summary.bid, summary.trump) == (result.bidder, result.bid, result.trump)
            assert summary.bid == max(c for c in summary.calls if c is not None)
            assert summary.calls[(summary.bidder - summary.dealer - 1) % 4] == summary.bid
            assert (summary.points, summary.unplayed_points) == (result.points, result.unplayed_points)
            assert (summary.made, summary.moon) == (result.made, result.moon)
            assert (summary.score_change, summary.scores) == (result.score_change, result.scores)
            assert summary.ended_early == result.ended_early
            assert summary.ended_early == any(isinstance(e.item, HandEndedEarly) for e in entries)
            assert summary.bidding_team == result.bidding_team
        scores = summary.scores
        last = summary is summaries[-1]
        assert summary.winner == (state.winner if last else None)
    assert next(results, None) is None


CASES = [
    # (bots, rules, what the games must hold)
    (SimpleBot, pitch13.Rules(), "early"),
    (Timid, pitch13.Rules(), "forced"),
    (Shy, pitch13.Rules(all_pass="redeal"), "all_passed"),
    (RandomBot, pitch13.Rules.classic_ten_point(), "early"),
    (RandomBot, pitch13.Rules(dealer_may_match=True), "matched"),
]


@pytest.mark.parametrize(("make", "rules", "wanted"), CASES)
def test_the_summary_of_every_hand_matches_an_independent_reading(make, rules, wanted):
    found = set()
    for seed in range(40):
        state, hands = _played([make(seed * 4 + s) for s in range(4)], rules, seed % 4, seed)
        got = []
        again = play_game(
            [make(seed * 4 + s) for s in range(4)], rules, dealer=seed % 4, seed=seed, on_hand=got.append
        )
        assert again == state
        _check_against_the_game(got, state, hands)
        assert list(hand_summaries(state)) == got
        for hand in got:
            found.add("forced" if hand.forced_dealer else None)
            found.add("early" if hand.ended_early else None)
            found.add(hand.thrown_in.value if hand.thrown_in else None)
            found.add("matched" if hand.bidder == hand.dealer and hand.calls.count(hand.bid) == 2 else None)
        if wanted in found:
            break
    assert wanted in found, f"no {wanted} hand in 40 games: the test checks nothing of it"


def test_a_hand_thrown_in_for_a_short_stock_keeps_its_auction_and_trump():
    """R-FILL-2 with short_stock="redeal": a deal with every heart trump in the stock, hearts named."""
    rules = pitch13.Rules(short_stock="redeal")
    in_stock = {card for card in pitch13.DECK if pitch13.trumps.is_trump(card, pitch13.Suit.HEARTS, rules)}
    deck = sorted(pitch13.DECK, key=lambda card: card in in_stock)  # the stock is the deck's end
    state = pitch13.apply(pitch13.new_game(rules, dealer=3), pitch13.Deal(deck))
    watcher = HandWatcher(state)  # what the game runner uses
    for action in (Bid(4), pitch13.PASS, Bid(6), pitch13.PASS, pitch13.NameTrump(pitch13.Suit.HEARTS)):
        phase = state.phase
        state = pitch13.apply(state, action)
        watched = watcher.step(phase, action, state)
    assert state.hand_number == 2, "the hand was not thrown in: the test checks nothing"
    (hand,) = hand_summaries(state)
    assert watched == hand
    assert hand.thrown_in is ThrowInReason.SHORT_STOCK
    assert (hand.dealer, hand.calls, hand.forced_dealer) == (3, (4, None, 6, None), False)
    assert (hand.bidder, hand.bid, hand.trump) == (2, 6, pitch13.Suit.HEARTS)
    assert (hand.points, hand.made, hand.score_change, hand.scores) == (None, None, (0, 0), (0, 0))
    assert (hand.tricks, hand.actions, hand.winner, hand.ended_early) == (0, 5, None, False)
    line = HandLine(seed=0, game=0, game_seed=game_seed(0, 0), hand=hand)
    assert json.loads(line.to_json())["thrown_in"] == "short_stock"
    assert HandLine.from_json(line.to_json()) == line


def test_iter_hands_yields_what_on_hand_sees_and_play_game_is_unchanged():
    seen = []
    with_hands = play_game([SimpleBot(s) for s in range(4)], seed=11, dealer=2, on_hand=seen.append)
    assert play_game([SimpleBot(s) for s in range(4)], seed=11, dealer=2) == with_hands
    assert list(iter_hands([SimpleBot(s) for s in range(4)], seed=11, dealer=2)) == seen
    assert seen[0].dealer == 2 and seen[-1].winner == with_hands.winner


def test_the_runner_summarizes_unseeded_games_dealt_by_chance_too():
    seen = []
    final = play_game([RandomBot(s) for s in range(4)], on_hand=seen.append)
    assert seen == list(hand_summaries(final))
    assert [h.hand_number for h in seen] == list(range(1, final.hand_number + 1))


def test_a_game_stopped_partway_summarizes_only_its_finished_hands():
    seen = []
    partial = play_game([SimpleBot(s) for s in range(4)], seed=3, max_actions=40, on_hand=seen.append)
    assert not partial.is_over
    assert len(seen) == partial.hand_number - 1 == len(list(hand_summaries(partial)))


def test_the_runner_refuses_bad_arguments():
    with pytest.raises(TypeError, match="on_hand must be callable"):
        play_game([SimpleBot()] * 4, seed=1, on_hand=5)
    with pytest.raises(TypeError, match="four bots"):
        iter_hands([SimpleBot()] * 3, seed=1)  # refused at the call, before any hand
    bots = [SimpleBot(seat) for seat in range(4)]
    with pytest.raises(ValueError, match="dealer"):
        iter_hands(bots, dealer=7)  # at the call too, not at the first next()
    with pytest.raises(TypeError, match="rules"):
        iter_hands(bots, rules="classic")


def test_call_of_refuses_a_seat_that_is_not_one():
    hand = next(iter(iter_hands([SimpleBot(s) for s in range(4)], seed=1)))
    with pytest.raises(ValueError, match="seat is an int from 0 to 3, not 4"):
        hand.call_of(4)
    for seat in (True, "1", 1.0):
        with pytest.raises(TypeError, match="seat is an int from 0 to 3"):
            hand.call_of(seat)


def test_summarize_hand_refuses_what_is_not_one_finished_hand():
    from pitch13.bots._summary import summarize_hand

    state = play_game([SimpleBot(s) for s in range(4)], seed=5)
    history = state.history
    second = next(
        i for i, e in enumerate(history) if isinstance(e.item, HandDealt) and e.item.hand_number == 2
    )
    rules = state.rules
    assert summarize_hand(history[:second], rules, (0, 0)).hand_number == 1
    with pytest.raises(ValueError, match="comes after the end of the hand"):
        summarize_hand(history[: second + 1], rules, (0, 0))
    with pytest.raises(ValueError, match="no HandScored"):
        summarize_hand(history[: second - 1], rules, (0, 0))
    with pytest.raises(ValueError, match="begin with its deal"):
        summarize_hand(history[1:second], rules, (0, 0))


# --- the Python API ---------------------------------------------------------------------------------


def test_lines_come_in_game_order_the_same_with_any_number_of_workers_and_chunks():
    one = [line.to_json() for line in simulate(12, seed=4)]
    two = [line.to_json() for line in simulate(12, seed=4, workers=2, chunk_size=1)]
    assert one == two
    assert [json.loads(line)["game"] for line in one] == sorted(json.loads(line)["game"] for line in one)
    assert {json.loads(line)["game"] for line in one} == set(range(12))


def test_any_game_is_played_again_alone_from_the_seed_and_its_index():
    run = list(simulate(6, seed=9, bots=["simple", "random", "simple", "random"]))
    game = [line for line in run if line.game == 4]
    assert simulate_game(4, seed=9, bots=["simple", "random", "simple", "random"]) == tuple(game)
    assert list(simulate(1, seed=9, start=4, bots=["simple", "random", "simple", "random"])) == game
    # and from the seeds of pitch13._base.seeds, by hand
    from pitch13._base.seeds import player_seed

    bots = [(SimpleBot if s % 2 == 0 else RandomBot)(player_seed(9, 4, s)) for s in range(4)]
    hands = list(iter_hands(bots, dealer=4 % 4, seed=game_seed(9, 4)))
    assert [line.hand for line in game] == hands
    assert {line.game_seed for line in game} == {game_seed(9, 4)}


def test_a_run_tells_its_progress_and_its_cost_and_stops_when_closed():
    calls = []
    run = simulate(6, seed=2, chunk_size=2, progress=lambda done, total: calls.append((done, total)))
    lines = list(run)
    assert calls == [(2, 6), (4, 6), (6, 6)]
    assert run.games == run.games_done == 6 and run.cpu_seconds > 0
    assert sum(line.hand.winner is not None for line in lines) == 6
    early = simulate(40, seed=2, workers=2, chunk_size=1)
    next(early)
    early.close()
    assert early.games_done < 40
    with pytest.raises(StopIteration):
        next(early)


def test_simulate_refuses_bad_arguments():
    with pytest.raises(ValueError, match="games must be at least 1, not 0"):
        simulate(0)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        simulate(3, workers=0)
    with pytest.raises(ValueError, match="workers must be at most 1,024, not 1025"):
        simulate(10**6, workers=1025)
    # With a client, workers starts no process: the client is refused (Dask missing, or no
    # client of it), not workers.
    with pytest.raises((TypeError, ImportError)) as info:
        simulate(10**6, workers=1025, client=object())
    assert "workers" not in str(info.value) and ("Client" in str(info.value) or "Dask" in str(info.value))
    with pytest.raises(ValueError, match="start must be at least 0"):
        simulate(3, start=-1)
    with pytest.raises(ValueError, match="chunk_size must be at least 1"):
        simulate(3, chunk_size=0)
    with pytest.raises(TypeError, match="games must be an int"):
        simulate(2.5)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        simulate(3, bots="nobody")
    with pytest.raises(ValueError, match="one bot for every seat, or four"):
        simulate(3, bots=["simple", "random"])
    with pytest.raises(TypeError, match="a bot is a name or a callable"):
        simulate(3, bots=["simple", 5, "simple", "simple"])
    for raw in (b"ab", bytearray(b"abcd")):  # bytes are no names, and not four of anything
        with pytest.raises(TypeError, match="bots: a bot's name, a callable that makes one, or four"):
            simulate(3, bots=raw)
    with pytest.raises(TypeError, match="rules must be a Rules"):
        simulate(3, rules="classic")
    with pytest.raises(TypeError, match="progress must be callable"):
        simulate(3, progress=1)
    with pytest.raises(TypeError, match="a bot must be picklable"):
        simulate(3, bots=lambda seed: SimpleBot(seed), workers=2)
    assert len(list(simulate(1, bots=lambda seed: SimpleBot(seed)))) > 0  # in this process, any callable
    # One chunk is played in this process whatever the workers: no bot need pickle then.
    assert len(list(simulate(3, bots=lambda seed: SimpleBot(seed), workers=2, chunk_size=3))) > 0
    with pytest.raises(ValueError, match="index must be 0 or more"):
        simulate_game(-1)
    with pytest.raises(pitch13.BotError, match=r"seat 1 .*, in game 0 of the run seeded 0$"):
        list(simulate(1, bots=[SimpleBot, Cheat, SimpleBot, SimpleBot]))
    with pytest.raises(
        pitch13.BotError, match=r"seat 1 .*, in game [01] of the run seeded 0$"
    ):  # from a worker too
        list(simulate(2, bots=[SimpleBot, Cheat, SimpleBot, SimpleBot], workers=2, chunk_size=1))


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(
    ("bots", "seat", "said"),
    [
        ([SimpleBot, Broken, SimpleBot, SimpleBot], 1, "the bot of seat 1 raised"),  # its choose
        ([SimpleBot, SimpleBot, Unmade, SimpleBot], 2, "making the bot of seat 2 raised"),  # its maker
    ],
)
def test_a_bot_that_raises_stops_the_run_with_the_game_it_was_in(bots, seat, said, workers):
    """A bot whose choose, or whose maker, raises stops the run saying in which game (a maker's
    own exception came out of the run as it was, saying none)."""
    with pytest.raises(pitch13.BotFailedError) as caught:
        list(simulate(2, seed=3, start=5, bots=bots, workers=workers, chunk_size=1))
    error = caught.value
    making = said.startswith("making")
    assert (error.seat, error.error, error.making) == (seat, "Unpicklable: the model is gone", making)
    assert error.where == "game 5 of the run seeded 3"  # the first game, in the run's order
    assert str(error) == f"{said} Unpicklable: the model is gone, in {error.where}"
    if workers == 1:
        assert type(error.__cause__) is Unpicklable
    with pytest.raises(pitch13.BotFailedError, match=rf"^{said} .*, in game 7 of the run seeded 3$"):
        simulate_game(7, seed=3, bots=bots)


def test_a_run_of_any_length_holds_a_few_chunks_in_memory():
    """The chunks of games are made as they are played: a run of two million games of a chunk
    each gives its first line at once (a list of its chunks took 250 MB before)."""
    tracemalloc.start()
    try:
        run = simulate(2 * 10**6, chunk_size=1)
        first = next(run)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    run.close()
    assert first == simulate_game(0)[0]
    assert peak < 5_000_000


def test_every_line_a_run_writes_reads_back_and_a_run_it_could_not_write_is_refused():
    """A run's seed and its games' indices are refused beyond what a hand line holds (a seed
    within ±(2**128 - 1), as a game's, and an index below 2**64), so every line reads back."""
    edge = 2**128 - 1
    for seed, start in ((edge, 2**64 - 1), (-edge, 0)):
        (line, *_) = simulate(1, seed=seed, start=start, bots="random")
        assert HandLine.from_json(line.to_json()) == line
        assert simulate_game(start, seed=seed, bots="random")[0] == line
    with pytest.raises(ValueError, match=r"seed must be from -\(2\*\*128 - 1\) to 2\*\*128 - 1"):
        simulate(1, seed=edge + 1)
    with pytest.raises(ValueError, match=r"seed must be from"):
        simulate_game(0, seed=-edge - 1)
    with pytest.raises(ValueError, match=r"a game's index must be below 2\*\*64, .*not 18446744073709551616"):
        simulate(2, start=2**64 - 1)
    with pytest.raises(ValueError, match=r"a game's index must be below 2\*\*64"):
        simulate_game(2**64)


def test_simulate_takes_bot_classes_and_module_class_names():
    by_class = list(simulate(2, seed=1, bots=SimpleBot))
    assert by_class == list(simulate(2, seed=1, bots="simple"))
    assert list(simulate(2, seed=1, bots=f"{__name__}:Timid")) == list(simulate(2, seed=1, bots=Timid))


# --- the hand lines ----------------------------------------------------------------------------------


def test_a_hand_line_holds_every_field_of_the_schema_in_order():
    lines = list(simulate(3, seed=7))
    for line in lines:
        data = json.loads(line.to_json())
        assert list(data) == SCHEMA
        assert (data["format"], data["version"]) == (FORMAT, VERSION) == ("pitch13.hand", 1)
        hand = line.hand
        assert (data["seed"], data["game"], data["game_seed"]) == (7, line.game, line.game_seed)
        assert data["hand"] == hand.hand_number and data["dealer"] == hand.dealer
        assert data["calls"] == list(hand.calls) and len(data["calls"]) == 4
        assert data["trump"] in ("C", "D", "H", "S") and data["trump"] == hand.trump.letter
        assert data["points"] == list(hand.points) and data["scores"] == list(hand.scores)
        assert data["score_change"] == list(hand.score_change)
        for key in ("forced_dealer", "bidder", "bid", "unplayed_points", "made", "moon", "ended_early"):
            assert data[key] == getattr(hand, key)
        assert (data["thrown_in"], data["tricks"], data["actions"]) == (None, hand.tricks, hand.actions)
        assert data["winner"] == hand.winner
        assert HandLine.from_json(line.to_json()) == line
    assert lines[0].hand.dealer == 0 and {line.hand.dealer for line in lines if line.game == 1} >= {1}


def test_a_thrown_in_hand_line_round_trips_with_its_nulls():
    rules = pitch13.Rules(all_pass="redeal")
    hands = (line for index in range(60) for line in simulate_game(index, bots=Shy, rules=rules))
    line = next(line for line in hands if line.hand.thrown_in)
    data = json.loads(line.to_json())
    assert data["thrown_in"] == "all_passed"
    assert data["calls"] == [None] * 4
    assert [data[k] for k in ("bidder", "bid", "trump", "points", "made", "unplayed_points")] == [None] * 6
    assert HandLine.from_json(line.to_json()) == line


def test_every_hand_a_run_plays_reads_back_under_rules_that_call_and_throw_in_differently():
    """R-BID-1, R-BID-2, R-BID-4, R-FILL-2: the checks of a line refuse no hand a game plays,
    dealers who matched, were forced or bid freely after three passes, and hands thrown in."""
    seen = set()
    for rules in (
        pitch13.Rules(dealer_may_match=True),
        pitch13.Rules(all_pass="redeal", short_stock="redeal"),
        pitch13.Rules.classic_ten_point(),
    ):
        for line in simulate(4, seed=5, bots=Shy, rules=rules):
            assert HandLine.from_json(line.to_json()) == line
            h = line.hand
            seen.add("forced" if h.forced_dealer else "thrown in" if h.thrown_in else "played")
            if h.calls[3] is not None and h.calls[3] == max(c or 0 for c in h.calls[:3]):
                seen.add("matched")
            if not h.forced_dealer and h.calls[:3] == (None, None, None) and h.calls[3] is not None:
                seen.add("bid freely after three passes")
    assert seen == {"forced", "thrown in", "played", "matched", "bid freely after three passes"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="pitch13.record"), "this is a pitch13.record document"),
        (lambda d: d.update(version=2), "newer than this pitch13 reads"),
        (lambda d: d.pop("bid"), "missing field 'bid'"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
        (lambda d: d.update(trump="X"), r"\$.trump: expected a suit letter"),
        (lambda d: d.update(dealer=4), r"\$.dealer: expected a number from 0 to 3"),
        (lambda d: d.update(scores=[1]), r"\$.scores: expected two numbers"),
        (lambda d: d.update(made="yes"), r"\$.made: expected true or false"),
        (lambda d: d.update(calls=[None, 5]), r"\$.calls: expected the four calls of the auction, found 2"),
        (lambda d: d.update(calls=[None, 5, "6", None]), r"\$.calls\[2\]: expected a whole number"),
        (lambda d: d.update(thrown_in="tired"), r"\$.thrown_in: expected one of"),
        # Fields that contradict each other, whatever the rules.
        (
            lambda d: d.update(game_seed=d["game_seed"] ^ 1),
            r"\$.game_seed: \d+ is not the deal seed of game 0 of a run seeded 0",
        ),
        (lambda d: d.update(game=1), r"\$.game_seed: \d+ is not the deal seed of game 1 of a run seeded 0"),
        (lambda d: d.update(bidder=None), r"\$.bidder: a bidder and a bid go together"),
        (lambda d: d.update(thrown_in="all_passed"), r"\$.thrown_in: seat 3 bid 6: not everyone passed"),
        (lambda d: d.update(calls=[4, 5, 7, None]), r"\$.bid: the bidder's call is the highest, 7; not 6"),
        (
            lambda d: d.update(calls=[6, None, None, None]),
            r"\$.bid: the bid is the bidder's call, and seat 3 passed, not 6$",
        ),
        (
            lambda d: d.update(calls=[None, None, 5, 6]),
            r"\$.bid: the bid is the bidder's call, and seat 3 called 5, not 6$",
        ),
        (lambda d: d.update(calls=[None] * 4), r"\$.calls: seat 3 bid 6, but every call is a pass"),
        (lambda d: d.update(points=[99, 99]), r"\$.points: a hand's points add up to 13, .*not 198"),
        (lambda d: d.update(made=False), r"\$.made: the bidding team took 12 points on a bid of 6"),
        (lambda d: d.update(thrown_in="short_stock"), r"\$.points: a hand thrown in has no points"),
        (
            lambda d: d.update(calls=[None] * 4, bidder=None, bid=None),
            r"\$.thrown_in: a hand everyone passed is thrown in as all_passed",
        ),
        (
            lambda d: d.update(thrown_in="short_stock", points=None, unplayed_points=None, made=None),
            r"\$.score_change: a hand thrown in changes no score and plays no trick",
        ),
        (
            lambda d: (
                d.update(
                    thrown_in="short_stock", points=None, unplayed_points=None, made=None, score_change=[0, 0]
                )
                or d.update(tricks=0, winner=None, ended_early=True)
            ),
            r"\$.ended_early: a hand thrown in is not played, and so does not end early",
        ),
        (lambda d: d.update(trump=None), r"\$.points: a hand played has trump, points, unplayed points"),
        # R-BID-1: each bid is higher than those before; R-BID-4: only the dealer may match.
        (
            lambda d: d.update(calls=[4, 4, 6, None]),
            r"\$.calls\[1\]: a bid is higher than the bids before it \(only the dealer may match\), not 4 after 4",
        ),
        (lambda d: d.update(calls=[5, 4, 6, None]), r"\$.calls\[1\]: .*, not 4 after 5"),
        (
            lambda d: d.update(calls=[4, 5, 6, 6]),
            r"\$.bidder: the dealer, seat 0, bid 6 last and takes the bid",
        ),
        (
            lambda d: d.update(calls=[4, 5, 14, None], bid=14, made=False),
            r"\$.calls\[2\]: .* at most the hand's points, 13; not 14",
        ),
        (
            lambda d: d.update(forced_dealer=True),
            r"\$.forced_dealer: a dealer is forced to bid only after three passes",
        ),
        (lambda d: d.update(tricks=7, actions=99), r"\$.tricks: a hand has at most 6 tricks, .*; not 7"),
        (lambda d: d.update(actions=9), r"\$.actions: the hand takes at least 10 actions, not 9"),
    ],
)
def test_a_bad_hand_line_is_refused_saying_where(change, message):
    data = simulate_game(0)[0].to_dict()
    change(data)
    with pytest.raises(pitch13.DocumentError, match=message):
        HandLine.from_json(json.dumps(data))


# --- the command -------------------------------------------------------------------------------------


def _lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def test_the_command_writes_a_line_a_hand_and_the_table(tmp_path, capsys):
    out = tmp_path / "hands.jsonl"
    assert cli.main(["simulate", "--games", "8", "--seed", "3", "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert printed.err == ""  # no progress bar where standard error is not a terminal
    lines = [json.loads(text) for text in _lines(out)]
    assert [line.to_dict() for line in simulate(8, seed=3)] == lines
    table = printed.out
    assert table.startswith("simulate: games 0 to 7 of seed 3, bots simple, default rules, 1 worker(s)\n")
    assert f"8 games, {len(lines):,} hands" in table
    # every bid's row, against a count of the lines
    for bid in {line["bid"] for line in lines}:
        hands = [line for line in lines if line["bid"] == bid]
        made = sum(line["made"] for line in hands)
        row = re.search(rf"^ +{bid} +([\d,]+) +[\d.]+% +([\d,]+) ", table, re.M)
        assert row is not None, bid
        assert (int(row[1]), int(row[2])) == (len(hands), made)
    forced = [line for line in lines if line["forced_dealer"]]
    assert f"forced dealer: {len(forced)} hand{'' if len(forced) == 1 else 's'} (" in table
    early = sum(line["ended_early"] for line in lines)
    assert f"early ends: {early} hand{'' if early == 1 else 's'} (" in table
    lengths = [line["hand"] for line in lines if line["winner"] is not None]
    assert f"game length: {sum(lengths) / 8:.2f} hands a game" in table
    first = {line["game"]: line["dealer"] % 2 for line in lines if line["hand"] == 1}
    wins = sum(line["winner"] == first[line["game"]] for line in lines if line["winner"] is not None)
    assert f"first dealer's team won {wins} of 8 games" in table
    assert re.search(r"CPU time: [\d.]+ s \([\d,.]+ games per CPU second\)", table)


def test_the_output_is_byte_identical_whatever_the_number_of_workers(tmp_path, capsys):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    common = ["simulate", "--games", "10", "--seed", "5", "--bots", "simple", "random", "simple", "random"]
    assert cli.main([*common, "--out", str(one)]) == 0
    assert cli.main([*common, "--workers", "2", "--chunk-size", "1", "--out", str(two)]) == 0
    assert one.read_bytes() == two.read_bytes()
    # One chunk of all ten games: played by one process, and said to be.
    capsys.readouterr()
    assert cli.main([*common, "--workers", "4", "--chunk-size", "10", "--out", str(two)]) == 0
    assert "1 worker(s)" in capsys.readouterr().out and one.read_bytes() == two.read_bytes()
    assert len(one.read_bytes()) > 1000
    alone = tmp_path / "alone.jsonl"
    assert cli.main([*common, "--start", "6", "--games", "1", "--out", str(alone)]) == 0
    assert _lines(alone) == [text for text in _lines(one) if json.loads(text)["game"] == 6]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a device always full")
def test_a_full_disk_stops_the_command_before_its_table(capsys):
    # One game's lines fit in the file's buffer, so they reach the disk only when it is flushed:
    # that must fail before the table is printed, as if the run had succeeded.
    assert cli.main(["simulate", "--games", "1", "--out", "/dev/full", "--quiet"]) == 1
    printed = capsys.readouterr()
    assert printed.out == ""
    assert printed.err == "pitch13 simulate: [Errno 28] No space left on device\n"


def test_the_command_writes_lines_to_standard_output_and_the_table_to_standard_error(capsys):
    assert cli.main(["simulate", "--games", "2", "--rules", "classic", "--out", "-", "--quiet"]) == 0
    printed = capsys.readouterr()
    lines = [HandLine.from_json(text) for text in printed.out.splitlines()]
    assert lines == list(simulate(2, rules=pitch13.Rules.classic_ten_point()))
    assert "classic rules" in printed.err and "2 games" in printed.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "argument --games: must be at least 1, not 0"),
        (["--games", "many"], "argument --games: not a whole number: 'many'"),
        (["--workers", "0"], "argument --workers: must be at least 1, not 0"),
        (["--workers", "1025"], "argument --workers: must be at most 1,024, not 1025"),
        (["--bots", "simple", "random"], "argument --bots: give one bot for every seat, or four"),
        (["--rules", "house"], "argument --rules: expected a preset or option=value, found 'house'"),
        (["--rules", "default joker_order=both"], "argument --rules: joker_order: expected one of"),
        (["--start", "-1"], "argument --start: must be at least 0, not -1"),
        (["--seed", str(2**128)], "argument --seed: a seed is an integer of at most 128 bits"),
        (["--seed", "x"], "argument --seed: a seed is an integer, not 'x'"),
    ],
)
def test_the_command_refuses_bad_arguments(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["simulate", *argv])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_the_command_refuses_a_run_past_the_last_game_a_line_holds(capsys):
    assert cli.main(["simulate", "--games", "2", "--start", str(2**64 - 1), "--quiet"]) == 2
    assert capsys.readouterr().err == (
        "pitch13 simulate: a game's index must be below 2**64, as a hand line holds it; not 18446744073709551616\n"
    )


def test_the_command_refuses_an_unknown_bot_and_an_unwritable_file(tmp_path, capsys):
    assert cli.main(["simulate", "--games", "1", "--bots", "champion"]) == 2
    assert (
        "pitch13 simulate: unknown bot 'champion': use one of random, simple, search"
        in capsys.readouterr().err
    )
    assert cli.main(["simulate", "--games", "1", "--bots", "nowhere_module:Bot"]) == 2
    assert "cannot import 'nowhere_module'" in capsys.readouterr().err
    missing = tmp_path / "no" / "such" / "dir" / "hands.jsonl"
    assert cli.main(["simulate", "--games", "1", "--out", str(missing)]) == 2
    assert f"pitch13 simulate: cannot write {missing}: No such file or directory" in capsys.readouterr().err
    # A run refused leaves the file it would have written as it was.
    kept = tmp_path / "kept.jsonl"
    kept.write_text("precious\n")
    assert cli.main(["simulate", "--games", "2", "--start", str(2**64 - 1), "--out", str(kept)]) == 2
    assert "a game's index must be below 2**64" in capsys.readouterr().err
    assert kept.read_text() == "precious\n"


def test_a_bot_that_breaks_the_rules_stops_the_command_with_its_error(capsys):
    assert (
        cli.main(["simulate", "--games", "1", "--bots", "simple", f"{__name__}:Cheat", "simple", "simple"])
        == 1
    )
    assert "pitch13 simulate: the bot of seat 1 chose Bid(amount=99)" in capsys.readouterr().err
    assert cli.main(["simulate", "--games", "1", "--bots", "helpers:Broken", "--quiet"]) == 1
    assert capsys.readouterr().err == (
        "pitch13 simulate: the bot of seat 1 raised Unpicklable: the model is gone, "
        "in game 0 of the run seeded 0\n"
    )


def test_a_game_its_bots_never_end_stops_the_run_and_the_command_after_10000_hands(capsys):
    """Bots that always pass under all_pass=redeal throw in every hand: the run stops once hand
    10,000 is thrown in, where it never returned, and the command says so in one line."""
    run = simulate(2, seed=3, bots="helpers:Passer", rules=pitch13.Rules(all_pass="redeal"))
    with pytest.raises(
        pitch13.GameTooLongError, match=r"^game 0 of the run seeded 3 is not over after 10,000 hands"
    ):
        next(run)
    arguments = ["--games", "1", "--bots", "helpers:Passer", "--rules", "all_pass=redeal", "--quiet"]
    assert cli.main(["simulate", *arguments]) == 1
    assert capsys.readouterr().err == (
        "pitch13 simulate: game 0 of the run seeded 0 is not over after 10,000 hands, the most a"
        " record holds: its bots may never end it (every hand passed out and dealt again, say), or its"
        " target be out of reach\n"
    )
    assert (
        cli.main(["match", "helpers:Passer", "helpers:Passer", "--pairs", "1", "--rules", "all_pass=redeal"])
        == 1
    )
    assert capsys.readouterr().err.startswith(
        "pitch13 match: game 0 (pair 0) of the match seeded 0 is not over"
    )


def test_the_help_reads_well(capsys):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    text = capsys.readouterr().out
    for option in (
        "--games",
        "--workers",
        "--seed",
        "--bots",
        "--out",
        "--rules",
        "--dask",
        "--quiet",
        "--start",
    ):
        assert option in text
    assert "pitch13.hand" in text and "pitch13[dask]" in text


def test_without_dask_the_command_says_which_extra_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed then fails
    assert cli.main(["simulate", "--games", "1", "--dask", "tcp://127.0.0.1:1"]) == 2
    assert "--dask needs Dask, which is not installed: pip install 'pitch13[dask]'" in capsys.readouterr().err


def test_without_dask_simulate_with_a_client_says_which_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r"pip install 'pitch13\[dask\]'"):
        simulate(1, client=object())


def test_import_pitch13_does_not_import_dask():
    import subprocess

    code = "import sys, pitch13, pitch13.simulate, pitch13.cli; print('distributed' in sys.modules, 'dask' in sys.modules)"
    assert (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        == "False False\n"
    )


# --- on Dask -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_on_a_dask_cluster_the_lines_are_those_of_the_local_run(dask_client):
    local = [line.to_json() for line in simulate(10, seed=8, bots=["simple", "random", "simple", "random"])]
    run = simulate(
        10, seed=8, bots=["simple", "random", "simple", "random"], client=dask_client, chunk_size=1
    )
    on_dask = [line.to_json() for line in run]
    assert on_dask == local
    assert run.games_done == 10 and run.cpu_seconds > 0


class SlowFirstNoFourth:
    """A bot for a run seeded 0: slow in game 0 (its first 100 decisions), and not made for game 3."""

    def __init__(self, seed=None):
        from pitch13._base.seeds import player_seed

        if seed == player_seed(0, 3, 0):
            raise RuntimeError("no bot for game 3")
        self.slow = 100 if seed == player_seed(0, 0, 0) else 0
        self.rng = random.Random(seed)

    def choose(self, view):
        if self.slow:
            self.slow -= 1
            time.sleep(0.005)
        return self.rng.choice(view.legal_actions)


def test_on_a_dask_cluster_a_failure_comes_in_its_turn_as_in_a_local_run(dask_client):
    """Game 3 fails while game 0 is still being played: its failure is raised after the lines of
    games 0 to 2, as the local run raises it."""
    said = r"^making the bot of seat 0 raised RuntimeError: no bot for game 3, in game 3 "
    for where in ({}, {"client": dask_client}):
        games: list[int] = []
        run = simulate(
            6, seed=0, bots=[SlowFirstNoFourth, "random", "random", "random"], chunk_size=1, **where
        )
        with pytest.raises(pitch13.BotFailedError, match=said):
            games.extend(line.game for line in run)
        assert sorted(set(games)) == [0, 1, 2], where


def test_simulate_refuses_a_client_that_is_not_a_dask_client():
    pytest.importorskip("distributed")
    with pytest.raises(TypeError, match=r"client must be a dask\.distributed\.Client, not str"):
        simulate(1, client="tcp://localhost:8786")


def test_the_command_on_a_local_dask_cluster_writes_the_same_file(tmp_path, capsys):
    pytest.importorskip("distributed")
    local, on_dask = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    assert cli.main(["simulate", "--games", "6", "--seed", "2", "--out", str(local), "--quiet"]) == 0
    argv = ["simulate", "--games", "6", "--seed", "2", "--dask", "local", "--workers", "2", "--quiet"]
    assert cli.main([*argv, "--chunk-size", "1", "--out", str(on_dask)]) == 0
    assert local.read_bytes() == on_dask.read_bytes()
    assert "a local Dask cluster of 2 worker(s)" in capsys.readouterr().out


def test_the_command_says_when_the_dask_scheduler_cannot_be_reached(monkeypatch, capsys):
    distributed = pytest.importorskip("distributed")

    def refused(address, timeout):
        raise OSError(f"Timed out trying to connect to {address} after {timeout}")

    monkeypatch.setattr(distributed, "Client", refused)
    assert cli.main(["simulate", "--games", "1", "--dask", "tcp://127.0.0.1:9", "--quiet"]) == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_summary_table_without_games_and_with_times():
    summary = SimulationSummary()
    assert summary.games == summary.hands == 0
    assert "0 games, 0 hands" in summary.table()
    with pytest.raises(TypeError, match="add\\(\\) takes a HandLine"):
        summary.add({"format": FORMAT})
    for line in simulate(3, seed=1):
        summary.add(line)
    assert isinstance(summary.bids, dict) and summary.moons[0] >= summary.moons[1]
    assert "games a second" in summary.table(wall_seconds=1.0, cpu_seconds=2.0)
    assert isinstance(HandSummary, type)


def test_summary_counts_of_one_hand_say_hand():
    """A count of one is "1 hand", in every line of the table that counts hands."""
    forced = next(line for line in simulate(10, seed=1, bots="random") if line.hand.forced_dealer)
    assert forced.hand.ended_early and forced.hand.moon  # a random dealer forced to bid 13
    summary = SimulationSummary()
    summary.add(forced)
    table = summary.table()
    assert "forced dealer: 1 hand (" in table
    assert "early ends: 1 hand (" in table
    assert "moon bids: 1 hand, made" in table
    summary.add(next(line for line in simulate(1, seed=2) if not line.hand.moon))
    assert "moon bids: 1 hand, made" in summary.table() and "2 hands" in summary.table()


def test_the_first_dealers_share_has_an_interval_of_width_at_any_count():
    """The Wilson score interval: one game won gives [0.207, 1.000], not a certainty."""
    summary = SimulationSummary()
    for line in simulate_game(0, seed=1):
        summary.add(line)
    won = summary.table().splitlines()[-1]
    assert won.startswith("first dealer's team won")
    assert won.endswith(("1.000 (95% CI [0.207, 1.000])", "0.000 (95% CI [0.000, 0.793])"))
    for index in range(1, 40):
        for line in simulate_game(index, seed=1):
            summary.add(line)
    wins = int(summary.table().splitlines()[-1].split(" won ")[1].split(" of ")[0])
    low, high = (float(x) for x in summary.table().rstrip("])").split("[")[-1].split(", "))
    z = 1.959964
    p = wins / 40
    centre = (p + z * z / 80) / (1 + z * z / 40)
    half = z / (1 + z * z / 40) * math.sqrt(p * (1 - p) / 40 + z * z / 6400)
    assert (low, high) == (round(centre - half, 3), round(centre + half, 3))


def test_the_table_counts_one_hand_thrown_in_as_one_hand():
    summary = SimulationSummary()
    rules = pitch13.Rules(all_pass="redeal")
    line = next(
        line for i in range(60) for line in simulate_game(i, bots=Shy, rules=rules) if line.hand.thrown_in
    )
    summary.add(line)
    assert "thrown in: 1 hand (1 all passed)" in summary.table()


@pytest.mark.parametrize("seconds", [-1.0, float("nan"), float("inf"), -(10**20)])
def test_the_table_refuses_a_time_that_is_no_time(seconds):
    summary = SimulationSummary()
    for line in simulate_game(0, seed=1):
        summary.add(line)
    with pytest.raises(ValueError, match=r"^wall_seconds must be a number of seconds, 0 or more, not "):
        summary.table(wall_seconds=seconds)
    with pytest.raises(ValueError, match=r"^cpu_seconds must be a number of seconds, 0 or more, not "):
        summary.table(wall_seconds=1.0, cpu_seconds=seconds)


def test_a_hand_line_is_made_of_a_hand_summary_and_int_seeds():
    hand = simulate_game(0, seed=1)[0].hand
    with pytest.raises(TypeError, match=r"^a HandLine's hand is a HandSummary, not NoneType$"):
        HandLine(1, 2, 3, None)
    with pytest.raises(TypeError, match=r"^a HandLine's game is an int, not str$"):
        HandLine(1, "2", 3, hand)
    with pytest.raises(TypeError, match=r"^a HandLine's seed is an int, not bool$"):
        HandLine(True, 2, 3, hand)


def test_a_hand_the_summary_cannot_read_leaves_it_as_it_was():
    """The hand is read whole before anything is counted: it had counted one more hand, then
    failed on the hand's ended_early. (A hand is checked as it is made; these are changed in
    place, past the checks, as a corrupted object would be.)"""

    def corrupted(line, **fields):
        return unchecked_evolve(line, hand=unchecked_evolve(line.hand, **fields))

    lines = list(simulate_game(0, seed=1))
    summary = SimulationSummary()
    summary.add(lines[0])
    before = summary.table()
    broken = corrupted(lines[1], ended_early="no")
    with pytest.raises(TypeError):
        summary.add(broken)
    assert summary.table() == before and summary.hands == 1
    # The game's end: the first dealer's team won or lost.
    broken = corrupted(lines[-1], hand_number=1, dealer="x")
    with pytest.raises(TypeError):
        summary.add(broken)
    assert summary.table() == before and summary.hands == 1 and summary.games == 0
    for line in lines[1:]:
        summary.add(line)
    whole = SimulationSummary()
    for line in lines:
        whole.add(line)
    assert summary.table() == whole.table()


# --- the chart script ------------------------------------------------------------------------------


def test_the_bid_chart_script_draws_one_bar_a_bid_from_the_lines(tmp_path, capsys):
    import pathlib
    import xml.etree.ElementTree as ET

    path = pathlib.Path(__file__).parent.parent / "scripts" / "bid_chart.py"
    script = load_script(path, "bid_chart")
    lines = tmp_path / "hands.jsonl"
    svg = tmp_path / "bids.svg"
    assert cli.main(["simulate", "--games", "6", "--bots", f"{__name__}:Timid", "--out", str(lines)]) == 0
    assert script.main([str(lines), str(svg)]) == 0
    hands = [json.loads(text) for text in _lines(lines)]
    bids = sorted({hand["bid"] for hand in hands})
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    bars = [rect for rect in root.iter("{http://www.w3.org/2000/svg}rect") if rect.get("fill") != "white"]
    assert len(bars) == len(bids) + 1  # and the forced dealers' bar: every Timid dealer is forced
    texts = [text.text for text in root.iter("{http://www.w3.org/2000/svg}text")]
    for bid in bids:
        count = sum(hand["bid"] == bid for hand in hands)
        assert f"of {count:,}" in texts and str(bid) in texts
    assert f"of {sum(hand['forced_dealer'] for hand in hands):,}" in texts
    again = tmp_path / "again.svg"
    assert script.main([str(lines), str(again)]) == 0
    assert again.read_bytes() == svg.read_bytes()
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert script.main([str(empty), str(again)]) == 1
    assert "holds no hand played" in capsys.readouterr().err


# --- hands and lines made by hand --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"hand_number": 0}, ValueError, "HandSummary.hand_number must be at least 1, not 0"),
        ({"dealer": 9}, ValueError, "HandSummary.dealer is an int from 0 to 3, not 9"),
        ({"calls": ()}, ValueError, r"HandSummary\.calls are the four calls of the auction, not \(\)"),
        ({"calls": [None] * 4}, TypeError, r"HandSummary\.calls must be a tuple, not list"),
        ({"calls": (None, None, None, 5.0)}, TypeError, "HandSummary.calls' bids must be an int, not float"),
        ({"forced_dealer": 1}, TypeError, "HandSummary.forced_dealer must be a bool, not int"),
        ({"made": "yes"}, TypeError, "HandSummary.made must be a bool or None, not str"),
        ({"bidder": -1}, ValueError, "HandSummary.bidder is an int from 0 to 3, not -1"),
        ({"bid": True}, TypeError, "HandSummary.bid must be an int, not bool"),
        ({"trump": "H"}, TypeError, "HandSummary.trump must be a Suit or None, not str"),
        ({"points": (1,)}, ValueError, "HandSummary.points must hold 2 numbers, not 1"),
        (
            {"scores": (10**400, 0)},
            ValueError,
            r"HandSummary\.scores\[0\] must be within 2\*\*53 of 0, not a number of 1329 bits",
        ),
        (
            {"thrown_in": "all_passed"},
            TypeError,
            "HandSummary.thrown_in must be a ThrowInReason or None, not str",
        ),
        ({"tricks": -1}, ValueError, "HandSummary.tricks must be 0 or more, not -1"),
        ({"winner": 2}, ValueError, "HandSummary.winner must be at most 1, not 2"),
    ],
)
def test_a_hand_summary_checks_its_fields(changes, error, message):
    hand = simulate_game(0, seed=1)[0].hand
    with pytest.raises(error, match=message):
        attrs.evolve(hand, **changes)


def test_a_hand_line_is_one_that_reads_back():
    """A line made by hand that its own reader would refuse is refused as it is made: it used to
    write JSON that HandLine.from_json did not read."""
    line = simulate_game(0, seed=1)[0]
    assert HandLine(line.seed, line.game, line.game_seed, line.hand) == line
    assert all(HandLine.from_json(other.to_json()) == other for other in simulate_game(3, seed=2))
    hand = line.hand
    for changes, message in [
        ({"game": -5}, r"\$\.game: .*-5"),
        ({"game_seed": line.game_seed + 1}, r"\$\.game_seed: .* is not the deal seed of game 0"),
        (
            {"hand": attrs.evolve(hand, calls=(None, None, None, None))},
            r"\$\.calls: seat 0 bid 5, but every call is a pass",
        ),
        ({"hand": attrs.evolve(hand, scores=(10**10, 0))}, r"\$\.scores\[0\]"),
        ({"hand": attrs.evolve(hand, tricks=7, actions=99)}, r"\$\.tricks: a hand has at most 6 tricks"),
    ]:
        with pytest.raises(ValueError, match=r"a HandLine that would not read back: .*" + message):
            attrs.evolve(line, **changes)
