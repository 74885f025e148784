"""The interactive examples: the terminal game, the replay viewer, and the web page with its JSON API.

The web page is also driven in a real headless browser (Debian's ``chromium``
and ``chromium-driver``, through Selenium). Where no browser can be had, that
test is skipped with a message, unless ``QWIRKLE_REQUIRE_BROWSER`` is set, as
CI sets it once it has installed one.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from qwirkle import GameState, PlayerView, SpectatorView, format_move, legal_moves, new_game, view
from qwirkle.formats.records import GameRecord
from tests.helpers import module_from_path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(script: Path, *args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
    )


# The terminal game


def test_the_terminal_game_reads_moves_and_explains_illegal_ones() -> None:
    state = new_game(["Player", "greedy 1"], seed=3)
    assert state.current == 1, "seed 3 should let the bot open"
    script = EXAMPLES / "terminal" / "play.py"
    done = run(script, "--seed", "3", stdin="help\nhint\nRo@0;0\nGo@9,9\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "greedy 1 places" in out
    assert "Ro@0,0 Rs@1,0" in out  # the help
    assert "Hint: " in out
    assert "I cannot read that: expected ',' between the coordinates" in out
    assert "Illegal move:" in out
    assert "Rule TURN-1" in out
    assert out.rstrip().endswith("No more input: leaving the game.")


def test_the_terminal_game_plays_a_typed_move() -> None:
    state = new_game(["Player", "greedy 1"], seed=3)
    from qwirkle import apply
    from qwirkle.bots import make_bot

    state = apply(state, make_bot("greedy", seed=3 * 4 + 1).choose(state))
    best = legal_moves(state).best()
    assert best is not None
    done = run(EXAMPLES / "terminal" / "play.py", "--seed", "3", "--colour", stdin=f"{format_move(best[0])}\nquit\n")
    assert done.returncode == 0, done.stderr
    assert f"Player places {format_move(best[0])} for {best[1].total} points." in done.stdout
    assert "\x1b[" in done.stdout
    assert done.stdout.rstrip().endswith("Bye.")


# The replay viewer


def test_the_replay_viewer_records_steps_and_draws(tmp_path: Path) -> None:
    script = EXAMPLES / "replay" / "replay.py"
    record = tmp_path / "game.json"
    done = run(script, "--demo", str(record), stdin="n\ng 3\nsvg t3.svg\nlast\nq\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Turn 1 of" in done.stdout
    assert "Turn 3 of" in done.stdout
    assert "Game over" in done.stdout
    ET.parse(tmp_path / "t3.svg")
    loaded = GameRecord.loads(record.read_text())
    final = loaded.replay().final
    assert isinstance(final, GameState)
    done = run(script, str(record), "--turn", "-1", "--svg", "last.svg", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert ", ".join(f"{n} {p}" for n, p in zip(final.players, final.scores, strict=True)) in done.stdout
    assert ET.parse(tmp_path / "last.svg").getroot().tag.endswith("svg")


def test_the_replay_viewer_refuses_a_bad_record(tmp_path: Path) -> None:
    script = EXAMPLES / "replay" / "replay.py"
    record = tmp_path / "game.json"
    run(script, "--demo", str(record), "--turn", "0", cwd=tmp_path)
    data = json.loads(record.read_text())
    data["turns"][4]["score"] += 1
    record.write_text(json.dumps(data))
    done = run(script, str(record), "--turn", "0", cwd=tmp_path)
    assert done.returncode == 1
    assert "move 5: SCORE-" in done.stderr


# The web example: its JSON API


def load_server() -> ModuleType:
    return module_from_path("qwirkle_web_example", EXAMPLES / "web" / "server.py")


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Any]]:
    module = load_server()
    httpd = module.make_server("127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    host, port = httpd.server_address[:2]
    yield f"http://{host}:{port}", httpd
    httpd.shutdown()
    httpd.server_close()


def call(base: str, path: str, body: object = None) -> tuple[int, dict[str, Any]]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def full_state(httpd: Any, game_id: str) -> GameState:
    state = httpd.RequestHandlerClass.games.get(game_id).state
    assert isinstance(state, GameState)
    return state


def test_the_api_sends_only_the_players_view(server: tuple[str, Any]) -> None:
    base, httpd = server
    status, answer = call(base, "/api/new", {"seed": 3})
    assert status == 200
    state = full_state(httpd, answer["game"])
    assert PlayerView.from_json(answer["view"]) == view(state, 0)
    text = json.dumps(answer)
    assert '"bag"' not in text
    assert '"seed"' not in text
    assert '"rng"' not in text
    assert [event["player"] for event in answer["events"]] == [1]
    assert answer["events"][0]["drawn"] == []
    status, again = call(base, f"/api/game/{answer['game']}")
    assert status == 200
    assert again["view"] == answer["view"]
    ET.fromstring(answer["board_svg"])
    ET.fromstring(answer["hand_svg"])


def test_the_api_builds_and_plays_a_turn(server: tuple[str, Any]) -> None:
    base, httpd = server
    _, answer = call(base, "/api/new", {"seed": 3})
    game = answer["game"]
    state = full_state(httpd, game)
    move, points = legal_moves(state).best()  # type: ignore[misc]
    placed = ""
    for cell, tile in move:
        status, turn = call(base, f"/api/game/{game}/turn", {"placed": placed, "selected": format_move_tile(tile)})
        assert status == 200
        assert [cell[0], cell[1]] in [[x, y] for x, y, _ in turn["options"]] or placed == ""
        placed = (placed + f" {format_move_tile(tile)}@{cell[0]},{cell[1]}").strip()
    status, turn = call(base, f"/api/game/{game}/turn", {"placed": placed, "selected": None})
    assert status == 200
    assert turn["complete"]
    assert turn["score"] == points.total
    status, after = call(base, f"/api/game/{game}/move", {"move": placed})
    assert status == 200
    assert after["view"]["scores"][0] == points.total
    assert after["events"][0]["move"] == format_move(move)
    assert all(event["player"] == 1 for event in after["events"][1:])
    assert full_state(httpd, game).current == 0 or full_state(httpd, game).outcome is not None


def test_the_api_offers_the_builders_cell_for_the_opening(server: tuple[str, Any]) -> None:
    """When the person opens, the page offers the cell the turn builder offers: no cell of its own."""
    from qwirkle import TurnBuilder

    base, httpd = server
    seed = next(seed for seed in range(100) if new_game(["You", "greedy bot"], seed=seed).current == 0)
    _, answer = call(base, "/api/new", {"seed": seed})
    state = full_state(httpd, answer["game"])
    assert state.is_opening
    builder = TurnBuilder(state)
    for tile in sorted(set(state.hand)):
        status, turn = call(
            base, f"/api/game/{answer['game']}/turn", {"placed": "", "selected": format_move_tile(tile)}
        )
        assert status == 200
        offered = {(x, y) for x, y, _ in turn["options"]}
        assert offered == set(builder.options(touching_only=True)) == {(0, 0)}
        assert ("option" in turn["board_svg"]) == (tile in builder.free_tiles)


def format_move_tile(tile: object) -> str:
    from qwirkle import Tile, format_tile

    assert isinstance(tile, Tile)
    return format_tile(tile)


@pytest.mark.parametrize(
    ("path", "body", "status", "words"),
    [
        ("/api/game/{game}/move", {"move": "Go@90,90"}, 400, "Rule"),
        ("/api/game/{game}/move", {"move": "Ro@0;0"}, 400, "','"),
        ("/api/game/{game}/move", {"move": 7}, 400, "string"),
        ("/api/game/{game}/turn", {"placed": "Rq@0,0"}, 400, "shape"),
        ("/api/game/{game}/turn", {"placed": "pass"}, 400, "tiles on cells"),
        ("/api/game/{game}/turn", {"placed": "", "selected": 3}, 400, "tile code"),
        ("/api/game/nope/move", {"move": "pass"}, 404, "no such game"),
        ("/api/new", {"seed": -1}, 400, "seed"),
        ("/api/new", {"bot": "clever"}, 400, "unknown bot"),
        ("/api/elsewhere", {}, 404, "not found"),
        ("/api/new", [1, 2], 400, "JSON object"),
    ],
)
def test_the_api_refuses_bad_requests(
    server: tuple[str, Any], path: str, body: object, status: int, words: str
) -> None:
    base, _ = server
    _, answer = call(base, "/api/new", {"seed": 3})
    got, error = call(base, path.format(game=answer["game"]), body)
    assert got == status
    assert words in error["error"] or (error.get("rule") and words == "Rule")


def test_the_api_names_the_broken_rule(server: tuple[str, Any]) -> None:
    base, httpd = server
    _, answer = call(base, "/api/new", {"seed": 3})
    tile = full_state(httpd, answer["game"]).hand[0]
    status, error = call(base, f"/api/game/{answer['game']}/move", {"move": f"{format_move_tile(tile)}@90,90"})
    assert status == 400
    assert error["rule"] == "PLACE-4"


def test_the_watch_api_sends_only_the_spectators_view(server: tuple[str, Any]) -> None:
    base, httpd = server
    _, answer = call(base, "/api/new", {"seed": 3})
    game = answer["game"]
    state = full_state(httpd, game)
    swap = next(iter(legal_moves(state).exchanges()))
    call(base, f"/api/game/{game}/move", {"move": format_move(swap)})
    state = full_state(httpd, game)
    status, watched = call(base, f"/api/game/{game}/watch")
    assert status == 200
    assert SpectatorView.from_json(watched["view"]) == view(state)
    # No tile of any hand reaches a spectator, not even the exchanged ones or the draws.
    assert "hand" not in watched["view"]
    assert all(event["drawn"] == [] for event in watched["events"])
    exchanged = watched["events"][1]
    assert "move" not in exchanged
    assert exchanged["exchanged"] == len(swap)
    assert exchanged["text"] == f"You exchanges {len(swap)} tile{'s' if len(swap) > 1 else ''}."
    status, later = call(base, f"/api/game/{game}/watch?since={len(state.history)}")
    assert status == 200
    assert later["events"] == []
    assert call(base, f"/api/game/{game}/watch?since=x")[0] == 400
    assert call(base, "/api/game/nope/watch")[0] == 404


def test_the_api_lets_the_player_resign(server: tuple[str, Any]) -> None:
    base, httpd = server
    _, answer = call(base, "/api/new", {"seed": 3})
    game = answer["game"]
    status, after = call(base, f"/api/game/{game}/resign", {})
    assert status == 200
    assert after["view"]["outcome"]["reason"] == "resigned"
    assert after["ended"] == "You resigned; the other player wins (Rule END-4). Winner: greedy bot."
    assert full_state(httpd, game).outcome is not None
    assert call(base, f"/api/game/{game}/resign", {}) == (400, {"error": "the game is over already", "rule": None})
    _, watched = call(base, f"/api/game/{game}/watch")
    assert watched["ended"] == after["ended"]


def test_the_page_and_script_are_served(server: tuple[str, Any]) -> None:
    base, _ = server
    with urllib.request.urlopen(base + "/", timeout=30) as response:
        assert b"<title>Qwirkle</title>" in response.read()
    with urllib.request.urlopen(base + "/app.js", timeout=30) as response:
        assert b"/api/new" in response.read()


# The web example in a real browser


def browser_or_skip() -> tuple[str, str]:
    """The Chromium and ChromeDriver binaries, or a skip (a failure where CI has installed them)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if importlib.util.find_spec("selenium") is None:
        driver = None
    if chromium and driver:
        return chromium, driver
    message = (
        "no headless browser here: the web page test needs Debian's chromium and chromium-driver packages "
        "and the selenium package (apt-get install chromium chromium-driver; pip install selenium)"
    )
    if os.environ.get("QWIRKLE_REQUIRE_BROWSER"):
        pytest.fail(message)
    pytest.skip(message)


