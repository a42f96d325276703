"""Reusable hypothesis strategies for pitch13: rules, seeds, the action space and random playouts.

A *playout* is a whole game played with random legal choices. To keep one game one hypothesis
example (and fast), the choices come from a :class:`random.Random` seeded by a drawn integer;
:class:`DataChooser` is the alternative that draws every choice from hypothesis, for short
games that shrink to a minimal list of choices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from hypothesis import strategies as st

from pitch13 import (
    DECK,
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Deal,
    Discard,
    GameState,
    GiveUp,
    NameTrump,
    Pass,
    Play,
    Rules,
    SeatAction,
    Suit,
    Take,
    apply,
    legal_actions,
    new_game,
)
from pitch13.rules import (
    AllPass,
    DeuceTo,
    JokerOrder,
    LeadFallback,
    LookTake,
    MadeBidScores,
    MoonFailure,
    MoonSuccess,
    Pickup,
    ShortStock,
    TargetRule,
)
from profiles import longer

__all__ = [
    "ACTION_SPACE",
    "MAX_TARGET",
    "PRESETS",
    "Chooser",
    "DataChooser",
    "Playout",
    "RandomChooser",
    "any_rules",
    "dealers",
    "playouts",
    "presets",
    "seeds",
    "valid_rules",
]

#: Every seat action there is: Pass, Bid(1..14), NameTrump of each suit, Discard / Take / GiveUp /
#: Play of each of the 54 cards, TurnUp, Reject and Stop (238 actions).
ACTION_SPACE: tuple[SeatAction, ...] = (
    PASS,
    *(Bid(n) for n in range(1, 15)),
    *(NameTrump(s) for s in Suit),
    *(kind(card) for kind in (Discard, Take, GiveUp, Play) for card in DECK),
    TURN_UP,
    REJECT,
    STOP,
)

#: The presets of docs/options.rst: the default game and classic 10-point pitch.
PRESETS: tuple[Rules, ...] = (Rules(), Rules.classic_ten_point())

#: The highest target of :func:`valid_rules` by default: 60, or 120 under the thorough profile.
MAX_TARGET = longer(60)

#: Seeds for ``new_game`` and for the random choices of a playout.
seeds = st.integers(min_value=0, max_value=2**32 - 1)
#: The first dealer.
dealers = st.integers(min_value=0, max_value=3)


def presets() -> st.SearchStrategy[Rules]:
    """One of :data:`PRESETS`."""
    return st.sampled_from(PRESETS)


@st.composite
def valid_rules(draw: st.DrawFn, *, max_target: int = MAX_TARGET, low_bids_only: bool = False) -> Rules:
    """Any valid :class:`Rules`: every option of docs/options.rst, within its constraints.

    ``1 <= min_bid <= dealer_forced_min_bid <= max_bid <= points total`` and
    ``1 <= target <= max_target`` (kept small so random games end quickly).

    With ``low_bids_only``, ``min_bid`` and ``dealer_forced_min_bid`` are at most half the points
    total (``max_bid`` is still anything): random play rarely takes more than half the points, so
    with higher forced bids almost every hand is set, both scores sink, and the game never ends.
    """
    use_off_three = draw(st.booleans())
    total = 13 if use_off_three else 10
    max_bid = draw(st.integers(1, total))
    low_cap = min(max_bid, total // 2) if low_bids_only else max_bid
    min_bid = draw(st.integers(1, low_cap))
    dealer_forced_min_bid = draw(st.integers(min_bid, low_cap))
    return Rules(
        use_off_three=use_off_three,
        joker_order=draw(st.sampled_from(JokerOrder)),
        min_bid=min_bid,
        max_bid=max_bid,
        all_pass=draw(st.sampled_from(AllPass)),
        dealer_forced_min_bid=dealer_forced_min_bid,
        dealer_may_match=draw(st.booleans()),
        pickup=draw(st.sampled_from(Pickup)),
        short_stock=draw(st.sampled_from(ShortStock)),
        look_take=draw(st.sampled_from(LookTake)),
        partner_look=draw(st.booleans()),
        lead_fallback=draw(st.sampled_from(LeadFallback)),
        deuce_to=draw(st.sampled_from(DeuceTo)),
        made_bid_scores=draw(st.sampled_from(MadeBidScores)),
        moon_success=draw(st.sampled_from(MoonSuccess)),
        moon_failure=draw(st.sampled_from(MoonFailure)),
        target=draw(st.integers(1, max_target)),
        target_rule=draw(st.sampled_from(TargetRule)),
    )


def any_rules(*, max_target: int = MAX_TARGET, low_bids_only: bool = False) -> st.SearchStrategy[Rules]:
    """A preset or any valid combination of options (see :func:`valid_rules`)."""
    return st.one_of(presets(), valid_rules(max_target=max_target, low_bids_only=low_bids_only))


class Chooser(Protocol):
    """Picks a seat's action among the legal ones, and shuffles the deck at a chance node."""

    def choose(self, state: GameState, actions: tuple[SeatAction, ...]) -> SeatAction: ...

    def deal(self, state: GameState) -> Deal: ...


