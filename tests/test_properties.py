"""Properties of whole games played with random legal choices.

Every game is played step by step by :func:`play`, which checks at each state: the invariants
of :func:`pitch13.testing.check_invariants`, the shape of ``legal_actions``, that actions outside
it are refused without changing anything, that ``apply`` leaves its input alone, and the points
in play. At the end of each hand the :class:`~pitch13.HandResult` is recomputed from the hand's
events with an independent model of trumps and points (R-RANK-1, R-RANK-2, R-POINT-1, R-PLAY-6,
R-PLAY-7, R-PLAY-8) and the scoring rules (R-SCORE-1, R-SCORE-2, R-END-1, R-END-2). Finally the
game is replayed from its recorded actions.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from pitch13 import (
    BLACK_JOKER,
    DECK,
    RED_JOKER,
    Card,
    Deal,
    GameState,
    HandResult,
    IllegalActionError,
    IllegalReason,
    NameTrump,
    Outcome,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    Suit,
    Termination,
    Trick,
    apply,
    legal_actions,
    new_game,
    view_delta,
)
from pitch13._core import fields
from pitch13.engine._work import freeze
from pitch13.events import (
    AuctionWon,
    GameOver,
    HandEndedEarly,
    HandScored,
    HandThrownIn,
    ThrowInReason,
    TrickWon,
)
from pitch13.rules import (
    AllPass,
    DeuceTo,
    JokerOrder,
    MadeBidScores,
    MoonFailure,
    MoonSuccess,
    ShortStock,
    TargetRule,
)
from pitch13.seen import DealSeen, GiveUpSeen, RefillSeen, RejectSeen, TurnUpSeen, seen_history
from pitch13.testing import InvariantError, check_invariants
from profiles import examples, longer
from strategies import (
    ACTION_SPACE,
    Chooser,
    DataChooser,
    Playout,
    RandomChooser,
    any_rules,
    dealers,
    playouts,
    seeds,
    valid_rules,
)

#: No random game may take more actions than this (the game always ends).
MAX_ACTIONS = 20_000
#: Illegal actions tried at each state in the ordinary playouts (the full sweep tries all 238).
ILLEGAL_PER_STATE = 4
#: Replayed states are compared in full (history included) every this many actions.
FULL_COMPARE_EVERY = 40

#: The index of each field of a state's tuple form, by the name of its constant in pitch13._core.fields.
_ANY_DEAL = Deal(DECK)


# --- an independent model of trumps, their order and their points ---------------------------------


@attrs.frozen
class TrumpModel:
    """What trump makes of the cards, written from docs/rules.rst, not from the engine's tables."""

    #: Trump → strength in a trick (higher wins); the jokers tie under ``first_played``.
    power: dict[Card, int]
    #: Point card → its points (R-POINT-1).
    points: dict[Card, int]
    #: Point card → its role.
    labels: dict[Card, str]

    def points_of(self, cards: Sequence[Card]) -> int:
        return sum(self.points.get(card, 0) for card in cards)


@functools.cache
def trump_model(trump: Suit, use_off_three: bool, fixed_jokers: bool) -> TrumpModel:
    off = trump.off_suit
    ace, jack, ten, three, deuce = (
        Card.of(r, trump) for r in (Rank.ACE, Rank.JACK, Rank.TEN, Rank.THREE, Rank.TWO)
    )
    jick, off_three = Card.of(Rank.JACK, off), Card.of(Rank.THREE, off)
    # R-RANK-1, high to low; R-RANK-2: a fixed red joker beats the black one, otherwise they tie
    # and the one played first in the trick wins.
    ranks: list[tuple[Card, ...]] = [
        (Card.of(r, trump),) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
    ]
    ranks.append((jick,))
    ranks += [(RED_JOKER,), (BLACK_JOKER,)] if fixed_jokers else [(RED_JOKER, BLACK_JOKER)]
    ranks += [(Card.of(Rank(r), trump),) for r in range(10, 2, -1)]
    if use_off_three:
        ranks.append((off_three,))
    ranks.append((deuce,))
    power = {card: len(ranks) - i for i, cards in enumerate(ranks) for card in cards}
    labels = {ace: "ace", jack: "jack", jick: "Jick", BLACK_JOKER: "joker", RED_JOKER: "joker", ten: "ten"}
    labels |= {three: "three", deuce: "deuce"}
    points = dict.fromkeys(labels, 1) | {three: 3}
    if use_off_three:
        labels[off_three] = "off-three"
        points[off_three] = 3
    assert sum(points.values()) == (13 if use_off_three else 10)
    return TrumpModel(power, points, labels)


