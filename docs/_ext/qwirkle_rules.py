"""Sphinx extension: the rules pages, written at build time from the rule catalogue in the code.

Directives
    ``qwirkle-rules``
        Every rule of :class:`qwirkle.Rule`, grouped by the sections of the
        catalogue, for a reader of the rules: its anchor (``rule-place-2``),
        statement, the rule in plain words, for a rule a move can break a
        picture of a move it allows and of a move it refuses (with the
        library's message), its sources, the library's choice where the
        sources disagree, and the options that change it.
    ``qwirkle-rule-index``
        For every rule, the public code that enforces it and the tests that
        check it.
    ``qwirkle-disagreements``
        Every question the sources disagree on or leave open, with what the
        library does and the option that changes it.
    ``qwirkle-sources``
        The documents the rules are cited to.
    ``qwirkle-options``
        Every option of :class:`qwirkle.RuleSet` and of the card game's
        ``CardsRuleSet``, with its default and its rules.

Role
    ``{rule}`PLACE-2``` links to a rule on the rules page; an unknown ID is an error.

Rule IDs in docstrings shown by autodoc are turned into such links, and the
code and tests named on the rule index get highlighted source pages (under
``_code/``) with an anchor per line. No page may name a private name
(``qwirkle.legality._verify_place``): the build warns about any it finds.
"""

from __future__ import annotations

import importlib
import pkgutil
import posixpath
import re
import sys
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from qwirkle import Rule
from qwirkle.rules.catalogue import DOCUMENTS, SECTIONS, Choice, Section, Source
from qwirkle.rules.ruleset import option_range, option_rules

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import private_names  # noqa: E402
import qwirkle_pictures  # noqa: E402
import rule_examples  # noqa: E402
import rule_index  # noqa: E402

logger = logging.getLogger(__name__)

CODE_DIR = "_code"
"""Where the highlighted source pages go in the HTML output."""

_KNOWN = frozenset(rule.value for rule in Rule)
_SETTINGS = {"RuleSet": "qwirkle.RuleSet", "CardsRuleSet": "qwirkle.cards.CardsRuleSet"}
"""The classes whose fields are options, by the name the catalogue uses, with their documented path."""
_DOCUMENTED_PACKAGES = ("qwirkle", "qwirkle.cards")
"""Packages whose ``__all__`` names are documented under the package's path."""


# ---------------------------------------------------------------------------
# The index of enforcing code and tests


@cache
def enforcing_code() -> dict[str, list[rule_index.CodeRef]]:
    """The code under ``src/`` that names each rule."""
    return rule_index.enforcing_code(ROOT, _KNOWN)


@cache
def checking_tests() -> dict[str, list[rule_index.CodeRef]]:
    """The tests under ``tests/`` that name each rule."""
    if not (ROOT / "tests").is_dir():
        return {}
    return rule_index.checking_tests(ROOT, _KNOWN)


def _module_all(name: str) -> tuple[str, ...] | None:
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    names = getattr(module, "__all__", None)
    return tuple(names) if names is not None else None


def public_name(ref: rule_index.CodeRef) -> str | None:
    """The documented dotted name of the object ``ref`` points to, or ``None`` if it is internal."""
    if not ref.qualname or ref.module.startswith("tests"):
        return None
    top = ref.qualname.split(".")[0]
    if any(part.startswith("_") for part in ref.qualname.split(".")):
        return None
    try:
        obj = getattr(importlib.import_module(ref.module), top)
    except (ImportError, AttributeError):
        return None
    for package in _DOCUMENTED_PACKAGES:
        names = _module_all(package)
        if names and top in names and getattr(importlib.import_module(package), top, None) is obj:
            return f"{package}.{ref.qualname}"
    names = _module_all(ref.module)
    if names and top in names and not any(part.startswith("_") for part in ref.module.split(".")):
        return f"{ref.module}.{ref.qualname}"
    return None


def _python_ref(target: str, text: str, *, warn: bool) -> addnodes.pending_xref:
    return addnodes.pending_xref(
        "",
        nodes.literal(text, text, classes=["xref", "py"]),
        refdomain="py",
        reftype="obj",
        reftarget=target,
        refexplicit=True,
        refwarn=warn,
    )


class code_link(nodes.Inline, nodes.TextElement):  # noqa: N801 (docutils names nodes in lower case)
    """A link to a line of a source file's highlighted page; plain text outside HTML."""


