"""Legal moves of a state, and moves made (usually) illegal by changing a legal one."""

from __future__ import annotations

from typing import Final

from hypothesis import strategies as st

from qwirkle.bots import move_key
from qwirkle.legality import is_legal
from qwirkle.legalmoves import legal_moves
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.state import GameState
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["MUTATIONS", "illegal_moves", "legal_moves_of", "mutated_moves"]


MUTATIONS: Final = (
    "foreign tile",
    "occupied cell",
    "shifted",
    "far tile",
    "diagonal tile",
    "too many to exchange",
    "exchange not held",
    "pass",
    "legal move",
)
"""Ways to turn a legal move into a (usually) illegal one; "legal move" draws any legal move, as a control."""


def _held(hand: tuple[Tile, ...], tile: Tile) -> int:
    return sum(1 for t in hand if t == tile)


@st.composite
def mutated_moves(draw: st.DrawFn, state: GameState) -> tuple[str, Move]:
    """A move made from one of the legal moves of ``state`` by a drawn change, and the change's name.

    Most changes always give an illegal move; "shifted" and "diagonal tile"
    may give a legal one, so callers judge the result themselves (or draw
    :func:`illegal_moves`).

    >>> from hypothesis import given, settings
    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> @settings(max_examples=5)
    ... @given(mutated_moves(state))
    ... def test(changed: tuple[str, Move]) -> None:
    ...     assert changed[0] in (*MUTATIONS, "unchanged")
    >>> test()
    """
    kind = draw(st.sampled_from(MUTATIONS))
    moves = legal_moves(state)
    placements = sorted(moves.placements(), key=repr)
    hand = state.hand
    if not placements:
        # A game that is over, or a player who cannot place: start from a tile of the hand next to the table.
        cell = next(iter(state.board), (0, 0))
        source = Place({(cell[0], cell[1] - 1): hand[0] if hand else ALL_TILES[0]})
    else:
        source = draw(st.sampled_from(placements))
    cells = dict(source.placements)
    target = draw(st.sampled_from(sorted(cells)))
    if kind == "foreign tile":
        others = [tile for cell, tile in cells.items() if cell != target]
        unheld = [t for t in ALL_TILES if _held(hand, t) <= others.count(t)]
        cells[target] = draw(st.sampled_from(unheld))
        return kind, Place(cells)
    if kind == "occupied cell" and state.board:
        occupied = draw(st.sampled_from(sorted(state.board)))
        tile = cells.pop(target)
        cells[occupied] = tile
        return kind, Place(cells)
    if kind == "shifted":
        dx = draw(st.integers(min_value=-3, max_value=3))
        dy = draw(st.integers(min_value=-3, max_value=3).filter(lambda d: d or dx))
        return kind, Place({(x + dx, y + dy): t for (x, y), t in cells.items()})
    if kind == "far tile":
        x, y = target
        far = draw(st.sampled_from([(x + 40, y), (x, y - 40), (x + 40, y + 40)]))
        cells[far] = draw(st.sampled_from(hand or ALL_TILES))
        return kind, Place(cells)
    if kind == "diagonal tile":
        x, y = target
        corner = draw(st.sampled_from([(x + 1, y + 1), (x - 1, y + 1), (x + 1, y - 1), (x - 1, y - 1)]))
        if corner not in cells and corner not in state.board:
            cells[corner] = draw(st.sampled_from(hand or ALL_TILES))
            return kind, Place(cells)
        return kind, Place({**cells, (x + 40, y + 40): draw(st.sampled_from(ALL_TILES))})
    if kind == "too many to exchange":
        limited = state.rules.exchange_limited_by_bag and len(state.bag) < len(hand)
        if limited:
            return kind, Exchange(hand[: len(state.bag) + 1])
        return kind, Exchange([*hand, draw(st.sampled_from(ALL_TILES))])
    if kind == "exchange not held":
        missing = [t for t in ALL_TILES if t not in hand]
        return kind, Exchange([*hand[:1], draw(st.sampled_from(missing))])
    if kind == "pass":
        return kind, Pass()
    if kind == "legal move":
        everything = list(moves)
        if everything:
            return kind, draw(st.sampled_from(everything))
    return "unchanged", source


def legal_moves_of(state: GameState) -> st.SearchStrategy[Move]:
    """A legal move of ``state``, in an order that does not depend on the move generator; nothing if the game is over.

    >>> from hypothesis import given, settings
    >>> from qwirkle import is_legal, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> @settings(max_examples=5)
    ... @given(legal_moves_of(state))
    ... def test(move: Move) -> None:
    ...     assert is_legal(state, move)
    >>> test()
    """
    moves = sorted(legal_moves(state), key=move_key)
    return st.sampled_from(moves) if moves else st.nothing()


def illegal_moves(state: GameState) -> st.SearchStrategy[Move]:
    """A move of ``state`` that breaks a rule: one of its legal moves changed (see :func:`mutated_moves`).

    >>> from hypothesis import given, settings
    >>> from qwirkle import is_legal, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> @settings(max_examples=5)
    ... @given(illegal_moves(state))
    ... def test(move: Move) -> None:
    ...     assert not is_legal(state, move)
    >>> test()
    """
    return mutated_moves(state).map(lambda changed: changed[1]).filter(lambda move: not is_legal(state, move))
