"""Properties of whole random games: what holds after every move, and what players may not see."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from qwirkle.cards import (
    CardsRuleSet,
    RandomBot,
    apply,
    is_legal,
    is_over,
    legal_moves,
    new_game,
    position,
)
from qwirkle.rng import shuffle

from .helpers import check_invariants, check_transition, games, play


@given(games)
@settings(max_examples=30)
def test_every_move_keeps_the_invariants(game: tuple[int, str, CardsRuleSet]) -> None:
    seed, kinds, rules = game
    moves = 0
    for before, move, after in play(seed, kinds, rules):
        check_invariants(after)
        check_transition(before, move, after)
        assert is_legal(before, move)
        moves += 1
    assert moves > 0
    assert after.outcome is not None
    assert after.outcome.qwirkles == after.scores
    best = max(after.scores)
    assert after.outcome.winners == tuple(seat for seat, q in enumerate(after.scores) if q == best)


@given(games)
@settings(max_examples=10)
def test_the_same_seed_plays_the_same_game(game: tuple[int, str, CardsRuleSet]) -> None:
    seed, kinds, rules = game
    one = [move for _, move, _ in play(seed, kinds, rules)]
    two = [move for _, move, _ in play(seed, kinds, rules)]
    assert one == two


@given(st.integers(0, 2**32), st.integers(0, 6))
@example(seed=277, turns=4)  # every player passes: the game is over when the views are compared
@settings(max_examples=20)
def test_a_view_shows_nothing_hidden_and_bots_see_only_views(seed: int, turns: int) -> None:
    state = new_game(["Ann", "Bob", "Cid"], seed=seed)
    for _ in range(turns):
        if is_over(state):
            break
        state = apply(state, next(iter(legal_moves(state))))
    # The same game with the deck in another order and another hand for a third player looks the same.
    _, deck = shuffle(seed + 1, state.deck + state.hands[2])
    size = len(state.hands[2])
    other = position(
        state.players,
        state.table,
        (state.hands[0], state.hands[1], deck[:size]),
        deck=deck[size:],
        qwirkles=state.qwirkles,
        current=state.current,
        history=state.history,
        starter=state.starter,
        redrawn=state.redrawn,
        passes=state.passes,
        final_turns=state.final_turns,
        outcome=state.outcome,
    )
    for seat in (0, 1):
        assert state.view(seat) == other.view(seat)
        view = state.view(seat)
        assert not hasattr(view, "deck")
        assert not hasattr(view, "hands")
        assert view.hand == state.hands[seat]
        assert view.deck_size == len(state.deck)
    if state.current in (0, 1) and not is_over(state):
        assert RandomBot(seed=5).choose(state.view()) == RandomBot(seed=5).choose(other.view())
