#!/usr/bin/env bash
# Mutation testing of the rules' modules with mutmut: each mutant is run against the fast tests
# of its group that reach it.
#
#   python -m pip install -e '.[mutation]'
#   bash scripts/mutation.sh [--sample N] [GROUP ...]
#
# With --sample N, each module runs a random sample of N of its mutants (the same sample for the
# same code: the draw is seeded), and its score is that sample's: a run of a few minutes instead
# of hours, within a few points of the whole.
#
# The groups and the tests each is run against:
#   rules     engine, rules, scoring, trumps   the rule tests, the edges, the state, the digests,
#             (with _core.tally and _core.tables,  the narration (trumps.sort_hand)
#             what scoring and trumps compute with)
#   views     views, _info.view_reader         the views, view deltas and view documents, the
#                                              views some game reaches and the refusals' sweep
#   info      _info.follow, _info.knowledge    the same, and sampling
#             (a seat's copy of the game, what a seat knows)
#   sampling  sampling, _info.placing          sampling and its weights, the views some game
#                                              reaches, the refusals' sweep and the view
#                                              documents (placing.fits reads views back)
# (all four by default). Each group runs in a scratch copy of src/ and tests/ under mutants-run/
# (ignored by git), with the rest of mutmut's settings from [tool.mutmut] in pyproject.toml.
#
# It prints a table (per module: mutants, killed, equivalent, not run, score) and each survivor
# not listed as equivalent in tests/mutation-equivalents.txt, with the command that shows its
# diff; its exit status is 1 if a module scores below 90 %.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd)
sample=0
if [[ ${1:-} == --sample ]]; then
    sample=$2
    shift 2
fi
groups=("$@")
if [[ ${#groups[@]} -eq 0 ]]; then groups=(rules views info sampling); fi
status=0
for group in "${groups[@]}"; do
    case $group in
        rules)
            modules=(engine rules scoring _core.tally trumps _core.tables)
            tests=(test_rules_setup test_rules_exchange test_rules_play test_rules_edges test_state test_engine_digests test_narration)
            ;;
        views)
            modules=(views _info.view_reader)
            tests=(test_views test_view_deltas test_view_documents test_reachable_views test_refusals)
            ;;
        info)
            modules=(_info.follow _info.knowledge)
            tests=(test_views test_view_deltas test_view_documents test_reachable_views test_refusals test_sampling)
            ;;
        sampling)
            modules=(sampling _info.placing)
            tests=(test_sampling test_sampling_weighting test_reachable_views test_refusals test_view_documents)
            ;;
        *)
            echo "unknown group $group (rules, views, info, sampling)" >&2
            exit 2
            ;;
    esac
    work="$here/mutants-run/$group"
    rm -rf "$work"
    mkdir -p "$work"
    cp -r src tests conftest.py pyproject.toml "$work/"
    python - "$work/pyproject.toml" "${tests[@]}" <<'PY'
import re, sys
path, *tests = sys.argv[1:]
text = open(path, encoding="utf-8").read()
selection = "pytest_add_cli_args_test_selection = [" + ", ".join(f'"tests/{t}.py"' for t in tests) + "]"
text = re.sub(r"pytest_add_cli_args_test_selection = \[.*?\]", selection, text, flags=re.S)
open(path, "w", encoding="utf-8").write(text)
PY
    patterns=()
    for module in "${modules[@]}"; do
        if [[ $module == engine ]]; then patterns+=("pitch13.engine.*"); else patterns+=("pitch13.$module.*"); fi
    done
    echo "== $group: ${modules[*]}, against ${tests[*]}" >&2
    if ((sample > 0)); then
        # mutmut makes every mutant before it finds none matching this name; then draw the sample.
        (cd "$work" && python -m mutmut run "pitch13.none.x_none*" > /dev/null 2>&1 || true)
        (cd "$work" && python -m mutmut results --all true) > "$work/all.txt"
        python - "$work/all.txt" "$sample" "${patterns[@]}" > "$work/sample.txt" <<'PY'
import fnmatch, random, sys
listing, count, *patterns = sys.argv[1:]
lines = open(listing, encoding="utf-8").read().splitlines()
names = sorted({line.split(":")[0].strip() for line in lines if line.strip().startswith("pitch13.")})
for pattern in patterns:
    found = [name for name in names if fnmatch.fnmatch(name, pattern)]
    print("\n".join(random.Random(20261205).sample(found, min(int(count), len(found)))))
PY
        (cd "$work" && xargs -a sample.txt python -m mutmut run > /dev/null)
    else
        (cd "$work" && python -m mutmut run "${patterns[@]}" > /dev/null)
    fi
    (cd "$work" && python -m mutmut results --all true) |
        python scripts/mutation_score.py tests/mutation-equivalents.txt "${modules[@]}" || status=1
done
exit $status
