"""Private names on documentation pages: a page names only what a reader may use.

A private name is a dotted name with a part that starts with an underscore
(``qwirkle.legality._verify_place``, ``state._repr_svg_``). The documentation
build warns about every one it finds on a page (see ``qwirkle_rules``), and
``tests/test_doc_examples.py`` checks the pages' sources and the docstrings the
API reference shows. This module needs nothing but the standard library.
"""

from __future__ import annotations

import re

__all__ = ["private_names"]

_DOTTED = re.compile(r"(?<![\w./-])[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+")


def private_names(text: str) -> list[str]:
    """The dotted names in ``text`` with a private part, each once, in order.

    >>> private_names("see qwirkle.legality._verify_place and qwirkle.verify, or state._repr_svg_()")
    ['qwirkle.legality._verify_place', 'state._repr_svg_']
    >>> private_names("src/qwirkle/formats/_codec.py and 3.5 and e.g. text")
    []
    """
    found: dict[str, None] = {}
    for match in _DOTTED.finditer(text):
        name = match.group(0)
        if any(part.startswith("_") for part in name.split(".")[1:]) or name.startswith("_"):
            found[name] = None
    return list(found)
