"""Properties of game records and state documents, fuzzing of every loader, and hostile documents.

Round trips are checked over random legal playouts (default rules, the 10-point preset and random
valid rule sets; seeded games and games dealt by the caller), stopped anywhere: in every phase,
mid-trick, mid-look, at the deal between two hands, at game over. The fuzz tests feed every loader
mutated real documents, random JSON and random text: a loader either refuses with a DocumentError
or returns something consistent. The hostile documents each name the exact place of the fault.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, event, given
from hypothesis import strategies as st

import pitch13
from pitch13 import (
    DECK,
    Bid,
    Deal,
    DocumentError,
    GameRecord,
    GameState,
    HandRecord,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Rules,
    RulesError,
    apply,
    legal_actions,
    new_game,
    replay,
    shuffled_deck,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from pitch13.records._json import MAX_DEPTH, load_json
from pitch13.testing import check_invariants
from profiles import examples, longer
from strategies import ACTION_SPACE, Playout, dealers, playouts, presets, valid_rules

#: A random game is cut off after this many actions (a game under random rules may run long).
MAX_PLAYOUT_ACTIONS = longer(700)
#: The hang guard of the fuzz tests: one example taking this long is a failure.
HANG_GUARD = timedelta(seconds=5)

JSON_WHERE = re.compile(r"\$(\.[a-z_]+|\[[0-9]+\])*\Z")
TEXT_WHERE = re.compile(r"line [0-9]+(, column [0-9]+)?\Z")


# --- playing -----------------------------------------------------------------------------------


def play_states(playout: Playout, max_actions: int = MAX_PLAYOUT_ACTIONS) -> list[GameState]:
    """Every state of a random game; an unseeded game is dealt ``Deal(shuffled_deck(k))`` with a drawn k."""
    chooser = playout.chooser()
    shuffles = random.Random(playout.choice_seed ^ 0x5EED)
    state = playout.start()
    states = [state]
    while not state.is_over and len(states) <= max_actions:
        if state.is_chance:
            action = Deal(shuffled_deck(shuffles.randrange(2**40), shuffles.randrange(1, 50)))
        else:
            action = chooser.choose(state, legal_actions(state))
        state = apply(state, action)
        states.append(state)
    return states


def categories(state: GameState) -> set[str]:
    """The kinds of stopping point ``state`` is: its phase, and the finer places a document may stop."""
    found = {state.phase.value}
    if state.phase is Phase.PLAY and state.trick:
        found.add("mid-trick")
    if state.phase is Phase.LOOK and state.turned_card is not None:
        found.add("card turned up")
    if state.phase is Phase.DEAL and state.history:
        found.add("deal between hands")
    return found


def drive(state: GameState, actions: list[object]) -> GameState:
    for action in actions:
        state = apply(state, action)  # type: ignore[arg-type]
    return state


def first_where(
    start: GameState, wanted: Callable[[GameState], bool], choose_seed: int = 0, limit: int = 3000
) -> GameState:
    """The first state of a fixed random game from ``start`` for which ``wanted`` holds."""
    rng = random.Random(choose_seed)
    state = start
    for _ in range(limit):
        if wanted(state):
            return state
        if state.is_over:
            break
        if state.is_chance:
            state = apply(state, Deal(shuffled_deck(rng.randrange(10**6))))
        else:
            legal = legal_actions(state)
            passes = [a for a in legal if isinstance(a, Pass)]
            bids = [a for a in legal if isinstance(a, Bid)]
            if bids and (not passes or rng.random() < 0.3):
                state = apply(state, bids[0])
            else:
                state = apply(state, rng.choice(passes or list(legal)))
    raise AssertionError("no such state")


# --- the round-trip checks ---------------------------------------------------------------------------


def check_state_round_trip(state: GameState) -> None:
    text = state_to_json(state)
    loaded = state_from_json(text)
    assert loaded == state
    assert state_to_json(loaded) == text
    assert state_from_json(state_to_json(state, indent=2)) == state
    data = state_to_dict(state)
    assert state_from_dict(data) == state
    assert state_from_dict(json.loads(text)) == state
    assert json.loads(text) == data


def check_record_round_trip(states: list[GameState]) -> None:
    """The record of ``states[-1]`` round-trips in both forms and replays to exactly ``states``."""
    state = states[-1]
    record = GameRecord.from_state(state)
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(record.to_json(indent=1)) == record
    assert GameRecord.from_dict(record.to_dict()) == record
    text = record.to_text()
    parsed = GameRecord.from_text(text)
    assert parsed == record
    assert parsed.to_text() == text
    replayed = replay(record)
    assert replayed[-1] == state
    assert len(replayed) == len(states)
    for i, (got, expected) in enumerate(zip(replayed, states, strict=True)):
        assert got == expected, f"state {i} of the replay differs"


def check_stop(states: list[GameState], index: int) -> None:
    for name in categories(states[index]):
        event(f"stopped at: {name}")
    check_state_round_trip(states[index])
    check_record_round_trip(states[: index + 1])


@st.composite
def stops(draw: st.DrawFn, states: list[GameState]) -> list[int]:
    """Where to stop a game: anywhere, at a drawn kind of stopping point, and at its last state."""
    by_kind: dict[str, list[int]] = {}
    for i, state in enumerate(states):
        for name in categories(state):
            by_kind.setdefault(name, []).append(i)
    kind = draw(st.sampled_from(sorted(by_kind)))
    chosen = {
        draw(st.integers(0, len(states) - 1)),
        draw(st.sampled_from(by_kind[kind])),
        len(states) - 1,
    }
    return sorted(chosen)


def run_round_trips(playout: Playout, data: st.DataObject) -> None:
    states = play_states(playout)
    for index in data.draw(stops(states), label="stops"):
        check_stop(states, index)


# --- 1. round trips -------------------------------------------------------------------------------


@examples(4, deadline=None)
@given(playouts(st.just(Rules())), st.data())
def test_round_trips_default_rules(playout, data):
    """States and records of random games under the default rules round-trip through JSON, dicts
    and text, stopped anywhere, and the record replays to every state the game went through."""
    run_round_trips(playout, data)


@examples(3, deadline=None)
@given(playouts(st.just(Rules.classic_ten_point())), st.data())
def test_round_trips_classic_ten_point(playout, data):
    """The same round trips under the 10-point preset."""
    run_round_trips(playout, data)


@examples(25, deadline=None)
@given(playouts(valid_rules(max_target=longer(30))), st.data())
def test_round_trips_any_valid_rules(playout, data):
    """The same round trips under random valid rule sets, seeded and dealt by the caller."""
    run_round_trips(playout, data)


@examples(5, deadline=None)
@given(playouts(presets(), seeded=st.just(False)), st.data())
def test_round_trips_dealt_by_the_caller(playout, data):
    """Games dealt with ``Deal(shuffled_deck(k))`` stop at the deal between hands too, and round-trip."""
    run_round_trips(playout, data)


EVERY_KIND = {phase.value for phase in Phase} | {"mid-trick", "card turned up", "deal between hands"}


@pytest.mark.parametrize(
    ("rules", "seed", "choice_seed"),
    [(Rules(target=20), None, 44), (Rules(target=12), 33, 6)],
    ids=["unseeded", "seeded"],
)
def test_every_state_of_a_game_round_trips(rules, seed, choice_seed):
    """Every state of two whole games (every phase, mid-trick, a turned-up card, the deal
    between hands, game over) round-trips as a state document, and the record of the game
    replays to all of them."""
    playout = Playout(rules, 0, seed, choice_seed, pass_bias=0.8, raise_bias=0.2, low_bid_bias=0.9)
    states = play_states(playout, max_actions=5000)
    kinds = set().union(*(categories(s) for s in states))
    expected = EVERY_KIND if seed is None else EVERY_KIND - {"deal", "deal between hands"}
    assert kinds == expected
    assert states[-1].is_over
    for state in states:
        check_state_round_trip(state)
    check_record_round_trip(states)


def test_empty_unseeded_game_round_trips():
    """A game dealt by the caller that has not been dealt yet has a record with no hands."""
    state = new_game(Rules.classic_ten_point(), dealer=2)
    record = GameRecord.from_state(state)
    assert record.hands == ()
    assert record.to_text() == (
        '[Format "pitch13.record"]\n[Version "1"]\n[Rules "classic_ten_point"]\n'
        '[FirstDealer "2"]\n[Seed "none"]\n'
    )
    check_state_round_trip(state)
    check_record_round_trip([state])


@examples(300, deadline=None)
@given(valid_rules(max_target=1_000_000), dealers)
def test_rules_tag_round_trips(rules, dealer):
    """The ``[Rules "..."]`` tag names any valid rule set exactly (through to_text and from_text)."""
    record = GameRecord(rules=rules, first_dealer=dealer, seed=None, hands=())
    text = record.to_text()
    tag = re.search(r'^\[Rules "([^"]*)"\]$', text, re.MULTILINE)
    assert tag is not None
    assert GameRecord.from_text(text) == record
    assert GameRecord.from_text(text).rules == rules


@examples(40, deadline=None)
@given(st.integers(min_value=1, max_value=10**15), st.one_of(st.none(), st.integers(-(2**130), 2**130)))
def test_any_game_the_engine_makes_round_trips(target, seed):
    """Whatever target Rules accepts and whatever seed new_game accepts, the state written is a
    state that loads again, in JSON and in text: a writer must not write what its reader refuses.
    (An engine that refused such a target or seed up front would keep this property too.)"""
    try:
        state = new_game(Rules(target=target), dealer=1, seed=seed)
    except (RulesError, ValueError):
        return
    check_state_round_trip(state)
    check_record_round_trip([state])


@pytest.mark.parametrize("seed", [2**128 - 1, -(2**128 - 1), 10**20])
def test_seed_at_the_limit_round_trips_through_json_and_text(seed):
    """The largest seeds new_game takes (128 bits) are read back from JSON and from text."""
    state = new_game(seed=seed)
    assert state_from_json(state_to_json(state)) == state
    record = GameRecord.from_state(state)
    assert GameRecord.from_text(record.to_text()) == record


def test_seeds_and_targets_beyond_the_limits_are_refused_up_front():
    """What could not be saved is refused when the game is made, not when it is loaded."""
    with pytest.raises(ValueError, match="seed must be from"):
        new_game(seed=2**128)
    with pytest.raises(RulesError, match="target must be from 1 to 1000000"):
        Rules(target=10**6 + 1)


def test_target_at_the_limit_round_trips_through_json_and_text():
    """The largest target Rules takes is read back from JSON and from text."""
    state = new_game(Rules(target=10**6), seed=1)
    assert state_from_json(state_to_json(state)) == state
    record = GameRecord.from_state(state)
    assert GameRecord.from_text(record.to_text()) == record


# --- fuzzing: documents to start from ------------------------------------------------------------------


@functools.cache
def base_states() -> tuple[GameState, ...]:
    """Short real games, stopped where documents are richest: mid-trick, mid-look, between hands,
    at game over."""
    seeded = new_game(Rules(), dealer=0, seed=33)
    mid_trick = first_where(seeded, lambda s: s.phase is Phase.PLAY and len(s.trick) == 2)
    looking = first_where(
        new_game(Rules(), dealer=1, seed=4), lambda s: s.phase is Phase.LOOK and s.turned_card is not None, 4
    )
    between = first_where(
        new_game(Rules.classic_ten_point(), dealer=3), lambda s: s.is_chance and s.hand_number == 2, 1
    )
    ended = first_where(new_game(Rules(target=3, min_bid=1), dealer=2, seed=9), lambda s: s.is_over)
    return (mid_trick, looking, between, ended)


@functools.cache
def base_documents() -> tuple[tuple[str, dict[str, object]], ...]:
    """(kind, document) for each base state: its state document and its record."""
    out: list[tuple[str, dict[str, object]]] = []
    for state in base_states():
        out.append(("state", state_to_dict(state)))
        out.append(("record", GameRecord.from_state(state).to_dict()))
    return tuple(out)


@functools.cache
def base_texts() -> tuple[str, ...]:
    return tuple(GameRecord.from_state(state).to_text() for state in base_states())


def test_base_documents_are_what_the_fuzzing_needs():
    """The fuzzing starts from documents that stop mid-trick, mid-look, between hands and after the end."""
    mid_trick, looking, between, ended = base_states()
    assert len(mid_trick.trick) == 2
    assert looking.turned_card is not None
    assert between.phase is Phase.DEAL and between.hand_number == 2
    assert ended.is_over
    for state in base_states():
        check_state_round_trip(state)


# --- fuzzing: the checks --------------------------------------------------------------------------------


def check_refusal(error: DocumentError, form: str) -> None:
    assert isinstance(error.where, str)
    assert isinstance(error.why, str) and error.why
    pattern = JSON_WHERE if form == "json" else TEXT_WHERE
    assert pattern.match(error.where), f"where {error.where!r} is not a place in a {form} document"


def check_loaded_state(state: GameState) -> None:
    assert isinstance(state, GameState)
    check_invariants(state)
    assert state_from_json(state_to_json(state)) == state


def check_loaded_record(record: GameRecord) -> None:
    assert isinstance(record, GameRecord)
    states = replay(record)
    check_invariants(states[-1])
    assert GameRecord.from_json(record.to_json()) == record
    text = record.to_text()
    assert GameRecord.from_text(text) == record
    assert GameRecord.from_text(text).to_text() == text


def load_state_json(document: object) -> None:
    try:
        state = state_from_json(document)  # type: ignore[arg-type]
    except DocumentError as error:
        check_refusal(error, "json")
        return
    event("state loaded")
    check_loaded_state(state)


def load_state_dict(document: object) -> None:
    try:
        state = state_from_dict(document)
    except DocumentError as error:
        check_refusal(error, "json")
        return
    event("state loaded")
    check_loaded_state(state)


def load_record_json(document: object) -> None:
    try:
        record = GameRecord.from_json(document)  # type: ignore[arg-type]
    except DocumentError as error:
        check_refusal(error, "json")
        return
    event("record loaded")
    check_loaded_record(record)


def load_record_dict(document: object) -> None:
    try:
        record = GameRecord.from_dict(document)
    except DocumentError as error:
        check_refusal(error, "json")
        return
    event("record loaded")
    check_loaded_record(record)


def load_record_text(document: str) -> None:
    try:
        record = GameRecord.from_text(document)
    except DocumentError as error:
        check_refusal(error, "text")
        return
    event("record loaded")
    check_loaded_record(record)


def load_json_document(kind: str, document: object) -> None:
    """Feed a JSON value to the loaders of its kind, as data and as JSON text."""
    dict_loader, json_loader = (
        (load_state_dict, load_state_json) if kind == "state" else (load_record_dict, load_record_json)
    )
    dict_loader(document)
    try:
        text = json.dumps(document, ensure_ascii=False)
    except (TypeError, ValueError):  # pragma: no cover - the mutations keep to JSON values
        return
    json_loader(text)


# --- fuzzing: mutations ------------------------------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["AH", "10S", "BJ", "RJ", "pass", "bid 5", "play 2C", "H", "pitch13.state", "deal"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
card_names = st.sampled_from([str(c) for c in DECK] + ["10H", "TS", "ah", "1H", "XX", "", "JOKER"])
action_names = st.one_of(
    st.sampled_from([str(a) for a in ACTION_SPACE]), st.sampled_from(["deal", "bid -1", "play", "trump X"])
)

Path = tuple[str | int, ...]


def walk(node: object, path: Path = ()) -> Iterator[tuple[Path, object]]:
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, (*path, i))


def parent_of(document: object, path: Path) -> object:
    node = document
    for step in path[:-1]:
        node = node[step]  # type: ignore[index]
    return node


def replace_at(document: object, path: Path, value: object) -> object:
    if not path:
        return value
    parent_of(document, path)[path[-1]] = value  # type: ignore[index]
    return document


def json_type(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


def is_card(value: object) -> bool:
    try:
        pitch13.Card.parse(value)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        return False
    return True


MUTATIONS = (
    "delete key",
    "add key",
    "retype",
    "swap cards",
    "duplicate card",
    "change seat",
    "change action",
    "drop action",
    "insert action",
    "truncate list",
    "change int",
)


@st.composite
def mutate_json(draw: st.DrawFn, document: object) -> object:
    """``document`` (a deep copy) with one JSON-level mutation."""
    document = copy.deepcopy(document)
    nodes = list(walk(document))
    kind = draw(st.sampled_from(MUTATIONS), label="mutation")
    event(f"json mutation: {kind}")
    dicts = [(p, n) for p, n in nodes if isinstance(n, dict) and n]
    lists = [(p, n) for p, n in nodes if isinstance(n, list) and n]
    card_paths = [p for p, n in nodes if isinstance(n, str) and p and is_card(n)]
    int_paths = [p for p, n in nodes if isinstance(n, int) and not isinstance(n, bool)]
    action_lists = [p for p, n in nodes if p and p[-1] == "actions" and isinstance(n, list)]
    if kind == "delete key" and dicts:
        path, node = draw(st.sampled_from(dicts))
        del node[draw(st.sampled_from(sorted(node)))]  # type: ignore[attr-defined]
    elif kind == "add key" and dicts:
        path, node = draw(st.sampled_from(dicts))
        node[draw(st.text(max_size=10))] = draw(json_values)  # type: ignore[index]
    elif kind == "retype":
        path, node = draw(st.sampled_from(nodes))
        value = draw(json_values.filter(lambda v: json_type(v) != json_type(node)))
        document = replace_at(document, path, value)
    elif kind in ("swap cards", "duplicate card") and len(card_paths) >= 2:
        first, second = draw(st.lists(st.sampled_from(card_paths), min_size=2, max_size=2, unique=True))
        a = parent_of(document, first)[first[-1]]  # type: ignore[index]
        b = parent_of(document, second)[second[-1]]  # type: ignore[index]
        replace_at(document, second, a)
        if kind == "swap cards":
            replace_at(document, first, b)
    elif kind == "change seat" and int_paths:
        replace_at(document, draw(st.sampled_from(int_paths)), draw(st.integers(-1, 4)))
    elif kind == "change int" and int_paths:
        replace_at(document, draw(st.sampled_from(int_paths)), draw(st.integers(-(10**25), 10**25)))
    elif kind == "change action" and action_lists:
        actions = parent_of(document, (*draw(st.sampled_from(action_lists)), 0))
        if actions:
            i = draw(st.integers(0, len(actions) - 1))  # type: ignore[arg-type]
            pair = actions[i]  # type: ignore[index]
            who = pair[0] if isinstance(pair, list) and pair else draw(st.integers(0, 3))
            actions[i] = [who, draw(action_names)]  # type: ignore[index]
    elif kind == "drop action" and action_lists:
        actions = parent_of(document, (*draw(st.sampled_from(action_lists)), 0))
        if actions:
            del actions[draw(st.integers(0, len(actions) - 1))]  # type: ignore[arg-type, attr-defined]
    elif kind == "insert action" and action_lists:
        actions = parent_of(document, (*draw(st.sampled_from(action_lists)), 0))
        i = draw(st.integers(0, len(actions)))  # type: ignore[arg-type]
        actions.insert(i, [draw(st.integers(0, 3)), draw(action_names)])  # type: ignore[attr-defined]
    elif kind == "truncate list" and lists:
        path, node = draw(st.sampled_from(lists))
        del node[draw(st.integers(0, len(node) - 1)) :]  # type: ignore[attr-defined]
    return document


TEXT_ALPHABET = st.one_of(
    st.sampled_from(list('0123456789:;# \n\t[]"{},AHKQJTSDCBR-.e')), st.characters(codec="utf-8")
)


@st.composite
def mutate_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with one to three character-level mutations."""
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(("delete", "insert", "replace", "cut", "swap lines")), label="edit")
        event(f"text mutation: {kind}")
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 6)) :]
        elif kind == "insert":
            text = text[:at] + draw(st.text(TEXT_ALPHABET, min_size=1, max_size=6)) + text[at:]
        elif kind == "replace":
            text = text[:at] + draw(TEXT_ALPHABET) + text[at + 1 :]
        elif kind == "cut":
            text = text[:at]
        else:
            lines = text.split("\n")
            if len(lines) >= 2:
                i, j = draw(st.lists(st.integers(0, len(lines) - 1), min_size=2, max_size=2, unique=True))
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


