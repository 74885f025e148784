"""The native engine against the specification: the same game, move by move.

Seeded games are played by both engines at once: at every turn the legal
moves (as a list, in order), their count and the best move must be equal;
after every move the scores, hands, bag, seat to move and outcome; and
``to_state()`` must equal the specification's state at sampled turns and at
the end. Also the golden corpus, every rule option, and the bots.

Skipped when the extension is not installed (``pip install ./native``),
unless the run must have the ``native`` extra (see ``tests/optional.py``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from qwirkle import Exchange, GameState, LegalMoves, Move, Pass, Place, RuleSet, apply, legal_moves, new_game, view
from qwirkle.bots import make_bot, run_game
from qwirkle.bots.sampling import sample_states
from qwirkle.errors import IllegalMoveError, InvalidStateError
from qwirkle.native import INSTALL_HINT, NativeGame, available, native_module
from qwirkle.native import run_game as native_run_game
from qwirkle.rules.ruleset import variants
from qwirkle.tiles import ALL_TILES
from tests.helpers import module_from_path
from tests.optional import needs_native, required

ROOT = Path(__file__).resolve().parents[1]

Chooser = Callable[[GameState, LegalMoves, list[Move], random.Random], Move]


def random_choice(state: GameState, moves: LegalMoves, listed: list[Move], rng: random.Random) -> Move:
    return rng.choice(listed)


def greedy_choice(state: GameState, moves: LegalMoves, listed: list[Move], rng: random.Random) -> Move:
    best = moves.best()
    if best is not None:
        return best[0]
    exchanges = [move for move in listed if isinstance(move, Exchange)]
    if exchanges:
        return max(exchanges, key=len)
    return Pass()


def mixed_choice(state: GameState, moves: LegalMoves, listed: list[Move], rng: random.Random) -> Move:
    return (greedy_choice if rng.random() < 0.6 else random_choice)(state, moves, listed, rng)


CHOOSERS: dict[str, Chooser] = {"random": random_choice, "greedy": greedy_choice, "mixed": mixed_choice}


def play_both(state: GameState, choose: Chooser, rng: random.Random, every: int = 8, limit: int = 400) -> int:
    """Play ``state`` to the end (or ``limit`` turns) in both engines and check they agree; the positions compared."""
    game = NativeGame.from_state(state)
    compared = 0
    for turn in range(limit + 1):
        moves = legal_moves(state)
        count = len(moves)
        assert game.count() == count, f"turn {turn}: count"
        listed = list(moves)
        assert game.legal_moves() == listed, f"turn {turn}: the legal moves or their order"
        assert game.best() == moves.best(), f"turn {turn}: best"
        assert game.top_points() == moves.top_points()
        compared += 1
        if state.outcome is not None or turn == limit:
            break
        move = choose(state, moves, listed, rng)
        state = apply(state, move)
        game.apply(move)
        assert game.scores == state.scores, f"turn {turn}: scores after {move}"
        assert game.hands == state.hands, f"turn {turn}: hands after {move}"
        assert game.bag == state.bag, f"turn {turn}: bag after {move}"
        assert game.current == state.current
        assert game.outcome == state.outcome
        assert game.is_over() == (state.outcome is not None)
        if turn % every == 0:
            assert game.to_state() == state, f"turn {turn}: to_state()"
    assert game.to_state() == state
    return compared


def test_missing_extension_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "qwirkle_native", None)
    with pytest.raises(ImportError, match=r"pip install 'qwirkle\[native\]'") as raised:
        native_module()
    assert "pip install ./native" in str(raised.value)
    assert "pip install ./native" in INSTALL_HINT


@pytest.mark.skipif(not required("native"), reason="this run does not require the native extra")
def test_required_extension_is_installed() -> None:
    assert available(), f"this run requires the native engine, which is missing: {INSTALL_HINT}"


@needs_native
@pytest.mark.parametrize("seed", range(150))
def test_games_agree(seed: int) -> None:
    kind = ("random", "greedy", "mixed")[seed % 3]
    players = ["Ann", "Bob", "Cy", "Di"][: 2 + seed % 3]
    play_both(new_game(players, seed=seed), CHOOSERS[kind], random.Random(seed))


@needs_native
@pytest.mark.parametrize("rules", variants(RuleSet), ids=repr)
def test_every_option_agrees(rules: RuleSet) -> None:
    for seed in range(4):
        players = ["Ann", "Bob", "Cy"][: max(rules.min_players, 2 + seed % 2)]
        state = new_game(players, seed=seed, rules=rules)
        play_both(state, CHOOSERS[("mixed", "random")[seed % 2]], random.Random(seed), every=4)


_corpus = module_from_path("qwirkle_benchmark_corpus_native", ROOT / "benchmarks" / "corpus.py")


@needs_native
def test_golden_corpus() -> None:
    for entry in _corpus.load(ROOT / "benchmarks" / "data" / "corpus.json"):
        state = entry.state()
        game = NativeGame.from_state(state)
        assert game.count() == entry.counts.moves, entry.id
        moves = game.legal_moves()
        placements = [move for move in moves if isinstance(move, Place)]
        assert len(placements) == entry.counts.placements, entry.id
        assert _corpus.placements_digest(placements) == entry.counts.digest, entry.id
        assert moves == list(legal_moves(state)), entry.id
        assert game.best() == legal_moves(state).best(), entry.id


@needs_native
@pytest.mark.parametrize("seed", range(6))
def test_bots_play_the_same_games(seed: int) -> None:
    names = [["greedy", "random"], ["random", "random", "greedy"], ["greedy", "greedy"]][seed % 3]
    seeds = [seed * 10 + seat for seat in range(len(names))]
    expected = run_game([make_bot(name, s) for name, s in zip(names, seeds, strict=True)], seed)
    assert native_run_game(names, seed, bot_seeds=seeds) == expected


@needs_native
def test_illegal_moves_raise_the_specifications_error() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    game = NativeGame.from_state(state)
    with pytest.raises(IllegalMoveError, match="START-4"):
        game.apply(Pass())
    with pytest.raises(TypeError):
        game.apply("pass")  # type: ignore[arg-type]
    tile = state.hand[0]
    far = Place({(0, 0): tile, (5, 5): tile})
    with pytest.raises(IllegalMoveError):
        game.apply(far)
    assert game.to_state() == state


@needs_native
def test_clones_are_independent() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    game = NativeGame.from_state(state)
    twin = game.clone()
    best = game.best()
    assert best is not None
    game.apply(best[0])
    assert twin.to_state() == state
    assert game.to_state() == apply(state, best[0])


@needs_native
@pytest.mark.parametrize("seed", range(6))
def test_a_guess_dealt_into_a_native_game_plays_as_its_state(seed: int) -> None:
    state = new_game(["Ann", "Bob", "Cy"], seed=seed)
    for _ in range(9):
        state = apply(state, make_bot("greedy", 1).choose(state))
    seen = view(state, state.current)
    guess = sample_states(seen, random.Random(seed), 1)[0]
    game = NativeGame.from_state(state)
    dealt = game.dealt_as(guess.hands, guess.bag, guess.rng)
    assert game.to_state() == state
    expected = guess
    for _ in range(12):
        if expected.outcome is not None:
            break
        move = make_bot("greedy", seed).choose(expected)
        expected = apply(expected, move)
        dealt.apply(move)
    # The game keeps its own seed and its history, which a guess fills in with stand-in tiles.
    assert attrs.evolve(dealt.to_state(), seed=None, history=expected.history) == expected


@needs_native
def test_a_deal_with_other_tiles_is_refused_and_changes_nothing() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    game = NativeGame.from_state(state)
    other = [ALL_TILES[(state.bag[0].index + 1) % len(ALL_TILES)], *state.bag[1:]]
    with pytest.raises(InvalidStateError, match="the tiles of the hands and the bag"):
        game.dealt_as(state.hands, other, 1)
    with pytest.raises(InvalidStateError, match="the size of every hand"):
        game.dealt_as(state.hands, state.bag[1:], 1)
    with pytest.raises(InvalidStateError, match="rng"):
        game.dealt_as(state.hands, state.bag, -1)
    with pytest.raises(TypeError, match="Tile values"):
        game.dealt_as(state.hands, ["RC"] * len(state.bag), 1)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="Tile values"):
        game.dealt_as([[0] * 6, [1] * 6], state.bag, 1)  # type: ignore[list-item]
    assert game.to_state() == state


@needs_native
def test_a_finished_game_lists_nothing() -> None:
    final = run_game([make_bot("greedy", 1), make_bot("greedy", 2)], 5)
    game = NativeGame.from_state(final)
    assert game.is_over()
    assert game.count() == 0
    assert game.legal_moves() == []
    assert game.best() is None
    assert game.outcome == final.outcome
    assert game.to_state() == final


@needs_native
@pytest.mark.parametrize("seed", range(8))
def test_tallies_count_the_turns_of_the_history(seed: int) -> None:
    rules = RuleSet(allow_voluntary_pass=True, stalemate_rounds=2) if seed % 2 else RuleSet()
    game = NativeGame.from_state(new_game(["Ann", "Bob", "Cy"], seed=seed, rules=rules))
    game.play_bots(["random", "greedy", "random"], [seed, seed + 1, seed + 2])
    history = game.to_state().history
    expected = [
        (
            sum(1 for turn in history if turn.seat == seat),
            sum(turn.score.qwirkles for turn in history if turn.seat == seat),
            sum(1 for turn in history if turn.seat == seat and isinstance(turn.move, Exchange)),
            sum(1 for turn in history if turn.seat == seat and isinstance(turn.move, Pass)),
        )
        for seat in range(3)
    ]
    assert [tuple(tally) for tally in game.tallies()] == expected
    assert sum(tally.qwirkles + tally.exchanges for tally in game.tallies()) > 0
