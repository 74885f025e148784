"""Records of Qwirkle Cards: a game played by bots is saved, loaded, replayed and verified from its record."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from qwirkle import ALL_TILES, InvalidRecordError, ReplayError, Rule
from qwirkle.cards import (
    CardsEndReason,
    CardsRuleSet,
    CardsState,
    GreedyBot,
    Lay,
    Pass,
    Redraw,
    legal_moves,
    new_game,
    position,
    resign,
    run_game,
)
from qwirkle.cards.records import CardsGameRecord, Clock

from .helpers import bots_for, games


def played(seed: int, kinds: str = "rg", rules: CardsRuleSet | None = None) -> tuple[CardsState, list[CardsState]]:
    """A seeded game between bots, and every state it went through."""
    states: list[CardsState] = []

    def keep(before: CardsState, move: object, after: CardsState) -> None:
        if not states:
            states.append(before)
        states.append(after)

    final = run_game(bots_for(kinds, seed), seed=seed, rules=rules, on_move=keep)
    return final, states


@given(games)
@settings(max_examples=12, deadline=None)
def test_a_bot_game_is_saved_loaded_replayed_and_verified_from_its_record(game: tuple[int, str, CardsRuleSet]) -> None:
    seed, kinds, rules = game
    final, states = played(seed, kinds, rules)
    record = CardsGameRecord.from_game(final, tags={"event": "test", "round": str(seed)})
    loaded = CardsGameRecord.loads(record.dumps())
    assert loaded == record
    replayed = loaded.replay()
    assert replayed.steps == tuple(states)
    assert replayed.final == final
    assert replayed.final.outcome == record.result


@given(games)
@settings(max_examples=8, deadline=None)
def test_a_record_of_a_deal_noted_by_hand_replays_to_the_same_game_as_every_player_saw_it(
    game: tuple[int, str, CardsRuleSet],
) -> None:
    seed, kinds, rules = game
    final, states = played(seed, kinds, rules)
    record = CardsGameRecord.from_game(final, with_seed=False)
    assert record.seed is None
    assert record.hands == states[0].hands
    replayed = CardsGameRecord.from_json(record.to_json()).replay()
    # The deck's order was never noted, so only what the players saw must agree, and it must all agree.
    for step, state in zip(replayed.steps, states, strict=True):
        assert [step.view(seat) for seat in range(len(step.players))] == [
            state.view(seat) for seat in range(len(state.players))
        ]


def test_a_seeded_record_with_its_draws_noted_checks_them() -> None:
    final, _ = played(4, "rg", CardsRuleSet.preset("redraw_hand"))
    record = CardsGameRecord.from_game(final, with_draws=True)
    assert all(turn.drawn is not None for turn in record.turns)
    assert record.replay().final == final
    for number, turn in enumerate(record.turns, 1):
        if not turn.drawn:
            continue
        other = next(card for card in ALL_TILES if card != turn.drawn[0])
        error = _refused(_turn(record, number, drawn=(other, *turn.drawn[1:])))
        assert error.rule is (Rule.CARDS_7 if isinstance(turn.move, Redraw) else Rule.CARDS_2)
        assert error.move_number == number


def _turn(record: CardsGameRecord, number: int, **changes: Any) -> CardsGameRecord:
    turns = list(record.turns)
    turns[number - 1] = attrs.evolve(turns[number - 1], **changes)
    return attrs.evolve(record, turns=tuple(turns))


def _refused(record: CardsGameRecord) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        record.replay()
    return caught.value


def test_a_corrupted_record_is_refused_with_the_turn_and_the_rule() -> None:
    final, states = played(9, "gg")
    record = CardsGameRecord.from_game(final)
    lays = [i for i, turn in enumerate(record.turns, 1) if isinstance(turn.move, Lay)]
    number = lays[2]

    error = _refused(_turn(record, number, move=Pass()))
    assert (error.rule, error.move_number) == (Rule.CARDS_7, number)
    assert str(error).startswith(f"move {number}: CARDS-7:")

    error = _refused(_turn(record, number, seat=1 - record.turns[number - 1].seat))
    assert (error.rule, error.move_number) == (Rule.START_7, number)

    error = _refused(_turn(record, number, score=record.turns[number - 1].score + 1))
    assert (error.rule, error.move_number) == (Rule.CARDS_8, number)

    state = states[number - 1]
    other = next(move for move in legal_moves(state) if move != record.turns[number - 1].move)
    if isinstance(other, Lay):
        # Another legal lay is played instead: the game goes on differently, and a later turn no longer fits.
        error = _refused(_turn(record, number, move=other))
        assert error.move_number > number

    assert final.outcome is not None
    ended = attrs.evolve(record, result=attrs.evolve(final.outcome, winners=(0, 1)))
    error = _refused(ended)
    assert error.rule is final.outcome.reason.rule
    assert error.move_number == len(record.turns)

    error = _refused(attrs.evolve(record, turns=record.turns[:-1]))
    assert error.move_number == len(record.turns) - 1


def test_a_record_noted_by_hand_is_refused_for_a_draw_that_cannot_be() -> None:
    final, _ = played(21, "gr")
    record = CardsGameRecord.from_game(final, with_seed=False)
    steps = record.replay().steps
    # The last lay that drew, when few cards are left: some card has no copy left to draw.
    number = max(i for i, turn in enumerate(record.turns, 1) if turn.drawn and isinstance(turn.move, Lay))
    drawn = record.turns[number - 1].drawn
    assert drawn is not None
    error = _refused(_turn(record, number, drawn=drawn[1:]))
    assert (error.rule, error.move_number) == (Rule.CARDS_2, number)
    gone = next(card for card in ALL_TILES if card not in steps[number - 1].deck)
    error = _refused(_turn(record, number, drawn=(gone, *drawn[1:])))
    assert (error.rule, error.move_number) == (Rule.CARDS_1, number)
    assert f"no {gone} is left in the deck" in str(error)
    with pytest.raises(InvalidRecordError, match=r"\$\.turns\[\d+\]: the cards drawn must be noted"):
        _turn(record, number, drawn=None).replay()


def test_a_record_whose_starter_may_not_open_is_refused() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    error = _refused(CardsGameRecord(players=state.players, seed=7, starter=1 - state.starter))
    assert (error.rule, error.move_number) == (Rule.CARDS_4, 1)


def test_tags_comments_clocks_and_a_resignation_round_trip() -> None:
    _, states = played(5, "gr")
    final = resign(states[10], 1, CardsEndReason.TIMED_OUT)
    record = CardsGameRecord.from_game(final, tags=[("event", "Club night"), ("date", "2026-12-07")])
    record = record.annotated(1, comment="opens with a long series", clock=Clock(12.5, left=287.5))
    record = record.annotated(2, clock=Clock(3))
    data = record.to_json()
    assert data["format"] == "qwirkle-cards-record"
    assert data["turns"][0]["clock"] == {"spent": 12.5, "left": 287.5}
    assert data["turns"][1]["clock"] == {"spent": 3, "left": None}
    assert data["tags"] == {"event": "Club night", "date": "2026-12-07"}
    again = CardsGameRecord.loads(record.dumps())
    assert again == record
    assert again.replay().final == final
    assert again.replay().final.outcome.reason is CardsEndReason.TIMED_OUT  # type: ignore[union-attr]


def test_malformed_records_are_refused_with_their_path() -> None:
    record = CardsGameRecord.from_game(run_game([GreedyBot(), GreedyBot()], seed=3))
    data = record.to_json()
    turns = [dict(turn) for turn in data["turns"]]
    turns[2]["move"] = "Ro Rs ->"
    with pytest.raises(InvalidRecordError, match=r"\$\.turns\[2\]\.move: expected a series of cards"):
        CardsGameRecord.from_json({**data, "turns": turns})
    with pytest.raises(InvalidRecordError, match=r"\$\.hands: a record gives either a seed or the dealt hands"):
        CardsGameRecord.from_json({**data, "hands": [["Ro"] * 9, ["Rs"] * 9]})
    with pytest.raises(InvalidRecordError, match="Rule CARDS-2"):
        CardsGameRecord.from_json({**data, "players": ["Ann"]})
    with pytest.raises(InvalidRecordError, match=r"\$\.format: expected 'qwirkle-cards-record'"):
        CardsGameRecord.from_json({**data, "format": "qwirkle-record"})
    with pytest.raises(TypeError):
        CardsGameRecord.loads(data)  # type: ignore[arg-type]


def test_from_game_refuses_a_state_its_seed_did_not_deal() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    with pytest.raises(InvalidRecordError, match="do not follow from its seed"):
        CardsGameRecord.from_game(state)
