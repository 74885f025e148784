"""Move generation: every legal placement of a hand on a board, each exactly once.

Works on the engine's plain values: int cell keys (see :mod:`qwirkle.board`),
tile indices and 36-bit tile masks. Public move objects are built by the
caller, only when asked for.

How a placement is found once and only once:

- A one-tile move is a cell next to the tiles and a tile that fits both the
  row and the column through that cell.
- A move of two or more tiles lies in one row or column (Rule PLACE-1) and,
  with the tiles between them, fills one unbroken run (Rule PLACE-2). That
  run, the *window*, is the whole line after the move: at most six cells
  (Rule LINE-4) with empty cells at both ends. The move is the window plus a
  tile for each of its empty cells, so enumerating windows, then the ways to
  fill them, yields each move once.
- A window's tiles all belong to one line type (a colour or a shape), so the
  hand must hold at least two distinct tiles of that type.
- Score depends only on which cells are filled, so it is computed once per
  window.

The windows of a position are found once (:func:`windows`) and then counted,
filled or ranked, so that ``len(moves)`` followed by listing them, as
``list(moves)`` does, searches the board only once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import TypeAlias

from qwirkle.board import Board
from qwirkle.frontier import NO_LINES, FrontierCell, Runs
from qwirkle.geometry import STRIDE
from qwirkle.lines import MAX_LINE, TYPE_BITS, TYPE_TILES, TYPES_UNION, bits, groups
from qwirkle.ruleset import RuleSet

Keyed: TypeAlias = tuple[tuple[int, int], ...]
"""A placement as ``(cell key, tile index)`` pairs sorted by key."""

Window: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], int]
"""The empty cell keys of a placement's line, the tiles each may take (masks), and its points."""

def _mask(hand: Sequence[int]) -> int:
    m = 0
    for t in hand:
        m |= 1 << t
    return m


def can_place(board: Board, hand: Sequence[int]) -> bool:
    """Whether the hand has any legal placement on a non-empty board.

    Any legal move of several tiles has a tile that is legal on its own (it
    touches the table and its lines are parts of valid lines), so checking
    one-tile moves is enough.
    """
    if not board:
        return bool(hand)
    hand_mask = _mask(hand)
    return any(h & v & hand_mask for h, _, v, _ in board.frontier().values())


