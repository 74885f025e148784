"""The ladder: a round robin of bots, every pair a seeded match, and their ratings with 95% intervals.

:func:`round_robin` plays a match (:func:`~qwirkle.matches.simulate.simulate`)
between every two entries, each of the same ``games`` games from the same
seed, so that every pair plays the same deals with seats rotated; the matches
run on any backend and give the same results on each. The :class:`Ladder` it
returns fits Bradley-Terry ratings on the Elo scale (:mod:`qwirkle.matches.ratings`),
relative to the greedy bot when it is an entry, and prints them as a table
(:meth:`Ladder.table`, :meth:`Ladder.markdown`) or draws them as an SVG
picture (:meth:`Ladder.svg`). ``qwirkle ladder`` runs it from the command line.

>>> ladder = round_robin(["random", "greedy"], games=4, seed=1)
>>> [rating.name for rating in ladder.ratings()], ladder.pairs()
(['random', 'greedy'], ((0, 1),))
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Sequence
from html import escape

import attrs

from qwirkle._immutable import Immutable
from qwirkle.bots.play import MAX_TURNS
from qwirkle.bots.spec import BotEntry, bot_spec
from qwirkle.errors import QwirkleError
from qwirkle.matches.backends import Backend
from qwirkle.matches.ratings import Rating, fit_ratings
from qwirkle.matches.simulate import simulate
from qwirkle.matches.stats import Simulation

__all__ = ["LADDER", "Ladder", "round_robin"]

LADDER: tuple[str, ...] = (
    "random",
    "greedy",
    "strong:level=1",
    "strong:level=2",
    "strong:level=3",
    "strong:level=4",
    "strong:level=5",
)
"""The built-in bots and the strong bot's levels: the entries of ``qwirkle ladder`` unless told others."""


