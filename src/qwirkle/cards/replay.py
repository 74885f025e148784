"""Replaying a record of Qwirkle Cards: every move played again by the engine, and the first mismatch refused.

Each step is a full :class:`~qwirkle.cards.CardsState`. With a seed, the
engine deals and draws, and any draws the record notes are compared with
its; with the deal noted by hand, the noted cards are the ones drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from qwirkle._immutable import Immutable
from qwirkle.cards.consistency import check_cards
from qwirkle.cards.endings import CardsOutcome
from qwirkle.cards.game import apply, choose_starter, new_game, position, resign
from qwirkle.cards.moves import Lay, Redraw
from qwirkle.cards.notation import card_code
from qwirkle.cards.state import CardsState, check_state
from qwirkle.errors import IllegalMoveError, InvalidRecordError, QwirkleError, ReplayError
from qwirkle.rules.catalogue import Rule
from qwirkle.tiles import Tile

if TYPE_CHECKING:
    # Records call the replay, so the replay knows them by name only.
    from qwirkle.cards.records import CardsGameRecord, CardsRecordedTurn

__all__ = ["CardsReplay", "drawn_by", "replay"]


@attrs.frozen
class CardsReplay(Immutable):
    """A record played through the engine: ``steps[0]`` is the deal, ``steps[i]`` the state after turn ``i``."""

    record: CardsGameRecord
    steps: tuple[CardsState, ...]

    @property
    def final(self) -> CardsState:
        """The state after the last turn."""
        return self.steps[-1]

    def __len__(self) -> int:
        return len(self.steps)


def replay(record: CardsGameRecord) -> CardsReplay:
    """Play ``record`` through the engine; raise :class:`~qwirkle.ReplayError` at the first mismatch.

    See :meth:`CardsGameRecord.replay <qwirkle.cards.records.CardsGameRecord.replay>`.

    >>> from qwirkle.cards.records import CardsGameRecord
    >>> len(replay(CardsGameRecord(players=("Ann", "Bob"), seed=7, starter=1)))
    1
    >>> replay(CardsGameRecord(players=("Ann", "Bob"), seed=7, starter=0))
    Traceback (most recent call last):
        ...
    qwirkle.errors.ReplayError: move 1: CARDS-4: Bob holds the largest series, so Ann may not open
    """
    if (record.seed is None) == (record.hands is None):
        raise InvalidRecordError("a record gives either a seed or the dealt hands", "$.hands")
    steps = [_deal(record)]
    for number, turn in enumerate(record.turns, start=1):
        steps.append(_step(record, steps[-1], number, turn))
    steps[-1] = _leave(record, steps[-1])
    _check_result(record, steps[-1].outcome)
    return CardsReplay(record, tuple(steps))


def _deal(record: CardsGameRecord) -> CardsState:
    """The first state: dealt from the seed, or set up from the noted hands (Rule CARDS-4: who opens)."""

    def pick(tied: tuple[int, ...]) -> int:
        if record.starter not in tied:
            names = ", ".join(record.players[seat] for seat in tied)
            verb = "hold" if len(tied) > 1 else "holds"
            raise ReplayError(
                Rule.CARDS_4, 1, f"{names} {verb} the largest series, so {record.players[record.starter]} may not open"
            )
        return record.starter

    try:
        if record.seed is not None:
            state = new_game(record.players, seed=record.seed, rules=record.rules, tiebreak=pick)
            if state.starter != record.starter:
                pick((state.starter,))
            return state
        assert record.hands is not None
        pick((choose_starter(record.hands, record.rules, tiebreak=pick),))
        return position(record.players, (), record.hands, current=record.starter, rules=record.rules)
    except (InvalidRecordError, ReplayError):
        raise
    except QwirkleError as error:
        raise InvalidRecordError(str(error)) from None


def _step(record: CardsGameRecord, state: CardsState, number: int, turn: CardsRecordedTurn) -> CardsState:
    try:
        after = apply(state, turn.move, seat=turn.seat)
    except IllegalMoveError as error:
        raise ReplayError(error.rule, number, error.reason) from None
    claimed = after.history[-1].score.total
    if claimed != turn.score:
        said = f"{turn.score} Qwirkle" + ("" if turn.score == 1 else "s")
        raise ReplayError(Rule.CARDS_8, number, f"the record says {said}; the move claims {claimed}")
    if record.seed is None:
        return _noted_draw(state, after, number, turn)
    if turn.drawn is not None:
        drawn = drawn_by(state, after)
        if Counter(turn.drawn) != Counter(drawn):
            rule = Rule.CARDS_7 if isinstance(turn.move, Redraw) else Rule.CARDS_2
            raise ReplayError(rule, number, f"the record says {_list(turn.drawn)} were drawn, not {_list(drawn)}")
    return after


def drawn_by(before: CardsState, after: CardsState) -> tuple[Tile, ...]:
    """The cards the player who moved from ``before`` to ``after`` drew: after a lay, or a redraw's new hand.

    >>> from qwirkle.cards import apply, most_cards, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = most_cards(state)
    >>> len(drawn_by(state, apply(state, move))) == len(move.played)
    True
    """
    seat = before.current
    move = after.history[-1].move
    if isinstance(move, Redraw):
        return after.hands[seat]
    kept = Counter(before.hands[seat])
    if isinstance(move, Lay):
        kept.subtract(move.played)
    return tuple(sorted((Counter(after.hands[seat]) - kept).elements()))


def _noted_draw(before: CardsState, after: CardsState, number: int, turn: CardsRecordedTurn) -> CardsState:
    """``after`` with the cards the record notes as drawn in place of the engine's (Rules CARDS-1, CARDS-2, CARDS-7).

    As many as the move draws (a lay refills the hand, a redraw deals a hand
    of the same size), each one among the cards left to draw.
    """
    count = len(drawn_by(before, after))
    noted = turn.drawn
    if noted is None:
        if count:
            raise InvalidRecordError("the cards drawn must be noted when there is no seed", f"$.turns[{number - 1}]")
        return after
    redraw = isinstance(turn.move, Redraw)
    if len(noted) != count:
        rule = Rule.CARDS_7 if redraw else Rule.CARDS_2
        raise ReplayError(rule, number, f"the player draws {count} cards, but the record has {len(noted)}")
    seat = before.current
    # A redraw shuffles the hand back first, so its new hand comes from the deck and the old hand together.
    pool = Counter(before.deck + before.hands[seat]) if redraw else Counter(before.deck)
    missing = Counter(noted) - pool
    if missing:
        card = next(iter(missing))
        raise ReplayError(Rule.CARDS_1, number, f"no {card} is left in the deck to draw")
    kept = Counter(after.hands[seat]) - Counter(drawn_by(before, after))
    hands = list(after.hands)
    hands[seat] = tuple(sorted((kept + Counter(check_cards(noted, "the cards drawn"))).elements()))
    deck = pool - Counter(noted) if redraw else Counter(before.deck) - Counter(noted)
    try:
        return check_state(attrs.evolve(after, hands=tuple(hands), deck=tuple(sorted(deck.elements()))))
    except QwirkleError as error:
        raise InvalidRecordError(str(error), f"$.turns[{number - 1}].drawn") from None


def _leave(record: CardsGameRecord, final: CardsState) -> CardsState:
    """The last step, ended as the record says if a player resigned, ran out of time or forfeited after it."""
    result = record.result
    if result is None or not result.reason.leaves or final.outcome is not None or result.ended_by is None:
        return final
    return resign(final, result.ended_by, result.reason)


def _check_result(record: CardsGameRecord, reached: CardsOutcome | None) -> None:
    if record.result is None or record.result == reached:
        return
    number = max(1, len(record.turns))
    if reached is None:
        raise ReplayError(
            record.result.reason.rule, number, "the record says the game ended, but by the rules it goes on"
        )
    raise ReplayError(
        reached.reason.rule,
        number,
        f"the record's result ({record.result.reason.value}, Qwirkles {list(record.result.qwirkles)}) is not "
        f"the end the rules reach ({reached.reason.value}, Qwirkles {list(reached.qwirkles)})",
    )


def _list(cards: Sequence[Tile]) -> str:
    return " ".join(card_code(card) for card in cards) or "no cards"
