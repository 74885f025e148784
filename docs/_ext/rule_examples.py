"""For every rule a move can break, a move it allows and a move it refuses: the rules page draws both.

The rules a move can break are found in the code (``rule_index.refused_rules``);
``tests/test_rule_examples.py`` fails when one of them has no example here, when
the legal move is refused, or when the refused move is refused under another
rule than the one named. The pictures and the messages on the rules page are
the library's answers to these moves, worked out when the documentation is
built.

Tile game positions are in the one-line position notation
(:func:`qwirkle.parse_position`), moves in move notation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from qwirkle import GameState, RuleSet, apply, parse_move, parse_position, resign, verify
from qwirkle import cards as card_game
from qwirkle.interface.scorekeeper import Scorekeeper

__all__ = [
    "CARD_EXAMPLES",
    "EXAMPLES",
    "TILE_EXAMPLES",
    "CardsExample",
    "CardsTry",
    "TileExample",
    "Try",
    "cards_move",
    "cards_setup",
    "judge",
    "tile_setup",
]

# The whole square of 36 tiles, each row a Qwirkle of one colour and each column one of a shape: no tile fits
# next to it anywhere.
_SQUARE = "0,0:RoRsRdRcRxR*/OoOsOdOcOxO*/YoYsYdYcYxY*/GoGsGdGcGxG*/BoBsBdBcBxB*/PoPsPdPcPxP*"
_ONE_COPY = RuleSet(copies_per_tile=1)


@dataclass(frozen=True)
class Try:
    """A move of the tile game tried in the example's position (or in ``position``), after the ``before`` moves."""

    move: str
    """The move, in notation."""
    words: str = ""
    """What the picture shows, in a player's words."""
    before: tuple[str, ...] = ()
    """Moves played first, each by the seat to move, so that the move is tried later in the game."""
    position: str = ""
    """Another position to try the move in; the example's own if empty."""
    seat: int | None = None
    """The seat that plays the move, if not the seat to move."""
    resigned: int | None = None
    """A seat that resigns after the ``before`` moves, so that the move is tried in the game it ended."""


@dataclass(frozen=True)
class TileExample:
    """A rule of the tile game with a move it allows and a move it refuses."""

    rule: str
    position: str
    legal: Try
    refused: Try
    rules: RuleSet = field(default_factory=RuleSet)
    """The options, where the rule needs some (a small set of tiles, a score limit)."""
    keeper: bool = False
    """Try the moves on a score keeper of a game on a real table, started empty, rather than on a state."""
    refused_with: str = ""
    """The rule the library names for the refused move, when it names a more precise one; this rule if empty."""
    players: tuple[str, ...] = ("Ann", "Bob")


@dataclass(frozen=True)
class CardsTry:
    """A move of Qwirkle Cards: a lay (the cards played and the whole table after it), a pass or a redraw."""

    played: str = ""
    table: tuple[str, ...] = ()
    kind: str = "lay"
    """``"lay"``, ``"pass"`` or ``"redraw"``."""
    words: str = ""
    before: tuple[CardsTry, ...] = ()
    table_before: tuple[str, ...] | None = None
    """Another table to try the move on, with ``hands_before``; the example's own if ``None``."""
    hands_before: tuple[str, ...] | None = None
    resigned: int | None = None
    """A seat that resigns after the ``before`` moves, so that the move is tried in the game it ended."""


@dataclass(frozen=True)
class CardsExample:
    """A rule of Qwirkle Cards with a move it allows and a move it refuses."""

    rule: str
    table: tuple[str, ...]
    hands: tuple[str, ...]
    legal: CardsTry
    refused: CardsTry
    rules: card_game.CardsRuleSet = field(default_factory=card_game.CardsRuleSet)
    qwirkles: tuple[tuple[str, ...], ...] = ()
    """The Qwirkles each seat has claimed, each a series of six in card codes."""
    deck: tuple[str, ...] | None = None
    """The deck, in card codes; every card that is nowhere else if ``None``."""
    final_turns: int | None = None
    players: tuple[str, ...] = field(default=("Ann", "Bob"))


