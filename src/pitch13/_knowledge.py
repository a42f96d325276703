"""What a seat knows of where the cards of the hand are: the model shared by views and sampling (internal).

:class:`HandLog` gathers, step by step, what one seat saw of a hand; :func:`infer` turns it into
:class:`Knowledge`: the cards whose place the seat knows, the cards it knows another seat holds,
and the places that hold the rest with what each may hold. Each rule that says where a card may
be is written once, here.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

import attrs

from pitch13.actions import REJECT, TURN_UP, Bid, Discard, NameTrump, Pass, Play, SeatAction, Stop, Take
from pitch13.cards import Card, Suit
from pitch13.events import (
    DeadCardsDiscarded,
    HandEndedEarly,
    HandScored,
    HandThrownIn,
    SeatOut,
    StockDiscarded,
)
from pitch13.rules import LookTake, Rules
from pitch13.seen import DealSeen, GiveUpSeen, RefillSeen, RejectSeen, SeenEntry, TurnUpSeen
from pitch13.trumps import TrumpTable, table_for

__all__ = ["HandLog", "Knowledge", "Place", "PlaceInfo", "hand_logs", "infer", "own_hand"]


class Place(enum.Enum):
    """Where a card a seat cannot see may be."""

    #: In seat 0's hand.
    HAND_0 = "hand_0"
    #: In seat 1's hand.
    HAND_1 = "hand_1"
    #: In seat 2's hand.
    HAND_2 = "hand_2"
    #: In seat 3's hand.
    HAND_3 = "hand_3"
    #: In the stock (not yet given out or turned up).
    STOCK = "stock"
    #: Turned up from the stock by another seat, which is deciding on it.
    TURNED = "turned"
    #: Face down in the dead pile (R-LOOK-3, R-LOOK-4).
    DEAD = "dead"

    @classmethod
    def hand(cls, seat: int) -> Place:
        """The place "in the hand of ``seat``"."""
        return _HAND_PLACES[seat]

    @property
    def seat(self) -> int | None:
        """The seat whose hand this is, or ``None``."""
        return _HAND_PLACES.index(self) if self in _HAND_PLACES else None


_HAND_PLACES: Final = (Place.HAND_0, Place.HAND_1, Place.HAND_2, Place.HAND_3)


@attrs.frozen(slots=True)
class PlaceInfo:
    """A place that holds cards the seat cannot see, and what the seat knows of them.

    Internal to views and sampling; exposed through :meth:`SeatView.possible_places`.
    """

    place: Place
    count: int
    trumps: bool
    dead: bool
    max_dead: int | None = None
    takeable_only: bool = False


@attrs.define
class HandLog:
    """One hand as a seat saw it, parsed from its view history (internal)."""

    hand_number: int
    dealer: int
    own: tuple[Card, ...]
    trump: Suit | None = None
    dead_discards: dict[int, tuple[Card, ...]] = attrs.Factory(dict)
    sheds: dict[int, list[Card]] = attrs.Factory(lambda: {s: [] for s in range(4)})
    takes: dict[int, list[Card]] = attrs.Factory(lambda: {s: [] for s in range(4)})
    refills: list[RefillSeen] = attrs.Factory(list)
    refilled: bool = False
    #: Decided look steps, in order: (seat, taken-or-rejected, seen record).
    looks: list[GiveUpSeen | RejectSeen] = attrs.Factory(list)
    pending: TurnUpSeen | None = None
    unseen_discarded: int = 0
    plays: dict[int, list[Card]] = attrs.Factory(lambda: {s: [] for s in range(4)})
    out: set[int] = attrs.Factory(set)
    claim: HandEndedEarly | None = None
    scored: bool = False
    thrown_in: bool = False
    #: The seat actions of the hand in order, as seen (a hidden GiveUp card is ``None``).
    actions: list[tuple[int, SeatAction | GiveUpSeen]] = attrs.Factory(list)

    def table(self, rules: Rules) -> TrumpTable | None:
        """The trump table once trump is named."""
        return None if self.trump is None else table_for(self.trump, rules)

    def add(self, entry: SeenEntry) -> None:
        """Add what ``entry``, a later step of the same hand, tells."""
        add_entry(self, entry)


def hand_logs(history: Iterable[SeenEntry]) -> list[HandLog]:
    """Split a seat's history into hands (each from its :class:`DealSeen`)."""
    logs: list[HandLog] = []
    for entry in history:
        item = entry.item
        if isinstance(item, DealSeen):
            logs.append(HandLog(item.hand_number, item.dealer, item.cards))
        elif logs:
            logs[-1].add(entry)
    return logs


def add_entry(log: HandLog, entry: SeenEntry) -> None:
    """Add what ``entry`` (a step of the hand after its deal) tells to ``log``."""
    item = entry.item
    seat = entry.seat
    if isinstance(item, NameTrump):
        log.trump = item.suit
    elif isinstance(item, DeadCardsDiscarded):
        log.dead_discards[item.seat] = item.cards
    elif isinstance(item, RefillSeen):
        log.refills.append(item)
        log.refilled = True
    elif isinstance(item, TurnUpSeen):
        log.pending = item
    elif isinstance(item, (GiveUpSeen, RejectSeen)):
        log.looks.append(item)
        log.pending = None
    elif isinstance(item, StockDiscarded):
        log.unseen_discarded = item.count
    elif isinstance(item, SeatOut):
        log.out.add(item.seat)
    elif isinstance(item, HandEndedEarly):
        log.claim = item
    elif isinstance(item, HandScored):
        log.scored = True
    elif isinstance(item, HandThrownIn):
        log.thrown_in = True
    if seat is None:
        return
    if isinstance(item, Discard):
        log.sheds[seat].append(item.card)
    elif isinstance(item, Take):
        log.takes[seat].append(item.card)
    elif isinstance(item, Play):
        log.plays[seat].append(item.card)
    if isinstance(item, (Pass, Bid, NameTrump, Discard, Take, Stop, Play)):
        log.actions.append((seat, item))
    elif isinstance(item, TurnUpSeen):
        log.actions.append((seat, TURN_UP))
    elif isinstance(item, RejectSeen):
        log.actions.append((seat, REJECT))
    elif isinstance(item, GiveUpSeen):
        log.actions.append((seat, item))


