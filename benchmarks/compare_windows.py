"""Dump the move generator's windows over many positions, and compare two dumps.

A change to the move generator (:mod:`qwirkle._engine.movegen`) or to the frontier it
reads should leave its output exactly as it was. This script records, for a
fixed set of positions, the windows :func:`qwirkle._engine.movegen.windows` returns
(empty cell keys, the option mask of each key, points), in the order it
returns them, so that two versions of the engine can be compared::

    python benchmarks/compare_windows.py dump before.jsonl.gz     # with the old code
    python benchmarks/compare_windows.py dump after.jsonl.gz      # with the new code
    python benchmarks/compare_windows.py compare before.jsonl.gz after.jsonl.gz

To dump with another checkout of the engine, put its ``src`` first on the path:
``PYTHONPATH=/path/to/checkout/src python benchmarks/compare_windows.py dump old.jsonl.gz``.

The positions are the corpus (``benchmarks/data/corpus.json``, boards built
fresh) and every position of ``--games`` seeded games played by the built-in
bots (boards grown move by move, so the frontier is the one derived
incrementally). Each position is asked for the windows of every seat's hand,
under its own rules and under other Qwirkle bonuses and lone-tile points, so
that a score table built per rule set is checked too. Only the public
``windows`` function and the public game API are used, so that any version of
the engine can be dumped.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
from corpus import load

from qwirkle import GameState, RuleSet, apply, new_game, view
from qwirkle._engine.movegen import windows
from qwirkle.bots import make_bot

BOT_NAMES = ("greedy", "random")
"""The bots that play the seeded games, cycled over the seats."""


def _variants(rules: RuleSet) -> list[tuple[str, RuleSet]]:
    """The rule sets a position is asked under: its own, then other scoring values."""
    return [
        ("own", rules),
        ("bonus0", attrs.evolve(rules, qwirkle_bonus=0)),
        ("bonus12", attrs.evolve(rules, qwirkle_bonus=12, lone_tile_points=3)),
    ]


def positions(games: int) -> Iterator[tuple[str, GameState]]:
    """The corpus positions, then every position of ``games`` seeded games, each with a name."""
    for entry in load():
        yield entry.id, entry.state()
    for seed in range(games):
        seats = 2 + seed % 3
        bots = [make_bot(BOT_NAMES[(seed + seat) % len(BOT_NAMES)], seed * 10 + seat) for seat in range(seats)]
        state = new_game([f"p{seat}" for seat in range(seats)], seed=seed)
        turn = 0
        while True:
            yield f"game{seed}-t{turn}", state
            if state.outcome is not None or turn >= 1000:
                break
            state = apply(state, bots[state.current].choose(view(state, state.current)))
            turn += 1


def dump(path: Path, games: int) -> int:
    """Write one JSON line per position and hand; return how many positions were dumped."""
    count = 0
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for name, state in positions(games):
            count += 1
            for seat, hand in enumerate(state.hands):
                indices = [tile.index for tile in hand]
                for label, rules in _variants(state.rules):
                    found = [
                        [list(keys), list(opts), points] for keys, opts, points in windows(state.board, indices, rules)
                    ]
                    out.write(json.dumps({"id": f"{name}/s{seat}/{label}", "windows": found}) + "\n")
    return count


def _read(path: Path) -> dict[str, list[list[object]]]:
    with gzip.open(path, "rt", encoding="utf-8") as source:
        return {row["id"]: row["windows"] for row in map(json.loads, source)}


def compare(old: Path, new: Path, *, ordered: bool = True) -> int:
    """Print the differences between two dumps; return how many entries differ (or are missing)."""
    a, b = _read(old), _read(new)
    bad = 0
    for name in sorted(a.keys() | b.keys()):
        x, y = a.get(name), b.get(name)
        if x is not None and y is not None and not ordered:
            x, y = sorted(map(json.dumps, x)), sorted(map(json.dumps, y))  # type: ignore[assignment]
        if x != y:
            bad += 1
            if bad <= 10:
                print(f"{name}: differs", file=sys.stderr)
    positions = {name.split("/")[0] for name in a}
    print(f"{len(a)} entries ({len(positions)} positions) against {len(b)}: {bad} differ")
    return bad


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="dump the windows of every position to a gzipped JSON-lines file")
    d.add_argument("path", type=Path)
    d.add_argument("--games", type=int, default=100, help="seeded games to play (default 100)")
    c = sub.add_parser("compare", help="compare two dumps")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    c.add_argument("--unordered", action="store_true", help="ignore the order of a position's windows")
    args = parser.parse_args(argv)
    if args.command == "dump":
        print(f"{dump(args.path, args.games)} positions dumped to {args.path}")
        return 0
    return 1 if compare(args.old, args.new, ordered=not args.unordered) else 0


if __name__ == "__main__":
    sys.exit(main())
