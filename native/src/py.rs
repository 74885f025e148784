//! The Python bindings: `qwirkle_native._native.Game`, built from and turned back into the data of a
//! specification `GameState` by the pure-Python face `qwirkle.native`.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::actions::{ActionLayout, Refused, Scratch, Taken, Turn};
use crate::board::Board;
use crate::bots::{play_out, Bot, BotKind, Played};
use crate::game::{Game, Illegal, Kind, Line, Outcome, Reason, Rules, Scored};
use crate::tiles::KINDS;

create_exception!(
    _native,
    IllegalMoveError,
    PyException,
    "A move the native engine refuses; the rule ID comes first."
);

/// The options of a `RuleSet` that change play, in this order.
pub(crate) type RulesTuple = (
    usize,
    usize,
    i64,
    i64,
    i64,
    bool,
    bool,
    bool,
    bool,
    bool,
    Option<u64>,
    Option<i64>,
);

pub(crate) fn rules_of(t: RulesTuple) -> PyResult<Rules> {
    let (
        hand_size,
        copies_per_tile,
        qwirkle_bonus,
        end_bonus,
        lone_tile_points,
        opening,
        limited,
        before,
        pass,
        round,
        stalemate,
        limit,
    ) = t;
    if hand_size == 0 || copies_per_tile == 0 {
        return Err(PyValueError::new_err(
            "hand_size and copies_per_tile must be positive",
        ));
    }
    Ok(Rules {
        hand_size,
        copies_per_tile,
        qwirkle_bonus,
        end_bonus,
        lone_tile_points,
        opening_must_play_max_group: opening,
        exchange_limited_by_bag: limited,
        exchange_return_before_draw: before,
        allow_voluntary_pass: pass,
        blocked_round_of_passes: round,
        stalemate_rounds: stalemate,
        score_limit: limit,
    })
}

fn refused(e: Illegal) -> PyErr {
    IllegalMoveError::new_err(format!("{}: {}", e.rule, e.message))
}

