"""Collection of the source tree's doctests: the adapters' modules need their extras.

A source file that imports a package of an extra that is not installed is
skipped, and the skip names the extra to install; where the extra is required
(CI installs every extra) it is an error instead. ``tests/optional.py`` decides.
"""

from __future__ import annotations

pytest_plugins = ["tests.optional"]
