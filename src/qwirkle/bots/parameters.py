"""A bot's parameters: the attributes of its class that a match may set, each with its type, default and bounds.

A bot's parameters are the attributes its class declares with a type of int,
float or bool and a default, and those of type str that it lists in its
:attr:`~qwirkle.bots.BaseBot.choices` (:func:`bot_parameters`): each value is
checked against that type, the bot's :attr:`~qwirkle.bots.BaseBot.minimums`,
:attr:`~qwirkle.bots.BaseBot.maximums`
and its choices. :mod:`qwirkle.bots.spec` makes match entries from them; every
name here can be imported from there too.

>>> from qwirkle.bots import StrongBot
>>> [parameter.name for parameter in bot_parameters(StrongBot)][:3]
['placements_kept', 'exchanges_kept', 'samples']
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Iterable, Mapping
from typing import Final, TypeAlias

import attrs

from qwirkle._immutable import Immutable
from qwirkle.bots.play import BotError

__all__ = ["BotParameter", "BotParameterError", "ParameterValue", "bot_parameters", "format_value"]

ParameterValue: TypeAlias = int | float | bool | str
"""The value of a bot parameter."""

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

    >>> from qwirkle.bots.spec import bot_spec
    >>> bot_spec("strong:depth=3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.bots.parameters.BotParameterError: the bot 'strong' has no parameter 'depth'; its parameters are: ...
    """


@attrs.frozen
class BotParameter(Immutable):
    """One parameter of a bot class: its name, its type, its default, and the values it may take.

    >>> from qwirkle.bots import StrongBot
    >>> samples = {p.name: p for p in bot_parameters(StrongBot)}["samples"]
    >>> samples, samples.parse("16")
    (BotParameter(name='samples', type=<class 'int'>, default=5, minimum=1, choices=(), maximum=None), 16)
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
    maximum: float | None = None
    """The greatest value allowed (numbers only), or ``None`` for no bound."""

    def describe(self) -> str:
        """The parameter in a few words, as error messages list it.

        >>> BotParameter("samples", int, 8, 1).describe()
        'samples (int, default 8, at least 1)'
        >>> BotParameter("engine", str, "python", choices=("python", "native")).describe()
        'engine (str, default python, one of python, native)'
        """
        bound = "" if self.minimum is None else f", at least {self.minimum:g}"
        if self.maximum is not None:
            bound += f", at most {self.maximum:g}"
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
        qwirkle.bots.parameters.BotParameterError: samples must be an int, not 'many'
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
        qwirkle.bots.parameters.BotParameterError: samples must be at least 1, not 0
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
        if self.maximum is not None and value > self.maximum:
            raise BotParameterError(f"{self.name} must be at most {self.maximum:g}, not {format_value(value)}")
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
    class gives in its :attr:`~qwirkle.bots.BaseBot.minimums` and
    :attr:`~qwirkle.bots.BaseBot.maximums`.

    >>> from qwirkle.bots import GreedyBot, StrongBot
    >>> [p.name for p in bot_parameters(StrongBot)][:6]
    ['placements_kept', 'exchanges_kept', 'samples', 'halvings', 'reply_weight', 'follow_weight']
    >>> [p.name for p in bot_parameters(StrongBot)][6:12]
    ['leave_weight', 'play_out_bag', 'inference_tries', 'endgame_depth', 'endgame_width', 'endgame_reply_width']
    >>> engine = bot_parameters(StrongBot)[-1]
    >>> engine.name, engine.type, engine.default, engine.choices
    ('engine', <class 'str'>, 'python', ('python', 'native', 'auto'))
    >>> bot_parameters(GreedyBot)
    ()
    """
    if not isinstance(kind, type):
        raise TypeError(f"expected a class, not {type(kind).__name__}")
    minimums: Mapping[str, float] = getattr(kind, "minimums", None) or {}
    maximums: Mapping[str, float] = getattr(kind, "maximums", None) or {}
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
            if value_type is bool:
                found[name] = BotParameter(name, value_type, default)
                continue
            found[name] = BotParameter(name, value_type, default, minimums.get(name), maximum=maximums.get(name))
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
