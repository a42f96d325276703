"""Hostile input at every public entry point: one documented error, a short message, no other exception.

Every loader (the JSON and ``dict`` forms of states, views and records, and the text form of
records) raises :class:`~pitch13.DocumentError` and nothing else, whatever is put anywhere in a
document; constructors and parsers raise their documented error; and no message quotes more
than a short excerpt of what it was given. Everything a program may send to another process
pickles at every protocol, errors included.
"""

from __future__ import annotations

import copy
import pickle
import random
import time

import pytest

import pitch13
from pitch13 import (
    ActionParseError,
    Bid,
    BotError,
    BotFailedError,
    Card,
    CardParseError,
    Deal,
    DocumentError,
    GameRecord,
    IllegalActionError,
    NameTrump,
    Phase,
    Play,
    Rules,
    RulesError,
    SeatView,
    Suit,
    apply,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    sample_state,
    state_from_dict,
    state_from_json,
    state_to_dict,
    view,
    view_delta,
)
from pitch13._core.tables import table_for

#: The longest message any refusal here may have (a fixed list of the fields expected may be long;
#: what came in is quoted as a short excerpt).
SHORT = 500


def deeply_nested(depth):
    nested = []
    for _ in range(depth):
        nested = [nested]
    return nested


#: Values that broke loaders elsewhere: a number too long to print, a list too deep to print,
#: a string too long to quote, and others of the wrong type.
HOSTILE = {
    "a 5,000-digit number": 10**5000,
    "a negative 5,000-digit number": -(10**5000),
    "a list nested 100,000 deep": deeply_nested(100_000),
    "a 5 MB string": "x" * 5_000_000,
    "a lone surrogate": "\ud800",
    "a float": 1e308,
    "NaN": float("nan"),
    "a dict": {"x" * 1000: 1},
}


