"""The rule catalogue: every rule of RULES.md sections 1 to 8 is in the Rule enum and is checked by a test.

``RULES.md`` is read from its copy in ``tests/data``.

Each rule has one record, which names the options that change the rule; each
field of the rule sets takes its rules from there: every field is named by at
least one rule (none is a plain count with no rule behind it), and
:attr:`Rule.options` says exactly what the fields hold.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from qwirkle import IllegalMoveError, InvalidOptionsError, Rule, RuleSet
from qwirkle.cards import CardsRuleSet
from qwirkle.rules import catalogue
from qwirkle.rules.ruleset import option_field, option_rules, rules_from_catalogue

TESTS = Path(__file__).resolve().parent
RULES_MD = TESTS / "data" / "RULES.md"

_MARKER = re.compile(r"pytest\.mark\.rule\(([^)]*)\)")
_ID = re.compile(r"[\"']([A-Z]+-\d+)[\"']")
_ENUM_ID = re.compile(r"Rule\.([A-Z]+_\d+)")


def marked_ids() -> dict[str, set[str]]:
    """Every rule ID named in a ``pytest.mark.rule(...)`` marker under tests/, with the files naming it."""
    found: dict[str, set[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        if path.name == Path(__file__).name:
            # This file quotes markers in its own checks; they test nothing.
            continue
        for call in _MARKER.finditer(path.read_text(encoding="utf-8")):
            args = call.group(1)
            ids = _ID.findall(args) + [name.replace("_", "-") for name in _ENUM_ID.findall(args)]
            for rule_id in ids:
                found.setdefault(rule_id, set()).add(path.name)
    return found


def catalogue_ids(text: str) -> list[str]:
    """The IDs of the rule rows of a catalogue text, in order."""
    return re.findall(r"^\|\s*\*\*([A-Z]+-\d+)\*\*\s*\|", text, flags=re.MULTILINE)


def catalogue_text() -> str:
    return RULES_MD.read_text(encoding="utf-8")


def test_the_marker_scan_finds_markers() -> None:
    # Guards the scan itself: if it found nothing, the next test would pass on no evidence.
    sample = 'x\n@pytest.mark.rule("LINE-6")\n@pytest.mark.rule(\n    "PLACE-1", Rule.SCORE_2\n)\n'
    calls = [_ID.findall(m.group(1)) + _ENUM_ID.findall(m.group(1)) for m in _MARKER.finditer(sample)]
    assert calls == [["LINE-6"], ["PLACE-1", "SCORE_2"]]
    assert len(marked_ids()) >= 10


def test_every_rule_is_named_by_a_test() -> None:
    named = marked_ids()
    untested = [rule.value for rule in Rule if rule.value not in named]
    assert untested == [], f"rules with no test marked @pytest.mark.rule(...): {untested}"


def test_every_rule_a_test_names_exists() -> None:
    known = {rule.value for rule in Rule}
    unknown = {rule_id: sorted(files) for rule_id, files in marked_ids().items() if rule_id not in known}
    assert unknown == {}, f"markers naming rules the catalogue does not have: {unknown}"


def test_the_rule_enum_matches_sections_1_to_8_of_the_catalogue() -> None:
    tile_game, _, _ = catalogue_text().partition("\n## 9.")
    ids = catalogue_ids(tile_game)
    assert len(ids) == len(set(ids)), "an ID appears twice in sections 1 to 8 of RULES.md"
    assert len(ids) == 45
    # Section 10 (Qwirkle Cards) is another game, and section 9 (variants) holds house rules; their
    # rules may join the enum without changing this one.
    tile_rules = {rule.value for rule in Rule if rule.family not in ("CARDS", "VARIANT")}
    assert tile_rules == set(ids)


def test_every_rule_of_the_enum_is_in_the_catalogue() -> None:
    ids = set(catalogue_ids(catalogue_text()))
    assert {rule.value for rule in Rule} <= ids


def test_every_rule_has_a_statement() -> None:
    for rule in Rule:
        statement = rule.statement
        assert isinstance(statement, str)
        assert statement.strip(), rule


def test_a_rule_compares_equal_to_its_id() -> None:
    for rule in Rule:
        assert rule == rule.value
        assert Rule(rule.value) is rule
        assert rule.name == rule.value.replace("-", "_")


def test_an_illegal_move_error_names_its_rule() -> None:
    error = IllegalMoveError(Rule.LINE_3, "a red circle twice")
    assert error.rule is Rule.LINE_3
    assert error.reason == "a red circle twice"
    assert str(error) == "LINE-3: a red circle twice"


def test_every_rule_has_its_own_record() -> None:
    assert [rule.entry.id for rule in Rule] == [rule.value for rule in Rule]
    for rule in Rule:
        entry = rule.entry
        assert (rule.statement, rule.sources, rule.choice, rule.note) == (
            entry.statement,
            entry.sources,
            entry.choice,
            entry.note,
        )


# ---------------------------------------------------------------------------
# Options name their rules on their fields

RULE_SETS: tuple[type[RuleSet] | type[CardsRuleSet], ...] = (RuleSet, CardsRuleSet)


def test_the_values_of_the_catalogue_are_named_by_the_catalogue() -> None:
    # The API reference links a type hint by the module that defines the class: a private one must not show.
    values = {name: getattr(catalogue, name) for name in catalogue.__all__}
    classes = {name: value for name, value in values.items() if inspect.isclass(value)}
    assert {"RuleEntry", "Source", "Choice", "Document", "Link"} <= set(classes)
    assert {name: cls.__module__ for name, cls in classes.items() if cls.__module__ != "qwirkle.rules.catalogue"} == {}


def test_the_values_of_the_catalogue_are_still_importable_from_their_former_module() -> None:
    from qwirkle.rules import _values as _rule_values

    assert _rule_values.__all__ == ["DOCUMENTS", "Choice", "Document", "Link", "RuleEntry", "Source"]
    for name in _rule_values.__all__:
        assert getattr(_rule_values, name) is getattr(catalogue, name), name


def test_every_option_field_declares_the_rules_it_changes() -> None:
    for rule_set in RULE_SETS:
        for field in attrs.fields(rule_set):
            rules = field.metadata.get("rules")
            assert isinstance(rules, tuple), f"{rule_set.__name__}.{field.name} declares no rules"
            assert rules, f"{rule_set.__name__}.{field.name} declares no rules"
            assert all(isinstance(rule, Rule) for rule in rules), f"{rule_set.__name__}.{field.name}: {rules}"
            assert len(set(rules)) == len(rules), f"{rule_set.__name__}.{field.name} names a rule twice"
            assert option_rules(rule_set, field.name) == rules


def test_the_options_of_a_rule_are_the_fields_that_name_it() -> None:
    declared = {
        (rule, f"{rule_set.__name__}.{field.name}")
        for rule_set in RULE_SETS
        for field in attrs.fields(rule_set)
        for rule in field.metadata["rules"]
    }
    listed = {(rule, option) for rule in Rule for option in rule.options}
    assert listed == declared
    assert Rule.SETUP_1.options == ("RuleSet.min_players", "RuleSet.max_players")  # in field order
    assert Rule.CARDS_4.options == ("CardsRuleSet.cards_start_tiebreak", "CardsRuleSet.cards_redeal_if_no_opening")
    assert Rule.LINE_3.options == ()


def _field_docstrings(rule_set: type) -> dict[str, str]:
    """The docstring written under each field of a rule set's class, by field name."""
    tree = ast.parse(inspect.getsource(rule_set))
    body = tree.body[0]
    assert isinstance(body, ast.ClassDef)
    found: dict[str, str] = {}
    for node, following in zip(body.body, body.body[1:], strict=False):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            found[node.target.id] = following.value.value
    return found


