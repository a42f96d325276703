"""A view read back, or brought up to date by a delta, is one some game reaches.

:meth:`SeatView.from_dict <pitch13.SeatView.from_dict>` and :meth:`SeatView.updated
<pitch13.SeatView.updated>` share one definition: the seat's copy of the game follows each entry
and refuses one that contradicts what the seat knows (its own cards, the cards it saw placed, the
order of the events, the end of the game), and the view it comes to must stop at a decision, at a
ply the history allows, with a placement of the cards the seat cannot see.

The oracle: **a view accepted is one** :func:`~pitch13.sample_state` **samples, and the sample's
view is that view**; whatever is not accepted is refused with a short
:class:`~pitch13.DocumentError`. It is checked on views and deltas mutated at random (card swaps,
dropped, repeated and moved entries, edited seats, numbers, plies, scores, dealers and hand
numbers), and on the examples that were once accepted.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, event, given
from hypothesis import strategies as st

from pitch13 import (
    DocumentError,
    Rules,
    SeatView,
    ViewDelta,
    apply,
    legal_actions,
    new_game,
    sample_state,
    spectator_view,
    view,
    view_delta,
)
from pitch13.testing._mutants import MAX_MESSAGE, Verdict, judge, mutated_delta, mutated_document
from profiles import examples
from strategies import PRESETS

VIEWERS = (0, 1, 2, 3, None)


def see(state, seat):
    return spectator_view(state) if seat is None else view(state, seat)


def first_choices(seed=0, plies=20):
    """The states of a seeded game in which the first legal action is always taken."""
    states = [new_game(seed=seed)]
    while len(states) <= plies:
        states.append(apply(states[-1], legal_actions(states[-1])[0]))
    return states


def refused(read, where, why):
    with pytest.raises(DocumentError) as info:
        read()
    assert (info.value.where, info.value.why) == (where, why)
    assert len(str(info.value)) < MAX_MESSAGE


# --- the examples --------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", VIEWERS)
def test_the_first_view_of_a_game_started_at_any_scores_reads_back(seat):
    """R-END-1: a game may start at any scores that have not won; its first view reads back."""
    for state in (new_game(scores=(-6, 0)), new_game(seed=1, scores=(40, -12), hand_number=3)):
        seat_view = see(state, seat)
        assert SeatView.from_json(seat_view.to_json()) == seat_view
        assert see(sample_state(seat_view, random.Random(0)), seat) == seat_view


def test_updated_refuses_another_seat_playing_a_card_the_seat_holds():
    """At the first trick seat 2 holds 3C: seat 0 cannot play it (R-PLAY-1)."""
    state = first_choices()[12]
    assert "3C" in [str(c) for c in state.hand(2)] and state.to_act == 0
    delta = ViewDelta(12, 13, ("0 play 3C",))
    refused(lambda: view(state, 2).updated(delta), "$[2]", "3C is not in seat 0's hand")


def test_updated_refuses_a_card_turned_up_that_the_seat_holds():
    """R-LOOK-1: the bidder turns up the stock's cards; JC is in his own hand, not the stock."""
    state = first_choices()[5]
    assert "JC" in [str(c) for c in state.hand(0)]
    delta = ViewDelta(5, 6, ("0 turn up JC",))
    refused(lambda: view(state, 0).updated(delta), "$[2]", "JC is not in the stock")


def test_from_dict_refuses_a_history_where_another_seat_plays_a_card_the_seat_holds():
    """The same check reads a view document: the entry is refused at its place in the history."""
    state = first_choices(plies=14)[14]
    data = view(state, 2).to_dict()
    played = next(i for i, line in enumerate(data["history"]) if line.startswith("0 play "))
    mine = str(view(state, 2).hand[0])
    data["history"][played] = f"0 play {mine}"
    refused(lambda: SeatView.from_dict(data), f"$.history[{played}]", f"{mine} is not in seat 0's hand")


def test_updated_refuses_a_delta_whose_ply_is_behind_its_entries():
    """A call is a ply: a delta that adds one and stays at ply 0 is refused at its ply, ``$[1]``."""
    delta = ViewDelta(0, 0, ("1 pass",))
    refused(
        lambda: view(new_game(seed=0), 0).updated(delta),
        "$[1]",
        "the history shown is at a ply from 1 to 2, not 0",
    )


def test_a_hand_1_view_is_at_the_plies_of_its_actions():
    """Hand 1 begins the game: its ply is the hand's actions, plus its deal when dealt by Deal."""
    data = view(new_game(seed=0), 0).to_dict()
    for ply in (0, 1):
        data["ply"] = ply
        assert SeatView.from_dict(data).ply == ply
    data["ply"] = 99
    refused(lambda: SeatView.from_dict(data), "$.ply", "the history shown is at a ply from 0 to 1, not 99")