def _code_page(path: str) -> str:
    return posixpath.join(CODE_DIR, path.removesuffix(".py"))


def _source_link(ref: rule_index.CodeRef, content: nodes.Node) -> code_link:
    node = code_link("", "")
    node.append(content)
    node["path"] = ref.path
    node["line"] = ref.line
    return node


def _is_documented(name: str) -> bool:
    """Whether the API pages document ``name`` (so a reference to it must resolve)."""
    return not name.startswith("qwirkle.cards")


_CALLABLE = ("function", "method")


def _public_module(ref: rule_index.CodeRef) -> bool:
    """Whether ``ref`` is a public module (one whose docstring names the rule)."""
    return ref.kind == "module" and not any(part.startswith("_") for part in ref.module.split("."))


def _code_item(ref: rule_index.CodeRef) -> nodes.paragraph:
    para = nodes.paragraph()
    public = public_name(ref)
    if _public_module(ref):
        para += _source_link(ref, nodes.literal(ref.module, ref.module))
    elif public is not None:
        label = public + ("()" if ref.kind in _CALLABLE else "")
        xref = _python_ref(public, label, warn=False)
        # If the API pages do not document it (yet), link to its source instead (see ``link_to_source``).
        xref["qwirkle_path"] = ref.path
        xref["qwirkle_line"] = ref.line
        para += xref
    else:
        raise ValueError(f"{ref.fullname} is not public: list it with the helpers")
    where = f"{ref.path}, line {ref.line}" if ref.kind != "module" else f"{ref.path}, its docstring"
    para += nodes.Text(" (")
    para += _source_link(ref, nodes.inline(where, where))
    para += nodes.Text(")")
    return para


def _test_item(ref: rule_index.CodeRef) -> nodes.paragraph:
    para = nodes.paragraph()
    label = f"{ref.path}::{ref.qualname.replace('.', '::')}"
    para += _source_link(ref, nodes.literal(label, label))
    return para


# ---------------------------------------------------------------------------
# Small node builders


def _bullets(items: Sequence[nodes.Element]) -> nodes.bullet_list:
    out = nodes.bullet_list()
    for item in items:
        entry = nodes.list_item()
        entry += item
        out += entry
    return out


def _field(name: str, *body: nodes.Node) -> nodes.field:
    field = nodes.field()
    field += nodes.field_name(name, name)
    content = nodes.field_body()
    for node in body:
        content += node
    field += content
    return field


def _rule_ref(rule: Rule) -> addnodes.pending_xref:
    return addnodes.pending_xref(
        "",
        nodes.inline(rule.value, rule.value, classes=["qwirkle-rule-ref"]),
        refdomain="std",
        reftype="ref",
        reftarget=rule.anchor,
        refexplicit=True,
        refwarn=True,
    )


def _rule_refs(rules: Sequence[Rule]) -> nodes.paragraph:
    para = nodes.paragraph()
    for index, rule in enumerate(rules):
        if index:
            para += nodes.Text(", ")
        para += _rule_ref(rule)
    return para


def _option_values(cls: Any, name: str) -> str:
    """The values an option may take: the range of a number, or every value of an enum or a bool."""
    bounds = option_range(cls, name)
    if bounds is not None:
        return f"{bounds.low} to {bounds.high}" + (" or None" if bounds.optional else "")
    value = getattr(cls(), name)
    if isinstance(value, bool):
        return "True or False"
    return ", ".join(repr(member) for member in type(value))


def _option_default(option: str) -> str:
    cls_name, _, field = option.partition(".")
    cls = _settings_class(cls_name)
    if cls is None:
        return "?"
    value = getattr(cls(), field)
    return repr(value)


def _settings_class(name: str) -> Any:
    path = _SETTINGS.get(name)
    if path is None:
        return None
    module, _, attr = path.rpartition(".")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return None


def _option_ref(option: str, *, with_default: bool = True) -> nodes.inline:
    cls_name, _, field = option.partition(".")
    target = f"{_SETTINGS.get(cls_name, cls_name)}.{field}"
    out = nodes.inline()
    out += _python_ref(target, option, warn=_is_documented(target))
    if with_default:
        out += nodes.Text(f" (default {_option_default(option)})")
    return out


def _options_para(options: Sequence[str]) -> nodes.paragraph:
    para = nodes.paragraph()
    for index, option in enumerate(options):
        if index:
            para += nodes.Text("; ")
        para += _option_ref(option)
    return para


