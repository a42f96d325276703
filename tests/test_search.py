"""SearchBot: legal, reproducible, budgeted, blind to everything but its view, and strong.

The bot is exercised at small budgets so that the whole file stays fast; its measured strength
at the default budget is in the docs ("Writing a bot").
"""

from __future__ import annotations

import random
import time

import pytest

import pitch13
from pitch13 import Bid, Pass, Phase, Play, Rules, SeatView, apply, legal_actions, new_game, view
from pitch13._base.seeds import game_seed
from pitch13.bots import Bot, RandomBot, SearchBot, SimpleBot, bot_factory, play_game
from pitch13.bots._search import finish_hand, hand_value, rollout_action

#: A small budget: a few drawn deals per decision, enough to play sensibly.
SMALL = {"iterations": 4, "auction_iterations": 8}


def _decisions(seed: int, count: int, rules: Rules | None = None) -> list[SeatView]:
    """The first ``count`` views of a SimpleBot game that have more than one legal action."""
    bots = [SimpleBot(s) for s in range(4)]
    state = new_game(rules, seed=seed)
    views: list[SeatView] = []
    while not state.is_over and len(views) < count:
        seat = state.to_act
        assert seat is not None
        seat_view = view(state, seat)
        if len(seat_view.legal_actions) > 1:
            views.append(seat_view)
        state = apply(state, bots[seat].choose(seat_view), seat=seat)
    return views


# --- it plays legal games -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        pytest.param(Rules(), 3, id="default"),
        pytest.param(Rules.classic_ten_point(), 5, id="classic_ten_point"),
        pytest.param(
            Rules(
                look_take="any_card", pickup="any_trump", partner_look=False, lead_fallback="left", target=25
            ),
            2,
            id="options",
        ),
    ],
)
def test_plays_whole_games_legally(rules, seed):
    # play_game raises BotError on an illegal action; the search bots hold two seats.
    bots = [SearchBot(seed, **SMALL), RandomBot(seed), SearchBot(seed + 1, **SMALL), RandomBot(seed + 1)]
    final = play_game(bots, rules, seed=seed)
    assert final.is_over
    assert final.winner in (0, 1)


def test_is_a_bot_and_made_by_name():
    bot = bot_factory("search")(7)
    assert isinstance(bot, SearchBot)
    assert isinstance(bot, Bot)
    assert pitch13.bots.SearchBot is SearchBot
    assert SearchBot.__module__ == "pitch13.bots"
    assert "iterations=20" in repr(bot)


def test_a_bot_with_a_budget_too_long_to_write_has_a_repr():
    """str() of an int of over 4,300 digits fails: the repr gives its size instead."""
    assert repr(SearchBot(iterations=10**5000)).startswith("SearchBot(iterations=a number of 16610 bits,")
    solver = pitch13.bots.SolverBot(bids=10**5000)
    assert "bids=a number of 16610 bits" in repr(solver)
    assert f"iterations={10**40}," in repr(SearchBot(iterations=10**40))  # one that can be written is


# --- reproducible ---------------------------------------------------------------------------


def test_same_seed_same_choices():
    views = _decisions(seed=11, count=30)
    first = SearchBot(5, **SMALL)
    second = SearchBot(5, **SMALL)
    assert [first.choose(v) for v in views] == [second.choose(v) for v in views]


def test_choices_depend_on_the_seed_through_the_samples():
    views = _decisions(seed=11, count=40)
    choices = {
        seed: [SearchBot(seed, iterations=2, auction_iterations=2).choose(v) for v in views]
        for seed in (1, 2)
    }
    # With one or two drawn deals per decision, different draws must disagree somewhere.
    assert choices[1] != choices[2]


def test_choices_are_legal_over_many_views():
    bot = SearchBot(3, **SMALL)
    for seat_view in _decisions(seed=4, count=60, rules=Rules.classic_ten_point()):
        assert bot.choose(seat_view) in seat_view.legal_actions


# --- the single legal action, and the view as its only input --------------------------------


