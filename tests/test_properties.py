"""Properties of every state reachable by legal play, and of ``apply`` on those states."""

from __future__ import annotations

import pickle
from collections import Counter
from itertools import pairwise, product

import attrs
import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from qwirkle import (
    ALL_TILES,
    BlockedEnd,
    Board,
    Colour,
    EndReason,
    Exchange,
    GameState,
    IllegalMoveError,
    Pass,
    Place,
    Rule,
    Shape,
    Tile,
    apply,
    is_legal,
    is_over,
    legal_moves,
    new_game,
    position,
    score,
)
from qwirkle._engine.geometry import key
from qwirkle.testing import MAX_TURNS, crafted_positions, game_paths, mutated_moves, reachable_states
from tests.brute import (
    MAX_LINE,
    board_lines,
    brute_is_legal,
    end_bonus,
    is_connected,
    naive_check,
    naive_score,
    neighbours,
)
from tests.helpers import snapshot
from tests.strategies import examples

END_RULES = {reason.rule for reason in EndReason}

ALWAYS_ILLEGAL = {"foreign tile", "occupied cell", "far tile", "too many to exchange", "exchange not held"}
"""Changes that can never give a legal move (the others are judged by the brute force)."""

RULES_FOR = {
    "foreign tile": {Rule.TURN_1},
    "occupied cell": {Rule.PLACE_5, Rule.PLACE_1, Rule.PLACE_2},
    "too many to exchange": {Rule.EXCHANGE_1, Rule.EXCHANGE_5, Rule.START_4},
    "exchange not held": {Rule.EXCHANGE_1, Rule.START_4},
    "pass": {Rule.TURN_3, Rule.EXCHANGE_4, Rule.START_4},
}
"""The rules a refusal may name, for the changes whose fault is clear (a game over names an END rule)."""


@pytest.mark.rule("LINE-1", "LINE-2", "LINE-3", "LINE-4", "PLACE-4", "PLACE-5")
@settings(max_examples=examples(40))
@given(path=game_paths())
def test_table_lines_stay_valid_and_connected(path: list[GameState]) -> None:
    for state in path:
        table = dict(state.board.items())
        for line in board_lines(table):
            tiles = [table[cell] for cell in line]
            assert 2 <= len(line) <= MAX_LINE, line
            assert len(set(tiles)) == len(tiles), f"repeated tile in {line}\n{state}"
            one_colour = len({t.colour for t in tiles}) == 1
            one_shape = len({t.shape for t in tiles}) == 1
            assert one_colour or one_shape, f"mixed line {line}\n{state}"
        assert is_connected(table), f"table not connected\n{state}"
    for before, after in pairwise(path):
        for cell, tile in before.board.items():
            assert after.board[cell] == tile, f"the tile on {cell} moved"


@pytest.mark.rule("LINE-2", "LINE-3", "LINE-4")
@settings(max_examples=examples(40))
@given(path=game_paths())
def test_the_frontier_kept_turn_by_turn_is_the_one_worked_out_afresh(path: list[GameState]) -> None:
    """Each board derives what fits next to its tiles, and its runs, from its parent's; a fresh board must agree."""
    for state in path:
        kept = state.board._derived()
        assert kept == Board(state.board.items())._derived(), f"frontier or runs kept wrong\n{state}"


@settings(max_examples=examples(30))
@given(path=game_paths())
def test_the_bounds_grown_turn_by_turn_are_the_ones_worked_out_afresh(path: list[GameState]) -> None:
    """A board whose bounds were asked passes them on to the board grown from it, which must agree with a fresh one."""
    state = path[0]
    for turn in path[-1].history[len(state.history) :]:
        state.board.bounds()
        state = apply(state, turn.move)
        assert state.board.bounds() == Board(state.board.items()).bounds(), f"bounds grown wrong\n{state}"
    assert state == path[-1]


@pytest.mark.rule("LINE-2", "LINE-3", "LINE-4")
def test_tiles_added_off_one_line_refresh_the_frontier_both_ways() -> None:
    red_circle, red_square = Tile(Colour.RED, Shape.CIRCLE), Tile(Colour.RED, Shape.SQUARE)
    board = Board({(0, 0): red_circle})
    board._frontier()
    # Not a legal move, but the board's bookkeeping must not depend on that: (1, 1) ends a row and a column.
    grown = board._placed_unchecked({key((1, 0)): red_square.index, key((0, 1)): Tile(Colour.BLUE, Shape.CIRCLE).index})
    assert grown._derived() == Board(grown.items())._derived()
    _, row_run, _, column_run = grown._frontier()[key((1, 1))]
    assert row_run == column_run == 1


