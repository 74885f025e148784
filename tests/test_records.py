"""JSON states and game records: round trips, exact replays, refused tampering, and fuzzed input."""

from __future__ import annotations

import json
import time
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qwirkle import (
    ALL_TILES,
    EndReason,
    Exchange,
    GameState,
    InvalidRecordError,
    InvalidStateError,
    Pass,
    Place,
    PlayerView,
    QwirkleError,
    ReplayError,
    Rule,
    RuleSet,
    SpectatorView,
    parse_move,
    parse_tiles,
    view,
)
from qwirkle.formats.records import Clock, GameRecord, RecordedTurn
from qwirkle.formats.state_json import state_from_json, state_to_json
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.interface.views import HiddenExchange
from qwirkle.rules.limits import MAX_JSON_CHARS, MAX_JSON_ITEMS, MAX_JSON_OBJECTS
from tests.played import finished, play, states


def record_of(
    seed: int, players: int = 2, *, with_draws: bool = False, with_seed: bool = True
) -> tuple[GameState, GameRecord]:
    final = finished(seed, players=players)
    return final, GameRecord.from_game(final, with_draws=with_draws, with_seed=with_seed)


def retold(record: GameRecord, number: int, **changes: Any) -> GameRecord:
    """The record with turn ``number`` (from 1) changed."""
    turns = list(record.turns)
    turns[number - 1] = attrs.evolve(turns[number - 1], **changes)
    return attrs.evolve(record, turns=tuple(turns))


def first_turn(record: GameRecord, kind: type) -> int:
    return next(i for i, turn in enumerate(record.turns, start=1) if isinstance(turn.move, kind))


# Whole states


@given(states(most_turns=150))
@settings(max_examples=25)
def test_states_round_trip_through_json_text(state: GameState) -> None:
    text = json.dumps(state_to_json(state))
    assert state_from_json(text) == state
    assert state_from_json(json.loads(text)) == state


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["hands"][0].__setitem__(0, d["bag"][0]) or d["bag"].__setitem__(0, "Ro"), "TILES-2"),
        (lambda d: d["bag"].append("Ro"), "Rule TILES-2"),
        (lambda d: d["board"].append([10**18, 0, "Ro"]), "out of range"),
        (lambda d: d["board"].append([40, 40, "Ro"]), "not all connected"),
        (lambda d: d.update(players=["Ann", "Ann"]), "distinct"),
        (lambda d: d.update(players=["Ann"]), "Rule SETUP-1"),
        (lambda d: d.update(current=5), "out of range"),
        (lambda d: d.update(rng=-1), "out of range"),
        (lambda d: d.update(seed="7"), "expected an integer"),
        (lambda d: d.update(scores=[1.5, 0]), "expected an integer"),
        (lambda d: d["hands"][1].__setitem__(0, "Wo"), "colour letter"),
        (lambda d: d["hands"][1].__setitem__(0, ["Ro"]), "expected a string"),
        (lambda d: d["history"].append({"player": 0, "move": "Ro@0,0 Rq@1,0", "score": {"total": 2}}), "shape"),
        (lambda d: d.update(outcome={"reason": "bored", "scores": [0, 0], "winners": [0, 1]}), "unknown value"),
        (lambda d: d.update(outcome={"reason": "blocked", "scores": [3, 0], "winners": [1]}), "END-4"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d["rules"].update(copies_per_tile=0), "copies_per_tile"),
        (lambda d: d["rules"].update(colour="red"), "unknown key"),
    ],
)
def test_bad_state_json_is_refused_with_a_clear_error(change: Any, words: str) -> None:
    data = state_to_json(play(3, 6)[-1])
    change(data)
    with pytest.raises(InvalidRecordError) as caught:
        state_from_json(json.loads(json.dumps(data)))
    assert words in str(caught.value)


@pytest.mark.parametrize("kind", ["record", "state", "view"])
def test_every_loader_takes_data_or_its_text_alike(kind: str) -> None:
    final, record = record_of(26)
    value, data, load = {
        "record": (record, record.to_json(), GameRecord.from_json),
        "state": (final, state_to_json(final), state_from_json),
        "view": (view(final, 0), view(final, 0).to_json(), PlayerView.from_json),
    }[kind]
    text = json.dumps(data)
    assert load(data) == load(text) == load(text.encode()) == value
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        load(text[:-1])


