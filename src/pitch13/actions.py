"""The actions a seat (or chance) can take: small frozen values, one card per action.

====================  =============================================  ======================
action                when                                           rule
====================  =============================================  ======================
:class:`Deal`         chance: the shuffled deck for the next hand    R-DEAL-1, R-DEAL-3
:class:`Pass`         bidding: no bid                                R-BID-1
:class:`Bid`          bidding: a bid of ``amount`` points            R-BID-1 to R-BID-4
:class:`NameTrump`    the bidder names trump                         R-TRUMP-1
:class:`Discard`      shed one trump when holding more than 6        R-DISC-2
:class:`Take`         pick up one shed card from the middle          R-PICK-1
:class:`TurnUp`       turn up the next stock card                    R-LOOK-1
:class:`GiveUp`       take the turned-up card, giving up ``card``    R-LOOK-2
:class:`Reject`       reject the turned-up card to the dead pile     R-LOOK-2
:class:`Stop`         stop picking up, or stop looking               R-PICK-1, R-LOOK-1
:class:`Play`         play a trump to the trick                      R-PLAY-1
====================  =============================================  ======================

:func:`pitch13.legal_actions` lists actions in a stable order: :class:`Pass`, the
:class:`Bid` values from low to high, :class:`NameTrump` in suit order (C, D, H, S),
:class:`TurnUp`, :class:`Reject`, :class:`Stop`, then the card actions by
:attr:`Card.index <pitch13.Card.index>`. That is also the order of each action's ``sort_key``.

``str(action)`` is an action's notation; ``action.pretty`` writes it for people, with suit
symbols (``"play J♥"``, ``"trump ♥"``), and :func:`parse_action` reads that form too:

>>> Play(Card.parse("JH")).pretty, NameTrump(Suit.HEARTS).pretty, Bid(5).pretty
('play J♥', 'trump ♥', 'bid 5')
>>> parse_action(GiveUp(Card.parse("10C")).pretty)
GiveUp(card=Card.parse('10C'))
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sized
from typing import ClassVar, Final, Union

import attrs

from pitch13._base.checks import ASCII_LOWER, SPACES, WORD, at_most, check_seed, excerpt, in_order, writable
from pitch13._base.failures import ActionParseError
from pitch13._base.shuffle import seeded_order
from pitch13.cards import DECK, Card, Suit

__all__ = [
    "PASS",
    "REJECT",
    "STOP",
    "TURN_UP",
    "Action",
    "ActionParseError",
    "Bid",
    "Deal",
    "Discard",
    "GiveUp",
    "NameTrump",
    "Pass",
    "Play",
    "Reject",
    "SeatAction",
    "Stop",
    "Take",
    "TurnUp",
    "new_seed",
    "parse_action",
    "seed_commitment",
    "shuffled_deck",
]


def _check_card(instance: object, attribute: attrs.Attribute[Card], value: object) -> None:
    if not isinstance(value, Card):
        kind = type(instance).__name__
        raise TypeError(f"{kind}() takes a Card such as Card.parse('AH'), not {excerpt(value)}")


@attrs.frozen(slots=True)
class Pass:
    """Pass in the auction (R-BID-1)."""

    sort_key: ClassVar[int] = 0

    def __str__(self) -> str:
        return "pass"

    @property
    def pretty(self) -> str:
        """For people: ``"pass"``, as the notation."""
        return "pass"


@attrs.frozen(slots=True)
class Bid:
    """Bid ``amount`` points (R-BID-1); ``max_bid`` is shooting the moon (R-BID-3)."""

    amount: int

    def __attrs_post_init__(self) -> None:
        if type(self.amount) is not int:
            if not isinstance(self.amount, int) or isinstance(self.amount, bool):
                raise TypeError(f"Bid() takes an int amount, not {excerpt(self.amount)}")
            object.__setattr__(self, "amount", int.__int__(self.amount))  # its value, as a state keeps

    @property
    def sort_key(self) -> int:
        """Position in the stable order of actions."""
        return 1 + self.amount

    def __str__(self) -> str:
        # Never fails, even for an amount of more than 4,300 digits, which has no notation.
        return f"bid {self.amount if writable(self.amount) else excerpt(self.amount)}"

    def __repr__(self) -> str:
        return f"Bid(amount={self.amount if writable(self.amount) else excerpt(self.amount)})"

    @property
    def pretty(self) -> str:
        """For people: ``"bid 5"``, as the notation."""
        return str(self)


@attrs.frozen(slots=True)
class NameTrump:
    """The bidder names ``suit`` as trump (R-TRUMP-1)."""

    suit: Suit

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            raise TypeError(f"NameTrump() takes a Suit such as Suit.HEARTS, not {excerpt(self.suit)}")

    @property
    def sort_key(self) -> int:
        """Position in the stable order of actions."""
        return 100 + self.suit

    def __str__(self) -> str:
        return f"trump {self.suit.letter}"

    @property
    def pretty(self) -> str:
        """For people, with the suit's symbol: ``"trump ♥"``."""
        return f"trump {self.suit.symbol}"


