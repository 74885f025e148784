"""The tile game for OpenSpiel: ``pyspiel.load_game("python_qwirkle")``, chance nodes for the deal and every draw.

Install with ``pip install 'qwirkle[openspiel]'``; importing this module
registers the game. Parameters: ``players`` (2 to 4, default 2) and
``max_turns`` (default 600: with no limit on exchanges, Rule END-5, a game
need not end; one that reaches it ends with every return 0).

Decisions are the actions of :mod:`qwirkle.adapters.actions` (a tile on the
table or into the exchange, the end of a placement or an exchange, the pass). Chance outcomes are tile indices: the
deal draws ``hand_size`` tiles per seat in seat order (Rule SETUP-2), and after
each move one chance node per tile it draws, each tile weighted by its copies
in the bag (:func:`~qwirkle.draw_pool`). Returns are
:func:`~qwirkle.adapters.returns.payoffs` (1 and -1 in a game of two).
The observation tensor is the vector of :mod:`qwirkle.adapters.observation`
and the observation string holds the same facts. The information state string
has perfect recall: it adds everything the player has seen happen, in order
(its own deal and draws, how many tiles the others were dealt and drew, every
tile put on the table, each tile the others put into an exchange, not which). No
information state tensor is declared: the history has no fixed bound a tensor
could hold short of the turn limit, and the observation alone would not have
perfect recall.
:meth:`QwirkleState.resample_from_infostate` deals what the player cannot see
again (:func:`~qwirkle.sample_state`), for ISMCTS.
OpenSpiel's ``MCTSBot`` runs on the game but searches the true state, the
other hands and the order of the draws included: it plays as a player who
sees every hand, not as a player may. ISMCTS, which deals the unseen tiles
again at each simulation, searches only what the player knows. The built-in
bots play as OpenSpiel bots through :mod:`qwirkle.adapters.openspiel_bots`.

>>> import pyspiel
>>> game = pyspiel.load_game("python_qwirkle", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 36)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player() in (0, 1), game.num_distinct_actions()
(True, 7784)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from qwirkle._extras import missing_extra_error

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError as error:
    raise missing_extra_error(__name__, "OpenSpiel and NumPy", "openspiel", error) from None

from qwirkle.adapters._spiel_parts import dealing, dealt_event, seen_event
from qwirkle.adapters.actions import ActionLayout, ActionTurn, decode
from qwirkle.adapters.observation import ObservationLayout, observe
from qwirkle.adapters.returns import payoffs
from qwirkle.board import Board
from qwirkle.bots.play import Bot
from qwirkle.bots.sampling import sample_state
from qwirkle.draws import draw_count, draw_pool
from qwirkle.errors import InvalidOptionsError, InvalidStateError
from qwirkle.formats.notation import format_move, format_tile
from qwirkle.game import apply, choose_starter, position
from qwirkle.interface.views import PlayerView, view
from qwirkle.moves import Move
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["GAME_TYPE", "MAX_TURNS", "QwirkleGame", "QwirkleObserver", "QwirkleState", "bot_actions"]

MAX_TURNS: Final = 600
"""The default turn limit."""

_RULES: Final = RuleSet()
_NAMES: Final = ("player_0", "player_1", "player_2", "player_3")

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_qwirkle",
    long_name="Python Qwirkle",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_RULES.max_players,
    min_num_players=_RULES.min_players,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "max_turns": MAX_TURNS},
)
"""The game's type, as registered."""


