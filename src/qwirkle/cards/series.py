"""Series: which cards may lie together on the table, and the canonical form of a table.

A series is a group of cards, not a line on a grid: there is no position,
adjacency or crossing (Rule CARDS-3). A valid series holds distinct cards that
all share one colour or all share one shape; since two distinct cards share at
most one attribute, a series of two or more cards has exactly one *line type*:
one of the six colours (types 0 to 5) or one of the six shapes (types 6 to 11).

Inside the engine a card is its :attr:`~qwirkle.Tile.index` (0 to 35) and a
series, which never repeats a card, is a 36-bit mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

from qwirkle.cards.ruleset import SERIES_MAX
from qwirkle.rules.catalogue import Rule
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["Series", "Table", "canonical_table", "is_valid_series", "series_fault"]

Series: TypeAlias = tuple[Tile, ...]
"""A series of cards on the table, sorted."""
Table: TypeAlias = tuple[Series, ...]
"""The series on the table, in canonical order (see :func:`canonical_table`)."""

KIND_TYPES: Final[tuple[int, ...]] = tuple((1 << (k // 6)) | (1 << (6 + k % 6)) for k in range(36))
"""For each card, the mask of the two line types it can belong to."""
TYPE_KINDS: Final[tuple[int, ...]] = tuple(sum(1 << k for k in range(36) if KIND_TYPES[k] >> t & 1) for t in range(12))
"""For each line type, the mask of its six cards."""
_ALL_TYPES: Final = (1 << 12) - 1


def mask_of(kinds: Iterable[int]) -> int:
    """The mask of a collection of card indices (repeats fold)."""
    mask = 0
    for k in kinds:
        mask |= 1 << k
    return mask


def counts_of(cards: Iterable[Tile]) -> list[int]:
    """How many copies of each card ``cards`` holds, by card index.

    >>> from qwirkle.cards import parse_cards
    >>> counts_of(parse_cards("Ro Ro Rs"))[:3]
    [2, 1, 0]
    """
    out = [0] * 36
    for card in cards:
        out[card.index] += 1
    return out


def kinds_of(mask: int) -> tuple[int, ...]:
    """The card indices of a mask, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def series_fault(kinds: Sequence[int], min_set: int = 3) -> tuple[Rule, str] | None:
    """The rule a series breaks at the end of a turn, with the reason, or ``None`` if it is valid.

    Rule CARDS-3: at most six cards, no card twice, and one colour with
    different shapes or one shape with different colours. Rule CARDS-6: at
    least ``min_set`` cards at the end of the turn.

    >>> series_fault([0, 1, 2])
    >>> series_fault([0, 1])
    (<Rule.CARDS_6: 'CARDS-6'>, 'a series of 2 cards is too short: a series holds at least 3')
    """
    size = len(kinds)
    if size > SERIES_MAX:
        return Rule.CARDS_3, f"a series of {size} cards is too long: a series holds at most {SERIES_MAX}"
    if len(set(kinds)) != size:
        twice = next(ALL_TILES[k] for k in kinds if list(kinds).count(k) > 1)
        return Rule.CARDS_3, f"a series holds the {twice} twice"
    common = _ALL_TYPES
    for k in kinds:
        common &= KIND_TYPES[k]
    if size and not common:
        return Rule.CARDS_3, "a series mixes colours and shapes: it must share one colour or one shape"
    if size < min_set:
        return Rule.CARDS_6, f"a series of {size} cards is too short: a series holds at least {min_set}"
    return None


def is_valid_series(cards: Iterable[Tile], min_set: int = 3) -> bool:
    """Whether ``cards`` form a valid series at the end of a turn (Rules CARDS-3, CARDS-6).

    >>> from qwirkle import Colour, Shape, Tile
    >>> is_valid_series([Tile(Colour.RED, s) for s in (Shape.CIRCLE, Shape.SQUARE, Shape.STAR8)])
    True
    >>> red, blue = Colour.RED, Colour.BLUE
    >>> is_valid_series([Tile(red, Shape.CIRCLE), Tile(blue, Shape.SQUARE), Tile(red, Shape.STAR8)])
    False
    """
    return series_fault([card.index for card in cards], min_set) is None


def canonical_table(series: Iterable[Iterable[Tile]]) -> Table:
    """A table in canonical form: each series sorted, the series sorted.

    Two tables that hold the same series, whatever their order, have the same
    canonical form.

    >>> from qwirkle import Colour, Shape, Tile
    >>> a = (Tile(Colour.BLUE, Shape.CIRCLE), Tile(Colour.RED, Shape.CIRCLE), Tile(Colour.GREEN, Shape.CIRCLE))
    >>> b = tuple(Tile(Colour.RED, s) for s in (Shape.STAR8, Shape.CIRCLE, Shape.SQUARE))
    >>> canonical_table([a, b]) == canonical_table([b, a[::-1]])
    True
    """
    return tuple(sorted(tuple(sorted(s)) for s in series))


def table_from_masks(masks: Iterable[int]) -> Table:
    """The canonical table of a collection of series masks."""
    return tuple(sorted(tuple(ALL_TILES[k] for k in kinds_of(m)) for m in masks))
