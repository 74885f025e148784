//! SplitMix64 on a 64-bit state, exactly as the specification's `qwirkle.rng`.
//!
//! A game keeps its random state as a plain `u64`, so the same seed and the
//! same moves give the same bag order in either engine.

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The next state and the 64-bit output drawn from it.
#[inline]
pub fn next(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(GOLDEN);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// A uniform number in `0..n` and the next state.
///
/// Rejection sampling, as the specification does it: outputs at or above the
/// largest multiple of `n` are drawn again, so the same states are consumed.
#[inline]
pub fn below(mut state: u64, n: u64) -> (u64, u64) {
    debug_assert!(n > 0);
    // 2**64 % n, without 128-bit division: outputs below 2**64 - skip are kept.
    let skip = n.wrapping_neg() % n;
    loop {
        let (s, z) = next(state);
        state = s;
        if skip == 0 || z < skip.wrapping_neg() {
            return (state, z % n);
        }
    }
}

/// Fisher-Yates shuffle in place, from the last item down; returns the next state.
pub fn shuffle<T>(mut state: u64, items: &mut [T]) -> u64 {
    for i in (1..items.len()).rev() {
        let (s, j) = below(state, i as u64 + 1);
        state = s;
        items.swap(i, j as usize);
    }
    state
}

/// The random state of a seed: any integer folded to 64 bits (two's complement).
#[inline]
pub fn seed_state(seed: i64) -> u64 {
    seed as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // The numbers below were printed by the specification (`qwirkle.rng`).
    #[test]
    fn outputs_match_the_specification() {
        let mut s = seed_state(7);
        let mut out = vec![];
        for _ in 0..3 {
            let (n, z) = next(s);
            s = n;
            out.push(z);
        }
        assert_eq!(
            out,
            [
                7191089600892374487,
                309689372594955804,
                16616101746815609346
            ]
        );
        assert_eq!(below(12345, 1000), (11400714819323210830, 944));
        assert_eq!(seed_state(-1), u64::MAX);
    }

    #[test]
    fn shuffle_matches_the_specification() {
        let mut items: Vec<u32> = (0..10).collect();
        let state = shuffle(seed_state(7), &mut items);
        assert_eq!(state, 10372713005361028292);
        assert_eq!(items, [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]);
    }

    proptest! {
        #[test]
        fn below_stays_in_range(state: u64, n in 1u64..u64::MAX) {
            let (_, v) = below(state, n);
            prop_assert!(v < n);
        }

        #[test]
        fn below_rejects_as_the_specification(state: u64, n in prop_oneof![1u64..300, 1u64..u64::MAX, (1u64 << 63)..u64::MAX]) {
            // The specification's bound, in 128-bit arithmetic.
            let limit = (1u128 << 64) - (1u128 << 64) % u128::from(n);
            let mut s = state;
            let expected = loop {
                let (next_state, z) = next(s);
                s = next_state;
                if u128::from(z) < limit {
                    break (s, z % n);
                }
            };
            prop_assert_eq!(below(state, n), expected);
        }

        #[test]
        fn shuffle_is_a_permutation(state: u64, len in 0usize..120) {
            let mut items: Vec<usize> = (0..len).collect();
            shuffle(state, &mut items);
            items.sort_unstable();
            prop_assert_eq!(items, (0..len).collect::<Vec<_>>());
        }
    }
}
