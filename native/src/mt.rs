//! CPython's `random.Random` (MT19937), as far as the built-in bots use it.
//!
//! The specification's bots draw their choices from a `random.Random(seed)`
//! with `choice`; reproducing it here lets a native game between bots play
//! the very same moves as the specification's `run_game`.

const N: usize = 624;
const M: usize = 397;

/// `init_by_array` starts from the state of this seed, whatever the key: made once, at compile time.
const INIT: [u32; N] = Mt::init_genrand(19_650_218);

#[derive(Clone)]
pub struct Mt {
    mt: [u32; N],
    index: usize,
}

impl Mt {
    const fn init_genrand(seed: u32) -> [u32; N] {
        let mut mt = [0u32; N];
        mt[0] = seed;
        let mut i = 1;
        while i < N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
            i += 1;
        }
        mt
    }

    /// The generator `random.Random(seed)` makes for an int seed (its absolute value, in 32-bit words).
    pub fn new(seed: i128) -> Mt {
        let mut magnitude = seed.unsigned_abs();
        let mut words = [0u32; 4];
        let mut len = 0;
        while magnitude > 0 {
            words[len] = magnitude as u32;
            len += 1;
            magnitude >>= 32;
        }
        let key = &words[..len.max(1)];
        let mut mt = INIT;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        Mt { mt, index: N }
    }

    fn twist(&mut self) {
        #[inline(always)]
        fn mixed(mt: &[u32; N], i: usize, next: usize, far: usize) -> u32 {
            let y = (mt[i] & 0x8000_0000) | (mt[next] & 0x7fff_ffff);
            mt[far] ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & 0x9908_b0df)
        }
        // The three ranges of `i` where `(i + 1) % N` and `(i + M) % N` need no division.
        for i in 0..N - M {
            self.mt[i] = mixed(&self.mt, i, i + 1, i + M);
        }
        for i in N - M..N - 1 {
            self.mt[i] = mixed(&self.mt, i, i + 1, i + M - N);
        }
        self.mt[N - 1] = mixed(&self.mt, N - 1, 0, M - 1);
        self.index = 0;
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random.Random._randbelow(n)` for `0 < n < 2**32`: `getrandbits(n.bit_length())` until below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0 && n < (1 << 32));
        let k = usize::BITS - n.leading_zeros();
        loop {
            let r = (self.next_u32() >> (32 - k)) as usize;
            if r < n {
                return r;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Printed by CPython: random.Random(s).getrandbits(32) and .choice(range(n)).
    #[test]
    fn words_match_cpython() {
        let mut r = Mt::new(42);
        assert_eq!(
            [r.next_u32(), r.next_u32(), r.next_u32()],
            [2746317213, 478163327, 107420369]
        );
        let mut r = Mt::new((1i128 << 40) + 5);
        assert_eq!([r.next_u32(), r.next_u32()], [2166296868, 2220160828]);
        let mut r = Mt::new(0);
        assert_eq!([r.next_u32(), r.next_u32()], [3626764237, 1654615998]);
        let mut r = Mt::new(-3);
        assert_eq!([r.next_u32(), r.next_u32()], [1022050301, 2545373330]);
    }

    #[test]
    fn twist_matches_the_plain_loop() {
        let mut r = Mt::new(12345);
        let mut plain = r.mt;
        for i in 0..N {
            let y = (plain[i] & 0x8000_0000) | (plain[(i + 1) % N] & 0x7fff_ffff);
            let mut v = plain[(i + M) % N] ^ (y >> 1);
            if y & 1 != 0 {
                v ^= 0x9908_b0df;
            }
            plain[i] = v;
        }
        r.twist();
        assert_eq!(r.mt, plain);
    }

    #[test]
    fn choice_matches_cpython() {
        let mut r = Mt::new(9);
        let picks: Vec<usize> = [1, 2, 3, 7, 100, 1000, 5]
            .iter()
            .map(|&n| r.below(n))
            .collect();
        assert_eq!(picks, [0, 1, 1, 1, 23, 887, 0]);
    }
}
