"""What the ``pitch13`` commands read from their command lines alike (internal)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from pitch13.bots import BOT_NAMES
from pitch13.rules import Rules

#: How the commands' help names a bot.
BOTS_HELP = ", ".join(BOT_NAMES) + ", or module:Class (a class of yours, made with a seed)"


def whole(low: int) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``low``."""

    def read(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if number < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {number}")
        return number

    return read


def add_rules(parser: argparse.ArgumentParser, help: str) -> None:
    """Add ``--rules default|classic`` to ``parser``."""
    parser.add_argument("--rules", choices=("default", "classic"), default="default", help=help)


def rules_named(name: str) -> Rules:
    """The rules ``--rules`` names: the default rules, or classic 10-point pitch."""
    return Rules.classic_ten_point() if name == "classic" else Rules()
