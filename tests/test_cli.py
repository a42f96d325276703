"""The ``pitch13`` command and the benchmark entry point."""

from __future__ import annotations

import importlib
import io
import json
import math
import os
import random
import subprocess
import sys

import pytest

import pitch13
import pitch13.bots
from pitch13 import bench, cli
from pitch13.bots import bot_factory
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
    assert "actions per CPU second:" in out
    assert "hands per CPU second:" in out


def test_bench_run_counts_every_action():
    result = bench.run_once(pitch13.Rules.classic_ten_point(), 2, 9)
    assert result.games == 2
    assert result.hands >= 2
    assert result.actions > 10 * result.hands
    assert result.actions_per_second > 0
    assert result.hands_per_second > 0


def test_bench_runs_play_the_same_games_timed_by_cpu(monkeypatch):
    """Every run of the same arguments plays the same games; the time is CPU time."""
    ticks = iter([10.0, 12.5])
    monkeypatch.setattr(bench.time, "process_time", lambda: next(ticks))
    monkeypatch.setattr(bench.time, "perf_counter", lambda: 1 / 0)  # not the clock on the wall
    first = bench.run_once(pitch13.Rules(), 3, 5)
    assert first.seconds == 2.5 and first.actions_per_second == first.actions / 2.5
    monkeypatch.undo()
    again = bench.run_once(pitch13.Rules(), 3, 5)
    assert (again.actions, again.hands) == (first.actions, first.hands)
    assert bench.run_once(pitch13.Rules(), 3, 6).actions != first.actions


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ((pitch13.Rules(), 0, 1), ValueError, "games must be at least 1, not 0"),
        ((pitch13.Rules(), True, 1), TypeError, "games must be an int, not bool"),
        (("default", 2, 1), TypeError, "rules must be a Rules, not str"),
        ((pitch13.Rules(), 2, "1"), TypeError, "seed"),
    ],
)
def test_bench_run_refuses_bad_arguments(arguments, error, message):
    with pytest.raises(error, match=message):
        bench.run_once(*arguments)


def test_a_bench_result_made_by_hand_is_checked():
    """A negative or NaN time gave a rate of 10**10 actions a second, or NaN."""
    assert bench.BenchResult(10, 2, 1, 0.5).actions_per_second == 20
    for fields, error, message in [
        ((10, 2, 1, -1.0), ValueError, r"BenchResult\.seconds must be from 0 to 2\*\*53, not -1\.0"),
        ((10, 2, 1, math.nan), ValueError, r"BenchResult\.seconds must be from 0 to 2\*\*53, not nan"),
        ((10, 2, 1, "1"), TypeError, r"BenchResult\.seconds must be a number, not str"),
        (
            (10**400, 2, 1, 1.0),
            ValueError,
            r"BenchResult\.actions must be from 0 to 2\*\*53, not a number of 1329 bits",
        ),
        ((10, -2, 1, 1.0), ValueError, r"BenchResult\.hands must be from 0 to 2\*\*53, not -2"),
        ((10, 2, 1.0, 1.0), TypeError, r"BenchResult\.games must be an int, not float"),
    ]:
        with pytest.raises(error, match=message):
            bench.BenchResult(*fields)


