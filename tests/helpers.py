"""Builders for readable hand-made positions, and the checks every rule test repeats.

Tiles are written as the two-letter codes of :func:`qwirkle.formats.notation.format_tile`: a colour
letter (``R O Y G B P``) and a shape letter (``o`` circle, ``s`` square, ``d``
diamond, ``c`` clover, ``x`` four-point star, ``*`` eight-point star), so ``"Rd"``
is a red diamond. Tiles can also be written out: ``"red diamond"``.

A hand-built state must hold every tile of the game exactly ``copies_per_tile``
times, with full hands while the bag has tiles. Small or empty bags therefore need a
table that holds most of the 108 tiles: :func:`full_table` lays all of them legally,
and :func:`packed_state` takes the tiles of the hands and the bag back out of it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TypeAlias

import pytest

from qwirkle import (
    ALL_TILES,
    Cell,
    Colour,
    GameState,
    IllegalMoveError,
    Move,
    Place,
    QwirkleError,
    Rule,
    RuleSet,
    Shape,
    Tile,
    apply,
    is_legal,
    legal_moves,
    position,
    verify,
)
from qwirkle.tiles import COLOUR_LETTERS, SHAPE_LETTERS
from tests import optional

__all__ = [
    "BLOCK",
    "TWO_COPIES",
    "TileSpec",
    "assert_illegal",
    "block",
    "block_state",
    "board_from_rows",
    "full_table",
    "hole_for",
    "make_state",
    "packed_state",
    "place",
    "refusal_cost",
    "remaining",
    "snapshot",
    "t",
    "tile",
    "tiles",
]

TileSpec: TypeAlias = str | Sequence[Tile]
"""Tiles given as a string of codes (``"Ro Rs Rd"``) or as tiles."""

_SHAPE_WORDS = {str(shape): shape for shape in Shape} | {shape.name.lower(): shape for shape in Shape}

BLOCK = 6
"""Side of a block: a 6 x 6 square whose rows are colours and whose columns are shapes."""


def tile(spec: str) -> Tile:
    """One tile from a code (``"Rd"``) or words (``"red diamond"``, ``"blue star8"``)."""
    spec = spec.strip()
    if len(spec) == 2 and spec[0] in COLOUR_LETTERS and spec[1] in SHAPE_LETTERS:
        return Tile(Colour(COLOUR_LETTERS.index(spec[0])), Shape(SHAPE_LETTERS.index(spec[1])))
    colour, _, shape = spec.partition(" ")
    try:
        return Tile(Colour[colour.upper()], _SHAPE_WORDS[shape.lower()])
    except KeyError:
        raise ValueError(f"not a tile: {spec!r}") from None


t = tile


def tiles(specs: TileSpec) -> tuple[Tile, ...]:
    """Several tiles, from whitespace-separated codes or from tiles."""
    if isinstance(specs, str):
        return tuple(tile(code) for code in specs.split())
    return tuple(specs)


def place(cells: Mapping[Cell, str]) -> Place:
    """A placement written as cells and codes: ``place({(2, 0): "Rd"})``."""
    return Place({cell: tile(code) for cell, code in cells.items()})


def board_from_rows(rows: str, origin: Cell = (0, 0)) -> dict[Cell, Tile]:
    """A table drawn as text, one token per cell and ``.`` for an empty cell.

    The first token of the first row sits on ``origin``; x grows to the right and
    y grows down, as :func:`str` of a :class:`~qwirkle.Board` draws it.
    """
    x0, y0 = origin
    cells: dict[Cell, Tile] = {}
    lines = [line for line in rows.strip("\n").splitlines() if line.strip()]
    for dy, line in enumerate(lines):
        for dx, token in enumerate(line.split()):
            if token != ".":
                cells[x0 + dx, y0 + dy] = tile(token)
    return cells


def remaining(board: Mapping[Cell, Tile], *held: Iterable[Tile], rules: RuleSet | None = None) -> list[Tile]:
    """The tiles of the game that are neither on ``board`` nor in ``held``, sorted."""
    rules = RuleSet() if rules is None else rules
    left = Counter(dict.fromkeys(ALL_TILES, rules.copies_per_tile))
    left.subtract(board.values())
    for group in held:
        left.subtract(group)
    if any(n < 0 for n in left.values()):
        raise ValueError("more copies of a tile than the game has")
    return sorted(left.elements())


def make_state(
    board: Mapping[Cell, Tile] | str,
    hand: TileSpec,
    other_hands: Sequence[TileSpec] | None = None,
    *,
    bag: TileSpec | None = None,
    rules: RuleSet | None = None,
    scores: Sequence[int] | None = None,
    current: int = 0,
    seed: int = 0,
) -> GameState:
    """A checked state where the seat ``current`` holds ``hand`` and is to move.

    ``other_hands`` are the hands of the other seats in seat order (``current``
    skipped). Without them there is one opponent holding the first
    ``hand_size`` spare tiles. Without ``bag`` the bag holds every tile left
    over, shuffled by ``seed``.
    """
    rules = RuleSet() if rules is None else rules
    cells = board_from_rows(board) if isinstance(board, str) else dict(board)
    mine = tiles(hand)
    if other_hands is None:
        others = [tuple(remaining(cells, mine, rules=rules)[: rules.hand_size])]
    else:
        others = [tiles(h) for h in other_hands]
    hands = [*others[:current], mine, *others[current:]]
    players = [f"P{seat}" for seat in range(len(hands))]
    return position(
        players,
        cells,
        hands,
        bag=None if bag is None else tiles(bag),
        scores=scores,
        current=current,
        rules=rules,
        seed=seed,
    )


def block(origin: Cell = (0, 0)) -> dict[Cell, Tile]:
    """The 36 distinct tiles as a full 6 x 6 square: row ``y`` is colour ``y``, column ``x`` is shape ``x``.

    Every row and column is a complete line, so no tile can be added around it.
    """
    x0, y0 = origin
    return {(x0 + s.value, y0 + c.value): Tile(c, s) for c in Colour for s in Shape}


def full_table() -> dict[Cell, Tile]:
    """All 108 tiles of the standard game laid as one legal, connected table.

    Three blocks (see :func:`block`) sit corner to corner along the diagonal,
    at (0, 0), (6, 6) and (12, 12). A purple circle and a red eight-point star
    bridge each pair of blocks. To keep every line at six tiles, the purple
    circle and the red star come off two corners of every block; the two pairs
    left over close the lines that this opens at the first block.
    """
    cells: dict[Cell, Tile] = {}
    for b in range(3):
        cells |= block((BLOCK * b, BLOCK * b))
    purple_circle, red_star8 = tile("Po"), tile("R*")
    for b in range(3):
        del cells[BLOCK * b, BLOCK * b + 5]
        del cells[BLOCK * b + 5, BLOCK * b]
    for b in range(2):
        cells[BLOCK * b + 6, BLOCK * b + 5] = purple_circle
        cells[BLOCK * b + 5, BLOCK * b + 6] = red_star8
    cells[0, -1] = purple_circle
    cells[-1, 0] = red_star8
    return cells


def _block_cell(b: int, kind: Tile) -> Cell:
    return (BLOCK * b + kind.shape.value, BLOCK * b + kind.colour.value)


def _interior(kind: Tile) -> bool:
    return 1 <= kind.colour.value <= 4 and 1 <= kind.shape.value <= 4


def _crowding(table: Mapping[Cell, Tile], cell: Cell) -> tuple[int, int]:
    """How much a new hole at ``cell`` would share with the holes already in its block.

    Holes apart from each other keep the table connected and each hole pinned
    to its own kind by a row and a column that are otherwise complete.
    """
    x, y = cell
    b = x // BLOCK
    near = sum((x + dx, y + dy) not in table for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    lines = sum((BLOCK * b + i, y) not in table for i in range(BLOCK))
    lines += sum((x, BLOCK * b + i) not in table for i in range(BLOCK))
    return (10 * near + lines, b)


def packed_state(
    hands: Sequence[TileSpec],
    bag: TileSpec = (),
    *,
    rules: RuleSet | None = None,
    scores: Sequence[int] | None = None,
    current: int = 0,
    seed: int = 0,
    holes: Iterable[Cell] = (),
) -> GameState:
    """A standard-game state whose hands and bag are exactly the tiles given; the rest are on the table.

    Each tile comes out of the inside of a block of :func:`full_table`, so it
    must be an orange, yellow, green or blue square, diamond, clover or
    four-point star; of the three blocks, the one where the new hole shares
    least with the others is used. A hole whose row and column are otherwise
    complete takes back only its own kind, and filling it completes two lines
    of six: 24 points. ``holes`` are cells emptied first, whose tiles must be
    among those given.
    """
    table = full_table()
    hand_tiles = [tiles(h) for h in hands]
    bag_tiles = tiles(bag)
    chosen = Counter(table.pop(cell) for cell in holes)
    for kind in [x for hand in hand_tiles for x in hand] + list(bag_tiles):
        if chosen[kind]:
            chosen[kind] -= 1
            continue
        if not _interior(kind):
            raise ValueError(f"{kind} cannot come out of the inside of a block")
        free = [cell for cell in (_block_cell(b, kind) for b in range(3)) if cell in table]
        if not free:
            raise ValueError(f"more than three {kind} tiles")
        del table[min(free, key=lambda cell: _crowding(table, cell))]
    if +chosen:
        raise ValueError(f"the holes hold tiles that are not given: {sorted(chosen.elements())}")
    players = [f"P{seat}" for seat in range(len(hand_tiles))]
    return position(players, table, hand_tiles, bag=bag_tiles, scores=scores, current=current, rules=rules, seed=seed)


def hole_for(state: GameState, kind: Tile) -> Cell:
    """The empty block cell of a :func:`packed_state` table where ``kind`` belongs."""
    for b in range(3):
        cell = _block_cell(b, kind)
        if cell not in state.board:
            return cell
    raise ValueError(f"no hole for {kind}")


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything a state holds, as plain values (the board's inner grid included)."""
    return (
        tuple(sorted(state.board.grid.items())),
        state.players,
        state.hands,
        state.bag,
        state.scores,
        state.current,
        state.rules,
        state.history,
        state.starter,
        state.seed,
        state.rng,
        state.idle_turns,
        state.outcome,
    )


