"""What type checkers see: the string values ``Rules`` is typed to take, and typing_tests/.

The programs of ``typing_tests/`` are checked by mypy (the ``lint`` extra); that test is skipped
where mypy is not installed. The others need nothing but the package.
"""

from __future__ import annotations

import pathlib
import typing

import attrs
import pytest

import pitch13
from helpers import load_script
from pitch13.rules import OPTION_ENUMS, JokerOrder, Pickup, TargetRule

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _init_hints():
    """The annotations of ``Rules.__init__``, evaluated in the module that defines ``Rules``."""
    return typing.get_type_hints(pitch13.Rules.__init__, globalns=vars(pitch13.rules))


@pytest.mark.parametrize("option", sorted(OPTION_ENUMS))
def test_each_enum_option_is_typed_as_its_member_or_exactly_its_string_values(option):
    enum_type = OPTION_ENUMS[option]
    parts = typing.get_args(_init_hints()[option])
    literals = [part for part in parts if typing.get_origin(part) is typing.Literal]
    assert [part for part in parts if part not in literals] == [enum_type]
    values = tuple(value for literal in literals for value in typing.get_args(literal))
    assert values == tuple(member.value for member in enum_type)


def test_the_options_themselves_stay_typed_as_their_enums():
    hints = typing.get_type_hints(pitch13.Rules)
    for option, enum_type in OPTION_ENUMS.items():
        assert hints[option] is enum_type
    assert set(OPTION_ENUMS) == {name for name, hint in _init_hints().items() if typing.get_args(hint)}


@pytest.mark.parametrize("option", sorted(OPTION_ENUMS))
def test_rules_turns_each_string_value_into_its_member(option):
    for member in OPTION_ENUMS[option]:
        rules = pitch13.Rules(**{option: member.value})
        assert getattr(rules, option) is member
        assert rules == pitch13.Rules(**{option: member})
        assert getattr(attrs.evolve(pitch13.Rules(), **{option: member.value}), option) is member
        assert getattr(pitch13.Rules().replace(**{option: member.value}), option) is member


def test_evolve_takes_string_values_and_checks_them_like_rules():
    rules = attrs.evolve(pitch13.Rules(), joker_order="fixed", pickup="none", target_rule="at_least")
    assert (rules.joker_order, rules.pickup, rules.target_rule) == (
        JokerOrder.FIXED,
        Pickup.NONE,
        TargetRule.AT_LEAST,
    )
    with pytest.raises(
        pitch13.RulesError, match=r"^pickup must be one of 'point_cards', 'any_trump', 'none', not 'all'$"
    ):
        attrs.evolve(rules, pickup="all")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        # The options are checked in the same order as before they were converted: the flags,
        # then the enums in the order of OPTION_ENUMS, then the numbers.
        ({"joker_order": "random", "use_off_three": 1}, "use_off_three must be True or False, not 1"),
        ({"target_rule": "x", "pickup": ["none"]}, "pickup must be one of 'point_cards', 'any_trump', 'none', not ['none']"),
        ({"min_bid": "4", "moon_failure": JokerOrder.FIXED}, "moon_failure must be one of 'minus_bid', 'lose_game', not <JokerOrder.FIXED: 'fixed'>"),
        ({"deuce_to": {}, "target": 0}, "deuce_to must be one of 'player', 'trick_winner', not {}"),
    ],
)  # fmt: skip
def test_with_several_wrong_options_the_first_checked_is_named(options, message):
    with pytest.raises(pitch13.RulesError) as info:
        pitch13.Rules(**options)
    assert str(info.value) == message