def open_browser() -> Any:
    chromium, driver_path = browser_or_skip()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    # Root in a container: Chromium's sandbox needs user namespaces that CI may not have.
    flags = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,1000")
    for flag in flags:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=driver_path), options=options)


def build_a_placement(browser: Any, wait: Any) -> None:
    """Click tiles and green cells, as a person would, until the placement can be played."""
    from selenium.webdriver.common.by import By

    play_button = browser.find_element(By.ID, "play")
    for _ in range(12):
        if play_button.is_enabled():
            break
        moved = False
        for index in range(len(browser.find_elements(By.CSS_SELECTOR, "#hand .hand-tile"))):
            tile = browser.find_elements(By.CSS_SELECTOR, "#hand .hand-tile")[index]
            tile.click()
            # The hand marks the picked tile once the server has answered.
            picked = f'#hand .hand-tile.selected[data-index="{index}"]'
            wait.until(lambda b, picked=picked: b.find_elements(By.CSS_SELECTOR, picked))
            options_now = browser.find_elements(By.CSS_SELECTOR, "#board .option")
            status = browser.find_element(By.ID, "status").text
            if options_now:
                assert status.startswith("Now click a green cell for "), status
                options_now[0].click()
                wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#board .placed"))
                moved = True
                break
            assert "cannot go anywhere now: pick another tile" in status, status
        assert moved, "no tile of the hand could be placed"
        wait.until(lambda b: not b.find_elements(By.CSS_SELECTOR, "#hand .hand-tile.selected"))
    assert play_button.is_enabled()
    # The status line says what can be done now: Play is the way on.
    assert browser.find_element(By.ID, "status").text in (
        "Add more tiles, or press Play.",
        "Press Play to make this move.",
    )


