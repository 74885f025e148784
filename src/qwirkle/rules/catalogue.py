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
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.rules._data import DOCUMENTS as DOCUMENT_DATA
from qwirkle.rules._data import ENTRIES as ENTRY_DATA
from qwirkle.rules._data import DocumentData, EntryData

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
    :func:`qwirkle.rules.ruleset.option_rules`).

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


def _document(raw: DocumentData) -> Document:
    links = tuple(Link(text, url) for text, url in raw.get("links", ()))
    return Document(
        raw["key"],
        raw["name"],
        raw["title"],
        raw["reliability"],
        file=raw.get("file", ""),
        where=raw.get("where", ""),
        links=links,
    )


DOCUMENTS: Final[Mapping[str, Document]] = MappingProxyType({raw["key"]: _document(raw) for raw in DOCUMENT_DATA})
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
        return _ENTRIES[self.value]

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
        :func:`~qwirkle.rules.ruleset.option_rules`).

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


def _entries(data: Iterable[EntryData]) -> Mapping[str, RuleEntry]:
    choices: dict[Choice, Choice] = {}  # a choice that settles several rules is one value, shared by their records
    entries = {}
    for raw in data:
        choice = raw.get("choice")
        entries[raw["id"]] = RuleEntry(
            raw["id"],
            raw["statement"],
            explanation=raw.get("explanation", ""),
            sources=tuple(Source(*source) for source in raw.get("sources", ())),
            choice=None if choice is None else choices.setdefault(made := Choice(**choice), made),
            note=raw.get("note", ""),
            options=raw.get("options", ()),
        )
    return MappingProxyType(entries)


_ENTRIES: Final[Mapping[str, RuleEntry]] = _entries(ENTRY_DATA)
"""Every rule of the catalogue, by ID, in the order of the catalogue's sections."""
