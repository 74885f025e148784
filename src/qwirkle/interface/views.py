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
>>> PlayerView.from_json(seen.to_json()) == seen
True

A spectator, who sits at no seat, gets a :class:`SpectatorView` from
``view(state)``: the same table without any hand, every exchange hidden.

>>> view(state).hand_sizes, hasattr(view(state), "hand")
((6, 6), False)
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar, overload

import attrs

from qwirkle._immutable import Immutable
from qwirkle.board import Board
from qwirkle.endings import Outcome
from qwirkle.errors import ArgumentTypeError, InvalidStateError, brief
from qwirkle.formats import _codec
from qwirkle.formats._codec import JSON, Reader, decode_board
from qwirkle.formats.notation import format_tile
from qwirkle.histories import check_history, check_scores
from qwirkle.moves import Exchange, HiddenExchange, Move
from qwirkle.render import board_svg
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.limits import MAX_TURNS
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import GameState, _check_board, _check_end, _check_hand_sizes, _check_players, check_tiles
from qwirkle.tiles import Tile

__all__ = ["HiddenExchange", "PlayerView", "SeenTurn", "SpectatorView", "check_spectator_view", "check_view", "view"]

VIEW_FORMAT = "qwirkle-view"
VIEW_VERSION = 1
SPECTATOR_FORMAT = "qwirkle-spectator-view"
SPECTATOR_VERSION = 1


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


@attrs.frozen
class PlayerView(Immutable):
    """All that seat :attr:`seat` may know about a game (see :func:`view`).

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
    players: tuple[str, ...]
    """Player names, in seat order."""
    rules: RuleSet
    """The options of the game (public)."""
    board: Board
    """The tiles on the table."""
    hand: tuple[Tile, ...]
    """The viewer's own tiles."""
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
    """Every turn so far, other players' exchanged tiles hidden."""
    outcome: Outcome | None
    """How the game ended, or ``None``."""

    @property
    def to_move(self) -> bool:
        """Whether it is the viewer's turn in a game still going on."""
        return self.outcome is None and self.current == self.seat

    @property
    def turn_number(self) -> int:
        """How many turns have been played."""
        return len(self.history)

    def _repr_svg_(self) -> str:
        """The table as SVG, so that Jupyter shows it as a picture."""
        return board_svg(self)

    def to_json(self) -> dict[str, JSON]:
        """The view as JSON-ready data (see ``docs/interfaces.md`` for the schema).

        >>> from qwirkle import new_game
        >>> data = view(new_game(["Ann", "Bob"], seed=7), 0).to_json()
        >>> sorted(data)[:4], "bag" in data
        (['bag_size', 'board', 'current', 'format'], False)
        """
        _codec.check_writable(len(self.history))
        return {
            "format": VIEW_FORMAT,
            "version": VIEW_VERSION,
            "player": self.seat,
            "hand": _codec.encode_tiles(self.hand),
            **_encode_public(self),
        }

    @classmethod
    def from_json(cls, data: object) -> PlayerView:
        """A view from :meth:`to_json` data (or its JSON text), checked; raises :class:`~qwirkle.InvalidRecordError`.

        >>> PlayerView.from_json('{"format": "chess"}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: ...
        """
        top, f = _open(data, VIEW_FORMAT, VIEW_VERSION, ("player", "hand"))
        public = _read_public(f)
        rules = public.rules
        seat = f["player"].integer(0, len(public.players) - 1)
        hand = f["hand"].tiles(rules.hand_size)
        if public.hand_sizes[seat] != len(hand):
            raise f["hand_sizes"].fail(f"seat {seat} holds {len(hand)} tiles, not {public.hand_sizes[seat]}")
        seen = cls(seat=seat, hand=hand, **attrs.asdict(public, recurse=False))
        try:
            return check_view(seen)
        except InvalidStateError as error:
            raise top.fail(str(error)) from None