def model_for(trump: Suit, rules: Rules) -> TrumpModel:
    return trump_model(trump, rules.use_off_three, rules.joker_order is JokerOrder.FIXED)


# --- the rules of scoring, recomputed ----------------------------------------------------------


def expected_score_change(rules: Rules, bidder: int, bid: int, points: tuple[int, int]) -> tuple[int, int]:
    """R-SCORE-1 and R-SCORE-2: the bidding team scores its points (or the bid) if it made the bid,
    else minus the bid (a moon too); the defenders score their points."""
    bidding = bidder & 1
    taken = points[bidding]
    if taken < bid:
        gain = -bid
    elif rules.made_bid_scores is MadeBidScores.POINTS_TAKEN:
        gain = taken
    else:
        gain = bid
    change = [0, 0]
    change[bidding] = gain
    change[1 - bidding] = points[1 - bidding]
    return (change[0], change[1])


def past_target(rules: Rules, score: int) -> bool:
    """R-END-1."""
    if rules.target_rule is TargetRule.AT_LEAST:
        return score >= rules.target
    return score > rules.target


def expected_outcome(rules: Rules, result: HandResult) -> Outcome | None:
    """R-SCORE-2, R-END-1, R-END-2: how the game stands after the hand of ``result``."""
    bidding = result.bidder & 1
    moon = result.bid == rules.max_bid
    made = result.points[bidding] >= result.bid
    scores = result.scores
    if moon and made and rules.moon_success is MoonSuccess.WIN_GAME:
        return Outcome(bidding, Termination.MOON_MADE, result.hand_number, scores)
    if moon and not made and rules.moon_failure is MoonFailure.LOSE_GAME:
        return Outcome(1 - bidding, Termination.MOON_FAILED, result.hand_number, scores)
    past = [past_target(rules, score) for score in scores]
    if past[0] and past[1]:
        return Outcome(bidding, Termination.BOTH_PAST_TARGET, result.hand_number, scores)
    if past[0] != past[1]:
        return Outcome(past.index(True), Termination.TARGET, result.hand_number, scores)
    return None


# --- checks of one state ----------------------------------------------------------------------------


def snapshot(state: GameState) -> tuple[object, ...]:
    """What ``state`` shows, read afresh through its public properties: two snapshots taken before
    and after a call differ if the call changed anything the state shows (a GameState is a tuple,
    so comparing its fields would only compare the same objects with themselves).

    It leaves out the history, which costs far more to decode than the rest (``history``,
    ``actions`` and ``results`` are O(game); even ``history_since`` decodes the current hand):
    ``ply``, ``history_len`` and the hash, which covers the history's compact form, stand for it.
    """
    return (
        state.rules,
        state.phase,
        state.seed,
        state.first_dealer,
        state.hand_number,
        state.dealer,
        state.scores,
        state.outcome,
        state.trump,
        state.to_act,
        state.bids,
        state.high_bid,
        state.bidder,
        state.hands,
        state.middle,
        state.takeable,
        state.dead,
        state.dead_face_up,
        state.stock,
        state.turned_card,
        state.trick,
        state.tricks,
        state.out,
        state.points_taken,
        state.cards_won,
        state.ply,
        state.history_len,
        hash(state),
    )


def refuse(state: GameState, action: object, reason: IllegalReason | None, seat: int | None = None) -> None:
    """``action`` is refused with :class:`IllegalActionError` (with ``reason`` if given)."""
    with pytest.raises(IllegalActionError) as refused:
        apply(state, action, seat=seat)  # type: ignore[arg-type]
    assert refused.value.action == action
    assert isinstance(refused.value.reason, IllegalReason)
    if reason is not None:
        assert refused.value.reason is reason, (action, seat, refused.value)


