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
    return fast_order_of(stream) or order_of(stream)


def order_of(stream: bytes) -> bytes:
    """The definition: the card indices sorted by their 64-bit big-endian keys, ties by index."""
    keys = KEYS.unpack(stream)
    return bytes(sorted(_INDICES, key=keys.__getitem__))


def fast_order_of(stream: bytes) -> bytes | None:
    """:func:`order_of`, when no two keys share their top 45 bits (else ``None``); in C, mostly.

    Each card's key becomes a float in [1, 2) whose 52-bit mantissa is the key's top 45 bits,
    a zero guard bit and the card's index: the floats sort (in C's fast path for floats) as
    the cards do, provided no two keys share those 45 bits, and the index is read back from
    each sorted float's last byte. Sorted floats in [1, 2) differ by their bit patterns, so a
    shared prefix shows as two neighbours less than 64 apart (with the guard bit, neighbours
    whose prefixes differ are at least 65 apart); that is checked on all 53 neighbours at
    once, as 64-bit lanes of one integer. About one deal in 10**11 falls back to :func:`order_of`.
    """
    lanes = (int.from_bytes(stream, "big") >> 12) & _PREFIXES | _FLOATS
    floats = list(_DOUBLES.unpack(lanes.to_bytes(8 * 54, "big")))
    floats.sort()
    packed = _DOUBLES.pack(*floats)
    ordered = int.from_bytes(packed, "big")
    # Lane i of ``gaps`` is float i minus float i - 1 (each gap is positive and below 2**52,
    # so no lane borrows from another); adding 2**52 - 64 sets bit 52 of a lane iff its gap
    # is at least 64.
    gaps = ordered - (ordered >> 64) + _LIFT
    if gaps & _CARRIES != _CARRIES:
        return None
    return packed[7::8].translate(_LOW_SIX)


def _lanes(values: list[int]) -> int:
    """``values`` as the 64-bit lanes of one integer, the first the most significant."""
    return int.from_bytes(b"".join(v.to_bytes(8, "big") for v in values), "big")


KEYS: Final = struct.Struct(">54Q")
_INDICES: Final = tuple(range(54))
_DOUBLES: Final = struct.Struct(">54d")
#: Bits 51 to 7 of each lane: a key shifted right 12 keeps its top 45 bits there.
_PREFIXES: Final = _lanes([((1 << 45) - 1) << 7] * 54)
#: A float's exponent for [1, 2) and the card's index, in each lane.
_FLOATS: Final = _lanes([0x3FF << 52 | i for i in range(54)])
_LIFT: Final = _lanes([0] + [(1 << 52) - 64] * 53)
_CARRIES: Final = _lanes([0] + [1 << 52] * 53)
_LOW_SIX: Final = bytes(b & 63 for b in range(256))