TILE_EXAMPLES: tuple[TileExample, ...] = (
    TileExample(
        "TILES-2",
        "-",
        Try("Ro@2,-1 Rd@2,0", "A third red circle joins the table.", before=("Ro@0,0 Rs@1,0", "Ro@1,1")),
        Try(
            "Ro@3,0",
            "A fourth red circle cannot be: the game has three.",
            before=("Ro@0,0 Rs@1,0", "Ro@1,1", "Ro@2,-1 Rd@2,0"),
        ),
        keeper=True,
    ),
    TileExample(
        "START-4",
        "- RoRsRdBoYxGc/OoOsBdGcYdP* 0/0 0",
        Try("Ro@0,0 Rs@1,0 Rd@2,0", "Ann opens with her group of three reds."),
        Try("Ro@0,0 Rs@1,0", "Two of the three reds are not enough."),
    ),
    TileExample(
        "START-7",
        "0,0:RoRs RdBoGoYoPoOo/OsBdGcYdP*Bx 2/0 0",
        Try("Rd@2,0", "Ann, whose turn it is, plays.", seat=0),
        Try("Rd@2,0", "Bob tries to play in Ann's turn.", seat=1),
    ),
    TileExample(
        "TURN-1",
        "0,0:RoRs RdBoGoYoPoOo/OsBdGcYdP*Bx 2/0 0",
        Try("Rd@2,0", "Ann places a tile from her hand."),
        Try("Rc@2,0", "Ann has no red clover to place."),
    ),
    TileExample(
        "TURN-3",
        _SQUARE.replace("RxR*/", "Rx/")
        + " OsOdOcOxO*YoYsYdYcYx/R*R*Y*GoGsGdGcGxG*Bo/BsBdBcBxB*PoPsPdPcPx/P*RoRsRdRcRxOo 0/0/0/0 0 -",
        Try("pass", "The bag is empty and no tile of Ann's fits anywhere: she passes."),
        Try("pass", "Bob holds a red eight-point star that fits: he may not pass.", before=("pass",)),
        rules=RuleSet(copies_per_tile=2, hand_size=10),
        players=("Ann", "Bob", "Cat", "Dan"),
    ),
    TileExample(
        "PLACE-1",
        "0,0:RoRsRd RcRxBdGcYxPd/OoOsOdOcOxO* 3/0 0",
        Try("Rc@3,0 Rx@4,0", "Both tiles go in the red row."),
        Try("Rc@3,0 Bd@2,1", "One tile in the row, one in a column: not one line."),
    ),
    TileExample(
        "PLACE-2",
        "0,0:RoRsRd RcRxBdGcYxPd/OoOsOdOcOxO* 3/0 0",
        Try("Rc@3,0 Rx@4,0", "The two tiles continue the row without a gap."),
        Try("Rc@3,0 Rx@5,0", "An empty cell would stay between the two tiles."),
    ),
    TileExample(
        "PLACE-3",
        "0,0:RoRs BdGcRdRcYxPd/OoOsOdOcOxO* 2/0 0",
        Try("Rd@2,0 Rc@3,0", "Two red tiles: they share a colour."),
        Try("Bd@2,0 Gc@3,0", "A blue diamond and a green clover share nothing."),
    ),
    TileExample(
        "PLACE-4",
        "0,0:RoRs RdBoGoYoPoOo/OsBdGcYdP*Bx 2/0 0",
        Try("Rd@2,0", "The red diamond touches the red square along an edge."),
        Try("Rd@2,1", "Touching at a corner is not enough."),
    ),
    TileExample(
        "PLACE-5",
        "0,0:RoRs RdBoGoYoPoOo/OsBdGcYdP*Bx 2/0 0",
        Try("Rd@2,0", "The red diamond goes on an empty cell."),
        Try("Rd@1,0", "The cell already holds the red square."),
    ),
    TileExample(
        "LINE-2",
        "0,0:RoRs RdBdGoYoPoOo/OsBcGcYdP*Bx 2/0 0",
        Try("Rd@2,0", "Red, red, red: one colour, three shapes."),
        Try("Bd@2,0", "A blue diamond mixes colours and shapes in the row."),
    ),
    TileExample(
        "LINE-3",
        "0,0:RoRsRd RoRcBdGcYxPd/OoOsOdOcOxO* 3/0 0",
        Try("Rc@3,0", "A red clover is new to the row."),
        Try("Ro@3,0", "The row already holds a red circle."),
    ),
    TileExample(
        "LINE-4",
        "0,0:RoRsRdRcRxR* RoOoBdGcYxPd/OsOdOcOxO*Bs 18/0 0",
        Try("Oo@0,1", "The orange circle starts a column of circles."),
        Try("Ro@6,0", "A seventh tile in a row of six."),
    ),
    TileExample(
        "LINE-6",
        "0,0:RoRsRd/2YdYc/3Rc RcGcRxBdYsPd/OoOsOdOcOxO* 8/0 0",
        Try("Ys@1,1", "The yellow square suits its row of yellows and its column of squares."),
        Try("Rc@3,0", "The red clover suits its row, not its column, which already holds one."),
        refused_with="LINE-3",
    ),
    TileExample(
        "EXCHANGE-1",
        "0,0:RoRs RdBoGoYoPoOo/OsBdGcYdP*Bx 2/0 0",
        Try("swap Bo Go", "Ann gives back two of her tiles."),
        Try("swap Bo Gs", "Ann has no green square to give back."),
    ),
    TileExample(
        "EXCHANGE-4",
        _SQUARE + " RoRsRdRcRxR*/OoOsOdOcOxO* 72/0 0",
        Try("swap Ro Rs", "No tile fits anywhere, so Ann exchanges."),
        Try("pass", "Ann may not pass while the bag holds tiles."),
    ),
    TileExample(
        "EXCHANGE-5",
        "0,0:RoRsRdRcRxR*/OoOsOdOcOxO*/YoYsYdYcYxY*/GoGsGdGc BoBsBdBcBxB*/PoPsPdPcPxP* 0/0 0 GxG*",
        Try("swap Bo Bs", "The bag holds two tiles, so Ann exchanges two."),
        Try("swap Bo Bs Bd", "Three tiles are more than the bag holds."),
        rules=_ONE_COPY,
    ),
    TileExample(
        "END-2",
        "0,0:RoRsRdRcRxR*/OoOsOdOcOxO*/YoYsYdYcYxY*/GoGsGdGcGxG*/BoBsBdBcBx B*/PoPsPdPcPxP* 0/0 0 -",
        Try("B*@5,4", "Ann places her last tile with the bag empty: the game is over."),
        Try("Po@0,5", "Bob gets no last turn.", before=("B*@5,4",)),
        rules=_ONE_COPY,
    ),
    TileExample(
        "END-3",
        _SQUARE[:-2] + " P*RoRsRdRcRxR*OoOsOd/OcOxO*YoYsYdYcYxY*Go/GsGdGcGxG*BoBsBdBcBx/B*PoPsPdPcPxP* 0/0/0/0 0 -",
        Try("P*@5,5", "The last hole is filled: nobody can place any more and the bag is empty."),
        Try("pass", "The game is over: Bob has no turn.", before=("P*@5,5",)),
        rules=RuleSet(copies_per_tile=2, hand_size=10),
        players=("Ann", "Bob", "Cat", "Dan"),
    ),
    TileExample(
        "END-4",
        "0,0:RoRs RdBoGoYoPoOo/OsBdGcYdP*Bx 2/9 0",
        Try("Rd@2,0", "Ann plays on: until the game ends, every total can still change."),
        Try(
            "Rd@2,0",
            "Bob has resigned: the game is over, and Ann wins though Bob was ahead. Leaving a game is a "
            "convention of the library, as the sources say nothing of it: whoever leaves does not win.",
            resigned=1,
        ),
    ),
    TileExample(
        "END-5",
        _SQUARE + " RoRsRdRcRxR*/OoOsOdOcOxO* 72/0 0",
        Try("swap Oo", "Bob exchanges too: a whole round without a placement ends the game.", before=("swap Ro",)),
        Try("swap Rs", "The game is over: Ann has no turn.", before=("swap Ro", "swap Oo")),
        rules=RuleSet(stalemate_rounds=1),
    ),
    TileExample(
        "VARIANT-4",
        "0,0:RoRs RdBoGoYoPoOo/OsBdGcYdP*Bx 8/0 0",
        Try("Rd@2,0", "Ann's 3 points take her to 11, past the limit of 10: the game is over."),
        Try("Os@1,1", "The game is over: Bob has no turn.", before=("Rd@2,0",)),
        rules=RuleSet(score_limit=10),
    ),
)
"""The tile game's rules, each with a move it allows and one it refuses."""


