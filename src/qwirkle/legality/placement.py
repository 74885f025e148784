"""Whether tiles laid on a table keep the table's rules, whoever laid them and from whatever hand.

Only the table is needed, so a game (:func:`qwirkle.legality.verify`) and a
score keeper that cannot see the hands (:class:`qwirkle.Scorekeeper`) share
these checks; the keeper also checks what it sees of a hand it cannot see
(:func:`check_hidden_hand`). :mod:`qwirkle.legality` offers them too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from qwirkle._engine.geometry import STRIDE, Cell, cell_of
from qwirkle._engine.lines import line_fault, summary_fault, summed
from qwirkle.errors import IllegalMoveError
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import lines_through
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["check_hidden_hand", "check_lines", "check_placement"]

_FAULT_WORDS = {
    Rule.LINE_2: "would mix colours and shapes in its {axis}",
    Rule.LINE_3: "would repeat a tile in its {axis}",
    Rule.LINE_4: "would make its {axis} longer than six tiles",
}


def check_placement(grid: Mapping[int, int], pairs: Sequence[tuple[Cell, Tile]]) -> tuple[dict[int, int], list[range]]:
    """Check tiles laid on a table (tile indices by int key) and return them by key with the lines through them.

    Only the table is needed, so the engine and a score keeper that cannot
    see the hands share this check. Rule PLACE-5: only on empty cells. Rule
    PLACE-1: one row or one column. Rule PLACE-2: no gap. Rule PLACE-3: the
    tiles share a colour or a shape. Rule PLACE-4: touching the tiles on the
    table. Rule LINE-6 (with LINE-2 to LINE-4): every line valid.

    >>> from qwirkle import Colour, Shape, Tile
    >>> red = [Tile(Colour.RED, shape) for shape in Shape]
    >>> placed, lines = check_placement({0: red[0].index}, [((1, 0), red[1])])
    >>> [len(line) for line in lines]
    [2]
    """
    placed = {x * STRIDE + y: tile.index for (x, y), tile in pairs}
    keys = list(placed)
    for (cell, tile), k in zip(pairs, keys, strict=True):
        if k in grid:
            raise IllegalMoveError(
                Rule.PLACE_5, f"{tile} cannot go on {cell}: it already holds the {ALL_TILES[grid[k]]}"
            )
    # In the order of the cells, whatever the order given: the checks below look at the first and the last.
    keys.sort()
    if len(keys) == 1:
        step = STRIDE  # a lone tile lies in a row and a column alike
    else:
        (x0, y0), _ = pairs[0]
        in_row = all(y == y0 for (_, y), _ in pairs)
        if not in_row and not all(x == x0 for (x, _), _ in pairs):
            (a, ta), (b, tb) = next((p, q) for p in pairs for q in pairs if p[0][0] != q[0][0] and p[0][1] != q[0][1])
            raise IllegalMoveError(Rule.PLACE_1, f"{ta} at {a} and {tb} at {b} are not in one row or one column")
        step = STRIDE if in_row else 1
        for k in range(keys[0], keys[-1], step):
            if k not in placed and k not in grid:
                raise IllegalMoveError(Rule.PLACE_2, f"{cell_of(k)} would be a gap between the tiles placed")
        # The line types the tiles placed all share, as a line of them would be summed up.
        _, _, common = summed(list(placed.values()))
        if not common:
            # Tiles that pairwise share an attribute all share one, so some pair shares nothing.
            tiles = [tile for _, tile in pairs]
            ta, tb = next((p, q) for p in tiles for q in tiles if not p.shares_attribute(q))
            raise IllegalMoveError(Rule.PLACE_3, f"the {ta} and the {tb} share neither a colour nor a shape")
    runs = lines_through(grid, keys, step)
    # With no gap left, the lines through the tiles take in a tile of the table exactly when one touches it: a
    # lone tile has a line, or the shared line is longer than the move, or some tile has a line across.
    touches = bool(runs) if len(keys) == 1 else len(runs) > 1 or len(runs[0]) > len(keys)
    if grid and not touches:
        if len(keys) == 1:
            cell, tile = pairs[0]
            raise IllegalMoveError(Rule.PLACE_4, f"{tile} at {cell} does not touch any tile on the table")
        raise IllegalMoveError(Rule.PLACE_4, "none of the tiles placed touches a tile on the table")
    check_lines(grid, placed, runs)
    return placed, runs


def check_lines(grid: Mapping[int, int], placed: Mapping[int, int], runs: Sequence[range]) -> None:
    """Rule LINE-6: every line through a placed tile, both ways, must keep Rules LINE-2 to LINE-4.

    ``runs`` are the lines through the tiles ``placed`` (see :func:`~qwirkle.scoring.lines_through`).

    >>> from qwirkle import Colour, Shape, Tile
    >>> red, blue = Tile(Colour.RED, Shape.CIRCLE), Tile(Colour.BLUE, Shape.SQUARE)
    >>> check_lines({0: red.index}, {1 << 32: blue.index}, [range(0, 2 << 32, 1 << 32)])
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: LINE-2: blue square at (1, 0) would mix colours and shapes in its row
    """
    for run in runs:
        line = [grid[j] if j in grid else placed[j] for j in run]
        fault = summary_fault(*summed(line))
        if fault is None:
            continue
        # Whom to blame, and in which words.
        axis = "row" if run.step == STRIDE else "column"
        mine = [j for j in run if j in placed]
        culprit = mine[0]
        words = _FAULT_WORDS[fault].format(axis=axis)
        if fault is Rule.LINE_3:
            repeated = [j for j in mine if line.count(placed[j]) > 1]
            if repeated:
                culprit = repeated[0]
            else:
                # The placed tiles join two runs of the table that hold the same tile.
                twice = next(t for t in line if line.count(t) > 1)
                words = f"would join two {ALL_TILES[twice]} tiles in its {axis}"
        elif fault is Rule.LINE_2:
            # Blame the placed tile without which the rest of the line would be valid, if there is one.
            at = dict(zip(run, line, strict=True))
            culprit = next((j for j in mine if line_fault([at[i] for i in run if i != j]) is None), culprit)
        raise IllegalMoveError(fault, f"{ALL_TILES[placed[culprit]]} at {cell_of(culprit)} {words}")


def check_hidden_hand(
    rules: RuleSet, held: int, table: Iterable[Tile], placing: Sequence[Tile], *, player: str = "the player"
) -> None:
    """Check tiles placed from a hand that is not seen, by what can be seen: its size and the table.

    Rule TURN-1: the tiles come from the hand, so there are no more of them
    than it holds (``held``). Rule TILES-2: the game has ``copies_per_tile``
    copies of each tile, so the table and the tiles placed hold no more. A
    score keeper, who sees only the table, checks a placement so (see
    :class:`~qwirkle.Scorekeeper`); ``player`` names the player in the message.

    >>> from qwirkle import Colour, Shape, Tile
    >>> red = Tile(Colour.RED, Shape.CIRCLE)
    >>> check_hidden_hand(RuleSet(), 6, [red, red], [red, red])
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: TILES-2: there are only 3 copies of the red circle in the game
    """
    if len(placing) > held:
        raise IllegalMoveError(Rule.TURN_1, f"{player} holds only {held} tiles")
    counts = Counter(table)
    counts.update(placing)
    copies = rules.copies_per_tile
    for tile, count in counts.items():
        if count > copies:
            raise IllegalMoveError(Rule.TILES_2, f"there are only {copies} copies of the {tile} in the game")
