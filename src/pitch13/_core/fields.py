"""The fields of a :class:`~pitch13.GameState`, by index (internal).

A state is a tuple; the engine, the views and the history readers read its fields by these
indices. The order is fixed: the engine relies on it when it copies a state.
"""

from __future__ import annotations

from typing import Final

# The engine makes a new state with ``freeze(fields)`` (:mod:`pitch13.engine._work`). A field
# named like a public property holds what the property shows, in compact form (bit masks for
# cards, -1 for "none").

RULES: Final = 0  # Rules
PHASE: Final = 1  # Phase
TO_ACT: Final = 2  # the seat to act, or -1
HANDS: Final = 3  # each seat's hand, a card mask
TRICK: Final = 4  # the current trick: plays as ``seat << 6 | card``
OUT: Final = 5  # the seats announced out, a seat mask
TABLE: Final = 6  # the trump's TrumpTable, or None before trump
WON_A: Final = 7  # point cards taken by team A this hand, a card mask
WON_B: Final = 8  # point cards taken by team B this hand, a card mask
TRICKS: Final = 9  # the finished tricks of the hand, as TRICK values
CALLS: Final = 10  # each seat's call: -1 not yet, 0 pass, else its bid
HIGH_BID: Final = 11  # the high bid, or 0
BIDDER: Final = 12  # the seat of the high bid, or -1
MIDDLE: Final = 13  # the face-up discards, a card mask
TAKEABLE: Final = 14  # the discards that may be picked up, a card mask
DEAD: Final = 15  # the dead pile, a card mask
SHOWN: Final = 16  # the face-up cards of the dead pile, a card mask
STOCK: Final = 17  # the stock, top card first: card indices as bytes
TURNED: Final = 18  # the turned-up stock card's index, or -1
SEED: Final = 19  # the seed, or None
FIRST_DEALER: Final = 20
HAND_NUMBER: Final = 21
DEALER: Final = 22
SCORES: Final = 23  # (team A, team B)
OUTCOME: Final = 24  # Outcome, or None
HAND_DECK: Final = 25  # the current hand's deck as bytes of card indices; b"" before its deal
LOG: Final = 26  # the current hand's history entries as codes (see _history)
PAST: Final = 27  # the finished hands, newest first: a Hand chain, or None
PLY: Final = 28  # the actions applied since the game began
HISTORY_LEN: Final = 29  # the history entries since the game began
# What readers derive from the hand a view shows and keep (views): the hand in play or, between
# hands and at the game's end, the hand just finished; the next deal drops it. Or None.
HAND_CACHE: Final = 30
