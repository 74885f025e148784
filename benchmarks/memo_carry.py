"""What carrying a board's anchor memo over to the boards that grow from it would save, measured before building it.

A board keeps what its window search does not owe to the hand (the ends of
each anchor's lines, see :mod:`qwirkle._engine.anchors`) from its third search on. A
board of a game is searched once or twice, so in self-play the memo never
starts. The alternative is to hand the memo down, the way the frontier is:
a board grown by a move would take its parent's memo less the anchors the
move changed, and work out only those again. This script measures that
alternative on the boards of seeded self-play games, without changing the
engine::

    python benchmarks/memo_carry.py                 # 20 greedy and 20 random games
    python benchmarks/memo_carry.py --games 50

For each turn whose table has tiles, the hand to move is searched two ways,
each the fastest of ``--repeats`` calls:

- *plain*: as the engine does it today, no memo (the first or second search
  of a board);
- *carried*: the parent board's memo as its own search left it, copied, less
  every anchor within seven cells, along its line, of a cell whose tile,
  frontier entry or run the move changed; the one-cell summary worked out
  anew; then the search through the memo, which works out the anchors it
  lacks. The copy and the dropping are timed with the search.

Both searches must find the same windows (checked on every turn, as sets:
the order of a memo's search is not the order of a plain one). Also given:
what a search costs with a memo that starts empty and with one already full
(the two bounds of the carried cost), and the share of the anchors whose
ends a move leaves as they were, found by working out every anchor's ends on
both boards.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeAlias

from qwirkle import Board, GameState, Move, Pass, RuleSet, apply, legal_moves, new_game
from qwirkle._engine.anchors import AnchorMemo, Ends, anchor_ends, cells_summary
from qwirkle._engine.geometry import STRIDE
from qwirkle._engine.movegen import Window, windows
from qwirkle.scoring import line_points_table

RULES: Final = RuleSet()
"""The standard rules, which every game here plays."""
BONUS: Final = RULES.qwirkle_bonus
TABLE: Final = line_points_table(BONUS)

REACH: Final = 7
"""How far along its line an anchor's ends may read: six cells of line, and the cell past them."""


def _random_move(state: GameState, rng: random.Random) -> Move:
    moves = list(legal_moves(state))
    return moves[rng.randrange(len(moves))]


def _greedy_move(state: GameState, rng: random.Random) -> Move:
    moves = legal_moves(state)
    found = moves.best()
    if found is not None:
        return found[0]
    exchanges = list(moves.exchanges())
    return max(exchanges, key=len) if exchanges else Pass()


PLAYERS: Final[dict[str, Callable[[GameState, random.Random], Move]]] = {
    "greedy": _greedy_move,
    "random": _random_move,
}


def _run_ends(grid: Mapping[int, int], k: int, step: int) -> tuple[int, int]:
    """The empty cells just before and just after the run of tiles through ``k`` along ``step``."""
    low = k - step
    while low in grid:
        low -= step
    high = k + step
    while high in grid:
        high += step
    return low, high


def carried(parent: AnchorMemo, grid: Mapping[int, int], new: Sequence[int]) -> AnchorMemo:
    """The memo of the board ``grid``, grown from the parent's board by tiles at ``new``: the parent's, less what moved.

    Along each direction, a move changes the run of tiles through each new
    tile, and the empty cells at its two ends: their frontier entries, and
    the lines across them. An anchor reads its line up to :data:`REACH`
    cells either way, so every anchor that near a changed cell, along the
    same line, is dropped.
    """
    memo = AnchorMemo()
    memo.rows = parent.rows.copy()
    memo.columns = parent.columns.copy()
    for step, other, same, across in ((STRIDE, 1, memo.rows, memo.columns), (1, STRIDE, memo.columns, memo.rows)):
        for k in new:
            low, high = _run_ends(grid, k, step)
            for j in range(low - REACH * step, high + (REACH + 1) * step, step):
                same.pop(j, None)
            # The cells at the run's ends take a new entry: the lines across them read it.
            for end in (low, high):
                for j in range(end - REACH * other, end + (REACH + 1) * other, other):
                    across.pop(j, None)
    return memo


def _all_ends(board: Board, table: tuple[int, ...]) -> dict[tuple[int, int], Ends]:
    """The ends of every anchor of the board, whatever the hand, by (step, anchor)."""
    frontier = board._derived()
    grid = board._grid
    _, row_starts, column_starts = cells_summary(frontier.cells, grid, table)
    out = {}
    for step, across, starts, runs in ((STRIDE, 2, row_starts, frontier.rows), (1, 0, column_starts, frontier.columns)):
        for anchor in [n for n, _ in starts] + list(runs):
            out[step, anchor] = anchor_ends(anchor, step, across, runs, grid, frontier.cells, table)
    return out


def _searched(board: Board, memo: AnchorMemo | None) -> Board:
    """A new board over the same tiles, its frontier known, whose next search reads ``memo`` (none: no memo).

    The board's own memo starts at its third search (see
    :meth:`~qwirkle.Board._anchor_memo`): the first two are spent here, and
    the memo it then holds takes the content of ``memo``.
    """
    fresh = board._placed_unchecked({})
    fresh._derived()
    if memo is not None:
        for _ in range(2):
            fresh._anchor_memo(BONUS)
        own = fresh._anchor_memo(BONUS)
        assert own is not None
        own.rows, own.columns, own.cells = memo.rows, memo.columns, memo.cells
    return fresh


