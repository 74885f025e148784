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

__all__ = ["DOCUMENTS", "Choice", "Document", "Link", "RuleEntry", "Source"]


@attrs.frozen
class Link(Immutable):
    """A web page where a document, or a copy of it, can be read.

    >>> DOCUMENTS["IELLO"].links[0]
    Link(text='sanctuary.fr', url='https://www.sanctuary.fr/fiche/58965/')
    """

    text: str
    """What the link says: the site, and the page where it helps."""
    url: str
    """The address."""


@attrs.frozen
class Document(Immutable):
    """A document the rules are cited to: one of the seed files, or another public source.

    >>> DOCUMENTS["S000"].label
    'Official booklet, reworded (French)'
    >>> DOCUMENTS["S000"].is_seed, DOCUMENTS["MW-CUR"].is_seed
    (True, False)
    """

    key: str
    """The short key citations use, such as ``"S000"`` or ``"MW-CUR"``."""
    name: str
    """The document's title, short, as a citation names it (``"Official booklet, reworded (French)"``)."""
    title: str
    """What the document is, in a sentence."""
    reliability: str
    """How far the document can be trusted, in a few words."""
    file: str = ""
    """For a seed document, its file name in the project's seed folder (the seeds are not shipped)."""
    where: str = ""
    """Where else the document, or the copies it is known from, can be found, in words."""
    links: tuple[Link, ...] = ()
    """Web pages where the document, or a copy of it, can be read."""

    @property
    def label(self) -> str:
        """How a citation names the document: its :attr:`name`."""
        return self.name

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
    'Rulebook text (Italian), Calcolo dei punti: "vince 6 punti extra"'
    """

    key: str
    """The key of the document in :data:`DOCUMENTS`."""
    where: str = ""
    """The page or section, as the document gives it (``"p. 2, Fin de la partie"``)."""
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
    >>> entry.explanation, entry.sources, entry.choice, entry.note
    ('', (), None, '')
    """

    id: str
    """The rule's stable ID, such as ``"PLACE-2"``."""
    statement: str
    """The rule in one sentence, in the catalogue's own words."""
    explanation: str = ""
    """The rule in plain words, for a player: a sentence or two."""
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
        "Official booklet, reworded (French)",
        'The rules of the official French booklet, reworded by Meepl ("Livret officiel, reformulé par Meepl"); '
        "each section names its booklet page",
        "secondary: a reworded copy of the official French booklet",
        file="000_375d64aa8eb286b4.txt",
    ),
    Document(
        "S001",
        "Rules summary (French, with common errors in Dutch)",
        "A French summary of the rules, with a list of common errors in Dutch; no page references",
        "secondary summary",
        file="001_5c998aed91a556ef.txt",
    ),
    Document(
        "S002",
        "Règles du Qwirkle : comment jouer (French)",
        "The rules as told on the promotional page of a scoring app, with a list of frequent errors; "
        "no page references",
        "secondary summary",
        file="002_cd8eda11fe898290.txt",
    ),
    Document(
        "S003",
        "Rulebook text (Italian)",
        "The text of the Italian rulebook; the captions of its figures are damaged; no page references",
        "close to the rulebook, but damaged",
        file="003_57b3a0e4e88be43c.txt",
    ),
    Document(
        "S004",
        "Qwirkle Cartes, colour-blind edition (Bibliojeu, French)",
        "A French catalogue text (Bibliojeu) about Qwirkle Cartes, the colour-blind edition, with questions "
        "and answers",
        "secondary summary",
        file="004_efe1fd509bd5ebce.txt",
    ),
    Document(
        "MW-CUR",
        "MindWare rulebook (English)",
        "The current MindWare English rulebook (Object, Playing the Game, Placing Tiles, Scoring, "
        "Ending the Game, Strategy Tips), known only through reproductions",
        "official text, seen through reproductions",
        where="a public repository reproduces the text (RulesView.java) and the rulebook's figures",
        links=(
            Link("GitHub: Seifeldin-Sabry/Qwirkle", "https://github.com/Seifeldin-Sabry/Qwirkle"),
            Link("ttpm.com, review of MindWare Travel Qwirkle", "https://ttpm.com/products/view.php?product_id=5381"),
        ),
    ),
    Document(
        "MW-OLD",
        "MindWare rulebook, earlier text (English)",
        'The earlier MindWare English text ("On your turn, do one of three things"), known through paraphrases',
        "secondary paraphrases of official text",
        links=(
            Link("geekyhobbies.com", "https://www.geekyhobbies.com/qwirkle-rules/"),
            Link("ultraboardgames.com", "https://www.ultraboardgames.com/qwirkle/game-rules.php"),
            Link("GitHub: rflatley441/SE4", "https://github.com/rflatley441/SE4"),
        ),
    ),
    Document(
        "IELLO",
        "Iello edition (French)",
        "The French Iello edition: the publisher's worked example and an English translation of its rules",
        "secondary",
        links=(
            Link("sanctuary.fr", "https://www.sanctuary.fr/fiche/58965/"),
            Link("gamerules.com", "https://gamerules.com/rules/qwirkle/"),
        ),
    ),
    Document(
        "DE",
        "Schmidt Spiele rules, German summaries",
        "German summaries of the Schmidt Spiele rules (the Schmidt rulebook itself was not found)",
        "secondary",
        where="spieletest.at, poeppelkiste.de, ludorium.at, spieletippsvonflors.de and mieze-merle.de",
        links=(Link("boardbattle.de", "https://boardbattle.de/brettspiele/qwirkle"),),
    ),
    Document(
        "WIKIHOW",
        "wikiHow: how to play Qwirkle",
        "The wikiHow article on playing Qwirkle, cited for its worked examples",
        "secondary",
    ),
    Document(
        "CUBES",
        "Qwirkle Cubes rules",
        "The rules of Qwirkle Cubes, a different game of the family, cited only for comparison",
        "a different game",
        links=(Link("ultraboardgames.com", "https://www.ultraboardgames.com/qwirkle/qwirkle-cubes.php"),),
    ),
    Document(
        "BGUK",
        "Qwirkle Travel review (board-game.co.uk)",
        "A review of Qwirkle Travel on board-game.co.uk",
        "secondary",
    ),
    Document(
        "REAYJESPERSEN",
        "House rules for Qwirkle (reayjespersen.com)",
        "A blog post on reayjespersen.com on house rules for Qwirkle, among them playing to a score limit",
        "a house rule, not a rulebook",
    ),
    Document(
        "BGG",
        "BoardGameGeek description of Qwirkle Cards",
        "The BoardGameGeek description of Qwirkle Cards, as translated on ludonauta.es (Spanish) "
        "and spelplaats.com (Dutch)",
        "secondary",
        links=(
            Link("ludonauta.es", "https://ludonauta.es/juegos-mesas/qwirkle-cards-2015"),
            Link("spelplaats.com", "https://spelplaats.com/qwirkle-cards.php"),
        ),
    ),
    Document(
        "RUMMY",
        "Qwirkle Rummy product page (UK)",
        'A UK paraphrase of the MindWare rulebook of Qwirkle Cards, sold as "Qwirkle Rummy"',
        "secondary",
        links=(
            Link(
                "thegiftandgadgetstore.com",
                "https://www.thegiftandgadgetstore.com/product/qwirkle-rummy-mix-match-switch-win/",
            ),
        ),
    ),
    Document(
        "LUDOVOX",
        "Ludovox on the Schmidt edition of Qwirkle Cards (French)",
        "ludovox.fr on the Schmidt multilingual edition of Qwirkle Cards",
        "secondary",
        links=(Link("ludovox.fr", "http://ludovox.fr/qwirkle-cards-arrive/"),),
    ),
    Document(
        "TRYAGAME",
        "Tryagame review of Qwirkle Cartes (French)",
        "tryagame.fr, a review of Iello's Qwirkle Cartes",
        "secondary",
    ),
    Document(
        "OFFTHEWAGON",
        "Off the Wagon product page for Qwirkle Cards",
        "offthewagonshop's product page for Qwirkle Cards",
        "secondary; its description of the play contradicts the other sources",
    ),
)
"""Every document the catalogue cites, by key: the five seed files first, then the other sources."""
