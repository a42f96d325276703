"""A game's history, kept compact: bytes per hand, decoded into actions and events when read.

Every action and event of a hand is written as a short code into one ``bytes`` value; a
finished hand becomes a :class:`Hand` record in a persistent chain, so a state shares the
whole past with the state it came from and adds nothing per step but the new codes. Nothing
here is public: :class:`~pitch13.GameState` turns the codes into
:class:`~pitch13.HistoryEntry` values when :attr:`~pitch13.GameState.history` (or
:meth:`~pitch13.GameState.history_since`) is read.

A code is one byte, then the arguments of its kind:

* a play is the single byte ``seat * 54 + card index`` (0 to 215), the commonest entry;
* every other entry is a kind byte from 216 up, then its arguments, one byte each: a seat, a
  card index, an amount, or a count followed by that many card indices; a set of cards in
  index order is its 54-bit mask, in 7 bytes.

The codes are read in one place, :func:`read_codes`, which every reader of a log goes through.
Whatever the events carry that the codes do not (a dealt deck, a trick's winner and points, a
hand's result, the outcome) is rebuilt from the hand's deck, its earlier entries, the rules and
the hand's result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final, Union

from pitch13._base.checks import unchecked_maker
from pitch13._core.action_sets import BIDS, DISCARDS, GIVE_UPS, NAME_TRUMPS, PLAYS, TAKES
from pitch13._core.masks import cards_of_mask
from pitch13._core.tables import TrumpTable, table_for
from pitch13._core.tally import hand_result, make_trick
from pitch13.actions import PASS, REJECT, STOP, TURN_UP, Action, Deal
from pitch13.cards import DECK
from pitch13.events import (
    AuctionWon,
    CardRejected,
    DeadCardsDiscarded,
    Event,
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
from pitch13.rules import Rules
from pitch13.scoring import HandResult, Outcome

#: One step of the history: an action (with the seat that took it, ``None`` for chance) or
#: an event (seat ``None``).
HistoryItem = Union[Action, Event]

# --- the codes -----------------------------------------------------------------------------------

#: Plays are 0..215; the other kinds start here.
PASS_K: Final = 216
BID_K: Final = 217
TRUMP_K: Final = 218
DISCARD_K: Final = 219
TAKE_K: Final = 220
TURN_UP_K: Final = 221
REJECT_K: Final = 222
GIVE_UP_K: Final = 223
STOP_K: Final = 224
DEAL_K: Final = 225
DEALT_K: Final = 226
AUCTION_WON_K: Final = 227
THROWN_IN_K: Final = 228
DEAD_DISCARDED_K: Final = 229
REFILLED_K: Final = 230
HANDED_OVER_K: Final = 231
CARD_REJECTED_K: Final = 232
STOCK_DISCARDED_K: Final = 233
SEAT_OUT_K: Final = 234
TRICK_WON_K: Final = 235
ENDED_EARLY_K: Final = 236
SCORED_K: Final = 237
GAME_OVER_K: Final = 238
#: A play's kind in what :func:`read_codes` reads (a play's own code is its seat and card).
PLAY_K: Final = 0

_THROW_IN_REASONS: Final = tuple(ThrowInReason)


def _codes(kind: int, *args: int) -> bytes:
    return bytes((kind, *args))


#: Ready-made codes for the entries of the hot path, indexed by seat (then by card or amount).
PLAY_CODES: Final = tuple(tuple(bytes((seat * 54 + i,)) for i in range(54)) for seat in range(4))
PASS_CODES: Final = tuple(_codes(PASS_K, seat) for seat in range(4))
BID_CODES: Final = tuple(tuple(_codes(BID_K, seat, n) for n in range(14)) for seat in range(4))
TURN_UP_CODES: Final = tuple(_codes(TURN_UP_K, seat) for seat in range(4))
REJECT_CODES: Final = tuple(_codes(REJECT_K, seat) for seat in range(4))
STOP_CODES: Final = tuple(_codes(STOP_K, seat) for seat in range(4))
GIVE_UP_CODES: Final = tuple(tuple(_codes(GIVE_UP_K, seat, i) for i in range(54)) for seat in range(4))
SEAT_OUT_CODES: Final = tuple(_codes(SEAT_OUT_K, seat) for seat in range(4))
TRICK_WON_CODE: Final = _codes(TRICK_WON_K)
#: ``NameTrump`` codes, by seat and suit.
TRUMP_CODES: Final = tuple(tuple(_codes(TRUMP_K, seat, suit) for suit in range(4)) for seat in range(4))
DEAL_CODE: Final = _codes(DEAL_K)
DEALT_CODE: Final = _codes(DEALT_K)
SCORED_CODE: Final = _codes(SCORED_K)
GAME_OVER_CODE: Final = _codes(GAME_OVER_K)


def discard_code(seat: int, card: int) -> bytes:
    """The code of ``Discard``."""
    return _codes(DISCARD_K, seat, card)


def take_code(seat: int, card: int) -> bytes:
    """The code of ``Take``."""
    return _codes(TAKE_K, seat, card)


def auction_won_code(seat: int, bid: int) -> bytes:
    """The code of ``AuctionWon``."""
    return _codes(AUCTION_WON_K, seat, bid)


def thrown_in_code(reason: ThrowInReason) -> bytes:
    """The code of ``HandThrownIn``."""
    return _codes(THROWN_IN_K, _THROW_IN_REASONS.index(reason))


def ended_early_code(team: int, mask: int) -> bytes:
    """The code of ``HandEndedEarly``: the team, then the cards' mask in 7 bytes."""
    return _codes(ENDED_EARLY_K, team) + mask.to_bytes(7, "little")