def _table_windows(
    grid: Mapping[int, int],
    info: Mapping[int, FrontierCell],
    runs: tuple[Runs, Runs],
    hand_mask: int,
    qwirkle_bonus: int,
) -> list[Window]:
    """Every window on a table with tiles: the one-cell windows, then those of several tiles, once per line type.

    The options of a key are the hand's tiles that fit its cross line (and,
    for several tiles, are of the window's type).

    A window of several tiles is found from its *anchor*: its first cell,
    going along the line, that is a tile or an empty cell with a tile
    across. Before the anchor it can only have free cells (empty, nothing
    across), so each window is grown once from its anchor and then widened
    to the left. It grows a whole run of tiles at a time, since it can
    neither end nor start inside one.
    """
    in_hand = [m & hand_mask for m in TYPE_TILES]
    counts = [m.bit_count() for m in in_hand]
    useful = 0
    for t in range(12):
        if counts[t] >= 2:
            useful |= 1 << t
    most = max(counts)
    # The tiles a multi-tile move may use; a cell with a line across takes those of them that fit that line.
    live = hand_mask & TYPES_UNION[useful]
    found: list[Window] = []
    row_anchors: list[int] = []
    column_anchors: list[int] = []
    # One pass over the frontier finds the one-cell windows and the empty anchors: cells with a line across
    # where some tile of the hand may go, and no tile just before them.
    for n, (hm, hl, vm, vl) in info.items():
        fits = hm & vm & hand_mask
        if fits:
            points = (hl + 1 if hl else 0) + (vl + 1 if vl else 0)
            points += (qwirkle_bonus if hl == MAX_LINE - 1 else 0) + (qwirkle_bonus if vl == MAX_LINE - 1 else 0)
            found.append(((n,), (fits,), points))
        if vl and vm & live and n - STRIDE not in grid:
            row_anchors.append(n)
        if hl and hm & live and n - 1 not in grid:
            column_anchors.append(n)
    row_runs, column_runs = runs
    # A run of tiles anchors windows when the hand has two tiles of one of its line types.
    row_anchors += [k for k, (_, _, _, common) in row_runs.items() if common & useful]
    column_anchors += [k for k, (_, _, _, common) in column_runs.items() if common & useful]
    # Along a row, the line across a cell is its column: entries 2 and 3 of its frontier tuple; and vice versa.
    for step, across, anchors, along in ((STRIDE, 2, row_anchors, row_runs), (1, 0, column_anchors, column_runs)):
        for anchor in anchors:
            # The anchor is a tile or touches one across, so every window grown from it touches the table.
            widest: int | None = None
            types = useful
            # No window can have more empty cells than the hand has tiles of one of its types.
            room_left = most
            present = 0
            empties: list[int] = []
            masks: list[int] = []
            points = 0
            length = 0
            k = anchor
            while True:
                run = along.get(k)
                if run is not None:
                    _, run_length, tiles, common = run
                    if present & tiles:
                        break
                    present |= tiles
                    narrowed = types & common
                    if not narrowed:
                        break
                    if narrowed != types:
                        types = narrowed
                        room_left = max([counts[ty] for ty in TYPE_BITS[types]]) - len(empties)
                        if room_left < 0:
                            break
                    length += run_length
                    if length > MAX_LINE:
                        break
                    # The cell after a run is empty: the window may end there.
                    k += run_length * step
                else:
                    if length == MAX_LINE:
                        break
                    cell = info.get(k)
                    if cell is None:
                        fit = live
                        cl = 0
                    else:
                        fit = cell[across] & live
                        cl = cell[across + 1]
                    if not room_left or not fit & TYPES_UNION[types]:
                        break
                    room_left -= 1
                    empties.append(k)
                    masks.append(fit)
                    if cl:
                        points += cl + 1 + (qwirkle_bonus if cl == MAX_LINE - 1 else 0)
                    length += 1
                    k += step
                    if k in grid:
                        continue
                if widest is None:
                    # Free cells left of the anchor (empty, nothing across) that the window may also cover.
                    widest = 0
                    f = anchor - step
                    while widest < MAX_LINE - 1 and f not in grid and not info.get(f, NO_LINES)[across + 1]:
                        widest += 1
                        f -= step
                    if f in grid:
                        widest -= 1
                count = len(empties)
                low = 0 if count >= 2 else 2 - count
                high = MAX_LINE - length
                if widest < high:
                    high = widest
                if low > high:
                    continue
                for ty in TYPE_BITS[types]:
                    cand = in_hand[ty] & ~present
                    room = cand.bit_count() - count
                    if room > high:
                        room = high
                    if room < low:
                        continue
                    if count == 1:
                        only = masks[0] & cand
                        if not only:
                            continue
                        opts: tuple[int, ...] = (only,)
                    else:
                        opts = tuple([m & cand for m in masks])
                        if not all(opts):
                            continue
                    for left in range(low, room + 1):
                        size = length + left
                        keys = tuple(empties)
                        if left:
                            keys = tuple(range(anchor - left * step, anchor, step)) + keys
                        found.append(
                            (keys, (cand,) * left + opts, points + size + (qwirkle_bonus if size == MAX_LINE else 0))
                        )
    return found


