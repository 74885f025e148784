"""Each rule is named in the module that decides it, and in other modules only where a budget says why.

The rule index (``docs/_ext/rule_index.py``, the page ``docs/rule-index.md``)
finds, for every rule, the code under ``src/`` that names it: in a docstring, as
``Rule.X_N`` or inside a string. :data:`HOMES` gives each rule the module that
decides it and the other modules allowed to name it, each with its reason: the
error sites that refuse a move or a state by it, the flows that carry it out,
the docstrings that explain it. A module that starts naming a rule outside its
budget (a second copy of a check, say) fails
:func:`test_each_rule_is_named_only_within_its_budget`: either it asks the
deciding module instead, or the budget gains a line that says why it may.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from qwirkle import Rule
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
rule_index = module_from_path("qwirkle_docs_rule_index", ROOT / "docs" / "_ext" / "rule_index.py")
KNOWN = frozenset(rule.value for rule in Rule)


@dataclass(frozen=True)
class Home:
    """Where a rule may be named: the module that decides it, and the others with their reasons."""

    decides: str
    also: Mapping[str, str] = field(default_factory=dict)

    @property
    def allowed(self) -> frozenset[str]:
        return frozenset({self.decides, *self.also})


HOMES: dict[str, Home] = {
    "TILES-1": Home(
        "qwirkle.tiles",  # the module, Colour, Shape
        {},
    ),
    "TILES-2": Home(
        "qwirkle.rules.ruleset",  # RuleSet.tile_count
        {
            "qwirkle._consistency": "check_seen: a view that breaks it is refused",
            "qwirkle.legality.placement": "check_hidden_hand: checks a placement from a hand nobody sees against it",
            "qwirkle.formats.replay": "_deal, _noted_draws: replaying a record deals, draws and checks each turn by it",
            "qwirkle.formats.state_json": "state_from_json: loading a state checks the tiles it holds",
            "qwirkle.game": "position: a position set up by hand is checked for it",
            "qwirkle.interface.views": "check_view, check_spectator_view and others: a view that breaks it is refused",
            "qwirkle.state": "check_state: check_state refuses a state that breaks it",
            "qwirkle.testing.values": "hands: the testing helpers check states and games against it",
            "qwirkle.tiles": "the module: its docstring counts the copies",
        },
    ),
    "TILES-3": Home(
        "qwirkle.board",  # the module
        {
            "qwirkle.histories": "check_history: check_history refuses a history that breaks it",
        },
    ),
    "SETUP-1": Home(
        "qwirkle._consistency",  # check_player_count, check_players
        {
            "qwirkle.state": "check_state: check_state refuses a state that breaks it",
            "qwirkle.interface.scorekeeper": "Scorekeeper.start: the Scorekeeper (a game on a real table) checks it",
            "qwirkle.testing.games": "seats_for, player_counts: the testing helpers check states and games against it",
        },
    ),
    "SETUP-2": Home(
        "qwirkle.game",  # new_game
        {
            "qwirkle._consistency": "check_seen: a view that breaks it is refused",
            "qwirkle.adapters.openspiel": "the module and others: OpenSpiel's chance nodes or turn limit follow it",
            "qwirkle.formats.replay": "_deal: replaying a record deals, draws and checks each turn by it",
            "qwirkle.interface.events": "TurnReport.seen_by: a turn's report explains it in words",
            "qwirkle.interface.views": "the module, SpectatorView and others: a view that breaks it is refused",
            "qwirkle.testing.values": "hands: the testing helpers check states and games against it",
        },
    ),
    "SETUP-3": Home(
        "qwirkle._consistency",  # check_hand_sizes
        {
            "qwirkle.state": "check_state: check_state refuses a state that breaks it",
            "qwirkle.errors": "InvalidStateError: its docstring takes the rule as its example",
            "qwirkle.interface.views": "check_view, check_spectator_view and others: a view that breaks it is refused",
        },
    ),
    "START-1": Home(
        "qwirkle._engine.lines",  # groups, group_size
        {
            "qwirkle.cli.transcript": "_turn_lines: the command line prints it in words",
            "qwirkle.formats.replay": "_deal, _tied: replaying a record deals, draws and checks each turn by it",
            "qwirkle.game": "new_game, choose_starter: the game flow carries it out",
            "qwirkle.interface.scorekeeper": "Scorekeeper.start: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "START-2": Home(
        "qwirkle.rules.ruleset",  # starting_seat
        {
            "qwirkle.cli.transcript": "_turn_lines: the command line prints it in words",
            "qwirkle.formats.replay": "_deal, _tied: replaying a record deals, draws and checks each turn by it",
            "qwirkle.game": "new_game, choose_starter: the game flow carries it out",
            "qwirkle.interface.scorekeeper": "Scorekeeper.start: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "START-3": Home(
        "qwirkle.rules.ruleset",  # StartTiebreak, starting_seat, RuleSet.preset
        {
            "qwirkle.cli.transcript": "_turn_lines: the command line prints it in words",
            "qwirkle.formats.replay": "_deal: replaying a record deals, draws and checks each turn by it",
            "qwirkle.game": "new_game, choose_starter: the game flow carries it out",
            "qwirkle.interface.scorekeeper": "Scorekeeper.start: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "START-4": Home(
        "qwirkle.legality",  # can_exchange, _verify_place, _verify_exchange, check_turn_kind, may_pass, check_pass
        {
            "qwirkle._engine.movegen": "_opening_windows, windows: the move generator lists only moves the rule allows",
            "qwirkle.bots.play": "IllegalBotMoveError: the bots' game loop refuses or stops a game by it",
            "qwirkle.interface.builder": "TurnBuilder says which rule a tile being placed breaks",
            "qwirkle.interface.events": "play: a turn's report explains it in words",
            "qwirkle.interface.scorekeeper": "Scorekeeper.exchange: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "START-5": Home(
        "qwirkle._engine.movegen",  # opening_points
        {},
    ),
    "START-6": Home(
        "qwirkle._engine.movegen",  # opening_points
        {},
    ),
    "START-7": Home(
        "qwirkle.legality",  # verify
        {
            "qwirkle.cards.legality": "verify: a card move out of turn breaks it too",
            "qwirkle.endings": "_close_turn: passes the turn to the next seat",
            "qwirkle.errors": "not_your_turn: the error for a move out of turn",
            "qwirkle.formats.records": "GameRecord.replay says which rule a record that breaks it fails",
            "qwirkle.formats.replay": "_step and others: replaying a record deals, draws and checks each turn by it",
            "qwirkle.game": "score, apply: the game flow carries it out",
            "qwirkle.histories": "check_history: check_history refuses a history that breaks it",
            "qwirkle.testing.invariants": "check_invariants: the testing helpers check states and games against it",
        },
    ),
    "TURN-1": Home(
        "qwirkle.legality",  # check, _verify_place
        {
            "qwirkle.legality.placement": "check_hidden_hand: checks a placement from a hand nobody sees against it",
            "qwirkle.interface.builder": "TurnBuilder says which rule a tile being placed breaks",
            "qwirkle.interface.scorekeeper": "the Scorekeeper (a game on a real table) checks it",
            "qwirkle.moves": "_placements: a move value refuses a move the rule rules out",
        },
    ),
    "TURN-2": Home(
        "qwirkle.draws",  # draw_count
        {
            "qwirkle.adapters.openspiel": "OpenSpiel's chance nodes or turn limit follow it",
            "qwirkle.formats.replay": "_step, _noted_draws: replaying a record deals, draws and checks each turn by it",
            "qwirkle.game": "apply: the game flow carries it out",
            "qwirkle.interface.scorekeeper": "Scorekeeper.place: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "TURN-3": Home(
        "qwirkle.legality",  # may_pass, check_pass
        {
            "qwirkle.bots.greedy": "GreedyBot: a bot's docstring says how it plays under it",
            "qwirkle.interface.events": "TurnReport.describe: a turn's report explains it in words",
            "qwirkle.interface.scorekeeper": "the Scorekeeper (a game on a real table) checks it",
            "qwirkle.moves": "Pass: a move value refuses a move the rule rules out",
            "qwirkle.testing.invariants": "check_invariants: the testing helpers check states and games against it",
        },
    ),
    "PLACE-1": Home(
        "qwirkle.legality.placement",  # check_placement
        {
            "qwirkle.errors": "IllegalMoveError: its docstring takes the rule as its example",
            "qwirkle.interface.builder": "TurnBuilder.options: TurnBuilder says which rule a tile being placed breaks",
        },
    ),
    "PLACE-2": Home(
        "qwirkle.legality.placement",  # check_placement
        {
            "qwirkle.interface.builder": "TurnBuilder says which rule a tile being placed breaks",
        },
    ),
    "PLACE-3": Home(
        "qwirkle.legality.placement",  # check_placement
        {
            "qwirkle.interface.builder": "TurnBuilder.options: TurnBuilder says which rule a tile being placed breaks",
            "qwirkle.interface.scorekeeper": "Scorekeeper.score: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "PLACE-4": Home(
        "qwirkle.legality.placement",  # check_placement
        {
            "qwirkle.legality": "verify: its example is a move refused by it",
            "qwirkle._engine.grid": "check_grid: a Board refuses a grid of tiles that breaks it",
            "qwirkle.interface.builder": "TurnBuilder says which rule a tile being placed breaks",
        },
    ),
    "PLACE-5": Home(
        "qwirkle.legality.placement",  # check_placement
        {
            "qwirkle.histories": "check_history: check_history refuses a history that breaks it",
            "qwirkle.interface.builder": "TurnBuilder says which rule a tile being placed breaks",
            "qwirkle.moves": "_placements: a move value refuses a move the rule rules out",
        },
    ),
    "LINE-1": Home(
        "qwirkle._engine.lines",  # line_fault
        {
            "qwirkle.board": "Board.lines_through: the lines through a cell, as the rule defines them",
            "qwirkle.scoring": "line_points: counts a line as the rule defines it",
        },
    ),
    "LINE-2": Home(
        "qwirkle._engine.lines",  # line_fault, summary_fault, joinable
        {
            "qwirkle._engine.grid": "check_grid: a Board refuses a grid of tiles that breaks it",
            "qwirkle.legality.placement": "check_lines: checks a move against it, raises the IllegalMoveError",
        },
    ),
    "LINE-3": Home(
        "qwirkle._engine.lines",  # line_fault, summary_fault, joinable
        {
            "qwirkle._engine.grid": "check_grid: a Board refuses a grid of tiles that breaks it",
            "qwirkle.legality.placement": "check_lines: checks a move against it, raises the IllegalMoveError",
        },
    ),
    "LINE-4": Home(
        "qwirkle._engine.lines",  # MAX_LINE, line_fault, summary_fault, joinable
        {
            "qwirkle._engine.grid": "check_grid: a Board refuses a grid of tiles that breaks it",
            "qwirkle.legality.placement": "check_lines: checks a move against it, raises the IllegalMoveError",
        },
    ),
    "LINE-5": Home(
        "qwirkle.legality",  # is_legal
        {},
    ),
    "LINE-6": Home(
        "qwirkle.legality.placement",  # check_placement, check_lines
        {
            "qwirkle.interface.builder": "TurnBuilder says which rule a tile being placed breaks",
        },
    ),
    "SCORE-1": Home(
        "qwirkle.scoring",  # the module, line_points, ScoredLine, score_lines
        {
            "qwirkle.errors": "ReplayError: its docstring takes the rule as its example",
            "qwirkle.formats.records": "GameRecord.replay says which rule a record that breaks it fails",
            "qwirkle.formats.replay": "_check_score: replaying a record deals, draws and checks each turn by it",
            "qwirkle.histories": "check_score, check_history: check_history refuses a history that breaks it",
            "qwirkle.interface.events": "explain_score: a turn's report explains it in words",
        },
    ),
    "SCORE-2": Home(
        "qwirkle.scoring",  # the module, line_points, score_lines
        {
            "qwirkle.formats.replay": "_check_score: replaying a record deals, draws and checks each turn by it",
        },
    ),
    "SCORE-3": Home(
        "qwirkle.scoring",  # the module, line_points, lines_through, score_lines
        {},
    ),
    "SCORE-4": Home(
        "qwirkle.scoring",  # the module, line_points, score_lines
        {
            "qwirkle.formats.replay": "_check_score: replaying a record deals, draws and checks each turn by it",
            "qwirkle.histories": "check_score: check_history refuses a history that breaks it",
            "qwirkle.interface.events": "TurnReport.qwirkles, explain_score: a turn's report explains it in words",
        },
    ),
    "SCORE-5": Home(
        "qwirkle.scoring",  # the module, line_points, score_lines
        {
            "qwirkle.histories": "check_score: check_history refuses a history that breaks it",
        },
    ),
    "SCORE-6": Home(
        "qwirkle.scoring",  # the module, NOTHING
        {
            "qwirkle.formats.replay": "_check_score: replaying a record deals, draws and checks each turn by it",
            "qwirkle.histories": "check_score: check_history refuses a history that breaks it",
            "qwirkle.interface.scorekeeper": "Scorekeeper.exchange: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "SCORE-7": Home(
        "qwirkle.scoring",  # the module, line_points, score_lines
        {
            "qwirkle.formats.replay": "_check_score: replaying a record deals, draws and checks each turn by it",
            "qwirkle.histories": "check_score: check_history refuses a history that breaks it",
            "qwirkle.interface.events": "explain_score: a turn's report explains it in words",
        },
    ),
    "SCORE-8": Home(
        "qwirkle.scoring",  # the module, goes_out, score_lines
        {
            "qwirkle.bots.endgame": "_best_finish, _finish_moves: the strong bot's endgame search plays under it",
            "qwirkle.bots.strong": "StrongBot, StrongBot._endgame: a bot's docstring says how it plays under it",
            "qwirkle.formats.replay": "_check_score: replaying a record deals, draws and checks each turn by it",
            "qwirkle.histories": "check_score: check_history refuses a history that breaks it",
            "qwirkle.interface.events": "TurnReport.end_bonus, explain_score: a turn's report explains it in words",
        },
    ),
    "EXCHANGE-1": Home(
        "qwirkle.legality",  # can_exchange, exchange_limit, _verify_exchange
        {
            "qwirkle.adapters.openspiel": "OpenSpiel's chance nodes or turn limit follow it",
            "qwirkle.draws": "draw_count, draw_pool: counts and draws the tiles of a turn by it",
            "qwirkle.formats.replay": "_step, _noted_draws: replaying a record deals, draws and checks each turn by it",
            "qwirkle.game": "apply: the game flow carries it out",
            "qwirkle.interface.scorekeeper": "Scorekeeper.exchange: the Scorekeeper (a game on a real table) checks it",
            "qwirkle.moves": "_exchanged, Exchange: a move value refuses a move the rule rules out",
            "qwirkle.rules.ruleset": "RuleSet.preset: a rule set's option changes it",
        },
    ),
    "EXCHANGE-2": Home(
        "qwirkle.scoring",  # NOTHING
        {
            "qwirkle.interface.scorekeeper": "Scorekeeper.exchange: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "EXCHANGE-3": Home(
        "qwirkle.legality",  # can_exchange
        {},
    ),
    "EXCHANGE-4": Home(
        "qwirkle.legality",  # check_pass
        {
            "qwirkle.interface.scorekeeper": "the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "EXCHANGE-5": Home(
        "qwirkle.legality",  # can_exchange, exchange_limit, _verify_exchange, check_exchange_bag
        {
            "qwirkle.bots.greedy": "GreedyBot: a bot's docstring says how it plays under it",
            "qwirkle.interface.scorekeeper": "Scorekeeper.exchange: the Scorekeeper (a game on a real table) checks it",
        },
    ),
    "END-1": Home(
        "qwirkle.game",  # apply
        {},
    ),
    "END-2": Home(
        "qwirkle.endings",  # the module, outcome_of, end_cause, end_reason
        {
            "qwirkle.bots.endgame": "_best_finish, _finish_moves: the strong bot's endgame search plays under it",
            "qwirkle.bots.strong": "StrongBot._endgame: a bot's docstring says how it plays under it",
            "qwirkle.cli.transcript": "result_lines: the command line prints it in words",
            "qwirkle.game": "apply: the game flow carries it out",
            "qwirkle._consistency": "check_end: states and views that break it are refused",
            "qwirkle.testing.invariants": "check_invariants: the testing helpers check states and games against it",
        },
    ),
    "END-3": Home(
        "qwirkle.endings",  # RuledReason, EndReason, end_reason, _close_turn, passes_in_a_row, turns_without_placement
        {
            "qwirkle.game": "apply: the game flow carries it out",
            "qwirkle.interface.scorekeeper": "the Scorekeeper (a game on a real table) checks it",
            "qwirkle.legality": "check_game_on: checks a move against it and raises the IllegalMoveError",
            "qwirkle.native._convert": "trailing_passes: counts the passes that end a native game",
            "qwirkle.rules.ruleset": "BlockedEnd: a rule set's option changes it",
            "qwirkle.testing.invariants": "check_invariants: the testing helpers check states and games against it",
        },
    ),
    "END-4": Home(
        "qwirkle.endings",  # RuledReason.leaves, winners_among, Outcome, outcome_of, end_cause, winners_line and others
        {
            "qwirkle.adapters.returns": "the module, payoffs: a finished game's payoffs follow its winners",
            "qwirkle.formats._codec": "decode_outcome: reading a saved outcome checks its winners",
            "qwirkle.game": "resign: the game flow carries it out",
            "qwirkle.histories": "check_outcome: check_history refuses a history that breaks it",
            "qwirkle.rules.ruleset": "FinalTiebreak, _taking_final_tiebreak: a rule set's option changes it",
            "qwirkle._consistency": "check_end: states and views that break it are refused",
        },
    ),
    "END-5": Home(
        "qwirkle.endings",  # end_reason, _close_turn, turns_without_placement
        {
            "qwirkle.adapters.gymnasium": "MAX_TURNS: the environment's turn limit is the rule's option",
            "qwirkle.adapters.openspiel": "the module: OpenSpiel's chance nodes or turn limit follow it",
            "qwirkle.adapters.pettingzoo": "MAX_TURNS: the environment's turn limit is the rule's option",
            "qwirkle.bots.play": "TurnLimitError, run_game: the bots' game loop refuses or stops a game by it",
            "qwirkle.native": "run_game: native games stop at the same turn limit",
            "qwirkle.testing.games": "MAX_TURNS: the test games' turn limit",
        },
    ),
    "VARIANT-4": Home(
        "qwirkle.endings",  # end_reason
        {
            "qwirkle.testing.invariants": "check_invariants: the testing helpers check states and games against it",
        },
    ),
    "CARDS-1": Home(
        "qwirkle.cards.ruleset",  # DECK_SIZE, COPIES
        {
            "qwirkle.cards.consistency": "check_fields and others: a card game's state or view breaking it is refused",
            "qwirkle.cards.game": "new_game, position: the card game's flow carries it out",
            "qwirkle.cards.state": "check_state refuses a card game's state that breaks it",
            "qwirkle.cards.replay": "_deal, _step and others: replaying a card game's record checks each turn by it",
            "qwirkle.cards.views": "check_view: a view that breaks it is refused",
        },
    ),
    "CARDS-2": Home(
        "qwirkle.cards.consistency",  # check_players, check_fields
        {
            "qwirkle.cards.game": "new_game, apply: the card game's flow carries it out",
            "qwirkle.cards.ruleset": "MIN_PLAYERS, MAX_PLAYERS: the card game's rule set holds its numbers or options",
            "qwirkle.cards.state": "check_state: its docstring names the rules it checks",
            "qwirkle.cards.replay": "_deal, _step and others: replaying a card game's record checks each turn by it",
        },
    ),
    "CARDS-3": Home(
        "qwirkle.cards.series",  # the module, series_fault, is_valid_series
        {
            "qwirkle.cards.consistency": "check_fields and others: a card game's state or view breaking it is refused",
            "qwirkle.cards._search.lines": "the module and others: the lay search's line tables hold what it allows",
            "qwirkle.cards._search.listing": "partitions and others: the listing and its brute-force check keep to it",
            "qwirkle.cards._search.plans": "plan_for and others: the lay search plans only what it allows",
            "qwirkle.cards._search.solver": "the lay search's solver prunes what it rules out",
            "qwirkle.cards.builder": "TurnBuilder.problems: names the problems of a turn being built",
            "qwirkle.cards.lays": "most_cards, most_qwirkles: the lay search finds only lays the rule allows",
            "qwirkle.cards.legality": "checks a card move against it and raises the IllegalMoveError",
            "qwirkle.cards.legalmoves": "CardsLegalMoves.lays: CardsLegalMoves lists the lays it allows",
            "qwirkle.cards.ruleset": "SERIES_MAX: the card game's rule set holds its numbers or options",
            "qwirkle.cards.state": "_check_table, check_state: check_state refuses a card game's state that breaks it",
        },
    ),
    "CARDS-4": Home(
        "qwirkle.cards.game",  # largest_series_size, choose_starter, new_game
        {
            "qwirkle.cards._search.plans": "largest_sets: the lay search plans only what it allows",
            "qwirkle.cards.ruleset": "CardsRuleSet.preset: the card game's rule set holds its numbers or options",
            "qwirkle.rules.ruleset": "starting_seat: both games pick the starter with it",
            "qwirkle.cards.replay": "_deal, _step and others: replaying a card game's record checks each turn by it",
        },
    ),
    "CARDS-5": Home(
        "qwirkle.cards.legality",  # verify, _verify_lay
        {
            "qwirkle.cards._search.plans": "largest_sets: the lay search plans only what it allows",
            "qwirkle.cards.builder": "TurnBuilder.problems: names the problems of a turn being built",
            "qwirkle.cards.lays": "opening_sets, opening_lay: the lay search finds only lays the rule allows",
            "qwirkle.cards.ruleset": "CardsRuleSet.preset: the card game's rule set holds its numbers or options",
            "qwirkle.cards.scoring": "nothing_laid: the card game's score counts by it",
            "qwirkle.cards.state": "CardsState.is_opening: a state says whether the opening is due",
            "qwirkle.cards.views": "_Public.is_opening: a view says whether the opening is due",
        },
    ),
    "CARDS-6": Home(
        "qwirkle.cards.legality",  # verify, _verify_lay
        {
            "qwirkle.cards.consistency": "check_fields and others: a card game's state or view breaking it is refused",
            "qwirkle.cards._search.lines": "the module, line_ok: the lay search's line tables hold what it allows",
            "qwirkle.cards._search.listing": "partitions and others: the listing and its brute-force check keep to it",
            "qwirkle.cards._search.plans": "the module, best_plan and others: the lay search plans only what it allows",
            "qwirkle.cards._search.solver": "the lay search's solver prunes what it rules out",
            "qwirkle.cards.bots": "RandomBot: a card bot's docstring says how it plays under it",
            "qwirkle.cards.builder": "the module, Problem and others: names the problems of a turn being built",
            "qwirkle.cards.lays": "_quick_lay, can_lay and others: the lay search finds only lays the rule allows",
            "qwirkle.cards.legalmoves": "CardsLegalMoves and others: CardsLegalMoves lists the lays it allows",
            "qwirkle.cards.moves": "the module, _played, Lay: a card move value holds what the rule says",
            "qwirkle.cards.series": "series_fault, is_valid_series: series_fault names the fault of a series",
            "qwirkle.cards.state": "_check_table, check_state: check_state refuses a card game's state that breaks it",
        },
    ),
    "CARDS-7": Home(
        "qwirkle.cards.legality",  # check_game_on, verify, _verify_blocked
        {
            "qwirkle.cards.consistency": "check_fields and others: a card game's state or view breaking it is refused",
            "qwirkle.cards._search.plans": "can_lay_counts: the lay search plans only what it allows",
            "qwirkle.cards.bots": "RandomBot, GreedyBot: a card bot's docstring says how it plays under it",
            "qwirkle.cards.endings": "CardsEndReason, end_reason: the card game's end reasons and winners follow it",
            "qwirkle.cards.game": "new_game, apply: the card game's flow carries it out",
            "qwirkle.cards.lays": "_quick_lay, can_lay, blocked_move: the lay search finds only lays the rule allows",
            "qwirkle.cards.legalmoves": "CardsLegalMoves: CardsLegalMoves lists the lays it allows",
            "qwirkle.cards.moves": "Pass, Redraw: a card move value holds what the rule says",
            "qwirkle.cards.ruleset": "BlockedAction and others: the card game's rule set holds its numbers or options",
            "qwirkle.cards.state": "_check_ending, check_state: check_state refuses a card game's state that breaks it",
            "qwirkle.cards.replay": "_deal, _step and others: replaying a card game's record checks each turn by it",
            "qwirkle.cards.records": "CardsGameRecord.replay: its docstring shows a turn refused by it",
        },
    ),
    "CARDS-8": Home(
        "qwirkle.cards.game",  # apply
        {
            "qwirkle.cards.consistency": "check_fields and others: a card game's state or view breaking it is refused",
            "qwirkle.cards._search.lines": "the module and others: the lay search's line tables hold what it allows",
            "qwirkle.cards._search.plans": "best_plan: the lay search plans only what it allows",
            "qwirkle.cards._search.solver": "Solver._propagate: the lay search's solver prunes what it rules out",
            "qwirkle.cards.bots": "GreedyBot: a card bot's docstring says how it plays under it",
            "qwirkle.cards.lays": "most_cards, most_qwirkles: the lay search finds only lays the rule allows",
            "qwirkle.cards.moves": "Lay, Lay.qwirkles: a card move value holds what the rule says",
            "qwirkle.cards.ruleset": "SERIES_MAX: the card game's rule set holds its numbers or options",
            "qwirkle.cards.scoring": "CardsScore: the card game's score counts by it",
            "qwirkle.cards.state": "_check_table and others: check_state refuses a card game's state that breaks it",
            "qwirkle.cards.replay": "_deal, _step and others: replaying a card game's record checks each turn by it",
        },
    ),
    "CARDS-9": Home(
        "qwirkle.cards.scoring",  # CardsScore
        {
            "qwirkle.cards.bots": "GreedyBot: a card bot's docstring says how it plays under it",
            "qwirkle.cards.endings": "outcome_of: the card game's end reasons and winners follow it",
            "qwirkle.cards.state": "CardsState.scores: a state counts the Qwirkles claimed as its scores",
            "qwirkle.cards.views": "_Public.scores: a view counts the Qwirkles claimed as its scores",
        },
    ),
    "CARDS-10": Home(
        "qwirkle.cards.endings",  # end_reason
        {
            "qwirkle.cards.consistency": "check_fields and others: a card game's state or view breaking it is refused",
            "qwirkle.cards.game": "position, apply: the card game's flow carries it out",
            "qwirkle.cards.legality": "verify: a move after the last round is refused",
            "qwirkle.cards.state": "_check_ending, check_state: check_state refuses a card game's state that breaks it",
        },
    ),
    "CARDS-11": Home(
        "qwirkle.cards.endings",  # outcome_of, left_game
        {
            "qwirkle.cards.consistency": "check_fields and others: a card game's state or view breaking it is refused",
            "qwirkle.cards.game": "resign: the card game's flow carries it out",
            "qwirkle.cards.state": "_check_ending, check_state: check_state refuses a card game's state that breaks it",
            "qwirkle.endings": "RuledReason.leaves, winners_among: both games count the winners alike",
        },
    ),
}


def modules_naming(root: Path) -> dict[str, set[str]]:
    """For each rule, the modules under ``root / "src"`` whose code names it, as the rule index finds them."""
    named: dict[str, set[str]] = rule_index.modules_naming(root, KNOWN)
    return named


def outside_budget(named: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """For each rule, the modules that name it without a place in its budget."""
    stray = {rule: sorted(modules - HOMES[rule].allowed) for rule, modules in named.items()}
    return {rule: modules for rule, modules in stray.items() if modules}


def stale_budget(named: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """For each rule, the modules its budget allows that no longer name it."""
    stale = {rule: sorted(set(home.also) - named.get(rule, set())) for rule, home in HOMES.items()}
    return {rule: modules for rule, modules in stale.items() if modules}


NAMED = modules_naming(ROOT)


def test_every_rule_has_a_budget() -> None:
    assert sorted(HOMES) == sorted(KNOWN)
    assert all(home.decides not in home.also for home in HOMES.values())
    assert all(reason.strip() for home in HOMES.values() for reason in home.also.values())


@pytest.mark.parametrize("rule", sorted(HOMES))
def test_the_deciding_module_names_the_rule(rule: str) -> None:
    assert HOMES[rule].decides in NAMED.get(rule, set())


def test_each_rule_is_named_only_within_its_budget() -> None:
    assert outside_budget(NAMED) == {}


def test_each_budget_names_only_modules_that_name_the_rule() -> None:
    # A budget that outlives its reason would excuse a copy that comes back later.
    assert stale_budget(NAMED) == {}


def test_a_budget_entry_for_a_module_that_no_longer_names_the_rule_is_stale() -> None:
    named = {rule: set(modules) for rule, modules in NAMED.items()}
    named["END-4"] = named["END-4"] - {"qwirkle.histories"}
    assert stale_budget(named) == {"END-4": ["qwirkle.histories"]}


def test_a_copy_of_a_rule_in_another_module_is_outside_its_budget(tmp_path: Path) -> None:
    package = tmp_path / "src" / "qwirkle"
    package.mkdir(parents=True)
    (package / "shortcut.py").write_text(
        'def fits(line):\n    """Whether a line is valid (Rule LINE-3)."""\n    return len(set(line)) == len(line)\n',
        encoding="utf-8",
    )
    assert outside_budget(modules_naming(tmp_path)) == {"LINE-3": ["qwirkle.shortcut"]}
