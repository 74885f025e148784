"""The game state: an immutable snapshot of a game of the tile game."""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs

# The checks states share with views; the first four are imported from here too.
from qwirkle._consistency import check_board, check_end, check_hand_sizes, check_players
from qwirkle._consistency import check_hands as check_hands
from qwirkle._consistency import check_names as check_names
from qwirkle._consistency import check_player_count as check_player_count
from qwirkle._consistency import check_tiles as check_tiles
from qwirkle._immutable import Immutable
from qwirkle._rng import MAX_RNG, check_seed
from qwirkle.board import Board
from qwirkle.endings import Outcome, turns_without_placement
from qwirkle.errors import ArgumentTypeError, InvalidRecordError, InvalidStateError, QwirkleError, brief
from qwirkle.formats import _codec
from qwirkle.formats._codec import JSON, Reader
from qwirkle.histories import check_history, check_scores
from qwirkle.moves import Move
from qwirkle.render import board_svg
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.limits import MAX_SEED, MAX_TURNS, MIN_SEED
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["STATE_FORMAT", "GameState", "Turn", "check_state"]

STATE_FORMAT: Final = "qwirkle-state"
"""The ``format`` field of a state in JSON (:meth:`GameState.to_json`)."""


@attrs.frozen
class Turn(Immutable):
    """One turn of the history: who moved, what they did and what it scored."""

    seat: int
    move: Move
    score: Score


