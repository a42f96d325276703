"""The conformance kit (pitch13.testing.check_random_games) and the soak command.

The kit must pass on the engine under any valid rules, and must fail, naming the game and the ply,
on an engine that breaks any promise it checks: each promise is broken here on purpose.
"""

from __future__ import annotations

import multiprocessing
import random
import re

import attrs
import pytest
from hypothesis import given

import pitch13
import pitch13.testing as kit
from pitch13 import Rules, RulesError, legal_actions
from pitch13._base import pool as pool_module
from pitch13._core.fields import SCORES, Work
from pitch13.encoding import NUM_ACTIONS
from pitch13.engine._work import freeze
from pitch13.testing import ConformanceError, ConformanceReport, InvariantError, check_random_games
from pitch13.testing import soak as soak_module
from profiles import examples
from strategies import valid_rules

SMALL = {"games": 2, "hand_cap": 2}


def test_the_kit_passes_on_the_engine_and_says_what_it_checked():
    report = check_random_games(Rules(), seed=5, **SMALL)
    assert isinstance(report, ConformanceReport)
    assert report.games == 2
    assert report.states > 80
    assert report.legal_applied > report.states  # every legal action, not only the one taken
    assert report.illegal_refused > 2 * report.states
    assert report.views == 5 * report.states
    assert report.round_trips == 2
    assert 0 < report.samples <= 2 * 2 * 2  # at most two states a hand


def test_the_same_arguments_check_the_same_games():
    first = check_random_games(Rules.classic_ten_point(), seed=9, views=False, **SMALL)
    assert check_random_games(Rules.classic_ten_point(), seed=9, views=False, **SMALL) == first
    assert check_random_games(Rules.classic_ten_point(), seed=10, views=False, **SMALL) != first


def test_games_are_played_to_their_end_without_a_hand_cap():
    report = check_random_games(Rules(target=5), games=3, seed=2, hand_cap=None, views=False)
    assert report.finished == 3


@examples(4, deadline=None)
@given(valid_rules(low_bids_only=True, max_target=10))
def test_the_kit_holds_under_any_valid_rules(rules):
    """The project's own property run: every promise the kit checks, under any valid rules."""
    check_random_games(rules, games=1, seed=rules.target, hand_cap=2)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"rules": "default"}, TypeError, "rules"),
        ({"games": -1}, ValueError, "games must be 0 or more, not -1"),
        ({"games": True}, TypeError, "games must be an int, not bool"),
        ({"illegal": 1.5}, TypeError, "illegal must be an int, not float"),
        ({"samples": -2}, ValueError, "samples must be 0 or more, not -2"),
        ({"mutants": "2"}, TypeError, "mutants must be an int, not str"),
        ({"hand_cap": 0}, ValueError, "hand_cap must be at least 1, not 0"),
        ({"hand_cap": True}, TypeError, "hand_cap must be an int, not bool"),
        ({"views": "no"}, TypeError, "views must be True or False, not 'no'"),
        ({"round_trips": 1}, TypeError, "round_trips must be True or False, not 1"),
    ],
)
def test_bad_arguments_are_refused(arguments, error, message):
    with pytest.raises(error, match=re.escape(message)):
        check_random_games(**arguments)


def test_an_unexpected_exception_is_a_broken_promise_at_its_ply(monkeypatch):
    def crashing(state, action, *, seat=None, ply=None):
        if state.ply == 7:
            raise KeyError("lost")
        return pitch13.apply(state, action, seat=seat, ply=ply)

    message = broken(monkeypatch, "apply", crashing)
    assert re.fullmatch(r"game 0 \(game seed \d+\), ply 7: KeyError: 'lost'", message)


# --- a broken engine is caught -------------------------------------------------------------------


def broken(monkeypatch, name, replacement):
    """Run the kit with ``pitch13.testing.<name>`` replaced; return the ConformanceError's message."""
    monkeypatch.setattr(kit, name, replacement)
    with pytest.raises(ConformanceError) as info:
        check_random_games(Rules(), games=2, seed=3, hand_cap=2)
    message = str(info.value)
    assert message.startswith("game ")
    return message


def test_a_legal_action_that_does_not_apply_is_caught(monkeypatch):
    def with_an_extra(state):
        actions = legal_actions(state)
        return (*actions, pitch13.Play(pitch13.Card.parse("2C"))) if actions else actions

    assert "IllegalActionError" in broken(monkeypatch, "legal_actions", with_an_extra)


