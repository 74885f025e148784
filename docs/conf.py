"""Sphinx configuration for the qwirkle documentation."""

from __future__ import annotations

import importlib.util
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
    "stand_ins",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False

# OpenSpiel is large (it brings SciPy), so the docs extra, all that Read the Docs installs, leaves it out: where it
# is missing, autodoc imports the OpenSpiel adapter against a stand-in of it (see _ext/stand_ins.py). The other
# adapters' packages come with the docs extra, so their pages show the real types. Where OpenSpiel is installed it
# is used, as the doctest builder runs the RL page's examples with it.
OPENSPIEL = ("pyspiel", "open_spiel")
autodoc_mock_imports = [name for name in OPENSPIEL if importlib.util.find_spec(name) is None]

# No hidden set-up: every example on a page imports what it uses, so it runs when pasted.
# Docstring examples run in their own modules under `pytest --doctest-modules`; the doctest
# builder runs the examples written in these pages.
doctest_test_doctest_blocks = ""

html_theme = "furo"
html_title = "qwirkle"
html_static_path = ["_static"]
html_css_files = ["qwirkle.css"]
