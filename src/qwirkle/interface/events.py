"""What a move did, as an immutable record that interfaces animate and explain.

:func:`play` applies a move and returns the new state with a
:class:`TurnReport`; :func:`report` derives the same record from the states
before and after a turn. A report holds the tiles placed, each line scored
with its length, the Qwirkle and end bonuses, the tiles drawn, whose turn is
next, and whether and why the game ended. :meth:`TurnReport.seen_by` gives
the part another player may see: the number of tiles drawn, not which.

>>> from qwirkle import new_game, legal_moves
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> after, done = play(state, next(iter(legal_moves(state))))
>>> done.seat == state.current, done.next_seat == after.current
(True, True)
>>> done.score.total == sum(line.points for line in done.lines)
True
>>> done.seen_by(1 - done.seat).drawn, done.seen_by(1 - done.seat).drawn_count == done.drawn_count
((), True)
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs

from qwirkle._engine.geometry import Cell
from qwirkle._immutable import Immutable
from qwirkle.endings import EndReason, Outcome, end_cause, winners_line
from qwirkle.errors import InvalidStateError, brief
from qwirkle.formats import _codec
from qwirkle.formats._codec import JSON, Reader
from qwirkle.formats.notation import format_cell, format_move, format_tiles
from qwirkle.game import apply
from qwirkle.interface.views import HiddenExchange
from qwirkle.legality import _require_state
from qwirkle.moves import Exchange, Move, Place
from qwirkle.rules.limits import MAX_LIST, MAX_SEATS, MAX_TURNS
from qwirkle.rules.ruleset import RuleSet, option_range
from qwirkle.scoring import Score, ScoredLine
from qwirkle.state import GameState
from qwirkle.tiles import Tile

__all__ = ["TurnReport", "explain_score", "play", "report"]


@attrs.frozen
class TurnReport(Immutable):
    """What one turn did (see :func:`play`).

    >>> from qwirkle import new_game, legal_moves
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> _, done = play(state, next(iter(legal_moves(state))))
    >>> done.turn_number, done.game_over, len(done.drawn) == len(done.placed)
    (1, False, True)
    """

    turn_number: int
    """The turn's number, from 1."""
    seat: int
    """The seat that moved."""
    move: Move | HiddenExchange
    """The move (another player's exchange is hidden in :meth:`seen_by`)."""
    score: Score
    """What the move scored, line by line."""
    drawn: tuple[Tile, ...]
    """The tiles the player drew (empty when seen by another player)."""
    drawn_count: int
    """How many tiles the player drew."""
    bag_size: int
    """Tiles left in the bag after the turn."""
    scores: tuple[int, ...]
    """Every seat's score after the turn."""
    next_seat: int | None
    """The seat to move next, or ``None`` when the game is over."""
    outcome: Outcome | None
    """How the game ended, if this turn ended it."""
    voluntary_passes: bool = False
    """Whether the rules let a player pass by choice (``RuleSet.allow_voluntary_pass``, Rule TURN-3).

    Under the standard rules a pass means the player could neither place nor
    exchange; with passes by choice it may mean no more than that they chose
    to, and :meth:`describe` says so."""

    @property
    def placed(self) -> tuple[tuple[Cell, Tile], ...]:
        """The ``(cell, tile)`` pairs placed, empty for an exchange or a pass."""
        return self.move.placements if isinstance(self.move, Place) else ()

    @property
    def exchanged(self) -> int:
        """How many tiles went back to the bag."""
        if isinstance(self.move, (Exchange, HiddenExchange)):
            return len(self.move.tiles) if isinstance(self.move, Exchange) else self.move.count
        return 0

    @property
    def lines(self) -> tuple[ScoredLine, ...]:
        """The lines that scored, each with its cells (its length is its points)."""
        return self.score.lines

    @property
    def qwirkles(self) -> int:
        """How many lines the move completed to six tiles (Rule SCORE-4)."""
        return self.score.qwirkles

    @property
    def end_bonus(self) -> int:
        """The bonus for going out (Rule SCORE-8), 0 if none."""
        return self.score.end_bonus

    @property
    def game_over(self) -> bool:
        """Whether this turn ended the game."""
        return self.outcome is not None

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended, if it did."""
        return None if self.outcome is None else self.outcome.reason

    def seen_by(self, seat: int | None) -> TurnReport:
        """The report as ``seat`` may see it: another player's drawn and exchanged tiles are hidden (Rule SETUP-2).

        ``None`` is a spectator, who sees no one's: the report that goes with
        a :class:`~qwirkle.SpectatorView`.

        >>> from qwirkle import legal_moves, new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> _, first = play(state, next(iter(legal_moves(state))))
        >>> first.seen_by(None).drawn, first.seen_by(None).drawn_count == first.drawn_count
        ((), True)
        """
        if seat is not None and seat == self.seat:
            return self
        move = HiddenExchange(len(self.move.tiles)) if isinstance(self.move, Exchange) else self.move
        return attrs.evolve(self, move=move, drawn=())

    def describe(self, players: tuple[str, ...] | list[str]) -> list[str]:
        """The turn in a few sentences, for a log or a screen reader.

        >>> from qwirkle import new_game, legal_moves
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> _, done = play(state, next(iter(legal_moves(state))))
        >>> done.describe(state.players)[0].startswith(state.players[state.current] + " places")
        True
        """
        name = players[self.seat]
        lines: list[str] = []
        if isinstance(self.move, Place):
            unit = "point" if self.score.total == 1 else "points"
            lines.append(f"{name} places {format_move(self.move)} for {self.score.total} {unit}.")
            lines.extend("  " + text for text in explain_score(self.score))
        elif isinstance(self.move, (Exchange, HiddenExchange)):
            lines.append(f"{name} exchanges {self.exchanged} tile" + ("s." if self.exchanged != 1 else "."))
        elif self.voluntary_passes:
            # Whether the player could have placed is theirs to know: another seat is told only what the rules allow.
            lines.append(f"{name} passes, as these rules allow even when a move is possible (Rule TURN-3).")
        else:
            lines.append(f"{name} passes: no tile can be placed and the bag is empty.")
        if self.drawn:
            lines.append(f"  {name} draws {format_tiles(self.drawn)}.")
        elif self.drawn_count:
            lines.append(f"  {name} draws {self.drawn_count} tile" + ("s." if self.drawn_count != 1 else "."))
        if self.outcome is not None:
            cause, won = end_cause(self.outcome, players), winners_line(self.outcome, players)
            lines.append(f"The game is over: {cause}. {won}.")
        elif self.next_seat is not None:
            lines.append(f"Next: {players[self.next_seat]}.")
        return lines

    def to_json(self) -> dict[str, JSON]:
        """The report as JSON-ready data: what :meth:`from_json` reads, with the placements and words derived.

        ``placed`` and ``explanation`` repeat what the move and the score say,
        for a screen that shows them as they come; the loader checks that
        they agree.

        >>> from qwirkle import new_game, legal_moves
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> _, done = play(state, next(iter(legal_moves(state))))
        >>> data = done.to_json()
        >>> data["format"], data["turn"], data["player"] == state.current
        ('qwirkle-turn-report', 1, True)
        >>> TurnReport.from_json(data) == done, TurnReport.loads(done.dumps()) == done
        (True, True)
        """
        return {
            **_codec.encode_header(REPORT_FORMAT),
            "turn": self.turn_number,
            "player": self.seat,
            **_codec.encode_shown_move(self.move),
            "placed": _codec.encode_board(self.placed),
            "score": _codec.encode_score(self.score),
            "explanation": explain_score(self.score),
            "drawn": _codec.encode_tiles(self.drawn),
            "drawn_count": self.drawn_count,
            "bag_size": self.bag_size,
            "scores": list(self.scores),
            "next_player": self.next_seat,
            "outcome": _codec.encode_outcome(self.outcome),
            "voluntary_passes": self.voluntary_passes,
        }

    def dumps(self) -> str:
        """The report as compact JSON text (:meth:`to_json`)."""
        return _codec.dump_text(self.to_json())

    @classmethod
    def loads(cls, text: str | bytes | bytearray) -> TurnReport:
        """A report from JSON text (:meth:`dumps`), checked as :meth:`from_json` checks it."""
        return cls.from_json(_codec.load_text(text, "the report"))

    @classmethod
    def from_json(cls, data: object) -> TurnReport:
        """A report from :meth:`to_json` data (or its JSON text), checked; raises :class:`~qwirkle.InvalidRecordError`.

        Each value is read as the other formats read it, and the report must
        hold together: as many tiles drawn as it counts (or none, as another
        player sees it), the placements and the explanation of its move and
        score, a next seat exactly while the game goes on. A value that is
        neither JSON text nor JSON data is a ``TypeError``.

        >>> TurnReport.from_json({"format": "qwirkle-record", "version": 1})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $...
        """
        top = Reader(_codec.data_of(data, "the report"))
        f = _codec.read_header(top, REPORT_FORMAT, _REPORT_KEYS, ("move", "exchanged", "voluntary_passes"))
        scores = tuple(item.integer() for item in f["scores"].items(MAX_SEATS, 1))
        n = len(scores)
        move = _codec.decode_shown_move(top, f, _MAX_HAND)
        drawn = f["drawn"].tiles(_MAX_HAND)
        drawn_count = f["drawn_count"].integer(0, _MAX_HAND)
        if drawn and len(drawn) != drawn_count:
            raise f["drawn"].fail(f"{len(drawn)} tiles drawn, not the {drawn_count} the report counts")
        outcome = _codec.decode_outcome(f["outcome"], n)
        next_seat = f["next_player"].optional_integer(0, n - 1)
        if (next_seat is None) != (outcome is not None):
            raise f["next_player"].fail("a report names the next seat exactly while the game goes on")
        done = cls(
            turn_number=f["turn"].integer(1, MAX_TURNS),
            seat=f["player"].integer(0, n - 1),
            move=move,
            score=_codec.decode_score(f["score"]),
            drawn=drawn,
            drawn_count=drawn_count,
            bag_size=f["bag_size"].integer(0, MAX_LIST),
            scores=scores,
            next_seat=next_seat,
            outcome=outcome,
            voluntary_passes=f["voluntary_passes"].boolean() if "voluntary_passes" in f else False,
        )
        if _codec.encode_board(done.placed) != f["placed"].value:
            raise f["placed"].fail("the tiles placed are not the move's")
        if explain_score(done.score) != f["explanation"].value:
            raise f["explanation"].fail("the explanation is not the score's")
        return done


def _largest_hand() -> int:
    """The largest hand any options allow: a report does not hold its game's options."""
    sizes = option_range(RuleSet, "hand_size")
    assert sizes is not None, "hand_size is a number option"
    return sizes.high