def fillings(opts: Sequence[int], used: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to pick one distinct tile per option mask, in order."""
    if not used and len(opts) == 2:
        # Most multi-tile moves place two tiles: no recursion for them.
        a, b = opts
        seconds = list(bits(b))
        for t in bits(a):
            for u in seconds:
                if u != t:
                    yield (t, u)
        return
    first = opts[0] & ~used
    if len(opts) == 1:
        for t in bits(first):
            yield (t,)
        return
    rest = opts[1:]
    for t in bits(first):
        for tail in fillings(rest, used | (1 << t)):
            yield (t, *tail)


def _count_fillings(opts: Sequence[int]) -> int:
    """How many ways there are to pick one distinct tile per option mask."""
    if len(opts) == 2:
        a, b = opts
        return a.bit_count() * b.bit_count() - (a & b).bit_count()
    if len(opts) == 3:
        # Inclusion and exclusion over the pairs that would take the same tile.
        a, b, c = opts
        na, nb, nc = a.bit_count(), b.bit_count(), c.bit_count()
        ab, ac, bc = (a & b).bit_count(), (a & c).bit_count(), (b & c).bit_count()
        return na * nb * nc - ab * nc - ac * nb - bc * na + 2 * (a & b & c).bit_count()
    # Count by the set of tiles used so far: a window's tiles share a line type, so at most six of them
    # are in play and there are few such sets, however many orders lead to each.
    ways = {0: 1}
    for mask in opts:
        grown: dict[int, int] = {}
        for used, n in ways.items():
            free = mask & ~used
            while free:
                low = free & -free
                free ^= low
                grown[used | low] = grown.get(used | low, 0) + n
        ways = grown
    return sum(ways.values())


def _opening_windows(hand: Sequence[int], rules: RuleSet) -> list[Window]:
    """The openings from (0, 0): one window per line of tiles the starter may lay, each way (Rule START-4)."""
    hand_mask = _mask(hand)
    if rules.opening_must_play_max_group:
        lines = [sum(1 << t for t in group) for group in groups(hand)]
    else:
        lines = [
            sum(1 << t for t in pick)
            for ty in range(12)
            for size in range(2, 7)
            for pick in combinations(bits(TYPE_TILES[ty] & hand_mask), size)
        ]
    found: list[Window] = []
    if hand_mask and (not rules.opening_must_play_max_group or lines[0].bit_count() == 1):
        # Every one-tile opening at once: the cell (0, 0) may take any tile of the hand.
        found.append(((0,), (hand_mask,), opening_points(1, rules)))
    for line in lines:
        size = line.bit_count()
        if size > 1:
            points = opening_points(size, rules)
            found.append((tuple(i * STRIDE for i in range(size)), (line,) * size, points))
            found.append((tuple(range(size)), (line,) * size, points))
    return found


def opening_points(size: int, rules: RuleSet) -> int:
    """What an opening of ``size`` tiles scores (Rules START-5, START-6, SCORE-4)."""
    if size == 1:
        return rules.lone_tile_points
    return size + (rules.qwirkle_bonus if size == MAX_LINE else 0)


def windows(board: Board, hand: Sequence[int], rules: RuleSet) -> list[Window]:
    """Every window of a legal placement: ``(empty keys, tiles each key may take, points)``.

    The placements are the ways to give each key one of its tiles, no tile
    twice (see :func:`fillings`); each placement comes from exactly one window,
    and its points (end bonus excluded) depend on the window alone. A
    one-tile move is a window of one cell.

    On an empty board the windows are the openings laid from cell (0, 0)
    towards +x or +y, one per allowed group, so that the placements are
    every ordering of each group (Rule START-4).
    """
    if not board:
        return _opening_windows(hand, rules)
    frontier = board.derived()
    return _table_windows(
        board.by_key, frontier.cells, (frontier.rows, frontier.columns), _mask(hand), rules.qwirkle_bonus
    )


def count(found: Sequence[Window]) -> int:
    """How many placements the windows hold, without building them."""
    return sum(opts[0].bit_count() if len(opts) == 1 else _count_fillings(opts) for _, opts, _ in found)


def top(found: Sequence[Window], out: int, end_bonus: int) -> tuple[int, Iterator[Keyed]]:
    """The highest score a placement reaches, and every placement that reaches it in listing order, lazily.

    ``end_bonus`` is added to placements of ``out`` tiles, the whole hand
    (pass 0 while the bag has tiles). Only the winning windows are filled.
    """
    best = -1
    for keys, opts, points in found:
        if len(keys) == out:
            points += end_bonus
        # A window of two or more cells may have no filling when its cells want the same single tile.
        if points > best and (len(opts) == 1 or _count_fillings(opts)):
            best = points
    return best, _winners(found, out, end_bonus, best)


def _winners(found: Sequence[Window], out: int, end_bonus: int, best: int) -> Iterator[Keyed]:
    for keys, opts, points in found:
        if points + (end_bonus if len(keys) == out else 0) == best:
            for tiles in fillings(opts):
                yield tuple(zip(keys, tiles, strict=True))


def exchanges(hand: Sequence[int], largest: int) -> list[tuple[int, ...]]:
    """Every distinct multiset of 1 to ``largest`` tiles of the hand, as sorted tuples, in order."""
    tiles = sorted(hand)
    picks: set[tuple[int, ...]] = set()
    for size in range(1, min(largest, len(tiles)) + 1):
        picks.update(combinations(tiles, size))
    return sorted(picks)


def count_exchanges(hand: Sequence[int], largest: int) -> int:
    """How many distinct multisets of 1 to ``largest`` tiles the hand offers."""
    counts: dict[int, int] = {}
    for t in hand:
        counts[t] = counts.get(t, 0) + 1
    if largest >= len(hand):
        # Any number of copies of each kind, from none to all, but not nothing at all.
        total = 1
        for c in counts.values():
            total *= c + 1
        return total - 1
    # ways[n]: multisets of exactly n tiles from the kinds seen so far.
    ways = [1] + [0] * largest
    for c in counts.values():
        ways = [sum(ways[n - j] for j in range(min(c, n) + 1)) for n in range(largest + 1)]
    return sum(ways[1:])
