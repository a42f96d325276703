"""Type-check the code of the README and the docs pages as a user's typed program would be.

Usage::

    python scripts/doc_code.py

The tests run every ``>>>`` example of ``README.md`` and ``docs/`` (doctest); this checks them
with ``mypy --strict`` and the project's mypy settings, so that code copied from a page into a
typed program passes its type checker too. Each page's examples become one module, in their
order (doctest runs a page's examples in one namespace). An example that shows a refusal (its
expected output is a traceback) is left out: it is wrong on purpose, and often a type error too.
So is an example marked ``+SKIP``. An error is reported at its page and line. Exits with status
1 if there is one, and needs mypy (the ``lint`` extra).
"""

from __future__ import annotations

import doctest
import re
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
#: What the pages may leave out of ``--strict``: annotations. A page's helper functions may be
#: untyped, as a reader would first write them, but their bodies are checked all the same.
_LOOSER = ("--allow-untyped-defs", "--allow-incomplete-defs", "--allow-untyped-calls", "--check-untyped-defs")
#: ``path:line: error: ...`` as mypy writes it, the path relative or absolute.
_ERROR = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): (?P<rest>.*)$")
#: A line of the same module named in a message (``Name "x" already defined on line 4``).
_LINE = re.compile(r"\bline (\d+)")


class Page(NamedTuple):
    """A page's checked examples as one module.

    Its path from the root, its source, and the page's line (from 1) of each of its lines.
    """

    page: str
    source: str
    lines: list[int]


def pages(root: Path = ROOT) -> list[Path]:
    """The README and every docs page, whose examples the tests run."""
    docs = sorted(path for path in (root / "docs").rglob("*.rst") if "_build" not in path.parts)
    return [root / "README.md", *docs]


def checked_examples(text: str, name: str) -> Iterator[doctest.Example]:
    """The examples of a page that are type-checked: not a refusal's, not skipped."""
    for example in doctest.DocTestParser().get_examples(text, name):
        if example.exc_msg is None and not example.options.get(doctest.SKIP, False):
            yield example


def module_of(text: str, name: str) -> tuple[str, list[int]]:
    """A page's checked examples as one module, and the page's line (from 1) of each of its lines."""
    lines: list[str] = []
    origins: list[int] = []
    for example in checked_examples(text, name):
        for offset, line in enumerate(example.source.splitlines()):
            lines.append(line)
            origins.append(example.lineno + 1 + offset)
    return "".join(line + "\n" for line in lines), origins


def modules_of(paths: Sequence[Path], root: Path = ROOT) -> list[Page]:
    """The pages of ``paths`` that have examples to check, each as one module."""
    found = []
    for path in paths:
        source, lines = module_of(path.read_text(encoding="utf-8"), str(path))
        if lines:
            found.append(Page(path.relative_to(root).as_posix(), source, lines))
    return found


def check(modules: Sequence[Page], root: Path = ROOT) -> list[str]:
    """What mypy says of ``modules``, each error at its page and line."""
    try:
        from mypy import api
    except ImportError:
        raise SystemExit("doc_code.py needs mypy: python -m pip install -e '.[lint]'") from None
    if not modules:
        return []
    with tempfile.TemporaryDirectory() as folder:
        by_name: dict[str, Page] = {}
        for module in modules:
            path = Path(folder) / (re.sub(r"\W", "_", module.page) + ".py")  # docs/x.rst: docs_x_rst.py
            path.write_text(module.source, encoding="utf-8")
            by_name[path.name] = module
        stdout, stderr, status = api.run(
            ["--config-file", str(root / "pyproject.toml"), *_LOOSER, "--no-error-summary"]
            + [str(Path(folder) / name) for name in sorted(by_name)]
        )
    # 1: errors were found; 2: one stopped the check (a syntax error), reported as the others are.
    if status not in (0, 1, 2) or stderr:
        raise SystemExit(f"mypy failed:\n{stdout}{stderr}")
    return [_at_page(line, by_name) for line in stdout.splitlines()]


def _at_page(line: str, by_name: dict[str, Page]) -> str:
    """A line that mypy wrote, the module's lines it names given as the page's."""
    match = _ERROR.match(line)
    # By the module's name: mypy reports a module it did not check again, unchanged since its
    # cache was written, at the folder of that run.
    module = by_name.get(Path(match["path"]).name) if match else None
    if match is None or module is None:
        return line

    def on_page(number: int) -> str:
        return (
            str(module.lines[number - 1]) if 1 <= number <= len(module.lines) else f"{number} (of the module)"
        )

    rest = _LINE.sub(lambda found: f"line {on_page(int(found[1]))}", match["rest"])
    return f"{module.page}:{on_page(int(match['line']))}: {rest}"


def main(argv: Sequence[str] | None = None) -> int:
    """Check every page; print each error; 1 if there was one."""
    if list(sys.argv[1:] if argv is None else argv):
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python scripts/doc_code.py (it takes no arguments)", file=sys.stderr)
        return 2
    modules = modules_of(pages())
    found = check(modules)
    for line in found:
        print(line)
    if any(": error: " in line for line in found):
        return 1
    print(f"the examples of {len(modules)} pages type-check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
