"""JSON building blocks shared by states, views and game records: the encoders and decoders of the game's values.

The JSON text and its limits are read and written in
:mod:`qwirkle.formats._jsontext`, and every value read from outside is
checked by the :class:`Reader` of :mod:`qwirkle.formats._reader`; both are
offered here too.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Final, TypeVar

import attrs
from attrs import AttrsInstance

from qwirkle._consistency import check_player_count
from qwirkle._engine.geometry import Cell
from qwirkle.board import Board
from qwirkle.endings import EndReason, Outcome, names_a_seat, outcome_of
from qwirkle.errors import InvalidOptionsError, InvalidStateError, QwirkleError
from qwirkle.formats._jsontext import (
    DOCUMENT,
    JSON,
    Limits,
    NotJSONError,
    check_writable,
    data_of,
    dump_text,
    load_text,
)
from qwirkle.formats._reader import Reader
from qwirkle.formats.notation import format_move, format_tile
from qwirkle.moves import HiddenExchange, Move
from qwirkle.rules.limits import (
    MAX_LIST,
    MAX_SEATS,
)
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score, ScoredLine
from qwirkle.tiles import Tile

__all__ = [
    "DOCUMENT",
    "FORMAT_VERSION",
    "JSON",
    "Limits",
    "NotJSONError",
    "Reader",
    "check_writable",
    "data_of",
    "decode_board",
    "decode_options",
    "decode_outcome",
    "decode_players",
    "decode_rules",
    "decode_score",
    "decode_shown_move",
    "dump_text",
    "encode_board",
    "encode_cell",
    "encode_header",
    "encode_move",
    "encode_outcome",
    "encode_rules",
    "encode_score",
    "encode_shown_move",
    "encode_tiles",
    "load_text",
    "read_header",
]

FORMAT_VERSION: Final = 1
"""The version of the state, view and record formats this library writes and reads."""

A = TypeVar("A", bound=AttrsInstance)


def encode_cell(cell: Cell) -> list[int]:
    return [cell[0], cell[1]]


def encode_tiles(tiles: tuple[Tile, ...]) -> list[str]:
    return [format_tile(tile) for tile in tiles]


def encode_move(move: Move) -> str:
    return format_move(move)


def encode_shown_move(move: Move | HiddenExchange) -> dict[str, JSON]:
    """A turn's move as a view or a record writes it: ``move`` in notation, or the count of tiles ``exchanged``.

    >>> encode_shown_move(HiddenExchange(2))
    {'exchanged': 2}
    """
    if isinstance(move, HiddenExchange):
        return {"exchanged": move.count}
    return {"move": format_move(move)}


def decode_shown_move(turn: Reader, fields: dict[str, Reader], hand_size: int) -> Move | HiddenExchange:
    """The move of a turn's ``fields`` (see :func:`encode_shown_move`): exactly one of ``move`` and ``exchanged``.

    An exchange gives back 1 to ``hand_size`` tiles.
    """
    if ("move" in fields) == ("exchanged" in fields):
        raise turn.fail("a turn has either a move or a count of exchanged tiles")
    if "move" in fields:
        return fields["move"].move()
    return HiddenExchange(fields["exchanged"].integer(1, hand_size))


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
