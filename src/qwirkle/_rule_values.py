"""The values the rule catalogue is made of, and the documents its rules are cited to.

:mod:`qwirkle.catalogue` is the public face of these values: the records of
the rules are in :mod:`qwirkle._rule_data`, which is built from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from qwirkle.immutable import Immutable

__all__ = ["DOCUMENTS", "Choice", "Document", "RuleEntry", "Source"]


@attrs.frozen
class Document(Immutable):
    """A document the rules are cited to: one of the seed files, or another public source.

    >>> DOCUMENTS["S000"].label
    '000_375d64aa8eb286b4.txt'
    >>> DOCUMENTS["MW-CUR"].label
    'MW-CUR'
    """

    key: str
    """The short key citations use, such as ``"S000"`` or ``"MW-CUR"``."""
    title: str
    """What the document is."""
    reliability: str
    """How far the document can be trusted, in a few words."""
    file: str = ""
    """For a seed document, its file name in the project's seed folder."""
    where: str = ""
    """Where the document, or the copies it is known from, can be found."""

    @property
    def label(self) -> str:
        """How a citation names the document: its file name for a seed, else its key."""
        return self.file or self.key

    @property
    def is_seed(self) -> bool:
        """Whether the document is one of the project's seed files (the primary sources)."""
        return bool(self.file)


@attrs.frozen
class Source(Immutable):
    """A citation: a document, the place in it, and a short phrase quoted from it.

    >>> source = Source("S003", "Calcolo dei punti", "vince 6 punti extra")
    >>> source.document.is_seed
    True
    >>> str(source)
    '003_57b3a0e4e88be43c.txt, Calcolo dei punti: "vince 6 punti extra"'
    """

    key: str
    """The key of the document in :data:`DOCUMENTS`."""
    where: str = ""
    """The page or section, as the document gives it (``"Livret p. 2, Fin de la partie"``)."""
    quote: str = ""
    """A short phrase quoted from the document, or ``""``."""

    @property
    def document(self) -> Document:
        """The document cited."""
        return DOCUMENTS[self.key]

    def __str__(self) -> str:
        text = self.document.label
        if self.where:
            text += f", {self.where}"
        if self.quote:
            text += f': "{self.quote}"'
        return text


@attrs.frozen
class Choice(Immutable):
    """How the library settles a question on which the sources disagree or say nothing.

    The options that change it are those of the rules it settles
    (:attr:`qwirkle.Rule.options`).

    >>> from qwirkle import Rule
    >>> choice = Rule.START_3.choice
    >>> choice.ref, choice.official
    ('A1', True)
    """

    ref: str
    """The question's number in the catalogue's list of ambiguities (``"A1"``, ``"C2"``), or ``""``."""
    question: str
    """The question the sources leave open."""
    sources_say: str
    """What each source says, or that none says anything."""
    default: str
    """What the library does by default."""
    official: bool = True
    """``False`` where no rulebook makes the choice: a safeguard of the library, or a house rule."""


@attrs.frozen
class RuleEntry(Immutable):
    """One rule of the catalogue: its ID and, together, everything the catalogue says about it.

    The options that change the rule are not written here: each option
    names its rules where it is declared, on its field of the rule set
    (:attr:`qwirkle.Rule.options` reads them there).

    >>> entry = RuleEntry("LINE-3", "No line may contain two identical tiles.")
    >>> entry.sources, entry.choice, entry.note
    ((), None, '')
    """

    id: str
    """The rule's stable ID, such as ``"PLACE-2"``."""
    statement: str
    """The rule in one sentence, in the catalogue's own words."""
    sources: tuple[Source, ...] = ()
    """The documents that state the rule, each with the place in it; empty if none does."""
    choice: Choice | None = None
    """What the library does where the sources disagree on the rule or say nothing, else ``None``."""
    note: str = ""
    """A remark on how the rule relates to others or to the sources, or ``""``."""


def _documents(*documents: Document) -> Mapping[str, Document]:
    return MappingProxyType({document.key: document for document in documents})


