"""Every public entry point that takes a number, a string or a document from outside, driven
with huge and malformed values: each refuses with its documented error, in a short message.

The entry points are found from the ``__all__`` of the package and of each public module
(:data:`MODULES`): :func:`test_every_public_callable_is_driven_or_exempt` fails when one of them
is neither driven by a case below nor listed in :data:`EXEMPT` with the reason. Each case is a
test of its own, named ``target[value]``; it checks the type of the error (the documented one,
else the library's rule that a wrong type is a :exc:`TypeError`), that the message has fewer than
:data:`SHORT` characters, and that it is the library's own message (never Python's refusal to
write an int of more than 4,300 digits).

"""

from __future__ import annotations

import enum
import functools
import importlib
import inspect
import random
from collections.abc import Callable, Iterator

import attrs
import pytest

import pitch13
from helpers import unchecked
from pitch13 import (
    DECK,
    PASS,
    ActionParseError,
    Bid,
    Card,
    CardParseError,
    Deal,
    Discard,
    DocumentError,
    FairnessError,
    GameRecord,
    GiveUp,
    HandRecord,
    IllegalActionError,
    IllegalReason,
    NameTrump,
    Play,
    Rank,
    Rules,
    RulesError,
    SeatView,
    Suit,
    Take,
    ViewDelta,
    analysis,
    apply,
    arena,
    bots,
    encoding,
    legal_actions,
    narration,
    new_game,
    parse_action,
    parse_cards,
    replay,
    sample_state,
    scoring,
    seed_commitment,
    seen,
    shuffled_deck,
    simulate,
    spectator_view,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
    team_of,
    trumps,
    view,
    view_delta,
    why_illegal,
)
from pitch13.state import GameState
from pitch13.testing import ConformanceReport, arranged_deck, check_invariants, check_random_games

#: A message may be a few hundred characters: what came in is quoted as a short excerpt.
SHORT = 300

BIG = 10**1000
HUGE = 10**5000  # past Python's 4,300 digits: str() of it raises ValueError
NEG = -(10**1000)
LONG_TEXT = "x" * 1_000_000
#: NUL, a lone surrogate (no UTF-8 for it), a right-to-left override, an emoji, a byte-order mark.
ODD_TEXT = "\x00\ud800\u202e\U0001f600\ufeff"
DEEP_JSON = "[" * 100_000 + "]" * 100_000
LONG_NUMBER = "1" * 5000
#: Python's own words when it refuses to write a long int; a library message never has them.
PYTHON_DIGITS = "integer string conversion"


def nested(depth: int) -> list[object]:
    out: list[object] = []
    for _ in range(depth):
        out = [out]
    return out


DEEP_LIST = nested(100_000)
LONG_LIST = [1] * 100_000


@attrs.frozen
class Case:
    """``call()`` must raise exactly ``error`` with a short message of the library's own."""

    #: The public class or function driven (a method's case names its class).
    target: object
    #: ``name[value]``: the test id.
    id: str
    call: Callable[[], object]
    error: type[BaseException]
    #: The message may be Python's own (an enum looks a value up, and writes it, before any
    #: code of the library runs; it is short and a ValueError all the same).
    python_message: bool = False


# --- the values, and what each kind of argument does with them -----------------------------------


#: Values for an argument that is an int: name, value, and the error by default.
NUMBERS: dict[str, tuple[object, type[BaseException]]] = {
    "10**5000": (HUGE, ValueError),
    "10**1000": (BIG, ValueError),
    "-10**1000": (NEG, ValueError),
    "True": (True, TypeError),
    "None": (None, TypeError),
    "str": ("7", TypeError),
    "float": (7.5, TypeError),
}

#: Values for an argument that is text, and the error by default (``None`` means the parse error).
TEXTS: dict[str, tuple[object, type[BaseException] | None]] = {
    "1MB": (LONG_TEXT, None),
    "odd-unicode": (ODD_TEXT, None),
    "NUL": ("\x00", None),
    "None": (None, TypeError),
    "10**5000": (HUGE, TypeError),
    "list": ([LONG_TEXT], TypeError),
}

#: JSON text a loader must refuse with a DocumentError.
JSON_TEXTS: dict[str, object] = {
    "deep-nesting": DEEP_JSON,
    "5000-digit-number": '{"format": ' + LONG_NUMBER + "}",
    "5000-digit-negative": '{"format": -' + LONG_NUMBER + "}",
    "huge-exponent": '{"format": 1e999999}',
    "NaN": '{"format": NaN}',
    "long-string": '{"format": "' + "x" * 900_000 + '"}',
    "lone-surrogate": '{"format": "\\ud800"}',
    "NUL": "\x00",
    "odd-unicode": ODD_TEXT,
    "bad-utf8": b"\xff\xfe{}",
    "over-max-size": "x" * 1_000_001,
    "empty": "",
}

#: Values a ``dict`` loader must refuse with a DocumentError.
DOCUMENTS: dict[str, object] = {
    "deep-list": DEEP_LIST,
    "10**5000": HUGE,
    "-10**1000": NEG,
    "1MB-str": LONG_TEXT,
    "odd-unicode": ODD_TEXT,
    "None": None,
    "True": True,
    "float": 1e308,
    "long-list": LONG_LIST,
    "format-1MB": {"format": LONG_TEXT},
    "format-10**5000": {"format": HUGE},
    "key-1MB": {LONG_TEXT: 1},
}

#: Values an enum lookup (``Suit(value)``) must refuse with a ValueError.
LOOKUPS: dict[str, object] = {
    "1MB": LONG_TEXT,
    "odd-unicode": ODD_TEXT,
    "10**1000": BIG,
    "10**5000": HUGE,
    "long-list": LONG_LIST,
    "None": None,
}


def numbers(
    target: object,
    name: str,
    call: Callable[[object], object],
    *,
    errors: dict[str, type[BaseException]] | None = None,
    accepted: tuple[str, ...] = (),
    fixes: dict[str, str] | None = None,
) -> Iterator[Case]:
    """Cases of an int argument; ``accepted`` values are legal there, ``errors`` overrides."""
    for label, (value, error) in NUMBERS.items():
        if label not in accepted:
            error = (errors or {}).get(label, error)
            fix = (fixes or {}).get(label)
            yield Case(target, f"{name}[{label}]", functools.partial(call, value), error, fix)


def texts(
    target: object,
    name: str,
    call: Callable[[object], object],
    error: type[BaseException],
    *,
    accepted: tuple[str, ...] = (),
    fixes: dict[str, str] | None = None,
) -> Iterator[Case]:
    """Cases of a text argument: bad text raises ``error``, what is not text a TypeError."""
    for label, (value, kind) in TEXTS.items():
        if label not in accepted:
            fix = (fixes or {}).get(label)
            yield Case(target, f"{name}[{label}]", functools.partial(call, value), kind or error, fix)


def json_loader(target: object, name: str, load: Callable[..., object]) -> Iterator[Case]:
    """Cases of a JSON loader: its text, and its ``max_size``."""
    for label, text in JSON_TEXTS.items():
        yield Case(target, f"{name}[{label}]", functools.partial(load, text), DocumentError)
    for label, value in (("None", None), ("10**5000", HUGE), ("list", ["{}"])):
        yield Case(target, f"{name}[{label}]", functools.partial(load, value), TypeError)
    for label, (value, error) in NUMBERS.items():
        # A huge limit reads "{}", which is no such document; a negative one is a bad argument.
        error = DocumentError if error is ValueError and value > 0 else error
        call = functools.partial(load, "{}", max_size=value)
        yield Case(target, f"{name}.max_size[{label}]", call, error)


