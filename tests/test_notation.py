"""Action notation: ``str(action)`` and ``parse_action`` round-trip, and bad text is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitch13
from pitch13 import (
    DECK,
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    ActionParseError,
    Bid,
    Card,
    CardParseError,
    Deal,
    Discard,
    DocumentError,
    GameRecord,
    GiveUp,
    NameTrump,
    Play,
    Suit,
    Take,
    new_game,
    parse_action,
    parse_cards,
)

EVERY_SEAT_ACTION = [
    PASS,
    TURN_UP,
    REJECT,
    STOP,
    *(Bid(n) for n in range(14)),
    *(NameTrump(s) for s in Suit),
    *(kind(card) for kind in (Discard, Take, GiveUp, Play) for card in DECK),
]


@pytest.mark.parametrize("action", EVERY_SEAT_ACTION, ids=str)
def test_every_seat_action_round_trips(action):
    assert parse_action(str(action)) == action


@given(st.permutations(DECK))
def test_deals_round_trip(order):
    deal = Deal(order)
    assert parse_action(str(deal)) == deal


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("PASS", PASS),
        ("  bid   12 ", Bid(12)),
        ("Trump ♥", NameTrump(Suit.HEARTS)),
        ("trump s", NameTrump(Suit.SPADES)),
        ("discard th", Discard(Card.parse("10H"))),
        ("TAKE 3d", Take(Card.parse("3D"))),
        ("Turn Up", TURN_UP),
        ("give   up rj", GiveUp(Card.parse("RJ"))),
        ("play 10♠", Play(Card.parse("10S"))),
    ],
)
def test_case_spaces_and_symbols_do_not_matter(text, expected):
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("", 0, "it is empty"),
        ("   ", 0, "it is empty"),
        ("hold AH", 0, "unknown action 'hold'"),
        ("turn", 0, "unknown action 'turn'"),
        ("bid", 3, "'bid' needs a number"),
        ("bid five", 4, "a bid is a whole number, not 'five'"),
        ("bid -3", 4, "a bid is a whole number"),
        ("bid 1234567", 4, "a bid is a whole number"),
        ("bid ５", 4, "a bid is a whole number"),
        ("trump", 5, "'trump' needs a suit"),
        ("trump X", 6, "'X' is not a suit"),
        ("play", 4, "'play' needs a card"),
        ("play 1H", 5, "unknown rank '1'"),
        ("play AH KH", 8, "unexpected 'KH' after 'play'"),
        ("pass please", 5, "unexpected 'please' after 'pass'"),
        ("give up", 7, "'give up' needs a card"),
        ("deal AH", 7, "'deal' needs 54 cards"),
        ("deal " + " ".join(["AH"] * 54), 5, "AH is there twice"),
        (
            "deal " + " ".join(str(c) for c in DECK[:53]) + " ZZ",
            5 + len(" ".join(str(c) for c in DECK[:53])) + 1,
            "not a card",
        ),
    ],
)
def test_bad_text_is_refused_saying_where(text, position, words):
    with pytest.raises(ActionParseError) as caught:
        parse_action(text)
    assert caught.value.position == position
    assert caught.value.text == text
    assert words in str(caught.value)
    assert f"at position {position}" in str(caught.value)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("value", [None, 5, b"pass", ["pass"]])
def test_a_non_string_is_a_type_error(value):
    with pytest.raises(TypeError, match="parsed from a str"):
        parse_action(value)


def test_parsed_actions_apply_like_the_originals():
    state = pitch13.new_game(seed=4)
    for _ in range(200):
        if state.is_over:
            break
        action = pitch13.legal_actions(state)[-1]
        again = parse_action(str(action))
        assert pitch13.apply(state, again) == pitch13.apply(state, action)
        state = pitch13.apply(state, again)


@given(st.text(max_size=40))
def test_any_text_parses_or_is_refused_with_the_documented_error(text):
    position = None
    try:
        action = parse_action(text)
    except ActionParseError as error:
        position = error.position
    if position is None:
        assert parse_action(str(action)) == action
    else:
        assert 0 <= position <= len(text)


@pytest.mark.parametrize("text", ["A\u017f", "\u017fomething", "10\u017f"])
def test_a_card_is_read_case_insensitively_in_ascii_alone(text):
    # str.upper() reads the long s as S: the notation has ASCII letters only.
    with pytest.raises(CardParseError):
        Card.parse(text)
    with pytest.raises(CardParseError):
        Suit.parse("\u017f")
    assert Card.parse("a\u2660") == Card.parse("AS")  # a suit's symbol still reads


def test_an_action_word_is_read_case_insensitively_in_ascii_alone():
    # "\u212a" (the Kelvin sign) lowers to "k": "ta\u212ae" is not "take".
    with pytest.raises(ActionParseError, match="unknown action"):
        parse_action("ta\u212ae 5H")
    assert parse_action("TAKE 5h") == parse_action("take 5H")


@pytest.mark.parametrize(
    "space", ["\u00a0", "\u3000", "\u2028", "\u0085", "\x0b", "\x0c", "\x1c", "\x1f"], ids=repr
)
def test_words_are_separated_by_ascii_spaces_tabs_and_line_ends_only(space):
    """A notation's words are separated (and may be surrounded) by spaces, tabs and line ends;
    what else ``str.split`` would take for a space (a no-break or ideographic space, a line
    separator, a control character) is no separator, so it is part of a word, which is refused."""
    assert parse_action(" bid\t7 \r\n") == Bid(7)
    assert Card.parse(" ah\t") == Card.parse("AH") and Suit.parse("\th ") is Suit.HEARTS
    assert parse_cards("AH,\tKH\n") == parse_cards("AH KH")
    with pytest.raises(ActionParseError):
        parse_action(f"bid{space}7")
    with pytest.raises(ActionParseError):
        parse_action(f"{space}pass")
    with pytest.raises(CardParseError):
        Card.parse(f"{space}AH")
    with pytest.raises(CardParseError):
        Suit.parse(f"H{space}")
    with pytest.raises(CardParseError):
        parse_cards(f"AH{space}KH")
    record = GameRecord.from_state(new_game(seed=3))
    data = record.to_dict()
    data["hands"][0]["actions"] = [[1, f"bid{space}7"]]
    with pytest.raises(DocumentError, match=r"\$\.hands\[0\]\.actions\[0\]"):
        GameRecord.from_dict(data)
    text = record.to_text()
    assert "\nhand 1\n" in text
    with pytest.raises(DocumentError):
        GameRecord.from_text(text.replace("\nhand 1\n", f"\nhand{space}1\n") + "1: pass\n")
    with pytest.raises(DocumentError):
        GameRecord.from_text(text + f"1:{space}pass\n")
    with pytest.raises(DocumentError):
        GameRecord.from_text(text.replace('[Rules "default"]', f'[Rules "default{space}target=60"]'))
    seen = pitch13.view(new_game(seed=7), 0).to_dict()
    assert pitch13.SeatView.from_dict({**seen, "history": [" \t" + seen["history"][0] + "\n"]})
    seen["history"][0] = seen["history"][0].replace(" ", space, 1)
    with pytest.raises(DocumentError, match=r"\$\.history\[0\]: unknown entry"):
        pitch13.SeatView.from_dict(seen)
