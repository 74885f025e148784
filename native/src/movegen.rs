//! Move generation: every legal placement of a hand, each once, grouped in *windows*
//! (the empty cells of one line and the tiles each may take), in the specification's order.

use crate::board::{Board, Run, NO_LINES, SIDE};
use crate::tiles::{bits, groups, mask_of, points_table, types_union, MAX_LINE, TYPE_TILES};

/// The empty cells a placement fills (increasing keys), the tiles each may take, and its points (end bonus aside).
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub len: u8,
    pub keys: [u32; MAX_LINE],
    pub opts: [u64; MAX_LINE],
    pub points: i64,
}

impl Window {
    #[cfg(test)]
    fn new(keys: &[usize], opts: &[u64], points: i64) -> Window {
        let mut w = Window {
            len: keys.len() as u8,
            keys: [0; MAX_LINE],
            opts: [0; MAX_LINE],
            points,
        };
        for (i, (&k, &o)) in keys.iter().zip(opts).enumerate() {
            w.keys[i] = k as u32;
            w.opts[i] = o;
        }
        w
    }

    #[inline]
    pub fn opts(&self) -> &[u64] {
        &self.opts[..self.len as usize]
    }

    #[inline]
    pub fn keys(&self) -> &[u32] {
        &self.keys[..self.len as usize]
    }

    /// How many placements the window holds: one distinct tile per cell.
    pub fn count(&self) -> u64 {
        count_fillings(self.opts())
    }

    /// Each placement of the window, tiles in cell order, in the specification's order
    /// (each cell's tiles lowest first, no tile twice).
    pub fn fill(&self, mut each: impl FnMut(&[u8])) {
        let mut picked = [0u8; MAX_LINE];
        fill_from(self.opts(), 0, 0, &mut picked, &mut each);
    }
}

fn fill_from(
    opts: &[u64],
    at: usize,
    used: u64,
    picked: &mut [u8; MAX_LINE],
    each: &mut impl FnMut(&[u8]),
) {
    if at == opts.len() {
        each(&picked[..at]);
        return;
    }
    for t in bits(opts[at] & !used) {
        picked[at] = t as u8;
        fill_from(opts, at + 1, used | 1 << t, picked, each);
    }
}

/// How many ways there are to pick one distinct tile per option mask.
pub fn count_fillings(opts: &[u64]) -> u64 {
    match opts {
        [a] => u64::from(a.count_ones()),
        [a, b] => u64::from(a.count_ones() * b.count_ones() - (a & b).count_ones()),
        _ => {
            fn walk(opts: &[u64], used: u64) -> u64 {
                match opts {
                    [] => 1,
                    [last] => u64::from((last & !used).count_ones()),
                    [first, rest @ ..] => {
                        bits(first & !used).map(|t| walk(rest, used | 1 << t)).sum()
                    }
                }
            }
            walk(opts, 0)
        }
    }
}

/// What a hand offers to moves of several tiles, by line type.
struct HandTypes {
    in_hand: [u64; 12],
    counts: [i64; 12],
    /// The types of which the hand holds two distinct tiles or more: the only ones a window may have.
    useful: u16,
    most: i64,
    /// The hand's tiles of a useful type.
    live: u64,
}

fn hand_types(hand_mask: u64) -> HandTypes {
    let mut h = HandTypes {
        in_hand: [0; 12],
        counts: [0; 12],
        useful: 0,
        most: 0,
        live: 0,
    };
    for (t, tiles) in TYPE_TILES.iter().enumerate() {
        h.in_hand[t] = tiles & hand_mask;
        h.counts[t] = i64::from(h.in_hand[t].count_ones());
        if h.counts[t] >= 2 {
            h.useful |= 1 << t;
        }
        h.most = h.most.max(h.counts[t]);
    }
    h.live = hand_mask & types_union(h.useful);
    h
}

/// Options of the move generator that come from the rule set.
#[derive(Clone, Copy, Debug)]
pub struct GenRules {
    pub qwirkle_bonus: i64,
    pub lone_tile_points: i64,
    pub opening_must_play_max_group: bool,
}

/// Where the windows go as they are found: their cells (increasing keys), what fits each, their points.
pub trait Sink {
    fn window(&mut self, keys: &[u32], opts: &[u64], points: i64);
}

