"""The options of Qwirkle Cards, now in :mod:`qwirkle.cards.ruleset`.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "BlockedAction": "qwirkle.cards.ruleset.BlockedAction",
        "CardsRuleSet": "qwirkle.cards.ruleset.CardsRuleSet",
        "COPIES": "qwirkle.cards.ruleset.COPIES",
        "DECK_SIZE": "qwirkle.cards.ruleset.DECK_SIZE",
        "MAX_PLAYERS": "qwirkle.cards.ruleset.MAX_PLAYERS",
        "MIN_PLAYERS": "qwirkle.cards.ruleset.MIN_PLAYERS",
        "SERIES_MAX": "qwirkle.cards.ruleset.SERIES_MAX",
        "StartTiebreak": "qwirkle.cards.ruleset.StartTiebreak",
    },
)
