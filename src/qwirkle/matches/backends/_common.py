"""What the backends share: the check of a count of workers, and the import of the extra a backend needs."""

from __future__ import annotations

import importlib
from typing import Any

import attrs

from qwirkle._extras import missing_extra
from qwirkle.errors import BackendError

__all__ = ["import_extra", "optional_positive", "positive"]


def positive(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: a positive int; else :class:`~qwirkle.errors.BackendError` (``TypeError`` if not an int)."""
    if type(value) is not int:
        raise TypeError(f"{attribute.name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise BackendError(f"{attribute.name} must be a positive int, not {value!r}")


def optional_positive(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``value`` is ``None`` (the default size) or, as :func:`positive` checks, a positive int."""
    if value is not None:
        positive(instance, attribute, value)


def import_extra(module: str, backend: str, needed: str, extra: str) -> Any:
    """The module ``module`` of the ``extra`` that ``backend`` needs; :class:`~qwirkle.errors.BackendError` if missing.

    Imported by name, so that type-checking this library needs none of the
    extras and reads none of them.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise BackendError(missing_extra(f"the {backend} backend", needed, extra, error)) from None