def dict_loader(target: object, name: str, load: Callable[[object], object]) -> Iterator[Case]:
    for label, value in DOCUMENTS.items():
        yield Case(target, f"{name}[{label}]", functools.partial(load, value), DocumentError)


def lookups(enum_type: type[enum.Enum]) -> Iterator[Case]:
    """Cases of ``enum_type(value)``."""
    for label, value in LOOKUPS.items():
        call = functools.partial(enum_type, value)
        name = f"{enum_type.__name__}[{label}]"
        yield Case(enum_type, name, call, ValueError, python_message=label == "10**5000")


def cases(
    target: object, name: str, error: type[BaseException], *calls: tuple[str, Callable[[], object]]
) -> Iterator[Case]:
    """Cases given one by one: ``(label, call)``, each raising ``error``."""
    for label, call in calls:
        yield Case(target, f"{name}[{label}]", call, error)


# --- what is driven ------------------------------------------------------------------------------

STATE = new_game(seed=3)
VIEW = view(STATE, 1)
RECORD = GameRecord.from_state(STATE)
PLY = STATE.ply


def huge_bid_record() -> GameRecord:
    """A record a constructor accepts (it checks types only) with a bid of 5,000 digits."""
    return GameRecord(Rules(), 0, 3, [HandRecord(shuffled_deck(3, 1), [(1, Bid(HUGE))])])


def unchecked_delta(since: object, ply: object, entries: object) -> ViewDelta:
    """A delta made without its checks, as one unpickled from an untrusted source would be."""
    made: ViewDelta = unchecked(ViewDelta, since=since, ply=ply, entries=entries)
    return made


def the_stale_deal() -> object:
    return apply(STATE, Deal(DECK), ply=PLY + 1)