type CellTiles = Vec<(i64, i64, u8)>;
type Orders = (Vec<(i64, i64)>, Vec<(i64, i64)>, Vec<(i64, i64)>);
type TurnTuple = (usize, &'static str, CellTiles, ScoreTuple);
type LineTuple = (i64, i64, bool, u8);
type ScoreTuple = (i64, Vec<LineTuple>, bool);

fn score_tuple(s: &Scored) -> ScoreTuple {
    (
        s.total,
        s.lines
            .iter()
            .map(|l: &Line| (l.x, l.y, l.along_row, l.len))
            .collect(),
        s.end_bonus,
    )
}

pub(crate) fn bot_kind(name: &str) -> PyResult<BotKind> {
    match name {
        "random" => Ok(BotKind::Random),
        "greedy" => Ok(BotKind::Greedy),
        _ => Err(PyValueError::new_err(format!(
            "the native engine plays the random and greedy bots, not {name:?}"
        ))),
    }
}

/// An `ActionLayout` as `(hand_size, window, end, pass_, size)`.
type ActionsTuple = (usize, usize, usize, usize, usize);

/// A turn being built by actions, with the layout it was started for.
#[derive(Clone)]
struct Building {
    layout: ActionLayout,
    turn: Turn,
    scratch: Scratch,
}

#[pyclass(module = "qwirkle_native._native", name = "Game")]
struct PyGame {
    game: Game,
    /// The turn being built by actions, dropped whenever the game changes otherwise.
    building: Option<Box<Building>>,
}

impl PyGame {
    fn of(game: Game) -> PyGame {
        PyGame {
            game,
            building: None,
        }
    }

    /// Start the turn being built for `layout` if none is; `false` once the game is over.
    fn start_building(&mut self, layout: ActionsTuple) -> PyResult<bool> {
        let (hand_size, window, end, pass, size) = layout;
        let layout = ActionLayout {
            hand_size,
            window,
            end,
            pass,
            size,
        };
        layout.check().map_err(PyValueError::new_err)?;
        if layout.hand_size != self.game.rules.hand_size {
            return Err(PyValueError::new_err("the layout is for another hand size"));
        }
        if self.game.outcome.is_some() {
            return Ok(false);
        }
        if self.building.as_ref().is_some_and(|b| b.layout != layout) {
            if !self.building.as_ref().is_some_and(|b| b.turn.is_fresh()) {
                return Err(PyValueError::new_err(
                    "a turn is being built with another layout",
                ));
            }
            self.building = None;
        }
        if self.building.is_none() {
            let mut scratch = Scratch::new(&layout);
            let turn = Turn::start(&mut self.game, &layout, &mut scratch);
            self.building = Some(Box::new(Building {
                layout,
                turn,
                scratch,
            }));
        }
        Ok(true)
    }
}

#[pymethods]
impl PyGame {
    /// A game in a given position; `orders` are the keys of the frontier's cells, row runs and column
    /// runs in the order the specification's board holds them, or `None` for a board never searched.
    #[staticmethod]
    #[pyo3(signature = (board, orders, hands, bag, scores, current, rng, idle_turns, over, rules, trailing_passes))]
    #[allow(clippy::too_many_arguments)]
    fn from_parts(
        board: Vec<(i64, i64, u8)>,
        orders: Option<Orders>,
        hands: Vec<Vec<u8>>,
        bag: Vec<u8>,
        scores: Vec<i64>,
        current: usize,
        rng: u64,
        idle_turns: u64,
        over: bool,
        rules: RulesTuple,
        trailing_passes: usize,
    ) -> PyResult<PyGame> {
        let rules = rules_of(rules)?;
        if hands.is_empty() || current >= hands.len() || scores.len() != hands.len() {
            return Err(PyValueError::new_err(
                "one hand and one score per seat, and a seat to move",
            ));
        }
        if board
            .iter()
            .map(|t| t.2)
            .chain(bag.iter().copied())
            .chain(hands.iter().flatten().copied())
            .any(|t| t >= 36)
        {
            return Err(PyValueError::new_err("a tile index is from 0 to 35"));
        }
        let mut b = Board::from_tiles(&board).map_err(PyValueError::new_err)?;
        if let Some((cells, rows, cols)) = orders {
            let keys = |cells: &[(i64, i64)]| -> PyResult<Vec<usize>> {
                cells
                    .iter()
                    .map(|&(x, y)| {
                        b.key(x, y).ok_or_else(|| {
                            PyValueError::new_err("a cell lies off the native board")
                        })
                    })
                    .collect()
            };
            let (cells, rows, cols) = (keys(&cells)?, keys(&rows)?, keys(&cols)?);
            if !b.reorder(&cells, &rows, &cols) {
                return Err(PyValueError::new_err(
                    "the frontier given does not match the board",
                ));
            }
        }
        let outcome = over.then(|| Outcome {
            reason: Reason::Other,
            winners: vec![],
            ended_by: None,
        });
        Ok(PyGame::of(Game::from_parts(
            b,
            hands,
            bag,
            scores,
            current,
            rng,
            idle_turns,
            outcome,
            rules,
            trailing_passes,
        )))
    }

    /// SETUP-2, START-1 to START-3: a new game dealt from `seed` (no ages: a tie goes to the first seat).
    #[staticmethod]
    fn new_game(seats: usize, seed: i64, rules: RulesTuple) -> PyResult<PyGame> {
        let rules = rules_of(rules)?;
        if seats == 0 || seats * rules.hand_size > 36 * rules.copies_per_tile {
            return Err(PyValueError::new_err(
                "there are not enough tiles to deal every hand",
            ));
        }
        Ok(PyGame::of(Game::new(seats, seed, rules)))
    }

    fn clone(&self) -> PyGame {
        PyGame {
            game: self.game.clone(),
            building: self.building.clone(),
        }
    }

    /// Deal the tiles of the hands and the bag again (see `Game::deal_as`); `ValueError` if they differ.
    fn deal_as(&mut self, hands: Vec<Vec<u8>>, bag: Vec<u8>, rng: u64) -> PyResult<()> {
        self.building = None;
        self.game
            .deal_as(hands, bag, rng)
            .map_err(PyValueError::new_err)
    }

    /// How many legal moves the player to move has.
    fn count(&mut self) -> u64 {
        self.game.count()
    }

    /// `count()` searching the table again rather than reusing this position's search (for timing).
    fn recount(&mut self) -> u64 {
        self.game.forget();
        self.game.count()
    }

    /// Every legal placement as a flat tuple `(x, y, tile, ...)`, cells in order, in listing order.
    fn placements(&mut self) -> Vec<Vec<i64>> {
        let mut out = vec![];
        let (board, found) = self.game.listed();
        for w in found {
            w.fill(|tiles| {
                let mut flat = Vec::with_capacity(tiles.len() * 3);
                for (&k, &t) in w.keys().iter().zip(tiles) {
                    let (x, y) = board.cell_of(k as usize);
                    flat.extend_from_slice(&[x, y, i64::from(t)]);
                }
                out.push(flat);
            });
        }
        out
    }

    /// Every legal exchange (sorted tiles), in listing order.
    fn exchanges(&self) -> Vec<Vec<u8>> {
        self.game.exchanges()
    }

    fn can_pass(&self) -> bool {
        self.game.can_pass()
    }

    /// The highest score a placement makes now, end bonus included, or -1.
    fn top_points(&mut self) -> i64 {
        self.game.top_points()
    }

    /// The highest score a placement of `hand` would make on this table, with `end_bonus` for one that
    /// places it all, or -1.
    fn top_points_holding(&mut self, hand: Vec<u8>, end_bonus: i64) -> PyResult<i64> {
        if hand.iter().any(|&t| t as usize >= KINDS) {
            return Err(PyValueError::new_err("a tile index is from 0 to 35"));
        }
        Ok(self.game.top_points_holding(&hand, end_bonus))
    }

    /// The best placement (the first listed among equals) as `(x, y, tile)` and its score, or `None`.
    fn best(&mut self) -> Option<(CellTiles, ScoreTuple)> {
        let placed = self.game.best_keyed()?;
        let score = self.game.score_of(&placed);
        let cells = placed.iter().map(|&(k, t)| {
            let (x, y) = self.game.cell_of(k);
            (x, y, t)
        });
        Some((cells.collect(), score_tuple(&score)))
    }

    /// Play a placement of `(x, y, tile)`; returns its score. A refused move raises `IllegalMoveError`.
    fn apply_place(&mut self, cells: Vec<(i64, i64, u8)>) -> PyResult<i64> {
        self.building = None;
        self.game.apply_place(&cells).map_err(refused)
    }

    fn apply_exchange(&mut self, tiles: Vec<u8>) -> PyResult<()> {
        self.building = None;
        self.game.apply_exchange(&tiles).map_err(refused)
    }

    fn apply_pass(&mut self) -> PyResult<()> {
        self.building = None;
        self.game.apply_pass().map_err(refused)
    }

    /// Play the best placement; `None` (nothing played) when there is none.
    fn apply_best(&mut self) -> Option<i64> {
        let placed = self.game.best_keyed()?;
        self.building = None;
        Some(self.game.apply_listed(&placed))
    }

    /// Play the first best-scoring placement in `move_key` order; `False`, with nothing played, if no
    /// tile can be placed.
    fn apply_first_best(&mut self) -> bool {
        self.building = None;
        crate::bots::apply_first_best(&mut self.game)
    }

    /// The legal actions of the turn being built (started for `layout` if none is), in increasing
    /// order; none once the game is over.
    fn legal_actions(&mut self, layout: ActionsTuple) -> PyResult<Vec<u32>> {
        if !self.start_building(layout)? {
            return Ok(vec![]);
        }
        Ok(self
            .building
            .as_ref()
            .map_or_else(Vec::new, |b| b.turn.legal().to_vec()))
    }

    /// The top-left cell of the window of the turn being built (started for `layout` if none is).
    fn action_origin(&mut self, layout: ActionsTuple) -> PyResult<(i64, i64)> {
        let window = layout.1;
        Ok(match (self.start_building(layout)?, &self.building) {
            (true, Some(b)) => b.turn.origin,
            _ => crate::actions::window_origin(&self.game.board, window),
        })
    }

    /// Take `action` in the turn being built: `True` if it ended the turn (its move was played),
    /// `False` if it put a tile down, `None` (nothing changed) if it is not legal now.
    fn apply_action(&mut self, layout: ActionsTuple, action: i64) -> PyResult<Option<bool>> {
        if !self.start_building(layout)? {
            return Ok(None);
        }
        let Some(Building {
            layout,
            turn,
            scratch,
        }) = self.building.as_deref_mut()
        else {
            return Ok(None);
        };
        match turn.take(&mut self.game, layout, action, scratch) {
            Ok(Taken::Tile) => Ok(Some(false)),
            Ok(Taken::Move) => {
                self.building = None;
                Ok(Some(true))
            }
            Err(Refused::Illegal) => Ok(None),
            Err(Refused::Engine(message)) => Err(PyRuntimeError::new_err(message)),
        }
    }

    /// Play bots (`"random"`, `"greedy"`, one per seat, each with its seed) to the end; `False` if the
    /// game had not ended once `max_turns` turns (counting `turns_before`) were played.
    fn play_bots(
        &mut self,
        py: Python<'_>,
        kinds: Vec<String>,
        seeds: Vec<i128>,
        turns_before: usize,
        max_turns: usize,
    ) -> PyResult<bool> {
        if kinds.len() != self.game.seats() || seeds.len() != kinds.len() {
            return Err(PyValueError::new_err("one bot and one seed per seat"));
        }
        let mut bots = kinds
            .iter()
            .zip(seeds)
            .map(|(k, s)| Ok(Bot::new(bot_kind(k)?, s)))
            .collect::<PyResult<Vec<_>>>()?;
        self.building = None;
        let game = &mut self.game;
        let played = py
            .allow_threads(|| play_out(game, &mut bots, turns_before, max_turns))
            .map_err(refused)?;
        Ok(matches!(played, Played::Over))
    }

    #[getter]
    fn hands(&self) -> Vec<Vec<u8>> {
        self.game.hands.clone()
    }
    #[getter]
    fn bag(&self) -> Vec<u8> {
        self.game.bag.clone()
    }
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.game.scores.clone()
    }
    #[getter]
    fn current(&self) -> usize {
        self.game.current
    }
    #[getter]
    fn rng(&self) -> u64 {
        self.game.rng
    }
    #[getter]
    fn idle_turns(&self) -> u64 {
        self.game.idle_turns
    }
    #[getter]
    fn board(&self) -> Vec<(i64, i64, u8)> {
        self.game
            .board
            .tiles()
            .map(|(k, t)| {
                let (x, y) = self.game.cell_of(k);
                (x, y, t)
            })
            .collect()
    }
    #[getter]
    fn turns_played(&self) -> usize {
        self.game.turns.len()
    }

    /// `(reason, winners, ended_by)` once the game is over, else `None`.
    #[getter]
    fn outcome(&self) -> Option<(&'static str, Vec<usize>, Option<usize>)> {
        self.game
            .outcome
            .as_ref()
            .map(|o| (o.reason.value(), o.winners.clone(), o.ended_by))
    }

    /// The turns played since `start`: `(seat, kind, tiles, score)`, tiles as `(x, y, tile)`
    /// (placements) or tile indices (exchanges).
    fn turns(&self, start: usize) -> Vec<TurnTuple> {
        self.game
            .turns
            .iter()
            .skip(start)
            .map(|t| {
                let kind = match t.kind {
                    Kind::Place => "place",
                    Kind::Exchange => "exchange",
                    Kind::Pass => "pass",
                };
                (t.seat, kind, t.tiles.clone(), score_tuple(&t.score))
            })
            .collect()
    }

    /// Whether turns are recorded for the history (off for fast play-outs).
    #[getter]
    fn get_record(&self) -> bool {
        self.game.record
    }
    #[setter]
    fn set_record(&mut self, on: bool) {
        self.game.record = on;
    }
}

