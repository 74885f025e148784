"""Tiles and hands, drawn alone."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from qwirkle.rules.ruleset import RuleSet
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["hands", "tiles"]


def tiles() -> st.SearchStrategy[Tile]:
    """Any of the 36 tiles, shrinking towards the red circle.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5)
    ... @given(tiles())
    ... def test(tile: Tile) -> None:
    ...     assert Tile.from_index(tile.index) == tile
    >>> test()
    """
    return st.sampled_from(ALL_TILES)


def hands(rules: RuleSet | None = None, *, min_size: int = 1) -> st.SearchStrategy[tuple[Tile, ...]]:
    """A hand: ``min_size`` to ``hand_size`` tiles, none in more copies than the game has (Rules TILES-2, SETUP-2).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5)
    ... @given(hands())
    ... def test(hand: tuple[Tile, ...]) -> None:
    ...     assert 1 <= len(hand) <= 6
    >>> test()
    """
    rules = RuleSet() if rules is None else rules
    copies = rules.copies_per_tile
    return (
        st.lists(tiles(), min_size=min_size, max_size=rules.hand_size)
        .filter(lambda hand: max(Counter(hand).values(), default=0) <= copies)
        .map(tuple)
    )
