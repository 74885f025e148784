"""Shared test settings: hypothesis profiles sized for a 2-core machine."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("quick", parent=settings.get_profile("default"), max_examples=10)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=1000)
settings.load_profile(os.environ.get("QWIRKLE_HYPOTHESIS_PROFILE", "default"))