@pytest.mark.parametrize("argv", [["--games", "0"], ["--runs", "0"], ["--runs", "-1"]])
def test_bench_command_refuses_bad_counts(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(argv)
    assert stop.value.code == 2
    assert "error: --" in capsys.readouterr().err


def test_bench_command_interrupted_says_so_without_a_traceback(monkeypatch, capsys):
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(bench, "run_once", interrupted)
    assert bench.main(["--games", "2"]) == 130
    assert capsys.readouterr().err == "python -m pitch13.bench: interrupted\n"


def test_bench_command_refuses_a_seed_that_deals_a_game_out_of_range_before_it_plays(capsys):
    """Game g of a run is dealt from seed * 1,000,003 + g: with this seed game 3,026 was the first
    out of range, which the warm-up (a tenth of the games) did not reach, so the timed run ended
    in a traceback; and the message quoted that game's seed, not the one given."""
    seed = 340281346076900232762676319402810  # (2**128 - 1) // 1_000_003
    with pytest.raises(SystemExit) as stop:
        bench.main(["--games", "3100", "--seed", str(seed)])
    assert stop.value.code == 2
    assert (
        f"error: --seed must be from -{seed} to {seed - 1} for 3,100 games, not {seed}\n"
        in capsys.readouterr().err
    )
    assert bench.run_once(pitch13.Rules(), 1, seed).games == 1  # and so would 3,026 games
    with pytest.raises(SystemExit):
        bench.main(["--games", "3027", "--seed", str(seed)])  # the first count it cannot deal
    assert f"to {seed - 1} for 3,027 games, not {seed}\n" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main(["--games", str(10**42)])  # a count no run reaches, whatever the seed
    assert "error: --games must be at most 9,007,199,254,740,992, not a number of 140 bits" in (
        capsys.readouterr().err
    )
    with pytest.raises(ValueError, match=r"^seed must be from .* for 2 games, not -"):
        bench.run_once(pitch13.Rules(), 2, -seed - 1)
    with pytest.raises(
        ValueError, match=rf"^seed must be from -{seed} to {seed} for 1 game, not {seed + 1}$"
    ):
        bench.run_once(pitch13.Rules(), 1, seed + 1)


@pytest.mark.parametrize(
    ("module", "argv", "message"),
    [
        (
            "pitch13.bench",
            ["--games", "\uff11\uff12"],
            "argument --games: not a whole number: '\uff11\uff12'",
        ),
        ("pitch13.bench", ["--runs", "\u0663"], "argument --runs: not a whole number: '\u0663'"),
        ("pitch13.bench", ["--seed", "1" * 61], "argument --seed: a number of 61 digits is far too large"),
        (
            "pitch13.testing.soak",
            ["--games", "\uff11\uff12"],
            "argument --games: not a whole number: '\uff11\uff12'",
        ),
        ("pitch13.testing.soak", ["--workers", "\u0662"], "argument --workers: not a whole number: '\u0662'"),
        (
            "pitch13.testing.soak",
            ["--seed", "1" * 61],
            "argument --seed: a number of 61 digits is far too large",
        ),
        ("pitch13.testing.soak", ["--mutants", "1.5"], "argument --mutants: not a whole number: '1.5'"),
    ],
)
def test_bench_and_soak_read_numbers_in_ascii_digits_of_a_sane_length(module, argv, message, capsys):
    """``int`` read other scripts' digits (fullwidth ``12``, Arabic-Indic ``3`` and ``2``), and
    numbers of up to 4,300 digits, as the ``pitch13`` commands do not."""
    with pytest.raises(SystemExit) as stop:
        importlib.import_module(module).main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


class _ClosedPipe(io.StringIO):
    def write(self, text):
        raise BrokenPipeError


def test_demo_stops_quietly_when_the_reader_goes_away(monkeypatch):
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert cli.main(["demo", "--seed", "7"]) == 0
    assert sys.stderr.closed


def test_a_reader_that_goes_away_does_not_stop_the_record_being_written(monkeypatch, tmp_path):
    path = tmp_path / "game.txt"
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert cli.main(["demo", "--seed", "5", "--record", str(path)]) == 0
    record = pitch13.GameRecord.from_text(path.read_text(encoding="utf-8"))
    assert pitch13.replay(record)[-1].is_over


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
    # The same game dealt by the caller (each hand's deck in the record, no seed) prints the
    # same: each Deal is the hand's heading, not a line of the hand before.
    dealt = tmp_path / "dealt.txt"
    dealt.write_text(
        pitch13.GameRecord(record.rules, record.first_dealer, None, record.hands).to_text(), encoding="utf-8"
    )
    assert cli.main(["replay", str(dealt)]) == 0
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


def test_version_prints_the_packages_version(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f"pitch13 {pitch13.__version__}\n"
    done = subprocess.run(
        [sys.executable, "-m", "pitch13", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout == f"pitch13 {pitch13.__version__}\n"
    assert done.stderr == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a device always full")
@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["review", "--help"]])
def test_help_or_version_that_cannot_be_written_fails(argv):
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-m", "pitch13", *argv], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 1
    assert done.stderr == "pitch13: [Errno 28] No space left on device\n"


class _FullDisk(io.StringIO):
    def write(self, text):
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize(("stdout", "status"), [(_ClosedPipe, 0), (_FullDisk, 1)])
def test_help_whose_write_fails_at_once_stops_as_its_failure_says(monkeypatch, stdout, status):
    monkeypatch.setattr(sys, "stdout", stdout())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == status
    if status:
        assert sys.stderr.getvalue() == "pitch13: [Errno 28] No space left on device\n"
    else:  # a reader that went away: nothing more is said
        assert sys.stderr.closed


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_a_game_printed_where_suits_cannot_be_written_shows_them_as_letters(tmp_path, encoding):
    # Windows writes a redirected output in cp1252, which has no suit symbols.
    record = tmp_path / "game.txt"
    full = cli.main(["demo", "--seed", "3", "--record", str(record)])
    assert full == 0
    environment = dict(os.environ, PYTHONIOENCODING=encoding)
    runs = [
        subprocess.run([sys.executable, "-m", "pitch13", *argv], capture_output=True, env=environment)
        for argv in (["demo", "--seed", "3"], ["replay", str(record)])
    ]
    expected = subprocess.run(
        [sys.executable, "-m", "pitch13", "demo", "--seed", "3"],
        capture_output=True,
        check=True,
        env=dict(os.environ, PYTHONIOENCODING="utf-8"),
    ).stdout.decode("utf-8")
    for suit, letter in zip("♣♦♥♠", "CDHS", strict=True):
        assert suit in expected
        expected = expected.replace(suit, letter)
    for done in runs:
        assert (done.returncode, done.stderr) == (0, b"")
        assert done.stdout.decode("ascii") == expected


def test_only_streams_that_lack_the_suits_are_told_to_write_them_as_letters():
    from pitch13.cli._args import fit_output

    narrow, wide, told = (
        io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors=errors)
        for encoding, errors in (("cp1252", "strict"), ("utf-8", "strict"), ("ascii", "replace"))
    )
    plain = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    fit_output(narrow, wide, told, plain, io.StringIO(), None)
    assert (narrow.errors, wide.errors, told.errors) == ("pitch13-ascii", "strict", "replace")
    for stream in (narrow, wide, told, plain):
        stream.write("A♠ 10♥ … ± 5€ é 4.0 µs\n")
        stream.flush()
    assert narrow.buffer.getvalue() == "AS 10H … ± 5€ é 4.0 µs\n".encode("cp1252")  # it has …, ± and µ
    assert wide.buffer.getvalue().decode("utf-8") == "A♠ 10♥ … ± 5€ é 4.0 µs\n"
    assert told.buffer.getvalue() == b"A? 10? ? ? 5? ? 4.0 ?s\n"
    assert plain.buffer.getvalue() == b"AS 10H ... +/- 5? ? 4.0 us\n"


@pytest.mark.parametrize("argv", [["--help"], ["--version"]])
def test_help_or_version_with_no_standard_output_says_so(monkeypatch, argv):
    # Standard output closed (`>&-`), or none at all (pythonw).
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 1
    assert sys.stderr.getvalue() == "pitch13: [Errno 9] standard output is closed\n"
    monkeypatch.setattr(sys, "stderr", None)  # nor standard error: nothing to say it on
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 1


def test_main_called_with_arguments_leaves_its_callers_streams_as_they_are(monkeypatch):
    plain = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", plain)
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert plain.errors == "strict"


def test_a_command_with_no_standard_output_says_so(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert cli.main(["demo", "--seed", "3"]) == 1
    assert sys.stderr.getvalue() == "pitch13 demo: [Errno 9] standard output is closed\n"


def _without_standard_error(*argv):
    """Run ``python ARGV`` with its standard error closed (``2>&-``): what it wrote, its status."""
    done = subprocess.run(
        [sys.executable, *argv], stdout=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(2)
    )
    return done.stdout, done.returncode


@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor in the child")
def test_a_command_with_no_standard_error_keeps_its_output_clean():
    """``print(..., file=sys.stderr)`` with no standard error writes to standard output: the
    summary table went into ``simulate --out -``'s lines, and ``match``, ``simulate`` and
    ``review`` failed at their progress bar (``None.isatty``) with status 1."""
    lines, status = _without_standard_error("-m", "pitch13", "simulate", "--games", "1", "--out", "-")
    assert status == 0 and lines
    assert all(json.loads(line)["game"] == 0 for line in lines.splitlines())
    said, status = _without_standard_error("-m", "pitch13", "match", "simple", "simple", "--pairs", "1")
    assert status == 0 and said.startswith("simple vs simple: 2 games")
    said, status = _without_standard_error("-m", "pitch13", "replay", "/no/such/file")
    assert (said, status) == ("", 2)


def test_a_command_with_no_standard_error_says_nothing_there_and_leaves_it_none(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", None)
    assert cli.main(["replay", "/no/such/file"]) == 2  # its message is dropped, not printed on out
    assert out.getvalue() == "" and sys.stderr is None
    assert cli.main(["demo", "--seed", "3"]) == 0
    assert out.getvalue().startswith("\n=== Hand 1: North deals ===\n") and sys.stderr is None


class _FlushFails(io.StringIO):
    def __init__(self, error):
        super().__init__()
        self.error = error

    def flush(self):
        raise self.error


@pytest.mark.parametrize(
    ("status", "error", "expected", "said"),
    [
        (1, BrokenPipeError(32, "Broken pipe"), 1, ""),  # a failure found is kept
        (0, BrokenPipeError(32, "Broken pipe"), 0, ""),  # a reader gone is no failure
        (0, OSError(28, "No space left on device"), 1, "soak: [Errno 28] No space left on device\n"),
        (1, OSError(28, "No space left on device"), 1, ""),
    ],
)
def test_a_commands_status_is_kept_when_its_last_write_fails(monkeypatch, status, error, expected, said):
    """``soak | head`` with violations exited 0: the failure of the last write replaced the
    status of the work."""
    from pitch13._base.commands import run_command

    class Kept(io.StringIO):
        def close(self):  # a reader gone closes standard error: kept readable here
            pass

    monkeypatch.setattr(sys, "stdout", _FlushFails(error))
    monkeypatch.setattr(sys, "stderr", Kept())
    assert run_command("soak", lambda: status) == expected
    assert sys.stderr.getvalue() == said


def test_soak_whose_standard_error_cannot_be_written_still_reports(monkeypatch):
    """Its progress line failed on a full standard error, the run stopped, and saying so failed
    too: a traceback, and nothing of what it checked."""
    soak = importlib.import_module("pitch13.testing.soak")
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", _FullDisk())
    assert soak.main(["--games", "2"]) == 0
    assert out.getvalue().startswith("games:            2 (")


@pytest.mark.parametrize(
    ("module", "argv"),
    [("pitch13.bench", ["--games", "1", "--runs", "1"]), ("pitch13.testing.soak", ["--games", "1"])],
)
def test_bench_and_soak_whose_output_cannot_be_written_say_so(module, argv, monkeypatch):
    """Both ended in a traceback on a full disk, and said nothing with standard output closed."""
    main = importlib.import_module(module).main
    prog = f"python -m {module}"
    for stdout, message in [
        (_FullDisk(), f"{prog}: [Errno 28] No space left on device\n"),
        (None, f"{prog}: [Errno 9] standard output is closed\n"),
    ]:
        monkeypatch.setattr(sys, "stdout", stdout)
        monkeypatch.setattr(sys, "stderr", io.StringIO())
        assert main(argv) == 1
        assert sys.stderr.getvalue().endswith(message)
    monkeypatch.setattr(sys, "stderr", _FullDisk())  # nor can it be said: the status says it
    assert main(argv) == 1
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 1 and sys.stderr.getvalue() == f"{prog}: [Errno 28] No space left on device\n"


# --- a record cut short ----------------------------------------------------------------------------


def _hands_of(lines):
    """Each hand's number and the indexes of its action lines in a record's text lines."""
    hands = []
    for i, line in enumerate(lines):
        if line.startswith("hand "):
            hands.append((int(line.split()[1]), []))
        elif hands and line and not line.startswith(("deck ", "#")):
            hands[-1][1].append(i)
    return hands


def _replay_cut(tmp_path, capsys, lines, keep):
    path = tmp_path / f"cut{keep}.txt"
    path.write_text("".join(f"{line}\n" for line in lines[:keep]), encoding="utf-8")
    status = cli.main(["replay", str(path)])
    captured = capsys.readouterr()
    return path, status, captured.out, captured.err


def _note(path, hand):
    return (
        f"pitch13: {path}: note: the record ends in the middle of hand {hand}: "
        "the game is unfinished, or the file was cut short\n"
    )


@pytest.fixture(scope="module")
def finished_game():
    state = pitch13.bots.play_game([pitch13.bots.SimpleBot(s) for s in range(4)], seed=4)
    assert state.is_over and state.hand_number >= 3
    return state


def test_replay_notes_a_record_cut_inside_a_hand_at_every_line(tmp_path, capsys, finished_game):
    """A record with no seed (every deck written) loads when cut at any line: a note says when it stops inside a hand."""
    seeded = pitch13.GameRecord.from_state(finished_game)
    record = pitch13.GameRecord(seeded.rules, seeded.first_dealer, None, seeded.hands)
    lines = record.to_text().splitlines()
    inside = {}  # the lines kept -> the hand they stop inside
    for number, actions in _hands_of(lines):
        for keep in range(actions[0] + 1, actions[-1] + 1):
            inside[keep] = number
    assert len(inside) > 20
    for keep in range(len(lines) + 1):
        path, status, out, err = _replay_cut(tmp_path, capsys, lines, keep)
        if keep < lines.index("hand 1"):  # the tags alone, some cut: a record or none, never a note
            assert ": note: " not in err
            continue
        if lines[keep - 1].startswith("hand "):  # a hand with no deck, which a seed does not deal
            assert status == 1 and err.endswith(
                "has no 'deck' line (only a seeded record may leave it out)\n"
            )
            continue
        assert status == 0, (keep, err)
        if keep in inside:
            assert err == _note(path, inside[keep]), keep
            last = out.rstrip().splitlines()[-1]
            assert last.startswith(f"The record stops in hand {inside[keep]}, "), (keep, last)
        else:
            assert err == "", keep
    # The whole text is the whole game, printed as the demo prints it: no note.
    full = pitch13.replay(record)[-1]
    assert full.is_over and full.scores == finished_game.scores
    expected = io.StringIO()
    cli.print_game(full, expected)
    assert out == expected.getvalue()


def test_replay_of_a_seeded_record_cut_short(tmp_path, capsys, finished_game):
    lines = pitch13.GameRecord.from_state(finished_game).to_text().splitlines()
    hands = _hands_of(lines)
    (first, first_actions), (second, second_actions) = hands[0], hands[1]
    assert (first, second) == (1, 2)
    # Inside hand 2, after its first line of actions: printed, with the note.
    path, status, out, err = _replay_cut(tmp_path, capsys, lines, second_actions[0] + 1)
    assert (status, err) == (0, _note(path, 2))
    assert "=== Hand 2: " in out
    assert out.rstrip().splitlines()[-1].startswith("The record stops in hand 2, ")
    # Before hand 2's first action (its 'hand' and 'deck' lines kept): a game saved between two
    # hands reads so, and is no cause for a note.
    path, status, out, err = _replay_cut(tmp_path, capsys, lines, second_actions[0])
    assert (status, err) == (0, "")
    assert out.rstrip().splitlines()[-1].startswith("The record stops in hand 2, bidding; ")
    # Exactly at hand 1's end: the seed has dealt hand 2, which a seeded record must list.
    path, status, out, err = _replay_cut(tmp_path, capsys, lines, first_actions[-1] + 1)
    assert status == 1 and out == ""
    assert err.startswith(f"pitch13: {path}: line ")
    assert err.endswith(
        "seed 4 has dealt hand 2; the record must list it, with the actions taken so far (perhaps none)\n"
    )


def test_demo_refuses_a_seed_new_game_would_not_take(capsys):
    """As every command does, and at any length: the message quotes no more than a short excerpt."""
    for seed in (str(2**128), "9" * 5000, "-" + "9" * 5000, "x" * 5000):
        with pytest.raises(SystemExit) as exc:
            cli.main(["demo", "--seed", seed])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("usage: pitch13 demo ") and len(err) < 500, err
        assert "pitch13 demo: error: argument --seed: a seed is an integer" in err


def test_a_count_of_thousands_of_digits_is_refused_as_too_large_in_a_short_message(capsys):
    for args in (
        ["match", "simple", "random", "--pairs"],
        ["simulate", "--games"],
        ["review", "x", "--samples"],
    ):
        with pytest.raises(SystemExit) as exc:
            cli.main([*args, "9" * 5000])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert "a number of 5,000 digits is far too large" in err and len(err) < 1000, err
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--games", "x" * 5000])
    err = capsys.readouterr().err
    assert "not a whole number: 'xxx" in err and len(err) < 1000, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["demo", "--dealer", "\u0663"], "argument --dealer: not a whole number: '\u0663'"),
        (["demo", "--seed", "\u0663"], "argument --seed: a seed is an integer, not '\u0663'"),
        (
            ["match", "simple", "random", "--pairs", "\u0661"],
            "argument --pairs: not a whole number: '\u0661'",
        ),
        (["simulate", "--games", "\uff13"], "argument --games: not a whole number: '\uff13'"),
        (["review", "x", "--time", "\u0663"], "argument --time: not a number of seconds: '\u0663'"),
    ],
    ids=["dealer", "seed", "pairs", "games", "time"],
)
def test_numbers_are_written_in_ascii_digits_as_the_notation_writes_them(capsys, args, message):
    """int() and float() read Arabic-Indic or full-width digits; a count of a hundred of them
    got past the cap on digits (the pairs of a match)."""
    with pytest.raises(SystemExit) as exc:
        cli.main(args)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("given", ["", "   ", "\t"])
