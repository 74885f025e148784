"""One game of a match: the seeds it is dealt and played from, the engine that plays it, and its result.

Every game is a pure function of the entries, the match seed and the game's
number, so that any worker, anywhere, plays it the same.

>>> run_match_game(["greedy", "random"], seed=1, index=0) == run_match_game(["greedy", "random"], seed=1, index=0)
True
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from typing import Final

from qwirkle.bots import BOTS, GreedyBot, RandomBot
from qwirkle.bots.play import MAX_TURNS, _apply_bot_move
from qwirkle.bots.spec import BotEntry, BotSpec, bot_spec
from qwirkle.endings import Outcome, winners_among
from qwirkle.errors import BackendError, QwirkleError, brief
from qwirkle.game import new_game
from qwirkle.interface.views import view
from qwirkle.matches.cards import CARDS_GAME
from qwirkle.matches.kinds import CARDS, TILES, MatchGame, MatchRules, Played, check_game
from qwirkle.matches.results import TURN_LIMIT, GameResult
from qwirkle.matches.stats import entry_names
from qwirkle.moves import Exchange, Pass, Place
from qwirkle.native import ENGINES, NATIVE_BOTS, NativeGame, Tally, available, native_module
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState

__all__ = [
    "TILE_GAME",
    "TileMatchGame",
    "bot_seed",
    "deal_seed",
    "match_engine",
    "match_game",
    "native_bot",
    "run_match_game",
]


def _derive(*parts: object) -> int:
    """A 63-bit seed from its parts, the same on every machine and in every process."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def native_bot(entry: BotEntry) -> str | None:
    """The name the native engine plays an entry's bots by, or ``None`` if it cannot play them.

    The native engine plays the built-in greedy and random bots, made from
    their class (by name or by class, under any label) and seeded by the
    match; not subclasses, bot objects, or other bots.

    >>> native_bot("greedy"), native_bot("random"), native_bot("strong")
    ('greedy', 'random', None)
    """
    spec = bot_spec(entry)
    if spec.parameters:
        return None
    if spec.factory is GreedyBot:
        return "greedy"
    if spec.factory is RandomBot:
        return "random"
    return None


