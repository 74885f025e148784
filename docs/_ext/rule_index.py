"""Find where each rule of the catalogue is enforced in the code and checked by the tests.

The rules page shows, for every rule, the code that names it and the tests
that name it; ``tests/test_docs.py`` fails when either is missing. Both read
the same index, built here from the source files alone (with :mod:`ast`,
nothing is imported), so this module has no dependency but the standard
library.

Code *names* a rule when a module, function, method or class mentions its ID
in its docstring (``Rule PLACE-2: ...``, ``Rules LINE-2 to LINE-4``), or a function
refers to it in its body (``Rule.PLACE_2``, or the ID inside a string such as
an error message). A module-level constant names the rules of its value and
of its docstring. The catalogue itself, which lists every rule, is left out
(:data:`CATALOGUE_FILES`).

A test *checks* a rule when it carries ``@pytest.mark.rule("PLACE-2")``,
directly, through a name bound to such a marker, or as
``Name = pytest.mark.rule(...)(Target)``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CATALOGUE_FILES", "CodeRef", "checking_tests", "enforcing_code", "modules_naming", "rule_ids"]

CATALOGUE_FILES = ("rules/catalogue.py", "rules/_data.py", "rules/_values.py")
"""The files of the rule catalogue, relative to ``src/qwirkle``: they list every rule, and enforce none."""

_ID = re.compile(r"\b([A-Z]+)-(\d+)\b")
_RANGE = re.compile(r"\b([A-Z]+)-(\d+) to (?:([A-Z]+)-)?(\d+)\b")
_ENUM = re.compile(r"^([A-Z]+)_(\d+)$")


@dataclass(frozen=True, order=True)
class CodeRef:
    """A function, method, class or constant in a source file, by module and qualified name."""

    path: str
    """The file, relative to the repository root (``"src/qwirkle/legality.py"``)."""
    line: int
    """The line where the object starts."""
    module: str
    """The dotted module name (``"qwirkle.legality"``, ``"tests.test_rules_place"``)."""
    qualname: str
    """The name inside the module (``"verify"``, ``"LegalMoves.exchanges"``)."""
    kind: str
    """``"module"``, ``"function"``, ``"method"``, ``"property"``, ``"class"`` or ``"constant"``."""

    @property
    def fullname(self) -> str:
        """The module and the qualified name, dotted (the module alone for a module)."""
        return f"{self.module}.{self.qualname}" if self.qualname else self.module


def rule_ids(text: str, known: Collection[str]) -> set[str]:
    """The known rule IDs that ``text`` mentions, with ranges such as ``LINE-2 to LINE-4`` expanded.

    >>> sorted(rule_ids("Rules LINE-2 to LINE-4 and PLACE-9", {"LINE-2", "LINE-3", "LINE-4", "PLACE-1"}))
    ['LINE-2', 'LINE-3', 'LINE-4']
    """
    found = {f"{family}-{number}" for family, number in _ID.findall(text)}
    for family, low, other, high in _RANGE.findall(text):
        if other and other != family:
            continue
        found.update(f"{family}-{n}" for n in range(int(low), int(high) + 1))
    return found & set(known)


def _enum_id(node: ast.AST) -> str | None:
    """The ID of a ``Rule.PLACE_2`` expression, else ``None``."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Rule":
        match = _ENUM.match(node.attr)
        if match:
            return f"{match.group(1)}-{match.group(2)}"
    return None


def _mentions(node: ast.AST, known: Collection[str]) -> set[str]:
    """The rules a piece of code names: ``Rule.X_N`` expressions and IDs inside string constants."""
    found: set[str] = set()
    for sub in ast.walk(node):
        rule = _enum_id(sub)
        if rule is not None and rule in known:
            found.add(rule)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            found |= rule_ids(sub.value, known)
    return found


