"""Reading the compact history a state keeps: its hands, their decks, logs and entries (internal)."""

from __future__ import annotations

from collections.abc import Iterator

from pitch13._core import history as _history
from pitch13._core.fields import Fields
from pitch13._core.history import Hand, HistoryItem
from pitch13.scoring import HandResult


def skipped(
    entries: Iterator[tuple[int | None, HistoryItem]], skip: int
) -> Iterator[tuple[int | None, HistoryItem]]:
    """``entries`` without the first ``skip`` of them."""
    for _ in range(skip):
        next(entries)
    yield from entries


def hands_since(state: Fields, start: int) -> tuple[list[Hand | None], int]:
    """The hands that hold the history entries after the first ``start`` (internal).

    They come oldest first, ``None`` for the hand in play, with how many entries of the first
    of them come before ``start``.
    """
    hands: list[Hand | None] = [None] if state._log else []
    hand = state._past
    while hand is not None and hand.entries > start:
        hands.append(hand)
        hand = hand.prev
    hands.reverse()
    return hands, start - (0 if hand is None else hand.entries)


def hand_entries(state: Fields, hand: Hand | None) -> Iterator[tuple[int | None, HistoryItem]]:
    """The entries of a finished ``hand`` of ``state``'s game, or of the current hand (internal)."""
    return hand_decoder(state, hand).read(state._log if hand is None else hand.log)


def hand_decoder(state: Fields, hand: Hand | None) -> _history.Decoder:
    """A reader of a finished ``hand`` of ``state``'s game, or of the current hand (internal)."""
    rules = state._rules
    if hand is None:
        return _history.Decoder(rules, state._hand_number, state._dealer, state._hand_deck, _no_result, None)
    return _history.Decoder(
        rules,
        hand.number,
        hand.dealer,
        hand.deck,
        lambda: hand.hand_result(rules, keep=False),
        state._outcome,
    )


def _no_result() -> HandResult:  # pragma: no cover - a hand in progress is not scored
    raise AssertionError("the hand in progress has no result")


def hand_logs(state: Fields) -> Iterator[tuple[bytes, bytes]]:
    """Each hand's deck and log, oldest first, the current hand's last if it has begun (internal)."""
    for hand in _history.hands_of(state._past):
        yield hand.deck, hand.log
    if state._log:
        yield state._hand_deck, state._log
