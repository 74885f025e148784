"""Rules START-1 to START-7: who starts, what the opening lays and what it scores, and the turn order."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from qwirkle import (
    Colour,
    Exchange,
    GameState,
    IllegalMoveError,
    InvalidStateError,
    Pass,
    Place,
    Rule,
    RuleSet,
    Shape,
    StartTiebreak,
    Tile,
    apply,
    choose_starter,
    is_legal,
    legal_moves,
    new_game,
    score,
    verify,
)
from tests.helpers import assert_illegal, make_state, t, tiles


def largest_group(hand: Sequence[Tile]) -> int:
    """The largest group by the words of START-1, written independently of the engine."""
    by_colour = max(len({x.shape for x in hand if x.colour is c}) for c in Colour)
    by_shape = max(len({x.colour for x in hand if x.shape is s}) for s in Shape)
    return max(by_colour, by_shape)


def row(specs: str, origin: tuple[int, int] = (0, 0)) -> Place:
    x, y = origin
    return Place({(x + i, y): tile for i, tile in enumerate(tiles(specs))})


def opening(hand: str, *others: str, rules: RuleSet | None = None) -> GameState:
    return make_state({}, hand, list(others) or None, rules=rules)


# START-1: the largest group, identical tiles counted once


@pytest.mark.rule("START-1")
def test_identical_tiles_count_once_when_finding_the_largest_group() -> None:
    # Four red tiles, but only two different ones: a group of 2, which loses to three circles.
    reds = tiles("Ro Ro Ro Rs Bd Gx")
    circles = tiles("Bo Go Yo Ps Pd Oc")
    assert largest_group(reds) == 2
    assert choose_starter([reds, circles]) == 1
    assert choose_starter([circles, reds]) == 0


@pytest.mark.rule("START-1", "START-4")
def test_the_largest_group_is_what_could_be_laid_as_one_line() -> None:
    # The wikiHow example: red square, red circle, blue circle, green circle, orange diamond, purple star.
    state = opening("Rs Ro Bo Go Od P*")
    assert is_legal(state, row("Ro Bo Go"))
    assert_illegal(state, row("Rs Ro"), Rule.START_4, mentions=["3"])


@pytest.mark.rule("START-1", "START-4")
def test_duplicates_cannot_make_the_opening_longer() -> None:
    state = opening("Ro Ro Ro Rs Bd Gx")
    assert is_legal(state, row("Ro Rs"))
    assert_illegal(state, row("Ro Rs Ro"), Rule.LINE_3, mentions=["red circle"])
    assert_illegal(state, row("Ro"), Rule.START_4)


# START-2: the largest group starts


@pytest.mark.rule("START-2")
def test_the_player_with_the_largest_group_starts() -> None:
    hands = [tiles("Ro Os Yd Gc Bx P*"), tiles("Ro Rs Rd Rc Ox Y*"), tiles("Bo Go Yo Ps Pd Oc")]
    assert [largest_group(hand) for hand in hands] == [1, 4, 3]
    assert choose_starter(hands) == 1


@pytest.mark.rule("START-1", "START-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_gives_the_first_turn_to_a_largest_group(players: int) -> None:
    for seed in range(40):
        state = new_game([f"P{i}" for i in range(players)], seed=seed)
        sizes = [largest_group(hand) for hand in state.hands]
        assert sizes[state.starter] == max(sizes), (seed, sizes)
        assert state.current == state.starter


# START-3: ties


TIED = [tiles("Ro Rs Bx Gc Yd P*"), tiles("Bo Go Yx Ps Od Rc"), tiles("Yo Ys Bd Gx Pc O*")]
"""Three hands whose largest groups all have two tiles."""


@pytest.mark.rule("START-3")
def test_a_tie_goes_to_the_oldest_player_by_default() -> None:
    assert [largest_group(hand) for hand in TIED] == [2, 2, 2]
    assert choose_starter(TIED, ages=[30, 70, 50]) == 1
    assert choose_starter(TIED, ages=[80, 70, 50]) == 0
    assert RuleSet().start_tiebreak is StartTiebreak.OLDEST


@pytest.mark.rule("START-3")
def test_only_tied_players_are_considered_for_the_tiebreak() -> None:
    # The oldest player at the table does not start if their group is smaller.
    hands = [tiles("Ro Os Yd Gc Bx P*"), *TIED[1:]]
    assert choose_starter(hands, ages=[99, 20, 30]) == 2


@pytest.mark.rule("START-3")
def test_the_youngest_tiebreak_option() -> None:
    assert choose_starter(TIED, StartTiebreak.YOUNGEST, ages=[30, 70, 50]) == 0
    assert choose_starter(TIED, StartTiebreak.YOUNGEST, ages=[30, 70, 20]) == 2
    assert RuleSet.preset("youngest_starts").start_tiebreak is StartTiebreak.YOUNGEST


@pytest.mark.rule("START-3")
def test_the_seat_order_tiebreak_option_ignores_ages() -> None:
    assert choose_starter(TIED, StartTiebreak.SEAT_ORDER, ages=[30, 70, 50]) == 0
    assert choose_starter(TIED[1:], StartTiebreak.SEAT_ORDER, ages=[90, 10]) == 0


@pytest.mark.rule("START-3")
def test_equal_ages_and_missing_ages_fall_back_to_seat_order() -> None:
    assert choose_starter(TIED, ages=[30, 50, 50]) == 1
    assert choose_starter(TIED, StartTiebreak.YOUNGEST, ages=[50, 20, 20]) == 1
    assert choose_starter(TIED) == 0


@pytest.mark.rule("START-3")
def test_a_tiebreak_function_gets_the_tied_seats_and_picks_one() -> None:
    seen: list[tuple[int, ...]] = []

    def last(tied: tuple[int, ...]) -> int:
        seen.append(tied)
        return tied[-1]

    hands = [tiles("Ro Os Yd Gc Bx P*"), *TIED[1:]]
    assert choose_starter(hands, ages=[1, 99, 1], tiebreak=last) == 2
    assert seen == [(1, 2)]


@pytest.mark.rule("START-3")
def test_a_tiebreak_function_must_pick_a_tied_seat() -> None:
    with pytest.raises(InvalidStateError):
        choose_starter(TIED, tiebreak=lambda tied: 7)


@pytest.mark.rule("START-3")
def test_new_game_settles_a_dealt_tie_by_age_or_by_option() -> None:
    for seed in range(200):
        dealt = new_game(["Ann", "Bob", "Cyd"], seed=seed)
        sizes = [largest_group(hand) for hand in dealt.hands]
        tied = [seat for seat, size in enumerate(sizes) if size == max(sizes)]
        if len(tied) >= 2:
            break
    else:
        pytest.fail("no seed below 200 deals a tie")
    oldest, youngest = tied[-1], tied[0]
    ages = [50.0, 50.0, 50.0]
    ages[oldest] = 80.0
    ages[youngest] = 10.0
    assert new_game(["Ann", "Bob", "Cyd"], seed=seed, ages=ages).starter == oldest
    young = RuleSet.preset("youngest_starts")
    assert new_game(["Ann", "Bob", "Cyd"], seed=seed, ages=ages, rules=young).starter == youngest
    assert new_game(["Ann", "Bob", "Cyd"], seed=seed, tiebreak=lambda seats: seats[-1]).starter == tied[-1]


# START-4: the opening lays a largest group as one line


@pytest.mark.rule("START-4")
def test_the_opening_must_lay_the_whole_largest_group() -> None:
    state = opening("Ro Rs Rd Bx Gc P*")
    assert is_legal(state, row("Ro Rs Rd"))
    assert is_legal(state, row("Rd Ro Rs"))
    error = assert_illegal(state, row("Ro Rs"), Rule.START_4)
    assert "3 tiles" in str(error)
    assert_illegal(state, row("Ro"), Rule.START_4)


@pytest.mark.rule("START-4")
def test_the_opening_may_lie_in_a_column_and_anywhere() -> None:
    state = opening("Ro Rs Rd Bx Gc P*")
    column = Place({(-40, 9): t("Rs"), (-40, 10): t("Ro"), (-40, 11): t("Rd")})
    assert is_legal(state, column)
    assert is_legal(state, row("Ro Rs Rd", origin=(1000, -1000)))
    # legal_moves lists openings from (0, 0) only, so an opening elsewhere is checked with is_legal.
    assert row("Ro Rs Rd") in legal_moves(state)
    assert column not in legal_moves(state)


@pytest.mark.rule("START-4", "PLACE-2")
def test_the_opening_tiles_must_be_adjacent_in_one_line() -> None:
    state = opening("Ro Rs Rd Bx Gc P*")
    gap = Place({(0, 0): t("Ro"), (1, 0): t("Rs"), (3, 0): t("Rd")})
    assert_illegal(state, gap, Rule.PLACE_2, mentions=["(2, 0)"])
    bent = Place({(0, 0): t("Ro"), (1, 0): t("Rs"), (1, 1): t("Rd")})
    assert_illegal(state, bent, Rule.PLACE_1)


@pytest.mark.rule("START-4")
def test_any_of_several_largest_groups_may_open() -> None:
    state = opening("Ro Rs Rd Bo Go Y*")
    assert is_legal(state, row("Ro Rs Rd"))
    assert is_legal(state, row("Ro Bo Go"))
    openings = {frozenset(move.tiles) for move in legal_moves(state).placements()}
    assert openings == {frozenset(tiles("Ro Rs Rd")), frozenset(tiles("Ro Bo Go"))}


@pytest.mark.rule("START-4")
def test_the_first_turn_cannot_be_an_exchange_or_a_pass() -> None:
    state = opening("Ro Rs Rd Bx Gc P*")
    assert_illegal(state, Exchange(tiles("Bx")), Rule.START_4)
    assert_illegal(state, Pass(), Rule.START_4)
    voluntary = opening("Ro Rs Rd Bx Gc P*", rules=RuleSet(allow_voluntary_pass=True))
    assert_illegal(voluntary, Pass(), Rule.START_4)
    assert all(isinstance(move, Place) for move in legal_moves(state))


@pytest.mark.rule("START-4")
def test_option_lets_the_opening_lay_part_of_a_group() -> None:
    rules = RuleSet(opening_must_play_max_group=False)
    state = opening("Ro Rs Rd Bx Gc P*", rules=rules)
    assert is_legal(state, row("Ro Rs"))
    assert is_legal(state, row("Gc"))
    assert verify(state, row("Rs Rd")).total == 2
    assert_illegal(state, row("Ro Bx"), Rule.PLACE_3)


# START-5: the opening scores like any placement, then the starter refills


@pytest.mark.rule("START-5")
@pytest.mark.parametrize("seed", range(8))
def test_the_opening_scores_a_point_per_tile_and_the_starter_refills(seed: int) -> None:
    state = new_game(["Ann", "Bob", "Cyd"], seed=seed)
    move = next(iter(legal_moves(state)))
    assert isinstance(move, Place)
    size = len(move)
    assert size == largest_group(state.hand)
    after = apply(state, move)
    expected = 1 if size == 1 else size + (6 if size == 6 else 0)
    assert after.scores[state.starter] == expected
    assert len(after.hands[state.starter]) == 6
    assert len(after.bag) == len(state.bag) - size
    assert after.current == (state.starter + 1) % 3


@pytest.mark.rule("START-5", "SCORE-4")
def test_an_opening_of_six_is_a_qwirkle() -> None:
    state = opening("Ro Rs Rd Rc Rx R*")
    result = score(state, row("Ro Rs Rd Rc Rx R*"))
    assert result.total == 12
    assert result.qwirkles == 1


# START-6: a one-tile opening


LONERS = "Ro Os Yd Gc Bx P*"
"""A hand in which no two tiles share a colour or a shape."""


@pytest.mark.rule("START-6", "SCORE-7")
def test_a_one_tile_opening_scores_one_point() -> None:
    state = opening(LONERS)
    assert largest_group(state.hand) == 1
    result = score(state, row("Gc"))
    assert result.total == 1
    assert result.lines == ()
    assert result.lone_tile_points == 1
    assert apply(state, row("Gc")).scores[0] == 1
    assert_illegal(state, row("Ro Os"), Rule.PLACE_3)


@pytest.mark.rule("START-6", "SCORE-7")
@pytest.mark.parametrize("points", [0, 1, 3])
def test_lone_tile_points_option(points: int) -> None:
    rules = RuleSet(lone_tile_points=points)
    state = opening(LONERS, rules=rules)
    assert score(state, row("Bx")).total == points
    # Only a move that forms no line is lone: a two-tile opening is an ordinary line.
    grouped = opening("Ro Rs Yd Gc Bx P*", rules=rules)
    assert score(grouped, row("Ro Rs")).total == 2


@pytest.mark.rule("START-6")
def test_each_of_the_lone_tiles_may_open() -> None:
    state = opening(LONERS)
    placements = list(legal_moves(state).placements())
    assert sorted(move.tiles[0] for move in placements) == sorted(tiles(LONERS))
    assert all(len(move) == 1 for move in placements)


# START-7: turns go round in seat order


@pytest.mark.rule("START-7")
def test_turns_go_round_in_seat_order_from_the_starter() -> None:
    state = new_game(["Ann", "Bob", "Cyd", "Dee"], seed=9)
    seats = [state.current]
    for _ in range(9):
        moves = legal_moves(state)
        found = moves.best()
        move = found[0] if found is not None else next(iter(moves))
        state = apply(state, move)
        seats.append(state.current)
    start = seats[0]
    assert seats == [(start + i) % 4 for i in range(10)]
    assert [turn.seat for turn in state.history] == seats[:-1]


@pytest.mark.rule("START-7")
def test_moving_out_of_turn_is_refused() -> None:
    state = make_state({}, "Ro Rs Rd Bx Gc P*", ["Oo Os Od Yx Yc G*", "Bo Bs Bd Px Pc O*"], current=1)
    move = row("Ro Rs Rd")
    for seat in (0, 2):
        error = assert_illegal(state, move, Rule.START_7, seat=seat)
        assert "P1" in str(error)
    after = apply(state, move, seat=1)
    assert after.current == 2
    assert verify(state, move, seat=1).total == 3
    assert_illegal(after, Exchange(tiles("Bo")), Rule.START_7, seat=1)
    assert apply(after, Exchange(tiles("Bo")), seat=2).current == 0


@pytest.mark.rule("START-7")
def test_score_refuses_a_move_from_the_wrong_seat_as_verify_does() -> None:
    state = make_state({}, "Ro Rs Rd Bx Gc P*", ["Oo Os Od Yx Yc G*", "Bo Bs Bd Px Pc O*"], current=1)
    move = row("Ro Rs Rd")
    assert score(state, move, seat=1) == verify(state, move, seat=1)
    with pytest.raises(IllegalMoveError) as caught:
        score(state, move, seat=2)
    assert caught.value.rule is Rule.START_7


@pytest.mark.rule("START-7")
def test_the_seat_after_the_last_is_the_first() -> None:
    state = make_state({}, "Ro Rs Rd Bx Gc P*", ["Oo Os Od Yx Yc G*"], current=1)
    assert apply(state, row("Ro Rs Rd")).current == 0
    three = make_state({}, "Ro Rs Rd Bx Gc P*", ["Oo Os Od Yx Yc G*", "Bo Bs Bd Px Pc O*"], current=2)
    assert apply(three, row("Ro Rs Rd")).current == 0
