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
and its choices.

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
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeAlias, TypeGuard

import attrs

from qwirkle._immutable import Immutable
from qwirkle.bots import BOTS, UnknownBotError
from qwirkle.bots.play import Bot, BotError

__all__ = [
    "BotEntry",
    "BotParameter",
    "BotParameterError",
    "BotSpec",
    "ParameterValue",
    "bot_parameters",
    "bot_spec",
    "format_value",
    "split_bots",
]

ParameterValue: TypeAlias = int | float | bool | str
"""The value of a bot parameter."""

BotEntry: TypeAlias = "str | BotSpec | Bot | Callable[[int], Bot] | type"
"""What a match accepts as an entry: see :func:`bot_spec`."""

_TYPES: Final[Mapping[object, type]] = {
    int: int,
    float: float,
    bool: bool,
    str: str,
    "int": int,
    "float": float,
    "bool": bool,
    "str": str,
}
_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})


class BotParameterError(BotError):
    """A bot parameter that the bot does not have, or a value it cannot take.

    >>> bot_spec("strong:depth=3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.bots.spec.BotParameterError: the bot 'strong' has no parameter 'depth'; its parameters are: ...
    """


@attrs.frozen
class BotParameter(Immutable):
    """One parameter of a bot class: its name, its type, its default, and the values it may take.

    >>> from qwirkle.bots import StrongBot
    >>> samples = {p.name: p for p in bot_parameters(StrongBot)}["samples"]
    >>> samples, samples.parse("16")
    (BotParameter(name='samples', type=<class 'int'>, default=5, minimum=1, choices=()), 16)
    """

    name: str
    """The attribute's name."""
    type: type
    """``int``, ``float``, ``bool`` or ``str``."""
    default: ParameterValue
    """The class's own value."""
    minimum: float | None = None
    """The least value allowed (numbers only), or ``None`` for no bound."""
    choices: tuple[str, ...] = ()
    """The values a str parameter may take."""

    def describe(self) -> str:
        """The parameter in a few words, as error messages list it.

        >>> BotParameter("samples", int, 8, 1).describe()
        'samples (int, default 8, at least 1)'
        >>> BotParameter("engine", str, "python", choices=("python", "native")).describe()
        'engine (str, default python, one of python, native)'
        """
        bound = "" if self.minimum is None else f", at least {self.minimum:g}"
        if self.choices:
            bound = f", one of {', '.join(self.choices)}"
        return f"{self.name} ({self.type.__name__}, default {format_value(self.default)}{bound})"

    def parse(self, text: str) -> ParameterValue:
        """The value written as ``text`` (as on the command line), checked; raises :class:`BotParameterError`.

        Booleans are ``true``/``false`` (or ``yes``/``no``, ``on``/``off``, ``1``/``0``).

        >>> BotParameter("weight", float, 1.0).parse("0.5"), BotParameter("fast", bool, False).parse("yes")
        (0.5, True)
        >>> BotParameter("samples", int, 8, 1).parse("many")
        Traceback (most recent call last):
            ...
        qwirkle.bots.spec.BotParameterError: samples must be an int, not 'many'
        """
        word = text.strip().lower()
        value: ParameterValue
        try:
            if self.type is str:
                value = word
            elif self.type is bool:
                if word not in _TRUE | _FALSE:
                    raise ValueError(word)
                value = word in _TRUE
            elif self.type is int:
                value = int(word)
            else:
                value = float(word)
        except ValueError:
            raise BotParameterError(f"{self.name} must be {_article(self.type)}, not {text!r}") from None
        return self.check(value)

    def check(self, value: object) -> ParameterValue:
        """``value`` if the parameter may take it (an int for a float is made a float).

        Raises :class:`TypeError` for a value of the wrong type and
        :class:`BotParameterError` for one out of range.

        >>> BotParameter("samples", int, 8, 1).check(0)
        Traceback (most recent call last):
            ...
        qwirkle.bots.spec.BotParameterError: samples must be at least 1, not 0
        """
        if self.type is float and type(value) is int:
            value = float(value)
        if type(value) is not self.type:
            raise TypeError(f"{self.name} must be {_article(self.type)}, not {type(value).__name__}")
        if isinstance(value, str):
            if value not in self.choices:
                raise BotParameterError(f"{self.name} must be one of {', '.join(self.choices)}, not {value!r}")
            return value
        assert isinstance(value, (int, float))
        if isinstance(value, float) and not math.isfinite(value):
            raise BotParameterError(f"{self.name} must be a finite number, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise BotParameterError(f"{self.name} must be at least {self.minimum:g}, not {format_value(value)}")
        return value


def _article(kind: type) -> str:
    return {int: "an int", float: "a number", bool: "true or false", str: "a str"}[kind]


def format_value(value: ParameterValue) -> str:
    """A parameter value as it is written in a bot's label: ``true``/``false`` for booleans, words as they are.

    >>> format_value(16), format_value(0.5), format_value(True), format_value("native")
    ('16', '0.5', 'true', 'native')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return repr(value)


def bot_parameters(kind: type) -> tuple[BotParameter, ...]:
    """The parameters of a bot class: its class attributes with a type of int, float or bool and a default.

    Attributes of type str are parameters too when the class lists the values
    they may take in its :attr:`~qwirkle.bots.BaseBot.choices`. They come in
    the order the class and its bases declare them; each has the bound the
    class gives in its :attr:`~qwirkle.bots.BaseBot.minimums`.

    >>> from qwirkle.bots import GreedyBot, StrongBot
    >>> [p.name for p in bot_parameters(StrongBot)][:6]
    ['placements_kept', 'exchanges_kept', 'samples', 'halvings', 'reply_weight', 'follow_weight']
    >>> [p.name for p in bot_parameters(StrongBot)][6:12]
    ['leave_weight', 'play_out_bag', 'inference_tries', 'endgame_depth', 'endgame_width', 'endgame_reply_width']
    >>> engine = bot_parameters(StrongBot)[12]
    >>> engine.name, engine.type, engine.default, engine.choices
    ('engine', <class 'str'>, 'python', ('python', 'native', 'auto'))
    >>> bot_parameters(GreedyBot)
    ()
    """
    if not isinstance(kind, type):
        raise TypeError(f"expected a class, not {type(kind).__name__}")
    minimums: Mapping[str, float] = getattr(kind, "minimums", None) or {}
    choices: Mapping[str, tuple[str, ...]] = getattr(kind, "choices", None) or {}
    found: dict[str, BotParameter] = {}
    for klass in reversed(kind.__mro__):
        for name, annotation in inspect.get_annotations(klass).items():
            value_type = _TYPES.get(annotation) if isinstance(annotation, (str, type)) else None
            if name.startswith("_") or value_type is None or (value_type is str and name not in choices):
                continue
            default = getattr(kind, name, None)
            if value_type is float and type(default) is int:
                default = float(default)
            if not isinstance(default, (int, float, str)) or type(default) is not value_type:
                continue
            if value_type is str:
                found[name] = BotParameter(name, value_type, default, choices=tuple(choices[name]))
                continue
            minimum = minimums.get(name) if value_type is not bool else None
            found[name] = BotParameter(name, value_type, default, minimum)
    return tuple(found.values())


def _describe_all(parameters: Iterable[BotParameter]) -> str:
    listed = ", ".join(parameter.describe() for parameter in parameters)
    return f"its parameters are: {listed}" if listed else "it has no parameters"


def _checked(
    label: str, kind: type, given: Iterable[tuple[str, object]], text: bool
) -> tuple[tuple[str, ParameterValue], ...]:
    """The parameters given for a bot class, each checked against the class (parsed first when ``text``)."""
    known = {parameter.name: parameter for parameter in bot_parameters(kind)}
    out: dict[str, ParameterValue] = {}
    for name, value in given:
        parameter = known.get(name)
        if parameter is None:
            raise BotParameterError(f"the bot {label!r} has no parameter {name!r}; {_describe_all(known.values())}")
        if name in out:
            raise BotParameterError(f"the parameter {name!r} of {label!r} is given twice")
        out[name] = parameter.parse(str(value)) if text else parameter.check(value)
    return tuple(out.items())


def _label(name: str, parameters: tuple[tuple[str, ParameterValue], ...]) -> str:
    if not parameters:
        return name
    return f"{name}:" + ",".join(f"{key}={format_value(value)}" for key, value in parameters)


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
        for name, value in self.parameters:
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
    qwirkle.bots.spec.BotParameterError: samples must be at least 1, not 0
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
    return BotSpec(_label(base, parameters), _Seeded(factory, parameters) if parameters else factory, parameters)


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
