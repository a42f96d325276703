"""Typical use of the public API type-checks, each value with the type a user expects."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from typing_extensions import assert_type

import pitch13
import pitch13.arena
import pitch13.encoding
import pitch13.simulate


def play_to_the_end(seed: int) -> pitch13.GameState:
    """Play a seeded game with the engine alone, always taking the first legal action."""
    state = pitch13.new_game(pitch13.Rules(), dealer=0, seed=seed)
    while not state.is_over:
        actions = pitch13.legal_actions(state)
        assert_type(actions, tuple[pitch13.SeatAction, ...])
        state = pitch13.apply(state, actions[0], seat=state.to_act)
    assert_type(state.winner, int | None)
    return state


def what_a_seat_sees(state: pitch13.GameState, seat: int) -> str:
    """A seat's view, its history, and the JSON a server sends."""
    seat_view = pitch13.view(state, seat)
    assert_type(seat_view, pitch13.SeatView)
    assert_type(seat_view.hand, tuple[pitch13.Card, ...])
    assert_type(seat_view.history, tuple[pitch13.seen.SeenEntry, ...])
    assert_type(pitch13.view_delta(state, seat, since=0), pitch13.ViewDelta)
    assert_type(pitch13.sample_state(seat_view, random.Random(1)), pitch13.GameState)
    return seat_view.to_json()


class LastActionBot:
    """A bot of one's own: any object with this method is a ``pitch13.bots.Bot``."""

    def choose(self, seat_view: pitch13.SeatView) -> pitch13.SeatAction:
        """The last legal action."""
        return seat_view.legal_actions[-1]


def play_with_bots(seed: int) -> pitch13.GameRecord:
    """Bots from pitch13.bots and one's own, a record, and its replay."""
    players: list[pitch13.bots.Bot] = [pitch13.bots.SimpleBot(1), pitch13.bots.RandomBot(2)]
    players += [LastActionBot(), pitch13.bots.SimpleBot(4)]
    final = pitch13.bots.play_game(players, pitch13.Rules.classic_ten_point(), seed=seed)
    record = pitch13.GameRecord.from_state(final)
    assert_type(pitch13.replay(record), tuple[pitch13.GameState, ...])
    assert_type(pitch13.GameRecord.from_json(record.to_json()), pitch13.GameRecord)
    assert_type(pitch13.state_from_json(pitch13.state_to_json(final)), pitch13.GameState)
    return record


def read_the_history(state: pitch13.GameState) -> list[int]:
    """The events of the history, from pitch13.events, narrowed by isinstance and by match."""
    winners = []
    for entry in state.history:
        assert_type(entry, pitch13.HistoryEntry)
        item = entry.item
        if isinstance(item, pitch13.events.TrickWon):
            winners.append(item.trick.winner)
        match item:
            case pitch13.events.GameOver(outcome=outcome):
                assert_type(outcome.termination, pitch13.Termination)
            case pitch13.Play(card=card):
                assert_type(card, pitch13.Card)
            case _:
                pass
    return winners


def trumps_and_cards(rules: pitch13.Rules) -> int:
    """The trump helpers of pitch13.trumps, with cards parsed from text."""
    trump = pitch13.Suit.HEARTS
    order = pitch13.trumps.trump_order(trump, rules)
    assert_type(order, tuple[pitch13.Card, ...])
    assert_type(pitch13.trumps.trump_power(order[0], trump, rules), int | None)
    assert_type(pitch13.trumps.is_trump(order[0], trump), bool)
    return sum(pitch13.trumps.card_points(card, trump, rules) for card in pitch13.parse_cards("AH 2H 3D"))


def refused(state: pitch13.GameState) -> str | None:
    """What the errors carry: an illegal action's reason."""
    try:
        pitch13.apply(state, pitch13.parse_action("play AH"))
    except pitch13.IllegalActionError as error:
        assert_type(error.reason, pitch13.IllegalReason)
        return str(error)
    return None


class SeededBot:
    """A bot class of one's own made from an int seed, with the view named as it likes."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, v: pitch13.SeatView, /) -> pitch13.SeatAction:
        """The first legal action."""
        return v.legal_actions[0]


class DefaultSeededBot(SeededBot):
    """A bot class whose int seed has a default: made from an int, or from nothing."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)


