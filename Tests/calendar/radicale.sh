#!/usr/bin/env bash
# A throwaway Radicale CalDAV server for the calendar publishing tests: on a free loopback port,
# htpasswd sign-in (user "steward", password in $RADICALE_TEST_PASSWORD or "secret", stored
# plain), storage in a temporary folder, run as the user running the tests (no systemd).
#
#   Tests/calendar/radicale.sh start   # prints the server's base URL, e.g. http://127.0.0.1:41234/
#   Tests/calendar/radicale.sh stop    # stops it and removes its folder
set -euo pipefail

STATE=${RADICALE_TEST_DIR:-/tmp/steward-radicale-$(id -u)}
PASSWORD=${RADICALE_TEST_PASSWORD:-secret}

start() {
  if [[ -f "$STATE/pid" ]] && kill -0 "$(cat "$STATE/pid")" 2>/dev/null; then
    cat "$STATE/url"; return
  fi
  rm -rf "$STATE"; mkdir -p "$STATE/collections"
  local port
  port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  printf 'steward:%s\n' "$PASSWORD" > "$STATE/users"
  cat > "$STATE/config" <<CONF
[server]
hosts = 127.0.0.1:$port
[auth]
type = htpasswd
htpasswd_filename = $STATE/users
htpasswd_encryption = plain
[storage]
filesystem_folder = $STATE/collections
[rights]
type = owner_only
[logging]
level = warning
CONF
  /usr/bin/python3 -m radicale --config "$STATE/config" >"$STATE/log" 2>&1 &
  echo $! > "$STATE/pid"
  local url="http://127.0.0.1:$port/"
  for _ in $(seq 1 100); do
    if curl -s -o /dev/null "$url"; then echo "$url" > "$STATE/url"; echo "$url"; return; fi
    kill -0 "$(cat "$STATE/pid")" 2>/dev/null || { echo "radicale did not start: $(cat "$STATE/log")" >&2; exit 1; }
    sleep 0.1
  done
  echo "radicale did not answer on $url: $(cat "$STATE/log")" >&2; exit 1
}

stop() {
  if [[ -f "$STATE/pid" ]]; then kill "$(cat "$STATE/pid")" 2>/dev/null || true; fi
  rm -rf "$STATE"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