@pytest.mark.rule("TILES-1", "TILES-2", "SETUP-2")
@settings(max_examples=examples(40))
@given(path=game_paths())
def test_every_tile_is_somewhere_exactly_once(path: list[GameState]) -> None:
    assert {(t.colour, t.shape) for t in ALL_TILES} == set(product(Colour, Shape))
    assert len(ALL_TILES) == 36
    rules = path[0].rules
    full = Counter(dict.fromkeys(ALL_TILES, rules.copies_per_tile))
    assert full.total() == rules.tile_count == 36 * rules.copies_per_tile
    for state in path:
        counts = Counter(state.board.values())
        for hand in state.hands:
            counts.update(hand)
        counts.update(state.bag)
        assert counts == full, f"tiles gained: {counts - full}, lost: {full - counts}"


@pytest.mark.rule("SCORE-1", "SCORE-6", "SCORE-8", "EXCHANGE-2", "START-5", "START-7", "TURN-1")
@settings(max_examples=examples(40))
@given(path=game_paths())
def test_scores_only_grow_and_add_up_the_history(path: list[GameState]) -> None:
    for state in path:
        for seat in range(len(state.players)):
            earned = sum(turn.score.total for turn in state.history if turn.seat == seat)
            assert state.scores[seat] == earned
    for before, after in pairwise(path):
        turn = after.history[-1]
        seat = before.current
        assert after.history[:-1] == before.history
        assert turn.seat == seat
        assert after.current == (seat + 1) % len(before.players)
        assert turn.score == score(before, turn.move)
        assert all(a >= b for a, b in zip(after.scores, before.scores, strict=True))
        assert after.scores[seat] - before.scores[seat] == turn.score.total
        assert [s for i, s in enumerate(after.scores) if i != seat] == [
            s for i, s in enumerate(before.scores) if i != seat
        ]
        if isinstance(turn.move, Place):
            naive = naive_score(dict(before.board.items()), dict(turn.move.placements), before.rules)
            assert turn.score.total == naive + end_bonus(before, turn.move)
        else:
            assert turn.score.total == 0


@pytest.mark.rule("SETUP-2", "SETUP-3", "TURN-2", "END-1", "EXCHANGE-1")
@settings(max_examples=examples(40))
@given(path=game_paths())
def test_hands_are_dealt_and_refilled(path: list[GameState]) -> None:
    start = path[0]
    rules = start.rules
    assert all(len(hand) == rules.hand_size for hand in start.hands)
    assert len(start.bag) == rules.tile_count - len(start.players) * rules.hand_size
    for state in path:
        assert all(len(hand) <= rules.hand_size for hand in state.hands)
        if state.bag:
            assert all(len(hand) == rules.hand_size for hand in state.hands), (
                f"short hand with tiles in the bag\n{state}"
            )
    for before, after in pairwise(path):
        move = after.history[-1].move
        seat = before.current
        assert [h for i, h in enumerate(after.hands) if i != seat] == [
            h for i, h in enumerate(before.hands) if i != seat
        ]
        hand_after = Counter(after.hands[seat])
        if isinstance(move, Place):
            drawn = min(len(move), len(before.bag))
            kept = Counter(before.hand) - Counter(move.tiles)
            assert len(after.hands[seat]) == len(before.hand) - len(move) + drawn
            assert len(after.bag) == len(before.bag) - drawn
            new = hand_after - kept
            assert kept <= hand_after
            assert new.total() == drawn
            assert new <= Counter(before.bag)
        elif isinstance(move, Exchange):
            kept = Counter(before.hand) - Counter(move.tiles)
            assert len(after.hands[seat]) == len(before.hand)
            assert len(after.bag) == len(before.bag)
            assert kept <= hand_after
            if not rules.exchange_return_before_draw and len(move) <= len(before.bag):
                # Drawing before putting the tiles back: none of the tiles given can come straight back.
                assert hand_after - kept <= Counter(before.bag)
        else:
            assert after.hands == before.hands
            assert after.bag == before.bag
            assert after.board == before.board


