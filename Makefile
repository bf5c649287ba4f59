# ledgerpress — the README's two commands are `make demo` and `make test`.
SWIFT   ?= swift
SUDO    := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
BIN      = .build/debug/ledgerpress
EXAMPLE  = Examples/example-ledger.csv
PAYEES   = Examples/example-payees.csv

.PHONY: deps build demo demo-postgres test lint bench bench-quick faults clean fuzz fuzz-build check-browser browser-deps browser-run \
	image image-check image-deps

## deps: install Debian's libcmark-dev when its header or library is missing, libqrencode-dev (the letters' QR
## codes, in-process like cmark) when it is missing, libjemalloc-dev (the executable's
## malloc, see Package.swift) when it is missing, tidy (the HTML validator HTMLValidityTests runs on every
## generated page) when it is missing, libcurl4-openssl-dev (`send --smtp`), msmtp and python3-aiosmtpd (SendTests:
## `send --sendmail`, and the SMTP server on 127.0.0.1 the tests start) when missing, mblaze (mshow: the MIME reader OutboxTests checks every e-mail with), and
## the native PDF engine's libraries, fonts and sRGB profile (libharfbuzz-dev, libfribidi-dev, libdeflate-dev, libisal-dev,
## fonts-dejavu-core, fonts-droid-fallback, fonts-symbola, icc-profiles-free), chromium (--pdf-engine chromium) with poppler-utils,
## qpdf and zbar-tools (the PDF tests) when missing, Debian's libpq-dev (the PostgreSQL source: libpq in-process) when
## missing, Debian's libssl-dev (OpenSSL's libcrypto: SHA-256, HMAC-SHA256, Ed25519 in-process) when missing, and
## Debian's postgresql (initdb, pg_ctl, psql: the PostgreSQL source's tests start a throw-away cluster in a temp
## folder, Unix socket only) when missing
deps:
	@if [ -f /usr/include/cmark.h ] && ( ldconfig -p 2>/dev/null | grep -q 'libcmark\.so ' || ls /usr/lib/*/libcmark.so >/dev/null 2>&1 ); then \
		echo "libcmark-dev: present"; \
	else \
		echo "libcmark-dev: missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y libcmark-dev pkg-config; \
	fi
	@if [ -f /usr/include/qrencode.h ] && ls /usr/lib/*/libqrencode.so >/dev/null 2>&1; then \
		echo "libqrencode-dev: present"; \
	else \
		echo "libqrencode-dev: missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y libqrencode-dev pkg-config; \
	fi
	@if ls /usr/lib/*/libjemalloc.so >/dev/null 2>&1; then \
		echo "libjemalloc-dev: present"; \
	else \
		echo "libjemalloc-dev: missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y libjemalloc-dev; \
	fi
	@if [ -f /usr/include/postgresql/libpq-fe.h ] && ls /usr/lib/*/libpq.so >/dev/null 2>&1; then \
		echo "libpq-dev: present"; \
	else \
		echo "libpq-dev (the PostgreSQL source): missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y libpq-dev pkg-config; \
	fi
	@if [ -f /usr/include/openssl/evp.h ] && ls /usr/lib/*/libcrypto.so >/dev/null 2>&1; then \
		echo "libssl-dev: present"; \
	else \
		echo "libssl-dev (libcrypto: SHA-256, HMAC-SHA256, Ed25519): missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y libssl-dev pkg-config; \
	fi
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		echo "postgresql: present"; \
	else \
		echo "postgresql (the PostgreSQL source's tests start a throw-away cluster): missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y postgresql; \
	fi
	@if command -v tidy >/dev/null 2>&1; then \
		echo "tidy: present"; \
	else \
		echo "tidy: missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y tidy; \
	fi
	@if [ -f /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -f /usr/include/curl/curl.h ] || ls /usr/include/*/curl/curl.h >/dev/null 2>&1; then \
		echo "libcurl4-openssl-dev: present"; \
	else \
		echo "libcurl4-openssl-dev (send --smtp): missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y libcurl4-openssl-dev pkg-config; \
	fi
	@if command -v msmtp >/dev/null 2>&1 && /usr/bin/python3 -c 'import aiosmtpd' >/dev/null 2>&1 \
		&& command -v openssl >/dev/null 2>&1; then \
		echo "msmtp, python3-aiosmtpd, openssl: present"; \
	else \
		echo "msmtp, python3-aiosmtpd or openssl (SendTests: send --sendmail, and the SMTP server the tests start; SendTransportTests: its throw-away TLS certificate): missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y msmtp python3-aiosmtpd openssl; \
	fi
	@if command -v mshow >/dev/null 2>&1; then \
		echo "mblaze: present"; \
	else \
		echo "mblaze: missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y mblaze; \
	fi
	@if [ -f /usr/include/harfbuzz/hb-subset.h ] && [ -f /usr/include/fribidi/fribidi.h ] && [ -f /usr/include/libdeflate.h ] && [ -f /usr/include/isa-l/igzip_lib.h ] \
		&& [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && [ -f /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] \
		&& [ -f /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf ] && [ -f /usr/share/color/icc/sRGB.icc ]; then \
		echo "libharfbuzz-dev, libfribidi-dev, libdeflate-dev, libisal-dev, fonts-dejavu-core, fonts-droid-fallback, fonts-symbola, icc-profiles-free: present"; \
	else \
		echo "the native PDF engine's libraries (libharfbuzz-dev, libfribidi-dev, libdeflate-dev, libisal-dev), fonts (fonts-dejavu-core, fonts-droid-fallback, fonts-symbola) or sRGB profile (icc-profiles-free): missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y libharfbuzz-dev libfribidi-dev libdeflate-dev libisal-dev pkg-config fonts-dejavu-core fonts-droid-fallback fonts-symbola icc-profiles-free; \
	fi
	@if command -v chromium >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 && command -v qpdf >/dev/null 2>&1 \
		&& command -v zbarimg >/dev/null 2>&1; then \
		echo "chromium, poppler-utils, qpdf, zbar-tools: present"; \
	else \
		echo "chromium (--pdf-engine chromium), poppler-utils, qpdf and zbar-tools (the PDF tests' tools): missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium poppler-utils qpdf zbar-tools; \
	fi

build: deps
	$(SWIFT) build

## demo: build, then run `ledgerpress build` on the bundled example ledger into output/: day, week, month and year
## statements, month and year PDFs (ledgerpress's own writer: no browser needed), income letters signed with a
## demo key made once by openssl into .build/ (when openssl is on PATH), and an e-mail outbox in output.outbox/
## (scripts/demo.sh: the options, shared with demo-postgres)
demo: build
	./scripts/demo.sh output output.outbox $(EXAMPLE)
	@echo
	@echo "E-mails of the month statements: output.outbox/new/ (send them with .build/debug/ledgerpress send output.outbox --smtp smtp://HOST)."
	@echo "Open output/index.html (finance index) or output/payees/<payee>/index.html in a browser."
	@echo "  e.g. file://$(CURDIR)/output/index.html; a driver's October statement as PDF: output/payees/<payee>/2026-10.pdf,"
	@echo "  an income letter: output/payees/<payee>/income-letter.html (its figures: income-letter.json)"

## demo-postgres: the example ledger loaded into a throw-away PostgreSQL cluster (a folder under /tmp, socket only,
## stopped on the way out) and built with make demo's options (`build --source postgresql://...`) into output.postgres/;
## checked byte for byte (manifests aside: they name the source) against make demo's site, built into output.postgres-csv/
demo-postgres: build
	./scripts/demo-postgres.sh

## test: the lint (`make lint`, first: a layout slip fails in seconds), the whole test suite, then the browser
## check when a `chromium` is on PATH (see check-browser)
test: deps lint
	$(SWIFT) build
	$(SWIFT) test
	@if command -v chromium >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory browser-run; \
	else \
		echo "check-browser: skipped (no chromium or python3 on PATH; make check-browser installs them)"; \
	fi

## check-browser: Debian's chromium (installed when missing), the example site built into output/ (as `make demo`),
## then scripts/check-browser.py: its self-test, and a driver's and a merchant's pages at phone and desktop widths
## and in print preview (also a German merchant, built into output.browser/de/, and a merchant's statement with
## Stripe-length ids in print, in English, output.browser/ids/, and in German, output.browser/ids-de/); screenshots
## and PDFs in output.browser/
check-browser: browser-deps browser-run

browser-run: demo
	python3 scripts/check-browser.py --self-test
	python3 scripts/check-browser.py --site output --out output.browser
	@# The same ledger with the merchant mer_books in German (de_DE, Europe/Berlin): a German merchant's pages.
	mkdir -p output.browser/de
	sed -e 's|^\(mer_books,merchant,.*\),America/New_York,en_US$$|\1,Europe/Berlin,de_DE|' $(PAYEES) > output.browser/de/payees.csv
	grep -q '^mer_books,.*,Europe/Berlin,de_DE$$' output.browser/de/payees.csv
	$(BIN) build $(EXAMPLE) --payees output.browser/de/payees.csv --output output.browser/de/site --quiet \
		--issuer "Example Rides & Market" --range 2026-10-01..2026-10-15
	python3 scripts/check-browser.py --site output.browser/de/site --out output.browser/de \
		payees/mer_books/2026-10.html payees/mer_books/index.html
	@# The same ledger with Stripe-length charge and payout ids for mer_cafe (25 and 26 characters): on paper an id
	@# breaks inside rather than push its table past the page. Screens keep ids whole and scroll, so print only.
	mkdir -p output.browser/ids
	sed -e 's/\bch_\([0-9]*\)/ch_3PqR5t2eZvKYlo2C0a\1/g' -e 's/\bpo_cafe_/po_1PqR5t2eZvKYlo2CxYzAbC/g' \
		$(EXAMPLE) > output.browser/ids/ledger.csv
	grep -q ',ch_3PqR5t2eZvKYlo2C0a3001,.*,po_1PqR5t2eZvKYlo2CxYzAbC1,' output.browser/ids/ledger.csv
	$(BIN) build output.browser/ids/ledger.csv --payees $(PAYEES) --output output.browser/ids/site --quiet \
		--issuer "Example Rides & Market"
	python3 scripts/check-browser.py --views print --site output.browser/ids/site --out output.browser/ids \
		payees/mer_cafe/2026-10.html
	@# The same Stripe-length ids with mer_cafe in German (de_DE, Europe/Berlin): its October statement's USD lines have
	@# ten columns (six amounts and the net) under long German headers, and must still fit the page in print.
	mkdir -p output.browser/ids-de
	sed -e 's|^\(mer_cafe,merchant,.*\),UTC,en_US$$|\1,Europe/Berlin,de_DE|' $(PAYEES) > output.browser/ids-de/payees.csv
	grep -q '^mer_cafe,.*,Europe/Berlin,de_DE$$' output.browser/ids-de/payees.csv
	$(BIN) build output.browser/ids/ledger.csv --payees output.browser/ids-de/payees.csv \
		--output output.browser/ids-de/site --quiet --issuer "Example Rides & Market"
	python3 scripts/check-browser.py --views print --site output.browser/ids-de/site --out output.browser/ids-de \
		payees/mer_cafe/2026-10.html

## browser-deps: chromium, python3, fontconfig's fc-list and a font (DejaVu) when any is missing
browser-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	command -v fc-list >/dev/null 2>&1 || missing="$$missing fontconfig"; \
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing="$$missing fonts-dejavu-core"; \
	if [ -z "$$missing" ]; then \
		echo "chromium, python3, fontconfig, fonts-dejavu-core: present"; \
	else \
		echo "missing:$$missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; \
	fi

## image: the container image IMAGE (default ledgerpress:1; podman names it localhost/ledgerpress:1): a release build
## with --static-swift-stdlib, then scripts/image.sh: Containerfile, FROM scratch with no RUN, over a root file system
## assembled in .build-image/rootfs (the binary, the shared C libraries and loader ldd lists for it, Templates, fonts,
## time zones, CA certificates, sh and kubectl for the Kubernetes example). Push it with
## `podman tag ledgerpress:1 REGISTRY/ledgerpress:1 && podman push REGISTRY/ledgerpress:1`. Not in `make test`.
## (The static release build has a build folder of its own, .build-release, so that it and `make bench`'s release
## build do not relink each other's binary.)
IMAGE ?= ledgerpress:1
image: deps image-deps
	$(SWIFT) build -c release --static-swift-stdlib --product ledgerpress --scratch-path .build-release
	./scripts/image.sh .build-release/release/ledgerpress $(IMAGE)

## image-check: the image's root file system exported (podman save) and, inside it with chroot, a three-shard build
## of the example ledger (month PDFs with the native writer, an outbox), a merge, a verify and a send --smtp to a
## test SMTP server on 127.0.0.1 (scripts/image-check.sh; needs root for chroot and mknod: run through sudo otherwise)
image-check: image
	$(SUDO) ./scripts/image-check.sh $(IMAGE)

## image-deps: podman, dash, the fonts (DejaVu, Droid Sans Fallback, Symbola), tzdata and ca-certificates the image
## copies in, when missing
image-deps:
	@missing=""; \
	command -v podman >/dev/null 2>&1 || missing="$$missing podman"; \
	[ -x /usr/bin/dash ] || missing="$$missing dash"; \
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing="$$missing fonts-dejavu-core"; \
	[ -d /usr/share/fonts/truetype/droid ] || missing="$$missing fonts-droid-fallback"; \
	[ -d /usr/share/fonts/truetype/ancient-scripts ] || missing="$$missing fonts-symbola"; \
	[ -d /usr/share/zoneinfo/America ] || missing="$$missing tzdata"; \
	[ -f /etc/ssl/certs/ca-certificates.crt ] || missing="$$missing ca-certificates"; \
	if [ -z "$$missing" ]; then \
		echo "podman, dash, fonts, tzdata, ca-certificates: present"; \
	else \
		echo "missing:$$missing, installing with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; \
	fi

## lint: the code against .swift-format (`swift format --in-place --recursive Sources Tests` fixes the layout)
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests

## bench: release build, then ledgerpress vs hledger, ledger, cmark, Hugo and the file-write floor on a 1M-entry
## sample (2M and 5M for memory and finance-only); table on stdout and in bench/results-1M.md. Not in `make test`.
## BENCH_RUNS (default 3), BENCH_KEEP=1: see scripts/bench.sh and BENCHMARKS.md.
bench: deps
	$(SWIFT) build -c release
	./scripts/bench.sh

## bench-quick: the same at 100k entries / 1k payees, one run each (bench/results-100k.md)
bench-quick: deps
	$(SWIFT) build -c release
	./scripts/bench.sh --quick

## faults: SIGKILL build, merge and a no-change rerun at random moments; full and read-only file systems (~2 min; root mounts a tmpfs);
## then every command without /proc (scripts/no-proc.sh, root: a mount namespace)
faults: deps
	$(SWIFT) build
	./scripts/faults.sh
	./scripts/no-proc.sh

## fuzz-build: the libFuzzer targets in Fuzz/Targets, one executable each in .build-fuzz/bin (two-step swiftc build)
fuzz-build: deps
	./Fuzz/build.sh

## fuzz: run every fuzz target FUZZ_SECONDS (default 60) from the seed corpus, two at a time; summary in .build-fuzz/summary.md
FUZZ_SECONDS ?= 60
fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) ./Fuzz/run.sh

clean:
	rm -rf .build .build-image .build-release output.staging* .output.* output.browser output.postgres output.postgres-csv
