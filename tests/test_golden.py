"""Golden counts: every position of the benchmark corpus has exactly the moves it had when it was stored.

Like a chess engine's perft file: ``benchmarks/data/corpus.json`` holds a
few hundred positions from seeded games, each with ``len(legal_moves(state))``,
its number of placements and exchanges, and a fingerprint of its placements.
The counts were checked against the brute-force enumerator (``tests/brute.py``)
when the corpus was made (``python benchmarks/make_corpus.py``), so a change in
any of them is a change in the rules the engine plays by.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

import pytest

from qwirkle import Exchange, GameState, Pass, Place, legal_moves
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "benchmarks" / "data" / "corpus.json"


class Counts(Protocol):
    @property
    def moves(self) -> int: ...
    @property
    def placements(self) -> int: ...
    @property
    def exchanges(self) -> int: ...
    @property
    def digest(self) -> str: ...


class Entry(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def tags(self) -> tuple[str, ...]: ...
    @property
    def counts(self) -> Counts: ...
    def state(self) -> GameState: ...


# benchmarks/ is not a package: its corpus module is loaded by path, under a name of its own,
# so that the type checker does not see the file under two module names.
_corpus = module_from_path("qwirkle_benchmark_corpus", ROOT / "benchmarks" / "corpus.py")
ENTRIES: list[Entry] = _corpus.load(CORPUS)
digest: Callable[[Iterable[Place]], str] = _corpus.placements_digest


def test_corpus_covers_every_category() -> None:
    tags = {tag for entry in ENTRIES for tag in entry.tags}
    wanted = {"opening", "early", "middle", "late", "empty_bag", "two_players", "four_players", "adversarial"}
    assert wanted <= tags
    assert len(ENTRIES) >= 500


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.id for entry in ENTRIES])
def test_golden_counts(entry: Entry) -> None:
    state = entry.state()
    counts = entry.counts
    moves = legal_moves(state)
    # Counted on a fresh board first, before anything is cached on it.
    assert len(moves) == counts.moves
    listed = list(moves)
    assert len(listed) == counts.moves, "len(legal_moves) and the moves iterated differ"
    placements = [move for move in listed if isinstance(move, Place)]
    exchanges = [move for move in listed if isinstance(move, Exchange)]
    passes = [move for move in listed if isinstance(move, Pass)]
    assert len(placements) == counts.placements
    assert len(exchanges) == counts.exchanges
    assert len(passes) == counts.moves - counts.placements - counts.exchanges
    assert len(passes) <= 1
    assert digest(placements) == counts.digest, "same number of placements, but not the same placements"
    # Again once the board has cached what it derived for the first listing.
    assert len(legal_moves(state)) == counts.moves
