"""The built-in bots: legal moves only, from the view alone, the same choices for the same seed, and their choices."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

import qwirkle.bots
import qwirkle.bots.greedy
import qwirkle.bots.random
import qwirkle.bots.sampling
import qwirkle.bots.strong
from qwirkle import (
    ALL_TILES,
    BlockedEnd,
    Board,
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
    view,
)
from qwirkle.bots import (
    BOTS,
    BaseBot,
    Bot,
    BotError,
    GreedyBot,
    RandomBot,
    StrongBot,
    TurnLimitError,
    UnknownBotError,
    halving_race,
    make_bot,
    move_key,
    run_game,
    sample_state,
    sample_states,
    unseen_tiles,
)
from qwirkle.bots.endgame import _greedy_move
from qwirkle.bots.sampling import _Dealt
from qwirkle.bots.spec import bot_spec
from qwirkle.interface.views import PlayerView


def play_checked(bots: list[Bot], seed: int) -> list[tuple[GameState, Move]]:
    """Play a whole game, checking every move is legal before applying it; every (state, move) played."""
    state = new_game([f"P{seat}" for seat in range(len(bots))], seed=seed)
    played = []
    while not is_over(state):
        move = bots[state.current].choose(view(state, state.current))
        assert move in legal_moves(state), f"{bots[state.current]!r} chose an illegal move {move!r}"
        played.append((state, move))
        state = apply(state, move)
        assert state.turn_number < 2_000
    return played


# The strong bot thinks for tens of milliseconds a move: one whole game of it is enough here.
@pytest.mark.parametrize(
    ("kind", "seed"),
    [("random", 1), ("random", 2), ("random", 3), ("greedy", 1), ("greedy", 2), ("greedy", 3), ("strong", 1)],
)
def test_every_move_a_bot_chooses_is_legal_in_a_whole_game(kind: str, seed: int) -> None:
    played = play_checked([make_bot(kind, seed=10 * seed), make_bot(kind, seed=10 * seed + 1)], seed)
    assert played
    assert any(isinstance(move, Place) for _, move in played[1:])


@pytest.mark.parametrize("players", [["random", "greedy", "strong"], ["greedy", "strong", "strong", "random"]])
def test_bots_play_legal_moves_at_three_and_four_seats(players: list[str]) -> None:
    played = play_checked([make_bot(name, seed=seat) for seat, name in enumerate(players)], seed=5)
    assert {state.current for state, _ in played} == set(range(len(players)))


def test_the_random_bot_also_exchanges() -> None:
    played = play_checked([RandomBot(seed=1), RandomBot(seed=2)], seed=1)
    assert any(isinstance(move, Exchange) for _, move in played)


@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_the_same_seed_plays_the_same_game(kind: str) -> None:
    first = run_game([make_bot(kind, seed=3), make_bot("greedy", seed=4)], seed=9)
    again = run_game([make_bot(kind, seed=3), make_bot("greedy", seed=4)], seed=9)
    assert first.history == again.history
    assert first.outcome == again.outcome


@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_the_bot_seed_changes_the_game(kind: str) -> None:
    def opening_turns(bot_seed: int) -> list[Move]:
        bots = [make_bot(kind, seed=bot_seed), make_bot(kind, seed=bot_seed + 1)]
        state = new_game(["A", "B"], seed=9)
        while state.turn_number < 16 and not is_over(state):
            state = apply(state, bots[state.current].choose(view(state, state.current)))
        return [turn.move for turn in state.history]

    games = {tuple(opening_turns(s)) for s in (3, 30, 300)}
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

    def top_points(self) -> int:
        return self._moves.top_points()

    def exchanges(self) -> Iterator[Exchange]:
        return reversed(list(self._moves.exchanges()))

    def can_pass(self) -> bool:
        return self._moves.can_pass()


@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_a_bot_choice_does_not_depend_on_the_order_moves_are_listed_in(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = play_checked([make_bot(kind, seed=1), make_bot(kind, seed=2)], seed=3)
    for module in (qwirkle.bots.random, qwirkle.bots.greedy, qwirkle.bots.strong):
        monkeypatch.setattr(module, "legal_moves", ReversedMoves)
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
    assert StrongBot(seed=1).choose(state) == Pass()


def test_a_bot_asked_to_move_in_a_finished_game_raises() -> None:
    final = run_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=1)
    for bot in (RandomBot(seed=1), GreedyBot(seed=1), StrongBot(seed=1)):
        with pytest.raises(BotError, match="game is over"):
            bot.choose(final)
        with pytest.raises(BotError, match="game is over"):
            bot.choose(view(final, 0))


def test_make_bot_knows_the_built_in_bots() -> None:
    assert sorted(BOTS) == ["greedy", "random", "strong"]
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("greedy", seed=1), GreedyBot)
    assert isinstance(make_bot("strong", seed=1), StrongBot)
    assert [make_bot(name, seed=1).name for name in sorted(BOTS)] == sorted(BOTS)
    assert repr(make_bot("strong", seed=3)) == "StrongBot(seed=3)"


def test_make_bot_refuses_an_unknown_name_clearly() -> None:
    with pytest.raises(UnknownBotError, match=r"unknown bot 'clever'.*greedy, random, strong") as caught:
        make_bot("clever", seed=1)
    assert isinstance(caught.value, QwirkleError)


def test_run_game_reports_every_turn_and_returns_the_final_state() -> None:
    seen: list[tuple[GameState, Move, Score]] = []
    final = run_game([RandomBot(seed=1), GreedyBot(seed=2)], seed=4, on_turn=lambda *turn: seen.append(turn))
    assert final.outcome is not None
    assert len(seen) == final.turn_number
    assert seen[-1][0] is final
    for turn, (state, move, points) in zip(final.history, seen, strict=True):
        assert (turn.move, turn.score) == (move, points)
        assert state.last_move == move
    assert sum(points.total for _, _, points in seen) == sum(final.scores)


def test_run_game_names_players_after_their_bots() -> None:
    assert run_game([RandomBot(seed=1), GreedyBot(seed=2)], seed=4).players == ("random", "greedy")
    assert run_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=4).players == ("greedy 0", "greedy 1")


def test_run_game_uses_the_given_rules() -> None:
    rules = RuleSet.preset("return_before_draw")
    assert run_game([GreedyBot(seed=1), RandomBot(seed=2)], seed=4, rules=rules).rules == rules


def test_run_game_stops_at_the_turn_limit() -> None:
    with pytest.raises(TurnLimitError, match="had not ended after 5 turns"):
        run_game([RandomBot(seed=1), RandomBot(seed=2)], seed=4, max_turns=5)


# What a bot may know: views, and states made up from them.


class Spy:
    """A bot that plays like a greedy bot and keeps what it was given."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[object] = []
        self._greedy = GreedyBot(seed=1)

    def choose(self, view: PlayerView) -> Move:
        self.seen.append(view)
        return self._greedy.choose(view)


