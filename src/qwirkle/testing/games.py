"""States reached by legal play from a new game, and the strategies that draw them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from hypothesis import strategies as st

from qwirkle.board import Board
from qwirkle.game import apply, is_over, new_game
from qwirkle.legalmoves import legal_moves
from qwirkle.moves import Move
from qwirkle.rules.ruleset import RuleSet, variants
from qwirkle.state import GameState

__all__ = [
    "MAX_TURNS",
    "NAMES",
    "PHASES",
    "RULE_VARIANTS",
    "boards",
    "choose_move",
    "game_paths",
    "play",
    "play_phase",
    "play_to_end",
    "player_counts",
    "reachable_states",
    "rule_sets",
    "seats_for",
    "seeds",
]


NAMES: Final = ("Ann", "Bob", "Cy", "Dee")
"""Player names for the games the strategies deal, in seat order."""

RULE_VARIANTS: Final[tuple[RuleSet, ...]] = (
    RuleSet(),
    *variants(RuleSet),
    *(RuleSet.preset(name) for name in RuleSet.PRESETS if RuleSet.preset(name) != RuleSet()),
)
"""Option sets worth exercising: the standard game, each option changed alone (as its field declares), the presets."""


def seats_for(rules: RuleSet, wanted: int) -> int:
    """``wanted`` players, or the nearest number the rules allow (Rule SETUP-1).

    >>> seats_for(RuleSet(), 5), seats_for(RuleSet(), 3)
    (4, 3)
    """
    return min(max(wanted, rules.min_players), rules.max_players)


PHASES: Final = ("opening", "early", "middle", "late", "empty_bag", "finished")
"""How far into a game a drawn state is."""

MAX_TURNS: Final = 600
"""A cap on game length: an END-5 deadlock can go on exchanging forever without the optional limit."""


def seeds() -> st.SearchStrategy[int]:
    """Seeds for dealing a game or for picking moves.

    >>> seeds().validate()
    """
    return st.integers(min_value=0, max_value=2**32 - 1)


def rule_sets() -> st.SearchStrategy[RuleSet]:
    """A sample of option variants, the standard rules first (so that examples shrink towards them).

    >>> RULE_VARIANTS[0] == RuleSet(), len(RULE_VARIANTS) > 10
    (True, True)
    """
    return st.sampled_from(RULE_VARIANTS)


def player_counts() -> st.SearchStrategy[int]:
    """2 to 4 players (SETUP-1).

    >>> player_counts().validate()
    """
    return st.integers(min_value=2, max_value=4)


def choose_move(state: GameState, rng: random.Random) -> Move:
    """A legal move for the player to move: mostly placements, random or best, sometimes anything legal.

    Best-scoring placements build long lines (4, 5 and Qwirkles) much more
    often than random ones; the occasional random pick over all moves brings
    in exchanges and, where legal, passes.

    >>> from qwirkle import is_legal
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> is_legal(state, choose_move(state, random.Random(1)))
    True
    """
    moves = legal_moves(state)
    roll = rng.random()
    if roll < 0.9:
        placements = list(moves.placements())
        if placements:
            if roll < 0.45:
                return rng.choice(placements)
            best = moves.best()
            assert best is not None
            return best[0]
    everything = list(moves)
    if not everything:
        raise AssertionError(f"no legal move in a game that is not over:\n{state}")
    return rng.choice(everything)


def play(
    state: GameState,
    rng: random.Random,
    *,
    until: Callable[[GameState], bool] = is_over,
    max_turns: int = MAX_TURNS,
) -> list[GameState]:
    """Play legal moves from ``state`` until ``until`` holds, the game ends or ``max_turns`` pass.

    Returns every state met, ``state`` first and the last one reached last.

    >>> path = play(new_game(["Ann", "Bob"], seed=7), random.Random(1), max_turns=5)
    >>> len(path), path[-1].turn_number
    (6, 5)
    """
    states = [state]
    for _ in range(max_turns):
        if is_over(state) or until(state):
            break
        state = apply(state, choose_move(state, rng))
        states.append(state)
    return states


def play_to_end(state: GameState, rng: random.Random, *, max_turns: int = MAX_TURNS) -> list[GameState]:
    """Play a game on to its end (or to ``max_turns``); every state met, in order.

    >>> is_over(play_to_end(new_game(["Ann", "Bob"], seed=7), random.Random(1))[-1])
    True
    """
    return play(state, rng, max_turns=max_turns)


def play_phase(state: GameState, rng: random.Random, phase: str, extra: int) -> list[GameState]:
    """Play from the deal into ``phase`` (one of :data:`PHASES`), then ``extra`` more turns (fewer if the game ends).

    >>> path = play_phase(new_game(["Ann", "Bob"], seed=7), random.Random(1), "empty_bag", 0)
    >>> len(path[-1].bag)
    0
    """
    if phase == "opening":
        return [state]
    if phase == "early":
        return play(state, rng, max_turns=extra + 1)
    if phase == "middle":
        half = len(state.bag) // 2
        states = play(state, rng, until=lambda s: len(s.bag) <= half)
    elif phase == "late":
        states = play(state, rng, until=lambda s: len(s.bag) <= 8)
    elif phase == "empty_bag":
        states = play(state, rng, until=lambda s: not s.bag)
    elif phase == "finished":
        return play_to_end(state, rng)
    else:
        raise ValueError(f"unknown phase {phase!r}")
    return states + play(states[-1], rng, max_turns=extra)[1:]


@st.composite
def game_paths(
    draw: st.DrawFn,
    *,
    rules: st.SearchStrategy[RuleSet] | None = None,
    players: st.SearchStrategy[int] | None = None,
    phases: st.SearchStrategy[str] | None = None,
) -> list[GameState]:
    """Every state of a game played from a random deal into a random phase, in order (2 to 4 players).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=3, deadline=None)
    ... @given(game_paths(phases=st.just("early")))
    ... def test(path: list[GameState]) -> None:
    ...     assert [state.turn_number for state in path] == list(range(len(path)))
    >>> test()
    """
    chosen_rules = draw(rule_sets() if rules is None else rules)
    count = draw(player_counts() if players is None else players)
    phase = draw(st.sampled_from(PHASES) if phases is None else phases)
    deal_seed = draw(seeds())
    move_seed = draw(seeds())
    extra = draw(st.integers(min_value=0, max_value=10))
    start = new_game(NAMES[: seats_for(chosen_rules, count)], seed=deal_seed, rules=chosen_rules)
    return play_phase(start, random.Random(move_seed), phase, extra)


def reachable_states(
    *,
    rules: st.SearchStrategy[RuleSet] | None = None,
    players: st.SearchStrategy[int] | None = None,
    phases: st.SearchStrategy[str] | None = None,
) -> st.SearchStrategy[GameState]:
    """A state reached by legal play: the opening, early, middle or late game, an empty bag, or a finished game.

    >>> from hypothesis import given, settings
    >>> from qwirkle.testing import check_invariants
    >>> @settings(max_examples=3, deadline=None)
    ... @given(reachable_states(rules=st.just(RuleSet())))
    ... def test(state: GameState) -> None:
    ...     check_invariants(state)
    >>> test()
    """
    return game_paths(rules=rules, players=players, phases=phases).map(lambda path: path[-1])


def boards(
    *,
    rules: st.SearchStrategy[RuleSet] | None = None,
    phases: st.SearchStrategy[str] | None = None,
) -> st.SearchStrategy[Board]:
    """A table reached by legal play (see :func:`reachable_states`).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=3, deadline=None)
    ... @given(boards(phases=st.just("early")))
    ... def test(board: Board) -> None:
    ...     assert Board(board.items()) == board
    >>> test()
    """
    return reachable_states(rules=rules, phases=phases).map(lambda state: state.board)