def match_engine(engine: str, players: Sequence[BotEntry]) -> str:
    """The engine that plays a match between ``players``, ``"python"`` or ``"native"``, when ``engine`` is asked for.

    Raises as :func:`simulate` does for an engine that cannot play the match.

    >>> match_engine("python", ["greedy", "random"]), match_engine("auto", ["strong", "greedy"])
    ('python', 'python')
    >>> match_engine("native", ["strong", "greedy"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.errors.BackendError: the native engine plays only the built-in greedy and random bots, not 'strong'...
    """
    specs = [bot_spec(player) for player in players]
    if not isinstance(engine, str):
        raise TypeError(f"engine must be a str, not {type(engine).__name__}")
    if engine not in ENGINES:
        raise BackendError(f"unknown engine {engine!r}; the engines are: {', '.join(ENGINES)}")
    if engine == "python":
        return engine
    unplayable = [spec.label for spec in specs if native_bot(spec) is None]
    if engine == "auto":
        return "native" if not unplayable and available() else "python"
    if unplayable:
        raise BackendError(
            f"the native engine plays only the built-in {' and '.join(NATIVE_BOTS)} bots, not "
            f"{', '.join(repr(label) for label in unplayable)}: play this match with the python or auto engine"
        )
    native_module()
    return engine


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in game ``index`` of the match seeded with ``seed``.

    With the game's deal (:attr:`GameResult.deal`), it is all it takes to play
    one game of a match again, to watch it turn by turn.

    >>> from qwirkle.bots import make_bot, run_game
    >>> result = run_match_game(["greedy", "random"], seed=1, index=0)
    >>> bots = [make_bot(name, bot_seed(1, 0, seat)) for seat, name in enumerate(result.bots)]
    >>> run_game(bots, seed=result.deal).scores == result.scores
    True
    """
    return _derive(seed, "bot", index, seat)


def deal_seed(seed: int, index: int, players: int) -> int:
    """The seed that game ``index`` of a match of ``players`` entries seeded with ``seed`` is dealt from.

    The deal changes once per rotation of the seats: the games of one
    rotation play the same tiles, each entry from another seat.

    >>> result = run_match_game(["greedy", "random"], seed=1, index=3)
    >>> result.deal == deal_seed(1, 3, 2) == deal_seed(1, 2, 2) != deal_seed(1, 1, 2)
    True
    """
    return _derive(seed, "deal", index // players)


def run_match_game(
    players: Sequence[BotEntry],
    seed: int,
    index: int,
    rules: MatchRules | None = None,
    *,
    max_turns: int = MAX_TURNS,
    engine: str = "python",
    game: str = TILES,
) -> GameResult:
    """Play game number ``index`` of the match between ``players`` seeded with ``seed``.

    The entries are anything :func:`~qwirkle.bots.spec.bot_spec` takes: bot
    names (with parameters), factories or bots; for ``game="cards"``, the
    names are those of the cards bots (:func:`qwirkle.matches.cards.cards_bots`).
    Game ``index`` seats entry
    ``(seat + index) % n`` at each seat, so seats rotate; the deal changes
    once per rotation (:func:`deal_seed`), and every bot is made afresh with
    its own seed (:func:`bot_seed`). Each bot sees only its seat's view. A
    game still going after ``max_turns`` turns stops with the reason
    ``"turn_limit"``, the leaders as winners. A move that breaks a rule
    raises :class:`~qwirkle.bots.IllegalBotMoveError`, which names the bot,
    its seat, the game and the turn (in Qwirkle Cards, an
    :class:`~qwirkle.IllegalMoveError` whose reason names them). This is the unit of work to hand to any
    parallel engine. ``engine`` and ``game`` are as for :func:`simulate`, and
    every engine gives the same result (times aside).

    >>> first = run_match_game(["greedy", "random"], seed=1, index=0)
    >>> second = run_match_game(["greedy", "random"], seed=1, index=1)
    >>> first.deal == second.deal, second.entries, first == run_match_game(["greedy", "random"], seed=1, index=0)
    (True, (1, 0), True)
    """
    kind = match_game(game)
    specs = tuple(kind.spec(player) for player in players)
    rules = kind.rules(rules)
    n = len(specs)
    entries = tuple((seat + index) % n for seat in range(n))
    seeds = [bot_seed(seed, index, seat) for seat in range(n)]
    deal = deal_seed(seed, index, n)
    labels = tuple(spec.label for spec in specs)
    names = entry_names(labels)
    played = kind.play(
        [specs[entry] for entry in entries],
        [names[entry] for entry in entries],
        seeds,
        deal,
        rules,
        max_turns,
        kind.engine(engine, specs),
        index=index,
        match_seed=seed,
    )
    tallies = played.tallies
    return GameResult(
        index=index,
        deal=deal,
        entries=entries,
        bots=tuple(labels[entry] for entry in entries),
        scores=played.scores,
        winners=played.winners,
        reason=played.reason,
        turns=sum(tally.moves for tally in tallies),
        moves=tuple(len(t) for t in played.times),
        qwirkles=tuple(tally.qwirkles for tally in tallies),
        exchanges=tuple(tally.exchanges for tally in tallies),
        passes=tuple(tally.passes for tally in tallies),
        times=played.times,
    )


class TileMatchGame:
    """The tile game for a match (see :class:`~qwirkle.matches.kinds.MatchGame`), played by either engine.

    >>> TILE_GAME.spec("greedy").label, TILE_GAME.rules(None) == RuleSet()
    ('greedy', True)
    """

    name: str = TILES

    def spec(self, entry: BotEntry) -> BotSpec:
        """The spec of a tile game's entry (see :func:`~qwirkle.bots.spec.bot_spec`)."""
        return bot_spec(entry)

    def bot_names(self) -> tuple[str, ...]:
        """The names of the built-in bots."""
        return tuple(sorted(BOTS))

    def rules(self, rules: object | None) -> MatchRules:
        """The rules of a tile game: the standard ones for ``None``."""
        if rules is None:
            return RuleSet()
        if not isinstance(rules, RuleSet):
            raise QwirkleError(f"a match of the tile game takes a RuleSet, not {brief(rules)}")
        return rules

    def check_seats(self, seats: int, rules: MatchRules) -> None:
        """As many seats as ``rules`` take."""
        assert isinstance(rules, RuleSet)
        if not rules.min_players <= seats <= rules.max_players:
            raise QwirkleError(f"a game takes {rules.min_players} to {rules.max_players} players, not {seats}")

    def engine(self, engine: str, specs: Sequence[BotSpec]) -> str:
        """See :func:`match_engine`."""
        return match_engine(engine, specs)

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
        """Deal the tiles from ``deal`` and play the bots out, on the native engine if ``engine`` says so."""
        assert isinstance(rules, RuleSet)
        state = new_game(list(names), seed=deal, rules=rules)
        if engine == "native":
            kinds = [native_bot(spec) or "" for spec in specs]
            start = time.perf_counter()
            native = NativeGame.from_state(state)
            native.play_bots(kinds, list(seeds), max_turns=max_turns)
            # The game's summary is read from the native turns: building its whole state takes longer than playing it.
            tallies = native.tallies()
            # The native engine plays a whole game at once: each move is given the game's average time.
            each = (time.perf_counter() - start) / max(1, sum(tally.moves for tally in tallies))
            return _played(native.scores, native.outcome, tallies, [[each] * t.moves for t in tallies])
        times: list[list[float]] = [[] for _ in names]
        seated = [spec.make(seed) for spec, seed in zip(specs, seeds, strict=True)]
        while state.outcome is None and state.turn_number < max_turns:
            seat = state.current
            seen = view(state, seat)
            start = time.perf_counter()
            move = seated[seat].choose(seen)
            times[seat].append(time.perf_counter() - start)
            state = _apply_bot_move(state, move, deal, game=index, match_seed=match_seed)
        return _played(state.scores, state.outcome, _tallies(state), times)


