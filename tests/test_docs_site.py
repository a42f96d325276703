"""The docs site: its build on the docs host, its pages, and what the API reference covers.

The build itself (warnings as errors, every public name documented) is the README's docs
command, which ``.ci/run`` runs in an environment with only the ``docs`` extra; these tests check
what that build cannot see.
"""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

import pitch13

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _pages() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.rst") if "_build" not in p.parts)


def test_the_docs_host_builds_as_the_readme_does() -> None:
    """.readthedocs.yaml installs the docs extra and fails on a warning, as ``sphinx -W`` does."""
    config = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    assert re.search(r"^version: 2$", config, re.M)
    assert re.search(r"^  configuration: docs/conf\.py$", config, re.M)
    assert re.search(r"^  fail_on_warning: true$", config, re.M)
    assert re.search(r"extra_requirements:\n\s+- docs\n", config)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python -m pip install -e '.[docs]' && python -m sphinx -W --keep-going docs" in readme


def test_no_page_draws_its_own_table_of_contents() -> None:
    """The theme shows each page's sections beside it, and draws an error box over a ``contents``."""
    offenders = [p.relative_to(ROOT).as_posix() for p in _pages() if ".. contents::" in p.read_text("utf-8")]
    assert offenders == []


def test_every_public_module_has_its_page_in_the_api_reference() -> None:
    """One page per public module under docs/api, each naming its module with ``automodule``."""
    documented: set[str] = set()
    for page in (DOCS / "api").glob("*.rst"):
        documented.update(re.findall(r"^\.\. automodule:: (\S+)$", page.read_text("utf-8"), re.M))
    public = {
        info.name
        for info in pkgutil.walk_packages(pitch13.__path__, "pitch13.")
        if "._" not in info.name and not info.name.endswith("__main__")
    }
    assert public - documented == set()


def test_the_changelog_and_the_contributing_guide_are_rendered_pages() -> None:
    """Both Markdown files are pages of the site, included whole, not shown as source."""
    for page, source in (("changelog.md", "CHANGELOG.md"), ("contributing.md", "CONTRIBUTING.md")):
        text = (DOCS / page).read_text("utf-8")
        assert f"```{{include}} ../{source}\n```" in text
    index = (DOCS / "index.rst").read_text("utf-8")
    for name in ("api/index", "compatibility", "changelog", "contributing"):
        assert re.search(rf"^   {re.escape(name)}$", index, re.M), name
