"""Fixed-size encodings of the game for game-AI frameworks: action ids, observations, information states.

OpenSpiel, PettingZoo and Gymnasium name actions by integers from a fixed range and observe the
game through arrays of fixed shape. This module gives both, for any :class:`~pitch13.Rules`:

* **action ids** (:func:`action_id`, :func:`action_from_id`, :func:`legal_ids`,
  :func:`legal_mask`), a table that is part of the library's interface;
* the **observation** of one seat (:func:`encode`, :func:`encode_view`), a vector of
  :data:`OBS_SIZE` floats laid out by :data:`OBSERVATION_SPEC` (``"pitch13.obs/1"``);
* the **information state** of one seat: the hand as the seat saw it, as a sequence of token ids
  (:func:`info_state_ids`, :func:`info_state_one_hot`) and as a vector of fixed size
  (:func:`info_state_tensor`); and both as text (:func:`observation_string`,
  :func:`info_state_string`);
* a **privileged** encoding (:func:`encode_privileged`) that adds every hidden card, for oracle
  training and analysis: it shows what no seat may know, and nothing a seat is shown uses it.

The action ids need nothing but pitch13; the arrays need NumPy (``pip install 'pitch13[rl]'``):
the functions that return one raise :class:`ImportError` saying so when it is missing.

Action ids
----------

Every action a seat can take under any rules has an id from 0 to ``NUM_ACTIONS - 1`` (237 of
them), and the ids of :func:`~pitch13.legal_actions` ascend in the order it lists them, as
OpenSpiel requires. Chance's :class:`~pitch13.Deal` has no id: a framework deals by its own means.

==============================  ============  ============================
action                          ids           id
==============================  ============  ============================
:class:`~pitch13.Pass`          0             0
:class:`~pitch13.Bid`           1 to 13       the amount
:class:`~pitch13.NameTrump`     14 to 17      14 + the suit (C, D, H, S)
:class:`~pitch13.TurnUp`        18            18
:class:`~pitch13.Reject`        19            19
:class:`~pitch13.Stop`          20            20
:class:`~pitch13.Discard`       21 to 74      21 + the card's index
:class:`~pitch13.Take`          75 to 128     75 + the card's index
:class:`~pitch13.GiveUp`        129 to 182    129 + the card's index
:class:`~pitch13.Play`          183 to 236    183 + the card's index
==============================  ============  ============================

The table does not change within a major version.

>>> from pitch13 import Bid, Card, Play, new_game, legal_actions
>>> from pitch13.encoding import NUM_ACTIONS, action_from_id, action_id, legal_ids
>>> NUM_ACTIONS, action_id(Bid(5)), action_id(Play(Card.parse("JH")))
(237, 5, 218)
>>> action_from_id(218)
Play(card=Card.parse('JH'))
>>> state = new_game(seed=7)
>>> legal_ids(state)[:4]
(0, 4, 5, 6)

The observation
---------------

:func:`encode` ``(state, seat)`` is what ``seat`` may know (R-INFO-1, R-INFO-2) and nothing
more, seat-relative: "seat +k" is the seat ``k`` places to the viewer's left (+0 is the viewer,
+2 its partner), and "our team" is the viewer's. It equals :func:`encode_view` of the seat's
:func:`~pitch13.view`, which reads only the view (the tests check both agree, and that a state
sampled from the view encodes the same). Every value is from -1 to 1; all but the last ten are
0 or 1. Card planes have 54 entries, by :attr:`Card.index <pitch13.Card.index>`. The layout,
:data:`OBSERVATION_SPEC` (its ``fields`` give each offset):

======================  =====  ===============================================================
field                   size   value
======================  =====  ===============================================================
``phase``               8      one-hot: deal, bidding, trump, discard, pickup, look, play, game over
``to_act``              4      one-hot by relative seat; all 0 for chance or a game over
``dealer``              4      one-hot by relative seat
``calls``               60     per relative seat, one-hot of 15: not yet called, pass, bid 1 to 13
``high_bid``            14     one-hot: none, 1 to 13
``bidder``              4      the seat that won the auction, by relative seat (once it is won)
``trump``               4      one-hot: clubs, diamonds, hearts, spades
``out``                 4      the seats announced out of trump (R-PLAY-3), by relative seat
``card_turned_up``      1      a stock card is turned up and waiting for a decision
``trick_leader``        4      the seat that led the current trick, by relative seat
``hand``                54     the viewer's hand
``middle``              54     the face-up cards in the middle
``takeable``            54     the cards in the middle that may still be picked up
``dead_face_up``        54     the face-up cards of the dead pile
``dead_known``          54     face-down dead cards the viewer knows, because it put them there
``turned_card``         54     the turned-up stock card, when the viewer turned it up
``trick``               216    the current trick: a card plane per relative seat
``played``              216    the cards each relative seat played this hand (the trick's too)
``known_held``          162    cards known to be in the hands of seats +1, +2, +3 (picked up
                               from the middle, or claimed by the partner: :attr:`SeatView.known_held
                               <pitch13.SeatView.known_held>`)
``unseen``              54     the cards whose place the viewer does not know
``scores``              2      our team's and theirs, divided by the target, clipped to [-1, 1]
``hand_sizes``          4      each relative seat's number of cards, divided by 9
``stock_size``          1      the cards left in the stock, divided by 18
``dead_face_down``      1      the face-down cards of the dead pile, divided by 54
``points_taken``        2      the points our team and theirs took this hand, divided by 13
======================  =====  ===============================================================

At the end of the game it shows the hand that ended, as the view does; at a chance state between
two hands (a game whose caller deals) the fields of the hand are empty, as the view's are.

Information states
------------------

:func:`info_state_ids` is the hand as the seat saw it (:attr:`SeatView.history
<pitch13.SeatView.history>`), one token or more per entry, each token ``who * 733 + what``
(:data:`INFO_VOCAB` = 3,665 tokens): ``who`` is the relative seat the entry is about (0 to 3; for
a team, 0 is ours and 1 theirs), or 4 for none; ``what`` is

=============  ==================================================================
what           meaning
=============  ==================================================================
0 to 236       the seat action with that id (a turn-up or reject whose card it did not see included)
237 + card     it turned this card up (only the seat that did sees it)
291            it gave up a card face down that the viewer cannot name
292 + card     it took this card in the look-through (seen by the seat that did)
346 + card     it rejected this card, which the viewer saw
400 + card     this card was rejected for it, forced (the stock card it could not take)
454            a forced reject the viewer did not see
455 + card     this card was dealt to the viewer
509            it deals this hand
510 + card     it received this card in the refill
564 + count    it received this many cards in the refill (0 to 9)
574 + card     it discarded this dead card face up (R-DISC-1)
628 + card     the hand ended early, and this team was given this card (R-PLAY-7)
682            it is out of trump
683            it won a trick
684            it won the auction
685 + count    the rest of the stock (0 to 18 cards) was handed to it (R-LOOK-3)
704 + count    this many stock cards went unseen to the dead pile
723 + reason   the hand was thrown in, for a reason of :class:`~pitch13.events.ThrowInReason`
731            the hand was scored
732            this team won the game
=============  ==================================================================

:func:`info_state_one_hot` is that sequence one-hot, one row per token.
:func:`info_state_tensor` is a vector of fixed size for frameworks that need one
(:data:`INFO_STATE_SIZE` = 6,074 values): the observation; each finished trick of the hand, its
leader and a card plane per relative seat (6 tricks, 220 entries each); and how many times each
token id occurs, divided by 18. It keeps everything the seat saw of the hand, but not the order of the steps
outside the tricks (:func:`info_state_ids` does).

Costs
-----

:func:`action_id` and :func:`action_from_id` are O(1) (a table lookup); :func:`legal_ids` and
:func:`legal_mask` are O(legal actions). :func:`encode` and :func:`encode_privileged` are O(1):
they read the state and what the seat saw of the hand, which a state keeps for the states after
it, so a line of play reads each entry once (a state on another branch of the hand reads the
hand again, O(entries of the hand)); :func:`encode` takes 10 to 20 microseconds.
:func:`encode_view`, :func:`info_state_ids`, :func:`info_state_one_hot`,
:func:`info_state_tensor`, :func:`observation_string` and :func:`info_state_string` are
O(entries of the hand). None of them costs more as more hands are played.
"""

