"""Bots and the game runner: RandomBot, SimpleBot, play_game, BotError, the Bot protocol.

A bot decides from its own seat's :class:`~pitch13.SeatView` only. :class:`Spy` wraps a bot and
records every view it is given; the tests then replay the game from its recorded actions and
compare each recorded view with the view of the real state at that point.
"""

from __future__ import annotations

import collections
import itertools
import random
import re

import attrs
import pytest

from helpers import EqualsAnything, json_cards
from pitch13 import (
    DECK,
    Bid,
    BotError,
    BotFailedError,
    Discard,
    GameState,
    GiveUp,
    Phase,
    Play,
    Rules,
    SeatView,
    Take,
    apply,
    legal_actions,
    new_game,
    spectator_view,
    view,
)
from pitch13.bots import Bot, RandomBot, SimpleBot, iter_hands, play_game
from pitch13.rules import MoonFailure
from pitch13.seen import DealSeen, seen_history
from pitch13.testing import check_invariants
from pitch13.trumps import is_trump

#: Rule sets with seeds that give RandomBot games of a few dozen hands at most.
SEEDED_GAMES = [
    pytest.param(Rules(), 3, id="default"),
    pytest.param(Rules(), 1, id="default-2"),
    pytest.param(Rules.classic_ten_point(), 0, id="classic_ten_point"),
    pytest.param(Rules.classic_ten_point(), 4, id="classic_ten_point-2"),
    pytest.param(
        Rules(
            look_take="any_card",
            pickup="any_trump",
            partner_look=False,
            lead_fallback="left",
            deuce_to="trick_winner",
            target=30,
        ),
        0,
        id="mix_a",
    ),
    pytest.param(
        Rules(
            all_pass="redeal",
            short_stock="redeal",
            dealer_may_match=True,
            joker_order="fixed",
            made_bid_scores="bid_amount",
            look_take="point_cards_only",
            pickup="none",
        ),
        7,
        id="mix_b",
    ),
    pytest.param(
        Rules.classic_ten_point().replace(
            moon_success="score_points",
            moon_failure="lose_game",
            target_rule="greater_than",
            min_bid=2,
            dealer_forced_min_bid=3,
            target=25,
        ),
        5,
        id="mix_c",
    ),
]

#: Random bidders fail a moon often, so with ``lose_game`` their games end in a few hands.
QUICK = Rules(moon_failure=MoonFailure.LOSE_GAME, target=20)


def random_bots(seed):
    return [RandomBot(seed * 4 + s) for s in range(4)]


def seat_actions(state):
    return [(seat, action) for seat, action in state.actions if seat is not None]


def assert_finished(state):
    assert isinstance(state, GameState)
    assert state.is_over and state.phase is Phase.GAME_OVER
    assert state.winner in (0, 1)
    assert state.scores == state.results[-1].scores
    check_invariants(state)


class Spy:
    """A bot that records each view it gets, and what it answered, then lets another bot choose."""

    def __init__(self, bot):
        self.bot = bot
        self.calls = []

    def choose(self, seat_view):
        action = self.bot.choose(seat_view)
        self.calls.append((seat_view, action))
        return action


class Fixed:
    """A bot that always returns the same thing."""

    def __init__(self, answer):
        self.answer = answer

    def choose(self, seat_view):
        return self.answer


class CheatsInPlay:
    """Random until play; then it plays a trump it does not hold."""

    def __init__(self, seed):
        self.random = RandomBot(seed)

    def choose(self, seat_view):
        if seat_view.phase is Phase.PLAY:
            return Play(next(c for c in seat_view.unseen if is_trump(c, seat_view.trump, seat_view.rules)))
        return self.random.choose(seat_view)


# --- 1. whole games with RandomBot ---------------------------------------------------------------


@pytest.mark.parametrize(("rules", "seed"), SEEDED_GAMES)
def test_random_bots_play_a_seeded_game_to_the_end_reproducibly(rules, seed):
    """The same deal seed and bot seeds give the same game, to the final state."""
    final = play_game(random_bots(seed), rules, dealer=seed % 4, seed=seed)
    assert_finished(final)
    assert final.rules == rules and final.seed == seed and final.first_dealer == seed % 4
    again = play_game(random_bots(seed), rules, dealer=seed % 4, seed=seed)
    assert again == final
    assert again.history == final.history


