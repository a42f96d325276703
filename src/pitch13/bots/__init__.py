"""Bots: players that decide from a :class:`~pitch13.SeatView` only, and a game runner.

A bot is any object with a ``choose(view)`` method that returns one of ``view.legal_actions``
(:class:`Bot`). It is given no :class:`~pitch13.GameState`, and no attribute of a view shows
a hidden card; a search bot that needs full states samples them with
:func:`~pitch13.sample_state`. A view that has not yet worked out its history still holds the
hand's record (see :class:`~pitch13.SeatView`), which code in the same process can reach with
tools such as :func:`gc.get_referents`: give a bot you do not trust a view read back from its
JSON (``SeatView.from_json(view.to_json())``), or run it in a process of its own.

>>> import pitch13
>>> final = pitch13.bots.play_game([pitch13.bots.SimpleBot(seed) for seed in range(4)], seed=7)
>>> final.is_over
True
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from inspect import Parameter
from typing import Protocol, Union, cast, overload, runtime_checkable

from pitch13._base.checks import MAX_HANDS, at_most, excerpt, in_order
from pitch13._core.tables import TrumpTable, table_for
from pitch13.actions import (
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Play,
    Reject,
    SeatAction,
    Stop,
    Take,
    TurnUp,
)
from pitch13.bots._args import Maker, choices_of, chosen, is_bot, seeded_random
from pitch13.bots._search import SearchBot
from pitch13.bots._solver import SolverBot
from pitch13.bots._summary import HandSummary, HandWatcher
from pitch13.cards import DECK, Card, Suit
from pitch13.engine import apply, new_game
from pitch13.errors import BotError, BotFailedError, GameTooLongError
from pitch13.rules import Rules
from pitch13.state import GameState, Phase
from pitch13.views import SeatView, view

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotError",
    "BotFailedError",
    "BotSpec",
    "RandomBot",
    "SearchBot",
    "SimpleBot",
    "SolverBot",
    "bot_factory",
    "iter_hands",
    "play_game",
]

SearchBot.__module__ = __name__
SolverBot.__module__ = __name__


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses an action for its seat from that seat's view."""

    def choose(self, view: SeatView, /) -> SeatAction:
        """One of ``view.legal_actions``; the view is passed by position, whatever its name in a bot."""
        ...  # pragma: no cover - a protocol


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded random source."""

    def __init__(self, seed: int | None = None) -> None:
        """Make a bot; the same ``seed`` makes the same choices from the same views, in the same order.

        Raises:
            TypeError: if ``seed`` is neither an int nor ``None``.
        """
        self._rng = seeded_random(seed, "RandomBot")

    def choose(self, view: SeatView) -> SeatAction:
        """A uniformly random legal action.

        Raises:
            TypeError: if ``view`` is not a :class:`~pitch13.SeatView`.
            ValueError: if the view is a spectator's or has no action to take.
        """
        return self._rng.choice(choices_of(view, "RandomBot"))


class SimpleBot:
    """A simple, readable player: a demonstration, not a strong one.

    It bids the lowest amount it may when its best suit looks worth at least that, names that suit, sheds and gives up its weakest
    cards, keeps point cards, and plays its lowest card that wins the trick, else its lowest
    card; a led trick gets its highest card.
    """

    def __init__(self, seed: int | None = None) -> None:
        """Make a bot; ``seed`` breaks ties reproducibly.

        Raises:
            TypeError: if ``seed`` is neither an int nor ``None``.
        """
        self._rng = seeded_random(seed, "SimpleBot")
        # The trump tables of the last rules seen, one per suit, as (rules, tables).
        self._tables: tuple[Rules | None, tuple[TrumpTable, ...]] = (None, ())

    def _tables_for(self, rules: Rules) -> tuple[TrumpTable, ...]:
        """The trump table of each suit under ``rules``, indexed by suit (kept for the last rules)."""
        known, tables = self._tables
        if known is not rules:
            tables = tuple(table_for(suit, rules) for suit in Suit)
            self._tables = (rules, tables)
        return tables

    def choose(self, view: SeatView) -> SeatAction:
        """Its action for the view's seat.

        Raises:
            TypeError: if ``view`` is not a :class:`~pitch13.SeatView`.
            ValueError: if the view is a spectator's or has no action to take, or (made in
                code) names no trump past the auction.
        """
        actions = choices_of(view, "SimpleBot")
        phase = view.phase
        tables = self._tables_for(view.rules)
        if phase is Phase.BIDDING:
            hand = _mask(view.hand)
            worth = max(_suit_value(table, hand) for table in tables)
            bids = [a for a in actions if isinstance(a, Bid) and a.amount <= worth]
            return bids[0] if bids else actions[0]  # else a pass, or the lowest forced bid
        if phase is Phase.TRUMP:
            hand = _mask(view.hand)
            trumps = [a for a in actions if isinstance(a, NameTrump)]
            return max(trumps, key=lambda a: (_suit_value(tables[a.suit], hand), self._rng.random()))
        trump = view.trump
        if trump is None:  # only a view made in code: the library's views name trump past the auction
            raise ValueError(f"a view in the {phase.value} phase names trump, and this one does not")
        table = tables[trump]
        if phase is Phase.PLAY:
            return _play(table, view)
        if phase is Phase.DISCARD:
            sheds = [a for a in actions if isinstance(a, Discard)]
            return min(sheds, key=lambda a: _keep_value(table, a.card))
        if phase is Phase.PICKUP:
            takes = [a for a in actions if isinstance(a, Take)]
            return max(takes, key=lambda a: _keep_value(table, a.card)) if takes else Stop()
        if phase is Phase.LOOK:
            if view.turned_card is None:
                return TurnUp()
            give = min(
                (a for a in actions if isinstance(a, GiveUp)), key=lambda a: _keep_value(table, a.card)
            )
            if _keep_value(table, give.card) < _keep_value(table, view.turned_card):
                return give
            return Reject()
        return _play(table, view)


def _play(table: TrumpTable, view: SeatView) -> SeatAction:
    """The highest card to lead a trick, else the lowest card that wins it, else the lowest card."""
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    power = table.power
    plays.sort(key=lambda a: power[a.card.index])
    if not view.trick:
        return plays[-1]
    best = max(power[card.index] for _, card in view.trick)
    for play in plays:
        if power[play.card.index] > best:
            return play
    return plays[0]


def _mask(cards: Sequence[Card]) -> int:
    """The cards as a mask of their indices."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def _keep_value(table: TrumpTable, card: Card) -> tuple[int, int]:
    """How much a card is worth keeping: its points, then its power (a dead card is -1)."""
    return (table.points[card.index], table.power[card.index])


