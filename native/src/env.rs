//! Solo games against built-in bots for reinforcement learning: turns built with the action
//! encoding of [`crate::actions`], and the observation and action mask of
//! `qwirkle.adapters.observation`, written into rows of caller-owned arrays.
//!
//! Every size and offset comes in a [`Layout`] built from the Python layout objects, so the two
//! sides cannot disagree on where an action or a part of the observation lies.

use crate::actions::{number, window_origin, ActionLayout, Refused, Scratch, Taken, Turn};
use crate::bots::{Bot, BotKind};
use crate::game::{Game, Rules};
use crate::mt::Mt;
use crate::tiles::KINDS;

/// Where each action and each part of the observation lies (`ActionLayout`, `ObservationLayout`).
#[derive(Clone, Debug)]
pub struct Layout {
    pub actions: ActionLayout,
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
        self.actions.check()?;
        let planes_end = self.planes * self.actions.cells();
        let ordered = [
            (0, planes_end),
            (self.hand, self.hand + self.actions.hand_size * KINDS),
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
        if !(fits && planes_ok && self.tile_count > 0 && self.score_scale > 0.0) {
            return Err("the layout does not describe the adapters' observation".into());
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
    scratch: Scratch,
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
        if seats > layout.seats || config.rules.hand_size != layout.actions.hand_size {
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
        Ok(Batch {
            config,
            scratch: Scratch::new(&layout.actions),
            layout,
            games,
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
        Self::start_turn(solo, config, &self.layout, &mut self.scratch);
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
            scratch,
        } = self;
        let solo = &mut games[i];
        let Some(turn) = solo.turn.as_mut() else {
            return Err("the episode is over: call reset()".into());
        };
        match turn.take(&mut solo.game, &layout.actions, action, scratch) {
            Ok(Taken::Tile) => {
                Self::show(solo, config, layout, obs, mask, false);
                return Ok(Stepped::default());
            }
            Ok(Taken::Move) => {}
            Err(Refused::Illegal) => {
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
            Err(Refused::Engine(message)) => return Err(message),
        }
        solo.turns += 1;
        Self::bots_play(solo, config)?;
        Self::start_turn(solo, config, layout, scratch);
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
    fn start_turn(solo: &mut Solo, config: &Config, layout: &Layout, scratch: &mut Scratch) {
        solo.turn = None;
        if solo.game.outcome.is_some() || solo.turns >= config.max_turns {
            return;
        }
        solo.turn = Some(Turn::start(&mut solo.game, &layout.actions, scratch));
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
        let (cells, side) = (layout.actions.cells(), layout.actions.window);
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
            let origin = turn.map_or_else(|| window_origin(&game.board, side), |t| t.origin);
            let board = &game.board;
            for (k, tile) in board.tiles() {
                let (x, y) = board.cell_of(k);
                if let Some(n) = number(origin, side, x, y) {
                    put(&mut solo.shown, n, tile);
                }
            }
            if board.is_empty() {
                if let Some(n) = number(origin, side, 0, 0) {
                    solo.shown.push((layout.open_plane * cells + n) as u32);
                }
            } else {
                for (k, f) in board.cells.iter() {
                    if f.row_mask & f.col_mask != 0 {
                        let (x, y) = board.cell_of(k);
                        if let Some(n) = number(origin, side, x, y) {
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
        let slots = &mut obs[layout.hand..layout.hand + layout.actions.hand_size * KINDS];
        slots.fill(0.0);
        let mut left: u64 = turn.map_or(0, |t| t.used);
        let marked: &[u8] = turn.map_or(&[], |t| &t.marked);
        for (slot, &held) in hand.iter().enumerate() {
            counts[held as usize] -= 1;
            // The tiles put into the exchange leave their slots blank too.
            if marked.contains(&(slot as u8)) {
                continue;
            }
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
            solo.offered.extend_from_slice(t.legal());
            for &a in t.legal() {
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
            actions: ActionLayout::new(hand_size, window),
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
        bad.actions.end += 1;
        assert!(bad.check().is_err());
    }

    #[test]
    fn games_play_to_the_end_and_reset() {
        let layout = standard();
        let mut batch = Batch::new(config(BotKind::Greedy), layout.clone(), 1).unwrap();
        batch.seed(0, 7);
        let mut obs = vec![0.0; layout.size];
        let mut mask = vec![0; layout.actions.size];
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
        let mut mask = vec![0; layout.actions.size];
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
