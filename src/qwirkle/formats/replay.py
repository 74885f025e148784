"""Replaying a game record: every move played through the rules, and the first mismatch refused.

A record with a seed, or with the hands and draws noted, is replayed on full
states; one without either, on a :class:`~qwirkle.interface.scorekeeper.Scorekeeper`
that sees only the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias, TypeVar

import attrs

from qwirkle._immutable import Immutable
from qwirkle.board import Board
from qwirkle.draws import draw_count, draw_pool
from qwirkle.endings import EndReason, Outcome
from qwirkle.errors import IllegalMoveError, InvalidRecordError, QwirkleError, ReplayError
from qwirkle.formats.notation import format_tile
from qwirkle.game import apply, choose_starter, new_game, resign
from qwirkle.interface.events import report
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.interface.views import HiddenExchange
from qwirkle.moves import Exchange, Move, Place
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import GameState, check_state
from qwirkle.tiles import Tile, tiles_left

if TYPE_CHECKING:
    # Records call the replay, so the replay knows them by name only.
    from qwirkle.formats.records import GameRecord, RecordedTurn

__all__ = ["Replay", "Table", "replay"]

Table: TypeAlias = GameState | Scorekeeper
"""One step of a replay: a full state, or a score keeper's table when the hands are unknown."""
_T = TypeVar("_T", GameState, Scorekeeper)


@attrs.frozen
class Replay(Immutable):
    """A record played through the rules: every step from the deal to the last move.

    ``steps[0]`` is the table before the first move and ``steps[i]`` the
    table after move ``i``. The steps are :class:`~qwirkle.GameState` values
    when the tiles are known (a seed or hand-entered draws), else
    :class:`~qwirkle.interface.scorekeeper.Scorekeeper` values.
    """

    record: GameRecord
    steps: tuple[Table, ...]

    @property
    def final(self) -> Table:
        """The table after the last move."""
        return self.steps[-1]

    def __len__(self) -> int:
        return len(self.steps)


def replay(record: GameRecord) -> Replay:
    """Play ``record`` through the rules; raise :class:`~qwirkle.ReplayError` at the first mismatch.

    See :meth:`GameRecord.replay <qwirkle.formats.records.GameRecord.replay>`.

    >>> from qwirkle import parse_move
    >>> from qwirkle.formats.records import GameRecord, RecordedTurn
    >>> record = GameRecord(players=("Ann", "Bob"), turns=(RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0"), 2),))
    >>> replay(record).final.scores
    (2, 0)
    """
    if record.seed is not None and record.hands is not None:
        raise InvalidRecordError("a record gives either a seed or the dealt hands, not both", "$.hands")
    if record.seed is None and record.hands is None:
        return _replay_table(record)
    steps: list[GameState] = [_deal(record)]
    for number, turn in enumerate(record.turns, start=1):
        steps.append(_step(record, steps[-1], number, turn))
    steps[-1] = _leave(record, steps[-1])
    _check_result(record, steps[-1].outcome)
    return Replay(record, tuple(steps))


def _deal(record: GameRecord) -> GameState:
    """The first state: dealt from the seed, or built from the noted hands (Rules SETUP-2, START-1 to START-3)."""

    def pick(tied: tuple[int, ...]) -> int:
        if record.starter not in tied:
            names = ", ".join(record.players[seat] for seat in tied)
            raise ReplayError(Rule.START_2, 1, f"{names} hold the largest group, so {record.players[record.starter]} "
                              "may not open")  # fmt: skip
        return record.starter

    try:
        if record.seed is not None:
            state = new_game(record.players, seed=record.seed, rules=record.rules, tiebreak=pick)
            if state.starter != record.starter:
                pick((state.starter,))
            return state
        assert record.hands is not None
        pick(_tied(record.hands, record.rules))
        left = tiles_left(record.rules.copies_per_tile, *record.hands)
        if left is None:
            raise InvalidRecordError(
                f"the hands hold more than {record.rules.copies_per_tile} copies of a tile (Rule TILES-2)", "$.hands"
            )
        return check_state(
            GameState(
                players=record.players,
                board=Board(),
                hands=record.hands,
                bag=tuple(left),
                scores=(0,) * len(record.players),
                current=record.starter,
                rules=record.rules,
                history=(),
                starter=record.starter,
                seed=None,
                rng=0,
            )
        )
    except InvalidRecordError:
        raise
    except QwirkleError as error:
        raise InvalidRecordError(str(error)) from None


def _step(record: GameRecord, state: GameState, number: int, turn: RecordedTurn) -> GameState:
    if isinstance(turn.move, HiddenExchange):
        where = f"$.turns[{number - 1}]"
        raise InvalidRecordError("an exchange must name its tiles when the hands are known", where)
    if turn.seat != state.current and state.outcome is None:
        raise ReplayError(
            Rule.START_7,
            number,
            f"it is {state.players[state.current]}'s turn, but the record has {state.players[turn.seat]} move",
        )
    move = turn.move
    # Without a seed the record's draws are the draws; with one, the seed's draws are checked against them.
    draws = _noted_draws(state, move, turn, number) if record.seed is None else None
    try:
        after = apply(state, move, draws=draws)
    except IllegalMoveError as error:
        raise ReplayError(error.rule, number, error.reason) from None
    _check_score(after.history[-1].score, turn, number)
    if draws is None and turn.drawn is not None:
        drawn = report(state, after).drawn
        if Counter(turn.drawn) != Counter(drawn):
            rule = Rule.EXCHANGE_1 if isinstance(move, Exchange) else Rule.TURN_2
            raise ReplayError(rule, number, f"the record says {_list(turn.drawn)} were drawn, not {_list(drawn)}")
    return after