from __future__ import annotations

import operator
from typing import Final, SupportsIndex, cast

from pitch13._base.checks import check_seat, excerpt
from pitch13._core.action_sets import BIDS, DISCARDS, GIVE_UPS, NAME_TRUMPS, PLAYS, TAKES
from pitch13._core.masks import mask_of
from pitch13._info import observation
from pitch13._info.observation import Field, ObservationSpec, fields_of
from pitch13.actions import (
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    Bid,
    Deal,
    Discard,
    GiveUp,
    NameTrump,
    Pass,
    Play,
    Reject,
    SeatAction,
    Stop,
    Take,
    TurnUp,
)
from pitch13.cards import Card
from pitch13.engine import legal_actions
from pitch13.events import (
    AuctionWon,
    DeadCardsDiscarded,
    GameOver,
    HandEndedEarly,
    HandScored,
    HandThrownIn,
    SeatOut,
    StockDiscarded,
    StockHandedOver,
    ThrowInReason,
    TrickWon,
)
from pitch13.seen import DealSeen, GiveUpSeen, RefillSeen, RejectSeen, SeenEntry, TurnUpSeen
from pitch13.state import GameState
from pitch13.views import SeatView, view

# Without NumPy the names are left unbound, not bound to None, so that a type checker sees the
# arrays' types whatever it makes of the import.
try:
    import numpy as np
    import numpy.typing as npt  # at run time too, for typing.get_type_hints
