"""The flow of Qwirkle Cards: dealing, the legal moves, checking and applying a move, the end."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from qwirkle.cards.moves import CardsMove, Lay, Pass, Redraw, parse_cards
from qwirkle.cards.rules import COPIES, MAX_PLAYERS, MIN_PLAYERS, SERIES_MAX, BlockedAction, CardsRuleSet
from qwirkle.cards.search import Goal, best_plan, largest_sets, partitions, sub_multisets
from qwirkle.cards.series import KIND_TYPES, TYPE_KINDS, Table, mask_of, series_fault, table_from_masks
from qwirkle.cards.state import CardsEndReason, CardsOutcome, CardsScore, CardsState, CardsTurn, CardsView
from qwirkle.catalogue import Rule
from qwirkle.errors import IllegalMoveError, InvalidStateError, QwirkleError
from qwirkle.rng import seed_state, shuffle
from qwirkle.ruleset import starting_seat
from qwirkle.tiles import ALL_TILES, Tile, tiles_left

__all__ = [
    "LegalCardMoves",
    "apply",
    "blocked_move",
    "can_lay",
    "choose_starter",
    "is_legal",
    "is_over",
    "largest_series_size",
    "legal_moves",
    "most_cards",
    "most_qwirkles",
    "new_game",
    "position",
    "score",
    "verify",
]

_MAX_DEALS = 10_000
_FULL_DECK: tuple[Tile, ...] = tuple(card for card in ALL_TILES for _ in range(COPIES))


def _counts(cards: Iterable[Tile]) -> list[int]:
    out = [0] * 36
    for card in cards:
        out[card.index] += 1
    return out


def _table_counts(table: Table) -> list[int]:
    out = [0] * 36
    for series in table:
        for card in series:
            out[card.index] += 1
    return out


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


def _check_players(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str) or not all(isinstance(name, str) for name in players):
        raise InvalidStateError("players must be a sequence of names")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidStateError(
            f"{len(players)} players: Qwirkle Cards takes {MIN_PLAYERS} to {MAX_PLAYERS} (Rule CARDS-2)"
        )
    return tuple(players)


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
        raise InvalidStateError(f"rules must be a CardsRuleSet, not {rules!r}")
    names = _check_players(players)
    if ages is not None and (
        isinstance(ages, str) or len(ages) != len(names) or not all(isinstance(a, (int, float)) for a in ages)
    ):
        raise InvalidStateError("ages must give one number per player")
    if seed is None:
        seed = secrets.randbits(63)
    if type(seed) is not int:
        raise InvalidStateError(f"seed must be an int, not {seed!r}")
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
    return CardsState._make(
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
) -> CardsState:
    """A state set up by hand, for puzzles, tests and analysis.

    Series and hands may be given as card codes (see
    :func:`~qwirkle.cards.card_code`). Without ``deck``, the deck holds every
    card that is nowhere else, shuffled by ``seed``. The result is checked
    like any hand-built :class:`CardsState`.

    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    >>> len(state.deck), state.table[0][0]
    (87, Tile(Colour.RED, Shape.CIRCLE))
    """
    def cards(value: Iterable[Tile] | str) -> tuple[Tile, ...]:
        return parse_cards(value) if isinstance(value, str) else tuple(value)

    table_t = [cards(series) for series in table]
    hand_t = [cards(hand) for hand in hands]
    rng = seed_state(seed)
    if deck is None:
        left = tiles_left(COPIES, *table_t, *hand_t, *(claimed for won in qwirkles or () for claimed in won))
        if left is None:
            raise InvalidStateError(f"more than {COPIES} copies of a card (Rule CARDS-1)")
        rng, deck = shuffle(rng, left)
    return CardsState(
        players=players,
        table=table_t,
        hands=hand_t,
        deck=deck,
        qwirkles=qwirkles,
        current=current,
        rules=rules,
        seed=seed,
        rng=rng,
    )


def _check_state(state: object) -> CardsState:
    if not isinstance(state, CardsState):
        raise InvalidStateError(f"expected a CardsState, not {state!r}")
    return state


def _check_position(position: object) -> CardsState | CardsView:
    if not isinstance(position, (CardsState, CardsView)):
        raise InvalidStateError(f"expected a CardsState or a CardsView, not {position!r}")
    return position


def _opening_sets(position: CardsState | CardsView) -> list[int] | None:
    """The only openings allowed, if the opening must be a largest series (Rule CARDS-5), else ``None``."""
    if position.is_opening and position.rules.cards_opening_must_play_max:
        return largest_sets(_counts(position.hand), position.rules.cards_min_set)
    return None


def _quick_lay(table: Table, hand: Sequence[Tile], min_set: int) -> bool:
    """A cheap proof that a card can be laid: a new series from the hand, or a card that joins a series.

    Rules CARDS-6 and CARDS-7: either is a legal lay, so the player cannot pass.
    """
    present = mask_of(card.index for card in hand)
    if any((present & line).bit_count() >= min_set for line in TYPE_KINDS):
        return True
    for series in table:
        if len(series) >= SERIES_MAX:
            continue
        inside = mask_of(card.index for card in series)
        common = (1 << 12) - 1
        for card in series:
            common &= KIND_TYPES[card.index]
        for card in hand:
            if not inside >> card.index & 1 and KIND_TYPES[card.index] & common:
                return True
    return False


def can_lay(position: CardsState | CardsView) -> bool:
    """Whether the player to move (or the viewer) can lay at least one card.

    Rules CARDS-6 and CARDS-7: a player who can lay a card must; one who
    cannot passes or redraws. Exact, and quick: a new series from the hand or a
    card that fits a series answers at once, otherwise an exact search decides.

    >>> from qwirkle.cards import position
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    >>> can_lay(state)
    True
    """
    _check_position(position)
    opening = _opening_sets(position)
    if opening is not None:
        return bool(opening)
    min_set = position.rules.cards_min_set
    if _quick_lay(position.table, position.hand, min_set):
        return True
    return best_plan(_table_counts(position.table), _counts(position.hand), min_set, Goal.ANY) is not None


def _planned(position: CardsState | CardsView, goal: Goal) -> Lay | None:
    _check_position(position)
    opening = _opening_sets(position)
    if opening is not None:
        if not opening:
            return None
        series = tuple(ALL_TILES[k] for k in range(36) if opening[0] >> k & 1)
        return Lay._trusted(series, (series,))
    plan = best_plan(_table_counts(position.table), _counts(position.hand), position.rules.cards_min_set, goal)
    if plan is None:
        return None
    played = tuple(ALL_TILES[k] for k in range(36) for _ in range(plan.laid[k]))
    return Lay._trusted(played, table_from_masks(plan.series))


def most_cards(position: CardsState | CardsView) -> Lay | None:
    """The lay with the most cards (then the most Qwirkles), or ``None`` if no card can be laid.

    Exact (Rules CARDS-3, CARDS-6, CARDS-8): no legal lay lays more cards.

    >>> from qwirkle.cards import position
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    >>> move = most_cards(state)
    >>> len(move.played), is_legal(state, move)
    (7, True)
    """
    return _planned(position, Goal.CARDS)


def most_qwirkles(position: CardsState | CardsView) -> Lay | None:
    """The lay that completes the most Qwirkles (then lays the most cards), or ``None`` if none can be laid.

    Exact (Rules CARDS-3, CARDS-6, CARDS-8): no legal lay claims more Qwirkles.

    >>> from qwirkle.cards import position
    >>> hands = ["Bo Bs Bd Gx Yx Px O* P* Y*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"]
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd", "Rc Rx R*"], hands)
    >>> len(most_qwirkles(state).qwirkles)
    1
    """
    return _planned(position, Goal.QWIRKLES)


class LegalCardMoves(Iterable[CardsMove]):
    """The legal moves of a state, as a lazy iterable.

    Iterate it for every legal move, each once: every lay as a distinct
    resulting table and set of cards played (Rule CARDS-6), or, when no card
    can be laid, the one move the rules allow instead (Rule CARDS-7).
    Rearranging the table makes the lays of a crowded table astronomically
    many, so nothing is listed up front: ``move in moves`` checks that one
    move, and :meth:`can_lay`, :meth:`most_cards` and :meth:`most_qwirkles`
    answer by exact searches that list nothing.

    >>> from qwirkle.cards import new_game
    >>> moves = legal_moves(new_game(["Ann", "Bob"], seed=7))
    >>> first = next(iter(moves))
    >>> first in moves, moves.can_lay()
    (True, True)
    """

    __slots__ = ("_state",)

    def __init__(self, state: CardsState) -> None:
        self._state = state

    def can_lay(self) -> bool:
        """Whether any card can be laid (see :func:`can_lay`)."""
        return self._state.outcome is None and can_lay(self._state)

    def most_cards(self) -> Lay | None:
        """The lay with the most cards (see :func:`most_cards`)."""
        return None if self._state.outcome is not None else most_cards(self._state)

    def most_qwirkles(self) -> Lay | None:
        """The lay with the most Qwirkles (see :func:`most_qwirkles`)."""
        return None if self._state.outcome is not None else most_qwirkles(self._state)

    def lays(self) -> Iterator[Lay]:
        """Every legal lay, each once: distinct resulting tables (Rules CARDS-3, CARDS-6).

        Cards to lay are taken as every distinct part of the hand, and for each
        the partitions of the table's cards and those cards into valid series
        are listed without repeats (see :func:`qwirkle.cards.search.partitions`).
        """
        state = self._state
        if state.outcome is not None:
            return
        opening = _opening_sets(state)
        if opening is not None:
            for mask in opening:
                series = tuple(ALL_TILES[k] for k in range(36) if mask >> k & 1)
                yield Lay._trusted(series, (series,))
            return
        table = _table_counts(state.table)
        min_set = state.rules.cards_min_set
        for laid in sub_multisets(_counts(state.hand)):
            if not any(laid):
                continue
            played = tuple(ALL_TILES[k] for k in range(36) for _ in range(laid[k]))
            total = [a + b for a, b in zip(table, laid, strict=True)]
            for part in partitions(total, min_set):
                yield Lay._trusted(played, table_from_masks(part))

    def __iter__(self) -> Iterator[CardsMove]:
        if self._state.outcome is not None:
            return
        if not self.can_lay():
            yield blocked_move(self._state)
            return
        yield from self.lays()

    def count(self, limit: int | None = None) -> int:
        """How many legal moves there are, by listing them (stop at ``limit``, if given)."""
        n = 0
        for _ in self:
            n += 1
            if limit is not None and n >= limit:
                break
        return n

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Lay, Pass, Redraw)):
            return False
        return is_legal(self._state, move)

    def __repr__(self) -> str:
        return f"<LegalCardMoves of seat {self._state.current}>"


def blocked_move(position: CardsState | CardsView) -> Pass | Redraw:
    """What a player who cannot lay a card does: redraw or pass (Rule CARDS-7).

    With ``cards_blocked_action`` set to redraw, a blocked player first
    redraws their hand, once a turn and only while the deck has cards; a
    player still blocked after that, or under the default rule, passes.

    >>> from qwirkle.cards import CardsRuleSet, new_game
    >>> blocked_move(new_game(["Ann", "Bob"], seed=7))
    Pass()
    >>> blocked_move(new_game(["Ann", "Bob"], seed=7, rules=CardsRuleSet.preset("redraw_hand")))
    Redraw()
    """
    _check_position(position)
    deck = len(position.deck) if isinstance(position, CardsState) else position.deck_size
    if position.rules.cards_blocked_action is BlockedAction.REDRAW_HAND and not position.redrawn and deck:
        return Redraw()
    return Pass()


def legal_moves(state: CardsState) -> LegalCardMoves:
    """Every legal move of the player to move, as a lazy iterable (see :class:`LegalCardMoves`).

    >>> from qwirkle.cards import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> moves = legal_moves(state)
    >>> next(iter(moves)) in moves
    True
    """
    return LegalCardMoves(_check_state(state))


def verify(state: CardsState, move: CardsMove, *, player: int | None = None) -> CardsScore:
    """Check ``move`` for the player to move, and return what it does.

    Raises :class:`~qwirkle.IllegalMoveError` naming the first rule broken.
    Rule CARDS-6: the cards played come from the hand, at least one of them;
    every card that was on the table is still on it, and no other card is;
    every series is valid and holds ``cards_min_set`` to 6 cards (with Rule
    CARDS-3). Rule CARDS-5: with ``cards_opening_must_play_max``, the opening
    is one largest series of the hand. Rule CARDS-7: a player passes or
    redraws only when no card can be laid. Rule CARDS-10: nothing can be
    played once the game is over.

    >>> from qwirkle.cards import Lay, position
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    >>> verify(state, Lay("Rc", ["Ro Rs Rd Rc"])).total
    0
    >>> verify(state, Lay("Bo Bs", ["Ro Rs Rd", "Bo Bs"]))
    Traceback (most recent call last):
    ...
    qwirkle.errors.IllegalMoveError: CARDS-6: a series of 2 cards is too short: a series holds at least 3
    """
    _check_state(state)
    if state.outcome is not None:
        raise IllegalMoveError(Rule.CARDS_10, "the game is over")
    if player is not None and player != state.current:
        raise IllegalMoveError(Rule.CARDS_6, f"it is {state.players[state.current]}'s turn, not seat {player}'s")
    if isinstance(move, Lay):
        return _verify_lay(state, move)
    if isinstance(move, Pass):
        _verify_blocked(state, move)
        return CardsScore()
    if isinstance(move, Redraw):
        _verify_blocked(state, move)
        return CardsScore()
    raise IllegalMoveError(Rule.CARDS_6, f"{move!r} is not a move of Qwirkle Cards")


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
    opening = _opening_sets(state)
    if opening is not None:
        masks = [mask_of(card.index for card in series) for series in move.table]
        if len(masks) != 1 or masks[0] not in opening:
            raise IllegalMoveError(
                Rule.CARDS_5, "the opening must be one largest series of your hand (cards_opening_must_play_max)"
            )
    return CardsScore(move.played, move.qwirkles)


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


def is_legal(state: CardsState, move: CardsMove, *, player: int | None = None) -> bool:
    """Whether ``move`` is legal for the player to move.

    >>> from qwirkle.cards import Pass, new_game
    >>> is_legal(new_game(["Ann", "Bob"], seed=7), Pass())
    False
    """
    try:
        verify(state, move, player=player)
    except QwirkleError:
        return False
    return True


def score(state: CardsState, move: CardsMove) -> CardsScore:
    """What ``move`` would do for the player to move: the cards laid and the Qwirkles claimed.

    Raises :class:`~qwirkle.IllegalMoveError` if the move is illegal.

    >>> from qwirkle.cards import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> score(state, most_qwirkles(state)).total
    0
    """
    return verify(state, move)


def is_over(state: CardsState) -> bool:
    """Whether the game has ended; :attr:`CardsState.outcome` then says how.

    >>> from qwirkle.cards import new_game
    >>> is_over(new_game(["Ann", "Bob"], seed=7))
    False
    """
    return _check_state(state).outcome is not None


def apply(state: CardsState, move: CardsMove, *, player: int | None = None) -> CardsState:
    """Play ``move`` for the player to move and return the new state; ``state`` is unchanged.

    An illegal move raises :class:`~qwirkle.IllegalMoveError` naming the rule
    it breaks. After a lay, every series of six leaves the table and goes to
    the mover (Rule CARDS-8) and the mover refills to ``cards_hand_size``
    (Rule CARDS-2). The turn that draws the last card starts the final round:
    each player has one more turn, the one who emptied the deck last, with no
    more drawing (Rule CARDS-10). A redraw shuffles the hand into the deck and
    deals a new hand of the same size, and the same player plays on (Rule
    CARDS-7). The game also ends when every player has passed in turn.

    >>> from qwirkle.cards import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> after = apply(state, most_cards(state))
    >>> after.current != state.current, len(after.hand), len(after.deck) < len(state.deck)
    (True, 9, True)
    """
    result = verify(state, move, player=player)
    seat = state.current
    n = len(state.players)
    if isinstance(move, Redraw):
        rng, deck = shuffle(state.rng, state.deck + state.hand)
        size = len(state.hand)
        hands = list(state.hands)
        hands[seat] = tuple(sorted(deck[len(deck) - size :]))
        turn = CardsTurn(seat, move, result, size)
        return state._evolve(
            hands=tuple(hands),
            deck=deck[: len(deck) - size],
            rng=rng,
            redrawn=True,
            history=(*state.history, turn),
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
            qwirkles[seat] = tuple(sorted(qwirkles[seat] + claimed))
        if deck:
            drew = min(state.rules.cards_hand_size - len(hand), len(deck))
            hand.extend(deck[len(deck) - drew :])
            deck = deck[: len(deck) - drew]
            if not deck:
                # This turn is counted down below like any other, which leaves one more turn for each
                # player, the emptier's coming last (Rule CARDS-10).
                final_turns = n + 1
        hands[seat] = tuple(sorted(hand))
    if final_turns is not None:
        final_turns -= 1
    turn = CardsTurn(seat, move, result, drew)
    after = state._evolve(
        table=table,
        hands=tuple(hands),
        deck=deck,
        qwirkles=tuple(qwirkles),
        current=(seat + 1) % n,
        history=(*state.history, turn),
        redrawn=False,
        passes=passes,
        final_turns=final_turns,
    )
    reason = None
    if final_turns == 0:
        reason = CardsEndReason.FINAL_ROUND
    elif passes >= n:
        reason = CardsEndReason.BLOCKED
    if reason is None:
        return after
    counts = after.scores
    best = max(counts)
    outcome = CardsOutcome(reason, counts, tuple(s for s, q in enumerate(counts) if q == best))
    return after._evolve(outcome=outcome)

