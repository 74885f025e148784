"""The endings of Qwirkle Cards, now in :mod:`qwirkle.cards.endings`.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "CardsEndReason": "qwirkle.cards.endings.CardsEndReason",
        "CardsOutcome": "qwirkle.cards.endings.CardsOutcome",
        "end_reason": "qwirkle.cards.endings.end_reason",
        "left_game": "qwirkle.cards.endings.left_game",
        "outcome_of": "qwirkle.cards.endings.outcome_of",
    },
)
