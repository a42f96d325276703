"""Tools for testing code built on pitch13: arranged decks, invariant checks and a conformance kit.

* :func:`arranged_deck` builds the :class:`~pitch13.Deal` that gives each seat chosen cards;
* :func:`check_invariants` checks one state;
* :func:`check_random_games` plays random games and checks, at every state, everything a
  correct engine guarantees: every legal action applies, illegal ones are refused with the state
  unchanged, the 54 cards and the points are all accounted for, scores change only when a hand
  is scored, and views, view deltas, samples, documents, records and pickles round-trip. Run it
  on the rule sets your code plays; a broken promise raises
  :class:`ConformanceError` naming the game, its seed and the ply, so it can be replayed.
* ``python -m pitch13.testing.soak`` runs it over many games under random rule sets.

>>> import pitch13
>>> from pitch13.testing import arranged_deck, check_invariants, check_random_games
>>> deal = arranged_deck({1: "AH KH QH JH JD BJ RJ 10H 9H"}, dealer=0)
>>> state = pitch13.apply(pitch13.new_game(), deal)
>>> [str(c) for c in state.hand(1)]
['JD', '9H', '10H', 'JH', 'QH', 'KH', 'AH', 'BJ', 'RJ']
>>> check_invariants(state)
>>> report = check_random_games(pitch13.Rules(), games=2, seed=1, hand_cap=2)
>>> report.games, report.states > 50
(2, True)
"""

from __future__ import annotations

import functools
import pickle
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Final, NoReturn

import attrs

from pitch13._base.checks import at_most, check_count, check_seat, excerpt, option_or_default
from pitch13._base.seeds import check_parts
from pitch13._base.shuffle import deal_positions
from pitch13._core.action_sets import BIDS, DISCARDS, GIVE_UPS, NAME_TRUMPS, PLAYS, TAKES
from pitch13.actions import PASS, REJECT, STOP, TURN_UP, Deal, SeatAction
from pitch13.cards import DECK, Card, parse_cards
from pitch13.engine import apply, legal_actions, new_game
from pitch13.errors import ConformanceError, IllegalActionError, IllegalReason, InvariantError
from pitch13.events import HandScored
from pitch13.records import GameRecord, replay, state_from_json, state_to_json
from pitch13.rules import Rules
from pitch13.sampling import sample_state
from pitch13.state import GameState, Phase
from pitch13.testing._mutants import Verdict, judge, mutated_delta, mutated_document
from pitch13.trumps import card_points
from pitch13.views import SeatView, spectator_view, view, view_delta

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "InvariantError",
    "arranged_deck",
    "check_invariants",
    "check_random_games",
]

_CardsLike = str | Iterable[Card]
_Fail = Callable[[str], NoReturn]


def _cards(value: _CardsLike) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value)
    if not isinstance(value, Iterable):
        raise TypeError(f"cards are a string or Cards, not {excerpt(value)}")
    cards, more = at_most(value, len(DECK))
    if more:
        raise ValueError("more cards are listed than the deck has")
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"a card is a pitch13.Card, not {excerpt(card)}")
    return cards


def arranged_deck(hands: Mapping[int, _CardsLike], *, dealer: int = 0, stock: _CardsLike = ()) -> Deal:
    """A :class:`~pitch13.Deal` that gives each listed seat exactly the listed cards.

    Args:
        hands: seat → up to 9 cards (a string such as ``"AH KH 3D"`` or cards). A seat given
            fewer than 9, and every seat not listed, is filled with the remaining cards in
            index order, after the top of the stock is set aside.
        dealer: the dealer the deck will be dealt by (the mapping of R-DEAL-1 depends on it).
        stock: the top cards of the stock, in order; the rest of the stock follows.

    Raises:
        TypeError: if ``hands`` is not a mapping, a seat or ``dealer`` is not an int, or cards
            are neither a string nor :class:`~pitch13.Card` objects.
        ValueError: if a seat or ``dealer`` is not from 0 to 3, a card is listed twice (or
            cannot be read: :class:`~pitch13.CardParseError`), a seat gets more than 9 cards,
            or the stock more than 18.
    """
    if not isinstance(hands, Mapping):
        raise TypeError(f"hands is a mapping of seats to cards, not {excerpt(hands)}")
    dealer = check_seat(dealer, "dealer")
    wanted = {check_seat(seat): _cards(cards) for seat, cards in hands.items()}
    top = _cards(stock)
    used: set[Card] = set()
    for cards in (*wanted.values(), top):
        for card in cards:
            if card in used:
                raise ValueError(f"{card} is listed twice")
            used.add(card)
    for seat, cards in wanted.items():
        if len(cards) > 9:
            raise ValueError(f"a seat is dealt 9 cards, and {len(cards)} are listed for seat {seat}")
    if len(top) > 18:
        raise ValueError(f"the stock has 18 cards, and {len(top)} are listed for it")
    spare = [card for card in DECK if card not in used]
    full: dict[int, list[Card]] = {}
    for seat in range(4):
        full[seat] = list(wanted.get(seat, ()))
        while len(full[seat]) < 9:
            full[seat].append(spare.pop(0))
    order: list[Card] = [*DECK[:36], *top, *spare]
    for seat, dealt in full.items():
        for position, card in zip(deal_positions(dealer, seat), dealt, strict=True):
            order[position] = card
    return Deal(order)