def test_random_bots_with_other_seeds_play_another_game():
    final = play_game(random_bots(3), Rules(), seed=3)
    other = play_game(random_bots(4), Rules(), seed=3)
    assert seat_actions(other) != seat_actions(final)


@pytest.mark.parametrize("rules", [Rules(), Rules.classic_ten_point()], ids=["default", "classic_ten_point"])
def test_random_bots_play_an_unseeded_game_against_simple_bots(rules):
    """Unseeded: every hand is dealt from the operating system's random source; the game ends."""
    bots = [RandomBot(1), SimpleBot(2), RandomBot(3), SimpleBot(4)]
    final = play_game(bots, rules)
    assert_finished(final)
    assert final.seed is None
    deals = [action for seat, action in final.actions if seat is None]
    assert len(deals) == final.hand_number
    assert all(sorted(deal.order) == list(DECK) for deal in deals)


def test_random_bots_play_unseeded_games_with_fresh_deals():
    """Two unseeded games with the same bot seeds: the deals differ, both games end."""
    first = play_game(random_bots(9), QUICK)
    second = play_game(random_bots(9), QUICK)
    for final in (first, second):
        assert_finished(final)
        assert final.seed is None
    first_deal = next(action for seat, action in first.actions if seat is None)
    second_deal = next(action for seat, action in second.actions if seat is None)
    assert first_deal != second_deal


# --- 2. a bot sees its own seat's view and nothing else ------------------------------------------


def current_hand_document(seat_view):
    """The view as JSON data, without the unseen cards and the result of the hand before (whose
    point cards are dealt again in this hand)."""
    document = seat_view.to_dict()
    del document["unseen"], document["last_result"]
    return document


def publicly_taken(hand_history, seat):
    """Cards ``seat`` took from the middle in the hand of ``hand_history`` (R-PICK-1: public)."""
    return {entry.item.card for entry in hand_history if entry.seat == seat and isinstance(entry.item, Take)}


def assert_sees_only_its_own(state, seat, seat_view, seen):
    """The view is this seat's view of ``state``, and no hidden card of another seat is in it;
    ``seen`` is the game's history as the seat saw it so far."""
    assert type(seat_view) is SeatView
    assert seat_view.seat == seat == state.to_act == seat_view.to_act
    assert seat_view == view(state, seat)
    assert seat_view.ply == state.ply
    deal = next(i for i in reversed(range(len(seen))) if isinstance(seen[i].item, DealSeen))
    assert seat_view.history == tuple(seen[deal:])  # the hand in play, from its deal
    assert seat_view.history[0].item.hand_number == state.hand_number
    assert seat_view.last_result == (state.results[-1] if state.results else None)
    assert seat_view.hand == state.hand(seat)
    assert seat_view.legal_actions == legal_actions(state)
    hidden = set(state.stock)
    for other in range(4):
        if other != seat:
            hidden |= set(state.hand(other)) - publicly_taken(seen[deal:], other)
    assert hidden <= set(seat_view.unseen)
    leaked = set(seat_view.unseen) & json_cards(current_hand_document(seat_view))
    assert not leaked, f"seat {seat} was shown {sorted(map(str, leaked))}"


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        pytest.param(Rules(), 3, id="default"),
        pytest.param(SEEDED_GAMES[4].values[0], 0, id="mix_a"),
        pytest.param(QUICK, None, id="unseeded"),
    ],
)
def test_each_bot_gets_only_its_own_seats_view(rules, seed):
    """Replay the game: each recorded view is the seat's view of the state when it was to act, and
    holds the hand in play as the seat saw it (its seen history from the hand's deal)."""
    spies = [Spy(RandomBot(10 + s)) for s in range(4)]
    final = play_game(spies, rules, dealer=1, seed=seed)
    assert_finished(final)
    calls = {s: iter(spy.calls) for s, spy in enumerate(spies)}
    state = new_game(rules, dealer=1, seed=seed)
    seen = [list(seen_history(state, s)) for s in range(4)]
    decisions = 0
    for seat, action in final.actions:
        if seat is not None:
            seat_view, answer = next(calls[seat])
            assert answer == action
            assert_sees_only_its_own(state, seat, seat_view, seen[seat])
            decisions += 1
        state, before = apply(state, action, seat=seat), state
        for s in range(4):
            seen[s] += seen_history(state, s, since=before.ply)
    assert state == final
    assert decisions == sum(len(spy.calls) for spy in spies) > 0
    assert all(next(calls[s], None) is None for s in range(4))


