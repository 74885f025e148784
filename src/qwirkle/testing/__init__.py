"""A test kit: hypothesis strategies for the tile game, and a check of every invariant of a state.

For authors of interfaces and bots who test their own code against the
specification: draw tiles, hands, boards and states reached by legal play,
legal moves and (usually) illegal ones, and check that what your code builds
is still a state a game could reach. Install it with the ``testing`` extra
(``pip install 'qwirkle[testing]'``), which brings hypothesis.

States are reached by playing legal moves from :func:`qwirkle.new_game`. The
moves are picked by a :class:`random.Random` seeded from a drawn integer: a
whole game is then one short draw, which keeps examples cheap, and the same
drawn values always replay the same game.

>>> from hypothesis import given, settings, strategies as st
>>> from qwirkle import GameState, apply
>>> @settings(max_examples=5, deadline=None)
... @given(data=st.data(), state=reachable_states(phases=st.just("early")))
... def test_my_bot_plays_legal_moves(data: st.DataObject, state: GameState) -> None:
...     move = data.draw(legal_moves_of(state))
...     check_invariants(apply(state, move))
>>> test_my_bot_plays_legal_moves()
"""

from __future__ import annotations

from qwirkle._extras import missing_extra_error

try:
    import hypothesis  # noqa: F401 (imported first, so that a missing extra says what to install)
except ImportError as error:
    raise missing_extra_error(__name__, "hypothesis", "testing", error) from None

from qwirkle.testing import games
from qwirkle.testing.games import *  # noqa: F403 (the names games.__all__ lists, written there once)
from qwirkle.testing.invariants import check_invariants
from qwirkle.testing.moves import MUTATIONS, illegal_moves, legal_moves_of, mutated_moves
from qwirkle.testing.positions import crafted_positions, tile
from qwirkle.testing.values import hands, tiles

__all__ = [
    "MUTATIONS",
    "check_invariants",
    "crafted_positions",
    "hands",
    "illegal_moves",
    "legal_moves_of",
    "mutated_moves",
    "tile",
    "tiles",
]
__all__ += games.__all__