def dead_discarded_codes(dealer: int, m0: int, m1: int, m2: int, m3: int) -> bytes:
    """The codes of four ``DeadCardsDiscarded``, seat ``s`` discarding ``ms``, from ``dealer``'s left.

    The four are written by one ``to_bytes``: as a little-endian number each code is
    ``kind | seat << 8 | mask << 16``, nine bytes, the first code (the dealer's left's) the
    lowest.
    """
    heads, s0, s1, s2, s3 = _DEAD_DISCARDED_LAYOUTS[dealer]
    return (heads | m0 << s0 | m1 << s1 | m2 << s2 | m3 << s3).to_bytes(36, "little")


def _dead_discarded_layout(dealer: int) -> tuple[int, int, int, int, int]:
    """The four codes' heads (kind and seat) for ``dealer``, and where each seat's mask goes."""
    seats = [(dealer + 1 + i) & 3 for i in range(4)]  # from the dealer's left
    heads = sum((DEAD_DISCARDED_K | seat << 8) << 72 * i for i, seat in enumerate(seats))
    s0, s1, s2, s3 = (16 + 72 * seats.index(seat) for seat in range(4))
    return heads, s0, s1, s2, s3


#: :func:`_dead_discarded_layout` for each dealer.
_DEAD_DISCARDED_LAYOUTS: Final = tuple(_dead_discarded_layout(dealer) for dealer in range(4))


#: The first three bytes of a ``Refilled`` code, by seat and count: the cards follow.
REFILLED_HEADS: Final = tuple(tuple(_codes(REFILLED_K, seat, n) for n in range(19)) for seat in range(4))


#: ``StockHandedOver`` codes, by seat and count (a stock holds at most 18 cards).
HANDED_OVER_CODES: Final = tuple(
    tuple(_codes(HANDED_OVER_K, seat, n) for n in range(19)) for seat in range(4)
)


def card_rejected_code(seat: int, card: int) -> bytes:
    """The code of ``CardRejected``."""
    return _codes(CARD_REJECTED_K, seat, card)


def stock_discarded_code(count: int) -> bytes:
    """The code of ``StockDiscarded``."""
    return _codes(STOCK_DISCARDED_K, count)


# --- finished hands ------------------------------------------------------------------------------


