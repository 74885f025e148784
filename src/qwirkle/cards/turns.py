"""What a move of Qwirkle Cards did, now in :mod:`qwirkle.cards.scoring`.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "CardsScore": "qwirkle.cards.scoring.CardsScore",
        "CardsTurn": "qwirkle.cards.scoring.CardsTurn",
        "nothing_laid": "qwirkle.cards.scoring.nothing_laid",
    },
)
