"""Sphinx configuration for the pitch13 documentation.

Build with ``python -m sphinx -W --keep-going docs docs/_build/html`` in an environment with the
``docs`` extra (``python -m pip install -e '.[docs]'``): Sphinx, the Furo theme and MyST, which
renders ``CHANGELOG.md`` and ``CONTRIBUTING.md``. ``.readthedocs.yaml`` builds it the same way.
The references into Python's and attrs's docs are resolved from the inventories kept in
``docs/_inventories``, so the build needs no network.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import Any

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import PycodeError
from sphinx.ext.autodoc.mock import mock
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

import pitch13

project = "pitch13"
author = "The pitch13 developers"
copyright = "The pitch13 developers"
version = pitch13.__version__
release = pitch13.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}

root_doc = "index"
exclude_patterns = ["_build"]
language = "en"
nitpicky = True
# The inventories are copies of those the two sites publish (Python 3.11's, attrs 22.2's), kept in
# the repository so that the build does not fetch them; the links go to the sites themselves.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", "_inventories/python.inv"),
    "attrs": ("https://www.attrs.org/en/stable", "_inventories/attrs.inv"),
}
# NumPy's and the game-AI frameworks' own types are documented on their own sites.
nitpick_ignore_regex = [
    ("py:.*", r"(numpy|npt|np|pyspiel|pettingzoo|gymnasium)(\..*)?"),
]
# The environments of pitch13.adapters are documented without their frameworks installed.
autodoc_mock_imports = ["pyspiel", "open_spiel", "pettingzoo", "gymnasium"]

# The docstrings in src/ are Google style.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_include_init_with_doc = False

autodoc_member_order = "bysource"
autodoc_typehints = "signature"

html_theme = "furo"
html_title = f"pitch13 {release}"
# The headings of CHANGELOG.md and CONTRIBUTING.md get anchors, as those of the other pages do.
myst_heading_anchors = 3


# --- documenting the public names under ``pitch13`` ------------------------------------------
#
# The public names live in submodules (``pitch13.rules.Rules``) and are imported into the
# package, where they are documented (``pitch13.Rules``). The hooks below make autodoc see
# them that way.

_PUBLIC = frozenset(pitch13.__all__)
_SUBMODULES = tuple(
    info.name
    for info in pkgutil.iter_modules(pitch13.__path__, "pitch13.")
    if not info.name.endswith("__main__")  # analysing it would run the command
)
#: Every module of the package, private ones included (the ``#:`` comments are read from them).
_ALL_MODULES = tuple(
    info.name
    for info in pkgutil.walk_packages(pitch13.__path__, "pitch13.")
    if not info.name.endswith("__main__") and ".adapters" not in info.name
)
#: The modules whose public names the API reference documents: every module outside a private
#: one, each name of its ``__all__``.
_PUBLIC_MODULES = (
    "pitch13",
    *(m for m in _ALL_MODULES if "._" not in m),
    "pitch13.adapters.gymnasium",
    "pitch13.adapters.openspiel",
    "pitch13.adapters.pettingzoo",
)


def _module_comments() -> dict[str, list[list[str]]]:
    """The ``#:`` comments of module-level names, by name, from every module that has one."""
    comments: dict[str, list[list[str]]] = {}
    for module in _ALL_MODULES:
        analyzer = ModuleAnalyzer.for_module(module)
        analyzer.analyze()
        for (scope, name), lines in analyzer.attr_docs.items():
            if not scope:
                comments.setdefault(name, []).append(list(lines))
    return comments


_COMMENTS = _module_comments()
_PROSE_KINDS = frozenset({"attribute", "data", "property"})
_saved_prose: dict[str, list[str]] = {}


def _rehome_attribute_comments() -> None:
    """Let autodoc find the ``#:`` comments of a class defined in a private module but public elsewhere.

    ``Place`` is written in ``pitch13._info.knowledge`` and reports ``pitch13.views`` (where it is
    public, so that it pickles there); autodoc reads a class's attribute comments from the module
    it reports, so without this it would find none there, and leave out the documented members.
    """
    for module in _ALL_MODULES:
        if not any(part.startswith("_") for part in module.split(".")):
            continue
        namespace = importlib.import_module(module)
        source = ModuleAnalyzer.for_module(module)
        source.analyze()
        for name, (kind, _, _) in source.tags.items():
            obj = getattr(namespace, name, None)
            home = getattr(obj, "__module__", module)
            if kind != "class" or "." in name or home == module or not home.startswith("pitch13."):
                continue  # a class of its own module, or a name bound to another's (Work is list)
            target = ModuleAnalyzer.for_module(obj.__module__)
            target.analyze()
            for (scope, attr), lines in source.attr_docs.items():
                if scope == name or scope.startswith(name + "."):
                    target.attr_docs.setdefault((scope, attr), lines)
            for key, order in source.tagorder.items():
                if key.startswith(name + "."):
                    target.tagorder.setdefault(key, order)


