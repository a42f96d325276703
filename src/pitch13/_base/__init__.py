"""Helpers that import nothing of pitch13 (internal): argument checks, the seeded shuffle, seeds.

The lowest layer: the public values (errors, cards, rules, actions) build on it.
"""
