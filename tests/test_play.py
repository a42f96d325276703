"""``pitch13 play``: a person at the terminal against three bots, driven by scripted input."""

from __future__ import annotations

import builtins
import io
import os
import pathlib
import re
import sys
import textwrap

import pytest

import helpers
import pitch13
from helpers import EqualsAnything, last_menu
from pitch13 import DECK, Bid, Card, GameRecord, Rules, Suit, cli, parse_action, replay, view
from pitch13.narration import Narrator
from pitch13.seen import seen_history
from pitch13.trumps import sort_hand

SEED = 5


def run_play(monkeypatch, args, answer):
    """Run ``pitch13 play ARGS`` answering with ``answer(screen, menu)``; the status, the screen, the typist."""
    return helpers.run_play(monkeypatch, args, lambda text: answer(text, last_menu(text)))


def scripted(monkeypatch, args, lines):
    """Run ``pitch13 play ARGS`` on the given input lines; the status and the screen."""
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    monkeypatch.setattr(sys, "stdout", screen)
    return cli.main(["play", *args]), screen.getvalue()


def first(text, menu):
    return "1"


def shortcut(action):
    """The short answer for an action: ``p``, ``b5``, a suit letter, a card alone, ``u``, ``r``, ``s``."""
    if isinstance(action, pitch13.Pass):
        return "p"
    if isinstance(action, Bid):
        return f"b{action.amount}"
    if isinstance(action, pitch13.NameTrump):
        return action.suit.letter.lower()
    card = getattr(action, "card", None)
    if card is not None:
        return str(card).lower()
    return {"turn up": "u", "reject": "r", "stop": "s"}[str(action)]


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory):
    """A whole game of seed 5 from South, always answering "1": the screen and the record."""
    path = tmp_path_factory.mktemp("play") / "game.txt"
    with pytest.MonkeyPatch.context() as monkeypatch:
        status, screen, _ = run_play(monkeypatch, ["--seed", str(SEED), "--save", str(path)], first)
    assert status == 0
    return screen, path.read_text(encoding="utf-8")


def test_a_whole_game_is_finished_by_always_answering_one(whole_game):
    screen, text = whole_game
    record = GameRecord.from_text(text)
    final = replay(record)[-1]
    assert final.is_over and record.seed == SEED and record.rules == Rules()
    lines = screen.rstrip().splitlines()
    over = Narrator().describe_history(final.history[-1])
    assert lines[-3] == over
    assert lines[-2] == ("You win!" if final.winner == 0 else "You lose.")
    assert lines[-1] == "The game is saved in " + lines[-1].split(" saved in ")[1]
    assert screen.count("South> ") == sum(1 for s in replay(record)[:-1] if s.to_act == 2)


@pytest.mark.parametrize(
    "style",
    [
        lambda menu: menu[0],  # as the menu writes it: "play K♠"
        lambda menu: str(parse_action(menu[0])),  # the notation: "play KS"
        lambda menu: shortcut(parse_action(menu[0])),  # the short forms: "ks", "b5", "p", "h"
    ],
    ids=["pretty", "notation", "shortcut"],
)
def test_every_way_of_answering_plays_the_same_game(monkeypatch, tmp_path, whole_game, style):
    path = tmp_path / "game.txt"
    status, _, _ = run_play(
        monkeypatch, ["--seed", str(SEED), "--save", str(path)], lambda text, menu: style(menu)
    )
    assert status == 0
    assert path.read_text(encoding="utf-8") == whole_game[1]


def _screens(screen):
    """The screen before each prompt."""
    return screen.split("South> ")[:-1]


def _cards_of(line):
    return [Card.parse(word) for word in re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]|[BR]J", line)]


def test_each_screen_draws_the_seats_view(whole_game):
    _check_screens(*whole_game)


def test_each_screen_of_a_bidder_who_looks_through_the_stock(monkeypatch, tmp_path):
    path = tmp_path / "bidder.txt"
    status, screen, _ = run_play(
        monkeypatch,
        ["--seed", "1", "--save", str(path)],
        lambda text, menu: "b13" if "bid 13" in menu else "1",
    )
    assert status == 0
    assert screen.count(", giving up a card, or reject it:") > 5
    _check_screens(screen, path.read_text(encoding="utf-8"))


