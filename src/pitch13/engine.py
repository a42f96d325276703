"""The rules: :func:`new_game`, :func:`legal_actions` and :func:`apply`.

:func:`apply` is a pure function: it checks the action, then builds the next state, doing
every forced step (dead-card discards, the refill, seats going out, trick ends, scoring, the
next deal when the game is seeded) on the way and recording each as an event.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Final, NoReturn

from pitch13.actions import (
    ACTION_TYPES,
    BIDS,
    DISCARDS,
    GIVE_UPS,
    NAME_TRUMPS,
    PASS,
    PLAYS,
    REJECT,
    STOP,
    TAKES,
    TURN_UP,
    Action,
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
    deal_positions,
    seeded_order,
)
from pitch13.cards import DECK, Suit, cards_of_mask
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
from pitch13.rules import AllPass, DeuceTo, LeadFallback, Pickup, Rules, ShortStock
from pitch13.scoring import HandResult, Outcome, Trick, score_hand
from pitch13.state import GameState, HistoryItem, Log, Phase, _Auction, _Exchange, _Match
from pitch13.trumps import TrumpTable, may_take, table_for

__all__ = ["IllegalActionError", "IllegalReason", "apply", "legal_actions", "new_game"]


class IllegalReason(enum.Enum):
    """Why :func:`apply` refused an action: the machine-readable part of :class:`IllegalActionError`."""

    #: The game is over.
    GAME_OVER = "game_over"
    #: Chance is to act: only a :class:`~pitch13.Deal` may be applied.
    AWAITING_DEAL = "awaiting_deal"
    #: A :class:`~pitch13.Deal` was applied while the hand is already dealt.
    ALREADY_DEALT = "already_dealt"
    #: The ``seat`` given to :func:`apply` is not the seat to act.
    NOT_YOUR_TURN = "not_your_turn"
    #: This kind of action does not belong to the current phase.
    WRONG_PHASE = "wrong_phase"
    #: The dealer may not pass when everyone else passed (R-BID-2).
    MUST_BID = "must_bid"
    #: The bid is not above the high bid, or below the lowest bid (R-BID-1).
    BID_TOO_LOW = "bid_too_low"
    #: The bid is above ``max_bid``, or nobody may bid over the moon (R-BID-3).
    BID_TOO_HIGH = "bid_too_high"
    #: The card is not in the seat's hand.
    NOT_IN_HAND = "not_in_hand"
    #: The card is not a trump, so it cannot be played (R-PLAY-1).
    NOT_A_TRUMP = "not_a_trump"
    #: The card is not one of the shed cards that may be picked up (R-PICK-1).
    NOT_TAKEABLE = "not_takeable"
    #: No stock card is turned up to reject or take (R-LOOK-2).
    NO_TURNED_CARD = "no_turned_card"
    #: A stock card is turned up: take it or reject it first (R-LOOK-2).
    DECIDE_TURNED_CARD = "decide_turned_card"


class IllegalActionError(ValueError):
    """An action that is not legal in the state it was applied to.

    The state is untouched (states are immutable). ``reason`` says why in a form a program
    can switch on; ``str(error)`` says it in words, e.g. ``seat 2 cannot play 4♣: it is not
    a trump``.
    """

    def __init__(self, reason: IllegalReason, message: str, *, action: Action, seat: int | None) -> None:
        super().__init__(message)
        #: Why the action was refused.
        self.reason: Final[IllegalReason] = reason
        #: The refused action.
        self.action: Final[Action] = action
        #: The seat that was to act (``None`` when chance was to act or the game is over).
        self.seat: Final[int | None] = seat


def _describe(action: Action) -> str:
    if isinstance(action, (Play, Discard, Take, GiveUp)):
        return f"{str(action).rsplit(' ', 1)[0]} {action.card.pretty}"
    if isinstance(action, NameTrump):
        return f"name {action.suit.symbol} trump"
    if isinstance(action, Deal):
        return "deal"
    return str(action)


def _refuse(reason: IllegalReason, seat: int | None, action: Action, why: str) -> NoReturn:
    who = "chance" if seat is None else f"seat {seat}"
    raise IllegalActionError(reason, f"{who} cannot {_describe(action)}: {why}", action=action, seat=seat)


# --- building states -------------------------------------------------------------------------


class _Work:
    """A mutable, flattened copy of a state, for the steps that change many fields at once."""

    __slots__ = (
        "_a",
        "_bidder",
        "_calls",
        "_dead",
        "_hands",
        "_high_bid",
        "_log",
        "_m",
        "_middle",
        "_out",
        "_shown",
        "_stock",
        "_table",
        "_takeable",
        "_to_act",
        "_trick",
        "_turned",
        "_won",
        "_x",
        "dealer",
        "first_dealer",
        "hand_number",
        "outcome",
        "phase",
        "results",
        "rules",
        "scores",
        "seed",
        "tricks",
        "trump",
    )

    rules: Rules
    seed: int | None
    first_dealer: int
    dealer: int
    hand_number: int
    scores: tuple[int, int]
    outcome: Outcome | None
    results: tuple[HandResult, ...]
    _log: Log | None
    phase: Phase
    _to_act: int
    _calls: tuple[int, ...]
    _high_bid: int
    _bidder: int
    trump: Suit | None
    _table: TrumpTable | None
    _hands: tuple[int, ...]
    _middle: int
    _takeable: int
    _dead: int
    _shown: int
    _stock: tuple[int, ...]
    _turned: int
    _trick: tuple[tuple[int, int], ...]
    tricks: tuple[Trick, ...]
    _out: int
    _won: tuple[int, int]
    # The parts of the state this copy came from, reused by freeze() when unchanged.
    _m: _Match | None
    _a: _Auction | None
    _x: _Exchange | None

    @classmethod
    def of(cls, state: GameState) -> _Work:
        w = cls()
        w.rules = state.rules
        m = w._m = state._match
        w.seed, w.first_dealer, w.hand_number, w.dealer = m.seed, m.first_dealer, m.hand_number, m.dealer
        w.scores, w.outcome, w.results = m.scores, m.outcome, m.results
        a = w._a = state._auction
        w._calls, w._high_bid, w._bidder = a.calls, a.high_bid, a.bidder
        x = w._x = state._exchange
        w.trump, w._table, w._middle, w._takeable = x.trump, x.table, x.middle, x.takeable
        w._dead, w._shown, w._stock, w._turned = x.dead, x.shown, x.stock, x.turned
        w._log, w.phase, w._to_act, w._hands = state._log, state.phase, state._to_act, state._hands
        w._trick, w.tricks, w._out, w._won = state._trick, state.tricks, state._out, state._won
        return w

    def freeze(self) -> GameState:
        m = self._m
        if (
            m is None
            or self.hand_number != m.hand_number
            or self.dealer != m.dealer
            or self.scores is not m.scores
            or self.outcome is not m.outcome
            or self.results is not m.results
        ):
            m = _Match(
                self.seed,
                self.first_dealer,
                self.hand_number,
                self.dealer,
                self.scores,
                self.outcome,
                self.results,
            )
        a = self._a
        if (
            a is None
            or self._calls is not a.calls
            or self._high_bid != a.high_bid
            or self._bidder != a.bidder
        ):
            a = _Auction(self._calls, self._high_bid, self._bidder)
        x = self._x
        if (
            x is None
            or self.trump is not x.trump
            or self._middle != x.middle
            or self._takeable != x.takeable
            or self._dead != x.dead
            or self._shown != x.shown
            or self._stock is not x.stock
            or self._turned != x.turned
        ):
            x = _Exchange(
                self.trump,
                self._table,
                self._middle,
                self._takeable,
                self._dead,
                self._shown,
                self._stock,
                self._turned,
            )
        return GameState(
            self.rules,
            m,
            self._log,
            self.phase,
            self._to_act,
            a,
            x,
            self._hands,
            self._trick,
            self.tricks,
            self._out,
            self._won,
        )

    def emit(self, seat: int | None, item: HistoryItem) -> None:
        self._log = Log(self._log, seat, item)

    @property
    def table(self) -> TrumpTable:
        assert self._table is not None
        return self._table

    def set_hand(self, seat: int, mask: int) -> None:
        hands = list(self._hands)
        hands[seat] = mask
        self._hands = tuple(hands)

    def clear_hand(self) -> None:
        self._to_act = -1
        self._calls = (-1, -1, -1, -1)
        self._high_bid = 0
        self._bidder = -1
        self.trump = None
        self._hands = (0, 0, 0, 0)
        self._middle = self._takeable = self._dead = self._shown = 0
        self._stock = ()
        self._turned = -1
        self._trick = ()
        self.tricks = ()
        self._out = 0
        self._won = (0, 0)
        self._table = None


def _seat_order(dealer: int) -> tuple[int, int, int, int]:
    """Seats clockwise from the dealer's left, ending with the dealer."""
    return ((dealer + 1) & 3, (dealer + 2) & 3, (dealer + 3) & 3, dealer)


