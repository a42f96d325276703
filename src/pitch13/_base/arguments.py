"""Argument types of the command lines: numbers in the digits 0-9, as the notation writes them (internal).

The ``pitch13`` commands, ``python -m pitch13.bench`` and ``python -m pitch13.testing.soak``
read their numbers with these, so that each refuses alike what ``int`` alone would take: other
scripts' digits, and numbers of thousands of digits.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Final

from pitch13._base.checks import MAX_SEED, MOST_WORKERS, excerpt

__all__ = ["ascii_only", "integer", "seed_arg", "whole", "workers_arg"]


#: The most digits a number on a command line may have: more than any count or seed takes.
_MOST_DIGITS: Final = 60


def _digits(text: str) -> int:
    """How many digits ``text`` has if it is written as an integer, else 0."""
    digits = text.strip().lstrip("+-").replace("_", "")
    return len(digits) if digits.isascii() and digits.isdigit() else 0


def ascii_only(text: str) -> str:
    """``text``, if it is ASCII: a number of the commands' is written in the digits 0-9.

    ``int`` and ``float`` would read other scripts' digits too; the notation does not.

    Raises:
        ValueError: if it is not.
    """
    if not text.isascii():
        raise ValueError(text)
    return text


def integer(text: str) -> int:
    """An argument type: a whole number, of at most 60 digits; whoever takes it checks its range."""
    if _digits(text) > _MOST_DIGITS:
        raise argparse.ArgumentTypeError(f"a number of {_digits(text):,} digits is far too large")
    try:
        return int(ascii_only(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {excerpt(text)}") from None


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``low`` (and at most ``high``)."""

    def read(text: str) -> int:
        number = integer(text)
        if number < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {number}")
        if high is not None and number > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, not {number}")
        return number

    return read


#: The type of a command's ``--workers``: from 1 to the most processes a pool starts.
workers_arg: Final = whole(1, MOST_WORKERS)


def seed_arg(text: str) -> int:
    """A seed for ``--seed``: an integer within what :func:`pitch13.new_game` takes."""
    if _digits(text) > _MOST_DIGITS:
        raise argparse.ArgumentTypeError("a seed is an integer of at most 128 bits")
    try:
        seed = int(ascii_only(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is an integer, not {excerpt(text)}") from None
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError("a seed is an integer of at most 128 bits")
    return seed
