"""The seeds of many games from one, and a random source of one seed (internal).

Bots and evaluations draw from :func:`random_source`. The arena and the simulator share the
seeds of a run's games: game ``index`` of a run seeded ``seed`` is dealt from :func:`game_seed`
``(seed, index)`` and its players are seeded from :func:`player_seed`, so any game of a run can
be played again alone, and a run's games are the same however they are split among processes
or machines.
"""

from __future__ import annotations

import hashlib
import random
import re
from typing import Final

from pitch13._base.checks import excerpt, writable


def check_parts(**parts: object) -> tuple[int, ...]:
    """A run's seed or a game's index, each as a plain int, if it is an int short enough to write.

    The seeds below are made from the decimal text of their parts, so each must be writable. An
    int subclass is read by its value (``int.__int__``), whatever its own ``str()`` says.

    Raises:
        TypeError: if a part is not an int (a bool is not one).
        ValueError: if it has more than 4,300 digits (as :func:`pitch13.shuffled_deck` refuses).
    """
    plain: list[int] = []
    for name, value in parts.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if not writable(value):
            raise ValueError(f"{name} must be an int of at most 4,300 digits, not {excerpt(value)}")
        plain.append(int.__int__(value))
    return tuple(plain)


def random_source(seed: int | None) -> random.Random:
    """``random.Random(seed)``, except that a negative seed draws apart from its absolute value.

    ``random.Random`` seeds from an int's absolute value, so seeds 5 and -5 would draw alike; a
    negative seed is given as bytes instead (of any length), which Python hashes with SHA-512.
    """
    if seed is not None and seed < 0:
        size = (-seed).bit_length() + 7 >> 3
        return random.Random(b"pitch13-negative-seed:" + (-seed).to_bytes(size, "big"))
    return random.Random(seed)


def _derive(*parts: str | int) -> int:
    # An int by its value (int.__repr__), whatever an int subclass's own str() says.
    text = ":".join(part if isinstance(part, str) else int.__repr__(part) for part in parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a run seeded ``seed`` (a 64-bit int)."""
    return _derive("pitch13-game-v1", seed, index)


def player_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the player in ``seat`` in game ``index`` of a run seeded ``seed``."""
    return _derive("pitch13-player-v1", seed, index, seat)


#: The length of a seed's commitment (:func:`pitch13.seed_commitment`): a SHA-256 digest in hex.
_COMMITMENT_LENGTH: Final = 64
_NOT_HEX: Final = re.compile(r"[^0-9a-fA-F]")


def commitment_fault(commitment: str) -> str | None:
    """Why ``commitment`` is not one (64 hex digits, in either case), or ``None`` if it is."""
    length = _COMMITMENT_LENGTH
    if len(commitment) != length:
        return f"a commitment is {length} hex digits, not {len(commitment)} characters: {excerpt(commitment)}"
    odd = _NOT_HEX.search(commitment)
    if odd is not None:
        return (
            f"a commitment is {length} hex digits, and {odd.group()!a} at position {odd.start()} "
            f"is not one: {excerpt(commitment)}"
        )
    return None