def core_cases() -> Iterator[Case]:
    # cards
    yield from texts(Card, "Card.parse", Card.parse, CardParseError)
    yield from numbers(Card, "Card.from_index", Card.from_index)
    yield from cases(
        Card,
        "Card.of",
        TypeError,
        ("rank-10**5000", lambda: Card.of(HUGE, Suit.HEARTS)),
        ("rank-1MB", lambda: Card.of(LONG_TEXT, Suit.HEARTS)),
        ("suit-10**1000", lambda: Card.of(Rank.ACE, BIG)),
        ("suit-None", lambda: Card.of(Rank.ACE, None)),
    )
    yield from cases(
        Card, "Card", TypeError, ("1MB", lambda: Card(LONG_TEXT)), ("10**5000", lambda: Card(HUGE))
    )
    yield from texts(Suit, "Suit.parse", Suit.parse, CardParseError)
    yield from texts(parse_cards, "parse_cards", parse_cards, CardParseError, accepted=("list",))
    yield from texts(parse_cards, "parse_cards.item", lambda text: parse_cards(["AH", text]), CardParseError)
    yield from lookups(Suit)
    yield from lookups(Rank)

    # actions
    yield from texts(parse_action, "parse_action", parse_action, ActionParseError)
    yield from cases(
        parse_action,
        "parse_action",
        ActionParseError,
        ("bid-900-digits", lambda: parse_action("bid " + "9" * 900)),
        ("bid-odd-digits", lambda: parse_action("bid \u0663\u0663")),  # Arabic-Indic digits
        ("deal-54-1MB", lambda: parse_action("deal " + " ".join(["x" * 18] * 54))),
    )
    yield from numbers(Bid, "Bid", Bid, accepted=("10**5000", "10**1000", "-10**1000"))
    for kind in (NameTrump, Discard, Take, GiveUp, Play):
        name = kind.__name__
        yield from cases(
            kind,
            name,
            TypeError,
            ("1MB", functools.partial(kind, LONG_TEXT)),
            ("10**5000", functools.partial(kind, HUGE)),
            ("None", functools.partial(kind, None)),
            ("card-text", functools.partial(kind, "AH" if kind is not NameTrump else "H")),
        )
    yield from cases(
        Deal,
        "Deal",
        TypeError,
        ("1MB", lambda: Deal(LONG_TEXT)),
        ("10**5000", lambda: Deal(HUGE)),
        ("None", lambda: Deal(None)),
        ("54-strs", lambda: Deal([LONG_TEXT] * 54)),
        ("odd-unicode-items", lambda: Deal([ODD_TEXT] * 54)),
    )
    yield from cases(Deal, "Deal", ValueError, ("100000-cards", lambda: Deal(list(DECK) * 2000)))
    yield from numbers(shuffled_deck, "shuffled_deck.seed", shuffled_deck, accepted=("10**1000", "-10**1000"))
    yield from numbers(
        shuffled_deck,
        "shuffled_deck.hand_number",
        lambda n: shuffled_deck(1, n),
        accepted=("10**1000", "-10**1000"),
    )

    # rules: every option by the type of its default
    for field in attrs.fields(Rules):
        default = getattr(Rules(), field.name)
        set_it = functools.partial(lambda name, value: Rules(**{name: value}), field.name)
        name = f"Rules.{field.name}"
        if isinstance(default, bool):
            values = {"1": 1, "10**5000": HUGE, "None": None, "1MB": LONG_TEXT, "str-true": "true"}
        elif isinstance(default, int):
            values = {label: value for label, (value, _) in NUMBERS.items()}
        else:
            assert isinstance(default, enum.Enum), field.name
            values = {
                "1MB": LONG_TEXT,
                "odd-unicode": ODD_TEXT,
                "10**5000": HUGE,
                "None": None,
                "long-list": LONG_LIST,
                "deep-list": DEEP_LIST,  # enum's own lookup quotes it: a RecursionError
            }
        for label, value in values.items():
            yield Case(Rules, f"{name}[{label}]", functools.partial(set_it, value), RulesError)
    yield from cases(
        Rules,
        "Rules.replace",
        RulesError,
        ("name-1MB", lambda: Rules().replace(**{LONG_TEXT: 1})),
        ("name-odd-unicode", lambda: Rules().replace(**{ODD_TEXT: 1})),
        ("target-10**5000", lambda: Rules().replace(target=HUGE)),
    )
    for option_enum in (
        pitch13.rules.AllPass,
        pitch13.rules.DeuceTo,
        pitch13.rules.JokerOrder,
        pitch13.rules.LeadFallback,
        pitch13.rules.LookTake,
        pitch13.rules.MadeBidScores,
        pitch13.rules.MoonFailure,
        pitch13.rules.MoonSuccess,
        pitch13.rules.Pickup,
        pitch13.rules.ShortStock,
        pitch13.rules.TargetRule,
    ):
        yield from lookups(option_enum)

    # errors
    yield from lookups(IllegalReason)

    # the engine
    yield from cases(
        new_game,
        "new_game.rules",
        TypeError,
        ("1MB", lambda: new_game(LONG_TEXT)),
        ("dict", lambda: new_game({"target": HUGE})),
    )
    yield from numbers(new_game, "new_game.dealer", lambda d: new_game(dealer=d))
    yield from numbers(new_game, "new_game.seed", lambda s: new_game(seed=s), accepted=("None",))
    yield from numbers(new_game, "new_game.hand_number", lambda n: new_game(hand_number=n))
    yield from numbers(new_game, "new_game.scores", lambda s: new_game(scores=(0, s)))
    yield from cases(
        new_game,
        "new_game.scores",
        TypeError,
        ("1MB", lambda: new_game(scores=LONG_TEXT)),
        ("long-list", lambda: new_game(scores=LONG_LIST)),
    )
    yield from cases(
        apply,
        "apply",
        TypeError,
        ("state-1MB", lambda: apply(LONG_TEXT, PASS)),
        ("action-1MB", lambda: apply(STATE, LONG_TEXT)),
        ("action-10**5000", lambda: apply(STATE, HUGE)),
        ("action-deep-list", lambda: apply(STATE, DEEP_LIST)),
    )
    yield from numbers(apply, "apply.seat", lambda s: apply(STATE, PASS, seat=s), accepted=("None",))
    stale = dict.fromkeys(("10**5000", "10**1000", "-10**1000"), IllegalActionError)
    yield from numbers(
        apply, "apply.ply", lambda p: apply(STATE, PASS, ply=p), errors=stale, accepted=("None",)
    )
    yield from numbers(
        apply,
        "apply.bid",
        lambda amount: apply(STATE, Bid(amount)),
        errors=stale,
        accepted=("True", "None", "str", "float"),
    )
    yield from cases(apply, "apply", IllegalActionError, ("stale-deal", the_stale_deal))
    yield from numbers(
        why_illegal,
        "why_illegal.ply",
        lambda p: why_illegal(STATE, PASS, ply=p),
        accepted=("10**5000", "10**1000", "-10**1000", "None"),  # a stale move: STALE_MOVE, returned
    )
    yield from numbers(
        why_illegal, "why_illegal.seat", lambda s: why_illegal(STATE, PASS, seat=s), accepted=("None",)
    )
    yield from cases(
        why_illegal, "why_illegal", TypeError, ("action-1MB", lambda: why_illegal(STATE, LONG_TEXT))
    )
    yield from cases(legal_actions, "legal_actions", TypeError, ("1MB", lambda: legal_actions(LONG_TEXT)))

    # the state
    yield from numbers(GameState, "GameState.hand", STATE.hand)
    yield from numbers(GameState, "GameState.history_since", STATE.history_since)

    # records
    yield from json_loader(GameRecord, "GameRecord.from_json", GameRecord.from_json)
    yield from dict_loader(GameRecord, "GameRecord.from_dict", GameRecord.from_dict)
    yield from texts(GameRecord, "GameRecord.from_text", GameRecord.from_text, DocumentError)
    yield from cases(
        GameRecord,
        "GameRecord.from_text",
        DocumentError,
        ("seed-5000-digits", lambda: GameRecord.from_text('[Seed "' + LONG_NUMBER + '"]')),
        ("bid-5000-digits", lambda: GameRecord.from_text(RECORD.to_text() + "\n1: bid " + LONG_NUMBER)),
        ("1MB-line", lambda: GameRecord.from_text(RECORD.to_text() + "\n" + "x" * 900_000)),
    )
    for label, (value, error) in NUMBERS.items():
        error = DocumentError if error is ValueError and value > 0 else error
        call = functools.partial(lambda size: GameRecord.from_text("", max_size=size), value)
        yield Case(GameRecord, f"GameRecord.from_text.max_size[{label}]", call, error)
    yield from cases(
        GameRecord, "GameRecord.from_state", TypeError, ("1MB", lambda: GameRecord.from_state(LONG_TEXT))
    )
    yield from numbers(
        GameRecord, "GameRecord.to_json.indent", lambda i: RECORD.to_json(indent=i), accepted=("None",)
    )
    yield from cases(
        GameRecord, "GameRecord.rules", TypeError, ("1MB", lambda: GameRecord(LONG_TEXT, 0, None, []))
    )
    yield from numbers(GameRecord, "GameRecord.first_dealer", lambda d: GameRecord(Rules(), d, None, []))
    yield from numbers(
        GameRecord, "GameRecord.seed", lambda s: GameRecord(Rules(), 0, s, []), accepted=("None",)
    )
    yield from numbers(
        GameRecord, "GameRecord.start_hand", lambda n: GameRecord(Rules(), 0, None, [], start_hand=n)
    )
    yield from numbers(
        GameRecord, "GameRecord.start_scores", lambda s: GameRecord(Rules(), 0, None, [], start_scores=(s, 0))
    )
    yield from cases(
        GameRecord,
        "GameRecord",
        TypeError,
        ("hands-1MB", lambda: GameRecord(Rules(), 0, None, LONG_TEXT)),
        ("hands-10**5000", lambda: GameRecord(Rules(), 0, None, HUGE)),
        ("start_scores-1MB", lambda: GameRecord(Rules(), 0, None, [], start_scores=LONG_TEXT)),
    )
    yield from cases(
        HandRecord,
        "HandRecord",
        TypeError,
        ("deck-1MB", lambda: HandRecord(LONG_TEXT, ())),
        ("deck-54-strs", lambda: HandRecord([LONG_TEXT] * 54, ())),
        ("actions-1MB", lambda: HandRecord(DECK, LONG_TEXT)),
        ("action-1MB", lambda: HandRecord(DECK, [(1, LONG_TEXT)])),
        ("pair-long-list", lambda: HandRecord(DECK, [LONG_LIST])),
        ("seat-1MB", lambda: HandRecord(DECK, [(LONG_TEXT, PASS)])),
    )
    yield from cases(
        HandRecord,
        "HandRecord",
        ValueError,
        ("seat-10**5000", lambda: HandRecord(DECK, [(HUGE, PASS)])),
        ("deck-100000-cards", lambda: HandRecord(list(DECK) * 2000, ())),
    )
    yield from cases(replay, "replay", TypeError, ("1MB", lambda: replay(LONG_TEXT)))
    yield from cases(replay, "replay", DocumentError, ("bid-10**5000", lambda: replay(huge_bid_record())))
    yield from cases(
        GameRecord, "GameRecord.to_text", DocumentError, ("bid-10**5000", lambda: huge_bid_record().to_text())
    )
    yield from cases(
        GameRecord,
        "GameRecord.to_dict",
        ValueError,
        ("bid-10**5000", lambda: huge_bid_record().to_dict()),
        ("json-bid-10**5000", lambda: huge_bid_record().to_json()),
    )
    yield from json_loader(state_from_json, "state_from_json", state_from_json)
    yield from dict_loader(state_from_dict, "state_from_dict", state_from_dict)
    yield from cases(state_to_dict, "state_to_dict", TypeError, ("1MB", lambda: state_to_dict(LONG_TEXT)))
    yield from cases(state_to_json, "state_to_json", TypeError, ("1MB", lambda: state_to_json(LONG_TEXT)))
    yield from numbers(
        state_to_json, "state_to_json.indent", lambda i: state_to_json(STATE, indent=i), accepted=("None",)
    )

    # views
    yield from cases(view, "view", TypeError, ("state-1MB", lambda: view(LONG_TEXT, 0)))
    yield from numbers(view, "view.seat", lambda s: view(STATE, s))
    yield from cases(spectator_view, "spectator_view", TypeError, ("1MB", lambda: spectator_view(LONG_TEXT)))
    yield from numbers(view_delta, "view_delta.seat", lambda s: view_delta(STATE, s, 0), accepted=("None",))
    yield from numbers(view_delta, "view_delta.since", lambda p: view_delta(STATE, 0, p))
    yield from json_loader(SeatView, "SeatView.from_json", SeatView.from_json)
    yield from dict_loader(SeatView, "SeatView.from_dict", SeatView.from_dict)
    yield from cases(
        SeatView,
        "SeatView.possible_places",
        TypeError,
        ("1MB", lambda: VIEW.possible_places(LONG_TEXT)),
        ("10**5000", lambda: VIEW.possible_places(HUGE)),
    )
    yield from cases(
        SeatView,
        "SeatView.updated",
        TypeError,
        ("1MB", lambda: VIEW.updated(LONG_TEXT)),
        ("json-text", lambda: VIEW.updated('[0, 1, "pass"]')),
    )
    yield from cases(
        SeatView,
        "SeatView.updated",
        DocumentError,
        ("entry-1MB", lambda: VIEW.updated(unchecked_delta(PLY, PLY + 1, (LONG_TEXT,)))),
        ("entry-odd-unicode", lambda: VIEW.updated(ViewDelta(PLY, PLY + 1, (ODD_TEXT,)))),
        ("ply-10**5000", lambda: VIEW.updated(unchecked_delta(PLY, HUGE, ("0 pass",)))),
    )
    yield from cases(
        SeatView,
        "SeatView.updated",
        DocumentError,
        ("since-10**1000", lambda: VIEW.updated(unchecked_delta(BIG, PLY + 1, ()))),
        ("since-10**5000", lambda: VIEW.updated(unchecked_delta(HUGE, PLY + 1, ()))),
        ("since-1MB", lambda: VIEW.updated(unchecked_delta(LONG_TEXT, PLY + 1, ()))),
        ("since-long-list", lambda: VIEW.updated(unchecked_delta(LONG_LIST, PLY + 1, ()))),
    )
    yield from cases(
        ViewDelta,
        "ViewDelta",
        ValueError,
        ("entry-1MB", lambda: ViewDelta(PLY, PLY + 1, (LONG_TEXT,))),
        ("ply-10**5000", lambda: ViewDelta(PLY, HUGE, ("0 pass",))),
        ("since-10**1000", lambda: ViewDelta(BIG, PLY + 1, ())),
        ("since-10**5000", lambda: ViewDelta(HUGE, PLY + 1, ())),
    )
    yield from cases(
        ViewDelta,
        "ViewDelta",
        TypeError,
        ("since-1MB", lambda: ViewDelta(LONG_TEXT, PLY + 1, ())),
        ("since-long-list", lambda: ViewDelta(LONG_LIST, PLY + 1, ())),
        ("entries-1MB", lambda: ViewDelta(PLY, PLY + 1, LONG_TEXT)),
    )
    yield from json_loader(ViewDelta, "ViewDelta.from_json", ViewDelta.from_json)
    yield from cases(
        ViewDelta,
        "ViewDelta.from_json",
        DocumentError,
        ("since-5000-digits", lambda: ViewDelta.from_json("[" + LONG_NUMBER + ', 1, "pass"]')),
        ("entry-1MB", lambda: ViewDelta.from_json('[0, 1, "' + "x" * 90_000 + '"]')),
        ("20000-entries", lambda: ViewDelta.from_json("[0, 1" + ', "pass"' * 20_000 + "]")),
    )
    yield from lookups(pitch13.Place)
    yield from lookups(pitch13.Phase)

    # seen, sampling, scoring, events
    yield from numbers(
        seen.seen_history, "seen_history.seat", lambda s: seen.seen_history(STATE, s), accepted=("None",)
    )
    yield from numbers(
        seen.seen_history, "seen_history.since", lambda p: seen.seen_history(STATE, 0, p), accepted=("None",)
    )
    yield from cases(
        seen.seen_history, "seen_history", TypeError, ("state-1MB", lambda: seen.seen_history(LONG_TEXT, 0))
    )
    yield from cases(
        sample_state,
        "sample_state",
        TypeError,
        ("view-1MB", lambda: sample_state(LONG_TEXT, random.Random(1))),
        ("rng-10**5000", lambda: sample_state(VIEW, HUGE)),
        ("rng-1MB", lambda: sample_state(VIEW, LONG_TEXT)),
    )
    yield from cases(
        sample_state,
        "sample_state.weighting",
        ValueError,
        ("1MB", lambda: sample_state(VIEW, random.Random(1), weighting=LONG_TEXT)),
        ("odd-unicode", lambda: sample_state(VIEW, random.Random(1), weighting=ODD_TEXT)),
    )
    yield from cases(
        sample_state,
        "sample_state.weighting",
        TypeError,
        ("None", lambda: sample_state(VIEW, random.Random(1), weighting=None)),
        ("10**5000", lambda: sample_state(VIEW, random.Random(1), weighting=HUGE)),
    )
    yield from numbers(team_of, "team_of", team_of)
    yield from lookups(scoring.Termination)
    yield from lookups(pitch13.events.ThrowInReason)

    # encoding
    yield from numbers(encoding.action_from_id, "action_from_id", encoding.action_from_id)
    yield from numbers(
        encoding.action_id,
        "action_id.Bid",
        lambda amount: encoding.action_id(Bid(amount)),
        accepted=("True", "None", "str", "float"),
    )
    yield from cases(
        encoding.action_id,
        "action_id",
        TypeError,
        ("1MB", lambda: encoding.action_id(LONG_TEXT)),
        ("10**5000", lambda: encoding.action_id(HUGE)),
        ("deep-list", lambda: encoding.action_id(DEEP_LIST)),
    )
    for function in (
        encoding.encode,
        encoding.encode_privileged,
        encoding.info_state_ids,
        encoding.info_state_one_hot,
        encoding.info_state_tensor,
        encoding.info_state_string,
        encoding.observation_string,
    ):
        name = function.__name__
        yield from numbers(function, f"{name}.seat", functools.partial(function, STATE))
        yield from cases(function, name, TypeError, ("state-1MB", functools.partial(function, LONG_TEXT, 0)))
    for function in (encoding.encode_view, encoding.legal_ids, encoding.legal_mask):
        name = function.__name__
        yield from cases(
            function,
            name,
            TypeError,
            ("1MB", functools.partial(function, LONG_TEXT)),
            ("10**5000", functools.partial(function, HUGE)),
        )
    spec = encoding.OBSERVATION_SPEC
    yield from cases(
        encoding.ObservationSpec,
        "ObservationSpec.field",
        KeyError,
        ("1MB", lambda: spec.field(LONG_TEXT)),
        ("odd-unicode", lambda: spec.field(ODD_TEXT)),
        ("10**1000", lambda: spec.field(BIG)),
        ("10**5000", lambda: spec.field(HUGE)),
        ("long-list", lambda: spec.field(LONG_LIST)),
    )

    # trumps
    ah = Card.parse("AH")
    for function, call in (
        (trumps.card_points, lambda value: trumps.card_points(ah, value)),
        (trumps.is_trump, lambda value: trumps.is_trump(ah, value)),
        (trumps.trump_power, lambda value: trumps.trump_power(ah, value)),
        (trumps.trump_order, trumps.trump_order),
        (trumps.sort_hand, lambda value: trumps.sort_hand([ah], value)),
    ):
        name = function.__name__
        yield from cases(
            function,
            f"{name}.trump",
            TypeError,
            ("10**5000", functools.partial(call, HUGE)),
            ("1MB", functools.partial(call, LONG_TEXT)),
        )
        rules_call = {
            trumps.trump_order: lambda value: trumps.trump_order(Suit.HEARTS, value),
            trumps.sort_hand: lambda value: trumps.sort_hand([ah], Suit.HEARTS, value),
        }.get(function, functools.partial(lambda f, value: f(ah, Suit.HEARTS, value), function))
        yield from cases(
            function,
            f"{name}.rules",
            TypeError,
            ("1MB", functools.partial(rules_call, LONG_TEXT)),
            ("10**5000", functools.partial(rules_call, HUGE)),
        )
        if function in (trumps.card_points, trumps.is_trump, trumps.trump_power):
            card_call = functools.partial(lambda f, value: f(value, Suit.HEARTS), function)
            yield from cases(
                function, f"{name}.card", TypeError, ("1MB", functools.partial(card_call, LONG_TEXT))
            )
    yield from cases(
        trumps.sort_hand,
        "sort_hand.cards",
        TypeError,
        ("1MB", lambda: trumps.sort_hand(LONG_TEXT, Suit.HEARTS)),
        ("10**5000", lambda: trumps.sort_hand(HUGE, Suit.HEARTS)),
        ("item-10**5000", lambda: trumps.sort_hand([HUGE], Suit.HEARTS)),
    )


