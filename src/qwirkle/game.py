"""The game flow: dealing, applying a move, and the end of the game.

The legal moves of a state are :mod:`qwirkle.legalmoves`; whether one move
is legal, :mod:`qwirkle.legality`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeGuard

import attrs

from qwirkle._consistency import check_hands, check_names, check_players, check_tiles
from qwirkle._engine.geometry import Cell
from qwirkle._engine.lines import group_size
from qwirkle._engine.movegen import can_place
from qwirkle._rng import check_seed, seed_state, shuffle
from qwirkle.board import Board
from qwirkle.draws import check_draws, take
from qwirkle.endings import EndReason, Outcome, _close_turn, left_game
from qwirkle.errors import ArgumentTypeError, InvalidStateError, brief
from qwirkle.legality import _require_state, check, check_game_on, verify
from qwirkle.moves import Exchange, HiddenExchange, Move, Place
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import RuleSet, StartTiebreak, starting_seat
from qwirkle.scoring import Score
from qwirkle.state import GameState, Turn, check_state
from qwirkle.tiles import ALL_TILES, Tile, tiles_left

__all__ = ["apply", "choose_starter", "is_over", "new_game", "position", "resign", "score"]

if TYPE_CHECKING:
    # Never made: the type that is_over() narrows a state to, so that a type checker knows the outcome is there.
    class FinishedState(GameState):
        """A :class:`GameState` whose game is over: its :attr:`~GameState.outcome` is not ``None``."""

        outcome: Outcome


def new_game(
    players: Sequence[str],
    *,
    seed: int | None = None,
    ages: Sequence[float] | None = None,
    rules: RuleSet | None = None,
    tiebreak: Callable[[tuple[int, ...]], int] | None = None,
) -> GameState:
    """Shuffle the bag, deal the hands and find the starting player.

    Rule SETUP-2: each player draws ``hand_size`` tiles from the shuffled bag,
    in seat order. Rules START-1 to START-3: the player with the largest
    group starts; a tie is settled by ``rules.start_tiebreak`` using ``ages``
    (oldest or youngest; a tie in age, or no ages, falls back to seat order),
    or by ``tiebreak``, a function that gets the tied seats and returns one.

    The same ``seed`` always deals the same game. Without a seed, one is
    drawn from the operating system and kept in :attr:`GameState.seed`.

    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> state.players, state.current == state.starter
    (('Ann', 'Bob'), True)
    """
    rules = RuleSet() if rules is None else rules
    players = check_players(rules, players)
    _check_ages(ages, len(players))
    if seed is None:
        seed = secrets.randbits(63)
    check_seed(seed)
    rng, bag = shuffle(seed_state(seed), [t for t in ALL_TILES for _ in range(rules.copies_per_tile)])
    hands = []
    for _ in players:
        hands.append(bag[-rules.hand_size :])
        bag = bag[: -rules.hand_size]
    starter = choose_starter(hands, rules.start_tiebreak, ages, tiebreak)
    return _before_the_first_turn(players, Board(), tuple(hands), bag, (0,) * len(players), starter, rules, seed, rng)


def position(
    players: Sequence[str],
    board: Board | Mapping[Cell, Tile],
    hands: Sequence[Sequence[Tile]],
    *,
    bag: Sequence[Tile] | None = None,
    scores: Sequence[int] | None = None,
    current: int = 0,
    rules: RuleSet | None = None,
    seed: int = 0,
) -> GameState:
    """A state set up by hand, for puzzles, tests and analysis.

    Without ``bag``, the bag holds every tile that is on neither the board
    nor a hand, shuffled by ``seed``. The result is checked like any hand-built
    :class:`GameState` and raises :class:`~qwirkle.InvalidStateError` if it
    could not arise in a game.

    >>> from qwirkle import Colour, Shape, Tile
    >>> red = [Tile(Colour.RED, shape) for shape in Shape]
    >>> blue = [Tile(Colour.BLUE, shape) for shape in Shape]
    >>> hands = [red[2:] + blue[:2], red[2:] + blue[2:4]]
    >>> state = position(["Ann", "Bob"], {(0, 0): red[0], (1, 0): red[1]}, hands)
    >>> len(state.bag), state.is_opening
    (94, False)
    """
    rules = RuleSet() if rules is None else rules
    if not isinstance(rules, RuleSet):
        raise ArgumentTypeError(f"rules must be a RuleSet, not {brief(rules)}")
    if not isinstance(board, Board):
        board = Board(board)
    hands = check_hands(hands)
    check_seed(seed)
    rng = seed_state(seed)
    if bag is None:
        left = tiles_left(rules.copies_per_tile, board.values(), *hands)
        if left is None:
            raise InvalidStateError(f"more than {rules.copies_per_tile} copies of a tile", Rule.TILES_2)
        rng, bag = shuffle(rng, left)
    names = check_names(players)
    if scores is None:
        scores = (0,) * len(names)
    elif isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence):
        raise ArgumentTypeError(f"scores must be a sequence of ints, not {brief(scores)}")
    if type(current) is not int:
        raise ArgumentTypeError(f"current must be a seat number, not {brief(current)}")
    bag = check_tiles(bag, "the bag")
    return check_state(_before_the_first_turn(names, board, hands, bag, tuple(scores), current, rules, seed, rng))


def _before_the_first_turn(
    players: tuple[str, ...],
    board: Board,
    hands: tuple[tuple[Tile, ...], ...],
    bag: tuple[Tile, ...],
    scores: tuple[int, ...],
    starter: int,
    rules: RuleSet,
    seed: int,
    rng: int,
) -> GameState:
    """A state whose first turn is still to come: no history, and the seat that opens to move."""
    return GameState(
        players=players,
        board=board,
        hands=hands,
        bag=bag,
        scores=scores,
        current=starter,
        rules=rules,
        history=(),
        starter=starter,
        seed=seed,
        rng=rng,
    )


def choose_starter(
    hands: Sequence[Sequence[Tile]],
    rule: StartTiebreak = StartTiebreak.OLDEST,
    ages: Sequence[float] | None = None,
    tiebreak: Callable[[tuple[int, ...]], int] | None = None,
) -> int:
    """The seat that opens: the largest group starts, ties settled by the tie-break.

    Rules START-1, START-2 and START-3. An argument of the wrong type is a
    ``TypeError`` (:class:`~qwirkle.errors.ArgumentTypeError`).

    >>> from qwirkle import Colour, Shape, Tile
    >>> red = [Tile(Colour.RED, s) for s in (Shape.CIRCLE, Shape.SQUARE)]
    >>> blue = [Tile(Colour.BLUE, Shape.CIRCLE), Tile(Colour.RED, Shape.DIAMOND)]
    >>> choose_starter([blue, red + red], ages=[30, 40])
    1
    >>> choose_starter([blue, red], "oldest")
    Traceback (most recent call last):
        ...
    qwirkle.errors.ArgumentTypeError: rule must be a StartTiebreak, not 'oldest'
    """
    hands = check_hands(hands)
    if not isinstance(rule, StartTiebreak):
        raise ArgumentTypeError(f"rule must be a StartTiebreak, not {brief(rule)}")
    _check_ages(ages, len(hands))
    if tiebreak is not None and not callable(tiebreak):
        raise ArgumentTypeError(f"tiebreak must be a function of the tied seats, not {brief(tiebreak)}")
    return starting_seat([group_size(t.index for t in hand) for hand in hands], rule, ages, tiebreak)


def _check_ages(ages: object, players: int) -> None:
    """Refuse ``ages`` unless it is ``None`` or one number per player (a ``TypeError`` if not numbers at all)."""
    if ages is None:
        return
    if (
        isinstance(ages, (str, bytes))
        or not isinstance(ages, Sequence)
        or not all(isinstance(a, (int, float)) and not isinstance(a, bool) for a in ages)
    ):
        raise ArgumentTypeError(f"ages must give one number per player, not {brief(ages)}")
    if len(ages) != players:
        raise InvalidStateError(f"ages must give one number per player, not {brief(ages)}")


def score(state: GameState, move: Move | HiddenExchange, *, seat: int | None = None) -> Score:
    """What ``move`` would score for the player to move, line by line: :func:`~qwirkle.verify`, by another name.

    Raises :class:`~qwirkle.IllegalMoveError` if the move is illegal, and
    refuses a move sent by any other ``seat`` than the one to move (Rule
    START-7), as :func:`~qwirkle.verify` does; a state that is no
    :class:`~qwirkle.GameState` is a ``TypeError`` that names ``score``.

    >>> from qwirkle import legal_moves, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move, best = legal_moves(state).best()
    >>> score(state, move) == best
    True
    """
    if type(state) is not GameState:
        _require_state(state, "score")
    return verify(state, move, seat=seat)


def is_over(state: GameState) -> TypeGuard[FinishedState]:
    """Whether the game has ended; :attr:`GameState.outcome` then says how.

    For a type checker, ``state.outcome`` is then an :class:`~qwirkle.Outcome`,
    not ``None``: after ``if is_over(state):``, ``state.outcome.winners``
    type-checks. (The narrowed type, ``qwirkle.game.FinishedState``, exists
    for type checkers only.)

    >>> from qwirkle import new_game, resign
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> is_over(state)
    False
    >>> state = resign(state, 0)
    >>> if is_over(state):
    ...     print(state.outcome.winners)
    (1,)
    """
    if type(state) is not GameState:
        _require_state(state, "is_over")
    return state.outcome is not None


def apply(
    state: GameState, move: Move | HiddenExchange, *, seat: int | None = None, draws: Sequence[Tile] | None = None
) -> GameState:
    """Play ``move`` for the player to move and return the new state; ``state`` is unchanged.

    An illegal move raises :class:`~qwirkle.IllegalMoveError` naming the rule
    it breaks; a value that is no move at all (a string, ``None``) raises
    ``TypeError``, and so does a state that is not a :class:`~qwirkle.GameState`
    (a bot's :class:`~qwirkle.PlayerView`: see :func:`~qwirkle.sample_state`).
    A game record's move (:attr:`RecordedTurn.move
    <qwirkle.formats.records.RecordedTurn.move>`) may be passed as it is: an exchange
    whose tiles were not noted raises :class:`~qwirkle.InvalidMoveError`,
    since the state knows the hand. A server taking moves from several
    players passes ``seat``, the seat of the player who sent the move: unless
    that seat is to move, the move is refused by Rule START-7 (turns go in
    seat order), with a message naming both seats. After a
    placement the player refills from the bag while it has tiles (Rules
    TURN-2, END-1); an exchange draws first, then returns the tiles and mixes
    the bag (Rule EXCHANGE-1, or the other way round with
    ``exchange_return_before_draw``). The game ends
    when a player goes out with the bag empty (Rule END-2), or when nobody
    can place (Rule END-3).

    The tiles drawn are the top of the bag, whose order the seed decided,
    unless ``draws`` names them: exactly as many as the move draws
    (:func:`~qwirkle.draws.draw_count`), each in the bag when it is drawn, else
    :class:`~qwirkle.InvalidDrawError`. An exchange still mixes the bag.

    >>> from qwirkle import legal_moves, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> after = apply(state, next(iter(legal_moves(state))))
    >>> after.current != state.current, len(state.board), len(after.board) > 0
    (True, 0, True)
    """
    if type(state) is not GameState:
        _require_state(state, "apply")
    gained, placed, hand = check(state, move, seat=seat)
    if TYPE_CHECKING:
        # check() has refused anything but a Move: told to the type checker alone, at no cost to the game.
        assert not isinstance(move, HiddenExchange)
    wanted = None if draws is None else check_draws(state, move, draws)
    seat = state.current
    rules = state.rules
    hands = list(state.hands)
    bag = state.bag
    rng = state.rng
    board = state.board
    if placed:
        draw = min(len(placed), len(bag))
        if draw:
            drawn, bag, wanted = take(bag, wanted, draw)
            hand += drawn
        hands[seat] = hand
        board = board._placed_unchecked(placed)
    elif isinstance(move, Exchange):
        k = len(move)
        if rules.exchange_return_before_draw:
            rng, bag = shuffle(rng, bag + move.tiles)
            drawn, bag, wanted = take(bag, wanted, k)
            hand += drawn
        else:
            first = min(k, len(bag))
            drawn, bag, wanted = take(bag, wanted, first)
            hand += drawn
            rng, bag = shuffle(rng, bag + move.tiles)
            rest = k - first
            if rest:
                drawn, bag, wanted = take(bag, wanted, rest)
                hand += drawn
        hands[seat] = hand
    if type(move) is Place and move._listed_for is not None:
        # The history keeps the move, not the state it was listed for: that would keep every earlier state alive.
        move = Place._from_sorted(move.placements)
    history, scores, current, idle, outcome = _close_turn(
        rules,
        Turn(seat, move, gained),
        state.history,
        state.scores,
        state.idle_turns,
        went_out=not hand,
        bag_size=len(bag),
        nobody_can_place=lambda: not any(can_place(board, [t.index for t in held]) for held in hands),
    )
    # Every field is given, rather than evolved from ``state``: every turn of every game pays for this call.
    return GameState(
        players=state.players,
        board=board,
        hands=tuple(hands),
        bag=bag,
        scores=scores,
        current=current,
        rules=rules,
        history=history,
        starter=state.starter,
        seed=state.seed,
        rng=rng,
        idle_turns=idle,
        outcome=outcome,
    )


def resign(state: GameState, seat: int, reason: EndReason = EndReason.RESIGNED) -> GameState:
    """End the game because ``seat`` resigned, ran out of time or forfeited (``reason``); ``state`` is unchanged.

    The sources say nothing of these ends, so the library keeps one
    convention for all three (:attr:`EndReason.leaves
    <qwirkle.EndReason.leaves>`): the game ends at once for everyone, the
    scores stand with no bonus, the seat that left does not win, and among
    the others the highest total wins, a tie being a shared win (Rule
    END-4). Any seat may resign at any time, on its turn or not; a finished
    game cannot end again (:class:`~qwirkle.IllegalMoveError`).

    >>> from qwirkle import new_game
    >>> final = resign(new_game(["Ann", "Bob", "Cy"], seed=7), 1)
    >>> final.outcome.reason, final.outcome.ended_by, final.outcome.winners
    (EndReason.RESIGNED, 1, (0, 2))
    >>> resign(final, 0)
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: END-4: the game is over: a player resigned
    """
    if type(state) is not GameState:
        _require_state(state, "resign")
    check_game_on(state.outcome)
    return attrs.evolve(state, outcome=left_game(reason, seat, state.scores))
