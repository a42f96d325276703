"""Reviewing a recorded game: what each seat's decisions cost, from what the seat knew.

:func:`review` goes through a :class:`~pitch13.GameRecord` and, for each decision of a seat (an
action where the seat had more than one legal action), values every legal action from the
seat's view as :func:`pitch13.analysis.evaluate` does: it draws the hidden cards and solves each
deal. Every action of a decision is valued on the same deals, so the loss of the action made
against the best one is measured on paired deals, and its standard error is that of the
per-deal differences: most of the luck of the deals cancels out of it.

A value is the seat's team's score change for the hand less the other team's (R-SCORE-1). The
**loss** of a decision is the best action's mean less the mean of the action made (0 or more),
in expected points of that difference. A decision is marked by its loss:

==================  ==================
mark                loss of at least
==================  ==================
``inaccuracy``      1.0 point
``mistake``         2.5 points
``blunder``         5.0 points
==================  ==================

and only when the loss is also at least twice its paired standard error, from two deals at
least. The best action is the highest of several noisy means, so on the deals that picked it
its lead leans upward (the winner's curse), and a play worth as much as the best can look like
a blunder there. So a loss that would earn a mark is measured again, on as many fresh deals
valuing the two actions alone, and the mark (with the loss and error shown) is that second
measure's: sampling noise must then fool two independent measures, which it rarely does.

What a loss can and cannot say: each deal is solved as if every card were known after the
decision (see :func:`pitch13.analysis.evaluate`), so a loss measures a choice against a player
who sees through the cards afterwards; and an unmarked loss is measured on the deals that
picked the best action, so small losses lean upward. A decision before the play (a bid
above all) is valued by playing the rest of the auction and the exchanges with the rollout
policy of :class:`~pitch13.bots.SearchBot`, then solving the play with every card known, which
favours the team that bids: its marks deserve more caution than a card's. A mark is a pointer
to a decision worth a look, not a verdict.

The review is reproducible: decision ``index`` draws its deals from a seed made of the
review's ``seed`` and ``index``, so the answer does not depend on the number of ``workers``.
With a ``time_limit`` (CPU seconds a decision) the number of deals drawn depends on the
machine's speed; with ``time_limit=None`` a review is the same everywhere.

Costs: a replay of the record (microseconds an action), and one more in each of the ``workers``
(each is sent the record once), then for each decision up to ``samples`` deals, at most about
``time_limit`` CPU seconds (after two deals at least): a card to play costs a sample draw and
one solve of the rest of the hand a deal, whatever the number of cards; any other decision a
rollout to the play and a solve a deal for each distinct legal action (giving up any of several
dead cards in the look-through is valued once). A decision whose first measure would be marked
is measured again: as many deals more, within another ``time_limit``.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final

import attrs

from pitch13._base.checks import (
    MOST_WORKERS,
    ShortLookup,
    check_count,
    check_instance,
    check_number,
    check_seat,
    check_time_limit,
    check_tuple_of,
    excerpt,
    writable,
)
from pitch13._base.pool import in_chunks
from pitch13._base.seeds import check_parts
from pitch13._core.action_sets import check_action
from pitch13.actions import GiveUp, Play, SeatAction
from pitch13.analysis._evaluate import ActionValue, check_values
from pitch13.bots._solver import evaluate_choices, mean_and_error
from pitch13.engine import legal_actions
from pitch13.records import GameRecord
from pitch13.records._json import REVIEW_FORMAT
from pitch13.records._replay import replaying
from pitch13.state import GameState, Phase
from pitch13.trumps import is_trump
from pitch13.views import SeatView, view

__all__ = ["Mark", "Review", "ReviewedDecision", "SeatReview", "review"]

#: The name and version of the review's document (:meth:`Review.to_dict`).
FORMAT: Final = REVIEW_FORMAT
VERSION: Final = 1
#: A mark needs its loss to be at least this many paired standard errors.
NOISE_FACTOR: Final = 2.0
#: The widest indent :meth:`Review.to_json` takes, as the records' writers.
_MOST_INDENT: Final = 100
#: The decimals a document keeps of each number.
_DECIMALS: Final = 3


class Mark(ShortLookup, enum.Enum):
    """How bad a decision was: its loss against the best action reached the mark's threshold.

    Each mark also needs the loss to be at least twice its paired standard error (from two
    deals at least), on fresh deals that did not pick the best action (see
    :attr:`ReviewedDecision.loss`), so that sampling noise rarely marks a move.
    """

    #: A loss of at least 1.0 point of expected score difference.
    INACCURACY = "inaccuracy"
    #: A loss of at least 2.5 points.
    MISTAKE = "mistake"
    #: A loss of at least 5.0 points.
    BLUNDER = "blunder"

    @property
    def threshold(self) -> float:
        """The least loss, in expected points of score difference, that earns this mark."""
        return _THRESHOLDS[self]


_THRESHOLDS: Final = {Mark.INACCURACY: 1.0, Mark.MISTAKE: 2.5, Mark.BLUNDER: 5.0}


def mark_of(loss: float, stderr: float, samples: int) -> Mark | None:
    """The mark a loss earns: the worst whose threshold it reaches, if it stands out of the noise.

    ``None`` when the loss is below 1.0, below :data:`NOISE_FACTOR` times ``stderr``, or was
    measured on fewer than two deals (which give no standard error). Costs O(1).
    """
    if samples < 2 or loss < NOISE_FACTOR * stderr:
        return None
    for mark in (Mark.BLUNDER, Mark.MISTAKE, Mark.INACCURACY):
        if loss >= mark.threshold:
            return mark
    return None


@attrs.frozen(slots=True)
class ReviewedDecision:
    """One decision of a seat in a reviewed game: the action made, the best one, and the loss.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if a count or number is out of its range (a loss or standard error is 0
            or more), :attr:`action` or :attr:`best` is not among :attr:`values`, or
            :attr:`mark` is not the mark the loss earns (:class:`Mark`).
    """

    #: The action's place among the record's seat actions, from 0, hand after hand: the action
    #: is ``[a for hand in record.hands for a in hand.actions][index]``.
    index: int
    #: The number of the hand it was made in.
    hand: int
    #: The seat that made it.
    seat: int
    #: The phase it was made in.
    phase: Phase
    #: The action made.
    action: SeatAction
    #: The action with the highest mean; the action made when it has the highest (ties too).
    best: SeatAction
    #: Expected points of score difference the action made gave away against :attr:`best`
    #: (0 or more): the mean of their per-deal differences. Measured on the deals that valued
    #: every action, unless that measure would earn a mark: then on :attr:`fresh_samples` new
    #: deals, which did not pick :attr:`best` (the best of several means leans upward on the
    #: deals that picked it), and the mark is the new measure's.
    loss: float
    #: The standard error of :attr:`loss`, from the same per-deal differences.
    stderr: float
    #: The mark the loss earns (see :class:`Mark`), or ``None``.
    mark: Mark | None
    #: How many deals were drawn and solved; every action was valued on the same ones.
    samples: int
    #: Every legal action's value on those deals, in the order of :func:`~pitch13.legal_actions`.
    values: tuple[ActionValue, ...] = attrs.field(repr=False)
    #: How many fresh deals measured :attr:`loss` again (as many as :attr:`samples`, fewer if
    #: the time limit stopped them); 0 when the first measure earned no mark.
    fresh_samples: int = 0

    def __attrs_post_init__(self) -> None:
        check_count(self.index, "ReviewedDecision.index", 0)
        check_count(self.hand, "ReviewedDecision.hand")
        check_seat(self.seat, "ReviewedDecision.seat")
        check_instance(self.phase, Phase, "ReviewedDecision.phase")
        check_action(self.action, "ReviewedDecision.action")
        check_action(self.best, "ReviewedDecision.best")
        check_number(self.loss, "ReviewedDecision.loss", ints=False, low=0)
        check_number(self.stderr, "ReviewedDecision.stderr", ints=False, low=0)
        check_count(self.samples, "ReviewedDecision.samples")
        check_count(self.fresh_samples, "ReviewedDecision.fresh_samples", 0)
        check_values(self.values, "ReviewedDecision.values")
        valued = {value.action for value in self.values}
        for name in ("action", "best"):
            if getattr(self, name) not in valued:
                raise ValueError(f"ReviewedDecision.{name} {getattr(self, name)} is not among the values")
        check_instance(self.mark, Mark, "ReviewedDecision.mark", optional=True)
        deals = self.fresh_samples or self.samples
        earned = mark_of(self.loss, self.stderr, deals)
        if self.mark is not earned:
            raise ValueError(
                f"ReviewedDecision.mark must be the mark a loss of {self.loss:g} ± {self.stderr:g} on "
                f"{deals} deal{'s' if deals != 1 else ''} earns ({'none' if earned is None else earned.value}), "
                f"not {'none' if self.mark is None else self.mark.value}"
            )

    def line(self) -> str:
        """The decision in one line, as ``pitch13 review`` prints it.

        ``hand 3  seat 1  play  played 9S, best KS: loss 2.75 ± 0.40  mistake`` (a card by its
        notation, any other action as ``chose bid 5``; the mark, if any, last).
        """
        verb = "played" if isinstance(self.action, Play) else "chose"
        line = (
            f"hand {self.hand}  seat {self.seat}  {self.phase.value}  "
            f"{verb} {_action_name(self.action)}, best {_action_name(self.best)}: "
            f"loss {self.loss:.2f} ± {self.stderr:.2f}"
        )
        return line if self.mark is None else f"{line}  {self.mark.value}"

    def to_dict(self) -> dict[str, object]:
        """The decision as its entry in :meth:`Review.to_dict` (numbers rounded to 3 decimals)."""
        return {
            "index": self.index,
            "hand": self.hand,
            "seat": self.seat,
            "phase": self.phase.value,
            "action": str(self.action),
            "best": str(self.best),
            "loss": _round(self.loss),
            "stderr": _round(self.stderr),
            "mark": None if self.mark is None else self.mark.value,
            "samples": self.samples,
            "fresh_samples": self.fresh_samples,
            "values": [
                {"action": str(v.action), "mean": _round(v.mean), "stderr": _round(v.stderr)}
                for v in self.values
            ],
        }


@attrs.frozen(slots=True)
class SeatReview:
    """One seat's decisions in a reviewed game, summed up.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if :attr:`seat` is not 0 to 3, a count or the loss is negative, more
            decisions are marked than there are, or a seat with no decision has a loss.
    """

    #: The seat.
    seat: int
    #: How many decisions it had (actions with more than one legal choice).
    decisions: int
    #: The sum of their losses.
    loss: float
    #: How many were marked :attr:`Mark.INACCURACY`.
    inaccuracies: int
    #: How many were marked :attr:`Mark.MISTAKE`.
    mistakes: int
    #: How many were marked :attr:`Mark.BLUNDER`.
    blunders: int

    def __attrs_post_init__(self) -> None:
        check_seat(self.seat, "SeatReview.seat")
        for name in ("decisions", "inaccuracies", "mistakes", "blunders"):
            check_count(getattr(self, name), f"SeatReview.{name}", 0)
        check_number(self.loss, "SeatReview.loss", ints=False, low=0, bounded=False)
        if self.inaccuracies + self.mistakes + self.blunders > self.decisions:
            raise ValueError(f"SeatReview: more decisions are marked than the {self.decisions} there are")
        if not self.decisions and self.loss:
            raise ValueError(f"SeatReview: a seat with no decision has no loss, not {self.loss:g}")

    @property
    def mean_loss(self) -> float:
        """The mean loss a decision (0.0 with none)."""
        return self.loss / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, object]:
        """The summary as its entry in :meth:`Review.to_dict` (numbers rounded to 3 decimals)."""
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "loss": _round(self.loss),
            "mean_loss": _round(self.mean_loss),
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
        }


@attrs.frozen(slots=True)
class Review:
    """A reviewed game: :func:`review`'s answer, every decision in the record's order.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if ``samples`` is below 1, ``time_limit`` is not a positive number of
            seconds (or is too large for a float), ``seed`` has more than 4,300 digits, or the
            decisions are not in the record's order (their indices rising).
    """

    #: The most deals drawn for a decision.
    samples: int
    #: The CPU seconds a decision could take (after two deals), or ``None``: no limit.
    time_limit: float | None
    #: The seed the decisions' deals were drawn from.
    seed: int
    #: Every decision reviewed, in the order of the record.
    decisions: tuple[ReviewedDecision, ...] = attrs.field(repr=False)

    def __attrs_post_init__(self) -> None:
        check_count(self.samples, "Review.samples")
        check_time_limit(self.time_limit, "Review")
        check_parts(**{"Review.seed": self.seed})
        check_tuple_of(self.decisions, ReviewedDecision, "Review.decisions")
        last = -1
        for decision in self.decisions:
            if decision.index <= last:
                raise ValueError(
                    f"Review.decisions must be in the record's order: decision {decision.index} after {last}"
                )
            last = decision.index

    @property
    def marked(self) -> tuple[ReviewedDecision, ...]:
        """The decisions that earned a mark, in the order of the record."""
        return tuple(d for d in self.decisions if d.mark is not None)

    @property
    def seats(self) -> tuple[SeatReview, ...]:
        """Each seat's summary, seats 0 to 3 (a seat with no decision has zeros). Costs O(decisions)."""
        out = []
        for seat in range(4):
            mine = [d for d in self.decisions if d.seat == seat]
            marks = [d.mark for d in mine]
            out.append(
                SeatReview(
                    seat=seat,
                    decisions=len(mine),
                    loss=math.fsum(d.loss for d in mine),
                    inaccuracies=marks.count(Mark.INACCURACY),
                    mistakes=marks.count(Mark.MISTAKE),
                    blunders=marks.count(Mark.BLUNDER),
                )
            )
        return tuple(out)

    def report(self, *, every: bool = False) -> str:
        """The review as ``pitch13 review`` prints it, as text that ends with a newline.

        The marked decisions (every one with ``every``), each as :meth:`ReviewedDecision.line`
        writes it, then a summary by seat and the marks' thresholds. Costs O(decisions).
        """
        shown = self.decisions if every else self.marked
        lines = [d.line() for d in shown]
        if not shown:
            lines.append("no decision was marked" if self.decisions else "no decision to review")
        limit = "no time limit" if self.time_limit is None else f"{self.time_limit:g} CPU s"
        lines += [
            "",
            f"{len(self.decisions)} decisions, at most {self.samples} deals and {limit} each, seed {self.seed}",
            f"{'seat':>4}  {'decisions':>9}  {'loss':>8}  {'mean loss':>9}  "
            f"{'inaccuracies':>12}  {'mistakes':>8}  {'blunders':>8}",
        ]
        lines += [
            f"{s.seat:>4}  {s.decisions:>9}  {s.loss:>8.2f}  {s.mean_loss:>9.3f}  "
            f"{s.inaccuracies:>12}  {s.mistakes:>8}  {s.blunders:>8}"
            for s in self.seats
        ]
        thresholds = ", ".join(f"{mark.value} {mark.threshold:g}" for mark in Mark)
        lines.append(f"marks: {thresholds} points of loss, and at least twice its standard error")
        return "\n".join(lines) + "\n"

    def to_dict(self) -> dict[str, object]:
        """The review as a JSON-ready document (format ``pitch13.review``, version 1).

        ``{"format": "pitch13.review", "version": 1, "samples", "time_limit", "seed",
        "thresholds": {"inaccuracy": 1.0, "mistake": 2.5, "blunder": 5.0}, "decisions": [...],
        "seats": [...]}``: each decision as :meth:`ReviewedDecision.to_dict` writes it, actions in
        the library's notation (``str(action)``, read back by :func:`~pitch13.parse_action`), and
        each seat as :meth:`SeatReview.to_dict` writes it. Numbers are rounded to 3 decimals.
        Costs O(decisions × legal actions).
        """
        return {
            "format": FORMAT,
            "version": VERSION,
            "samples": self.samples,
            "time_limit": self.time_limit,
            "seed": self.seed,
            "thresholds": {mark.value: mark.threshold for mark in Mark},
            "decisions": [d.to_dict() for d in self.decisions],
            "seats": [s.to_dict() for s in self.seats],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON text (``indent`` as :func:`json.dumps` takes it). Costs as :meth:`to_dict`.

        Raises:
            TypeError: if ``indent`` is not an int or ``None``.
            ValueError: if ``indent`` is not from 0 to 100 (as :meth:`GameRecord.to_json
                <pitch13.GameRecord.to_json>` takes it).
        """
        if indent is not None and (not isinstance(indent, int) or isinstance(indent, bool)):
            raise TypeError(f"to_json() indent must be an int or None, not {type(indent).__name__}")
        if indent is not None and not 0 <= indent <= _MOST_INDENT:
            raise ValueError(f"to_json() indent must be from 0 to {_MOST_INDENT}, not {excerpt(indent)}")
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)


def _action_name(action: SeatAction) -> str:
    """A card as its notation (``9S``); any other action as its notation (``bid 5``)."""
    return str(action.card) if isinstance(action, Play) else str(action)


def _round(value: float) -> float:
    return round(value, _DECIMALS) + 0.0  # + 0.0: no "-0.0" in a document


# --- the review ----------------------------------------------------------------------------------

#: One decision to review: its index, the state it was made in, the seat and the action made.
_Decision = tuple[int, GameState, int, SeatAction]


def decisions_of(record: GameRecord) -> Iterator[_Decision]:
    """Each decision of the record: ``(index, state before, seat, action)``; replays it once.

    The record is replayed as the decisions are taken: a caller that stops early replays no
    further (and then does not learn whether the rest of the record replays).

    Raises:
        DocumentError: if the record does not replay (:func:`~pitch13.replay`).
    """
    states = replaying(record)
    state = next(states)
    index = 0
    for hand in record.hands:
        if record.seed is None:
            state = next(states)  # the hand's Deal is a state of its own
        for seat, action in hand.actions:
            if len(legal_actions(state)) > 1:
                yield index, state, seat, action
            state = next(states)
            index += 1
    for _ in states:  # the checks of the record's end
        raise AssertionError("a replay gives one state an action")  # pragma: no cover


def decision_seed(seed: int, index: int) -> int:
    """The seed of decision ``index``'s deals in a review seeded ``seed`` (a 64-bit int)."""
    text = f"pitch13-review-v1:{seed}:{index}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _distinct(state: GameState, actions: Sequence[SeatAction]) -> list[int]:
    """For each action, the index of the first action it is worth the same as.

    Giving up a dead card in the look-through (R-LOOK-2) is worth what giving up any other dead
    card is: dead cards are never played and score nothing (R-DECK-3).
    """
    trump = state.trump
    first_dead: int | None = None
    out = []
    for i, action in enumerate(actions):
        if type(action) is GiveUp and trump is not None and not is_trump(action.card, trump, state.rules):
            if first_dead is None:
                first_dead = i
            out.append(first_dead)
        else:
            out.append(i)
    return out


def _values(
    state: GameState,
    seat: int,
    actions: Sequence[SeatAction],
    rng: random.Random,
    samples: int,
    limit: float | None,
) -> list[list[float]]:
    """Each action's value on each deal drawn: two deals at least, then up to the budgets."""
    same = _distinct(state, actions)
    candidates = sorted(set(same))
    found = _drawn(view(state, seat), [actions[i] for i in candidates], rng, samples, limit)
    where = {c: k for k, c in enumerate(candidates)}
    return [found[where[same[i]]] for i in range(len(actions))]


def _drawn(
    seat_view: SeatView, actions: Sequence[SeatAction], rng: random.Random, samples: int, limit: float | None
) -> list[list[float]]:
    """Each of ``actions``' values on each deal drawn: two deals at least, then up to the budgets."""
    started = time.process_time()
    found = evaluate_choices(seat_view, actions, rng, min(2, samples), None)
    left = None if limit is None else limit - (time.process_time() - started)
    if samples > 2 and (left is None or left > 0):
        more = evaluate_choices(seat_view, actions, rng, samples - 2, left)
        found = [a + b for a, b in zip(found, more, strict=True)]
    return found


def _loss(best: Sequence[float], made: Sequence[float]) -> tuple[float, float]:
    """The loss (0 or more) and its standard error, from the per-deal differences."""
    loss, stderr = mean_and_error([b - m for b, m in zip(best, made, strict=True)])
    return max(loss, 0.0), stderr


def review_decision(
    decision: _Decision, samples: int, time_limit: float | None, seed: int
) -> ReviewedDecision:
    """Review one decision: value every legal action from the seat's view on the same deals.

    A loss that would earn a mark is measured again on fresh deals (see :attr:`ReviewedDecision.loss`).
    """
    index, state, seat, action = decision
    actions = legal_actions(state)
    rng = random.Random(decision_seed(seed, index))
    values = _values(state, seat, actions, rng, samples, time_limit)
    drawn = len(values[0])  # one at least: a view the engine made always samples
    estimates = [mean_and_error(v) for v in values]
    made = actions.index(action)
    top = max(mean for mean, _ in estimates)
    best = made if estimates[made][0] == top else next(i for i, (m, _) in enumerate(estimates) if m == top)
    loss, stderr = _loss(values[best], values[made])
    fresh = 0
    if mark_of(loss, stderr, drawn) is not None:
        # The best action was picked as the highest of several means on these deals, so its
        # lead leans upward: a mark must stand on as many fresh deals, which did not pick it.
        again = _drawn(view(state, seat), [actions[best], action], rng, drawn, time_limit)
        fresh = len(again[0])
        loss, stderr = _loss(again[0], again[1])
    return ReviewedDecision(
        index=index,
        hand=state.hand_number,
        seat=seat,
        phase=state.phase,
        action=action,
        best=actions[best],
        loss=loss,
        stderr=stderr,
        mark=mark_of(loss, stderr, fresh or drawn),
        samples=drawn,
        values=tuple(ActionValue(a, m, e) for a, (m, e) in zip(actions, estimates, strict=True)),
        fresh_samples=fresh,
    )


class DecisionReplay:
    """A record's decisions, replayed forward as they are asked for, in order of index.

    A worker of a review holds one and is asked for its chunks in order, so however many chunks
    it reviews it replays the record once. Asked for a decision behind the last one it gave, it
    replays the record again from the start.
    """

    def __init__(self, record: GameRecord) -> None:
        self._record = record
        self._decisions = decisions_of(record)
        self._last = -1  # the index of the last decision taken from ``_decisions``

    def take(self, indices: Sequence[int]) -> Iterator[_Decision]:
        """The decisions whose indices are ``indices``, in order of index.

        Raises:
            ValueError: if an index is not a decision of the record.
        """
        for wanted in sorted(indices):
            if wanted <= self._last:
                self._decisions, self._last = decisions_of(self._record), -1
            for decision in self._decisions:
                self._last = decision[0]
                if decision[0] == wanted:
                    yield decision
                    break
            else:
                raise ValueError(f"the record has no decision {wanted}")


#: A worker's replay of the record it reviews (:func:`hold_record`): a pool reviews one record.
_held: list[DecisionReplay] = []


def hold_record(record: GameRecord) -> None:
    """Set up a worker of a review: it keeps the record's replay for its chunks."""
    _held[:] = [DecisionReplay(record)]


def review_chunk(
    indices: Sequence[int], samples: int, time_limit: float | None, seed: int
) -> list[ReviewedDecision]:
    """Review the decisions whose indices are ``indices`` (a worker's share) of the held record."""
    return [review_decision(d, samples, time_limit, seed) for d in _held[0].take(indices)]


def _reviewed(
    record: GameRecord,
    found: Sequence[_Decision],
    samples: int,
    time_limit: float | None,
    seed: int,
    workers: int,
) -> Iterator[ReviewedDecision]:
    """Every decision reviewed, as they finish (in any order with workers)."""
    if workers == 1:
        for decision in found:
            yield review_decision(decision, samples, time_limit, seed)
        return
    # Each worker is sent the record once and replays it once (microseconds an action), going
    # forward through its chunks, rather than be sent the states (a pickled state replays).
    work = functools.partial(review_chunk, samples=samples, time_limit=time_limit, seed=seed)
    yield from in_chunks(
        work, [d[0] for d in found], len(found), workers, setup=functools.partial(hold_record, record)
    )


def review(
    record: GameRecord,
    *,
    samples: int = 16,
    time_limit: float | None = 0.15,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], object] | None = None,
) -> Review:
    """Review every decision of a recorded game: the loss of each action made against the best.

    A decision is a seat's action where it had more than one legal action. Each is valued from
    the seat's view at that moment (:func:`~pitch13.view`): every legal action on the same
    deals drawn from the view and solved, as :func:`pitch13.analysis.evaluate` values them.
    See the module's introduction for the marks and what a loss means.

    Args:
        record: the game.
        samples: the most deals to draw for a decision (at least 1; a mark needs 2).
        time_limit: CPU seconds (``time.process_time()``) a decision may take, or ``None``;
            a decision stops at whichever of the two budgets comes first, after two deals at
            least (one when ``samples`` is 1). ``None`` makes the review the same on every
            machine.
        seed: the seed the decisions' deals are drawn from: decision ``index`` from
            ``(seed, index)``, so the review does not depend on ``workers``.
        workers: how many processes review (1: this one).
        progress: called with ``(decisions done, decisions)`` after each decision.

    Costs: a replay of the record, then for each decision up to ``samples`` deals, each a sample
    draw and a solve of the rest of the hand (a card to play), or a rollout to the play and a
    solve for each distinct legal action (any other decision); at most about ``time_limit``
    CPU seconds a decision after its first two deals, and as much again for a decision whose
    first measure would be marked. A 20-hand game has about 500 decisions: about 43 CPU seconds
    with the defaults, 21 s on the clock with two ``workers`` (the docs' "Analysing games" page;
    docs/_static/reviewed-game.json, measured by benchmarks/review.py).

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``samples`` or ``workers`` is below 1, ``workers`` above 1,024,
            ``time_limit`` is not a positive number of seconds, or ``seed`` has more than 4,300
            digits.
        DocumentError: if the record does not replay (:func:`~pitch13.replay`).
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"review() takes a GameRecord, not {type(record).__name__}")
    check_count(samples, "review() samples")
    check_count(workers, "review() workers", high=MOST_WORKERS)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"review() seed must be an int, not {type(seed).__name__}")
    if not writable(seed):
        raise ValueError(f"review() seed must be an int of at most 4,300 digits, not {excerpt(seed)}")
    time_limit = check_time_limit(time_limit, "review()")
    if progress is not None and not callable(progress):
        raise TypeError(f"review() progress must be a callable or None, not {type(progress).__name__}")
    found = list(decisions_of(record))
    total = len(found)
    by_index: dict[int, ReviewedDecision] = {}
    for decision in _reviewed(record, found, samples, time_limit, seed, min(workers, max(total, 1))):
        by_index[decision.index] = decision
        if progress is not None:
            progress(len(by_index), total)
    return Review(
        samples=samples,
        time_limit=time_limit,
        seed=seed,
        decisions=tuple(by_index[d[0]] for d in found),
    )
