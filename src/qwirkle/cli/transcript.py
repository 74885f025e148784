"""A game told turn by turn, as the demo game prints it: each move, its score, the table, and the result."""

from __future__ import annotations

from qwirkle.endings import end_cause, winners_line
from qwirkle.errors import QwirkleError
from qwirkle.formats.notation import format_tile
from qwirkle.moves import Exchange, Move, Place
from qwirkle.scoring import Score
from qwirkle.state import GameState

__all__ = ["describe_move", "result_lines", "turn_lines"]

_LEGEND = (
    "Tiles are two letters, colour then shape:",
    "  R O Y G B P = red orange yellow green blue purple;",
    "  o s d c x * = circle square diamond clover four-point-star eight-point-star.",
)


def _cell(cell: tuple[int, int]) -> str:
    return f"({cell[0]}, {cell[1]})"


def describe_move(name: str, move: Move) -> str:
    """What a player did, in a few words, with tiles as two-letter codes.

    >>> from qwirkle import Colour, Exchange, Pass, Place, Shape, Tile
    >>> describe_move("Ann", Place({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (1, 0): Tile(Colour.RED, Shape.STAR8)}))
    'Ann places Ro at (0, 0), R* at (1, 0)'
    >>> describe_move("Bob", Exchange([Tile(Colour.BLUE, Shape.SQUARE)]))
    'Bob exchanges 1 tile: Bs'
    >>> describe_move("Bob", Pass())
    'Bob passes'
    """
    if isinstance(move, Place):
        return f"{name} places " + ", ".join(f"{format_tile(tile)} at {_cell(cell)}" for cell, tile in move)
    if isinstance(move, Exchange):
        count = f"{len(move)} tile" + ("s" if len(move) > 1 else "")
        return f"{name} exchanges {count}: " + " ".join(format_tile(tile) for tile in move.tiles)
    return f"{name} passes"


def _breakdown(points: Score) -> str:
    parts = []
    for line in points.lines:
        (x0, y0), (x1, _) = line.cells[0], line.cells[-1]
        where = f"row y={y0}" if x0 != x1 else f"column x={x0}"
        parts.append(f"{where}: {line.points}" + (" (Qwirkle)" if line.qwirkle else ""))
    if points.qwirkle_points:
        parts.append(f"Qwirkle bonus: {points.qwirkle_points}")
    if points.lone_tile_points:
        parts.append(f"lone tile: {points.lone_tile_points}")
    if points.end_bonus:
        parts.append(f"end bonus: {points.end_bonus}")
    return ", ".join(parts)


def _scores(state: GameState) -> str:
    return ", ".join(f"{name}: {points}" for name, points in zip(state.players, state.scores, strict=True))


def turn_lines(state: GameState, move: Move, points: Score) -> list[str]:
    """The lines that tell a turn: the move and its score, then the table and the scores after it.

    ``state`` is the state after the turn; the first turn also names the
    seats and says how to read a tile.

    >>> from qwirkle import apply, legal_moves, new_game, score
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = next(iter(legal_moves(state)))
    >>> turn_lines(apply(state, move), move, score(state, move))[0]
    'Qwirkle, seed 7: Ann (seat 0), Bob (seat 1)'
    """
    name = state.players[state.history[-1].seat]
    lines = []
    if state.turn_number == 1:
        # Seats are numbered from 0, as everywhere in the library.
        seats = ", ".join(f"{player} (seat {seat})" for seat, player in enumerate(state.players))
        opens = f"{state.players[state.starter]} opens with the largest group (Rules START-1 to START-3)."
        lines += [f"Qwirkle, seed {state.seed}: {seats}", *_LEGEND, opens, ""]
    unit = "point" if points.total == 1 else "points"
    lines.append(f"Turn {state.turn_number}: {describe_move(name, move)}: {points.total} {unit}")
    if points.total:
        lines.append(f"  = {_breakdown(points)}")
    lines += [str(state.board), f"Scores: {_scores(state)}; bag: {len(state.bag)} tiles", ""]
    return lines


def result_lines(final: GameState) -> list[str]:
    """The final result of a finished game: why it ended, the scores and the winners (a tie is shared).

    >>> from qwirkle.bots import GreedyBot, run_game
    >>> for line in result_lines(run_game([GreedyBot(1), GreedyBot(2)], seed=7)):
    ...     print(line)  # doctest: +ELLIPSIS
    Game over after ... turns: greedy ... placed their last tile with the bag empty (Rule END-2).
    Final scores: greedy 0: ..., greedy 1: ...
    Winner: greedy ...
    """
    outcome = final.outcome
    if outcome is None:
        raise QwirkleError("the game is not over yet")
    return [
        f"Game over after {final.turn_number} turns: {end_cause(outcome, final.players)}.",
        f"Final scores: {_scores(final)}",
        winners_line(outcome, final.players),
    ]