# --- 2. fuzz tests -----------------------------------------------------------------------------------


FUZZ = examples(
    200,
    deadline=HANG_GUARD,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)


@FUZZ
@given(st.data())
def test_fuzz_json_mutations_of_real_documents(data):
    """One to three JSON-level mutations of a real state document or record: every loader of its
    kind (dict and JSON) refuses it with a DocumentError or loads something consistent."""
    kind, document = data.draw(st.sampled_from(base_documents()), label="base")
    for _ in range(data.draw(st.integers(1, 3))):
        document = data.draw(mutate_json(document))
    load_json_document(kind, document)


@FUZZ
@given(st.data())
def test_fuzz_text_mutations_of_json_documents(data):
    """Character-level mutations of the JSON text of a real document: refused or consistent."""
    kind, document = data.draw(st.sampled_from(base_documents()), label="base")
    text = data.draw(mutate_text(json.dumps(document, indent=data.draw(st.sampled_from([None, 1])))))
    (load_state_json if kind == "state" else load_record_json)(text)
    (load_record_json if kind == "state" else load_state_json)(text)
    load_record_json(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.data())
def test_fuzz_text_mutations_of_record_texts(data):
    """Character-level mutations of a real record's text: refused (at a line and column) or consistent."""
    text = data.draw(st.sampled_from(base_texts()), label="base")
    load_record_text(data.draw(mutate_text(text)))


