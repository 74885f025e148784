"""The README's quick start and set-up commands are part of the contract: check them."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_quick_start_runs() -> None:
    results = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 5
    assert results.failed == 0


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = "python3 -m venv .venv && .venv/bin/pip install -e '.[dev,rl]' && .venv/bin/python -m pytest"
    assert command in readme
    assert command.replace("python3", "$PY") in ci
