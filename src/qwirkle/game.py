"""The game flow: dealing, the legal moves, applying a move, and the end of the game."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from itertools import chain

from qwirkle.board import Board, Cell, cell_of
from qwirkle.errors import InvalidStateError
from qwirkle.legality import can_exchange, check, is_legal, verify
from qwirkle.lines import bits, group_size
from qwirkle.movegen import Keyed, Window, can_place, count, count_exchanges, exchanges, top, windows
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.rng import seed_state, shuffle
from qwirkle.ruleset import BlockedEnd, RuleSet, StartTiebreak, starting_seat
from qwirkle.scoring import Score, score_placed
from qwirkle.state import EndReason, GameState, Outcome, Turn, check_hands, check_names
from qwirkle.tiles import ALL_TILES, Tile, tiles_left

__all__ = ["LegalMoves", "apply", "choose_starter", "is_over", "legal_moves", "new_game", "position", "score"]


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
    if not isinstance(rules, RuleSet):
        raise InvalidStateError(f"rules must be a RuleSet, not {rules!r}")
    players = check_names(players)
    if not rules.min_players <= len(players) <= rules.max_players:
        raise InvalidStateError(
            f"{len(players)} players: the game takes {rules.min_players} to {rules.max_players} (Rule SETUP-1)"
        )
    if ages is not None and (
        not isinstance(ages, Sequence)
        or len(ages) != len(players)
        or not all(isinstance(a, (int, float)) and not isinstance(a, bool) for a in ages)
    ):
        raise InvalidStateError(f"ages must give one number per player, not {ages!r}")
    if seed is None:
        seed = secrets.randbits(63)
    if type(seed) is not int:
        raise InvalidStateError(f"seed must be an int, not {seed!r}")
    rng, bag = shuffle(seed_state(seed), [t for t in ALL_TILES for _ in range(rules.copies_per_tile)])
    hands = []
    for _ in players:
        hands.append(bag[-rules.hand_size :])
        bag = bag[: -rules.hand_size]
    starter = choose_starter(hands, rules.start_tiebreak, ages, tiebreak)
    return GameState._make(
        players=tuple(players),
        board=Board(),
        hands=tuple(hands),
        bag=bag,
        scores=(0,) * len(players),
        current=starter,
        rules=rules,
        history=(),
        starter=starter,
        seed=seed,
        rng=rng,
        idle_turns=0,
        outcome=None,
    )


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
        raise InvalidStateError(f"rules must be a RuleSet, not {rules!r}")
    if not isinstance(board, Board):
        board = Board(board)
    hands = check_hands(hands)
    if type(seed) is not int:
        raise InvalidStateError(f"seed must be an int, not {seed!r}")
    rng = seed_state(seed)
    if bag is None:
        left = tiles_left(rules.copies_per_tile, board.values(), *hands)
        if left is None:
            raise InvalidStateError(f"more than {rules.copies_per_tile} copies of a tile (Rule TILES-2)")
        rng, bag = shuffle(rng, left)
    return GameState(
        players=players,
        board=board,
        hands=hands,
        bag=bag,
        scores=scores,
        current=current,
        rules=rules,
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

    Rules START-1, START-2 and START-3.

    >>> from qwirkle import Colour, Shape, Tile
    >>> red = [Tile(Colour.RED, s) for s in (Shape.CIRCLE, Shape.SQUARE)]
    >>> blue = [Tile(Colour.BLUE, Shape.CIRCLE), Tile(Colour.RED, Shape.DIAMOND)]
    >>> choose_starter([blue, red + red], ages=[30, 40])
    1
    """
    return starting_seat([group_size(t.index for t in hand) for hand in hands], rule, ages, tiebreak)


@functools.lru_cache(maxsize=4096)
def _exchange(pick: tuple[int, ...]) -> Exchange:
    # Moves are immutable, and a hand offers the same few dozen exchanges turn after turn.
    return Exchange._trusted(tuple(map(ALL_TILES.__getitem__, pick)))


def _place(keyed: Keyed) -> Place:
    return Place._trusted(tuple([(cell_of(k), ALL_TILES[t]) for k, t in keyed]))


def _window_places(keys: tuple[int, ...], opts: tuple[int, ...]) -> list[Place]:
    """The placements of one window (see :func:`~qwirkle.movegen.windows`), as move objects."""
    # The bit loops are written out: this builds every move a listing returns, hundreds a position.
    trusted = Place._trusted
    out: list[Place] = []
    if len(keys) == 1:
        cell = cell_of(keys[0])
        mask = opts[0]
        while mask:
            low = mask & -mask
            mask ^= low
            out.append(trusted(((cell, ALL_TILES[low.bit_length() - 1]),)))
        return out
    cells = [cell_of(k) for k in keys]
    if len(keys) == 2:
        # Most multi-tile moves place two tiles: each (cell, tile) pair is built once and shared.
        first_cell, second_cell = cells
        a, b = opts
        seconds = []
        while b:
            low = b & -b
            b ^= low
            seconds.append((low, (second_cell, ALL_TILES[low.bit_length() - 1])))
        while a:
            low = a & -a
            a ^= low
            first = (first_cell, ALL_TILES[low.bit_length() - 1])
            for bit, second in seconds:
                if bit != low:
                    out.append(trusted((first, second)))
        return out
    # Longer windows: extend every partial placement by each tile it does not use yet, cell by cell.
    partial: list[tuple[int, tuple[tuple[Cell, Tile], ...]]] = [(0, ())]
    for cell, mask in zip(cells, opts, strict=True):
        options = [(1 << t, (cell, ALL_TILES[t])) for t in bits(mask)]
        partial = [(used | bit, (*pairs, pair)) for used, pairs in partial for bit, pair in options if not used & bit]
    return [trusted(pairs) for _, pairs in partial]


