"""The legal moves of Qwirkle Cards, now in :mod:`qwirkle.cards.legalmoves`.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "LegalCardMoves": "qwirkle.cards.legalmoves.CardsLegalMoves",
        "legal_moves": "qwirkle.cards.legalmoves.legal_moves",
    },
)
