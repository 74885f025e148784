"""The other seats of a solo environment: built-in bots by name, bot objects, or policies over observations.

A policy is any callable that takes the observation of its seat (in the
environment's form) and that seat's action mask, and returns an action: a
trained model playing itself, for one. It builds its turns action by action,
as the agent does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from qwirkle.adapters.actions import ActionTurn, InvalidActionError
from qwirkle.adapters.observation import action_mask
from qwirkle.bots import make_bot
from qwirkle.bots.play import Bot
from qwirkle.game import apply
from qwirkle.interface.views import view
from qwirkle.moves import Move
from qwirkle.state import GameState

__all__ = ["Opponent", "Player", "Policy", "check_opponents", "play_turn", "seat_players"]

Policy = Callable[[Any, npt.NDArray[np.int8]], Any]
"""A policy: ``policy(observation, action_mask)`` returns an action (an int, or anything ``int()`` takes)."""

Opponent = str | Bot | Policy
"""A built-in bot's name, a bot (an object with ``choose``), or a policy."""

Player = Bot | Policy


def check_opponents(opponents: Sequence[Opponent]) -> tuple[Opponent, ...]:
    """``opponents`` as a tuple, each checked: a name must be a built-in bot's.

    Raises :class:`TypeError` for anything that is neither a name, a bot nor a
    callable, and :class:`~qwirkle.bots.UnknownBotError` for an unknown name.
    """
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise TypeError(f"opponents must be a sequence of bot names, bots or policies, not {opponents!r}")
    for opponent in opponents:
        if isinstance(opponent, str):
            make_bot(opponent, seed=0)
        elif not callable(getattr(opponent, "choose", None)) and not callable(opponent):
            raise TypeError(f"an opponent is a bot name, a bot or a policy, not {opponent!r}")
    return tuple(opponents)


def seat_players(opponents: Sequence[Opponent], seat: int, seeds: random.Random) -> list[Player | None]:
    """The player of each seat for a new game (``None`` for the agent's): named bots made afresh from ``seeds``.

    A seed is drawn for every other seat, named or not, so that the deals of a
    seeded environment do not depend on which opponents are named.
    """
    others = iter(opponents)
    players: list[Player | None] = []
    for s in range(len(opponents) + 1):
        if s == seat:
            players.append(None)
            continue
        opponent, bot_seed = next(others), seeds.getrandbits(32)
        players.append(make_bot(opponent, seed=bot_seed) if isinstance(opponent, str) else opponent)
    return players


def play_turn(state: GameState, player: Player, observe: Callable[[GameState, ActionTurn], Any]) -> GameState:
    """``state`` after the turn of ``player``, the seat to move; ``observe`` gives a policy its observation.

    A policy's illegal action raises :class:`~qwirkle.errors.InvalidActionError`
    naming the seat: it is the opponent's fault, not the agent's.
    """
    choose = getattr(player, "choose", None)
    if callable(choose):
        move: Move = choose(view(state, state.current))
        return apply(state, move)
    turn = ActionTurn.start(state)
    while True:
        action = int(player(observe(state, turn), action_mask(turn, turn.layout)))  # type: ignore[operator]
        try:
            step = turn.after(action)
        except InvalidActionError as error:
            raise InvalidActionError(f"the policy of seat {state.current} chose an illegal action: {error}") from None
        if not isinstance(step, ActionTurn):
            return apply(state, step)
        turn = step
