//! `make train`: learns the bot's evaluations by self-play ([`steere_games::bot::learn`]) and writes
//! - `src/bot/weights.bin`, the quantised networks the package embeds (Jokerball, then Zola);
//! - `benches/bot/training.csv`, the curve: per iteration the loss and, at the checks, the wins against
//!   the weights of the previous check and against the untrained weights;
//! - `benches/bot/training.svg`, the curve drawn.
//!
//! Seeded: the same command gives the same weights on the same machine. Runs on two threads.
//! Environment (for experiments): `JB_ITERS`, `JB_GAMES`, `JB_HIDDEN`, `JB_ROLLS`, `Z_ITERS`,
//! `Z_GAMES`, `Z_HIDDEN`, `OUT` (the weights file), `CURVE` (the curve's path without extension),
//! `ONLY=jokerball|zola` (train one; the other network is copied from the current weights file).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fmt::Write as _;
use std::time::Instant;

use steere_games::bot::learn::{self, CurvePoint, FloatNet, JokerballConfig, ZolaConfig};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One row of the curve file.
struct Row {
    game: &'static str,
    point: CurvePoint,
    seconds: f64,
}

fn pct(w: (u32, u32)) -> Option<f64> {
    (w.1 > 0).then(|| 100.0 * f64::from(w.0) / f64::from(w.1))
}

