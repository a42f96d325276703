"""The score of a mutation run: reads ``mutmut results --all true`` on standard input.

    python scripts/mutation_score.py MODULE EQUIVALENTS_FILE

Killed counts mutants killed by a test, timed out (a mutant that loops forever) or caught by the
type checker. Mutants listed in EQUIVALENTS_FILE (``name  reason`` a line) are left out of the
score: they cannot change behaviour. Exits with status 1 below 90 %.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

KILLED = {"killed", "timeout", "caught by type check"}


def main(argv: list[str]) -> int:
    """Print the module's row of the table and its survivors; 1 if the score is below 90 %."""
    module, equivalents_file = argv
    equivalents = {}
    for line in Path(equivalents_file).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.strip().partition(" ")
            equivalents[name] = reason.strip()
    statuses = {}
    for line in sys.stdin:
        name, sep, status = line.strip().rpartition(": ")
        if sep and name.startswith("pitch13."):
            statuses[name] = status
    counts = Counter(statuses.values())
    equivalent = [name for name, status in statuses.items() if name in equivalents and status not in KILLED]
    killed = sum(counts[s] for s in KILLED)
    scored = len(statuses) - len(equivalent) - counts["not checked"]
    score = killed / scored if scored else 0.0
    print(f"| {module} | {len(statuses)} | {killed} | {len(equivalent)} | {score:.1%} |")
    for name, status in sorted(statuses.items()):
        if status not in KILLED and name not in equivalents:
            print(f"  {status}: {name}   (python -m mutmut show {name})")
    return 0 if score >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
