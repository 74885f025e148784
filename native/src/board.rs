//! The table: a dense grid of cells around the tiles, and its frontier.
//!
//! A cell is a key `(x + ox) * SIDE + (y + oy)`: neighbours along a row are
//! `SIDE` apart, along a column 1 apart, and keys sort as `(x, y)` pairs do,
//! as the specification's int keys do. The offsets keep every tile at least
//! `MARGIN` cells inside the grid (the board moves when it must), so every
//! cell a move can reach has a key.
//!
//! The frontier (the empty cells next to tiles, what fits each, and the runs
//! of tiles) is kept in insertion-ordered maps that follow Python's dict
//! semantics, so that the moves are listed in the specification's order.

use crate::tiles::{types_union, ALL_KINDS, ALL_TYPES, MAX_LINE, TILE_TYPES};
use std::cell::RefCell;

pub const SIDE: usize = 256;
const CELLS: usize = SIDE * SIDE;
/// Cells a move reaches beyond the tiles (a line has six tiles, LINE-4), plus room to look one further.
const MARGIN: i64 = 8;
pub const EMPTY: u8 = u8::MAX;

/// What fits an empty cell next to the tiles, along its row and its column, and how long those lines are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FCell {
    pub row_mask: u64,
    pub col_mask: u64,
    pub row_run: u8,
    pub col_run: u8,
}

pub const NO_LINES: FCell = FCell {
    row_mask: ALL_KINDS,
    col_mask: ALL_KINDS,
    row_run: 0,
    col_run: 0,
};

impl FCell {
    /// The mask and run of the line across a line that goes along rows (`along_rows`) or columns.
    #[inline]
    pub fn across(&self, along_rows: bool) -> (u64, u8) {
        if along_rows {
            (self.col_mask, self.col_run)
        } else {
            (self.row_mask, self.row_run)
        }
    }
}

/// A run of tiles along a row or a column: what may join it, its tiles, its length and common line types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub fit: u64,
    pub present: u64,
    pub length: u8,
    pub common: u16,
}

#[inline]
fn summed(present: u64, common: u16, length: u8) -> Run {
    // LINE-2 to LINE-4: a tile may join a run of its line type that lacks it, while it has fewer than six.
    let fit = if (length as usize) < MAX_LINE {
        types_union(common) & !present
    } else {
        0
    };
    Run {
        fit,
        present,
        length,
        common,
    }
}

/// The line a cell between two runs would make, the cell left out.
#[inline]
fn joined(a: Run, b: Run) -> Run {
    // LINE-3: the same tile on either side makes the cell a dead spot.
    let common = if a.present & b.present != 0 {
        0
    } else {
        a.common & b.common
    };
    summed(a.present | b.present, common, a.length + b.length)
}

fn lone(t: u8) -> Run {
    summed(1 << t, TILE_TYPES[t as usize], 1)
}

/// The element types of [`Dense`] arrays, each with a pool of spare arrays on every thread.
pub trait Pooled: Copy + 'static {
    /// Run `f` on this thread's pool, unless the thread is ending and its pool is gone.
    fn with_pool<R>(f: impl FnOnce(&mut Vec<Vec<Self>>) -> R) -> Option<R>;
}

macro_rules! pooled {
    ($t:ty, $pool:ident) => {
        thread_local! {
            static $pool: RefCell<Vec<Vec<$t>>> = const { RefCell::new(Vec::new()) };
        }
        impl Pooled for $t {
            fn with_pool<R>(f: impl FnOnce(&mut Vec<Vec<Self>>) -> R) -> Option<R> {
                $pool.try_with(|pool| f(&mut pool.borrow_mut())).ok()
            }
        }
    };
}

pooled!(u8, SPARE_U8);
pooled!(u16, SPARE_U16);

/// How many spare arrays a thread keeps of each type: enough for the games a search holds at once.
const SPARES: usize = 32;

