#!/usr/bin/env bash
# Backups and upgrades of a store, through the real binary:
#   SQLite      `steward-store backup` while the store serves and takes pushes, then
#               `steward-store restore` into another file: the same canonical dump as at the
#               moment of the backup; a console database or a text file refused, on one line
#   PostgreSQL  (when STEWARD_TEST_POSTGRES_URL is set) the path docs/backup.md gives: pg_dump
#               --format=custom while the store serves, pg_restore --no-owner into a new
#               database, the store started on it: the same dump; and each release's
#               Tests/upgrade/*/store.postgres.sql loaded into a new database, migrated by this
#               build, every row of every table it had still there and the same
#               (store.postgres.sql.digest, one "table count md5" line each; the list of
#               migrations applied, schema_state, left out: an upgrade adds to it)
#
#   Tests/store/backup_test.sh [path/to/steward-store]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$ROOT/.build/debug/steward-store}
[[ -x "$BIN" ]] || { echo "backup_test: no steward-store binary (build it or pass its path)"; exit 1; }
WORK=$(mktemp -d /tmp/steward-backup-test.XXXXXX)
SERVER_PID=
DATABASES=()
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  for db in "${DATABASES[@]}"; do psql -q "$STEWARD_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

serve() {
  "$BIN" serve --host 127.0.0.1 --port 0 "$@" >"$WORK/serve.out" 2>"$WORK/serve.err" &
  SERVER_PID=$!
  for _ in $(seq 1 100); do grep -q '^steward-store listening on ' "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
  URL=$(sed -n 's/^steward-store listening on //p' "$WORK/serve.out")
  [[ -n "$URL" ]] || fail "the store did not start: $(cat "$WORK/serve.err")"
}
stop_serving() { kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=; }

# push TOKEN FIRST COUNT: COUNT new events from mutation id FIRST.
push() {
  local token=$1 first=$2 count=$3 mutations="" n
  for ((n = first; n < first + count; n++)); do
    [[ -n "$mutations" ]] && mutations+=","
    mutations+='{"id":'$n',"entity":"event","recordId":"'$(cat /proc/sys/kernel/random/uuid)'","operation":"upsert","baseVersion":0,"fields":{"title":"Event '$n'","timing":"untimed"}}'
  done
  curl -sfS -H "Authorization: Bearer $token" --data '{"clientId":"backup-test","mutations":['"$mutations"']}' "$URL/v1/orgs/backup/push" >/dev/null \
    || fail "push $first..$((first + count - 1))"
}

echo "== SQLite"
store=("--sqlite" "$WORK/store.sqlite")
"$BIN" orgs add backup --name "Backup test" --time-zone America/Chicago "${store[@]}" >/dev/null
token=$("$BIN" token create --org backup --role admin "${store[@]}")
serve "${store[@]}"
push "$token" 1 200
# Pushes go on while the backup is made; the backup holds one moment, whichever.
( for i in 0 1 2 3 4; do push "$token" $((201 + i * 20)) 20; done ) &
pusher=$!
"$BIN" backup --sqlite "$WORK/store.sqlite" --to "$WORK/backup.sqlite" >/dev/null || fail "backup while serving"
wait "$pusher"
stop_serving
"$BIN" restore --sqlite "$WORK/restored.sqlite" --from "$WORK/backup.sqlite" >/dev/null || fail "restore"
"$BIN" dump --org backup --sqlite "$WORK/restored.sqlite" >"$WORK/restored.jsonl"
count=$(wc -l <"$WORK/restored.jsonl")
(( count >= 200 && count <= 300 && count % 20 == 0 )) || fail "the restored store has $count records"
# The restored file is a store like any: it serves, and takes the next push.
"$BIN" restore --sqlite "$WORK/store.sqlite" --from "$WORK/backup.sqlite" >/dev/null || fail "restore over the store"
[[ -f "$WORK/store.sqlite.before-restore" ]] || fail "the replaced store was not kept"
cmp -s <("$BIN" dump --org backup --sqlite "$WORK/store.sqlite") "$WORK/restored.jsonl" || fail "two restores differ"
echo "not a database" >"$WORK/notes.txt"
set +e; "$BIN" restore --sqlite "$WORK/store.sqlite" --from "$WORK/notes.txt" 2>"$WORK/err"; status=$?; set -e
[[ $status -eq 1 && $(wc -l <"$WORK/err") -eq 1 ]] && grep -q "is not a Steward store database" "$WORK/err" \
  || fail "a text file as a backup: exit $status, $(cat "$WORK/err")"
