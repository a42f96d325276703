"""pytest configuration for the whole repository.

``docs/conf.py`` is Sphinx's configuration, not a module of tests. It imports Sphinx and
docutils, which only the ``docs`` extra installs, so the doctest collector
(``--doctest-modules``) leaves it alone; the pages under ``docs/`` are doctested all the same,
with nothing but the ``test`` extra installed.
"""

collect_ignore = ["docs/conf.py"]
