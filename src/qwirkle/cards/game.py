"""The flow of Qwirkle Cards: dealing a game or setting one up, playing a move, and the end of the game."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import Any

import attrs

from qwirkle._rng import check_seed, seed_state, shuffle
from qwirkle.cards.consistency import check_cards, check_players
from qwirkle.cards.endings import CardsEndReason, CardsOutcome, end_reason, left_game, outcome_of
from qwirkle.cards.legality import check_game_on, verify
from qwirkle.cards.moves import CardsMove, Lay, Redraw
from qwirkle.cards.notation import parse_cards
from qwirkle.cards.ruleset import COPIES, DECK_SIZE, MAX_DEALS, MAX_PLAYERS, SERIES_MAX, CardsRuleSet
from qwirkle.cards.scoring import CardsTurn
from qwirkle.cards.series import TYPE_KINDS, mask_of
from qwirkle.cards.state import CardsState, check_state, expect_state
from qwirkle.errors import InvalidStateError, brief
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import starting_seat
from qwirkle.tiles import ALL_TILES, Tile, tiles_left

__all__ = [
    "apply",
    "choose_starter",
    "is_over",
    "largest_series_size",
    "new_game",
    "position",
    "resign",
]


_FULL_DECK: tuple[Tile, ...] = tuple(card for card in ALL_TILES for _ in range(COPIES))


def largest_series_size(hand: Iterable[Tile]) -> int:
    """The size of the largest valid series in a hand: distinct cards of one colour or one shape (Rule CARDS-4).

    >>> from qwirkle.cards import parse_cards
    >>> largest_series_size(parse_cards("Ro Rs Rs Bo Go Yd"))
    3
    """
    present = mask_of(card.index for card in hand)
    return max((present & line).bit_count() for line in TYPE_KINDS)


def choose_starter(
    hands: Sequence[Sequence[Tile]],
    rules: CardsRuleSet | None = None,
    ages: Sequence[float] | None = None,
    tiebreak: Callable[[tuple[int, ...]], int] | None = None,
) -> int:
    """The seat that opens: the largest valid series starts, ties settled by the tie-break.

    Rule CARDS-4: the player with the largest valid series starts; players
    tied for it are settled by ``rules.cards_start_tiebreak`` using ``ages``
    (oldest or youngest; equal ages, or no ages, fall back to seat order), or
    by ``tiebreak``, a function that gets the tied seats and returns one.

    >>> from qwirkle.cards import parse_cards
    >>> choose_starter([parse_cards("Ro Rs Bd"), parse_cards("Go Gs Gd")])
    1
    >>> choose_starter([parse_cards("Ro Rs Rd"), parse_cards("Go Gs Gd")], ages=[30, 40])
    1
    """
    rules = CardsRuleSet() if rules is None else rules
    sizes = [largest_series_size(hand) for hand in hands]
    return starting_seat(sizes, rules.cards_start_tiebreak, ages, tiebreak)


def new_game(
    players: Sequence[str],
    *,
    seed: int | None = None,
    ages: Sequence[float] | None = None,
    rules: CardsRuleSet | None = None,
    tiebreak: Callable[[tuple[int, ...]], int] | None = None,
) -> CardsState:
    """Shuffle the deck, deal the hands and find the starting player.

    Rule CARDS-1: the deck is 108 cards, 3 of each of the 36. Rule CARDS-2:
    2 to 4 players, each dealt ``cards_hand_size`` cards. Rule CARDS-4: the
    player with the largest valid series of at least ``cards_min_set`` cards
    starts (see :func:`choose_starter`); when nobody has one, the deck is
    shuffled and dealt again (``cards_redeal_if_no_opening``), otherwise the
    chosen starter will have to pass or redraw (Rule CARDS-7).

    The same ``seed`` always deals the same game. Without a seed, one is
    drawn from the operating system and kept in :attr:`CardsState.seed`.

    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> state.players, state.current == state.starter, len(state.hand)
    (('Ann', 'Bob'), True, 9)
    """
    rules = CardsRuleSet() if rules is None else rules
    if not isinstance(rules, CardsRuleSet):
        raise InvalidStateError(f"rules must be a CardsRuleSet, not {brief(rules)}")
    names = check_players(players)
    if ages is not None and (
        isinstance(ages, str) or len(ages) != len(names) or not all(isinstance(a, (int, float)) for a in ages)
    ):
        raise InvalidStateError("ages must give one number per player")
    if seed is None:
        seed = secrets.randbits(63)
    check_seed(seed)
    rng = seed_state(seed)
    size = rules.cards_hand_size
    deals = 0
    while True:
        deals += 1
        rng, deck = shuffle(rng, _FULL_DECK)
        hands = []
        for _ in names:
            hands.append(tuple(sorted(deck[-size:])))
            deck = deck[:-size]
        can_open = any(largest_series_size(hand) >= rules.cards_min_set for hand in hands)
        if can_open or not rules.cards_redeal_if_no_opening:
            break
        if deals >= MAX_DEALS:
            raise InvalidStateError(f"nobody could open in {MAX_DEALS} deals")
    starter = choose_starter(hands, rules, ages, tiebreak)
    return CardsState(
        players=names,
        table=(),
        hands=tuple(hands),
        deck=deck,
        qwirkles=((),) * len(names),
        current=starter,
        rules=rules,
        history=(),
        starter=starter,
        seed=seed,
        rng=rng,
        deals=deals,
        redrawn=False,
        passes=0,
        final_turns=None,
        outcome=None,
    )


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
        return parse_cards(value) if isinstance(value, str) else check_cards(_collection(value, what, DECK_SIZE), what)

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
    every player has passed in turn (see :func:`~qwirkle.cards.endings.end_reason`).

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