def a_game(moves=60, seed=3):
    """A game ``moves`` actions on (or at its end), each seat taking its last legal action."""
    state = new_game(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = apply(state, legal_actions(state)[-1])
    return state


def places(node, path=()):
    """Paths to each value in ``node`` (of a list, the first two items and the last)."""
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
        items = items[:2] + items[2:][-1:]
    else:
        return
    for key, value in items:
        yield (*path, key)
        yield from places(value, (*path, key))


def replaced(document, path, value):
    changed = copy.deepcopy(document)
    node = changed
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return changed


def refused_shortly(load, document, error=DocumentError):
    """``load(document)`` raises ``error`` (and nothing else), quickly, with a short message."""
    start = time.process_time()
    with pytest.raises(error) as info:
        load(document)
    assert time.process_time() - start < 2
    assert len(str(info.value)) < SHORT, str(info.value)[:SHORT]
    return info.value


def documents():
    state = a_game()
    return {
        "state": (state_to_dict(state), state_from_dict),
        "view": (view(state, 1).to_dict(), SeatView.from_dict),
        "record": (GameRecord.from_state(state).to_dict(), GameRecord.from_dict),
    }


@pytest.mark.parametrize("kind", ["state", "view", "record"])
@pytest.mark.parametrize("hostile", list(HOSTILE))
def test_a_hostile_value_anywhere_in_a_dict_document_is_a_document_error(kind, hostile):
    """Put anywhere in a state's, view's or record's plain data, each hostile value is refused with a
    DocumentError and a short message: never a ValueError from printing a huge number, a
    RecursionError from printing a deep list, or a message as long as the string it quotes."""
    document, load = documents()[kind]
    paths = list(places(document))
    assert len(paths) > 30
    for path in paths:
        bad = replaced(document, path, HOSTILE[hostile])
        error = raised(lambda bad=bad: load(bad))
        assert type(error) is DocumentError, (path, error)
        assert len(str(error)) < SHORT, (path, str(error)[:SHORT])


@pytest.mark.parametrize("kind", ["state", "record"])
@pytest.mark.parametrize("hostile", list(HOSTILE))
def test_a_hostile_value_anywhere_in_a_partway_document_is_a_document_error(kind, hostile):
    """The same for the documents of a game started partway (new_game with scores and hand_number),
    whose start fields are read with the same checks, and for a start field added to any document."""
    state = new_game(seed=5, dealer=1, scores=(40, -3), hand_number=7)
    state = apply(state, legal_actions(state)[0])
    document = state_to_dict(state) if kind == "state" else GameRecord.from_state(state).to_dict()
    load = state_from_dict if kind == "state" else GameRecord.from_dict
    assert load(document) is not None
    paths = [path for path in places(document) if path[0] != "rules"]
    assert ("start_hand",) in paths and ("start_scores", 1) in paths
    for path in paths:
        bad = replaced(document, path, HOSTILE[hostile])
        error = raised(lambda bad=bad: load(bad))
        assert type(error) is DocumentError, (path, error)
        assert len(str(error)) < SHORT, (path, str(error)[:SHORT])
    plain, plain_load = documents()[kind]
    for name in ("start_hand", "start_scores"):
        error = refused_shortly(plain_load, {**plain, name: HOSTILE[hostile]})
        assert error.where.startswith(f"$.{name}"), error


def test_a_hostile_line_anywhere_in_a_partway_text_record_is_a_document_error():
    """Each line of a partway game's text record replaced by a hostile one, or its start tags given
    hostile values: refused with a short DocumentError."""
    state = new_game(seed=5, dealer=1, scores=(40, -3), hand_number=7)
    lines = GameRecord.from_state(apply(state, legal_actions(state)[0])).to_text().split("\n")
    assert lines[5:7] == ['[StartHand "7"]', '[StartScores "40 -3"]']
    for hostile in (
        "x" * 900_000,
        '[StartHand "' + "9" * 5000 + '"]',
        '[StartScores "' + "9" * 5000 + ' 0"]',
        '[StartScores "0 -' + "9" * 5000 + '"]',
        '[StartScores "' + "1 " * 100_000 + '"]',
        "hand " + "9" * 5000,
    ):
        for index in (5, 6, 8):
            bad = "\n".join((*lines[:index], hostile, *lines[index + 1 :]))
            error = raised(lambda bad=bad: GameRecord.from_text(bad))
            assert type(error) is DocumentError, error
            assert len(str(error)) < SHORT, str(error)[:SHORT]


@pytest.mark.parametrize("kind", ["state", "view", "record"])
def test_hostile_top_level_data_is_a_document_error(kind):
    document, load = documents()[kind]
    for bad in (None, [], 7, "x" * 5_000_000, deeply_nested(100_000), {}, {"format": document["format"]}):
        refused_shortly(load, bad)
    for name in ("format", "version"):
        for value in HOSTILE.values():
            refused_shortly(load, {**document, name: value})


@pytest.mark.parametrize(
    "load", [state_from_json, SeatView.from_json, GameRecord.from_json], ids=["state", "view", "record"]
)
def test_hostile_json_text_is_a_document_error(load):
    for text in (
        "[" * 100_000 + "]" * 100_000,
        '{"format": ' + "9" * 5000 + "}",
        '{"format": "' + "\\ud800" + '"}',
        '{"format": "' + "x" * 900_000 + '"}',
        b"\xff\xfe{}",
        "",
        "\ufeff",
        '{"a": 1, "a": 2}',
    ):
        refused_shortly(load, text)


@pytest.mark.parametrize("kind", ["state", "view", "record"])
def test_json_documents_with_a_byte_order_mark_load(kind):
    """A document saved by an editor that writes a byte-order mark loads, as text or as bytes."""
    state = a_game()
    thing, load = {
        "state": (state, state_from_json),
        "view": (view(state, 1), SeatView.from_json),
        "record": (GameRecord.from_state(state), GameRecord.from_json),
    }[kind]
    text = pitch13.state_to_json(thing) if kind == "state" else thing.to_json()
    assert load("\ufeff" + text) == thing
    assert load(b"\xef\xbb\xbf" + text.encode()) == thing


# --- text records ------------------------------------------------------------------------------


def test_a_text_record_loads_whatever_ends_its_lines():
    """LF, CR LF, CR alone (old Mac editors), a mix, and a leading byte-order mark all load."""
    record = GameRecord.from_state(a_game(120))
    text = record.to_text()
    assert text.count("\n") > 10
    lines = text.split("\n")
    mixed = "".join(line + ("\r\n", "\r", "\n")[i % 3] for i, line in enumerate(lines))
    for variant in (text, text.replace("\n", "\r\n"), text.replace("\n", "\r"), mixed, "\ufeff" + text):
        assert GameRecord.from_text(variant) == record


def test_a_line_end_inside_a_line_counts_for_the_line_numbers():
    """Errors name the line as an editor shows it, whatever ends the lines."""
    text = GameRecord.from_state(a_game(20)).to_text()
    lines = text.split("\n")
    lines[3] = "zzz"
    for end in ("\n", "\r\n", "\r"):
        error = refused_shortly(GameRecord.from_text, end.join(lines))
        assert error.where.startswith("line 4,"), error
    # A fault placed at the end of the text (a seeded record that does not list its dealt hand)
    # names the last line too.
    header = ['[Format "pitch13.record"]', '[Version "1"]', '[FirstDealer "0"]', '[Seed "5"]', ""]
    for end in ("\n", "\r\n", "\r"):
        error = refused_shortly(GameRecord.from_text, end.join(header))
        assert error.where == "line 5", error


def test_a_hostile_line_anywhere_in_a_text_record_is_a_document_error():
    """Each line replaced in turn by a hostile one: refused with a short DocumentError (a comment
    line in place of a blank one still loads)."""
    text = GameRecord.from_state(a_game(40)).to_text()
    lines = text.split("\n")
    refusals = 0
    for hostile in (
        "x" * 900_000,
        "[Seed " + "9" * 5000 + "]",
        "1: bid " + "9" * 5000,
        "\x00",
        "\ud800",
        "#" * 10,
    ):
        for index in range(len(lines)):
            bad = "\n".join((*lines[:index], hostile, *lines[index + 1 :]))
            error = raised(lambda bad=bad: GameRecord.from_text(bad), may_pass=True)
            assert error is None or type(error) is DocumentError, error
            assert len(str(error)) < SHORT, str(error)[:SHORT]
            refusals += error is not None
    assert refusals > 5 * len([line for line in lines if line.strip()])


# --- constructors and parsers ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Card.parse("A" * 1_000_000), CardParseError),
        (lambda: Card.parse("Z" + "H" * 1_000_000), CardParseError),
        (lambda: Suit.parse("x" * 1_000_000), CardParseError),
        (lambda: parse_cards("AH " + "x" * 1_000_000), CardParseError),
        (lambda: parse_action("x" * 900), ActionParseError),
        (lambda: parse_action("bid " + "9" * 900), ActionParseError),
        (lambda: parse_action("play " + "A" * 900), ActionParseError),
        (lambda: parse_action("x" * 1_000_000), ActionParseError),
        (lambda: Bid("9" * 1_000_000), TypeError),
        (lambda: Play("x" * 1_000_000), TypeError),
        (lambda: NameTrump("x" * 1_000_000), TypeError),
        (lambda: Deal(["x" * 1_000_000] * 54), TypeError),
        (lambda: Card.of("x" * 1_000_000, "y" * 1_000_000), TypeError),
        (lambda: Rules(max_bid="x" * 1_000_000), RulesError),
        (lambda: Rules(use_off_three="x" * 1_000_000), RulesError),
        (lambda: Rules(target=10**5000), RulesError),
        (lambda: Rules().replace(**{"x" * 1_000_000: 1}), RulesError),
        (lambda: new_game(dealer=10**5000), ValueError),
        (lambda: new_game(seed="x" * 1_000_000), TypeError),
        (lambda: new_game(seed=10**5000), ValueError),
        (lambda: new_game(scores="x" * 1_000_000), TypeError),
        (lambda: new_game(scores=["x" * 1_000_000, 0]), TypeError),
        (lambda: new_game(scores=(10**5000, 0)), ValueError),
        (lambda: new_game(scores=(0, -(10**5000))), ValueError),
        (lambda: new_game(scores=[0] * 1_000_000), TypeError),
        (lambda: new_game(hand_number=10**5000), ValueError),
        (lambda: new_game(hand_number="x" * 1_000_000), TypeError),
        (lambda: apply(new_game(seed=1), Bid(10**40)), IllegalActionError),
        (lambda: apply(new_game(seed=1), Bid(10**5000)), IllegalActionError),
        (lambda: apply(new_game(seed=1), Bid(5), ply=10**5000), IllegalActionError),
        (lambda: apply(new_game(seed=1), "x" * 1_000_000), TypeError),
        (lambda: apply(new_game(seed=1), Bid(5), seat=10**5000), ValueError),
        (lambda: view(new_game(seed=1), 10**5000), ValueError),
        (lambda: view_delta(new_game(seed=1), 1, 10**5000), ValueError),
        (lambda: GameRecord(Rules(), 0, None, [[(9**99, Bid(5))]]), (TypeError, ValueError)),
        (lambda: GameRecord(Rules(), "x" * 1_000_000, None, []), TypeError),
        (lambda: GameRecord(Rules(), 0, "x" * 1_000_000, []), TypeError),
        (lambda: GameRecord(Rules(), 0, None, [], start_hand=10**5000), ValueError),
        (lambda: GameRecord(Rules(), 0, None, [], start_scores=(10**5000, 0)), ValueError),
        (lambda: GameRecord(Rules(), 0, None, [], start_scores="x" * 1_000_000), TypeError),
        (lambda: GameRecord.from_text("x" * 2_000_000), DocumentError),
    ],
)
def test_bad_arguments_get_their_documented_error_with_a_short_message(make, error):
    """Each constructor and parser refuses a huge or wrong argument with its documented error, and
    the message quotes at most a short excerpt of it."""
    with pytest.raises(error) as info:
        make()
    assert len(str(info.value)) < SHORT, str(info.value)[:SHORT]


