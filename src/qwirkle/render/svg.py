"""Pictures of the table, a hand and a table of Qwirkle Cards as SVG: the six shapes in two palettes."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from typing import Final, Literal
from xml.sax.saxutils import escape

from qwirkle._engine.geometry import Cell
from qwirkle.errors import QwirkleError
from qwirkle.render._table import board_and_last, bounding_box
from qwirkle.text import format_cell
from qwirkle.tiles import COLOUR_LETTERS, Tile

__all__ = ["LETTER_SIZE", "PALETTES", "Palette", "board_svg", "hand_svg", "series_svg", "tile_svg"]

Palette = Literal["classic", "colour-blind"]
"""The SVG colour palettes."""

PALETTES: Final[Mapping[str, tuple[str, ...]]] = {
    "classic": ("#e3262b", "#f7901e", "#f4d81c", "#3aaa35", "#1f78d1", "#8e44ad"),
    "colour-blind": ("#c4310c", "#f48706", "#fffd95", "#63aa8f", "#2452ca", "#cc82e8"),
}
"""Fill colours by :class:`~qwirkle.Colour` order.

``"colour-blind"`` starts from the hues of the Okabe-Ito palette and spreads
their lightness (a dark red, a mid orange, a pale yellow...), so that the six
colours stay apart for people with deuteranopia or protanopia as well:
``tests/test_palette.py`` simulates both and measures every pair.
"""

LETTER_SIZE: Final = 0.36
"""The height of a tile's colour letter in SVG, as a fraction of the tile's size (14.4 px on a 40 px cell)."""

_TILE_BACK: Final = "#1d1d1f"


def _star(points: int, outer: float, inner: float) -> str:
    coords = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        coords.append(f"{radius * math.cos(angle):.3f},{radius * math.sin(angle):.3f}")
    return " ".join(coords)


# Each shape drawn in a unit tile centred on (0, 0), spanning -0.5 to 0.5.
_SHAPES: Final = (
    '<circle r="0.3"/>',
    '<rect x="-0.27" y="-0.27" width="0.54" height="0.54"/>',
    '<polygon points="0,-0.36 0.36,0 0,0.36 -0.36,0"/>',
    '<circle cx="-0.15" cy="0" r="0.15"/><circle cx="0.15" cy="0" r="0.15"/>'
    '<circle cx="0" cy="-0.15" r="0.15"/><circle cx="0" cy="0.15" r="0.15"/><circle r="0.12"/>',
    f'<polygon points="{_star(4, 0.39, 0.11)}"/>',
    f'<polygon points="{_star(8, 0.38, 0.19)}"/>',
)


def tile_svg(
    tile: Tile,
    x: float,
    y: float,
    size: float,
    *,
    palette: Palette = "classic",
    letters: bool | None = None,
    extra: str = "",
) -> str:
    """One tile as an SVG group at ``(x, y)`` (its top-left corner), ``size`` wide, with a ``<title>``.

    >>> from qwirkle import parse_tile
    >>> tile_svg(parse_tile("Bd"), 0, 0, 40)[:57]
    '<g transform="translate(0,0)"><title>blue diamond</title>'
    """
    fill = PALETTES[palette][tile.colour.value]
    with_letter = palette == "colour-blind" if letters is None else letters
    # With a letter, the shape shrinks towards the lower right to leave the letter its corner.
    centre, scale = (size * 0.57, size * 0.82) if with_letter else (size / 2, size)
    parts = [
        f'<g transform="translate({x:g},{y:g})"{extra}><title>{escape(str(tile))}</title>',
        f'<rect x="{size * 0.04:g}" y="{size * 0.04:g}" width="{size * 0.92:g}" height="{size * 0.92:g}" '
        f'rx="{size * 0.12:g}" fill="{_TILE_BACK}"/>',
        f'<g transform="translate({centre:g},{centre:g}) scale({scale:g})" fill="{fill}">'
        f"{_SHAPES[tile.shape.value]}</g>",
    ]
    if with_letter:
        parts.append(
            f'<text x="{size * 0.09:g}" y="{size * 0.4:g}" font-size="{size * LETTER_SIZE:g}" '
            f'font-family="sans-serif" font-weight="bold" fill="#ffffff" stroke="{_TILE_BACK}" '
            f'stroke-width="{size * 0.05:g}" paint-order="stroke">{COLOUR_LETTERS[tile.colour.value]}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def board_svg(
    source: object,
    *,
    cell: int = 40,
    palette: Palette = "classic",
    letters: bool | None = None,
    coordinates: bool = True,
    mark_last: bool = True,
    placed: Mapping[Cell, Tile] | Iterable[tuple[Cell, Tile]] = (),
    highlight: Collection[Cell] = (),
    margin: int = 1,
    interactive: bool = False,
) -> str:
    """The table as an SVG picture: tiles with their six shapes and colours, coordinates, the last move outlined.

    ``placed`` tiles (laid this turn, not played yet) get a dashed outline;
    ``highlight`` cells (where a tile may go) a green square. ``palette``
    picks the colours; ``letters`` writes each tile's colour letter (on by
    default with the ``"colour-blind"`` palette). With ``interactive``, each
    empty cell is an element of class ``cell`` (``option`` when highlighted)
    with ``data-x`` and ``data-y`` attributes, for pages that click on cells.

    >>> from qwirkle import parse_position
    >>> picture = board_svg(parse_position("0,0:RoRs RdRcRxR*GoBo/YdYcYxY*OoPo 2/0 1"), highlight=[(2, 0)])
    >>> picture.count("<title>red"), 'class="option"' in picture
    (2, False)
    """
    if palette not in PALETTES:
        raise QwirkleError(f"unknown palette {palette!r}; the palettes are {', '.join(PALETTES)}")
    board, last = board_and_last(source)
    pending = dict(placed.items() if isinstance(placed, Mapping) else placed)
    box = bounding_box([*board, *pending, *highlight], margin) or (-margin, -margin, margin, margin)
    x0, y0, x1, y1 = box
    pad = cell * 0.6 if coordinates else 0
    width = (x1 - x0 + 1) * cell + pad
    height = (y1 - y0 + 1) * cell + pad
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}" role="img" font-family="sans-serif">',
        f"<title>Qwirkle table: {len(board)} tiles</title>",
        f'<rect width="{width:g}" height="{height:g}" fill="#f4efe6"/>',
    ]

    def left(x: int) -> float:
        return pad + (x - x0) * cell

    def top(y: int) -> float:
        return pad + (y - y0) * cell

    if coordinates:
        size = cell * 0.3
        for x in range(x0, x1 + 1):
            out.append(
                f'<text x="{left(x) + cell / 2:g}" y="{pad * 0.7:g}" font-size="{size:g}" text-anchor="middle" '
                f'fill="#555">{x}</text>'
            )
        for y in range(y0, y1 + 1):
            out.append(
                f'<text x="{pad * 0.85:g}" y="{top(y) + cell * 0.6:g}" font-size="{size:g}" text-anchor="end" '
                f'fill="#555">{y}</text>'
            )
    out.append('<g stroke="#e2dccf" stroke-width="1">')
    for x in range(x0, x1 + 2):
        out.append(f'<line x1="{left(x):g}" y1="{pad:g}" x2="{left(x):g}" y2="{height:g}"/>')
    for y in range(y0, y1 + 2):
        out.append(f'<line x1="{pad:g}" y1="{top(y):g}" x2="{width:g}" y2="{top(y):g}"/>')
    out.append("</g>")
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            where = f'data-x="{x}" data-y="{y}"'
            tile = board.get((x, y))
            if tile is not None:
                out.append(tile_svg(tile, left(x), top(y), cell, palette=palette, letters=letters,
                                    extra=f' class="tile" {where}'))  # fmt: skip
                if mark_last and (x, y) in last:
                    out.append(
                        f'<rect class="last" x="{left(x) + 1.5:g}" y="{top(y) + 1.5:g}" width="{cell - 3:g}" '
                        f'height="{cell - 3:g}" rx="{cell * 0.14:g}" fill="none" stroke="#ff2d95" stroke-width="3"/>'
                    )
            elif (x, y) in pending:
                out.append(tile_svg(pending[x, y], left(x), top(y), cell, palette=palette, letters=letters,
                                    extra=f' class="placed" {where}'))  # fmt: skip
                out.append(
                    f'<rect x="{left(x) + 1.5:g}" y="{top(y) + 1.5:g}" width="{cell - 3:g}" height="{cell - 3:g}" '
                    f'rx="{cell * 0.14:g}" fill="none" stroke="#222" stroke-width="2.5" stroke-dasharray="5 3"/>'
                )
            elif (x, y) in highlight:
                out.append(
                    f'<rect class="{"cell option" if interactive else "option-cell"}" {where} '
                    f'x="{left(x) + 3:g}" y="{top(y) + 3:g}" width="{cell - 6:g}" height="{cell - 6:g}" '
                    f'rx="{cell * 0.1:g}" fill="#9be39b" fill-opacity="0.6" stroke="#2f9e44" '
                    f'stroke-dasharray="4 3"><title>a tile may go on {format_cell((x, y))}</title></rect>'
                )
            elif interactive:
                out.append(
                    f'<rect class="cell" {where} x="{left(x):g}" y="{top(y):g}" width="{cell:g}" '
                    f'height="{cell:g}" fill="#000" fill-opacity="0"/>'
                )
    out.append("</svg>")
    return "\n".join(out)


def series_svg(
    series: Iterable[Iterable[Tile]],
    *,
    cell: int = 40,
    palette: Palette = "classic",
    letters: bool | None = None,
    marked: Collection[tuple[int, int]] = (),
) -> str:
    """A table of Qwirkle Cards as SVG: each series a row of cards, numbered from 0 on the left.

    ``marked`` holds ``(series, card)`` positions (both counted from 0) to
    outline with a dashed line, such as the cards a lay adds.

    >>> from qwirkle.formats.notation import parse_tiles
    >>> picture = series_svg([parse_tiles("Ro Rs Rd"), parse_tiles("Bc Gc Yc")], marked=[(0, 2)])
    >>> picture.count("<title>"), picture.count("stroke-dasharray")
    (7, 1)
    """
    rows = [list(row) for row in series]
    pad = cell * 0.6
    gap = cell * 0.25
    width = pad + max([len(row) for row in rows] + [3]) * cell + gap
    height = max(1, len(rows)) * (cell + gap) + gap
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}" role="img" font-family="sans-serif">',
        f"<title>Qwirkle Cards table: {len(rows)} series</title>",
        f'<rect width="{width:g}" height="{height:g}" fill="#f4efe6"/>',
    ]
    if not rows:
        out.append(
            f'<text x="{width / 2:g}" y="{height / 2 + cell * 0.1:g}" font-size="{cell * 0.3:g}" '
            f'text-anchor="middle" fill="#555">(empty table)</text>'
        )
    for i, row in enumerate(rows):
        top = gap + i * (cell + gap)
        out.append(
            f'<text x="{pad * 0.7:g}" y="{top + cell * 0.6:g}" font-size="{cell * 0.3:g}" text-anchor="end" '
            f'fill="#555">{i}</text>'
        )
        for j, card in enumerate(row):
            left = pad + j * cell
            out.append(tile_svg(card, left, top, cell, palette=palette, letters=letters,
                                extra=f' class="card" data-series="{i}" data-index="{j}"'))  # fmt: skip
            if (i, j) in marked:
                out.append(
                    f'<rect x="{left + 1.5:g}" y="{top + 1.5:g}" width="{cell - 3:g}" height="{cell - 3:g}" '
                    f'rx="{cell * 0.14:g}" fill="none" stroke="#222" stroke-width="2.5" stroke-dasharray="5 3"/>'
                )
    out.append("</svg>")
    return "\n".join(out)


def hand_svg(
    tiles: Iterable[Tile],
    *,
    cell: int = 48,
    palette: Palette = "classic",
    letters: bool | None = None,
    selected: Collection[int] = (),
) -> str:
    """A hand as a row of tiles; each is of class ``hand-tile`` with ``data-index``, and ``selected`` ones are raised.

    >>> from qwirkle import parse_move
    >>> hand_svg(parse_move("swap Ro Bs").tiles).count('class="hand-tile')
    2
    """
    row = list(tiles)
    gap = cell * 0.15
    width = max(1, len(row)) * (cell + gap) + gap
    height = cell * 1.3
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}" role="img"><title>your hand: {len(row)} tiles</title>'
    ]
    for i, tile in enumerate(row):
        y = 0 if i in selected else cell * 0.25
        kind = "hand-tile selected" if i in selected else "hand-tile"
        out.append(tile_svg(tile, gap + i * (cell + gap), y, cell, palette=palette, letters=letters,
                            extra=f' class="{kind}" data-index="{i}"'))  # fmt: skip
    out.append("</svg>")
    return "\n".join(out)
