"""The arithmetic of one line of cards, internal now.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "LINES_OF": "qwirkle.cards._search.lines.LINES_OF",
        "LINE_CELLS": "qwirkle.cards._search.lines.LINE_CELLS",
        "deal_line": "qwirkle.cards._search.lines.deal_line",
        "line_ok": "qwirkle.cards._search.lines.line_ok",
        "line_qwirkles": "qwirkle.cards._search.lines.line_qwirkles",
    },
)