def check_invariants(state: GameState) -> None:
    """Check that ``state`` is consistent; raise :class:`InvariantError` if it is not.

    Checked: every one of the 54 cards is in exactly one place (a hand, the middle, the dead
    pile, the stock, the turned-up card, the current trick, a finished trick) while a hand is
    under way; no place holds a card twice; points taken never exceed the points total; no
    seat holds more than 9 cards, or more than 6 once play begins.

    Raises:
        InvariantError: if ``state`` is not consistent.
        TypeError: if ``state`` is not a :class:`~pitch13.GameState`.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"check_invariants() takes a GameState, not {excerpt(state)}")
    if state.phase is Phase.DEAL:
        return
    places: list[tuple[str, Iterable[Card]]] = [(f"hand {s}", state.hand(s)) for s in range(4)]
    places += [("middle", state.middle), ("dead pile", state.dead), ("stock", state.stock)]
    if state.turned_card is not None:
        places.append(("turned-up card", (state.turned_card,)))
    places.append(("trick", (card for _, card in state.trick)))
    places += [(f"trick {t.number}", t.cards) for t in state.tricks]
    where: dict[Card, str] = {}
    for name, cards in places:
        for card in cards:
            if card in where:
                raise InvariantError(f"{card} is both in the {where[card]} and in the {name}")
            where[card] = name
    if len(where) != len(DECK):
        missing = sorted(set(DECK) - set(where))
        raise InvariantError(f"{len(missing)} cards are nowhere: {' '.join(map(str, missing))}")
    if not set(state.dead_face_up) <= set(state.dead):
        raise InvariantError("a face-up dead card is not in the dead pile")
    if not set(state.takeable) <= set(state.middle):
        raise InvariantError("a card that may be picked up is not in the middle")
    taken = state.points_taken
    if min(taken) < 0 or sum(taken) > state.rules.points_total:
        raise InvariantError(f"points taken {taken} exceed the {state.rules.points_total} in a hand")
    limit = 6 if state.phase is Phase.PLAY else 9
    for seat in range(4):
        if len(state.hand(seat)) > limit:
            raise InvariantError(f"seat {seat} holds {len(state.hand(seat))} cards in {state.phase.value}")


# --- the conformance kit ---------------------------------------------------------------------------


@attrs.frozen
class ConformanceReport:
    """What :func:`check_random_games` checked (all of it held).

    Raises:
        TypeError: if a count is not an int.
        ValueError: if a count is negative, or more games finished, or more mutants were
            accepted, than there were.
    """

    #: Games played.
    games: int
    #: Of them, games played to their end (the others were cut at ``hand_cap`` hands).
    finished: int
    #: States checked, one per step of each game.
    states: int
    #: Legal actions applied, every one of every state (the step taken among them).
    legal_applied: int
    #: Illegal actions refused (drawn from the whole action space, a wrong seat, a stale ply).
    illegal_refused: int
    #: Views checked (each seat's and the spectator's, their JSON and their deltas).
    views: int
    #: States sampled from a view and checked to give that view back.
    samples: int
    #: Records, documents and pickles checked to round-trip.
    round_trips: int
    #: Mutated view deltas and view documents read (see ``mutants``); each was refused with a
    #: short :class:`~pitch13.DocumentError` or accepted, and every one accepted was sampled.
    mutants: int = 0
    #: Of them, those accepted: views a game reaches, each sampled back to itself.
    mutants_accepted: int = 0

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(ConformanceReport):
            check_count(getattr(self, field.name), f"ConformanceReport.{field.name}", 0)
        if self.finished > self.games or self.mutants_accepted > self.mutants:
            raise ValueError(
                f"ConformanceReport: {self.finished} of {self.games} games finished, and "
                f"{self.mutants_accepted} of {self.mutants} mutants accepted: more than there were"
            )


#: Every seat action there is: the illegal ones of a state are drawn from here.
_ACTION_SPACE: Final[tuple[SeatAction, ...]] = (
    PASS,
    *BIDS[1:],
    *NAME_TRUMPS,
    TURN_UP,
    REJECT,
    STOP,
    *DISCARDS,
    *TAKES,
    *GIVE_UPS,
    *PLAYS,
)


@attrs.define
class _Counts:
    games: int = 0
    finished: int = 0
    states: int = 0
    legal_applied: int = 0
    illegal_refused: int = 0
    views: int = 0
    samples: int = 0
    round_trips: int = 0
    mutants: int = 0
    mutants_accepted: int = 0


def check_random_games(
    rules: Rules | None = None,
    *,
    games: int = 10,
    seed: int = 0,
    hand_cap: int | None = 20,
    illegal: int = 3,
    views: bool = True,
    samples: int = 2,
    round_trips: bool = True,
    mutants: int = 0,
) -> ConformanceReport:
    """Play ``games`` random games under ``rules`` and check every promise of the engine at every step.

    Half the games are seeded (:func:`~pitch13.new_game` deals), half are dealt by the caller
    with :class:`~pitch13.Deal`; dealers vary. At every state:

    * :func:`check_invariants` holds: each of the 54 cards in exactly one place;
    * chance states have no legal actions; other states have some, all different, and **every
      one applies** to a state one ply on, whose invariants hold;
    * ``illegal`` different actions drawn from the rest of the action space are refused with
      :class:`~pitch13.IllegalActionError`, as are a legal action claimed by another seat
      (:attr:`~pitch13.IllegalReason.NOT_YOUR_TURN`) and one made for an earlier ply
      (:attr:`~pitch13.IllegalReason.STALE_MOVE`); the state is unchanged after each;
    * the points are conserved: each team's :attr:`~pitch13.GameState.points_taken` are the
      points of its :attr:`~pitch13.GameState.cards_won`;
    * scores change only when a hand is scored, by that hand's ``score_change``;
    * with ``views``, each seat's view and the spectator's round-trip through JSON, and a view
      updated by :func:`~pitch13.view_delta` is the view of the new state; ``samples`` states
      a hand are sampled from a seat's view (:func:`~pitch13.sample_state`) and give that view
      back, so the view tells nothing the sample does not share;
    * with ``mutants``, at the end of each game, that many view deltas and as many view
      documents of the game are read with one fault each (a card, seat or number changed, an
      entry dropped, repeated or moved, the ply, scores, dealers or hand number edited): each is
      refused with a :class:`~pitch13.DocumentError` of at most 300 characters, or is a view a
      game reaches: it round-trips through JSON, and :func:`~pitch13.sample_state` samples a
      state whose view it is;
    * with ``round_trips``, at the end of each game (or at ``hand_cap`` hands), the game's
      :class:`~pitch13.GameRecord` round-trips through JSON and text and replays to the same
      state, and the state round-trips through :func:`~pitch13.state_to_json` and pickle.

    Args:
        rules: the rules (default :class:`Rules() <pitch13.Rules>`).
        games: how many games to play.
        seed: the seed of everything random here: the same arguments play the same games, and
            the games do not depend on the checks (``illegal``, ``views``, ``samples``, ...).
        hand_cap: stop a game after this many hands (``None``: play each to its end).
        illegal: how many actions of the rest of the action space are tried at each state, all
            different (:data:`~pitch13.encoding.NUM_ACTIONS`, 237, or more: every one of them,
            which also finds a legal action that ``legal_actions`` leaves out).
        views: whether to check views and view deltas.
        samples: states sampled a hand (``0``: none).
        round_trips: whether to check records, documents and pickles.
        mutants: mutated deltas, and as many mutated documents, read a game (``0``: none).

    Returns:
        What was checked.

    Raises:
        ConformanceError: at the first broken promise, naming the game, its seed and the ply.
        TypeError: if ``rules`` is not a :class:`~pitch13.Rules`, ``seed`` or a count not an
            int (a bool is not one), or ``views`` or ``round_trips`` not a bool.
        ValueError: if a count is negative, ``hand_cap`` is below 1, or ``seed`` has more than
            4,300 digits.
    """
    rules = option_or_default(rules, Rules, "rules", Rules())
    check_parts(seed=seed)
    for name, count in (("games", games), ("illegal", illegal), ("samples", samples), ("mutants", mutants)):
        check_count(count, name, 0)
    if hand_cap is not None:
        check_count(hand_cap, "hand_cap")
    for name, flag in (("views", views), ("round_trips", round_trips)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {excerpt(flag)}")
    counts = _Counts()
    for game in range(games):
        game_seed = random.Random(f"pitch13-conformance:{seed}:{game}").getrandbits(64)
        _check_game(rules, game, game_seed, hand_cap, illegal, views, samples, round_trips, mutants, counts)
    return ConformanceReport(**attrs.asdict(counts))


def _check_game(
    rules: Rules,
    game: int,
    game_seed: int,
    hand_cap: int | None,
    illegal: int,
    views: bool,
    samples: int,
    round_trips: bool,
    mutants: int,
    counts: _Counts,
) -> None:
    rng = random.Random(game_seed)  # the deals and the choices: the game does not depend on the checks
    checks = random.Random(f"pitch13-conformance-checks:{game_seed}")
    states: list[GameState] = []
    state = new_game(rules, dealer=game % 4, seed=game_seed if game % 2 == 0 else None)

    def fail(why: str) -> NoReturn:
        raise ConformanceError(f"game {game} (game seed {game_seed}), ply {state.ply}: {why}")

    try:
        seen: dict[int | None, SeatView] = {}
        sampled = 0  # states sampled this hand
        while not state.is_over and (hand_cap is None or state.hand_number <= hand_cap):
            counts.states += 1
            if mutants:
                states.append(state)
            _check_state(state, fail)
            if views:
                _check_views(state, seen, fail)
                counts.views += 5
            if state.is_chance:
                if legal_actions(state):
                    fail("a chance state has legal actions")
                order = list(DECK)
                rng.shuffle(order)
                state = apply(state, Deal(order))
                continue
            actions = legal_actions(state)
            if not actions or len(set(actions)) != len(actions):
                fail(f"the legal actions are empty or repeat: {[str(a) for a in actions]}")
            for action in actions:
                after = apply(state, action)
                if after.ply != state.ply + 1:
                    fail(f"{action} did not move the game one ply on")
                _check_state(after, functools.partial(_after, fail, action))
            counts.legal_applied += len(actions)
            counts.illegal_refused += _check_refusals(state, actions, checks, illegal, fail)
            if views and sampled < samples and checks.random() < 0.25:
                sampled += 1
                seat = checks.randrange(4)
                seat_view = view(state, seat)
                if view(sample_state(seat_view, checks), seat) != seat_view:
                    fail(f"a state sampled from seat {seat}'s view does not give that view")
                counts.samples += 1
            before = state
            state = apply(state, rng.choice(actions))
            if before.hand_number != state.hand_number:
                sampled = 0
            _check_scores(before, state, fail)
        if mutants:
            states.append(state)
            _check_mutants(states, mutants, checks, counts, fail)
        counts.games += 1
        counts.finished += state.is_over
        if round_trips:
            _check_round_trips(state, fail)
            counts.round_trips += 1
    except ConformanceError:
        raise
    except Exception as error:  # any other failure is a broken promise too
        fail(f"{type(error).__name__}: {error}")


def _check_mutants(
    states: list[GameState], mutants: int, rng: random.Random, counts: _Counts, fail: _Fail
) -> None:
    """Read ``mutants`` mutated deltas and documents of the game's views, and judge each."""
    verdict = Verdict()
    for _ in range(mutants):
        a = rng.randrange(len(states))
        b = min(len(states) - 1, a + rng.randrange(1, 15))
        seat = rng.choice((0, 1, 2, 3, None))
        earlier, later = states[a], states[b]
        delta = mutated_delta(view_delta(later, seat, earlier.ply), rng.randrange)
        seen = spectator_view(earlier) if seat is None else view(earlier, seat)
        problem = judge(lambda: seen.updated(delta), verdict, rng, delta)  # noqa: B023 - called at once
        if problem is not None:
            fail(f"seat {seat}'s view of ply {earlier.ply} updated by {delta}: {problem}")
        document = mutated_document(
            spectator_view(later) if seat is None else view(later, seat), rng.randrange
        )
        problem = judge(lambda: SeatView.from_dict(document), verdict, rng, document)  # noqa: B023 - called at once
        if problem is not None:
            fail(f"seat {seat}'s view document of ply {later.ply}, mutated: {problem}")
    counts.mutants += verdict.tried
    counts.mutants_accepted += verdict.accepted