@pytest.mark.rule("TURN-1", "SETUP-2")
@settings(max_examples=examples(25))
@given(state=reachable_states(), data=st.data())
def test_apply_leaves_its_input_unchanged(state: GameState, data: st.DataObject) -> None:
    copied = pickle.loads(pickle.dumps(state))
    fields = snapshot(state)
    fingerprint = hash(state)
    moves = list(legal_moves(state))
    picks = data.draw(st.lists(st.sampled_from(moves), max_size=4)) if moves else []
    for move in picks:
        first = apply(state, move)
        assert apply(state, move) == first
        assert first != state
    _, changed = data.draw(mutated_moves(state))
    if brute_is_legal(state, changed):
        apply(state, changed)
    else:
        with pytest.raises(IllegalMoveError):
            apply(state, changed)
    assert state == copied
    assert hash(state) == fingerprint
    assert snapshot(state) == fields


@pytest.mark.rule("TURN-1", "TURN-3", "END-2", "END-3")
@settings(max_examples=examples(30))
@given(state=reachable_states())
def test_every_listed_move_applies(state: GameState) -> None:
    moves = list(legal_moves(state))
    if is_over(state):
        assert moves == []
        return
    assert moves, f"a game that is not over must offer a move\n{state}"
    seat = state.current
    for move in moves:
        after = apply(state, move)
        assert after.history[-1].move == move
        assert after.turn_number == state.turn_number + 1
        assert after.scores[seat] == state.scores[seat] + score(state, move).total
        if isinstance(move, Place):
            assert all(after.board[cell] == tile for cell, tile in move.placements)
            assert len(after.board) == len(state.board) + len(move)
        else:
            assert after.board == state.board


@pytest.mark.rule(
    "TURN-1", "TURN-3", "PLACE-1", "PLACE-2", "PLACE-4", "PLACE-5", "LINE-6", "EXCHANGE-1", "EXCHANGE-5", "START-4"
)
@settings(max_examples=examples(150))
@given(state=reachable_states(), data=st.data())
def test_changed_moves_are_judged_like_the_brute_force(state: GameState, data: st.DataObject) -> None:
    kind, move = data.draw(mutated_moves(state), label="move")
    copied = pickle.loads(pickle.dumps(state))
    legal = brute_is_legal(state, move)
    event(f"{kind}: {'legal' if legal else 'illegal'}")
    if kind in ALWAYS_ILLEGAL:
        assert not legal, f"{kind} gave a legal move {move!r}"
    if legal:
        assert is_legal(state, move)
        after = apply(state, move)
        assert after.history[-1].move == move
    else:
        with pytest.raises(IllegalMoveError) as refused:
            apply(state, move)
        rule = refused.value.rule
        assert isinstance(rule, Rule)
        if is_over(state):
            assert rule in END_RULES
        elif kind in RULES_FOR:
            assert rule in RULES_FOR[kind], f"{kind}: {move!r} refused with {rule}"
        assert not is_legal(state, move)
        assert move not in legal_moves(state)
    assert state == copied
    assert snapshot(state) == snapshot(copied)


@pytest.mark.rule("START-7")
@settings(max_examples=examples(15))
@given(state=reachable_states(), data=st.data())
def test_only_the_player_to_move_may_play(state: GameState, data: st.DataObject) -> None:
    assume(not is_over(state))
    move = data.draw(st.sampled_from(list(legal_moves(state))))
    other = data.draw(st.sampled_from([seat for seat in range(len(state.players)) if seat != state.current]))
    with pytest.raises(IllegalMoveError) as refused:
        apply(state, move, seat=other)
    assert refused.value.rule is Rule.START_7
    assert apply(state, move, seat=state.current) == apply(state, move)


@pytest.mark.rule("TURN-1", "EXCHANGE-1")
def test_a_move_of_no_tiles_is_refused() -> None:
    with pytest.raises(IllegalMoveError) as empty_place:
        Place({})
    assert isinstance(empty_place.value.rule, Rule)
    with pytest.raises(IllegalMoveError) as empty_exchange:
        Exchange([])
    assert empty_exchange.value.rule is Rule.EXCHANGE_1


