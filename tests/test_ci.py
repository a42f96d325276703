"""The README's and CONTRIBUTING's commands are what .ci/run runs, verbatim.

A new user types the commands of the README into a fresh virtual environment; the gate must do
the same, or it passes while the README's promise is broken. A command that installs runs in a
fresh environment of its own. The steps of ``.ci/run`` are read as the script lays them out:
``step NAME "what"`` starts a step, and ``finish_step`` at the top level ends the last one.

The README is also the package's page on the index, which renders Markdown and nothing else:
it holds no markup another renderer would have resolved, and no link relative to the
repository.

The thorough run of ``.ci/run`` means something only if every hypothesis test takes its number of
examples from the profile; the last test checks that too.
"""

from __future__ import annotations

import pathlib
import re
import shlex
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
CI = ROOT / ".ci" / "run"


def shell_blocks(path):
    """The command lines of the fenced ``sh`` blocks of a Markdown file, indented ones included."""
    text = path.read_text(encoding="utf-8")
    blocks = re.findall(r"^( *)```sh\n(.*?)^\1```", text, re.MULTILINE | re.DOTALL)
    return [line.strip() for _, block in blocks for line in block.splitlines() if line.strip()]


def readme_commands(title):
    """The command lines of the fenced ``sh`` blocks of the README's section ``title``."""
    text = README.read_text(encoding="utf-8")
    section = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert section, f"the README has no {title} section"
    blocks = re.findall(r"^```sh\n(.*?)^```", section[1], re.MULTILINE | re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def quick_start_commands():
    """The command lines of the README's quick start."""
    return readme_commands("Quick start from a clone")


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


def readme_install_command():
    (command,) = readme_commands("Install")
    return command


def readme_docs_command():
    (command,) = readme_commands("Documentation")
    return command


def release_command():
    (command,) = [line for line in shell_blocks(CONTRIBUTING) if "twine" in line]
    return command


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


def test_the_readme_says_how_to_install_from_the_index_and_build_the_docs():
    assert readme_install_command() == "python -m pip install pitch13"
    install, run = install_and_run(readme_docs_command())
    assert install == ["-e", ".[docs]"] and run[:4] == ["python", "-m", "sphinx", "-W"]


@pytest.mark.parametrize("path", [README, CONTRIBUTING], ids=["README", "CONTRIBUTING"])
def test_every_command_of_the_guides_is_run_verbatim_by_ci(path):
    commands = shell_blocks(path)
    assert commands, f"{path.name} shows no command"
    text = CI.read_text(encoding="utf-8")
    missing = [command for command in commands if command not in text]
    assert missing == [], f".ci/run does not run these commands of {path.name} as written"


@pytest.mark.parametrize(
    "which",
    [readme_main_command, readme_test_command, readme_docs_command, release_command],
    ids=["main", "test", "docs", "release"],
)
def test_the_install_command_runs_verbatim_in_a_fresh_environment_of_its_own(which):
    """The step that runs the command makes a fresh environment, installs nothing else into it
    before the command, and runs the command as the guide writes it; no other step makes that
    environment."""
    command = which()
    name, lines = step_running(command)
    at = next(i for i, line in enumerate(lines) if line.startswith("fresh_venv "))
    venv = lines[at].removeprefix("fresh_venv ")
    assert venv.startswith(".venv-ci-"), lines[at]
    before = lines[at + 1 : lines.index(next(line for line in lines if command in line))]
    assert all(not re.search(r"\bpip\b", line) for line in before), before
    (line,) = [line for line in lines if command in line]
    # In a subshell, so that set -e stops the script when the install fails (the output of the
    # command may go to a pipe or a file).
    assert re.fullmatch(re.escape(f"({command}") + r"( [|>] [^()]*)?\)", line), line
    assert f"\n({command}" in CI.read_text(encoding="utf-8")
    made_elsewhere = [
        other for other, step in ci_steps().items() if other != name and f"fresh_venv {venv}" in step
    ]
    assert made_elsewhere == []


def test_the_tests_run_in_the_unpacked_sdist():
    """The README's test command runs in the tree the sdist unpacks to, so the sdist is shown to
    pass its own tests; the thorough run uses the same tree."""
    release = ci_steps()["release"]
    assert any(line.startswith('tar -xzf "dist/pitch13-$version.tar.gz"') for line in release)
    _, lines = step_running(readme_test_command())
    assert lines[1:] == ['cd "$sdist_tree"', f"({readme_test_command()})", 'cd "$root"']
    assert 'cd "$sdist_tree"' in ci_steps()["thorough"]


def test_the_readme_install_command_installs_the_built_wheel_alone():
    """pip reaches nothing but the wheel built in the release step and what it depends on, then
    the installed command's version and the README's examples are checked against it."""
    name, lines = step_running(readme_install_command())
    assert name == "wheel"
    (line,) = [line for line in lines if readme_install_command() in line]
    assert line.startswith('(export PIP_NO_INDEX=1 PIP_FIND_LINKS="$root/.venv-ci-release/wheelhouse";')
    assert any("pitch13 --version" in line for line in lines)
    assert any(
        'python -m doctest -o NORMALIZE_WHITESPACE -o ELLIPSIS "$root/README.md"' in line for line in lines
    )


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


def test_the_artifacts_and_the_readme_commands_come_before_the_other_steps():
    steps = list(ci_steps())
    assert steps[:4] == [
        step_running(release_command())[0],
        step_running(readme_test_command())[0],
        step_running(readme_install_command())[0],
        step_running(readme_main_command())[0],
    ]


# --- what the index page shows -----------------------------------------------------------------


def test_the_readme_has_no_markup_an_index_page_would_show_raw():
    """reStructuredText substitutions, roles and directives, Sphinx cross-references and
    unbalanced fences are printed as text by the index's Markdown renderer; twine check does not
    notice them."""
    text = README.read_text(encoding="utf-8")
    prose = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    prose = re.sub(r"`[^`\n]*`", "", prose)
    assert re.findall(r"\|[A-Za-z_][\w -]*\|", prose) == []
    assert re.findall(r":[a-z]+:`", text) == []
    assert re.findall(r"^\.\. [\w-]+::", text, re.MULTILINE) == []
    assert re.findall(r"\{[a-z]+\}`", text) == []
    assert len(re.findall(r"^ *```", text, re.MULTILINE)) % 2 == 0


def test_the_readme_links_only_to_absolute_addresses():
    """A link relative to the repository is broken on the index page."""
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]*)\)", text) + re.findall(r"<([a-z]+:[^>\s]*)>", text)
    assert targets, "the README links to nothing"
    assert [
        target for target in targets if not target.startswith("https://") and "127.0.0.1" not in target
    ] == []


