//! Writes the checked-in seed corpus (`fuzz/corpus/<target>/`): position strings and JSON states of
//! games reached by seeded random play, short byte programs for the `moves` and `match_actions`
//! targets, and a few records (a game of each kind, matches with cube actions) for `records`. Run from
//! `fuzz/`: `cargo +nightly run --example seed_corpus`.

use std::fs;
use std::path::Path;

use fuzz_support::{
    jokerball_game, jokerball_setup, random_step, zola_game, zola_setup, FuzzGame, MatchJson,
};
use steere_games::record::{lone_record, Recorded};
use steere_games::{jokerball, zola, DiceRng, Engine, Match, MatchSetup, Player, Seed, Tags};

fn write(target: &str, name: &str, bytes: &[u8]) {
    let dir = Path::new("corpus").join(target);
    fs::create_dir_all(&dir).expect("corpus directory");
    fs::write(dir.join(name), bytes).expect("corpus file");
}

/// Writes the JSON state of match `m` of `variant` (its current game's state as `json_round_trip` saves it)
/// to the `json_state` corpus as `name`.
fn write_match<G: FuzzGame>(m: &Match<G>, variant: &str, name: &str) {
    let json = MatchJson {
        format: 1,
        game: "match".into(),
        variant: variant.into(),
        state: m.state().to_data(),
        current: m.game().to_state(G::STATE_WITH_RNG),
    };
    write(
        "json_state",
        name,
        &serde_json::to_vec(&json).expect("json"),
    );
}

fn play<G: FuzzGame>(game: &mut G, rng: &mut DiceRng, steps: u32) {
    for _ in 0..steps {
        if !random_step(game, rng) {
            break;
        }
    }
}

fn main() {
    let mut rng = DiceRng::from_seed(&Seed::Number(9));
    for i in 0..8u8 {
        let steps = [0, 3, 10, 40, 80, 200, 400, 1000][usize::from(i)];
        let mut j = jokerball_game(i.wrapping_mul(37), u32::from(i));
        play(&mut j, &mut rng, steps);
        if !j.over() {
            write(
                "position_strings",
                &format!("jokerball-{i}"),
                j.position_string().as_bytes(),
            );
        }
        let js = serde_json::to_vec(&j.to_state(i % 2 == 0)).expect("json");
        write("json_state", &format!("jokerball-{i}.json"), &js);
        let mut z = zola_game(i, i % 3 == 0);
        play(&mut z, &mut rng, steps / 4);
        write(
            "position_strings",
            &format!("zola-{i}"),
            z.position_string().as_bytes(),
        );
        let zs = serde_json::to_vec(&z.to_state(false)).expect("json");
        write("json_state", &format!("zola-{i}.json"), &zs);

        let first = if i % 2 == 0 {
            Player::Red
        } else {
            Player::Blue
        };
        let mut mj = Match::<jokerball::Game>::new(&MatchSetup {
            length: 3 + u32::from(i),
            cube: i % 2 == 0,
            game: jokerball_setup(if i % 2 == 0 { 0 } else { 0x80 }, 7),
        })
        .expect("match");
        assert_eq!(mj.state().first(), first);
        let _ = mj.double();
        let _ = mj.take();
        let game = mj.game().clone();
        let mut g = game;
        play(&mut g, &mut rng, u32::from(i) * 3);
        write_match(&mj, "jokerball", &format!("match-jokerball-{i}.json"));
        let mz = Match::<zola::Game>::new(&MatchSetup {
            length: 1 + u32::from(i),
            cube: true,
            game: zola_setup(i, false),
        })
        .expect("match");
        assert_eq!(mz.state().first(), Player::Red);
        write_match(&mz, "zola", &format!("match-zola-{i}.json"));

        // moves: game byte, setup byte, seed, plies, then a few chunks (dice, mangled move, step, text).
        let mut program = vec![i, i.wrapping_mul(29), i, 0, 0, 0, i * 9];
        program.extend_from_slice(&[
            1, 0, 2, b'-', 2, 3, 3, b'a', b'1', b'-', 3, 0, 4, 5, 3, 4, b's', b'w', b'a', b'p',
        ]);
        write("moves", &format!("program-{i}"), &program);
        // match_actions: game byte, setup, seed, length, then actions.
        let mut actions = vec![i % 4, i.wrapping_mul(41), i, 1, 0, 0, i];
        actions.extend_from_slice(&[5, 6, 0, 2, 2, 2, 0, 3, 5, 7, 9, 0, 2, 8, 1, 9, 5, 6, 2, 2]);
        write("match_actions", &format!("program-{i}"), &actions);
    }
    // Known edge cases of the position strings.
    write("position_strings", "empty", b"");
    write("position_strings", "no-side", b"4/5/6/7/6/5/4");
    records();
}

/// A few records (kept small): lone games of both kinds (a swap, a start with a pass, a position) and
/// matches of both games with doubles, takes, drops and resignations.
fn records() {
    let mut rng = DiceRng::from_seed(&Seed::Number(16));
    let mut tags = Tags::new();
    tags.set("Red", "Ana \"A\"").expect("tag");
    tags.set("Event", "seed").expect("tag");
    let mut j = jokerball_game(0x05, 3);
    play(&mut j, &mut rng, 40);
    write(
        "records",
        "jokerball-game",
        lone_record(&j, &tags).as_bytes(),
    );
    let mut z = zola_game(0, true);
    play(&mut z, &mut rng, 1);
    z.play("swap").expect("swap");
    play(&mut z, &mut rng, 12);
    write(
        "records",
        "zola-swap",
        lone_record(&z, &Tags::new()).as_bytes(),
    );
    let mut z = zola::Game::new(&zola::Setup {
        position: Some("6/6/6/1b4/6/r5 r".into()),
        ..zola::Setup::default()
    })
    .expect("position");
    play(&mut z, &mut rng, 6);
    write(
        "records",
        "zola-pass",
        lone_record(&z, &Tags::new()).as_bytes(),
    );
    let mut mj = Match::<jokerball::Game>::new(&MatchSetup {
        length: 5,
        cube: true,
        game: jokerball_setup(0x04, 5),
    })
    .expect("match");
    for _ in 0..6 {
        mj.roll().expect("roll");
        while mj.game().phase() != jokerball::Phase::Roll && mj.game().winner().is_none() {
            let m = mj.game().legal_notations()[0].clone();
            mj.act(|g| g.play(&m)).expect("move");
        }
    }
    mj.double().expect("double");
    mj.take().expect("take");
    mj.resign(Player::Red).expect("resign");
    mj.next_game().expect("next");
    mj.double().expect("double");
    write(
        "records",
        "jokerball-match",
        mj.to_record(&tags).expect("record").as_bytes(),
    );
    let mut mz = Match::<zola::Game>::new(&MatchSetup {
        length: 2,
        cube: true,
        game: zola_setup(1, false),
    })
    .expect("match");
    let m = mz.game().legal_notations()[0].clone();
    mz.act(|g| g.play(&m)).expect("move");
    mz.double().expect("double");
    mz.drop_double().expect("drop");
    mz.next_game().expect("next");
    let text = mz.to_record(&Tags::new()).expect("record");
    write(
        "records",
        "zola-match",
        text.replace('\n', " ; note\r\n").as_bytes(),
    );
}
