"""``pitch13 play``: a person plays one seat against three bots in the terminal.

The table is drawn from the person's seat's view only (:func:`pitch13.view`), and the game is
told as it happens from that seat's history (:func:`pitch13.seen.seen_history`, in the words of
:class:`pitch13.narration.Narrator`), so the screen never shows a card the seat may not know.
Input is read line by line from standard input and output goes to standard output, so a game
can be played from a script as well as from a keyboard.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Final, TextIO

from pitch13._base.checks import MAX_HANDS, excerpt
from pitch13._base.commands import seed_arg, shown_path, unwritten
from pitch13.actions import (
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    ActionParseError,
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Play,
    SeatAction,
    Take,
    parse_action,
)
from pitch13.analysis import evaluate
from pitch13.bots import Bot, BotError, BotFailedError, bot_factory
from pitch13.bots._args import chosen
from pitch13.cards import Card, CardParseError, Suit
from pitch13.cli._args import BOTS_HELP, add_rules, rules_named
from pitch13.engine import IllegalActionError, apply, new_game
from pitch13.errors import GameTooLongError
from pitch13.events import GameOver
from pitch13.narration import SEAT_NAMES, Narrator
from pitch13.records import GameRecord
from pitch13.rules import Rules
from pitch13.seen import DealSeen, TurnUpSeen, seen_history
from pitch13.state import GameState, Phase
from pitch13.trumps import is_trump, sort_hand
from pitch13.views import SeatView, view

#: The one-line help of the command, in ``pitch13 --help``.
HELP = "play a seat against three bots in the terminal"
#: The description at the top of ``pitch13 play --help``.
DESCRIPTION = """\
Play one seat of a game of 13-point partner pitch against three bots. The table shows only
what your seat may know; what the others do is told as it happens. At your turn, answer
with the number of an action in the menu, or the action itself: "pass" or "p", "bid 5" or
"b5", "trump H" or just "H" (or "♥") when naming trump, a card such as "JH", "10♥" or "BJ"
to play, shed, pick up or give it up, "turn up" or "u", "reject" or "r", "stop" or "s".
"help" explains, "table" draws the table again, "?" or "hint" estimates what each choice is
worth (a second's search over guesses at the hidden cards), and "quit" (or the end of input,
or Ctrl-C) stops the game; --save then keeps the game so far.

