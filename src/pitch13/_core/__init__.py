"""The compact state and its kernels (internal).

The layout of a state's fields, the card masks and trump tables, the interned action sets, the
history's byte codes and their decoding, and the tally of a hand. The engine and the state are
built on it; it builds on the public values (cards, rules, actions, scoring, events).
"""
