"""The README's commands are what .ci/run runs, verbatim, each in a fresh environment of its own.

A new user types the commands of the README's quick start into a fresh virtual environment; the
gate must do the same, or it passes while the README's promise is broken. The steps of
``.ci/run`` are read as the script lays them out: ``step NAME "what"`` starts a step, and
``finish_step`` at the top level ends the last one.

The thorough run of ``.ci/run`` means something only if every hypothesis test takes its number of
examples from the profile; the last test checks that too.
"""

from __future__ import annotations

import pathlib
import re
import shlex

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI = ROOT / ".ci" / "run"


def readme_commands(title):
    """The command lines of the fenced ``sh`` blocks of the README's section ``title``."""
    text = README.read_text(encoding="utf-8")
    section = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", text, re.MULTILINE | re.DOTALL)
    assert section, f"the README has no {title} section"
    blocks = re.findall(r"^```sh\n(.*?)^```", section[1], re.MULTILINE | re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def quick_start_commands():
    """The command lines of the README's "Quick start" section."""
    return readme_commands("Quick start")


def install_and_run(command):
    """``python -m pip install ARGS && RUN`` as ``(ARGS, RUN)``, each split as the shell splits it."""
    words = shlex.split(command)
    assert words.count("&&") == 1, command
    at = words.index("&&")
    install, run = words[:at], words[at + 1 :]
    assert install[:4] == ["python", "-m", "pip", "install"], command
    return install[4:], run


def readme_main_command():
    return quick_start_commands()[0]


def readme_test_command():
    return quick_start_commands()[1]


def ci_lines():
    """The lines of .ci/run with continued lines joined, comments and blank lines left out."""
    text = CI.read_text(encoding="utf-8").replace("\\\n", " ")
    lines = (" ".join(line.split()) for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def ci_steps():
    """The steps of .ci/run, in order: name -> the lines of the step."""
    steps = {}
    current = None
    for line in ci_lines():
        start = re.match(r'step (\S+) "', line)
        if start:
            assert start[1] not in steps, f"two steps are named {start[1]}"
            current = steps[start[1]] = []
        elif line == "finish_step":
            current = None
        elif current is not None:
            current.append(line)
    return steps


def step_running(command):
    """The name and lines of the one step of .ci/run that runs ``command`` (verbatim)."""
    found = [(name, lines) for name, lines in ci_steps().items() if any(command in line for line in lines)]
    assert len(found) == 1, f".ci/run should run {command!r} in exactly one step, not {len(found)}"
    return found[0]


# --- the README ------------------------------------------------------------------------------


def test_the_quick_start_has_the_main_command_and_the_test_command():
    """Two commands: install the package and run the demo; install the test extra and run pytest."""
    assert len(quick_start_commands()) == 2
    install, run = install_and_run(readme_main_command())
    assert install == ["."] and run[:2] == ["pitch13", "demo"]
    install, run = install_and_run(readme_test_command())
    assert install == ["-e", ".[test]"] and run == ["python", "-m", "pytest"]


# --- .ci/run ---------------------------------------------------------------------------------


@pytest.mark.parametrize("which", [readme_main_command, readme_test_command], ids=["main", "test"])
def test_the_readme_command_runs_verbatim_in_a_fresh_environment_of_its_own(which):
    """The step that runs the command makes a fresh environment, installs nothing else into it,
    and runs the command as the README writes it; no other step makes that environment."""
    command = which()
    name, lines = step_running(command)
    assert len(lines) == 2, f"the {name} step should do nothing but run the README's command: {lines}"
    first, line = lines
    venv = first.removeprefix("fresh_venv ")
    assert first == f"fresh_venv {venv}" and venv.startswith(".venv-ci-"), first
    # In a subshell, so that set -e stops the script when the install fails (the output of the
    # command may go to a pipe or a file).
    assert re.fullmatch(re.escape(f"({command}") + r"( [|>] [^()]*)?\)", line), line
    assert f"\n({command}" in CI.read_text(encoding="utf-8")
    made_elsewhere = [
        other for other, step in ci_steps().items() if other != name and f"fresh_venv {venv}" in step
    ]
    assert made_elsewhere == []


def test_the_readme_web_table_command_runs_verbatim_in_a_fresh_environment_of_its_own():
    """The "Play in a browser" command is run as written, in a fresh environment, and played
    against; no other step makes that environment."""
    (command,) = readme_commands("Play in a browser")
    install, run = install_and_run(command)
    assert install == ["-e", ".[web]"] and run == ["python", "-m", "examples.web"]
    name, lines = step_running(command)
    at = next(i for i, line in enumerate(lines) if line.startswith("fresh_venv "))
    venv = lines[at].removeprefix("fresh_venv ")
    assert venv.startswith(".venv-ci-"), lines[at]
    assert lines[at + 1] == f"({command}) > {venv}.log 2>&1 &"
    assert any(line.startswith("python benchmarks/web.py --url http://127.0.0.1:8000") for line in lines)
    assert [other for other, step in ci_steps().items() if f"fresh_venv {venv}" in step] == [name]


def test_the_readme_commands_run_before_the_other_steps():
    steps = list(ci_steps())
    assert steps[:2] == [step_running(readme_test_command())[0], step_running(readme_main_command())[0]]


def test_every_step_has_an_environment_of_its_own():
    """Every step but the thorough run makes its own environment, or takes the one made for it in
    the background (``prepare_venv DIR SPEC`` before the steps, ``prepared_venv DIR`` in the step),
    ignored by git."""
    made = [
        line.split()[1]
        for lines in ci_steps().values()
        for line in lines
        if line.startswith(("fresh_venv ", "prepared_venv "))
    ]
    assert len(made) == len(set(made)) == len(ci_steps()) - 1
    assert all(venv.startswith(".venv-ci-") for venv in made)
    prepared = [line.split()[1] for line in ci_lines() if line.startswith("prepare_venv ")]
    taken = [
        line.split()[1]
        for lines in ci_steps().values()
        for line in lines
        if line.startswith("prepared_venv ")
    ]
    assert sorted(prepared) == sorted(taken)
    assert ".venv-ci-*/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_the_thorough_run_takes_the_whole_tests_directory():
    """The thorough hypothesis profile runs in the tests step's environment, over the whole
    ``tests`` directory (no list of modules that a new one could be left out of), selecting the
    tests hypothesis marks as its own: the others do the same under either profile."""
    test_venv = ci_steps()[step_running(readme_test_command())[0]][0].removeprefix("fresh_venv ")
    use, run = ci_steps()["thorough"]
    assert use == f"use_venv {test_venv}"
    words = run.split()
    assert words[:5] == ["HYPOTHESIS_PROFILE=thorough", "python", "-m", "pytest", "tests"]
    assert not any(word.startswith("tests/") for word in words), run
    assert words[5:7] == ["-m", "hypothesis"], run


def test_no_test_fixes_its_number_of_examples():
    """``@settings(max_examples=n)`` would run n examples under both profiles: tests use
    ``@examples(n)`` from ``profiles.py``, which the thorough profile multiplies."""
    fixed = sorted(
        path.name
        for path in (ROOT / "tests").glob("*.py")
        if path.name not in {"profiles.py", "test_ci.py"}
        and "max_examples" in path.read_text(encoding="utf-8")
    )
    assert fixed == []
