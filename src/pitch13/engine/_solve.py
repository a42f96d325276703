"""The double-dummy search of a hand's play: every card known, both teams playing perfectly (internal).

The play of a hand (R-PLAY-1 to R-PLAY-7) seen as a game of perfect information between the
bidding team, which maximizes the points it takes, and the defenders, who minimize them. Every
point card still in a hand or in the trick in progress goes to one team or the other by the
end of the hand (R-PLAY-7's early end gives the other team exactly what playing out would), so
the points a team takes fix the hand's score (R-SCORE-1): the best line for points is the best
line for the score, and for any value that grows with the bidding team's points.

The search works on trumps only, each named by its place in the trump order (R-RANK-1): place
0 is the lowest trump, so a hand is a mask of at most 17 bits and a higher bit is a higher
card; a trick is given as a tuple of ``seat << 5 | place`` codes. Inside the search, the four
hands are one int and a trick in progress is what decides it (its leader, the winning seat and
power, its cards, who played the 2 of trump): a position costs no tuple to build. It is an
alpha-beta search of the points still to come, with:

* a transposition table of bounds at the start of each trick, keyed by the four hands and the
  leader (what is still to come does not depend on how the hand got there);
* cards of equal effect merged: two cards of one hand that no card of another hand, nor of the
  trick, tells apart (none lies between them in the trump order, nor has the power of either:
  the other joker, R-RANK-2), and with the same points (the 2 of trump when its point goes to
  its player apart), lead to the same futures, so only the higher is searched;
* move ordering: a lead tries high cards first; a follower tries the cheapest card that takes
  the trick, then the rest from the bottom;
* the end in one step when one team holds no trump: the other takes every point card left.

Who plays next is the engine's own: a seat without trump is out, and the engine's tables of
:mod:`pitch13.engine._play` give the next seat to play to a trick (R-PLAY-3, R-PLAY-5), where
the lead falls when the winner is out (``next_leader``, R-PLAY-4), and when a team is out
(``TEAM_OUT``, R-PLAY-7). Who wins a finished trick and who scores its point cards (R-PLAY-5,
R-PLAY-6) are written here a second time, on places instead of cards, for speed (the engine's
is :func:`pitch13._core.tally.close_trick`); ``tests/test_analysis.py`` holds the two equal,
every card's value against plain minimax over the engine's ``apply``. The two jokers under
``joker_order=first_played`` hold two places but the same power: the one played first wins a
trick they share (R-RANK-2).
"""

from __future__ import annotations

from typing import Final

from pitch13._core.tables import TrumpTable
from pitch13.engine._play import NEXT_IN_TRICK, TEAM_OUT, next_leader
from pitch13.rules import Rules

#: A bound no value reaches: more than all the points of a hand.
INFINITY: Final = 1000

Hands = tuple[int, int, int, int]


class Layout:
    """What a trump table makes of the places: built once for each table."""

    __slots__ = ("deuce", "gaps", "ones", "place_of", "points", "power", "threes")

    def __init__(self, table: TrumpTable) -> None:
        order = table.order[::-1]  # low to high: each trump's card index, by place
        #: Each trump's place, by card index.
        self.place_of: Final = {index: place for place, index in enumerate(order)}
        power = tuple(table.power[index] for index in order)
        points = tuple(table.points[index] for index in order)
        self.power: Final = power
        self.points: Final = points
        self.ones: Final = sum(1 << p for p, v in enumerate(points) if v == 1)
        self.threes: Final = sum(1 << p for p, v in enumerate(points) if v == 3)
        deuce = table.player_deuce
        #: The place of the 2 of trump when its point goes to its player, else -1.
        self.deuce: Final = self.place_of[deuce] if deuce >= 0 else -1
        # For two places high > low (``high << 5 | low``), the places whose cards tell them
        # apart in a trick: those between, and a card of the power of either (the other joker).
        count = len(order)
        gaps = [0] * (count * 32)
        for high in range(count):
            for low in range(high):
                gaps[high << 5 | low] = sum(
                    1 << place
                    for place in range(count)
                    if place not in (high, low) and power[low] <= power[place] <= power[high]
                )
        self.gaps: Final = tuple(gaps)


_LAYOUTS: Final[dict[TrumpTable, Layout]] = {}


def layout_of(table: TrumpTable) -> Layout:
    """The :class:`Layout` of ``table``, built on first use."""
    layout = _LAYOUTS.get(table)
    if layout is None:
        layout = _LAYOUTS[table] = Layout(table)
    return layout


