"""Reading a seen entry's notation at a seat's point in the game (internal).

:func:`parse_entry` reads one line of a view's history or of a view delta, in the notation of
:mod:`pitch13.seen`, into a :class:`~pitch13._info.seen_entries.SeenEntry`. The notation leaves
out what the game so far gives (a trick's cards and points, a hand's result): the
:class:`~pitch13._info.follow.Follower` at that point fills it in, and checks it.
"""

from __future__ import annotations

from typing import Final

from pitch13._base.checks import WORD, excerpt
from pitch13._info.follow import Follower
from pitch13._info.seen_entries import (
    MAX_PLY,
    DealSeen,
    GiveUpSeen,
    RefillSeen,
    RejectSeen,
    SeenEntry,
    SeenItem,
    TurnUpSeen,
)
from pitch13.actions import Bid, Discard, NameTrump, Pass, Play, Stop, Take, parse_action
from pitch13.cards import Card
from pitch13.errors import ActionParseError, CardParseError, DocumentError
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
    ThrowInReason,
)
from pitch13.scoring import Outcome, Termination

__all__ = ["MAX_LINE", "entry_head", "parse_entry"]


def _fail(where: str, why: str) -> DocumentError:
    return DocumentError(where, why)


#: The longest notation of an entry (a deal names 9 cards; dead cards at most 9).
MAX_LINE: Final = 200
_PUBLIC_ACTIONS: Final = (Pass, Bid, NameTrump, Discard, Take, Stop, Play)


#: The most digits a number of an entry has: a hand number's, up to ``MAX_PLY``.
_DIGITS: Final = len(str(MAX_PLY))


def _int(word: str, where: str, low: int, high: int) -> int:
    if not (word.isdigit() and word.isascii() and len(word) <= _DIGITS) or not low <= int(word) <= high:
        raise _fail(where, f"expected a whole number from {low} to {high}, not {word[:20]!r}")
    return int(word)


def _card(word: str, where: str) -> Card:
    try:
        return Card.parse(word)
    except CardParseError:
        raise _fail(where, f"{word[:20]!r} is not a card") from None


def _card_list(words: list[str], where: str, most: int) -> tuple[Card, ...]:
    if len(words) > most:
        raise _fail(where, f"at most {most} cards")
    cards = tuple(_card(word, where) for word in words)
    if len(set(cards)) != len(cards):
        raise _fail(where, "a card is named twice")
    return cards


def _no_more(words: list[str], count: int, where: str) -> None:
    if len(words) > count:
        raise _fail(where, f"unexpected {words[count][:20]!r}")


def entry_head(line: object) -> str | None:
    """The first word of ``line``, as :func:`parse_entry` reads it (``"scored"``); ``None`` if none."""
    found = WORD.search(line) if isinstance(line, str) else None
    return None if found is None else found.group()


