//! Solo games against built-in bots for reinforcement learning: the action encoding of
//! `qwirkle.adapters.actions` (a turn built tile by tile) and the observation and action mask of
//! `qwirkle.adapters.observation`, written into rows of caller-owned arrays.
//!
//! Every size and offset comes in a [`Layout`] built from the Python layout objects, so the two
//! sides cannot disagree on where an action or a part of the observation lies.

use crate::board::Board;
use crate::bots::{Bot, BotKind};
use crate::game::{Game, Rules};
use crate::mt::Mt;
use crate::tiles::{bits, KINDS, MAX_LINE};

/// Where each action and each part of the observation lies (`ActionLayout`, `ObservationLayout`).
#[derive(Clone, Debug)]
pub struct Layout {
    pub hand_size: usize,
    pub window: usize,
    /// The action that ends a placement; exchanges follow it, then the pass.
    pub end: usize,
    pub pass: usize,
    pub actions: usize,
    pub colour_plane: usize,
    pub shape_plane: usize,
    pub occupied_plane: usize,
    pub placed_plane: usize,
    pub open_plane: usize,
    pub planes: usize,
    pub hand: usize,
    pub unseen: usize,
    pub scores: usize,
    pub seats: usize,
    pub bag: usize,
    pub size: usize,
    pub score_scale: f64,
    pub tile_count: usize,
}

impl Layout {
    /// Refuse a layout whose parts overlap or overrun the vector, or whose actions are numbered
    /// otherwise than the encoding numbers them: every write then stays where it belongs.
    pub fn check(&self) -> Result<(), String> {
        let cells = self.window * self.window;
        let planes_end = self.planes * cells;
        let ordered = [
            (0, planes_end),
            (self.hand, self.hand + self.hand_size * KINDS),
            (self.unseen, self.unseen + KINDS),
            (self.scores, self.scores + self.seats),
            (self.bag, self.bag + 1),
        ];
        let fits = ordered.windows(2).all(|w| w[0].1 <= w[1].0) && ordered[4].1 <= self.size;
        let planes_ok = [self.occupied_plane, self.placed_plane, self.open_plane]
            .iter()
            .all(|&p| p < self.planes)
            && self.colour_plane + 6 <= self.planes
            && self.shape_plane + 6 <= self.planes;
        let numbered = self.window > 0
            && self.hand_size > 0
            && self.hand_size < 16
            && self.end == self.hand_size * cells
            && self.pass == self.end + (1 << self.hand_size)
            && self.actions == self.pass + 1;
        if !(fits && planes_ok && numbered && self.tile_count > 0 && self.score_scale > 0.0) {
            return Err("the layout does not describe the adapters' encoding".into());
        }
        Ok(())
    }
}

/// The options every game of a batch shares.
#[derive(Clone, Debug)]
pub struct Config {
    pub seat: usize,
    /// The bot of each seat, `None` for the agent's.
    pub bots: Vec<Option<BotKind>>,
    pub max_turns: usize,
    pub rules: Rules,
    pub illegal_reward: f64,
}

/// What one step gave: the reward, whether the episode ended or was cut short, and whether the
/// action was illegal.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stepped {
    pub reward: f64,
    pub terminated: bool,
    pub truncated: bool,
    pub illegal: bool,
}

/// A window of placements as the turn sees it: cells by number in the turn's window, and the tiles
/// each may take.
#[derive(Clone, Copy, Debug)]
struct Win {
    len: u8,
    cells: [u16; MAX_LINE],
    opts: [u64; MAX_LINE],
}

#[derive(Clone, Debug)]
enum Passing {
    No,
    Pass,
    /// No legal move fits the window: the pass action plays the best placement instead.
    Best(Vec<(usize, u8)>),
}

/// The agent's turn being built: `ActionTurn` of the adapters.
#[derive(Clone, Debug)]
struct Turn {
    origin: (i64, i64),
    slots: Vec<u8>,
    first_slot: [u8; KINDS],
    windows: Vec<Win>,
    placed: Vec<(u16, u8)>,
    used: u64,
    exchanges: Vec<u32>,
    passing: Passing,
    legal: Vec<u32>,
}

