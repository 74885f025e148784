"""The packages of the optional extras: a test that needs one is skipped without it, naming the extra to install.

:data:`EXTRAS` says which extra of ``pyproject.toml`` brings each package. A
test module asks for a package with :func:`require`; a module of the library
that imports one is imported with :func:`import_library_module`; and the
docstring examples of a source file that imports one are skipped as a whole
(this module is a pytest plugin, loaded by the root ``conftest.py``).

Whether a missing package is a skip or a failure depends on the run:

- By default a missing package is a skip, and the skip says which extra to
  install (``pip install -e '.[rl]'``).
- Under CI (``CI=true``) every extra is installed, so a missing package is a
  failure: an extra that failed to install must not pass as skipped tests.
- A run that leaves extras out on purpose names the extras it installed in
  ``QWIRKLE_EXTRAS``, comma-separated (``QWIRKLE_EXTRAS=dev`` or ``dev,rl``;
  ``none`` for none). The packages of those extras are then required and those
  of every other extra skipped when missing, CI or not: CI's run with the
  ``dev`` extra alone sets ``QWIRKLE_EXTRAS=dev``.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
from collections.abc import Generator, Iterable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Final

import pytest

IN_CI = os.environ.get("CI") == "true"

EXTRAS: Final = {
    "numpy": "rl",
    "gymnasium": "rl",
    "pettingzoo": "rl",
    "pyspiel": "rl",
    "open_spiel": "rl",
    "dask": "dask",
    "distributed": "dask",
    "ray": "ray",
    "qwirkle_native": "native",
    "torch": "rl-train",
    "sb3_contrib": "rl-train",
    "stable_baselines3": "rl-train",
}
"""The top-level packages of the optional extras the tests use, each with the extra that installs it.

NumPy and Gymnasium come with several extras; the ``rl`` extra brings every adapter's packages.
"""


def listed_extras(listed: str | None) -> frozenset[str] | None:
    """The extras a value of ``QWIRKLE_EXTRAS`` names, or ``None`` for no value (the variable is not set).

    >>> sorted(listed_extras("dev, rl") or ())
    ['dev', 'rl']
    >>> listed_extras("none"), listed_extras(None)
    (frozenset(), None)
    """
    if listed is None:
        return None
    return frozenset(name.strip() for name in listed.split(",") if name.strip() not in ("", "none"))


def required(extra: str) -> bool:
    """Whether this run must have ``extra``: a package of it that is missing is then a failure, not a skip."""
    listed = listed_extras(os.environ.get("QWIRKLE_EXTRAS"))
    if listed is not None:
        return extra in listed
    return IN_CI


def extra_of(package: str) -> str:
    """The extra that installs ``package`` (a dotted module name counts by its top-level package).

    >>> extra_of("open_spiel.python.algorithms"), extra_of("distributed")
    ('rl', 'dask')
    """
    return EXTRAS[package.partition(".")[0]]


def reason(package: str) -> str:
    """Why a test that needs ``package`` is skipped: the package, and the command that installs its extra.

    >>> reason("pyspiel")
    "pyspiel is not installed: pip install -e '.[rl]'"
    """
    return f"{package} is not installed: {install(package)}"


def install(package: str) -> str:
    """The command that installs the extra of ``package`` into a checkout's environment.

    >>> install("qwirkle_native")
    'pip install ./native'
    """
    # The native engine is built from the checkout's own native/ folder, not fetched by the extra.
    return "pip install ./native" if package == "qwirkle_native" else f"pip install -e '.[{extra_of(package)}]'"


needs_native: Final = pytest.mark.skipif(
    not required("native") and importlib.util.find_spec("qwirkle_native") is None, reason=reason("qwirkle_native")
)
"""Marks a test that plays the native engine: skipped without it, unless this run must have the ``native`` extra."""


def require(name: str) -> ModuleType:
    """The module ``name``, or a skip of the calling test module without it (an error where its extra is required)."""
    if required(extra_of(name)):
        return importlib.import_module(name)
    module: ModuleType = pytest.importorskip(name, reason=reason(name))
    return module


def missing_extra_package(error: ImportError) -> str | None:
    """The package of an optional extra whose absence ``error`` reports, else ``None``.

    >>> missing_extra_package(ModuleNotFoundError("No module named 'numpy.typing'", name="numpy.typing"))
    'numpy'
    >>> missing_extra_package(ModuleNotFoundError("No module named 'qwirkle.nowhere'", name="qwirkle.nowhere"))
    """
    if isinstance(error, ModuleNotFoundError):
        package = (error.name or "").partition(".")[0]
        if package in EXTRAS:
            return package
    return None


def import_library_module(name: str) -> ModuleType:
    """The library's module ``name``, or a skip of the calling test if it needs a missing optional package.

    The skip names the package and its extra; where that extra is required, the import error stands.
    """
    try:
        return importlib.import_module(name)
    except ImportError as error:
        package = missing_extra_package(error)
        if package is None or required(extra_of(package)):
            raise
        pytest.skip(f"{name} needs {package}, which is not installed: {install(package)}")


def imported_packages(source: str) -> tuple[str, ...]:
    """The top-level packages a module imports when it is loaded.

    Imports in functions and classes are left out, and so are those under ``if TYPE_CHECKING:``;
    those in a ``try``, an ``if`` or a ``with`` at the top level count.

    >>> imported_packages('''
    ... import numpy.typing as npt
    ... try:
    ...     from pyspiel import Game
    ... except ImportError:
    ...     Game = None
    ... if TYPE_CHECKING:
    ...     import ray
    ... def play():
    ...     import dask
    ... ''')
    ('numpy', 'pyspiel')
    """
    found: dict[str, None] = {}

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.update(dict.fromkeys(alias.name.partition(".")[0] for alias in node.names))
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found[node.module.partition(".")[0]] = None
            elif isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, (ast.Try, ast.TryStar)):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.With):
                visit(node.body)

    visit(ast.parse(source).body)
    return tuple(found)


@cache
def missing_package(path: Path) -> str | None:
    """A package the file ``path`` imports that is missing and that this run may go without, else ``None``."""
    try:
        packages = imported_packages(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None  # collected as usual, so that pytest reports what is wrong with the file
    for package in packages:
        extra = EXTRAS.get(package)
        if extra is not None and not required(extra) and importlib.util.find_spec(package) is None:
            return package
    return None


class MissingPackageFile(pytest.File):
    """A source file whose examples need a missing optional package: collected as one skip that says so."""

    package = ""

    def collect(self) -> Iterable[pytest.Item | pytest.Collector]:
        """Skip the file, naming the package and its extra."""
        pytest.skip(reason(self.package))


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    """Collect a file that imports a missing optional package as one skip, instead of failing to import it."""
    collected = yield
    if file_path.suffix != ".py" or not collected:
        return collected
    package = missing_package(file_path)
    if package is None:
        return collected
    skipped = MissingPackageFile.from_parent(parent, path=file_path)
    skipped.package = package
    return [skipped]
