# steere-games: the two commands of the quick start are `make demo` and `make test`.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
PORT ?= 8080

.PHONY: setup build pkg test test-rust test-js lint demo serve bench clean

setup:
	@bash scripts/setup.sh

build: setup
	cargo build --release

# The npm package in pkg/ (wasm-pack --target web, then the Node entry, SteereError and package.json).
pkg: setup
	wasm-pack build --release --target web --out-dir pkg --out-name steere_games
	node scripts/finish-pkg.mjs

lint: setup
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings

test-rust: setup
	timeout 900 cargo test --release

test-js: pkg
	timeout 600 node --test js-tests/

test: lint test-rust test-js
	@echo "make test: all suites passed"

demo: pkg
	@echo "serving http://localhost:$(PORT)/www/"
	node scripts/serve.mjs $(PORT)

clean:
	rm -rf target pkg dist test-output