def _source_entry(source: Source) -> nodes.paragraph:
    para = nodes.paragraph()
    document = source.document
    label = document.label
    para += nodes.reference("", label, refid=_doc_anchor(document.key))
    if source.where:
        para += nodes.Text(f", {source.where}")
    if source.quote:
        para += nodes.Text(": ")
        para += nodes.emphasis(f"“{source.quote}”", f"“{source.quote}”")
    return para


def _doc_anchor(key: str) -> str:
    return f"source-{key.lower()}"


def _choice_anchor(choice: Choice, rules: Sequence[Rule]) -> str:
    return f"choice-{choice.ref.lower()}" if choice.ref else f"choice-{rules[0].value.lower()}"


@cache
def _choices() -> list[tuple[Choice, tuple[Rule, ...]]]:
    """Every distinct choice, with the rules it settles, tile game first, in catalogue order of the references."""
    found: dict[int, tuple[Choice, list[Rule]]] = {}
    for rule in Rule:
        choice = rule.choice
        if choice is None:
            continue
        key = id(choice)
        if key not in found:
            found[key] = (choice, [])
        found[key][1].append(rule)

    def order(item: tuple[Choice, list[Rule]]) -> tuple[int, int, int]:
        choice, rules = item
        game = 1 if rules[0].section.game == "cards" else 0
        match = re.fullmatch(r"[A-Z](\d+)", choice.ref)
        number = int(match.group(1)) if match else 999
        return game, number, list(Rule).index(rules[0])

    return [(choice, tuple(rules)) for choice, rules in sorted(found.values(), key=order)]


def _choice_options(rules: Sequence[Rule]) -> tuple[str, ...]:
    """The options that change a choice: those of the rules it settles, each once, in catalogue order."""
    return tuple(dict.fromkeys(option for rule in rules for option in rule.options))


def _section_node(ids: str, title: str) -> nodes.section:
    section = nodes.section(ids=[ids], names=[ids])
    section += nodes.title(title, title)
    return section


# ---------------------------------------------------------------------------
# Directives


class _CatalogueDirective(SphinxDirective):
    """Shared set-up: the page depends on the source and test files it reads."""

    def note_dependencies(self) -> None:
        for folder in ("src", "tests"):
            for path in sorted((ROOT / folder).rglob("*.py")):
                self.env.note_dependency(str(path))
        for path in sorted(HERE.glob("*.py")):
            self.env.note_dependency(str(path))

    def register(self, section: nodes.section) -> None:
        """Make the section's first id a label that ``{ref}`` and the ``rule`` role can reach."""
        self.state.document.note_explicit_target(section)


def _games(argument: str | None) -> tuple[str, ...]:
    if argument is None or argument == "all":
        return ("tiles", "cards")
    return (directives.choice(argument, ("tiles", "cards")),)


