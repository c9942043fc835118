//! Move counts (RULES 2.2, 2.3 appendix): perft from the start of each size, checked against the data in
//! `tests/data/zola_perft.txt` (lines `size depth nodes`; passes are automatic and not counted as plies).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod support;
use support::{perft, zola_start, ZOLA_PERFT_DEPTHS};

#[test]
fn rules_2_3_perft_table_from_the_start() {
    let data = include_str!("data/zola_perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let [size, depth, nodes] = v[..] else {
            panic!("bad line {line:?}")
        };
        let g = zola_start(size as u8);
        assert_eq!(perft(&g, depth as u32), nodes, "size {size} depth {depth}");
        checked += 1;
    }
    assert!(
        data.contains("\n6 1 36\n"),
        "depth 1 from 6x6 must be 36 (RULES 2.3)"
    );
    assert!(checked >= 7);
}

#[test]
#[ignore = "prints the table; run with --ignored to regenerate tests/data/zola_perft.txt"]
fn print_perft_table() {
    for (size, max) in ZOLA_PERFT_DEPTHS {
        let g = zola_start(size);
        for d in 1..=max {
            println!("{size} {d} {}", perft(&g, d));
        }
    }
}
