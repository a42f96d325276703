"""What a seat knows of where the cards of the hand are: the model shared by views and sampling (internal).

:class:`HandLog` gathers, step by step, what one seat saw of a hand; :func:`infer` turns it into
:class:`Knowledge`: the cards whose place the seat knows, the cards it knows another seat holds,
and the places that hold the rest with what each may hold. The rules that say where a card may
be are applied here (with :mod:`pitch13.trumps` for which cards may be taken); views and
sampling read the result.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import Final

import attrs

from pitch13._base.checks import ShortLookup, check_count, check_flag, check_instance
from pitch13._core.masks import cards_of_mask, mask_of
from pitch13._core.tables import TrumpTable, table_for
from pitch13._info.seen_entries import DealSeen, GiveUpSeen, RefillSeen, RejectSeen, SeenEntry, TurnUpSeen
from pitch13.actions import REJECT, TURN_UP, Bid, Discard, NameTrump, Pass, Play, SeatAction, Stop, Take
from pitch13.cards import Card, Suit
from pitch13.events import (
    AuctionWon,
    DeadCardsDiscarded,
    GameOver,
    HandEndedEarly,
    HandScored,
    HandThrownIn,
    SeatOut,
    StockDiscarded,
    StockHandedOver,
    TrickWon,
)
from pitch13.rules import LookTake, Rules

__all__ = ["HandLog", "Knowledge", "Place", "PlaceInfo", "hand_logs", "infer", "known_and_held", "own_hand"]


class Place(ShortLookup, enum.Enum):
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

    :meth:`SeatView.possible_places <pitch13.SeatView.possible_places>` gives them.

    Raises:
        TypeError: if a field is not of its type (a bool is not a count).
        ValueError: if ``count`` or ``max_dead`` is negative or more than 54.
    """

    place: Place
    count: int
    trumps: bool
    dead: bool
    max_dead: int | None = None
    takeable_only: bool = False

    def __attrs_post_init__(self) -> None:
        check_instance(self.place, Place, "PlaceInfo.place")
        check_count(self.count, "PlaceInfo.count", 0, 54)
        for name in ("trumps", "dead", "takeable_only"):
            check_flag(getattr(self, name), f"PlaceInfo.{name}")
        if self.max_dead is not None:
            check_count(self.max_dead, "PlaceInfo.max_dead", 0, 54)


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
    #: The look steps decided, in order.
    looks: list[GiveUpSeen | RejectSeen] = attrs.Factory(list)
    pending: TurnUpSeen | None = None
    unseen_discarded: int = 0
    plays: dict[int, list[Card]] = attrs.Factory(lambda: {s: [] for s in range(4)})
    out: set[int] = attrs.Factory(set)
    claim: HandEndedEarly | None = None
    scored: bool = False
    #: The seat actions of the hand in order, as seen (a hidden GiveUp card is ``None``).
    actions: list[tuple[int, SeatAction | GiveUpSeen]] = attrs.Factory(list)
    #: The cards whose place the seat learnt from the hand's steps (its own hand aside), a mask.
    known: int = 0
    #: Per seat: the cards it picked up and still holds, as far as the seat can tell.
    held: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    #: Per seat: how its hand size changed from 9 once trump was named.
    size_change: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    #: Per seat: cards it received in the refill, took in the look, and gave up face down.
    received: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    look_takes: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    gives_down: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    #: Cards given up or rejected face down that the seat cannot name.
    hidden_dead: int = 0
    #: Per seat: the cards it gave up or rejected that the viewing seat can name, a mask.
    named_dead: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])

    def table(self, rules: Rules) -> TrumpTable | None:
        """The trump table once trump is named."""
        return None if self.trump is None else table_for(self.trump, rules)

    def dead_room(self, seat: int, rules: Rules) -> int:
        """The most dead cards ``seat`` can hold now, as far as the viewing seat can tell.

        Once trump is named a hand holds only trumps until the refill (R-DISC-1): its dead cards
        are among those it received then and, under ``look_take=any_card``, those it took in
        the look (R-LOOK-2), less those it gave up face down since.
        """
        takes = self.look_takes[seat] if rules.look_take is LookTake.ANY_CARD else 0
        return self.received[seat] + takes - self.gives_down[seat]

    def add(self, entry: SeenEntry) -> None:
        """Add what ``entry``, a later step of the same hand, tells."""
        add_entry(self, entry)

    def give_ups(self, seat: int) -> list[GiveUpSeen]:
        """The steps at which ``seat`` took a card in the look, giving one up, in order."""
        return [step for step in self.looks if isinstance(step, GiveUpSeen) and step.seat == seat]


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
    if type(item) is Play and seat is not None:  # the commonest entry, and the only one a play makes
        bit = 1 << item.card.index
        log.plays[seat].append(item.card)
        log.known |= bit
        log.held[seat] &= ~bit
        log.size_change[seat] -= 1
        log.actions.append((seat, item))
        return
    if type(item) in _TELLING_NOTHING:  # events that change nothing here
        return
    if isinstance(item, NameTrump):
        log.trump = item.suit
    elif isinstance(item, DeadCardsDiscarded):
        log.dead_discards[item.seat] = item.cards
        log.known |= mask_of(item.cards)
        log.size_change[item.seat] -= len(item.cards)
    elif isinstance(item, RefillSeen):
        log.refills.append(item)
        log.known |= mask_of(item.cards)
        log.size_change[item.seat] += item.count
        log.received[item.seat] += item.count
    elif isinstance(item, TurnUpSeen):
        log.pending = item
        log.known |= mask_of((item.card,))
    elif isinstance(item, (GiveUpSeen, RejectSeen)):
        log.looks.append(item)
        log.pending = None
        if isinstance(item, GiveUpSeen):
            log.known |= mask_of((item.given, item.taken))
            log.look_takes[item.seat] += 1
            if item.given is None:
                log.gives_down[item.seat] += 1
                log.hidden_dead += 1
            else:
                log.held[item.seat] &= ~(1 << item.given.index)
                log.named_dead[item.seat] |= 1 << item.given.index
        else:
            log.known |= mask_of((item.card,))
            if item.card is None:
                log.hidden_dead += 1
            else:
                log.named_dead[item.seat] |= 1 << item.card.index
    elif isinstance(item, StockDiscarded):
        log.unseen_discarded = item.count
    elif isinstance(item, SeatOut):
        log.out.add(item.seat)
    elif isinstance(item, HandEndedEarly):
        log.claim = item
    elif isinstance(item, HandScored):
        log.scored = True
    if seat is None:
        return
    if isinstance(item, Discard):
        log.sheds[seat].append(item.card)
        log.known |= 1 << item.card.index
        log.size_change[seat] -= 1
    elif isinstance(item, Take):
        log.takes[seat].append(item.card)
        log.known |= 1 << item.card.index
        log.held[seat] |= 1 << item.card.index
        log.size_change[seat] += 1
    if isinstance(item, (Pass, Bid, NameTrump, Discard, Take, Stop)):
        log.actions.append((seat, item))
    elif isinstance(item, TurnUpSeen):
        log.actions.append((seat, TURN_UP))
    elif isinstance(item, RejectSeen):
        log.actions.append((seat, REJECT))
    elif isinstance(item, GiveUpSeen):
        log.actions.append((seat, item))


