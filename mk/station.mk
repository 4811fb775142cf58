# The station daemon (issue 7): storage, configuration, the pipeline, `run`, `demo`.
#
#   make demo          the whole station on an emulated sensor (breeze-station demo)
#   make bench-station the daemon's steady RSS (smaps breakdown), CPU per 1000 samples at 1 Hz, exec → first
#                      HTTP 200, binary size (release, static; docs/performance.md).
#                      BENCH_CALLGRIND=FILE: instructions per sample under callgrind
#   make hot-symbols   regenerate scripts/hot-symbols.txt (the release link's function order) from callgrind
#   make crash-test    200 × SIGKILL while the store writes; integrity_check and data loss every time
BUILD_PACKAGES += libsqlite3-dev
TEST_PACKAGES += sqlite3
EXTRA_BENCHES += bench-station
# promtool on a scrape of a running station (the store, restart and sensor families); promtool comes from
# mk/http.mk's rule.
WAITING_TESTS += promtool-check-station

# Seconds of the steady measurement and number of timed starts (BENCH_SECONDS=600 for a long run).
BENCH_SECONDS ?= 60
BENCH_STARTS ?= 10
CRASH_ROUNDS ?= 200

.PHONY: bench-station crash-test promtool-check-station hot-symbols

hot-symbols:
	sh scripts/hot-symbols.sh

promtool-check-station: $(PROMTOOL)
	$(SWIFT) build --product breeze-station $(SWIFT_BUILD_FLAGS)
	BREEZE_PROMTOOL=$(CURDIR)/$(PROMTOOL) sh scripts/check-station-metrics.sh $(BIN)

bench-station: deps
	$(SWIFT) build -c release --static-swift-stdlib --product breeze-station $(RELEASE_LINK_FLAGS) $(SWIFT_BUILD_FLAGS)
	$(SWIFT) build -c release --static-swift-stdlib --product station-bench $(RELEASE_LINK_FLAGS) $(SWIFT_BUILD_FLAGS)
	.build/release/station-bench .build/release/breeze-station $(BENCH_SECONDS) $(BENCH_STARTS)

crash-test: deps
	$(SWIFT) build -c release --product breeze-store-crash $(SWIFT_BUILD_FLAGS)
	sh scripts/crash-test.sh .build/release/breeze-store-crash $(CRASH_ROUNDS)
