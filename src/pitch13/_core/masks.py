"""Sets of cards as 54-bit masks over :attr:`Card.index <pitch13.Card.index>` (internal)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeVar

from pitch13.cards import DECK, Card

#: Every card of the deck, as a mask.
ALL_CARDS: Final = (1 << 54) - 1


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards whose bits are set in ``mask``, in index order (internal helper)."""
    found = _BY_MASK.get(mask)
    if found is None:
        found = by_bytes(mask, _BYTE_CARDS)
        if len(_BY_MASK) >= 1 << 12:
            _BY_MASK.clear()
        _BY_MASK[mask] = found
    return found


def mask_of(cards: Iterable[Card | None]) -> int:
    """The mask of ``cards``, the inverse of :func:`cards_of_mask` (internal helper).

    ``None``, a card not named, is skipped.
    """
    mask = 0
    for card in cards:
        if card is not None:
            mask |= 1 << card.index
    return mask


T = TypeVar("T")


def by_bytes(mask: int, tables: Sequence[Sequence[tuple[T, ...]]]) -> tuple[T, ...]:
    """The items of the cards of ``mask``, in index order, from tables by byte (internal helper).

    ``tables[k][byte]`` holds the items of the cards whose bits are ``byte`` in byte ``k`` of a
    mask; there are 7 tables, for the 54 bits. The seven lookups are written out: a loop over
    the bytes cost a quarter more (a legal play of a hand not met lately goes through here).
    """
    t0, t1, t2, t3, t4, t5, t6 = tables
    return (
        t0[mask & 255]
        + t1[mask >> 8 & 255]
        + t2[mask >> 16 & 255]
        + t3[mask >> 24 & 255]
        + t4[mask >> 32 & 255]
        + t5[mask >> 40 & 255]
        + t6[mask >> 48]
    )


# The tuples made lately, by mask: views ask for the same few sets of cards again and again.
_BY_MASK: Final[dict[int, tuple[Card, ...]]] = {}


# For each byte of a card mask and each value of it, the cards it holds.
_BYTE_CARDS: Final = tuple(
    tuple(tuple(DECK[8 * k + i] for i in range(8) if byte >> i & 1 and 8 * k + i < 54) for byte in range(256))
    for k in range(7)
)
