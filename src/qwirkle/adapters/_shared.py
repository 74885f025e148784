"""What the Gymnasium and PettingZoo environments share: option checks, observation forms, rewards and infos.

The vector environment computes the same observations, rewards and infos for
a batch as the solo environment does for one game, so the arithmetic lives
here once and works on the last axis of its arrays: one game, or one row per
game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt

from qwirkle.adapters.encoding import ActionLayout
from qwirkle.adapters.observation import ObservationLayout
from qwirkle.adapters.returns import payoffs
from qwirkle.errors import InvalidOptionsError

__all__ = [
    "OBSERVATIONS",
    "REWARDS",
    "check_choice",
    "check_max_turns",
    "margins",
    "observation_space",
    "outcome",
    "shape_observation",
    "terminal_mask",
]

OBSERVATIONS: Final = ("masked", "vector", "structured")
"""The forms of observation: the vector with the mask (as always), the vector alone, or its parts by name."""

REWARDS: Final = ("win", "margin", "points")
"""The rewards: the payoff at the end, the final margin, or each turn's change of the margin."""


def check_choice(name: str, value: object, choices: Sequence[object]) -> None:
    """Refuse ``value`` for the option ``name`` unless it is one of ``choices``."""
    if value not in choices:
        listed = " or ".join(map(repr, choices))
        raise InvalidOptionsError(f"{name} must be {listed}, not {value!r}")


def check_max_turns(max_turns: object) -> None:
    """Refuse a turn limit that is not a positive int."""
    if type(max_turns) is not int or max_turns < 1:
        raise InvalidOptionsError(f"max_turns must be a positive int, not {max_turns!r}")


def observation_space(form: str, observed: ObservationLayout, layout: ActionLayout) -> gymnasium.spaces.Space[Any]:
    """The space of one game's observations in ``form`` (one of :data:`OBSERVATIONS`)."""
    high = observed.high
    vector = gymnasium.spaces.Box(low=0.0, high=high, shape=(observed.size,), dtype=np.float32)
    if form == "vector":
        return vector
    if form == "structured":
        parts = observed.split(high)
        return gymnasium.spaces.Dict(
            {
                name: gymnasium.spaces.Box(low=0.0, high=part.copy(), shape=part.shape, dtype=np.float32)
                for name, part in parts.items()
            }
        )
    mask = gymnasium.spaces.Box(low=0, high=1, shape=(layout.size,), dtype=np.int8)
    return gymnasium.spaces.Dict({"observation": vector, "action_mask": mask})


def shape_observation(
    form: str, vectors: npt.NDArray[np.float32], masks: npt.NDArray[np.int8], observed: ObservationLayout
) -> Any:
    """The observations ``vectors`` (one game's, or one row per game) with their ``masks``, in ``form``.

    The structured parts are views of ``vectors``, not copies.
    """
    if form == "vector":
        return vectors
    if form == "structured":
        offsets = observed.offsets
        rows = vectors.shape[:-1]
        return {
            name: vectors[..., offsets[name] : offsets[name] + math.prod(shape)].reshape(*rows, *shape)
            for name, shape in observed.parts.items()
        }
    return {"observation": vectors, "action_mask": masks}


def terminal_mask(masks: npt.NDArray[np.int8], over: npt.NDArray[np.bool_] | bool, layout: ActionLayout) -> None:
    """Offer the pass, as the one action, in the masks of the games that are ``over`` (all zeros till now).

    An episode that is over takes no action, but a sampler such as
    ``rng.choice(np.flatnonzero(mask))`` needs one to choose from: the pass is
    it, and a vector environment ignores it when it deals the next game.
    """
    if np.any(over):
        masks[..., layout.pass_] |= np.asarray(over, dtype=np.int8)


def margins(own_first: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The agent's score less the best score of the others, for scores (of one game or a row per game) agent's first.

    >>> int(margins(np.array([40, 55, 12])))
    -15
    """
    result: npt.NDArray[np.int64] = own_first[..., 0] - own_first[..., 1:].max(axis=-1)
    return result


def outcome(payoff: float, players: int) -> str:
    """``"win"``, ``"loss"`` or ``"tie"`` (a shared win), read from the payoff of a finished game (see ``payoffs``).

    >>> outcome(1.0, 2), outcome(0.0, 2), outcome(-0.5, 3), outcome(0.25, 3)
    ('win', 'tie', 'loss', 'tie')
    """
    sole, lose = payoffs((0,), players)[:2]
    if payoff == sole:
        return "win"
    return "loss" if payoff == lose else "tie"
