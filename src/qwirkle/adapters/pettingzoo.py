"""A PettingZoo AEC environment of the tile game: every seat an agent, action masks in the observation.

Install with ``pip install 'qwirkle[pettingzoo]'``. Agents are named
``player_0`` to ``player_{n-1}`` by seat. Each step is one action of
:mod:`qwirkle.adapters.actions` (a tile, the end of a placement, an
exchange, the pass), so a turn takes one or more steps of the same agent.
An observation is ``{"observation": vector, "action_mask": mask}`` (see
:mod:`qwirkle.adapters.observation`), the mask all zeros for an agent whose
turn it is not. Rewards come at the end of the game
(:func:`~qwirkle.adapters.returns.payoffs`: 1 and -1 in a game of two, 0 for
a tie); a game that reaches ``max_turns`` turns is truncated with no reward.

>>> env = QwirkleEnv(players=2)
>>> env.reset(seed=7)
>>> totals = dict.fromkeys(env.possible_agents, 0.0)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     totals[agent] += reward
...     action = None if termination or truncation else int(observation["action_mask"].nonzero()[0][0])
...     env.step(action)
>>> sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0]), env.agents
(True, [])
"""

from __future__ import annotations

import random
from typing import Any, Final

import attrs

from qwirkle._extras import missing_extra_error

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from pettingzoo import AECEnv
except ImportError as error:
    raise missing_extra_error(__name__, "PettingZoo, Gymnasium and NumPy", "pettingzoo", error) from None

from qwirkle.adapters.actions import ActionLayout, ActionTurn, InvalidActionError
from qwirkle.adapters.observation import ObservationLayout, action_mask, observe
from qwirkle.adapters.returns import payoffs
from qwirkle.errors import InvalidOptionsError
from qwirkle.game import apply, new_game
from qwirkle.interface.views import PlayerView, view
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState, check_player_count

__all__ = ["MAX_TURNS", "QwirkleEnv", "env"]

MAX_TURNS: Final = 1000
"""The turns after which a game is truncated: with no limit on exchanges (Rule END-5) a game need not end."""

Observation = dict[str, npt.NDArray[Any]]


class QwirkleEnv(AECEnv):
    """The tile game for ``players`` agents under ``rules``, as a PettingZoo AEC environment.

    >>> env = QwirkleEnv(players=3)
    >>> env.reset(seed=1)
    >>> env.agent_selection in env.agents, int(env.action_space("player_0").n)
    (True, 7841)
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "qwirkle_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 2,
        *,
        rules: RuleSet | None = None,
        max_turns: int = MAX_TURNS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = RuleSet() if rules is None else rules
        if not isinstance(self.rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, not {rules!r}")
        if type(players) is not int:
            raise TypeError(f"players must be an int, not {players!r}")
        check_player_count(self.rules, players)
        if render_mode not in (None, "ansi"):
            raise InvalidOptionsError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if type(max_turns) is not int or max_turns < 1:
            raise InvalidOptionsError(f"max_turns must be a positive int, not {max_turns!r}")
        self.render_mode = render_mode
        self.max_turns = max_turns
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self.layout = ActionLayout(hand_size=self.rules.hand_size)
        self.observed = ObservationLayout.of(self.rules)
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=0.0, high=self.observed.high, shape=(self.observed.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(self.layout.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self.layout.size) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state_: GameState | None = None
        self._views: dict[int, PlayerView] = {}
        self.turn: ActionTurn | None = None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: one number per action of :mod:`qwirkle.adapters.actions`."""
        return self.action_spaces[agent]

    @property
    def game(self) -> GameState:
        """The game state at the start of the turn in progress."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed``, or from the next seed of the last seeded reset."""
        if seed is not None:
            self._seeds = random.Random(seed)
        state = new_game([f"player_{seat}" for seat in range(len(self.possible_agents))],
                         seed=self._seeds.getrandbits(63), rules=self.rules)  # fmt: skip
        self.state_ = state
        self._views = {}
        self.turn = ActionTurn.start(state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.current]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now, and its action mask."""
        seat = self.possible_agents.index(agent)
        state = self.game
        acting = self.turn is not None and seat == state.current and state.outcome is None
        seen = self._views.get(seat)
        if seen is None or seen.turn_number != state.turn_number:
            seen = self._views[seat] = _next_view(seen, state, seat)
        return {
            "observation": observe(seen, self.turn),
            "action_mask": action_mask(self.turn if acting else None, self.layout),
        }

    def step(self, action: int | None) -> None:
        """Take ``action`` for the agent to move (``None`` once its game is over).

        An action that is not legal now raises
        :class:`~qwirkle.errors.InvalidActionError`.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or self.turn is None:
            raise InvalidActionError("the agent to move must act")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        step = self.turn.after(action)
        if isinstance(step, ActionTurn):
            self.turn = step
            self._accumulate_rewards()
            return
        state = apply(self.game, step)
        self.state_ = state
        if state.outcome is not None:
            paid = payoffs(state.outcome.winners, len(self.possible_agents))
            self.rewards = {self.possible_agents[seat]: paid[seat] for seat in range(len(paid))}
            self.terminations = dict.fromkeys(self.agents, True)
            self.turn = None
        elif state.turn_number >= self.max_turns:
            self.truncations = dict.fromkeys(self.agents, True)
            self.turn = None
        else:
            self.turn = ActionTurn.start(state)
        self.agent_selection = self.possible_agents[state.current]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table, the scores and the tiles placed so far this turn, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.game)
        if self.turn is not None and self.turn.placed:
            text += f"\nplaced this turn: {self.turn.move()}"
        return text

    def close(self) -> None:
        """Nothing to release."""


def _next_view(last: PlayerView | None, state: GameState, seat: int) -> PlayerView:
    """``view(state, seat)``, its history grown from ``last``, the seat's view of an earlier state of the same game.

    A view rebuilds the whole history; an environment asks for one every turn.
    """
    if last is None or last.turn_number > state.turn_number:
        return view(state, seat)
    latest = view(attrs.evolve(state, history=state.history[last.turn_number :]), seat)
    return attrs.evolve(latest, history=(*last.history, *latest.history))


def env(**kwargs: Any) -> QwirkleEnv:
    """A :class:`QwirkleEnv`, as PettingZoo's environment modules offer one.

    >>> env(players=2).possible_agents
    ['player_0', 'player_1']
    """
    return QwirkleEnv(**kwargs)