def test_rules_of_no_words_are_refused(capsys, given):
    with pytest.raises(SystemExit) as exc:
        cli.main(["simulate", "--games", "1", "--rules", given])
    assert exc.value.code == 2
    assert (
        "argument --rules: name the rules: default or classic, then option=value words"
        in capsys.readouterr().err
    )


def test_the_rules_are_said_as_their_words(capsys):
    assert cli.main(["simulate", "--games", "1", "--quiet", "--rules", "  classic   target=31 "]) == 0
    assert "bots simple, classic target=31 rules, 1 worker(s)" in capsys.readouterr().out


def test_a_record_that_cannot_be_written_stops_the_demo_at_once_in_one_line(tmp_path, capsys):
    missing = tmp_path / "no-such-folder" / "game.txt"
    assert cli.main(["demo", "--record", str(missing)]) == 2  # refused, as simulate --out is
    out, err = capsys.readouterr()
    assert out == ""  # stopped before the game was played
    assert err == f"pitch13 demo: cannot write {missing}: No such file or directory\n"


def test_ctrl_c_stops_a_command_in_one_line_with_status_130(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "play_demo", interrupted)
    assert cli.main(["demo"]) == 130
    assert capsys.readouterr().err == "pitch13 demo: interrupted\n"


@pytest.mark.parametrize("command", ["match", "simulate"])
def test_a_bot_spec_that_makes_no_bot_stops_the_command_in_one_line(command, capsys):
    args = (
        ["match", "os:getcwd", "simple", "--pairs", "1"]
        if command == "match"
        else ["simulate", "--games", "1", "--bots", "os:getcwd"]
    )
    assert cli.main([*args, "--quiet"]) == 2
    assert capsys.readouterr().err == (
        f"pitch13 {command}: cannot make the bot 'os:getcwd': "
        "bot 'os:getcwd' made str, which has no choose(view) method\n"
    )


