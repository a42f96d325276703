"""Replaying a record: its states one at a time, each action checked where it stands (internal)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pitch13._base.checks import excerpt
from pitch13.actions import Bid, Deal, SeatAction, shuffled_deck
from pitch13.documents import DocumentError
from pitch13.engine import IllegalActionError, apply, new_game
from pitch13.records._json import fail
from pitch13.records._text import RecordLike
from pitch13.state import GameState

__all__ = ["Locate", "json_where", "replaying", "written"]


#: Where in a document hand ``h`` (0-based), or its ``"deck"``, or its action ``i`` is.
Locate = Callable[[int, "int | str | None"], str]


def json_where(hand: int, part: int | str | None) -> str:
    """Where hand ``hand``, or its ``part``, is in a record's JSON document: a JSON path."""
    if hand < 0:
        return "$.hands"
    if part is None:
        return f"$.hands[{hand}]"
    if isinstance(part, str):
        return f"$.hands[{hand}].{part}"
    return f"$.hands[{hand}].actions[{part}]"


def replaying(record: RecordLike, where: Locate = json_where) -> Iterator[GameState]:
    """:func:`~pitch13.replay`'s states one at a time.

    A caller that stops early replays no further, and is spared the checks of the record's end.
    """
    first = record.start_hand
    state = new_game(
        record.rules,
        dealer=(record.first_dealer + first - 1) & 3,
        seed=record.seed,
        scores=record.start_scores,
        hand_number=first,
    )
    yield state
    count = len(record.hands)
    for h, hand in enumerate(record.hands):
        number = first + h
        if state.is_over:
            fail(where(h, None), f"the game ended in hand {state.hand_number}; no hand {number} follows")
        if record.seed is None:
            state = apply(state, Deal(hand.deck))
            yield state
        elif hand.deck != shuffled_deck(record.seed, number):
            fail(where(h, "deck"), f"this is not the deck seed {record.seed} deals for hand {number}")
        for i, (who, action) in enumerate(hand.actions):
            if state.is_over:
                fail(
                    where(h, i),
                    f"the game ended in hand {state.hand_number}, before {who}: {written(action)}",
                )
            if state.is_chance or state.hand_number != number:
                fail(where(h, i), f"hand {number} is over before {who}: {written(action)}")
            try:
                state = apply(state, action, seat=who)
            except IllegalActionError as error:
                raise DocumentError(
                    where(h, i), f"{who}: {written(action)} is illegal here: {error}"
                ) from error
            yield state
        ended = state.is_chance or state.is_over or state.hand_number > number
        if h < count - 1 and not ended:
            fail(where(h, None), f"hand {number} stops before its end, but hand {number + 1} follows")
    if record.seed is not None and state.hand_number != first + count - 1:
        fail(
            where(count - 1, None) if count else where(-1, None),
            f"seed {record.seed} has dealt hand {state.hand_number}; the record must list it, "
            "with the actions taken so far (perhaps none)",
        )


def written(action: SeatAction) -> str:
    """An action's notation for a message, a bid's amount as an excerpt.

    A record's constructor takes a bid of any int, which ``str`` cannot write past 4,300 digits.
    """
    if isinstance(action, Bid):
        return f"bid {excerpt(action.amount)}"
    return str(action)
