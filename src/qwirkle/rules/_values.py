"""The values the rule catalogue is made of, under the name of the module that once held them.

They are defined, documented and named in :mod:`qwirkle.rules.catalogue`; this
module only keeps the name ``qwirkle.rules._values`` importable.
"""

from __future__ import annotations

from qwirkle.rules.catalogue import DOCUMENTS, Choice, Document, Link, RuleEntry, Source

__all__ = ["DOCUMENTS", "Choice", "Document", "Link", "RuleEntry", "Source"]