def check_refusals(
    state: GameState, legal: tuple[object, ...], rng: random.Random, count: int | None
) -> None:
    """Actions outside ``legal`` are refused and change nothing; ``count=None`` tries them all."""
    before = snapshot(state)
    allowed = set(legal)
    reason = None
    if state.is_over:
        reason = IllegalReason.GAME_OVER
    elif state.is_chance:
        reason = IllegalReason.AWAITING_DEAL
    candidates = ACTION_SPACE if count is None else rng.sample(ACTION_SPACE, count)
    for action in candidates:
        if action not in allowed:
            refuse(state, action, reason)
    if state.is_chance:
        refuse(state, _ANY_DEAL, IllegalReason.NOT_YOUR_TURN, seat=rng.randrange(4))
    else:
        refuse(state, _ANY_DEAL, reason or IllegalReason.ALREADY_DEALT)
    if legal:
        assert state.to_act is not None
        other = (state.to_act + rng.randint(1, 3)) % 4
        refuse(state, rng.choice(legal), IllegalReason.NOT_YOUR_TURN, seat=other)
    assert snapshot(state) == before
    assert legal_actions(state) == legal


def check_points_in_play(state: GameState) -> None:
    """During play every point card is in a hand, in the trick, taken, or out of play (R-PLAY-8)."""
    model = model_for(state.trump, state.rules)  # type: ignore[arg-type]
    assert state.stock == ()
    assert state.turned_card is None
    won_a, won_b = state.cards_won
    assert not set(won_a) & set(won_b)
    in_tricks = [card for trick in state.tricks for card in trick.cards]
    assert set(won_a) | set(won_b) == {card for card in in_tricks if card in model.points}
    taken = state.points_taken
    assert taken == (model.points_of(won_a), model.points_of(won_b))
    assert taken == tuple(sum(t.points[team] for t in state.tricks) for team in (0, 1))
    held = sum(model.points_of(hand) for hand in state.hands) + model.points_of([c for _, c in state.trick])
    out_of_play = model.points_of(state.middle) + model.points_of(state.dead)
    assert sum(taken) <= state.rules.points_total - out_of_play
    assert sum(taken) + held + out_of_play == state.rules.points_total


def check_state(state: GameState, rng: random.Random, illegal: int | None) -> tuple[object, ...]:
    """The checks made at every state; returns the legal actions."""
    check_invariants(state)
    legal = legal_actions(state)
    if state.is_over or state.is_chance:
        assert legal == ()
        assert state.to_act is None
    else:
        assert legal, f"no legal action in {state!r}"
        assert state.to_act in range(4)
        assert len(set(legal)) == len(legal)
        keys = [action.sort_key for action in legal]
        assert keys == sorted(keys)
    if state.is_chance:
        assert state.seed is None
        assert state.phase is Phase.DEAL
    if state.is_over:
        assert state.phase is Phase.GAME_OVER
        assert state.winner in (0, 1)
    else:
        assert state.phase is not Phase.GAME_OVER
        assert state.winner is None
    if state.phase is Phase.PLAY:
        check_points_in_play(state)
    check_refusals(state, legal, rng, illegal)
    return legal


# --- checks at the end of a hand --------------------------------------------------------------------


def check_trick(trick: Trick, model: TrumpModel, rules: Rules) -> dict[Card, int]:
    """The winner and points of a trick (R-PLAY-5, R-PLAY-6); returns point card → team credited."""
    plays = trick.plays
    assert 1 <= len(plays) <= 4
    assert len({seat for seat, _ in plays}) == len(plays)
    assert all(card in model.power for _, card in plays), "only trumps can be played (R-PLAY-1)"
    best = max(range(len(plays)), key=lambda i: (model.power[plays[i][1]], -i))
    winner = plays[best][0]
    assert trick.winner == winner
    credit: dict[Card, int] = {}
    points = [0, 0]
    for seat, card in plays:
        if card in model.points:
            deuce_to_player = model.labels[card] == "deuce" and rules.deuce_to is DeuceTo.PLAYER
            team = seat & 1 if deuce_to_player else winner & 1
            credit[card] = team
            points[team] += model.points[card]
    assert trick.points == (points[0], points[1])
    return credit


