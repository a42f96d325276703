"""The ``pitch13`` command: watch, replay, play, match, simulate and review games, and verify their deals.

Run ``pitch13 demo --seed 7`` (or ``python -m pitch13 demo --seed 7``) to watch a game on the
default rules, printed hand by hand; ``--classic`` plays classic 10-point pitch, and
``--record FILE`` saves the game's record as text. ``pitch13 replay FILE`` checks a saved
record (text or JSON) and prints its game the same way. ``pitch13 play`` lets a person play a
seat against bots in the terminal, ``pitch13 match`` plays two bots against each other on
paired deals, and ``pitch13 simulate`` plays many games and writes one JSON line per hand.
``pitch13 verify RECORD COMMITMENT`` checks that a seeded game's deals are those of the seed
whose commitment was shown before its first bid (:meth:`pitch13.GameRecord.verify_deals`).
``pitch13 review RECORD`` marks each seat's costly decisions in a saved game
(:func:`pitch13.analysis.review`). ``pitch13 --version`` prints the version.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn, TextIO

import pitch13
from pitch13._base.checks import pair_text
from pitch13._base.commands import Parser, output, parsed, run_command, seed_arg, standard_error, whole
from pitch13.actions import Deal, Play, TurnUp
from pitch13.bots import SimpleBot
from pitch13.cli._args import fit_output, named, record_or_status
from pitch13.engine import apply, new_game
from pitch13.events import CardRejected, GameOver, HandDealt
from pitch13.narration import Narrator
from pitch13.records import GameRecord, replay
from pitch13.rules import Rules
from pitch13.state import GameState
from pitch13.views import view

__all__ = ["main", "play_demo", "print_game"]

#: The entries :func:`print_game` leaves out: a trick's line shows its cards, a card turned up
#: is named when it is taken or rejected by choice, and a caller's deal is the hand's heading
#: with its four hands, which follows at once.
_TOLD_IN_SHORT = (Play, TurnUp, CardRejected, Deal)


def print_game(state: GameState, out: TextIO, start: int = 0, *, narrator: Narrator | None = None) -> int:
    """Print the history of ``state`` from entry ``start`` on; return the entries printed up to.

    The words are :meth:`Narrator.describe_history <pitch13.narration.Narrator.describe_history>`'s
    (``narrator``, default a new one; a game printed in parts is given the same one each time).
    Every hand's deal shows the four hands, so this is for a finished game or a bug report,
    never for a player. To keep it short, each trick is printed whole rather than card by card,
    and of the look-through only what is taken or rejected by choice.
    """
    teller = Narrator() if narrator is None else narrator
    history = state.history
    for entry in history[start:]:
        text = teller.describe_history(entry)  # told every entry: it follows the stock
        if text is None or isinstance(entry.item, _TOLD_IN_SHORT):
            continue
        first, *rest = text.split("\n")
        if isinstance(entry.item, HandDealt):
            print(f"\n=== {first.removesuffix('.')} ===", file=out)
        elif isinstance(entry.item, GameOver):
            print(f"\n{first}", file=out)
        else:
            print(f"  {first}", file=out)
        for line in rest:
            print(f"  {line}", file=out)
    return len(history)


def play_demo(seed: int, rules: Rules, dealer: int, out: TextIO) -> GameState:
    """Play and print a whole game among four :class:`~pitch13.bots.SimpleBot` players.

    Each player decides from its own seat's view, as it would on a game server.
    """
    bots = [SimpleBot(seed * 4 + seat) for seat in range(4)]
    state = new_game(rules, dealer=dealer, seed=seed)
    narrator = Narrator()
    seen = 0
    while True:
        seen = print_game(state, out, seen, narrator=narrator)
        if state.is_over:
            return state
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(view(state, seat)), seat=seat)


def _cut_in_hand(record: GameRecord, state: GameState) -> bool:
    """Whether the record stops inside a hand: after the hand's first action, before its end.

    A record that stops between two hands, or before a hand's first action (where a seeded game
    saved between two hands stops), reads as an unfinished game saved there. One that stops
    inside a hand is an unfinished game too, or a file cut short: nothing in it tells which.
    """
    return not (state.is_over or state.is_chance) and bool(record.hands) and bool(record.hands[-1].actions)


def _replay_file(path: str, out: TextIO) -> int:
    """Check the record in the file at ``path`` and print its game to ``out``; the exit status.

    A record that stops inside a hand (:func:`_cut_in_hand`) is printed too, with a note on
    standard error that it may have been cut short: the status is still 0, for the record is a
    valid one of an unfinished game.
    """
    record = record_or_status(path, invalid=1)
    if isinstance(record, int):
        return record
    state = replay(record)[-1]
    if record.start_hand != 1 or record.start_scores != (0, 0):  # a game started partway
        names = Narrator()
        a, b = record.start_scores
        print(
            f"The game starts at hand {record.start_hand}: {names.team(0)} {a}, {names.team(1)} {b}.",
            file=out,
        )
    print_game(state, out)
    if not state.is_over:
        where = f"hand {state.hand_number}, {state.phase.value}"
        who = "a deal" if state.is_chance else Narrator().seat(state.to_act or 0)
        print(
            f"\nThe record stops in {where}; {who} to act. Score {pair_text(state.scores)}.",
            file=out,
        )
    if _cut_in_hand(record, state):
        out.flush()  # the note comes after the game, where the reader is
        print(
            f"pitch13: {path}: note: the record ends in the middle of hand {state.hand_number}: "
            "the game is unfinished, or the file was cut short",
            file=sys.stderr,
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pitch13`` command; returns the exit status.

    Run as a program (``argv`` is ``None``: the arguments are the program's), it first puts the
    current folder at the head of the module path, as ``python -m pitch13`` does, so that a bot
    named ``module:Class`` is found in a module of the folder the command is run from; and an
    output whose encoding has no suit symbols is told to write them as letters. With standard
    error closed (``2>&-``), what it would say there is not said.
    """
    with standard_error():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    """:func:`main`, with a standard error."""
    if argv is None and os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    if argv is None:  # the program's own streams; a caller's are left as they are
        fit_output(sys.stdout, sys.stderr)
    parser = Parser(prog="pitch13", description="13-point partner pitch rules engine")
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play and print a whole game among four simple players")
    demo.add_argument(
        "--seed", type=seed_arg, default=7, help="the seed of the deals and the players (default 7)"
    )
    demo.add_argument(
        "--dealer", type=whole(0), choices=range(4), default=0, help="the first dealer (default 0)"
    )
    demo.add_argument("--classic", action="store_true", help="classic 10-point pitch instead of 13-point")
    demo.add_argument(
        "--record",
        metavar="FILE",
        type=named("a file"),
        help="also write the game's record, as text, to FILE",
    )
    again = sub.add_parser("replay", help="check a saved game record (text or JSON) and print its game")
    again.add_argument("file", metavar="FILE", help="the record to replay")
    tools = {
        name: importlib.import_module(f"pitch13.cli._{name}")
        for name in ("play", "match", "simulate", "verify", "review")
    }
    for name, tool in tools.items():
        tool.configure(sub.add_parser(name, help=tool.HELP, description=tool.DESCRIPTION))
    args = parsed(parser, argv)
    return run_command(f"pitch13 {args.command}", lambda: _run(args, tools))


class _Version(argparse.Action):
    """``--version``: print the version, written as any other output, and stop."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        output().write(f"{parser.prog} {pitch13.__version__}\n")
        parser.exit()


def _run(args: argparse.Namespace, tools: dict[str, ModuleType]) -> int:
    """Run the command ``args`` names; its exit status."""
    if args.command in tools:
        return int(tools[args.command].run(args))
    if args.command == "replay":
        return _replay_file(args.file, sys.stdout)
    rules = Rules.classic_ten_point() if args.classic else Rules()
    if not args.record:
        play_demo(args.seed, rules, args.dealer, sys.stdout)
        return 0
    with contextlib.ExitStack() as stack:
        try:  # opened first: a bad path stops at once, refused as simulate --out and play --save are
            file = stack.enter_context(open(args.record, "w", encoding="utf-8"))
        except OSError as error:
            print(f"pitch13 demo: cannot write {args.record}: {error.strerror or error}", file=sys.stderr)
            return 2
        # The game is printed once its record is written, so a reader that stops early
        # (`| head`) does not stop the record being written.
        printed = io.StringIO()
        file.write(GameRecord.from_state(play_demo(args.seed, rules, args.dealer, printed)).to_text())
    sys.stdout.write(printed.getvalue())
    return 0
