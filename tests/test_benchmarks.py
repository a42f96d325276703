"""The benchmark scripts' options (their figures are measured by running them, never by tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import load_script

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _script(name):
    """The module of ``benchmarks/NAME.py``, loaded from its file."""
    return load_script(BENCHMARKS / f"{name}.py", f"benchmark_{name}")


@pytest.mark.parametrize(
    ("argv", "games"),
    [
        (["--quick"], 20),  # --quick's smaller workload
        (["--quick", "--games", "2"], 2),  # an option given as well wins, in either order
        (["--games", "2", "--quick"], 2),
        (["--games", "2"], 2),
    ],
)
def test_quick_sets_smaller_defaults_and_an_option_given_as_well_still_wins(argv, games, capsys):
    """``--quick`` used to overwrite ``--games`` silently; now it only changes the defaults."""
    steps = _script("steps")
    assert steps.main([*argv, "--apply-only", "name trump"]) == 0
    applied = int(capsys.readouterr().out)
    expected = len(steps._workload(games, 3, 1)["name trump"])
    assert applied == expected
    assert 0 < len(steps._workload(2, 3, 1)["name trump"]) < len(steps._workload(20, 3, 1)["name trump"])