class RulesDirective(_CatalogueDirective):
    """Render the rule catalogue, grouped like the catalogue's sections."""

    has_content = False
    option_spec = {"game": directives.unchanged}  # noqa: RUF012 (docutils' interface)

    def run(self) -> list[nodes.Node]:
        self.note_dependencies()
        games = _games(self.options.get("game"))
        out: list[nodes.Node] = []
        for section in SECTIONS:
            if section.game in games:
                out.append(self._section(section))
        return out

    def _section(self, section: Section) -> nodes.section:
        node = _section_node(f"rules-section-{section.number}", f"{section.number}. {section.title}")
        for rule in section.rules:
            node += self._rule(rule)
        return node

    def _rule(self, rule: Rule) -> nodes.section:
        node = _section_node(rule.anchor, rule.value)
        node["classes"].append("qwirkle-rule")
        self.register(node)
        statement = nodes.paragraph(classes=["qwirkle-statement"])
        statement += nodes.strong(rule.statement, rule.statement)
        node += statement
        node += nodes.paragraph(rule.explanation, rule.explanation, classes=["qwirkle-explanation"])
        pictures = self._pictures(rule)
        if pictures is not None:
            node += pictures
        fields = nodes.field_list()
        if rule.sources:
            fields += _field("Sources", _bullets([_source_entry(source) for source in rule.sources]))
        else:
            fields += _field("Sources", nodes.paragraph("", "No source covers this rule."))
        choice = rule.choice
        if choice is not None:
            para = nodes.paragraph()
            para += nodes.Text(choice.default + " (")
            anchor = _choice_anchor(choice, [r for r in Rule if r.choice is choice])
            label = f"why: {choice.ref}" if choice.ref else "why"
            para += addnodes.pending_xref(
                "",
                nodes.inline(label, label),
                refdomain="std",
                reftype="ref",
                reftarget=anchor,
                refexplicit=True,
                refwarn=True,
            )
            para += nodes.Text(")")
            name = "The library's choice" if choice.official else "The library's choice (not official)"
            fields += _field(name, para)
        if rule.note:
            fields += _field("Note", nodes.paragraph(rule.note, rule.note))
        if rule.options:
            fields += _field("Options", _options_para(rule.options))
        para = nodes.paragraph(classes=["qwirkle-index-link"])
        para += addnodes.pending_xref(
            "",
            nodes.inline("its code and tests", "its code and tests"),
            refdomain="std",
            reftype="ref",
            reftarget=_index_anchor(rule),
            refexplicit=True,
            refwarn=True,
        )
        fields += _field("In the library", para)
        node += fields
        return node

    def _pictures(self, rule: Rule) -> nodes.container | None:
        """A move the rule allows and one it refuses, drawn and judged by the library, for a rule a move can break."""
        if rule.value not in refused_rules():
            return None
        example = rule_examples.EXAMPLES.get(rule.value)
        if example is None:
            raise self.error(f"{rule.value} can be broken by a move but has no example in rule_examples.py")
        legal, refused = example_panels(example)
        wanted = example.refused_with if isinstance(example, rule_examples.TileExample) else ""
        if (
            legal.verdict != "legal"
            or refused.verdict != "refused"
            or not refused.message.startswith(f"{wanted or rule.value}:")
        ):
            raise self.error(f"the example of {rule.value} does not show a legal move and a move refused under it")
        return qwirkle_pictures.panels_node([[legal], [refused]])


def example_panels(
    example: rule_examples.TileExample | rule_examples.CardsExample,
) -> tuple[qwirkle_pictures.Panel, qwirkle_pictures.Panel]:
    """The picture of the move a rule allows and of the move it refuses, as the library judges them."""
    if isinstance(example, rule_examples.TileExample):
        legal, refused = (
            qwirkle_pictures.tile_move_panels(
                rule_examples.tile_setup(example, attempt),
                attempt.move,
                words=attempt.words,
                hand=True,
                seat=attempt.seat,
                after=False,
            )[0]
            for attempt in (example.legal, example.refused)
        )
        return legal, refused
    legal, refused = (
        qwirkle_pictures.cards_move_panels(
            rule_examples.cards_setup(example, attempt),
            rule_examples.cards_move(attempt),
            words=attempt.words,
            after=False,
        )[0]
        for attempt in (example.legal, example.refused)
    )
    return legal, refused


@cache
def refused_rules() -> dict[str, list[rule_index.CodeRef]]:
    """The rules a move can break, found in the code."""
    return rule_index.refused_rules(ROOT, _KNOWN)


def _index_anchor(rule: Rule) -> str:
    return f"index-{rule.value.lower()}"