def player_cases() -> Iterator[Case]:
    """Narration, bots, the simulator and the arena."""
    narrator = narration.Narrator()
    yield from cases(
        narration.Narrator,
        "Narrator",
        TypeError,
        ("seat_names-1MB", lambda: narration.Narrator(LONG_TEXT)),
        ("seat_names-10**5000", lambda: narration.Narrator(HUGE)),
        ("team_names-odd-unicode", lambda: narration.Narrator(team_names=ODD_TEXT)),
    )
    yield from cases(
        narration.Narrator,
        "Narrator",
        ValueError,
        ("seat_names-long-list", lambda: narration.Narrator(["x"] * 100_000)),
        ("team_names-long-list", lambda: narration.Narrator(team_names=["x"] * 100_000)),
    )
    yield from cases(
        narration.Narrator,
        "Narrator",
        ValueError,
        ("seat_names-1MB-spaced", lambda: narration.Narrator([" " + LONG_TEXT, "b", "c", "d"])),
        ("seat_names-1MB-same", lambda: narration.Narrator([LONG_TEXT] * 4)),
        ("team_names-1MB-lines", lambda: narration.Narrator(team_names=["a", "b\n" * 500_000])),
    )
    yield from numbers(narration.Narrator, "Narrator.seat", narrator.seat)
    yield from numbers(narration.Narrator, "Narrator.team", narrator.team)
    yield from cases(
        narration.Narrator,
        "Narrator.describe",
        TypeError,
        ("history-1MB", lambda: narrator.describe_history(LONG_TEXT)),
        ("seen-1MB", lambda: narrator.describe_seen(LONG_TEXT)),
    )
    yield from numbers(
        narration.Narrator,
        "Narrator.describe_seen.viewer",
        lambda s: narrator.describe_seen(VIEW.history[0], s),
        accepted=("None",),
    )
    for function, entries in (
        (narration.narrate_history, STATE.history),
        (narration.narrate_seen, VIEW.history),
    ):
        name = function.__name__
        yield from cases(
            function,
            name,
            TypeError,
            ("1MB", functools.partial(function, LONG_TEXT)),
            ("10**5000", functools.partial(function, HUGE)),
        )
        yield from cases(
            function, name, TypeError, ("narrator-1MB", functools.partial(function, entries, LONG_TEXT))
        )
    yield from numbers(
        narration.narrate_seen,
        "narrate_seen.viewer",
        lambda s: narration.narrate_seen(VIEW.history, viewer=s),
        accepted=("None",),
    )

    # bots
    yield from texts(bots.bot_factory, "bot_factory", bots.bot_factory, ValueError)
    yield from cases(
        bots.bot_factory,
        "bot_factory",
        ValueError,
        ("module-1MB", lambda: bots.bot_factory(LONG_TEXT + ":Bot")),
        ("module-deep", lambda: bots.bot_factory("a." * 100_000 + "b:Bot")),
        ("attribute-1MB", lambda: bots.bot_factory("pitch13.bots:" + LONG_TEXT)),
        ("not-callable", lambda: bots.bot_factory("pitch13.bots:BOT_NAMES")),
    )
    yield from cases(
        bots.RandomBot,
        "RandomBot",
        TypeError,
        ("seed-odd-unicode", lambda: bots.RandomBot(ODD_TEXT)),
        ("seed-1MB", lambda: bots.RandomBot(LONG_TEXT)),
    )
    yield from cases(
        bots.SimpleBot,
        "SimpleBot",
        TypeError,
        ("seed-odd-unicode", lambda: bots.SimpleBot(ODD_TEXT)),
        ("seed-1MB", lambda: bots.SimpleBot(LONG_TEXT)),
    )
    for bot in (bots.RandomBot, bots.SimpleBot):
        yield from cases(
            bot,
            f"{bot.__name__}.choose",
            TypeError,
            ("1MB", lambda bot=bot: bot(1).choose(LONG_TEXT)),
            ("10**5000", lambda bot=bot: bot(1).choose(HUGE)),
        )
    budgets = {
        bots.SearchBot: ("iterations", "auction_iterations", "bids"),
        bots.SolverBot: ("samples", "auction_samples", "iterations", "bids"),
    }
    for bot, options in budgets.items():
        name = bot.__name__
        yield from numbers(
            bot,
            f"{name}.seed",
            bot,
            accepted=("10**5000", "10**1000", "-10**1000", "None"),
        )
        for option in options:
            yield from numbers(
                bot,
                f"{name}.{option}",
                functools.partial(lambda bot, option, value: bot(**{option: value}), bot, option),
                accepted=("10**5000", "10**1000"),
            )
        yield from cases(
            bot,
            name,
            ValueError,
            ("time_limit-10**1000", lambda bot=bot: bot(time_limit=BIG)),
            ("time_limit--10**1000", lambda bot=bot: bot(time_limit=NEG)),
            ("time_limit-10**5000", lambda bot=bot: bot(time_limit=HUGE)),
            ("bid_margin-10**1000", lambda bot=bot: bot(bid_margin=BIG)),
            ("bid_margin--10**1000", lambda bot=bot: bot(bid_margin=NEG)),
        )
        yield from cases(
            bot,
            name,
            TypeError,
            ("time_limit-1MB", lambda bot=bot: bot(time_limit=LONG_TEXT)),
            ("bid_margin-1MB", lambda bot=bot: bot(bid_margin=LONG_TEXT)),
            ("choose-1MB", lambda bot=bot: bot(1).choose(LONG_TEXT)),
        )
    yield from cases(
        analysis.solve,
        "solve",
        TypeError,
        ("1MB", lambda: analysis.solve(LONG_TEXT)),  # type: ignore[arg-type]
        ("10**5000", lambda: analysis.solve(HUGE)),  # type: ignore[arg-type]
    )
    yield from cases(analysis.solve, "solve", ValueError, ("bidding", lambda: analysis.solve(STATE)))
    yield from cases(
        analysis.evaluate,
        "evaluate",
        TypeError,
        ("1MB", lambda: analysis.evaluate(LONG_TEXT)),  # type: ignore[arg-type]
        ("time_limit-1MB", lambda: analysis.evaluate(VIEW, time_limit=LONG_TEXT)),  # type: ignore[arg-type]
        ("seed-1MB", lambda: analysis.evaluate(VIEW, seed=LONG_TEXT)),  # type: ignore[arg-type]
    )
    yield from numbers(
        analysis.evaluate,
        "evaluate.samples",
        lambda n: analysis.evaluate(VIEW, samples=n),  # type: ignore[arg-type]
        accepted=("10**5000", "10**1000"),
    )
    yield from cases(
        analysis.evaluate,
        "evaluate",
        ValueError,
        ("time_limit-10**5000", lambda: analysis.evaluate(VIEW, time_limit=HUGE)),
        ("not-to-act", lambda: analysis.evaluate(view(STATE, 0))),
    )
    yield from cases(
        analysis.review,
        "review",
        TypeError,
        ("1MB", lambda: analysis.review(LONG_TEXT)),  # type: ignore[arg-type]
        ("samples-1MB", lambda: analysis.review(RECORD, samples=LONG_TEXT)),  # type: ignore[arg-type]
    )
    yield from cases(
        analysis.review,
        "review",
        ValueError,
        ("samples-0", lambda: analysis.review(RECORD, samples=0)),
        ("workers--10**1000", lambda: analysis.review(RECORD, workers=NEG)),
        ("time_limit-10**5000", lambda: analysis.review(RECORD, time_limit=HUGE)),
    )
    four = [bots.RandomBot(1)] * 4
    for function in (bots.play_game, bots.iter_hands):
        name = function.__name__
        run = functools.partial(lambda f, **kwargs: next(iter(f(four, **kwargs)), None), function)
        yield from cases(
            function,
            name,
            TypeError,
            ("bots-1MB", functools.partial(function, LONG_TEXT)),
            ("bots-10**5000", functools.partial(function, HUGE)),
            ("rules-1MB", functools.partial(run, rules=LONG_TEXT)),
        )
        yield from numbers(function, f"{name}.dealer", lambda d, run=run: run(dealer=d))
        yield from numbers(function, f"{name}.seed", lambda s, run=run: run(seed=s), accepted=("None",))

    # the simulator
    yield from numbers(
        simulate.simulate_game, "simulate_game.index", simulate.simulate_game, accepted=("10**1000",)
    )
    yield from numbers(
        simulate.simulate_game,
        "simulate_game.seed",
        lambda s: simulate.simulate_game(0, seed=s, bots="random"),
        accepted=("10**1000", "-10**1000"),
    )
    for option in ("games", "start", "workers"):
        yield from numbers(
            simulate.simulate,
            f"simulate.{option}",
            functools.partial(lambda name, value: simulate.simulate(**{"games": 1, name: value}), option),
            # a vast number of games is taken, and allocates a list of every chunk (reported); a
            # start of more than 4,300 digits is refused, as a seed is (a game's index is written)
            accepted=("10**1000",) if option == "start" else ("10**5000", "10**1000"),
        )
    for function in (simulate.simulate, simulate.simulate_game):
        name = function.__name__
        first = 1 if function is simulate.simulate else 0
        yield from cases(
            function,
            f"{name}.bots",
            TypeError,
            ("10**1000", lambda f=function, n=first: f(n, bots=BIG)),
            ("10**5000", lambda f=function, n=first: f(n, bots=HUGE)),
        )
        yield from cases(
            function,
            f"{name}.bots",
            ValueError,
            ("1MB", lambda f=function, n=first: f(n, bots=LONG_TEXT)),
        )
        yield from cases(
            function,
            f"{name}.rules",
            TypeError,
            ("1MB", lambda f=function, n=first: f(n, rules=LONG_TEXT)),
        )
    yield from cases(
        simulate.hand_summaries,
        "hand_summaries",
        TypeError,
        ("1MB", lambda: simulate.hand_summaries(LONG_TEXT)),  # at the call, not at the first summary
    )
    summary = simulate.SimulationSummary()
    yield from cases(
        simulate.SimulationSummary,
        "SimulationSummary.add",
        TypeError,
        ("1MB", lambda: summary.add(LONG_TEXT)),
    )
    yield from cases(
        simulate.SimulationSummary,
        "SimulationSummary.table",
        ValueError,
        ("wall-10**1000", lambda: summary.table(wall_seconds=BIG)),
        ("cpu--10**1000", lambda: summary.table(cpu_seconds=NEG)),
        ("cpu-10**5000", lambda: summary.table(cpu_seconds=HUGE)),
    )
    yield from cases(
        simulate.SimulationSummary,
        "SimulationSummary.table",
        TypeError,
        ("wall-1MB", lambda: summary.table(wall_seconds=LONG_TEXT)),
        ("cpu-True", lambda: summary.table(cpu_seconds=True)),
    )

    # the arena
    for option in ("pairs", "workers"):
        yield from numbers(
            arena.match,
            f"match.{option}",
            functools.partial(
                lambda name, value: arena.match("random", "random", **{"pairs": 1, name: value}), option
            ),
            accepted=("10**5000", "10**1000"),  # pairs=10**1000 is taken, and runs for ever (reported)
        )
    yield from numbers(
        arena.match,
        "match.seed",
        lambda s: arena.match("random", "random", pairs=1, seed=s),
        accepted=("10**1000", "-10**1000"),
    )
    for function, call in (
        (arena.match, lambda bot: arena.match(bot, "random", pairs=1)),
        (arena.play_pair, lambda bot: arena.play_pair(bot, "random", 0)),
    ):
        name = function.__name__
        yield from cases(function, f"{name}.bot", TypeError, ("10**5000", functools.partial(call, HUGE)))
        yield from cases(function, f"{name}.bot", ValueError, ("1MB", functools.partial(call, LONG_TEXT)))
    yield from numbers(
        arena.play_pair,
        "play_pair.pair",
        lambda p: arena.play_pair("random", "random", p),
        accepted=("10**1000", "-10**1000"),
    )
    yield from numbers(
        arena.play_pair,
        "play_pair.seed",
        lambda s: arena.play_pair("random", "random", 0, seed=s),
        accepted=("10**1000", "-10**1000"),
    )
    yield from cases(
        arena.play_pair,
        "play_pair",
        TypeError,
        ("seed-odd-unicode", lambda: arena.play_pair("random", "random", 0, seed=ODD_TEXT)),
        ("rules-1MB", lambda: arena.play_pair("random", "random", 0, rules=LONG_TEXT)),
    )
    result = arena.MatchResult(
        "a", "b", 0, tuple(arena.MatchGame(0, team, True, (60, 40), 5, (30, 20), (), ()) for team in (0, 1))
    )
    yield from cases(
        arena.MatchResult,
        "MatchResult.decision_times",
        ValueError,
        ("1MB", lambda: result.decision_times(LONG_TEXT)),
        ("10**1000", lambda: result.decision_times(BIG)),
        ("long-list", lambda: result.mean_decision(LONG_LIST)),
    )
    yield from cases(
        arena.MatchResult,
        "MatchResult.decision_times",
        ValueError,
        ("odd-unicode", lambda: result.median_decision(ODD_TEXT)),
    )


