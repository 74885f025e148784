"""Every rule a move can break has a picture pair on the rules page: a move it allows and one it refuses.

The rules a move can break are found in the code: the rules an
:class:`~qwirkle.IllegalMoveError` can carry (``docs/_ext/rule_index.py``). The
moves are in ``docs/_ext/rule_examples.py``; the rules page draws them and prints
the library's message for the refused one, so a message cannot drift from the code.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from qwirkle import IllegalMoveError, Rule
from qwirkle import cards as card_game
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
EXT = ROOT / "docs" / "_ext"
KNOWN = frozenset(rule.value for rule in Rule)


def _load(name: str) -> ModuleType:
    """A module of the documentation's extensions (they are not a package)."""
    return module_from_path(f"qwirkle_docs_{name}", EXT / f"{name}.py")


rule_index = _load("rule_index")
rule_examples = _load("rule_examples")
REFUSED = rule_index.refused_rules(ROOT, KNOWN)


def test_every_rule_a_move_can_break_has_an_example_and_no_other_rule_has() -> None:
    assert sorted(REFUSED) == sorted(rule_examples.EXAMPLES)


def test_the_search_reads_rules_through_names_parameters_returns_and_end_reasons() -> None:
    where = {rule: {ref.fullname for ref in refs} for rule, refs in REFUSED.items()}
    assert "qwirkle.legality.placement.check_placement" in where["PLACE-2"]  # IllegalMoveError(Rule.PLACE_2, ...)
    assert "qwirkle.legality.placement.check_lines" in where["LINE-4"]  # fault = line_fault(line), which returns it
    assert "qwirkle.legality._take" in where["EXCHANGE-1"]  # a parameter, given Rule.EXCHANGE_1 by a caller
    assert "qwirkle.legality.check_game_on" in where["END-5"]  # outcome.reason.rule, an end reason
    assert "qwirkle.cards.legality._verify_lay" in where["CARDS-3"]  # IllegalMoveError(*fault)
    assert "SCORE-4" not in where  # scoring refuses nothing
    assert "TURN-2" not in where  # a replay's error, not a move's


def test_the_search_names_an_error_whose_rule_it_cannot_tell(tmp_path: Path) -> None:
    package = tmp_path / "src" / "game"
    package.mkdir(parents=True)
    (package / "moves.py").write_text(
        "def check(move):\n    raise IllegalMoveError(Rule.PLACE_1, 'no')\n\n"
        "def other(move):\n    raise IllegalMoveError(pick(move), 'no')\n",
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match=r"src/game/moves\.py, line 5"):
        rule_index.refused_rules(tmp_path, KNOWN)
    (package / "moves.py").write_text("def check(move):\n    raise IllegalMoveError(Rule.PLACE_1, 'no')\n")
    assert sorted(rule_index.refused_rules(tmp_path, KNOWN)) == ["PLACE-1"]


def _verdict(example: object, attempt: object) -> IllegalMoveError | None:
    """The error the library refuses the move with, or ``None`` if it allows it."""
    try:
        if isinstance(example, rule_examples.TileExample):
            rule_examples.judge(example, attempt)
        else:
            state = rule_examples.cards_setup(example, attempt)
            card_game.verify(state, rule_examples.cards_move(attempt))
    except IllegalMoveError as error:
        return error
    return None


@pytest.mark.parametrize("rule", sorted(rule_examples.EXAMPLES))
def test_the_example_move_is_legal_and_the_other_is_refused_under_the_rule(rule: str) -> None:
    example = rule_examples.EXAMPLES[rule]
    assert _verdict(example, example.legal) is None
    error = _verdict(example, example.refused)
    assert error is not None, f"{rule}: the refused move is legal"
    expected = getattr(example, "refused_with", "") or rule
    assert error.rule.value == expected, f"{rule}: refused with {error}"
    assert example.legal.words.endswith(".")
    assert example.refused.words.endswith(".")
