"""A match's games streamed to a JSON-lines file as they finish, read back, and continued after an interruption.

The first line describes the match (:data:`LOG_FORMAT`, the entries, the
seed, the rules and the turn limit, and for Qwirkle Cards the game); each further line is one game's result
(:meth:`~qwirkle.matches.simulate.GameResult.to_json`), in the order games finished.
Every line is written whole and flushed, so a run that is stopped loses at
most the games still being played; a last line cut short is dropped when the
file is read or continued. :func:`qwirkle.matches.simulate.simulate` writes one with
``out=`` and continues one with ``resume=True``.

>>> import tempfile, pathlib
>>> from qwirkle.rules.ruleset import RuleSet  # noqa: F401 (the examples below make rules with it)
>>> from qwirkle.matches.simulate import run_match_game
>>> with tempfile.TemporaryDirectory() as folder:
...     path = pathlib.Path(folder) / "match.jsonl"
...     with LogWriter.create(path, ("greedy", "random"), 1, RuleSet(), 10_000) as log:
...         log.write(run_match_game(["greedy", "random"], seed=1, index=0))
...     [result.index for result in read_log(path).results]
[0]
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from types import TracebackType
from typing import Final, TextIO

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import InvalidRecordError, QwirkleError
from qwirkle.formats import _codec
from qwirkle.matches.kinds import TILES, MatchRules, rules_class
from qwirkle.matches.results import GameResult, _decode_result
from qwirkle.matches.stats import Simulation, _decode_game
from qwirkle.rules.ruleset import RuleSet  # noqa: F401 (the examples below make rules with it)

__all__ = ["LOG_FORMAT", "LogWriter", "MatchLog", "MatchLogError", "read_log"]

LOG_FORMAT: Final = "qwirkle-match-log"
"""The ``format`` field of the first line of a match log."""
_VERSION: Final = 1
_MAX_LABEL: Final = 1000
_MAX_NUMBER: Final = 2**64


_GAME_WORDS: Final = {TILES: "the tile game", "cards": "Qwirkle Cards"}


class MatchLogError(QwirkleError):
    """A match log that cannot be used as asked: it exists already, or it is the log of another match."""


@attrs.frozen
class MatchLog(Immutable):
    """What a match log holds: the match it belongs to and the games finished so far, in the order they finished.

    >>> MatchLog(("greedy", "random"), 1, RuleSet(), 10_000, ()).simulation().results
    ()
    """

    players: tuple[str, ...]
    """The entries' labels."""
    seed: int
    """The match seed."""
    rules: MatchRules
    """The rules of every game."""
    max_turns: int
    """The turn limit of every game."""
    results: tuple[GameResult, ...]
    """The finished games, in the order they were written."""
    game: str = TILES
    """The game the match plays: ``"tiles"`` or ``"cards"``."""

    def simulation(self) -> Simulation:
        """The match so far: the finished games in order of their number.

        >>> log = MatchLog(("greedy", "random"), 1, RuleSet(), 10_000, ())
        >>> log.simulation().players
        ('greedy', 'random')
        """
        ordered = sorted(self.results, key=lambda result: result.index)
        return Simulation(self.players, self.seed, ordered, self.rules, self.game)


def _encode_header(
    players: Sequence[str], seed: int, rules: MatchRules, max_turns: int, game: str
) -> dict[str, _codec.JSON]:
    # The tile game's logs are written as they always were: a log that names no game is one of the tile game.
    return {
        **_codec.encode_header(LOG_FORMAT, _VERSION),
        **({} if game == TILES else {"game": game}),
        "players": list(players),
        "seed": seed,
        "rules": _codec.encode_rules(rules),
        "max_turns": max_turns,
    }


def _decode_header(data: object) -> tuple[tuple[str, ...], int, MatchRules, int, str]:
    # The format first, so that another kind of file is named as such rather than for its keys.
    fields = _codec.read_header(
        _codec.Reader(data, "line 1"),
        LOG_FORMAT,
        ("players", "seed", "rules", "max_turns"),
        ("game",),
        version=_VERSION,
        stranger=f"this is not a match log: its first line has no format {LOG_FORMAT!r}",
    )
    game = _decode_game(fields.get("game"))
    players = tuple(item.text(_MAX_LABEL) for item in fields["players"].items(4, 2))
    seed = fields["seed"].integer(-_MAX_NUMBER, _MAX_NUMBER)
    rules = _codec.decode_options(fields["rules"], rules_class(game))
    max_turns = fields["max_turns"].integer(1, _MAX_NUMBER)
    return players, seed, rules, max_turns, game


def _parse(line: bytes, number: int) -> object:
    try:
        return json.loads(line)
    except ValueError as error:
        raise InvalidRecordError(f"not valid JSON: {error}", f"line {number}") from None


def _scan(path: str | os.PathLike[str]) -> tuple[MatchLog | None, int]:
    """The log at ``path`` (``None`` if not even its first line is whole), and the byte length of its whole lines."""
    with open(path, "rb") as source:
        data = source.read()
    end = data.rfind(b"\n") + 1
    lines = data[:end].splitlines()
    if not lines:
        return None, 0
    players, seed, rules, max_turns, game = _decode_header(_parse(lines[0], 1))
    results: list[GameResult] = []
    seen: set[int] = set()
    for number, line in enumerate(lines[1:], start=2):
        result = _decode_result(_codec.Reader(_parse(line, number), f"line {number}"))
        if result.index in seen:
            raise InvalidRecordError(f"game {result.index} appears twice", f"line {number}")
        if len(result.entries) != len(players):
            raise InvalidRecordError(
                f"a game of {len(result.entries)} seats in a match of {len(players)}", f"line {number}"
            )
        seen.add(result.index)
        results.append(result)
    return MatchLog(players, seed, rules, max_turns, tuple(results), game), end