class Hand:
    """A finished hand in the chain of a game's past (internal; immutable once made).

    ``result`` is ``None`` for a hand thrown in; otherwise what its :class:`~pitch13.HandResult`
    is made from: ``(bidder, bid, trump suit, won by team A, won by team B, scores before,
    ended early)``. ``entries`` and ``plies`` count the history entries and actions of the game
    up to the end of this hand; ``digest`` hashes the whole chain up to it.
    """

    __slots__ = (
        "_result",
        "dealer",
        "deck",
        "digest",
        "entries",
        "first_ply",
        "log",
        "number",
        "plies",
        "prev",
        "result",
        "scored_before",
    )

    def __init__(
        self,
        prev: Hand | None,
        number: int,
        dealer: int,
        deck: bytes,
        log: bytes,
        result: tuple[int, int, int, int, int, tuple[int, int], bool] | None,
        entries: int,
        plies: int,
        first_ply: int = 0,
    ) -> None:
        self.prev: Final = prev
        self.number: Final = number
        self.dealer: Final = dealer
        self.deck: Final = deck
        self.log: Final = log
        self.result: Final = result
        self.entries: Final = entries
        self.plies: Final = plies
        #: The ply at which the history kept begins: 0, unless the game was started partway
        #: (``first_ply``, given only to the first node of a chain).
        self.first_ply: Final[int] = first_ply if prev is None else prev.first_ply
        #: A hash of the chain up to this hand, made with the hand (so that hashing or comparing
        #: a state never walks its past): the digest before it, the deck and the log.
        self.digest: Final[int] = hash((0 if prev is None else prev.digest, deck, log))
        #: The newest hand before this one that was scored, or the partway start that knows the
        #: last result before it; ``None`` if neither. With it the last result is found in O(1),
        #: however many hands were thrown in since (only older hands are named: no cycle).
        self.scored_before: Final[Hand | None] = (
            None if prev is None else prev if _holds_result(prev) else prev.scored_before
        )
        self._result: HandResult | None = None
        # Views read the last result of their state's past: the newest scored hand's, kept on it
        # once made. One older than the two newest is read again only by a state left behind,
        # so it is let go: a game's past keeps at most two results, whatever its length.
        older = None if self.scored_before is None else self.scored_before.scored_before
        if older is not None:
            older._result = None

    def hand_result(self, rules: Rules, *, keep: bool = True) -> HandResult:
        """The hand's :class:`~pitch13.HandResult` (it must have one), kept once made if ``keep``."""
        made = self._result
        if made is None:
            assert self.result is not None
            bidder, bid, trump, won_a, won_b, scores, early = self.result
            made = hand_result(
                rules,
                table_for(NAME_TRUMPS[trump].suit, rules),
                hand_number=self.number,
                dealer=self.dealer,
                bidder=bidder,
                bid=bid,
                won=(won_a, won_b),
                scores=scores,
                ended_early=early,
            )
            if keep:
                self._result = made  # every thread makes the same value: a race is harmless
        return made


class Start(Hand):
    """Where a game started partway begins: what came before it, without its history (internal).

    The first hand played is ``number + 1``; ``scores`` were the scores then, and ``last`` the
    last hand scored before it, if any. It holds no log and counts the ``plies`` before it.
    """

    __slots__ = ("last", "scores")

    def __init__(
        self, hand_number: int, dealer: int, scores: tuple[int, int], last: HandResult | None, plies: int
    ):
        super().__init__(None, hand_number - 1, (dealer - 1) & 3, b"", b"", None, 0, plies, plies)
        self.scores: Final = scores
        self.last: Final = last


def results(past: Hand | None, rules: Rules) -> list[HandResult]:
    """The results of the finished hands, oldest first (a partway start's last result first)."""
    out = []
    for hand in hands_of(past):
        if isinstance(hand, Start):
            if hand.last is not None:
                out.append(hand.last)
        elif hand.result is not None:
            out.append(hand.hand_result(rules, keep=False))  # not kept: see Hand.__init__
    return out


def _holds_result(hand: Hand) -> bool:
    """Whether ``hand`` was scored, or is a partway start (which knows the result before it)."""
    return hand.result is not None or isinstance(hand, Start)


def last_result(past: Hand | None, rules: Rules) -> HandResult | None:
    """The result of the last hand scored, or ``None`` (O(1): see :attr:`Hand.scored_before`)."""
    scored = None if past is None else past if _holds_result(past) else past.scored_before
    if scored is None:
        return None
    if isinstance(scored, Start):
        return scored.last
    return scored.hand_result(rules)


def start_of(past: Hand | None) -> Start | None:
    """The partway start of a game's past, if it has one."""
    while past is not None:
        if past.prev is None:
            return past if isinstance(past, Start) else None
        past = past.prev
    return None


def same_past(a: Hand | None, b: Hand | None) -> bool:
    """Whether two chains of finished hands hold the same hands (O(1) unless they are equal)."""
    while a is not b:
        if a is None or b is None or a.digest != b.digest or a.log != b.log or a.deck != b.deck:
            return False
        if isinstance(a, Start) or isinstance(b, Start):
            return (
                type(a) is type(b)
                and isinstance(a, Start)
                and isinstance(b, Start)
                and (a.number, a.dealer, a.plies, a.scores, a.last)
                == (b.number, b.dealer, b.plies, b.scores, b.last)
            )
        a, b = a.prev, b.prev
    return True


def hands_of(past: Hand | None) -> list[Hand]:
    """The finished hands, oldest first."""
    out = []
    while past is not None:
        out.append(past)
        past = past.prev
    out.reverse()
    return out


# --- decoding ------------------------------------------------------------------------------------

Entry = tuple[Union[int, None], HistoryItem]
#: An entry's codes as :func:`read_codes` reads them: kind, first and second argument, a
#: refill's cards, and the byte after the entry.
Code = tuple[int, int, int, bytes, int]


