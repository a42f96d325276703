"""Sphinx configuration for the pitch13 documentation."""

from __future__ import annotations

import pitch13

project = "pitch13"
author = "The pitch13 developers"
copyright = "the pitch13 developers"  # noqa: A001 - the name Sphinx reads
version = pitch13.__version__
release = pitch13.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build"]
root_doc = "index"
language = "en"

# Google-style docstrings only.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_class_signature = "mixed"
autodoc_default_options = {"undoc-members": False}

html_theme = "alabaster"
html_title = f"pitch13 {release}"
html_theme_options = {
    "description": "The rules of 13-point partner pitch as a typed Python library.",
    "fixed_sidebar": True,
}