class RuleIndexDirective(_CatalogueDirective):
    """For every rule, the public code that enforces it and the tests that check it."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_dependencies()
        out: list[nodes.Node] = []
        for section in SECTIONS:
            node = _section_node(f"index-section-{section.number}", f"{section.number}. {section.title}")
            for rule in section.rules:
                node += self._rule(rule)
            out.append(node)
        return out

    def _rule(self, rule: Rule) -> nodes.section:
        node = _section_node(_index_anchor(rule), rule.value)
        node["classes"].append("qwirkle-rule")
        self.register(node)
        para = nodes.paragraph(classes=["qwirkle-statement"])
        para += addnodes.pending_xref(
            "",
            nodes.inline(rule.statement, rule.statement),
            refdomain="std",
            reftype="ref",
            reftarget=rule.anchor,
            refexplicit=True,
            refwarn=True,
        )
        node += para
        fields = nodes.field_list()
        code = enforcing_code().get(rule.value, [])
        public = [ref for ref in code if public_name(ref) is not None or _public_module(ref)]
        helpers = [ref for ref in code if ref not in public]
        items = [_code_item(ref) for ref in public]
        if helpers:
            items.append(_helpers_item(helpers))
        if items:
            fields += _field("Enforced by", _bullets(items))
        else:
            fields += _field("Enforced by", nodes.paragraph("", "No code names this rule yet."))
        tests = checking_tests().get(rule.value, [])
        if tests:
            fields += _field("Checked by", _bullets([_test_item(ref) for ref in tests]))
        else:
            fields += _field("Checked by", nodes.paragraph("", "No test names this rule yet."))
        node += fields
        return node


def _helpers_item(refs: Sequence[rule_index.CodeRef]) -> nodes.paragraph:
    """The internal code that names a rule, by file and line only: the pages name no private name."""
    para = nodes.paragraph()
    para += nodes.Text("Internal helpers: ")
    by_file: dict[str, list[rule_index.CodeRef]] = {}
    for ref in refs:
        by_file.setdefault(ref.path, []).append(ref)
    for index, (path, found) in enumerate(by_file.items()):
        if index:
            para += nodes.Text("; ")
        para += nodes.Text(f"{path}, line{'s' if len(found) > 1 else ''} ")
        for number, ref in enumerate(found):
            if number:
                para += nodes.Text(", ")
            para += _source_link(ref, nodes.inline(str(ref.line), str(ref.line)))
    return para


class DisagreementsDirective(_CatalogueDirective):
    """Render every question the sources disagree on or leave open, with the library's answer."""

    has_content = False
    option_spec = {"game": directives.unchanged}  # noqa: RUF012 (docutils' interface)

    def run(self) -> list[nodes.Node]:
        self.note_dependencies()
        games = _games(self.options.get("game"))
        out: list[nodes.Node] = []
        for choice, rules in _choices():
            if rules[0].section.game not in games:
                continue
            prefix = f"{choice.ref}. " if choice.ref else ""
            section = _section_node(_choice_anchor(choice, rules), prefix + choice.question)
            self.register(section)
            fields = nodes.field_list()
            fields += _field("Rules", _rule_refs(rules))
            fields += _field("What the sources say", nodes.paragraph(choice.sources_say, choice.sources_say))
            fields += _field("What the library does", nodes.paragraph(choice.default, choice.default))
            options = _choice_options(rules)
            if options:
                fields += _field("Change it with", _options_para(options))
            else:
                fields += _field("Change it with", nodes.paragraph("", "No option."))
            if not choice.official:
                if any(rule.sources for rule in rules):
                    text = "A house rule that no rulebook describes, off by default."
                else:
                    text = "No source describes this; it is a safeguard of the library, off by default."
                fields += _field("Status", nodes.paragraph(text, text))
            section += fields
            out.append(section)
        return out


class SourcesDirective(_CatalogueDirective):
    """Render the table of documents the rules are cited to."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_dependencies()
        table = nodes.table(classes=["qwirkle-sources"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (18, 52, 30):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        head += self._row([nodes.Text("Key"), nodes.Text("Document"), nodes.Text("Reliability")])
        body = nodes.tbody()
        group += body
        for document in DOCUMENTS.values():
            key = nodes.inline(ids=[_doc_anchor(document.key)])
            key += nodes.strong(document.key, document.key)
            what = nodes.inline()
            what += nodes.strong(document.name, document.name)
            what += nodes.Text(f". {document.title}.")
            if document.is_seed:
                what += nodes.Text(" One of the project's primary sources (its text is not published here).")
            if document.where:
                what += nodes.Text(f" Also: {document.where}.")
            for index, link in enumerate(document.links):
                what += nodes.Text(" Read it at " if not index else ", ")
                what += nodes.reference(link.text, link.text, refuri=link.url)
            if document.links:
                what += nodes.Text(".")
            body += self._row([key, what, nodes.Text(document.reliability)])
        return [table]

    @staticmethod
    def _row(cells: Sequence[nodes.Node]) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph("", "", cell)
            row += entry
        return row


class OptionsDirective(_CatalogueDirective):
    """Render every option of the rule sets with its default and the rules it changes."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_dependencies()
        out: list[nodes.Node] = []
        for name, path in _SETTINGS.items():
            cls = _settings_class(name)
            if cls is None:
                continue
            table = nodes.table(classes=["qwirkle-options"])
            group = nodes.tgroup(cols=5)
            table += group
            for width in (24, 14, 14, 12, 36):
                group += nodes.colspec(colwidth=width)
            head = nodes.thead()
            group += head
            head += SourcesDirective._row(
                [
                    nodes.Text("Option"),
                    nodes.Text("Default"),
                    nodes.Text("Values"),
                    nodes.Text("Rules"),
                    nodes.Text("What it does"),
                ]
            )
            body = nodes.tbody()
            group += body
            docs = ModuleAnalyzer.for_module(cls.__module__).find_attr_docs()
            for field in attrs.fields(cls):
                option = f"{name}.{field.name}"
                rules = option_rules(cls, field.name)
                lines = docs.get((cls.__qualname__, field.name), [])
                text = " ".join(line.strip() for line in _first_paragraph(lines))
                rule_cell = _rule_refs(rules)
                if any(rule.choice is not None and not rule.choice.official for rule in rules):
                    rule_cell += nodes.Text(" (not official)")
                body += SourcesDirective._row(
                    [
                        _option_ref(option, with_default=False),
                        nodes.literal(_option_default(option), _option_default(option)),
                        nodes.Text(_option_values(cls, field.name)),
                        rule_cell,
                        nodes.Text(_plain(text)),
                    ]
                )
            title = nodes.paragraph()
            title += nodes.strong("", "", _python_ref(path, path, warn=_is_documented(path)))
            out.extend([title, table])
        return out


