#!/usr/bin/env bash
# Validates GtkBuilder files with `gtk4-builder-tool validate`, libadwaita types included.
# Usage: Tests/data/validate-ui.sh PRELOAD.so FILE.ui...
#   PRELOAD.so is Tests/data/adw-preload.c compiled (the Makefile builds it as build/adw-preload.so).
# The tool needs a display: without DISPLAY or WAYLAND_DISPLAY the script re-runs itself
# under `xvfb-run -a`.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 PRELOAD.so FILE.ui..." >&2
  exit 2
fi

if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  if [ -n "${STEWARD_VALIDATE_UI_WRAPPED:-}" ] || ! command -v xvfb-run >/dev/null 2>&1; then
    echo "validate-ui: no display, and xvfb-run is not available (make test-deps installs it)" >&2
    exit 1
  fi
  export STEWARD_VALIDATE_UI_WRAPPED=1
  exec xvfb-run -a "$0" "$@"
fi

preload=$(realpath "$1")
shift

status=0
for f in "$@"; do
  # No session bus: keeps GLib from autolaunching a dbus-daemon that would outlive the check.
  # LD_PRELOAD goes on the tool's own command line only (not on timeout or xvfb-run).
  if timeout 60 env GTK_A11Y=none GSK_RENDERER=cairo \
      DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/steward-no-bus \
      LD_PRELOAD="$preload" gtk4-builder-tool validate "$f"; then
    echo "ok: $f"
  else
    echo "FAILED: $f" >&2
    status=1
  fi
done
exit $status
