"""The seeded shuffle's fast sort agrees with its definition, including its fallback on shared key prefixes."""

from __future__ import annotations

import hashlib
import random

from pitch13._base import shuffle


def _stream(seed: int, hand_number: int) -> bytes:
    return hashlib.shake_256(f"pitch13-deal-v1:{seed}:{hand_number}".encode()).digest(8 * 54)


def test_the_fast_order_is_the_sort_by_key_for_many_seeds():
    for seed in [*range(-50, 2000), 2**128 - 1, -(2**128 - 1)]:
        for hand_number in (1, 2, 10_000):
            stream = _stream(seed, hand_number)
            assert shuffle.fast_order_of(stream) == shuffle.order_of(stream)
            assert shuffle.seeded_order(seed, hand_number) == shuffle.order_of(stream)


def test_keys_sharing_their_top_48_bits_fall_back_to_the_definition():
    rng = random.Random(7)
    for trial in range(3000):
        keys = [rng.getrandbits(64) for _ in range(54)]
        for _ in range(rng.randint(0, 3)):
            a, b = rng.sample(range(54), 2)
            pick = trial % 4
            if pick == 0:  # the same top 48 bits
                keys[b] = keys[a] & ~((1 << 16) - 1) | rng.getrandbits(16)
            elif pick == 1:  # a tie, kept in index order
                keys[b] = keys[a]
            elif pick == 2:  # neighbouring prefixes, which must not be taken for one
                keys[b] = keys[a] ^ 1 << 16
            else:
                keys[b] = rng.choice([0, 1, 2**16 - 1, 2**16, 2**63, 2**64 - 1])
        stream = shuffle.KEYS.pack(*keys)
        shared = len({key >> 16 for key in keys}) < 54
        fast = shuffle.fast_order_of(stream)
        assert (fast is None) == shared
        if fast is not None:
            assert fast == shuffle.order_of(stream)
        assert sorted(shuffle.order_of(stream)) == list(range(54))
