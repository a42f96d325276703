"""What a seat saw: the seen-history records and how the history becomes them (internal).

:mod:`pitch13.seen` is the public face of this module and documents it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NoReturn, Union, get_args

import attrs

from pitch13._base.checks import (
    assert_never,
    check_count,
    check_flag,
    check_instance,
    check_seat,
    check_tuple_of,
    excerpt,
    unchecked_maker,
)
from pitch13._base.shuffle import deal_positions
from pitch13._core import history as _history
from pitch13._core.action_sets import check_entry
from pitch13._core.history import Hand, HistoryItem
from pitch13._core.logs import hand_entries, hands_since
from pitch13._core.tables import TrumpTable, table_for
from pitch13.actions import Bid, Deal, Discard, GiveUp, NameTrump, Pass, Play, Reject, Stop, Take, TurnUp
from pitch13.cards import Card
from pitch13.engine import MAX_HAND_NUMBER
from pitch13.events import (
    AuctionWon,
    CardRejected,
    DeadCardsDiscarded,
    GameOver,
    HandDealt,
    HandEndedEarly,
    HandScored,
    HandThrownIn,
    Refilled,
    SeatOut,
    StockDiscarded,
    StockHandedOver,
    TrickWon,
)
from pitch13.rules import Rules
from pitch13.scoring import HandResult
from pitch13.state import GameState


def _cards(cards: Iterable[Card]) -> str:
    return "".join(f" {c}" for c in cards)


@attrs.frozen(slots=True)
class DealSeen:
    """Hand ``hand_number`` was dealt by ``dealer``; ``cards`` are the viewing seat's 9 cards.

    ``cards`` is empty in a spectator's view.
    """

    hand_number: int
    dealer: int
    cards: tuple[Card, ...]

    def __attrs_post_init__(self) -> None:
        check_count(self.hand_number, "DealSeen.hand_number")
        check_seat(self.dealer, "DealSeen.dealer")
        check_tuple_of(self.cards, Card, "DealSeen.cards")
        if len(self.cards) > 9 or len(set(self.cards)) != len(self.cards):
            raise ValueError(
                f"DealSeen.cards are a seat's 9 cards at most, each once, not {excerpt(self.cards)}"
            )

    def __str__(self) -> str:
        return f"dealt {self.hand_number} {self.dealer}{_cards(self.cards)}"


@attrs.frozen(slots=True)
class RefillSeen:
    """``seat`` received ``count`` cards from the stock (R-FILL-1).

    ``cards`` names them, in the order received, only in that seat's own view.
    """

    seat: int
    count: int
    cards: tuple[Card, ...]

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "RefillSeen.seat")
        check_count(self.count, "RefillSeen.count", 0, 6)
        check_tuple_of(self.cards, Card, "RefillSeen.cards")
        if len(self.cards) not in (0, self.count):
            raise ValueError(
                f"RefillSeen.cards are the {self.count} cards received (or none), not {len(self.cards)}"
            )

    def __str__(self) -> str:
        return f"refill {self.seat} {self.count}{_cards(self.cards)}"


@attrs.frozen(slots=True)
class TurnUpSeen:
    """``seat`` turned up the next stock card (R-LOOK-1); ``card`` only in its own view."""

    seat: int
    card: Card | None

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "TurnUpSeen.seat")
        check_instance(self.card, Card, "TurnUpSeen.card", optional=True)

    def __str__(self) -> str:
        return f"{self.seat} turn up{_cards(() if self.card is None else (self.card,))}"


@attrs.frozen(slots=True)
class GiveUpSeen:
    """``seat`` took the turned-up card, giving up a card of its hand (R-LOOK-2).

    ``taken`` is named only in that seat's own view. ``given`` is named in its own view, and
    in every view when it is a trump, which goes to the dead pile face up (R-LOOK-4).
    """

    seat: int
    taken: Card | None
    given: Card | None

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "GiveUpSeen.seat")
        check_instance(self.taken, Card, "GiveUpSeen.taken", optional=True)
        check_instance(self.given, Card, "GiveUpSeen.given", optional=True)

    def __str__(self) -> str:
        given = "" if self.given is None else f" {self.given}"
        taken = "" if self.taken is None else f" for {self.taken}"
        return f"{self.seat} give up{given}{taken}"


@attrs.frozen(slots=True)
class RejectSeen:
    """``seat`` rejected the turned-up card to the dead pile (R-LOOK-2).

    ``card`` is named in the seat's own view, and in every view when it is a trump (R-LOOK-4).
    ``forced`` says the card could not be taken (``look_take``), which every seat can tell
    from the card's kind.
    """

    seat: int
    card: Card | None
    forced: bool

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "RejectSeen.seat")
        check_instance(self.card, Card, "RejectSeen.card", optional=True)
        check_flag(self.forced, "RejectSeen.forced")

    def __str__(self) -> str:
        card = "" if self.card is None else f" {self.card}"
        return f"rejected {self.seat}{card}" if self.forced else f"{self.seat} reject{card}"


#: A step of the history that every seat sees as it is.
PublicItem = Union[
    Pass,
    Bid,
    NameTrump,
    Discard,
    Take,
    Stop,
    Play,
    AuctionWon,
    HandThrownIn,
    DeadCardsDiscarded,
    StockHandedOver,
    StockDiscarded,
    SeatOut,
    TrickWon,
    HandEndedEarly,
    HandScored,
    GameOver,
]
#: One step of a seat's history: a public action or event, or one of the ``…Seen`` records.
SeenItem = Union[PublicItem, DealSeen, RefillSeen, TurnUpSeen, GiveUpSeen, RejectSeen]


@attrs.frozen(slots=True)
class SeenEntry:
    """One step of a seat's history: who acted (``None`` for an event) and what was seen.

    ``str(entry)`` is its notation (see :mod:`pitch13.seen`).

    Raises:
        TypeError: if ``item`` is no action or event of a seat's history, or ``seat`` neither
            ``None`` nor an int.
        ValueError: if ``seat`` is not 0 to 3, or not the seat the item asks for: the one that
            took a seat's action, or turned up, gave up or rejected a card of its own will
            (the item's ``seat``); ``None`` for an event, a deal, a refill or a forced rejection.
    """

    seat: int | None
    item: SeenItem

    def __attrs_post_init__(self) -> None:
        item = self.item
        owner = None  # the seat that turned up, gave up or rejected a card, of its own will
        if isinstance(item, (TurnUpSeen, GiveUpSeen)) or (isinstance(item, RejectSeen) and not item.forced):
            owner = item.seat
        check_entry(self.seat, item, _ITEM_TYPES, "SeenEntry", owner)

    def __str__(self) -> str:
        return notation(self.seat, self.item)


#: The classes of a seen entry's item.
_ITEM_TYPES: Final = get_args(SeenItem)
#: A seen entry, and what a seat sees of a deal, a refill and the look, as a seat's history is
#: read: past the checks of one made in code (the property tests check that each would pass them).
made_entry: Final = unchecked_maker(SeenEntry)
_DEAL_SEEN: Final = unchecked_maker(DealSeen)
_REFILL_SEEN: Final = unchecked_maker(RefillSeen)
_TURN_UP_SEEN: Final = unchecked_maker(TurnUpSeen)
_GIVE_UP_SEEN: Final = unchecked_maker(GiveUpSeen)
_REJECT_SEEN: Final = unchecked_maker(RejectSeen)


def notation(seat: int | None, item: SeenItem) -> str:
    """The notation of a seen entry (internal; ``str(entry)``)."""
    match item:
        case Pass() | Bid() | NameTrump() | Discard() | Take() | Stop() | Play():
            return f"{seat} {item}"
        case DealSeen() | RefillSeen() | TurnUpSeen() | GiveUpSeen() | RejectSeen():
            return str(item)
        case AuctionWon(seat=who, bid=bid):
            return f"won {who} {bid}"
        case HandThrownIn(hand_number=number, reason=reason):
            return f"thrown {number} {reason.value}"
        case DeadCardsDiscarded(seat=who, cards=cards):
            return f"dead {who}{_cards(cards)}"
        case StockHandedOver(seat=who, count=count):
            return f"stock {who} {count}"
        case StockDiscarded(count=count):
            return f"unseen {count}"
        case SeatOut(seat=who):
            return f"out {who}"
        case TrickWon(trick=trick):
            return f"trick {trick.number} {trick.winner}"
        case HandEndedEarly(team=team, cards=cards):
            return f"early {team}{_cards(cards)}"
        case HandScored(result=result):
            return f"scored {result.hand_number}"
        case GameOver(outcome=outcome):
            return f"over {outcome.winner} {outcome.termination.value}"
        case _:  # mypy checks that every kind of entry is written: only one made past the checks
            _not_an_item(item)  # (unpickled) gets here


def _not_an_item(item: NoReturn) -> NoReturn:
    """Refuse what a seen entry made past its checks holds, which is not an item.

    mypy checks that a case for every item comes before the call.
    """
    raise TypeError(f"a seen entry holds an action or an event, not {excerpt(item)}")


def dealt_cards(deck: tuple[Card, ...], dealer: int, seat: int) -> tuple[Card, ...]:
    """The 9 cards ``seat`` is dealt from ``deck`` by ``dealer`` (R-DEAL-1), in index order (internal)."""
    return tuple(sorted(deck[at] for at in deal_positions(dealer, seat)))


# --- from the history to what a seat saw ---------------------------------------------------------


class Watcher:
    """Turns one hand's entries into what ``seat`` saw of them, one at a time (internal).

    It remembers, within the hand, the stock's order and the card turned up, to tell the seat
    what it turned up itself.
    """

    __slots__ = ("position", "rules", "seat", "stock", "table", "turned")

    def __init__(self, rules: Rules, seat: int | None) -> None:
        self.rules = rules
        self.seat = seat
        self.stock: tuple[Card, ...] = ()
        self.position = 0
        self.turned: Card | None = None
        self.table: TrumpTable | None = None

    def see(self, who: int | None, item: HistoryItem) -> SeenEntry | None:
        """What the seat saw of one entry; ``None`` for a chance deal, which nobody sees."""
        seat = self.seat
        match item:
            case NameTrump(suit=suit):
                self.table = table_for(suit, self.rules)
                return made_entry(who, item)
            case (
                Pass()
                | Bid()
                | Discard()
                | Take()
                | Stop()
                | Play()
                | AuctionWon()
                | HandThrownIn()
                | DeadCardsDiscarded()
                | StockHandedOver()
                | StockDiscarded()
                | SeatOut()
                | TrickWon()
                | HandEndedEarly()
                | HandScored()
                | GameOver()
            ):
                return made_entry(who, item)
            case HandDealt(hand_number=number, dealer=dealer, deck=deck):
                self.stock, self.position, self.table, self.turned = deck[36:], 0, None, None
                mine = () if seat is None else dealt_cards(deck, dealer, seat)
                return made_entry(None, _DEAL_SEEN(number, dealer, mine))
            case Refilled(seat=receiver, cards=cards):
                self.position += len(cards)
                return made_entry(None, _REFILL_SEEN(receiver, len(cards), cards if receiver == seat else ()))
            case TurnUp():
                assert who is not None
                card = self.stock[self.position]
                self.turned = card
                self.position += 1
                return made_entry(who, _TURN_UP_SEEN(who, card if who == seat else None))
            case Reject() | CardRejected():
                looker = item.seat if isinstance(item, CardRejected) else who
                turned = self.turned
                assert self.table is not None and turned is not None and looker is not None
                shown = turned if looker == seat or self.table.mask >> turned.index & 1 else None
                forced = isinstance(item, CardRejected)
                return made_entry(None if forced else looker, _REJECT_SEEN(looker, shown, forced))
            case GiveUp(card=given):
                assert self.table is not None and who is not None
                named = given if who == seat or self.table.mask >> given.index & 1 else None
                return made_entry(who, _GIVE_UP_SEEN(who, self.turned if who == seat else None, named))
            case Deal():
                return None  # chance: nobody sees the deck
            case _:  # pragma: no cover - mypy checks that every kind of entry is seen
                assert_never(item)


#: The kinds of entry that every seat sees as they are, and that tell a :class:`Watcher` nothing
#: it remembers: :meth:`Watcher.see` makes ``SeenEntry(who, item)`` of them for every seat, so a
#: reader of the history for several seats may make that entry once for all (internal).
SEEN_AS_IS: Final = frozenset(get_args(PublicItem)) - {NameTrump}  # naming trump sets the watcher's trump


def seen_history(state: GameState, seat: int | None, since: int | None = None) -> tuple[SeenEntry, ...]:
    """The history of ``state``'s game as ``seat`` saw it (``None``: a spectator's).

    With ``since``, only what came after the state whose :attr:`~pitch13.GameState.ply` is
    ``since`` (after the first ``since`` actions and the events they caused): a server that sent
    a seat everything up to ply ``p`` sends ``seen_history(state, seat, since=p)`` next. It costs
    O(entries after ``since`` plus those of the hand that holds them before); the whole history
    costs O(entries).

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``seat`` is not from 0 to 3 (or ``None``), or ``since`` is not a ply of
            the game: from where its history begins to :attr:`~pitch13.GameState.ply`.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"seen_history() takes a GameState, not {type(state).__name__}")
    if seat is not None:
        seat = check_seat(seat)
    start = 0 if since is None else entry_after(state, since)
    return tuple(_seen_since(state, seat, start))


