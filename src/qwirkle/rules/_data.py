"""The rule catalogue's data: every document it cites and every rule's record, as plain values.

:mod:`qwirkle.rules.catalogue` makes its values from these: a
:class:`~qwirkle.rules.catalogue.Document` of each document and a
:class:`~qwirkle.rules.catalogue.RuleEntry` of each rule. A source is its
document's key, then the page or section and a short quote where known.

>>> ENTRIES[0]["id"], DOCUMENTS[0]["key"]
('TILES-1', 'S000')
"""

from __future__ import annotations

from typing import Final, NotRequired, TypedDict

__all__ = ["DOCUMENTS", "ENTRIES", "ChoiceData", "DocumentData", "EntryData"]


class DocumentData(TypedDict):
    """The fields of a :class:`~qwirkle.rules.catalogue.Document`, its links as (text, address) pairs."""

    key: str
    name: str
    title: str
    reliability: str
    file: NotRequired[str]
    where: NotRequired[str]
    links: NotRequired[tuple[tuple[str, str], ...]]


class ChoiceData(TypedDict):
    """The fields of a :class:`~qwirkle.rules.catalogue.Choice`."""

    ref: str
    question: str
    sources_say: str
    default: str
    official: NotRequired[bool]


class EntryData(TypedDict):
    """The fields of a :class:`~qwirkle.rules.catalogue.RuleEntry`, a source (key, where, quote)."""

    id: str
    statement: str
    explanation: NotRequired[str]
    sources: NotRequired[tuple[tuple[str] | tuple[str, str] | tuple[str, str, str], ...]]
    choice: NotRequired[ChoiceData]
    note: NotRequired[str]
    options: NotRequired[tuple[str, ...]]


_LONE_TILE: Final[ChoiceData] = {
    "ref": "A2",
    "question": "What does an opening of a single tile score?",
    "sources_say": (
        "It happens only when every player's largest group is one tile, and no source deals with it. A "
        "lone tile forms no line (LINE-1), so the line scoring gives nothing; MindWare's object says "
        "points are scored for every tile played."
    ),
    "default": "1 point.",
}
"""The choice shared by START-6 and SCORE-7."""

DOCUMENTS: Final[tuple[DocumentData, ...]] = (
    {
        "key": "S000",
        "name": "Official booklet, reworded (French)",
        "title": (
            'The rules of the official French booklet, reworded by Meepl ("Livret officiel, reformulé par '
            'Meepl"); each section names its booklet page'
        ),
        "reliability": "secondary: a reworded copy of the official French booklet",
        "file": "000_375d64aa8eb286b4.txt",
    },
    {
        "key": "S001",
        "name": "Rules summary (French, with common errors in Dutch)",
        "title": "A French summary of the rules, with a list of common errors in Dutch; no page references",
        "reliability": "secondary summary",
        "file": "001_5c998aed91a556ef.txt",
    },
    {
        "key": "S002",
        "name": "Règles du Qwirkle : comment jouer (French)",
        "title": (
            "The rules as told on the promotional page of a scoring app, with a list of frequent errors; no "
            "page references"
        ),
        "reliability": "secondary summary",
        "file": "002_cd8eda11fe898290.txt",
    },
    {
        "key": "S003",
        "name": "Rulebook text (Italian)",
        "title": "The text of the Italian rulebook; the captions of its figures are damaged; no page references",
        "reliability": "close to the rulebook, but damaged",
        "file": "003_57b3a0e4e88be43c.txt",
    },
    {
        "key": "S004",
        "name": "Qwirkle Cartes, colour-blind edition (Bibliojeu, French)",
        "title": (
            "A French catalogue text (Bibliojeu) about Qwirkle Cartes, the colour-blind edition, with "
            "questions and answers"
        ),
        "reliability": "secondary summary",
        "file": "004_efe1fd509bd5ebce.txt",
    },
    {
        "key": "MW-CUR",
        "name": "MindWare rulebook (English)",
        "title": (
            "The current MindWare English rulebook (Object, Playing the Game, Placing Tiles, Scoring, Ending "
            "the Game, Strategy Tips), known only through reproductions"
        ),
        "reliability": "official text, seen through reproductions",
        "where": "a public repository reproduces the text (RulesView.java) and the rulebook's figures",
        "links": (
            ("GitHub: Seifeldin-Sabry/Qwirkle", "https://github.com/Seifeldin-Sabry/Qwirkle"),
            ("ttpm.com, review of MindWare Travel Qwirkle", "https://ttpm.com/products/view.php?product_id=5381"),
        ),
    },
    {
        "key": "MW-OLD",
        "name": "MindWare rulebook, earlier text (English)",
        "title": (
            'The earlier MindWare English text ("On your turn, do one of three things"), known through paraphrases'
        ),
        "reliability": "secondary paraphrases of official text",
        "links": (
            ("geekyhobbies.com", "https://www.geekyhobbies.com/qwirkle-rules/"),
            ("ultraboardgames.com", "https://www.ultraboardgames.com/qwirkle/game-rules.php"),
            ("GitHub: rflatley441/SE4", "https://github.com/rflatley441/SE4"),
        ),
    },
    {
        "key": "IELLO",
        "name": "Iello edition (French)",
        "title": ("The French Iello edition: the publisher's worked example and an English translation of its rules"),
        "reliability": "secondary",
        "links": (
            ("sanctuary.fr", "https://www.sanctuary.fr/fiche/58965/"),
            ("gamerules.com", "https://gamerules.com/rules/qwirkle/"),
        ),
    },
    {
        "key": "DE",
        "name": "Schmidt Spiele rules, German summaries",
        "title": "German summaries of the Schmidt Spiele rules (the Schmidt rulebook itself was not found)",
        "reliability": "secondary",
        "where": "spieletest.at, poeppelkiste.de, ludorium.at, spieletippsvonflors.de and mieze-merle.de",
        "links": (("boardbattle.de", "https://boardbattle.de/brettspiele/qwirkle"),),
    },
    {
        "key": "WIKIHOW",
        "name": "wikiHow: how to play Qwirkle",
        "title": "The wikiHow article on playing Qwirkle, cited for its worked examples",
        "reliability": "secondary",
    },
    {
        "key": "CUBES",
        "name": "Qwirkle Cubes rules",
        "title": "The rules of Qwirkle Cubes, a different game of the family, cited only for comparison",
        "reliability": "a different game",
        "links": (("ultraboardgames.com", "https://www.ultraboardgames.com/qwirkle/qwirkle-cubes.php"),),
    },
    {
        "key": "BGUK",
        "name": "Qwirkle Travel review (board-game.co.uk)",
        "title": "A review of Qwirkle Travel on board-game.co.uk",
        "reliability": "secondary",
    },
    {
        "key": "REAYJESPERSEN",
        "name": "House rules for Qwirkle (reayjespersen.com)",
        "title": ("A blog post on reayjespersen.com on house rules for Qwirkle, among them playing to a score limit"),
        "reliability": "a house rule, not a rulebook",
    },
    {
        "key": "BGG",
        "name": "BoardGameGeek description of Qwirkle Cards",
        "title": (
            "The BoardGameGeek description of Qwirkle Cards, as translated on ludonauta.es (Spanish) and "
            "spelplaats.com (Dutch)"
        ),
        "reliability": "secondary",
        "links": (
            ("ludonauta.es", "https://ludonauta.es/juegos-mesas/qwirkle-cards-2015"),
            ("spelplaats.com", "https://spelplaats.com/qwirkle-cards.php"),
        ),
    },
    {
        "key": "RUMMY",
        "name": "Qwirkle Rummy product page (UK)",
        "title": 'A UK paraphrase of the MindWare rulebook of Qwirkle Cards, sold as "Qwirkle Rummy"',
        "reliability": "secondary",
        "links": (
            (
                "thegiftandgadgetstore.com",
                "https://www.thegiftandgadgetstore.com/product/qwirkle-rummy-mix-match-switch-win/",
            ),
        ),
    },
    {
        "key": "LUDOVOX",
        "name": "Ludovox on the Schmidt edition of Qwirkle Cards (French)",
        "title": "ludovox.fr on the Schmidt multilingual edition of Qwirkle Cards",
        "reliability": "secondary",
        "links": (("ludovox.fr", "http://ludovox.fr/qwirkle-cards-arrive/"),),
    },
    {
        "key": "TRYAGAME",
        "name": "Tryagame review of Qwirkle Cartes (French)",
        "title": "tryagame.fr, a review of Iello's Qwirkle Cartes",
        "reliability": "secondary",
    },
    {
        "key": "OFFTHEWAGON",
        "name": "Off the Wagon product page for Qwirkle Cards",
        "title": "offthewagonshop's product page for Qwirkle Cards",
        "reliability": "secondary; its description of the play contradicts the other sources",
    },
)
"""Every document the catalogue cites, in order: the five seed files first, then the other sources."""

