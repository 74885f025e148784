"""Spectator views: what someone at no seat may know, which is what every player's view has in common."""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import (
    Exchange,
    GameState,
    InvalidRecordError,
    InvalidStateError,
    Place,
    PlayerView,
    SpectatorView,
    Tile,
    check_spectator_view,
    format_move,
    view,
)
from qwirkle.bots import GreedyBot
from qwirkle.interface.views import HiddenExchange, SeenTurn, check_view
from qwirkle.render import board_svg
from qwirkle.testing import reachable_states
from tests.played import hide_differently, play
from tests.strategies import examples

PLAYER_KEYS = {
    "format", "version", "player", "players", "rules", "board", "hand", "hand_sizes",
    "bag_size", "scores", "current", "starter", "history", "outcome",
}  # fmt: skip
"""The keys of a player's view as JSON, which a spectator's view must not change."""


def with_an_exchange() -> GameState:
    """A state whose last turn is an exchange."""
    for state in play(11, 200):
        if state.history and isinstance(state.history[-1].move, Exchange):
            return state
    raise AssertionError("the seeded game should contain an exchange")


def mix_hands(state: GameState, rng: random.Random) -> GameState:
    """``state`` with tiles swapped between hands, sizes kept: a spectator sees no hand, so cannot tell."""
    hands = [list(hand) for hand in state.hands]
    for _ in range(10):
        one, two = rng.sample(range(len(hands)), 2)
        if hands[one] and hands[two]:
            i, j = rng.randrange(len(hands[one])), rng.randrange(len(hands[two]))
            hands[one][i], hands[two][j] = hands[two][j], hands[one][i]
    return attrs.evolve(state, hands=tuple(map(tuple, hands)))


@given(reachable_states(), st.randoms(use_true_random=False))
@settings(max_examples=examples(40), deadline=None)
def test_a_spectator_view_never_changes_with_hidden_information(state: GameState, rng: random.Random) -> None:
    other = mix_hands(hide_differently(state, None, rng), rng)
    assert other.hands != state.hands or other.bag != state.bag or other.seed != state.seed
    assert view(other) == view(state)
    assert json.dumps(view(other).to_json()) == json.dumps(view(state).to_json())


@given(reachable_states())
@settings(max_examples=examples(40), deadline=None)
def test_a_spectator_sees_what_every_player_sees(state: GameState) -> None:
    seen = view(state)
    players = [view(state, seat) for seat in range(len(state.players))]
    public = attrs.asdict(seen, recurse=False)
    history = public.pop("history")
    for mine in players:
        theirs = attrs.asdict(mine, recurse=False)
        del theirs["seat"], theirs["hand"], theirs["history"]
        assert theirs == public
    for number, turn in enumerate(history):
        # Every player but the one who moved sees the turn as the spectator does; that one sees their own exchange.
        for mine in players:
            if mine.seat != turn.seat:
                assert mine.history[number] == turn
            elif isinstance(turn.move, HiddenExchange):
                assert mine.history[number].move == state.history[number].move
            else:
                assert mine.history[number] == turn


@given(reachable_states())
@settings(max_examples=examples(40), deadline=None)
def test_a_spectator_view_holds_no_tile_of_any_hand(state: GameState) -> None:
    seen = view(state)
    assert not {"seat", "hand", "hands", "bag", "seed", "rng"} & {field.name for field in attrs.fields(SpectatorView)}
    assert not any(isinstance(turn.move, Exchange) for turn in seen.history)
    exchanges = [move for move in (turn.move for turn in state.history) if isinstance(move, Exchange)]
    assert [turn.move for turn in seen.history if isinstance(turn.move, HiddenExchange)] == [
        HiddenExchange(len(move)) for move in exchanges
    ]
    # The only tiles a spectator is told of are those on the table, each placed once by a turn it shows.
    placed: Counter[Tile] = Counter()
    for turn in seen.history:
        if isinstance(turn.move, Place):
            placed.update(turn.move.tiles)
    assert placed == Counter(seen.board.values())
    data = seen.to_json()
    assert set(data) == PLAYER_KEYS - {"player", "hand"}
    assert data["format"] == "qwirkle-spectator-view"
    assert data["version"] == 1


@given(reachable_states())
@settings(max_examples=examples(30), deadline=None)
def test_a_spectator_view_survives_json(state: GameState) -> None:
    seen = view(state)
    assert check_spectator_view(seen) is seen
    assert SpectatorView.from_json(json.dumps(seen.to_json())) == seen
    assert SpectatorView.from_json(seen.to_json()) == seen
    assert seen.turn_number == state.turn_number
    assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert seen.bag_size == len(state.bag)
    assert (seen.scores, seen.current, seen.starter, seen.outcome) == (
        state.scores,
        state.current,
        state.starter,
        state.outcome,
    )


