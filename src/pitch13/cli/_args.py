"""What the ``pitch13`` commands read alike: their command lines, and record files (internal)."""

from __future__ import annotations

import argparse
import codecs
import io
import sys
from collections.abc import Callable, Sequence
from typing import Final

from pitch13._base.checks import MAX_HANDS, WORD
from pitch13.bots import BOT_NAMES, bot_factory
from pitch13.documents import DocumentError
from pitch13.records import GameRecord
from pitch13.records._text import read_rules
from pitch13.rules import Rules

#: How the commands' help names a bot.
BOTS_HELP = ", ".join(BOT_NAMES) + ", or module:Class (a class of yours, made with a seed)"


def named(what: str) -> Callable[[str], str]:
    """An argument type: ``what`` (``"a file"``), which an empty argument does not name."""

    def read(text: str) -> str:
        if not text:
            raise argparse.ArgumentTypeError(f"it is empty: give {what}")
        return text

    return read


#: How the commands' help says what ``--rules`` takes.
RULES_HELP = (
    "default (13-point pitch) or classic (10-point pitch, game to 52), then any options as "
    "option=value words, as a record's Rules tag writes them: 'default target=31 joker_order=fixed' "
    "(default: default)"
)


def add_rules(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules RULES`` to ``parser``: checked as it is read, kept as the text given."""
    parser.add_argument("--rules", type=_rules_arg, default="default", metavar="RULES", help=RULES_HELP)


def rules_named(text: str) -> Rules:
    """The rules ``--rules`` names: a preset (``classic`` is ``classic_ten_point``), then options.

    Raises:
        DocumentError: if ``text`` names no rules.
    """
    words = WORD.findall(text)
    if words and words[0] == "classic":
        words[0] = "classic_ten_point"
    return read_rules(" ".join(words), "--rules")


def _rules_arg(text: str) -> str:
    """``text`` checked, as the words it names the rules in (as the commands print it)."""
    words = WORD.findall(text)
    if not words:
        raise argparse.ArgumentTypeError("name the rules: default or classic, then option=value words")
    try:
        rules_named(text)
    except DocumentError as error:
        raise argparse.ArgumentTypeError(
            f"{error.why}; the rules are default or classic, then option=value words"
        ) from None
    return " ".join(words)


class RecordFileError(Exception):
    """A record file that did not load; the message says why, as the commands print it."""

    def __init__(self, message: str, *, readable: bool) -> None:
        super().__init__(message)
        #: Whether the file was read: then it is no valid record (``pitch13 replay`` exits 1,
        #: where a file it cannot read exits 2).
        self.readable = readable


#: The longest file the commands read as a record: one of 10,000 hands, the most a record holds,
#: is about 6 million characters as text and 11 million as JSON (19 million indented), so the
#: readers' default ``max_size``, which suits documents from the network, would refuse a long game
#: that ``pitch13 play --save`` wrote.
FILE_MAX: Final = 4_000 * MAX_HANDS


def read_record(path: str) -> GameRecord:
    """The record in the file at ``path``: JSON if it starts with ``{``, else the text form.

    Raises:
        RecordFileError: if the file cannot be read as UTF-8 text, or is not a valid record
            (the :exc:`~pitch13.DocumentError` says where and why).
    """
    try:
        with open(path, encoding="utf-8") as file:
            # One character past the limit is enough to refuse a file too long.
            text = file.read(FILE_MAX + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise RecordFileError(f"cannot read {path}: {error}", readable=False) from None
    if len(text) > FILE_MAX:
        raise RecordFileError(
            f"{path}: longer than {FILE_MAX:,} characters, the most a record file may be", readable=True
        )
    try:
        is_json = text.lstrip("\ufeff \t\r\n").startswith("{")  # after a byte order mark too
        if is_json:
            return GameRecord.from_json(text, max_size=FILE_MAX)
        return GameRecord.from_text(text, max_size=FILE_MAX)
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


def bots_made(specs: Sequence[str], command: str) -> bool:
    """Whether a bot can be made from each of ``specs``; if not, having said why on standard error.

    Made once each before any game, so that a ``module:Class`` that does not import, fails to
    build or makes something that is not a bot stops the command at once, in one line.
    """
    for spec in specs:
        try:
            make = bot_factory(spec)
        except (ValueError, TypeError) as error:  # no such bot, or a module that does not import
            print(f"pitch13 {command}: {error}", file=sys.stderr)
            return False
        try:
            make(0)
        except Exception as error:  # a user's class failed to build, or made no bot
            print(f"pitch13 {command}: cannot make the bot {spec!r}: {error}", file=sys.stderr)
            return False
        except SystemExit as error:  # it called sys.exit(): the command's status is its own
            print(f"pitch13 {command}: cannot make the bot {spec!r}: it exited ({error!r})", file=sys.stderr)
            return False
    return True


#: What the commands print that a narrow encoding (Windows' cp1252 for a redirected output,
#: ASCII) may lack, in ASCII: suits as the letters of the notation (``A♠`` is ``AS``), and a
#: match's microseconds as ``us``.
_IN_ASCII: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "…": "...", "±": "+/-", "µ": "u"}
_ERRORS: Final = "pitch13-ascii"


def _in_ascii(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: what cannot be encoded, in ASCII (``?`` for anything else)."""
    if not isinstance(error, UnicodeEncodeError):  # pragma: no cover - only ever encoding
        raise error
    text = error.object[error.start : error.end]
    return "".join(_IN_ASCII.get(char, "?") for char in text), error.end


def fit_output(*streams: object) -> None:
    """Let each text stream whose encoding lacks the suits' symbols write them as letters.

    Otherwise a game printed to a file on Windows (cp1252), or under ``PYTHONIOENCODING=ascii``,
    would stop at its first card with a :exc:`UnicodeEncodeError`.
    """
    codecs.register_error(_ERRORS, _in_ascii)  # registering it again is harmless
    for stream in streams:
        if not isinstance(stream, io.TextIOWrapper) or stream.errors != "strict":
            continue  # not a file's stream, or one told what to do already
        try:
            "".join(_IN_ASCII).encode(stream.encoding)
        except UnicodeEncodeError:
            stream.reconfigure(errors=_ERRORS)
        except LookupError:  # pragma: no cover - a stream is made with a known encoding
            continue
