"""The search behind the strong Qwirkle Cards bot: a few candidate lays, each judged by the replies it leaves.

Qwirkles are the whole score, and the table is everyone's: every card laid
there may end in the next player's Qwirkle. So the bot makes as many
Qwirkles as it can this turn, and among the lays that do, weighs how many
Qwirkles the next player could then make. It cannot see that player's hand:
it deals the cards it cannot see (the deck and the other hands, as one pool)
into a sample of hands, and for each candidate asks, in each sampled hand,
for the most Qwirkles an exact search finds. The same sample judges every
candidate, so that the candidates differ by what they leave, not by luck.

The candidates are the lay with the most Qwirkles then the most cards (what
the greedy bot plays), the smallest lays that keep its Qwirkles (cards
taken back one at a time, in a few orders, while the Qwirkles stay), and,
on a turn with no Qwirkle to make, each card that can be laid alone.
Everything here reads the player's view only: the table, the own hand, the
Qwirkles claimed and the hand sizes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from qwirkle._rng import seed_state, shuffle
from qwirkle.cards._search.lines import LINE_CELLS
from qwirkle.cards._search.plans import Goal, Plan, best_plan, plan_for
from qwirkle.cards._search.solver import Solver
from qwirkle.cards.lays import opening_lay, opening_sets, table_counts
from qwirkle.cards.moves import Lay
from qwirkle.cards.ruleset import COPIES, SERIES_MAX
from qwirkle.cards.series import counts_of, table_from_masks
from qwirkle.cards.views import CardsPlayerView
from qwirkle.tiles import ALL_TILES

__all__ = ["SAMPLES", "best_lay", "unseen_counts"]

SAMPLES: Final = 16
"""Hands dealt to the next player from the unseen cards, by default, to judge each candidate."""
ORDERS: Final = 3
"""Orders in which cards are taken back from the greediest lay to find smaller lays with its Qwirkles."""
CARD_COST: Final = 0.01
"""What one more card laid costs a candidate, all else equal: a card kept is a card no one else can use."""


class _QwirkleCount(Solver):
    """The exact search, counting Qwirkles alone: the cards laid only break no tie, so more branches are cut."""

    def _value(self, cards: int, qwirkles: int) -> int:
        return qwirkles


def most_qwirkles_of(table: Sequence[int], hand: Sequence[int], min_set: int) -> int:
    """The most Qwirkles a player holding ``hand`` (counts) can make on ``table`` (counts) in one lay.

    A line can only become a Qwirkle if each of its six cards is on the table
    or in the hand; when no line can, the answer is 0 without a search.

    >>> table, hand = [0] * 36, [0] * 36
    >>> table[0] = table[1] = table[2] = 1
    >>> hand[3] = hand[4] = hand[5] = 1
    >>> most_qwirkles_of(table, hand, 3), most_qwirkles_of(table, [0] * 36, 3)
    (1, 0)
    """
    if not any(all(table[k] or hand[k] for k in cells) for cells in LINE_CELLS):
        return 0
    high = [a + b for a, b in zip(table, hand, strict=True)]
    found = _QwirkleCount(table, high, min_set, qwirkles=True, first=False).solve(-1, sum(table) + 1)
    return 0 if found is None else found[0]


def unseen_counts(view: CardsPlayerView) -> list[int]:
    """How many copies of each card the viewer cannot see: those in the deck and in the other hands.

    >>> from qwirkle.cards import new_game
    >>> view = new_game(["Ann", "Bob"], seed=7).view(0)
    >>> sum(unseen_counts(view)) == view.deck_size + view.hand_sizes[1]
    True
    """
    out = [COPIES] * 36
    for k, copies in enumerate(table_counts(view.table)):
        out[k] -= copies
    for card in view.hand:
        out[card.index] -= 1
    for won in view.qwirkles:
        for series in won:
            for card in series:
                out[card.index] -= 1
    return out


class _Candidate:
    """A lay the bot considers: the move, the Qwirkles it makes, the cards it lays and the table it leaves."""

    __slots__ = ("after", "cards", "move", "qwirkles")

    def __init__(self, move: Lay, qwirkles: int, cards: int, after: list[int]) -> None:
        self.move = move
        self.qwirkles = qwirkles
        self.cards = cards
        self.after = after


def _from_plan(table: Sequence[int], plan: Plan) -> _Candidate:
    laid = plan.laid
    after = [t + n for t, n in zip(table, laid, strict=True)]
    for mask in plan.series:
        if mask.bit_count() == SERIES_MAX:
            for k in range(36):
                after[k] -= mask >> k & 1
    played = tuple(ALL_TILES[k] for k in range(36) for _ in range(laid[k]))
    return _Candidate(Lay.from_canonical(played, table_from_masks(plan.series)), plan.qwirkles, plan.cards, after)


def _smallest(table: Sequence[int], laid: Sequence[int], qwirkles: int, min_set: int, order: Sequence[int]) -> Plan:
    """A lay of part of ``laid`` that still makes ``qwirkles`` Qwirkles, from which no card can be taken back."""
    keep = list(laid)
    plan: Plan | None = None
    for k in order:
        while keep[k] and sum(keep) > 1:
            keep[k] -= 1
            trial = plan_for(table, keep, min_set)
            if trial is None or trial.qwirkles < qwirkles:
                keep[k] += 1
                break
            plan = trial
    if plan is None:
        plan = plan_for(table, keep, min_set)
    if plan is None:
        raise AssertionError("a lay the search found has no arrangement")
    return plan


def _candidates(view: CardsPlayerView, rng: int) -> tuple[int, list[_Candidate]]:
    """The lays worth judging, the greediest first, each once; and the random state after choosing them."""
    min_set = view.rules.cards_min_set
    table = table_counts(view.table)
    opening = opening_sets(view)
    if opening is not None:
        # The opening must be one largest series: each is a candidate, and lays it alone.
        return rng, [_opening(mask) for mask in opening]
    hand = counts_of(view.hand)
    greediest = best_plan(table, hand, min_set, Goal.QWIRKLES)
    if greediest is None:
        return rng, []
    plans = [greediest]
    orders: list[Sequence[int]] = [range(36), range(35, -1, -1)]
    for _ in range(ORDERS - 2):
        rng, shuffled = shuffle(rng, range(36))
        orders.append(shuffled)
    for order in orders:
        plans.append(_smallest(table, greediest.laid, greediest.qwirkles, min_set, order))
    if greediest.qwirkles == 0:
        for k in range(36):
            if hand[k]:
                alone = [0] * 36
                alone[k] = 1
                plan = plan_for(table, alone, min_set)
                if plan is not None:
                    plans.append(plan)
    seen: set[tuple[int, ...]] = set()
    out: list[_Candidate] = []
    for plan in plans:
        key = tuple(plan.laid)
        if key not in seen:
            seen.add(key)
            out.append(_from_plan(table, plan))
    return rng, out


def _opening(mask: int) -> _Candidate:
    move = opening_lay(mask)
    after = [0] * 36 if mask.bit_count() == SERIES_MAX else [mask >> k & 1 for k in range(36)]
    return _Candidate(move, len(move.qwirkles), mask.bit_count(), after)


def _last_turn(view: CardsPlayerView) -> bool:
    """Whether the game ends with this move, so that nobody plays on the table it leaves."""
    return view.final_turns is not None and view.final_turns <= 1


def best_lay(view: CardsPlayerView, seed: int, samples: int = SAMPLES) -> Lay | None:
    """The candidate lay worth the most: its Qwirkles less the next player's, less a little for each card laid.

    ``None`` when no card can be laid. The same view and seed always give
    the same lay: the samples are dealt by a random state drawn from the
    seed and the turn number.

    >>> from qwirkle.cards import is_legal, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> is_legal(state, best_lay(state.view(), seed=1))
    True
    """
    rng = seed_state(seed * 1_000_003 + view.turn_number * 7 + view.seat)
    rng, candidates = _candidates(view, rng)
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0].move
    hands: list[list[int]] = []
    if not _last_turn(view):
        nxt = (view.seat + 1) % len(view.players)
        size = view.hand_sizes[nxt]
        pool = [k for k, copies in enumerate(unseen_counts(view)) for _ in range(copies)]
        for _ in range(samples):
            rng, dealt = shuffle(rng, pool)
            hands.append(counts_of_indices(dealt[:size]))
    min_set = view.rules.cards_min_set
    best: tuple[float, Lay] | None = None
    for candidate in candidates:
        replies = sum(most_qwirkles_of(candidate.after, hand, min_set) for hand in hands)
        value = candidate.qwirkles - (replies / len(hands) if hands else 0.0) - CARD_COST * candidate.cards
        if best is None or value > best[0]:
            best = (value, candidate.move)
    return None if best is None else best[1]


def counts_of_indices(indices: Sequence[int]) -> list[int]:
    """How many times each card index occurs in ``indices``.

    >>> counts_of_indices([0, 0, 5])[:6]
    [2, 0, 0, 0, 0, 1]
    """
    out = [0] * 36
    for k in indices:
        out[k] += 1
    return out