def test_run_game_hands_each_bot_its_own_view_only() -> None:
    spy = Spy()
    final = run_game([spy, GreedyBot(seed=2)], seed=4)
    assert spy.seen
    assert all(isinstance(seen, PlayerView) for seen in spy.seen)
    assert all(seen.seat == seen.current == 0 for seen in spy.seen)  # type: ignore[attr-defined]
    assert len(spy.seen) == sum(1 for turn in final.history if turn.seat == 0)


def test_a_bot_given_a_state_sees_only_the_view_of_the_seat_to_move() -> None:
    state = new_game(["Ann", "Bob"], seed=4)
    state = apply(state, GreedyBot(seed=0).choose(state))
    for kind in sorted(BOTS):
        assert make_bot(kind, seed=3).choose(state) == make_bot(kind, seed=3).choose(view(state, state.current))


def hidden_twin(state: GameState, seed: int) -> GameState:
    """The same state with the other hands, the bag and the random state dealt afresh from the same tiles."""
    guess = sample_state(view(state, state.current), random.Random(seed))
    assert guess.hand == state.hand
    return guess


@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_a_bot_choice_does_not_depend_on_what_it_cannot_see(kind: str) -> None:
    state = new_game(["Ann", "Bob"], seed=6)
    for _ in range(12):
        state = apply(state, GreedyBot(seed=state.turn_number).choose(state))
    twins = [hidden_twin(state, seed) for seed in range(3)]
    assert len({twin.bag for twin in twins}) == 3
    choices = {make_bot(kind, seed=5).choose(twin) for twin in [state, *twins]}
    assert len(choices) == 1


def test_a_bot_refuses_to_move_out_of_turn() -> None:
    state = new_game(["Ann", "Bob"], seed=4)
    other = 1 - state.current
    for kind in sorted(BOTS):
        with pytest.raises(BotError, match="turn, not"):
            make_bot(kind, seed=1).choose(view(state, other))


