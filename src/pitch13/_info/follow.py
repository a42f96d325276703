"""A seat's own copy of the game, kept from what the seat sees (internal).

A client that holds a seat's view and receives what happened since (a view delta) follows the
game with a :class:`Follower`: it reads each seen entry, in its notation or as a value, and
updates everything a view shows, as the engine would, from what the seat may know. Reading the
notation rebuilds what it leaves out (a trick's cards and points, a hand's result), and checks
every entry against the game so far.

The engine's state is the truth; :func:`pitch13.view` reads it. A follower must come to the
same view from the seen entries alone, and the tests hold it to that in every phase.
"""

from __future__ import annotations

from pitch13._base.checks import excerpt
from pitch13._core.action_sets import NAME_TRUMPS
from pitch13._core.masks import ALL_CARDS, cards_of_mask, mask_of
from pitch13._core.tables import TrumpTable, table_for
from pitch13._core.tally import close_trick, hand_result, make_trick, outcome_after, past_target, tally
from pitch13._info.knowledge import HandLog, PlaceInfo, infer
from pitch13._info.placing import fits
from pitch13._info.seen_entries import (
    DealSeen,
    GiveUpSeen,
    RefillSeen,
    RejectSeen,
    SeenEntry,
    SeenItem,
    TurnUpSeen,
    ply_range,
)
from pitch13.actions import (
    Bid,
    Discard,
    NameTrump,
    Pass,
    Play,
    SeatAction,
    Stop,
    Take,
)
from pitch13.cards import Card
from pitch13.engine._auction import bid_actions, bid_range, first_caller, next_caller
from pitch13.engine._discard import discard_choices, discarder_after, first_discarder
from pitch13.engine._end import next_dealer
from pitch13.engine._flow import NEXT_PHASE
from pitch13.engine._look import look_choices, next_looker, rejected_at_once
from pitch13.engine._pickup import (
    next_picker,
    picker_after_take,
    pickup_choices,
    refill_counts,
    thrown_in_short,
)
from pitch13.engine._play import TEAM_OUT, next_in_trick, next_leader, play_choices
from pitch13.engine._work import position, seat_order
from pitch13.errors import DocumentError
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
    TrickWon,
)
from pitch13.rules import AllPass, Rules
from pitch13.scoring import HandResult, Outcome, Trick
from pitch13.state import Phase


def _fail(where: str, why: str) -> DocumentError:
    return DocumentError(where, why)