@attrs.frozen
class GameState(Immutable):
    """A snapshot of a game: table, hands, bag, scores, whose turn, history and options.

    States are immutable; :func:`~qwirkle.apply` returns a new one. Build the
    first state with :func:`~qwirkle.new_game`, or set up a position by hand
    with :func:`~qwirkle.position`, which checks it. The constructor itself
    trusts its arguments, as the engine does when it builds the next state:
    pass a state built from outside to :func:`check_state`.

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> len(state.bag), [len(hand) for hand in state.hands]
    (96, [6, 6])
    """

    players: tuple[str, ...]
    """Player names, in seat order."""
    board: Board
    """The tiles on the table."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles."""
    bag: tuple[Tile, ...]
    """The tiles left to draw, in draw order (the last is drawn first). Hidden from players."""
    scores: tuple[int, ...]
    """Each seat's score."""
    current: int
    """The seat whose turn it is."""
    rules: RuleSet
    """The options of the game."""
    history: tuple[Turn, ...]
    """Every turn played so far."""
    starter: int
    """The seat that opened the game (Rules START-1 to START-3)."""
    seed: int | None
    """The seed the game was dealt from, if known."""
    rng: int
    """The random state that will mix the bag next. Hidden from players."""
    idle_turns: int = 0
    """Turns in a row without a placement (Rules END-3, END-5)."""
    outcome: Outcome | None = None
    """How the game ended, or ``None`` while it goes on."""

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The tiles of the player whose turn it is."""
        return self.hands[self.current]

    @property
    def is_opening(self) -> bool:
        """Whether the next move is the opening (the table is empty)."""
        return not self.board

    @property
    def turn_number(self) -> int:
        """How many turns have been played."""
        return len(self.history)

    @property
    def last_move(self) -> Move | None:
        """The move of the last turn, if any."""
        return self.history[-1].move if self.history else None

    def _repr_svg_(self) -> str:
        """The table as SVG, so that Jupyter shows a state as a picture."""
        return board_svg(self)

    def to_json(self) -> dict[str, JSON]:
        """Everything in the state as JSON-ready data, hidden parts included: for saving a game, not for players.

        It holds the bag's order and the random state: what a player may see
        is a view (:func:`~qwirkle.view`). The schema is in ``docs/interfaces.md``.

        >>> from qwirkle import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> data = state.to_json()
        >>> data["format"], data["players"], GameState.from_json(data) == state
        ('qwirkle-state', ['Ann', 'Bob'], True)
        """
        _codec.check_writable(len(self.history))
        return {
            **_codec.encode_header(STATE_FORMAT),
            "players": list(self.players),
            "rules": _codec.encode_rules(self.rules),
            "board": _codec.encode_board(self.board.items()),
            "hands": [_codec.encode_tiles(hand) for hand in self.hands],
            "bag": _codec.encode_tiles(self.bag),
            "scores": list(self.scores),
            "current": self.current,
            "starter": self.starter,
            "seed": self.seed,
            "rng": self.rng,
            "idle_turns": self.idle_turns,
            "history": [
                {"player": turn.seat, "move": _codec.encode_move(turn.move), "score": _codec.encode_score(turn.score)}
                for turn in self.history
            ],
            "outcome": _codec.encode_outcome(self.outcome),
        }

    def dumps(self) -> str:
        """The state as compact JSON text (:meth:`to_json`), hidden parts included.

        >>> from qwirkle import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> state.dumps().startswith('{"format":"qwirkle-state","version":1,')
        True
        >>> GameState.loads(state.dumps()) == state
        True
        """
        return _codec.dump_text(self.to_json())

    @classmethod
    def loads(cls, text: str | bytes | bytearray) -> GameState:
        """A state from JSON text (:meth:`dumps`), checked as :meth:`from_json` checks it."""
        return cls.from_json(_codec.load_text(text, "the state"))

    @classmethod
    def from_json(cls, data: object) -> GameState:
        """A state from :meth:`to_json` data (or its JSON text), checked like any hand-built state.

        Anything malformed raises :class:`~qwirkle.InvalidRecordError` with
        the JSON path of the fault: wrong types, unknown tiles, a broken or
        disconnected table; so does a state that could not arise in a game
        (:func:`check_state`), whose message names the rule it breaks. A
        value that is neither JSON text nor JSON data is a ``TypeError``
        (:class:`~qwirkle.errors.NotJSONError`).

        >>> from qwirkle import new_game
        >>> data = new_game(["Ann", "Bob"], seed=7).to_json()
        >>> GameState.from_json({**data, "format": "qwirkle-view"})
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $.format: expected 'qwirkle-state'
        """
        f = _codec.read_header(Reader(_codec.data_of(data, "the state")), STATE_FORMAT, _STATE_KEYS, ())
        rules = _codec.decode_rules(f["rules"])
        players = _codec.decode_players(f["players"], rules)
        n = len(players)
        history = []
        for item in f["history"].items(MAX_TURNS):
            turn = item.fields(("player", "move", "score"))
            seat = turn["player"].integer(0, n - 1)
            history.append(Turn(seat, turn["move"].move(), _codec.decode_score(turn["score"])))
        try:
            state = GameState(
                players=players,
                board=_codec.decode_board(f["board"]),
                hands=tuple(item.tiles(rules.hand_size) for item in f["hands"].items(n, n)),
                bag=f["bag"].tiles(rules.tile_count),
                scores=tuple(item.integer() for item in f["scores"].items(n, n)),
                current=f["current"].integer(0, n - 1),
                rules=rules,
                history=tuple(history),
                starter=f["starter"].integer(0, n - 1),
                seed=f["seed"].optional_integer(MIN_SEED, MAX_SEED),
                rng=f["rng"].integer(0, MAX_RNG),
                idle_turns=f["idle_turns"].integer(0, MAX_TURNS),
                outcome=_codec.decode_outcome(f["outcome"], n),
            )
            return check_state(state)
        except InvalidRecordError:
            raise
        except QwirkleError as error:
            raise InvalidRecordError(str(error)) from None

    def __str__(self) -> str:
        lines = [str(self.board), ""]
        for seat, name in enumerate(self.players):
            marker = ">" if seat == self.current and self.outcome is None else " "
            lines.append(f"{marker} {name}: {self.scores[seat]} points, {len(self.hands[seat])} tiles")
        lines.append(f"  bag: {len(self.bag)} tiles")
        return "\n".join(lines)


_STATE_KEYS: Final = (
    "players", "rules", "board", "hands", "bag", "scores", "current", "starter", "seed", "rng", "idle_turns",
    "history", "outcome",
)  # fmt: skip
"""The keys of a state in JSON besides the header, all required."""


def check_state(state: GameState) -> GameState:
    """Return ``state`` if it could arise in a game, else raise :class:`~qwirkle.InvalidStateError`.

    Every field must have its type and lie within the library's limits (see
    :mod:`qwirkle.rules.limits`). The board must be a legal table, however it was
    built (:meth:`Board.validated <qwirkle.Board.validated>`); the tiles on
    the board, in the hands and in the bag must be the full set of the game
    (Rule TILES-2); every hand is full while the bag has tiles (Rule
    SETUP-3); the number of players suits the rules (Rule SETUP-1). The
    history must agree with the table, the scores and the seat to move
    (:func:`~qwirkle.histories.check_history`), ``idle_turns`` with the
    history, and the outcome with the scores. :func:`~qwirkle.position` and
    every loader check each state they build with it; the constructor
    ``GameState(...)`` checks nothing (see its docstring).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> check_state(state) is state
    True
    >>> check_state(attrs.evolve(state, bag=state.bag[1:]))
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: there are 2 ... tiles in the game; there must be 3 (Rule TILES-2)
    """
    rules = state.rules
    names = check_players(rules, state.players)
    if not isinstance(state.players, tuple):
        raise ArgumentTypeError(f"players must be a tuple of names, not {brief(state.players)}")
    board = check_board(state.board)
    hands = state.hands
    if not isinstance(hands, tuple) or not all(isinstance(hand, tuple) for hand in hands):
        raise ArgumentTypeError(f"hands must be a tuple of tuples of tiles, not {brief(hands)}")
    check_hands(hands)
    if len(hands) != len(names):
        raise InvalidStateError("there must be one hand per player")
    if not isinstance(state.bag, tuple):
        raise ArgumentTypeError(f"the bag must be a tuple of tiles, not {brief(state.bag)}")
    bag = check_tiles(state.bag, "the bag")
    sizes = tuple(len(hand) for hand in hands)
    check_hand_sizes(rules, sizes, len(bag), over=state.outcome is not None)
    counts = Counter(board.values())
    for hand in hands:
        counts.update(hand)
    counts.update(bag)
    for tile in ALL_TILES:
        if counts[tile] != rules.copies_per_tile:
            raise InvalidStateError(
                f"there are {counts[tile]} {tile} tiles in the game; there must be {rules.copies_per_tile}",
                Rule.TILES_2,
            )
    scores = check_scores(state.scores, len(names))
    for name in ("current", "starter", "idle_turns"):
        value = getattr(state, name)
        if type(value) is not int:
            raise ArgumentTypeError(f"{name} must be an int from 0 to {MAX_TURNS}, not {brief(value)}")
        if not 0 <= value <= MAX_TURNS:
            raise InvalidStateError(f"{name} must be an int from 0 to {MAX_TURNS}, not {brief(value)}")
    if state.current >= len(names):
        raise InvalidStateError(f"current seat {brief(state.current)} does not exist")
    if state.starter >= len(names):
        raise InvalidStateError(f"starter seat {brief(state.starter)} does not exist")
    if state.seed is not None:
        check_seed(state.seed)
    if type(state.rng) is not int:
        raise ArgumentTypeError(f"rng must be an int from 0 to 2**64 - 1, not {brief(state.rng)}")
    if not 0 <= state.rng <= MAX_RNG:
        raise InvalidStateError(f"rng must be an int from 0 to 2**64 - 1, not {brief(state.rng)}")
    history = state.history
    if not isinstance(history, tuple) or not all(isinstance(turn, Turn) for turn in history):
        raise ArgumentTypeError("history must be a tuple of Turn values")
    check_history([(t.seat, t.move, t.score) for t in history], rules, board, scores, state.starter, state.current)
    idle = turns_without_placement([turn.move for turn in history])
    # The count starts again at a placement; a history without one may follow idle turns it does not hold.
    if (state.idle_turns != idle) if idle < len(history) else (state.idle_turns < idle):
        raise InvalidStateError(
            f"idle_turns counts the turns since the last placement ({idle}), not {state.idle_turns}"
        )
    check_end(state.outcome, scores, sizes, len(bag))
    return state