def check_result(before: GameState, action: object, events: list[object], result: HandResult) -> None:
    """The :class:`HandResult` agrees with the hand's events and the rules."""
    rules = before.rules
    auctions = [e for e in events if isinstance(e, AuctionWon)]
    assert len(auctions) == 1
    assert (result.bidder, result.bid) == (auctions[0].seat, auctions[0].bid)
    assert (result.hand_number, result.dealer) == (before.hand_number, before.dealer)
    assert [e.suit for e in events if isinstance(e, NameTrump)] == [result.trump]
    model = model_for(result.trump, rules)
    credit: dict[Card, int] = {}
    for item in events:
        if isinstance(item, TrickWon):
            for card, team in check_trick(item.trick, model, rules).items():
                assert card not in credit
                credit[card] = team
    early = [e for e in events if isinstance(e, HandEndedEarly)]
    assert result.ended_early == bool(early)
    for ended in early:
        # R-PLAY-7: the team still holding trump takes every point card still in hands.
        assert ended.team in (0, 1)
        if isinstance(action, Play):
            in_hands = {c for hand in before.hands for c in hand if c in model.points} - {action.card}
            assert set(ended.cards) == in_hands
        for card in ended.cards:
            assert card in model.points
            assert card not in credit
            credit[card] = ended.team
    # The breakdown: every point card of the hand, its value, role and taker.
    assert sorted(pc.card for pc in result.point_cards) == sorted(model.points)
    for pc in result.point_cards:
        assert (pc.points, pc.label, pc.team) == (
            model.points[pc.card],
            model.labels[pc.card],
            credit.get(pc.card),
        )
    for team in (0, 1):
        assert result.points[team] == sum(pc.points for pc in result.point_cards if pc.team == team)
    assert sum(result.points) + result.unplayed_points == rules.points_total
    assert result.unplayed_points == sum(pc.points for pc in result.point_cards if pc.team is None)
    if isinstance(action, Play):
        # R-PLAY-8: what never came into play is the point cards in the middle and the dead pile.
        assert result.unplayed_points == model.points_of(before.middle) + model.points_of(before.dead)
    bidding = result.bidder & 1
    assert result.bidding_team == bidding
    assert result.made == (result.points[bidding] >= result.bid)
    assert result.moon == (result.bid == rules.max_bid)
    assert result.score_change == expected_score_change(rules, result.bidder, result.bid, result.points)
    assert result.scores == (
        before.scores[0] + result.score_change[0],
        before.scores[1] + result.score_change[1],
    )


class HandTracker:
    """Follows the history of a game and checks each hand when it ends."""

    def __init__(self) -> None:
        self.position = 0  # where the current hand's entries begin in the history
        self.hands_ended = 0

    def step(self, before: GameState, action: object, after: GameState) -> None:
        if after.hand_number == before.hand_number and not after.is_over:
            assert after.results == before.results
            assert after.scores == before.scores
            return
        history = after.history
        end = next(
            i
            for i in range(self.position, len(history))
            if isinstance(history[i].item, (HandScored, HandThrownIn))
        )
        events = [entry.item for entry in history[self.position : end + 1]]
        self.position = end + 1
        self.hands_ended += 1
        if not after.is_over:
            # R-DEAL-2: the deal passes left after every hand, thrown in or not.
            assert after.hand_number == before.hand_number + 1
            assert after.dealer == (before.dealer + 1) % 4
        last = events[-1]
        if isinstance(last, HandThrownIn):
            assert last.hand_number == before.hand_number
            assert not after.is_over
            assert after.results == before.results
            assert after.scores == before.scores
            if last.reason is ThrowInReason.ALL_PASSED:
                assert before.rules.all_pass is AllPass.REDEAL
                assert isinstance(action, Pass)
                assert before.to_act == before.dealer
                assert before.high_bid is None
            else:
                assert before.rules.short_stock is ShortStock.REDEAL
            return
        assert isinstance(last, HandScored)
        result = last.result
        assert after.results == (*before.results, result)
        check_result(before, action, events, result)
        outcome = expected_outcome(before.rules, result)
        assert after.outcome == outcome
        assert after.scores == result.scores
        if outcome is not None:
            assert history[end + 1 :] == history[-1:]
            assert history[-1].item == GameOver(outcome)


