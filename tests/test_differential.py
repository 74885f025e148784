"""The engine's legal moves and scores against the brute-force reference of ``tests/brute.py``.

The corpus is a fixed, seeded set of positions: the hand-built ones of
``crafted_positions`` for the cases random play rarely reaches, then
positions sampled along whole seeded games under every option variant, from
the opening to the last turn.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import Final

import attrs
import pytest
from hypothesis import given, settings

from qwirkle import (
    ALL_TILES,
    Exchange,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Place,
    Rule,
    apply,
    is_legal,
    legal_moves,
    new_game,
    position,
    score,
)
from qwirkle.testing import NAMES, RULE_VARIANTS, crafted_positions, play_to_end, reachable_states, seats_for, tile
from tests.brute import (
    board_lines,
    brute_can_pass,
    brute_exchanges,
    brute_placements,
    end_bonus,
    naive_check,
    naive_score,
    neighbours,
    repeats_a_table_tile,
)
from tests.strategies import examples

POSITIONS: Final = 400
"""How many positions the corpus holds; the differential test compares every one."""

SAMPLE_EVERY: Final = 6
"""Along a game, one state in this many goes into the corpus (besides the opening and the last turns)."""

RULES_ARE_CHECKED = pytest.mark.rule(
    "START-1",
    "START-4",
    "TURN-1",
    "TURN-3",
    "PLACE-1",
    "PLACE-2",
    "PLACE-3",
    "PLACE-4",
    "PLACE-5",
    "LINE-2",
    "LINE-3",
    "LINE-4",
    "LINE-6",
    "EXCHANGE-1",
    "EXCHANGE-4",
    "EXCHANGE-5",
)
SCORES_ARE_CHECKED = pytest.mark.rule(
    "START-5", "START-6", "SCORE-1", "SCORE-2", "SCORE-3", "SCORE-4", "SCORE-5", "SCORE-7", "SCORE-8"
)


def _sampled(path: Sequence[GameState]) -> Iterator[GameState]:
    """The opening, every ``SAMPLE_EVERY``-th state, and the last four states (empty bag, then game over)."""
    last = len(path) - 1
    for i, state in enumerate(path):
        if i == 0 or i % SAMPLE_EVERY == 0 or i >= last - 3:
            yield state


@cache
def corpus() -> tuple[tuple[str, GameState], ...]:
    """``POSITIONS`` labelled positions: the hand-built ones, then states of seeded games."""
    positions = crafted_positions()
    game = 0
    while len(positions) < POSITIONS:
        rules = RULE_VARIANTS[game % len(RULE_VARIANTS)]
        players = seats_for(rules, 2 + game % 3)
        start = new_game(NAMES[:players], seed=7919 * game + 1, rules=rules)
        for state in _sampled(play_to_end(start, random.Random(game))):
            positions.append((f"game {game} ({players} players, {rules}), turn {state.turn_number}", state))
        game += 1
    return tuple(positions[:POSITIONS])


@cache
def expected(index: int) -> tuple[frozenset[Place], frozenset[Exchange], bool]:
    """The brute force's placements, exchanges and whether a pass is legal, for corpus position ``index``."""
    return expected_of(corpus()[index][1])


def expected_of(state: GameState) -> tuple[frozenset[Place], frozenset[Exchange], bool]:
    placements = brute_placements(state)
    exchanges = brute_exchanges(state)
    return frozenset(placements), frozenset(exchanges), brute_can_pass(state, placements, exchanges)


def _show(moves: Iterable[Move], limit: int = 8) -> str:
    shown = sorted(map(repr, moves))
    more = f" and {len(shown) - limit} more" if len(shown) > limit else ""
    return ", ".join(shown[:limit]) + more