/// Play `games` whole games between bots of one kind (`"random"` or `"greedy"`) with `seats` seats,
/// game `i` dealt from `first_seed + i` and seat `s`'s bot seeded `first_seed + i + 1000 * (s + 1)`;
/// returns the turns played in all. Turns are not recorded. For benchmarks and simulations.
#[pyfunction]
#[pyo3(signature = (kind, games, first_seed=0, seats=2, max_turns=5000))]
fn self_play(
    py: Python<'_>,
    kind: &str,
    games: usize,
    first_seed: i64,
    seats: usize,
    max_turns: usize,
) -> PyResult<u64> {
    let kind = bot_kind(kind)?;
    py.allow_threads(|| {
        let mut turns = 0u64;
        let mut game = Game::new(seats, first_seed, Rules::default());
        game.record = false;
        for i in 0..games {
            let seed = first_seed + i as i64;
            game.redeal(seed);
            let mut bots: Vec<Bot> = (0..seats)
                .map(|s| Bot::new(kind, i128::from(seed) + 1000 * (s as i128 + 1)))
                .collect();
            play_out(&mut game, &mut bots, 0, max_turns).map_err(refused)?;
            turns += game.turns_count as u64;
            game.turns_count = 0;
        }
        Ok(turns)
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<crate::py_env::PySoloBatch>()?;
    m.add_function(wrap_pyfunction!(self_play, m)?)?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add("SIDE", crate::board::SIDE)?;
    Ok(())
}