/// An array of one value per cell of the grid. Its memory goes back to a pool when it is dropped and
/// is taken from there when one is made or cloned: an array this large is otherwise mapped afresh
/// from the system each time, and the page faults of a clone cost ten times its copy.
pub struct Dense<T: Pooled>(Vec<T>);

impl<T: Pooled> Dense<T> {
    fn spare() -> Vec<T> {
        let mut array = T::with_pool(|pool| pool.pop())
            .flatten()
            .unwrap_or_else(|| Vec::with_capacity(CELLS));
        array.clear();
        array
    }

    fn filled(value: T) -> Self {
        let mut array = Self::spare();
        array.resize(CELLS, value);
        Dense(array)
    }
}

impl<T: Pooled> Clone for Dense<T> {
    fn clone(&self) -> Self {
        let mut array = Self::spare();
        array.extend_from_slice(&self.0);
        Dense(array)
    }
}

impl<T: Pooled> Drop for Dense<T> {
    fn drop(&mut self) {
        let array = std::mem::take(&mut self.0);
        if array.capacity() >= CELLS {
            T::with_pool(|pool| {
                if pool.len() < SPARES {
                    pool.push(array);
                }
            });
        }
    }
}

impl<T: Pooled> std::ops::Deref for Dense<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T: Pooled> std::ops::DerefMut for Dense<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

/// A map from cell keys to values that iterates in insertion order, as a Python dict does:
/// setting a present key keeps its place, popping and setting again moves it to the end.
#[derive(Clone)]
pub struct OMap<V: Copy> {
    index: Dense<u16>,
    /// The keys in insertion order, `DEAD` where one was popped.
    keys: Vec<u32>,
    vals: Vec<V>,
    dead: usize,
}

const DEAD: u32 = u32::MAX;

impl<V: Copy> OMap<V> {
    fn new() -> Self {
        OMap {
            index: Dense::filled(0),
            keys: vec![],
            vals: vec![],
            dead: 0,
        }
    }

    #[inline]
    pub fn get(&self, k: usize) -> Option<V> {
        match self.index[k] {
            0 => None,
            i => Some(self.vals[i as usize - 1]),
        }
    }

    #[inline]
    pub fn contains(&self, k: usize) -> bool {
        self.index[k] != 0
    }

    pub fn set(&mut self, k: usize, v: V) {
        match self.index[k] {
            0 => {
                self.keys.push(k as u32);
                self.vals.push(v);
                self.index[k] = self.keys.len() as u16;
            }
            i => self.vals[i as usize - 1] = v,
        }
    }

    pub fn pop(&mut self, k: usize) -> Option<V> {
        let i = self.index[k];
        if i == 0 {
            return None;
        }
        self.index[k] = 0;
        self.keys[i as usize - 1] = DEAD;
        self.dead += 1;
        let value = self.vals[i as usize - 1];
        // Iterating skips the popped entries: the table is searched every turn, so keep them few.
        if self.dead > 16 && 2 * self.dead > self.len() {
            self.compact();
        }
        Some(value)
    }

    pub fn len(&self) -> usize {
        self.keys.len() - self.dead
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn compact(&mut self) {
        let mut n = 0;
        for i in 0..self.keys.len() {
            if self.keys[i] != DEAD {
                self.keys[n] = self.keys[i];
                self.vals[n] = self.vals[i];
                self.index[self.keys[n] as usize] = n as u16 + 1;
                n += 1;
            }
        }
        self.keys.truncate(n);
        self.vals.truncate(n);
        self.dead = 0;
    }

    /// The entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, V)> + '_ {
        self.keys
            .iter()
            .zip(&self.vals)
            .filter(|e| *e.0 != DEAD)
            .map(|(&k, &v)| (k as usize, v))
    }

    fn clear(&mut self) {
        for &k in &self.keys {
            if k != DEAD {
                self.index[k as usize] = 0;
            }
        }
        self.keys.clear();
        self.vals.clear();
        self.dead = 0;
    }

