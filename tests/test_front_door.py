"""What a newcomer meets first: typed code that type-checks, errors that say what to do, and moves that cannot lie.

- The README's code, and typed code that narrows a state with ``is_over`` or
  plays a game record's moves with ``apply``, pass ``mypy --strict``.
- A view, or anything else that is not a ``GameState``, given to a function
  that wants a state, raises a ``TypeError`` that says what to pass instead;
  a part of the library whose extra is missing says which extra to install.
- Only the legal-moves listing vouches that a placement is legal in a state:
  no public way builds a move that ``apply`` would play unchecked.
"""

from __future__ import annotations

import copy
import importlib
import pickle
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import qwirkle
import qwirkle.cards
from qwirkle import (
    Exchange,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    Place,
    Rule,
    apply,
    is_legal,
    is_over,
    legal_moves,
    new_game,
    resign,
    sample_state,
    score,
    verify,
    view,
)
from qwirkle import legality as legality_module
from qwirkle.formats.records import GameRecord
from qwirkle.interface.views import HiddenExchange
from qwirkle.legality import can_exchange, can_pass
from tests import optional
from tests.test_doc_examples import code_blocks

ROOT = Path(__file__).resolve().parents[1]

NARROWING = '''
from qwirkle import GameState, is_over, legal_moves, new_game, resign


def winners(state: GameState) -> tuple[int, ...]:
    """The winners of a finished game, none while it goes on."""
    if is_over(state):
        # Narrowed to a finished state, which is still a state.
        assert len(legal_moves(state)) == 0 and state.board is not None
        return state.outcome.winners
    return ()


assert winners(resign(new_game(["Ann", "Bob"], seed=7), 0)) == (1,)
assert winners(new_game(["Ann", "Bob"], seed=7)) == ()
'''

RECORD_TO_APPLY = """
from qwirkle import GameState, apply, new_game
from qwirkle.bots import GreedyBot, run_game
from qwirkle.formats.records import GameRecord

final = run_game([GreedyBot(1), GreedyBot(2)], seed=7)
record = GameRecord.loads(GameRecord.from_game(final).dumps())
assert record.seed is not None
state: GameState = new_game(record.players, seed=record.seed, rules=record.rules)
for turn in record.turns:
    state = apply(state, turn.move)
assert state.scores == final.scores
"""

# Without the narrowing of is_over, the outcome may be None: the same check refuses this, so it has teeth.
UNNARROWED = """
from qwirkle import new_game, resign

print(resign(new_game(["Ann", "Bob"], seed=7), 0).outcome.winners)
"""


