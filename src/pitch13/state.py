"""The game state: one immutable value for the whole game, from the first deal to its end.

A :class:`GameState` is made by :func:`pitch13.new_game` and by :func:`pitch13.apply`, which
returns a new state and never changes the one it is given. Card holdings are kept as bit
masks over :attr:`Card.index <pitch13.Card.index>` and exposed as tuples of cards.

The history is kept compact: the current hand's actions and events as a few bytes each, and
the hands before it in a chain that every later state shares. Reading
:attr:`GameState.history` decodes it; :attr:`GameState.ply`, :attr:`GameState.history_len`
and :meth:`GameState.history_since` give its length and its newest entries without decoding
the rest. Hashing and comparing states never walks the history of a game in progress either
(see the docs' "Performance" page for what each operation costs).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, NoReturn, final, get_args

import attrs

from pitch13._base.checks import check_seat, excerpt, pair_text, unchecked_maker
from pitch13._core import history as _history
from pitch13._core.action_sets import check_entry
from pitch13._core.fields import Fields, Phase, getter
from pitch13._core.history import HistoryItem
from pitch13._core.logs import hand_entries, hand_logs, hands_since, skipped
from pitch13._core.masks import cards_of_mask
from pitch13._core.tally import make_trick
from pitch13.actions import Action, Deal
from pitch13.cards import DECK, Card, Suit
from pitch13.rules import Rules
from pitch13.scoring import HandResult, Outcome, Trick

__all__ = ["GameState", "HistoryEntry", "Phase"]


_DEAL: Final = Phase.DEAL


@attrs.frozen(slots=True)
class HistoryEntry:
    """One item of :attr:`GameState.history`.

    Raises:
        TypeError: if ``item`` is no action or event, or ``seat`` neither ``None`` nor an int.
        ValueError: if ``seat`` is not 0 to 3, is ``None`` for a seat's action, or is not
            ``None`` for a chance action or an event.
    """

    #: The seat that took the action, or ``None`` for a chance action or an event.
    seat: int | None
    #: The action or event.
    item: HistoryItem

    def __attrs_post_init__(self) -> None:
        check_entry(self.seat, self.item, _HISTORY_ITEMS, "HistoryEntry")


#: What an entry of a history may hold.
_HISTORY_ITEMS: Final = get_args(HistoryItem)
#: An entry as the history makes it: past the checks of one made in code.
_HISTORY_ENTRY: Final = unchecked_maker(HistoryEntry)


@final
class GameState(Fields):
    """The whole state of a game. Make one with :func:`pitch13.new_game`; never construct it.

    Seats are 0 to 3 clockwise; teams are 0 (seats 0 and 2) and 1 (seats 1 and 3). A state is
    immutable and hashable; states compare equal when they are the same game at the same point:
    the same rules, first dealer and seed, and the same history. It is not a sequence: use its
    properties. (At run time it is held as a tuple, for speed; indexing it reads that internal
    form, which any release may change. Type checkers refuse it, and the sequence methods raise
    :exc:`TypeError`.)
    """

    __slots__ = ()

    # --- the game -------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self._phase

    @property
    def seed(self) -> int | None:
        """The seed that deals every hand, or ``None`` when the caller deals (R-DEAL-3)."""
        return self._seed

    @property
    def first_dealer(self) -> int:
        """The dealer of hand 1; in a game started at a later hand, the seat that dealt it (R-DEAL-2)."""
        return self._first_dealer

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 1; thrown-in hands count."""
        return self._hand_number

    @property
    def dealer(self) -> int:
        """The current hand's dealer (R-DEAL-2)."""
        return self._dealer

    @property
    def scores(self) -> tuple[int, int]:
        """``(team A, team B)``: the scores of the hands scored so far."""
        return self._scores

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._outcome

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The results of the hands scored so far, oldest first.

        Made from the game's finished hands each time it is read: O(hands played). A game
        started partway knows only the last result before its start, if any: none when
        :func:`~pitch13.new_game` started it at given ``scores`` or ``hand_number``, and that
        of the hand before the view's when :func:`~pitch13.sample_state` made it.
        """
        return tuple(_history.results(self._past, self._rules))

    @property
    def trump(self) -> Suit | None:
        """The trump suit once named, else ``None``."""
        table = self._table
        return None if table is None else table.trump

    # --- who acts -------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when chance is to act (a deal) or the game is over."""
        seat = self._to_act
        return None if seat < 0 else seat

    @property
    def is_chance(self) -> bool:
        """Whether the next step is a shuffle: apply a :class:`~pitch13.Deal` (R-DEAL-3)."""
        return self._phase is _DEAL

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._outcome is not None

    @property
    def winner(self) -> int | None:
        """The winning team, or ``None`` while the game goes on."""
        outcome = self._outcome
        return None if outcome is None else outcome.winner

    # --- the auction ----------------------------------------------------------------------

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's call this hand: its bid, ``0`` for a pass, ``None`` if it has not acted."""
        return tuple(None if c < 0 else c for c in self._calls)

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far this hand, or ``None``."""
        return self._high_bid or None

    @property
    def bidder(self) -> int | None:
        """The seat that won the auction, or ``None`` before the auction ends."""
        if self._phase in (Phase.DEAL, Phase.BIDDING) or self._bidder < 0:
            return None
        return self._bidder

    @property
    def bid(self) -> int | None:
        """The winning bid, or ``None`` before the auction ends."""
        return None if self.bidder is None else self._high_bid

    # --- where the cards are --------------------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, cards in index order. Dead cards received in the refill stay here."""
        return tuple(cards_of_mask(h) for h in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The hand of ``seat``, in index order.

        Raises:
            TypeError: if ``seat`` is not an int.
            ValueError: if it is not from 0 to 3.
        """
        return cards_of_mask(self._hands[check_seat(seat)])

    @property
    def middle(self) -> tuple[Card, ...]:
        """Cards discarded face up into the middle (R-DISC-1, R-DISC-2); dead once pick-up ends."""
        return cards_of_mask(self._middle)

    @property
    def takeable(self) -> tuple[Card, ...]:
        """Cards in the middle that may still be picked up (R-PICK-1)."""
        return cards_of_mask(self._takeable)

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile: cards given up or rejected in the look-through and unseen stock cards."""
        return cards_of_mask(self._dead)

    @property
    def dead_face_up(self) -> tuple[Card, ...]:
        """The cards of the dead pile that are face up: the trumps (R-LOOK-4)."""
        return cards_of_mask(self._shown)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (during the look-through: the cards not yet turned up)."""
        return tuple(DECK[i] for i in self._stock)

    @property
    def turned_card(self) -> Card | None:
        """The stock card turned up and waiting for a decision, else ``None`` (R-LOOK-2)."""
        turned = self._turned
        return None if turned < 0 else DECK[turned]

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick: ``(seat, card)`` in the order played."""
        return tuple((code >> 6, DECK[code & 63]) for code in self._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks of the current hand, oldest first."""
        table = self._table
        if table is None:
            return ()
        return tuple(make_trick(number, table, plays) for number, plays in enumerate(self._tricks, start=1))

    @property
    def out(self) -> frozenset[int]:
        """The seats known to be out of trump this hand (R-PLAY-3)."""
        out = self._out
        return frozenset(s for s in range(4) if out >> s & 1)

    @property
    def points_taken(self) -> tuple[int, int]:
        """Points each team has taken so far this hand (R-PLAY-6, R-PLAY-7)."""
        table = self._table
        if table is None:
            return (0, 0)
        return (table.points_of(self._won_a), table.points_of(self._won_b))

    @property
    def cards_won(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The point cards each team has taken so far this hand."""
        return (cards_of_mask(self._won_a), cards_of_mask(self._won_b))

    # --- history --------------------------------------------------------------------------

    @property
    def ply(self) -> int:
        """How many actions have been applied since the game began, deals included: O(1).

        It counts up by one with every :func:`~pitch13.apply`. It is ``len(state.actions)``,
        except in a game started partway (a :func:`~pitch13.sample_state` sample), whose history
        begins at the shown hand while ``ply`` counts the actions before it too.
        """
        return self._ply

    @property
    def history_len(self) -> int:
        """How many entries :attr:`history` holds: O(1)."""
        return self._history_len

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        """Every action and event since the game began, oldest first.

        Decoded from the compact history each time it is read: O(entries). To follow a game as
        it goes, read only what is new with :meth:`history_since`.
        """
        return self.history_since(0)

    def history_since(self, start: int) -> tuple[HistoryEntry, ...]:
        """The entries of :attr:`history` after the first ``start``: ``history[start:]``.

        It decodes only the hands from the one that holds entry ``start``: O(entries after
        ``start`` plus those of that hand before it), whatever the length of the game.

        Raises:
            TypeError: if ``start`` is not an int.
            ValueError: if ``start`` is negative or more than :attr:`history_len`.
        """
        if type(start) is not int and (not isinstance(start, int) or isinstance(start, bool)):
            raise TypeError(f"history_since() takes an int, not {type(start).__name__}")
        if not 0 <= start <= self._history_len:
            raise ValueError(
                f"history_since() takes 0 to history_len ({self._history_len}), not {excerpt(start)}"
            )
        return tuple(_HISTORY_ENTRY(seat, item) for seat, item in self._entries_since(start))

    def _entries_since(self, start: int) -> Iterator[tuple[int | None, HistoryItem]]:
        hands, skip = hands_since(self, start)
        for hand in hands:
            yield from skipped(hand_entries(self, hand), skip)
            skip = 0

    @property
    def actions(self) -> tuple[tuple[int | None, Action], ...]:
        """The actions of :attr:`history` with their seats (``None`` for a deal), oldest first.

        Applying them in order to the game's first state rebuilds this state. O(entries).
        """
        out: list[tuple[int | None, Action]] = []
        for deck, log in hand_logs(self):
            if _history.dealt_by_chance(log):
                out.append((None, Deal(DECK[i] for i in deck)))
            out.extend((seat, _history.action_of(kind, arg)) for kind, seat, arg in _history.actions_of(log))
        return tuple(out)

    # --- a value --------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not GameState:
            return False  # not NotImplemented: tuple's own == would compare the fields
        return (
            self._ply == other._ply
            and self._history_len == other._history_len
            and self._log == other._log
            and self._hand_deck == other._hand_deck
            and self._seed == other._seed
            and self._first_dealer == other._first_dealer
            and self._rules == other._rules
            and _history.same_past(self._past, other._past)
        )

    if TYPE_CHECKING:  # no call type-checks, as none runs

        def __new__(cls, _refused: NoReturn, /) -> GameState:
            """Refused: a state is made by :func:`~pitch13.new_game` and :func:`~pitch13.apply`."""
            ...

    else:

        def __new__(cls, *args, **kwargs):
            """Refused: a state is made by :func:`~pitch13.new_game` and :func:`~pitch13.apply`.

            (The engine builds states from their fields without calling this.)
            """
            raise TypeError("a GameState is made by new_game() and apply(), not by calling GameState")

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        past = self._past
        return hash((0 if past is None else past.digest, self._hand_deck, self._log, self._ply))

    def __lt__(self, other: object) -> NoReturn:
        raise TypeError("game states are not ordered")

    __le__ = __gt__ = __ge__ = __lt__

    def __len__(self) -> NoReturn:
        raise TypeError("a GameState is not a sequence: see ply and history_len")

    def __iter__(self) -> NoReturn:
        raise TypeError("a GameState is not a sequence: read its properties")

    def __contains__(self, item: object) -> NoReturn:
        raise TypeError("a GameState is not a sequence: read its properties")

    def __add__(self, other: object) -> NoReturn:
        raise TypeError("a GameState is not a sequence")

    __mul__ = __rmul__ = __add__

    def count(self, value: object) -> NoReturn:
        """Not a sequence's count: a state has none (raises :exc:`TypeError`)."""
        raise TypeError("a GameState is not a sequence: read its properties")

    def index(self, value: object, *args: object) -> NoReturn:
        """Not a sequence's index: a state has none (raises :exc:`TypeError`)."""
        raise TypeError("a GameState is not a sequence: read its properties")

    def __bool__(self) -> bool:
        return True

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        return self

    def __repr__(self) -> str:
        if self._phase is Phase.DEAL:
            who = "chance"
        else:
            who = "nobody" if self._to_act < 0 else f"seat {self._to_act}"
        scores = self._scores
        return (
            f"<GameState hand {self._hand_number} {self._phase.name} {who} to act, "
            f"scores {pair_text(scores)}>"
        )


class _Field(property):
    """A property of :class:`GameState` that returns one of its fields as it is (internal).

    It reads the field in C (:func:`~pitch13._core.fields.getter`): half the cost of calling the
    ``def`` it replaces, and a program reads ``state.outcome`` or ``state.phase`` at every step.
    The ``def`` stays its ``fget`` attribute (the property's own getter is the C one), so
    documentation tools and :mod:`inspect` still find its type and docstring.
    """

    fget = None  # shadows property.fget, so that the instance's own attribute is read

    def __init__(self, typed: property, name: str) -> None:
        super().__init__(getter(name))
        self.__dict__["fget"] = typed.fget
        self.__dict__["__doc__"] = typed.__doc__


for _name in (
    "rules",
    "phase",
    "seed",
    "first_dealer",
    "hand_number",
    "dealer",
    "scores",
    "outcome",
    "ply",
    "history_len",
):
    setattr(GameState, _name, _Field(GameState.__dict__[_name], _name))
del _name
