"""The position corpus: a fixed set of game states with their exact legal-move counts.

The corpus is a small JSON document, ``benchmarks/data/corpus.json``, written by
``benchmarks/make_corpus.py``. The benchmark suite times the engine on it and
``tests/test_golden.py`` checks the counts, the way perft files check a chess
move generator.

Format (version 1)::

    {"format": "qwirkle-corpus", "version": 1, "about": "...", "positions": [
    {"id": ..., "tags": [...], ...},
    ...
    ]}

one position per line, so that a change shows up as a readable diff. A tile is
its index, ``colour * 6 + shape``, with colours red, orange, yellow, green,
blue, purple and shapes circle, square, diamond, clover, four-point star,
eight-point star (see :attr:`qwirkle.Tile.index`). Each position holds:

``id``
    A unique name, such as ``"r2-0007-t041"`` (group, game seed, turn).
``tags``
    Categories: the phase (``opening``, ``early``, ``middle``, ``late``,
    ``empty_bag``), the table size (``two_players``, ``four_players``), the
    bots that played the game, and ``adversarial`` or ``variant`` with a reason.
``players``
    The names, in seat order.
``rules``
    The :class:`qwirkle.RuleSet` fields that differ from the default, by name;
    option values are given by their ``value`` string. Usually ``{}``.
``board``
    ``[x, y, tile]`` for every tile on the table.
``hands``
    Each seat's tiles.
``bag``
    The tiles left, in draw order: the last one is drawn first.
``scores``, ``current``, ``starter``, ``idle_turns``
    As in :class:`qwirkle.GameState`.
``seed``, ``rng``
    The seed the game was dealt from (or ``null``) and the SplitMix64 state that
    will mix the bag next, an unsigned 64-bit integer: with them an exchange
    draws exactly what it drew in the original game.
``moves``, ``placements``, ``exchanges``
    The golden counts: ``len(legal_moves(state))`` and how many of those moves
    are placements and exchanges (the rest, 0 or 1, is the pass).
``digest``
    The first 16 hex digits of the SHA-256 of the placements, so that a wrong
    move cannot hide behind a right count (see :func:`placements_digest`).

The history is not stored: the legal moves do not depend on it.
"""

from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import attrs

from qwirkle import ALL_TILES, Board, GameState, Place, RuleSet, check_state, legal_moves

__all__ = [
    "CORPUS",
    "FORMAT",
    "VERSION",
    "Counts",
    "Entry",
    "count_moves",
    "dump",
    "entry_of",
    "load",
    "placements_digest",
    "rules_from_json",
    "rules_to_json",
    "save",
]

CORPUS: Final = Path(__file__).resolve().parent / "data" / "corpus.json"
"""Where the corpus lives in the repository."""

FORMAT: Final = "qwirkle-corpus"
VERSION: Final = 1

_ABOUT: Final = (
    "Positions with their exact legal-move counts; regenerate with python benchmarks/make_corpus.py. "
    "A tile is colour * 6 + shape (colours ROYGBP; shapes circle, square, diamond, clover, 4-star, 8-star); "
    "the bag's last tile is drawn first. The format is described in benchmarks/corpus.py."
)

_DEFAULT_RULES: Final = RuleSet()


