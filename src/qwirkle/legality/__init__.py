"""Checking one move against the rules, with the rule it breaks when it is illegal.

The table's own rules for tiles laid on it, which need no hand, are
:func:`check_placement`, :func:`check_lines` and :func:`check_hidden_hand`,
kept apart in :mod:`qwirkle.legality.placement` and found here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeAlias

from qwirkle._engine.geometry import STRIDE
from qwirkle._engine.lines import group_size, groups
from qwirkle._engine.movegen import can_place
from qwirkle.endings import Outcome
from qwirkle.errors import IllegalMoveError, QwirkleError, brief, not_a_move, not_your_turn
from qwirkle.legality.placement import check_hidden_hand, check_lines, check_placement
from qwirkle.moves import Exchange, HiddenExchange, InvalidMoveError, Move, Pass, Place
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import NOTHING, Score, goes_out, score_lines, score_placed
from qwirkle.state import GameState
from qwirkle.text import tile_code
from qwirkle.tiles import ALL_TILES, Tile

__all__ = [
    "can_exchange",
    "can_pass",
    "check_exchange_bag",
    "check_game_on",
    "check_hidden_hand",
    "check_lines",
    "check_pass",
    "check_placement",
    "check_turn_kind",
    "exchange_limit",
    "is_legal",
    "may_pass",
    "verify",
]


def _require_state(value: object, verb: str) -> None:
    """Raise ``TypeError`` unless ``value`` is a :class:`~qwirkle.GameState`, saying what to pass instead.

    ``verb`` names the function that wants the state. The engine works on
    whole states: a view hides what its viewer may not see, so no move can
    be checked or listed from one. The functions that take a state call this
    only when the state's type is not exactly ``GameState``, so that the
    check costs a game nothing.

    >>> from qwirkle import new_game, view
    >>> _require_state(view(new_game(["Ann", "Bob"], seed=7), 0), "legal_moves")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    TypeError: legal_moves() takes a GameState, not a PlayerView: ... from qwirkle.sample_state(view), ...
    """
    if isinstance(value, GameState):
        return
    what = f"a {type(value).__name__}"
    # A view says itself why it is no state (qwirkle.interface.views, a layer above): read, not imported.
    view_hint: str | None = getattr(type(value), "_not_a_state", None)
    if view_hint is not None and verb == "is_over":
        hint = "a view tells it itself: its outcome is None while the game goes on"
    elif view_hint is not None:
        hint = view_hint
    elif type(value).__module__.startswith("qwirkle.cards"):
        hint = "that is a state of Qwirkle Cards, whose own functions are in qwirkle.cards"
    else:
        what = f"{brief(value)} ({type(value).__name__})"
        hint = "qwirkle.new_game, qwirkle.position and qwirkle.state_from_json make one"
    raise TypeError(f"{verb}() takes a GameState, not {what}: {hint}")


def verify(state: GameState, move: Move | HiddenExchange, *, seat: int | None = None) -> Score:
    """Check ``move`` for the player to move, and return what it would score.

    Raises :class:`~qwirkle.IllegalMoveError` naming the first rule broken;
    ``seat``, if given, must be the seat whose turn it is (Rule START-7).
    An exchange whose tiles are not known (a :class:`~qwirkle.moves.HiddenExchange`,
    as a game record or a view may hold) raises :class:`~qwirkle.InvalidMoveError`:
    a state knows the hand, so an exchange played on it names its tiles.
    The score includes the end bonus when the move goes out (:func:`~qwirkle.scoring.goes_out`).

    >>> from qwirkle import Colour, Place, Shape, Tile, position
    >>> red = [Tile(Colour.RED, shape) for shape in Shape]
    >>> state = position(["Ann", "Bob"], {(0, 0): red[0], (1, 0): red[1]}, [red, red])
    >>> verify(state, Place({(2, 0): red[2]})).total
    3
    >>> verify(state, Place({(3, 0): red[2]}))
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: PLACE-4: red diamond at (3, 0) does not touch any tile on the table
    """
    if type(state) is not GameState:
        _require_state(state, "verify")
    return check(state, move, seat=seat)[0]


Checked: TypeAlias = tuple[Score, dict[int, int], tuple[Tile, ...]]
"""A legal move's score, the tiles it places by int key (none for an exchange or a pass), and the hand it leaves."""