/// The top-left cell of a window of `side` cells centred on the table (`window_origin`).
fn window_origin(board: &Board, side: usize) -> (i64, i64) {
    let half = (side / 2) as i64;
    let mut tiles = board.tiles().map(|(k, _)| board.cell_of(k));
    let Some((x, y)) = tiles.next() else {
        return (-half, -half);
    };
    let (mut x0, mut x1, mut y0, mut y1) = (x, x, y, y);
    for (x, y) in tiles {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    (
        (x0 + x1).div_euclid(2) - half,
        (y0 + y1).div_euclid(2) - half,
    )
}

/// The number of cell `(x, y)` in the window at `origin`, if it lies inside.
#[inline]
fn number(origin: (i64, i64), side: usize, x: i64, y: i64) -> Option<usize> {
    let (column, row) = (x - origin.0, y - origin.1);
    let side = side as i64;
    ((0..side).contains(&column) && (0..side).contains(&row))
        .then(|| (row * side + column) as usize)
}

/// Whether each mask can give a tile of its own, no tile twice and none of `used`.
fn fillable(masks: &[u64], used: u64) -> bool {
    match masks {
        [] => true,
        [first, rest @ ..] => bits(first & !used).any(|t| fillable(rest, used | 1 << t)),
    }
}

impl Turn {
    fn start(game: &mut Game, layout: &Layout) -> Turn {
        let side = layout.window;
        let origin = window_origin(&game.board, side);
        let slots = game.hand().to_vec();
        let mut first_slot = [u8::MAX; KINDS];
        for (slot, &tile) in slots.iter().enumerate().rev() {
            first_slot[tile as usize] = slot as u8;
        }
        let mut windows = Vec::new();
        let (board, found) = game.listed();
        'windows: for w in found {
            let mut win = Win {
                len: w.len,
                cells: [0; MAX_LINE],
                opts: [0; MAX_LINE],
            };
            for (i, (&k, &opts)) in w.keys().iter().zip(w.opts()).enumerate() {
                let (x, y) = board.cell_of(k as usize);
                // A cell outside the window: the placement cannot be expressed.
                let Some(n) = number(origin, side, x, y) else {
                    continue 'windows;
                };
                win.cells[i] = n as u16;
                win.opts[i] = opts;
            }
            windows.push(win);
        }
        let mut exchanges = vec![];
        let largest = game.exchange_limit();
        if largest > 0 {
            for mask in 1u32..1 << slots.len() {
                // Copies of a tile are taken from their first slots, so each choice of tiles has one mask.
                let canonical = bits(u64::from(mask)).all(|s| {
                    (0..s as usize).all(|r| slots[r] != slots[s as usize] || mask >> r & 1 == 1)
                });
                if canonical && mask.count_ones() as usize <= largest {
                    exchanges.push((layout.end + mask as usize) as u32);
                }
            }
        }
        let passing = if game.can_pass() {
            Passing::Pass
        } else if windows.is_empty() && exchanges.is_empty() {
            game.best_keyed().map_or(Passing::No, Passing::Best)
        } else {
            Passing::No
        };
        Turn {
            origin,
            slots,
            first_slot,
            windows,
            placed: vec![],
            used: 0,
            exchanges,
            passing,
            legal: vec![],
        }
    }

    /// The legal actions, in increasing order (`ActionTurn.legal_actions`); `reach` is scratch
    /// space of one mask per cell, all 0, and is left so.
    fn find_legal(&mut self, layout: &Layout, reach: &mut [u64], touched: &mut Vec<u16>) {
        let used = self.used;
        let mut complete = false;
        for win in &self.windows {
            let mut cells = [0u16; MAX_LINE];
            let mut opts = [0u64; MAX_LINE];
            let mut n = 0;
            for i in 0..win.len as usize {
                if !self.placed.iter().any(|p| p.0 == win.cells[i]) {
                    cells[n] = win.cells[i];
                    opts[n] = win.opts[i] & !used;
                    n += 1;
                }
            }
            if n == 0 {
                complete = true;
                continue;
            }
            for i in 0..n {
                let cell = cells[i] as usize;
                let mut seen = reach[cell];
                if seen == 0 {
                    touched.push(cells[i]);
                }
                let mut others = [0u64; MAX_LINE];
                others[..i].copy_from_slice(&opts[..i]);
                others[i..n - 1].copy_from_slice(&opts[i + 1..n]);
                for t in bits(opts[i] & !seen) {
                    if fillable(&others[..n - 1], used | 1 << t) {
                        seen |= 1 << t;
                    }
                }
                reach[cell] = seen;
            }
        }
        let cells = layout.window * layout.window;
        self.legal.clear();
        for &cell in touched.iter() {
            for t in bits(reach[cell as usize]) {
                let slot = self.first_slot[t as usize] as usize;
                self.legal.push((slot * cells + cell as usize) as u32);
            }
            reach[cell as usize] = 0;
        }
        touched.clear();
        if !self.placed.is_empty() {
            if complete {
                self.legal.push(layout.end as u32);
            }
        } else {
            self.legal.extend_from_slice(&self.exchanges);
            if !matches!(self.passing, Passing::No) {
                self.legal.push(layout.pass as u32);
            }
        }
        self.legal.sort_unstable();
    }

    fn is_legal(&self, action: i64) -> bool {
        u32::try_from(action).is_ok_and(|a| self.legal.binary_search(&a).is_ok())
    }
}