@examples(250, deadline=HANG_GUARD)
@given(json_values)
def test_fuzz_random_json_values(value):
    """Random JSON values, as data and as JSON text, to every JSON loader."""
    for kind in ("state", "record"):
        load_json_document(kind, value)


@examples(200, deadline=HANG_GUARD)
@given(json_values, st.sampled_from(["pitch13.state", "pitch13.record"]), st.integers(0, 2))
def test_fuzz_random_objects_with_a_valid_header(value, fmt, version):
    """Random objects that get past the header check (format and version) reach every field check."""
    document = {"format": fmt, "version": version}
    if isinstance(value, dict):
        document.update(value)
    else:
        document["hands"] = value
    load_json_document("state" if fmt == "pitch13.state" else "record", document)


@examples(300, deadline=HANG_GUARD)
@given(st.one_of(st.text(), st.text(TEXT_ALPHABET), st.binary()))
def test_fuzz_random_text(text):
    """Random text (and random bytes to the JSON loaders) is refused with a DocumentError."""
    if isinstance(text, str):
        load_record_text(text)
    load_state_json(text)
    load_record_json(text)


@examples(200, deadline=HANG_GUARD)
@given(
    st.lists(
        st.tuples(st.integers(0, 9), st.sampled_from([str(a) for a in ACTION_SPACE]) | st.text(max_size=8)),
        max_size=8,
    )
)
def test_fuzz_action_lines_of_a_seeded_record(items):
    """A seeded record's text with a random action line (any digit as the seat, any action):
    refused at a line and column, or loaded and consistent."""
    line = "; ".join(f"{who}: {action}" for who, action in items)
    text = '[Format "pitch13.record"]\n[Version "1"]\n[FirstDealer "0"]\n[Seed "33"]\nhand 1\n' + line + "\n"
    load_record_text(text)


