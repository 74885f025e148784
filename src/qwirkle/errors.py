"""The library's errors: one root, :class:`QwirkleError`, and a subclass per kind of fault."""

from __future__ import annotations

import reprlib

from qwirkle.rules.catalogue import Rule

__all__ = [
    "ArgumentTypeError",
    "BackendError",
    "IllegalMoveError",
    "InvalidActionError",
    "InvalidDrawError",
    "InvalidNotationError",
    "InvalidOptionsError",
    "InvalidRecordError",
    "InvalidStateError",
    "NotJSONError",
    "QwirkleError",
    "ReplayError",
    "brief",
    "not_a_move",
    "not_your_turn",
]


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = _SHORT.maxfrozenset = 4
_SHORT.maxlevel = 3


def brief(value: object) -> str:
    """A short repr of a value from outside, for an error message: never long, never an error itself.

    An integer too long to show is told by its size (Python refuses to print
    one of more than 4,300 digits); a long string or list is cut.

    >>> brief(10**5000), brief("x" * 100), brief(list(range(100)))
    ('an integer of 16610 bits', "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'", '[0, 1, 2, 3, ...]')
    """
    if type(value) is int and value.bit_length() > 100:
        return f"an integer of {value.bit_length()} bits"
    try:
        return _SHORT.repr(value)
    except ValueError:
        return f"a {type(value).__name__} holding an integer too long to show"


class QwirkleError(ValueError):
    """The root of every error this library raises on purpose."""


class IllegalMoveError(QwirkleError):
    """A move that breaks a rule of the game.

    :attr:`rule` is the broken :class:`~qwirkle.Rule`; the message says what
    went wrong in a player's words.

    >>> error = IllegalMoveError(Rule.PLACE_1, "the tiles are not in one row or column")
    >>> error.rule
    <Rule.PLACE_1: 'PLACE-1'>
    >>> str(error)
    'PLACE-1: the tiles are not in one row or column'
    """

    rule: Rule
    reason: str

    def __init__(self, rule: Rule, reason: str) -> None:
        super().__init__(f"{rule.value}: {reason}")
        self.rule = rule
        self.reason = reason

    # An error raised in a worker process crosses back pickled, so it is rebuilt from its parts, not its message.
    def __reduce__(self) -> tuple[type[QwirkleError], tuple[object, ...]]:
        return type(self), (self.rule, self.reason)


def not_your_turn(players: tuple[str, ...], current: int, seat: object) -> IllegalMoveError:
    """The refusal of a move made for ``seat`` when ``current`` is to move (Rule START-7), naming both seats alike.

    Both games check it the same way: ``apply``, ``score`` and ``verify``
    take the seat of the player who makes the move (``seat=``) and refuse it
    unless that seat is to move, as a server does with a move from the wrong
    client.

    >>> print(not_your_turn(("Ann", "Bob"), 0, 1))
    START-7: it is seat 0 (Ann)'s turn, not seat 1 (Bob)'s
    >>> print(not_your_turn(("Ann", "Bob"), 0, 5))
    START-7: it is seat 0 (Ann)'s turn, not seat 5's
    """

    def named(number: object) -> str:
        if type(number) is int and 0 <= number < len(players):
            return f"seat {number} ({players[number]})"
        return f"seat {brief(number)}"

    return IllegalMoveError(Rule.START_7, f"it is {named(current)}'s turn, not {named(seat)}'s")


def not_a_move(value: object, moves: str = "Place, Exchange or Pass", parser: str | None = "parse_move") -> TypeError:
    """The error for a value given where a move is wanted: a programmer's error, not a broken rule.

    ``parser`` names the function that reads a move from a string, if the game has one.

    >>> print(not_a_move("Ro@0,0"))
    a move is a Place, Exchange or Pass, not 'Ro@0,0' (str); parse_move reads one from its notation
    """
    hint = f"; {parser} reads one from its notation" if parser and isinstance(value, str) else ""
    return TypeError(f"a move is a {moves}, not {brief(value)} ({type(value).__name__}){hint}")


class InvalidStateError(QwirkleError):
    """A game state, board, hand or view that could not arise under the rules.

    :attr:`rule` is the rule of the catalogue it breaks, when one does (a
    malformed value, such as a hand that is not a sequence of tiles, breaks
    none), and the message ends by naming it.

    >>> error = InvalidStateError("seat 1 holds 5 tiles while the bag has tiles", Rule.SETUP_3)
    >>> error.rule, str(error)
    (<Rule.SETUP_3: 'SETUP-3'>, 'seat 1 holds 5 tiles while the bag has tiles (Rule SETUP-3)')
    >>> InvalidStateError("hands must be a sequence of hands, not 7").rule is None
    True
    """

    rule: Rule | None
    problem: str

    def __init__(self, problem: str, rule: Rule | None = None) -> None:
        super().__init__(problem if rule is None else f"{problem} (Rule {rule.value})")
        self.problem = problem
        self.rule = rule

    def __reduce__(self) -> tuple[type[QwirkleError], tuple[object, ...]]:
        return type(self), (self.problem, self.rule)


