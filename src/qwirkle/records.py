"""Game records: a whole game in JSON, and replaying a record move by move.

A whole state in JSON is :mod:`qwirkle.state_json`; a player's view,
:mod:`qwirkle.views`.

A *game record* (:class:`GameRecord`) holds the players, the options, how
the tiles were dealt and drawn, and every move with its score. The tiles
come in one of three ways:

- a ``seed``: the engine deals and draws as in :func:`~qwirkle.new_game`;
- the dealt ``hands`` and each turn's ``drawn`` tiles, entered by hand
  (a game played with physical tiles whose draws were noted);
- neither: a game with physical tiles whose hands nobody noted. Then only
  what is on the table is checked, as the :class:`~qwirkle.scorekeeper.Scorekeeper`
  does; an exchange is a count of tiles.

:meth:`GameRecord.replay` plays the record through the rules and refuses it
with :class:`~qwirkle.ReplayError` (the rule broken and the move number) at
the first move or score that does not match. Everything read from JSON is
checked first: :class:`~qwirkle.InvalidRecordError` says where it is wrong.

>>> from qwirkle.bots import GreedyBot, play_game
>>> final = play_game([GreedyBot(1), GreedyBot(2)], seed=7)
>>> record = GameRecord.from_game(final)
>>> again = GameRecord.loads(record.dumps())
>>> again == record, again.replay().final.scores == final.scores
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from qwirkle import _codec
from qwirkle._codec import FORMAT_VERSION, JSON, Reader
from qwirkle.board import Board
from qwirkle.catalogue import Rule
from qwirkle.endings import EndReason, Outcome
from qwirkle.errors import IllegalMoveError, InvalidRecordError, QwirkleError, ReplayError
from qwirkle.events import report
from qwirkle.game import apply, choose_starter, new_game
from qwirkle.moves import Exchange, Move, Place
from qwirkle.notation import format_move, format_tile
from qwirkle.ruleset import RuleSet
from qwirkle.scorekeeper import Scorekeeper
from qwirkle.scoring import Score
from qwirkle.state import GameState, check_state
from qwirkle.tiles import ALL_TILES, Tile
from qwirkle.views import HiddenExchange

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "RecordedTurn",
    "Replay",
    "Table",
]

RECORD_FORMAT: Final = "qwirkle-record"
"""The ``format`` field of a game record in JSON (:meth:`GameRecord.to_json`)."""
RECORD_VERSION: Final = FORMAT_VERSION
"""The version of the record format this library writes and reads."""

Table: TypeAlias = GameState | Scorekeeper
"""One step of a replay: a full state, or a score keeper's table when the hands are unknown."""

@attrs.frozen
class RecordedTurn:
    """One turn of a game record: who moved, what, the points it scored, and the tiles drawn if known.

    >>> from qwirkle import Pass
    >>> RecordedTurn(0, Pass(), 0)
    RecordedTurn(player=0, move=Pass(), score=0, drawn=None)
    """

    player: int
    """The seat that moved."""
    move: Move | HiddenExchange
    """The move; an exchange of unknown tiles is a :class:`~qwirkle.views.HiddenExchange`."""
    score: int
    """The points the move scored, as the record says."""
    drawn: tuple[Tile, ...] | None = None
    """The tiles the player drew, in order, or ``None`` if not recorded."""


@attrs.frozen
class Replay:
    """A record played through the rules: every step from the deal to the last move.

    ``steps[0]`` is the table before the first move and ``steps[i]`` the
    table after move ``i``. The steps are :class:`~qwirkle.GameState` values
    when the tiles are known (a seed or hand-entered draws), else
    :class:`~qwirkle.scorekeeper.Scorekeeper` values.
    """

    record: GameRecord
    steps: tuple[Table, ...]

    @property
    def final(self) -> Table:
        """The table after the last move."""
        return self.steps[-1]

    def __len__(self) -> int:
        return len(self.steps)