class PlaySearch:
    """One search of a hand's play: its transposition table and its node count.

    ``bidding`` is the bidding team (0 or 1); values are the points that team takes from the
    cards still in hands and in the trick, from the position searched on. Hands are masks of
    places (:meth:`places`), tricks tuples of ``seat << 5 | place``. ``rules`` say where the
    lead falls from a winner without trump (R-PLAY-4).

    Inside, the four hands are one int of four 17-bit fields (seat ``s``'s at bit ``17 * s``)
    beside the mask of the seats out (holding no trump), and a trick in progress is carried as
    what decides it: its leader, the seat winning it and that card's power, the mask of its
    cards, and the seat that played the 2 of trump when the 2's point goes to its player (else
    -1).
    """

    __slots__ = (
        "_bidding",
        "_deuce",
        "_deuce_points",
        "_gaps",
        "_moves",
        "_ones",
        "_points",
        "_power",
        "_rules",
        "_table",
        "_threes",
        "layout",
        "nodes",
    )

    def __init__(self, table: TrumpTable, *, rules: Rules, bidding: int) -> None:
        layout = layout_of(table)
        #: The places of the table's trumps.
        self.layout: Final = layout
        self._power = layout.power
        self._points = layout.points
        self._ones = layout.ones
        self._threes = layout.threes
        self._deuce = layout.deuce
        self._deuce_points = layout.points[layout.deuce] if layout.deuce >= 0 else 0
        self._gaps = layout.gaps
        self._rules = rules
        self._bidding = bidding
        #: Bounds of the points to come at the start of a trick: ``(lower, upper)``.
        self._table: dict[int, tuple[int, int]] = {}
        #: The merged cards of a hand against the other cards left, by ``hand << 17 | others``.
        self._moves: dict[int, tuple[int, ...]] = {}
        #: Positions searched (trick starts and cards played).
        self.nodes = 0

    def places(self, hands: tuple[int, ...]) -> Hands:
        """The engine's card masks as masks of places (trumps only)."""
        out = []
        for hand in hands:
            mask = 0
            for index, place in self.layout.place_of.items():
                if hand >> index & 1:
                    mask |= 1 << place
            out.append(mask)
        return (out[0], out[1], out[2], out[3])

    def points(self, mask: int) -> int:
        """The points of the cards in ``mask`` (places)."""
        return (mask & self._ones).bit_count() + 3 * (mask & self._threes).bit_count()

    def merged(self, hand: int, others: int) -> tuple[int, ...]:
        """The places of ``hand`` to search, one of each set of equal effect, high to low."""
        key = hand << 17 | others
        found = self._moves.get(key)
        if found is not None:
            return found
        points = self._points
        deuce = self._deuce
        gaps = self._gaps
        cards: list[int] = []
        previous = -1
        mask = hand
        while mask:
            place = mask.bit_length() - 1
            mask ^= 1 << place
            if (
                previous < 0
                or others & gaps[previous << 5 | place]
                or points[previous] != points[place]
                or place == deuce
            ):
                cards.append(place)
            previous = place
        found = self._moves[key] = tuple(cards)
        return found

    # --- the search ---------------------------------------------------------------------------

    def value(self, hands: Hands, trick: tuple[int, ...], seat: int) -> int:
        """The points the bidding team takes from here, with ``seat`` (holding a trump) to play to ``trick``."""
        packed, alive, out, state = self._start(hands, trick)
        if not trick:
            return self._trick_start(packed, alive, out, seat, -INFINITY, INFINITY)
        return self._node(packed, alive, out, *state, seat, -INFINITY, INFINITY)

    def values(self, hands: Hands, trick: tuple[int, ...], seat: int) -> dict[int, int]:
        """The points the bidding team takes from here after each card ``seat`` may play to ``trick``.

        One card of each set of equal effect is searched, and named by its place; a card
        merged into it has the same value (the next higher place of ``seat``'s hand that is a
        key).
        """
        packed, alive, out, state = self._start(hands, trick)
        leader, winner, best, mask, deuce_seat = state if trick else (seat, seat, -1, 0, -1)
        record: dict[int, int] = {}
        self._node(
            packed, alive, out, leader, winner, best, mask, deuce_seat, seat, -INFINITY, INFINITY, record
        )
        return record

    def _start(
        self, hands: Hands, trick: tuple[int, ...]
    ) -> tuple[int, int, int, tuple[int, int, int, int, int]]:
        """The packed hands, the cards left (hands and trick), the seats out and the trick in progress."""
        packed = hands[0] | hands[1] << 17 | hands[2] << 34 | hands[3] << 51
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        out = sum(1 << seat for seat in range(4) if not hands[seat])
        power = self._power
        leader = winner = trick[0] >> 5 if trick else -1
        best, mask, deuce_seat = -1, 0, -1
        for code in trick:
            place = code & 31
            mask |= 1 << place
            if power[place] > best:
                winner, best = code >> 5, power[place]
            if place == self._deuce:
                deuce_seat = code >> 5
        return packed, alive | mask, out, (leader, winner, best, mask, deuce_seat)

    def _trick_start(self, packed: int, alive: int, out: int, leader: int, alpha: int, beta: int) -> int:
        """The points to come from a trick's start, ``leader`` to lead (or to pass the lead, R-PLAY-4).

        ``out`` is the mask of the seats that hold no trump: the engine announces each out at its
        turn (R-PLAY-3), and its tables of who plays next serve the search as they are.
        """
        self.nodes += 1
        team_out = TEAM_OUT[out]
        if team_out >= 0:
            # A team holds no trump: the other takes every point card left (R-PLAY-7).
            return self.points(alive) if 1 - team_out == self._bidding else 0
        if out >> leader & 1:  # R-PLAY-4
            leader = next_leader(leader, out, self._rules)
        key = packed | leader << 68
        entry = self._table.get(key)
        if entry is not None:
            lower, upper = entry
            if lower >= beta:
                return lower
            if upper <= alpha or lower == upper:
                return upper
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        else:
            lower, upper = 0, self.points(alive)
            if upper <= alpha:
                return upper
        value = self._node(packed, alive, out, leader, leader, -1, 0, -1, leader, alpha, beta)
        if value <= alpha:
            upper = value
        elif value >= beta:
            lower = value
        else:
            lower = upper = value
        self._table[key] = (lower, upper)
        return value

    def _node(
        self,
        packed: int,
        alive: int,
        out: int,
        leader: int,
        winner: int,
        best: int,
        mask: int,
        deuce_seat: int,
        seat: int,
        alpha: int,
        beta: int,
        record: dict[int, int] | None = None,
    ) -> int:
        """The points to come with ``seat`` to play to the trick (fail-soft alpha-beta).

        With ``record``, every card is searched in the full window and its value kept there
        (what is returned is then no value).
        """
        self.nodes += 1
        shift = 17 * seat
        hand = packed >> shift & _FIELD
        cards = self.merged(hand, alive ^ hand)
        power = self._power
        if best >= 0 and len(cards) > 1:
            # A follower: the cheapest card that takes the trick, then the rest from the bottom.
            cut = len(cards)
            while cut and power[cards[cut - 1]] <= best:
                cut -= 1
            split = 0 < cut < len(cards)
            cards = cards[cut - 1 :: -1] + cards[: cut - 1 : -1] if split else cards[::-1]
        maximizing = (seat & 1) == self._bidding
        value = -INFINITY if maximizing else INFINITY
        for card in cards:
            # The position once ``seat`` has played ``card``.
            bit = 1 << card
            next_packed = packed ^ bit << shift
            next_out = out if hand ^ bit else out | 1 << seat
            next_mask = mask | bit
            # Strictly higher takes the trick: the first of two jokers played keeps it (R-RANK-2).
            next_winner, next_best = (seat, power[card]) if power[card] > best else (winner, best)
            next_deuce = seat if card == self._deuce else deuce_seat
            following = NEXT_IN_TRICK[next_out << 4 | seat << 2 | leader]  # R-PLAY-3, R-PLAY-5
            if following >= 0:
                found = self._node(
                    next_packed,
                    alive,
                    next_out,
                    leader,
                    next_winner,
                    next_best,
                    next_mask,
                    next_deuce,
                    following,
                    alpha,
                    beta,
                )
            else:
                # The trick is over: its point cards go to the winner's team, the 2 of trump's
                # point to its player's when the rules say so (R-PLAY-6).
                points = (next_mask & self._ones).bit_count() + 3 * (next_mask & self._threes).bit_count()
                taken = 0
                if next_deuce >= 0:
                    points -= self._deuce_points
                    if (next_deuce & 1) == self._bidding:
                        taken = self._deuce_points
                if (next_winner & 1) == self._bidding:
                    taken += points
                found = taken + self._trick_start(
                    next_packed, alive ^ next_mask, next_out, next_winner, alpha - taken, beta - taken
                )
            if record is not None:
                record[card] = found
            elif maximizing:
                if found > value:
                    value = found
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif found < value:
                value = found
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        return value


#: One hand's field of the packed hands.
_FIELD: Final = (1 << 17) - 1