def assert_illegal(
    state: GameState,
    move: Move,
    rule: Rule,
    *,
    seat: int | None = None,
    mentions: Iterable[str] = (),
) -> IllegalMoveError:
    """Check that ``move`` is refused with ``rule`` by every entry point and leaves ``state`` as it was.

    ``mentions`` are texts the error message must contain (a tile, a cell).
    """
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as excinfo:
        apply(state, move, seat=seat)
    error = excinfo.value
    assert isinstance(error, QwirkleError)
    assert isinstance(error, ValueError)
    assert error.rule == rule, str(error)
    assert str(error).startswith(f"{error.rule.value}: ")
    for text in mentions:
        assert text in str(error), f"{text!r} not in {str(error)!r}"
    with pytest.raises(IllegalMoveError) as again:
        verify(state, move, seat=seat)
    assert again.value.rule == rule
    assert not is_legal(state, move, seat=seat)
    if seat is None:
        assert move not in legal_moves(state)
    assert snapshot(state) == before
    return error


TWO_COPIES = RuleSet(copies_per_tile=2, hand_size=10)
"""A game with two copies of each tile and 10-tile hands, for endgames a single block can hold.

With all 108 tiles no hand can be left without a move (every hole in
:func:`full_table` takes its own tile back), so blocked games need fewer tiles.
"""


