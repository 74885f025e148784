"""The documentation as a specification: the rule registry, its citations, and the docstrings.

- The rule registry (:class:`qwirkle.Rule`) holds the same IDs as the rule catalogue
  ``RULES.md`` (its copy in ``tests/data``), and every rule is cited to documents the registry
  knows. That the quotes are in the seed files, which are not in the repository, is checked
  outside the test suite where they are (``.ci/check_shared.py``).
- Every rule is named by code that enforces it under ``src/`` and by a test marked
  ``@pytest.mark.rule(...)``, as the index that writes the rules page finds them.
- Every option a rule names is a field of a rule set, and every field is named by a rule.
- Every public name has a docstring with a summary line, every public function an example
  (run by ``pytest --doctest-modules``), and every public name is in the API reference. These
  checks go module by module: a module that needs a missing extra is skipped, and says so.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import qwirkle
from qwirkle import IllegalMoveError, Rule, RuleSet
from qwirkle.rules.catalogue import DOCUMENTS, SECTIONS, Choice
from tests import optional
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES_MD = ROOT / "tests" / "data" / "RULES.md"


# The index the rules page is written from.
rule_index = module_from_path("qwirkle_docs_rule_index", DOCS / "_ext" / "rule_index.py")
KNOWN = frozenset(rule.value for rule in Rule)


def catalogue_text() -> str:
    return RULES_MD.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# The registry and the catalogue


def test_the_registry_holds_the_ids_of_the_catalogue() -> None:
    ids = re.findall(r"^\|\s*\*\*([A-Z]+-\d+)\*\*\s*\|", catalogue_text(), flags=re.MULTILINE)
    assert len(ids) == len(set(ids)), "an ID appears twice in RULES.md"
    rules = {rule for rule in ids if not rule.startswith("VARIANT-")}
    assert {rule.value for rule in Rule if rule.family != "VARIANT"} == rules
    # Section 9 also lists related products; the registry holds only the house rules offered as options.
    variants = {rule for rule in ids if rule.startswith("VARIANT-")}
    assert {rule.value for rule in Rule if rule.family == "VARIANT"} <= variants


def test_the_registry_is_grouped_like_the_catalogue() -> None:
    text = catalogue_text()
    for section in SECTIONS:
        heading = re.search(rf"^## {section.number}\. (.+)$", text, flags=re.MULTILINE)
        assert heading is not None, section
        body = text[heading.end() :].split("\n## ", 1)[0]
        in_catalogue = re.findall(r"^\|\s*\*\*([A-Z]+-\d+)\*\*\s*\|", body, flags=re.MULTILINE)
        if section.families == ("VARIANT",):
            assert {rule.value for rule in section.rules} <= set(in_catalogue), section.title
        else:
            assert {rule.value for rule in section.rules} == set(in_catalogue), section.title
    assert sum(len(section.rules) for section in SECTIONS) == len(Rule)


def test_every_rule_has_a_statement_of_one_sentence() -> None:
    for rule in Rule:
        statement = rule.statement
        assert statement[0].isupper(), rule
        assert statement.endswith("."), rule
        assert len(statement) < 200, rule


def test_every_rule_is_cited_unless_no_source_covers_it() -> None:
    for rule in Rule:
        choice = rule.choice
        official = choice is None or choice.official
        if official:
            assert rule.sources, rule
        else:
            # A safeguard of the library has no source; a house rule is cited, but to no seed document.
            assert not any(source.document.is_seed for source in rule.sources), rule


def test_every_citation_names_a_known_document_and_every_document_is_cited() -> None:
    cited = {source.key for rule in Rule for source in rule.sources}
    assert cited <= set(DOCUMENTS)
    assert set(DOCUMENTS) <= cited
    assert [document.key for document in DOCUMENTS.values() if document.is_seed] == [
        "S000",
        "S001",
        "S002",
        "S003",
        "S004",
    ]


def test_quotes_are_short() -> None:
    for rule in Rule:
        for source in rule.sources:
            assert len(source.quote.split()) <= 12, (rule, str(source))


def test_a_citation_prints_the_title_of_the_document_and_the_page() -> None:
    source = next(s for s in Rule.SCORE_4.sources if s.key == "S000")
    assert str(source) == 'Official booklet, reworded (French), p. 2, Calcul des points: "6 points supplémentaires"'


def test_every_document_has_a_human_title_and_links_that_are_web_addresses() -> None:
    names = [document.name for document in DOCUMENTS.values()]
    assert len(set(names)) == len(names)
    for document in DOCUMENTS.values():
        assert document.name, document.key
        assert not re.search(r"[0-9a-f]{16}|\.txt\b", document.name), document.key
        for link in document.links:
            assert re.fullmatch(r"https?://[^\s/]+\.[a-z]{2,}(/\S*)?", link.url), (document.key, link)
            assert link.text, (document.key, link)


def test_every_rule_is_explained_in_plain_words() -> None:
    for rule in Rule:
        explanation = rule.explanation
        assert explanation.endswith("."), rule
        assert explanation != rule.statement, rule
        assert len(explanation) < 400, rule
        assert not re.search(r"\b[A-Z]+-\d+\b", explanation), f"{rule}: plain words name no rule ID"


def test_the_message_of_an_illegal_move_is_rendered_from_its_rule() -> None:
    for rule in Rule:
        error = IllegalMoveError(rule, "why")
        assert str(error) == rule.message("why")
        assert rule.message().endswith(rule.statement)


def test_anchors_are_unique_and_stable() -> None:
    anchors = [rule.anchor for rule in Rule]
    assert len(set(anchors)) == len(anchors)
    assert Rule.PLACE_2.anchor == "rule-place-2"


# ---------------------------------------------------------------------------
# Choices and options


def _settings() -> dict[str, Any]:
    """The classes whose fields are options, by the name rules use for them."""
    cards = importlib.import_module("qwirkle.cards")
    return {"RuleSet": RuleSet, "CardsRuleSet": cards.CardsRuleSet}


def _option_fields() -> set[str]:
    return {f"{name}.{field.name}" for name, cls in _settings().items() for field in attrs.fields(cls)}


def test_every_option_a_rule_names_is_a_field_of_a_rule_set() -> None:
    fields = _option_fields()
    for rule in Rule:
        assert set(rule.options) <= fields, rule
        assert len(set(rule.options)) == len(rule.options), rule


def test_every_field_of_a_rule_set_is_an_option_of_some_rule() -> None:
    named = {option for rule in Rule for option in rule.options}
    assert _option_fields() <= named


def test_the_choices_follow_the_catalogue_list_of_ambiguities() -> None:
    text = catalogue_text()
    listed = set(re.findall(r"^\| ([AC]\d+) \|", text, flags=re.MULTILINE))
    choices: dict[str, Choice] = {}
    for rule in Rule:
        choice = rule.choice
        if choice is not None and choice.ref:
            assert choices.setdefault(choice.ref, choice) is choice, f"two choices are numbered {choice.ref}"
    assert set(choices) == listed
    for choice in choices.values():
        assert choice.question.endswith("?")
        assert choice.default.endswith(".")


# ---------------------------------------------------------------------------
# Enforcing code and tests


def test_the_index_reads_rule_ids_and_ranges() -> None:
    found = rule_index.rule_ids("Rules LINE-2 to LINE-4, PLACE-1 and SCORE-99 (see END-5)", KNOWN)
    assert found == {"LINE-2", "LINE-3", "LINE-4", "PLACE-1", "END-5"}


def test_the_index_finds_enforcing_code_through_docstrings_and_error_rules() -> None:
    code = rule_index.enforcing_code(ROOT, KNOWN)
    named = {rule: {ref.fullname for ref in refs} for rule, refs in code.items()}
    assert "qwirkle.legality.verify" in named["START-7"]  # raises IllegalMoveError(Rule.START_7, ...)
    assert "qwirkle._engine.lines.line_fault" in named["LINE-4"]  # its docstring names the rule
    catalogue = {f"src/qwirkle/{name}" for name in rule_index.CATALOGUE_FILES}
    assert all(ref.path not in catalogue for refs in code.values() for ref in refs)


def test_the_index_finds_tests_through_every_form_of_marker() -> None:
    tests = rule_index.checking_tests(ROOT, KNOWN)
    named = {rule: {ref.fullname for ref in refs} for rule, refs in tests.items()}
    assert any(name.startswith("tests.test_rules_place.") for name in named["PLACE-2"])
    assert "tests.test_state_machine.TestGame" in named["END-5"]  # Name = pytest.mark.rule(...)(Target)
    differential = {name for name in named["SCORE-5"] if name.startswith("tests.test_differential.")}
    assert differential  # decorated with a name bound to a marker


def test_every_rule_is_named_by_code_that_enforces_it() -> None:
    code = rule_index.enforcing_code(ROOT, KNOWN)
    missing = [rule.value for rule in Rule if not code.get(rule.value)]
    assert missing == [], f"rules that no code under src/ names: {missing}"


def test_every_rule_is_named_by_a_test() -> None:
    tests = rule_index.checking_tests(ROOT, KNOWN)
    missing = [rule.value for rule in Rule if not tests.get(rule.value)]
    assert missing == [], f"rules that no test marked @pytest.mark.rule(...) names: {missing}"


# ---------------------------------------------------------------------------
# Docstrings and the API reference


def public_module_names() -> list[str]:
    """``qwirkle`` and every submodule with no underscore in its name, found without importing them."""
    names = ["qwirkle"]
    for info in pkgutil.walk_packages(qwirkle.__path__, "qwirkle."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


PUBLIC_MODULES = public_module_names()


def public_module(name: str) -> ModuleType:
    """The public module ``name``, or a skip of the test if it needs an extra that is missing."""
    return optional.import_library_module(name)


def exported(module: ModuleType) -> list[str]:
    """The names a module exports: its ``__all__``, none if it has no ``__all__``."""
    return list(getattr(module, "__all__", ()))


def _documented_constants(module: ModuleType) -> dict[str, bool]:
    """The names a module assigns at top level, each with whether a docstring follows it."""
    tree = ast.parse(inspect.getsource(module))
    found: dict[str, bool] = {}
    for index, node in enumerate(tree.body):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            following = tree.body[index + 1] if index + 1 < len(tree.body) else None
            documented = (
                isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            )
            for target in targets:
                if isinstance(target, ast.Name):
                    found[target.id] = documented
    return found


def public_objects(module: ModuleType) -> Iterator[tuple[str, object]]:
    """Every public class and function a module exports, by the name it is exported under."""
    for name in exported(module):
        obj = getattr(module, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            yield f"{module.__name__}.{name}", obj


def _has_summary(doc: str | None) -> bool:
    return bool(doc and doc.strip() and doc.strip().splitlines()[0].strip())


def _own_doc(obj: object) -> str | None:
    if inspect.isclass(obj):
        doc = obj.__dict__.get("__doc__")
        return doc if isinstance(doc, str) else None
    return getattr(obj, "__doc__", None)


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_name_has_a_docstring_summary(module_name: str) -> None:
    module = public_module(module_name)
    missing = [name for name, obj in public_objects(module) if not _has_summary(_own_doc(obj))]
    constants = _documented_constants(module)
    missing += [f"{module.__name__}.{name}" for name in exported(module) if constants.get(name) is False]
    assert missing == [], f"public names without a docstring summary: {missing}"


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_method_and_property_has_a_docstring_summary(module_name: str) -> None:
    missing = []
    for name, obj in public_objects(public_module(module_name)):
        if not inspect.isclass(obj):
            continue
        for attr, value in vars(obj).items():
            if attr.startswith("_"):
                continue
            target = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
            callable_or_property = isinstance(target, property) or inspect.isfunction(target)
            if callable_or_property and not _has_summary(target.__doc__):
                missing.append(f"{name}.{attr}")
    assert missing == [], f"public methods and properties without a docstring summary: {missing}"


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_function_has_an_example(module_name: str) -> None:
    objects = public_objects(public_module(module_name))
    missing = [name for name, obj in objects if inspect.isfunction(obj) and ">>>" not in (obj.__doc__ or "")]
    assert missing == [], f"public functions without an example: {missing}"


_AUTODOC = re.compile(r"^\.\. auto(?:function|class|exception|data|attribute|module)::\s*(\S+)", flags=re.MULTILINE)


def documented_names() -> set[str]:
    """The names the documentation's pages document with autodoc directives."""
    pages = sorted((DOCS / "api").glob("*.md")) + sorted(DOCS.glob("*.md"))
    return {name for page in pages for name in _AUTODOC.findall(page.read_text(encoding="utf-8"))}


