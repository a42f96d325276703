"""A game told in words: one line for each entry of a history, for people to read.

A :class:`Narrator` describes the entries of a seat's history (:class:`~pitch13.seen.SeenEntry`,
what that seat saw, :func:`~pitch13.seen.seen_history`) and of the whole game's history
(:class:`~pitch13.HistoryEntry`, :attr:`GameState.history <pitch13.GameState.history>`). The first
never names a card the seat could not see, since the entries it reads do not hold one; the second
names every card, the four hands of each deal included, so it is for a finished game or a bug
report, never for a player. Seats are called North, East, South and West (seats 0 to 3) and the
teams North-South and East-West, or by the names a narrator is given.

>>> import pitch13
>>> from pitch13.seen import seen_history
>>> state = pitch13.new_game(seed=7)
>>> for action in (pitch13.Pass(), pitch13.Bid(5), pitch13.Pass(), pitch13.Pass()):
...     state = pitch13.apply(state, action)
>>> for line in narrate_seen(seen_history(state, 3), viewer=3):
...     print(line)
Hand 1: North deals.
West holds Q♣ 8♣ 2♣ Q♦ J♥ 9♥ 6♥ 3♠ 2♠
East passes.
South bids 5.
West passes.
North passes.
South wins the auction at 5.
>>> narrate_seen(seen_history(state, 3)[2:4], Narrator(("Ann", "Bob", "Cy", "Di")))
('Cy bids 5.', 'Di passes.')

A narrator remembers a little of the hand it is told (the stock, to name the cards turned up
in the whole history; whether the look-through has begun), so it is given the entries of a hand
in order, from its deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, get_args

from pitch13._base.checks import assert_never, check_seat, excerpt, iterator_of, option_or_default, pair_text
from pitch13._core.history import HistoryItem
from pitch13._info.seen_entries import dealt_cards
from pitch13._info.view_reader import check_value
from pitch13.actions import (
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Pass,
    Play,
    Reject,
    SeatAction,
    Stop,
    Take,
    TurnUp,
)
from pitch13.cards import Card
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
    ThrowInReason,
    TrickWon,
)
from pitch13.scoring import HandResult, Outcome, Trick
from pitch13.seen import (
    DealSeen,
    GiveUpSeen,
    PublicItem,
    RefillSeen,
    RejectSeen,
    SeenEntry,
    SeenItem,
    TurnUpSeen,
)
from pitch13.state import HistoryEntry
from pitch13.trumps import sort_hand

__all__ = ["SEAT_NAMES", "TEAM_NAMES", "Narrator", "narrate_history", "narrate_seen"]

#: The default names of seats 0 to 3.
SEAT_NAMES: Final = ("North", "East", "South", "West")
#: The default names of team A (seats 0 and 2) and team B (seats 1 and 3).
TEAM_NAMES: Final = ("North-South", "East-West")

_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.pretty for card in cards)


#: What an entry of each history may hold, and the seat actions, whose entries name their seat.
_HISTORY_ITEMS: Final = get_args(HistoryItem)
_SEEN_ITEMS: Final = get_args(SeenItem)
_SEAT_ACTIONS: Final = get_args(SeatAction)


def _entry(who: object, item: object, kinds: tuple[type, ...], what: str) -> None:
    """Refuse an entry, made by hand, that no history holds (internal).

    Raises:
        TypeError: if ``item`` is none of ``kinds``, a field of it is not of its type, or ``who``
            is neither ``None`` nor an int.
        ValueError: if ``who`` is not a seat, or is ``None`` for a seat's action, or a number
            in ``item`` is out of its range (a seat from 0 to 3, a deck of 54 cards).
    """
    if not isinstance(item, kinds):
        raise TypeError(f"{what} holds an action or an event, not {excerpt(item)}")
    check_value(item, kinds, f"{what}'s {type(item).__name__}")  # each field of its type, inside too
    if who is not None:
        check_seat(who, f"the seat of {what}")
    elif isinstance(item, _SEAT_ACTIONS):
        raise ValueError(f"{what} of {excerpt(item)}, a seat's action, names no seat")


def _count(count: int, what: str) -> str:
    return f"{count} {what}" if count == 1 else f"{count} {what}s"


def _names(names: object, count: int, what: str) -> tuple[str, ...]:
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"{what} names are a sequence of {count} strings, not {excerpt(names)}")
    found = tuple(names)
    if len(found) != count:
        raise ValueError(f"{what} names are {count} strings, not {len(found)}")
    for name in found:
        if not isinstance(name, str):
            raise TypeError(f"a {what} name is a string, not {excerpt(name)}")
        if not name.strip() or name != name.strip() or len(name.splitlines()) != 1:
            raise ValueError(
                f"a {what} name is a non-empty line without spaces around it, not {excerpt(name)}"
            )
    if len(set(found)) != count:
        raise ValueError(f"{what} names must differ, not {excerpt(found)}")
    return found


class Narrator:
    """Describes the entries of a history in words, one entry at a time.

    Args:
        seat_names: the names of seats 0 to 3 (default North, East, South, West).
        team_names: the names of team A (seats 0 and 2) and team B (seats 1 and 3); by default
            the names of their seats joined by a hyphen (North-South, East-West).

    Raises:
        TypeError: if the names are not sequences of strings.
        ValueError: if there are not 4 seat names and 2 team names, all different, each a
            non-empty line without spaces around it.
    """

    __slots__ = ("_looking", "_seats", "_stock", "_taken", "_teams", "_turned")

    def __init__(
        self, seat_names: Sequence[str] = SEAT_NAMES, team_names: Sequence[str] | None = None
    ) -> None:
        self._seats = _names(seat_names, 4, "seat")
        seats = self._seats
        self._teams = _names(
            (f"{seats[0]}-{seats[2]}", f"{seats[1]}-{seats[3]}") if team_names is None else team_names,
            2,
            "team",
        )
        shared = sorted(set(self._teams) & set(seats))
        if shared:
            raise ValueError(f"team names and seat names are all different, but {excerpt(shared[0])} is both")
        self._looking = False
        self._stock: tuple[Card, ...] = ()
        self._taken = 0
        self._turned: Card | None = None

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The names of seats 0 to 3."""
        return self._seats

    @property
    def team_names(self) -> tuple[str, ...]:
        """The names of team A (seats 0 and 2) and team B (seats 1 and 3)."""
        return self._teams

    def seat(self, seat: int) -> str:
        """The name of ``seat``.

        Raises:
            TypeError: if ``seat`` is not an int.
            ValueError: if it is not from 0 to 3.
        """
        return self._seats[check_seat(seat)]

    def team(self, team: int) -> str:
        """The name of ``team`` (0: seats 0 and 2; 1: seats 1 and 3).

        Raises:
            TypeError: if ``team`` is not an int.
            ValueError: if it is not 0 or 1.
        """
        if not isinstance(team, int) or isinstance(team, bool):
            raise TypeError(f"a team is 0 or 1, not {excerpt(team)}")
        if team not in (0, 1):
            raise ValueError(f"a team is 0 or 1, not {excerpt(team)}")
        return self._teams[team]

    def describe_seen(self, entry: SeenEntry, viewer: int | None = None) -> str | None:
        """What ``entry`` of a seat's history says, in words; ``None`` if it says nothing.

        ``viewer`` is the seat whose history it is (``None``: unnamed), which the deal names as
        the holder of the cards dealt. The text holds only what the entry holds: a card the
        seat could not see is not named ("a stock card", "the card turned up", "a card").
        Entries that say nothing are a seat's discard of its dead cards when it had none, and
        the stock left unseen when it was empty. A deal the seat was dealt cards in takes two
        lines (the deal, then the cards, in the order :func:`~pitch13.trumps.sort_hand` gives
        before trump is named); every other entry takes one.

        Raises:
            TypeError: if ``entry`` is not a :class:`~pitch13.seen.SeenEntry`, or holds no
                action or event of a seat's history, or ``viewer`` is neither ``None`` nor an int.
            ValueError: if ``viewer``, or the entry's seat, is an int outside 0..3, or the entry
                holds a seat's action and names no seat.
        """
        if not isinstance(entry, SeenEntry):
            raise TypeError(f"describe_seen() takes a SeenEntry, not {type(entry).__name__}")
        if viewer is not None:
            viewer = check_seat(viewer, "viewer")
        who, item = entry.seat, entry.item
        _entry(who, item, _SEEN_ITEMS, "a seen entry")
        match item:
            case DealSeen(hand_number=number, dealer=dealer, cards=cards):
                self._start_hand(())
                text = f"Hand {number}: {self.seat(dealer)} deals."
                if not cards:
                    return text
                holder = "Dealt:" if viewer is None else f"{self.seat(viewer)} holds"
                return f"{text}\n{holder} {_cards(sort_hand(cards, None))}"
            case RefillSeen(seat=seat, count=count, cards=cards):
                return self._refill(seat, count, cards)
            case TurnUpSeen(seat=seat, card=card):
                return f"{self.seat(seat)} turns up {'a stock card' if card is None else card.pretty}."
            case GiveUpSeen(seat=seat, taken=taken, given=given):
                return self._give_up(seat, taken, given)
            case RejectSeen(seat=seat, card=card, forced=forced):
                return self._reject(seat, card, forced)
            case _:
                return self._public(who, item)

    def describe_history(self, entry: HistoryEntry) -> str | None:
        """What ``entry`` of a game's whole history says, in words; ``None`` if it says nothing.

        Every card is named: a deal takes five lines (the deal, then each seat's nine cards in
        the order :func:`~pitch13.trumps.sort_hand` gives before trump is named), the refill
        names the cards drawn, and the look-through names each card turned up. Entries that say
        nothing are a seat's discard of its dead cards when it had none, and the stock left
        unseen when it was empty.

        Raises:
            TypeError: if ``entry`` is not a :class:`~pitch13.HistoryEntry`, or holds no action or
                event of a game's history.
            ValueError: if the entry's seat is an int outside 0..3, or the entry holds a seat's
                action and names no seat.
        """
        if not isinstance(entry, HistoryEntry):
            raise TypeError(f"describe_history() takes a HistoryEntry, not {type(entry).__name__}")
        who, item = entry.seat, entry.item
        _entry(who, item, _HISTORY_ITEMS, "a history entry")
        match item:
            case HandDealt(hand_number=number, dealer=dealer, deck=deck):
                self._start_hand(deck[36:])
                lines = [f"Hand {number}: {self.seat(dealer)} deals."]
                for seat in range(4):
                    held = sort_hand(dealt_cards(deck, dealer, seat), None)
                    lines.append(f"{self.seat(seat)} holds {_cards(held)}")
                return "\n".join(lines)
            case Deal():
                return "The deck is shuffled."
            case Refilled(seat=seat, cards=cards):
                self._taken += len(cards)
                return self._refill(seat, len(cards), cards)
            case TurnUp():
                assert who is not None
                self._turned = self._stock[self._taken] if self._taken < len(self._stock) else None
                self._taken += 1
                card = self._turned
                return f"{self.seat(who)} turns up {'a stock card' if card is None else card.pretty}."
            case GiveUp(card=card):
                assert who is not None
                return self._give_up(who, self._turned, card)
            case Reject():
                assert who is not None
                return self._reject(who, self._turned, forced=False)
            case CardRejected(seat=seat, card=card):
                return self._reject(seat, card, forced=True)
            case _:
                return self._public(who, item)

    # --- the parts both histories share -------------------------------------------------------

    def _start_hand(self, stock: tuple[Card, ...]) -> None:
        self._looking, self._stock, self._taken, self._turned = False, stock, 0, None

    def _public(self, who: int | None, item: PublicItem) -> str | None:
        """The words for an entry every seat sees as it is."""
        match item:
            case Pass() | Bid() | NameTrump() | Discard() | Take() | Stop() | Play():
                assert who is not None
                return f"{self.seat(who)} {self._action(item)}."
            case AuctionWon(seat=seat, bid=bid):
                return f"{self.seat(seat)} wins the auction at {bid}."
            case HandThrownIn(hand_number=number, reason=reason):
                why = "Everyone passes" if reason is ThrowInReason.ALL_PASSED else "The stock runs short"
                return f"{why}: hand {number} is thrown in."
            case DeadCardsDiscarded(seat=seat, cards=cards):
                if not cards:
                    return None
                return f"{self.seat(seat)} discards dead cards: {_cards(sort_hand(cards, None))}."
            case StockHandedOver(seat=seat, count=count):
                self._looking = True
                return f"{self.seat(seat)} looks through the {_count(count, 'stock card')} left."
            case StockDiscarded(count=count):
                if not count:
                    return None
                if count == 1:
                    return "The stock card nobody turned up goes to the dead pile unseen."
                return f"The {count} stock cards nobody turned up go to the dead pile unseen."
            case SeatOut(seat=seat):
                return f"{self.seat(seat)} is out of trump."
            case TrickWon(trick=trick):
                return self._trick(trick)
            case HandEndedEarly(team=team, cards=cards):
                out = 1 - team
                both = f"{self.seat(out)} and {self.seat(out + 2)} are out of trump: the hand ends"
                if not cards:
                    return f"{both}, with no point card left in hand."
                return f"{both}, and {self.team(team)} take the point cards still in hand: {_cards(cards)}."
            case HandScored(result=result):
                return self._scored(result)
            case GameOver(outcome=outcome):
                return self._over(outcome)
            case _:  # pragma: no cover - mypy checks that every kind of entry is described
                assert_never(item)

    def _action(self, action: Pass | Bid | NameTrump | Discard | Take | Stop | Play) -> str:
        match action:
            case Pass():
                return "passes"
            case Bid(amount=amount):
                return f"bids {amount}"
            case NameTrump(suit=suit):
                return f"names {_SUIT_NAMES[suit]} ({suit.symbol}) trump"
            case Discard(card=card):
                return f"sheds {card.pretty} into the middle"
            case Take(card=card):
                return f"picks up {card.pretty} from the middle"
            case Stop():
                return "stops looking" if self._looking else "stops picking up"
            case Play(card=card):
                return f"plays {card.pretty}"
            case _:  # pragma: no cover - mypy checks that every kind of action is described
                assert_never(action)

    def _refill(self, seat: int, count: int, cards: tuple[Card, ...]) -> str:
        if not count:
            return f"{self.seat(seat)} draws no card."
        drawn = f": {_cards(cards)}" if cards else ""
        return f"{self.seat(seat)} draws {_count(count, 'card')}{drawn}."

    def _give_up(self, seat: int, taken: Card | None, given: Card | None) -> str:
        took = "the card turned up" if taken is None else taken.pretty
        gave = "a card" if given is None else given.pretty
        return f"{self.seat(seat)} takes {took}, giving up {gave}."

    def _reject(self, seat: int, card: Card | None, forced: bool) -> str:
        what = "the card turned up" if card is None else card.pretty
        if forced:
            return f"{self.seat(seat)} may not take {what}: it goes to the dead pile."
        return f"{self.seat(seat)} rejects {what}."

    def _trick(self, trick: Trick) -> str:
        plays = ", ".join(f"{self.seat(seat)} {card.pretty}" for seat, card in trick.plays)
        points = [f"{self.team(team)} +{trick.points[team]}" for team in (0, 1) if trick.points[team]]
        won = f"{self.seat(trick.winner)} wins" + (f": {', '.join(points)}" if points else ", no points")
        return f"Trick {trick.number}: {plays}. {won}."

    def _scored(self, result: HandResult) -> str:
        bidders = result.bidding_team
        other = 1 - bidders
        change = result.score_change
        moon = " (shooting the moon)" if result.moon else ""
        verdict = "made" if result.made else "set"
        scores = f"{self.team(0)} {result.scores[0]}, {self.team(1)} {result.scores[1]}"
        return (
            f"{self.team(bidders)} bid {result.bid}{moon} and took {result.points[bidders]}: "
            f"{verdict}, {change[bidders]:+d}; {self.team(other)} took {result.points[other]}, "
            f"{change[other]:+d}. Score: {scores}."
        )

    def _over(self, outcome: Outcome) -> str:
        how = outcome.termination.value.replace("_", " ")
        # "after hand n": a game started partway (new_game(hand_number=...)) played fewer than n.
        return (
            f"{self.team(outcome.winner)} win after hand {outcome.hand_number} ({how}), "
            f"{pair_text(outcome.scores)}."
        )


