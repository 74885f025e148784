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

from qwirkle.cards.bots import Bot, GreedyBot, RandomBot, play_game
from qwirkle.cards.builder import Problem, TurnBuilder
from qwirkle.cards.game import (
    LegalCardMoves,
    apply,
    blocked_move,
    can_lay,
    choose_starter,
    is_legal,
    is_over,
    largest_series_size,
    legal_moves,
    most_cards,
    most_qwirkles,
    new_game,
    position,
    score,
    verify,
)
from qwirkle.cards.moves import CardsMove, Lay, Pass, Redraw, card_code, parse_cards
from qwirkle.cards.rules import BlockedAction, CardsRuleSet, StartTiebreak
from qwirkle.cards.series import Series, Table, canonical_table, is_valid_series
from qwirkle.cards.state import CardsEndReason, CardsOutcome, CardsScore, CardsState, CardsTurn, CardsView

__all__ = [
    "BlockedAction",
    "Bot",
    "CardsEndReason",
    "CardsMove",
    "CardsOutcome",
    "CardsRuleSet",
    "CardsScore",
    "CardsState",
    "CardsTurn",
    "CardsView",
    "GreedyBot",
    "Lay",
    "LegalCardMoves",
    "Pass",
    "Problem",
    "RandomBot",
    "Redraw",
    "Series",
    "StartTiebreak",
    "Table",
    "TurnBuilder",
    "apply",
    "blocked_move",
    "can_lay",
    "canonical_table",
    "card_code",
    "choose_starter",
    "is_legal",
    "is_over",
    "is_valid_series",
    "largest_series_size",
    "legal_moves",
    "most_cards",
    "most_qwirkles",
    "new_game",
    "parse_cards",
    "play_game",
    "position",
    "score",
    "verify",
]