class QwirkleGame(pyspiel.Game):
    """The tile game under the standard rules, for ``players`` players."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        max_turns = int(params.get("max_turns", MAX_TURNS))
        if not _RULES.min_players <= players <= _RULES.max_players or max_turns < 1:
            raise InvalidOptionsError(f"python_qwirkle takes 2 to 4 players and a positive max_turns, not {params}")
        self.rules = _RULES
        self.players = players
        self.max_turns = max_turns
        self.layout = ActionLayout(hand_size=_RULES.hand_size)
        self.observed = ObservationLayout.of(_RULES)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.size,
            max_chance_outcomes=len(ALL_TILES),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_turns * (_RULES.hand_size + 1),
        )
        super().__init__(GAME_TYPE, info, {"players": players, "max_turns": max_turns})

    def new_initial_state(self) -> QwirkleState:
        """The state before the deal."""
        return QwirkleState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> QwirkleObserver:
        """An observer: the observation tensor and string, or with perfect recall the information state string."""
        return QwirkleObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Settings:
    """The parameters of a game, as a state needs them."""

    __slots__ = ("layout", "max_turns", "players", "rules")

    def __init__(self, players: int, max_turns: int) -> None:
        self.players = players
        self.max_turns = max_turns
        self.rules = _RULES
        self.layout = ActionLayout(hand_size=_RULES.hand_size)

    def __deepcopy__(self, memo: dict[int, object]) -> _Settings:
        return self


class QwirkleState(pyspiel.State):
    """A state of ``python_qwirkle``: the deal, a turn being built, or the draws after a move."""

    def __init__(self, game: QwirkleGame) -> None:
        super().__init__(game)
        # What the state needs of its game is kept here: the game object seen from a state made by OpenSpiel itself
        # (when it loads a serialised state) may be a bare wrapper without the attributes set in Python.
        params = game.get_parameters()
        self.qgame = _Settings(int(params["players"]), int(params["max_turns"]))
        self.dealt: tuple[int, ...] = ()
        """The tile indices dealt so far, while dealing."""
        self.game_state: GameState | None = None
        """The game, once dealt, at the start of the turn in progress."""
        self.turn: ActionTurn | None = None
        """The turn in progress (the last one built, while its move's draws are made)."""
        self.pending: Move | None = None
        """A move waiting for its draws."""
        self.drawn: tuple[Tile, ...] = ()
        """The tiles drawn so far for ``pending``."""
        self.over = False
        self.seen: tuple[tuple[int, str, str], ...] = ()
        """What happened so far, in order: the seat it concerns, what that seat saw and what the others saw."""

    def current_player(self) -> int:
        """The seat to move, or CHANCE while dealing or drawing, or TERMINAL."""
        if self.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game_state is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.game_state.current

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.turn is None else self.turn.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each tile the next draw can bring, weighted by its copies (Rules SETUP-2, TURN-2, EXCHANGE-1)."""
        if self.game_state is None:
            counts = [self.qgame.rules.copies_per_tile] * len(ALL_TILES)
            for tile in self.dealt:
                counts[tile] -= 1
            pool = {ALL_TILES[i]: n for i, n in enumerate(counts) if n}
        else:
            assert self.pending is not None
            pool = draw_pool(self.game_state, self.pending, self.drawn)
        total = sum(pool.values())
        return [(tile.index, n / total) for tile, n in pool.items()]

    def _apply_action(self, action: int) -> None:
        self.seen = (*self.seen, self._event(action))
        if self.game_state is None:
            self._deal(action)
        elif self.pending is not None:
            self.drawn = (*self.drawn, ALL_TILES[action])
            if len(self.drawn) == draw_count(self.game_state, self.pending):
                self._finish()
        else:
            assert self.turn is not None
            step = self.turn.after(action)
            if isinstance(step, ActionTurn):
                self.turn = step
                return
            self.pending = step
            self.drawn = ()
            if not draw_count(self.game_state, step):
                self._finish()

    def _event(self, action: int) -> tuple[int, str, str]:
        """What ``action`` shows: the seat it concerns, what that seat sees, and what the others see."""
        if self.game_state is None:
            return dealt_event(self.dealt, action, self.qgame.rules.hand_size)
        return seen_event(self.game_state, self.turn if self.pending is None else None, action, self.qgame.layout)

    def _deal(self, tile: int) -> None:
        self.dealt = (*self.dealt, tile)
        size = self.qgame.rules.hand_size
        players = self.qgame.players
        if len(self.dealt) < size * players:
            return
        hands = [tuple(ALL_TILES[t] for t in self.dealt[seat * size : (seat + 1) * size]) for seat in range(players)]
        counts = [self.qgame.rules.copies_per_tile] * len(ALL_TILES)
        for t in self.dealt:
            counts[t] -= 1
        bag = [tile for tile, n in zip(ALL_TILES, counts, strict=True) for _ in range(n)]
        starter = choose_starter(hands, self.qgame.rules.start_tiebreak)
        state = position(list(_NAMES[:players]), Board(), hands, bag=bag, current=starter, rules=self.qgame.rules)
        self.game_state = state
        self.dealt = ()
        self.turn = ActionTurn.start(state)

    def _finish(self) -> None:
        assert self.game_state is not None
        assert self.pending is not None
        state = apply(self.game_state, self.pending, draws=self.drawn)
        self.game_state = state
        self.pending = None
        self.drawn = ()
        if state.outcome is not None or state.turn_number >= self.qgame.max_turns:
            self.over = True
            self.turn = None
        else:
            self.turn = ActionTurn.start(state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {format_tile(ALL_TILES[action])}"
        origin = self.turn.origin if self.turn is not None else (0, 0)
        return str(decode(action, origin, self.qgame.layout))

    def is_terminal(self) -> bool:
        """Whether the game is over (or reached ``max_turns``)."""
        return self.over

    def returns(self) -> list[float]:
        """Each seat's payoff once the game is over (0 before, and for a game cut at ``max_turns``)."""
        state = self.game_state
        if not self.over or state is None or state.outcome is None:
            return [0.0] * self.qgame.players
        return list(payoffs(state.outcome.winners, self.qgame.players))

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> QwirkleState:
        """A state that ``player_id`` cannot tell from this one: what they cannot see dealt again.

        Only at the decisions of ``player_id`` (where ISMCTS asks), with
        ``probability_sampler`` seeding the deal of the unseen tiles.
        """
        if self.game_state is None or self.pending is not None or self.over or self.current_player() != player_id:
            raise InvalidStateError("python_qwirkle resamples only at a decision of the player who asks")
        rng = random.Random(int(probability_sampler() * 2**53))
        guess = sample_state(view(self.game_state, player_id), rng)
        clone = QwirkleState(self.get_game())
        # The others' own sight of the past belongs to the true deal: the guess keeps only what the player saw of it.
        clone.seen = tuple((seat, mine if seat == player_id else public, public) for seat, mine, public in self.seen)
        clone.game_state = guess
        turn = ActionTurn.start(guess)
        assert self.turn is not None
        for action in self.turn.actions():
            step = turn.after(action)
            assert isinstance(step, ActionTurn)
            turn = step
        clone.turn = turn
        return clone

    def __str__(self) -> str:
        if self.game_state is None:
            return f"dealing: {' '.join(format_tile(ALL_TILES[t]) for t in self.dealt)}"
        text = str(self.game_state)
        if self.turn is not None and self.turn.placed:
            text += f"\nplaced this turn: {format_move(self.turn.move())}"
        if self.turn is not None and self.turn.marked:
            text += f"\nput into the exchange: {' '.join(map(format_tile, self.turn.exchanging()))}"
        if self.pending is not None:
            text += f"\ndrawing for {format_move(self.pending)}: {' '.join(format_tile(t) for t in self.drawn)}"
        return text


class QwirkleObserver:
    """Tensors and strings of a :class:`QwirkleState` for one player, built from what that player may see."""

    def __init__(
        self, game: QwirkleGame, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise InvalidOptionsError(f"python_qwirkle observers take no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        layout = ObservationLayout.of(_RULES)
        # A perfect-recall observer gives strings only (the game declares no information state tensor).
        size = 0 if self.perfect_recall else layout.size
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, dtype=np.float32)
        self.dict = {} if self.perfect_recall else layout.split(self.tensor)

    def _seen(self, state: QwirkleState, player: int) -> PlayerView | None:
        return None if state.game_state is None else view(state.game_state, player)

    def set_from(self, state: QwirkleState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` observes of ``state`` (nothing for a perfect-recall observer)."""
        if self.perfect_recall:
            return
        seen = self._seen(state, player)
        if seen is None:
            self.tensor[:] = dealing(state.dealt, player, _RULES)
        else:
            self.tensor[:] = observe(seen, state.turn)

    def string_from(self, state: QwirkleState, player: int) -> str:
        """What ``player`` observes of ``state``, as text (with the moves so far, for the information state)."""
        text = self._now(state, player)
        if not self.perfect_recall:
            return text
        return f"{text} | seen " + "; ".join(mine if seat == player else public for seat, mine, public in state.seen)

    def _now(self, state: QwirkleState, player: int) -> str:
        seen = self._seen(state, player)
        if seen is None:
            size = _RULES.hand_size
            mine = state.dealt[player * size : (player + 1) * size]
            return f"p{player} dealt {' '.join(format_tile(ALL_TILES[t]) for t in mine)}"
        parts = [
            f"p{player}",
            f"hand {' '.join(format_tile(t) for t in seen.hand)}",
            f"table {' '.join(f'{x},{y}:{format_tile(t)}' for (x, y), t in seen.board.items())}",
            f"scores {' '.join(map(str, seen.scores))}",
            f"bag {seen.bag_size}",
            f"to move {seen.current}",
        ]
        if state.turn is not None and state.turn.placed:
            parts.append(f"placed {format_move(state.turn.move())}")
        if state.turn is not None and state.turn.marked:
            # Which tiles go into the exchange is the mover's to know; the others see how many.
            marked = state.turn.marked
            mover = seen.current == player
            parts.append(f"exchanging {' '.join(format_tile(seen.hand[s]) for s in marked) if mover else len(marked)}")
        if state.pending is not None and seen.current == player:
            parts.append(f"drawing for {format_move(state.pending)}: {' '.join(format_tile(t) for t in state.drawn)}")
        return " | ".join(parts)


def bot_actions(state: QwirkleState, bot: Bot) -> list[int]:
    """The actions that play the move ``bot`` chooses for the player to move in ``state``, at the start of a turn.

    A built-in bot (:mod:`qwirkle.bots`) sees the player's view, as in any game.

    >>> import pyspiel
    >>> from qwirkle.bots import GreedyBot
    >>> state = pyspiel.load_game("python_qwirkle").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[-1][0])
    >>> for action in bot_actions(state, GreedyBot(seed=1)):
    ...     state.apply_action(action)
    >>> state.is_chance_node()
    True
    """
    if state.game_state is None or state.turn is None or state.pending is not None:
        raise InvalidStateError("bots move at a decision of the player to move")
    game = state.game_state
    return state.turn.actions_for(bot.choose(view(game, game.current)))


pyspiel.register_game(GAME_TYPE, QwirkleGame)
