"""``pitch13 verify``: check that a game's deals are those of the seed committed to before it."""

from __future__ import annotations

import argparse
import sys

from pitch13._base.commands import shown_path
from pitch13._base.seeds import commitment_fault
from pitch13.cli._args import record_or_status
from pitch13.errors import FairnessError

#: The one-line help of the command, in ``pitch13 --help``.
HELP = "check that a saved game was dealt from the seed whose commitment was shown before it"
#: The description at the top of ``pitch13 verify --help``.
DESCRIPTION = (
    "Check that every hand of the game in RECORD (a saved record, text or JSON, as pitch13 replay "
    "reads it) was dealt from the record's seed, and that the seed is the one COMMITMENT (64 hex "
    "digits, shown before the first bid) was made from: then the cards were fixed before the "
    "game began. Exits 0 when the check passes; 1 when it fails, or COMMITMENT is not 64 hex "
    "digits (the reason on standard error); 2 when RECORD cannot be read or is not a valid record."
)
#: How many hex digits of the commitment the report shows.
_SHOWN = 16


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to its parser."""
    parser.add_argument("record", metavar="RECORD", help="the game's record, text or JSON")
    parser.add_argument(
        "commitment",
        metavar="COMMITMENT",
        help="the commitment shown before the first bid: 64 hex digits (spaces around it are ignored)",
    )


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit status."""
    path: str = args.record
    commitment = str(args.commitment).strip()
    fault = commitment_fault(commitment)
    if fault is not None:  # the argument's fault, said before the record is read
        print(f"pitch13 verify: {fault}", file=sys.stderr)
        return 1
    record = record_or_status(path)
    if isinstance(record, int):
        return record
    try:
        record.verify_deals(commitment)
    except FairnessError as error:
        print(f"pitch13: {path}: {error}", file=sys.stderr)
        return 1
    count = len(record.hands)
    hands = "1 hand was" if count == 1 else f"{count} hands were"
    print(
        f"{shown_path(path)}: the record's {hands} dealt from the seed committed to by {commitment[:_SHOWN].lower()}..."
    )
    return 0