def _suit_value(table: TrumpTable, hand: int) -> int:
    """What a hand (a mask) is worth with the table's suit as trump.

    Its trump points halved, plus its trumps from the ace down to the Jick, plus half its trumps.
    """
    trumps = hand & table.mask
    high = sum(1 for i in table.order[:5] if trumps >> i & 1)
    return table.points_of(trumps) // 2 + high + trumps.bit_count() // 2


def play_game(
    bots: Iterable[Bot],
    rules: Rules | None = None,
    *,
    dealer: int = 0,
    seed: int | None = None,
    max_actions: int | None = None,
    on_hand: Callable[[HandSummary], object] | None = None,
) -> GameState:
    """Play a whole game: each bot chooses from its own seat's view, the runner applies.

    This is the loop a game server runs: for the seat to act, build its view, ask its
    player, apply the answer with ``seat=`` so a move from the wrong seat is refused.

    >>> hands = []
    >>> final = play_game([SimpleBot(seat) for seat in range(4)], seed=7, on_hand=hands.append)
    >>> len(hands) == final.hand_number, hands[-1].winner == final.winner
    (True, True)

    Args:
        bots: four bots, for seats 0 to 3: a list, a tuple or another iterable in seat order.
        rules: the rules (default :class:`~pitch13.Rules`).
        dealer: the first dealer.
        seed: the seed of the deals; without one each hand is dealt from the operating
            system's random source.
        max_actions: stop after this many actions (the returned state is then not over).
        on_hand: called with the :class:`~pitch13.simulate.HandSummary` of each hand as soon
            as it is finished (scored or thrown in), before the next is played; what it returns
            is ignored.

    Raises:
        BotError: if a bot returns an action that is not legal.
        BotFailedError: if a bot's ``choose`` raises an exception (from it).
        GameTooLongError: if the game is not over after 10,000 hands.
        TypeError: if ``bots`` is not four bots, ``max_actions`` neither ``None`` nor an int,
            ``on_hand`` is not callable, or ``rules``, ``dealer`` or ``seed`` is not what
            :func:`~pitch13.new_game` takes.
        ValueError: if ``max_actions`` is negative, or ``dealer`` or ``seed`` is out of
            :func:`~pitch13.new_game`'s range.
    """
    if on_hand is not None and not callable(on_hand):
        raise TypeError(f"on_hand must be callable, not {type(on_hand).__name__}")
    if max_actions is not None:
        if not isinstance(max_actions, int) or isinstance(max_actions, bool):
            raise TypeError(f"max_actions must be None or an int, not {excerpt(max_actions)}")
        if max_actions < 0:
            raise ValueError(f"max_actions must be at least 0, not {excerpt(max_actions)}")
    bots = _checked_bots(bots, "play_game")
    run = _run(bots, new_game(rules, dealer=dealer, seed=seed), max_actions, summarize=on_hand is not None)
    while True:
        try:
            summary = next(run)
        except StopIteration as stop:
            final: GameState = stop.value
            return final
        if on_hand is not None:
            on_hand(summary)


