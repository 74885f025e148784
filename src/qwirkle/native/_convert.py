"""The specification's values as the native extension takes and gives them: options, cells, scores, moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from qwirkle._engine.geometry import STRIDE, cell_of
from qwirkle.errors import brief
from qwirkle.moves import Pass, Place
from qwirkle.rules.ruleset import BlockedEnd, RuleSet
from qwirkle.scoring import Score, score_lines
from qwirkle.state import GameState
from qwirkle.tiles import ALL_TILES

if TYPE_CHECKING:
    from qwirkle_native._native import ActionsTuple, RulesTuple, ScoreTuple

    from qwirkle.adapters.actions import ActionLayout

__all__ = ["actions_tuple", "key_cells", "place_from", "rules_tuple", "score_from", "trailing_passes"]


def rules_tuple(rules: RuleSet) -> RulesTuple:
    """The options of ``rules`` that change play, as the extension takes them.

    Every option of :class:`~qwirkle.RuleSet` is supported: ``min_players`` and
    ``max_players`` are checked when a game is dealt, ``start_tiebreak`` decides
    the deal (done by the specification), and ``final_tiebreak`` has one value.
    """
    return (
        rules.hand_size,
        rules.copies_per_tile,
        rules.qwirkle_bonus,
        rules.end_bonus,
        rules.lone_tile_points,
        rules.opening_must_play_max_group,
        rules.exchange_limited_by_bag,
        rules.exchange_return_before_draw,
        rules.allow_voluntary_pass,
        rules.blocked_end_detection is BlockedEnd.ROUND_OF_PASSES,
        rules.stalemate_rounds,
        rules.score_limit,
    )


def trailing_passes(state: GameState) -> int:
    """How many of the last turns in a row were passes (Rule END-3's round of passes)."""
    n = 0
    for turn in reversed(state.history):
        if not isinstance(turn.move, Pass):
            break
        n += 1
    return n


def key_cells(keys: Sequence[int]) -> list[tuple[int, int]]:
    """The cells of the engine's int keys, as the extension takes them."""
    return [cell_of(k) for k in keys]


def score_from(data: ScoreTuple, rules: RuleSet) -> Score:
    """The specification's :class:`~qwirkle.Score` of a placement, from the lines the extension found."""
    _, lines, end_bonus = data
    runs = []
    for x, y, along_row, length in lines:
        step = STRIDE if along_row else 1
        start = x * STRIDE + y
        runs.append(range(start, start + length * step, step))
    return score_lines(runs, rules, end_bonus=end_bonus)


def actions_tuple(layout: ActionLayout) -> ActionsTuple:
    """An :class:`~qwirkle.adapters.actions.ActionLayout` as the extension takes it."""
    try:
        return (layout.hand_size, layout.window, layout.end, layout.pass_, layout.size)
    except AttributeError:
        raise TypeError(f"a layout is an ActionLayout, not {brief(layout)}") from None


def place_from(flat: Sequence[int]) -> Place:
    """The placement the extension gives as one flat list (each tile's x, y and index), in the specification's order."""
    return Place._from_sorted(tuple([((flat[i], flat[i + 1]), ALL_TILES[flat[i + 2]]) for i in range(0, len(flat), 3)]))