def _is_property(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(
        isinstance(decorator, ast.Name) and decorator.id in ("property", "cached_property")
        for decorator in node.decorator_list
    )


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[0] == "src":
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _sources(folder: Path) -> Iterator[Path]:
    yield from sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def _names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple):
        return [name for element in target.elts for name in _names(element)]
    return []


def enforcing_code(
    root: Path, known: Collection[str], package: str = "src", catalogue: Collection[str] = CATALOGUE_FILES
) -> dict[str, list[CodeRef]]:
    """For each known rule ID, the code under ``root / package`` that names it, in file order.

    The files of ``catalogue``, relative to ``root / package / "qwirkle"``, are left out.
    """
    found: dict[str, list[CodeRef]] = {}
    skipped = {(root / package / "qwirkle" / name).resolve() for name in catalogue}

    def note(rules: Iterable[str], ref: CodeRef) -> None:
        for rule in rules:
            refs = found.setdefault(rule, [])
            if ref not in refs:
                refs.append(ref)

    for path in _sources(root / package):
        if path.resolve() in skipped:
            continue
        rel = path.relative_to(root).as_posix()
        module = _module_name(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        note(rule_ids(ast.get_docstring(tree) or "", known), CodeRef(rel, 1, module, "", "module"))
        body = tree.body
        for index, node in enumerate(body):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                note(_mentions(node, known), CodeRef(rel, node.lineno, module, node.name, "function"))
            elif isinstance(node, ast.ClassDef):
                docstring = ast.get_docstring(node) or ""
                note(rule_ids(docstring, known), CodeRef(rel, node.lineno, module, node.name, "class"))
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        kind = "property" if _is_property(item) else "method"
                        ref = CodeRef(rel, item.lineno, module, f"{node.name}.{item.name}", kind)
                        note(_mentions(item, known), ref)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [name for target in targets for name in _names(target)]
                if not names or names == ["__all__"]:
                    continue
                rules = _mentions(node.value, known)
                following = body[index + 1] if index + 1 < len(body) else None
                if (
                    isinstance(following, ast.Expr)
                    and isinstance(following.value, ast.Constant)
                    and isinstance(following.value.value, str)
                ):
                    rules |= rule_ids(following.value.value, known)
                for name in names:
                    note(rules, CodeRef(rel, node.lineno, module, name, "constant"))
    return found


def modules_naming(root: Path, known: Collection[str], package: str = "src") -> dict[str, set[str]]:
    """For each known rule ID, the modules under ``root / package`` whose code names it (see :func:`enforcing_code`)."""
    return {rule: {ref.module for ref in refs} for rule, refs in enforcing_code(root, known, package).items()}


def _is_rule_marker(node: ast.AST) -> bool:
    """Whether ``node`` is a call ``pytest.mark.rule(...)``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "rule"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "mark"
    )


def _marker_ids(call: ast.Call, known: Collection[str]) -> set[str]:
    found: set[str] = set()
    for arg in call.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value in known:
            found.add(arg.value)
        rule = _enum_id(arg)
        if rule is not None and rule in known:
            found.add(rule)
    return found


def _decorated(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, markers: dict[str, set[str]], known: Collection[str]
) -> set[str]:
    """The rules that the rule markers among ``node``'s decorators name (``markers``: names bound to markers)."""
    rules: set[str] = set()
    for decorator in node.decorator_list:
        if _is_rule_marker(decorator):
            assert isinstance(decorator, ast.Call)
            rules |= _marker_ids(decorator, known)
        elif isinstance(decorator, ast.Name) and decorator.id in markers:
            rules |= markers[decorator.id]
    return rules


def checking_tests(root: Path, known: Collection[str], package: str = "tests") -> dict[str, list[CodeRef]]:
    """For each known rule ID, the tests under ``root / package`` marked as checking it, in file order."""
    found: dict[str, list[CodeRef]] = {}

    def note(rules: Iterable[str], ref: CodeRef) -> None:
        for rule in rules:
            refs = found.setdefault(rule, [])
            if ref not in refs:
                refs.append(ref)

    for path in _sources(root / package):
        rel = path.relative_to(root).as_posix()
        module = _module_name(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        markers: dict[str, set[str]] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value = node.value
                name = node.targets[0].id
                if _is_rule_marker(value):
                    assert isinstance(value, ast.Call)
                    markers[name] = _marker_ids(value, known)
                elif isinstance(value, ast.Call) and _is_rule_marker(value.func):
                    assert isinstance(value.func, ast.Call)
                    note(_marker_ids(value.func, known), CodeRef(rel, node.lineno, module, name, "class"))

        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                note(_decorated(node, markers, known), CodeRef(rel, node.lineno, module, node.name, "function"))
            elif isinstance(node, ast.ClassDef):
                note(_decorated(node, markers, known), CodeRef(rel, node.lineno, module, node.name, "class"))
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        ref = CodeRef(rel, item.lineno, module, f"{node.name}.{item.name}", "method")
                        note(_decorated(item, markers, known), ref)
    return found


# ---------------------------------------------------------------------------
# The rules a move can break


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function and method defined at the top of a module or in its classes."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node
        elif isinstance(node, ast.ClassDef):
            yield from (item for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)))


