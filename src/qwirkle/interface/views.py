"""What one player may know about a game: their view, safe to send to that player's screen.

A view holds the table, the player's own hand, every score, the size of the
other hands and of the bag, and the history with other players' exchanged
tiles left out (Rule SETUP-2: hands are hidden). It never holds the bag's
order, the seed, the random state or another player's tiles, so two states
that differ only in those give equal views.

>>> from qwirkle import new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> seen = view(state, 0)
>>> seen.hand == state.hands[0], seen.hand_sizes, seen.bag_size
(True, (6, 6), 96)
>>> PlayerView.from_json(seen.to_json()) == seen, PlayerView.loads(seen.dumps()) == seen
(True, True)

A spectator, who sits at no seat, gets a :class:`SpectatorView` from
``view(state)``: the same table without any hand, every exchange hidden.

>>> view(state).hand_sizes, hasattr(view(state), "hand")
((6, 6), False)
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, overload

import attrs

from qwirkle._consistency import check_seen
from qwirkle._immutable import Immutable
from qwirkle.board import Board
from qwirkle.endings import Outcome
from qwirkle.errors import ArgumentTypeError, InvalidStateError, brief
from qwirkle.formats import _codec
from qwirkle.formats._codec import JSON, Reader
from qwirkle.interface import _view_json
from qwirkle.moves import Exchange, HiddenExchange, Move
from qwirkle.render import board_svg
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import GameState
from qwirkle.tiles import Tile

__all__ = ["HiddenExchange", "PlayerView", "SeenTurn", "SpectatorView", "check_spectator_view", "check_view", "view"]

VIEW_FORMAT: Final = "qwirkle-view"
"""The ``format`` field of a player's view in JSON (:meth:`PlayerView.to_json`)."""
VIEW_VERSION: Final = 1
SPECTATOR_FORMAT: Final = "qwirkle-spectator-view"
"""The ``format`` field of a spectator's view in JSON (:meth:`SpectatorView.to_json`)."""
SPECTATOR_VERSION: Final = 1


@attrs.frozen
class SeenTurn(Immutable):
    """One turn of the history as a player saw it.

    >>> from qwirkle import Pass
    >>> from qwirkle.scoring import Score
    >>> SeenTurn(1, Pass(), Score(0)).move
    Pass()
    """

    seat: int
    """The seat that moved."""
    move: Move | HiddenExchange
    """The move, or a :class:`HiddenExchange` for another player's exchange."""
    score: Score
    """What the move scored."""


@attrs.frozen(kw_only=True)
class _Seen(Immutable):
    """What every view holds, a player's or a spectator's: the public part of a game."""

    players: tuple[str, ...]
    """Player names, in seat order."""
    rules: RuleSet
    """The options of the game (public)."""
    board: Board
    """The tiles on the table."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    bag_size: int
    """How many tiles are left in the bag."""
    scores: tuple[int, ...]
    """Each seat's score."""
    current: int
    """The seat to move."""
    starter: int
    """The seat that opened the game."""
    history: tuple[SeenTurn, ...]
    """Every turn so far, with the exchanges the viewer may not see hidden (a spectator sees none)."""
    outcome: Outcome | None
    """How the game ended, or ``None``."""

    @property
    def turn_number(self) -> int:
        """How many turns have been played."""
        return len(self.history)

    def _repr_svg_(self) -> str:
        """The table as SVG, so that Jupyter shows it as a picture."""
        return board_svg(self)

    # The format and version of the kind of view, and what it holds besides the public part, in JSON.
    _format: ClassVar[tuple[str, int]]

    def _own_json(self) -> dict[str, JSON]:
        return {}

    def to_json(self) -> dict[str, JSON]:
        """The view as JSON-ready data, safe to send to its viewer (see ``docs/interfaces.md`` for the schema).

        A spectator's view is a player's without ``player`` and ``hand``.

        >>> from qwirkle import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> data = view(state, 0).to_json()
        >>> sorted(data)[:4], "bag" in data
        (['bag_size', 'board', 'current', 'format'], False)
        >>> data = view(state).to_json()
        >>> data["format"], "hand" in data, "player" in data
        ('qwirkle-spectator-view', False, False)
        """
        _codec.check_writable(len(self.history))
        return {
            **_codec.encode_header(*self._format),
            **self._own_json(),
            **_view_json.encode_public(self, [(turn.seat, turn.move, turn.score) for turn in self.history]),
        }

    def dumps(self) -> str:
        """The view as compact JSON text (:meth:`to_json`), safe to send to its viewer."""
        return _codec.dump_text(self.to_json())

    def _check(self, viewer: int | None, held: tuple[Tile, ...]) -> None:
        """The checks of :func:`check_view` and :func:`check_spectator_view`: ``viewer`` is ``None`` for a spectator."""
        history = self.history
        if not isinstance(history, tuple) or not all(isinstance(turn, SeenTurn) for turn in history):
            raise ArgumentTypeError("history must be a tuple of SeenTurn values")
        check_seen(self, [(turn.seat, turn.move, turn.score) for turn in history], viewer, held)


