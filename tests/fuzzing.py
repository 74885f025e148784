"""Fuzzing every parser and loader with mutated real outputs: each input is refused with a library error or read back.

The inputs start as what the library itself writes (tiles, moves, positions,
states, views and records in JSON, the card game's codes, lays and positions),
taken from seeded games, and are then changed: characters flipped, spans
deleted or duplicated, huge, negative, float, boolean and null numbers put in,
deep nesting, duplicate keys, enormous strings, and for JSON data a value
swapped, nudged by one, or replaced by another. Each target's verdict on an
input is one of:

- ``refused``: a :class:`~qwirkle.QwirkleError` subclass;
- ``accepted``: a value that passes the library's own checks and that its
  writer writes back and its loader reads again equal; a record is also
  replayed, and every state it reaches passes the checks (``replayed``), or
  the replay refuses it with a :class:`~qwirkle.ReplayError` or another
  library error (``replay refused``).

Anything else (another exception, an accepted value that fails a check or does
not read back) is a failure. ``tests/test_fuzz.py`` and
``tests/cards/test_fuzz.py`` draw the changes with hypothesis; a long run draws
them with a seeded ``random.Random`` and prints the figures per target::

    python -m tests.fuzzing --inputs 100000      # per target; --seed, --targets
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import gc
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from qwirkle import (
    ALL_TILES,
    GameState,
    PlayerView,
    QwirkleError,
    check_state,
    format_move,
    format_position,
    format_tile,
    legal_moves,
    parse_move,
    parse_position,
    parse_tile,
    view,
)
from qwirkle import cards as cards_game
from qwirkle.bots import GreedyBot
from qwirkle.bots import run_game as run_tile_game
from qwirkle.formats.records import GameRecord
from qwirkle.formats.replay import replay
from qwirkle.formats.state_json import state_from_json, state_to_json
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.interface.views import check_view
from tests.played import play

JSON = Any


class Chooser(Protocol):
    """Where the random choices of a mutation come from: hypothesis, or a seeded ``random.Random``."""

    def below(self, n: int) -> int:
        """An int in ``range(n)``."""
        ...


class RandomChooser:
    """Choices from a seeded ``random.Random``, for the long runs."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def below(self, n: int) -> int:
        return self.rng.randrange(n)


def pick(choose: Chooser, items: Sequence[Any]) -> Any:
    return items[choose.below(len(items))]


# What a hostile writer puts in: numbers of every kind, nesting, enormous strings.

NUMBER_TEXTS = ("9" * 5000, "-1", "-0", "1.5", "1e400", "-1e400", "true", "false", "null", "NaN", "1073741824",
                "18446744073709551616", "1000000001", "0x10", "00", "+1", "٣")  # fmt: skip
JSON_FRAGMENTS = (*NUMBER_TEXTS, "[" * 3000 + "]" * 3000, '"' + "x" * 200_000 + '"', "{}", "[]", '""', '"\\u0000"',
                  '"Ro"', '"Ro@0,0"', '"swap Ro"', '"pass"', "[0,0,\"Ro\"]")  # fmt: skip
NOTATION_FRAGMENTS = (*NUMBER_TEXTS, "Ro", "@", ",", "/", " ", "?", "-", ":", "(", ")", ";", "swap", "pass", "x",
                      "\t", "\n", "\x00", "é", "Ro@" + "9" * 30 + ",0", "R" * 50_000)  # fmt: skip
HOSTILE_VALUES: tuple[Callable[[], JSON], ...] = (
    lambda: 10**5000,
    lambda: -(10**5000),
    lambda: -1,
    lambda: 0,
    lambda: 1.5,
    lambda: float("inf"),
    lambda: True,
    lambda: False,
    lambda: None,
    lambda: "",
    lambda: "x" * 200_000,
    list,
    dict,
    lambda: [[[[[[[[[[[]]]]]]]]]]],
    lambda: {"format": "qwirkle-state"},
    lambda: 2**64,
    lambda: 10**9 + 1,
    lambda: 1 << 30,
)


def mutate_text(text: str, choose: Chooser, fragments: Sequence[str]) -> str:
    """``text`` with one change: a character flipped, a span deleted, duplicated or moved, or a fragment put in."""
    n = len(text)
    at = choose.below(n + 1)
    end = min(n, at + 1 + choose.below(40))
    kind = choose.below(7)
    if kind == 0 and n:  # flip a character
        at = min(at, n - 1)
        return text[:at] + chr(32 + choose.below(95)) + text[at + 1 :]
    if kind == 1:  # delete a span
        return text[:at] + text[end:]
    if kind == 2:  # duplicate a span
        return text[:end] + text[at:end] + text[end:]
    if kind == 3:  # swap the case of a span
        return text[:at] + text[at:end].swapcase() + text[end:]
    if kind == 4 and n:  # move a span elsewhere
        span = text[at:end]
        rest = text[:at] + text[end:]
        where = choose.below(len(rest) + 1)
        return rest[:where] + span + rest[where:]
    if kind == 5 and "{" in text:  # a duplicate key
        first = text.index("{") + 1
        return text[:first] + '"format":"x",' + text[first:]
    fragment: str = pick(choose, fragments)
    return text[:at] + fragment + text[at:]


