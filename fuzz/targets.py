"""The fuzz targets: every loader of untrusted input, and the one error each may raise.

Each target takes the fuzzer's bytes and feeds them to one public entry point that reads what a
client, a file or a network peer sends. The entry point may refuse the input with its documented
error and nothing else: any other exception, a hang or a crash is a finding.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Final

import pitch13
from pitch13 import (
    ActionParseError,
    CardParseError,
    DocumentError,
    GameRecord,
    SeatView,
    ViewDelta,
    parse_action,
    parse_cards,
    state_from_json,
)
from pitch13.simulate import HandLine, simulate_game


def _text(data: bytes) -> str:
    """The bytes as text, as a server decodes a frame: invalid UTF-8 replaced."""
    return data.decode("utf-8", "replace")


def _state_json(data: bytes) -> None:
    state_from_json(data)
    state_from_json(_text(data))


def _record_json(data: bytes) -> None:
    GameRecord.from_json(data)


def _record_text(data: bytes) -> None:
    GameRecord.from_text(_text(data))


def _view_json(data: bytes) -> None:
    SeatView.from_json(data)


def _delta_json(data: bytes) -> None:
    ViewDelta.from_json(data)


def _hand_line(data: bytes) -> None:
    line = HandLine.from_json(data)
    if HandLine.from_json(line.to_json()) != line:  # a line read back as it was written
        raise AssertionError("a hand line does not read back")


def _action(data: bytes) -> None:
    action = parse_action(_text(data))
    if parse_action(str(action)) != action:  # the notation reads back what it writes
        raise AssertionError(f"{action!s} does not read back")


def _cards(data: bytes) -> None:
    cards = parse_cards(_text(data))
    if parse_cards(" ".join(map(str, cards))) != cards:
        raise AssertionError("cards do not read back")


#: Each target: its function, and the error it may raise.
TARGETS: Final[dict[str, tuple[Callable[[bytes], None], type[Exception]]]] = {
    "state_from_json": (_state_json, DocumentError),
    "record_from_json": (_record_json, DocumentError),
    "record_from_text": (_record_text, DocumentError),
    "view_from_json": (_view_json, DocumentError),
    "delta_from_json": (_delta_json, DocumentError),
    "hand_line_from_json": (_hand_line, DocumentError),
    "parse_action": (_action, ActionParseError),
    "parse_cards": (_cards, CardParseError),
}


def run_one(name: str, data: bytes) -> None:
    """Feed ``data`` to target ``name``; its documented error is the input refused, not a finding."""
    target, allowed = TARGETS[name]
    with contextlib.suppress(allowed):
        target(data)


def seed_inputs() -> dict[str, list[bytes]]:
    """A small seed corpus for each target: valid documents and near misses, from one real game."""
    state = pitch13.new_game(seed=5)
    states = [state]
    while not state.is_over and len(states) < 80:
        actions = pitch13.legal_actions(state)
        state = pitch13.apply(state, actions[len(states) % len(actions)])
        states.append(state)
    record = GameRecord.from_state(state)
    seat_view = pitch13.view(states[40], 1)
    return {
        "state_from_json": [pitch13.state_to_json(s).encode() for s in (states[0], states[30], state)],
        "record_from_json": [record.to_json().encode(), b"{}"],
        "record_from_text": [record.to_text().encode(), b'[Format "pitch13"]\n'],
        "view_from_json": [pitch13.view(states[10], 0).to_json().encode(), seat_view.to_json().encode()],
        "delta_from_json": [pitch13.view_delta(states[44], 1, seat_view.ply).to_json().encode(), b"[0, 1]"],
        "hand_line_from_json": [line.to_json().encode() for line in simulate_game(0, seed=1)[:3]],
        "parse_action": [str(a).encode() for a in {*pitch13.legal_actions(states[0]), *state.actions[:40]}],
        "parse_cards": [b"AH 10S BJ RJ", b"TS JD", b""],
    }