def _first_paragraph(lines: Sequence[str]) -> Iterator[str]:
    for line in lines:
        if not line.strip():
            return
        yield line


def _plain(text: str) -> str:
    """Docstring text without the reST markup a table cell would show raw, nor the rule IDs the next column shows."""
    text = re.sub(r":[a-z:]+:`~?([^`<]*?)(?: <[^>]*>)?`", r"\1", text)
    text = re.sub(r"\s*\(Rules? [A-Z]+-\d+[^)]*\)", "", text)
    return text.replace("``", "")


# ---------------------------------------------------------------------------
# The ``rule`` role and rule IDs in docstrings


def rule_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{rule}`PLACE-2``: a link to the rule's entry on the rules page."""
    try:
        rule = Rule(text.strip())
    except ValueError:
        message = inliner.reporter.error(f"unknown rule ID {text!r}", line=lineno)
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]
    ref = _rule_ref(rule)
    ref["reftitle"] = rule.statement
    return [ref], []


_ID_IN_TEXT = re.compile(r"(?<![\w`-])(" + "|".join(sorted({rule.family for rule in Rule})) + r")-(\d+)\b")


def _link_ids(line: str) -> str:
    parts = re.split(r"(``.*?``|`[^`]*`)", line)
    for index in range(0, len(parts), 2):
        parts[index] = _ID_IN_TEXT.sub(
            lambda m: f":rule:`{m.group(0)}`" if m.group(0) in _KNOWN else m.group(0), parts[index]
        )
    return "".join(parts)