impl Sink for Vec<Window> {
    #[inline]
    fn window(&mut self, keys: &[u32], opts: &[u64], points: i64) {
        let mut w = Window {
            len: keys.len() as u8,
            keys: [0; MAX_LINE],
            opts: [0; MAX_LINE],
            points,
        };
        w.keys[..keys.len()].copy_from_slice(keys);
        w.opts[..opts.len()].copy_from_slice(opts);
        self.push(w);
    }
}

/// Every window of a legal placement of `hand` (tiles) on `board`, into `found` (cleared first).
pub fn windows(board: &Board, hand: &[u8], rules: &GenRules, found: &mut Vec<Window>) {
    found.clear();
    each_window(board, hand, rules, found);
}

/// Every window of `windows`, in its order, given to `sink` as it is found.
pub fn each_window(board: &Board, hand: &[u8], rules: &GenRules, sink: &mut impl Sink) {
    let hand_mask = mask_of(hand);
    if board.is_empty() {
        opening_windows(board, hand_mask, rules, sink);
    } else {
        table_windows(board, hand_mask, rules.qwirkle_bonus, sink);
    }
}

/// START-5, START-6: what an opening of `size` tiles scores.
fn opening_points(size: u32, rules: &GenRules) -> i64 {
    if size == 1 {
        rules.lone_tile_points
    } else {
        points_table(rules.qwirkle_bonus)[size as usize]
    }
}

/// The openings laid from (0, 0) towards +x or +y: one window per line the starter may lay, each way.
fn opening_windows(board: &Board, hand_mask: u64, rules: &GenRules, found: &mut impl Sink) {
    let Some(origin) = board.key(0, 0) else {
        return;
    };
    let lines: Vec<u64> = if rules.opening_must_play_max_group {
        // START-4: the opening lays a largest group of the hand.
        groups(hand_mask)
    } else {
        let mut lines = vec![];
        for ty in TYPE_TILES {
            let own: Vec<u32> = bits(ty & hand_mask).collect();
            for size in 2..=6usize {
                combinations(&own, size, &mut |pick| {
                    lines.push(pick.iter().fold(0, |m, &t| m | 1u64 << t))
                });
            }
        }
        lines
    };
    if hand_mask != 0 && (!rules.opening_must_play_max_group || lines[0].count_ones() == 1) {
        found.window(&[origin as u32], &[hand_mask], opening_points(1, rules));
    }
    for line in lines {
        let size = line.count_ones() as usize;
        if size > 1 {
            let points = opening_points(size as u32, rules);
            let opts = [line; MAX_LINE];
            let row: Vec<u32> = (0..size).map(|i| (origin + i * SIDE) as u32).collect();
            let column: Vec<u32> = (0..size).map(|i| (origin + i) as u32).collect();
            found.window(&row, &opts[..size], points);
            found.window(&column, &opts[..size], points);
        }
    }
}

/// `itertools.combinations` order: lexicographic by position.
fn combinations(items: &[u32], size: usize, each: &mut impl FnMut(&[u32])) {
    fn go(
        items: &[u32],
        size: usize,
        start: usize,
        picked: &mut Vec<u32>,
        each: &mut impl FnMut(&[u32]),
    ) {
        if picked.len() == size {
            each(picked);
            return;
        }
        for i in start..items.len() {
            picked.push(items[i]);
            go(items, size, i + 1, picked, each);
            picked.pop();
        }
    }
    go(items, size, 0, &mut Vec::with_capacity(size), each);
}

thread_local! {
    /// The anchors along rows and along columns, kept between searches so that their memory is reused.
    static ANCHORS: std::cell::RefCell<[Vec<u32>; 2]> = const { std::cell::RefCell::new([Vec::new(), Vec::new()]) };
}

