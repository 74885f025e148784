"""States of Qwirkle Cards built by hand: setting one up, and checking it against the rules.

The engine builds its states with the plain constructor of
:class:`~qwirkle.cards.CardsState`, which stores the fields as given; a state
that comes from outside goes through :func:`check_state` once, here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Any

import attrs

from qwirkle.cards.ending import CardsEndReason, CardsOutcome, end_reason, left_game, outcome_of
from qwirkle.cards.moves import parse_cards
from qwirkle.cards.rules import COPIES, DECK_SIZE, MAX_PLAYERS, MIN_PLAYERS, SERIES_MAX, CardsRuleSet
from qwirkle.cards.series import Table, canonical_table, series_fault
from qwirkle.cards.state import CardsState
from qwirkle.cards.turns import CardsTurn
from qwirkle.catalogue import Rule
from qwirkle.errors import InvalidStateError, brief
from qwirkle.rng import MAX_RNG, check_seed, seed_state, shuffle
from qwirkle.tiles import ALL_TILES, Tile, tiles_left

__all__ = ["check_players", "check_state", "position"]


def check_players(players: object) -> tuple[str, ...]:
    """The names of the players, if there are 2 to 4 of them (Rule CARDS-2).

    >>> check_players(["Ann"])
    Traceback (most recent call last):
    ...
    qwirkle.errors.InvalidStateError: 1 players: Qwirkle Cards takes 2 to 4 (Rule CARDS-2)
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidStateError("players must be a sequence of names")
    if not all(isinstance(name, str) for name in players):
        raise InvalidStateError("players must be a sequence of names")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidStateError(
            f"{len(players)} players: Qwirkle Cards takes {MIN_PLAYERS} to {MAX_PLAYERS}", Rule.CARDS_2
        )
    return tuple(players)