def entry_after(state: GameState, ply: int) -> int:
    """The history position that follows the ``ply``-th action and its events (internal)."""
    if type(ply) is not int and (not isinstance(ply, int) or isinstance(ply, bool)):
        raise TypeError(f"since is a ply, an int, not {type(ply).__name__}")
    first = _history.first_ply(state._past)
    if not first <= ply <= state.ply:
        raise ValueError(f"since is a ply of the game, from {first} to {state.ply}, not {excerpt(ply)}")
    if ply == state.ply:
        return state.history_len
    hand = state._past
    newer: list[Hand] = []
    while hand is not None and hand.plies > ply:
        newer.append(hand)
        hand = hand.prev
    plies = first if hand is None else hand.plies
    entries = 0 if hand is None else hand.entries
    logs = [h.log for h in reversed(newer)]
    if state._log:
        logs.append(state._log)
    for log in logs:
        for is_action in _history.kinds(log):
            if is_action:
                if plies == ply:
                    return entries
                plies += 1
            entries += 1
    raise AssertionError("ply past the end")  # pragma: no cover - checked above


def _seen_since(state: GameState, seat: int | None, start: int) -> Iterator[SeenEntry]:
    """What ``seat`` saw of the entries after the first ``start`` of the history."""
    rules = state._rules
    hands, skip = hands_since(state, start)
    for part in hands:
        watcher = Watcher(rules, seat)  # every hand starts afresh: its deal resets what is remembered
        for at, (who, item) in enumerate(hand_entries(state, part)):
            seen = watcher.see(who, item)
            if at >= skip and seen is not None:
                yield seen
        skip = 0


