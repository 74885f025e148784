"""What a player observes, as NumPy arrays: planes of the table, the hand, the unseen tiles, scores and bag.

The observation is one flat ``float32`` vector built from a
:class:`~qwirkle.PlayerView` alone, so it never holds what the player may not
know (other hands, the order of the bag). Its parts, in order
(:class:`ObservationLayout` gives their offsets, :meth:`ObservationLayout.split`
the named, reshaped views):

- ``planes``, 15 x 36 x 36, over the window of this turn
  (:func:`~qwirkle.adapters.actions.window_origin`), row ``y - origin_y`` and
  column ``x - origin_x``: the six colours, the six shapes, occupied cells,
  the tiles placed so far this turn, and the open cells (empty cells next to
  the table that some tile fits; on the empty table, the cell ``(0, 0)`` where
  the opening begins);
- ``hand``, hand size x 36: the tile of each hand slot, one-hot, blank once
  placed this turn or put into the exchange (which only the player to move
  sees);
- ``unseen``, 36: how many copies of each tile the player cannot see, over the
  copies per tile;
- ``scores``, one per seat of the largest game the rules allow: points over
  100, the player's seat first, then the seats after it in turn order;
- ``bag``, 1: the tiles in the bag, over the number of tiles in the game.

>>> from qwirkle import new_game, view
>>> from qwirkle.adapters.actions import ActionTurn
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> layout = ObservationLayout.of(state.rules)
>>> vector = observe(view(state, state.current), ActionTurn.start(state))
>>> vector.shape == (layout.size,), layout.size
(True, 19697)
>>> parts = layout.split(vector)
>>> parts["planes"].shape, int(parts["hand"].sum()), float(parts["bag"][0])
((15, 36, 36), 6, 0.8888888...)
"""

from __future__ import annotations

import functools
import math
from typing import Final

import attrs
import numpy as np
import numpy.typing as npt

from qwirkle._engine.geometry import Cell, key
from qwirkle._immutable import Immutable
from qwirkle.adapters.actions import ActionTurn
from qwirkle.adapters.encoding import WINDOW, ActionLayout, _window_numbers, window_origin
from qwirkle.board import Board
from qwirkle.interface.views import PlayerView
from qwirkle.rules.ruleset import RuleSet
from qwirkle.tiles import ALL_TILES

__all__ = ["PLANES", "ObservationLayout", "action_mask", "observe"]

PLANES: Final = ("red", "orange", "yellow", "green", "blue", "purple", "circle", "square", "diamond", "clover",
                 "four-point star", "eight-point star", "occupied", "placed this turn", "open")  # fmt: skip
"""The names of the planes, in order."""

_OCCUPIED: Final = 12
_PLACED: Final = 13
_OPEN: Final = 14
_TILES: Final = len(ALL_TILES)
SCORE_SCALE: Final = 100.0
"""Scores are observed in hundreds of points."""