_rehome_attribute_comments()


def _own_comment(module: str, name: str) -> bool:
    """Whether ``name`` has a ``#:`` comment in ``module`` itself, where autodoc finds it."""
    try:
        analyzer = ModuleAnalyzer.for_module(module)
        analyzer.analyze()
    except PycodeError:
        return False
    return ("", name) in analyzer.attr_docs


def _data_comment(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Give ``pitch13.DECK`` (and the like) the ``#:`` comment written where it is defined.

    Without this, autodoc looks for the comment in the module a name is documented under only
    (``pitch13/__init__.py`` for ``pitch13.DECK``, ``pitch13/engine/__init__.py`` for
    ``pitch13.engine.MAX_HAND_NUMBER``) and falls back to the docstring of the value's type
    (``tuple``, ``int``). The comment is taken from the one module that defines one.
    """
    module, _, short = name.rpartition(".")
    found = _COMMENTS.get(short, [])
    if what == "data" and len(found) == 1 and not _own_comment(module, short):
        lines[:] = [*found[0], ""]


def _save_prose(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Keep attribute, data and property docstrings as written (see :func:`_restore_prose`)."""
    if what in _PROSE_KINDS:
        _saved_prose[name] = list(lines)


def _restore_prose(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Undo napoleon's reading of ``"text: more text"`` as ``"type: description"``.

    Napoleon takes the part of an attribute's first line before a colon as its type. The
    attribute docstrings of pitch13 are prose ("The points in a hand: 13, or 10 ...") and the
    types come from the annotations, so they are rendered as written.
    """
    if what in _PROSE_KINDS and name in _saved_prose:
        lines[:] = _saved_prose.pop(name)


def _public_name(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.TextElement
) -> nodes.reference | None:
    """Resolve a reference to a public name made inside its submodule to ``pitch13.<name>``.

    Type hints name the defining module (``pitch13.rules.ShortStock``), and a submodule's
    docstring names its own objects briefly (``:func:`apply``` in ``pitch13.engine``); both
    mean the object documented as ``pitch13.rules.ShortStock`` or ``pitch13.apply``.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    rest = None
    for module in _SUBMODULES:
        if target.startswith(module + "."):
            rest = target[len(module) + 1 :]
    if rest is None and node.get("py:module") in _SUBMODULES:
        rest = target  # ``:func:`apply``` written in the docstring of pitch13.engine
    if rest is None or rest.split(".", 1)[0] not in _PUBLIC:
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], "pitch13." + rest, node, contnode
    )


def _factory_defaults(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None, annotation: str | None
) -> tuple[str | None, str | None] | None:
    """Show a default computed by an attrs factory (``Rules.max_bid``) as ``...``, not ``NOTHING``."""
    if signature and "= NOTHING" in signature:
        return signature.replace("= NOTHING", "= ..."), annotation
    return None


def _check_public_names(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about a public name that the API reference does not document.

    A name of a public module's ``__all__`` is documented under that module, or, for a name the
    module takes from another (``pitch13.views.DealSeen``), where that object is documented.
    """
    documented = env.get_domain("py").objects
    where: dict[int, str] = {}
    for full in documented:
        module, _, short = full.rpartition(".")
        if module in sys.modules and hasattr(sys.modules[module], short):
            where.setdefault(id(getattr(sys.modules[module], short)), full)
    log = logging.getLogger(__name__)
    for module in _PUBLIC_MODULES:
        with mock(app.config.autodoc_mock_imports):
            names = getattr(importlib.import_module(module), "__all__", ())
        for short in names:
            full = f"{module}.{short}"
            obj = getattr(sys.modules[module], short)
            if full in documented or id(obj) in where:
                continue
            log.warning(
                "%s is public (in %s.__all__) but the API reference does not document it", full, module
            )


def setup(app: Sphinx) -> None:
    """Connect the hooks above; napoleon's own handler runs at the default priority, 500."""
    app.connect("autodoc-process-docstring", _data_comment, priority=100)
    app.connect("autodoc-process-docstring", _save_prose, priority=200)
    app.connect("autodoc-process-docstring", _restore_prose, priority=900)
    app.connect("autodoc-process-signature", _factory_defaults)
    app.connect("missing-reference", _public_name)
    app.connect("env-check-consistency", _check_public_names)