_MAX_HAND: Final = _largest_hand()

REPORT_FORMAT: Final = "qwirkle-turn-report"
"""The ``format`` field of a turn's report in JSON (:meth:`TurnReport.to_json`)."""

_REPORT_KEYS: Final = (
    "turn", "player", "placed", "score", "explanation", "drawn", "drawn_count", "bag_size", "scores",
    "next_player", "outcome",
)  # fmt: skip
"""The keys every report in JSON holds besides the header; ``move`` or ``exchanged`` is the other."""


def explain_score(score: Score) -> list[str]:
    """What each part of a score is worth, one line per scoring line and bonus.

    Rule SCORE-1: a line scores its length; Rule SCORE-4: a Qwirkle earns a
    bonus; Rule SCORE-7: a lone opening tile; Rule SCORE-8: the end bonus.

    >>> from qwirkle.scoring import Score, ScoredLine
    >>> explain_score(Score(9, (ScoredLine(((0, 0), (1, 0), (2, 0)), False),), end_bonus=6))
    ['row 0 from 0,0 to 2,0: 3 tiles, 3 points', 'end bonus (Rule SCORE-8): 6 points']
    """
    if not isinstance(score, Score):
        raise TypeError(f"explain_score() takes a Score, not {brief(score)} ({type(score).__name__})")
    out: list[str] = []
    for line in score.lines:
        (x0, y0), (x1, y1) = line.cells[0], line.cells[-1]
        where = f"row {y0}" if y0 == y1 else f"column {x0}"
        text = f"{where} from {format_cell((x0, y0))} to {format_cell((x1, y1))}: {line.points} tiles, "
        text += f"{line.points} points" + (" (a Qwirkle)" if line.qwirkle else "")
        out.append(text)
    if score.qwirkle_points:
        out.append(f"Qwirkle bonus (Rule SCORE-4): {score.qwirkle_points} point" + "s" * (score.qwirkle_points > 1))
    if score.lone_tile_points:
        out.append(f"a lone tile (Rule SCORE-7): {score.lone_tile_points} point" + "s" * (score.lone_tile_points > 1))
    if score.end_bonus:
        out.append(f"end bonus (Rule SCORE-8): {score.end_bonus} point" + "s" * (score.end_bonus > 1))
    return out


