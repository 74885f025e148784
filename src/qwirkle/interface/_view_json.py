"""A view's JSON: what every view holds, player's or spectator's, written and read.

:meth:`PlayerView.to_json <qwirkle.PlayerView.to_json>` and the other
methods of :mod:`qwirkle.interface.views` call these; a turn of the history
is read as ``(seat, move, score)``, which the view makes its turn of.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from qwirkle._consistency import SeenGame
from qwirkle.formats import _codec
from qwirkle.formats._codec import JSON, Reader
from qwirkle.moves import HiddenExchange, Move
from qwirkle.rules.limits import MAX_TURNS
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score

__all__ = ["PUBLIC", "encode_public", "open_view", "read_public"]

PUBLIC: Final = (
    "players", "rules", "board", "hand_sizes", "bag_size", "scores", "current", "starter", "history", "outcome",
)  # fmt: skip
"""The JSON keys of what every view holds, player's or spectator's."""


def open_view(data: object, form: str, version: int, own: tuple[str, ...]) -> tuple[Reader, dict[str, Reader]]:
    """The top reader and the fields of a view's JSON, its format and version checked."""
    top = Reader(_codec.data_of(data, "the view"))
    # The format first, so that the other kind of view is refused by its format, not by its keys.
    return top, _codec.read_header(top, form, (*own, *PUBLIC), version=version, neighbours=("player", "hand"))


def read_public(f: dict[str, Reader]) -> dict[str, Any]:
    """The fields every view holds, read but not yet checked against the rules; turns as ``(seat, move, score)``."""
    rules = _codec.decode_rules(f["rules"])
    players = _codec.decode_players(f["players"], rules)
    n = len(players)
    return {
        "players": players,
        "rules": rules,
        "board": _codec.decode_board(f["board"]),
        "hand_sizes": tuple(item.integer(0, rules.hand_size) for item in f["hand_sizes"].items(n, n)),
        "bag_size": f["bag_size"].integer(0, rules.tile_count),
        "scores": tuple(item.integer() for item in f["scores"].items(n, n)),
        "current": f["current"].integer(0, n - 1),
        "starter": f["starter"].integer(0, n - 1),
        "history": tuple(_decode_turn(item, n, rules) for item in f["history"].items(MAX_TURNS)),
        "outcome": _codec.decode_outcome(f["outcome"], n),
    }


def encode_public(seen: SeenGame, turns: Sequence[tuple[int, Move | HiddenExchange, Score]]) -> dict[str, JSON]:
    """What every view holds as JSON-ready data; ``turns`` is the history as ``(seat, move, score)``."""
    return {
        "players": list(seen.players),
        "rules": _codec.encode_rules(seen.rules),
        "board": _codec.encode_board(seen.board.items()),
        "hand_sizes": list(seen.hand_sizes),
        "bag_size": seen.bag_size,
        "scores": list(seen.scores),
        "current": seen.current,
        "starter": seen.starter,
        "history": [_encode_turn(*turn) for turn in turns],
        "outcome": _codec.encode_outcome(seen.outcome),
    }


def _encode_turn(seat: int, move: Move | HiddenExchange, score: Score) -> dict[str, JSON]:
    return {"player": seat, **_codec.encode_shown_move(move), "score": _codec.encode_score(score)}


def _decode_turn(reader: Reader, players: int, rules: RuleSet) -> tuple[int, Move | HiddenExchange, Score]:
    f = reader.fields(("player", "score"), ("move", "exchanged"))
    move = _codec.decode_shown_move(reader, f, rules.hand_size)
    return f["player"].integer(0, players - 1), move, _codec.decode_score(f["score"])
