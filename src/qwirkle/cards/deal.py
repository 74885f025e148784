"""Dealing a game of Qwirkle Cards, now in :mod:`qwirkle.cards.game`.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "choose_starter": "qwirkle.cards.game.choose_starter",
        "largest_series_size": "qwirkle.cards.game.largest_series_size",
        "new_game": "qwirkle.cards.game.new_game",
    },
)
