"""What a game's players, table, hands and bag must agree on: the checks that states and views share.

A state (:func:`qwirkle.state.check_state`) and a view
(:func:`qwirkle.interface.views.check_view`) are checked by the same
functions here, each rule once; so are the players of a new game and of a
score keeper. A value of the wrong type is a ``TypeError``
(:class:`~qwirkle.errors.ArgumentTypeError`); one that could not arise in a
game, :class:`~qwirkle.InvalidStateError` naming the rule it breaks.

>>> from qwirkle.rules.ruleset import RuleSet
>>> check_players(RuleSet(), ["Ann", "Bob"])
('Ann', 'Bob')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

from qwirkle.board import Board
from qwirkle.endings import EndReason, Outcome
from qwirkle.errors import ArgumentTypeError, InvalidStateError, brief
from qwirkle.histories import check_history, check_outcome, check_scores
from qwirkle.moves import Exchange, HiddenExchange
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.limits import MAX_NAME, MAX_SEATS
from qwirkle.rules.ruleset import RuleSet
from qwirkle.tiles import Tile

__all__ = [
    "SeenGame",
    "check_board",
    "check_end",
    "check_hand_sizes",
    "check_hands",
    "check_names",
    "check_player_count",
    "check_players",
    "check_seat",
    "check_seen",
    "check_tiles",
]


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

    >>> check_names(["Ann", "Ann"])
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: player names must be distinct, not ('Ann', 'Ann')
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ArgumentTypeError(f"players must be a sequence of names, not {brief(value)}")
    # The count first: a crowd of any size is refused at once, before its names are read.
    if len(value) <= MAX_SEATS and not all(isinstance(name, str) for name in value):
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


def check_players(rules: object, players: object) -> tuple[str, ...]:
    """The names of the players of a game under ``rules``, else :class:`~qwirkle.InvalidStateError`.

    Rule SETUP-1: the number of players must suit the rules. A check of
    states, views and new games alike.
    """
    if not isinstance(rules, RuleSet):
        raise ArgumentTypeError(f"rules must be a RuleSet, not {brief(rules)}")
    names = check_names(players)
    check_player_count(rules, len(names))
    return names


def check_seat(name: str, value: object, players: int) -> int:
    """``value`` if it is a seat of a game of ``players``: a ``TypeError`` if no int, else one in range.

    >>> check_seat("current", 2, 2)
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: current must be a seat from 0 to 1, not 2
    """
    if type(value) is not int:
        raise ArgumentTypeError(f"{name} must be a seat from 0 to {players - 1}, not {brief(value)}")
    if not 0 <= value < players:
        raise InvalidStateError(f"{name} must be a seat from 0 to {players - 1}, not {brief(value)}")
    return value


def check_board(board: object) -> Board:
    """``board`` if it is a legal table, however it was built, else :class:`~qwirkle.InvalidStateError`."""
    if not isinstance(board, Board):
        raise ArgumentTypeError(f"board must be a Board, not {brief(board)}")
    return board.validated()


def check_hand_sizes(rules: RuleSet, sizes: Sequence[int], bag_size: int, *, over: bool) -> None:
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


def check_end(outcome: object, scores: tuple[int, ...], sizes: Sequence[int], bag_size: int) -> None:
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


class SeenGame(Protocol):
    """What a view shows of a game, as :func:`check_seen` reads it: a player's view and a spectator's alike."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def board(self) -> Board: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def bag_size(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def starter(self) -> int: ...
    @property
    def outcome(self) -> Outcome | None: ...


def check_seen(
    seen: SeenGame, turns: Sequence[tuple[Any, Any, Any]], viewer: int | None, held: tuple[Tile, ...]
) -> None:
    """Raise :class:`~qwirkle.InvalidStateError` unless some state of a game could show ``seen`` to ``viewer``.

    ``viewer`` is ``None`` for a spectator, who holds no tiles; ``turns`` is
    the history as ``(seat, move, score)``. The table must be legal and add
    up with the hands and the bag to the game's tiles (Rule TILES-2), every
    hand full while the bag has tiles (Rule SETUP-3), the history must agree
    with the table, the scores and the seat to move, show the viewer's own
    exchanges and hide everyone else's (Rule SETUP-2), and the outcome must
    be the one of the scores (Rule END-2).
    """
    rules = seen.rules
    n = len(check_players(rules, seen.players))
    if viewer is not None:
        check_seat("seat", viewer, n)
    check_seat("current", seen.current, n)
    check_seat("starter", seen.starter, n)
    board = check_board(seen.board)
    hand = check_tiles(held, "the hand")
    sizes = seen.hand_sizes
    if not isinstance(sizes, tuple) or len(sizes) != n or not all(type(k) is int for k in sizes):
        raise InvalidStateError("hand_sizes must be a tuple of one int per player")
    if viewer is not None and sizes[viewer] != len(hand):
        raise InvalidStateError(f"the viewer holds {len(hand)} tiles, not {sizes[viewer]}")
    bag = seen.bag_size
    if type(bag) is not int or not 0 <= bag <= rules.tile_count:
        raise InvalidStateError(f"bag_size must be an int from 0 to {rules.tile_count}, not {brief(bag)}")
    check_hand_sizes(rules, sizes, bag, over=seen.outcome is not None)
    counts = Counter(board.values())
    counts.update(hand)
    for tile, count in counts.items():
        if count > rules.copies_per_tile:
            raise InvalidStateError(f"the viewer sees {count} {tile} tiles; the game has {rules.copies_per_tile}")
    total = len(board) + sum(sizes) + bag
    if total != rules.tile_count:
        raise InvalidStateError(
            f"the table, the hands and the bag hold {total} tiles; the game has {rules.tile_count}", Rule.TILES_2
        )
    scores = check_scores(seen.scores, n)
    for number, (seat, move, _) in enumerate(turns, start=1):
        # A spectator sits at no seat, so no exchange is theirs to see.
        mine = seat == viewer
        if isinstance(move, HiddenExchange if mine else Exchange):
            if viewer is None:
                raise InvalidStateError(f"turn {number} shows the tiles of an exchange to a spectator", Rule.SETUP_2)
            shown = "hidden" if mine else "shown"
            raise InvalidStateError(f"turn {number} is an exchange {shown} to the wrong player", Rule.SETUP_2)
        if isinstance(move, HiddenExchange) and not (type(move.count) is int and 1 <= move.count <= rules.hand_size):
            raise InvalidStateError(f"an exchange gives back 1 to {rules.hand_size} tiles, not {brief(move.count)}")
    check_history(turns, rules, board, scores, seen.starter, seen.current, hidden=HiddenExchange)
    check_end(seen.outcome, scores, sizes, bag)
