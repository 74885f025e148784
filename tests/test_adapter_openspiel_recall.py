"""The OpenSpiel information state has perfect recall and hides what it must; the built-in bots as pyspiel bots."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.optional import require

np = require("numpy")
pyspiel = require("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

from qwirkle.adapters.openspiel import GAME_TYPE  # noqa: E402
from qwirkle.adapters.openspiel_bots import SpielBot, spiel_bot  # noqa: E402
from qwirkle.bots import GreedyBot  # noqa: E402
from qwirkle.errors import InvalidStateError  # noqa: E402

END, EXCHANGE, PASS = 7776, 7777, 7783


def recalled(state: Any, player: int) -> str:
    """The history part of ``player``'s information state string."""
    text: str = state.information_state_string(player)
    return text.split(" | seen ", 1)[1]


def test_the_game_declares_an_information_state_string_and_no_tensor() -> None:
    assert GAME_TYPE.provides_information_state_string
    assert not GAME_TYPE.provides_information_state_tensor
    game = pyspiel.load_game("python_qwirkle")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.information_state_tensor(0) == []
    assert len(state.observation_tensor(0)) == 19697
    # OpenSpiel's RL environment then learns from the observation tensor, as the game type says it should.
    assert len(rl_environment.Environment(game).reset().observations["info_state"][0]) == 19697


def test_the_information_state_never_forgets_and_tells_apart_every_own_choice() -> None:
    game = pyspiel.load_game("python_qwirkle")
    rng = random.Random(5)
    state = game.new_initial_state()
    before = ["", ""]
    exchanges = 0
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            player, legal = state.current_player(), state.legal_actions()
            chosen = rng.sample(legal, min(3, len(legal)))
            after = {recalled(state.child(action), player) for action in chosen}
            assert len(after) == len(chosen)
            # Exchanges favoured, so that the others' sight of them is checked.
            exchanging = [a for a in legal if EXCHANGE <= a < PASS]
            action = rng.choice(exchanging) if exchanging and rng.random() < 0.3 else rng.choice(legal)
            exchanges += EXCHANGE <= action < PASS
            state.apply_action(action)
        for player in (0, 1):
            now = recalled(state, player)
            assert now.startswith(before[player])
            before[player] = now
    assert exchanges >= 3
    for player in (0, 1):
        other = 1 - player
        assert f"p{other} ended the exchange" in before[player]
        # The others see each tile go into an exchange, never which; its owner sees which.
        events = before[player].split("; ")
        theirs = [event for event in events if event.startswith(f"p{other} put") and "into the exchange" in event]
        assert theirs
        assert all(event == f"p{other} put a tile into the exchange" for event in theirs)
        assert f"p{other} put a tile into the exchange" not in before[other]
        assert f"p{other} put " in before[other]
        assert f"p{other} drew a tile" in before[player]
        assert f"p{other} drew " in before[other]
        assert f"p{other} drew a tile" not in before[other]


def test_the_built_in_bots_play_through_evaluate_bots() -> None:
    game = pyspiel.load_game("python_qwirkle", {"players": 3})
    bots = [spiel_bot("greedy", seed=1), spiel_bot("random", seed=2), SpielBot(GreedyBot(seed=3))]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(4))
    assert sorted(returns) in ([-0.5, -0.5, 1.0], [-0.5, 0.25, 0.25], [0.0, 0.0, 0.0])
    assert sum(returns) == pytest.approx(0.0)


def test_a_bot_plays_whole_turns_and_refuses_anything_else() -> None:
    game = pyspiel.load_game("python_qwirkle")
    state = game.new_initial_state()
    with pytest.raises(InvalidStateError):
        spiel_bot("greedy", seed=1).step(state)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    bot = spiel_bot("greedy", seed=1)
    taken = [a for a in state.legal_actions() if a < END]
    first = bot.step(state)
    other = next(a for a in taken if a != first)
    state.apply_action(other)
    with pytest.raises(InvalidStateError, match="whole turns"):
        bot.step(state)
    with pytest.raises(TypeError):
        SpielBot("greedy")  # type: ignore[arg-type]
