"""Sphinx extension: pictures of positions, drawn by the library at build time from the page's own examples.

Directive
    ``qwirkle-picture``
        Its argument is a Python expression, evaluated after running the
        page's examples that come before it, so the picture shows the very
        position those examples check. Its content is moves, one a line::

            ```{qwirkle-picture} state
            Rc@3,0 Rx@5,0
            Rc@3,0 Rx@4,0
            ```

        For each move (in notation for the tile game, a Python expression
        such as ``Lay("Rc", ["Ro Rs Rd Rc"])`` for Qwirkle Cards) it draws the
        position with the move laid out, then either the position after it
        with what it scored, or the rule that refuses it, as the library
        answers. Without moves it draws the position, the last move outlined
        (``:placed:`` and ``:highlight:`` are expressions for the tiles laid
        so far and the cells to highlight). ``:hand:`` adds the hand of the
        player to move, ``:seat:`` plays the moves for that seat, and
        ``:caption:`` adds a caption.

The panel builders are used by the rules pages too (see ``qwirkle_rules``).
"""

from __future__ import annotations

import contextlib
import doctest
import io
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from qwirkle import (
    Board,
    Exchange,
    GameState,
    IllegalMoveError,
    Move,
    Place,
    PlayerView,
    Tile,
    apply,
    format_move,
    parse_move,
    verify,
)
from qwirkle import cards as card_game
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.render import Palette, board_svg, hand_svg, series_svg

__all__ = [
    "Panel",
    "cards_move_panels",
    "cards_position_panel",
    "panels_node",
    "position_panel",
    "run_examples",
    "tile_move_panels",
]

SOURCE = Path(__file__).resolve().parents[2] / "src" / "qwirkle"
"""The library's code, which the pictures depend on."""
PALETTE: Final[Palette] = "colour-blind"
"""The documentation's pictures use the palette that everyone can tell apart, letters included."""


@dataclass(frozen=True)
class Panel:
    """One picture of a figure: its SVG drawings (a table, a hand), a caption, and the verdict it shows."""

    pictures: tuple[str, ...]
    caption: str
    verdict: str = ""
    """``"legal"``, ``"refused"`` or ``""`` for a picture that judges nothing."""
    message: str = ""
    """The library's message refusing the move, printed under the picture."""


# ---------------------------------------------------------------------------
# The tile game


def _selected(hand: Sequence[Tile], tiles: Iterable[Tile]) -> list[int]:
    """The indices of ``tiles`` in ``hand``, each copy matched once."""
    wanted = Counter(tiles)
    out = []
    for index, tile in enumerate(hand):
        if wanted[tile]:
            wanted[tile] -= 1
            out.append(index)
    return out


def _hand(state: GameState | PlayerView, selected: Sequence[int] = (), seat: int | None = None) -> str:
    hand = state.hand if seat is None or isinstance(state, PlayerView) else state.hands[seat]
    return hand_svg(hand, cell=32, palette=PALETTE, selected=selected)


def position_panel(
    source: GameState | PlayerView | Board,
    caption: str = "",
    *,
    hand: bool = False,
    placed: Iterable[tuple[tuple[int, int], Tile]] = (),
    highlight: Iterable[tuple[int, int]] = (),
) -> Panel:
    """A position: the table with its last move outlined, and the hand of the player to move if asked."""
    pictures = [board_svg(source, palette=PALETTE, placed=list(placed), highlight=list(highlight))]
    if hand and not isinstance(source, Board):
        pictures.append(_hand(source))
    return Panel(tuple(pictures), caption)


def _laid_out(game: GameState | Scorekeeper, move: Move, *, hand: bool, seat: int | None) -> tuple[str, ...]:
    """The game with ``move`` laid out: placed tiles outlined on the table, exchanged tiles raised in the hand.

    The hand (of ``seat``, else of the player to move) is drawn when asked, and for an
    exchange or a pass, whose pictures are about the hand; a score keeper knows no hands.
    """
    placed = move.placements if isinstance(move, Place) else ()
    pictures = [board_svg(game, palette=PALETTE, placed=placed)]
    if isinstance(game, GameState):
        if isinstance(move, Exchange):
            hand_of = game.hand if seat is None else game.hands[seat]
            pictures.append(_hand(game, _selected(hand_of, move.tiles), seat))
        elif hand or not isinstance(move, Place):
            pictures.append(_hand(game, seat=seat))
    return tuple(pictures)


