"""Closing tricks and scoring hands from the engine's compact form (internal).

R-PLAY-5, R-PLAY-6, R-SCORE-1, R-SCORE-2, R-END-1, R-END-2: the rules of :mod:`pitch13.scoring`'s
values, computed from card masks and plays kept as ints.
"""

from __future__ import annotations

import functools
from typing import Final

from pitch13._base.checks import unchecked_maker
from pitch13._core.tables import TrumpTable
from pitch13.cards import DECK
from pitch13.rules import MadeBidScores, MoonFailure, MoonSuccess, Rules, TargetRule
from pitch13.scoring import HandResult, Outcome, PointCard, Termination, Trick

#: A trick and a hand's result as the library works them out, made without the checks of one
#: made in code: a history makes one of each for every trick and hand (the tests check that
#: each would pass them).
_TRICK: Final = unchecked_maker(Trick)
_RESULT: Final = unchecked_maker(HandResult)


@functools.lru_cache(maxsize=1024)
def _point_card(index: int, points: int, label: str, team: int | None) -> PointCard:
    return PointCard(DECK[index], points, label, team)


# --- tricks (internal) ---------------------------------------------------------------------------
#
# The engine keeps a play as one int, ``seat << 6 | card index``, and a trick as a tuple of them.


def close_trick(table: TrumpTable, plays: tuple[int, ...]) -> tuple[int, int, int]:
    """The winner of a finished trick and the point cards each team takes from it, as masks.

    R-PLAY-5: the highest trump wins; a tie (both jokers under ``first_played``, R-RANK-2) stays
    with the card played first. R-PLAY-6: the points go to the winner's team, the 2 of trump's
    to its player's team under ``deuce_to=player``. Internal: ``plays`` are ``seat << 6 | card``.
    """
    power, bits = table.play_power, _PLAY_BITS
    first, *rest = plays
    win, best, cards = first, power[first], bits[first]
    for code in rest:
        cards |= bits[code]
        if power[code] > best:
            win, best = code, power[code]
    winner = win >> 6
    points = cards & table.point_mask
    deuce = table.player_deuce
    if deuce >= 0 and points >> deuce & 1:
        # The 2 of trump's point goes to the team of the seat that played it.
        deuce_bit = 1 << deuce
        player = next(code >> 6 for code in plays if code & 63 == deuce)
        won_a = (0 if winner & 1 else points ^ deuce_bit) | (0 if player & 1 else deuce_bit)
        return winner, won_a, points ^ won_a
    if winner & 1:
        return winner, 0, points
    return winner, points, 0


#: The bit of a play's card, by the play's code ``seat << 6 | card``.
_PLAY_BITS: Final = tuple(1 << (code & 63) if code & 63 < 54 else 0 for code in range(256))


def make_trick(number: int, table: TrumpTable, plays: tuple[int, ...]) -> Trick:
    """The :class:`Trick` value of a finished trick kept as ints (internal)."""
    winner, won_a, won_b = close_trick(table, plays)
    return _TRICK(
        number,
        tuple((code >> 6, DECK[code & 63]) for code in plays),
        winner,
        (table.points_of(won_a), table.points_of(won_b)),
    )


# --- scoring (internal) --------------------------------------------------------------------------

# Read as a module's names: an Enum member read off its class is a slow lookup before Python 3.12.
_POINTS_TAKEN: Final = MadeBidScores.POINTS_TAKEN
_GREATER_THAN: Final = TargetRule.GREATER_THAN
_WIN_GAME: Final = MoonSuccess.WIN_GAME
_LOSE_GAME: Final = MoonFailure.LOSE_GAME
_MOON_MADE: Final = Termination.MOON_MADE
_MOON_FAILED: Final = Termination.MOON_FAILED
_BOTH_PAST_TARGET: Final = Termination.BOTH_PAST_TARGET
_TARGET: Final = Termination.TARGET


def tally(
    rules: Rules, table: TrumpTable, bidder: int, bid: int, won_a: int, won_b: int
) -> tuple[tuple[int, int], tuple[int, int], bool]:
    """The points each team took, its score change and whether the bid was made (R-SCORE-1).

    Returns ``(points, change, made)``; the scores after the hand are those before plus ``change``.
    """
    taken = (table.points_of(won_a), table.points_of(won_b))
    change, made = score_change(rules, bidder, bid, taken)
    return taken, change, made


def score_change(rules: Rules, bidder: int, bid: int, taken: tuple[int, int]) -> tuple[tuple[int, int], bool]:
    """Each team's score change from the points each took, and whether the bid was made (R-SCORE-1)."""
    bidding = bidder & 1
    made = taken[bidding] >= bid
    if not made:
        gain = -bid
    elif rules.made_bid_scores is _POINTS_TAKEN:
        gain = taken[bidding]
    else:
        gain = bid
    change = (gain, taken[1]) if bidding == 0 else (taken[0], gain)
    return change, made


def hand_result(
    rules: Rules,
    table: TrumpTable,
    *,
    hand_number: int,
    dealer: int,
    bidder: int,
    bid: int,
    won: tuple[int, int],
    scores: tuple[int, int],
    ended_early: bool,
) -> HandResult:
    """The :class:`HandResult` of a hand from the point cards each team won (internal).

    ``scores`` are the scores before the hand.
    """
    taken, change, made = tally(rules, table, bidder, bid, won[0], won[1])
    cards = []
    for i in table.point_order:
        team = 0 if won[0] >> i & 1 else 1 if won[1] >> i & 1 else None
        cards.append(_point_card(i, table.points[i], table.labels[i], team))
    return _RESULT(  # the fields in their order
        hand_number,
        dealer,
        bidder,
        bid,
        table.trump,
        tuple(cards),
        taken,
        rules.points_total - taken[0] - taken[1],
        made,
        bid == rules.max_bid,
        change,
        (scores[0] + change[0], scores[1] + change[1]),
        ended_early,
    )


def past_target(rules: Rules, score: int) -> bool:
    """Whether ``score`` wins a game to the rules' target, once a hand is scored (R-END-1; internal)."""
    if rules.target_rule is _GREATER_THAN:
        return score > rules.target
    return score >= rules.target


def outcome_after(
    rules: Rules, hand_number: int, bidder: int, bid: int, made: bool, scores: tuple[int, int]
) -> Outcome | None:
    """How the game ends after a hand scored ``scores``, or ``None`` (R-SCORE-2, R-END-*; internal)."""
    bidding = bidder & 1
    if bid == rules.max_bid:
        if made and rules.moon_success is _WIN_GAME:
            return Outcome(bidding, _MOON_MADE, hand_number, scores)
        if not made and rules.moon_failure is _LOSE_GAME:
            return Outcome(1 - bidding, _MOON_FAILED, hand_number, scores)
    past_a, past_b = past_target(rules, scores[0]), past_target(rules, scores[1])
    if past_a and past_b:
        return Outcome(bidding, _BOTH_PAST_TARGET, hand_number, scores)
    if past_a or past_b:
        return Outcome(0 if past_a else 1, _TARGET, hand_number, scores)
    return None