def check(state: GameState, move: Move | HiddenExchange, *, seat: int | None = None) -> Checked:
    """Check ``move`` like :func:`verify`, keeping what applying it needs (engine use).

    A placement that :func:`~qwirkle.legal_moves` listed for this very state
    (the move's private mark) is legal there: it is only scored, not checked
    again, and not even scored if the listing gave its score.
    """
    if type(move) is Place and move._listed_for is state and (seat is None or seat == state.current):
        rest = _take(state.hand, move.tiles, Rule.TURN_1, "placing")
        placed = {x * STRIDE + y: tile.index for (x, y), tile in move.placements}
        gained = move._listed_score
        if gained is None:
            out = goes_out(len(placed), len(state.hand), len(state.bag))
            gained = score_placed(state.board._grid, placed, state.rules, end_bonus=out)
        return gained, placed, rest
    placed, runs, rest = _check(state, move, seat)
    if not placed:
        return NOTHING, placed, rest
    out = goes_out(len(placed), len(state.hand), len(state.bag))
    return score_lines(runs, state.rules, end_bonus=out), placed, rest


_Found: TypeAlias = tuple[dict[int, int], list[range], tuple[Tile, ...]]
"""What a check finds: the tiles placed by int key, the lines through them, and the hand left."""


def _check(state: GameState, move: Move | HiddenExchange, seat: int | None) -> _Found:
    """Raise if ``move`` is illegal; return what it places, the lines through that, and the hand it leaves."""
    check_game_on(state.outcome)
    if seat is not None and seat != state.current:
        raise not_your_turn(state.players, state.current, seat)
    if isinstance(move, Place):
        return _verify_place(state, move)
    if isinstance(move, Exchange):
        return {}, [], _verify_exchange(state, move)
    if isinstance(move, Pass):
        _verify_pass(state)
        return {}, [], state.hand
    if isinstance(move, HiddenExchange):
        raise InvalidMoveError(
            f"an exchange of unknown tiles ({move}) cannot be played on a game state, which knows the hand: "
            "name the tiles, Exchange([...])"
        )
    raise not_a_move(move)


def is_legal(state: GameState, move: Move | HiddenExchange, *, seat: int | None = None) -> bool:
    """Whether ``move`` is legal for the player to move (never an exchange whose tiles are not known).

    At ``(2, 0)`` below, the row wants a red tile and the column a blue tile
    or a circle: only the red circle would do, and the row holds it already.
    No tile can ever go there, a dead spot (Rule LINE-5).

    >>> from qwirkle import Colour, Place, Shape, Tile, position
    >>> red = [Tile(Colour.RED, shape) for shape in Shape]
    >>> blue = [Tile(Colour.BLUE, shape) for shape in Shape]
    >>> board = {(0, 0): red[0], (1, 0): red[1], (1, 1): blue[1], (2, 1): blue[0]}
    >>> state = position(["Ann", "Bob"], board, [red, red])
    >>> is_legal(state, Place({(-1, 0): red[2]}))
    True
    >>> [tile for tile in red if is_legal(state, Place({(2, 0): tile}))]
    []
    """
    if type(state) is not GameState:
        _require_state(state, "is_legal")
    board = state.board
    if type(move) is Place and len(move.placements) == 1 and board and board._knows_frontier():
        # One tile on a table whose frontier is known: the frontier already says what fits each cell next to
        # the tiles (Rules PLACE-4, PLACE-5, LINE-2 to LINE-4), which spares the full check and its message.
        if state.outcome is not None or (seat is not None and seat != state.current):
            return False
        (((x, y), tile),) = move.placements
        fits = board._frontier().get(x * STRIDE + y)
        return fits is not None and bool((fits[0] & fits[2]) >> tile.index & 1) and tile in state.hand
    if type(move) is Pass:
        # A yes or no needs no refusal built, and while the bag allows an exchange, no search of the table.
        return (seat is None or seat == state.current) and can_pass(state)
    try:
        _check(state, move, seat)
    except QwirkleError:
        return False
    return True