/// The windows on a table with tiles: one-cell windows, then windows of several tiles grown from
/// each anchor along rows, then along columns (the specification's `_table_windows`).
fn table_windows(board: &Board, hand_mask: u64, qwirkle_bonus: i64, found: &mut impl Sink) {
    let hand = hand_types(hand_mask);
    let table = points_table(qwirkle_bonus);
    let live = hand.live;
    ANCHORS.with(|anchors| {
        let [row_anchors, col_anchors] = &mut *anchors.borrow_mut();
        row_anchors.clear();
        col_anchors.clear();
        for (n, c) in board.cells.iter() {
            // PLACE-4, LINE-2 to LINE-4: a tile alone fits both lines through its cell.
            let fits = c.row_mask & c.col_mask & hand_mask;
            if fits != 0 {
                let points = table[c.row_run as usize + 1] + table[c.col_run as usize + 1];
                found.window(&[n as u32], &[fits], points);
            }
            if c.col_run != 0 && c.col_mask & live != 0 && !board.has(n - SIDE) {
                row_anchors.push(n as u32);
            }
            if c.row_run != 0 && c.row_mask & live != 0 && !board.has(n - 1) {
                col_anchors.push(n as u32);
            }
        }
        if hand.useful == 0 {
            // No two tiles of the hand share a line type: no window of several tiles.
            return;
        }
        // A run of tiles anchors windows when two of the hand's tiles of one of its types may join it;
        // it is marked by the high bit, the cells of the frontier not being runs.
        for (k, r) in board.rows.iter() {
            if r.common & hand.useful != 0 && (r.fit & live).count_ones() > 1 {
                row_anchors.push(k as u32 | RUN_ANCHOR);
            }
        }
        for (k, r) in board.cols.iter() {
            if r.common & hand.useful != 0 && (r.fit & live).count_ones() > 1 {
                col_anchors.push(k as u32 | RUN_ANCHOR);
            }
        }
        for &a in row_anchors.iter() {
            let k = (a & !RUN_ANCHOR) as usize;
            let first = (a & RUN_ANCHOR != 0).then(|| board.rows.get(k)).flatten();
            grow::<true>(board, found, k, first, &hand, &table);
        }
        for &a in col_anchors.iter() {
            let k = (a & !RUN_ANCHOR) as usize;
            let first = (a & RUN_ANCHOR != 0).then(|| board.cols.get(k)).flatten();
            grow::<false>(board, found, k, first, &hand, &table);
        }
    });
}

const RUN_ANCHOR: u32 = 1 << 31;

/// Grow a line from an anchor (`first`: the run of tiles there, if any) and add its windows of several
/// tiles (the specification's `_line_windows`), along rows if `ROWS`, else along columns.
///
/// PLACE-1, PLACE-2: a move of several tiles fills one unbroken run of one line. LINE-2, LINE-3: the
/// line stops at a repeated tile or when no line type is left. LINE-4: at most six tiles.
fn grow<const ROWS: bool>(
    board: &Board,
    found: &mut impl Sink,
    anchor: usize,
    first: Option<Run>,
    hand: &HandTypes,
    table: &[i64; MAX_LINE + 1],
) {
    let along_rows = ROWS;
    /// How many free cells before the anchor a window may cover, at most.
    const BEFORE: usize = MAX_LINE - 1;
    let step = if along_rows { SIDE } else { 1 };
    let along = if along_rows { &board.rows } else { &board.cols };
    let live = hand.live;
    let mut widest: Option<i64> = None;
    let mut types = hand.useful;
    let mut room_left = hand.most;
    let mut present = 0u64;
    // The cells a window may cover: the free cells before the anchor (nearest last), then the empty
    // cells of the line in order; and what fits each of the latter.
    let mut cells = [0u32; BEFORE + MAX_LINE];
    let mut masks = [0u64; MAX_LINE];
    let mut count = 0usize;
    let mut points = 0i64;
    let mut length = 0usize;
    let mut k = anchor;
    let mut run = first;
    loop {
        if let Some(r) = run {
            if present & r.present != 0 {
                break;
            }
            present |= r.present;
            let narrowed = types & r.common;
            if narrowed == 0 {
                break;
            }
            if narrowed != types {
                types = narrowed;
                room_left = bits(u64::from(types))
                    .map(|ty| hand.counts[ty as usize])
                    .max()
                    .unwrap_or(0)
                    - count as i64;
                if room_left < 0 {
                    break;
                }
            }
            length += r.length as usize;
            if length > MAX_LINE {
                break;
            }
            k += r.length as usize * step;
            run = None;
        } else {
            if length == MAX_LINE {
                break;
            }
            let (fit, cross) = match board.cells.get(k) {
                None => (live, 0u8),
                Some(c) => {
                    let (m, r) = c.across(along_rows);
                    (m & live, r)
                }
            };
            if room_left == 0 || fit & types_union(types) == 0 {
                break;
            }
            room_left -= 1;
            cells[BEFORE + count] = k as u32;
            masks[count] = fit;
            count += 1;
            points += table[cross as usize + 1];
            length += 1;
            k += step;
            run = along.get(k);
            if run.is_some() {
                continue;
            }
        }
        let widest = *widest.get_or_insert_with(|| {
            // Free cells before the anchor (empty, nothing across) the window may also cover.
            let mut w = 0i64;
            let mut f = anchor - step;
            let cap = room_left.min(BEFORE as i64);
            while w < cap
                && !board.has(f)
                && board.cells.get(f).unwrap_or(NO_LINES).across(along_rows).1 == 0
            {
                cells[BEFORE - 1 - w as usize] = f as u32;
                w += 1;
                f -= step;
            }
            if board.has(f) {
                w -= 1;
            }
            w
        });
        // The line ends here: at least two tiles, free cells before the anchor up to six in all.
        let low = if count >= 2 { 0 } else { 2 - count as i64 };
        let high = (MAX_LINE as i64 - length as i64).min(widest);
        if low > high {
            continue;
        }
        for ty in bits(u64::from(types)) {
            let cand = hand.in_hand[ty as usize] & !present;
            let room = (i64::from(cand.count_ones()) - count as i64).min(high);
            if room < low {
                continue;
            }
            // What fits each cell a window may cover, for this line type.
            let mut opts = [cand; BEFORE + MAX_LINE];
            let mut all = true;
            for (o, &m) in opts[BEFORE..BEFORE + count].iter_mut().zip(&masks[..count]) {
                *o = m & cand;
                all &= *o != 0;
            }
            if !all {
                continue;
            }
            for left in low as usize..=room as usize {
                let (from, to) = (BEFORE - left, BEFORE + count);
                found.window(
                    &cells[from..to],
                    &opts[from..to],
                    points + table[length + left],
                );
            }
        }
    }
}

