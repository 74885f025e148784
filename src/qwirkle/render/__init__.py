"""Pictures of the table: text for terminals (plain or with ANSI colours) and SVG, with no extra dependency.

Both show coordinates, mark the tiles of the last move, and can show tiles
placed this turn but not yet played and highlight cells where a tile may go.
Shapes carry the information, so the pictures stay readable without colour:
the text gives each tile its colour letter, and the ``"colour-blind"`` SVG
palette, designed for colour-vision deficiency, writes the colour letter on
each tile.

Anything with a board can be drawn: a :class:`~qwirkle.GameState`, a
:class:`~qwirkle.PlayerView`, a :class:`~qwirkle.SpectatorView`, a
:class:`~qwirkle.interface.scorekeeper.Scorekeeper`, a :class:`~qwirkle.Board` or a
plain mapping from cells to tiles.

>>> from qwirkle import parse_position
>>> state = parse_position("0,0:RoRs RdRcRxR*GoBo/YdYcYxY*OoPo 2/0 1")
>>> print(board_text(state))
    0   1
0  Ro  Rs
>>> board_svg(state).startswith("<svg")
True
"""

from qwirkle.render.svg import LETTER_SIZE, PALETTES, Palette, board_svg, hand_svg, series_svg, tile_svg
from qwirkle.render.terminal import board_text, hand_text

__all__ = [
    "LETTER_SIZE",
    "PALETTES",
    "Palette",
    "board_svg",
    "board_text",
    "hand_svg",
    "hand_text",
    "series_svg",
    "tile_svg",
]
