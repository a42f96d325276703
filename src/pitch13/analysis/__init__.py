"""Analysis: the exact value of a hand's play, and the value of every choice from a seat's view.

:func:`solve` is a double-dummy solver: for a state in the play phase, where every card is
known, it finds the value of the rest of the hand when both teams play perfectly, and the value
of every card the seat to play may play. :func:`evaluate` answers the question a player can ask
(which choice is best, and by how much?) from what a seat knows: it draws the hidden cards
(:func:`~pitch13.sample_state`) many times, solves each drawn deal, and averages.

A value is in points of the hand's score: **the bidding team's score change for the hand less
the defenders'** (R-SCORE-1, with the options of the :class:`~pitch13.Rules`). For
:func:`evaluate` it is seen from the seat's own team: its team's score change less the other's.

>>> import pitch13
>>> from pitch13.analysis import solve
>>> state = pitch13.new_game(seed=3)
>>> while state.phase is not pitch13.Phase.PLAY:
...     state = pitch13.apply(state, pitch13.legal_actions(state)[0])
>>> solution = solve(state)
>>> solution.value == max(value for _, value in solution.moves) or solution.value == min(
...     value for _, value in solution.moves
... )
True

What a value means when the hand can end the game: the value is the hand's score difference
only. A made moon under ``moon_success=win_game`` (R-SCORE-2), a failed one under
``moon_failure=lose_game``, and a team passing the target (R-END-1, R-END-2) end the game, which
the value does not count. Every one of those grows with the points the bidding team takes, as
the value does, so the line that is best for the value is best for them too: a solved line
never trades the game for points.

Costs: :func:`solve` searches the rest of the hand (a median of 3 to 4 ms of CPU from a hand's
first card, under a millisecond after one trick; see the docs' table); :func:`evaluate` costs a
sample draw and a solve per sample (for a decision before the play, a rollout per candidate and
a solve per distinct play they reach), and stops at its budget; :func:`review` costs an
evaluation per decision of the game.
"""

from __future__ import annotations

from pitch13.actions import SeatAction  # noqa: F401 - annotations name it (see below)
from pitch13.analysis._evaluate import ActionValue, Evaluation, Solution, evaluate, solve
from pitch13.analysis._review import Mark, Review, ReviewedDecision, SeatReview, review
from pitch13.state import Phase  # noqa: F401 - annotations name it (see below)

__all__ = [
    "ActionValue",
    "Evaluation",
    "Mark",
    "Review",
    "ReviewedDecision",
    "SeatReview",
    "Solution",
    "evaluate",
    "review",
    "solve",
]

# Public under this module's name: in the docs, in reprs, and when pickled. typing.get_type_hints
# then reads the classes' annotations here: SeatAction and Phase are imported for it.
for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