class ArgumentTypeError(InvalidStateError, TypeError):
    """An argument of the wrong type where a game is set up or a seat named: a :class:`TypeError`.

    It is an :class:`InvalidStateError` too, as such a value was before it
    was a type error; catching it as one is deprecated.

    >>> from qwirkle import new_game
    >>> new_game("Ann and Bob")
    Traceback (most recent call last):
        ...
    qwirkle.errors.ArgumentTypeError: players must be a sequence of names, not 'Ann and Bob'
    >>> issubclass(ArgumentTypeError, TypeError)
    True
    """


class InvalidDrawError(QwirkleError):
    """Tiles asked of the bag that it cannot give: not in it, or not as many as the move draws."""


class InvalidOptionsError(QwirkleError):
    """Rule options that do not make a playable game."""


class InvalidNotationError(QwirkleError):
    """Text that is not valid notation; :attr:`position` is the index of the first bad character.

    >>> error = InvalidNotationError("expected a shape letter", "RQ", 1)
    >>> error.position, str(error)
    (1, "expected a shape letter at character 2 of 'RQ'")
    >>> print(error.pointer)
    RQ
     ^
    """

    text: str
    position: int
    problem: str

    def __init__(self, problem: str, text: str, position: int) -> None:
        self.problem = problem
        self.text = text
        self.position = max(0, min(position, len(text)))
        start = max(0, self.position - 30)
        end = self.position + 30
        shown = ("..." if start else "") + text[start:end] + ("..." if end < len(text) else "")
        super().__init__(f"{problem} at character {self.position + 1} of {shown!r}")

    def __reduce__(self) -> tuple[type[QwirkleError], tuple[object, ...]]:
        return type(self), (self.problem, self.text, self.position)

    @property
    def pointer(self) -> str:
        """The text (cut to one line around the fault) with a caret under the bad character."""
        start = max(0, self.position - 30)
        line = self.text[start : self.position + 30].replace("\n", " ")
        return f"{line}\n{' ' * (self.position - start)}^"


class InvalidRecordError(QwirkleError):
    """JSON data (a state, a view or a game record) that is malformed; :attr:`path` says where.

    >>> str(InvalidRecordError("expected an int, not 'x'", "$.scores[1]"))
    "$.scores[1]: expected an int, not 'x'"
    """

    path: str
    problem: str

    def __init__(self, problem: str, path: str = "$") -> None:
        super().__init__(f"{path}: {problem}")
        self.problem = problem
        self.path = path

    def __reduce__(self) -> tuple[type[QwirkleError], tuple[object, ...]]:
        return type(self), (self.problem, self.path)


class NotJSONError(InvalidRecordError, TypeError):
    """A value given to a loader that is neither JSON text nor JSON data: a :class:`TypeError`.

    It is an :class:`InvalidRecordError` too, as such a value was before it
    was a type error; catching it as one is deprecated.

    >>> from qwirkle import GameRecord
    >>> GameRecord.from_json(3.5j)
    Traceback (most recent call last):
        ...
    qwirkle.errors.NotJSONError: $: the record must be JSON text or JSON data, not complex
    >>> issubclass(NotJSONError, TypeError)
    True
    """


class ReplayError(InvalidRecordError):
    """A game record whose moves or scores break the rules: :attr:`rule` and :attr:`move_number` say where.

    >>> error = ReplayError(Rule.SCORE_1, 3, "the record says 5 points; the move scores 4")
    >>> error.rule, error.move_number
    (<Rule.SCORE_1: 'SCORE-1'>, 3)
    >>> str(error)
    'move 3: SCORE-1: the record says 5 points; the move scores 4'
    """

    rule: Rule
    move_number: int

    def __init__(self, rule: Rule, move_number: int, reason: str) -> None:
        QwirkleError.__init__(self, f"move {move_number}: {rule.value}: {reason}")
        self.problem = f"{rule.value}: {reason}"
        self.path = f"$.turns[{move_number - 1}]"
        self.rule = rule
        self.move_number = move_number
        self.reason = reason

    def __reduce__(self) -> tuple[type[QwirkleError], tuple[object, ...]]:
        return type(self), (self.rule, self.move_number, self.reason)


class BackendError(QwirkleError):
    """A place to run games that cannot be used: its package is not installed, or its cluster cannot be reached.

    See :mod:`qwirkle.matches.backends`; the message says what to install or what failed.
    """


class InvalidActionError(QwirkleError):
    """An action number of the adapters' encoding that is out of range or not legal now.

    See :mod:`qwirkle.adapters.actions`, which names it too.
    """
