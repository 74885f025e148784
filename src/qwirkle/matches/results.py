"""The result of one game of a match, as the match and its log record it.

>>> from qwirkle.matches.simulate import run_match_game
>>> result = run_match_game(["greedy", "random"], seed=1, index=0)
>>> GameResult.loads(result.dumps()) == result
True
"""

from __future__ import annotations

import math
import warnings
from typing import Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.cards.endings import CardsEndReason
from qwirkle.endings import EndReason, winners_among
from qwirkle.formats import _codec
from qwirkle.rules.limits import MAX_CLOCK

__all__ = ["TURN_LIMIT", "GameResult"]

TURN_LIMIT: Final = "turn_limit"
"""The ending of a game cut short by the turn limit (bots that stall without ``stalemate_rounds``)."""

_REASONS: Final = frozenset(
    {reason.value for reason in EndReason} | {reason.value for reason in CardsEndReason} | {TURN_LIMIT}
)
_MAX_INDEX: Final = 10**15
_MAX_SEED: Final = 2**64
_MAX_LABEL: Final = 1000


@attrs.frozen
class GameResult(Immutable):
    """The result of one game of a match; every tuple is by seat.

    Everything but :attr:`times` follows from the match seed, so two runs of
    a match give equal results (times are measured, and left out of ``==``).

    >>> from qwirkle.matches.simulate import run_match_game
    >>> result = run_match_game(["greedy", "random"], seed=1, index=0)
    >>> result.entries, result.bots, result.reason in ("went_out", "blocked")
    ((0, 1), ('greedy', 'random'), True)
    """

    index: int
    """The game's number in the match, from 0."""
    deal: int
    """The seed the tiles were dealt from."""
    entries: tuple[int, ...]
    """For each seat, the entry of the match that sat there (an index into the match's players)."""
    bots: tuple[str, ...]
    """The bot's name at each seat."""
    scores: tuple[int, ...]
    """Final scores."""
    winners: tuple[int, ...]
    """The seats with the highest score (several for a shared win)."""
    reason: str
    """How the game ended: an :class:`~qwirkle.EndReason` value (a :class:`~qwirkle.cards.CardsEndReason` value in
    a match of Qwirkle Cards), or ``"turn_limit"``."""
    turns: int
    """Turns played, all seats together."""
    moves: tuple[int, ...]
    """Turns each seat played."""
    qwirkles: tuple[int, ...]
    """Lines of six each seat completed."""
    exchanges: tuple[int, ...]
    """Exchanges each seat made."""
    passes: tuple[int, ...]
    """Passes each seat made."""
    times: tuple[tuple[float, ...], ...] = attrs.field(eq=False)
    """The seconds each seat's bot took to choose each of its moves (a game played by the native engine is
    timed whole, and each of its moves given the game's average)."""

    def win_share(self, seat: int) -> float:
        """What the game is worth to ``seat``: 1 for a win, ``1/k`` for a win shared by ``k`` seats, else 0.

        >>> from qwirkle.matches.simulate import run_match_game
        >>> result = run_match_game(["greedy", "greedy"], seed=1, index=0)
        >>> result.win_share(0) + result.win_share(1)
        1.0
        """
        return 1 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self) -> dict[str, _codec.JSON]:
        """The result as JSON-ready data, with one entry per seat under ``"seats"``.

        >>> from qwirkle.matches.simulate import run_match_game
        >>> data = run_match_game(["greedy", "random"], seed=1, index=0).to_json()
        >>> sorted(data["seats"][0])
        ['bot', 'entry', 'exchanges', 'moves', 'passes', 'qwirkles', 'score', 'times', 'won']
        """
        return {
            "index": self.index,
            "deal": self.deal,
            "reason": self.reason,
            "turns": self.turns,
            "winners": list(self.winners),
            "seats": [
                {
                    "entry": self.entries[seat],
                    "bot": self.bots[seat],
                    "score": self.scores[seat],
                    "won": self.win_share(seat),
                    "moves": self.moves[seat],
                    "qwirkles": self.qwirkles[seat],
                    "exchanges": self.exchanges[seat],
                    "passes": self.passes[seat],
                    "times": [round(t, 6) for t in self.times[seat]],
                }
                for seat in range(len(self.entries))
            ],
        }

    def dumps(self) -> str:
        """The result as compact JSON text: one line of a match log (:mod:`qwirkle.matches.log`).

        >>> from qwirkle.matches.simulate import run_match_game
        >>> result = run_match_game(["greedy", "random"], seed=1, index=0)
        >>> GameResult.loads(result.dumps()) == result
        True
        """
        return _codec.dump_text(self.to_json())

    @classmethod
    def loads(cls, text: str | bytes | bytearray) -> GameResult:
        """A result from JSON text (see :meth:`from_json`); raises :class:`~qwirkle.InvalidRecordError`.

        >>> GameResult.loads('{"index": 0')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: the result is not valid JSON: ...
        """
        return _decode_result(_codec.Reader(_codec.load_text(text, "the result")))

    @classmethod
    def from_json(cls, data: object, path: str | None = None) -> GameResult:
        """A result from the data :meth:`to_json` makes, or its JSON text; raises :class:`~qwirkle.InvalidRecordError`.

        Every field is checked, and so is what follows from the others: the
        winners are the seats with the highest score, each seat's ``won`` is
        its share, and there is one time per move. ``path``, the JSON path
        the error names, is deprecated: the data is read as a document of its
        own, at ``$``.

        >>> from qwirkle.matches.simulate import run_match_game
        >>> result = run_match_game(["greedy", "random"], seed=1, index=0)
        >>> GameResult.from_json(result.to_json()) == GameResult.from_json(result.dumps()) == result
        True
        >>> GameResult.from_json({"index": -1})
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: the key 'deal' is missing
        """
        if path is not None:
            warnings.warn(
                "GameResult.from_json(data, path) is deprecated: call GameResult.from_json(data)",
                DeprecationWarning,
                stacklevel=2,
            )
            return _decode_result(_codec.Reader(data, path))
        return _decode_result(_codec.Reader(_codec.data_of(data, "the result")))


