"""The search bot (internal; it is :class:`pitch13.bots.SearchBot`).

A determinized Monte-Carlo player. For a decision with more than one legal action it draws
hidden deals consistent with its view (:func:`~pitch13.sample_state`), and on each drawn deal it
plays every candidate action followed by a fast rollout policy to the end of the hand, scoring
the hand in the game's terms. The same drawn deal serves every candidate (common random
numbers), so the comparison between candidates is far less noisy than the values themselves.

The rollout policy reads a :class:`~pitch13.GameState` directly (its fields, the trump tables),
never through views. It plays like a careful club player: it bids by a count of its best suit,
leads its highest trump, wins cheaply, gives points to a partner who holds the trick and keeps
them from an opponent who does.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Final

from pitch13._base.checks import check_count, check_time_limit, written
from pitch13._core.tables import TrumpTable, table_for
from pitch13.actions import (
    Bid,
    Discard,
    GiveUp,
    NameTrump,
    Pass,
    Play,
    SeatAction,
    Take,
)
from pitch13.bots._args import check_bid_margin, choices_of, seeded_random
from pitch13.cards import Suit
from pitch13.engine import apply, legal_actions
from pitch13.rules import Rules
from pitch13.sampling import sample_state
from pitch13.state import GameState, Phase
from pitch13.views import SeatView

_BIDDING: Final = Phase.BIDDING
_TRUMP: Final = Phase.TRUMP
_DISCARD: Final = Phase.DISCARD
_PICKUP: Final = Phase.PICKUP
_LOOK: Final = Phase.LOOK
_PLAY: Final = Phase.PLAY
#: Phases in which a hand is still being played out.
_IN_HAND: Final = frozenset({_BIDDING, _TRUMP, _DISCARD, _PICKUP, _LOOK, _PLAY})
#: Rollout steps before giving up on reaching the end of the hand (a hand takes far fewer).
_MAX_STEPS: Final = 400
#: What winning (or losing) the game is worth, in points of a hand's score difference.
GAME_VALUE: Final = 40.0


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


# --- the rollout policy ---------------------------------------------------------------------


def suit_worth(hand: int, table: TrumpTable) -> int:
    """What a hand is worth with ``table``'s trump, as a bid: the count ``SimpleBot`` makes."""
    cards = hand & table.mask
    high = table.power[table.order[4]]
    power = table.power
    strong = 0
    mask = cards
    while mask:
        low = mask & -mask
        if power[low.bit_length() - 1] >= high:
            strong += 1
        mask ^= low
    return table.points_of(cards) // 2 + strong + _popcount(cards) // 2


def tables(rules: Rules) -> tuple[TrumpTable, ...]:
    """The trump tables of ``rules``, one for each suit in suit order."""
    return tuple(table_for(suit, rules) for suit in Suit)


def _best_suit(hand: int, tables: Sequence[TrumpTable]) -> tuple[int, int]:
    """The worth of the hand's best suit and that suit's index (the lowest on a tie)."""
    best, best_suit = -1, 0
    for index, table in enumerate(tables):
        worth = suit_worth(hand, table)
        if worth > best:
            best, best_suit = worth, index
    return best, best_suit


def _keep(table: TrumpTable, index: int) -> tuple[int, int]:
    """How much a card is worth keeping: its points, then its power (a dead card is -1)."""
    return (table.points[index], table.power[index])


def rollout_action(state: GameState, actions: Sequence[SeatAction]) -> SeatAction:
    """The rollout policy's action in ``state`` (more than one legal action)."""
    phase = state._phase
    if phase is _PLAY:
        return _rollout_play(state, actions)
    seat = state._to_act
    hand = state._hands[seat]
    if phase is _BIDDING:
        worth, _ = _best_suit(hand, tables(state._rules))
        lowest = next((a for a in actions if isinstance(a, Bid)), None)
        return lowest if lowest is not None and lowest.amount <= worth else actions[0]
    if phase is _TRUMP:
        _, suit = _best_suit(hand, tables(state._rules))
        for action in actions:
            if type(action) is NameTrump and action.suit == suit:
                return action
        return actions[0]  # pragma: no cover - every suit may be named
    table = state._table
    assert table is not None
    if phase is _DISCARD:
        sheds = [a for a in actions if type(a) is Discard]
        return min(sheds, key=lambda a: _keep(table, a.card.index)) if sheds else actions[0]
    if phase is _PICKUP:
        takes = [a for a in actions if type(a) is Take]
        return max(takes, key=lambda a: _keep(table, a.card.index)) if takes else actions[-1]
    # The look-through: turn every card up; take a turned card that beats the weakest kept one.
    turned = state._turned
    if turned < 0:
        return actions[0]  # TurnUp comes before Stop
    gives = [a for a in actions if type(a) is GiveUp]
    if gives:
        give = min(gives, key=lambda a: _keep(table, a.card.index))
        if _keep(table, give.card.index) < _keep(table, turned):
            return give
    for action in actions:
        if type(action) is not GiveUp:
            return action  # Reject (or Stop)
    return actions[0]  # pragma: no cover - a turned card can always be rejected