def narrate_seen(
    entries: Iterable[SeenEntry], narrator: Narrator | None = None, *, viewer: int | None = None
) -> tuple[str, ...]:
    """The lines of a seat's history: :meth:`Narrator.describe_seen` of each entry, in order.

    Entries that say nothing are left out, and a deal gives two lines. ``viewer`` is the seat
    whose history it is, named as the holder of the cards dealt. ``narrator`` (default: a new
    one with the default names) is told every entry, so the entries of a hand are given in order
    from its deal.

    Raises:
        TypeError: if ``narrator`` is neither a :class:`Narrator` nor ``None``, an entry is
            not a :class:`~pitch13.seen.SeenEntry`, or ``viewer`` neither ``None`` nor an int.
        ValueError: if ``viewer`` is an int outside 0..3.
    """
    teller = option_or_default(narrator, Narrator, "narrator", Narrator())
    if viewer is not None:
        viewer = check_seat(viewer, "viewer")
    lines: list[str] = []
    for entry in iterator_of(entries, "narrate_seen()", "an iterable of SeenEntry"):
        text = teller.describe_seen(entry, viewer)
        if text is not None:
            lines.extend(text.split("\n"))
    return tuple(lines)


def narrate_history(entries: Iterable[HistoryEntry], narrator: Narrator | None = None) -> tuple[str, ...]:
    """The lines of a game's whole history: :meth:`Narrator.describe_history` of each entry.

    Entries that say nothing are left out, and a deal gives five lines. It names every card of
    every hand: for a finished game or a bug report, never for a player.

    Raises:
        TypeError: if ``narrator`` is neither a :class:`Narrator` nor ``None``, or an entry is
            not a :class:`~pitch13.HistoryEntry`.
    """
    teller = option_or_default(narrator, Narrator, "narrator", Narrator())
    lines: list[str] = []
    for entry in iterator_of(entries, "narrate_history()", "an iterable of HistoryEntry"):
        text = teller.describe_history(entry)
        if text is not None:
            lines.extend(text.split("\n"))
    return tuple(lines)
