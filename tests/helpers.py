"""Small helpers shared by the test modules: arranged deals, driving a game, refusals, views, ``pitch13 play``."""

from __future__ import annotations

import gc
import io
import re
import signal
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

import attrs
import pytest

import pitch13
from pitch13 import (
    DECK,
    Deal,
    IllegalActionError,
    apply,
    cli,
    legal_actions,
    new_game,
    parse_cards,
    spectator_view,
    view,
)
from pitch13._base.checks import unchecked
from pitch13.testing import arranged_deck, check_invariants


def card(text):
    """The one card of ``text``."""
    return parse_cards(text)[0]


#: Every card's text in notation: ``"AH"``, ``"10S"``, ``"BJ"``...
CARD_TEXTS = frozenset(str(c) for c in DECK)

_CARD_OF_TEXT = {str(c): c for c in DECK}


def json_cards(node):
    """Every card named anywhere in plain JSON data: a string that is a card, or a word of one (the
    notation of an action or of a history entry, such as ``"2 play 10H"``, names cards as words)."""
    found = set()
    if isinstance(node, str):
        found.update(_CARD_OF_TEXT[word] for word in node.split() if word in _CARD_OF_TEXT)
    elif isinstance(node, list):
        for value in node:
            found |= json_cards(value)
    elif isinstance(node, dict):
        for value in node.values():
            found |= json_cards(value)
    return found


#: A deal by seat 0 in which, hearts named, only 3 trumps are dealt: the seats need 5, 5, 6 and 5
#: cards, 21 in all, from a stock of 18 (R-FILL-2).
SHORT_HANDS = {
    1: "JD 2C 3C 4C 5C 6C 7C 8C 9C",
    2: "3D 10C JC QC KC AC 2D 4D 5D",
    3: "6D 7D 8D 9D 10D QD KD AD 2S",
    0: "BJ 3S 4S 5S 6S 7S 8S 9S 10S",
}
SHORT_STOCK = "AH JS KH QH 10H 9H 8H QS 7H 6H 5H 4H 3H KS 2H RJ JH AS"


def deal(hands, *, dealer=0, stock="", rules=None):
    """A new game dealt from an arranged deck."""
    return apply(new_game(rules, dealer=dealer), arranged_deck(hands, dealer=dealer, stock=stock))


def random_states(rules, *, dealer, seed, rng, length):
    """The states of a game played by ``rng``'s uniformly random choices, ``length`` states at most.

    Chance deals a hand (shuffled by ``rng``) when the game is not seeded (``seed`` is ``None``).
    """
    state = new_game(rules, dealer=dealer, seed=seed)
    states = [state]
    while not state.is_over and len(states) < length:
        if state.is_chance:
            order = list(DECK)
            rng.shuffle(order)
            state = apply(state, Deal(order))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


def drive(state, *steps):
    """Apply each step, an action or ``(seat, action)``, checking the invariants of every state."""
    for step in steps:
        seat, action = step if isinstance(step, tuple) else (None, step)
        state = apply(state, action, seat=seat)
        check_invariants(state)
    return state


def states_through(state, actions):
    """The states from ``state`` through each of ``actions`` in turn (``state`` first)."""
    states = [state]
    for action in actions:
        states.append(apply(states[-1], action))
    return states


def events(state, kind):
    """The events of type ``kind`` in the history, oldest first."""
    return [entry.item for entry in state.history if isinstance(entry.item, kind)]


def refused(state, action, reason, seat=None):
    """Assert that ``action`` is refused with ``reason``, naming the action and the seat (the one
    that claimed to act, else the seat to act; none for chance's deal); return the error."""
    with pytest.raises(IllegalActionError) as info:
        apply(state, action, seat=seat)
    assert info.value.reason is reason
    assert info.value.action is action or info.value.action == action
    expected_seat = seat if seat is not None else None if isinstance(action, Deal) else state.to_act
    assert info.value.seat == expected_seat, info.value
    return info.value


def see(state, viewer):
    """The view of ``viewer``: a seat, or ``None`` for a spectator."""
    return spectator_view(state) if viewer is None else view(state, viewer)


#: Pearson chi-square critical values at p = 0.001, by degrees of freedom.
CHI2_CRITICAL_P001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 23: 49.728}


def chi_square(counts, expected_shares):
    """Pearson's statistic of ``counts`` against ``expected_shares`` (fractions summing to 1)."""
    total = sum(counts.values())
    assert abs(sum(expected_shares.values()) - 1) < 1e-12
    assert set(counts) <= set(expected_shares), f"a value was drawn that cannot be: {counts}"
    return sum((counts[k] - total * p) ** 2 / (total * p) for k, p in expected_shares.items())


# --- pitch13 play at a scripted keyboard ----------------------------------------------------------


class Typist:
    """Standard input that answers each prompt with ``answer(screen so far)`` (``None``: end of input)."""

    def __init__(self, screen, answer):
        self.screen = screen
        self.answer = answer
        self.prompts = 0

    def readline(self):
        self.prompts += 1
        assert self.prompts < 4000, "the game does not end"
        answer = self.answer(self.screen.getvalue())
        return "" if answer is None else answer + "\n"

    def isatty(self):
        return False


def run_play(monkeypatch, args, answer):
    """Run ``pitch13 play ARGS`` answering with ``answer(screen)``; the status, the screen, the typist."""
    screen = io.StringIO()
    typist = Typist(screen, answer)
    monkeypatch.setattr(sys, "stdin", typist)
    monkeypatch.setattr(sys, "stdout", screen)
    status = cli.main(["play", *args])
    return status, screen.getvalue(), typist


