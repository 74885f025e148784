"""One test or more for each rule of Qwirkle Cards, CARDS-1 to CARDS-11, named by its marker."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from qwirkle import IllegalMoveError, InvalidOptionsError, InvalidStateError, Rule
from qwirkle.cards import (
    BlockedAction,
    CardsEndReason,
    CardsRuleSet,
    CardsState,
    Lay,
    Pass,
    Redraw,
    StartTiebreak,
    apply,
    can_lay,
    check_state,
    choose_starter,
    is_legal,
    largest_series_size,
    legal_moves,
    most_cards,
    new_game,
    parse_cards,
    position,
    verify,
)
from qwirkle.cards.series import series_fault

from .helpers import census, play

# Two hands where no colour and no shape holds three different cards: nobody can open a series.
BLOCKED_A = "Ro Rs Os Od Yd Yc Gc Gx Bx"
BLOCKED_B = "Oo Yo Ys Gs Gd Bd Bc Pc Px"
OTHER = "Ox Yx Px Go Gs Gd Bo Bs Bd"


def refused(state: CardsState, move: Lay | Pass | Redraw) -> Rule:
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move)
    return caught.value.rule


@pytest.mark.rule("CARDS-1")
def test_the_deck_is_108_cards_three_of_each_of_the_36() -> None:
    state = new_game(["Ann", "Bob", "Cid"], seed=11)
    counts = census(state)
    assert sum(counts.values()) == 108
    assert len(counts) == 36
    assert set(counts.values()) == {3}


@pytest.mark.rule("CARDS-1")
def test_a_state_with_a_fourth_copy_of_a_card_is_refused() -> None:
    state = new_game(["Ann", "Bob"], seed=11)
    with pytest.raises(InvalidStateError, match="CARDS-1"):
        position(state.players, (), state.hands, deck=(*state.deck, state.deck[0]))
    with pytest.raises(InvalidStateError, match="CARDS-1"):
        position(state.players, (), state.hands, deck=state.deck[1:])
    with pytest.raises(InvalidStateError, match="CARDS-1"):
        check_state(attrs.evolve(state, deck=state.deck[1:]))


@pytest.mark.rule("CARDS-2")
@pytest.mark.parametrize("players", [1, 5])
def test_the_game_takes_two_to_four_players(players: int) -> None:
    with pytest.raises(InvalidStateError, match="CARDS-2"):
        new_game([f"p{i}" for i in range(players)], seed=1)


@pytest.mark.rule("CARDS-2")
def test_hands_hold_nine_cards_and_refill_to_nine_after_a_turn() -> None:
    state = new_game(["Ann", "Bob", "Cid", "Dee"], seed=5)
    assert [len(hand) for hand in state.hands] == [9, 9, 9, 9]
    assert len(state.deck) == 108 - 36
    move = most_cards(state)
    assert move is not None
    after = apply(state, move)
    assert len(after.hands[state.current]) == 9
    assert len(after.deck) == len(state.deck) - len(move.played)


@pytest.mark.rule("CARDS-2")
def test_the_hand_size_is_an_option() -> None:
    rules = CardsRuleSet(cards_hand_size=6)
    state = new_game(["Ann", "Bob"], seed=5, rules=rules)
    assert [len(hand) for hand in state.hands] == [6, 6]
    with pytest.raises(InvalidOptionsError):
        CardsRuleSet(cards_hand_size=27)
    with pytest.raises(InvalidOptionsError):
        CardsRuleSet(cards_hand_size=2)


@pytest.mark.rule("CARDS-3")
@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("Ro Rs Bd", "mixes colours and shapes"),
        ("Ro Rs Rs", "twice"),
        ("Ro Bo Go Ro", "twice"),
    ],
)
def test_a_series_is_one_colour_or_one_shape_without_repeats(cards: str, words: str) -> None:
    fault = series_fault([card.index for card in parse_cards(cards)])
    assert fault is not None
    assert fault[0] is Rule.CARDS_3
    assert words in fault[1]


@pytest.mark.rule("CARDS-3")
def test_a_series_holds_at_most_six_cards() -> None:
    seven = [0, 1, 2, 3, 4, 5, 0]
    fault = series_fault(seven)
    assert fault is not None
    assert fault[0] is Rule.CARDS_3


@pytest.mark.rule("CARDS-3")
def test_an_invalid_series_on_the_table_refuses_the_move() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", OTHER])
    move = Lay("Bo Bs Px", ["Ro Rs Rd", "Bo Bs Px"])
    assert refused(state, move) is Rule.CARDS_3


@pytest.mark.rule("CARDS-3")
def test_series_are_groups_so_order_does_not_matter() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", OTHER])
    one = Lay("Rc Bd Bo Bs", ["Rc Rd Ro Rs", "Bs Bd Bo"])
    other = Lay("Bo Bs Bd Rc", ["Bo Bd Bs", "Ro Rs Rd Rc"])
    assert one == other
    assert is_legal(state, one)


@pytest.mark.rule("CARDS-4")
def test_the_largest_series_starts() -> None:
    hands = [parse_cards("Ro Rs Rd Bo"), parse_cards("Go Gs Gd Gc Yx")]
    assert choose_starter(hands) == 1
    assert largest_series_size(parse_cards("Ro Rs Rs Rd Bo Go")) == 3


@pytest.mark.rule("CARDS-4")
def test_a_tie_for_the_start_goes_to_the_oldest_or_by_the_option() -> None:
    hands = [parse_cards("Ro Rs Rd"), parse_cards("Go Gs Gd"), parse_cards("Bo Bs Bd")]
    ages = [30, 60, 45]
    assert choose_starter(hands, ages=ages) == 1
    youngest = CardsRuleSet(cards_start_tiebreak=StartTiebreak.YOUNGEST)
    assert choose_starter(hands, youngest, ages=ages) == 0
    seats = CardsRuleSet(cards_start_tiebreak=StartTiebreak.SEAT_ORDER)
    assert choose_starter(hands, seats, ages=ages) == 0
    assert choose_starter(hands, tiebreak=lambda tied: tied[-1]) == 2
    with pytest.raises(InvalidStateError):
        choose_starter(hands, tiebreak=lambda tied: 7)


@pytest.mark.rule("CARDS-4")
def test_new_game_starts_with_a_player_holding_the_largest_series() -> None:
    for seed in range(30):
        state = new_game(["Ann", "Bob", "Cid"], seed=seed, ages=[50, 20, 35])
        sizes = [largest_series_size(hand) for hand in state.hands]
        assert sizes[state.starter] == max(sizes) >= 3
        assert state.current == state.starter


@pytest.mark.rule("CARDS-4")
def test_the_cards_are_dealt_again_when_nobody_can_open() -> None:
    # With hands of three cards a deal where nobody holds a series is common.
    rules = CardsRuleSet(cards_hand_size=3)
    redealt = [new_game(["Ann", "Bob"], seed=seed, rules=rules) for seed in range(40)]
    assert any(state.deals > 1 for state in redealt)
    for state in redealt:
        assert max(largest_series_size(hand) for hand in state.hands) >= 3
    plain = attrs.evolve(rules, cards_redeal_if_no_opening=False)
    single = [new_game(["Ann", "Bob"], seed=seed, rules=plain) for seed in range(40)]
    assert all(state.deals == 1 for state in single)
    stuck = [state for state in single if max(largest_series_size(hand) for hand in state.hands) < 3]
    assert stuck
    assert not can_lay(stuck[0])
    assert list(legal_moves(stuck[0])) == [Pass()]


@pytest.mark.rule("CARDS-5")
def test_the_starter_may_open_with_any_valid_series() -> None:
    state = position(["Ann", "Bob"], [], ["Ro Rs Rd Rc Bo Gx Yx Px O*", OTHER])
    assert state.is_opening
    small = Lay("Ro Rs Rd", ["Ro Rs Rd"])
    assert is_legal(state, small)
    assert is_legal(state, Lay("Ro Rs Rd Rc", ["Ro Rs Rd Rc"]))


@pytest.mark.rule("CARDS-5")
def test_with_the_option_the_opening_must_be_a_largest_series() -> None:
    rules = CardsRuleSet.preset("largest_opening")
    state = position(["Ann", "Bob"], [], ["Ro Rs Rd Rc Bo Gx Yx Px O*", OTHER], rules=rules)
    assert refused(state, Lay("Ro Rs Rd", ["Ro Rs Rd"])) is Rule.CARDS_5
    assert refused(state, Lay("Ro Rs Rd Rc Gx Yx Px", ["Ro Rs Rd Rc", "Gx Yx Px"])) is Rule.CARDS_5
    best = Lay("Ro Rs Rd Rc", ["Ro Rs Rd Rc"])
    assert list(legal_moves(state)) == [best]
    assert most_cards(state) == best
    assert not apply(state, best).is_opening


@pytest.mark.rule("CARDS-6")
def test_a_turn_lays_at_least_one_card_from_the_hand() -> None:
    # A rearrangement alone is not a turn: a lay names at least one card of the hand.
    with pytest.raises(IllegalMoveError) as caught:
        Lay([], ["Ro Rs", "Rd Bc Gc Yc"])
    assert caught.value.rule is Rule.CARDS_6


@pytest.mark.rule("CARDS-6")
def test_only_cards_of_the_hand_can_be_laid() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", OTHER])
    move = Lay("R*", ["Ro Rs Rd R*"])
    assert refused(state, move) is Rule.CARDS_6
    twice = Lay("Rc Rc", ["Ro Rs Rd Rc", "Rc Bc Gc"])
    with pytest.raises(IllegalMoveError, match="you hold 1") as caught:
        apply(state, twice)
    assert caught.value.rule is Rule.CARDS_6


@pytest.mark.rule("CARDS-6")
def test_every_card_on_the_table_stays_on_the_table() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd", "Bc Gc Yc"], ["Rc Bo Bs Bd Gx Yx Px O* P*", OTHER])
    vanished = Lay("Bo Bs Bd", ["Ro Rs Rd", "Bo Bs Bd"])
    with pytest.raises(IllegalMoveError, match="vanished") as caught:
        apply(state, vanished)
    assert caught.value.rule is Rule.CARDS_6
    from_nowhere = Lay("Bo Bs Bd", ["Ro Rs Rd", "Bc Gc Yc", "Bo Bs Bd G*"])
    with pytest.raises(IllegalMoveError, match="neither there nor played"):
        apply(state, from_nowhere)
    missing = Lay("Bo Bs Bd Rc", ["Ro Rs Rd", "Bc Gc Yc", "Bo Bs Bd"])
    with pytest.raises(IllegalMoveError, match="not on the table"):
        apply(state, missing)


@pytest.mark.rule("CARDS-6")
def test_every_series_holds_at_least_three_cards_at_the_end_of_the_turn() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", OTHER])
    short = Lay("Bo Bs", ["Ro Rs Rd", "Bo Bs"])
    assert refused(state, short) is Rule.CARDS_6
    rules = CardsRuleSet(cards_min_set=2)
    loose = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", OTHER], rules=rules)
    assert is_legal(loose, short)


@pytest.mark.rule("CARDS-6")
def test_a_turn_may_open_extend_and_rearrange_at_once() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd Rc", "Bx Gx Yx"], ["Bo Go R* Px O* Bd Pd Y* Ys", OTHER])
    # The red circle leaves its series to open a new one with two cards of the hand (rearrange and
    # open), the red eight-point star extends the reds and a purple star extends the stars.
    move = Lay("Bo Go R* Px", ["Rs Rd Rc R*", "Ro Bo Go", "Bx Gx Yx Px"])
    after = apply(state, move)
    assert after.table == move.table
    kept = Counter(parse_cards("O* Bd Pd Y* Ys"))
    assert Counter(after.hands[0]) - kept == Counter(state.deck[-4:])


@pytest.mark.rule("CARDS-7")
def test_a_player_who_cannot_lay_passes() -> None:
    state = position(["Ann", "Bob"], [], [BLOCKED_A, OTHER])
    assert not can_lay(state)
    assert list(legal_moves(state)) == [Pass()]
    assert refused(state, Redraw()) is Rule.CARDS_7
    after = apply(state, Pass())
    assert after.current == 1
    assert after.hands[0] == state.hands[0]
    assert after.passes == 1


@pytest.mark.rule("CARDS-7")
def test_a_player_who_can_lay_may_not_pass() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", OTHER])
    assert refused(state, Pass()) is Rule.CARDS_7


@pytest.mark.rule("CARDS-7")
def test_with_the_option_a_blocked_player_redraws_once_then_plays_or_passes() -> None:
    rules = CardsRuleSet(cards_blocked_action=BlockedAction.REDRAW_HAND)
    state = position(["Ann", "Bob"], [], [BLOCKED_A, OTHER], rules=rules)
    assert list(legal_moves(state)) == [Redraw()]
    assert refused(state, Pass()) is Rule.CARDS_7
    after = apply(state, Redraw())
    assert after.current == 0
    assert after.redrawn
    assert len(after.hands[0]) == 9
    assert len(after.deck) == len(state.deck)
    assert census(after) == census(state)
    assert refused(after, Redraw()) is Rule.CARDS_7
    moves = list(legal_moves(after))
    if can_lay(after):
        assert all(isinstance(move, Lay) for move in moves[:5])
    else:
        assert moves == [Pass()]


@pytest.mark.rule("CARDS-7")
def test_the_game_ends_when_every_player_passes_in_turn() -> None:
    state = position(["Ann", "Bob"], [], [BLOCKED_A, BLOCKED_B])
    after = apply(apply(state, Pass()), Pass())
    assert after.outcome is not None
    assert after.outcome.reason is CardsEndReason.BLOCKED
    assert after.outcome.winners == (0, 1)
    with pytest.raises(IllegalMoveError, match="every player passed in turn") as caught:
        apply(after, Pass())
    assert caught.value.rule is Rule.CARDS_7


@pytest.mark.rule("CARDS-8")
def test_a_series_of_six_is_claimed_by_the_player_who_completes_it() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd Rc Rx", "Bo Go Yo"], ["R* Bs Bd Gx Yx Px O* P* Y*", OTHER])
    move = Lay("R*", ["Ro Rs Rd Rc Rx R*", "Bo Go Yo"])
    assert verify(state, move).total == 1
    after = apply(state, move)
    assert after.table == (parse_cards("Yo Go Bo"),)
    assert after.qwirkles[0] == (parse_cards("Ro Rs Rd Rc Rx R*"),)
    assert after.scores == (1, 0)


@pytest.mark.rule("CARDS-8")
def test_a_qwirkle_made_by_rearranging_goes_to_the_mover() -> None:
    # The sixth red card is already on the table, in another series: moving it over completes the Qwirkle.
    state = position(["Ann", "Bob"], ["Ro Rs Rd Rc Rx", "R* G* B*"], ["Y* Bs Bd Gx Yx Px O* P* Ys", OTHER])
    move = Lay("Y*", ["Ro Rs Rd Rc Rx R*", "Y* G* B*"])
    after = apply(state, move)
    assert after.scores == (1, 0)
    assert all(len(series) < 6 for series in after.table)


@pytest.mark.rule("CARDS-9")
def test_the_score_is_the_number_of_qwirkles() -> None:
    for before, move, after in play(seed=4, kinds="gg"):
        assert after.scores == tuple(len(won) for won in after.qwirkles)
        if isinstance(move, Lay):
            assert after.scores[before.current] - before.scores[before.current] == len(move.qwirkles)
    assert after.outcome is not None
    assert after.outcome.qwirkles == after.scores


@pytest.mark.rule("CARDS-10")
@pytest.mark.parametrize(("seed", "kinds"), [(1, "rg"), (2, "grr"), (3, "rgrg"), (4, "gg"), (5, "rr")])
def test_after_the_last_card_each_player_has_one_more_turn_the_emptier_last(seed: int, kinds: str) -> None:
    moves = list(play(seed, kinds))
    turns = [(before, move, after) for before, move, after in moves if not isinstance(move, Redraw)]
    emptied = next(i for i, (before, _, after) in enumerate(turns) if before.deck and not after.deck)
    emptier = turns[emptied][0].current
    rest = turns[emptied + 1 :]
    assert len(rest) == len(kinds)
    assert rest[-1][0].current == emptier
    assert [before.current for before, _, _ in rest] == [(emptier + 1 + i) % len(kinds) for i in range(len(kinds))]
    for before, move, after in rest:
        assert not after.deck
        laid = len(move.played) if isinstance(move, Lay) else 0
        assert len(after.hands[before.current]) == len(before.hands[before.current]) - laid
    final = rest[-1][2]
    assert final.outcome is not None
    assert final.outcome.reason is CardsEndReason.FINAL_ROUND
    with pytest.raises(IllegalMoveError) as caught:
        apply(final, Pass())
    assert caught.value.rule is Rule.CARDS_10


@pytest.mark.rule("CARDS-11")
def test_a_tie_in_qwirkles_is_a_shared_win() -> None:
    lines = {colour: " ".join(colour + shape for shape in "osdcx*") for colour in "ROYGBP"}
    ann = [lines[c] for c in "OOOYYYGG"]
    bob = [lines[c] for c in "GBBBPPPR"]
    state = position(
        ("Ann", "Bob"),
        [parse_cards("Ro Rs Rd"), parse_cards("Rc Rx R*")],
        [parse_cards("Ro Rs Rd"), parse_cards("Rc Rx R*")],
        deck=(),
        qwirkles=[[parse_cards(s) for s in ann], [parse_cards(s) for s in bob]],
        final_turns=1,
    )
    move = Lay("Ro Rs Rd", ["Ro Rs Rd", "Ro Rs Rd", "Rc Rx R*"])
    after = apply(state, move)
    assert after.outcome is not None
    assert after.outcome.qwirkles == (8, 8)
    assert after.outcome.winners == (0, 1)
    qwirkle = Lay("Ro Rs Rd", ["Ro Rs Rd Rc Rx R*", "Ro Rs Rd"])
    won = apply(state, qwirkle).outcome
    assert won is not None
    assert won.winners == (0,)
