"""Parts of the OpenSpiel game that need no state of OpenSpiel's: the deal's observation and what each action shows.

>>> dealt_event((1, 2, 3, 4, 5, 6), 0, 6)
(1, 'p1 dealt Ro', 'p1 dealt a tile')
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from qwirkle.adapters.actions import ActionLayout, ActionTurn, ExchangeTileAction, PassAction, TileAction, decode
from qwirkle.adapters.observation import ObservationLayout
from qwirkle.formats.notation import format_tile
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState
from qwirkle.tiles import ALL_TILES

__all__ = ["Event", "dealing", "dealt_event", "seen_event"]

Event = tuple[int, str, str]
"""Something that happened: the seat it concerns, what that seat saw, and what the others saw."""


def dealt_event(dealt: Sequence[int], tile: int, hand_size: int) -> Event:
    """The deal of ``tile`` after the tiles ``dealt`` so far, hands dealt in seat order."""
    seat = len(dealt) // hand_size
    return seat, f"p{seat} dealt {format_tile(ALL_TILES[tile])}", f"p{seat} dealt a tile"


def seen_event(state: GameState, turn: ActionTurn | None, action: int, layout: ActionLayout) -> Event:
    """``action`` taken in ``state``: a decision of the turn ``turn``, or (with no turn) a tile drawn by the mover."""
    seat = state.current
    if turn is None:
        return seat, f"p{seat} drew {format_tile(ALL_TILES[action])}", f"p{seat} drew a tile"
    chosen = decode(action, turn.origin, layout)
    hand = state.hands[seat]
    if isinstance(chosen, TileAction):
        # Every player sees which tile goes where; the slot it came from is the mover's alone.
        text = f"p{seat} put {format_tile(hand[chosen.slot])} at {chosen.cell[0]},{chosen.cell[1]}"
        return seat, text, text
    if isinstance(chosen, ExchangeTileAction):
        # The others see a tile go into the exchange, not which.
        tile = format_tile(hand[chosen.slot])
        return seat, f"p{seat} put {tile} into the exchange", f"p{seat} put a tile into the exchange"
    if isinstance(chosen, PassAction):
        text = f"p{seat} passed"
    else:
        text = f"p{seat} ended the {'exchange' if turn.marked else 'placement'}"
    return seat, text, text


def dealing(dealt: Sequence[int], player: int, rules: RuleSet) -> npt.NDArray[np.float32]:
    """The observation of ``player`` during the deal: their tiles so far, the unseen ones and the bag."""
    layout = ObservationLayout.of(rules)
    vector = np.zeros(layout.size, dtype=np.float32)
    offsets = layout.offsets
    size = rules.hand_size
    mine = dealt[player * size : (player + 1) * size]
    counts = [rules.copies_per_tile] * len(ALL_TILES)
    for slot, tile in enumerate(mine):
        vector[offsets["hand"] + slot * len(ALL_TILES) + tile] = 1
        counts[tile] -= 1
    vector[offsets["unseen"] : offsets["unseen"] + len(ALL_TILES)] = np.asarray(counts, dtype=np.float32) / float(
        rules.copies_per_tile
    )
    vector[offsets["bag"]] = (rules.tile_count - len(dealt)) / rules.tile_count
    return vector
