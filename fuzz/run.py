"""Coverage-guided fuzzing of pitch13's loaders with atheris (``python -m pip install -e '.[fuzz]'``).

    python fuzz/run.py TARGET [LIBFUZZER OPTIONS]   fuzz one target, e.g. -max_total_time=600
    python fuzz/run.py --smoke [--runs N]           every target for N runs (default 5000)
    python fuzz/run.py --write-corpus               write the seed corpus under fuzz/corpus/
    python fuzz/run.py --list                       the targets

A target's seed corpus is ``fuzz/corpus/TARGET/``; new inputs go to a scratch directory, not
there. An input that makes a target raise anything but its documented error, hang or crash is
a finding: libFuzzer writes it to ``crash-*`` in the working directory. Add it to the target's
corpus directory, where the test suite replays it (tests/test_fuzz_corpus.py), and fix the cause.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
sys.path.insert(0, str(HERE))


def _fuzz(name: str, options: list[str]) -> int:
    try:
        import atheris  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        print("atheris is not installed: python -m pip install -e '.[fuzz]'", file=sys.stderr)
        return 2
    with atheris.instrument_imports():
        import targets  # noqa: F401 - instruments pitch13 as it is imported

    from targets import TARGETS, run_one

    if name not in TARGETS:
        print(f"unknown target {name!r}; the targets: {', '.join(TARGETS)}", file=sys.stderr)
        return 2

    def one_input(data: bytes) -> None:
        run_one(name, data)

    atheris.Setup([sys.argv[0], *options], one_input)
    atheris.Fuzz()
    return 0  # pragma: no cover - Fuzz exits the process


def _smoke(runs: int) -> int:
    from targets import TARGETS

    failed = []
    for name in TARGETS:
        with tempfile.TemporaryDirectory() as scratch:
            command = [sys.executable, __file__, name, f"-runs={runs}", scratch, str(CORPUS / name)]
            print(f"-- {name}: {runs} runs", flush=True)
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode == 2 and "atheris is not installed" in done.stderr:
                print(done.stderr, end="", file=sys.stderr)
                return 2
            if done.returncode != 0:
                print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
                failed.append(name)
    if failed:
        print(f"findings in: {', '.join(failed)}", file=sys.stderr)
        return 1
    print(f"no findings in {len(TARGETS)} targets")
    return 0


def _write_corpus() -> int:
    from targets import seed_inputs

    for name, inputs in seed_inputs().items():
        folder = CORPUS / name
        folder.mkdir(parents=True, exist_ok=True)
        for number, data in enumerate(inputs):
            (folder / f"seed-{number}").write_bytes(data)
    return 0


def main(argv: list[str]) -> int:
    """The command line (see the module's docstring)."""
    if argv and not argv[0].startswith("--"):
        return _fuzz(argv[0], argv[1:])
    parser = argparse.ArgumentParser(prog="python fuzz/run.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="run every target briefly")
    parser.add_argument("--runs", type=int, default=5000, help="runs per target with --smoke (default 5000)")
    parser.add_argument("--write-corpus", action="store_true", help="write the seed corpus")
    parser.add_argument("--list", action="store_true", help="list the targets")
    args = parser.parse_args(argv)
    if args.list:
        from targets import TARGETS

        print("\n".join(TARGETS))
        return 0
    if args.write_corpus:
        return _write_corpus()
    if args.smoke:
        return _smoke(args.runs)
    parser.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
