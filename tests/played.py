"""Games played by a seeded random player, for the tests of notation, views, records and the turn builder."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from qwirkle import ALL_TILES, Exchange, GameState, RuleSet, Turn, new_game
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


def hide_differently(state: GameState, viewer: int | None, rng: random.Random) -> GameState:
    """A state that differs from ``state`` only in what ``viewer`` may not see.

    Other hands swap tiles with the bag, the bag is shuffled, the seed and the
    random state change, and other players' exchanges gave back other tiles.
    With no ``viewer`` (a spectator), every hand and every exchange is other.
    """
    hands = [list(hand) for hand in state.hands]
    bag = list(state.bag)
    for seat, hand in enumerate(hands):
        if seat == viewer or not bag:
            continue
        for i in range(len(hand)):
            if rng.random() < 0.5:
                j = rng.randrange(len(bag))
                hand[i], bag[j] = bag[j], hand[i]
    rng.shuffle(bag)
    history = []
    for turn in state.history:
        move = turn.move
        if isinstance(move, Exchange) and turn.seat != viewer:
            move = Exchange([rng.choice(ALL_TILES) for _ in move.tiles])
        history.append(Turn(turn.seat, move, turn.score))
    return GameState(
        players=state.players,
        board=state.board,
        hands=tuple(map(tuple, hands)),
        bag=tuple(bag),
        scores=state.scores,
        current=state.current,
        rules=state.rules,
        history=tuple(history),
        starter=state.starter,
        seed=None if state.seed is None else state.seed + 1,
        rng=state.rng ^ 0xDEADBEEF,
        idle_turns=state.idle_turns,
        outcome=state.outcome,
    )