def link_rule_ids(app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
    """Turn the rule IDs in a docstring into links to the rules page, leaving examples and literals alone."""
    in_example = False
    literal_indent: int | None = None
    for index, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None:
            if stripped and indent <= literal_indent:
                literal_indent = None
            else:
                continue
        if stripped.startswith(">>>"):
            in_example = True
        elif not stripped:
            in_example = False
        if in_example:
            continue
        lines[index] = _link_ids(line)
        if stripped.endswith("::"):
            literal_indent = indent


def reexported_data_docs(app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
    """Give a constant or type alias re-exported by a package or module the docstring it has where it is defined.

    autodoc looks for the docstring of ``qwirkle.Cell`` in ``qwirkle/__init__.py``, finds none
    and falls back to the docstring of the value's type; the defining module has the right one.
    """
    if what != "data":
        return
    package, _, attr = name.rpartition(".")
    if _attribute_doc(package, attr) is not None:
        return
    for module in [*_public_modules(package), *_loaded_modules(package.partition(".")[0])]:
        if attr in getattr(module, "__all__", ()) and getattr(module, attr, None) is obj:
            doc = _attribute_doc(module.__name__, attr)
            if doc is not None:
                lines[:] = doc
                return


def _attribute_doc(module: str, attr: str) -> list[str] | None:
    try:
        docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    except Exception:  # a module without source has no attribute docstrings
        return None
    found = docs.get(("", attr))
    return list(found) if found else None


def _loaded_modules(root: str) -> list[Any]:
    """The modules of the package ``root`` imported so far, private ones included."""
    return [module for name, module in sorted(sys.modules.items()) if name.partition(".")[0] == root]


def _public_modules(package: str) -> list[Any]:
    try:
        root = importlib.import_module(package)
    except ImportError:
        return []
    modules = []
    for info in pkgutil.iter_modules(getattr(root, "__path__", []), package + "."):
        if not info.name.rpartition(".")[2].startswith("_"):
            modules.append(importlib.import_module(info.name))
    return modules


# ---------------------------------------------------------------------------
# Source pages


def link_to_source(app: Sphinx, env: Any, node: addnodes.pending_xref, contnode: nodes.Element) -> nodes.Node | None:
    """Resolve a reference to code that the API pages do not document to its line of source."""
    path = node.get("qwirkle_path")
    if path is None:
        return None
    if app.builder.format != "html":
        return contnode
    page = app.builder.get_relative_uri(node.get("refdoc") or env.docname, _code_page(path))
    uri = f"{page}#L{node['qwirkle_line']}"
    ref = nodes.reference("", "", internal=True, refuri=uri, classes=["qwirkle-code-link"])
    ref += contnode
    return ref


def public_bases(app: Sphinx, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Show a class's public bases only: a private base is how the class is built, not what it is.

    A base is private by its name or by its module's (``qwirkle._immutable.Immutable``).
    """
    bases[:] = [base for base in bases if not any(part.startswith("_") for part in _dotted_name(base).split("."))]


def _dotted_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__name__}"


def page_names(doctree: nodes.document) -> str:
    """What a page shows a reader: its text, and the titles of its links.

    A link to a documented object carries the name it was written with as its title (shown when the
    pointer rests on it): a type hint names a class by the module that defines it, whatever module
    the page documents it under.
    """
    titles = [str(node["reftitle"]) for node in doctree.findall(nodes.reference) if node.get("reftitle")]
    return "\n".join([doctree.astext(), *titles])


def warn_private_names(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Warn about every private name a page names: the documentation speaks of the public API only."""
    for name in private_names.private_names(page_names(doctree)):
        logger.warning("the page names the private name %s", name, location=docname, type="qwirkle", subtype="private")


def resolve_code_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Point each ``code_link`` at its line's anchor in HTML; keep only its text elsewhere."""
    html = app.builder.format == "html"
    for node in list(doctree.findall(code_link)):
        if html:
            uri = app.builder.get_relative_uri(docname, _code_page(node["path"])) + f"#L{node['line']}"
            ref = nodes.reference("", "", internal=True, refuri=uri, classes=["qwirkle-code-link"])
            ref += node.children
            node.replace_self(ref)
        else:
            node.replace_self(nodes.inline("", "", *node.children))


def collect_code_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """A highlighted page, with an anchor per line, for every file the rules page links to."""
    paths = {ref.path for refs in enforcing_code().values() for ref in refs}
    paths |= {ref.path for refs in checking_tests().values() for ref in refs}
    highlighter = app.builder.highlighter  # type: ignore[attr-defined]
    for path in sorted(paths):
        code = (ROOT / path).read_text(encoding="utf-8")
        highlighted = highlighter.highlight_block(code, "python", linenos="inline")
        lines = highlighted.splitlines()
        before, after = lines[0].split("<pre>", 1)
        lines[0:1] = [before + "<pre>", after]
        for number in range(1, len(lines) - 1):
            lines[number] = f'<span class="qwirkle-line" id="L{number}">{lines[number]}</span>'
        body = f"<h1>{path}</h1>\n" + "\n".join(lines)
        yield _code_page(path), {"title": path, "body": body}, "page.html"


# ---------------------------------------------------------------------------


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the role and the event handlers."""
    app.add_node(code_link)
    app.add_directive("qwirkle-rules", RulesDirective)
    app.add_directive("qwirkle-rule-index", RuleIndexDirective)
    app.add_directive("qwirkle-disagreements", DisagreementsDirective)
    app.add_directive("qwirkle-sources", SourcesDirective)
    app.add_directive("qwirkle-options", OptionsDirective)
    app.add_role("rule", rule_role)
    app.connect("autodoc-process-docstring", reexported_data_docs)
    app.connect("autodoc-process-docstring", link_rule_ids)
    app.connect("missing-reference", link_to_source)
    app.connect("autodoc-process-bases", public_bases)
    app.connect("doctree-resolved", warn_private_names)
    app.connect("doctree-resolved", resolve_code_links)
    app.connect("html-collect-pages", collect_code_pages)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