def check_moves(label: str, state: GameState, want: tuple[frozenset[Place], frozenset[Exchange], bool]) -> None:
    """The listed moves are the brute force's, each once, and ``len`` counts them."""
    placements, exchanges, can_pass = want
    where = f"{label}\n{state}\nhand: {list(map(str, state.hand))}"
    fresh_count = len(legal_moves(state))
    moves = legal_moves(state)
    listed = list(moves)
    repeated = [move for move, n in Counter(listed).items() if n > 1]
    assert not repeated, f"listed twice: {_show(repeated)}\n{where}"
    listed_placements = {m for m in listed if isinstance(m, Place)}
    assert listed_placements == set(moves.placements())
    missing = placements - listed_placements
    extra = listed_placements - placements
    assert not missing, f"missing: {_show(missing)}\n{where}"
    assert not extra, f"wrongly listed: {_show(extra)}\n{where}"
    listed_exchanges = {m for m in listed if isinstance(m, Exchange)}
    assert listed_exchanges == set(moves.exchanges())
    assert listed_exchanges == exchanges, (
        f"missing: {_show(exchanges - listed_exchanges)}\n"
        f"wrongly listed: {_show(listed_exchanges - exchanges)}\n{where}"
    )
    assert (Pass() in listed) == can_pass, f"pass {'not ' if can_pass else ''}listed\n{where}"
    assert fresh_count == len(listed) == len(moves), where
    assert len(listed) == len(placements) + len(exchanges) + can_pass


def check_scores(label: str, state: GameState, placements: frozenset[Place]) -> None:
    """Every listed placement scores what the naive count says; ``best`` finds a highest one, end bonus included."""
    board = dict(state.board.items())
    totals: dict[Place, int] = {}
    for move in placements:
        totals[move] = naive_score(board, dict(move.placements), state.rules) + end_bonus(state, move)
        got = score(state, move)
        assert got.total == totals[move], f"{label}: {move!r} scores {got.total}, not {totals[move]}\n{state}"
    best = legal_moves(state).best()
    if not placements:
        assert best is None
        assert legal_moves(state).top_points() == -1
        return
    assert best is not None
    move, result = best
    assert move in placements
    assert totals[move] == max(totals.values()), f"{label}: best() gave {move!r}, worth {totals[move]}\n{state}"
    assert legal_moves(state).top_points() == totals[move], f"{label}: top_points() is not the best score\n{state}"
    assert result == score(state, move)


def _candidates(state: GameState, listed: Sequence[Place], rng: random.Random) -> Iterator[Move]:
    """Moves near the legal ones: shifted, with a tile swapped or added, single tiles by the table, exchanges."""
    hand = state.hand
    for move in rng.sample(list(listed), min(12, len(listed))):
        cells = dict(move.placements)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (3, -7)):
            yield Place({(x + dx, y + dy): t for (x, y), t in cells.items()})
        cell = rng.choice(list(cells))
        yield Place(cells | {cell: rng.choice(ALL_TILES)})
        yield Place(cells | {cell: rng.choice(hand)})
        outside = [n for c in cells for n in neighbours(c) if n not in cells and n not in state.board]
        if outside:
            yield Place(cells | {rng.choice(outside): rng.choice(hand)})
        if len(cells) > 1:
            del cells[cell]
            yield Place(cells)
    frontier = sorted({n for c in state.board for n in neighbours(c) if n not in state.board})
    for _ in range(12):
        spot = rng.choice(frontier) if frontier else (rng.randint(-3, 3), rng.randint(-3, 3))
        yield Place({spot: rng.choice(hand) if rng.random() < 0.7 else rng.choice(ALL_TILES)})
    if hand:
        yield Exchange(hand)
        yield Exchange([*hand, rng.choice(ALL_TILES)])
        yield Exchange([rng.choice(ALL_TILES)])
        yield Exchange(rng.sample(hand, rng.randint(1, len(hand))))
    yield Pass()