/// One game: the agent's seat against bots, with its own stream of seeds.
struct Solo {
    game: Game,
    bots: Vec<Option<Bot>>,
    seeds: Mt,
    turns: usize,
    turn: Option<Turn>,
    /// The episode ended on the last step: the next step resets (Gymnasium's next-step autoreset).
    ended: bool,
    /// The plane entries set to 1 in this game's row, to clear them cheaply.
    shown: Vec<u32>,
    /// The actions set in this game's mask row.
    offered: Vec<u32>,
}

/// `random.Random.getrandbits(63)`.
fn bits63(mt: &mut Mt) -> i64 {
    let low = u64::from(mt.next_u32());
    let high = u64::from(mt.next_u32() >> 1);
    (high << 32 | low) as i64
}

/// The payoff of `seat` when `winners` won a game of `seats` (`qwirkle.adapters.returns.payoffs`).
fn payoff(winners: &[usize], seats: usize, seat: usize) -> f64 {
    let n = seats as f64;
    if winners.contains(&seat) {
        n / (n - 1.0) * (1.0 / winners.len() as f64 - 1.0 / n)
    } else {
        -1.0 / (n - 1.0)
    }
}

/// Games stepped together, each writing its row of the observation and mask arrays.
pub struct Batch {
    config: Config,
    layout: Layout,
    games: Vec<Solo>,
    reach: Vec<u64>,
    touched: Vec<u16>,
}

impl Batch {
    /// `count` games; each must be seeded ([`Batch::seed`]) and reset before it is stepped.
    pub fn new(config: Config, layout: Layout, count: usize) -> Result<Batch, String> {
        layout.check()?;
        let seats = config.bots.len();
        if seats < 2 || config.seat >= seats || config.bots[config.seat].is_some() {
            return Err("the agent's seat is one seat of two or more".into());
        }
        if config.bots.iter().filter(|b| b.is_none()).count() != 1 {
            return Err("every seat but the agent's has a bot".into());
        }
        if seats > layout.seats || config.rules.hand_size != layout.hand_size {
            return Err("the layout is for other rules".into());
        }
        if seats * config.rules.hand_size > KINDS * config.rules.copies_per_tile {
            return Err("there are not enough tiles to deal every hand".into());
        }
        if config.max_turns == 0 {
            return Err("max_turns must be positive".into());
        }
        let games = (0..count)
            .map(|_| {
                let mut game = Game::new(seats, 0, config.rules);
                game.record = false;
                Solo {
                    game,
                    bots: vec![],
                    seeds: Mt::new(0),
                    turns: 0,
                    turn: None,
                    ended: false,
                    shown: vec![],
                    offered: vec![],
                }
            })
            .collect();
        let cells = layout.window * layout.window;
        Ok(Batch {
            config,
            layout,
            games,
            reach: vec![0; cells],
            touched: vec![],
        })
    }

    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Seed game `i`'s stream of deals as `random.Random(seed)`.
    pub fn seed(&mut self, i: usize, seed: i128) {
        self.games[i].seeds = Mt::new(seed);
    }

