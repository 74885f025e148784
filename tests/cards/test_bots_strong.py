"""The strong cards bot plays legal moves under every rule variant, from its view alone, the same way for a seed."""

from __future__ import annotations

import attrs
import pytest

from qwirkle._rng import shuffle
from qwirkle.cards import (
    CardsPlayerView,
    CardsRuleSet,
    CardsState,
    GreedyBot,
    Lay,
    RandomBot,
    StrongBot,
    apply,
    is_legal,
    is_over,
    most_qwirkles,
    new_game,
    run_game,
)
from qwirkle.cards._strong import most_qwirkles_of, unseen_counts
from qwirkle.cards.bots import Bot
from qwirkle.cards.cli import main
from qwirkle.errors import InvalidOptionsError

from .helpers import RULE_VARIANTS, census, check_invariants


def _reached(seed: int, turns: int, players: int = 2, rules: CardsRuleSet | None = None) -> CardsState:
    """A state after ``turns`` moves of seeded random bots."""
    bots = [RandomBot(seed=seed + seat) for seat in range(players)]
    state = new_game([f"p{i}" for i in range(players)], seed=seed, rules=rules)
    for _ in range(turns):
        if is_over(state):
            break
        state = apply(state, bots[state.current].choose(state.view()))
    return state


def _hidden_twin(state: CardsState, seed: int) -> CardsState:
    """``state`` with every card the player to move cannot see dealt again: the other hands and the deck."""
    seat = state.current
    others = [other for other in range(len(state.players)) if other != seat]
    _, cards = shuffle(seed, state.deck + sum((state.hands[other] for other in others), ()))
    hands = list(state.hands)
    for other in others:
        hands[other] = tuple(sorted(cards[: len(hands[other])]))
        cards = cards[len(hands[other]) :]
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(cards), rng=state.rng ^ 0xBEEF)


@pytest.mark.rule("CARDS-6", "CARDS-7")
@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=repr)
def test_the_strong_bot_plays_legal_moves_to_the_end_under_every_variant(rules: CardsRuleSet) -> None:
    for seed, players in ((3, 2), (4, 3), (5, 4)):
        bots: list[Bot] = [StrongBot(seed=seed), GreedyBot(), RandomBot(seed=seed), StrongBot(seed=seed + 1)]
        state = new_game([bot.name for bot in bots[:players]], seed=seed, rules=rules)
        moves = 0
        while not is_over(state):
            move = bots[state.current].choose(state.view())
            assert is_legal(state, move)
            state = apply(state, move)
            moves += 1
        check_invariants(state)
        assert moves > 0


@pytest.mark.rule("CARDS-8")
def test_the_strong_bot_makes_as_many_qwirkles_as_the_greedy_bot_would() -> None:
    bots: list[Bot] = [StrongBot(seed=2), GreedyBot()]
    state = new_game(["strong", "greedy"], seed=21)
    laid = 0
    while not is_over(state):
        move = bots[state.current].choose(state.view())
        if state.current == 0 and isinstance(move, Lay):
            best = most_qwirkles(state)
            assert best is not None
            assert len(move.qwirkles) == len(best.qwirkles)
            laid += 1
        state = apply(state, move)
    assert laid > 0


@pytest.mark.parametrize(("seed", "turns", "players"), [(1, 2, 2), (6, 5, 2), (8, 4, 3), (11, 7, 4), (13, 9, 2)])
def test_the_strong_bot_decides_the_same_for_hidden_information_twins(seed: int, turns: int, players: int) -> None:
    state = _reached(seed, turns, players)
    assert not is_over(state)
    twins = [_hidden_twin(state, again) for again in range(3)]
    assert len({twin.deck for twin in twins}) == 3
    for twin in twins:
        assert twin.view() == state.view()
        assert census(twin) == census(state)
    choices = {StrongBot(seed=5).choose(s.view()) for s in [state, *twins]}
    choices |= {StrongBot(seed=5).choose(s) for s in [state, *twins]}
    assert len(choices) == 1
    # A lay, chosen among several candidates by hands dealt from the unseen cards: not a forced move.
    assert isinstance(choices.pop(), Lay)


def test_the_strong_bot_decides_the_same_from_a_view_sent_as_json() -> None:
    state = _reached(17, 6, 3)
    seen = state.view()
    assert StrongBot(seed=9).choose(CardsPlayerView.loads(seen.dumps())) == StrongBot(seed=9).choose(seen)


def test_the_strong_bot_is_deterministic_for_its_seed() -> None:
    first = run_game([StrongBot(seed=4), GreedyBot()], seed=12)
    again = run_game([StrongBot(seed=4), GreedyBot()], seed=12)
    assert first == again
    assert first.outcome is not None
    # One decision depends only on the seed and the view, not on what the bot decided before.
    state = _reached(23, 5)
    used = StrongBot(seed=8)
    used.choose(_reached(24, 3).view())
    assert used.choose(state.view()) == StrongBot(seed=8).choose(state.view())


def test_the_strong_bot_beats_greedy_in_a_few_seeded_games() -> None:
    # A smoke check of strength, not the measure (that is benchmarks/cards_strong_match.py): over
    # six fixed games with seats alternated, the strong bot claims more Qwirkles than greedy.
    strong = greedy = 0
    for seed in range(6):
        seat = seed % 2
        bots: list[Bot] = [GreedyBot(), GreedyBot()]
        bots[seat] = StrongBot(seed=seed)
        final = run_game(bots, seed=seed)
        strong += final.scores[seat]
        greedy += final.scores[1 - seat]
    assert strong > greedy


def test_the_unseen_cards_are_the_deck_and_the_other_hands() -> None:
    state = _reached(31, 6, 3)
    for seat in range(3):
        unseen = unseen_counts(state.view(seat))
        hidden = [0] * 36
        for card in state.deck + sum((state.hands[o] for o in range(3) if o != seat), ()):
            hidden[card.index] += 1
        assert unseen == hidden


def test_most_qwirkles_of_agrees_with_the_search_of_the_player_to_move() -> None:
    for seed in range(6):
        for _, state in zip(range(8), _states(seed), strict=False):
            table = [0] * 36
            for series in state.table:
                for card in series:
                    table[card.index] += 1
            hand = [0] * 36
            for card in state.hand:
                hand[card.index] += 1
            best = most_qwirkles(state)
            expected = 0 if best is None else len(best.qwirkles)
            assert most_qwirkles_of(table, hand, state.rules.cards_min_set) == expected


def _states(seed: int) -> list[CardsState]:
    out = []
    state = new_game(["a", "b"], seed=seed)
    bots: list[Bot] = [GreedyBot(), RandomBot(seed=seed)]
    while not is_over(state):
        out.append(state)
        state = apply(state, bots[state.current].choose(state.view()))
    return out


def test_a_strong_bot_needs_at_least_one_sample() -> None:
    with pytest.raises(InvalidOptionsError, match="at least one hand"):
        StrongBot(samples=0)
    with pytest.raises(TypeError, match="an int"):
        StrongBot(samples=2.5)  # type: ignore[arg-type]
    state = new_game(["Ann", "Bob"], seed=7)
    assert is_legal(state, StrongBot(samples=1).choose(state.view()))


def test_the_strong_bot_refuses_a_spectator_view() -> None:
    with pytest.raises(TypeError, match="spectator"):
        StrongBot().choose(new_game(["Ann", "Bob"], seed=7).spectator_view())  # type: ignore[arg-type]


def test_the_command_line_knows_the_strong_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "4", "--players", "strong,greedy", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Qwirkle Cards, seed 4, rules standard: strong (seat 0) against greedy (seat 1)")
    assert "Winner" in out