@pytest.mark.rule("SETUP-2", "EXCHANGE-1")
@settings(max_examples=examples(20))
@given(path=game_paths())
def test_same_seed_and_moves_give_the_same_game(path: list[GameState]) -> None:
    start = path[0]
    assert start.seed is not None
    again = new_game(start.players, seed=start.seed, rules=start.rules)
    assert again == start
    for state, turn in zip(path[1:], path[-1].history, strict=True):
        again = apply(again, turn.move)
        assert again == state
        assert hash(again) == hash(state)
        assert snapshot(again) == snapshot(state)


@pytest.mark.rule("END-2", "END-3", "END-4", "END-5", "SCORE-8")
@settings(max_examples=examples(30))
@given(path=game_paths(phases=st.just("finished")))
def test_games_end_by_the_rules(path: list[GameState]) -> None:
    final = path[-1]
    assert all(state.outcome is None for state in path[:-1])
    if final.outcome is None:
        # Only a deadlock with tiles in the bag (END-5, no limit set) can run this long.
        assert final.turn_number >= MAX_TURNS
        assert final.rules.stalemate_rounds is None
        return
    outcome = final.outcome
    players = len(final.players)
    assert outcome.scores == final.scores
    assert outcome.winners == tuple(s for s in range(players) if final.scores[s] == max(final.scores))
    last = final.history[-1]
    if outcome.reason is EndReason.WENT_OUT:
        assert outcome.ended_by == last.seat
        assert final.hands[last.seat] == ()
        assert final.bag == ()
        assert isinstance(last.move, Place)
        assert last.score.end_bonus == final.rules.end_bonus
    else:
        assert outcome.ended_by is None
        assert last.score.end_bonus == 0
    if outcome.reason is EndReason.BLOCKED:
        assert final.bag == ()
        for seat in range(players):
            assert not any(_fits_alone(final, seat)), f"seat {seat} could still place\n{final}"
    if outcome.reason is EndReason.STALEMATE:
        limit = final.rules.stalemate_rounds
        assert limit is not None
        idle = final.history[-limit * players :]
        assert not any(isinstance(turn.move, Place) for turn in idle)
    assert list(legal_moves(final)) == []
    assert len(legal_moves(final)) == 0
    for move in (*(turn.move for turn in final.history[-3:]), Pass()):
        with pytest.raises(IllegalMoveError) as refused:
            apply(final, move)
        assert refused.value.rule in END_RULES


def _fits_alone(state: GameState, seat: int) -> list[bool]:
    """For each (frontier cell, tile of the seat's hand): whether that tile alone may go there."""
    table = dict(state.board.items())
    frontier = {n for cell in table for n in neighbours(cell) if n not in table}
    hand = state.hands[seat]
    return [naive_check(table, hand, {cell: tile}) for cell in sorted(frontier) for tile in set(hand)]


@pytest.mark.rule("TURN-3", "EXCHANGE-4", "END-3", "END-4")
def test_forced_passes_and_a_blocked_table() -> None:
    positions = dict(crafted_positions())
    blocked = positions["blocked table"]
    assert list(legal_moves(blocked)) == [Pass()]
    after = apply(blocked, Pass())
    assert after.outcome is not None
    assert after.outcome.reason is EndReason.BLOCKED
    assert after.scores == blocked.scores
    assert after.outcome.winners == tuple(range(len(blocked.players)))
    # Detected by a round of passes instead: every player passes once, then the game ends.
    patient = position(
        blocked.players,
        blocked.board,
        blocked.hands,
        bag=blocked.bag,
        rules=attrs.evolve(blocked.rules, blocked_end_detection=BlockedEnd.ROUND_OF_PASSES),
    )
    for _ in range(len(blocked.players) - 1):
        patient = apply(patient, Pass())
        assert not is_over(patient)
    patient = apply(patient, Pass())
    assert patient.outcome is not None
    assert patient.outcome.reason is EndReason.BLOCKED
    # A player who cannot place passes while others still can: the game goes on.
    stuck = positions["pass while others can place"]
    assert list(legal_moves(stuck)) == [Pass()]
    moved_on = apply(stuck, Pass())
    assert not is_over(moved_on)
    assert any(True for _ in legal_moves(moved_on).placements())
    # With tiles in the bag, a player who cannot place must exchange instead.
    must_swap = positions["forced exchange"]
    assert all(isinstance(move, Exchange) for move in legal_moves(must_swap))
    assert len(legal_moves(must_swap)) > 0
    with pytest.raises(IllegalMoveError) as refused:
        apply(must_swap, Pass())
    assert refused.value.rule is Rule.EXCHANGE_4
