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

import itertools
import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, event, given
from hypothesis import strategies as st

from helpers import SHORT_HANDS, SHORT_STOCK, deal, random_states, unchecked
from pitch13 import (
    DECK,
    Card,
    Deal,
    DocumentError,
    NameTrump,
    Pass,
    Phase,
    Rules,
    SeatView,
    Suit,
    ViewDelta,
    apply,
    legal_actions,
    new_game,
    sample_state,
    spectator_view,
    view,
    view_delta,
)
from pitch13.events import HandScored, SeatOut, TrickWon
from pitch13.seen import SeenEntry
from pitch13.testing._mutants import MAX_MESSAGE, Verdict, judge, mutated_delta, mutated_document
from pitch13.trumps import is_trump
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


def _hand_2_bidding_data():
    """Seat 0's view document at the start of hand 2's auction: hand 1's result in it."""
    state = new_game(seed=12)
    while state.hand_number < 2 or state.phase is not Phase.BIDDING:
        state = apply(state, legal_actions(state)[0])
    return view(state, 0).to_dict()


def _moon_made(result, data):
    """Every point card to team A on a bid of the moon, the scores following."""
    for card in result["point_cards"]:
        card["team"] = 0
    result.update(bid=13, points=[13, 0], unplayed_points=0, moon=True, score_change=[13, 0])
    result["scores"] = data["scores"] = [13, 0]


@pytest.mark.parametrize(
    ("change", "where", "why"),
    [
        (lambda r, d: r.update(dealer=2), "$.last_result.dealer", "is dealt by seat 0"),
        (lambda r, d: r.update(bid=1), "$.last_result.bid", f"a bid is from {Rules().min_bid} to 13, not 1"),
        (lambda r, d: r.update(points=[13, 13]), "$.last_result.points", "give [9, 3], not [13, 13]"),
        (lambda r, d: r["point_cards"][0].update(team=1), "$.last_result.points", "give [8, 4], not [9, 3]"),
        (lambda r, d: r.update(unplayed_points=9), "$.last_result.unplayed_points", "give 1, not 9"),
        (lambda r, d: r.update(made=False), "$.last_result.made", "give True, not False"),
        (lambda r, d: r.update(moon=True), "$.last_result.moon", "give False, not True"),
        (lambda r, d: r.update(score_change=[5, 3]), "$.last_result.score_change", "give [9, 3], not [5, 3]"),
        (_moon_made, "$.last_result", "the moon of hand 1 ended the game, which goes on after it"),
    ],
)
def test_a_view_refuses_an_earlier_hands_result_no_hand_could_have(change, where, why):
    """A result the history does not score is one scoring could have made (R-SCORE-1, R-SCORE-2),
    of a hand dealt by its dealer (R-DEAL-2), whose moon did not end the game (R-SCORE-2)."""
    data = _hand_2_bidding_data()
    assert SeatView.from_dict(data).last_result.points == (9, 3)
    change(data["last_result"], data)
    with pytest.raises(DocumentError) as info:
        SeatView.from_dict(data)
    assert info.value.where == where
    assert why in info.value.why


def test_updated_refuses_a_delta_whose_ply_is_behind_its_entries():
    """A call is a ply: a delta that adds one and stays at ply 0 is refused at its ply, ``$[1]``."""
    delta = ViewDelta(0, 0, ("1 pass",))
    refused(
        lambda: view(new_game(seed=0), 0).updated(delta),
        "$[1]",
        "the delta's entries bring the game from ply 0 to ply 1, not 0",
    )


@pytest.mark.parametrize(
    ("entries", "name"), [(None, "NoneType"), ("1 pass", "str"), (iter(()), "tuple_iterator")]
)
def test_updated_refuses_a_delta_past_its_checks_whose_entries_are_no_tuple(entries, name):
    """A delta's entries made in code are a tuple (or list) of str, never read as anything else:
    refused as it is made, and by ``updated`` in a delta that was not checked (one unpickled)."""
    with pytest.raises(TypeError, match=f"ViewDelta.entries are a sequence of str, not {name}"):
        ViewDelta(0, 1, entries)
    delta = unchecked(ViewDelta, since=0, ply=1, entries=entries)
    refused(
        lambda: view(new_game(seed=0), 0).updated(delta),
        "$",
        f"a delta's entries are a tuple of str, not {name}",
    )


