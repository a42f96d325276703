"""Golden games: whole recorded games, replayed and compared with what they did when recorded.

Each ``tests/golden/<name>.json`` holds a game played by bots: its record
(``GameRecord.to_dict()``), one line per action saying where the game stood after it and every
event it caused (``steps``), and the final position of its state document (``final``). These
tests replay each record and compare every line, the final position and the record itself.

A golden file that changes is a change of the engine's behaviour: a rule applied differently,
an event added or written differently, a score, a card that goes somewhere else. It must be
intended, and it must be said in CHANGELOG.md. To regenerate the files after such a change,
run ``python tests/golden/regenerate.py`` from the repository root, read ``git diff
tests/golden`` line by line, and commit the files with the CHANGELOG entry. The script also
prints which situations (thrown-in hand, moon, set, discard, pick-up, give up, reject, early
end, seat out) each game shows; to replace a game, choose a new seed with
``python tests/golden/regenerate.py --search NAME``.
"""

from __future__ import annotations

import enum
import functools
import json
from pathlib import Path

import attrs
import pytest

from helpers import load_script
from pitch13 import Deal, GameRecord, GameState, Rules, replay, state_to_dict

GOLDEN = Path(__file__).resolve().parent / "golden"


def _load_script():
    return load_script(GOLDEN / "regenerate.py", "golden_regenerate")


regenerate = _load_script()

NAMES = sorted(path.stem for path in GOLDEN.glob("*.json"))


@functools.cache
def load(name: str) -> tuple[dict, GameRecord, tuple[GameState, ...]]:
    """The golden file ``name``, its record and the record's replay."""
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    record = GameRecord.from_dict(data["record"])
    return data, record, replay(record)


@pytest.mark.parametrize("name", NAMES)
def test_golden_steps_replay_the_same(name):
    data, _, states = load(name)
    golden = data["steps"]
    now = regenerate.step_lines(states)
    for i, (old, new) in enumerate(zip(golden, now, strict=False)):
        if old != new:
            pytest.fail(f"{name}: step {i} differs\n golden: {old}\n now:    {new}")
    assert len(now) == len(golden), f"{name}: {len(golden)} golden steps, {len(now)} now"


@pytest.mark.parametrize("name", NAMES)
def test_golden_final_position(name):
    data, _, states = load(name)
    assert state_to_dict(states[-1])["position"] == data["final"]


@pytest.mark.parametrize("name", NAMES)
def test_golden_game_is_over(name):
    data, _, states = load(name)
    assert states[-1].is_over
    assert data["final"]["phase"] == "game_over"
    assert data["final"]["winner"] in (0, 1)


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_is_what_the_game_records(name):
    data, _, states = load(name)
    assert GameRecord.from_state(states[-1]).to_dict() == data["record"]


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_text_round_trips(name):
    _, record, _ = load(name)
    assert GameRecord.from_text(record.to_text()) == record


@pytest.mark.parametrize("name", NAMES)
def test_golden_file_is_written_as_the_script_writes_it(name):
    data, record, _ = load(name)
    assert data["name"] == name
    text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    assert regenerate.dumps(regenerate.golden_data(name, record)) == text


def test_golden_files_are_the_scripts_games():
    games = {game.name: game for game in regenerate.GAMES}
    assert sorted(games) == NAMES
    for name, game in games.items():
        _, record, _ = load(name)
        assert record.rules == game.rules, name
        assert record.first_dealer == game.dealer, name
        assert record.seed == (None if game.dealt else game.seed), name


def test_at_least_twelve_golden_files():
    assert len(NAMES) >= 12


def test_one_golden_game_is_dealt_by_the_caller():
    dealt = [name for name in NAMES if load(name)[1].seed is None]
    assert dealt
    for name in dealt:
        states = load(name)[2]
        deals = [e for e in states[-1].history if isinstance(e.item, Deal)]
        assert len(deals) == len(load(name)[1].hands)


def _non_default_values() -> set[tuple[str, object]]:
    """Every (option, value) that is not the default; an int option needs any other value."""
    default = Rules()
    wanted: set[tuple[str, object]] = set()
    for field in attrs.fields(Rules):
        value = getattr(default, field.name)
        if isinstance(value, enum.Enum):
            wanted |= {(field.name, member) for member in type(value) if member is not value}
        elif isinstance(value, bool):
            wanted.add((field.name, not value))
        else:
            wanted.add((field.name, "other"))
    return wanted


def _option_values(rules: Rules) -> set[tuple[str, object]]:
    default = Rules()
    found: set[tuple[str, object]] = set()
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if isinstance(value, (enum.Enum, bool)):
            found.add((field.name, value))
        elif field.name == "max_bid":
            if value != rules.points_total:
                found.add((field.name, "other"))
        elif value != getattr(default, field.name):
            found.add((field.name, "other"))
    return found


def test_golden_games_cover_every_non_default_option_value():
    seen: set[tuple[str, object]] = set()
    for name in NAMES:
        seen |= _option_values(load(name)[1].rules)
    missing = _non_default_values() - seen
    assert not missing, f"no golden game plays with {sorted(missing, key=str)}"


def test_golden_games_show_every_situation():
    seen = {situation: [] for situation in regenerate.SITUATIONS}
    for name in NAMES:
        final = load(name)[2][-1]
        for situation, happened in regenerate.situations(final).items():
            if happened:
                seen[situation].append(name)
    assert all(seen.values()), f"no golden game shows {[s for s, games in seen.items() if not games]}"
