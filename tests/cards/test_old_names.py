"""Names that moved keep working for one release: each old path gives the same object, with a warning."""

from __future__ import annotations

import importlib
import pickle
import re
import sys
import types
from pathlib import Path

import pytest

from qwirkle import cards
from qwirkle._moved import moved_names
from qwirkle.cards import (
    BlockedAction,
    CardsEndReason,
    CardsNotationError,
    CardsPlayerView,
    CardsRuleSet,
    CardsSpectatorView,
    CardsState,
    apply,
    most_cards,
    new_game,
    parse_cards,
    resign,
)
from qwirkle.cards.scoring import CardsTurn

MOVED = {
    "qwirkle.cards.rules": {
        name: f"qwirkle.cards.ruleset.{name}"
        for name in (
            "BlockedAction",
            "CardsRuleSet",
            "COPIES",
            "DECK_SIZE",
            "MAX_PLAYERS",
            "MIN_PLAYERS",
            "SERIES_MAX",
            "StartTiebreak",
        )
    },
    "qwirkle.cards.moves": {
        name: f"qwirkle.cards.notation.{name}" for name in ("CardsNotationError", "card_code", "parse_cards")
    },
    "qwirkle.cards.legal": {
        "LegalCardMoves": "qwirkle.cards.legalmoves.CardsLegalMoves",
        "legal_moves": "qwirkle.cards.legalmoves.legal_moves",
    },
    "qwirkle.cards.ending": {
        name: f"qwirkle.cards.endings.{name}"
        for name in ("CardsEndReason", "CardsOutcome", "end_reason", "left_game", "outcome_of")
    },
    "qwirkle.cards.view": {
        "CardsSpectatorView": "qwirkle.cards.views.CardsSpectatorView",
        "CardsView": "qwirkle.cards.views.CardsPlayerView",
    },
    "qwirkle.cards.turns": {
        name: f"qwirkle.cards.scoring.{name}" for name in ("CardsScore", "CardsTurn", "nothing_laid")
    },
    "qwirkle.cards.checks": {
        "check_players": "qwirkle.cards.state.check_players",
        "check_state": "qwirkle.cards.state.check_state",
        "position": "qwirkle.cards.game.position",
    },
    "qwirkle.cards.deal": {
        name: f"qwirkle.cards.game.{name}" for name in ("choose_starter", "largest_series_size", "new_game")
    },
    "qwirkle.cards.search": {
        name: f"qwirkle.cards._search.plans.{name}"
        for name in (
            "Goal",
            "Plan",
            "best_plan",
            "brute_force",
            "can_lay_between",
            "can_lay_counts",
            "feasible_counts",
            "largest_sets",
            "layable_sets",
            "partitions",
            "plan_for",
            "sub_multisets",
        )
    },
    "qwirkle.cards.solver": {
        name: f"qwirkle.cards._search.solver.{name}" for name in ("NPAIRS", "PAIRS", "Solver", "feasible_counts")
    },
    "qwirkle.cards.listing": {
        name: f"qwirkle.cards._search.listing.{name}" for name in ("brute_force", "partitions", "sub_multisets")
    },
    "qwirkle.cards.lines": {
        name: f"qwirkle.cards._search.lines.{name}"
        for name in ("LINES_OF", "LINE_CELLS", "deal_line", "line_ok", "line_qwirkles")
    },
    # Renamed where they live, and where they were exported from.
    "qwirkle.cards": {
        "CardsView": "qwirkle.cards.views.CardsPlayerView",
        "LegalCardMoves": "qwirkle.cards.legalmoves.CardsLegalMoves",
    },
    "qwirkle.cards.views": {"CardsView": "qwirkle.cards.views.CardsPlayerView"},
    "qwirkle.cards.state": {"CardsView": "qwirkle.cards.views.CardsPlayerView"},
    "qwirkle.cards.legalmoves": {"LegalCardMoves": "qwirkle.cards.legalmoves.CardsLegalMoves"},
}
"""Each old module, and for each name it gave, the dotted path of what it gives now."""

HOMES = {
    "qwirkle.cards",
    "qwirkle.cards.moves",
    "qwirkle.cards.views",
    "qwirkle.cards.state",
    "qwirkle.cards.legalmoves",
}
"""The modules of ``MOVED`` that still hold code of their own; the others are only their ``__getattr__``."""

OLD_NAMES = [(old, name, new) for old, names in MOVED.items() for name, new in names.items()]