def test_the_unseen_tiles_are_the_bag_and_the_other_hands() -> None:
    state = new_game(["Ann", "Bob", "Cid"], seed=2)
    for _ in range(9):
        state = apply(state, RandomBot(seed=state.turn_number).choose(state))
    for seat in range(3):
        others = [tile for s, hand in enumerate(state.hands) if s != seat for tile in hand]
        assert unseen_tiles(view(state, seat)) == tuple(sorted(others + list(state.bag)))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_sampled_state_agrees_with_everything_the_viewer_knows(seed: int) -> None:
    state = new_game(["Ann", "Bob", "Cid"], seed=seed)
    bots = [RandomBot(seed=1), GreedyBot(seed=2), RandomBot(seed=3)]
    while state.turn_number < 40 and not is_over(state):
        state = apply(state, bots[state.current].choose(state))
    seen = view(state, state.current)
    guess = sample_state(seen, random.Random(seed))
    # GameState checks the tile counts; the rest is what the viewer knows.
    assert view(guess, state.current) == seen
    assert guess.idle_turns == state.idle_turns
    assert guess.seed is None
    assert set(legal_moves(guess)) == set(legal_moves(state))
    assert sample_state(seen, random.Random(seed)) == guess
    assert sample_state(seen, random.Random(seed + 10)).bag != guess.bag
    # Without a generator, the unknown tiles are dealt in sorted order: the same every time.
    plain = sample_state(seen)
    assert list(plain.bag) == sorted(plain.bag)
    assert plain == sample_state(seen)


def last_placement_best_score(guess: GameState) -> int:
    """The most the player who moved last in ``guess`` could have scored with the hand the guess gives it.

    Its tiles go back to where they were before its turn, built through the
    public API: the placed ones from the table to its hand, and as many of
    its last tiles as it drew back to the bag.
    """
    last = guess.history[-1]
    placed = [tile for _, tile in last.move.placements]  # type: ignore[union-attr]
    cells = {cell for cell, _ in last.move.placements}  # type: ignore[union-attr]
    hand = guess.hands[last.seat]
    kept, drawn = hand[: len(hand) - len(placed)], hand[len(hand) - len(placed) :]
    before = attrs.evolve(
        guess,
        board=Board({cell: tile for cell, tile in guess.board.items() if cell not in cells}),
        hands=tuple(tuple(kept) + tuple(placed) if seat == last.seat else h for seat, h in enumerate(guess.hands)),
        bag=guess.bag + drawn,
        current=last.seat,
        history=guess.history[:-1],
    )
    points, _ = legal_moves(before).top()
    return points


def greedy_positions(games: int) -> Iterator[GameState]:
    """Positions of two-player greedy games right after a placement on a table that had tiles, the bag not empty."""
    for seed in range(games):
        state = new_game(["Ann", "Bob"], seed=seed)
        bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
        while not is_over(state) and len(state.bag) > 6:
            before = state
            state = apply(state, bots[state.current].choose(state))
            if before.board and isinstance(state.history[-1].move, Place):
                yield state


@pytest.mark.parametrize("seed", [1, 2])
def test_sampled_states_without_tries_are_those_of_sample_state(seed: int) -> None:
    state = next(s for i, s in enumerate(greedy_positions(1)) if i == 6)
    seen = view(state, state.current)
    rng = random.Random(seed)
    expected = [sample_state(seen, rng) for _ in range(4)]
    assert sample_states(seen, random.Random(seed), 4) == expected
    assert sample_states(seen, random.Random(seed), 0, tries=5) == []


def test_believed_guesses_give_the_last_player_no_better_placement_than_it_made() -> None:
    """Every believed guess lets the last (greedy) player score at most what it did; plain guesses do not."""
    plain_better = believed = 0
    for state in greedy_positions(3):
        seen = view(state, state.current)
        scored = state.history[-1].score.total
        # The real hands are one deal that the belief allows.
        assert last_placement_best_score(state) == scored
        for guess in sample_states(seen, random.Random(state.turn_number), 4, tries=60):
            assert view(guess, state.current) == seen
            assert last_placement_best_score(guess) <= scored
            believed += 1
        plain_better += sum(
            last_placement_best_score(guess) > scored for guess in sample_states(seen, random.Random(1), 4)
        )
    assert believed > 100
    # Without the belief, many guesses would have let the greedy player score more.
    assert plain_better > believed // 10


