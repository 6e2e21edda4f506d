#!/usr/bin/env bash
# Runs inside Xvfb and a private D-Bus session (see run.sh): starts the accessibility bus,
# makes a demo database, and runs the Python test, which launches steward itself.
set -euo pipefail
cd "$(dirname "$0")/../.."

export STEWARD_BIN_DIR="${STEWARD_BIN_DIR:-.build/debug}"
for binary in steward stewardctl; do
    if [ ! -x "$STEWARD_BIN_DIR/$binary" ]; then
        echo "ui: $STEWARD_BIN_DIR/$binary not found; build first (make build) or set STEWARD_BIN_DIR" >&2
        exit 2
    fi
done

# The resource bundle and schemas `make build` produces; made here if missing so the test
# also runs straight after a plain `swift build`.
mkdir -p build
if [ ! -f build/steward.gresource ]; then
    glib-compile-resources --sourcedir=ui --sourcedir=data --sourcedir=icons/hicolor \
        --target=build/steward.gresource data/steward.gresource.xml
fi
if [ ! -f build/schemas/gschemas.compiled ]; then
    mkdir -p build/schemas
    glib-compile-schemas --targetdir=build/schemas data
fi

/usr/libexec/at-spi-bus-launcher --launch-immediately &
bus_pid=$!
work=$(mktemp -d)
cleanup() {
    kill "$bus_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Whatever a window keeps beside its database (credentials after signing in, say) stays in
# the temporary folder too, never in the home folder of whoever runs the tests.
export XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"
export STEWARD_DB="$work/steward.sqlite"
"$STEWARD_BIN_DIR/stewardctl" --db "$STEWARD_DB" demo load >/dev/null
export STEWARD_RESOURCES="$PWD/build/steward.gresource"
export GSETTINGS_SCHEMA_DIR="$PWD/build/schemas"
# Settings written by the test go to the temporary folder, not the user's dconf.
export GSETTINGS_BACKEND=memory
export STEWARD_SCREENSHOTS="${STEWARD_SCREENSHOTS:-$PWD/build/screenshots}"
mkdir -p "$STEWARD_SCREENSHOTS"

# Each suite says how long it took, so the slow ones are known (make test must stay within CI's limit).
suite() {
    local started=$SECONDS
    "${PYTHON:-/usr/bin/python3}" "$@"
    echo "ui: $(basename "$1" .py) took $((SECONDS - started)) s"
}

# Debian's python has pyatspi; a pyenv or venv python first on PATH would not.
# STEWARD_UI_ONLY=records (or events, pages, spanish, sync, approvals) runs one suite.
only="${STEWARD_UI_ONLY:-}"
if [ -z "$only" ] || [ "$only" = events ]; then
    suite Tests/ui/test_events.py
fi

# The Bulletins, Messages and Giving pages, in a window of their own on the same database.
if [ -z "$only" ] || [ "$only" = records ]; then
    suite Tests/ui/test_records.py
fi

# The city office's prizes (a redemption, the last item refused) and survey versions.
if [ -z "$only" ] || [ "$only" = prizes ]; then
    suite Tests/ui/test_prizes_survey.py
fi

# The gym's Class Schedule page: add a source, refresh, the week grid, a note kept across refreshes.
if [ -z "$only" ] || [ "$only" = schedule ]; then
    suite Tests/ui/test_schedule_ui.py
fi

# The lending library: scan mode, lending, the overdue report, renew, return, history.
if [ -z "$only" ] || [ "$only" = library ]; then
    suite Tests/ui/test_library_ui.py
fi

# The Passport page: grant and revoke with notes, levels, the check-in screen, the leaderboard.
if [ -z "$only" ] || [ "$only" = passport ]; then
    suite Tests/ui/test_passport_ui.py
fi

# The campus ministry's Rides page: Assign Everyone's diff accepted, a passenger unassigned by hand.
if [ -z "$only" ] || [ "$only" = rides ]; then
    suite Tests/ui/test_rides_ui.py
fi

# The campus ministry: its Ministry page, and the Leads page's filter, routing and states.
if [ -z "$only" ] || [ "$only" = ministry ]; then
    suite Tests/ui/test_ministry_ui.py
fi
# The first run: Create an Organization and Explore the Demo, each on an empty database of its own.
if [ -z "$only" ] || [ "$only" = firstrun ]; then
    suite Tests/ui/test_firstrun.py
fi
# The first run's Connect to Your Organization's Store, against a real steward-store on loopback.
if [ -z "$only" ] || [ "$only" = firstrun ] || [ "$only" = firstrun-connect ]; then
    if [ ! -x "$STEWARD_BIN_DIR/steward-store" ]; then
        echo "ui: $STEWARD_BIN_DIR/steward-store not found; build first (make build) or set STEWARD_BIN_DIR" >&2
        exit 2
    fi
    suite Tests/ui/test_firstrun_connect.py
fi
# Every page, editor and dialog at 1024×700 and 1,000 px wide, in English and Spanish: no text
# cut off, no dialog larger than the screen, no id or field key shown, no icon button without a
# tooltip; what a screen reader hears (the English walk), no English left (the Spanish walk).
# `pages` and `spanish` run one language's walk.
if [ "$only" = pages ]; then export STEWARD_WALK_ONLY=en; fi
if [ "$only" = spanish ]; then export STEWARD_WALK_ONLY=es; fi
if [ -z "$only" ] || [ "$only" = walk ] || [ "$only" = pages ] || [ "$only" = spanish ]; then
    suite Tests/ui/test_walk.py
fi
# Back Up… and Restore… of the main menu.
if [ -z "$only" ] || [ "$only" = backup ]; then
    suite Tests/ui/test_backup_ui.py
fi
# Preferences' Calendar Publishing, against a throwaway Radicale CalDAV server.
if [ -z "$only" ] || [ "$only" = calendar ]; then
    suite Tests/ui/test_calendar_publishing_ui.py
fi
# The Media page: add through the chooser, search and filter, refusals, removal, an event's picture.
if [ -z "$only" ] || [ "$only" = media ]; then
    suite Tests/ui/test_media_ui.py
fi
[ -n "$only" ] && [ "$only" != sync ] && [ "$only" != approvals ] && exit 0

# Sync through the window, against a real steward-store on loopback; each test makes its own
# console folders and store, so the demo database above is not touched.
if [ ! -x "$STEWARD_BIN_DIR/steward-store" ]; then
    echo "ui: $STEWARD_BIN_DIR/steward-store not found; build first (make build) or set STEWARD_BIN_DIR" >&2
    exit 2
fi
if [ -z "$only" ] || [ "$only" = sync ]; then
    suite Tests/ui/test_sync_ui.py
fi

# The Approvals page against a real store: members submit over HTTP, the window decides.
if [ -z "$only" ] || [ "$only" = approvals ]; then
    suite Tests/ui/test_approvals_ui.py
fi
