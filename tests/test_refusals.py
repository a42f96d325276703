"""Each mutated view delta and view document of a fixed sweep is refused where and why it was.

The oracle of ``test_reachable_views.py`` asks of a refusal only that it is a short
:class:`~pitch13.DocumentError`; this sweep holds each refusal to its place and its reason. For
each of 120 random games under the two presets and four rule sets that reach the rarer phases (a
short stock thrown in, the partner's look, the left lead fallback, any card taken in the look),
``tests/refusals.json`` holds, for views of every seat and the spectator at random points, what
the readers made of one delta and one document with one fault each (as
:mod:`pitch13.testing._mutants` makes them): ``"accepted"``, or ``"where: why"`` of the refusal.
Half the views are taken where the rarer steps are (a discard, the pick-up, the look, the start
of a trick), so that their refusals are reached too. A change to what a reader
accepts, or to how it says why it refuses, fails here, naming the case.

Write the file again, after a change that CHANGELOG explains, with
``python tests/test_refusals.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from helpers import random_states
from pitch13 import (
    DocumentError,
    Phase,
    Rules,
    SeatView,
    spectator_view,
    view,
)
from pitch13 import view_delta as delta_of
from pitch13.testing._mutants import mutated_delta, mutated_document

FILE = Path(__file__).with_name("refusals.json")

#: The rule sets of the sweep.
RULE_SETS = (
    Rules(),
    Rules.classic_ten_point(),
    Rules(short_stock="redeal", partner_look=True, min_bid=1, dealer_forced_min_bid=1),
    Rules(lead_fallback="left", look_take="any_card", pickup="any_trump"),
    Rules(look_take="point_cards_only", all_pass="redeal", target=11),
    Rules(use_off_three=False, dealer_may_match=True, deuce_to="trick_winner", target=21),
)
GAMES = 120
#: Views mutated in each game, each as a delta and as a document.
MUTANTS = 16
#: The phases whose steps the sweep looks at in half its views.
RARE = (Phase.DISCARD, Phase.PICKUP, Phase.LOOK)


def _states(game: int) -> list[object]:
    rules = RULE_SETS[game % len(RULE_SETS)]
    rng = random.Random(f"refusals:{game}")
    return random_states(rules, dealer=game % 4, seed=game if game % 2 else None, rng=rng, length=400)


def _verdict(read) -> str:
    try:
        read()
    except DocumentError as error:
        return f"{error.where}: {error.why}"
    return "accepted"


def sweep() -> dict[str, list[str]]:
    """Every case of the sweep: what the readers made of its mutated delta and document."""
    cases: dict[str, list[str]] = {}
    for game in range(GAMES):
        states = _states(game)
        rng = random.Random(f"refusals-mutants:{game}")
        rare = [i for i, s in enumerate(states) if s.phase in RARE or (s.phase is Phase.PLAY and not s.trick)]
        for i in range(MUTANTS):
            a = rng.choice(rare) if rare and i % 2 else rng.randrange(len(states))
            b = min(len(states) - 1, a + rng.randrange(1, 15))
            seat = rng.choice((0, 1, 2, 3, None))
            earlier, later = states[a], states[b]
            see = spectator_view if seat is None else (lambda s, seat=seat: view(s, seat))
            delta = mutated_delta(delta_of(later, seat, earlier.ply), rng.randrange)
            document = mutated_document(see(later), rng.randrange)
            cases[f"{game}-{i}"] = [
                _verdict(lambda see=see, earlier=earlier, delta=delta: see(earlier).updated(delta)),
                _verdict(lambda document=document: SeatView.from_dict(document)),
            ]
    return cases


STORED = json.loads(FILE.read_text(encoding="utf-8"))


def test_every_mutated_view_is_read_as_it_was():
    """The delta and the document of each case are accepted or refused as stored, where and why.

    One test for the whole sweep, so that a change anywhere in the readers fails it; it names
    the cases that differ (``sweep`` makes them again, to look at).
    """
    swept = sweep()
    differ = {case: (swept.get(case), STORED[case]) for case in STORED if swept.get(case) != STORED[case]}
    assert not differ, f"{len(differ)} cases differ (now, stored): {dict(list(differ.items())[:5])}"
    assert swept.keys() == STORED.keys()


def test_the_sweep_refuses_in_many_ways():
    """The sweep reaches many of the readers' refusals, and accepts some views."""
    verdicts = [verdict for pair in STORED.values() for verdict in pair]
    reasons = {verdict for verdict in verdicts if verdict != "accepted"}
    accepted = verdicts.count("accepted")
    assert len(STORED) == GAMES * MUTANTS
    assert len(reasons) >= 200 and len(verdicts) // 10 < accepted < len(verdicts) // 2


def write() -> None:
    """Write ``tests/refusals.json`` anew from the library as it is."""
    FILE.write_text(json.dumps(sweep(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FILE} ({len(STORED)} cases before)")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    write()