# --- 3. bad bots and the runner's arguments ------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [Play(DECK[0]), Bid(1), Bid(14), Discard(DECK[5]), GiveUp(DECK[7]), "pass", None, 4],
    ids=["play", "bid-too-low", "bid-too-high", "discard", "give-up", "string", "none", "int"],
)
def test_bot_error_when_a_bot_returns_an_illegal_action_or_a_non_action(answer):
    """Dealer 0: seat 1 bids first, so its bot is the first asked."""
    bots = [RandomBot(0), Fixed(answer), RandomBot(2), RandomBot(3)]
    with pytest.raises(BotError) as caught:
        play_game(bots, seed=5)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.seat == 1
    assert error.action == answer
    assert "seat 1" in str(error)
    hint = "(a bot returns an action, such as pitch13.PASS or pitch13.parse_action('bid 5'))"
    assert (hint in str(error)) == isinstance(answer, (str, int))


def test_bot_error_when_a_bot_answers_with_what_only_says_it_is_a_legal_action():
    """Refused at once: seat 1's first answer, where a pass is legal, is the one action played."""
    answer = EqualsAnything()
    bots = [RandomBot(0), Fixed(answer), RandomBot(2), RandomBot(3)]
    for run in (lambda: play_game(bots, seed=5, max_actions=1), lambda: next(iter_hands(bots, seed=5))):
        with pytest.raises(BotError) as caught:
            run()
        assert caught.value.seat == 1 and caught.value.action is answer


def test_bot_error_names_the_seat_that_failed_later_in_the_game():
    """A bot that plays a trump it does not hold is caught at its first turn in play."""
    bots = [RandomBot(0), RandomBot(1), RandomBot(2), CheatsInPlay(3)]
    with pytest.raises(BotError) as caught:
        play_game(bots, seed=5)
    error = caught.value
    assert error.seat == 3
    assert isinstance(error.action, Play)


class Raises:
    """A bot that raises ``error`` when it is asked, from its ``turn``-th question on."""

    def __init__(self, error, turn=0):
        self.error, self.turn = error, turn

    def choose(self, seat_view):
        if self.turn:
            self.turn -= 1
            return seat_view.legal_actions[0]
        raise self.error


class Unsayable(Exception):
    """An exception whose own str() fails."""

    def __str__(self):
        raise RuntimeError("no words")


def test_a_bot_that_raises_stops_the_game_with_bot_failed_error_from_its_exception():
    for run in (
        lambda bots: play_game(bots, seed=5),
        lambda bots: list(iter_hands(bots, seed=5)),
    ):
        cause = LookupError("no move for this hand")
        with pytest.raises(BotFailedError) as caught:
            run([RandomBot(0), RandomBot(1), RandomBot(2), Raises(cause, turn=3)])
        error = caught.value
        assert isinstance(error, RuntimeError) and error.__cause__ is cause
        assert (error.seat, error.error, error.where) == (3, "LookupError: no move for this hand", "")
        assert str(error) == "the bot of seat 3 raised LookupError: no move for this hand"


