"""The rule catalogue: every rule of the tile game and of Qwirkle Cards, with its stable ID.

The IDs are those of the project's rule catalogue (``RULES.md``). Every
illegal move is refused with the :class:`Rule` it breaks, and every function
that enforces a rule names it in its docstring.

Each rule has one record, a :class:`RuleEntry` (:attr:`Rule.entry`), that
holds together everything the catalogue says about it: a one-sentence
:attr:`~Rule.statement` in our own words, the :attr:`~Rule.sources` that
state it (:class:`Source`, each pointing into one of the :data:`DOCUMENTS`),
where the sources disagree or say nothing the :attr:`~Rule.choice` the
library makes (:class:`Choice`), a :attr:`~Rule.note`, and the
:attr:`~Rule.options` that change it: the fields of the rule sets
(:class:`~qwirkle.RuleSet` and the card game's ``CardsRuleSet``), which read
their rules from here. The documentation's rules page is generated from this
module.

>>> rule = Rule.EXCHANGE_1
>>> rule.section.title
'Exchange'
>>> str(rule.sources[0])
'Official booklet, reworded (French), p. 2, Échanger des tuiles: "mettre de côté les tuiles à échanger"'
>>> rule.choice.default
'Draw first, then return the exchanged tiles and mix the bag.'
>>> rule.options
('RuleSet.exchange_return_before_draw',)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Final

import attrs

from qwirkle.immutable import Immutable

__all__ = ["DOCUMENTS", "SECTIONS", "Choice", "Document", "Link", "Rule", "RuleEntry", "Section", "Source"]


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

    The options that change the rule are named here, and only here: each
    field of a rule set takes its rules from the records that name it (see
    :func:`qwirkle.ruleset.option_rules`).

    >>> entry = RuleEntry("LINE-3", "No line may contain two identical tiles.")
    >>> entry.explanation, entry.sources, entry.choice, entry.note, entry.options
    ('', (), None, '', ())
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
    options: tuple[str, ...] = ()
    """The options that change the rule, each as its rule set and field (``"RuleSet.hand_size"``); empty if none."""


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


@attrs.frozen
class Section(Immutable):
    """A section of the rule catalogue: its number, its title and the rule families it holds.

    >>> Rule.SETUP_2.section
    Section(number=1, title='Components and setup', families=('TILES', 'SETUP'), game='tiles')
    """

    number: int
    """The section's number in ``RULES.md``."""
    title: str
    """The section's title."""
    families: tuple[str, ...]
    """The ID prefixes of its rules, such as ``"PLACE"``."""
    game: str = "tiles"
    """``"tiles"`` for the tile game, ``"cards"`` for Qwirkle Cards."""

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The rules of the section, in catalogue order.

        >>> [rule.value for rule in SECTIONS[2].rules]
        ['TURN-1', 'TURN-2', 'TURN-3']
        """
        return tuple(rule for rule in Rule if rule.family in self.families)


SECTIONS: Final[tuple[Section, ...]] = (
    Section(1, "Components and setup", ("TILES", "SETUP")),
    Section(2, "Starting the game", ("START",)),
    Section(3, "Turn structure", ("TURN",)),
    Section(4, "Placement geometry", ("PLACE",)),
    Section(5, "Lines", ("LINE",)),
    Section(6, "Scoring", ("SCORE",)),
    Section(7, "Exchange", ("EXCHANGE",)),
    Section(8, "End of game", ("END",)),
    Section(9, "Variants", ("VARIANT",)),
    Section(10, "Qwirkle Cards", ("CARDS",), game="cards"),
)
"""The sections of the rule catalogue, grouped as in ``RULES.md``.

