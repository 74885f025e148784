"""A match between bots as a whole: its games' results, each bot's statistics, the report and the JSON.

A :class:`~qwirkle.matches.simulate.Simulation` holds one
:class:`~qwirkle.matches.simulate.GameResult` per game (:mod:`qwirkle.matches.results`);
it works out per-bot statistics, a printable table and JSON-ready data.
:func:`qwirkle.matches.simulate.simulate` plays the games; :mod:`qwirkle.matches.simulate`
offers all of this module under its own name too.

>>> from qwirkle.matches.simulate import simulate
>>> match = simulate(["greedy", "random"], games=2, seed=1)
>>> Simulation(match.players, match.seed, match.results, match.rules) == match
True
"""

from __future__ import annotations

import math
import os
import statistics
import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import QwirkleError
from qwirkle.formats import _codec
from qwirkle.matches.kinds import TILES, MatchRules, check_game, rules_class
from qwirkle.matches.results import _MAX_INDEX, _MAX_LABEL, _MAX_SEED, TURN_LIMIT, GameResult, _decode_result
from qwirkle.rules.ruleset import RuleSet

__all__ = [
    "FORMAT",
    "TURN_LIMIT",
    "BotStats",
    "GameResult",
    "Simulation",
    "entry_names",
]

FORMAT: Final = "qwirkle-simulation"
"""The ``format`` field of a simulation written as JSON (see :meth:`Simulation.to_json`)."""
_VERSION: Final = 1
_Z95: Final = 1.959963984540054

# A match's JSON grows with its games, about 1 kB, 5 objects and 90 commas each; where one game's document is
# held to the limits of qwirkle.rules.limits, a match is held to these, which take a million games.
_MATCH_LIMITS: Final = _codec.Limits(chars=1 << 30, objects=1 << 23, items=1 << 28)


def entry_names(players: Sequence[str]) -> tuple[str, ...]:
    """The label of each entry of a match: the bot's name, numbered from 0 when several entries share it.

    >>> entry_names(["strong", "greedy"]), entry_names(["random", "random"])
    (('strong', 'greedy'), ('random 0', 'random 1'))
    """
    if len(set(players)) == len(players):
        return tuple(players)
    # Numbered as GameResult.entries and seats are, from 0.
    return tuple(f"{name} {entry}" for entry, name in enumerate(players))


@attrs.frozen
class BotStats(Immutable):
    """How one entry of a match did, over all its games.

    >>> from qwirkle.matches.simulate import simulate
    >>> stats = simulate(["greedy", "random"], games=2, seed=1).stats()[0]
    >>> stats.name, stats.games, 0 <= stats.win_low <= stats.win_rate <= stats.win_high <= 1
    ('greedy', 2, True)
    """

    name: str
    """The entry's label (see :func:`entry_names`)."""
    games: int
    """Games played."""
    wins: float
    """Games won, a shared win counting as a share (a half between two)."""
    win_rate: float
    """``wins / games``."""
    win_low: float
    """The low end of the 95% confidence interval of the win rate (Wilson score interval)."""
    win_high: float
    """The high end of that interval."""
    score_mean: float
    """Mean final score."""
    score_sd: float
    """Standard deviation of the final score."""
    qwirkles_per_game: float
    """Lines of six completed per game."""
    points_per_turn: float
    """Points per turn the entry played (exchanges and passes count as turns of 0 points)."""
    exchanges_per_game: float
    """Exchanges per game."""
    move_time_mean: float
    """Mean seconds to choose a move."""
    move_time_median: float
    """Median seconds to choose a move."""


def _wilson(successes: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # Clamped to the rate itself, which rounding could otherwise leave a hair outside the interval.
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def _seconds(value: float) -> str:
    if value < 1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.2f} s"


def _names(players: Iterable[str]) -> tuple[str, ...]:
    return tuple(players)


def _results(results: Iterable[GameResult]) -> tuple[GameResult, ...]:
    return tuple(results)