Every game is dealt from a seed (a random one unless --seed gives it, and it is printed), so
the same seed and bots deal the same cards and make the same choices again."""

_HELP_TEXT: Final = """\
Answer with the number of an action in the menu, or write the action:
  pass, p          pass in the auction
  bid 5, b5        bid 5
  trump H, H, ♥    name hearts trump (C, D, H, S or ♣ ♦ ♥ ♠)
  JH, 10♥, BJ      play that card (or shed it, pick it up, or give it up for the card turned up)
  turn up, u       turn up the next stock card
  reject, r        reject the card turned up
  stop, s          stop picking up, or stop looking through the stock
  ?, hint          estimate each choice's worth, best first: your side's score this hand
                   less theirs, averaged over guesses at the hidden cards, each played out
                   as if every card were seen (about a second)
  table            draw the table again
  quit             stop the game (--save keeps it)"""

_CARD_ACTION: Final[dict[Phase, type[Discard | Take | GiveUp | Play]]] = {
    Phase.DISCARD: Discard,
    Phase.PICKUP: Take,
    Phase.LOOK: GiveUp,
    Phase.PLAY: Play,
}
_SHORT: Final[dict[str, SeatAction]] = {
    "p": PASS,
    "s": STOP,
    "r": REJECT,
    "u": TURN_UP,
}
_PROMPTS: Final = {
    Phase.BIDDING: "Your call",
    Phase.TRUMP: "Name trump",
    Phase.DISCARD: "Shed a trump",
    Phase.PICKUP: "Pick up a card, or stop",
    Phase.LOOK: "The stock",
    Phase.PLAY: "Your play",
}
_QUIT: Final = frozenset(("quit", "exit", "q"))
_HINT: Final = frozenset(("?", "hint"))
#: The hint's budget: deals drawn at most, and CPU seconds (it stops at the first reached, after
#: a whole deal). A call in the auction, the costliest (a pass and up to 10 bids, each played on
#: to the end of the hand on every deal), answers in about a second with it; a card draws all
#: the deals in far less.
_HINT_SAMPLES = 64
_HINT_TIME_LIMIT = 0.6
_WIDTH: Final = 78


def _seat(text: str) -> int:
    """A seat from 0-3 or its name (or initial), for ``--seat``."""
    key = text.strip().lower()
    for seat, name in enumerate(SEAT_NAMES):
        if key in (str(seat), name.lower(), name[0].lower()):
            return seat
    raise argparse.ArgumentTypeError(f"no seat {excerpt(text)}: use 0-3 or north, east, south, west")


def _bot(text: str) -> Callable[[int | None], Bot]:
    """What makes a bot, by name, for ``--bots``."""
    try:
        return bot_factory(text)
    except ValueError as error:  # no such bot, or a module that does not import (or exits)
        raise argparse.ArgumentTypeError(str(error)) from None


class _OneOrThree(argparse.Action):
    """Keeps ``--bots`` to one name (for all three) or three."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[object] | None,
        option_string: str | None = None,
    ) -> None:
        found = list(values) if isinstance(values, Sequence) and not isinstance(values, str) else [values]
        if len(found) not in (1, 3):
            parser.error(f"argument --bots: give one bot for all three seats, or three, not {len(found)}")
        setattr(namespace, self.dest, found * 3 if len(found) == 1 else found)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to its parser."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--seat",
        type=_seat,
        default=2,
        metavar="SEAT",
        help="your seat: 0-3, or north, east, south, west (default south, 2)",
    )
    parser.add_argument(
        "--bots",
        nargs="+",
        type=_bot,
        action=_OneOrThree,
        default=None,
        metavar="BOT",
        help="the other seats' players: one for all three, or three, from your left clockwise; "
        f"{BOTS_HELP} (default simple)",
    )
    add_rules(parser)
    parser.add_argument(
        "--seed", type=seed_arg, help="the seed of the deals and the bots, an integer (default: a random one)"
    )
    parser.add_argument(
        "--save", metavar="FILE", help="write the game's record, as text, to FILE when the game ends or stops"
    )


def run(args: argparse.Namespace) -> int:
    """Run the command; return the exit status."""
    save: str | None = args.save
    if save is not None and not os.path.isdir(os.path.dirname(save) or "."):
        print(f"pitch13 play: cannot save to {save}: no such directory", file=sys.stderr)
        return 2
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    makers: list[Callable[[int | None], Bot]] = args.bots or [bot_factory("simple")] * 3
    rules = rules_named(args.rules)
    # With its input closed (`<&-`), the game is played as with an empty one (`</dev/null`).
    table = _Table(args.seat, rules, seed, sys.stdin or io.StringIO(), sys.stdout)
    try:
        seats = [(args.seat + 1 + i) & 3 for i in range(3)]
        bots = {seat: make(seed * 4 + seat) for seat, make in zip(seats, makers, strict=True)}
    except Exception as error:  # a user's bot class failed to build
        print(f"pitch13 play: cannot make the bots: {error}", file=sys.stderr)
        return 2
    except SystemExit as error:  # it called sys.exit(): the command's status is its own
        print(f"pitch13 play: cannot make the bots: one exited ({error!r})", file=sys.stderr)
        return 2
    if save is not None:  # just before the game: a game that never starts leaves no file
        why = _unsavable(save)
        if why:
            print(f"pitch13 play: cannot save to {save or repr(save)}: {why}", file=sys.stderr)
            return 2
    try:
        status = table.play(bots)
    except OSError as error:  # the screen cannot be written (a full disk, a closed terminal, a
        # reader gone): the game so far is saved all the same, where the file made for it was
        # left empty; a save that fails then is a failure, whatever the screen's was
        saved = save is None or _save(save, table.state)
        told = unwritten(error, "pitch13 play")
        return told if saved else 1
    if save is not None:
        if not _save(save, table.state):
            return 1
        shown = shown_path(save)
        table.say(f"The game is saved in {shown}; `pitch13 replay {shown}` prints it whole.")
    return status


def _save(path: str, state: GameState) -> bool:
    """Write the record of the game so far to ``path``; ``False``, said, if it cannot be written.

    The record is made before the file is opened, which empties it.
    """
    text = GameRecord.from_state(state).to_text()
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        print(f"pitch13 play: cannot save to {path}: {error}", file=sys.stderr)
        return False
    return True


