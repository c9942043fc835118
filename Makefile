# steere-games. The two commands of the quick start: `make demo` and `make test`.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
PORT ?= 8080
# Each suite runs under its own time budget (seconds), a third above what it takes on a busy 2-core machine;
# the browser files run two at a time (440 s against 620 s one at a time, same machine).
T_RUST ?= 900
T_JS ?= 300
T_PACKAGE ?= 300
T_BROWSER ?= 900
T_FUZZ ?= 600
T_ONLINE ?= 420

.PHONY: setup build pkg size lint test test-rust test-js test-package test-browser test-online demo offline \
	online online-cluster bench bench-native bench-bot bench-analysis bench-rollout measure-bot bench-online bench-pair soak-online train fuzz test-fuzz clean balance

setup:
	@bash scripts/setup.sh

build: setup
	cargo build --release

# The npm package in pkg/ (wasm-pack --target web, then the Node entry, SteereError and package.json),
# from an empty pkg/ (wasm-pack leaves the snippets of earlier builds behind).
# The wasm is built by the nightly toolchain with the standard library rebuilt for it (the release profile:
# opt-level z, LTO) and panics as immediate aborts (a trap; nothing panics across the boundary by design):
# 3.4 KiB less gzipped than stable's prebuilt std (benches/RESULTS.md, seventh round; 8.4 KiB in the eighth).
# setup.sh adds rust-src. The nightly is pinned (scripts/nightly): a later one may spell the panic flag
# otherwise or build another size. The rebuilt `alloc` and `core` are compiled at opt-level 3, as talc is
# (Cargo.toml): the API turn 3 to 5% faster, the package 0.4 KiB smaller (eighth round). Given here, where
# they are built, because elsewhere cargo warns that no package of the workspace has those names.
WASM_FLAGS := -Zunstable-options -Cpanic=immediate-abort
STD_PROFILE := --config profile.release.package.alloc.opt-level=3 --config profile.release.package.core.opt-level=3
NIGHTLY := $(shell cat scripts/nightly)
pkg: setup
	rm -rf pkg
	RUSTUP_TOOLCHAIN=$(NIGHTLY) RUSTFLAGS="$(WASM_FLAGS)" wasm-pack build --release --target web --out-dir pkg \
	  --out-name steere_games . -- -Z build-std=std,panic_abort $(STD_PROFILE)
	node scripts/finish-pkg.mjs
	mkdir -p target && touch target/pkg.stamp

# pkg/ only when something it is built from changed since it was built last (target/pkg.stamp): `make demo`
# and `make online-cluster` start at once over a built package, and a demo already running keeps its pkg/.
PKG_SOURCES := $(shell find src js keys-derive docs -type f 2>/dev/null) Cargo.toml Cargo.lock \
	scripts/finish-pkg.mjs scripts/nightly CHANGELOG.md LICENSE
target/pkg.stamp: $(PKG_SOURCES)
	$(MAKE) pkg

size: pkg
	node scripts/size-check.mjs

# Biome (biome.jsonc) lints and checks the formatting of the JavaScript of js/, www/, js-tests/, benches/ and
# scripts/ (lines of 120), with no finding allowed; `biome check --write` formats it. Then rustfmt and clippy,
# and the fuzz crate (its own workspace, built by the nightly) formatted and compiling against the library's
# API, so that a change that breaks it shows here rather than in test-fuzz.
lint: setup
	biome ci --error-on-warnings
	cargo fmt --check
	cargo clippy --workspace --all-targets --features learn -- -D warnings
	cargo clippy --lib --no-default-features -- -D warnings
	cargo fmt --check --manifest-path fuzz/Cargo.toml
	RUSTUP_TOOLCHAIN=$(NIGHTLY) cargo check -q --manifest-path fuzz/Cargo.toml --bins --examples

test-rust: setup
	bash scripts/suite.sh rust $(T_RUST) cargo test --release --workspace --features learn

