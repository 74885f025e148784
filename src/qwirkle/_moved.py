"""Names and modules that moved or were renamed keep working for one release, with a warning that says where they went.

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

A module that left its old path altogether leaves no file behind: it is in
:data:`MOVED_MODULES` (the whole module moved) or :data:`MOVED_NAMES` (its
names went to several places), and a finder at the end of
:data:`sys.meta_path`, installed by ``import qwirkle``, makes the old module
on demand, with such a ``__getattr__``:

>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from qwirkle.notation import parse_move
>>> print(caught[0].message)  # doctest: +NORMALIZE_WHITESPACE
qwirkle.notation.parse_move is deprecated and will be removed in the next release:
use qwirkle.formats.notation.parse_move
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Final, ParamSpec, TypeVar

__all__ = ["MOVED_MODULES", "MOVED_NAMES", "deprecated_member", "install", "moved_names", "package_getattr"]

_P = ParamSpec("_P")
_R = TypeVar("_R")

MOVED_MODULES: Final[Mapping[str, str]] = {
    "qwirkle.anchors": "qwirkle._engine.anchors",
    "qwirkle.backends": "qwirkle.matches.backends",
    "qwirkle.backends.dask": "qwirkle.matches.backends.dask",
    "qwirkle.backends.processes": "qwirkle.matches.backends.processes",
    "qwirkle.backends.ray": "qwirkle.matches.backends.ray",
    "qwirkle.backends.window": "qwirkle.matches.backends.window",
    "qwirkle.botgame": "qwirkle.bots.play",
    "qwirkle.botspec": "qwirkle.bots.spec",
    "qwirkle.builder": "qwirkle.interface.builder",
    "qwirkle.catalogue": "qwirkle.rules.catalogue",
    "qwirkle.events": "qwirkle.interface.events",
    "qwirkle.frontier": "qwirkle._engine.frontier",
    "qwirkle.geometry": "qwirkle._engine.geometry",
    "qwirkle.immutable": "qwirkle._immutable",
    "qwirkle.limits": "qwirkle.rules.limits",
    "qwirkle.lines": "qwirkle._engine.lines",
    "qwirkle.match_log": "qwirkle.matches.log",
    "qwirkle.match_stats": "qwirkle.matches.stats",
    "qwirkle.movegen": "qwirkle._engine.movegen",
    "qwirkle.notation": "qwirkle.formats.notation",
    "qwirkle.position_notation": "qwirkle.formats.position_notation",
    "qwirkle.records": "qwirkle.formats.records",
    "qwirkle.replay": "qwirkle.formats.replay",
    "qwirkle.rng": "qwirkle._rng",
    "qwirkle.ruleset": "qwirkle.rules.ruleset",
    "qwirkle.sampling": "qwirkle.bots.sampling",
    "qwirkle.scorekeeper": "qwirkle.interface.scorekeeper",
    "qwirkle.simulate": "qwirkle.matches.simulate",
    "qwirkle.state_json": "qwirkle.formats.state_json",
    "qwirkle.views": "qwirkle.interface.views",
}
"""The modules that moved whole, by their old names: each old name of theirs is the same name at the new place."""

MOVED_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "qwirkle.cards.checks": {
        "check_players": "qwirkle.cards.state.check_players",
        "check_state": "qwirkle.cards.state.check_state",
        "position": "qwirkle.cards.game.position",
    },
    "qwirkle.cards.deal": {
        "choose_starter": "qwirkle.cards.game.choose_starter",
        "largest_series_size": "qwirkle.cards.game.largest_series_size",
        "new_game": "qwirkle.cards.game.new_game",
    },
    "qwirkle.cards.ending": {
        "CardsEndReason": "qwirkle.cards.endings.CardsEndReason",
        "CardsOutcome": "qwirkle.cards.endings.CardsOutcome",
        "end_reason": "qwirkle.cards.endings.end_reason",
        "left_game": "qwirkle.cards.endings.left_game",
        "outcome_of": "qwirkle.cards.endings.outcome_of",
    },
    "qwirkle.cards.legal": {
        "LegalCardMoves": "qwirkle.cards.legalmoves.CardsLegalMoves",
        "legal_moves": "qwirkle.cards.legalmoves.legal_moves",
    },
    "qwirkle.cards.lines": {
        "LINES_OF": "qwirkle.cards._search.lines.LINES_OF",
        "LINE_CELLS": "qwirkle.cards._search.lines.LINE_CELLS",
        "deal_line": "qwirkle.cards._search.lines.deal_line",
        "line_ok": "qwirkle.cards._search.lines.line_ok",
        "line_qwirkles": "qwirkle.cards._search.lines.line_qwirkles",
    },
    "qwirkle.cards.listing": {
        "brute_force": "qwirkle.cards._search.listing.brute_force",
        "partitions": "qwirkle.cards._search.listing.partitions",
        "sub_multisets": "qwirkle.cards._search.listing.sub_multisets",
    },
    "qwirkle.cards.rules": {
        "BlockedAction": "qwirkle.cards.ruleset.BlockedAction",
        "CardsRuleSet": "qwirkle.cards.ruleset.CardsRuleSet",
        "COPIES": "qwirkle.cards.ruleset.COPIES",
        "DECK_SIZE": "qwirkle.cards.ruleset.DECK_SIZE",
        "MAX_PLAYERS": "qwirkle.cards.ruleset.MAX_PLAYERS",
        "MIN_PLAYERS": "qwirkle.cards.ruleset.MIN_PLAYERS",
        "SERIES_MAX": "qwirkle.cards.ruleset.SERIES_MAX",
        "StartTiebreak": "qwirkle.cards.ruleset.StartTiebreak",
    },
    "qwirkle.cards.search": {
        "Goal": "qwirkle.cards._search.plans.Goal",
        "Plan": "qwirkle.cards._search.plans.Plan",
        "best_plan": "qwirkle.cards._search.plans.best_plan",
        "brute_force": "qwirkle.cards._search.plans.brute_force",
        "can_lay_between": "qwirkle.cards._search.plans.can_lay_between",
        "can_lay_counts": "qwirkle.cards._search.plans.can_lay_counts",
        "feasible_counts": "qwirkle.cards._search.plans.feasible_counts",
        "largest_sets": "qwirkle.cards._search.plans.largest_sets",
        "layable_sets": "qwirkle.cards._search.plans.layable_sets",
        "partitions": "qwirkle.cards._search.plans.partitions",
        "plan_for": "qwirkle.cards._search.plans.plan_for",
        "sub_multisets": "qwirkle.cards._search.plans.sub_multisets",
    },
    "qwirkle.cards.solver": {
        "NPAIRS": "qwirkle.cards._search.solver.NPAIRS",
        "PAIRS": "qwirkle.cards._search.solver.PAIRS",
        "Solver": "qwirkle.cards._search.solver.Solver",
        "feasible_counts": "qwirkle.cards._search.solver.feasible_counts",
    },
    "qwirkle.cards.turns": {
        "CardsScore": "qwirkle.cards.scoring.CardsScore",
        "CardsTurn": "qwirkle.cards.scoring.CardsTurn",
        "nothing_laid": "qwirkle.cards.scoring.nothing_laid",
    },
    "qwirkle.cards.view": {
        "CardsSpectatorView": "qwirkle.cards.views.CardsSpectatorView",
        "CardsView": "qwirkle.cards.views.CardsPlayerView",
    },
}
"""The modules whose names went to several places: for each old name, the dotted path of what replaces it."""


def _warn(old: str, name: str, target: str) -> None:
    """Say that ``old.name`` is deprecated and what replaces it, at the line that used it."""
    if any(part.startswith("_") for part in target.split(".")):
        advice = f"it is internal now ({target})"
    else:
        advice = f"use {target}"
    warnings.warn(
        f"{old}.{name} is deprecated and will be removed in the next release: {advice}",
        DeprecationWarning,
        stacklevel=3,
    )


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
        _warn(old, name, target)
        return getattr(importlib.import_module(module), attribute)

    return __getattr__


def _moved_module(old: str, new: str) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``old``, which moved whole to ``new``: its public names, with a warning."""

    def __getattr__(name: str) -> object:  # noqa: N807 (the name Python looks up on a module)
        if name.startswith("_") or not hasattr(module := importlib.import_module(new), name):
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        _warn(old, name, f"{new}.{name}")
        return getattr(module, name)

    return __getattr__