@attrs.frozen
class SpectatorView(Immutable):
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
    """Every turn so far, every exchange hidden."""
    outcome: Outcome | None
    """How the game ended, or ``None``."""

    @property
    def turn_number(self) -> int:
        """How many turns have been played."""
        return len(self.history)

    def _repr_svg_(self) -> str:
        """The table as SVG, so that Jupyter shows it as a picture."""
        return board_svg(self)

    def to_json(self) -> dict[str, JSON]:
        """The view as JSON-ready data: a player's view without ``player`` and ``hand`` (see ``docs/interfaces.md``).

        >>> from qwirkle import new_game
        >>> data = view(new_game(["Ann", "Bob"], seed=7)).to_json()
        >>> data["format"], "hand" in data, "player" in data
        ('qwirkle-spectator-view', False, False)
        """
        _codec.check_writable(len(self.history))
        return {
            "format": SPECTATOR_FORMAT,
            "version": SPECTATOR_VERSION,
            **_encode_public(self),
        }

    @classmethod
    def from_json(cls, data: object) -> SpectatorView:
        """A view from :meth:`to_json` data (or its JSON text), checked; raises :class:`~qwirkle.InvalidRecordError`.

        >>> SpectatorView.from_json('{"format": "qwirkle-view"}')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: ...
        """
        top, f = _open(data, SPECTATOR_FORMAT, SPECTATOR_VERSION, ())
        try:
            return check_spectator_view(_read_public(f))
        except InvalidStateError as error:
            raise top.fail(str(error)) from None


_PUBLIC = ("players", "rules", "board", "hand_sizes", "bag_size", "scores", "current", "starter", "history", "outcome")
"""The JSON keys of what every view holds, player's or spectator's."""


def _open(data: object, form: str, version: int, own: tuple[str, ...]) -> tuple[Reader, dict[str, Reader]]:
    """The top reader and the fields of a view's JSON, its format and version checked."""
    top = Reader(_codec.data_of(data, "the view"))
    # The format first, so that the other kind of view is refused by its format, not by its keys.
    return top, _codec.read_header(top, form, (*own, *_PUBLIC), version=version, neighbours=("player", "hand"))


def _read_public(f: dict[str, Reader]) -> SpectatorView:
    """What every view holds, read but not yet checked against the rules."""
    rules = _codec.decode_rules(f["rules"])
    players = _codec.decode_players(f["players"], rules)
    n = len(players)
    return SpectatorView(
        players=players,
        rules=rules,
        board=decode_board(f["board"]),
        hand_sizes=tuple(item.integer(0, rules.hand_size) for item in f["hand_sizes"].items(n, n)),
        bag_size=f["bag_size"].integer(0, rules.tile_count),
        scores=tuple(item.integer() for item in f["scores"].items(n, n)),
        current=f["current"].integer(0, n - 1),
        starter=f["starter"].integer(0, n - 1),
        history=tuple(_decode_seen(item, n, rules) for item in f["history"].items(MAX_TURNS)),
        outcome=_codec.decode_outcome(f["outcome"], n),
    )


def _encode_public(seen: PlayerView | SpectatorView) -> dict[str, JSON]:
    return {
        "players": list(seen.players),
        "rules": _codec.encode_rules(seen.rules),
        "board": [[x, y, code] for (x, y), code in _board_codes(seen.board)],
        "hand_sizes": list(seen.hand_sizes),
        "bag_size": seen.bag_size,
        "scores": list(seen.scores),
        "current": seen.current,
        "starter": seen.starter,
        "history": [_encode_seen(turn) for turn in seen.history],
        "outcome": _codec.encode_outcome(seen.outcome),
    }


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
    _check_seen(seen, seen.seat, seen.hand)
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
    _check_seen(seen, None, ())
    return seen