def _check_screens(screen, text):
    """Each screen before a prompt shows what South's view of that moment holds."""
    asked = [s for s in replay(GameRecord.from_text(text))[:-1] if s.to_act == 2]
    screens = _screens(screen)
    assert len(screens) == len(asked)
    names = Narrator()
    for before, state in zip(screens, asked, strict=True):
        seat_view = view(state, 2)
        table = before[before.rindex("\n-- Hand ") :]
        field = {line[:10].strip(): line[10:] for line in table.splitlines()[2:] if line[:1].isalpha()}
        assert table.startswith(f"\n-- Hand {seat_view.hand_number}, {names.seat(seat_view.dealer)} deals;")
        hand = field["Your hand"]
        assert _cards_of(hand) == list(sort_hand(seat_view.hand, seat_view.trump, seat_view.rules))
        assert field["Score"].startswith(f"North-South {state.scores[0]}, East-West {state.scores[1]}")
        if seat_view.trump is not None:
            assert field["Bid"] == f"{names.seat(seat_view.bidder)} {seat_view.bid}; trump " + (
                f"{seat_view.trump.symbol} {('clubs', 'diamonds', 'hearts', 'spades')[seat_view.trump]}"
            )
            taken = seat_view.points_taken
            assert field["Taken"].startswith(f"North-South {taken[0]}, East-West {taken[1]}")
            assert f"stock {seat_view.stock_size};" in field["Cards"]
            out = ", ".join(names.seat(s) for s in sorted(seat_view.out)) or "nobody"
            assert field["Cards"].endswith(f"out of trump: {out}")
        if seat_view.phase is pitch13.Phase.PLAY:
            trick = field["Trick"]
            assert trick == (
                ", ".join(f"{names.seat(s)} {c.pretty}" for s, c in seat_view.trick) or "(you lead)"
            )
        menu = last_menu(before)
        assert sorted(menu) == sorted(a.pretty for a in seat_view.legal_actions)
        if seat_view.turned_card is not None:
            turned = seat_view.turned_card.pretty
            assert f"Turned up {turned}\n" in table
            assert f"\nTake {turned}, giving up a card, or reject it:\n" in table


def test_the_screen_names_only_cards_south_saw(whole_game):
    """Hand by hand, every card on the screen is one South's views or seen history showed."""
    screen, text = whole_game
    states = replay(GameRecord.from_text(text))
    plays = {}  # the cards played in each hand, or taken at its early end, as South saw them
    hand = 0
    for entry in seen_history(states[-1], 2):
        if isinstance(entry.item, pitch13.seen.DealSeen):
            hand = entry.item.hand_number
        elif isinstance(entry.item, pitch13.Play):
            plays.setdefault(hand, set()).add(entry.item.card)
        elif isinstance(entry.item, pitch13.events.HandEndedEarly):
            plays.setdefault(hand, set()).update(entry.item.cards)
    sections = screen.split("\n=== Hand ")[1:]
    assert len(sections) == states[-1].hand_number
    hidden = 0
    for number, section in enumerate(sections, 1):
        saw = set(plays.get(number, ()))
        for state in states:
            if state.hand_number == number:
                seat_view = view(state, 2)
                saw |= {*seat_view.hand, *seat_view.middle, *seat_view.dead_face_up, *seat_view.dead_known}
                if seat_view.turned_card is not None:
                    saw.add(seat_view.turned_card)
            last = view(state, 2).last_result
            if last is not None and last.hand_number == number:
                saw |= {p.card for p in last.point_cards}
        named = set(_cards_of(section))
        assert named <= saw, (number, sorted(str(c) for c in named - saw))
        hidden += len(set(DECK) - saw) > 0
    assert hidden >= len(sections) / 2, "the other seats held cards South never saw"


def test_the_game_is_told_from_souths_history(whole_game):
    screen, text = whole_game
    final = replay(GameRecord.from_text(text))[-1]
    narrator = Narrator()
    told = [line.strip() for line in screen.splitlines()]
    for entry in seen_history(final, 2):
        words = narrator.describe_seen(entry, 2)
        if words is None or (isinstance(entry.item, pitch13.seen.TurnUpSeen) and entry.item.card is None):
            continue
        for line in words.split("\n"):
            assert line.removesuffix(".") in " ".join(told), line