Section 9 of ``RULES.md`` lists related products and house rules; only the
house rules the library offers as options are rules here.
"""


class Rule(enum.StrEnum):
    """A rule of the tile game or of Qwirkle Cards, by its stable ID.

    A member compares equal to its ID, and :attr:`statement` says the rule
    in one sentence.

    >>> Rule.PLACE_2 == "PLACE-2"
    True
    >>> Rule("LINE-3").statement
    'No line may contain two identical tiles.'
    """

    TILES_1 = "TILES-1"
    TILES_2 = "TILES-2"
    TILES_3 = "TILES-3"
    SETUP_1 = "SETUP-1"
    SETUP_2 = "SETUP-2"
    SETUP_3 = "SETUP-3"
    START_1 = "START-1"
    START_2 = "START-2"
    START_3 = "START-3"
    START_4 = "START-4"
    START_5 = "START-5"
    START_6 = "START-6"
    START_7 = "START-7"
    TURN_1 = "TURN-1"
    TURN_2 = "TURN-2"
    TURN_3 = "TURN-3"
    PLACE_1 = "PLACE-1"
    PLACE_2 = "PLACE-2"
    PLACE_3 = "PLACE-3"
    PLACE_4 = "PLACE-4"
    PLACE_5 = "PLACE-5"
    LINE_1 = "LINE-1"
    LINE_2 = "LINE-2"
    LINE_3 = "LINE-3"
    LINE_4 = "LINE-4"
    LINE_5 = "LINE-5"
    LINE_6 = "LINE-6"
    SCORE_1 = "SCORE-1"
    SCORE_2 = "SCORE-2"
    SCORE_3 = "SCORE-3"
    SCORE_4 = "SCORE-4"
    SCORE_5 = "SCORE-5"
    SCORE_6 = "SCORE-6"
    SCORE_7 = "SCORE-7"
    SCORE_8 = "SCORE-8"
    EXCHANGE_1 = "EXCHANGE-1"
    EXCHANGE_2 = "EXCHANGE-2"
    EXCHANGE_3 = "EXCHANGE-3"
    EXCHANGE_4 = "EXCHANGE-4"
    EXCHANGE_5 = "EXCHANGE-5"
    END_1 = "END-1"
    END_2 = "END-2"
    END_3 = "END-3"
    END_4 = "END-4"
    END_5 = "END-5"
    VARIANT_4 = "VARIANT-4"
    CARDS_1 = "CARDS-1"
    CARDS_2 = "CARDS-2"
    CARDS_3 = "CARDS-3"
    CARDS_4 = "CARDS-4"
    CARDS_5 = "CARDS-5"
    CARDS_6 = "CARDS-6"
    CARDS_7 = "CARDS-7"
    CARDS_8 = "CARDS-8"
    CARDS_9 = "CARDS-9"
    CARDS_10 = "CARDS-10"
    CARDS_11 = "CARDS-11"

    @property
    def entry(self) -> RuleEntry:
        """The rule's record in the catalogue: its statement, sources, choice and note together.

        >>> Rule.TURN_1.entry.id
        'TURN-1'
        """
        return _entries()[self.value]

    @property
    def statement(self) -> str:
        """The rule in one sentence."""
        return self.entry.statement

    @property
    def explanation(self) -> str:
        """The rule in plain words, for a player.

        >>> Rule.LINE_3.explanation
        'A line never holds the same tile twice, such as two red circles.'
        """
        return self.entry.explanation

    @property
    def sources(self) -> tuple[Source, ...]:
        """The documents that state the rule, each with the place in it.

        >>> [source.key for source in Rule.SETUP_1.sources]
        ['S002', 'S003', 'MW-CUR', 'DE']
        """
        return self.entry.sources

    @property
    def choice(self) -> Choice | None:
        """What the library does where the sources disagree on this rule or say nothing, else ``None``.

        >>> Rule.LINE_3.choice is None
        True
        >>> Rule.END_5.choice.official
        False
        """
        return self.entry.choice

    @property
    def options(self) -> tuple[str, ...]:
        """The options that change this rule (``"RuleSet.hand_size"``); empty if none does.

        Each is a field of :class:`~qwirkle.RuleSet` or of the card game's
        ``CardsRuleSet``, which takes its rules from here (see
        :func:`~qwirkle.ruleset.option_rules`).

        >>> Rule.SETUP_3.options
        ('RuleSet.hand_size',)
        """
        return self.entry.options

    @property
    def note(self) -> str:
        """A remark on how the rule relates to others or to the sources, or ``""``.

        >>> Rule.LINE_4.note
        'It follows from LINE-2 and LINE-3: a line of seven tiles always repeats a tile.'
        """
        return self.entry.note

    @property
    def family(self) -> str:
        """The ID's prefix, such as ``"PLACE"``.

        >>> Rule.CARDS_10.family
        'CARDS'
        """
        return self.value.rpartition("-")[0]

    @property
    def section(self) -> Section:
        """The catalogue section the rule belongs to."""
        return next(section for section in SECTIONS if self.family in section.families)

    @property
    def anchor(self) -> str:
        """The rule's anchor on the documentation's rules page.

        >>> Rule.PLACE_2.anchor
        'rule-place-2'
        """
        return f"rule-{self.value.lower()}"

    def message(self, reason: str | None = None) -> str:
        """The message of an error that breaks this rule: the ID, then the reason or the statement.

        :class:`~qwirkle.IllegalMoveError` renders its message this way.

        >>> Rule.PLACE_4.message()
        'PLACE-4: After the opening, a placed tile must touch a tile on the table along an edge.'
        >>> Rule.LINE_3.message("the red circle would appear twice in its row")
        'LINE-3: the red circle would appear twice in its row'
        """
        return f"{self.value}: {self.statement if reason is None else reason}"


@cache
def _entries() -> Mapping[str, RuleEntry]:
    """Every rule's record, by ID."""
    # The records are made of the values this module defines, so they are read once it is loaded.
    from qwirkle._rule_data import ENTRIES

    return ENTRIES