test-js: pkg
	bash scripts/suite.sh js $(T_JS) node --test --test-force-exit js-tests/*.test.mjs

test-package: pkg
	bash scripts/suite.sh package $(T_PACKAGE) node --test --test-force-exit js-tests/package/

test-browser: pkg
	bash scripts/suite.sh browser $(T_BROWSER) node --test --test-force-exit --test-concurrency=2 js-tests/browser/

# The online suites: the boardgame.io adapter, and the reference server (child processes on 127.0.0.1), also
# on several processes with their own PostgreSQL and Redis (cluster, outage: about 70 s of T_ONLINE).
test-online: pkg
	bash scripts/suite.sh online $(T_ONLINE) node --test --test-force-exit js-tests/online/

test: lint test-rust size test-js test-package test-online test-browser test-fuzz
	@echo "make test: every suite passed"

demo: target/pkg.stamp
	@echo "serving http://localhost:$(PORT)/www/"
	node scripts/serve.mjs $(PORT)

# The reference server for online play (README "Online play"): the demo's files, the lobby and the games
# on one port; matches in memory, or in DB (a directory) with `make online DB=matches`.
ONLINE_PORT ?= 8000
online: pkg
	node scripts/online.mjs --port $(ONLINE_PORT) $(if $(DB),--db $(DB))

# Speed of the analysis in Node (README "Figures"; not part of `make test`): bot.review of whole side-6
# games per level, and evaluate and hint. GAMES=n games at easy (medium half, hard one). Then issue 37's
# rollout (benches/rollout.mjs, its middle cases: a side-6 middle game's two best turns, 1296 trials, easy, to
# the end, with and without variance reduction, and the intervals' widths).
bench-analysis: pkg
	node benches/analysis.mjs
	CASES=middle,middle-plain node benches/rollout.mjs

# Speed of rollouts in Node (docs/api.md "bot.rollout"; not part of `make test`): at easy, 1296 trials, with
# and without variance reduction, the side-6 opening to the end and truncated after 7 turns, and a side-6
# middle game's best two turns to the end (with the 95% intervals' widths at equal trials).
bench-rollout: pkg
	node benches/rollout.mjs

# The bot's own error by rollouts (issue 37; not part of `make test`): positions from bot games in three
# variants, each level's turn against the best by rollout with two seeds; PR per level with its interval
# (examples/measure_bot.rs says the settings: POSITIONS, TRIALS, TRUNCATE, SEEDS, VARIANTS). Under nice.
measure-bot: setup
	nice -n 10 cargo run --profile bench --example measure_bot

# Load (not part of `make test`): MATCHES concurrent scripted matches against one server process, or with
# PROCESSES=1,2,4 against that many processes on PostgreSQL and Redis (10, 100 and 1000 matches); see README.
bench-online: pkg
	node benches/online.mjs $(MATCHES) $(if $(PROCESSES),--processes $(PROCESSES))

# 200 players pairing at once (POST /pair) on 2 processes over PostgreSQL and Redis; see README.
bench-pair: pkg
	node benches/pair.mjs

# 100 concurrent matches on 2 processes for 30 minutes, one process killed (SIGKILL) and started again every
# 5 minutes; nothing a client saw acknowledged may be lost (not part of `make test`). Under nice: shared machine.
SOAK_MINUTES ?= 30
soak-online: pkg
	nice -n 10 node benches/online.mjs --soak $(SOAK_MINUTES) --kill-every 5 --processes 2 100

# Online play on several processes (docs/online.md): PostgreSQL and Redis on 127.0.0.1 with their data in
# .cluster/, PROCESSES server processes, nginx in front on PORT (the demo at /www/); Ctrl-C stops them all.
online-cluster: target/pkg.stamp
	node scripts/cluster.mjs --processes $(or $(PROCESSES),2) --port $(if $(filter command line,$(origin PORT)),$(PORT),8000)

clean:
	rm -rf target pkg dist test-output

# Fuzzing (fuzz/README.md): every cargo-fuzz target for FUZZ_SECONDS each (FUZZ_JOBS at a time), and the
# brief pass of `make test` (20 s per target). Needs the nightly toolchain.
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= 1
fuzz: setup
	FUZZ_JOBS=$(FUZZ_JOBS) bash scripts/fuzz.sh $(FUZZ_SECONDS)

test-fuzz: setup
	FUZZ_JOBS=$(FUZZ_JOBS) bash scripts/suite.sh fuzz $(T_FUZZ) bash scripts/fuzz.sh 20

# One self-contained HTML file (wasm and modules inlined) that plays from file:// with no network.
offline: pkg
	node scripts/offline.mjs

# The bot's strength benchmark (issues 7, 17; not part of `make test`): builds the bot of commit bf63d41
# from git (benches/bot/old-bot/build.sh), plays the Rust games (examples/bench_bot.rs, at opt-level 3:
# the bench profile), then times decisions in Node. Under `nice`: the machine is shared.
bench-bot: pkg
	OLD_BOT=$$(bash benches/bot/old-bot/build.sh) && export OLD_BOT && nice -n 19 cargo run --profile bench --features learn --example bench_bot
	nice -n 19 node benches/bot/timing.mjs

# Learns the bot's evaluations by self-play (issue 17; not part of `make test`): writes
# src/bot/weights.bin and the training curve benches/bot/training.{csv,svg}. Seeded; two threads.
train: setup
	nice -n 19 cargo run --profile bench --features learn --example train

# Throughput in Node (issue 8): simulate in wasm, the JS API, a hand-written JS engine; see benches/RESULTS.md.
bench: pkg
	node benches/run.mjs

# Native criterion benchmarks of both engines, built for this machine's CPU, in their own target dir.
bench-native: setup
	CARGO_TARGET_DIR=$(CURDIR)/target/native RUSTFLAGS="-C target-cpu=native" cargo bench --bench engine

# The answer to the designer's claim (issue 28; not part of `make test`): plays the whole balance plan on
# two worker threads with the lab page's code (each bot cell until its 95% interval is within ±3 points)
# and writes docs/balance.md with its figures (docs/balance/); docs/balance.md says its CPU time.
# BALANCE_MINUTES=n stops handing out games after n minutes (the report says what was cut). See
# scripts/balance.mjs.
BALANCE_MINUTES ?=
balance: pkg
	BALANCE_MINUTES=$(BALANCE_MINUTES) nice -n 5 node scripts/balance.mjs
