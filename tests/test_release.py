"""The version story: one version, a dated changelog section for it, in Keep a Changelog form.

A release is the version in ``pitch13.__version__`` (the one place it is written: the build
reads it there) and a section of ``CHANGELOG.md`` headed with that version and its date, below
an *Unreleased* section where the next changes gather.
"""

from __future__ import annotations

import datetime
import pathlib
import re

import pitch13

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
KINDS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
RELEASE = re.compile(r"\[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})")


def sections():
    """The changelog's ``## `` sections: (heading, the ``### `` headings under it)."""
    parts = re.split(r"^## (.*)\n", CHANGELOG, flags=re.MULTILINE)[1:]
    return [
        (heading, re.findall(r"^### (.*)$", body, re.MULTILINE))
        for heading, body in zip(parts[::2], parts[1::2], strict=True)
    ]


def test_the_version_is_semantic_and_the_newest_release_of_the_changelog():
    assert re.fullmatch(r"\d+\.\d+\.\d+", pitch13.__version__)
    headings = [heading for heading, _ in sections()]
    assert headings[0] == "[Unreleased]"
    gathered = sections()[0][1]  # the kinds of change under Unreleased, in the same order
    assert all(kind in KINDS for kind in gathered) and gathered == sorted(gathered, key=KINDS.index)
    newest = RELEASE.fullmatch(headings[1])
    assert newest, headings[1]
    assert ".".join(newest.groups()[:3]) == pitch13.__version__


def test_every_release_is_dated_newest_first_with_the_kinds_of_change_in_order():
    releases = sections()[1:]
    assert releases
    versions, dates = [], []
    for heading, kinds in releases:
        match = RELEASE.fullmatch(heading)
        assert match, f"not a release heading: {heading!r}"
        versions.append(tuple(int(part) for part in match.groups()[:3]))
        dates.append(datetime.date.fromisoformat(match[4]))
        assert kinds, f"{heading} lists no change"
        assert all(kind in KINDS for kind in kinds), kinds
        assert kinds == sorted(kinds, key=KINDS.index), f"{heading}: {kinds}"
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert dates == sorted(dates, reverse=True)


def test_the_build_reads_the_version_where_the_package_writes_it():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert '[tool.hatch.version]\npath = "src/pitch13/__init__.py"' in pyproject
    init = (ROOT / "src" / "pitch13" / "__init__.py").read_text(encoding="utf-8")
    assert re.findall(r'^__version__ = "(.*)"$', init, re.MULTILINE) == [pitch13.__version__]