@attrs.frozen(slots=True)
class TurnUp:
    """Turn up the next card of the stock (R-LOOK-1)."""

    sort_key: ClassVar[int] = 110

    def __str__(self) -> str:
        return "turn up"

    @property
    def pretty(self) -> str:
        """For people: ``"turn up"``, as the notation."""
        return "turn up"


@attrs.frozen(slots=True)
class Reject:
    """Reject the turned-up stock card to the dead pile (R-LOOK-2)."""

    sort_key: ClassVar[int] = 111

    def __str__(self) -> str:
        return "reject"

    @property
    def pretty(self) -> str:
        """For people: ``"reject"``, as the notation."""
        return "reject"


@attrs.frozen(slots=True)
class Stop:
    """Stop picking up shed cards (R-PICK-1), or stop looking through the stock (R-LOOK-1)."""

    sort_key: ClassVar[int] = 112

    def __str__(self) -> str:
        return "stop"

    @property
    def pretty(self) -> str:
        """For people: ``"stop"``, as the notation."""
        return "stop"


@attrs.frozen(slots=True)
class Discard:
    """Shed ``card``, a trump, face up into the middle while holding more than 6 (R-DISC-2)."""

    card: Card = attrs.field(validator=_check_card)

    @property
    def sort_key(self) -> int:
        """Position in the stable order of actions."""
        return 200 + self.card.index

    def __str__(self) -> str:
        return f"discard {self.card}"

    @property
    def pretty(self) -> str:
        """For people, the card as :attr:`Card.pretty <pitch13.Card.pretty>` writes it: ``"discard J♥"``."""
        return f"discard {self.card.pretty}"


@attrs.frozen(slots=True)
class Take:
    """Take ``card``, a shed card, from the middle (R-PICK-1)."""

    card: Card = attrs.field(validator=_check_card)

    @property
    def sort_key(self) -> int:
        """Position in the stable order of actions."""
        return 300 + self.card.index

    def __str__(self) -> str:
        return f"take {self.card}"

    @property
    def pretty(self) -> str:
        """For people, the card as :attr:`Card.pretty <pitch13.Card.pretty>` writes it: ``"take A♥"``."""
        return f"take {self.card.pretty}"


@attrs.frozen(slots=True)
class GiveUp:
    """Take the turned-up stock card, giving up ``card`` from the hand to the dead pile (R-LOOK-2)."""

    card: Card = attrs.field(validator=_check_card)

    @property
    def sort_key(self) -> int:
        """Position in the stable order of actions."""
        return 400 + self.card.index

    def __str__(self) -> str:
        return f"give up {self.card}"

    @property
    def pretty(self) -> str:
        """For people, the card as :attr:`Card.pretty <pitch13.Card.pretty>` writes it: ``"give up 4♣"``."""
        return f"give up {self.card.pretty}"


@attrs.frozen(slots=True)
class Play:
    """Play ``card``, a trump, to the current trick (R-PLAY-1)."""

    card: Card = attrs.field(validator=_check_card)

    @property
    def sort_key(self) -> int:
        """Position in the stable order of actions."""
        return 500 + self.card.index

    def __str__(self) -> str:
        return f"play {self.card}"

    @property
    def pretty(self) -> str:
        """For people, the card as :attr:`Card.pretty <pitch13.Card.pretty>` writes it: ``"play J♥"``."""
        return f"play {self.card.pretty}"


def _check_order(instance: Deal, attribute: attrs.Attribute[tuple[Card, ...]], value: object) -> None:
    if not isinstance(value, tuple):  # pragma: no cover - the converter always makes a tuple
        raise TypeError("Deal() takes a sequence of 54 cards")
    if len(value) != len(DECK):
        raise ValueError(f"a deal is all 54 cards in some order, not {len(value)} cards")
    seen = 0
    for position, card in enumerate(value):
        if not isinstance(card, Card):
            raise TypeError(f"Deal() takes Cards; item {position} is {excerpt(card)}")
        if seen >> card.index & 1:
            raise ValueError(f"a deal has every card once, but {card} is there twice (item {position})")
        seen |= 1 << card.index


