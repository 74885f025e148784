"""The rule catalogue: every rule of the tile game and of Qwirkle Cards, with its stable ID.

The IDs are those of the project's rule catalogue (``RULES.md``). Every
illegal move is refused with the :class:`Rule` it breaks, and every function
that enforces a rule names it in its docstring.

Each rule carries, as data: a one-sentence :attr:`~Rule.statement` in our
own words, the :attr:`~Rule.sources` that state it (:class:`Source`, each
pointing into one of the :data:`DOCUMENTS`), the :attr:`~Rule.options` that
change it, and, where the sources disagree or say nothing, the
:attr:`~Rule.choice` the library makes (:class:`Choice`). The documentation's
rules page is generated from this module.

>>> rule = Rule.EXCHANGE_1
>>> rule.section.title
'Exchange'
>>> str(rule.sources[0])
'000_375d64aa8eb286b4.txt, Livret p. 2, Échanger des tuiles: "mettre de côté les tuiles à échanger"'
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

__all__ = ["DOCUMENTS", "SECTIONS", "Choice", "Document", "Rule", "Section", "Source"]


@attrs.frozen
class Document:
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
class Source:
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
class Choice:
    """How the library settles a question on which the sources disagree or say nothing.

    >>> choice = Rule.START_3.choice
    >>> choice.ref, choice.options
    ('A1', ('RuleSet.start_tiebreak',))
    """

    ref: str
    """The question's number in the catalogue's list of ambiguities (``"A1"``, ``"C2"``), or ``""``."""
    question: str
    """The question the sources leave open."""
    sources_say: str
    """What each source says, or that none says anything."""
    default: str
    """What the library does by default."""
    options: tuple[str, ...] = ()
    """The options that change it, as ``"RuleSet.field"`` or ``"CardsRuleSet.field"``; empty if none."""
    official: bool = True
    """``False`` for a safeguard that no source describes."""


@attrs.frozen
class Section:
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
    Section(10, "Qwirkle Cards", ("CARDS",), game="cards"),
)
"""The sections of the rule catalogue, grouped as in ``RULES.md`` (section 9 lists variants, not rules)."""


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
    def statement(self) -> str:
        """The rule in one sentence."""
        return _STATEMENTS[self]

    @property
    def sources(self) -> tuple[Source, ...]:
        """The documents that state the rule, each with the place in it.

        >>> [source.key for source in Rule.SETUP_1.sources]
        ['S002', 'S003', 'MW-CUR', 'DE']
        """
        return _SOURCES[self]

    @property
    def choice(self) -> Choice | None:
        """What the library does where the sources disagree on this rule or say nothing, else ``None``.

        >>> Rule.LINE_3.choice is None
        True
        >>> Rule.END_5.choice.official
        False
        """
        return _CHOICES.get(self)

    @property
    def options(self) -> tuple[str, ...]:
        """The options that change this rule (``"RuleSet.hand_size"``); empty if none does.

        >>> Rule.SETUP_3.options
        ('RuleSet.hand_size',)
        """
        return _OPTIONS.get(self, ())

    @property
    def note(self) -> str:
        """A remark on how the rule relates to others or to the sources, or ``""``.

        >>> Rule.LINE_4.note
        'It follows from LINE-2 and LINE-3: a line of seven tiles always repeats a tile.'
        """
        return _NOTES.get(self, "")

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


_STATEMENTS: dict[Rule, str] = {
    Rule.TILES_1: "There are 36 distinct tiles, one for each of 6 colours and 6 shapes.",
    Rule.TILES_2: "Each distinct tile exists in 3 copies, 108 tiles in all.",
    Rule.TILES_3: "The tiles start in a bag; there is no board, and the table is an unbounded grid.",
    Rule.SETUP_1: "A game has 2 to 4 players.",
    Rule.SETUP_2: "The bag is shuffled and each player draws a hidden hand of 6 tiles.",
    Rule.SETUP_3: "A hand holds 6 tiles and is refilled to 6 after every placement.",
    Rule.START_1: "Each player's group is the largest set of their tiles that could form one line; "
    "identical tiles count once.",
    Rule.START_2: "The player with the largest group starts.",
    Rule.START_3: "If several players tie for the largest group, the oldest of them starts.",
    Rule.START_4: "The starter opens by laying a largest group of their hand as one line.",
    Rule.START_5: "The opening scores like any placement, then the starter refills.",
    Rule.START_6: "An opening of a single tile scores 1 point.",
    Rule.START_7: "After the opening, turns go round in seat order.",
    Rule.TURN_1: "A turn is either a placement of tiles from the hand or an exchange, never both.",
    Rule.TURN_2: "After placing, a player draws back up to 6 tiles, as far as the bag allows.",
    Rule.TURN_3: "A player may pass only when they can neither place nor exchange.",
    Rule.PLACE_1: "All tiles placed in one turn lie in a single row or a single column.",
    Rule.PLACE_2: "The placed tiles and the tiles between them form one unbroken run.",
    Rule.PLACE_3: "All tiles placed in one turn share a colour or a shape.",
    Rule.PLACE_4: "After the opening, a placed tile must touch a tile on the table along an edge.",
    Rule.PLACE_5: "Tiles go only on empty cells, and tiles on the table never move.",
    Rule.LINE_1: "A line is a maximal run of two or more tiles in a row or a column.",
    Rule.LINE_2: "A line is all one colour with different shapes, or all one shape with different colours.",
    Rule.LINE_3: "No line may contain two identical tiles.",
    Rule.LINE_4: "A line is at most 6 tiles long.",
    Rule.LINE_5: "A tile added to a line must share the line's attribute, so some cells stay empty.",
    Rule.LINE_6: "Every line through a placed tile, in both directions, must be valid.",
    Rule.SCORE_1: "Each line a move creates or extends scores one point per tile in it.",
    Rule.SCORE_2: "A placed tile in both a row and a column line scores in both.",
    Rule.SCORE_3: "Each line scores once per move, however many placed tiles it holds.",
    Rule.SCORE_4: "A line completed to 6 tiles is a Qwirkle and earns 6 bonus points.",
    Rule.SCORE_5: "A move that completes two Qwirkles earns both bonuses.",
    Rule.SCORE_6: "An exchange scores nothing.",
    Rule.SCORE_7: "A move that forms no line (a one-tile opening) scores 1 point.",
    Rule.SCORE_8: "The player who ends the game by placing their last tile earns 6 bonus points.",
    Rule.EXCHANGE_1: "Instead of placing, a player may exchange 1 to 6 of their tiles: "
    "draw first, then return the others to the bag.",
    Rule.EXCHANGE_2: "An exchange is the whole turn.",
    Rule.EXCHANGE_3: "A player may exchange even when they could place.",
    Rule.EXCHANGE_4: "A player who cannot place must exchange if the bag allows it.",
    Rule.EXCHANGE_5: "A player may not exchange more tiles than the bag holds.",
    Rule.END_1: "When the bag is empty, play goes on without drawing.",
    Rule.END_2: "The game ends when a player places their last tile with the bag empty.",
    Rule.END_3: "If the bag is empty and nobody can place, the game ends with no bonus.",
    Rule.END_4: "The highest total wins; a tie is a shared win.",
    Rule.END_5: "Optionally, the game ends after a set number of rounds without a placement.",
    Rule.CARDS_1: "Qwirkle Cards uses a deck of 108 cards, 3 of each of the 36 colour and shape pairs, "
    "with no wild cards.",
    Rule.CARDS_2: "Qwirkle Cards takes 2 to 4 players, each holding 9 cards and refilling to 9 after every turn.",
    Rule.CARDS_3: "A series is 3 to 6 cards of one colour with different shapes, or of one shape with "
    "different colours.",
    Rule.CARDS_4: "The player with the largest valid series of at least 3 cards starts, the oldest on a tie; "
    "if nobody has one, the cards are dealt again.",
    Rule.CARDS_5: "The starter may open with any valid series of at least 3 cards, not necessarily the largest.",
    Rule.CARDS_6: "A turn lays at least one card from the hand and may open, extend and rearrange series, "
    "as long as every series is valid and holds at least 3 cards at the end of the turn.",
    Rule.CARDS_7: "A player who cannot lay a card passes (or, as an option, redraws a new hand).",
    Rule.CARDS_8: "A series of 6 cards is a Qwirkle: it leaves the table and is kept by the player who completed it.",
    Rule.CARDS_9: "The score is the number of Qwirkles a player has claimed.",
    Rule.CARDS_10: "When the last card is drawn, each player has one more turn, the player who emptied the deck last.",
    Rule.CARDS_11: "The most Qwirkles wins; a tie is a shared win.",
}


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


def _p1(section: str) -> str:
    return f"Livret p. 1, {section}"


def _p2(section: str) -> str:
    return f"Livret p. 2, {section}"


_S = Source

_SOURCES: dict[Rule, tuple[Source, ...]] = {
    Rule.TILES_1: (
        _S("S000", _p1("But du jeu"), "3 séries de 36 tuiles différentes"),
        _S("S001", "Contenu de la boîte", "36 combinaisons uniques"),
        _S("S002", "Le matériel", "chacune de ces 36 combinaisons"),
        _S("S003", "Contenuto", "6 colori e 6 simboli diversi"),
        _S("MW-CUR", "Components", "36 are unique tiles"),
    ),
    Rule.TILES_2: (
        _S("S000", _p1("But du jeu"), "108 tuiles"),
        _S("S001", "Contenu de la boîte", "3 exemplaires de chacune"),
        _S("S002", "Le matériel", "trois exemplaires"),
        _S("MW-CUR", "Strategy Tips", "there are three of each type of tile"),
        _S("DE", "summaries"),
    ),
    Rule.TILES_3: (
        _S("S000", _p1("Préparation"), "Mettez toutes les tuiles dans le sac"),
        _S("S002", "Le matériel", "Il n'y a pas de plateau"),
        _S("MW-CUR"),
    ),
    Rule.SETUP_1: (
        _S("S002", "Le matériel", "de deux à quatre joueurs"),
        _S("S003", "opening paragraph", "2-4 giocatori"),
        _S("MW-CUR", "Travel edition (ttpm.com)", "two to four players"),
        _S("DE", "ludorium.at", "2-4 Spieler"),
    ),
    Rule.SETUP_2: (
        _S("S000", _p1("Préparation"), "Chaque joueur tire secrètement 6 tuiles"),
        _S("S001", "Préparation de la partie"),
        _S("S002", "La mise en place, steps 1 and 2"),
        _S("S003", "Come si gioca"),
    ),
    Rule.SETUP_3: (
        _S("S000", _p1("Déroulement de la partie"), "pour retrouver six tuiles en main"),
        _S("S001", "common errors (Dutch)", "weer aan tot exact 6 stenen"),
        _S("S002", "La mise en place", "votre main reste à six tuiles"),
        _S("S003", "Prima di iniziare", "riportare la sua mano a 6"),
        _S("MW-CUR"),
    ),
    Rule.START_1: (
        _S("S000", _p1("Début de partie"), "sans compter les tuiles en double"),
        _S("S001", "Préparation de la partie", "sans doublon"),
        _S("S003", "Prima di iniziare", "Le tessere identiche [...] non si contano"),
        _S("MW-OLD", "geekyhobbies.com", "You do not count duplicate tiles"),
        _S("WIKIHOW", "example hand", "the 3 circles"),
    ),
    Rule.START_2: (
        _S("S000", _p1("Début de partie")),
        _S("S001", "Préparation de la partie", "la plus longue ligne valide"),
        _S("S002", "La mise en place, step 4"),
        _S("S003", "Prima di iniziare"),
        _S("MW-CUR", "", "The player with the most matching tiles"),
    ),
    Rule.START_3: (
        _S("S000", _p1("Début de partie"), "le joueur le plus âgé commence"),
        _S("MW-OLD", "geekyhobbies.com", "the oldest player starts"),
        _S("IELLO", "gamerules.com"),
    ),
    Rule.START_4: (
        _S("S000", _p1("Début de partie"), "Il pose ces tuiles en jeu"),
        _S("S001", "Préparation de la partie"),
        _S("S002", "La mise en place, step 4", "le pose comme première ligne"),
        _S("S003", "Prima di iniziare", "dispone le sue tessere"),
        _S("MW-CUR", "", "plays those tiles"),
        _S("MW-OLD", "help text of a public C++ implementation", "plays those tiles in a row or column"),
    ),
    Rule.START_5: (
        _S("S000", _p1("Début de partie"), "comptabilise ses points"),
        _S("S000", _p2("Calcul des points"), "Quand vous créez une ligne au premier tour"),
        _S("S001", "Préparation de la partie", "Ces tuiles de départ rapportent immédiatement des points"),
        _S("S002", "La mise en place", "se marque comme n'importe quelle autre pose"),
        _S("S003", "Prima di iniziare"),
    ),
    Rule.START_6: (_S("MW-CUR", "Object", "Points are scored for every tile played"),),
    Rule.START_7: (
        _S("S000", _p1("Début de partie"), "dans le sens des aiguilles d'une montre"),
        _S("S003", "Prima di iniziare", "Si gioca in senso orario"),
        _S("MW-OLD"),
    ),
    Rule.TURN_1: (
        _S("S000", _p1("Déroulement de la partie"), "l'une des trois actions possibles"),
        _S("S001", "Déroulement d'un tour", "deux actions possibles"),
        _S("S002", "Le déroulement d'un tour", "Jamais les deux"),
        _S("S003", "Come funziona un round?"),
        _S("MW-CUR"),
        _S("MW-OLD", "", "one of three things"),
    ),
    Rule.TURN_2: (
        _S("S000", _p1("Déroulement de la partie"), "pioche autant de tuiles qu'il en a jouées"),
        _S("S000", _p2("Fin de la partie"), "ne tirent plus de tuiles"),
        _S("S001", "Déroulement d'un tour"),
        _S("S002", "Le déroulement d'un tour, step 5"),
        _S("S003", "Come funziona un round?", "attingere dalla riserva"),
        _S("MW-CUR", "", "players do not replenish their hands"),
    ),
    Rule.TURN_3: (
        _S("S002", "Le déroulement d'un tour", "vous ne pouvez pas simplement ne rien faire"),
        _S("S002", "Échanger des tuiles", "l'échange n'est plus possible"),
        _S("S000", _p2("Échanger des tuiles"), "vous devez échanger"),
        _S("MW-OLD", "", "you must trade"),
    ),
    Rule.PLACE_1: (
        _S("S000", _p1("Déroulement de la partie"), "Les tuiles jouées doivent appartenir à la même ligne"),
        _S("S001", "common errors (Dutch)", "Stenen niet in één rechte lijn aanleggen"),
        _S("S002", "Les erreurs les plus fréquentes", "Une pose en L est interdite"),
        _S("MW-CUR", "", "placed in the same line"),
        _S("MW-OLD"),
    ),
    Rule.PLACE_2: (
        _S("MW-CUR", "", "they do not have to touch each other"),
        _S("MW-CUR", "figure", "add a tile to both ends of a line"),
        _S("S000", _p1("Déroulement de la partie"), "même si elles ne se touchent pas nécessairement"),
        _S("S002", "Le déroulement d'un tour", "du moment que la ligne ne comporte plus aucun vide"),
        _S("S002", "Les erreurs les plus fréquentes", "Laisser un trou"),
        _S("S001", "common errors (Dutch)"),
        _S("DE", "ludorium.at", "aber nicht unbedingt miteinander"),
    ),
    Rule.PLACE_3: (
        _S("S000", _p1("Déroulement de la partie"), "partager une caractéristique commune"),
        _S("S001", "common errors (Dutch)", "moeten onderling één kenmerk delen"),
        _S("S003", "Come funziona un round?", "2 o più tessere della stessa caratteristica"),
        _S("MW-CUR"),
        _S("MW-OLD"),
    ),
    Rule.PLACE_4: (
        _S("MW-CUR", "", "must touch (side to side) a tile that has already been played"),
        _S("S000", _p1("Compléter une ligne"), "impossible de jouer des tuiles qui ne soient pas reliées"),
        _S("S001", "Déroulement d'un tour", "adjacentes à des tuiles déjà présentes"),
        _S("CUBES", "", "diagonal connections are forbidden"),
    ),
    Rule.PLACE_5: (
        _S("S000", _p1("Compléter une ligne"), "les joueurs ajoutent des tuiles"),
        _S("S002", "Le matériel", "Ce sont les tuiles qui font le plateau"),
        _S("MW-CUR"),
    ),
    Rule.LINE_1: (
        _S("S000", _p1("Compléter une ligne"), "Deux ou plusieurs tuiles qui se touchent créent une ligne"),
        _S("S002", "Ce qui compte comme une ligne"),
        _S("MW-CUR", "", "Any tiles that touch each other are part of a line"),
    ),
    Rule.LINE_2: (
        _S("S000", _p1("Compléter une ligne"), "une ligne de formes ou une ligne de couleurs"),
        _S("S001", "Déroulement d'un tour"),
        _S("S002", "Ce qui compte comme une ligne"),
        _S("S003", "Linea colorata; Linea dei simboli"),
        _S("MW-CUR", "", "Lines are either all one shape or all one color"),
    ),
    Rule.LINE_3: (
        _S("S000", _p1("Compléter une ligne"), "un seul carré orange dans une ligne de carrés"),
        _S("S001", "common errors (Dutch)", "Twee dezelfde stenen in één rij leggen"),
        _S("S002", "Ce qui compte comme une ligne", "règle du doublon"),
        _S("S003", "Linea colorata", "1 simbolo non può essere ripetuto"),
        _S("MW-CUR", "", "There cannot be duplicate tiles in a line"),
    ),
    Rule.LINE_4: (
        _S("S000", _p2("Calcul des points"), "Les lignes de plus de six tuiles sont interdites"),
        _S("S002", "Ce qui compte comme une ligne", "ne peut jamais dépasser six tuiles"),
        _S("MW-CUR", "", "A line can never be longer than six tiles"),
    ),
    Rule.LINE_5: (
        _S("S000", _p1("Compléter une ligne"), "des places sur la ligne où aucune tuile ne peut être ajoutée"),
        _S("S003", "Aggiungere una o più tessere", "devono continuare la linea esistente"),
        _S("MW-CUR", "", "spaces will be created where no tile can be played"),
    ),
    Rule.LINE_6: (
        _S("S002", "Le déroulement d'un tour, step 4", "Toutes les lignes que vos tuiles touchent"),
        _S("S002", "Les erreurs les plus fréquentes", "Oublier la deuxième ligne"),
        _S("MW-CUR", "", "match the tile in color or shape"),
    ),
    Rule.SCORE_1: (
        _S("S000", _p2("Calcul des points"), "y compris celles que vous n'avez pas jouées"),
        _S("S001", "Déroulement d'un tour", "un point pour chaque tuile de la rangée"),
        _S("S002", "Les erreurs les plus fréquentes", "Une ligne vaut sa longueur entière"),
        _S("S003", "Calcolo dei punti", "1 punto per ogni tessera della linea"),
        _S("MW-CUR", "", "One point is scored for each tile in a line"),
    ),
    Rule.SCORE_2: (
        _S("S000", _p2("Calcul des points"), "Une tuile peut rapporter 2 points"),
        _S("S001", "common errors (Dutch)", "De kruispuntscore vergeten"),
        _S("S002", "Le déroulement d'un tour", "les deux rapportent des points"),
        _S("S003", "Calcolo dei punti", "3 punti + 2 punti (quadrato rosso) + 2 punti"),
        _S("MW-CUR", "", "A single tile can score two points"),
        _S("IELLO", "sanctuary.fr worked example"),
    ),
    Rule.SCORE_3: (
        _S("MW-CUR", "figure: two tiles at both ends of a line"),
        _S("WIKIHOW", "two tiles added to a line of two score 4"),
    ),
    Rule.SCORE_4: (
        _S("S000", _p2("Calcul des points"), "6 points supplémentaires"),
        _S("S001", "Déroulement d'un tour", "soit 12 points au total"),
        _S("S002", "Ce qui compte comme une ligne", "s'appelle un Qwirkle"),
        _S("S003", "Calcolo dei punti", "vince 6 punti extra"),
        _S("MW-CUR", "", "A Qwirkle scores 12 points"),
        _S("DE", "summaries", "zwölf Punkte"),
    ),
    Rule.SCORE_5: (
        _S("S000", _p2("Calcul des points"), "chaque fois que vous terminez une ligne de six tuiles"),
        _S("MW-OLD", "", "whenever you complete a line of six tiles"),
        _S("BGUK", "", "multiple Qwirkles in 1 turn"),
    ),
    Rule.SCORE_6: (
        _S("S001", "Déroulement d'un tour", "sans marquer de points"),
        _S("S002", "Échanger des tuiles", "Un échange ne rapporte aucun point"),
        _S("S003", "Come funziona un round?", "saltare il proprio turno"),
        _S("MW-CUR", "", "you do not score any points"),
    ),
    Rule.SCORE_7: (_S("MW-CUR", "Object", "Points are scored for every tile played"),),
    Rule.SCORE_8: (
        _S("S000", _p2("Calcul des points"), "Le joueur qui termine la partie obtient 6 points supplémentaires"),
        _S("S000", _p2("Fin de la partie"), "6 points supplémentaires de bonus"),
        _S("S001", "Quand se termine la partie", "un bonus final de 6 points"),
        _S("S002", "La fin de la partie", "six points de bonus"),
        _S("S003", "Calcolo dei punti", "vince 6 punti"),
        _S("MW-CUR", "", "A six-point bonus"),
    ),
    Rule.EXCHANGE_1: (
        _S("S000", _p2("Échanger des tuiles"), "mettre de côté les tuiles à échanger"),
        _S("S001", "Déroulement d'un tour", "vous mettez de côté le nombre de tuiles souhaité"),
        _S("S003", "Scambio di alcune o tutte le tessere", "vengono messe da parte"),
        _S("MW-CUR", "", "Set aside all the tiles you want to discard, then draw"),
        _S("MW-OLD"),
        _S("DE", "ludorium.at", "1-6 Steine gegen neue tauschen"),
    ),
    Rule.EXCHANGE_2: (
        _S("S000", _p1("Déroulement de la partie"), "passer son tour sans jouer de tuiles"),
        _S("S001", "Déroulement d'un tour", "Votre tour prend alors fin"),
        _S("S002", "Échanger des tuiles", "votre tour s'arrête là"),
        _S("S003", "Scambio di alcune o tutte le tessere", "salta il proprio turno"),
        _S("MW-CUR", "", "This counts as your entire turn"),
    ),
    Rule.EXCHANGE_3: (
        _S("S002", "Échanger des tuiles", "si votre main ne vous plaît pas"),
        _S("S003", "Scambio di alcune o tutte le tessere", "non vuole giocare"),
        _S("MW-CUR", "", "can't or don't want to"),
    ),
    Rule.EXCHANGE_4: (
        _S("S000", _p2("Échanger des tuiles"), "vous devez échanger"),
        _S("MW-OLD", "", "you must trade in some or all of your tiles"),
    ),
    Rule.EXCHANGE_5: (
        _S("MW-CUR", "", "You cannot discard more tiles than are in the bag"),
        _S("S002", "Échanger des tuiles", "l'échange n'est plus possible"),
    ),
    Rule.END_1: (
        _S("S000", _p2("Fin de la partie"), "continuent à jouer normalement"),
        _S("S001", "Quand se termine la partie"),
        _S("S002", "Les erreurs les plus fréquentes", "S'arrêter quand le sac est vide"),
        _S("S003", "Fine del gioco", "i giocatori continuano a giocare"),
        _S("MW-CUR"),
    ),
    Rule.END_2: (
        _S("S000", _p2("Fin de la partie"), "Lorsqu'un joueur a joué toutes ses tuiles, la partie se termine"),
        _S("S001", "Quand se termine la partie", "met immédiatement fin à la partie"),
        _S("S002", "La fin de la partie", "dès qu'un joueur pose sa dernière tuile"),
        _S("S003", "Fine del gioco"),
        _S("MW-CUR", "", "The first player to run out of tiles"),
    ),
    Rule.END_3: (
        _S("S000", _p2("Fin de la partie"), "le jeu s'arrête immédiatement"),
        _S("S002", "La fin de la partie", "le bonus n'est attribué à personne"),
        _S("S003", "Fine del gioco", "nessuno segna 6 punti extra"),
    ),
    Rule.END_4: (
        _S("S000", _p2("Fin de la partie"), "Le joueur ayant le plus grand nombre de points"),
        _S("S001", "Quand se termine la partie", "se partagent la victoire"),
        _S("S002", "La fin de la partie", "Le plus grand total l'emporte"),
        _S("S003", "Fine del gioco"),
    ),
    Rule.END_5: (),
    Rule.CARDS_1: (
        _S("RUMMY", "", "3 of each of the thirty-six cards"),
        _S("BGG"),
        _S("LUDOVOX"),
        _S("OFFTHEWAGON"),
    ),
    Rule.CARDS_2: (
        _S("S004", "Mise en place et déroulement", "chaque personne reçoit neuf cartes"),
        _S("S004", "Mise en place et déroulement", "Complétez votre main à neuf cartes"),
        _S("BGG"),
        _S("LUDOVOX"),
        _S("TRYAGAME"),
        _S("OFFTHEWAGON", "", "2-4 players"),
    ),
    Rule.CARDS_3: (
        _S("S004", "Mise en place et déroulement", "soit une couleur et des formes différentes"),
        _S("S004", "Questions de règles", "pas deux cartes identiques"),
        _S("BGG"),
        _S("RUMMY"),
    ),
    Rule.CARDS_4: (
        _S("S004", "Mise en place et déroulement", "la plus grande série valide d'au moins trois cartes"),
        _S("S004", "Mise en place et déroulement", "une égalité donne la priorité au plus âgé"),
        _S("RUMMY", "", "reshuffled and dealt again"),
    ),
    Rule.CARDS_5: (_S("RUMMY", "", "does NOT have to play their largest set"),),
    Rule.CARDS_6: (
        _S("S004", "Mise en place et déroulement", "ouvrir une série, en compléter une ou réorganiser"),
        _S("S004", "Questions de règles", "vous devez avoir ajouté au moins une carte de votre main"),
        _S("BGG"),
        _S("RUMMY"),
    ),
    Rule.CARDS_7: (
        _S("S004", "Mise en place et déroulement", "sinon, vous passez"),
        _S("BGG", "", "draws nine new cards"),
        _S("LUDOVOX", "", "refaire votre main à neuf"),
    ),
    Rule.CARDS_8: (
        _S("S004", "Mise en place et déroulement", "retirez-la de la table et conservez-la"),
        _S("S004", "Questions de règles", "gagnée par la personne qui la complète"),
        _S("BGG", "", "claims this set"),
        _S("RUMMY"),
        _S("TRYAGAME"),
    ),
    Rule.CARDS_9: (
        _S("S004", "Fin de partie", "Le plus grand nombre de Qwirkles remportés"),
        _S("BGG"),
        _S("RUMMY", "", "Make the most Qwirkles to win"),
        _S("TRYAGAME"),
    ),
    Rule.CARDS_10: (
        _S("S004", "Fin de partie", "chacun dispose encore d'un tour"),
        _S("BGG", "", "Each player then takes one final turn"),
    ),
    Rule.CARDS_11: (_S("S004", "Questions de règles", "les joueurs à égalité se partagent la victoire"),),
}

_LONE_TILE = Choice(
    "A2",
    "What does an opening of a single tile score?",
    "It happens only when every player's largest group is one tile, and no source deals with it. "
    "A lone tile forms no line (LINE-1), so the line scoring gives nothing; "
    "MindWare's object says points are scored for every tile played.",
    "1 point.",
    ("RuleSet.lone_tile_points",),
)

_CHOICES: dict[Rule, Choice] = {
    Rule.SETUP_1: Choice(
        "A11",
        "How many players?",
        "2 to 4 in S002, S003, MindWare and the German summaries; S000 and S001 say nothing. "
        "2 to 6 appears only in secondary copies (gamerules.com), and 5 or 6 as a house rule (boardbattle.de).",
        "2 to 4 players.",
        ("RuleSet.min_players", "RuleSet.max_players"),
    ),
    Rule.START_3: Choice(
        "A1",
        "Who starts when several players tie for the largest group?",
        "The oldest (S000, earlier MindWare text, Iello). S002 says the rules leave it to the players. "
        "German summaries say the youngest, but the Schmidt rulebook itself was not seen. S001 and S003 are silent.",
        "The oldest of the tied players, from the ages given to new_game(); equal or missing ages fall back "
        "to seat order, and a tie-break function can be passed instead.",
        ("RuleSet.start_tiebreak",),
    ),
    Rule.START_4: Choice(
        "A3",
        "Must the starter lay the whole of their largest group?",
        "Every source says the starter plays those tiles, the group they announced; none says in so many words "
        "that laying fewer is forbidden (only Qwirkle Cubes, another game, states it).",
        "Yes: the opening lays a largest group; when several groups tie, any one of them.",
        ("RuleSet.opening_must_play_max_group",),
    ),
    Rule.START_6: _LONE_TILE,
    Rule.SCORE_7: _LONE_TILE,
    Rule.TURN_3: Choice(
        "A6",
        "May a player pass?",
        "Never by choice (S002: doing nothing is not allowed; S000 and the earlier MindWare text: a player "
        "who cannot place must exchange). No source names the case where the bag is empty and the player "
        "cannot place; a pass follows from the rules above.",
        "No voluntary pass; a pass is legal only when the player can neither place nor exchange.",
        ("RuleSet.allow_voluntary_pass",),
    ),
    Rule.PLACE_4: Choice(
        "A9",
        "Must every placed tile touch the tiles on the table, or only one of them?",
        'S002 says "each" placed tile must touch; read literally, that forbids adding two tiles at one end '
        "of a line, which contradicts MindWare's figures and S002's own examples. MindWare and S000 say "
        "at least one.",
        "At least one placed tile touches the table; PLACE-2 keeps the others in one unbroken run. "
        "The literal reading contradicts the source's own examples, so no option offers it.",
    ),
    Rule.SCORE_5: Choice(
        "A10",
        "Does a move that completes two lines of six earn the bonus twice?",
        "S000 and the earlier MindWare text give the bonus each time a line of six is completed; a review of "
        "the Travel edition mentions several Qwirkles in one turn. No official worked example was found.",
        "Yes: each completed line earns its own bonus.",
        ("RuleSet.qwirkle_bonus",),
    ),
    Rule.EXCHANGE_1: Choice(
        "A5",
        "Does the player draw new tiles before or after returning the exchanged ones?",
        "Draw first, then return (S000, S001, S003, MindWare), so a player cannot draw back a tile they "
        "gave up. S002 returns the tiles first, then draws.",
        "Draw first, then return the exchanged tiles and mix the bag.",
        ("RuleSet.exchange_return_before_draw",),
    ),
    Rule.EXCHANGE_5: Choice(
        "A4",
        "May a player exchange more tiles than the bag holds?",
        "MindWare: no more than the bag holds. S002: no exchange once the bag is empty. S000, S001 and S003 "
        "are silent.",
        "No more tiles than the bag holds. An empty bag allows no exchange whatever the option says: "
        "there would be nothing to draw.",
        ("RuleSet.exchange_limited_by_bag",),
    ),
    Rule.END_3: Choice(
        "A7",
        "When the bag is empty and nobody can place, when does the game end, and who gets the bonus?",
        "S000, S002 and S003: the game ends and nobody gets the bonus; S000 says at once. MindWare says "
        "nothing. Ending at once or after a full round of forced passes gives the same scores, since passes "
        "change nothing.",
        "The game ends at once, with no bonus.",
        ("RuleSet.blocked_end_detection",),
    ),
    Rule.END_4: Choice(
        "A12",
        "What does a tie for the highest total mean?",
        "Only S001 speaks of ties: the tied players share the win. The others are silent.",
        "A shared win.",
        ("RuleSet.final_tiebreak",),
    ),
    Rule.END_5: Choice(
        "A8",
        "What if nobody can place although the bag still has tiles?",
        "No source covers it: players could exchange for ever.",
        "Nothing: the game goes on. The option ends it, as a blocked game, after a number of full rounds "
        "without a placement.",
        ("RuleSet.stalemate_rounds",),
        official=False,
    ),
    Rule.CARDS_4: Choice(
        "C4",
        "Qwirkle Cards: who starts on a tie, and what if nobody holds a series of three?",
        "The oldest (S004, the UK paraphrase); only an unreliable copy says the youngest. The UK paraphrase "
        "deals again when nobody has a series of three; S004 does not say.",
        "The oldest starts; the cards are dealt again when nobody can open.",
        ("CardsRuleSet.cards_start_tiebreak", "CardsRuleSet.cards_redeal_if_no_opening"),
    ),
    Rule.CARDS_5: Choice(
        "C2",
        "Qwirkle Cards: must the starter open with their largest series?",
        'The UK paraphrase says no. The BoardGameGeek description has the starter lay "these cards", '
        "ludovox speaks of laying 3 cards, tryagame of 3 cards or more.",
        "No: any valid series of at least three cards opens.",
        ("CardsRuleSet.cards_opening_must_play_max",),
    ),
    Rule.CARDS_7: Choice(
        "C1",
        "Qwirkle Cards: what does a player who cannot lay a card do?",
        "Pass (S004, the edition the seed describes). Draw a new hand of nine, shuffle the old one into the "
        "deck and play (the BoardGameGeek description, ludovox for Schmidt).",
        "Pass; the redraw is a preset. What happens when the redraw still gives no play, or the deck holds "
        "fewer than nine cards, is the library's own choice and is documented with the option; so is the end "
        "of a game in which every player passes in turn, since nothing can change any more.",
        ("CardsRuleSet.cards_blocked_action",),
    ),
    Rule.CARDS_8: Choice(
        "",
        "Qwirkle Cards: when exactly does a completed series leave the table?",
        "No source says.",
        "At the end of the turn, every series of six goes to the player whose turn it was.",
    ),
    Rule.CARDS_9: Choice(
        "C3",
        "Qwirkle Cards: how is the game scored?",
        "By the number of Qwirkles (S004, BoardGameGeek, the UK paraphrase, tryagame). Two pages that look "
        "machine-written award points per card; they contradict every other source and are ignored.",
        "The number of Qwirkles claimed.",
    ),
    Rule.CARDS_10: Choice(
        "",
        "Qwirkle Cards: do players refill during the final turns?",
        "No source says; there is nothing left to draw.",
        "No refills once the deck is empty.",
    ),
}

_OPTIONS: dict[Rule, tuple[str, ...]] = {
    Rule.TILES_2: ("RuleSet.copies_per_tile",),
    Rule.SETUP_1: ("RuleSet.min_players", "RuleSet.max_players"),
    Rule.SETUP_3: ("RuleSet.hand_size",),
    Rule.START_3: ("RuleSet.start_tiebreak",),
    Rule.START_4: ("RuleSet.opening_must_play_max_group",),
    Rule.START_6: ("RuleSet.lone_tile_points",),
    Rule.TURN_3: ("RuleSet.allow_voluntary_pass",),
    Rule.SCORE_4: ("RuleSet.qwirkle_bonus",),
    Rule.SCORE_5: ("RuleSet.qwirkle_bonus",),
    Rule.SCORE_7: ("RuleSet.lone_tile_points",),
    Rule.SCORE_8: ("RuleSet.end_bonus",),
    Rule.EXCHANGE_1: ("RuleSet.exchange_return_before_draw",),
    Rule.EXCHANGE_5: ("RuleSet.exchange_limited_by_bag",),
    Rule.END_3: ("RuleSet.blocked_end_detection",),
    Rule.END_4: ("RuleSet.final_tiebreak",),
    Rule.END_5: ("RuleSet.stalemate_rounds",),
    Rule.CARDS_2: ("CardsRuleSet.cards_hand_size",),
    Rule.CARDS_3: ("CardsRuleSet.cards_min_set",),
    Rule.CARDS_4: ("CardsRuleSet.cards_start_tiebreak", "CardsRuleSet.cards_redeal_if_no_opening"),
    Rule.CARDS_5: ("CardsRuleSet.cards_opening_must_play_max",),
    Rule.CARDS_6: ("CardsRuleSet.cards_min_set",),
    Rule.CARDS_7: ("CardsRuleSet.cards_blocked_action",),
}

_NOTES: dict[Rule, str] = {
    Rule.TILES_2: "S003 gives only the total of 108 tiles.",
    Rule.TILES_3: "The library's table therefore has unbounded integer coordinates.",
    Rule.SETUP_3: "See TURN-2 for the refill when the bag runs low.",
    Rule.START_1: "S002 does not mention duplicates.",
    Rule.START_2: "The size of the group is announced, and the starter then lays it (START-4).",
    Rule.START_6: "A lone tile forms no line (LINE-1); SCORE-7 gives the points.",
    Rule.TURN_2: "Taking what is left when the bag holds too few tiles is implied, not stated.",
    Rule.TURN_3: "The French and Italian phrases for skipping a turn describe the exchange, "
    "which is the whole turn, not a separate pass.",
    Rule.PLACE_1: "Two tiles in one column, one of which also extends a row, are legal.",
    Rule.PLACE_2: "The tiles of the opening must touch each other.",
    Rule.PLACE_3: "It cannot fail on its own: tiles in one unbroken valid line (PLACE-1, PLACE-2, LINE-2, LINE-3) "
    "share that line's colour or shape. It is checked anyway, before the lines.",
    Rule.PLACE_5: "No source has a rule to move or remove a tile; all of them imply this one.",
    Rule.LINE_2: "S003 adds that two neighbouring tiles must have something in common, "
    "which is necessary but not enough.",
    Rule.LINE_4: "It follows from LINE-2 and LINE-3: a line of seven tiles always repeats a tile.",
    Rule.LINE_5: "For information: it follows from LINE-2 to LINE-4.",
    Rule.LINE_6: "A tile that fits its row but not its column is illegal.",
    Rule.SCORE_3: "Score = the line shared by the placed tiles, once, plus each placed tile's cross line "
    "of two tiles or more.",
    Rule.SCORE_4: "A Qwirkle can never be extended (LINE-4), so it never scores its bonus twice.",
    Rule.EXCHANGE_4: "S003 only says a player may exchange; with no voluntary pass (TURN-3) the result is the same.",
    Rule.END_1: "A secondary page (archi-chouette.fr) says the game stops when the bag is empty; "
    "every rulebook text says otherwise.",
    Rule.END_2: "The other players do not get a last turn.",
    Rule.END_5: "Not an official rule: a safeguard for games between programs.",
    Rule.CARDS_1: "S004 gives no composition; its colour-blind edition adds colour symbols to the cards "
    "without changing the rules.",
    Rule.CARDS_3: "offthewagonshop describes a grid of rows and columns, which contradicts every other source.",
    Rule.CARDS_11: "The other sources say nothing about ties.",
}
