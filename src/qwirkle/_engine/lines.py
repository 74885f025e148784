"""Lines and groups: which sets of tiles may stand together.

Tiles here are indices (0 to 35) and sets of tiles are 36-bit masks. A valid
line of two or more tiles has exactly one *line type*: one of the six colours
(types 0 to 5) or one of the six shapes (types 6 to 11), since two different
tiles share at most one attribute. Type sets are 12-bit masks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from qwirkle.rules.catalogue import Rule

MAX_LINE: Final = 6
"""Longest possible line (Rule LINE-4)."""

ALL_KINDS: Final = (1 << 36) - 1
"""The mask of all 36 tile kinds."""

TILE_TYPES: Final[tuple[int, ...]] = tuple((1 << (i // 6)) | (1 << (6 + i % 6)) for i in range(36))
"""For each tile, the mask of the two line types it can belong to."""

TYPE_TILES: Final[tuple[int, ...]] = tuple(sum(1 << i for i in range(36) if TILE_TYPES[i] >> t & 1) for t in range(12))
"""For each line type, the mask of its six tiles."""


def _union(types: int) -> int:
    union = 0
    for t in range(12):
        if types >> t & 1:
            union |= TYPE_TILES[t]
    return union


TYPES_UNION: Final[tuple[int, ...]] = tuple(_union(m) for m in range(1 << 12))
"""For each mask of line types, the mask of every tile in any of them."""

TYPE_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(t for t in range(12) if m >> t & 1) for m in range(1 << 12))
"""For each mask of line types, the types in it."""

ALL_TYPES: Final = (1 << 12) - 1


def bits(mask: int) -> Iterable[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def walk(grid: Mapping[int, int], k: int, step: int) -> tuple[int, int, int]:
    """Walk the tiles of ``grid`` from the key ``k`` along ``step``, up to the first empty cell.

    The one walk along a line of the engine: ``grid`` maps int cell keys (see
    :mod:`qwirkle._engine.geometry`) to tile indices, and ``step`` is ``STRIDE`` along
    a row, 1 along a column, and their negatives to walk back. Returns the
    key of the first empty cell, the mask of the tiles met (each kind once)
    and the line types they all share; ``k`` itself may be empty, and then
    nothing is met. A run's tiles are those from ``k`` up to, not including,
    the key returned.

    >>> red_circle, red_square = 0, 1
    >>> end, present, common = walk({0: red_circle, 1: red_square}, 0, 1)
    >>> end, present == 0b11, TYPE_BITS[common]
    (2, True, (0,))
    >>> walk({0: red_circle}, 5, 1) == (5, 0, ALL_TYPES)
    True
    """
    present = 0
    common = ALL_TYPES
    t = grid.get(k)
    while t is not None:
        present |= 1 << t
        common &= TILE_TYPES[t]
        k += step
        t = grid.get(k)
    return k, present, common


def line_fault(tiles: Sequence[int]) -> Rule | None:
    """The rule a run of tiles breaks as a line, or ``None`` if it is valid.

    Rule LINE-4, then LINE-3, then LINE-2, as :func:`summary_fault` decides
    them from the tiles summed up (:func:`summed`). A run of fewer than two
    tiles is no line (Rule LINE-1) and is always fine.

    >>> red_circle, red_square, blue_square = 0, 1, 7
    >>> [line_fault(line) for line in ([red_circle, red_square], [red_circle, red_circle], [red_circle, blue_square])]
    [None, <Rule.LINE_3: 'LINE-3'>, <Rule.LINE_2: 'LINE-2'>]
    """
    return summary_fault(*summed(tiles))


def summed(tiles: Sequence[int]) -> tuple[int, int, int]:
    """A line of tiles summed up as :func:`summary_fault` reads it: its length, its tiles as a mask, their common types.

    >>> red_circle, red_square = 0, 1
    >>> summed([red_circle, red_square]) == (2, 0b11, TILE_TYPES[red_circle] & TILE_TYPES[red_square])
    True
    """
    present = 0
    common = ALL_TYPES
    for t in tiles:
        present |= 1 << t
        common &= TILE_TYPES[t]
    return len(tiles), present, common


def summary_fault(length: int, present: int, common: int) -> Rule | None:
    """The rule a line of ``length`` tiles breaks, from its summary, or ``None`` if it is valid.

    ``present`` is the mask of its tiles, each kind once, and ``common`` the
    line types they all share, as :func:`walk` sums a run up. Rule LINE-4: at
    most six tiles. Rule LINE-3: no two identical tiles (then ``present``
    holds fewer kinds than the line has tiles). Rule LINE-2: one colour with
    different shapes, or one shape with different colours (a line type they
    all share). The int form of :func:`line_fault`, for the engine's loops.

    >>> end, present, common = walk({0: 0, 1: 1}, 0, 1)
    >>> summary_fault(end, present, common) is None
    True
    >>> summary_fault(7, (1 << 7) - 1, 1), summary_fault(2, 0b1, 1 | 1 << 6)
    (<Rule.LINE_4: 'LINE-4'>, <Rule.LINE_3: 'LINE-3'>)
    """
    if length > MAX_LINE:
        return Rule.LINE_4
    if present.bit_count() != length:
        return Rule.LINE_3
    return None if common else Rule.LINE_2


def joinable(length: int, present: int, common: int) -> int:
    """The tiles that may join a line of ``length`` tiles summed up as in :func:`summary_fault`, as a mask.

    The same Rules LINE-2 to LINE-4 seen from an empty cell at the line's
    end: a tile may join when the line with it would be valid, so that a
    line already broken, or of six tiles, takes none. A line of no tile
    takes any.

    >>> red_circle, red_square = 0, 1
    >>> fits = joinable(2, 1 << red_circle | 1 << red_square, TILE_TYPES[red_circle] & TILE_TYPES[red_square])
    >>> list(bits(fits))
    [2, 3, 4, 5]
    """
    if length >= MAX_LINE or present.bit_count() != length:
        return 0
    return TYPES_UNION[common] & ~present


def groups(hand: Iterable[int]) -> list[frozenset[int]]:
    """Every largest group of a hand, as sets of tile indices.

    Rule START-1: a group is a set of tiles that could form one line: one
    colour with different shapes, or one shape with different colours.
    Identical tiles count once. A hand of tiles that share nothing has
    groups of one tile.
    """
    present = 0
    for t in hand:
        present |= 1 << t
    if not present:
        return []
    by_type = [present & TYPE_TILES[t] for t in range(12)]
    best = max(m.bit_count() for m in by_type)
    if best == 1:
        return [frozenset((t,)) for t in bits(present)]
    found: list[frozenset[int]] = []
    for m in by_type:
        if m.bit_count() == best:
            found.append(frozenset(bits(m)))
    return found


def group_size(hand: Iterable[int]) -> int:
    """The size of the largest group of a hand (Rule START-1)."""
    present = 0
    for t in hand:
        present |= 1 << t
    if not present:
        return 0
    return max((present & m).bit_count() for m in TYPE_TILES)