    /// The same entries with every key moved by `delta`.
    fn shifted(&mut self, delta: i64) {
        let entries: Vec<(usize, V)> = self.iter().collect();
        self.clear();
        for (k, v) in entries {
            self.set((k as i64 + delta) as usize, v);
        }
    }

    /// The entries put in the order of `order`, which must hold exactly the keys present.
    fn reordered(&mut self, order: &[usize]) -> bool {
        if order.len() != self.len() || !order.iter().all(|&k| self.contains(k)) {
            return false;
        }
        let entries: Vec<(usize, V)> = order
            .iter()
            .map(|&k| (k, self.get(k).unwrap_or_else(|| unreachable!())))
            .collect();
        self.clear();
        for (k, v) in entries {
            self.set(k, v);
        }
        self.len() == order.len()
    }
}

/// A small insertion-ordered map with linear lookups, for the whole-table summary.
#[derive(Clone, Default)]
struct VecMap<V: Copy>(Vec<(usize, V)>);

impl<V: Copy> VecMap<V> {
    fn clear(&mut self) {
        self.0.clear();
    }
    fn get(&self, k: usize) -> Option<V> {
        self.0.iter().find(|e| e.0 == k).map(|e| e.1)
    }
    fn set(&mut self, k: usize, v: V) {
        match self.0.iter_mut().find(|e| e.0 == k) {
            Some(e) => e.1 = v,
            None => self.0.push((k, v)),
        }
    }
    fn pop(&mut self, k: usize) -> Option<V> {
        let i = self.0.iter().position(|e| e.0 == k)?;
        Some(self.0.remove(i).1)
    }
}

