"""The adapters' observation: built from what the player may see, so hidden information never changes it."""

from __future__ import annotations

import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import GameState, RuleSet, new_game, sample_state, view
from qwirkle._engine.geometry import key
from qwirkle.adapters.actions import ActionTurn
from qwirkle.adapters.encoding import _cell_numbers
from qwirkle.testing import play, reachable_states
from tests.optional import require
from tests.strategies import examples

np = require("numpy")

from qwirkle.adapters.observation import PLANES, ObservationLayout, action_mask, observe  # noqa: E402


def partway(state: GameState, rng: random.Random) -> ActionTurn:
    """The turn of ``state`` after a few random actions putting a tile on the table or into the exchange."""
    turn = ActionTurn.start(state)
    layout = turn.layout
    for _ in range(rng.randrange(3)):
        tiles = [a for a in turn.legal_actions() if a < layout.end or layout.exchange <= a < layout.pass_]
        if not tiles:
            break
        step = turn.after(rng.choice(tiles))
        assert isinstance(step, ActionTurn)
        turn = step
    return turn


@settings(max_examples=examples(50))
@given(state=reachable_states(), seed=st.integers(0, 2**32 - 1))
def test_hidden_information_never_changes_the_observation(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    turn = partway(state, rng)
    for seat in range(len(state.players)):
        seen = view(state, seat)
        mine = observe(seen, turn)
        # The other hands and the bag dealt again, the bag reordered, another random state: the same view.
        guess = sample_state(seen, random.Random(seed + seat))
        shuffled = attrs.evolve(state, bag=tuple(rng.sample(state.bag, len(state.bag))), rng=rng.getrandbits(64))
        for other in (guess, shuffled):
            assert view(other, seat) == seen
            if seat == state.current:
                replayed = ActionTurn.start(other)
                for action in turn.actions():
                    step = replayed.after(action)
                    assert isinstance(step, ActionTurn)
                    replayed = step
                assert np.array_equal(observe(view(other, seat), replayed), mine)
                assert np.array_equal(action_mask(replayed, turn.layout), action_mask(turn, turn.layout))
            else:
                assert np.array_equal(observe(view(other, seat), turn), mine)


@settings(max_examples=examples(30))
@given(state=reachable_states(), seed=st.integers(0, 2**32 - 1))
def test_the_observation_shows_the_table_the_hand_and_the_counts(state: GameState, seed: int) -> None:
    turn = partway(state, random.Random(seed))
    layout = ObservationLayout.of(state.rules)
    seat = state.current
    vector = observe(view(state, seat), turn)
    assert vector.shape == (layout.size,)
    assert vector.dtype == np.float32
    assert np.all(vector >= 0)
    assert np.all(vector <= layout.high)
    parts = layout.split(vector)
    planes = parts["planes"]
    numbers = _cell_numbers(turn.origin, layout.window)
    placed = dict(turn.placed)
    for cell, tile in state.board.items():
        row, column = divmod(numbers[key(cell)], layout.window)
        assert planes[tile.colour.value, row, column] == 1
        assert planes[6 + tile.shape.value, row, column] == 1
    assert int(planes[PLANES.index("occupied")].sum()) == len(state.board) + len(placed)
    assert int(planes[PLANES.index("placed this turn")].sum()) == len(placed)
    assert int(parts["hand"].sum()) == len(state.hand) - len(placed) - len(turn.marked)
    unseen = parts["unseen"] * state.rules.copies_per_tile
    assert round(float(unseen.sum())) == len(state.bag) + sum(len(h) for s, h in enumerate(state.hands) if s != seat)
    assert np.isclose(parts["bag"][0], len(state.bag) / state.rules.tile_count)
    assert np.isclose(parts["scores"][0] * 100, state.scores[seat])
    mask = action_mask(turn, turn.layout)
    assert mask.nonzero()[0].tolist() == turn.legal_actions()


def test_the_empty_table_opens_at_the_origin_and_the_layout_follows_the_rules() -> None:
    state = new_game(["Ann", "Bob"], seed=1)
    planes = ObservationLayout().split(observe(view(state, 0)))["planes"]
    assert planes[PLANES.index("open")].sum() == 1
    assert planes[PLANES.index("open"), 18, 18] == 1
    small = ObservationLayout.of(RuleSet(hand_size=4))
    assert small.split(np.zeros(small.size, dtype=np.float32))["hand"].shape == (4, 36)


def test_tiles_put_into_the_exchange_leave_their_slots_blank_for_the_mover_alone() -> None:
    state = play(new_game(["Ann", "Bob"], seed=3), random.Random(3), max_turns=4)[-1]
    turn = ActionTurn.start(state)
    step = turn.after(turn.layout.exchange + 2)
    assert isinstance(step, ActionTurn)
    layout = ObservationLayout.of(state.rules)
    mover, other = state.current, 1 - state.current
    before, after = (layout.split(observe(view(state, mover), t))["hand"] for t in (turn, step))
    assert after[2].sum() == 0
    assert before[2].sum() == 1
    assert np.array_equal(np.delete(before, 2, axis=0), np.delete(after, 2, axis=0))
    # The others cannot see which tile went into the exchange: their observation does not change.
    assert np.array_equal(observe(view(state, other), turn), observe(view(state, other), step))