@attrs.frozen
class ObservationLayout(Immutable):
    """Where each part of the observation vector lies, for a hand size and a number of seats.

    >>> ObservationLayout().size
    19697
    """

    hand_size: int = 6
    """The hand slots observed."""
    seats: int = 4
    """The scores observed: the most players the rules allow."""
    window: int = WINDOW
    """The side of the window, in cells."""

    @classmethod
    def of(cls, rules: RuleSet) -> ObservationLayout:
        """The layout for games under ``rules``.

        >>> ObservationLayout.of(RuleSet()) == ObservationLayout()
        True
        """
        return _layout_of(rules)

    @property
    def parts(self) -> dict[str, tuple[int, ...]]:
        """The shape of each part, in order."""
        return {
            "planes": (len(PLANES), self.window, self.window),
            "hand": (self.hand_size, _TILES),
            "unseen": (_TILES,),
            "scores": (self.seats,),
            "bag": (1,),
        }

    @property
    def size(self) -> int:
        """The length of the vector."""
        return _sizes(self)[1]

    @property
    def high(self) -> npt.NDArray[np.float32]:
        """The largest value of each entry (1, and for scores what 10,000 points give)."""
        high = np.ones(self.size, dtype=np.float32)
        start = self.offsets["scores"]
        high[start : start + self.seats] = 10_000 / SCORE_SCALE
        return high

    @property
    def offsets(self) -> dict[str, int]:
        """Where each part starts."""
        return dict(_sizes(self)[0])

    def split(self, vector: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The parts of ``vector`` by name, reshaped (views, not copies).

        >>> import numpy as np
        >>> ObservationLayout().split(np.zeros(19697, dtype=np.float32))["hand"].shape
        (6, 36)
        """
        offsets = self.offsets
        return {
            name: vector[offsets[name] : offsets[name] + math.prod(shape)].reshape(shape)
            for name, shape in self.parts.items()
        }


@functools.lru_cache(maxsize=64)
def _layout_of(rules: RuleSet) -> ObservationLayout:
    return ObservationLayout(hand_size=rules.hand_size, seats=rules.max_players)


@functools.lru_cache(maxsize=64)
def _sizes(layout: ObservationLayout) -> tuple[tuple[tuple[str, int], ...], int]:
    """Where each part of ``layout`` starts, and the length of the vector."""
    out = []
    at = 0
    for name, shape in layout.parts.items():
        out.append((name, at))
        at += math.prod(shape)
    return tuple(out), at


@functools.lru_cache(maxsize=16)
def _table(board: Board, origin: Cell, side: int) -> tuple[npt.NDArray[np.float32], tuple[int, ...]]:
    """The planes of the table alone (read-only): tiles, occupied cells and open cells; and the copies of each tile."""
    cells = side * side
    numbers = _window_numbers(side)
    offset = key(origin)
    on_table = [0] * _TILES
    # The entries to set are gathered first and set at once: numpy is slow one element at a time.
    ones: list[int] = []
    for k, tile in board._grid.items():
        on_table[tile] += 1
        number = numbers.get(k - offset)
        if number is not None:
            ones += ((tile // 6) * cells + number, (6 + tile % 6) * cells + number, _OCCUPIED * cells + number)
    if board:
        for k, (row_mask, _, column_mask, _) in board._frontier().items():
            number = numbers.get(k - offset)
            if number is not None and row_mask & column_mask:
                ones.append(_OPEN * cells + number)
    else:
        number = numbers.get(-offset)
        if number is not None:
            ones.append(_OPEN * cells + number)
    planes = np.zeros(len(PLANES) * cells, dtype=np.float32)
    planes[ones] = 1
    planes.flags.writeable = False
    return planes, tuple(on_table)


def observe(seen: PlayerView, turn: ActionTurn | None = None) -> npt.NDArray[np.float32]:
    """The observation of the player whose view is ``seen``, with ``turn`` the turn in progress (if any).

    ``turn`` gives the window and the tiles placed so far this turn, which
    every player sees on the table; they come from the hand of the player to
    move, who no longer holds them. The tiles that player has put into the
    exchange leave their slots blank in that player's observation alone.

    >>> from qwirkle import new_game, view
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> observe(view(state, 0)).dtype
    dtype('float32')
    """
    layout = ObservationLayout.of(seen.rules)
    side = layout.window
    cells = side * side
    origin = window_origin(seen.board) if turn is None else turn.origin
    vector = np.zeros(layout.size, dtype=np.float32)
    planes, on_table = _table(seen.board, origin, side)
    vector[: len(PLANES) * cells] = planes
    placed = () if turn is None else turn.placed
    for number, tile in placed:
        vector[(tile // 6) * cells + number] = 1
        vector[(6 + tile % 6) * cells + number] = 1
        vector[_OCCUPIED * cells + number] = 1
        vector[_PLACED * cells + number] = 1
    offsets = layout.offsets
    copies = seen.rules.copies_per_tile
    counts = [copies - n for n in on_table]
    own = turn is not None and seen.seat == turn.state.current
    hand = offsets["hand"]
    left = [tile for _, tile in placed] if own else []
    marked = turn.marked if own and turn is not None else ()
    for slot, held in enumerate(seen.hand):
        counts[held.index] -= 1
        if slot in marked:
            continue
        if held.index in left:
            left.remove(held.index)
            continue
        vector[hand + slot * _TILES + held.index] = 1
    if not own:
        for _, tile in placed:
            counts[tile] -= 1
    vector[offsets["unseen"] : offsets["unseen"] + _TILES] = np.asarray(counts, dtype=np.float32) / float(
        seen.rules.copies_per_tile
    )
    seats = len(seen.players)
    scores = offsets["scores"]
    for place in range(seats):
        vector[scores + place] = seen.scores[(seen.seat + place) % seats] / SCORE_SCALE
    vector[offsets["bag"]] = seen.bag_size / seen.rules.tile_count
    return vector


def action_mask(turn: ActionTurn | None, layout: ActionLayout) -> npt.NDArray[np.int8]:
    """1 for each legal action of ``turn``, 0 elsewhere (all 0 for no turn).

    >>> from qwirkle import new_game
    >>> turn = ActionTurn.start(new_game(["Ann", "Bob"], seed=7))
    >>> int(action_mask(turn, turn.layout).sum())
    15
    """
    mask = np.zeros(layout.size, dtype=np.int8)
    if turn is not None:
        mask[turn.legal_actions()] = 1
    return mask