ENTRIES: Final[tuple[EntryData, ...]] = (
    {
        "id": "TILES-1",
        "statement": "There are 36 distinct tiles, one for each of 6 colours and 6 shapes.",
        "explanation": (
            "Every tile is one colour (red, orange, yellow, green, blue, purple) and one shape (circle, "
            "square, diamond, clover, four-point star, eight-point star), and every pair of the two occurs."
        ),
        "sources": (
            ("S000", "p. 1, But du jeu", "3 séries de 36 tuiles différentes"),
            ("S001", "Contenu de la boîte", "36 combinaisons uniques"),
            ("S002", "Le matériel", "chacune de ces 36 combinaisons"),
            ("S003", "Contenuto", "6 colori e 6 simboli diversi"),
            ("MW-CUR", "Components", "36 are unique tiles"),
        ),
    },
    {
        "id": "TILES-2",
        "statement": "Each distinct tile exists in 3 copies, 108 tiles in all.",
        "explanation": (
            "So there are three red circles, three red squares, and so on: a line may be blocked because the "
            "tile it needs is already used up."
        ),
        "sources": (
            ("S000", "p. 1, But du jeu", "108 tuiles"),
            ("S001", "Contenu de la boîte", "3 exemplaires de chacune"),
            ("S002", "Le matériel", "trois exemplaires"),
            ("MW-CUR", "Strategy Tips", "there are three of each type of tile"),
            ("DE", "summaries"),
        ),
        "note": "S003 gives only the total of 108 tiles.",
        "options": ("RuleSet.copies_per_tile",),
    },
    {
        "id": "TILES-3",
        "statement": "The tiles start in a bag; there is no board, and the table is an unbounded grid.",
        "explanation": "The game has no board: the tiles themselves make the table, and it can grow in any direction.",
        "sources": (
            ("S000", "p. 1, Préparation", "Mettez toutes les tuiles dans le sac"),
            ("S002", "Le matériel", "Il n'y a pas de plateau"),
            ("MW-CUR",),
        ),
        "note": "The library's table therefore has unbounded integer coordinates.",
    },
    {
        "id": "SETUP-1",
        "statement": "A game has 2 to 4 players.",
        "explanation": "Two, three or four people play; there is no solo game and no game of five.",
        "sources": (
            ("S002", "Le matériel", "de deux à quatre joueurs"),
            ("S003", "opening paragraph", "2-4 giocatori"),
            ("MW-CUR", "Travel edition (ttpm.com)", "two to four players"),
            ("DE", "ludorium.at", "2-4 Spieler"),
        ),
        "choice": {
            "ref": "A11",
            "question": "How many players?",
            "sources_say": (
                "2 to 4 in S002, S003, MindWare and the German summaries; S000 and S001 say nothing. 2 to 6 "
                "appears only in secondary copies (gamerules.com), and 5 or 6 as a house rule "
                "(boardbattle.de)."
            ),
            "default": "2 to 4 players.",
        },
        "options": ("RuleSet.min_players", "RuleSet.max_players"),
    },
    {
        "id": "SETUP-2",
        "statement": "The bag is shuffled and each player draws a hidden hand of 6 tiles.",
        "explanation": "Nobody sees another player's tiles; only the number of tiles in each hand is public.",
        "sources": (
            ("S000", "p. 1, Préparation", "Chaque joueur tire secrètement 6 tuiles"),
            ("S001", "Préparation de la partie"),
            ("S002", "La mise en place, steps 1 and 2"),
            ("S003", "Come si gioca"),
        ),
    },
    {
        "id": "SETUP-3",
        "statement": "A hand holds 6 tiles and is refilled to 6 after every placement.",
        "explanation": (
            "You always start your turn with six tiles while the bag lasts: after placing, you draw as many as "
            "you placed."
        ),
        "sources": (
            ("S000", "p. 1, Déroulement de la partie", "pour retrouver six tuiles en main"),
            ("S001", "common errors (Dutch)", "weer aan tot exact 6 stenen"),
            ("S002", "La mise en place", "votre main reste à six tuiles"),
            ("S003", "Prima di iniziare", "riportare la sua mano a 6"),
            ("MW-CUR",),
        ),
        "note": "See TURN-2 for the refill when the bag runs low.",
        "options": ("RuleSet.hand_size",),
    },
    {
        "id": "START-1",
        "statement": (
            "Each player's group is the largest set of their tiles that could form one line; identical tiles "
            "count once."
        ),
        "explanation": (
            "Look at your hand for the biggest set of tiles that could go in one line: same colour and all "
            "different shapes, or same shape and all different colours. Two identical tiles count only once."
        ),
        "sources": (
            ("S000", "p. 1, Début de partie", "sans compter les tuiles en double"),
            ("S001", "Préparation de la partie", "sans doublon"),
            ("S003", "Prima di iniziare", "Le tessere identiche [...] non si contano"),
            ("MW-OLD", "geekyhobbies.com", "You do not count duplicate tiles"),
            ("WIKIHOW", "example hand", "the 3 circles"),
        ),
        "note": "S002 does not mention duplicates.",
    },
    {
        "id": "START-2",
        "statement": "The player with the largest group starts.",
        "explanation": "Everyone says how big their best group is; the biggest goes first.",
        "sources": (
            ("S000", "p. 1, Début de partie"),
            ("S001", "Préparation de la partie", "la plus longue ligne valide"),
            ("S002", "La mise en place, step 4"),
            ("S003", "Prima di iniziare"),
            ("MW-CUR", "", "The player with the most matching tiles"),
        ),
        "note": "The size of the group is announced, and the starter then lays it (START-4).",
    },
    {
        "id": "START-3",
        "statement": "If several players tie for the largest group, the oldest of them starts.",
        "explanation": "When two players have groups of the same size, the older one starts.",
        "sources": (
            ("S000", "p. 1, Début de partie", "le joueur le plus âgé commence"),
            ("MW-OLD", "geekyhobbies.com", "the oldest player starts"),
            ("IELLO", "gamerules.com"),
        ),
        "choice": {
            "ref": "A1",
            "question": "Who starts when several players tie for the largest group?",
            "sources_say": (
                "The oldest (S000, earlier MindWare text, Iello). S002 says the rules leave it to the players. "
                "German summaries say the youngest, but the Schmidt rulebook itself was not seen. S001 and "
                "S003 are silent."
            ),
            "default": (
                "The oldest of the tied players, from the ages given to new_game(); equal or missing ages fall "
                "back to seat order, and a tie-break function can be passed instead."
            ),
        },
        "options": ("RuleSet.start_tiebreak",),
    },
    {
        "id": "START-4",
        "statement": "The starter opens by laying a largest group of their hand as one line.",
        "explanation": (
            "The first move of the game is that group, laid in one straight line; laying fewer tiles, or "
            "another, smaller group, is not allowed."
        ),
        "sources": (
            ("S000", "p. 1, Début de partie", "Il pose ces tuiles en jeu"),
            ("S001", "Préparation de la partie"),
            ("S002", "La mise en place, step 4", "le pose comme première ligne"),
            ("S003", "Prima di iniziare", "dispone le sue tessere"),
            ("MW-CUR", "", "plays those tiles"),
            ("MW-OLD", "help text of a public C++ implementation", "plays those tiles in a row or column"),
        ),
        "choice": {
            "ref": "A3",
            "question": "Must the starter lay the whole of their largest group?",
            "sources_say": (
                "Every source says the starter plays those tiles, the group they announced; none says in so "
                "many words that laying fewer is forbidden (only Qwirkle Cubes, another game, states it)."
            ),
            "default": "Yes: the opening lays a largest group; when several groups tie, any one of them.",
        },
        "options": ("RuleSet.opening_must_play_max_group",),
    },
    {
        "id": "START-5",
        "statement": "The opening scores like any placement, then the starter refills.",
        "explanation": "The first line scores a point per tile, like any line, and the starter draws back up to six.",
        "sources": (
            ("S000", "p. 1, Début de partie", "comptabilise ses points"),
            ("S000", "p. 2, Calcul des points", "Quand vous créez une ligne au premier tour"),
            ("S001", "Préparation de la partie", "Ces tuiles de départ rapportent immédiatement des points"),
            ("S002", "La mise en place", "se marque comme n'importe quelle autre pose"),
            ("S003", "Prima di iniziare"),
        ),
    },
    {
        "id": "START-6",
        "statement": "An opening of a single tile scores 1 point.",
        "explanation": "When everyone's best group is a single tile, the opening is one tile, and it scores one point.",
        "sources": (("MW-CUR", "Object", "Points are scored for every tile played"),),
        "choice": _LONE_TILE,
        "note": "A lone tile forms no line (LINE-1); SCORE-7 gives the points.",
        "options": ("RuleSet.lone_tile_points",),
    },
    {
        "id": "START-7",
        "statement": "After the opening, turns go round in seat order.",
        "explanation": "Play then goes round the table, one player after the other; nobody plays out of turn.",
        "sources": (
            ("S000", "p. 1, Début de partie", "dans le sens des aiguilles d'une montre"),
            ("S003", "Prima di iniziare", "Si gioca in senso orario"),
            ("MW-OLD",),
        ),
    },
    {
        "id": "TURN-1",
        "statement": "A turn is either a placement of tiles from the hand or an exchange, never both.",
        "explanation": (
            "On your turn you either put tiles from your hand on the table or swap tiles with the bag, not "
            "both, and you can only place tiles you hold."
        ),
        "sources": (
            ("S000", "p. 1, Déroulement de la partie", "l'une des trois actions possibles"),
            ("S001", "Déroulement d'un tour", "deux actions possibles"),
            ("S002", "Le déroulement d'un tour", "Jamais les deux"),
            ("S003", "Come funziona un round?"),
            ("MW-CUR",),
            ("MW-OLD", "", "one of three things"),
        ),
    },
    {
        "id": "TURN-2",
        "statement": "After placing, a player draws back up to 6 tiles, as far as the bag allows.",
        "explanation": "After placing, you draw back up to six tiles; when the bag runs low you take what is left.",
        "sources": (
            ("S000", "p. 1, Déroulement de la partie", "pioche autant de tuiles qu'il en a jouées"),
            ("S000", "p. 2, Fin de la partie", "ne tirent plus de tuiles"),
            ("S001", "Déroulement d'un tour"),
            ("S002", "Le déroulement d'un tour, step 5"),
            ("S003", "Come funziona un round?", "attingere dalla riserva"),
            ("MW-CUR", "", "players do not replenish their hands"),
        ),
        "note": "Taking what is left when the bag holds too few tiles is implied, not stated.",
    },
    {
        "id": "TURN-3",
        "statement": "A player may pass only when they can neither place nor exchange.",
        "explanation": (
            "You cannot skip your turn because you would rather wait: you pass only when there is nothing at "
            "all you may do."
        ),
        "sources": (
            ("S002", "Le déroulement d'un tour", "vous ne pouvez pas simplement ne rien faire"),
            ("S002", "Échanger des tuiles", "l'échange n'est plus possible"),
            ("S000", "p. 2, Échanger des tuiles", "vous devez échanger"),
            ("MW-OLD", "", "you must trade"),
        ),
        "choice": {
            "ref": "A6",
            "question": "May a player pass?",
            "sources_say": (
                "Never by choice (S002: doing nothing is not allowed; S000 and the earlier MindWare text: a "
                "player who cannot place must exchange). No source names the case where the bag is empty and "
                "the player cannot place; a pass follows from the rules above."
            ),
            "default": "No voluntary pass; a pass is legal only when the player can neither place nor exchange.",
        },
        "note": (
            "The French and Italian phrases for skipping a turn describe the exchange, which is the whole "
            "turn, not a separate pass."
        ),
        "options": ("RuleSet.allow_voluntary_pass",),
    },
    {
        "id": "PLACE-1",
        "statement": "All tiles placed in one turn lie in a single row or a single column.",
        "explanation": "The tiles you put down in one turn all go in the same row, or all in the same column.",
        "sources": (
            ("S000", "p. 1, Déroulement de la partie", "Les tuiles jouées doivent appartenir à la même ligne"),
            ("S001", "common errors (Dutch)", "Stenen niet in één rechte lijn aanleggen"),
            ("S002", "Les erreurs les plus fréquentes", "Une pose en L est interdite"),
            ("MW-CUR", "", "placed in the same line"),
            ("MW-OLD",),
        ),
        "note": "Two tiles in one column, one of which also extends a row, are legal.",
    },
    {
        "id": "PLACE-2",
        "statement": "The placed tiles and the tiles between them form one unbroken run.",
        "explanation": (
            "Your tiles need not touch each other, but there must be no empty cell between them: together with "
            "the tiles already there, they make one unbroken line."
        ),
        "sources": (
            ("MW-CUR", "", "they do not have to touch each other"),
            ("MW-CUR", "figure", "add a tile to both ends of a line"),
            ("S000", "p. 1, Déroulement de la partie", "même si elles ne se touchent pas nécessairement"),
            ("S002", "Le déroulement d'un tour", "du moment que la ligne ne comporte plus aucun vide"),
            ("S002", "Les erreurs les plus fréquentes", "Laisser un trou"),
            ("S001", "common errors (Dutch)"),
            ("DE", "ludorium.at", "aber nicht unbedingt miteinander"),
        ),
        "note": "The tiles of the opening must touch each other.",
    },
    {
        "id": "PLACE-3",
        "statement": "All tiles placed in one turn share a colour or a shape.",
        "explanation": "Every tile you place in a turn has the same colour, or every one has the same shape.",
        "sources": (
            ("S000", "p. 1, Déroulement de la partie", "partager une caractéristique commune"),
            ("S001", "common errors (Dutch)", "moeten onderling één kenmerk delen"),
            ("S003", "Come funziona un round?", "2 o più tessere della stessa caratteristica"),
            ("MW-CUR",),
            ("MW-OLD",),
        ),
        "note": (
            "It cannot fail on its own: tiles in one unbroken valid line (PLACE-1, PLACE-2, LINE-2, LINE-3) "
            "share that line's colour or shape. It is checked anyway, before the lines."
        ),
    },
    {
        "id": "PLACE-4",
        "statement": "After the opening, a placed tile must touch a tile on the table along an edge.",
        "explanation": (
            "Every move after the first must join the tiles already on the table, side by side: touching at a "
            "corner is not enough."
        ),
        "sources": (
            ("MW-CUR", "", "must touch (side to side) a tile that has already been played"),
            ("S000", "p. 1, Compléter une ligne", "impossible de jouer des tuiles qui ne soient pas reliées"),
            ("S001", "Déroulement d'un tour", "adjacentes à des tuiles déjà présentes"),
            ("CUBES", "", "diagonal connections are forbidden"),
        ),
        "choice": {
            "ref": "A9",
            "question": "Must every placed tile touch the tiles on the table, or only one of them?",
            "sources_say": (
                'S002 says "each" placed tile must touch; read literally, that forbids adding two tiles at one '
                "end of a line, which contradicts MindWare's figures and S002's own examples. MindWare and "
                "S000 say at least one."
            ),
            "default": (
                "At least one placed tile touches the table; PLACE-2 keeps the others in one unbroken run. The "
                "literal reading contradicts the source's own examples, so no option offers it."
            ),
        },
    },
    {
        "id": "PLACE-5",
        "statement": "Tiles go only on empty cells, and tiles on the table never move.",
        "explanation": (
            "You can only put a tile on an empty cell, and tiles on the table stay where they are for the whole game."
        ),
        "sources": (
            ("S000", "p. 1, Compléter une ligne", "les joueurs ajoutent des tuiles"),
            ("S002", "Le matériel", "Ce sont les tuiles qui font le plateau"),
            ("MW-CUR",),
        ),
        "note": "No source has a rule to move or remove a tile; all of them imply this one.",
    },
    {
        "id": "LINE-1",
        "statement": "A line is a maximal run of two or more tiles in a row or a column.",
        "explanation": (
            "Two or more tiles side by side in a row or a column make a line; a tile on its own is not a line."
        ),
        "sources": (
            ("S000", "p. 1, Compléter une ligne", "Deux ou plusieurs tuiles qui se touchent créent une ligne"),
            ("S002", "Ce qui compte comme une ligne"),
            ("MW-CUR", "", "Any tiles that touch each other are part of a line"),
        ),
    },
    {
        "id": "LINE-2",
        "statement": "A line is all one colour with different shapes, or all one shape with different colours.",
        "explanation": (
            "Every line is either one colour, each tile a different shape, or one shape, each tile a different colour."
        ),
        "sources": (
            ("S000", "p. 1, Compléter une ligne", "une ligne de formes ou une ligne de couleurs"),
            ("S001", "Déroulement d'un tour"),
            ("S002", "Ce qui compte comme une ligne"),
            ("S003", "Linea colorata; Linea dei simboli"),
            ("MW-CUR", "", "Lines are either all one shape or all one color"),
        ),
        "note": (
            "S003 adds that two neighbouring tiles must have something in common, which is necessary but not enough."
        ),
    },
    {
        "id": "LINE-3",
        "statement": "No line may contain two identical tiles.",
        "explanation": "A line never holds the same tile twice, such as two red circles.",
        "sources": (
            ("S000", "p. 1, Compléter une ligne", "un seul carré orange dans une ligne de carrés"),
            ("S001", "common errors (Dutch)", "Twee dezelfde stenen in één rij leggen"),
            ("S002", "Ce qui compte comme une ligne", "règle du doublon"),
            ("S003", "Linea colorata", "1 simbolo non può essere ripetuto"),
            ("MW-CUR", "", "There cannot be duplicate tiles in a line"),
        ),
    },
    {
        "id": "LINE-4",
        "statement": "A line is at most 6 tiles long.",
        "explanation": "A line can have at most six tiles, because there are only six colours and six shapes.",
        "sources": (
            ("S000", "p. 2, Calcul des points", "Les lignes de plus de six tuiles sont interdites"),
            ("S002", "Ce qui compte comme une ligne", "ne peut jamais dépasser six tuiles"),
            ("MW-CUR", "", "A line can never be longer than six tiles"),
        ),
        "note": "It follows from LINE-2 and LINE-3: a line of seven tiles always repeats a tile.",
    },
    {
        "id": "LINE-5",
        "statement": "A tile added to a line must share the line's attribute, so some cells stay empty.",
        "explanation": (
            "Some empty cells can never be filled, because no tile would suit both the row and the column "
            "through them; that is part of the game."
        ),
        "sources": (
            ("S000", "p. 1, Compléter une ligne", "des places sur la ligne où aucune tuile ne peut être ajoutée"),
            ("S003", "Aggiungere una o più tessere", "devono continuare la linea esistente"),
            ("MW-CUR", "", "spaces will be created where no tile can be played"),
        ),
        "note": "For information: it follows from LINE-2 to LINE-4.",
    },
    {
        "id": "LINE-6",
        "statement": "Every line through a placed tile, in both directions, must be valid.",
        "explanation": "A tile you place must suit every line it joins: the row it is in and the column it is in.",
        "sources": (
            ("S002", "Le déroulement d'un tour, step 4", "Toutes les lignes que vos tuiles touchent"),
            ("S002", "Les erreurs les plus fréquentes", "Oublier la deuxième ligne"),
            ("MW-CUR", "", "match the tile in color or shape"),
        ),
        "note": "A tile that fits its row but not its column is illegal.",
    },
    {
        "id": "SCORE-1",
        "statement": "Each line a move creates or extends scores one point per tile in it.",
        "explanation": (
            "A line you make or make longer scores one point for every tile in it, the tiles that were already "
            "there included."
        ),
        "sources": (
            ("S000", "p. 2, Calcul des points", "y compris celles que vous n'avez pas jouées"),
            ("S001", "Déroulement d'un tour", "un point pour chaque tuile de la rangée"),
            ("S002", "Les erreurs les plus fréquentes", "Une ligne vaut sa longueur entière"),
            ("S003", "Calcolo dei punti", "1 punto per ogni tessera della linea"),
            ("MW-CUR", "", "One point is scored for each tile in a line"),
        ),
    },
    {
        "id": "SCORE-2",
        "statement": "A placed tile in both a row and a column line scores in both.",
        "explanation": "A tile that is part of a row and of a column at once counts in both.",
        "sources": (
            ("S000", "p. 2, Calcul des points", "Une tuile peut rapporter 2 points"),
            ("S001", "common errors (Dutch)", "De kruispuntscore vergeten"),
            ("S002", "Le déroulement d'un tour", "les deux rapportent des points"),
            ("S003", "Calcolo dei punti", "3 punti + 2 punti (quadrato rosso) + 2 punti"),
            ("MW-CUR", "", "A single tile can score two points"),
            ("IELLO", "sanctuary.fr worked example"),
        ),
    },
    {
        "id": "SCORE-3",
        "statement": "Each line scores once per move, however many placed tiles it holds.",
        "explanation": "If you place several tiles in the same line, that line still scores only once.",
        "sources": (
            ("MW-CUR", "figure: two tiles at both ends of a line"),
            ("WIKIHOW", "two tiles added to a line of two score 4"),
        ),
        "note": (
            "Score = the line shared by the placed tiles, once, plus each placed tile's cross line of two "
            "tiles or more."
        ),
    },
    {
        "id": "SCORE-4",
        "statement": "A line completed to 6 tiles is a Qwirkle and earns 6 bonus points.",
        "explanation": "Completing a line of six tiles is a Qwirkle: six points for the tiles and six more as a bonus.",
        "sources": (
            ("S000", "p. 2, Calcul des points", "6 points supplémentaires"),
            ("S001", "Déroulement d'un tour", "soit 12 points au total"),
            ("S002", "Ce qui compte comme une ligne", "s'appelle un Qwirkle"),
            ("S003", "Calcolo dei punti", "vince 6 punti extra"),
            ("MW-CUR", "", "A Qwirkle scores 12 points"),
            ("DE", "summaries", "zwölf Punkte"),
        ),
        "note": "A Qwirkle can never be extended (LINE-4), so it never scores its bonus twice.",
        "options": ("RuleSet.qwirkle_bonus",),
    },
    {
        "id": "SCORE-5",
        "statement": "A move that completes two Qwirkles earns both bonuses.",
        "explanation": "One move can complete two lines of six at once, and then both bonuses count.",
        "sources": (
            ("S000", "p. 2, Calcul des points", "chaque fois que vous terminez une ligne de six tuiles"),
            ("MW-OLD", "", "whenever you complete a line of six tiles"),
            ("BGUK", "", "multiple Qwirkles in 1 turn"),
        ),
        "choice": {
            "ref": "A10",
            "question": "Does a move that completes two lines of six earn the bonus twice?",
            "sources_say": (
                "S000 and the earlier MindWare text give the bonus each time a line of six is completed; a "
                "review of the Travel edition mentions several Qwirkles in one turn. No official worked "
                "example was found."
            ),
            "default": "Yes: each completed line earns its own bonus.",
        },
        "options": ("RuleSet.qwirkle_bonus",),
    },
    {
        "id": "SCORE-6",
        "statement": "An exchange scores nothing.",
        "explanation": "Swapping tiles scores no points.",
        "sources": (
            ("S001", "Déroulement d'un tour", "sans marquer de points"),
            ("S002", "Échanger des tuiles", "Un échange ne rapporte aucun point"),
            ("S003", "Come funziona un round?", "saltare il proprio turno"),
            ("MW-CUR", "", "you do not score any points"),
        ),
    },
    {
        "id": "SCORE-7",
        "statement": "A move that forms no line (a one-tile opening) scores 1 point.",
        "explanation": (
            "A single tile that makes no line (which can only happen at the opening) still scores one point."
        ),
        "sources": (("MW-CUR", "Object", "Points are scored for every tile played"),),
        "choice": _LONE_TILE,
        "options": ("RuleSet.lone_tile_points",),
    },
    {
        "id": "SCORE-8",
        "statement": "The player who ends the game by placing their last tile earns 6 bonus points.",
        "explanation": (
            "The first player to use up all their tiles once the bag is empty ends the game and scores six more points."
        ),
        "sources": (
            ("S000", "p. 2, Calcul des points", "Le joueur qui termine la partie obtient 6 points supplémentaires"),
            ("S000", "p. 2, Fin de la partie", "6 points supplémentaires de bonus"),
            ("S001", "Quand se termine la partie", "un bonus final de 6 points"),
            ("S002", "La fin de la partie", "six points de bonus"),
            ("S003", "Calcolo dei punti", "vince 6 punti"),
            ("MW-CUR", "", "A six-point bonus"),
        ),
        "options": ("RuleSet.end_bonus",),
    },
    {
        "id": "EXCHANGE-1",
        "statement": (
            "Instead of placing, a player may exchange 1 to 6 of their tiles: draw first, then return the "
            "others to the bag."
        ),
        "explanation": (
            "Instead of placing you may swap some or all of your tiles: set them aside, draw as many new "
            "tiles, then put the old ones back in the bag, so you cannot draw them back."
        ),
        "sources": (
            ("S000", "p. 2, Échanger des tuiles", "mettre de côté les tuiles à échanger"),
            ("S001", "Déroulement d'un tour", "vous mettez de côté le nombre de tuiles souhaité"),
            ("S003", "Scambio di alcune o tutte le tessere", "vengono messe da parte"),
            ("MW-CUR", "", "Set aside all the tiles you want to discard, then draw"),
            ("MW-OLD",),
            ("DE", "ludorium.at", "1-6 Steine gegen neue tauschen"),
        ),
        "choice": {
            "ref": "A5",
            "question": "Does the player draw new tiles before or after returning the exchanged ones?",
            "sources_say": (
                "Draw first, then return (S000, S001, S003, MindWare), so a player cannot draw back a tile "
                "they gave up. S002 returns the tiles first, then draws."
            ),
            "default": "Draw first, then return the exchanged tiles and mix the bag.",
        },
        "options": ("RuleSet.exchange_return_before_draw",),
    },
    {
        "id": "EXCHANGE-2",
        "statement": "An exchange is the whole turn.",
        "explanation": "Swapping takes your whole turn: you cannot also place tiles.",
        "sources": (
            ("S000", "p. 1, Déroulement de la partie", "passer son tour sans jouer de tuiles"),
            ("S001", "Déroulement d'un tour", "Votre tour prend alors fin"),
            ("S002", "Échanger des tuiles", "votre tour s'arrête là"),
            ("S003", "Scambio di alcune o tutte le tessere", "salta il proprio turno"),
            ("MW-CUR", "", "This counts as your entire turn"),
        ),
    },
    {
        "id": "EXCHANGE-3",
        "statement": "A player may exchange even when they could place.",
        "explanation": "You may swap even if you could have placed a tile, for example to get rid of a poor hand.",
        "sources": (
            ("S002", "Échanger des tuiles", "si votre main ne vous plaît pas"),
            ("S003", "Scambio di alcune o tutte le tessere", "non vuole giocare"),
            ("MW-CUR", "", "can't or don't want to"),
        ),
    },
    {
        "id": "EXCHANGE-4",
        "statement": "A player who cannot place must exchange if the bag allows it.",
        "explanation": "If no tile of yours fits anywhere, you must swap tiles while the bag still has some.",
        "sources": (
            ("S000", "p. 2, Échanger des tuiles", "vous devez échanger"),
            ("MW-OLD", "", "you must trade in some or all of your tiles"),
        ),
        "note": "S003 only says a player may exchange; with no voluntary pass (TURN-3) the result is the same.",
    },
    {
        "id": "EXCHANGE-5",
        "statement": "A player may not exchange more tiles than the bag holds.",
        "explanation": (
            "You cannot swap more tiles than there are in the bag, and you cannot swap at all once it is empty."
        ),
        "sources": (
            ("MW-CUR", "", "You cannot discard more tiles than are in the bag"),
            ("S002", "Échanger des tuiles", "l'échange n'est plus possible"),
        ),
        "choice": {
            "ref": "A4",
            "question": "May a player exchange more tiles than the bag holds?",
            "sources_say": (
                "MindWare: no more than the bag holds. S002: no exchange once the bag is empty. S000, S001 and "
                "S003 are silent."
            ),
            "default": (
                "No more tiles than the bag holds. An empty bag allows no exchange whatever the option says: "
                "there would be nothing to draw."
            ),
        },
        "options": ("RuleSet.exchange_limited_by_bag",),
    },
    {
        "id": "END-1",
        "statement": "When the bag is empty, play goes on without drawing.",
        "explanation": "When the bag is empty the game goes on; players just stop drawing.",
        "sources": (
            ("S000", "p. 2, Fin de la partie", "continuent à jouer normalement"),
            ("S001", "Quand se termine la partie"),
            ("S002", "Les erreurs les plus fréquentes", "S'arrêter quand le sac est vide"),
            ("S003", "Fine del gioco", "i giocatori continuano a giocare"),
            ("MW-CUR",),
        ),
        "note": (
            "A secondary page (archi-chouette.fr) says the game stops when the bag is empty; every rulebook "
            "text says otherwise."
        ),
    },
    {
        "id": "END-2",
        "statement": "The game ends when a player places their last tile with the bag empty.",
        "explanation": (
            "The game stops the moment a player places their last tile with the bag empty; the others do not "
            "get another turn."
        ),
        "sources": (
            ("S000", "p. 2, Fin de la partie", "Lorsqu'un joueur a joué toutes ses tuiles, la partie se termine"),
            ("S001", "Quand se termine la partie", "met immédiatement fin à la partie"),
            ("S002", "La fin de la partie", "dès qu'un joueur pose sa dernière tuile"),
            ("S003", "Fine del gioco"),
            ("MW-CUR", "", "The first player to run out of tiles"),
        ),
        "note": "The other players do not get a last turn.",
    },
    {
        "id": "END-3",
        "statement": "If the bag is empty and nobody can place, the game ends with no bonus.",
        "explanation": (
            "If the bag is empty and no player can place any tile, the game stops there, with no bonus for anyone."
        ),
        "sources": (
            ("S000", "p. 2, Fin de la partie", "le jeu s'arrête immédiatement"),
            ("S002", "La fin de la partie", "le bonus n'est attribué à personne"),
            ("S003", "Fine del gioco", "nessuno segna 6 punti extra"),
        ),
        "choice": {
            "ref": "A7",
            "question": ("When the bag is empty and nobody can place, when does the game end, and who gets the bonus?"),
            "sources_say": (
                "S000, S002 and S003: the game ends and nobody gets the bonus; S000 says at once. MindWare "
                "says nothing. Ending at once or after a full round of forced passes gives the same scores, "
                "since passes change nothing."
            ),
            "default": "The game ends at once, with no bonus.",
        },
        "options": ("RuleSet.blocked_end_detection",),
    },
    {
        "id": "END-4",
        "statement": "The highest total wins; a tie is a shared win.",
        "explanation": "Whoever has the most points at the end wins; players tied on the most points share the win.",
        "sources": (
            ("S000", "p. 2, Fin de la partie", "Le joueur ayant le plus grand nombre de points"),
            ("S001", "Quand se termine la partie", "se partagent la victoire"),
            ("S002", "La fin de la partie", "Le plus grand total l'emporte"),
            ("S003", "Fine del gioco"),
        ),
        "choice": {
            "ref": "A12",
            "question": "What does a tie for the highest total mean?",
            "sources_say": "Only S001 speaks of ties: the tied players share the win. The others are silent.",
            "default": "A shared win.",
        },
        "options": ("RuleSet.final_tiebreak",),
    },
    {
        "id": "END-5",
        "statement": "Optionally, the game ends after a set number of rounds without a placement.",
        "explanation": (
            "If you play with this option, a game in which nobody can place any more for a set number of "
            "rounds ends, as a blocked game does. No rulebook has it; it keeps games between programs from "
            "going on for ever."
        ),
        "choice": {
            "ref": "A8",
            "question": "What if nobody can place although the bag still has tiles?",
            "sources_say": "No source covers it: players could exchange for ever.",
            "default": (
                "Nothing: the game goes on. The option ends it, as a blocked game, after a number of full "
                "rounds without a placement."
            ),
            "official": False,
        },
        "note": "Not an official rule: a safeguard for games between programs.",
        "options": ("RuleSet.stalemate_rounds",),
    },
    {
        "id": "VARIANT-4",
        "statement": "Optionally, the game ends as soon as a player's total reaches a set score limit.",
        "explanation": (
            "A house rule some families play: agree on a target, such as 300 points, and the game stops as "
            "soon as someone reaches it."
        ),
        "sources": (("REAYJESPERSEN",),),
        "choice": {
            "ref": "",
            "question": "May a game end at a score limit?",
            "sources_say": "Only a blog's house rule (reayjespersen.com) says so; no rulebook has a score limit.",
            "default": "No limit: the game ends as the rules say.",
            "official": False,
        },
        "note": "A house rule, not an official rule: no rulebook or publisher's text describes it.",
        "options": ("RuleSet.score_limit",),
    },
    {
        "id": "CARDS-1",
        "statement": (
            "Qwirkle Cards uses a deck of 108 cards, 3 of each of the 36 colour and shape pairs, with no wild cards."
        ),
        "explanation": "The card game has 108 cards: every colour and shape pair three times, and nothing else.",
        "sources": (
            ("RUMMY", "", "3 of each of the thirty-six cards"),
            ("BGG",),
            ("LUDOVOX",),
            ("OFFTHEWAGON",),
        ),
        "note": (
            "S004 gives no composition; its colour-blind edition adds colour symbols to the cards without "
            "changing the rules."
        ),
    },
    {
        "id": "CARDS-2",
        "statement": "Qwirkle Cards takes 2 to 4 players, each holding 9 cards and refilling to 9 after every turn.",
        "explanation": "Each player holds nine cards and draws back up to nine after their turn, while the deck lasts.",
        "sources": (
            ("S004", "Mise en place et déroulement", "chaque personne reçoit neuf cartes"),
            ("S004", "Mise en place et déroulement", "Complétez votre main à neuf cartes"),
            ("BGG",),
            ("LUDOVOX",),
            ("TRYAGAME",),
            ("OFFTHEWAGON", "", "2-4 players"),
        ),
        "options": ("CardsRuleSet.cards_hand_size",),
    },
    {
        "id": "CARDS-3",
        "statement": (
            "A series is 3 to 6 cards of one colour with different shapes, or of one shape with different colours."
        ),
        "explanation": (
            "A series on the table is three to six cards: one colour with all different shapes, or one shape "
            "with all different colours. Series are groups, not lines on a grid."
        ),
        "sources": (
            ("S004", "Mise en place et déroulement", "soit une couleur et des formes différentes"),
            ("S004", "Questions de règles", "pas deux cartes identiques"),
            ("BGG",),
            ("RUMMY",),
        ),
        "note": "offthewagonshop describes a grid of rows and columns, which contradicts every other source.",
        "options": ("CardsRuleSet.cards_min_set",),
    },
    {
        "id": "CARDS-4",
        "statement": (
            "The player with the largest valid series of at least 3 cards starts, the oldest on a tie; if "
            "nobody has one, the cards are dealt again."
        ),
        "explanation": (
            "The player with the biggest series in hand, at least three cards, starts; the oldest wins a tie, "
            "and if nobody has three cards that go together, the cards are dealt again."
        ),
        "sources": (
            ("S004", "Mise en place et déroulement", "la plus grande série valide d'au moins trois cartes"),
            ("S004", "Mise en place et déroulement", "une égalité donne la priorité au plus âgé"),
            ("RUMMY", "", "reshuffled and dealt again"),
        ),
        "choice": {
            "ref": "C4",
            "question": "Qwirkle Cards: who starts on a tie, and what if nobody holds a series of three?",
            "sources_say": (
                "The oldest (S004, the UK paraphrase); only an unreliable copy says the youngest. The UK "
                "paraphrase deals again when nobody has a series of three; S004 does not say."
            ),
            "default": "The oldest starts; the cards are dealt again when nobody can open.",
        },
        "options": ("CardsRuleSet.cards_start_tiebreak", "CardsRuleSet.cards_redeal_if_no_opening"),
    },
    {
        "id": "CARDS-5",
        "statement": "The starter may open with any valid series of at least 3 cards, not necessarily the largest.",
        "explanation": "The starter may open with any valid series of three or more cards, not only the biggest.",
        "sources": (("RUMMY", "", "does NOT have to play their largest set"),),
        "choice": {
            "ref": "C2",
            "question": "Qwirkle Cards: must the starter open with their largest series?",
            "sources_say": (
                'The UK paraphrase says no. The BoardGameGeek description has the starter lay "these cards", '
                "ludovox speaks of laying 3 cards, tryagame of 3 cards or more."
            ),
            "default": "No: any valid series of at least three cards opens.",
        },
        "options": ("CardsRuleSet.cards_opening_must_play_max",),
    },
    {
        "id": "CARDS-6",
        "statement": (
            "A turn lays at least one card from the hand and may open, extend and rearrange series, as long as "
            "every series is valid and holds at least 3 cards at the end of the turn."
        ),
        "explanation": (
            "On your turn you lay at least one card from your hand, and you may build new series, add to "
            "series and move cards between series as you like, as long as every series is valid and at least "
            "three cards long when you finish."
        ),
        "sources": (
            ("S004", "Mise en place et déroulement", "ouvrir une série, en compléter une ou réorganiser"),
            ("S004", "Questions de règles", "vous devez avoir ajouté au moins une carte de votre main"),
            ("BGG",),
            ("RUMMY",),
        ),
        "options": ("CardsRuleSet.cards_min_set",),
    },
    {
        "id": "CARDS-7",
        "statement": "A player who cannot lay a card passes (or, as an option, redraws a new hand).",
        "explanation": (
            "If you cannot lay any card, you pass (or, with the option, you swap your whole hand for a new one)."
        ),
        "sources": (
            ("S004", "Mise en place et déroulement", "sinon, vous passez"),
            ("BGG", "", "draws nine new cards"),
            ("LUDOVOX", "", "refaire votre main à neuf"),
        ),
        "choice": {
            "ref": "C1",
            "question": "Qwirkle Cards: what does a player who cannot lay a card do?",
            "sources_say": (
                "Pass (S004, the edition the seed describes). Draw a new hand of nine, shuffle the old one "
                "into the deck and play (the BoardGameGeek description, ludovox for Schmidt)."
            ),
            "default": (
                "Pass; the redraw is a preset. What happens when the redraw still gives no play, or the deck "
                "holds fewer than nine cards, is the library's own choice and is documented with the option; "
                "so is the end of a game in which every player passes in turn, since nothing can change any "
                "more."
            ),
        },
        "options": ("CardsRuleSet.cards_blocked_action",),
    },
    {
        "id": "CARDS-8",
        "statement": (
            "A series of 6 cards is a Qwirkle: it leaves the table and is kept by the player who completed it."
        ),
        "explanation": (
            "A series of six cards is a Qwirkle: it leaves the table and the player who completed it keeps it."
        ),
        "sources": (
            ("S004", "Mise en place et déroulement", "retirez-la de la table et conservez-la"),
            ("S004", "Questions de règles", "gagnée par la personne qui la complète"),
            ("BGG", "", "claims this set"),
            ("RUMMY",),
            ("TRYAGAME",),
        ),
        "choice": {
            "ref": "",
            "question": "Qwirkle Cards: when exactly does a completed series leave the table?",
            "sources_say": "No source says.",
            "default": "At the end of the turn, every series of six goes to the player whose turn it was.",
        },
    },
    {
        "id": "CARDS-9",
        "statement": "The score is the number of Qwirkles a player has claimed.",
        "explanation": "Cards laid score nothing: your score is how many Qwirkles you have won.",
        "sources": (
            ("S004", "Fin de partie", "Le plus grand nombre de Qwirkles remportés"),
            ("BGG",),
            ("RUMMY", "", "Make the most Qwirkles to win"),
            ("TRYAGAME",),
        ),
        "choice": {
            "ref": "C3",
            "question": "Qwirkle Cards: how is the game scored?",
            "sources_say": (
                "By the number of Qwirkles (S004, BoardGameGeek, the UK paraphrase, tryagame). Two pages that "
                "look machine-written award points per card; they contradict every other source and are "
                "ignored."
            ),
            "default": "The number of Qwirkles claimed.",
        },
    },
    {
        "id": "CARDS-10",
        "statement": (
            "When the last card is drawn, each player has one more turn, the player who emptied the deck last."
        ),
        "explanation": (
            "When the last card is drawn, everyone has one more turn, and the player who took the last card plays last."
        ),
        "sources": (
            ("S004", "Fin de partie", "chacun dispose encore d'un tour"),
            ("BGG", "", "Each player then takes one final turn"),
        ),
        "choice": {
            "ref": "",
            "question": "Qwirkle Cards: do players refill during the final turns?",
            "sources_say": "No source says; there is nothing left to draw.",
            "default": "No refills once the deck is empty.",
        },
    },
    {
        "id": "CARDS-11",
        "statement": "The most Qwirkles wins; a tie is a shared win.",
        "explanation": "The most Qwirkles wins; players tied for the most share the win.",
        "sources": (("S004", "Questions de règles", "les joueurs à égalité se partagent la victoire"),),
        "note": "The other sources say nothing about ties.",
    },
)
"""Every rule of the catalogue, in the order of the catalogue's sections."""
