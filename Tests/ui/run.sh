#!/usr/bin/env bash
# End-to-end test of the Steward window, driven through the accessibility tree the way an
# office worker (or a screen reader user) would use it. Needs xvfb-run, dbus-run-session,
# at-spi2-core, imagemagick and Debian's python3-pyatspi.
#
# test_events.py drives the Events page; test_records.py the Bulletins, Messages and Giving
# pages (one window for its suite); test_sync_ui.py then drives sync (signing in,
# conflicts, a store lost mid-sync, roles) against real steward-store processes on loopback.
#
#   STEWARD_BIN_DIR   folder holding steward and stewardctl (and steward-store for the sync
#                     tests; default .build/debug)
#   STEWARD_UI_ONLY   events, records, pages, spanish, prizes, schedule, passport, rides, ministry, calendar, firstrun, walk, sync,
#                     approvals, library, media or firstrun-connect: run that suite only (firstrun runs
#                     firstrun-connect too)
#   STEWARD_UI_TESTS  name,name: run those tests of the suite only (names without "test_")
#
# The window's reads wait while the file accessibility.HOLD_LOADS exists (STEWARD_HOLD_LOADS),
# so a test sees what a page shows while it loads ("Loading…") without racing the read.
#
# Screenshots of each state land in build/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- bash Tests/ui/inner.sh