class LegalMoves(Collection[Move]):
    """The legal moves of a state, as a lazy collection.

    Iterate it for every legal move, each once: placements first, then one
    exchange per distinct set of tiles, then the pass when it is the only
    move (Rule TURN-3). ``len`` counts without building moves, and
    ``move in moves`` checks that one move. On the opening turn the table is
    empty and any position will do, so the placements listed (and accepted by
    ``in``) are the openings laid from ``(0, 0)`` towards +x or +y; use
    :func:`~qwirkle.is_legal` to check an opening laid elsewhere.

    >>> from qwirkle import new_game
    >>> moves = legal_moves(new_game(["Ann", "Bob"], seed=7))
    >>> len(moves) == len(list(moves))
    True
    >>> all(move in moves for move in moves)
    True
    """

    __slots__ = ("_count", "_found", "_pass", "_state")

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._found: list[Window] | None = None
        self._count: int | None = None
        self._pass: bool | None = None

    def _windows(self) -> list[Window]:
        """The move generator's windows, found once and shared by counting, listing and ranking."""
        if self._found is None:
            state = self._state
            if state.outcome is None:
                self._found = windows(state.board, [t.index for t in state.hand], state.rules)
            else:
                self._found = []
        return self._found

    def placements(self) -> Iterator[Place]:
        """The legal placements, each once."""
        return chain.from_iterable(_window_places(keys, opts) for keys, opts, _ in self._windows())

    def _exchange_limit(self) -> int:
        """The most tiles an exchange may hold now, 0 if none is allowed."""
        state = self._state
        if not can_exchange(state):
            return 0
        if state.rules.exchange_limited_by_bag:
            return min(len(state.hand), len(state.bag))
        return len(state.hand)

    def exchanges(self) -> Iterator[Exchange]:
        """The legal exchanges, one per distinct set of tiles (Rules EXCHANGE-1, EXCHANGE-5)."""
        largest = self._exchange_limit()
        if not largest:
            return iter(())
        return map(_exchange, exchanges([t.index for t in self._state.hand], largest))

    def can_pass(self) -> bool:
        """Whether passing is legal (Rule TURN-3)."""
        if self._pass is None:
            # Asked by both len() and iteration, which list() calls one after the other.
            self._pass = is_legal(self._state, Pass())
        return self._pass

    def scored(self) -> Iterator[tuple[Place, int]]:
        """Each legal placement with the points it would score, end bonus included.

        Cheaper than calling :func:`~qwirkle.score` on each move: the points
        come from the move generator, which scores each window once.
        """
        state = self._state
        bonus = 0 if state.bag else state.rules.end_bonus
        out = len(state.hand)
        for keys, opts, points in self._windows():
            if len(keys) == out:
                points += bonus
            for move in _window_places(keys, opts):
                yield move, points

    def top(self) -> tuple[int, list[Place]]:
        """The highest score a placement can make now, and every placement that makes it.

        The end bonus counts (Rule SCORE-8). With no placement possible, the
        answer is ``(-1, [])``. Much faster than scoring every move.
        """
        best, found = self._top()
        return best, [_place(keyed) for keyed in found]

    def _top(self) -> tuple[int, Iterator[Keyed]]:
        state = self._state
        bonus = 0 if state.bag else state.rules.end_bonus
        return top(self._windows(), len(state.hand), bonus)

    def best(self) -> tuple[Place, Score] | None:
        """The highest-scoring placement (the first listed among equals) and its score, or ``None``.

        The end bonus counts: with the bag empty, going out may beat a
        bigger line (Rule SCORE-8).

        >>> from qwirkle import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> move, points = legal_moves(state).best()
        >>> points.total == max(score(state, m).total for m in legal_moves(state).placements())
        True
        """
        _, found = self._top()
        first = next(found, None)
        if first is None:
            return None
        state = self._state
        placed = dict(first)
        # Legal by construction: only the score is left to work out.
        goes_out = len(placed) == len(state.hand) and not state.bag
        gained = score_placed(state.board.by_key, placed, state.rules, end_bonus=goes_out)
        return _place(first), gained

    def __iter__(self) -> Iterator[Move]:
        return chain(self.placements(), self.exchanges(), (Pass(),) if self.can_pass() else ())

    def __len__(self) -> int:
        if self._count is None:
            state = self._state
            if state.outcome is not None:
                self._count = 0
            else:
                total = count(self._windows())
                largest = self._exchange_limit()
                if largest:
                    total += count_exchanges([t.index for t in state.hand], largest)
                self._count = total + (1 if self.can_pass() else 0)
        return self._count

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Place, Exchange, Pass)):
            return False
        if isinstance(move, Place) and self._state.is_opening and move.cells[0] != (0, 0):
            return False
        return is_legal(self._state, move)

    def __repr__(self) -> str:
        return f"<LegalMoves: {len(self)} moves>"


