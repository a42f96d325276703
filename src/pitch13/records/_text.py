"""The text form of game records: its grammar, read and written (internal).

A record's text is a header of tags (``[Rules "default"]``), then each hand: ``hand N``, its
``deck`` (left out in a seeded record), and its actions, ``seat: action`` separated by ``;``.
:func:`parse_text` checks every line and gives the parts, which :mod:`pitch13.records` makes a
:class:`~pitch13.GameRecord` of and replays; :func:`format_text` writes a record with a
comment on how each hand ended. The limits and the checks that the JSON form shares are here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, Protocol, cast

from pitch13._base.checks import ASCII_LOWER, MAX_HANDS, SPACES, WORD, excerpt, pair_text
from pitch13._core.tally import past_target
from pitch13.actions import ActionParseError, Deal, SeatAction, parse_action, shuffled_deck
from pitch13.cards import DECK, Card
from pitch13.documents import DocumentError
from pitch13.engine import MAX_HAND_NUMBER, MAX_SEED
from pitch13.engine._partway import MIN_SCORE
from pitch13.events import GameOver, HandScored, HandThrownIn
from pitch13.records._json import RECORD_FORMAT, fail, rules_from_dict, rules_to_dict
from pitch13.rules import Rules
from pitch13.state import GameState, Phase

#: The one version of records this release writes and reads (format ``RECORD_FORMAT``).
VERSION: Final = 1

#: At most this many actions in a hand (and :data:`MAX_HANDS` hands in a record).
MAX_ACTIONS: Final = 1_000
#: The largest score, either way, a document may hold.
SCORE_LIMIT: Final = 10**9


class HandLike(Protocol):
    """A hand of a record, as the text form reads it: its deck and its actions."""

    @property
    def deck(self) -> tuple[Card, ...]: ...

    @property
    def actions(self) -> tuple[tuple[int, SeatAction], ...]: ...


class RecordLike(Protocol):
    """A record, as the text form writes it (:class:`~pitch13.GameRecord` is one)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def hands(self) -> Sequence[HandLike]: ...

    @property
    def start_hand(self) -> int: ...

    @property
    def start_scores(self) -> tuple[int, int]: ...


class ParsedRecord(NamedTuple):
    """What a record's text says, checked line by line but not yet replayed."""

    rules: Rules
    first_dealer: int
    seed: int | None
    #: Each hand's deck and its actions.
    hands: tuple[tuple[tuple[Card, ...], tuple[tuple[int, SeatAction], ...]], ...]
    start_hand: int
    start_scores: tuple[int, int]
    #: Where in the text hand ``h`` (0-based), or its ``"deck"``, or its action ``i`` is.
    locate: Callable[[int, int | str | None], str]


def check_start_scores(scores: tuple[int, int], rules: Rules, where: Callable[[int], str]) -> None:
    """Refuse start scores of which one has already won (R-END-1); ``where(team)`` places the error."""
    for team, score in enumerate(scores):
        if past_target(rules, score):
            fail(
                where(team),
                f"a score of {score} has won a game to {rules.target} (R-END-1): no game starts there",
            )


def parse_seat_action(text: str) -> SeatAction:
    """A seat's action in notation: :func:`~pitch13.parse_action`, refusing a deal."""
    action = parse_action(text)
    if isinstance(action, Deal):
        raise ActionParseError(text, 0, "a deal is not a seat's action; a hand's deck is given on its own")
    return action


def partway(record: RecordLike) -> bool:
    """Whether the recorded game was started partway: at a later hand, or at other scores."""
    return record.start_hand != 1 or record.start_scores != (0, 0)


_PRESETS: Final[tuple[tuple[str, dict[str, object]], ...]] = (
    ("default", {}),
    ("classic_ten_point", {"use_off_three": False, "target": 52, "target_rule": "at_least"}),
)
_TAG: Final = re.compile(r'\[([A-Za-z]+)[ \t]+"([^"\\]*)"\][ \t]*\Z')
_TAGS: Final = ("Format", "Version", "Rules", "FirstDealer", "Seed", "StartHand", "StartScores")


def rules_text(rules: Rules) -> str:
    """The ``Rules`` tag's value: the preset, then the options that differ from it, in the fewest words."""
    wanted = rules_to_dict(rules)
    best: str | None = None
    for name, preset in _PRESETS:
        base = rules_to_dict(rules_from_dict(preset, ""))
        changes = {k: v for k, v in wanted.items() if v != base[k] and k != "max_bid"}
        if rules_from_dict({**preset, **changes}, "") != rules:
            changes["max_bid"] = rules.max_bid
        words = [name] + [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in changes.items()]
        text = " ".join(words)
        if best is None or len(words) < len(best.split()):
            best = text
    assert best is not None
    return best


