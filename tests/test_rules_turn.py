"""Rules TURN-1 to TURN-3: a turn places or exchanges, the hand is refilled, and passing is a last resort."""

from __future__ import annotations

from collections import Counter
from typing import cast

import pytest

from qwirkle import (
    Exchange,
    IllegalMoveError,
    Move,
    Pass,
    Place,
    Rule,
    RuleSet,
    apply,
    is_legal,
    legal_moves,
    new_game,
    score,
)
from tests.helpers import (
    assert_illegal,
    block,
    block_state,
    hole_for,
    make_state,
    packed_state,
    place,
    snapshot,
    t,
    tiles,
)

# TURN-1: place or exchange, never both


@pytest.mark.rule("TURN-1")
def test_a_placement_changes_the_table_and_the_hand_and_scores() -> None:
    state = make_state("Ro Rs", "Rd Rc Bx Gx Yx Ox")
    after = apply(state, place({(2, 0): "Rd", (3, 0): "Rc"}))
    assert len(after.board) == 4
    assert after.scores[0] == 4
    assert Counter(after.hands[0]) == Counter(tiles("Bx Gx Yx Ox")) + Counter(state.bag[-2:])
    assert len(after.bag) == len(state.bag) - 2


@pytest.mark.rule("TURN-1")
def test_an_exchange_leaves_the_table_and_the_scores_alone() -> None:
    state = make_state("Ro Rs", "Rd Rc Bx Gx Yx Ox", scores=[3, 4])
    after = apply(state, Exchange(tiles("Bx Gx")))
    assert after.board == state.board
    assert after.scores == (3, 4)
    assert len(after.hands[0]) == 6
    assert len(after.bag) == len(state.bag)


@pytest.mark.rule("TURN-1")
def test_a_placement_must_use_tiles_from_the_hand() -> None:
    state = make_state("Ro Rs", "Rd Rc Bx Gx Yx Ox")
    error = assert_illegal(state, place({(2, 0): "Rx"}), Rule.TURN_1, mentions=["red four-point star"])
    assert "hold" in str(error)
    # One red diamond in hand cannot be laid twice.
    assert_illegal(state, place({(0, 1): "Rd", (0, 2): "Rd"}), Rule.TURN_1, mentions=["red diamond"])


@pytest.mark.rule("TURN-1")
def test_a_placement_of_no_tiles_is_not_a_move() -> None:
    with pytest.raises(IllegalMoveError) as excinfo:
        Place({})
    assert excinfo.value.rule == Rule.TURN_1


@pytest.mark.rule("TURN-1")
def test_a_placement_and_an_exchange_together_are_refused() -> None:
    """No move value holds both; a pair of them is no move at all, a programmer's error."""
    state = make_state("Ro Rs", "Rd Rc Bx Gx Yx Ox")
    both = cast(Move, (place({(2, 0): "Rd"}), Exchange(tiles("Bx"))))
    before = snapshot(state)
    for call in (apply, is_legal):
        with pytest.raises(TypeError, match="a move is a Place, Exchange or Pass"):
            call(state, both)
    assert snapshot(state) == before


@pytest.mark.rule("TURN-1")
def test_each_turn_of_a_game_either_places_or_exchanges() -> None:
    state = new_game(["Ann", "Bob"], seed=8)
    for i in range(16):
        moves = legal_moves(state)
        found = moves.best()
        move: Move = next(moves.exchanges()) if i % 3 == 2 or found is None else found[0]
        after = apply(state, move)
        if isinstance(move, Place):
            assert len(after.board) == len(state.board) + len(move)
            assert len(after.bag) == len(state.bag) - len(move)
        else:
            assert isinstance(move, Exchange)
            assert after.board == state.board
            assert len(after.bag) == len(state.bag)
            assert after.scores == state.scores
        state = after
    assert {type(turn.move) for turn in state.history} == {Place, Exchange}


# TURN-2: refill after placing