@pytest.mark.parametrize("ply", ["1", 1.0, True, None])
def test_updated_refuses_a_delta_past_its_checks_whose_ply_is_no_int(ply):
    """``ViewDelta.from_json`` reads only ints; a delta made in code is held to the same, its
    ``since`` too (``0.0`` or ``False`` equals the view's ply 0, and is still no ply). Refused
    as it is made, and by ``updated`` in a delta that was not checked (one unpickled)."""
    with pytest.raises(TypeError, match=r"ViewDelta\.ply must be an int, not"):
        ViewDelta(0, ply, ("1 pass",))
    delta = unchecked(ViewDelta, since=0, ply=ply, entries=("1 pass",))
    refused(lambda: view(new_game(seed=0), 0).updated(delta), "$[1]", f"a ply is an int, not {ply!r}")
    since = ply if ply is not True else False
    with pytest.raises(TypeError, match=r"ViewDelta\.since must be an int, not"):
        ViewDelta(since, 1, ("1 pass",))
    delta = unchecked(ViewDelta, since=since, ply=1, entries=("1 pass",))
    refused(lambda: view(new_game(seed=0), 0).updated(delta), "$[0]", f"a ply is an int, not {since!r}")


def test_a_hand_1_view_is_at_the_plies_of_its_actions():
    """Hand 1 begins the game: its ply is the hand's actions, plus its deal when dealt by Deal."""
    data = view(new_game(seed=0), 0).to_dict()
    for ply in (0, 1):
        data["ply"] = ply
        assert SeatView.from_dict(data).ply == ply
    data["ply"] = 99
    refused(lambda: SeatView.from_dict(data), "$.ply", "the history shown is at a ply from 0 to 1, not 99")


def test_a_later_hands_view_comes_after_the_fewest_plies_of_the_hands_since_its_last_result():
    """R-BID-1, R-BID-2, R-TRUMP-1: a hand takes four calls at least, and one scored names
    trump too. The last result's hand, and every hand since, were played in this game."""
    rng = random.Random(0)
    state = new_game(Rules(all_pass="redeal"), seed=4)  # a hand may be thrown in
    while state.hand_number < 3:
        state = apply(state, rng.choice(legal_actions(state)))
    data = view(state, 0).to_dict()
    assert data["history"][0].startswith("dealt 3 ") and data["ply"] == 43
    assert data["last_result"]["hand_number"] == 2
    # Hand 2 scored; or thrown in after hand 1 scored.
    for last, fewest in ((2, 5), (1, 9)):
        data["last_result"] = {**data["last_result"], "hand_number": last, "dealer": last - 1}
        data["ply"] = fewest
        assert SeatView.from_dict(data).ply == fewest
        data["ply"] = fewest - 1
        why = f"the history shown is at a ply from {fewest} to 179, not {fewest - 1}"
        refused(lambda: SeatView.from_dict(data), "$.ply", why)


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
    seeded = seed if seed % 2 == 0 else None
    return random_states(rules, dealer=seed % 4, seed=seeded, rng=random.Random(seed), length=length)


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
    problem = judge(lambda: earlier.updated(delta), verdict, random.Random(seed), delta)
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
        lambda: SeatView.from_dict(json.loads(json.dumps(document))), verdict, random.Random(seed), document
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
            assert judge(lambda: see(states[a], seat).updated(delta), verdict, rng, delta) is None  # noqa: B023
            document = mutated_document(see(states[b], seat), rng.randrange)
            assert judge(lambda: SeatView.from_dict(document), verdict, rng, document) is None  # noqa: B023
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


