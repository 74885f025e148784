"""Check the citations of the rule catalogue against the seed documents, which are not in the repository.

The seeds live in the project's shared folder next to the repository
(``../shared/seeds``), not in a clone, so the test suite cannot read them; CI
runs this where the folder exists. For every rule, each quote from a seed is
in that seed (pieces joined by ``[...]`` in order), and a citation of seed
000 gives the booklet page that the seed gives for its section.

Usage: ``python .ci/check_shared.py ../shared``; the exit status is 1 when a
citation does not hold, and each one is printed.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from qwirkle import Rule
from qwirkle.rules.catalogue import DOCUMENTS


def normal(text: str) -> str:
    """``text`` with its runs of white space made single spaces and its curly apostrophes straight."""
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip()


def booklet_pages(text: str) -> dict[str, str]:
    """Seed 000's sections, each followed by the booklet page it comes from, as title -> page."""
    parts = re.split(r"Livret, page (\d+)", text)
    return {parts[i].strip().splitlines()[0].strip(): parts[i + 1] for i in range(0, len(parts) - 1, 2)}


def problems(seeds: Path) -> list[str]:
    """Every citation of a seed that the seed does not bear out."""
    found = []
    texts = {
        key: (seeds / document.file).read_text(encoding="utf-8")
        for key, document in DOCUMENTS.items()
        if document.is_seed
    }
    pages = booklet_pages(texts["S000"])
    if len(pages) != 8:
        found.append(f"seed 000 gives the page of {len(pages)} sections, not 8")
    for rule in Rule:
        for source in rule.sources:
            if source.key == "S000":
                match = re.fullmatch(r"p\. (\d+), (.+)", source.where)
                if match is None or pages.get(match.group(2)) != match.group(1):
                    found.append(f"{rule.value}: {source} does not give the page of its section in seed 000")
            if source.key not in texts or not source.quote:
                continue
            text = normal(texts[source.key])
            at = 0
            for piece in source.quote.split("[...]"):
                where = text.find(normal(piece), at)
                if where < 0:
                    found.append(
                        f"{rule.value}: {source} quotes {piece.strip()!r}, which is not in the seed after that"
                    )
                    break
                at = where + len(normal(piece))
    return found


def main(argv: list[str]) -> int:
    """Check the citations against the seeds in the shared folder ``argv[1]``."""
    seeds = Path(argv[1]) / "seeds"
    found = problems(seeds)
    for problem in found:
        print(problem, file=sys.stderr)
    cited = sum(1 for rule in Rule for source in rule.sources if source.document.is_seed)
    print(f"{cited} citations of the seeds checked against {seeds}: {len(found)} wrong")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