def test_typing_tests_type_check_with_exactly_the_errors_they_mark(tmp_path, monkeypatch):
    """mypy --strict passes on typing_tests/: each line marked ``# type: ignore[CODE]`` is that
    error, and no other line is an error.

    A file with a mark on a line that is no error is checked with them, to show that such a mark
    fails the check (``warn_unused_ignores``, part of ``--strict``).
    """
    api = pytest.importorskip("mypy.api")
    canary = tmp_path / "canary_of_the_typing_tests.py"
    canary.write_text(
        "import pitch13\n\nrules = pitch13.Rules()  # type: ignore[arg-type]\n", encoding="utf-8"
    )
    monkeypatch.setenv("MYPYPATH", str(ROOT / "src"))
    stdout, stderr, status = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--strict",
            "--warn-unused-ignores",
            "--enable-error-code",
            "deprecated",
            "--cache-dir",
            str(tmp_path / "mypy-cache"),
            "--no-error-summary",
            "--show-absolute-path",
            str(ROOT / "typing_tests"),
            str(canary),
        ]
    )
    assert status == 1, stdout + stderr
    errors = [line for line in stdout.splitlines() if ": error: " in line]
    assert errors == [f'{canary}:3: error: Unused "type: ignore" comment  [unused-ignore]'], stdout + stderr
    checked = {path.name for path in (ROOT / "typing_tests").glob("*.py")}
    assert {"public_api.py", "rules_options.py", "moved_names.py"} <= checked


# --- the docs' examples, typed (scripts/doc_code.py) ------------------------------------------

_PAGE = """A page.

>>> count: int = 1
>>> def grow(name):
...     return len(name) + "s"
>>> int([1])
Traceback (most recent call last):
TypeError: int() argument must be a string, a bytes-like object or a real number, not 'list'
>>> count = "one"
>>> skipped: int = "not checked"  # doctest: +SKIP
"""


def _doc_code():
    return load_script(ROOT / "scripts" / "doc_code.py", "doc_code")


def test_doc_code_makes_a_page_one_program_without_its_refusals_and_skipped_examples():
    source, lines = _doc_code().module_of(_PAGE, "page.rst")
    assert source == 'count: int = 1\ndef grow(name):\n    return len(name) + "s"\ncount = "one"\n'
    assert lines == [3, 4, 5, 9]  # each line's place on the page


def test_doc_code_checks_every_page_with_examples():
    script = _doc_code()
    pages = script.pages()
    assert [module.page for module in script.modules_of(pages)][:2] == ["README.md", "docs/analysis.rst"]
    assert pages[0] == ROOT / "README.md"
    assert ROOT / "docs" / "getting-started.rst" in pages and ROOT / "docs" / "api" / "rules.rst" in pages


def test_doc_code_reports_each_error_at_its_page_and_line(tmp_path, monkeypatch):
    """Untyped helpers are allowed but their bodies are checked; a refusal's example and a
    skipped one are not checked."""
    pytest.importorskip("mypy.api")
    script = _doc_code()
    (tmp_path / "pyproject.toml").write_text("[tool.mypy]\nstrict = true\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "page.rst"
    page.write_text(_PAGE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # mypy's cache

    def errors():
        return [
            line
            for line in script.check(script.modules_of([page], tmp_path), tmp_path)
            if ": error: " in line
        ]

    found = errors()
    assert [line.split(": error: ")[0] for line in found] == ["docs/page.rst:5", "docs/page.rst:9"]
    assert "Unsupported operand types" in found[0] and "Incompatible types in assignment" in found[1]
    # The same page again, checked from mypy's cache, is reported at the same places.
    assert errors() == found
    page.write_text(
        ">>> def twice():\n...     pass\n\nText.\n\n>>> def twice():\n...     pass\n", encoding="utf-8"
    )
    assert errors() == ['docs/page.rst:6: error: Name "twice" already defined on line 1  [no-redef]']
    page.write_text(">>> x = (\n...\n", encoding="utf-8")  # a syntax error stops the check
    (stopped,) = errors()
    assert stopped.startswith("docs/page.rst:") and "[syntax]" in stopped
    page.write_text("Fixed.\n\n>>> count: int = 1\n", encoding="utf-8")
    assert script.check(script.modules_of([page], tmp_path), tmp_path) == []


def test_doc_code_takes_no_arguments(capsys):
    assert _doc_code().main(["docs"]) == 2
    assert "takes no arguments" in capsys.readouterr().err
