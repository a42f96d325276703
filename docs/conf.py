"""Sphinx configuration for the pitch13 documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``. Only Sphinx's own
extensions and the default theme are used, so the build needs nothing but Sphinx.
"""

from __future__ import annotations

import pkgutil
from typing import Any

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer

import pitch13

project = "pitch13"
author = "The pitch13 developers"
copyright = "The pitch13 developers"
version = pitch13.__version__
release = pitch13.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

root_doc = "index"
exclude_patterns = ["_build"]
language = "en"
nitpicky = True
# Intersphinx needs the network, so references into the standard library cannot resolve.
nitpick_ignore = [
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "enum.Enum"),
    ("py:class", "random.Random"),
    ("py:mod", "random"),
]
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

html_theme = "alabaster"
html_title = f"pitch13 {release}"
html_theme_options = {
    "description": "The rules of 13-point partner pitch as a typed Python library.",
    "fixed_sidebar": True,
}


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


def _module_comments() -> dict[str, list[str]]:
    """The ``#:`` comments of module-level names, from the submodule that defines each."""
    comments: dict[str, list[str]] = {}
    for module in _SUBMODULES:
        analyzer = ModuleAnalyzer.for_module(module)
        analyzer.analyze()
        for (scope, name), lines in analyzer.attr_docs.items():
            if not scope and name in _PUBLIC:
                comments.setdefault(name, list(lines))
    return comments


_COMMENTS = _module_comments()
_PROSE_KINDS = frozenset({"attribute", "data", "property"})
_saved_prose: dict[str, list[str]] = {}


def _data_comment(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Give ``pitch13.DECK`` (and the like) the ``#:`` comment written where it is defined.

    Without this, autodoc looks for the comment in ``pitch13/__init__.py`` only and falls back
    to the docstring of the value's type (``tuple``, ``Card``).
    """
    module, _, short = name.rpartition(".")
    if what == "data" and module == "pitch13" and short in _COMMENTS:
        lines[:] = [*_COMMENTS[short], ""]


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


def setup(app: Sphinx) -> None:
    """Connect the hooks above; napoleon's own handler runs at the default priority, 500."""
    app.connect("autodoc-process-docstring", _data_comment, priority=100)
    app.connect("autodoc-process-docstring", _save_prose, priority=200)
    app.connect("autodoc-process-docstring", _restore_prose, priority=900)
    app.connect("autodoc-process-signature", _factory_defaults)
    app.connect("missing-reference", _public_name)
