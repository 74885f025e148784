"""The strong bot: the move that gains most over the next turns, played out against guesses of the unseen tiles."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from qwirkle.bots.base import BaseBot, move_key
from qwirkle.bots.endgame import _best_finish, _ending_worth, _greedy_move
from qwirkle.bots.leaves import _leave_of
from qwirkle.bots.levels import LEVELS
from qwirkle.bots.play import BotError
from qwirkle.bots.race import Clock, halving_race
from qwirkle.bots.sampling import _deals, _guess, sample_state
from qwirkle.game import apply
from qwirkle.interface.views import PlayerView
from qwirkle.legalmoves import legal_moves
from qwirkle.moves import Move, Pass
from qwirkle.native import ENGINES, NativeGame, available, native_module
from qwirkle.state import GameState

__all__ = ["StrongBot", "halving_race"]


class StrongBot(BaseBot):
    """Plays the move that gains it most over the next turns, played out against guesses of the unseen tiles.

    It shortlists the placements that score most with a good leave (the
    tiles kept in hand, valued by a table learned from self-play: keeping
    one or two tiles, or tiles that can still build lines together, is worth
    more than keeping many or duplicates), and the exchanges that keep the
    best tiles. Then, for several guesses of the unseen tiles (the other
    hands and the bag's order, dealt by :func:`~qwirkle.bots.sampling.sample_states` from the bot's
    own generator, the same guesses for every candidate, and none that would
    have let the player before it score more than it did), it plays each
    candidate, the other players' best replies, and its own best next move,
    and keeps the candidate with the best average of its points, less the
    replies', plus its next move's, plus the worth of its leave. It spends
    most guesses where they decide: after a few for every candidate, the
    better half goes on to more, and the better half of those to more again
    (:attr:`halvings`). So it does
    not leave a line of five whose sixth tile the next player may hold, it
    exchanges a poor hand, and it values what it keeps for later. With a
    few tiles left in the bag (:attr:`play_out_bag`), it plays each
    candidate out greedily to the end against every guess instead, since
    who goes out first decides close games (Rule SCORE-8). With the bag
    empty and two players, the other hand is known, so it searches the rest
    of the game: its own best-scoring placements and every placement that
    goes out, against the other player's best-scoring replies and the ones
    that go out, a few turns deep and greedily from there (see
    :attr:`endgame_depth`). With more players it plays each candidate out
    greedily to the end. Where it plays to the end against guesses, it
    plays to win first and for points second (see :attr:`win_bonus`).

    >>> from qwirkle import new_game, legal_moves
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = StrongBot(seed=1).choose(state)
    >>> move in legal_moves(state), move == StrongBot(seed=1).choose(state)
    (True, True)
    """

    name = "strong"

    placements_kept: int = 8
    """How many placements get a closer look."""
    exchanges_kept: int = 2
    """How many exchanges get a closer look (those that keep the best tiles); with 0, the bot exchanges only when
    it cannot place a tile, keeping the best tiles."""
    samples: int = 5
    """How many guesses of the unseen tiles every candidate is played out against first."""
    halvings: int = 2
    """How many times the better half of the candidates (at least two) is then played out against as many new
    guesses as it has had: each halving doubles their guesses, so the closest candidates get the most. 0 plays
    every candidate against :attr:`samples` guesses and no more."""
    reply_weight: float = 1.0
    """How much the other players' best replies (their average) count against a candidate."""
    follow_weight: float = 1.0
    """How much the bot's own best next move counts for a candidate."""
    leave_weight: float = 1.0
    """How much the worth of the tiles a candidate keeps counts for it, beyond the next move that the
    guesses play out: it stands for the turns after, which they do not reach."""
    play_out_bag: int = 3
    """With at most this many tiles left in the bag, each candidate is played out greedily to the end
    against every guess instead of one reply and one next move: who goes out first decides close games."""
    inference_tries: int = 12
    """How many deals each guess may take to find one in which the player who moved last (if another seat)
    played the best-scoring placement its guessed hand allowed, as the look-ahead expects of replies (see
    :func:`~qwirkle.bots.sampling.sample_states`); 0 deals each guess once."""
    endgame_depth: int = 4
    """With the bag empty and two players, how many turns the endgame search looks ahead before both sides
    play greedily to the end; 0 plays each shortlisted candidate out greedily instead."""
    endgame_width: int = 10
    """How many of its best-scoring placements the endgame search tries for the bot at each of its turns."""
    endgame_reply_width: int = 1
    """How many of the other player's best-scoring placements the endgame search tries at each of theirs:
    1 expects the best-scoring reply, as the look-ahead does; more expects the reply that hurts most."""
    win_bonus: float = 1000.0
    """What a win is worth beyond its margin, in points, where the bot plays each candidate out to the end against
    guesses (with :attr:`play_out_bag` tiles or fewer in the bag): against each guess, a win adds it to the margin
    and a loss takes it away, so that the bot weighs its chance to win against its points. The default, more
    than any margin, plays for the best chance to win first and for points among equal chances; 0 plays for the
    margin alone. The endgame search of two known hands chooses alike whatever the bonus."""
    think: float = 0.0
    """A time budget in seconds for each move, beside the work of :attr:`samples` and :attr:`halvings`, which is
    always done: while time is left, the race goes on halving the candidates (down to two) and doubling the
    guesses of those still in play, each round played only if it is expected to end within the budget (see
    :class:`~qwirkle.bots.race.Clock`). 0, the default, spends no time beyond the work: then the same seed
    gives the same moves on any machine, which a budget in time cannot (see :attr:`timed`). The endgame
    search with the bag empty takes no more time for it."""
    level: int = 0
    """A named strength, from 1, the weakest, to 5: setting it sets the parameters that
    :data:`~qwirkle.bots.levels.LEVELS` gives the level (``strong:level=3`` in a match). Parameters given
    with it in a match entry override the level's, whatever their order. 0, the default, sets none."""
    engine: str = "python"
    """What deals the guesses and plays them out: ``"python"``, the specification; ``"native"``, the native
    engine (:mod:`qwirkle.native`), several times faster, with the same choices; ``"auto"``, the native engine if
    it is installed. ``"native"`` without it raises :class:`ImportError` at the first move. The endgame search
    with the bag empty is worked out by the specification whatever the engine."""

    choices: ClassVar[Mapping[str, tuple[str, ...]]] = {"engine": ENGINES}

    timed: ClassVar[tuple[str, ...]] = ("think",)

    # Fewer placements or samples than one would leave the bot nothing to choose from.
    minimums: ClassVar[Mapping[str, float]] = {
        "placements_kept": 1,
        "exchanges_kept": 0,
        "samples": 1,
        "halvings": 0,
        "play_out_bag": 0,
        "inference_tries": 0,
        "endgame_depth": 0,
        "endgame_width": 1,
        "endgame_reply_width": 1,
        "win_bonus": 0,
        "think": 0,
        "level": 0,
    }
    maximums: ClassVar[Mapping[str, float]] = {"level": max(LEVELS)}

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        if name == "level" and value:
            if not isinstance(value, int) or value not in LEVELS:
                raise BotError(f"the level of a strong bot is one of {', '.join(map(str, LEVELS))}, not {value!r}")
            for key, preset in LEVELS[value].items():
                super().__setattr__(key, preset)

    def _decide(self, view: PlayerView) -> Move:
        # Started first, so that the time spent on the shortlist and the guesses counts against the budget too.
        clock = Clock(self.think) if self.think > 0 else None
        base = sample_state(view)
        if view.bag_size == 0 and len(view.players) == 2 and self.endgame_depth:
            # The bag is empty, so the unseen tiles are the other hand, and the guess without a generator is the truth.
            return self._endgame(base)
        shortlist = self.shortlist(view)
        if not shortlist:
            if not legal_moves(base).can_pass():
                raise BotError(f"no legal move found for {view.players[view.current]}")
            return Pass()
        candidates = [move for move, _ in shortlist]
        if len(candidates) == 1:
            return candidates[0]
        if view.bag_size <= self.play_out_bag:
            return self._play_out(view, candidates, clock)

        def gain(guess: GameState | NativeGame, i: int) -> float:
            return self.gain(view, guess, *shortlist[i])

        return self._race(view, candidates, self.samples, self.halvings, gain, clock)

    def shortlist(self, view: PlayerView) -> list[tuple[Move, float]]:
        """The moves the bot looks at closer, each with the worth of the tiles it would keep.

        Its :attr:`placements_kept` placements that score most with the worth
        of their leave, then, while the bag has tiles, its
        :attr:`exchanges_kept` exchanges that keep the most worth; equals in
        the order of :func:`move_key`. The worth of a leave is in points, from
        the learned table of :func:`leave_shape`'s features.

        >>> from qwirkle import legal_moves, new_game, view
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> shortlist = StrongBot(seed=1).shortlist(view(state, state.current))
        >>> len(shortlist), all(move in legal_moves(state) for move, _ in shortlist)
        (8, True)
        """
        moves = legal_moves(sample_state(view))
        hand = [tile.index for tile in view.hand]
        # The shortlists rank by points plus leave; the look-ahead adds the leave again, as the worth of the
        # turns after the one it plays out.
        ranked: list[tuple[tuple[float, tuple[int, tuple[int, ...]]], Move, float]] = []
        for move, points in moves.scored():
            leave = _leave_of(hand, move)
            ranked.append(((-(points + leave), move_key(move)), move, leave))
        ranked.sort(key=lambda item: item[0])
        shortlist = ranked[: self.placements_kept]
        # With nothing to place, a turn that is not a pass is an exchange: one is kept even at exchanges_kept=0.
        exchanges = self.exchanges_kept or (0 if shortlist else 1)
        if view.bag_size and exchanges:
            swaps = []
            for swap in moves.exchanges():
                leave = _leave_of(hand, swap)
                swaps.append(((-leave, move_key(swap)), swap, leave))
            swaps.sort(key=lambda item: item[0])
            shortlist += swaps[:exchanges]
        return [(move, leave) for _, move, leave in shortlist]

    def gain(self, view: PlayerView, guess: GameState | NativeGame, move: Move, leave: float) -> float:
        """What ``move`` gains the bot against one guess of the game, in points.

        Its points, less the other players' best replies (their average,
        times :attr:`reply_weight`), plus the points of the bot's own best next
        move (times :attr:`follow_weight`), plus ``leave``, the worth of the
        tiles it keeps (times :attr:`leave_weight`). The look-ahead adds it up
        over the guesses of each candidate of :meth:`shortlist`. The guess is
        one that :func:`~qwirkle.bots.sampling.sample_states` deals, or a
        :class:`~qwirkle.native.NativeGame` of one, which gives the same gain,
        faster, and is left as it was.

        >>> import random
        >>> from qwirkle import new_game, view
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> seen = view(state, state.current)
        >>> bot = StrongBot(seed=1)
        >>> (move, leave), guess = bot.shortlist(seen)[0], sample_state(seen, random.Random(2))
        >>> kept, spent = bot.gain(seen, guess, move, leave), bot.gain(seen, guess, move, 0.0)
        >>> round(kept - spent, 9) == round(bot.leave_weight * leave, 9), leave > 0
        (True, True)
        """
        me = view.seat
        opponents = len(view.players) - 1
        if isinstance(guess, NativeGame):
            return self._native_gain(guess, me, opponents, move, leave)
        state = apply(guess, move)
        value = state.scores[me] - guess.scores[me] + self.leave_weight * leave
        # The others reply in turn, each with their best placement; their gains count against the move.
        while state.outcome is None and state.current != me:
            before = state.scores[state.current]
            state = apply(state, _greedy_move(state))
            value -= self.reply_weight * (state.scores[state.history[-1].seat] - before) / opponents
        if state.outcome is None:
            value += self.follow_weight * max(legal_moves(state).top_points(), 0)
        return value

    def _native_gain(self, guess: NativeGame, me: int, opponents: int, move: Move, leave: float) -> float:
        """:meth:`gain` on the native engine, adding up the same terms in the same order."""
        game = guess.clone()
        start = game.scores[me]
        game.apply(move)
        value = game.scores[me] - start + self.leave_weight * leave
        while not game.is_over() and game.current != me:
            seat = game.current
            before = game.scores[seat]
            game.apply_greedy()
            value -= self.reply_weight * (game.scores[seat] - before) / opponents
        if not game.is_over():
            value += self.follow_weight * max(game.top_points(), 0)
        return value

    def _play_out(self, view: PlayerView, candidates: Sequence[Move], clock: Clock | None) -> Move:
        """The candidate whose ending is worth most to the bot when everyone plays greedily to the end: a win first."""
        me = view.seat
        # With two players and the bag empty, the one unseen hand is known: one guess is the truth. With the
        # bag empty and more players, the guesses differ only in how the unseen tiles are split between hands.
        if view.bag_size:
            guesses, halvings = self.samples, self.halvings
        elif len(view.players) == 2:
            guesses, halvings, clock = 1, 0, None
        else:
            # At least one, or no candidate would be played out at all and the first would win unseen.
            guesses, halvings = max(1, self.samples // 2), self.halvings

        def gain(guess: GameState | NativeGame, i: int) -> float:
            if isinstance(guess, NativeGame):
                game = guess.clone()
                game.apply(candidates[i])
                while not game.is_over():
                    game.apply_greedy()
                scores = game.scores
            else:
                state = apply(guess, candidates[i])
                while state.outcome is None:
                    state = apply(state, _greedy_move(state))
                scores = state.scores
            margin = scores[me] - max(points for seat, points in enumerate(scores) if seat != me)
            return _ending_worth(margin, self.win_bonus)

        return self._race(view, candidates, guesses, halvings, gain, clock)

    def _race(
        self,
        view: PlayerView,
        candidates: Sequence[Move],
        first: int,
        halvings: int,
        gain: Callable[[GameState | NativeGame, int], float],
        clock: Clock | None = None,
    ) -> Move:
        """The candidate with the best total ``gain`` over its guesses, as :func:`halving_race` runs them.

        With a ``clock``, the race goes on while it allows, and its guesses
        are dealt as the rounds need them.
        """
        native = self._native()
        base = _native_base(view) if native else None
        guesses: list[GameState | NativeGame] = []

        def deal(count: int) -> None:
            # The guesses of sample_states(view, self._rng, count, tries=...), checked and dealt natively if asked.
            for dealt in _deals(view, self._rng, count, self.inference_tries, native):
                guesses.append(_guess(view, dealt) if base is None else base.dealt_as(*dealt))

        deal(first << halvings)

        def guess_gain(g: int, i: int) -> float:
            if g >= len(guesses):
                # A round past the budget in work units doubles the guesses played so far.
                deal(len(guesses))
            return gain(guesses[g], i)

        return candidates[halving_race(len(candidates), first, halvings, guess_gain, clock)]

    def _native(self) -> bool:
        """Whether to play the guesses out on the native engine; :class:`ImportError` if it is asked for and missing."""
        if self.engine == "python":
            return False
        if self.engine == "native":
            native_module()
            return True
        if self.engine == "auto":
            return available()
        raise BotError(f"the engine of a strong bot is one of {', '.join(ENGINES)}, not {self.engine!r}")

    def _endgame(self, state: GameState) -> Move:
        """The placement that leaves the bot furthest ahead at the end, searched with both hands known.

        For :attr:`endgame_depth` turns the bot tries its
        :attr:`endgame_width` best-scoring placements and the other player
        its :attr:`endgame_reply_width` best, each side also every placement
        that goes out, since going out ends the game (Rule END-2) and scores
        the end bonus (Rule SCORE-8) however few points it makes; each side
        takes what leaves it furthest ahead. From there both play greedily to
        the end.
        """
        return _best_finish(state, self.endgame_depth, (self.endgame_width, self.endgame_reply_width))


def _native_base(view: PlayerView) -> NativeGame | None:
    """The view as a native game to deal the guesses into, or ``None`` for a table near the edge, which it refuses."""
    try:
        return NativeGame.from_state(sample_state(view))
    except ValueError:
        return None