# --- new game and dealing --------------------------------------------------------------------


#: The largest seed (in size) :func:`new_game` takes: 128 bits, which every saved game can hold.
MAX_SEED: Final = 2**128 - 1


def new_game(rules: Rules | None = None, dealer: int = 0, seed: int | None = None) -> GameState:
    """Start a game under ``rules`` (default :class:`Rules() <pitch13.Rules>`), ``dealer`` dealing first.

    With a ``seed``, every hand is dealt from :func:`~pitch13.shuffled_deck` ``(seed, hand_number)``
    inside :func:`apply`, so the game is reproducible and never stops at a chance state. Without
    one, the game starts (and each later hand starts) at a chance state (:attr:`GameState.is_chance`)
    and the caller applies a :class:`~pitch13.Deal` with its own shuffle (R-DEAL-3).

    How a deck becomes hands (R-DEAL-1): with ``order`` the deck top card first and seats
    ``s1, s2, s3, s4`` clockwise from the dealer's left, round ``r`` (0 to 2) gives seat ``sk``
    (k from 1 to 4) the cards ``order[12*r + 3*(k-1) : 12*r + 3*k]``. The last 18 cards,
    ``order[36:]``, are the stock, top card first.

    Raises:
        TypeError: if ``rules`` is not a :class:`~pitch13.Rules`, or ``dealer`` or ``seed`` not an int.
        ValueError: if ``dealer`` is not from 0 to 3, or ``seed`` is outside ``±(2**128 - 1)``
            (so that every game can be saved, :class:`~pitch13.GameRecord`).
    """
    if rules is None:
        rules = _DEFAULT_RULES
    elif not isinstance(rules, Rules):
        raise TypeError(f"rules must be a pitch13.Rules, not {type(rules).__name__}")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise TypeError(f"dealer must be a seat, an int from 0 to 3, not {dealer!r}")
    if not 0 <= dealer <= 3:
        raise ValueError(f"dealer must be a seat from 0 to 3, not {dealer}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise TypeError(f"seed must be an int or None, not {seed!r}")
    if seed is not None and not -MAX_SEED <= seed <= MAX_SEED:
        raise ValueError(f"seed must be from -(2**128 - 1) to 2**128 - 1, not {seed}")
    work = _Work()
    work._m = work._a = work._x = None
    work.rules = rules
    work.seed = seed
    work.first_dealer = dealer
    work.hand_number = 1
    work.dealer = dealer
    work.scores = (0, 0)
    work.outcome = None
    work.results = ()
    work._log = None
    work.phase = Phase.DEAL
    work.clear_hand()
    if seed is not None:
        _start_hand(work, seeded_order(seed, 1))
    return work.freeze()


_DEFAULT_RULES: Final = Rules()


def _start_hand(w: _Work, order: tuple[int, ...]) -> None:
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for position in deal_positions(w.dealer, seat):
            hands[seat] |= 1 << order[position]
    w._hands = tuple(hands)
    w._stock = order[36:]
    w.phase = Phase.BIDDING
    w._to_act = (w.dealer + 1) & 3
    w.emit(None, HandDealt(w.hand_number, w.dealer, tuple(map(DECK.__getitem__, order))))


def _next_hand(w: _Work) -> None:
    w.dealer = (w.dealer + 1) & 3
    w.hand_number += 1
    w.clear_hand()
    w.phase = Phase.DEAL
    if w.seed is not None:
        _start_hand(w, seeded_order(w.seed, w.hand_number))


def _throw_in(w: _Work, reason: ThrowInReason) -> None:
    w.emit(None, HandThrownIn(w.hand_number, reason))
    _next_hand(w)


# --- legal actions ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
def _card_actions(kind: int, mask: int) -> tuple[SeatAction, ...]:
    table = _CARD_ACTION_TABLES[kind]
    out: list[SeatAction] = []
    while mask:
        low = mask & -mask
        out.append(table[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


_PLAY_KIND, _DISCARD_KIND, _TAKE_KIND, _GIVE_UP_KIND = range(4)
_CARD_ACTION_TABLES: Final[tuple[tuple[SeatAction, ...], ...]] = (PLAYS, DISCARDS, TAKES, GIVE_UPS)


def _bid_range(rules: Rules, dealer: int, high: int, seat: int) -> tuple[int, int, bool]:
    """The lowest and highest legal bids of ``seat``, and whether it may pass."""
    if seat == dealer:
        if high == 0 and rules.all_pass is AllPass.DEALER_FORCED:
            return rules.dealer_forced_min_bid, rules.max_bid, False
        if high and rules.dealer_may_match:
            return high, rules.max_bid, True
    return max(rules.min_bid, high + 1), rules.max_bid, True


@functools.lru_cache(maxsize=256)
def _bid_actions(low: int, high: int, can_pass: bool) -> tuple[SeatAction, ...]:
    bids = BIDS[low : high + 1]
    return (PASS, *bids) if can_pass else bids


def legal_actions(state: GameState) -> tuple[SeatAction, ...]:
    """The actions the seat to act may take, in the stable order of :mod:`pitch13.actions`.

    Empty when chance is to act (apply a :class:`~pitch13.Deal`) and when the game is over.
    """
    if type(state) is not GameState:
        raise TypeError(f"legal_actions() takes a GameState, not {type(state).__name__}")
    phase = state.phase
    if phase is Phase.PLAY:
        table = state._exchange.table
        assert table is not None
        return _card_actions(_PLAY_KIND, state._hands[state._to_act] & table.mask)
    if phase is Phase.BIDDING:
        return _bid_actions(*_bid_range(state.rules, state.dealer, state._auction.high_bid, state._to_act))
    if phase is Phase.TRUMP:
        return NAME_TRUMPS
    if phase is Phase.DISCARD:
        return _card_actions(_DISCARD_KIND, state._hands[state._to_act])
    if phase is Phase.PICKUP:
        return (STOP, *_card_actions(_TAKE_KIND, state._exchange.takeable))
    if phase is Phase.LOOK:
        if state._exchange.turned < 0:
            return (TURN_UP, STOP)
        return (REJECT, *_card_actions(_GIVE_UP_KIND, state._hands[state._to_act]))
    return ()


# --- apply -----------------------------------------------------------------------------------


def apply(state: GameState, action: Action, *, seat: int | None = None) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Args:
        state: the state to act in.
        action: an action of :func:`legal_actions`, or a :class:`~pitch13.Deal` at a chance state.
        seat: if given, the seat that claims to act; a server passes it so that a move sent
            by the wrong player is refused with :attr:`IllegalReason.NOT_YOUR_TURN`.

    Raises:
        IllegalActionError: if the action is not legal here, with the reason.
        TypeError: if ``state`` is not a :class:`GameState` or ``action`` not an action.
    """
    if type(state) is not GameState:
        raise TypeError(f"apply() takes a GameState, not {type(state).__name__}")
    if type(action) is Play and seat is None and state.phase is Phase.PLAY:
        return _apply_play(state, state._to_act, action)
    if not isinstance(action, ACTION_TYPES):
        raise TypeError(f"apply() takes an action such as Play(card) or Bid(5), not {action!r}")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3):
        raise TypeError(f"seat must be None or an int from 0 to 3, not {seat!r}")
    if state.outcome is not None:
        _refuse(IllegalReason.GAME_OVER, seat, action, "the game is over")
    if state.phase is Phase.DEAL:
        if not isinstance(action, Deal):
            _refuse(
                IllegalReason.AWAITING_DEAL, seat, action, "the next hand must be dealt first (apply a Deal)"
            )
        if seat is not None:
            _refuse(IllegalReason.NOT_YOUR_TURN, seat, action, "chance deals, not a seat")
        work = _Work.of(state)
        work.emit(None, action)
        _start_hand(work, tuple(card.index for card in action.order))
        return work.freeze()
    actor = state._to_act
    if isinstance(action, Deal):
        _refuse(IllegalReason.ALREADY_DEALT, None, action, f"hand {state.hand_number} is already dealt")
    if seat is not None and seat != actor:
        _refuse(IllegalReason.NOT_YOUR_TURN, seat, action, f"it is seat {actor}'s turn")
    return _HANDLERS[state.phase](state, actor, action)


def _wrong_phase(state: GameState, seat: int, action: SeatAction) -> NoReturn:
    _refuse(IllegalReason.WRONG_PHASE, seat, action, f"the game is in the {state.phase.value} phase")


# --- bidding (R-BID-1 to R-BID-4) ------------------------------------------------------------


def _apply_bidding(state: GameState, seat: int, action: SeatAction) -> GameState:
    rules = state.rules
    high_bid = state._auction.high_bid
    low, high, can_pass = _bid_range(rules, state.dealer, high_bid, seat)
    if isinstance(action, Pass):
        if not can_pass:
            _refuse(
                IllegalReason.MUST_BID,
                seat,
                action,
                f"the dealer must bid from {low} to {high} when everyone else passed",
            )
        amount = 0
    elif isinstance(action, Bid):
        amount = action.amount
        if high_bid == rules.max_bid and amount > high_bid:
            _refuse(IllegalReason.BID_TOO_HIGH, seat, action, f"nobody may bid over {rules.max_bid}")
        if amount > high:
            _refuse(IllegalReason.BID_TOO_HIGH, seat, action, f"the highest bid is {high}")
        if amount < low:
            if high_bid and low > rules.min_bid:
                why = f"the high bid is {high_bid}, so a bid must be at least {low}"
            else:
                why = f"the lowest bid is {low}"
            _refuse(IllegalReason.BID_TOO_LOW, seat, action, why)
    else:
        _wrong_phase(state, seat, action)
    auction = state._auction
    calls = list(auction.calls)
    calls[seat] = amount
    if amount:
        auction = _Auction(tuple(calls), amount, seat)
    else:
        auction = _Auction(tuple(calls), auction.high_bid, auction.bidder)
    log = Log(state._log, seat, action)
    if seat != state.dealer:
        return _replace(state, log, Phase.BIDDING, (seat + 1) & 3, auction=auction)
    if auction.high_bid:
        log = Log(log, None, AuctionWon(auction.bidder, auction.high_bid))
        return _replace(state, log, Phase.TRUMP, auction.bidder, auction=auction)
    w = _Work.of(state)
    w._log = log
    w._calls = auction.calls
    _throw_in(w, ThrowInReason.ALL_PASSED)
    return w.freeze()


def _replace(
    state: GameState,
    log: Log,
    phase: Phase,
    to_act: int,
    *,
    auction: _Auction | None = None,
    exchange: _Exchange | None = None,
    hands: tuple[int, ...] | None = None,
) -> GameState:
    """``state`` with a new log, phase and seat to act and, if given, new parts (the fast path)."""
    return GameState(
        state.rules,
        state._match,
        log,
        phase,
        to_act,
        state._auction if auction is None else auction,
        state._exchange if exchange is None else exchange,
        state._hands if hands is None else hands,
        state._trick,
        state.tricks,
        state._out,
        state._won,
    )


# --- trump, discards, pick-up, refill (R-TRUMP-1, R-DISC-*, R-PICK-1, R-FILL-*) ---------------


def _apply_trump(state: GameState, seat: int, action: SeatAction) -> GameState:
    if not isinstance(action, NameTrump):
        _wrong_phase(state, seat, action)
    w = _Work.of(state)
    w.emit(seat, action)
    w.trump = action.suit
    table = w._table = table_for(action.suit, w.rules)
    # R-DISC-1: every seat discards its dead cards face up, with no choice.
    hands = list(w._hands)
    for s in _seat_order(w.dealer):
        dead = hands[s] & ~table.mask
        hands[s] ^= dead
        w._middle |= dead
        w.emit(None, DeadCardsDiscarded(s, cards_of_mask(dead)))
    w._hands = tuple(hands)
    _next_discarder(w)
    return w.freeze()


def _next_discarder(w: _Work) -> None:
    for s in _seat_order(w.dealer):
        if w._hands[s].bit_count() > 6:
            w.phase = Phase.DISCARD
            w._to_act = s
            return
    _next_taker(w, 0)


def _apply_discard(state: GameState, seat: int, action: SeatAction) -> GameState:
    if not isinstance(action, Discard):
        _wrong_phase(state, seat, action)
    bit = 1 << action.card.index
    if not state._hands[seat] & bit:
        _refuse(IllegalReason.NOT_IN_HAND, seat, action, "it is not in its hand")
    w = _Work.of(state)
    w.emit(seat, action)
    w.set_hand(seat, w._hands[seat] ^ bit)
    w._middle |= bit
    pickup = w.rules.pickup
    if pickup is Pickup.ANY_TRUMP or (pickup is Pickup.POINT_CARDS and w.table.points[action.card.index]):
        w._takeable |= bit
    if w._hands[seat].bit_count() <= 6:
        _next_discarder(w)
    return w.freeze()


def _next_taker(w: _Work, position: int) -> None:
    """Continue the pick-up pass at ``position`` (0 = the dealer's left) of the seat order."""
    if w._takeable:
        order = _seat_order(w.dealer)
        for s in order[position:]:
            if w._hands[s].bit_count() < 6:
                w.phase = Phase.PICKUP
                w._to_act = s
                return
    w._takeable = 0  # R-PICK-1: the whole middle is dead from here on.
    _refill(w)


def _position(w: _Work | GameState, seat: int) -> int:
    return (seat - w.dealer - 1) & 3


def _apply_pickup(state: GameState, seat: int, action: SeatAction) -> GameState:
    if isinstance(action, Stop):
        w = _Work.of(state)
        w.emit(seat, action)
        _next_taker(w, _position(w, seat) + 1)
        return w.freeze()
    if not isinstance(action, Take):
        _wrong_phase(state, seat, action)
    bit = 1 << action.card.index
    if not state._exchange.takeable & bit:
        why = "it was not shed under R-DISC-2 as a card that may be taken"
        if not state._exchange.middle & bit:
            why = "it is not in the middle"
        _refuse(IllegalReason.NOT_TAKEABLE, seat, action, why)
    w = _Work.of(state)
    w.emit(seat, action)
    w.set_hand(seat, w._hands[seat] | bit)
    w._middle ^= bit
    w._takeable ^= bit
    if w._hands[seat].bit_count() >= 6 or not w._takeable:
        _next_taker(w, _position(w, seat) + 1)
    return w.freeze()


def _refill(w: _Work) -> None:
    order = _seat_order(w.dealer)
    stock = w._stock
    needs = [max(0, 6 - w._hands[s].bit_count()) for s in order]
    if sum(needs) > len(stock) and w.rules.short_stock is ShortStock.REDEAL:
        _throw_in(w, ThrowInReason.SHORT_STOCK)
        return
    hands = list(w._hands)
    for s, need in zip(order, needs, strict=True):
        given, stock = stock[:need], stock[need:]
        for i in given:
            hands[s] |= 1 << i
        w.emit(None, Refilled(s, tuple(DECK[i] for i in given)))
    w._hands = tuple(hands)
    w._stock = stock
    if stock:
        w.phase = Phase.LOOK
        w._to_act = w._bidder
        w._turned = -1
        w.emit(None, StockHandedOver(w._bidder, len(stock)))
    else:
        _begin_play(w)


# --- the look through the stock (R-LOOK-1 to R-LOOK-4) ---------------------------------------


def _to_dead(w: _Work, bit: int) -> None:
    w._dead |= bit
    w._shown |= bit & w.table.mask  # R-LOOK-4: dead trumps are shown face up.


def _apply_look(state: GameState, seat: int, action: SeatAction) -> GameState:
    turned = state._exchange.turned
    if turned < 0:
        if isinstance(action, (Reject, GiveUp)):
            _refuse(IllegalReason.NO_TURNED_CARD, seat, action, "no stock card is turned up")
        if not isinstance(action, (TurnUp, Stop)):
            _wrong_phase(state, seat, action)
    else:
        if isinstance(action, (TurnUp, Stop)):
            why = f"{DECK[turned].pretty} is turned up: take it (GiveUp a card) or Reject it first"
            _refuse(IllegalReason.DECIDE_TURNED_CARD, seat, action, why)
        if not isinstance(action, (Reject, GiveUp)):
            _wrong_phase(state, seat, action)
        if isinstance(action, GiveUp) and not state._hands[seat] >> action.card.index & 1:
            _refuse(IllegalReason.NOT_IN_HAND, seat, action, "it is not in its hand")
    x = state._exchange
    table = x.table
    assert table is not None
    log = Log(state._log, seat, action)
    if isinstance(action, TurnUp):
        index = x.stock[0]
        if may_take(state.rules, table, index) and state._hands[seat]:
            exchange = _Exchange(x.trump, table, x.middle, x.takeable, x.dead, x.shown, x.stock[1:], index)
            return _replace(state, log, Phase.LOOK, seat, exchange=exchange)
    elif not isinstance(action, Stop) and x.stock:
        # The turned card is decided and the look goes on (R-LOOK-2, R-LOOK-4).
        hands = state._hands
        if isinstance(action, GiveUp):
            bit = 1 << action.card.index
            hands = tuple(h ^ bit | 1 << turned if s == seat else h for s, h in enumerate(hands))
        else:
            bit = 1 << turned
        exchange = _Exchange(
            x.trump, table, x.middle, x.takeable, x.dead | bit, x.shown | bit & table.mask, x.stock, -1
        )
        return _replace(state, log, Phase.LOOK, seat, exchange=exchange, hands=hands)
    w = _Work.of(state)
    w._log = log
    if isinstance(action, Stop):
        _stop_looking(w, seat)
        return w.freeze()
    if isinstance(action, TurnUp):
        index = w._stock[0]
        w._stock = w._stock[1:]
        _to_dead(w, 1 << index)
        w.emit(None, CardRejected(seat, DECK[index]))
    elif isinstance(action, GiveUp):
        bit = 1 << action.card.index
        w.set_hand(seat, w._hands[seat] ^ bit | 1 << turned)
        _to_dead(w, bit)
        w._turned = -1
    else:
        _to_dead(w, 1 << turned)
        w._turned = -1
    if not w._stock:
        _begin_play(w)
    return w.freeze()


def _stop_looking(w: _Work, seat: int) -> None:
    partner = (w._bidder + 2) & 3
    if seat == w._bidder and w.rules.partner_look:
        w._to_act = partner
        w.emit(None, StockHandedOver(partner, len(w._stock)))
        return
    w._dead |= sum(1 << i for i in w._stock)  # face down, unseen (R-LOOK-3)
    w.emit(None, StockDiscarded(len(w._stock)))
    w._stock = ()
    _begin_play(w)


# --- play (R-PLAY-1 to R-PLAY-8) -------------------------------------------------------------


def _begin_play(w: _Work) -> None:
    w.phase = Phase.PLAY
    w._turned = -1
    _start_trick(w, w._bidder)


def _announce_out(w: _Work, seat: int) -> None:
    if not w._out >> seat & 1:
        w._out |= 1 << seat
        w.emit(None, SeatOut(seat))


_TEAM_SEATS: Final = (0b0101, 0b1010)


def _team_out(out: int) -> int | None:
    """The team whose two seats are both known to be out, if any."""
    for team, seats in enumerate(_TEAM_SEATS):
        if out & seats == seats:
            return team
    return None


def _start_trick(w: _Work, leader: int) -> None:
    """Start a trick led by ``leader``, or end the hand (R-PLAY-2, R-PLAY-4, R-PLAY-7).

    "Out" is what the table knows: a seat is out from its first turn without trump (R-PLAY-3),
    so a team can be out only once both its seats have had such a turn. That keeps R-PLAY-3's
    secret, and it is why a trick can have a single card (R-PLAY-5).
    """
    mask = w.table.mask
    has = [bool(h & mask) for h in w._hands]
    if not any(has):
        _end_hand(w, early=False)
        return
    seat = leader
    # R-PLAY-7: a team already out ends the hand before anyone is announced.
    if not has[seat] and _team_out(w._out) is None:
        _announce_out(w, seat)
        if w.rules.lead_fallback is LeadFallback.PARTNER:
            seat = (seat + 2) & 3
            if not has[seat]:
                _announce_out(w, seat)
        else:
            seat = (seat + 1) & 3
            while not has[seat]:
                _announce_out(w, seat)
                seat = (seat + 1) & 3
    out_team = _team_out(w._out)
    if out_team is not None:
        # R-PLAY-7: the other team takes every point card still in hands.
        team = 1 - out_team
        held = 0
        for h in w._hands:
            held |= h
        cards = held & w.table.point_mask
        won = list(w._won)
        won[team] |= cards
        w._won = (won[0], won[1])
        w.emit(None, HandEndedEarly(team, cards_of_mask(cards)))
        _end_hand(w, early=True)
        return
    w._to_act = seat
    w._trick = ()


def _apply_play(state: GameState, seat: int, action: Play) -> GameState:
    index = action.card._index
    bit = 1 << index
    hand = state._hands[seat]
    table = state._exchange.table
    assert table is not None
    if not hand & bit:
        _refuse(IllegalReason.NOT_IN_HAND, seat, action, "it is not in its hand")
    mask = table.mask
    if not mask & bit:
        _refuse(IllegalReason.NOT_A_TRUMP, seat, action, "it is not a trump")
    hands = list(state._hands)
    hands[seat] = hand ^ bit
    trick = (*state._trick, (seat, index))
    leader = trick[0][0]
    out = state._out
    log = Log(state._log, seat, action)
    nxt = (seat + 1) & 3
    while nxt != leader:
        if not out >> nxt & 1:
            if hands[nxt] & mask:
                return GameState(
                    state.rules,
                    state._match,
                    log,
                    Phase.PLAY,
                    nxt,
                    state._auction,
                    state._exchange,
                    tuple(hands),
                    trick,
                    state.tricks,
                    out,
                    state._won,
                )
            out |= 1 << nxt  # R-PLAY-3: its first turn without trump.
            log = Log(log, None, SeatOut(nxt))
        nxt = (nxt + 1) & 3
    # The trick is complete (R-PLAY-5).
    won, closed = _close_trick(state, table, trick)
    log = Log(log, None, TrickWon(closed))
    tricks = (*state.tricks, closed)
    winner = closed.winner
    if hands[winner] & mask and out & 0b0101 != 0b0101 and out & 0b1010 != 0b1010:
        return GameState(
            state.rules,
            state._match,
            log,
            Phase.PLAY,
            winner,
            state._auction,
            state._exchange,
            tuple(hands),
            (),
            tricks,
            out,
            won,
        )
    w = _Work.of(state)
    w._hands = tuple(hands)
    w._trick = ()
    w.tricks = tricks
    w._out = out
    w._won = won
    w._log = log
    _start_trick(w, winner)
    return w.freeze()


def _close_trick(
    state: GameState, table: TrumpTable, plays: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int], Trick]:
    """Who won the trick and where its points go (R-PLAY-5, R-PLAY-6, R-RANK-2)."""
    power = table.power
    winner, best = plays[0][0], power[plays[0][1]]
    for s, i in plays[1:]:
        if power[i] > best:  # a tie (two jokers, first_played) stays with the earlier card
            winner, best = s, power[i]
    won_a, won_b = state._won
    points_a = points_b = 0
    deuce = table.deuce if state.rules.deuce_to is DeuceTo.PLAYER else -1
    for s, i in plays:
        value = table.points[i]
        if value:
            if (s if i == deuce else winner) & 1:
                won_b |= 1 << i
                points_b += value
            else:
                won_a |= 1 << i
                points_a += value
    trick = Trick(len(state.tricks) + 1, tuple((s, DECK[i]) for s, i in plays), winner, (points_a, points_b))
    return (won_a, won_b), trick


# --- the end of a hand and of the game (R-SCORE-*, R-END-*) ----------------------------------


def _end_hand(w: _Work, *, early: bool) -> None:
    result, outcome = score_hand(
        w.rules,
        w.table,
        hand_number=w.hand_number,
        dealer=w.dealer,
        bidder=w._bidder,
        bid=w._high_bid,
        won=w._won,
        scores=w.scores,
        ended_early=early,
    )
    w.results = (*w.results, result)
    w.scores = result.scores
    w.emit(None, HandScored(result))
    if outcome is None:
        _next_hand(w)
        return
    w.outcome = outcome
    w.phase = Phase.GAME_OVER
    w._to_act = -1
    w.emit(None, GameOver(outcome))


_Handler = Callable[[GameState, int, SeatAction], GameState]
_HANDLERS: Final[dict[Phase, _Handler]] = {
    Phase.BIDDING: _apply_bidding,
    Phase.TRUMP: _apply_trump,
    Phase.DISCARD: _apply_discard,
    Phase.PICKUP: _apply_pickup,
    Phase.LOOK: _apply_look,
    Phase.PLAY: lambda state, seat, action: (
        _apply_play(state, seat, action) if isinstance(action, Play) else _wrong_phase(state, seat, action)
    ),
}
