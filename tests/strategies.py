"""Example counts for the test suite's hypothesis profiles; the strategies themselves are :mod:`qwirkle.testing`."""

from __future__ import annotations

from hypothesis import settings


def examples(count: int) -> int:
    """``count`` examples under the default profile, scaled like the profile loaded (quick, thorough)."""
    return max(1, count * settings().max_examples // 100)