def _unsavable(path: str) -> str:
    """Why the record cannot be saved to ``path``, found before the game, or ``""``.

    The file is opened to append (so made, empty, if it was not there, and otherwise left as
    it is until the game's end), which finds what the end would: a folder, no such folder, no
    right to write.
    """
    if not path:
        return "no file named"
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as error:
        return error.strerror or str(error)
    return ""


class _Table:
    """One game at the terminal: the person's seat, the bots, and what has been told."""

    def __init__(self, seat: int, rules: Rules, seed: int, given: TextIO, out: TextIO) -> None:
        self.seat = seat
        self.seed = seed
        self.given = given
        self.out = out
        self.echo = not _isatty(given)
        self.narrator = Narrator()
        self.state: GameState = new_game(rules, dealer=0, seed=seed)
        self.told: int | None = None  # the ply told up to; None: nothing told yet

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def play(self, bots: dict[int, Bot]) -> int:
        """Play to the end of the game or until the person stops; the exit status."""
        me = self.seat
        names = self.narrator
        partner = names.seat(me ^ 2)
        self.say(f"You are {names.seat(me)}, partner of {partner}. Seed {self.seed}.")
        self.say("Answer with a number or an action; 'help' explains, 'quit' stops.")
        try:
            while True:
                self.tell()
                state = self.state
                if state.is_over:
                    self.say(self.verdict())
                    return 0
                seat = state.to_act
                assert seat is not None, "a seeded game deals itself"
                if seat == me:
                    action = self.ask()
                    if action is None:
                        return self.stop("You stopped")
                else:
                    action = chosen(bots[seat].choose, seat, view(state, seat))
                after = apply(state, action, seat=seat)
                if after.hand_number > MAX_HANDS:  # kept as it was: a record holds the game so far
                    raise GameTooLongError("the game")
                self.state = after
        except EOFError:
            return self.stop("\nThe input ended")
        except KeyboardInterrupt:
            return self.stop("\nInterrupted")
        except (BotError, BotFailedError) as error:  # a bot of the user's: the game is kept
            print(f"pitch13 play: {error}", file=sys.stderr)
            return 1
        except GameTooLongError as error:  # before the action that would begin the hand after
            print(
                f"pitch13 play: {error}; it stops before the action that ends hand {MAX_HANDS:,}",
                file=sys.stderr,
            )
            return 1
        except UnicodeDecodeError as error:  # the input is not in its encoding: none can be read
            print(f"pitch13 play: cannot read the input as {error.encoding}: {error.reason}", file=sys.stderr)
            return 1

    def stop(self, why: str) -> int:
        state = self.state
        where = f"hand {state.hand_number}, {state.phase.value}"
        self.say(f"{why}: the game stops in {where}. {self.score_line(state.scores)}.")
        return 0

    def score_line(self, scores: tuple[int, int]) -> str:
        names = self.narrator
        return f"Score: {names.team(0)} {scores[0]}, {names.team(1)} {scores[1]}"

    def verdict(self) -> str:
        outcome = self.state.outcome
        assert outcome is not None
        return "You win!" if outcome.winner == self.seat & 1 else "You lose."

    # --- telling what happened ----------------------------------------------------------------

    def tell(self) -> None:
        """Tell what the seat saw since the last time."""
        for entry in seen_history(self.state, self.seat, since=self.told):
            text = self.narrator.describe_seen(entry, self.seat)
            if text is None or (isinstance(entry.item, TurnUpSeen) and entry.item.card is None):
                continue  # another seat's turn-up is told with what became of the card
            first, *rest = text.split("\n")
            if isinstance(entry.item, DealSeen):
                self.say(f"\n=== {first.removesuffix('.')} ===")
            elif isinstance(entry.item, GameOver):
                self.say(f"\n{first}")
            else:
                self.say(f"  {first}")
            for line in rest:
                self.say(f"  {line}")
        self.told = self.state.ply

    # --- the table and the menu ---------------------------------------------------------------

    def draw(self, v: SeatView) -> None:
        """Draw the table as the seat's view shows it."""
        names = self.narrator
        rules = v.rules
        title = f"-- Hand {v.hand_number}, {names.seat(v.dealer)} deals; you are {names.seat(self.seat)} "
        self.say()
        self.say(title + "-" * max(3, _WIDTH - len(title)))
        goal = f"more than {rules.target}" if rules.target_rule.value == "greater_than" else f"{rules.target}"
        self.say(f"{'Score':10}{names.team(0)} {v.scores[0]}, {names.team(1)} {v.scores[1]} (game to {goal})")
        order = [(v.dealer + 1 + i) & 3 for i in range(4)]
        calls = []
        for seat in order:
            call = v.bids[seat]
            calls.append(f"{names.seat(seat)} {'-' if call is None else 'pass' if call == 0 else call}")
        self.say(f"{'Auction':10}{', '.join(calls)}")
        if v.bidder is not None:
            trump = "not named yet" if v.trump is None else f"{v.trump.symbol} {_SUIT_NAMES[v.trump]}"
            self.say(f"{'Bid':10}{names.seat(v.bidder)} {v.bid}; trump {trump}")
        if v.trump is not None:
            self.say(
                f"{'Taken':10}{names.team(0)} {v.points_taken[0]}, {names.team(1)} {v.points_taken[1]}"
                " (points this hand)"
            )
            held = ", ".join(f"{names.seat(s)} {v.hand_sizes[s]}" for s in range(4))
            out = ", ".join(names.seat(s) for s in sorted(v.out)) or "nobody"
            self.say(f"{'Cards':10}{held}; stock {v.stock_size}; out of trump: {out}")
        if v.middle and v.phase in (Phase.DISCARD, Phase.PICKUP):
            self.say(f"{'Middle':10}{_cards(sort_hand(v.middle, v.trump, rules))}")
        if v.turned_card is not None:
            self.say(f"{'Turned up':10}{v.turned_card.pretty}")
        if v.phase is Phase.PLAY:
            trick = ", ".join(f"{names.seat(s)} {c.pretty}" for s, c in v.trick) or "(you lead)"
            self.say(f"{'Trick':10}{trick}")
        self.say(f"{'Your hand':10}{self.hand_line(v)}")

    def hand_line(self, v: SeatView) -> str:
        cards = sort_hand(v.hand, v.trump, v.rules)
        if v.trump is None:
            return _cards(cards)
        trumps = [c for c in cards if is_trump(c, v.trump, v.rules)]
        dead = [c for c in cards if not is_trump(c, v.trump, v.rules)]
        return (_cards(trumps) or "no trump") + (f"  (dead: {_cards(dead)})" if dead else "")

    def menu(self, v: SeatView) -> tuple[SeatAction, ...]:
        """The legal actions in menu order: the others as listed, the cards in the hand's order."""
        place = {c: i for i, c in enumerate(sort_hand(_card_set(v), v.trump, v.rules))}
        return tuple(
            sorted(
                v.legal_actions,
                key=lambda a: (
                    (1, place[a.card]) if isinstance(a, (Discard, Take, GiveUp, Play)) else (0, a.sort_key)
                ),
            )
        )

    def show_menu(self, actions: Sequence[SeatAction]) -> None:
        items = [f"{i}) {a.pretty}" for i, a in enumerate(actions, 1)]
        width = max(len(item) for item in items) + 2
        per_line = max(1, (_WIDTH - 2) // width)
        for start in range(0, len(items), per_line):
            self.say("  " + "".join(item.ljust(width) for item in items[start : start + per_line]).rstrip())

    def ask(self) -> SeatAction | None:
        """The person's action, asked until it is legal; ``None`` to stop the game."""
        v = view(self.state, self.seat)
        actions = self.menu(v)
        self.draw(v)
        prompt = _PROMPTS.get(v.phase, "Your move")
        if v.turned_card is not None:
            prompt = f"Take {v.turned_card.pretty}, giving up a card, or reject it"
        self.say(f"{prompt}:")
        self.show_menu(actions)
        hint: str | None = None  # the hint at this prompt, once asked for
        while True:
            print(f"{self.narrator.seat(self.seat)}> ", end="", file=self.out, flush=True)
            line = self.given.readline()
            if not line:
                raise EOFError
            answer = line.strip()
            if self.echo:
                self.say(answer)
            key = answer.lower()
            if key in _QUIT:
                return None
            if key == "help":
                self.say(_HELP_TEXT)
                continue
            if key in _HINT:
                if hint is None:
                    hint = self.hint(v, actions)
                self.say(hint)
                continue
            if key == "table":
                self.draw(v)
                self.show_menu(actions)
                continue
            found = _read(answer, v, actions)
            if isinstance(found, str):
                self.say(f"  {found}")
                continue
            if found in actions:
                return found
            try:
                apply(self.state, found, seat=self.seat, ply=v.ply)
            except IllegalActionError as error:
                why = str(error).rstrip(".")
                mine = f"seat {self.seat} "  # the library's number for the seat the table names
                name = self.narrator.seat(self.seat)
                self.say(f"  Not allowed: {name + why[len(mine) - 1 :] if why.startswith(mine) else why}.")
                continue
            return found  # pragma: no cover - every legal action is in the menu

    def hint(self, v: SeatView, actions: Sequence[SeatAction]) -> str:
        """Each of ``actions`` with its estimated value (:func:`pitch13.analysis.evaluate`), best first.

        The values are the seat's team's score change for the hand less the other team's, as the
        evaluation gives them, with their standard errors; the best (and its equals) are marked.
        The deals drawn are seeded by the game's seed and the ply, so a hint is the same again
        when its budget in deals is reached before its time.
        """
        try:
            found = evaluate(
                v, samples=_HINT_SAMPLES, time_limit=_HINT_TIME_LIMIT, seed=(self.seed << 32) + v.ply
            )
        except ValueError as error:  # pragma: no cover - a view at the person's turn is evaluated
            return f"  No hint here: {error}."
        value = {item.action: item for item in found.values}
        order = sorted(actions, key=lambda a: -value[a].mean)  # stable: the menu's order among equals
        best = found.best.mean
        width = max(len(a.pretty) for a in order)
        means = [f"{value[a].mean:+.2f}" for a in order]
        stderrs = [f"{value[a].stderr:.2f}" for a in order]
        mean_width = max(map(len, means))
        stderr_width = max(map(len, stderrs))
        guesses = f"{found.samples} guess{'es' if found.samples != 1 else ''}"
        lines = [f"Hint: your side's score this hand less theirs, on {guesses} at hidden cards:"]
        for action, mean, stderr in zip(order, means, stderrs, strict=True):
            mark = "  (best)" if value[action].mean == best else ""
            lines.append(f"  {action.pretty:<{width}}  {mean:>{mean_width}} ± {stderr:>{stderr_width}}{mark}")
        return "\n".join(lines)


#: The first words of a seat's actions in their notation (a deal's is not one).
_SEAT_WORDS: Final = frozenset(
    {"pass", "bid", "trump", "discard", "take", "turn", "reject", "stop", "give", "play"}
)


def _read(answer: str, v: SeatView, actions: Sequence[SeatAction]) -> SeatAction | str:
    """The action ``answer`` means, or why it means none."""
    if not answer:
        return f"Answer with a number from 1 to {len(actions)}, or an action ('help' lists them)."
    if answer.isascii() and answer.isdigit():
        number = int(answer) if len(answer) <= 6 else 0  # a menu is never a million long
        if 1 <= number <= len(actions):
            return actions[number - 1]
        shown = answer if len(answer) <= 12 else answer[:12] + "…"
        return f"There is no action {shown}: answer from 1 to {len(actions)}."
    if v.phase is Phase.TRUMP:
        try:
            return NameTrump(Suit.parse(answer))
        except CardParseError:
            pass
    key = answer.lower()
    if key in _SHORT:
        return _SHORT[key]
    amount = key[1:].strip()
    if key[0] == "b" and amount.isascii() and amount.isdigit() and len(amount) <= 6:
        return Bid(int(amount))
    kind = _CARD_ACTION.get(v.phase)
    if kind is not None:
        try:
            return kind(Card.parse(answer))
        except CardParseError:
            pass
    try:
        action = parse_action(answer)
    except ActionParseError as error:
        word = key.split()[0]
        if word == "deal":
            return "Dealing is not a seat's action."
        if word not in _SEAT_WORDS:  # the library's list of actions has the dealer's too
            return f"Not an action: {excerpt(answer)} ('help' lists the answers)."
        return f"Not an action: {error}."
    if isinstance(action, Deal):
        return "Dealing is not a seat's action."
    return action


_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def _card_set(v: SeatView) -> tuple[Card, ...]:
    return tuple(a.card for a in v.legal_actions if isinstance(a, (Discard, Take, GiveUp, Play)))


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