@attrs.frozen
class GameRecord:
    """A whole game: players, options, how the tiles were dealt, and every move with its score.

    >>> from qwirkle import parse_move
    >>> record = GameRecord(players=("Ann", "Bob"), turns=(RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0"), 2),))
    >>> record.replay().final.scores
    (2, 0)
    """

    players: tuple[str, ...]
    """Player names, in seat order."""
    rules: RuleSet = attrs.field(factory=RuleSet)
    """The options the game was played with."""
    seed: int | None = None
    """The seed the engine dealt from, or ``None`` for physical tiles."""
    starter: int = 0
    """The seat that opened (Rules START-1 to START-3)."""
    hands: tuple[tuple[Tile, ...], ...] | None = None
    """The hands as dealt, when the tiles were noted by hand (no seed)."""
    turns: tuple[RecordedTurn, ...] = ()
    """Every turn, in order."""
    result: Outcome | None = None
    """How the game ended, as the record says, or ``None``."""

    @classmethod
    def from_game(cls, state: GameState, *, with_draws: bool = False, with_seed: bool = True) -> GameRecord:
        """The record of a game dealt by :func:`~qwirkle.new_game` and played to ``state``.

        With ``with_seed=False`` the record keeps the dealt hands and every
        draw instead of the seed, as if the draws had been noted by hand;
        ``with_draws`` adds the draws to a seeded record too.

        >>> from qwirkle import new_game
        >>> GameRecord.from_game(new_game(["Ann", "Bob"], seed=3), with_seed=False).hands is not None
        True
        """
        if state.seed is None:
            raise InvalidRecordError("the state has no seed, so its deal cannot be recorded")
        try:
            start = new_game(state.players, seed=state.seed, rules=state.rules, tiebreak=lambda tied: state.starter)
        except QwirkleError as error:
            raise InvalidRecordError(f"the state's deal does not follow from its seed: {error}") from None
        turns = []
        current = start
        for turn in state.history:
            try:
                after = apply(current, turn.move)
            except IllegalMoveError as error:
                raise InvalidRecordError(f"the state's history does not follow from its seed: {error}") from None
            drawn = report(current, after).drawn if with_draws or not with_seed else None
            turns.append(RecordedTurn(turn.player, turn.move, turn.score.total, drawn))
            current = after
        return cls(
            players=state.players,
            rules=state.rules,
            seed=state.seed if with_seed else None,
            starter=state.starter,
            hands=None if with_seed else start.hands,
            turns=tuple(turns),
            result=state.outcome,
        )

    @classmethod
    def from_scorekeeper(cls, keeper: Scorekeeper) -> GameRecord:
        """The record of a game kept with a :class:`~qwirkle.scorekeeper.Scorekeeper` (no tiles known).

        >>> from qwirkle.scorekeeper import Scorekeeper
        >>> keeper = Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0 Rs@1,0")
        >>> GameRecord.from_scorekeeper(keeper).replay().final == keeper
        True
        """
        turns = tuple(RecordedTurn(t.player, t.move, t.score.total) for t in keeper.history)
        return cls(
            players=keeper.players, rules=keeper.rules, starter=keeper.starter, turns=turns, result=keeper.outcome
        )

    def to_json(self) -> dict[str, JSON]:
        """The record as JSON-ready data (see ``docs/interfaces.md`` for the schema)."""
        turns: list[JSON] = []
        for turn in self.turns:
            item: dict[str, JSON] = {"player": turn.player}
            if isinstance(turn.move, HiddenExchange):
                item["exchanged"] = turn.move.count
            else:
                item["move"] = format_move(turn.move)
            item["score"] = turn.score
            if turn.drawn is not None:
                item["drawn"] = _codec.encode_tiles(turn.drawn)
            turns.append(item)
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "players": list(self.players),
            "rules": _codec.encode_rules(self.rules),
            "seed": self.seed,
            "starter": self.starter,
            "hands": None if self.hands is None else [_codec.encode_tiles(hand) for hand in self.hands],
            "turns": turns,
            "result": _codec.encode_outcome(self.result),
        }

    def dumps(self) -> str:
        """The record as compact JSON text."""
        return _codec.dump_text(self.to_json())

    @classmethod
    def loads(cls, text: str | bytes) -> GameRecord:
        """A record from JSON text, checked (not yet replayed: see :meth:`replay`)."""
        return cls.from_json(_codec.load_text(text, "the record"))

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """A record from :meth:`to_json` data; raises :class:`~qwirkle.InvalidRecordError` with the path of a fault.

        >>> GameRecord.from_json({"format": "qwirkle-record", "version": 1, "players": ["Ann", 7]})
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: the key 'turns' is missing
        """
        optional = ("rules", "seed", "starter", "hands", "result")
        f = _codec.read_header(Reader(data), RECORD_FORMAT, ("players", "turns"), optional)
        rules = _codec.decode_rules(f["rules"]) if "rules" in f else RuleSet()
        players = _codec.players_of(f["players"], rules)
        n = len(players)
        seed = f["seed"].optional_integer(-(2**63), 2**64 - 1) if "seed" in f else None
        starter = f["starter"].integer(0, n - 1) if "starter" in f else 0
        hands = None
        if "hands" in f and f["hands"].value is not None:
            if seed is not None:
                raise f["hands"].fail("a record gives either a seed or the dealt hands, not both")
            hands = tuple(item.tiles(rules.hand_size) for item in f["hands"].items(n, n))
        turns = []
        for item in f["turns"].items(_codec.MAX_TURNS):
            t = item.fields(("player", "score"), ("move", "exchanged", "drawn"))
            if ("move" in t) == ("exchanged" in t):
                raise item.fail("a turn has either a move or a count of exchanged tiles")
            move: Move | HiddenExchange
            move = t["move"].move() if "move" in t else HiddenExchange(t["exchanged"].integer(1, rules.hand_size))
            drawn = t["drawn"].tiles(rules.hand_size) if "drawn" in t else None
            turns.append(RecordedTurn(t["player"].integer(0, n - 1), move, t["score"].integer(), drawn))
        result = _codec.decode_outcome(f["result"], n) if "result" in f else None
        return cls(
            players=players, rules=rules, seed=seed, starter=starter, hands=hands, turns=tuple(turns), result=result
        )

    def replay(self) -> Replay:
        """Play the record through the rules; raise :class:`~qwirkle.ReplayError` at the first mismatch.

        Each move must be legal for the seat the record names (Rule START-7:
        turns go round in order), score what the record says, and draw the
        tiles the record says; the result, if given, must be the end the
        rules reach.

        >>> from qwirkle import parse_move
        >>> bad = GameRecord(players=("Ann", "Bob"), turns=(RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0"), 3),))
        >>> bad.replay()
        Traceback (most recent call last):
            ...
        qwirkle.errors.ReplayError: move 1: SCORE-1: the record says 3 points; the move scores 2
        """
        if self.seed is not None and self.hands is not None:
            raise InvalidRecordError("a record gives either a seed or the dealt hands, not both", "$.hands")
        if self.seed is None and self.hands is None:
            return self._replay_table()
        steps: list[GameState] = [self._deal()]
        for number, turn in enumerate(self.turns, start=1):
            steps.append(self._step(steps[-1], number, turn))
        self._check_result(steps[-1].outcome)
        return Replay(self, tuple(steps))

    def _deal(self) -> GameState:
        """The first state: dealt from the seed, or built from the noted hands (Rules SETUP-2, START-1 to START-3)."""

        def pick(tied: tuple[int, ...]) -> int:
            if self.starter not in tied:
                names = ", ".join(self.players[seat] for seat in tied)
                raise ReplayError(Rule.START_2, 1, f"{names} hold the largest group, so {self.players[self.starter]} "
                                  "may not open")  # fmt: skip
            return self.starter

        try:
            if self.seed is not None:
                state = new_game(self.players, seed=self.seed, rules=self.rules, tiebreak=pick)
                if state.starter != self.starter:
                    pick((state.starter,))
                return state
            assert self.hands is not None
            pick(_tied(self.hands, self.rules))
            left = Counter(dict.fromkeys(ALL_TILES, self.rules.copies_per_tile))
            for hand in self.hands:
                left.subtract(hand)
            if any(count < 0 for count in left.values()):
                raise InvalidRecordError(
                    f"the hands hold more than {self.rules.copies_per_tile} copies of a tile (Rule TILES-2)", "$.hands"
                )
            return check_state(
                GameState(
                    players=self.players,
                    board=Board(),
                    hands=self.hands,
                    bag=tuple(sorted(left.elements())),
                    scores=(0,) * len(self.players),
                    current=self.starter,
                    rules=self.rules,
                    history=(),
                    starter=self.starter,
                    seed=None,
                    rng=0,
                )
            )
        except InvalidRecordError:
            raise
        except QwirkleError as error:
            raise InvalidRecordError(str(error)) from None

    def _step(self, state: GameState, number: int, turn: RecordedTurn) -> GameState:
        if isinstance(turn.move, HiddenExchange):
            where = f"$.turns[{number - 1}]"
            raise InvalidRecordError("an exchange must name its tiles when the hands are known", where)
        if turn.player != state.current and state.outcome is None:
            raise ReplayError(
                Rule.START_7,
                number,
                f"it is {state.players[state.current]}'s turn, but the record has {state.players[turn.player]} move",
            )
        move = turn.move
        noted = self.seed is None
        if noted and isinstance(move, Place):
            state = _draw_next(state, move, turn, number)
        try:
            after = apply(state, move)
        except IllegalMoveError as error:
            raise ReplayError(error.rule, number, error.reason) from None
        _check_score(after.history[-1].score, turn, number)
        drawn = report(state, after).drawn
        if noted and isinstance(move, Exchange):
            after = _patch_exchange(state, after, move, turn, number)
        elif turn.drawn is not None and Counter(turn.drawn) != Counter(drawn):
            rule = Rule.EXCHANGE_1 if isinstance(move, Exchange) else Rule.TURN_2
            raise ReplayError(rule, number, f"the record says {_list(turn.drawn)} were drawn, not {_list(drawn)}")
        return after

    def _replay_table(self) -> Replay:
        try:
            keeper = Scorekeeper.start(self.players, rules=self.rules, starter=self.starter)
        except QwirkleError as error:
            raise InvalidRecordError(str(error)) from None
        steps = [keeper]
        for number, turn in enumerate(self.turns, start=1):
            if keeper.outcome is None and turn.player != keeper.current:
                raise ReplayError(
                    Rule.START_7,
                    number,
                    f"it is {keeper.players[keeper.current]}'s turn, not {keeper.players[turn.player]}'s",
                )
            try:
                keeper = keeper.apply(turn.move)
            except IllegalMoveError as error:
                raise ReplayError(error.rule, number, error.reason) from None
            _check_score(keeper.history[-1].score, turn, number)
            steps.append(keeper)
        final = steps[-1]
        if (
            self.result is not None
            and final.outcome is None
            and self.result.reason is EndReason.BLOCKED
            and final.bag_size == 0
        ):
            # Nobody at the table could place: the players ended the game (Rule END-3).
            final = final.end_blocked()
            steps[-1] = final
        self._check_result(final.outcome)
        return Replay(self, tuple(steps))

    def _check_result(self, reached: Outcome | None) -> None:
        if self.result is None or self.result == reached:
            return
        number = max(1, len(self.turns))
        if reached is None:
            rule = self.result.reason.rule
            raise ReplayError(rule, number, "the record says the game ended, but by the rules it goes on")
        raise ReplayError(
            reached.reason.rule,
            number,
            f"the record's result ({self.result.reason.value}, scores {list(self.result.scores)}) is not the end "
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
    raise ReplayError(rule, number, f"the record says {turn.score} points; the move scores {points.total}")


def _draw_next(state: GameState, move: Place, turn: RecordedTurn, number: int) -> GameState:
    """The state with the recorded draws on top of the bag, so that the engine draws them (Rule TURN-2)."""
    want = min(len(move), len(state.bag))
    drawn = turn.drawn
    if drawn is None:
        if want:
            raise InvalidRecordError("the tiles drawn must be noted when there is no seed", f"$.turns[{number - 1}]")
        return state
    if len(drawn) != want:
        raise ReplayError(Rule.TURN_2, number, f"the player draws {want} tiles, but the record has {len(drawn)}")
    rest = list(state.bag)
    for tile in drawn:
        if tile not in rest:
            raise ReplayError(Rule.TILES_2, number, f"no {tile} is left in the bag to draw")
        rest.remove(tile)
    # The engine draws from the end of the bag, in order.
    return attrs.evolve(state, bag=(*rest, *drawn))


def _patch_exchange(before: GameState, after: GameState, move: Exchange, turn: RecordedTurn, number: int) -> GameState:
    """The state after an exchange, with the hand holding the tiles the record says were drawn (Rule EXCHANGE-1)."""
    drawn = turn.drawn
    if drawn is None:
        raise InvalidRecordError("the tiles drawn must be noted when there is no seed", f"$.turns[{number - 1}]")
    if len(drawn) != len(move):
        raise ReplayError(Rule.EXCHANGE_1, number, f"{len(move)} tiles go back, but the record draws {len(drawn)}")
    kept = list(before.hands[before.current])
    for tile in move.tiles:
        kept.remove(tile)
    pool = list(after.bag) + list(after.hands[before.current])
    for tile in kept:
        pool.remove(tile)
    for tile in drawn:
        if tile not in pool:
            raise ReplayError(Rule.TILES_2, number, f"no {tile} is left in the bag to draw")
        pool.remove(tile)
    hands = list(after.hands)
    hands[before.current] = (*kept, *drawn)
    return attrs.evolve(after, hands=tuple(hands), bag=tuple(pool))