_CARDS_HANDS = ("Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Gs Gd G* Bx Pd Pc")
# Every series of six of one colour except the third red and orange ones, which are on the table and in the hands.
_CLAIMED = tuple(
    " ".join(colour + shape for shape in "osdcx*") for colour in "ROYGBP" for _ in range(2 if colour in "RO" else 3)
)

CARD_EXAMPLES: tuple[CardsExample, ...] = (
    CardsExample(
        "CARDS-3",
        ("Ro Rs Rd", "Bc Gc Yc"),
        _CARDS_HANDS,
        CardsTry("Bo Bs Bd", ("Ro Rs Rd", "Bc Gc Yc", "Bo Bs Bd"), words="Three blue cards of three shapes."),
        CardsTry("Bo Bs Px", ("Ro Rs Rd", "Bc Gc Yc", "Bo Bs Px"), words="A purple star among blue cards."),
    ),
    CardsExample(
        "CARDS-5",
        (),
        ("Ro Rs Rd Rc Bx Gx Px O* P*", "Ox Yo Yd Gs Gd G* Bc Pd Pc"),
        CardsTry("Ro Rs Rd Rc", ("Ro Rs Rd Rc",), words="Ann opens with her largest series, four reds."),
        CardsTry("Ro Rs Rd", ("Ro Rs Rd",), words="Three of the four reds are not the largest series."),
        rules=card_game.CardsRuleSet(cards_opening_must_play_max=True),
    ),
    CardsExample(
        "CARDS-6",
        ("Ro Rs Rd", "Bc Gc Yc"),
        _CARDS_HANDS,
        CardsTry("Rc", ("Ro Rs Rd Rc", "Bc Gc Yc"), words="Ann adds her red clover to the reds."),
        CardsTry("Rc", ("Ro Rs Rd Rc",), words="The series of clovers has gone from the table."),
    ),
    CardsExample(
        "CARDS-7",
        (),
        ("Ro Rs Os Od Yd Yc Gc Gx Bx", "Ox Yx Px Go Gs Gd Bo Bs Bd"),
        CardsTry(kind="pass", words="No three of Ann's cards make a series: she passes."),
        CardsTry(
            kind="pass",
            words="Ann could lay her red clover, so she may not pass.",
            table_before=("Ro Rs Rd", "Bc Gc Yc"),
            hands_before=_CARDS_HANDS,
        ),
    ),
    CardsExample(
        "CARDS-11",
        ("Ro Rs Rd",),
        _CARDS_HANDS,
        CardsTry(
            "Rc", ("Ro Rs Rd Rc",), words="Ann lays her red clover: the game goes on, and the most Qwirkles will win."
        ),
        CardsTry(
            "Rc",
            ("Ro Rs Rd Rc",),
            words="Bob has resigned: the game is over, and Ann wins. Leaving a game is a convention of the library, "
            "as in the tile game: whoever leaves does not win.",
            resigned=1,
        ),
    ),
    CardsExample(
        "CARDS-10",
        ("Ro Rs Rd", "Oo Os Od"),
        ("Rc Rx R*", "Oc Ox O*"),
        CardsTry("Rc", ("Ro Rs Rd Rc", "Oo Os Od"), words="The deck is empty and Ann takes the last turn."),
        CardsTry(
            "Oc",
            ("Ro Rs Rd Rc", "Oo Os Od Oc"),
            words="Every player has had a last turn: the game is over.",
            before=(CardsTry("Rc", ("Ro Rs Rd Rc", "Oo Os Od")),),
        ),
        qwirkles=(_CLAIMED[:8], _CLAIMED[8:]),
        deck=(),
        final_turns=1,
    ),
)
"""Qwirkle Cards' rules, each with a move it allows and one it refuses."""