def last_menu(text):
    """The actions of the last menu on the screen, as written."""
    block = text[text.rindex("\n  1) ") + 1 :]
    items = []
    for line in block.splitlines():
        if not re.match(r"  \d+\) ", line):
            break
        items += [re.sub(r"^\d+\) ", "", item) for item in re.split(r"\s{2,}", line.strip())]
    return items


_LIBRARY_FRAMES = tracemalloc.Filter(True, f"{Path(pitch13.__file__).parent}/*", all_frames=True)


def freed_with(make, read=None, *, times=3):
    """The bytes that deleting an object frees of what the library allocated for it, as the
    median of ``times`` measures: ``make()`` builds the object and ``read(obj)``, if given, puts it
    through something. What ``read`` allocates is measured, or without a ``read``, what ``make``
    does.

    Only blocks allocated with the library's code on the stack count, so what other threads (a
    test runner's own) or other tests' garbage do meanwhile is not measured; the median leaves out
    a measure that something else still disturbed, either way."""

    def library_bytes():
        snapshot = tracemalloc.take_snapshot().filter_traces([_LIBRARY_FRAMES])
        return sum(trace.size for trace in snapshot.traces)

    def once():
        gc.collect()
        if read is not None:
            made = make()
        tracemalloc.start(8)  # frames enough to reach the library from what it calls (attrs, struct)
        try:
            if read is None:
                made = make()
            else:
                read(made)
            gc.collect()
            before = library_bytes()
            del made
            gc.collect()
            return before - library_bytes()
        finally:
            tracemalloc.stop()

    # What exists now is left out of the collections below (gc.freeze): they then cost as little
    # in a test process that has run many tests, and holds their objects, as in a new one.
    gc.collect()
    gc.freeze()
    try:
        return statistics.median(once() for _ in range(times))
    finally:
        gc.unfreeze()


def quick_only_first(chunk):
    """Work for a pool of processes: the chunk ``[0]`` at once, any other after a minute."""
    if chunk != [0]:
        time.sleep(60)
    return chunk


def quick_only_first_range(first, stop):
    """Work for a pool of processes: the range from 0 at once, any other after a minute."""
    if first != 0:
        time.sleep(60)
    return list(range(first, stop))


def ctrl_c_ignored(chunk):
    """Work for a pool of processes: for each item, whether this process ignores Ctrl-C."""
    return [signal.getsignal(signal.SIGINT) is signal.SIG_IGN for _ in chunk]


def ctrl_c_ignored_range(first, stop):
    """:func:`ctrl_c_ignored`, for the numbers from ``first`` to ``stop`` - 1."""
    return ctrl_c_ignored(range(first, stop))


class EqualsAnything:
    """Not an action, though its ``==`` says it equals every action; as a bot, it answers itself."""

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__

    def __init__(self, seed=None):
        pass

    def choose(self, seat_view):
        return self


def load_script(path, name):
    """The module of the script at ``path`` (not a package's), loaded from its file as ``name``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an imported module is: its classes pickle and dataclasses resolve
    spec.loader.exec_module(module)
    return module


def unchecked_evolve(value, **changes):
    """``attrs.evolve(value, **changes)`` made past the checks, as a corrupted value (or one
    unpickled) would be."""
    return unchecked(type(value), **{**attrs.asdict(value, recurse=False), **changes})


class CarriesItsCause(Exception):
    """An exception that pickles with what caused it, as tblib's pickling (Dask's) makes each."""

    def __reduce__(self):
        return (_carrying, (self.args, self.__cause__))


def _carrying(args, cause):
    error = CarriesItsCause(*args)
    error.__cause__ = cause
    return error


def fails_from_an_unpicklable_cause(chunk_or_first, stop=None):
    """Work for a pool of processes: it fails from an exception that does not pickle."""
    cause = ValueError("the model is gone")
    cause.unpicklable = lambda: None
    raise CarriesItsCause("the bot failed") from cause


class Unpicklable(Exception):
    """What a bot may raise: an exception that cannot cross to another process."""

    def __init__(self):
        super().__init__("the model is gone")
        self.model = lambda: None


class Unmade:
    """A class of bots that cannot be made: its maker raises an exception that cannot cross to
    another process."""

    def __init__(self, seed=None):
        raise Unpicklable()

    def choose(self, view):  # pragma: no cover - never made
        return view.legal_actions[0]


def choose_first(view):
    """A bot's ``choose`` written as a plain function: given as a bot spec, which is a bot's
    maker, it is called with a seed, and fails."""
    return view.legal_actions[0]


class Passer:
    """A bot (or a class of bots, made with a seed) that passes whenever it may, else takes its
    first legal action: under ``Rules(all_pass="redeal")`` four of them throw in every hand."""

    def __init__(self, seed=None):
        pass

    def choose(self, view):
        return pitch13.PASS if pitch13.PASS in view.legal_actions else view.legal_actions[0]


class Generating:
    """A bot (or a class of bots, made with a seed) that returns a generator of its legal actions,
    as one that forgot ``next()`` would: no action, and nothing that pickles."""

    def __init__(self, seed=None):
        pass

    def choose(self, view):
        return (action for action in view.legal_actions)


class Broken:
    """A bot (or a class of bots, made with a seed) that raises when it is asked."""

    def __init__(self, seed=None):
        pass

    def choose(self, view):
        raise Unpicklable
