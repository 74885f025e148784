"""The game state: an immutable snapshot of a game of the tile game."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from qwirkle.board import Board
from qwirkle.errors import InvalidStateError
from qwirkle.moves import Move, Place
from qwirkle.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["EndReason", "GameState", "Outcome", "Turn"]


class EndReason(enum.Enum):
    """Why a game ended."""

    WENT_OUT = "went_out"
    """A player placed their last tile with the bag empty (Rule END-2)."""
    BLOCKED = "blocked"
    """The bag is empty and nobody can place (Rule END-3)."""
    STALEMATE = "stalemate"
    """The configured number of rounds passed with no placement (Rule END-5)."""

    def __repr__(self) -> str:
        return f"EndReason.{self.name}"


@attrs.frozen
class Outcome:
    """How a finished game ended: the reason, the final scores and the winners.

    Rule END-4: the highest total wins; a tie is a shared win, so ``winners``
    may hold several seats.
    """

    reason: EndReason
    scores: tuple[int, ...]
    """Final scores, by seat."""
    winners: tuple[int, ...]
    """The seats with the highest score."""
    ended_by: int | None = None
    """The seat that went out, when ``reason`` is :attr:`EndReason.WENT_OUT`."""


@attrs.frozen
class Turn:
    """One turn of the history: who moved, what they did and what it scored."""

    player: int
    move: Move
    score: Score


def check_tiles(value: Any, what: str) -> tuple[Tile, ...]:
    """``value`` as a tuple of tiles, or :class:`~qwirkle.InvalidStateError` naming ``what``."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of tiles, not {value!r}")
    for tile in value:
        if not isinstance(tile, Tile):
            raise InvalidStateError(f"{what} holds {tile!r}, which is not a tile")
    return tuple(value)


def check_hands(value: Any) -> tuple[tuple[Tile, ...], ...]:
    """``value`` as a tuple of hands, or :class:`~qwirkle.InvalidStateError`."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"hands must be a sequence of hands, not {value!r}")
    return tuple(check_tiles(hand, "a hand") for hand in value)


def check_names(value: Any) -> tuple[str, ...]:
    """``value`` as a tuple of distinct player names, or :class:`~qwirkle.InvalidStateError`."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"players must be a sequence of names, not {value!r}")
    if not all(isinstance(name, str) for name in value):
        raise InvalidStateError(f"players must be a sequence of names, not {value!r}")
    names = tuple(value)
    if len(set(names)) != len(names):
        raise InvalidStateError(f"player names must be distinct, not {names}")
    return names