# The events a log is read as, made without the checks of an event made in code: one is made
# for every entry read (the property tests check that each would pass them).
_TRICK_WON: Final = unchecked_maker(TrickWon)
_SEAT_OUT: Final = unchecked_maker(SeatOut)
_HAND_DEALT: Final = unchecked_maker(HandDealt)
_REFILLED: Final = unchecked_maker(Refilled)
_DEAD_CARDS_DISCARDED: Final = unchecked_maker(DeadCardsDiscarded)
_HAND_ENDED_EARLY: Final = unchecked_maker(HandEndedEarly)
_AUCTION_WON: Final = unchecked_maker(AuctionWon)
_STOCK_HANDED_OVER: Final = unchecked_maker(StockHandedOver)
_CARD_REJECTED: Final = unchecked_maker(CardRejected)
_STOCK_DISCARDED: Final = unchecked_maker(StockDiscarded)
_HAND_THROWN_IN: Final = unchecked_maker(HandThrownIn)
_HAND_SCORED: Final = unchecked_maker(HandScored)
_GAME_OVER: Final = unchecked_maker(GameOver)


class Decoder:
    """Reads one hand's log into entries, resuming where it last stopped (internal).

    ``result`` makes the hand's result when a ``HandScored`` entry is reached; ``outcome`` is
    the game's, for a ``GameOver`` entry. A decoder keeps its place, so that a log that has
    grown since can be read on from there.
    """

    __slots__ = ("at", "dealer", "deck", "number", "outcome", "plays", "result", "rules", "table", "tricks")

    def __init__(
        self,
        rules: Rules,
        number: int,
        dealer: int,
        deck: bytes,
        result: Callable[[], HandResult],
        outcome: Outcome | None,
    ) -> None:
        self.rules = rules
        self.number = number
        self.dealer = dealer
        self.deck = deck
        self.result = result
        self.outcome = outcome
        self.table: TrumpTable | None = None
        self.plays: list[int] = []
        self.tricks = 0
        #: The byte of the log read next.
        self.at = 0

    def read(self, log: bytes) -> Iterator[Entry]:
        """The entries of ``log`` from where this decoder stopped, as ``(seat, action or event)``."""
        number, dealer, deck = self.number, self.dealer, self.deck
        plays = self.plays
        for kind, first, second, cards, end in read_codes(log, self.at):
            self.at = end
            if kind == PLAY_K:
                plays.append(first << 6 | second)
                yield first, PLAYS[second]
            elif kind == TRICK_WON_K:
                assert self.table is not None
                self.tricks += 1
                trick = make_trick(self.tricks, self.table, tuple(plays))
                plays.clear()
                yield None, _TRICK_WON(trick)
            elif kind == SEAT_OUT_K:
                yield None, _SEAT_OUT(first)
            elif kind in _SEAT_ACTIONS:
                if kind == TRUMP_K:
                    self.table = table_for(NAME_TRUMPS[second].suit, self.rules)
                yield first, _SEAT_ACTIONS[kind](second)
            elif kind == DEAL_K:
                yield None, Deal(DECK[i] for i in deck)
            elif kind == DEALT_K:
                yield None, _HAND_DEALT(number, dealer, tuple(DECK[i] for i in deck))
            elif kind == REFILLED_K:
                yield None, _REFILLED(first, tuple(DECK[i] for i in cards))
            elif kind == DEAD_DISCARDED_K:
                yield None, _DEAD_CARDS_DISCARDED(first, cards_of_mask(second))
            elif kind == ENDED_EARLY_K:
                yield None, _HAND_ENDED_EARLY(first, cards_of_mask(second))
            elif kind == AUCTION_WON_K:
                yield None, _AUCTION_WON(first, second)
            elif kind == HANDED_OVER_K:
                yield None, _STOCK_HANDED_OVER(first, second)
            elif kind == CARD_REJECTED_K:
                yield None, _CARD_REJECTED(first, DECK[second])
            elif kind == STOCK_DISCARDED_K:
                yield None, _STOCK_DISCARDED(first)
            elif kind == THROWN_IN_K:
                yield None, _HAND_THROWN_IN(number, _THROW_IN_REASONS[first])
            elif kind == SCORED_K:
                yield None, _HAND_SCORED(self.result())
            else:
                assert kind == GAME_OVER_K and self.outcome is not None, kind
                yield None, _GAME_OVER(self.outcome)


def decode(
    rules: Rules,
    number: int,
    dealer: int,
    deck: bytes,
    log: bytes,
    result: Callable[[], HandResult],
    outcome: Outcome | None,
) -> Iterator[Entry]:
    """The entries of one hand's ``log``, oldest first, as ``(seat, action or event)``."""
    return Decoder(rules, number, dealer, deck, result, outcome).read(log)