def can_exchange(state: GameState) -> bool:
    """Whether the player to move may exchange at least one tile (Rules EXCHANGE-1, EXCHANGE-5).

    An empty bag never allows an exchange, whatever ``exchange_limited_by_bag``
    says: there would be nothing to draw. A player may exchange even when they
    could place (Rule EXCHANGE-3).

    >>> from qwirkle import apply, legal_moves, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> can_exchange(state)  # the opening lays a group (Rule START-4)
    False
    >>> state = apply(state, next(iter(legal_moves(state))))
    >>> can_exchange(state), len(list(legal_moves(state).placements())) > 0
    (True, True)
    """
    if type(state) is not GameState:
        _require_state(state, "can_exchange")
    return state.outcome is None and not state.is_opening and bool(state.hand) and bool(state.bag)


def exchange_limit(state: GameState) -> int:
    """The most tiles the player to move may exchange, 0 if they may not exchange (Rules EXCHANGE-1, EXCHANGE-5).

    Up to the whole hand, and by default no more than the bag holds; none
    when :func:`can_exchange` says no.

    >>> from qwirkle import apply, legal_moves, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> exchange_limit(state)
    0
    >>> exchange_limit(apply(state, next(iter(legal_moves(state)))))
    6
    """
    if type(state) is not GameState:
        _require_state(state, "exchange_limit")
    if not can_exchange(state):
        return 0
    return _most_exchanged(state.rules, len(state.hand), len(state.bag))


def _most_exchanged(rules: RuleSet, held: int, bag_size: int) -> int:
    """The most of ``held`` tiles that may go back to a bag of ``bag_size`` tiles, which is not empty."""
    return min(held, bag_size) if rules.exchange_limited_by_bag else held


def _take(hand: Sequence[Tile], wanted: Sequence[Tile], rule: Rule, doing: str) -> tuple[Tile, ...]:
    """The hand without ``wanted`` (counting copies); ``rule`` is broken if it does not hold them all."""
    # Hands hold the canonical tile objects, so list.remove mostly matches by identity.
    rest = list(hand)
    for tile in wanted:
        try:
            rest.remove(tile)
        except ValueError:
            raise IllegalMoveError(rule, f"you do not hold the {tile} you are {doing}") from None
    return tuple(rest)


def _verify_place(state: GameState, move: Place) -> _Found:
    """Check a placement and return its tiles by int key, the lines through them and the hand left.

    Rule TURN-1: the tiles come from the hand. Then the table's rules
    (:func:`check_placement`), and Rule START-4: the opening lays a largest
    group of the hand.
    """
    hand = state.hand
    rest = _take(hand, [tile for _, tile in move.placements], Rule.TURN_1, "placing")
    grid = state.board._grid
    placed, runs = check_placement(grid, move.placements)
    if not grid and state.rules.opening_must_play_max_group:
        best = group_size(t.index for t in hand)
        if len(placed) != best:
            raise IllegalMoveError(Rule.START_4, _short_opening(hand, placed.values(), best))
    return placed, runs, rest


def _short_opening(hand: Sequence[Tile], placed: Iterable[int], best: int) -> str:
    """Why an opening is refused: it is not a largest group of the hand, with one such group as an example.

    The example holds the tiles placed if a largest group does, so that it shows what to add.
    """
    chosen = set(placed)
    largest = groups(t.index for t in hand)
    example = next((group for group in largest if chosen <= group), largest[0])
    tiles = " ".join(tile_code(ALL_TILES[index]) for index in sorted(example))
    count = f"{best} tile" + ("s" if best != 1 else "")
    plays = f"{len(chosen)} tile" + ("s" if len(chosen) != 1 else "")
    return f"the opening must play a largest group of your hand ({count}, such as {tiles}); this plays {plays}"


def check_game_on(outcome: Outcome | None) -> None:
    """No move once the game is over: the rule that ended it is the one broken.

    >>> from qwirkle.endings import EndReason, outcome_of
    >>> check_game_on(outcome_of(EndReason.BLOCKED, (3, 4)))
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: END-3: the game is over: the bag is empty and nobody can place
    """
    if outcome is not None:
        raise IllegalMoveError(outcome.reason.rule, f"the game is over: {outcome.reason.words}")


