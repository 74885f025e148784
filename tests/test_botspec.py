"""Match entries: built-in bots with parameters, typed and checked; bot classes, factories and objects."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import ClassVar

import pytest

from qwirkle import Move, PlayerView, new_game, view
from qwirkle.bots import BaseBot, BotError, GreedyBot, RandomBot, StrongBot, UnknownBotError
from qwirkle.bots.spec import BotParameter, BotParameterError, BotSpec, bot_parameters, bot_spec, split_bots
from tests.user_bots import FirstBot, LongestBot, quick_strong


def test_a_name_with_parameters_makes_the_bot_with_those_attributes() -> None:
    spec = bot_spec("strong:samples=16,placements_kept=12")
    assert spec.label == "strong:samples=16,placements_kept=12"
    assert spec.parameters == (("samples", 16), ("placements_kept", 12))
    bot = spec.make(seed=3)
    assert isinstance(bot, StrongBot)
    assert (bot.seed, bot.samples, bot.placements_kept, bot.exchanges_kept) == (3, 16, 12, 2)
    # The class keeps its defaults: a parameter is the bot's own.
    assert StrongBot(seed=3).samples == 5


def test_a_bare_name_makes_the_bot_as_make_bot_does() -> None:
    for name, kind in (("random", RandomBot), ("greedy", GreedyBot), ("strong", StrongBot)):
        spec = bot_spec(name)
        assert spec.label == name
        assert spec.parameters == ()
        bot = spec.make(seed=4)
        assert type(bot) is kind
        state = new_game(["A", "B"], seed=9)
        assert bot.choose(view(state, state.current)) == kind(seed=4).choose(view(state, state.current))


def test_labels_are_written_one_way_whatever_the_spacing_and_case() -> None:
    assert bot_spec(" Strong : samples = 3 , reply_weight=0.5").label == "strong:samples=3,reply_weight=0.5"
    assert bot_spec("strong:reply_weight=1").parameters == (("reply_weight", 1.0),)
    assert bot_spec(StrongBot, samples=4).label == "strong:samples=4"
    assert bot_spec("strong:samples=4", follow_weight=2).label == "strong:samples=4,follow_weight=2.0"


def test_the_parameters_of_a_bot_are_its_typed_class_attributes() -> None:
    assert bot_parameters(StrongBot) == (
        BotParameter("placements_kept", int, 8, 1),
        BotParameter("exchanges_kept", int, 2, 0),
        BotParameter("samples", int, 5, 1),
        BotParameter("halvings", int, 2, 0),
        BotParameter("reply_weight", float, 1.0),
        BotParameter("follow_weight", float, 1.0),
        BotParameter("leave_weight", float, 1.0),
        BotParameter("play_out_bag", int, 3, 0),
        BotParameter("inference_tries", int, 12, 0),
        BotParameter("endgame_depth", int, 4, 0),
        BotParameter("endgame_width", int, 10, 1),
        BotParameter("endgame_reply_width", int, 1, 1),
        BotParameter("win_bonus", float, 1000.0, 0),
        BotParameter("think", float, 0.0, 0),
        BotParameter("level", int, 0, 0, maximum=5),
        BotParameter("engine", str, "python", choices=("python", "native", "auto")),
    )
    assert bot_parameters(GreedyBot) == bot_parameters(RandomBot) == ()

    class Tuned(BaseBot):
        name = "tuned"
        depth: int = 2
        eager: bool = False
        label: str = "not a parameter"
        _hidden: int = 1
        minimums: ClassVar[Mapping[str, float]] = {"depth": 1}

        def _decide(self, view: PlayerView) -> Move:
            raise NotImplementedError

    assert bot_parameters(Tuned) == (BotParameter("depth", int, 2, 1), BotParameter("eager", bool, False))
    assert bot_spec(Tuned, eager=True, depth=3).label == "tuned:eager=true,depth=3"
    with pytest.raises(TypeError):
        bot_parameters(StrongBot(seed=1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("strong:shortlist=12", "the bot 'strong' has no parameter 'shortlist'; its parameters are: placements_kept"),
        ("greedy:samples=2", "the bot 'greedy' has no parameter 'samples'; it has no parameters"),
        ("strong:samples=many", "samples must be an int, not 'many'"),
        ("strong:samples=1.5", "samples must be an int, not '1.5'"),
        ("strong:samples=0", "samples must be at least 1, not 0"),
        ("strong:placements_kept=0", "placements_kept must be at least 1, not 0"),
        ("strong:exchanges_kept=-1", "exchanges_kept must be at least 0, not -1"),
        ("strong:reply_weight=inf", "reply_weight must be a finite number, not inf"),
        ("strong:reply_weight=heavy", "reply_weight must be a number, not 'heavy'"),
        ("strong:samples", "expected name=value for a parameter of 'strong', not 'samples'"),
        ("strong:samples=2,samples=3", "the parameter 'samples' of 'strong' is given twice"),
    ],
)
def test_a_bad_parameter_is_refused_with_what_the_bot_takes(text: str, message: str) -> None:
    with pytest.raises(BotParameterError) as caught:
        bot_spec(text)
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, BotError)


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(UnknownBotError, match="unknown bot 'clever'; the bots are: greedy, random, strong"):
        bot_spec("clever:samples=2")


def test_a_wrong_type_from_python_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="samples must be an int, not str"):
        bot_spec("strong", samples="16")
    with pytest.raises(TypeError, match="samples must be an int, not bool"):
        bot_spec(StrongBot, samples=True)
    with pytest.raises(BotParameterError, match="samples must be at least 1"):
        bot_spec(StrongBot, samples=0)
    with pytest.raises(TypeError, match="a match entry is a bot name, a bot, or a bot factory, not int"):
        bot_spec(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not with a factory function"):
        bot_spec(quick_strong, samples=2)
    with pytest.raises(TypeError, match="not with a bot object"):
        bot_spec(GreedyBot(seed=1), samples=2)


def test_a_class_that_takes_a_seed_gets_the_seats_seed() -> None:
    spec = bot_spec(LongestBot)
    assert spec.label == "longest"
    bot = spec.make(seed=12)
    assert isinstance(bot, LongestBot)
    assert bot.seed == 12


def two_arguments(seed: int, other: int) -> GreedyBot:
    return GreedyBot(seed + other)


def test_a_class_or_factory_without_a_seed_is_called_with_nothing() -> None:
    spec = bot_spec(FirstBot)
    assert spec.label == "first"
    assert isinstance(spec.make(seed=5), FirstBot)
    with pytest.raises(TypeError, match="takes a seed or nothing"):
        bot_spec(two_arguments)  # type: ignore[arg-type]


def test_a_factory_function_is_labelled_by_its_name() -> None:
    spec = bot_spec(quick_strong)
    assert spec.label == "quick_strong"
    bot = spec.make(seed=2)
    assert isinstance(bot, StrongBot)
    assert (bot.samples, bot.placements_kept, bot.seed) == (1, 2, 2)


def test_a_bot_object_is_copied_afresh_for_every_game() -> None:
    original = LongestBot(seed=3)
    spec = bot_spec(original)
    assert spec.label == "longest"
    first, second = spec.make(seed=1), spec.make(seed=2)
    assert first is not original
    assert second is not first
    state = new_game(["A", "B"], seed=4)
    # Each copy starts from the object's state as given, so both draw alike.
    assert first.choose(view(state, state.current)) == second.choose(view(state, state.current))


def test_a_spec_is_returned_as_it_is_and_checks_its_parts() -> None:
    spec = BotSpec("mine", GreedyBot)
    assert bot_spec(spec) is spec
    with pytest.raises(TypeError):
        BotSpec("mine", 3)  # type: ignore[arg-type]
    with pytest.raises(BotError):
        BotSpec(" ", GreedyBot)
    with pytest.raises(BotError, match="which has no name and choose method"):
        BotSpec("broken", lambda seed: object()).make(seed=1)  # type: ignore[arg-type,return-value]


def test_specs_of_names_classes_and_factories_pickle() -> None:
    for entry in ("strong:samples=2", LongestBot, FirstBot, quick_strong):
        spec = bot_spec(entry)
        copy = pickle.loads(pickle.dumps(spec))
        assert copy.label == spec.label
        assert type(copy.make(seed=1)) is type(spec.make(seed=1))


def test_a_list_of_bots_splits_where_a_new_bot_begins() -> None:
    assert split_bots("strong:samples=16,placements_kept=12,greedy") == [
        "strong:samples=16,placements_kept=12",
        "greedy",
    ]
    assert split_bots("greedy, random") == ["greedy", "random"]
    assert split_bots("strong:samples=2,strong:samples=4") == ["strong:samples=2", "strong:samples=4"]
    # A stray parameter with no bot before it stays a part of its own, which bot_spec then refuses.
    assert split_bots("samples=2,greedy") == ["samples=2", "greedy"]