@attrs.frozen
class Simulation(Immutable):
    """A match: its entries, its seed, and the result of every game in order.

    >>> from qwirkle.matches.simulate import simulate
    >>> match = simulate(["greedy", "greedy"], games=2, seed=3)
    >>> match.players, len(match.results), match.endings()["went_out"] + match.endings()["blocked"]
    (('greedy', 'greedy'), 2, 2)
    """

    players: tuple[str, ...] = attrs.field(converter=_names)
    """The bots' names, one per entry, in the order given."""
    seed: int
    """The match seed."""
    results: tuple[GameResult, ...] = attrs.field(converter=_results)
    """The games, by index."""
    rules: MatchRules = attrs.field(factory=RuleSet)
    """The rules every game was played by."""
    game: str = attrs.field(default=TILES, validator=lambda _, __, game: check_game(game))
    """The game the match played: ``"tiles"`` or ``"cards"`` (see :mod:`qwirkle.matches.kinds`)."""

    def stats(self) -> tuple[BotStats, ...]:
        """The statistics of each entry, in entry order.

        >>> from qwirkle.matches.simulate import simulate
        >>> [s.name for s in simulate(["random", "random"], games=2, seed=1).stats()]
        ['random 0', 'random 1']
        """
        out = []
        for entry, name in enumerate(entry_names(self.players)):
            scores: list[int] = []
            wins = 0.0
            qwirkles = exchanges = moves = 0
            times: list[float] = []
            for result in self.results:
                for seat, e in enumerate(result.entries):
                    if e != entry:
                        continue
                    scores.append(result.scores[seat])
                    wins += result.win_share(seat)
                    qwirkles += result.qwirkles[seat]
                    exchanges += result.exchanges[seat]
                    moves += result.moves[seat]
                    times.extend(result.times[seat])
            games = len(scores)
            low, high = _wilson(wins, games)
            out.append(
                BotStats(
                    name=name,
                    games=games,
                    wins=wins,
                    win_rate=wins / games if games else 0.0,
                    win_low=low,
                    win_high=high,
                    score_mean=statistics.fmean(scores) if scores else 0.0,
                    score_sd=statistics.stdev(scores) if len(scores) > 1 else 0.0,
                    qwirkles_per_game=qwirkles / games if games else 0.0,
                    points_per_turn=sum(scores) / moves if moves else 0.0,
                    exchanges_per_game=exchanges / games if games else 0.0,
                    move_time_mean=statistics.fmean(times) if times else 0.0,
                    move_time_median=statistics.median(times) if times else 0.0,
                )
            )
        return tuple(out)

    def endings(self) -> Counter[str]:
        """How many games ended each way, by reason (see :attr:`GameResult.reason`).

        >>> from qwirkle.matches.simulate import simulate
        >>> simulate(["greedy", "greedy"], games=2, seed=3).endings().total()
        2
        """
        return Counter(result.reason for result in self.results)

    def table(self) -> str:
        """The match as a printable report: one row per entry, then game length and endings.

        A match of Qwirkle Cards says so first; its exchanges are redraws.

        >>> from qwirkle.matches.simulate import simulate
        >>> lines = simulate(["greedy", "random"], games=2, seed=1).table().splitlines()
        >>> lines[0], lines[1].split()[:3], [line.split()[0] for line in lines[2:4]]
        ('greedy vs random: 2 games, seed 1, seats rotated', ['bot', 'games', 'wins'], ['greedy', 'random'])
        >>> lines[4].startswith("Game length: "), lines[5].startswith("Endings: ")
        (True, True)
        """
        stats = self.stats()
        head = (
            "bot",
            "games",
            "wins",
            "win rate (95% CI)",
            "score (mean ± sd)",
            "Qwirkles/game",
            "points/turn",
            "exchanges/game",
            "time/move (mean, median)",
        )
        rows = [
            (
                s.name,
                str(s.games),
                f"{s.wins:g}",
                f"{s.win_rate:.1%} ({s.win_low:.1%} to {s.win_high:.1%})",
                f"{s.score_mean:.1f} ± {s.score_sd:.1f}",
                f"{s.qwirkles_per_game:.2f}",
                f"{s.points_per_turn:.2f}",
                f"{s.exchanges_per_game:.2f}",
                f"{_seconds(s.move_time_mean)}, {_seconds(s.move_time_median)}",
            )
            for s in stats
        ]
        widths = [max(len(row[i]) for row in (head, *rows)) for i in range(len(head))]

        def line(row: Sequence[str]) -> str:
            cells = [row[0].ljust(widths[0])] + [
                cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)
            ]
            return "  ".join(cells).rstrip()

        turns = [result.turns for result in self.results]
        title = " vs ".join(entry_names(self.players))
        if self.game != TILES:
            title = f"Qwirkle Cards, {title}"
        games = f"{len(self.results)} game" + ("s" if len(self.results) != 1 else "")
        out = [f"{title}: {games}, seed {self.seed}, seats rotated", line(head)]
        out += [line(row) for row in rows]
        if turns:
            out.append(
                f"Game length: {statistics.fmean(turns):.1f} turns on average "
                f"(median {statistics.median(turns):g}, shortest {min(turns)}, longest {max(turns)})"
            )
        endings = self.endings()
        parts = [
            f"{reason.replace('_', ' ')} {count} ({count / len(self.results):.1%})"
            for reason, count in sorted(endings.items(), key=lambda item: -item[1])
        ]
        out.append("Endings: " + (", ".join(parts) if parts else "none"))
        return "\n".join(out)

    def to_json(self) -> dict[str, _codec.JSON]:
        """The match as JSON-ready data: the entries, the seed, the rules and every game's result.

        A match of Qwirkle Cards says so under ``"game"``; a match of the tile
        game leaves the key out, as it always has.

        >>> from qwirkle.matches.simulate import simulate
        >>> data = simulate(["greedy", "random"], games=2, seed=1).to_json()
        >>> data["format"], data["players"], len(data["games"])
        ('qwirkle-simulation', ['greedy', 'random'], 2)
        """
        game: dict[str, _codec.JSON] = {} if self.game == TILES else {"game": self.game}
        return {
            **_codec.encode_header(FORMAT, _VERSION),
            **game,
            "players": list(self.players),
            "seed": self.seed,
            "rules": _codec.encode_rules(self.rules),
            "games": [result.to_json() for result in self.results],
        }

    def dumps(self) -> str:
        """The match as compact JSON text (see :meth:`to_json`), as ``qwirkle simulate --json`` writes it.

        >>> from qwirkle.matches.simulate import simulate
        >>> match = simulate(["greedy", "random"], games=2, seed=1)
        >>> Simulation.loads(match.dumps()) == match
        True
        """
        return _codec.dump_text(self.to_json(), limits=_MATCH_LIMITS)

    @classmethod
    def loads(cls, text: str | bytes | bytearray) -> Simulation:
        """The match from JSON text (see :meth:`from_json`); raises :class:`~qwirkle.InvalidRecordError`.

        >>> import pathlib, tempfile
        >>> from qwirkle.matches.simulate import simulate
        >>> match = simulate(["greedy", "random"], games=2, seed=1)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "match.json"
        ...     _ = path.write_text(match.dumps(), encoding="utf-8")
        ...     Simulation.loads(path.read_bytes()) == match
        True
        """
        return cls.from_json(_codec.load_text(text, "the match", limits=_MATCH_LIMITS))

    @classmethod
    def from_json(cls, data: object) -> Simulation:
        """The match from the data :meth:`to_json` makes, or its JSON text; raises :class:`~qwirkle.InvalidRecordError`.

        >>> from qwirkle.matches.simulate import simulate
        >>> match = simulate(["greedy", "random"], games=2, seed=1)
        >>> Simulation.from_json(match.to_json()) == Simulation.from_json(match.dumps()) == match
        True
        """
        fields = _codec.read_header(
            _codec.Reader(_codec.data_of(data, "the match", limits=_MATCH_LIMITS)),
            FORMAT,
            ("players", "seed", "rules", "games"),
            ("game",),
            version=_VERSION,
        )
        kind = _decode_game(fields.get("game"))
        players = tuple(item.text(_MAX_LABEL) for item in fields["players"].items(4, 2))
        seed = fields["seed"].integer(-_MAX_SEED, _MAX_SEED)
        rules = _codec.decode_options(fields["rules"], rules_class(kind))
        games = fields["games"].items(_MAX_INDEX)
        return cls(players, seed, [_decode_result(game) for game in games], rules, kind)