@pytest.mark.parametrize(
    ("raised", "said"),
    [
        (ValueError(), "ValueError"),
        (Unsayable(), "Unsayable"),
        (KeyError("x" * 1000), ("KeyError: '" + "x" * 1000)[:199] + "…"),
        (ValueError("no move\n  for\tthis hand\n"), "ValueError: no move for this hand"),
    ],
    ids=["no-message", "str-fails", "long", "lines"],
)
def test_what_a_failing_bot_raised_is_said_in_one_line_of_at_most_200_characters(raised, said):
    with pytest.raises(BotFailedError) as caught:
        play_game([RandomBot(0), Raises(raised), RandomBot(2), RandomBot(3)], seed=5)
    assert caught.value.error == said and len(said) <= 200
    assert str(caught.value) == f"the bot of seat 1 raised {said}"


def test_a_bot_interrupted_is_not_a_failed_bot():
    """Ctrl-C inside a bot goes on as it is: the runner does not hide it."""
    with pytest.raises(KeyboardInterrupt):
        play_game([RandomBot(0), Raises(KeyboardInterrupt()), RandomBot(2), RandomBot(3)], seed=5)


def test_a_bot_that_calls_sys_exit_is_a_failed_bot_not_its_callers_exit():
    """A SystemExit from a bot's choose ended its caller's program, as a bot's module's exit does not."""
    with pytest.raises(BotFailedError, match=r"^the bot of seat 1 raised SystemExit: 3$") as caught:
        play_game([RandomBot(0), Raises(SystemExit(3)), RandomBot(2), RandomBot(3)], seed=5)
    assert type(caught.value.__cause__) is SystemExit


@pytest.mark.parametrize(
    "bots",
    [
        [RandomBot(0), RandomBot(1), RandomBot(2)],
        [RandomBot(s) for s in range(5)],
        [],
        [RandomBot(0), RandomBot(1), RandomBot(2), object()],
        ["a", "b", "c", "d"],
        [RandomBot(0), RandomBot(1), RandomBot(2), type("Uncallable", (), {"choose": 5})()],
    ],
    ids=["three", "five", "none", "an-object", "strings", "choose-not-callable"],
)
def test_play_game_refuses_anything_but_four_bots(bots):
    with pytest.raises(TypeError, match="four bots"):
        play_game(bots, seed=1)


def test_play_game_with_bot_classes_instead_of_bots_raises_type_error():
    with pytest.raises(TypeError):
        play_game([RandomBot, RandomBot, RandomBot, RandomBot], seed=1)


def test_max_actions_stops_early_with_a_game_not_over():
    """The stopped game is the start of the full game with the same seeds."""
    full = play_game(random_bots(3), seed=3)
    length = len(seat_actions(full))
    assert length > 100
    for limit in (1, 25, length - 1):
        partial = play_game(random_bots(3), seed=3, max_actions=limit)
        assert not partial.is_over and partial.outcome is None and partial.to_act is not None
        assert len(seat_actions(partial)) == limit
        assert full.history[: len(partial.history)] == partial.history
    for limit in (length, length + 10):
        assert play_game(random_bots(3), seed=3, max_actions=limit) == full


def test_max_actions_zero_returns_the_new_game():
    assert play_game(random_bots(3), seed=3, max_actions=0) == new_game(Rules(), dealer=0, seed=3)


@pytest.mark.parametrize(
    ("limit", "error", "message"),
    [
        (-1, ValueError, "max_actions must be at least 0, not -1"),
        (2.5, TypeError, "max_actions must be None or an int, not 2.5"),
        ("10", TypeError, "max_actions must be None or an int, not '10'"),
        (True, TypeError, "max_actions must be None or an int, not True"),
    ],
)
def test_max_actions_is_none_or_a_count(limit, error, message):
    with pytest.raises(error, match=re.escape(message)):
        play_game(random_bots(3), seed=3, max_actions=limit)


@pytest.mark.parametrize("make", [RandomBot, SimpleBot])
def test_a_bot_refuses_a_view_with_no_action_to_take(make):
    """As every bot does: a spectator's view, or a seat's while another acts, has no choice."""
    state = new_game(seed=7)  # seat 1 to act
    for seen in (view(state, 0), spectator_view(state)):
        with pytest.raises(
            ValueError, match=f"{make.__name__}.choose\\(\\) needs the view of a seat that is to act"
        ):
            make(1).choose(seen)
    with pytest.raises(TypeError, match="takes a SeatView, not GameState"):
        make(1).choose(state)


