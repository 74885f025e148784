"""What the tiles a move keeps in hand (its leave) are worth to the strong bot, in points."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from qwirkle._engine.lines import TYPE_TILES
from qwirkle.moves import Exchange, Place

__all__ = ["leave_shape"]


def _leave_of(hand: Sequence[int], move: Place | Exchange) -> float:
    """The worth of the tiles that ``move`` keeps of ``hand`` (tile indices): see :func:`_leave_value`."""
    rest = list(hand)
    for tile in move.tiles:
        rest.remove(tile.index)
    return _leave_value(rest)


def leave_shape(kept: Sequence[int]) -> tuple[int, tuple[int, ...], int]:
    """What the strong bot sees of the tiles kept in hand: how many, the distinct ones of each line type, duplicates.

    ``kept`` holds tile indices. The second entry counts, for each of the
    twelve line types (six colours, then six shapes), the distinct kept
    tiles of that type; the third is how many kept tiles repeat one kept
    before. ``benchmarks/learn_leaves.py`` fits the strong bot's leave values
    on these.

    >>> from qwirkle import parse_tile
    >>> kept = [parse_tile(code).index for code in ("RC", "RS", "RS")]
    >>> count, by_type, duplicates = leave_shape(kept)
    >>> count, max(by_type), duplicates
    (3, 2, 1)
    """
    mask = 0
    duplicates = 0
    for tile in kept:
        bit = 1 << tile
        if mask & bit:
            # Two copies of one tile can never share a line (Rule LINE-3).
            duplicates += 1
        mask |= bit
    return len(kept), tuple([(mask & type_tiles).bit_count() for type_tiles in TYPE_TILES]), duplicates


def _leave_value(kept: Sequence[int]) -> float:
    """The worth, in points, of the tiles kept in hand: what they add to the player's next turn, on average.

    It adds up, over the kept tiles' :func:`leave_shape`, :data:`_KEPT_WORTH`
    by how many tiles are kept, :data:`_GROUP_WORTH` for each line type by
    how many distinct kept tiles it holds, and :data:`_DUPLICATE_WORTH` by
    how many duplicates there are. Board-blind: the closer look at each
    candidate plays the next turns out.

    Three tiles of one colour are worth more than a pair and a duplicate:

    >>> round(_leave_value([0, 1, 2]), 2), round(_leave_value([0, 0, 1]), 2)
    (1.62, 0.86)
    """
    count, by_type, duplicates = leave_shape(kept)
    value = _KEPT_WORTH[min(count, len(_KEPT_WORTH) - 1)]
    value += _DUPLICATE_WORTH[min(duplicates, len(_DUPLICATE_WORTH) - 1)]
    for distinct in by_type:
        value += _GROUP_WORTH[distinct]
    return value


# Leave values in points, fitted by least squares to what a player could score at its next turn after
# keeping a leave, in 3000 two-player greedy games where half the turns played one of the eight best
# placements or (a tenth of those) a random exchange, with the stage of the game (bands of the bag's size)
# fitted alongside and left out. Regenerate with:
#     PYTHONPATH=src python benchmarks/learn_leaves.py --games 3000 --seed 1
# Keeping one or two tiles is worth most (the rest are fresh draws). Six distinct tiles of one line type
# cannot be kept from a hand of six, so that last entry, for larger hands, repeats the one for five.
_KEPT_WORTH: Final = (0.00, 1.73, 1.86, 1.25, 0.76, 0.09)
"""By how many tiles are kept: 0, 1, ... 5 or more."""
_GROUP_WORTH: Final = (0.00, 0.00, 0.07, 0.37, 1.59, 1.16, 1.16)
"""For each line type, by how many distinct tiles of it are kept: 0 to 6."""
_DUPLICATE_WORTH: Final = (0.00, -0.46, -1.04)
"""By how many duplicates are kept: none, one, two or more."""
