"""What the ``pitch13`` commands read alike: their command lines, and record files (internal)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from pitch13.bots import BOT_NAMES
from pitch13.documents import DocumentError
from pitch13.records import GameRecord
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


class RecordFileError(Exception):
    """A record file that did not load; the message says why, as the commands print it."""

    def __init__(self, message: str, *, readable: bool) -> None:
        super().__init__(message)
        #: Whether the file was read: then it is no valid record (``pitch13 replay`` exits 1,
        #: where a file it cannot read exits 2).
        self.readable = readable


def read_record(path: str) -> GameRecord:
    """The record in the file at ``path``: JSON if it starts with ``{``, else the text form.

    Raises:
        RecordFileError: if the file cannot be read as UTF-8 text, or is not a valid record
            (the :exc:`~pitch13.DocumentError` says where and why).
    """
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        raise RecordFileError(f"cannot read {path}: {error}", readable=False) from None
    try:
        return GameRecord.from_json(text) if text.lstrip().startswith("{") else GameRecord.from_text(text)
    except DocumentError as error:
        raise RecordFileError(f"{path}: {error}", readable=True) from None


def record_or_status(path: str, *, invalid: int = 2) -> GameRecord | int:
    """The record in the file at ``path``, or, having said why on standard error, the exit status.

    The status is 2 for a file that cannot be read, ``invalid`` for one that holds no valid record.
    """
    try:
        return read_record(path)
    except RecordFileError as error:
        print(f"pitch13: {error}", file=sys.stderr)
        return invalid if error.readable else 2