class RandomChooser:
    """Choices from a seeded :class:`random.Random`.

    In the auction a seat passes with probability ``pass_bias`` while nobody has bid and with
    probability ``1 - raise_bias`` once someone has; when it bids, it bids one of the two lowest
    legal bids with probability ``low_bid_bias`` and any legal bid otherwise. Uniform bidding
    sets almost every bid and games drag on for a hundred hands. Every other choice is uniform.
    """

    def __init__(
        self,
        rng: random.Random,
        *,
        pass_bias: float = 0.0,
        raise_bias: float = 1.0,
        low_bid_bias: float = 0.0,
    ) -> None:
        self.rng = rng
        self.pass_bias = pass_bias
        self.raise_bias = raise_bias
        self.low_bid_bias = low_bid_bias

    def choose(self, state: GameState, actions: tuple[SeatAction, ...]) -> SeatAction:
        rng = self.rng
        first = actions[0]
        if isinstance(first, (Pass, Bid)):
            bids = [a for a in actions if isinstance(a, Bid)]
            if isinstance(first, Pass):
                keep = self.pass_bias if state.high_bid is None else 1.0 - self.raise_bias
                if not bids or rng.random() < keep:
                    return first
            if rng.random() < self.low_bid_bias:
                return rng.choice(bids[:2])
            return rng.choice(bids)
        return rng.choice(actions)

    def deal(self, state: GameState) -> Deal:
        return Deal(self.rng.sample(DECK, len(DECK)))


class DataChooser:
    """Every choice (and every shuffle) drawn from hypothesis with ``data.draw``."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choose(self, state: GameState, actions: tuple[SeatAction, ...]) -> SeatAction:
        return self.data.draw(st.sampled_from(actions))

    def deal(self, state: GameState) -> Deal:
        return Deal(self.data.draw(st.permutations(DECK)))


@dataclass(frozen=True)
class Playout:
    """A whole random game: rules, first dealer, deal seed and the seed of the choices.

    ``seed=None`` means the game is unseeded: the chooser deals every hand (``Deal(order)``).
    """

    rules: Rules
    dealer: int
    seed: int | None
    choice_seed: int
    pass_bias: float
    raise_bias: float
    low_bid_bias: float

    def start(self) -> GameState:
        """The game's first state."""
        return new_game(self.rules, dealer=self.dealer, seed=self.seed)

    def chooser(self) -> RandomChooser:
        """A fresh chooser: the same playout always makes the same choices."""
        rng = random.Random(self.choice_seed)
        return RandomChooser(
            rng, pass_bias=self.pass_bias, raise_bias=self.raise_bias, low_bid_bias=self.low_bid_bias
        )

    def states(self, max_actions: int) -> list[GameState]:
        """The game's states from its start, up to ``max_actions`` actions or the game's end."""
        state, chooser = self.start(), self.chooser()
        states = [state]
        while not state.is_over and len(states) <= max_actions:
            action = chooser.deal(state) if state.is_chance else chooser.choose(state, legal_actions(state))
            state = apply(state, action)
            states.append(state)
        return states


# Uniform bidding sets almost every bid and makes games of a hundred hands or more; these biases
# keep a game to a few hundred actions while still reaching every bid, the moon included.
_PASS_BIASES = st.sampled_from((0.6, 0.8, 0.95, 0.3))
_RAISE_BIASES = st.sampled_from((0.2, 0.1, 0.4))
_LOW_BID_BIASES = st.sampled_from((0.8, 0.9, 1.0))


@st.composite
def playouts(
    draw: st.DrawFn,
    rules: st.SearchStrategy[Rules] | None = None,
    *,
    seeded: st.SearchStrategy[bool] | None = None,
) -> Playout:
    """A :class:`Playout` under ``rules`` (default: :func:`any_rules`), seeded or dealt by the chooser."""
    drawn_rules = draw(any_rules() if rules is None else rules)
    is_seeded = draw(st.booleans() if seeded is None else seeded)
    return Playout(
        rules=drawn_rules,
        dealer=draw(dealers),
        seed=draw(seeds) if is_seeded else None,
        choice_seed=draw(seeds),
        pass_bias=draw(_PASS_BIASES),
        raise_bias=draw(_RAISE_BIASES),
        low_bid_bias=draw(_LOW_BID_BIASES),
    )
