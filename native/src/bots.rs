//! The specification's random and greedy bots (`qwirkle.bots`), move for move, and whole games between them.
//!
//! Each bot draws from its own CPython-compatible `random.Random(seed)` and, like the specification's,
//! sorts the moves by `move_key` before drawing, so the same seeds give the same games in either engine.

use crate::game::{Game, Illegal};
use crate::movegen::Sink;
use crate::mt::Mt;
use crate::tiles::bits;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
}

pub struct Bot {
    pub kind: BotKind,
    rng: Mt,
    /// The placements drawn from, kept between turns so that their memory is reused.
    keys: Vec<MoveKey>,
    picked: Vec<u8>,
}

impl Bot {
    pub fn new(kind: BotKind, seed: i128) -> Bot {
        Bot {
            kind,
            rng: Mt::new(seed),
            keys: Vec::with_capacity(256),
            picked: Vec::new(),
        }
    }

    /// Choose and play a move; `Err` if there is none (the game is over, or no legal move was found).
    pub fn play(&mut self, game: &mut Game) -> Result<(), Illegal> {
        match self.kind {
            BotKind::Random => self.play_random(game),
            BotKind::Greedy => self.play_greedy(game),
        }
    }

    /// Every legal move, sorted by `move_key` (placements by their cells and tiles, then exchanges,
    /// then the pass), one drawn uniformly.
    fn play_random(&mut self, game: &mut Game) -> Result<(), Illegal> {
        let keys = &mut self.keys;
        keys.clear();
        game.each_window(&mut Every(keys));
        let largest = game.exchange_limit();
        let exchanges = if largest > 0 {
            crate::movegen::count_exchanges(game.hand(), largest) as usize
        } else {
            0
        };
        let pass = game.can_pass();
        let total = keys.len() + exchanges + usize::from(pass);
        if total == 0 {
            return Err(Illegal {
                rule: "TURN-3",
                message: "no legal move found".into(),
            });
        }
        let i = self.rng.below(total);
        if i < keys.len() {
            let (_, chosen, _) = keys.select_nth_unstable(i);
            let (placed, n) = unkey(chosen);
            game.apply_listed(&placed[..n]);
            Ok(())
        } else if i < keys.len() + exchanges {
            // The exchanges are listed in sorted order already.
            crate::movegen::nth_exchange(game.hand(), largest, i - keys.len(), &mut self.picked);
            game.apply_exchange(&self.picked)
        } else {
            game.apply_pass()
        }
    }

    /// The placement that scores most (ties drawn at random); else the widest exchange (at random);
    /// else the pass.
    fn play_greedy(&mut self, game: &mut Game) -> Result<(), Illegal> {
        let (out, bonus) = (
            game.hand().len(),
            if game.bag.is_empty() {
                game.rules.end_bonus
            } else {
                0
            },
        );
        let keys = &mut self.keys;
        keys.clear();
        game.each_window(&mut Best {
            keys,
            best: -1,
            out,
            bonus,
        });
        if !keys.is_empty() {
            let i = self.rng.below(keys.len());
            let (_, chosen, _) = keys.select_nth_unstable(i);
            let (placed, n) = unkey(chosen);
            game.apply_listed(&placed[..n]);
            return Ok(());
        }
        let largest = game.exchange_limit();
        if largest > 0 {
            // The widest exchanges hold `largest` tiles, listed in sorted order.
            let widest = crate::movegen::count_exchanges_of_size(game.hand(), largest) as usize;
            let i = self.rng.below(widest);
            crate::movegen::nth_exchange_of_size(game.hand(), largest, i, &mut self.picked);
            return game.apply_exchange(&self.picked);
        }
        game.apply_pass()
    }
}

/// Play the first of the best-scoring placements in `move_key` order (the greedy bot's choice when
/// its draw among them is the first); `false`, with nothing played, when no tile can be placed.
pub fn apply_first_best(game: &mut Game) -> bool {
    let (out, bonus) = (
        game.hand().len(),
        if game.bag.is_empty() {
            game.rules.end_bonus
        } else {
            0
        },
    );
    let mut keys = Vec::new();
    game.each_window(&mut Best {
        keys: &mut keys,
        best: -1,
        out,
        bonus,
    });
    match keys.iter().min() {
        Some(first) => {
            let (placed, n) = unkey(first);
            game.apply_listed(&placed[..n]);
            true
        }
        None => false,
    }
}

/// The keys of every placement of the windows.
struct Every<'a>(&'a mut Vec<MoveKey>);

impl Sink for Every<'_> {
    #[inline]
    fn window(&mut self, cells: &[u32], opts: &[u64], _points: i64) {
        push_keys(cells, opts, self.0);
    }
}

/// The keys of the placements that score most (end bonus included): those of the windows that score
/// most so far, dropped when a window scores more.
struct Best<'a> {
    keys: &'a mut Vec<MoveKey>,
    best: i64,
    /// The hand's size, and the end bonus for placing all of it (SCORE-8).
    out: usize,
    bonus: i64,
}