def test_a_bot_that_exits_as_it_is_made_or_imported_stops_the_command_in_one_line(
    tmp_path, monkeypatch, capsys
):
    """sys.exit() in a user's bot ended the command with the bot's status, saying nothing."""
    assert cli.main(["match", "sys:exit", "simple", "--pairs", "1", "--quiet"]) == 2
    assert (
        capsys.readouterr().err
        == "pitch13 match: cannot make the bot 'sys:exit': it exited (SystemExit(0))\n"
    )
    (tmp_path / "exiting_bots.py").write_text("import sys\nsys.exit(7)\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "exiting_bots", raising=False)
    assert cli.main(["simulate", "--games", "1", "--bots", "exiting_bots:Bot", "--quiet"]) == 2
    assert (
        capsys.readouterr().err
        == "pitch13 simulate: bot 'exiting_bots:Bot': its module exited (SystemExit(7))\n"
    )
    assert cli.main(["play", "--bots", "sys:exit", "--seed", "1"]) == 2
    assert capsys.readouterr().err.startswith("pitch13 play: cannot make the bots: one exited (SystemExit(")
    monkeypatch.delitem(sys.modules, "exiting_bots", raising=False)
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", "--bots", "exiting_bots:Bot"])
    assert exc.value.code == 2
    assert (
        "argument --bots: bot 'exiting_bots:Bot': its module exited (SystemExit(7))"
        in capsys.readouterr().err
    )
    monkeypatch.delitem(sys.modules, "exiting_bots", raising=False)
    with pytest.raises(ValueError, match=r"^bot 'exiting_bots:Bot': its module exited \(SystemExit\(7\)\)$"):
        bot_factory("exiting_bots:Bot")  # from Python too: no SystemExit ends the caller


_CHOOSERS = """
import os
import sys


class Exits:
    def choose(self, view):
        sys.exit(0)


class Dies:
    def choose(self, view):
        os._exit(3)
"""


@pytest.fixture
def choosers(tmp_path, monkeypatch):
    """A module ``choosers`` of bots whose ``choose`` calls ``sys.exit(0)`` or ``os._exit(3)``."""
    (tmp_path / "choosers.py").write_text(_CHOOSERS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "choosers", raising=False)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_bot_that_exits_as_it_chooses_fails_the_command_in_one_line(choosers, capsys, workers):
    """sys.exit(0) in a bot's choose ended a match or a run with status 0, saying nothing."""
    for args, said in (
        (
            ["match", "choosers:Exits", "simple", "--pairs", "1"],
            "pitch13 match: the bot of seat 2 raised SystemExit: 0, in game 0 (pair 0) of the match seeded 0, bot A",
        ),
        (
            ["simulate", "--games", "2", "--bots", "choosers:Exits"],
            "pitch13 simulate: the bot of seat 1 raised SystemExit: 0, in game 0 of the run seeded 0",
        ),
    ):
        assert cli.main([*args, "--workers", workers, "--quiet"]) == 1
        assert capsys.readouterr().err == said + "\n"


def test_a_worker_process_that_dies_fails_the_command_in_one_line(choosers, capsys):
    """A worker ended by a bot's os._exit() (or a crash, or the system) ended in a traceback."""
    for command, args in (
        ("match", ["match", "choosers:Dies", "simple", "--pairs", "2"]),
        ("simulate", ["simulate", "--games", "2", "--bots", "choosers:Dies"]),
    ):
        assert cli.main([*args, "--workers", "2", "--quiet"]) == 1
        assert capsys.readouterr().err == (
            f"pitch13 {command}: a worker process ended before its work was done "
            "(say, a bot's os._exit(), a crash, or too little memory)\n"
        )


def test_on_a_local_dask_cluster_a_worker_that_dies_fails_the_command_in_one_line(
    choosers, capfd, tmp_path, monkeypatch
):
    """Dask's KilledWorker ended the command in a traceback, under the logs of each worker started
    again, written by the worker processes themselves (so the whole standard error is read)."""
    pytest.importorskip("distributed")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    args = [
        "simulate",
        "--games",
        "2",
        "--bots",
        "choosers:Dies",
        "--dask",
        "local",
        "--workers",
        "1",
        "--quiet",
    ]
    assert cli.main(args) == 1
    assert capfd.readouterr().err == (
        "pitch13 simulate: a worker process ended before its work was done "
        "(say, a bot's os._exit(), a crash, or too little memory)\n"
    )


@pytest.mark.skipif(sys.getfilesystemencoding() != "utf-8", reason="names a file by bytes that are not UTF-8")
def test_a_file_name_that_is_not_text_is_printed_escaped(tmp_path):
    """A file name's bytes that are not UTF-8 ended verify and play --save in a traceback as they were printed."""
    name = os.fsdecode(b"\xff.txt")
    try:  # some file systems (macOS's) refuse such a name
        (tmp_path / name).touch()
    except OSError:
        pytest.skip("this file system refuses a name that is not UTF-8")
    environment = dict(os.environ, PYTHONIOENCODING="utf-8", PYTHONPATH=os.pathsep.join(sys.path))

    def pitch13_command(*args: str) -> subprocess.CompletedProcess[bytes]:
        run = [sys.executable, "-m", "pitch13", *args]
        done = subprocess.run(run, input=b"quit\n", capture_output=True, cwd=tmp_path, env=environment)
        assert (done.returncode, done.stderr) == (0, b"")
        return done

    saved = pitch13_command("play", "--seed", "7", "--save", name)
    assert saved.stdout.endswith(
        b"The game is saved in \\xff.txt; `pitch13 replay \\xff.txt` prints it whole.\n"
    )
    checked = pitch13_command("verify", name, pitch13.seed_commitment(7))
    assert checked.stdout.startswith(
        b"\\xff.txt: the record's 1 hand was dealt from the seed committed to by "
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["demo", "--record", ""], "argument --record: it is empty: give a file"),
        (["simulate", "--games", "1", "--out", ""], "argument --out: it is empty: give a file, or - for"),
        (["simulate", "--games", "1", "--dask", ""], "argument --dask: it is empty: give the scheduler's"),
    ],
    ids=["record", "out", "dask"],
)
def test_an_empty_file_or_address_is_refused(args, message, capsys):
    """demo --record '' wrote no record, and simulate --dask '' played locally, saying nothing."""
    with pytest.raises(SystemExit) as exc:
        cli.main(args)
    assert exc.value.code == 2 and message in capsys.readouterr().err