def _noted_draws(state: GameState, move: Move, turn: RecordedTurn, number: int) -> tuple[Tile, ...] | None:
    """The tiles the record says ``move`` draws, checked before :func:`~qwirkle.apply` draws them.

    As many as the move draws (Rules TURN-2, EXCHANGE-1), each one in the
    bag when it is drawn (Rule TILES-2; Rule EXCHANGE-1: the exchanged tiles
    go back after the draw, unless the options say otherwise). ``None`` for
    a pass, whose noted draws are compared with the none it makes.
    """
    if not isinstance(move, (Place, Exchange)):
        return None
    count = draw_count(state, move)
    drawn = turn.drawn
    if drawn is None:
        if count:
            raise InvalidRecordError("the tiles drawn must be noted when there is no seed", f"$.turns[{number - 1}]")
        return ()
    if len(drawn) != count:
        if isinstance(move, Exchange):
            raise ReplayError(Rule.EXCHANGE_1, number, f"{count} tiles go back, but the record draws {len(drawn)}")
        raise ReplayError(Rule.TURN_2, number, f"the player draws {count} tiles, but the record has {len(drawn)}")
    for i, tile in enumerate(drawn):
        # Asked before the move is played, so that a wrong draw is named as such.
        if tile not in draw_pool(state, move, drawn[:i]):
            if isinstance(move, Exchange) and tile in move.tiles:
                raise ReplayError(
                    Rule.EXCHANGE_1,
                    number,
                    f"no {tile} is left in the bag to draw, and the exchanged tiles go back only after the draw",
                )
            raise ReplayError(Rule.TILES_2, number, f"no {tile} is left in the bag to draw")
    return drawn


def _replay_table(record: GameRecord) -> Replay:
    try:
        keeper = Scorekeeper.start(record.players, rules=record.rules, starter=record.starter)
    except QwirkleError as error:
        raise InvalidRecordError(str(error)) from None
    steps = [keeper]
    for number, turn in enumerate(record.turns, start=1):
        if keeper.outcome is None and turn.seat != keeper.current:
            raise ReplayError(
                Rule.START_7,
                number,
                f"it is {keeper.players[keeper.current]}'s turn, not {keeper.players[turn.seat]}'s",
            )
        try:
            keeper = keeper.apply(turn.move)
        except IllegalMoveError as error:
            raise ReplayError(error.rule, number, error.reason) from None
        _check_score(keeper.history[-1].score, turn, number)
        steps.append(keeper)
    final = steps[-1]
    if (
        record.result is not None
        and final.outcome is None
        and record.result.reason is EndReason.BLOCKED
        and final.bag_size == 0
    ):
        # Nobody at the table could place: the players ended the game (Rule END-3).
        final = final.end_blocked()
    steps[-1] = final = _leave(record, final)
    _check_result(record, final.outcome)
    return Replay(record, tuple(steps))


def _leave(record: GameRecord, final: _T) -> _T:
    """The last step, ended as the record says if a player resigned, ran out of time or forfeited after it.

    Leaving is no move, so the record holds it in its result alone; the
    game must still be going on for a player to leave it.
    """
    result = record.result
    if result is None or not result.reason.leaves or final.outcome is not None or result.ended_by is None:
        return final
    if isinstance(final, Scorekeeper):
        return final.resign(result.ended_by, result.reason)
    return resign(final, result.ended_by, result.reason)


def _check_result(record: GameRecord, reached: Outcome | None) -> None:
    if record.result is None or record.result == reached:
        return
    number = max(1, len(record.turns))
    if reached is None:
        rule = record.result.reason.rule
        raise ReplayError(rule, number, "the record says the game ended, but by the rules it goes on")
    raise ReplayError(
        reached.reason.rule,
        number,
        f"the record's result ({record.result.reason.value}, scores {list(record.result.scores)}) is not the end "
        f"the rules reach ({reached.reason.value}, scores {list(reached.scores)})",
    )


def _tied(hands: Sequence[Sequence[Tile]], rules: RuleSet) -> tuple[int, ...]:
    """The seats that hold a largest group (Rules START-1, START-2)."""
    tied: list[int] = []

    def collect(seats: tuple[int, ...]) -> int:
        tied.extend(seats)
        return seats[0]

    seat = choose_starter(hands, rules.start_tiebreak, None, collect)
    return tuple(tied) or (seat,)


def _list(tiles: Sequence[Tile]) -> str:
    return " ".join(format_tile(tile) for tile in tiles) or "no tiles"


def _check_score(points: Score, turn: RecordedTurn, number: int) -> None:
    """The recorded points must be what the rules give; the rule named is the part of the score that differs."""
    if points.total == turn.score:
        return
    if points.total == 0:
        rule = Rule.SCORE_6
    elif points.end_bonus and turn.score == points.total - points.end_bonus:
        rule = Rule.SCORE_8
    elif points.qwirkle_points and turn.score == points.total - points.qwirkle_points:
        rule = Rule.SCORE_4
    elif points.lone_tile_points:
        rule = Rule.SCORE_7
    elif len(points.lines) > 1:
        rule = Rule.SCORE_2
    else:
        rule = Rule.SCORE_1
    unit = "point" if turn.score in (1, -1) else "points"
    raise ReplayError(rule, number, f"the record says {turn.score} {unit}; the move scores {points.total}")
