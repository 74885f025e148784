"""The checks of a game of Qwirkle Cards that comes from outside: each field, and the fields together.

:func:`~qwirkle.cards.check_state` checks a state with them, and
:func:`~qwirkle.cards.views.check_view` a view, as the state it could have
come from; every loader of states and views calls one of the two.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from qwirkle._rng import MAX_RNG, check_seed
from qwirkle.cards.endings import CardsEndReason, CardsOutcome, end_reason, left_game, outcome_of
from qwirkle.cards.ruleset import COPIES, DECK_SIZE, MAX_PLAYERS, MIN_PLAYERS, SERIES_MAX, CardsRuleSet
from qwirkle.cards.scoring import CardsTurn
from qwirkle.cards.series import Table, canonical_table, series_fault
from qwirkle.errors import InvalidStateError, brief
from qwirkle.rules.catalogue import Rule
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["check_cards", "check_fields", "check_players"]


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


def check_cards(value: Any, what: str) -> tuple[Tile, ...]:
    """``value`` as a tuple if it is a sequence (not text) of cards; otherwise InvalidStateError.

    >>> check_cards("Ro Rs", "a hand")
    Traceback (most recent call last):
    ...
    qwirkle.errors.InvalidStateError: a hand must be a sequence of cards, not 'Ro Rs'
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of cards, not {brief(value)}")
    for card in value:
        if not isinstance(card, Tile):
            raise InvalidStateError(f"{what} holds {brief(card)}, which is not a card")
    return tuple(value)


def _series_list(value: Any, what: str) -> Table:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of series, not {brief(value)}")
    return canonical_table(check_cards(series, f"a series of {what}") for series in value)


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


def _check_ending(f: Mapping[str, Any], deck: tuple[Tile, ...], scores: tuple[int, ...]) -> None:
    """Rules CARDS-7, CARDS-10, CARDS-11: the outcome is the one the counters say, with its winners."""
    n = len(scores)
    final_turns = f["final_turns"]
    outcome = f["outcome"]
    if final_turns is None and not deck:
        raise InvalidStateError("the deck is empty, so final_turns must count the turns left", Rule.CARDS_10)
    if final_turns is not None:
        if deck:
            raise InvalidStateError("final_turns is only counted once the deck is empty", Rule.CARDS_10)
        if type(final_turns) is not int or not 0 <= final_turns <= n:
            raise InvalidStateError(f"final_turns must be an int from 0 to {n}, not {brief(final_turns)}")
    if outcome is not None and not isinstance(outcome, CardsOutcome):
        raise InvalidStateError(f"outcome must be a CardsOutcome or None, not {brief(outcome)}")
    if outcome is not None and isinstance(outcome.reason, CardsEndReason) and outcome.reason.leaves:
        # A player left: the game may have ended at any point, and only the winners follow from the rest.
        seat = outcome.ended_by
        if seat is None:
            raise InvalidStateError("a player left the game, so its outcome names their seat", Rule.CARDS_11)
        left = left_game(outcome.reason, seat, scores)
        if outcome != left:
            raise InvalidStateError(f"a player left the game, so its outcome must be {left}", Rule.CARDS_11)
        return
    reason = end_reason(final_turns, f["passes"], n)
    if reason is None and outcome is not None:
        raise InvalidStateError("the game has an outcome, but it is not over (Rules CARDS-7, CARDS-10)")
    if reason is not None and outcome != outcome_of(reason, scores):
        raise InvalidStateError(
            f"the game is over ({reason.words}), so its outcome must be {outcome_of(reason, scores)}"
        )