# --- the plies a view can be at ----------------------------------------------------------------------


#: The highest ply, and hand number, a view, a view delta or a history entry may have: far
#: beyond any game played (a game at ply 10**12 has taken weeks of processor time), so that
#: every view and delta the engine gives is read back.
MAX_PLY: Final = 10**12

#: The most plies a hand can take: its deal, four calls (R-BID-1), naming trump, three discards
#: per seat (nine trumps down to six, R-DISC-2), a take per point card discarded and a stop per
#: seat (R-PICK-1), a turn-up and a decision per card of the 18 in the stock and a stop per seat
#: that looks (R-LOOK-1 to R-LOOK-3), and a play per trump (R-DECK-3).
MAX_HAND_PLIES: Final = 1 + 4 + 1 + 12 + (12 + 4) + (2 * 18 + 2) + 17


#: The fewest plies a hand takes: its four calls (R-BID-1), when all pass and it is thrown in
#: (R-BID-2); a hand scored takes one more, naming trump (R-TRUMP-1).
FEWEST_HAND_PLIES: Final = 4


def ply_range(
    history: tuple[SeenEntry, ...] | list[SeenEntry], last_result: HandResult | None = None
) -> tuple[int, int]:
    """The plies a game can be at when a seat's view shows ``history`` (the hand's entries).

    A game that has dealt no hand is at ply 0. Otherwise the hand shown took one ply for each
    action in it, and one more for its deal in a game dealt by :class:`~pitch13.Deal` (none in a
    seeded one). Hand 1 begins the game; a later hand comes after at most
    :data:`MAX_HAND_PLIES` a hand before it, or begins a game started there
    (:func:`pitch13.new_game`'s ``hand_number``, at most :data:`~pitch13.engine.MAX_HAND_NUMBER`,
    so the game played every hand from there). A ``last_result`` of a hand before the one shown
    was played in this game, as was every hand since: the fewest plies each took come before the
    hand shown.
    """
    if not history:
        return 0, 0
    actions = sum(1 for entry in history if entry.seat is not None)
    first = history[0].item
    if not isinstance(first, DealSeen):
        return actions, actions + 1
    played = first.hand_number - MAX_HAND_NUMBER  # the fewest hands before it that this game played
    low = actions
    if last_result is not None and last_result.hand_number < first.hand_number:
        played = max(played, first.hand_number - last_result.hand_number)
        low += 1  # the hand scored named trump
    low += max(played, 0) * FEWEST_HAND_PLIES
    return low, actions + 1 + (first.hand_number - 1) * MAX_HAND_PLIES
