"""The strong bot searching on the native engine makes the specification's choices, move for move.

``StrongBot.engine`` only says what plays its guesses out: over seeded games
at two and three seats, from the opening to the last tiles of the bag, the
bot with ``engine="native"`` must choose exactly what the bot with
``engine="python"`` chooses, and each piece of the search must agree: the
greedy reply it expects, and the gain of every candidate against a guess.
Skipped when the extension is not installed (``pip install ./native``),
unless the run must have the ``native`` extra; the checks that need no extension run
either way.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from qwirkle import Exchange, GameState, Place, PlayerView, apply, new_game, view
from qwirkle._engine.movegen import top, windows
from qwirkle.bots import GreedyBot, RandomBot, StrongBot, sample_state, sample_states, unseen_tiles
from qwirkle.bots.endgame import _greedy_move
from qwirkle.bots.sampling import _belief, _deals, _guess
from qwirkle.bots.spec import BotParameter, BotParameterError, bot_parameters, bot_spec
from qwirkle.native import ENGINES, INSTALL_HINT, NativeGame, NativeTable
from qwirkle.rules.limits import MAX_COORD
from tests.optional import needs_native


def _views(seed: int, seats: int, every: int = 1) -> list[PlayerView]:
    """The view of the seat to move at every ``every``-th turn of a game between greedy and random bots."""
    state = new_game([f"p{seat}" for seat in range(seats)], seed=seed)
    bots = [(GreedyBot if seat % 2 == 0 else RandomBot)(seed * 10 + seat) for seat in range(seats)]
    views = []
    while state.outcome is None:
        if state.turn_number % every == 0:
            views.append(view(state, state.current))
        state = apply(state, bots[state.current].choose(state))
    return views


@needs_native
@pytest.mark.parametrize(
    ("label", "seed", "seats"),
    [
        ("strong", 1, 2),
        ("strong", 2, 3),
        ("strong:samples=2,halvings=1,reply_weight=0.7,follow_weight=1.3,leave_weight=0.4", 3, 2),
        ("strong:samples=2,halvings=1,play_out_bag=12,exchanges_kept=3", 4, 3),
        ("strong:samples=1,halvings=0,placements_kept=3,endgame_depth=0", 5, 4),
    ],
)
def test_the_strong_bot_chooses_the_same_moves_on_either_engine(label: str, seed: int, seats: int) -> None:
    """At every turn of a seeded game the two engines' bots, seeded alike, choose the same move."""
    state = new_game([f"p{seat}" for seat in range(seats)], seed=seed)
    compared = 0
    while state.outcome is None:
        seen = view(state, state.current)
        bot_seed = seed * 100 + state.turn_number
        chosen = bot_spec(f"{label},engine=python" if ":" in label else f"{label}:engine=python").make(bot_seed)
        move = chosen.choose(seen)
        native = bot_spec(f"{label},engine=native" if ":" in label else f"{label}:engine=native").make(bot_seed)
        assert native.choose(seen) == move, f"turn {state.turn_number}"
        compared += 1
        state = apply(state, move)
    assert compared > 20


@needs_native
@pytest.mark.parametrize(("seed", "seats"), [(11, 2), (12, 3), (13, 4)])
def test_the_native_greedy_reply_is_the_look_aheads(seed: int, seats: int) -> None:
    """The first best-scoring placement in move_key order, else the smallest exchange, else the pass."""
    state = new_game([f"p{seat}" for seat in range(seats)], seed=seed)
    rng = random.Random(seed)
    kinds = set()
    while state.outcome is None:
        expected = _greedy_move(state)
        kinds.add(type(expected))
        game = NativeGame.from_state(state)
        game.apply_greedy()
        assert game.to_state() == apply(state, expected)
        # Random moves in between reach positions the greedy replies alone would not: ties, exchanges.
        state = apply(state, expected if rng.random() < 0.5 else RandomBot(rng.randrange(1000)).choose(state))
    assert Place in kinds


@needs_native
def test_the_greedy_reply_exchanges_the_smallest_tile_when_it_cannot_place() -> None:
    from qwirkle import Board, parse_tile

    red = [parse_tile(code) for code in ("Ro", "Rs")]
    blue = [parse_tile(code) for code in ("Bd", "Bc", "Bx", "B*")]
    board = Board({(0, 0): parse_tile("Yo"), (1, 0): parse_tile("Go")})
    state = new_game(["a", "b"], seed=1)
    # A hand that fits nowhere: neither circles nor yellow or green tiles.
    hand = (*red[1:], *blue)
    stuck = GameState(
        players=state.players,
        board=board,
        hands=(hand, state.hands[1]),
        bag=state.bag,
        scores=(0, 0),
        current=0,
        rules=state.rules,
        history=(),
        starter=0,
        seed=None,
        rng=state.rng,
        idle_turns=0,
        outcome=None,
    )
    expected = _greedy_move(stuck)
    assert isinstance(expected, Exchange)
    assert len(expected) == 1
    game = NativeGame.from_state(stuck)
    game.apply_greedy()
    assert game.to_state() == apply(stuck, expected)


