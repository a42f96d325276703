"""What the command lines share (internal): their number types, and their standard streams.

The ``pitch13`` commands, ``python -m pitch13.bench`` and ``python -m pitch13.testing.soak``
read their numbers with these types, so that each refuses alike what ``int`` alone would take
(other scripts' digits, numbers of thousands of digits), and treat their standard streams alike:
an output that cannot be written is said, with status 1, and a closed standard error
(``2>&-``) silences them rather than sending what they say to standard output.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from pitch13._base.checks import MAX_SEED, MOST_WORKERS, excerpt

__all__ = [
    "Parser",
    "ascii_only",
    "integer",
    "output",
    "parsed",
    "run_command",
    "seed_arg",
    "shown_path",
    "standard_error",
    "unwritten",
    "whole",
    "workers_arg",
]


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


# --- standard streams ----------------------------------------------------------------------------


def output(file: SupportsWrite[str] | None = None) -> SupportsWrite[str]:
    """``file``, or standard output; an :exc:`OSError` if there is none (``>&-``, ``pythonw``)."""
    out = file or sys.stdout
    if out is None:
        raise OSError(errno.EBADF, "standard output is closed")
    return out


def unwritten(error: OSError, who: str) -> int:
    """The exit status when output cannot be written: 0 if its reader stopped early, else 1, said.

    A reader that stops early (``| head``) is no error: standard error is closed, so that
    nothing more is said as the interpreter exits. Called inside :func:`standard_error`, so
    that there is one.
    """
    if isinstance(error, BrokenPipeError):
        sys.stderr.close()
        return 0
    with contextlib.suppress(OSError):  # standard error full too: the status says it
        print(f"{who}: {error}", file=sys.stderr)
    return 1


def run_command(who: str, body: Callable[[], int], *, interrupted: str = "") -> int:
    """The exit status of ``body``, a command's work, which ``who`` (``"pitch13 simulate"``) does.

    A closed standard output is said before the work begins; an output that cannot be written,
    and Ctrl-C (status 130, said after ``interrupted``: a carriage return over a progress line),
    are said without a traceback; so, with status 1, is a worker process that died (a bot's
    ``os._exit()``, a crash, the system short of memory). A failure the work itself reported (a
    status other than 0) stays the status, even when its reader then went away. Called inside
    :func:`standard_error`.
    """
    try:
        output()  # none (`>&-`, pythonw): said at once
        status = body()
    except KeyboardInterrupt:  # Ctrl-C: what was done is lost, and said to be
        return _said(f"{interrupted}{who}: interrupted", 130)
    except BrokenExecutor:
        why = "a worker process ended before its work was done (say, a bot's os._exit(), a crash, or too little memory)"
        return _said(f"{interrupted}{who}: {why}", 1)
    except OSError as error:  # an output that cannot be written: a full disk, a missing folder
        return unwritten(error, who)
    try:
        sys.stdout.flush()  # a failure to write is told here, not when the interpreter exits
    except OSError as error:
        return status or unwritten(error, who)
    return status


def _said(text: str, status: int) -> int:
    """Say ``text`` on standard error, if it can be written; return ``status``."""
    with contextlib.suppress(OSError):
        print(text, file=sys.stderr)
    return status


def shown_path(path: str) -> str:
    r"""``path`` as it can be printed: a file name's bytes that are not text, escaped (``\xff``)."""
    return os.fsencode(path).decode(sys.getfilesystemencoding(), "backslashreplace")


@contextlib.contextmanager
def standard_error() -> Iterator[None]:
    """While it lasts, a closed standard error (``2>&-``, ``pythonw``) swallows what is said.

    ``print(..., file=sys.stderr)`` with no standard error writes to standard output, where a
    command's messages and progress would mix with its output (``simulate --out -``).
    """
    if sys.stderr is not None:
        yield
        return
    with open(os.devnull, "w", encoding="utf-8") as sink:
        sys.stderr = sink
        try:
            yield
        finally:
            sys.stderr = None  # as it was


class Parser(argparse.ArgumentParser):
    """argparse's parser, its help written as any other output.

    argparse ignores a failure to write the help, so ``pitch13 --help > /dev/full`` succeeded.
    """

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """Write the help to ``file`` (standard output), letting a failure to write be seen."""
        output(file).write(self.format_help())


def parsed(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """What ``parser`` reads of ``argv``.

    Raises:
        SystemExit: with 2 for a usage error (said by argparse); with 0 when the help or the
            version was printed, or with 1, said, when it could not be written.
    """
    try:
        return parser.parse_args(argv)
    except SystemExit as done:  # a usage error (2), or the help or version printed (0)
        if done.code != 0:
            raise
        try:
            output().flush()  # type: ignore[attr-defined]  # a stream, which has flush
        except OSError as error:
            raise SystemExit(unwritten(error, parser.prog)) from None
        raise
    except OSError as error:  # the help or version could not be written
        raise SystemExit(unwritten(error, parser.prog)) from None
