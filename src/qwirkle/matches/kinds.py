"""What a match needs from a game: the one seam between the match code and the game it plays.

A match plays many games of one kind: the tile game (:data:`TILES`, in
:mod:`qwirkle.matches.games`) or Qwirkle Cards (:data:`CARDS`, in
:mod:`qwirkle.matches.cards`). Everything else of a match (seeds, seats,
backends, logs and statistics) is the same for both; a :class:`MatchGame`
says what differs: which bots an entry names, which rules a game takes, and
how one game is dealt from a seed, played to the end and tallied.

>>> from qwirkle.rules.ruleset import RuleSet
>>> rules_class("tiles") is RuleSet, rules_class("cards").__name__
(True, 'CardsRuleSet')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

import attrs

from qwirkle._immutable import Immutable
from qwirkle.bots.spec import BotEntry, BotSpec
from qwirkle.cards.ruleset import CardsRuleSet
from qwirkle.errors import QwirkleError
from qwirkle.native import Tally
from qwirkle.rules.ruleset import RuleSet

__all__ = ["CARDS", "GAME_NAMES", "TILES", "MatchGame", "MatchRules", "Played", "check_game", "rules_class"]

TILES: Final = "tiles"
"""The name of the tile game in a match: the default, left out of a match's JSON and its log."""
CARDS: Final = "cards"
"""The name of Qwirkle Cards in a match."""
GAME_NAMES: Final = (TILES, CARDS)
"""The games a match can play."""

MatchRules = RuleSet | CardsRuleSet
"""The rules of a match's games: a tile game's or a card game's."""

_RULES: Final[dict[str, type[RuleSet] | type[CardsRuleSet]]] = {TILES: RuleSet, CARDS: CardsRuleSet}


def check_game(game: object) -> str:
    """``game`` if it names a game a match can play; raises :class:`~qwirkle.QwirkleError` otherwise.

    >>> check_game("cards")
    'cards'
    >>> check_game("chess")
    Traceback (most recent call last):
        ...
    qwirkle.errors.QwirkleError: unknown game 'chess'; the games are: tiles, cards
    """
    if not isinstance(game, str):
        raise TypeError(f"game must be a str, not {type(game).__name__}")
    if game not in _RULES:
        raise QwirkleError(f"unknown game {game!r}; the games are: {', '.join(GAME_NAMES)}")
    return game


def rules_class(game: str) -> type[RuleSet] | type[CardsRuleSet]:
    """The class of the rules of ``game``'s games, which a match's JSON and log read its rules as.

    >>> rules_class("cards")().cards_hand_size
    9
    """
    return _RULES[check_game(game)]


@attrs.frozen
class Played(Immutable):
    """One game played to its end (or to the turn limit), as the match tallies it; every tuple is by seat."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    """An end reason's value, or ``"turn_limit"``."""
    tallies: tuple[Tally, ...]
    times: tuple[tuple[float, ...], ...]
    """The seconds each seat's bot took for each of its moves."""


class MatchGame(Protocol):
    """A game as a match plays it: its bots by name, its rules, and one game dealt from a seed and played out."""

    name: str
    """The game's name, one of :data:`GAME_NAMES`."""

    def spec(self, entry: BotEntry) -> BotSpec:
        """The spec of a match entry: a bot name of this game, a bot class, factory or object."""
        ...

    def bot_names(self) -> tuple[str, ...]:
        """The names of this game's built-in bots."""
        ...

    def rules(self, rules: object | None) -> MatchRules:
        """The rules of the match: the default for ``None``; raises for rules of another game."""
        ...

    def check_seats(self, seats: int, rules: MatchRules) -> None:
        """Raises :class:`~qwirkle.QwirkleError` unless a game of ``rules`` takes ``seats`` players."""
        ...

    def engine(self, engine: str, specs: Sequence[BotSpec]) -> str:
        """The engine that plays the games (see :func:`qwirkle.matches.games.match_engine`)."""
        ...

    def play(
        self,
        specs: Sequence[BotSpec],
        names: Sequence[str],
        seeds: Sequence[int],
        deal: int,
        rules: MatchRules,
        max_turns: int,
        engine: str,
        *,
        index: int,
        match_seed: int,
    ) -> Played:
        """Deal a game from ``deal``, seat the bots of ``specs`` (one per seat) seeded by ``seeds``, play it out."""
        ...
