#!/usr/bin/env bash
# Instructions per decision of the engine, counted by valgrind's callgrind: repeatable whatever
# else the machine is doing. The fixed workload of benchmarks/engine.py part 1 is run for GAMES
# games and for none; the difference, divided by the decisions played, is what one decision costs.
# With a STEP (a kind of benchmarks/steps.py: "name trump", "hand end", ...), the instructions
# of one apply of that kind instead: its actions in steps.py's workload, applied TIMES times and
# none.
#
#   bash benchmarks/instructions.sh [GAMES]                 (default 20)
#   bash benchmarks/instructions.sh --step STEP [TIMES]     (default 10)
set -euo pipefail
# String hashing is seeded at random per process, which moves the count by about 1 %: fix it.
export PYTHONHASHSEED=0
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Compile pitch13's bytecode first (into its __pycache__ folders, as an import would): a process
# that must compile it, in a fresh checkout with PYTHONDONTWRITEBYTECODE set, counts up to 1 %
# more per action, though both runs compile alike.
package=$(python -c 'import os, pitch13; print(os.path.dirname(pitch13.__file__))')
if ! python -m compileall -q "$package" > "$out/compile.log" 2>&1; then
    echo "instructions.sh: could not write the bytecode of $package (counts may be up to 1 % high):" >&2
    head -n 3 "$out/compile.log" >&2
fi
# The instructions of one run of a workload script (its arguments follow N), counted by
# callgrind; what the script prints (how many actions it played) is left in $out/printed.N.
count() {
    local n=$1
    shift
    if ! valgrind --tool=callgrind --callgrind-out-file="$out/cg.$n" python "$@" > "$out/printed.$n" 2> "$out/log.$n"; then
        cat "$out/log.$n" >&2
        echo "instructions.sh: python $* failed" >&2
        exit 1
    fi
    grep -E '^(summary|totals):' "$out/cg.$n" | head -n 1 | awk '{print $2}'
}
if [ "${1:-}" = "--step" ]; then
    step=${2:?"--step needs a kind of step, such as 'name trump'"}
    times=${3:-10}
    base=$(count 0 "$here/steps.py" --apply-only "$step" --times 0)
    total=$(count "$times" "$here/steps.py" --apply-only "$step" --times "$times")
    actions=$(cat "$out/printed.$times")
    echo "step: $step  actions: $actions"
    echo "instructions per action: $(( (total - base) / actions ))"
    exit 0
fi
games=${1:-20}
base=$(count 0 "$here/engine.py" --workload-only --games 0)
total=$(count "$games" "$here/engine.py" --workload-only --games "$games")
decisions=$(cat "$out/printed.$games")
echo "games: $games  decisions: $decisions"
echo "instructions per decision: $(( (total - base) / decisions ))"