# --- bad input, and stopping ---------------------------------------------------------------------


def test_bad_input_is_asked_again_with_the_librarys_reason(monkeypatch):
    start = pitch13.new_game(seed=SEED)
    start = pitch13.apply(start, pitch13.legal_actions(start)[0])  # East passes (the bot, seed 5)
    status, screen = scripted(
        monkeypatch, ["--seed", str(SEED)], ["b2", "hello", "99", "0", "", "help", "table", "b5", "quit"]
    )
    assert status == 0
    assert "  East passes." in screen
    with pytest.raises(pitch13.IllegalActionError) as refused:
        pitch13.apply(start, Bid(2), seat=2)
    assert str(refused.value).startswith("seat 2 cannot bid 2: ")  # the table calls seat 2 South
    assert f"South> b2\n  Not allowed: South {str(refused.value)[len('seat 2 ') :]}.\n" in screen
    assert "South> hello\n  Not an action: 'hello' ('help' lists the answers).\n" in screen
    assert "South> 99\n  There is no action 99: answer from 1 to 11.\n" in screen
    assert "South> 0\n  There is no action 0: answer from 1 to 11.\n" in screen
    assert "South> \n  Answer with a number from 1 to 11, or an action ('help' lists them).\n" in screen
    assert "South> help\nAnswer with the number of an action" in screen
    assert screen.split("South> b5")[0].count("Your hand ") == 2  # "table" drew it again
    assert "South> b5\n  South bids 5.\n" in screen
    assert screen.rstrip().endswith(
        "You stopped: the game stops in hand 1, play. Score: North-South 0, East-West 0."
    )


def test_a_card_that_cannot_be_played_is_refused_with_why(monkeypatch):
    queue, tried = [], []

    def answer(text, menu):
        if queue:
            return queue.pop(0)
        if not menu[0].startswith("play ") or tried:
            return "1"
        hand = text[text.rindex("Your hand ") :].splitlines()[0]
        dead = hand.split("(dead: ")[1].rstrip(")").split() if "(dead: " in hand else []
        absent = next(c for c in DECK if c.pretty not in hand)
        tried.append((dead[0] if dead else None, absent))
        queue.extend([*dead[:1], "1"])
        return absent.pretty

    status, screen, _ = run_play(monkeypatch, ["--seed", "11", "--bots", "random"], answer)
    assert status == 0
    dead, absent = tried[0]
    refusal = f"Not allowed: South cannot play {absent.pretty}: it is not in its hand"
    assert f"South> {absent.pretty}\n  {refusal}.\n" in screen
    assert dead is not None, "seed 11 gives South a dead card at its first play"
    assert re.search(rf"South> {dead}\n  Not allowed: South cannot play {dead}: .*trump", screen)


def test_quit_stops_and_saves_the_game_so_far(monkeypatch, tmp_path, whole_game):
    path = tmp_path / "part.txt"
    answers = ["1"] * 12 + ["quit"]
    status, screen = scripted(monkeypatch, ["--seed", str(SEED), "--save", str(path)], answers)
    assert status == 0
    assert "You stopped: the game stops in hand " in screen
    assert screen.rstrip().endswith(f"The game is saved in {path}; `pitch13 replay {path}` prints it whole.")
    part = GameRecord.from_text(path.read_text(encoding="utf-8"))
    states = replay(part)
    assert not states[-1].is_over
    whole = GameRecord.from_text(whole_game[1])
    played = [a for hand in part.hands for a in hand.actions]
    assert played == [a for hand in whole.hands for a in hand.actions][: len(played)]
    assert sum(1 for s in states[:-1] if s.to_act == 2) == 12


def test_the_end_of_input_stops_the_game(monkeypatch, tmp_path):
    path = tmp_path / "eof.txt"
    status, screen = scripted(monkeypatch, ["--seed", str(SEED), "--save", str(path)], [])
    assert status == 0
    assert (
        "\nThe input ended: the game stops in hand 1, bidding. Score: North-South 0, East-West 0.\n" in screen
    )
    assert replay(GameRecord.from_text(path.read_text(encoding="utf-8")))[-1].ply == 1  # East's pass