def read_rules(text: str, where: str) -> Rules:
    """The rules a ``Rules`` tag's value names: a preset, then ``option=value`` words.

    Raises:
        DocumentError: at ``where``, if a word is neither, or the options make no rules.
    """
    words = WORD.findall(text)
    options: dict[str, object] = {}
    if words and words[0] in dict(_PRESETS):
        options.update(dict(_PRESETS)[words.pop(0)])
    given: set[str] = set()
    written: dict[str, str] = {}
    for word in words:
        name, sep, raw = word.partition("=")
        if not sep:
            if word in dict(_PRESETS):
                fail(
                    where,
                    f"{excerpt(word)} is a preset: the rules are one preset, first, then option=value words",
                )
            fail(where, f"expected a preset or option=value, found {excerpt(word)}")
        if name in given:
            fail(where, f"the option {excerpt(name)} is given twice")
        given.add(name)
        value: object = raw
        if raw in ("true", "false"):
            value = raw == "true"
        elif re.fullmatch(_whole(9), raw):
            value = int(raw)
        elif re.fullmatch(r"-?[0-9]+", raw):  # a number not written as the rules write one
            if len(raw.lstrip("-")) > 9:
                why = "has more digits than any option takes"
            elif raw == "-0":
                why = "is -0, which is written 0"
            else:
                why = "has a leading zero"
            fail(where, f"{name}: {excerpt(raw)} {why}")
        options[name] = value
        written[name] = raw
    try:
        return rules_from_dict(options, "")
    except DocumentError as error:
        option = error.where.lstrip(".")
        why = error.why
        if option in written and why.startswith("expected a string") and options[option] != written[option]:
            # A word such as joker_order=7, read as a number: refused as the word it is.
            try:
                rules_from_dict({**options, option: written[option]}, "")
            except DocumentError as again:
                why = again.why if again.where == error.where else why
        if option in written and ", found " in why:  # the value as written, not its JSON kind
            why = f"{why.rpartition(', found ')[0]}, found {excerpt(written[option])}"
        # A bound the rules set names its option itself (target must be ...); a value's kind does not.
        fail(where, f"{option}: {why}" if option and not why.startswith(f"{option} ") else why)


def format_text(record: RecordLike, states: Sequence[GameState]) -> str:
    """``record`` in its text form; ``states`` are its replay (the first state, then one an action)."""
    lines = [
        f'[Format "{RECORD_FORMAT}"]',
        f'[Version "{VERSION}"]',
        f'[Rules "{rules_text(record.rules)}"]',
        f'[FirstDealer "{record.first_dealer}"]',
        f'[Seed "{"none" if record.seed is None else record.seed}"]',
    ]
    if partway(record):
        scores = record.start_scores
        lines += [f'[StartHand "{record.start_hand}"]', f'[StartScores "{scores[0]} {scores[1]}"]']
    k = 1  # states[k] is the state after the next action
    for h, hand in enumerate(record.hands):
        if record.seed is None:
            k += 1
        before = states[k - 1]
        lines += ["", f"hand {record.start_hand + h}", "deck " + " ".join(str(c) for c in hand.deck)]
        lines.append(f"# dealer {before.dealer}")
        line: list[str] = []
        last: tuple[Phase, int] | None = None
        for who, action in hand.actions:
            before = states[k - 1]
            # A line for each stage of the hand, each looking seat and each trick.
            group = (before.phase, who if before.phase is Phase.LOOK else len(before.tricks))
            if line and group != last:
                lines.append("; ".join(line))
                line = []
            line.append(f"{who}: {action}")
            last = group
            k += 1
        if line:
            lines.append("; ".join(line))
        if hand.actions:
            lines += _hand_comments(states[k - 2], states[k - 1])
    return "\n".join(lines) + "\n"


