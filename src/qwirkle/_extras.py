"""The optional parts of the library and the extras that install what they need.

The core needs attrs alone; the adapters, the test kit and the Dask and Ray
backends need more, each brought by an extra (``pip install 'qwirkle[...]'``).
Every part that misses a package of its extra says so in the same words, with
the command that installs it.
"""

from __future__ import annotations

__all__ = ["missing_extra", "missing_extra_error"]


def missing_extra(what: str, needed: str, extra: str, error: ImportError) -> str:
    """Why ``what`` cannot run: it needs ``needed``, which the ``extra`` installs; ``error`` is what the import raised.

    >>> print(missing_extra("the ray backend", "Ray", "ray", ModuleNotFoundError("No module named 'ray'")))
    the ray backend needs Ray (No module named 'ray'): pip install 'qwirkle[ray]'
    """
    return f"{what} needs {needed} ({error}): pip install 'qwirkle[{extra}]'"


def missing_extra_error(module: str, needed: str, extra: str, error: ImportError) -> ImportError:
    """What importing ``module`` raises when a package of its ``extra`` fails to import (see :func:`missing_extra`).

    It is of the class of ``error`` (a ``ModuleNotFoundError`` for a missing
    package) and names the same package, for code that looks for them, but
    it tells what to install.

    >>> missing = ModuleNotFoundError("No module named 'hypothesis'", name="hypothesis")
    >>> error = missing_extra_error("qwirkle.testing", "hypothesis", "testing", missing)
    >>> print(error)
    qwirkle.testing needs hypothesis (No module named 'hypothesis'): pip install 'qwirkle[testing]'
    >>> error.name
    'hypothesis'
    """
    kind = ModuleNotFoundError if isinstance(error, ModuleNotFoundError) else ImportError
    return kind(missing_extra(module, needed, extra, error), name=error.name)
