"""Every value with a JSON form writes and reads it alike: ``to_json()`` a dict, ``from_json``, ``dumps``, ``loads``.

States, player's and spectator's views and turn reports round-trip exactly
through data and through text; a loader refuses another format by name, a
value that is no JSON with a ``TypeError``, and a value that could not arise
in a game with an error that names the rule it breaks.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from typing import Any

import pytest

from qwirkle import (
    Exchange,
    GameState,
    InvalidRecordError,
    PlayerView,
    RuleSet,
    SpectatorView,
    TurnReport,
    apply,
    legal_moves,
    new_game,
    play,
    resign,
    state_from_json,
    state_to_json,
    view,
)
from qwirkle.bots import GreedyBot, run_game
from qwirkle.errors import NotJSONError


def _states() -> list[GameState]:
    """States along a short game, an exchange among its turns, and two finished games."""
    state = new_game(["Ann", "Bob", "Cy"], seed=11)
    states = [state]
    state = apply(state, next(iter(legal_moves(state))))
    states.append(state)
    state = apply(state, Exchange(state.hand[:2]))
    states.append(state)
    states.append(resign(state, 1))
    states.append(run_game([GreedyBot(1), GreedyBot(2)], seed=5))
    states.append(new_game(["Ann", "Bob"], seed=3, rules=RuleSet(hand_size=8)))
    return states


STATES = _states()


def _reports() -> list[TurnReport]:
    state = new_game(["Ann", "Bob"], seed=11)
    reports = []
    for move in (next(iter(legal_moves(state))), None):
        if move is None:
            move = Exchange(state.hand[:3])
        state, done = play(state, move)
        reports.extend([done, done.seen_by(1 - done.seat), done.seen_by(None)])
    final = run_game([GreedyBot(1), GreedyBot(2)], seed=5)
    _, last = play(_before_the_last_turn(final), final.history[-1].move)
    reports.append(last)
    return reports


def _before_the_last_turn(final: GameState) -> GameState:
    """The state before the last turn of ``final``'s game, played again from its deal."""
    assert final.seed is not None
    state = new_game(final.players, seed=final.seed, rules=final.rules, tiebreak=lambda tied: final.starter)
    for turn in final.history[:-1]:
        state = apply(state, turn.move)
    return state


REPORTS = _reports()

Loader = Callable[[object], object]
KINDS: dict[str, tuple[type[Any], list[Any]]] = {
    "state": (GameState, STATES),
    "player view": (PlayerView, [view(state, seat) for state in STATES for seat in range(len(state.players))]),
    "spectator view": (SpectatorView, [view(state) for state in STATES]),
    "turn report": (TurnReport, REPORTS),
}


@pytest.mark.parametrize("kind", KINDS)
def test_a_value_round_trips_through_its_data_and_its_text(kind: str) -> None:
    cls, values = KINDS[kind]
    for value in values:
        data = value.to_json()
        assert isinstance(data, dict)
        assert list(data)[:2] == ["format", "version"]
        assert cls.from_json(data) == value
        assert cls.from_json(json.loads(json.dumps(data))) == value
        text = value.dumps()
        assert json.loads(text) == data
        assert cls.loads(text) == value
        assert cls.loads(text.encode()) == value
        assert cls.from_json(text) == value


def test_the_functions_of_a_state_are_its_methods() -> None:
    for state in STATES:
        assert state_to_json(state) == state.to_json()
        assert state_from_json(state.dumps()) == GameState.loads(state.dumps()) == state


@pytest.mark.parametrize("kind", KINDS)
def test_a_loader_refuses_another_format_by_its_name(kind: str) -> None:
    cls, values = KINDS[kind]
    data = values[0].to_json()
    others = {"qwirkle-state", "qwirkle-view", "qwirkle-spectator-view", "qwirkle-turn-report"} - {data["format"]}
    for other in sorted(others):
        with pytest.raises(InvalidRecordError, match="format"):
            cls.from_json({**data, "format": other})