def test_the_command_finds_a_bot_module_in_the_folder_it_is_run_from(tmp_path, monkeypatch, capsys):
    """The installed ``pitch13`` script does not put the current folder on the module path, as
    ``python -m pitch13`` does; ``main()`` run as the program puts it there itself."""
    (tmp_path / "folder_bots.py").write_text(
        "class FirstBot:\n"
        "    def __init__(self, seed=None):\n"
        "        pass\n\n"
        "    def choose(self, view):\n"
        "        return view.legal_actions[0]\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "folder_bots", raising=False)
    args = ["match", "folder_bots:FirstBot", "simple", "--pairs", "1", "--quiet"]
    assert cli.main(args) == 2  # given its arguments, as a library call: the path is the caller's
    assert "cannot import 'folder_bots'" in capsys.readouterr().err
    monkeypatch.setattr(sys, "argv", ["pitch13", *args])
    assert cli.main() == 0
    assert sys.path[0] == str(tmp_path)
    assert "folder_bots:FirstBot" in capsys.readouterr().out


def test_replay_reads_a_json_record_after_a_byte_order_mark(tmp_path, capsys):
    state = pitch13.bots.play_game([pitch13.bots.SimpleBot(s) for s in range(4)], seed=3)
    path = tmp_path / "game.json"
    path.write_text("\ufeff" + pitch13.GameRecord.from_state(state).to_json(), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    assert "wins" in capsys.readouterr().out


def test_replay_refuses_a_file_past_the_size_limit(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("pitch13.cli._args.FILE_MAX", 2_000)
    path = tmp_path / "huge.txt"
    path.write_text("x" * 3_000, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 1
    assert (
        capsys.readouterr().err
        == f"pitch13: {path}: longer than 2,000 characters, the most a record file may be\n"
    )


def test_the_commands_read_a_record_longer_than_the_loaders_default_limit(tmp_path, capsys):
    # The loaders take 1,000,000 characters by default, for documents from the network; the
    # record of a long game is longer (a game that ``play --save`` writes as text passes it at
    # about 1,900 hands, this one, as indented JSON, at 600), and the commands must read it.
    rules = pitch13.Rules(target=1_000_000, moon_success="score_points")
    state, choose = pitch13.new_game(rules, dealer=0, seed=8), random.Random(8).choice
    while state.hand_number <= 600:
        state = pitch13.apply(state, choose(pitch13.legal_actions(state)))
    path = tmp_path / "long.json"
    path.write_text(json.dumps(pitch13.GameRecord.from_state(state).to_dict(), indent=2), encoding="utf-8")
    assert path.stat().st_size > 1_000_000
    assert cli.main(["replay", str(path)]) == 0
    assert "hand 601" in capsys.readouterr().out.lower()
    assert cli.main(["verify", str(path), pitch13.seed_commitment(8)]) == 0
    assert "601 hands were dealt" in capsys.readouterr().out
