# OpenBench builds engines with `make EXE=<name>`: build the engine alone (the `searchlab` binary
# without the lab and the course: UCI, bench, search, perft) and copy it there. It is built into
# a folder of its own, so the full binary of `cargo run --release` is left as it is.
#
#   make                      -> ./searchlab
#   make EXE=/tmp/sl-test     -> /tmp/sl-test
#   make bench                -> the node-count signature (last line: "<N> nodes <M> nps")

EXE ?= searchlab
CARGO ?= cargo
BUILT := target/make/release/searchlab

.PHONY: all build bench test clean-exe

all: build
	cp $(BUILT) "$(EXE)"

build:
	$(CARGO) build --release --bin searchlab --no-default-features --features cli --target-dir target/make

bench: build
	$(BUILT) bench

test:
	$(CARGO) test

clean-exe:
	rm -f "$(EXE)"
