"""The built-in bots: legal moves only, the same choices for the same seed, and the greedy bot's choice."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

import qwirkle.bots
from qwirkle import (
    ALL_TILES,
    BlockedEnd,
    Colour,
    Exchange,
    GameState,
    Move,
    Pass,
    Place,
    QwirkleError,
    RuleSet,
    Score,
    Shape,
    Tile,
    apply,
    is_over,
    legal_moves,
    new_game,
    position,
    score,
)
from qwirkle.bots import (
    BOTS,
    Bot,
    BotError,
    GreedyBot,
    RandomBot,
    TurnLimitError,
    UnknownBotError,
    make_bot,
    play_game,
)


def play_checked(bots: list[Bot], seed: int) -> list[tuple[GameState, Move]]:
    """Play a whole game, checking every move is legal before applying it; every (state, move) played."""
    state = new_game([f"P{seat}" for seat in range(len(bots))], seed=seed)
    played = []
    while not is_over(state):
        move = bots[state.current].choose(state)
        assert move in legal_moves(state), f"{bots[state.current]!r} chose an illegal move {move!r}"
        played.append((state, move))
        state = apply(state, move)
        assert state.turn_number < 2_000
    return played


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_move_a_bot_chooses_is_legal_in_a_whole_game(kind: str, seed: int) -> None:
    played = play_checked([make_bot(kind, seed=10 * seed), make_bot(kind, seed=10 * seed + 1)], seed)
    assert played
    assert any(isinstance(move, Place) for _, move in played[1:])


@pytest.mark.parametrize("players", [["random", "greedy", "random"], ["greedy", "random", "greedy", "random"]])
def test_bots_play_legal_moves_at_three_and_four_seats(players: list[str]) -> None:
    played = play_checked([make_bot(name, seed=seat) for seat, name in enumerate(players)], seed=5)
    assert {state.current for state, _ in played} == set(range(len(players)))


def test_the_random_bot_also_exchanges() -> None:
    played = play_checked([RandomBot(seed=1), RandomBot(seed=2)], seed=1)
    assert any(isinstance(move, Exchange) for _, move in played)


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_the_same_seed_plays_the_same_game(kind: str) -> None:
    first = play_game([make_bot(kind, seed=3), make_bot(kind, seed=4)], seed=9)
    again = play_game([make_bot(kind, seed=3), make_bot(kind, seed=4)], seed=9)
    assert first.history == again.history
    assert first.outcome == again.outcome


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_the_bot_seed_changes_the_game(kind: str) -> None:
    games = {play_game([make_bot(kind, seed=s), make_bot(kind, seed=s + 1)], seed=9).history for s in (3, 30, 300)}
    assert len(games) > 1


def test_a_bot_draws_from_its_own_random_generator() -> None:
    state = new_game(["Ann", "Bob"], seed=4)
    state = apply(state, GreedyBot(seed=0).choose(state))
    random.seed(1)
    before = random.getstate()
    first = RandomBot(seed=8).choose(state)
    assert random.getstate() == before
    random.seed(2)
    assert RandomBot(seed=8).choose(state) == first


class ReversedMoves:
    """The legal moves listed back to front, as another move generator might list them."""

    def __init__(self, state: GameState) -> None:
        self._moves = legal_moves(state)

    def __iter__(self) -> Iterator[Move]:
        return reversed(list(self._moves))

    def placements(self) -> Iterator[Place]:
        return reversed(list(self._moves.placements()))

    def scored(self) -> Iterator[tuple[Place, int]]:
        return reversed(list(self._moves.scored()))

    def top(self) -> tuple[int, list[Place]]:
        best, found = self._moves.top()
        return best, found[::-1]

    def exchanges(self) -> Iterator[Exchange]:
        return reversed(list(self._moves.exchanges()))

    def can_pass(self) -> bool:
        return self._moves.can_pass()


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_a_bot_choice_does_not_depend_on_the_order_moves_are_listed_in(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = play_checked([make_bot(kind, seed=1), make_bot(kind, seed=2)], seed=3)
    monkeypatch.setattr(qwirkle.bots, "legal_moves", ReversedMoves)
    replayed = play_checked([make_bot(kind, seed=1), make_bot(kind, seed=2)], seed=3)
    assert [move for _, move in replayed] == [move for _, move in played]


def all_placement_scores(state: GameState) -> list[tuple[int, Place]]:
    return [(score(state, move).total, move) for move in legal_moves(state).placements()]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_greedy_bot_plays_a_top_scoring_placement_at_every_turn(seed: int) -> None:
    # Greedy faces random play too, so it meets boards it would not build itself.
    played = play_checked([GreedyBot(seed=seed), RandomBot(seed=seed)], seed)
    greedy_turns = [(state, move) for state, move in played if state.current == 0]
    assert len(greedy_turns) > 10
    for state, move in greedy_turns:
        scored = all_placement_scores(state)
        if scored:
            assert isinstance(move, Place)
            assert score(state, move).total == max(points for points, _ in scored)
        else:
            assert not isinstance(move, Place)


def test_the_greedy_bot_breaks_ties_among_top_placements_by_its_seed() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    top = max(points for points, _ in all_placement_scores(state))
    tied = {move for points, move in all_placement_scores(state) if points == top}
    assert len(tied) > 1
    chosen = {GreedyBot(seed=s).choose(state) for s in range(40)}
    assert chosen <= tied
    assert len(chosen) > 1


def end_bonus_position() -> GameState:
    """Ann holds two tiles and the bag is empty: a single scores 5, a pair at most 4 before the end bonus.

    One copy of each tile and three players with large hands leave only ten tiles on the board.
    """
    red, yellow, green, purple = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.PURPLE
    board = {
        (0, 0): Tile(red, Shape.CIRCLE),
        (1, 0): Tile(red, Shape.SQUARE),
        (2, 0): Tile(red, Shape.DIAMOND),
        (3, 0): Tile(red, Shape.CLOVER),
        (0, -1): Tile(yellow, Shape.CIRCLE),
        (0, 1): Tile(green, Shape.CIRCLE),
        (3, -1): Tile(yellow, Shape.CLOVER),
        (3, 1): Tile(green, Shape.CLOVER),
        (3, 2): Tile(purple, Shape.CLOVER),
        (4, 2): Tile(purple, Shape.STAR4),
    }
    hand = [Tile(red, Shape.STAR4), Tile(Colour.BLUE, Shape.STAR4)]
    rest = [tile for tile in ALL_TILES if tile not in board.values() and tile not in hand]
    rules = RuleSet(copies_per_tile=1, max_players=3, hand_size=12)
    return position(["Ann", "Bob", "Cid"], board, [hand, rest[:12], rest[12:]], bag=[], rules=rules)


def test_the_greedy_bot_counts_the_end_bonus() -> None:
    state = end_bonus_position()
    scored = all_placement_scores(state)
    singles = [points for points, move in scored if len(move) == 1]
    assert max(singles) == 5
    move = GreedyBot(seed=0).choose(state)
    assert isinstance(move, Place)
    assert len(move) == 2
    points = score(state, move)
    assert points.end_bonus == 6
    assert points.total == 10 == max(points for points, _ in scored)


@pytest.mark.rule("SCORE-8")
def test_best_placement_counts_the_end_bonus() -> None:
    state = end_bonus_position()
    found = legal_moves(state).best()
    assert found is not None
    move, points = found
    assert len(move) == 2
    assert points.total == 10 == score(state, move).total


# A 2x2 block of purple and orange circles and squares: only purple, orange, circle or square tiles fit beside it.
BLOCK = {
    (0, 0): Tile(Colour.PURPLE, Shape.CIRCLE),
    (1, 0): Tile(Colour.PURPLE, Shape.SQUARE),
    (0, 1): Tile(Colour.ORANGE, Shape.CIRCLE),
    (1, 1): Tile(Colour.ORANGE, Shape.SQUARE),
}
UNPLACEABLE = [
    Tile(colour, shape)
    for colour in (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)
    for shape in (Shape.DIAMOND, Shape.CLOVER, Shape.STAR4, Shape.STAR8)
]


def beside_block(hand_size: int, held: int, bag_size: int, rules: RuleSet | None = None) -> GameState:
    """Ann holds ``held`` tiles that fit nowhere; one copy of each tile, so small bags and big hands fit."""
    rules = rules or RuleSet()
    rules = attrs.evolve(rules, copies_per_tile=1, max_players=2, hand_size=hand_size)
    hand = UNPLACEABLE[:held]
    rest = [tile for tile in ALL_TILES if tile not in BLOCK.values() and tile not in hand]
    return position(["Ann", "Bob"], BLOCK, [hand, rest[bag_size:]], bag=rest[:bag_size], rules=rules)


def test_the_greedy_bot_exchanges_its_whole_hand_when_it_cannot_place() -> None:
    state = beside_block(hand_size=6, held=6, bag_size=20)
    assert not list(legal_moves(state).placements())
    assert GreedyBot(seed=1).choose(state) == Exchange(state.hand)


def test_the_greedy_bot_exchanges_as_many_tiles_as_the_bag_holds() -> None:
    state = beside_block(hand_size=15, held=15, bag_size=2)
    assert not list(legal_moves(state).placements())
    choices = [GreedyBot(seed=s).choose(state) for s in range(20)]
    for move in choices:
        assert isinstance(move, Exchange)
        assert len(move) == 2
        assert move in legal_moves(state)
    assert len(set(choices)) > 1
    assert GreedyBot(seed=7).choose(state) == choices[7]


def test_the_bots_pass_when_they_can_neither_place_nor_exchange() -> None:
    state = beside_block(
        hand_size=18, held=14, bag_size=0, rules=RuleSet(blocked_end_detection=BlockedEnd.ROUND_OF_PASSES)
    )
    assert GreedyBot(seed=1).choose(state) == Pass()
    assert RandomBot(seed=1).choose(state) == Pass()


def test_a_bot_asked_to_move_in_a_finished_game_raises() -> None:
    final = play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=1)
    for bot in (RandomBot(seed=1), GreedyBot(seed=1)):
        with pytest.raises(BotError, match="game is over"):
            bot.choose(final)


def test_make_bot_knows_the_built_in_bots() -> None:
    assert sorted(BOTS) == ["greedy", "random"]
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("greedy", seed=1), GreedyBot)
    assert make_bot("greedy", seed=1).name == "greedy"


def test_make_bot_refuses_an_unknown_name_clearly() -> None:
    with pytest.raises(UnknownBotError, match=r"unknown bot 'clever'.*greedy, random") as caught:
        make_bot("clever", seed=1)
    assert isinstance(caught.value, QwirkleError)


def test_play_game_reports_every_turn_and_returns_the_final_state() -> None:
    seen: list[tuple[GameState, Move, Score]] = []
    final = play_game([RandomBot(seed=1), GreedyBot(seed=2)], seed=4, on_turn=lambda *turn: seen.append(turn))
    assert final.outcome is not None
    assert len(seen) == final.turn_number
    assert seen[-1][0] is final
    for turn, (state, move, points) in zip(final.history, seen, strict=True):
        assert (turn.move, turn.score) == (move, points)
        assert state.last_move == move
    assert sum(points.total for _, _, points in seen) == sum(final.scores)


def test_play_game_names_players_after_their_bots() -> None:
    assert play_game([RandomBot(seed=1), GreedyBot(seed=2)], seed=4).players == ("random", "greedy")
    assert play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=4).players == ("greedy 1", "greedy 2")


def test_play_game_uses_the_given_rules() -> None:
    rules = RuleSet.preset("return_before_draw")
    assert play_game([GreedyBot(seed=1), RandomBot(seed=2)], seed=4, rules=rules).rules == rules


def test_play_game_stops_at_the_turn_limit() -> None:
    with pytest.raises(TurnLimitError, match="had not ended after 5 turns"):
        play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=4, max_turns=5)
