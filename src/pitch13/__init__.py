"""pitch13: the rules of 13-point partner pitch as a typed, immutable Python library.

The package itself holds what a program that embeds the game needs: the engine
(:func:`new_game`, :func:`legal_actions`, :func:`apply`), the state and its values, the rules,
cards, actions, views, sampling, records and errors. The rest lives in modules of its own:
:mod:`pitch13.events` (the events of the history), :mod:`pitch13.rules` (the option enums,
though ``Rules`` takes their string values), :mod:`pitch13.seen` (what a seat saw),
:mod:`pitch13.trumps` (trump ranks and points), :mod:`pitch13.bots` and :mod:`pitch13.testing`.

>>> import pitch13
>>> state = pitch13.new_game(pitch13.Rules(), dealer=0, seed=7)
>>> state.phase, state.to_act
(<Phase.BIDDING: 'bidding'>, 1)
>>> pitch13.legal_actions(state)[:3]
(Pass(), Bid(amount=4), Bid(amount=5))
"""

import importlib
import sys
import warnings
from typing import TYPE_CHECKING

from pitch13 import bots as bots
from pitch13 import events as events
from pitch13 import rules as rules
from pitch13 import seen as seen
from pitch13 import trumps as trumps
from pitch13.actions import (
    PASS,
    REJECT,
    STOP,
    TURN_UP,
    Action,
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
    new_seed,
    parse_action,
    seed_commitment,
    shuffled_deck,
)
from pitch13.cards import BLACK_JOKER, DECK, RED_JOKER, Card, Rank, Suit, parse_cards
from pitch13.engine import apply, legal_actions, new_game, why_illegal
from pitch13.errors import (
    ActionParseError,
    BotError,
    BotFailedError,
    CardParseError,
    DocumentError,
    FairnessError,
    GameTooLongError,
    IllegalActionError,
    IllegalReason,
    RulesError,
    SamplingError,
)
from pitch13.records import (
    GameRecord,
    HandRecord,
    replay,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from pitch13.rules import Rules
from pitch13.sampling import sample_state
from pitch13.scoring import HandResult, Outcome, PointCard, Termination, Trick, team_of
from pitch13.state import GameState, HistoryEntry, Phase
from pitch13.views import (
    Place,
    PlaceInfo,
    SeatView,
    ViewDelta,
    spectator_view,
    view,
    view_delta,
)

__version__ = "0.2.0"

__all__ = [
    "BLACK_JOKER",
    "DECK",
    "PASS",
    "RED_JOKER",
    "REJECT",
    "STOP",
    "TURN_UP",
    "Action",
    "ActionParseError",
    "Bid",
    "BotError",
    "BotFailedError",
    "Card",
    "CardParseError",
    "Deal",
    "Discard",
    "DocumentError",
    "FairnessError",
    "GameRecord",
    "GameState",
    "GameTooLongError",
    "GiveUp",
    "HandRecord",
    "HandResult",
    "HistoryEntry",
    "IllegalActionError",
    "IllegalReason",
    "NameTrump",
    "Outcome",
    "Pass",
    "Phase",
    "Place",
    "PlaceInfo",
    "Play",
    "PointCard",
    "Rank",
    "Reject",
    "Rules",
    "RulesError",
    "SamplingError",
    "SeatAction",
    "SeatView",
    "Stop",
    "Suit",
    "Take",
    "Termination",
    "Trick",
    "TurnUp",
    "ViewDelta",
    "__version__",
    "apply",
    "legal_actions",
    "new_game",
    "new_seed",
    "parse_action",
    "parse_cards",
    "replay",
    "sample_state",
    "seed_commitment",
    "shuffled_deck",
    "spectator_view",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "team_of",
    "view",
    "view_delta",
    "why_illegal",
]

#: Names that left the package's root for a module of their own: they are still found here,
#: with a DeprecationWarning, until version 0.3.
_MOVED = {
    "AllPass": "pitch13.rules",
    "AuctionWon": "pitch13.events",
    "Bot": "pitch13.bots",
    "CardRejected": "pitch13.events",
    "DeadCardsDiscarded": "pitch13.events",
    "DealSeen": "pitch13.seen",
    "DeuceTo": "pitch13.rules",
    "Event": "pitch13.events",
    "GameOver": "pitch13.events",
    "GiveUpSeen": "pitch13.seen",
    "HandDealt": "pitch13.events",
    "HandEndedEarly": "pitch13.events",
    "HandScored": "pitch13.events",
    "HandThrownIn": "pitch13.events",
    "JokerOrder": "pitch13.rules",
    "LeadFallback": "pitch13.rules",
    "LookTake": "pitch13.rules",
    "MadeBidScores": "pitch13.rules",
    "MoonFailure": "pitch13.rules",
    "MoonSuccess": "pitch13.rules",
    "Pickup": "pitch13.rules",
    "PublicItem": "pitch13.seen",
    "RandomBot": "pitch13.bots",
    "RefillSeen": "pitch13.seen",
    "Refilled": "pitch13.events",
    "RejectSeen": "pitch13.seen",
    "SeatOut": "pitch13.events",
    "SeenEntry": "pitch13.seen",
    "SeenItem": "pitch13.seen",
    "ShortStock": "pitch13.rules",
    "SimpleBot": "pitch13.bots",
    "StockDiscarded": "pitch13.events",
    "StockHandedOver": "pitch13.events",
    "TargetRule": "pitch13.rules",
    "ThrowInReason": "pitch13.events",
    "TrickWon": "pitch13.events",
    "TurnUpSeen": "pitch13.seen",
    "card_points": "pitch13.trumps",
    "is_trump": "pitch13.trumps",
    "play_game": "pitch13.bots",
    "seen_history": "pitch13.seen",
    "trump_order": "pitch13.trumps",
    "trump_power": "pitch13.trumps",
}


if TYPE_CHECKING:
    # What type checkers see of the names in _MOVED (they do not see __getattr__, so that any
    # other name is an error). The tests check that the two agree.
    from collections.abc import Callable
    from typing import ParamSpec, Protocol, TypeAlias, TypeVar, runtime_checkable

    from typing_extensions import deprecated

    _P = ParamSpec("_P")
    _R = TypeVar("_R")

    def _typed_as(function: Callable[_P, _R]) -> Callable[[Callable[..., object]], Callable[_P, _R]]:
        """Give the function it decorates the type of ``function``."""

    # A function is marked deprecated (PEP 702) and typed as the function it names.

    @deprecated("import it from pitch13.trumps (it leaves pitch13's root in 0.3)")
    @_typed_as(trumps.card_points)
    def card_points(*args: object, **kwargs: object) -> object:
        """Deprecated here: :func:`pitch13.trumps.card_points`."""

    @deprecated("import it from pitch13.trumps (it leaves pitch13's root in 0.3)")
    @_typed_as(trumps.is_trump)
    def is_trump(*args: object, **kwargs: object) -> object:
        """Deprecated here: :func:`pitch13.trumps.is_trump`."""

    @deprecated("import it from pitch13.bots (it leaves pitch13's root in 0.3)")
    @_typed_as(bots.play_game)
    def play_game(*args: object, **kwargs: object) -> object:
        """Deprecated here: :func:`pitch13.bots.play_game`."""

    @deprecated("import it from pitch13.seen (it leaves pitch13's root in 0.3)")
    @_typed_as(seen.seen_history)
    def seen_history(*args: object, **kwargs: object) -> object:
        """Deprecated here: :func:`pitch13.seen.seen_history`."""

    @deprecated("import it from pitch13.trumps (it leaves pitch13's root in 0.3)")
    @_typed_as(trumps.trump_order)
    def trump_order(*args: object, **kwargs: object) -> object:
        """Deprecated here: :func:`pitch13.trumps.trump_order`."""

    @deprecated("import it from pitch13.trumps (it leaves pitch13's root in 0.3)")
    @_typed_as(trumps.trump_power)
    def trump_power(*args: object, **kwargs: object) -> object:
        """Deprecated here: :func:`pitch13.trumps.trump_power`."""

    # A class is a deprecated subclass of the class it names (for a protocol, a protocol with
    # the same members, which accepts the same objects). What it makes passes wherever the real
    # class is expected; an annotation written with it, though, refuses an instance of the real
    # class (a checker reports the deprecated name there too).

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class AuctionWon(events.AuctionWon):
        """Deprecated here: :class:`pitch13.events.AuctionWon`."""

    @deprecated("import it from pitch13.bots (it leaves pitch13's root in 0.3)")
    @runtime_checkable
    class Bot(bots.Bot, Protocol):
        """Deprecated here: :class:`pitch13.bots.Bot`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class CardRejected(events.CardRejected):
        """Deprecated here: :class:`pitch13.events.CardRejected`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class DeadCardsDiscarded(events.DeadCardsDiscarded):
        """Deprecated here: :class:`pitch13.events.DeadCardsDiscarded`."""

    @deprecated("import it from pitch13.seen (it leaves pitch13's root in 0.3)")
    class DealSeen(seen.DealSeen):
        """Deprecated here: :class:`pitch13.seen.DealSeen`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class GameOver(events.GameOver):
        """Deprecated here: :class:`pitch13.events.GameOver`."""

    @deprecated("import it from pitch13.seen (it leaves pitch13's root in 0.3)")
    class GiveUpSeen(seen.GiveUpSeen):
        """Deprecated here: :class:`pitch13.seen.GiveUpSeen`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class HandDealt(events.HandDealt):
        """Deprecated here: :class:`pitch13.events.HandDealt`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class HandEndedEarly(events.HandEndedEarly):
        """Deprecated here: :class:`pitch13.events.HandEndedEarly`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class HandScored(events.HandScored):
        """Deprecated here: :class:`pitch13.events.HandScored`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class HandThrownIn(events.HandThrownIn):
        """Deprecated here: :class:`pitch13.events.HandThrownIn`."""

    @deprecated("import it from pitch13.bots (it leaves pitch13's root in 0.3)")
    class RandomBot(bots.RandomBot):
        """Deprecated here: :class:`pitch13.bots.RandomBot`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class Refilled(events.Refilled):
        """Deprecated here: :class:`pitch13.events.Refilled`."""

    @deprecated("import it from pitch13.seen (it leaves pitch13's root in 0.3)")
    class RefillSeen(seen.RefillSeen):
        """Deprecated here: :class:`pitch13.seen.RefillSeen`."""

    @deprecated("import it from pitch13.seen (it leaves pitch13's root in 0.3)")
    class RejectSeen(seen.RejectSeen):
        """Deprecated here: :class:`pitch13.seen.RejectSeen`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class SeatOut(events.SeatOut):
        """Deprecated here: :class:`pitch13.events.SeatOut`."""

    @deprecated("import it from pitch13.seen (it leaves pitch13's root in 0.3)")
    class SeenEntry(seen.SeenEntry):
        """Deprecated here: :class:`pitch13.seen.SeenEntry`."""

    @deprecated("import it from pitch13.bots (it leaves pitch13's root in 0.3)")
    class SimpleBot(bots.SimpleBot):
        """Deprecated here: :class:`pitch13.bots.SimpleBot`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class StockDiscarded(events.StockDiscarded):
        """Deprecated here: :class:`pitch13.events.StockDiscarded`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class StockHandedOver(events.StockHandedOver):
        """Deprecated here: :class:`pitch13.events.StockHandedOver`."""

    @deprecated("import it from pitch13.events (it leaves pitch13's root in 0.3)")
    class TrickWon(events.TrickWon):
        """Deprecated here: :class:`pitch13.events.TrickWon`."""

    @deprecated("import it from pitch13.seen (it leaves pitch13's root in 0.3)")
    class TurnUpSeen(seen.TurnUpSeen):
        """Deprecated here: :class:`pitch13.seen.TurnUpSeen`."""

    # An enum with members cannot be subclassed, nor a union, and PEP 702 marks neither an alias
    # nor a variable: these are the objects themselves, and a checker does not report their use.
    AllPass: TypeAlias = rules.AllPass
    DeuceTo: TypeAlias = rules.DeuceTo
    Event: TypeAlias = events.Event
    JokerOrder: TypeAlias = rules.JokerOrder
    LeadFallback: TypeAlias = rules.LeadFallback
    LookTake: TypeAlias = rules.LookTake
    MadeBidScores: TypeAlias = rules.MadeBidScores
    MoonFailure: TypeAlias = rules.MoonFailure
    MoonSuccess: TypeAlias = rules.MoonSuccess
    Pickup: TypeAlias = rules.Pickup
    PublicItem: TypeAlias = seen.PublicItem
    SeenItem: TypeAlias = seen.SeenItem
    ShortStock: TypeAlias = rules.ShortStock
    TargetRule: TypeAlias = rules.TargetRule
    ThrowInReason: TypeAlias = events.ThrowInReason

else:

    def __getattr__(name: str) -> object:
        module = _MOVED.get(name)
        if module is None:
            raise AttributeError(f"module 'pitch13' has no attribute {name!r}")
        found = getattr(importlib.import_module(module), name)
        # ``from pitch13 import X`` looks X up twice: the import machinery first asks whether
        # the package has it (``hasattr`` in importlib's ``_handle_fromlist``), then the import
        # takes it. Only the second warns, so that the statement warns once.
        asker = sys._getframe(1)
        if (
            asker.f_code.co_name == "_handle_fromlist"
            and asker.f_globals.get("__name__") == "importlib._bootstrap"
        ):
            return found
        warnings.warn(
            f"pitch13.{name} is deprecated: import it from {module} (it leaves pitch13's root in 0.3)",
            DeprecationWarning,
            stacklevel=2,
        )
        return found
