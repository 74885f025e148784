"""Qwirkle Cards as a match plays it: its bots by name, its rules, and one game dealt, played and tallied.

The built-in cards bots are the bot classes :mod:`qwirkle.cards.bots`
offers, each by its default name (:func:`cards_bots`). A bot that takes a
seed gets the seat's seed from the match. A name may carry parameters after
a colon, as the tile game's do (``"name:key=value,key=value"``): the
arguments of the bot's class that have a number or a yes-or-no default.

>>> from qwirkle.matches.games import run_match_game
>>> result = run_match_game(["greedy", "random"], seed=1, index=0, game="cards")
>>> result.bots, result.reason in ("final_round", "blocked"), sum(result.scores) == sum(result.qwirkles)
(('greedy', 'random'), True, True)
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.bots import UnknownBotError
from qwirkle.bots.parameters import ParameterValue
from qwirkle.bots.play import Bot
from qwirkle.bots.spec import BotEntry, BotParameterError, BotSpec, bot_spec, format_value
from qwirkle.cards import bots as _cards_bots
from qwirkle.cards.consistency import check_players
from qwirkle.cards.game import apply, is_over, new_game
from qwirkle.cards.moves import Lay, Pass, Redraw
from qwirkle.cards.ruleset import CardsRuleSet
from qwirkle.cards.state import CardsState
from qwirkle.endings import winners_among
from qwirkle.errors import BackendError, IllegalMoveError, QwirkleError, brief
from qwirkle.matches.kinds import CARDS, MatchRules, Played
from qwirkle.matches.results import TURN_LIMIT
from qwirkle.native import ENGINES, Tally

__all__ = ["CARDS_GAME", "CardsMatchGame", "cards_bots"]


def _default_name(kind: type) -> str | None:
    """The name a bot class gives its bots by default, or ``None`` for a class that is not a bot of a name."""
    if not callable(getattr(kind, "choose", None)):
        return None
    try:
        parameter = inspect.signature(kind).parameters.get("name")
    except (TypeError, ValueError):
        return None
    default = None if parameter is None else parameter.default
    return default if isinstance(default, str) else None


def cards_bots() -> dict[str, type]:
    """The built-in cards bots by name: each bot class :mod:`qwirkle.cards.bots` offers, by its default name.

    >>> {"greedy", "random"} <= set(cards_bots()), cards_bots()["greedy"].__name__
    (True, 'GreedyBot')
    """
    found: dict[str, type] = {}
    for attribute in _cards_bots.__all__:
        kind = getattr(_cards_bots, attribute)
        name = _default_name(kind) if isinstance(kind, type) else None
        if name is not None:
            found[name] = kind
    return found


@attrs.frozen
class _Made(Immutable):
    """Makes a cards bot of a class for a seat, seeded by the match when the class takes a seed."""

    kind: type
    parameters: tuple[tuple[str, ParameterValue], ...] = ()

    def __call__(self, seed: int) -> Bot:
        given = dict(self.parameters)
        if "seed" in inspect.signature(self.kind).parameters:
            given["seed"] = seed
        made: Bot = self.kind(**given)
        return made


def _value(kind: type, name: str, key: str, text: str) -> ParameterValue:
    """The value ``text`` of parameter ``key`` of bot ``name``, read as the type of its default."""
    text = text.strip()
    if kind is bool:
        if text.lower() in ("true", "false"):
            return text.lower() == "true"
    else:
        try:
            number: ParameterValue = kind(text)
        except ValueError:
            pass
        else:
            return number
    raise BotParameterError(f"{key} of {name!r} takes a {kind.__name__}, not {text!r}")


def _parameters(kind: type, name: str, text: str) -> tuple[tuple[str, ParameterValue], ...]:
    """The parameters of a cards bot's name after its colon, each read as the type of its argument's default."""
    arguments = {
        key: type(argument.default)
        for key, argument in inspect.signature(kind).parameters.items()
        if key not in ("seed", "name") and type(argument.default) in (int, float, bool)
    }
    found: list[tuple[str, ParameterValue]] = []
    for part in text.split(","):
        key, equals, value = part.partition("=")
        key = key.strip()
        if not equals or not key:
            raise BotParameterError(f"expected name=value for a parameter of {name!r}, not {part.strip()!r}")
        if key not in arguments:
            known = ", ".join(sorted(arguments)) or "none"
            raise BotParameterError(f"{name!r} has no parameter {key!r}; its parameters are: {known}")
        found.append((key, _value(arguments[key], name, key, value)))
    return tuple(found)


def _tallies(state: CardsState) -> tuple[Tally, ...]:
    """Each seat's moves, Qwirkles, redraws (counted as exchanges) and passes in the history of ``state``."""
    tallies = [Tally(0, 0, 0, 0) for _ in state.players]
    for turn in state.history:
        moves, qwirkles, exchanges, passes = tallies[turn.seat]
        if isinstance(turn.move, Lay):
            qwirkles += len(turn.score.qwirkles)
        elif isinstance(turn.move, Redraw):
            exchanges += 1
        elif isinstance(turn.move, Pass):
            passes += 1
        tallies[turn.seat] = Tally(moves + 1, qwirkles, exchanges, passes)
    return tuple(tallies)