#[derive(Clone)]
pub struct Board {
    grid: Dense<u8>,
    /// The keys of the tiles in the order they were laid (the order of the specification's grid dict).
    order: Vec<u32>,
    pub cells: OMap<FCell>,
    pub rows: OMap<Run>,
    pub cols: OMap<Run>,
    ox: i64,
    oy: i64,
    /// Scratch for `grown_frontier`, kept so that laying tiles allocates nothing.
    ends: [VecMap<(u64, u8)>; 2],
    touched: Vec<usize>,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    pub fn new() -> Board {
        let half = (SIDE / 2) as i64;
        Board {
            grid: Dense::filled(EMPTY),
            order: vec![],
            cells: OMap::new(),
            rows: OMap::new(),
            cols: OMap::new(),
            ox: half,
            oy: half,
            ends: [
                VecMap(Vec::with_capacity(16)),
                VecMap(Vec::with_capacity(16)),
            ],
            touched: Vec::with_capacity(32),
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Take every tile off, keeping the memory: a new game on the same board costs no allocation.
    pub fn clear(&mut self) {
        for &k in &self.order {
            self.grid[k as usize] = EMPTY;
        }
        self.order.clear();
        self.cells.clear();
        self.rows.clear();
        self.cols.clear();
        let half = (SIDE / 2) as i64;
        self.ox = half;
        self.oy = half;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.order.len()
    }

    #[inline]
    pub fn at(&self, k: usize) -> u8 {
        self.grid[k]
    }

    #[inline]
    pub fn has(&self, k: usize) -> bool {
        self.grid[k] != EMPTY
    }

    /// The key of a cell, if it lies where a tile may go: inside the grid by more than two cells.
    pub fn key(&self, x: i64, y: i64) -> Option<usize> {
        let (i, j) = (x.checked_add(self.ox)?, y.checked_add(self.oy)?);
        let inside = |v: i64| (2..SIDE as i64 - 2).contains(&v);
        (inside(i) && inside(j)).then(|| (i as usize) * SIDE + j as usize)
    }

    #[inline]
    pub fn cell_of(&self, k: usize) -> (i64, i64) {
        ((k / SIDE) as i64 - self.ox, (k % SIDE) as i64 - self.oy)
    }

    /// The tiles as `(key, tile)`, in the order they were laid.
    pub fn tiles(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.order
            .iter()
            .map(|&k| (k as usize, self.grid[k as usize]))
    }

    /// Centre an empty board on a cell, so that an opening laid anywhere has room.
    pub fn centre_on(&mut self, x: i64, y: i64) {
        debug_assert!(self.is_empty());
        let half = (SIDE / 2) as i64;
        self.ox = half.saturating_sub(x);
        self.oy = half.saturating_sub(y);
    }

    /// A board holding these tiles in this order (it must be a legal table, which is not checked).
    pub fn from_tiles(tiles: &[(i64, i64, u8)]) -> Result<Board, String> {
        let mut board = Board::new();
        if let Some(&(x, y, _)) = tiles.first() {
            let (x0, x1) = tiles
                .iter()
                .fold((x, x), |(a, b), t| (a.min(t.0), b.max(t.0)));
            let (y0, y1) = tiles
                .iter()
                .fold((y, y), |(a, b), t| (a.min(t.1), b.max(t.1)));
            if x1 - x0 > SIDE as i64 - 2 * MARGIN - 2 || y1 - y0 > SIDE as i64 - 2 * MARGIN - 2 {
                return Err("the tiles spread over too many cells for the native board".into());
            }
            let half = (SIDE / 2) as i64;
            board.ox = half - (x0 + x1).div_euclid(2);
            board.oy = half - (y0 + y1).div_euclid(2);
        }
        for &(x, y, t) in tiles {
            let k = board
                .key(x, y)
                .ok_or("a tile lies outside the native board")?;
            if board.has(k) {
                return Err(format!("two tiles lie on ({x}, {y})"));
            }
            board.grid[k] = t;
            board.order.push(k as u32);
        }
        board.whole_frontier();
        Ok(board)
    }

    /// Put the frontier and the runs in the orders given (as the specification's board holds them).
    pub fn reorder(&mut self, cells: &[usize], rows: &[usize], cols: &[usize]) -> bool {
        self.cells.reordered(cells) && self.rows.reordered(rows) && self.cols.reordered(cols)
    }

    /// Lay tiles, already checked against the rules, at keys in increasing order.
    pub fn place(&mut self, placed: &[(usize, u8)]) {
        let was_empty = self.is_empty();
        for &(k, t) in placed {
            self.grid[k] = t;
            self.order.push(k as u32);
        }
        if was_empty {
            // The empty table has no frontier to grow from: the specification sums the whole table up.
            self.whole_frontier();
        } else {
            self.grown_frontier(placed);
        }
        let low = MARGIN;
        let high = SIDE as i64 - 1 - MARGIN;
        let near = placed.iter().any(|&(k, _)| {
            let (i, j) = ((k / SIDE) as i64, (k % SIDE) as i64);
            i < low || i > high || j < low || j > high
        });
        if near {
            self.recentre();
        }
    }

    /// Move every key so that the tiles sit in the middle of the grid again.
    fn recentre(&mut self) {
        let cells: Vec<(i64, i64)> = self
            .order
            .iter()
            .map(|&k| self.cell_of(k as usize))
            .collect();
        let (x0, x1) = cells
            .iter()
            .fold((i64::MAX, i64::MIN), |(a, b), c| (a.min(c.0), b.max(c.0)));
        let (y0, y1) = cells
            .iter()
            .fold((i64::MAX, i64::MIN), |(a, b), c| (a.min(c.1), b.max(c.1)));
        assert!(
            x1 - x0 <= SIDE as i64 - 2 * MARGIN - 2 && y1 - y0 <= SIDE as i64 - 2 * MARGIN - 2,
            "the tiles spread over more cells than the native board holds"
        );
        let half = (SIDE / 2) as i64;
        let (ox, oy) = (
            half - (x0 + x1).div_euclid(2),
            half - (y0 + y1).div_euclid(2),
        );
        let delta = (ox - self.ox) * SIDE as i64 + (oy - self.oy);
        let tiles: Vec<(usize, u8)> = self.tiles().collect();
        for &(k, _) in &tiles {
            self.grid[k] = EMPTY;
        }
        for (i, &(k, t)) in tiles.iter().enumerate() {
            let n = (k as i64 + delta) as usize;
            self.grid[n] = t;
            self.order[i] = n as u32;
        }
        self.cells.shifted(delta);
        self.rows.shifted(delta);
        self.cols.shifted(delta);
        self.ox = ox;
        self.oy = oy;
    }

    /// The run of tiles ending at `last` along `step`, walked back to its first tile.
    fn run_ending(&self, last: usize, step: usize) -> Run {
        let (mut present, mut common) = (0u64, ALL_TYPES);
        let mut k = last;
        while self.has(k) {
            let t = self.grid[k];
            present |= 1 << t;
            common &= TILE_TYPES[t as usize];
            k -= step;
        }
        summed(present, common, ((last - k) / step) as u8)
    }

    /// The frontier and the runs of the whole table, in the order the specification's `whole_frontier` makes.
    fn whole_frontier(&mut self) {
        self.cells.clear();
        self.rows.clear();
        self.cols.clear();
        let mut sides: Vec<VecMap<Run>> = vec![];
        for (dir, step) in [(0, SIDE), (1, 1)] {
            let mut side = VecMap(vec![]);
            for i in 0..self.order.len() {
                let k = self.order[i] as usize;
                let t = self.grid[k];
                if self.has(k - step) {
                    continue;
                }
                let mut j = k + step;
                let run = if !self.has(j) {
                    lone(t)
                } else {
                    let (mut present, mut common) = (1u64 << t, TILE_TYPES[t as usize]);
                    while self.has(j) {
                        let u = self.grid[j];
                        present |= 1 << u;
                        common &= TILE_TYPES[u as usize];
                        j += step;
                    }
                    summed(present, common, ((j - k) / step) as u8)
                };
                if dir == 0 {
                    self.rows.set(k, run);
                } else {
                    self.cols.set(k, run);
                }
                let seen = side.get(k - step);
                side.set(k - step, seen.map_or(run, |s| joined(s, run)));
                let seen = side.get(j);
                side.set(j, seen.map_or(run, |s| joined(s, run)));
            }
            sides.push(side);
        }
        let mut columns = sides.pop().unwrap_or(VecMap(vec![]));
        let rows = sides.pop().unwrap_or(VecMap(vec![]));
        for &(n, r) in &rows.0 {
            let cell = match columns.pop(n) {
                None => FCell {
                    row_mask: r.fit,
                    row_run: r.length,
                    col_mask: ALL_KINDS,
                    col_run: 0,
                },
                Some(c) => FCell {
                    row_mask: r.fit,
                    row_run: r.length,
                    col_mask: c.fit,
                    col_run: c.length,
                },
            };
            self.cells.set(n, cell);
        }
        for &(n, c) in &columns.0 {
            self.cells.set(
                n,
                FCell {
                    row_mask: ALL_KINDS,
                    row_run: 0,
                    col_mask: c.fit,
                    col_run: c.length,
                },
            );
        }
    }

    /// The frontier after tiles were added at `new`: only the cells at the ends of their lines change
    /// (the specification's `grown_frontier`, in place, with the same orders).
    fn grown_frontier(&mut self, new: &[(usize, u8)]) {
        for &(k, _) in new {
            self.cells.pop(k);
        }
        // The ends of the lines through the new tiles, with what fits them along that line, by direction.
        let mut ends = std::mem::take(&mut self.ends);
        let mut order = std::mem::take(&mut self.touched);
        ends[0].clear();
        ends[1].clear();
        order.clear();
        for &(k, _) in new {
            for (dir, step) in [(0usize, SIDE), (1, 1)] {
                let t = self.grid[k];
                let (mut present, mut common) = (1u64 << t, TILE_TYPES[t as usize]);
                let mut low = k - step;
                while self.has(low) {
                    let u = self.grid[low];
                    present |= 1 << u;
                    common &= TILE_TYPES[u as usize];
                    low -= step;
                }
                let mut high = k + step;
                while self.has(high) {
                    let u = self.grid[high];
                    present |= 1 << u;
                    common &= TILE_TYPES[u as usize];
                    high += step;
                }
                let lines = &mut ends[dir];
                if lines.get(low).is_some() && lines.get(high).is_some() {
                    continue;
                }
                for n in [low, high] {
                    if !order.contains(&n) {
                        order.push(n);
                    }
                }
                let side = if dir == 0 {
                    &mut self.rows
                } else {
                    &mut self.cols
                };
                let start = low + step;
                let mut j = start + step;
                while j < high {
                    side.pop(j);
                    j += step;
                }
                let length = ((high - start) / step) as u8;
                let run = summed(present, common, length);
                side.set(start, run);
                let beyond = side.get(high + step);
                lines.set(
                    high,
                    beyond.map_or((run.fit, length), |b| {
                        let r = joined(run, b);
                        (r.fit, r.length)
                    }),
                );
                let before = if self.has(low - step) {
                    Some(self.run_ending(low - step, step))
                } else {
                    None
                };
                lines.set(
                    low,
                    before.map_or((run.fit, length), |b| {
                        let r = joined(b, run);
                        (r.fit, r.length)
                    }),
                );
            }
        }
        for &n in &order {
            let row = ends[0].get(n);
            let col = ends[1].get(n);
            let was = self.cells.get(n).unwrap_or(NO_LINES);
            let (row_mask, row_run) = row.unwrap_or((was.row_mask, was.row_run));
            let (col_mask, col_run) = col.unwrap_or((was.col_mask, was.col_run));
            self.cells.set(
                n,
                FCell {
                    row_mask,
                    row_run,
                    col_mask,
                    col_run,
                },
            );
        }
        self.ends = ends;
        self.touched = order;
    }

    /// Whether a hand (a tile mask) has any placement on a table with tiles: some one-tile move
    /// (a move of several tiles has a tile that is legal alone).
    pub fn can_place(&self, hand_mask: u64) -> bool {
        if self.is_empty() {
            return hand_mask != 0;
        }
        self.cells
            .iter()
            .any(|(_, c)| c.row_mask & c.col_mask & hand_mask != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dense_arrays_reuse_the_memory_of_dropped_ones() {
        let first = Dense::<u16>::filled(7);
        let copy = first.clone();
        assert!(copy.len() == CELLS && copy.iter().all(|&v| v == 7));
        let memory = copy.as_ptr();
        drop(copy);
        let again = first.clone();
        assert_eq!(again.as_ptr(), memory);
        assert!(again.iter().all(|&v| v == 7));
    }

    fn frontier_entries(b: &Board) -> Vec<(i64, i64, FCell)> {
        let mut out: Vec<_> = b
            .cells
            .iter()
            .map(|(k, c)| {
                let (x, y) = b.cell_of(k);
                (x, y, c)
            })
            .collect();
        out.sort_by_key(|e| (e.0, e.1));
        out
    }

    #[test]
    fn two_tiles_in_a_row() {
        // Red circle at (0, 0) and red square at (1, 0): six frontier cells, as the specification's doctest.
        let b = Board::from_tiles(&[(0, 0, 0), (1, 0, 1)]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(b.cells.len(), 6);
        let k = b.key(2, 0).unwrap_or_else(|| unreachable!());
        assert_eq!(
            b.cells.get(k),
            Some(FCell {
                row_mask: 60,
                row_run: 2,
                col_mask: ALL_KINDS,
                col_run: 0
            })
        );
        assert_eq!(b.rows.len(), 1);
        assert_eq!(b.cols.len(), 2);
    }

    fn run_entries(b: &Board, along_rows: bool) -> Vec<(i64, i64, Run)> {
        let runs = if along_rows { &b.rows } else { &b.cols };
        let mut out: Vec<_> = runs
            .iter()
            .map(|(k, r)| {
                let (x, y) = b.cell_of(k);
                (x, y, r)
            })
            .collect();
        out.sort_by_key(|e| (e.0, e.1));
        out
    }

    /// Boards grown move by move in games between random bots (moves of several tiles, recentring)
    /// hold the frontier and the runs the whole table sums up to after every move.
    #[test]
    fn grown_equals_whole_in_played_games() {
        use crate::bots::{Bot, BotKind};
        use crate::game::{Game, Rules};
        for seed in 0..12 {
            let mut game = Game::new(2 + seed as usize % 3, seed, Rules::default());
            game.record = false;
            let mut bots: Vec<Bot> = (0..game.seats())
                .map(|s| Bot::new(BotKind::Random, i128::from(seed) * 7 + s as i128))
                .collect();
            let mut turns = 0;
            while game.outcome.is_none() && turns < 400 {
                let seat = game.current;
                bots[seat]
                    .play(&mut game)
                    .unwrap_or_else(|e| panic!("{e:?}"));
                turns += 1;
                let laid: Vec<(i64, i64, u8)> = game
                    .board
                    .tiles()
                    .map(|(k, t)| {
                        let (x, y) = game.board.cell_of(k);
                        (x, y, t)
                    })
                    .collect();
                if laid.is_empty() {
                    continue;
                }
                let whole = Board::from_tiles(&laid).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(frontier_entries(&game.board), frontier_entries(&whole));
                assert_eq!(run_entries(&game.board, true), run_entries(&whole, true));
                assert_eq!(run_entries(&game.board, false), run_entries(&whole, false));
            }
        }
    }

    proptest! {
        /// The map iterates as an insertion-ordered list does (Python's dict): popped keys leave,
        /// a key set again goes last, a key overwritten keeps its place; popped entries are compacted away.
        #[test]
        fn omap_is_an_ordered_dict(ops in proptest::collection::vec((0usize..40, 0u64..1000, prop::bool::ANY), 0..400)) {
            let mut map: OMap<u64> = OMap::new();
            let mut model: Vec<(usize, u64)> = vec![];
            for (k, v, set) in ops {
                let k = k * 97 + 3;
                if set {
                    map.set(k, v);
                    match model.iter_mut().find(|e| e.0 == k) {
                        Some(e) => e.1 = v,
                        None => model.push((k, v)),
                    }
                } else {
                    let expected = model.iter().position(|e| e.0 == k).map(|i| model.remove(i).1);
                    prop_assert_eq!(map.pop(k), expected);
                }
                prop_assert_eq!(map.len(), model.len());
                prop_assert_eq!(map.iter().collect::<Vec<_>>(), model.clone());
                prop_assert!(model.iter().all(|&(k, v)| map.get(k) == Some(v) && map.contains(k)));
            }
            map.clear();
            prop_assert!(map.is_empty() && map.iter().next().is_none());
        }

        // Growing the frontier tile by tile gives the same entries as summing up the whole table.
        #[test]
        fn grown_equals_whole(shapes in proptest::collection::vec((0u8..6, prop::bool::ANY), 1..12)) {
            // A staircase of red tiles: each new tile goes right of or below the last, lines stay short.
            let mut b = Board::new();
            let (mut x, mut y) = (0i64, 0i64);
            let mut laid: Vec<(i64, i64, u8)> = vec![];
            for (i, (shape, right)) in shapes.into_iter().enumerate() {
                if i > 0 {
                    if right { x += 1 } else { y += 1 }
                }
                let t = (i as u8 % 6) * 6 + shape;
                let k = b.key(x, y).unwrap_or_else(|| unreachable!());
                b.place(&[(k, t)]);
                laid.push((x, y, t));
                let whole = Board::from_tiles(&laid).unwrap_or_else(|e| panic!("{e}"));
                prop_assert_eq!(frontier_entries(&b), frontier_entries(&whole));
            }
        }
    }
}