# --- 3. hostile documents -------------------------------------------------------------------------------


def refused(load: Callable[[object], object], document: object) -> DocumentError:
    with pytest.raises(DocumentError) as caught:
        load(document)
    return caught.value


def seeded_bidding() -> GameState:
    """Seed 5, dealer 0, after three seats' calls: seat 1 passes, seat 2 bids 5, seat 3 passes."""
    return drive(new_game(Rules(), dealer=0, seed=5), [Pass(), Bid(5), Pass()])


def record_dict(state: GameState) -> dict[str, object]:
    return GameRecord.from_state(state).to_dict()


def unseeded_two_hands() -> GameState:
    """A game dealt by the caller, where its second hand's bidder is to name trump."""
    return first_where(
        new_game(Rules.classic_ten_point(), dealer=3),
        lambda s: s.hand_number == 2 and s.phase is Phase.TRUMP,
        1,
    )


ALL_LOADERS = (GameRecord.from_json, state_from_json)


@pytest.mark.parametrize("load", ALL_LOADERS)
def test_hostile_ten_megabytes(load):
    """A 10 MB document is over the size limit: refused before it is parsed."""
    text = " " * 10_000_000 + state_to_json(seeded_bidding())
    error = refused(load, text)
    assert error.where == "$"
    assert "limit" in error.why
    assert refused(load, text.encode()).where == "$"


