//! Move generation: every legal placement of a hand, each once, grouped in *windows*
//! (the empty cells of one line and the tiles each may take), in the specification's order.

use crate::board::{Board, NO_LINES, SIDE};
use crate::tiles::{bits, groups, mask_of, points_table, MAX_LINE, TYPES_UNION, TYPE_TILES};

/// The empty cells a placement fills (increasing keys), the tiles each may take, and its points (end bonus aside).
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub len: u8,
    pub keys: [u32; MAX_LINE],
    pub opts: [u64; MAX_LINE],
    pub points: i64,
}

impl Window {
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
    h.live = hand_mask & TYPES_UNION[h.useful as usize];
    h
}

/// Options of the move generator that come from the rule set.
#[derive(Clone, Copy, Debug)]
pub struct GenRules {
    pub qwirkle_bonus: i64,
    pub lone_tile_points: i64,
    pub opening_must_play_max_group: bool,
}

/// Every window of a legal placement of `hand` (tiles) on `board`, into `found` (cleared first).
pub fn windows(board: &Board, hand: &[u8], rules: &GenRules, found: &mut Vec<Window>) {
    found.clear();
    let hand_mask = mask_of(hand);
    if board.is_empty() {
        opening_windows(board, hand_mask, rules, found);
    } else {
        table_windows(board, hand_mask, rules.qwirkle_bonus, found);
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
fn opening_windows(board: &Board, hand_mask: u64, rules: &GenRules, found: &mut Vec<Window>) {
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
        found.push(Window::new(
            &[origin],
            &[hand_mask],
            opening_points(1, rules),
        ));
    }
    for line in lines {
        let size = line.count_ones() as usize;
        if size > 1 {
            let points = opening_points(size as u32, rules);
            let opts = [line; MAX_LINE];
            let row: Vec<usize> = (0..size).map(|i| origin + i * SIDE).collect();
            let column: Vec<usize> = (0..size).map(|i| origin + i).collect();
            found.push(Window::new(&row, &opts[..size], points));
            found.push(Window::new(&column, &opts[..size], points));
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

/// The windows on a table with tiles: one-cell windows, then windows of several tiles grown from
/// each anchor along rows, then along columns (the specification's `_table_windows`).
fn table_windows(board: &Board, hand_mask: u64, qwirkle_bonus: i64, found: &mut Vec<Window>) {
    let hand = hand_types(hand_mask);
    let table = points_table(qwirkle_bonus);
    let live = hand.live;
    let mut row_anchors: Vec<usize> = Vec::with_capacity(64);
    let mut col_anchors: Vec<usize> = Vec::with_capacity(64);
    for (n, c) in board.cells.iter() {
        // PLACE-4, LINE-2 to LINE-4: a tile alone fits both lines through its cell.
        let fits = c.row_mask & c.col_mask & hand_mask;
        if fits != 0 {
            found.push(Window::new(
                &[n],
                &[fits],
                table[c.row_run as usize + 1] + table[c.col_run as usize + 1],
            ));
        }
        if c.col_run != 0 && c.col_mask & live != 0 && !board.has(n - SIDE) {
            row_anchors.push(n);
        }
        if c.row_run != 0 && c.row_mask & live != 0 && !board.has(n - 1) {
            col_anchors.push(n);
        }
    }
    // A run of tiles anchors windows when two of the hand's tiles of one of its types may join it.
    for (k, r) in board.rows.iter() {
        if r.common & hand.useful != 0 && (r.fit & live).count_ones() > 1 {
            row_anchors.push(k);
        }
    }
    for (k, r) in board.cols.iter() {
        if r.common & hand.useful != 0 && (r.fit & live).count_ones() > 1 {
            col_anchors.push(k);
        }
    }
    line_windows(board, found, &row_anchors, true, &hand, &table);
    line_windows(board, found, &col_anchors, false, &hand, &table);
}

/// Grow a line from each anchor and add its windows of several tiles (the specification's `_line_windows`).
///
/// PLACE-1, PLACE-2: a move of several tiles fills one unbroken run of one line. LINE-2, LINE-3: the
/// line stops at a repeated tile or when no line type is left. LINE-4: at most six tiles.
fn line_windows(
    board: &Board,
    found: &mut Vec<Window>,
    anchors: &[usize],
    along_rows: bool,
    hand: &HandTypes,
    table: &[i64; MAX_LINE + 1],
) {
    let step = if along_rows { SIDE } else { 1 };
    let along = if along_rows { &board.rows } else { &board.cols };
    let live = hand.live;
    for &anchor in anchors {
        let mut widest: Option<i64> = None;
        let mut types = hand.useful;
        let mut room_left = hand.most;
        let mut present = 0u64;
        let mut empties = [0usize; MAX_LINE];
        let mut masks = [0u64; MAX_LINE];
        let mut count = 0usize;
        let mut points = 0i64;
        let mut length = 0usize;
        let mut k = anchor;
        let mut run = along.get(k);
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
                if room_left == 0 || fit & TYPES_UNION[types as usize] == 0 {
                    break;
                }
                room_left -= 1;
                empties[count] = k;
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
                let cap = room_left.min(MAX_LINE as i64 - 1);
                while w < cap
                    && !board.has(f)
                    && board.cells.get(f).unwrap_or(NO_LINES).across(along_rows).1 == 0
                {
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
                let mut opts = [0u64; MAX_LINE];
                let mut all = true;
                for i in 0..count {
                    opts[i] = masks[i] & cand;
                    all &= opts[i] != 0;
                }
                if !all {
                    continue;
                }
                for left in low..=room {
                    let left = left as usize;
                    let mut w = Window {
                        len: (left + count) as u8,
                        keys: [0; MAX_LINE],
                        opts: [0; MAX_LINE],
                        points,
                    };
                    for i in 0..left {
                        w.keys[i] = (anchor - (left - i) * step) as u32;
                        w.opts[i] = cand;
                    }
                    for i in 0..count {
                        w.keys[left + i] = empties[i] as u32;
                        w.opts[left + i] = opts[i];
                    }
                    w.points = points + table[length + left];
                    found.push(w);
                }
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
    let mut tiles = hand.to_vec();
    tiles.sort_unstable();
    let mut out: Vec<Vec<u8>> = vec![];
    // Depth first over the sorted tiles, skipping a copy of the tile just skipped: each multiset once, in order.
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
    go(&tiles, 0, largest, &mut vec![], &mut out);
    out
}

/// How many distinct multisets of 1 to `largest` tiles the hand offers.
pub fn count_exchanges(hand: &[u8], largest: usize) -> u64 {
    let mut counts = [0usize; 36];
    for &t in hand {
        counts[t as usize] += 1;
    }
    let mut ways = vec![0u64; largest + 1];
    ways[0] = 1;
    for &c in counts.iter().filter(|&&c| c > 0) {
        let mut grown = vec![0u64; largest + 1];
        for (n, g) in grown.iter_mut().enumerate() {
            *g = (0..=c.min(n)).map(|j| ways[n - j]).sum();
        }
        ways = grown;
    }
    ways[1..].iter().sum()
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

    proptest! {
        #[test]
        fn exchanges_are_counted_and_sorted(hand in proptest::collection::vec(0u8..8, 0..8), largest in 1usize..8) {
            let listed = exchanges(&hand, largest);
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
