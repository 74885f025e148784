"""Sphinx configuration for the qwirkle documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "src"))

import qwirkle  # noqa: E402

project = "qwirkle"
author = "The qwirkle maintainers"
copyright = "2026, The qwirkle maintainers"
release = qwirkle.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "qwirkle_pictures",
    "qwirkle_rules",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False

# No hidden set-up: every example on a page imports what it uses, so it runs when pasted.
# Docstring examples run in their own modules under `pytest --doctest-modules`; the doctest
# builder runs the examples written in these pages.
doctest_test_doctest_blocks = ""

html_theme = "furo"
html_title = "qwirkle"
html_static_path = ["_static"]
html_css_files = ["qwirkle.css"]
