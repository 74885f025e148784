"""Game records: a whole game in JSON, and replaying a record move by move.

A whole state in JSON is :mod:`qwirkle.formats.state_json`; a player's view,
:mod:`qwirkle.interface.views`.

A *game record* (:class:`GameRecord`) holds the players, the options, how
the tiles were dealt and drawn, and every move with its score. The tiles
come in one of three ways:

- a ``seed``: the engine deals and draws as in :func:`~qwirkle.new_game`;
- the dealt ``hands`` and each turn's ``drawn`` tiles, entered by hand
  (a game played with physical tiles whose draws were noted);
- neither: a game with physical tiles whose hands nobody noted. Then only
  what is on the table is checked, as the :class:`~qwirkle.interface.scorekeeper.Scorekeeper`
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

import math
from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.endings import Outcome
from qwirkle.errors import (
    IllegalMoveError,
    InvalidRecordError,
    QwirkleError,
)
from qwirkle.formats import _codec
from qwirkle.formats._codec import FORMAT_VERSION, JSON, Reader
from qwirkle.formats.record_turns import Clock, RecordedTurn, annotate, check_tags
from qwirkle.formats.replay import Replay, replay
from qwirkle.game import apply, new_game
from qwirkle.interface.events import report
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.legality import _require_state
from qwirkle.rules.limits import MAX_CLOCK, MAX_COMMENT, MAX_NAME, MAX_SEED, MAX_TAGS, MAX_TURNS, MIN_SEED
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState
from qwirkle.tiles import Tile

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Clock",
    "GameRecord",
    "RecordedTurn",
]

RECORD_FORMAT: Final = "qwirkle-record"
"""The ``format`` field of a game record in JSON (:meth:`GameRecord.to_json`)."""
RECORD_VERSION: Final = FORMAT_VERSION
"""The version of the record format this library writes and reads."""


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
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=check_tags)
    """Facts about the game as ``(name, value)`` text pairs in the order given, as PGN's tags: the event, the
    place, the date, a round. Any names will do; a mapping is taken too (``tags={"event": "Club night"}``),
    and ``dict(record.tags)`` reads them back."""

    def annotated(self, number: int, *, comment: str | None = None, clock: Clock | None = None) -> GameRecord:
        """The record with turn ``number`` (from 1) given a comment, a clock, or both.

        >>> from qwirkle import parse_move
        >>> record = GameRecord(players=("Ann", "Bob"), turns=(RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0"), 2),))
        >>> record.annotated(1, comment="a quiet start", clock=Clock(8)).turns[0].comment
        'a quiet start'
        """
        return attrs.evolve(self, turns=annotate(self.turns, number, comment, clock))

    @classmethod
    def from_game(
        cls,
        state: GameState,
        *,
        with_draws: bool = False,
        with_seed: bool = True,
        tags: Mapping[str, str] | Iterable[tuple[str, str]] = (),
    ) -> GameRecord:
        """The record of a game dealt by :func:`~qwirkle.new_game` and played to ``state``.

        With ``with_seed=False`` the record keeps the dealt hands and every
        draw instead of the seed, as if the draws had been noted by hand;
        ``with_draws`` adds the draws to a seeded record too. ``tags`` are
        the record's :attr:`tags`; a game that a player left
        (:func:`~qwirkle.resign`) keeps it in its result.

        >>> from qwirkle import new_game
        >>> GameRecord.from_game(new_game(["Ann", "Bob"], seed=3), with_seed=False).hands is not None
        True
        """
        if type(state) is not GameState:
            _require_state(state, "GameRecord.from_game")
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
            tags=tags,
        )

    @classmethod
    def from_scorekeeper(cls, keeper: Scorekeeper) -> GameRecord:
        """The record of a game kept with a :class:`~qwirkle.interface.scorekeeper.Scorekeeper` (no tiles known).

        >>> from qwirkle.interface.scorekeeper import Scorekeeper
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
        data: dict[str, JSON] = {
            **_codec.encode_header(RECORD_FORMAT, RECORD_VERSION),
            "players": list(self.players),
            "rules": _codec.encode_rules(self.rules),
            "seed": self.seed,
            "starter": self.starter,
            "hands": None if self.hands is None else [_codec.encode_tiles(hand) for hand in self.hands],
            "turns": [_encode_turn(turn) for turn in self.turns],
            "result": _codec.encode_outcome(self.result),
        }
        if self.tags:
            # Written only when there are some, as comments and clocks are, so older readers still read the rest.
            data["tags"] = dict(self.tags)
        return data

    def dumps(self) -> str:
        """The record as compact JSON text."""
        return _codec.dump_text(self.to_json())

    @classmethod
    def loads(cls, text: str | bytes | bytearray) -> GameRecord:
        """A record from JSON text, checked (not yet replayed: see :meth:`replay`)."""
        return cls.from_json(_codec.load_text(text, "the record"))

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """A record from :meth:`to_json` data (or its JSON text), checked; raises :class:`~qwirkle.InvalidRecordError`.

        The error's path says where the fault is.

        >>> GameRecord.from_json('{"format": "qwirkle-record", "version": 1, "players": ["Ann", 7]}')
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: the key 'turns' is missing
        """
        optional = ("rules", "seed", "starter", "hands", "result", "tags")
        f = _codec.read_header(
            Reader(_codec.data_of(data, "the record")), RECORD_FORMAT, ("players", "turns"), optional
        )
        rules = _codec.decode_rules(f["rules"]) if "rules" in f else RuleSet()
        players = _codec.decode_players(f["players"], rules)
        n = len(players)
        seed = f["seed"].optional_integer(MIN_SEED, MAX_SEED) if "seed" in f else None
        starter = f["starter"].integer(0, n - 1) if "starter" in f else 0
        hands = None
        if "hands" in f and f["hands"].value is not None:
            if seed is not None:
                raise f["hands"].fail("a record gives either a seed or the dealt hands, not both")
            hands = tuple(item.tiles(rules.hand_size) for item in f["hands"].items(n, n))
        turns = [_decode_turn(item, n, rules.hand_size) for item in f["turns"].items(MAX_TURNS)]
        result = _codec.decode_outcome(f["result"], n) if "result" in f else None
        tags = _decode_tags(f["tags"]) if "tags" in f else ()
        return cls(
            players=players,
            rules=rules,
            seed=seed,
            starter=starter,
            hands=hands,
            turns=tuple(turns),
            result=result,
            tags=tags,
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


def _encode_turn(turn: RecordedTurn) -> dict[str, JSON]:
    """A record's turn as JSON-ready data; the drawn tiles, the comment and the clock only when known."""
    item: dict[str, JSON] = {"player": turn.seat, **_codec.encode_shown_move(turn.move), "score": turn.score}
    if turn.drawn is not None:
        item["drawn"] = _codec.encode_tiles(turn.drawn)
    if turn.comment is not None:
        item["comment"] = turn.comment
    if turn.clock is not None:
        item["clock"] = _encode_clock(turn.clock)
    return item


def _decode_turn(reader: Reader, players: int, hand_size: int) -> RecordedTurn:
    """A record's turn from :func:`encode_turn` data, in a game of ``players`` with hands of ``hand_size``."""
    t = reader.fields(("player", "score"), ("move", "exchanged", "drawn", "comment", "clock"))
    move = _codec.decode_shown_move(reader, t, hand_size)
    drawn = t["drawn"].tiles(hand_size) if "drawn" in t else None
    comment = t["comment"].text(MAX_COMMENT) if "comment" in t else None
    clock = _decode_clock(t["clock"]) if "clock" in t else None
    seat = t["player"].integer(0, players - 1)
    return RecordedTurn(seat, move, t["score"].integer(), drawn, comment, clock)


def _number(seconds: float | None) -> float | int | None:
    """Seconds as JSON writes them: a whole number as an int, so that ``8`` stays ``8``."""
    if seconds is None:
        return None
    return int(seconds) if seconds.is_integer() and math.isfinite(seconds) else seconds


def _encode_clock(clock: Clock) -> dict[str, JSON]:
    return {"spent": _number(clock.spent), "left": _number(clock.left)}


def _decode_clock(reader: Reader) -> Clock:
    f = reader.fields(("spent",), ("left",))
    left = f["left"] if "left" in f and f["left"].value is not None else None
    return Clock(f["spent"].seconds(MAX_CLOCK), None if left is None else left.seconds(MAX_CLOCK))


def _decode_tags(reader: Reader) -> tuple[tuple[str, str], ...]:
    if not isinstance(reader.value, dict):
        raise reader.fail("expected an object of tags")
    if len(reader.value) > MAX_TAGS:
        raise reader.fail(f"a record holds at most {MAX_TAGS} tags, not {len(reader.value)}")
    fields = reader.fields((), tuple(reader.value))
    pairs = []
    for name, value in fields.items():
        if not 0 < len(name) <= MAX_NAME:
            raise value.fail(f"a tag's name is 1 to {MAX_NAME} characters")
        pairs.append((name, value.text(MAX_COMMENT)))
    return tuple(pairs)