def iter_hands(
    bots: Iterable[Bot],
    rules: Rules | None = None,
    *,
    dealer: int = 0,
    seed: int | None = None,
) -> Iterator[HandSummary]:
    """Play a whole game as :func:`play_game` does, yielding each hand's summary as it ends.

    The game is played lazily: each hand is played when the next summary is asked for.

    >>> hands = list(iter_hands([SimpleBot(seat) for seat in range(4)], seed=7))
    >>> [hand.hand_number for hand in hands] == list(range(1, len(hands) + 1))
    True
    >>> [hand.winner is not None for hand in hands[-2:]]
    [False, True]

    Args:
        bots: four bots, for seats 0 to 3: a list, a tuple or another iterable in seat order.
        rules: the rules (default :class:`~pitch13.Rules`).
        dealer: the first dealer.
        seed: the seed of the deals (see :func:`play_game`).

    Raises:
        BotError: if a bot returns an action that is not legal.
        BotFailedError: if a bot's ``choose`` raises an exception (from it).
        GameTooLongError: if the game is not over after 10,000 hands.
        TypeError: if ``bots`` is not four bots, or an argument of the game has the wrong type.
        ValueError: if ``dealer`` or ``seed`` is out of range (as :func:`~pitch13.new_game`).
    """
    bots = _checked_bots(bots, "iter_hands")  # the bots and the game's arguments, at the call
    return _run(bots, new_game(rules, dealer=dealer, seed=seed), None, summarize=True)


def _checked_bots(bots: Iterable[Bot], caller: str) -> tuple[Bot, ...]:
    """``bots`` as a tuple, if they are four bots in seat order; else the documented :exc:`TypeError`.

    Any iterable of them will do (a generator too) but a set or a mapping, which have no order.
    """
    if not in_order(bots):
        raise TypeError(f"{caller}() takes four bots in seat order, a list or a tuple, not {excerpt(bots)}")
    found, more = at_most(bots, 4)
    if more or len(found) != 4 or not all(is_bot(bot) for bot in found):
        raise TypeError(f"{caller}() takes four bots, objects with a choose(view) method")
    return found


def _run(
    bots: Sequence[Bot], state: GameState, max_actions: int | None, *, summarize: bool
) -> Generator[HandSummary, None, GameState]:
    """The game loop from ``state``; yields each hand's summary (if ``summarize``) and returns the last state."""
    shuffler = random.SystemRandom()
    count = 0
    watcher = HandWatcher(state) if summarize else None
    while not state.is_over and (max_actions is None or count < max_actions):
        if state.is_chance:
            state = apply(state, Deal(shuffler.sample(DECK, len(DECK))))
            continue
        seat = state.to_act
        assert seat is not None
        action = chosen(bots[seat].choose, seat, view(state, seat))
        phase = state.phase
        state = apply(state, action, seat=seat)
        count += 1
        if state.hand_number > MAX_HANDS:  # a game from hand 1: its bots may never end it
            raise GameTooLongError("the game")
        if watcher is not None:
            summary = watcher.step(phase, action, state)
            if summary is not None:
                yield summary
    return state


#: A bot as the arena and the simulator take it: a name for :func:`bot_factory` (``"simple"``,
#: ``"module:Class"``), or a callable that makes a bot from a seed, an int (a class such as
#: :class:`SimpleBot`), or from nothing. With more than one worker, or on Dask, it must be
#: picklable: a name, or a class or function defined at the top of a module.
BotSpec = Union[str, Callable[[int], Bot], Callable[[], Bot]]

#: The bots :func:`bot_factory` knows by name.
BOT_NAMES: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "simple": SimpleBot,
    "search": SearchBot,
    "solver": SolverBot,
}