@pytest.mark.parametrize(
    "load",
    [GameRecord.loads, GameRecord.from_json, state_from_json, PlayerView.from_json, SpectatorView.from_json],
    ids=lambda load: str(load.__qualname__),
)
def test_a_value_that_is_neither_json_text_nor_json_data_is_a_type_error(load: Any) -> None:
    final, record = record_of(26)
    for value in (final, record, view(final, 0)):
        with pytest.raises(TypeError, match="must be JSON text") as caught:
            load(value)
        assert type(value).__name__ in str(caught.value)
        # For one release it is an InvalidRecordError too, as it was.
        assert isinstance(caught.value, InvalidRecordError)


# Records with a seed


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_a_seeded_record_replays_the_game_exactly(seed: int, players: int) -> None:
    final, record = record_of(seed, players)
    text = record.dumps()
    again = GameRecord.loads(text)
    assert again == record
    replay = again.replay()
    assert replay.final == final
    assert len(replay) == len(final.history) + 1
    assert [step.scores for step in replay.steps][-1] == final.scores
    assert json.loads(text)["format"] == "qwirkle-record"
    assert json.loads(text)["version"] == 1


def test_a_seeded_record_with_draws_checks_them() -> None:
    final, record = record_of(5, with_draws=True)
    assert record.replay().final == final
    number = first_turn(record, Place)
    drawn = record.turns[number - 1].drawn
    assert drawn
    other = next(tile for tile in ALL_TILES if tile != drawn[0])
    with pytest.raises(ReplayError) as caught:
        retold(record, number, drawn=(other, *drawn[1:])).replay()
    assert caught.value.rule is Rule.TURN_2
    assert caught.value.move_number == number


@pytest.mark.rule("SCORE-1")
def test_a_wrong_score_names_the_rule_and_the_move() -> None:
    _, record = record_of(6)
    with pytest.raises(ReplayError) as caught:
        retold(record, 3, score=record.turns[2].score + 1).replay()
    assert caught.value.move_number == 3
    assert caught.value.rule in (Rule.SCORE_1, Rule.SCORE_2, Rule.SCORE_6)
    assert "move 3" in str(caught.value)


def test_a_forgotten_qwirkle_bonus_is_SCORE_4() -> None:
    for seed in range(1, 40):
        final, record = record_of(seed)
        history = enumerate(final.history, start=1)
        numbers = [i for i, turn in history if turn.score.qwirkles and not turn.score.end_bonus]
        if numbers:
            break
    number = numbers[0]
    points = final.history[number - 1].score
    with pytest.raises(ReplayError) as caught:
        retold(record, number, score=points.total - points.qwirkle_points).replay()
    assert (caught.value.rule, caught.value.move_number) == (Rule.SCORE_4, number)


def test_a_forgotten_end_bonus_is_SCORE_8() -> None:
    for seed in range(1, 40):
        final, record = record_of(seed)
        assert final.outcome is not None
        if final.outcome.reason is EndReason.WENT_OUT and not final.history[-1].score.qwirkles:
            break
    last = len(record.turns)
    with pytest.raises(ReplayError) as caught:
        retold(record, last, score=record.turns[-1].score - 6).replay()
    assert (caught.value.rule, caught.value.move_number) == (Rule.SCORE_8, last)


def test_an_illegal_move_names_the_rule_and_the_move() -> None:
    _, record = record_of(7)
    state = play(7, 10_000)[3]
    far = Place({(500, 500): state.hand[0]})
    with pytest.raises(ReplayError) as caught:
        retold(record, 4, move=far, score=1).replay()
    assert (caught.value.rule, caught.value.move_number) == (Rule.PLACE_4, 4)


def test_a_move_out_of_turn_is_START_7() -> None:
    _, record = record_of(8)
    with pytest.raises(ReplayError) as caught:
        retold(record, 2, seat=record.turns[0].seat).replay()
    assert (caught.value.rule, caught.value.move_number) == (Rule.START_7, 2)


def test_the_wrong_starter_is_refused() -> None:
    _, record = record_of(9)
    with pytest.raises(ReplayError) as caught:
        attrs.evolve(record, starter=1 - record.starter).replay()
    assert caught.value.rule in (Rule.START_2, Rule.START_7)


def test_a_move_after_the_end_is_refused() -> None:
    _, record = record_of(10)
    extra = attrs.evolve(record, turns=(*record.turns, RecordedTurn(0, Pass(), 0)), result=None)
    with pytest.raises(ReplayError) as caught:
        extra.replay()
    assert caught.value.move_number == len(record.turns) + 1
    assert caught.value.rule in (Rule.END_2, Rule.END_3)