impl Sink for Best<'_> {
    #[inline]
    fn window(&mut self, cells: &[u32], opts: &[u64], points: i64) {
        let points = points
            + if cells.len() == self.out {
                self.bonus
            } else {
                0
            };
        if points > self.best {
            let mark = self.keys.len();
            push_keys(cells, opts, self.keys);
            // A window of several cells may have no filling when its cells want the same single tile.
            if self.keys.len() > mark {
                self.keys.drain(..mark);
                self.best = points;
            }
        } else if points == self.best {
            push_keys(cells, opts, self.keys);
        }
    }
}

/// The `move_key` of each placement of a window (its cells and what fits each), in listing order.
fn push_keys(cells: &[u32], opts: &[u64], keys: &mut Vec<MoveKey>) {
    match *opts {
        [a] => {
            let first = u64::from((cells[0] + 1) << 6);
            keys.extend(bits(a).map(|t| MoveKey((first | u64::from(t)) << 32, 0, 0)));
        }
        [a, b] => {
            let (first, second) = (
                u64::from((cells[0] + 1) << 6),
                u64::from((cells[1] + 1) << 6),
            );
            for t in bits(a) {
                let high = (first | u64::from(t)) << 32 | second;
                keys.extend(bits(b & !(1 << t)).map(|u| MoveKey(high | u64::from(u), 0, 0)));
            }
        }
        [a, b, c] => {
            let cell = |i: usize| u64::from((cells[i] + 1) << 6);
            let (first, second, third) = (cell(0), cell(1), cell(2));
            for t in bits(a) {
                for u in bits(b & !(1 << t)) {
                    let high = (first | u64::from(t)) << 32 | second | u64::from(u);
                    let tiles = bits(c & !(1 << t | 1 << u));
                    keys.extend(tiles.map(|v| MoveKey(high, (third | u64::from(v)) << 32, 0)));
                }
            }
        }
        _ => {
            let mut entries = [0u32; 6];
            for (e, &k) in entries.iter_mut().zip(cells) {
                *e = (k + 1) << 6;
            }
            go(opts, 0, 0, &mut entries, keys);
        }
    }

    // Depth first, each cell's tiles lowest first and no tile twice: `Window::fill`'s order. The
    // last cell's tile only adds to the key of the cells before it.
    fn go(opts: &[u64], at: usize, used: u64, entries: &mut [u32; 6], keys: &mut Vec<MoveKey>) {
        let base = entries[at];
        if at + 1 == opts.len() {
            let p = MoveKey::of(entries);
            let shift = 32 - 32 * (at % 2);
            let tiles = bits(opts[at] & !used).map(|t| u64::from(t) << shift);
            match at / 2 {
                0 => keys.extend(tiles.map(|t| MoveKey(p.0 | t, p.1, p.2))),
                1 => keys.extend(tiles.map(|t| MoveKey(p.0, p.1 | t, p.2))),
                _ => keys.extend(tiles.map(|t| MoveKey(p.0, p.1, p.2 | t))),
            }
            return;
        }
        for t in bits(opts[at] & !used) {
            entries[at] = base | t;
            go(opts, at + 1, used | 1 << t, entries, keys);
        }
        entries[at] = base;
    }
}

/// A placement's `move_key`: `(key + 1) << 6 | tile` for each cell in order, zeros after the last, packed
/// two to a number, so that keys compare as the specification's `(x, y, tile, ...)` tuples do (keys
/// order cells as `(x, y)`; a shorter prefix first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct MoveKey(u64, u64, u64);

impl MoveKey {
    #[inline]
    fn of(entries: &[u32; 6]) -> MoveKey {
        let at = |i: usize| u64::from(entries[i]);
        MoveKey(
            at(0) << 32 | at(1),
            at(2) << 32 | at(3),
            at(4) << 32 | at(5),
        )
    }

    fn entry(&self, i: usize) -> u32 {
        let pair = [self.0, self.1, self.2][i / 2];
        (pair >> (32 - 32 * (i % 2))) as u32
    }
}

#[cfg(test)]
fn move_key(keys: &[u32], tiles: &[u8]) -> MoveKey {
    let mut entries = [0u32; 6];
    for (i, (&k, &t)) in keys.iter().zip(tiles).enumerate() {
        entries[i] = (k + 1) << 6 | u32::from(t);
    }
    MoveKey::of(&entries)
}

/// The placement of a key, `(key, tile)` pairs in its first `n` entries.
fn unkey(key: &MoveKey) -> ([(usize, u8); 6], usize) {
    let mut placed = [(0usize, 0u8); 6];
    let mut n = 0;
    while n < 6 {
        let e = key.entry(n);
        if e == 0 {
            break;
        }
        placed[n] = (((e >> 6) - 1) as usize, (e & 63) as u8);
        n += 1;
    }
    (placed, n)
}

/// How a game between bots ended.
pub enum Played {
    Over,
    /// The game had not ended after this many turns (the specification raises `TurnLimitError`).
    TurnLimit,
}