@attrs.frozen(slots=True)
class Knowledge:
    """Where the cards of the current hand are, as far as one seat knows (internal)."""

    #: Cards whose place the seat knows (its hand, face-up cards, what it saw itself).
    known: frozenset[Card]
    #: Cards the seat knows are in another seat's hand: seat -> cards.
    held: tuple[tuple[Card, ...], ...]
    #: The places that hold the rest, with their counts and what they may hold.
    places: tuple[PlaceInfo, ...]


def infer(log: HandLog, rules: Rules, seat: int | None, hand: tuple[Card, ...]) -> Knowledge:
    """What ``seat`` knows of where the cards of the hand in ``log`` are (internal).

    ``hand`` is the seat's current hand (empty for a spectator).
    """
    table = log.table(rules)
    known: set[Card] = set(hand)
    held: list[list[Card]] = [[], [], [], []]
    for s in range(4):
        known.update(log.dead_discards.get(s, ()))
        known.update(log.sheds[s])
        known.update(log.plays[s])
        for card in log.takes[s]:
            known.add(card)
            if s != seat and card not in log.plays[s] and not _given_up(log, s, card):
                held[s].append(card)
    for step in log.looks:
        if isinstance(step, GiveUpSeen):
            if step.given is not None:
                known.add(step.given)
            if step.taken is not None:
                known.add(step.taken)
        elif step.card is not None:
            known.add(step.card)
    if log.pending is not None and log.pending.card is not None:
        known.add(log.pending.card)
    for refill in log.refills:
        known.update(refill.cards)
    if log.claim is not None and seat is not None and seat & 1 == log.claim.team:
        # The claimed point cards this seat does not hold are in its partner's hand.
        partner = seat ^ 2
        partner_cards = [c for c in log.claim.cards if c not in hand and c not in held[partner]]
        held[partner].extend(partner_cards)
        known.update(partner_cards)
    # Seats' hand sizes, from public counts.
    sizes = _hand_sizes(log)
    places: list[PlaceInfo] = []
    for s in range(4):
        if s == seat:
            continue
        count = sizes[s] - len(held[s])
        if table is None:
            places.append(PlaceInfo(Place.hand(s), count, trumps=True, dead=True))
            continue
        trump_free = s in log.out or (log.scored and log.claim is None)
        if log.claim is not None and s & 1 != log.claim.team:
            trump_free = True
        gives_down = sum(
            1 for g in log.looks if isinstance(g, GiveUpSeen) and g.seat == s and g.given is None
        )
        takes = sum(1 for g in log.looks if isinstance(g, GiveUpSeen) and g.seat == s)
        received = sum(r.count for r in log.refills if r.seat == s)
        cap = received + (takes if rules.look_take is LookTake.ANY_CARD else 0) - gives_down
        places.append(PlaceInfo(Place.hand(s), count, trumps=not trump_free, dead=True, max_dead=cap))
    stock_left = 18 - sum(r.count for r in log.refills) - len(log.looks) - (1 if log.pending else 0)
    stock_left -= log.unseen_discarded
    if stock_left:
        places.append(PlaceInfo(Place.STOCK, stock_left, trumps=True, dead=True))
    if log.pending is not None and log.pending.card is None:
        places.append(PlaceInfo(Place.TURNED, 1, trumps=True, dead=_dead_takeable(rules), takeable_only=True))
    hidden_dead = sum(
        1
        for step in log.looks
        if (isinstance(step, GiveUpSeen) and step.given is None)
        or (isinstance(step, RejectSeen) and step.card is None)
    )
    if hidden_dead:
        places.append(PlaceInfo(Place.DEAD, hidden_dead, trumps=False, dead=True))
    if log.unseen_discarded:
        places.append(PlaceInfo(Place.DEAD, log.unseen_discarded, trumps=True, dead=True))
    return Knowledge(frozenset(known), tuple(tuple(h) for h in held), tuple(places))


def _dead_takeable(rules: Rules) -> bool:
    return rules.look_take is LookTake.ANY_CARD


def _given_up(log: HandLog, seat: int, card: Card) -> bool:
    return any(isinstance(g, GiveUpSeen) and g.seat == seat and g.given == card for g in log.looks)


def _hand_sizes(log: HandLog) -> list[int]:
    sizes = [9, 9, 9, 9]
    if log.trump is None:
        return sizes
    for s in range(4):
        sizes[s] += -len(log.dead_discards.get(s, ())) - len(log.sheds[s]) + len(log.takes[s])
        sizes[s] += sum(r.count for r in log.refills if r.seat == s) - len(log.plays[s])
    return sizes


def own_hand(log: HandLog, seat: int) -> set[Card]:
    """The cards ``seat`` holds at the end of ``log``, from what it saw."""
    hand = set(log.own) - set(log.dead_discards.get(seat, ())) - set(log.sheds[seat])
    hand |= set(log.takes[seat])
    for refill in log.refills:
        if refill.seat == seat:
            hand |= set(refill.cards)
    for step in log.looks:
        if isinstance(step, GiveUpSeen) and step.seat == seat:
            assert step.taken is not None and step.given is not None
            hand = (hand - {step.given}) | {step.taken}
    return hand - set(log.plays[seat])
