"""The listing of Qwirkle Cards' lays one by one, internal now.

The old names work until the next release, each use with a :class:`DeprecationWarning`.
"""

from qwirkle._moved import moved_names

__getattr__ = moved_names(
    __name__,
    {
        "brute_force": "qwirkle.cards._search.listing.brute_force",
        "partitions": "qwirkle.cards._search.listing.partitions",
        "sub_multisets": "qwirkle.cards._search.listing.sub_multisets",
    },
)