def test_every_action_tried_finds_a_legal_action_left_out(monkeypatch):
    """With ``illegal`` at the size of the action space, every other action is tried at each
    state: a ``legal_actions`` that never offers a reject is caught, which a few draws miss."""

    def no_reject(state):
        return tuple(action for action in legal_actions(state) if action != pitch13.REJECT)

    monkeypatch.setattr(kit, "legal_actions", no_reject)
    check_random_games(Rules(), games=2, seed=3, hand_cap=2)  # 3 draws a state: not found
    with pytest.raises(
        ConformanceError, match=r"reject \(seat None, ply None\) was applied, but it is not legal"
    ):
        check_random_games(Rules(), games=2, seed=3, hand_cap=2, illegal=NUM_ACTIONS)


def test_the_actions_tried_at_a_state_are_all_different():
    """``illegal`` of 10**6 tries each action not legal once: at each state of a decision, the
    refusals (the 237 actions less the legal ones, a wrong seat and maybe a stale ply) and the
    legal actions applied add up to 234 more than with 3 draws."""
    few, every = (check_random_games(Rules(), games=2, seed=3, hand_cap=1, illegal=n) for n in (3, 10**6))
    assert (few.states, few.legal_applied) == (every.states, every.legal_applied)
    more = every.illegal_refused + every.legal_applied - few.illegal_refused
    assert more % (NUM_ACTIONS - 3) == 0 and 0 < more // (NUM_ACTIONS - 3) <= few.states
    alone = check_random_games(Rules(), games=2, seed=3, hand_cap=1, views=False, round_trips=False)
    assert (alone.states, alone.legal_applied) == (few.states, few.legal_applied)  # the same games


def test_repeated_legal_actions_are_caught(monkeypatch):
    def doubled(state):
        return legal_actions(state) * 2

    assert "repeat" in broken(monkeypatch, "legal_actions", doubled)


def test_an_illegal_action_applied_is_caught(monkeypatch):
    def lenient(state, action, *, seat=None, ply=None):
        try:
            return pitch13.apply(state, action, seat=seat, ply=ply)
        except pitch13.IllegalActionError:
            return state

    assert "was applied, but it is not legal here" in broken(monkeypatch, "apply", lenient)


def test_a_refusal_with_the_wrong_reason_is_caught(monkeypatch):
    def careless(state, action, *, seat=None, ply=None):
        try:
            return pitch13.apply(state, action, seat=seat, ply=ply)
        except pitch13.IllegalActionError as error:
            raise pitch13.IllegalActionError(
                pitch13.IllegalReason.WRONG_PHASE, str(error), action=action, seat=error.seat
            ) from None

    assert "was refused as" in broken(monkeypatch, "apply", careless)


def test_scores_changed_outside_a_hand_end_are_caught(monkeypatch):
    def generous(state, action, *, seat=None, ply=None):
        after = pitch13.apply(state, action, seat=seat, ply=ply)
        if after.ply == 3:  # in the first auction: no hand is scored
            w = Work(after._layout)
            w[SCORES] = (w[SCORES][0] + 1, w[SCORES][1])
            return freeze(w)
        return after

    assert "scores changed" in broken(monkeypatch, "apply", generous)


def test_a_broken_invariant_is_caught(monkeypatch):
    def failing(state):
        if state.ply == 12:
            raise InvariantError("AH is both in hand 0 and in hand 1")

    monkeypatch.setattr(kit, "check_invariants", failing)
    with pytest.raises(ConformanceError, match=r"ply 11: after .*: AH is both in hand 0"):
        check_random_games(Rules(), games=1, seed=3, hand_cap=1)


def test_a_view_delta_that_loses_entries_is_caught(monkeypatch):
    def lossy(state, seat, since):
        delta = pitch13.view_delta(state, seat, since)
        return attrs.evolve(delta, entries=delta.entries[1:]) if delta.entries else delta

    # Updating refuses it: the entries left do not take the game to the delta's ply.
    assert "DocumentError: $[1]: the delta's entries bring the game" in broken(
        monkeypatch, "view_delta", lossy
    )


def test_a_view_delta_that_stops_short_is_caught(monkeypatch):
    def short(state, seat, since):
        delta = pitch13.view_delta(state, seat, since)
        if len(delta.entries) == 1 and delta.entries[0].split()[0].isdigit():  # one action alone
            return attrs.evolve(delta, ply=since, entries=())  # a valid delta: nothing new
        return delta

    assert "updated by a delta is not its view" in broken(monkeypatch, "view_delta", short)


