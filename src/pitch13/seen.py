"""The history of a game as one seat saw it (R-INFO-1, R-INFO-2).

A seat sees the public actions and events as they are; the steps that hide cards are replaced
by the records :class:`DealSeen`, :class:`RefillSeen`, :class:`TurnUpSeen`, :class:`GiveUpSeen`
and :class:`RejectSeen`, which name a card only when the seat may know it. A chance
:class:`~pitch13.Deal` never appears; neither does the seed of a seeded game.

:func:`seen_history` gives it for any seat and any stretch of a game;
:attr:`SeatView.history <pitch13.SeatView.history>` holds the current hand's. Each entry has a
short text form, its *notation* (``str(entry)``), which is how views and view deltas write it:

===========================================  ==============================================
entry                                        notation
===========================================  ==============================================
a seat's action                              ``2 play 10H``, ``1 bid 5``, ``3 pass``
:class:`DealSeen`                            ``dealt 4 2 AH KH …`` (hand, dealer, the cards)
:class:`RefillSeen`                          ``refill 1 3`` (seat, count), ``refill 1 3 AH KH QH``
:class:`TurnUpSeen`                          ``2 turn up``, ``2 turn up AH``
:class:`GiveUpSeen`                          ``2 give up``, ``2 give up JH``, ``2 give up 4C for AH``
:class:`RejectSeen`                          ``2 reject``, ``2 reject JH``; forced: ``rejected 2 …``
:class:`~pitch13.events.AuctionWon`          ``won 1 5`` (seat, bid)
:class:`~pitch13.events.HandThrownIn`        ``thrown 4 all_passed``
:class:`~pitch13.events.DeadCardsDiscarded`  ``dead 1 4C 5D``
:class:`~pitch13.events.StockHandedOver`     ``stock 1 8`` (seat, count)
:class:`~pitch13.events.StockDiscarded`      ``unseen 5``
:class:`~pitch13.events.SeatOut`             ``out 3``
:class:`~pitch13.events.TrickWon`            ``trick 2 1`` (number, winner)
:class:`~pitch13.events.HandEndedEarly`      ``early 0 AH BJ`` (team, cards)
:class:`~pitch13.events.HandScored`          ``scored 4`` (the hand)
:class:`~pitch13.events.GameOver`            ``over 0 target`` (winner, how)
===========================================  ==============================================

The notation leaves out what the entries before it tell (a trick's cards and points, a hand's
result): reading it back, as :meth:`SeatView.from_json <pitch13.SeatView.from_json>` and
:meth:`SeatView.updated <pitch13.SeatView.updated>` do, rebuilds them.

>>> import pitch13
>>> state = pitch13.new_game(seed=7)
>>> for action in (pitch13.Pass(), pitch13.Bid(5), pitch13.Pass(), pitch13.Pass()):
...     state = pitch13.apply(state, action)
>>> [str(entry) for entry in seen_history(state, 3)][1:]
['1 pass', '2 bid 5', '3 pass', '0 pass', 'won 2 5']
>>> [str(entry) for entry in seen_history(state, 3, since=2)]
['3 pass', '0 pass', 'won 2 5']
"""

from __future__ import annotations

from pitch13._info.seen_entries import (
    DealSeen,
    GiveUpSeen,
    PublicItem,
    RefillSeen,
    RejectSeen,
    SeenEntry,
    SeenItem,
    TurnUpSeen,
    seen_history,
)

# Card: the name the classes' annotations use, for typing.get_type_hints, which reads them in
# the module the classes report (this one).
from pitch13.cards import Card  # noqa: F401

__all__ = [
    "DealSeen",
    "GiveUpSeen",
    "PublicItem",
    "RefillSeen",
    "RejectSeen",
    "SeenEntry",
    "SeenItem",
    "TurnUpSeen",
    "seen_history",
]

# They are documented, and pickled, as this module's.
for _public in (DealSeen, GiveUpSeen, RefillSeen, RejectSeen, SeenEntry, TurnUpSeen, seen_history):
    _public.__module__ = __name__
del _public
