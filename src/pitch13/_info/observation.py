"""A seat's observation read straight from a state: the entries :func:`pitch13.encoding.encode` gives (internal).

The layout (:data:`LAYOUT`, published as :data:`pitch13.encoding.OBSERVATION_SPEC`), where each
field begins, and the two parts of an observation: the 0-or-1 entries as the bits of an int
(:func:`bits`) and the ten scaled numbers (:func:`floats`). What the seat saw of the hand in play
is read from the hand's log once for every seat and kept with the hand's states, so a line of
play reads each entry once.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Final, cast

import attrs

from pitch13._base.checks import check_count, check_instance, check_tuple_of, excerpt
from pitch13._core.history import (
    CARD_REJECTED_K,
    GIVE_UP_K,
    PLAY_K,
    REFILLED_K,
    REJECT_K,
    TAKE_K,
    TURN_UP_K,
    read_codes,
)
from pitch13._core.masks import ALL_CARDS
from pitch13._info.hand_cache import SEEN_LOCK, deferred_of, read_kept, read_on
from pitch13._info.knowledge import HandLog, known_and_held
from pitch13.state import GameState, Phase

#: The fields of an observation, in order: name, size and what the entries hold.
LAYOUT: Final = (
    ("phase", 8, "one-hot: deal, bidding, trump, discard, pickup, look, play, game over"),
    ("to_act", 4, "the seat to act, by relative seat"),
    ("dealer", 4, "the dealer, by relative seat"),
    ("calls", 60, "per relative seat, one-hot of 15: not yet called, pass, bid 1 to 13"),
    ("high_bid", 14, "one-hot: none, 1 to 13"),
    ("bidder", 4, "the seat that won the auction, by relative seat"),
    ("trump", 4, "one-hot: clubs, diamonds, hearts, spades"),
    ("out", 4, "the seats announced out of trump, by relative seat"),
    ("card_turned_up", 1, "a stock card is turned up and waiting for a decision"),
    ("trick_leader", 4, "the seat that led the current trick, by relative seat"),
    ("hand", 54, "the viewer's hand"),
    ("middle", 54, "the face-up cards in the middle"),
    ("takeable", 54, "the cards in the middle that may still be picked up"),
    ("dead_face_up", 54, "the face-up cards of the dead pile"),
    ("dead_known", 54, "face-down dead cards the viewer knows"),
    ("turned_card", 54, "the turned-up stock card, when the viewer turned it up"),
    ("trick", 216, "the current trick: a card plane per relative seat"),
    ("played", 216, "the cards each relative seat played this hand"),
    ("known_held", 162, "cards known to be in the hands of seats +1, +2 and +3"),
    ("unseen", 54, "the cards whose place the viewer does not know"),
    ("scores", 2, "our team's and theirs, divided by the target, clipped to [-1, 1]"),
    ("hand_sizes", 4, "each relative seat's number of cards, divided by 9"),
    ("stock_size", 1, "the cards left in the stock, divided by 18"),
    ("dead_face_down", 1, "the face-down cards of the dead pile, divided by 54"),
    ("points_taken", 2, "the points our team and theirs took this hand, divided by 13"),
)


def _offsets(layout: tuple[tuple[str, int, str], ...]) -> dict[str, int]:
    offsets: dict[str, int] = {}
    at = 0
    for name, size, _ in layout:
        offsets[name] = at
        at += size
    return offsets


#: Where each field of the layout begins in the vector, by name.
AT: Final = _offsets(LAYOUT)
#: The 0-or-1 entries come first, then the ten scaled numbers.
NBITS: Final = AT["scores"]
_PHASES: Final = tuple(Phase)
#: The bit of each phase in the ``phase`` field.
PHASE_BIT: Final = {phase: 1 << (AT["phase"] + i) for i, phase in enumerate(_PHASES)}
_TO_ACT, _DEALER, _CALLS, _HIGH, _BIDDER = (
    AT["to_act"],
    AT["dealer"],
    AT["calls"],
    AT["high_bid"],
    AT["bidder"],
)
_TRUMP, _OUT, _TURNED_UP, _LEADER = AT["trump"], AT["out"], AT["card_turned_up"], AT["trick_leader"]
_HAND, _MIDDLE, _TAKEABLE, _DEAD_UP = AT["hand"], AT["middle"], AT["takeable"], AT["dead_face_up"]
_DEAD_KNOWN, _TURNED_CARD, _TRICK, _PLAYED = (
    AT["dead_known"],
    AT["turned_card"],
    AT["trick"],
    AT["played"],
)
_HELD, _UNSEEN = AT["known_held"], AT["unseen"]
#: The seats announced out (a seat mask) by viewer: the bits of the ``out`` field.
_OUT_BITS: Final = tuple(
    tuple(sum(1 << (_OUT + ((s - seat) & 3)) for s in range(4) if mask >> s & 1) for mask in range(16))
    for seat in range(4)
)


def floats(state: GameState, seat: int) -> tuple[float, ...]:
    """The ten scaled numbers at the end of the observation."""
    target = state._rules.target
    scores = state._scores
    ours, theirs = scores[seat & 1], scores[(seat & 1) ^ 1]
    hands = state._hands
    table = state._table
    shown = state._shown
    won_a, won_b = (0, 0) if table is None else (table.points_of(state._won_a), table.points_of(state._won_b))
    return (
        min(1.0, max(-1.0, ours / target)),
        min(1.0, max(-1.0, theirs / target)),
        hands[seat].bit_count() / 9,
        hands[(seat + 1) & 3].bit_count() / 9,
        hands[(seat + 2) & 3].bit_count() / 9,
        hands[(seat + 3) & 3].bit_count() / 9,
        len(state._stock) / 18,
        (state._dead & ~shown).bit_count() / 54,
        (won_a if seat & 1 == 0 else won_b) / 13,
        (won_b if seat & 1 == 0 else won_a) / 13,
    )


def bits(state: GameState, seat: int) -> int:
    """The 0-or-1 entries of ``seat``'s observation, as the bits of an int."""
    phase = state._phase
    b = PHASE_BIT[phase] | 1 << (_DEALER + ((state._dealer - seat) & 3))
    to_act = state._to_act
    if to_act >= 0:
        b |= 1 << (_TO_ACT + ((to_act - seat) & 3))
    calls = state._calls
    b |= (
        1 << (_CALLS + ((-seat) & 3) * 15 + calls[0] + 1)
        | 1 << (_CALLS + ((1 - seat) & 3) * 15 + calls[1] + 1)
        | 1 << (_CALLS + ((2 - seat) & 3) * 15 + calls[2] + 1)
        | 1 << (_CALLS + ((3 - seat) & 3) * 15 + calls[3] + 1)
        | 1 << (_HIGH + state._high_bid)
    )
    bidder = state._bidder
    if bidder >= 0 and phase is not Phase.BIDDING and phase is not Phase.DEAL:
        b |= 1 << (_BIDDER + ((bidder - seat) & 3))
    table = state._table
    if table is not None:
        b |= 1 << (_TRUMP + table.trump.value)
    b |= _OUT_BITS[seat][state._out]
    turned = state._turned
    if turned >= 0:
        b |= 1 << _TURNED_UP
        if to_act == seat:
            b |= 1 << (_TURNED_CARD + turned)
    trick = state._trick
    if trick:
        b |= 1 << (_LEADER + ((trick[0] >> 6) - seat & 3))
        for code in trick:
            b |= 1 << (_TRICK + ((code >> 6) - seat & 3) * 54 + (code & 63))
    mine = state._hands[seat]
    shown = state._shown
    b |= mine << _HAND | state._middle << _MIDDLE | state._takeable << _TAKEABLE | shown << _DEAD_UP
    log: bytes = state._log
    if log:  # the hand in play
        if phase is not Phase.DEAL:
            own_turned = 1 << turned if turned >= 0 and to_act == seat else 0
            with SEEN_LOCK:
                public = _public(state._hand_cache, state._hand_deck, log)
                b |= public.bits(seat, mine, shown, state._middle, own_turned)
        return b
    d = deferred_of(state, seat, mine, shown, phase is Phase.DEAL)
    if d is not None and not d.waiting:  # the hand that ended, at the game's end: as the view reads it
        with SEEN_LOCK:
            hand = read_on(d).log
            if hand is not None:
                b |= seen_bits(hand, seat, mine, shown)
    return b


