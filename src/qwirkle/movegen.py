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
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations, permutations
from typing import Final, TypeAlias

from qwirkle.board import STRIDE, Board
from qwirkle.lines import ALL_KINDS, MAX_LINE, TILE_TYPES, TYPE_BITS, TYPE_TILES, TYPES_UNION, bits, groups
from qwirkle.ruleset import RuleSet

Keyed: TypeAlias = tuple[tuple[int, int], ...]
"""A placement as ``(cell key, tile index)`` pairs sorted by key."""

_NO_CROSS: Final = (ALL_KINDS, 0)


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


def _windows(
    grid: Mapping[int, int], info: Mapping[int, tuple[int, int, int, int]], hand_mask: int, qwirkle_bonus: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Every window of a multi-tile move: ``(empty keys, options per key, points)``, once per line type.

    The options of a key are the hand's tiles of that type that fit its cross line.

    A window is found from its *anchor*: its first cell, going along the
    line, that is a tile or an empty cell with a tile across. Before the
    anchor it can only have free cells (empty, nothing across), so each
    window is grown once from its anchor and then widened to the left.
    """
    in_hand = [m & hand_mask for m in TYPE_TILES]
    useful = 0
    for t in range(12):
        if in_hand[t].bit_count() >= 2:
            useful |= 1 << t
    if not useful:
        return
    for step in (STRIDE, 1):
        if step == STRIDE:
            cross = {n: (vm, vl) for n, (_, _, vm, vl) in info.items() if vl}
        else:
            cross = {n: (hm, hl) for n, (hm, hl, _, _) in info.items() if hl}
        anchors = [k for k, t in grid.items() if TILE_TYPES[t] & useful and k - step not in grid]
        anchors.extend(n for n in cross if n - step not in grid)
        for anchor in anchors:
            # The anchor is a tile or touches one across, so every window grown from it touches the table.
            widest: int | None = None
            types = useful
            present = 0
            empties: list[int] = []
            masks: list[int] = []
            points = 0
            k = anchor
            for length in range(1, MAX_LINE + 1):
                tile = grid.get(k)
                if tile is not None:
                    bit = 1 << tile
                    if present & bit:
                        break
                    present |= bit
                    types &= TILE_TYPES[tile]
                    if not types:
                        break
                else:
                    cm, cl = cross.get(k, _NO_CROSS)
                    if not cm & hand_mask & TYPES_UNION[types]:
                        break
                    empties.append(k)
                    masks.append(cm)
                    if cl:
                        points += cl + 1 + (qwirkle_bonus if cl == MAX_LINE - 1 else 0)
                k += step
                if k in grid:
                    continue
                if widest is None:
                    # Free cells left of the anchor (empty, nothing across) that the window may also cover.
                    widest = 0
                    f = anchor - step
                    while widest < MAX_LINE - 1 and f not in grid and f not in cross:
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
                    opts = tuple([m & cand for m in masks])
                    if not all(opts):
                        continue
                    for left in range(low, room + 1):
                        size = length + left
                        keys = tuple(empties)
                        if left:
                            keys = tuple(range(anchor - left * step, anchor, step)) + keys
                        yield keys, (cand,) * left + opts, points + size + (qwirkle_bonus if size == MAX_LINE else 0)


def _fillings(opts: Sequence[int], used: int = 0) -> Iterator[tuple[int, ...]]:
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
        for tail in _fillings(rest, used | (1 << t)):
            yield (t, *tail)


def _count_fillings(opts: Sequence[int], used: int = 0) -> int:
    """How many ways there are to pick one distinct tile per option mask."""
    if not used and len(opts) == 2:
        a, b = opts
        return a.bit_count() * b.bit_count() - (a & b).bit_count()
    first = opts[0] & ~used
    if len(opts) == 1:
        return first.bit_count()
    rest = opts[1:]
    return sum(_count_fillings(rest, used | (1 << t)) for t in bits(first))


def _opening_lines(hand: Sequence[int], rules: RuleSet) -> list[tuple[int, ...]]:
    """The tile sets the opening may lay, each as a sorted tuple (Rule START-4)."""
    if rules.opening_must_play_max_group:
        return [tuple(sorted(g)) for g in groups(hand)]
    hand_mask = _mask(hand)
    found: set[tuple[int, ...]] = {(t,) for t in bits(hand_mask)}
    for ty in range(12):
        tiles = list(bits(TYPE_TILES[ty] & hand_mask))
        for size in range(2, len(tiles) + 1):
            for pick in _subsets(tiles, size):
                found.add(pick)
    return sorted(found)


def _subsets(items: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    if size == 0:
        yield ()
        return
    for i in range(len(items) - size + 1):
        for tail in _subsets(items[i + 1 :], size - 1):
            yield (items[i], *tail)


def opening_points(size: int, rules: RuleSet) -> int:
    """What an opening of ``size`` tiles scores (Rules START-5, START-6, SCORE-4)."""
    if size == 1:
        return rules.lone_tile_points
    return size + (rules.qwirkle_bonus if size == MAX_LINE else 0)


def placements(board: Board, hand: Sequence[int], rules: RuleSet) -> Iterator[tuple[Keyed, int]]:
    """Every legal placement with its points (end bonus excluded), each once.

    On an empty board these are the openings laid from cell (0, 0) towards
    +x or +y, one per ordering of each allowed group (Rule START-4).
    """
    grid = board._grid
    if not grid:
        for line in _opening_lines(hand, rules):
            points = opening_points(len(line), rules)
            if len(line) == 1:
                yield ((0, line[0]),), points
                continue
            for order in permutations(line):
                yield tuple((i * STRIDE, t) for i, t in enumerate(order)), points
                yield tuple(enumerate(order)), points
        return
    hand_mask = _mask(hand)
    qb = rules.qwirkle_bonus
    info = board.frontier()
    for n, (hm, hl, vm, vl) in info.items():
        fits = hm & vm & hand_mask
        if fits:
            points = (hl + 1 if hl else 0) + (vl + 1 if vl else 0)
            points += (qb if hl == MAX_LINE - 1 else 0) + (qb if vl == MAX_LINE - 1 else 0)
            for t in bits(fits):
                yield ((n, t),), points
    for keys, opts, points in _windows(grid, info, hand_mask, qb):
        for tiles in _fillings(opts):
            yield tuple(zip(keys, tiles, strict=True)), points


def top_placements(board: Board, hand: Sequence[int], rules: RuleSet, end_bonus: int) -> tuple[int, list[Keyed]]:
    """The highest score any placement reaches and every placement that reaches it, in listing order.

    ``end_bonus`` is added to placements that use the whole hand (pass 0
    while the bag has tiles). Windows that cannot beat the best found so far
    are never filled, so this is much cheaper than listing every placement.
    """
    out = len(hand)
    best = -1
    top: list[Keyed] = []
    if not board:
        for keyed, points in placements(board, hand, rules):
            points += end_bonus if len(keyed) == out else 0
            if points > best:
                best, top = points, [keyed]
            elif points == best:
                top.append(keyed)
        return best, top
    hand_mask = _mask(hand)
    qb = rules.qwirkle_bonus
    info = board.frontier()
    single_bonus = end_bonus if out == 1 else 0
    for n, (hm, hl, vm, vl) in info.items():
        fits = hm & vm & hand_mask
        if fits:
            points = (hl + 1 if hl else 0) + (vl + 1 if vl else 0) + single_bonus
            points += (qb if hl == MAX_LINE - 1 else 0) + (qb if vl == MAX_LINE - 1 else 0)
            if points < best:
                continue
            if points > best:
                best, top = points, []
            top.extend(((n, t),) for t in bits(fits))
    for keys, opts, points in _windows(board._grid, info, hand_mask, qb):
        if len(keys) == out:
            points += end_bonus
        if points < best:
            continue
        found = [tuple(zip(keys, tiles, strict=True)) for tiles in _fillings(opts)]
        if not found:
            continue
        if points > best:
            best, top = points, found
        else:
            top.extend(found)
    return best, top


def count_placements(board: Board, hand: Sequence[int], rules: RuleSet) -> int:
    """How many legal placements there are, without building them."""
    grid = board._grid
    if not grid:
        total = 0
        for line in _opening_lines(hand, rules):
            n = 1
            for i in range(2, len(line) + 1):
                n *= i
            total += 1 if len(line) == 1 else 2 * n
        return total
    hand_mask = _mask(hand)
    info = board.frontier()
    total = sum((h & v & hand_mask).bit_count() for h, _, v, _ in info.values())
    for _, opts, _ in _windows(grid, info, hand_mask, rules.qwirkle_bonus):
        total += _count_fillings(opts)
    return total


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
    # ways[n]: multisets of exactly n tiles from the kinds seen so far.
    ways = [1] + [0] * largest
    for c in counts.values():
        ways = [sum(ways[n - j] for j in range(min(c, n) + 1)) for n in range(largest + 1)]
    return sum(ways[1:])