def _read(
    data: object, form: str, version: int, own: tuple[str, ...]
) -> tuple[Reader, dict[str, Reader], dict[str, Any]]:
    """The top reader, the fields and the public part of a view's JSON, its turns made :class:`SeenTurn` values."""
    top, f = _view_json.open_view(data, form, version, own)
    public = _view_json.read_public(f)
    public["history"] = tuple(SeenTurn(*turn) for turn in public["history"])
    return top, f, public


@attrs.frozen(kw_only=True)
class PlayerView(_Seen):
    """All that seat :attr:`seat` may know about a game (see :func:`view`).

    It holds the public part of the game and the viewer's own hand; its
    history shows the viewer's own exchanges and hides everyone else's.

    >>> from qwirkle import new_game
    >>> seen = view(new_game(["Ann", "Bob"], seed=7), 1)
    >>> seen.seat, seen.players, seen.scores
    (1, ('Ann', 'Bob'), (0, 0))
    """

    # Why a function of the engine, which takes a GameState, refuses a view (read by qwirkle.legality).
    _not_a_state: ClassVar[str] = (
        "a view hides the other hands and the bag. A bot that wants a state to search gets one the viewer "
        "cannot tell from the real game from qwirkle.sample_state(view), with the viewer's own legal moves "
        "when it is to move"
    )

    seat: int
    """The seat whose view this is."""
    hand: tuple[Tile, ...]
    """The viewer's own tiles."""

    @property
    def to_move(self) -> bool:
        """Whether it is the viewer's turn in a game still going on."""
        return self.outcome is None and self.current == self.seat

    _format: ClassVar[tuple[str, int]] = (VIEW_FORMAT, VIEW_VERSION)

    def _own_json(self) -> dict[str, JSON]:
        return {"player": self.seat, "hand": _codec.encode_tiles(self.hand)}

    @classmethod
    def loads(cls, text: str | bytes | bytearray) -> PlayerView:
        """A view from JSON text (:meth:`dumps`), checked as :meth:`from_json` checks it."""
        return cls.from_json(_codec.load_text(text, "the view"))

    @classmethod
    def from_json(cls, data: object) -> PlayerView:
        """A view from :meth:`to_json` data (or its JSON text), checked; raises :class:`~qwirkle.InvalidRecordError`.

        >>> PlayerView.from_json('{"format": "chess"}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: ...
        """
        top, f, public = _read(data, VIEW_FORMAT, VIEW_VERSION, ("player", "hand"))
        sizes = public["hand_sizes"]
        seat = f["player"].integer(0, len(sizes) - 1)
        hand = f["hand"].tiles(public["rules"].hand_size)
        if sizes[seat] != len(hand):
            raise f["hand_sizes"].fail(f"seat {seat} holds {len(hand)} tiles, not {sizes[seat]}")
        seen = cls(seat=seat, hand=hand, **public)
        try:
            return check_view(seen)
        except InvalidStateError as error:
            raise top.fail(str(error)) from None


@attrs.frozen(kw_only=True)
class SpectatorView(_Seen):
    """All that someone at no seat may know about a game: the table, and no hand at all (see :func:`view`).

    It holds what every player's view holds in common: the table, the scores,
    the size of each hand and of the bag, and the history with every exchange
    hidden (Rule SETUP-2: hands are hidden), so a screen shown to the whole
    room, or a broadcast, can never give a tile away.

    >>> from qwirkle import new_game
    >>> seen = view(new_game(["Ann", "Bob"], seed=7))
    >>> seen.players, seen.hand_sizes, seen.bag_size
    (('Ann', 'Bob'), (6, 6), 96)
    """

    _not_a_state: ClassVar[str] = "a spectator's view holds no hand; pass the GameState the view was made from"

    _format: ClassVar[tuple[str, int]] = (SPECTATOR_FORMAT, SPECTATOR_VERSION)

    @classmethod
    def loads(cls, text: str | bytes | bytearray) -> SpectatorView:
        """A view from JSON text (:meth:`dumps`), checked as :meth:`from_json` checks it.

        >>> from qwirkle import new_game
        >>> seen = view(new_game(["Ann", "Bob"], seed=7))
        >>> SpectatorView.loads(seen.dumps()) == seen
        True
        """
        return cls.from_json(_codec.load_text(text, "the view"))

    @classmethod
    def from_json(cls, data: object) -> SpectatorView:
        """A view from :meth:`to_json` data (or its JSON text), checked; raises :class:`~qwirkle.InvalidRecordError`.

        >>> SpectatorView.from_json('{"format": "qwirkle-view"}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: ...
        """
        top, _, public = _read(data, SPECTATOR_FORMAT, SPECTATOR_VERSION, ())
        try:
            return check_spectator_view(cls(**public))
        except InvalidStateError as error:
            raise top.fail(str(error)) from None