def test_updated_refuses_the_last_delta_of_a_game_without_its_end():
    """R-END-1: a game's last delta without its ``over`` entry leaves a game that is over going on."""
    rng = random.Random(3)
    state = new_game(Rules(target=5), seed=3)
    while not state.is_over:
        before = state
        state = apply(state, rng.choice(legal_actions(state)))
    delta = view_delta(state, 0, before.ply)
    assert delta.entries[-1].startswith("over ")
    cut = ViewDelta(delta.since, delta.ply, delta.entries[:-1])
    with pytest.raises(DocumentError) as info:
        view(before, 0).updated(cut)
    assert "end" in info.value.why
    assert view(before, 0).updated(delta) == view(state, 0)


def test_updated_refuses_a_forced_reject_left_out():
    """R-LOOK-2: a card turned up that may not be taken is rejected at once; a view that shows the
    seat still deciding on it is refused."""
    rng = random.Random(5)
    for seed in range(200):
        state = new_game(seed=seed)
        while not state.is_over and state.hand_number == 1:
            before = state
            state = apply(state, rng.choice(legal_actions(state)))
            delta = view_delta(state, before.to_act, before.ply)
            if delta.entries[-1:] and delta.entries[-1].startswith("rejected ") and len(delta.entries) == 2:
                seat = before.to_act
                cut = ViewDelta(delta.since, delta.ply, delta.entries[:-1])
                with pytest.raises(DocumentError, match="rejected at once"):
                    view(before, seat).updated(cut)
                return
    pytest.fail("no forced reject found")  # pragma: no cover


def test_view_delta_refuses_a_since_that_is_not_a_ply():
    """``since`` is an int ply of the game (``None`` is a TypeError), and a huge one is described
    briefly."""
    state = first_choices()[3]
    with pytest.raises(TypeError, match="since is a ply, an int, not None"):
        view_delta(state, 0, since=None)
    with pytest.raises(ValueError, match="since is a ply of the game") as info:
        view_delta(state, 0, since=10**1000)
    assert len(str(info.value)) < MAX_MESSAGE


# --- the oracle ------------------------------------------------------------------------------------


def playout(rules, seed, length):
    """The states of a random game (seeded when ``seed`` is even), ``length`` plies at most."""
    rng = random.Random(seed)
    state = new_game(rules, dealer=seed % 4, seed=seed if seed % 2 == 0 else None)
    states = [state]
    while not state.is_over and len(states) < length:
        if state.is_chance:
            from pitch13 import DECK, Deal

            order = list(DECK)
            rng.shuffle(order)
            state = apply(state, Deal(order))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


@examples(200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32),
    where=st.floats(0, 1),
    span=st.integers(1, 14),
    seat=st.sampled_from(VIEWERS),
    data=st.data(),
)
def test_a_mutated_delta_is_refused_or_gives_a_view_a_game_reaches(rules, seed, where, span, seat, data):
    """Oracle: a mutated delta that :meth:`~pitch13.SeatView.updated` accepts gives a view that
    reads back from its JSON and that :func:`~pitch13.sample_state` samples; any other is refused
    with a short message."""
    states = playout(rules, seed, 160)
    a = int(where * (len(states) - 1))
    b = min(len(states) - 1, a + span)
    earlier = see(states[a], seat)
    delta = mutated_delta(
        view_delta(states[b], seat, states[a].ply), lambda n: data.draw(st.integers(0, n - 1))
    )
    verdict = Verdict()
    problem = judge(lambda: earlier.updated(delta), verdict, random.Random(seed))
    assert problem is None, (delta, problem)
    event("accepted" if verdict.accepted else "refused")


@examples(200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32),
    where=st.floats(0, 1),
    seat=st.sampled_from(VIEWERS),
    data=st.data(),
)
def test_a_mutated_view_document_is_refused_or_is_a_view_a_game_reaches(rules, seed, where, seat, data):
    """Oracle: a mutated view document that :meth:`~pitch13.SeatView.from_dict` accepts is a view
    :func:`~pitch13.sample_state` samples; any other is refused with a short message."""
    states = playout(rules, seed, 160)
    seat_view = see(states[int(where * (len(states) - 1))], seat)
    document = mutated_document(seat_view, lambda n: data.draw(st.integers(0, n - 1)))
    verdict = Verdict()
    problem = judge(
        lambda: SeatView.from_dict(json.loads(json.dumps(document))), verdict, random.Random(seed)
    )
    assert problem is None, (document, problem)
    event("accepted" if verdict.accepted else "refused")


