"""The searches of Qwirkle Cards, internal now: ask :func:`qwirkle.cards.can_lay` or the other searches.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
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
)
