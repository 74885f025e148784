//! The game flow: dealing, checking and applying a move, drawing, scoring, and the end of the game.

use crate::board::{Board, SIDE};
use crate::movegen::{self, GenRules, Window};
use crate::rng;
use crate::tiles::{group_size, mask_of, points_table, ALL_TYPES, KINDS, MAX_LINE, TILE_TYPES};

/// Every option of the specification's `RuleSet` that changes play (the others only check the
/// number of players, or have a single value).
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub hand_size: usize,
    pub copies_per_tile: usize,
    pub qwirkle_bonus: i64,
    pub end_bonus: i64,
    pub lone_tile_points: i64,
    pub opening_must_play_max_group: bool,
    pub exchange_limited_by_bag: bool,
    pub exchange_return_before_draw: bool,
    pub allow_voluntary_pass: bool,
    pub blocked_round_of_passes: bool,
    pub stalemate_rounds: Option<u64>,
    pub score_limit: Option<i64>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            hand_size: 6,
            copies_per_tile: 3,
            qwirkle_bonus: 6,
            end_bonus: 6,
            lone_tile_points: 1,
            opening_must_play_max_group: true,
            exchange_limited_by_bag: true,
            exchange_return_before_draw: false,
            allow_voluntary_pass: false,
            blocked_round_of_passes: false,
            stalemate_rounds: None,
            score_limit: None,
        }
    }
}

impl Rules {
    fn gen(&self) -> GenRules {
        GenRules {
            qwirkle_bonus: self.qwirkle_bonus,
            lone_tile_points: self.lone_tile_points,
            opening_must_play_max_group: self.opening_must_play_max_group,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    WentOut,
    Blocked,
    Stalemate,
    ScoreLimit,
    /// An end the native engine does not play itself (a player left): only a game already over has it.
    Other,
}

impl Reason {
    pub fn value(self) -> &'static str {
        match self {
            Reason::WentOut => "went_out",
            Reason::Blocked => "blocked",
            Reason::Stalemate => "stalemate",
            Reason::ScoreLimit => "score_limit",
            Reason::Other => "other",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub reason: Reason,
    pub winners: Vec<usize>,
    pub ended_by: Option<usize>,
}

/// A move refused by the rules: the rule it breaks and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub rule: &'static str,
    pub message: String,
}

fn illegal<T>(rule: &'static str, message: impl Into<String>) -> Result<T, Illegal> {
    Err(Illegal {
        rule,
        message: message.into(),
    })
}

/// A line a placement made or extended: its first cell, whether it runs along a row, and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub x: i64,
    pub y: i64,
    pub along_row: bool,
    pub len: u8,
}

/// What a placement scores, with the lines it scores for (SCORE-1 to SCORE-8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    pub total: i64,
    pub lines: Vec<Line>,
    pub end_bonus: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Place,
    Exchange,
    Pass,
}

/// Tiles by cell key.
type Keyed = Vec<(usize, u8)>;
/// A line as its first key, its step and its length.
type Span = (usize, usize, usize);

/// One turn played, as the specification's history needs it.
#[derive(Clone, Debug)]
pub struct TurnRecord {
    pub seat: usize,
    pub kind: Kind,
    /// `(x, y, tile)` for a placement (sorted by cell), `(0, 0, tile)` for an exchange (sorted by tile).
    pub tiles: Vec<(i64, i64, u8)>,
    pub score: Scored,
}

#[derive(Clone)]
pub struct Game {
    pub board: Board,
    pub hands: Vec<Vec<u8>>,
    pub bag: Vec<u8>,
    pub scores: Vec<i64>,
    pub current: usize,
    pub rng: u64,
    pub idle_turns: u64,
    pub outcome: Option<Outcome>,
    pub rules: Rules,
    /// How many of the last turns in a row were passes (END-3's round of passes).
    pub trailing_passes: usize,
    /// Whether turns are recorded (the Python face rebuilds the history from them).
    pub record: bool,
    pub turns: Vec<TurnRecord>,
    /// Turns played on this object, recorded or not.
    pub turns_count: usize,
    found: Vec<Window>,
    found_valid: bool,
}

