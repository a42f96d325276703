"""A hand's score as data, and the end of the game (R-PLAY-6, R-PLAY-8, R-SCORE-*, R-END-*).

Teams are numbered 0 (team A: seats 0 and 2) and 1 (team B: seats 1 and 3); a seat's team
is ``seat % 2``.
"""

from __future__ import annotations

import enum

import attrs

from pitch13._base.checks import (
    ShortLookup,
    check_count,
    check_flag,
    check_instance,
    check_numbers,
    check_seat,
    check_tuple_of,
    excerpt,
)
from pitch13.cards import Card, Suit

__all__ = ["HandResult", "Outcome", "PointCard", "Termination", "Trick", "team_of"]


def team_of(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0 and 2 (team A), 1 for seats 1 and 3 (team B).

    Raises:
        TypeError: if ``seat`` is not an int (a bool is not a seat).
        ValueError: if it is not from 0 to 3.
    """
    return check_seat(seat) & 1


@attrs.frozen(slots=True)
class Trick:
    """A finished trick: who played what, who won it, and the points each team took from it.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if ``number`` is below 1, there are not 1 to 4 plays of different seats
            (each from 0 to 3), the winner is not one of them, or a team's points are negative.
    """

    #: The trick's number in the hand, from 1.
    number: int
    #: ``(seat, card)`` in the order played; 1 to 4 plays (R-PLAY-5).
    plays: tuple[tuple[int, Card], ...]
    #: The seat that played the highest trump.
    winner: int
    #: The points each team took from this trick (R-PLAY-6).
    points: tuple[int, int]

    def __attrs_post_init__(self) -> None:
        check_count(self.number, "Trick.number", high=54)  # as a view document's reader takes it
        check_instance(self.plays, tuple, "Trick.plays")
        if not 1 <= len(self.plays) <= 4:
            raise ValueError(f"Trick.plays are 1 to 4 plays, not {len(self.plays)}")
        for i, play in enumerate(self.plays):
            if not isinstance(play, tuple) or len(play) != 2 or not isinstance(play[1], Card):
                raise TypeError(f"Trick.plays[{i}] must be a (seat, Card) pair, not {excerpt(play)}")
            check_seat(play[0], f"the seat of Trick.plays[{i}]")
        seats = [seat for seat, _ in self.plays]
        if len(set(seats)) != len(seats):
            raise ValueError(f"Trick.plays are of different seats, not of seats {seats}")
        check_seat(self.winner, "Trick.winner")
        if self.winner not in seats:
            raise ValueError(f"Trick.winner is a seat that played, one of {seats}; not {self.winner}")
        check_numbers(self.points, "Trick.points", ints=True, length=2, low=0)

    @property
    def leader(self) -> int:
        """The seat that led."""
        return self.plays[0][0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played."""
        return tuple(card for _, card in self.plays)


@attrs.frozen(slots=True)
class PointCard:
    """One point card of the hand and where its points went.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if ``points`` is below 1, or ``team`` is neither 0, 1 nor ``None``.
    """

    #: The card.
    card: Card
    #: What it is worth: 1, or 3 for the three and the off-three (R-POINT-1).
    points: int
    #: The role it plays: ``"ace"``, ``"jack"``, ``"Jick"``, ``"joker"``, ``"ten"``,
    #: ``"three"``, ``"off-three"`` or ``"deuce"``.
    label: str
    #: The team that took it, or ``None`` if it never came into play (R-PLAY-8).
    team: int | None

    def __attrs_post_init__(self) -> None:
        check_instance(self.card, Card, "PointCard.card")
        check_count(self.points, "PointCard.points", high=3)  # as a view document's reader takes it
        check_instance(self.label, str, "PointCard.label")
        if self.team is not None:
            check_count(self.team, "PointCard.team", 0, 1)


class Termination(ShortLookup, enum.Enum):
    """How a game ended."""

    #: One team's score passed the target (R-END-1).
    TARGET = "target"
    #: Both teams passed the target after the same hand; the bidding team wins (R-END-2).
    BOTH_PAST_TARGET = "both_past_target"
    #: The bidding team made a bid of ``max_bid`` with ``moon_success=win_game`` (R-SCORE-2).
    MOON_MADE = "moon_made"
    #: The bidding team failed a bid of ``max_bid`` with ``moon_failure=lose_game`` (R-SCORE-2).
    MOON_FAILED = "moon_failed"


@attrs.frozen(slots=True)
class Outcome:
    """The end of a game: who won, how, after which hand, and the final scores.

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if ``winner`` is neither 0 nor 1, ``hand_number`` is below 1, or there are
            not two scores.
    """

    #: The winning team (0: seats 0 and 2; 1: seats 1 and 3).
    winner: int
    #: How the game ended.
    termination: Termination
    #: The hand after which it ended.
    hand_number: int
    #: The final scores ``(team A, team B)``.
    scores: tuple[int, int]

    def __attrs_post_init__(self) -> None:
        check_count(self.winner, "Outcome.winner", 0, 1)
        check_instance(self.termination, Termination, "Outcome.termination")
        check_count(self.hand_number, "Outcome.hand_number")
        check_numbers(self.scores, "Outcome.scores", ints=True, length=2)


@attrs.frozen(slots=True)
class HandResult:
    """The scoring of one hand (R-SCORE-1, R-SCORE-2).

    Raises:
        TypeError: if a field is not of its type.
        ValueError: if ``hand_number`` is below 1, a seat is not 0 to 3, the bid not 1 to 13, a
            count of points is negative, or a pair of numbers is not two.
    """

    #: The hand's number in the game, from 1 (thrown-in hands count too).
    hand_number: int
    #: The dealer of the hand.
    dealer: int
    #: The seat that won the auction.
    bidder: int
    #: The winning bid.
    bid: int
    #: The trump suit.
    trump: Suit
    #: Every point card of the hand, high to low, and which team took it.
    point_cards: tuple[PointCard, ...]
    #: Points taken by each team.
    points: tuple[int, int]
    #: Points that never came into play and scored for nobody (R-PLAY-8).
    unplayed_points: int
    #: Whether the bidding team took at least its bid.
    made: bool
    #: Whether the bid was ``max_bid`` (shooting the moon, R-BID-3).
    moon: bool
    #: The change of each team's score.
    score_change: tuple[int, int]
    #: Each team's score after the hand.
    scores: tuple[int, int]
    #: Whether the hand ended early because a team was out (R-PLAY-7).
    ended_early: bool

    def __attrs_post_init__(self) -> None:
        check_count(self.hand_number, "HandResult.hand_number")
        check_seat(self.dealer, "HandResult.dealer")
        check_seat(self.bidder, "HandResult.bidder")
        check_count(self.bid, "HandResult.bid", 1, 13)
        check_instance(self.trump, Suit, "HandResult.trump")
        check_tuple_of(self.point_cards, PointCard, "HandResult.point_cards")
        check_numbers(self.points, "HandResult.points", ints=True, length=2, low=0)
        check_count(self.unplayed_points, "HandResult.unplayed_points", 0)
        for name in ("made", "moon", "ended_early"):
            check_flag(getattr(self, name), f"HandResult.{name}")
        check_numbers(self.score_change, "HandResult.score_change", ints=True, length=2)
        check_numbers(self.scores, "HandResult.scores", ints=True, length=2)

    @property
    def bidding_team(self) -> int:
        """The bidder's team."""
        return self.bidder & 1