def _hand_comments(before: GameState, after: GameState) -> list[str]:
    """Comments on how the hand ended, from the events of its last action (``before`` → ``after``)."""
    out: list[str] = []
    for entry in after.history_since(before.history_len):
        item = entry.item
        if isinstance(item, HandThrownIn):
            out.append(f"# thrown in: {item.reason.value.replace('_', ' ')}")
        elif isinstance(item, HandScored):
            result = item.result
            made = "made" if result.made else "set"
            out.append(
                f"# seat {result.bidder} bid {result.bid} in {result.trump.letter}, {made}; "
                f"points {result.points[0]}-{result.points[1]}; scores {pair_text(result.scores)}"
            )
        elif isinstance(item, GameOver):
            out.append(f"# game over: team {'AB'[item.outcome.winner]} wins")
    return out


_ITEM: Final = re.compile(r"[ \t]*([0-9]+)[ \t]*:[ \t]*(.*)\Z", re.DOTALL)


_LINE_END: Final = re.compile(r"\r\n|\r|\n")


def parse_text(text: str) -> ParsedRecord:
    """The parts of a record's text, checked line by line; the caller replays them.

    Raises:
        DocumentError: at a line and column, for anything that is not a record's text.
    """
    tags: dict[str, tuple[str, str]] = {}
    first = 1  # the number of the first hand
    hands: list[dict[str, object]] = []
    places: list[dict[int | str | None, str]] = []
    # Written by any editor: a byte-order mark is skipped, and lines end in \n, \r\n or \r.
    for number, raw in enumerate(_LINE_END.split(text.removeprefix("\ufeff")), 1):
        line = raw.split("#", 1)[0].rstrip(SPACES)
        stripped = line.strip(SPACES)
        if not stripped:
            continue
        column = len(line) - len(line.lstrip(SPACES)) + 1
        at = f"line {number}, column {column}"
        if stripped.startswith("["):
            if hands:
                fail(at, "tags go before the first hand")
            match = _TAG.match(stripped)
            if not match:
                fail(at, 'a tag is written [Name "value"]')
            name, value = match.groups()
            if name not in _TAGS:
                fail(at, f"unknown tag {excerpt(name)} (expected {', '.join(_TAGS)})")
            if name in tags:
                fail(at, f"the tag {name} is given twice")
            tags[name] = (value, at)
            if name == "StartHand":  # read at once: the hands are numbered from it
                first = _text_start_hand(value, at)
            continue
        word = WORD.findall(stripped)[0].translate(ASCII_LOWER)  # ASCII: no look-alike is a keyword
        if word == "hand":
            rest = stripped[4:].strip(SPACES)
            if rest != str(first + len(hands)):
                fail(at, f"expected 'hand {first + len(hands)}', found {excerpt(stripped)}")
            if len(hands) >= MAX_HANDS:
                fail(at, f"a record has at most {MAX_HANDS} hands")
            hands.append({"actions": []})
            places.append({None: at})
            continue
        if not hands:
            fail(at, "expected a tag or 'hand 1'")
        current = hands[-1]
        actions = cast("list[tuple[int, SeatAction]]", current["actions"])
        if word == "deck":
            if "deck" in current or actions:
                fail(at, "a hand's deck comes once, before its actions")
            current["deck"] = _text_deck(stripped[4:], line.index(stripped) + 4, number)
            places[-1]["deck"] = at
            continue
        offset = 0
        for part in line.split(";"):
            start, offset = offset, offset + len(part) + 1
            where = f"line {number}, column {start + len(part) - len(part.lstrip(SPACES)) + 1}"
            if not part.strip(SPACES):
                fail(where, "an empty action between ';'")
            match = _ITEM.match(part)
            if not match:
                fail(where, f"expected 'seat: action', found {excerpt(part.strip(SPACES))}")
            seat = match.group(1)
            if len(seat) > 1 or seat > "3":  # compared as text: a number of any length is refused
                fail(where, f"a seat is from 0 to 3, not {seat if len(seat) <= 12 else f'{seat[:12]}...'}")
            if len(actions) >= MAX_ACTIONS:
                fail(where, f"a hand has at most {MAX_ACTIONS} actions")
            try:
                action = parse_seat_action(match.group(2))
            except ActionParseError as error:
                column = start + match.start(2) + error.position + 1
                raise DocumentError(f"line {number}, column {column}", str(error)) from None
            places[-1][len(actions)] = where
            actions.append((int(seat), action))
    for name in ("Format", "Version", "FirstDealer"):
        if name not in tags:
            fail("line 1", f"missing tag [{name} ...]")
    fmt, at = tags["Format"]
    if fmt != RECORD_FORMAT:
        fail(at, f"expected the format {RECORD_FORMAT!r}, found {excerpt(fmt)}")
    version, at = tags["Version"]
    if not re.fullmatch(r"0|[1-9][0-9]{0,5}", version):
        fail(at, f"the version is a whole number, not {excerpt(version)}")
    if int(version) > VERSION:
        fail(
            at,
            f"{RECORD_FORMAT} version {version} is newer than this pitch13 reads ({VERSION}); upgrade pitch13",
        )
    if int(version) != VERSION:
        fail(at, f"{RECORD_FORMAT} has no version {int(version)}: version {VERSION} is the first")
    rules = read_rules(*tags.get("Rules", ("default", "line 1")))
    dealer_text, at = tags["FirstDealer"]
    if dealer_text not in ("0", "1", "2", "3"):
        fail(at, f"the first dealer is a seat from 0 to 3, not {excerpt(dealer_text)}")
    seed_text, at = tags.get("Seed", ("none", "line 1"))
    seed: int | None = None
    if seed_text != "none":
        if not re.fullmatch(_whole(40), seed_text):
            fail(
                at, f"the seed is a whole number (no leading zero, no -0) or 'none', not {excerpt(seed_text)}"
            )
        seed = int(seed_text)
        if not -MAX_SEED <= seed <= MAX_SEED:
            fail(at, f"the seed is from -(2**128 - 1) to 2**128 - 1, not {seed}")
    decks: list[tuple[Card, ...]] = []
    for h, hand in enumerate(hands):
        deck = hand.get("deck")
        if deck is None:
            if seed is None:
                fail(
                    places[h][None],
                    f"hand {first + h} has no 'deck' line (only a seeded record may leave it out)",
                )
            deck = shuffled_deck(seed, first + h)
        decks.append(cast("tuple[Card, ...]", deck))
    scores = (0, 0)
    if "StartScores" in tags:
        scores = _text_start_scores(*tags["StartScores"], rules)
    end = f"line {len(_LINE_END.findall(text)) + 1}"  # the last line, whatever ends the lines

    def locate(hand: int, part: int | str | None) -> str:
        spots = places[hand] if 0 <= hand < len(places) else {}
        return spots.get(part, spots.get(None, end))

    return ParsedRecord(
        rules=rules,
        first_dealer=int(dealer_text),
        seed=seed,
        hands=tuple(
            (deck, tuple(cast("list[tuple[int, SeatAction]]", hand["actions"])))
            for deck, hand in zip(decks, hands, strict=True)
        ),
        start_hand=first,
        start_scores=scores,
        locate=locate,
    )


