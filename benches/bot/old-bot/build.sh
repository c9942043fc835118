#!/usr/bin/env bash
# Builds the bot of commit bf63d41 (before the learned evaluation) for `make bench-bot`: that commit's
# tree is exported with `git archive` into target/bot-bf63d41 (the repository's worktrees are left
# alone), and benches/bot/old-bot/main.rs is compiled against it at opt-level 3 in
# target/bot-bf63d41-driver. Prints the driver's path. Reuses an earlier build.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
commit=bf63d41
src=$root/target/bot-$commit
drv=$root/target/bot-$commit-driver
if [ ! -f "$src/Cargo.toml" ]; then
  mkdir -p "$src"
  git -C "$root" archive "$commit" | tar -x -C "$src"
fi
mkdir -p "$drv/src"
cp "$root/benches/bot/old-bot/main.rs" "$drv/src/main.rs"
cat > "$drv/Cargo.toml" <<TOML
[package]
name = "old-bot-driver"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
steere-games = { path = "../bot-$commit" }

[profile.release]
opt-level = 3
panic = "abort"

[workspace]
TOML
[ -f "$drv/Cargo.lock" ] || cp "$src/Cargo.lock" "$drv/Cargo.lock"
cargo build --quiet --release --manifest-path "$drv/Cargo.toml" >&2
echo "$drv/target/release/old-bot-driver"