TILE_GAME: Final = TileMatchGame()
"""The tile game, as a match plays it."""

_GAMES: Final[dict[str, MatchGame]] = {TILES: TILE_GAME, CARDS: CARDS_GAME}


def match_game(game: str) -> MatchGame:
    """The game a match named ``game`` plays: ``"tiles"`` or ``"cards"``.

    >>> match_game("cards").bot_names()[:1], match_game("tiles").name
    (('greedy',), 'tiles')
    """
    return _GAMES[check_game(game)]


def _tallies(state: GameState) -> tuple[Tally, ...]:
    """Each seat's moves, qwirkles, exchanges and passes in the history of ``state``."""
    tallies = [Tally(0, 0, 0, 0) for _ in state.players]
    for turn in state.history:
        moves, qwirkles, exchanges, passes = tallies[turn.seat]
        if isinstance(turn.move, Place):
            qwirkles += turn.score.qwirkles
        elif isinstance(turn.move, Exchange):
            exchanges += 1
        elif isinstance(turn.move, Pass):
            passes += 1
        tallies[turn.seat] = Tally(moves + 1, qwirkles, exchanges, passes)
    return tuple(tallies)


def _played(
    scores: tuple[int, ...], outcome: Outcome | None, tallies: tuple[Tally, ...], times: list[list[float]]
) -> Played:
    """A game that ended with ``outcome`` (``None``: stopped at the turn limit), as the match tallies it."""
    if outcome is not None:
        return Played(scores, outcome.winners, outcome.reason.value, tallies, tuple(tuple(t) for t in times))
    return Played(scores, winners_among(scores), TURN_LIMIT, tallies, tuple(tuple(t) for t in times))
