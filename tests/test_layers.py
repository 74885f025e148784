"""The package is layered: each module imports only from its own layer and the layers below, and no module
imports another inside a function to get round that.

The layers, from the bottom: the values and the rules; the engine's internals; the game; the formats and
the interface helpers; the bots; the matches; the adapters, the command line and the test helpers. Qwirkle
Cards sits beside the formats, on the tile game's values and rules.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import qwirkle

SRC = Path(qwirkle.__file__).resolve().parent

LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "qwirkle._moved",
        "qwirkle._immutable",
        "qwirkle.rules",
        "qwirkle.errors",
        "qwirkle._engine.geometry",
        "qwirkle._engine.lines",
        "qwirkle.tiles",
        "qwirkle.text",
        "qwirkle._rng",
        "qwirkle._extras",
    ),
    (
        "qwirkle.moves",
        "qwirkle.scoring",
        "qwirkle._engine.frontier",
        "qwirkle._engine.anchors",
        "qwirkle.board",
        "qwirkle.render",
    ),
    ("qwirkle._engine",),
    (
        "qwirkle.endings",
        "qwirkle.histories",
        "qwirkle.state",
        "qwirkle.draws",
        "qwirkle.legality",
        "qwirkle.legalmoves",
        "qwirkle.game",
    ),
    ("qwirkle.formats", "qwirkle.interface", "qwirkle.cards"),
    ("qwirkle.bots", "qwirkle.native"),
    ("qwirkle.matches",),
    ("qwirkle.adapters", "qwirkle.testing", "qwirkle.cli", "qwirkle.__main__", "qwirkle"),
)
"""Each layer's modules and packages (a package holds its modules, unless one of them is named apart)."""

LAZY: dict[tuple[str, str], str] = {
    ("qwirkle.matches.backends", "qwirkle.matches.backends.dask"): "it imports Dask, an optional extra, at its top",
    ("qwirkle.matches.backends", "qwirkle.matches.backends.ray"): "it imports Ray, an optional extra, at its top",
}
"""The modules imported only when asked for, each with the reason."""


def _layer(module: str) -> int:
    best = (-1, -1)
    for rank, names in enumerate(LAYERS):
        for name in names:
            if module == name or module.startswith(name + "."):
                best = max(best, (len(name), rank))
    assert best[1] >= 0, f"{module} is in no layer"
    return best[1]


def _module_of(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(part for part in parts if part != "__init__")


_FILES = {_module_of(path) for path in SRC.rglob("*.py")}


def _ours(name: str) -> bool:
    return name == "qwirkle" or name.startswith("qwirkle.")


def _imports(path: Path) -> list[tuple[str, bool]]:
    """The ``qwirkle`` modules a file imports when it runs, each with whether the import is inside a function."""
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # read by type checkers only
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom) and child.module and _ours(child.module):
                # ``from package import module`` imports the module; ``from module import name``, the module.
                for alias in child.names:
                    submodule = f"{child.module}.{alias.name}"
                    found.append((submodule if submodule in _FILES else child.module, inside))
            elif isinstance(child, ast.Import):
                found.extend((alias.name, inside) for alias in child.names if _ours(alias.name))
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), in_function=False)
    return found


MODULES = {_module_of(path): path for path in sorted(SRC.rglob("*.py"))}


def _known_module(name: str) -> str | None:
    """The module ``name`` is, or ``None`` for a name imported from a package that is not a module of it."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_module_imports_only_from_its_layer_and_below(module: str) -> None:
    rank = _layer(module)
    upward = {}
    for name, _ in _imports(MODULES[module]):
        other = _known_module(name)
        if other is None:
            continue
        if _layer(other) > rank:
            upward[other] = _layer(other)
    assert upward == {}, f"{module} (layer {rank}) imports from above"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_module_of_the_library_inside_a_function(module: str) -> None:
    inside = [name for name, in_function in _imports(MODULES[module]) if in_function and (module, name) not in LAZY]
    assert inside == []


def test_the_modules_import_without_a_cycle() -> None:
    graph = {
        module: {other for name, _ in _imports(path) if (other := _known_module(name)) and other != module}
        for module, path in MODULES.items()
    }
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            raise AssertionError(" -> ".join((*path[path.index(module) :], module)))
        if module in done:
            return
        for other in sorted(graph[module]):
            visit(other, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