@attrs.frozen(init=False)
class GameState:
    """A snapshot of a game: table, hands, bag, scores, whose turn, history and options.

    States are immutable; :func:`~qwirkle.apply` returns a new one. Build the
    first state with :func:`~qwirkle.new_game`. A state built by hand (for a
    puzzle or a test) is checked: the tiles on the board, in the hands and in
    the bag must be the full set of the game (Rule TILES-2), the board legal
    and connected, and every hand full while the bag has tiles (Rule SETUP-3).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> len(state.bag), [len(hand) for hand in state.hands]
    (96, [6, 6])
    """

    players: tuple[str, ...]
    """Player names, in seat order."""
    board: Board
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles."""
    bag: tuple[Tile, ...]
    """The tiles left to draw, in draw order (the last is drawn first). Hidden from players."""
    scores: tuple[int, ...]
    current: int
    """The seat whose turn it is."""
    rules: RuleSet
    history: tuple[Turn, ...]
    """Every turn played so far."""
    starter: int
    """The seat that opened the game (Rules START-1 to START-3)."""
    seed: int | None
    """The seed the game was dealt from, if known."""
    rng: int
    """The random state that will mix the bag next. Hidden from players."""
    idle_turns: int
    """Turns in a row without a placement (Rules END-3, END-5)."""
    outcome: Outcome | None
    """How the game ended, or ``None`` while it goes on."""

    def __init__(
        self,
        *,
        players: Sequence[str],
        board: Board,
        hands: Sequence[Sequence[Tile]],
        bag: Sequence[Tile],
        scores: Sequence[int] | None = None,
        current: int = 0,
        rules: RuleSet | None = None,
        history: Sequence[Turn] = (),
        starter: int | None = None,
        seed: int | None = None,
        rng: int = 0,
        idle_turns: int = 0,
        outcome: Outcome | None = None,
    ) -> None:
        rules = RuleSet() if rules is None else rules
        if not isinstance(rules, RuleSet):
            raise InvalidStateError(f"rules must be a RuleSet, not {rules!r}")
        names = check_names(players)
        if not rules.min_players <= len(names) <= rules.max_players:
            raise InvalidStateError(
                f"{len(names)} players: the game takes {rules.min_players} to {rules.max_players} (Rule SETUP-1)"
            )
        if not isinstance(board, Board):
            raise InvalidStateError(f"board must be a Board, not {board!r}")
        hand_tuples = check_hands(hands)
        if len(hand_tuples) != len(names):
            raise InvalidStateError("there must be one hand per player")
        bag_tuple = check_tiles(bag, "the bag")
        for seat, hand in enumerate(hand_tuples):
            if len(hand) > rules.hand_size:
                raise InvalidStateError(f"seat {seat} holds {len(hand)} tiles; a hand holds {rules.hand_size}")
            if bag_tuple and len(hand) != rules.hand_size and outcome is None:
                raise InvalidStateError(
                    f"seat {seat} holds {len(hand)} tiles while the bag has tiles (Rule SETUP-3)"
                )
        counts = Counter(board.values())
        for hand in hand_tuples:
            counts.update(hand)
        counts.update(bag_tuple)
        for tile in ALL_TILES:
            if counts[tile] != rules.copies_per_tile:
                raise InvalidStateError(
                    f"there are {counts[tile]} {tile} tiles in the game; there must be "
                    f"{rules.copies_per_tile} (Rule TILES-2)"
                )
        score_tuple = tuple(scores) if scores is not None else (0,) * len(names)
        if len(score_tuple) != len(names) or not all(type(s) is int and s >= 0 for s in score_tuple):
            raise InvalidStateError("scores must be one non-negative int per player")
        for name, value in (("current", current), ("rng", rng), ("idle_turns", idle_turns)):
            if type(value) is not int or value < 0:
                raise InvalidStateError(f"{name} must be a non-negative int, not {value!r}")
        if current >= len(names):
            raise InvalidStateError(f"current seat {current} does not exist")
        starter = current if starter is None else starter
        if type(starter) is not int or not 0 <= starter < len(names):
            raise InvalidStateError(f"starter seat {starter!r} does not exist")
        if seed is not None and type(seed) is not int:
            raise InvalidStateError(f"seed must be an int or None, not {seed!r}")
        history_tuple = tuple(history)
        if not all(isinstance(turn, Turn) for turn in history_tuple):
            raise InvalidStateError("history must be a sequence of Turn values")
        if outcome is not None and not isinstance(outcome, Outcome):
            raise InvalidStateError(f"outcome must be an Outcome or None, not {outcome!r}")
        if outcome is None and not bag_tuple and any(not hand for hand in hand_tuples):
            raise InvalidStateError("a player has no tiles left, so the game is over (Rule END-2)")
        if not board and history_tuple and any(isinstance(t.move, Place) for t in history_tuple):
            raise InvalidStateError("the history has placements but the board is empty")
        _set_fields(
            self,
            players=names,
            board=board,
            hands=hand_tuples,
            bag=bag_tuple,
            scores=score_tuple,
            current=current,
            rules=rules,
            history=history_tuple,
            starter=starter,
            seed=seed,
            rng=rng,
            idle_turns=idle_turns,
            outcome=outcome,
        )

    @classmethod
    def _make(cls, **fields: Any) -> GameState:
        """A state from fields the engine has already checked."""
        state = object.__new__(cls)
        _set_fields(state, **fields)
        return state

    def _evolve(self, **changes: Any) -> GameState:
        """A copy with some fields changed, unchecked (engine use only)."""
        state = object.__new__(GameState)
        put = object.__setattr__
        for name in _FIELDS:
            put(state, name, getattr(self, name))
        for name, value in changes.items():
            put(state, name, value)
        return state

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
        from qwirkle.render import board_svg

        return board_svg(self)

    def __str__(self) -> str:
        lines = [str(self.board), ""]
        for seat, name in enumerate(self.players):
            marker = ">" if seat == self.current and self.outcome is None else " "
            lines.append(f"{marker} {name}: {self.scores[seat]} points, {len(self.hands[seat])} tiles")
        lines.append(f"  bag: {len(self.bag)} tiles")
        return "\n".join(lines)


_FIELDS = (
    "players",
    "board",
    "hands",
    "bag",
    "scores",
    "current",
    "rules",
    "history",
    "starter",
    "seed",
    "rng",
    "idle_turns",
    "outcome",
)


def _set_fields(state: GameState, **fields: Any) -> None:
    for name in _FIELDS:
        object.__setattr__(state, name, fields[name])

