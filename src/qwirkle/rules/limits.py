"""Every limit on what the library reads from outside, in one place: sizes, nesting, coordinates and counts.

Input beyond a limit is refused with a :class:`~qwirkle.QwirkleError`
subclass before any work that grows with it, so that a refusal takes well
under 10 ms and 50 MB whatever its size. Each limit is far beyond what a game
needs; what the library writes stays within them, so it always reads back.
The bounds of the options are declared with the options themselves (see
:func:`qwirkle.rules.ruleset.option_range` and the options page).

>>> MAX_NOTATION_LENGTH, MAX_JSON_CHARS, MAX_TURNS
(20000, 1048576, 5000)
"""

from __future__ import annotations

from typing import Final

# The table's range is declared with its cells, in qwirkle._engine.geometry, and listed here with the other limits.
from qwirkle._engine.geometry import COORD_LIMIT, MAX_COORD

__all__ = [
    "COORD_LIMIT",
    "MAX_COORD",
    "MAX_DIGITS",
    "MAX_JSON_CHARS",
    "MAX_JSON_ITEMS",
    "MAX_JSON_OBJECTS",
    "MAX_LIST",
    "MAX_NAME",
    "MAX_NOTATION_LENGTH",
    "MAX_POINTS",
    "MAX_SEATS",
    "MAX_SEED",
    "MAX_TURNS",
    "MIN_SEED",
]

MAX_NOTATION_LENGTH: Final = 20_000
"""The longest text the parsers of notation read (tiles, cells, moves, positions, and the cards' codes).

A whole position takes well under 1,000 characters."""

MAX_DIGITS: Final = 10
"""Most digits a number of the notation (a coordinate, a score, a seat) may have: anything longer is out of range."""

MAX_JSON_CHARS: Final = 1 << 20
"""The longest JSON text read (a state, a view or a record): 1 MiB.

The state of a game of :data:`MAX_TURNS` turns takes less; an ordinary game, about 15 kB."""

MAX_JSON_OBJECTS: Final = 20_000
"""Most JSON objects (``{...}``) one text may hold, counted before it is parsed.

A state of :data:`MAX_TURNS` turns holds about two a turn."""

MAX_JSON_ITEMS: Final = 100_000
"""Most commas one JSON text may hold, counted before it is parsed: a bound on the values it makes.

A state of :data:`MAX_TURNS` turns holds fewer than 60,000."""

MAX_LIST: Final = 20_000
"""The longest list read anywhere in a JSON document."""

MAX_NAME: Final = 100
"""The longest player name."""

MAX_SEATS: Final = 16
"""The most players a game may have, whatever its options say (``max_players`` is bounded by it)."""

MAX_POINTS: Final = 10**9
"""The highest score read or accepted: a game within these limits cannot reach it."""

MIN_SEED: Final = -(2**63)
"""The smallest seed a game may be dealt from (the seeds of a signed 64-bit int, and of an unsigned one)."""

MAX_SEED: Final = 2**64 - 1
"""The largest seed a game may be dealt from."""

MAX_TURNS: Final = 5_000
"""The most turns a state's history, a view's or a record may hold; games between bots stop there too.

Real games take well under 200 turns; only exchanges repeated for ever go on longer."""

MAX_COMMENT: Final = 2_000
"""The longest comment on a turn of a game record, and the longest value of a record's tag."""

MAX_TAGS: Final = 100
"""The most tags a game record holds."""

MAX_CLOCK: Final = 10**7
"""The most seconds a record's clock shows (about 115 days)."""