def test_guesses_do_not_believe_a_player_who_could_have_scored_more_with_the_tiles_it_placed() -> None:
    """A lone tile played where it scores less than elsewhere: no hand holding it fits the belief, so none is tried."""
    for state in greedy_positions(1):
        singles = sorted(
            ((points, move_key(move), move) for move, points in legal_moves(state).scored() if len(move) == 1),
            key=lambda item: item[:2],
        )
        worse = [
            move
            for points, _, move in singles
            if any(other.tiles == move.tiles and better > points for better, _, other in singles)
        ]
        if worse:
            state = apply(state, worse[0])
            break
    else:
        pytest.fail("no position where a lone tile scores less in one place than in another")
    seen = view(state, state.current)
    assert last_placement_best_score(sample_state(seen, random.Random(1))) > state.history[-1].score.total
    rng = random.Random(5)
    assert sample_states(seen, random.Random(5), 3, tries=4) == [sample_state(seen, rng) for _ in range(3)]


def test_a_sampled_state_fills_in_other_players_exchanges() -> None:
    state = beside_block(hand_size=6, held=6, bag_size=20)
    state = apply(state, Exchange(state.hand[:2]))
    seen = view(state, 1)
    assert seen.history[-1].move.count == 2  # type: ignore[union-attr]
    guess = sample_state(seen, random.Random(1))
    move = guess.history[-1].move
    assert isinstance(move, Exchange)
    assert len(move) == 2
    assert view(guess, 1) == seen


def test_the_base_bot_is_abstract() -> None:
    with pytest.raises(TypeError):
        BaseBot(seed=1)  # type: ignore[abstract]


# The strong bot's judgement.


def play_out_margin(state: GameState, move: Move) -> int:
    """How far ahead of the other player the mover ends when both play greedily to the end after ``move``."""
    me = state.current
    state = apply(state, move)
    while not is_over(state):
        _, best = legal_moves(state).top()
        state = apply(state, min(best, key=move_key) if best else Pass())
    return state.scores[me] - state.scores[1 - me]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_with_the_bag_empty_and_no_endgame_search_the_strong_bot_plays_out_to_the_end(seed: int) -> None:
    state = new_game(["Ann", "Bob"], seed=seed)
    bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 1)]
    while state.bag:
        state = apply(state, bots[state.current].choose(state))
    checked = 0
    while not is_over(state):
        strong = bot_spec("strong", endgame_depth=0).make(seed).choose(view(state, state.current))
        placements = list(legal_moves(state).placements())
        if len(placements) > 1:
            margins = {move: play_out_margin(state, move) for move in placements}
            greedy = GreedyBot(seed=seed).choose(state)
            assert margins[strong] >= margins[greedy]  # type: ignore[index]
            checked += 1
        state = apply(state, strong)
    assert checked


def test_the_strong_bot_exchanges_a_hand_that_fits_nowhere() -> None:
    state = beside_block(hand_size=6, held=6, bag_size=20)
    bot: Bot = StrongBot(seed=1)
    move = bot.choose(view(state, state.current))
    assert isinstance(move, Exchange)
    assert move in legal_moves(state)


def test_the_strong_bots_leave_weight_steers_its_look_ahead() -> None:
    """A leave that counts for nothing and one that counts for everything pick different moves somewhere."""
    state = new_game(["Ann", "Bob"], seed=3)
    greedy = GreedyBot(seed=3)
    differ = 0
    for _ in range(16):
        seen = view(state, state.current)
        plain = bot_spec("strong", leave_weight=0.0).make(5).choose(seen)
        keeper = bot_spec("strong", leave_weight=50.0).make(5).choose(seen)
        assert plain in legal_moves(state)
        assert keeper in legal_moves(state)
        differ += plain != keeper
        state = apply(state, greedy.choose(state))
    assert differ, "leave_weight changed no choice"


def exact_margin(state: GameState) -> int:
    """How far ahead of the other player the mover ends when both play their best to the end: a full search."""
    if is_over(state):
        # The turn has passed on when the game ends, so the mover of the move that ended it is the other seat.
        return state.scores[state.current] - state.scores[1 - state.current]
    moves: list[Move] = list(legal_moves(state).placements()) or [Pass()]
    return max(-exact_margin(apply(state, move)) for move in moves)