def _judge(game: GameState | Scorekeeper, move: Move, *, seat: int | None) -> int:
    """What ``move`` scores, as the library answers; raises :class:`IllegalMoveError` if it refuses the move."""
    if isinstance(game, Scorekeeper):
        if not isinstance(move, Place):
            raise TypeError("a score keeper is shown placements only")
        return game.score(move).total
    return verify(game, move, seat=seat).total


def _points(total: int) -> str:
    return f"{total} point" if total == 1 else f"{total} points"


def tile_move_panels(
    game: GameState | Scorekeeper,
    move: Move | str,
    *,
    words: str = "",
    hand: bool = False,
    seat: int | None = None,
    after: bool = True,
) -> list[Panel]:
    """The game with ``move`` laid out, then the position after it (``after``) or the rule that refuses it.

    ``words`` says what the move is about; without them the caption names the player and the move.
    """
    if isinstance(move, str):
        move = parse_move(move)
    mover = game.players[game.current if seat is None else seat]
    laid_out = _laid_out(game, move, hand=hand, seat=seat)
    below = ", from the hand below" if len(laid_out) > 1 else ""
    what = f"{words} Move: {format_move(move)}" if words else f"{mover} plays {format_move(move)}{below}"
    try:
        total = _judge(game, move, seat=seat)
    except IllegalMoveError as error:
        return [Panel(laid_out, f"Refused. {what}.", "refused", str(error))]
    if not after or not isinstance(game, GameState):
        return [Panel(laid_out, f"Legal: {_points(total)}. {what}.", "legal")]
    result = apply(game, move)
    caption = f"Legal: {_points(total)}."
    if result.outcome is not None:
        caption += f" The game is over: {result.outcome.reason.words}."
    return [Panel(laid_out, f"{what}."), Panel((board_svg(result, palette=PALETTE),), caption, "legal")]


# ---------------------------------------------------------------------------
# Qwirkle Cards


def _added(before: Iterable[Iterable[Tile]], table: Sequence[Sequence[Tile]]) -> list[tuple[int, int]]:
    """The positions of the cards of ``table`` that were not on the table ``before``."""
    left = Counter(card for series in before for card in series)
    out = []
    for i, series in enumerate(table):
        for j, card in enumerate(series):
            if left[card]:
                left[card] -= 1
            else:
                out.append((i, j))
    return out


def cards_position_panel(state: card_game.CardsState, caption: str = "", *, hand: bool = True) -> Panel:
    """A position of Qwirkle Cards: the table, and the hand of the player to move."""
    pictures = [series_svg(state.table, palette=PALETTE)]
    if hand:
        pictures.append(hand_svg(state.hand, cell=32, palette=PALETTE))
    return Panel(tuple(pictures), caption)


def _cards_text(move: card_game.CardsMove) -> str:
    if isinstance(move, card_game.Lay):
        return "lays " + " ".join(card_game.card_code(card) for card in move.played)
    return "passes" if isinstance(move, card_game.Pass) else "redraws a hand"


def cards_move_panels(
    state: card_game.CardsState,
    move: card_game.CardsMove,
    *,
    words: str = "",
    seat: int | None = None,
    after: bool = True,
) -> list[Panel]:
    """The card table before ``move`` with the hand, then the table it makes, or the rule that refuses it."""
    mover = state.players[state.current if seat is None else seat]
    played = move.played if isinstance(move, card_game.Lay) else ()
    before = (
        series_svg(state.table, palette=PALETTE),
        hand_svg(state.hand, cell=32, palette=PALETTE, selected=_selected(state.hand, played)),
    )
    text = f"{mover} {_cards_text(move)}"
    what = f"{words} Move: {text}" if words else text
    try:
        points = card_game.verify(state, move, seat=seat)
    except IllegalMoveError as error:
        if not isinstance(move, card_game.Lay):
            return [Panel(before, f"Refused. {what}.", "refused", str(error))]
        # A lay is the table it leaves: the table proposed, with the cards it adds outlined.
        proposed = series_svg(move.table, palette=PALETTE, marked=_added(state.table, move.table))
        return [Panel((proposed, before[1]), f"Refused. {what}, to leave this table.", "refused", str(error))]
    claimed = len(points.qwirkles)
    verdict = "Legal." if not claimed else f"Legal: {claimed} Qwirkle{'s' if claimed > 1 else ''} claimed."
    if not isinstance(move, card_game.Lay):
        return [Panel(before, f"{verdict} {what}.", "legal")]
    table = series_svg(move.table, palette=PALETTE, marked=_added(state.table, move.table))
    if not after:
        return [Panel((table,), f"{verdict} {what}.", "legal")]
    return [Panel(before, f"{what}."), Panel((table,), verdict, "legal")]


