"""Dealing a game of Qwirkle Cards, and finding who starts."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence

from qwirkle.cards.checks import check_players
from qwirkle.cards.rules import COPIES, CardsRuleSet
from qwirkle.cards.series import TYPE_KINDS, mask_of
from qwirkle.cards.state import CardsState
from qwirkle.errors import InvalidStateError, brief
from qwirkle.rng import check_seed, seed_state, shuffle
from qwirkle.ruleset import starting_seat
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["choose_starter", "largest_series_size", "new_game"]

_MAX_DEALS = 10_000
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
        if deals >= _MAX_DEALS:
            raise InvalidStateError(f"nobody could open in {_MAX_DEALS} deals")
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
