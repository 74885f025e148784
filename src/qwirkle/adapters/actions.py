"""A turn built action by action, in the adapters' action encoding (:mod:`qwirkle.adapters.encoding`).

Only legal actions are offered (:meth:`ActionTurn.legal_actions`): a tile goes
on a cell only if some legal placement holds it together with every tile
placed so far, so every offered sequence ends in a legal move. Copies of one
tile in the hand are offered once, by their first free slot, and so is each
exchange. On the empty table the openings are built where
:func:`~qwirkle.legal_moves` lists them, from ``(0, 0)``. A placement with a
cell outside the window cannot be expressed (in 300 games, half random and
half greedy, 24,525 turns, none was met: the widest table spanned 27 cells);
if no legal move at all can be, :attr:`ActionLayout.pass_` stands for the
best-scoring placement instead.

>>> from qwirkle import new_game
>>> turn = ActionTurn.start(new_game(["Ann", "Bob"], seed=7))
>>> turn.layout.size, turn.origin
(7841, (-18, -18))
>>> first = turn.legal_actions()[0]
>>> decode(first, turn.origin)
TileAction(slot=2, cell=(0, 0))
>>> encode(decode(first, turn.origin), turn.origin) == first
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from qwirkle._engine.exchanges import exchange_positions
from qwirkle._engine.geometry import Cell, key
from qwirkle._engine.placing import Frame, holding, is_complete, reach
from qwirkle._immutable import Immutable
from qwirkle._moved import moved_names
from qwirkle.adapters.encoding import (
    WINDOW,
    Action,
    ActionLayout,
    EndAction,
    ExchangeAction,
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
from qwirkle.tiles import ALL_TILES

__all__ = [
    "WINDOW",
    "Action",
    "ActionLayout",
    "ActionTurn",
    "EndAction",
    "ExchangeAction",
    "InvalidActionError",
    "PassAction",
    "TileAction",
    "decode",
    "encode",
    "window_origin",
]


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

    __slots__ = (
        "_choices",
        "_legal",
        "_pass",
        "_windows",
        "first_slot",
        "layout",
        "origin",
        "placed",
        "slots",
        "state",
        "used",
    )

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
    _windows: tuple[Frame, ...]
    _choices: frozenset[int]
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
        if state.outcome is not None:
            return cls._make(state, layout, origin, slots, first_slot, (), 0, (), frozenset(), None)
        numbers = _window_numbers(layout.window)
        offset = key(origin)
        found: list[Frame] = []
        for keys, opts, _ in _state_windows(state):
            try:
                found.append((tuple([numbers[k - offset] for k in keys]), opts))
            except KeyError:
                continue  # a cell outside the window: the placement cannot be expressed
        choices: frozenset[int] = frozenset()
        largest = exchange_limit(state)
        if largest:
            end = layout.end
            masks = _exchange_masks(tuple([slots.index(tile) for tile in slots]), largest)
            choices = frozenset([end + mask for mask in masks])
        passing: Move | None = Pass() if can_pass(state) else None
        if not found and not choices and passing is None:
            best = legal_moves(state).best()
            passing = None if best is None else best[0]
        return cls._make(state, layout, origin, slots, first_slot, (), 0, tuple(found), choices, passing)

    @classmethod
    def _make(
        cls,
        state: GameState,
        layout: ActionLayout,
        origin: Cell,
        slots: tuple[int, ...],
        first_slot: dict[int, int],
        placed: tuple[tuple[int, int], ...],
        used: int,
        found: tuple[Frame, ...],
        choices: frozenset[int],
        passing: Move | None,
    ) -> ActionTurn:
        turn = object.__new__(cls)
        put = object.__setattr__
        put(turn, "state", state)
        put(turn, "layout", layout)
        put(turn, "origin", origin)
        put(turn, "slots", slots)
        put(turn, "first_slot", first_slot)
        put(turn, "placed", placed)
        put(turn, "used", used)
        put(turn, "_windows", found)
        put(turn, "_choices", choices)
        put(turn, "_pass", passing)
        put(turn, "_legal", None)
        return turn

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ActionTurn is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        # What the turn worked out is worked out again from the state: pickling it would cost far more.
        return _replayed, (self.state, self.actions(), self.layout.window)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionTurn):
            return NotImplemented
        return self.state == other.state and self.placed == other.placed

    def __hash__(self) -> int:
        return hash((self.state, self.placed))

    def actions(self) -> tuple[int, ...]:
        """The actions taken so far this turn, in order.

        >>> from qwirkle import new_game
        >>> turn = ActionTurn.start(new_game(["Ann", "Bob"], seed=7))
        >>> turn.after(turn.legal_actions()[0]).actions() == (turn.legal_actions()[0],)
        True
        """
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
            found += self._choices
            if self._pass is not None:
                add(self.layout.pass_)
        found.sort()
        object.__setattr__(self, "_legal", found)
        return list(found)

    def after(self, action: int) -> ActionTurn | Move:
        """The turn after ``action``: the next :class:`ActionTurn`, or the finished move once the turn is over.

        Raises :class:`InvalidActionError` for an action that is not legal now.

        >>> from qwirkle import new_game
        >>> turn = ActionTurn.start(new_game(["Ann", "Bob"], seed=7))
        >>> turn.after(turn.layout.pass_)
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidActionError: action 7840 is not legal now
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
                    return ActionTurn._make(
                        self.state,
                        layout,
                        self.origin,
                        self.slots,
                        self.first_slot,
                        (*self.placed, (cell, tile)),
                        self.used | bit,
                        holding(self._windows, cell, tile),
                        frozenset(),
                        None,
                    )
        elif action == layout.end:
            if self.placed and action in self._legal_set():
                # The tiles fill one of the move generator's windows for this state, so the listing holds this
                # move: it vouches for it, as a listed move does, and apply() need not check it again.
                return _listed_place(self.move().placements, self.state)
        elif not self.placed and action in self._choices:
            mask = action - layout.end
            chosen = sorted(self.slots[slot] for slot in range(len(self.slots)) if mask >> slot & 1)
            return Exchange.from_sorted(tuple([ALL_TILES[tile] for tile in chosen]))
        elif not self.placed and action == layout.pass_ and self._pass is not None:
            return self._pass
        raise InvalidActionError(f"action {action} is not legal now")

    def _legal_set(self) -> list[int]:
        legal = self._legal
        return self.legal_actions() if legal is None else legal

    def actions_for(self, move: Move) -> list[int]:
        """The actions that play ``move`` from this turn (which must have nothing placed yet), to imitate a player.

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
        if self.placed:
            raise InvalidActionError("a move is played from the start of its turn")
        layout = self.layout
        if isinstance(move, Place):
            actions = [encode(TileAction(self.first_slot.get(tile.index, 0), cell), self.origin, layout)
                       for cell, tile in move.placements]  # fmt: skip
            actions.append(layout.end)
        elif isinstance(move, Exchange):
            mask = 0
            left = list(enumerate(self.slots))
            for tile in move.tiles:
                found = next((i for i, (_, held) in enumerate(left) if held == tile.index), None)
                if found is None:
                    raise InvalidActionError(f"{move} is not legal now")
                mask |= 1 << left.pop(found)[0]
            actions = [layout.end + mask]
        else:
            actions = [layout.pass_]
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
        pairs = []
        for cell, tile in self.placed:
            row, column = divmod(cell, w)
            pairs.append(((ox + column, oy + row), ALL_TILES[tile]))
        return Place._from_sorted(tuple(sorted(pairs)))

    def __repr__(self) -> str:
        return f"<ActionTurn: {len(self.placed)} placed, origin {self.origin}>"


@functools.lru_cache(maxsize=1024)
def _exchange_masks(pattern: tuple[int, ...], largest: int) -> tuple[int, ...]:
    """A slot mask for each :func:`~qwirkle._engine.exchanges.exchanges` of 1 to ``largest`` tiles of a hand.

    Slot ``i`` of the hand holds the tile numbered ``pattern[i]`` (its first
    slot), so that hands alike but for which tiles they hold share one answer.
    """
    return tuple([sum([1 << slot for slot in at]) for at in exchange_positions(pattern, largest)])


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
__getattr__ = moved_names(
    __name__,
    {
        "cell_numbers": "qwirkle.adapters.encoding._cell_numbers",
        "window_numbers": "qwirkle.adapters.encoding._window_numbers",
    },
)
