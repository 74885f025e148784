"""A whole state as JSON, hidden parts included: for saving a game, never for sending it to a player.

A state in JSON (:func:`state_to_json`, :func:`state_from_json`, or the
methods of :class:`~qwirkle.GameState` they call) holds
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

from qwirkle.formats._codec import JSON
from qwirkle.legality import _require_state
from qwirkle.state import STATE_FORMAT, GameState

__all__ = ["STATE_FORMAT", "state_from_json", "state_to_json"]


def state_to_json(state: GameState) -> dict[str, JSON]:
    """Everything in a state as JSON-ready data, hidden parts included (:meth:`~qwirkle.GameState.to_json`).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> state_from_json(state_to_json(state)) == state
    True
    """
    if type(state) is not GameState:
        _require_state(state, "state_to_json")
    return state.to_json()


def state_from_json(data: object) -> GameState:
    """A state from :func:`state_to_json` data or its JSON text (:meth:`~qwirkle.GameState.from_json`).

    Raises :class:`~qwirkle.InvalidRecordError` for anything malformed: wrong
    types, unknown tiles, a broken or disconnected table, more copies of a
    tile than the game has (Rule TILES-2).

    >>> state_from_json('{"format": "qwirkle-state", "version": 1}')
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidRecordError: $: the key 'players' is missing
    """
    return GameState.from_json(data)