def greedy_finish(seed: int, tiles_left: int) -> GameState:
    """A two-player game played greedily until the bag is empty and the two hands hold ``tiles_left`` tiles."""
    state = new_game(["Ann", "Bob"], seed=seed)
    bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 1)]
    while state.bag or len(state.hands[0]) + len(state.hands[1]) > tiles_left:
        state = apply(state, bots[state.current].choose(state))
    assert not is_over(state)
    return state


@pytest.mark.rule("SCORE-8")
@pytest.mark.parametrize(("seed", "misses"), [(3, "greedy"), (6, "no search")])
def test_the_strong_bots_endgame_search_finds_the_best_finish(seed: int, misses: str) -> None:
    """Searching every placement to the end, the bot finds the best finish; greedy play, or playing
    greedily to the end after each placement (endgame_depth=0), misses it in these games."""
    state = greedy_finish(seed, tiles_left=7)
    margins = {move: -exact_margin(apply(state, move)) for move in legal_moves(state).placements()}
    best = max(margins.values())
    thorough = bot_spec("strong", endgame_depth=20, endgame_width=100, endgame_reply_width=100).make(5)
    assert margins[thorough.choose(view(state, state.current))] == best  # type: ignore[index]
    if misses == "greedy":
        weaker = GreedyBot(seed=1).choose(state)
    else:
        weaker = bot_spec("strong", endgame_depth=0).make(5).choose(view(state, state.current))
    assert margins[weaker] < best  # type: ignore[index]


def test_the_strong_bots_endgame_knobs_and_play_out_bag_steer_its_choices() -> None:
    """Each of play_out_bag and endgame_reply_width changes some choice in a seeded game."""
    state = new_game(["Ann", "Bob"], seed=1)
    greedy = [GreedyBot(seed=1), GreedyBot(seed=2)]
    by_bag = by_reply = 0
    while not is_over(state):
        seen = view(state, state.current)
        if 0 < len(state.bag) <= 3:
            near = bot_spec("strong", play_out_bag=0).make(5).choose(seen)
            out = bot_spec("strong", play_out_bag=3).make(5).choose(seen)
            assert {near, out} <= set(legal_moves(state))
            by_bag += near != out
        if not state.bag:
            hopeful = bot_spec("strong", endgame_reply_width=1).make(5).choose(seen)
            wary = bot_spec("strong", endgame_reply_width=3).make(5).choose(seen)
            assert {hopeful, wary} <= set(legal_moves(state))
            by_reply += hopeful != wary
        state = apply(state, greedy[state.current].choose(state))
    assert by_bag, "play_out_bag changed no choice"
    assert by_reply, "endgame_reply_width changed no choice"