def test_a_sample_that_gives_another_view_is_caught(monkeypatch):
    def another(seat_view, rng):
        state = pitch13.new_game(seed=rng.randrange(10**6))
        return pitch13.apply(state, legal_actions(state)[0])

    assert "sampled from seat" in broken(monkeypatch, "sample_state", another)


def test_a_record_that_replays_elsewhere_is_caught(monkeypatch):
    def elsewhere(record):
        return (pitch13.new_game(seed=1),)

    assert "does not replay" in broken(monkeypatch, "replay", elsewhere)


def test_a_state_document_that_loses_the_game_is_caught(monkeypatch):
    monkeypatch.setattr(kit, "state_from_json", lambda text: pitch13.new_game(seed=1))
    with pytest.raises(ConformanceError, match="state_to_json"):
        check_random_games(Rules(), games=1, seed=3, hand_cap=1)


# --- the soak command --------------------------------------------------------------------------------


def test_random_rules_are_valid_and_keep_forced_bids_low():
    rng = random.Random(4)
    drawn = [soak_module.random_rules(rng) for _ in range(300)]
    assert len(set(drawn)) > 250
    for rules in drawn:
        assert rules.dealer_forced_min_bid <= rules.points_total // 2
        assert 1 <= rules.min_bid <= rules.dealer_forced_min_bid <= rules.max_bid <= rules.points_total
    for option in ("joker_order", "all_pass", "pickup", "look_take", "deuce_to", "target_rule"):
        assert len({getattr(rules, option) for rules in drawn}) > 1, option


def test_soak_prints_what_it_checked(capsys):
    assert soak_module.main(["--games", "6", "--seed", "3", "--full-every", "5", "--hand-cap", "2"]) == 0
    out = capsys.readouterr().out
    assert "games:            6" in out
    assert "violations:       0" in out
    assert "views checked:    " in out and "round trips: 2" in out


def test_soak_gives_the_same_totals_on_any_number_of_workers():
    one = soak_module.soak(16, seed=8, workers=1, hand_cap=3)
    two = soak_module.soak(16, seed=8, workers=2, hand_cap=3)
    assert one == two
    assert one.report.games == 16 and one.violations == ()


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the workers must inherit the patch")
def test_soak_gives_the_same_violations_in_the_same_order_on_any_number_of_workers(monkeypatch):
    """The batches come back from the workers in any order: the violations must not."""
    real = soak_module.check_random_games

    def failing_one_in_three(rules, *, seed, **options):
        if seed % 3 == 0:
            raise ConformanceError(f"made up for the game seed {seed}")
        return real(rules, seed=seed, **options)

    monkeypatch.setattr(soak_module, "check_random_games", failing_one_in_three)
    options = {"seed": 5, "hand_cap": 1, "full_every": 0, "mutants": 0}
    one = soak_module.soak(37, workers=1, **options)
    assert len(one.violations) >= 5
    assert [int(re.match(r"game (\d+) ", v)[1]) for v in one.violations] == sorted(
        int(re.match(r"game (\d+) ", v)[1]) for v in one.violations
    )
    for workers in (2, 3, 7):
        assert soak_module.soak(37, workers=workers, **options) == one


@pytest.mark.parametrize("rng", [None, 5, random])
def test_random_rules_takes_a_random_source(rng):
    """It failed with AttributeError (``None.random``)."""
    with pytest.raises(TypeError, match=r"^rng must be a Random, not "):
        soak_module.random_rules(rng)


def test_soak_starts_no_more_processes_than_it_has_batches(monkeypatch):
    """A pool of 1,024 processes for one game started them all, and each idled."""
    started = []
    real = pool_module.ProcessPoolExecutor

    def counted(max_workers, **options):
        started.append(max_workers)
        return real(max_workers, **options)

    monkeypatch.setattr(pool_module, "ProcessPoolExecutor", counted)
    assert soak_module.soak(1, seed=8, workers=1024, hand_cap=2).report.games == 1
    assert started == []  # one batch: played here
    assert soak_module.soak(4, seed=8, workers=64, hand_cap=2).report.games == 4
    assert started == [4]  # 4 games in 4 batches of 1


def test_soak_reports_each_violation_and_fails(monkeypatch, capsys):
    def failing(rules, **kwargs):
        raise ConformanceError("game 0 (game seed 1), ply 7: broken on purpose")

    monkeypatch.setattr(soak_module, "check_random_games", failing)
    assert soak_module.main(["--games", "3"]) == 1
    out = capsys.readouterr().out
    assert "violations:       3" in out
    assert "broken on purpose" in out and "soak seed 0" in out