#: The events that tell nothing of where the cards are (a trick's cards were told as played).
_TELLING_NOTHING: Final = frozenset((TrickWon, AuctionWon, StockHandedOver, HandThrownIn, GameOver))


@attrs.frozen(slots=True)
class Knowledge:
    """Where the cards of the current hand are, as far as one seat knows (internal)."""

    #: Cards whose place the seat knows (its hand, face-up cards, what it saw itself), a mask.
    known_mask: int
    #: Per seat: the cards the seat knows are in that seat's hand, a mask.
    held_masks: tuple[int, int, int, int]
    #: The places that hold the rest, with their counts and what they may hold.
    places: tuple[PlaceInfo, ...]

    @property
    def held(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat: the cards the seat knows are in that seat's hand."""
        return tuple(cards_of_mask(mask) for mask in self.held_masks)


def infer(log: HandLog, rules: Rules, seat: int | None, mine: int) -> Knowledge:
    """What ``seat`` knows of where the cards of the hand in ``log`` are (internal).

    ``mine`` is the seat's current hand, a mask (0 for a spectator).
    """
    table = log.table(rules)
    known, held = known_and_held(log, seat, mine)
    claim = log.claim
    places: list[PlaceInfo] = []
    for s in range(4):
        if s == seat:
            continue
        size = 9 if table is None else 9 + log.size_change[s]
        count = size - held[s].bit_count()
        if table is None:
            places.append(_place(s, count, True, True, None, False))
            continue
        trump_free = (
            s in log.out or (log.scored and claim is None) or (claim is not None and s & 1 != claim.team)
        )
        places.append(_place(s, count, not trump_free, True, log.dead_room(s, rules), False))
    stock_left = 18 - sum(log.received) - len(log.looks) - (1 if log.pending else 0) - log.unseen_discarded
    if stock_left:
        places.append(_place(_STOCK, stock_left, True, True, None, False))
    if log.pending is not None and log.pending.card is None:
        places.append(_place(_TURNED, 1, True, rules.look_take is LookTake.ANY_CARD, None, True))
    if log.hidden_dead:
        places.append(_place(_DEAD, log.hidden_dead, False, True, None, False))
    if log.unseen_discarded:
        places.append(_place(_DEAD, log.unseen_discarded, True, True, None, False))
    return Knowledge(known, (held[0], held[1], held[2], held[3]), tuple(places))


def known_and_held(log: HandLog, seat: int | None, mine: int) -> tuple[int, list[int]]:
    """The cards whose place ``seat`` knows, and per seat those it knows another seat holds (masks).

    ``mine`` is the seat's current hand (0 for a spectator); its own entry in the list is 0.
    """
    known = log.known | mine
    held = list(log.held)
    if seat is not None:
        held[seat] = 0
    claim = log.claim
    if claim is not None and seat is not None and seat & 1 == claim.team:
        # The claimed point cards this seat does not hold are in its partner's hand.
        partner = seat ^ 2
        cards = mask_of(claim.cards) & ~mine & ~held[partner]
        held[partner] |= cards
        known |= cards
    return known, held


_PLACES: Final = (*_HAND_PLACES, Place.STOCK, Place.TURNED, Place.DEAD)
_STOCK, _TURNED, _DEAD = 4, 5, 6


@functools.lru_cache(maxsize=1 << 12)
def _place(
    place: int, count: int, trumps: bool, dead: bool, max_dead: int | None, takeable: bool
) -> PlaceInfo:
    """The :class:`PlaceInfo` of these values, made once (places are keyed by their index)."""
    return PlaceInfo(_PLACES[place], count, trumps, dead, max_dead, takeable)


def own_hand(log: HandLog, seat: int) -> set[Card]:
    """The cards ``seat`` holds at the end of ``log``, from what it saw."""
    hand = set(log.own) - set(log.dead_discards.get(seat, ())) - set(log.sheds[seat])
    hand |= set(log.takes[seat])
    for refill in log.refills:
        if refill.seat == seat:
            hand |= set(refill.cards)
    for step in log.give_ups(seat):
        assert step.taken is not None and step.given is not None
        hand = (hand - {step.given}) | {step.taken}
    return hand - set(log.plays[seat])