# --- 4. SimpleBot --------------------------------------------------------------------------------


def test_simple_bot_refuses_a_view_made_in_code_that_names_no_trump_past_the_auction():
    """Each field of such a view has its type, so the view is made; no game shows it. The bot
    says so, where it raised an IndexError from inside its choice of card."""
    state, rng = new_game(seed=7), random.Random(0)
    seen = set()
    while Phase.PLAY not in seen:
        if state.phase in (Phase.PLAY, Phase.DISCARD, Phase.PICKUP, Phase.LOOK) and state.phase not in seen:
            seen.add(state.phase)
            made = attrs.evolve(view(state, state.to_act), trump=None)
            phase = state.phase.value
            with pytest.raises(
                ValueError, match=f"^a view in the {phase} phase names trump, and this one does not$"
            ):
                SimpleBot(1).choose(made)
        state = apply(state, rng.choice(legal_actions(state)))
    assert len(seen) >= 2


class Checked:
    """Asserts that the bot it wraps answers with one of its legal actions, and counts them."""

    def __init__(self, bot):
        self.bot = bot
        self.phases = set()

    def choose(self, seat_view):
        action = self.bot.choose(seat_view)
        assert action in seat_view.legal_actions, (seat_view.phase, action)
        self.phases.add(seat_view.phase)
        return action


@pytest.mark.parametrize(("rules", "seed"), SEEDED_GAMES)
def test_simple_bots_choose_legal_actions_over_whole_games(rules, seed):
    """Four SimpleBots, every rule mix, two deal seeds each; the same seeds give the same game."""
    phases = set()
    for deal_seed in (seed, seed + 100):
        bots = [Checked(SimpleBot(deal_seed + s)) for s in range(4)]
        final = play_game(bots, rules, dealer=deal_seed % 4, seed=deal_seed)
        assert_finished(final)
        again = play_game(
            [SimpleBot(deal_seed + s) for s in range(4)], rules, dealer=deal_seed % 4, seed=deal_seed
        )
        assert again == final
        phases |= {p for bot in bots for p in bot.phases}
    assert {Phase.BIDDING, Phase.TRUMP, Phase.LOOK, Phase.PLAY} <= phases


def test_simple_bots_choose_legal_actions_in_unseeded_games():
    for n in range(3):
        bots = [Checked(SimpleBot(n * 4 + s)) for s in range(4)]
        assert_finished(play_game(bots, Rules(pickup="any_trump", look_take="any_card")))


def test_simple_bots_beat_random_bots():
    """Over 40 seeded games a SimpleBot pair beats a RandomBot pair far more often than not.

    The pairs change sides every game, so each team is played by SimpleBots 20 times.
    """
    wins = 0
    for game in range(40):
        simple_team = game % 2
        bots = [
            SimpleBot(game * 4 + s) if s & 1 == simple_team else RandomBot(game * 4 + s) for s in range(4)
        ]
        final = play_game(bots, Rules(), dealer=game % 4, seed=500 + game)
        assert_finished(final)
        wins += final.winner == simple_team
    # 30 or more of 40 fair coin flips has probability below 0.001.
    assert wins >= 30, f"SimpleBots won {wins} of 40"


# --- 5. the Bot protocol --------------------------------------------------------------------------


def test_bots_satisfy_the_runtime_checkable_protocol():
    assert isinstance(RandomBot(), Bot)
    assert isinstance(SimpleBot(), Bot)
    assert isinstance(Fixed(None), Bot)
    assert not isinstance(object(), Bot)
    assert not isinstance("choose", Bot)


def test_random_bot_choices_depend_only_on_its_seed_and_the_view():
    """Two RandomBots with the same seed choose alike from the same views; the choice is legal."""
    seat_view = view(new_game(Rules(), dealer=0, seed=11), 1)
    first, second = RandomBot(7), RandomBot(7)
    answers = [first.choose(seat_view) for _ in range(30)]
    assert answers == [second.choose(seat_view) for _ in range(30)]
    assert set(answers) <= set(seat_view.legal_actions)
    assert len(set(answers)) > 1


