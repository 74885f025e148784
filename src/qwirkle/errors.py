"""The library's errors: one root, :class:`QwirkleError`, and a subclass per kind of fault."""

from __future__ import annotations

from qwirkle.catalogue import Rule

__all__ = ["IllegalMoveError", "InvalidOptionsError", "InvalidStateError", "QwirkleError"]


class QwirkleError(ValueError):
    """The root of every error this library raises on purpose."""


class IllegalMoveError(QwirkleError):
    """A move that breaks a rule of the game.

    :attr:`rule` is the broken :class:`~qwirkle.Rule`; the message says what
    went wrong in a player's words.

    >>> error = IllegalMoveError(Rule.PLACE_1, "the tiles are not in one row or column")
    >>> error.rule
    <Rule.PLACE_1: 'PLACE-1'>
    >>> str(error)
    'PLACE-1: the tiles are not in one row or column'
    """

    rule: Rule
    reason: str

    def __init__(self, rule: Rule, reason: str) -> None:
        super().__init__(f"{rule.value}: {reason}")
        self.rule = rule
        self.reason = reason


class InvalidStateError(QwirkleError):
    """A game state, board or hand that could not arise under the rules."""


class InvalidOptionsError(QwirkleError):
    """Rule options that do not make a playable game."""
