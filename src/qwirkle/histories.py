"""A history checked against the rest of a state or a view: turns in seat order, scores that add up.

The engine writes each turn of a game's history as it plays it, so a history
it wrote always passes; one read from outside (JSON, or a state built by hand)
must say the same things the table and the scores say, else the loaders refuse
it. A history may start at a position set up by hand (:func:`qwirkle.position`),
whose table and scores it does not explain: then the scores must be at least
what the history adds up to, and exactly that when its placements laid every
tile of the table.

>>> from qwirkle import apply, legal_moves, new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> state = apply(state, next(iter(legal_moves(state))))
>>> turns = [(turn.seat, turn.move, turn.score) for turn in state.history]
>>> check_history(turns, state.rules, state.board, state.scores, state.starter, state.current)
"""

from __future__ import annotations

from collections.abc import Sequence

from qwirkle._engine.geometry import Cell, check_cell
from qwirkle._engine.lines import MAX_LINE
from qwirkle.board import Board
from qwirkle.endings import EndReason, Outcome, names_a_seat, outcome_of
from qwirkle.errors import ArgumentTypeError, InvalidStateError, QwirkleError, brief
from qwirkle.moves import Exchange, Pass, Place
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.limits import MAX_POINTS, MAX_TURNS
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score, ScoredLine
from qwirkle.tiles import Tile

__all__ = ["check_history", "check_move", "check_outcome", "check_score", "check_scores"]


def check_move(move: object) -> Place | Exchange | Pass:
    """``move`` if it is a move as its constructors build it, else :class:`~qwirkle.InvalidStateError`.

    A move built unchecked from parts that are not sorted (as
    :meth:`Exchange.from_sorted <qwirkle.Exchange.from_sorted>` may), or with
    a cell out of range, is refused here.

    >>> from qwirkle import Colour, Exchange, Shape, Tile
    >>> tiles = (Tile(Colour.BLUE, Shape.CIRCLE), Tile(Colour.RED, Shape.CIRCLE))
    >>> check_move(Exchange.from_sorted(tiles))
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: a move of the history is malformed: its tiles are not sorted
    """
    try:
        if type(move) is Place:
            if not isinstance(move.placements, tuple) or Place(move.placements).placements != move.placements:
                raise InvalidStateError("its tiles are not sorted by cell")
            return move
        if type(move) is Exchange:
            if not isinstance(move.tiles, tuple) or Exchange(move.tiles).tiles != move.tiles:
                raise InvalidStateError("its tiles are not sorted")
            return move
    except QwirkleError as error:
        raise InvalidStateError(f"a move of the history is malformed: {error}") from None
    if type(move) is Pass:
        return move
    raise ArgumentTypeError(f"{brief(move)} is not a move")


def check_score(score: object, rules: RuleSet, *, placed: bool) -> Score:
    """``score`` if it is what the rules could give a move (a placement if ``placed``), else raise.

    Rule SCORE-1: each line is 2 to 6 cells in a row or a column, scoring one
    point a cell. Rules SCORE-4, SCORE-5: a line of six is a Qwirkle and earns
    ``qwirkle_bonus``. Rule SCORE-7: a placement that forms no line scores
    ``lone_tile_points``. Rule SCORE-8: the end bonus is ``end_bonus`` or
    nothing. Rule SCORE-6: an exchange or a pass scores nothing. The total is
    the sum of it all.

    >>> from qwirkle import RuleSet
    >>> check_score(Score(3, lone_tile_points=1), RuleSet(), placed=True)
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: a score of 3 is not the sum of its lines and bonuses
    """
    if not isinstance(score, Score):
        raise ArgumentTypeError(f"a turn's score must be a Score, not {brief(score)}")
    parts = (score.total, score.qwirkle_points, score.lone_tile_points, score.end_bonus)
    if not all(type(part) is int and 0 <= part <= MAX_POINTS for part in parts):
        raise InvalidStateError(f"the parts of a score are ints from 0 to {MAX_POINTS}, not {brief(parts)}")
    lines = score.lines
    if not isinstance(lines, tuple) or not all(isinstance(line, ScoredLine) for line in lines):
        raise ArgumentTypeError("a score's lines must be a tuple of ScoredLine values")
    for line in lines:
        _check_line(line)
    if not placed and (score.total or lines):
        raise InvalidStateError("an exchange or a pass scores nothing", Rule.SCORE_6)
    qwirkles = sum(1 for line in lines if line.qwirkle)
    if score.qwirkle_points != qwirkles * rules.qwirkle_bonus:
        raise InvalidStateError(f"{qwirkles} Qwirkles earn {qwirkles * rules.qwirkle_bonus} points", Rule.SCORE_4)
    if score.lone_tile_points != (rules.lone_tile_points if placed and not lines else 0):
        raise InvalidStateError(
            f"a placement that forms no line, and only it, scores {rules.lone_tile_points}", Rule.SCORE_7
        )
    if score.end_bonus not in (0, rules.end_bonus):
        raise InvalidStateError(f"the end bonus is {rules.end_bonus} points or none", Rule.SCORE_8)
    if score.total != sum(len(line.cells) for line in lines) + sum(parts[1:]):
        raise InvalidStateError(f"a score of {score.total} is not the sum of its lines and bonuses")
    return score