# ---------------------------------------------------------------------------
# Docutils nodes


def panels_node(groups: Sequence[Sequence[Panel]], caption: str = "") -> nodes.container:
    """A figure of panels side by side, each with its caption; the drawings are HTML, the captions text.

    The panels of a group (a move before and after) stay on one row together.
    """
    figure = nodes.container(classes=["qwirkle-figure"])
    row = nodes.container(classes=["qwirkle-panels"])
    for group in groups:
        together = nodes.container(classes=["qwirkle-group"])
        for panel in group:
            classes = ["qwirkle-panel", *([f"qwirkle-{panel.verdict}"] if panel.verdict else [])]
            box = nodes.container(classes=classes)
            for picture in panel.pictures:
                box += nodes.raw("", picture, format="html")
            if panel.caption:
                box += nodes.paragraph(panel.caption, panel.caption, classes=["qwirkle-panel-caption"])
            if panel.message:
                box += nodes.paragraph(panel.message, panel.message, classes=["qwirkle-message"])
            together += box
        row += together
    figure += row
    if caption:
        figure += nodes.paragraph(caption, caption, classes=["qwirkle-figure-caption"])
    return figure


# ---------------------------------------------------------------------------
# The page's examples


def run_examples(code: str, namespace: dict[str, Any], name: str) -> None:
    """Run the examples of a doctest block in ``namespace``, output discarded; an unexpected exception propagates."""
    for example in doctest.DocTestParser().get_examples(code, name):
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                exec(compile(example.source, name, "single"), namespace)
            except Exception:
                if example.exc_msg is None:
                    raise


_TEST_BLOCKS = ("doctest", "testcode", "testsetup")


class PictureDirective(SphinxDirective):
    """Draw a position named by an expression, evaluated after the page's earlier examples."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {  # noqa: RUF012 (docutils' interface)
        "placed": directives.unchanged_required,
        "highlight": directives.unchanged_required,
        "seat": directives.nonnegative_int,
        "hand": directives.flag,
        "caption": directives.unchanged,
    }

    def namespace(self) -> dict[str, Any]:
        """The page's namespace, with every example block before this directive run once."""
        key = f"qwirkle-picture:{self.env.docname}"
        found = self.env.temp_data.get(key)
        if found is None:
            found = ({"__name__": "__docs__"}, [0])
            self.env.temp_data[key] = found
        namespace, done = found
        blocks = [
            node for node in self.state.document.findall(nodes.Element) if node.get("testnodetype") in _TEST_BLOCKS
        ]
        for index, block in enumerate(blocks[done[0] :], start=done[0]):
            run_examples(str(block.get("test", block.astext())), namespace, f"{self.env.docname} block {index + 1}")
        done[0] = len(blocks)
        return namespace

    def evaluate(self, expression: str) -> Any:
        return eval(expression, self.namespace())

    def run(self) -> list[nodes.Node]:
        # The pictures are the library's answers: the page is rebuilt when the library or this file changes.
        for path in [*sorted(Path(__file__).parent.glob("*.py")), *sorted(SOURCE.rglob("*.py"))]:
            self.env.note_dependency(str(path))
        try:
            panels = self.panels()
        except Exception as error:  # a picture that cannot be drawn fails the build, with the reason
            raise self.error(f"qwirkle-picture {self.arguments[0]!r}: {type(error).__name__}: {error}") from error
        return [panels_node(panels, self.options.get("caption", ""))]

    def panels(self) -> list[list[Panel]]:
        source = self.evaluate(self.arguments[0])
        seat = self.options.get("seat")
        hand = "hand" in self.options
        moves = [line.strip() for line in self.content if line.strip()]
        if isinstance(source, card_game.CardsState):
            if not moves:
                return [[cards_position_panel(source)]]
            return [cards_move_panels(source, self.evaluate(move), seat=seat) for move in moves]
        if moves:
            if not isinstance(source, GameState):
                raise TypeError(f"a move is judged in a GameState, not {type(source).__name__}")
            return [tile_move_panels(source, move, hand=hand, seat=seat) for move in moves]
        placed = self.evaluate(self.options["placed"]) if "placed" in self.options else ()
        highlight = self.evaluate(self.options["highlight"]) if "highlight" in self.options else ()
        return [[position_panel(source, hand=hand, placed=placed, highlight=highlight)]]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("qwirkle-picture", PictureDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
