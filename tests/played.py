"""Games played by a seeded random player, for the tests of notation, views, records and the turn builder."""

from __future__ import annotations

import random
from typing import Final

from hypothesis import strategies as st

from qwirkle import GameState, Move, RuleSet, apply, legal_moves, new_game

NAMES: Final = ("Ann", "Bob", "Cy", "Dee")


def choose(state: GameState, rng: random.Random) -> Move:
    """A legal move: usually the best placement or a random one, sometimes any legal move (exchanges too)."""
    moves = legal_moves(state)
    roll = rng.random()
    if roll < 0.85:
        placements = list(moves.placements())
        if placements:
            if roll < 0.4:
                return rng.choice(placements)
            best = moves.best()
            assert best is not None
            return best[0]
    return rng.choice(list(moves))


def play(seed: int, turns: int, *, players: int = 2, rules: RuleSet | None = None) -> list[GameState]:
    """Every state of a game dealt from ``seed``, for ``turns`` turns or to its end, the deal first."""
    state = new_game(NAMES[:players], seed=seed, rules=rules)
    rng = random.Random(seed)
    states = [state]
    while state.outcome is None and len(states) <= turns:
        state = apply(state, choose(state, rng))
        states.append(state)
    return states


def finished(seed: int, *, players: int = 2) -> GameState:
    """A finished game."""
    return play(seed, 10_000, players=players)[-1]


@st.composite
def states(draw: st.DrawFn, *, most_turns: int = 120, players: int | None = None) -> GameState:
    """A state reached by legal play, from the deal to the end of the game."""
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    count = draw(st.integers(min_value=2, max_value=4)) if players is None else players
    turns = draw(st.integers(min_value=0, max_value=most_turns))
    return play(seed, turns, players=count)[-1]
