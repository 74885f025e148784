"""A turn built action by action, in the adapters' action encoding (:mod:`qwirkle.adapters.encoding`).

Only legal actions are offered (:meth:`ActionTurn.legal_actions`): a tile goes
on a cell only if some legal placement holds it together with every tile
placed so far, and into the exchange only while the exchange may take one
more (as :func:`~qwirkle.legality.exchange_limit` says), so every offered
sequence ends in a legal move. Copies of one tile in
the hand are offered once: on the table by their first slot, into the
exchange by their first slot not in it yet. On the empty table the openings are built where
:func:`~qwirkle.legal_moves` lists them, from ``(0, 0)``. A placement with a
cell outside the window cannot be expressed (in 300 games, half random and
half greedy, 24,525 turns, none was met: the widest table spanned 27 cells);
if no legal move at all can be, :attr:`ActionLayout.pass_` stands for the
best-scoring placement instead.

>>> from qwirkle import new_game
>>> turn = ActionTurn.start(new_game(["Ann", "Bob"], seed=7))
>>> turn.layout.size, turn.origin
(7784, (-18, -18))
>>> first = turn.legal_actions()[0]
>>> decode(first, turn.origin)
TileAction(slot=2, cell=(0, 0))
>>> encode(decode(first, turn.origin), turn.origin) == first
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from qwirkle._engine.geometry import Cell, key
from qwirkle._engine.placing import Frame, holding, is_complete, reach
from qwirkle._immutable import Immutable
from qwirkle._moved import moved_names
from qwirkle.adapters.encoding import (
    WINDOW,
    Action,
    ActionLayout,
    EndAction,
    ExchangeTileAction,
    PassAction,
    TileAction,
    _window_numbers,
    decode,
    encode,
    window_origin,
)
from qwirkle.errors import InvalidActionError
from qwirkle.legality import can_pass, exchange_limit
from qwirkle.legalmoves import _listed_place, _state_windows, legal_moves
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.state import GameState
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["WINDOW", "Action", "ActionLayout", "ActionTurn", "EndAction", "ExchangeTileAction", "InvalidActionError",
           "PassAction", "TileAction", "decode", "decode_move", "encode", "encode_move", "window_origin"]  # fmt: skip


_KEPT: Final = ("state", "layout", "origin", "slots", "first_slot", "placed", "used", "marked", "_windows", "_largest",
                 "_pass")  # fmt: skip
"""The attributes a turn passes on to the next (all but the legal actions, worked out again)."""


class ActionTurn(Immutable):
    """A turn being built one action at a time: an immutable value; :meth:`after` returns the next one.

    >>> from qwirkle import apply, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> turn = ActionTurn.start(state)
    >>> while isinstance(turn, ActionTurn):
    ...     turn = turn.after(turn.legal_actions()[0])
    >>> apply(state, turn).turn_number
    1
    """

    __slots__ = (*_KEPT, "_legal")

    state: GameState
    """The state at the start of the turn."""
    layout: ActionLayout
    """Where each kind of action lies."""
    origin: Cell
    """The top-left cell of this turn's window."""
    slots: tuple[int, ...]
    """The tile index of each hand slot, as the hand was when the turn began."""
    first_slot: dict[int, int]
    """For each tile index in the hand, its first slot."""
    placed: tuple[tuple[int, int], ...]
    """The tiles placed so far this turn: ``(cell number in the window, tile index)``, in order."""
    used: int
    """The tiles placed so far, as a mask of tile indices (a placement holds each tile at most once)."""
    marked: tuple[int, ...]
    """The hand slots whose tiles were put into the exchange so far this turn, in order."""
    _windows: tuple[Frame, ...]
    _largest: int
    _pass: Move | None
    _legal: list[int] | None

    @classmethod
    def start(cls, state: GameState, window: int = WINDOW) -> ActionTurn:
        """The turn of the player to move in ``state``, nothing placed yet, on a window of ``window`` cells a side.

        The adapters use the standard window; a smaller one makes fewer
        actions and leaves more placements out.
        """
        if type(window) is not int or window < 1:
            raise InvalidActionError(f"a window has at least one cell a side, not {window!r}")
        layout = ActionLayout(hand_size=state.rules.hand_size, window=window)
        origin = window_origin(state.board, window)
        slots = tuple(tile.index for tile in state.hand)
        first_slot: dict[int, int] = {}
        for slot, tile in enumerate(slots):
            first_slot.setdefault(tile, slot)
        begun = {"state": state, "layout": layout, "origin": origin, "slots": slots, "first_slot": first_slot,
                 "placed": (), "used": 0, "marked": (), "_windows": (), "_largest": 0, "_pass": None}  # fmt: skip
        if state.outcome is not None:
            return cls._make(begun)
        numbers = _window_numbers(layout.window)
        offset = key(origin)
        found: list[Frame] = []
        for keys, opts, _ in _state_windows(state):
            try:
                found.append((tuple([numbers[k - offset] for k in keys]), opts))
            except KeyError:
                continue  # a cell outside the window: the placement cannot be expressed
        largest = exchange_limit(state)
        passing: Move | None = Pass() if can_pass(state) else None
        if not found and not largest and passing is None:
            best = legal_moves(state).best()
            passing = None if best is None else best[0]
        return cls._make({**begun, "_windows": tuple(found), "_largest": largest, "_pass": passing})

    @classmethod
    def _make(cls, values: dict[str, object]) -> ActionTurn:
        """A turn of these attribute values, its legal actions not worked out yet."""
        turn = object.__new__(cls)
        for name, value in values.items():
            object.__setattr__(turn, name, value)
        object.__setattr__(turn, "_legal", None)
        return turn

    def _but(self, **changes: object) -> ActionTurn:
        """This turn with ``changes`` made to its attributes."""
        return ActionTurn._make({name: getattr(self, name) for name in _KEPT} | changes)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ActionTurn is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        # What the turn worked out is worked out again from the state: pickling it would cost far more.
        return _replayed, (self.state, self.actions(), self.layout.window)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionTurn):
            return NotImplemented
        return self.state == other.state and self.placed == other.placed and self.marked == other.marked

    def __hash__(self) -> int:
        return hash((self.state, self.placed, self.marked))

    def actions(self) -> tuple[int, ...]:
        """The actions taken so far this turn, in order.

        >>> from qwirkle import new_game
        >>> turn = ActionTurn.start(new_game(["Ann", "Bob"], seed=7))
        >>> turn.after(turn.legal_actions()[0]).actions() == (turn.legal_actions()[0],)
        True
        """
        if self.marked:
            return tuple([self.layout.exchange + slot for slot in self.marked])
        cells = self.layout.cells
        return tuple(self.first_slot[tile] * cells + cell for cell, tile in self.placed)

    def legal_actions(self) -> list[int]:
        """The legal actions now, in increasing order.

        >>> from qwirkle import new_game
        >>> len(ActionTurn.start(new_game(["Ann", "Bob"], seed=7)).legal_actions())
        15
        """
        if self._legal is not None:
            return list(self._legal)
        if self.marked:
            # An exchange begun: the end (numbered before them) and more tiles for it, nothing else.
            building = [self.layout.end, *self._exchange_tiles()]
            object.__setattr__(self, "_legal", building)
            return list(building)
        cells = self.layout.cells
        base = [0] * len(ALL_TILES)
        for tile, slot in self.first_slot.items():
            base[tile] = slot * cells
        # Each (tile, cell) pair is one action: the tiles' first slots differ, so nothing is found twice.
        found: list[int] = []
        add = found.append
        for cell, mask in reach(self._windows, {cell for cell, _ in self.placed}, self.used).items():
            while mask:
                low = mask & -mask
                mask ^= low
                add(base[low.bit_length() - 1] + cell)
        if self.placed:
            if is_complete(self._windows, len(self.placed)):
                add(self.layout.end)
        else:
            found += self._exchange_tiles()
            if self._pass is not None:
                add(self.layout.pass_)
        found.sort()
        object.__setattr__(self, "_legal", found)
        return list(found)

    def _exchange_tiles(self) -> list[int]:
        """The actions that put a tile into the exchange now: each tile by its first slot not in it yet."""
        if len(self.marked) >= self._largest:
            return []
        exchange = self.layout.exchange
        offered: set[int] = set()
        found = []
        for slot, tile in enumerate(self.slots):
            if slot not in self.marked and tile not in offered:
                offered.add(tile)
                found.append(exchange + slot)
        return found

    def after(self, action: int) -> ActionTurn | Move:
        """The turn after ``action``: the next :class:`ActionTurn`, or the finished move once the turn is over.

        Raises :class:`InvalidActionError` for an action that is not legal now.

        >>> from qwirkle import new_game
        >>> turn = ActionTurn.start(new_game(["Ann", "Bob"], seed=7))
        >>> turn.after(turn.layout.pass_)
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidActionError: action 7783 is not legal now
        """
        if type(action) is not int:
            if not hasattr(action, "__index__"):
                raise TypeError(f"an action is an int, not {action!r}")
            action = int(action)
        layout = self.layout
        if 0 <= action < layout.end:
            slot, cell = divmod(action, layout.cells)
            if slot < len(self.slots):
                tile = self.slots[slot]
                bit = 1 << tile
                if self.first_slot[tile] == slot and not self.used & bit and action in self._legal_set():
                    # A tile on the table: no exchange and no pass this turn any more.
                    windows = holding(self._windows, cell, tile)
                    placed = (*self.placed, (cell, tile))
                    return self._but(placed=placed, used=self.used | bit, _windows=windows, _largest=0, _pass=None)
        elif action == layout.end:
            if self.marked:
                chosen = sorted([self.slots[slot] for slot in self.marked])
                return Exchange.from_sorted(tuple([ALL_TILES[tile] for tile in chosen]))
            if self.placed and action in self._legal_set():
                # The tiles fill one of the move generator's windows for this state, so the listing holds this
                # move: it vouches for it, as a listed move does, and apply() need not check it again.
                return _listed_place(self.move().placements, self.state)
        elif action < layout.pass_:
            if not self.placed and action in self._legal_set():
                # A tile into the exchange: no placement and no pass this turn any more.
                return self._but(marked=(*self.marked, action - layout.exchange), _windows=(), _pass=None)
        elif not self.placed and not self.marked and action == layout.pass_ and self._pass is not None:
            return self._pass
        raise InvalidActionError(f"action {action} is not legal now")

    def _legal_set(self) -> list[int]:
        legal = self._legal
        return self.legal_actions() if legal is None else legal

    def actions_for(self, move: Move) -> list[int]:
        """The actions that play ``move`` from this turn (which must have nothing built yet), to imitate a player.

        Raises :class:`InvalidActionError` if the move is not legal or cannot
        be expressed in this turn's window.

        >>> from qwirkle import legal_moves, new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> turn = ActionTurn.start(state)
        >>> move = legal_moves(state).best()[0]
        >>> actions = turn.actions_for(move)
        >>> for action in actions:
        ...     turn = turn.after(action)
        >>> turn == move, len(actions) == len(move) + 1
        (True, True)
        """
        if self.placed or self.marked:
            raise InvalidActionError("a move is played from the start of its turn")
        layout = self.layout
        if isinstance(move, Place):
            actions = [encode(TileAction(self.first_slot.get(tile.index, 0), cell), self.origin, layout)
                       for cell, tile in move.placements]  # fmt: skip
        elif isinstance(move, Exchange):
            # Copies of a tile go into the exchange from their first slots, each slot once, in slot order.
            chosen: list[int] = []
            for tile in move.tiles:
                slot = next((s for s, held in enumerate(self.slots) if held == tile.index and s not in chosen), None)
                if slot is None:
                    raise InvalidActionError(f"{move} is not legal now")
                chosen.append(slot)
            actions = [layout.exchange + slot for slot in sorted(chosen)]
        else:
            actions = []
        # A placement or an exchange holds a tile at least: its tiles, then the end; a pass is one action.
        actions.append(layout.end if actions else layout.pass_)
        turn: ActionTurn | Move = self
        for action in actions:
            if not isinstance(turn, ActionTurn):
                raise InvalidActionError(f"{move} is not legal now")
            turn = turn.after(action)
        if turn != move:
            raise InvalidActionError(f"{move} is not legal now")
        return actions

    def move(self) -> Place:
        """The tiles placed so far as a move (legal once :attr:`ActionLayout.end` is a legal action).

        >>> from qwirkle import new_game
        >>> turn = ActionTurn.start(new_game(["Ann", "Bob"], seed=7))
        >>> turn.after(turn.legal_actions()[0]).move()
        Place({(0, 0): Tile(Colour.YELLOW, Shape.SQUARE)})
        """
        w = self.layout.window
        ox, oy = self.origin
        pairs = [((ox + cell % w, oy + cell // w), ALL_TILES[tile]) for cell, tile in self.placed]
        return Place._from_sorted(tuple(sorted(pairs)))

    def exchanging(self) -> tuple[Tile, ...]:
        """The tiles put into the exchange so far, in the order they were put.

        >>> from qwirkle import apply, legal_moves, new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> turn = ActionTurn.start(apply(state, legal_moves(state).best()[0]))
        >>> turn.after(turn.layout.exchange + 1).exchanging()
        (Tile(Colour.RED, Shape.CLOVER),)
        """
        return tuple([ALL_TILES[self.slots[slot]] for slot in self.marked])

    def __repr__(self) -> str:
        built = f"{len(self.marked)} to exchange" if self.marked else f"{len(self.placed)} placed"
        return f"<ActionTurn: {built}, origin {self.origin}>"


def encode_move(state: GameState, move: Move, window: int = WINDOW) -> list[int]:
    """The actions that play ``move`` in ``state``, from the start of the turn (:meth:`ActionTurn.actions_for`).

    Raises :class:`InvalidActionError` if the move is not legal or cannot be
    expressed in the turn's window.

    >>> from qwirkle import Exchange, apply, legal_moves, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> state = apply(state, legal_moves(state).best()[0])
    >>> swap = Exchange(state.hand[:2])
    >>> encode_move(state, swap)
    [7777, 7778, 7776]
    >>> decode_move(state, [7777, 7778, 7776]) == swap
    True
    """
    return ActionTurn.start(state, window).actions_for(move)


def decode_move(state: GameState, actions: Iterable[int], window: int = WINDOW) -> Move:
    """The move that ``actions``, taken from the start of the turn in ``state``, play.

    Raises :class:`InvalidActionError` if an action is not legal when taken,
    or if the actions stop before the turn ends or go on after it.

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> decode_move(state, ActionTurn.start(state).legal_actions()[:1])
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidActionError: the actions stop before the turn ends
    """
    step: ActionTurn | Move = ActionTurn.start(state, window)
    for action in actions:
        if not isinstance(step, ActionTurn):
            raise InvalidActionError("the actions go on after the turn ends")
        step = step.after(action)
    if isinstance(step, ActionTurn):
        raise InvalidActionError("the actions stop before the turn ends")
    return step


def _replayed(state: GameState, actions: Iterable[int], window: int = WINDOW) -> ActionTurn:
    """The turn of ``state`` after ``actions`` (which must leave it unfinished)."""
    turn = ActionTurn.start(state, window)
    for action in actions:
        step = turn.after(action)
        if not isinstance(step, ActionTurn):
            raise InvalidActionError("the actions finish the turn")
        turn = step
    return turn


# Numbering cells by the engine's int keys is the adapters' own business now.
_MOVED: Final = {"cell_numbers": "qwirkle.adapters.encoding._cell_numbers",
                  "window_numbers": "qwirkle.adapters.encoding._window_numbers"}  # fmt: skip
__getattr__ = moved_names(__name__, _MOVED)