class UnseededBot:
    """A bot class made from nothing."""

    def choose(self, view: pitch13.SeatView) -> pitch13.SeatAction:
        """The first legal action."""
        return view.legal_actions[0]


def bots_as_the_arena_takes_them(state: pitch13.GameState) -> pitch13.bots.Bot:
    """A class made from an int seed, or from nothing, is a bot spec; any name of the view will do."""
    specs: list[pitch13.bots.BotSpec] = ["simple", SeededBot, UnseededBot, pitch13.bots.SearchBot]
    players: list[pitch13.bots.Bot] = [SeededBot(1), UnseededBot(), LastActionBot()]
    assert_type(pitch13.bots.bot_factory(specs[1])(7), pitch13.bots.Bot)
    pitch13.bots.bot_factory(specs[1])(None)  # type: ignore[arg-type]  # a spec may take only an int
    assert_type(pitch13.bots.bot_factory(SeededBot), Callable[[int], pitch13.bots.Bot])
    pitch13.bots.bot_factory(SeededBot)(None)  # type: ignore[arg-type]  # SeededBot needs an int
    pitch13.bots.bot_factory(DefaultSeededBot)(None)  # type: ignore[arg-type]  # its seed is an int too
    assert_type(pitch13.bots.bot_factory("simple"), Callable[[int | None], pitch13.bots.Bot])
    assert_type(pitch13.bots.bot_factory(pitch13.bots.SimpleBot), Callable[[int | None], pitch13.bots.Bot])
    assert_type(pitch13.bots.bot_factory(UnseededBot)(None), pitch13.bots.Bot)
    result = pitch13.arena.match(SeededBot, UnseededBot, pairs=1, seed=3)
    assert_type(result, pitch13.arena.MatchResult)
    assert_type(result.decision_times("a"), tuple[float, ...])
    result.median_decision("A")  # type: ignore[arg-type]  # bot A is "a"
    # A progress callback's answer is ignored: one that returns something (a stream's write, a
    # progress bar's update) will do.
    pitch13.arena.match("simple", "random", pairs=1, progress=lambda done, total: sys.stderr.write(f"{done}"))
    pitch13.simulate.simulate(1, progress=lambda done, total: sys.stderr.write(f"{done}/{total}"))
    return players[0]


def options_checked_by_type(state: pitch13.GameState, seat_view: pitch13.SeatView) -> None:
    """Scores as a list start a game; a misspelt weighting of the sampler is an error."""
    assert_type(pitch13.new_game(pitch13.Rules(), dealer=0, scores=[5, 0]), pitch13.GameState)
    pitch13.sample_state(seat_view, random.Random(1), weighting="shuffle")
    pitch13.sample_state(seat_view, random.Random(1), weighting="placement")  # type: ignore[arg-type]
    assert_type(pitch13.encoding.OBSERVATION_SPEC.field("hand").slice, slice[int, int, None])


def values_made_in_code(deck: tuple[pitch13.Card, ...]) -> pitch13.GameRecord:
    """A deal, a hand's record and a game's take what their checks take, to the checker too."""
    pitch13.Deal(deck)
    pitch13.Deal(card for card in deck)
    pitch13.Deal("AH KH")  # type: ignore[arg-type]
    pitch13.Deal(5)  # type: ignore[arg-type]
    hand = pitch13.HandRecord(deck, [(0, pitch13.Pass())])
    pitch13.HandRecord(deck=3, actions=[])  # type: ignore[arg-type]
    pitch13.GameRecord(pitch13.Rules(), 0, None, hands=7)  # type: ignore[arg-type]
    return pitch13.GameRecord(pitch13.Rules(), 0, None, [hand], start_scores=[3, 4])


def classes_not_made_by_calling_them() -> None:
    """A card comes from Card.parse and its kin, a state from new_game: calling either is an error."""
    pitch13.Card()  # type: ignore[call-arg]
    pitch13.Card("AH")  # type: ignore[arg-type]
    pitch13.GameState()  # type: ignore[call-arg]
    assert_type(pitch13.Card.parse("AH"), pitch13.Card)
    card = pitch13.Card.parse("AH")
    assert_type(card.suit, pitch13.Suit | None)
    card.index = 7  # type: ignore[misc]  # a card is immutable, to the checker too
    card.colour = "red"  # type: ignore[attr-defined]
