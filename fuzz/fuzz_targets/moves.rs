//! Arbitrary move strings (and dice) on positions reached by random play. The first bytes choose the
//! game, its setup, a seed and how many random actions to play; then each chunk of the input is tried
//! as a move (or as dice): a move is played exactly when `is_legal` says so, a refused one changes
//! nothing, and every reached game keeps every invariant.
#![no_main]

use fuzz_support::{check_game, jokerball_game, random_step, try_move, zola_game, Bytes, FuzzGame};
use libfuzzer_sys::fuzz_target;
use steere_games::{Coded, DiceRng, ErrorCode, Seed};

fn run<G: FuzzGame>(mut game: G, bytes: &mut Bytes, seed: u32) {
    let mut rng = DiceRng::from_seed(&Seed::Number(seed ^ 0x5eed));
    let plies = bytes.u8();
    for _ in 0..plies {
        if !random_step(&mut game, &mut rng) {
            break;
        }
    }
    check_game(&game);
    let mut step = 0u32;
    while bytes.more() {
        step += 1;
        match bytes.u8() % 4 {
            // Dice: refused values change nothing.
            0 => {
                let (d, r) = (bytes.u8(), bytes.u8());
                let before = game.clone();
                if let Some(Err(e)) = game.set_dice_to(d, r) {
                    assert_eq!(game, before, "refused dice changed the game");
                    assert_ne!(e.code(), ErrorCode::IllegalMove);
                }
            }
            // A listed move, mangled by one byte.
            1 => {
                let legal = game.legal();
                if let Some(m) = legal.get(usize::from(bytes.u8()) % legal.len().max(1)) {
                    let mut text = m.clone().into_bytes();
                    let at = usize::from(bytes.u8()) % (text.len() + 1);
                    text.insert(at, bytes.u8());
                    try_move(&mut game, &String::from_utf8_lossy(&text));
                }
            }
            // A random step of play.
            2 => {
                random_step(&mut game, &mut rng);
            }
            _ => {
                let text = bytes.text();
                try_move(&mut game, &text);
            }
        }
        // The full check replays the game: every 8th action and at the end keeps the fuzzer fast.
        if step.is_multiple_of(8) {
            check_game(&game);
        }
    }
    check_game(&game);
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let which = bytes.u8();
    let setup = bytes.u8();
    let seed = bytes.u32();
    if which & 1 == 0 {
        run(jokerball_game(setup, seed), &mut bytes, seed);
    } else {
        run(zola_game(setup, which & 2 != 0), &mut bytes, seed);
    }
});
