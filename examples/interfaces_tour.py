"""A tour of what interfaces use: notation, player views, building a turn, turn reports, records and pictures.

Run it with ``python examples/interfaces_tour.py``; it writes ``tour.svg`` in the current directory.
"""

import json
from pathlib import Path

from qwirkle import IllegalMoveError, InvalidNotationError, format_tile, new_game, parse_move, play, view
from qwirkle.bots import GreedyBot
from qwirkle.formats.notation import format_cell
from qwirkle.formats.records import GameRecord
from qwirkle.interface.builder import TurnBuilder
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.render import board_svg, board_text, hand_text

state = new_game(["Ann", "Bob"], seed=2024)
me = state.current
print(f"{state.players[me]} opens. Hand: {hand_text(state.hand)}")

# Moves are written in a short notation: tile@x,y items, "swap" and tiles, or "pass".
try:
    parse_move("Ro@0;0")
except InvalidNotationError as error:
    print(f"Bad notation: {error}\n{error.pointer}")

# Build the opening tile by tile, as a player would drop tiles on a screen.
best = GreedyBot(seed=1).choose(state)
turn = TurnBuilder(state)
for cell, tile in best:
    turn = turn.add(cell, tile)
    print(f"  after {format_tile(tile)}@{format_cell(cell)}: complete={turn.is_complete}")
print("Score:", turn.score().total, "=", "; ".join(turn.explain()))
assert turn.move is not None

# Play it, and read back what happened, as the other player may see it.
state, done = play(state, turn.move)
for line in done.seen_by(1 - me).describe(state.players):
    print(line)

# What the other player may know: no bag order, no seed, no other hand.
seen = view(state, 1 - me)
print("Bob's view has keys:", ", ".join(sorted(seen.to_json())))

# An illegal move is refused with the rule it breaks.
try:
    play(state, parse_move(f"{hand_text(state.hand[:1])}@50,50"))
except IllegalMoveError as error:
    print(f"Refused: {error.reason} (Rule {error.rule}: {error.rule.statement})")

# Finish the game with bots, record it, and replay the record.
bots = [GreedyBot(seed=2), GreedyBot(seed=3)]
while state.outcome is None:
    state, _ = play(state, bots[state.current].choose(state))
record = GameRecord.from_game(state)
text = record.dumps()
print(f"The record takes {len(text)} characters of JSON, {len(json.loads(text)['turns'])} turns.")
assert GameRecord.loads(text).replay().final == state

print(board_text(state))
Path("tour.svg").write_text(board_svg(state, palette="colour-blind"), encoding="utf-8")
print("Wrote tour.svg")

# Keeping score for a game on a real table: no hands, no bag.
keeper = Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0 Rs@1,0 Rd@2,0").place("Bs@1,1 Gs@1,2")
print("Table game scores:", dict(zip(keeper.players, keeper.scores, strict=True)))