def _after(fail: _Fail, action: SeatAction, why: str) -> NoReturn:
    fail(f"after {action}: {why}")


def _check_state(state: GameState, fail: _Fail) -> None:
    try:
        check_invariants(state)
    except InvariantError as error:
        fail(str(error))
    if state.phase is Phase.PLAY:
        trump = state.trump
        assert trump is not None
        for team, cards in enumerate(state.cards_won):
            points = sum(card_points(card, trump, state.rules) for card in cards)
            if points != state.points_taken[team]:
                fail(f"team {team} took {state.points_taken[team]} points with cards worth {points}")


def _check_refusals(
    state: GameState, actions: tuple[SeatAction, ...], rng: random.Random, illegal: int, fail: _Fail
) -> int:
    """Refuse ``illegal`` actions of the rest of the action space, a wrong seat and a stale ply."""
    legal = set(actions)
    before = (state.ply, state.history_len, hash(state), actions)
    rest = [action for action in _ACTION_SPACE if action not in legal]
    tried: list[tuple[SeatAction, int | None, int | None]] = [
        (action, None, None) for action in rng.sample(rest, min(illegal, len(rest)))
    ]
    seat = state.to_act
    assert seat is not None
    tried.append((actions[0], (seat + 1 + rng.randrange(3)) & 3, None))
    if state.ply:
        tried.append((actions[0], None, state.ply - 1))
    for action, claimed, ply in tried:
        try:
            apply(state, action, seat=claimed, ply=ply)
        except IllegalActionError as error:
            if not isinstance(error.reason, IllegalReason) or error.action != action:
                fail(f"{action} was refused without its reason or action")
            if claimed is not None and error.reason is not IllegalReason.NOT_YOUR_TURN:
                fail(f"{action} by seat {claimed} out of turn was refused as {error.reason}")
            if ply is not None and error.reason is not IllegalReason.STALE_MOVE:
                fail(f"{action} made at ply {ply} was refused as {error.reason}")
        else:
            fail(f"{action} (seat {claimed}, ply {ply}) was applied, but it is not legal here")
        if (state.ply, state.history_len, hash(state), legal_actions(state)) != before:
            fail(f"refusing {action} changed the state")
    return len(tried)


