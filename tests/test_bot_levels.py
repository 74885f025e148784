"""The strong bot's levels: each a set of its parameters, which the parameters given with it override."""

from __future__ import annotations

import pytest

from qwirkle import Exchange, legal_moves, view
from qwirkle.bots import BotError, StrongBot
from qwirkle.bots.levels import LEVELS
from qwirkle.bots.parameters import BotParameter, BotParameterError, bot_parameters
from qwirkle.bots.spec import bot_spec
from tests.test_bots import beside_block


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_level_sets_its_parameters(level: int) -> None:
    bot = bot_spec(f"strong:level={level}").make(3)
    assert isinstance(bot, StrongBot)
    assert bot.level == level
    for name, value in LEVELS[level].items():
        assert getattr(bot, name) == value
    # A parameter the level does not name keeps its default.
    assert bot.reply_weight == StrongBot.reply_weight


def test_the_levels_are_one_to_five_and_set_only_parameters_of_the_bot() -> None:
    assert sorted(LEVELS) == [1, 2, 3, 4, 5]
    names = {parameter.name for parameter in bot_parameters(StrongBot)}
    for preset in LEVELS.values():
        assert set(preset) <= names - {"level", "think"}
        # A budget in work only: a level gives the same moves on any machine.
        assert not bot_spec("strong", **preset).timed


def test_the_level_of_the_defaults_plays_as_the_defaults() -> None:
    defaults = {name: getattr(StrongBot, name) for name in LEVELS[4] if name != "engine"}
    assert defaults == {name: value for name, value in LEVELS[4].items() if name != "engine"}


def test_parameters_given_with_a_level_override_it_in_any_order() -> None:
    for text in ("strong:level=2,samples=7", "strong:samples=7,level=2"):
        bot = bot_spec(text).make(1)
        assert isinstance(bot, StrongBot)
        assert (bot.samples, bot.placements_kept) == (7, LEVELS[2]["placements_kept"])
    assert bot_spec("strong:samples=7,level=2").label == "strong:samples=7,level=2"


def test_a_level_out_of_range_is_refused() -> None:
    level = {parameter.name: parameter for parameter in bot_parameters(StrongBot)}["level"]
    assert level == BotParameter("level", int, 0, 0, maximum=5)
    assert level.describe() == "level (int, default 0, at least 0, at most 5)"
    with pytest.raises(BotParameterError, match="level must be at most 5, not 6"):
        bot_spec("strong:level=6")
    bot = StrongBot(seed=1)
    with pytest.raises(BotError, match="the level of a strong bot is one of 1, 2, 3, 4, 5, not 9"):
        bot.level = 9


def test_a_level_set_on_a_bot_sets_its_parameters_and_level_0_sets_none() -> None:
    bot = StrongBot(seed=1)
    bot.level = 1
    assert bot.placements_kept == 1
    bot.level = 0
    assert bot.placements_kept == 1


def test_a_bot_that_keeps_no_exchange_still_exchanges_a_hand_that_fits_nowhere() -> None:
    state = beside_block(hand_size=6, held=6, bag_size=20)
    for text in ("strong:exchanges_kept=0", "strong:level=1"):
        move = bot_spec(text).make(1).choose(view(state, state.current))
        assert isinstance(move, Exchange)
        assert move in legal_moves(state)