def actions_of(log: bytes) -> Iterator[tuple[int, int, int]]:
    """The seat actions of a hand's ``log`` as ``(kind, seat, argument)``; plays have kind 0."""
    for kind, seat, argument, _, _ in read_codes(log):
        if kind == PLAY_K or kind in _SEAT_ACTIONS:
            yield kind, seat, argument


def dealt_by_chance(log: bytes) -> bool:
    """Whether the hand of ``log`` was dealt by chance (a :class:`~pitch13.Deal`), not by a seed."""
    return log[:1] == DEAL_CODE


def action_of(kind: int, argument: int) -> Action:
    """The action of a ``(kind, argument)`` pair from :func:`actions_of`."""
    if kind == 0:
        return PLAYS[argument]
    return _SEAT_ACTIONS[kind](argument)


def kinds(log: bytes) -> Iterator[bool]:
    """For each entry of ``log``, whether it is an action (a seat's, or chance's deal)."""
    for kind, _, _, _, _ in read_codes(log):
        yield kind in (PLAY_K, DEAL_K) or kind in _SEAT_ACTIONS


def first_ply(past: Hand | None) -> int:
    """The ply at which a game's history begins (0 unless it was started partway)."""
    return 0 if past is None else past.first_ply


def read_codes(log: bytes, at: int = 0) -> Iterator[Code]:
    """The entries of ``log`` from its byte ``at`` on, as their codes read: the one reader of the format.

    Each entry is ``(kind, first, second, cards, end)``: its kind (:data:`PLAY_K` for a play);
    its first argument (a seat, a team, a reason or a count; 0 when it has none); its second (a
    card index, an amount, a count, or a set of cards as its mask; 0 when it has none); a
    refill's cards in the order dealt (else empty); and the byte after it, where reading
    resumes.
    """
    end = len(log)
    while at < end:
        code = log[at]
        if code < PASS_K:  # a play, the commonest entry
            at += 1
            yield PLAY_K, _PLAY_SEAT[code], _PLAY_CARD[code], b"", at
            continue
        width = _WIDTHS[code]
        if width == 3:
            yield code, log[at + 1], log[at + 2], b"", at + 3
        elif width == 2:
            yield code, log[at + 1], 0, b"", at + 2
        elif width == 1:
            yield code, 0, 0, b"", at + 1
        elif width == 9:
            yield code, log[at + 1], int.from_bytes(log[at + 2 : at + 9], "little"), b"", at + 9
        else:  # a refill: its seat, its count and the cards
            count = log[at + 2]
            width = 3 + count
            yield code, log[at + 1], count, log[at + 3 : at + width], at + width
        at += width


_SEAT_ACTIONS: Final[dict[int, Callable[[int], Action]]] = {
    PASS_K: lambda _: PASS,
    BID_K: BIDS.__getitem__,
    TRUMP_K: NAME_TRUMPS.__getitem__,
    DISCARD_K: DISCARDS.__getitem__,
    TAKE_K: TAKES.__getitem__,
    TURN_UP_K: lambda _: TURN_UP,
    REJECT_K: lambda _: REJECT,
    GIVE_UP_K: GIVE_UPS.__getitem__,
    STOP_K: lambda _: STOP,
}
_FIXED_WIDTHS: Final = {
    PASS_K: 2,
    BID_K: 3,
    TRUMP_K: 3,
    DISCARD_K: 3,
    TAKE_K: 3,
    TURN_UP_K: 2,
    REJECT_K: 2,
    GIVE_UP_K: 3,
    STOP_K: 2,
    DEAL_K: 1,
    DEALT_K: 1,
    AUCTION_WON_K: 3,
    THROWN_IN_K: 2,
    HANDED_OVER_K: 3,
    CARD_REJECTED_K: 3,
    STOCK_DISCARDED_K: 2,
    SEAT_OUT_K: 2,
    TRICK_WON_K: 1,
    SCORED_K: 1,
    GAME_OVER_K: 1,
    DEAD_DISCARDED_K: 9,
    ENDED_EARLY_K: 9,
}
#: The bytes of each kind's entry, by its code (a play's is 1; a refill's, 0 here, depends on its count).
_WIDTHS: Final = tuple(1 if code < PASS_K else _FIXED_WIDTHS.get(code, 0) for code in range(256))
#: A play's seat and card, by its code.
_PLAY_SEAT: Final = tuple(code // 54 for code in range(PASS_K))
_PLAY_CARD: Final = tuple(code % 54 for code in range(PASS_K))
