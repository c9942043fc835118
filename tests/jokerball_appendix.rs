//! RULES.md appendix: reference counts (Red to move), checked literally against the specification.
#![allow(clippy::unwrap_used, clippy::panic)]
use steere_games::jokerball::{MoveList, Position, RuleSet};

/// The appendix's table, a row a position: the rule set, the position string (Red to move), Red's man
/// moves at each distance from 1 to the board's side, and the turns over all 36 rolls.
const APPENDIX: &str = "
2025    bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr               r  14 14 14 14 14 14  1784
classic bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr               r  60 60 60 60 60 60  7904
2025    bbbb/bbbbb/6/3o3/6/rrrrr/rrrr                                 r  10 10 10 10        390
2025    bbbbbb/bbbbbbb/bbbbbbbb/9/10/5o5/10/9/rrrrrrrr/rrrrrrr/rrrrrr r  16 16 16 16 16 16  1670
2025    b1bbbb/b3bb1/3b4/1b3b2b/1rb7/rr2r6/10/9/8/1o3rr/rrrrrr        r  18 18 18 18 18 18  1512
2025    1b1bbb/2br3/4b3/rb1r5/1o2r5/11/5b4/8r/5b1b/r2rrr1/5r          r  21 23 23 23 23 23  1962
classic b1b2b/2b1b2/8/2b6/3b2b3/9o1/10/9/6r1/2r4/rrr1r1               r  18 21 21 21 21 21  2436
2025    b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr                             r  15 17 17 17        597
";

/// RULES appendix: man moves by distance and turns over all dice agree with the specification.
#[test]
fn appendix_counts_rules_appendix() {
    let mut checked = 0;
    for row in APPENDIX.lines().filter(|l| !l.is_empty()) {
        let words: Vec<&str> = row.split_whitespace().collect();
        let [rules, board, side, counts @ .., turns] = &words[..] else {
            panic!("bad row {row:?}")
        };
        let text = format!("{board} {side}");
        let men: Vec<usize> = counts.iter().map(|c| c.parse().unwrap()).collect();
        let turns: usize = turns.parse().unwrap();
        let rules = RuleSet::from_name(rules).expect("rule set");
        let pos = Position::from_position_string(rules, &text, None).expect("position");
        assert_eq!(pos.to_position_string(), text);
        let mut list = MoveList::new();
        let got: Vec<usize> = (1..=pos.side())
            .map(|k| {
                list.clear();
                pos.man_moves(k, &mut list);
                list.len()
            })
            .collect();
        assert_eq!(got, men, "{text}");
        let total: usize = (1..=pos.side())
            .flat_map(|d| (1..=6).map(move |r| (d, r)))
            .map(|(d, r)| pos.count_turns(d, r))
            .sum();
        assert_eq!(total, turns, "{text}");
        checked += 1;
    }
    assert_eq!(checked, 8, "every row of the appendix");
}