/// How many placements the windows hold.
pub fn count(found: &[Window]) -> u64 {
    found.iter().map(Window::count).sum()
}

/// The highest score a placement reaches (SCORE-8: the end bonus counts for going out), or -1.
pub fn top_points(found: &[Window], out: usize, end_bonus: i64) -> i64 {
    let mut best = -1;
    for w in found {
        let points = w.points + if w.len as usize == out { end_bonus } else { 0 };
        // A window of several cells may have no filling when its cells want the same single tile.
        if points > best && (w.len == 1 || w.count() > 0) {
            best = points;
        }
    }
    best
}

/// Each placement scoring `best` (end bonus included), in listing order, until `each` says stop.
pub fn winners(
    found: &[Window],
    out: usize,
    end_bonus: i64,
    best: i64,
    mut each: impl FnMut(&Window, &[u8]) -> bool,
) {
    let mut going = true;
    for w in found {
        if !going {
            return;
        }
        if w.points + if w.len as usize == out { end_bonus } else { 0 } == best {
            w.fill(|tiles| {
                if going {
                    going = each(w, tiles);
                }
            });
        }
    }
}

/// EXCHANGE-1: every distinct multiset of 1 to `largest` tiles of the hand, sorted, in sorted order.
pub fn exchanges(hand: &[u8], largest: usize) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = vec![];
    each_exchange(hand, largest, |picked| {
        out.push(picked.to_vec());
        true
    });
    out
}

/// The `i`-th of `exchanges(hand, largest)`, if there are that many, into `into` (cleared first).
pub fn nth_exchange(hand: &[u8], largest: usize, i: usize, into: &mut Vec<u8>) -> bool {
    into.clear();
    if let Some(found) = unrank_exchange(hand, largest, i, into) {
        return found;
    }
    nth_exchange_where(hand, largest, i, into, |_| true)
}

