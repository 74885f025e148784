"""Whole games as a hypothesis state machine: legal moves of each kind, illegal attempts, invariants after each step."""

from __future__ import annotations

import pickle
from collections import Counter
from typing import Final

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from qwirkle import (
    ALL_TILES,
    EndReason,
    Exchange,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Place,
    Rule,
    RuleSet,
    apply,
    is_legal,
    is_over,
    legal_moves,
    new_game,
    score,
)
from qwirkle.testing import NAMES, mutated_moves, player_counts, rule_sets, seats_for, seeds
from tests.brute import brute_is_legal
from tests.strategies import examples

END_RULES: Final = {reason.rule for reason in EndReason}

PLAY_OUT_AFTER: Final = 8
"""Turns after which a step may finish the game at once, so that most runs see an end."""

PLAY_OUT_LIMIT: Final = 400
"""Most turns one play-out step plays (a deadlock with tiles in the bag can last for ever, END-5)."""


class GameMachine(RuleBasedStateMachine):
    """A game between 2 to 4 players under a drawn option set, stepped one move at a time."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game(NAMES[:2], seed=0)
        self.scores: tuple[int, ...] = self.state.scores
        self._listed_for: GameState | None = None
        self._listed: tuple[list[Place], list[Exchange], bool] = ([], [], False)

    def listed(self) -> tuple[list[Place], list[Exchange], bool]:
        """The placements, exchanges and whether a pass is listed, for the current state."""
        if self._listed_for is not self.state:
            moves = legal_moves(self.state)
            everything = list(moves)
            self._listed = (
                [m for m in everything if isinstance(m, Place)],
                [m for m in everything if isinstance(m, Exchange)],
                Pass() in everything,
            )
            self._listed_for = self.state
        return self._listed

    def play(self, move: Move) -> None:
        """Apply a listed move and check what it did."""
        before = self.state
        gained = score(before, move).total
        after = apply(before, move)
        assert after.history[-1].move == move
        assert after.history[-1].seat == before.current
        assert after.scores[before.current] == before.scores[before.current] + gained
        if not isinstance(move, Place):
            assert gained == 0
            assert after.board == before.board
        self.state = after

    @initialize(seed=seeds(), rules=rule_sets(), players=player_counts())
    def deal(self, seed: int, rules: RuleSet, players: int) -> None:
        self.state = new_game(NAMES[: seats_for(rules, players)], seed=seed, rules=rules)
        self.scores = self.state.scores

    @precondition(lambda self: is_over(self.state))
    @rule(seed=seeds(), rules=rule_sets(), players=player_counts())
    def deal_again(self, seed: int, rules: RuleSet, players: int) -> None:
        self.deal(seed, rules, players)

    @rule()
    def recount(self) -> None:
        """The listing has no repeats, ``len`` counts it, and ``in`` accepts each listed move."""
        moves = legal_moves(self.state)
        counted = len(moves)
        listed = list(moves)
        assert counted == len(listed) == len(set(listed))
        placements, exchanges, can_pass = self.listed()
        assert len(placements) + len(exchanges) + can_pass == counted
        for move in listed[:: max(1, len(listed) // 10)]:
            assert move in moves

    @precondition(lambda self: bool(self.listed()[0]))
    @rule(data=st.data())
    def place_any(self, data: st.DataObject) -> None:
        self.play(data.draw(st.sampled_from(self.listed()[0]), label="placement"))

    @precondition(lambda self: bool(self.listed()[0]))
    @rule()
    def place_best(self) -> None:
        best = legal_moves(self.state).best()
        assert best is not None
        move, result = best
        assert result.total == max(score(self.state, m).total for m in self.listed()[0])
        self.play(move)

    @precondition(lambda self: bool(self.listed()[1]))
    @rule(data=st.data())
    def exchange(self, data: st.DataObject) -> None:
        self.play(data.draw(st.sampled_from(self.listed()[1]), label="exchange"))

    @precondition(lambda self: self.listed()[2])
    @rule()
    def pass_turn(self) -> None:
        self.play(Pass())

    @precondition(lambda self: not is_over(self.state) and self.state.turn_number >= PLAY_OUT_AFTER)
    @rule(greedy=st.booleans())
    def play_out(self, greedy: bool) -> None:
        """Finish the game: best placements or the first listed ones, else whatever is listed."""
        for _ in range(PLAY_OUT_LIMIT):
            if is_over(self.state):
                break
            placements, exchanges, can_pass = self.listed()
            best = legal_moves(self.state).best() if greedy else None
            if best is not None:
                self.play(best[0])
            elif placements:
                self.play(placements[0])
            elif exchanges:
                self.play(exchanges[0])
            else:
                assert can_pass
                self.play(Pass())
            self.check_tiles()
            self.check_hands()
            self.check_scores()

    @rule(data=st.data())
    def try_a_changed_move(self, data: st.DataObject) -> None:
        before = self.state
        snapshot = pickle.loads(pickle.dumps(before))
        _, move = data.draw(mutated_moves(before), label="changed move")
        if brute_is_legal(before, move):
            assert is_legal(before, move)
            return
        with pytest.raises(IllegalMoveError) as refused:
            apply(before, move)
        assert isinstance(refused.value.rule, Rule)
        assert not is_legal(before, move)
        assert before == snapshot
        assert hash(before) == hash(snapshot)

    @invariant()
    def check_tiles(self) -> None:
        state = self.state
        counts = Counter(state.board.values())
        for hand in state.hands:
            counts.update(hand)
        counts.update(state.bag)
        assert counts == Counter(dict.fromkeys(ALL_TILES, state.rules.copies_per_tile))

    @invariant()
    def check_scores(self) -> None:
        state = self.state
        assert all(now >= then for now, then in zip(state.scores, self.scores, strict=True))
        for seat, points in enumerate(state.scores):
            assert points == sum(turn.score.total for turn in state.history if turn.seat == seat)
        self.scores = state.scores

    @invariant()
    def check_hands(self) -> None:
        state = self.state
        size = state.rules.hand_size
        assert all(len(hand) <= size for hand in state.hands)
        if state.bag:
            assert all(len(hand) == size for hand in state.hands)

    @invariant()
    def check_moves_and_end(self) -> None:
        state = self.state
        if not is_over(state):
            assert len(legal_moves(state)) > 0
            return
        assert list(legal_moves(state)) == []
        assert len(legal_moves(state)) == 0
        tile = next((t for hand in state.hands for t in hand), ALL_TILES[0])
        for move in (Pass(), Exchange([tile]), Place({(0, 0): tile}), state.history[-1].move):
            with pytest.raises(IllegalMoveError) as refused:
                apply(state, move)
            assert refused.value.rule in END_RULES


GameMachine.TestCase.settings = settings(max_examples=examples(25), stateful_step_count=100)
TestGame = pytest.mark.rule(
    "TILES-2", "SETUP-3", "TURN-1", "TURN-2", "TURN-3", "SCORE-1", "SCORE-6", "END-1", "END-2", "END-3", "END-5"
)(GameMachine.TestCase)
