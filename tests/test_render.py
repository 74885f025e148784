"""Pictures: terminal text (plain and ANSI) and SVG, with coordinates, the last move and highlights."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings

from qwirkle import Board, GameState, Place, QwirkleError, format_tile, view
from qwirkle.formats.notation import parse_tiles
from qwirkle.interface.builder import TurnBuilder
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.render import PALETTES, board_svg, board_text, hand_svg, hand_text, series_svg
from tests.played import play, states

SVG = "{http://www.w3.org/2000/svg}"


def titles(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return [element.text or "" for element in root.iter(f"{SVG}title")]


def last_cells(state: GameState) -> tuple[tuple[int, int], ...]:
    move = state.last_move
    return move.cells if isinstance(move, Place) else ()


@given(states(most_turns=100))
@settings(max_examples=25)
def test_svg_is_well_formed_and_shows_every_tile(state: GameState) -> None:
    picture = board_svg(state)
    names = titles(picture)
    assert names[0] == f"Qwirkle table: {len(state.board)} tiles"
    assert sorted(names[1:]) == sorted(str(tile) for tile in state.board.values())
    assert picture.count('class="last"') == len(last_cells(state))
    assert state._repr_svg_() == picture


@given(states(most_turns=60))
@settings(max_examples=15)
def test_svg_highlights_and_placed_tiles_for_an_interface(state: GameState) -> None:
    turn = TurnBuilder(state)
    options = turn.options(touching_only=True)
    picture = board_svg(state, highlight=list(options), interactive=True)
    root = ET.fromstring(picture)
    offered = {
        (int(e.get("data-x", "")), int(e.get("data-y", "")))
        for e in root.iter(f"{SVG}rect")
        if "option" in (e.get("class") or "")
    }
    assert offered == set(options)
    clickable = [e for e in root.iter(f"{SVG}rect") if (e.get("class") or "").startswith("cell")]
    assert len(clickable) >= len(options)
    if options:
        cell, tiles = next(iter(options.items()))
        tile = sorted(tiles)[0]
        drawn = board_svg(state, placed={cell: tile})
        assert titles(drawn).count(str(tile)) == list(state.board.values()).count(tile) + 1
        assert 'class="placed"' in drawn


def test_the_six_shapes_and_both_palettes_differ() -> None:
    state = play(2, 40)[-1]
    shapes = {re.sub(r'fill="#[0-9a-f]{6}"', "", part) for part in board_svg(state).split("<g transform=")[1:]}
    assert len(shapes) > 6
    for palette, colours in PALETTES.items():
        assert len(set(colours)) == 6
        picture = board_svg(state, palette=palette)  # type: ignore[arg-type]
        ET.fromstring(picture)
        assert all(colour in picture for colour in {colours[t.colour.value] for t in state.board.values()})
    blind = board_svg(state, palette="colour-blind")
    letters = re.findall(r'font-weight="bold" fill="#ffffff"[^>]*>([ROYGBP])</text>', blind)
    assert sorted(letters) == sorted(format_tile(t)[0] for t in state.board.values())
    assert "font-weight" not in board_svg(state, palette="classic")
    assert "font-weight" in board_svg(state, letters=True)
    with pytest.raises(QwirkleError, match="unknown palette"):
        board_svg(state, palette="sepia")  # type: ignore[arg-type]


def test_views_scorekeepers_boards_and_mappings_draw_too() -> None:
    state = play(4, 20)[-1]
    picture = board_svg(state)
    assert view(state, 0)._repr_svg_() == picture
    assert board_svg(state.board, mark_last=False) == board_svg(state, mark_last=False)
    assert board_svg(dict(state.board)) == board_svg(state.board)
    keeper = Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0 Rs@1,0")
    assert keeper._repr_svg_().count('class="last"') == 2
    empty = board_svg(Board())
    ET.fromstring(empty)
    with pytest.raises(QwirkleError, match="no board"):
        board_svg(42)


def test_plain_text_has_coordinates_tiles_and_the_last_move() -> None:
    state = play(5, 30)[-1]
    text = board_text(state)
    assert "\x1b" not in text
    lines = text.splitlines()
    box = state.board.bounds()
    assert box is not None
    (x0, y0), (x1, y1) = box
    assert lines[0].split() == [str(x) for x in range(x0, x1 + 1)]
    assert [line.split()[0] for line in lines[1:]] == [str(y) for y in range(y0, y1 + 1)]
    codes = re.findall(r"[ROYGBP][osdcx*]", text)
    assert sorted(codes) == sorted(format_tile(tile) for tile in state.board.values())
    marked = re.findall(r"\[([ROYGBP][osdcx*])\]", text)
    assert sorted(marked) == sorted(format_tile(state.board[cell]) for cell in last_cells(state))
    assert board_text(Board()) == "(empty table)"


def test_ansi_text_colours_tiles_and_symbols_keep_the_colour_letter() -> None:
    state = play(6, 30)[-1]
    coloured = board_text(state, colour=True)
    assert coloured.count("\x1b[1;38;5;") == len(state.board)
    assert coloured.count("\x1b[7m") == len(last_cells(state))
    plain = re.sub(r"\x1b\[[0-9;]*m", "", coloured)
    assert plain == board_text(state)
    symbols = board_text(state, symbols=True)
    assert len(re.findall(r"[ROYGBP][●■◆♣✚✹]", symbols)) == len(state.board)
    assert hand_text(state.hand, numbered=True).startswith("1:")
    assert hand_text(state.hand, colour=True).count("\x1b[0m") == len(state.hand)


def test_hand_svg_marks_selected_tiles() -> None:
    hand = play(7, 0)[0].hand
    picture = hand_svg(hand, selected=[0, 2])
    root = ET.fromstring(picture)
    kinds = [g.get("class") for g in root.iter(f"{SVG}g") if g.get("data-index") is not None]
    assert kinds == ["hand-tile selected", "hand-tile", "hand-tile selected"] + ["hand-tile"] * (len(hand) - 3)


def test_series_svg_draws_each_series_as_a_row_and_outlines_the_marked_cards() -> None:
    table = [parse_tiles("Ro Rs Rd"), parse_tiles("Bc Gc Yc Oc")]
    picture = series_svg(table, marked=[(1, 3)], palette="colour-blind")
    root = ET.fromstring(picture)
    cards = [
        (int(g.get("data-series", "")), int(g.get("data-index", "")))
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "card"
    ]
    assert cards == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3)]
    assert titles(picture)[1:] == [str(card) for series in table for card in series]
    assert picture.count("stroke-dasharray") == 1
    assert "(empty table)" in series_svg([])
