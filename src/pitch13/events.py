"""Events: the steps with no choice in them, recorded in the history so a UI can show them.

:func:`pitch13.apply` performs every forced step itself (the deal, discarding dead cards,
the refill, a seat going out, the end of a trick, scoring) and records each as one of these
frozen values, in the order it happened, after the action that caused it.

An event made in code checks its fields: a :class:`TypeError` for a field of the wrong type
(a bool is not an int), a :class:`ValueError` for a seat that is not 0 to 3, a team neither 0
nor 1, a count or a hand number out of its range, or a deck that is not the 54 cards.
"""

from __future__ import annotations

import enum
from typing import Union

import attrs

from pitch13._base.checks import ShortLookup, check_count, check_instance, check_seat, check_tuple_of, excerpt
from pitch13.cards import DECK, Card
from pitch13.scoring import HandResult, Outcome, Trick

__all__ = [
    "AuctionWon",
    "CardRejected",
    "DeadCardsDiscarded",
    "Event",
    "GameOver",
    "HandDealt",
    "HandEndedEarly",
    "HandScored",
    "HandThrownIn",
    "Refilled",
    "SeatOut",
    "StockDiscarded",
    "StockHandedOver",
    "ThrowInReason",
    "TrickWon",
]


@attrs.frozen(slots=True)
class HandDealt:
    """A hand was dealt from ``deck`` (top card first) by ``dealer`` (R-DEAL-1)."""

    hand_number: int
    dealer: int
    deck: tuple[Card, ...] = attrs.field(repr=False)

    def __attrs_post_init__(self) -> None:
        check_count(self.hand_number, "HandDealt.hand_number")
        check_seat(self.dealer, "HandDealt.dealer")
        check_tuple_of(self.deck, Card, "HandDealt.deck")
        if sorted(self.deck) != list(DECK):
            raise ValueError(
                f"HandDealt.deck must be the 54 cards of the deck, each once, not {excerpt(self.deck)}"
            )


@attrs.frozen(slots=True)
class AuctionWon:
    """The auction ended: ``seat`` is the bidder, for ``bid`` points (R-BID-1)."""

    seat: int
    bid: int

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "AuctionWon.seat")
        check_count(self.bid, "AuctionWon.bid", 1, 13)


class ThrowInReason(ShortLookup, enum.Enum):
    """Why a hand was thrown in."""

    #: Everyone passed and ``all_pass`` is ``redeal`` (R-BID-2).
    ALL_PASSED = "all_passed"
    #: The stock could not fill every seat and ``short_stock`` is ``redeal`` (R-FILL-2).
    SHORT_STOCK = "short_stock"


@attrs.frozen(slots=True)
class HandThrownIn:
    """Hand ``hand_number`` was thrown in without scoring; the deal passes left (R-DEAL-2)."""

    hand_number: int
    reason: ThrowInReason

    def __attrs_post_init__(self) -> None:
        check_count(self.hand_number, "HandThrownIn.hand_number")
        check_instance(self.reason, ThrowInReason, "HandThrownIn.reason")


@attrs.frozen(slots=True)
class DeadCardsDiscarded:
    """``seat`` discarded its dead ``cards`` face up into the middle (R-DISC-1)."""

    seat: int
    cards: tuple[Card, ...]

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "DeadCardsDiscarded.seat")
        check_tuple_of(self.cards, Card, "DeadCardsDiscarded.cards")


@attrs.frozen(slots=True)
class Refilled:
    """``seat`` received ``cards`` from the stock (R-FILL-1). Only the count is public."""

    seat: int
    cards: tuple[Card, ...]

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "Refilled.seat")
        check_tuple_of(self.cards, Card, "Refilled.cards")

    @property
    def count(self) -> int:
        """How many cards the seat received."""
        return len(self.cards)


@attrs.frozen(slots=True)
class StockHandedOver:
    """``seat`` (the bidder, then the partner) was given the ``count`` cards left (R-LOOK-1, R-LOOK-3)."""

    seat: int
    count: int

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "StockHandedOver.seat")
        check_count(self.count, "StockHandedOver.count", 1, 18)


@attrs.frozen(slots=True)
class CardRejected:
    """``seat`` turned up ``card`` and it went to the dead pile because it may not be taken.

    A voluntary rejection is the :class:`~pitch13.Reject` action; this event records the case
    where taking was not allowed (R-LOOK-2), so there was no choice.
    """

    seat: int
    card: Card

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "CardRejected.seat")
        check_instance(self.card, Card, "CardRejected.card")


@attrs.frozen(slots=True)
class StockDiscarded:
    """The ``count`` stock cards nobody turned up went face down to the dead pile (R-LOOK-3)."""

    count: int

    def __attrs_post_init__(self) -> None:
        check_count(self.count, "StockDiscarded.count", 0, 18)


@attrs.frozen(slots=True)
class SeatOut:
    """``seat`` has no trump: it is out for the rest of the hand (R-PLAY-3)."""

    seat: int

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "SeatOut.seat")


@attrs.frozen(slots=True)
class TrickWon:
    """A trick ended (R-PLAY-5, R-PLAY-6)."""

    trick: Trick

    def __attrs_post_init__(self) -> None:
        check_instance(self.trick, Trick, "TrickWon.trick")


@attrs.frozen(slots=True)
class HandEndedEarly:
    """The hand ended because both seats of one team were out (R-PLAY-7).

    ``team``, the other team, took ``cards``: the point cards still in hands. The cards stay
    in the hands; their points are credited to ``team``.
    """

    team: int
    cards: tuple[Card, ...]

    def __attrs_post_init__(self) -> None:
        check_count(self.team, "HandEndedEarly.team", 0, 1)
        check_tuple_of(self.cards, Card, "HandEndedEarly.cards")


@attrs.frozen(slots=True)
class HandScored:
    """A hand was scored (R-SCORE-1, R-SCORE-2)."""

    result: HandResult

    def __attrs_post_init__(self) -> None:
        check_instance(self.result, HandResult, "HandScored.result")


@attrs.frozen(slots=True)
class GameOver:
    """The game ended (R-END-1, R-END-2, R-SCORE-2)."""

    outcome: Outcome

    def __attrs_post_init__(self) -> None:
        check_instance(self.outcome, Outcome, "GameOver.outcome")


#: Any event.
Event = Union[
    HandDealt,
    AuctionWon,
    HandThrownIn,
    DeadCardsDiscarded,
    Refilled,
    StockHandedOver,
    CardRejected,
    StockDiscarded,
    SeatOut,
    TrickWon,
    HandEndedEarly,
    HandScored,
    GameOver,
]