def _cards(value: Any, what: str) -> tuple[Tile, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of cards, not {brief(value)}")
    for card in value:
        if not isinstance(card, Tile):
            raise InvalidStateError(f"{what} holds {brief(card)}, which is not a card")
    return tuple(value)


def _series_list(value: Any, what: str) -> Table:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of series, not {brief(value)}")
    return canonical_table(_cards(series, f"a series of {what}") for series in value)


def _collection(value: object, what: str, most: int) -> tuple[Any, ...]:
    """The items of ``value``, a collection (not text) of at most ``most`` items, or InvalidStateError.

    An iterable is read no further than that, so that an endless one is refused too.
    """
    if isinstance(value, (str, bytes, Tile)) or not isinstance(value, Iterable):
        raise InvalidStateError(f"{what} must be a collection, not {brief(value)}")
    items = tuple(islice(value, most + 1))
    if len(items) > most:
        raise InvalidStateError(f"{what} holds more than {most} items")
    return items


def _count(value: object, name: str, low: int) -> int:
    if type(value) is not int or value < low:
        raise InvalidStateError(f"{name} must be an int of at least {low}, not {brief(value)}")
    return value


def _check_table(table: Table, rules: CardsRuleSet) -> None:
    """Rules CARDS-3, CARDS-6, CARDS-8: every series on the table is valid, and none is a Qwirkle left behind."""
    for series in table:
        fault = series_fault([c.index for c in series], rules.cards_min_set)
        if fault is not None:
            raise InvalidStateError(f"the table holds an invalid series: {fault[1]} ({fault[0].value})")
        if len(series) == SERIES_MAX:
            raise InvalidStateError("a series of six on the table should have been claimed", Rule.CARDS_8)


def _check_claimed(qwirkles: object, players: int) -> tuple[Table, ...]:
    """Rule CARDS-8: what each seat has claimed are Qwirkles, series of all six cards of a line."""
    if isinstance(qwirkles, str) or not isinstance(qwirkles, Sequence) or len(qwirkles) != players:
        raise InvalidStateError("qwirkles must hold one sequence of claimed series per player")
    claimed = []
    for won in qwirkles:
        series_t = _series_list(won, "claimed Qwirkles")
        for series in series_t:
            if len(series) != SERIES_MAX or series_fault([c.index for c in series], SERIES_MAX):
                raise InvalidStateError(f"{series} is not a Qwirkle", Rule.CARDS_8)
        claimed.append(series_t)
    return tuple(claimed)


def _check_deck_census(
    table: Table, hands: Iterable[Sequence[Tile]], deck: Sequence[Tile], claimed: Iterable[Table]
) -> None:
    """Rule CARDS-1: the table, the hands, the deck and the claimed Qwirkles hold the whole deck."""
    counts: Counter[Tile] = Counter(deck)
    for series in table:
        counts.update(series)
    for hand in hands:
        counts.update(hand)
    for won in claimed:
        for series in won:
            counts.update(series)
    for card in ALL_TILES:
        if counts[card] != COPIES:
            raise InvalidStateError(
                f"there are {counts[card]} {card} cards in the game; there must be {COPIES}", Rule.CARDS_1
            )


def _check_ending(state: CardsState, scores: tuple[int, ...]) -> None:
    """Rules CARDS-7, CARDS-10, CARDS-11: the outcome is the one the counters say, with its winners."""
    n = len(state.players)
    final_turns = state.final_turns
    if final_turns is None and not state.deck:
        raise InvalidStateError("the deck is empty, so final_turns must count the turns left", Rule.CARDS_10)
    if final_turns is not None:
        if state.deck:
            raise InvalidStateError("final_turns is only counted once the deck is empty", Rule.CARDS_10)
        if type(final_turns) is not int or not 0 <= final_turns <= n:
            raise InvalidStateError(f"final_turns must be an int from 0 to {n}, not {brief(final_turns)}")
    if state.outcome is not None and not isinstance(state.outcome, CardsOutcome):
        raise InvalidStateError(f"outcome must be a CardsOutcome or None, not {brief(state.outcome)}")
    if state.outcome is not None and isinstance(state.outcome.reason, CardsEndReason) and state.outcome.reason.leaves:
        # A player left: the game may have ended at any point, and only the winners follow from the rest.
        seat = state.outcome.ended_by
        if seat is None:
            raise InvalidStateError("a player left the game, so its outcome names their seat", Rule.CARDS_11)
        left = left_game(state.outcome.reason, seat, scores)
        if state.outcome != left:
            raise InvalidStateError(f"a player left the game, so its outcome must be {left}", Rule.CARDS_11)
        return
    reason = end_reason(final_turns, state.passes, n)
    if reason is None and state.outcome is not None:
        raise InvalidStateError("the game has an outcome, but it is not over (Rules CARDS-7, CARDS-10)")
    if reason is not None and state.outcome != outcome_of(reason, scores):
        raise InvalidStateError(
            f"the game is over ({reason.words}), so its outcome must be {outcome_of(reason, scores)}"
        )


def check_state(state: CardsState) -> CardsState:
    """``state`` checked against the rules, with its hands and series in canonical order.

    Raises :class:`~qwirkle.InvalidStateError` for a state no game can be in.
    Rule CARDS-1: the cards on the table, in the hands, in the deck and in the
    claimed Qwirkles are the whole deck. Rule CARDS-2: 2 to 4 players, every
    hand full while the deck has cards. Rules CARDS-3, CARDS-6, CARDS-8:
    every series on the table valid with ``cards_min_set`` to 5 cards, and
    every claimed series a Qwirkle. Rules CARDS-7, CARDS-10, CARDS-11: the
    counters of the end agree with the outcome. :func:`position` and every
    loader of states call it.

    >>> import attrs
    >>> from qwirkle.cards import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> check_state(state) == state
    True
    >>> check_state(attrs.evolve(state, deck=state.deck[1:]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    qwirkle.errors.InvalidStateError: there are 2 ... cards in the game; there must be 3 (Rule CARDS-1)
    """
    if not isinstance(state, CardsState):
        raise InvalidStateError(f"expected a CardsState, not {brief(state)}")
    rules = state.rules
    if not isinstance(rules, CardsRuleSet):
        raise InvalidStateError(f"rules must be a CardsRuleSet, not {brief(rules)}")
    names = check_players(state.players)
    n = len(names)
    table = _series_list(state.table, "the table")
    _check_table(table, rules)
    if isinstance(state.hands, str) or not isinstance(state.hands, Sequence) or len(state.hands) != n:
        raise InvalidStateError("there must be one hand per player")
    hands = tuple(tuple(sorted(_cards(hand, "a hand"))) for hand in state.hands)
    deck = _cards(state.deck, "the deck")
    claimed = _check_claimed(state.qwirkles, n)
    current = _count(state.current, "current", 0)
    if current >= n:
        raise InvalidStateError(f"current seat {brief(current)} does not exist")
    if type(state.starter) is not int or not 0 <= state.starter < n:
        raise InvalidStateError(f"starter seat {brief(state.starter)} does not exist")
    if type(state.rng) is not int or not 0 <= state.rng <= MAX_RNG:
        raise InvalidStateError(f"rng must be an int from 0 to 2**64 - 1, not {brief(state.rng)}")
    _count(state.passes, "passes", 0)
    _count(state.deals, "deals", 1)
    if state.seed is not None:
        check_seed(state.seed)
    if type(state.redrawn) is not bool:
        raise InvalidStateError(f"redrawn must be a bool, not {brief(state.redrawn)}")
    for seat, hand in enumerate(hands):
        if len(hand) > rules.cards_hand_size:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards; a hand holds {rules.cards_hand_size}")
        if deck and len(hand) != rules.cards_hand_size:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards while the deck has cards", Rule.CARDS_2)
    _check_deck_census(table, hands, deck, claimed)
    if isinstance(state.history, (str, bytes)) or not isinstance(state.history, Sequence):
        raise InvalidStateError("history must be a sequence of CardsTurn values")
    history = tuple(state.history)
    if not all(isinstance(turn, CardsTurn) for turn in history):
        raise InvalidStateError("history must be a sequence of CardsTurn values")
    checked = attrs.evolve(state, players=names, table=table, hands=hands, deck=deck, qwirkles=claimed, history=history)
    _check_ending(checked, checked.scores)
    return checked


def position(
    players: Sequence[str],
    table: Iterable[Iterable[Tile] | str],
    hands: Sequence[Iterable[Tile] | str],
    *,
    deck: Sequence[Tile] | None = None,
    qwirkles: Sequence[Sequence[Sequence[Tile]]] | None = None,
    current: int = 0,
    rules: CardsRuleSet | None = None,
    seed: int = 0,
    rng: int | None = None,
    history: Sequence[CardsTurn] = (),
    starter: int | None = None,
    deals: int = 1,
    redrawn: bool = False,
    passes: int = 0,
    final_turns: int | None = None,
    outcome: CardsOutcome | None = None,
) -> CardsState:
    """A state set up by hand, for puzzles, tests and analysis, checked by :func:`check_state`.

    Series and hands may be given as card codes (see
    :func:`~qwirkle.cards.card_code`). Without ``deck``, the deck holds every
    card that is nowhere else, shuffled by ``seed``; ``rng`` (by default what
    is left of ``seed`` after that shuffle) shuffles the deck next. Nobody has
    claimed a Qwirkle unless ``qwirkles`` says so; the starter is the seat to
    move unless ``starter`` says otherwise; once the deck is empty, every
    player has a final turn left unless ``final_turns`` says otherwise (Rule
    CARDS-10).

    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    >>> len(state.deck), state.table[0][0]
    (87, Tile(Colour.RED, Shape.CIRCLE))
    """

    def cards(value: Iterable[Tile] | str, what: str) -> tuple[Tile, ...]:
        return parse_cards(value) if isinstance(value, str) else _cards(_collection(value, what, DECK_SIZE), what)

    names = check_players(players)
    table_t = tuple(cards(series, "a series") for series in _collection(table, "the table", DECK_SIZE))
    hand_t = tuple(cards(hand, "a hand") for hand in _collection(hands, "the hands", MAX_PLAYERS))
    try:
        claimed = tuple(tuple(tuple(series) for series in won) for won in qwirkles or ((),) * len(names))
    except TypeError:
        raise InvalidStateError(
            f"qwirkles must hold one sequence of claimed series per player, not {brief(qwirkles)}"
        ) from None
    check_seed(seed)
    shuffled = seed_state(seed)
    if deck is None:
        left = tiles_left(COPIES, *table_t, *hand_t, *(series for won in claimed for series in won))
        if left is None:
            raise InvalidStateError(f"more than {COPIES} copies of a card", Rule.CARDS_1)
        shuffled, deck = shuffle(shuffled, left)
    if final_turns is None and not deck and outcome is None:
        final_turns = len(names)
    state = CardsState(
        players=names,
        table=table_t,
        hands=hand_t,
        deck=tuple(deck),
        qwirkles=claimed,
        current=current,
        rules=CardsRuleSet() if rules is None else rules,
        history=tuple(history),
        starter=current if starter is None else starter,
        seed=seed,
        rng=shuffled if rng is None else rng,
        deals=deals,
        redrawn=redrawn,
        passes=passes,
        final_turns=final_turns,
        outcome=outcome,
    )
    return check_state(state)