def test_the_readme_is_no_longer_than_python_chess_s():
    """About 1,340 words; what a contributor needs is in CONTRIBUTING.md."""
    assert len(README.read_text(encoding="utf-8").split()) <= 1340


def test_every_step_has_an_environment_of_its_own():
    """Every step makes its own environment, or takes the one made for it in the background
    (``prepare_venv DIR SPEC`` before the step, ``prepared_venv DIR`` in it), ignored by git."""
    made = [
        line.split()[1]
        for lines in ci_steps().values()
        for line in lines
        if line.startswith(("fresh_venv ", "prepared_venv "))
    ]
    assert len(made) == len(set(made)) == len(ci_steps())
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


def test_a_failing_step_stops_what_runs_in_the_background(tmp_path):
    """A step's failure ended the script and left its background steps running (the thorough
    step's tests for minutes more): the script's own functions, run as it runs them, stop every
    background job and all it started, and a shell whose command is stopped goes no further."""
    text = CI.read_text(encoding="utf-8")
    functions = text[text.index("descendants() {") : text.index("trap stop_background EXIT")]
    mark = f"sleeper-{tmp_path.name}"  # the name of this test's sleeps, for pgrep -f
    sleep = f"exec -a {mark} sleep 300"
    script = tmp_path / "script.sh"
    script.write_text(
        "set -euo pipefail\n"
        + functions
        + "trap stop_background EXIT\n"
        + f"{{ {sleep} & wait; }} > /dev/null 2>&1 &\n"  # a job with a child
        + f"( bash -c '{sleep} & wait'; touch went-on ) > /dev/null 2>&1 &\n"  # a grandchild, then more
        + f"until [[ $(pgrep -f -c {mark}) -ge 2 ]]; do sleep 0.05; done\n"
        + "false\n",  # a step fails
        encoding="utf-8",
    )
    try:
        done = subprocess.run(["bash", str(script)], cwd=tmp_path, timeout=60, capture_output=True, text=True)
        assert done.returncode == 1, done.stderr
        for _ in range(100):
            left = subprocess.run(["pgrep", "-f", mark], capture_output=True, text=True).stdout.split()
            if not left:
                break
            time.sleep(0.05)
        assert left == []
        time.sleep(0.2)
        assert not (tmp_path / "went-on").exists()
    finally:
        subprocess.run(["pkill", "-f", mark], check=False)


def test_the_thorough_run_takes_the_whole_tests_directory():
    """The thorough hypothesis profile runs over the whole ``tests`` directory of the tests
    step's tree (no list of modules that a new one could be left out of), selecting the tests
    hypothesis marks as its own: the others do the same under either profile. It runs on the
    oldest Python the package supports, in an environment of the test extra alone."""
    lines = ci_steps()["thorough"]
    at = lines.index('fresh_venv .venv-ci-thorough "$oldest"')
    version, install, into, run, back = lines[at + 1 : at + 6]
    assert version == "python --version"
    assert install == 'python -m pip install --quiet --no-compile -e "$sdist_tree[test]"'
    assert (into, back) == ('cd "$sdist_tree"', 'cd "$root"')
    assert "oldest=$(find_python 3.10) || true" in ci_lines()
    requires = re.search(r'^requires-python = ">=(3\.\d+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert requires and requires[1] == "3.10"
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


def test_the_readme_lists_every_command_of_the_command_line(capsys):
    from pitch13.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    (choices,) = re.findall(r"\{([a-z,]+)\}", capsys.readouterr().out)[:1]
    text = README.read_text(encoding="utf-8")
    block = text[text.index("## Command line") :]
    block = block[block.index("```text\n") : block.index("\n```\n")]
    assert sorted(re.findall(r"^pitch13 (\w+)", block, re.MULTILINE)) == sorted(choices.split(","))