def test_single_legal_action_is_returned_without_search(monkeypatch):
    def no_sampling(*args, **kwargs):
        raise AssertionError("searched a decision with one legal action")

    monkeypatch.setattr(pitch13.bots._search, "sample_state", no_sampling)
    bots = [SimpleBot(s) for s in range(4)]
    state = new_game(seed=9)
    bot = SearchBot(0)
    seen = 0
    while not state.is_over and state.hand_number <= 3:
        seat = state.to_act
        seat_view = view(state, seat)
        if len(seat_view.legal_actions) == 1:
            start = time.process_time()
            assert bot.choose(seat_view) == seat_view.legal_actions[0]
            assert time.process_time() - start < 0.01
            seen += 1
        state = apply(state, bots[seat].choose(seat_view), seat=seat)
    assert seen > 5


def test_reads_nothing_but_the_view():
    # Views of two real games that the seat cannot tell apart (the other seats' cards differ)
    # give the same choices: nothing the bot reads leads back to the hidden cards.
    views = _decisions(seed=21, count=25)
    differ = 0
    for number, seat_view in enumerate(views):
        one = pitch13.sample_state(seat_view, random.Random(number))
        other = pitch13.sample_state(seat_view, random.Random(number + 1000))
        differ += one.hands != other.hands
        twins = view(one, seat_view.seat), view(other, seat_view.seat)
        assert twins[0] == twins[1] == seat_view
        assert SearchBot(8, **SMALL).choose(twins[0]) == SearchBot(8, **SMALL).choose(twins[1])
    assert differ > len(views) // 2
    # And a view that went through JSON (as a server would send it) gives the same choice.
    for seat_view in views[:10]:
        sent = SeatView.from_json(seat_view.to_json())
        assert SearchBot(2, **SMALL).choose(seat_view) == SearchBot(2, **SMALL).choose(sent)


def test_refuses_what_is_not_a_seat_to_act():
    state = new_game(seed=1)
    bot = SearchBot(0)
    with pytest.raises(TypeError, match="takes a SeatView, not GameState"):
        bot.choose(state)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a seat that is to act"):
        bot.choose(pitch13.spectator_view(state))


