//! Resolving one Charleston pass for all four seats at once, blind passes included (spec
//! §1.3.2-1.3.3).
//!
//! The IOU model: each pass has one slot per tile. A seat fills `k` slots with its own tiles
//! and links each of the other `b` slots to a distinct slot of the pass it receives; the
//! incoming slots it does not link are the tiles it keeps. A kept slot's tile is found by
//! following links back to an own tile; links are injective, so every chain that starts at a
//! kept slot ends at an own tile, and chains of links alone (everyone passing blind) carry
//! nothing. Under `iou` the linked slots are chosen at random (seeded); under `fewest` and
//! `east_first` the seats choose in that order (fewest blind tiles first, or turn order from
//! East), each linking first to slots whose tile is already known, so earlier seats forward
//! real tiles.

use super::options::BlindPassResolution;
use crate::rng::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Own(u8),
    Link(Option<usize>),
}

/// The tiles each seat keeps from the pass it receives. `own[s]` are seat `s`'s own tiles,
/// `blind[s]` the slots it makes up blind; the pass goes `offset` seats to the right.
pub(crate) fn resolve(
    offset: usize,
    own: &[Vec<u8>; 4],
    blind: [u8; 4],
    mode: BlindPassResolution,
    dealer: usize,
    rng: &mut Rng,
) -> [Vec<u8>; 4] {
    let src = |s: usize| (s + 4 - offset) % 4;
    let mut slots: [Vec<Slot>; 4] = std::array::from_fn(|s| {
        let mut v: Vec<Slot> = own[s].iter().map(|&t| Slot::Own(t)).collect();
        v.extend((0..blind[s]).map(|_| Slot::Link(None)));
        v
    });
    let mut order: Vec<usize> = (0..4).map(|i| (dealer + i) % 4).collect();
    if mode == BlindPassResolution::Fewest {
        order.sort_by_key(|&s| blind[s]);
    }
    let mut linked: [Vec<bool>; 4] = std::array::from_fn(|s| vec![false; slots[src(s)].len()]);
    for &s in &order {
        let p = src(s);
        for i in own[s].len()..slots[s].len() {
            let free: Vec<usize> = (0..slots[p].len()).filter(|&j| !linked[s][j]).collect();
            let known: Vec<usize> = if mode == BlindPassResolution::Iou {
                Vec::new()
            } else {
                free.iter()
                    .copied()
                    .filter(|&j| follow(&slots, src, p, j).is_some())
                    .collect()
            };
            let pool = if known.is_empty() { &free } else { &known };
            if pool.is_empty() {
                break;
            }
            let j = pool[rng.below(pool.len() as u64) as usize];
            linked[s][j] = true;
            slots[s][i] = Slot::Link(Some(j));
        }
    }
    std::array::from_fn(|s| {
        let p = src(s);
        (0..slots[p].len())
            .filter(|&j| !linked[s][j])
            .filter_map(|j| follow(&slots, src, p, j))
            .collect()
    })
}

/// The tile in slot `j` of seat `p`'s pass, following links; `None` if the chain is not yet
/// linked or carries nothing.
fn follow(
    slots: &[Vec<Slot>; 4],
    src: impl Fn(usize) -> usize,
    mut p: usize,
    mut j: usize,
) -> Option<u8> {
    for _ in 0..=12 {
        match slots[p][j] {
            Slot::Own(t) => return Some(t),
            Slot::Link(Some(next)) => {
                j = next;
                p = src(p);
            }
            Slot::Link(None) => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(
        own: [&[u8]; 4],
        blind: [u8; 4],
        offset: usize,
        mode: BlindPassResolution,
    ) -> [Vec<u8>; 4] {
        let own = own.map(<[u8]>::to_vec);
        let mut got = resolve(offset, &own, blind, mode, 0, &mut Rng::new(1));
        for v in &mut got {
            v.sort_unstable();
        }
        got
    }

    #[test]
    fn a_plain_pass_moves_every_tile_to_its_target() {
        let got = run(
            [&[1, 2, 3], &[4, 5, 6], &[7, 8, 9], &[10, 11, 12]],
            [0; 4],
            1,
            BlindPassResolution::Iou,
        );
        assert_eq!(
            got,
            [
                vec![10, 11, 12],
                vec![1, 2, 3],
                vec![4, 5, 6],
                vec![7, 8, 9]
            ]
        );
    }

    #[test]
    fn everyone_blind_moves_nothing() {
        let got = run([&[], &[], &[], &[]], [3; 4], 3, BlindPassResolution::Iou);
        assert!(got.iter().all(Vec::is_empty));
    }

    #[test]
    fn a_blind_chain_carries_tiles_on() {
        // Left pass (offset 3): seat s receives from s + 1. Seat 1 passes all three blind:
        // it keeps nothing of seat 2's pass and forwards it whole to seat 0.
        for mode in [
            BlindPassResolution::Iou,
            BlindPassResolution::Fewest,
            BlindPassResolution::EastFirst,
        ] {
            let got = run(
                [&[1, 2, 3], &[], &[7, 8, 9], &[10, 11, 12]],
                [0, 3, 0, 0],
                3,
                mode,
            );
            assert_eq!(
                got,
                [vec![7, 8, 9], vec![], vec![10, 11, 12], vec![1, 2, 3]],
                "{mode:?}"
            );
        }
        // Two blind passers in a row: seat 0 passes one blind, seat 1 two blind.
        let got = run(
            [&[1, 2], &[4], &[7, 8, 9], &[10, 11, 12]],
            [1, 2, 0, 0],
            3,
            BlindPassResolution::Iou,
        );
        let lens: Vec<usize> = got.iter().map(Vec::len).collect();
        assert_eq!(lens, [2, 1, 3, 3]);
        let mut all: Vec<u8> = got.concat();
        all.sort_unstable();
        assert_eq!(all, [1, 2, 4, 7, 8, 9, 10, 11, 12]);
        // Seat 3 keeps seat 0's whole pass: its two own tiles and one forwarded blind.
        assert!(got[3].starts_with(&[1, 2]) && got[3].len() == 3);
    }

    #[test]
    fn resolution_order_decides_what_a_blind_slot_carries() {
        // Left pass: seat 1 receives seat 2's pass (one own tile 7, two blind slots) and
        // forwards one tile blind. Under `fewest` and `east_first` seat 1 (one blind tile)
        // chooses before seat 2, and takes the known own tile 7; under `iou` it may take a
        // slot that seat 2 fills from seat 3's pass.
        let own: [&[u8]; 4] = [&[1, 2, 3], &[4, 5], &[7], &[10, 11, 12]];
        for mode in [BlindPassResolution::Fewest, BlindPassResolution::EastFirst] {
            for seed in 0..20 {
                let mut got = resolve(
                    3,
                    &own.map(<[u8]>::to_vec),
                    [0, 1, 2, 0],
                    mode,
                    0,
                    &mut Rng::new(seed),
                );
                got[0].sort_unstable();
                assert!(got[0].contains(&7), "{mode:?} seed {seed}: {got:?}");
            }
        }
        let forwarded_seven = (0..40)
            .filter(|&seed| {
                let got = resolve(
                    3,
                    &own.map(<[u8]>::to_vec),
                    [0, 1, 2, 0],
                    BlindPassResolution::Iou,
                    0,
                    &mut Rng::new(seed),
                );
                got[0].contains(&7)
            })
            .count();
        assert!(
            forwarded_seven > 0 && forwarded_seven < 40,
            "{forwarded_seven}"
        );
    }
}
