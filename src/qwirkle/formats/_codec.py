"""JSON building blocks shared by states, views and game records: encoders and a checking reader.

Everything read from outside goes through :class:`Reader`, which checks each
value's type and range before it becomes an object, and raises
:class:`~qwirkle.InvalidRecordError` with the JSON path of the fault.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable
from typing import Any, Final, NamedTuple, NoReturn, TypeVar

import attrs
from attrs import AttrsInstance

from qwirkle._engine.geometry import MAX_COORD, Cell
from qwirkle.board import Board
from qwirkle.endings import EndReason, Outcome, names_a_seat, outcome_of
from qwirkle.errors import InvalidOptionsError, InvalidRecordError, InvalidStateError, QwirkleError, brief
from qwirkle.formats.notation import format_move, format_tile, parse_move, parse_tile
from qwirkle.moves import Move
from qwirkle.rules.limits import (
    MAX_JSON_CHARS,
    MAX_JSON_ITEMS,
    MAX_JSON_OBJECTS,
    MAX_LIST,
    MAX_NAME,
    MAX_POINTS,
    MAX_SEATS,
    MAX_TURNS,
)
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score, ScoredLine
from qwirkle.state import check_player_count
from qwirkle.tiles import Tile

FORMAT_VERSION: Final = 1
"""The version of the state, view and record formats this library writes and reads."""

T = TypeVar("T")
A = TypeVar("A", bound=AttrsInstance)

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None."""


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not allowed")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in pairs:
        if name in out:
            raise ValueError(f"the key {brief(name)} appears twice")
        out[name] = value
    return out


class Limits(NamedTuple):
    """How big a JSON text may be, counted before it is parsed: characters, objects (``{``) and commas."""

    chars: int
    objects: int
    items: int


DOCUMENT: Final = Limits(MAX_JSON_CHARS, MAX_JSON_OBJECTS, MAX_JSON_ITEMS)
"""The limits of one state, view, record or game result (see :mod:`qwirkle.rules.limits`)."""

_JSON_DATA: Final = (dict, list, str, int, float, bool, type(None))


class NotJSONError(InvalidRecordError, TypeError):
    """A value given to a loader that is neither JSON text nor JSON data: a :class:`TypeError`.

    It is an :class:`~qwirkle.InvalidRecordError` too, as such a value was
    before it was a type error; catching it as one is deprecated.
    """