except ImportError:  # pragma: no cover - the tests run with NumPy
    _NUMPY = False
else:
    _NUMPY = True

__all__ = [
    "INFO_STATE_SIZE",
    "INFO_VOCAB",
    "NUM_ACTIONS",
    "OBSERVATION_SPEC",
    "OBS_SIZE",
    "PRIVILEGED_SIZE",
    "Field",
    "ObservationSpec",
    "action_from_id",
    "action_id",
    "encode",
    "encode_privileged",
    "encode_view",
    "info_state_ids",
    "info_state_one_hot",
    "info_state_string",
    "info_state_tensor",
    "legal_ids",
    "legal_mask",
    "observation_string",
]


def _table() -> tuple[SeatAction, ...]:
    # The engine's own action objects, which legal_actions returns: an id is found by identity.
    actions: list[SeatAction] = [PASS]
    actions += BIDS[1:]
    actions += NAME_TRUMPS
    actions += [TURN_UP, REJECT, STOP]
    for kind in (DISCARDS, TAKES, GIVE_UPS, PLAYS):
        actions += kind
    return tuple(actions)


#: Every action by its id.
_ACTIONS: Final = _table()
#: Every action's id.
_IDS: Final = {action: number for number, action in enumerate(_ACTIONS)}
#: The id of each of the engine's action objects, by identity (they live as long as the table).
_IDS_BY_IDENTITY: Final = {id(action): number for number, action in enumerate(_ACTIONS)}

#: How many action ids there are: ids run from 0 to ``NUM_ACTIONS - 1``.
NUM_ACTIONS: Final = len(_ACTIONS)


def action_id(action: SeatAction) -> int:
    """The id of a seat's action (see the table above).

    Raises:
        TypeError: if ``action`` is not an action.
        ValueError: if it is one no seat can take under any rules: a :class:`~pitch13.Deal`
            (chance's), or a bid below 1 or above 13.
    """
    number = _IDS_BY_IDENTITY.get(id(action))
    if number is not None:
        return number
    try:
        return _IDS[action]
    except KeyError:
        pass
    except TypeError:  # unhashable: not an action
        raise TypeError(f"action_id() takes an action, not {excerpt(action)}") from None
    if isinstance(action, Deal):
        raise ValueError("a Deal is chance's action and has no action id")
    if isinstance(action, Bid):  # every other seat action is in the table
        amount = excerpt(action.amount)  # a bid of any int, however long
        raise ValueError(f"Bid(amount={amount}) has no action id: no rules allow a bid outside 1 to 13")
    raise TypeError(f"action_id() takes an action, not {excerpt(action)}")


