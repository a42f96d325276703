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

#: The names that left the package's root for a module of their own: found there with a
#: DeprecationWarning in 0.2, gone in 0.3. Looked up at the root, each says where it is now.
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


if not TYPE_CHECKING:  # a module's __getattr__ would make any name type-check

    def __getattr__(name: str) -> object:
        module = _MOVED.get(name)
        moved = f": it left pitch13's root in 0.3; import it from {module}" if module else ""
        raise AttributeError(f"module 'pitch13' has no attribute {name!r}{moved}")
