"""Regenerate the position corpus, ``benchmarks/data/corpus.json``, from seeded bot games.

Run from the repository root, with the project installed::

    python benchmarks/make_corpus.py            # rewrite the corpus (a few minutes)
    python benchmarks/make_corpus.py --check    # regenerate and compare, write nothing

The same engine rules give the same file, byte for byte: every game is dealt
from a fixed seed and played by seeded bots that sort the moves before they
draw, so the order in which the engine lists moves does not matter.

Positions come from games of random and of greedy bots, with 2 and with 4
players: each game's opening, and one position of each later phase (early,
middle, late, empty bag). A few games under other rule options add
``variant`` positions. The ``adversarial`` positions are the hardest found
among every position of those games: most open line ends, most placements,
most cells where the hand fits; a few more get a one-colour or one-shape hand
chosen to fit as many lines as possible.

The counts stored are the engine's. Before writing, every position is rebuilt
from its stored form and its moves are compared with the brute-force
enumerator of the test suite (``tests/brute.py``); any disagreement stops the
script and nothing is written.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from corpus import CORPUS, Entry, count_moves, dump, entry_of

from qwirkle import ALL_TILES, Exchange, GameState, Pass, Place, RuleSet, apply, legal_moves, new_game, position
from qwirkle.bots import Bot, GreedyBot, RandomBot

ROOT: Final = Path(__file__).resolve().parents[1]

NAMES: Final = ("A", "B", "C", "D")
MAX_TURNS: Final = 5_000
"""A game that runs longer than this is a bug in the bots or the engine, not a position to keep."""

PHASES: Final = ("opening", "early", "middle", "late", "empty_bag")


@dataclass(frozen=True)
class Group:
    """A set of seeded games: who plays, how many seats, under which rules."""

    name: str
    bot: str
    players: int
    games: int
    first_seed: int
    openings: int
    """How many of the games give their opening position (openings are cheap and alike)."""
    rules: RuleSet = field(default_factory=RuleSet)


GROUPS: Final = (
    Group("r2", "random", 2, games=30, first_seed=1000, openings=12),
    Group("g2", "greedy", 2, games=30, first_seed=2000, openings=12),
    Group("r4", "random", 4, games=20, first_seed=3000, openings=8),
    Group("g4", "greedy", 4, games=20, first_seed=4000, openings=8),
)
"""The standard games; they also make up the pool the adversarial positions are picked from."""

VARIANTS: Final = (
    Group("vp", "random", 2, games=3, first_seed=5000, openings=3, rules=RuleSet(allow_voluntary_pass=True)),
    Group(
        "vx",
        "random",
        2,
        games=3,
        first_seed=6000,
        openings=0,
        rules=RuleSet(exchange_limited_by_bag=False, exchange_return_before_draw=True),
    ),
    Group("vo", "greedy", 4, games=3, first_seed=7000, openings=3, rules=RuleSet(opening_must_play_max_group=False)),
)
"""Games under other rule options, so that the golden counts cover the options that change the moves."""

ADVERSARIAL_PER_METRIC: Final = 15
CRAFTED: Final = 8
CRAFTED_MAX_PLACEMENTS: Final = 2500
"""A one-colour hand can have tens of thousands of placements; past this many a position would only slow the
golden test and the brute-force check down without exercising anything new."""


@dataclass
class Found:
    """A position of a game, with what is needed to name, tag and rank it."""

    group: Group
    seed: int
    turn: int
    state: GameState
    suffix: str = ""
    extra_tags: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return f"{self.group.name}-{self.seed:04d}-t{self.turn:03d}{self.suffix}"

    @property
    def key(self) -> tuple[str, int, int]:
        return self.group.name, self.seed, self.turn

    def tags(self) -> list[str]:
        seats = {2: "two_players", 3: "three_players", 4: "four_players"}[len(self.state.players)]
        tags = [phase_of(self.state), seats, f"{self.group.bot}_bots", *self.extra_tags]
        if self.group in VARIANTS:
            tags.append("variant")
        return tags


def phase_of(state: GameState) -> str:
    """The phase of a game: by the share of the dealt-out bag still to draw."""
    if not state.board:
        return "opening"
    if not state.bag:
        return "empty_bag"
    rules = state.rules
    left = len(state.bag) / (rules.tile_count - len(state.players) * rules.hand_size)
    if left > 2 / 3:
        return "early"
    return "middle" if left > 1 / 3 else "late"


def make_bot(kind: str, seed: int) -> Bot:
    return RandomBot(seed) if kind == "random" else GreedyBot(seed)


def play(group: Group, seed: int) -> list[GameState]:
    """Every position of one game where a move is still to be played, in order."""
    state = new_game(NAMES[: group.players], seed=seed, rules=group.rules)
    bots = [make_bot(group.bot, seed * 10 + seat) for seat in range(group.players)]
    states: list[GameState] = []
    while state.outcome is None:
        if len(states) >= MAX_TURNS:
            raise RuntimeError(f"game {group.name} {seed} did not end after {MAX_TURNS} turns")
        states.append(state)
        state = apply(state, bots[state.current].choose(state))
    return states


def pick_phases(group: Group, seed: int, states: Sequence[GameState], opening: bool) -> list[Found]:
    """The opening (if asked) and one position drawn at random from each later phase of a game."""
    by_phase: dict[str, list[int]] = {phase: [] for phase in PHASES}
    for turn, state in enumerate(states):
        by_phase[phase_of(state)].append(turn)
    rng = random.Random(seed)
    found = []
    for phase in PHASES:
        turns = by_phase[phase]
        if not turns or (phase == "opening" and not opening):
            continue
        turn = rng.choice(turns)
        found.append(Found(group, seed, turn, states[turn]))
    return found


# --- What makes a position hard -------------------------------------------------------------------------------------

_FITS_CACHE: dict[tuple[int, ...], frozenset[int]] = {}


def _fitting(line: tuple[int, ...]) -> frozenset[int]:
    """The tile indices that could join ``line`` (tiles of one run, by index) and keep it a valid line."""
    if line not in _FITS_CACHE:
        fits = []
        if len(line) < 6:
            for t in range(36):
                joined = (*line, t)
                distinct = len(set(joined)) == len(joined)
                if distinct and (len({c // 6 for c in joined}) == 1 or len({c % 6 for c in joined}) == 1):
                    fits.append(t)
        _FITS_CACHE[line] = frozenset(fits)
    return _FITS_CACHE[line]


def _run(grid: dict[tuple[int, int], int], x: int, y: int, dx: int, dy: int) -> tuple[int, ...]:
    """The tiles on both sides of the empty cell ``(x, y)`` along ``(dx, dy)``, sorted (order does not matter)."""
    tiles = []
    for sign in (-1, 1):
        cx, cy = x + sign * dx, y + sign * dy
        while (cx, cy) in grid:
            tiles.append(grid[cx, cy])
            cx, cy = cx + sign * dx, cy + sign * dy
    return tuple(sorted(tiles))


def _extends_line(grid: dict[tuple[int, int], int], x: int, y: int, dx: int, dy: int) -> bool:
    """Whether the empty cell ``(x, y)`` touches the end of a run of two or more tiles along ``(dx, dy)``."""
    return any((x + s * dx, y + s * dy) in grid and (x + 2 * s * dx, y + 2 * s * dy) in grid for s in (-1, 1))


def open_line_ends(state: GameState) -> int:
    """How many (empty cell, direction) pairs extend a line of two or more tiles, on a cell some tile fits.

    Each is a place where a move can grow a line; the move generator has to
    consider every one of them.
    """
    grid = {cell: tile.index for cell, tile in state.board.items()}
    empty = {(x + dx, y + dy) for x, y in grid for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - grid.keys()
    count = 0
    for x, y in empty:
        if _fitting(_run(grid, x, y, 1, 0)) & _fitting(_run(grid, x, y, 0, 1)):
            count += _extends_line(grid, x, y, 1, 0) + _extends_line(grid, x, y, 0, 1)
    return count


@dataclass(frozen=True)
class Hardness:
    line_ends: int
    placements: int
    fitting_cells: int
    """Cells where some tile of the hand can go on its own."""


def hardness(state: GameState) -> Hardness:
    placements = list(legal_moves(state).placements())
    cells = {move.cells[0] for move in placements if len(move) == 1}
    return Hardness(open_line_ends(state), len(placements), len(cells))


def pick_adversarial(pool: Sequence[Found], taken: set[tuple[str, int, int]]) -> list[Found]:
    """The hardest positions of the pool by each measure, one per game and measure, none already taken."""
    scored = [(found, hardness(found.state)) for found in pool if found.state.board]
    measures: tuple[tuple[str, Callable[[Hardness], int]], ...] = (
        ("many_line_ends", lambda h: h.line_ends),
        ("many_placements", lambda h: h.placements),
        ("many_fitting_cells", lambda h: h.fitting_cells),
    )
    picked = []
    for tag, measure in measures:
        games: set[tuple[str, int]] = set()
        for found, _ in sorted(scored, key=lambda item: (-measure(item[1]), item[0].name)):
            if len(games) == ADVERSARIAL_PER_METRIC:
                break
            game = found.group.name, found.seed
            if game in games or found.key in taken:
                continue
            games.add(game)
            taken.add(found.key)
            picked.append(Found(found.group, found.seed, found.turn, found.state, extra_tags=("adversarial", tag)))
    return picked


def one_line_hands(state: GameState) -> Iterator[tuple[int, ...]]:
    """Every six-tile hand of one colour or one shape that the player could hold: its tiles are in the hand or bag."""
    free = Counter(tile.index for tile in (*state.hand, *state.bag))
    for kind in range(6):
        for hand in (tuple(kind * 6 + s for s in range(6)), tuple(c * 6 + kind for c in range(6))):
            if all(free[t] for t in hand):
                yield hand


def with_hand(state: GameState, hand: Sequence[int], seed: int) -> GameState:
    """``state`` with the player to move holding ``hand``; the bag is what is left, shuffled from ``seed``."""
    hands = [list(h) for h in state.hands]
    hands[state.current] = [ALL_TILES[t] for t in hand]
    return position(
        state.players,
        state.board,
        hands,
        scores=state.scores,
        current=state.current,
        rules=state.rules,
        seed=seed,
    )


def placement_count(state: GameState) -> int:
    """How many placements there are, counted without building them: hands of one line can have tens of thousands."""
    moves = legal_moves(state)
    return len(moves) - sum(1 for _ in moves.exchanges()) - moves.can_pass()


def craft(pool: Sequence[Found], taken: set[tuple[str, int, int]]) -> list[Found]:
    """Positions of the pool with the most open line ends, given the one-line hand that fits most ways.

    Most ways up to :data:`CRAFTED_MAX_PLACEMENTS`: a hand with more is passed over.
    """
    candidates = [
        (open_line_ends(found.state), found)
        for found in pool
        if phase_of(found.state) in ("middle", "late") and found.key not in taken
    ]
    candidates.sort(key=lambda item: (-item[0], item[1].name))
    made: list[tuple[int, Found]] = []
    games: set[tuple[str, int]] = set()
    for _, found in candidates:
        if len(games) == 3 * CRAFTED:
            break
        game = found.group.name, found.seed
        if game in games:
            continue
        best: tuple[int, GameState] | None = None
        for hand in one_line_hands(found.state):
            state = with_hand(found.state, hand, found.seed)
            count = placement_count(state)
            if count <= CRAFTED_MAX_PLACEMENTS and (best is None or count > best[0]):
                best = count, state
        if best is None:
            continue
        games.add(game)
        tags = ("adversarial", "crafted_hand")
        made.append((best[0], Found(found.group, found.seed, found.turn, best[1], "-hand", tags)))
    made.sort(key=lambda item: (-item[0], item[1].name))
    return [found for _, found in made[:CRAFTED]]


# --- Collecting and checking ----------------------------------------------------------------------------------------


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def collect() -> list[Found]:
    """Every position of the corpus, in a fixed order."""
    started = time.perf_counter()
    chosen: list[Found] = []
    pool: list[Found] = []
    for group in (*GROUPS, *VARIANTS):
        for i in range(group.games):
            seed = group.first_seed + i
            states = play(group, seed)
            chosen += pick_phases(group, seed, states, opening=i < group.openings)
            if group in GROUPS:
                pool += [Found(group, seed, turn, state) for turn, state in enumerate(states)]
        log(f"played the {group.name} games ({time.perf_counter() - started:.0f} s)")
    taken = {found.key for found in chosen}
    chosen += pick_adversarial(pool, taken)
    log(f"picked the adversarial positions from {len(pool)} ({time.perf_counter() - started:.0f} s)")
    chosen += craft(pool, taken)
    log(f"crafted hands ({time.perf_counter() - started:.0f} s)")
    return chosen


STORED: Final = (
    "players",
    "board",
    "hands",
    "bag",
    "scores",
    "current",
    "rules",
    "starter",
    "seed",
    "rng",
    "idle_turns",
)


def round_trip(state: GameState, entry: Entry) -> list[str]:
    """The fields of ``state`` that its stored form does not give back."""
    again = entry.state()
    return [f"{name} differs once stored" for name in STORED if getattr(state, name) != getattr(again, name)]


def brute_checker() -> Callable[[Entry], list[str]]:
    """A check of one stored position against the engine and the brute-force enumerator of the test suite."""
    sys.path.insert(0, str(ROOT))
    from tests.brute import brute_can_pass, brute_exchanges, brute_placements

    def disagreements(entry: Entry) -> list[str]:
        """How the stored position, rebuilt, disagrees with the engine or with brute force; empty if it does not."""
        state = entry.state()
        problems = []
        again = count_moves(state)
        if again != entry.counts:
            problems.append(f"the rebuilt state counts {again}, the stored entry {entry.counts}")
        moves = legal_moves(state)
        listed = list(moves)
        if len(listed) != len(moves):
            problems.append(f"len(legal_moves) is {len(moves)} but {len(listed)} moves are listed")
        if len(set(listed)) != len(listed):
            problems.append("a move is listed twice")
        engine_places = {move for move in listed if isinstance(move, Place)}
        engine_exchanges = {move for move in listed if isinstance(move, Exchange)}
        brute_places = brute_placements(state)
        brute_swaps = brute_exchanges(state)
        for what, engine, brute in (
            ("placements", engine_places, brute_places),
            ("exchanges", engine_exchanges, brute_swaps),
        ):
            if engine != brute:
                only_engine = sorted(map(str, engine - brute))[:3]
                only_brute = sorted(map(str, brute - engine))[:3]
                problems.append(f"{what}: engine only {only_engine}, brute force only {only_brute}")
        if (Pass() in listed) != brute_can_pass(state, brute_places, brute_swaps):
            problems.append(f"the pass: the engine lists it: {Pass() in listed}; brute force disagrees")
        return problems

    return disagreements


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=CORPUS, help=f"where to write (default: {CORPUS})")
    parser.add_argument("--check", action="store_true", help="compare with the file at --out instead of writing it")
    options = parser.parse_args(argv)
    started = time.perf_counter()
    found = collect()
    entries = [entry_of(f.state, f.name, f.tags()) for f in found]
    disagreements = brute_checker()
    failed = 0
    for i, (f, entry) in enumerate(zip(found, entries, strict=True), 1):
        problems = round_trip(f.state, entry) + disagreements(entry)
        for problem in problems:
            log(f"{entry.id}: {problem}")
        failed += bool(problems)
        if i % 50 == 0 or i == len(entries):
            log(f"checked {i} of {len(entries)} positions against brute force ({time.perf_counter() - started:.0f} s)")
    if failed:
        log(f"{failed} positions disagree with the brute-force enumerator: the corpus was not written")
        return 1
    text = dump(entries)
    tags = Counter(tag for entry in entries for tag in entry.tags)
    summary = ", ".join(f"{tag} {n}" for tag, n in sorted(tags.items()))
    log(f"{len(entries)} positions, {len(text.encode()) / 1024:.0f} KiB: {summary}")
    if options.check:
        same = options.out.exists() and options.out.read_text(encoding="utf-8") == text
        log(f"{options.out} is {'up to date' if same else 'out of date'}")
        return 0 if same else 1
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(text, encoding="utf-8")
    log(f"wrote {options.out} ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
