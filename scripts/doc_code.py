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

ROOT = Path(__file__).resolve().parent.parent
#: ``path:line: error: ...`` as mypy writes it, the path relative or absolute.
#: What the pages may leave out of ``--strict``: annotations. A page's helper functions may be
#: untyped, as a reader would first write them, but their bodies are checked all the same.
_LOOSER = ("--allow-untyped-defs", "--allow-incomplete-defs", "--allow-untyped-calls", "--check-untyped-defs")
_ERROR = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): (?P<rest>.*)$")


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


def check(paths: Sequence[Path], root: Path = ROOT) -> list[str]:
    """The errors mypy finds in the examples of ``paths``, each at its page and line."""
    try:
        from mypy import api
    except ImportError:
        raise SystemExit("doc_code.py needs mypy: python -m pip install -e '.[lint]'") from None
    with tempfile.TemporaryDirectory() as folder:
        origins: dict[str, tuple[str, list[int]]] = {}
        for path in paths:
            source, lines = module_of(path.read_text(encoding="utf-8"), str(path))
            if not lines:
                continue
            page = path.relative_to(root).as_posix()
            module = Path(folder) / (re.sub(r"\W", "_", page) + ".py")  # docs/api/x.rst: docs_api_x_rst
            module.write_text(source, encoding="utf-8")
            origins[module.name] = (page, lines)
        if not origins:
            return []
        stdout, stderr, status = api.run(
            ["--config-file", str(root / "pyproject.toml"), *_LOOSER, "--no-error-summary"]
            + [str(Path(folder) / name) for name in sorted(origins)]
        )
    if status not in (0, 1) or stderr:
        raise SystemExit(f"mypy failed:\n{stdout}{stderr}")
    found = []
    for line in stdout.splitlines():
        match = _ERROR.match(line)
        # By the module's name: mypy reports a module it did not check again, unchanged since
        # its cache was written, at the folder of that run.
        name = Path(match["path"]).name if match else ""
        if match is None or name not in origins:
            found.append(line)
            continue
        page, lines = origins[name]
        found.append(f"{page}:{lines[int(match['line']) - 1]}: {match['rest']}")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Check every page; print each error; 1 if there was one."""
    if list(sys.argv[1:] if argv is None else argv):
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python scripts/doc_code.py (it takes no arguments)", file=sys.stderr)
        return 2
    paths = [path for path in pages() if module_of(path.read_text(encoding="utf-8"), str(path))[1]]
    found = check(paths)
    for line in found:
        print(line)
    if any(": error: " in line for line in found):
        return 1
    print(f"the examples of {len(paths)} pages type-check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
