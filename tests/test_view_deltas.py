"""View deltas: what a seat saw since its view was sent, and the view they bring a client to.

A server that sent a seat the view of ply ``p`` sends next ``view_delta(state, seat, p)``, the
new entries of the seat's history in their notation; the client applies it with
:meth:`SeatView.updated <pitch13.SeatView.updated>`. The law, for every seat and the spectator::

    view_of(earlier).updated(view_delta(state, seat, earlier.ply)) == view_of(state)

is checked here over random games, the deltas sent through JSON; then the refusals of a delta
that does not fit, and the sizes: the deltas of a whole game are a few times its text record,
and a view is as small at hand 200 as at hand 1.
"""

from __future__ import annotations

import json
import random
from collections import UserList

import pytest
from hypothesis import HealthCheck, event, given
from hypothesis import strategies as st

from helpers import see, unchecked
from pitch13 import (
    DECK,
    Deal,
    DocumentError,
    GameRecord,
    Phase,
    Rules,
    SeatView,
    ViewDelta,
    apply,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    shuffled_deck,
    spectator_view,
    view,
    view_delta,
)
from pitch13.testing import arranged_deck
from pitch13.trumps import is_trump
from profiles import examples, longer
from strategies import PRESETS, RandomChooser, any_rules, playouts

#: The four seats and the spectator (``None``).
VIEWERS = (0, 1, 2, 3, None)


def sent(delta):
    """``delta`` as the client receives it: through its JSON (ASCII, with no spaces)."""
    text = delta.to_json()
    assert text.isascii() and ", " not in text
    return ViewDelta.from_json(text)


