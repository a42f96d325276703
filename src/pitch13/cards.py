"""Suits, ranks and the 54 cards, with their short notation (R-DECK-1, R-DECK-2).

Every card is one of 54 interned :class:`Card` values: ``Card.parse("AH") is
Card.parse("ah")``. A card's notation is its rank then its suit letter
(``"AH"``, ``"10S"``, ``"7C"``; ``"T"`` is read as ten), and the two jokers are
``"BJ"`` (black joker) and ``"RJ"`` (red joker).

Each card also has a stable :attr:`Card.index` from 0 to 53: clubs 0-12,
diamonds 13-25, hearts 26-38, spades 39-51 (two up to ace within a suit),
then the black joker (52) and the red joker (53).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, NoReturn, final

from pitch13._base.checks import ASCII_UPPER, SPACES, WORD, ShortLookup, excerpt, iterator_of
from pitch13._base.failures import CardParseError

__all__ = [
    "BLACK_JOKER",
    "DECK",
    "RED_JOKER",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "parse_cards",
]


class Suit(ShortLookup, enum.IntEnum):
    """One of the four suits. ``str(Suit.HEARTS) == "H"``."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card notation: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def off_suit(self) -> Suit:
        """The other suit of the same colour (R-DECK-2): hearts and diamonds, spades and clubs."""
        return Suit(3 - self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter or symbol (case-insensitive), e.g. ``"H"`` or ``"♥"``.

        Raises:
            TypeError: if ``text`` is not a str.
            CardParseError: if ``text`` is not a suit.
        """
        if not isinstance(text, str):
            raise TypeError(f"a suit is parsed from a str, not {type(text).__name__}")
        suit = _SUIT_BY_TEXT.get(text.strip(SPACES).translate(ASCII_UPPER))
        if suit is None:
            raise CardParseError(f"{excerpt(text)} is not a suit (expected one of C, D, H, S)")
        return suit

    def __str__(self) -> str:
        return self.letter


class Rank(ShortLookup, enum.IntEnum):
    """The rank of a suited card, valued 2 (two) to 14 (ace). ``str(Rank.TEN) == "10"``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """The rank in card notation: ``2`` to ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LABELS[self - 2]

    def __str__(self) -> str:
        return self.label


_RANK_LABELS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_RANK_BY_TEXT: Final[dict[str, Rank]] = {
    **{r.label: r for r in Rank},
    "T": Rank.TEN,
}

_JOKER_NAMES: Final = ("BJ", "RJ")
_N_CARDS: Final = 54


@final
class Card:
    """One of the 54 cards. Cards are interned, immutable and ordered by :attr:`index`.

    Make one with :meth:`Card.parse`, :meth:`Card.of` or :meth:`Card.from_index`, or use
    :data:`DECK`, :data:`BLACK_JOKER` and :data:`RED_JOKER`.

    >>> Card.parse("10s")
    Card.parse('10S')
    >>> str(Card.of(Rank.ACE, Suit.HEARTS)), Card.parse("TS").pretty
    ('AH', '10♠')
    """

    # Plain slots, read at the speed of an attribute; __setattr__ keeps them from being changed.
    __slots__ = {
        "index": "The card's stable number, 0 to 53 (see the module docs).",
        "rank": "The printed rank, or ``None`` for a joker.",
        "suit": "The printed suit, or ``None`` for a joker.",
    }

    if TYPE_CHECKING:  # read-only to type checkers too, and no call type-checks, as none runs

        @property
        def index(self) -> int: ...  # noqa: D102
        @property
        def rank(self) -> Rank | None: ...  # noqa: D102
        @property
        def suit(self) -> Suit | None: ...  # noqa: D102
        def __new__(cls, _refused: NoReturn, /) -> Card: ...  # noqa: D102

    else:
        index: int
        rank: Rank | None
        suit: Suit | None

        def __new__(cls, *args):  # noqa: D102 - documented on the class
            raise TypeError("make a Card with Card.parse('AH'), Card.of(rank, suit) or Card.from_index(i)")

        def __setattr__(self, name, value):
            raise AttributeError("Card is immutable")

        def __delattr__(self, name):
            raise AttributeError("Card is immutable")

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        if index < 52:
            object.__setattr__(card, "rank", Rank(index % 13 + 2))
            object.__setattr__(card, "suit", Suit(index // 13))
        else:
            object.__setattr__(card, "rank", None)
            object.__setattr__(card, "suit", None)
        return card

    @property
    def is_joker(self) -> bool:
        """Whether this is one of the two jokers."""
        return self.index >= 52

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, for people: ``"A♥"``, ``"10♠"``, ``"BJ"``."""
        if self.suit is None:
            return _JOKER_NAMES[self.index - 52]
        assert self.rank is not None
        return self.rank.label + self.suit.symbol

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The suited card of ``rank`` and ``suit``.

        Raises:
            TypeError: if ``rank`` is not a :class:`Rank` or ``suit`` not a :class:`Suit`.
        """
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise TypeError(f"Card.of takes a Rank and a Suit, not {excerpt(rank)} and {excerpt(suit)}")
        return DECK[suit * 13 + rank - 2]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose :attr:`index` is ``index`` (0 to 53).

        Raises:
            TypeError: if ``index`` is not an int.
            ValueError: if ``index`` is outside 0..53.
        """
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"a card index is an int, not {type(index).__name__}")
        if not 0 <= index < _N_CARDS:
            raise ValueError(f"card index {excerpt(index)} is outside 0..53")
        return DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation, case-insensitively.

        Accepted: rank ``2``-``10`` (or ``T``), ``J``, ``Q``, ``K``, ``A`` followed by a
        suit letter ``C D H S`` or symbol ``♣ ♦ ♥ ♠``; the jokers ``BJ`` and ``RJ``.

        Raises:
            TypeError: if ``text`` is not a str.
            CardParseError: if ``text`` is not a card, with the reason.
        """
        if not isinstance(text, str):
            raise TypeError(f"a card is parsed from a str, not {type(text).__name__}")
        key = text.strip(SPACES).translate(ASCII_UPPER)
        card = _CARD_BY_TEXT.get(key)
        if card is not None:
            return card
        if len(key) < 2:
            raise CardParseError(
                f"{excerpt(text)} is not a card: too short (expected e.g. 'AH', '10S', 'BJ')"
            )
        rank_text, suit_text = key[:-1], key[-1]
        if suit_text not in _SUIT_BY_TEXT:
            raise CardParseError(
                f"{excerpt(text)} is not a card: unknown suit {excerpt(suit_text)} (expected C, D, H or S)"
            )
        raise CardParseError(
            f"{excerpt(text)} is not a card: unknown rank {excerpt(rank_text)} (expected 2-10, T, J, Q, K or A)"
        )

    def __str__(self) -> str:
        return _TEXTS[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


#: All 54 cards in :attr:`Card.index` order (R-DECK-1).
DECK: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(_N_CARDS))


def _spell(card: Card) -> str:
    if card.suit is None:
        return _JOKER_NAMES[card.index - 52]
    assert card.rank is not None
    return card.rank.label + card.suit.letter


#: Each card's notation (``str(card)``), by index: written once, read by every ``str``.
_TEXTS: Final[tuple[str, ...]] = tuple(_spell(card) for card in DECK)
#: The black joker, ``"BJ"``. With ``joker_order=fixed`` it is the low joker.
BLACK_JOKER: Final[Card] = DECK[52]
#: The red joker, ``"RJ"``. With ``joker_order=fixed`` it is the high joker.
RED_JOKER: Final[Card] = DECK[53]

_CARD_BY_TEXT: Final[dict[str, Card]] = {}
for _card in DECK:
    _CARD_BY_TEXT[str(_card)] = _card
    _CARD_BY_TEXT[_card.pretty.upper()] = _card
    if _card.rank is Rank.TEN and _card.suit is not None:
        _CARD_BY_TEXT["T" + _card.suit.letter] = _card
        _CARD_BY_TEXT["T" + _card.suit.symbol] = _card
for _alt, _suit in (("♧", Suit.CLUBS), ("♢", Suit.DIAMONDS), ("♡", Suit.HEARTS), ("♤", Suit.SPADES)):
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        _CARD_BY_TEXT[_rank_text + _alt] = Card.of(_rank, _suit)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards: a whitespace- or comma-separated string, or an iterable of strings.

    >>> parse_cards("AH 10S bj")
    (Card.parse('AH'), Card.parse('10S'), Card.parse('BJ'))

    Raises:
        CardParseError: if one of them is not a card.
        TypeError: if ``text`` is neither a str nor an iterable, or an item of it is not a str.
    """
    if isinstance(text, str):
        return tuple(Card.parse(part) for part in WORD.findall(text.replace(",", " ")))
    takes = "a str or an iterable of str"
    if isinstance(text, (bytes, bytearray, memoryview)):  # its items are ints: decode it first
        raise TypeError(f"parse_cards() takes {takes}, not {type(text).__name__}")
    return tuple(Card.parse(part) for part in iterator_of(text, "parse_cards()", takes))
