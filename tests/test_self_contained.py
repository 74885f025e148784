"""The test suite reads nothing outside the repository: a clone runs every test it has.

Files the tests need live in the repository (the rule catalogue's copy is in
``tests/data``). Two checks hold the suite to that:

- every path the test code builds from its own file (``Path(__file__)``,
  ``.parent``, ``.parents[2]``, ``/ "name"``, ``os.path.join``..., through
  the names it binds them to) stays inside the repository, and no string in
  it climbs out with ``..``;
- no path a loaded test module holds at top level, however it was built, is
  beside the repository or above it (the system's own files, such as a
  browser's, are not the project's and may be named).
"""

from __future__ import annotations

import ast
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path, PurePath

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SOURCES = sorted([*TESTS.rglob("*.py"), ROOT / "conftest.py"])

_CLIMB = re.compile(r"(?:^|[/\\])\.\.(?:[/\\]|$)")


def inside(path: str | PurePath, root: Path = ROOT) -> bool:
    """Whether ``path``, with its ``..`` resolved, is ``root`` or under it."""
    normal = os.path.normpath(os.fspath(path))
    return normal == str(root) or normal.startswith(str(root) + os.sep)


class PathReader:
    """The paths a module's code builds from its own file, worked out from its syntax alone."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self.names: dict[str, str] = {}

    def path(self, node: ast.expr) -> str | None:
        """The path ``node`` evaluates to, if it is built from ``__file__``, else ``None``."""
        match node:
            case ast.Name(id="__file__"):
                return str(self.file)
            case ast.Name(id=name):
                return self.names.get(name)
            case ast.Attribute(value=value, attr="parent"):
                return self._up(self.path(value), 1)
            case ast.Subscript(value=ast.Attribute(value=value, attr="parents"), slice=ast.Constant(value=int(up))):
                return self._up(self.path(value), up + 1)
            case ast.BinOp(left=left, op=ast.Div(), right=ast.Constant(value=str(part))):
                return self._join(self.path(left), part)
            case ast.Call(func=ast.Attribute(value=value, attr="resolve" | "absolute" | "expanduser"), args=[]):
                return self.path(value)
            case ast.Call(func=ast.Attribute(value=value, attr="joinpath"), args=parts):
                return self._join(self.path(value), *self._strings(parts))
            case ast.Call(func=ast.Name(id="Path") | ast.Attribute(attr="Path"), args=[argument]):
                return self.path(argument)
            case ast.Call(func=ast.Attribute(attr="dirname"), args=[argument]):
                return self._up(self.path(argument), 1)
            case ast.Call(func=ast.Attribute(attr="join"), args=[first, *parts]):
                return self._join(self.path(first), *self._strings(parts))
        return None

    @staticmethod
    def _up(path: str | None, levels: int) -> str | None:
        if path is None:
            return None
        for _ in range(levels):
            path = os.path.dirname(path)
        return path

    @staticmethod
    def _join(path: str | None, *parts: str | None) -> str | None:
        if path is None or any(part is None for part in parts):
            return None
        return os.path.normpath(os.path.join(path, *(part for part in parts if part is not None)))

    @staticmethod
    def _strings(nodes: list[ast.expr]) -> list[str | None]:
        return [
            node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None for node in nodes
        ]

    def outside(self, source: str, root: Path = ROOT) -> Iterator[tuple[int, str]]:
        """Each line that builds a path outside ``root`` or holds a string that climbs with ``..``, with the path."""
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                found = self.path(node.value)
                if found is not None:
                    self.names[node.targets[0].id] = found
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _CLIMB.search(node.value):
                yield node.lineno, node.value
            elif isinstance(node, ast.expr) and not isinstance(node, ast.Constant):
                found = self.path(node)
                if found is not None and not inside(found, root):
                    yield node.lineno, found


def paths_outside(file: Path, source: str, root: Path = ROOT) -> list[tuple[int, str]]:
    """The places in ``source`` (the code of ``file``) that reach outside ``root``, each line once."""
    return sorted(dict(PathReader(file).outside(source, root)).items())


def test_the_check_finds_paths_that_climb_out_of_the_repository() -> None:
    file = ROOT / "tests" / "test_example.py"
    source = (
        "from pathlib import Path\n"
        "import os\n"
        "ROOT = Path(__file__).resolve().parents[1]\n"
        "DOCS = ROOT / 'docs'\n"
        "CATALOGUE = Path(__file__).resolve().parents[2] / 'shared' / 'RULES.md'\n"
        "SHARED = ROOT.parent / 'shared'\n"
        "SEEDS = os.path.join(os.path.dirname(os.path.dirname(__file__)), '..', 'seeds')\n"
        "def read():\n"
        "    return open('../shared/RULES.md').read()\n"
        "UP = ROOT.joinpath('docs', '..', '..')\n"
    )
    lines = [line for line, _ in paths_outside(file, source)]
    assert lines == [5, 6, 7, 9, 10]
    nested = ROOT / "tests" / "cards" / "test_example.py"
    assert paths_outside(nested, "from pathlib import Path\nROOT = Path(__file__).resolve().parents[2]\n") == []
    assert paths_outside(nested, "from pathlib import Path\nUP = Path(__file__).parents[3] / 'x'\n") != []


@pytest.mark.parametrize("file", SOURCES, ids=lambda file: file.relative_to(ROOT).as_posix())
def test_no_test_module_builds_a_path_outside_the_repository(file: Path) -> None:
    found = paths_outside(file.resolve(), file.read_text(encoding="utf-8"))
    assert found == [], f"{file.relative_to(ROOT)} reaches outside the repository: {found}"


def beside_or_above(path: str | PurePath, root: Path = ROOT) -> bool:
    """Whether ``path`` (relative to ``root`` if relative) is a folder above ``root`` or under one beside it.

    >>> beside_or_above("/work/shared/RULES.md", Path("/work/main")), beside_or_above("../x", Path("/work/main"))
    (True, True)
    >>> beside_or_above("/work/main/docs", Path("/work/main")), beside_or_above("/usr/bin/chromium", Path("/work/main"))
    (False, False)
    """
    whole = os.path.join(root, path)
    return not inside(whole, root) and (inside(whole, root.parent) or inside(root, Path(os.path.normpath(whole))))


def test_no_loaded_test_module_holds_a_path_beside_or_above_the_repository() -> None:
    modules = {name: module for name, module in sys.modules.items() if name == "tests" or name.startswith("tests.")}
    assert __name__ in modules
    found = {
        f"{name}.{attr}": str(value)
        for name, module in modules.items()
        for attr, value in vars(module).items()
        if isinstance(value, PurePath) and beside_or_above(value)
    }
    assert found == {}
