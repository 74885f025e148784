"""Qwirkle Cards: the card game of the Qwirkle family, as a second immutable, typed rules engine.

It shares the colours, shapes and :class:`~qwirkle.Tile` values (a card is a
tile), the errors and the rule catalogue with the tile game, and follows the
same shape of API.

>>> from qwirkle import cards
>>> state = cards.new_game(["Ann", "Bob"], seed=7)
>>> move = cards.most_cards(state)
>>> move in cards.legal_moves(state)
True
>>> after = cards.apply(state, move)
>>> after.scores, cards.is_over(after)
((0, 0), False)
"""

from typing import TYPE_CHECKING

from qwirkle._moved import moved_names
from qwirkle.cards.bots import Bot, GreedyBot, RandomBot, StrongBot, run_game
from qwirkle.cards.builder import Problem, TurnBuilder
from qwirkle.cards.endings import CardsEndReason, CardsOutcome
from qwirkle.cards.game import apply, choose_starter, is_over, largest_series_size, new_game, position, resign
from qwirkle.cards.lays import blocked_move, can_lay, most_cards, most_qwirkles
from qwirkle.cards.legality import is_legal, score, verify
from qwirkle.cards.legalmoves import CardsLegalMoves, legal_moves
from qwirkle.cards.move_notation import format_move, parse_move
from qwirkle.cards.moves import CardsMove, Lay, Pass, Redraw
from qwirkle.cards.notation import CardsNotationError, card_code, parse_cards
from qwirkle.cards.position_notation import format_position, parse_position
from qwirkle.cards.records import CardsGameRecord, CardsRecordedTurn
from qwirkle.cards.replay import CardsReplay
from qwirkle.cards.ruleset import BlockedAction, CardsRuleSet, StartTiebreak
from qwirkle.cards.scoring import CardsScore, CardsTurn
from qwirkle.cards.series import Series, Table, canonical_table, is_valid_series
from qwirkle.cards.state import CardsState, check_state
from qwirkle.cards.views import CardsPlayerView, CardsSpectatorView

__all__ = [
    "BlockedAction",
    "Bot",
    "CardsEndReason",
    "CardsGameRecord",
    "CardsLegalMoves",
    "CardsMove",
    "CardsNotationError",
    "CardsOutcome",
    "CardsPlayerView",
    "CardsRecordedTurn",
    "CardsReplay",
    "CardsRuleSet",
    "CardsScore",
    "CardsSpectatorView",
    "CardsState",
    "CardsTurn",
    "GreedyBot",
    "Lay",
    "Pass",
    "Problem",
    "RandomBot",
    "Redraw",
    "Series",
    "StartTiebreak",
    "StrongBot",
    "Table",
    "TurnBuilder",
    "apply",
    "blocked_move",
    "can_lay",
    "canonical_table",
    "card_code",
    "check_state",
    "choose_starter",
    "format_move",
    "format_position",
    "is_legal",
    "is_over",
    "is_valid_series",
    "largest_series_size",
    "legal_moves",
    "most_cards",
    "most_qwirkles",
    "new_game",
    "parse_cards",
    "parse_move",
    "parse_position",
    "position",
    "resign",
    "run_game",
    "score",
    "verify",
]

# Renamed as the tile game's LegalMoves and PlayerView; the old names work, with a warning, until the next release.
__getattr__ = moved_names(
    __name__,
    {
        "CardsView": "qwirkle.cards.views.CardsPlayerView",
        "LegalCardMoves": "qwirkle.cards.legalmoves.CardsLegalMoves",
    },
)

if TYPE_CHECKING:
    # Type checkers read the old names as the new classes, so typed code that uses them still checks.
    CardsView = CardsPlayerView
    LegalCardMoves = CardsLegalMoves