class _Public:
    """The hand in play's steps that the encodings read, kept on the hand (internal).

    What each seat played, picked up from the middle and still holds, and put in the dead pile
    in the look-through (the card it gave up or rejected), read straight from the hand's log
    for every seat at once; a later state of the same line of play reads only its new entries.
    """

    __slots__ = ("dead", "deck", "held", "log", "played", "stock", "taken", "turned")

    def __init__(self, deck: bytes) -> None:
        self.deck = deck
        self.log = b""
        self.played = [0, 0, 0, 0]
        self.held = [0, 0, 0, 0]
        self.dead = [0, 0, 0, 0]
        self.taken = 0
        #: The stock cards given out or turned up so far, and the card turned up last.
        self.stock = 0
        self.turned = -1

    def read_on(self, log: bytes) -> None:
        """Read ``log``, which goes on from what was read, to its end (see :func:`~pitch13._core.history.read_codes`)."""
        played, held, dead = self.played, self.held, self.dead
        for kind, seat, argument, _, _ in read_codes(log, len(self.log)):
            if kind == PLAY_K:
                bit = 1 << argument
                played[seat] |= bit
                held[seat] &= ~bit
            elif kind == TAKE_K:
                bit = 1 << argument
                held[seat] |= bit
                self.taken |= bit
            elif kind == REFILLED_K:
                self.stock += argument
            elif kind == TURN_UP_K:
                self.turned = self.deck[36 + self.stock]
                self.stock += 1
            elif kind == REJECT_K:
                dead[seat] |= 1 << self.turned
            elif kind == CARD_REJECTED_K:
                dead[seat] |= 1 << argument
            elif kind == GIVE_UP_K:
                bit = 1 << argument
                dead[seat] |= bit
                held[seat] &= ~bit
        self.log = log

    def bits(self, seat: int, mine: int, shown: int, middle: int, turned: int) -> int:
        """The entries of ``seat``'s observation read from the hand's steps.

        ``mine`` is the seat's hand, ``shown`` the face-up dead cards, ``middle`` the face-up
        cards in the middle and ``turned`` the stock card the seat has turned up (masks).
        """
        played, held, dead = self.played, self.held, self.dead
        p0, p1, p2, p3 = played[seat], played[(seat + 1) & 3], played[(seat + 2) & 3], played[(seat + 3) & 3]
        # What the seat has not seen placed: not in its hand, played, in the middle or taken from
        # it, face up in the dead pile, put there by the seat itself, or turned up by it.
        known = mine | p0 | p1 | p2 | p3 | middle | self.taken | shown | dead[seat] | turned
        return (
            (dead[seat] & ~shown) << _DEAD_KNOWN
            | p0 << _PLAYED
            | p1 << (_PLAYED + 54)
            | p2 << (_PLAYED + 108)
            | p3 << (_PLAYED + 162)
            | held[(seat + 1) & 3] << _HELD
            | held[(seat + 2) & 3] << (_HELD + 54)
            | held[(seat + 3) & 3] << (_HELD + 108)
            | (~known & ALL_CARDS) << _UNSEEN
        )


