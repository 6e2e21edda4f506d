#!/usr/bin/env bash
# Makes the databases the upgrade tests keep for one release, in Tests/upgrade/RELEASE/:
#   console.sqlite        a console's database: the demo's organizations and records, one of
#                         them synced to a store (so it has a remote, mutation ids and store
#                         versions), the others with their changes still waiting in the outbox,
#                         and the history rows of every change
#   store.sqlite          the store that organization synced to (records, clients, history)
#   store.postgres.sql    the same kind of store in PostgreSQL, as plain SQL from pg_dump
#                         (made when STEWARD_TEST_POSTGRES_URL is set)
# and the digest of each (<file>.digest.json), written by the upgrade tests in recording mode.
#
#   Tests/upgrade/make-fixtures.sh RELEASE [folder of stewardctl and steward-store]
#
# Run it with the release's own build, once, when the release is made; never regenerate an
# earlier release's folder (it stands for databases staff already have).
set -euo pipefail

RELEASE=${1:?usage: make-fixtures.sh RELEASE [bin folder]}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${2:-$ROOT/.build/debug}
OUT=$ROOT/Tests/upgrade/$RELEASE
WORK=$(mktemp -d /tmp/steward-fixtures.XXXXXX)
SERVER_PID=
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
export LANGUAGE=en STEWARD_CREDENTIALS=file XDG_DATA_HOME=$WORK/data
[[ -e "$OUT" ]] && { echo "make-fixtures: $OUT exists; a release's fixtures are made once" >&2; exit 1; }
mkdir -p "$OUT"

# serve STORAGE...: starts a store on a free port, sets $URL.
serve() {
  "$BIN/steward-store" serve --host 127.0.0.1 --port 0 "$@" >"$WORK/serve.out" 2>"$WORK/serve.err" &
  SERVER_PID=$!
  for _ in $(seq 1 100); do grep -q '^steward-store listening on ' "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
  URL=$(sed -n 's/^steward-store listening on //p' "$WORK/serve.out")
  [[ -n "$URL" ]] || { cat "$WORK/serve.err" >&2; exit 1; }
}

stop_serving() { kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=; }

# console DB STORAGE...: a demo console whose first organization syncs to a store in STORAGE.
console() {
  local db=$1; shift
  "$BIN/stewardctl" --db "$db" demo load >/dev/null
  local slug; slug=$("$BIN/stewardctl" --db "$db" orgs list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["slug"])')
  "$BIN/steward-store" orgs add "$slug" --name "Fixture" --time-zone America/Chicago "$@" >/dev/null
  local token; token=$("$BIN/steward-store" token create --org "$slug" --role admin "$@")
  serve "$@"
  "$BIN/stewardctl" --db "$db" remote set --org "$slug" --url "$URL" --token "$token" >/dev/null
  "$BIN/stewardctl" --db "$db" sync --org "$slug" >/dev/null
  stop_serving
}

console "$WORK/console.sqlite" --sqlite "$WORK/store.sqlite"
# Rollback-journal mode: each database is its one file.
for db in console store; do
  python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA journal_mode=DELETE'); c.close()" "$WORK/$db.sqlite"
  cp "$WORK/$db.sqlite" "$OUT/$db.sqlite"
done

if [[ -n "${STEWARD_TEST_POSTGRES_URL:-}" ]]; then
  fixture_db="steward_fixture_$$"
  psql -q "$STEWARD_TEST_POSTGRES_URL" -c "CREATE DATABASE $fixture_db"
  pg_url="${STEWARD_TEST_POSTGRES_URL%/*}/$fixture_db"
  console "$WORK/console-pg.sqlite" --postgres "$pg_url"
  pg_dump --no-owner --no-privileges --format=plain "$pg_url" >"$OUT/store.postgres.sql"
  psql -q "$STEWARD_TEST_POSTGRES_URL" -c "DROP DATABASE $fixture_db"
fi

# The digests, in the tests' own terms.
cd "$ROOT"
SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=8 STEWARD_UPGRADE_RECORD=1 swift test --filter 'ConsoleUpgradeTests|StoreUpgradeTests' >/dev/null
# The console's database is kept compressed (the tests unpack it): its pages are mostly free
# space and repeated text, 4 MB in a file, 0.7 MB packed.
gzip -9nf "$OUT/console.sqlite"
if [[ -f "$OUT/store.postgres.sql" ]]; then
  STEWARD_UPGRADE_RECORD=1 bash Tests/store/backup_test.sh "$BIN/steward-store" >/dev/null
fi
ls -l "$OUT"