def test_the_docstring_of_an_option_names_the_rules_its_field_declares() -> None:
    for rule_set in RULE_SETS:
        docs = _field_docstrings(rule_set)
        for field in attrs.fields(rule_set):
            named = set(re.findall(r"\b[A-Z]+-\d+\b", docs.get(field.name, "")))
            assert named == {rule.value for rule in option_rules(rule_set, field.name)}, field.name


def test_an_option_field_must_be_named_by_a_rule() -> None:
    with pytest.raises(TypeError, match="changes no rule"):

        @attrs.frozen(field_transformer=rules_from_catalogue)
        class RuleSet:  # the name of the tile game's rule set, with an option the catalogue does not name
            hand_size: int = option_field(6, None)
            colours: int = option_field(6, None)


def test_the_rules_of_an_unknown_option_are_an_error() -> None:
    with pytest.raises(InvalidOptionsError, match="RuleSet has no option 'hand'"):
        option_rules(RuleSet, "hand")


# ---------------------------------------------------------------------------
# The rules layer imports one way

RULES_LAYER = (
    "qwirkle._immutable",
    "qwirkle.rules._data",
    "qwirkle.rules.catalogue",
    "qwirkle.rules._values",
    "qwirkle.errors",
    "qwirkle._engine.geometry",
    "qwirkle.rules.limits",
    "qwirkle.tiles",
    "qwirkle.rules.ruleset",
    "qwirkle.cards.ruleset",
)
"""The modules of the values and the rules, each importing only those before it."""


def _qwirkle_imports(path: Path) -> list[tuple[str, bool]]:
    """The ``qwirkle`` modules a source file imports, each with whether the import is inside a function."""
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom) and child.module and child.module.startswith("qwirkle"):
                found.append((child.module, inside))
            elif isinstance(child, ast.Import):
                found.extend((alias.name, inside) for alias in child.names if alias.name.startswith("qwirkle"))
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), in_function=False)
    return found


def test_the_rules_layer_imports_one_way_and_at_the_top() -> None:
    src = Path(catalogue.__file__).resolve().parents[2]
    for rank, module in enumerate(RULES_LAYER):
        path = src.joinpath(*module.split(".")).with_suffix(".py")
        imports = _qwirkle_imports(path)
        assert [name for name, inside in imports if inside] == [], f"{module} imports inside a function"
        assert {name for name, _ in imports} <= set(RULES_LAYER[:rank]), f"{module} imports {imports}"


def test_reading_the_catalogue_leaves_the_card_game_unloaded() -> None:
    # Every rule's options, a card rule's too, are read from the catalogue: neither needs a rule set loaded.
    code = "\n".join(
        (
            "import sys",
            "import qwirkle.errors",
            "from qwirkle.rules.catalogue import Rule",
            "assert Rule.SETUP_3.options == ('RuleSet.hand_size',)",
            "assert Rule.CARDS_2.options == ('CardsRuleSet.cards_hand_size',)",
            "print(sorted(name for name in sys.modules if name.startswith('qwirkle.cards')))",
        )
    )
    src = str(Path(catalogue.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((src, os.environ.get("PYTHONPATH", "")))}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