def report(before: GameState, after: GameState) -> TurnReport:
    """The report of the turn that led from ``before`` to ``after`` (``after`` must be ``apply(before, move)``).

    >>> from qwirkle import apply, new_game, legal_moves
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = next(iter(legal_moves(state)))
    >>> report(state, apply(state, move)) == play(state, move)[1]
    True
    """
    for state in (before, after):
        if type(state) is not GameState:
            _require_state(state, "report")
    if len(after.history) != len(before.history) + 1 or after.history[:-1] != before.history:
        raise InvalidStateError("the second state does not follow the first by one turn")
    turn = after.history[-1]
    seat = turn.seat
    kept = Counter(before.hands[seat])
    if isinstance(turn.move, (Place, Exchange)):
        kept.subtract(turn.move.tiles)
    drawn_counter = Counter(after.hands[seat])
    drawn_counter.subtract(kept)
    if any(n < 0 for n in drawn_counter.values()):
        raise InvalidStateError("the second state's hand does not follow from the first")
    drawn = tuple(tile for tile in after.hands[seat] if _take(drawn_counter, tile))
    return TurnReport(
        turn_number=len(after.history),
        seat=seat,
        move=turn.move,
        score=turn.score,
        drawn=drawn,
        drawn_count=len(drawn),
        bag_size=len(after.bag),
        scores=after.scores,
        next_seat=None if after.outcome is not None else after.current,
        outcome=after.outcome,
        voluntary_passes=before.rules.allow_voluntary_pass,
    )


def _take(counts: Counter[Tile], tile: Tile) -> bool:
    if counts[tile] > 0:
        counts[tile] -= 1
        return True
    return False


def play(state: GameState, move: Move, *, seat: int | None = None) -> tuple[GameState, TurnReport]:
    """Apply ``move`` (as :func:`~qwirkle.apply` does, with the same checks) and report what it did.

    >>> from qwirkle import new_game, Exchange
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> play(state, Exchange(state.hand[:1]))
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: START-4: the first turn must lay a group, not exchange
    """
    after = apply(state, move, seat=seat)
    return after, report(state, after)