@needs_native
@pytest.mark.parametrize(("seed", "seats"), [(21, 2), (22, 3)])
def test_a_candidates_gain_is_the_same_against_a_native_guess(seed: int, seats: int) -> None:
    bot = StrongBot(seed)
    bot.reply_weight, bot.follow_weight, bot.leave_weight = 0.9, 1.1, 0.7
    for seen in _views(seed, seats, every=4):
        if seen.bag_size == 0:
            continue
        for guess in sample_states(seen, random.Random(seed), 2, tries=4):
            native = NativeGame.from_state(guess)
            before = native.to_state()
            for move, leave in bot.shortlist(seen):
                assert bot.gain(seen, native, move, leave) == bot.gain(seen, guess, move, leave)
            assert native.to_state() == before


@needs_native
@pytest.mark.parametrize(("seed", "seats"), [(31, 2), (32, 3)])
def test_the_native_engine_deals_the_same_believed_guesses(seed: int, seats: int) -> None:
    """Checking the believed hands natively and dealing them into native games changes no guess."""
    believed = 0
    for seen in _views(seed, seats, every=3):
        python = _deals(seen, random.Random(seed), 6, 8)
        assert _deals(seen, random.Random(seed), 6, 8, native=True) == python
        assert [_guess(seen, dealt) for dealt in python] == sample_states(seen, random.Random(seed), 6, tries=8)
        base = NativeGame.from_state(sample_state(seen))
        for dealt in python:
            assert base.dealt_as(*dealt).to_state() == _guess(seen, dealt)
        believed += _belief(seen, unseen_tiles(seen)) is not None
    assert believed > 5


@needs_native
@pytest.mark.parametrize("seed", range(4))
def test_a_native_table_scores_hands_as_the_move_generator_does(seed: int) -> None:
    rng = random.Random(seed)
    for seen in _views(seed, 2, every=5):
        table = NativeTable(seen.board, seen.rules)
        unseen = [tile.index for tile in unseen_tiles(seen)]
        for size in range(7):
            hand = rng.sample(unseen, min(size, len(unseen)))
            for bonus in (0, 6):
                best, _ = top(windows(seen.board, hand, seen.rules), len(hand), bonus)
                assert table.top_points(hand, bonus) == best


@needs_native
def test_near_the_coordinate_limit_the_native_bot_leaves_its_guesses_to_the_specification() -> None:
    """A table the native engine refuses is searched by the specification, with the same choices."""
    state = new_game(["Ann", "Bob"], seed=6)
    opening = GreedyBot(1).choose(state)
    assert isinstance(opening, Place)
    far = MAX_COORD - 3
    state = apply(state, Place({(x + far, y): tile for (x, y), tile in opening.placements}))
    for turn in range(4):
        seen = view(state, state.current)
        assert seen.board.near_edge
        with pytest.raises(ValueError, match="coordinate limit"):
            NativeTable(seen.board, seen.rules)
        move = bot_spec("strong:samples=2,engine=python").make(turn).choose(seen)
        assert bot_spec("strong:samples=2,engine=native").make(turn).choose(seen) == move
        state = apply(state, move)


def test_engine_is_a_parameter_of_the_strong_bot() -> None:
    assert bot_parameters(StrongBot)[-1] == BotParameter("engine", str, "python", choices=ENGINES)
    spec = bot_spec("strong:samples=2,engine=Native")
    assert spec.label == "strong:samples=2,engine=native"
    made = spec.make(1)
    assert isinstance(made, StrongBot)
    assert made.engine == "native"
    assert bot_spec(StrongBot, engine="auto").label == "strong:engine=auto"
    with pytest.raises(BotParameterError, match="engine must be one of python, native, auto, not 'rust'"):
        bot_spec("strong:engine=rust")
    with pytest.raises(TypeError, match="engine must be a str, not int"):
        bot_spec(StrongBot, engine=1)
    # A str attribute not listed in the bot's choices is no parameter.
    assert "name" not in {parameter.name for parameter in bot_parameters(StrongBot)}


def test_a_strong_bot_given_an_unknown_engine_directly_refuses_to_move() -> None:
    from qwirkle.bots import BotError

    bot = StrongBot(1)
    bot.engine = "rust"
    state = new_game(["a", "b"], seed=3)
    with pytest.raises(BotError, match="not 'rust'"):
        bot.choose(state)


def test_without_the_extension_native_is_an_import_error_and_auto_plays_on() -> None:
    script = (
        "import sys\n"
        "sys.modules['qwirkle_native'] = None\n"
        "from qwirkle import new_game\n"
        "from qwirkle.bots.spec import bot_spec\n"
        "state = new_game(['a', 'b'], seed=3)\n"
        "try:\n"
        "    bot_spec('strong:samples=1,engine=native').make(1).choose(state)\n"
        "except ImportError as error:\n"
        "    print(error)\n"
        "auto = bot_spec('strong:samples=1,engine=auto').make(1).choose(state)\n"
        "print(auto == bot_spec('strong:samples=1').make(1).choose(state))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [f"the native engine qwirkle-native is not installed: {INSTALL_HINT}", "True"]
