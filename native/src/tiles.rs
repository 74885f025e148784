//! Tiles as indices `colour * 6 + shape` (0 to 35), sets of tiles as 36-bit masks,
//! and line types: the six colours (0 to 5) and the six shapes (6 to 11), as 12-bit masks.

pub const KINDS: usize = 36;
pub const MAX_LINE: usize = 6;
pub const ALL_KINDS: u64 = (1 << 36) - 1;
pub const ALL_TYPES: u16 = (1 << 12) - 1;

const fn tile_types() -> [u16; KINDS] {
    let mut out = [0u16; KINDS];
    let mut i = 0;
    while i < KINDS {
        out[i] = (1 << (i / 6)) | (1 << (6 + i % 6));
        i += 1;
    }
    out
}

/// The two line types each tile can belong to (LINE-2: one colour, or one shape).
pub const TILE_TYPES: [u16; KINDS] = tile_types();

const fn type_tiles() -> [u64; 12] {
    let mut out = [0u64; 12];
    let mut i = 0;
    while i < KINDS {
        let mut t = 0;
        while t < 12 {
            if TILE_TYPES[i] >> t & 1 == 1 {
                out[t] |= 1 << i;
            }
            t += 1;
        }
        i += 1;
    }
    out
}

/// The six tiles of each line type.
pub const TYPE_TILES: [u64; 12] = type_tiles();

const fn all_unions() -> [u64; 1 << 12] {
    let mut out = [0u64; 1 << 12];
    let mut m = 0;
    while m < (1 << 12) {
        let mut t = 0;
        while t < 12 {
            if m >> t & 1 == 1 {
                out[m] |= TYPE_TILES[t];
            }
            t += 1;
        }
        m += 1;
    }
    out
}

/// Every tile of any of the line types of a mask.
pub static TYPES_UNION: [u64; 1 << 12] = all_unions();

const fn half_unions(shapes: bool) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut m = 0;
    while m < 64 {
        let mut t = 0;
        while t < 6 {
            if m >> t & 1 == 1 {
                out[m] |= TYPE_TILES[t + if shapes { 6 } else { 0 }];
            }
            t += 1;
        }
        m += 1;
    }
    out
}

const COLOUR_UNION: [u64; 64] = half_unions(false);
const SHAPE_UNION: [u64; 64] = half_unions(true);

/// `TYPES_UNION[types]` from two tables of 64 entries: the table of 4096 would crowd the cache.
#[inline]
pub fn types_union(types: u16) -> u64 {
    COLOUR_UNION[(types & 63) as usize] | SHAPE_UNION[(types >> 6 & 63) as usize]
}

/// The set bits of a mask, lowest first.
#[inline]
pub fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let t = mask.trailing_zeros();
            mask &= mask - 1;
            Some(t)
        }
    })
}

#[inline]
pub fn mask_of(tiles: &[u8]) -> u64 {
    tiles.iter().fold(0, |m, &t| m | 1 << t)
}

/// START-1: the size of the largest group of a hand (identical tiles count once).
pub fn group_size(hand_mask: u64) -> u32 {
    TYPE_TILES
        .iter()
        .map(|m| (m & hand_mask).count_ones())
        .max()
        .unwrap_or(0)
}

/// START-1: every largest group of a hand, by line type; lone tiles when no two tiles share an attribute.
pub fn groups(hand_mask: u64) -> Vec<u64> {
    if hand_mask == 0 {
        return vec![];
    }
    let best = group_size(hand_mask);
    if best == 1 {
        return bits(hand_mask).map(|t| 1u64 << t).collect();
    }
    TYPE_TILES
        .iter()
        .map(|m| m & hand_mask)
        .filter(|m| m.count_ones() == best)
        .collect()
}

/// SCORE-1, SCORE-4, SCORE-5: what a line of each length from 0 to 6 scores.
pub fn points_table(qwirkle_bonus: i64) -> [i64; MAX_LINE + 1] {
    let mut table = [0; MAX_LINE + 1];
    for (len, p) in table.iter_mut().enumerate().skip(2) {
        *p = len as i64 + if len == MAX_LINE { qwirkle_bonus } else { 0 };
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_and_groups() {
        assert_eq!(TILE_TYPES[0], 1 | 1 << 6);
        assert_eq!(TYPE_TILES[0], 0b111111);
        assert_eq!(TYPE_TILES[6].count_ones(), 6);
        assert_eq!(group_size(mask_of(&[0, 1, 7, 35])), 2);
        assert_eq!(groups(mask_of(&[0, 7, 14])), vec![1, 1 << 7, 1 << 14]);
        assert_eq!(points_table(6), [0, 0, 2, 3, 4, 5, 12]);
        for types in 0..=ALL_TYPES {
            assert_eq!(types_union(types), TYPES_UNION[types as usize]);
        }
    }
}