def _called_name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _enum_ids(node: ast.AST, known: Collection[str]) -> set[str]:
    """The rules a piece of code names as ``Rule.X_N``."""
    return {rule for sub in ast.walk(node) if (rule := _enum_id(sub)) is not None and rule in known}


class _Program:
    """The modules of a package, read once, with what the search for raised rules needs."""

    def __init__(self, root: Path, package: str, known: Collection[str]) -> None:
        self.known = known
        self.modules: list[tuple[str, str, ast.Module]] = []
        for path in _sources(root / package):
            rel = path.relative_to(root).as_posix()
            self.modules.append((rel, _module_name(path, root), ast.parse(path.read_text(encoding="utf-8"), rel)))
        self.by_name: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        self.calls: dict[str, list[ast.Call]] = {}
        ruled: set[str] = set()
        for _, _, tree in self.modules:
            for function in _functions(tree):
                self.by_name.setdefault(function.name, []).append(function)
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and (name := _called_name(node)) is not None:
                    self.calls.setdefault(name, []).append(node)
        # Values that carry a rule: the members of enums whose values name a rule (the end reasons) and
        # the instances of classes with a ``rule`` field (a problem of a turn being built).
        for _, _, tree in self.modules:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    fields = {item.target.id for item in node.body if isinstance(item, ast.AnnAssign)
                              and isinstance(item.target, ast.Name)}  # fmt: skip
                    members = [item for item in node.body if isinstance(item, ast.Assign)]
                    if any(_enum_ids(item.value, known) for item in members):
                        ruled |= {rule for item in members for rule in _enum_ids(item.value, known)}
                    # An error's rule is what the search is about, not a value it carries.
                    if "rule" in fields and not node.name.endswith("Error"):
                        for call in self.calls.get(node.name, []):
                            ruled |= _enum_ids(call, known)
        self.carried = ruled

    def returned(self, name: str) -> set[str]:
        """The rules that the functions called ``name`` return."""
        found: set[str] = set()
        for function in self.by_name.get(name, []):
            for node in ast.walk(function):
                if isinstance(node, ast.Return) and node.value is not None:
                    found |= _enum_ids(node.value, self.known)
        return found

    def passed(self, function: ast.FunctionDef | ast.AsyncFunctionDef, parameter: str) -> set[str] | None:
        """The rules passed for ``parameter`` wherever ``function`` is called, or ``None`` if it never is."""
        params = [arg.arg for arg in [*function.args.posonlyargs, *function.args.args]]
        offset = 1 if params and params[0] in ("self", "cls") else 0
        found: set[str] = set()
        seen = False
        for call in self.calls.get(function.name, []):
            for keyword in call.keywords:
                if keyword.arg == parameter:
                    found |= _enum_ids(keyword.value, self.known)
                    seen = True
            if parameter in params:
                index = params.index(parameter) - offset
                if 0 <= index < len(call.args):
                    found |= _enum_ids(call.args[index], self.known)
                    seen = True
        return found if seen else None

    def resolve(self, expr: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str] | None:
        """The rules ``expr``, the first argument of an ``IllegalMoveError``, can be; ``None`` if unknown."""
        if isinstance(expr, ast.Starred):
            expr = expr.value
        direct = _enum_ids(expr, self.known)
        if direct:
            return direct
        if isinstance(expr, ast.Attribute) and expr.attr == "rule":
            if isinstance(expr.value, ast.Name) and self._caught(expr.value.id, function):
                return set()  # the rule of an error raised elsewhere, passed on
            return set(self.carried)
        if isinstance(expr, ast.Name):
            params = {arg.arg for arg in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]}
            if expr.id in params:
                return self.passed(function, expr.id)
            found: set[str] | None = None
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == expr.id for t in node.targets
                ):
                    value = node.value
                    if isinstance(value, ast.Call) and (name := _called_name(value)) is not None:
                        rules = self.returned(name) or _enum_ids(value, self.known)
                    else:
                        rules = self.resolve(value, function) or set()
                    found = (found or set()) | rules
            return found or None
        return None

    @staticmethod
    def _caught(name: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        return any(isinstance(node, ast.ExceptHandler) and node.name == name for node in ast.walk(function))


def refused_rules(root: Path, known: Collection[str], package: str = "src") -> dict[str, list[CodeRef]]:
    """For each rule that an :class:`~qwirkle.IllegalMoveError` can carry, the functions that raise it so.

    This is the set of rules a move can break. The rule of each
    ``IllegalMoveError(...)`` under ``root / package`` is read from its first
    argument: a ``Rule.X`` member; a name bound to what a function returns (the
    rules in that function's ``return`` statements) or to a parameter (the rules
    passed for it wherever the function is called); the ``rule`` of an error
    caught and passed on (nothing new); or the ``rule`` of another value, one of
    the rules that values carry (the end reasons, the problems of a turn).
    Raises :class:`ValueError` naming an error whose rule it cannot tell.
    """
    program = _Program(root, package, known)
    found: dict[str, list[CodeRef]] = {}
    unknown: list[str] = []
    for rel, module, tree in program.modules:
        classes = {item: node.name for node in tree.body if isinstance(node, ast.ClassDef) for item in node.body}
        for function in _functions(tree):
            qualname = f"{classes[function]}.{function.name}" if function in classes else function.name
            ref = CodeRef(rel, function.lineno, module, qualname, "method" if function in classes else "function")
            for node in ast.walk(function):
                if not (isinstance(node, ast.Call) and _called_name(node) == "IllegalMoveError" and node.args):
                    continue
                rules = program.resolve(node.args[0], function)
                if rules is None:
                    unknown.append(f"{rel}, line {node.lineno}")
                    continue
                for rule in sorted(rules):
                    refs = found.setdefault(rule, [])
                    if ref not in refs:
                        refs.append(ref)
    if unknown:
        raise ValueError(f"cannot tell the rule of the IllegalMoveError at {'; '.join(unknown)}")
    return found


def _known_rules(root: Path) -> set[str]:
    """The rule IDs of the catalogue, read from its source (the members of ``Rule``) as the rest of the index is."""
    text = (root / "src" / "qwirkle" / "rules" / "catalogue.py").read_text(encoding="utf-8")
    return set(re.findall(r'^    [A-Z]+_\d+ = "([A-Z]+-\d+)"$', text, re.MULTILINE))


if __name__ == "__main__":
    # How many modules name each rule, and which: ``python docs/_ext/rule_index.py`` from the repository's root.
    here = Path.cwd()
    for rule, modules in sorted(modules_naming(here, _known_rules(here)).items()):
        print(f"{rule:<12} {len(modules):>2}  {' '.join(sorted(modules))}")