@pytest.mark.parametrize("kind", KINDS)
def test_a_loader_refuses_what_is_no_json_with_a_type_error(kind: str) -> None:
    cls, values = KINDS[kind]
    for wrong in (values[0], object(), 3.5j):
        with pytest.raises(TypeError) as caught:
            cls.from_json(wrong)
        assert isinstance(caught.value, NotJSONError)
    with pytest.raises(TypeError):
        cls.loads(values[0].to_json())


def _without_a_bag_tile(data: dict[str, Any]) -> None:
    data["bag"] = data["bag"][1:]


def _a_short_hand(data: dict[str, Any]) -> None:
    data["hands"][1] = data["hands"][1][1:]
    data["bag"] = data["bag"] + [data["hands"][1][0]]


@pytest.mark.parametrize(
    ("change", "rule"),
    [(_without_a_bag_tile, "TILES-2"), (_a_short_hand, "SETUP-3")],
    ids=["tiles", "hands"],
)
def test_a_state_that_could_not_arise_is_refused_naming_its_rule(change: Callable[[Any], None], rule: str) -> None:
    data = STATES[1].to_json()
    change(data)
    with pytest.raises(InvalidRecordError, match=rule):
        GameState.from_json(data)
    with pytest.raises(InvalidRecordError, match=rule):
        GameState.loads(json.dumps(data))


def test_a_view_that_could_not_arise_is_refused_naming_its_rule() -> None:
    data = view(STATES[1], 0).to_json()
    data["bag_size"] -= 1
    with pytest.raises(InvalidRecordError, match="TILES-2"):
        PlayerView.loads(json.dumps(data))
    data = view(STATES[1]).to_json()
    data["hand_sizes"][1] -= 1
    data["bag_size"] += 1
    with pytest.raises(InvalidRecordError, match="SETUP-3"):
        SpectatorView.loads(json.dumps(data))


def _report_data() -> dict[str, Any]:
    data = REPORTS[0].to_json()
    assert data["drawn"]
    assert data["placed"]
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda data: data.update(drawn=data["drawn"][1:]), "tiles drawn"),
        (lambda data: data.update(placed=data["placed"][1:]), "tiles placed"),
        (lambda data: data.update(explanation=["a gift"]), "explanation"),
        (lambda data: data.update(next_player=None), "next seat"),
        (lambda data: data.update(player=7), "out of range"),
        (lambda data: data.pop("move"), "either a move"),
        (lambda data: data.update(voluntary_passes="no"), "true or false"),
    ],
    ids=["drawn", "placed", "explanation", "next", "seat", "move", "passes"],
)
def test_a_report_that_does_not_hold_together_is_refused(change: Callable[[Any], None], words: str) -> None:
    data = _report_data()
    change(data)
    with pytest.raises(InvalidRecordError, match=words):
        TurnReport.from_json(data)


def _classes_with_json() -> list[type[Any]]:
    """Every public class that writes itself as JSON, found in the package's public modules once imported."""
    found: list[type[Any]] = []
    for name, module in sorted(sys.modules.items()):
        parts = name.split(".")
        if parts[0] != "qwirkle" or any(part.startswith("_") for part in parts):
            continue
        found.extend(
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and value.__module__ == name
            and not value.__name__.startswith("_")
            and _writes_json(value)
        )
    return found


def _writes_json(cls: type[Any]) -> bool:
    """Whether the library gives ``cls`` its ``to_json`` (OpenSpiel's states have one of their own)."""
    return any("to_json" in vars(base) and base.__module__.split(".")[0] == "qwirkle" for base in cls.__mro__)


METHODS = ("to_json", "from_json", "dumps", "loads")


def test_every_value_with_a_json_form_has_all_four_methods() -> None:
    importlib.import_module("qwirkle.matches.simulate")
    classes = _classes_with_json()
    assert {GameState, PlayerView, SpectatorView, TurnReport} <= set(classes)
    for cls in classes:
        assert [name for name in METHODS if not callable(getattr(cls, name, None))] == [], cls