class _CtrlC:
    def readline(self):
        raise KeyboardInterrupt

    def isatty(self):
        return True


class _FullScreen(io.StringIO):
    def write(self, text):
        raise OSError(28, "No space left on device")


def test_a_screen_that_cannot_be_written_stops_the_game_and_saves_it(monkeypatch, tmp_path):
    """The file made before the game to check it could be saved was left empty."""
    path = tmp_path / "unshown.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setattr(sys, "stdout", _FullScreen())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert cli.main(["play", "--seed", str(SEED), "--save", str(path)]) == 1
    assert sys.stderr.getvalue() == "pitch13 play: [Errno 28] No space left on device\n"
    assert GameRecord.from_text(path.read_text(encoding="utf-8")).seed == SEED


class _GoneReader(io.StringIO):
    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")


class _KeptOpen(io.StringIO):
    def close(self):  # a reader gone: standard error is closed so that nothing more is said
        pass


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a device always full")
def test_a_save_that_fails_after_the_screen_did_is_a_failure_whatever_the_screens_was(monkeypatch):
    """A reader gone (``| head``) is no failure, status 0; the save failing then is one, and its
    status was 0 all the same."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setattr(sys, "stdout", _GoneReader())
    monkeypatch.setattr(sys, "stderr", _KeptOpen())
    assert cli.main(["play", "--seed", str(SEED), "--save", "/dev/full"]) == 1
    assert (
        sys.stderr.getvalue()
        == "pitch13 play: cannot save to /dev/full: [Errno 28] No space left on device\n"
    )


def test_ctrl_c_stops_the_game_and_saves_it(monkeypatch, tmp_path, capsys):
    path = tmp_path / "interrupted.txt"
    monkeypatch.setattr(sys, "stdin", _CtrlC())
    assert cli.main(["play", "--seed", str(SEED), "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\nInterrupted: the game stops in hand 1, bidding." in out
    assert "South> 1" not in out  # a terminal echoes the answer itself
    assert GameRecord.from_text(path.read_text(encoding="utf-8")).seed == SEED


def test_input_not_in_its_encoding_stops_the_game_in_one_line_and_saves_it(monkeypatch, tmp_path, capsys):
    """Bytes a strict UTF-8 input cannot decode ended in a traceback, and the save was left empty."""
    path = tmp_path / "undecodable.txt"
    given = io.TextIOWrapper(io.BytesIO(b"b4\n\xff\xfe\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", given)
    assert cli.main(["play", "--seed", str(SEED), "--save", str(path)]) == 1
    assert capsys.readouterr().err == "pitch13 play: cannot read the input as utf-8: invalid start byte\n"
    assert GameRecord.from_text(path.read_text(encoding="utf-8")).seed == SEED


def test_a_bot_that_exits_as_it_chooses_stops_the_game_in_one_line_and_saves_it(
    monkeypatch, tmp_path, capsys
):
    """sys.exit() in a bot's choose ended the command with the bot's status, saying nothing, unsaved."""
    path = tmp_path / "exited.txt"
    (tmp_path / "exiting_choosers.py").write_text(
        "import sys\n\nclass Exits:\n    def choose(self, view):\n        sys.exit(5)\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "exiting_choosers", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    args = ["--seed", str(SEED), "--seat", "0", "--bots", "exiting_choosers:Exits", "--save", str(path)]
    assert cli.main(["play", *args]) == 1
    assert capsys.readouterr().err == "pitch13 play: the bot of seat 1 raised SystemExit: 5\n"
    assert GameRecord.from_text(path.read_text(encoding="utf-8")).seed == SEED


def test_shedding_shows_the_middle_and_offers_the_trumps_in_order(monkeypatch):
    status, screen = scripted(monkeypatch, ["--seed", "69"], ["b13", "c", "1", "quit"])
    assert status == 0
    shed = screen[: screen.index("South> 1")]
    table = shed[shed.rindex("\n-- Hand ") :]
    discarded = set()
    for line in shed.splitlines():
        if " discards dead cards: " in line:
            discarded |= set(_cards_of(line.split(": ")[1]))
    middle = next(line for line in table.splitlines() if line.startswith("Middle    "))
    assert set(_cards_of(middle)) == discarded and len(discarded) > 10
    hand = _cards_of(next(line for line in table.splitlines() if line.startswith("Your hand ")))
    assert hand == list(sort_hand(hand, Suit.CLUBS)) and len(hand) == 7
    assert "Shed a trump:" in table
    assert last_menu(table) == [f"discard {c.pretty}" for c in hand]
    assert f"South> 1\n  South sheds {hand[0].pretty} into the middle.\n" in screen


class _Keyboard:
    """A terminal: it echoes what is typed itself, so the command does not."""

    def __init__(self, lines):
        self.lines = list(lines)

    def readline(self):
        return self.lines.pop(0) + "\n" if self.lines else ""

    def isatty(self):
        return True


class _Pipe:
    """Input that cannot say whether it is a terminal."""

    def __init__(self, lines):
        self.lines = list(lines)

    def readline(self):
        return self.lines.pop(0) + "\n" if self.lines else ""


@pytest.mark.parametrize(("stdin", "echoed"), [(_Keyboard, False), (_Pipe, True)])
def test_answers_are_written_after_the_prompt_unless_a_terminal_shows_them(
    monkeypatch, capsys, stdin, echoed
):
    monkeypatch.setattr(sys, "stdin", stdin(["b5", "quit"]))
    assert cli.main(["play", "--seed", str(SEED)]) == 0
    out = capsys.readouterr().out
    assert ("South> b5\n" in out) is echoed
    assert "South bids 5." in out


def test_a_deal_is_not_a_seats_answer(monkeypatch):
    deal = str(pitch13.Deal(DECK))
    status, screen = scripted(monkeypatch, ["--seed", str(SEED)], [deal, "deal", "quit"])
    assert status == 0
    assert "\n  Dealing is not a seat's action.\n" in screen
    assert "South> deal\n  Dealing is not a seat's action.\n" in screen
    assert "expected pass" not in screen  # the library's list of actions names the deal too


# --- the arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "name"), [("0", "North"), ("north", "North"), ("E", "East"), ("WEST", "West")]
)
def test_seat_by_number_or_name(monkeypatch, given, name):
    status, screen = scripted(monkeypatch, ["--seat", given, "--seed", "3"], ["quit"])
    assert status == 0
    assert screen.startswith(f"You are {name}, partner of ")
    assert f"\n{name}> " in screen


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "middle"], "argument --seat: no seat 'middle': use 0-3 or north, east, south, west"),
        (["--seat", "4"], "argument --seat: no seat '4'"),
        (
            ["--bots", "simple", "random"],
            "argument --bots: give one bot for all three seats, or three, not 2",
        ),
        (["--bots", "clever"], "argument --bots: unknown bot 'clever': use one of random, simple, search"),
        (["--bots", "nosuchmodule:Bot"], "argument --bots: bot 'nosuchmodule:Bot': cannot import"),
        (
            ["--rules", "house"],
            "argument --rules: expected a preset or option=value, found 'house'; the rules are default or classic",
        ),
        (["--rules", "classic target=0"], "argument --rules: target must be from 1 to 1000000, not 0"),
        (["--seed", "x"], "argument --seed: a seed is an integer, not 'x'"),
        (["--seed", str(2**130)], "argument --seed: a seed is an integer of at most 128 bits"),
        (
            ["--seat", "x" * 100_000],
            "argument --seat: no seat 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx': use 0-3",
        ),
    ],
)
def test_bad_arguments_are_refused_with_why(capsys, args, message):
    with pytest.raises(SystemExit) as exited:
        cli.main(["play", *args])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err) < 2_000  # a long argument is quoted short, not whole


def test_three_bots_classic_rules_and_a_bot_of_ones_own(monkeypatch, tmp_path):
    path = tmp_path / "classic.txt"
    bots = ["random", "pitch13.bots:SimpleBot", "test_play:FirstBot"]
    status, screen = scripted(
        monkeypatch,
        ["--rules", "classic target=31", "--bots", *bots, "--seed", "2", "--save", str(path)],
        ["1"] * 40 + ["quit"],
    )
    assert status == 0
    assert "(game to 31)" in screen
    record = GameRecord.from_text(path.read_text(encoding="utf-8"))
    assert record.rules == Rules.classic_ten_point().replace(target=31)
    # West, South's left, is the random bot; North the simple one; East plays its first action.
    east = 0
    for state, (seat, action) in zip(
        replay(record), [a for h in record.hands for a in h.actions], strict=False
    ):
        if seat == 1:
            east += 1
            assert action == pitch13.legal_actions(state)[0]
    assert east > 5


class FirstBot:
    """Plays its first legal action."""

    def choose(self, seat_view):
        return seat_view.legal_actions[0]


class IllegalBot:
    """Always bids 2, which is never legal by default."""

    def choose(self, seat_view):
        return Bid(2)


class LyingBot(EqualsAnything):
    """Answers with what says it equals any action."""


class BrokenBot:
    def __init__(self, seed):
        raise RuntimeError("no model file")


def test_a_bot_that_breaks_the_rules_stops_the_game(monkeypatch, tmp_path, capsys):
    path = tmp_path / "stopped.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["play", "--seed", "5", "--bots", "test_play:IllegalBot", "--save", str(path)]) == 1
    captured = capsys.readouterr()
    assert (
        "pitch13 play: the bot of seat 1 chose Bid(amount=2), which is not one of its legal actions"
        in captured.err
    )
    assert GameRecord.from_text(path.read_text(encoding="utf-8")).hands[0].actions == ()


def test_a_bot_whose_answer_only_says_it_is_legal_stops_the_game(monkeypatch, capsys):
    """Its answer got past the check, and apply raised a TypeError naming no seat."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["play", "--seed", "5", "--bots", "test_play:LyingBot"]) == 1
    assert re.search(
        r"pitch13 play: the bot of seat 1 chose <test_play\.LyingBo.*, which is not one of its legal actions",
        capsys.readouterr().err,
    )