def _to_tuple(value: Iterable[Card]) -> tuple[Card, ...]:
    """The cards ``value`` holds (its type is what ``Deal()`` takes, to a type checker)."""
    if not in_order(value):  # a set or a mapping has no order to deal in, as a string has no cards
        raise TypeError(f"Deal() takes a sequence of 54 Cards, not {type(value).__name__}")
    cards, more = at_most(value, len(DECK))
    if more:
        many = f"{len(value)} cards" if isinstance(value, Sized) else "more"
        raise ValueError(f"a deal is all 54 cards in some order, not {many}")
    return cards


@attrs.frozen(slots=True)
class Deal:
    """Chance's action: the deck for the next hand, top card first (R-DEAL-1, R-DEAL-3).

    ``order`` is any permutation of the 54 cards: a server's own secure shuffle, a seeded one
    from :func:`shuffled_deck`, or a deck arranged for a test. How it becomes hands and stock
    is described in :func:`pitch13.new_game`.

    Raises:
        TypeError: if ``order`` is not a sequence of cards.
        ValueError: if it is not 54 different cards.
    """

    order: tuple[Card, ...] = attrs.field(converter=_to_tuple, validator=_check_order)

    sort_key: ClassVar[int] = -1

    def __str__(self) -> str:
        return "deal " + " ".join(str(c) for c in self.order)

    @property
    def pretty(self) -> str:
        """For people: ``"deal"`` and the 54 cards as :attr:`Card.pretty <pitch13.Card.pretty>` writes them."""
        return "deal " + " ".join(c.pretty for c in self.order)