cmp -s <("$BIN" dump --org backup --sqlite "$WORK/store.sqlite") "$WORK/restored.jsonl" || fail "a refused restore changed the store"
echo "ok    backup while serving, restore, refusal ($count records)"

[[ -n "${STEWARD_TEST_POSTGRES_URL:-}" ]] || { echo "backup_test: no STEWARD_TEST_POSTGRES_URL; PostgreSQL skipped"; exit 0; }

# new_database NAME: an empty database on the test cluster; sets PG.
new_database() {
  local name="$1_$$"
  psql -q "$STEWARD_TEST_POSTGRES_URL" -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name" >/dev/null
  DATABASES+=("$name")
  PG="${STEWARD_TEST_POSTGRES_URL%/*}/$name"
}

echo "== PostgreSQL"
new_database steward_backup
source_db=$PG
"$BIN" orgs add backup --name "Backup test" --time-zone America/Chicago --postgres "$source_db" >/dev/null
token=$("$BIN" token create --org backup --role admin --postgres "$source_db")
serve --postgres "$source_db"
push "$token" 1 200
pg_dump --format=custom --file="$WORK/store.dump" "$source_db" || fail "pg_dump while serving"
stop_serving
"$BIN" dump --org backup --postgres "$source_db" >"$WORK/pg-source.jsonl"
new_database steward_restored
pg_restore --no-owner --dbname="$PG" "$WORK/store.dump" || fail "pg_restore"
serve --postgres "$PG"
stop_serving
cmp -s <("$BIN" dump --org backup --postgres "$PG") "$WORK/pg-source.jsonl" || fail "the restored PostgreSQL store differs"
echo "ok    pg_dump while serving, pg_restore, the store on it"

# digest URL [TABLES]: "table count md5" for each table (all of public's when none given), over
# the columns listed in $WORK/columns.<table> (written on the first call).
digest() {
  local url=$1; shift
  local tables=("$@")
  if [[ ${#tables[@]} -eq 0 ]]; then
    mapfile -t tables < <(psql -Atq "$url" -c "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_state' ORDER BY 1")
  fi
  local table columns
  for table in "${tables[@]}"; do
    if [[ ! -f "$WORK/columns.$table" ]]; then
      psql -Atq "$url" -c "SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '$table'" >"$WORK/columns.$table"
    fi
    columns=$(cat "$WORK/columns.$table")
    echo "$table $(psql -Atq "$url" -c "SELECT count(*) || ' ' || coalesce(md5(string_agg(t::text, E'\n' ORDER BY t::text)), '-') FROM (SELECT $columns FROM $table) AS t")"
  done
}

for fixture in "$ROOT"/Tests/upgrade/*/store.postgres.sql; do
  [[ -f "$fixture" ]] || continue
  release=$(basename "$(dirname "$fixture")")
  rm -f "$WORK"/columns.*
  new_database "steward_upgrade_${release//[^0-9a-z]/_}"
  psql -q -v ON_ERROR_STOP=1 "$PG" -f "$fixture" >/dev/null || fail "$release: loading the dump"
  digest "$PG" >"$WORK/before.digest"
  if [[ "${STEWARD_UPGRADE_RECORD:-}" == 1 ]]; then cp "$WORK/before.digest" "$fixture.digest"; fi
  diff "$fixture.digest" "$WORK/before.digest" >/dev/null || fail "$release: the dump is not the one its digest describes"
  slug=$(psql -Atq "$PG" -c "SELECT slug FROM orgs ORDER BY slug LIMIT 1")
  # Any command opens the store and migrates it, as `serve` does on start.
  "$BIN" dump --org "$slug" --postgres "$PG" >/dev/null || fail "$release: this build could not open and migrate it"
  mapfile -t tables < <(cut -d' ' -f1 "$fixture.digest")
  digest "$PG" "${tables[@]}" >"$WORK/after.digest"
  diff "$fixture.digest" "$WORK/after.digest" || fail "$release: rows changed or went missing in the upgrade"
  echo "ok    PostgreSQL store of $release: migrated, every row kept ($(wc -l <"$fixture.digest") tables)"
done
