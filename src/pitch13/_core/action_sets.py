"""Every action the engine hands out, made once (internal).

:func:`~pitch13.legal_actions` returns these objects, so listing the legal actions builds no new
ones, and the engine tells an action's kind by its type, one of :data:`ACTION_TYPES`.
"""

from __future__ import annotations

from typing import Final

from pitch13.actions import Bid, Deal, Discard, GiveUp, NameTrump, Pass, Play, Reject, Stop, Take, TurnUp
from pitch13.cards import DECK, Suit

#: The types of action, in the order of the actions' notation.
ACTION_TYPES: Final = (Pass, Bid, NameTrump, Discard, Take, TurnUp, GiveUp, Reject, Stop, Play, Deal)

# Interned card actions, so legal_actions builds no new objects.
PLAYS: Final = tuple(Play(c) for c in DECK)
DISCARDS: Final = tuple(Discard(c) for c in DECK)
TAKES: Final = tuple(Take(c) for c in DECK)
GIVE_UPS: Final = tuple(GiveUp(c) for c in DECK)
NAME_TRUMPS: Final = tuple(NameTrump(s) for s in Suit)
BIDS: Final = tuple(Bid(n) for n in range(14))
