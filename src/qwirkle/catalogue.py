"""The rule catalogue: every rule of the tile game, with its stable ID.

The IDs are those of the project's rule catalogue (``RULES.md``). Every
illegal move is refused with the :class:`Rule` it breaks, and every function
that enforces a rule names it in its docstring.
"""

from __future__ import annotations

import enum

__all__ = ["Rule"]


class Rule(enum.StrEnum):
    """A rule of the tile game, by its stable ID.

    A member compares equal to its ID, and :attr:`statement` says the rule
    in one sentence.

    >>> Rule.PLACE_2 == "PLACE-2"
    True
    >>> Rule("LINE-3").statement
    'No line may contain two identical tiles.'
    """

    TILES_1 = "TILES-1"
    TILES_2 = "TILES-2"
    TILES_3 = "TILES-3"
    SETUP_1 = "SETUP-1"
    SETUP_2 = "SETUP-2"
    SETUP_3 = "SETUP-3"
    START_1 = "START-1"
    START_2 = "START-2"
    START_3 = "START-3"
    START_4 = "START-4"
    START_5 = "START-5"
    START_6 = "START-6"
    START_7 = "START-7"
    TURN_1 = "TURN-1"
    TURN_2 = "TURN-2"
    TURN_3 = "TURN-3"
    PLACE_1 = "PLACE-1"
    PLACE_2 = "PLACE-2"
    PLACE_3 = "PLACE-3"
    PLACE_4 = "PLACE-4"
    PLACE_5 = "PLACE-5"
    LINE_1 = "LINE-1"
    LINE_2 = "LINE-2"
    LINE_3 = "LINE-3"
    LINE_4 = "LINE-4"
    LINE_5 = "LINE-5"
    LINE_6 = "LINE-6"
    SCORE_1 = "SCORE-1"
    SCORE_2 = "SCORE-2"
    SCORE_3 = "SCORE-3"
    SCORE_4 = "SCORE-4"
    SCORE_5 = "SCORE-5"
    SCORE_6 = "SCORE-6"
    SCORE_7 = "SCORE-7"
    SCORE_8 = "SCORE-8"
    EXCHANGE_1 = "EXCHANGE-1"
    EXCHANGE_2 = "EXCHANGE-2"
    EXCHANGE_3 = "EXCHANGE-3"
    EXCHANGE_4 = "EXCHANGE-4"
    EXCHANGE_5 = "EXCHANGE-5"
    END_1 = "END-1"
    END_2 = "END-2"
    END_3 = "END-3"
    END_4 = "END-4"
    END_5 = "END-5"

    @property
    def statement(self) -> str:
        """The rule in one sentence."""
        return _STATEMENTS[self]


_STATEMENTS: dict[Rule, str] = {
    Rule.TILES_1: "There are 36 distinct tiles, one for each of 6 colours and 6 shapes.",
    Rule.TILES_2: "Each distinct tile exists in 3 copies, 108 tiles in all.",
    Rule.TILES_3: "The tiles start in a bag; there is no board, and the table is an unbounded grid.",
    Rule.SETUP_1: "A game has 2 to 4 players.",
    Rule.SETUP_2: "The bag is shuffled and each player draws a hidden hand of 6 tiles.",
    Rule.SETUP_3: "A hand holds 6 tiles and is refilled to 6 after every placement.",
    Rule.START_1: "Each player's group is the largest set of their tiles that could form one line; "
    "identical tiles count once.",
    Rule.START_2: "The player with the largest group starts.",
    Rule.START_3: "If several players tie for the largest group, the oldest of them starts.",
    Rule.START_4: "The starter opens by laying a largest group of their hand as one line.",
    Rule.START_5: "The opening scores like any placement, then the starter refills.",
    Rule.START_6: "An opening of a single tile scores 1 point.",
    Rule.START_7: "After the opening, turns go round in seat order.",
    Rule.TURN_1: "A turn is either a placement of tiles from the hand or an exchange, never both.",
    Rule.TURN_2: "After placing, a player draws back up to 6 tiles, as far as the bag allows.",
    Rule.TURN_3: "A player may pass only when they can neither place nor exchange.",
    Rule.PLACE_1: "All tiles placed in one turn lie in a single row or a single column.",
    Rule.PLACE_2: "The placed tiles and the tiles between them form one unbroken run.",
    Rule.PLACE_3: "All tiles placed in one turn share a colour or a shape.",
    Rule.PLACE_4: "After the opening, a placed tile must touch a tile on the table along an edge.",
    Rule.PLACE_5: "Tiles go only on empty cells, and tiles on the table never move.",
    Rule.LINE_1: "A line is a maximal run of two or more tiles in a row or a column.",
    Rule.LINE_2: "A line is all one colour with different shapes, or all one shape with "
    "different colours.",
    Rule.LINE_3: "No line may contain two identical tiles.",
    Rule.LINE_4: "A line is at most 6 tiles long.",
    Rule.LINE_5: "A tile added to a line must share the line's attribute, so some cells stay empty.",
    Rule.LINE_6: "Every line through a placed tile, in both directions, must be valid.",
    Rule.SCORE_1: "Each line a move creates or extends scores one point per tile in it.",
    Rule.SCORE_2: "A placed tile in both a row and a column line scores in both.",
    Rule.SCORE_3: "Each line scores once per move, however many placed tiles it holds.",
    Rule.SCORE_4: "A line completed to 6 tiles is a Qwirkle and earns 6 bonus points.",
    Rule.SCORE_5: "A move that completes two Qwirkles earns both bonuses.",
    Rule.SCORE_6: "An exchange scores nothing.",
    Rule.SCORE_7: "A move that forms no line (a one-tile opening) scores 1 point.",
    Rule.SCORE_8: "The player who ends the game by placing their last tile earns 6 bonus points.",
    Rule.EXCHANGE_1: "Instead of placing, a player may exchange 1 to 6 of their tiles: "
    "draw first, then return the others to the bag.",
    Rule.EXCHANGE_2: "An exchange is the whole turn.",
    Rule.EXCHANGE_3: "A player may exchange even when they could place.",
    Rule.EXCHANGE_4: "A player who cannot place must exchange if the bag allows it.",
    Rule.EXCHANGE_5: "A player may not exchange more tiles than the bag holds.",
    Rule.END_1: "When the bag is empty, play goes on without drawing.",
    Rule.END_2: "The game ends when a player places their last tile with the bag empty.",
    Rule.END_3: "If the bag is empty and nobody can place, the game ends with no bonus.",
    Rule.END_4: "The highest total wins; a tie is a shared win.",
    Rule.END_5: "Optionally, the game ends after a set number of rounds without a placement.",
}
