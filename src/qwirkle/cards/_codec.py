"""JSON building blocks of Qwirkle Cards: its values encoded and decoded on the tile game's JSON helpers.

The text, its limits, the header and the checking :class:`~qwirkle.formats._reader.Reader`
are the tile game's (:mod:`qwirkle.formats._codec`); what is here is only
what the card game holds that the tile game does not: series, claimed
Qwirkles, card moves and their outcome. Decoders read and type-check;
whether the values fit together is for :func:`~qwirkle.cards.consistency.check_fields`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Self, TypeVar

from qwirkle._rng import MAX_RNG
from qwirkle.cards.consistency import check_players
from qwirkle.cards.endings import CardsEndReason, CardsOutcome
from qwirkle.cards.move_notation import format_move, parse_move
from qwirkle.cards.ruleset import DECK_SIZE, MAX_DEALS, MAX_PLAYERS, SERIES_MAX, CardsRuleSet
from qwirkle.cards.scoring import CardsScore, CardsTurn
from qwirkle.cards.series import Table
from qwirkle.errors import InvalidStateError
from qwirkle.formats import _codec
from qwirkle.formats._codec import JSON, Reader, encode_header
from qwirkle.rules.limits import MAX_SEATS, MAX_SEED, MAX_TURNS, MIN_SEED
from qwirkle.tiles import Tile

__all__ = [
    "JSON",
    "OWN",
    "PRIVATE",
    "PUBLIC",
    "SIZES",
    "JSONForm",
    "Reader",
    "decode_outcome",
    "decode_players",
    "decode_private",
    "decode_public",
    "decode_rules",
    "decode_sizes",
    "decode_table",
    "decode_turn",
    "encode_cards",
    "encode_header",
    "encode_outcome",
    "encode_private",
    "encode_public",
    "encode_sizes",
    "encode_table",
    "encode_turn",
    "open_document",
    "refused",
]

T = TypeVar("T")

PUBLIC: tuple[str, ...] = (
    "players", "rules", "table", "qwirkles", "current", "starter", "history", "redrawn", "passes", "final_turns",
    "outcome",
)  # fmt: skip
"""The JSON keys of what a state and every view hold alike (a view adds the sizes of the hands and the deck)."""
SIZES: tuple[str, ...] = ("hand_sizes", "deck_size")
"""The JSON keys of what a view counts and a state holds: the hands' sizes and the deck's."""
PRIVATE: tuple[str, ...] = ("hands", "deck", "seed", "rng", "deals")
"""The JSON keys of what a state holds and no view does."""
OWN: tuple[str, ...] = ("player", "hand")
"""The JSON keys a player's view holds and a spectator's does not."""


class JSONForm:
    """Text for a value that has ``to_json`` and ``from_json``: :meth:`dumps` and :meth:`loads`, alike for all."""

    __slots__ = ()
    WHAT: ClassVar[str] = "the value"
    """How errors name the document, as in ``the state is not valid JSON``."""

    def to_json(self) -> dict[str, JSON]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: object) -> Self:
        raise NotImplementedError

    def dumps(self) -> str:
        """The value as compact JSON text (:meth:`to_json`), which :meth:`loads` reads back."""
        return _codec.dump_text(self.to_json())

    @classmethod
    def loads(cls, text: str | bytes | bytearray) -> Self:
        """The value from JSON text, checked as :meth:`from_json` checks it; anything but text is a ``TypeError``."""
        return cls.from_json(_codec.load_text(text, cls.WHAT))


def open_document(data: object, kind: str, what: str, required: tuple[str, ...]) -> tuple[Reader, dict[str, Reader]]:
    """The top reader and the fields of a document of format ``kind``, as the tile game's loaders read them.

    The format is read first, so that a state, a view or a spectator's view
    given to the loader of another is refused for its format, not its keys.
    """
    top = Reader(_codec.data_of(data, what))
    others = tuple(key for key in (*PUBLIC, *SIZES, *PRIVATE, *OWN) if key not in required)
    return top, _codec.read_header(top, kind, required, neighbours=others)


def refused(top: Reader, build: Callable[[], T]) -> T:
    """``build()``, its :class:`~qwirkle.InvalidStateError` (which names the rule broken) refused as the document's."""
    try:
        return build()
    except InvalidStateError as error:
        raise top.fail(str(error)) from None


def encode_cards(cards: tuple[Tile, ...]) -> list[str]:
    return _codec.encode_tiles(cards)


def encode_table(table: Table) -> list[JSON]:
    """A table as a list of series, each a list of card codes.

    >>> from qwirkle.cards import parse_cards
    >>> encode_table((parse_cards("Ro Rs Rd"),))
    [['Ro', 'Rs', 'Rd']]
    """
    return [encode_cards(series) for series in table]


def decode_table(reader: Reader, most: int = DECK_SIZE) -> Table:
    """Series of card codes, read but not checked against the rules."""
    return tuple(item.tiles(SERIES_MAX) for item in reader.items(most))


def encode_turn(turn: CardsTurn) -> dict[str, JSON]:
    """One turn of the history: the seat, the move in notation, and how many cards were drawn after it."""
    return {"player": turn.seat, "move": format_move(turn.move), "drew": turn.drew}