# --- pickling ----------------------------------------------------------------------------------------


def test_a_bots_error_quotes_a_short_excerpt_of_what_it_chose():
    assert len(str(BotError(1, "x" * 1_000_000))) < SHORT


def test_a_bid_of_any_amount_has_a_short_repr_and_its_refusal_reads_it():
    """``repr``, ``str`` and ``pretty`` never fail: a bid past Python's 4,300 digits, which has
    no notation, shows an excerpt, and so does the action the refusal carries."""
    assert repr(Bid(5)) == "Bid(amount=5)" and repr(Bid(-(10**39))) == f"Bid(amount={-(10**39)})"
    assert repr(Bid(10**5000)) == "Bid(amount=a number of 16610 bits)"
    assert str(Bid(10**5000)) == Bid(10**5000).pretty == "bid a number of 16610 bits"
    with pytest.raises(IllegalActionError) as info:
        apply(new_game(seed=1), Bid(10**5000))
    assert repr(info.value.action) == "Bid(amount=a number of 16610 bits)"
    assert "bid a number of 16610 bits" in str(info.value)


def every_phase():
    """A state in each phase a seeded game reaches, a chance state, a sampled state, a game over."""
    found = {}
    state = new_game(seed=11)
    while not state.is_over:
        found.setdefault(state.phase, state)
        state = apply(state, legal_actions(state)[len(legal_actions(state)) // 2])
    found[Phase.GAME_OVER] = state
    found[Phase.DEAL] = new_game()
    return found


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_every_value_a_program_sends_pickles_at_every_protocol(protocol):
    """States in every phase (a sampled one too), views, deltas, records, rules, actions, events,
    results, tricks, trump tables and errors all survive pickling at every protocol."""
    states = every_phase()
    assert {Phase.BIDDING, Phase.TRUMP, Phase.LOOK, Phase.PLAY, Phase.GAME_OVER, Phase.DEAL} <= set(states)
    playing = states[Phase.PLAY]
    values = [
        *states.values(),
        sample_state(view(playing, 2), random.Random(1)),
        view(playing, 2),
        view_delta(playing, 2, playing.ply - 3),
        GameRecord.from_state(states[Phase.GAME_OVER]),
        Rules(),
        Rules.classic_ten_point(),
        *legal_actions(playing),
        *(entry.item for entry in states[Phase.GAME_OVER].history[:80]),
        *states[Phase.GAME_OVER].results,
        states[Phase.GAME_OVER].outcome,
        *playing.tricks,
    ]
    for value in values:
        assert pickle.loads(pickle.dumps(value, protocol)) == value, value
    table = table_for(Suit.HEARTS, Rules())
    assert pickle.loads(pickle.dumps(table, protocol)) is table


def raised(make, *, may_pass=False):
    """What ``make()`` raised (``None`` if it raised nothing and ``may_pass``)."""
    try:
        make()
    except Exception as error:
        return error
    assert may_pass, "nothing raised"
    return None


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_errors_pickle_with_what_they_carry(protocol):
    """An error crosses a process boundary (a worker pool, a server's queue) whole."""
    illegal = raised(lambda: apply(new_game(seed=1), Bid(1), seat=1))
    document = raised(lambda: GameRecord.from_json("["))
    parse = raised(lambda: parse_action("bid x"))
    card_error = raised(lambda: Card.parse("ZZ"))
    bot = BotError(2, Bid(5), "game 7 of the run seeded 1")
    failed = BotFailedError(3, KeyError("k"), "game 2 of the run seeded 0")
    for error in (illegal, document, parse, card_error, bot, failed):
        loaded = pickle.loads(pickle.dumps(error, protocol))
        assert type(loaded) is type(error) and str(loaded) == str(error)
    loaded = pickle.loads(pickle.dumps(illegal, protocol))
    assert (loaded.reason, loaded.seat, loaded.action) == (illegal.reason, 1, Bid(1))
    loaded = pickle.loads(pickle.dumps(document, protocol))
    assert (loaded.where, loaded.why) == (document.where, document.why)
    loaded = pickle.loads(pickle.dumps(parse, protocol))
    assert (loaded.text, loaded.position) == ("bid x", parse.position)
    loaded = pickle.loads(pickle.dumps(bot, protocol))
    assert (loaded.seat, loaded.action, loaded.where) == (2, Bid(5), "game 7 of the run seeded 1")
    loaded = pickle.loads(pickle.dumps(failed, protocol))
    assert (loaded.seat, loaded.error, loaded.where) == (3, "KeyError: 'k'", "game 2 of the run seeded 0")
