"""``pitch13 play``'s hint: ``?`` (or ``hint``) values each choice at the prompt and takes none."""

from __future__ import annotations

import re

import pytest

import helpers
import pitch13
from helpers import last_menu
from pitch13 import GameRecord, analysis, cli, replay
from pitch13.cli import _play

SEED = 5
ROW = re.compile(r"  (\S.*?)  +([+-]\d+\.\d\d) ± +(\d+\.\d\d)(  \(best\))?")
HINT_BLOCK = re.compile(r"South> (?:\?|hint)\nHint: [^\n]*\n(?:  [^\n]*\n)*")


def run_play(monkeypatch, args, answer):
    """Run ``pitch13 play ARGS`` answering with ``answer(screen)``; the status and the screen."""
    status, screen, _ = helpers.run_play(monkeypatch, args, answer)
    return status, screen


def hint_rows(text):
    """The rows of the last hint on the screen: (action as written, mean, stderr, marked best)."""
    block = text[text.rindex("\nHint: ") + 1 :].splitlines()[1:]
    rows = []
    for line in block:
        found = ROW.fullmatch(line)
        if found is None:
            break
        rows.append((found[1], float(found[2]), float(found[3]), found[4] is not None))
    return rows


class Hints:
    """Stands for :func:`pitch13.analysis.evaluate` in the command and records each evaluation.

    Each is kept as (the view, the budget the command asked for, the answer); with ``samples``
    set, the evaluation is made on that many deals instead (the same deals every time), for tests
    that ask for many.
    """

    def __init__(self):
        self.made = []
        self.samples = None

    def __call__(self, view, **budget):
        used = budget if self.samples is None else {**budget, "samples": self.samples, "time_limit": None}
        found = analysis.evaluate(view, **used)
        self.made.append((view, budget, found))
        return found


@pytest.fixture
def evaluations(monkeypatch):
    """The hints asked for, on the command's own budget."""
    hints = Hints()
    monkeypatch.setattr(_play, "evaluate", hints)
    return hints


@pytest.fixture
def cheap(evaluations):
    """The hints asked for, each on one deal."""
    evaluations.samples = 1
    return evaluations


def until(phase_prefix, then):
    """Answer "1" until the prompt's menu starts with ``phase_prefix``; then the answers ``then``."""
    queue = list(then)
    started = []

    def answer(text):
        if started or last_menu(text)[0].startswith(phase_prefix):
            started.append(True)
            return queue.pop(0) if queue else "quit"
        return "1"

    return answer


@pytest.mark.parametrize(
    ("prefix", "answers", "phase", "samples"),
    [
        ("pass", ["?"], pitch13.Phase.BIDDING, None),  # on the command's budget
        ("pass", ["b13", "hint"], pitch13.Phase.TRUMP, 1),
        ("play", ["?"], pitch13.Phase.PLAY, 3),
    ],
    ids=["bidding", "trump", "play"],
)
def test_a_hint_lists_every_legal_action_once_best_first_with_the_evaluations_values(
    monkeypatch, evaluations, prefix, answers, phase, samples
):
    evaluations.samples = samples
    status, screen = run_play(monkeypatch, ["--seed", str(SEED)], until(prefix, answers))
    assert status == 0
    assert len(evaluations.made) == 1
    seat_view, budget, found = evaluations.made[0]
    assert seat_view.seat == 2 and seat_view.phase is phase and len(seat_view.legal_actions) > 1
    assert budget["time_limit"] is not None and 0 < budget["time_limit"] <= 1.0  # about a second at most
    assert found.samples == (samples or found.samples) >= 1
    menu = last_menu(screen)
    assert len(menu) == len(seat_view.legal_actions)
    rows = hint_rows(screen)
    assert sorted(row[0] for row in rows) == sorted(menu)  # every legal action, once
    assert [row[1] for row in rows] == sorted((row[1] for row in rows), reverse=True)  # best first
    by_name = {value.action.pretty: value for value in found.values}
    for name, mean, stderr, _ in rows:  # the values shown are the evaluation's
        assert (mean, stderr) == (round(by_name[name].mean, 2), round(by_name[name].stderr, 2))
    assert by_name[rows[0][0]].mean == found.best.mean
    assert rows[0][3]  # the best is marked, and only its equals are
    assert all(marked == (by_name[name].mean == found.best.mean) for name, _, _, marked in rows)
    deals = "guess" if found.samples == 1 else "guesses"
    assert f"\nHint: your side's score this hand less theirs, on {found.samples} {deals} at" in screen
    # Then the prompt comes again, no action taken: nothing is told, and the game is where it was.
    *_, last = HINT_BLOCK.finditer(screen)
    assert last.group(0).count("\n") == len(rows) + 2  # the prompt, the title and a row an action
    assert screen[last.end() :].startswith(
        f"South> quit\nYou stopped: the game stops in hand 1, {phase.value}."
    )


