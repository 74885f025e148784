"""The documentation as a specification: the rule registry, its citations, and the docstrings.

- The rule registry (:class:`qwirkle.Rule`) holds the same IDs as the rule catalogue
  ``RULES.md``, and every rule is cited to documents the registry knows, with quotes that
  are in the seed files and the booklet pages the seed gives.
- Every rule is named by code that enforces it under ``src/`` and by a test marked
  ``@pytest.mark.rule(...)``, as the index that writes the rules page finds them.
- Every option a rule names is a field of a rule set, and every field is named by a rule.
- Every public name has a docstring with a summary line, every public function an example
  (run by ``pytest --doctest-modules``), and every public name is in the API reference.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import qwirkle
from qwirkle import IllegalMoveError, Rule, RuleSet
from qwirkle.catalogue import DOCUMENTS, SECTIONS, Choice
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SHARED = ROOT.parent / "shared"
RULES_MD = SHARED / "RULES.md"
SEEDS = SHARED / "seeds"


# The index the rules page is written from.
rule_index = module_from_path("qwirkle_docs_rule_index", DOCS / "_ext" / "rule_index.py")
KNOWN = frozenset(rule.value for rule in Rule)


def catalogue_text() -> str:
    if not RULES_MD.is_file():
        pytest.skip(f"the rule catalogue is not at {RULES_MD}")
    return RULES_MD.read_text(encoding="utf-8")


def seed_text(file: str) -> str:
    path = SEEDS / file
    if not path.is_file():
        pytest.skip(f"the seed document is not at {path}")
    return path.read_text(encoding="utf-8")


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip()


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


def _booklet_pages(text: str) -> dict[str, str]:
    """Seed 000's sections, each followed by the booklet page it comes from, as title -> page."""
    parts = re.split(r"Livret, page (\d+)", text)
    return {parts[i].strip().splitlines()[0].strip(): parts[i + 1] for i in range(0, len(parts) - 1, 2)}


def test_citations_of_seed_000_give_the_booklet_page_of_their_section() -> None:
    pages = _booklet_pages(seed_text(DOCUMENTS["S000"].file))
    assert len(pages) == 8
    for rule in Rule:
        for source in rule.sources:
            if source.key == "S000":
                match = re.fullmatch(r"p\. (\d+), (.+)", source.where)
                assert match is not None, (rule, source)
                assert pages.get(match.group(2)) == match.group(1), (rule, source)


def test_quotes_from_the_seeds_are_in_the_seeds() -> None:
    for rule in Rule:
        for source in rule.sources:
            document = source.document
            if not document.is_seed or not source.quote:
                continue
            text = _normal(seed_text(document.file))
            at = 0
            for piece in source.quote.split("[...]"):
                found = text.find(_normal(piece), at)
                assert found >= 0, (rule, str(source))
                at = found + len(_normal(piece))


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
    assert "qwirkle.lines.line_fault" in named["LINE-4"]  # its docstring names the rule
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


def public_modules() -> Iterator[ModuleType]:
    """``qwirkle`` and every submodule with an ``__all__`` and no underscore in its name."""
    yield qwirkle
    for info in pkgutil.walk_packages(qwirkle.__path__, "qwirkle."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        if hasattr(module, "__all__"):
            yield module


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


def public_objects() -> Iterator[tuple[str, object]]:
    """Every public class and function, once each, by the name it is exported under first."""
    seen: set[int] = set()
    for module in public_modules():
        for name in module.__all__:
            obj = getattr(module, name)
            if (inspect.isclass(obj) or inspect.isfunction(obj)) and id(obj) not in seen:
                seen.add(id(obj))
                yield f"{module.__name__}.{name}", obj


def _has_summary(doc: str | None) -> bool:
    return bool(doc and doc.strip() and doc.strip().splitlines()[0].strip())


def _own_doc(obj: object) -> str | None:
    if inspect.isclass(obj):
        doc = obj.__dict__.get("__doc__")
        return doc if isinstance(doc, str) else None
    return getattr(obj, "__doc__", None)


def test_every_public_name_has_a_docstring_summary() -> None:
    missing = [name for name, obj in public_objects() if not _has_summary(_own_doc(obj))]
    for module in public_modules():
        constants = _documented_constants(module)
        missing += [f"{module.__name__}.{name}" for name in module.__all__ if constants.get(name) is False]
    assert missing == [], f"public names without a docstring summary: {missing}"


def test_every_public_method_and_property_has_a_docstring_summary() -> None:
    missing = []
    for name, obj in public_objects():
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


def test_every_public_function_has_an_example() -> None:
    missing = [name for name, obj in public_objects() if inspect.isfunction(obj) and ">>>" not in (obj.__doc__ or "")]
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
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise LookupError(name)


def _documented(module: ModuleType, name: str, documented: set[str], objects: set[int]) -> bool:
    obj = getattr(module, name)
    if f"{module.__name__}.{name}" in documented:
        return True
    # Constants (ints, strings) are shared objects: only classes, functions and modules count by identity.
    return (inspect.isclass(obj) or inspect.isfunction(obj)) and id(obj) in objects


def test_every_public_name_is_in_the_api_reference() -> None:
    documented = documented_names()
    objects = {id(_resolve(name)) for name in documented}
    missing = []
    for module in public_modules():
        # The card game is documented on its own page, by the names of its package.
        cards_page = module.__name__ == "qwirkle.cards" and (DOCS / "cards.md").is_file()
        if module.__name__.startswith("qwirkle.cards") and not cards_page:
            continue
        for name in module.__all__:
            if module is not qwirkle and name in qwirkle.__all__ and getattr(qwirkle, name) is getattr(module, name):
                continue  # documented under the package's name
            if not _documented(module, name, documented, objects):
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