# --- the budget ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"iterations": 0}, ValueError, "iterations must be at least 1, not 0"),
        ({"iterations": 2.5}, TypeError, "iterations must be an int, not float"),
        ({"iterations": True}, TypeError, "iterations must be an int, not bool"),
        ({"auction_iterations": -3}, ValueError, "auction_iterations must be at least 1, not -3"),
        ({"auction_iterations": "9"}, TypeError, "auction_iterations must be an int, not str"),
        ({"time_limit": 0}, ValueError, "time_limit must be a positive number of seconds, not 0"),
        ({"time_limit": float("nan")}, ValueError, "time_limit must be a positive number of seconds"),
        ({"time_limit": 10**400}, ValueError, "time_limit is too large for a float: a number of 1329 bits"),
        (
            {"time_limit": -(10**400)},
            ValueError,
            "time_limit must be a positive number of seconds, not a number of 1329",
        ),
        ({"time_limit": "1s"}, TypeError, "time_limit must be a number of seconds or None, not str"),
        ({"bids": -1}, ValueError, "bids must be 0 or more, not -1"),
        ({"bids": 1.0}, TypeError, "bids must be an int, not float"),
        ({"bid_margin": -0.5}, ValueError, "bid_margin must be 0 or more, not -0.5"),
        ({"bid_margin": None}, TypeError, "bid_margin must be a number, not NoneType"),
    ],
)
def test_budget_arguments_are_checked(kwargs, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(")):
        SearchBot(1, **kwargs)


def test_seed_is_checked():
    with pytest.raises(TypeError, match="seed must be an int or None, not str"):
        SearchBot("7")  # type: ignore[arg-type]


def test_budget_is_given_by_keyword_only():
    with pytest.raises(TypeError):
        SearchBot(1, 50)  # type: ignore[misc]


def test_time_limit_stops_the_search():
    seat_view = next(
        v for v in _decisions(seed=6, count=80) if v.phase is Phase.PLAY and len(v.legal_actions) >= 3
    )
    bot = SearchBot(0, iterations=10**7, time_limit=0.02)
    start = time.process_time()
    assert bot.choose(seat_view) in seat_view.legal_actions
    # One deal more than the limit at most: a deal's rollouts take about a millisecond.
    assert time.process_time() - start < 0.5


def test_more_iterations_cost_more():
    views = [v for v in _decisions(seed=6, count=40) if v.phase is Phase.PLAY][:8]
    assert len(views) >= 4

    def cost(iterations):
        bot = SearchBot(0, iterations=iterations)
        start = time.process_time()
        for seat_view in views:
            bot.choose(seat_view)
        return time.process_time() - start

    assert cost(30) > 3 * cost(3)


# --- the auction -----------------------------------------------------------------------------


def _bidding_views(count: int) -> list[SeatView]:
    found = []
    for seed in range(200):
        state = new_game(seed=seed)
        seat_view = view(state, state.to_act)
        found.append(seat_view)
        if len(found) == count:
            break
    return found


def _strength(seat_view: SeatView) -> int:
    """The number of the top five trumps of the hand's best suit (a crude measure)."""
    return max(
        sum(1 for card in seat_view.hand if card in pitch13.trumps.trump_order(suit)[:5])
        for suit in pitch13.Suit
    )


def test_auction_bids_strong_hands_and_passes_weak_ones():
    views = _bidding_views(60)
    strong = [v for v in views if _strength(v) >= 4]
    weak = [v for v in views if _strength(v) == 0 and Pass() in v.legal_actions]
    assert strong and weak
    bot = SearchBot(1, auction_iterations=30)
    assert all(isinstance(bot.choose(v), Bid) for v in strong)
    # A weak hand may still bid to keep the contract from the opponents, but rarely.
    passes = sum(bot.choose(v) == Pass() for v in weak)
    assert passes >= 0.6 * len(weak)


def test_auction_considers_only_the_lowest_bids():
    views = _bidding_views(40)
    bot = SearchBot(1, auction_iterations=6, bids=0)
    lowest = {v.legal_actions[1] for v in views}
    for seat_view in views:
        assert bot.choose(seat_view) in (Pass(), seat_view.legal_actions[1])
    assert len(lowest) == 1


def test_a_huge_margin_keeps_it_from_bidding_when_it_may_pass():
    bot = SearchBot(1, auction_iterations=3, bid_margin=1000)
    for seat_view in _bidding_views(20):
        assert bot.choose(seat_view) == Pass()


# --- the rollout policy ----------------------------------------------------------------------


def test_rollout_finishes_the_hand_and_values_it_for_each_team():
    for seed in range(5):
        # A game without a seed waits for a deal after each hand, as a drawn deal does.
        start = apply(new_game(), pitch13.Deal(pitch13.shuffled_deck(seed)))
        end = finish_hand(start)
        assert end.phase in (Phase.DEAL, Phase.GAME_OVER)
        assert len(end.results) == 1
        # A seeded game deals the next hand at once: the rollout stops there all the same.
        seeded = finish_hand(new_game(seed=seed))
        assert seeded.hand_number == 2 or seeded.is_over
        change = (end.scores[0] - start.scores[0], end.scores[1] - start.scores[1])
        assert hand_value(start, end, 0) == change[0] - change[1]
        assert hand_value(start, end, 1) == -hand_value(start, end, 0)


def test_rollout_policy_is_legal_and_plays_like_a_player():
    # The policy alone is a fair player: legal in every phase, and it feeds a partner's trick.
    rng = random.Random(3)
    fed = 0
    for seed in range(30):
        state = new_game(seed=seed)
        hand = state.hand_number
        while state.hand_number == hand and not state.is_over:
            actions = legal_actions(state)
            action = actions[0] if len(actions) == 1 else rollout_action(state, actions)
            assert action in actions
            if state.phase is Phase.PLAY and len(state.trick) == 3 and isinstance(action, Play):
                fed += _fed_partner(state, action)
            state = apply(state, action if rng.random() < 0.9 else rng.choice(actions))
    assert fed > 0


def _fed_partner(state, action) -> int:
    """1 if ``action`` is the last card of a trick its partner holds and gives it points."""
    table = pitch13.trumps
    trump = state.trump
    best_seat, best = None, -1
    for seat, card in state.trick:
        rank = table.trump_power(card, trump, state.rules)
        if rank is not None and rank > best:
            best_seat, best = seat, rank
    if best_seat is None or (best_seat - state.to_act) % 2:
        return 0
    return 1 if table.card_points(action.card, trump, state.rules) > 0 else 0


# --- strength --------------------------------------------------------------------------------


def test_beats_random_bot_over_paired_deals():
    wins = 0
    for pair in range(3):
        seed = game_seed(2026, pair)
        for seats in ((0, 2), (1, 3)):
            bots = [
                SearchBot(pair * 4 + s, iterations=2, auction_iterations=4) if s in seats else RandomBot(s)
                for s in range(4)
            ]
            final = play_game(bots, seed=seed)
            wins += final.winner == seats[0] % 2
    assert wins == 6


def test_a_forced_dealer_with_one_candidate_bids_without_search(monkeypatch):
    # All three seats before the dealer pass: the dealer must bid (R-BID-2). Considering only
    # the lowest bid, there is nothing to search.
    forced = None
    for seed in range(200):
        state = new_game(seed=seed)
        for _ in range(3):
            state = apply(state, Pass())
        if state.phase is Phase.BIDDING:
            forced = view(state, state.to_act)
            break
    assert forced is not None and Pass() not in forced.legal_actions

    def no_sampling(*args, **kwargs):
        raise AssertionError("searched a decision with one candidate")

    monkeypatch.setattr(pitch13.bots._search, "sample_state", no_sampling)
    assert SearchBot(0, bids=0).choose(forced) == forced.legal_actions[0]
    with pytest.raises(AssertionError, match="one candidate"):
        SearchBot(0, bids=1).choose(forced)


def test_budget_is_kept_as_given():
    bot = SearchBot(1, iterations=7, auction_iterations=9, time_limit=1, bids=0, bid_margin=2)
    assert (bot.iterations, bot.auction_iterations, bot.bids) == (7, 9, 0)
    assert bot.time_limit == 1.0 and isinstance(bot.time_limit, float)
    assert bot.bid_margin == 2.0 and isinstance(bot.bid_margin, float)
    default = SearchBot()
    assert (default.iterations, default.auction_iterations, default.time_limit) == (20, 60, None)
    assert (default.bids, default.bid_margin) == (2, 0.5)


def _moon_play_views(bidder: int) -> list[SeatView]:
    """Views in the play of a hand whose bidder, ``bidder``, shot the moon (R-BID-3)."""
    state = new_game(Rules(), dealer=(bidder - 1) % 4, seed=21)
    assert state.to_act == bidder
    state = apply(state, Bid(13), seat=bidder)
    views = []
    while state.hand_number == 1 and not state.is_over:
        seat = state.to_act
        seat_view = view(state, seat)
        if state.phase is Phase.PLAY and len(seat_view.legal_actions) > 1:
            views.append(seat_view)
        state = apply(state, SimpleBot(seat).choose(seat_view), seat=seat)
    return views


def test_a_seat_defending_against_a_moon_searches_with_the_larger_budget(monkeypatch):
    """Against a moon (R-BID-3, R-SCORE-2) one point breaks it and the game is at stake."""
    budgets = []
    real = SearchBot._search

    def spy(self, seat_view, candidates, budget, seed):
        budgets.append((seat_view.seat, budget))
        return real(self, seat_view, candidates, budget, seed)

    monkeypatch.setattr(SearchBot, "_search", spy)
    views = _moon_play_views(bidder=1)
    assert {v.seat & 1 for v in views} == {0, 1}  # both teams have plays to choose
    bot = SearchBot(3, iterations=2, auction_iterations=5)
    for seat_view in views:
        bot.choose(seat_view)
    assert budgets == [(v.seat, 5 if v.seat & 1 == 0 else 2) for v in views]