def _check_line(line: ScoredLine) -> None:
    cells = line.cells
    if not isinstance(cells, tuple) or not 2 <= len(cells) <= MAX_LINE:
        raise InvalidStateError(f"a scored line has 2 to 6 cells, not {brief(cells)}")
    checked = [check_cell(cell) for cell in cells]
    x, y = checked[0]
    size = len(checked)
    if checked not in ([(x + i, y) for i in range(size)], [(x, y + i) for i in range(size)]):
        raise InvalidStateError(f"a scored line's cells follow each other along a row or a column, not {brief(cells)}")
    if line.qwirkle is not (size == MAX_LINE):
        raise InvalidStateError(f"a line of {size} tiles is {'' if size == MAX_LINE else 'not '}a Qwirkle")


def check_scores(scores: object, players: int) -> tuple[int, ...]:
    """``scores`` if they are one int from 0 to :data:`~qwirkle.rules.limits.MAX_POINTS` per player, else raise.

    >>> check_scores((3, 0), 2)
    (3, 0)
    """
    if (
        not isinstance(scores, tuple)
        or len(scores) != players
        or not all(type(s) is int and 0 <= s <= MAX_POINTS for s in scores)
    ):
        raise InvalidStateError(f"scores must be a tuple of one int from 0 to {MAX_POINTS} per player")
    return scores


def check_history(
    turns: Sequence[tuple[object, object, object]],
    rules: RuleSet,
    board: Board,
    scores: tuple[int, ...],
    starter: int,
    current: int,
    *,
    hidden: type | None = None,
) -> None:
    """Raise :class:`~qwirkle.InvalidStateError` unless the turns ``(seat, move, score)`` agree with the rest.

    A history may be left out (a position whose past is not kept) or start at
    a position set up by hand; what it holds must agree with the rest. Rule
    START-7: the turns go round the table, the seat to move is the next one,
    and a history that starts from the empty table starts with the starter.
    Rule PLACE-5 and Rule TILES-3: each placement's tiles are still on the
    table, where they were laid, and no cell is laid twice. Each score is one
    the rules could give its move (:func:`check_score`), and each seat's score
    is at least what its turns earned; exactly that when the placements laid
    every tile on the table (the game was played from an empty table). An
    empty table means no score at all. ``hidden`` is the type of a move whose
    tiles the viewer may not see (an exchange of another player, in a view),
    which scores nothing.

    >>> from qwirkle import RuleSet, parse_move
    >>> from qwirkle.scoring import Score
    >>> check_history([(1, parse_move("pass"), Score(0))], RuleSet(), Board(), (0, 0), 0, 1)
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: after seat 1's turn, seat 0 is to move, not seat 1 (Rule START-7)
    """
    n = len(scores)
    if len(turns) > MAX_TURNS:
        raise InvalidStateError(f"a history holds at most {MAX_TURNS} turns, not {len(turns)}")
    earned = [0] * n
    laid: dict[Cell, Tile] = {}
    first = turns[0][0] if turns else current
    if type(first) is not int or not 0 <= first < n:
        raise InvalidStateError(f"turn 1 names seat {brief(first)}, which does not exist")
    for number, (seat, move, score) in enumerate(turns, start=1):
        due = (first + number - 1) % n
        if seat != due:
            raise InvalidStateError(f"turn {number} is seat {due}'s, not {brief(seat)}'s", Rule.START_7)
        if hidden is not None and isinstance(move, hidden):
            check_score(score, rules, placed=False)
        else:
            checked = check_move(move)
            check_score(score, rules, placed=isinstance(checked, Place))
            if isinstance(checked, Place):
                for cell, tile in checked.placements:
                    if cell in laid:
                        raise InvalidStateError(f"turn {number} lays a tile on {cell}, which already held one")
                    if board.get(cell) != tile:
                        raise InvalidStateError(
                            f"the {tile} turn {number} laid on {cell} is not on the table", Rule.TILES_3
                        )
                    laid[cell] = tile
        assert isinstance(score, Score)
        earned[seat] += score.total
    if turns and current != (first + len(turns)) % n:
        raise InvalidStateError(
            f"after seat {turns[-1][0]}'s turn, seat {(first + len(turns)) % n} is to move, not seat {current}",
            Rule.START_7,
        )
    whole = len(laid) == len(board)
    if turns and whole and first != starter:
        raise InvalidStateError(f"the game was opened by seat {first}, not by the starter, seat {starter}")
    if not board and any(scores):
        raise InvalidStateError("nobody can have scored while the table is empty")
    for seat, points in enumerate(scores):
        if points < earned[seat] or (whole and points != earned[seat]):
            raise InvalidStateError(
                f"seat {seat} has {points} points, but its turns earned {earned[seat]}", Rule.SCORE_1
            )


def check_outcome(outcome: object, scores: tuple[int, ...]) -> Outcome | None:
    """``outcome`` if it is ``None`` or the end of a game with these final scores (Rule END-4), else raise.

    >>> check_outcome(outcome_of(EndReason.BLOCKED, (3, 4)), (3, 4)).winners
    (1,)
    """
    if outcome is None:
        return None
    if not isinstance(outcome, Outcome) or not isinstance(outcome.reason, EndReason):
        raise ArgumentTypeError(f"outcome must be an Outcome or None, not {brief(outcome)}")
    ended_by = outcome.ended_by
    if (ended_by is not None) != names_a_seat(outcome.reason) or (
        ended_by is not None and (type(ended_by) is not int or not 0 <= ended_by < len(scores))
    ):
        raise InvalidStateError("an outcome names a seat exactly when a player went out or left the game")
    if outcome != outcome_of(outcome.reason, scores, ended_by):
        raise InvalidStateError("the outcome's scores and winners are not the game's", Rule.END_4)
    return outcome
