#!/usr/bin/env bash
# Mutation testing of one of the rules' modules with mutmut: each mutant is run against the fast
# rule tests that reach it (the selection is [tool.mutmut] in pyproject.toml).
#
#   python -m pip install -e '.[test]' mutmut==3.8.1
#   bash scripts/mutation.sh engine|rules|scoring|trumps|views|sampling
#
# It prints the module's table (mutants, killed, equivalent, score) and each survivor not listed
# as equivalent in tests/mutation-equivalents.txt, with the command that shows its diff. The
# mutated copy of the project is made under mutants/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in
    engine) pattern="pitch13.engine.*" ;;
    rules | scoring | trumps | views | sampling) pattern="pitch13.$1.*" ;;
    *)
        echo "usage: bash scripts/mutation.sh engine|rules|scoring|trumps|views|sampling" >&2
        exit 2
        ;;
esac
rm -rf mutants
python -m mutmut run "$pattern" > /dev/null
python -m mutmut results --all true | python scripts/mutation_score.py "$1" tests/mutation-equivalents.txt