def _decode_game(reader: _codec.Reader | None) -> str:
    """The game a match's JSON or log names (``"game"``), the tile game when it names none."""
    if reader is None:
        return TILES
    game = reader.text()
    try:
        return check_game(game)
    except QwirkleError as error:
        raise reader.fail(str(error)) from None


def read_json(path: str | os.PathLike[str]) -> Simulation:
    """The match written to the file at ``path``: deprecated, use ``Simulation.loads(Path(path).read_bytes())``.

    Raises :class:`~qwirkle.InvalidRecordError` if the file does not hold one.
    """
    warnings.warn(
        "read_json(path) is deprecated: use Simulation.loads(Path(path).read_bytes())", DeprecationWarning, stacklevel=2
    )
    with open(path, "rb") as source:
        return Simulation.loads(source.read(_MATCH_LIMITS.chars + 1))


def write_json(match: Simulation, path: str | os.PathLike[str]) -> None:
    """Write ``match`` as JSON to the file at ``path``: deprecated, use ``Path(path).write_text(match.dumps())``."""
    warnings.warn(
        "write_json(match, path) is deprecated: use Path(path).write_text(match.dumps())",
        DeprecationWarning,
        stacklevel=2,
    )
    with open(path, "w", encoding="utf-8") as out:
        out.write(match.dumps() + "\n")