def check_fields(f: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a state (by name, as :class:`~qwirkle.cards.CardsState` has them) checked against the rules.

    Returns the fields that come out in canonical order: ``players``,
    ``table``, ``hands``, ``deck``, ``qwirkles`` and ``history``. The rules
    are those :func:`~qwirkle.cards.check_state` names, which this decides.

    >>> from qwirkle.cards import new_game
    >>> import attrs
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> check_fields(attrs.asdict(state, recurse=False))["hands"] == state.hands
    True
    """
    rules = f["rules"]
    if not isinstance(rules, CardsRuleSet):
        raise InvalidStateError(f"rules must be a CardsRuleSet, not {brief(rules)}")
    names = check_players(f["players"])
    n = len(names)
    table = _series_list(f["table"], "the table")
    _check_table(table, rules)
    if isinstance(f["hands"], str) or not isinstance(f["hands"], Sequence) or len(f["hands"]) != n:
        raise InvalidStateError("there must be one hand per player")
    hands = tuple(tuple(sorted(check_cards(hand, "a hand"))) for hand in f["hands"])
    deck = check_cards(f["deck"], "the deck")
    claimed = _check_claimed(f["qwirkles"], n)
    current = _count(f["current"], "current", 0)
    if current >= n:
        raise InvalidStateError(f"current seat {brief(current)} does not exist")
    if type(f["starter"]) is not int or not 0 <= f["starter"] < n:
        raise InvalidStateError(f"starter seat {brief(f['starter'])} does not exist")
    if type(f["rng"]) is not int or not 0 <= f["rng"] <= MAX_RNG:
        raise InvalidStateError(f"rng must be an int from 0 to 2**64 - 1, not {brief(f['rng'])}")
    _count(f["passes"], "passes", 0)
    _count(f["deals"], "deals", 1)
    if f["seed"] is not None:
        check_seed(f["seed"])
    if type(f["redrawn"]) is not bool:
        raise InvalidStateError(f"redrawn must be a bool, not {brief(f['redrawn'])}")
    for seat, hand in enumerate(hands):
        if len(hand) > rules.cards_hand_size:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards; a hand holds {rules.cards_hand_size}")
        if deck and len(hand) != rules.cards_hand_size:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards while the deck has cards", Rule.CARDS_2)
    _check_deck_census(table, hands, deck, claimed)
    if isinstance(f["history"], (str, bytes)) or not isinstance(f["history"], Sequence):
        raise InvalidStateError("history must be a sequence of CardsTurn values")
    history = tuple(f["history"])
    if not all(isinstance(turn, CardsTurn) for turn in history):
        raise InvalidStateError("history must be a sequence of CardsTurn values")
    _check_ending(f, deck, tuple(len(won) for won in claimed))
    return {"players": names, "table": table, "hands": hands, "deck": deck, "qwirkles": claimed, "history": history}


def check_seen(f: Mapping[str, Any], seat: int | None, hand: object) -> dict[str, Any]:
    """The fields of a view (``seat`` ``None`` for a spectator's) checked as those of a state it could come from.

    The cards the viewer cannot see are dealt to the other hands and the deck
    in any order, and that state is checked by :func:`check_fields`: a view
    is refused exactly when no state of a game could show it. Rule CARDS-1:
    the viewer sees no card more often than the deck holds it, and the
    cards seen and those counted in the hands and the deck make the deck.
    Returns the fields in canonical order, ``hand`` included.

    >>> from qwirkle.cards import new_game
    >>> import attrs
    >>> seen = new_game(["Ann", "Bob"], seed=7).view(0)
    >>> check_seen(attrs.asdict(seen, recurse=False), 0, seen.hand)["hand"] == seen.hand
    True
    """
    names = check_players(f["players"])
    n = len(names)
    table = _series_list(f["table"], "the table")
    claimed = _check_claimed(f["qwirkles"], n)
    sizes = f["hand_sizes"]
    if not isinstance(sizes, tuple) or len(sizes) != n or not all(type(k) is int and k >= 0 for k in sizes):
        raise InvalidStateError("hand_sizes must be a tuple of one int of at least 0 per player")
    deck_size = _count(f["deck_size"], "deck_size", 0)
    held: tuple[Tile, ...] = ()
    if seat is not None:
        if type(seat) is not int or not 0 <= seat < n:
            raise InvalidStateError(f"seat {brief(seat)} does not exist")
        held = tuple(sorted(check_cards(hand, "the hand")))
        if sizes[seat] != len(held):
            raise InvalidStateError(f"the viewer holds {len(held)} cards, not {sizes[seat]}")
    unseen: Counter[Tile] = Counter(dict.fromkeys(ALL_TILES, COPIES))
    for cards in (*table, *(series for won in claimed for series in won), held):
        unseen.subtract(cards)
    for card, left in unseen.items():
        if left < 0:
            raise InvalidStateError(f"the viewer sees {COPIES - left} {card} cards; there are {COPIES}", Rule.CARDS_1)
    pool = sorted(unseen.elements())
    hidden = sum(sizes) - len(held) + deck_size
    if hidden != len(pool):
        total = DECK_SIZE - len(pool) + hidden
        raise InvalidStateError(
            f"the table, the hands, the deck and the claimed Qwirkles hold {total} cards; there are {DECK_SIZE}",
            Rule.CARDS_1,
        )
    hands = []
    for other, size in enumerate(sizes):
        if other == seat:
            hands.append(held)
        else:
            hands.append(tuple(pool[:size]))
            pool = pool[size:]
    twin = {**f, "hands": tuple(hands), "deck": tuple(pool), "seed": None, "rng": 0, "deals": 1}
    return {**check_fields(twin), "hand": held}