def test_asking_again_shows_the_same_hint_without_a_new_search(monkeypatch, cheap):
    status, screen = run_play(monkeypatch, ["--seed", str(SEED)], until("pass", ["?", "hint", "?"]))
    assert status == 0
    assert len(cheap.made) == 1
    blocks = [m.group(0).split("\n", 1)[1] for m in HINT_BLOCK.finditer(screen)]
    assert len(blocks) == 3 and blocks[0] == blocks[1] == blocks[2]


def test_the_game_goes_on_identically_after_hints_and_ends_the_same(monkeypatch, tmp_path, cheap):
    """A whole seeded game answered "1" everywhere, then again with a hint asked for first.

    The hint is asked for at every card to play and at the first call of the auction (a call's
    hint plays the hand out for each bid: the costliest, so only one here).
    """
    plain_path, hinted_path = tmp_path / "plain.txt", tmp_path / "hinted.txt"
    status, plain = run_play(monkeypatch, ["--seed", str(SEED), "--save", str(plain_path)], lambda text: "1")
    assert status == 0 and not cheap.made

    def hint_first(text):  # "?" at a prompt, then "1" at the prompt that follows the hint
        before = text.removesuffix("South> ").rstrip("\n").rsplit("\n", 1)[-1]
        if ROW.fullmatch(before):
            return "1"
        call = re.match(r"pass$|bid \d+$", last_menu(text)[0]) is not None
        return "1" if call and text.count("South> ") > 1 else "?"

    status, hinted = run_play(monkeypatch, ["--seed", str(SEED), "--save", str(hinted_path)], hint_first)
    assert status == 0
    asked = hinted.count("South> ?\nHint: ")
    assert len(cheap.made) == asked == plain.count("Your play:") + 1  # a hint at each, computed once
    assert [seat_view.phase for seat_view, _, _ in cheap.made].count(pitch13.Phase.BIDDING) == 1
    assert HINT_BLOCK.sub("", hinted).replace(str(hinted_path), str(plain_path)) == plain
    record = GameRecord.from_text(hinted_path.read_text(encoding="utf-8"))
    assert record == GameRecord.from_text(plain_path.read_text(encoding="utf-8"))
    final = replay(record)[-1]
    assert final.is_over  # the same whole game, to the same end
    assert plain.rstrip().splitlines()[-2] == hinted.rstrip().splitlines()[-2] in ("You win!", "You lose.")


def test_the_hint_is_in_the_help_and_in_the_commands_help(monkeypatch, capsys):
    status, screen = run_play(monkeypatch, ["--seed", str(SEED)], until("pass", ["help"]))
    assert status == 0
    assert "\n  ?, hint          estimate each choice's worth, best first" in screen
    monkeypatch.undo()
    with pytest.raises(SystemExit) as exited:
        cli.main(["play", "--help"])
    assert exited.value.code == 0
    assert '"?" or "hint" estimates what each choice is' in capsys.readouterr().out


def test_help_is_no_longer_asked_with_a_question_mark(monkeypatch, cheap):
    status, screen = run_play(monkeypatch, ["--seed", str(SEED)], until("pass", ["?"]))
    assert status == 0
    assert "South> ?\nHint: " in screen and "Answer with the number of an action" not in screen
    assert pitch13.Phase.BIDDING is cheap.made[0][0].phase