def _resolve(name: str) -> object:
    """The object a dotted name documents (the longest importable prefix, then attributes)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError as error:
            if optional.missing_extra_package(error) is not None:
                raise  # the module is there but needs an extra: no shorter prefix holds the name
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise LookupError(name)


@cache
def documented_objects() -> frozenset[int]:
    """The identities of the objects the pages document, but those of modules whose extra is missing."""
    found = set()
    for name in documented_names():
        try:
            found.add(id(_resolve(name)))
        except ImportError as error:
            package = optional.missing_extra_package(error)
            if package is None or optional.required(optional.extra_of(package)):
                raise
    return frozenset(found)


def _documented(module: ModuleType, name: str, documented: set[str], objects: frozenset[int]) -> bool:
    obj = getattr(module, name)
    if f"{module.__name__}.{name}" in documented:
        return True
    # Constants (ints, strings) are shared objects: only classes, functions and modules count by identity.
    return (inspect.isclass(obj) or inspect.isfunction(obj)) and id(obj) in objects


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_name_is_in_the_api_reference(module_name: str) -> None:
    module = public_module(module_name)
    # The card game is documented on its own page, by the names of its package.
    cards_page = module.__name__ == "qwirkle.cards" and (DOCS / "cards.md").is_file()
    if module.__name__.startswith("qwirkle.cards") and not cards_page:
        return
    documented = documented_names()
    missing = []
    for name in exported(module):
        if module is not qwirkle and name in qwirkle.__all__ and getattr(qwirkle, name) is getattr(module, name):
            continue  # documented under the package's name
        if not _documented(module, name, documented, documented_objects()):
            missing.append(f"{module.__name__}.{name}")
    assert missing == [], f"public names missing from the documentation: {missing}"


def test_the_documentation_builds_offline() -> None:
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert "intersphinx" not in conf


def test_the_worked_examples_are_at_least_twelve_and_each_runs() -> None:
    page = (DOCS / "examples.md").read_text(encoding="utf-8")
    examples = re.findall(r"^## \d+\. ", page, flags=re.MULTILINE)
    assert len(examples) >= 12
    sections = re.split(r"^## \d+\. ", page, flags=re.MULTILINE)[1:]
    assert all("```{doctest}" in section for section in sections)


def test_every_worked_example_has_its_pictures_and_no_text_drawing() -> None:
    page = (DOCS / "examples.md").read_text(encoding="utf-8")
    sections = re.split(r"^## \d+\. ", page, flags=re.MULTILINE)[1:]
    # A picture with a move draws the table before it and after it (or the rule that refuses it).
    pictured = [
        re.search(r"^```\{qwirkle-picture\} \w+\n(?::\w+:.*\n)*[^`:\n]+\n", section, re.MULTILINE)
        for section in sections
    ]
    assert all(pictured), [
        section.splitlines()[0] for section, found in zip(sections, pictured, strict=True) if not found
    ]
    assert "board_text" not in page


@pytest.mark.parametrize("page", ["index.md", "tutorial.md", "cards.md", "examples.md"])
def test_the_pages_a_reader_starts_from_draw_their_tables(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    assert "```{qwirkle-picture} " in text


def test_read_the_docs_builds_these_docs_as_ci_does() -> None:
    config = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    assert re.search(r"^version: 2$", config, flags=re.MULTILINE)
    configuration = re.search(r"^  configuration: (\S+)$", config, flags=re.MULTILINE)
    assert configuration is not None
    assert (ROOT / configuration.group(1)) == DOCS / "conf.py"
    assert re.search(r"^  fail_on_warning: true$", config, flags=re.MULTILINE)  # as -W in CI
    python = re.search(r'^    python: "(3\.\d+)"$', config, flags=re.MULTILINE)
    assert python is not None
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f"Programming Language :: Python :: {python.group(1)}" in project
    extras = re.findall(r"^        - (\w+)$", config, flags=re.MULTILINE)
    assert extras == ["docs"]
    assert re.search(r"^docs = \[", project, flags=re.MULTILINE)
    # CI builds the pages in a fresh environment with the extras it reads from the same lines.
    assert "^        - " in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def extra_packages(extras: dict[str, list[str]], extra: str) -> set[str]:
    """The distributions an extra of ``pyproject.toml`` installs, through the extras of the project it names."""
    found = set()
    for requirement in extras[extra]:
        match = re.match(r"([A-Za-z0-9_.-]+)(?:\[([^\]]*)\])?", requirement)
        assert match is not None, requirement
        name = match.group(1).lower().replace("-", "_")
        if name == "qwirkle":
            for other in (match.group(2) or "").split(","):
                found |= extra_packages(extras, other.strip())
        else:
            found.add(name)
    return found


def test_the_docs_extra_installs_what_the_api_pages_import_but_openspiel_which_conf_stands_in_for() -> None:
    """Read the Docs installs the docs extra alone: the testing kit's and the adapters' pages must build from it."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    docs = extra_packages(extras, "docs")
    assert extra_packages(extras, "testing") <= docs
    stood_in: set[str] = set()
    for node in ast.parse((DOCS / "conf.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "OPENSPIEL" for t in node.targets):
            stood_in = set(ast.literal_eval(node.value))
    assert stood_in == {"pyspiel", "open_spiel"}
    # OpenSpiel (its distribution is open_spiel, its modules pyspiel and open_spiel) is all the docs extra leaves out.
    assert extra_packages(extras, "rl") - docs == {"open_spiel"}
