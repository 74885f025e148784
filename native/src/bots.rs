//! The specification's random and greedy bots (`qwirkle.bots`), move for move, and whole games between them.
//!
//! Each bot draws from its own CPython-compatible `random.Random(seed)` and, like the specification's,
//! sorts the moves by `move_key` before drawing, so the same seeds give the same games in either engine.

use crate::game::{Game, Illegal};
use crate::mt::Mt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
}

pub struct Bot {
    pub kind: BotKind,
    rng: Mt,
}

impl Bot {
    pub fn new(kind: BotKind, seed: i128) -> Bot {
        Bot {
            kind,
            rng: Mt::new(seed),
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
        let mut keys: Vec<MoveKey> = Vec::with_capacity(512);
        for w in game.windows() {
            w.fill(|tiles| keys.push(move_key(w.keys(), tiles)));
        }
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
            let placed = unkey(chosen);
            game.apply_listed(&placed);
            Ok(())
        } else if i < keys.len() + exchanges {
            // The exchanges are listed in sorted order already.
            let chosen = game.exchanges().swap_remove(i - keys.len());
            game.apply_exchange(&chosen)
        } else {
            game.apply_pass()
        }
    }

    /// The placement that scores most (ties drawn at random); else the widest exchange (at random);
    /// else the pass.
    fn play_greedy(&mut self, game: &mut Game) -> Result<(), Illegal> {
        let best = game.top_points();
        if best >= 0 {
            let (out, bonus) = (
                game.hand().len(),
                if game.bag.is_empty() {
                    game.rules.end_bonus
                } else {
                    0
                },
            );
            let mut keys: Vec<MoveKey> = Vec::with_capacity(16);
            crate::movegen::winners(game.windows(), out, bonus, best, |w, tiles| {
                keys.push(move_key(w.keys(), tiles));
                true
            });
            let i = self.rng.below(keys.len());
            let (_, chosen, _) = keys.select_nth_unstable(i);
            let placed = unkey(chosen);
            game.apply_listed(&placed);
            return Ok(());
        }
        let exchanges = game.exchanges();
        if let Some(largest) = exchanges.iter().map(Vec::len).max() {
            let widest: Vec<&Vec<u8>> = exchanges.iter().filter(|e| e.len() == largest).collect();
            let i = self.rng.below(widest.len());
            let chosen = widest[i].clone();
            return game.apply_exchange(&chosen);
        }
        game.apply_pass()
    }
}

/// A placement's `move_key`: `(key, tile)` pairs in cell order, packed so that arrays compare as the
/// specification's `(x, y, tile, ...)` tuples do (keys order cells as `(x, y)`; a shorter prefix first).
type MoveKey = [u32; 6];

fn move_key(keys: &[u32], tiles: &[u8]) -> MoveKey {
    let mut out = [0u32; 6];
    for (i, (&k, &t)) in keys.iter().zip(tiles).enumerate() {
        out[i] = (k + 1) << 6 | u32::from(t);
    }
    out
}

fn unkey(key: &MoveKey) -> Vec<(usize, u8)> {
    key.iter()
        .take_while(|&&e| e != 0)
        .map(|&e| (((e >> 6) - 1) as usize, (e & 63) as u8))
        .collect()
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
    fn keys_round_trip() {
        let key = move_key(&[5, 300], &[3, 35]);
        assert_eq!(unkey(&key), vec![(5, 3), (300, 35)]);
        assert!(move_key(&[5], &[3]) < key);
    }
}

#[cfg(test)]
mod timing {
    use super::*;
    use crate::game::Rules;

    #[test]
    #[ignore = "a timing, run with --ignored --nocapture"]
    fn self_play_speed() {
        for kind in [BotKind::Greedy, BotKind::Random] {
            let start = std::time::Instant::now();
            let mut game = Game::new(2, 0, Rules::default());
            game.record = false;
            for seed in 0..500 {
                game.redeal(seed);
                let mut bots = vec![Bot::new(kind, 1), Bot::new(kind, 2)];
                play_out(&mut game, &mut bots, 0, 5000).unwrap_or_else(|e| panic!("{e:?}"));
            }
            println!(
                "{kind:?}: {:.0} games/s",
                500.0 / start.elapsed().as_secs_f64()
            );
        }
    }
}