@pytest.mark.rule("TURN-2")
def test_after_placing_the_player_draws_as_many_tiles_from_the_bag() -> None:
    state = new_game(["Ann", "Bob"], seed=4)
    found = legal_moves(state).best()
    assert found is not None
    move = found[0]
    n = len(move)
    after = apply(state, move)
    kept = Counter(state.hand) - Counter(move.tiles)
    # The bag's last tiles are drawn first.
    assert Counter(after.hands[state.current]) == kept + Counter(state.bag[-n:])
    assert after.bag == state.bag[:-n]


@pytest.mark.rule("TURN-2")
def test_a_nearly_empty_bag_gives_what_it_has() -> None:
    # Two holes in the orange row of the first block; the bag holds one tile.
    state = packed_state(["Os Oc Yd Gx Bs Yx", "Gs Gd Bd Bc Yc Ys"], bag="Gc", holes=[(1, 1), (3, 1)])
    assert len(state.bag) == 1
    move = place({(1, 1): "Os", (3, 1): "Oc"})
    after = apply(state, move)
    assert after.bag == ()
    assert Counter(after.hands[0]) == Counter(tiles("Yd Gx Bs Yx Gc"))
    assert after.outcome is None
    # The orange row and the square and clover columns are each completed.
    assert after.scores[0] == 3 * 12


@pytest.mark.rule("TURN-2", "END-1")
def test_with_an_empty_bag_nothing_is_drawn() -> None:
    state = packed_state(["Os Yd", "Gc"])
    after = apply(state, place({hole_for(state, t("Os")): "Os"}))
    assert after.hands[0] == tiles("Yd")
    assert after.bag == ()


# TURN-3: passing only when nothing else is possible


@pytest.mark.rule("TURN-3")
def test_no_pass_while_a_tile_can_be_placed() -> None:
    state = make_state("Ro Rs", "Rd Rc Bx Gx Yx Ox")
    error = assert_illegal(state, Pass(), Rule.TURN_3)
    assert "place" in str(error)
    assert not legal_moves(state).can_pass()


@pytest.mark.rule("TURN-3")
def test_no_pass_with_placements_possible_even_when_the_bag_is_empty() -> None:
    state = packed_state(["Os Yd", "Gc"])
    assert_illegal(state, Pass(), Rule.TURN_3)


@pytest.mark.rule("TURN-3", "EXCHANGE-4")
def test_no_pass_while_an_exchange_is_possible() -> None:
    # Around a complete block nothing can be placed, but the bag still has tiles.
    state = make_state(block(), "Ro Os Yd Gc Bx P*", ["Rs Od Yc Gx B* Po"])
    assert len(state.bag) == 60
    assert_illegal(state, Pass(), Rule.EXCHANGE_4, mentions=["exchange"])


@pytest.mark.rule("TURN-3")
def test_a_player_who_can_neither_place_nor_exchange_must_pass() -> None:
    # Only the second seat holds the purple stars that fit the corner hole of the block.
    state = block_state(["Ro", "P* P*"])
    moves = legal_moves(state)
    assert list(moves) == [Pass()]
    assert len(moves) == 1
    assert score(state, Pass()).total == 0
    after = apply(state, Pass())
    assert after.outcome is None
    assert after.current == 1
    assert after.scores == state.scores
    assert after.hands == state.hands
    assert after.board == state.board


@pytest.mark.rule("TURN-3")
def test_voluntary_pass_option() -> None:
    rules = RuleSet(allow_voluntary_pass=True)
    state = make_state("Ro Rs", "Rd Rc Bx Gx Yx Ox", rules=rules, scores=[2, 3])
    assert is_legal(state, Pass())
    assert Pass() in legal_moves(state)
    assert Pass() in list(legal_moves(state))
    after = apply(state, Pass())
    assert after.scores == (2, 3)
    assert after.current == 1
    assert after.hands == state.hands
    assert after.bag == state.bag
    assert after.outcome is None
