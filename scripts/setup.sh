#!/usr/bin/env bash
# Installs whatever the build and the tests need and is missing; does nothing when all is there.
# Idempotent: safe to run before every build. Called by the Makefile.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130   # must equal the `=` pin of wasm-bindgen in Cargo.toml
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf 'setup: %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v wasm-pack >/dev/null 2>&1; then
  say "installing wasm-pack (a few minutes)"
  cargo install --locked wasm-pack || cargo install wasm-pack
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes)"
  # The crate's own lock file can name a version the registry no longer serves: fall back to resolving.
  cargo install --locked --force wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" ||
    cargo install --force wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# Node tools (binaryen's wasm-opt, playwright-core, typescript, esbuild, @types/node, Biome for `make lint`),
# pinned by package-lock.json. A node_modules that is a link to another checkout's is never reinstalled from here:
# npm ci through the link would empty the other checkout's copy.
if [ -L node_modules ]; then
  if [ package-lock.json -nt node_modules/.setup-stamp ]; then
    say "node_modules links to $(readlink node_modules), which is older than package-lock.json: run make setup there"
  fi
elif [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.setup-stamp ]; then
  say "installing npm dev tools"
  npm ci --no-audit --no-fund --loglevel=error
  touch node_modules/.setup-stamp
fi

# Debian's Chromium for the browser tests (a downloaded browser cannot be fetched here).
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  say "installing chromium and chromium-driver"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi
# The nightly toolchain with the standard library's source: `make pkg` rebuilds std for the wasm (smaller),
# and the fuzz targets need nightly too. Pinned in scripts/nightly (the one the package's size and the
# panic flag were measured with).
NIGHTLY="$(cat scripts/nightly)"
if ! rustup toolchain list | grep -q "^$NIGHTLY-"; then
  say "installing the $NIGHTLY toolchain (a few minutes)"
  rustup toolchain install "$NIGHTLY" --profile minimal
fi
if ! rustup component list --toolchain "$NIGHTLY" --installed | grep -q '^rust-src'; then
  say "adding rust-src to the $NIGHTLY toolchain"
  rustup component add rust-src --toolchain "$NIGHTLY"
fi
# Online play on several processes (`make online-cluster`, `make test-online`, `make bench-online
# PROCESSES=...`): PostgreSQL, Redis and nginx from Debian's packages, run by the project itself on
# 127.0.0.1 (scripts/services.mjs), never as system services. PostgreSQL refuses to run as root: as root
# it runs as the system user `postgres`, which Debian's package makes (made here if it is missing).
missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ "$(id -u)" = 0 ] && ! id -u postgres >/dev/null 2>&1; then
  say "adding the system user postgres (PostgreSQL does not run as root)"
  useradd --system --user-group --no-create-home --shell /usr/sbin/nologin postgres
fi
# cargo-fuzz for `make fuzz` / `make test-fuzz` (the fuzz targets also need the nightly toolchain).
if ! command -v cargo-fuzz >/dev/null 2>&1; then
  say "installing cargo-fuzz (a few minutes)"
  cargo install --locked cargo-fuzz || cargo install cargo-fuzz
fi
say "all tools present"