def mutate_json(data: JSON, choose: Chooser) -> JSON:
    """A copy of ``data`` with one change at a node: replaced, nudged, removed, duplicated, or given a stranger."""
    data = copy.deepcopy(data)
    paths: list[tuple[Any, Any]] = []

    def walk(node: JSON) -> None:
        if isinstance(node, dict):
            for name in list(node):
                paths.append((node, name))
                walk(node[name])
        elif isinstance(node, list):
            for index in range(len(node)):
                paths.append((node, index))
                walk(node[index])

    walk(data)
    if not paths:
        return pick(choose, HOSTILE_VALUES)()
    parent, where = pick(choose, paths)
    value = parent[where]
    kind = choose.below(8)
    if kind == 0:
        parent[where] = pick(choose, HOSTILE_VALUES)()
    elif kind == 1 and type(value) is int:  # a small nudge, which only a consistency check can catch
        parent[where] = value + pick(choose, (1, -1, 2, -2, 6, 100))
    elif kind == 2 and isinstance(value, str) and value:
        parent[where] = mutate_text(value, choose, NOTATION_FRAGMENTS)
    elif kind == 3 and isinstance(value, str):  # another tile
        parent[where] = format_tile(pick(choose, ALL_TILES))
    elif kind == 4:
        del parent[where]
    elif kind == 5 and isinstance(parent, list):
        parent.insert(where, copy.deepcopy(value))
    elif kind == 6 and isinstance(parent, dict):
        parent[f"extra{choose.below(3)}"] = copy.deepcopy(value)
    else:  # swap with another node of the document
        other_parent, other = pick(choose, paths)
        parent[where], other_parent[other] = other_parent[other], value
    return data


# The corpus: what the library writes, from seeded games of both kinds.


