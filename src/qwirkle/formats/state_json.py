"""A whole state as JSON, hidden parts included: for saving a game, never for sending it to a player.

A state in JSON (:func:`state_to_json`, :func:`state_from_json`) holds
everything, the bag's order and the random state included: it is for saving
a game on the server. What a player may see is a view (:func:`qwirkle.view`);
a game as it was played, for replay, is a record (:mod:`qwirkle.formats.records`).

>>> import json
>>> from qwirkle import new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> state_from_json(json.dumps(state_to_json(state))) == state
True
"""

from __future__ import annotations

from typing import Final

from qwirkle._rng import MAX_RNG
from qwirkle.errors import InvalidRecordError, QwirkleError
from qwirkle.formats import _codec
from qwirkle.formats._codec import JSON, Reader
from qwirkle.formats.notation import format_move
from qwirkle.rules.limits import MAX_SEED, MAX_TURNS, MIN_SEED
from qwirkle.state import GameState, Turn, check_state

__all__ = ["STATE_FORMAT", "state_from_json", "state_to_json"]

STATE_FORMAT: Final = "qwirkle-state"
"""The ``format`` field of a state in JSON (:func:`state_to_json`)."""


def _encode_turn(turn: Turn) -> dict[str, JSON]:
    return {"player": turn.seat, "move": format_move(turn.move), "score": _codec.encode_score(turn.score)}


def state_to_json(state: GameState) -> dict[str, JSON]:
    """Everything in a state as JSON-ready data, hidden parts included (for saving, not for players).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> state_from_json(state_to_json(state)) == state
    True
    """
    _codec.check_writable(len(state.history))
    return {
        **_codec.encode_header(STATE_FORMAT),
        "players": list(state.players),
        "rules": _codec.encode_rules(state.rules),
        "board": _codec.encode_board(state.board.items()),
        "hands": [_codec.encode_tiles(hand) for hand in state.hands],
        "bag": _codec.encode_tiles(state.bag),
        "scores": list(state.scores),
        "current": state.current,
        "starter": state.starter,
        "seed": state.seed,
        "rng": state.rng,
        "idle_turns": state.idle_turns,
        "history": [_encode_turn(turn) for turn in state.history],
        "outcome": _codec.encode_outcome(state.outcome),
    }


def state_from_json(data: object) -> GameState:
    """A state from :func:`state_to_json` data or its JSON text, checked like any hand-built state.

    Raises :class:`~qwirkle.InvalidRecordError` for anything malformed: wrong
    types, unknown tiles, a broken or disconnected table, more copies of a
    tile than the game has (Rule TILES-2).

    >>> state_from_json('{"format": "qwirkle-state", "version": 1}')
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidRecordError: $: the key 'players' is missing
    """
    f = _codec.read_header(
        Reader(_codec.data_of(data, "the state")),
        STATE_FORMAT,
        (
            "players", "rules", "board", "hands", "bag", "scores", "current", "starter", "seed", "rng",
            "idle_turns", "history", "outcome",
        ),
        (),
    )  # fmt: skip
    rules = _codec.decode_rules(f["rules"])
    players = _codec.decode_players(f["players"], rules)
    n = len(players)
    limit = rules.tile_count
    history = []
    for item in f["history"].items(MAX_TURNS):
        turn = item.fields(("player", "move", "score"))
        history.append(Turn(turn["player"].integer(0, n - 1), turn["move"].move(), _codec.decode_score(turn["score"])))
    try:
        state = GameState(
            players=players,
            board=_codec.decode_board(f["board"]),
            hands=tuple(item.tiles(rules.hand_size) for item in f["hands"].items(n, n)),
            bag=f["bag"].tiles(limit),
            scores=tuple(item.integer() for item in f["scores"].items(n, n)),
            current=f["current"].integer(0, n - 1),
            rules=rules,
            history=tuple(history),
            starter=f["starter"].integer(0, n - 1),
            seed=f["seed"].optional_integer(MIN_SEED, MAX_SEED),
            rng=f["rng"].integer(0, MAX_RNG),
            idle_turns=f["idle_turns"].integer(0, MAX_TURNS),
            outcome=_codec.decode_outcome(f["outcome"], n),
        )
        return check_state(state)
    except InvalidRecordError:
        raise
    except QwirkleError as error:
        raise InvalidRecordError(str(error)) from None
