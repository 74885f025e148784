"""Collection of the source tree's doctests: the adapters' modules need their extras.

Outside CI an adapter whose package is not installed is left out, and
pytest says so; CI installs every extra, so there nothing is left out.
"""

from __future__ import annotations

import importlib.util
import os

_NEEDS = {
    "src/qwirkle/adapters/observation.py": "numpy",
    "src/qwirkle/adapters/pettingzoo.py": "pettingzoo",
    "src/qwirkle/adapters/gymnasium.py": "gymnasium",
    "src/qwirkle/adapters/openspiel.py": "pyspiel",
}

collect_ignore = (
    []
    if os.environ.get("CI") == "true"
    else [path for path, module in _NEEDS.items() if importlib.util.find_spec(module) is None]
)