class _Loader(importlib.abc.Loader):
    """Makes the module of an old path: no name of its own, each one found where it went."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        old = module.__name__
        new = MOVED_MODULES.get(old)
        if new is not None:
            module.__doc__ = f"Moved to :mod:`{new}`: this old path still works, with a warning, for one release."
            module.__getattr__ = _moved_module(old, new)  # type: ignore[method-assign]
        else:
            module.__doc__ = "Its names moved: this old path still works, with a warning, for one release."
            module.__getattr__ = moved_names(old, MOVED_NAMES[old])  # type: ignore[method-assign]
        if any(name.startswith(old + ".") for name in (*MOVED_MODULES, *MOVED_NAMES)):
            module.__path__ = []  # an old package: its old modules are found through it


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the old paths, once every other finder has found nothing."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED_MODULES and fullname not in MOVED_NAMES:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader())


def install() -> None:
    """Answer for the old paths from now on (once, however often it is called)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.append(_Finder())


def package_getattr(package: str) -> Callable[[str], ModuleType]:
    """A package's ``__getattr__`` that gives its old modules as attributes, as once when they were imported with it."""

    def __getattr__(name: str) -> ModuleType:  # noqa: N807 (the name Python looks up on a module)
        old = f"{package}.{name}"
        if old not in MOVED_MODULES and old not in MOVED_NAMES:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return importlib.import_module(old)

    return __getattr__


def deprecated_member(owner: str, name: str, does: Callable[_P, _R], advice: str) -> Callable[_P, _R]:
    """A method ``owner.name`` that warns it is deprecated (``advice`` says what to do instead), then calls ``does``.

    Wrapped in :class:`property`, it makes a deprecated attribute.

    >>> class Box:
    ...     size = property(deprecated_member("Box", "size", len, "use len(box)"))
    ...     def __len__(self):
    ...         return 3
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     found = Box().size
    >>> found, str(caught[0].message)
    (3, 'Box.size is deprecated and will be removed in the next release: use len(box)')
    """

    def member(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        warnings.warn(
            f"{owner}.{name} is deprecated and will be removed in the next release: {advice}",
            DeprecationWarning,
            stacklevel=2,
        )
        return does(*args, **kwargs)

    member.__name__ = name
    member.__qualname__ = f"{owner}.{name}"
    member.__doc__ = f"Deprecated, and removed in the next release: {advice}."
    return member
