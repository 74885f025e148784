"""A test kit: hypothesis strategies for the tile game, and a check of every invariant of a state.

For authors of interfaces and bots who test their own code against the
specification: draw tiles, hands, boards and states reached by legal play,
legal moves and (usually) illegal ones, and check that what your code builds
is still a state a game could reach. Install it with the ``testing`` extra
(``pip install 'qwirkle[testing]'``), which brings hypothesis.

States are reached by playing legal moves from :func:`qwirkle.new_game`. The
moves are picked by a :class:`random.Random` seeded from a drawn integer: a
whole game is then one short draw, which keeps examples cheap, and the same
drawn values always replay the same game.

>>> from hypothesis import given, settings
>>> from qwirkle import apply
>>> @settings(max_examples=5, deadline=None)
... @given(data=st.data(), state=reachable_states(phases=st.just("early")))
... def test_my_bot_plays_legal_moves(data: st.DataObject, state: GameState) -> None:
...     move = data.draw(legal_moves_of(state))
...     check_invariants(apply(state, move))
>>> test_my_bot_plays_legal_moves()
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

from qwirkle._extras import missing_extra_error

try:
    from hypothesis import strategies as st
except ImportError as error:
    raise missing_extra_error(__name__, "hypothesis", "testing", error) from None

from qwirkle._engine.geometry import Cell
from qwirkle._engine.movegen import can_place
from qwirkle.board import Board
from qwirkle.bots import move_key
from qwirkle.endings import EndReason
from qwirkle.errors import InvalidStateError
from qwirkle.game import apply, is_over, new_game, position
from qwirkle.legality import is_legal
from qwirkle.legalmoves import legal_moves
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import RuleSet, variants
from qwirkle.state import GameState, check_state
from qwirkle.tiles import ALL_TILES, Colour, Shape, Tile

__all__ = [
    "MAX_TURNS",
    "MUTATIONS",
    "NAMES",
    "PHASES",
    "RULE_VARIANTS",
    "boards",
    "check_invariants",
    "choose_move",
    "crafted_positions",
    "game_paths",
    "hands",
    "illegal_moves",
    "legal_moves_of",
    "mutated_moves",
    "play",
    "play_phase",
    "play_to_end",
    "player_counts",
    "reachable_states",
    "rule_sets",
    "seats_for",
    "seeds",
    "tile",
    "tiles",
]

NAMES: Final = ("Ann", "Bob", "Cy", "Dee")
"""Player names for the games the strategies deal, in seat order."""

RULE_VARIANTS: Final[tuple[RuleSet, ...]] = (
    RuleSet(),
    *variants(RuleSet),
    *(RuleSet.preset(name) for name in RuleSet.PRESETS if RuleSet.preset(name) != RuleSet()),
)
"""Option sets worth exercising: the standard game, each option changed alone (as its field declares), the presets."""


def seats_for(rules: RuleSet, wanted: int) -> int:
    """``wanted`` players, or the nearest number the rules allow (Rule SETUP-1).

    >>> seats_for(RuleSet(), 5), seats_for(RuleSet(), 3)
    (4, 3)
    """
    return min(max(wanted, rules.min_players), rules.max_players)


PHASES: Final = ("opening", "early", "middle", "late", "empty_bag", "finished")
"""How far into a game a drawn state is."""

MAX_TURNS: Final = 600
"""A cap on game length: an END-5 deadlock can go on exchanging forever without the optional limit."""


def seeds() -> st.SearchStrategy[int]:
    """Seeds for dealing a game or for picking moves.

    >>> seeds().validate()
    """
    return st.integers(min_value=0, max_value=2**32 - 1)


def rule_sets() -> st.SearchStrategy[RuleSet]:
    """A sample of option variants, the standard rules first (so that examples shrink towards them).

    >>> RULE_VARIANTS[0] == RuleSet(), len(RULE_VARIANTS) > 10
    (True, True)
    """
    return st.sampled_from(RULE_VARIANTS)


def player_counts() -> st.SearchStrategy[int]:
    """2 to 4 players (SETUP-1).

    >>> player_counts().validate()
    """
    return st.integers(min_value=2, max_value=4)


def choose_move(state: GameState, rng: random.Random) -> Move:
    """A legal move for the player to move: mostly placements, random or best, sometimes anything legal.

    Best-scoring placements build long lines (4, 5 and Qwirkles) much more
    often than random ones; the occasional random pick over all moves brings
    in exchanges and, where legal, passes.

    >>> from qwirkle import is_legal
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> is_legal(state, choose_move(state, random.Random(1)))
    True
    """
    moves = legal_moves(state)
    roll = rng.random()
    if roll < 0.9:
        placements = list(moves.placements())
        if placements:
            if roll < 0.45:
                return rng.choice(placements)
            best = moves.best()
            assert best is not None
            return best[0]
    everything = list(moves)
    if not everything:
        raise AssertionError(f"no legal move in a game that is not over:\n{state}")
    return rng.choice(everything)


def play(
    state: GameState,
    rng: random.Random,
    *,
    until: Callable[[GameState], bool] = is_over,
    max_turns: int = MAX_TURNS,
) -> list[GameState]:
    """Play legal moves from ``state`` until ``until`` holds, the game ends or ``max_turns`` pass.

    Returns every state met, ``state`` first and the last one reached last.

    >>> path = play(new_game(["Ann", "Bob"], seed=7), random.Random(1), max_turns=5)
    >>> len(path), path[-1].turn_number
    (6, 5)
    """
    states = [state]
    for _ in range(max_turns):
        if is_over(state) or until(state):
            break
        state = apply(state, choose_move(state, rng))
        states.append(state)
    return states


def play_to_end(state: GameState, rng: random.Random, *, max_turns: int = MAX_TURNS) -> list[GameState]:
    """Play a game on to its end (or to ``max_turns``); every state met, in order.

    >>> is_over(play_to_end(new_game(["Ann", "Bob"], seed=7), random.Random(1))[-1])
    True
    """
    return play(state, rng, max_turns=max_turns)


def play_phase(state: GameState, rng: random.Random, phase: str, extra: int) -> list[GameState]:
    """Play from the deal into ``phase`` (one of :data:`PHASES`), then ``extra`` more turns (fewer if the game ends).

    >>> path = play_phase(new_game(["Ann", "Bob"], seed=7), random.Random(1), "empty_bag", 0)
    >>> len(path[-1].bag)
    0
    """
    if phase == "opening":
        return [state]
    if phase == "early":
        return play(state, rng, max_turns=extra + 1)
    if phase == "middle":
        half = len(state.bag) // 2
        states = play(state, rng, until=lambda s: len(s.bag) <= half)
    elif phase == "late":
        states = play(state, rng, until=lambda s: len(s.bag) <= 8)
    elif phase == "empty_bag":
        states = play(state, rng, until=lambda s: not s.bag)
    elif phase == "finished":
        return play_to_end(state, rng)
    else:
        raise ValueError(f"unknown phase {phase!r}")
    return states + play(states[-1], rng, max_turns=extra)[1:]


@st.composite
def game_paths(
    draw: st.DrawFn,
    *,
    rules: st.SearchStrategy[RuleSet] | None = None,
    players: st.SearchStrategy[int] | None = None,
    phases: st.SearchStrategy[str] | None = None,
) -> list[GameState]:
    """Every state of a game played from a random deal into a random phase, in order (2 to 4 players).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=3, deadline=None)
    ... @given(game_paths(phases=st.just("early")))
    ... def test(path: list[GameState]) -> None:
    ...     assert [state.turn_number for state in path] == list(range(len(path)))
    >>> test()
    """
    chosen_rules = draw(rule_sets() if rules is None else rules)
    count = draw(player_counts() if players is None else players)
    phase = draw(st.sampled_from(PHASES) if phases is None else phases)
    deal_seed = draw(seeds())
    move_seed = draw(seeds())
    extra = draw(st.integers(min_value=0, max_value=10))
    start = new_game(NAMES[: seats_for(chosen_rules, count)], seed=deal_seed, rules=chosen_rules)
    return play_phase(start, random.Random(move_seed), phase, extra)


def reachable_states(
    *,
    rules: st.SearchStrategy[RuleSet] | None = None,
    players: st.SearchStrategy[int] | None = None,
    phases: st.SearchStrategy[str] | None = None,
) -> st.SearchStrategy[GameState]:
    """A state reached by legal play: the opening, early, middle or late game, an empty bag, or a finished game.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=3, deadline=None)
    ... @given(reachable_states(rules=st.just(RuleSet())))
    ... def test(state: GameState) -> None:
    ...     check_invariants(state)
    >>> test()
    """
    return game_paths(rules=rules, players=players, phases=phases).map(lambda path: path[-1])


def tile(colour: int, shape: int) -> Tile:
    """The tile of colour number ``colour`` and shape number ``shape`` (0 to 5 each).

    >>> tile(4, 5)
    Tile(Colour.BLUE, Shape.STAR8)
    """
    return Tile(list(Colour)[colour], list(Shape)[shape])


def _grid(skip: Sequence[Cell] = ()) -> dict[Cell, Tile]:
    """The 6 x 6 block where cell (x, y) holds colour x, shape y: every row and column is a full, valid line."""
    return {(x, y): tile(x, y) for x in range(6) for y in range(6) if (x, y) not in skip}


def crafted_positions() -> list[tuple[str, GameState]]:
    """Hand-built positions for what random play seldom gives, each with its name.

    >>> positions = dict(crafted_positions())
    >>> legal_moves(positions["forced pass"]).can_pass()
    True
    """
    red = [tile(0, s) for s in range(6)]
    blue = [tile(4, s) for s in range(6)]
    out: list[tuple[str, GameState]] = []
    # A line of five and two copies of the tile that makes it a Qwirkle, at either end (SCORE-4).
    out.append(
        (
            "line of five",
            position(
                NAMES[:2],
                {(x, 0): red[x] for x in range(5)},
                [[red[5], red[5], blue[0], tile(3, 1), tile(2, 4), tile(5, 2)], [*blue[1:], tile(1, 1)]],
            ),
        )
    )
    # One tile finishes a row and a column of six at once: two Qwirkles (SCORE-5).
    cross = {(x, 0): red[x] for x in range(1, 6)} | {(0, y): tile(y, 0) for y in range(1, 6)} | {(1, 1): red[0]}
    out.append(
        (
            "two lines of five crossing",
            position(NAMES[:3], cross, [[red[0], *blue[1:]], blue[:3] + red[:3], [tile(2, s) for s in range(6)]]),
        )
    )
    # A line of four that can grow at both ends in one move, tiles apart (PLACE-2).
    out.append(
        (
            "line of four",
            position(
                NAMES[:2],
                {(0, y): blue[y] for y in range(4)},
                [[blue[4], blue[5], tile(4, 4), tile(1, 3), tile(2, 3), tile(3, 3)], red],
            ),
        )
    )
    # A hole between two runs of three: filling it would make a line of seven (LINE-4).
    yellow = [tile(2, s) for s in range(6)]
    runs = {(x, 0): red[x] for x in range(3)} | {(x + 1, 0): red[x] for x in range(3, 6)}
    bridge = {(2, 1): yellow[2], (3, 1): yellow[4], (4, 1): yellow[3]}
    out.append(
        (
            "hole between runs",
            position(NAMES[:2], runs | bridge, [[red[0], red[3], red[5], blue[3], yellow[1], tile(1, 4)], blue]),
        )
    )
    # The opening with duplicates in hand and two groups tied for largest (START-1, START-4).
    out.append(
        (
            "opening with tied groups",
            position(
                NAMES[:2], {}, [[red[0], red[0], red[1], blue[0], blue[1], tile(2, 5)], [tile(3, s) for s in range(6)]]
            ),
        )
    )
    # The bag is empty and the player to move cannot place: they must pass (TURN-3).
    removed = [(0, 0), (1, 0), (0, 1), (5, 0), (0, 5)]
    out.append(
        (
            "forced pass",
            position(
                NAMES[:2],
                _grid(removed),
                [[tile(0, 0)], [tile(x, y) for x, y in removed[1:]]],
                bag=(),
                rules=RuleSet(copies_per_tile=1),
            ),
        )
    )
    # The same table with tiles in the bag: the player cannot place, so they must exchange (EXCHANGE-4).
    out.append(
        (
            "forced exchange",
            position(
                NAMES[:2],
                _grid(removed),
                [[tile(0, 0)], [tile(1, 0)]],
                bag=[tile(x, y) for x, y in removed[2:]],
                rules=RuleSet(copies_per_tile=1, hand_size=1),
            ),
        )
    )
    # Every line is full and every tile in hand is a second copy: nobody can place (END-3). The player
    # to move holds tiles that pairwise share little, which keeps exhaustive checks quick.
    spread = [t for t in ALL_TILES if (t.shape.value - t.colour.value) % 6 in (0, 1)]
    crowd = [t for t in ALL_TILES if t not in spread]
    doubles = RuleSet(copies_per_tile=2, hand_size=10)
    out.append(
        (
            "blocked table",
            position(
                NAMES, _grid(), [spread[:9], spread[9:] + crowd[:6], crowd[6:16], crowd[16:]], bag=(), rules=doubles
            ),
        )
    )
    # One hole in the full block. Its row and column are cut in two, so their ends take diamonds or
    # yellow tiles; the player to move holds neither and must pass, the next one can fill the hole.
    hole = tile(2, 2)
    plain = [t for t in spread if t.colour is not hole.colour and t.shape is not hole.shape]
    rest = [t for t in ALL_TILES if t not in plain and t != hole]
    out.append(
        (
            "pass while others can place",
            position(
                NAMES,
                _grid([(2, 2)]),
                [plain, [hole, *rest[:9]], [hole, *rest[9:18]], rest[18:]],
                bag=(),
                rules=doubles,
            ),
        )
    )
    return out


MUTATIONS: Final = (
    "foreign tile",
    "occupied cell",
    "shifted",
    "far tile",
    "diagonal tile",
    "too many to exchange",
    "exchange not held",
    "pass",
    "legal move",
)
"""Ways to turn a legal move into a (usually) illegal one; "legal move" draws any legal move, as a control."""


def _held(hand: tuple[Tile, ...], tile: Tile) -> int:
    return sum(1 for t in hand if t == tile)


@st.composite
def mutated_moves(draw: st.DrawFn, state: GameState) -> tuple[str, Move]:
    """A move made from one of the legal moves of ``state`` by a drawn change, and the change's name.

    Most changes always give an illegal move; "shifted" and "diagonal tile"
    may give a legal one, so callers judge the result themselves (or draw
    :func:`illegal_moves`).

    >>> from hypothesis import given, settings
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> @settings(max_examples=5)
    ... @given(mutated_moves(state))
    ... def test(changed: tuple[str, Move]) -> None:
    ...     assert changed[0] in (*MUTATIONS, "unchanged")
    >>> test()
    """
    kind = draw(st.sampled_from(MUTATIONS))
    moves = legal_moves(state)
    placements = sorted(moves.placements(), key=repr)
    hand = state.hand
    if not placements:
        # A game that is over, or a player who cannot place: start from a tile of the hand next to the table.
        cell = next(iter(state.board), (0, 0))
        source = Place({(cell[0], cell[1] - 1): hand[0] if hand else ALL_TILES[0]})
    else:
        source = draw(st.sampled_from(placements))
    cells = dict(source.placements)
    target = draw(st.sampled_from(sorted(cells)))
    if kind == "foreign tile":
        others = [tile for cell, tile in cells.items() if cell != target]
        unheld = [t for t in ALL_TILES if _held(hand, t) <= others.count(t)]
        cells[target] = draw(st.sampled_from(unheld))
        return kind, Place(cells)
    if kind == "occupied cell" and state.board:
        occupied = draw(st.sampled_from(sorted(state.board)))
        tile = cells.pop(target)
        cells[occupied] = tile
        return kind, Place(cells)
    if kind == "shifted":
        dx = draw(st.integers(min_value=-3, max_value=3))
        dy = draw(st.integers(min_value=-3, max_value=3).filter(lambda d: d or dx))
        return kind, Place({(x + dx, y + dy): t for (x, y), t in cells.items()})
    if kind == "far tile":
        x, y = target
        far = draw(st.sampled_from([(x + 40, y), (x, y - 40), (x + 40, y + 40)]))
        cells[far] = draw(st.sampled_from(hand or ALL_TILES))
        return kind, Place(cells)
    if kind == "diagonal tile":
        x, y = target
        corner = draw(st.sampled_from([(x + 1, y + 1), (x - 1, y + 1), (x + 1, y - 1), (x - 1, y - 1)]))
        if corner not in cells and corner not in state.board:
            cells[corner] = draw(st.sampled_from(hand or ALL_TILES))
            return kind, Place(cells)
        return kind, Place({**cells, (x + 40, y + 40): draw(st.sampled_from(ALL_TILES))})
    if kind == "too many to exchange":
        limited = state.rules.exchange_limited_by_bag and len(state.bag) < len(hand)
        if limited:
            return kind, Exchange(hand[: len(state.bag) + 1])
        return kind, Exchange([*hand, draw(st.sampled_from(ALL_TILES))])
    if kind == "exchange not held":
        missing = [t for t in ALL_TILES if t not in hand]
        return kind, Exchange([*hand[:1], draw(st.sampled_from(missing))])
    if kind == "pass":
        return kind, Pass()
    if kind == "legal move":
        everything = list(moves)
        if everything:
            return kind, draw(st.sampled_from(everything))
    return "unchanged", source


def tiles() -> st.SearchStrategy[Tile]:
    """Any of the 36 tiles, shrinking towards the red circle.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5)
    ... @given(tiles())
    ... def test(tile: Tile) -> None:
    ...     assert Tile.from_index(tile.index) == tile
    >>> test()
    """
    return st.sampled_from(ALL_TILES)


def hands(rules: RuleSet | None = None, *, min_size: int = 1) -> st.SearchStrategy[tuple[Tile, ...]]:
    """A hand: ``min_size`` to ``hand_size`` tiles, none in more copies than the game has (Rules TILES-2, SETUP-2).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5)
    ... @given(hands())
    ... def test(hand: tuple[Tile, ...]) -> None:
    ...     assert 1 <= len(hand) <= 6
    >>> test()
    """
    rules = RuleSet() if rules is None else rules
    copies = rules.copies_per_tile
    return (
        st.lists(tiles(), min_size=min_size, max_size=rules.hand_size)
        .filter(lambda hand: max(Counter(hand).values(), default=0) <= copies)
        .map(tuple)
    )


def boards(
    *,
    rules: st.SearchStrategy[RuleSet] | None = None,
    phases: st.SearchStrategy[str] | None = None,
) -> st.SearchStrategy[Board]:
    """A table reached by legal play (see :func:`reachable_states`).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=3, deadline=None)
    ... @given(boards(phases=st.just("early")))
    ... def test(board: Board) -> None:
    ...     assert Board(board.items()) == board
    >>> test()
    """
    return reachable_states(rules=rules, phases=phases).map(lambda state: state.board)


def legal_moves_of(state: GameState) -> st.SearchStrategy[Move]:
    """A legal move of ``state``, in an order that does not depend on the move generator; nothing if the game is over.

    >>> from hypothesis import given, settings
    >>> from qwirkle import is_legal, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> @settings(max_examples=5)
    ... @given(legal_moves_of(state))
    ... def test(move: Move) -> None:
    ...     assert is_legal(state, move)
    >>> test()
    """
    moves = sorted(legal_moves(state), key=move_key)
    return st.sampled_from(moves) if moves else st.nothing()


def illegal_moves(state: GameState) -> st.SearchStrategy[Move]:
    """A move of ``state`` that breaks a rule: one of its legal moves changed (see :func:`mutated_moves`).

    >>> from hypothesis import given, settings
    >>> from qwirkle import is_legal, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> @settings(max_examples=5)
    ... @given(illegal_moves(state))
    ... def test(move: Move) -> None:
    ...     assert not is_legal(state, move)
    >>> test()
    """
    return mutated_moves(state).map(lambda changed: changed[1]).filter(lambda move: not is_legal(state, move))


def check_invariants(state: GameState) -> GameState:
    """Return ``state`` if it keeps every invariant of a game played by the rules, else raise InvalidStateError.

    On top of :func:`~qwirkle.check_state` (every field of its type, every
    tile somewhere exactly once, full hands while the bag has tiles, and a
    history that agrees with the table, the scores, the seat to move, the
    count of turns without a placement and the outcome): the table is valid
    and connected when built afresh (Rules LINE-2 to LINE-4, PLACE-4) and
    what the board worked out next to its tiles is what a fresh board works
    out; a game that is over ended for a reason that holds (Rules END-2,
    END-3, VARIANT-4); a game that goes on has a legal move (Rule TURN-3).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> check_invariants(state) is state
    True
    >>> import attrs
    >>> check_invariants(attrs.evolve(state, current=1 - state.current))
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: seat ... is to move, but no turn was played since the starter, seat ...
    """
    check_state(state)
    fresh = Board(state.board.items())
    if fresh != state.board:
        raise InvalidStateError("the board is not the board of its own tiles")
    if state.board._knows_frontier() and state.board._derived() != fresh._derived():
        raise InvalidStateError("what the board worked out next to its tiles differs from a fresh board's")
    if not state.history and state.current != state.starter:
        # check_state allows it for a position set up by hand; a game played by the rules opens with its starter.
        raise InvalidStateError(
            f"seat {state.current} is to move, but no turn was played since the starter, seat {state.starter}",
            Rule.START_7,
        )
    outcome = state.outcome
    if outcome is None:
        if not legal_moves(state):
            raise InvalidStateError("the game goes on but the player to move has no legal move", Rule.TURN_3)
        return state
    if outcome.reason is EndReason.BLOCKED and any(can_place(state.board, [t.index for t in h]) for h in state.hands):
        raise InvalidStateError("the game ended blocked, but a player can place", Rule.END_3)
    limit = state.rules.score_limit
    if outcome.reason is EndReason.SCORE_LIMIT and (limit is None or max(state.scores) < limit):
        raise InvalidStateError("the game ended at the score limit, which no total reached", Rule.VARIANT_4)
    if outcome.reason is EndReason.WENT_OUT and (
        outcome.ended_by is None or state.hands[outcome.ended_by] or state.bag
    ):
        raise InvalidStateError("the game ended by going out, but no player went out with the bag empty", Rule.END_2)
    return state
