"""A small web interface: play Qwirkle against a bot in the browser, by clicking tiles and cells.

    python examples/web/server.py [--port 8000] [--bot greedy]

then open http://127.0.0.1:8000/. The server uses only the standard library
and ``qwirkle``. It keeps every game's full state and sends the browser only
the player's view (:func:`qwirkle.view`): the bag, the seed and the bot's
hand never leave the server. Anyone with a game's watch link
(``/watch?game=ID``) follows it on a spectator's view, which shows no hand.

The JSON API (every answer is an object; errors come with status 400 or 404
and ``{"error": text, "rule": "PLACE-4" or null}``):

- ``POST /api/new`` ``{"seed": int?, "bot": "greedy" | "random"?}``: a new game; the bot moves first if it opens.
- ``GET /api/game/ID``: the game as the player sees it.
- ``POST /api/game/ID/turn`` ``{"placed": "Ro@0,0 ...", "selected": "Rs" | null}``: the turn being built:
  where the selected tile (or any tile) may go next, whether the placement is complete, and its score.
- ``POST /api/game/ID/move`` ``{"move": "Ro@0,0 Rs@1,0" | "swap Ro" | "pass"}``: play a move; the bot answers.
- ``POST /api/game/ID/resign``: the player resigns, and the game is over.
- ``GET /api/game/ID/watch?since=N``: the game as a spectator sees it, with the turns after turn ``N``.

A game answer holds ``view`` (:meth:`qwirkle.PlayerView.to_json`, or for a
spectator :meth:`qwirkle.SpectatorView.to_json`), ``events`` (what each turn
did, as the viewer may see it), ``ended`` (why the game ended and who won,
in words, or null), ``board_svg``, ``hand_svg``, ``can_pass`` and ``can_swap``
(a spectator's answer has no hand and no moves).
"""

from __future__ import annotations

import argparse
import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from qwirkle import (
    GameState,
    IllegalMoveError,
    Place,
    QwirkleError,
    Tile,
    TurnBuilder,
    TurnReport,
    end_cause,
    format_tile,
    legal_moves,
    new_game,
    parse_move,
    parse_tile,
    play,
    resign,
    view,
    winners_line,
)
from qwirkle.bots import BOTS, Bot, make_bot
from qwirkle.render import board_svg, hand_svg

HERE = Path(__file__).resolve().parent
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/watch": ("watch.html", "text/html; charset=utf-8"),
}
MAX_BODY = 16_384
MAX_GAMES = 1_000
HUMAN = 0


