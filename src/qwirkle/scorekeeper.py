"""Keeping score for a game played with real tiles on a real table.

No hands and no bag are needed: the players enter each placement as it is
laid, and the :class:`Scorekeeper` checks its geometry and lines, scores it,
keeps the running totals, counts the tiles in the bag and in each hand (so
that it knows who goes out, Rule END-2, and gives the end bonus, Rule
SCORE-8), and names the winners.

What it cannot see, it trusts: that the tiles came from the player's hand,
and that a player who passes could not place (Rule TURN-3).

>>> keeper = Scorekeeper.start(["Ann", "Bob"])
>>> keeper = keeper.place("Ro@0,0 Rs@1,0 Rd@2,0")
>>> keeper = keeper.place("Bs@1,1 Gs@1,2")
>>> keeper.scores, keeper.current, keeper.bag_size
((3, 3), 0, 91)
>>> keeper.history[-1].score.total
3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from qwirkle.board import Board, key
from qwirkle.catalogue import Rule
from qwirkle.errors import IllegalMoveError, InvalidStateError
from qwirkle.legality import verify
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.notation import parse_move
from qwirkle.ruleset import RuleSet
from qwirkle.scoring import NOTHING, Score
from qwirkle.state import EndReason, GameState, Outcome
from qwirkle.tiles import ALL_TILES
from qwirkle.views import HiddenExchange, SeenTurn

__all__ = ["Scorekeeper"]

_OVER_RULES = {EndReason.WENT_OUT: Rule.END_2, EndReason.BLOCKED: Rule.END_3, EndReason.STALEMATE: Rule.END_5}


@attrs.frozen
class Scorekeeper:
    """The table and the scores of a game played with physical tiles; each method returns a new keeper.

    >>> keeper = Scorekeeper.start(["Ann", "Bob", "Cy"], starter=2)
    >>> keeper.current, keeper.hand_sizes
    (2, (6, 6, 6))
    """

    players: tuple[str, ...]
    """Player names, in seat order."""
    rules: RuleSet
    """The options of the game."""
    board: Board
    """The tiles on the table."""
    scores: tuple[int, ...]
    """Each seat's score."""
    current: int
    """The seat to move."""
    starter: int
    """The seat that opened."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    bag_size: int
    """How many tiles are left in the bag."""
    history: tuple[SeenTurn, ...] = ()
    """Every turn so far; exchanges are counts of tiles."""
    idle_turns: int = 0
    """Turns in a row without a placement."""
    outcome: Outcome | None = None
    """How the game ended, or ``None``."""

    @classmethod
    def start(cls, players: Sequence[str], *, rules: RuleSet | None = None, starter: int = 0) -> Scorekeeper:
        """A new game: every player has drawn a full hand; ``starter`` is the seat that opens (Rules START-1 to 3).

        Rule SETUP-1: the number of players must suit the rules.

        >>> Scorekeeper.start(["Ann"])
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidStateError: 1 players: the game takes 2 to 4 (Rule SETUP-1)
        """
        rules = RuleSet() if rules is None else rules
        if not isinstance(rules, RuleSet):
            raise InvalidStateError(f"rules must be a RuleSet, not {rules!r}")
        if isinstance(players, str) or not all(isinstance(name, str) for name in players):
            raise InvalidStateError("players must be a sequence of names")
        names = tuple(players)
        if not rules.min_players <= len(names) <= rules.max_players:
            raise InvalidStateError(
                f"{len(names)} players: the game takes {rules.min_players} to {rules.max_players} (Rule SETUP-1)"
            )
        if len(set(names)) != len(names):
            raise InvalidStateError(f"player names must be distinct, not {names}")
        if type(starter) is not int or not 0 <= starter < len(names):
            raise InvalidStateError(f"starter seat {starter!r} does not exist")
        return cls(
            players=names,
            rules=rules,
            board=Board(),
            scores=(0,) * len(names),
            current=starter,
            starter=starter,
            hand_sizes=(rules.hand_size,) * len(names),
            bag_size=rules.tile_count - rules.hand_size * len(names),
        )

    @property
    def last_move(self) -> Move | HiddenExchange | None:
        """The move of the last turn, if any."""
        return self.history[-1].move if self.history else None

    @property
    def turn_number(self) -> int:
        """How many turns have been played."""
        return len(self.history)

    def _repr_svg_(self) -> str:
        """The table as SVG, so that Jupyter shows it as a picture."""
        from qwirkle.render import board_svg

        return board_svg(self)

    def _check_going_on(self) -> None:
        if self.outcome is not None:
            raise IllegalMoveError(_OVER_RULES[self.outcome.reason], "the game is over")

    def score(self, move: Place | str) -> Score:
        """What a placement would score, end bonus included; raises :class:`~qwirkle.IllegalMoveError` if illegal.

        Rules PLACE-1 to PLACE-5 and LINE-2 to LINE-6 as for any placement;
        Rule TURN-1: no more tiles than the player holds; Rule TILES-2: no
        more copies of a tile than the game has.

        >>> Scorekeeper.start(["Ann", "Bob"]).score("Ro@0,0 Bs@1,0")
        Traceback (most recent call last):
            ...
        qwirkle.errors.IllegalMoveError: PLACE-3: the red circle and the blue square share neither a colour nor a shape
        """
        self._check_going_on()
        if isinstance(move, str):
            parsed = parse_move(move)
            if not isinstance(parsed, Place):
                raise IllegalMoveError(Rule.TURN_1, f"{move!r} is not a placement")
            move = parsed
        if not isinstance(move, Place):
            raise IllegalMoveError(Rule.TURN_1, f"{move!r} is not a placement")
        held = self.hand_sizes[self.current]
        if len(move) > held:
            raise IllegalMoveError(Rule.TURN_1, f"{self.players[self.current]} holds only {held} tiles")
        counts = Counter(self.board.values())
        counts.update(move.tiles)
        for tile, count in counts.items():
            if count > self.rules.copies_per_tile:
                raise IllegalMoveError(
                    Rule.TILES_2, f"there are only {self.rules.copies_per_tile} copies of the {tile} in the game"
                )
        goes_out = self.bag_size == 0 and len(move) == held
        # A stand-in state holding just the tiles laid: the engine's own checks then apply unchanged.
        stand_in = GameState._make(
            players=self.players,
            board=self.board,
            hands=tuple(move.tiles if seat == self.current else () for seat in range(len(self.players))),
            bag=() if goes_out else (ALL_TILES[0],),
            scores=self.scores,
            current=self.current,
            rules=self.rules,
            history=(),
            starter=self.starter,
            seed=None,
            rng=0,
            idle_turns=0,
            outcome=None,
        )
        return verify(stand_in, move)

    def place(self, move: Place | str) -> Scorekeeper:
        """Record a placement (a :class:`~qwirkle.Place` or its notation), checked and scored (see :meth:`score`).

        The player draws back up from the bag (Rule TURN-2); going out with
        the bag empty ends the game with the end bonus (Rules END-2, SCORE-8).
        """
        points = self.score(move)
        placed = move if isinstance(move, Place) else parse_move(move)
        assert isinstance(placed, Place)
        seat = self.current
        drawn = min(len(placed), self.bag_size)
        sizes = list(self.hand_sizes)
        sizes[seat] += drawn - len(placed)
        scores = list(self.scores)
        scores[seat] += points.total
        board = self.board.placed({key(cell): tile.index for cell, tile in placed})
        after = attrs.evolve(
            self,
            board=board,
            scores=tuple(scores),
            hand_sizes=tuple(sizes),
            bag_size=self.bag_size - drawn,
            history=(*self.history, SeenTurn(seat, placed, points)),
            idle_turns=0,
        )
        if sizes[seat] == 0:
            return after._ended(EndReason.WENT_OUT, seat)
        return after._next()

    def exchange(self, count: int) -> Scorekeeper:
        """Record an exchange of ``count`` tiles; it scores nothing (Rules EXCHANGE-1, EXCHANGE-2, SCORE-6).

        Rule START-4: not on the opening turn. Rule EXCHANGE-5: no exchange
        from an empty bag, nor (by default) of more tiles than it holds.
        """
        self._check_going_on()
        if not self.board:
            raise IllegalMoveError(Rule.START_4, "the first turn must lay a group, not exchange")
        held = self.hand_sizes[self.current]
        if type(count) is not int or not 1 <= count <= held:
            raise IllegalMoveError(Rule.EXCHANGE_1, f"an exchange gives back 1 to {held} tiles, not {count!r}")
        if self.bag_size == 0:
            raise IllegalMoveError(Rule.EXCHANGE_5, "the bag is empty, so no exchange is possible")
        if self.rules.exchange_limited_by_bag and count > self.bag_size:
            raise IllegalMoveError(
                Rule.EXCHANGE_5, f"the bag holds only {self.bag_size} tiles, fewer than the {count} exchanged"
            )
        turn = SeenTurn(self.current, HiddenExchange(count), NOTHING)
        return attrs.evolve(self, history=(*self.history, turn), idle_turns=self.idle_turns + 1)._next()

    def pass_turn(self) -> Scorekeeper:
        """Record a pass: only once the bag is empty (Rule TURN-3, or by choice with ``allow_voluntary_pass``).

        A full round of passes ends the game with no bonus (Rule END-3).
        """
        self._check_going_on()
        if not self.board:
            raise IllegalMoveError(Rule.START_4, "the first turn must lay a group, not pass")
        if self.bag_size and not self.rules.allow_voluntary_pass:
            raise IllegalMoveError(Rule.TURN_3, "a player may pass only when the bag is empty; exchange instead")
        turn = SeenTurn(self.current, Pass(), NOTHING)
        after = attrs.evolve(self, history=(*self.history, turn), idle_turns=self.idle_turns + 1)
        players = len(self.players)
        recent = after.history[-players:]
        if self.bag_size == 0 and len(recent) == players and all(isinstance(t.move, Pass) for t in recent):
            return after._ended(EndReason.BLOCKED, None)
        return after._next()

    def apply(self, move: Move | HiddenExchange | str) -> Scorekeeper:
        """Record any move: a placement, an exchange (its tiles or just their count) or a pass.

        >>> Scorekeeper.start(["Ann", "Bob"]).apply("Ro@0,0 Rs@1,0").apply("swap Ro Bs").history[-1].move
        HiddenExchange(count=2)
        """
        if isinstance(move, str):
            move = parse_move(move)
        if isinstance(move, Place):
            return self.place(move)
        if isinstance(move, Exchange):
            return self.exchange(len(move))
        if isinstance(move, HiddenExchange):
            return self.exchange(move.count)
        if isinstance(move, Pass):
            return self.pass_turn()
        raise IllegalMoveError(Rule.TURN_1, f"{move!r} is not a move")

    def end_blocked(self) -> Scorekeeper:
        """End the game because nobody can place and the bag is empty; no one gets the bonus (Rule END-3).

        >>> Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0").end_blocked()
        Traceback (most recent call last):
            ...
        qwirkle.errors.IllegalMoveError: END-3: the bag still holds 95 tiles, so the game goes on
        """
        self._check_going_on()
        if self.bag_size:
            raise IllegalMoveError(Rule.END_3, f"the bag still holds {self.bag_size} tiles, so the game goes on")
        return self._ended(EndReason.BLOCKED, None)

    def _next(self) -> Scorekeeper:
        after = attrs.evolve(self, current=(self.current + 1) % len(self.players))
        limit = self.rules.stalemate_rounds
        if limit is not None and after.idle_turns >= limit * len(self.players):
            return after._ended(EndReason.STALEMATE, None)
        return after

    def _ended(self, reason: EndReason, ended_by: int | None) -> Scorekeeper:
        """Rule END-4: the highest total wins, and a tie is shared."""
        best = max(self.scores)
        outcome = Outcome(
            reason=reason,
            scores=self.scores,
            winners=tuple(seat for seat, points in enumerate(self.scores) if points == best),
            ended_by=ended_by,
        )
        return attrs.evolve(self, outcome=outcome, current=(self.current + 1) % len(self.players))
