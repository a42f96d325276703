"""The scores of a mutation run: reads ``mutmut results --all true`` on standard input.

    python scripts/mutation_score.py EQUIVALENTS_FILE MODULE [MODULE ...]

Killed counts mutants killed by a test, timed out (a mutant that makes a game endless) or caught
by the type checker. Mutants listed in EQUIVALENTS_FILE (``name  reason`` a line) are left out of
the score: they cannot change behaviour. Exits with status 1 if a module scores below 90 %.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

KILLED = {"killed", "timeout", "caught by type check"}


def module_of(name: str) -> str:
    """The module a mutant's name is counted under.

    ``engine`` for ``pitch13.engine._play.x_play__mutmut_3``, ``_core.tally`` for a module of a
    private package (``pitch13._core.tally.x_tally__mutmut_1``), else the module's own name.
    """
    parts = name.split(".")
    return f"{parts[1]}.{parts[2]}" if parts[1].startswith("_") else parts[1]


def main(argv: list[str]) -> int:
    """Print the table and the survivors; 1 if a module scores below 90 %."""
    equivalents_file, *modules = argv
    equivalents = set()
    for line in Path(equivalents_file).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            equivalents.add(line.split()[0])
    statuses: dict[str, dict[str, str]] = {module: {} for module in modules}
    for line in sys.stdin:
        name, sep, status = line.strip().rpartition(": ")
        if sep and name.startswith("pitch13.") and module_of(name) in statuses:
            statuses[module_of(name)][name] = status
    print("| module | mutants | killed | equivalent | not run | score |")
    print("|---|---|---|---|---|---|")
    failed = False
    survivors = []
    for module, found in statuses.items():
        counts = Counter(found.values())
        # Only a mutant that was run and not killed is left out as equivalent: in a run of a
        # sample of the mutants, the listed ones not run are not run.
        equivalent = [
            n for n, s in found.items() if n in equivalents and s not in KILLED and s != "not checked"
        ]
        killed = sum(counts[s] for s in KILLED)
        not_run = counts["not checked"]
        scored = len(found) - len(equivalent) - not_run
        score = killed / scored if scored else 0.0
        failed |= score < 0.9
        print(f"| {module} | {len(found)} | {killed} | {len(equivalent)} | {not_run} | {score:.1%} |")
        survivors += [
            (s, n)
            for n, s in sorted(found.items())
            if s not in KILLED and s != "not checked" and n not in equivalents
        ]
    for status, name in survivors:
        print(f"  {status}: {name}   (python -m mutmut show {name})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