def action_from_id(number: SupportsIndex) -> SeatAction:
    """The action whose id is ``number``: an int, or a NumPy integer (as ``argmax`` gives).

    Raises:
        TypeError: if ``number`` is not an integer, or is a bool (``True`` is no action id).
        ValueError: if it is not from 0 to ``NUM_ACTIONS - 1``.
    """
    try:
        # A bool, Python's or NumPy's: NumPy's has no index from NumPy 2.3, and before gives one
        # with a DeprecationWarning.
        if isinstance(number, bool) or getattr(getattr(number, "dtype", None), "kind", None) == "b":
            raise TypeError
        number = operator.index(number)
    except TypeError:
        raise TypeError(f"an action id is an int, not {excerpt(number)}") from None
    if not 0 <= number < NUM_ACTIONS:
        raise ValueError(f"an action id is from 0 to {NUM_ACTIONS - 1}, not {excerpt(number)}")
    return _ACTIONS[number]


def legal_ids(game: GameState | SeatView) -> tuple[int, ...]:
    """The ids of the legal actions of a state, or of a view's seat, in ascending order.

    For a state, the ids of :func:`~pitch13.legal_actions` (none for chance or a game over);
    for a view, those of its :attr:`~pitch13.SeatView.legal_actions` (none unless its seat is
    to act).

    Raises:
        TypeError: if ``game`` is neither a :class:`~pitch13.GameState` nor a
            :class:`~pitch13.SeatView`.
    """
    if isinstance(game, GameState):
        actions = legal_actions(game)
    elif isinstance(game, SeatView):
        actions = game.legal_actions
    else:
        raise TypeError(f"legal_ids() takes a GameState or a SeatView, not {excerpt(game)}")
    by_identity = _IDS_BY_IDENTITY
    found = [by_identity.get(id(action)) for action in actions]
    if None in found:  # actions made elsewhere (a view read from a document): by equality
        return tuple([_IDS[action] for action in actions])
    return tuple(found)  # type: ignore[arg-type]


def legal_mask(game: GameState | SeatView) -> npt.NDArray[np.int8]:
    """The legal action ids of a state (of its seat to act), or of a view's seat, as a mask.

    An array of :data:`NUM_ACTIONS` ``int8`` values, 1 where the id is legal (PettingZoo's and
    Gymnasium's ``action_mask``); all 0 for chance, a game over, or a view whose seat is not to
    act. ``mask.nonzero()[0]`` gives back :func:`legal_ids`.

    Raises:
        ImportError: if NumPy is not installed.
        TypeError: if ``game`` is neither a :class:`~pitch13.GameState` nor a
            :class:`~pitch13.SeatView`.
    """
    ids = legal_ids(game)
    _numpy()
    mask = np.zeros(NUM_ACTIONS, np.int8)
    if ids:
        mask[list(ids)] = 1
    return mask


def _numpy() -> None:
    if not _NUMPY:  # pragma: no cover - the tests run with NumPy
        raise ImportError("pitch13.encoding's arrays need NumPy: pip install 'pitch13[rl]'")


# --- the observation layout ----------------------------------------------------------------------


# Made in the observation's own module, as the layout it publishes; documented and pickled here.
Field.__module__ = ObservationSpec.__module__ = __name__


#: The layout of :func:`encode`'s vector (the table above).
OBSERVATION_SPEC: Final = ObservationSpec("pitch13.obs/1", fields_of(observation.LAYOUT))
#: The size of an observation: 1,089 values.
OBS_SIZE: Final = OBSERVATION_SPEC.size
assert {f.name: f.offset for f in OBSERVATION_SPEC.fields} == observation.AT


