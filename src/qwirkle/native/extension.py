"""Where the native engine is: the compiled extension ``qwirkle_native``, imported on first use."""

from __future__ import annotations

from types import ModuleType
from typing import Final

__all__ = ["INSTALL_HINT", "available", "native_module"]

INSTALL_HINT: Final = "pip install 'qwirkle[native]' (or, from a checkout of the repository, pip install ./native)"
"""How to install the native engine."""


def native_module() -> ModuleType:
    """The compiled extension, imported on first use; :class:`ImportError` naming how to install it if missing.

    >>> not available() or hasattr(native_module(), "Game")
    True
    """
    try:
        from qwirkle_native import _native
    except ImportError as error:
        raise ImportError(f"the native engine qwirkle-native is not installed: {INSTALL_HINT}") from error
    return _native


def available() -> bool:
    """Whether the native engine is installed.

    >>> isinstance(available(), bool)
    True
    """
    try:
        native_module()
    except ImportError:
        return False
    return True
