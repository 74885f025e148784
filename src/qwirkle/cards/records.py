"""Game records of Qwirkle Cards: a whole game in JSON, replayed move by move through the rules.

A record (:class:`CardsGameRecord`) holds the players, the options, how the
cards were dealt and drawn, and every turn with the Qwirkles it claimed, as
the tile game's :class:`~qwirkle.formats.records.GameRecord` does: tags for
the game, and a comment and a :class:`~qwirkle.formats.records.Clock` for
each turn. The cards come in one of two ways:

- a ``seed``: the engine deals and draws as :func:`~qwirkle.cards.new_game` does;
- the dealt ``hands`` and each turn's ``drawn`` cards, noted by hand (a game
  played with a real deck), the new hand of a redraw included.

:meth:`CardsGameRecord.replay` plays the record through the engine, every
move checked again, and refuses it with :class:`~qwirkle.ReplayError` (the
turn and the rule) at the first thing that does not match.

>>> from qwirkle.cards import GreedyBot, run_game
>>> final = run_game([GreedyBot(), GreedyBot()], seed=7)
>>> record = CardsGameRecord.from_game(final)
>>> again = CardsGameRecord.loads(record.dumps())
>>> again == record, again.replay().final == final
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.cards import _codec
from qwirkle.cards._codec import JSON, JSONForm, Reader
from qwirkle.cards.endings import CardsOutcome
from qwirkle.cards.game import apply, new_game
from qwirkle.cards.move_notation import format_move, parse_move
from qwirkle.cards.moves import CardsMove
from qwirkle.cards.replay import CardsReplay, drawn_by, replay
from qwirkle.cards.ruleset import DECK_SIZE, SERIES_MAX, CardsRuleSet
from qwirkle.cards.state import CardsState, expect_state
from qwirkle.errors import IllegalMoveError, InvalidRecordError, QwirkleError
from qwirkle.formats._codec import check_writable, data_of, encode_rules, read_header
from qwirkle.formats.record_turns import Clock, _comment, annotate, check_tags
from qwirkle.formats.records import _decode_clock, _decode_tags, _encode_clock
from qwirkle.rules.limits import MAX_COMMENT, MAX_SEED, MAX_TURNS, MIN_SEED
from qwirkle.tiles import Tile

__all__ = ["RECORD_FORMAT", "CardsGameRecord", "CardsRecordedTurn", "Clock"]

RECORD_FORMAT: Final = "qwirkle-cards-record"
"""The ``format`` field of a record of Qwirkle Cards in JSON (:meth:`CardsGameRecord.to_json`)."""


@attrs.frozen
class CardsRecordedTurn(Immutable):
    """One turn of a record: who moved, what, the Qwirkles it claimed, and the cards drawn if noted.

    ``drawn`` are the cards drawn after a lay, or the new hand of a redraw.
    A turn may carry a ``comment`` and its :class:`~qwirkle.formats.records.Clock`;
    the replay ignores both, and JSON keeps them.

    >>> from qwirkle.cards import Pass
    >>> CardsRecordedTurn(0, Pass(), 0)
    CardsRecordedTurn(seat=0, move=Pass(), score=0, drawn=None, comment=None, clock=None)
    """

    seat: int
    """The seat that moved."""
    move: CardsMove
    """The move."""
    score: int
    """The Qwirkles the move claimed, as the record says."""
    drawn: tuple[Tile, ...] | None = None
    """The cards drawn after the move (a redraw's new hand), or ``None`` if not noted."""
    comment: str | None = attrs.field(default=None, converter=_comment)
    """A comment on the turn, or ``None``."""
    clock: Clock | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.instance_of(Clock))
    )
    """The turn's clock, or ``None`` if not noted."""