def check_view(seen: PlayerView) -> PlayerView:
    """``seen`` if some state of a game could show it to its player, else :class:`~qwirkle.InvalidStateError`.

    The table must be legal, and with the viewer's hand hold no tile more
    often than the game has it; the table, the hands and the bag must add up
    to the game's tiles (Rule TILES-2), every hand full while the bag has
    tiles (Rule SETUP-3). The history must agree with the table, the scores
    and the seat to move (:func:`~qwirkle.histories.check_history`), show the
    viewer's own exchanges and hide everyone else's (Rule SETUP-2), and the
    outcome must be the one of the scores. :meth:`PlayerView.from_json`
    checks every view it reads with it; :func:`view` of a checked state
    always passes. A value that is no :class:`PlayerView` is a ``TypeError``.

    >>> from qwirkle import new_game
    >>> seen = view(new_game(["Ann", "Bob"], seed=7), 0)
    >>> check_view(seen) is seen
    True
    >>> check_view(attrs.evolve(seen, bag_size=95))
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: the table, the hands and the bag hold 107 tiles; the game has 108 (Rule TILES-2)
    """
    if not isinstance(seen, PlayerView):
        raise TypeError(f"check_view checks a PlayerView, not {brief(seen)}")
    seen._check(seen.seat, seen.hand)
    return seen


def check_spectator_view(seen: SpectatorView) -> SpectatorView:
    """``seen`` if some state of a game could show it to a spectator, else :class:`~qwirkle.InvalidStateError`.

    The checks of :func:`check_view`, for a viewer who holds no tiles: the
    table must be legal and add up with the hands and the bag to the game's
    tiles (Rule TILES-2), every hand full while the bag has tiles (Rule
    SETUP-3), the history must agree with the table, the scores and the seat
    to move, and every exchange in it must be hidden (Rule SETUP-2: hands are
    hidden, and a spectator holds none). :meth:`SpectatorView.from_json`
    checks every view it reads with it; ``view(state)`` of a checked state
    always passes. A value that is no :class:`SpectatorView` is a ``TypeError``.

    >>> from qwirkle import new_game
    >>> seen = view(new_game(["Ann", "Bob"], seed=7))
    >>> check_spectator_view(seen) is seen
    True
    >>> check_spectator_view(attrs.evolve(seen, hand_sizes=(6, 5)))
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: seat 1 holds 5 tiles while the bag has tiles (Rule SETUP-3)
    """
    if not isinstance(seen, SpectatorView):
        raise TypeError(f"check_spectator_view checks a SpectatorView, not {brief(seen)}")
    seen._check(None, ())
    return seen


def _seen(turn_player: int, move: Move, viewer: int | None) -> Move | HiddenExchange:
    if isinstance(move, Exchange) and turn_player != viewer:
        return HiddenExchange(len(move))
    return move


@overload
def view(state: GameState, seat: int) -> PlayerView: ...
@overload
def view(state: GameState, seat: None = None) -> SpectatorView: ...


def view(state: GameState, seat: int | None = None) -> PlayerView | SpectatorView:
    """What seat ``seat`` may know about ``state`` (a :class:`PlayerView`), or with no seat a spectator.

    With no seat, the view is a :class:`SpectatorView`, for a screen the
    whole room sees.

    Rule SETUP-2: hands are hidden. A player's view holds their own hand and
    shows only their own exchanges; a spectator's view holds no hand and
    hides every exchange.

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> view(state, 0) == view(state, 1)
    False
    >>> type(view(state)).__name__, view(state).bag_size
    ('SpectatorView', 96)
    >>> view(state, 2)
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: there is no seat 2 in a game of 2 players
    """
    if not isinstance(state, GameState):
        raise TypeError(f"view() takes a GameState, not {brief(state)} ({type(state).__name__})")
    if seat is None:
        return SpectatorView(
            players=state.players,
            rules=state.rules,
            board=state.board,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            bag_size=len(state.bag),
            scores=state.scores,
            current=state.current,
            starter=state.starter,
            history=tuple(SeenTurn(t.seat, _seen(t.seat, t.move, None), t.score) for t in state.history),
            outcome=state.outcome,
        )
    if type(seat) is not int:
        raise ArgumentTypeError(f"there is no seat {brief(seat)} in a game: a seat is an int or None")
    if not 0 <= seat < len(state.players):
        raise InvalidStateError(f"there is no seat {brief(seat)} in a game of {len(state.players)} players")
    return PlayerView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        board=state.board,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        bag_size=len(state.bag),
        scores=state.scores,
        current=state.current,
        starter=state.starter,
        history=tuple(SeenTurn(t.seat, _seen(t.seat, t.move, seat), t.score) for t in state.history),
        outcome=state.outcome,
    )