def block_state(
    hands: Sequence[TileSpec],
    *,
    hole: Cell | None = (5, 5),
    current: int = 0,
    rules: RuleSet = TWO_COPIES,
    scores: Sequence[int] | None = None,
) -> GameState:
    """A four-player state with an empty bag and one :func:`block` on the table, less the tile on ``hole``.

    Each seat holds its tiles of ``hands`` and a share of the tiles left over.
    Around a full block nothing can be placed. The default hole is a corner, so
    the lines through it keep five tiles and only its own kind, the purple
    eight-point star, can be placed: on the hole or at the far ends of those lines.
    """
    table = block()
    if hole is not None:
        del table[hole]
    given = [list(tiles(h)) for h in hands]
    given += [[] for _ in range(4 - len(given))]
    for spare in remaining(table, *given, rules=rules):
        seat = min(range(4), key=lambda s: (len(given[s]), s))
        given[seat].append(spare)
    if max(len(h) for h in given) > rules.hand_size:
        raise ValueError("the hands are too full")
    players = [f"P{seat}" for seat in range(4)]
    return position(players, table, given, bag=(), scores=scores, current=current, rules=rules)


def refusal_cost(refuse: Callable[[], object]) -> tuple[float, int]:
    """The fastest of three refusals (a :class:`~qwirkle.QwirkleError`) in seconds, and one's peak memory in bytes."""
    times = []
    for _ in range(3):
        began = time.perf_counter()
        with pytest.raises(QwirkleError):
            refuse()
        times.append(time.perf_counter() - began)
    tracemalloc.start()
    try:
        with pytest.raises(QwirkleError):
            refuse()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return min(times), peak


def require_extra(module: str) -> ModuleType:
    """The module of an optional extra, or a skip that names the extra to install (a failure where it is required).

    ``tests/optional.py`` says when an extra is required.
    """
    return optional.require(module)


def module_from_path(name: str, path: Path) -> ModuleType:
    """The module in the file ``path``, imported as ``name``: for scripts and docs extensions, which no package holds.

    It is registered in ``sys.modules`` before it runs, as dataclasses need, and loaded once per name.
    """
    found = sys.modules.get(name)
    if found is not None:
        return found
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
