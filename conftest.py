"""pytest configuration for the whole repository.

``docs/conf.py`` is Sphinx's configuration, not a module of tests. It imports Sphinx and
docutils, which only the ``docs`` extra installs, so the doctest collector
(``--doctest-modules``) leaves it alone; the pages under ``docs/`` are doctested all the same,
with nothing but the ``test`` extra installed.

The environments of ``pitch13.adapters`` import their frameworks, which only their extras
install: where a framework is missing, its module's doctests are not collected (its tests skip
themselves, and ``.ci/run``'s adapters step runs both with every framework installed).
"""

import importlib.util
import os

import pytest

collect_ignore = ["docs/conf.py"]
for _module, _framework in (
    ("openspiel", "pyspiel"),
    ("pettingzoo", "pettingzoo"),
    ("gymnasium", "gymnasium"),
    ("_episodes", "gymnasium"),
):
    if importlib.util.find_spec(_framework) is None:
        collect_ignore.append(f"src/pitch13/adapters/{_module}.py")


@pytest.fixture(autouse=True)
def _caches_built_in_each_test_under_mutation():
    """Forget the trump tables and the view readers before each test under mutation testing.

    mutmut sets ``MUTANT_UNDER_TEST``; tables and readers built while the tests were collected
    would hide a mutant of their construction.
    """
    if os.environ.get("MUTANT_UNDER_TEST"):
        from pitch13._core.tables import clear_table_cache
        from pitch13._info.view_reader import clear_reader_cache

        clear_table_cache()
        clear_reader_cache()
