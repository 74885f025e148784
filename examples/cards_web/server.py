"""A small web interface for Qwirkle Cards: play a bot in the browser, save the game's record, load it back.

    python examples/cards_web/server.py [--port 8001] [--bot strong]

then open http://127.0.0.1:8001/. The server uses only the standard library
and ``qwirkle``. It keeps every game's full state and sends the browser only
the player's view (:meth:`qwirkle.cards.CardsState.view`): the deck order and
the bot's hand never leave the server. The player sits at seat 0.

The JSON API (every answer is an object; errors come with status 400 or 404
and ``{"error": text, "rule": "CARDS-6" or null}``):

- ``POST /api/new`` ``{"seed": int?, "bot": "strong" | "greedy" | "random"?}``: a new game;
  the bot moves first if it opens.
- ``GET /api/game/ID``: the game as the player sees it.
- ``POST /api/game/ID/turn`` ``{"steps": [["lay", "Rc", 0], ["lay", "Bo", null], ["move", "Ro", 0, 1]]}``:
  the turn being built, step by step (a card of the hand laid into a series, or ``null`` for a new
  one; a card of the table moved from one series to another): the series, the hand left, what is
  wrong with the table yet, and the move in notation once it is valid.
- ``POST /api/game/ID/move`` ``{"move": "Rd -> Ro Rs Rd" | "pass" | "redraw"}``: play a move; the bot answers.
- ``POST /api/game/ID/resign``: the player resigns, and the game is over.
- ``GET /api/game/ID/record``: the game's record (:class:`qwirkle.cards.CardsGameRecord`) as JSON.
- ``POST /api/load`` ``{"record": {...}, "bot": ...?}``: a game from a record, replayed and checked
  turn by turn; if it is not over, play goes on from where it stopped.

A game answer holds ``view`` (:meth:`qwirkle.cards.CardsPlayerView.to_json`),
``table_svg`` (:func:`qwirkle.render.series_svg`), ``log`` (every turn in
notation), ``ended`` (the result in words, or null), ``can_lay`` and
``blocked`` (the move to play when no card can be laid).
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
from urllib.parse import urlsplit

from qwirkle import IllegalMoveError, QwirkleError
from qwirkle.cards import (
    CardsGameRecord,
    CardsState,
    GreedyBot,
    RandomBot,
    StrongBot,
    TurnBuilder,
    apply,
    blocked_move,
    can_lay,
    card_code,
    format_move,
    new_game,
    parse_move,
    resign,
)
from qwirkle.cards.bots import Bot
from qwirkle.render import series_svg

HERE = Path(__file__).resolve().parent
MAX_BODY = 262_144
MAX_GAMES = 1_000
HUMAN = 0
BOTS = ("strong", "greedy", "random")


class ApiError(Exception):
    """A request the API refuses, with its HTTP status and the rule broken, if any."""

    def __init__(self, message: str, status: HTTPStatus = HTTPStatus.BAD_REQUEST, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule


def make_bot(name: str, seed: int) -> Bot:
    if name == "strong":
        return StrongBot(seed=seed, name="strong")
    if name == "greedy":
        return GreedyBot(name="greedy")
    if name == "random":
        return RandomBot(seed=seed, name="random")
    raise ApiError(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")


class Game:
    """One game on the server: the full state and the bot."""

    def __init__(self, state: CardsState, bot: Bot) -> None:
        self.lock = threading.Lock()
        self.bot = bot
        self.state = state
        self.bots_move()

    def bots_move(self) -> None:
        while self.state.outcome is None and self.state.current != HUMAN:
            # The bot decides from what its seat may see, as a player at the table does.
            self.state = apply(self.state, self.bot.choose(self.state.view()))

    def answer(self, game_id: str) -> dict[str, Any]:
        state = self.state
        seen = state.view(HUMAN)
        to_move = state.outcome is None and state.current == HUMAN
        layable = to_move and can_lay(seen)
        outcome = state.outcome
        ended = None
        if outcome is not None:
            won = " and ".join(state.players[seat] for seat in outcome.winners)
            ended = (
                f"Game over ({outcome.reason.words}): {won} {'share the win' if len(outcome.winners) > 1 else 'wins'}."
            )
        log = [f"{state.players[turn.seat]}: {format_move(turn.move)}" for turn in state.history]
        return {
            "game": game_id,
            "view": seen.to_json(),
            "table_svg": series_svg(seen.table),
            "log": log,
            "ended": ended,
            "to_move": to_move,
            "can_lay": layable,
            "blocked": format_move(blocked_move(seen)) if to_move and not layable else None,
        }


class Games:
    """The games in progress, by id."""

    def __init__(self, bot: str) -> None:
        self.bot = bot
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()

    def _keep(self, game: Game) -> str:
        game_id = secrets.token_urlsafe(12)
        with self.lock:
            if len(self.games) >= MAX_GAMES:
                self.games.pop(next(iter(self.games)))
            self.games[game_id] = game
        return game_id

    def new(self, body: dict[str, Any]) -> dict[str, Any]:
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(32)
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise ApiError("seed must be a non-negative integer")
        bot = make_bot(body.get("bot", self.bot), seed)
        game = Game(new_game(["You", f"{bot.name} bot"], seed=seed), bot)
        return game.answer(self._keep(game))

    def load(self, body: dict[str, Any]) -> dict[str, Any]:
        try:
            # The replay plays every turn again through the engine, and refuses the first that does not fit.
            final = CardsGameRecord.from_json(body.get("record")).replay().final
        except QwirkleError as error:
            raise ApiError(f"this record cannot be replayed: {error}") from None
        except TypeError:
            raise ApiError("record must be a Qwirkle Cards record, as GET /api/game/ID/record gives") from None
        game = Game(final, make_bot(body.get("bot", self.bot), final.seed or 0))
        return game.answer(self._keep(game))

    def get(self, game_id: str) -> Game:
        with self.lock:
            game = self.games.get(game_id)
        if game is None:
            raise ApiError("no such game", HTTPStatus.NOT_FOUND)
        return game

    def turn(self, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
        game = self.get(game_id)
        with game.lock:
            if game.state.outcome is not None or game.state.current != HUMAN:
                raise ApiError("it is not your turn")
            turn = _build(TurnBuilder.start(game.state.view(HUMAN)), body.get("steps", []))
            return {
                "series": [[card_code(card) for card in series] for series in turn.series],
                "hand": [card_code(card) for card in turn.hand],
                "played": [card_code(card) for card in turn.played],
                "problems": [{"series": p.series, "rule": p.rule.value, "reason": p.reason} for p in turn.problems],
                "move": format_move(turn.to_move()) if turn.is_valid else None,
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
                game.state = apply(game.state, parse_move(text))
            except IllegalMoveError as error:
                raise ApiError(error.reason, rule=error.rule.value) from None
            except QwirkleError as error:
                raise ApiError(str(error)) from None
            game.bots_move()
            return game.answer(game_id)

    def resign(self, game_id: str) -> dict[str, Any]:
        game = self.get(game_id)
        with game.lock:
            if game.state.outcome is not None:
                raise ApiError("the game is over already")
            game.state = resign(game.state, HUMAN)
            return game.answer(game_id)

    def record(self, game_id: str) -> dict[str, Any]:
        game = self.get(game_id)
        with game.lock:
            return CardsGameRecord.from_game(game.state).to_json()


def _build(turn: TurnBuilder, steps: object) -> TurnBuilder:
    """The builder after ``steps``, each ``["lay", card, into]`` or ``["move", card, source, into]``."""
    if not isinstance(steps, list) or len(steps) > 200:
        raise ApiError("steps must be a list of at most 200 steps")
    for step in steps:
        try:
            if isinstance(step, list) and len(step) == 3 and step[0] == "lay":
                turn = turn.lay(_code(step[1]), into=_into(step[2]))
            elif isinstance(step, list) and len(step) == 4 and step[0] == "move":
                source = _into(step[2])
                if source is None:
                    raise ApiError("a card moves from a series: source must be its index")
                turn = turn.move(_code(step[1]), source, into=_into(step[3]))
            else:
                raise ApiError('a step is ["lay", card, series or null] or ["move", card, source, series or null]')
        except IllegalMoveError as error:
            raise ApiError(error.reason, rule=error.rule.value) from None
        except QwirkleError as error:
            raise ApiError(str(error)) from None
    return turn


def _code(value: object) -> str:
    if not isinstance(value, str):
        raise ApiError("a card is its code, such as 'Ro'")
    return value


def _into(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int:
        raise ApiError("a series is its index, or null for a new one")
    return value


class Handler(BaseHTTPRequestHandler):
    """Serves the page and the JSON API."""

    games: Games
    server_version = "qwirkle-cards-example/1"

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

    def do_GET(self) -> None:
        if urlsplit(self.path).path == "/":
            self.send(HTTPStatus.OK, (HERE / "index.html").read_bytes(), "text/html; charset=utf-8")
            return
        self.api("GET")

    def do_POST(self) -> None:
        self.api("POST")

    def api(self, method: str) -> None:
        try:
            parts = urlsplit(self.path).path.strip("/").split("/")
            game = len(parts) >= 3 and parts[:2] == ["api", "game"]
            action = parts[3] if len(parts) == 4 else None
            if method == "POST" and parts == ["api", "new"]:
                answer = self.games.new(self.body())
            elif method == "POST" and parts == ["api", "load"]:
                answer = self.games.load(self.body())
            elif method == "GET" and game and len(parts) == 3:
                answer = self.games.get(parts[2]).answer(parts[2])
            elif method == "GET" and game and action == "record":
                answer = self.games.record(parts[2])
            elif method == "POST" and game and action == "turn":
                answer = self.games.turn(parts[2], self.body())
            elif method == "POST" and game and action == "move":
                answer = self.games.move(parts[2], self.body())
            elif method == "POST" and game and action == "resign":
                answer = self.games.resign(parts[2])
            else:
                raise ApiError("not found", HTTPStatus.NOT_FOUND)
        except ApiError as error:
            self.send(error.status, json.dumps({"error": str(error), "rule": error.rule}).encode(), "application/json")
            return
        self.send(HTTPStatus.OK, json.dumps(answer).encode(), "application/json")

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


def make_server(host: str = "127.0.0.1", port: int = 8001, bot: str = "strong") -> ThreadingHTTPServer:
    """A server for the page and the API (port 0 picks a free port); call ``serve_forever`` on it."""
    handler = type("BoundHandler", (Handler,), {"games": Games(bot)})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description="Play Qwirkle Cards against a bot in the browser.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--bot", default="strong", choices=BOTS)
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