def test_the_readme_and_typed_uses_of_is_over_and_records_type_check_under_mypy_strict(tmp_path: Path) -> None:
    from mypy import api

    readme = "".join(source for _, block in code_blocks((ROOT / "README.md").read_text()) for source in block)
    sources = {"readme.py": readme, "narrowing.py": NARROWING, "record_to_apply.py": RECORD_TO_APPLY}
    for name, source in {**sources, "unnarrowed.py": UNNARROWED}.items():
        (tmp_path / name).write_text(source)
    files = [str(tmp_path / name) for name in (*sources, "unnarrowed.py")]
    out, err, status = api.run(["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), *files])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 1, out + err
    assert 'unnarrowed.py:4: error: Item "None" of "Outcome | None" has no attribute "winners"' in errors[0]
    assert status == 1
    # They run too: what type-checks is what works.
    for source in (NARROWING, RECORD_TO_APPLY):
        exec(compile(source, "<snippet>", "exec"), {})


def test_an_exchange_of_unknown_tiles_is_refused_by_the_engine_as_a_bad_move() -> None:
    state, _ = _opened()
    hidden = HiddenExchange(2)
    for check in (apply, verify, score):
        with pytest.raises(InvalidMoveError, match=r"exchange of unknown tiles \(swap 2 tiles\).*Exchange"):
            check(state, hidden)
    assert not is_legal(state, hidden)
    assert is_legal(state, Exchange(state.hand[:2]))


# The functions that want a GameState, each called with ``value`` in the place of the state (whose moves it plays).
_CALLS: dict[str, Callable[[Any, GameState], object]] = {
    "legal_moves": lambda value, state: legal_moves(value),
    "apply": lambda value, state: apply(value, next(iter(legal_moves(state)))),
    "score": lambda value, state: score(value, next(iter(legal_moves(state)))),
    "verify": lambda value, state: verify(value, next(iter(legal_moves(state)))),
    "is_legal": lambda value, state: is_legal(value, next(iter(legal_moves(state)))),
    "is_over": lambda value, state: is_over(value),
    "resign": lambda value, state: resign(value, 0),
    "can_exchange": lambda value, state: can_exchange(value),
    "can_pass": lambda value, state: can_pass(value),
    "GameRecord.from_game": lambda value, state: GameRecord.from_game(value),
}


@pytest.mark.parametrize("verb", sorted(_CALLS))
def test_a_players_view_is_refused_with_the_way_to_a_state_to_search(verb: str) -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    seen = view(state, state.current)
    with pytest.raises(TypeError) as caught:
        _CALLS[verb](seen, state)
    message = str(caught.value)
    assert message.startswith(f"{verb}() takes a GameState, not a PlayerView: ")
    if verb == "is_over":
        assert "outcome is None while the game goes on" in message
    else:
        assert "qwirkle.sample_state(view)" in message
        # The advice works: the guess is a state, with the viewer's own legal moves.
        assert set(legal_moves(sample_state(seen))) == set(legal_moves(state))


@pytest.mark.parametrize("verb", sorted(_CALLS))
def test_a_spectators_view_a_card_game_state_and_other_values_are_refused_with_a_type_error(verb: str) -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    refusals = {
        "a SpectatorView: a spectator's view holds no hand": view(state),
        "a CardsState: that is a state of Qwirkle Cards": qwirkle.cards.new_game(["Ann", "Bob"], seed=7),
        "None (NoneType): qwirkle.new_game, qwirkle.position": None,
        "'state' (str)": "state",
    }
    for words, value in refusals.items():
        if verb == "is_over" and isinstance(value, qwirkle.SpectatorView):
            words = "a SpectatorView: a view tells it itself"
        with pytest.raises(TypeError, match="^" + re.escape(f"{verb}() takes a GameState, not {words}")):
            _CALLS[verb](value, state)


@attrs.frozen
class _SubState(GameState):
    """A subclass of GameState: the quick check on the type lets it through the slower one."""


def test_a_subclass_of_game_state_is_still_a_game_state() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    sub = _SubState(**attrs.asdict(state, recurse=False))
    assert type(sub) is not GameState
    for call in _CALLS.values():
        call(sub, state)


def test_the_check_of_the_state_type_costs_nothing_on_the_way_of_a_game_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The functions ask for the full check only when the type is not exactly GameState."""

    def fail(value: object, verb: str) -> None:
        raise AssertionError(f"{verb} checked a GameState in full")

    for module in ("qwirkle.game", "qwirkle.legality", "qwirkle.legalmoves", "qwirkle.formats.records"):
        monkeypatch.setattr(f"{module}._require_state", fail)
    state = new_game(["Ann", "Bob"], seed=7)
    for call in _CALLS.values():
        call(state, state)


@pytest.mark.parametrize(
    ("module", "blocked", "extra", "imported_before"),
    [
        ("qwirkle.adapters.pettingzoo", "pettingzoo", "pettingzoo", ("gymnasium", "numpy")),
        ("qwirkle.adapters.pettingzoo", "numpy", "pettingzoo", ("gymnasium",)),
        ("qwirkle.adapters.gymnasium", "gymnasium", "gymnasium", ()),
        ("qwirkle.adapters.openspiel", "pyspiel", "openspiel", ("numpy",)),
        ("qwirkle.testing", "hypothesis", "testing", ()),
    ],
)
def test_a_module_whose_extra_is_missing_names_the_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, module: str, blocked: str, extra: str, imported_before: tuple[str, ...]
) -> None:
    # The packages imported before the blocked one must be there, for the error to be about the blocked one.
    for name in imported_before:
        optional.require(name)
    # A package set to None in sys.modules fails to import, as a missing one does.
    monkeypatch.setitem(sys.modules, blocked, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ModuleNotFoundError) as caught:
        importlib.import_module(module)
    assert str(caught.value).startswith(f"{module} needs ")
    assert str(caught.value).endswith(f": pip install 'qwirkle[{extra}]'")
    assert caught.value.name == blocked


def test_a_missing_extra_shows_one_error_that_names_the_extra() -> None:
    for name in ("gymnasium", "numpy"):
        optional.require(name)
    code = "import sys; sys.modules['pettingzoo'] = None; import qwirkle.adapters.pettingzoo"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "During handling" not in done.stderr
    assert done.stderr.rstrip().splitlines()[-1] == (
        "ModuleNotFoundError: qwirkle.adapters.pettingzoo needs PettingZoo, Gymnasium and NumPy "
        "(import of pettingzoo halted; None in sys.modules): pip install 'qwirkle[pettingzoo]'"
    )


def _opened() -> tuple[GameState, Place]:
    """A state with tiles on the table, and a placement of a tile of the hand that touches none of them."""
    state = new_game(["Ann", "Bob"], seed=7)
    state = apply(state, next(iter(legal_moves(state))))
    return state, Place._from_sorted((((50, 50), state.hand[0]),))


def _refused_as_touching_nothing(state: GameState, move: Place) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move)
    assert caught.value.rule is Rule.PLACE_4


def test_no_public_parameter_vouches_for_a_move() -> None:
    state, far = _opened()
    with pytest.raises(TypeError):
        Place._from_sorted(far.placements, listed_for=state)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Place._from_sorted(far.placements, state)  # type: ignore[call-arg]
    with pytest.warns(DeprecationWarning, match="from_sorted"), pytest.raises(TypeError):
        Place.from_sorted(far.placements, state)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Place(far.placements, listed_for=state)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Place(far.placements, _listed_for=state)  # type: ignore[call-arg]
    assert far._listed_for is None
    _refused_as_touching_nothing(state, far)


def test_a_listed_move_gives_its_proof_to_no_other_move_or_state() -> None:
    state, far = _opened()
    listed = next(iter(legal_moves(state).placements()))
    assert listed._listed_for is state
    # Another value made from a listed move vouches for nothing.
    _refused_as_touching_nothing(state, attrs.evolve(listed, placements=far.placements))
    for made in (attrs.evolve(listed), pickle.loads(pickle.dumps(listed))):
        assert made == listed
        assert made._listed_for is None
    # A state and its listed move pickled together come back as a state and a move that vouches for nothing.
    loaded_state, loaded_move = pickle.loads(pickle.dumps((state, listed)))
    assert loaded_move._listed_for is None
    assert apply(loaded_state, loaded_move) == apply(state, listed)
    # A copy is the move itself, vouching for its own state only: another state checks it in full.
    later = apply(state, listed)
    for same in (copy.copy(listed), copy.deepcopy(listed)):
        assert same is listed
        with pytest.raises(IllegalMoveError):
            apply(later, same)


class _Forger:
    """Pickles as a Place whose fields, the proof among them, are set by the pickle's state."""

    def __init__(self, placements: tuple[object, ...], state: GameState) -> None:
        self.placements = placements
        self.state = state

    def __reduce__(self) -> tuple[object, ...]:
        fields = {"placements": self.placements, "_listed_for": self.state, "_listed_score": None}
        return object.__new__, (Place,), (None, fields)


def test_a_pickle_cannot_set_the_proof_of_a_move() -> None:
    state, far = _opened()
    data = pickle.dumps((state, _Forger(far.placements, state)))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        pickle.loads(data)


def test_a_listed_move_and_a_turn_of_the_action_adapters_still_skip_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    from qwirkle.adapters.actions import ActionTurn

    def fail(*_: object) -> None:
        raise AssertionError("a move the engine vouched for was checked again")

    state, _ = _opened()
    best = legal_moves(state).best()
    assert best is not None
    turn: object = ActionTurn.start(state)
    while isinstance(turn, ActionTurn):
        turn = turn.after(turn.legal_actions()[0])
    assert isinstance(turn, Place)
    monkeypatch.setattr(legality_module, "_check", fail)
    for move in (best[0], next(legal_moves(state).placements()), *legal_moves(state).top()[1], turn):
        assert move._listed_for is state
        apply(state, move)
    with pytest.raises(AssertionError, match="checked again"):
        apply(state, Place(best[0].placements))
