"""Names that moved or were renamed keep working for one release, with a warning that says where they went.

A module that a name left keeps a module-level ``__getattr__`` built here: the
old name still imports, pickles made before the move still load, and each use
warns (:class:`DeprecationWarning`) naming the new place.

>>> import sys, types, warnings
>>> old = types.ModuleType("qwirkle.old_home")
>>> old.__getattr__ = moved_names("qwirkle.old_home", {"Colours": "qwirkle.tiles.Colour"})
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     found = old.Colours
>>> from qwirkle.tiles import Colour
>>> found is Colour
True
>>> print(caught[0].message)
qwirkle.old_home.Colours is deprecated and will be removed in the next release: use qwirkle.tiles.Colour
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping

__all__ = ["moved_names"]


def moved_names(old: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``old``: each name of ``homes`` warns, then gives the object at its new path.

    ``homes`` maps each old name to the dotted path of what replaces it (its
    module, then its name there). A path with a part that starts with an
    underscore is internal: the warning says the name leaves the public API.
    Any other name raises :class:`AttributeError`, as a module without
    ``__getattr__`` would.

    >>> find = moved_names("qwirkle.old_home", {"Colours": "qwirkle.tiles.Colour"})
    >>> find("Shapes")
    Traceback (most recent call last):
    ...
    AttributeError: module 'qwirkle.old_home' has no attribute 'Shapes'
    """
    targets = dict(homes)

    def __getattr__(name: str) -> object:  # noqa: N807 (the name Python looks up on a module)
        target = targets.get(name)
        if target is None:
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        module, _, attribute = target.rpartition(".")
        if any(part.startswith("_") for part in target.split(".")):
            advice = f"it is internal now ({target})"
        else:
            advice = f"use {target}"
        warnings.warn(
            f"{old}.{name} is deprecated and will be removed in the next release: {advice}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(module), attribute)

    return __getattr__
