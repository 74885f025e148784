"""Fuzzing the parsers and loaders of Qwirkle Cards: each mutated real output is refused with a library error, or
accepted as a value that passes the library's checks and reads back (see :mod:`tests.fuzzing`).

The default run is short, for CI; set ``QWIRKLE_FUZZ_EXAMPLES`` for a longer one (inputs per target), or run
``python -m tests.fuzzing --inputs 100000`` for the figures of a long run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import CARD_TARGETS, Target, judge, mutated

EXAMPLES = int(os.environ.get("QWIRKLE_FUZZ_EXAMPLES", "60"))


class Drawn:
    """The choices of a mutation, drawn by hypothesis so that a failure shrinks to a small input."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def below(self, n: int) -> int:
        return self.data.draw(st.integers(0, n - 1))


@pytest.mark.parametrize("target", CARD_TARGETS, ids=[target.name for target in CARD_TARGETS])
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_input_is_refused_or_read_back(target: Target, data: st.DataObject) -> None:
    assert judge(target, mutated(target, Drawn(data))) in ("accepted", "refused", "replayed", "replay refused")


@pytest.mark.parametrize("target", CARD_TARGETS, ids=[target.name for target in CARD_TARGETS])
def test_every_real_output_is_accepted_and_read_back(target: Target) -> None:
    # The unchanged outputs are the control: a loader that refused everything would pass the test above.
    for value in target.corpus():
        assert judge(target, value) in ("accepted", "replayed")