def _check_seen(seen: PlayerView | SpectatorView, viewer: int | None, held: tuple[Tile, ...]) -> None:
    """The checks of :func:`check_view` and :func:`check_spectator_view`: ``viewer`` is ``None`` for a spectator.

    Rules TILES-2, SETUP-2, SETUP-3 and END-2, as the two docstrings say.
    """
    rules = seen.rules
    n = len(_check_players(rules, seen.players))
    seats = {"current": seen.current, "starter": seen.starter}
    if viewer is not None:
        seats = {"seat": viewer, **seats}
    for name, value in seats.items():
        if type(value) is not int or not 0 <= value < n:
            raise InvalidStateError(f"{name} must be a seat from 0 to {n - 1}, not {brief(value)}")
    board = _check_board(seen.board)
    hand = check_tiles(held, "the hand")
    sizes = seen.hand_sizes
    if not isinstance(sizes, tuple) or len(sizes) != n or not all(type(k) is int for k in sizes):
        raise InvalidStateError("hand_sizes must be a tuple of one int per player")
    if viewer is not None and sizes[viewer] != len(hand):
        raise InvalidStateError(f"the viewer holds {len(hand)} tiles, not {sizes[viewer]}")
    bag = seen.bag_size
    if type(bag) is not int or not 0 <= bag <= rules.tile_count:
        raise InvalidStateError(f"bag_size must be an int from 0 to {rules.tile_count}, not {brief(bag)}")
    _check_hand_sizes(rules, sizes, bag, over=seen.outcome is not None)
    counts = Counter(board.values())
    counts.update(hand)
    for tile, count in counts.items():
        if count > rules.copies_per_tile:
            raise InvalidStateError(f"the viewer sees {count} {tile} tiles; the game has {rules.copies_per_tile}")
    total = len(board) + sum(sizes) + bag
    if total != rules.tile_count:
        raise InvalidStateError(
            f"the table, the hands and the bag hold {total} tiles; the game has {rules.tile_count}", Rule.TILES_2
        )
    scores = check_scores(seen.scores, n)
    history = seen.history
    if not isinstance(history, tuple) or not all(isinstance(turn, SeenTurn) for turn in history):
        raise InvalidStateError("history must be a tuple of SeenTurn values")
    for number, turn in enumerate(history, start=1):
        # A spectator sits at no seat, so no exchange is theirs to see.
        mine = turn.seat == viewer
        if isinstance(turn.move, HiddenExchange if mine else Exchange):
            if viewer is None:
                raise InvalidStateError(f"turn {number} shows the tiles of an exchange to a spectator", Rule.SETUP_2)
            shown = "hidden" if mine else "shown"
            raise InvalidStateError(f"turn {number} is an exchange {shown} to the wrong player", Rule.SETUP_2)
        if isinstance(turn.move, HiddenExchange) and not (
            type(turn.move.count) is int and 1 <= turn.move.count <= rules.hand_size
        ):
            raise InvalidStateError(
                f"an exchange gives back 1 to {rules.hand_size} tiles, not {brief(turn.move.count)}"
            )
    turns = [(turn.seat, turn.move, turn.score) for turn in history]
    check_history(turns, rules, board, scores, seen.starter, seen.current, hidden=HiddenExchange)
    _check_end(seen.outcome, scores, sizes, bag)


def _board_codes(board: Board) -> list[tuple[tuple[int, int], str]]:
    return [(cell, format_tile(tile)) for cell, tile in board.items()]


def _encode_seen(turn: SeenTurn) -> dict[str, JSON]:
    out: dict[str, JSON] = {"player": turn.seat}
    if isinstance(turn.move, HiddenExchange):
        out["exchanged"] = turn.move.count
    else:
        out["move"] = _codec.encode_move(turn.move)
    out["score"] = _codec.encode_score(turn.score)
    return out


def _decode_seen(reader: Reader, players: int, rules: RuleSet) -> SeenTurn:
    f = reader.fields(("player", "score"), ("move", "exchanged"))
    if ("move" in f) == ("exchanged" in f):
        raise reader.fail("a turn has either a move or a count of exchanged tiles")
    move: Move | HiddenExchange
    move = f["move"].move() if "move" in f else HiddenExchange(f["exchanged"].integer(1, rules.hand_size))
    return SeenTurn(f["player"].integer(0, players - 1), move, _codec.decode_score(f["score"]))


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
