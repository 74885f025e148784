"""Bots for Qwirkle Cards, and a loop that plays a whole game between them.

A bot decides from a :class:`~qwirkle.cards.CardsPlayerView`, so it sees only what
its player may know. Bots keep their own seeded random state (they are the
only mutable values of the package), so the same seeds always play the same
game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol

from qwirkle._rng import below, seed_state, shuffle
from qwirkle.cards._search.plans import can_lay_between, plan_for, sub_multisets
from qwirkle.cards._strong import SAMPLES, best_lay
from qwirkle.cards.game import apply, is_over, new_game
from qwirkle.cards.lays import blocked_move, can_lay, most_qwirkles, opening_lay, opening_sets, table_counts
from qwirkle.cards.moves import CardsMove, Lay
from qwirkle.cards.ruleset import CardsRuleSet
from qwirkle.cards.series import counts_of, table_from_masks
from qwirkle.cards.state import CardsState
from qwirkle.cards.views import CardsPlayerView, CardsSpectatorView
from qwirkle.errors import InvalidOptionsError
from qwirkle.tiles import ALL_TILES

__all__ = ["Bot", "GreedyBot", "RandomBot", "StrongBot", "run_game"]


class Bot(Protocol):
    """Anything with a name that picks a legal move for the player of a view.

    >>> bots: list[Bot] = [RandomBot(seed=1), GreedyBot()]
    >>> [bot.name for bot in bots]
    ['random', 'greedy']
    """

    name: str

    def choose(self, view: CardsPlayerView) -> CardsMove:
        """A legal move for the viewer, whose turn it is."""
        ...


_LISTED: Final = 512
"""Most sets of cards a hand may offer for the random bot to list them all: a hand of nine (the standard) has 512."""


class RandomBot:
    """Lays a random set of cards that can be laid, or does what a blocked player does.

    With a hand of at most 512 distinct sets of cards (nine cards or fewer),
    it takes them in a seeded random order and lays the first set that can
    be laid (Rule CARDS-6), arranged by an exact search: every set that can
    be laid is as likely to be chosen. A larger hand would offer millions of
    sets (26 cards, 67 million): it then decides card by card, in a random
    order, how many copies to lay, taking at random among the counts that
    still leave a lay (an exact search answers each without listing), so
    that every set that can be laid may be chosen, after a number of searches
    that grows with the hand. When no card can be laid it passes or redraws
    (Rule CARDS-7).

    >>> from qwirkle.cards import new_game, is_legal
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> is_legal(state, RandomBot(seed=1).choose(state.view()))
    True
    """

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self._rng = seed_state(seed)

    def choose(self, view: CardsPlayerView) -> CardsMove:
        """A random legal move for the viewer."""
        _expect_player(view)
        if not can_lay(view):
            return blocked_move(view)
        opening = opening_sets(view)
        if opening is not None:
            self._rng, pick = below(self._rng, len(opening))
            return opening_lay(opening[pick])
        hand = counts_of(view.hand)
        min_set = view.rules.cards_min_set
        table = table_counts(view.table)
        sets = 1
        for copies in hand:
            sets *= copies + 1
        if sets > _LISTED:
            return self._lay(table, self._descend(table, hand, min_set), min_set)
        subsets = [sub for sub in sub_multisets(hand) if any(sub)]
        self._rng, order = shuffle(self._rng, subsets)
        for laid in order:
            plan = plan_for(table, laid, min_set)
            if plan is not None:
                return self._lay(table, laid, min_set)
        raise AssertionError("a card can be laid, but no set of cards could be")

    def _descend(self, table: list[int], hand: list[int], min_set: int) -> list[int]:
        """A set of cards that can be laid, decided one card at a time in a random order (see the class)."""
        low = [0] * 36
        high = list(hand)
        self._rng, kinds = shuffle(self._rng, [k for k in range(36) if hand[k]])
        for k in kinds:
            self._rng, counts = shuffle(self._rng, range(hand[k] + 1))
            for copies in counts:
                low[k] = high[k] = copies
                if can_lay_between(table, low, high, min_set):
                    break
            else:
                raise AssertionError("a card can be laid, but no count of it leaves a lay")
        return low

    @staticmethod
    def _lay(table: list[int], laid: list[int], min_set: int) -> Lay:
        plan = plan_for(table, laid, min_set)
        if plan is None:
            raise AssertionError("a set of cards that can be laid found no arrangement")
        played = tuple(ALL_TILES[k] for k in range(36) for _ in range(laid[k]))
        return Lay.from_canonical(played, table_from_masks(plan.series))


class GreedyBot:
    """Makes the most Qwirkles it can, then lays the most cards it can.

    Rules CARDS-8 and CARDS-9: Qwirkles are the score, so it plays the move
    of :func:`~qwirkle.cards.most_qwirkles`; when no card can be laid it
    passes or redraws (Rule CARDS-7).

    >>> from qwirkle.cards import new_game, is_legal
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> is_legal(state, GreedyBot().choose(state.view()))
    True
    """

    def __init__(self, name: str = "greedy") -> None:
        self.name = name

    def choose(self, view: CardsPlayerView) -> CardsMove:
        """The greediest legal move for the viewer."""
        _expect_player(view)
        move = most_qwirkles(view)
        return blocked_move(view) if move is None else move


class StrongBot:
    """Makes the most Qwirkles it can, laying what leaves the next player the fewest Qwirkles to make.

    Qwirkles are the score (Rules CARDS-8 and CARDS-9), and cards laid on the
    table are there for everyone. Among a few candidate lays (the greedy
    bot's, the smallest lays that keep its Qwirkles, and on a turn without a
    Qwirkle each card that can be laid alone) it plays the one worth the
    most: its Qwirkles, less the Qwirkles the next player could make after
    it, averaged over ``samples`` hands dealt from the cards the bot cannot
    see, less a little for each card laid. It decides from its player's view
    alone, never the deck order or another hand: given a state, it looks at
    the view of the player to move. The same seed and view always give the
    same move. When no card can be laid it passes or redraws (Rule CARDS-7).

    >>> from qwirkle.cards import new_game, is_legal
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> is_legal(state, StrongBot(seed=1).choose(state.view()))
    True
    """

    def __init__(self, seed: int = 0, name: str = "strong", samples: int = SAMPLES) -> None:
        if type(samples) is not int:
            raise TypeError(f"samples is a number of hands, an int, not {type(samples).__name__}")
        if samples < 1:
            raise InvalidOptionsError(f"a strong bot deals at least one hand to judge a lay by, not {samples}")
        self.name = name
        self.seed = seed
        self.samples = samples

    def choose(self, view: CardsPlayerView | CardsState) -> CardsMove:
        """The strongest legal move this bot finds for the viewer (for a state, the player to move)."""
        _expect_player(view)
        seen = view.view() if isinstance(view, CardsState) else view
        if not can_lay(seen):
            return blocked_move(seen)
        move = best_lay(seen, self.seed, self.samples)
        return blocked_move(seen) if move is None else move


def _expect_player(view: object) -> None:
    """A ``TypeError`` unless ``view`` is a player's view or a state: a spectator holds no hand to decide from."""
    if isinstance(view, CardsSpectatorView):
        raise TypeError("a bot decides from a player's view, CardsState.view(seat); a spectator's holds no hand")
    if not isinstance(view, (CardsPlayerView, CardsState)):
        raise TypeError(f"a bot decides from a player's view, CardsState.view(seat), not a {type(view).__name__}")


def run_game(
    bots: Sequence[Bot],
    *,
    seed: int = 0,
    rules: CardsRuleSet | None = None,
    on_move: Callable[[CardsState, CardsMove, CardsState], None] | None = None,
) -> CardsState:
    """Play a whole game between ``bots`` (one per seat) and return the final state.

    Each bot sees only its own view. ``on_move`` is called after every move
    with the state before, the move and the state after.

    >>> final = run_game([RandomBot(seed=1), GreedyBot()], seed=3)
    >>> is_over(final), len(final.outcome.qwirkles)
    (True, 2)
    """
    state = new_game([bot.name for bot in bots], seed=seed, rules=rules)
    while not is_over(state):
        move = bots[state.current].choose(state.view())
        after = apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state