def test_random_bot_chooses_uniformly_among_the_legal_actions():
    """Seat 1 opens the auction with 11 choices (pass, 4 to 13); chi-square test at p = 0.001."""
    seat_view = view(new_game(Rules(), dealer=0, seed=11), 1)
    actions = seat_view.legal_actions
    assert len(actions) == 11
    bot = RandomBot(2024)
    draws = 2200
    counts = collections.Counter(bot.choose(seat_view) for _ in range(draws))
    assert set(counts) == set(actions)
    expected = draws / len(actions)
    statistic = sum((counts[a] - expected) ** 2 / expected for a in actions)
    assert statistic < 29.588  # the critical value for 10 degrees of freedom at p = 0.001


def test_a_negative_seed_draws_apart_from_its_absolute_value():
    """``random.Random`` seeds from an int's absolute value; the bots and ``evaluate`` do not:
    seeds ``s`` and ``-s`` make other choices, each as reproducibly."""
    from pitch13 import new_game, view
    from pitch13.analysis import evaluate
    from pitch13.bots import SearchBot, SolverBot

    def small_search(seed):
        return SearchBot(seed, iterations=2, auction_iterations=2)

    def small_solver(seed):
        return SolverBot(seed, samples=2, auction_samples=2, iterations=2)

    seeds = (-5, -6, -7, -8)
    # SimpleBot draws only to break a tie, which may be late in a game: it plays a whole one.
    for kind, most in ((RandomBot, 60), (SimpleBot, None), (small_search, 20), (small_solver, 20)):
        actions = play_game([kind(seed) for seed in seeds], seed=1, max_actions=most).actions
        assert actions == play_game([kind(seed) for seed in seeds], seed=1, max_actions=most).actions
        assert actions != play_game([kind(-seed) for seed in seeds], seed=1, max_actions=most).actions
    seat_view = view(new_game(seed=3), 1)
    values = {seed: evaluate(seat_view, samples=4, seed=seed).values for seed in (9, -9)}
    assert values[9] != values[-9] and values[-9] == evaluate(seat_view, samples=4, seed=-9).values
    # A seed of any length, as a positive one may be.
    for seed in (10**5000, -(10**5000)):
        assert RandomBot(seed).choose(seat_view) in seat_view.legal_actions


def test_play_game_takes_four_bots_in_seat_order_from_any_iterable_but_a_set():
    """A generator of four bots is taken as a list is; a set or a mapping (no order), ``None``,
    or anything but four bots is a ``TypeError`` that says so, raised at the call."""
    from pitch13.bots import iter_hands

    listed = play_game([SimpleBot(seat) for seat in range(4)], seed=2)
    assert play_game((SimpleBot(seat) for seat in range(4)), seed=2) == listed
    assert next(iter_hands(SimpleBot(seat) for seat in range(4))).hand_number == 1
    for bots, said in (
        (lambda: {SimpleBot(seat) for seat in range(4)}, "four bots in seat order, a list or a tuple, not {"),
        (
            lambda: {seat: SimpleBot(seat) for seat in range(4)},
            "four bots in seat order, a list or a tuple, not {",
        ),
        (lambda: None, "four bots in seat order, a list or a tuple, not None"),
        (lambda: "abcd", "four bots in seat order, a list or a tuple, not 'abcd'"),
        (lambda: [SimpleBot()] * 3, "four bots, objects with a choose(view) method"),
        (lambda: [SimpleBot()] * 5, "four bots, objects with a choose(view) method"),
        (lambda: (SimpleBot for _ in range(4)), "four bots, objects with a choose(view) method"),
        (lambda: itertools.repeat(SimpleBot()), "four bots, objects with a choose(view) method"),  # endless
    ):
        for play, name in ((play_game, "play_game"), (iter_hands, "iter_hands")):
            with pytest.raises(TypeError, match=re.escape(f"{name}() takes {said}")):
                play(bots())