class Follower:
    """Everything a seat's view shows, kept up to date one seen entry at a time."""

    def __init__(self, rules: Rules, seat: int | None, first_dealer: int) -> None:
        self.rules = rules
        self.seat = seat
        self.first_dealer = first_dealer
        self.hand_number = 1
        self.dealer = first_dealer
        self.scores: tuple[int, int] = (0, 0)
        self.outcome: Outcome | None = None
        self.last_result: HandResult | None = None
        self.history: list[SeenEntry] = []
        self._clear_hand()
        self.phase: Phase | None = Phase.DEAL
        self.to_act = -1

    def _clear_hand(self) -> None:
        self.phase = Phase.DEAL
        self.to_act = -1
        self.calls = [-1, -1, -1, -1]
        self.high_bid = 0
        self.bidder = -1
        self.table: TrumpTable | None = None
        self.hand = 0
        self.hand_sizes = [0, 0, 0, 0]
        self.middle = 0
        self.takeable = 0
        self.shown = 0
        self.face_down = 0
        self.known_dead = 0
        self.played = 0
        self.named_dead = 0  # the dead cards of the look the seat can name
        self.held = [0, 0, 0, 0]  # per other seat: the cards the seat saw it pick up and still holds
        self.stock_size = 0
        self.turned = False
        self.turned_card: Card | None = None
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.out = 0
        self.won = [0, 0]
        self.leading = False  # the trick has not begun: a seat without trump gives up the lead
        self.led_out = False  # a seat was announced out as the trick was to begin
        self.claimed = False  # the hand ended early (R-PLAY-7)
        self.log: HandLog | None = None
        self.over = False  # the hand ended; the next one begins unless the game is over
        #: Between the seats' turns, the events that come next: "dead" (the dead cards, R-DISC-1),
        #: "refill" (R-FILL-1), "bidder" and "partner" (the stock handed over, R-LOOK-1 and
        #: R-LOOK-3), "unseen" (the rest of the stock goes dead); "" while a seat is to act.
        self.waiting = ""
        self.scores_before = self.scores

    # --- following seen entries ------------------------------------------------------------------

    def follow(self, entry: SeenEntry, where: str = "$") -> None:
        """Take in one seen entry; refuse one that cannot come next with a :class:`DocumentError`."""
        item, who = entry.item, entry.seat
        was_over = self.over
        if isinstance(item, DealSeen):
            self._deal(item, where)
        elif self.phase is Phase.GAME_OVER:
            raise _fail(where, "the game is over")
        elif self.log is None or (self.over and not isinstance(item, GameOver)):
            raise _fail(where, f"{entry} comes before the hand is dealt")
        elif who is not None:
            self._act(who, item, where)
        else:
            self._event(item, where)
        self.history.append(entry)
        if self.log is not None:
            self.log.add(entry)
            # The hand's log is let go once the next hand begins, so the end of a hand is where
            # the whole hand is checked: the seat cannot see every hand empty of trumps (R-PLAY-7).
            if self.over and not was_over and not fits(self.log, self.rules, self.seat):
                raise _fail(where, "no placement of the cards the seat cannot see fits the hand's end")

    def finish(self) -> None:
        """After the last entry of a delta: a hand that is over gives way to the next one's deal.

        Refuses entries that stop short of the game's end when the hand scored ended it (R-END-1).
        """
        last = self.last_result
        ended = last is not None and last.hand_number == self.hand_number and self._outcome() is not None
        if self.over and self.phase is not Phase.GAME_OVER and ended:
            raise _fail("$", "the hand scored ends the game, and the entries stop before its end")
        if self.over and self.phase is not Phase.GAME_OVER:
            self.hand_number += 1
            self.dealer = next_dealer(self.dealer)
            self._clear_hand()

    def _deal(self, item: DealSeen, where: str) -> None:
        if self.phase is Phase.GAME_OVER:
            raise _fail(where, "the game is over")
        if self.log is not None and not self.over:
            raise _fail(where, f"hand {self.hand_number} is dealt already, and it is not over")
        expected = self.hand_number + (1 if self.over else 0)
        dealer = next_dealer(self.dealer) if expected != self.hand_number else self.dealer
        if item.hand_number != expected or item.dealer != dealer:
            raise _fail(where, f"hand {expected} is next, dealt by seat {dealer}")
        mine = len(item.cards)
        if mine != (0 if self.seat is None else 9) or len(set(item.cards)) != mine:
            raise _fail(where, "a seat is dealt 9 different cards (a spectator sees none)")
        self.hand_number, self.dealer = item.hand_number, item.dealer
        self._clear_hand()
        self.history = []
        self.scores_before = self.scores
        self.hand = mask_of(item.cards)
        self.hand_sizes = [9, 9, 9, 9]
        self.stock_size = 18
        self.log = HandLog(item.hand_number, item.dealer, item.cards)
        self._after(Phase.DEAL)

    def _expect(self, who: int, phase: Phase, where: str) -> None:
        if self.phase is None or self.to_act < 0:
            raise _fail(where, f"seat {who} does not act here: the events of the last action come first")
        if self.phase is not phase:
            raise _fail(
                where, f"this is not the {phase.value} phase (the game is in {self.phase.value} phase)"
            )
        if who != self.to_act:
            raise _fail(where, f"it is seat {self.to_act}'s turn, not seat {who}'s")

    def _act(self, who: int, item: SeenItem, where: str) -> None:
        if isinstance(item, (Pass, Bid)):
            self._expect(who, Phase.BIDDING, where)
            legal = self.legal_for(who)
            if item not in legal:
                raise _fail(where, f"seat {who} may not {item} here")
            self.calls[who] = item.amount if isinstance(item, Bid) else 0
            if isinstance(item, Bid):
                self.high_bid, self.bidder = item.amount, who
            self.to_act = next_caller(who, self.dealer)
        elif isinstance(item, NameTrump):
            self._expect(who, Phase.TRUMP, where)
            self.table = table_for(item.suit, self.rules)
            self._after(Phase.TRUMP)
        elif isinstance(item, Discard):
            self._expect(who, Phase.DISCARD, where)
            assert self.table is not None
            if not self.table.mask >> item.card.index & 1:
                raise _fail(where, f"{item.card} is not a trump")  # R-DISC-2
            self._from_hand(item.card, who, where)
            bit = 1 << item.card.index
            self.hand_sizes[who] -= 1
            self.middle |= bit
            self.takeable |= bit & self.table.pickup_mask
            discarder = discarder_after(self.hand_sizes, self.dealer, who)
            if discarder >= 0:
                self.to_act = discarder
            else:
                self._after(Phase.DISCARD)
        elif isinstance(item, Take):
            self._expect(who, Phase.PICKUP, where)
            bit = 1 << item.card.index
            if not self.takeable & bit:
                raise _fail(where, f"{item.card} may not be taken")
            self.hand_sizes[who] += 1
            self.middle ^= bit
            self.takeable ^= bit
            if who == self.seat:
                self.hand |= bit
            else:
                self.held[who] |= bit
            picker = picker_after_take(self.hand_sizes, self.takeable, self.dealer, who)
            if picker >= 0:
                self.to_act = picker
            else:
                self._after(Phase.PICKUP)
        elif isinstance(item, Stop):
            if self.phase is Phase.PICKUP:
                self._expect(who, Phase.PICKUP, where)
                if not self._open_pickup(position(self.dealer, who) + 1):
                    self._after(Phase.PICKUP)
            else:
                self._expect(who, Phase.LOOK, where)
                if self.turned:
                    raise _fail(where, "a turned-up card is waiting for a decision")
                self._wait("partner" if next_looker(who, self.bidder, self.rules) >= 0 else "unseen")
        elif isinstance(item, TurnUpSeen):
            self._expect(who, Phase.LOOK, where)
            if self.turned or not self.stock_size:
                raise _fail(where, "no stock card can be turned up now")
            if (item.card is None) != (who != self.seat):
                raise _fail(where, "a turned-up card is named to the seat that turned it up, and only to it")
            if item.card is not None:
                self._from_stock(item.card, where)
            self.stock_size -= 1
            self.turned = True
            self.turned_card = item.card
        elif isinstance(item, (GiveUpSeen, RejectSeen)):
            self._expect(who, Phase.LOOK, where)
            self._decide(who, item, where)
        elif isinstance(item, Play):
            self._expect(who, Phase.PLAY, where)
            self._play(who, item.card, where)
        else:
            raise _fail(where, f"{excerpt(item)} is not a seat's action")

    def _event(self, item: SeenItem, where: str) -> None:
        if isinstance(item, AuctionWon):
            if (
                self.phase is not Phase.BIDDING
                or self.to_act != -1
                or (item.seat, item.bid)
                != (
                    self.bidder,
                    self.high_bid,
                )
            ):
                raise _fail(where, "the auction is not won so")
            self._after(Phase.BIDDING)
        elif isinstance(item, HandThrownIn):
            if item.hand_number != self.hand_number:
                raise _fail(where, f"hand {self.hand_number} is being played")
            if item.reason is ThrowInReason.ALL_PASSED:
                if (
                    self.phase is not Phase.BIDDING
                    or self.to_act != -1
                    or self.high_bid
                    or self.rules.all_pass is not AllPass.REDEAL
                ):
                    raise _fail(where, "the hand is not thrown in for everyone passing here")
            elif self.waiting != "refill" or not self._short():
                raise _fail(where, "the hand is not thrown in for a short stock here")
            self.over = True
            self.phase, self.to_act = Phase.DEAL, -1
        elif isinstance(item, DeadCardsDiscarded):
            order = seat_order(self.dealer)
            done = sum(1 for e in self.history if isinstance(e.item, DeadCardsDiscarded))
            if self.table is None or self.waiting != "dead" or item.seat != order[done]:
                raise _fail(where, "dead cards are discarded once trump is named, from the dealer's left")
            mask = mask_of(item.cards)
            if mask & self.table.mask:
                raise _fail(where, "only dead cards are discarded at once")
            if item.seat == self.seat:
                if mask != self.hand & self.table.dead_mask:
                    raise _fail(where, "the seat discards exactly its dead cards")
            elif mask & self._placed_outside(item.seat):
                raise _fail(
                    where,
                    f"{cards_of_mask(mask & self._placed_outside(item.seat))[0]} is not in seat {item.seat}'s hand",
                )
            self.hand &= ~mask
            self.hand_sizes[item.seat] -= len(item.cards)
            self.middle |= mask
            if item.seat == self.dealer and not self._open_discard():
                self._after(Phase.DISCARD)
        elif isinstance(item, RefillSeen):
            order = seat_order(self.dealer)
            done = sum(1 for e in self.history if isinstance(e.item, RefillSeen))
            if self.waiting != "refill" or item.seat != order[done]:
                raise _fail(where, "the refill comes after the pick-up, from the dealer's left")
            if not done and self._short():
                raise _fail(where, "the stock cannot fill every hand: the hand is thrown in (R-FILL-2)")
            count = refill_counts(self.hand_sizes, self.stock_size, self.dealer)[item.seat]
            if item.count != count:
                raise _fail(where, f"seat {item.seat} receives {count} cards, not {item.count}")
            if item.seat == self.seat and len(item.cards) != count:
                raise _fail(
                    where, f"seat {item.seat} is the view's: its refill names the {count} cards it receives"
                )
            if item.seat != self.seat and item.cards:
                who = "a spectator does" if self.seat is None else "the view's seat does"
                raise _fail(where, f"seat {item.seat}'s refill names no card: {who} not see them")
            for card in item.cards:
                self._from_stock(card, where)
            self.hand_sizes[item.seat] += item.count
            self.stock_size -= item.count
            if item.seat == self.seat:
                self.hand |= mask_of(item.cards)
            if item.seat == self.dealer:
                if self.stock_size:  # R-LOOK-1: the stock left goes to the bidder
                    self.waiting = "bidder"
                else:
                    self._after(Phase.LOOK)
        elif isinstance(item, StockHandedOver):
            looker = self.bidder if self.waiting == "bidder" else (self.bidder + 2) & 3
            if (
                item.count != self.stock_size
                or self.waiting not in ("bidder", "partner")
                or item.seat != looker
            ):
                raise _fail(where, "the stock goes to the bidder, then to his partner")
            self.waiting = ""
            self.phase, self.to_act = Phase.LOOK, item.seat
        elif isinstance(item, RejectSeen):  # forced: the card may not be taken
            if self.phase is not Phase.LOOK or item.seat != self.to_act or not item.forced:
                raise _fail(where, "a card is rejected by force only right after it is turned up")
            self._decide(item.seat, item, where)
        elif isinstance(item, StockDiscarded):
            if self.waiting not in ("unseen", "partner") or item.count != self.stock_size:
                raise _fail(where, f"the {self.stock_size} stock cards left go dead after the look")
            if self.waiting == "partner":  # the partner may look, and it is his turn to (R-LOOK-3)
                raise _fail(where, "the stock goes to the bidder's partner")
            self.face_down += item.count
            self.stock_size = 0
            self._after(Phase.LOOK)
        elif isinstance(item, SeatOut):
            self._seat_out(item.seat, where)
        elif isinstance(item, TrickWon):
            self._trick_won(item, where)
        elif isinstance(item, HandEndedEarly):
            if self.phase is not Phase.PLAY or not self.leading or TEAM_OUT[self.out] != 1 - item.team:
                raise _fail(where, "a hand ends early at the start of a trick, once a team is out")
            assert self.table is not None
            claimed = mask_of(item.cards)
            in_hands = self.hand | self.held[0] | self.held[1] | self.held[2] | self.held[3]
            if claimed & ~self.table.point_mask or claimed & self._placed_outside(-1) & ~in_hands:
                raise _fail(where, "the point cards claimed are those still in hands")
            if in_hands & self.table.point_mask & ~claimed:
                raise _fail(where, "every point card still in a hand is claimed")
            self.won[item.team] |= claimed
            self.claimed = True
            self.phase, self.to_act = None, -1
        elif isinstance(item, HandScored):
            self._scored(item.result, where)
        elif isinstance(item, GameOver):
            if not self.over or self.last_result is None or item.outcome != self._outcome():
                raise _fail(where, "the game is not over so")
            self.outcome = item.outcome
            self.phase, self.to_act = Phase.GAME_OVER, -1
        else:
            raise _fail(where, f"{excerpt(item)} is not an event")

    # --- where the cards are, as far as the seat knows --------------------------------------------

    def _placed_outside(self, who: int) -> int:
        """The cards the seat knows are not in ``who``'s hand, a mask (``who`` -1: in no hand it cannot see).

        Its own hand (if ``who`` is another seat), the middle, the cards played, the dead cards it
        saw and the cards it saw another seat pick up. (A card it turned up itself is decided on
        before any other entry can name it.)
        """
        mask = self.middle | self.played | self.named_dead
        if who != self.seat:
            mask |= self.hand
        for seat, held in enumerate(self.held):
            if seat != who:
                mask |= held
        return mask

    def _from_hand(self, card: Card, who: int, where: str) -> None:
        """``card`` leaves ``who``'s hand, where the seat must not know it is not."""
        bit = 1 << card.index
        if who == self.seat:
            if not self.hand & bit:
                raise _fail(where, f"{card} is not in seat {who}'s hand")
            self.hand ^= bit
        elif self._placed_outside(who) & bit:
            raise _fail(where, f"{card} is not in seat {who}'s hand")
        else:
            self.held[who] &= ~bit

    def _from_stock(self, card: Card, where: str) -> None:
        """``card`` comes from the stock, where the seat must not know it is not."""
        if self._placed_outside(-1) >> card.index & 1:
            raise _fail(where, f"{card} is not in the stock")

    def _decide(self, who: int, item: GiveUpSeen | RejectSeen, where: str) -> None:
        if not self.turned:
            raise _fail(where, "no card is turned up")
        assert self.table is not None
        mine = who == self.seat
        turned = self.turned_card
        # R-LOOK-2: a card that may not be taken, or one turned up by a seat with no card to give
        # for it, is rejected at once; any other waits for the seat's decision. Another seat's
        # card is named only if it is a trump going dead (R-LOOK-4), so whether it may be taken
        # is known: a hidden one is a dead card, which may be taken only under look_take=any_card.
        size = self.hand_sizes[who]
        if mine:
            assert turned is not None
            forced = rejected_at_once(self.table, turned.index, size)
        elif isinstance(item, RejectSeen):
            shown = item.card
            if shown is not None and not self.table.mask >> shown.index & 1:
                raise _fail(where, "a dead card rejected is not shown")
            # A hidden card is dead, and by the rules every dead card may be taken, or none.
            card = shown.index if shown is not None else cards_of_mask(self.table.dead_mask)[0].index
            forced = rejected_at_once(self.table, card, size)
        else:
            forced = not size  # it took the card
        if forced != (isinstance(item, RejectSeen) and item.forced):
            raise _fail(where, "the card turned up is rejected at once only if it may not be taken")
        if isinstance(item, GiveUpSeen):
            if mine and (item.given is None or item.taken != turned):
                raise _fail(where, "the seat names the card it gives up and the one it takes")
            if not mine and item.taken is not None:
                raise _fail(where, "only the seat that took a card knows it")
            if item.given is not None:
                self._from_hand(item.given, who, where)
                if not mine and not self.table.mask >> item.given.index & 1:
                    raise _fail(where, "a dead card given up is not shown")
            elif not mine:  # a dead card, face down: one the seat can hold
                assert self.log is not None
                if self.log.dead_room(who, self.rules) < 1:
                    raise _fail(where, f"seat {who} holds no dead card to give up face down")
            if mine and turned is not None:
                self.hand |= 1 << turned.index
            dead = item.given
        else:
            if mine and item.card != turned:
                raise _fail(where, "the seat knows the card it rejects")
            if not mine and item.card is not None:
                self._from_stock(item.card, where)
            dead = item.card
        if dead is not None:
            self.named_dead |= 1 << dead.index
        if dead is not None and self.table.mask >> dead.index & 1:
            self.shown |= 1 << dead.index  # R-LOOK-4: face up
        else:
            self.face_down += 1
            if mine and dead is not None:
                self.known_dead |= 1 << dead.index
        self.turned = False
        self.turned_card = None
        if not self.stock_size:
            self._after(Phase.LOOK)

    # --- whose turn -----------------------------------------------------------------------------

    def _after(self, done: Phase) -> None:
        """Go on from phase ``done``, which has no decision left, to the next phase that begins.

        The phases come in the engine's order (:data:`~pitch13.engine._flow.NEXT_PHASE`), each
        begun as the seat sees it (:meth:`_begin`) or passed over.
        """
        phase = NEXT_PHASE[done]
        while not self._begin(phase):
            phase = NEXT_PHASE[phase]

    def _begin(self, phase: Phase) -> bool:
        """Begin ``phase`` as the engine's :func:`~pitch13.engine._flow.after` does, from what the seat sees.

        ``True`` when the follower stops there: a seat is to act, or the events of the forced
        steps with which the phase begins come next; ``False`` when the phase is passed over.
        """
        match phase:
            case Phase.BIDDING:
                self.phase, self.to_act = Phase.BIDDING, first_caller(self.dealer)  # R-BID-1
            case Phase.TRUMP:  # the auction won (R-TRUMP-1): a hand all passed is thrown in instead
                self.phase, self.to_act = Phase.TRUMP, self.bidder
            case Phase.DISCARD:
                self._wait("dead")  # R-DISC-1 first, then R-DISC-2 (_open_discard)
            case Phase.PICKUP:
                return self._open_pickup(0)
            case Phase.LOOK:  # the pick-up's pass is over: the whole middle is dead (R-PICK-1)
                self.takeable = 0
                self._wait("refill")  # R-FILL-1 first, then R-LOOK-1 if stock is left
            case Phase.PLAY:
                self._open_play()
            case _:  # pragma: no cover - no phase of NEXT_PHASE's is left out
                raise AssertionError(phase)
        return True

    def _open_discard(self) -> bool:
        seat = first_discarder(self.hand_sizes, self.dealer)
        if seat >= 0:
            self.phase, self.to_act, self.waiting = Phase.DISCARD, seat, ""
        return seat >= 0

    def _open_pickup(self, start: int) -> bool:
        seat = next_picker(self.hand_sizes, self.takeable, self.dealer, start)
        if seat >= 0:
            self.phase, self.to_act, self.waiting = Phase.PICKUP, seat, ""
        return seat >= 0

    def _wait(self, events: str) -> None:
        """No seat is to act: the ``events`` come next (see :attr:`waiting`)."""
        self.phase, self.to_act, self.waiting = None, -1, events

    def _short(self) -> bool:
        """Whether the stock cannot fill every hand to 6 and the hand is thrown in (R-FILL-2)."""
        return thrown_in_short(self.rules, sum(self.hand_sizes), self.stock_size)

    def _open_play(self) -> None:
        self.waiting = ""
        self.phase, self.to_act = Phase.PLAY, self.bidder
        self.leading = True

    def _play(self, who: int, card: Card, where: str) -> None:
        assert self.table is not None
        if not self.table.mask >> card.index & 1:
            raise _fail(where, f"{card} is not a trump")
        if self.played >> card.index & 1:
            raise _fail(where, f"{card} was played already")
        if not self.hand_sizes[who]:
            raise _fail(where, f"seat {who} holds no card")
        self._from_hand(card, who, where)
        self.played |= 1 << card.index
        self.hand_sizes[who] -= 1
        if self.leading:
            self.leading = False
        self.trick.append((who, card))
        self.to_act = next_in_trick(self.out, who, self.trick[0][0])

    def _seat_out(self, seat: int, where: str) -> None:
        if (
            self.phase is not Phase.PLAY
            or seat != self.to_act  # never a seat out: the turn passes them by (R-PLAY-3, R-PLAY-4)
            or (self.leading and TEAM_OUT[self.out] >= 0)  # R-PLAY-7: the hand ends first
        ):
            raise _fail(where, f"seat {seat} is not announced out here")
        assert self.table is not None
        if (self.hand if seat == self.seat else self.held[seat]) & self.table.mask:
            raise _fail(where, f"seat {seat} holds a trump")
        self.out |= 1 << seat
        self.led_out = self.leading
        if not self.leading:
            self.to_act = next_in_trick(self.out, seat, self.trick[0][0])
        else:
            self.to_act = next_leader(seat, self.out, self.rules)

    def _trick_won(self, item: TrickWon, where: str) -> None:
        assert self.table is not None
        if self.phase is not Phase.PLAY or not self.trick or self.to_act != -1:
            raise _fail(where, "the trick is not over")
        plays = tuple(seat << 6 | card.index for seat, card in self.trick)
        winner, won_a, won_b = close_trick(self.table, plays)
        trick = make_trick(len(self.tricks) + 1, self.table, plays)
        if item.trick != trick:
            raise _fail(where, f"the trick is {trick}")
        self.tricks.append(trick)
        self.trick = []
        self.won[0] |= won_a
        self.won[1] |= won_b
        self.to_act = winner
        self.leading = True
        self.led_out = False

    def trick_won(self, number: int, winner: int, where: str) -> TrickWon:
        """The :class:`TrickWon` that ends the current trick, checked against its notation."""
        if self.table is None or not self.trick:
            raise _fail(where, "no trick is being played")
        plays = tuple(seat << 6 | card.index for seat, card in self.trick)
        trick = make_trick(len(self.tricks) + 1, self.table, plays)
        if (number, winner) != (trick.number, trick.winner):
            raise _fail(where, f"trick {trick.number} is won by seat {trick.winner}")
        return TrickWon(trick)

    def result(self) -> HandResult:
        """The result of the hand being scored."""
        assert self.table is not None
        return hand_result(
            self.rules,
            self.table,
            hand_number=self.hand_number,
            dealer=self.dealer,
            bidder=self.bidder,
            bid=self.high_bid,
            won=(self.won[0], self.won[1]),
            scores=self.scores_before,
            ended_early=self.claimed,
        )

    def change(self) -> tuple[int, int]:
        """The score change of the hand being scored."""
        assert self.table is not None
        return tally(self.rules, self.table, self.bidder, self.high_bid, self.won[0], self.won[1])[1]

    def _scored(self, result: HandResult, where: str) -> None:
        # The hand is over when nobody holds a trump at the start of a trick (which the seat
        # cannot always see, so the result is checked in full instead) or after an early end.
        playing_on = self.phase is Phase.PLAY and self.leading
        if self.table is None or self.over or not (playing_on or self.claimed):
            raise _fail(where, "the hand is not over")
        # R-PLAY-7: nobody holds a trump (checked before a leader is announced out), or it ended early.
        held = self.hand | self.held[0] | self.held[1] | self.held[2] | self.held[3]
        if not self.claimed and (held & self.table.mask or self.led_out):
            raise _fail(where, "the hand is not over: a seat holds a trump")
        expected = self.result()
        if result != expected:
            why = (
                f"the hand's result is not its entries' (points {expected.points}, scores {expected.scores})"
            )
            raise _fail(where, why)
        self.scores = result.scores
        self.last_result = result
        self.over = True
        self.phase, self.to_act = None, -1

    def _outcome(self) -> Outcome | None:
        result = self.last_result
        assert result is not None
        return outcome_after(
            self.rules, result.hand_number, result.bidder, result.bid, result.made, result.scores
        )

    # --- what the view shows --------------------------------------------------------------------

    def legal_for(self, seat: int) -> tuple[SeatAction, ...]:
        """What ``seat`` may do now, if it is to act (as :func:`pitch13.legal_actions`)."""
        if seat != self.to_act:
            return ()
        phase = self.phase
        if phase is Phase.BIDDING:
            return bid_actions(*bid_range(self.rules, self.dealer, self.high_bid, seat))
        if phase is Phase.TRUMP:
            return NAME_TRUMPS
        if seat != self.seat:
            return ()
        if phase is Phase.DISCARD:
            return discard_choices(self.hand)
        if phase is Phase.PICKUP:
            return pickup_choices(self.takeable)
        if phase is Phase.LOOK:
            return look_choices(self.turned, self.hand)
        if phase is Phase.PLAY:
            assert self.table is not None
            return play_choices(self.hand, self.table)
        return ()


