"""The seeds of many games from one (internal): the arena and the simulator share them.

Game ``index`` of a run seeded ``seed`` is dealt from :func:`game_seed` ``(seed, index)`` and its
players are seeded from :func:`player_seed`, so any game of a run can be played again alone, and
a run's games are the same however they are split among processes or machines.
"""

from __future__ import annotations

import hashlib


def _derive(*parts: object) -> int:
    text = ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a run seeded ``seed`` (a 64-bit int)."""
    return _derive("pitch13-game-v1", seed, index)


def player_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the player in ``seat`` in game ``index`` of a run seeded ``seed``."""
    return _derive("pitch13-player-v1", seed, index, seat)
