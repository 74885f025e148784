"""Sphinx extension: classes built on a stand-in package show their own signature.

``autodoc_mock_imports`` (see ``conf.py``) lets the pages document the
OpenSpiel adapter where OpenSpiel is not installed: autodoc imports the
adapter against a stand-in of ``pyspiel``. A class built on a stand-in class
inherits the stand-in's ``__new__(*args, **kwargs)``, which autodoc would show
as the class's signature; the class is made with its own ``__init__``, so
that is the signature shown, as where the real package is installed.
"""

from __future__ import annotations

import inspect
from typing import Any

from sphinx.application import Sphinx
from sphinx.util.inspect import stringify_signature

__all__ = ["class_signature", "init_signature", "is_built_on_a_stand_in"]


def is_built_on_a_stand_in(obj: object) -> bool:
    """Whether ``obj`` is a class with a stand-in class of ``autodoc_mock_imports`` among its bases."""
    # Every stand-in class carries this marker, and a class built on one inherits it.
    return isinstance(obj, type) and getattr(obj, "__sphinx_mock__", None) is True


def init_signature(cls: type, *, annotations: bool) -> str:
    """The parameters of ``cls.__init__`` after ``self``, as autodoc writes a class's signature.

    >>> class Game:
    ...     def __init__(self, params: dict[str, int] | None = None) -> None: ...
    >>> init_signature(Game, annotations=False)
    '(params=None)'
    """
    # Python's own reading of a class takes the first __init__ or __new__ along the MRO, so the class's
    # __init__ wins over the stand-in's __new__ further up.
    signature = inspect.signature(cls).replace(return_annotation=inspect.Signature.empty)
    return stringify_signature(signature, show_annotation=annotations, show_return_annotation=False)


def class_signature(
    app: Sphinx, what: str, name: str, obj: object, options: object, signature: str | None, return_annotation: str
) -> tuple[str, str] | None:
    """The signature of a class built on a stand-in: its ``__init__``'s, not the stand-in's ``__new__``'s."""
    if what != "class" or not isinstance(obj, type) or not is_built_on_a_stand_in(obj):
        return None
    annotations = app.config.autodoc_typehints in ("signature", "both")
    return init_signature(obj, annotations=annotations), return_annotation


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the signature handler."""
    app.connect("autodoc-process-signature", class_signature)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