def test_a_wrong_result_is_refused() -> None:
    final, record = record_of(11)
    assert final.outcome is not None
    wrong = attrs.evolve(final.outcome, scores=(0,) * len(final.players), winners=tuple(range(len(final.players))))
    with pytest.raises(ReplayError):
        attrs.evolve(record, result=wrong).replay()
    unfinished = attrs.evolve(record, turns=record.turns[:-1])
    with pytest.raises(ReplayError, match="goes on"):
        unfinished.replay()
    assert attrs.evolve(unfinished, result=None).replay().final.outcome is None


# Records of physical tiles, draws noted by hand


@pytest.mark.parametrize("seed", [12, 13, 14])
def test_a_record_with_noted_draws_replays_the_game(seed: int) -> None:
    final, record = record_of(seed, 3, with_seed=False)
    assert record.seed is None
    assert record.hands is not None
    again = GameRecord.loads(record.dumps())
    assert again == record
    replayed = again.replay().final
    assert isinstance(replayed, GameState)
    assert (replayed.board, replayed.hands, replayed.scores, replayed.history, replayed.outcome) == (
        final.board,
        final.hands,
        final.scores,
        final.history,
        final.outcome,
    )


def test_noted_draws_must_be_in_the_bag_and_the_right_number() -> None:
    _, record = record_of(15, with_seed=False)
    number = first_turn(record, Place)
    drawn = record.turns[number - 1].drawn
    assert drawn
    with pytest.raises(ReplayError) as caught:
        retold(record, number, drawn=drawn[:-1]).replay()
    assert (caught.value.rule, caught.value.move_number) == (Rule.TURN_2, number)
    steps = record.replay().steps
    late = max(i for i, turn in enumerate(record.turns, start=1) if isinstance(turn.move, Place) and turn.drawn)
    bag = steps[late - 1].bag  # type: ignore[union-attr]
    gone = next(tile for tile in ALL_TILES if tile not in bag)
    late_drawn = record.turns[late - 1].drawn
    assert late_drawn
    with pytest.raises(ReplayError) as caught:
        retold(record, late, drawn=(gone, *late_drawn[1:])).replay()
    assert (caught.value.rule, caught.value.move_number) == (Rule.TILES_2, late)
    with pytest.raises(InvalidRecordError, match="must be noted"):
        retold(record, number, drawn=None).replay()


def test_noted_exchanges_replay() -> None:
    # A game with an exchange that drew two tiles or more, so that one of them can go missing from the record.
    for seed in range(16, 60):
        final, record = record_of(seed, with_seed=False)
        number = next(
            (
                i
                for i, turn in enumerate(record.turns, start=1)
                if isinstance(turn.move, Exchange) and turn.drawn is not None and len(turn.drawn) >= 2
            ),
            None,
        )
        if number is not None:
            break
    assert number is not None
    replayed = record.replay().final
    assert isinstance(replayed, GameState)
    assert replayed.hands == final.hands
    assert replayed.scores == final.scores
    drawn = record.turns[number - 1].drawn
    assert drawn is not None
    with pytest.raises(ReplayError) as caught:
        retold(record, number, drawn=drawn[:-1]).replay()
    assert caught.value.move_number == number


@pytest.mark.rule("EXCHANGE-1")
@pytest.mark.parametrize("return_first", [False, True])
def test_a_noted_exchange_draws_back_its_own_tiles_only_if_they_go_back_first(return_first: bool) -> None:
    # Bob holds every blue circle, so the one he gives back is the only one that he could draw.
    record = GameRecord(
        players=("Ann", "Bob"),
        rules=RuleSet(exchange_return_before_draw=return_first),
        hands=(parse_tiles("Ro Rs Rd Rc Gx Yx"), parse_tiles("Bo Bo Bo Gs Yd Pc")),
        turns=(
            RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0"), 4, parse_tiles("Go Gs Gd Gc")),
            RecordedTurn(1, parse_move("exchange Bo"), 0, parse_tiles("Bo")),
        ),
    )
    if return_first:
        final = record.replay().final
        assert isinstance(final, GameState)
        assert final.hands[1] == parse_tiles("Bo Bo Gs Yd Pc Bo")
        return
    with pytest.raises(ReplayError, match="go back only after the draw") as caught:
        record.replay()
    assert (caught.value.rule, caught.value.move_number) == (Rule.EXCHANGE_1, 2)


def test_noted_hands_with_too_many_copies_are_refused() -> None:
    _, record = record_of(17, with_seed=False)
    assert record.hands is not None
    four = (record.hands[0][0],) * 4 + record.hands[0][4:]
    with pytest.raises(QwirkleError, match=r"TILES-2|copies"):
        attrs.evolve(record, hands=(four, *record.hands[1:])).replay()


# Records of physical tiles, hands unknown


