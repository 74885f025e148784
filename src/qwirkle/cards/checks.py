"""Setting up and checking states of Qwirkle Cards, now in :mod:`qwirkle.cards.game` and :mod:`qwirkle.cards.state`.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "check_players": "qwirkle.cards.state.check_players",
        "check_state": "qwirkle.cards.state.check_state",
        "position": "qwirkle.cards.game.position",
    },
)