/// `nth_exchange` for hands of up to 8 distinct tiles and exchanges of up to 8 tiles, without walking the
/// exchanges before it: whole subtrees of the depth-first walk are skipped by their size. `None` for a
/// larger hand.
fn unrank_exchange(hand: &[u8], largest: usize, i: usize, into: &mut Vec<u8>) -> Option<bool> {
    const MOST: usize = 8;
    let distinct = mask_of(hand);
    let m = distinct.count_ones() as usize;
    let largest = largest.min(hand.len());
    if m > MOST || largest > MOST {
        return None;
    }
    let mut kinds = [0u8; MOST];
    let mut have = [0usize; MOST];
    for (j, t) in bits(distinct).enumerate() {
        kinds[j] = t as u8;
        have[j] = hand.iter().filter(|&&h| u32::from(h) == t).count();
    }
    // up_to[j][r]: the multisets (the empty one included) of at most r tiles of the kinds from j on,
    // from the multisets of exactly r tiles, worked out from the last kind back.
    let mut up_to = [[0u64; MOST + 1]; MOST + 1];
    let mut exactly = [0u64; MOST + 1];
    exactly[0] = 1;
    up_to[m][..=largest].fill(1);
    for j in (0..m).rev() {
        // In place from the largest size down: exactly[r - c] is still the count without kind j.
        for r in (1..=largest).rev() {
            let mut sum = 0;
            for c in 0..=have[j].min(r) {
                sum += exactly[r - c];
            }
            exactly[r] = sum;
        }
        let mut sum = 0;
        for r in 0..=largest {
            sum += exactly[r];
            up_to[j][r] = sum;
        }
    }
    // The multisets of at most r tiles from `a` copies of kind j and every copy of the kinds after it.
    let with =
        |j: usize, a: usize, r: usize| -> u64 { (0..=a.min(r)).map(|c| up_to[j + 1][r - c]).sum() };
    let mut left = i as u64;
    let (mut from, mut used) = (0usize, 0usize);
    for depth in 0..largest {
        let mut chosen = None;
        for (j, &copies) in have.iter().enumerate().take(m).skip(from) {
            let avail = copies - if j == from { used } else { 0 };
            if avail == 0 {
                continue;
            }
            // The exchange ending with kind j here, and every exchange that extends it.
            let size = with(j, avail - 1, largest - depth - 1);
            if left < size {
                chosen = Some(j);
                break;
            }
            left -= size;
        }
        let Some(j) = chosen else {
            return Some(false);
        };
        into.push(kinds[j]);
        used = if j == from { used + 1 } else { 1 };
        from = j;
        if left == 0 {
            return Some(true);
        }
        left -= 1;
    }
    Some(false)
}

/// The `i`-th of the exchanges of exactly `size` tiles, in the order of `exchanges`, into `into`.
pub fn nth_exchange_of_size(hand: &[u8], size: usize, i: usize, into: &mut Vec<u8>) -> bool {
    into.clear();
    nth_exchange_where(hand, size, i, into, |picked| picked.len() == size)
}

/// The `i`-th of the exchanges of `exchanges(hand, largest)` that `counts` keeps, walked in order, into
/// `into` (which the caller has cleared).
fn nth_exchange_where(
    hand: &[u8],
    largest: usize,
    i: usize,
    into: &mut Vec<u8>,
    counts: impl Fn(&[u8]) -> bool,
) -> bool {
    let mut left = i;
    each_exchange(hand, largest, |picked| {
        if counts(picked) {
            if left == 0 {
                into.extend_from_slice(picked);
                return false;
            }
            left -= 1;
        }
        true
    });
    !into.is_empty()
}

/// Each exchange of `exchanges(hand, largest)`, in its order, until `each` says stop.
///
/// Depth first over the distinct tiles in increasing order, a tile taken again while copies are left:
/// each multiset once, in sorted order, with no allocation for hands of up to 32 tiles.
pub fn each_exchange(hand: &[u8], largest: usize, mut each: impl FnMut(&[u8]) -> bool) {
    let mut counts = [0u32; 64];
    for &t in hand {
        counts[t as usize] += 1;
    }
    let mut kinds = [0u8; 64];
    let mut have = [0u32; 64];
    let mut m = 0;
    for (t, &c) in counts.iter().enumerate() {
        if c > 0 {
            kinds[m] = t as u8;
            have[m] = c;
            m += 1;
        }
    }
    let largest = largest.min(hand.len());
    if largest == 0 {
        return;
    }
    let mut stack = [0u8; 32];
    let mut heap;
    let picked: &mut [u8] = if largest <= stack.len() {
        &mut stack[..largest]
    } else {
        heap = vec![0u8; largest];
        &mut heap
    };

    struct Walk<'a, F> {
        kinds: &'a [u8],
        have: &'a [u32],
        largest: usize,
        each: F,
    }

    fn go<F: FnMut(&[u8]) -> bool>(
        walk: &mut Walk<'_, F>,
        picked: &mut [u8],
        depth: usize,
        from: usize,
        used: u32,
    ) -> bool {
        for j in from..walk.kinds.len() {
            let taken = if j == from { used } else { 0 };
            if taken == walk.have[j] {
                continue;
            }
            picked[depth] = walk.kinds[j];
            if !(walk.each)(&picked[..=depth]) {
                return false;
            }
            if depth + 1 < walk.largest && !go(walk, picked, depth + 1, j, taken + 1) {
                return false;
            }
        }
        true
    }

    let mut walk = Walk {
        kinds: &kinds[..m],
        have: &have[..m],
        largest,
        each: &mut each,
    };
    go(&mut walk, picked, 0, 0, 0);
}

