"""A Gymnasium environment of the tile game: one seat against built-in bots.

Install with ``pip install 'qwirkle[gymnasium]'``. The agent plays seat
``seat``; the other seats are built-in bots (:data:`qwirkle.bots.BOTS`, the
greedy bot by default), which move on their own between the agent's steps.
Each step is one action of :mod:`qwirkle.adapters.actions`. An observation is
``{"observation": vector, "action_mask": mask}`` (see
:mod:`qwirkle.adapters.observation`); ``info["action_mask"]`` holds the mask
too. The reward comes at the end: the agent's
:func:`~qwirkle.adapters.returns.payoffs` (1 and -1 in a game of two). An
illegal action ends the episode with reward ``illegal_reward`` and
``info["illegal_action"]`` set, unless ``illegal_action="raise"``. A game
that reaches ``max_turns`` turns is truncated.

>>> env = QwirkleSoloEnv(opponents=["greedy"])
>>> observation, info = env.reset(seed=7)
>>> done = False
>>> while not done:
...     action = int(observation["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 0.0, 1.0)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, SupportsFloat

from qwirkle._extras import missing_extra_error

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
except ImportError as error:
    raise missing_extra_error(__name__, "Gymnasium and NumPy", "gymnasium", error) from None

from qwirkle.adapters.actions import ActionLayout, ActionTurn, InvalidActionError
from qwirkle.adapters.observation import ObservationLayout, action_mask, observe
from qwirkle.adapters.returns import payoffs
from qwirkle.bots import BaseBot, make_bot
from qwirkle.errors import InvalidOptionsError
from qwirkle.game import apply, new_game
from qwirkle.interface.views import view
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState, check_player_count

__all__ = ["ENV_ID", "MAX_TURNS", "QwirkleSoloEnv"]

ENV_ID: Final = "qwirkle/Solo-v0"
"""The id the environment is registered under: ``gymnasium.make("qwirkle/Solo-v0", opponents=["greedy"])``."""

MAX_TURNS: Final = 1000
"""The turns after which a game is truncated: with no limit on exchanges (Rule END-5) a game need not end."""

Observation = dict[str, npt.NDArray[Any]]


class QwirkleSoloEnv(gymnasium.Env[dict[str, Any], Any]):
    """Seat ``seat`` of a game against ``opponents`` (names of built-in bots, one per other seat).

    >>> env = QwirkleSoloEnv(opponents=["greedy", "random"], seat=1)
    >>> observation, info = env.reset(seed=3)
    >>> int(info["action_mask"].sum()) > 0, env.game.current
    (True, 1)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        opponents: Sequence[str] = ("greedy",),
        *,
        seat: int = 0,
        rules: RuleSet | None = None,
        illegal_action: str = "lose",
        illegal_reward: float = -1.0,
        max_turns: int = MAX_TURNS,
        render_mode: str | None = None,
    ) -> None:
        self.rules = RuleSet() if rules is None else rules
        if not isinstance(self.rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, not {rules!r}")
        if isinstance(opponents, str) or not all(isinstance(name, str) for name in opponents):
            raise TypeError(f"opponents must be a sequence of bot names, not {opponents!r}")
        self.opponents = tuple(opponents)
        for name in self.opponents:
            make_bot(name, seed=0)
        players = len(self.opponents) + 1
        check_player_count(self.rules, players)
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidOptionsError(f"seat must be a seat of the game (0 to {players - 1}), not {seat!r}")
        if illegal_action not in ("lose", "raise"):
            raise InvalidOptionsError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        if render_mode not in (None, "ansi"):
            raise InvalidOptionsError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if type(max_turns) is not int or max_turns < 1:
            raise InvalidOptionsError(f"max_turns must be a positive int, not {max_turns!r}")
        self.seat = seat
        self.players = players
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.layout = ActionLayout(hand_size=self.rules.hand_size)
        observed = ObservationLayout.of(self.rules)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=0.0, high=observed.high, shape=(observed.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(self.layout.size,), dtype=np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(self.layout.size)
        self._seeds = random.Random()
        self._state: GameState | None = None
        self._turn: ActionTurn | None = None
        self._bots: list[BaseBot | None] = []

    @property
    def game(self) -> GameState:
        """The game state at the start of the turn in progress."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game (from ``seed``, or the next one of the last seeded reset); the bots play up to the agent."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        names = [f"player_{seat}" for seat in range(self.players)]
        state = new_game(names, seed=self._seeds.getrandbits(63), rules=self.rules)
        others = iter(self.opponents)
        self._bots = [
            None if seat == self.seat else make_bot(next(others), seed=self._seeds.getrandbits(32))
            for seat in range(self.players)
        ]
        self._state = self._bots_play(state)
        self._turn = None if self._over() else ActionTurn.start(self._state)
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take ``action`` for the agent, then let the bots move until the agent's turn or the end."""
        if self._turn is None:
            raise RuntimeError("the episode is over: call reset()")
        try:
            step = self._turn.after(action)
        except InvalidActionError:
            if self.illegal_action == "raise":
                raise
            self._turn = None
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        if isinstance(step, ActionTurn):
            self._turn = step
            return self._observation(), 0.0, False, False, self._info()
        state = self._bots_play(apply(self.game, step))
        self._state = state
        self._turn = None if self._over() else ActionTurn.start(state)
        reward = 0.0
        if state.outcome is not None:
            reward = payoffs(state.outcome.winners, self.players)[self.seat]
        truncated = state.outcome is None and state.turn_number >= self.max_turns
        return self._observation(), reward, state.outcome is not None, truncated, self._info()

    def _over(self) -> bool:
        state = self.game
        return state.outcome is not None or state.turn_number >= self.max_turns

    def _bots_play(self, state: GameState) -> GameState:
        while state.outcome is None and state.current != self.seat and state.turn_number < self.max_turns:
            bot = self._bots[state.current]
            assert bot is not None
            state = apply(state, bot.choose(view(state, state.current)))
        return state

    def _observation(self) -> Observation:
        return {
            "observation": observe(view(self.game, self.seat), self._turn),
            "action_mask": action_mask(self._turn, self.layout),
        }

    def _info(self) -> dict[str, Any]:
        return {"action_mask": action_mask(self._turn, self.layout)}

    def render(self) -> str | None:
        """The table, the scores and the tiles placed so far this turn, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        text = str(self.game)
        if self._turn is not None and self._turn.placed:
            text += f"\nplaced this turn: {self._turn.move()}"
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="qwirkle.adapters.gymnasium:QwirkleSoloEnv",
        vector_entry_point="qwirkle.adapters.vector:make_solo_vector_env",
    )