def _check_scores(before: GameState, after: GameState, fail: _Fail) -> None:
    """Scores change only when a hand is scored, by its score change."""
    scored = [e.item for e in after.history_since(before.history_len) if isinstance(e.item, HandScored)]
    if not scored:
        if after.scores != before.scores:
            fail(f"the scores changed from {before.scores} to {after.scores} with no hand scored")
        return
    result = scored[-1].result
    expected = tuple(s + c for s, c in zip(before.scores, result.score_change, strict=True))
    if result.scores != expected or after.scores != expected:
        fail(f"hand {result.hand_number} scored {result.score_change}: {before.scores} became {after.scores}")


def _check_views(state: GameState, seen: dict[int | None, SeatView], fail: _Fail) -> None:
    """Each view round-trips through JSON, and the last view updated by a delta is the new view."""
    for seat in (0, 1, 2, 3, None):
        current = spectator_view(state) if seat is None else view(state, seat)
        if SeatView.from_json(current.to_json()) != current:
            fail(f"the view of seat {seat} does not round-trip through JSON")
        last = seen.get(seat)
        if last is not None and last.updated(view_delta(state, seat, last.ply)) != current:
            fail(f"seat {seat}'s view of ply {last.ply} updated by a delta is not its view")
        seen[seat] = current


def _check_round_trips(state: GameState, fail: _Fail) -> None:
    record = GameRecord.from_state(state)
    if GameRecord.from_json(record.to_json()) != record or GameRecord.from_text(record.to_text()) != record:
        fail("the game's record does not round-trip through JSON and text")
    if replay(record)[-1] != state:
        fail("the game's record does not replay to the game")
    if state_from_json(state_to_json(state)) != state:
        fail("the state does not round-trip through state_to_json")
    for protocol in (0, pickle.HIGHEST_PROTOCOL):
        if pickle.loads(pickle.dumps(state, protocol)) != state:
            fail(f"the state does not round-trip through pickle (protocol {protocol})")