def _rollout_play(state: GameState, actions: Sequence[SeatAction]) -> SeatAction:
    """Which trump to play: lead high, win cheaply, feed a partner's trick, starve an opponent's."""
    table = state._table
    assert table is not None
    power = table.power
    points = table.points
    plays = [a for a in actions if type(a) is Play]
    if not plays:  # pragma: no cover - the play phase offers only plays
        return actions[0]
    trick = state._trick
    if not trick:
        return max(plays, key=lambda a: power[a.card.index])
    seat = state._to_act
    best_power, best_seat = -2, -1
    for code in trick:
        p = power[code & 63]
        if p > best_power:  # an equal power played later (the other joker) does not win
            best_power, best_seat = p, code >> 6
    out = state._out
    hands = state._hands
    played = {code >> 6 for code in trick}
    # The seats still to play after this one in this trick.
    later = [
        s for s in range(4) if s != seat and s not in played and not (out >> s & 1) and hands[s] & table.mask
    ]
    deuce = table.player_deuce
    if (best_seat ^ seat) & 1 == 0:  # the partner holds the trick
        if not later:  # nobody can take it away: give it points
            return max(plays, key=lambda a: (points[a.card.index], -power[a.card.index]))
        # An opponent plays after: give no points unless the partner's card stands high.
        return min(
            plays, key=lambda a: (points[a.card.index] if a.card.index != deuce else 0, power[a.card.index])
        )
    winners = [a for a in plays if power[a.card.index] > best_power]
    if winners:
        if not later:  # the last to play: win with the most points, then the lowest card
            return max(winners, key=lambda a: (points[a.card.index], -power[a.card.index]))
        return min(winners, key=lambda a: power[a.card.index])
    # Cannot win: throw the cheapest card (the deuce scores for its player wherever it goes).
    return min(
        plays, key=lambda a: (points[a.card.index] if a.card.index != deuce else 0, power[a.card.index])
    )


def finish_hand(state: GameState) -> GameState:
    """Play the rollout policy from ``state`` until its hand is scored (or the game ends)."""
    hand = state._hand_number
    for _ in range(_MAX_STEPS):
        if state._phase not in _IN_HAND or state._hand_number != hand:
            return state
        actions = legal_actions(state)
        action = actions[0] if len(actions) == 1 else rollout_action(state, actions)
        state = apply(state, action)
    return state  # pragma: no cover - a hand ends well before


def hand_value(start: GameState, end: GameState, team: int) -> float:
    """The hand's outcome for ``team`` in the game's terms.

    Its score change less the other team's, and the game itself when the hand ended it.
    """
    before = start._scores
    after = end._scores
    value = float((after[team] - before[team]) - (after[1 - team] - before[1 - team]))
    outcome = end._outcome
    if outcome is not None:
        value += GAME_VALUE if outcome.winner == team else -GAME_VALUE
    return value


# --- the bot ----------------------------------------------------------------------------------


