"""The benchmark tools: ``ab.py`` imports a second copy of the engine under another name; ``bench.py`` reports."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import qwirkle
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
COPY = "qwirkle_copy_under_test"


def test_ab_plays_with_a_renamed_copy_of_the_engine_that_imports_only_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        # ab.py imports its neighbours in benchmarks/ by plain name.
        ab = module_from_path("qwirkle_benchmark_ab", ROOT / "benchmarks" / "ab.py")
        engine = ab.renamed(ROOT / "src", COPY, tmp_path)
        state = engine.new_game(["Ann", "Bob"], seed=3)
        assert type(state).__module__ == f"{COPY}.state"
        original = qwirkle.new_game(["Ann", "Bob"], seed=3)
        assert len(engine.legal_moves(state)) == len(qwirkle.legal_moves(original))
        best = qwirkle.legal_moves(original).best()
        assert best is not None
        after = engine.apply(state, engine.legal_moves(state).best()[0])
        assert engine.state_to_json(after) == qwirkle.state_to_json(qwirkle.apply(original, best[0]))
        # No module of the copy reaches into the installed package: each version is timed alone.
        copies = {name: module for name, module in sys.modules.items() if name.split(".")[0] == COPY}
        assert len(copies) > 20
        for name, module in copies.items():
            for value in vars(module).values():
                home = getattr(value, "__module__", None) if not isinstance(value, ModuleType) else value.__name__
                assert not (isinstance(home, str) and home.split(".")[0] == "qwirkle"), f"{name} uses {home}"
    finally:
        for name in [name for name in sys.modules if name.split(".")[0] == COPY]:
            del sys.modules[name]


def test_bench_names_a_missed_ratio_apart_from_the_time_of_the_same_label(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    bench = module_from_path("qwirkle_benchmark_bench", ROOT / "benchmarks" / "bench.py")
    label = "len(legal_moves(s)), cold"
    times = bench.Section("engine", [bench.Row(label, "us", [150.0], bench.Target(120.0))])
    target = bench.Target(200.0, at_least=True)
    ratio = bench.Section("naive / engine, per position", brief="naive / engine")
    ratio.rows.append(bench.Row(label, "x", [100.0], target, higher_is_better=True))
    sections = [times, ratio]
    assert bench.missed(sections) == [label, f"naive / engine, {label}"]
    times.rows[0].samples = [110.0]
    assert bench.missed(sections) == [f"naive / engine, {label}"]


def test_memo_carry_checks_what_a_carried_memo_finds_and_fails_when_it_drops_too_little(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    carry = module_from_path("qwirkle_benchmark_memo_carry", ROOT / "benchmarks" / "memo_carry.py")
    figures = carry.measure("greedy", 1, 1)
    # Every turn after the first placement is searched both ways, each checked against the other.
    assert len(figures.plain) > 20
    assert len(figures.paired) == len(figures.plain) - 1
    assert 0 < figures.found <= figures.inherited <= figures.asked
    assert 0 < figures.kept <= figures.anchors
    # Anchors read their line seven cells either way: dropping only those next to a change leaves stale ends.
    monkeypatch.setattr(carry, "REACH", 1)
    with pytest.raises(RuntimeError, match="other windows"):
        carry.measure("greedy", 1, 1)


def test_the_ceiling_deals_the_kept_tiles_to_their_player_and_the_rest_of_the_unseen_ones_at_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    ceiling = module_from_path("qwirkle_benchmark_strong_ceiling", ROOT / "benchmarks" / "strong_ceiling.py")
    state = qwirkle.new_game(["Ann", "Bob"], seed=7)
    opening = qwirkle.legal_moves(state).best()
    assert opening is not None
    state = qwirkle.apply(state, opening[0])
    seen = qwirkle.view(state, 1)
    kept = {0: list(state.hands[0][:4])}
    dealt = [ceiling._keeping(seen, random.Random(seed), kept) for seed in range(2)]
    for guess in dealt:
        assert guess.hands[1] == state.hands[1]
        assert list(guess.hands[0][:4]) == kept[0]
        assert len(guess.hands[0]) == len(state.hands[0])
        assert sorted(guess.hands[0] + guess.bag) == sorted(state.hands[0] + state.bag)
    # The draws beside the kept tiles are the generator's, not the real ones.
    assert dealt[0].hands[0][4:] != dealt[1].hands[0][4:] or dealt[0].bag != dealt[1].bag