@attrs.frozen
class Ladder(Immutable):
    """A round robin: its entries, the match of every pair, and the ratings they give.

    >>> ladder = round_robin(["greedy", "random"], games=2, seed=3)
    >>> ladder.players, ladder.anchor, len(ladder.matches)
    (('greedy', 'random'), 0, 1)
    """

    players: tuple[str, ...]
    """The entries' labels, in the order given."""
    games: int
    """The games each pair played."""
    seed: int
    """The seed of every pair's match."""
    matches: tuple[Simulation, ...]
    """The match of each pair of :meth:`pairs`, in that order."""
    anchor: int = 0
    """The entry rated 0: the greedy bot when it is an entry, else the first."""

    def pairs(self) -> tuple[tuple[int, int], ...]:
        """Every two entries, by their index, in the order they played."""
        return tuple(itertools.combinations(range(len(self.players)), 2))

    def results(self) -> dict[tuple[int, int], tuple[float, int]]:
        """The wins of the first of each pair against the second (shared wins count half), and the games played."""
        out = {}
        for pair, match in zip(self.pairs(), self.matches, strict=True):
            first = match.stats()[0]
            out[pair] = (first.wins, first.games)
        return out

    def ratings(self) -> tuple[Rating, ...]:
        """The entries' Bradley-Terry ratings on the Elo scale, relative to :attr:`anchor`, in entry order."""
        return fit_ratings(self.players, self.results(), self.anchor)

    def _rows(self) -> list[tuple[Rating, float, int]]:
        """Each entry's rating, share of its games won and games, strongest first."""
        shares = [0.0] * len(self.players)
        played = [0] * len(self.players)
        for (i, j), (wins, games) in self.results().items():
            shares[i] += wins
            shares[j] += games - wins
            played[i] += games
            played[j] += games
        rows = [(r, shares[i] / played[i] if played[i] else 0.0, played[i]) for i, r in enumerate(self.ratings())]
        return sorted(rows, key=lambda row: -row[0].elo)

    def _title(self) -> str:
        total = self.games * len(self.matches)
        return (
            f"{len(self.players)} bots, {len(self.matches)} pair{'s' if len(self.matches) != 1 else ''} of "
            f"{self.games} games ({total:,} games), "
            f"seed {self.seed}; Elo relative to {self.players[self.anchor]}, with 95% intervals"
        )

    def table(self) -> str:
        """The ratings, strongest first, as a plain-text table.

        >>> print(round_robin(["random", "greedy"], games=4, seed=1).table())  # doctest: +NORMALIZE_WHITESPACE
        Ladder: 2 bots, 1 pair of 4 games (4 games), seed 1; Elo relative to greedy, with 95% intervals
        rank  bot      Elo  95% interval  games  won
           1  greedy    +0  +0 to +0          4  100.0%
           2  random  -382  -889 to +126      4  0.0%
        """
        rows = self._rows()
        width = max(len("bot"), *(len(rating.name) for rating, _, _ in rows))
        lines = [f"Ladder: {self._title()}", f"rank  {'bot':<{width}}   Elo  95% interval  games  won"]
        for rank, (rating, share, games) in enumerate(rows, 1):
            interval = f"{rating.low:+.0f} to {rating.high:+.0f}"
            lines.append(
                f"{rank:>4}  {rating.name:<{width}}  {rating.elo:+4.0f}  {interval:<12}  {games:>5}  {share:.1%}"
            )
        return "\n".join(lines)

    def markdown(self) -> str:
        """The ratings, strongest first, as a Markdown table, with the win share of each entry against each other.

        >>> print(round_robin(["random", "greedy"], games=4, seed=1).markdown())
        | rank | bot | Elo | 95% interval | games | won | vs 1 | vs 2 |
        |---:|:---|---:|:---|---:|---:|---:|---:|
        | 1 | greedy | +0 | +0 to +0 | 4 | 100.0% | | 100% |
        | 2 | random | -382 | -889 to +126 | 4 | 0.0% | 0% | |
        """
        rows = self._rows()
        order = [self.players.index(rating.name) for rating, _, _ in rows]
        against = self._shares()
        columns = "".join(f" vs {rank} |" for rank in range(1, len(rows) + 1))
        head = "| rank | bot | Elo | 95% interval | games | won |" + columns
        lines = [head, "|---:|:---|---:|:---|---:|---:|" + "---:|" * len(rows)]
        for rank, ((rating, share, games), i) in enumerate(zip(rows, order, strict=True), 1):
            cells = "".join(" |" if i == j else f" {against[i][j]:.0%} |" for j in order)
            lines.append(
                f"| {rank} | {rating.name} | {rating.elo:+.0f} | {rating.low:+.0f} to {rating.high:+.0f} "
                f"| {games} | {share:.1%} |{cells}"
            )
        return "\n".join(lines)

    def _shares(self) -> list[list[float]]:
        """The share of the games entry ``i`` won against entry ``j``, by ``[i][j]``."""
        shares = [[0.0] * len(self.players) for _ in self.players]
        for (i, j), (wins, games) in self.results().items():
            shares[i][j] = wins / games if games else 0.0
            shares[j][i] = 1 - shares[i][j] if games else 0.0
        return shares

    def svg(self) -> str:
        """The ratings as an SVG picture: each entry's rating as a dot on the Elo scale, its 95% interval a line.

        >>> picture = round_robin(["random", "greedy"], games=4, seed=1).svg()
        >>> picture.startswith("<svg"), picture.count("<circle")
        (True, 2)
        """
        rows = self._rows()
        left, right, top, step = 170, 30, 46, 26
        width, height = 640, top + step * len(rows) + 40
        low = min(rating.low for rating, _, _ in rows)
        high = max(rating.high for rating, _, _ in rows)
        tick = next(t for t in (25, 50, 100, 200, 250, 500, 1000, 2000) if (high - low) / t <= 8)
        low, high = tick * (low // tick), tick * -(-high // tick)
        span = high - low or tick

        def x(elo: float) -> float:
            return left + (width - left - right) * (elo - low) / span

        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
            '<rect width="100%" height="100%" fill="white"/>',
            f'<text x="{width / 2:.0f}" y="20" text-anchor="middle" font-size="12">{escape(self._title())}</text>',
        ]
        axis = top + step * len(rows)
        value = low
        while value <= high:
            at = x(value)
            parts.append(f'<line x1="{at:.1f}" y1="{top - 10}" x2="{at:.1f}" y2="{axis}" stroke="#ddd"/>')
            parts.append(f'<text x="{at:.1f}" y="{axis + 16}" text-anchor="middle">{value:+.0f}</text>')
            value += tick
        parts.append(f'<text x="{x(0.5 * (low + high)):.1f}" y="{axis + 34}" text-anchor="middle">Elo</text>')
        for row, (rating, _, _) in enumerate(rows):
            y = top + step * row + step / 2
            parts.append(f'<text x="{left - 10}" y="{y + 4:.1f}" text-anchor="end">{escape(rating.name)}</text>')
            parts.append(
                f'<line x1="{x(rating.low):.1f}" y1="{y:.1f}" x2="{x(rating.high):.1f}" y2="{y:.1f}" '
                'stroke="#1f77b4" stroke-width="2"/>'
            )
            parts.append(f'<circle cx="{x(rating.elo):.1f}" cy="{y:.1f}" r="5" fill="#1f77b4"/>')
        parts.append("</svg>")
        return "\n".join(parts) + "\n"