def test_the_oracle_reports_a_reader_that_reads_other_than_what_was_sent():
    """A reader that keeps the old view for a delta it accepts, or rewrites a document it reads
    into another view a game reaches, is reported, though the view it gives samples well."""
    states = first_choices()
    before, after = view(states[12], 2), view(states[14], 2)
    delta = view_delta(states[14], 2, states[12].ply)
    rng = random.Random(0)
    assert judge(lambda: before.updated(delta), Verdict(), rng, delta) is None
    assert judge(lambda: before, Verdict(), rng, delta).startswith("a delta accepted gives a view of ply 12")
    (last,) = view_delta(states[13], 2, states[12].ply).entries[-1:]
    other = attrs.evolve(delta, entries=(*delta.entries[:-1], last))
    assert judge(lambda: after, Verdict(), rng, other).startswith("a delta accepted gives a view of ply 14")
    document = after.to_dict()
    assert judge(lambda: SeatView.from_dict(document), Verdict(), rng, document) is None
    assert judge(lambda: before, Verdict(), rng, document) == "a document accepted reads as another view"
    # The last entry read back is compared word for word (its words in another order are
    # another entry), but for the cards of an entry that lists a set of them.
    words = delta.entries[-1].split()
    assert len(set(words)) > 1
    swapped = attrs.evolve(delta, entries=(*delta.entries[:-1], " ".join(reversed(words))))
    assert judge(lambda: after, Verdict(), rng, swapped).startswith("a delta accepted gives a view of ply 14")
    dealt_by_chance = apply(new_game(dealer=0), Deal(DECK))
    dealt = view_delta(dealt_by_chance, 2, 0)
    shown = dealt.entries[-1].split()
    assert shown[0] == "dealt" and len(shown) == 12
    shuffled = attrs.evolve(dealt, entries=(" ".join(shown[:3] + shown[:2:-1]),))
    assert shuffled != dealt
    assert judge(lambda: view(dealt_by_chance, 2), Verdict(), rng, shuffled) is None


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
        (9, 1, "0 reject 7C", "7C is not in the stock"),
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


# --- each refusal of a seat's copy of the game, held to its place and reason -----------------------
#
# Each case finds, in a fixed game, the first step where a refusal can be met, and edits the delta
# the server sent there (``view_delta``) in one place. Where a game gives no such step the case
# says so, so a change that moves the games cannot make a case pass without being checked.


def _step(states, seat, found):
    """The views before and after the first step of ``states`` whose delta for ``seat`` ``found``
    accepts, and that delta (the view before, the delta, the view after)."""
    for before, after in itertools.pairwise(states):
        delta = view_delta(after, seat, since=before.ply)
        if found(before, delta.entries):
            return see(before, seat), delta, see(after, seat)
    raise AssertionError("the game has no such step")  # pragma: no cover - a case's game changed


def _first_of(entries, head):
    return next(i for i, entry in enumerate(entries) if entry.split()[0] == head)


def _discard_of_a_card_that_is_no_trump():
    states = playout(Rules(), 16, 200)
    seat_view, delta, after = _step(states, 0, lambda s, _: s.phase is Phase.DISCARD and s.to_act == 0)
    card = next(c for c in DECK if not is_trump(c, seat_view.trump))
    return seat_view, delta, after, [f"0 discard {card}"], 2, f"{card} is not a trump"


def _discard_of_a_card_the_seat_holds():
    states = playout(Rules(), 16, 200)
    seat_view, delta, after = _step(states, 1, lambda s, _: s.phase is Phase.DISCARD and s.to_act == 0)
    card = seat_view.hand[0]
    return seat_view, delta, after, [f"0 discard {card}"], 2, f"{card} is not in seat 0's hand"


def _take_of_a_card_not_in_the_middle():
    states = playout(Rules(), 128, 200)
    seat_view, delta, after = _step(states, 0, lambda s, _: s.phase is Phase.PICKUP and s.to_act == 0)
    card = seat_view.hand[0]
    return seat_view, delta, after, [f"0 take {card}"], 2, f"{card} may not be taken"


def _at_the_first_call(name, rules, entry, why):
    """A case at a seeded game's first call (R-BID-1): ``entry`` comes instead of the call."""

    def case():
        seat_view, delta, after = _step(playout(rules, 2, 2), 0, lambda *_: True)
        return seat_view, delta, after, [entry], 2, why

    case.__name__ = name
    return case


