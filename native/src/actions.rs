//! The action encoding of `qwirkle.adapters.actions`: a placement built tile by tile on the table,
//! an exchange tile by tile into the exchange, either then ended; the pass one action.
//!
//! Where each action lies comes in an [`ActionLayout`] built from the Python `ActionLayout`, so the
//! two sides cannot disagree on it; a [`Turn`] is `ActionTurn`: the legal actions of a turn being
//! built, and what each one does to the game.

use crate::board::Board;
use crate::game::Game;
use crate::tiles::{bits, KINDS, MAX_LINE};

/// Where each action lies (`ActionLayout`): tile actions `slot * window² + cell`, then the end of a
/// placement or an exchange, the actions putting each hand slot's tile into the exchange, and the
/// pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionLayout {
    pub hand_size: usize,
    pub window: usize,
    /// The action that ends a placement or an exchange; the exchange's tiles follow it, then the pass.
    pub end: usize,
    pub pass: usize,
    /// How many actions there are.
    pub size: usize,
}

impl ActionLayout {
    /// The standard layout for a hand of `hand_size` tiles and a window of `window` cells a side.
    pub fn new(hand_size: usize, window: usize) -> ActionLayout {
        let end = hand_size * window * window;
        let pass = end + 1 + hand_size;
        ActionLayout {
            hand_size,
            window,
            end,
            pass,
            size: pass + 1,
        }
    }

    /// Refuse a layout whose actions are numbered otherwise than the encoding numbers them.
    pub fn check(&self) -> Result<(), String> {
        let sized = self.window > 0 && self.hand_size > 0 && self.hand_size < 64;
        if !sized || *self != ActionLayout::new(self.hand_size, self.window) {
            return Err("the layout does not describe the adapters' action encoding".into());
        }
        Ok(())
    }

    /// The number of cells in the window.
    pub fn cells(&self) -> usize {
        self.window * self.window
    }

    /// The action that puts the tile of hand slot 0 into the exchange; slot `s` is `exchange() + s`.
    pub fn exchange(&self) -> usize {
        self.end + 1
    }
}

/// Scratch space for [`Turn::find_legal`]: one mask per cell of the window, all 0 between uses.
#[derive(Clone, Debug)]
pub struct Scratch {
    reach: Vec<u64>,
    touched: Vec<u16>,
}

impl Scratch {
    pub fn new(layout: &ActionLayout) -> Scratch {
        Scratch {
            reach: vec![0; layout.cells()],
            touched: vec![],
        }
    }
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

/// What an action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// A tile was put down or into the exchange: the turn goes on.
    Tile,
    /// The turn ended: its move was played.
    Move,
}

/// Why an action was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The action is not legal now; nothing changed.
    Illegal,
    /// The engine refused the move the action stands for (a bug: the action was offered).
    Engine(String),
}

/// The turn being built: `ActionTurn` of the adapters.
#[derive(Clone, Debug)]
pub struct Turn {
    pub origin: (i64, i64),
    slots: Vec<u8>,
    first_slot: [u8; KINDS],
    windows: Vec<Win>,
    /// The tiles put down so far, by cell number in the window.
    pub placed: Vec<(u16, u8)>,
    /// The tiles put down so far, as a set.
    pub used: u64,
    /// The hand slots whose tiles were put into the exchange so far, in order.
    pub marked: Vec<u8>,
    /// The most tiles the exchange may take (`exchange_limit`), 0 if none.
    largest: usize,
    passing: Passing,
    legal: Vec<u32>,
}