def read_log(path: str | os.PathLike[str]) -> MatchLog:
    """The match log at ``path``; a last line cut short (the run was stopped while writing it) is left out.

    Raises :class:`~qwirkle.InvalidRecordError` (its path names the line) if
    the file is not a match log.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "match.jsonl"
    ...     LogWriter.create(path, ("greedy", "random"), 7, RuleSet(), 100).close()
    ...     read_log(path).seed
    7
    """
    log, _ = _scan(path)
    if log is None:
        raise InvalidRecordError("the file has no whole first line: it is not a match log", "line 1")
    return log


class LogWriter:
    """Appends game results to a match log, one whole line each, flushed as it is written.

    Make one with :meth:`create` for a new log or :meth:`resume` to continue
    one; use it as a context manager, or call :meth:`close`.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "match.jsonl"
    ...     LogWriter.create(path, ("greedy", "random"), 1, RuleSet(), 100).close()
    ...     LogWriter.create(path, ("greedy", "random"), 1, RuleSet(), 100)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.matches.log.MatchLogError: ...match.jsonl holds a match log already; resume it, or choose another file
    """

    def __init__(self, stream: TextIO, results: tuple[GameResult, ...]) -> None:
        self._stream = stream
        self.results = results
        """The games the log held when it was opened (none for a new log)."""

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        players: Sequence[str],
        seed: int,
        rules: MatchRules,
        max_turns: int,
        *,
        game: str = TILES,
    ) -> LogWriter:
        """Start a new log at ``path`` with its first line; raises :class:`MatchLogError` if the file is not empty.

        ``game`` is the game the match plays (``"tiles"`` or ``"cards"``).

        >>> import tempfile, pathlib
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "match.jsonl"
        ...     LogWriter.create(path, ("greedy", "random"), 1, RuleSet(), 100).close()
        ...     path.read_text().startswith('{"format":"qwirkle-match-log"')
        True
        """
        try:
            stream = open(path, "x", encoding="utf-8", newline="\n")  # noqa: SIM115 (the writer owns it)
        except FileExistsError:
            if os.path.getsize(path) > 0:
                raise MatchLogError(
                    f"{os.fspath(path)} holds a match log already; resume it, or choose another file"
                ) from None
            stream = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        writer = cls(stream, ())
        writer._line(_encode_header(players, seed, rules, max_turns, game))
        return writer

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        players: Sequence[str],
        seed: int,
        rules: MatchRules,
        max_turns: int,
        *,
        game: str = TILES,
    ) -> LogWriter:
        """Continue the log at ``path`` of this very match, or start it if there is none yet.

        A last line cut short is cut off. Raises :class:`MatchLogError` if the
        log is that of another match (another game, other entries, seed, rules
        or turn limit), and :class:`~qwirkle.InvalidRecordError` if it is not a log.

        >>> import tempfile, pathlib
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "match.jsonl"
        ...     LogWriter.create(path, ("greedy", "random"), 1, RuleSet(), 100).close()
        ...     LogWriter.resume(path, ("greedy", "random"), 2, RuleSet(), 100)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.matches.log.MatchLogError: ...match.jsonl is the log of another match: its seed is 1, not 2
        """
        if not os.path.exists(path):
            return cls.create(path, players, seed, rules, max_turns, game=game)
        log, end = _scan(path)
        if log is None:
            with open(path, "r+b") as cut:
                cut.truncate(0)
            return cls.create(path, players, seed, rules, max_turns, game=game)
        if log.game != game:
            # Said alone: the rules and the bots of two games differ anyway, and the game is what was mistaken.
            raise MatchLogError(
                f"{os.fspath(path)} is the log of a match of {_GAME_WORDS[log.game]}, not of {_GAME_WORDS[game]}: "
                f"resume it with game={log.game!r}"
            )
        differences = [
            f"its entries are {', '.join(log.players)}, not {', '.join(players)}"
            if log.players != tuple(players)
            else "",
            f"its seed is {log.seed}, not {seed}" if log.seed != seed else "",
            "its rules are others" if log.rules != rules else "",
            f"its turn limit is {log.max_turns}, not {max_turns}" if log.max_turns != max_turns else "",
        ]
        if any(differences):
            found = "; ".join(difference for difference in differences if difference)
            raise MatchLogError(f"{os.fspath(path)} is the log of another match: {found}")
        with open(path, "r+b") as cut:
            cut.truncate(end)
        return cls(open(path, "a", encoding="utf-8", newline="\n"), log.results)

    def _line(self, data: _codec.JSON) -> None:
        # One write of a whole line, then flushed: a stop between games loses nothing written.
        self._stream.write(_codec.dump_text(data) + "\n")
        self._stream.flush()

    def write(self, result: GameResult) -> None:
        """Append one game's result.

        >>> import tempfile, pathlib
        >>> from qwirkle.matches.simulate import run_match_game
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "match.jsonl"
        ...     with LogWriter.create(path, ("greedy", "random"), 1, RuleSet(), 10_000) as log:
        ...         log.write(run_match_game(["greedy", "random"], seed=1, index=0))
        ...     len(path.read_text().splitlines())
        2
        """
        self._line(result.to_json())

    def close(self) -> None:
        """Close the file."""
        self._stream.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()