/// Play bots against each other from the game's current position until it ends or `max_turns` turns
/// (counting `turns_before`) have been played.
pub fn play_out(
    game: &mut Game,
    bots: &mut [Bot],
    turns_before: usize,
    max_turns: usize,
) -> Result<Played, Illegal> {
    let mut turns = turns_before;
    while game.outcome.is_none() {
        if turns >= max_turns {
            return Ok(Played::TurnLimit);
        }
        let seat = game.current;
        bots[seat].play(game)?;
        turns += 1;
    }
    Ok(Played::Over)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;
    use crate::movegen::Window;

    #[test]
    fn bots_finish_games() {
        for seed in 0..10 {
            for kind in [BotKind::Random, BotKind::Greedy] {
                let mut game = Game::new(2, seed, Rules::default());
                game.record = false;
                let mut bots = vec![Bot::new(kind, 1), Bot::new(kind, 2)];
                let played =
                    play_out(&mut game, &mut bots, 0, 5000).unwrap_or_else(|e| panic!("{e:?}"));
                assert!(matches!(played, Played::Over) || kind == BotKind::Random);
            }
        }
    }

    #[test]
    fn window_keys_follow_fill() {
        let opts = [0b1011u64, 0b0110, 0b1111, 0b0101];
        for len in 1..=opts.len() {
            let mut w = Window {
                len: len as u8,
                keys: [0; 6],
                opts: [0; 6],
                points: 0,
            };
            for (i, &o) in opts.iter().enumerate().take(len) {
                w.keys[i] = 700 + 256 * i as u32;
                w.opts[i] = o;
            }
            let mut filled = vec![];
            w.fill(|tiles| filled.push(move_key(w.keys(), tiles)));
            let mut pushed = vec![];
            push_keys(w.keys(), w.opts(), &mut pushed);
            assert_eq!(pushed, filled);
        }
    }

    #[test]
    fn keys_compare_as_tuples() {
        let cells: Vec<(Vec<u32>, Vec<u8>)> = vec![
            (vec![5], vec![3]),
            (vec![5], vec![4]),
            (vec![5, 6], vec![3, 1]),
            (vec![5, 6, 7, 8, 9], vec![3, 1, 2, 0, 35]),
            (vec![5, 6, 7, 8, 9, 10], vec![3, 1, 2, 0, 35, 7]),
            (vec![5, 6, 7, 8, 10], vec![3, 1, 2, 0, 1]),
            (vec![300], vec![0]),
            (vec![65000, 65001], vec![35, 34]),
        ];
        for (a_keys, a_tiles) in &cells {
            for (b_keys, b_tiles) in &cells {
                let entries = |keys: &[u32], tiles: &[u8]| -> Vec<u32> {
                    keys.iter()
                        .zip(tiles)
                        .map(|(&k, &t)| (k + 1) << 6 | u32::from(t))
                        .collect()
                };
                assert_eq!(
                    move_key(a_keys, a_tiles).cmp(&move_key(b_keys, b_tiles)),
                    entries(a_keys, a_tiles).cmp(&entries(b_keys, b_tiles))
                );
            }
            let (placed, n) = unkey(&move_key(a_keys, a_tiles));
            let expected: Vec<(usize, u8)> = a_keys
                .iter()
                .map(|&k| k as usize)
                .zip(a_tiles.iter().copied())
                .collect();
            assert_eq!(placed[..n], expected[..]);
        }
    }

    #[test]
    fn keys_round_trip() {
        let key = move_key(&[5, 300], &[3, 35]);
        let (placed, n) = unkey(&key);
        assert_eq!(placed[..n], [(5, 3), (300, 35)]);
        assert!(move_key(&[5], &[3]) < key);
    }
}

#[cfg(test)]
mod timing {
    use super::*;
    use crate::game::Rules;

    fn speed(kind: BotKind) {
        let games: i64 = std::env::var("QWIRKLE_GAMES")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(500);
        let start = std::time::Instant::now();
        let mut game = Game::new(2, 0, Rules::default());
        game.record = false;
        let mut turns = 0;
        for seed in 0..games {
            game.redeal(seed);
            let mut bots = vec![
                Bot::new(kind, seed as i128 + 1000),
                Bot::new(kind, seed as i128 + 2000),
            ];
            play_out(&mut game, &mut bots, 0, 5000).unwrap_or_else(|e| panic!("{e:?}"));
            turns += game.turns_count;
            game.turns_count = 0;
        }
        println!(
            "{kind:?}: {:.0} games/s, {turns} turns",
            games as f64 / start.elapsed().as_secs_f64()
        );
    }

    #[test]
    #[ignore = "a timing, run with --ignored --nocapture"]
    fn greedy_speed() {
        speed(BotKind::Greedy);
    }

    #[test]
    #[ignore = "a timing, run with --ignored --nocapture"]
    fn random_speed() {
        speed(BotKind::Random);
    }
}