def check_game_over(final: GameState) -> None:
    """The outcome: a winning team, scores that are the sum of the hands' changes, a termination
    that agrees with the scores and the target (R-END-1, R-END-2, R-SCORE-2)."""
    outcome = final.outcome
    assert outcome is not None
    assert final.is_over
    assert final.winner == outcome.winner
    assert outcome.winner in (0, 1)
    assert final.results, "a game ends only after a hand is scored (R-END-1)"
    last = final.results[-1]
    totals = tuple(sum(r.score_change[team] for r in final.results) for team in (0, 1))
    assert final.scores == totals == outcome.scores == last.scores
    assert outcome.hand_number == last.hand_number == final.hand_number
    past = [past_target(final.rules, score) for score in final.scores]
    if outcome.termination is Termination.TARGET:
        assert past[outcome.winner]
        assert not past[1 - outcome.winner]
    elif outcome.termination is Termination.BOTH_PAST_TARGET:
        assert all(past)
        assert outcome.winner == last.bidding_team
    elif outcome.termination is Termination.MOON_MADE:
        assert last.moon
        assert last.made
        assert outcome.winner == last.bidding_team
    else:
        assert last.moon
        assert not last.made
        assert outcome.winner != last.bidding_team
    for earlier in final.results[:-1]:
        assert expected_outcome(final.rules, earlier) is None


# --- playing a game ---------------------------------------------------------------------------------


def play(
    state: GameState,
    chooser: Chooser,
    *,
    rng: random.Random,
    illegal: int | None = ILLEGAL_PER_STATE,
    max_hands: int | None = None,
) -> list[GameState]:
    """Play with ``chooser`` to the end (or until ``max_hands`` hands have ended), checking every
    state; returns every state in order. ``rng`` picks the illegal actions tried at each state."""
    states = [state]
    chosen: list[tuple[int | None, object]] = []
    tracker = HandTracker()
    for _ in range(MAX_ACTIONS):
        legal = check_state(state, rng, illegal)
        if state.is_over or (max_hands is not None and tracker.hands_ended >= max_hands):
            if state.is_over:
                check_game_over(state)
            assert state.actions == tuple(chosen)
            return states
        if state.is_chance:
            seat, action = None, chooser.deal(state)
        else:
            seat, action = state.to_act, chooser.choose(state, legal)  # type: ignore[arg-type]
        before = snapshot(state)
        after = apply(state, action, seat=seat if rng.random() < 0.5 else None)
        assert snapshot(state) == before, "apply changed its input"
        tracker.step(state, action, after)
        chosen.append((seat, action))
        states.append(after)
        state = after
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def check_replay(states: list[GameState]) -> None:
    """Replaying the recorded actions from the first state rebuilds every state."""
    final = states[-1]
    state = new_game(final.rules, dealer=final.first_dealer, seed=final.seed)
    assert state == states[0]
    actions = final.actions
    assert len(actions) == len(states) - 1
    for i, (seat, action) in enumerate(actions, start=1):
        state = apply(state, action, seat=seat)
        if i % FULL_COMPARE_EVERY == 0:
            assert state == states[i]
        else:
            assert (state.phase, state.to_act, state.hands, state.scores) == (
                states[i].phase,
                states[i].to_act,
                states[i].hands,
                states[i].scores,
            )
    assert state == final


def run(
    playout: Playout, *, illegal: int | None = ILLEGAL_PER_STATE, max_hands: int | None = None
) -> GameState:
    """Play ``playout`` with every check, replay it, and return its last state."""
    rng = random.Random(playout.choice_seed + 1)
    states = play(playout.start(), playout.chooser(), rng=rng, illegal=illegal, max_hands=max_hands)
    check_replay(states)
    check_values_made(states[-1])
    return states[-1]


#: What only a seat's history holds: what it saw of a deal, a refill and the look.
SEEN_ONLY = (DealSeen, RefillSeen, TurnUpSeen, GiveUpSeen, RejectSeen)


