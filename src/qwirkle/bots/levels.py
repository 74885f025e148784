"""Named strengths of the strong bot, each a set of its parameters: ``strong:level=1`` to ``strong:level=5``.

A UI can offer a player these in place of the parameters themselves. Each
level spends a budget in work, never in time, so the same seed gives the same
moves at every level on any machine, and each plays on the native engine when
it is installed (``engine="auto"``), which chooses the same moves faster. The
levels are ordered by their results against each other in seeded matches
(the Bots page of the documentation gives them, with the command that
plays them); each costs more time a move than the one below.

>>> LEVELS[1]["placements_kept"], LEVELS[5]["samples"]
(1, 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from qwirkle.bots.parameters import ParameterValue

__all__ = ["LEVELS"]

LEVELS: Final[Mapping[int, Mapping[str, ParameterValue]]] = MappingProxyType(
    {
        # Its best placement by points and the worth of its leave, with no look-ahead at all.
        1: MappingProxyType(
            {
                "placements_kept": 1,
                "exchanges_kept": 0,
                "samples": 1,
                "halvings": 0,
                "inference_tries": 0,
                "play_out_bag": 0,
                "endgame_depth": 0,
                "engine": "auto",
            }
        ),
        # Three placements and an exchange, against two guesses each.
        2: MappingProxyType(
            {
                "placements_kept": 3,
                "exchanges_kept": 1,
                "samples": 2,
                "halvings": 0,
                "inference_tries": 0,
                "play_out_bag": 1,
                "endgame_depth": 1,
                "engine": "auto",
            }
        ),
        3: MappingProxyType(
            {
                "placements_kept": 5,
                "exchanges_kept": 1,
                "samples": 3,
                "halvings": 1,
                "inference_tries": 4,
                "play_out_bag": 2,
                "endgame_depth": 2,
                "engine": "auto",
            }
        ),
        # The strong bot's defaults.
        4: MappingProxyType(
            {
                "placements_kept": 8,
                "exchanges_kept": 2,
                "samples": 5,
                "halvings": 2,
                "inference_tries": 12,
                "play_out_bag": 3,
                "endgame_depth": 4,
                "engine": "auto",
            }
        ),
        5: MappingProxyType(
            {
                "placements_kept": 12,
                "exchanges_kept": 3,
                "samples": 8,
                "halvings": 3,
                "inference_tries": 12,
                "play_out_bag": 3,
                "endgame_depth": 4,
                "engine": "auto",
            }
        ),
    }
)
"""The parameters each level sets, by level; the ones a level does not name keep the bot's defaults."""