@overload
def bot_factory(spec: str | Callable[[int | None], Bot]) -> Callable[[int | None], Bot]: ...
@overload
def bot_factory(spec: Callable[[int], Bot]) -> Callable[[int], Bot]: ...
@overload
def bot_factory(spec: Callable[[], Bot]) -> Callable[[int | None], Bot]: ...
def bot_factory(spec: BotSpec) -> Callable[[int | None], Bot]:
    """What makes a bot from a seed: a name of :data:`BOT_NAMES`, ``module:Class``, or a callable.

    ``module:Class`` imports ``module`` and takes its ``Class`` (or any callable). That callable,
    or one given as ``spec`` (a bot class of yours), is called with the seed as its argument if
    it takes one, else as ``seed=`` if it takes that keyword, else with none, and must make a
    :class:`Bot`: what is returned raises :exc:`TypeError` when a call makes anything else. This
    is how :func:`pitch13.arena.match`, :mod:`pitch13.simulate`, ``pitch13 match`` and ``pitch13
    simulate`` make their players.

    >>> make = bot_factory("simple")
    >>> isinstance(make(7), SimpleBot)
    True

    To a type checker, what is made from a class that takes only an int seed takes only an
    int: the library calls it with one. A name, or a class whose seed may be ``None``, makes
    what takes ``None`` too (a bot without a seed).

    Raises:
        ValueError: if ``spec`` names no bot, or its module cannot be imported (whatever
            :exc:`Exception` the module raises, or a ``sys.exit()`` in its code), or it has no
            such class.
        TypeError: if ``spec`` is neither a string nor callable.
    """
    if isinstance(spec, str):
        if spec in BOT_NAMES:
            return BOT_NAMES[spec]
        return _imported(spec)
    if not callable(spec):
        raise TypeError(f"a bot is a name or a callable that makes one, not {type(spec).__name__}")
    for known in BOT_NAMES.values():
        if spec is known:
            return known
    return _checked(spec, f"bot {getattr(spec, '__name__', None) or type(spec).__name__}")


def _imported(spec: str) -> Callable[[int | None], Bot]:
    """The maker of ``module:Class``."""
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        names = ", ".join(BOT_NAMES)
        raise ValueError(f"unknown bot {excerpt(spec)}: use one of {names}, or module:Class")
    try:
        module = importlib.import_module(module_name)
    except SystemExit as error:  # its code called sys.exit(): no bot, and not the caller's end
        raise ValueError(f"bot {excerpt(spec)}: its module exited ({error!r})") from None
    except Exception as error:  # a missing module, or any error of its code (a name of hundreds
        # of dotted parts recurses)
        raise ValueError(
            f"bot {excerpt(spec)}: cannot import {excerpt(module_name)}"
            f" ({type(error).__name__}: {excerpt(str(error))})"
        ) from error
    found: object = module
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise ValueError(
                f"bot {excerpt(spec)}: {excerpt(module_name)} has no {excerpt(attribute)}"
            ) from None
        except Exception as error:  # a module's __getattr__, or a property, that fails
            raise ValueError(
                f"bot {excerpt(spec)}: reading {excerpt(attribute)} of {excerpt(module_name)} failed"
                f" ({type(error).__name__}: {excerpt(str(error))})"
            ) from error
    if not callable(found):
        raise ValueError(f"bot {excerpt(spec)}: {excerpt(attribute)} is not a class or function")
    return _checked(found, f"bot {excerpt(spec)}")


def _checked(maker: Callable[..., object], label: str) -> Callable[[int | None], Bot]:
    """``maker`` called with a seed as it takes one, each thing it makes checked to be a bot."""
    positional = (Parameter.POSITIONAL_ONLY, Parameter.POSITIONAL_OR_KEYWORD, Parameter.VAR_POSITIONAL)
    try:
        parameters = inspect.signature(maker).parameters
    except (TypeError, ValueError):  # a builtin without a signature: try the seed
        how = "positional"
    else:
        if any(p.kind in positional for p in parameters.values()):
            how = "positional"
        elif "seed" in parameters or any(p.kind is Parameter.VAR_KEYWORD for p in parameters.values()):
            how = "keyword"
        else:
            how = "none"
    known: set[type] = set()

    def check(bot: object) -> Bot:
        if type(bot) not in known:  # a protocol check costs microseconds: once for each class
            if not is_bot(bot):
                raise TypeError(f"{label} made {type(bot).__name__}, which has no choose(view) method")
            known.add(type(bot))
        return cast(Bot, bot)

    return Maker(maker, how, check, label)