@dataclass(frozen=True, slots=True)
class Counts:
    """The golden figures of one position."""

    moves: int
    placements: int
    exchanges: int
    digest: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One position of the corpus, as stored."""

    id: str
    tags: tuple[str, ...]
    players: tuple[str, ...]
    rules: Mapping[str, Any]
    board: tuple[tuple[int, int, int], ...]
    hands: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]
    scores: tuple[int, ...]
    current: int
    starter: int
    idle_turns: int
    seed: int | None
    rng: int
    counts: Counts

    def state(self) -> GameState:
        """A new state for this position, through the validated constructor.

        Every call builds a new board, so nothing the engine caches on a board
        (its frontier) carries over from one call to the next.
        """
        return check_state(
            GameState(
                players=tuple(self.players),
                board=Board({(x, y): ALL_TILES[t] for x, y, t in self.board}),
                hands=tuple(tuple(ALL_TILES[t] for t in hand) for hand in self.hands),
                bag=tuple(ALL_TILES[t] for t in self.bag),
                scores=tuple(self.scores),
                current=self.current,
                rules=rules_from_json(self.rules),
                history=(),
                starter=self.starter,
                seed=self.seed,
                rng=self.rng,
                idle_turns=self.idle_turns,
            )
        )

    def to_json(self) -> dict[str, Any]:
        """The entry as a JSON object, keys in the order of the format."""
        return {
            "id": self.id,
            "tags": list(self.tags),
            "players": list(self.players),
            "rules": dict(self.rules),
            "board": [list(cell) for cell in self.board],
            "hands": [list(hand) for hand in self.hands],
            "bag": list(self.bag),
            "scores": list(self.scores),
            "current": self.current,
            "starter": self.starter,
            "idle_turns": self.idle_turns,
            "seed": self.seed,
            "rng": self.rng,
            "moves": self.counts.moves,
            "placements": self.counts.placements,
            "exchanges": self.counts.exchanges,
            "digest": self.counts.digest,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entry:
        """An entry from its JSON object; raises ``ValueError`` if a field is missing or of the wrong kind."""
        name = data.get("id", "?")
        try:
            board = tuple(_triple(cell) for cell in _list(data["board"]))
            return cls(
                id=_str(data["id"]),
                tags=tuple(_str(tag) for tag in _list(data["tags"])),
                players=tuple(_str(player) for player in _list(data["players"])),
                rules=_rules_object(data["rules"]),
                board=board,
                hands=tuple(_ints(hand) for hand in _list(data["hands"])),
                bag=_ints(data["bag"]),
                scores=_ints(data["scores"]),
                current=_int(data["current"]),
                starter=_int(data["starter"]),
                idle_turns=_int(data["idle_turns"]),
                seed=None if data["seed"] is None else _int(data["seed"]),
                rng=_int(data["rng"]),
                counts=Counts(
                    moves=_int(data["moves"]),
                    placements=_int(data["placements"]),
                    exchanges=_int(data["exchanges"]),
                    digest=_str(data["digest"]),
                ),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"position {name!r}: {error}") from None


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list, not {value!r}")
    return value


def _int(value: object) -> int:
    # bool is an int to Python but never a valid count or index here.
    if type(value) is not int:
        raise TypeError(f"expected an int, not {value!r}")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, not {value!r}")
    return value


def _ints(value: object) -> tuple[int, ...]:
    return tuple(_int(v) for v in _list(value))


def _triple(value: object) -> tuple[int, int, int]:
    items = _ints(value)
    if len(items) != 3:
        raise ValueError(f"a board cell is [x, y, tile], not {value!r}")
    return items[0], items[1], items[2]


def _rules_object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"rules must be an object, not {value!r}")
    rules_from_json(value)  # fails early, with the position's name, on an unknown option
    return dict(value)


def rules_to_json(rules: RuleSet) -> dict[str, Any]:
    """The options of ``rules`` that differ from the default, as JSON values."""
    out: dict[str, Any] = {}
    for field in attrs.fields(RuleSet):
        value = getattr(rules, field.name)
        if value != getattr(_DEFAULT_RULES, field.name):
            out[field.name] = value.value if isinstance(value, enum.Enum) else value
    return out


def rules_from_json(data: Mapping[str, Any]) -> RuleSet:
    """The rule set with the options of ``data`` changed from the default; the inverse of :func:`rules_to_json`."""
    names = {field.name for field in attrs.fields(RuleSet)}
    changes: dict[str, Any] = {}
    for name, value in data.items():
        if name not in names:
            raise ValueError(f"unknown rule option {name!r}")
        default = getattr(_DEFAULT_RULES, name)
        changes[name] = type(default)(value) if isinstance(default, enum.Enum) else value
    return attrs.evolve(_DEFAULT_RULES, **changes)


def placements_digest(moves: Iterable[Place]) -> str:
    """A fingerprint of a set of placements that does not depend on the order they are listed in.

    Each placement is written as its ``x,y,tile`` triples in cell order,
    joined by ``;``; the sorted lines, joined by newlines, are hashed with
    SHA-256 and the first 16 hex digits kept.
    """
    lines = sorted(";".join(f"{x},{y},{tile.index}" for (x, y), tile in move.placements) for move in moves)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def count_moves(state: GameState) -> Counts:
    """The golden figures of ``state``, from the engine."""
    moves = legal_moves(state)
    placements = list(moves.placements())
    exchanges = sum(1 for _ in moves.exchanges())
    return Counts(len(moves), len(placements), exchanges, placements_digest(placements))


def entry_of(state: GameState, name: str, tags: Sequence[str], counts: Counts | None = None) -> Entry:
    """The corpus entry for ``state``, called ``name``; ``counts`` default to the engine's."""
    return Entry(
        id=name,
        tags=tuple(tags),
        players=state.players,
        rules=rules_to_json(state.rules),
        board=tuple((x, y, tile.index) for (x, y), tile in state.board.items()),
        hands=tuple(tuple(tile.index for tile in hand) for hand in state.hands),
        bag=tuple(tile.index for tile in state.bag),
        scores=state.scores,
        current=state.current,
        starter=state.starter,
        idle_turns=state.idle_turns,
        seed=state.seed,
        rng=state.rng,
        counts=count_moves(state) if counts is None else counts,
    )


def dump(entries: Sequence[Entry]) -> str:
    """The corpus document for ``entries``: a JSON object with one position per line."""
    ids = [entry.id for entry in entries]
    if len(set(ids)) != len(ids):
        raise ValueError("position ids must be unique")
    head = json.dumps({"format": FORMAT, "version": VERSION, "about": _ABOUT})
    lines = [json.dumps(entry.to_json(), separators=(",", ":")) for entry in entries]
    return head[:-1] + ', "positions": [\n' + ",\n".join(lines) + "\n]}\n"


def save(entries: Sequence[Entry], path: Path = CORPUS) -> None:
    """Write the corpus document for ``entries`` to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump(entries), encoding="utf-8")


def load(path: Path = CORPUS) -> list[Entry]:
    """The positions stored at ``path``; raises ``ValueError`` if the document is not a corpus of this version."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} document")
    if data.get("version") != VERSION:
        raise ValueError(f"{path} has version {data.get('version')!r}; this loader reads version {VERSION}")
    return [Entry.from_json(item) for item in _list(data.get("positions"))]
