"""A Gymnasium vector environment: many solo games against built-in bots, stepped together by the native engine.

Install with ``pip install 'qwirkle[gymnasium,native]'``. Each of the
``num_envs`` games is a :class:`~qwirkle.adapters.gymnasium.QwirkleSoloEnv`
played by the compiled extension: the same actions
(:mod:`qwirkle.adapters.actions`), observations and masks
(:mod:`qwirkle.adapters.observation`), rewards and episode ends, as NumPy
arrays with one row per game. Game ``i`` reset with seed ``s + i`` and given
the same actions as a ``QwirkleSoloEnv`` reset with that seed plays the same
game, step for step. The native engine plays the greedy and random bots;
other opponents are refused when the environment is made.

It is what ``gymnasium.make_vec("qwirkle/Solo-v1", ...)`` makes when the
native engine is installed and can play the opponents (see
:func:`make_solo_vector_env`, the id's vector entry point):

>>> import gymnasium
>>> envs = gymnasium.make_vec("qwirkle/Solo-v1", num_envs=4)
>>> observations, infos = envs.reset(seed=7)
>>> actions = observations["action_mask"].argmax(axis=1)
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
>>> print(observations["observation"].shape, rewards.dtype, terminations.dtype)
(4, 19697) float64 bool

Episodes reset as Gymnasium's ``AutoresetMode.NEXT_STEP`` says (declared in
``metadata["autoreset_mode"]``): the step after a game ends deals the next
game of that row, ignoring its action (the mask of a finished game offers the
pass alone), with reward 0 and neither flag set. The rewards, observation
forms and infos are the Solo environment's, computed here for the batch from
the rows the engine writes.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Final

from qwirkle._extras import missing_extra_error

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
except ImportError as error:
    raise missing_extra_error(__name__, "Gymnasium and NumPy", "gymnasium", error) from None

from qwirkle.adapters._opponents import Opponent
from qwirkle.adapters._shared import margins, outcome, shape_observation, terminal_mask
from qwirkle.adapters.actions import ActionLayout, InvalidActionError
from qwirkle.adapters.gymnasium import QwirkleSoloEnv
from qwirkle.adapters.observation import PLANES, SCORE_SCALE, ObservationLayout
from qwirkle.errors import InvalidOptionsError
from qwirkle.native import ENGINES, NATIVE_BOTS, available, native_module
from qwirkle.native._convert import rules_tuple
from qwirkle.rules.ruleset import RuleSet

__all__ = ["NativeSoloVectorEnv", "make_solo_vector_env", "native_layout"]

_SEED_BITS: Final = 127
"""Seeds are taken as ``random.Random`` takes them, by magnitude, up to this many bits."""

Flags = npt.NDArray[np.bool_]


def native_layout(actions: ActionLayout, observed: ObservationLayout, rules: RuleSet) -> dict[str, int]:
    """The numbers of ``actions`` and ``observed`` the native engine encodes with, by name.

    The native engine keeps no size or offset of its own: it takes these,
    and refuses a layout that does not number actions as
    :mod:`qwirkle.adapters.actions` does.

    >>> from qwirkle import RuleSet
    >>> numbers = native_layout(ActionLayout(), ObservationLayout(), RuleSet())
    >>> numbers["end"], numbers["actions"], numbers["size"], numbers["open_plane"]
    (7776, 7784, 19697, 14)
    """
    if actions.window != observed.window or actions.hand_size != observed.hand_size:
        raise InvalidOptionsError("the action and observation layouts must share a window and a hand size")
    offsets = observed.offsets
    return {
        "hand_size": actions.hand_size,
        "window": actions.window,
        "end": actions.end,
        "pass": actions.pass_,
        "actions": actions.size,
        "colour_plane": PLANES.index("red"),
        "shape_plane": PLANES.index("circle"),
        "occupied_plane": PLANES.index("occupied"),
        "placed_plane": PLANES.index("placed this turn"),
        "open_plane": PLANES.index("open"),
        "planes": len(PLANES),
        "hand": offsets["hand"],
        "unseen": offsets["unseen"],
        "scores": offsets["scores"],
        "seats": observed.seats,
        "bag": offsets["bag"],
        "size": observed.size,
        "tile_count": rules.tile_count,
    }


def make_solo_vector_env(
    num_envs: int = 1, opponents: Sequence[Opponent] = ("greedy",), *, engine: str = "auto", **options: Any
) -> gymnasium.vector.VectorEnv[Any, npt.NDArray[np.int64], npt.NDArray[Any]]:
    """``num_envs`` solo games as one vector environment on the engine asked for (``qwirkle/Solo-v1``'s vector entry).

    ``engine="native"`` makes a :class:`NativeSoloVectorEnv` (:class:`ImportError`
    without the extension; :class:`~qwirkle.InvalidOptionsError` for options it
    cannot honour), ``"python"`` a ``SyncVectorEnv`` of
    :class:`~qwirkle.adapters.gymnasium.QwirkleSoloEnv`, and ``"auto"`` the
    native one when the extension is installed and plays every opponent
    without rendering, else the Python one. Both give the same observations,
    masks, rewards and infos for the same seeds and actions, so ``"auto"``
    changes the speed, never the games. ``options`` are
    :class:`~qwirkle.adapters.gymnasium.QwirkleSoloEnv`'s (and ``copy`` for the
    native one).

    >>> import gymnasium
    >>> envs = gymnasium.make_vec("qwirkle/Solo-v1", num_envs=2, opponents=["strong"], engine="auto")
    >>> type(envs).__name__
    'SyncVectorEnv'
    """
    if engine not in ENGINES:
        raise InvalidOptionsError(f"unknown engine {engine!r}; the engines are: {', '.join(ENGINES)}")
    native_can_play = (
        not isinstance(opponents, str)
        and all(isinstance(name, str) and name in NATIVE_BOTS for name in opponents)
        and options.get("render_mode") is None
    )
    if engine == "native" or (engine == "auto" and native_can_play and available()):
        return NativeSoloVectorEnv(num_envs, opponents, **options)
    options.pop("copy", None)
    return gymnasium.vector.SyncVectorEnv([lambda: QwirkleSoloEnv(opponents, **options) for _ in range(num_envs)])


class NativeSoloVectorEnv(gymnasium.vector.VectorEnv[Any, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of :class:`~qwirkle.adapters.gymnasium.QwirkleSoloEnv` with its options, played natively.

    ``copy=False`` returns the same read-only arrays at every step, which the
    next step overwrites; by default each step returns new ones.

    >>> from qwirkle.native import available
    >>> not available() or int(NativeSoloVectorEnv(2, ["random"]).single_action_space.n) == 7784
    True
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self, num_envs: int = 1, opponents: Sequence[Opponent] = ("greedy",), *, copy: bool = True, **options: Any
    ) -> None:
        native = native_module()
        if type(num_envs) is not int or num_envs < 1:
            raise InvalidOptionsError(f"num_envs must be a positive int, not {num_envs!r}")
        # The single game is the Solo environment's: it checks the options, and its spaces are the batch's rows.
        single = QwirkleSoloEnv(opponents, **options)
        for name in single.opponents:
            if not isinstance(name, str) or name not in NATIVE_BOTS:
                raise InvalidOptionsError(
                    f"the native engine plays the bots {', '.join(NATIVE_BOTS)}, not {name!r}: "
                    "for other opponents use engine='python'"
                )
        if single.render_mode is not None:
            raise InvalidOptionsError(
                f"the native vector environment does not render (render_mode={single.render_mode!r}): "
                "use engine='python' to render"
            )
        self.rules = single.rules
        self.opponents = single.opponents
        self.num_envs = num_envs
        self.seat = seat = single.seat
        self.players = single.players
        self.reward = single.reward
        self.observation = single.observation
        self.illegal_action = single.illegal_action
        self.illegal_reward = single.illegal_reward
        self.max_turns = single.max_turns
        self.render_mode = None
        self.copy = bool(copy)
        self.layout = single.layout
        self.observed = observed = single.observed
        self.single_observation_space = single.observation_space
        self.single_action_space = single.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, observed.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.layout.size), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminated = np.zeros(num_envs, dtype=np.uint8)
        self._truncated = np.zeros(num_envs, dtype=np.uint8)
        self._illegal = np.zeros(num_envs, dtype=np.uint8)
        self._ended = np.zeros(num_envs, dtype=np.bool_)
        # Every game has these infos: one read-only array says so for each of them.
        self._every = np.ones(num_envs, dtype=np.bool_)
        self._every.flags.writeable = False
        # The observation holds the scores from the agent's seat on, in hundreds; this order puts them in seat order.
        start = observed.offsets["scores"]
        self._score_columns = slice(start, start + self.players)
        self._seat_order = None if seat == 0 else np.array([(s - seat) % self.players for s in range(self.players)])
        self._margins = np.zeros(num_envs, dtype=np.int64)
        others = iter(self.opponents)
        self._batch = native.SoloBatch(
            num_envs,
            seat,
            [None if s == seat else next(others) for s in range(self.players)],
            self.max_turns,
            rules_tuple(self.rules),
            self.illegal_reward,
            native_layout(self.layout, observed, self.rules),
            SCORE_SCALE,
            self._observations,
            self._masks,
            self._rewards,
            self._terminated,
            self._truncated,
            self._illegal,
        )
        self._views = (self._observations.view(), self._masks.view())
        for view in self._views:
            view.flags.writeable = False
        for i in range(num_envs):
            self._batch.seed(i, secrets.randbits(63))
        self._dealt = False

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal every game (those of ``options["reset_mask"]`` alone, if given): game ``i`` from ``seed + i``.

        ``seed`` may also be one seed (or ``None``) per game; a game given no
        seed deals its next game, as ``QwirkleSoloEnv.reset()`` does.
        """
        seeds: Sequence[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            super().reset(seed=seed)
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"give one seed per game ({self.num_envs}), not {len(seeds)}")
        chosen = np.ones(self.num_envs, dtype=np.bool_)
        if options is not None and "reset_mask" in options:
            chosen = np.asarray(options["reset_mask"])
            if chosen.dtype != np.bool_ or chosen.shape != (self.num_envs,):
                raise ValueError(f"reset_mask must be {self.num_envs} bools, not {options['reset_mask']!r}")
        for i, game_seed in enumerate(seeds):
            if not chosen[i]:
                continue
            if game_seed is not None:
                if type(game_seed) is not int or game_seed.bit_length() > _SEED_BITS:
                    raise ValueError(f"a seed is an int of at most {_SEED_BITS} bits, not {game_seed!r}")
                self._batch.seed(i, game_seed)
            self._batch.reset(i)
        self._ended = self._ended & ~chosen
        self._margins[chosen] = 0
        self._dealt = True
        return self._observed(), self._infos(*self._scores(), None, None)

    def step(self, actions: npt.ArrayLike) -> tuple[Any, npt.NDArray[np.float64], Flags, Flags, dict[str, Any]]:
        """Take one action in each game; a game whose episode ended on the last step is dealt again instead."""
        if not self._dealt:
            raise RuntimeError("call reset() first")
        taken = np.asarray(actions)
        if taken.shape != (self.num_envs,) or not np.issubdtype(taken.dtype, np.integer):
            raise TypeError(f"actions must be {self.num_envs} ints, not {actions!r}")
        taken = np.ascontiguousarray(taken, dtype=np.int64)
        if self.illegal_action == "raise":
            refused = self._batch.first_refusal(taken)
            if refused is not None:
                raise InvalidActionError(f"action {taken[refused]} is not legal now in game {refused}")
        dealt = self._ended
        self._batch.step(taken)
        terminated, truncated = self._terminated.astype(np.bool_), self._truncated.astype(np.bool_)
        self._ended = ended = terminated | truncated
        # Most steps end no game: what only an end needs is done only then.
        anything = bool(ended.any())
        illegal = self._illegal.astype(np.bool_) if anything else None
        if anything:
            terminal_mask(self._masks, ended, self.layout)
        scores, margin = self._scores()
        rewards = self._rewards.copy()
        if self.reward == "margin":
            paid = np.where(ended, margin, 0).astype(np.float64)
            rewards = paid if illegal is None else np.where(illegal, rewards, paid)
        elif self.reward == "points":
            change = np.where(dealt, 0, margin - self._margins)
            rewards = change.astype(np.float64) if illegal is None else np.where(illegal, rewards, change)
            self._margins = np.where(dealt, 0, margin)
        outcomes = None
        if illegal is not None:
            finished = terminated & ~illegal
            if finished.any():
                outcomes = np.full(self.num_envs, None, dtype=object)
                for i in np.flatnonzero(finished):
                    outcomes[i] = outcome(float(self._rewards[i]), self.players)
            if not illegal.any():
                illegal = None
        return self._observed(), rewards, terminated, truncated, self._infos(scores, margin, outcomes, illegal)

    def _scores(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Each game's scores in seat order, and its margin."""
        own_first = np.rint(self._observations[:, self._score_columns] * SCORE_SCALE).astype(np.int64)
        in_seat_order = own_first if self._seat_order is None else own_first[:, self._seat_order]
        return in_seat_order, margins(own_first)

    def _observed(self) -> Any:
        if self.copy:
            vectors, masks = self._observations.copy(), self._masks.copy()
        else:
            vectors, masks = self._views
        return shape_observation(self.observation, vectors, masks, self.observed)

    def _infos(
        self,
        scores: npt.NDArray[np.int64],
        margin: npt.NDArray[np.int64],
        outcomes: npt.NDArray[np.object_] | None,
        illegal: npt.NDArray[np.bool_] | None,
    ) -> dict[str, Any]:
        # As SyncVectorEnv gathers the Solo environment's infos: each key with a mask of the games that have it.
        every = self._every
        infos: dict[str, Any] = {
            "action_mask": self._masks.copy() if self.copy else self._views[1],
            "_action_mask": every,
            "scores": scores,
            "_scores": every,
            "margin": margin,
            "_margin": every,
        }
        if outcomes is not None:
            infos["outcome"] = outcomes
            infos["_outcome"] = outcomes != None  # noqa: E711
        if illegal is not None:
            infos["illegal_action"] = illegal
            infos["_illegal_action"] = illegal.copy()
        return infos
