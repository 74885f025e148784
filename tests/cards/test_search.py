"""The searches are exact: they agree with a brute force that lists every partition of every lay."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import Tile
from qwirkle.cards import (
    CardsState,
    Lay,
    Pass,
    apply,
    can_lay,
    is_legal,
    legal_moves,
    most_cards,
    most_qwirkles,
    new_game,
    position,
)
from qwirkle.cards._search.plans import Goal, best_plan, brute_force, feasible_counts, partitions, plan_for
from qwirkle.cards.series import TYPE_KINDS, kinds_of, series_fault

from .helpers import qwirkle_counts, random_counts

MIN_SETS = [3, 3, 3, 1, 2, 4, 5, 6]


def check_against_brute_force(table: list[int], hand: list[int], min_set: int) -> None:
    """The three searches against every legal result of the turn, listed one by one."""
    every = brute_force(table, hand, min_set)
    for goal in Goal:
        plan = best_plan(table, hand, min_set, goal)
        if not every:
            assert plan is None, (table, hand, min_set, goal)
            continue
        assert plan is not None, (table, hand, min_set, goal)
        assert (tuple(plan.laid), plan.series) in every
        assert every[(tuple(plan.laid), plan.series)] == plan.qwirkles
        if goal is Goal.CARDS:
            assert (plan.cards, plan.qwirkles) == max((sum(laid), q) for (laid, _), q in every.items())
        if goal is Goal.QWIRKLES:
            assert (plan.qwirkles, plan.cards) == max((q, sum(laid)) for (laid, _), q in every.items())


@pytest.mark.rule("CARDS-6", "CARDS-7", "CARDS-8")
def test_seeded_small_positions_match_the_brute_force() -> None:
    rng = random.Random(2024)
    for _ in range(150):
        table, hand = random_counts(rng, rng.randint(0, 9), rng.randint(1, 5))
        check_against_brute_force(table, hand, rng.choice(MIN_SETS))


@pytest.mark.rule("CARDS-8")
def test_seeded_positions_rich_in_qwirkles_match_the_brute_force() -> None:
    rng = random.Random(6)
    seen = 0
    for _ in range(40):
        table, hand = qwirkle_counts(rng)
        check_against_brute_force(table, hand, 3)
        plan = best_plan(table, hand, 3, Goal.QWIRKLES)
        seen += plan is not None and plan.qwirkles > 0
    assert seen >= 10


@given(st.integers(0, 2**32), st.integers(0, 8), st.integers(1, 4), st.sampled_from(MIN_SETS))
@settings(max_examples=60)
def test_random_small_positions_match_the_brute_force(seed: int, on_table: int, in_hand: int, min_set: int) -> None:
    table, hand = random_counts(random.Random(seed), on_table, in_hand)
    check_against_brute_force(table, hand, min_set)


def naive_partitions(counts: list[int], min_set: int) -> set[tuple[int, ...]]:
    """Every partition of the cards into valid series, found by labelling each copy and deduplicating."""
    copies = [k for k in range(36) for _ in range(counts[k])]
    out: set[tuple[int, ...]] = set()

    def walk(i: int, groups: list[list[int]]) -> None:
        if i == len(copies):
            if all(series_fault(g, min_set) is None for g in groups):
                masks = []
                for g in groups:
                    mask = 0
                    for k in g:
                        mask |= 1 << k
                    masks.append(mask)
                out.add(tuple(sorted(masks)))
            return
        for g in groups:
            if copies[i] not in g and len(g) < 6:
                g.append(copies[i])
                walk(i + 1, groups)
                g.pop()
        groups.append([copies[i]])
        walk(i + 1, groups)
        groups.pop()

    walk(0, [])
    return out


@pytest.mark.rule("CARDS-3", "CARDS-6")
def test_partitions_are_every_partition_each_once() -> None:
    rng = random.Random(3)
    for _ in range(60):
        counts, _ = random_counts(rng, rng.randint(0, 9), 0)
        min_set = rng.choice([3, 3, 2, 4])
        listed = list(partitions(counts, min_set))
        assert len(listed) == len(set(listed))
        assert set(listed) == naive_partitions(counts, min_set)
        assert set(listed) == set(partitions(counts, min_set, prune=False))
        assert bool(listed) == feasible_counts(counts, min_set)


def counts_of(cards: Iterable[Tile]) -> list[int]:
    out = [0] * 36
    for card in cards:
        out[card.index] += 1
    return out


@pytest.mark.rule("CARDS-6")
def test_legal_moves_are_the_brute_force_results_each_once() -> None:
    hands = ["Rc Rx Po Bd Gx Yx Px Oc Pc", "Ox Yd Ys Gs Gd G* Bx Bs Pd"]
    state = position(["Ann", "Bob"], ["Ro Rs Rd", "Bo Go Yo"], hands)
    table = counts_of(card for series in state.table for card in series)
    every = brute_force(table, counts_of(state.hand), 3)
    moves = list(legal_moves(state))
    assert len(moves) == len(set(moves)) == len(every) > 50
    assert all(isinstance(move, Lay) for move in moves)
    found = set()
    for move in moves:
        assert isinstance(move, Lay)
        masks = []
        for series in move.table:
            mask = 0
            for card in series:
                mask |= 1 << card.index
            masks.append(mask)
        found.add((tuple(counts_of(move.played)), tuple(sorted(masks))))
    assert found == set(every)
    for move in moves[::17]:
        assert is_legal(state, move)
        assert move in legal_moves(state)


@pytest.mark.rule("CARDS-6", "CARDS-8")
def test_the_searches_answer_with_legal_moves_that_no_listed_move_beats() -> None:
    hands = ["Rc Rx Po Bd Gx Yx Px Oc R*", "Ox Yd Ys Gs Gd G* Bx Bs Pd"]
    state = position(["Ann", "Bob"], ["Ro Rs Rd", "Bo Go Yo"], hands)
    moves = [move for move in legal_moves(state) if isinstance(move, Lay)]
    cards, qwirkles = most_cards(state), most_qwirkles(state)
    assert cards in moves
    assert qwirkles in moves
    assert len(cards.played) == max(len(move.played) for move in moves)
    assert len(qwirkles.qwirkles) == max(len(move.qwirkles) for move in moves) == 1
    assert can_lay(state)


def crowded_states() -> Iterator[CardsState]:
    for seed in range(3):
        state = new_game(["Ann", "Bob"], seed=seed)
        for _ in range(4):
            move = most_cards(state)
            if move is None:
                break
            state = apply(state, move)
        yield state


@pytest.mark.rule("CARDS-6")
def test_legal_moves_are_lazy_and_distinct_on_a_crowded_table() -> None:
    for state in crowded_states():
        moves = legal_moves(state)
        first = []
        for move in moves:
            first.append(move)
            if len(first) == 40:
                break
        assert len(set(first)) == len(first)
        assert all(is_legal(state, move) for move in first[:10])
        assert moves.count(limit=25) == min(25, len(first))


@pytest.mark.rule("CARDS-7")
def test_a_blocked_player_has_exactly_one_move() -> None:
    state = position(["Ann", "Bob"], [], ["Ro Rs Os Od Yd Yc Gc Gx Bx", "Ox Yx Px Go Gs Gd Bo Bs Bd"])
    assert list(legal_moves(state)) == [Pass()]
    assert most_cards(state) is None
    assert most_qwirkles(state) is None
    assert not legal_moves(state).can_lay()


@pytest.mark.rule("CARDS-6")
def test_plan_for_lays_exactly_the_cards_asked_for() -> None:
    rng = random.Random(9)
    for _ in range(80):
        table, hand = random_counts(rng, rng.randint(0, 9), rng.randint(1, 5))
        every = brute_force(table, hand, 3)
        layable = sorted({laid for laid, _ in every})
        for laid in layable[:5]:
            plan = plan_for(table, list(laid), 3)
            assert plan is not None
            assert tuple(plan.laid) == laid
            assert (laid, plan.series) in every


def test_views_get_the_same_answers_as_states() -> None:
    for state in crowded_states():
        view = state.view()
        assert can_lay(view) == can_lay(state)
        assert most_cards(view) == most_cards(state)
        assert most_qwirkles(view) == most_qwirkles(state)


def test_line_masks_are_the_six_cards_of_each_colour_and_shape() -> None:
    assert [len(kinds_of(mask)) for mask in TYPE_KINDS] == [6] * 12
    assert kinds_of(TYPE_KINDS[0]) == (0, 1, 2, 3, 4, 5)
    assert kinds_of(TYPE_KINDS[6]) == (0, 6, 12, 18, 24, 30)
    assert Tile.from_index(30).shape == Tile.from_index(0).shape