    /// Deal game `i` a new game from its stream and let the bots play up to the agent
    /// (`QwirkleSoloEnv.reset`); its rows are written afresh.
    pub fn reset(&mut self, i: usize, obs: &mut [f32], mask: &mut [i8]) -> Result<(), String> {
        let config = &self.config;
        let solo = &mut self.games[i];
        let deal = bits63(&mut solo.seeds);
        solo.bots = config
            .bots
            .iter()
            .map(|kind| kind.map(|k| Bot::new(k, i128::from(solo.seeds.next_u32()))))
            .collect();
        solo.game.redeal(deal);
        solo.turns = 0;
        solo.ended = false;
        solo.turn = None;
        Self::bots_play(solo, config)?;
        obs.fill(0.0);
        mask.fill(0);
        solo.shown.clear();
        solo.offered.clear();
        Self::start_turn(
            solo,
            config,
            &self.layout,
            &mut self.reach,
            &mut self.touched,
        );
        Self::show(solo, config, &self.layout, obs, mask, true);
        Ok(())
    }

    /// Whether `action` is legal for game `i` now (an ended game takes any action: it resets).
    pub fn accepts(&self, i: usize, action: i64) -> bool {
        let solo = &self.games[i];
        solo.ended || solo.turn.as_ref().is_some_and(|t| t.is_legal(action))
    }

    /// Take `action` in game `i` (`QwirkleSoloEnv.step`), or reset it if its episode ended on the
    /// last step (reward 0, neither terminated nor truncated).
    pub fn step(
        &mut self,
        i: usize,
        action: i64,
        obs: &mut [f32],
        mask: &mut [i8],
    ) -> Result<Stepped, String> {
        if self.games[i].ended {
            self.reset(i, obs, mask)?;
            return Ok(Stepped::default());
        }
        let Batch {
            config,
            layout,
            games,
            reach,
            touched,
        } = self;
        let solo = &mut games[i];
        let Some(turn) = solo.turn.as_mut() else {
            return Err("the episode is over: call reset()".into());
        };
        if !turn.is_legal(action) {
            solo.turn = None;
            solo.ended = true;
            Self::show(solo, config, layout, obs, mask, true);
            return Ok(Stepped {
                reward: config.illegal_reward,
                terminated: true,
                truncated: false,
                illegal: true,
            });
        }
        let action = action as usize;
        let cells = layout.window * layout.window;
        if action < layout.end {
            let (slot, cell) = (action / cells, action % cells);
            let tile = turn.slots[slot];
            turn.placed.push((cell as u16, tile));
            turn.used |= 1 << tile;
            turn.windows.retain(|w| {
                (0..w.len as usize)
                    .any(|j| w.cells[j] as usize == cell && w.opts[j] >> tile & 1 == 1)
            });
            turn.find_legal(layout, reach, touched);
            Self::show(solo, config, layout, obs, mask, false);
            return Ok(Stepped::default());
        }
        let game = &mut solo.game;
        if action == layout.end {
            let (ox, oy) = turn.origin;
            let mut keyed = Vec::with_capacity(turn.placed.len());
            for &(cell, tile) in &turn.placed {
                let (row, column) = (cell as usize / layout.window, cell as usize % layout.window);
                let k = game
                    .board
                    .key(ox + column as i64, oy + row as i64)
                    .ok_or("a placement off the native board")?;
                keyed.push((k, tile));
            }
            keyed.sort_unstable_by_key(|p| p.0);
            game.apply_listed(&keyed);
        } else if action == layout.pass {
            match std::mem::replace(&mut turn.passing, Passing::No) {
                Passing::Best(placed) => {
                    game.apply_listed(&placed);
                }
                _ => game.apply_pass().map_err(|e| e.message)?,
            }
        } else {
            let chosen = (action - layout.end) as u64;
            let mut tiles: Vec<u8> = bits(chosen).map(|s| turn.slots[s as usize]).collect();
            tiles.sort_unstable();
            game.apply_exchange(&tiles).map_err(|e| e.message)?;
        }
        solo.turns += 1;
        Self::bots_play(solo, config)?;
        Self::start_turn(solo, config, layout, reach, touched);
        Self::show(solo, config, layout, obs, mask, true);
        let game = &solo.game;
        let mut stepped = Stepped::default();
        if let Some(outcome) = &game.outcome {
            stepped.terminated = true;
            stepped.reward = payoff(&outcome.winners, game.seats(), config.seat);
        } else if solo.turns >= config.max_turns {
            stepped.truncated = true;
        }
        solo.ended = stepped.terminated || stepped.truncated;
        Ok(stepped)
    }

