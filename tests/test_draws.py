"""Drawing chosen tiles: apply(state, move, draws=...), what the bag can give, and how many tiles a move draws."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import qwirkle
from qwirkle import (
    Exchange,
    GameState,
    InvalidDrawError,
    Pass,
    Place,
    RuleSet,
    apply,
    bag_counts,
    check_state,
    draw_count,
    draw_pool,
    legal_moves,
    new_game,
    parse_tile,
    sample_state,
    view,
)
from qwirkle.testing import crafted_positions, play, reachable_states
from tests.strategies import examples


def best(state: GameState) -> Place:
    """The best-scoring placement of ``state``."""
    found = legal_moves(state).best()
    assert found is not None
    return found[0]


def drawn_by_default(state: GameState, move: qwirkle.Move) -> tuple[qwirkle.Tile, ...]:
    """The tiles that ``apply(state, move)`` draws from the top of the bag."""
    hand = apply(state, move).hands[state.current]
    count = draw_count(state, move)
    return hand[len(hand) - count :]


def kept(state: GameState, move: qwirkle.Move) -> Counter[qwirkle.Tile]:
    """The tiles of the hand that ``move`` leaves in it."""
    left = Counter(state.hand)
    if isinstance(move, (Place, Exchange)):
        left.subtract(move.tiles)
    return +left


@pytest.mark.rule("TURN-2", "EXCHANGE-1")
@settings(max_examples=examples(60))
@given(state=reachable_states(), data=st.data())
def test_drawing_the_tiles_on_top_of_the_bag_is_the_seeded_game(state: GameState, data: st.DataObject) -> None:
    moves = list(legal_moves(state))
    if not moves:
        return
    for move in data.draw(st.lists(st.sampled_from(moves), min_size=1, max_size=4), label="moves"):
        assert apply(state, move, draws=drawn_by_default(state, move)) == apply(state, move)


@pytest.mark.rule("TURN-2", "EXCHANGE-1", "TILES-2")
@settings(max_examples=examples(60))
@given(state=reachable_states(), data=st.data())
def test_any_tiles_of_the_bag_can_be_drawn(state: GameState, data: st.DataObject) -> None:
    moves = list(legal_moves(state))
    if not moves:
        return
    move = data.draw(st.sampled_from(moves), label="move")
    count = draw_count(state, move)
    returned = move.tiles if isinstance(move, Exchange) else ()
    first = min(count, len(state.bag)) if isinstance(move, Exchange) else count
    pool = list(state.bag) + (list(returned) if state.rules.exchange_return_before_draw else [])
    chosen = data.draw(st.permutations(pool), label="bag order")[:first]
    if first < count:
        # An exchange larger than the bag: the rest comes from the bag mixed with the returned tiles.
        rest = Counter(state.bag) - Counter(chosen) + Counter(returned)
        chosen = chosen + data.draw(st.permutations(sorted(rest.elements())))[: count - first]
    after = apply(state, move, draws=chosen)
    check_state(after)
    seat = state.current
    hand = after.hands[seat]
    assert hand[len(hand) - count :] == tuple(chosen)
    assert Counter(hand) == kept(state, move) + Counter(chosen)
    assert Counter(after.bag) == Counter(state.bag) + Counter(returned) - Counter(chosen)
    assert after.scores == apply(state, move).scores
    assert after.board == apply(state, move).board


@settings(max_examples=examples(40))
@given(state=reachable_states())
def test_draw_count_is_what_apply_draws_and_bag_counts_is_the_bag(state: GameState) -> None:
    counts = bag_counts(state)
    assert counts == dict(sorted(Counter(state.bag).items()))
    assert sum(counts.values()) == len(state.bag)
    assert all(n > 0 for n in counts.values())
    for move in list(legal_moves(state))[:10]:
        hand = apply(state, move).hands[state.current]
        assert len(hand) - kept(state, move).total() == draw_count(state, move)


def test_tiles_the_bag_does_not_hold_cannot_be_drawn() -> None:
    start = new_game(["Ann", "Bob"], seed=7)
    counts = bag_counts(start)
    plenty = next(tile for tile, n in counts.items() if n == 3)
    twice = next(tile for tile, n in counts.items() if n == 2)
    state = apply(start, best(start), draws=[plenty] * 3)
    assert plenty not in bag_counts(state)
    move = Exchange(state.hand[:3])
    assert draw_count(state, move) == 3
    with pytest.raises(InvalidDrawError, match=f"the bag holds no {plenty} to draw"):
        apply(state, move, draws=[twice, plenty, twice])
    with pytest.raises(InvalidDrawError, match=f"the bag holds no more {twice} to draw"):
        apply(state, move, draws=[twice, twice, twice])
    with pytest.raises(InvalidDrawError, match="the move draws 3 tiles, not 2"):
        apply(state, move, draws=[twice, twice])
    with pytest.raises(InvalidDrawError, match="the move draws 3 tiles, not 4"):
        apply(state, move, draws=[twice] * 4)
    other = next(tile for tile in bag_counts(state) if tile != twice)
    assert apply(state, move, draws=[twice, other, twice]).hands[state.current][-3:] == (twice, other, twice)


def test_draws_must_be_a_sequence_of_tiles() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    move = best(state)
    for wrong in ("RoRoRo", [0, 1, 2], {parse_tile("Ro")}, 3):
        with pytest.raises(TypeError, match="draws must be a sequence of tiles"):
            apply(state, move, draws=wrong)  # type: ignore[arg-type]


def test_a_pass_draws_nothing() -> None:
    state = dict(crafted_positions())["forced pass"]
    assert legal_moves(state).can_pass()
    assert draw_count(state, Pass()) == 0
    assert apply(state, Pass(), draws=()) == apply(state, Pass())
    with pytest.raises(InvalidDrawError, match="the move draws 0 tiles, not 1"):
        apply(state, Pass(), draws=[qwirkle.ALL_TILES[0]])


@pytest.mark.rule("EXCHANGE-1", "EXCHANGE-5")
def test_an_exchange_larger_than_the_bag_draws_a_returned_tile_only_after_the_bag_is_empty() -> None:
    rules = RuleSet(exchange_limited_by_bag=False)
    path = play(new_game(["Ann", "Bob"], seed=5, rules=rules), random.Random(5), until=lambda s: len(s.bag) == 1)
    state = path[-1]
    assert len(state.bag) == 1
    assert not qwirkle.is_over(state)
    move = Exchange(state.hand[:2])
    returned = move.tiles[0]
    on_top = state.bag[0]
    after = apply(state, move, draws=[on_top, returned])
    assert after.hands[state.current][-2:] == (on_top, returned)
    if returned != on_top:
        with pytest.raises(InvalidDrawError, match=f"the bag holds no {returned} to draw"):
            apply(state, move, draws=[returned, on_top])


@pytest.mark.rule("EXCHANGE-1")
def test_with_return_before_draw_the_returned_tiles_can_come_back_at_once() -> None:
    rules = RuleSet(exchange_return_before_draw=True)
    start = new_game(["Ann", "Bob"], seed=5, rules=rules)
    state = apply(start, best(start))
    move = next(iter(legal_moves(state).exchanges()))
    after = apply(state, move, draws=move.tiles)
    assert Counter(after.hands[state.current]) == Counter(state.hand)
    assert Counter(after.bag) == Counter(state.bag)


def test_sample_state_is_public_and_dealt_by_the_generator() -> None:
    state = play(new_game(["Ann", "Bob", "Cy"], seed=2), random.Random(2), max_turns=15)[-1]
    seen = view(state, 1)
    first, again = sample_state(seen, random.Random(9)), sample_state(seen, random.Random(9))
    assert first == again
    assert view(first, 1) == seen
    assert qwirkle.sample_state is qwirkle.bots.sampling.sample_state
    assert sorted(qwirkle.unseen_tiles(seen)) == sorted(first.bag + first.hands[0] + first.hands[2])


@pytest.mark.rule("TURN-2", "EXCHANGE-1", "EXCHANGE-5")
@settings(max_examples=examples(60))
@given(state=reachable_states(), data=st.data())
def test_draws_made_one_at_a_time_from_the_pools_are_what_apply_accepts(state: GameState, data: st.DataObject) -> None:
    moves = list(legal_moves(state))
    if not moves:
        return
    move = data.draw(st.sampled_from(moves), label="move")
    drawn: list[qwirkle.Tile] = []
    for _ in range(draw_count(state, move)):
        pool = draw_pool(state, move, drawn)
        assert all(n > 0 for n in pool.values())
        drawn.append(data.draw(st.sampled_from(sorted(pool)), label="draw"))
    after = apply(state, move, draws=drawn)
    assert after.hands[state.current][len(after.hands[state.current]) - len(drawn) :] == tuple(drawn)
    if draw_count(state, move):
        left = draw_pool(state, move, drawn[:-1])
        missing = next((tile for tile in qwirkle.ALL_TILES if tile not in left), None)
        if missing is not None:
            with pytest.raises(InvalidDrawError):
                apply(state, move, draws=[*drawn[:-1], missing])
