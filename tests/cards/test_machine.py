"""A state machine that plays whole games of Qwirkle Cards, mixing bots, illegal tries and turns built step by step."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from qwirkle import IllegalMoveError, Rule
from qwirkle.cards import (
    CardsMove,
    CardsRuleSet,
    CardsState,
    GreedyBot,
    Lay,
    RandomBot,
    TurnBuilder,
    apply,
    is_legal,
    is_over,
    most_cards,
    new_game,
)

from .helpers import RULE_VARIANTS, check_invariants, check_transition


def build(state: CardsState, move: Lay) -> TurnBuilder:
    """The turn ``move`` as an interface would build it: one card at a time into the final series."""
    turn = TurnBuilder.start(state)
    for built, target in enumerate(move.table):
        building = False
        for card in target:
            done = built + (1 if building else 0)
            sources = turn.series[: len(turn.series) - done]
            into = len(turn.series) - 1 if building else None
            source = next((i for i, series in enumerate(sources) if card in series), None)
            turn = turn.lay(card, into) if source is None else turn.move(card, source, into)
            building = True
    return turn


class CardsGame(RuleBasedStateMachine):
    """Whole games: every step is checked against the invariants and the rules of one move."""

    def __init__(self) -> None:
        super().__init__()
        self.state = new_game(["Ann", "Bob"], seed=0)
        self.bot_seed = 0

    @initialize(seed=st.integers(0, 2**32), players=st.integers(2, 4), rules=st.sampled_from(RULE_VARIANTS))
    def deal(self, seed: int, players: int, rules: CardsRuleSet) -> None:
        self.state = new_game([f"p{i}" for i in range(players)], seed=seed, rules=rules)
        self.bot_seed = seed

    def play(self, move: CardsMove) -> None:
        before = self.state
        after = apply(before, move)
        check_transition(before, move, after)
        self.state = after

    @precondition(lambda self: not is_over(self.state))
    @rule()
    def random_move(self) -> None:
        self.bot_seed += 1
        self.play(RandomBot(seed=self.bot_seed).choose(self.state.view()))

    @precondition(lambda self: not is_over(self.state))
    @rule()
    def greedy_move(self) -> None:
        self.play(GreedyBot().choose(self.state.view()))

    @precondition(lambda self: not is_over(self.state))
    @rule()
    def built_move(self) -> None:
        move = most_cards(self.state)
        if move is None:
            self.greedy_move()
            return
        turn = build(self.state, move)
        assert turn.is_valid
        assert turn.to_move() == move
        assert turn.apply() == apply(self.state, move)
        self.play(move)

    @precondition(lambda self: not is_over(self.state) and bool(self.state.table))
    @rule(data=st.data())
    def a_table_card_cannot_vanish(self, data: st.DataObject) -> None:
        move = most_cards(self.state)
        if move is None:
            return
        gone = data.draw(st.sampled_from(sorted({card for series in self.state.table for card in series})))
        # Keep the rest of the table as it was arranged by the search, minus one copy of ``gone``.
        table = [list(series) for series in move.table]
        for series in table:
            if gone in series:
                series.remove(gone)
                break
        broken = Lay(move.played, [series for series in table if series])
        before = self.state
        with pytest.raises(IllegalMoveError) as caught:
            apply(before, broken)
        assert caught.value.rule is Rule.CARDS_6
        assert not is_legal(before, broken)
        assert self.state == before

    @precondition(lambda self: is_over(self.state))
    @rule(seed=st.integers(0, 2**32))
    def new_deal(self, seed: int) -> None:
        self.deal(seed, 2 + seed % 3, RULE_VARIANTS[seed % len(RULE_VARIANTS)])

    @invariant()
    def keeps_every_card(self) -> None:
        check_invariants(self.state)


CardsGame.TestCase.settings = settings(max_examples=15, stateful_step_count=40, deadline=None)
TestCardsGame = CardsGame.TestCase
