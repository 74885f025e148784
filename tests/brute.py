"""A slow, independent reading of the placement, scoring and exchange rules, for differential tests.

Everything here is written straight from the rule catalogue (``RULES.md``,
sections 4 to 8) on plain dicts of cells to tiles. It shares no code with the
engine's move generator, legality checker or scorer: only the public value
types are used, so that a misreading of a rule in the engine cannot hide in
the reference as well. Speed is traded for obviousness everywhere; the only
pruning is by conditions that a rule states outright.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import combinations, permutations
from typing import Final, TypeAlias

from qwirkle import Exchange, GameState, Move, Pass, Place, RuleSet, Tile
from qwirkle._engine.geometry import MAX_COORD

Cell: TypeAlias = tuple[int, int]

MAX_LINE: Final = 6
"""LINE-4: no line is longer than six tiles."""

AXES: Final[tuple[Cell, Cell]] = ((1, 0), (0, 1))
"""The two directions a line can run in: along a row (x grows) and along a column (y grows)."""

EXPANSION: Final = MAX_LINE
"""How far beyond the tiles' bounding box a placement can reach: a placed run is at most six cells long."""


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells sharing an edge with ``cell`` (PLACE-4 ignores corners)."""
    x, y = cell
    return (x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)


def forms_line(tiles: Sequence[Tile]) -> bool:
    """Whether tiles could stand together as one line (LINE-2, LINE-3, LINE-4).

    This is also the test for a *group* (START-1): a set of distinct tiles that
    all share a colour or all share a shape.
    """
    if len(tiles) > MAX_LINE:
        return False
    if len(set(tiles)) != len(tiles):
        return False
    return len({t.colour for t in tiles}) == 1 or len({t.shape for t in tiles}) == 1


@lru_cache(maxsize=4096)
def _largest_group(hand: tuple[Tile, ...]) -> int:
    distinct = sorted(set(hand))
    best = 0
    for size in range(1, len(distinct) + 1):
        if any(forms_line(pick) for pick in combinations(distinct, size)):
            best = size
    return best


def largest_group(hand: Iterable[Tile]) -> int:
    """The size of the largest group of a hand, identical tiles counted once (START-1), by trying every subset."""
    return _largest_group(tuple(sorted(hand)))


def run_through(tiles: Mapping[Cell, Tile], cell: Cell, axis: Cell) -> list[Cell]:
    """The maximal run of occupied cells through the occupied ``cell`` along ``axis``, in order."""
    if cell not in tiles:
        raise ValueError(f"{cell} holds no tile")
    dx, dy = axis
    x, y = cell
    while (x - dx, y - dy) in tiles:
        x, y = x - dx, y - dy
    run = [(x, y)]
    while (x + dx, y + dy) in tiles:
        x, y = x + dx, y + dy
        run.append((x, y))
    return run


def board_lines(tiles: Mapping[Cell, Tile]) -> list[list[Cell]]:
    """Every line on a table (LINE-1): each maximal run of two or more tiles, once."""
    found: list[list[Cell]] = []
    for cell in tiles:
        for dx, dy in AXES:
            if (cell[0] - dx, cell[1] - dy) in tiles:
                continue
            run = run_through(tiles, cell, (dx, dy))
            if len(run) >= 2:
                found.append(run)
    return found


def is_connected(tiles: Mapping[Cell, Tile]) -> bool:
    """Whether every tile can be reached from every other through edge neighbours."""
    if not tiles:
        return True
    start = next(iter(tiles))
    seen = {start}
    todo = [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in tiles and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(tiles)


def naive_check(
    board: Mapping[Cell, Tile],
    hand: Sequence[Tile],
    placement: Mapping[Cell, Tile],
    rules: RuleSet | None = None,
) -> bool:
    """Whether placing ``placement`` from ``hand`` on ``board`` under ``rules`` is legal, decided from scratch."""
    rules = RuleSet() if rules is None else rules
    if not placement:
        return False
    # TURN-1: the tiles come from the hand, copies counted.
    if Counter(placement.values()) - Counter(hand):
        return False
    # PLACE-5: only empty cells.
    if any(cell in board for cell in placement):
        return False
    xs = {x for x, _ in placement}
    ys = {y for _, y in placement}
    # PLACE-1: one row or one column.
    if len(xs) > 1 and len(ys) > 1:
        return False
    # PLACE-2: between the outermost placed tiles every cell is filled, by the move or the table.
    for x in range(min(xs), max(xs) + 1):
        for y in range(min(ys), max(ys) + 1):
            if (x, y) not in placement and (x, y) not in board:
                return False
    # PLACE-3: one shared attribute.
    placed = list(placement.values())
    if len({t.colour for t in placed}) > 1 and len({t.shape for t in placed}) > 1:
        return False
    if board:
        # PLACE-4: some placed tile touches the table along an edge.
        if not any(n in board for cell in placement for n in neighbours(cell)):
            return False
    elif rules.opening_must_play_max_group and len(placement) != largest_group(hand):
        # START-4: the opening is a largest group (it is one line, which LINE-6 below checks).
        return False
    # LINE-6: every line through every placed tile, both ways, obeys LINE-2 to LINE-4.
    after = {**board, **placement}
    for cell in placement:
        for axis in AXES:
            run = run_through(after, cell, axis)
            if len(run) >= 2 and not forms_line([after[c] for c in run]):
                return False
    return True


def naive_score(board: Mapping[Cell, Tile], placement: Mapping[Cell, Tile], rules: RuleSet) -> int:
    """What a legal placement scores, without the end bonus (SCORE-1 to SCORE-5, SCORE-7)."""
    after = {**board, **placement}
    lines: set[frozenset[Cell]] = set()
    for cell in placement:
        for axis in AXES:
            run = run_through(after, cell, axis)
            if len(run) >= 2:
                lines.add(frozenset(run))
    if not lines:
        return rules.lone_tile_points
    return sum(len(line) + (rules.qwirkle_bonus if len(line) == MAX_LINE else 0) for line in lines)


def repeats_a_table_tile(board: Mapping[Cell, Tile], placement: Mapping[Cell, Tile]) -> bool:
    """Whether a line through a placed tile would hold two identical tiles that were both already on the table.

    That happens when the placement joins two runs of the table that share a
    tile: the move breaks LINE-3 although no placed tile is repeated.
    """
    after = {**board, **placement}
    for cell in placement:
        for axis in AXES:
            table = [after[c] for c in run_through(after, cell, axis) if c not in placement]
            if len(set(table)) != len(table):
                return True
    return False


def end_bonus(state: GameState, move: Place) -> int:
    """SCORE-8, END-2: the bonus for placing the last tile of the hand while the bag is empty."""
    return state.rules.end_bonus if len(move) == len(state.hand) and not state.bag else 0


@lru_cache(maxsize=4096)
def _tile_orders_of(hand: tuple[Tile, ...], size: int) -> tuple[tuple[Tile, ...], ...]:
    distinct = sorted(set(hand))
    return tuple(order for pick in combinations(distinct, size) if forms_line(pick) for order in permutations(pick))


def _tile_orders(hand: Sequence[Tile], size: int) -> tuple[tuple[Tile, ...], ...]:
    """Ordered choices of ``size`` tiles of the hand that could lie in one line.

    Tiles placed together lie in one line (PLACE-1, PLACE-2), so they must be
    distinct (LINE-3) and share an attribute (PLACE-3); identical copies in
    the hand give the same choice once.
    """
    return _tile_orders_of(tuple(sorted(hand)), size)


def _openings(hand: Sequence[Tile], rules: RuleSet) -> set[Place]:
    """Every legal opening laid from (0, 0) towards +x or +y, as the engine lists them."""
    found: set[Place] = set()
    for size in range(1, len(hand) + 1):
        for order in _tile_orders(hand, size):
            for dx, dy in AXES:
                placement = {(i * dx, i * dy): tile for i, tile in enumerate(order)}
                if naive_check({}, hand, placement, rules):
                    found.add(Place(placement))
    return found


def _lines_of_cells(board: Mapping[Cell, Tile]) -> Iterator[list[Cell]]:
    """Every row and every column crossing the table's bounding box grown by ``EXPANSION``, as cell lists.

    The library's table ends at ``±MAX_COORD`` (no rule has an edge, but cells need a range): no cell beyond.
    """
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    x_range = range(max(min(xs) - EXPANSION, -MAX_COORD), min(max(xs) + EXPANSION, MAX_COORD) + 1)
    y_range = range(max(min(ys) - EXPANSION, -MAX_COORD), min(max(ys) + EXPANSION, MAX_COORD) + 1)
    for y in y_range:
        yield [(x, y) for x in x_range]
    for x in x_range:
        yield [(x, y) for y in y_range]


def candidate_cell_sets(board: Mapping[Cell, Tile]) -> set[frozenset[Cell]]:
    """Sets of empty cells in one row or column, within six consecutive cells, touching the table, without gaps.

    A placement lies in one row or column (PLACE-1) and with the tiles between
    forms one run (PLACE-2) of at most six tiles (LINE-4), so its cells lie
    within six consecutive cells; one of them touches the table (PLACE-4).
    """
    touching = {n for cell in board for n in neighbours(cell) if n not in board}
    found: set[frozenset[Cell]] = set()
    for line in _lines_of_cells(board):
        if touching.isdisjoint(line):
            continue
        for i, first in enumerate(line):
            if first in board:
                continue
            for j in range(i, min(i + MAX_LINE, len(line))):
                last = line[j]
                span = line[i : j + 1]
                if last in board or touching.isdisjoint(span):
                    continue
                inner = [c for c in line[i + 1 : j] if c not in board]
                for k in range(len(inner) + 1):
                    for pick in combinations(inner, k):
                        cells = frozenset((first, *pick, last))
                        gap = any(c not in board and c not in cells for c in span)
                        if not gap and not touching.isdisjoint(cells):
                            found.add(cells)
    return found


def _fits_across(board: Mapping[Cell, Tile], cell: Cell, tile: Tile, axis: Cell) -> bool:
    """Whether ``tile`` on ``cell`` leaves a valid line (or no line) along ``axis`` with the table alone."""
    after = {**board, cell: tile}
    run = run_through(after, cell, axis)
    return len(run) < 2 or forms_line([after[c] for c in run])


def brute_placements(state: GameState) -> set[Place]:
    """Every legal placement of the player to move, found by trying tiles on candidate cells.

    On the opening turn only openings from (0, 0) going +x or +y are produced,
    the engine's listing convention (an opening is legal anywhere).
    """
    if state.outcome is not None:
        return set()
    hand = state.hand
    board = dict(state.board.items())
    if not board:
        return _openings(hand, state.rules)
    orders = {size: _tile_orders(hand, size) for size in range(1, len(hand) + 1)}
    fits: dict[tuple[Cell, Tile, Cell], bool] = {}

    def fits_across(cell: Cell, tile: Tile, axis: Cell) -> bool:
        if (cell, tile, axis) not in fits:
            fits[cell, tile, axis] = _fits_across(board, cell, tile, axis)
        return fits[cell, tile, axis]

    found: set[Place] = set()
    for cells in candidate_cell_sets(board):
        ordered = sorted(cells)
        # Each placed tile's line across the placement holds only that tile and tiles of the table
        # (LINE-6); a lone cell has both lines across.
        if len(ordered) == 1:
            across: tuple[Cell, ...] = AXES
        else:
            across = ((0, 1),) if ordered[0][1] == ordered[1][1] else ((1, 0),)
        for order in orders.get(len(ordered), ()):
            if not all(fits_across(c, t, a) for c, t in zip(ordered, order, strict=True) for a in across):
                continue
            placement = dict(zip(ordered, order, strict=True))
            if naive_check(board, hand, placement, state.rules):
                found.add(Place(placement))
    return found


def brute_exchanges(state: GameState) -> set[Exchange]:
    """Every legal exchange, one per distinct multiset of tiles (EXCHANGE-1, EXCHANGE-5; none on the opening).

    With an empty bag there is nothing to draw, so no exchange, whether or not
    the option limits an exchange to the size of the bag.
    """
    if state.outcome is not None or not state.board or not state.bag:
        return set()
    hand = state.hand
    largest = min(len(hand), len(state.bag)) if state.rules.exchange_limited_by_bag else len(hand)
    return {Exchange(pick) for size in range(1, largest + 1) for pick in combinations(hand, size)}


def brute_can_pass(state: GameState, placements: set[Place], exchanges: set[Exchange]) -> bool:
    """TURN-3: a pass is legal only when nothing can be placed or exchanged (or when passing is allowed by option)."""
    if state.outcome is not None or not state.board:
        return False
    return state.rules.allow_voluntary_pass or (not placements and not exchanges)


def brute_moves(state: GameState) -> set[Move]:
    """Every legal move of the player to move."""
    placements = brute_placements(state)
    exchanges = brute_exchanges(state)
    moves: set[Move] = {*placements, *exchanges}
    if brute_can_pass(state, placements, exchanges):
        moves.add(Pass())
    return moves


def brute_is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal for the player to move; an opening counts wherever it is laid."""
    if state.outcome is not None:
        return False
    if isinstance(move, Place):
        return naive_check(dict(state.board.items()), state.hand, dict(move.placements), state.rules)
    if isinstance(move, Exchange):
        return move in brute_exchanges(state)
    return brute_can_pass(state, brute_placements(state), brute_exchanges(state))
