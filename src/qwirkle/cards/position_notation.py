"""A whole position of Qwirkle Cards on one line, as the tile game's (like FEN in chess).

The fields are ``TABLE HANDS QWIRKLES CURRENT DECK``, on the tile game's
card codes and its reader, in any letter case
(:func:`~qwirkle.tiles.read_tile_code`); a move is written with
:func:`~qwirkle.cards.move_notation.format_move`.

>>> state = parse_position("RoRsRd RcO*YxGxBoBsBdPxP*/OxYoYdYcGsGdG*BxPd -/- 0")
>>> format_position(state).rsplit(" ", 1)[0]
'RoRsRd RcO*YxGxBoBsBdPxP*/OxYoYdYcGsGdG*BxPd -/- 0'
"""

from __future__ import annotations

from collections.abc import Sequence

from qwirkle.cards.game import position
from qwirkle.cards.notation import CardsNotationError, card_code
from qwirkle.cards.ruleset import CardsRuleSet
from qwirkle.cards.series import Table
from qwirkle.cards.state import CardsState
from qwirkle.errors import InvalidNotationError
from qwirkle.formats.notation import SPACE, Scanner
from qwirkle.tiles import Tile

__all__ = ["format_position", "parse_position"]


def _together(cards: Sequence[Tile]) -> str:
    return "".join(card_code(card) for card in cards)


def _series(table: Table, between: str) -> str:
    return between.join(_together(series) for series in table) or "-"


def format_position(state: CardsState) -> str:
    """The whole position on one line: ``TABLE HANDS QWIRKLES CURRENT DECK``.

    - ``TABLE`` is the series on the table, each written as its card codes
      together, ``/`` between series; ``-`` for an empty table.
    - ``HANDS`` are the seats' cards written together, ``/`` between seats,
      ``-`` for an empty hand.
    - ``QWIRKLES`` are the series each seat has claimed, ``,`` between the
      series of a seat, ``/`` between seats, ``-`` for a seat with none.
    - ``CURRENT`` is the seat to move, from 0.
    - ``DECK`` is the deck in draw order (the last card is drawn first), or ``-``.

    Player names, options, the history and the random state are not part
    of it: :meth:`CardsState.to_json <qwirkle.cards.CardsState.to_json>` keeps everything.

    >>> from qwirkle.cards import position
    >>> hands = ["Rc O* Yx Gx Bo Bs Bd Px P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"]
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd", "Bx Gx Yx"], hands)
    >>> format_position(state).split(" ")[:4]
    ['RoRsRd/YxGxBx', 'RcO*YxGxBoBsBdPxP*/OxYoYdYcGsGdG*BxPd', '-/-', '0']
    """
    return " ".join(
        (
            _series(state.table, "/"),
            "/".join(_together(hand) or "-" for hand in state.hands),
            "/".join(_series(won, ",") for won in state.qwirkles),
            str(state.current),
            _together(state.deck) or "-",
        )
    )


def parse_position(
    text: str, *, players: Sequence[str] | None = None, rules: CardsRuleSet | None = None, seed: int = 0
) -> CardsState:
    """A state from its one-line form (see :func:`format_position`), checked as :func:`~qwirkle.cards.position` is.

    The ``DECK`` field may be left out or written ``?``: the deck then holds
    every card not on the table, in a hand or claimed, shuffled by ``seed``.
    Players are named ``P1``, ``P2``... unless ``players`` names them. Text
    that is not a position raises :class:`~qwirkle.cards.CardsNotationError`
    pointing at the fault; a position no game can be in,
    :class:`~qwirkle.InvalidStateError` naming the rule it breaks.

    >>> state = parse_position("rorsrd rcbobsbdgxyxpxo*p*/oxyoydycgsgdg*bxpd -/- 1 ?", players=["Ann", "Bob"])
    >>> state.players, state.current, len(state.deck), state.table[0][0]
    (('Ann', 'Bob'), 1, 87, Tile(Colour.RED, Shape.CIRCLE))
    """
    scan = Scanner(text, "a position")
    try:
        scan.skip()
        table = _groups(scan, "/")
        _gap(scan)
        hands = _hands(scan)
        _gap(scan)
        qwirkles = [_groups(scan, ",")]
        while scan.peek() == "/":
            scan.at += 1
            qwirkles.append(_groups(scan, ","))
        if len(qwirkles) != len(hands):
            raise scan.fail(f"{len(qwirkles)} seats of Qwirkles for {len(hands)} hands")
        _gap(scan)
        current = scan.integer("the seat to move", -1, len(hands))
        deck: tuple[Tile, ...] | None = None
        scan.skip()
        if scan.peek() in ("?", "-"):
            deck = None if scan.peek() == "?" else ()
            scan.at += 1
        elif not scan.done():
            deck = _cards(scan, "")
        scan.end()
    except CardsNotationError:
        raise
    except InvalidNotationError as error:
        raise CardsNotationError(error.problem, error.text, error.position) from None
    names = [f"P{seat + 1}" for seat in range(len(hands))] if players is None else list(players)
    return position(names, table, hands, deck=deck, qwirkles=qwirkles, current=current, rules=rules, seed=seed)


def _gap(scan: Scanner) -> None:
    if not scan.skip():
        raise scan.fail("expected a space before the next field" if not scan.done() else "the position ends early")


def _cards(scan: Scanner, stops: str) -> tuple[Tile, ...]:
    """Card codes written together, up to a space, the end, or one of ``stops``."""
    found: list[Tile] = []
    while scan.peek() not in ("", *SPACE, *stops):
        found.append(scan.tile())
    return tuple(found)


def _groups(scan: Scanner, between: str) -> list[tuple[Tile, ...]]:
    """``-`` for none, else groups of cards written together with ``between`` between them."""
    if scan.peek() == "-":
        scan.at += 1
        return []
    groups = []
    while True:
        group = _cards(scan, "/,")
        if not group:
            raise scan.fail("expected a series of cards")
        groups.append(group)
        if scan.peek() != between:
            return groups
        scan.at += 1


def _hands(scan: Scanner) -> list[tuple[Tile, ...]]:
    hands: list[tuple[Tile, ...]] = []
    while True:
        if scan.peek() == "-":
            scan.at += 1
            hands.append(())
        else:
            hands.append(_cards(scan, "/"))
        if scan.peek() != "/":
            return hands
        scan.at += 1
