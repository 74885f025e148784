"""Keeping score for a game played with real tiles on a real table.

No hands and no bag are needed: the players enter each placement as it is
laid, and the :class:`Scorekeeper` checks its geometry and lines, scores it,
keeps the running totals, counts the tiles in the bag and in each hand (so
that it knows who goes out and earns the end bonus, as
:func:`~qwirkle.scoring.goes_out` says), and names the winners.

What it cannot see, it trusts: that the tiles came from the player's hand,
and that a player who passes could not place (see :meth:`Scorekeeper.pass_turn`).

>>> keeper = Scorekeeper.start(["Ann", "Bob"])
>>> keeper = keeper.place("Ro@0,0 Rs@1,0 Rd@2,0")
>>> keeper = keeper.place("Bs@1,1 Gs@1,2")
>>> keeper.scores, keeper.current, keeper.bag_size
((3, 3), 0, 91)
>>> keeper.history[-1].score.total
3
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from qwirkle._consistency import check_players
from qwirkle._immutable import Immutable
from qwirkle.board import Board
from qwirkle.endings import EndReason, Outcome, _close_turn, left_game, outcome_of
from qwirkle.errors import IllegalMoveError, InvalidStateError, brief, not_a_move
from qwirkle.formats.notation import parse_move
from qwirkle.interface.views import HiddenExchange, SeenTurn
from qwirkle.legality import (
    check_exchange_bag,
    check_game_on,
    check_hidden_hand,
    check_pass,
    check_placement,
    check_turn_kind,
)
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.render import board_svg
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import NOTHING, Score, goes_out, score_lines

__all__ = ["Scorekeeper"]


@attrs.frozen
class Scorekeeper(Immutable):
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

        Rule SETUP-1: the number of players must suit the rules. An argument
        of the wrong type is a :class:`TypeError`.

        >>> Scorekeeper.start(["Ann"])
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidStateError: 1 players: the game takes 2 to 4 (Rule SETUP-1)
        >>> Scorekeeper.start(["Ann", "Bob"], starter="1")
        Traceback (most recent call last):
            ...
        TypeError: starter is a seat number, not '1'
        """
        if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise TypeError(f"players is a sequence of names, not {brief(players)}")
        if not all(isinstance(name, str) for name in players):
            raise TypeError(f"each player is named by a string, not as in {brief(players)}")
        if rules is None:
            rules = RuleSet()
        elif not isinstance(rules, RuleSet):
            raise TypeError(f"rules is a RuleSet, not {brief(rules)}")
        if type(starter) is not int:
            raise TypeError(f"starter is a seat number, not {brief(starter)}")
        names = check_players(rules, players)
        if not 0 <= starter < len(names):
            raise InvalidStateError(f"starter seat {brief(starter)} does not exist")
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
        return board_svg(self)

    def score(self, move: Place | str) -> Score:
        """What a placement would score, end bonus included; raises :class:`~qwirkle.IllegalMoveError` if illegal.

        The table's rules are the engine's own
        (:func:`~qwirkle.legality.check_placement`); of the hand, which it
        cannot see, it checks what it can (:func:`~qwirkle.legality.check_hidden_hand`):
        no more tiles than the player holds, no more copies of a tile than the
        game has.

        >>> Scorekeeper.start(["Ann", "Bob"]).score("Ro@0,0 Bs@1,0")
        Traceback (most recent call last):
            ...
        qwirkle.errors.IllegalMoveError: PLACE-3: the red circle and the blue square share neither a colour nor a shape
        """
        return self._checked(move)[1]

    def _checked(self, move: Place | str) -> tuple[Place, Score, dict[int, int]]:
        """The placement, what it scores and its tiles by int key, once checked (see :meth:`score`)."""
        check_game_on(self.outcome)
        parsed = parse_move(move) if isinstance(move, str) else move
        if not isinstance(parsed, Place):
            if not isinstance(parsed, (Exchange, Pass, HiddenExchange)):
                raise not_a_move(move, "Place or its notation")
            raise IllegalMoveError(Rule.TURN_1, f"{brief(move)} is not a placement")
        move = parsed
        held = self.hand_sizes[self.current]
        check_hidden_hand(self.rules, held, self.board.values(), move.tiles, player=self.players[self.current])
        placed, runs = check_placement(self.board._grid, move.placements)
        out = goes_out(len(move), held, self.bag_size)
        return move, score_lines(runs, self.rules, end_bonus=out), placed

    def place(self, move: Place | str) -> Scorekeeper:
        """Record a placement (a :class:`~qwirkle.Place` or its notation), checked and scored (see :meth:`score`).

        The player draws back up from the bag (Rule TURN-2); going out with
        the bag empty (:func:`~qwirkle.scoring.goes_out`) ends the game with
        the end bonus.
        """
        placed, points, by_key = self._checked(move)
        seat = self.current
        drawn = min(len(placed), self.bag_size)
        sizes = list(self.hand_sizes)
        sizes[seat] += drawn - len(placed)
        return self._after(
            SeenTurn(seat, placed, points),
            board=self.board._placed_unchecked(by_key),
            hand_sizes=tuple(sizes),
            bag_size=self.bag_size - drawn,
        )

    def exchange(self, count: int) -> Scorekeeper:
        """Record an exchange of ``count`` tiles; it scores nothing (Rules EXCHANGE-1, EXCHANGE-2, SCORE-6).

        Rule START-4: not on the opening turn. Rule EXCHANGE-5: no exchange
        from an empty bag, nor (by default) of more tiles than it holds. A
        ``count`` that is not an int is a :class:`TypeError`.
        """
        if type(count) is not int:
            raise TypeError(f"an exchange is counted in tiles, an int, not {brief(count)}")
        check_game_on(self.outcome)
        check_turn_kind(not self.board, "exchange")
        held = self.hand_sizes[self.current]
        if not 1 <= count <= held:
            raise IllegalMoveError(Rule.EXCHANGE_1, f"an exchange gives back 1 to {held} tiles, not {brief(count)}")
        check_exchange_bag(self.rules, count, self.bag_size)
        return self._after(SeenTurn(self.current, HiddenExchange(count), NOTHING))

    def pass_turn(self) -> Scorekeeper:
        """Record a pass, under the engine's own rule (:func:`~qwirkle.legality.check_pass`).

        The keeper cannot see the hands, so it takes the player's word that
        they cannot place (Rule TURN-3); while the bag has tiles, they must
        exchange instead (Rule EXCHANGE-4). With the bag empty, a full round
        of passes shows that nobody can place, and ends the game with no
        bonus (Rule END-3).
        """
        check_game_on(self.outcome)
        check_pass(
            self.rules,
            opening=not self.board,
            can_place=lambda: False,
            can_exchange=bool(self.bag_size and self.hand_sizes[self.current]),
        )
        return self._after(SeenTurn(self.current, Pass(), NOTHING))

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
        raise not_a_move(move, "Place, Exchange, HiddenExchange, Pass or its notation")

    def end_blocked(self) -> Scorekeeper:
        """End the game because nobody can place and the bag is empty; no one gets the bonus (Rule END-3).

        >>> Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0").end_blocked()
        Traceback (most recent call last):
            ...
        qwirkle.errors.IllegalMoveError: END-3: the bag still holds 95 tiles, so the game goes on
        """
        check_game_on(self.outcome)
        if self.bag_size:
            raise IllegalMoveError(Rule.END_3, f"the bag still holds {self.bag_size} tiles, so the game goes on")
        return attrs.evolve(self, outcome=outcome_of(EndReason.BLOCKED, self.scores))

    def resign(self, seat: int, reason: EndReason = EndReason.RESIGNED) -> Scorekeeper:
        """End the game because ``seat`` resigned, ran out of time or forfeited, as :func:`~qwirkle.resign` does.

        A ``seat`` that is not an int is a :class:`TypeError`.

        >>> Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0").resign(1).outcome.winners
        (0,)
        """
        if type(seat) is not int:
            raise TypeError(f"a seat is an int, not {brief(seat)}")
        check_game_on(self.outcome)
        return attrs.evolve(self, outcome=left_game(reason, seat, self.scores))

    def _after(
        self,
        turn: SeenTurn,
        *,
        board: Board | None = None,
        hand_sizes: tuple[int, ...] | None = None,
        bag_size: int | None = None,
    ) -> Scorekeeper:
        """The keeper after ``turn``: its points counted, the next seat to move, and the end if the turn ended it."""
        board = self.board if board is None else board
        hand_sizes = self.hand_sizes if hand_sizes is None else hand_sizes
        bag_size = self.bag_size if bag_size is None else bag_size
        history, scores, current, idle, outcome = _close_turn(
            self.rules,
            turn,
            self.history,
            self.scores,
            self.idle_turns,
            went_out=not hand_sizes[turn.seat],
            bag_size=bag_size,
            # The hands are hidden: a round of passes is the players' word that nobody can place.
            nobody_can_place=None,
        )
        return attrs.evolve(
            self,
            board=board,
            scores=scores,
            hand_sizes=hand_sizes,
            bag_size=bag_size,
            history=history,
            idle_turns=idle,
            current=current,
            outcome=outcome,
        )