class SearchBot:
    """A player that searches sampled deals: determinized Monte Carlo with rollouts.

    For each decision with more than one legal action it draws deals that its view cannot tell
    from the real one (:func:`~pitch13.sample_state`) and, on each deal, tries every candidate
    action followed by a fast rollout policy to the end of the hand; it takes the action whose
    hands score best for its team on average (its score change less the other team's, and
    the game when the hand ends it). Every candidate is tried on the same deals, so that their
    differences are measured, not just their values.

    The auction is searched over a small candidate set, passing and the lowest few bids it may
    make, and a bid is made only when it beats passing by ``bid_margin`` points on average:
    with few samples, noise alone makes wild bids look good. The look-through and the last
    card of a hand need no search (the rollout policy's choice and the only action).

    Args:
        seed: makes its choices reproducible: the same seed and the same views, asked in the
            same order, give the same choices when the budget is in iterations (each decision
            draws its deals from the bot's random source, which moves on).
        iterations: iterations per searched decision: each draws one deal and plays every
            candidate action out on it, to the end of the hand.
        auction_iterations: iterations for a bid or the choice of trump, the decisions worth
            most (one a hand for each seat at most), and for every decision of a seat whose
            opponents shot the moon (one point taken breaks it, and the game is at stake).
        time_limit: if given, CPU seconds (``time.process_time()``) per searched decision;
            the search then stops at whichever of the two budgets comes first, and its choices
            depend on the machine's speed.
        bids: how many bids above the lowest it may make it considers (besides passing).
        bid_margin: the points a bid must gain over passing, on average, to be made.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 20,
        auction_iterations: int = 60,
        time_limit: float | None = None,
        bids: int = 2,
        bid_margin: float = 0.5,
    ) -> None:
        """Make a bot; see the class for the arguments.

        Raises:
            TypeError: if an argument has the wrong type.
            ValueError: if a budget is not positive, or ``bids`` or ``bid_margin`` is negative,
                or ``time_limit`` or ``bid_margin`` is past a float's range.
        """
        check_count(iterations, "SearchBot iterations")
        check_count(auction_iterations, "SearchBot auction_iterations")
        check_count(bids, "SearchBot bids", 0)
        limit = check_time_limit(time_limit, "SearchBot")
        margin = check_bid_margin(bid_margin, "SearchBot")
        self._rng = seeded_random(seed, "SearchBot")
        self._iterations = iterations
        self._auction_iterations = auction_iterations
        self._time_limit = limit
        self._bids = bids
        self._bid_margin = margin

    @property
    def iterations(self) -> int:
        """Iterations (drawn deals) per searched decision."""
        return self._iterations

    @property
    def auction_iterations(self) -> int:
        """Iterations for a bid or the choice of trump."""
        return self._auction_iterations

    @property
    def time_limit(self) -> float | None:
        """CPU seconds per searched decision, or ``None``: no limit but the iterations."""
        return self._time_limit

    @property
    def bids(self) -> int:
        """How many bids above the lowest it may make the auction considers."""
        return self._bids

    @property
    def bid_margin(self) -> float:
        """The points a bid must gain over passing, on average, to be made."""
        return self._bid_margin

    def __repr__(self) -> str:
        """The bot and its budget."""
        return (  # written: a budget may be an int too long for str() to write
            f"SearchBot(iterations={written(self.iterations)}, "
            f"auction_iterations={written(self.auction_iterations)}, time_limit={self.time_limit}, "
            f"bids={written(self.bids)}, bid_margin={self.bid_margin})"
        )

    def choose(self, view: SeatView) -> SeatAction:
        """Its action for the view's seat: one of ``view.legal_actions``.

        Raises:
            TypeError: if ``view`` is not a :class:`~pitch13.SeatView`.
            ValueError: if the view is a spectator's or has no action to take.
            SamplingError: if the view cannot come from any game (one made in code), so no deal
                can be drawn from it.
        """
        actions = choices_of(view, "SearchBot")
        if len(actions) == 1:
            return actions[0]
        phase = view.phase
        seed = self._rng.getrandbits(64)
        if phase is _LOOK:
            # Turning cards up only adds what the seat knows, and which card to take is plain:
            # the rollout policy decides, from one drawn deal (its choice reads only this seat's
            # cards and the turned card, which every deal shares).
            return self._policy(view, seed)
        if phase is _BIDDING:
            candidates = self._bid_candidates(actions)
            if len(candidates) == 1:
                return candidates[0]
            return self._auction(view, candidates, seed)
        # Naming trump, and defending against a moon (one point taken breaks it, and the game
        # is at stake), get the larger budget.
        seat = view.seat
        assert seat is not None  # choices_of refuses a spectator's view
        moon = view.bid == view.rules.max_bid and view.bidder is not None and (view.bidder ^ seat) & 1
        budget = self._auction_iterations if phase is _TRUMP or moon else self._iterations
        values, _ = self._search(view, actions, budget, seed)
        return actions[max(range(len(actions)), key=lambda i: values[i])]

    # --- the parts of a decision ------------------------------------------------------------

    def _policy(self, view: SeatView, seed: int) -> SeatAction:
        state = sample_state(view, random.Random(seed))
        return rollout_action(state, legal_actions(state))

    def _bid_candidates(self, actions: Sequence[SeatAction]) -> list[SeatAction]:
        passes: list[SeatAction] = [a for a in actions if type(a) is Pass]
        bids = [a for a in actions if isinstance(a, Bid)][: self._bids + 1]
        return passes + list[SeatAction](bids)

    def _auction(self, view: SeatView, candidates: Sequence[SeatAction], seed: int) -> SeatAction:
        values, _ = self._search(view, candidates, self._auction_iterations, seed)
        # Pass (or the lowest forced bid) unless a bid beats it by the margin; a higher bid
        # must beat the lower ones by the margin too.
        choice = 0
        for i in range(1, len(candidates)):
            if values[i] >= values[choice] + self._bid_margin:
                choice = i
        return candidates[choice]

    def _search(
        self, view: SeatView, candidates: Sequence[SeatAction], budget: int, seed: int
    ) -> tuple[list[float], int]:
        """Each candidate's mean value over the same drawn deals, and the number of deals.

        An iteration draws one deal and plays every candidate out on it: the deal is shared,
        so it is drawn once for all of them (drawing costs about as much as two rollouts).
        """
        rng = random.Random(seed)
        team = view.seat & 1 if view.seat is not None else 0
        count = len(candidates)
        deals = budget
        totals = [0.0] * count
        limit = self._time_limit
        deadline = None if limit is None else time.process_time() + limit
        done = 0
        for _ in range(deals):
            state = sample_state(view, rng)  # a view no game makes raises: it has no good action
            for i, action in enumerate(candidates):
                end = finish_hand(apply(state, action))
                totals[i] += hand_value(state, end, team)
            done += 1
            if deadline is not None and time.process_time() >= deadline:
                break
        return [total / done for total in totals], done
