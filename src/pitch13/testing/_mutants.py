"""Mutated view deltas and view documents, and the oracle that judges what a reader accepts (internal).

A reader of views (:meth:`SeatView.from_dict <pitch13.SeatView.from_dict>`,
:meth:`SeatView.updated <pitch13.SeatView.updated>`) accepts a view only if some game reaches
it. The oracle: a view accepted is one :func:`~pitch13.sample_state` can sample, and the
sample's view is that view; what is not accepted is refused with a short
:class:`~pitch13.DocumentError`. The mutations are the faults of a careless or hostile sender: a
card named in place of another, an entry dropped, repeated or moved, a seat or a number changed,
the ply, the scores, the last hand's result, the dealers or the hand number edited.

Each mutation draws its choices from ``choose(n)``, a whole number from 0 to ``n - 1``: a
:class:`random.Random`'s ``randrange`` in the soak, a hypothesis draw in the tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import attrs

from pitch13._base.checks import WORD, unchecked
from pitch13.cards import DECK
from pitch13.errors import DocumentError, SamplingError
from pitch13.sampling import sample_state
from pitch13.state import GameState
from pitch13.views import SeatView, ViewDelta, spectator_view, view

__all__ = ["Choose", "Verdict", "judge", "mutated_delta", "mutated_document"]

Choose = Callable[[int], int]

#: The longest message a refusal may have.
MAX_MESSAGE = 300

_CARD_NAMES = frozenset(str(card) for card in DECK)
_EDITS = (-2, -1, 1, 2, 9, -100)


def _edit(words: list[str], choose: Choose) -> list[str]:
    """The words of an entry with one card, seat or number changed."""
    places = [i for i, word in enumerate(words) if word in _CARD_NAMES or word.isdigit()]
    if not places:
        return words
    i = places[choose(len(places))]
    out = list(words)
    if words[i] in _CARD_NAMES:
        out[i] = str(DECK[choose(len(DECK))])
    elif len(words[i]) == 1 and choose(2):  # a seat, or a small number: any of 0 to 3
        out[i] = str(choose(4))
    else:
        out[i] = str(max(0, int(words[i]) + _EDITS[choose(len(_EDITS))]))
    return out


def mutated_entries(entries: tuple[str, ...], choose: Choose) -> tuple[str, ...]:
    """``entries`` with one fault: an entry edited, dropped, repeated or moved, or the last dropped."""
    out = list(entries)
    kind = choose(5) if out else 2
    if kind == 0:
        i = choose(len(out))
        out[i] = " ".join(_edit(out[i].split(), choose))
    elif kind == 1:
        del out[choose(len(out))]
    elif kind == 2 and out:
        out.insert(choose(len(out) + 1), out[choose(len(out))])
    elif kind == 3 and len(out) > 1:
        i = choose(len(out) - 1)
        out[i], out[i + 1] = out[i + 1], out[i]
    elif out:
        out.pop()
    return tuple(out)


def mutated_delta(delta: ViewDelta, choose: Choose) -> ViewDelta:
    """``delta`` with one fault in its entries or its plies."""
    kind = choose(4)
    if kind == 0:
        # A ply before ``since`` is refused as a delta is made; unpickled, it reaches the reader.
        ply = max(0, delta.ply + _EDITS[choose(len(_EDITS))])
        return unchecked(ViewDelta, since=delta.since, ply=ply, entries=delta.entries)
    return ViewDelta(delta.since, delta.ply, mutated_entries(delta.entries, choose))


def mutated_document(seat_view: SeatView, choose: Choose) -> dict[str, object]:
    """``seat_view``'s document with one fault: in its ply, scores (or its last hand's result), dealers, hand number or history."""
    data = seat_view.to_dict()
    kind = choose(6)
    step = _EDITS[choose(len(_EDITS))]
    if kind == 0:
        data["ply"] = max(0, seat_view.ply + step)
    elif kind == 1:
        result = data["last_result"]
        if isinstance(result, dict) and choose(2):
            _mutate_result(result, step, choose)
        else:
            scores = list(seat_view.scores)
            scores[choose(2)] += step
            data["scores"] = scores
    elif kind == 2:
        data["dealer"] = choose(4)
    elif kind == 3:
        data["first_dealer"] = choose(4)
    elif kind == 4:
        data["hand_number"] = max(1, seat_view.hand_number + step)
    else:
        history = data["history"]
        assert isinstance(history, list)
        data["history"] = list(mutated_entries(tuple(history), choose))
    return data


#: The fields of a hand's result a mutation edits: numbers, pairs of numbers and flags.
_RESULT_EDITS = (
    "dealer",
    "bidder",
    "bid",
    "points",
    "unplayed_points",
    "made",
    "moon",
    "score_change",
    "scores",
)


def _mutate_result(result: dict[str, object], step: int, choose: Choose) -> None:
    """``result`` (a view document's ``last_result``) with one field, or a point card's team, changed."""
    names = (*_RESULT_EDITS, "point_cards")
    name = names[choose(len(names))]
    value = result[name]
    if name == "point_cards":
        cards = value
        assert isinstance(cards, list)
        if cards:
            card = cards[choose(len(cards))]
            assert isinstance(card, dict)
            card["team"] = (None, 0, 1)[choose(3)]
    elif isinstance(value, bool):
        result[name] = not value
    elif isinstance(value, int):
        result[name] = value + step
    elif isinstance(value, list):
        pair = list(value)
        pair[choose(2)] += step
        result[name] = pair


@attrs.define
class Verdict:
    """What the oracle found of the views it judged."""

    tried: int = 0
    accepted: int = 0
    refused: int = 0
    sampled: int = 0


def _view_of(state: GameState, seat: int | None) -> SeatView:
    return spectator_view(state) if seat is None else view(state, seat)


def _fields(document: Mapping[str, object]) -> dict[str, object]:
    """A view document's fields of one value each.

    Its lists are left out: their cards may be written in any order.
    """
    return {key: value for key, value in document.items() if not isinstance(value, (list, dict))}


#: The first words of the entries that list a set of cards, which may be written in any order.
_CARD_SETS = frozenset({"dealt", "refill", "dead", "early", "rejected"})


def _same_entry(read: str, sent: str) -> bool:
    """Whether the entry read back is the one sent.

    Word for word, but the cards of an entry that lists a set of them in any order.
    """
    a, b = WORD.findall(read), WORD.findall(sent)  # the words as the readers split them
    if not a or a[0] not in _CARD_SETS:
        return a == b

    def parts(words: list[str]) -> tuple[list[str], list[str]]:
        return [w for w in words if w not in _CARD_NAMES], sorted(w for w in words if w in _CARD_NAMES)

    return parts(a) == parts(b)


def judge(
    read: Callable[[], SeatView],
    verdict: Verdict,
    rng: random.Random,
    sent: ViewDelta | Mapping[str, object] | None = None,
) -> str | None:
    """Read a view with ``read`` and judge it; what went wrong, or ``None``.

    A view read must be what was ``sent`` (a delta: the view is at the delta's ply and its
    history ends with the delta's last entry; a document: the view writes the document's fields
    of one value back),
    round-trip through JSON and be one :func:`~pitch13.sample_state` samples to a state whose
    view it is; a refusal must be a :class:`~pitch13.DocumentError` of at most
    :data:`MAX_MESSAGE` characters.
    """
    verdict.tried += 1
    try:
        seat_view = read()
    except DocumentError as error:
        verdict.refused += 1
        if len(str(error)) > MAX_MESSAGE:
            return f"a refusal of {len(str(error))} characters: {str(error)[:100]}..."
        return None
    verdict.accepted += 1
    if isinstance(sent, ViewDelta):
        last = str(seat_view.history[-1]) if seat_view.history else ""
        if seat_view.ply != sent.ply or (sent.entries and not _same_entry(last, sent.entries[-1])):
            return f"a delta accepted gives a view of ply {seat_view.ply} ending {last!r}, not the delta's"
    elif sent is not None and _fields(seat_view.to_dict()) != _fields(sent):
        return "a document accepted reads as another view"
    try:
        again = SeatView.from_json(seat_view.to_json())
    except DocumentError:
        again = None
    if again != seat_view:
        return "a view accepted does not read back from its JSON"
    try:
        sample = sample_state(seat_view, rng)
    except SamplingError:
        return f"a view accepted is one no game reaches: {seat_view.to_json()[:2000]}"
    verdict.sampled += 1
    if _view_of(sample, seat_view.seat) != seat_view:
        return "a view accepted samples to a state whose view differs"
    return None
