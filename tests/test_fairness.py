"""Fair deals anyone can check: the seed's commitment, the check of a record, ``pitch13 verify``."""

from __future__ import annotations

import enum
import hashlib
import json
import pickle
import random
import secrets

import attrs
import pytest

import pitch13
import pitch13.errors
from pitch13 import FairnessError, cli, new_seed, seed_commitment
from pitch13.engine import MAX_SEED

#: seed_commitment(7), computed once from the documented form: a change of the form breaks it.
SEVEN = "ca7c229dc633047fb1cc320ab792bad378dab03d106c81740360947646ae8414"
#: seed_commitment(-5), the same way: the minus sign is part of the hashed text.
MINUS_FIVE = "59ae8001d999a5718dbbb5402e19eecc981b5d4e094409778d9d22dd2c8d14b6"


def played(seed, *, rng_seed=0, **start):
    """A seeded game played to its end by uniformly random legal actions."""
    rng = random.Random(rng_seed)
    state = pitch13.new_game(seed=seed, **start)
    while not state.is_over:
        state = pitch13.apply(state, rng.choice(pitch13.legal_actions(state)))
    return state


@pytest.fixture(scope="module")
def game():
    """A whole game of more than one hand dealt from a seed of new_seed(), its seed and the
    commitment shown for it (a game that a moon ends in its first hand is drawn again)."""
    while True:
        seed = new_seed()
        record = pitch13.GameRecord.from_state(played(seed))
        if len(record.hands) > 1:
            return seed, seed_commitment(seed), record


@pytest.fixture(scope="module")
def other_game():
    """Another whole game, from another seed."""
    seed = new_seed()
    return seed, seed_commitment(seed), pitch13.GameRecord.from_state(played(seed, rng_seed=1))


# --- the commitment --------------------------------------------------------------------------------


def test_the_commitment_of_a_known_seed_is_the_documented_hash():
    assert seed_commitment(7) == SEVEN
    assert seed_commitment(-5) == MINUS_FIVE
    assert seed_commitment(7) == hashlib.sha256(b"pitch13-seed-commitment-v1:7").hexdigest()
    assert (
        seed_commitment(MAX_SEED)
        == hashlib.sha256(f"pitch13-seed-commitment-v1:{MAX_SEED}".encode()).hexdigest()
    )


def test_the_commitment_is_64_lowercase_hex_digits_and_differs_by_seed():
    made = {seed_commitment(seed) for seed in (0, 1, -1, 2, MAX_SEED, -MAX_SEED)}
    assert len(made) == 6
    for text in made:
        assert len(text) == 64
        assert set(text) <= set("0123456789abcdef")


def test_the_commitment_of_an_int_subclass_is_that_of_its_value():
    class Odd(int):
        def __str__(self):
            return "not the digits"

    class Seven(enum.IntEnum):
        SEVEN = 7

    assert seed_commitment(Odd(7)) == SEVEN
    assert seed_commitment(Seven.SEVEN) == SEVEN


@pytest.mark.parametrize("seed", [True, False, None, 7.0, "7", b"7", [7]])
def test_the_commitment_refuses_a_seed_that_is_not_an_int(seed):
    with pytest.raises(TypeError, match=r"^seed must be an int, not "):
        seed_commitment(seed)


@pytest.mark.parametrize(
    "seed", [MAX_SEED + 1, -MAX_SEED - 1, 10**5000], ids=["2**128", "-2**128", "10**5000"]
)
def test_the_commitment_refuses_a_seed_new_game_refuses(seed):
    with pytest.raises(
        ValueError, match=r"^seed must be from -\(2\*\*128 - 1\) to 2\*\*128 - 1, not "
    ) as info:
        seed_commitment(seed)
    with pytest.raises(ValueError, match=r"^seed must be from ") as by_new_game:
        pitch13.new_game(seed=seed)
    assert str(info.value) == str(by_new_game.value)
    assert len(str(info.value)) < 100