def _fastest(prepare: Callable[[], Board], search: Callable[[Board], object], repeats: int) -> float:
    """The fastest of ``repeats`` calls of ``search``, each on a board from ``prepare`` (not timed), in µs."""
    best = None
    for _ in range(repeats):
        board = prepare()
        started = time.perf_counter_ns()
        search(board)
        took = time.perf_counter_ns() - started
        best = took if best is None or took < best else best
    assert best is not None
    return best / 1000


@dataclass
class Figures:
    """Per turn, µs: the search as today, carried, and from an empty and a full memo; and the anchors kept."""

    plain: list[float] = field(default_factory=list)
    paired: list[tuple[float, float]] = field(default_factory=list)
    """Plain and carried, on the turns with a parent's memo."""
    empty: list[float] = field(default_factory=list)
    full: list[float] = field(default_factory=list)
    anchors: int = 0
    kept: int = 0
    asked: int = 0
    """Anchors the hands' searches asked for (on the turns with a parent's memo)."""
    inherited: int = 0
    """Of those, the ones the parent's memo held, before the move's changes were dropped."""
    found: int = 0
    """Of those, the ones the carried memo held."""


def _held(memo: AnchorMemo) -> int:
    return len(memo.rows) + len(memo.columns)


Parent: TypeAlias = tuple[Board, AnchorMemo, dict[tuple[int, int], Ends]]
"""The board searched on the turn before, the memo its search left, and the ends of all its anchors."""


def _turn(out: Figures, board: Board, hand: list[int], parent: Parent | None, repeats: int) -> Parent:
    """Time the searches of ``hand`` on ``board``, the fastest of ``repeats`` each; return what the next turn reads."""
    grid = board._grid
    ends = _all_ends(board, TABLE)

    def search(searched: Board) -> list[Window]:
        return windows(searched, hand, RULES)

    plain = _fastest(lambda: _searched(board, None), search, repeats)
    out.plain.append(plain)
    out.empty.append(_fastest(lambda: _searched(board, AnchorMemo()), search, repeats))
    full = AnchorMemo()
    search(_searched(board, full))
    out.full.append(_fastest(lambda: _searched(board, full), search, repeats))
    if parent is None:
        memo = AnchorMemo()
        search(_searched(board, memo))
        return board, memo, ends
    old_board, old_memo, old_ends = parent
    new = [k for k in grid if k not in old_board._grid]
    # The board's memo is set up untimed; the carrying over is timed with the search, into that memo.
    holder = AnchorMemo()

    def carried_search(searched: Board) -> list[Window]:
        kept = carried(old_memo, grid, new)
        holder.rows, holder.columns, holder.cells = kept.rows, kept.columns, None
        return search(searched)

    out.paired.append((plain, _fastest(lambda: _searched(board, holder), carried_search, repeats)))
    memo = carried(old_memo, grid, new)
    held = _held(memo)
    if sorted(search(_searched(board, memo))) != sorted(search(_searched(board, None))):
        raise RuntimeError("the carried memo finds other windows than a search without one")
    out.asked += _held(full)
    out.inherited += len(full.rows.keys() & old_memo.rows.keys()) + len(full.columns.keys() & old_memo.columns.keys())
    out.found += _held(full) - (_held(memo) - held)
    if old_board is not board:
        out.anchors += len(ends)
        out.kept += sum(1 for at, kept in ends.items() if old_ends.get(at) == kept)
    return board, memo, ends


def measure(kind: str, games: int, repeats: int) -> Figures:
    """Play ``games`` seeded games of ``kind``, measuring the searches on every turn whose table has tiles."""
    play = PLAYERS[kind]
    out = Figures()
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(["A", "B"], seed=seed, rules=RULES)
        parent: Parent | None = None
        while state.outcome is None:
            if state.board:
                try:
                    parent = _turn(out, state.board, [tile.index for tile in state.hand], parent, repeats)
                except RuntimeError as error:
                    raise RuntimeError(f"{kind} game {seed}, turn {state.turn_number}: {error}") from None
            state = apply(state, play(state, rng))
    return out


def report(kind: str, figures: Figures) -> str:
    """A few lines: medians and totals per turn, and the ratio of carried to plain over the turns measured both ways."""
    plain = [p for p, _ in figures.paired]
    carried = [c for _, c in figures.paired]

    def line(name: str, values: Sequence[float]) -> str:
        return f"  {name:<34} median {statistics.median(values):7.1f} µs   mean {statistics.fmean(values):7.1f} µs"

    lines = [
        f"{kind}: {len(figures.plain)} searches, {len(carried)} with a parent's memo",
        line("plain (as today)", figures.plain),
        line("from an empty memo (first search)", figures.empty),
        line("from a full memo (lower bound)", figures.full),
        line("carried from the parent", carried),
        f"  carried / plain, same turns: {sum(carried) / sum(plain):.3f} of the total, "
        f"median of the turns {statistics.median(c / p for p, c in figures.paired):.3f}",
        f"  anchors whose ends a placement leaves as they were: {figures.kept / max(figures.anchors, 1):.1%}",
        f"  anchors a search asks for that the parent's memo holds: {figures.inherited / max(figures.asked, 1):.1%}, "
        f"{figures.found / max(figures.asked, 1):.1%} once the move's changes are dropped",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="seeded games of each kind (default 20)")
    parser.add_argument("--repeats", type=int, default=5, help="timings of each search, the fastest kept (default 5)")
    args = parser.parse_args(argv)
    gc.disable()
    for kind in PLAYERS:
        print(report(kind, measure(kind, args.games, args.repeats)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
