"""The packages of the optional extras, for the adapters' tests: skipped without them, except in CI.

CI installs every extra (``pip install -e '.[dev,rl]'``), so there a missing
package is a failure, not a skip.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

IN_CI = os.environ.get("CI") == "true"


def require(name: str) -> ModuleType:
    """The module ``name``, or a skip of the calling test module if it is not installed (an error in CI)."""
    if IN_CI:
        return importlib.import_module(name)
    module: ModuleType = pytest.importorskip(name, reason=f"{name} is not installed: pip install -e '.[rl]'")
    return module