@cache
def tile_states() -> tuple[GameState, ...]:
    """States from the deal to the end of seeded games of 2 to 4 players, and positions set up by hand."""
    found: list[GameState] = []
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2)):
        path = play(seed, 10_000, players=players)
        found.extend(path[:: max(1, len(path) // 6)])
        found.append(path[-1])
    found.append(parse_position("0,0:RoRs RdRcRxR*BoGo/OoOsOdOcOxO* 2/0 1"))
    found.append(parse_position("3,-2:RoRs/1Rd RdRcRxR*BoGo/OoOsOdOcOxO* 3/0 0"))
    return tuple(found)


@cache
def tile_records() -> tuple[GameRecord, ...]:
    final = run_tile_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=5)
    keeper = Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0 Rs@1,0").place("Rd@2,0").exchange(2).place("Bs@1,1")
    short = play(6, 8)[-1]
    return (
        GameRecord.from_game(final),
        GameRecord.from_game(final, with_seed=False),
        GameRecord.from_game(short, with_draws=True),
        GameRecord.from_scorekeeper(keeper),
    )


@cache
def card_states() -> tuple[cards_game.CardsState, ...]:
    found: list[cards_game.CardsState] = []
    for seed, rules in ((1, cards_game.CardsRuleSet()), (2, cards_game.CardsRuleSet.preset("redraw_hand"))):
        state = cards_game.new_game(["Ann", "Bob"], seed=seed, rules=rules)
        bots: list[cards_game.Bot] = [cards_game.RandomBot(seed=seed), cards_game.GreedyBot()]
        while not cards_game.is_over(state):
            found.append(state)
            state = cards_game.apply(state, bots[state.current].choose(state.view()))
        found.append(state)
    return tuple(found[::3])


def codes(cards: Sequence[Any]) -> str:
    return " ".join(cards_game.card_code(card) for card in cards)


# The targets: each reads an input, checks what it accepted, and writes it back to read it again.


@dataclass(frozen=True)
class Target:
    """A parser or loader under fuzzing."""

    name: str
    seeds: Callable[[], Sequence[JSON]]
    """Real outputs of the library, the inputs to mutate."""
    accept: Callable[[JSON], str]
    """Read an input; raise a QwirkleError to refuse it, or check what was read and its round trip, and say so."""
    text: bool
    """Whether the inputs are text (mutated as characters) or JSON data (mutated as a tree)."""
    fragments: Sequence[str] = NOTATION_FRAGMENTS

    def corpus(self) -> Sequence[JSON]:
        """The seeds, worked out once per target."""
        found = _CORPUS.get(self.name)
        if found is None:
            found = _CORPUS[self.name] = tuple(self.seeds())
        return found


_CORPUS: dict[str, Sequence[JSON]] = {}


ACCEPTED = "accepted"


def _tile(text: JSON) -> str:
    tile = parse_tile(text)
    assert parse_tile(format_tile(tile)) is tile
    return ACCEPTED


def _move(text: JSON) -> str:
    move = parse_move(text)
    assert parse_move(format_move(move)) == move
    return ACCEPTED


def _position(text: JSON) -> str:
    state = parse_position(text)
    _state_checks(state)
    line = format_position(state)
    assert format_position(parse_position(line)) == line
    return ACCEPTED


def _state_checks(state: GameState) -> None:
    assert check_state(state) is state
    data = state_to_json(state)
    assert state_from_json(data) == state
    assert state_from_json(json.dumps(data)) == state


def _state(data: JSON) -> str:
    _state_checks(state_from_json(data))
    return ACCEPTED


def _view(data: JSON) -> str:
    seen = PlayerView.from_json(data)
    assert check_view(seen) is seen
    assert PlayerView.from_json(seen.to_json()) == seen
    assert PlayerView.from_json(json.dumps(seen.to_json())) == seen
    return ACCEPTED


def _record(data: JSON) -> str:
    record = GameRecord.loads(data) if isinstance(data, str) else GameRecord.from_json(data)
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.loads(record.dumps()) == record
    try:
        steps = replay(record).steps
    except QwirkleError:
        return "replay refused"
    for step in steps:
        if isinstance(step, GameState):
            assert check_state(step) is step
    if isinstance(steps[-1], GameState):
        _state_checks(steps[-1])
    return "replayed"


def _cards(text: JSON) -> str:
    found = cards_game.parse_cards(text)
    assert cards_game.parse_cards(codes(found)) == found
    return ACCEPTED


def _lay(data: JSON) -> str:
    # The cards played, then the series; whatever the mutations made of that is given as it is.
    played, table = (data[0], data[1:]) if isinstance(data, list) and data else (data, [])
    move = cards_game.Lay(played, table)
    assert cards_game.Lay(codes(move.played), [codes(series) for series in move.table]) == move
    return ACCEPTED


def _card_position(data: JSON) -> str:
    # The table, the hands and the seat to move; whatever the mutations made of them is given as it is.
    parts: dict[str, Any] = data if isinstance(data, dict) else {}
    table: Any = parts.get("table", data)
    hands: Any = parts.get("hands", data)
    current: Any = parts.get("current", 0)
    state = cards_game.position(["Ann", "Bob"], table, hands, current=current)
    assert cards_game.check_state(state) == state
    again = cards_game.position(
        ["Ann", "Bob"],
        [codes(series) for series in state.table],
        [codes(hand) for hand in state.hands],
        current=state.current,
        deck=state.deck,
        rng=state.rng,
    )
    assert again == state
    return ACCEPTED


def _positions() -> list[str]:
    return [format_position(state) for state in tile_states() if state.outcome is None]


def _moves() -> list[str]:
    out: list[str] = []
    for state in tile_states()[:8]:
        listed = list(legal_moves(state))
        out.extend(format_move(move) for move in listed[:: max(1, len(listed) // 5)])
    return out


TARGETS: tuple[Target, ...] = (
    Target("parse_tile", lambda: [format_tile(tile) for tile in ALL_TILES], _tile, text=True),
    Target("parse_move", _moves, _move, text=True),
    Target("parse_position", _positions, _position, text=True),
    Target(
        "state_from_json (text)",
        lambda: [json.dumps(state_to_json(state)) for state in tile_states()],
        _state,
        text=True,
        fragments=JSON_FRAGMENTS,
    ),
    Target("state_from_json (data)", lambda: [state_to_json(state) for state in tile_states()], _state, text=False),
    Target(
        "PlayerView.from_json (text)",
        lambda: [json.dumps(view(state, state.current).to_json()) for state in tile_states()],
        _view,
        text=True,
        fragments=JSON_FRAGMENTS,
    ),
    Target(
        "PlayerView.from_json (data)",
        lambda: [view(state, seat).to_json() for state in tile_states() for seat in (0, 1)],
        _view,
        text=False,
    ),
    Target(
        "GameRecord.loads and replay",
        lambda: [record.dumps() for record in tile_records()],
        _record,
        text=True,
        fragments=JSON_FRAGMENTS,
    ),
    Target(
        "GameRecord.from_json and replay",
        lambda: [record.to_json() for record in tile_records()],
        _record,
        text=False,
    ),
    Target(
        "cards.parse_cards",
        lambda: [codes(hand) for state in card_states() for hand in state.hands],
        _cards,
        text=True,
    ),
    Target(
        "cards.Lay",
        lambda: [
            [codes(move.played), *(codes(series) for series in move.table)]
            for state in card_states()
            if (move := cards_game.most_cards(state)) is not None
        ],
        _lay,
        text=False,
    ),
    Target(
        "cards.position",
        lambda: [
            {
                "table": [codes(series) for series in state.table],
                "hands": [codes(hand) for hand in state.hands],
                "current": state.current,
            }
            for state in card_states()
            if state.outcome is None and not any(state.qwirkles) and state.deck
        ],
        _card_position,
        text=False,
    ),
)
TILE_TARGETS = tuple(target for target in TARGETS if not target.name.startswith("cards."))
CARD_TARGETS = tuple(target for target in TARGETS if target.name.startswith("cards."))


def mutated(target: Target, choose: Chooser) -> JSON:
    """A seed of ``target`` with one to three changes."""
    value = pick(choose, target.corpus())
    for _ in range(1 + choose.below(3)):
        value = mutate_text(value, choose, target.fragments) if target.text else mutate_json(value, choose)
    return value


def judge(target: Target, value: JSON) -> str:
    """``"refused"``, or what the target says of an input it accepted; anything else raises :class:`AssertionError`."""
    try:
        verdict = target.accept(value)
    except QwirkleError:
        return "refused"
    except AssertionError as error:
        raise AssertionError(f"{target.name} accepted an input that fails its checks: {_shown(value)}") from error
    except Exception as error:
        raise AssertionError(f"{target.name} raised {type(error).__name__} on {_shown(value)}") from error
    return verdict


def _shown(value: JSON) -> str:
    try:
        text = value if isinstance(value, str) else repr(value)
    except ValueError:  # an integer too long to print
        text = repr(json.loads(json.dumps(value, default=str)))
    return text if len(text) < 400 else text[:400] + f"... ({len(text)} characters)"


# The long run.


def run(inputs: int, seed: int, names: Sequence[str]) -> int:
    """Fuzz each target with ``inputs`` inputs; print the figures; return the number of failures."""
    failures = 0
    print(
        f"{'target':32} {'inputs':>8} {'accepted':>9} {'of which':>24} {'refused':>9} {'failed':>7} "
        f"{'slowest refusal (CPU)':>22}"
    )
    for target in TARGETS:
        if names and target.name not in names:
            continue
        rng = random.Random(f"{seed}:{target.name}")
        choose = RandomChooser(rng)
        verdicts: Counter[str] = Counter()
        slowest = 0.0
        for _ in range(inputs):
            value = mutated(target, choose)
            # CPU time, not wall-clock time: on a shared machine the latter counts other processes' turns.
            began = time.process_time()
            try:
                verdict = judge(target, value)
            except AssertionError as error:
                verdict = "failed"
                failures += 1
                if failures <= 20:
                    print(f"  FAILED: {error}: {error.__cause__!r}", file=sys.stderr)
            spent = time.process_time() - began
            if verdict == "refused" and spent > 0.01:
                # Timed again, without the collector: a pause of the collector over the long run's heap, or
                # the scheduler, is no cost of the refusal itself.
                spent = min(spent, _quietly_timed(target, value))
            if verdict == "refused":
                slowest = max(slowest, spent)
            verdicts[verdict] += 1
        accepted = inputs - verdicts["refused"] - verdicts["failed"]
        replays = (
            f"{verdicts['replayed']:,} replayed, {verdicts['replay refused']:,} not"
            if verdicts["replayed"] or verdicts["replay refused"]
            else ""
        )
        print(
            f"{target.name:32} {inputs:>8,} {accepted:>9,} {replays:>24} {verdicts['refused']:>9,} "
            f"{verdicts['failed']:>7,} {slowest * 1000:>19.1f} ms"
        )
    return failures


def _quietly_timed(target: Target, value: JSON) -> float:
    """The least CPU time of three more readings of ``value``, with the garbage collector off."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(3):
            began = time.process_time()
            with contextlib.suppress(QwirkleError):
                target.accept(value)
            best = min(best, time.process_time() - began)
    finally:
        gc.enable()
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=2000, help="inputs per target (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the mutations (default 0)")
    parser.add_argument("--targets", nargs="*", default=(), help="only these targets, by name")
    options = parser.parse_args(argv)
    return 1 if run(options.inputs, options.seed, options.targets) else 0


if __name__ == "__main__":
    raise SystemExit(main())