@given(reachable_states(), st.integers(min_value=0, max_value=5))
@settings(max_examples=examples(30), deadline=None)
def test_a_player_view_is_unchanged(state: GameState, seat: int) -> None:
    seat %= len(state.players)
    seen: PlayerView = view(state, seat)
    assert type(seen) is PlayerView
    assert (seen.seat, seen.hand) == (seat, state.hands[seat])
    assert set(seen.to_json()) == PLAYER_KEYS
    assert seen.to_json()["format"] == "qwirkle-view"
    assert PlayerView.from_json(json.dumps(seen.to_json())) == seen


def test_a_spectator_view_is_not_a_player_view() -> None:
    state = with_an_exchange()
    seen: SpectatorView = view(state)
    assert view(state, None) == seen
    assert isinstance(seen.history[-1].move, HiddenExchange)
    assert isinstance(view(state, state.history[-1].seat).history[-1].move, Exchange)
    with pytest.raises(InvalidRecordError, match="expected 'qwirkle-spectator-view'"):
        SpectatorView.from_json(view(state, 0).to_json())
    with pytest.raises(InvalidRecordError, match="expected 'qwirkle-view'"):
        PlayerView.from_json(seen.to_json())
    with pytest.raises(TypeError, match="PlayerView"):
        check_spectator_view(view(state, 0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="SpectatorView"):
        check_view(seen)  # type: ignore[arg-type]


def test_a_spectator_view_draws_the_table() -> None:
    state = play(3, 6)[-1]
    assert view(state)._repr_svg_() == board_svg(state) == view(state, 0)._repr_svg_()


def test_a_bot_refuses_a_spectator_view() -> None:
    state = play(3, 4)[-1]
    with pytest.raises(TypeError, match="spectator"):
        GreedyBot(seed=1).choose(view(state))  # type: ignore[arg-type]
    assert GreedyBot(seed=1).choose(view(state, state.current)) == GreedyBot(seed=1).choose(state)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="qwirkle-view"), "expected 'qwirkle-spectator-view'"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(player=0), "unknown key"),
        (lambda d: d.update(hand=["Ro"]), "unknown key"),
        (lambda d: d.update(hand_sizes=[6]), "expected 2 to 2 items"),
        (lambda d: d.update(board=[[0, 0, "Ro"], [5, 5, "Rs"]]), "not all connected"),
        (lambda d: d.update(scores=[0, True]), "expected an integer"),
        (lambda d: d.update(current=2), "$.current"),
        (lambda d: d.update(history=[{"player": 0}]), "missing"),
        (lambda d: d.pop("outcome"), "missing"),
        (lambda d: d["rules"].update(hand_size="six"), "expected an integer"),
    ],
)
def test_malformed_spectator_json_is_refused_with_its_path(change: object, words: str) -> None:
    data = view(play(3, 4)[-1]).to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidRecordError) as caught:
        SpectatorView.from_json(json.loads(json.dumps(data)))
    assert words in str(caught.value)


def test_text_that_is_no_json_is_refused() -> None:
    with pytest.raises(InvalidRecordError):
        SpectatorView.from_json("{not json")


def _shown_exchange(data: dict[str, object]) -> None:
    state = with_an_exchange()
    history = data["history"]
    assert isinstance(history, list)
    last = dict(history[-1])
    del last["exchanged"]
    last["move"] = format_move(state.history[-1].move)
    history[-1] = last


@pytest.mark.rule("SETUP-2", "SETUP-3", "TILES-2", "SCORE-1")
@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_shown_exchange, "shows the tiles of an exchange to a spectator (Rule SETUP-2)"),
        (lambda d: d.update(bag_size=d["bag_size"] - 1), "(Rule TILES-2)"),
        (lambda d: d.update(hand_sizes=[6, 5]), "while the bag has tiles (Rule SETUP-3)"),
        (lambda d: d.update(scores=[0, 0]), "but its turns earned 3 (Rule SCORE-1)"),
    ],
)
def test_impossible_spectator_views_are_refused_with_the_rule(change: object, words: str) -> None:
    data = view(with_an_exchange()).to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidRecordError) as caught:
        SpectatorView.from_json(json.loads(json.dumps(data)))
    assert words in str(caught.value)


def test_check_spectator_view_refuses_impossible_views() -> None:
    seen = view(with_an_exchange())
    shown = SeenTurn(seen.history[-1].seat, Exchange(view(with_an_exchange(), 0).hand[:1]), seen.history[-1].score)
    with pytest.raises(InvalidStateError, match="to a spectator"):
        check_spectator_view(attrs.evolve(seen, history=(*seen.history[:-1], shown)))
    with pytest.raises(InvalidStateError, match="current must be a seat"):
        check_spectator_view(attrs.evolve(seen, current=5))
    with pytest.raises(InvalidStateError, match="hand_sizes"):
        check_spectator_view(attrs.evolve(seen, hand_sizes=[6, 6]))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="1 to 6 tiles"):
        check_spectator_view(
            attrs.evolve(seen, history=(*seen.history[:-1], attrs.evolve(seen.history[-1], move=HiddenExchange(7))))
        )