def check_membership(
    label: str, state: GameState, want: tuple[frozenset[Place], frozenset[Exchange], bool], seed: int
) -> None:
    """``move in legal_moves(state)`` and ``is_legal`` agree with the brute force, on and off the list."""
    placements, exchanges, can_pass = want
    moves = legal_moves(state)
    board = dict(state.board.items())
    for listed in (*placements, *exchanges, *([Pass()] if can_pass else [])):
        assert listed in moves, f"{label}: {listed!r} is listed but not `in`"
    over = state.outcome is not None
    for move in _candidates(state, sorted(placements, key=repr), random.Random(seed)):
        if isinstance(move, Place):
            listed_ok = move in placements
            legal = not over and naive_check(board, state.hand, dict(move.placements), state.rules)
        elif isinstance(move, Exchange):
            listed_ok = legal = move in exchanges
        else:
            listed_ok = legal = can_pass
        assert (move in moves) == listed_ok, f"{label}: `{move!r} in legal_moves` should be {listed_ok}\n{state}"
        assert is_legal(state, move) == legal, f"{label}: is_legal({move!r}) should be {legal}\n{state}"


def _line_lengths(state: GameState) -> set[int]:
    return {len(line) for line in board_lines(dict(state.board.items()))}


def test_corpus_size_and_coverage() -> None:
    positions = [state for _, state in corpus()]
    assert len(positions) == POSITIONS
    assert sum(1 for s in positions if s.is_opening) >= 20
    assert sum(1 for s in positions if 4 in _line_lengths(s)) >= 150
    assert sum(1 for s in positions if 5 in _line_lengths(s)) >= 100
    assert sum(1 for s in positions if not s.bag and s.outcome is None) >= 50
    assert sum(1 for s in positions if s.outcome is not None) >= 20
    for players in (2, 3, 4):
        assert sum(1 for s in positions if len(s.players) == players) >= 60
    assert {s.rules for s in positions} >= set(RULE_VARIANTS)
    standard = [s for s in positions if not s.rules.allow_voluntary_pass and s.outcome is None and s.board]
    assert sum(1 for s in standard if is_legal(s, Pass())) >= 3
    # Positions where the best move makes a line of five, or completes a Qwirkle.
    best = [found[1] for found in (legal_moves(s).best() for s in positions) if found is not None]
    assert sum(1 for result in best if any(len(line.cells) == 5 for line in result.lines)) >= 30
    assert sum(1 for result in best if result.qwirkles) >= 30


@RULES_ARE_CHECKED
@pytest.mark.parametrize("index", range(POSITIONS))
def test_legal_moves_match_brute_force(index: int) -> None:
    label, state = corpus()[index]
    check_moves(label, state, expected(index))


@SCORES_ARE_CHECKED
@pytest.mark.parametrize("index", range(POSITIONS))
def test_scores_match_naive_count(index: int) -> None:
    label, state = corpus()[index]
    check_scores(label, state, expected(index)[0])


@RULES_ARE_CHECKED
@pytest.mark.parametrize("index", range(POSITIONS))
def test_membership_and_is_legal_match_brute_force(index: int) -> None:
    label, state = corpus()[index]
    check_membership(label, state, expected(index), seed=index)


@RULES_ARE_CHECKED
def test_one_tile_is_judged_alike_with_and_without_the_frontier() -> None:
    """``is_legal`` judges one tile from the board's frontier when the board knows it; the full check must agree."""
    judged = Counter[bool]()
    for label, state in corpus()[::5]:
        if not state.board:
            continue
        len(legal_moves(state))
        fresh = pickle.loads(pickle.dumps(state))
        assert state.board._knows_frontier()
        assert not fresh.board._knows_frontier()
        near = {(x + dx, y + dy) for x, y in state.board for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -2))}
        for cell in sorted(near):
            for piece in sorted({*state.hand, ALL_TILES[0], ALL_TILES[35]}):
                move = Place({cell: piece})
                verdict = is_legal(state, move)
                assert verdict == is_legal(fresh, move), f"{label}: is_legal({move!r}) depends on the frontier"
                assert is_legal(state, move, seat=(state.current + 1) % len(state.players)) is False
                judged[verdict] += 1
        assert not fresh.board._knows_frontier()
    assert judged[True] >= 500
    assert judged[False] >= 5000


