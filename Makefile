# castscope — see README.md. Every entry point runs scripts/setup first (idempotent).
SWIFT ?= swift
FUZZ_SECONDS ?= 20
export CASTSCOPE_REQUIRE_PEERS ?= 1
# How many tests Swift Testing runs at once. Unbounded, all 1,450 start together and every await of a test that
# times something (a device's 10 s handshake or liveness window) waits behind the whole queue on a 2-core machine;
# 8 keeps the queue short and the run faster (96 s against 145 s here).
TEST_WIDTH ?= 8

.PHONY: setup build test examples demo install uninstall bench bench-log bench-tail bench-tail-apps bench-wire bench-channel bench-discovery bench-inspect bench-sender bench-media fuzz fuzz-long fuzz-build clean

setup:
	@./scripts/setup

build: setup
	$(SWIFT) build

test: setup
	@./scripts/check-target-imports
	$(SWIFT) build --build-tests
	@SWIFT=$(SWIFT) ./scripts/check-examples
	@SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) ./scripts/test-with-clean-tmp $(SWIFT) test --parallel --num-workers 2

# Examples/: a package outside castscope using its libraries, built and run once.
examples: setup
	@SWIFT=$(SWIFT) ./scripts/check-examples

PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# Wireshark's global Lua plugin folder for this prefix (Debian: /usr/lib/x86_64-linux-gnu/wireshark/plugins); for
# another prefix Wireshark does not look there: `castscope wireshark install` puts it in the personal folder.
MULTIARCH := $(shell gcc -dumpmachine 2>/dev/null)
WIRESHARKDIR = $(DESTDIR)$(PREFIX)/lib/$(MULTIARCH)/wireshark/plugins

# The binary, a man page per command and bash, zsh and fish completion (generated from the command specs), and the
# Wireshark dissector.
install: setup
	$(SWIFT) build -c release --product castscope
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR) $(WIRESHARKDIR)
	install -m 755 .build/release/castscope $(BINDIR)/castscope
	.build/release/castscope generate man $(MANDIR)
	.build/release/castscope generate completion bash > $(BASHDIR)/castscope
	.build/release/castscope generate completion zsh > $(ZSHDIR)/_castscope
	.build/release/castscope generate completion fish > $(FISHDIR)/castscope.fish
	install -m 644 wireshark/castv2.lua $(WIRESHARKDIR)/castv2.lua

uninstall:
	rm -f $(BINDIR)/castscope $(BASHDIR)/castscope $(ZSHDIR)/_castscope $(FISHDIR)/castscope.fish $(WIRESHARKDIR)/castv2.lua $(MANDIR)/castscope.1 $(MANDIR)/castscope-*.1

demo: build
	$(SWIFT) run --skip-build castscope demo

bench: bench-log bench-tail bench-tail-apps bench-wire bench-channel bench-discovery bench-inspect bench-sender bench-media

bench-log: setup
	./scripts/bench-log

bench-tail: setup
	./scripts/bench-tail

bench-tail-apps: setup
	./scripts/bench-tail-apps

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

bench-media: setup
	./scripts/bench-media

fuzz: setup
	./scripts/fuzz $(FUZZ_SECONDS)

# Every target to 10 M executions (cheap parsers) or 1 M (heavy ones), growing the corpora in Fuzz/Corpus.
fuzz-long: setup
	./scripts/fuzz-long

clean:
	rm -rf .build .build-fuzz .build-bench