def tool_cases() -> Iterator[Case]:
    """The tools of :mod:`pitch13.testing`."""
    yield from cases(
        arranged_deck,
        "arranged_deck",
        TypeError,
        ("1MB", lambda: arranged_deck(LONG_TEXT)),
        ("10**5000", lambda: arranged_deck(HUGE)),
        ("long-list", lambda: arranged_deck(LONG_LIST)),
    )
    yield from numbers(arranged_deck, "arranged_deck.seat", lambda seat: arranged_deck({seat: "AH"}))
    yield from numbers(arranged_deck, "arranged_deck.dealer", lambda d: arranged_deck({}, dealer=d))
    yield from texts(arranged_deck, "arranged_deck.cards", lambda c: arranged_deck({0: c}), CardParseError)
    yield from texts(
        arranged_deck, "arranged_deck.stock", lambda c: arranged_deck({}, stock=c), CardParseError
    )
    yield from cases(
        check_invariants,
        "check_invariants",
        TypeError,
        ("1MB", lambda: check_invariants(LONG_TEXT)),
        ("10**5000", lambda: check_invariants(HUGE)),
        ("None", lambda: check_invariants(None)),
    )
    yield from cases(
        check_random_games,
        "check_random_games.rules",
        TypeError,
        ("1MB", lambda: check_random_games(LONG_TEXT)),
    )
    yield from numbers(
        check_random_games,
        "check_random_games.seed",
        lambda seed: check_random_games(games=0, seed=seed),
        accepted=("10**1000", "-10**1000"),
    )
    # the check of fair deals
    yield from numbers(seed_commitment, "seed_commitment.seed", seed_commitment)
    yield from texts(GameRecord, "GameRecord.verify_deals.commitment", RECORD.verify_deals, FairnessError)
    yield from cases(
        GameRecord,
        "GameRecord.verify_deals.self",
        TypeError,
        ("1MB", lambda: GameRecord.verify_deals(LONG_TEXT, "0" * 64)),
        ("10**5000", lambda: GameRecord.verify_deals(HUGE, "0" * 64)),
        ("None", lambda: GameRecord.verify_deals(None, "0" * 64)),
    )


