"""A Gymnasium environment of the tile game: one seat against bots or policies.

Install with ``pip install 'qwirkle[gymnasium]'``. The agent plays seat
``seat``; the other seats are opponents (built-in bots by name, the greedy
bot by default; bot objects; or policies, for self-play), which move on
their own between the agent's steps. Each step is one action of
:mod:`qwirkle.adapters.actions`. By default an observation is
``{"observation": vector, "action_mask": mask}`` (see
:mod:`qwirkle.adapters.observation`); ``observation="vector"`` gives the
vector alone and ``observation="structured"`` its parts by name, the planes
shaped as an image. The mask is also in ``info["action_mask"]`` and from
:meth:`QwirkleSoloEnv.action_masks`; once the episode is over it offers one
action, the pass, which changes nothing. ``info`` also holds the scores, the
agent's margin and, at the end of a game, its outcome. The reward is
``"win"`` (the agent's :func:`~qwirkle.adapters.returns.payoffs` at the end:
1 and -1 in a game of two), ``"margin"`` (the agent's score less the best
other score, at the end) or ``"points"`` (each step's change of that margin,
which add up to it). An illegal action ends the episode with reward
``illegal_reward`` and ``info["illegal_action"]`` set, unless
``illegal_action="raise"``. A game that reaches ``max_turns`` turns is
truncated.

>>> env = QwirkleSoloEnv(opponents=["greedy"])
>>> observation, info = env.reset(seed=7)
>>> done = False
>>> while not done:
...     action = int(observation["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 0.0, 1.0), info["outcome"] in ("win", "loss", "tie")
(True, True)
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

from qwirkle.adapters._opponents import Opponent, Player, check_opponents, play_turn, seat_players
from qwirkle.adapters._shared import (
    OBSERVATIONS,
    REWARDS,
    check_choice,
    check_max_turns,
    margins,
    observation_space,
    outcome,
    shape_observation,
    terminal_mask,
)
from qwirkle.adapters.actions import ActionLayout, ActionTurn, InvalidActionError
from qwirkle.adapters.observation import ObservationLayout, action_mask, observe
from qwirkle.adapters.returns import payoffs
from qwirkle.errors import InvalidOptionsError
from qwirkle.game import apply, new_game
from qwirkle.interface.views import view
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState, check_player_count

__all__ = ["ENV_ID", "MAX_TURNS", "QwirkleSoloEnv"]

ENV_ID: Final = "qwirkle/Solo-v1"
"""The id the environment is registered under: ``gymnasium.make("qwirkle/Solo-v1", opponents=["greedy"])``."""

MAX_TURNS: Final = 1000
"""The turns after which a game is truncated: with no limit on exchanges (Rule END-5) a game need not end."""


class QwirkleSoloEnv(gymnasium.Env[Any, Any]):
    """Seat ``seat`` of a game against ``opponents``, one per other seat.

    An opponent is a built-in bot's name (made afresh, seeded from the
    environment, for every game), a bot (any object with ``choose``, as
    :class:`qwirkle.bots.Bot`; kept from game to game), or a policy: a
    callable that gets the observation of its seat, in this environment's
    form, and that seat's action mask, and returns an action.

    >>> env = QwirkleSoloEnv(opponents=["greedy", "random"], seat=1)
    >>> observation, info = env.reset(seed=3)
    >>> int(env.action_masks().sum()) > 0, env.game.current, info["scores"].tolist()
    (True, 1, [3, 0, 0])
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        opponents: Sequence[Opponent] = ("greedy",),
        *,
        seat: int = 0,
        rules: RuleSet | None = None,
        reward: str = "win",
        observation: str = "masked",
        illegal_action: str = "lose",
        illegal_reward: float = -1.0,
        max_turns: int = MAX_TURNS,
        render_mode: str | None = None,
    ) -> None:
        self.rules = RuleSet() if rules is None else rules
        if not isinstance(self.rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, not {rules!r}")
        self.opponents = check_opponents(opponents)
        players = len(self.opponents) + 1
        check_player_count(self.rules, players)
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidOptionsError(f"seat must be a seat of the game (0 to {players - 1}), not {seat!r}")
        check_choice("reward", reward, REWARDS)
        check_choice("observation", observation, OBSERVATIONS)
        check_choice("illegal_action", illegal_action, ("lose", "raise"))
        check_choice("render_mode", render_mode, (None, "ansi"))
        check_max_turns(max_turns)
        self.seat = seat
        self.players = players
        self.reward = reward
        self.observation = observation
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.layout = ActionLayout(hand_size=self.rules.hand_size)
        self.observed = ObservationLayout.of(self.rules)
        self.observation_space = observation_space(observation, self.observed, self.layout)
        self.action_space = gymnasium.spaces.Discrete(self.layout.size)
        self._seeds = random.Random()
        self._state: GameState | None = None
        self._turn: ActionTurn | None = None
        self._players: list[Player | None] = []
        self._mask = np.zeros(self.layout.size, dtype=np.int8)
        self._margin = 0

    @property
    def game(self) -> GameState:
        """The game state at the start of the turn in progress."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which actions are legal now, as sb3-contrib's ``MaskablePPO`` asks (after the end: the pass alone)."""
        return self._mask.astype(np.bool_)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a new game (from ``seed``, or the next of the last seeded reset); the opponents play up to the agent."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        names = [f"player_{seat}" for seat in range(self.players)]
        state = new_game(names, seed=self._seeds.getrandbits(63), rules=self.rules)
        self._players = seat_players(self.opponents, self.seat, self._seeds)
        self._margin = 0
        self._state = self._opponents_play(state)
        self._turn = None if self._over() else ActionTurn.start(self._state)
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take ``action`` for the agent, then let the opponents move until the agent's turn or the end."""
        if self._state is None:
            raise RuntimeError("call reset() before step()")
        if self._turn is None:
            raise RuntimeError("the episode is over: call reset()")
        try:
            step = self._turn.after(action)
        except InvalidActionError:
            if self.illegal_action == "raise":
                raise
            self._turn = None
            observation, info = self._observation(), self._info()
            info["illegal_action"] = True
            return observation, self.illegal_reward, True, False, info
        if isinstance(step, ActionTurn):
            self._turn = step
            observation, info = self._observation(), self._info()
            return observation, self._reward(0.0, info, ended=False), False, False, info
        state = self._opponents_play(apply(self.game, step))
        self._state = state
        self._turn = None if self._over() else ActionTurn.start(state)
        terminated = state.outcome is not None
        truncated = not terminated and state.turn_number >= self.max_turns
        observation, info = self._observation(), self._info()
        payoff = 0.0
        if state.outcome is not None:
            payoff = payoffs(state.outcome.winners, self.players)[self.seat]
            info["outcome"] = outcome(payoff, self.players)
        return observation, self._reward(payoff, info, ended=terminated or truncated), terminated, truncated, info

    def _reward(self, payoff: float, info: dict[str, Any], *, ended: bool) -> float:
        """The reward asked for: the payoff, the margin at the end, or the margin's change since the last step."""
        if self.reward == "margin":
            return float(info["margin"]) if ended else 0.0
        if self.reward == "points":
            change, self._margin = info["margin"] - self._margin, info["margin"]
            return float(change)
        return payoff

    def _over(self) -> bool:
        state = self.game
        return state.outcome is not None or state.turn_number >= self.max_turns

    def _opponents_play(self, state: GameState) -> GameState:
        while state.outcome is None and state.current != self.seat and state.turn_number < self.max_turns:
            player = self._players[state.current]
            assert player is not None
            state = play_turn(state, player, self._observe_for)
        return state

    def _observe_for(self, state: GameState, turn: ActionTurn) -> Any:
        vector = observe(view(state, state.current), turn)
        return shape_observation(self.observation, vector, action_mask(turn, self.layout), self.observed)

    def _observation(self) -> Any:
        self._mask = action_mask(self._turn, self.layout)
        terminal_mask(self._mask, self._turn is None, self.layout)
        vector = observe(view(self.game, self.seat), self._turn)
        return shape_observation(self.observation, vector, self._mask, self.observed)

    def _info(self) -> dict[str, Any]:
        scores = self.game.scores
        own_first = np.asarray([scores[(self.seat + k) % self.players] for k in range(self.players)], dtype=np.int64)
        return {
            "action_mask": self._mask.copy(),
            "scores": np.asarray(scores, dtype=np.int64),
            "margin": int(margins(own_first)),
        }

    def render(self) -> str | None:
        """The table, the scores and the tiles placed so far this turn, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        text = str(self.game)
        if self._turn is not None and self._turn.placed:
            text += f"\nplaced this turn: {self._turn.move()}"
        if self._turn is not None and self._turn.marked:
            text += f"\nput into the exchange: {', '.join(map(str, self._turn.exchanging()))}"
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="qwirkle.adapters.gymnasium:QwirkleSoloEnv",
        vector_entry_point="qwirkle.adapters.vector:make_solo_vector_env",
    )