@RULES_ARE_CHECKED
@SCORES_ARE_CHECKED
@pytest.mark.parametrize("index", range(0, POSITIONS, 3))
def test_a_board_searched_again_gives_every_hand_what_a_first_search_gives(index: int) -> None:
    """From its third search on, a board keeps what fits its cells and its anchors' ends; no hand may tell."""
    label, state = corpus()[index]
    shared = pickle.loads(pickle.dumps(state)).board
    # Enough searches that the later ones use the memo, every seat's hand among them.
    seats = [*range(len(state.players)), state.current, *range(len(state.players))]
    for seat in seats:
        # Every seat's hand on a board never searched, then on the shared one: searched before, from the third on.
        first = legal_moves(attrs.evolve(state, board=pickle.loads(pickle.dumps(shared)), current=seat))
        again = legal_moves(attrs.evolve(state, board=shared, current=seat))
        assert list(again) == list(first), f"{label}: seat {seat} lists other moves on a board searched before"
        assert len(again) == len(first)
        assert again.best() == first.best()
        assert again.top() == first.top()
    if state.board and state.outcome is None:
        memo = shared._anchor_memo(state.rules.qwirkle_bonus)
        assert memo is not None, "the later searches had no memo"
        assert memo.cells is not None, "the later searches did not keep what fits each cell"


def test_a_board_searched_twice_keeps_nothing_for_later() -> None:
    """The first two searches of a board (the player to move, the next one after an exchange) pay for no memo."""
    kept = 0
    for label, state in corpus():
        if not state.board or state.outcome is not None:
            continue
        board = pickle.loads(pickle.dumps(state.board))
        for seat in range(2):
            len(legal_moves(attrs.evolve(state, board=board, current=seat % len(state.players))))
        memo = board._anchor_memo(state.rules.qwirkle_bonus)  # the third search's: what the first two kept
        assert memo is not None, label
        assert memo.cells is None, label
        assert not memo.rows, label
        assert not memo.columns, label
        len(legal_moves(attrs.evolve(state, board=board)))
        kept += memo.cells is not None
    assert kept > 100


@RULES_ARE_CHECKED
@SCORES_ARE_CHECKED
@settings(max_examples=examples(40))
@given(state=reachable_states())
def test_drawn_states_match_brute_force(state: GameState) -> None:
    want = expected_of(state)
    check_moves("drawn state", state, want)
    check_scores("drawn state", state, want[0])
    check_membership("drawn state", state, want, seed=state.turn_number)


def _joining_runs_example() -> tuple[GameState, Place]:
    """Red circle, red square, a hole, red circle, joined below by blue tiles; a red diamond for the hole."""
    red_circle, red_square, red_diamond = tile(0, 0), tile(0, 1), tile(0, 2)
    board = {(0, 0): red_circle, (1, 0): red_square, (3, 0): red_circle}
    board |= {(1, 1): tile(4, 1), (2, 1): tile(4, 2), (3, 1): tile(4, 0)}
    hand = [red_diamond, tile(1, 3), tile(2, 3), tile(3, 4), tile(5, 5), tile(1, 1)]
    state = position(NAMES[:2], board, [hand, [tile(3, s) for s in range(6)]])
    return state, Place({(2, 0): red_diamond})


@pytest.mark.rule("LINE-3", "LINE-6")
def test_joining_runs_that_share_a_tile_is_refused() -> None:
    state, move = _joining_runs_example()
    board = dict(state.board.items())
    assert not naive_check(board, state.hand, dict(move.placements))
    assert repeats_a_table_tile(board, dict(move.placements))
    with pytest.raises(IllegalMoveError) as refused:
        apply(state, move)
    assert refused.value.rule is Rule.LINE_3
    assert "would join two red circle tiles in its row" in str(refused.value)
    assert not is_legal(state, move)
    assert move not in legal_moves(state)
    # The same kind of move, met near the legal moves of the corpus positions.
    found = 0
    for index, (_, position_state) in enumerate(corpus()):
        listed = sorted(legal_moves(position_state).placements(), key=repr)
        table = dict(position_state.board.items())
        for candidate in _candidates(position_state, listed, random.Random(index)):
            if isinstance(candidate, Place) and repeats_a_table_tile(table, dict(candidate.placements)):
                found += 1
                assert not is_legal(position_state, candidate)
                with pytest.raises(IllegalMoveError):
                    apply(position_state, candidate)
    assert found >= 10