def check_values_made(final: GameState) -> None:
    """Every event, trick, hand result and outcome of the game passes the checks of one made in code.

    The library makes its own without them (a history makes one of each for every entry, trick
    and hand, and a server a view delta for every move); made again through the public
    constructor, each is the same value.
    """
    made: list[object] = [*final.tricks, *final.results, *final.history]
    for seat in (0, 1, 2, 3, None):  # each seat's history, and what it saw of the deals and looks
        seen = seen_history(final, seat)
        made += [*seen, *(entry.item for entry in seen if type(entry.item) in SEEN_ONLY)]
        made += [view_delta(final, seat, since) for since in {0, final.ply // 2, final.ply}]
    for entry in final.history:
        item = entry.item
        made += [item] if entry.seat is None and not isinstance(item, Deal) else []
        made += [item.trick] if isinstance(item, TrickWon) else []
        made += [item.result] if isinstance(item, HandScored) else []
        made += [item.outcome] if isinstance(item, GameOver) else []
    if final.outcome is not None:
        made.append(final.outcome)
    for value in made:
        assert attrs.evolve(value) == value


def note_end(final: GameState) -> None:
    """Tell hypothesis's statistics how the game ended."""
    event(f"termination: {final.outcome.termination.value if final.outcome else 'none yet'}")


# --- the properties ---------------------------------------------------------------------------------


@examples(10, deadline=None)
@given(playouts(st.just(Rules())))
def test_random_games_default_rules(playout):
    """Whole random games under the default rules keep every property (R-SCORE-1, R-END-1)."""
    final = run(playout)
    note_end(final)
    assert final.is_over


@examples(7, deadline=None)
@given(playouts(st.just(Rules.classic_ten_point())))
def test_random_games_classic_ten_point(playout):
    """Whole random games under classic 10-point pitch: 10 points a hand, game at 52 or more."""
    final = run(playout)
    note_end(final)
    assert final.is_over
    assert all(sum(r.points) + r.unplayed_points == 10 for r in final.results)


@examples(20, deadline=None)
@given(playouts(valid_rules(low_bids_only=True)))
def test_random_games_any_valid_rules(playout):
    """Whole random games under any valid combination of the options of docs/options.rst
    (with forced bids random play can make, so that the game ends)."""
    final = run(playout)
    note_end(final)
    assert final.is_over


@examples(40, deadline=None)
@given(playouts(valid_rules()))
def test_random_hands_any_valid_rules(playout):
    """The first three hands (six under the thorough profile) of random games under any valid
    combination of options, high ``min_bid`` and ``dealer_forced_min_bid`` included."""
    hands = longer(3)
    final = run(playout, max_hands=hands)
    note_end(final)
    assert final.is_over or final.hand_number == hands + 1


@examples(10, deadline=None)
@given(playouts(any_rules(low_bids_only=True), seeded=st.just(False)))
def test_random_games_dealt_by_the_caller(playout):
    """Unseeded games where each hand is dealt with a random ``Deal(order)`` (R-DEAL-3) replay exactly."""
    final = run(playout)
    deals = [(seat, action) for seat, action in final.actions if isinstance(action, Deal)]
    assert len(deals) == final.hand_number
    assert all(seat is None for seat, _ in deals)


@examples(20, deadline=None)
@given(valid_rules(low_bids_only=True), dealers, seeds, seeds)
def test_r_bid_2_all_pass_redeal_random_games_end(rules, dealer, seed, choice_seed):
    """R-BID-2: with ``all_pass=redeal`` and seats that mostly pass, hands are thrown in and
    the deal passes left, yet random play still ends the game."""
    rules = rules.replace(all_pass=AllPass.REDEAL)
    playout = Playout(rules, dealer, seed, choice_seed, pass_bias=0.8, raise_bias=0.2, low_bid_bias=0.9)
    final = run(playout)
    thrown_in = [e.item for e in final.history if isinstance(e.item, HandThrownIn)]
    assert final.hand_number == len(final.results) + len(thrown_in)


@examples(10, deadline=None)
@given(playouts(any_rules(max_target=longer(8))))
def test_every_illegal_action_is_refused(playout):
    """At every state of the first two hands (four under the thorough profile), each of the 238
    seat actions not in ``legal_actions`` is refused with IllegalActionError and leaves the state
    and its legal actions unchanged."""
    note_end(run(playout, illegal=None, max_hands=longer(2)))


@examples(50, deadline=None)
@given(valid_rules(max_target=6), dealers, st.one_of(st.none(), seeds), st.data())
def test_hands_chosen_choice_by_choice(rules, dealer, seed, data):
    """Hands where hypothesis draws every choice (and, unseeded, every shuffle) keep every property."""
    states = play(
        new_game(rules, dealer=dealer, seed=seed), DataChooser(data), rng=random.Random(0), max_hands=2
    )
    check_replay(states)


def test_random_chooser_is_reproducible():
    """The same playout makes the same choices, so a failing game can be replayed."""
    playout = Playout(Rules(target=10), 1, None, 7, pass_bias=0.6, raise_bias=0.2, low_bid_bias=0.6)
    first = run(playout)
    assert first == run(playout)
    assert first.actions != run(dataclasses.replace(playout, choice_seed=8)).actions


# --- check_invariants catches a corrupted state -------------------------------------------------------


def first_state_in(phase: Phase, seed: int = 3) -> GameState:
    """A state of a seeded game in ``phase``, reached by a fixed series of random choices."""
    state = new_game(Rules(), dealer=0, seed=seed)
    chooser = RandomChooser(random.Random(seed), pass_bias=0.9, low_bid_bias=1.0)
    for _ in range(MAX_ACTIONS):
        if state.phase is phase:
            return state
        state = apply(state, chooser.choose(state, legal_actions(state)))
    raise AssertionError(f"no {phase} state")


def bits(cards: Sequence[Card]) -> int:
    return sum(1 << card.index for card in cards)


def corrupt(state: GameState, **changes: object) -> GameState:
    """``state`` with internal fields changed, named as in pitch13._core.fields (``won=`` sets both teams')."""
    w = fields.Work(state._layout)
    if "won" in changes:
        changes["won_a"], changes["won_b"] = changes.pop("won")  # type: ignore[misc]
    for name, value in changes.items():
        w[getattr(fields, name.upper())] = value
    return freeze(w)


def test_check_invariants_accepts_states_of_a_real_game():
    """The states the engine makes pass the check (the contrast for the corruptions below)."""
    for phase in (Phase.BIDDING, Phase.TRUMP, Phase.PLAY):
        check_invariants(first_state_in(phase))


def test_check_invariants_cards_nowhere():
    """Emptied hands leave 36 cards nowhere: all 54 must be accounted for."""
    state = first_state_in(Phase.BIDDING)
    with pytest.raises(InvariantError, match="36 cards are nowhere"):
        check_invariants(corrupt(state, hands=(0, 0, 0, 0)))


def test_check_invariants_card_in_two_places():
    """A card held by seat 0 and also put in the middle is in two places."""
    state = first_state_in(Phase.BIDDING)
    card = state.hand(0)[0]
    with pytest.raises(InvariantError, match=f"{card} is both in the hand 0 and in the middle"):
        check_invariants(corrupt(state, middle=bits([card])))


def test_check_invariants_face_up_dead_card_not_in_dead_pile():
    """A face-up dead card must be in the dead pile."""
    state = first_state_in(Phase.BIDDING)
    with pytest.raises(InvariantError, match="face-up dead card"):
        check_invariants(corrupt(state, shown=bits([state.hand(1)[0]])))


def test_check_invariants_takeable_card_not_in_middle():
    """A card that may be picked up must be in the middle."""
    state = first_state_in(Phase.BIDDING)
    with pytest.raises(InvariantError, match="picked up is not in the middle"):
        check_invariants(corrupt(state, takeable=bits([state.hand(2)[0]])))


def test_check_invariants_points_taken_beyond_total():
    """Both teams credited with every point card would be 26 of 13 points."""
    state = first_state_in(Phase.PLAY)
    every_point_card = bits(list(model_for(state.trump, state.rules).points))
    with pytest.raises(InvariantError, match=r"points taken \(13, 13\)"):
        check_invariants(corrupt(state, won=(every_point_card, every_point_card)))


def test_check_invariants_more_than_six_cards_in_play():
    """Moving middle cards into a hand keeps all 54 cards accounted for but breaks the limit of 6."""
    state = first_state_in(Phase.PLAY)
    moved = state.middle[: 7 - len(state.hand(0))]
    hands = (bits(state.hand(0)) | bits(moved), *(bits(state.hand(s)) for s in (1, 2, 3)))
    corrupted = corrupt(state, hands=hands, middle=bits(state.middle) & ~bits(moved))
    with pytest.raises(InvariantError, match="seat 0 holds 7 cards in play"):
        check_invariants(corrupted)
