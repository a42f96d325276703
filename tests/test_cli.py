"""The ``pitch13`` command and the benchmark entry point."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

import pitch13
import pitch13.bots
from pitch13 import bench, cli
from pitch13.narration import Narrator, narrate_history


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
    assert last.startswith(f"{winner} win after hand {state.outcome.hand_number}")
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
    bots = [pitch13.bots.SimpleBot(seed + s) for s in range(4)]
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


def test_demo_saves_its_record_and_replay_prints_the_same_game(tmp_path, capsys):
    path = tmp_path / "game.txt"
    assert cli.main(["demo", "--seed", "5", "--record", str(path)]) == 0
    played = capsys.readouterr().out
    record = pitch13.GameRecord.from_text(path.read_text(encoding="utf-8"))
    assert record.seed == 5
    assert pitch13.replay(record)[-1].is_over
    assert cli.main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == played
    as_json = tmp_path / "game.json"
    as_json.write_text(record.to_json(indent=1), encoding="utf-8")
    assert cli.main(["replay", str(as_json)]) == 0
    assert capsys.readouterr().out == played


def test_replay_of_an_unfinished_record_says_where_it_stops(tmp_path, capsys):
    state = pitch13.new_game(seed=2)
    for _ in range(5):
        state = pitch13.apply(state, pitch13.legal_actions(state)[-1])
    path = tmp_path / "partial.txt"
    path.write_text(pitch13.GameRecord.from_state(state).to_text(), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    seat = ("North", "East", "South", "West")[state.to_act]
    assert last == f"The record stops in hand 1, {state.phase.value}; {seat} to act. Score 0-0."


def test_replay_refuses_a_broken_record_with_where_and_why(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    text = pitch13.GameRecord.from_state(pitch13.new_game(seed=2)).to_text()
    path.write_text(text.replace('[Version "1"]', '[Version "9"]'), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"pitch13: {path}: line 2, column 1: pitch13.record version 9 is newer")
    assert cli.main(["replay", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path.write_bytes(b"\xff\xfe")
    assert cli.main(["replay", str(path)]) == 2


def test_the_demo_is_told_by_the_public_narrator_in_short(capsys):
    """print_game prints the narrator's lines, leaving out single cards played and turned up."""
    state = pitch13.bots.play_game([pitch13.bots.SimpleBot(s) for s in range(4)], seed=4)
    names = ("Ann", "Bob", "Cy", "Di")
    out = io.StringIO()
    assert cli.print_game(state, out, narrator=Narrator(names)) == len(state.history)
    printed = [line.strip() for line in out.getvalue().splitlines() if line.strip()]
    told = narrate_history(state.history, Narrator(names))
    assert printed[0] == f"=== Hand 1: {names[state.first_dealer]} deals ==="
    banners = [line for line in printed if line.startswith("=== ")]
    assert len(banners) == state.hand_number
    rest = [line for line in printed if not line.startswith("=== ")]
    assert all(line in told for line in rest)
    assert not any(" plays " in line or " turns up " in line for line in rest)
    assert any(line.startswith("Trick 1: ") for line in rest)
    assert rest[-1] == told[-1] and " win after " in rest[-1]
    assert not any(name in out.getvalue() for name in ("North", "East-West"))