def test_hostile_ten_megabytes_of_text():
    """A 10 MB record text is over the size limit."""
    text = GameRecord.from_state(seeded_bidding()).to_text() + "#" * 10_000_000
    error = refused(GameRecord.from_text, text)
    assert error.where == "line 1"
    assert "limit" in error.why


@pytest.mark.parametrize("load", ALL_LOADERS)
def test_hostile_deep_nesting(load):
    """100,000 nested '[' are refused by the depth check, not by a RecursionError."""
    error = refused(load, "[" * 100_000)
    assert error.where == "$"
    assert f"deeper than {MAX_DEPTH}" in error.why
    error = refused(load, '{"format": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert error.where == "$"
    assert f"deeper than {MAX_DEPTH}" in error.why


@pytest.mark.parametrize("load", ALL_LOADERS)
def test_hostile_deep_nesting_inside_strings_is_not_counted(load):
    """Brackets inside strings, escaped quotes included, are not nesting; the document is refused for
    what it is (an unknown field), not for depth."""
    document = record_dict(seeded_bidding())
    document["note"] = '\\"[[[' + "[" * 100 + '\\\\"'
    if load is state_from_json:
        document = {**state_to_dict(seeded_bidding()), "note": document["note"]}
    error = refused(load, json.dumps(document))
    assert error.where == "$"
    assert "unknown field 'note'" in error.why


def own_document(load: Callable[[object], object]) -> str:
    """A document of the format ``load`` reads (a loader names one of another format as such)."""
    state = seeded_bidding()
    return GameRecord.from_state(state).to_json() if load == GameRecord.from_json else state_to_json(state)


@pytest.mark.parametrize("load", ALL_LOADERS)
def test_hostile_numbers(load):
    """A 5,000-digit number, 1e999, NaN, Infinity and a float are refused at the parse ("$")."""
    good = own_document(load)
    for bad in ("9" * 5000, "1e999", "NaN", "-Infinity", "0.5", "1.0"):
        error = refused(load, good.replace('"first_dealer":0', f'"first_dealer":{bad}'))
        assert error.where == "$", bad
    assert "5000 characters" in refused(load, good.replace('"seed":5', '"seed":' + "9" * 5000)).why


@pytest.mark.parametrize("load", ALL_LOADERS)
def test_hostile_duplicate_keys(load):
    """An object with the same key twice is refused."""
    good = own_document(load)
    bad = good.replace('"first_dealer":0', '"first_dealer":0,"first_dealer":1')
    error = refused(load, bad)
    assert error.where == "$"
    column = bad.index('"first_dealer":1') + 1
    assert error.why.endswith(f"'first_dealer' twice (line 1, column {column})")


@pytest.mark.parametrize(
    ("text", "key", "line", "column"),
    [
        ('{"a":1,"a":2}', "a", 1, 8),
        ('{"a":{"b":1,\n  "b":2},"a":3}', "b", 2, 3),  # the inner object closes first
        ('{"a":1,\n "x":{"b":1,"b":2}, "a":3}', "b", 2, 13),
        ('[{"\\u0061":1, "a":2}]', "a", 1, 15),  # the same key written otherwise
        ('{"a":"\\"a\\":", "b":[1,{"c":1}], "b":2}', "b", 1, 33),  # a key's text inside a string
    ],
)
def test_a_key_written_twice_is_found_where_the_decoder_refused_it(text, key, line, column):
    error = refused(load_json, text)
    assert error.why == f"an object has the key {key!r} twice (line {line}, column {column})"


@pytest.mark.parametrize("load", ALL_LOADERS)
def test_hostile_not_utf8(load):
    """Bytes that are not UTF-8 (Latin-1, no byte-order mark) are refused."""
    text = state_to_json(seeded_bidding()).replace('"seed":5', '"seed":5,"x":"café"')
    error = refused(load, text.encode("latin-1"))
    assert error.where == "$"
    assert "UTF-8" in error.why


def test_hostile_deck_with_a_card_twice():
    """A deck listing a card twice: the second place it is listed."""
    state = unseeded_two_hands()
    document = record_dict(state)
    deck = document["hands"][1]["deck"]
    deck[40] = deck[7]
    error = refused(GameRecord.from_dict, document)
    assert error.where == "$.hands[1].deck[40]"
    assert "twice" in error.why


def test_hostile_deck_of_53_cards():
    """A deck of 53 cards."""
    document = record_dict(unseeded_two_hands())
    document["hands"][0]["deck"].pop()
    error = refused(GameRecord.from_dict, document)
    assert error.where == "$.hands[0].deck"
    assert "53" in error.why


def test_hostile_position_with_a_card_in_two_places():
    """A position that puts a card of seat 2's hand in the middle as well."""
    document = state_to_dict(seeded_bidding())
    position = document["position"]
    assert position["middle"] == []
    position["middle"] = [position["hands"][2][3]]
    error = refused(state_from_dict, document)
    assert error.where == "$.position.middle[0]"
    assert "two places" in error.why


def test_hostile_position_of_53_cards():
    """A position with a stock card missing adds up to 53 cards."""
    document = state_to_dict(seeded_bidding())
    document["position"]["stock"].pop()
    error = refused(state_from_dict, document)
    assert error.where == "$.position"
    assert "53" in error.why


def test_hostile_unknown_fields():
    """An unknown field at the top level, inside a hand, inside the position, inside the rules."""
    for path, where in (((), "$"), (("hands", 0), "$.hands[0]"), (("position",), "$.position")):
        document = state_to_dict(seeded_bidding())
        node = document
        for step in path:
            node = node[step]
        node["comment"] = "hi"
        error = refused(state_from_dict, document)
        assert error.where == where
        assert "unknown field 'comment'" in error.why
    document = record_dict(seeded_bidding())
    document["rules"]["jokers"] = "fixed"
    assert refused(GameRecord.from_dict, document).where == "$.rules"


def test_hostile_a_view_given_as_a_state():
    """A pitch13.view document given to state_from_json is refused as a view."""
    view_json = json.dumps(pitch13.view(seeded_bidding(), 1).to_dict())
    error = refused(state_from_json, view_json)
    assert error.where == "$.format"
    assert "pitch13.view" in error.why
    error = refused(GameRecord.from_json, state_to_json(seeded_bidding()))
    assert error.where == "$.format"
    assert "pitch13.state" in error.why


@pytest.mark.parametrize("kind", ["record", "state"])
def test_hostile_versions(kind):
    """Version 2 is newer (upgrade); version 0 and a version that is not a number do not exist."""
    state = seeded_bidding()
    load = GameRecord.from_dict if kind == "record" else state_from_dict
    base = record_dict(state) if kind == "record" else state_to_dict(state)
    error = refused(load, {**base, "version": 2})
    assert error.where == "$.version"
    assert "newer" in error.why and "upgrade" in error.why
    error = refused(load, {**base, "version": 0})
    assert error.where == "$.version"
    assert "no version 0" in error.why
    assert refused(load, {**base, "version": "1"}).where == "$.version"
    assert refused(load, {**base, "version": True}).where == "$.version"


def test_hostile_illegal_action():
    """An action that is illegal where it stands: where points to it, the IllegalActionError is the cause."""
    document = record_dict(seeded_bidding())
    document["hands"][0]["actions"][1] = [2, "play AH"]
    error = refused(GameRecord.from_dict, document)
    assert error.where == "$.hands[0].actions[1]"
    assert isinstance(error.__cause__, IllegalActionError)
    document["hands"][0]["actions"][1] = [3, "bid 5"]
    error = refused(GameRecord.from_dict, document)
    assert error.where == "$.hands[0].actions[1]"
    assert error.__cause__.reason is pitch13.IllegalReason.NOT_YOUR_TURN


def test_hostile_actions_after_the_game_ended():
    """An action after the game's end, and a hand after it, are refused where they stand."""
    ended = base_states()[3]
    document = record_dict(ended)
    last = len(document["hands"]) - 1
    count = len(document["hands"][last]["actions"])
    document["hands"][last]["actions"].append([ended.dealer, "pass"])
    assert refused(GameRecord.from_dict, document).where == f"$.hands[{last}].actions[{count}]"
    document = record_dict(ended)
    document["hands"].append({"actions": []})
    assert refused(GameRecord.from_dict, document).where == f"$.hands[{last + 1}]"


def test_hostile_hand_stopped_early_then_another():
    """A hand whose actions stop before its end, followed by another hand."""
    for state in (unseeded_two_hands(), first_where(new_game(seed=33), lambda s: s.hand_number == 2)):
        document = record_dict(state)
        del document["hands"][0]["actions"][-3:]
        error = refused(GameRecord.from_dict, document)
        assert error.where == "$.hands[0]"
        assert "stops before its end" in error.why


def test_hostile_seeded_deck_that_is_not_the_seeds():
    """A seeded record whose first deck has two cards swapped is not what the seed deals."""
    document = record_dict(seeded_bidding())
    deck = document["hands"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    error = refused(GameRecord.from_dict, document)
    assert error.where == "$.hands[0].deck"
    assert "seed 5" in error.why


def test_hostile_position_that_is_not_where_the_record_leads():
    """A position whose scores or seat to act differ from the replay's."""
    document = state_to_dict(seeded_bidding())
    document["position"]["scores"] = [3, 0]
    assert refused(state_from_dict, document).where == "$.position.scores"
    document = state_to_dict(seeded_bidding())
    document["position"]["to_act"] = 2
    assert refused(state_from_dict, document).where == "$.position.to_act"


# --- 3. hostile texts -----------------------------------------------------------------------------------


def seeded_text() -> list[str]:
    """The lines of the record text of :func:`seeded_bidding`."""
    return GameRecord.from_state(seeded_bidding()).to_text().split("\n")


def unseeded_text() -> list[str]:
    return GameRecord.from_state(unseeded_two_hands()).to_text().split("\n")


def text_refused(lines: list[str]) -> DocumentError:
    return refused(GameRecord.from_text, "\n".join(lines))


def test_seeded_text_is_as_expected():
    """The texts the hostile tests edit have the lines they expect."""
    lines = seeded_text()
    assert lines[:7] == [
        '[Format "pitch13.record"]',
        '[Version "1"]',
        '[Rules "default"]',
        '[FirstDealer "0"]',
        '[Seed "5"]',
        "",
        "hand 1",
    ]
    assert lines[7].startswith("deck ")
    assert lines[9] == "1: pass; 2: bid 5; 3: pass"


def test_hostile_text_bad_tag():
    """A tag without quotes."""
    lines = seeded_text()
    lines[1] = "[Version 1]"
    error = text_refused(lines)
    assert error.where == "line 2, column 1"
    lines[1] = '   [Version "1"'
    assert text_refused(lines).where == "line 2, column 4"


def test_hostile_text_unknown_tag():
    lines = seeded_text()
    lines.insert(2, '[Event "club night"]')
    error = text_refused(lines)
    assert error.where == "line 3, column 1"
    assert "unknown tag 'Event'" in error.why


def test_hostile_text_duplicate_tag():
    lines = seeded_text()
    lines.insert(5, '[Seed "6"]')
    error = text_refused(lines)
    assert error.where == "line 6, column 1"
    assert "twice" in error.why


def test_hostile_text_bad_card_in_deck():
    """A card that does not exist in the deck line: the column of that card."""
    lines = seeded_text()
    cards = lines[7].split()
    cards[3] = "11H"
    lines[7] = " ".join(cards)
    column = len(" ".join(cards[:3])) + 2
    error = text_refused(lines)
    assert error.where == f"line 8, column {column}"
    cards[3] = cards[5]
    lines[7] = " ".join(cards)
    assert text_refused(lines).where == f"line 8, column {len(' '.join(cards[:5])) + 2}"


def test_hostile_text_action_that_does_not_parse():
    """'bid x' in an action line: the column of the 'x'."""
    lines = seeded_text()
    lines[9] = "1: pass; 2: bid x; 3: pass"
    error = text_refused(lines)
    assert error.where == "line 10, column 17"
    lines[9] = "1: pass; 2: bod 5"
    assert text_refused(lines).where == "line 10, column 13"
    lines[9] = "1: pass; 2 bid 5"
    assert text_refused(lines).where == "line 10, column 10"


def test_hostile_text_seat_that_is_not_a_seat():
    """'7: pass' names a seat that does not exist: refused with a DocumentError at that item."""
    lines = seeded_text()
    lines[9] = "1: pass; 7: bid 5"
    error = text_refused(lines)
    assert error.where == "line 10, column 10"


def test_hostile_text_illegal_action():
    """An action that parses but is illegal where it stands: the column of the item."""
    lines = seeded_text()
    lines[9] = "1: pass; 2: play AH"
    error = text_refused(lines)
    assert error.where == "line 10, column 10"
    assert isinstance(error.__cause__, IllegalActionError)


def test_hostile_text_missing_deck_line():
    """An unseeded record must give each hand's deck: the 'hand' line of the hand without one."""
    lines = unseeded_text()
    second = lines.index("hand 2")
    assert lines[second + 1].startswith("deck ")
    del lines[second + 1]
    error = text_refused(lines)
    assert error.where == f"line {second + 1}, column 1"
    assert "no 'deck' line" in error.why


def test_hostile_text_seeded_record_without_hands():
    """A seeded record's text that stops after its tags lacks hand 1, which the seed has dealt: the
    fault is given as a place in the text (a line), not as a JSON path."""
    error = text_refused(seeded_text()[:5])
    assert "has dealt hand 1" in error.why
    assert TEXT_WHERE.match(error.where), error.where


def test_hostile_text_bad_rules_option():
    """A rules option with a bad value is refused at the Rules tag's line and column."""
    lines = seeded_text()
    for rules in ("default target=abc", "default joker_order=upside_down", "default target=0", "nonsense"):
        lines[2] = f'[Rules "{rules}"]'
        error = text_refused(lines)
        assert error.where == "line 3, column 1", rules


def test_hostile_text_versions():
    lines = seeded_text()
    lines[1] = '[Version "2"]'
    error = text_refused(lines)
    assert error.where == "line 2, column 1"
    assert "newer" in error.why and "upgrade" in error.why
    lines[1] = '[Version "0"]'
    assert text_refused(lines).where == "line 2, column 1"


def test_hostile_record_records_refused_by_replay():
    """replay() of a constructed record whose first action is illegal names the action."""
    record = GameRecord(
        rules=Rules(), first_dealer=0, seed=5, hands=(HandRecord(shuffled_deck(5), ((1, Play(DECK[0])),)),)
    )
    error = refused(replay, record)
    assert error.where == "$.hands[0].actions[0]"
    assert isinstance(error.__cause__, IllegalActionError)
