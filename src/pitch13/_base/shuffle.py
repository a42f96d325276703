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
    """:func:`order_of`, when no two keys share their top 48 bits (else ``None``); in C, mostly.

    Each card's 8 bytes become a double's, big-endian: ``0x40``, the key's top 6 bytes, then
    the card's index. Such a double is positive and finite (its exponent is from ``0x400`` to
    ``0x40f``), so the doubles sort (in C's fast path for floats) as their bytes do, and so as
    the cards do, provided no two keys share those 48 bits; each sorted double's last byte is
    the index. The bytes are laid out by copying the stream one byte to the right and writing
    the first and last byte of each lane, with no arithmetic. A shared prefix shows as two
    sorted neighbours less than 64 apart as 64-bit numbers (neighbours whose prefixes differ
    are at least 256 - 53 apart); that is checked on all 53 neighbours at once, as 64-bit
    lanes of one integer. About one deal in 10**11 falls back to :func:`order_of`.
    """
    # 433 bytes: lane i (bytes 8i to 8i + 7) holds the top 6 bytes of key i at its bytes 1 to 6;
    # the last byte, past the 54 lanes, is left out of the first slice and of the unpacking.
    lanes = bytearray(_SHIFT)
    lanes += stream
    lanes[0:432:8] = _EXPONENTS
    lanes[7::8] = _INDEX_BYTES
    floats = sorted(_DOUBLES.unpack_from(lanes))
    packed = _DOUBLES.pack(*floats)
    ordered = int.from_bytes(packed, "big")
    # Lane i of ``gaps`` is double i minus double i - 1 as numbers (each gap is positive and
    # below 2**63, so no lane borrows from another); adding 2**63 - 64 sets bit 63 of a lane
    # iff its gap is at least 64.
    gaps = ordered - (ordered >> 64) + _LIFT
    if gaps & _CARRIES != _CARRIES:
        return None
    return packed[7::8]


def _lanes(values: list[int]) -> int:
    """``values`` as the 64-bit lanes of one integer, the first the most significant."""
    return int.from_bytes(b"".join(v.to_bytes(8, "big") for v in values), "big")


KEYS: Final = struct.Struct(">54Q")
_INDICES: Final = tuple(range(54))
_DOUBLES: Final = struct.Struct(">54d")
#: The byte before the stream: it shifts each key's top 6 bytes to bytes 1 to 6 of its lane.
_SHIFT: Final = b"\x00"
#: The first byte of each lane: the sign bit clear and the top of a finite double's exponent.
_EXPONENTS: Final = b"\x40" * 54
#: The last byte of each lane: the card's index.
_INDEX_BYTES: Final = bytes(_INDICES)
_LIFT: Final = _lanes([0] + [(1 << 63) - 64] * 53)
_CARRIES: Final = _lanes([0] + [1 << 63] * 53)
