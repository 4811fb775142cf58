# HTTP endpoint (issue 6): libmicrohttpd, and the real tools its tests and benchmark run against.
#
#   make promtool     unpack Debian's promtool into .build/tools (no Prometheus service installed)
#   make bench-http   wrk against `breeze-station serve` and against nginx serving the same bytes

BUILD_PACKAGES += libmicrohttpd-dev
# chromium: the status page test renders the page in headless Chromium. wrk, nginx-light: `make bench-http`.
TEST_PACKAGES += chromium wrk nginx-light
WAITING_TESTS += promtool-check
EXTRA_BENCHES += bench-http

PROMTOOL := .build/tools/promtool
TEST_DOWNLOADS += $(PROMTOOL)

.PHONY: promtool promtool-check bench-http

# promtool ships in Debian's `prometheus` package; unpacking the .deb is enough (apt-get download needs no
# root and installs nothing). The tests find it through BREEZE_PROMTOOL or at this path.
$(PROMTOOL):
	@mkdir -p .build/tools/deb
	cd .build/tools/deb && rm -f prometheus_*.deb && (apt-get download prometheus >/dev/null 2>&1 || \
		(apt-get update -qq && apt-get download prometheus)) && dpkg -x prometheus_*.deb root
	cp .build/tools/deb/root/usr/bin/promtool $(PROMTOOL)
	rm -rf .build/tools/deb

promtool: $(PROMTOOL)

# A scrape of `breeze-station serve` through `promtool check metrics` must print nothing (node_exporter's
# checkmetrics rule, no allow-list).
promtool-check: $(PROMTOOL)
	$(SWIFT) build --product breeze-station $(SWIFT_BUILD_FLAGS)
	BREEZE_PROMTOOL=$(CURDIR)/$(PROMTOOL) sh scripts/check-metrics.sh $(BIN)

bench-http: deps
	$(SWIFT) build -c release --product breeze-station $(SWIFT_BUILD_FLAGS)
	sh scripts/bench-http.sh .build/release/breeze-station