def load_text(text: object, what: str, *, limits: Limits = DOCUMENT) -> JSON:
    """Parse JSON text (str or UTF-8 bytes) within ``limits``; raise :class:`InvalidRecordError`.

    Anything but text is a :class:`TypeError` (:class:`NotJSONError`).

    >>> load_text('{"format": "qwirkle-state"}', "the state")
    {'format': 'qwirkle-state'}
    >>> load_text('{"a": 1, "a": 2}', "the state")
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidRecordError: $: the state is not valid JSON: the key 'a' appears twice
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limits.chars:
            raise InvalidRecordError(f"{what} is {len(text)} bytes long; the limit is {limits.chars}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidRecordError(f"{what} is not UTF-8 text: {error.reason} at byte {error.start}") from None
    if not isinstance(text, str):
        raise NotJSONError(f"{what} must be JSON text, not {type(text).__name__}")
    too_big = _beyond_limits(text, what, limits)
    if too_big:
        raise InvalidRecordError(too_big)
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise InvalidRecordError(f"{what} is nested too deeply") from None
    except ValueError as error:
        raise InvalidRecordError(f"{what} is not valid JSON: {error}") from None


def data_of(data: object, what: str, *, limits: Limits = DOCUMENT) -> JSON:
    """``data`` as it is, or parsed if it is JSON text: each ``from_json`` takes either (see :func:`load_text`).

    Anything else, such as a state where its JSON was meant, is a
    :class:`TypeError` (:class:`NotJSONError`).

    >>> data_of('{"format": "qwirkle-state"}', "the state") == data_of({"format": "qwirkle-state"}, "the state")
    True
    >>> data_of(object(), "the state")
    Traceback (most recent call last):
        ...
    qwirkle.formats._codec.NotJSONError: $: the state must be JSON text or JSON data, not object
    """
    if isinstance(data, (str, bytes, bytearray)):
        return load_text(data, what, limits=limits)
    if not isinstance(data, _JSON_DATA):
        raise NotJSONError(f"{what} must be JSON text or JSON data, not {type(data).__name__}")
    return data


def _beyond_limits(text: str, what: str, limits: Limits) -> str | None:
    """What makes ``text`` too big for the loaders, or ``None``; the writer asks it too."""
    if len(text) > limits.chars:
        return f"{what} is {len(text)} characters long; the limit is {limits.chars}"
    # Counted before parsing, at the speed of a string search: parsing makes a Python value of each.
    if text.count("{") > limits.objects:
        return f"{what} holds more than {limits.objects} objects"
    if text.count(",") > limits.items:
        return f"{what} holds more than {limits.items} commas"
    return None


def check_writable(turns: int) -> None:
    """Refuse to write a game of more turns than the loaders read (:data:`~qwirkle.rules.limits.MAX_TURNS`).

    The library writes only what it reads back: such a game would be lost on loading, so it fails on saving.
    """
    if turns > MAX_TURNS:
        raise InvalidStateError(f"a game of {turns} turns cannot be saved: the formats hold {MAX_TURNS} turns at most")


def dump_text(value: JSON, *, limits: Limits = DOCUMENT) -> str:
    """JSON text for a value built by the encoders: compact, keys in a fixed order, ASCII only.

    Text the loaders would refuse as beyond ``limits`` (long comments can
    make it so) is refused here, with :class:`~qwirkle.InvalidStateError`:
    what the library writes, it reads back.

    >>> dump_text({"format": "qwirkle-state", "version": 1})
    '{"format":"qwirkle-state","version":1}'
    """
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    too_big = _beyond_limits(text, "the text", limits)
    if too_big:
        raise InvalidStateError(f"cannot be saved, as it would not load back: {too_big}")
    return text


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


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


def encode_cell(cell: Cell) -> list[int]:
    return [cell[0], cell[1]]


def encode_tiles(tiles: tuple[Tile, ...]) -> list[str]:
    return [format_tile(tile) for tile in tiles]


def encode_move(move: Move) -> str:
    return format_move(move)


def encode_board(cells: Iterable[tuple[Cell, Tile]]) -> list[JSON]:
    """Tiles on the table as ``[x, y, "Ro"]`` entries (see :func:`decode_board`).

    >>> from qwirkle import parse_move
    >>> encode_board(parse_move("Ro@0,0 Rs@1,0").placements)
    [[0, 0, 'Ro'], [1, 0, 'Rs']]
    """
    return [[x, y, format_tile(tile)] for (x, y), tile in cells]


def decode_board(reader: Reader) -> Board:
    """A board from a list of ``[x, y, "Ro"]`` entries; the table must be legal (lines, connection)."""
    cells = []
    for item in reader.items(MAX_LIST):
        x, y, code = item.items(3, 3)
        cells.append((Reader([x.value, y.value], item.path).cell(), code.tile()))
    try:
        return Board(cells)
    except QwirkleError as error:
        raise reader.fail(str(error)) from None


def encode_score(score: Score) -> dict[str, JSON]:
    return {
        "total": score.total,
        "lines": [{"cells": [encode_cell(c) for c in line.cells], "qwirkle": line.qwirkle} for line in score.lines],
        "qwirkle_points": score.qwirkle_points,
        "lone_tile_points": score.lone_tile_points,
        "end_bonus": score.end_bonus,
    }


def decode_score(reader: Reader) -> Score:
    fields = reader.fields(("total",), ("lines", "qwirkle_points", "lone_tile_points", "end_bonus"))
    lines: list[ScoredLine] = []
    if "lines" in fields:
        for item in fields["lines"].items(2 * 64):
            line = item.fields(("cells", "qwirkle"))
            cells = tuple(c.cell() for c in line["cells"].items(6, 2))
            lines.append(ScoredLine(cells, line["qwirkle"].boolean()))
    parts = {name: fields[name].integer() if name in fields else 0 for name in ("qwirkle_points", "lone_tile_points")}
    bonus = fields["end_bonus"].integer() if "end_bonus" in fields else 0
    total = fields["total"].integer()
    score = Score(total, tuple(lines), parts["qwirkle_points"], parts["lone_tile_points"], bonus)
    if total != sum(line.points for line in lines) + sum(parts.values()) + bonus:
        raise fields["total"].fail(f"the total {total} is not the sum of the lines and bonuses")
    return score


def encode_rules(rules: AttrsInstance) -> dict[str, JSON]:
    """Every option of a rule set (an attrs class such as :class:`~qwirkle.RuleSet`), enums by their value.

    Every option is written, so that a record stays readable if the defaults
    change; but not a deprecated one, which cannot be set any more (its field
    takes no argument): it changes nothing, and older readers default it.
    """
    out: dict[str, JSON] = {}
    for field in attrs.fields(type(rules)):
        if not field.init:
            continue
        value = getattr(rules, field.name)
        out[field.name] = value.value if isinstance(value, enum.Enum) else value
    return out


_READERS: dict[type, tuple[tuple[str, Callable[[Reader], object]], ...]] = {}


def _option_readers(kind: type[AttrsInstance]) -> tuple[tuple[str, Callable[[Reader], object]], ...]:
    """How to read each option of a rule set class, worked out once from the types of its fields."""
    found = _READERS.get(kind)
    if found is None:
        fields = attrs.fields(attrs.resolve_types(kind))
        found = _READERS[kind] = tuple((field.name, _reader_for(field.type)) for field in fields)
    return found


def _reader_for(annotation: object) -> Callable[[Reader], object]:
    """The reader of one option, chosen by its type alone: a new option of a known type needs nothing here."""
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return lambda item: item.enum(annotation)
    if annotation is bool:
        return Reader.boolean
    # The range of a number is the option's own (its validator's), checked when the rule set is made.
    if annotation is int:
        return Reader.any_integer
    if annotation == int | None:
        return lambda item: None if item.value is None else item.any_integer()
    raise TypeError(f"no JSON reader for an option of type {annotation!r}")


def decode_rules(reader: Reader) -> RuleSet:
    """A :class:`~qwirkle.RuleSet` from an object of options (see :func:`decode_options`)."""
    return decode_options(reader, RuleSet)


def decode_options(reader: Reader, kind: type[A]) -> A:
    """A rule set of class ``kind`` from an object of options; options left out keep their defaults.

    Each option is read by its field's type (an enum by value, a bool, an
    int, or an int or null); the rule set's own validators then check its
    range, and their error gets the JSON path. A deprecated option (a field
    that takes no argument) is still read and checked, so that the files
    saved before it was deprecated load, and is then left out.
    """
    readers = _option_readers(kind)
    fields = reader.fields((), tuple(name for name, _ in readers))
    values = {name: read(fields[name]) for name, read in readers if name in fields}
    settable = {field.name for field in attrs.fields(kind) if field.init}
    try:
        return kind(**{name: value for name, value in values.items() if name in settable})
    except InvalidOptionsError as error:
        raise reader.fail(str(error)) from None


def encode_outcome(outcome: Outcome | None) -> dict[str, JSON] | None:
    if outcome is None:
        return None
    return {
        "reason": outcome.reason.value,
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "ended_by": outcome.ended_by,
    }


def decode_outcome(reader: Reader, players: int) -> Outcome | None:
    if reader.value is None:
        return None
    fields = reader.fields(("reason", "scores", "winners"), ("ended_by",))
    scores = tuple(item.integer() for item in fields["scores"].items(players, players))
    winners = tuple(item.integer(0, players - 1) for item in fields["winners"].items(players, 1))
    ended_by = fields["ended_by"].optional_integer(0, players - 1) if "ended_by" in fields else None
    reason = fields["reason"].enum(EndReason)
    if (ended_by is not None) != names_a_seat(reason):
        raise fields["reason"].fail("ended_by names a seat exactly when a player went out or left the game")
    outcome = outcome_of(reason, scores, ended_by)
    if winners != outcome.winners:
        raise fields["winners"].fail("the winners are not the seats with the highest score (Rule END-4)")
    return outcome


def decode_players(reader: Reader, rules: RuleSet) -> tuple[str, ...]:
    """Distinct player names, as many as the rules allow (:func:`~qwirkle.state.check_player_count` says)."""
    names = tuple(item.text() for item in reader.items(MAX_SEATS))
    if len(set(names)) != len(names):
        raise reader.fail("player names must be distinct")
    try:
        check_player_count(rules, len(names))
    except InvalidStateError as error:
        raise reader.fail(str(error)) from None
    return names


def encode_header(kind: str, version: int = FORMAT_VERSION) -> dict[str, JSON]:
    """The two keys every JSON format of the library opens with, as :func:`read_header` reads them.

    >>> encode_header("qwirkle-state")
    {'format': 'qwirkle-state', 'version': 1}
    """
    return {"format": kind, "version": version}


def read_header(
    reader: Reader,
    kind: str,
    required: tuple[str, ...],
    optional: tuple[str, ...] = (),
    *,
    version: int = FORMAT_VERSION,
    neighbours: tuple[str, ...] | None = None,
    stranger: str | None = None,
) -> dict[str, Reader]:
    """The fields of a document whose ``format`` must be ``kind`` and ``version`` the one this library reads.

    Every JSON format of the library opens with these two keys, and every
    loader reads them here. The other keys are checked first (unknown, then
    missing ones), unless ``neighbours`` is given: then the format is read
    first, the keys of a neighbouring format (``neighbours``) let through
    until it is, so that a document of that other kind is refused for its
    format, not for its keys. With ``stranger``, anything but an object of
    format ``kind`` is refused at once with that message.

    >>> read_header(Reader({"format": "qwirkle-state", "version": 2}), "qwirkle-state", ())
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidRecordError: $.version: version 2 is not supported; this library reads 1
    """
    if stranger is not None and not (isinstance(reader.value, dict) and reader.value.get("format") == kind):
        raise reader.fail(stranger)
    if neighbours is None:
        head = reader.fields(("format", "version", *required), optional)
    else:
        head = reader.fields(("format", "version"), (*required, *optional, *neighbours))
    if head["format"].text() != kind:
        raise head["format"].fail(f"expected {kind!r}")
    if head["version"].integer(1, 10**6) != version:
        raise head["version"].fail(f"version {head['version'].value} is not supported; this library reads {version}")
    return head if neighbours is None else reader.fields(("format", "version", *required), optional)
