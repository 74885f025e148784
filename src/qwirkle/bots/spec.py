"""What plays at a seat of a match: a built-in bot with its parameters, a bot factory, or a bot object.

A match makes a fresh bot for every seat of every game from its entry, seeded
by the match (:func:`qwirkle.matches.simulate.bot_seed`), so that each game is a pure
function of the match seed and can be played anywhere. An entry is described
by a :class:`BotSpec`, which :func:`bot_spec` makes from any of these:

- a built-in bot's name, with parameters if wanted: ``"strong:samples=16,placements_kept=12"``
  (the text form of the command line);
- a bot class, or any function from a seed to a bot: a factory;
- a bot object (anything with ``name`` and ``choose``), which every game gets a fresh copy of.

A bot's parameters are the attributes its class declares with a type of int,
float or bool and a default, and those of type str that it lists in its
:attr:`~qwirkle.bots.BaseBot.choices` (:func:`bot_parameters`): each value is
checked against that type, the bot's :attr:`~qwirkle.bots.BaseBot.minimums`
and its choices. They are worked out in :mod:`qwirkle.bots.parameters`, and
can be imported from here too.

>>> spec = bot_spec("strong:samples=2")
>>> spec.label, spec.parameters
('strong:samples=2', (('samples', 2),))
>>> bot = spec.make(seed=5)
>>> type(bot).__name__, bot.samples, bot.seed
('StrongBot', 2, 5)
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable
from typing import Any, TypeAlias, TypeGuard

import attrs

from qwirkle._immutable import Immutable
from qwirkle.bots import BOTS, UnknownBotError
from qwirkle.bots.parameters import (
    BotParameter,
    BotParameterError,
    ParameterValue,
    _checked,
    _label,
    bot_parameters,
    format_value,
)
from qwirkle.bots.play import Bot, BotError

__all__ = [
    "BotEntry",
    "BotParameter",
    "BotParameterError",
    "BotSpec",
    "bot_parameters",
    "bot_spec",
    "format_value",
    "split_bots",
]

BotEntry: TypeAlias = "str | BotSpec | Bot | Callable[[int], Bot] | type"
"""What a match accepts as an entry: see :func:`bot_spec`."""


def _takes_seed(factory: Callable[..., object]) -> bool:
    """Whether a factory takes the seed (one positional argument) rather than nothing."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return True
    try:
        signature.bind(0)
    except TypeError:
        try:
            signature.bind()
        except TypeError:
            raise TypeError(f"a bot factory takes a seed or nothing; {factory!r} takes neither") from None
        return False
    return True


@attrs.frozen
class _Seeded(Immutable):
    """A factory that takes a seed, with parameters to set on each bot it makes."""

    factory: Callable[[int], Bot]
    parameters: tuple[tuple[str, ParameterValue], ...] = ()

    def __call__(self, seed: int) -> Bot:
        bot = self.factory(seed)
        # A level sets other parameters, which the ones given with it override: it goes first.
        for name, value in sorted(self.parameters, key=lambda item: item[0] != "level"):
            setattr(bot, name, value)
        return bot


@attrs.frozen
class _Unseeded(Immutable):
    """A factory that takes no seed: the bots it makes get none."""

    factory: Callable[[], Bot]

    def __call__(self, seed: int) -> Bot:
        return self.factory()


@attrs.frozen(eq=False)
class _Copies(Immutable):
    """A fresh copy of one bot object for every game, so that no game sees what another left in it."""

    bot: Bot

    def __call__(self, seed: int) -> Bot:
        return copy.deepcopy(self.bot)


def _is_bot(entry: object) -> TypeGuard[Bot]:
    return not isinstance(entry, type) and callable(getattr(entry, "choose", None)) and hasattr(entry, "name")


@attrs.frozen
class BotSpec(Immutable):
    """One entry of a match: its label, and how to make its bot for a seat from a seed.

    Make one with :func:`bot_spec`, or directly from a label and a function
    from a seed to a bot. It pickles when its factory does (a class or a
    function defined at the top level of a module), as parallel runs need.

    >>> from qwirkle.bots import GreedyBot
    >>> spec = BotSpec("my greedy", GreedyBot)
    >>> spec.make(seed=3)
    GreedyBot(seed=3)
    """

    label: str = attrs.field()
    """The entry's name in the match: the built-in name with its parameters, or the bot's name."""
    factory: Callable[[int], Bot] = attrs.field()
    """Makes the bot of a seat from its seed."""
    parameters: tuple[tuple[str, ParameterValue], ...] = ()
    """The parameters set on the bot, as ``(name, value)`` pairs, for the record."""
    timed: bool = False
    """Whether the bot spends a budget in time (see :attr:`qwirkle.bots.BaseBot.timed`), so that its moves
    depend on the machine's speed: a match with it may give other games from the same seed.

    >>> bot_spec("strong:think=0.1").timed, bot_spec("strong:samples=8").timed
    (True, False)
    """

    @label.validator
    def _check_label(self, _: object, label: object) -> None:
        if not isinstance(label, str):
            raise TypeError(f"a bot's label must be a str, not {type(label).__name__}")
        if not label.strip():
            raise BotError("a bot's label must not be empty")

    @factory.validator
    def _check_factory(self, _: object, factory: object) -> None:
        if not callable(factory):
            raise TypeError(f"a bot factory must be callable, not {type(factory).__name__}")

    def make(self, seed: int) -> Bot:
        """A fresh bot for one seat of one game, seeded with ``seed``.

        >>> bot_spec("greedy").make(seed=7)
        GreedyBot(seed=7)
        """
        bot = self.factory(seed)
        if not _is_bot(bot):
            raise BotError(f"the factory of {self.label!r} made {bot!r}, which has no name and choose method")
        return bot