def _text_start_hand(text: str, where: str) -> int:
    if not re.fullmatch(r"[1-9][0-9]{0,5}", text) or int(text) > MAX_HAND_NUMBER:
        fail(where, f"the start hand is a number from 1 to {MAX_HAND_NUMBER}, not {excerpt(text)}")
    return int(text)


def _whole(digits: int) -> str:
    """A pattern of a whole number of at most ``digits`` digits as written: no leading zero, no -0."""
    return rf"0|-?[1-9][0-9]{{0,{digits - 1}}}"


def _text_start_scores(text: str, where: str, rules: Rules) -> tuple[int, int]:
    number = f"({_whole(10)})"
    match = re.fullmatch(rf"{number}[ \t]+{number}", text.strip(SPACES))
    if not match or not all(MIN_SCORE <= int(score) <= SCORE_LIMIT for score in match.groups()):
        fail(
            where,
            f"the start scores are two whole numbers from -{SCORE_LIMIT} to {SCORE_LIMIT} (no leading "
            f"zero, no -0), team A's then team B's, not {excerpt(text)}",
        )
    scores = (int(match.group(1)), int(match.group(2)))
    check_start_scores(scores, rules, lambda team: where)
    return scores


def _text_deck(text: str, start: int, line: int) -> tuple[Card, ...]:
    found: list[Card] = []
    seen = 0
    for match in WORD.finditer(text):
        at = f"line {line}, column {start + match.start() + 1}"
        try:
            got = Card.parse(match.group())
        except ValueError as error:
            fail(at, str(error))
        if seen >> got.index & 1:
            fail(at, f"{got} is in the deck twice")
        seen |= 1 << got.index
        found.append(got)
        if len(found) > len(DECK):
            fail(at, "a deck is 54 cards; this one has more")
    if len(found) != len(DECK):
        fail(f"line {line}, column {start + 1}", f"a deck is all 54 cards, not {len(found)}")
    return tuple(found)