    fn bots_play(solo: &mut Solo, config: &Config) -> Result<(), String> {
        let game = &mut solo.game;
        while game.outcome.is_none() && game.current != config.seat && solo.turns < config.max_turns
        {
            let Some(bot) = solo.bots[game.current].as_mut() else {
                return Err("a bot's seat has no bot".into());
            };
            bot.play(game).map_err(|e| e.message)?;
            solo.turns += 1;
        }
        Ok(())
    }

    /// The agent's turn, if the game goes on.
    fn start_turn(
        solo: &mut Solo,
        config: &Config,
        layout: &Layout,
        reach: &mut [u64],
        touched: &mut Vec<u16>,
    ) {
        solo.turn = None;
        if solo.game.outcome.is_some() || solo.turns >= config.max_turns {
            return;
        }
        let mut turn = Turn::start(&mut solo.game, layout);
        turn.find_legal(layout, reach, touched);
        solo.turn = Some(turn);
    }

    /// Write the game's observation and mask (`observe`, `action_mask`) into its rows: the table
    /// afresh when `table`, else only the tile placed last.
    fn show(
        solo: &mut Solo,
        config: &Config,
        layout: &Layout,
        obs: &mut [f32],
        mask: &mut [i8],
        table: bool,
    ) {
        let cells = layout.window * layout.window;
        let game = &solo.game;
        let turn = solo.turn.as_ref();
        let put = |shown: &mut Vec<u32>, cell: usize, tile: u8| {
            let (colour, shape) = (tile as usize / 6, tile as usize % 6);
            shown.extend_from_slice(&[
                ((layout.colour_plane + colour) * cells + cell) as u32,
                ((layout.shape_plane + shape) * cells + cell) as u32,
                (layout.occupied_plane * cells + cell) as u32,
            ]);
        };
        let from = if table {
            for &e in &solo.shown {
                obs[e as usize] = 0.0;
            }
            solo.shown.clear();
            let origin =
                turn.map_or_else(|| window_origin(&game.board, layout.window), |t| t.origin);
            let board = &game.board;
            for (k, tile) in board.tiles() {
                let (x, y) = board.cell_of(k);
                if let Some(n) = number(origin, layout.window, x, y) {
                    put(&mut solo.shown, n, tile);
                }
            }
            if board.is_empty() {
                if let Some(n) = number(origin, layout.window, 0, 0) {
                    solo.shown.push((layout.open_plane * cells + n) as u32);
                }
            } else {
                for (k, f) in board.cells.iter() {
                    if f.row_mask & f.col_mask != 0 {
                        let (x, y) = board.cell_of(k);
                        if let Some(n) = number(origin, layout.window, x, y) {
                            solo.shown.push((layout.open_plane * cells + n) as u32);
                        }
                    }
                }
            }
            0
        } else {
            turn.map_or(0, |t| t.placed.len().saturating_sub(1))
        };
        if let Some(t) = turn {
            for &(cell, tile) in &t.placed[from..] {
                put(&mut solo.shown, cell as usize, tile);
                solo.shown
                    .push((layout.placed_plane * cells + cell as usize) as u32);
            }
        }
        for &e in &solo.shown {
            obs[e as usize] = 1.0;
        }

        let seat = config.seat;
        let hand = &game.hands[seat];
        let copies = game.rules.copies_per_tile;
        let mut counts = [copies as i64; KINDS];
        for (_, tile) in game.board.tiles() {
            counts[tile as usize] -= 1;
        }
        let slots = &mut obs[layout.hand..layout.hand + layout.hand_size * KINDS];
        slots.fill(0.0);
        let mut left: u64 = turn.map_or(0, |t| t.used);
        for (slot, &held) in hand.iter().enumerate() {
            counts[held as usize] -= 1;
            // The tiles placed this turn leave their slots blank (a placement holds a tile once).
            if left >> held & 1 == 1 {
                left &= !(1 << held);
                continue;
            }
            slots[slot * KINDS + held as usize] = 1.0;
        }
        let unseen = &mut obs[layout.unseen..layout.unseen + KINDS];
        for (entry, &count) in unseen.iter_mut().zip(&counts) {
            *entry = count as f32 / copies as f32;
        }
        let seats = game.seats();
        for place in 0..seats {
            let score = game.scores[(seat + place) % seats];
            obs[layout.scores + place] = (score as f64 / layout.score_scale) as f32;
        }
        obs[layout.bag] = (game.bag.len() as f64 / layout.tile_count as f64) as f32;

        for &a in &solo.offered {
            mask[a as usize] = 0;
        }
        solo.offered.clear();
        if let Some(t) = turn {
            solo.offered.extend_from_slice(&t.legal);
            for &a in &t.legal {
                mask[a as usize] = 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard() -> Layout {
        let (window, hand_size, planes) = (36, 6, 15);
        let cells = window * window;
        let hand = planes * cells;
        Layout {
            hand_size,
            window,
            end: hand_size * cells,
            pass: hand_size * cells + 64,
            actions: hand_size * cells + 65,
            colour_plane: 0,
            shape_plane: 6,
            occupied_plane: 12,
            placed_plane: 13,
            open_plane: 14,
            planes,
            hand,
            unseen: hand + hand_size * KINDS,
            scores: hand + hand_size * KINDS + KINDS,
            seats: 4,
            bag: hand + hand_size * KINDS + KINDS + 4,
            size: hand + hand_size * KINDS + KINDS + 5,
            score_scale: 100.0,
            tile_count: 108,
        }
    }

    fn config(kind: BotKind) -> Config {
        Config {
            seat: 0,
            bots: vec![None, Some(kind)],
            max_turns: 1000,
            rules: Rules::default(),
            illegal_reward: -1.0,
        }
    }

    #[test]
    fn layouts_are_checked() {
        assert!(standard().check().is_ok());
        let mut bad = standard();
        bad.bag = bad.size;
        assert!(bad.check().is_err());
        let mut bad = standard();
        bad.end += 1;
        assert!(bad.check().is_err());
    }

    #[test]
    fn games_play_to_the_end_and_reset() {
        let layout = standard();
        let mut batch = Batch::new(config(BotKind::Greedy), layout.clone(), 1).unwrap();
        batch.seed(0, 7);
        let mut obs = vec![0.0; layout.size];
        let mut mask = vec![0; layout.actions];
        batch.reset(0, &mut obs, &mut mask).unwrap();
        let mut episodes = 0;
        for _ in 0..3000 {
            let first = mask.iter().position(|&m| m == 1);
            let stepped = batch
                .step(0, first.map_or(0, |a| a as i64), &mut obs, &mut mask)
                .unwrap();
            assert!(!stepped.illegal);
            if stepped.terminated || stepped.truncated {
                assert!(mask.iter().all(|&m| m == 0));
                episodes += 1;
            } else {
                assert!(mask.contains(&1));
            }
        }
        assert!(episodes > 2);
    }

    #[test]
    fn an_illegal_action_ends_the_episode() {
        let layout = standard();
        let mut batch = Batch::new(config(BotKind::Random), layout.clone(), 1).unwrap();
        batch.seed(0, 1);
        let mut obs = vec![0.0; layout.size];
        let mut mask = vec![0; layout.actions];
        batch.reset(0, &mut obs, &mut mask).unwrap();
        let illegal = mask.iter().position(|&m| m == 0).unwrap() as i64;
        assert!(!batch.accepts(0, illegal) && !batch.accepts(0, -1));
        let stepped = batch.step(0, illegal, &mut obs, &mut mask).unwrap();
        assert_eq!(
            (stepped.terminated, stepped.illegal, stepped.reward),
            (true, true, -1.0)
        );
        assert!(batch.accepts(0, illegal));
    }

    #[test]
    fn seeds_follow_cpython() {
        // random.Random(7).getrandbits(63)
        assert_eq!(bits63(&mut Mt::new(7)), 8_742_514_861_359_412_280);
    }
}