def optional(name: str) -> object | None:
    """The module ``name``, or ``None`` when an extra it needs is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


GYMNASIUM = optional("pitch13.adapters.gymnasium")
PETTINGZOO = optional("pitch13.adapters.pettingzoo")
OPENSPIEL = optional("pitch13.adapters.openspiel")


def adapter_cases() -> Iterator[Case]:
    """The adapters whose extras are installed."""
    for make, name in (
        (getattr(GYMNASIUM, "Pitch13Env", None), "Pitch13Env"),
        (getattr(PETTINGZOO, "raw_env", None), "raw_env"),
    ):
        if make is None:
            continue
        yield from cases(
            make,
            f"{name}.rules",
            ValueError,
            ("1MB", functools.partial(make, rules=LONG_TEXT)),
            ("odd-unicode", functools.partial(make, rules=ODD_TEXT)),
        )
        yield from cases(make, f"{name}.rules", TypeError, ("10**5000", functools.partial(make, rules=HUGE)))
        yield from cases(
            make, f"{name}.episode", ValueError, ("1MB", functools.partial(make, episode=LONG_TEXT))
        )
        yield from cases(
            make, f"{name}.render_mode", ValueError, ("1MB", functools.partial(make, render_mode=LONG_TEXT))
        )
        yield from numbers(make, f"{name}.dealer", lambda d, make=make: make(dealer=d), accepted=("None",))
        yield from numbers(make, f"{name}.hand_number", lambda n, make=make: make(hand_number=n))
        yield from numbers(make, f"{name}.scores", lambda s, make=make: make(scores=(s, 0)))
        yield from numbers(
            make,
            f"{name}.max_hands",
            lambda n, make=make: make(episode="game", max_hands=n),
            accepted=("10**5000", "10**1000", "None"),
        )

        def step(action: object, make: Callable[[], object] = make) -> object:
            env = make()
            env.reset(seed=1)
            return env.step(action)

        # an action id is an index, as NumPy's ints are (True is 1); PettingZoo's None is a dead
        # agent's step, refused with ValueError while the agent is to act
        none = {"None": ValueError} if make is getattr(PETTINGZOO, "raw_env", None) else {}
        yield from numbers(make, f"{name}.step", step, accepted=("True",), errors=none)
    if GYMNASIUM is not None:
        env = GYMNASIUM.Pitch13Env
        yield from numbers(env, "Pitch13Env.seat", lambda s: env(seat=s), accepted=("None",))
        for option in ("partner", "opponents"):
            yield from cases(
                env,
                f"Pitch13Env.{option}",
                TypeError,
                ("10**5000", functools.partial(lambda o, v: env(**{o: v}), option, HUGE)),
            )
            yield from cases(
                env,
                f"Pitch13Env.{option}",
                ValueError,
                ("1MB", functools.partial(lambda o, v: env(**{o: v}), option, LONG_TEXT)),
            )
        yield from cases(
            env, "Pitch13Env.illegal_action", ValueError, ("1MB", lambda: env(illegal_action=LONG_TEXT))
        )
    if OPENSPIEL is not None:
        game = OPENSPIEL.PitchGame
        yield from cases(
            game,
            "PitchGame",
            TypeError,
            ("1MB", lambda: game(LONG_TEXT)),
            ("10**5000", lambda: game(HUGE)),
        )
        yield from cases(game, "PitchGame.params", ValueError, ("name-1MB", lambda: game({LONG_TEXT: 1})))
        yield from cases(
            game, "PitchGame.params", ValueError, ("rules-1MB", lambda: game({"rules": LONG_TEXT}))
        )
        yield from numbers(game, "PitchGame.dealer", lambda d: game({"dealer": d}))
        yield from numbers(game, "PitchGame.hand_number", lambda n: game({"hand_number": n}))
        yield from cases(
            OPENSPIEL.SampledPitchGame,
            "SampledPitchGame",
            TypeError,
            ("1MB", lambda: OPENSPIEL.SampledPitchGame(LONG_TEXT)),
        )
        yield from cases(
            OPENSPIEL.max_decisions_per_hand,
            "max_decisions_per_hand",
            TypeError,
            ("1MB", lambda: OPENSPIEL.max_decisions_per_hand(LONG_TEXT)),
            ("None", lambda: OPENSPIEL.max_decisions_per_hand(None)),
        )
        # pyspiel's own State() crashes on what is not a game: PitchState checks first
        yield from cases(
            OPENSPIEL.PitchState,
            "PitchState",
            TypeError,
            ("None", lambda: OPENSPIEL.PitchState(None)),
            ("1MB", lambda: OPENSPIEL.PitchState(LONG_TEXT)),
            ("10**5000", lambda: OPENSPIEL.PitchState(HUGE)),
        )


CASES = [*core_cases(), *player_cases(), *tool_cases(), *adapter_cases()]
assert len({case.id for case in CASES}) == len(CASES), "two cases share an id"


def param(case: Case) -> object:
    return pytest.param(case, id=case.id)


@pytest.mark.parametrize("case", [param(case) for case in CASES])
def test_refused_with_the_documented_error_in_a_short_message(case: Case) -> None:
    with pytest.raises(case.error) as info:  # any other error fails the test
        case.call()
    error = info.value
    assert type(error) is case.error, f"{type(error).__name__}: {excerpt_of(error)}"  # not a subclass
    message = str(error)
    assert len(message) < SHORT, message[:SHORT]
    if not case.python_message:
        assert PYTHON_DIGITS not in message, message


def excerpt_of(error: BaseException) -> str:
    try:
        return str(error)[:SHORT]
    except Exception as failure:  # pragma: no cover - a message that cannot even be made
        return f"<str() failed: {failure!r}>"


# --- the enumeration of the public API -------------------------------------------------------------

#: Every public module whose ``__all__`` is checked (an adapter only when its extra is installed).
MODULES = [
    "pitch13",
    "pitch13.actions",
    "pitch13.analysis",
    "pitch13.arena",
    "pitch13.bots",
    "pitch13.cards",
    "pitch13.documents",
    "pitch13.encoding",
    "pitch13.engine",
    "pitch13.errors",
    "pitch13.events",
    "pitch13.narration",
    "pitch13.records",
    "pitch13.rules",
    "pitch13.sampling",
    "pitch13.scoring",
    "pitch13.seen",
    "pitch13.simulate",
    "pitch13.state",
    "pitch13.trumps",
    "pitch13.views",
    "pitch13.testing",
    *(module.__name__ for module in (GYMNASIUM, PETTINGZOO, OPENSPIEL) if module is not None),
]

_VALUES = "a value the library makes and hands out; its constructor is not an entry for outside input"
_NOTHING = "takes no argument"
_ERROR = "an exception: its message is made by the code that raises it (see test_made_errors_*)"

#: Public callables driven by no case, and why.
EXEMPT: dict[object, str] = {
    analysis.Solution: _VALUES,
    analysis.ActionValue: _VALUES,
    analysis.Evaluation: _VALUES,
    analysis.Review: _VALUES,
    analysis.ReviewedDecision: _VALUES,
    analysis.SeatReview: _VALUES,
    analysis.Mark: "an enum: Mark(value) refuses an unknown value as every enum does",
    pitch13.Pass: _NOTHING,
    pitch13.TurnUp: _NOTHING,
    pitch13.Reject: _NOTHING,
    pitch13.Stop: _NOTHING,
    pitch13.new_seed: _NOTHING,
    pitch13.ActionParseError: _ERROR,
    pitch13.BotError: _ERROR,
    pitch13.BotFailedError: _ERROR,
    pitch13.GameTooLongError: _ERROR,
    pitch13.CardParseError: _ERROR,
    pitch13.DocumentError: _ERROR,
    pitch13.IllegalActionError: _ERROR,
    pitch13.RulesError: _ERROR,
    pitch13.SamplingError: _ERROR,
    FairnessError: _ERROR,
    pitch13.errors.InvariantError: _ERROR,
    pitch13.errors.ConformanceError: _ERROR,
    pitch13.HistoryEntry: _VALUES,
    pitch13.HandResult: _VALUES,
    pitch13.Outcome: _VALUES,
    pitch13.PointCard: _VALUES,
    pitch13.Trick: _VALUES,
    pitch13.PlaceInfo: _VALUES,
    encoding.Field: _VALUES,
    simulate.HandLine: _VALUES,
    simulate.HandSummary: _VALUES,
    simulate.Simulation: _VALUES,
    arena.MatchGame: _VALUES,
    ConformanceReport: _VALUES,
    bots.Bot: "a protocol",
    **{getattr(pitch13.seen, name): _VALUES for name in pitch13.seen.__all__ if name != "seen_history"},
    **{
        getattr(pitch13.events, name): _VALUES
        for name in pitch13.events.__all__
        if name not in ("ThrowInReason",)
    },
}
if GYMNASIUM is not None:
    EXEMPT[GYMNASIUM.register_envs] = _NOTHING
    EXEMPT[GYMNASIUM.observation_box] = _NOTHING
if PETTINGZOO is not None:
    EXEMPT[PETTINGZOO.env] = "raw_env, wrapped: raw_env's cases drive it"
    EXEMPT[PETTINGZOO.Observation] = "a TypedDict: the type of what the environment returns"
if OPENSPIEL is not None:
    EXEMPT[OPENSPIEL.PitchObserver] = "made by PitchGame.make_py_observer(); takes a flag only"


def public_callables() -> dict[int, tuple[str, object]]:
    found: dict[int, tuple[str, object]] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for attribute in module.__all__:
            obj = getattr(module, attribute)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                found.setdefault(id(obj), (f"{name}.{attribute}", obj))
    return found


def test_every_public_callable_is_driven_or_exempt() -> None:
    driven = {id(case.target) for case in CASES}
    missing = [
        where for key, (where, obj) in public_callables().items() if key not in driven and obj not in EXEMPT
    ]
    assert not missing, missing
    stale = [obj for obj in EXEMPT if id(obj) in driven]
    assert not stale, stale


def test_made_errors_quote_an_excerpt() -> None:
    """The errors whose constructor takes what came in (a bot's answer, a text) keep it short."""
    for error in (
        pitch13.BotError(1, LONG_TEXT),
        pitch13.BotError(1, HUGE),
        pitch13.BotError(1, DEEP_LIST),
        pitch13.BotFailedError(1, LONG_TEXT),
        pitch13.BotFailedError(1, ValueError(LONG_TEXT)),
        ActionParseError(LONG_TEXT, 3, "why"),
    ):
        assert len(str(error)) < SHORT


# --- the refusals the outside review found -------------------------------------------------------


def test_a_stale_deal_is_chances_move():
    """A Deal made for another ply is refused as stale, for chance (seat None), not the seat to act."""
    with pytest.raises(IllegalActionError) as info:
        apply(new_game(seed=3), Deal(DECK), ply=1)
    error = info.value
    assert (error.reason, error.seat) == (IllegalReason.STALE_MOVE, None)
    assert str(error) == "chance cannot deal: it was made at ply 1, and the game is at ply 0"
    with pytest.raises(IllegalActionError) as info:
        apply(new_game(seed=3), Deal(DECK), ply=1, seat=2)  # the seat given is the one refused
    assert (info.value.reason, info.value.seat) == (IllegalReason.STALE_MOVE, 2)
    with pytest.raises(IllegalActionError) as info:
        apply(new_game(seed=3), PASS, ply=1)  # a seat's action: the seat to act
    assert (info.value.reason, info.value.seat) == (IllegalReason.STALE_MOVE, 1)
    with pytest.raises(IllegalActionError) as info:
        apply(new_game(), Deal(DECK), ply=1)  # at a chance state too
    assert (info.value.reason, info.value.seat) == (IllegalReason.STALE_MOVE, None)


@pytest.mark.parametrize(
    "number", [BIG, HUGE, NEG, 10**40, 237], ids=["10**1000", "10**5000", "-10**1000", "10**40", "237"]
)
def test_action_ids_refuse_a_long_number_in_a_short_message_of_their_own(number):
    with pytest.raises(ValueError, match=r"^an action id is from 0 to 236, not (a number of \d+ bits|237)$"):
        encoding.action_from_id(number)
    if number != 237:
        with pytest.raises(ValueError, match=r"^Bid\(amount=a number of \d+ bits\) has no action id"):
            encoding.action_id(Bid(number))


def test_view_delta_refuses_none_and_a_long_since():
    with pytest.raises(TypeError):
        view_delta(STATE, 0, since=None)
    for since in (10**1000, 10**5000):
        with pytest.raises(ValueError, match=r"^since is a ply of the game") as info:
            view_delta(STATE, 0, since=since)
        assert len(str(info.value)) < SHORT and PYTHON_DIGITS not in str(info.value)
