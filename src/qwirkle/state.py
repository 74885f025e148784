"""The game state: an immutable snapshot of a game of the tile game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from qwirkle._immutable import Immutable
from qwirkle._rng import MAX_RNG, check_seed
from qwirkle.board import Board
from qwirkle.endings import EndReason, Outcome, turns_without_placement
from qwirkle.errors import ArgumentTypeError, InvalidStateError, brief
from qwirkle.histories import check_history, check_outcome, check_scores
from qwirkle.moves import Move
from qwirkle.render import board_svg
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.limits import MAX_NAME, MAX_SEATS, MAX_TURNS
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["GameState", "Turn", "check_state"]


@attrs.frozen
class Turn(Immutable):
    """One turn of the history: who moved, what they did and what it scored."""

    seat: int
    move: Move
    score: Score


def check_tiles(value: Any, what: str) -> tuple[Tile, ...]:
    """``value`` as a tuple of tiles, else a ``TypeError`` naming ``what``."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ArgumentTypeError(f"{what} must be a sequence of tiles, not {brief(value)}")
    for tile in value:
        if not isinstance(tile, Tile):
            raise ArgumentTypeError(f"{what} holds {brief(tile)}, which is not a tile")
    return tuple(value)


def check_hands(value: Any) -> tuple[tuple[Tile, ...], ...]:
    """``value`` as a tuple of hands, or a ``TypeError`` (:class:`~qwirkle.errors.ArgumentTypeError`)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ArgumentTypeError(f"hands must be a sequence of hands, not {brief(value)}")
    return tuple(check_tiles(hand, "a hand") for hand in value)


def check_names(value: Any) -> tuple[str, ...]:
    """``value`` as a tuple of distinct player names, or :class:`~qwirkle.InvalidStateError`.

    A name is text of at most :data:`~qwirkle.rules.limits.MAX_NAME` characters; there are at most
    :data:`~qwirkle.rules.limits.MAX_SEATS` of them. Anything but a sequence of strings is a
    ``TypeError`` (:class:`~qwirkle.errors.ArgumentTypeError`).
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ArgumentTypeError(f"players must be a sequence of names, not {brief(value)}")
    if not all(isinstance(name, str) for name in value):
        raise ArgumentTypeError(f"players must be a sequence of names, not {brief(value)}")
    if len(value) > MAX_SEATS or not all(len(name) <= MAX_NAME for name in value):
        raise InvalidStateError(
            f"players must be at most {MAX_SEATS} names of at most {MAX_NAME} characters, not {brief(value)}"
        )
    names = tuple(value)
    if len(set(names)) != len(names):
        raise InvalidStateError(f"player names must be distinct, not {brief(names)}")
    return names


def check_player_count(rules: RuleSet, count: int) -> None:
    """Rule SETUP-1: the number of players must suit the rules; raise :class:`~qwirkle.InvalidStateError` if not.

    >>> check_player_count(RuleSet(), 5)
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: 5 players: the game takes 2 to 4 (Rule SETUP-1)
    """
    if not rules.min_players <= count <= rules.max_players:
        raise InvalidStateError(
            f"{count} players: the game takes {rules.min_players} to {rules.max_players}", Rule.SETUP_1
        )


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

    def __str__(self) -> str:
        lines = [str(self.board), ""]
        for seat, name in enumerate(self.players):
            marker = ">" if seat == self.current and self.outcome is None else " "
            lines.append(f"{marker} {name}: {self.scores[seat]} points, {len(self.hands[seat])} tiles")
        lines.append(f"  bag: {len(self.bag)} tiles")
        return "\n".join(lines)


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
    names = _check_players(rules, state.players)
    if not isinstance(state.players, tuple):
        raise ArgumentTypeError(f"players must be a tuple of names, not {brief(state.players)}")
    board = _check_board(state.board)
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
    _check_hand_sizes(rules, sizes, len(bag), over=state.outcome is not None)
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
    _check_end(state.outcome, scores, sizes, len(bag))
    return state


def _check_players(rules: object, players: object) -> tuple[str, ...]:
    """The names of the players of a game under ``rules``, else :class:`~qwirkle.InvalidStateError`.

    Rule SETUP-1: the number of players must suit the rules. A check of
    states, views and new games alike.
    """
    if not isinstance(rules, RuleSet):
        raise ArgumentTypeError(f"rules must be a RuleSet, not {brief(rules)}")
    names = check_names(players)
    check_player_count(rules, len(names))
    return names


def _check_board(board: object) -> Board:
    """``board`` if it is a legal table, however it was built, else :class:`~qwirkle.InvalidStateError`."""
    if not isinstance(board, Board):
        raise ArgumentTypeError(f"board must be a Board, not {brief(board)}")
    return board.validated()


def _check_hand_sizes(rules: RuleSet, sizes: Sequence[int], bag_size: int, *, over: bool) -> None:
    """Raise :class:`~qwirkle.InvalidStateError` unless each seat holds as many tiles as the rules allow.

    No hand holds more than ``hand_size`` tiles, and Rule SETUP-3: every hand
    is full while the bag has tiles, unless the game is ``over``. A check of
    states and views alike.
    """
    for seat, size in enumerate(sizes):
        if not 0 <= size <= rules.hand_size:
            raise InvalidStateError(f"seat {seat} holds {size} tiles; a hand holds {rules.hand_size}")
        if bag_size and size != rules.hand_size and not over:
            raise InvalidStateError(f"seat {seat} holds {size} tiles while the bag has tiles", Rule.SETUP_3)


def _check_end(outcome: object, scores: tuple[int, ...], sizes: Sequence[int], bag_size: int) -> None:
    """Raise :class:`~qwirkle.InvalidStateError` unless ``outcome`` fits a game with these scores, hands and bag.

    The outcome must be the one of the scores (Rule END-4,
    :func:`~qwirkle.histories.check_outcome`). Rule END-2: a player whose
    hand is empty with the bag empty has ended the game, and the player who
    went out has neither tiles nor a bag to draw from. A check of states and
    views alike.
    """
    checked = check_outcome(outcome, scores)
    if checked is None and not bag_size and not all(sizes):
        raise InvalidStateError("a player has no tiles left, so the game is over", Rule.END_2)
    went_out = None if checked is None or checked.reason is not EndReason.WENT_OUT else checked.ended_by
    if went_out is not None and (bag_size or sizes[went_out]):
        raise InvalidStateError("a player went out, so the bag and their hand are empty", Rule.END_2)
