# castscope — see README.md. Every entry point runs scripts/setup first (idempotent).
SWIFT ?= swift
FUZZ_SECONDS ?= 20
export CASTSCOPE_REQUIRE_PEERS ?= 1

.PHONY: setup build test demo bench bench-log bench-wire bench-channel bench-discovery bench-inspect bench-sender fuzz fuzz-build clean

setup:
	@./scripts/setup

build: setup
	$(SWIFT) build

test: setup
	$(SWIFT) build --build-tests
	@./scripts/tmp-leftovers > .build/tmp-before.txt
	$(SWIFT) test --parallel --num-workers 2
	@./scripts/tmp-leftovers > .build/tmp-after.txt
	@left=$$(comm -13 .build/tmp-before.txt .build/tmp-after.txt); \
	if [ -n "$$left" ]; then echo "test: the run left these in $${TMPDIR:-/tmp}:"; echo "$$left" | head -20; \
	    echo "($$(echo "$$left" | wc -l) in all)"; exit 1; fi

demo: build
	$(SWIFT) run --skip-build castscope demo

bench: bench-log bench-wire bench-channel bench-discovery bench-inspect bench-sender

bench-log: setup
	./scripts/bench-log

bench-wire: setup
	./scripts/bench-wire

bench-channel: setup
	./scripts/bench-channel

bench-discovery: setup
	./scripts/bench-discovery

bench-inspect: setup
	./scripts/bench-inspect

bench-sender: setup
	./scripts/bench-sender

fuzz: setup
	./scripts/fuzz $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-fuzz .build-bench