PairCallback = Callable[[int, int, Simulation], None]
"""Called as each pair's match ends, with the pairs done, the pairs to play, and the match."""


def round_robin(
    players: Sequence[BotEntry],
    games: int,
    *,
    seed: int = 1,
    jobs: int | None = None,
    backend: str | Backend = "processes",
    address: str | None = None,
    engine: str = "python",
    max_turns: int = MAX_TURNS,
    progress: PairCallback | None = None,
    out: str | os.PathLike[str] | None = None,
) -> Ladder:
    """Play ``games`` games between every two of ``players`` and return the :class:`Ladder`.

    Each pair is a :func:`~qwirkle.matches.simulate.simulate` match with the
    same ``seed``, ``backend``, ``jobs``, ``address`` and ``engine``, so it
    gives the same games on any backend, and the same as ``qwirkle simulate``
    with that pair and seed. With ``out``, a directory, each pair's games also
    stream to a match log in it, named after the pair's indices
    (``pair-0-1.jsonl``), and an interrupted ladder resumes from them when run
    again. Entries must have distinct labels; raises
    :class:`~qwirkle.QwirkleError` otherwise, or for fewer than two.

    >>> round_robin(["greedy", "random", "random"], games=2)
    Traceback (most recent call last):
        ...
    qwirkle.errors.QwirkleError: the entries of a ladder must differ; random is given twice
    """
    specs = tuple(bot_spec(player) for player in players)
    labels = tuple(spec.label for spec in specs)
    if len(specs) < 2:
        raise QwirkleError(f"a ladder takes two entries or more, not {len(specs)}")
    for label in labels:
        if labels.count(label) > 1:
            raise QwirkleError(f"the entries of a ladder must differ; {label} is given twice")
    pairs = list(itertools.combinations(range(len(specs)), 2))
    if out is not None:
        os.makedirs(out, exist_ok=True)
    matches = []
    for done, (i, j) in enumerate(pairs, 1):
        log = None if out is None else os.path.join(out, f"pair-{i}-{j}.jsonl")
        match = simulate(
            [specs[i], specs[j]],
            games,
            seed=seed,
            jobs=jobs,
            backend=backend,
            address=address,
            engine=engine,
            max_turns=max_turns,
            out=log,
            resume=log is not None and os.path.exists(log),
        )
        matches.append(match)
        if progress is not None:
            progress(done, len(pairs), match)
    anchor = labels.index("greedy") if "greedy" in labels else 0
    return Ladder(labels, games, seed, tuple(matches), anchor)