impl Game {
    /// A game in a given position (the board already built).
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        board: Board,
        hands: Vec<Vec<u8>>,
        bag: Vec<u8>,
        scores: Vec<i64>,
        current: usize,
        rng: u64,
        idle_turns: u64,
        outcome: Option<Outcome>,
        rules: Rules,
        trailing_passes: usize,
    ) -> Game {
        Game {
            board,
            hands,
            bag,
            scores,
            current,
            rng,
            idle_turns,
            outcome,
            rules,
            trailing_passes,
            record: true,
            turns: vec![],
            turns_count: 0,
            found: Vec::with_capacity(256),
            found_valid: false,
        }
    }

    /// SETUP-2, START-1 to START-3: shuffle the bag, deal in seat order, and the largest group starts
    /// (a tie goes to the first tied seat: no ages are known here).
    pub fn new(seats: usize, seed: i64, rules: Rules) -> Game {
        let (hands, bag, starter, state) = Self::deal(seats, seed, &rules);
        Game::from_parts(
            Board::new(),
            hands,
            bag,
            vec![0; seats],
            starter,
            state,
            0,
            None,
            rules,
            0,
        )
    }

    /// A new game on this one's board, cleared: its memory is reused.
    pub fn redeal(&mut self, seed: i64) {
        let (hands, bag, starter, state) = Self::deal(self.seats(), seed, &self.rules);
        self.board.clear();
        self.hands = hands;
        self.bag = bag;
        self.scores.iter_mut().for_each(|s| *s = 0);
        self.current = starter;
        self.rng = state;
        self.idle_turns = 0;
        self.outcome = None;
        self.trailing_passes = 0;
        self.turns.clear();
        self.found_valid = false;
    }

    /// The hands, the bag, the starter and the random state of a game dealt from `seed`.
    fn deal(seats: usize, seed: i64, rules: &Rules) -> (Vec<Vec<u8>>, Vec<u8>, usize, u64) {
        let mut bag: Vec<u8> = (0..KINDS as u8)
            .flat_map(|t| std::iter::repeat_n(t, rules.copies_per_tile))
            .collect();
        let state = rng::shuffle(rng::seed_state(seed), &mut bag);
        let mut hands = Vec::with_capacity(seats);
        for _ in 0..seats {
            let cut = bag.len() - rules.hand_size;
            hands.push(bag.split_off(cut));
        }
        let sizes: Vec<u32> = hands.iter().map(|h| group_size(mask_of(h))).collect();
        let best = sizes.iter().copied().max().unwrap_or(0);
        let starter = sizes.iter().position(|&s| s == best).unwrap_or(0);
        (hands, bag, starter, state)
    }

    /// Deal the tiles of the hands and the bag again, as a guess of what a seat cannot see: `hands` and
    /// `bag` take their place, holding the same tiles in all and as many in each, and `rng` becomes the
    /// random state. The board, the scores and the turns are kept.
    pub fn deal_as(
        &mut self,
        hands: Vec<Vec<u8>>,
        bag: Vec<u8>,
        rng: u64,
    ) -> Result<(), &'static str> {
        let sizes = |hs: &[Vec<u8>]| hs.iter().map(Vec::len).collect::<Vec<_>>();
        if sizes(&hands) != sizes(&self.hands) || bag.len() != self.bag.len() {
            return Err("a new deal keeps the size of every hand and of the bag");
        }
        let mut counts = [0i32; KINDS];
        for &t in self.hands.iter().flatten().chain(&self.bag) {
            counts[t as usize] += 1;
        }
        for &t in hands.iter().flatten().chain(&bag) {
            match counts.get_mut(t as usize) {
                Some(count) => *count -= 1,
                None => return Err("a tile index is from 0 to 35"),
            }
        }
        if counts.iter().any(|&c| c != 0) {
            return Err("a new deal holds the tiles of the hands and the bag, no others");
        }
        self.hands = hands;
        self.bag = bag;
        self.rng = rng;
        self.found_valid = false;
        Ok(())
    }

    pub fn seats(&self) -> usize {
        self.hands.len()
    }

    pub fn hand(&self) -> &[u8] {
        &self.hands[self.current]
    }

    /// The windows of the position (none once the game is over), found once per position.
    pub fn windows(&mut self) -> &[Window] {
        if !self.found_valid {
            let mut found = std::mem::take(&mut self.found);
            if self.outcome.is_none() {
                if self.board.is_empty() {
                    // The openings are listed from (0, 0).
                    self.board.centre_on(0, 0);
                }
                movegen::windows(
                    &self.board,
                    &self.hands[self.current],
                    &self.rules.gen(),
                    &mut found,
                );
            } else {
                found.clear();
            }
            self.found = found;
            self.found_valid = true;
        }
        &self.found
    }

    /// The windows of the position, given to `sink` as they are found rather than kept: for a question
    /// asked once per position. None once the game is over.
    pub fn each_window(&mut self, sink: &mut impl movegen::Sink) {
        if self.outcome.is_some() {
            return;
        }
        if self.board.is_empty() {
            // The openings are listed from (0, 0).
            self.board.centre_on(0, 0);
        }
        movegen::each_window(
            &self.board,
            &self.hands[self.current],
            &self.rules.gen(),
            sink,
        );
    }

    /// Forget the windows found, so that the next question searches the table again (for timing).
    pub fn forget(&mut self) {
        self.found_valid = false;
    }

    /// The board and the windows of the position, found if need be.
    pub fn listed(&mut self) -> (&Board, &[Window]) {
        self.windows();
        (&self.board, &self.found)
    }

    /// EXCHANGE-1, EXCHANGE-5: the most tiles an exchange may hold now, 0 if none is allowed
    /// (never on the opening, START-4, nor from an empty bag).
    pub fn exchange_limit(&self) -> usize {
        let hand = self.hand().len();
        if self.outcome.is_some() || self.board.is_empty() || hand == 0 || self.bag.is_empty() {
            return 0;
        }
        if self.rules.exchange_limited_by_bag {
            hand.min(self.bag.len())
        } else {
            hand
        }
    }

    /// TURN-3: a pass only when the player can neither place nor exchange, or by choice with
    /// `allow_voluntary_pass`; START-4: never on the opening.
    pub fn can_pass(&self) -> bool {
        self.outcome.is_none()
            && !self.board.is_empty()
            && (self.rules.allow_voluntary_pass
                || (self.exchange_limit() == 0 && !self.board.can_place(mask_of(self.hand()))))
    }

    pub fn count(&mut self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let placements = movegen::count(self.windows());
        let largest = self.exchange_limit();
        let exchanges = if largest > 0 {
            movegen::count_exchanges(self.hand(), largest)
        } else {
            0
        };
        placements + exchanges + u64::from(self.can_pass())
    }

    pub fn exchanges(&self) -> Vec<Vec<u8>> {
        match self.exchange_limit() {
            0 => vec![],
            largest => movegen::exchanges(self.hand(), largest),
        }
    }

    fn end_bonus_now(&self) -> i64 {
        if self.bag.is_empty() {
            self.rules.end_bonus
        } else {
            0
        }
    }

    /// The highest score a placement makes now (SCORE-8 included), or -1.
    pub fn top_points(&mut self) -> i64 {
        let (out, bonus) = (self.hand().len(), self.end_bonus_now());
        movegen::top_points(self.windows(), out, bonus)
    }

    /// The highest score a placement of `hand`'s tiles would make on this table, with `end_bonus` for one
    /// that places them all, or -1: what a player holding `hand` could score here, whoever is to move.
    pub fn top_points_holding(&mut self, hand: &[u8], end_bonus: i64) -> i64 {
        if self.board.is_empty() {
            // The openings are listed from (0, 0).
            self.board.centre_on(0, 0);
        }
        let mut found = Vec::new();
        movegen::windows(&self.board, hand, &self.rules.gen(), &mut found);
        movegen::top_points(&found, hand.len(), end_bonus)
    }

    /// The highest-scoring placement, the first listed among equals, as `(key, tile)` pairs.
    pub fn best_keyed(&mut self) -> Option<Vec<(usize, u8)>> {
        let (out, bonus) = (self.hand().len(), self.end_bonus_now());
        let best = movegen::top_points(self.windows(), out, bonus);
        if best < 0 {
            return None;
        }
        let mut first = None;
        movegen::winners(&self.found, out, bonus, best, |w, tiles| {
            first = Some(
                w.keys()
                    .iter()
                    .zip(tiles)
                    .map(|(&k, &t)| (k as usize, t))
                    .collect(),
            );
            false
        });
        first
    }

    pub fn cell_of(&self, k: usize) -> (i64, i64) {
        self.board.cell_of(k)
    }

    /// Is the square `(key)` occupied once `placed` lie on the board?
    fn taken(&self, placed: &[(usize, u8)], k: usize) -> bool {
        self.board.has(k) || placed.iter().any(|p| p.0 == k)
    }

    fn tile_at(&self, placed: &[(usize, u8)], k: usize) -> u8 {
        if self.board.has(k) {
            self.board.at(k)
        } else {
            placed.iter().find(|p| p.0 == k).map_or(u8::MAX, |p| p.1)
        }
    }

    /// LINE-6, SCORE-3: the lines (two tiles or more) through tiles placed at increasing keys along `step`,
    /// each once: a lone tile's row then column; else the shared line, then each tile's line across.
    fn lines_through(&self, placed: &[(usize, u8)], step: usize) -> Vec<(usize, usize, usize)> {
        let mut runs = Vec::with_capacity(placed.len() + 1);
        self.each_line(placed, step, |run| runs.push(run));
        runs
    }

    /// The lines of `lines_through`, in its order, given to `each` as `(first key, step, length)`.
    fn each_line(&self, placed: &[(usize, u8)], step: usize, mut each: impl FnMut(Span)) {
        let mut walk = |direction: usize, k: usize| {
            let mut low = k - direction;
            while self.taken(placed, low) {
                low -= direction;
            }
            let mut high = k + direction;
            while self.taken(placed, high) {
                high += direction;
            }
            if high - low > 2 * direction {
                each((low + direction, direction, (high - low) / direction - 1));
            }
        };
        if placed.len() == 1 {
            walk(SIDE, placed[0].0);
            walk(1, placed[0].0);
        } else {
            walk(step, placed[0].0);
            let across = SIDE + 1 - step;
            for p in placed {
                walk(across, p.0);
            }
        }
    }

    /// The step along which tiles placed at increasing keys lie (along rows for a lone tile).
    fn step_of(placed: &[(usize, u8)]) -> usize {
        if placed.len() > 1 && (placed[placed.len() - 1].0 - placed[0].0) % SIDE != 0 {
            1
        } else {
            SIDE
        }
    }

    /// The total `score_of` gives, without listing the lines.
    fn points_of(&self, placed: &[(usize, u8)], goes_out: bool) -> i64 {
        let table = points_table(self.rules.qwirkle_bonus);
        let (mut total, mut lines) = (0i64, 0usize);
        self.each_line(placed, Self::step_of(placed), |(_, _, len)| {
            total += table[len.min(MAX_LINE)];
            lines += 1;
        });
        if lines == 0 {
            total += self.rules.lone_tile_points;
        }
        if goes_out {
            total += self.rules.end_bonus;
        }
        total
    }

    /// SCORE-1 to SCORE-8 for tiles legally placed (end bonus when `goes_out`).
    fn scored(&self, runs: &[(usize, usize, usize)], goes_out: bool) -> Scored {
        let table = points_table(self.rules.qwirkle_bonus);
        let mut total: i64 = runs.iter().map(|r| table[r.2.min(MAX_LINE)]).sum();
        if runs.is_empty() {
            // SCORE-7: a move that forms no line.
            total += self.rules.lone_tile_points;
        }
        if goes_out {
            total += self.rules.end_bonus;
        }
        let lines = runs
            .iter()
            .map(|&(start, step, len)| {
                let (x, y) = self.board.cell_of(start);
                Line {
                    x,
                    y,
                    along_row: step == SIDE,
                    len: len as u8,
                }
            })
            .collect();
        Scored {
            total,
            lines,
            end_bonus: goes_out,
        }
    }

    /// What a legal placement (keys increasing) scores now.
    pub fn score_of(&self, placed: &[(usize, u8)]) -> Scored {
        let runs = self.lines_through(placed, Self::step_of(placed));
        let goes_out = placed.len() == self.hand().len() && self.bag.is_empty();
        self.scored(&runs, goes_out)
    }

    /// Whether the hand holds every one of `tiles` (as many copies as listed).
    fn holds(hand: &[u8], tiles: impl Iterator<Item = u8>) -> bool {
        let mut counts = [0i32; 64];
        for &t in hand {
            counts[t as usize & 63] += 1;
        }
        for t in tiles {
            if t as usize >= KINDS {
                return false;
            }
            counts[t as usize] -= 1;
            if counts[t as usize] < 0 {
                return false;
            }
        }
        true
    }

    /// Take `tiles` out of a hand that holds them: the first copy of each, the others keeping their order.
    fn remove_from(hand: &mut Vec<u8>, tiles: impl Iterator<Item = u8>) {
        for t in tiles {
            if let Some(i) = hand.iter().position(|&h| h == t) {
                hand.remove(i);
            }
        }
    }

    fn check_game_on(&self) -> Result<(), Illegal> {
        match &self.outcome {
            None => Ok(()),
            Some(o) => illegal(
                match o.reason {
                    Reason::WentOut => "END-2",
                    Reason::Blocked => "END-3",
                    Reason::Stalemate => "END-5",
                    Reason::ScoreLimit => "VARIANT-4",
                    Reason::Other => "END-4",
                },
                "the game is over",
            ),
        }
    }

    /// Check a placement given as `(x, y, tile)` and return it by key (sorted) with the lines through it.
    fn check_place(&mut self, cells: &[(i64, i64, u8)]) -> Result<(Keyed, Vec<Span>), Illegal> {
        self.check_game_on()?;
        if cells.is_empty() {
            return illegal("TURN-1", "a placement needs at least one tile");
        }
        if cells.iter().any(|c| c.2 as usize >= KINDS) {
            return illegal("TURN-1", "no such tile");
        }
        // TURN-1: the tiles come from the hand.
        if !Self::holds(self.hand(), cells.iter().map(|c| c.2)) {
            return illegal("TURN-1", "you do not hold the tiles you are placing");
        }
        if self.board.is_empty() {
            self.board.centre_on(cells[0].0, cells[0].1);
        }
        let mut placed = Vec::with_capacity(cells.len());
        for &(x, y, t) in cells {
            // A cell this far from every tile cannot touch one, nor an opening's tiles one another.
            let Some(k) = self.board.key(x, y) else {
                return illegal(
                    "PLACE-4",
                    format!("({x}, {y}) is out of reach of the tiles"),
                );
            };
            placed.push((k, t));
        }
        placed.sort_unstable_by_key(|p| p.0);
        if placed.windows(2).any(|w| w[0].0 == w[1].0) {
            return illegal("PLACE-5", "two tiles are placed on one cell");
        }
        // PLACE-5: only on empty cells.
        if placed.iter().any(|p| self.board.has(p.0)) {
            return illegal("PLACE-5", "a cell already holds a tile");
        }
        let step = if placed.len() == 1 {
            SIDE
        } else {
            let (x0, y0) = (cells[0].0, cells[0].1);
            let step = if cells.iter().all(|c| c.1 == y0) {
                SIDE
            } else if cells.iter().all(|c| c.0 == x0) {
                1
            } else {
                return illegal("PLACE-1", "the tiles are not in one row or one column");
            };
            // PLACE-2: no gap between the tiles placed.
            let mut k = placed[0].0;
            while k < placed[placed.len() - 1].0 {
                if !self.taken(&placed, k) {
                    return illegal("PLACE-2", "a gap between the tiles placed");
                }
                k += step;
            }
            // PLACE-3: the tiles share a colour or a shape.
            if placed
                .iter()
                .fold(ALL_TYPES, |m, p| m & TILE_TYPES[p.1 as usize])
                == 0
            {
                return illegal("PLACE-3", "the tiles share neither a colour nor a shape");
            }
            step
        };
        let runs = self.lines_through(&placed, step);
        let touches = if placed.len() == 1 {
            !runs.is_empty()
        } else {
            runs.len() > 1 || runs[0].2 > placed.len()
        };
        if !self.board.is_empty() && !touches {
            return illegal(
                "PLACE-4",
                "none of the tiles placed touches a tile on the table",
            );
        }
        // LINE-6: every line through a placed tile keeps LINE-2 to LINE-4.
        for &(start, step, len) in &runs {
            if len > MAX_LINE {
                return illegal("LINE-4", "a line would be longer than six tiles");
            }
            let (mut present, mut common) = (0u64, ALL_TYPES);
            for i in 0..len {
                let t = self.tile_at(&placed, start + i * step);
                if present >> t & 1 == 1 {
                    return illegal("LINE-3", "a line would repeat a tile");
                }
                present |= 1 << t;
                common &= TILE_TYPES[t as usize];
            }
            if common == 0 {
                return illegal("LINE-2", "a line would mix colours and shapes");
            }
        }
        if self.board.is_empty() && self.rules.opening_must_play_max_group {
            // START-4: the opening lays a largest group of the hand.
            let best = group_size(mask_of(self.hand())) as usize;
            if placed.len() != best {
                return illegal(
                    "START-4",
                    format!("the opening must lay a largest group of your hand: {best} tiles"),
                );
            }
        }
        Ok((placed, runs))
    }

    /// Play a placement given as `(x, y, tile)`, checked; returns its score.
    pub fn apply_place(&mut self, cells: &[(i64, i64, u8)]) -> Result<i64, Illegal> {
        let (placed, runs) = self.check_place(cells)?;
        let goes_out = placed.len() == self.hand().len() && self.bag.is_empty();
        let score = self.scored(&runs, goes_out);
        let total = score.total;
        self.place_unchecked(&placed, Some(score));
        Ok(total)
    }

    /// Play a placement the generator listed (keys increasing), trusted.
    pub fn apply_listed(&mut self, placed: &[(usize, u8)]) -> i64 {
        if self.record {
            let score = self.score_of(placed);
            let total = score.total;
            self.place_unchecked(placed, Some(score));
            total
        } else {
            let goes_out = placed.len() == self.hand().len() && self.bag.is_empty();
            let total = self.points_of(placed, goes_out);
            self.scores[self.current] += total;
            self.place_unchecked(placed, None);
            total
        }
    }

    /// Lay tiles the mover holds; `score` is recorded and added when given (else already added).
    fn place_unchecked(&mut self, placed: &[(usize, u8)], score: Option<Scored>) {
        let seat = self.current;
        let hand = &mut self.hands[seat];
        Self::remove_from(hand, placed.iter().map(|p| p.1));
        // TURN-2, END-1: refill from the bag while it has tiles.
        let draw = placed.len().min(self.bag.len());
        let cut = self.bag.len() - draw;
        hand.extend_from_slice(&self.bag[cut..]);
        self.bag.truncate(cut);
        let tiles = if self.record {
            placed
                .iter()
                .map(|&(k, t)| {
                    let (x, y) = self.board.cell_of(k);
                    (x, y, t)
                })
                .collect()
        } else {
            vec![]
        };
        self.board.place(placed);
        self.idle_turns = 0;
        self.trailing_passes = 0;
        self.finish(seat, Kind::Place, tiles, score);
    }

    /// EXCHANGE-1: give back tiles (sorted) and draw as many; the bag is mixed.
    pub fn apply_exchange(&mut self, tiles: &[u8]) -> Result<(), Illegal> {
        self.check_game_on()?;
        if self.board.is_empty() {
            return illegal("START-4", "the first turn must lay a group, not exchange");
        }
        if tiles.is_empty() {
            return illegal("EXCHANGE-1", "an exchange needs at least one tile");
        }
        if !Self::holds(self.hand(), tiles.iter().copied()) {
            return illegal("EXCHANGE-1", "you do not hold the tiles you are exchanging");
        }
        // EXCHANGE-5: no exchange from an empty bag, nor (by default) of more tiles than it holds.
        if self.bag.is_empty() {
            return illegal("EXCHANGE-5", "the bag is empty, so no exchange is possible");
        }
        if self.rules.exchange_limited_by_bag && tiles.len() > self.bag.len() {
            return illegal("EXCHANGE-5", "the bag holds fewer tiles than exchanged");
        }
        let seat = self.current;
        let mut hand = std::mem::take(&mut self.hands[seat]);
        Self::remove_from(&mut hand, tiles.iter().copied());
        let k = tiles.len();
        let draw = |bag: &mut Vec<u8>, n: usize, hand: &mut Vec<u8>| {
            let cut = bag.len() - n;
            hand.extend_from_slice(&bag[cut..]);
            bag.truncate(cut);
        };
        // The tiles go back sorted.
        let give_back = |bag: &mut Vec<u8>| {
            let n = bag.len();
            bag.extend_from_slice(tiles);
            bag[n..].sort_unstable();
        };
        let mut bag = std::mem::take(&mut self.bag);
        let recorded = if self.record {
            let mut sorted = tiles.to_vec();
            sorted.sort_unstable();
            sorted.iter().map(|&t| (0, 0, t)).collect()
        } else {
            vec![]
        };
        if self.rules.exchange_return_before_draw {
            give_back(&mut bag);
            self.rng = rng::shuffle(self.rng, &mut bag);
            draw(&mut bag, k, &mut hand);
        } else {
            // Draw first; an exchange larger than the bag draws the rest once the tiles are back.
            let first = k.min(bag.len());
            draw(&mut bag, first, &mut hand);
            give_back(&mut bag);
            self.rng = rng::shuffle(self.rng, &mut bag);
            if k > first {
                draw(&mut bag, k - first, &mut hand);
            }
        }
        self.bag = bag;
        self.hands[seat] = hand;
        self.idle_turns += 1;
        self.trailing_passes = 0;
        self.finish(seat, Kind::Exchange, recorded, None);
        Ok(())
    }

    pub fn apply_pass(&mut self) -> Result<(), Illegal> {
        self.check_game_on()?;
        if !self.can_pass() {
            if self.board.is_empty() {
                return illegal("START-4", "the first turn must lay a group, not pass");
            }
            if self.board.can_place(mask_of(self.hand())) {
                return illegal("TURN-3", "you can place a tile, so you may not pass");
            }
            return illegal("EXCHANGE-4", "you cannot place, so you must exchange");
        }
        self.idle_turns += 1;
        self.trailing_passes += 1;
        let seat = self.current;
        self.finish(seat, Kind::Pass, vec![], None);
        Ok(())
    }

    /// End a turn; a placement's `score` is added here when given (an exchange and a pass score nothing).
    fn finish(
        &mut self,
        seat: usize,
        kind: Kind,
        tiles: Vec<(i64, i64, u8)>,
        score: Option<Scored>,
    ) {
        if let Some(scored) = &score {
            self.scores[seat] += scored.total;
        }
        self.turns_count += 1;
        if self.record {
            self.turns.push(TurnRecord {
                seat,
                kind,
                tiles,
                score: score.unwrap_or(Scored {
                    total: 0,
                    lines: vec![],
                    end_bonus: false,
                }),
            });
        }
        self.found_valid = false;
        let seats = self.seats();
        if let Some(reason) = self.end_reason(seat) {
            let best = self.scores.iter().copied().max().unwrap_or(0);
            // END-4: the highest total wins; a tie is a shared win.
            let winners = (0..seats).filter(|&s| self.scores[s] == best).collect();
            let ended_by = (reason == Reason::WentOut).then_some(seat);
            self.outcome = Some(Outcome {
                reason,
                winners,
                ended_by,
            });
        }
        self.current = (seat + 1) % seats;
    }

    fn end_reason(&self, seat: usize) -> Option<Reason> {
        let seats = self.seats();
        // END-2: the mover placed their last tile with the bag empty.
        if self.hands[seat].is_empty() {
            return Some(Reason::WentOut);
        }
        // VARIANT-4: a total reached the score limit.
        if let Some(limit) = self.rules.score_limit {
            if self.scores.iter().any(|&s| s >= limit) {
                return Some(Reason::ScoreLimit);
            }
        }
        // END-3: the bag is empty and nobody can place, checked after every turn or after a round of passes.
        if self.bag.is_empty() {
            let waited =
                !self.rules.blocked_round_of_passes || self.trailing_passes.min(seats) >= seats;
            if waited && !self.hands.iter().any(|h| self.board.can_place(mask_of(h))) {
                return Some(Reason::Blocked);
            }
        }
        // END-5: the optional limit of rounds without a placement.
        if let Some(rounds) = self.rules.stalemate_rounds {
            if self.idle_turns >= rounds * seats as u64 {
                return Some(Reason::Stalemate);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_game_deals_and_lists() {
        let mut g = Game::new(2, 7, Rules::default());
        assert_eq!(g.bag.len(), 96);
        assert!(g.hands.iter().all(|h| h.len() == 6));
        assert!(g.count() > 0);
        assert!(g.best_keyed().is_some());
    }

    #[test]
    fn a_deal_as_keeps_the_tiles_and_refuses_others() {
        let mut g = Game::new(2, 7, Rules::default());
        let (mut hands, mut bag) = (g.hands.clone(), g.bag.clone());
        std::mem::swap(&mut hands[1][0], &mut bag[0]);
        bag.reverse();
        g.deal_as(hands.clone(), bag.clone(), 99).unwrap();
        assert_eq!((&g.hands, &g.bag, g.rng), (&hands, &bag, 99));
        assert!(g.count() > 0);
        let mut other = bag.clone();
        other[0] = (other[0] + 1) % KINDS as u8;
        assert!(g.deal_as(hands.clone(), other, 1).is_err());
        assert!(g.deal_as(hands.clone(), bag[1..].to_vec(), 1).is_err());
        let mut wrong = bag.clone();
        wrong[0] = 36;
        assert!(g.deal_as(hands, wrong, 1).is_err());
        assert_eq!(g.rng, 99);
    }

    #[test]
    fn the_top_points_of_a_hand_are_those_of_a_player_holding_it() {
        let mut g = Game::new(2, 7, Rules::default());
        let best = g.best_keyed().unwrap();
        g.apply_listed(&best);
        let (hand, top) = (g.hand().to_vec(), g.top_points());
        let mut other = g.clone();
        other.current = 1 - g.current;
        assert_eq!(other.top_points_holding(&hand, 0), top);
        assert_eq!(g.top_points_holding(&[], 0), -1);
        let lone = g.top_points_holding(&hand[..1], 0);
        assert_eq!(
            g.top_points_holding(&hand[..1], 6),
            if lone < 0 { -1 } else { lone + 6 }
        );
    }

    #[test]
    fn greedy_games_end() {
        for seed in 0..20 {
            let mut g = Game::new(2 + (seed as usize % 3), seed, Rules::default());
            let mut turns = 0;
            while g.outcome.is_none() && turns < 1000 {
                match g.best_keyed() {
                    Some(p) => {
                        g.apply_listed(&p);
                    }
                    None => {
                        let ex = g.exchanges();
                        match ex.last() {
                            Some(e) => g
                                .apply_exchange(&e.clone())
                                .unwrap_or_else(|e| panic!("{e:?}")),
                            None => g.apply_pass().unwrap_or_else(|e| panic!("{e:?}")),
                        }
                    }
                }
                turns += 1;
            }
            assert!(g.outcome.is_some());
            // TILES-2: no tile is lost or made.
            let mut all: Vec<u8> = g
                .board
                .tiles()
                .map(|p| p.1)
                .chain(g.bag.iter().copied())
                .collect();
            all.extend(g.hands.iter().flatten());
            assert_eq!(all.len(), 108);
        }
    }
}