def test_new_game_and_a_record_refuse_seeds_as_before():
    """The seed check they now share says what each said before."""
    with pytest.raises(TypeError, match=r"^seed must be an int or None, not True$"):
        pitch13.new_game(seed=True)
    with pytest.raises(TypeError, match=r"^seed must be an int or None, not '7'$"):
        pitch13.GameRecord(pitch13.Rules(), 0, "7", ())
    with pytest.raises(ValueError, match=r"^seed must be from -\(2\*\*128 - 1\) to 2\*\*128 - 1, not "):
        pitch13.GameRecord(pitch13.Rules(), 0, -MAX_SEED - 1, ())


# --- the seed --------------------------------------------------------------------------------------


def test_new_seed_is_a_seed_new_game_takes_and_is_never_the_same():
    seeds = [new_seed() for _ in range(32)]
    assert all(type(seed) is int and 0 <= seed <= MAX_SEED for seed in seeds)
    assert len(set(seeds)) == 32
    # 128 random bits: the chance that none of 32 seeds has more than 120 is 2**-256.
    assert max(seed.bit_length() for seed in seeds) > 120
    pitch13.new_game(seed=max(seeds))


def test_new_seed_comes_from_the_secrets_module(monkeypatch):
    asked = []

    def randbits(k):
        asked.append(k)
        return 12345

    monkeypatch.setattr(secrets, "randbits", randbits)
    assert new_seed() == 12345
    assert asked == [128]


# --- the check of a record -------------------------------------------------------------------------


def test_a_seeded_game_verifies_in_every_form(game):
    seed, shown, record = game
    assert record.seed == seed
    assert len(record.hands) > 1
    assert record.verify_deals(shown) is None
    assert pitch13.GameRecord.from_json(record.to_json()).verify_deals(shown) is None
    assert pitch13.GameRecord.from_text(record.to_text()).verify_deals(shown) is None
    assert record.verify_deals(shown.upper()) is None


def test_a_game_started_partway_verifies():
    """Its first hand is not hand 1: each deck is the seed's for the hand's own number."""
    seed = new_seed()
    record = pitch13.GameRecord.from_state(played(seed, hand_number=5, scores=(30, -10), dealer=2))
    assert record.start_hand == 5
    assert record.hands[0].deck == pitch13.shuffled_deck(seed, 5)
    assert pitch13.GameRecord.from_json(record.to_json()).verify_deals(seed_commitment(seed)) is None


def test_crossed_commitments_fail_with_both_hashes(game, other_game):
    _, shown, record = game
    _, other_shown, other_record = other_game
    assert shown != other_shown
    with pytest.raises(FairnessError) as info:
        record.verify_deals(other_shown)
    assert str(info.value) == (
        f"the record's seed is not the one committed to: it hashes to {shown[:16]}..., "
        f"not {other_shown[:16]}..."
    )
    with pytest.raises(FairnessError, match=rf"it hashes to {other_shown[:16]}\.\.\., not {shown[:16]}"):
        other_record.verify_deals(shown.upper())


def test_a_commitment_that_differs_only_late_is_shown_whole(game):
    """Two hashes whose first digits agree are shown whole, so that they do not look the same."""
    _, shown, record = game
    near = shown[:-1] + ("0" if shown[-1] != "0" else "1")
    with pytest.raises(FairnessError) as info:
        record.verify_deals(near)
    assert (
        str(info.value) == f"the record's seed is not the one committed to: it hashes to {shown}, not {near}"
    )


def test_a_record_without_a_seed_fails_even_if_its_decks_are_a_seeds():
    """Dealt with Deal, its decks could have been chosen at any time: nothing committed to them."""
    seed = 11
    state = pitch13.apply(pitch13.new_game(), pitch13.Deal(pitch13.shuffled_deck(seed, 1)))
    state = pitch13.apply(state, pitch13.legal_actions(state)[0])
    record = pitch13.GameRecord.from_state(state)
    assert record.seed is None
    with pytest.raises(FairnessError) as info:
        record.verify_deals(seed_commitment(seed))
    assert str(info.value) == (
        "the record has no seed: its decks were dealt with Deal, from a shuffle nothing committed to"
    )


