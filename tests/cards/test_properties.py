"""Properties of whole random games: what holds after every move, and what players may not see."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from qwirkle import InvalidStateError
from qwirkle._rng import shuffle
from qwirkle.cards import (
    CardsRuleSet,
    CardsSpectatorView,
    CardsState,
    GreedyBot,
    RandomBot,
    apply,
    can_lay,
    is_legal,
    is_over,
    legal_moves,
    new_game,
    position,
)

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


def dealt_again(state: CardsState, seed: int) -> CardsState:
    """``state`` with every hand and the deck dealt again from the same cards, each hand keeping its size."""
    _, cards = shuffle(seed, state.deck + sum(state.hands, ()))
    hands = []
    for hand in state.hands:
        hands.append(tuple(sorted(cards[: len(hand)])))
        cards = cards[len(hand) :]
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(cards), seed=seed, rng=state.rng ^ 0xBEEF)


@given(st.integers(0, 2**32), st.integers(0, 12), st.integers(2, 4))
@example(seed=277, turns=4, players=3)  # every player passes: the game is over
@settings(max_examples=20)
def test_a_spectator_view_holds_what_every_player_sees_and_no_hand(seed: int, turns: int, players: int) -> None:
    state = new_game(["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
    for _ in range(turns):
        if is_over(state):
            break
        state = apply(state, next(iter(legal_moves(state))))
    seen = state.spectator_view()
    other = dealt_again(state, seed + 1)
    assert other.hands != state.hands or not any(state.hands)
    assert other.spectator_view() == seen
    assert not {"seat", "hand", "hands", "deck", "seed", "rng"} & {f.name for f in attrs.fields(CardsSpectatorView)}
    public = attrs.asdict(seen, recurse=False)
    for seat in range(players):
        mine = attrs.asdict(state.view(seat), recurse=False)
        del mine["seat"], mine["hand"]
        assert mine == public
    assert (seen.scores, seen.is_opening, seen.turn_number) == (state.scores, state.is_opening, state.turn_number)
    assert seen.deck_size == len(state.deck)
    # view() with no seat still means the player to move, as bots and run_game rely on.
    assert state.view() == state.view(state.current)


def test_bots_and_searches_refuse_a_spectator_view() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    seen = state.spectator_view()
    for bot in (RandomBot(seed=1), GreedyBot()):
        with pytest.raises(TypeError, match="spectator"):
            bot.choose(seen)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="not a str"):
            bot.choose("view")  # type: ignore[arg-type]
        assert is_legal(state, bot.choose(state.view()))
    with pytest.raises(InvalidStateError, match="spectator's view holds no hand"):
        can_lay(seen)  # type: ignore[arg-type]
