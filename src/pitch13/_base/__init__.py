"""Helpers that import nothing of pitch13 (internal).

Argument checks, the command lines' number types and standard streams, the seeded shuffle,
seeds, pools of processes. The lowest layer: the public values (errors, cards, rules, actions)
build on it.
"""
