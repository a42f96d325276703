"""``pitch13 match``: two bots on paired deals, seats swapped, and the result with its error."""

from __future__ import annotations

import argparse
import sys
import time

from pitch13._base.commands import seed_arg, whole, workers_arg
from pitch13.arena import match
from pitch13.cli._args import BOTS_HELP, add_rules, bots_made, rules_named
from pitch13.cli._progress import Progress
from pitch13.errors import BotError, BotFailedError, GameTooLongError

#: The one-line help of the command, in ``pitch13 --help``.
HELP = "match two bots on paired deals, seats swapped, and print the win rate with its error"
#: The description at the top of ``pitch13 match --help``.
DESCRIPTION = (
    "Play BOT_A against BOT_B on N deal pairs: each pair's deals are played twice, with the bots "
    "in seats 0 and 2, then in seats 1 and 3, so the luck of the cards cancels out. Prints the "
    "games, BOT_A's win rate and mean final margin with 95% confidence intervals (Student's t, "
    "from the spread of the pairs: n/a with one pair, or when every pair has the same result), "
    "points taken a hand, and CPU time a decision. Every game is seeded from the seed "
    "and its place in the match: the result does not depend on --workers."
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to its parser."""
    parser.add_argument("bot_a", metavar="BOT_A", help=f"the first bot: {BOTS_HELP}")
    parser.add_argument("bot_b", metavar="BOT_B", help="the second bot, named the same way")
    parser.add_argument(
        "--pairs",
        type=whole(1),
        default=100,
        metavar="N",
        help="deal pairs to play: 2N games (default 100)",
    )
    parser.add_argument(
        "--workers", type=workers_arg, default=1, metavar="K", help="processes that play (default 1)"
    )
    parser.add_argument(
        "--seed", type=seed_arg, default=0, metavar="S", help="the seed of the match (default 0)"
    )
    add_rules(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress bar on standard error")


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit status."""
    if not bots_made((args.bot_a, args.bot_b), "match"):
        return 2
    rules = rules_named(args.rules)
    progress = Progress(
        args.pairs, f"{args.bot_a} vs {args.bot_b}", "pairs", enabled=None if not args.quiet else False
    )
    started = time.monotonic()
    try:
        result = match(
            args.bot_a,
            args.bot_b,
            pairs=args.pairs,
            seed=args.seed,
            workers=args.workers,
            rules=rules,
            progress=progress,
        )
    except (BotError, BotFailedError, GameTooLongError) as error:
        progress.close()
        print(f"pitch13 match: {error}", file=sys.stderr)
        return 1
    progress.close()
    print(result.report())
    used = min(args.workers, args.pairs)  # a process plays a pair at least
    print(f"  wall time {time.monotonic() - started:.1f} s with {used} worker(s), {args.rules} rules")
    return 0
