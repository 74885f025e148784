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


# The records: one RuleEntry per rule, in catalogue order. Each holds everything the catalogue says about its
# rule: the statement, the sources, the library's choice where the sources disagree or say nothing, a note, and
# the options that change the rule (each field of the rule sets takes its rules from here).


def _p1(section: str) -> str:
    return f"p. 1, {section}"


def _p2(section: str) -> str:
    return f"p. 2, {section}"


_S = Source


def _by_id(*entries: RuleEntry) -> Mapping[str, RuleEntry]:
    return MappingProxyType({entry.id: entry for entry in entries})


_LONE_TILE = Choice(
    "A2",
    "What does an opening of a single tile score?",
    "It happens only when every player's largest group is one tile, and no source deals with it. A lone tile forms "
    "no line (LINE-1), so the line scoring gives nothing; MindWare's object says points are scored for every tile "
    "played.",
    "1 point.",
)
"""The choice shared by START-6 and SCORE-7."""

_ENTRIES: Final[Mapping[str, RuleEntry]] = _by_id(
    RuleEntry(
        "TILES-1",
        "There are 36 distinct tiles, one for each of 6 colours and 6 shapes.",
        explanation=(
            "Every tile is one colour (red, orange, yellow, green, blue, purple) and one shape (circle, square, "
            "diamond, clover, four-point star, eight-point star), and every pair of the two occurs."
        ),
        sources=(
            _S("S000", _p1("But du jeu"), "3 séries de 36 tuiles différentes"),
            _S("S001", "Contenu de la boîte", "36 combinaisons uniques"),
            _S("S002", "Le matériel", "chacune de ces 36 combinaisons"),
            _S("S003", "Contenuto", "6 colori e 6 simboli diversi"),
            _S("MW-CUR", "Components", "36 are unique tiles"),
        ),
    ),
    RuleEntry(
        "TILES-2",
        "Each distinct tile exists in 3 copies, 108 tiles in all.",
        explanation=(
            "So there are three red circles, three red squares, and so on: a line may be blocked because the "
            "tile it needs is already used up."
        ),
        sources=(
            _S("S000", _p1("But du jeu"), "108 tuiles"),
            _S("S001", "Contenu de la boîte", "3 exemplaires de chacune"),
            _S("S002", "Le matériel", "trois exemplaires"),
            _S("MW-CUR", "Strategy Tips", "there are three of each type of tile"),
            _S("DE", "summaries"),
        ),
        note="S003 gives only the total of 108 tiles.",
        options=("RuleSet.copies_per_tile",),
    ),
    RuleEntry(
        "TILES-3",
        "The tiles start in a bag; there is no board, and the table is an unbounded grid.",
        explanation="The game has no board: the tiles themselves make the table, and it can grow in any direction.",
        sources=(
            _S("S000", _p1("Préparation"), "Mettez toutes les tuiles dans le sac"),
            _S("S002", "Le matériel", "Il n'y a pas de plateau"),
            _S("MW-CUR"),
        ),
        note="The library's table therefore has unbounded integer coordinates.",
    ),
    RuleEntry(
        "SETUP-1",
        "A game has 2 to 4 players.",
        explanation="Two, three or four people play; there is no solo game and no game of five.",
        sources=(
            _S("S002", "Le matériel", "de deux à quatre joueurs"),
            _S("S003", "opening paragraph", "2-4 giocatori"),
            _S("MW-CUR", "Travel edition (ttpm.com)", "two to four players"),
            _S("DE", "ludorium.at", "2-4 Spieler"),
        ),
        choice=Choice(
            "A11",
            "How many players?",
            "2 to 4 in S002, S003, MindWare and the German summaries; S000 and S001 say nothing. 2 to 6 appears "
            "only in secondary copies (gamerules.com), and 5 or 6 as a house rule (boardbattle.de).",
            "2 to 4 players.",
        ),
        options=("RuleSet.min_players", "RuleSet.max_players"),
    ),
    RuleEntry(
        "SETUP-2",
        "The bag is shuffled and each player draws a hidden hand of 6 tiles.",
        explanation="Nobody sees another player's tiles; only the number of tiles in each hand is public.",
        sources=(
            _S("S000", _p1("Préparation"), "Chaque joueur tire secrètement 6 tuiles"),
            _S("S001", "Préparation de la partie"),
            _S("S002", "La mise en place, steps 1 and 2"),
            _S("S003", "Come si gioca"),
        ),
    ),
    RuleEntry(
        "SETUP-3",
        "A hand holds 6 tiles and is refilled to 6 after every placement.",
        explanation=(
            "You always start your turn with six tiles while the bag lasts: after placing, you draw as many as "
            "you placed."
        ),
        sources=(
            _S("S000", _p1("Déroulement de la partie"), "pour retrouver six tuiles en main"),
            _S("S001", "common errors (Dutch)", "weer aan tot exact 6 stenen"),
            _S("S002", "La mise en place", "votre main reste à six tuiles"),
            _S("S003", "Prima di iniziare", "riportare la sua mano a 6"),
            _S("MW-CUR"),
        ),
        note="See TURN-2 for the refill when the bag runs low.",
        options=("RuleSet.hand_size",),
    ),
    RuleEntry(
        "START-1",
        "Each player's group is the largest set of their tiles that could form one line; identical tiles count once.",
        explanation=(
            "Look at your hand for the biggest set of tiles that could go in one line: same colour and all "
            "different shapes, or same shape and all different colours. Two identical tiles count only once."
        ),
        sources=(
            _S("S000", _p1("Début de partie"), "sans compter les tuiles en double"),
            _S("S001", "Préparation de la partie", "sans doublon"),
            _S("S003", "Prima di iniziare", "Le tessere identiche [...] non si contano"),
            _S("MW-OLD", "geekyhobbies.com", "You do not count duplicate tiles"),
            _S("WIKIHOW", "example hand", "the 3 circles"),
        ),
        note="S002 does not mention duplicates.",
    ),
    RuleEntry(
        "START-2",
        "The player with the largest group starts.",
        explanation="Everyone says how big their best group is; the biggest goes first.",
        sources=(
            _S("S000", _p1("Début de partie")),
            _S("S001", "Préparation de la partie", "la plus longue ligne valide"),
            _S("S002", "La mise en place, step 4"),
            _S("S003", "Prima di iniziare"),
            _S("MW-CUR", "", "The player with the most matching tiles"),
        ),
        note="The size of the group is announced, and the starter then lays it (START-4).",
    ),
    RuleEntry(
        "START-3",
        "If several players tie for the largest group, the oldest of them starts.",
        explanation="When two players have groups of the same size, the older one starts.",
        sources=(
            _S("S000", _p1("Début de partie"), "le joueur le plus âgé commence"),
            _S("MW-OLD", "geekyhobbies.com", "the oldest player starts"),
            _S("IELLO", "gamerules.com"),
        ),
        choice=Choice(
            "A1",
            "Who starts when several players tie for the largest group?",
            "The oldest (S000, earlier MindWare text, Iello). S002 says the rules leave it to the players. German "
            "summaries say the youngest, but the Schmidt rulebook itself was not seen. S001 and S003 are silent.",
            "The oldest of the tied players, from the ages given to new_game(); equal or missing ages fall back to "
            "seat order, and a tie-break function can be passed instead.",
        ),
        options=("RuleSet.start_tiebreak",),
    ),
    RuleEntry(
        "START-4",
        "The starter opens by laying a largest group of their hand as one line.",
        explanation=(
            "The first move of the game is that group, laid in one straight line; laying fewer tiles, or "
            "another, smaller group, is not allowed."
        ),
        sources=(
            _S("S000", _p1("Début de partie"), "Il pose ces tuiles en jeu"),
            _S("S001", "Préparation de la partie"),
            _S("S002", "La mise en place, step 4", "le pose comme première ligne"),
            _S("S003", "Prima di iniziare", "dispone le sue tessere"),
            _S("MW-CUR", "", "plays those tiles"),
            _S("MW-OLD", "help text of a public C++ implementation", "plays those tiles in a row or column"),
        ),
        choice=Choice(
            "A3",
            "Must the starter lay the whole of their largest group?",
            "Every source says the starter plays those tiles, the group they announced; none says in so many words "
            "that laying fewer is forbidden (only Qwirkle Cubes, another game, states it).",
            "Yes: the opening lays a largest group; when several groups tie, any one of them.",
        ),
        options=("RuleSet.opening_must_play_max_group",),
    ),
    RuleEntry(
        "START-5",
        "The opening scores like any placement, then the starter refills.",
        explanation="The first line scores a point per tile, like any line, and the starter draws back up to six.",
        sources=(
            _S("S000", _p1("Début de partie"), "comptabilise ses points"),
            _S("S000", _p2("Calcul des points"), "Quand vous créez une ligne au premier tour"),
            _S("S001", "Préparation de la partie", "Ces tuiles de départ rapportent immédiatement des points"),
            _S("S002", "La mise en place", "se marque comme n'importe quelle autre pose"),
            _S("S003", "Prima di iniziare"),
        ),
    ),
    RuleEntry(
        "START-6",
        "An opening of a single tile scores 1 point.",
        explanation="When everyone's best group is a single tile, the opening is one tile, and it scores one point.",
        sources=(_S("MW-CUR", "Object", "Points are scored for every tile played"),),
        choice=_LONE_TILE,
        note="A lone tile forms no line (LINE-1); SCORE-7 gives the points.",
        options=("RuleSet.lone_tile_points",),
    ),
    RuleEntry(
        "START-7",
        "After the opening, turns go round in seat order.",
        explanation="Play then goes round the table, one player after the other; nobody plays out of turn.",
        sources=(
            _S("S000", _p1("Début de partie"), "dans le sens des aiguilles d'une montre"),
            _S("S003", "Prima di iniziare", "Si gioca in senso orario"),
            _S("MW-OLD"),
        ),
    ),
    RuleEntry(
        "TURN-1",
        "A turn is either a placement of tiles from the hand or an exchange, never both.",
        explanation=(
            "On your turn you either put tiles from your hand on the table or swap tiles with the bag, not "
            "both, and you can only place tiles you hold."
        ),
        sources=(
            _S("S000", _p1("Déroulement de la partie"), "l'une des trois actions possibles"),
            _S("S001", "Déroulement d'un tour", "deux actions possibles"),
            _S("S002", "Le déroulement d'un tour", "Jamais les deux"),
            _S("S003", "Come funziona un round?"),
            _S("MW-CUR"),
            _S("MW-OLD", "", "one of three things"),
        ),
    ),
    RuleEntry(
        "TURN-2",
        "After placing, a player draws back up to 6 tiles, as far as the bag allows.",
        explanation="After placing, you draw back up to six tiles; when the bag runs low you take what is left.",
        sources=(
            _S("S000", _p1("Déroulement de la partie"), "pioche autant de tuiles qu'il en a jouées"),
            _S("S000", _p2("Fin de la partie"), "ne tirent plus de tuiles"),
            _S("S001", "Déroulement d'un tour"),
            _S("S002", "Le déroulement d'un tour, step 5"),
            _S("S003", "Come funziona un round?", "attingere dalla riserva"),
            _S("MW-CUR", "", "players do not replenish their hands"),
        ),
        note="Taking what is left when the bag holds too few tiles is implied, not stated.",
    ),
    RuleEntry(
        "TURN-3",
        "A player may pass only when they can neither place nor exchange.",
        explanation=(
            "You cannot skip your turn because you would rather wait: you pass only when there is nothing at "
            "all you may do."
        ),
        sources=(
            _S("S002", "Le déroulement d'un tour", "vous ne pouvez pas simplement ne rien faire"),
            _S("S002", "Échanger des tuiles", "l'échange n'est plus possible"),
            _S("S000", _p2("Échanger des tuiles"), "vous devez échanger"),
            _S("MW-OLD", "", "you must trade"),
        ),
        choice=Choice(
            "A6",
            "May a player pass?",
            "Never by choice (S002: doing nothing is not allowed; S000 and the earlier MindWare text: a player who "
            "cannot place must exchange). No source names the case where the bag is empty and the player cannot "
            "place; a pass follows from the rules above.",
            "No voluntary pass; a pass is legal only when the player can neither place nor exchange.",
        ),
        note=(
            "The French and Italian phrases for skipping a turn describe the exchange, which is the whole turn, "
            "not a separate pass."
        ),
        options=("RuleSet.allow_voluntary_pass",),
    ),
    RuleEntry(
        "PLACE-1",
        "All tiles placed in one turn lie in a single row or a single column.",
        explanation="The tiles you put down in one turn all go in the same row, or all in the same column.",
        sources=(
            _S("S000", _p1("Déroulement de la partie"), "Les tuiles jouées doivent appartenir à la même ligne"),
            _S("S001", "common errors (Dutch)", "Stenen niet in één rechte lijn aanleggen"),
            _S("S002", "Les erreurs les plus fréquentes", "Une pose en L est interdite"),
            _S("MW-CUR", "", "placed in the same line"),
            _S("MW-OLD"),
        ),
        note="Two tiles in one column, one of which also extends a row, are legal.",
    ),
    RuleEntry(
        "PLACE-2",
        "The placed tiles and the tiles between them form one unbroken run.",
        explanation=(
            "Your tiles need not touch each other, but there must be no empty cell between them: together with "
            "the tiles already there, they make one unbroken line."
        ),
        sources=(
            _S("MW-CUR", "", "they do not have to touch each other"),
            _S("MW-CUR", "figure", "add a tile to both ends of a line"),
            _S("S000", _p1("Déroulement de la partie"), "même si elles ne se touchent pas nécessairement"),
            _S("S002", "Le déroulement d'un tour", "du moment que la ligne ne comporte plus aucun vide"),
            _S("S002", "Les erreurs les plus fréquentes", "Laisser un trou"),
            _S("S001", "common errors (Dutch)"),
            _S("DE", "ludorium.at", "aber nicht unbedingt miteinander"),
        ),
        note="The tiles of the opening must touch each other.",
    ),
    RuleEntry(
        "PLACE-3",
        "All tiles placed in one turn share a colour or a shape.",
        explanation="Every tile you place in a turn has the same colour, or every one has the same shape.",
        sources=(
            _S("S000", _p1("Déroulement de la partie"), "partager une caractéristique commune"),
            _S("S001", "common errors (Dutch)", "moeten onderling één kenmerk delen"),
            _S("S003", "Come funziona un round?", "2 o più tessere della stessa caratteristica"),
            _S("MW-CUR"),
            _S("MW-OLD"),
        ),
        note=(
            "It cannot fail on its own: tiles in one unbroken valid line (PLACE-1, PLACE-2, LINE-2, LINE-3) share "
            "that line's colour or shape. It is checked anyway, before the lines."
        ),
    ),
    RuleEntry(
        "PLACE-4",
        "After the opening, a placed tile must touch a tile on the table along an edge.",
        explanation=(
            "Every move after the first must join the tiles already on the table, side by side: touching at a "
            "corner is not enough."
        ),
        sources=(
            _S("MW-CUR", "", "must touch (side to side) a tile that has already been played"),
            _S("S000", _p1("Compléter une ligne"), "impossible de jouer des tuiles qui ne soient pas reliées"),
            _S("S001", "Déroulement d'un tour", "adjacentes à des tuiles déjà présentes"),
            _S("CUBES", "", "diagonal connections are forbidden"),
        ),
        choice=Choice(
            "A9",
            "Must every placed tile touch the tiles on the table, or only one of them?",
            'S002 says "each" placed tile must touch; read literally, that forbids adding two tiles at one end of '
            "a line, which contradicts MindWare's figures and S002's own examples. MindWare and S000 say at least "
            "one.",
            "At least one placed tile touches the table; PLACE-2 keeps the others in one unbroken run. The literal "
            "reading contradicts the source's own examples, so no option offers it.",
        ),
    ),
    RuleEntry(
        "PLACE-5",
        "Tiles go only on empty cells, and tiles on the table never move.",
        explanation=(
            "You can only put a tile on an empty cell, and tiles on the table stay where they are for the whole game."
        ),
        sources=(
            _S("S000", _p1("Compléter une ligne"), "les joueurs ajoutent des tuiles"),
            _S("S002", "Le matériel", "Ce sont les tuiles qui font le plateau"),
            _S("MW-CUR"),
        ),
        note="No source has a rule to move or remove a tile; all of them imply this one.",
    ),
    RuleEntry(
        "LINE-1",
        "A line is a maximal run of two or more tiles in a row or a column.",
        explanation="Two or more tiles side by side in a row or a column make a line; a tile on its own is not a line.",
        sources=(
            _S("S000", _p1("Compléter une ligne"), "Deux ou plusieurs tuiles qui se touchent créent une ligne"),
            _S("S002", "Ce qui compte comme une ligne"),
            _S("MW-CUR", "", "Any tiles that touch each other are part of a line"),
        ),
    ),
    RuleEntry(
        "LINE-2",
        "A line is all one colour with different shapes, or all one shape with different colours.",
        explanation=(
            "Every line is either one colour, each tile a different shape, or one shape, each tile a different colour."
        ),
        sources=(
            _S("S000", _p1("Compléter une ligne"), "une ligne de formes ou une ligne de couleurs"),
            _S("S001", "Déroulement d'un tour"),
            _S("S002", "Ce qui compte comme une ligne"),
            _S("S003", "Linea colorata; Linea dei simboli"),
            _S("MW-CUR", "", "Lines are either all one shape or all one color"),
        ),
        note=(
            "S003 adds that two neighbouring tiles must have something in common, which is necessary but not enough."
        ),
    ),
    RuleEntry(
        "LINE-3",
        "No line may contain two identical tiles.",
        explanation="A line never holds the same tile twice, such as two red circles.",
        sources=(
            _S("S000", _p1("Compléter une ligne"), "un seul carré orange dans une ligne de carrés"),
            _S("S001", "common errors (Dutch)", "Twee dezelfde stenen in één rij leggen"),
            _S("S002", "Ce qui compte comme une ligne", "règle du doublon"),
            _S("S003", "Linea colorata", "1 simbolo non può essere ripetuto"),
            _S("MW-CUR", "", "There cannot be duplicate tiles in a line"),
        ),
    ),
    RuleEntry(
        "LINE-4",
        "A line is at most 6 tiles long.",
        explanation="A line can have at most six tiles, because there are only six colours and six shapes.",
        sources=(
            _S("S000", _p2("Calcul des points"), "Les lignes de plus de six tuiles sont interdites"),
            _S("S002", "Ce qui compte comme une ligne", "ne peut jamais dépasser six tuiles"),
            _S("MW-CUR", "", "A line can never be longer than six tiles"),
        ),
        note="It follows from LINE-2 and LINE-3: a line of seven tiles always repeats a tile.",
    ),
    RuleEntry(
        "LINE-5",
        "A tile added to a line must share the line's attribute, so some cells stay empty.",
        explanation=(
            "Some empty cells can never be filled, because no tile would suit both the row and the column "
            "through them; that is part of the game."
        ),
        sources=(
            _S("S000", _p1("Compléter une ligne"), "des places sur la ligne où aucune tuile ne peut être ajoutée"),
            _S("S003", "Aggiungere una o più tessere", "devono continuare la linea esistente"),
            _S("MW-CUR", "", "spaces will be created where no tile can be played"),
        ),
        note="For information: it follows from LINE-2 to LINE-4.",
    ),
    RuleEntry(
        "LINE-6",
        "Every line through a placed tile, in both directions, must be valid.",
        explanation="A tile you place must suit every line it joins: the row it is in and the column it is in.",
        sources=(
            _S("S002", "Le déroulement d'un tour, step 4", "Toutes les lignes que vos tuiles touchent"),
            _S("S002", "Les erreurs les plus fréquentes", "Oublier la deuxième ligne"),
            _S("MW-CUR", "", "match the tile in color or shape"),
        ),
        note="A tile that fits its row but not its column is illegal.",
    ),
    RuleEntry(
        "SCORE-1",
        "Each line a move creates or extends scores one point per tile in it.",
        explanation=(
            "A line you make or make longer scores one point for every tile in it, the tiles that were already "
            "there included."
        ),
        sources=(
            _S("S000", _p2("Calcul des points"), "y compris celles que vous n'avez pas jouées"),
            _S("S001", "Déroulement d'un tour", "un point pour chaque tuile de la rangée"),
            _S("S002", "Les erreurs les plus fréquentes", "Une ligne vaut sa longueur entière"),
            _S("S003", "Calcolo dei punti", "1 punto per ogni tessera della linea"),
            _S("MW-CUR", "", "One point is scored for each tile in a line"),
        ),
    ),
    RuleEntry(
        "SCORE-2",
        "A placed tile in both a row and a column line scores in both.",
        explanation="A tile that is part of a row and of a column at once counts in both.",
        sources=(
            _S("S000", _p2("Calcul des points"), "Une tuile peut rapporter 2 points"),
            _S("S001", "common errors (Dutch)", "De kruispuntscore vergeten"),
            _S("S002", "Le déroulement d'un tour", "les deux rapportent des points"),
            _S("S003", "Calcolo dei punti", "3 punti + 2 punti (quadrato rosso) + 2 punti"),
            _S("MW-CUR", "", "A single tile can score two points"),
            _S("IELLO", "sanctuary.fr worked example"),
        ),
    ),
    RuleEntry(
        "SCORE-3",
        "Each line scores once per move, however many placed tiles it holds.",
        explanation="If you place several tiles in the same line, that line still scores only once.",
        sources=(
            _S("MW-CUR", "figure: two tiles at both ends of a line"),
            _S("WIKIHOW", "two tiles added to a line of two score 4"),
        ),
        note=(
            "Score = the line shared by the placed tiles, once, plus each placed tile's cross line of two tiles or "
            "more."
        ),
    ),
    RuleEntry(
        "SCORE-4",
        "A line completed to 6 tiles is a Qwirkle and earns 6 bonus points.",
        explanation="Completing a line of six tiles is a Qwirkle: six points for the tiles and six more as a bonus.",
        sources=(
            _S("S000", _p2("Calcul des points"), "6 points supplémentaires"),
            _S("S001", "Déroulement d'un tour", "soit 12 points au total"),
            _S("S002", "Ce qui compte comme une ligne", "s'appelle un Qwirkle"),
            _S("S003", "Calcolo dei punti", "vince 6 punti extra"),
            _S("MW-CUR", "", "A Qwirkle scores 12 points"),
            _S("DE", "summaries", "zwölf Punkte"),
        ),
        note="A Qwirkle can never be extended (LINE-4), so it never scores its bonus twice.",
        options=("RuleSet.qwirkle_bonus",),
    ),
    RuleEntry(
        "SCORE-5",
        "A move that completes two Qwirkles earns both bonuses.",
        explanation="One move can complete two lines of six at once, and then both bonuses count.",
        sources=(
            _S("S000", _p2("Calcul des points"), "chaque fois que vous terminez une ligne de six tuiles"),
            _S("MW-OLD", "", "whenever you complete a line of six tiles"),
            _S("BGUK", "", "multiple Qwirkles in 1 turn"),
        ),
        choice=Choice(
            "A10",
            "Does a move that completes two lines of six earn the bonus twice?",
            "S000 and the earlier MindWare text give the bonus each time a line of six is completed; a review of "
            "the Travel edition mentions several Qwirkles in one turn. No official worked example was found.",
            "Yes: each completed line earns its own bonus.",
        ),
        options=("RuleSet.qwirkle_bonus",),
    ),
    RuleEntry(
        "SCORE-6",
        "An exchange scores nothing.",
        explanation="Swapping tiles scores no points.",
        sources=(
            _S("S001", "Déroulement d'un tour", "sans marquer de points"),
            _S("S002", "Échanger des tuiles", "Un échange ne rapporte aucun point"),
            _S("S003", "Come funziona un round?", "saltare il proprio turno"),
            _S("MW-CUR", "", "you do not score any points"),
        ),
    ),
    RuleEntry(
        "SCORE-7",
        "A move that forms no line (a one-tile opening) scores 1 point.",
        explanation="A single tile that makes no line (which can only happen at the opening) still scores one point.",
        sources=(_S("MW-CUR", "Object", "Points are scored for every tile played"),),
        choice=_LONE_TILE,
        options=("RuleSet.lone_tile_points",),
    ),
    RuleEntry(
        "SCORE-8",
        "The player who ends the game by placing their last tile earns 6 bonus points.",
        explanation=(
            "The first player to use up all their tiles once the bag is empty ends the game and scores six more points."
        ),
        sources=(
            _S("S000", _p2("Calcul des points"), "Le joueur qui termine la partie obtient 6 points supplémentaires"),
            _S("S000", _p2("Fin de la partie"), "6 points supplémentaires de bonus"),
            _S("S001", "Quand se termine la partie", "un bonus final de 6 points"),
            _S("S002", "La fin de la partie", "six points de bonus"),
            _S("S003", "Calcolo dei punti", "vince 6 punti"),
            _S("MW-CUR", "", "A six-point bonus"),
        ),
        options=("RuleSet.end_bonus",),
    ),
    RuleEntry(
        "EXCHANGE-1",
        "Instead of placing, a player may exchange 1 to 6 of their tiles: draw first, then return the others to "
        "the bag.",
        explanation=(
            "Instead of placing you may swap some or all of your tiles: set them aside, draw as many new tiles, "
            "then put the old ones back in the bag, so you cannot draw them back."
        ),
        sources=(
            _S("S000", _p2("Échanger des tuiles"), "mettre de côté les tuiles à échanger"),
            _S("S001", "Déroulement d'un tour", "vous mettez de côté le nombre de tuiles souhaité"),
            _S("S003", "Scambio di alcune o tutte le tessere", "vengono messe da parte"),
            _S("MW-CUR", "", "Set aside all the tiles you want to discard, then draw"),
            _S("MW-OLD"),
            _S("DE", "ludorium.at", "1-6 Steine gegen neue tauschen"),
        ),
        choice=Choice(
            "A5",
            "Does the player draw new tiles before or after returning the exchanged ones?",
            "Draw first, then return (S000, S001, S003, MindWare), so a player cannot draw back a tile they gave "
            "up. S002 returns the tiles first, then draws.",
            "Draw first, then return the exchanged tiles and mix the bag.",
        ),
        options=("RuleSet.exchange_return_before_draw",),
    ),
    RuleEntry(
        "EXCHANGE-2",
        "An exchange is the whole turn.",
        explanation="Swapping takes your whole turn: you cannot also place tiles.",
        sources=(
            _S("S000", _p1("Déroulement de la partie"), "passer son tour sans jouer de tuiles"),
            _S("S001", "Déroulement d'un tour", "Votre tour prend alors fin"),
            _S("S002", "Échanger des tuiles", "votre tour s'arrête là"),
            _S("S003", "Scambio di alcune o tutte le tessere", "salta il proprio turno"),
            _S("MW-CUR", "", "This counts as your entire turn"),
        ),
    ),
    RuleEntry(
        "EXCHANGE-3",
        "A player may exchange even when they could place.",
        explanation="You may swap even if you could have placed a tile, for example to get rid of a poor hand.",
        sources=(
            _S("S002", "Échanger des tuiles", "si votre main ne vous plaît pas"),
            _S("S003", "Scambio di alcune o tutte le tessere", "non vuole giocare"),
            _S("MW-CUR", "", "can't or don't want to"),
        ),
    ),
    RuleEntry(
        "EXCHANGE-4",
        "A player who cannot place must exchange if the bag allows it.",
        explanation="If no tile of yours fits anywhere, you must swap tiles while the bag still has some.",
        sources=(
            _S("S000", _p2("Échanger des tuiles"), "vous devez échanger"),
            _S("MW-OLD", "", "you must trade in some or all of your tiles"),
        ),
        note="S003 only says a player may exchange; with no voluntary pass (TURN-3) the result is the same.",
    ),
    RuleEntry(
        "EXCHANGE-5",
        "A player may not exchange more tiles than the bag holds.",
        explanation=(
            "You cannot swap more tiles than there are in the bag, and you cannot swap at all once it is empty."
        ),
        sources=(
            _S("MW-CUR", "", "You cannot discard more tiles than are in the bag"),
            _S("S002", "Échanger des tuiles", "l'échange n'est plus possible"),
        ),
        choice=Choice(
            "A4",
            "May a player exchange more tiles than the bag holds?",
            "MindWare: no more than the bag holds. S002: no exchange once the bag is empty. S000, S001 and S003 "
            "are silent.",
            "No more tiles than the bag holds. An empty bag allows no exchange whatever the option says: there "
            "would be nothing to draw.",
        ),
        options=("RuleSet.exchange_limited_by_bag",),
    ),
    RuleEntry(
        "END-1",
        "When the bag is empty, play goes on without drawing.",
        explanation="When the bag is empty the game goes on; players just stop drawing.",
        sources=(
            _S("S000", _p2("Fin de la partie"), "continuent à jouer normalement"),
            _S("S001", "Quand se termine la partie"),
            _S("S002", "Les erreurs les plus fréquentes", "S'arrêter quand le sac est vide"),
            _S("S003", "Fine del gioco", "i giocatori continuano a giocare"),
            _S("MW-CUR"),
        ),
        note=(
            "A secondary page (archi-chouette.fr) says the game stops when the bag is empty; every rulebook text "
            "says otherwise."
        ),
    ),
    RuleEntry(
        "END-2",
        "The game ends when a player places their last tile with the bag empty.",
        explanation=(
            "The game stops the moment a player places their last tile with the bag empty; the others do not "
            "get another turn."
        ),
        sources=(
            _S("S000", _p2("Fin de la partie"), "Lorsqu'un joueur a joué toutes ses tuiles, la partie se termine"),
            _S("S001", "Quand se termine la partie", "met immédiatement fin à la partie"),
            _S("S002", "La fin de la partie", "dès qu'un joueur pose sa dernière tuile"),
            _S("S003", "Fine del gioco"),
            _S("MW-CUR", "", "The first player to run out of tiles"),
        ),
        note="The other players do not get a last turn.",
    ),
    RuleEntry(
        "END-3",
        "If the bag is empty and nobody can place, the game ends with no bonus.",
        explanation=(
            "If the bag is empty and no player can place any tile, the game stops there, with no bonus for anyone."
        ),
        sources=(
            _S("S000", _p2("Fin de la partie"), "le jeu s'arrête immédiatement"),
            _S("S002", "La fin de la partie", "le bonus n'est attribué à personne"),
            _S("S003", "Fine del gioco", "nessuno segna 6 punti extra"),
        ),
        choice=Choice(
            "A7",
            "When the bag is empty and nobody can place, when does the game end, and who gets the bonus?",
            "S000, S002 and S003: the game ends and nobody gets the bonus; S000 says at once. MindWare says "
            "nothing. Ending at once or after a full round of forced passes gives the same scores, since passes "
            "change nothing.",
            "The game ends at once, with no bonus.",
        ),
        options=("RuleSet.blocked_end_detection",),
    ),
    RuleEntry(
        "END-4",
        "The highest total wins; a tie is a shared win.",
        explanation="Whoever has the most points at the end wins; players tied on the most points share the win.",
        sources=(
            _S("S000", _p2("Fin de la partie"), "Le joueur ayant le plus grand nombre de points"),
            _S("S001", "Quand se termine la partie", "se partagent la victoire"),
            _S("S002", "La fin de la partie", "Le plus grand total l'emporte"),
            _S("S003", "Fine del gioco"),
        ),
        choice=Choice(
            "A12",
            "What does a tie for the highest total mean?",
            "Only S001 speaks of ties: the tied players share the win. The others are silent.",
            "A shared win.",
        ),
        options=("RuleSet.final_tiebreak",),
    ),
    RuleEntry(
        "END-5",
        "Optionally, the game ends after a set number of rounds without a placement.",
        explanation=(
            "If you play with this option, a game in which nobody can place any more for a set number of rounds "
            "ends, as a blocked game does. No rulebook has it; it keeps games between programs from going on "
            "for ever."
        ),
        choice=Choice(
            "A8",
            "What if nobody can place although the bag still has tiles?",
            "No source covers it: players could exchange for ever.",
            "Nothing: the game goes on. The option ends it, as a blocked game, after a number of full rounds "
            "without a placement.",
            official=False,
        ),
        note="Not an official rule: a safeguard for games between programs.",
        options=("RuleSet.stalemate_rounds",),
    ),
    RuleEntry(
        "VARIANT-4",
        "Optionally, the game ends as soon as a player's total reaches a set score limit.",
        explanation=(
            "A house rule some families play: agree on a target, such as 300 points, and the game stops as soon "
            "as someone reaches it."
        ),
        sources=(_S("REAYJESPERSEN"),),
        choice=Choice(
            "",
            "May a game end at a score limit?",
            "Only a blog's house rule (reayjespersen.com) says so; no rulebook has a score limit.",
            "No limit: the game ends as the rules say.",
            official=False,
        ),
        note="A house rule, not an official rule: no rulebook or publisher's text describes it.",
        options=("RuleSet.score_limit",),
    ),
    RuleEntry(
        "CARDS-1",
        "Qwirkle Cards uses a deck of 108 cards, 3 of each of the 36 colour and shape pairs, with no wild cards.",
        explanation="The card game has 108 cards: every colour and shape pair three times, and nothing else.",
        sources=(
            _S("RUMMY", "", "3 of each of the thirty-six cards"),
            _S("BGG"),
            _S("LUDOVOX"),
            _S("OFFTHEWAGON"),
        ),
        note=(
            "S004 gives no composition; its colour-blind edition adds colour symbols to the cards without changing "
            "the rules."
        ),
    ),
    RuleEntry(
        "CARDS-2",
        "Qwirkle Cards takes 2 to 4 players, each holding 9 cards and refilling to 9 after every turn.",
        explanation="Each player holds nine cards and draws back up to nine after their turn, while the deck lasts.",
        sources=(
            _S("S004", "Mise en place et déroulement", "chaque personne reçoit neuf cartes"),
            _S("S004", "Mise en place et déroulement", "Complétez votre main à neuf cartes"),
            _S("BGG"),
            _S("LUDOVOX"),
            _S("TRYAGAME"),
            _S("OFFTHEWAGON", "", "2-4 players"),
        ),
        options=("CardsRuleSet.cards_hand_size",),
    ),
    RuleEntry(
        "CARDS-3",
        "A series is 3 to 6 cards of one colour with different shapes, or of one shape with different colours.",
        explanation=(
            "A series on the table is three to six cards: one colour with all different shapes, or one shape "
            "with all different colours. Series are groups, not lines on a grid."
        ),
        sources=(
            _S("S004", "Mise en place et déroulement", "soit une couleur et des formes différentes"),
            _S("S004", "Questions de règles", "pas deux cartes identiques"),
            _S("BGG"),
            _S("RUMMY"),
        ),
        note="offthewagonshop describes a grid of rows and columns, which contradicts every other source.",
        options=("CardsRuleSet.cards_min_set",),
    ),
    RuleEntry(
        "CARDS-4",
        "The player with the largest valid series of at least 3 cards starts, the oldest on a tie; if nobody has "
        "one, the cards are dealt again.",
        explanation=(
            "The player with the biggest series in hand, at least three cards, starts; the oldest wins a tie, "
            "and if nobody has three cards that go together, the cards are dealt again."
        ),
        sources=(
            _S("S004", "Mise en place et déroulement", "la plus grande série valide d'au moins trois cartes"),
            _S("S004", "Mise en place et déroulement", "une égalité donne la priorité au plus âgé"),
            _S("RUMMY", "", "reshuffled and dealt again"),
        ),
        choice=Choice(
            "C4",
            "Qwirkle Cards: who starts on a tie, and what if nobody holds a series of three?",
            "The oldest (S004, the UK paraphrase); only an unreliable copy says the youngest. The UK paraphrase "
            "deals again when nobody has a series of three; S004 does not say.",
            "The oldest starts; the cards are dealt again when nobody can open.",
        ),
        options=("CardsRuleSet.cards_start_tiebreak", "CardsRuleSet.cards_redeal_if_no_opening"),
    ),
    RuleEntry(
        "CARDS-5",
        "The starter may open with any valid series of at least 3 cards, not necessarily the largest.",
        explanation="The starter may open with any valid series of three or more cards, not only the biggest.",
        sources=(_S("RUMMY", "", "does NOT have to play their largest set"),),
        choice=Choice(
            "C2",
            "Qwirkle Cards: must the starter open with their largest series?",
            'The UK paraphrase says no. The BoardGameGeek description has the starter lay "these cards", ludovox '
            "speaks of laying 3 cards, tryagame of 3 cards or more.",
            "No: any valid series of at least three cards opens.",
        ),
        options=("CardsRuleSet.cards_opening_must_play_max",),
    ),
    RuleEntry(
        "CARDS-6",
        "A turn lays at least one card from the hand and may open, extend and rearrange series, as long as every "
        "series is valid and holds at least 3 cards at the end of the turn.",
        explanation=(
            "On your turn you lay at least one card from your hand, and you may build new series, add to series "
            "and move cards between series as you like, as long as every series is valid and at least three "
            "cards long when you finish."
        ),
        sources=(
            _S("S004", "Mise en place et déroulement", "ouvrir une série, en compléter une ou réorganiser"),
            _S("S004", "Questions de règles", "vous devez avoir ajouté au moins une carte de votre main"),
            _S("BGG"),
            _S("RUMMY"),
        ),
        options=("CardsRuleSet.cards_min_set",),
    ),
    RuleEntry(
        "CARDS-7",
        "A player who cannot lay a card passes (or, as an option, redraws a new hand).",
        explanation=(
            "If you cannot lay any card, you pass (or, with the option, you swap your whole hand for a new one)."
        ),
        sources=(
            _S("S004", "Mise en place et déroulement", "sinon, vous passez"),
            _S("BGG", "", "draws nine new cards"),
            _S("LUDOVOX", "", "refaire votre main à neuf"),
        ),
        choice=Choice(
            "C1",
            "Qwirkle Cards: what does a player who cannot lay a card do?",
            "Pass (S004, the edition the seed describes). Draw a new hand of nine, shuffle the old one into the "
            "deck and play (the BoardGameGeek description, ludovox for Schmidt).",
            "Pass; the redraw is a preset. What happens when the redraw still gives no play, or the deck holds "
            "fewer than nine cards, is the library's own choice and is documented with the option; so is the end "
            "of a game in which every player passes in turn, since nothing can change any more.",
        ),
        options=("CardsRuleSet.cards_blocked_action",),
    ),
    RuleEntry(
        "CARDS-8",
        "A series of 6 cards is a Qwirkle: it leaves the table and is kept by the player who completed it.",
        explanation="A series of six cards is a Qwirkle: it leaves the table and the player who completed it keeps it.",
        sources=(
            _S("S004", "Mise en place et déroulement", "retirez-la de la table et conservez-la"),
            _S("S004", "Questions de règles", "gagnée par la personne qui la complète"),
            _S("BGG", "", "claims this set"),
            _S("RUMMY"),
            _S("TRYAGAME"),
        ),
        choice=Choice(
            "",
            "Qwirkle Cards: when exactly does a completed series leave the table?",
            "No source says.",
            "At the end of the turn, every series of six goes to the player whose turn it was.",
        ),
    ),
    RuleEntry(
        "CARDS-9",
        "The score is the number of Qwirkles a player has claimed.",
        explanation="Cards laid score nothing: your score is how many Qwirkles you have won.",
        sources=(
            _S("S004", "Fin de partie", "Le plus grand nombre de Qwirkles remportés"),
            _S("BGG"),
            _S("RUMMY", "", "Make the most Qwirkles to win"),
            _S("TRYAGAME"),
        ),
        choice=Choice(
            "C3",
            "Qwirkle Cards: how is the game scored?",
            "By the number of Qwirkles (S004, BoardGameGeek, the UK paraphrase, tryagame). Two pages that look "
            "machine-written award points per card; they contradict every other source and are ignored.",
            "The number of Qwirkles claimed.",
        ),
    ),
    RuleEntry(
        "CARDS-10",
        "When the last card is drawn, each player has one more turn, the player who emptied the deck last.",
        explanation=(
            "When the last card is drawn, everyone has one more turn, and the player who took the last card plays last."
        ),
        sources=(
            _S("S004", "Fin de partie", "chacun dispose encore d'un tour"),
            _S("BGG", "", "Each player then takes one final turn"),
        ),
        choice=Choice(
            "",
            "Qwirkle Cards: do players refill during the final turns?",
            "No source says; there is nothing left to draw.",
            "No refills once the deck is empty.",
        ),
    ),
    RuleEntry(
        "CARDS-11",
        "The most Qwirkles wins; a tie is a shared win.",
        explanation="The most Qwirkles wins; players tied for the most share the win.",
        sources=(_S("S004", "Questions de règles", "les joueurs à égalité se partagent la victoire"),),
        note="The other sources say nothing about ties.",
    ),
)
"""Every rule of the catalogue, by ID, in the order of the catalogue's sections."""
