"""The branch and bound of Qwirkle Cards' searches, internal now.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "NPAIRS": "qwirkle.cards._search.solver.NPAIRS",
        "PAIRS": "qwirkle.cards._search.solver.PAIRS",
        "Solver": "qwirkle.cards._search.solver.Solver",
        "feasible_counts": "qwirkle.cards._search.solver.feasible_counts",
    },
)
