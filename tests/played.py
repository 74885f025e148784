"""Games played by a seeded random player, for the tests of notation, views, records and the turn builder."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from qwirkle import GameState, RuleSet, new_game
from qwirkle.testing import NAMES
from qwirkle.testing import play as play_from


def play(seed: int, turns: int, *, players: int = 2, rules: RuleSet | None = None) -> list[GameState]:
    """Every state of a game dealt from ``seed``, for ``turns`` turns or to its end, the deal first."""
    start = new_game(NAMES[:players], seed=seed, rules=rules)
    return play_from(start, random.Random(seed), max_turns=turns)


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
