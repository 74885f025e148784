"""The documentation's pages: examples that run when pasted, and no private name.

The doctest builder runs the pages with no hidden set-up, so a block that uses
a name it never imported fails there; this test says so without Sphinx, from
the page's text: every name a block reads must be a builtin, or be bound (by
an import, an assignment, a ``def``...) in that block or in an earlier block
of the same page, as when a reader pastes the page's blocks in order.

A page names public names only. The documentation build warns about a private
name on any page it writes (the rules pages are written from the code), in its
text or in the title of a link; here the pages' sources, the docstrings the API
reference shows and the modules its classes and functions are named by are
checked, module by module (a module that needs a missing extra is skipped).
"""

from __future__ import annotations

import builtins
import doctest
import inspect
import pkgutil
import re
import symtable
from collections.abc import Iterator
from pathlib import Path

import pytest

import qwirkle
from tests import optional
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted([*DOCS.glob("*.md"), *(DOCS / "api").glob("*.md"), ROOT / "README.md"])

_FENCE = re.compile(r"^```(\{doctest\}|python|pycon|py)[^\n]*\n(.*?)^```", flags=re.MULTILINE | re.DOTALL)
_BUILTINS = frozenset(dir(builtins))


def code_blocks(text: str) -> Iterator[tuple[int, list[str]]]:
    """Each Python block of a page: its line number and the source of each statement, in order."""
    parser = doctest.DocTestParser()
    for match in _FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        body = match.group(2)
        if ">>>" in body:
            yield line, [example.source for example in parser.get_examples(body)]
        else:
            yield line, [body]


def _used(table: symtable.SymbolTable) -> set[str]:
    """The names a piece of code reads from the module's namespace, nested functions included."""
    found = set()
    for symbol in table.get_symbols():
        top = table.get_type() == "module"
        reads_global = symbol.is_global() and not symbol.is_declared_global()
        if symbol.is_referenced() and ((top and not symbol.is_imported()) or (not top and reads_global)):
            found.add(symbol.get_name())
    for child in table.get_children():
        found |= _used(child)
    return found


def _bound(table: symtable.SymbolTable) -> set[str]:
    """The names a piece of code binds in the module's namespace."""
    return {s.get_name() for s in table.get_symbols() if s.is_assigned() or s.is_imported()}


def unbound_names(blocks: list[list[str]]) -> list[tuple[int, str]]:
    """For a page's blocks in order, each (block index, name) read before anything bound it."""
    bound: set[str] = set()
    missing: list[tuple[int, str]] = []
    for index, sources in enumerate(blocks):
        for source in sources:
            table = symtable.symtable(source, "<docs>", "exec")
            mine = _bound(table)
            missing += [(index, name) for name in sorted(_used(table) - bound - mine - _BUILTINS)]
            bound |= mine
    return missing


def test_the_check_finds_a_name_that_no_block_imported() -> None:
    page = "```{doctest}\n>>> from qwirkle import new_game\n>>> state = new_game(['A', 'B'])\n```\n\n"
    page += "```{doctest}\n>>> def moves(s):\n...     return legal_moves(s)\n"
    page += ">>> apply(state, next(iter(moves(state))))\n```\n"
    blocks = [sources for _, sources in code_blocks(page)]
    assert len(blocks) == 2
    assert unbound_names(blocks) == [(1, "legal_moves"), (1, "apply")]


def test_names_bound_by_loops_comprehensions_and_earlier_blocks_count() -> None:
    page = "```{doctest}\n>>> import qwirkle\n>>> for seat in range(2):\n...     print(seat)\n0\n1\n```\n\n"
    page += "```python\nnames = [tile for tile in qwirkle.ALL_TILES if seat]\n```\n"
    assert unbound_names([sources for _, sources in code_blocks(page)]) == []


def test_the_documentation_has_no_hidden_doctest_set_up() -> None:
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert "doctest_global_setup" not in conf
    assert not any("```{testsetup}" in page.read_text(encoding="utf-8") for page in PAGES)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_block_imports_what_it_uses(page: Path) -> None:
    found = list(code_blocks(page.read_text(encoding="utf-8")))
    missing = unbound_names([sources for _, sources in found])
    where = [f"line {found[index][0]}: {name}" for index, name in missing]
    assert where == [], f"{page.name}: names used but not imported or defined before: {where}"


private_names = module_from_path("qwirkle_docs_private_names", DOCS / "_ext" / "private_names.py").private_names


def test_the_check_finds_private_names_and_leaves_paths_and_public_names_alone() -> None:
    text = "qwirkle.legality._verify_place, state._repr_svg_(), qwirkle.verify, src/qwirkle/formats/_codec.py, 0.5"
    assert private_names(text) == ["qwirkle.legality._verify_place", "state._repr_svg_"]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_no_page_names_a_private_name(page: Path) -> None:
    assert private_names(page.read_text(encoding="utf-8")) == []


PUBLIC_MODULES = [
    info.name
    for info in pkgutil.walk_packages(qwirkle.__path__, "qwirkle.")
    if not any(part.startswith("_") for part in info.name.split("."))
]


def _documented(module_name: str) -> Iterator[tuple[str, str]]:
    """The docstrings the API reference shows of a public module: its own, its public names' and their members'."""
    module = optional.import_library_module(module_name)
    yield module.__name__, module.__doc__ or ""
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name)
        if _has_own_doc(obj):
            yield f"{module.__name__}.{name}", inspect.getdoc(obj) or ""
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if not attr.startswith("_") and _has_own_doc(value):
                    yield f"{module.__name__}.{name}.{attr}", inspect.getdoc(value) or ""


def _has_own_doc(obj: object) -> bool:
    """Whether ``obj`` carries a docstring of its own (a plain value shows its type's instead)."""
    return inspect.isclass(obj) or inspect.isroutine(obj) or isinstance(obj, (property, staticmethod, classmethod))


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_no_docstring_of_the_api_reference_names_a_private_name(module_name: str) -> None:
    found = {name: private_names(doc) for name, doc in _documented(module_name) if private_names(doc)}
    assert found == {}


@pytest.mark.parametrize("module_name", ["qwirkle", *PUBLIC_MODULES])
def test_every_public_class_and_function_is_named_by_a_public_module(module_name: str) -> None:
    """A page names a class or function by the module that defines it (in the title of a link to it, say)."""
    module = optional.import_library_module(module_name)
    homes = {}
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name)
        if inspect.isclass(obj) or inspect.isroutine(obj):
            homes[name] = getattr(obj, "__module__", None) or ""
    assert {name: home for name, home in homes.items() if private_names(f"{home}.{name}")} == {}


def test_the_tutorial_type_checks_under_mypy_strict(tmp_path: Path) -> None:
    """The tutorial's code, joined into one module, passes ``mypy --strict``: a typed program may copy it."""
    from mypy import api

    sources = [source for _, block in code_blocks((DOCS / "tutorial.md").read_text()) for source in block]
    module = tmp_path / "tutorial.py"
    module.write_text("".join(sources))
    out, err, status = api.run(["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), str(module)])
    assert status == 0, out + err
    # The check has teeth: the move a builder may not have is refused.
    module.write_text("".join(sources).replace("turn.finish()", "turn.move"))
    out, _, status = api.run(["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), str(module)])
    assert status == 1
    assert 'Argument 2 to "play" has incompatible type "Place | None"' in out
