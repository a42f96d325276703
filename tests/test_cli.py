"""The ``pitch13`` command and the benchmark entry point."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

import pitch13
from pitch13 import bench, cli


def test_demo_prints_a_whole_game_hand_by_hand(capsys):
    assert cli.main(["demo", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "=== Hand 1: North deals ===" in out
    assert "Trick 1:" in out
    assert " win after " in out.rstrip().splitlines()[-1]


def test_demo_is_reproducible_and_ends_with_the_winner():
    first, second = io.StringIO(), io.StringIO()
    state = cli.play_demo(7, pitch13.Rules(), 0, first)
    cli.play_demo(7, pitch13.Rules(), 0, second)
    assert first.getvalue() == second.getvalue()
    assert state.is_over
    winner = ("North-South", "East-West")[state.winner]
    last = first.getvalue().rstrip().splitlines()[-1]
    assert last.startswith(f"{winner} win after {state.outcome.hand_number} hands")
    assert last.endswith(f"{state.scores[0]}-{state.scores[1]}.")
    assert first.getvalue().count("=== Hand ") == state.hand_number


def test_demo_classic_rules(capsys):
    assert cli.main(["demo", "--seed", "3", "--classic", "--dealer", "2"]) == 0
    out = capsys.readouterr().out
    assert "=== Hand 1: South deals ===" in out
    assert "off-three" not in out


def test_demo_rejects_bad_arguments(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["demo", "--dealer", "7"])
    assert exc.value.code == 2
    assert "--dealer" in capsys.readouterr().err


@pytest.mark.parametrize("seed", range(12))
def test_simple_bot_always_chooses_a_legal_action(seed):
    rules = pitch13.Rules(look_take="any_card", pickup="any_trump") if seed % 2 else pitch13.Rules()
    bots = [pitch13.SimpleBot(seed + s) for s in range(4)]
    state = pitch13.new_game(rules, dealer=seed % 4, seed=seed)
    while not state.is_over:
        seat = state.to_act
        action = bots[seat].choose(pitch13.view(state, seat))
        assert action in pitch13.legal_actions(state)
        state = pitch13.apply(state, action, seat=seat)


def test_python_dash_m_runs_the_command():
    done = subprocess.run(
        [sys.executable, "-m", "pitch13", "demo", "--seed", "1"], capture_output=True, text=True, check=True
    )
    assert "=== Hand 1:" in done.stdout


def test_bench_reports_medians(capsys):
    assert bench.main(["--games", "2", "--runs", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "actions per second:" in out
    assert "hands per second:" in out


def test_bench_run_counts_every_action():
    result = bench.run_once(pitch13.Rules.classic_ten_point(), 2, 9)
    assert result.games == 2
    assert result.hands >= 2
    assert result.actions > 10 * result.hands
    assert result.actions_per_second > 0
    assert result.hands_per_second > 0


class _ClosedPipe(io.StringIO):
    def write(self, text):
        raise BrokenPipeError


def test_demo_stops_quietly_when_the_reader_goes_away(monkeypatch):
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert cli.main(["demo", "--seed", "7"]) == 0
    assert sys.stderr.closed