class CardsMatchGame:
    """Qwirkle Cards for a match (see :class:`~qwirkle.matches.kinds.MatchGame`).

    >>> CARDS_GAME.spec("greedy").make(1).name
    'greedy'
    """

    name: str = CARDS

    def spec(self, entry: BotEntry) -> BotSpec:
        """A cards bot by name or class; a factory, a bot object or a :class:`BotSpec` as for any match."""
        if isinstance(entry, str):
            bots = cards_bots()
            name, colon, rest = entry.partition(":")
            name = name.strip().lower()
            if name not in bots:
                raise UnknownBotError(f"unknown cards bot {name!r}; the cards bots are: {', '.join(sorted(bots))}")
            parameters = _parameters(bots[name], name, rest) if colon else ()
            written = ",".join(f"{key}={format_value(value)}" for key, value in parameters)
            return BotSpec(f"{name}:{written}" if parameters else name, _Made(bots[name], parameters))
        if isinstance(entry, type):
            label = _default_name(entry) or entry.__name__
            return BotSpec(label, _Made(entry))
        return bot_spec(entry)

    def bot_names(self) -> tuple[str, ...]:
        """The names of the built-in cards bots."""
        return tuple(sorted(cards_bots()))

    def rules(self, rules: object | None) -> MatchRules:
        """The rules of a card game: the standard ones for ``None``."""
        if rules is None:
            return CardsRuleSet()
        if not isinstance(rules, CardsRuleSet):
            raise QwirkleError(f"a match of Qwirkle Cards takes a CardsRuleSet, not {brief(rules)}")
        return rules

    def check_seats(self, seats: int, rules: MatchRules) -> None:
        """As many seats as a card game takes, which the game's own check of its players decides."""
        check_players(tuple(f"seat {seat}" for seat in range(seats)))

    def engine(self, engine: str, specs: Sequence[BotSpec]) -> str:
        """Qwirkle Cards is played by the specification alone: ``"python"`` and ``"auto"`` play it."""
        if not isinstance(engine, str):
            raise TypeError(f"engine must be a str, not {type(engine).__name__}")
        if engine not in ENGINES:
            raise BackendError(f"unknown engine {engine!r}; the engines are: {', '.join(ENGINES)}")
        if engine == "native":
            raise BackendError("the native engine plays the tile game only: play Qwirkle Cards with the python engine")
        return "python"

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
        """Deal the cards from ``deal`` and play the bots out; an illegal move raises naming the bot and the game."""
        assert isinstance(rules, CardsRuleSet)
        state = new_game(list(names), seed=deal, rules=rules)
        seated = [spec.make(seed) for spec, seed in zip(specs, seeds, strict=True)]
        times: list[list[float]] = [[] for _ in names]
        while not is_over(state) and len(state.history) < max_turns:
            seat = state.current
            seen = state.view(seat)
            start = time.perf_counter()
            choose: Callable[..., object] = seated[seat].choose
            move = choose(seen)
            times[seat].append(time.perf_counter() - start)
            try:
                state = apply(state, move)  # type: ignore[arg-type]
            except IllegalMoveError as error:
                where = f"turn {len(state.history) + 1} of game {index} of the match seeded {match_seed}"
                raise IllegalMoveError(
                    error.rule, f"{names[seat]} (seat {seat}) on {where} (dealt from seed {deal}): {error.reason}"
                ) from None
        outcome = state.outcome
        if outcome is None:
            winners, reason = winners_among(state.scores), TURN_LIMIT
        else:
            winners, reason = outcome.winners, outcome.reason.value
        return Played(state.scores, winners, reason, _tallies(state), tuple(tuple(t) for t in times))


CARDS_GAME: Final = CardsMatchGame()
"""Qwirkle Cards, as a match plays it."""