def _decode_result(reader: _codec.Reader) -> GameResult:
    """A result from JSON data at ``reader``, every field and what follows from them checked."""
    fields = reader.fields(("index", "deal", "reason", "turns", "winners", "seats"))
    index = fields["index"].integer(0, _MAX_INDEX)
    deal = fields["deal"].integer(0, _MAX_SEED)
    reason = fields["reason"].text()
    if reason not in _REASONS:
        raise fields["reason"].fail(f"unknown ending {reason!r}")
    turns = fields["turns"].integer(0, _MAX_INDEX)
    seats = fields["seats"].items(4, 2)
    n = len(seats)
    winners = tuple(item.integer(0, n - 1) for item in fields["winners"].items(n, 1))
    columns: dict[str, list[int]] = {
        name: [] for name in ("entry", "score", "moves", "qwirkles", "exchanges", "passes")
    }
    bots: list[str] = []
    times: list[tuple[float, ...]] = []
    shares: list[_codec.Reader] = []
    for seat in seats:
        f = seat.fields(("entry", "bot", "score", "won", "moves", "qwirkles", "exchanges", "passes", "times"))
        for name, column in columns.items():
            column.append(f[name].integer(0, _MAX_INDEX))
        bots.append(f["bot"].text(_MAX_LABEL))
        times.append(tuple(item.seconds(MAX_CLOCK) for item in f["times"].items()))
        if len(times[-1]) != columns["moves"][-1]:
            raise f["times"].fail(f"{len(times[-1])} times for {columns['moves'][-1]} moves")
        shares.append(f["won"])
    if sorted(columns["entry"]) != list(range(n)):
        raise fields["seats"].fail("the entries of the seats are not one each of 0 to the number of seats less 1")
    if winners != winners_among(columns["score"]):
        raise fields["winners"].fail("the winners are not the seats with the highest score")
    if sum(columns["moves"]) != turns:
        raise fields["turns"].fail(f"{turns} turns, but the seats played {sum(columns['moves'])} moves")
    result = GameResult(
        index=index,
        deal=deal,
        entries=tuple(columns["entry"]),
        bots=tuple(bots),
        scores=tuple(columns["score"]),
        winners=winners,
        reason=reason,
        turns=turns,
        moves=tuple(columns["moves"]),
        qwirkles=tuple(columns["qwirkles"]),
        exchanges=tuple(columns["exchanges"]),
        passes=tuple(columns["passes"]),
        times=tuple(times),
    )
    for place, share in enumerate(shares):
        won = share.value
        if not isinstance(won, (int, float)) or isinstance(won, bool) or not math.isclose(won, result.win_share(place)):
            raise share.fail(f"expected the seat's share of the win, {result.win_share(place):g}")
    return result
