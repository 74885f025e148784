"""A tour of the public API: deal a game, list and score the legal moves, play them, read the outcome.

Run it with ``python examples/play_a_game.py``.
"""

from qwirkle import Place, apply, is_over, legal_moves, new_game, score

state = new_game(["Ann", "Bob"], seed=2024)
print(f"{state.players[state.current]} opens with the hand:", ", ".join(str(tile) for tile in state.hand))

moves = legal_moves(state)  # lazy: counted, iterated and searched without building every move up front
print(f"{len(moves)} legal opening moves; the first three:")
for move in list(moves)[:3]:
    print(f"  {move}  ->  {score(state, move).total} points")

# Play the rest of the game: each player lays the placement that scores most,
# and exchanges (or, with an empty bag, passes) when nothing can be laid.
while not is_over(state):
    moves = legal_moves(state)
    placements = list(moves.placements())
    move = max(placements, key=lambda m: score(state, m).total) if placements else next(iter(moves))
    points = score(state, move)
    if isinstance(move, Place) and points.qwirkles:
        lines = " + ".join(f"line of {line.points}" for line in points.lines)
        print(f"Turn {state.turn_number + 1}: {state.players[state.current]} plays {move}")
        print(f"  a Qwirkle! {points.total} points = {lines} + bonus {points.qwirkle_points}")
    state = apply(state, move)  # a new state; the old one is unchanged

print()
print(state.board)
outcome = state.outcome
assert outcome is not None
print(f"\nThe game ended after {state.turn_number} turns ({outcome.reason.value}).")
for seat, name in enumerate(state.players):
    print(f"  {name}: {outcome.scores[seat]} points")
print("Winner:", " and ".join(state.players[seat] for seat in outcome.winners))
