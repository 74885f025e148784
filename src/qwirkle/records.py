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

>>> from qwirkle.bots import GreedyBot, run_game
>>> final = run_game([GreedyBot(1), GreedyBot(2)], seed=7)
>>> record = GameRecord.from_game(final)
>>> again = GameRecord.loads(record.dumps())
>>> again == record, again.replay().final.scores == final.scores
(True, True)
"""

from __future__ import annotations

from typing import Final

import attrs

from qwirkle import _codec
from qwirkle._codec import FORMAT_VERSION, JSON, Reader
from qwirkle.endings import Outcome
from qwirkle.errors import IllegalMoveError, InvalidRecordError, QwirkleError
from qwirkle.events import report
from qwirkle.game import apply, new_game
from qwirkle.immutable import Immutable
from qwirkle.limits import MAX_SEED, MAX_TURNS, MIN_SEED
from qwirkle.moves import Move
from qwirkle.notation import format_move
from qwirkle.replay import Replay, replay
from qwirkle.ruleset import RuleSet
from qwirkle.scorekeeper import Scorekeeper
from qwirkle.state import GameState
from qwirkle.tiles import Tile
from qwirkle.views import HiddenExchange

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "RecordedTurn",
]

RECORD_FORMAT: Final = "qwirkle-record"
"""The ``format`` field of a game record in JSON (:meth:`GameRecord.to_json`)."""
RECORD_VERSION: Final = FORMAT_VERSION
"""The version of the record format this library writes and reads."""


@attrs.frozen
class RecordedTurn(Immutable):
    """One turn of a game record: who moved, what, the points it scored, and the tiles drawn if known.

    >>> from qwirkle import Pass
    >>> RecordedTurn(0, Pass(), 0)
    RecordedTurn(seat=0, move=Pass(), score=0, drawn=None)
    """

    seat: int
    """The seat that moved."""
    move: Move | HiddenExchange
    """The move; an exchange of unknown tiles is a :class:`~qwirkle.views.HiddenExchange`."""
    score: int
    """The points the move scored, as the record says."""
    drawn: tuple[Tile, ...] | None = None
    """The tiles the player drew, in order, or ``None`` if not recorded."""


@attrs.frozen
class GameRecord(Immutable):
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
            turns.append(RecordedTurn(turn.seat, turn.move, turn.score.total, drawn))
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
        turns = tuple(RecordedTurn(t.seat, t.move, t.score.total) for t in keeper.history)
        return cls(
            players=keeper.players, rules=keeper.rules, starter=keeper.starter, turns=turns, result=keeper.outcome
        )

    def to_json(self) -> dict[str, JSON]:
        """The record as JSON-ready data (see ``docs/interfaces.md`` for the schema)."""
        _codec.check_writable(len(self.turns))
        turns: list[JSON] = []
        for turn in self.turns:
            item: dict[str, JSON] = {"player": turn.seat}
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
        seed = f["seed"].optional_integer(MIN_SEED, MAX_SEED) if "seed" in f else None
        starter = f["starter"].integer(0, n - 1) if "starter" in f else 0
        hands = None
        if "hands" in f and f["hands"].value is not None:
            if seed is not None:
                raise f["hands"].fail("a record gives either a seed or the dealt hands, not both")
            hands = tuple(item.tiles(rules.hand_size) for item in f["hands"].items(n, n))
        turns = []
        for item in f["turns"].items(MAX_TURNS):
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
        return replay(self)
