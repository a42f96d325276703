"""A soak run: many random games under random valid rule sets, every promise checked at every step.

Run it as ``python -m pitch13.testing.soak --games 100000 --seed 1 --workers 2``. Each game draws
its own rule set (every option at random, the bid limits and the target within their valid
ranges, the lowest and the forced bids at most half the points so that random games end) and is checked by :func:`pitch13.testing.check_random_games`: every legal action of
every state applied, illegal ones refused with the state unchanged, the invariants, and the
scores. Every ``--full-every``-th game also checks views, view deltas, samples, records and
pickles. Every game also reads ``--mutants`` view deltas and as many view documents of its
views, each with one fault, and checks that each is refused with a short error or is a view a
game reaches, which :func:`~pitch13.sample_state` samples back to itself. A game still going
after ``--hand-cap`` hands is cut there (random bidding under a
high target can go on for hundreds of hands).

It prints games, actions and refusals, and each violation with the seed that replays it, and
exits with status 1 if there was any, or if what it prints cannot be written (a reader that
stops early, as ``| head`` does, is no failure), 2 for a wrong argument, and 130 if interrupted
(Ctrl-C), which stops its processes at once.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import random
import sys
import time
from collections.abc import Sequence

import attrs

from pitch13._base.checks import MOST_WORKERS, check_count, check_instance, check_tuple_of
from pitch13._base.commands import Parser, integer, parsed, run_command, standard_error
from pitch13._base.pool import in_order
from pitch13._base.seeds import check_parts
from pitch13.records._json import rules_to_dict
from pitch13.rules import Rules
from pitch13.testing import ConformanceError, ConformanceReport, check_random_games

__all__ = ["SoakResult", "main", "random_rules", "soak"]

#: Targets drawn for a game: mostly short games, some of the usual length.
_TARGETS = (1, 3, 7, 11, 21, 31, 54, 54)


def random_rules(rng: random.Random) -> Rules:
    """A valid rule set with every option drawn at random, forced bids at most half the points.

    Raises:
        TypeError: if ``rng`` is not a :class:`random.Random`.
    """
    check_instance(rng, random.Random, "rng")
    options: dict[str, object] = {}
    for field in attrs.fields(Rules):
        if isinstance(field.default, bool):
            options[field.name] = rng.random() < 0.5
        elif isinstance(field.default, enum.Enum):
            options[field.name] = rng.choice(list(type(field.default)))
    total = 13 if options["use_off_three"] else 10
    max_bid = rng.randint(1, total)
    # Forced bids are capped at half the points: random play rarely takes more, so with higher
    # ones almost every hand is set, both scores sink, and the game never ends.
    low_cap = min(max_bid, total // 2)
    min_bid = rng.randint(1, low_cap)
    options.update(
        max_bid=max_bid,
        min_bid=min_bid,
        dealer_forced_min_bid=rng.randint(min_bid, low_cap),
        target=rng.choice(_TARGETS),
    )
    return Rules().replace(**options)


@attrs.frozen
class SoakResult:
    """What a soak run found.

    Raises:
        TypeError: if ``report`` is not a :class:`~pitch13.testing.ConformanceReport`, or ``violations`` not a
            tuple of str.
    """

    #: The totals of what was checked, over all games.
    report: ConformanceReport
    #: Each violation: the game's number, its rules and the error.
    violations: tuple[str, ...]

    def __attrs_post_init__(self) -> None:
        check_instance(self.report, ConformanceReport, "SoakResult.report")
        check_tuple_of(self.violations, str, "SoakResult.violations")


def _summed(reports: list[ConformanceReport]) -> ConformanceReport:
    """The reports added up, field by field."""
    totals = dict.fromkeys(attrs.fields_dict(ConformanceReport), 0)
    for report in reports:
        for name, value in attrs.asdict(report).items():
            totals[name] += value
    return ConformanceReport(**totals)


#: What a game that broke a promise adds to the totals: one game, nothing checked counted.
_FAILED_GAME = attrs.evolve(_summed([]), games=1)


def _batch(first: int, stop: int, *, seed: int, hand_cap: int, full_every: int, mutants: int) -> SoakResult:
    """Check the games numbered ``first`` to ``stop`` - 1 of the soak run of ``seed``."""
    reports = []
    violations = []
    for game in range(first, stop):
        rng = random.Random(f"pitch13-soak:{seed}:{game}")
        rules = random_rules(rng)
        full = full_every > 0 and game % full_every == 0
        game_seed, samples = rng.getrandbits(64), 1 if full else 0
        try:
            report = check_random_games(
                rules,
                games=1,
                seed=game_seed,
                hand_cap=hand_cap,
                illegal=2,
                views=full,
                samples=samples,
                round_trips=full,
                mutants=mutants,
            )
        except ConformanceError as error:
            violations.append(
                f"game {game} (soak seed {seed}): {error}; it replays with "
                f"pitch13.testing.check_random_games({_rules_call(rules)}, games=1, seed={game_seed}, "
                f"hand_cap={hand_cap}, illegal=2, views={full}, samples={samples}, round_trips={full}, "
                f"mutants={mutants})"
            )
            report = _FAILED_GAME
        reports.append(report)
    return SoakResult(_summed(reports), tuple(violations))


def soak(
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    hand_cap: int = 30,
    full_every: int = 100,
    mutants: int = 2,
) -> SoakResult:
    """Check ``games`` random games under random rule sets, on ``workers`` processes.

    The same ``seed`` plays the same games with the same rules, whatever ``workers`` is. Each
    violation says the :func:`~pitch13.testing.check_random_games` call that replays its game.

    Raises:
        TypeError: if an argument is not an int (a bool is not one).
        ValueError: if ``games``, ``workers`` or ``hand_cap`` is below 1, ``workers`` above
            1,024, ``full_every`` or ``mutants`` below 0, or ``seed`` has more than 4,300 digits.
    """
    _check_counts(games, seed, workers, hand_cap, full_every, mutants)
    size = max(1, min(500, games // (workers * 4) or 1))
    ranges = [(first, min(first + size, games)) for first in range(0, games, size)]
    work = functools.partial(_batch, seed=seed, hand_cap=hand_cap, full_every=full_every, mutants=mutants)
    results: list[SoakResult] = []
    start = time.monotonic()
    for result in in_order(work, ranges, len(ranges), workers):  # one worker: in this process
        results.append(result)
        _progress(results, games, start)
    with contextlib.suppress(OSError):
        print(file=sys.stderr)
    return SoakResult(_summed([r.report for r in results]), tuple(v for r in results for v in r.violations))


def _rules_call(rules: Rules) -> str:
    """``pitch13.Rules(...)`` that makes ``rules``, every option given, as Python reads it."""
    return f"pitch13.Rules({', '.join(f'{name}={value!r}' for name, value in rules_to_dict(rules).items())})"


def _progress(results: Sequence[SoakResult], games: int, start: float) -> None:
    """Redraw the progress line on standard error, if it can be written (else the run goes on)."""
    done = sum(r.report.games for r in results)
    with contextlib.suppress(OSError):
        print(f"\r{done:,}/{games:,} games, {time.monotonic() - start:,.0f} s", end="", file=sys.stderr)


def _report(result: SoakResult, workers: int, start: float) -> None:
    """Print what the run checked, and its violations (the first 20)."""
    report = result.report
    print(f"games:            {report.games:,} ({report.finished:,} played to the end, the rest cut)")
    print(f"states:           {report.states:,}")
    print(f"actions applied:  {report.legal_applied:,} (every legal action of every state)")
    print(f"refusals:         {report.illegal_refused:,}")
    print(
        f"views checked:    {report.views:,}; samples: {report.samples:,}; round trips: {report.round_trips:,}"
    )
    print(
        f"mutated views:    {report.mutants:,}; accepted and sampled back: {report.mutants_accepted:,}; "
        f"refused: {report.mutants - report.mutants_accepted:,}"
    )
    print(f"violations:       {len(result.violations)}")
    for violation in result.violations[:20]:
        print(f"  {violation}")
    print(f"time:             {time.monotonic() - start:,.0f} s on {workers} worker(s)")


def _check_counts(games: int, seed: int, workers: int, hand_cap: int, full_every: int, mutants: int) -> None:
    """:func:`soak`'s checks of its arguments (its Raises), before anything is played."""
    check_parts(seed=seed)
    for name, number, low in (
        ("games", games, 1),
        ("workers", workers, 1),
        ("hand_cap", hand_cap, 1),
        ("full_every", full_every, 0),
        ("mutants", mutants, 0),
    ):
        check_count(number, name, low, high=MOST_WORKERS if name == "workers" else None)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m pitch13.testing.soak --games N --seed S``."""
    with standard_error():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    """:func:`main`, with a standard error."""
    parser = Parser(prog="python -m pitch13.testing.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=integer, default=1000, help="games to play (default 1000)")
    parser.add_argument("--seed", type=integer, default=0, help="the seed of the games and rules (default 0)")
    parser.add_argument("--workers", type=integer, default=1, help="processes to run on (default 1)")
    parser.add_argument(
        "--hand-cap", type=integer, default=30, help="cut a game after this many hands (default 30)"
    )
    parser.add_argument(
        "--full-every",
        type=integer,
        default=100,
        help="check views, samples and round trips in every N-th game (default 100; 0: never)",
    )
    parser.add_argument(
        "--mutants",
        type=integer,
        default=2,
        help="mutated view deltas, and as many view documents, read in every game (default 2)",
    )
    args = parsed(parser, argv)
    counts = (args.games, args.seed, args.workers, args.hand_cap, args.full_every, args.mutants)
    try:  # a count out of range is a usage error; a ValueError from the run is not
        _check_counts(*counts)
    except ValueError as error:
        parser.error(f"--{str(error).replace('_', '-')}")

    def body() -> int:
        start = time.monotonic()
        result = soak(
            args.games,
            seed=args.seed,
            workers=args.workers,
            hand_cap=args.hand_cap,
            full_every=args.full_every,
            mutants=args.mutants,
        )
        _report(result, args.workers, start)
        return 1 if result.violations else 0

    # Interrupted, it is said over the progress line.
    return run_command(parser.prog, body, interrupted="\r")


if __name__ == "__main__":  # pragma: no cover - run as a command
    sys.exit(main())
