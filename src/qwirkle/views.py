"""What one player may know about a game: their view, safe to send to that player's screen.

A view holds the table, the player's own hand, every score, the size of the
other hands and of the bag, and the history with other players' exchanged
tiles left out (Rule SETUP-2: hands are hidden). It never holds the bag's
order, the seed, the random state or another player's tiles, so two states
that differ only in those give equal views.

>>> from qwirkle import new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> seen = view(state, 0)
>>> seen.hand == state.hands[0], seen.hand_sizes, seen.bag_size
(True, (6, 6), 96)
>>> PlayerView.from_json(seen.to_json()) == seen
True
"""

from __future__ import annotations

import attrs

from qwirkle import _codec
from qwirkle._codec import JSON, Reader
from qwirkle.board import Board
from qwirkle.endings import Outcome
from qwirkle.errors import InvalidStateError, QwirkleError
from qwirkle.immutable import Immutable
from qwirkle.moves import Exchange, Move
from qwirkle.notation import format_tile
from qwirkle.render import board_svg
from qwirkle.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import GameState
from qwirkle.tiles import Tile

__all__ = ["HiddenExchange", "PlayerView", "SeenTurn", "view"]

VIEW_FORMAT = "qwirkle-view"
VIEW_VERSION = 1


@attrs.frozen
class HiddenExchange(Immutable):
    """Another player's exchange, as the viewer saw it: how many tiles, not which.

    >>> str(HiddenExchange(3))
    'swap 3 tiles'
    """

    count: int
    """How many tiles were exchanged."""

    def __str__(self) -> str:
        return f"swap {self.count} tile" + ("s" if self.count != 1 else "")


@attrs.frozen
class SeenTurn(Immutable):
    """One turn of the history as a player saw it.

    >>> from qwirkle import Pass
    >>> from qwirkle.scoring import Score
    >>> SeenTurn(1, Pass(), Score(0)).move
    Pass()
    """

    seat: int
    """The seat that moved."""
    move: Move | HiddenExchange
    """The move, or a :class:`HiddenExchange` for another player's exchange."""
    score: Score
    """What the move scored."""


