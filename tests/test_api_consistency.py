"""Names and words that agree across the library: seeds, exports, what a pass says, deprecated options, messages."""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

import attrs
import pytest

import qwirkle
from qwirkle import (
    FinalTiebreak,
    GameRecord,
    IllegalMoveError,
    InvalidOptionsError,
    InvalidRecordError,
    Pass,
    ReplayError,
    Rule,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    parse_move,
    play,
    sample_state,
    sample_states,
    state_from_json,
    state_to_json,
    verify,
    view,
)
from qwirkle.formats._codec import Reader, decode_rules, encode_rules
from qwirkle.formats.records import RecordedTurn
from qwirkle.interface.events import explain_score
from qwirkle.scoring import Score, ScoredLine
from tests.helpers import block_state, make_state

# Sampling takes seed= as new_game does


def a_view() -> qwirkle.PlayerView:
    state = new_game(["Ann", "Bob"], seed=7)
    state = apply(state, next(iter(legal_moves(state))))
    return view(state, state.current)


def test_sample_state_takes_a_seed_as_new_game_does() -> None:
    seen = a_view()
    assert sample_state(seen, seed=3) == sample_state(seen, random.Random(3))
    assert sample_state(seen, rng=random.Random(3)) == sample_state(seen, seed=3)
    assert sample_state(seen, seed=3) != sample_state(seen, seed=4)


def test_sample_states_takes_a_seed_too() -> None:
    seen = a_view()
    assert sample_states(seen, count=3, seed=5) == sample_states(seen, random.Random(5), 3)
    assert sample_states(seen, count=2, seed=5, tries=4) == sample_states(seen, random.Random(5), 2, tries=4)


def test_rng_and_seed_together_or_a_seed_that_is_not_an_int_are_type_errors() -> None:
    seen = a_view()
    untyped: Any = sample_state
    with pytest.raises(TypeError, match="sample_state takes rng or seed, not both"):
        sample_state(seen, random.Random(1), seed=1)
    with pytest.raises(TypeError, match="seed must be an int, not str"):
        untyped(seen, seed="1")
    many: Any = sample_states
    with pytest.raises(TypeError, match="sample_states takes rng or seed, not both"):
        many(seen, random.Random(1), 2, seed=1)
    with pytest.raises(TypeError, match="give rng or seed"):
        many(seen, count=2)
    with pytest.raises(TypeError, match="needs count"):
        many(seen, seed=2)


# parse_tiles is exported beside format_tiles


def test_parse_tiles_is_exported_beside_format_tiles() -> None:
    assert "parse_tiles" in qwirkle.__all__
    assert "format_tiles" in qwirkle.__all__
    assert qwirkle.format_tiles(qwirkle.parse_tiles("Ro Bs")) == "Ro Bs"


# What a pass says depends on whether the rules allow passing by choice


def test_a_pass_by_choice_is_not_described_as_forced() -> None:
    rules = RuleSet(allow_voluntary_pass=True)
    state = new_game(["Ann", "Bob"], seed=7, rules=rules)
    state = apply(state, next(iter(legal_moves(state))))
    assert len(state.bag) > 0
    _, done = play(state, Pass())
    name = state.players[state.current]
    expected = f"{name} passes, as these rules allow even when a move is possible (Rule TURN-3)."
    assert done.describe(state.players)[0] == expected
    # Another player is told the same: not whether the player could have placed.
    assert done.seen_by(None).describe(state.players)[0] == expected
    assert "the bag is empty" not in " ".join(done.describe(state.players))


def test_a_forced_pass_says_why() -> None:
    state = block_state(["Ro", "P* P*"])
    _, done = play(state, Pass())
    assert done.describe(state.players)[0] == "P0 passes: no tile can be placed and the bag is empty."


# RuleSet.final_tiebreak is deprecated


def test_passing_final_tiebreak_warns_and_changes_nothing() -> None:
    # Type checkers no longer take the option; at run time it still works, with a warning.
    untyped: Any = RuleSet
    with pytest.deprecated_call(match="final_tiebreak is deprecated"):
        rules = untyped(final_tiebreak=FinalTiebreak.SHARED, hand_size=5)
    assert rules == RuleSet(hand_size=5)
    assert rules.final_tiebreak is FinalTiebreak.SHARED
    # A value that is not a FinalTiebreak is refused as before, without a warning first.
    with pytest.raises(InvalidOptionsError, match="final_tiebreak must be a FinalTiebreak, not 'shared'"):
        untyped(final_tiebreak="shared")


def test_changing_another_option_does_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert attrs.evolve(RuleSet(), hand_size=5).hand_size == 5
        assert "final_tiebreak" not in repr(RuleSet())


def test_saved_rules_with_final_tiebreak_still_load_without_a_warning() -> None:
    saved = {**encode_rules(RuleSet(hand_size=5)), "final_tiebreak": "shared"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert decode_rules(Reader(saved)) == RuleSet(hand_size=5)
        state = new_game(["Ann", "Bob"], seed=1)
        data: Any = json.loads(json.dumps(state_to_json(state)))
        data["rules"]["final_tiebreak"] = "shared"
        assert state_from_json(data) == state
    with pytest.raises(InvalidRecordError, match="final_tiebreak"):
        decode_rules(Reader({"final_tiebreak": "alone"}))


def test_rules_saved_now_leave_final_tiebreak_out() -> None:
    assert "final_tiebreak" not in encode_rules(RuleSet())
    saved: Any = state_to_json(new_game(["Ann", "Bob"], seed=1))
    assert "final_tiebreak" not in saved["rules"]


# Messages that read right


def test_a_record_of_one_point_says_point() -> None:
    record = GameRecord(players=("Ann", "Bob"), turns=(RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0"), 1),))
    with pytest.raises(ReplayError) as caught:
        record.replay()
    assert str(caught.value) == "move 1: SCORE-1: the record says 1 point; the move scores 2"


def test_an_opening_outside_the_largest_group_says_which_group_to_play() -> None:
    state = make_state({}, "Ro Rs Rd Bo Yx Gc")
    with pytest.raises(IllegalMoveError) as caught:
        verify(state, parse_move("Ro@0,0 Rs@1,0"))
    assert caught.value.rule is Rule.START_4
    assert caught.value.reason == (
        "the opening must play a largest group of your hand (3 tiles, such as Ro Rs Rd); this plays 2 tiles"
    )
    with pytest.raises(IllegalMoveError) as caught:
        verify(state, parse_move("Yx@0,0"))
    assert caught.value.reason.endswith("(3 tiles, such as Ro Rs Rd); this plays 1 tile")


def test_a_bonus_of_one_point_says_point() -> None:
    lines = explain_score(Score(3, (ScoredLine(((0, 0), (1, 0)), False),), qwirkle_points=0, end_bonus=1))
    assert lines[-1] == "end bonus (Rule SCORE-8): 1 point"
    one = Score(9, (ScoredLine(tuple((x, 0) for x in range(6)), True),), qwirkle_points=1, end_bonus=2)
    assert explain_score(one)[1:] == ["Qwirkle bonus (Rule SCORE-4): 1 point", "end bonus (Rule SCORE-8): 2 points"]