def test_the_strong_bot_plays_out_against_a_guess_even_with_one_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the bag empty and three players, samples=1 still plays each candidate out against a guess."""
    state = new_game(["Ann", "Bob", "Cy"], seed=2)
    bots = [GreedyBot(seed=seed) for seed in range(3)]
    while state.bag:
        state = apply(state, bots[state.current].choose(state))
    guesses: list[int] = []
    dealt = qwirkle.bots.sampling._deals

    def counted(seen: PlayerView, rng: random.Random, count: int, *args: int | bool) -> list[_Dealt]:
        found = dealt(seen, rng, count, *args)  # type: ignore[arg-type]
        guesses.append(len(found))
        return found

    monkeypatch.setattr(qwirkle.bots.strong, "_deals", counted)
    while not is_over(state):
        seen = view(state, state.current)
        if len(list(legal_moves(state).placements())) > 1:
            move = bot_spec("strong", samples=1).make(5).choose(seen)
            # At least one guess to play the candidates out against.
            assert guesses
            assert guesses[-1] >= 1
            assert move in legal_moves(state)
            break
        state = apply(state, bots[state.current].choose(state))
    else:
        pytest.fail("no turn with a choice after the bag emptied")


def test_the_strong_bots_win_bonus_plays_out_for_the_most_wins_then_the_most_points() -> None:
    """With a few tiles in the bag, the default bot picks the candidate that wins against most guesses; with
    win_bonus=0 the one with the largest total margin. In this seeded game the two differ."""
    state = new_game(["Ann", "Bob"], seed=3)
    greedy = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while len(state.bag) > 3:
        state = apply(state, greedy[state.current].choose(state))
    seen, me = view(state, state.current), state.current
    # Every candidate against the same eight guesses: those the bot deals from its generator.
    work = {"samples": 8, "halvings": 0}
    guesses = sample_states(seen, random.Random(3), 8, tries=StrongBot.inference_tries)
    # Against each guess, a win counts 1, a tie 0 and a loss -1.
    wins: dict[Move, int] = {}
    margins: dict[Move, int] = {}
    for move, _ in StrongBot(seed=3).shortlist(seen):
        for guess in guesses:
            end = apply(guess, move)
            while not is_over(end):
                end = apply(end, _greedy_move(end))
            margin = end.scores[me] - end.scores[1 - me]
            wins[move] = wins.get(move, 0) + (margin > 0) - (margin < 0)
            margins[move] = margins.get(move, 0) + margin
    to_win = bot_spec("strong", **work).make(3).choose(seen)
    for_points = bot_spec("strong", win_bonus=0, **work).make(3).choose(seen)
    assert to_win != for_points
    assert (wins[to_win], margins[to_win]) == max(zip(wins.values(), margins.values(), strict=True))
    assert margins[for_points] == max(margins.values())
    assert wins[to_win] > wins[for_points]


@pytest.mark.parametrize("tries", [0, 7])
def test_the_strong_bot_deals_its_guesses_believing_the_last_placement_with_inference_tries(
    monkeypatch: pytest.MonkeyPatch, tries: int
) -> None:
    """The look-ahead and the play-outs both deal their guesses with the bot's inference_tries."""
    asked: list[tuple[int, int]] = []
    dealt = qwirkle.bots.sampling._deals

    def spied(seen: PlayerView, rng: random.Random, count: int, tries: int, *args: int | bool) -> list[_Dealt]:
        asked.append((count, tries))
        return dealt(seen, rng, count, tries, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(qwirkle.bots.strong, "_deals", spied)
    state = new_game(["Ann", "Bob"], seed=4)
    bot = bot_spec("strong", samples=3, halvings=1, inference_tries=tries).make(5)
    near_end = 0
    while state.bag:
        near_end += len(state.bag) <= StrongBot.play_out_bag
        state = apply(state, bot.choose(view(state, state.current)))
    assert near_end, "no turn of the bot played out to the end"
    assert len(asked) > 10
    assert {tried for _, tried in asked} == {tries}
    # Three guesses for every candidate, then three more for the better half.
    assert {count for count, _ in asked} == {6}


def test_the_strong_bot_spends_its_guesses_on_the_closest_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """samples=2, halvings=2: every candidate plays 2 guesses, the better half 4, the better half of those 8."""
    state = new_game(["Ann", "Bob"], seed=3)
    greedy = GreedyBot(seed=1)
    for _ in range(6):
        state = apply(state, greedy.choose(state))
    seen = view(state, state.current)
    # Each candidate is applied to a guess of this very turn; replies and later moves come after it.
    applied: dict[Move, int] = {}
    played = apply

    def counted(before: GameState, move: Move) -> GameState:
        if before.turn_number == seen.turn_number:
            applied[move] = applied.get(move, 0) + 1
        return played(before, move)

    monkeypatch.setattr(qwirkle.bots.strong, "apply", counted)
    move = bot_spec("strong", samples=2, halvings=2, placements_kept=8, exchanges_kept=2).make(5).choose(seen)
    # 10 candidates, then the better 5, then the better 3 (half of 5, rounded up).
    assert sorted(applied.values(), reverse=True) == [8, 8, 8, 4, 4, 2, 2, 2, 2, 2]
    assert applied[move] == 8


def test_a_halving_race_gives_the_closest_candidates_the_most_guesses() -> None:
    asked: list[tuple[int, int]] = []

    def gain(g: int, i: int) -> float:
        asked.append((g, i))
        return float(i % 4)  # candidates 3 and 7 gain most, equally

    assert halving_race(8, 2, 2, gain) == 3  # the lowest index among equals
    by_candidate = {i: sum(1 for _, j in asked if j == i) for i in range(8)}
    # 8 candidates: 2 guesses each; the better 4: 2 more; the better 2: 4 more.
    assert sorted(by_candidate.values()) == [2, 2, 2, 2, 4, 4, 8, 8]
    assert by_candidate[3] == by_candidate[7] == 8
    assert {g for g, _ in asked} == set(range(8))
    asked.clear()
    assert halving_race(5, 3, 0, gain) == 3
    assert len(asked) == 15
    assert halving_race(1, 2, 3, gain) == 0
