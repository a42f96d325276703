"""The hypothesis profiles of the test suite, and the counts that grow with them.

The profile is chosen with the environment variable ``HYPOTHESIS_PROFILE``:

``default``
    What ``python -m pytest`` runs: enough examples to catch most mistakes while the whole
    suite stays quick.
``thorough``
    ``HYPOTHESIS_PROFILE=thorough python -m pytest tests``: five times the examples, games twice
    as long where a test caps them, and the deterministic sweeps in full. ``.ci/run`` runs it.

A test states its number of examples for the default profile with ``@examples(n)``, never with
``@settings(max_examples=n)``, which would ignore the profile. Loops that are not hypothesis
tests take their counts from :func:`more`, and caps on the length of a game from
:func:`longer`. ``tests/conftest.py`` imports this module, so the profile is loaded before any
test module is.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import settings

__all__ = ["PROFILE", "THOROUGH", "examples", "longer", "more"]

#: Hypothesis's own defaults, which both profiles start from (whatever profile is loaded now).
_BASE = settings.get_profile("default")

#: For each profile: how many times the default's examples, and how many times as long a game.
_SCALES = {"default": (1, 1), "thorough": (5, 2)}

settings.register_profile("default", _BASE, max_examples=100)
settings.register_profile("thorough", _BASE, max_examples=100 * _SCALES["thorough"][0])

#: The profile in use.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
settings.load_profile(PROFILE)  # refuses a name that is not registered

#: Whether the thorough profile is in use.
THOROUGH = PROFILE == "thorough"

_MORE, _LONGER = _SCALES[PROFILE]


def more(n: int) -> int:
    """``n`` under the default profile, more under the thorough one: a number of examples."""
    return n * _MORE


def longer(n: int) -> int:
    """``n`` under the default profile, more under the thorough one: a cap on a game's length."""
    return n * _LONGER


def examples(n: int, **kwargs: Any) -> settings:
    """``settings(max_examples=n, **kwargs)`` for the default profile, with more examples for others."""
    return settings(max_examples=more(n), **kwargs)