def table_record(final: GameState) -> GameRecord:
    turns = tuple(
        RecordedTurn(t.seat, HiddenExchange(len(t.move)) if isinstance(t.move, Exchange) else t.move, t.score.total)
        for t in final.history
    )
    return GameRecord(
        players=final.players, rules=final.rules, starter=final.starter, turns=turns, result=final.outcome
    )


@pytest.mark.parametrize("seed", [18, 19, 20, 21])
def test_a_record_without_tiles_is_checked_on_the_table(seed: int) -> None:
    final = finished(seed, players=2 + seed % 3)
    record = table_record(final)
    again = GameRecord.loads(record.dumps())
    assert again == record
    keeper = again.replay().final
    assert isinstance(keeper, Scorekeeper)
    assert keeper.board == final.board
    assert keeper.scores == final.scores
    assert keeper.outcome == final.outcome


def test_a_record_without_tiles_still_refuses_bad_lines() -> None:
    record = GameRecord(
        players=("Ann", "Bob"),
        turns=(
            RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0"), 2),
            RecordedTurn(1, parse_move("Ro@2,0"), 3),
        ),
    )
    with pytest.raises(ReplayError) as caught:
        record.replay()
    assert (caught.value.rule, caught.value.move_number) == (Rule.LINE_3, 2)


# Malformed and hostile input


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "qwirkle-record", "format": "x"}', "appears twice"),
        ('{"format": "qwirkle-record", "version": NaN}', "not allowed"),
        ('{"format": "qwirkle-record", "version": 1e400, "players": [], "turns": []}', "expected an integer"),
        ('{"format": "qwirkle-record", "version": 1, "players": ["A", "B"], "turns": {}}', "expected a list"),
        (
            '{"format": "qwirkle-record", "version": 1, "players": ["A", "B"], "turns": [], "seed": 1, "hands": []}',
            "either a seed",
        ),
        (
            '{"format": "qwirkle-record", "version": 1, "players": ["A", "B"], "turns": [{"player": 2, "score": 0,'
            ' "move": "pass"}]}',
            "out of range",
        ),
        (
            '{"format": "qwirkle-record", "version": 1, "players": ["A", "B"], "turns": [{"player": 0, "score": 0,'
            ' "move": "Ro@1000000000000000000,0"}]}',
            "out of range",
        ),
        (
            '{"format": "qwirkle-record", "version": 1, "players": ["A", "B"], "turns": [{"player": 0, "score": 0}]}',
            "either a move",
        ),
        ('"' + "x" * (MAX_JSON_CHARS + 1) + '"', "limit"),
        ("[" + "{}," * (MAX_JSON_OBJECTS + 1) + "{}]", "objects"),
        ("[" + "0," * (MAX_JSON_ITEMS + 1) + "0]", "commas"),
        ("9" * 5000, "not valid JSON"),
    ],
)
def test_hostile_record_text_is_refused_quickly(text: str, words: str) -> None:
    began = time.perf_counter()
    with pytest.raises(InvalidRecordError) as caught:
        GameRecord.loads(text)
    assert words in str(caught.value)
    assert time.perf_counter() - began < 1.0


def test_a_megabyte_and_bad_bytes_are_refused() -> None:
    _, record = record_of(22)
    big = record.dumps()[:-1] + ',"pad":"' + "x" * (1 << 20) + '"}'
    with pytest.raises(InvalidRecordError, match="limit"):
        GameRecord.loads(big)
    with pytest.raises(InvalidRecordError, match="limit"):
        GameRecord.loads(big.encode())
    with pytest.raises(InvalidRecordError, match="UTF-8"):
        GameRecord.loads(b"\xff\xfe{}")
    with pytest.raises(InvalidRecordError, match="JSON text"):
        GameRecord.loads(42)  # type: ignore[arg-type]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
@settings(max_examples=200)
def test_fuzzed_json_values_raise_only_qwirkle_errors(value: object) -> None:
    for load in (GameRecord.from_json, state_from_json, PlayerView.from_json):
        with pytest.raises(QwirkleError):
            load(value)


def paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for name, item in value.items():
            out += paths(item, (*prefix, name))
    elif isinstance(value, list):
        for i, item in enumerate(value[:8]):
            out += paths(item, (*prefix, i))
    return out


def replace(value: Any, path: tuple[object, ...], new: object) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = replace(value[head], rest, new)  # type: ignore[call-overload]
    return copy


SEEDED = record_of(23, with_seed=False)[1].to_json()
SEEDED_PATHS = paths(SEEDED)