@attrs.frozen
class CardsGameRecord(JSONForm, Immutable):
    """A whole game of Qwirkle Cards: players, options, how the cards were dealt, and every turn.

    >>> from qwirkle.cards import most_cards, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> record = CardsGameRecord(players=("Ann", "Bob"), seed=7, starter=state.starter)
    >>> record.replay().final == state
    True
    """

    players: tuple[str, ...]
    """Player names, in seat order."""
    rules: CardsRuleSet = attrs.field(factory=CardsRuleSet)
    """The options the game was played with."""
    seed: int | None = None
    """The seed the engine dealt from, or ``None`` for a deal noted by hand."""
    starter: int = 0
    """The seat that opened."""
    hands: tuple[tuple[Tile, ...], ...] | None = None
    """The hands as dealt, when the deal was noted by hand (no seed)."""
    turns: tuple[CardsRecordedTurn, ...] = ()
    """Every turn, in order, redraws included."""
    result: CardsOutcome | None = None
    """How the game ended, as the record says, or ``None``."""
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=check_tags)
    """Facts about the game as ``(name, value)`` text pairs, as the tile game's records keep them."""

    WHAT = "the record"

    def annotated(self, number: int, *, comment: str | None = None, clock: Clock | None = None) -> CardsGameRecord:
        """The record with turn ``number`` (from 1) given a comment, a clock, or both.

        >>> from qwirkle.cards import Pass
        >>> record = CardsGameRecord(players=("Ann", "Bob"), turns=(CardsRecordedTurn(0, Pass(), 0),))
        >>> record.annotated(1, comment="nothing to lay").turns[0].comment
        'nothing to lay'
        """
        return attrs.evolve(self, turns=annotate(self.turns, number, comment, clock))

    @classmethod
    def from_game(
        cls,
        state: CardsState,
        *,
        with_seed: bool = True,
        with_draws: bool = False,
        tags: Mapping[str, str] | Iterable[tuple[str, str]] = (),
    ) -> CardsGameRecord:
        """The record of a game dealt by :func:`~qwirkle.cards.new_game` and played to ``state``.

        With ``with_seed=False`` the record keeps the dealt hands and every
        draw instead of the seed, as if they had been noted by hand;
        ``with_draws`` notes the draws in a seeded record too.

        >>> from qwirkle.cards import new_game
        >>> record = CardsGameRecord.from_game(new_game(["Ann", "Bob"], seed=3), with_seed=False)
        >>> record.seed, len(record.hands)
        (None, 2)
        """
        expect_state(state)
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
            drawn = drawn_by(current, after) if with_draws or not with_seed else None
            turns.append(CardsRecordedTurn(turn.seat, turn.move, turn.score.total, drawn))
            current = after
        if (current.hands, current.table, current.deck) != (state.hands, state.table, state.deck):
            raise InvalidRecordError("the state's cards do not follow from its seed and its history")
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

    def to_json(self) -> dict[str, JSON]:
        """The record as JSON-ready data: comments, clocks, draws and tags only where there are some."""
        check_writable(len(self.turns))
        turns: list[JSON] = []
        for turn in self.turns:
            item: dict[str, JSON] = {"player": turn.seat, "move": format_move(turn.move), "score": turn.score}
            if turn.drawn is not None:
                item["drawn"] = _codec.encode_cards(turn.drawn)
            if turn.comment is not None:
                item["comment"] = turn.comment
            if turn.clock is not None:
                item["clock"] = _encode_clock(turn.clock)
            turns.append(item)
        data: dict[str, JSON] = {
            **_codec.encode_header(RECORD_FORMAT),
            "players": list(self.players),
            "rules": encode_rules(self.rules),
            "seed": self.seed,
            "starter": self.starter,
            "hands": None if self.hands is None else [_codec.encode_cards(hand) for hand in self.hands],
            "turns": turns,
            "result": _codec.encode_outcome(self.result),
        }
        if self.tags:
            data["tags"] = dict(self.tags)
        return data

    @classmethod
    def from_json(cls, data: object) -> CardsGameRecord:
        """A record from :meth:`to_json` data or its text, checked (not yet replayed: see :meth:`replay`).

        Malformed data raises :class:`~qwirkle.InvalidRecordError` with its
        JSON path; anything but JSON, a ``TypeError``.

        >>> CardsGameRecord.from_json('{"format": "qwirkle-cards-record", "version": 1, "players": ["Ann"]}')
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: the key 'turns' is missing
        """
        optional = ("rules", "seed", "starter", "hands", "result", "tags")
        top = Reader(data_of(data, cls.WHAT))
        f = read_header(top, RECORD_FORMAT, ("players", "turns"), optional)
        rules = _codec.decode_rules(f["rules"]) if "rules" in f else CardsRuleSet()
        players = _codec.decode_players(f["players"])
        n = len(players)
        seed = f["seed"].optional_integer(MIN_SEED, MAX_SEED) if "seed" in f else None
        hands = None
        if "hands" in f and f["hands"].value is not None:
            if seed is not None:
                raise f["hands"].fail("a record gives either a seed or the dealt hands, not both")
            hands = tuple(item.tiles(rules.cards_hand_size) for item in f["hands"].items(n, n))
        turns = []
        for item in f["turns"].items(MAX_TURNS):
            t = item.fields(("player", "move", "score"), ("drawn", "comment", "clock"))
            turns.append(
                CardsRecordedTurn(
                    t["player"].integer(0, n - 1),
                    t["move"].parsed(parse_move, 1000),
                    t["score"].integer(0, DECK_SIZE // SERIES_MAX),
                    t["drawn"].tiles(rules.cards_hand_size) if "drawn" in t else None,
                    t["comment"].text(MAX_COMMENT) if "comment" in t else None,
                    _decode_clock(t["clock"]) if "clock" in t else None,
                )
            )
        return cls(
            players=players,
            rules=rules,
            seed=seed,
            starter=f["starter"].integer(0, n - 1) if "starter" in f else 0,
            hands=hands,
            turns=tuple(turns),
            result=_codec.decode_outcome(f["result"], n) if "result" in f else None,
            tags=_decode_tags(f["tags"]) if "tags" in f else (),
        )

    def replay(self) -> CardsReplay:
        """Play the record through the engine; raise :class:`~qwirkle.ReplayError` at the first mismatch.

        Each move is checked again by :func:`~qwirkle.cards.apply` for the
        seat the record names; it must claim the Qwirkles the record says and
        draw the cards the record notes; the result, if given, must be the end
        the rules reach.

        >>> from qwirkle.cards import Pass
        >>> turns = (CardsRecordedTurn(1, Pass(), 0),)
        >>> CardsGameRecord(players=("Ann", "Bob"), seed=7, starter=1, turns=turns).replay()
        Traceback (most recent call last):
            ...
        qwirkle.errors.ReplayError: move 1: CARDS-7: you can lay a card, so you must
        """
        return replay(self)
