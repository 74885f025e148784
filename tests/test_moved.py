"""The modules that moved into sub-packages keep their old paths for one release: the same objects, with a warning."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import qwirkle
from qwirkle._moved import MOVED_MODULES, MOVED_NAMES
from tests import optional

SRC = Path(qwirkle.__file__).resolve().parent


def _a_public_name(module: str) -> str:
    found = importlib.import_module(module)
    names: list[str] = list(getattr(found, "__all__", ())) or [name for name in vars(found) if not name.startswith("_")]
    return sorted(names)[0]


@pytest.mark.parametrize(("old", "new"), sorted(MOVED_MODULES.items()))
def test_an_old_module_gives_the_new_modules_names_with_a_warning(old: str, new: str) -> None:
    optional.import_library_module(new)  # the backends' modules need their extras
    name = _a_public_name(new)
    module = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=re.escape(f"{old}.{name} is deprecated")) as caught:
        found = getattr(module, name)
    assert found is getattr(importlib.import_module(new), name)
    advice = f"it is internal now ({new}.{name})" if "._" in new else f"use {new}.{name}"
    assert str(caught[0].message).endswith(advice)
    assert caught[0].filename == __file__


def test_an_old_import_statement_still_works_and_warns() -> None:
    with pytest.warns(DeprecationWarning, match="qwirkle.notation.parse_move is deprecated"):
        from qwirkle.notation import parse_move  # type: ignore[import-not-found]
    assert parse_move is qwirkle.parse_move


def test_an_old_module_is_an_attribute_of_the_package_as_when_it_was_imported_with_it() -> None:
    with pytest.warns(DeprecationWarning, match="qwirkle.simulate.simulate is deprecated"):
        found = qwirkle.simulate.simulate
    assert found is importlib.import_module("qwirkle.matches.simulate").simulate


def test_an_old_module_refuses_a_name_it_never_had_without_a_warning() -> None:
    module = importlib.import_module("qwirkle.notation")
    with pytest.raises(AttributeError, match=re.escape("module 'qwirkle.notation' has no attribute 'no_such_name'")):
        module.no_such_name  # noqa: B018 (filterwarnings = error: a warning here would fail the test)
    with pytest.raises(AttributeError, match="has no attribute '_private'"):
        module._private  # noqa: B018
    with pytest.raises(AttributeError, match=re.escape("module 'qwirkle' has no attribute 'no_such_module'")):
        qwirkle.no_such_module  # noqa: B018


def test_no_file_stands_at_an_old_path() -> None:
    for old in (*MOVED_MODULES, *MOVED_NAMES):
        parts = old.split(".")[1:]
        assert not SRC.joinpath(*parts).with_suffix(".py").exists(), old
        assert not SRC.joinpath(*parts, "__init__.py").exists(), old


def test_a_name_that_never_was_a_module_is_still_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("qwirkle.no_such_module")


def test_a_fresh_interpreter_finds_an_old_path_after_importing_qwirkle_alone() -> None:
    code = "import warnings; warnings.simplefilter('error'); import qwirkle.geometry as g; print(g.__doc__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "qwirkle._engine.geometry" in done.stdout
