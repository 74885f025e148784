"""Rules SCORE-1 to SCORE-8, with the worked numbers of the rulebooks."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import attrs
import pytest

from qwirkle import Exchange, Place, RuleSet, Score, ScoredLine, apply, legal_moves, new_game, score, verify
from tests.helpers import hole_for, make_state, packed_state, place, t, tiles

TWO_QWIRKLES = """
Ro Rs Rd Rc Rx .
.  .  .  .  Ox O*
.  .  .  .  .  Y*
.  .  .  .  .  G*
.  .  .  .  .  B*
.  .  .  .  .  P*
"""
"""One red star completes both the red row and the star column on (5, 0)."""


@pytest.mark.rule("SCORE-1")
def test_a_line_scores_every_tile_in_it_including_those_already_there() -> None:
    state = make_state("Ro Rs Rd", "Rc Rx Bo Go Yo Po")
    one = score(state, place({(3, 0): "Rc"}))
    assert one.total == 4
    assert [line.points for line in one.lines] == [4]
    two = score(state, place({(3, 0): "Rc", (4, 0): "Rx"}))
    assert two.total == 5
    after = apply(state, place({(3, 0): "Rc"}))
    assert after.scores == (4, 0)
    assert after.history[-1].score == one


@pytest.mark.rule("SCORE-1")
def test_scores_add_up_over_the_turns() -> None:
    state = make_state("Ro Rs Rd", "Rc Rx Bo Go Yo Po", ["Oo Os Od Oc Ox Yx"], scores=[10, 7])
    state = apply(state, place({(3, 0): "Rc"}))
    state = apply(state, place({(0, 1): "Oo", (1, 1): "Os"}))
    # The orange row (2) and the two columns it makes under the red circle and square (2 + 2).
    assert state.scores == (14, 13)


@pytest.mark.rule("SCORE-2")
def test_a_tile_in_a_row_and_a_column_scores_in_both() -> None:
    # As in the rulebook's figure of a tile in two lines: the blue square ends a column of two and a row of two.
    state = make_state("Ro Rs\nBo .", "Bs Gx Yx Ox Px Rx")
    result = score(state, place({(1, 1): "Bs"}))
    assert result.total == 4
    assert sorted(line.cells for line in result.lines) == [((0, 1), (1, 1)), ((1, 0), (1, 1))]


@pytest.mark.rule("SCORE-2")
def test_a_tile_joining_a_row_of_three_and_a_column_of_two() -> None:
    state = make_state("Ro Rs Rd\n.  .  Od", "Yd Rc Gx Ox Px Bx")
    # Under the orange diamond: the diamond column (3) and no row. At the end of the red row: the row alone (4).
    assert score(state, place({(2, 2): "Yd"})).total == 3
    assert score(state, place({(3, 0): "Rc"})).total == 4


@pytest.mark.rule("SCORE-3")
def test_two_tiles_at_both_ends_of_a_line_count_the_line_once() -> None:
    # wikiHow: two tiles added to a line of two make a line of four, worth 4.
    state = make_state(". Rs Rd", "Ro Rc Bx Gx Yx Ox")
    result = score(state, place({(0, 0): "Ro", (3, 0): "Rc"}))
    assert result.total == 4
    assert len(result.lines) == 1


@pytest.mark.rule("SCORE-3", "SCORE-2")
def test_a_row_laid_along_a_row_scores_itself_once_and_each_column_it_makes() -> None:
    state = make_state("Ro Rs Rd", "Oo Os Od Bx Gx Yx")
    result = score(state, place({(0, 1): "Oo", (1, 1): "Os", (2, 1): "Od"}))
    # The orange row (3) and three columns of two.
    assert result.total == 3 + 2 + 2 + 2
    assert sorted(line.points for line in result.lines) == [2, 2, 2, 3]


@pytest.mark.rule("SCORE-3")
def test_placed_tiles_with_no_cross_line_add_nothing_beyond_the_line() -> None:
    state = make_state("Ro Rs", "Rd Rc Rx Bo Go Yo")
    assert score(state, place({(2, 0): "Rd", (3, 0): "Rc", (4, 0): "Rx"})).total == 5
    assert score(state, place({(0, 1): "Bo", (0, 2): "Go", (0, 3): "Yo"})).total == 4


@pytest.mark.rule("SCORE-4")
def test_completing_a_line_of_six_scores_twelve() -> None:
    state = make_state("Ro Rs Rd Rc Rx", "R* Bo Go Yo Po Oo")
    result = score(state, place({(5, 0): "R*"}))
    assert result.total == 12
    assert result.qwirkles == 1
    assert result.qwirkle_points == 6
    assert [line.qwirkle for line in result.lines] == [True]


@pytest.mark.rule("SCORE-4")
def test_a_qwirkle_in_a_column_laid_in_one_move() -> None:
    state = make_state("Ro", "Oo Yo Go Bo Po Rs")
    move = place({(0, 1): "Oo", (0, 2): "Yo", (0, 3): "Go", (0, 4): "Bo", (0, 5): "Po"})
    assert score(state, move).total == 12


@pytest.mark.rule("SCORE-4")
def test_a_line_of_five_is_no_qwirkle() -> None:
    state = make_state("Ro Rs Rd", "Rc Rx Bo Go Yo Po")
    result = score(state, place({(3, 0): "Rc", (4, 0): "Rx"}))
    assert result.qwirkles == 0
    assert result.qwirkle_points == 0


@pytest.mark.rule("SCORE-4")
@pytest.mark.parametrize(("bonus", "total"), [(0, 6), (6, 12), (10, 16)])
def test_qwirkle_bonus_option(bonus: int, total: int) -> None:
    state = make_state("Ro Rs Rd Rc Rx", "R* Bo Go Yo Po Oo", rules=RuleSet(qwirkle_bonus=bonus))
    assert score(state, place({(5, 0): "R*"})).total == total


@pytest.mark.rule("SCORE-5")
def test_one_tile_completing_two_qwirkles_earns_both_bonuses() -> None:
    state = make_state(TWO_QWIRKLES, "R* Bo Go Yo Po Oo")
    result = score(state, place({(5, 0): "R*"}))
    assert result.total == 6 + 6 + 6 + 6
    assert result.qwirkles == 2
    assert result.qwirkle_points == 12


@pytest.mark.rule("SCORE-5")
def test_a_move_completing_its_line_and_a_cross_line_earns_both_bonuses() -> None:
    state = make_state(
        """
        Ro Rs Rd Rc .  .
        .  .  .  Oc Ox O*
        .  .  .  .  .  Y*
        .  .  .  .  .  G*
        .  .  .  .  .  B*
        .  .  .  .  .  P*
        """,
        "Rx R* Bo Go Yo Po",
    )
    result = score(state, place({(4, 0): "Rx", (5, 0): "R*"}))
    # The red row (6 + 6), the star column (6 + 6) and the short column Rx-Ox (2).
    assert result.total == 12 + 12 + 2
    assert result.qwirkles == 2


@pytest.mark.rule("SCORE-5")
def test_each_bonus_follows_the_option() -> None:
    state = make_state(TWO_QWIRKLES, "R* Bo Go Yo Po Oo", rules=RuleSet(qwirkle_bonus=4))
    assert score(state, place({(5, 0): "R*"})).total == 6 + 4 + 6 + 4


@pytest.mark.rule("SCORE-6")
def test_an_exchange_scores_nothing() -> None:
    state = make_state("Ro Rs Rd", "Rc Rx Bo Go Yo Po", scores=[5, 9])
    move = Exchange(tiles("Bo Go"))
    result = verify(state, move)
    assert result.total == 0
    assert result.lines == ()
    after = apply(state, move)
    assert after.scores == (5, 9)
    assert after.history[-1].score.total == 0


@pytest.mark.rule("SCORE-7")
def test_a_single_tile_after_the_opening_always_forms_a_line() -> None:
    # lone_tile_points applies to a move that forms no line; after the opening every tile touches one.
    state = make_state("Ro Rs", "Rd Bo Go Yo Po Oo", rules=RuleSet(lone_tile_points=5))
    result = score(state, place({(0, 1): "Bo"}))
    assert result.total == 2
    assert result.lone_tile_points == 0


@pytest.mark.rule("SCORE-8")
def test_going_out_adds_six() -> None:
    state = packed_state(["Os", "Yd Gc"], scores=[40, 50])
    move = place({hole_for(state, t("Os")): "Os"})
    result = score(state, move)
    # The hole's row and column are each a Qwirkle (12 + 12), then the bonus for the last tile.
    assert result.total == 24 + 6
    assert result.end_bonus == 6
    after = apply(state, move)
    assert after.scores == (70, 50)


@pytest.mark.rule("SCORE-8")
def test_no_end_bonus_while_tiles_remain() -> None:
    state = packed_state(["Os Yd", "Gc"])
    result = score(state, place({hole_for(state, t("Os")): "Os"}))
    assert result.total == 24
    assert result.end_bonus == 0
    # A move that empties a hand while the bag still has tiles is refilled, so it is no going out.
    opening = make_state({}, "Ro Rs Rd Rc Rx R*", ["Bo Go Yo Po Oo Bs"])
    full = score(opening, Place({(i, 0): tile for i, tile in enumerate(tiles("Ro Rs Rd Rc Rx R*"))}))
    assert full.end_bonus == 0
    assert full.total == 12


@pytest.mark.rule("SCORE-8")
@pytest.mark.parametrize("bonus", [0, 10])
def test_end_bonus_option(bonus: int) -> None:
    state = packed_state(["Os", "Yd Gc"], rules=RuleSet(end_bonus=bonus))
    assert score(state, place({hole_for(state, t("Os")): "Os"})).total == 24 + bonus


@pytest.mark.rule("SCORE-1", "SCORE-2", "SCORE-3")
def test_every_turn_of_a_seeded_game_scores_its_lines_and_bonuses() -> None:
    state = new_game(["Ann", "Bob", "Cyd"], seed=31)
    for _ in range(20):
        found = legal_moves(state).best()
        if found is None:
            break
        move, result = found
        lines = sum(line.points for line in result.lines)
        assert result.total == lines + result.qwirkle_points + result.lone_tile_points + result.end_bonus
        assert result.qwirkle_points == 6 * result.qwirkles
        assert len({line.cells for line in result.lines}) == len(result.lines)
        assert all(any(cell in line.cells for cell in move.cells) for line in result.lines)
        seat = state.current
        after = apply(state, move)
        assert after.scores[seat] == state.scores[seat] + result.total
        state = after


_SCORE_USES: dict[str, Callable[[Score], object]] = {
    "==": lambda result: result,
    "hash": hash,
    "repr": repr,
    "pickle": lambda result: pickle.loads(pickle.dumps(result)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "asdict": attrs.asdict,
    "astuple": attrs.astuple,
    "evolve": lambda result: attrs.evolve(result, total=25),
    "lines": lambda result: result.lines,
    "qwirkles": lambda result: result.qwirkles,
}
"""What a user may do with a score, each as a function of it, for the comparison below."""


@pytest.mark.rule("SCORE-1", "SCORE-2", "SCORE-4")
@pytest.mark.parametrize("use", list(_SCORE_USES))
def test_a_score_built_by_the_engine_is_the_value_built_whole(use: str) -> None:
    """The engine fills a score's slots directly, and its lines only when first read: it is one made by ``Score``.

    Each use is tried on a score just worked out, whose lines nobody has read yet.
    """
    state = make_state(TWO_QWIRKLES, "R* Bo Go Yo Po Oo")
    move = place({(5, 0): "R*"})
    whole = Score(
        total=24,
        lines=(
            ScoredLine(cells=((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)), qwirkle=True),
            ScoredLine(cells=((5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (5, 5)), qwirkle=True),
        ),
        qwirkle_points=12,
    )
    take = _SCORE_USES[use]
    assert take(score(state, move)) == take(whole)
    assert take(apply(state, move).history[-1].score) == take(whole)
    result = score(state, move)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.lines = ()  # type: ignore[misc]
    with pytest.raises(AttributeError, match="'Score' object has no attribute 'line'"):
        result.line  # type: ignore[attr-defined]  # noqa: B018
