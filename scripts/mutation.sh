#!/usr/bin/env bash
# Mutation testing of the rules' modules with mutmut: each mutant is run against the fast rule
# tests that reach it (the selection is [tool.mutmut] in pyproject.toml).
#
#   python -m pip install -e '.[mutation]'
#   bash scripts/mutation.sh [MODULE ...]     (engine, rules, scoring, trumps, views, sampling;
#                                              all six by default)
#
# It prints a table (per module: mutants, killed, equivalent, score) and each survivor not listed
# as equivalent in tests/mutation-equivalents.txt, with the command that shows its diff; its exit
# status is 1 if a module scores below 90 %. The mutated copy of the project is made under
# mutants/ (ignored by git). A whole run takes about an hour on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=("$@")
if [[ ${#modules[@]} -eq 0 ]]; then modules=(engine rules scoring trumps views sampling); fi
patterns=()
for module in "${modules[@]}"; do
    case $module in
        engine) patterns+=("pitch13.engine.*") ;;
        rules | scoring | trumps | views | sampling) patterns+=("pitch13.$module.*") ;;
        *)
            echo "unknown module $module (engine, rules, scoring, trumps, views, sampling)" >&2
            exit 2
            ;;
    esac
done
rm -rf mutants
python -m mutmut run "${patterns[@]}" > /dev/null
python -m mutmut results --all true | python scripts/mutation_score.py tests/mutation-equivalents.txt "${modules[@]}"