DOCUMENTS: Final[Mapping[str, Document]] = _documents(
    Document(
        "S000",
        "French rules, a reworded copy of the official booklet (Meepl); each section names its booklet page",
        "secondary: a reworded copy of the official French booklet",
        file="000_375d64aa8eb286b4.txt",
    ),
    Document(
        "S001",
        "French rules summary, with a list of common errors in Dutch; no page references",
        "secondary summary",
        file="001_5c998aed91a556ef.txt",
    ),
    Document(
        "S002",
        'French "Règles du Qwirkle : comment jouer", the promotional page of a scoring app, '
        "with a list of frequent errors; no page references",
        "secondary summary",
        file="002_cd8eda11fe898290.txt",
    ),
    Document(
        "S003",
        "Italian rulebook text; the captions of its figures are damaged; no page references",
        "close to the rulebook, but damaged",
        file="003_57b3a0e4e88be43c.txt",
    ),
    Document(
        "S004",
        "French catalogue text (Bibliojeu) about Qwirkle Cartes, the colour-blind edition, with questions and answers",
        "secondary summary",
        file="004_efe1fd509bd5ebce.txt",
    ),
    Document(
        "MW-CUR",
        "The current MindWare English rulebook (Object, Playing the Game, Placing Tiles, Scoring, "
        "Ending the Game, Strategy Tips), known only through reproductions",
        "official text, seen through reproductions",
        where="github:Seifeldin-Sabry/Qwirkle (RulesView.java and the rulebook's figures); "
        "ttpm.com review of MindWare Travel Qwirkle",
    ),
    Document(
        "MW-OLD",
        'The earlier MindWare English text ("On your turn, do one of three things")',
        "secondary paraphrases of official text",
        where="geekyhobbies.com/qwirkle-rules; ultraboardgames.com/qwirkle/game-rules.php; github:rflatley441/SE4",
    ),
    Document(
        "IELLO",
        "The French Iello edition: the publisher's worked example and an English translation of its rules",
        "secondary",
        where="sanctuary.fr/fiche/58965; gamerules.com/rules/qwirkle",
    ),
    Document(
        "DE",
        "German summaries of the Schmidt Spiele rules (the Schmidt rulebook itself was not found)",
        "secondary",
        where="spieletest.at, poeppelkiste.de, ludorium.at, boardbattle.de, spieletippsvonflors.de, mieze-merle.de",
    ),
    Document(
        "WIKIHOW",
        "The wikiHow article on playing Qwirkle, cited for its worked examples",
        "secondary",
    ),
    Document(
        "CUBES",
        "The rules of Qwirkle Cubes, a different game of the family, cited only for comparison",
        "a different game",
        where="ultraboardgames.com/qwirkle/qwirkle-cubes.php",
    ),
    Document(
        "BGUK",
        "A review of Qwirkle Travel on board-game.co.uk",
        "secondary",
    ),
    Document(
        "REAYJESPERSEN",
        "A blog post on reayjespersen.com on house rules for Qwirkle, among them playing to a score limit",
        "a house rule, not a rulebook",
        where="reayjespersen.com",
    ),
    Document(
        "BGG",
        "The BoardGameGeek description of Qwirkle Cards, as translated on ludonauta.es (Spanish) "
        "and spelplaats.com (Dutch)",
        "secondary",
        where="ludonauta.es/juegos-mesas/qwirkle-cards-2015; spelplaats.com/qwirkle-cards.php",
    ),
    Document(
        "RUMMY",
        'A UK paraphrase of the MindWare rulebook of Qwirkle Cards, sold as "Qwirkle Rummy"',
        "secondary",
        where="thegiftandgadgetstore.com/product/qwirkle-rummy-mix-match-switch-win",
    ),
    Document(
        "LUDOVOX",
        "ludovox.fr on the Schmidt multilingual edition of Qwirkle Cards",
        "secondary",
        where="ludovox.fr/qwirkle-cards-arrive",
    ),
    Document(
        "TRYAGAME",
        "tryagame.fr, a review of Iello's Qwirkle Cartes",
        "secondary",
    ),
    Document(
        "OFFTHEWAGON",
        "offthewagonshop's product page for Qwirkle Cards",
        "secondary; its description of the play contradicts the other sources",
    ),
)
"""Every document the catalogue cites, by key: the five seed files first, then the other sources."""
