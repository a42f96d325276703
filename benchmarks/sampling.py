"""The cost of :func:`pitch13.sample_state` over the views of random games, rule set by rule set.

Run it with ``python benchmarks/sampling.py`` (it needs nothing but pitch13). A fixed workload:
for each rule set, the first hands of a few seeded random games are played with seeded random
legal choices, and every view met along them (each seat's and a spectator's in turn) is kept.
Each view is then sampled a few times, and the table gives, per rule set, the views, the CPU time
of a sample (mean over all the samples, :func:`time.process_time`), and how many deals a sample
drew on average: a deal drawn that does not lead to the view is thrown away and another drawn,
so 1.000 means none was thrown away. The views are built before the timing starts.

Compare two versions of the library by running the script against each in turn (for example
``PYTHONPATH=/path/to/other/src python benchmarks/sampling.py``) on the same seed.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import pitch13
from pitch13 import (
    GameState,
    Rules,
    SeatView,
    apply,
    legal_actions,
    new_game,
    sample_state,
    spectator_view,
    view,
)
from pitch13._info import placing as _placing
from pitch13.rules import LeadFallback, LookTake, Pickup

#: The rule sets measured.
RULE_SETS: dict[str, Rules] = {
    "default": Rules(),
    "classic_ten_point": Rules.classic_ten_point(),
    "look_take_any_card": Rules(look_take=LookTake.ANY_CARD),
    "look_take_point_cards_only": Rules(look_take=LookTake.POINT_CARDS_ONLY),
    "pickup_any_trump": Rules(pickup=Pickup.ANY_TRUMP),
    "lead_fallback_left": Rules(lead_fallback=LeadFallback.LEFT),
}


def views_of(rules: Rules, games: int, hands: int, seed: int) -> list[SeatView]:
    """The views met along ``games`` seeded random games (their first ``hands`` hands)."""
    rng = random.Random(seed)
    views: list[SeatView] = []
    for game in range(games):
        state: GameState = new_game(rules, dealer=game % 4, seed=seed * 1000 + game)
        while not state.is_over and state.hand_number <= hands:
            observer = len(views) % 5
            views.append(spectator_view(state) if observer == 4 else view(state, observer))
            state = apply(state, rng.choice(legal_actions(state)))
    return views


def counting_draws() -> Callable[[], int]:
    """Count the deals :func:`pitch13.sample_state` draws; the returned function reads the count."""
    draw = _placing.sample_hand
    count = [0]

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        count[0] += 1
        return draw(*args, **kwargs)

    _placing.sample_hand = counted
    return lambda: count[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per rule set (default 4)")
    parser.add_argument("--hands", type=int, default=3, help="hands per game (default 3)")
    parser.add_argument("--samples", type=int, default=3, help="samples per view (default 3)")
    parser.add_argument("--seed", type=int, default=7, help="the seed of the games (default 7)")
    parser.add_argument("--quick", action="store_true", help="a short run that checks the script works")
    args = parser.parse_args()
    if min(args.games, args.hands, args.samples) < 1:
        parser.error("--games, --hands and --samples must be at least 1")
    if args.quick:  # smaller defaults: an option given as well still wins
        parser.set_defaults(games=1, hands=1, samples=1)
        args = parser.parse_args()
    draws = counting_draws()
    print(f"# pitch13 {pitch13.__version__} sampling benchmark\n")
    print(f"{args.games} games of {args.hands} hands per rule set, {args.samples} samples per view\n")
    print("| rule set | views | µs per sample | deals drawn per sample |")
    print("|---|---|---|---|")
    for name, rules in RULE_SETS.items():
        views = views_of(rules, args.games, args.hands, args.seed)
        rng = random.Random(args.seed)
        before = draws()
        start = time.process_time()
        for seat_view in views:
            for _ in range(args.samples):
                sample_state(seat_view, rng)
        spent = time.process_time() - start
        samples = len(views) * args.samples
        print(
            f"| {name} | {len(views)} | {spent / samples * 1e6:,.0f} | {(draws() - before) / samples:.3f} |"
        )


if __name__ == "__main__":
    main()