def test_the_oracle_refuses_most_mutations_and_accepts_some():
    """The mutations are faults a reader must catch, but not all: some mutated views are views a
    game reaches (a ply edited within its range, an entry swapped for an equal one), and those
    are sampled. A fixed sweep, so that the counts are stable."""
    verdict = Verdict()
    for seed in range(12):
        rng = random.Random(seed)
        states = playout(PRESETS[seed % len(PRESETS)], seed, 120)
        for _ in range(15):
            a = rng.randrange(len(states))
            b = min(len(states) - 1, a + rng.randrange(1, 10))
            seat = rng.choice(VIEWERS)
            delta = mutated_delta(view_delta(states[b], seat, states[a].ply), rng.randrange)
            assert judge(lambda: see(states[a], seat).updated(delta), verdict, rng) is None  # noqa: B023
            document = mutated_document(see(states[b], seat), rng.randrange)
            assert judge(lambda: SeatView.from_dict(document), verdict, rng) is None  # noqa: B023
    assert verdict.tried == 12 * 15 * 2 == verdict.accepted + verdict.refused
    assert verdict.sampled == verdict.accepted
    assert verdict.refused > verdict.tried // 2 and verdict.accepted > verdict.tried // 10


def test_the_oracle_reports_each_kind_of_failure(monkeypatch):
    """The oracle is not a test that cannot fail: a long refusal, a view that does not read back,
    one that cannot be sampled and one whose sample shows another view are each reported."""
    import attrs

    from pitch13 import SamplingError, Suit
    from pitch13.testing import _mutants

    state = first_choices()[12]
    seat_view = view(state, 2)
    verdict = Verdict()

    def long_refusal():
        raise DocumentError("$", "x" * MAX_MESSAGE)

    assert judge(long_refusal, verdict, random.Random(0)).startswith("a refusal of ")
    changed = attrs.evolve(seat_view, trump=Suit.SPADES if seat_view.trump is not Suit.SPADES else Suit.CLUBS)
    assert (
        judge(lambda: changed, verdict, random.Random(0))
        == "a view accepted does not read back from its JSON"
    )

    def no_sample(*args, **kwargs):
        raise SamplingError("none")

    monkeypatch.setattr(_mutants, "sample_state", no_sample)
    assert judge(lambda: seat_view, verdict, random.Random(0)).startswith(
        "a view accepted is one no game reaches"
    )
    monkeypatch.setattr(_mutants, "sample_state", lambda *args, **kwargs: first_choices()[13])
    assert judge(lambda: seat_view, verdict, random.Random(0)) == (
        "a view accepted samples to a state whose view differs"
    )
    assert (verdict.tried, verdict.refused, verdict.accepted, verdict.sampled) == (4, 1, 3, 1)


# --- each refusal of the look and of a hand's end, where and why -----------------------------------
#
# Seeded game 0, the first legal action taken each step: seat 0 bids 5, names clubs and looks
# through the stock's six cards (R-LOOK-1). At ply 8 no card is turned up; at ply 9 QC, a trump
# it may take, is; at ply 12 it leads the first trick holding JC, KC and AC.


@pytest.mark.parametrize(
    ("ply", "seat", "entry", "why"),
    [
        (8, 0, "0 reject", "no card is turned up"),
        (9, 0, "0 give up JC for KC", "the seat names the card it gives up and the one it takes"),
        (9, 0, "0 reject KC", "the seat knows the card it rejects"),
        (9, 0, "rejected 0 QC", "the card turned up is rejected at once only if it may not be taken"),
        (9, 1, "0 give up JC for QC", "only the seat that took a card knows it"),
        (9, 1, "0 reject 5D", "a dead card rejected is not shown"),
        (9, 1, "0 give up 10D", "a dead card given up is not shown"),
        (9, 1, "0 give up 4C", "4C is not in seat 0's hand"),
        (12, 0, "out 0", "seat 0 holds a trump"),
        (12, 0, "scored 1", "the hand is not over: a seat holds a trump"),
        (13, 0, "scored 1", "the hand is not over"),
        (13, 0, "trick 1 0", "the trick is not over"),
    ],
)
def test_an_entry_that_contradicts_the_look_or_the_play_is_refused_where_and_why(ply, seat, entry, why):
    """R-LOOK-2, R-LOOK-4, R-PLAY-3, R-PLAY-7: each refusal names the entry's place and its reason."""
    state = first_choices(plies=13)[ply]
    assert state.phase.value == ("look" if ply < 12 else "play")
    refused(lambda: view(state, seat).updated(ViewDelta(ply, ply + 1, (entry,))), "$[2]", why)


def test_a_seat_out_that_leaves_a_card_taken_in_the_look_nowhere_is_refused():
    """Seat 1 saw seat 0 take a card in the look, a trump by R-LOOK-2: seat 0 announced out
    (R-PLAY-3) leaves that trump no place, so no game reaches the view."""
    state = first_choices(plies=12)[12]
    refused(
        lambda: view(state, 1).updated(ViewDelta(12, 12, ("out 0",))),
        "$",
        "no placement of the cards the seat cannot see fits the history",
    )
