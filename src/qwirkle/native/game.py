"""A game played by the native engine, built from a :class:`~qwirkle.GameState` and turned back into one.

:mod:`qwirkle.native` offers its names under its own name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from qwirkle._engine.geometry import STRIDE, cell_of
from qwirkle._engine.lines import MAX_LINE
from qwirkle._rng import MAX_RNG
from qwirkle.bots.play import MAX_TURNS
from qwirkle.endings import EndReason, Outcome, outcome_of
from qwirkle.errors import InvalidActionError, InvalidStateError, brief, not_a_move
from qwirkle.legality import verify
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.native._convert import actions_tuple, key_cells, place_from, rules_tuple, score_from, trailing_passes
from qwirkle.native.extension import native_module
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import NOTHING, Score
from qwirkle.state import GameState, Turn
from qwirkle.tiles import ALL_TILES, Tile

if TYPE_CHECKING:
    from qwirkle_native._native import Game

    from qwirkle.adapters.actions import ActionLayout

__all__ = ["NativeGame", "Tally"]


class Tally(NamedTuple):
    """What one seat did in the turns a :class:`NativeGame` played: :meth:`NativeGame.tallies`."""

    moves: int
    """The turns it took, whatever their move."""
    qwirkles: int
    """The qwirkles its placements made (lines of six, Rule SCORE-4)."""
    exchanges: int
    """The turns it exchanged tiles."""
    passes: int
    """The turns it passed."""


class NativeGame:
    """A game played by the native engine, from a :class:`~qwirkle.GameState` and back.

    The moves it lists, their order, what they score, the tiles drawn, the
    bag's order and the end of the game are the specification's. The object
    changes as moves are applied; :meth:`clone` copies it.
    """

    __slots__ = ("_base", "_done", "_game", "_turns")

    def __init__(self, game: Game, base: GameState) -> None:
        self._game = game
        self._base = base
        # The turns rebuilt so far, kept so that each to_state() rebuilds only the new ones.
        self._turns: list[Turn] = []
        self._done = 0

    @classmethod
    def from_state(cls, state: GameState) -> NativeGame:
        """A native game in the position of ``state``.

        Every :class:`~qwirkle.RuleSet` option is supported. A table near the
        coordinate limit (:attr:`Board.near_edge <qwirkle.Board.near_edge>`), or
        spread over more than 238 cells in one direction, is refused with
        ``ValueError``.
        """
        native = native_module()
        board = state.board
        if board and board.near_edge:
            raise ValueError("the native engine does not play near the coordinate limit")
        tiles = [(*cell_of(k), t) for k, t in board._grid.items()]
        orders = None
        if board:
            # The order in which the specification lists moves follows its frontier's order: taken as it is.
            frontier = board._derived()
            orders = (
                key_cells(list(frontier.cells)),
                key_cells(list(frontier.rows)),
                key_cells(list(frontier.columns)),
            )
        game = native.Game.from_parts(
            tiles,
            orders,
            [[t.index for t in hand] for hand in state.hands],
            [t.index for t in state.bag],
            list(state.scores),
            state.current,
            state.rng,
            state.idle_turns,
            state.outcome is not None,
            rules_tuple(state.rules),
            trailing_passes(state),
        )
        return cls(game, state)

    def clone(self) -> NativeGame:
        """An independent copy."""
        twin = NativeGame(self._game.clone(), self._base)
        twin._turns = list(self._turns)
        twin._done = self._done
        return twin

    def dealt_as(self, hands: Sequence[Sequence[Tile]], bag: Sequence[Tile], rng: int) -> NativeGame:
        """A copy with the tiles of the hands and the bag dealt as ``hands`` and ``bag``, and ``rng`` its random state.

        It is a guess of what a seat cannot see, made without building the
        game again: a bot looking ahead plays it out as it would a
        :class:`~qwirkle.GameState` with those hands, bag and
        :attr:`~qwirkle.GameState.rng`. ``hands`` and ``bag`` hold the tiles
        of the game's hands and bag, no others, and as many in each;
        otherwise :class:`~qwirkle.errors.InvalidStateError` is raised. The
        game itself is left as it was.

        >>> import attrs
        >>> from qwirkle import new_game
        >>> from qwirkle.native import available
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> if available():
        ...     game = NativeGame.from_state(state)
        ...     swapped = (state.hands[0], state.bag[:6])
        ...     guess = game.dealt_as(swapped, state.hands[1] + state.bag[6:], rng=5)
        ...     assert guess.hands == swapped and game.hands == state.hands
        ...     assert guess.to_state() == attrs.evolve(state, hands=swapped, bag=guess.bag, rng=5)
        """
        if type(rng) is not int:
            raise TypeError(f"rng must be an int from 0 to 2**64 - 1, not {brief(rng)}")
        if not 0 <= rng <= MAX_RNG:
            raise InvalidStateError(f"rng must be an int from 0 to 2**64 - 1, not {brief(rng)}")
        if not all(type(tile) is Tile for tile in (*bag, *(tile for hand in hands for tile in hand))):
            raise TypeError("hands and bag hold Tile values")
        dealt = [[tile.index for tile in hand] for hand in hands], [tile.index for tile in bag]
        twin = self.clone()
        try:
            twin._game.deal_as(*dealt, rng)
        except ValueError as error:
            raise InvalidStateError(str(error)) from None
        return twin

    @property
    def rules(self) -> RuleSet:
        """The options of the game."""
        return self._base.rules

    def count(self) -> int:
        """``len(legal_moves(state))``: how many legal moves the player to move has."""
        return self._game.count()

    def legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :func:`~qwirkle.legal_moves`: placements, exchanges, then the pass."""
        moves: list[Move] = [place_from(flat) for flat in self._game.placements()]
        moves += [Exchange.from_sorted(tuple([ALL_TILES[t] for t in tiles])) for tiles in self._game.exchanges()]
        if self._game.can_pass():
            moves.append(Pass())
        return moves

    def best(self) -> tuple[Place, Score] | None:
        """``legal_moves(state).best()``: the highest-scoring placement, the first listed among equals."""
        found = self._game.best()
        if found is None:
            return None
        cells, score = found
        move = Place._from_sorted(tuple([((x, y), ALL_TILES[t]) for x, y, t in cells]))
        return move, score_from(score, self.rules)

    def top_points(self) -> int:
        """The highest score a placement makes now, end bonus included, or -1 if none."""
        return self._game.top_points()

    def apply_greedy(self) -> None:
        """Play the first best-scoring placement in :func:`~qwirkle.bots.move_key` order; else the first other move.

        Without a placement, that is the smallest exchange (its tiles' indices
        compared in order), else the pass. It is the reply that the strong
        bot's look-ahead expects of every player, whatever the engine.

        >>> from qwirkle import new_game
        >>> from qwirkle.native import available
        >>> if available():
        ...     game = NativeGame.from_state(new_game(["Ann", "Bob"], seed=7))
        ...     game.apply_greedy()
        ...     assert game.scores[0] + game.scores[1] > 0
        """
        game = self._game
        if game.outcome is not None:
            raise ValueError("the game is over")
        if game.apply_first_best():
            return
        exchanges = game.exchanges()
        if exchanges:
            game.apply_exchange(min(exchanges))
        else:
            self.apply(Pass())

    def apply(self, move: Move) -> None:
        """Play ``move`` for the player to move, as :func:`~qwirkle.apply` does (drawing from the top of the bag).

        An illegal move raises the specification's :class:`~qwirkle.IllegalMoveError`,
        worked out by the specification itself on :meth:`to_state`.
        """
        native = native_module()
        try:
            if type(move) is Place:
                self._game.apply_place([(x, y, tile.index) for (x, y), tile in move.placements])
            elif type(move) is Exchange:
                self._game.apply_exchange([tile.index for tile in move.tiles])
            elif type(move) is Pass:
                self._game.apply_pass()
            else:
                raise not_a_move(move)
        except native.IllegalMoveError as refused:
            verify(self.to_state(), move)
            raise RuntimeError(f"the native engine refused a move the specification accepts: {refused}") from None

    def legal_actions(self, layout: ActionLayout) -> list[int]:
        """The actions of the adapters' encoding legal now, in increasing order, numbered by ``layout``.

        They are :meth:`ActionTurn.legal_actions
        <qwirkle.adapters.actions.ActionTurn.legal_actions>` of the turn being
        built by :meth:`apply_action` (started here if none is); ``layout`` is
        the :class:`~qwirkle.adapters.actions.ActionLayout` of the environment,
        ``ActionLayout(hand_size=rules.hand_size)`` for the adapters' own.
        There are none once the game is over.
        """
        try:
            return self._game.legal_actions(actions_tuple(layout))
        except ValueError as error:
            raise InvalidActionError(str(error)) from None

    def action_origin(self, layout: ActionLayout) -> tuple[int, int]:
        """The top-left cell of the window of the turn being built (:attr:`ActionTurn.origin
        <qwirkle.adapters.actions.ActionTurn.origin>`), which :func:`~qwirkle.adapters.actions.decode` takes.
        """
        try:
            return self._game.action_origin(actions_tuple(layout))
        except ValueError as error:
            raise InvalidActionError(str(error)) from None

    def apply_action(self, action: int, layout: ActionLayout) -> bool:
        """Take one action of the adapters' encoding for the player to move; ``True`` if it ended the turn.

        A tile action puts a tile down in the turn being built, and the game is
        unchanged until the placement ends; the end of a placement, an
        exchange or the pass plays the move that :meth:`ActionTurn.after
        <qwirkle.adapters.actions.ActionTurn.after>` gives. An action that is
        not legal now raises :class:`~qwirkle.errors.InvalidActionError` and
        changes nothing. Any other move (:meth:`apply`, :meth:`apply_greedy`,
        :meth:`play_bots`) drops the turn being built.

        >>> from qwirkle import new_game
        >>> from qwirkle.adapters.actions import ActionLayout, ActionTurn
        >>> from qwirkle.native import available
        >>> state, layout = new_game(["Ann", "Bob"], seed=7), ActionLayout()
        >>> if available():
        ...     game = NativeGame.from_state(state)
        ...     assert game.legal_actions(layout) == ActionTurn.start(state).legal_actions()
        ...     while not game.apply_action(game.legal_actions(layout)[0], layout):
        ...         pass
        ...     assert game.current != state.current and len(game.to_state().board) == 3
        """
        if type(action) is not int:
            if not hasattr(action, "__index__"):
                raise TypeError(f"an action is an int, not {brief(action)}")
            action = int(action)
        try:
            ended = self._game.apply_action(actions_tuple(layout), action)
        except ValueError as error:
            raise InvalidActionError(str(error)) from None
        if ended is None:
            raise InvalidActionError(f"action {action} is not legal now")
        return ended

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._game.outcome is not None

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score."""
        return tuple(self._game.scores)

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Each seat's tiles."""
        return tuple(tuple([ALL_TILES[t] for t in hand]) for hand in self._game.hands)

    @property
    def bag(self) -> tuple[Tile, ...]:
        """The tiles left to draw, in draw order (the last is drawn first)."""
        return tuple([ALL_TILES[t] for t in self._game.bag])

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self._game.current

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        ended = self._game.outcome
        if ended is None:
            return None
        if self._game.turns_played == 0:
            return self._base.outcome
        reason, _, ended_by = ended
        return outcome_of(EndReason(reason), self._game.scores, ended_by)

    def play_bots(self, bots: Sequence[str], seeds: Sequence[int], *, max_turns: int = MAX_TURNS) -> bool:
        """Play the built-in bots named ``bots`` (``"greedy"``, ``"random"``), seeded with ``seeds``, to the end.

        Each bot chooses as :func:`qwirkle.bots.make_bot` ``(name, seed)`` would.
        Returns ``False`` if the game had not ended after ``max_turns`` turns in all.
        """
        return self._game.play_bots(list(bots), list(seeds), len(self._base.history), max_turns)

    def tallies(self) -> tuple[Tally, ...]:
        """Each seat's :class:`Tally` of the turns played since :meth:`from_state`, read without building them.

        >>> from qwirkle import new_game
        >>> from qwirkle.native import available
        >>> if available():
        ...     game = NativeGame.from_state(new_game(["Ann", "Bob"], seed=7))
        ...     game.apply_greedy()
        ...     assert sum(t.moves for t in game.tallies()) == 1
        """
        moves = [0] * len(self._base.players)
        qwirkles = list(moves)
        exchanges = list(moves)
        passes = list(moves)
        for seat, kind, _, (_, lines, _) in self._game.turns(0):
            moves[seat] += 1
            if kind == "place":
                qwirkles[seat] += sum(1 for line in lines if line[3] == MAX_LINE)
            elif kind == "exchange":
                exchanges[seat] += 1
            else:
                passes[seat] += 1
        return tuple(Tally(*counts) for counts in zip(moves, qwirkles, exchanges, passes, strict=True))

    def _history(self) -> tuple[Turn, ...]:
        rules = self.rules
        for seat, kind, tiles, score in self._game.turns(self._done):
            move: Move
            gained = NOTHING
            if kind == "place":
                move = Place._from_sorted(tuple([((x, y), ALL_TILES[t]) for x, y, t in tiles]))
                gained = score_from(score, rules)
            elif kind == "exchange":
                move = Exchange.from_sorted(tuple([ALL_TILES[t] for _, _, t in tiles]))
            else:
                move = Pass()
            self._turns.append(Turn(seat, move, gained))
            self._done += 1
        return (*self._base.history, *self._turns)

    def to_state(self) -> GameState:
        """The :class:`~qwirkle.GameState` of the game now: equal to the specification's after the same moves."""
        base = self._base
        game = self._game
        board = base.board
        laid = game.board
        if len(laid) > len(board):
            # The tiles laid since are the last ones: the board grows as the specification's does.
            board = board._placed_unchecked({x * STRIDE + y: t for x, y, t in laid[len(board) :]})
        return GameState(
            players=base.players,
            board=board,
            hands=self.hands,
            bag=self.bag,
            scores=tuple(game.scores),
            current=game.current,
            rules=base.rules,
            history=self._history(),
            starter=base.starter,
            seed=base.seed,
            rng=game.rng,
            idle_turns=game.idle_turns,
            outcome=self.outcome,
        )
