"""The package is layered: each module imports only from its own layer and the layers below, and no module
imports another inside a function to get round that.

The layers, from the bottom: the values and the rules; the engine's internals; the game; the formats and
the interface helpers; the bots; the matches; the adapters, the command line and the test helpers. Qwirkle
Cards sits just above the formats: on the tile game's values and rules, its JSON on the tile game's. The
move notation and the reading and writing of JSON values sit lower than the rest of the formats, with the
values they write, so that every value has its own ``to_json`` and ``from_json``.

The rooms stay small enough to read: no module but the rule data runs past 400 lines, and the top level
holds at most 15 public modules beside the sub-packages.
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
        "qwirkle._engine.exchanges",
        "qwirkle._engine.grid",
        "qwirkle.tiles",
        "qwirkle.text",
        "qwirkle._rng",
        "qwirkle._extras",
    ),
    (
        "qwirkle.moves",
        "qwirkle.formats.notation",
        "qwirkle.formats._jsontext",
        "qwirkle.formats._reader",
        "qwirkle.scoring",
        "qwirkle.legality.placement",
        "qwirkle._engine.frontier",
        "qwirkle._engine.anchors",
        "qwirkle.board",
        "qwirkle.render",
    ),
    ("qwirkle._engine",),
    (
        "qwirkle.endings",
        "qwirkle.histories",
        "qwirkle._consistency",
        "qwirkle.formats._codec",
        "qwirkle.state",
        "qwirkle.draws",
        "qwirkle.legality",
        "qwirkle.legalmoves",
        "qwirkle.game",
    ),
    ("qwirkle.formats", "qwirkle.interface"),
    ("qwirkle.cards",),
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


# ---------------------------------------------------------------------------
# The size of the rooms

MAX_LINES = 400
"""The longest a module may be, but rule data."""

RULE_DATA: dict[str, str] = {
    "qwirkle.rules._data": "the catalogue's text: each rule's statement, explanation, sources, choice and note",
    "qwirkle.rules.catalogue": "the 57 rule IDs and the records of what the catalogue says of each, with no logic "
    "but reading the rules' data into them",
}
"""The modules that may run past :data:`MAX_LINES`, each with why: rule data is read as a table, not as code."""

MAX_PUBLIC_MODULES = 15
"""The most public modules the top level may hold beside :data:`SUBPACKAGES`."""

SUBPACKAGES = frozenset({"adapters", "bots", "cards", "cli", "formats", "interface", "matches", "rules", "testing"})
"""The sub-packages that group modules by layer, or hold the card game; any other public package counts as a module."""


def long_modules(package: Path, limit: int = MAX_LINES) -> dict[str, int]:
    """The modules of the package in the folder ``package`` longer than ``limit`` lines, with their lengths."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            parts = path.relative_to(package.parent).with_suffix("").parts
            found[".".join(part for part in parts if part != "__init__")] = lines
    return found


def public_top_level_modules(package: Path) -> list[str]:
    """The public modules at the top of the package in the folder ``package``: its files, and its packages but
    :data:`SUBPACKAGES`."""
    found = []
    for path in sorted(package.iterdir()):
        if path.name.startswith("_"):
            continue
        if path.suffix == ".py":
            found.append(path.stem)
        elif (path / "__init__.py").is_file() and path.name not in SUBPACKAGES:
            found.append(path.name)
    return found


def test_no_module_but_rule_data_runs_past_the_limit() -> None:
    excused = set(RULE_DATA)
    assert {module: lines for module, lines in long_modules(SRC).items() if module not in excused} == {}


def test_each_module_allowed_past_the_limit_is_still_past_it() -> None:
    # Otherwise the list would go on excusing modules that no longer need it.
    long = long_modules(SRC)
    assert [module for module in RULE_DATA if module not in long] == []


def test_the_top_level_holds_at_most_15_public_modules() -> None:
    public = public_top_level_modules(SRC)
    assert len(public) <= MAX_PUBLIC_MODULES, public


def test_a_planted_long_module_and_a_sixteenth_public_module_are_found(tmp_path: Path) -> None:
    package = tmp_path / "qwirkle"
    (package / "rules").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "rules" / "__init__.py").write_text("x = 1\n" * 401)
    (package / "rules" / "fits.py").write_text("x = 1\n" * 400)
    assert long_modules(package) == {"qwirkle.rules": 401}
    for number in range(15):
        (package / f"module{number:02}.py").write_text("")
    (package / "_private.py").write_text("")
    (package / "data").mkdir()  # a folder that is no package
    assert len(public_top_level_modules(package)) == 15
    (package / "grown").mkdir()
    (package / "grown" / "__init__.py").write_text("")
    assert public_top_level_modules(package) == ["grown", *(f"module{number:02}" for number in range(15))]
