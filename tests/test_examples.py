"""The scripts in examples/ run and print what they promise."""

from __future__ import annotations

import pathlib
import re
import runpy
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def run_example(name, monkeypatch, capsys, *args):
    monkeypatch.setattr(sys, "argv", [name, *args])
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    return capsys.readouterr().out.splitlines()


def test_random_game_prints_every_hand_and_the_winner(monkeypatch, capsys):
    lines = run_example("random_game.py", monkeypatch, capsys, "3")
    assert lines[0].startswith("hand 1: seat ")
    assert lines[-1].startswith("team ")
    assert lines[-1].endswith(")")
    hands = [line for line in lines if line.startswith("hand ")]
    assert len(hands) == len(lines) - 1
    scores = [re.search(r"; score (-?\d+) to (-?\d+)$", line) for line in hands]
    assert all(scores), "a hand's line does not end with its score"


def test_random_game_writes_a_negative_score_plainly(monkeypatch, capsys):
    """Seed 7's game has a team below 0: "score -42 to -129", never "-42--129"."""
    lines = run_example("random_game.py", monkeypatch, capsys, "7")
    negative = [line for line in lines if re.search(r"score -\d+ to ", line)]
    assert negative and not any("--" in line for line in lines)


def test_random_game_refuses_a_seed_that_is_not_a_number(monkeypatch, capsys):
    with pytest.raises(SystemExit) as stop:
        run_example("random_game.py", monkeypatch, capsys, "abc")
    assert stop.value.code == 2
    assert "invalid int value: 'abc'" in capsys.readouterr().err


def test_secure_deal_deals_every_hand(monkeypatch, capsys):
    (line,) = run_example("secure_deal.py", monkeypatch, capsys)
    assert re.fullmatch(
        r"\d+ hands dealt; team [01] wins \((target|both_past_target|moon_made|moon_failed)\), -?\d+ to -?\d+",
        line,
    )


def test_house_rules_shows_the_changes_and_a_refusal(monkeypatch, capsys):
    lines = run_example("house_rules.py", monkeypatch, capsys)
    assert "target: 54 -> 62" in lines
    assert lines[-2].startswith("spades trump, high to low: A♠ K♠ Q♠ J♠ J♣ RJ BJ 10♠")
    assert lines[-1] == "refused: dealer_forced_min_bid must be from min_bid (6) to max_bid (13), not 5"


@pytest.mark.parametrize(
    "path", sorted(p for p in EXAMPLES.glob("*.py") if p.name != "__init__.py"), ids=lambda p: p.name
)
def test_every_example_is_covered_here(path):
    assert path.name in {"random_game.py", "secure_deal.py", "house_rules.py"}


def test_the_example_packages_are_the_web_table():
    """The web table (examples/web) has tests of its own: test_web_server.py and test_web_browser.py."""
    assert sorted(p.parent.name for p in EXAMPLES.glob("*/__init__.py")) == ["web"]


def test_the_web_table_names_the_extra_it_needs(monkeypatch, capsys):
    from examples.web.__main__ import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the web extra were not installed
    assert main(["--port", "8123"]) == 2
    assert "python -m pip install -e '.[web]'" in capsys.readouterr().err
