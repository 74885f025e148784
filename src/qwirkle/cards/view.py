"""The views of Qwirkle Cards, now in :mod:`qwirkle.cards.views`.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "CardsSpectatorView": "qwirkle.cards.views.CardsSpectatorView",
        "CardsView": "qwirkle.cards.views.CardsPlayerView",
    },
)
