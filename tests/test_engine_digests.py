"""The engine plays recorded games exactly as it did when they were recorded.

``tests/engine_digests.json`` holds, for 72 random games under 24 rule sets (the two
presets and 22 random valid option sets; seeded games and games dealt by the caller), the
number of steps and one SHA-256 digest over the whole game: every step's legal actions, the
action chosen and each history entry it added (the seat, the action or event, and a dealt deck
in full), and at the end the results, the outcome and the final position. A change to the
engine that changes any of it fails here, naming the game (the test's id) and showing its step
count and digest beside the stored ones. Only the digest of the whole game is stored, so the
failure does not say at which step the game first goes another way: replay the game with the
engine before the change to find that.

Write the file again, after a change of behaviour that CHANGELOG explains, with
``python tests/test_engine_digests.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from pitch13 import DECK, Deal, GameState, Rules, apply, legal_actions, new_game, state_to_dict
from pitch13.events import HandDealt
from pitch13.records._json import rules_to_dict
from pitch13.rules import (
    AllPass,
    DeuceTo,
    JokerOrder,
    LeadFallback,
    LookTake,
    MadeBidScores,
    MoonFailure,
    MoonSuccess,
    Pickup,
    ShortStock,
    TargetRule,
)

FILE = Path(__file__).resolve().parent / "engine_digests.json"
#: Games are cut after this many hands, so that the whole file replays in a few seconds.
MAX_HANDS = 25


def random_rules(rng: random.Random) -> Rules:
    """A random valid option set, with low forced bids so that random games end."""
    use_off_three = rng.random() < 0.5
    total = 13 if use_off_three else 10
    # Mostly the points total: a low max_bid makes most hands a moon, and games end at once.
    max_bid = total if rng.random() < 0.7 else rng.randint(1, total)
    low_cap = min(max_bid, total // 2)
    min_bid = rng.randint(1, low_cap)
    return Rules(
        use_off_three=use_off_three,
        joker_order=rng.choice(list(JokerOrder)),
        min_bid=min_bid,
        max_bid=max_bid,
        all_pass=rng.choice(list(AllPass)),
        dealer_forced_min_bid=rng.randint(min_bid, low_cap),
        dealer_may_match=rng.random() < 0.5,
        pickup=rng.choice(list(Pickup)),
        short_stock=rng.choice(list(ShortStock)),
        look_take=rng.choice(list(LookTake)),
        partner_look=rng.random() < 0.5,
        lead_fallback=rng.choice(list(LeadFallback)),
        deuce_to=rng.choice(list(DeuceTo)),
        made_bid_scores=rng.choice(list(MadeBidScores)),
        moon_success=rng.choice(list(MoonSuccess)),
        moon_failure=rng.choice(list(MoonFailure)),
        target=rng.randint(1, 60),
        target_rule=rng.choice(list(TargetRule)),
    )


def games() -> list[tuple[str, Rules, int | None, int, int]]:
    """``(name, rules, seed or None, dealer, choice seed)`` of every recorded game."""
    rule_sets = [("default", Rules()), ("classic", Rules.classic_ten_point())]
    rng = random.Random(20261201)
    rule_sets += [(f"random{k}", random_rules(rng)) for k in range(22)]
    out: list[tuple[str, Rules, int | None, int, int]] = []
    for k, (name, rules) in enumerate(rule_sets):
        out.append((f"{name}-seeded-a", rules, 1000 + k, k % 4, 7 * k))
        out.append((f"{name}-seeded-b", rules, 2000 + k, (k + 1) % 4, 7 * k + 1))
        out.append((f"{name}-dealt", rules, None, (k + 2) % 4, 7 * k + 2))
    return out


def _entry_text(seat: int | None, item: object) -> str:
    text = f"{seat}:{item!r}"
    if isinstance(item, HandDealt):
        text += " " + " ".join(map(str, item.deck))
    return text


def play(rules: Rules, seed: int | None, dealer: int, choices: int) -> tuple[int, str, GameState]:
    """Play one recorded game; return its step count, digest and final state."""
    rng = random.Random(choices)
    state = new_game(rules, dealer=dealer, seed=seed)
    digest = hashlib.sha256()
    seen = 0
    steps = 0
    while not state.is_over and state.hand_number <= MAX_HANDS:
        if state.is_chance:
            legal: tuple[object, ...] = ()
            action: object = Deal(rng.sample(DECK, len(DECK)))
        else:
            legal = legal_actions(state)
            action = rng.choice(legal)
        state = apply(state, action)  # type: ignore[arg-type]
        new = state.history_since(seen)
        seen += len(new)
        line = "|".join(
            [str(steps), ",".join(map(str, legal)), str(action), *(_entry_text(e.seat, e.item) for e in new)]
        )
        digest.update(line.encode() + b"\n")
        steps += 1
    final = {
        "results": [repr(r) for r in state.results],
        "outcome": repr(state.outcome),
        "position": state_to_dict(state)["position"],
    }
    digest.update(json.dumps(final, sort_keys=True).encode())
    return steps, digest.hexdigest(), state


def _load() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads(FILE.read_text())
    return data


@pytest.mark.parametrize(("name", "rules", "seed", "dealer", "choices"), games(), ids=[g[0] for g in games()])
def test_engine_plays_each_recorded_game_the_same(name, rules, seed, dealer, choices):
    stored = _load()[name]
    assert stored["rules"] == rules_to_dict(rules)
    steps, digest, state = play(rules, seed, dealer, choices)
    assert (steps, digest) == (stored["steps"], stored["digest"])
    assert len(state.history) == state.history_len


def test_the_recorded_games_cover_every_rule_option_and_ending():
    """The games are worth keeping: every option value occurs, and they end in several ways."""
    stored = _load()
    assert set(stored) == {g[0] for g in games()}
    for option, value in rules_to_dict(Rules()).items():
        if isinstance(value, bool):
            values = {False, True}
        elif isinstance(value, str):
            values = {member.value for member in type(getattr(Rules(), option))}
        else:
            continue
        assert {g[1].__getattribute__(option) for g in games()} >= {
            type(getattr(Rules(), option))(v) if not isinstance(v, bool) else v for v in values
        }, option
    assert len({s["ending"] for s in stored.values()}) >= 3


def write() -> None:
    out: dict[str, dict[str, object]] = {}
    for name, rules, seed, dealer, choices in games():
        steps, digest, state = play(rules, seed, dealer, choices)
        ending = "cut" if state.outcome is None else state.outcome.termination.value
        out[name] = {"rules": rules_to_dict(rules), "steps": steps, "digest": digest, "ending": ending}
        print(f"{name:22} {steps:6} steps  {ending}")
    FILE.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    write()