def parse_entry(follower: Follower, line: object, where: str) -> SeenEntry:
    """The seen entry of ``line``, in the notation of :mod:`pitch13.seen`, at ``follower``'s point."""
    if not isinstance(line, str):
        raise _fail(where, f"expected an entry in notation, a string, not {type(line).__name__}")
    if len(line) > MAX_LINE:
        raise _fail(where, f"an entry is at most {MAX_LINE} characters, not {len(line)}")
    words = WORD.findall(line)
    if not words:
        raise _fail(where, "an empty entry")
    head, rest = words[0], words[1:]
    if head in ("0", "1", "2", "3"):
        return _seat_entry(int(head), rest, where)
    need = {"dealt": 2, "refill": 2, "rejected": 1, "won": 2, "thrown": 2, "dead": 1, "stock": 2}
    need.update({"unseen": 1, "out": 1, "trick": 2, "early": 1, "scored": 1, "over": 2})
    if head not in need:
        raise _fail(where, f"unknown entry {head[:20]!r}")
    if len(rest) < need[head]:
        raise _fail(where, f"{excerpt(head)} needs {need[head]} more words")
    item: SeenItem
    if head == "dealt":
        cards = _card_list(rest[2:], where, 9)
        item = DealSeen(_int(rest[0], where, 1, MAX_PLY), _int(rest[1], where, 0, 3), tuple(sorted(cards)))
    elif head == "refill":
        count = _int(rest[1], where, 0, 6)
        cards = _card_list(rest[2:], where, 6)
        if len(cards) not in (0, count):
            raise _fail(where, f"a refill of {count} cards names them all or none, not {len(cards)}")
        item = RefillSeen(_int(rest[0], where, 0, 3), count, cards)
    elif head == "rejected":
        _no_more(rest, 2, where)
        card = _card(rest[1], where) if len(rest) > 1 else None
        item = RejectSeen(_int(rest[0], where, 0, 3), card, forced=True)
    elif head == "won":
        _no_more(rest, 2, where)
        item = AuctionWon(_int(rest[0], where, 0, 3), _int(rest[1], where, 1, 13))
    elif head == "thrown":
        _no_more(rest, 2, where)
        reasons = {reason.value: reason for reason in ThrowInReason}
        if rest[1] not in reasons:
            raise _fail(where, f"unknown reason {rest[1][:20]!r}")
        item = HandThrownIn(_int(rest[0], where, 1, MAX_PLY), reasons[rest[1]])
    elif head == "dead":
        item = DeadCardsDiscarded(_int(rest[0], where, 0, 3), tuple(sorted(_card_list(rest[1:], where, 9))))
    elif head == "stock":
        _no_more(rest, 2, where)
        item = StockHandedOver(_int(rest[0], where, 0, 3), _int(rest[1], where, 1, 18))
    elif head == "unseen":
        _no_more(rest, 1, where)
        item = StockDiscarded(_int(rest[0], where, 1, 18))
    elif head == "out":
        _no_more(rest, 1, where)
        item = SeatOut(_int(rest[0], where, 0, 3))
    elif head == "trick":
        _no_more(rest, 2, where)
        item = follower.trick_won(_int(rest[0], where, 1, 54), _int(rest[1], where, 0, 3), where)
    elif head == "early":
        item = HandEndedEarly(_int(rest[0], where, 0, 1), tuple(sorted(_card_list(rest[1:], where, 17))))
    elif head == "scored":
        _no_more(rest, 1, where)
        if _int(rest[0], where, 1, MAX_PLY) != follower.hand_number or follower.table is None:
            raise _fail(where, f"hand {follower.hand_number} is not the hand to score")
        item = HandScored(follower.result())
    else:
        _no_more(rest, 2, where)
        terminations = {t.value: t for t in Termination}
        if rest[1] not in terminations:
            raise _fail(where, f"unknown end {rest[1][:20]!r}")
        if follower.last_result is None:
            raise _fail(where, "no hand was scored")
        result = follower.last_result
        item = GameOver(
            Outcome(_int(rest[0], where, 0, 1), terminations[rest[1]], result.hand_number, result.scores)
        )
    return SeenEntry(None, item)


def _seat_entry(seat: int, rest: list[str], where: str) -> SeenEntry:
    item: SeenItem
    if rest[:2] == ["turn", "up"]:
        _no_more(rest, 3, where)
        item = TurnUpSeen(seat, _card(rest[2], where) if len(rest) > 2 else None)
    elif rest[:2] == ["give", "up"]:
        words = rest[2:]
        taken = None
        if len(words) >= 2 and words[-2] == "for":
            taken = _card(words[-1], where)
            words = words[:-2]
        _no_more(words, 1, where)
        item = GiveUpSeen(seat, taken, _card(words[0], where) if words else None)
    elif rest[:1] == ["reject"]:
        _no_more(rest, 2, where)
        item = RejectSeen(seat, _card(rest[1], where) if len(rest) > 1 else None, forced=False)
    else:
        try:
            action = parse_action(" ".join(rest))
        except ActionParseError as error:
            raise _fail(where, str(error)) from None
        if not isinstance(action, _PUBLIC_ACTIONS):
            raise _fail(where, f"{action} is not written so in a seat's history")
        item = action
    return SeenEntry(seat, item)
