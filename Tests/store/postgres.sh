#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the store's tests, on 127.0.0.1 only.
#
#   Tests/store/postgres.sh [start]   starts it (or finds it running) and prints its URL:
#                                     postgres://postgres@127.0.0.1:PORT/steward_test
#   Tests/store/postgres.sh url       prints the URL of the running cluster (exit 1 if none)
#   Tests/store/postgres.sh stop      stops it and deletes its files
#
# Typical use:
#   export STEWARD_TEST_POSTGRES_URL=$(Tests/store/postgres.sh)
#   swift test --filter StewardStoreTests
#   Tests/store/postgres.sh stop
#
# The cluster lives in $STEWARD_PG_DIR (default /tmp/steward-store-pg), listens on a free
# port (chosen once, kept in the directory), trusts local connections, and runs with
# fsync off: it holds test data only. PostgreSQL refuses to run as root, so under root
# the server runs as the `postgres` user. Only stdout's last line is the URL; progress
# goes to stderr.
set -euo pipefail

DIR=${STEWARD_PG_DIR:-/tmp/steward-store-pg}
DB=steward_test
PGBIN=${PGBIN:-}
if [[ -z "$PGBIN" ]]; then
  for candidate in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    if [[ -x "$candidate/pg_ctl" ]]; then PGBIN=$candidate; break; fi
  done
fi
if [[ -z "$PGBIN" || ! -x "$PGBIN/pg_ctl" ]]; then
  echo "postgres.sh: PostgreSQL server binaries not found (apt-get install postgresql, or set PGBIN)" >&2
  exit 1
fi

# Run a PostgreSQL binary as the cluster's owner.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

url() { echo "postgres://postgres@127.0.0.1:$(cat "$DIR/port")/$DB"; }

running() {
  [[ -f "$DIR/port" && -d "$DIR/data" ]] && as_owner "$PGBIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
  if running; then url; return; fi
  if [[ ! -d "$DIR/data" ]]; then
    rm -rf "$DIR"
    mkdir -p "$DIR"
    if [[ $(id -u) -eq 0 ]]; then chown postgres: "$DIR"; fi
    echo "postgres.sh: initdb in $DIR/data" >&2
    as_owner "$PGBIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --no-sync >"$DIR/initdb.log" 2>&1 \
      || { cat "$DIR/initdb.log" >&2; exit 1; }
    free_port >"$DIR/port"
  fi
  local port
  port=$(cat "$DIR/port")
  echo "postgres.sh: starting on 127.0.0.1:$port" >&2
  # -k: the Unix socket goes in our directory, not /run/postgresql (which may not exist).
  as_owner "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >&2 || {
      # The port may have been taken since it was chosen: pick another and try once more.
      free_port >"$DIR/port"; port=$(cat "$DIR/port")
      as_owner "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        start >&2 || { tail -20 "$DIR/server.log" >&2; exit 1; }
    }
  if ! as_owner "$PGBIN/psql" -h 127.0.0.1 -p "$port" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" postgres | grep -q 1; then
    as_owner "$PGBIN/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB"
  fi
  url
}

stop() {
  if [[ -d "$DIR/data" ]]; then
    as_owner "$PGBIN/pg_ctl" -D "$DIR/data" -m fast -w stop >&2 2>/dev/null || true
  fi
  rm -rf "$DIR"
}

case "${1:-start}" in
  start) start ;;
  url) if running; then url; else echo "postgres.sh: not running" >&2; exit 1; fi ;;
  stop) stop ;;
  *) echo "usage: $0 [start|url|stop]" >&2; exit 2 ;;
esac
