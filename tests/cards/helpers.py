"""Shared helpers for the Qwirkle Cards tests: positions, games, and the invariants every state keeps."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import strategies as st

from qwirkle import Tile
from qwirkle.cards import (
    CardsMove,
    CardsRuleSet,
    CardsState,
    GreedyBot,
    Lay,
    RandomBot,
    apply,
    is_over,
    is_valid_series,
    new_game,
)
from qwirkle.cards.bots import Bot
from qwirkle.rules.ruleset import variants

RULE_VARIANTS: tuple[CardsRuleSet, ...] = (
    CardsRuleSet(),
    *variants(CardsRuleSet),
    *(CardsRuleSet.preset(name) for name in CardsRuleSet.PRESETS if CardsRuleSet.preset(name) != CardsRuleSet()),
)
"""Option sets the property tests play: the standard game, each option changed alone, the presets."""


def census(state: CardsState) -> Counter[Tile]:
    """Every copy of every card in the game, wherever it is."""
    counts: Counter[Tile] = Counter()
    for series in state.table:
        counts.update(series)
    for hand in state.hands:
        counts.update(hand)
    counts.update(state.deck)
    for won in state.qwirkles:
        for series in won:
            counts.update(series)
    return counts


def check_invariants(state: CardsState) -> None:
    """What every reachable state keeps (Rules CARDS-1, CARDS-2, CARDS-3, CARDS-6, CARDS-8)."""
    counts = census(state)
    assert len(counts) == 36
    assert set(counts.values()) == {3}
    assert sum(counts.values()) == 108
    for series in state.table:
        assert state.rules.cards_min_set <= len(series) <= 5
        assert is_valid_series(series, state.rules.cards_min_set)
    for won in state.qwirkles:
        for series in won:
            assert len(series) == 6
            assert is_valid_series(series)
    for hand in state.hands:
        assert len(hand) <= state.rules.cards_hand_size
        if state.deck:
            assert len(hand) == state.rules.cards_hand_size


def check_transition(before: CardsState, move: CardsMove, after: CardsState) -> None:
    """What one move may change: the cards laid went from the hand to the table, nothing else moved."""
    seat = before.current
    assert all(a >= b for a, b in zip(after.scores, before.scores, strict=True))
    if isinstance(move, Lay):
        old_table: Counter[Tile] = Counter(card for series in before.table for card in series)
        new_table: Counter[Tile] = Counter(card for series in after.table for card in series)
        claimed: Counter[Tile] = Counter(card for series in move.qwirkles for card in series)
        assert new_table + claimed == old_table + Counter(move.played)
        drawn = Counter(before.deck) - Counter(after.deck)
        assert Counter(after.hands[seat]) == Counter(before.hands[seat]) - Counter(move.played) + drawn
        assert after.scores[seat] == before.scores[seat] + len(move.qwirkles)
    for other in range(len(before.players)):
        if other != seat:
            assert after.hands[other] == before.hands[other]


def bots_for(kinds: str, seed: int) -> list[Bot]:
    """One bot per letter: ``r`` random, ``g`` greedy."""
    return [RandomBot(seed=seed * 31 + i) if kind == "r" else GreedyBot() for i, kind in enumerate(kinds)]


Step = tuple[CardsState, CardsMove, CardsState]


def play(seed: int, kinds: str = "rg", rules: CardsRuleSet | None = None) -> Iterator[Step]:
    """Every move of a seeded game between bots: ``(state before, move, state after)``."""
    bots = bots_for(kinds, seed)
    state = new_game([f"p{i}" for i in range(len(kinds))], seed=seed, rules=rules)
    while not is_over(state):
        move = bots[state.current].choose(state.view())
        after = apply(state, move)
        yield state, move, after
        state = after


def random_counts(rng: random.Random, table: int, hand: int, rows: int = 3) -> tuple[list[int], list[int]]:
    """A small random position as count vectors, its cards drawn from a few lines so that they interact."""
    colours = rng.sample(range(6), rng.randint(1, rows))
    shapes = rng.sample(range(6), rng.randint(2, 6))
    pool = [c * 6 + s for c in colours for s in shapes for _ in range(3)]
    rng.shuffle(pool)
    on_table, in_hand = [0] * 36, [0] * 36
    for k in pool[:table]:
        on_table[k] += 1
    for k in pool[table : table + hand]:
        in_hand[k] += 1
    return on_table, in_hand


def qwirkle_counts(rng: random.Random) -> tuple[list[int], list[int]]:
    """A small random position where a series of six is within reach: a whole line, some of it in the hand."""
    line = rng.randrange(12)
    cells = [line * 6 + i for i in range(6)] if line < 6 else [c * 6 + line - 6 for c in range(6)]
    on_table, in_hand = [0] * 36, [0] * 36
    rng.shuffle(cells)
    split = rng.randint(3, 5)
    for k in cells[:split]:
        on_table[k] += 1
    for k in cells[split:]:
        in_hand[k] += 1
    extra_table, extra_hand = random_counts(rng, rng.randint(0, 4), rng.randint(0, 2), rows=2)
    for k in range(36):
        on_table[k] = min(3, on_table[k] + extra_table[k])
        in_hand[k] = min(3 - on_table[k], in_hand[k] + extra_hand[k])
    return on_table, in_hand


games = st.tuples(
    st.integers(0, 2**32),
    st.sampled_from(["rr", "rg", "gr", "rrg", "grr", "rgrg", "gg"]),
    st.sampled_from(RULE_VARIANTS),
)
"""A seeded game: its seed, its bots (one letter a seat) and its rules."""