class ApiError(Exception):
    """A request the API refuses, with its HTTP status and the rule broken, if any."""

    def __init__(self, message: str, status: HTTPStatus = HTTPStatus.BAD_REQUEST, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule


class Game:
    """One game on the server: the full state, the bot, and the turn reports so far."""

    def __init__(self, seed: int, bot: str) -> None:
        self.lock = threading.Lock()
        self.bot: Bot = make_bot(bot, seed=seed)
        self.state: GameState = new_game(["You", f"{bot} bot"], seed=seed)
        self.reports: list[TurnReport] = []
        self.bots_move()

    def bots_move(self) -> None:
        while self.state.outcome is None and self.state.current != HUMAN:
            # A bot decides from what its seat may see, as a player at the table does.
            self.state, done = play(self.state, self.bot.choose(view(self.state, self.state.current)))
            self.reports.append(done)

    def events(self, seat: int | None, since: int) -> list[dict[str, Any]]:
        """The turns after turn ``since``, each as ``seat`` may see it (``None``: a spectator)."""
        return [report.seen_by(seat).to_json() for report in self.reports[since:]]

    def ended(self) -> str | None:
        outcome = self.state.outcome
        if outcome is None:
            return None
        return f"{end_cause(outcome, self.state.players)}. {winners_line(outcome, self.state.players)}."

    def answer(self, game_id: str, since: int | None = None) -> dict[str, Any]:
        seen = view(self.state, HUMAN)
        moves = legal_moves(self.state) if seen.to_move else None
        return {
            "game": game_id,
            "view": seen.to_json(),
            "events": [] if since is None else self.events(HUMAN, since),
            "ended": self.ended(),
            "board_svg": board_svg(seen, interactive=True, highlight=_offered(self.state)),
            "hand_svg": hand_svg(seen.hand),
            "can_pass": bool(moves and moves.can_pass()),
            "can_swap": bool(moves and any(True for _ in moves.exchanges())),
        }

    def watch(self, game_id: str, since: int) -> dict[str, Any]:
        seen = view(self.state)
        # A spectator's log is the library's own account of each turn, every exchange and draw hidden.
        told = [report.seen_by(None).describe(self.state.players)[0] for report in self.reports[since:]]
        return {
            "game": game_id,
            "view": seen.to_json(),
            "events": [{**event, "text": text} for event, text in zip(self.events(None, since), told, strict=True)],
            "ended": self.ended(),
            "board_svg": board_svg(seen),
        }


def _offered(state: GameState) -> list[tuple[int, int]]:
    """The cells where some tile of the player's hand may go now (on the opening, the builder's origin)."""
    if state.outcome is not None or state.current != HUMAN:
        return []
    return sorted(TurnBuilder(state).options(touching_only=True))


class Games:
    """The games in progress, by id."""

    def __init__(self, bot: str) -> None:
        self.bot = bot
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()

    def new(self, body: dict[str, Any]) -> dict[str, Any]:
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(32)
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise ApiError("seed must be a non-negative integer")
        bot = body.get("bot", self.bot)
        if bot not in BOTS:
            raise ApiError(f"unknown bot {bot!r}; the bots are {', '.join(sorted(BOTS))}")
        game = Game(seed, bot)
        game_id = secrets.token_urlsafe(12)
        with self.lock:
            if len(self.games) >= MAX_GAMES:
                self.games.pop(next(iter(self.games)))
            self.games[game_id] = game
        return game.answer(game_id, since=0)

    def get(self, game_id: str) -> Game:
        with self.lock:
            game = self.games.get(game_id)
        if game is None:
            raise ApiError("no such game", HTTPStatus.NOT_FOUND)
        return game

    def turn(self, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
        game = self.get(game_id)
        with game.lock:
            state = game.state
            if state.outcome is not None or state.current != HUMAN:
                raise ApiError("it is not your turn")
            placed = _placement(body.get("placed", ""))
            selected = _selected(body.get("selected"))
            try:
                turn = TurnBuilder(state, placed)
            except IllegalMoveError as error:
                raise ApiError(error.reason, rule=error.rule.value) from None
            except QwirkleError as error:
                raise ApiError(str(error)) from None
            options = turn.options(touching_only=True)
            cells = set(options) if selected is None else turn.cells_for(selected) & set(options)
            highlight = sorted(cells)
            complete = turn.is_complete
            return {
                "remaining": [format_tile(tile) for tile in turn.remaining],
                "options": [[x, y, sorted(format_tile(t) for t in tiles)] for (x, y), tiles in options.items()],
                "complete": complete,
                "score": turn.score().total if complete else None,
                "explanation": turn.explain() if complete else [],
                "board_svg": board_svg(view(state, HUMAN), interactive=True, placed=turn.placed, highlight=highlight),
                "hand_svg": hand_svg(
                    turn.remaining,
                    selected=[turn.remaining.index(selected)] if selected in turn.remaining else [],
                ),
            }

    def move(self, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
        game = self.get(game_id)
        text = body.get("move")
        if not isinstance(text, str):
            raise ApiError("move must be a string of notation")
        with game.lock:
            if game.state.outcome is not None or game.state.current != HUMAN:
                raise ApiError("it is not your turn")
            try:
                game.state, done = play(game.state, parse_move(text))
            except IllegalMoveError as error:
                raise ApiError(error.reason, rule=error.rule.value) from None
            except QwirkleError as error:
                raise ApiError(str(error)) from None
            before = len(game.reports)
            game.reports.append(done)
            game.bots_move()
            return game.answer(game_id, since=before)

    def resign(self, game_id: str) -> dict[str, Any]:
        game = self.get(game_id)
        with game.lock:
            if game.state.outcome is not None:
                raise ApiError("the game is over already")
            game.state = resign(game.state, HUMAN)
            return game.answer(game_id, since=len(game.reports))

    def watch(self, game_id: str, since: object) -> dict[str, Any]:
        game = self.get(game_id)
        try:
            first = int(since) if isinstance(since, str) else 0
        except ValueError:
            raise ApiError("since must be a turn number") from None
        with game.lock:
            return game.watch(game_id, max(0, first))


def _placement(text: object) -> list[tuple[tuple[int, int], Tile]]:
    if not isinstance(text, str):
        raise ApiError("placed must be a string of notation")
    if not text.strip():
        return []
    try:
        move = parse_move(text)
    except IllegalMoveError as error:
        raise ApiError(error.reason, rule=error.rule.value) from None
    except QwirkleError as error:
        raise ApiError(str(error)) from None
    if not isinstance(move, Place):
        raise ApiError("placed must list tiles on cells")
    return list(move.placements)


def _selected(text: object) -> Tile | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise ApiError("selected must be a tile code or null")
    try:
        return parse_tile(text)
    except QwirkleError as error:
        raise ApiError(str(error)) from None


class Handler(BaseHTTPRequestHandler):
    """Serves the page, its script and the JSON API."""

    games: Games
    server_version = "qwirkle-example/1"

    def log_message(self, format: str, *args: Any) -> None:
        # Quiet by default; the tests and the terminal stay readable.
        pass

    def send(self, status: HTTPStatus, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, status: HTTPStatus, data: dict[str, Any]) -> None:
        self.send(status, json.dumps(data).encode(), "application/json")

    def do_GET(self) -> None:
        route = urlsplit(self.path).path
        if route in STATIC:
            name, kind = STATIC[route]
            self.send(HTTPStatus.OK, (HERE / name).read_bytes(), kind)
            return
        self.api("GET")

    def do_POST(self) -> None:
        self.api("POST")

    def api(self, method: str) -> None:
        try:
            parts = urlsplit(self.path).path.strip("/").split("/")
            if method == "POST" and parts == ["api", "new"]:
                answer = self.games.new(self.body())
            elif method == "GET" and len(parts) == 3 and parts[:2] == ["api", "game"]:
                answer = self.games.get(parts[2]).answer(parts[2])
            elif method == "GET" and len(parts) == 4 and parts[:2] == ["api", "game"] and parts[3] == "watch":
                since = parse_qs(urlsplit(self.path).query).get("since", ["0"])[0]
                answer = self.games.watch(parts[2], since)
            elif method == "POST" and len(parts) == 4 and parts[:2] == ["api", "game"] and parts[3] == "resign":
                answer = self.games.resign(parts[2])
            elif method == "POST" and len(parts) == 4 and parts[:2] == ["api", "game"] and parts[3] == "turn":
                answer = self.games.turn(parts[2], self.body())
            elif method == "POST" and len(parts) == 4 and parts[:2] == ["api", "game"] and parts[3] == "move":
                answer = self.games.move(parts[2], self.body())
            else:
                raise ApiError("not found", HTTPStatus.NOT_FOUND)
        except ApiError as error:
            self.send_json(error.status, {"error": str(error), "rule": error.rule})
            return
        self.send_json(HTTPStatus.OK, answer)

    def body(self) -> dict[str, Any]:
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise ApiError("bad Content-Length") from None
        if not 0 <= length <= MAX_BODY:
            raise ApiError(f"the request body must be at most {MAX_BODY} bytes")
        raw = self.rfile.read(length) if length else b"{}"
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise ApiError("the request body is not JSON") from None
        if not isinstance(data, dict):
            raise ApiError("the request body must be a JSON object")
        return data


def make_server(host: str = "127.0.0.1", port: int = 8000, bot: str = "greedy") -> ThreadingHTTPServer:
    """A server for the page and the API (port 0 picks a free port); call ``serve_forever`` on it."""
    handler = type("BoundHandler", (Handler,), {"games": Games(bot)})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description="Play Qwirkle against a bot in the browser.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bot", default="greedy", choices=sorted(BOTS))
    options = parser.parse_args()
    server = make_server(options.host, options.port, options.bot)
    host, port = server.server_address[:2]
    host = host.decode() if isinstance(host, bytes) else host
    print(f"Open http://{host}:{port}/ in a browser; Ctrl-C stops the server.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
