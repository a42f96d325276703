"""Small helpers shared by the test modules: arranged deals, driving a game, a viewer's view."""

from __future__ import annotations

from pitch13 import apply, new_game, spectator_view, view
from pitch13.testing import arranged_deck


def see(state, viewer):
    """The view of ``viewer``: a seat, or ``None`` for a spectator."""
    return spectator_view(state) if viewer is None else view(state, viewer)


def deal(hands, *, dealer=0, stock="", rules=None):
    """A new game dealt from an arranged deck."""
    return apply(new_game(rules, dealer=dealer), arranged_deck(hands, dealer=dealer, stock=stock))


def drive(state, actions):
    """The states from ``state`` through each of ``actions`` in turn (``state`` first)."""
    states = [state]
    for action in actions:
        states.append(apply(states[-1], action))
    return states
