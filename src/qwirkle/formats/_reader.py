"""The checking reader: a JSON value and its path, each accessor checking the value before it becomes an object.

Everything read from outside goes through :class:`Reader`, which raises
:class:`~qwirkle.InvalidRecordError` with the JSON path of the fault.

>>> Reader({"seat": 7}).fields(("seat",))["seat"].integer(0, 3)
Traceback (most recent call last):
    ...
qwirkle.errors.InvalidRecordError: $.seat: 7 is out of range
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final, TypeVar

from qwirkle._engine.geometry import MAX_COORD, Cell
from qwirkle.errors import InvalidRecordError, QwirkleError, brief
from qwirkle.formats.notation import parse_move, parse_tile
from qwirkle.moves import Move
from qwirkle.rules.limits import (
    MAX_LIST,
    MAX_NAME,
    MAX_POINTS,
)
from qwirkle.tiles import Tile

__all__ = ["Reader"]

T = TypeVar("T")


# In the order asked: a boolean is an int to Python, but not to JSON.
_KINDS: Final = (
    (type(None), "null"),
    (bool, "a boolean"),
    (int, "an integer"),
    (float, "a number"),
    (str, "a string"),
    (list, "a list"),
    (dict, "an object"),
)


def _kind(value: object) -> str:
    """What a JSON value is, in words, for an error message."""
    return next((word for kind, word in _KINDS if isinstance(value, kind)), type(value).__name__)


class Reader:
    """A JSON value and its path; each accessor checks the value and raises with the path."""

    __slots__ = ("path", "value")

    def __init__(self, value: object, path: str = "$") -> None:
        self.value = value
        self.path = path

    def fail(self, problem: str) -> InvalidRecordError:
        return InvalidRecordError(problem, self.path)

    def fields(self, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Reader]:
        """The fields of an object that must have ``required`` keys and may have ``optional`` ones."""
        if not isinstance(self.value, dict):
            raise self.fail(f"expected an object, not {_kind(self.value)}")
        known = set(required) | set(optional)
        for name in self.value:
            if name not in known:
                raise self.fail(f"unknown key {brief(name)}")
        for name in required:
            if name not in self.value:
                raise self.fail(f"the key {brief(name)} is missing")
        return {name: Reader(value, f"{self.path}.{name}") for name, value in self.value.items()}

    def items(self, most: int = MAX_LIST, fewest: int = 0) -> list[Reader]:
        if not isinstance(self.value, list):
            raise self.fail(f"expected a list, not {_kind(self.value)}")
        if not fewest <= len(self.value) <= most:
            raise self.fail(f"expected {fewest} to {most} items, not {len(self.value)}")
        return [Reader(item, f"{self.path}[{i}]") for i, item in enumerate(self.value)]

    def integer(self, low: int = 0, high: int = MAX_POINTS) -> int:
        """An int with ``low <= n <= high`` (booleans and floats are refused)."""
        if type(self.value) is not int:
            raise self.fail(f"expected an integer, not {_kind(self.value)}")
        if not low <= self.value <= high:
            raise self.fail(f"{brief(self.value)} is out of range")
        return self.value

    def optional_integer(self, low: int = 0, high: int = MAX_POINTS) -> int | None:
        return None if self.value is None else self.integer(low, high)

    def any_integer(self) -> int:
        """An int of any size (booleans and floats are refused): for a value whose range someone else checks."""
        if type(self.value) is not int:
            raise self.fail(f"expected an integer, not {_kind(self.value)}")
        return self.value

    def seconds(self, high: float) -> float:
        """A finite number of seconds from 0 to ``high``, an int or a float (booleans are refused)."""
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)):
            raise self.fail(f"expected a number of seconds, not {_kind(self.value)}")
        seconds = float(self.value)
        if not 0 <= seconds <= high:
            raise self.fail(f"{brief(self.value)} seconds is out of range: 0 to {high}")
        return seconds

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail(f"expected true or false, not {_kind(self.value)}")
        return self.value

    def text(self, most: int = MAX_NAME) -> str:
        if not isinstance(self.value, str):
            raise self.fail(f"expected a string, not {_kind(self.value)}")
        if len(self.value) > most:
            raise self.fail(f"the string is {len(self.value)} characters long; the limit is {most}")
        return self.value

    def enum(self, kind: type[enum.Enum]) -> Any:
        text = self.text()
        for member in kind:
            if member.value == text:
                return member
        raise self.fail(f"unknown value {brief(text)}; expected one of {', '.join(str(m.value) for m in kind)}")

    def tile(self) -> Tile:
        return self.parsed(parse_tile, 10)

    def tiles(self, most: int = MAX_LIST) -> tuple[Tile, ...]:
        return tuple(item.tile() for item in self.items(most))

    def cell(self) -> Cell:
        x, y = self.items(2, 2)
        return (x.integer(-MAX_COORD, MAX_COORD), y.integer(-MAX_COORD, MAX_COORD))

    def move(self) -> Move:
        return self.parsed(parse_move, 1000)

    def parsed(self, parse: Callable[[str], T], most: int) -> T:
        """A value parsed from a string of notation; notation errors get the JSON path."""
        text = self.text(most)
        try:
            return parse(text)
        except QwirkleError as error:
            raise self.fail(str(error)) from None


# Encoders and decoders for the engine's values.