def _thrown_in_after_a_bid():
    """R-BID-2: a hand is thrown in only when every seat passed."""
    states = playout(Rules(all_pass="redeal"), 2, 40)
    seat_view, delta, after = _step(
        states, 0, lambda _, entries: entries[1:2] and entries[1].startswith("won")
    )
    why = "the hand is not thrown in for everyone passing here"
    return seat_view, delta, after, [delta.entries[0], "thrown 1 all_passed"], 3, why


def _thrown_in_short_when_the_stock_fills_every_hand():
    """R-FILL-2: the refill comes, unless the stock cannot fill every hand."""
    states = playout(Rules(short_stock="redeal"), 2, 200)
    seat_view, delta, after = _step(
        states, 0, lambda _, entries: any(e.startswith("refill") for e in entries)
    )
    at = _first_of(delta.entries, "refill")
    entries = [*delta.entries[:at], "thrown 1 short_stock"]
    return seat_view, delta, after, entries, at + 2, "the hand is not thrown in for a short stock here"


def _refill_when_the_stock_is_short():
    """R-FILL-2 under short_stock=redeal: a stock that cannot fill every hand is thrown in, not dealt."""
    state = deal(SHORT_HANDS, stock=SHORT_STOCK, rules=Rules(short_stock="redeal"))
    while state.phase is Phase.BIDDING:
        state = apply(state, legal_actions(state)[0])
    states = [state, apply(state, NameTrump(Suit.HEARTS))]
    seat_view, delta, after = _step(states, 0, lambda *_: True)
    at = _first_of(delta.entries, "thrown")
    why = "the stock cannot fill every hand: the hand is thrown in (R-FILL-2)"
    return seat_view, delta, after, [*delta.entries[:at], "refill 1 5"], at + 2, why


def _stock_dead_when_the_partner_may_look():
    """R-LOOK-3: when the bidder stops, what is left of the stock goes to his partner."""

    def handed_on(entries):
        return next(
            (
                i
                for i in range(1, len(entries))
                if entries[i - 1].endswith(" stop") and entries[i].startswith("stock")
            ),
            None,
        )

    states = playout(Rules(), 0, 40)
    seat_view, delta, after = _step(states, 0, lambda _, entries: handed_on(entries) is not None)
    at = handed_on(delta.entries)
    count = delta.entries[at].split()[2]
    why = "the stock goes to the bidder's partner"
    return seat_view, delta, after, [*delta.entries[:at], f"unseen {count}"], at + 2, why


def _seat_announced_after_its_team_is_out():
    """R-PLAY-7 before R-PLAY-4 under lead_fallback=left: once seat 0's being out puts its team out,
    the hand ends; the lead does not pass on to seat 1."""
    states = playout(Rules(lead_fallback="left"), 0, 200)
    seat_view, delta, after = _step(
        states, 0, lambda _, entries: "out 0" in entries and "early 1 AC" in entries
    )
    at = delta.entries.index("early 1 AC")
    entries = [*delta.entries[:at], "out 1", *delta.entries[at:]]
    return seat_view, delta, after, entries, at + 2, "seat 1 is not announced out here"


def _early_end_that_leaves_a_point_card_unclaimed():
    """R-PLAY-7: seat 0 saw seat 1 pick up 3H, still in its hand when the hand ends early."""
    states = playout(Rules(), 728, 300)
    seat_view, delta, after = _step(states, 0, lambda _, entries: "early 1 3D 3H BJ RJ" in entries)
    assert Card.parse("3H") in seat_view.known_held[1]
    at = delta.entries.index("early 1 3D 3H BJ RJ")
    entries = [*delta.entries[:at], "early 1 3D BJ RJ"]
    return seat_view, delta, after, entries, at + 2, "every point card still in a hand is claimed"


