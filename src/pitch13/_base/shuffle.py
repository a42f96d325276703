"""The seeded shuffle and the order of the deal (internal).

A seeded game deals each hand from :func:`seeded_order`; :func:`deal_positions` is where in the
deck each seat's cards come from (R-DEAL-1). :func:`pitch13.shuffled_deck` is the public face
of the shuffle.
"""

from __future__ import annotations

import functools
import hashlib
import struct
from typing import Final


@functools.lru_cache(maxsize=16)
def deal_positions(dealer: int, seat: int) -> tuple[int, ...]:
    """Where in a deck (top card first) the 9 cards ``seat`` is dealt by ``dealer`` are (internal).

    R-DEAL-1: three rounds of three cards, from the dealer's left; the documented mapping of
    :func:`pitch13.new_game`. The positions are in the order the seat receives its cards.
    """
    k = (seat - dealer - 1) & 3
    return tuple(12 * r + 3 * k + j for r in range(3) for j in range(3))


def seeded_order(seed: int, hand_number: int) -> bytes:
    """Card indices of :func:`pitch13.shuffled_deck`, as bytes (internal)."""
    # Each card gets a 64-bit key from SHAKE-256; sorting by key is a uniform shuffle (a tie,
    # about one deal in 10**17, keeps index order and so is still deterministic).
    stream = hashlib.shake_256(f"pitch13-deal-v1:{seed}:{hand_number}".encode()).digest(8 * 54)
    keys = _KEYS.unpack(stream)
    return bytes(sorted(_INDICES, key=keys.__getitem__))


_KEYS: Final = struct.Struct(">54Q")
_INDICES: Final = tuple(range(54))
