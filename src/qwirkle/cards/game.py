"""The flow of Qwirkle Cards: playing a move, and the end of the game."""

from __future__ import annotations

from collections import Counter

import attrs

from qwirkle.cards.ending import CardsEndReason, end_reason, left_game, outcome_of
from qwirkle.cards.legality import check_game_on, verify
from qwirkle.cards.moves import CardsMove, Lay, Redraw
from qwirkle.cards.rules import SERIES_MAX
from qwirkle.cards.state import CardsState, expect_state
from qwirkle.cards.turns import CardsTurn
from qwirkle.rng import shuffle

__all__ = ["apply", "is_over", "resign"]


def is_over(state: CardsState) -> bool:
    """Whether the game has ended; :attr:`CardsState.outcome` then says how.

    >>> from qwirkle.cards import new_game
    >>> is_over(new_game(["Ann", "Bob"], seed=7))
    False
    """
    return expect_state(state).outcome is not None


def apply(state: CardsState, move: CardsMove, *, seat: int | None = None) -> CardsState:
    """Play ``move`` for the player to move (who must be ``seat``, if given) and return the new state.

    ``state`` is unchanged. An illegal move raises
    :class:`~qwirkle.IllegalMoveError` naming the rule it breaks (see
    :func:`~qwirkle.cards.verify`). After a lay, every series of six leaves
    the table and goes to the mover (Rule CARDS-8) and the mover refills to
    ``cards_hand_size`` (Rule CARDS-2). The turn that draws the last card
    starts the final round: each player has one more turn, the one who
    emptied the deck last, with no more drawing (Rule CARDS-10). A redraw
    shuffles the hand into the deck and deals a new hand of the same size,
    and the same player plays on (Rule CARDS-7). The game also ends when
    every player has passed in turn (see :func:`~qwirkle.cards.ending.end_reason`).

    >>> from qwirkle.cards import most_cards, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> after = apply(state, most_cards(state))
    >>> after.current != state.current, len(after.hand), len(after.deck) < len(state.deck)
    (True, 9, True)
    """
    result = verify(state, move, seat=seat)
    mover = state.current
    n = len(state.players)
    if isinstance(move, Redraw):
        rng, deck = shuffle(state.rng, state.deck + state.hand)
        size = len(state.hand)
        hands = list(state.hands)
        hands[mover] = tuple(sorted(deck[len(deck) - size :]))
        return attrs.evolve(
            state,
            hands=tuple(hands),
            deck=deck[: len(deck) - size],
            rng=rng,
            redrawn=True,
            history=(*state.history, CardsTurn(mover, move, result, size)),
        )
    hands = list(state.hands)
    deck = state.deck
    table = state.table
    qwirkles = list(state.qwirkles)
    passes = state.passes + 1
    final_turns = state.final_turns
    drew = 0
    if isinstance(move, Lay):
        passes = 0
        rest = Counter(state.hand)
        rest.subtract(move.played)
        hand = sorted(rest.elements())
        claimed = move.qwirkles
        table = tuple(series for series in move.table if len(series) != SERIES_MAX)
        if claimed:
            qwirkles[mover] = tuple(sorted(qwirkles[mover] + claimed))
        if deck:
            drew = min(state.rules.cards_hand_size - len(hand), len(deck))
            hand.extend(deck[len(deck) - drew :])
            deck = deck[: len(deck) - drew]
            if not deck:
                # This turn is counted down below like any other, which leaves one more turn for each
                # player, the emptier's coming last (Rule CARDS-10).
                final_turns = n + 1
        hands[mover] = tuple(sorted(hand))
    if final_turns is not None:
        final_turns -= 1
    claimed_by_seat = tuple(qwirkles)
    reason = end_reason(final_turns, passes, n)
    return attrs.evolve(
        state,
        table=table,
        hands=tuple(hands),
        deck=deck,
        qwirkles=claimed_by_seat,
        current=(mover + 1) % n,
        history=(*state.history, CardsTurn(mover, move, result, drew)),
        redrawn=False,
        passes=passes,
        final_turns=final_turns,
        outcome=None if reason is None else outcome_of(reason, [len(won) for won in claimed_by_seat]),
    )


def resign(state: CardsState, seat: int, reason: CardsEndReason = CardsEndReason.RESIGNED) -> CardsState:
    """End the game because ``seat`` resigned, ran out of time or forfeited; ``state`` is unchanged.

    The convention of the tile game's :func:`qwirkle.resign`: the game ends
    at once, the Qwirkles claimed stand, the seat that left does not win,
    and among the others the most Qwirkles wins (Rule CARDS-11). A finished
    game cannot end again (:class:`~qwirkle.IllegalMoveError`).

    >>> from qwirkle.cards import new_game
    >>> final = resign(new_game(["Ann", "Bob"], seed=7), 0)
    >>> final.outcome.reason, final.outcome.winners
    (<CardsEndReason.RESIGNED: 'resigned'>, (1,))
    """
    expect_state(state)
    check_game_on(state.outcome)
    return attrs.evolve(state, outcome=left_game(reason, seat, state.scores))