def _scored_while_seat(holder, seed):
    def case():
        """R-PLAY-7: a hand is over when nobody holds a trump; seat 0 holds none, but saw seat
        ``holder`` pick one up (and knows of no other), and the trick before was won."""
        states = playout(Rules(), seed, 300)

        def found(state, _):
            seen = view(state, 0)
            return (
                state.phase is Phase.PLAY
                and not state.trick
                and str(seen.history[-1]).startswith("trick")  # a trick was won: no leader out
                and not any(is_trump(c, state.trump) for c in seen.hand)
                and [any(is_trump(c, state.trump) for c in seen.known_held[s]) for s in (1, 2, 3)]
                == [s == holder for s in (1, 2, 3)]
            )

        seat_view, delta, after = _step(states, 0, found)
        entries = [f"scored {seat_view.hand_number}"]
        return seat_view, delta, after, entries, 2, "the hand is not over: a seat holds a trump"

    case.__name__ = f"_scored_while_seat_{holder}_is_known_to_hold_a_trump"
    return case


def _play_by_a_seat_that_cannot_hold_a_trump():
    """R-PLAY-3: seat 2, to play, is announced out; without the announcement no placement gives
    it a trump, so no game reaches the view."""
    states = playout(Rules(), 0, 150)
    seat_view, delta, after = _step(
        states, 0, lambda _, entries: entries == ("1 play 10C", "out 2", "trick 4 0")
    )
    why = "no placement of the cards the seat cannot see fits the history"
    return seat_view, delta, after, ["1 play 10C"], None, why


def _turn_up_not_named_to_the_seat_that_turned_it():
    """R-LOOK-1: the seat that turns a stock card up sees it."""
    states = first_choices(plies=13)
    seat_view, delta, after = _step(states, 0, lambda _, entries: entries[:1] == ("0 turn up QC",))
    why = "a turned-up card is named to the seat that turned it up, and only to it"
    return seat_view, delta, after, ["0 turn up"], 2, why


def _discard_out_of_turn():
    states = playout(Rules(), 16, 200)
    seat_view, delta, after = _step(states, 0, lambda s, _: s.phase is Phase.DISCARD and s.to_act == 0)
    card = seat_view.hand[0]
    return seat_view, delta, after, [f"1 discard {card}"], 2, "it is seat 0's turn, not seat 1's"


def _next_hand_dealt_by_another_seat():
    """R-DEAL-2: the deal passes to the left."""
    states = playout(Rules(), 2, 200)
    seat_view, delta, after = _step(
        states, 0, lambda _, entries: any(e.startswith("dealt 2 ") for e in entries)
    )
    at = next(i for i, e in enumerate(delta.entries) if e.startswith("dealt 2 "))
    words = delta.entries[at].split()
    dealer = int(words[2])
    wrong = " ".join([*words[:2], str((dealer + 1) % 4), *words[3:]])
    why = f"hand 2 is next, dealt by seat {dealer}"
    return seat_view, delta, after, [*delta.entries[:at], wrong], at + 2, why


@pytest.mark.parametrize(
    "case",
    [
        _discard_of_a_card_that_is_no_trump,
        _discard_of_a_card_the_seat_holds,
        _take_of_a_card_not_in_the_middle,
        _at_the_first_call(
            "thrown_in_another_hand", Rules(), "thrown 7 all_passed", "hand 1 is being played"
        ),
        _at_the_first_call(
            "thrown_in_while_a_seat_is_to_call",
            Rules(all_pass="redeal"),
            "thrown 1 all_passed",
            "the hand is not thrown in for everyone passing here",
        ),
        _thrown_in_after_a_bid,
        _at_the_first_call(
            "thrown_in_short_in_the_auction",
            Rules(short_stock="redeal"),
            "thrown 1 short_stock",
            "the hand is not thrown in for a short stock here",
        ),
        _thrown_in_short_when_the_stock_fills_every_hand,
        _refill_when_the_stock_is_short,
        _stock_dead_when_the_partner_may_look,
        _seat_announced_after_its_team_is_out,
        _early_end_that_leaves_a_point_card_unclaimed,
        _scored_while_seat(1, 728),
        _scored_while_seat(2, 1834),
        _play_by_a_seat_that_cannot_hold_a_trump,
        _turn_up_not_named_to_the_seat_that_turned_it,
        _discard_out_of_turn,
        _next_hand_dealt_by_another_seat,
    ],
    ids=lambda case: case.__name__.strip("_"),
)
def test_a_delta_edited_in_one_place_is_refused_there_and_why(case):
    """R-DEAL-2, R-DISC-2, R-PICK-1, R-BID-2, R-FILL-2, R-LOOK-1, R-LOOK-3, R-PLAY-3, R-PLAY-7:
    the server's delta at a step is accepted; edited in one place, it is refused at that entry
    (or, when only the whole view shows the fault, at ``$``) for that reason."""
    seat_view, delta, after, entries, at, why = case()
    assert seat_view.updated(delta) == after
    edited = ViewDelta(delta.since, delta.ply, tuple(entries))
    refused(lambda: seat_view.updated(edited), "$" if at is None else f"$[{at}]", why)


