"""JSON text read and written within limits: every document the library loads or saves goes through here.

>>> load_text('{"a": [1, 2]}', "the example")
{'a': [1, 2]}
"""

from __future__ import annotations

import json
from typing import Any, Final, NamedTuple, NoReturn

from qwirkle.errors import InvalidRecordError, InvalidStateError, NotJSONError, brief
from qwirkle.rules.limits import (
    MAX_JSON_CHARS,
    MAX_JSON_ITEMS,
    MAX_JSON_OBJECTS,
    MAX_TURNS,
)

__all__ = ["DOCUMENT", "JSON", "Limits", "NotJSONError", "check_writable", "data_of", "dump_text", "load_text"]


JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None."""


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not allowed")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in pairs:
        if name in out:
            raise ValueError(f"the key {brief(name)} appears twice")
        out[name] = value
    return out


class Limits(NamedTuple):
    """How big a JSON text may be, counted before it is parsed: characters, objects (``{``) and commas."""

    chars: int
    objects: int
    items: int


DOCUMENT: Final = Limits(MAX_JSON_CHARS, MAX_JSON_OBJECTS, MAX_JSON_ITEMS)
"""The limits of one state, view, record or game result (see :mod:`qwirkle.rules.limits`)."""

_JSON_DATA: Final = (dict, list, str, int, float, bool, type(None))


def load_text(text: object, what: str, *, limits: Limits = DOCUMENT) -> JSON:
    """Parse JSON text (str or UTF-8 bytes) within ``limits``; raise :class:`InvalidRecordError`.

    Anything but text is a :class:`TypeError` (:class:`NotJSONError`).

    >>> load_text('{"format": "qwirkle-state"}', "the state")
    {'format': 'qwirkle-state'}
    >>> load_text('{"a": 1, "a": 2}', "the state")
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidRecordError: $: the state is not valid JSON: the key 'a' appears twice
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limits.chars:
            raise InvalidRecordError(f"{what} is {len(text)} bytes long; the limit is {limits.chars}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidRecordError(f"{what} is not UTF-8 text: {error.reason} at byte {error.start}") from None
    if not isinstance(text, str):
        raise NotJSONError(f"{what} must be JSON text, not {type(text).__name__}")
    too_big = _beyond_limits(text, what, limits)
    if too_big:
        raise InvalidRecordError(too_big)
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise InvalidRecordError(f"{what} is nested too deeply") from None
    except ValueError as error:
        raise InvalidRecordError(f"{what} is not valid JSON: {error}") from None


def data_of(data: object, what: str, *, limits: Limits = DOCUMENT) -> JSON:
    """``data`` as it is, or parsed if it is JSON text: each ``from_json`` takes either (see :func:`load_text`).

    Anything else, such as a state where its JSON was meant, is a
    :class:`TypeError` (:class:`NotJSONError`).

    >>> data_of('{"format": "qwirkle-state"}', "the state") == data_of({"format": "qwirkle-state"}, "the state")
    True
    >>> data_of(object(), "the state")
    Traceback (most recent call last):
        ...
    qwirkle.errors.NotJSONError: $: the state must be JSON text or JSON data, not object
    """
    if isinstance(data, (str, bytes, bytearray)):
        return load_text(data, what, limits=limits)
    if not isinstance(data, _JSON_DATA):
        raise NotJSONError(f"{what} must be JSON text or JSON data, not {type(data).__name__}")
    return data


def _beyond_limits(text: str, what: str, limits: Limits) -> str | None:
    """What makes ``text`` too big for the loaders, or ``None``; the writer asks it too."""
    if len(text) > limits.chars:
        return f"{what} is {len(text)} characters long; the limit is {limits.chars}"
    # Counted before parsing, at the speed of a string search: parsing makes a Python value of each.
    if text.count("{") > limits.objects:
        return f"{what} holds more than {limits.objects} objects"
    if text.count(",") > limits.items:
        return f"{what} holds more than {limits.items} commas"
    return None


def check_writable(turns: int) -> None:
    """Refuse to write a game of more turns than the loaders read (:data:`~qwirkle.rules.limits.MAX_TURNS`).

    The library writes only what it reads back: such a game would be lost on loading, so it fails on saving.
    """
    if turns > MAX_TURNS:
        raise InvalidStateError(f"a game of {turns} turns cannot be saved: the formats hold {MAX_TURNS} turns at most")


def dump_text(value: JSON, *, limits: Limits = DOCUMENT) -> str:
    """JSON text for a value built by the encoders: compact, keys in a fixed order, ASCII only.

    Text the loaders would refuse as beyond ``limits`` (long comments can
    make it so) is refused here, with :class:`~qwirkle.InvalidStateError`:
    what the library writes, it reads back.

    >>> dump_text({"format": "qwirkle-state", "version": 1})
    '{"format":"qwirkle-state","version":1}'
    """
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    too_big = _beyond_limits(text, "the text", limits)
    if too_big:
        raise InvalidStateError(f"cannot be saved, as it would not load back: {too_big}")
    return text
