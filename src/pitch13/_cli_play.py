"""``pitch13 play``: (being written)."""

from __future__ import annotations

import argparse

#: The one-line help of the command, in ``pitch13 --help``.
HELP = "play (being written)"
#: The description at the top of ``pitch13 play --help``.
DESCRIPTION = HELP


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to its parser."""


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit status."""
    raise NotImplementedError("pitch13 play is being written")
