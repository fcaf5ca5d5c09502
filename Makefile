# OpenBench builds engines with `make EXE=<name>`: build the release binary and copy it there.
#
#   make                      -> ./searchlab
#   make EXE=/tmp/sl-test     -> /tmp/sl-test
#   make bench                -> the node-count signature (last line: "<N> nodes <M> nps")

EXE ?= searchlab
CARGO ?= cargo

.PHONY: all build bench test clean-exe

all: build
	cp target/release/searchlab "$(EXE)"

build:
	$(CARGO) build --release --bin searchlab

bench: build
	target/release/searchlab bench

test:
	$(CARGO) test

clean-exe:
	rm -f "$(EXE)"