/// How many distinct multisets of 1 to `largest` tiles the hand offers.
pub fn count_exchanges(hand: &[u8], largest: usize) -> u64 {
    let distinct = mask_of(hand).count_ones() as usize;
    if distinct == hand.len() {
        // No tile twice: the subsets of 1 to `largest` tiles, summed as binomials.
        let (mut sum, mut ways) = (0u64, 1u64);
        for k in 1..=largest.min(distinct) {
            ways = ways * (distinct + 1 - k) as u64 / k as u64;
            sum += ways;
        }
        return sum;
    }
    let mut counts = [0usize; 64];
    for &t in hand {
        counts[t as usize] += 1;
    }
    let mut stack = [0u64; 33];
    let mut heap;
    let ways: &mut [u64] = if largest < stack.len() {
        &mut stack[..=largest]
    } else {
        heap = vec![0u64; largest + 1];
        &mut heap
    };
    ways[0] = 1;
    for &c in counts.iter().filter(|&&c| c > 0) {
        // From the largest size down, so that ways[n - j] is still the count without this tile.
        for n in (1..ways.len()).rev() {
            let mut sum = 0;
            for j in 0..=c.min(n) {
                sum += ways[n - j];
            }
            ways[n] = sum;
        }
    }
    ways[1..].iter().sum()
}

/// How many distinct multisets of exactly `size` tiles the hand offers.
pub fn count_exchanges_of_size(hand: &[u8], size: usize) -> u64 {
    count_exchanges(hand, size)
        - if size > 1 {
            count_exchanges(hand, size - 1)
        } else {
            0
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fillings_are_counted_as_listed() {
        let opts = [0b111u64, 0b110, 0b1011];
        let mut n = 0;
        Window::new(&[1, 2, 3], &opts, 0).fill(|_| n += 1);
        assert_eq!(n, count_fillings(&opts));
    }

    /// The exchanges as first written: the sorted hand walked depth first, skipping copies of a tile skipped.
    fn exchanges_by_sorting(hand: &[u8], largest: usize) -> Vec<Vec<u8>> {
        fn go(
            tiles: &[u8],
            start: usize,
            largest: usize,
            picked: &mut Vec<u8>,
            out: &mut Vec<Vec<u8>>,
        ) {
            let mut i = start;
            while i < tiles.len() {
                picked.push(tiles[i]);
                out.push(picked.clone());
                if picked.len() < largest {
                    go(tiles, i + 1, largest, picked, out);
                }
                picked.pop();
                let t = tiles[i];
                while i < tiles.len() && tiles[i] == t {
                    i += 1;
                }
            }
        }
        let mut tiles = hand.to_vec();
        tiles.sort_unstable();
        let mut out = vec![];
        go(&tiles, 0, largest, &mut vec![], &mut out);
        out
    }

    proptest! {
        #[test]
        fn exchanges_are_counted_and_sorted(hand in proptest::collection::vec(0u8..12, 0..10), largest in 1usize..10) {
            let listed = exchanges(&hand, largest);
            prop_assert_eq!(&listed, &exchanges_by_sorting(&hand, largest));
            let mut one = vec![];
            for (i, e) in listed.iter().enumerate() {
                prop_assert!(nth_exchange(&hand, largest, i, &mut one));
                prop_assert_eq!(&one, e);
            }
            prop_assert!(!nth_exchange(&hand, largest, listed.len(), &mut one));
            for size in 1..=largest {
                let sized: Vec<&Vec<u8>> = listed.iter().filter(|e| e.len() == size).collect();
                prop_assert_eq!(sized.len() as u64, count_exchanges_of_size(&hand, size));
                for (i, e) in sized.iter().enumerate() {
                    prop_assert!(nth_exchange_of_size(&hand, size, i, &mut one));
                    prop_assert_eq!(&one, *e);
                }
            }
            prop_assert_eq!(listed.len() as u64, count_exchanges(&hand, largest));
            prop_assert!(listed.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(listed.iter().all(|e| !e.is_empty() && e.len() <= largest));
        }

        #[test]
        fn fillings_count(opts in proptest::collection::vec(1u64..64, 1..6)) {
            let keys: Vec<usize> = (0..opts.len()).collect();
            let mut n = 0u64;
            Window::new(&keys, &opts, 0).fill(|picked| {
                n += 1;
                assert!(picked.iter().enumerate().all(|(i, &t)| opts[i] >> t & 1 == 1));
            });
            prop_assert_eq!(n, count_fillings(&opts));
        }
    }
}