EXAMPLES: dict[str, TileExample | CardsExample] = {example.rule: example for example in TILE_EXAMPLES + CARD_EXAMPLES}
"""Every example, by the ID of its rule."""


# ---------------------------------------------------------------------------
# Trying the moves


def tile_setup(example: TileExample, attempt: Try) -> GameState | Scorekeeper:
    """The game the move is tried in: the example's position (or the try's own), after the moves before it."""
    rules = example.rules
    if example.keeper:
        keeper = Scorekeeper.start(list(example.players), rules=rules)
        for text in attempt.before:
            keeper = keeper.place(text)
        return keeper
    state = parse_position(attempt.position or example.position, players=example.players, rules=rules)
    for text in attempt.before:
        state = apply(state, parse_move(text))
    if attempt.resigned is not None:
        state = resign(state, attempt.resigned)
    return state


def judge(example: TileExample, attempt: Try) -> int:
    """What the move scores, as the library answers; raises :class:`~qwirkle.IllegalMoveError` if it refuses it."""
    game = tile_setup(example, attempt)
    move = parse_move(attempt.move)
    if isinstance(game, Scorekeeper):
        return game.score(attempt.move).total
    return verify(game, move, seat=attempt.seat).total


def cards_setup(example: CardsExample, attempt: CardsTry) -> card_game.CardsState:
    """The game of Qwirkle Cards the move is tried in, after the moves before it."""
    rules = example.rules
    table = example.table if attempt.table_before is None else attempt.table_before
    hands = example.hands if attempt.hands_before is None else attempt.hands_before
    state = card_game.position(
        list(example.players),
        list(table),
        list(hands),
        deck=None if example.deck is None else card_game.parse_cards(" ".join(example.deck)),
        qwirkles=[[card_game.parse_cards(series) for series in seat] for seat in example.qwirkles] or None,
        rules=rules,
        final_turns=example.final_turns,
    )
    for earlier in attempt.before:
        state = card_game.apply(state, cards_move(earlier))
    if attempt.resigned is not None:
        state = card_game.resign(state, attempt.resigned)
    return state


def cards_move(attempt: CardsTry) -> card_game.CardsMove:
    """The move an attempt describes."""
    if attempt.kind == "pass":
        return card_game.Pass()
    if attempt.kind == "redraw":
        return card_game.Redraw()
    return card_game.Lay(attempt.played, list(attempt.table))