def test_a_record_whose_deck_is_not_its_seeds_fails(game):
    """Only the constructor makes one (a loader replays the record): the decks are checked too."""
    seed, shown, record = game
    hands = list(record.hands)
    hands[1] = attrs.evolve(hands[1], deck=pitch13.shuffled_deck(seed, 99))
    changed = attrs.evolve(record, hands=tuple(hands))
    with pytest.raises(FairnessError) as info:
        changed.verify_deals(shown)
    assert str(info.value) == "the deck of hand 2 is not the one the record's seed deals"
    hands[1] = record.hands[1]
    hands[-1] = attrs.evolve(hands[-1], deck=tuple(reversed(hands[-1].deck)))
    with pytest.raises(FairnessError, match=rf"^the deck of hand {len(hands)} is not "):
        attrs.evolve(record, hands=tuple(hands)).verify_deals(shown)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^a commitment is 64 hex digits, not 0 characters: ''$"),
        (SEVEN[:-1], r"^a commitment is 64 hex digits, not 63 characters: 'ca7c22"),
        (SEVEN + "0", r"^a commitment is 64 hex digits, not 65 characters: "),
        (f" {SEVEN}", r"^a commitment is 64 hex digits, not 65 characters: "),
        ("x" * 1_000_000, r"^a commitment is 64 hex digits, not 1000000 characters: 'xxx.*'$"),
        (
            SEVEN[:10] + "g" + SEVEN[11:],
            r"^a commitment is 64 hex digits, and 'g' at position 10 is not one: ",
        ),
        ("0x" + SEVEN[2:], r"^a commitment is 64 hex digits, and 'x' at position 1 is not one: "),
        (SEVEN[:63] + "\ud800", r"^a commitment is 64 hex digits, and '\\ud800' at position 63 is not one: "),
        ("\N{FULLWIDTH DIGIT ONE}" * 64, r"^a commitment is 64 hex digits, and '\\uff11' at position 0 "),
    ],
    ids=["empty", "63", "65", "space", "1MB", "g", "0x", "surrogate", "fullwidth-digits"],
)
def test_a_malformed_commitment_fails_saying_what_is_wrong(game, text, message):
    with pytest.raises(FairnessError, match=message) as info:
        game[2].verify_deals(text)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    "value", [None, SEVEN.encode(), int(SEVEN, 16), [SEVEN]], ids=["None", "bytes", "int", "list"]
)
def test_a_commitment_that_is_not_a_str_is_a_type_error(game, value):
    with pytest.raises(TypeError, match=r"^commitment must be a str, not "):
        game[2].verify_deals(value)


def test_only_a_game_record_is_checked(game):
    """Called on the class, the method refuses what is not a record, as a function would."""
    _, shown, record = game
    state = pitch13.replay(record)[-1]
    with pytest.raises(TypeError, match=r"^verify_deals\(\) takes a GameRecord, not GameState$"):
        pitch13.GameRecord.verify_deals(state, shown)
    with pytest.raises(TypeError, match=r"^verify_deals\(\) takes a GameRecord, not dict$"):
        pitch13.GameRecord.verify_deals(record.to_dict(), shown)


def test_fairness_error_is_a_value_error_of_the_errors_module():
    assert issubclass(FairnessError, ValueError)
    assert FairnessError is pitch13.errors.FairnessError
    assert FairnessError.__module__ == "pitch13.errors"
    assert "FairnessError" in pitch13.__all__ and "FairnessError" in pitch13.errors.__all__
    error = pickle.loads(pickle.dumps(FairnessError("why")))
    assert type(error) is FairnessError and str(error) == "why"


def test_the_api_lives_with_the_seeded_deals_and_the_records():
    """The seed and its commitment are with shuffled_deck, the check is the record's: no module of its own."""
    for name in ("new_seed", "seed_commitment", "shuffled_deck"):
        assert name in pitch13.__all__ and name in pitch13.actions.__all__
        assert getattr(pitch13, name) is getattr(pitch13.actions, name)
        assert getattr(pitch13, name).__module__ == "pitch13.actions"
    assert "FairnessError" in pitch13.__all__
    assert pitch13.GameRecord.verify_deals.__qualname__ == "GameRecord.verify_deals"


