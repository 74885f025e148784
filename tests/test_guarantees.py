"""The promises of the guarantees page that no other test file keeps: games are the same in every process and
under every hash seed, and states shared between threads stay as they were."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from qwirkle import GameState, apply, legal_moves, new_game
from qwirkle import cards as cards_game
from qwirkle.bots import GreedyBot, RandomBot, run_game
from qwirkle.formats.records import GameRecord
from qwirkle.formats.state_json import state_to_json
from tests.helpers import snapshot

ROOT = Path(__file__).resolve().parents[1]

# A game of each kind between seeded bots, and the replay of the tile game's record, as one digest.
_PLAY = """
import hashlib, json
from qwirkle import cards
from qwirkle.bots import GreedyBot, RandomBot, run_game
from qwirkle.formats.records import GameRecord
from qwirkle.formats.state_json import state_to_json
final = run_game([RandomBot(seed=3), GreedyBot(seed=4)], seed=11)
again = GameRecord.loads(GameRecord.from_game(final).dumps()).replay().final
card_final = cards.run_game([cards.RandomBot(seed=5), cards.GreedyBot()], seed=12)
text = json.dumps([state_to_json(final), state_to_json(again), str(card_final), repr(card_final.history)])
print(hashlib.sha256(text.encode()).hexdigest())
"""


def _digest_here() -> str:
    final = run_game([RandomBot(seed=3), GreedyBot(seed=4)], seed=11)
    again = GameRecord.loads(GameRecord.from_game(final).dumps()).replay().final
    card_final = cards_game.run_game([cards_game.RandomBot(seed=5), cards_game.GreedyBot()], seed=12)
    assert isinstance(again, GameState)
    text = json.dumps([state_to_json(final), state_to_json(again), str(card_final), repr(card_final.history)])
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("hash_seed", ["0", "1", "4242", "random"])
def test_games_and_replays_are_the_same_in_every_process_and_under_every_hash_seed(hash_seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", _PLAY], capture_output=True, text=True, check=True, env=env, cwd=ROOT, timeout=300
    )
    assert done.stdout.strip() == _digest_here()


def test_states_shared_between_threads_give_every_thread_the_same_answers() -> None:
    start = new_game(["Ann", "Bob", "Cy"], seed=21)
    states = [start]
    for _ in range(20):
        states.append(apply(states[-1], GreedyBot(seed=1).choose(states[-1])))
    before = [snapshot(state) for state in states]

    def work(offset: int) -> list[object]:
        # Each thread asks every state everything, in its own order, so that the boards' caches are filled
        # by whichever thread comes first.
        out: list[object] = []
        for state in states[offset:] + states[:offset]:
            moves = legal_moves(state)
            out.append((state.turn_number, len(moves), moves.best(), sorted(map(repr, moves))[:50]))
        return sorted(out, key=lambda item: item[0])  # type: ignore[index]

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(work, range(8)))
    assert all(answer == answers[0] for answer in answers)
    assert [snapshot(state) for state in states] == before
