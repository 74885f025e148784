"""Fuzzing the tile game's parsers and loaders: each mutated real output is refused with a library error, or
accepted as a value that passes the library's checks and reads back (see :mod:`tests.fuzzing`).

The default run is short, for CI; set ``QWIRKLE_FUZZ_EXAMPLES`` for a longer one (inputs per target), or run
``python -m tests.fuzzing --inputs 100000`` for the figures of a long run.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qwirkle import GameState, PlayerView, check_state, view
from qwirkle.formats.records import GameRecord
from qwirkle.formats.state_json import state_from_json, state_to_json
from qwirkle.interface.views import check_view
from qwirkle.testing import reachable_states, rule_sets
from tests.fuzzing import TILE_TARGETS, Target, judge, mutated
from tests.strategies import examples

EXAMPLES = int(os.environ.get("QWIRKLE_FUZZ_EXAMPLES", "60"))


class Drawn:
    """The choices of a mutation, drawn by hypothesis so that a failure shrinks to a small input."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def below(self, n: int) -> int:
        return self.data.draw(st.integers(0, n - 1))


@pytest.mark.parametrize("target", TILE_TARGETS, ids=[target.name for target in TILE_TARGETS])
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_input_is_refused_or_read_back(target: Target, data: st.DataObject) -> None:
    assert judge(target, mutated(target, Drawn(data))) in ("accepted", "refused", "replayed", "replay refused")


@pytest.mark.parametrize("target", TILE_TARGETS, ids=[target.name for target in TILE_TARGETS])
def test_every_real_output_is_accepted_and_read_back(target: Target) -> None:
    # The unchanged outputs are the control: a loader that refused everything would pass the test above.
    for value in target.corpus():
        assert judge(target, value) in ("accepted", "replayed")


@settings(max_examples=examples(25))
@given(state=reachable_states(rules=rule_sets()))
def test_whatever_the_engine_reaches_its_checks_accept_and_its_formats_read_back(state: GameState) -> None:
    # Under every option set: the checks the loaders apply accept every state the engine reaches, and every view.
    assert check_state(state) is state
    assert state_from_json(json.dumps(state_to_json(state))) == state
    for seat in range(len(state.players)):
        seen = view(state, seat)
        assert check_view(seen) is seen
        assert PlayerView.from_json(json.dumps(seen.to_json())) == seen
    if state.seed is not None and state.history and state.history[0].seat == state.starter:
        record = GameRecord.from_game(state)
        assert GameRecord.loads(record.dumps()) == record
        assert record.replay().final == state
