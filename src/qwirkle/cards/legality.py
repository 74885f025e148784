"""Whether a move of Qwirkle Cards is legal: the checks, each naming the rule it enforces."""

from __future__ import annotations

from collections import Counter

from qwirkle.cards.endings import CardsOutcome
from qwirkle.cards.lays import can_lay, opening_sets
from qwirkle.cards.moves import CardsMove, Lay, Pass, Redraw
from qwirkle.cards.ruleset import BlockedAction
from qwirkle.cards.scoring import CardsScore
from qwirkle.cards.series import mask_of, series_fault
from qwirkle.cards.state import CardsState, expect_state
from qwirkle.errors import IllegalMoveError, QwirkleError, not_a_move, not_your_turn
from qwirkle.rules.catalogue import Rule
from qwirkle.tiles import Tile

__all__ = ["check_game_on", "is_legal", "score", "verify"]


def check_game_on(outcome: CardsOutcome | None) -> None:
    """Refuse a move, or a resignation, once the game is over, with the rule that ended it.

    >>> from qwirkle.cards.endings import CardsEndReason, outcome_of
    >>> check_game_on(outcome_of(CardsEndReason.BLOCKED, (1, 0)))
    Traceback (most recent call last):
        ...
    qwirkle.errors.IllegalMoveError: CARDS-7: the game is over: every player passed in turn
    """
    if outcome is not None:
        raise IllegalMoveError(outcome.reason.rule, f"the game is over: {outcome.reason.words}")


def verify(state: CardsState, move: CardsMove, *, seat: int | None = None) -> CardsScore:
    """Check ``move`` for the player to move, and return what it does.

    Raises :class:`~qwirkle.IllegalMoveError` naming the first rule broken.
    Rule CARDS-6: the cards played come from the hand, at least one of them;
    every card that was on the table is still on it, and no other card is;
    every series is valid and holds ``cards_min_set`` to 6 cards (with Rule
    CARDS-3). Rule CARDS-5: with ``cards_opening_must_play_max``, the opening
    is one largest series of the hand. Rule CARDS-7: a player passes or
    redraws only when no card can be laid. Rules CARDS-7 and CARDS-10: nothing
    can be played once the game is over. Rule START-7: turns go round in seat
    order, so a move given for ``seat`` is refused when another seat is to
    move.

    >>> from qwirkle.cards import Lay, position
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    >>> verify(state, Lay("Rc", ["Ro Rs Rd Rc"])).total
    0
    >>> verify(state, Lay("Bo Bs", ["Ro Rs Rd", "Bo Bs"]))
    Traceback (most recent call last):
    ...
    qwirkle.errors.IllegalMoveError: CARDS-6: a series of 2 cards is too short: a series holds at least 3
    """
    expect_state(state)
    check_game_on(state.outcome)
    if seat is not None and seat != state.current:
        raise not_your_turn(state.players, state.current, seat)
    if isinstance(move, Lay):
        return _verify_lay(state, move)
    if isinstance(move, (Pass, Redraw)):
        _verify_blocked(state, move)
        return CardsScore()
    raise not_a_move(move, "Lay, Pass or Redraw", parser=None)


def _verify_lay(state: CardsState, move: Lay) -> CardsScore:
    """Rules CARDS-3, CARDS-5, CARDS-6: see :func:`verify`."""
    hand = Counter(state.hand)
    played = Counter(move.played)
    for card, n in played.items():
        if hand[card] < n:
            held = f"you hold {hand[card]}" if hand[card] else "it is not in your hand"
            raise IllegalMoveError(Rule.CARDS_6, f"the {card} is played {n} time(s) but {held}")
    before: Counter[Tile] = Counter()
    for series in state.table:
        before.update(series)
    after: Counter[Tile] = Counter()
    for series in move.table:
        after.update(series)
    for card, n in before.items():
        if after[card] < n:
            raise IllegalMoveError(
                Rule.CARDS_6, f"a {card} on the table has vanished: cards on the table stay on the table"
            )
    expected = before + played
    for card, n in after.items():
        if n > expected[card]:
            raise IllegalMoveError(Rule.CARDS_6, f"a {card} appears on the table but was neither there nor played")
    for card, n in expected.items():
        if after[card] < n:
            raise IllegalMoveError(Rule.CARDS_6, f"the {card} played is not on the table")
    min_set = state.rules.cards_min_set
    for series in move.table:
        fault = series_fault([card.index for card in series], min_set)
        if fault is not None:
            raise IllegalMoveError(*fault)
    opening = opening_sets(state)
    if opening is not None:
        masks = [mask_of(card.index for card in series) for series in move.table]
        if len(masks) != 1 or masks[0] not in opening:
            raise IllegalMoveError(
                Rule.CARDS_5, "the opening must be one largest series of your hand (cards_opening_must_play_max)"
            )
    return CardsScore.of(move)


def _verify_blocked(state: CardsState, move: Pass | Redraw) -> None:
    """Rule CARDS-7: only a player who cannot lay a card passes or redraws, as the options say."""
    redraw = state.rules.cards_blocked_action is BlockedAction.REDRAW_HAND
    if isinstance(move, Redraw):
        if not redraw:
            raise IllegalMoveError(Rule.CARDS_7, "a player who cannot lay a card passes (cards_blocked_action)")
        if state.redrawn:
            raise IllegalMoveError(Rule.CARDS_7, "a hand is redrawn only once a turn")
        if not state.deck:
            raise IllegalMoveError(Rule.CARDS_7, "the deck is empty, so there is nothing to redraw from")
    elif redraw and not state.redrawn and state.deck:
        raise IllegalMoveError(Rule.CARDS_7, "a player who cannot lay a card redraws first (cards_blocked_action)")
    if can_lay(state):
        raise IllegalMoveError(Rule.CARDS_7, "you can lay a card, so you must")


def is_legal(state: CardsState, move: CardsMove, *, seat: int | None = None) -> bool:
    """Whether ``move`` is legal for the player to move (and, if given, is played by ``seat``).

    >>> from qwirkle.cards import Pass, new_game
    >>> is_legal(new_game(["Ann", "Bob"], seed=7), Pass())
    False
    """
    try:
        verify(state, move, seat=seat)
    except QwirkleError:
        return False
    return True


def score(state: CardsState, move: CardsMove) -> CardsScore:
    """What ``move`` would do for the player to move: the cards laid and the Qwirkles claimed.

    Raises :class:`~qwirkle.IllegalMoveError` if the move is illegal.

    >>> from qwirkle.cards import most_qwirkles, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> score(state, most_qwirkles(state)).total
    0
    """
    return verify(state, move)