# --- the view's fields ---------------------------------------------------------------------------------


def view_fields(follower: Follower, ply: int, *, delta: bool = False) -> dict[str, object]:
    """The fields of the view the follower has come to, at ``ply``, once it is one a game reaches.

    The entries followed are each checked as they come; this checks what only the whole view
    shows: the ply (see :func:`~pitch13._info.seen_entries.ply_range`), a game that goes on
    with a team past the target (R-END-1), the seat's turn to play while it holds no trump
    (R-PLAY-3), and room for the cards the seat cannot see. A fault's place is a view
    document's (``$.ply``), or with ``delta`` a view delta's (``$[1]``, its ply).
    """
    f = follower
    seat = f.seat
    phase = f.phase
    # R-PLAY-7: a trick does not begin once a team is out; the hand ends there.
    ending = phase is Phase.PLAY and f.leading and TEAM_OUT[f.out] >= 0
    if phase is None or ending or (f.to_act < 0 and phase not in (Phase.DEAL, Phase.GAME_OVER)):
        raise DocumentError("$", "the history stops before the next decision")
    low, high = ply_range(f.history, f.last_result)
    if not low <= ply <= high:
        raise DocumentError(
            "$[1]" if delta else "$.ply",
            f"the history shown is at a ply from {low} to {high}, not {excerpt(ply)}",
        )
    if f.outcome is None:
        for team, score in enumerate(f.scores):
            if past_target(f.rules, score):
                # A delta cannot lead here: a hand scored that wins must be followed by the end.
                raise DocumentError(
                    f"$.scores[{team}]",
                    f"a score of {score} has won a game to {f.rules.target}, which goes on",
                )
    if phase is Phase.PLAY and f.to_act == seat and f.table is not None and not f.hand & f.table.mask:
        raise DocumentError("$", f"seat {seat} is to play and holds no trump: it is out (R-PLAY-3)")
    turned = f.turned_card
    if f.table is not None and turned is not None and rejected_at_once(f.table, turned.index, f.hand):
        raise DocumentError("$", f"{turned} may not be taken: it is rejected at once (R-LOOK-2)")
    hand = cards_of_mask(f.hand)  # none for a spectator
    unseen: tuple[Card, ...] = ()
    places: tuple[PlaceInfo, ...] = ()
    if f.log is not None:  # a hand is shown (between hands, the follower has let it go)
        knowledge = infer(f.log, f.rules, seat, f.hand)
        # What the seat saw placed (the middle, face-up dead cards, plays) is in what it knows.
        unseen = cards_of_mask(~knowledge.known_mask & ALL_CARDS)
        places = knowledge.places
        to_play = f.to_act if phase is Phase.PLAY and f.to_act != seat else None
        if not fits(f.log, f.rules, seat, to_play, knowledge):
            raise DocumentError("$", "no placement of the cards the seat cannot see fits the history")
    in_auction = phase in (Phase.DEAL, Phase.BIDDING)
    table = f.table
    return {
        "seat": seat,
        "rules": f.rules,
        "phase": phase,
        "to_act": None if f.to_act < 0 else f.to_act,
        "hand_number": f.hand_number,
        "dealer": f.dealer,
        "first_dealer": f.first_dealer,
        "scores": f.scores,
        "outcome": f.outcome,
        "last_result": f.last_result,
        "bids": tuple(None if c < 0 else c for c in f.calls),
        "high_bid": f.high_bid or None,
        "bidder": None if in_auction or f.bidder < 0 else f.bidder,
        "bid": None if in_auction or f.bidder < 0 else f.high_bid,
        "trump": None if table is None else table.trump,
        "hand": hand,
        "hand_sizes": tuple(f.hand_sizes),
        "middle": cards_of_mask(f.middle),
        "takeable": cards_of_mask(f.takeable),
        "dead_face_up": cards_of_mask(f.shown),
        "dead_face_down": f.face_down,
        "dead_known": cards_of_mask(f.known_dead),
        "stock_size": f.stock_size,
        "card_turned_up": f.turned,
        "turned_card": f.turned_card if f.to_act == seat else None,
        "trick": tuple(f.trick),
        "tricks": tuple(f.tricks),
        "out": frozenset(s for s in range(4) if f.out >> s & 1),
        "points_taken": (0, 0) if table is None else (table.points_of(f.won[0]), table.points_of(f.won[1])),
        "legal_actions": () if seat is None else f.legal_for(seat),
        "history": tuple(f.history),
        "unseen": unseen,
        "places": places,
    }
