#!/usr/bin/env bash
# Instructions per decision of the engine, counted by valgrind's callgrind: repeatable whatever
# else the machine is doing. The fixed workload of benchmarks/engine.py part 1 is run for GAMES
# games and for none; the difference, divided by the decisions played, is what one decision costs.
#
#   bash benchmarks/instructions.sh [GAMES]      (default 20)
set -euo pipefail
# String hashing is seeded at random per process, which moves the count by about 1 %: fix it.
export PYTHONHASHSEED=0
games=${1:-20}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
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
