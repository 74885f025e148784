"""Every script in examples/ runs to the end: the examples are documentation that must not rot."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from qwirkle.cards import CardsGameRecord, GreedyBot, format_move
from tests import optional
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))

TRAINING = ROOT / "examples" / "maskable_ppo.py"
"""The learning example: its whole run takes most of an hour, so its test trains a few thousand steps."""


def test_there_are_examples() -> None:
    assert EXAMPLES


def _run(script: Path, directory: Path, *arguments: str) -> str:
    # From an empty directory, so that an example cannot lean on the repository layout.
    done = subprocess.run(
        [sys.executable, str(script), *arguments],
        cwd=directory,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    assert done.stderr == ""
    return done.stdout


@pytest.mark.parametrize("script", [path for path in EXAMPLES if path != TRAINING], ids=lambda path: path.name)
def test_example_runs(script: Path, tmp_path: Path) -> None:
    _run(script, tmp_path)


@optional.needs_native
def test_the_learning_example_trains_evaluates_and_draws_its_curve(tmp_path: Path) -> None:
    for package in ("torch", "sb3_contrib"):
        optional.require(package)
    printed = _run(TRAINING, tmp_path, "--steps", "4096", "--envs", "16", "--games", "3", "--out", "run")
    assert "trained 4096 steps" in printed
    for opponent in ("the random bot", "never exchange", "the greedy bot"):
        assert f"policy against {opponent}: won" in printed
    results = (tmp_path / "run" / "evaluation.csv").read_text().splitlines()
    assert results[0].startswith("player,opponent,games,won")
    assert len(results) == 5
    assert (tmp_path / "run" / "curve.svg").read_text().startswith("<svg")
    assert (tmp_path / "run" / "model.zip").stat().st_size > 0


# The Qwirkle Cards web example, through its JSON API


@pytest.fixture
def cards_server() -> Iterator[tuple[str, Any]]:
    module = module_from_path("qwirkle_cards_web_example", ROOT / "examples" / "cards_web" / "server.py")
    server = module.make_server(port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}", server.RequestHandlerClass.games
    finally:
        server.shutdown()
        server.server_close()


def _call(base: str, method: str, path: str, body: object = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _opening_series(hand: list[str]) -> list[str]:
    """Three cards of the hand that make a series: one colour and three shapes."""
    for colour in "ROYGBP":
        shapes = sorted({code for code in hand if code[0] == colour})
        if len(shapes) >= 3:
            return shapes[:3]
    raise AssertionError("no series of three of one colour in the hand")


def test_the_cards_web_example_serves_the_page_and_plays_a_turn_built_card_by_card(
    cards_server: tuple[str, Any],
) -> None:
    base, games = cards_server
    with urllib.request.urlopen(base + "/", timeout=60) as response:
        assert b"Qwirkle Cards" in response.read()
    status, answer = _call(base, "POST", "/api/new", {"seed": 2, "bot": "strong"})
    assert status == 200
    view = answer["view"]
    assert view["format"] == "qwirkle-cards-view"
    assert "deck" not in view
    assert "hands" not in view
    assert answer["to_move"]
    assert answer["can_lay"]
    assert answer["table_svg"].startswith("<svg")
    game = answer["game"]
    state = games.get(game).state
    assert view == state.view(0).to_json()
    cards = _opening_series(view["hand"])
    status, half = _call(base, "POST", f"/api/game/{game}/turn", {"steps": [["lay", cards[0], None]]})
    assert status == 200
    assert half["move"] is None
    assert half["problems"]
    assert half["problems"][0]["rule"] == "CARDS-6"
    steps = [["lay", cards[0], None], ["lay", cards[1], 0], ["lay", cards[2], 0]]
    status, built = _call(base, "POST", f"/api/game/{game}/turn", {"steps": steps})
    assert status == 200
    assert built["problems"] == []
    assert built["move"] is not None
    status, after = _call(base, "POST", f"/api/game/{game}/move", {"move": built["move"]})
    assert status == 200
    assert after["log"][0].startswith("You: ")
    assert len(after["log"]) >= 2  # the bot answered
    status, refused = _call(base, "POST", f"/api/game/{game}/move", {"move": "Ro Rs -> Ro Rs"})
    assert status == 400
    assert refused["error"]


def test_the_cards_web_example_saves_a_record_and_loads_it_back_replayed(cards_server: tuple[str, Any]) -> None:
    base, games = cards_server
    _, answer = _call(base, "POST", "/api/new", {"seed": 5, "bot": "greedy"})
    game = answer["game"]
    for _ in range(3):
        state = games.get(game).state
        if state.outcome is not None:
            break
        move = GreedyBot().choose(state.view())
        status, answer = _call(base, "POST", f"/api/game/{game}/move", {"move": format_move(move)})
        assert status == 200
    status, record = _call(base, "GET", f"/api/game/{game}/record")
    assert status == 200
    assert record["format"] == "qwirkle-cards-record"
    assert CardsGameRecord.from_json(record).replay().final == games.get(game).state
    status, loaded = _call(base, "POST", "/api/load", {"record": record, "bot": "greedy"})
    assert status == 200
    assert loaded["game"] != game
    assert loaded["view"] == answer["view"]
    assert loaded["log"] == answer["log"]
    turns = record["turns"]
    turns[1] = {**turns[1], "score": turns[1]["score"] + 1}
    status, refused = _call(base, "POST", "/api/load", {"record": record})
    assert status == 400
    assert "cannot be replayed" in refused["error"]
    status, refused = _call(base, "POST", "/api/load", {"record": "nonsense"})
    assert status == 400
    status, over = _call(base, "POST", f"/api/game/{game}/resign")
    assert status == 200
    assert over["ended"].startswith("Game over")