def _parse_text(text: str) -> BotSpec:
    name, colon, rest = text.partition(":")
    name = name.strip().lower()
    try:
        kind = BOTS[name]
    except KeyError:
        raise UnknownBotError(f"unknown bot {name!r}; the bots are: {', '.join(sorted(BOTS))}") from None
    given: list[tuple[str, object]] = []
    if colon:
        for part in rest.split(","):
            key, equals, value = part.partition("=")
            if not equals or not key.strip():
                raise BotParameterError(f"expected name=value for a parameter of {name!r}, not {part.strip()!r}")
            given.append((key.strip(), value))
    assert isinstance(kind, type)
    return _class_spec(kind, tuple(given), text=True)


def bot_spec(entry: BotEntry, **parameters: Any) -> BotSpec:
    """The :class:`BotSpec` of a match entry: a bot name (with parameters), a factory or a bot object.

    - A string names a built-in bot (see :data:`qwirkle.bots.BOTS`), with
      parameters after a colon, as the command line writes them:
      ``"strong:samples=16,placements_kept=12"``.
    - A class, or any other callable without a ``choose`` method, is a
      factory: called with the seat's seed if it takes one argument, with
      nothing otherwise. The label is the class's ``name`` attribute, else
      its ``__name__``.
    - An object with ``name`` and ``choose`` is a bot: each game gets a deep
      copy of it as given. It is not seeded by the match, so a bot that draws
      at random draws alike in every game; pass its class to seed it per seat.
    - A :class:`BotSpec` is returned as it is.

    Keyword arguments set parameters of a built-in bot or of a bot class, and
    join the label. Raises :class:`~qwirkle.bots.UnknownBotError` for an
    unknown name, :class:`BotParameterError` for an unknown parameter or a
    value out of range, and :class:`TypeError` for anything else.

    >>> from qwirkle.bots import StrongBot
    >>> bot_spec("strong:samples=16,placements_kept=12").label
    'strong:samples=16,placements_kept=12'
    >>> bot_spec(StrongBot, samples=4).label, bot_spec("greedy").label
    ('strong:samples=4', 'greedy')
    >>> bot_spec("strong:samples=0")
    Traceback (most recent call last):
        ...
    qwirkle.bots.parameters.BotParameterError: samples must be at least 1, not 0
    """
    if isinstance(entry, BotSpec):
        if parameters:
            raise TypeError("parameters cannot be added to a BotSpec; make it from the bot's name or class")
        return entry
    if isinstance(entry, str):
        spec = _parse_text(entry)
        if not parameters:
            return spec
        kind = BOTS[spec.label.partition(":")[0]]
        assert isinstance(kind, type)
        return _class_spec(kind, (*spec.parameters, *parameters.items()), text=False)
    if isinstance(entry, type):
        return _class_spec(entry, tuple(parameters.items()), text=False)
    if _is_bot(entry):
        if parameters:
            raise TypeError("parameters can be given with a bot's class or name, not with a bot object")
        name = getattr(entry, "name", None)
        if not isinstance(name, str):
            raise TypeError(f"a bot's name must be a str, not {type(name).__name__}")
        return BotSpec(name, _Copies(entry))
    if callable(entry):
        if parameters:
            raise TypeError("parameters can be given with a bot's class or name, not with a factory function")
        label = getattr(entry, "name", None)
        if not isinstance(label, str):
            label = str(getattr(entry, "__name__", type(entry).__name__))
        factory: Callable[..., Bot] = entry
        return BotSpec(label, factory if _takes_seed(factory) else _Unseeded(factory))
    raise TypeError(f"a match entry is a bot name, a bot, or a bot factory, not {type(entry).__name__}")


def _class_spec(kind: type, given: tuple[tuple[str, object], ...], text: bool) -> BotSpec:
    name = getattr(kind, "name", None)
    base = name if isinstance(name, str) else kind.__name__
    parameters = _checked(base, kind, given, text)
    factory: Callable[[int], Bot] = kind if _takes_seed(kind) else _Unseeded(kind)
    timed = any(name in getattr(kind, "timed", ()) and value for name, value in parameters)
    return BotSpec(_label(base, parameters), _Seeded(factory, parameters) if parameters else factory, parameters, timed)


def split_bots(text: str) -> list[str]:
    """The bots of a comma-separated list, where a bot's own parameters are separated by commas too.

    A part with ``=`` and no ``:`` is one more parameter of the bot before it.

    >>> split_bots("strong:samples=16,placements_kept=12,greedy")
    ['strong:samples=16,placements_kept=12', 'greedy']
    """
    bots: list[str] = []
    for part in text.split(","):
        if "=" in part and ":" not in part and bots and ":" in bots[-1]:
            bots[-1] += "," + part
        else:
            bots.append(part)
    return [bot.strip() for bot in bots]
