"""A Sphinx directive that writes the rules page from the rule catalogue in code.

``.. qwirkle-rules::`` renders every :class:`qwirkle.Rule` with an anchor
(``rule-place-2``), its ID and its statement, so the page cannot drift from
the code.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

from qwirkle import Rule

_SECTIONS = {
    "TILES": "Components",
    "SETUP": "Setup",
    "START": "Starting the game",
    "TURN": "Turn structure",
    "PLACE": "Placement geometry",
    "LINE": "Lines",
    "SCORE": "Scoring",
    "EXCHANGE": "Exchange",
    "END": "End of game",
}


class RulesDirective(Directive):
    """Render the rule catalogue, grouped by family."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for family, title in _SECTIONS.items():
            section = nodes.section(ids=[f"rules-{family.lower()}"])
            section += nodes.title(text=f"{title} ({family})")
            items = nodes.definition_list()
            for rule in Rule:
                if rule.value.split("-")[0] != family:
                    continue
                item = nodes.definition_list_item(ids=[f"rule-{rule.value.lower()}"])
                item += nodes.term(text=rule.value)
                body = nodes.definition()
                body += nodes.paragraph(text=rule.statement)
                item += body
                items += item
            section += items
            out.append(section)
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("qwirkle-rules", RulesDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