def shuffled_deck(seed: int, hand_number: int = 1) -> tuple[Card, ...]:
    """The 54 cards shuffled reproducibly from ``seed`` for hand ``hand_number``.

    The same arguments give the same order on every machine and Python version: each card
    gets a 64-bit key from SHAKE-256 of the seed and hand number, and the deck is sorted by
    key. :mod:`random` is not used. It is what ``new_game(..., seed=seed)`` deals.

    Raises:
        TypeError: if ``seed`` or ``hand_number`` is not an int.
        ValueError: if either has more than 4,300 digits (the most Python writes in decimal,
            as the shuffle does).
    """
    for name, value in (("seed", seed), ("hand_number", hand_number)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, not {excerpt(value)}")
        if not writable(value):
            raise ValueError(f"{name} must be an int of at most 4,300 digits, not {excerpt(value)}")
    return tuple(DECK[i] for i in seeded_order(seed, hand_number))


def new_seed() -> int:
    """A secret seed for a game: 128 random bits from :mod:`secrets`, the system's random source.

    The seed is from 0 to ``2**128 - 1``, within what :func:`~pitch13.new_game` takes. Nobody
    can guess it, from its :func:`seed_commitment` or otherwise, so nobody can foresee the deals:
    keep it secret until the game is over (whoever knows it knows every hand).
    """
    return secrets.randbits(128)


#: What the seed's decimal text follows in the hashed bytes: names the commitment's form.
_COMMITMENT_PREFIX: Final = b"pitch13-seed-commitment-v1:"


def seed_commitment(seed: int) -> str:
    """The commitment to ``seed``: the SHA-256 of ``pitch13-seed-commitment-v1:<seed>``, in hex.

    A server shows it to every seat before the first bid of a game dealt from ``seed``, and
    publishes the game's record, which holds the seed, when the game is over; anyone then checks
    the record against it with :meth:`GameRecord.verify_deals <pitch13.GameRecord.verify_deals>`.

    It is 64 lowercase hex digits, the same for the same seed on every platform and in every
    version. Showing it does not tell the seed, provided the seed cannot be guessed: a seed from
    :func:`new_seed`, not a small number or a time, which anyone could find by hashing the
    likely ones.

    The commitment is the SHA-256 of the ASCII text ``pitch13-seed-commitment-v1:`` followed by
    the seed in decimal (``-`` before a negative seed, no sign or leading zeros otherwise), written
    as 64 lowercase hex digits. The ``v1`` names this form, which stays as it is; a new form would
    have a new name. So it can be checked with any SHA-256 tool, e.g. ``printf
    'pitch13-seed-commitment-v1:%s' 7 | sha256sum`` for seed 7:

    >>> seed_commitment(7)
    'ca7c229dc633047fb1cc320ab792bad378dab03d106c81740360947646ae8414'

    Raises:
        TypeError: if ``seed`` is not an int (a bool is not one).
        ValueError: if it is outside ``±(2**128 - 1)``, the seeds :func:`~pitch13.new_game`
            takes.
    """
    return hashlib.sha256(_COMMITMENT_PREFIX + str(check_seed(seed)).encode("ascii")).hexdigest()


_VERBS: Final = (
    "pass",
    "bid",
    "trump",
    "discard",
    "take",
    "turn up",
    "reject",
    "stop",
    "give up",
    "play",
    "deal",
)


def parse_action(text: str) -> Action:
    """Read an action from its notation, the form ``str(action)`` writes.

    ``pass``, ``bid 5``, ``trump H`` (or ``trump ♥``), ``discard AH``, ``take AH``,
    ``turn up``, ``give up 4C``, ``reject``, ``stop``, ``play JD``, and ``deal`` followed by the
    54 cards. Case and extra spaces, tabs and line ends do not matter (other characters that
    :meth:`str.split` takes for a space are no separator). The notation is how every pitch13
    document writes an action (records, views and view deltas), and a client sends it to a
    server: it is the one codec of actions, read with the same care as a document (at most
    1,000 characters, and an error quotes at most a short excerpt of the text). A bid is read
    from 0 to 999,999: a :class:`Bid` of another amount, which no rules allow, has a text form
    but no notation.

    >>> parse_action("play 10h")
    Play(card=Card.parse('10H'))
    >>> str(parse_action("Give up  bj")), str(parse_action("trump ♥"))
    ('give up BJ', 'trump H')

    Raises:
        TypeError: if ``text`` is not a str.
        ActionParseError: if it is not an action, saying where reading went wrong.
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is parsed from a str, not {type(text).__name__}")
    if len(text) > _MAX_ACTION_TEXT:
        raise ActionParseError(text, _MAX_ACTION_TEXT, f"an action is at most {_MAX_ACTION_TEXT} characters")
    tokens = [(m.start(), m.group()) for m in WORD.finditer(text)]
    words = [word.translate(ASCII_LOWER) for _, word in tokens]
    if not tokens:
        raise ActionParseError(text, 0, "it is empty")
    verb, taken = words[0], 1
    if verb in ("turn", "give") and len(words) > 1 and words[1] == "up":
        verb, taken = f"{verb} up", 2
    if verb not in _VERBS:
        raise ActionParseError(
            text, tokens[0][0], f"unknown action {excerpt(tokens[0][1])} (expected {', '.join(_VERBS)})"
        )
    args = tokens[taken:]
    wanted = {"bid": 1, "trump": 1, "discard": 1, "take": 1, "give up": 1, "play": 1, "deal": 54}.get(verb, 0)
    if len(args) > wanted:
        position, word = args[wanted]
        raise ActionParseError(text, position, f"unexpected {excerpt(word)} after {excerpt(verb)}")
    if len(args) < wanted:
        what = (
            "54 cards"
            if verb == "deal"
            else "a number"
            if verb == "bid"
            else "a suit"
            if verb == "trump"
            else "a card"
        )
        raise ActionParseError(text, len(text.rstrip(SPACES)), f"{excerpt(verb)} needs {what}")
    if verb in _SIMPLE:
        return _SIMPLE[verb]
    if verb == "bid":
        position, word = args[0]
        if not word.isdigit() or not word.isascii() or len(word) > 6:
            raise ActionParseError(text, position, f"a bid is a whole number, not {excerpt(word)}")
        return Bid(int(word))
    if verb == "trump":
        position, word = args[0]
        try:
            return NameTrump(Suit.parse(word))
        except ValueError as error:
            raise ActionParseError(text, position, str(error)) from None
    cards = []
    for position, word in args:
        try:
            cards.append(Card.parse(word))
        except ValueError as error:
            raise ActionParseError(text, position, str(error)) from None
    if verb == "deal":
        try:
            return Deal(cards)
        except ValueError as error:
            raise ActionParseError(text, args[0][0], str(error)) from None
    return _CARD_ACTIONS[verb](cards[0])


#: The longest text :func:`parse_action` reads (a deal, the longest action, is about 170).
_MAX_ACTION_TEXT: Final = 1_000


#: Any action: a seat's or chance's.
Action = Union[Pass, Bid, NameTrump, Discard, Take, TurnUp, GiveUp, Reject, Stop, Play, Deal]
#: An action a seat takes (every action but :class:`Deal`).
SeatAction = Union[Pass, Bid, NameTrump, Discard, Take, TurnUp, GiveUp, Reject, Stop, Play]

#: The :class:`Pass` action.
PASS: Final = Pass()
#: The :class:`TurnUp` action.
TURN_UP: Final = TurnUp()
#: The :class:`Reject` action.
REJECT: Final = Reject()
#: The :class:`Stop` action.
STOP: Final = Stop()

_SIMPLE: Final[dict[str, Action]] = {"pass": PASS, "turn up": TURN_UP, "reject": REJECT, "stop": STOP}
_CARD_ACTIONS: Final[dict[str, type[Discard | Take | GiveUp | Play]]] = {
    "discard": Discard,
    "take": Take,
    "give up": GiveUp,
    "play": Play,
}