@attrs.frozen
class PlayerView(Immutable):
    """All that seat :attr:`seat` may know about a game (see :func:`view`).

    >>> from qwirkle import new_game
    >>> seen = view(new_game(["Ann", "Bob"], seed=7), 1)
    >>> seen.seat, seen.players, seen.scores
    (1, ('Ann', 'Bob'), (0, 0))
    """

    seat: int
    """The seat whose view this is."""
    players: tuple[str, ...]
    """Player names, in seat order."""
    rules: RuleSet
    """The options of the game (public)."""
    board: Board
    """The tiles on the table."""
    hand: tuple[Tile, ...]
    """The viewer's own tiles."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    bag_size: int
    """How many tiles are left in the bag."""
    scores: tuple[int, ...]
    """Each seat's score."""
    current: int
    """The seat to move."""
    starter: int
    """The seat that opened the game."""
    history: tuple[SeenTurn, ...]
    """Every turn so far, other players' exchanged tiles hidden."""
    outcome: Outcome | None
    """How the game ended, or ``None``."""

    @property
    def to_move(self) -> bool:
        """Whether it is the viewer's turn in a game still going on."""
        return self.outcome is None and self.current == self.seat

    @property
    def turn_number(self) -> int:
        """How many turns have been played."""
        return len(self.history)

    def _repr_svg_(self) -> str:
        """The table as SVG, so that Jupyter shows it as a picture."""
        return board_svg(self)

    def to_json(self) -> dict[str, JSON]:
        """The view as JSON-ready data (see ``docs/interfaces.md`` for the schema).

        >>> from qwirkle import new_game
        >>> data = view(new_game(["Ann", "Bob"], seed=7), 0).to_json()
        >>> sorted(data)[:4], "bag" in data
        (['bag_size', 'board', 'current', 'format'], False)
        """
        return {
            "format": VIEW_FORMAT,
            "version": VIEW_VERSION,
            "player": self.seat,
            "players": list(self.players),
            "rules": _codec.encode_rules(self.rules),
            "board": [[x, y, code] for (x, y), code in _board_codes(self.board)],
            "hand": _codec.encode_tiles(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "bag_size": self.bag_size,
            "scores": list(self.scores),
            "current": self.current,
            "starter": self.starter,
            "history": [_encode_seen(turn) for turn in self.history],
            "outcome": _codec.encode_outcome(self.outcome),
        }

    @classmethod
    def from_json(cls, data: object) -> PlayerView:
        """A view from :meth:`to_json` data (or its JSON text), checked; raises :class:`~qwirkle.InvalidRecordError`.

        >>> PlayerView.from_json('{"format": "chess"}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: ...
        """
        if isinstance(data, (str, bytes, bytearray)):
            data = _codec.load_text(data, "the view")
        top = Reader(data)
        f = top.fields(
            (
                "format", "version", "player", "players", "rules", "board", "hand", "hand_sizes",
                "bag_size", "scores", "current", "starter", "history", "outcome",
            )
        )  # fmt: skip
        if f["format"].text() != VIEW_FORMAT:
            raise f["format"].fail(f"expected {VIEW_FORMAT!r}")
        if f["version"].integer(1, 10**6) != VIEW_VERSION:
            raise f["version"].fail(f"version {f['version'].value} is not supported; this library reads {VIEW_VERSION}")
        rules = _codec.decode_rules(f["rules"])
        players = _codec.players_of(f["players"], rules)
        n = len(players)
        seat = f["player"].integer(0, n - 1)
        board = decode_board(f["board"])
        hand = f["hand"].tiles(rules.hand_size)
        sizes = tuple(item.integer(0, rules.hand_size) for item in f["hand_sizes"].items(n, n))
        if sizes[seat] != len(hand):
            raise f["hand_sizes"].fail(f"seat {seat} holds {len(hand)} tiles, not {sizes[seat]}")
        bag_size = f["bag_size"].integer(0, rules.tile_count)
        scores = tuple(item.integer() for item in f["scores"].items(n, n))
        history = tuple(_decode_seen(item, n) for item in f["history"].items())
        return cls(
            seat=seat,
            players=players,
            rules=rules,
            board=board,
            hand=hand,
            hand_sizes=sizes,
            bag_size=bag_size,
            scores=scores,
            current=f["current"].integer(0, n - 1),
            starter=f["starter"].integer(0, n - 1),
            history=history,
            outcome=_codec.decode_outcome(f["outcome"], n),
        )


def _board_codes(board: Board) -> list[tuple[tuple[int, int], str]]:
    return [(cell, format_tile(tile)) for cell, tile in board.items()]


def decode_board(reader: Reader) -> Board:
    """A board from a list of ``[x, y, "Ro"]`` entries; the table must be legal (lines, connection)."""
    cells = []
    for item in reader.items(_codec.MAX_LIST):
        x, y, code = item.items(3, 3)
        cells.append((Reader([x.value, y.value], item.path).cell(), code.tile()))
    try:
        return Board(cells)
    except QwirkleError as error:
        raise reader.fail(str(error)) from None


def _encode_seen(turn: SeenTurn) -> dict[str, JSON]:
    out: dict[str, JSON] = {"player": turn.seat}
    if isinstance(turn.move, HiddenExchange):
        out["exchanged"] = turn.move.count
    else:
        out["move"] = _codec.encode_move(turn.move)
    out["score"] = _codec.encode_score(turn.score)
    return out


def _decode_seen(reader: Reader, players: int) -> SeenTurn:
    f = reader.fields(("player", "score"), ("move", "exchanged"))
    if ("move" in f) == ("exchanged" in f):
        raise reader.fail("a turn has either a move or a count of exchanged tiles")
    move: Move | HiddenExchange
    move = f["move"].move() if "move" in f else HiddenExchange(f["exchanged"].integer(1, 10**4))
    return SeenTurn(f["player"].integer(0, players - 1), move, _codec.decode_score(f["score"]))


def _seen(turn_player: int, move: Move, viewer: int) -> Move | HiddenExchange:
    if isinstance(move, Exchange) and turn_player != viewer:
        return HiddenExchange(len(move))
    return move


def view(state: GameState, seat: int) -> PlayerView:
    """What seat ``seat`` may know about ``state`` (see :class:`PlayerView`).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> view(state, 0) == view(state, 1)
    False
    >>> view(state, 2)
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: there is no seat 2 in a game of 2 players
    """
    if type(seat) is not int or not 0 <= seat < len(state.players):
        raise InvalidStateError(f"there is no seat {seat!r} in a game of {len(state.players)} players")
    return PlayerView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        board=state.board,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        bag_size=len(state.bag),
        scores=state.scores,
        current=state.current,
        starter=state.starter,
        history=tuple(SeenTurn(t.seat, _seen(t.seat, t.move, seat), t.score) for t in state.history),
        outcome=state.outcome,
    )