def test_a_soak_violation_says_the_call_that_replays_its_game(monkeypatch):
    def crashing(state, action, *, seat=None, ply=None):
        if state.ply == 9 and state.rules.use_off_three:
            raise KeyError("lost")
        return pitch13.apply(state, action, seat=seat, ply=ply)

    monkeypatch.setattr(kit, "apply", crashing)
    result = soak_module.soak(6, seed=4, hand_cap=2, full_every=3, mutants=1)
    assert result.violations
    for violation in result.violations:
        found, call = violation.split("; it replays with ")
        assert call.startswith("pitch13.testing.check_random_games(pitch13.Rules(")
        with pytest.raises(ConformanceError) as info:
            eval(call, {"pitch13": pitch13})  # the text the soak printed
        assert found.endswith(str(info.value)) and "ply 9: KeyError: 'lost'" in found


def test_a_value_error_from_the_soaks_run_is_no_usage_error(monkeypatch):
    """Only the counts are checked as the command line's: a library fault in the run was told
    as ``--forced-bid must be ...`` with the usage status, 2."""

    def faulty(rng):
        raise RulesError("forced_bid must be at most 6, not 7")

    monkeypatch.setattr(soak_module, "random_rules", faulty)
    with pytest.raises(RulesError, match=r"^forced_bid must be at most 6, not 7$"):
        soak_module.main(["--games", "1"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "--games must be at least 1, not 0"),
        (["--workers", "0"], "--workers must be at least 1, not 0"),
        (["--workers", "1025"], "--workers must be at most 1,024, not 1025"),
        (["--hand-cap", "0"], "--hand-cap must be at least 1, not 0"),
        (["--full-every", "-1"], "--full-every must be 0 or more, not -1"),
    ],
)
def test_soak_refuses_bad_counts(argv, message, capsys):
    with pytest.raises(SystemExit) as info:
        soak_module.main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_soak_interrupted_says_so_without_a_traceback(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(soak_module, "soak", interrupted)
    assert soak_module.main(["--games", "2"]) == 130
    assert capsys.readouterr().err == "\rpython -m pitch13.testing.soak: interrupted\n"


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"games": 0}, ValueError, "games must be at least 1, not 0"),
        ({"games": 3, "workers": 0}, ValueError, "workers must be at least 1, not 0"),
        ({"games": 10**6, "workers": 10**6}, ValueError, "workers must be at most 1,024, not 1000000"),
        (
            {"games": 1, "workers": 10**100},
            ValueError,
            "workers must be at most 1,024, not a number of 333 bits",
        ),
        ({"games": 3, "full_every": -1}, ValueError, "full_every must be 0 or more, not -1"),
        ({"games": -3}, ValueError, "games must be at least 1, not -3"),
        ({"games": True}, TypeError, "games must be an int, not bool"),
        ({"games": 3, "mutants": 1.0}, TypeError, "mutants must be an int, not float"),
        ({"games": 3, "seed": "s"}, TypeError, "seed"),
    ],
)
def test_soak_refuses_bad_arguments(arguments, error, message):
    with pytest.raises(error, match=re.escape(message)):
        soak_module.soak(**arguments)


def test_a_report_and_a_soak_result_made_by_hand_are_checked():
    report = ConformanceReport(2, 1, 30, 40, 5, 6, 0, 3)
    assert soak_module.SoakResult(report, ("game 0: broken",)).report == report
    for make, error, message in [
        (lambda: ConformanceReport(2, 3, 30, 40, 5, 6, 0, 3), ValueError, "3 of 2 games finished"),
        (lambda: ConformanceReport(2, 1, 30, 40, 5, 6, 0, 3, 1, 2), ValueError, "2 of 1 mutants accepted"),
        (
            lambda: ConformanceReport(2, 1, -30, 40, 5, 6, 0, 3),
            ValueError,
            r"ConformanceReport\.states must be 0 or more",
        ),
        (
            lambda: ConformanceReport(2, 1, 30, 40.0, 5, 6, 0, 3),
            TypeError,
            r"ConformanceReport\.legal_applied must be an int",
        ),
        (
            lambda: soak_module.SoakResult(None, ()),
            TypeError,
            r"SoakResult\.report must be a ConformanceReport",
        ),
        (
            lambda: soak_module.SoakResult(report, ["x"]),
            TypeError,
            r"SoakResult\.violations must be a tuple of str",
        ),
    ]:
        with pytest.raises(error, match=message):
            make()