/// The curve as an SVG: one panel per game, the win rate against the previous weights and against the
/// untrained weights by iteration, with the 50% line.
fn svg(rows: &[Row]) -> String {
    let (w, h) = (760.0, 330.0);
    let mut s = String::new();
    let games = ["jokerball", "zola"];
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{}" font-family="sans-serif" font-size="12">"#,
        h * games.len() as f64 + 20.0
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (gi, game) in games.iter().enumerate() {
        let pts: Vec<&Row> = rows.iter().filter(|r| r.game == *game).collect();
        let top = gi as f64 * h + 10.0;
        let (x0, x1, y0, y1) = (60.0, w - 20.0, top + 30.0, top + h - 70.0);
        let iters = pts
            .iter()
            .map(|r| r.point.iteration)
            .max()
            .unwrap_or(1)
            .max(1) as f64;
        let x = |i: u32| x0 + (x1 - x0) * f64::from(i) / iters;
        let y = |p: f64| y1 - (y1 - y0) * p / 100.0;
        let title = if *game == "jokerball" {
            "Jokerball (2025, side 6; one ply, pairs of games sharing their dice)"
        } else {
            "Zola 6x6 (one ply, pairs of games from the same random opening)"
        };
        let _ = writeln!(
            s,
            r#"<text x="{x0}" y="{}" font-size="14" font-weight="bold">{title}</text>"#,
            top + 18.0
        );
        let _ = writeln!(
            s,
            r#"<rect x="{x0}" y="{y0}" width="{}" height="{}" fill="none" stroke="black"/>"#,
            x1 - x0,
            y1 - y0
        );
        for p in [0, 25, 50, 75, 100] {
            let yy = y(f64::from(p));
            let dash = if p == 50 {
                r#" stroke-dasharray="4 3""#
            } else {
                ""
            };
            let _ = writeln!(
                s,
                r##"<line x1="{x0}" y1="{yy}" x2="{x1}" y2="{yy}" stroke="#bbb"{dash}/><text x="{}" y="{}" text-anchor="end">{p}%</text>"##,
                x0 - 6.0,
                yy + 4.0
            );
        }
        let step = (iters / 10.0).ceil().max(1.0) as u32;
        let mut i = 0;
        while f64::from(i) <= iters {
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" text-anchor="middle">{i}</text>"#,
                x(i),
                y1 + 16.0
            );
            i += step;
        }
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">iteration</text>"#,
            (x0 + x1) / 2.0,
            y1 + 32.0
        );
        let series = [
            ("against the previous check's weights", "#d62728", 0),
            ("against the untrained weights", "#1f77b4", 1),
        ];
        for (si, (label, colour, which)) in series.iter().enumerate() {
            let line: Vec<(f64, f64)> = pts
                .iter()
                .filter_map(|r| {
                    let v = if *which == 0 {
                        r.point.vs_previous
                    } else {
                        r.point.vs_first
                    };
                    pct(v).map(|p| (x(r.point.iteration), y(p)))
                })
                .collect();
            let path: Vec<String> = line.iter().map(|(a, b)| format!("{a:.1},{b:.1}")).collect();
            let _ = writeln!(
                s,
                r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
                path.join(" ")
            );
            for (a, b) in &line {
                let _ = writeln!(
                    s,
                    r#"<circle cx="{a:.1}" cy="{b:.1}" r="3" fill="{colour}"/>"#
                );
            }
            let (lx, ly) = (x0 + 330.0 * si as f64, y1 + 52.0);
            let _ = writeln!(
                s,
                r#"<line x1="{lx}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="2"/><text x="{}" y="{ly}">{label}</text>"#,
                ly - 4.0,
                lx + 25.0,
                ly - 4.0,
                lx + 30.0
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

fn main() {
    let t0 = Instant::now();
    let out = env("OUT", "src/bot/weights.bin".to_string());
    let curve = env("CURVE", "benches/bot/training".to_string());
    let only = env("ONLY", String::new());
    let mut rows: Vec<Row> = Vec::new();

    let jcfg = JokerballConfig {
        iterations: env("JB_ITERS", JokerballConfig::default().iterations),
        games: env("JB_GAMES", JokerballConfig::default().games),
        hidden: env("JB_HIDDEN", JokerballConfig::default().hidden),
        rolls: env("JB_ROLLS", JokerballConfig::default().rolls),
        ..JokerballConfig::default()
    };
    let zcfg = ZolaConfig {
        iterations: env("Z_ITERS", ZolaConfig::default().iterations),
        games: env("Z_GAMES", ZolaConfig::default().games),
        hidden: env("Z_HIDDEN", ZolaConfig::default().hidden),
        ..ZolaConfig::default()
    };
    let old = std::fs::read(&out).ok();
    let mut file = b"SGW1\x02".to_vec();
    let log = |game: &'static str, p: &CurvePoint, rows: &mut Vec<Row>| {
        let seconds = t0.elapsed().as_secs_f64();
        let show = |w: (u32, u32)| {
            pct(w).map_or_else(String::new, |p| format!("{}/{} = {p:.1}%", w.0, w.1))
        };
        println!(
            "{game} iteration {:3} ({:7} games, {:6.0} s): loss {:.4}  vs previous {}  vs untrained {}",
            p.iteration,
            p.games,
            seconds,
            p.loss,
            show(p.vs_previous),
            show(p.vs_first)
        );
        rows.push(Row {
            game,
            point: p.clone(),
            seconds,
        });
    };
    // An existing network of `kind` from the current weights file (for ONLY=...).
    let keep = |kind: u8| -> Vec<u8> {
        let bytes = old.as_ref().expect("ONLY needs an existing weights file");
        // Walk the file's entries to copy the bytes of `kind`.
        let mut i = 5;
        let mut found = Vec::new();
        for _ in 0..bytes[4] {
            let start = i;
            let k = bytes[i];
            let n_in = usize::from(u16::from_le_bytes([bytes[i + 1], bytes[i + 2]]));
            let h = usize::from(bytes[i + 3]);
            i += 5 + n_in + n_in * h + 4 * h + h + 4;
            if k == kind {
                found = bytes[start..i].to_vec();
            }
        }
        assert!(!found.is_empty(), "no network of kind {kind} to keep");
        found
    };
    // Each game: its name, its kind in the weights file, and its training (configuration shown first).
    type Train<'a> = &'a dyn Fn(&mut dyn FnMut(&CurvePoint)) -> FloatNet;
    let games: [(&'static str, u8, Train); 2] = [
        ("jokerball", 0, &|log| {
            println!("Jokerball: {jcfg:?}");
            learn::train_jokerball(&jcfg, log)
        }),
        ("zola", 1, &|log| {
            println!("Zola: {zcfg:?}");
            learn::train_zola(&zcfg, log)
        }),
    ];
    for (game, kind, train) in games {
        if only.is_empty() || only == game {
            train(&mut |p| log(game, p, &mut rows)).write(kind, &mut file);
        } else {
            file.extend(keep(kind));
        }
    }
    std::fs::write(&out, &file).expect("write the weights");
    println!("wrote {out} ({} bytes)", file.len());
    let mut csv = String::from(
        "game,iteration,games,loss,vs_previous_wins,vs_previous_games,vs_untrained_wins,vs_untrained_games,seconds\n",
    );
    for r in &rows {
        let p = &r.point;
        let _ = writeln!(
            csv,
            "{},{},{},{:.5},{},{},{},{},{:.0}",
            r.game,
            p.iteration,
            p.games,
            p.loss,
            p.vs_previous.0,
            p.vs_previous.1,
            p.vs_first.0,
            p.vs_first.1,
            r.seconds
        );
    }
    std::fs::write(format!("{curve}.csv"), csv).expect("write the curve");
    std::fs::write(format!("{curve}.svg"), svg(&rows)).expect("write the picture");
    println!(
        "wrote {curve}.csv and {curve}.svg; {:.0} s in all",
        t0.elapsed().as_secs_f64()
    );
}