def _verify_exchange(state: GameState, move: Exchange) -> tuple[Tile, ...]:
    """Check an exchange and return the hand without the tiles exchanged.

    Rule START-4 (:func:`check_turn_kind`); Rule EXCHANGE-1: 1 to 6 tiles
    from the hand; Rule EXCHANGE-5 (:func:`check_exchange_bag`).
    """
    check_turn_kind(state.is_opening, "exchange")
    rest = _take(state.hand, move.tiles, Rule.EXCHANGE_1, "exchanging")
    check_exchange_bag(state.rules, len(move.tiles), len(state.bag))
    return rest


def check_turn_kind(opening: bool, doing: str) -> None:
    """Rule START-4: the first turn lays a group; ``doing`` (``"exchange"`` or ``"pass"``) is refused then.

    >>> check_turn_kind(True, "pass")
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: START-4: the first turn must lay a group, not pass
    """
    if opening:
        raise IllegalMoveError(Rule.START_4, f"the first turn must lay a group, not {doing}")


def check_exchange_bag(rules: RuleSet, count: int, bag_size: int) -> None:
    """Rule EXCHANGE-5: no exchange from an empty bag, nor (by default) of more tiles than it holds.

    >>> check_exchange_bag(RuleSet(), 3, 2)
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: EXCHANGE-5: the bag holds only 2 tiles, fewer than the 3 exchanged
    """
    if not bag_size:
        raise IllegalMoveError(Rule.EXCHANGE_5, "the bag is empty, so no exchange is possible")
    if count > _most_exchanged(rules, count, bag_size):
        raise IllegalMoveError(
            Rule.EXCHANGE_5, f"the bag holds only {bag_size} tiles, fewer than the {count} exchanged"
        )


def _verify_pass(state: GameState) -> None:
    """Check a pass (:func:`check_pass`), looking at the hand to know whether the player can place."""
    check_pass(state.rules, opening=state.is_opening, can_place=_placer(state), can_exchange=can_exchange(state))


def _placer(state: GameState) -> Callable[[], bool]:
    """Whether the player to move can place, asked only when a rule needs it: it searches the table."""
    return lambda: can_place(state.board, [t.index for t in state.hand])


def can_pass(state: GameState) -> bool:
    """Whether the player to move may pass (:func:`may_pass`), without raising.

    >>> from qwirkle import new_game
    >>> can_pass(new_game(["Ann", "Bob"], seed=7))
    False
    """
    if type(state) is not GameState:
        _require_state(state, "can_pass")
    return state.outcome is None and may_pass(
        state.rules, opening=state.is_opening, can_place=_placer(state), can_exchange=can_exchange(state)
    )


def may_pass(rules: RuleSet, *, opening: bool, can_place: Callable[[], bool], can_exchange: bool) -> bool:
    """Whether a pass is legal.

    Rule START-4: never on the opening. Rule TURN-3: only when the player
    can neither place nor exchange, or by choice with
    ``allow_voluntary_pass``. While the bag allows an exchange, the answer is
    no without asking ``can_place``, which searches the table.

    >>> may_pass(RuleSet(), opening=False, can_place=lambda: False, can_exchange=False)
    True
    """
    return not opening and (rules.allow_voluntary_pass or (not can_exchange and not can_place()))


def check_pass(rules: RuleSet, *, opening: bool, can_place: Callable[[], bool], can_exchange: bool) -> None:
    """Check a pass (:func:`may_pass`), and say which rule a refused pass breaks.

    Rule START-4 on the opening; Rule TURN-3 when the player can place; else
    Rule EXCHANGE-4: a player who cannot place must exchange while the bag
    allows it.

    >>> check_pass(RuleSet(), opening=False, can_place=lambda: False, can_exchange=True)
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: EXCHANGE-4: you cannot place, so you must exchange
    """
    if may_pass(rules, opening=opening, can_place=can_place, can_exchange=can_exchange):
        return
    check_turn_kind(opening, "pass")
    if can_place():
        raise IllegalMoveError(Rule.TURN_3, "you can place a tile, so you may not pass")
    raise IllegalMoveError(Rule.EXCHANGE_4, "you cannot place, so you must exchange")