# --- the law ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "dealt-by-the-caller"])
@examples(4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_view_updated_by_a_delta_is_the_view_of_the_later_state(seeded, data):
    """Random games under any rules, seeded or dealt by the caller, every seat and the spectator:

    * a client that holds the first view and applies the delta of every move in turn (through
      JSON) holds the view of every state;
    * a view updated by one delta from any earlier state (of the same hand or hands before, the
      game's start included) is the view of the later state.
    """
    playout = data.draw(
        playouts(any_rules(max_target=longer(30), low_bids_only=True), seeded=st.just(seeded))
    )
    states = playout.states(longer(250))
    last = len(states) - 1
    for viewer in VIEWERS:
        views = [see(state, viewer) for state in states]
        held = views[0]
        for state, expected in zip(states[1:], views[1:], strict=True):
            delta = sent(view_delta(state, viewer, held.ply))
            assert (delta.since, delta.ply) == (held.ply, state.ply)
            held = held.updated(delta)
            assert held == expected, (viewer, state.ply)
        jumps = data.draw(st.lists(st.tuples(st.integers(0, last), st.integers(0, last)), max_size=4))
        for a, b in [(0, last), (last // 2, last), *jumps]:
            earlier, later = min(a, b), max(a, b)
            delta = sent(view_delta(states[later], viewer, states[earlier].ply))
            assert views[earlier].updated(delta) == views[later], (viewer, earlier, later)
    event(f"{states[-1].hand_number // 5 * 5}+ hands")
    event("game over" if states[-1].is_over else "stopped")


def test_a_delta_from_the_views_own_ply_is_empty_and_changes_nothing():
    """A delta with nothing new brings a view to itself (and a view to the state it is of)."""
    state = new_game(Rules(), seed=9)
    for _ in range(30):
        state = apply(state, legal_actions(state)[-1])
    for viewer in VIEWERS:
        v = see(state, viewer)
        delta = view_delta(state, viewer, state.ply)
        assert delta == ViewDelta(state.ply, state.ply, ())
        assert delta.to_json() == f"[{state.ply},{state.ply}]"
        assert v.updated(sent(delta)) == v


def test_a_delta_across_hands_of_a_seeded_game():
    """In a seeded game the next hand is dealt at once: a delta from the middle of one hand to
    the middle of the next holds the end of the first hand (its score), then the new deal."""
    states = [new_game(Rules.classic_ten_point(), seed=4)]
    rng = random.Random(4)
    while states[-1].hand_number == 1 or states[-1].phase is not Phase.PLAY:
        states.append(apply(states[-1], rng.choice(legal_actions(states[-1]))))
    middle = next(s for s in states if s.phase is Phase.PLAY)
    state = states[-1]
    for viewer in VIEWERS:
        delta = view_delta(state, viewer, middle.ply)
        words = [entry.split()[0] for entry in delta.entries]
        assert "scored" in words and words.count("dealt") == 1
        assert words.index("scored") < words.index("dealt")
        assert see(middle, viewer).updated(sent(delta)) == see(state, viewer)


# --- refusals ----------------------------------------------------------------------------------------


def seat_1_mid_hand():
    """Seat 1's view in the middle of a seeded hand, an earlier one, and the delta between them."""
    rng = random.Random(1)
    states = [new_game(Rules(), seed=21)]
    while states[-1].phase is not Phase.PLAY or len(states[-1].trick) < 2:
        states.append(apply(states[-1], rng.choice(legal_actions(states[-1]))))
    earlier, state = states[len(states) // 2], states[-1]
    return see(earlier, 1), see(state, 1), view_delta(state, 1, earlier.ply)


def test_updated_refuses_a_delta_that_does_not_follow_the_view():
    """A delta whose ``since`` is not the view's ply is refused at ``$[0]``, saying both plies."""
    earlier, _, delta = seat_1_mid_hand()
    for since in (delta.since - 1, delta.since + 1):
        with pytest.raises(DocumentError) as info:
            earlier.updated(ViewDelta(since, delta.ply, delta.entries))
        assert info.value.where == "$[0]"
        assert (
            info.value.why == f"the delta follows the view of ply {since}, not this one of ply {earlier.ply}"
        )
    with pytest.raises(TypeError, match="ViewDelta"):
        earlier.updated(delta.to_json())


def test_a_card_given_up_face_down_by_a_seat_with_no_dead_card_is_refused_as_a_document():
    """R-LOOK-2, R-DISC-1: a card given up face down is a dead card, and a seat holds one only if
    it received one in the refill (or took one in the look, under look_take=any_card). A delta
    or a view document saying otherwise came out of the views' readers as the ValueError of an
    internal class (a count of dead cards below 0), where it is a DocumentError."""
    state = new_game(Rules(), dealer=0, seed=55)  # the views page's game: seat 1 draws no card
    for text in ("bid 6", "pass", "pass", "pass", "trump H", "discard 10H", "take 10H", "turn up"):
        state = apply(state, parse_action(text))
    real = apply(state, parse_action("give up 5H"))  # a trump going dead: shown to all
    why = "seat 1 holds no dead card to give up face down"
    for seat in (0, 2, 3, None):  # every view but seat 1's own
        before, after = (
            (view(state, seat), view(real, seat))
            if seat is not None
            else (
                spectator_view(state),
                spectator_view(real),
            )
        )
        assert view_delta(real, seat, before.ply).entries == ("1 give up 5H",)
        with pytest.raises(DocumentError) as info:
            before.updated(ViewDelta.from_json(f'[{before.ply},{before.ply + 1},"1 give up"]'))
        assert (info.value.where, info.value.why) == ("$[2]", why)
        document = after.to_dict()
        history = [*document["history"][:-1], "1 give up"]
        with pytest.raises(DocumentError) as info:
            SeatView.from_dict({**document, "history": history})
        assert (info.value.where, info.value.why) == (f"$.history[{len(history) - 1}]", why)


def test_updated_refuses_a_delta_whose_ply_its_entries_do_not_take():
    """Each action of a delta is one ply: a delta's ply other than the view's plus its actions
    is refused at ``$[1]``, however near, and so is a ply that goes back."""
    earlier, later, delta = seat_1_mid_hand()
    actions = delta.ply - earlier.ply
    assert actions > 1 and earlier.updated(delta) == later
    with pytest.raises(ValueError, match=f"ViewDelta.since must be at most its ply, {earlier.ply - 1}; not"):
        ViewDelta(delta.since, earlier.ply - 1, delta.entries)
    for ply in (delta.ply - 1, delta.ply + 1, earlier.ply, earlier.ply - 1):
        if ply < delta.since:  # refused as it is made (above): it comes only unpickled
            wrong = unchecked(ViewDelta, since=delta.since, ply=ply, entries=delta.entries)
        else:
            wrong = ViewDelta(delta.since, ply, delta.entries)
        with pytest.raises(DocumentError) as info:
            earlier.updated(wrong)
        assert info.value.where == "$[1]"
        assert (
            info.value.why
            == f"the delta's entries bring the game from ply {earlier.ply} to ply {delta.ply}, not {ply}"
        )


def test_a_deal_by_chance_is_a_ply_of_a_delta_and_a_seeded_deal_is_none():
    """Across a hand's end, a deal by :class:`~pitch13.Deal` is one more ply; in a seeded game the
    next hand is dealt with the last action. ``updated`` takes either, and nothing further."""
    rng = random.Random(8)
    for seed in (None, 8):
        states = [new_game(Rules(), seed=seed)]
        while states[-1].hand_number == 1 or states[-1].phase is not Phase.BIDDING:
            state = states[-1]
            action = Deal(rng.sample(DECK, 54)) if state.is_chance else rng.choice(legal_actions(state))
            states.append(apply(state, action))
        before = next(s for s in states if s.phase is Phase.PLAY)
        after = states[-1]
        delta = view_delta(after, 2, before.ply)
        actions = sum(1 for line in delta.entries if line.split()[0].isdigit())
        assert delta.ply - before.ply == actions + (seed is None)
        assert see(before, 2).updated(delta) == see(after, 2)
        with pytest.raises(DocumentError, match=r"to a ply from \d+ to \d+, not"):
            see(before, 2).updated(ViewDelta(delta.since, before.ply + actions + 2, delta.entries))


@pytest.mark.parametrize(
    ("index", "line", "why"),
    [
        (0, "1 dance", "unknown action 'dance'"),
        (0, "dance", "unknown entry 'dance'"),
        (0, "", "an empty entry"),
        (-1, "1 play ZZ", "'ZZ' is not a card"),
        (-1, "dealt 1 0", "hand 1 is dealt already, and it is not over"),
        (-1, "dealt 2 1", "hand 1 is dealt already, and it is not over"),
        (-1, "scored 1", "the hand is not over"),
        (-1, "trick 1 0", "trick"),
        (-1, "x" * 300, "an entry is at most 200 characters"),
    ],
)
def test_updated_refuses_a_corrupted_entry_at_its_place_in_the_delta(index, line, why):
    """An entry that is not in notation, or cannot come next, is refused at ``$[i]``: its place in
    the delta's JSON list ``[since, ply, entry, ...]``."""
    earlier, _, delta = seat_1_mid_hand()
    entries = list(delta.entries)
    entries[index] = line
    if len(line) > 200:  # refused as it is made; updated sees it only in a delta not checked
        with pytest.raises(ValueError, match="is 300 characters, more than 200"):
            ViewDelta(delta.since, delta.ply, entries)
        corrupted = unchecked(ViewDelta, since=delta.since, ply=delta.ply, entries=tuple(entries))
    else:
        corrupted = ViewDelta(delta.since, delta.ply, entries)
    with pytest.raises(DocumentError) as info:
        earlier.updated(corrupted)
    assert info.value.where == f"$[{index % len(entries) + 2}]"
    assert why in info.value.why


def refused_entries(entries, where, why):
    """Assert that seat 1's earlier view refuses the delta with ``entries`` at ``where``."""
    earlier, _, delta = seat_1_mid_hand()
    with pytest.raises(DocumentError) as info:
        earlier.updated(ViewDelta(delta.since, delta.ply + 1, entries))
    assert (info.value.where, info.value.why) == (where, why)


def test_updated_refuses_an_entry_that_cannot_come_next():
    """Entries that read but cannot come next: a play out of turn, a card that is not a trump, a
    card the seat does not hold, a card played already. Spades are trump; seat 1 is to follow RJ
    and 5S, holding 10C 6D 3H 4S AS BJ."""
    _, later, delta = seat_1_mid_hand()
    entries = delta.entries
    assert entries[-2:] == ("3 play RJ", "0 play 5S") and later.to_act == 1
    assert [str(c) for c in later.hand] == ["10C", "6D", "3H", "4S", "AS", "BJ"]
    end = f"$[{len(entries) + 1}]"
    refused_entries((*entries[:-1], "2 play 5S"), end, "it is seat 0's turn, not seat 2's")
    after = f"$[{len(entries) + 2}]"
    refused_entries((*entries, "1 play 3H"), after, "3H is not a trump")
    refused_entries((*entries, "1 play KS"), after, "KS is not in seat 1's hand")
    refused_entries((*entries, "1 play RJ"), after, "RJ was played already")
    refused_entries((*entries, "2 play AS"), after, "it is seat 1's turn, not seat 2's")


def test_a_refill_entry_is_refused_with_what_is_wrong_with_it_R_FILL_1():
    """A refill gives each seat what it lacks of 6 cards; only the seat that receives them sees
    them. An entry that says otherwise is refused with what the view's seat knows of it."""
    rng = random.Random(1)
    state = new_game(seed=3)
    while not any(entry.startswith("refill") for entry in view_delta(state, 1, since=0).entries):
        state = apply(state, rng.choice(legal_actions(state)))
    first = view(new_game(seed=3), 1)
    own = view_delta(state, 1, since=0).entries
    at = next(i for i, entry in enumerate(own) if entry.startswith("refill 1 "))
    assert own[at].split()[:3] == ["refill", "1", "5"] and own[at + 1] == "refill 2 3"
    seats_2 = view_delta(state, 2, since=0).entries
    for entries, where, why in (
        # seat 2's delta: seat 1's refill without its cards
        (seats_2, at, "seat 1 is the view's: its refill names the 5 cards it receives"),
        (
            (*own[: at + 1], seats_2[at + 1]),
            at + 1,
            "seat 2's refill names no card: the view's seat does not see them",
        ),
        ((*own[: at + 1], "refill 2 4"), at + 1, "seat 2 receives 3 cards, not 4"),
    ):
        with pytest.raises(DocumentError) as info:
            first.updated(ViewDelta(0, len(entries), entries))
        assert (info.value.where, info.value.why) == (f"$[{where + 2}]", why)
    with pytest.raises(DocumentError) as info:  # a spectator sees no refill's cards
        spectator_view(new_game(seed=3)).updated(ViewDelta(0, len(seats_2), seats_2))
    assert (info.value.where, info.value.why) == (
        f"$[{at + 3}]",
        "seat 2's refill names no card: a spectator does not see them",
    )


def test_a_delta_made_for_another_seat_is_refused_unless_it_only_begins_a_hand():
    """A delta names no seat. Sent to another seat's view, it is refused wherever it shows what
    that seat did not see; one that ends by dealing a new hand is taken, the dealt cards as the
    view's own (the views page says so: a server keeps each seat's deltas to its seat)."""
    rng = random.Random(4)
    state = new_game(seed=3)
    taken, refused = set(), 0
    while state.hand_number <= 2:
        earlier, state = state, apply(state, rng.choice(legal_actions(state)))
        for seat in range(4):
            delta = view_delta(state, seat, since=earlier.ply)
            for other in range(4):
                if delta == view_delta(state, other, since=earlier.ply):
                    continue  # the same entries: it does not matter which seat's it is
                try:
                    view(earlier, other).updated(delta)
                except DocumentError:
                    refused += 1
                else:
                    taken.add(delta.entries[-1].split()[0])
    assert taken == {"dealt"} and refused > 50
    assert state.hand_number == 3


def test_updated_refuses_a_second_deal_of_the_hand_in_play():
    """A delta that deals the hand in play again cannot come next: refused at that entry."""
    earlier, later, delta = seat_1_mid_hand()
    deal = str(later.history[0])
    assert deal.startswith("dealt 1 ")
    with pytest.raises(DocumentError) as info:
        earlier.updated(ViewDelta(delta.since, delta.ply, (deal, *delta.entries)))
    assert info.value.where == "$[2]"


@pytest.mark.parametrize(
    ("text", "where", "why"),
    [
        ("{}", "$", "expected a list"),
        ("[1]", "$", "a view delta is [since, ply, entry, ...]"),
        ("[5, 3]", "$[1]", "from 5 to"),
        ("[-1, 3]", "$[0]", "from 0 to"),
        ('["1", 3]', "$[0]", "expected a whole number"),
        ("[1, 3, 7]", "$[2]", "expected a string"),
        ('[1, 3, "' + "x" * 300 + '"]', "$[2]", "the limit is 200"),
        ("[1, " + "9" * 5000 + "]", "$", "a number has 5000 characters"),
        ("[1, 3", "$", "the view delta is not JSON: "),
    ],
)
def test_delta_from_json_refuses_what_is_not_a_delta(text, where, why):
    """ViewDelta.from_json checks the form ``[since, ply, entry, ...]``, with a short message."""
    with pytest.raises(DocumentError) as info:
        ViewDelta.from_json(text)
    assert info.value.where == where and why in info.value.why, info.value
    assert len(str(info.value)) < 300


def test_delta_from_json_says_what_a_delta_is_and_reads_plies_up_to_10_to_the_12():
    with pytest.raises(DocumentError) as info:
        ViewDelta.from_json("[1]")
    assert (info.value.where, info.value.why) == ("$", "a view delta is [since, ply, entry, ...]")
    top = 10**12
    assert ViewDelta.from_json(f'[{top}, {top}, "1 pass"]') == ViewDelta(top, top, ("1 pass",))
    for text, where, why in (
        (f"[{top + 1}, {top + 1}]", "$[0]", f"expected a number from 0 to {top}, found {top + 1}"),
        (f"[{top}, {top + 1}]", "$[1]", f"expected a number from {top} to {top}, found {top + 1}"),
    ):
        with pytest.raises(DocumentError) as info:
            ViewDelta.from_json(text)
        assert (info.value.where, info.value.why) == (where, why)


def test_delta_from_json_refuses_a_huge_delta():
    with pytest.raises(DocumentError, match="limit is 100000"):
        ViewDelta.from_json(json.dumps([0, 1, *["1 pass"] * 20_000]))


def test_a_delta_of_any_length_reads_back_given_room_for_its_size():
    # max_size alone bounds a delta: there is no cap on its entries besides.
    rng = random.Random(19)
    state = new_game(Rules(target=100_000, moon_success="score_points"), seed=19)
    first = view(state, 0)
    while state.ply < 6_000:
        state = apply(state, rng.choice(legal_actions(state)))
    delta = view_delta(state, 0, since=first.ply)
    text = delta.to_json()
    assert len(delta.entries) > 10_000
    with pytest.raises(DocumentError, match=f"is {len(text)} characters long; the limit is 100000"):
        ViewDelta.from_json(text)
    read = ViewDelta.from_json(text, max_size=len(text))
    assert read == delta
    assert first.updated(read) == view(state, 0)


# --- sizes --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        (PRESETS[0], 5),
        (PRESETS[1], 6),
        (PRESETS[0], None),
        (Rules(look_take="any_card", pickup="any_trump"), None),
    ],
    ids=["default-seeded", "classic-seeded", "default-dealt", "mix-dealt"],
)
def test_the_deltas_of_a_whole_game_are_at_most_three_times_its_text_record(rules, seed):
    """Each seat (and the spectator) receives after every move the delta since the move before:
    over a whole game the bytes of these JSON deltas are at most 3 times the game's text record."""
    rng = random.Random(seed or 8)
    chooser = RandomChooser(rng, pass_bias=0.6, raise_bias=0.2, low_bid_bias=0.9)
    state = new_game(rules, dealer=1, seed=seed)
    received = dict.fromkeys(VIEWERS, 0)
    while not state.is_over:
        before = state
        action = chooser.deal(state) if state.is_chance else chooser.choose(state, legal_actions(state))
        state = apply(state, action)
        for viewer in VIEWERS:
            received[viewer] += len(view_delta(state, viewer, before.ply).to_json().encode())
    record = len(GameRecord.from_state(state).to_text().encode())
    assert state.hand_number >= 5
    for viewer, size in received.items():
        assert size <= 3 * record, (viewer, size, record)


#: The longest JSON of a view, at any hand of any game, in characters.
VIEW_SIZE_BAR = 16_000
#: Hands at which the views of the long game are measured.
MEASURED_HANDS = (1, 20, 200)


@pytest.fixture(scope="module")
def long_game():
    """States of a game that does not end (a target of a million, no win by the moon) at hands
    1, 20 and 200: for each, the states of that hand in play, from its deal to its last move."""
    rules = Rules(target=10**6, moon_success="score_points")
    rng = random.Random(1)
    state = new_game(rules, dealer=2, seed=1)
    hands = {number: [] for number in MEASURED_HANDS}
    while state.hand_number <= MEASURED_HANDS[-1]:
        if state.hand_number in hands:
            hands[state.hand_number].append(state)
        state = apply(state, rng.choice(legal_actions(state)))
    assert not state.is_over
    return hands


@pytest.mark.parametrize("hand", MEASURED_HANDS)
def test_a_views_json_stays_small_however_long_the_game(long_game, hand):
    """At hands 1, 20 and 200 of a long game, every view's JSON (each seat's and the spectator's,
    at every state of the hand) is at most 16,000 characters, and reads back with the default
    ``max_size``."""
    states = long_game[hand]
    assert states[0].hand_number == hand and {s.phase for s in states} >= {Phase.BIDDING, Phase.PLAY}
    largest = 0
    for state in states:
        for viewer in VIEWERS:
            v = see(state, viewer)
            text = v.to_json()
            largest = max(largest, len(text))
            assert len(text) <= VIEW_SIZE_BAR, (hand, viewer, len(text))
            assert SeatView.from_json(text) == v
    assert largest > 2_000  # the views measured are real ones


def test_a_delta_made_from_a_list_keeps_a_tuple_of_its_own():
    given = ["1 bid 5"]
    delta = ViewDelta(0, 1, given)
    given.append("2 pass")
    assert delta.entries == ("1 bid 5",)
    assert hash(delta) == hash(ViewDelta(0, 1, ("1 bid 5",)))


def test_a_delta_giving_up_a_dead_card_the_seat_cannot_hold_is_refused():
    """R-DISC-1, R-FILL-1, R-LOOK-2 (``look_take=any_card``), R-LOOK-4: seat 3 holds six trumps
    after its dead cards went, so it is refilled with none, and at its first look step it has
    no dead card to give up face down. A delta saying it did comes from no game; the delta of
    what it really did is taken."""
    rules = Rules(look_take="any_card")
    hands = {3: parse_cards("2C 4C 9C JC KC JS 2H 3H 4H")}
    rest = [c for c in DECK if c not in hands[3]]
    trumps = [c for c in rest if str(c) in {"3C", "5C", "6C", "7C", "8C", "10C", "QC", "AC", "BJ", "RJ"}]
    others = [c for c in rest if c not in trumps]
    hands |= {0: others[:9], 1: others[9:18], 2: others[18:27]}
    state = apply(new_game(rules, dealer=2), arranged_deck(hands, dealer=2, stock=others[27:] + trumps))
    for text in ["bid 5", "pass", "pass", "pass", "trump C"]:
        state = apply(state, parse_action(text))
    assert state.phase is Phase.LOOK and state.to_act == 3 and len(state.hand(3)) == 6
    seen = view(state, 0)
    with pytest.raises(DocumentError) as info:  # at the entry, where the whole view was refused
        seen.updated(ViewDelta(seen.ply, seen.ply + 2, ("3 turn up", "3 give up")))
    assert (info.value.where, info.value.why) == ("$[3]", "seat 3 holds no dead card to give up face down")
    after = apply(apply(state, parse_action("turn up")), parse_action("give up 2C"))  # a trump
    assert seen.updated(view_delta(after, 0, seen.ply)) == view(after, 0)


def test_r_play_7_a_delta_that_scores_a_hand_a_seat_still_holds_trumps_in_is_refused():
    """R-PLAY-7: a hand is scored when no seat holds a trump at the start of a trick. Seat 0
    bid, and what a spectator saw of the discards and the look-through shows that it still
    holds trumps after its first play. A delta that scores the hand there (a result that
    is right for the tricks taken) comes from no game, nor does a view document of it."""
    rng = random.Random(4)
    state = apply(new_game(Rules()), Deal(shuffled_deck(4)))
    while state.ply < 19:
        state = apply(state, rng.choice(legal_actions(state)))
    assert state.phase is Phase.PLAY and state.bidder == 0
    assert [str(c) for c in state.hand(0) if is_trump(c, state.trump)] == ["3C", "QS", "BJ", "RJ"]
    seen = spectator_view(state)
    with pytest.raises(DocumentError, match=r"^\$\[2\]: no placement .* fits the hand's end$"):
        seen.updated(ViewDelta(19, 19, ("scored 1",)))
    document = seen.to_dict()
    document["history"].append("scored 1")
    with pytest.raises(DocumentError, match=r"fits the hand's end"):
        SeatView.from_dict(document)


def test_a_view_document_between_hands_whose_rules_its_finished_hand_breaks_is_refused():
    """R-LOOK-2: under ``look_take=any_trump`` a card given up in the look-through is a trump
    the seat took. A spectator's view of a finished hand played under ``any_card``, read back
    with ``any_trump``, shows a hand no game plays, though each entry alone may come next."""
    rules = Rules(look_take="any_card", use_off_three=False)
    rng = random.Random(5)
    state = apply(new_game(rules), Deal(shuffled_deck(5)))
    while not state.is_chance:
        state = apply(state, rng.choice(legal_actions(state)))
    document = spectator_view(state).to_dict()
    assert SeatView.from_dict(document) == spectator_view(state)
    document["rules"]["look_take"] = "any_trump"
    with pytest.raises(DocumentError, match=r"fits the hand's end"):
        SeatView.from_dict(document)


def test_a_delta_is_checked_as_it_is_made():
    """A delta made in code that ``ViewDelta.from_json`` would not read back is refused as it is
    made: it used to be written to JSON that the reader refused (or, with its entries a str,
    read back as one entry a character)."""
    assert ViewDelta(0, 1, ["1 pass"]).entries == ViewDelta(0, 1, UserList(["1 pass"])).entries == ("1 pass",)
    assert ViewDelta.from_json(ViewDelta(3, 3, ()).to_json()) == ViewDelta(3, 3, ())
    for since, ply, entries, error, message in [
        (-1, 1, (), ValueError, r"ViewDelta\.since must be 0 or more, not -1"),
        (5, 2, (), ValueError, r"ViewDelta\.since must be at most its ply, 2; not 5"),
        (0, 10**13, (), ValueError, r"ViewDelta\.ply must be at most 1,000,000,000,000"),
        (0, 1, "1 pass", TypeError, r"ViewDelta\.entries are a sequence of str, not str"),
        (0, 1, iter(["1 pass"]), TypeError, r"ViewDelta\.entries are a sequence of str, not list_iterator"),
        (0, 1, ("1 pass", 2), TypeError, r"ViewDelta\.entries\[1\] is a str, not int"),
    ]:
        with pytest.raises(error, match=message):
            ViewDelta(since, ply, entries)