def decode_turn(reader: Reader, players: int, rules: CardsRuleSet) -> CardsTurn:
    """A turn of the history; what the move laid and claimed follows from the move, as the engine works it out."""
    f = reader.fields(("player", "move", "drew"))
    move = f["move"].parsed(parse_move, 1000)
    return CardsTurn(f["player"].integer(0, players - 1), move, CardsScore.of(move), f["drew"].integer(0, DECK_SIZE))


def encode_outcome(outcome: CardsOutcome | None) -> dict[str, JSON] | None:
    if outcome is None:
        return None
    return {
        "reason": outcome.reason.value,
        "qwirkles": list(outcome.qwirkles),
        "winners": list(outcome.winners),
        "ended_by": outcome.ended_by,
    }


def decode_outcome(reader: Reader, players: int) -> CardsOutcome | None:
    """An outcome as written; whether it is the end the rules reach is checked with the rest of the game."""
    if reader.value is None:
        return None
    f = reader.fields(("reason", "qwirkles", "winners"), ("ended_by",))
    return CardsOutcome(
        f["reason"].enum(CardsEndReason),
        tuple(item.integer(0, DECK_SIZE) for item in f["qwirkles"].items(players, players)),
        tuple(item.integer(0, players - 1) for item in f["winners"].items(players)),
        f["ended_by"].optional_integer(0, players - 1) if "ended_by" in f else None,
    )


def decode_players(reader: Reader) -> tuple[str, ...]:
    """Player names, as many as :func:`~qwirkle.cards.consistency.check_players` allows."""
    names = tuple(item.text() for item in reader.items(MAX_SEATS))
    return refused(reader, lambda: check_players(names))


def decode_rules(reader: Reader) -> CardsRuleSet:
    return _codec.decode_options(reader, CardsRuleSet)


def encode_public(value: Any) -> dict[str, JSON]:
    """What a state, a player's view and a spectator's all hold, under the keys of :data:`PUBLIC`."""
    _codec.check_writable(len(value.history))
    return {
        "players": list(value.players),
        "rules": _codec.encode_rules(value.rules),
        "table": encode_table(value.table),
        "qwirkles": [encode_table(won) for won in value.qwirkles],
        "current": value.current,
        "starter": value.starter,
        "history": [encode_turn(turn) for turn in value.history],
        "redrawn": value.redrawn,
        "passes": value.passes,
        "final_turns": value.final_turns,
        "outcome": encode_outcome(value.outcome),
    }


def decode_public(f: dict[str, Reader]) -> dict[str, Any]:
    """The fields of :data:`PUBLIC`, read and type-checked, by the names the values have."""
    rules = decode_rules(f["rules"])
    players = decode_players(f["players"])
    n = len(players)
    return {
        "players": players,
        "rules": rules,
        "table": decode_table(f["table"]),
        "qwirkles": tuple(decode_table(item, DECK_SIZE // SERIES_MAX) for item in f["qwirkles"].items(n, n)),
        "current": f["current"].integer(0, n - 1),
        "starter": f["starter"].integer(0, n - 1),
        "history": tuple(decode_turn(item, n, rules) for item in f["history"].items(MAX_TURNS)),
        "redrawn": f["redrawn"].boolean(),
        "passes": f["passes"].integer(0, MAX_TURNS),
        "final_turns": f["final_turns"].optional_integer(0, MAX_PLAYERS),
        "outcome": decode_outcome(f["outcome"], n),
    }


def encode_sizes(value: Any) -> dict[str, JSON]:
    """The keys of :data:`SIZES`, for a view."""
    return {"hand_sizes": list(value.hand_sizes), "deck_size": value.deck_size}


def decode_sizes(f: dict[str, Reader], public: dict[str, Any]) -> dict[str, Any]:
    """The keys of :data:`SIZES`, read for the players and rules of :func:`decode_public`."""
    n, rules = len(public["players"]), public["rules"]
    return {
        "hand_sizes": tuple(item.integer(0, rules.cards_hand_size) for item in f["hand_sizes"].items(n, n)),
        "deck_size": f["deck_size"].integer(0, DECK_SIZE),
    }


def encode_private(state: Any) -> dict[str, JSON]:
    """The keys of :data:`PRIVATE`, for a state: the hands, the deck in draw order, and the random state."""
    return {
        "hands": [encode_cards(hand) for hand in state.hands],
        "deck": encode_cards(state.deck),
        "seed": state.seed,
        "rng": state.rng,
        "deals": state.deals,
    }


def decode_private(f: dict[str, Reader], public: dict[str, Any]) -> dict[str, Any]:
    """The keys of :data:`PRIVATE`, read for the players and rules of :func:`decode_public`."""
    n, rules = len(public["players"]), public["rules"]
    return {
        "hands": tuple(item.tiles(rules.cards_hand_size) for item in f["hands"].items(n, n)),
        "deck": f["deck"].tiles(DECK_SIZE),
        "seed": f["seed"].optional_integer(MIN_SEED, MAX_SEED),
        "rng": f["rng"].integer(0, MAX_RNG),
        "deals": f["deals"].integer(1, MAX_DEALS),
    }