@given(st.sampled_from(SEEDED_PATHS), json_values)
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_records_with_one_value_swapped_load_or_raise_qwirkle_errors(path: tuple[object, ...], new: object) -> None:
    data = replace(SEEDED, path, new)
    try:
        record = GameRecord.from_json(data)
        record.replay()
    except QwirkleError:
        return


@given(st.text(max_size=80))
@settings(max_examples=150)
def test_fuzzed_text_raises_only_qwirkle_errors(text: str) -> None:
    for load in (GameRecord.loads, state_from_json, PlayerView.from_json):
        with pytest.raises(QwirkleError):
            load(text)


def test_rules_travel_with_the_record() -> None:
    rules = RuleSet(qwirkle_bonus=12, end_bonus=3)
    final = play(24, 10_000, rules=rules)[-1]
    record = GameRecord.loads(GameRecord.from_game(final).dumps())
    assert record.rules == rules
    assert record.replay().final == final


def test_only_states_dealt_from_a_seed_can_be_recorded() -> None:
    state = play(25, 4)[-1]
    unseeded = attrs.evolve(state, seed=None)
    with pytest.raises(InvalidRecordError, match="no seed"):
        GameRecord.from_game(unseeded)
    with pytest.raises(InvalidRecordError, match="does not follow"):
        GameRecord.from_game(attrs.evolve(unseeded, seed=state.seed + 1))  # type: ignore[operator]


# Tags, comments and clocks


def test_tags_comments_and_clocks_survive_json_and_replay() -> None:
    final, record = record_of(11)
    record = GameRecord.from_game(final, tags={"event": "Club night", "date": "2026-12-03", "round": "2"})
    record = record.annotated(1, comment="opens with {a} three", clock=Clock(4.25, left=295.75))
    record = record.annotated(2, clock=Clock(9)).annotated(2, comment='é, and a quote "')
    again = GameRecord.loads(record.dumps())
    assert again == record
    assert dict(again.tags) == {"event": "Club night", "date": "2026-12-03", "round": "2"}
    assert [name for name, _ in again.tags] == ["event", "date", "round"]
    assert again.turns[0].clock == Clock(4.25, left=295.75)
    assert again.turns[1] == attrs.evolve(record.turns[1], comment='é, and a quote "', clock=Clock(9, left=None))
    replayed = again.replay()
    assert replayed.final == final
    assert replayed.record.turns[0].comment == "opens with {a} three"


def test_a_record_without_annotations_writes_none_of_their_keys() -> None:
    _, record = record_of(12)
    data = record.to_json()
    assert "tags" not in data
    assert all("comment" not in turn and "clock" not in turn for turn in data["turns"])


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Clock(-1), "seconds spent"),
        (lambda: Clock(True), "seconds spent"),
        (lambda: Clock(1, left=float("nan")), "seconds left"),
        (lambda: Clock(10**8), "seconds spent"),
        (lambda: GameRecord(players=("A", "B"), tags={"": "x"}), "tag's name"),
        (lambda: GameRecord(players=("A", "B"), tags=[("a", "1"), ("a", "2")]), "each tag once"),
        (lambda: GameRecord(players=("A", "B"), tags=[("a", 1)]), "both text"),  # type: ignore[list-item]
        (lambda: RecordedTurn(0, Pass(), 0, comment="x" * 2001), "comment"),
        (lambda: GameRecord(players=("A", "B")).annotated(1, comment="x"), "no turn 1"),
    ],
)
def test_bad_annotations_are_refused_when_made(make: Any, words: str) -> None:
    with pytest.raises(InvalidStateError, match=words):
        make()


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(tags=["event"]), "$.tags"),
        (lambda d: d.update(tags={"event": 7}), "$.tags.event"),
        (lambda d: d["turns"][0].update(comment=7), "$.turns[0].comment"),
        (lambda d: d["turns"][0].update(clock={"spent": "1"}), "$.turns[0].clock.spent"),
        (lambda d: d["turns"][0].update(clock={"spent": 1, "lag": 2}), "$.turns[0].clock"),
        (lambda d: d["turns"][0].update(clock={"spent": -3}), "$.turns[0].clock.spent"),
    ],
)
def test_bad_annotations_in_json_are_refused_with_their_path(change: Any, path: str) -> None:
    _, record = record_of(13)
    data = record.to_json()
    change(data)
    with pytest.raises(InvalidRecordError) as caught:
        GameRecord.from_json(data)
    assert caught.value.path == path


def test_a_record_too_big_to_load_back_is_refused_when_saved() -> None:
    _, record = record_of(14)
    for number in range(1, len(record.turns) + 1):
        record = record.annotated(number, comment="{" * 2000)
    with pytest.raises(InvalidStateError, match="would not load back"):
        record.dumps()
