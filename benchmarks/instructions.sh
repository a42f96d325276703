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
if [ "${1:-}" = "--step" ]; then
    step=${2:?"--step needs a kind of step, such as 'name trump'"}
    times=${3:-10}
    count_step() {
        valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1" \
            python "$here/steps.py" --apply-only "$step" --times "$1" > "$out/actions.$1" 2> "$out/log.$1"
        grep -E '^(summary|totals):' "$out/cg.$1" | head -n 1 | awk '{print $2}'
    }
    base=$(count_step 0)
    total=$(count_step "$times")
    actions=$(cat "$out/actions.$times")
    echo "step: $step  actions: $actions"
    echo "instructions per action: $(( (total - base) / actions ))"
    exit 0
fi
games=${1:-20}
count() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1" \
        python "$here/engine.py" --workload-only --games "$1" > "$out/decisions.$1" 2> "$out/log.$1"
    grep -E '^(summary|totals):' "$out/cg.$1" | head -n 1 | awk '{print $2}'
}
base=$(count 0)
total=$(count "$games")
decisions=$(cat "$out/decisions.$games")
echo "games: $games  decisions: $decisions"
echo "instructions per decision: $(( (total - base) / decisions ))"
