"""The checks of the arguments bots take (a seed, a view, a bid margin) and of their answers (internal)."""

from __future__ import annotations

import contextlib
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar, cast

from pitch13._base.checks import excerpt, finite
from pitch13._base.seeds import random_source
from pitch13._core.action_sets import is_one_of
from pitch13.actions import SeatAction
from pitch13.errors import BotError, BotFailedError
from pitch13.views import SeatView

B = TypeVar("B")


def is_bot(thing: object) -> bool:
    """Whether ``thing`` is a bot: an object, not a class, whose ``choose`` can be called.

    What :class:`~pitch13.bots.Bot`'s run-time check asks, and more: it asks only that
    ``choose`` is there.
    """
    return not isinstance(thing, type) and callable(getattr(thing, "choose", None))


# A runner of a user's bots asks them through chosen(), or through asked() then checked() where
# it times the bot alone (a match); failures_in() says in which game a failure happened.


def asked(choose: Callable[[SeatView], object], seat: int, seat_view: SeatView) -> object:
    """What a bot's ``choose`` answers at ``seat_view``, the view of ``seat`` to act.

    Raises:
        BotFailedError: if ``choose`` raised an exception, or called ``sys.exit()`` (from it):
            a bot's exit is not its caller's, as :func:`~pitch13.bots.bot_factory` holds for
            a module that exits as it is imported. Ctrl-C (:exc:`KeyboardInterrupt`) goes on
            as it is.
    """
    try:
        return choose(seat_view)
    except (Exception, SystemExit) as error:
        raise BotFailedError(seat, error) from error


def checked(action: object, seat: int, seat_view: SeatView) -> SeatAction:
    """``action``, the answer of the bot of ``seat`` at ``seat_view``, if it is a legal action.

    Raises:
        BotError: if it is not one of the view's legal actions.
    """
    if not is_one_of(action, seat_view.legal_actions):
        raise BotError(seat, action)
    return action


def chosen(choose: Callable[[SeatView], object], seat: int, seat_view: SeatView) -> SeatAction:
    """:func:`asked`, then :func:`checked`: the legal action a bot chose (or their errors)."""
    return checked(asked(choose, seat, seat_view), seat, seat_view)


class Maker(Generic[B]):
    """What :func:`~pitch13.bots.bot_factory` makes of a callable: a seed in, a checked bot out.

    :func:`bot_made` calls the maker and the check apart, to tell the maker's own failure from the
    check's.
    """

    def __init__(
        self, maker: Callable[..., object], how: str, check: Callable[[object], B], label: str
    ) -> None:
        self._maker, self._how, self.check, self._label = maker, how, check, label

    def __call__(self, seed: int | None) -> B:
        return self.check(self.call(seed))

    def __repr__(self) -> str:
        return f"<the maker of {self._label}>"

    def call(self, seed: int | None) -> object:
        """What the maker makes from ``seed``, unchecked: the seed as it takes one (``how``)."""
        how, maker = self._how, self._maker
        return maker(seed) if how == "positional" else maker(seed=seed) if how == "keyword" else maker()


def bot_made(make: Callable[[int], B], seed: int, seat: int) -> B:
    """The bot ``make``, of :func:`~pitch13.bots.bot_factory`, makes for ``seat`` from ``seed``.

    Raises:
        BotFailedError: if the maker raised an exception, or called ``sys.exit()`` (from it,
            ``making`` true); the caller says where.
        TypeError: if it made something that is not a bot.
    """
    maker: Maker[B] | None = make if isinstance(make, Maker) else None
    call: Callable[[int], object] = make if maker is None else maker.call
    try:
        found = call(seed)
    except (Exception, SystemExit) as error:
        raise BotFailedError(seat, error, making=True) from error
    return cast(B, found) if maker is None else maker.check(found)


@contextlib.contextmanager
def failures_in(where: Callable[[int], str]) -> Iterator[None]:
    """A bot's failure inside (a :exc:`BotError` or :exc:`BotFailedError`), said with where it was.

    ``where(seat)``, made only then, says it for the seat whose bot failed (``"game 3 of the
    run seeded 0"``).
    """
    try:
        yield
    except BotError as error:
        raise BotError(error.seat, error.action, where(error.seat)) from None
    except BotFailedError as error:  # from the bot's own exception, as it was
        raise BotFailedError(
            error.seat, error.error, where(error.seat), making=error.making
        ) from error.__cause__


def check_sendable(specs: object) -> None:
    """Refuse bots that cannot be sent to worker processes (pickled), before any starts.

    Raises:
        TypeError: if ``specs`` do not pickle.
    """
    try:
        pickle.dumps(specs)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        raise TypeError(
            "with more than one worker, or on Dask, a bot must be picklable: a name, or a class or "
            f"function defined at the top of a module ({error})"
        ) from error


def seeded_random(seed: int | None, bot: str) -> random.Random:
    """A random source seeded with ``seed``, an int or ``None``; anything else is a TypeError."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise TypeError(f"{bot} seed must be an int or None, not {type(seed).__name__}")
    return random_source(seed)


def check_bid_margin(bid_margin: object, bot: str) -> float:
    """``bid_margin``, a finite number of points, 0 or more, as a float.

    Raises:
        TypeError: if it is not a number.
        ValueError: if it is negative or not finite.
    """
    if not isinstance(bid_margin, (int, float)) or isinstance(bid_margin, bool):
        raise TypeError(f"{bot} bid_margin must be a number, not {type(bid_margin).__name__}")
    if not (finite(bid_margin) and bid_margin >= 0):
        raise ValueError(f"{bot} bid_margin must be 0 or more, not {excerpt(bid_margin)}")
    return float(bid_margin)


def choices_of(view: object, bot: str) -> tuple[SeatAction, ...]:
    """The legal actions of ``view``, the view of a seat that is to act.

    A ``view`` that is not a :class:`~pitch13.SeatView` is a TypeError; a spectator's view, or
    one whose seat has no action to take, a ValueError.
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"{bot}.choose() takes a SeatView, not {type(view).__name__}")
    actions = view.legal_actions
    if not actions or view.seat is None:
        raise ValueError(f"{bot}.choose() needs the view of a seat that is to act")
    return actions