def _resolve(path: str) -> object:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize(("old", "name", "new"), OLD_NAMES, ids=[f"{old}.{name}" for old, name, _ in OLD_NAMES])
def test_an_old_path_gives_the_same_object_and_warns_where_it_went(old: str, name: str, new: str) -> None:
    module = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=re.escape(f"{old}.{name} is deprecated")) as caught:
        found = getattr(module, name)
    assert found is _resolve(new)
    words = str(caught[0].message)
    if "._" in new:
        assert f"it is internal now ({new})" in words
    else:
        assert words.endswith(f"use {new}")


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_imports_with_from_and_warns(old: str) -> None:
    name = next(iter(MOVED[old]))
    with pytest.warns(DeprecationWarning, match=re.escape(f"{old}.{name}")):
        exec(f"from {old} import {name}", {})  # the statement users wrote


def test_an_old_module_still_refuses_a_name_it_never_had() -> None:
    rules = importlib.import_module("qwirkle.cards.rules")

    with pytest.raises(AttributeError, match="has no attribute 'CardsState'"):
        _ = rules.CardsState


def test_the_moved_names_are_not_kept_as_plain_attributes_of_the_modules_they_left() -> None:
    # A name left in the old module's namespace would be found without the warning.
    for old, names in MOVED.items():
        module = importlib.import_module(old)
        assert not set(names) & set(vars(module)), old


def test_the_shims_hold_no_code_of_their_own() -> None:
    # Each old module is its __getattr__ and nothing else, so no rule can live on in it.
    for old in set(MOVED) - HOMES:
        module = importlib.import_module(old)
        own = {name for name in vars(module) if not name.startswith("__")}
        assert own <= {"moved_names", "annotations"}, (old, own)


# ---------------------------------------------------------------------------
# moved_names itself


def test_moved_names_warns_at_the_line_that_used_the_old_name() -> None:
    module = types.ModuleType("qwirkle_old_home")
    module.__getattr__ = moved_names("qwirkle_old_home", {"Rules": "qwirkle.cards.ruleset.CardsRuleSet"})  # type: ignore[method-assign]
    sys.modules["qwirkle_old_home"] = module
    try:
        with pytest.warns(DeprecationWarning, match="qwirkle_old_home.Rules") as caught:
            found = module.Rules
        assert found is CardsRuleSet
        assert caught[0].filename == __file__
        assert str(caught[0].message) == (
            "qwirkle_old_home.Rules is deprecated and will be removed in the next release: "
            "use qwirkle.cards.ruleset.CardsRuleSet"
        )
    finally:
        del sys.modules["qwirkle_old_home"]


def test_moved_names_says_when_a_name_leaves_the_public_api() -> None:
    find = moved_names("qwirkle_old_home", {"Goal": "qwirkle.cards._search.plans.Goal"})
    with pytest.warns(DeprecationWarning, match=re.escape("it is internal now (qwirkle.cards._search.plans.Goal)")):
        find("Goal")


def test_moved_names_raises_attribute_error_without_a_warning_for_other_names() -> None:
    find = moved_names("qwirkle_old_home", {"Goal": "qwirkle.cards._search.plans.Goal"})
    with pytest.raises(AttributeError, match="module 'qwirkle_old_home' has no attribute 'Plan'"):
        find("Plan")  # filterwarnings = error: a warning here would fail the test


# ---------------------------------------------------------------------------
# Pickles made before the moves

PICKLES = Path(__file__).parent / "data" / "values-0.1.0.pickle"
"""Values of the card game pickled by qwirkle 0.1.0, before the modules moved (see the test below for which)."""


def test_values_pickled_before_the_moves_load_equal_with_a_warning() -> None:
    data = PICKLES.read_bytes()
    assert {b"qwirkle.cards.turns", b"qwirkle.cards.rules", b"qwirkle.cards.view", b"qwirkle.cards.ending"} <= set(
        re.findall(rb"qwirkle\.cards\.[a-z_]+", data)
    )
    with pytest.warns(DeprecationWarning, match="is deprecated") as caught:
        loaded = pickle.loads(data)
    assert {str(warning.message).split(" is ")[0] for warning in caught} >= {
        "qwirkle.cards.turns.CardsTurn",
        "qwirkle.cards.rules.CardsRuleSet",
        "qwirkle.cards.view.CardsSpectatorView",
        "qwirkle.cards.ending.CardsEndReason",
        "qwirkle.cards.view.CardsView",
        "qwirkle.cards.moves.CardsNotationError",
    }
    state = new_game(["Ann", "Bob"], seed=7)
    opening = most_cards(state)
    assert opening is not None
    state = apply(state, opening)
    assert isinstance(loaded["state"], CardsState)
    assert loaded["state"] == state
    assert isinstance(loaded["state"].history[0], CardsTurn)
    assert type(loaded["view"]) is CardsPlayerView
    assert loaded["view"] == state.view(1)
    assert isinstance(loaded["spectator"], CardsSpectatorView)
    assert loaded["spectator"] == state.spectator_view()
    assert loaded["rules"] == CardsRuleSet(cards_blocked_action=BlockedAction.REDRAW_HAND)
    assert loaded["resigned"] == resign(state, 0)
    assert loaded["resigned"].outcome.reason is CardsEndReason.RESIGNED
    error = loaded["error"]
    assert type(error) is CardsNotationError
    with pytest.raises(CardsNotationError) as fresh:
        parse_cards("Ro Rq")
    assert (str(error), error.position) == (str(fresh.value), fresh.value.position)