def _public(cache: dict[object, object] | None, deck: bytes, log: bytes) -> _Public:
    """The :class:`_Public` of the hand whose states share ``cache``, read on to ``log``.

    ``deck`` is the hand's deck; ``SEEN_LOCK`` is held.
    """
    if cache is None:  # a game started partway keeps nothing before its first deal
        cache = {}
    public = cast("_Public | None", cache.get(_PUBLIC))
    if public is None or public.deck != deck or not log.startswith(public.log):
        public = _Public(deck)
        cache[_PUBLIC] = public
    if len(public.log) < len(log):
        read_kept(cache, _PUBLIC, public.read_on, log)
    return public


#: The key under which a hand keeps its :class:`_Public`.
_PUBLIC: Final = "encoding"


def seen_bits(log: HandLog, seat: int, mine: int, shown: int) -> int:
    """The entries that need the hand as ``seat`` saw it (``SEEN_LOCK`` held)."""
    b = (log.named_dead[seat] & ~shown) << _DEAD_KNOWN
    for s, cards in log.plays.items():
        at = _PLAYED + ((s - seat) & 3) * 54
        for card in cards:
            b |= 1 << (at + card.index)
    known, held = known_and_held(log, seat, mine)
    return (
        b
        | held[(seat + 1) & 3] << _HELD
        | held[(seat + 2) & 3] << (_HELD + 54)
        | held[(seat + 3) & 3] << (_HELD + 108)
        | (~known & ALL_CARDS) << _UNSEEN
    )