def test_a_bot_that_cannot_be_made_or_a_file_that_cannot_be_written(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    unsaved = tmp_path / "unsaved.txt"
    assert cli.main(["play", "--bots", "test_play:BrokenBot", "--save", str(unsaved)]) == 2
    assert "pitch13 play: cannot make the bots: no model file" in capsys.readouterr().err
    assert not unsaved.exists()  # a game that never started leaves no file
    missing = tmp_path / "no" / "game.txt"
    assert cli.main(["play", "--save", str(missing)]) == 2
    assert f"pitch13 play: cannot save to {missing}: no such directory" in capsys.readouterr().err
    # Found before the game, not once it is played: a folder, no file named, no right to write.
    assert cli.main(["play", "--seed", "1", "--save", str(tmp_path)]) == 2
    assert f"pitch13 play: cannot save to {tmp_path}: Is a directory" in capsys.readouterr().err
    assert cli.main(["play", "--seed", "1", "--save", ""]) == 2
    assert "pitch13 play: cannot save to '': no file named" in capsys.readouterr().err
    if os.path.exists("/dev/full"):  # opens, and a write fails: found only at the end
        assert cli.main(["play", "--seed", "1", "--save", "/dev/full"]) == 1
        assert "pitch13 play: cannot save to /dev/full: [Errno 28]" in capsys.readouterr().err
    monkeypatch.setattr(builtins, "open", _refusing_to_append(open))
    assert cli.main(["play", "--seed", "1", "--save", str(tmp_path / "game.txt")]) == 2
    assert "cannot save to " in capsys.readouterr().err


def _refusing_to_append(real_open):
    def refusing(file, mode="r", *args, **kwargs):
        if "a" in mode:
            raise PermissionError(13, "Permission denied")
        return real_open(file, mode, *args, **kwargs)

    return refusing


class FailingBot:
    """A bot of the user's that fails on its first move."""

    def __init__(self, seed):
        self.seed = seed

    def choose(self, seat_view):
        raise RuntimeError("the model file is gone")


def test_a_bot_that_fails_stops_the_game_in_one_line_and_the_game_is_saved(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    path = tmp_path / "game.txt"
    assert (
        cli.main(
            ["play", "--seat", "3", "--seed", "2", "--bots", "test_play:FailingBot", "--save", str(path)]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert err == "pitch13 play: the bot of seat 1 raised RuntimeError: the model file is gone\n"
    assert GameRecord.from_text(path.read_text(encoding="utf-8")).seed == 2


def test_a_game_that_reaches_the_most_hands_a_record_holds_stops_and_is_saved(monkeypatch, tmp_path, capsys):
    """A game past 10,000 hands (passed out again and again under all_pass=redeal) went on, then
    crashed as it was saved, the file emptied: it stops before the action that would begin the
    hand after, in one line, and the game so far is saved. The bound is made 3 hands here."""
    monkeypatch.setattr("pitch13.cli._play.MAX_HANDS", 3)
    path = tmp_path / "game.txt"
    path.write_text("an earlier game\n", encoding="utf-8")
    args = [
        "--seed",
        "4",
        "--bots",
        "helpers:Passer",
        "--rules",
        "default all_pass=redeal",
        "--save",
        str(path),
    ]
    status, screen = scripted(monkeypatch, args, ["pass"] * 10)
    assert status == 1
    assert capsys.readouterr().err == (
        "pitch13 play: the game is not over after 10,000 hands, the most a record holds: its bots may"
        " never end it (every hand passed out and dealt again, say), or its target be"
        " out of reach; it stops before the action that"
        " ends hand 3\n"
    )
    record = GameRecord.from_text(path.read_text(encoding="utf-8"))
    assert [len(hand.actions) for hand in record.hands] == [4, 4, 3]  # seat 0's last pass left out
    assert replay(record)[-1].hand_number == 3
    assert "The game is saved in " in screen.splitlines()[-1]


def test_an_answer_of_thousands_of_digits_is_no_action(monkeypatch):
    status, screen = scripted(monkeypatch, ["--seed", "3"], ["9" * 5000, "quit"])
    assert status == 0
    assert "There is no action 999999999999…: answer from 1 to " in screen


def test_closed_input_is_played_as_empty_input(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stdin", None)
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    path = tmp_path / "game.txt"
    assert cli.main(["play", "--seed", "3", "--save", str(path)]) == 0
    assert "The input ended" in screen.getvalue() and path.read_text(encoding="utf-8")


def test_without_a_seed_one_is_drawn_and_shown(monkeypatch):
    status, screen = scripted(monkeypatch, [], ["1"] * 5 + ["quit"])
    assert status == 0
    seed = int(re.match(r"You are South, partner of North\. Seed (\d+)\.", screen).group(1))
    again_status, again = scripted(monkeypatch, ["--seed", str(seed)], ["1"] * 5 + ["quit"])
    assert again_status == 0
    assert again == screen


def test_naming_trump_by_its_suit(monkeypatch):
    for answer in ("h", "♥", "trump H", "trump ♥", "3"):
        status, screen = scripted(monkeypatch, ["--seed", str(SEED)], ["b13", answer, "quit"])
        assert status == 0
        assert "South> b13\n  South bids 13.\n" in screen
        assert "Name trump:\n  1) trump ♣  2) trump ♦  3) trump ♥  4) trump ♠\n" in screen
        assert f"South> {answer}\n  South names hearts (♥) trump.\n" in screen


def test_help_reads_well(capsys):
    with pytest.raises(SystemExit) as exited:
        cli.main(["play", "--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: pitch13 play [-h] [--seat SEAT] [--bots BOT [BOT ...]]")
    for option in ("--seat SEAT", "--bots BOT", "--rules RULES", "--seed SEED", "--save FILE"):
        assert option in out
    assert "Play one seat of a game of 13-point partner pitch against three bots." in out
    assert Suit.HEARTS.symbol in out


# --- the screens in the docs are real --------------------------------------------------------------

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS_ANSWERS = ["b5", "♦", "u", "s", "AS", "JD", "1", "1", "1", "quit"]


def test_the_screen_in_the_docs_is_what_the_command_prints(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    status, screen = scripted(monkeypatch, ["--seed", "12", "--save", "game.txt"], DOCS_ANSWERS)
    assert status == 0
    page = (ROOT / "docs" / "playing.rst").read_text(encoding="utf-8")
    start = page.index("   You are South, partner of North. Seed 12.")
    block = page[start : page.index("\n\nEvery game can be checked afterwards", start)]
    assert textwrap.dedent(block) == screen.rstrip("\n")