def test_values_pickled_now_name_the_new_modules_and_load_without_a_warning() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    opening = most_cards(state)
    assert opening is not None
    state = apply(state, opening)
    data = pickle.dumps([state, state.view(1), state.spectator_view()])
    named = set(re.findall(rb"qwirkle\.cards\.[a-z_]+", data))
    assert named == {
        b"qwirkle.cards.state",
        b"qwirkle.cards.scoring",
        b"qwirkle.cards.moves",
        b"qwirkle.cards.ruleset",
        b"qwirkle.cards.views",
    }
    assert pickle.loads(data) == [state, state.view(1), state.spectator_view()]


PREVIOUS_ALL = [
    "BlockedAction",
    "Bot",
    "CardsEndReason",
    "CardsMove",
    "CardsNotationError",
    "CardsOutcome",
    "CardsRuleSet",
    "CardsScore",
    "CardsSpectatorView",
    "CardsState",
    "CardsTurn",
    "CardsView",
    "GreedyBot",
    "Lay",
    "LegalCardMoves",
    "Pass",
    "Problem",
    "RandomBot",
    "Redraw",
    "Series",
    "StartTiebreak",
    "Table",
    "TurnBuilder",
    "apply",
    "blocked_move",
    "can_lay",
    "canonical_table",
    "card_code",
    "check_state",
    "choose_starter",
    "is_legal",
    "is_over",
    "is_valid_series",
    "largest_series_size",
    "legal_moves",
    "most_cards",
    "most_qwirkles",
    "new_game",
    "parse_cards",
    "position",
    "resign",
    "run_game",
    "score",
    "verify",
]
"""The names ``qwirkle.cards`` exported in 0.1.0."""


def test_every_name_the_package_exported_before_is_exported_still() -> None:
    renamed = MOVED["qwirkle.cards"]
    assert set(PREVIOUS_ALL) - set(cards.__all__) == set(renamed)
    for name in PREVIOUS_ALL:
        if name in renamed:
            with pytest.warns(DeprecationWarning, match=re.escape(f"use {renamed[name]}")):
                assert getattr(cards, name) is _resolve(renamed[name])
        else:
            assert name in vars(cards), name  # an attribute of its own, not one found through a warning


def test_the_package_exports_the_new_names_of_the_renamed_classes() -> None:
    assert {"CardsLegalMoves", "CardsPlayerView"} <= set(cards.__all__)
    assert cards.CardsPlayerView.__name__ == "CardsPlayerView"
    assert repr(cards.legal_moves(new_game(["Ann", "Bob"], seed=7))) == "<CardsLegalMoves of seat 1>"


def test_type_checkers_read_the_old_class_names_as_the_new_classes(tmp_path: Path) -> None:
    from mypy import api

    module = tmp_path / "old_names.py"
    module.write_text(
        "from qwirkle.cards import CardsView, LegalCardMoves, legal_moves, new_game\n"
        "def hand_size(view: CardsView) -> int:\n"
        "    return len(view.hand)\n"
        "moves: LegalCardMoves = legal_moves(new_game(['Ann', 'Bob'], seed=7))\n"
        "size: int = hand_size(new_game(['Ann', 'Bob'], seed=7).view())\n"
    )
    args = ["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), str(module)]
    out, err, status = api.run(args)
    assert status == 0, out + err
    # The check has teeth: a view is not a state.
    module.write_text(module.read_text().replace(".view())", ")"))
    out, _, status = api.run(args)
    assert status == 1
    assert 'Argument 1 to "hand_size" has incompatible type "CardsState"; expected "CardsPlayerView"' in out
