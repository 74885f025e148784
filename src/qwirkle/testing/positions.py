"""Hand-built positions for what random play seldom gives."""

from __future__ import annotations

from collections.abc import Sequence

from qwirkle._engine.geometry import Cell
from qwirkle.game import position
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState
from qwirkle.testing.games import NAMES
from qwirkle.tiles import ALL_TILES, Colour, Shape, Tile

__all__ = ["crafted_positions", "tile"]


def tile(colour: int, shape: int) -> Tile:
    """The tile of colour number ``colour`` and shape number ``shape`` (0 to 5 each).

    >>> tile(4, 5)
    Tile(Colour.BLUE, Shape.STAR8)
    """
    return Tile(list(Colour)[colour], list(Shape)[shape])


def _grid(skip: Sequence[Cell] = ()) -> dict[Cell, Tile]:
    """The 6 x 6 block where cell (x, y) holds colour x, shape y: every row and column is a full, valid line."""
    return {(x, y): tile(x, y) for x in range(6) for y in range(6) if (x, y) not in skip}


def crafted_positions() -> list[tuple[str, GameState]]:
    """Hand-built positions for what random play seldom gives, each with its name.

    >>> from qwirkle import legal_moves
    >>> positions = dict(crafted_positions())
    >>> legal_moves(positions["forced pass"]).can_pass()
    True
    """
    red = [tile(0, s) for s in range(6)]
    blue = [tile(4, s) for s in range(6)]
    out: list[tuple[str, GameState]] = []
    # A line of five and two copies of the tile that makes it a Qwirkle, at either end (SCORE-4).
    out.append(
        (
            "line of five",
            position(
                NAMES[:2],
                {(x, 0): red[x] for x in range(5)},
                [[red[5], red[5], blue[0], tile(3, 1), tile(2, 4), tile(5, 2)], [*blue[1:], tile(1, 1)]],
            ),
        )
    )
    # One tile finishes a row and a column of six at once: two Qwirkles (SCORE-5).
    cross = {(x, 0): red[x] for x in range(1, 6)} | {(0, y): tile(y, 0) for y in range(1, 6)} | {(1, 1): red[0]}
    out.append(
        (
            "two lines of five crossing",
            position(NAMES[:3], cross, [[red[0], *blue[1:]], blue[:3] + red[:3], [tile(2, s) for s in range(6)]]),
        )
    )
    # A line of four that can grow at both ends in one move, tiles apart (PLACE-2).
    out.append(
        (
            "line of four",
            position(
                NAMES[:2],
                {(0, y): blue[y] for y in range(4)},
                [[blue[4], blue[5], tile(4, 4), tile(1, 3), tile(2, 3), tile(3, 3)], red],
            ),
        )
    )
    # A hole between two runs of three: filling it would make a line of seven (LINE-4).
    yellow = [tile(2, s) for s in range(6)]
    runs = {(x, 0): red[x] for x in range(3)} | {(x + 1, 0): red[x] for x in range(3, 6)}
    bridge = {(2, 1): yellow[2], (3, 1): yellow[4], (4, 1): yellow[3]}
    out.append(
        (
            "hole between runs",
            position(NAMES[:2], runs | bridge, [[red[0], red[3], red[5], blue[3], yellow[1], tile(1, 4)], blue]),
        )
    )
    # The opening with duplicates in hand and two groups tied for largest (START-1, START-4).
    out.append(
        (
            "opening with tied groups",
            position(
                NAMES[:2], {}, [[red[0], red[0], red[1], blue[0], blue[1], tile(2, 5)], [tile(3, s) for s in range(6)]]
            ),
        )
    )
    # The bag is empty and the player to move cannot place: they must pass (TURN-3).
    removed = [(0, 0), (1, 0), (0, 1), (5, 0), (0, 5)]
    out.append(
        (
            "forced pass",
            position(
                NAMES[:2],
                _grid(removed),
                [[tile(0, 0)], [tile(x, y) for x, y in removed[1:]]],
                bag=(),
                rules=RuleSet(copies_per_tile=1),
            ),
        )
    )
    # The same table with tiles in the bag: the player cannot place, so they must exchange (EXCHANGE-4).
    out.append(
        (
            "forced exchange",
            position(
                NAMES[:2],
                _grid(removed),
                [[tile(0, 0)], [tile(1, 0)]],
                bag=[tile(x, y) for x, y in removed[2:]],
                rules=RuleSet(copies_per_tile=1, hand_size=1),
            ),
        )
    )
    # Every line is full and every tile in hand is a second copy: nobody can place (END-3). The player
    # to move holds tiles that pairwise share little, which keeps exhaustive checks quick.
    spread = [t for t in ALL_TILES if (t.shape.value - t.colour.value) % 6 in (0, 1)]
    crowd = [t for t in ALL_TILES if t not in spread]
    doubles = RuleSet(copies_per_tile=2, hand_size=10)
    out.append(
        (
            "blocked table",
            position(
                NAMES, _grid(), [spread[:9], spread[9:] + crowd[:6], crowd[6:16], crowd[16:]], bag=(), rules=doubles
            ),
        )
    )
    # One hole in the full block. Its row and column are cut in two, so their ends take diamonds or
    # yellow tiles; the player to move holds neither and must pass, the next one can fill the hole.
    hole = tile(2, 2)
    plain = [t for t in spread if t.colour is not hole.colour and t.shape is not hole.shape]
    rest = [t for t in ALL_TILES if t not in plain and t != hole]
    out.append(
        (
            "pass while others can place",
            position(
                NAMES,
                _grid([(2, 2)]),
                [plain, [hole, *rest[:9]], [hole, *rest[9:18]], rest[18:]],
                bag=(),
                rules=doubles,
            ),
        )
    )
    return out