def legal_moves(state: GameState) -> LegalMoves:
    """Every legal move of the player to move, as a lazy collection (see :class:`LegalMoves`).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> moves = legal_moves(state)
    >>> next(iter(moves)) in moves
    True
    """
    return LegalMoves(state)


def score(state: GameState, move: Move) -> Score:
    """What ``move`` would score for the player to move, line by line.

    Raises :class:`~qwirkle.IllegalMoveError` if the move is illegal.

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move, best = legal_moves(state).best()
    >>> score(state, move) == best
    True
    """
    return verify(state, move)


def is_over(state: GameState) -> bool:
    """Whether the game has ended; :attr:`GameState.outcome` then says how.

    >>> from qwirkle import new_game
    >>> is_over(new_game(["Ann", "Bob"], seed=7))
    False
    """
    return state.outcome is not None


def apply(state: GameState, move: Move, *, player: int | None = None) -> GameState:
    """Play ``move`` for the player to move and return the new state; ``state`` is unchanged.

    An illegal move raises :class:`~qwirkle.IllegalMoveError` naming the rule
    it breaks (if ``player`` is given it must be the seat to move). After a
    placement the player refills from the bag while it has tiles (Rules
    TURN-2, END-1); an exchange draws first, then returns the tiles and mixes
    the bag (Rule EXCHANGE-1, or the other way round with
    ``exchange_return_before_draw``). The game ends
    when a player goes out with the bag empty (Rule END-2), or when nobody
    can place (Rule END-3).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> after = apply(state, next(iter(legal_moves(state))))
    >>> after.current != state.current, len(state.board), len(after.board) > 0
    (True, 0, True)
    """
    gained, placed, hand = check(state, move, player=player)
    seat = state.current
    rules = state.rules
    hands = list(state.hands)
    bag = state.bag
    rng = state.rng
    board = state.board
    idle = state.idle_turns + 1
    if placed:
        draw = min(len(placed), len(bag))
        if draw:
            hand += bag[len(bag) - draw :]
            bag = bag[: len(bag) - draw]
        hands[seat] = hand
        board = board.placed(placed)
        idle = 0
    elif isinstance(move, Exchange):
        k = len(move)
        if rules.exchange_return_before_draw:
            rng, bag = shuffle(rng, bag + move.tiles)
            hand += bag[len(bag) - k :]
            bag = bag[: len(bag) - k]
        else:
            first = min(k, len(bag))
            hand += bag[len(bag) - first :]
            rng, bag = shuffle(rng, bag[: len(bag) - first] + move.tiles)
            rest = k - first
            if rest:
                hand += bag[len(bag) - rest :]
                bag = bag[: len(bag) - rest]
        hands[seat] = hand
    scores = list(state.scores)
    scores[seat] += gained.total
    turn = Turn(seat, move, gained)
    next_state = state._evolve(
        board=board,
        hands=tuple(hands),
        bag=bag,
        scores=tuple(scores),
        current=(seat + 1) % len(state.players),
        history=(*state.history, turn),
        rng=rng,
        idle_turns=idle,
    )
    reason = _end_reason(next_state, seat)
    if reason is None:
        return next_state
    final = next_state.scores
    best = max(final)
    outcome = Outcome(
        reason=reason,
        scores=final,
        winners=tuple(s for s, points in enumerate(final) if points == best),
        ended_by=seat if reason is EndReason.WENT_OUT else None,
    )
    return next_state._evolve(outcome=outcome)


def _end_reason(state: GameState, mover: int) -> EndReason | None:
    """Whether the turn just played ended the game, and why.

    Rule END-2: a player placed their last tile with the bag empty. Rule
    END-3: the bag is empty and nobody can place (checked after every turn,
    or only once every player has passed in a row). Rule END-5: the
    optional limit of rounds without a placement.
    """
    if not state.hands[mover]:
        return EndReason.WENT_OUT
    players = len(state.players)
    if not state.bag:
        if state.rules.blocked_end_detection is BlockedEnd.ROUND_OF_PASSES:
            # Passes change nothing, so players who passed a round ago still hold the same tiles.
            waited = len(state.history) >= players and all(
                isinstance(turn.move, Pass) for turn in state.history[-players:]
            )
        else:
            waited = True
        if waited and not any(can_place(state.board, [t.index for t in hand]) for hand in state.hands):
            return EndReason.BLOCKED
    limit = state.rules.stalemate_rounds
    if limit is not None and state.idle_turns >= limit * players:
        return EndReason.STALEMATE
    return None