def _with_entry(seat_view, index, entry):
    return attrs.evolve(
        seat_view, history=(*seat_view.history[:index], entry, *seat_view.history[index + 1 :])
    )


def test_a_view_whose_own_history_is_not_the_game_is_refused_when_it_is_brought_up_to_date():
    """A view made in code (``attrs.evolve``) with entries no game shows: ``updated`` replays the
    view's own history first and refuses it there (``$``), whatever the delta."""
    states = playout(Rules(), 1, 400)  # unseeded: the game waits for chance's deal after a hand
    between = next(s for s in states if s.is_chance and s.results)
    seat_view = view(between, 0)
    nothing = ViewDelta(seat_view.ply, seat_view.ply, ())
    assert seat_view.updated(nothing) == seat_view
    history = seat_view.history
    at = next(i for i, e in enumerate(history) if isinstance(e.item, TrickWon))
    trick = history[at].item.trick
    wrong = attrs.evolve(trick, winner=(trick.winner + 1) % 4)
    bad = _with_entry(seat_view, at, SeenEntry(None, TrickWon(wrong)))
    refused(lambda: bad.updated(nothing), "$", f"the trick is {trick}")
    at = next(i for i, e in enumerate(history) if isinstance(e.item, HandScored))
    result = history[at].item.result
    wrong = attrs.evolve(result, ended_early=not result.ended_early)
    bad = _with_entry(seat_view, at, SeenEntry(None, HandScored(wrong)))
    why = f"the hand's result is not its entries' (points {result.points}, scores {result.scores})"
    refused(lambda: bad.updated(nothing), "$", why)
    bad = _with_entry(seat_view, at, unchecked(SeenEntry, seat=None, item=Pass()))  # as unpickled
    refused(lambda: bad.updated(nothing), "$", "Pass() is not an event")
    bad = _with_entry(seat_view, at, unchecked(SeenEntry, seat=0, item=SeatOut(0)))  # as unpickled
    refused(lambda: bad.updated(nothing), "$", "SeatOut(seat=0) is not a seat's action")


def test_a_view_where_a_hand_holds_no_card_the_seat_cannot_see_reads_back():
    """Seat 2's hand is all known to seat 0 (no card of it is unseen): a place of count 0 fits."""
    states = playout(Rules(), 6, 300)
    seat_view = next(
        v for v in (view(s, 0) for s in states if s.phase is Phase.PLAY) if any(not p.count for p in v.places)
    )
    assert [(p.place.value, p.count) for p in seat_view.places][1] == ("hand_2", 0)
    assert SeatView.from_json(seat_view.to_json()) == seat_view
    assert view(sample_state(seat_view, random.Random(1)), 0) == seat_view


def test_nothing_follows_the_end_of_the_game():
    """R-END-1: once the game is over, a delta brings nothing more."""
    state = next(s for s in playout(Rules(target=11), 4, 2000) if s.is_over)
    for seat in VIEWERS:
        refused(
            lambda seat=seat: see(state, seat).updated(ViewDelta(state.ply, state.ply + 1, ("1 pass",))),
            "$[2]",
            "the game is over",
        )
