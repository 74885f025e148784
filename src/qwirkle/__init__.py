"""qwirkle: the rules of the tile game Qwirkle as an immutable, fully typed engine.

>>> import qwirkle
>>> state = qwirkle.new_game(["Ann", "Bob"], seed=7)
>>> moves = qwirkle.legal_moves(state)
>>> move = next(iter(moves))
>>> after = qwirkle.apply(state, move)
>>> after.scores[state.current] == qwirkle.score(state, move).total
True
>>> qwirkle.is_over(after)
False
"""

from qwirkle import _moved
from qwirkle._engine.geometry import Cell
from qwirkle.board import Board
from qwirkle.bots.sampling import sample_state, sample_states, unseen_tiles
from qwirkle.draws import bag_counts, draw_count, draw_pool
from qwirkle.endings import EndReason, Outcome, end_cause, winners_line
from qwirkle.errors import (
    IllegalMoveError,
    InvalidDrawError,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidRecordError,
    InvalidStateError,
    QwirkleError,
    ReplayError,
)
from qwirkle.formats.notation import format_move, format_tile, format_tiles, parse_move, parse_tile, parse_tiles
from qwirkle.formats.position_notation import format_position, parse_position
from qwirkle.formats.records import GameRecord
from qwirkle.formats.state_json import state_from_json, state_to_json
from qwirkle.game import apply, choose_starter, is_over, new_game, position, resign, score
from qwirkle.interface.builder import TurnBuilder
from qwirkle.interface.events import TurnReport, explain_score, play, report
from qwirkle.interface.views import PlayerView, SpectatorView, check_spectator_view, view
from qwirkle.legality import is_legal, verify
from qwirkle.legalmoves import LegalMoves, legal_moves
from qwirkle.moves import Exchange, InvalidMoveError, Move, Pass, Place
from qwirkle.render import board_text, hand_text
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import BlockedEnd, FinalTiebreak, RuleSet, StartTiebreak
from qwirkle.scoring import Score, ScoredLine
from qwirkle.state import GameState, Turn, check_state
from qwirkle.tiles import ALL_TILES, Colour, Shape, Tile

__version__ = "0.1.0"

__all__ = [
    "ALL_TILES",
    "BlockedEnd",
    "Board",
    "Cell",
    "Colour",
    "EndReason",
    "Exchange",
    "FinalTiebreak",
    "GameRecord",
    "GameState",
    "IllegalMoveError",
    "InvalidDrawError",
    "InvalidMoveError",
    "InvalidNotationError",
    "InvalidOptionsError",
    "InvalidRecordError",
    "InvalidStateError",
    "LegalMoves",
    "Move",
    "Outcome",
    "Pass",
    "Place",
    "PlayerView",
    "QwirkleError",
    "ReplayError",
    "Rule",
    "RuleSet",
    "Score",
    "ScoredLine",
    "Shape",
    "SpectatorView",
    "StartTiebreak",
    "Tile",
    "Turn",
    "TurnBuilder",
    "TurnReport",
    "apply",
    "bag_counts",
    "board_text",
    "check_spectator_view",
    "check_state",
    "choose_starter",
    "draw_count",
    "draw_pool",
    "end_cause",
    "explain_score",
    "format_move",
    "format_position",
    "format_tile",
    "format_tiles",
    "hand_text",
    "is_legal",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "parse_position",
    "parse_tile",
    "parse_tiles",
    "play",
    "position",
    "report",
    "resign",
    "sample_state",
    "sample_states",
    "score",
    "state_from_json",
    "state_to_json",
    "unseen_tiles",
    "verify",
    "view",
    "winners_line",
]

# The modules that moved keep their old paths for one release (see qwirkle._moved).
_moved.install()
__getattr__ = _moved.package_getattr(__name__)