def turn_reached(turn: int) -> Callable[[Any], bool]:
    from selenium.webdriver.common.by import By

    def reached(browser: Any) -> bool:
        body = browser.find_element(By.TAG_NAME, "body")
        return int(body.get_attribute("data-turn") or 0) >= turn or body.get_attribute("data-over") == "true"

    return reached


def test_a_person_plays_a_turn_in_a_real_browser(server: tuple[str, Any]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    base, _ = server
    browser = open_browser()
    try:
        wait = WebDriverWait(browser, 20)
        browser.get(base + "/?seed=3")
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#hand .hand-tile"))
        assert browser.find_element(By.ID, "log").text.startswith("greedy bot places")
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-turn") == "1"
        build_a_placement(browser, wait)
        points = browser.find_element(By.ID, "explanation").text
        assert "points" in points
        browser.find_element(By.ID, "play").click()
        wait.until(turn_reached(3))
        body = browser.find_element(By.TAG_NAME, "body")
        assert int(body.get_attribute("data-my-score") or 0) == int(points.split()[0])
        assert browser.find_element(By.ID, "log").text.splitlines()[-2].startswith("You place ")
        picture = os.environ.get("QWIRKLE_SCREENSHOT")
        if picture:
            # For a person to look at the page after the turn.
            browser.save_screenshot(picture)
    finally:
        browser.quit()


def test_a_person_opens_swaps_is_refused_and_resigns_while_a_spectator_watches(server: tuple[str, Any]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    base, httpd = server
    seed = next(seed for seed in range(100) if new_game(["You", "greedy bot"], seed=seed).current == 0)
    browser = open_browser()
    try:
        wait = WebDriverWait(browser, 20)
        browser.get(base + f"/?seed={seed}")
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#hand .hand-tile"))
        status = browser.find_element(By.ID, "status")
        # The opening: the one green cell is the turn builder's, and the status line says so.
        assert status.text == "You open: pick a tile and put it on the green cell."
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-turn") == "0"
        build_a_placement(browser, wait)
        browser.find_element(By.ID, "play").click()
        wait.until(turn_reached(2))
        log = browser.find_element(By.ID, "log").text.splitlines()
        assert log[-1].startswith("You place "), log

        # An exchange: pick two tiles, then swap them.
        browser.find_element(By.ID, "swap").click()
        wait.until(lambda b: b.find_element(By.ID, "swap").text == "Swap 0")
        assert status.text == "Click the tiles to swap, then press Swap."
        for index in (0, 1):
            browser.find_elements(By.CSS_SELECTOR, "#hand .hand-tile")[index].click()
        assert browser.find_element(By.ID, "swap").text == "Swap 2"
        browser.find_element(By.ID, "swap").click()
        wait.until(turn_reached(4))
        assert any(line == "You swap 2 tiles." for line in browser.find_element(By.ID, "log").text.splitlines())

        # A refused move, typed in notation: the status line names the rule, in the error style.
        turn = browser.find_element(By.TAG_NAME, "body").get_attribute("data-turn")
        game_id = browser.execute_script("return page.game")
        hand = full_state(httpd, game_id).hand
        typed = browser.find_element(By.ID, "notation")
        typed.send_keys(f"{format_move_tile(hand[0])}@90,90", Keys.ENTER)
        wait.until(lambda b: b.find_element(By.ID, "status").get_attribute("class") == "error")
        assert status.text.endswith("(Rule PLACE-4)"), status.text
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-turn") == turn

        # A spectator follows the game from its watch link, and sees no hand.
        watch = browser.find_element(By.ID, "watch").get_attribute("href")
        assert watch.endswith(f"/watch?game={game_id}")
        browser.switch_to.new_window("tab")
        browser.get(watch)
        wait.until(lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-turn") == turn)
        watched = browser.find_element(By.ID, "log").text
        assert "You exchanges 2 tiles." in watched
        assert not browser.find_elements(By.CSS_SELECTOR, ".hand-tile")
        seats = browser.find_element(By.ID, "seats").text
        assert seats.startswith("You: "), seats
        assert "points, 6 tiles · greedy bot: " in seats, seats
        assert browser.find_element(By.ID, "status").text == "You to move."
        player_tab, spectator_tab = browser.window_handles
        browser.switch_to.window(player_tab)

        # Resigning ends the game; the status line says why, and the spectator's page follows.
        browser.find_element(By.ID, "resign").click()
        wait.until(lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-over") == "true")
        ended = "Game over: You resigned; the other player wins (Rule END-4). Winner: greedy bot."
        assert status.text == ended
        assert not browser.find_element(By.ID, "resign").is_enabled()
        browser.switch_to.window(spectator_tab)
        wait.until(lambda b: b.find_element(By.ID, "status").text == ended)
        picture = os.environ.get("QWIRKLE_WATCH_SCREENSHOT")
        if picture:
            browser.save_screenshot(picture)
    finally:
        browser.quit()
