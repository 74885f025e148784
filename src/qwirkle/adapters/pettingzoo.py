"""A PettingZoo AEC environment of the tile game: every seat an agent, action masks in the observation.

Install with ``pip install 'qwirkle[pettingzoo]'``. As PettingZoo's classic
games do, :func:`env` gives the environment in PettingZoo's standard wrappers
(an illegal action ends the game with -1 for its agent and 0 for the others,
an action out of range fails an assertion, and the order of calls is
enforced) and :data:`raw_env` the bare :class:`QwirkleEnv` (where an illegal
action raises :class:`~qwirkle.errors.InvalidActionError`). Like those
games, a turn-based game, it offers no ``parallel_env``: PettingZoo's
``turn_based_aec_to_parallel`` makes one, with one agent acting a step.
:meth:`QwirkleEnv.state` is the whole game, hands included, for centralised
critics. Agents are named
``player_0`` to ``player_{n-1}`` by seat. Each step is one action of
:mod:`qwirkle.adapters.actions` (a tile on the table or into the exchange,
the end of a placement or an exchange, the pass), so a turn takes one or
more steps of the same agent.
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
    from pettingzoo.utils import wrappers
except ImportError as error:
    raise missing_extra_error(__name__, "PettingZoo, Gymnasium and NumPy", "pettingzoo", error) from None

from qwirkle.adapters._shared import check_choice, check_max_turns, observation_space
from qwirkle.adapters.actions import ActionLayout, ActionTurn, InvalidActionError
from qwirkle.adapters.observation import ObservationLayout, action_mask, observe
from qwirkle.adapters.returns import payoffs
from qwirkle.game import apply, new_game
from qwirkle.interface.views import PlayerView, view
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState, check_player_count

__all__ = ["MAX_TURNS", "QwirkleEnv", "env", "raw_env"]

MAX_TURNS: Final = 1000
"""The turns after which a game is truncated: with no limit on exchanges (Rule END-5) a game need not end."""

Observation = dict[str, npt.NDArray[Any]]


class QwirkleEnv(AECEnv):
    """The tile game for ``players`` agents under ``rules``, as a PettingZoo AEC environment.

    >>> env = QwirkleEnv(players=3)
    >>> env.reset(seed=1)
    >>> env.agent_selection in env.agents, int(env.action_space("player_0").n)
    (True, 7784)
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "qwirkle_v1",
        "render_modes": ["human", "ansi"],
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
        check_choice("render_mode", render_mode, (None, "human", "ansi"))
        check_max_turns(max_turns)
        self.render_mode = render_mode
        self.max_turns = max_turns
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self.layout = ActionLayout(hand_size=self.rules.hand_size)
        self.observed = ObservationLayout.of(self.rules)
        observation = observation_space("masked", self.observed, self.layout)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        others = (self.observed.seats - 1) * self.observed.parts["hand"][0] * self.observed.parts["hand"][1]
        self.state_space = gymnasium.spaces.Box(
            low=0.0, high=np.concatenate([self.observed.high, np.ones(others, dtype=np.float32)]), dtype=np.float32
        )
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
        if self.state_ is None:
            raise RuntimeError("call reset() before step()")
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

    def state(self) -> npt.NDArray[np.float32]:
        """The whole game, for a centralised critic: the observation of the agent to move, then the other hands.

        The other hands follow in turn order from the agent to move, one-hot
        slot by slot as the observation's hand, blank for seats the game does
        not have; with the observation's unseen counts they also give the bag.

        >>> env = QwirkleEnv(players=2)
        >>> env.reset(seed=1)
        >>> env.state().shape == env.state_space.shape, int(env.state().sum() > 0)
        (True, 1)
        """
        state = self.game
        vector = observe(view(state, state.current), self.turn)
        size, kinds = self.observed.parts["hand"]
        hands = np.zeros((self.observed.seats - 1, size, kinds), dtype=np.float32)
        seats = len(state.players)
        for place in range(1, seats):
            for slot, tile in enumerate(state.hands[(state.current + place) % seats]):
                hands[place - 1, slot, tile.index] = 1
        return np.concatenate([vector, hands.ravel()])

    def render(self) -> str | None:
        """The table, the scores and the tiles placed this turn: printed (``"human"``) or returned (``"ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.game)
        if self.turn is not None and self.turn.placed:
            text += f"\nplaced this turn: {self.turn.move()}"
        if self.turn is not None and self.turn.marked:
            text += f"\nput into the exchange: {', '.join(map(str, self.turn.exchanging()))}"
        if self.render_mode == "human":
            print(text)
            return None
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


raw_env = QwirkleEnv
"""The bare environment, as PettingZoo's classic games name it: ``raw_env(players=2)``."""


def env(**kwargs: Any) -> AECEnv:
    """A :class:`QwirkleEnv` in PettingZoo's standard wrappers, as PettingZoo's classic games give theirs.

    An illegal action ends the game: -1 for the agent that chose it, 0 for
    the others (PettingZoo's ``TerminateIllegalWrapper``); an action out of
    range fails an assertion; calls out of order (a step before ``reset``)
    raise as PettingZoo's ``OrderEnforcingWrapper`` says.

    >>> wrapped = env(players=2)
    >>> wrapped.reset(seed=1)
    >>> wrapped.possible_agents, type(wrapped.unwrapped).__name__
    (['player_0', 'player_1'], 'QwirkleEnv')
    """
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw_env(**kwargs), illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
