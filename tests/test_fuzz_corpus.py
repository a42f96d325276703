"""The fuzz targets' corpora replayed: each input is refused with its documented error or loads.

``fuzz/corpus/TARGET/`` holds the seed inputs and every finding of a fuzzing run (after its fix),
so a loader that regresses on one fails here, without atheris.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"
sys.path.insert(0, str(FUZZ))

from targets import TARGETS, run_one, seed_inputs  # noqa: E402 - fuzz/ is not a package

CASES = sorted((name, path) for name in TARGETS for path in (FUZZ / "corpus" / name).iterdir())


def test_every_loader_of_untrusted_input_has_a_target_and_a_corpus():
    assert set(TARGETS) == {
        "state_from_json",
        "record_from_json",
        "record_from_text",
        "view_from_json",
        "delta_from_json",
        "hand_line_from_json",
        "parse_action",
        "parse_cards",
    }
    for name in TARGETS:
        assert len(list((FUZZ / "corpus" / name).iterdir())) >= 2, name


@pytest.mark.parametrize(("name", "path"), CASES, ids=[f"{n}/{p.name}" for n, p in CASES])
def test_a_corpus_input_is_loaded_or_refused_with_the_documented_error(name, path):
    run_one(name, path.read_bytes())


def test_the_seed_inputs_load():
    """The seeds are real documents (and a few near misses): most of them load."""
    for name, inputs in seed_inputs().items():
        target, allowed = TARGETS[name]
        loaded = 0
        for data in inputs:
            try:
                target(data)
            except allowed:
                continue
            loaded += 1
        assert loaded >= 1, name


def test_only_the_documented_error_is_taken_for_a_refusal(monkeypatch):
    """run_one swallows the target's documented error; anything else reaches the fuzzer as a finding."""
    import targets

    def refuses(data):
        raise targets.DocumentError("$", "refused")

    def breaks(data):
        raise KeyError(data)

    monkeypatch.setitem(targets.TARGETS, "refuses", (refuses, targets.DocumentError))
    monkeypatch.setitem(targets.TARGETS, "breaks", (breaks, targets.DocumentError))
    run_one("refuses", b"x")
    with pytest.raises(KeyError):
        run_one("breaks", b"x")