def _array(bits: int, floats: tuple[float, ...], nbits: int = observation.NBITS) -> npt.NDArray[np.float32]:
    out = np.empty(nbits + len(floats), np.float32)
    raw = np.frombuffer(bits.to_bytes((nbits + 7) // 8, "little"), np.uint8)
    out[:nbits] = np.unpackbits(raw, count=nbits, bitorder="little")
    out[nbits:] = floats
    return out


def _check(state: object, seat: object, name: str, *, arrays: bool = True) -> int:
    """``seat``, checked, for ``name(state, seat)``; with ``arrays``, NumPy must be there."""
    if type(state) is not GameState:
        raise TypeError(f"{name}() takes a GameState, not {excerpt(state)}")
    if arrays:
        _numpy()
    return check_seat(seat)


def encode(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """What ``seat`` may know of ``state``, as :data:`OBS_SIZE` floats (layout ``"pitch13.obs/1"``).

    Seat-relative, from -1 to 1; equal to :func:`encode_view` ``(view(state, seat))``. O(1):
    10 to 20 microseconds.

    >>> import pitch13
    >>> from pitch13.encoding import OBSERVATION_SPEC, encode
    >>> obs = encode(pitch13.new_game(seed=7), 1)
    >>> obs.shape, obs.dtype, int(obs[OBSERVATION_SPEC.field("hand").slice].sum())
    ((1089,), dtype('float32'), 9)

    Raises:
        ImportError: if NumPy is not installed.
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    if type(state) is not GameState or type(seat) is not int or not 0 <= seat <= 3 or not _NUMPY:
        seat = _check(state, seat, "encode")
    return _array(observation.bits(state, seat), observation.floats(state, seat))


def encode_view(seat_view: SeatView) -> npt.NDArray[np.float32]:
    """The observation of a seat's view: what :func:`encode` gives for the state it was made from.

    It reads only the view's fields, the way to encode what a client was sent. O(entries of the
    hand).

    Raises:
        ImportError: if NumPy is not installed.
        TypeError: if ``seat_view`` is not a :class:`~pitch13.SeatView`.
        ValueError: if it is a spectator's view, which has no seat to be relative to.
    """
    if not isinstance(seat_view, SeatView):
        raise TypeError(f"encode_view() takes a SeatView, not {excerpt(seat_view)}")
    _numpy()
    v = seat_view
    seat = v.seat
    if seat is None:
        raise ValueError("encode_view() takes a seat's view, not a spectator's")

    at = observation.AT

    def rel(s: int) -> int:
        return (s - seat) & 3

    b = observation.PHASE_BIT[v.phase] | 1 << (at["dealer"] + rel(v.dealer))
    if v.to_act is not None:
        b |= 1 << (at["to_act"] + rel(v.to_act))
    for s, call in enumerate(v.bids):
        b |= 1 << (at["calls"] + rel(s) * 15 + (0 if call is None else call + 1))
    b |= 1 << (at["high_bid"] + (v.high_bid or 0))
    if v.bidder is not None:
        b |= 1 << (at["bidder"] + rel(v.bidder))
    if v.trump is not None:
        b |= 1 << (at["trump"] + v.trump.value)
    for s in v.out:
        b |= 1 << (at["out"] + rel(s))
    if v.card_turned_up:
        b |= 1 << at["card_turned_up"]
    if v.turned_card is not None:
        b |= 1 << (at["turned_card"] + v.turned_card.index)
    if v.trick:
        b |= 1 << (at["trick_leader"] + rel(v.trick[0][0]))
    for s, card in v.trick:
        b |= 1 << (at["trick"] + rel(s) * 54 + card.index)
    b |= (
        mask_of(v.hand) << at["hand"]
        | mask_of(v.middle) << at["middle"]
        | mask_of(v.takeable) << at["takeable"]
    )
    b |= mask_of(v.dead_face_up) << at["dead_face_up"] | mask_of(v.dead_known) << at["dead_known"]
    for s, card in [play for trick in v.tricks for play in trick.plays] + list(v.trick):
        b |= 1 << (at["played"] + rel(s) * 54 + card.index)
    held = v.known_held
    for k in (1, 2, 3):
        b |= mask_of(held[(seat + k) & 3]) << (at["known_held"] + (k - 1) * 54)
    b |= mask_of(v.unseen) << at["unseen"]
    ours, theirs = v.scores[seat & 1], v.scores[(seat & 1) ^ 1]
    target = v.rules.target
    sizes = [v.hand_sizes[(seat + k) & 3] / 9 for k in range(4)]
    taken = v.points_taken[seat & 1], v.points_taken[(seat & 1) ^ 1]
    floats = (
        min(1.0, max(-1.0, ours / target)),
        min(1.0, max(-1.0, theirs / target)),
        *sizes,
        v.stock_size / 18,
        v.dead_face_down / 54,
        taken[0] / 13,
        taken[1] / 13,
    )
    return _array(b, floats)


# --- the information state -----------------------------------------------------------------------

#: Tokens per "who" (a relative seat or team, or none), and the number of token ids.
_PER_WHO: Final = 733
#: The number of information-state token ids: ids run from 0 to ``INFO_VOCAB - 1``.
INFO_VOCAB: Final = 5 * _PER_WHO
_TURNED_SEEN, _GAVE_HIDDEN, _TOOK, _REJECTED = 237, 291, 292, 346
_FORCED, _FORCED_HIDDEN, _DEALT, _DEALS = 400, 454, 455, 509
_REFILL_CARD, _REFILL_COUNT, _DEAD_DISCARD, _CLAIMED = 510, 564, 574, 628
_OUT_T, _TRICK_WON, _AUCTION_WON, _HANDED, _UNSEEN_T = 682, 683, 684, 685, 704
_THROWN, _SCORED, _GAME_WON = 723, 731, 732
_REASONS: Final = tuple(ThrowInReason)
_NOBODY: Final = 4 * _PER_WHO


def _tokens(entry: SeenEntry, seat: int) -> list[int]:
    """The tokens of one seen entry, for ``seat`` (``who * 733 + what``)."""
    item = entry.item

    def who(s: int) -> int:
        return ((s - seat) & 3) * _PER_WHO

    def team(t: int) -> int:
        return (0 if t == seat & 1 else 1) * _PER_WHO

    if isinstance(item, (Pass, Bid, NameTrump, Discard, Take, Stop, Play, TurnUp, Reject, GiveUp)):
        assert entry.seat is not None
        return [who(entry.seat) + _IDS[item]]
    if isinstance(item, TurnUpSeen):
        return [who(item.seat) + (_IDS[TURN_UP] if item.card is None else _TURNED_SEEN + item.card.index)]
    if isinstance(item, GiveUpSeen):
        given = _GAVE_HIDDEN if item.given is None else _IDS[GiveUp(item.given)]
        took = [] if item.taken is None else [who(item.seat) + _TOOK + item.taken.index]
        return [who(item.seat) + given, *took]
    if isinstance(item, RejectSeen):
        if item.forced:
            what = _FORCED_HIDDEN if item.card is None else _FORCED + item.card.index
        else:
            what = _IDS[REJECT] if item.card is None else _REJECTED + item.card.index
        return [who(item.seat) + what]
    if isinstance(item, DealSeen):
        return [who(item.dealer) + _DEALS, *[_DEALT + card.index for card in item.cards]]
    if isinstance(item, RefillSeen):
        w = who(item.seat)
        return [w + _REFILL_COUNT + item.count, *[w + _REFILL_CARD + card.index for card in item.cards]]
    if isinstance(item, DeadCardsDiscarded):
        return [who(item.seat) + _DEAD_DISCARD + card.index for card in item.cards]
    if isinstance(item, HandEndedEarly):
        return [team(item.team) + _CLAIMED + card.index for card in item.cards]
    if isinstance(item, SeatOut):
        return [who(item.seat) + _OUT_T]
    if isinstance(item, TrickWon):
        return [who(item.trick.winner) + _TRICK_WON]
    if isinstance(item, AuctionWon):
        return [who(item.seat) + _AUCTION_WON]
    if isinstance(item, StockHandedOver):
        return [who(item.seat) + _HANDED + item.count]
    if isinstance(item, StockDiscarded):
        return [_NOBODY + _UNSEEN_T + item.count]
    if isinstance(item, HandThrownIn):
        return [_NOBODY + _THROWN + _REASONS.index(item.reason)]
    if isinstance(item, HandScored):
        return [_NOBODY + _SCORED]
    if isinstance(item, GameOver):
        return [team(item.outcome.winner) + _GAME_WON]
    raise AssertionError(f"no tokens for {item!r}")  # every seen item is handled above


def info_state_ids(state: GameState, seat: int) -> tuple[int, ...]:
    """The hand as ``seat`` saw it so far, as token ids from 0 to ``INFO_VOCAB - 1`` (the table above).

    O(entries of the hand).

    >>> import pitch13
    >>> from pitch13.encoding import info_state_ids
    >>> ids = info_state_ids(pitch13.apply(pitch13.new_game(seed=7), pitch13.Pass()), 2)
    >>> len(ids), ids[-1] == 3 * 733 + 0  # 9 dealt cards, the dealer; seat 1 (seat 2's +3) passed
    (11, True)

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    seat = _check(state, seat, "info_state_ids", arrays=False)
    return tuple(_ids(view(state, seat)))


def _ids(seat_view: SeatView) -> list[int]:
    """The token ids of a seat's view's history (:func:`info_state_ids`)."""
    seat = cast(int, seat_view.seat)
    ids: list[int] = []
    for entry in seat_view.history:
        ids += _tokens(entry, seat)
    return ids


def info_state_one_hot(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """:func:`info_state_ids` one-hot: one row of :data:`INFO_VOCAB` floats per token.

    Raises:
        ImportError: if NumPy is not installed.
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    seat = _check(state, seat, "info_state_one_hot")
    ids = _ids(view(state, seat))
    out = np.zeros((len(ids), INFO_VOCAB), np.float32)
    out[np.arange(len(ids)), list(ids)] = 1.0
    return out


#: The most tricks a hand can have: nobody holds more than 6 trumps when play starts (R-DISC-2).
_MAX_TRICKS: Final = 6
#: Each finished trick's block: its leader by relative seat, then a card plane per relative seat.
_TRICK_BLOCK: Final = 4 + 4 * 54
#: Where the token counts start in :func:`info_state_tensor`.
_COUNTS: Final = OBS_SIZE + _MAX_TRICKS * _TRICK_BLOCK
#: The most times one token id occurs in a hand: a seat turns up at most the 18 stock cards.
_MOST_TOKENS: Final = 18
#: The size of :func:`info_state_tensor`: the observation, 6 tricks, and a count per token id.
INFO_STATE_SIZE: Final = _COUNTS + INFO_VOCAB


def info_state_tensor(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """The information state as a vector of fixed size, :data:`INFO_STATE_SIZE` floats.

    Three parts: :func:`encode`; the finished tricks of the hand, trick ``t`` (from 1) a block of
    220 entries at ``OBS_SIZE + 220 * (t - 1)`` (its leader by relative seat, then a card plane
    per relative seat); and how many times each token id of :func:`info_state_ids` occurs,
    divided by 18 (the most a token can occur), from ``OBS_SIZE + 1320``. Every value is from -1
    to 1. Two states that give the same string
    (:func:`info_state_string`) give the same tensor. Two that give the same tensor differ at
    most in the order of steps outside the tricks that the counts do not keep, such as which of
    two look-through steps came first; :func:`info_state_ids` keeps every order. O(entries of
    the hand).

    Raises:
        ImportError: if NumPy is not installed.
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    seat = _check(state, seat, "info_state_tensor")
    seat_view = view(state, seat)
    out = np.zeros(INFO_STATE_SIZE, np.float32)
    out[:OBS_SIZE] = encode(state, seat)
    for t, trick in enumerate(seat_view.tricks):
        at = OBS_SIZE + t * _TRICK_BLOCK
        out[at + ((trick.plays[0][0] - seat) & 3)] = 1.0
        for s, card in trick.plays:
            out[at + 4 + ((s - seat) & 3) * 54 + card.index] = 1.0
    counts = np.bincount(np.array(_ids(seat_view), np.int64), minlength=INFO_VOCAB)
    out[_COUNTS:] = counts / _MOST_TOKENS
    return out


# --- the privileged encoding ---------------------------------------------------------------------

#: The size of :func:`encode_privileged`: the observation, the four hands, the stock and the dead pile.
PRIVILEGED_SIZE: Final = OBS_SIZE + 6 * 54


def encode_privileged(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """The observation of ``seat``, then every card's place: for oracle training, never for play.

    After the :data:`OBS_SIZE` values of :func:`encode` come six card planes: the hands of the
    relative seats +0 to +3, the stock, and the whole dead pile (face down included). They show
    what no seat may know (R-INFO-2): feed them to a learner as a teacher's input, never to a
    player's policy. O(1).

    Raises:
        ImportError: if NumPy is not installed.
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    seat = _check(state, seat, "encode_privileged")
    hands = state._hands
    stock = 0
    for index in state._stock:
        stock |= 1 << index
    turned = state._turned
    if turned >= 0:
        stock |= 1 << turned  # the turned-up card is the stock's until it is decided on
    b = (
        hands[seat]
        | hands[(seat + 1) & 3] << 54
        | hands[(seat + 2) & 3] << 108
        | hands[(seat + 3) & 3] << 162
        | stock << 216
        | state._dead << 270
    )
    out = np.empty(PRIVILEGED_SIZE, np.float32)
    out[:OBS_SIZE] = encode(state, seat)
    out[OBS_SIZE:] = np.unpackbits(
        np.frombuffer(b.to_bytes(41, "little"), np.uint8), count=324, bitorder="little"
    )
    return out


# --- text ----------------------------------------------------------------------------------------


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards) or "-"


def observation_string(state: GameState, seat: int) -> str:
    """What ``seat`` may know of ``state`` as text, one field a line (OpenSpiel's observation string).

    O(entries of the hand).

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    v = view(state, _check(state, seat, "observation_string", arrays=False))
    bids = " ".join("-" if b is None else "pass" if b == 0 else str(b) for b in v.bids)
    trump = "-" if v.trump is None else v.trump.letter
    lines = [
        f"seat {v.seat}; hand {v.hand_number}; dealer {v.dealer}; scores {v.scores[0]} {v.scores[1]}",
        f"phase {v.phase.value}; to act {'-' if v.to_act is None else v.to_act}",
        f"bids {bids}; bidder {'-' if v.bidder is None else v.bidder}; bid {v.bid or '-'}; trump {trump}",
        f"hand {_cards(v.hand)}",
        f"sizes {' '.join(str(n) for n in v.hand_sizes)}; stock {v.stock_size}; out {' '.join(map(str, sorted(v.out))) or '-'}",
        f"middle {_cards(v.middle)}; takeable {_cards(v.takeable)}",
        f"dead up {_cards(v.dead_face_up)}; dead down {v.dead_face_down}; dead known {_cards(v.dead_known)}",
        f"turned {'-' if not v.card_turned_up else '?' if v.turned_card is None else v.turned_card}",
        f"trick {' '.join(f'{s}:{c}' for s, c in v.trick) or '-'}",
        "played "
        + "; ".join(_cards(tuple(c for t in v.tricks for s2, c in t.plays if s2 == s)) for s in range(4)),
        "held " + "; ".join(_cards(cards) for cards in v.known_held),
        f"points {v.points_taken[0]} {v.points_taken[1]}; unseen {len(v.unseen)}",
    ]
    return "\n".join(lines)


def info_state_string(state: GameState, seat: int) -> str:
    """The hand as ``seat`` saw it, as text (OpenSpiel's information-state string).

    A line of the game (the seat, the hand's number, the first dealer and the scores as they
    stand), then each entry of the seat's history of the hand in its notation
    (:mod:`pitch13.seen`). Within a hand, two states give the same string exactly when the seat
    cannot tell them apart; the hands before it are known only by the scores. O(entries of the
    hand).

    Raises:
        TypeError: if ``state`` is not a :class:`~pitch13.GameState` or ``seat`` not an int.
        ValueError: if ``seat`` is not from 0 to 3.
    """
    v = view(state, _check(state, seat, "info_state_string", arrays=False))
    head = f"seat {v.seat}; hand {v.hand_number}; first dealer {v.first_dealer}; scores {v.scores[0]} {v.scores[1]}"
    return "\n".join([head, *(str(entry) for entry in v.history)])