/// The top-left cell of a window of `side` cells centred on the table (`window_origin`).
pub fn window_origin(board: &Board, side: usize) -> (i64, i64) {
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
pub fn number(origin: (i64, i64), side: usize, x: i64, y: i64) -> Option<usize> {
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
    /// The turn of the player to move (`ActionTurn.start`), its legal actions found.
    pub fn start(game: &mut Game, layout: &ActionLayout, scratch: &mut Scratch) -> Turn {
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
        let largest = game.exchange_limit();
        let passing = if game.can_pass() {
            Passing::Pass
        } else if windows.is_empty() && largest == 0 {
            game.best_keyed().map_or(Passing::No, Passing::Best)
        } else {
            Passing::No
        };
        let mut turn = Turn {
            origin,
            slots,
            first_slot,
            windows,
            placed: vec![],
            used: 0,
            marked: vec![],
            largest,
            passing,
            legal: vec![],
        };
        turn.find_legal(layout, scratch);
        turn
    }

    /// The legal actions, in increasing order (`ActionTurn.legal_actions`).
    pub fn legal(&self) -> &[u32] {
        &self.legal
    }

    /// Whether nothing was put down or into the exchange yet.
    pub fn is_fresh(&self) -> bool {
        self.placed.is_empty() && self.marked.is_empty()
    }

    /// Offer the actions putting a tile into the exchange: each tile of the hand by its first slot
    /// not in the exchange yet, while the exchange may take one more (`ActionTurn._exchange_tiles`).
    fn offer_exchange_tiles(&mut self, layout: &ActionLayout) {
        if self.marked.len() >= self.largest {
            return;
        }
        let mut offered = 0u64;
        for (slot, &tile) in self.slots.iter().enumerate() {
            if !self.marked.contains(&(slot as u8)) && offered >> tile & 1 == 0 {
                offered |= 1 << tile;
                self.legal.push((layout.exchange() + slot) as u32);
            }
        }
    }

    fn find_legal(&mut self, layout: &ActionLayout, scratch: &mut Scratch) {
        let Scratch { reach, touched } = scratch;
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
        let cells = layout.cells();
        self.legal.clear();
        for &cell in touched.iter() {
            for t in bits(reach[cell as usize]) {
                let slot = self.first_slot[t as usize] as usize;
                self.legal.push((slot * cells + cell as usize) as u32);
            }
            reach[cell as usize] = 0;
        }
        touched.clear();
        if !self.marked.is_empty() {
            self.legal.push(layout.end as u32);
            self.offer_exchange_tiles(layout);
        } else if !self.placed.is_empty() {
            if complete {
                self.legal.push(layout.end as u32);
            }
        } else {
            self.offer_exchange_tiles(layout);
            if !matches!(self.passing, Passing::No) {
                self.legal.push(layout.pass as u32);
            }
        }
        self.legal.sort_unstable();
    }

    pub fn is_legal(&self, action: i64) -> bool {
        u32::try_from(action).is_ok_and(|a| self.legal.binary_search(&a).is_ok())
    }

    /// Take `action` (`ActionTurn.after`): put a tile down or into the exchange, or end the turn by
    /// playing its move in `game`, which must be the game the turn started on, unchanged since.
    pub fn take(
        &mut self,
        game: &mut Game,
        layout: &ActionLayout,
        action: i64,
        scratch: &mut Scratch,
    ) -> Result<Taken, Refused> {
        if !self.is_legal(action) {
            return Err(Refused::Illegal);
        }
        let action = action as usize;
        let cells = layout.cells();
        if action < layout.end {
            let (slot, cell) = (action / cells, action % cells);
            let tile = self.slots[slot];
            self.placed.push((cell as u16, tile));
            self.used |= 1 << tile;
            self.windows.retain(|w| {
                (0..w.len as usize)
                    .any(|j| w.cells[j] as usize == cell && w.opts[j] >> tile & 1 == 1)
            });
            self.find_legal(layout, scratch);
            return Ok(Taken::Tile);
        }
        if (layout.exchange()..layout.pass).contains(&action) {
            self.marked.push((action - layout.exchange()) as u8);
            // An exchange places nothing: no placement is offered again this turn.
            self.windows.clear();
            self.find_legal(layout, scratch);
            return Ok(Taken::Tile);
        }
        let engine = |e: crate::game::Illegal| Refused::Engine(e.message);
        if action == layout.end && !self.marked.is_empty() {
            let mut tiles: Vec<u8> = self
                .marked
                .iter()
                .map(|&s| self.slots[s as usize])
                .collect();
            tiles.sort_unstable();
            game.apply_exchange(&tiles).map_err(engine)?;
        } else if action == layout.end {
            let (ox, oy) = self.origin;
            let mut keyed = Vec::with_capacity(self.placed.len());
            for &(cell, tile) in &self.placed {
                let (row, column) = (cell as usize / layout.window, cell as usize % layout.window);
                let k = game
                    .board
                    .key(ox + column as i64, oy + row as i64)
                    .ok_or_else(|| Refused::Engine("a placement off the native board".into()))?;
                keyed.push((k, tile));
            }
            keyed.sort_unstable_by_key(|p| p.0);
            game.apply_listed(&keyed);
        } else {
            match std::mem::replace(&mut self.passing, Passing::No) {
                Passing::Best(placed) => {
                    game.apply_listed(&placed);
                }
                _ => game.apply_pass().map_err(engine)?,
            }
        }
        self.legal.clear();
        Ok(Taken::Move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    #[test]
    fn layouts_are_checked() {
        let layout = ActionLayout::new(6, 36);
        assert_eq!(
            (layout.end, layout.exchange(), layout.pass, layout.size),
            (7776, 7777, 7783, 7784)
        );
        assert!(layout.check().is_ok());
        let mut bad = layout;
        bad.end += 1;
        assert!(bad.check().is_err());
        assert!(ActionLayout::new(0, 36).check().is_err());
    }

    #[test]
    fn turns_build_legal_moves_to_the_end() {
        let layout = ActionLayout::new(6, 36);
        let mut scratch = Scratch::new(&layout);
        let mut game = Game::new(2, 3, Rules::default());
        let mut moves = 0;
        while game.outcome.is_none() && moves < 400 {
            let mut turn = Turn::start(&mut game, &layout, &mut scratch);
            loop {
                // The first legal action: a tile while one can go, then the end of the placement.
                let action = i64::from(turn.legal()[0]);
                assert_eq!(
                    turn.take(&mut game, &layout, -1, &mut scratch),
                    Err(Refused::Illegal)
                );
                if turn.take(&mut game, &layout, action, &mut scratch) == Ok(Taken::Move) {
                    break;
                }
            }
            moves += 1;
        }
        assert!(game.outcome.is_some());
    }

    #[test]
    fn exchanges_are_built_tile_by_tile_then_ended() {
        let layout = ActionLayout::new(6, 36);
        let mut scratch = Scratch::new(&layout);
        let mut game = Game::new(2, 3, Rules::default());
        let mut exchanged = 0;
        while game.outcome.is_none() && exchanged < 20 {
            let mut turn = Turn::start(&mut game, &layout, &mut scratch);
            let first = turn
                .legal()
                .iter()
                .map(|&a| a as usize)
                .find(|a| (layout.exchange()..layout.pass).contains(a));
            let action = first.map_or(turn.legal()[0], |a| a as u32);
            let taken = turn.take(&mut game, &layout, i64::from(action), &mut scratch);
            if first.is_none() {
                while turn.take(&mut game, &layout, i64::from(turn.legal()[0]), &mut scratch)
                    != Ok(Taken::Move)
                {}
                continue;
            }
            assert_eq!(taken, Ok(Taken::Tile));
            // Once a tile is in the exchange, only more tiles for it and its end are offered.
            assert_eq!(turn.legal()[0] as usize, layout.end);
            assert!(turn.legal()[1..]
                .iter()
                .all(|&a| (layout.exchange()..layout.pass).contains(&(a as usize))));
            assert!(!turn.legal()[1..].contains(&action));
            let bag = game.bag.len();
            let turns = game.turns_count;
            assert_eq!(
                turn.take(&mut game, &layout, layout.end as i64, &mut scratch),
                Ok(Taken::Move)
            );
            assert_eq!((game.bag.len(), game.turns_count), (bag, turns + 1));
            exchanged += 1;
        }
        assert_eq!(exchanged, 20);
    }
}
