"""Rules TILES-1 to TILES-3 and SETUP-1 to SETUP-3: the tiles, the players and the deal."""

from __future__ import annotations

from collections import Counter

import pytest

from qwirkle import (
    ALL_TILES,
    Colour,
    GameState,
    InvalidStateError,
    Place,
    RuleSet,
    Shape,
    Tile,
    apply,
    is_legal,
    legal_moves,
    new_game,
    verify,
)
from qwirkle._engine.geometry import COORD_LIMIT
from tests.helpers import make_state, t


def all_tiles_of(state: GameState) -> Counter[Tile]:
    counts: Counter[Tile] = Counter(state.board.values())
    for hand in state.hands:
        counts.update(hand)
    counts.update(state.bag)
    return counts


@pytest.mark.rule("TILES-1")
def test_there_are_36_distinct_tiles_one_per_colour_and_shape() -> None:
    assert len(ALL_TILES) == 36
    assert len(set(ALL_TILES)) == 36
    assert {(tile.colour, tile.shape) for tile in ALL_TILES} == {(c, s) for c in Colour for s in Shape}
    assert len(Colour) == 6
    assert len(Shape) == 6
    assert [tile.index for tile in ALL_TILES] == list(range(36))
    assert all(Tile.from_index(tile.index) == tile for tile in ALL_TILES)


@pytest.mark.rule("TILES-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_game_holds_108_tiles_three_of_each_kind(players: int) -> None:
    state = new_game([f"P{i}" for i in range(players)], seed=players)
    counts = all_tiles_of(state)
    assert sum(counts.values()) == 108
    assert set(counts) == set(ALL_TILES)
    assert set(counts.values()) == {3}
    assert RuleSet().tile_count == 108


@pytest.mark.rule("TILES-2")
def test_copies_per_tile_option_changes_the_number_of_copies() -> None:
    rules = RuleSet(copies_per_tile=2)
    state = new_game(["Ann", "Bob"], seed=1, rules=rules)
    counts = all_tiles_of(state)
    assert set(counts.values()) == {2}
    assert sum(counts.values()) == rules.tile_count == 72


@pytest.mark.rule("TILES-3")
def test_the_game_starts_with_an_empty_table_and_every_other_tile_in_the_bag() -> None:
    state = new_game(["Ann", "Bob", "Cyd"], seed=3)
    assert len(state.board) == 0
    assert state.is_opening
    assert len(state.bag) == 108 - 3 * 6


@pytest.mark.rule("TILES-3")
def test_the_table_has_no_edges_an_opening_may_lie_anywhere() -> None:
    # No board means no centre cell and no border: far-off and negative cells are as good as (0, 0).
    state = make_state({}, "Ro Rs Rd Bx Gc P*", ["Oo Os Od Ox Oc O*"])
    far = COORD_LIMIT - 1
    for origin in [(0, 0), (-500_000, 77), (far - 2, -far), (-far, far)]:
        x, y = origin
        move = Place({(x, y): t("Ro"), (x + 1, y): t("Rs"), (x + 2, y): t("Rd")})
        assert is_legal(state, move), origin
        after = apply(state, move)
        assert set(after.board) == {(x, y), (x + 1, y), (x + 2, y)}
    # A line can keep growing to the left and upwards past the origin.
    board = {(0, 0): t("Ro"), (1, 0): t("Rs")}
    state = make_state(board, "Rd Oo Bx Gc Yc P*")
    assert verify(state, Place({(-1, 0): t("Rd")})).total == 3
    assert verify(state, Place({(0, -1): t("Oo")})).total == 2


@pytest.mark.rule("SETUP-1")
@pytest.mark.parametrize("count", [0, 1, 5, 6])
def test_a_game_needs_two_to_four_players(count: int) -> None:
    with pytest.raises(InvalidStateError, match="SETUP-1"):
        new_game([f"P{i}" for i in range(count)], seed=1)


@pytest.mark.rule("SETUP-1")
@pytest.mark.parametrize("count", [2, 3, 4])
def test_two_to_four_players_can_play(count: int) -> None:
    state = new_game([f"P{i}" for i in range(count)], seed=1)
    assert len(state.players) == len(state.hands) == len(state.scores) == count


@pytest.mark.rule("SETUP-1")
def test_player_limits_are_options() -> None:
    rules = RuleSet(min_players=3, max_players=6)
    assert len(new_game([f"P{i}" for i in range(6)], seed=1, rules=rules).hands) == 6
    with pytest.raises(InvalidStateError):
        new_game(["Ann", "Bob"], seed=1, rules=rules)


@pytest.mark.rule("SETUP-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_is_dealt_six_tiles_from_the_shuffled_bag(players: int) -> None:
    state = new_game([f"P{i}" for i in range(players)], seed=11)
    assert [len(hand) for hand in state.hands] == [6] * players
    assert len(state.bag) == 108 - 6 * players
    assert state.scores == (0,) * players
    assert state.history == ()


@pytest.mark.rule("SETUP-2")
def test_the_bag_is_shuffled_so_seeds_deal_different_hands() -> None:
    deals = {new_game(["Ann", "Bob"], seed=seed).hands for seed in range(20)}
    assert len(deals) == 20
    # A shuffled bag is not in the sorted order the tiles are made in.
    assert list(new_game(["Ann", "Bob"], seed=0).bag) != sorted(new_game(["Ann", "Bob"], seed=0).bag)


@pytest.mark.rule("SETUP-2")
def test_the_deal_is_a_function_of_the_seed() -> None:
    assert new_game(["Ann", "Bob"], seed=42) == new_game(["Ann", "Bob"], seed=42)
    assert new_game(["Ann", "Bob"], seed=42).hands != new_game(["Ann", "Bob"], seed=43).hands


@pytest.mark.rule("SETUP-3")
def test_a_hand_holds_six_and_is_refilled_to_six_after_a_placement() -> None:
    state = new_game(["Ann", "Bob"], seed=5)
    for _ in range(6):
        found = legal_moves(state).best()
        assert found is not None
        move, _ = found
        seat = state.current
        state = apply(state, move)
        assert len(state.hands[seat]) == 6
    assert all(len(hand) == 6 for hand in state.hands)


@pytest.mark.rule("SETUP-3")
def test_hand_size_is_an_option() -> None:
    rules = RuleSet(hand_size=4)
    state = new_game(["Ann", "Bob", "Cyd"], seed=2, rules=rules)
    assert [len(hand) for hand in state.hands] == [4, 4, 4]
    assert len(state.bag) == 108 - 12
    found = legal_moves(state).best()
    assert found is not None
    after = apply(state, found[0])
    assert len(after.hands[state.current]) == 4