# --- pitch13 verify --------------------------------------------------------------------------------


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("form", ["json", "text"])
def test_verify_command_passes_a_fair_record(tmp_path, capsys, game, form):
    _, shown, record = game
    path = _write(tmp_path, f"game.{form}", record.to_json(indent=1) if form == "json" else record.to_text())
    assert cli.main(["verify", path, shown]) == 0
    out, err = capsys.readouterr()
    assert out == (
        f"{path}: the record's {len(record.hands)} hands were dealt from the seed committed to by "
        f"{shown[:16]}...\n"
    )
    assert err == ""


def test_verify_command_takes_a_pasted_commitment_and_counts_one_hand(tmp_path, capsys):
    """Spaces or a newline around it and upper case are all right; a seeded game's first hand alone."""
    seed = new_seed()
    shown = seed_commitment(seed)
    path = _write(tmp_path, "one.txt", pitch13.GameRecord.from_state(pitch13.new_game(seed=seed)).to_text())
    assert cli.main(["verify", path, f"  {shown.upper()}\n"]) == 0
    out, err = capsys.readouterr()
    assert out == f"{path}: the record's 1 hand was dealt from the seed committed to by {shown[:16]}...\n"
    assert err == ""


def test_verify_command_fails_a_record_of_another_seed(tmp_path, capsys, game, other_game):
    _, shown, record = game
    path = _write(tmp_path, "game.json", record.to_json())
    assert cli.main(["verify", path, other_game[1]]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"pitch13: {path}: the record's seed is not the one committed to: it hashes to {shown[:16]}..., "
        f"not {other_game[1][:16]}...\n"
    )


def test_verify_command_fails_a_record_without_a_seed_and_a_malformed_commitment(tmp_path, capsys, game):
    state = pitch13.apply(pitch13.new_game(), pitch13.Deal(pitch13.shuffled_deck(3, 1)))
    unseeded = _write(tmp_path, "unseeded.txt", pitch13.GameRecord.from_state(state).to_text())
    assert cli.main(["verify", unseeded, seed_commitment(3)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"pitch13: {unseeded}: the record has no seed: its decks were dealt with Deal, " + (
        "from a shuffle nothing committed to\n"
    )
    seeded = _write(tmp_path, "game.txt", game[2].to_text())
    assert cli.main(["verify", seeded, game[1][:40]]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    # The argument's fault, not the record's: said as such, before the record is read.
    assert err.startswith("pitch13 verify: a commitment is 64 hex digits, not 40 characters: ")
    assert cli.main(["verify", str(tmp_path / "missing.txt"), "00"]) == 1
    assert (
        capsys.readouterr().err == "pitch13 verify: a commitment is 64 hex digits, not 2 characters: '00'\n"
    )


def test_verify_command_refuses_a_file_it_cannot_load_as_replay_does(tmp_path, capsys, game):
    shown = game[1]
    missing = str(tmp_path / "missing.txt")
    assert cli.main(["verify", missing, shown]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"pitch13: cannot read {missing}: ")
    assert cli.main(["replay", missing]) == 2
    assert capsys.readouterr().err == err

    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{")
    assert cli.main(["verify", str(binary), shown]) == 2
    assert capsys.readouterr().err.startswith(f"pitch13: cannot read {binary}: ")

    broken = _write(tmp_path, "broken.txt", game[2].to_text().replace("[FirstDealer", "[FirstDealr", 1))
    assert cli.main(["verify", broken, shown]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"pitch13: {broken}: line ")
    assert cli.main(["replay", broken]) == 1  # replay's own status for a record that is not valid
    assert capsys.readouterr().err == err

    data = game[2].to_dict()
    data["hands"][0]["actions"][0] = [3, "pass"]  # not seat 3's turn
    illegal = _write(tmp_path, "illegal.json", json.dumps(data))
    assert cli.main(["verify", illegal, shown]) == 2
    assert capsys.readouterr().err.startswith(f"pitch13: {illegal}: $.hands[0].actions[0]: ")


def test_verify_is_listed_among_the_commands(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["--help"])
    assert info.value.code == 0
    assert "verify" in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        cli.main(["verify", "only-a-record"])
    assert info.value.code == 2
    assert "COMMITMENT" in capsys.readouterr().err