# --- the layout as published ---------------------------------------------------------------------


if TYPE_CHECKING:
    from typing import TypeAlias

    _Slice: TypeAlias = slice[int, int, None]
else:  # a slice is not subscripted at run time (typing.get_type_hints reads the annotation)
    _Slice = slice


@attrs.frozen(slots=True)
class Field:
    """One field of an encoding's layout: where it lies in the vector, and what it holds.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if ``offset`` is negative, or ``size`` below 1.
    """

    #: The field's name, such as ``"hand"``.
    name: str
    #: Its first entry in the vector.
    offset: int
    #: Its number of entries.
    size: int
    #: What its entries hold.
    description: str

    def __attrs_post_init__(self) -> None:
        check_instance(self.name, str, "Field.name")
        check_count(self.offset, "Field.offset", 0)
        check_count(self.size, "Field.size")
        check_instance(self.description, str, "Field.description")

    @property
    def slice(self) -> _Slice:
        """The entries of the field: ``vector[field.slice]``."""
        return slice(self.offset, self.offset + self.size)


@attrs.frozen(slots=True)
class ObservationSpec:
    """A versioned layout of an observation vector: its name and its fields in order.

    Its fields lie one after another from offset 0 (each begins where the one before it
    ends), each of a name of its own.

    Raises:
        TypeError: if ``name`` is not a str, or ``fields`` not a tuple of :class:`Field`.
        ValueError: if there is no field, the first is not at offset 0, two have one name, or
            a field does not begin where the one before it ends.

    >>> from pitch13.encoding import OBSERVATION_SPEC
    >>> OBSERVATION_SPEC.name, OBSERVATION_SPEC.size
    ('pitch13.obs/1', 1089)
    >>> OBSERVATION_SPEC.field("hand")
    Field(name='hand', offset=107, size=54, description="the viewer's hand")
    """

    #: The layout's name and version, such as ``"pitch13.obs/1"``.
    name: str
    #: The fields, in the order they lie in the vector.
    fields: tuple[Field, ...]

    def __attrs_post_init__(self) -> None:
        check_instance(self.name, str, "ObservationSpec.name")
        check_tuple_of(self.fields, Field, "ObservationSpec.fields")
        if not self.fields or self.fields[0].offset:
            raise ValueError("ObservationSpec.fields must hold one field or more, the first at offset 0")
        if len({field.name for field in self.fields}) != len(self.fields):
            raise ValueError("ObservationSpec.fields must have names of their own, each once")
        for before, field in itertools.pairwise(self.fields):
            if field.offset != before.offset + before.size:
                raise ValueError(
                    f"ObservationSpec.fields lie one after another: {field.name!r} begins at "
                    f"{field.offset}, not {before.offset + before.size}"
                )

    @property
    def size(self) -> int:
        """The number of entries of the vector."""
        last = self.fields[-1]
        return last.offset + last.size

    def field(self, name: str) -> Field:
        """The field called ``name``.

        Raises:
            KeyError: if there is none.
        """
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"{self.name} has no field {excerpt(name)}")


def fields_of(layout: tuple[tuple[str, int, str], ...], start: int = 0) -> tuple[Field, ...]:
    """The fields of ``layout`` (name, size, description), laid one after another from ``start``."""
    fields: list[Field] = []
    offset = start
    for name, size, description in layout:
        fields.append(Field(name, offset, size, description))
        offset += size
    return tuple(fields)
