#!/usr/bin/env bash
# End-to-end test of the steward-store commands through the real binary, on SQLite and, when
# STEWARD_TEST_POSTGRES_URL is set, on PostgreSQL: exit codes, the listening line, a push and
# pull over HTTP, the dump's bytes, purge making old cursors answer 410, and staff accounts
# (add, list, sign in over HTTP, remove ending the session). Over HTTPS, with a test CA made
# here, the console's stewardctl (beside steward-store) trusts the store only with --ca-file and
# only under the certificate's host name.
#
#   Tests/store/cli_test.sh [path/to/steward-store]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-${STEWARD_STORE_BIN:-}}
if [[ -z "$BIN" ]]; then
  BIN=$(ls -t "$ROOT"/.build-store/debug/steward-store "$ROOT"/.build/debug/steward-store 2>/dev/null | head -1 || true)
fi
[[ -x "$BIN" ]] || { echo "cli_test: no steward-store binary (build it or pass its path)"; exit 1; }

WORK=$(mktemp -d /tmp/steward-cli-test.XXXXXX)
SERVER_PID=
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() { echo "FAILED: $*" >&2; exit 1; }

# expect_exit CODE command...: runs the command, checks its exit status.
expect_exit() {
  local want=$1; shift
  set +e; "$@" >"$WORK/out" 2>"$WORK/err"; local got=$?; set -e
  [[ $got -eq $want ]] || fail "$* exited $got, expected $want: $(cat "$WORK/err")"
  if [[ $want -ne 0 ]]; then
    [[ $(wc -l <"$WORK/err") -eq 1 ]] || fail "$*: expected one line on stderr, got: $(cat "$WORK/err")"
  fi
}

# expect_exit_in CODE INPUT command...: the same, with INPUT on the command's stdin.
expect_exit_in() {
  local want=$1 input=$2; shift 2
  set +e; "$@" <<<"$input" >"$WORK/out" 2>"$WORK/err"; local got=$?; set -e
  [[ $got -eq $want ]] || fail "$* exited $got, expected $want: $(cat "$WORK/err")"
  if [[ $want -ne 0 ]]; then
    [[ $(wc -l <"$WORK/err") -eq 1 ]] || fail "$*: expected one line on stderr, got: $(cat "$WORK/err")"
  fi
}

run_backend() {
  local name=$1; shift
  local storage=("$@")
  local org="cli-$RANDOM$RANDOM"
  echo "== $name"

  expect_exit 0 "$BIN" orgs add "$org" --name "CLI test" --time-zone America/Toronto "${storage[@]}"
  expect_exit 2 "$BIN" orgs add "$org" --name "Again" "${storage[@]}"
  expect_exit 2 "$BIN" orgs add "Not A Slug" --name "X" "${storage[@]}"
  expect_exit 2 "$BIN" orgs add "ok-slug" --name "X" --time-zone "Nowhere/Land" "${storage[@]}"
  expect_exit 2 "$BIN" token create --org "$org" --role owner "${storage[@]}"
  expect_exit 2 "$BIN" token create --org "no-such-org" --role admin "${storage[@]}"
  expect_exit 2 "$BIN" dump --org "no-such-org" "${storage[@]}"
  expect_exit 2 "$BIN" serve --port 70000 "${storage[@]}"
  expect_exit 0 "$BIN" token create --org "$org" --role staff "${storage[@]}"
  local token; token=$(cat "$WORK/out")
  [[ $token =~ ^stw_[A-Za-z0-9_-]{43}$ ]] || fail "token has an unexpected shape: $token"

  # Tokens that can be taken back: listed by id (never the secret), revoked by id, expiring.
  expect_exit 2 "$BIN" token create --org "$org" --role reader --expires-in-days 0 "${storage[@]}"
  expect_exit 0 "$BIN" token create --org "$org" --role reader --expires-in-days 30 "${storage[@]}"
  local doomed; doomed=$(cat "$WORK/out")
  expect_exit 0 "$BIN" token list --org "$org" "${storage[@]}"
  [[ $(sed -n 1p "$WORK/out") =~ ^ID\ +ROLE\ +CREATED\ +EXPIRES\ +REVOKED$ ]] || fail "token list header: $(cat "$WORK/out")"
  [[ $(wc -l <"$WORK/out") -eq 3 ]] || fail "token list: $(cat "$WORK/out")"
  grep -Eq '^[0-9a-f]{16} +staff +[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC +never +-$' "$WORK/out" \
    || fail "token list row (staff): $(cat "$WORK/out")"
  grep -Eq '^[0-9a-f]{16} +reader +.* UTC +[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC +-$' "$WORK/out" \
    || fail "token list row (reader, expiring): $(cat "$WORK/out")"
  ! grep -q -e "$token" -e "$doomed" -e "stw_" "$WORK/out" || fail "token list shows a secret"
  local doomed_id; doomed_id=$(awk '$2 == "reader" { print $1 }' "$WORK/out")
  expect_exit 2 "$BIN" token list --org no-such-org "${storage[@]}"
  expect_exit 2 "$BIN" token revoke "$doomed" "${storage[@]}"
  grep -q "is not a token id" "$WORK/err" || fail "revoke by secret: $(cat "$WORK/err")"
  expect_exit 2 "$BIN" token revoke 0000000000000000 "${storage[@]}"
  grep -q "no token with id 0000000000000000" "$WORK/err" || fail "revoke unknown: $(cat "$WORK/err")"

  # Staff accounts: the password is the first line of stdin.
  local password="correct horse battery staple"
  expect_exit_in 0 "$password" "$BIN" staff add --org "$org" --email " Ann@Example.ORG" --role editor "${storage[@]}"
  grep -q "^added ann@example.org to $org as editor$" "$WORK/out" || fail "staff add said: $(cat "$WORK/out")"
  expect_exit_in 0 "$password" "$BIN" staff add --org "$org" --email viewer@example.org --role viewer "${storage[@]}"
  expect_exit_in 2 "$password" "$BIN" staff add --org "$org" --email ann@example.org --role admin "${storage[@]}"
  grep -q "already on the organization's staff" "$WORK/err" || fail "duplicate staff: $(cat "$WORK/err")"
  expect_exit_in 2 "$password" "$BIN" staff add --org "$org" --email not-an-email --role admin "${storage[@]}"
  grep -q -- "--email: 'not-an-email' is not an email address" "$WORK/err" || fail "invalid email: $(cat "$WORK/err")"
  expect_exit_in 2 "too short" "$BIN" staff add --org "$org" --email bob@example.org --role admin "${storage[@]}"
  grep -q "password: must be at least 10 characters long (this one has 9)" "$WORK/err" || fail "short password: $(cat "$WORK/err")"
  expect_exit_in 2 "$password" "$BIN" staff add --org no-such-org --email bob@example.org --role admin "${storage[@]}"
  grep -q -- "--org: no organization 'no-such-org'" "$WORK/err" || fail "unknown org: $(cat "$WORK/err")"
  expect_exit_in 2 "$password" "$BIN" staff add --org "$org" --email bob@example.org --role owner "${storage[@]}"
  expect_exit 2 "$BIN" staff add --org "$org" --email bob@example.org --role admin "${storage[@]}" </dev/null
  grep -q "password: standard input is empty" "$WORK/err" || fail "no password: $(cat "$WORK/err")"
  expect_exit 0 "$BIN" staff list --org "$org" "${storage[@]}"
  [[ $(sed -n 1p "$WORK/out") =~ ^EMAIL\ +ROLE\ +CREATED$ ]] || fail "staff list header: $(cat "$WORK/out")"
  [[ $(sed -n 2p "$WORK/out") =~ ^ann@example\.org\ +editor\ +[0-9]{4}-[0-9]{2}-[0-9]{2}\ [0-9]{2}:[0-9]{2}\ UTC$ ]] \
    || fail "staff list row: $(cat "$WORK/out")"
  [[ $(sed -n 3p "$WORK/out") =~ ^viewer@example\.org\ +viewer\  ]] || fail "staff list row: $(cat "$WORK/out")"
  [[ $(wc -l <"$WORK/out") -eq 3 ]] || fail "staff list: $(cat "$WORK/out")"
  expect_exit 2 "$BIN" staff list --org no-such-org "${storage[@]}"
  expect_exit 2 "$BIN" staff remove --org "$org" --email nobody@example.org "${storage[@]}"
  grep -q "nobody@example.org is not on the staff of $org" "$WORK/err" || fail "remove unknown: $(cat "$WORK/err")"

  local status
  "$BIN" serve --host 127.0.0.1 --port 0 "${storage[@]}" >"$WORK/serve.out" 2>"$WORK/serve.err" &
  SERVER_PID=$!
  for _ in $(seq 1 100); do grep -q '^steward-store listening on ' "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
  local url; url=$(sed -n 's/^steward-store listening on //p' "$WORK/serve.out")
  [[ $url =~ ^http://127\.0\.0\.1:[0-9]+$ ]] || fail "no listening line: $(cat "$WORK/serve.out" "$WORK/serve.err")"
  [[ $(wc -l <"$WORK/serve.out") -eq 1 ]] || fail "serve wrote more than the listening line to stdout"

  # A revoked token answers 401 at once, the others go on.
  status=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $doomed" "$url/v1/orgs/$org/changes")
  [[ $status == 200 ]] || fail "changes with the reader token answered $status"
  expect_exit 0 "$BIN" token revoke "$doomed_id" "${storage[@]}"
  grep -q "^revoked token $doomed_id (reader) of $org$" "$WORK/out" || fail "token revoke said: $(cat "$WORK/out")"
  status=$(curl -sS -o "$WORK/body" -w '%{http_code}' -H "Authorization: Bearer $doomed" "$url/v1/orgs/$org/changes")
  [[ $status == 401 ]] && grep -q 'revoked' "$WORK/body" || fail "a revoked token answered $status $(cat "$WORK/body")"
  expect_exit 0 "$BIN" token revoke "$doomed_id" "${storage[@]}"
  grep -q "already revoked" "$WORK/out" || fail "token revoke twice said: $(cat "$WORK/out")"
  expect_exit 0 "$BIN" token list --org "$org" "${storage[@]}"
  grep -Eq "^$doomed_id +reader +.* UTC +[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC\$" "$WORK/out" \
    || fail "token list after revoke: $(cat "$WORK/out")"

  local id=6f1c2e9a-0000-4000-8000-000000000001
  local push='{"clientId":"cli/'$org'","mutations":[
    {"id":1,"entity":"event","recordId":"'$id'","operation":"upsert","baseVersion":0,"fields":{"title":"Vigil","timing":"untimed"}},
    {"id":2,"entity":"event","recordId":"'$id'","operation":"delete","baseVersion":1}]}'
  local answer; answer=$(curl -sS -H "Authorization: Bearer $token" --data "$push" "$url/v1/orgs/$org/push")
  [[ $answer == '{"lastMutationId":2,"results":[{"id":1,"status":"applied","version":1},{"id":2,"status":"applied","version":2}]}' ]] \
    || fail "push answered $answer"

  # Staff sign in over HTTP; removing them ends their session at once.
  local session access
  session=$(curl -sS -H 'Content-Type: application/json' \
    --data '{"email":"ANN@example.org","password":"'"$password"'"}' "$url/v1/orgs/$org/session")
  access=$(sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p' <<<"$session")
  [[ $access =~ ^stwa_[A-Za-z0-9_-]{43}$ ]] || fail "sign-in answered $session"
  status=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $access" "$url/v1/orgs/$org/changes")
  [[ $status == 200 ]] || fail "changes with a staff access token answered $status"
  status=$(curl -sS -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    --data '{"email":"ann@example.org","password":"wrong password"}' "$url/v1/orgs/$org/session")
  [[ $status == 401 ]] || fail "a wrong password answered $status"
  expect_exit 0 "$BIN" staff remove --org "$org" --email ANN@example.org "${storage[@]}"
  grep -q "^removed ann@example.org from $org" "$WORK/out" || fail "staff remove said: $(cat "$WORK/out")"
  status=$(curl -sS -o "$WORK/body" -w '%{http_code}' -H "Authorization: Bearer $access" "$url/v1/orgs/$org/changes")
  [[ $status == 401 ]] && grep -q '"unauthorized"' "$WORK/body" || fail "a removed member's token answered $status $(cat "$WORK/body")"
  expect_exit 0 "$BIN" staff list --org "$org" "${storage[@]}"
  ! grep -q "ann@example.org" "$WORK/out" || fail "staff list after remove: $(cat "$WORK/out")"

  expect_exit 0 "$BIN" dump --org "$org" "${storage[@]}"
  printf '{"deleted":true,"entity":"event","fields":{},"id":"%s","version":2}\n' "$id" >"$WORK/expected.dump"
  cmp -s "$WORK/out" "$WORK/expected.dump" || fail "dump differs: $(cat "$WORK/out")"

  # Calendar feeds: an address with a key, read without a token; 304 while unchanged; a
  # revoked or wrong key answers 404 as a missing calendar does.
  local weekly=6f1c2e9a-0000-4000-8000-000000000002
  answer=$(curl -sS -H "Authorization: Bearer $token" --data '{"clientId":"cli/'$org'","mutations":[
    {"id":3,"entity":"event","recordId":"'$weekly'","operation":"upsert","baseVersion":0,"fields":{"title":"Youth night",
     "timing":"timed","startsAt":"2026-12-02T23:00:00Z","endsAt":"2026-12-03T01:00:00Z","timeZone":"America/Toronto",
     "repeat":"FREQ=WEEKLY;BYDAY=WE","cancelledOccurrences":["2026-12-09T18:00"],"audience":["youth"]}}]}' "$url/v1/orgs/$org/push")
  [[ $answer == *'"status":"applied"'* ]] || fail "pushing a series answered $answer"
  expect_exit 2 "$BIN" calendar-feed create --org no-such-org "${storage[@]}"
  expect_exit 2 "$BIN" calendar-feed create --org "$org" --audience "a, b" "${storage[@]}"
  expect_exit 0 "$BIN" calendar-feed create --org "$org" --audience Youth "${storage[@]}"
  local feed; feed=$(tail -n 1 "$WORK/out" | awk '{print $NF}')
  [[ $feed =~ ^/v1/orgs/$org/calendar\.ics\?key=[A-Za-z0-9_-]{43}$ ]] || fail "calendar-feed create said: $(cat "$WORK/out")"
  local feed_id; feed_id=$(sed -n 's/^calendar feed \([0-9a-f]\{16\}\) .*/\1/p' "$WORK/out")
  status=$(curl -sS -D "$WORK/headers" -o "$WORK/feed.ics" -w '%{http_code}' "$url$feed")
  [[ $status == 200 ]] || fail "the calendar feed answered $status"
  grep -q "^UID:$weekly@steward" "$WORK/feed.ics" && grep -q "^RRULE:FREQ=WEEKLY;BYDAY=WE" "$WORK/feed.ics" \
    && grep -q "^EXDATE;TZID=America/Toronto:20261209T180000" "$WORK/feed.ics" && grep -q "^BEGIN:VTIMEZONE" "$WORK/feed.ics" \
    || fail "the calendar feed holds: $(head -c 600 "$WORK/feed.ics")"
  grep -qi '^content-type: text/calendar' "$WORK/headers" && grep -qi '^last-modified: ' "$WORK/headers" \
    || fail "the calendar feed's headers: $(cat "$WORK/headers")"
  local etag; etag=$(sed -n 's/^[Ee][Tt][Aa][Gg]: \(.*\)\r$/\1/p' "$WORK/headers")
  status=$(curl -sS -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "$url$feed")
  [[ $status == 304 ]] || fail "the calendar feed with its ETag answered $status"
  local modified; modified=$(sed -n 's/^[Ll]ast-[Mm]odified: \(.*\)\r$/\1/p' "$WORK/headers")
  status=$(curl -sS -o /dev/null -w '%{http_code}' -H "If-Modified-Since: $modified" "$url$feed")
  [[ $status == 304 ]] || fail "the calendar feed since its Last-Modified ($modified) answered $status"
  status=$(curl -sS -o "$WORK/body" -w '%{http_code}' "$url/v1/orgs/$org/calendar.ics?key=wrong")
  [[ $status == 404 ]] || fail "a wrong calendar key answered $status"
  expect_exit 0 "$BIN" calendar-feed list --org "$org" --json "${storage[@]}"
  grep -q '"id":"'$feed_id'"' "$WORK/out" && grep -q '"audience":"youth"' "$WORK/out" && grep -q '"revokedAt":null' "$WORK/out" \
    || fail "calendar-feed list said: $(cat "$WORK/out")"
  expect_exit 0 "$BIN" calendar-feed revoke "$feed_id" "${storage[@]}"
  status=$(curl -sS -o "$WORK/revoked" -w '%{http_code}' "$url$feed")
  [[ $status == 404 ]] && cmp -s "$WORK/body" "$WORK/revoked" || fail "a revoked calendar feed answered $status $(cat "$WORK/revoked")"
  expect_exit 2 "$BIN" calendar-feed revoke 0000000000000000 "${storage[@]}"
  # The series goes again: the store's dump is checked empty after the purge below.
  local series_version; series_version=$(sed -n 's/.*"version":\([0-9]*\).*/\1/p' <<<"$answer")
  answer=$(curl -sS -H "Authorization: Bearer $token" --data '{"clientId":"cli/'$org'","mutations":[
    {"id":4,"entity":"event","recordId":"'$weekly'","operation":"delete","baseVersion":'$series_version'}]}' "$url/v1/orgs/$org/push")
  [[ $answer == *'"status":"applied"'* ]] || fail "deleting the series answered $answer"

  status=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "$url/v1/orgs/$org/changes?cursor=s1.1")
  [[ $status == 200 ]] || fail "changes before the purge answered $status"
  expect_exit 0 "$BIN" purge --org "$org" --older-than-seconds 0 "${storage[@]}"
  grep -q '^purged 2 tombstones' "$WORK/out" || fail "purge said: $(cat "$WORK/out")"
  status=$(curl -sS -o "$WORK/body" -w '%{http_code}' -H "Authorization: Bearer $token" "$url/v1/orgs/$org/changes?cursor=s1.1")
  [[ $status == 410 ]] && grep -q '"resync-required"' "$WORK/body" || fail "changes after the purge answered $status $(cat "$WORK/body")"
  expect_exit 0 "$BIN" dump --org "$org" "${storage[@]}"
  [[ ! -s "$WORK/out" ]] || fail "dump after the purge is not empty"

  kill -TERM "$SERVER_PID"
  set +e; wait "$SERVER_PID"; local code=$?; set -e
  SERVER_PID=
  [[ $code -eq 0 ]] || fail "serve exited $code on SIGTERM: $(tail -3 "$WORK/serve.err")"
  echo "ok: $name"
}

expect_exit 0 "$BIN" --help
expect_exit 2 "$BIN" no-such-command
expect_exit 2 "$BIN" serve --sqlite a.sqlite --postgres postgres://postgres@127.0.0.1/x
expect_exit 2 "$BIN" dump --org xy --postgres "mysql://nope"
# The PostgreSQL password from a file: never needed on the command line.
expect_exit 2 "$BIN" dump --org xy --sqlite "$WORK/x.sqlite" --postgres-password-file /dev/null
grep -q -- "--postgres-password-file: only with --postgres" "$WORK/err" || fail "password file without postgres: $(cat "$WORK/err")"
expect_exit 2 "$BIN" dump --org xy --postgres postgres://steward@127.0.0.1:1/x --postgres-password-file "$WORK/no-such-file"
grep -q -- "--postgres-password-file: cannot read" "$WORK/err" || fail "missing password file: $(cat "$WORK/err")"
: >"$WORK/empty-password"
expect_exit 2 "$BIN" dump --org xy --postgres postgres://steward@127.0.0.1:1/x --postgres-password-file "$WORK/empty-password"
grep -q -- "is empty" "$WORK/err" || fail "empty password file: $(cat "$WORK/err")"
# Out-of-range numbers on the command line are refused, not trapped on.
expect_exit 2 "$BIN" serve --tombstone-retention-days 9223372036854775807 --sqlite "$WORK/x.sqlite"
expect_exit 2 "$BIN" serve --access-token-ttl 9223372036854775807 --sqlite "$WORK/x.sqlite"
expect_exit 2 "$BIN" serve --read-timeout 0 --sqlite "$WORK/x.sqlite"
expect_exit 2 "$BIN" serve --idle-timeout 9223372036854775807 --sqlite "$WORK/x.sqlite"
expect_exit 2 "$BIN" serve --max-connections-per-address=-1 --sqlite "$WORK/x.sqlite"
"$BIN" serve --help >"$WORK/help"
for option in --read-timeout --idle-timeout --max-connections-per-address; do
  grep -q -- "$option" "$WORK/help" || fail "serve --help does not list $option"
done
expect_exit 2 "$BIN" purge --org xy --older-than-seconds 9223372036854775807 --sqlite "$WORK/x.sqlite"
# HTTPS in the store: a test CA made here, a certificate for store.test. The right name and CA
# connect; a wrong host name, an unknown CA and plain HTTP are refused.
tls_check() {
  echo "== tls"
  local tls="$WORK/tls"
  mkdir -p "$tls"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Steward test CA" \
    -keyout "$tls/ca.key" -out "$tls/ca.pem" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=store.test" -keyout "$tls/store.key" -out "$tls/store.csr" 2>/dev/null
  # localhost too, for stewardctl, which cannot be pointed at 127.0.0.1 under another name.
  printf 'subjectAltName=DNS:store.test,DNS:localhost\n' >"$tls/ext"
  openssl x509 -req -in "$tls/store.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial -days 2 \
    -extfile "$tls/ext" -out "$tls/store.pem" 2>/dev/null
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=store.test" -addext "subjectAltName=DNS:store.test" \
    -keyout "$tls/other.key" -out "$tls/other.pem" 2>/dev/null

  # An organization, a token and a staff member for the console's part.
  local password="correct horse battery staple"
  expect_exit 0 "$BIN" orgs add tls-org --name "TLS test" --time-zone UTC --sqlite "$WORK/tls.sqlite"
  expect_exit 0 "$BIN" token create --org tls-org --role staff --sqlite "$WORK/tls.sqlite"
  (umask 077; cp "$WORK/out" "$tls/token")
  expect_exit_in 0 "$password" "$BIN" staff add --org tls-org --email ann@example.org --role editor --sqlite "$WORK/tls.sqlite"

  expect_exit 2 "$BIN" serve --port 0 --tls-cert "$tls/store.pem" --sqlite "$WORK/tls.sqlite"
  grep -q -- "--tls-cert and --tls-key: give both" "$WORK/err" || fail "tls without key: $(cat "$WORK/err")"
  expect_exit 2 "$BIN" serve --port 0 --tls-cert "$tls/no-such.pem" --tls-key "$tls/store.key" --sqlite "$WORK/tls.sqlite"
  grep -q -- "--tls-cert: cannot read" "$WORK/err" || fail "tls with a missing certificate: $(cat "$WORK/err")"

  "$BIN" serve --host 127.0.0.1 --port 0 --tls-cert "$tls/store.pem" --tls-key "$tls/store.key" --sqlite "$WORK/tls.sqlite" \
    >"$WORK/serve.out" 2>"$WORK/serve.err" &
  SERVER_PID=$!
  for _ in $(seq 1 100); do grep -q '^steward-store listening on ' "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
  local url; url=$(sed -n 's/^steward-store listening on //p' "$WORK/serve.out")
  [[ $url =~ ^https://127\.0\.0\.1:([0-9]+)$ ]] || fail "no https listening line: $(cat "$WORK/serve.out" "$WORK/serve.err")"
  local port=${BASH_REMATCH[1]}
  local good=(--resolve "store.test:$port:127.0.0.1" --cacert "$tls/ca.pem")
  [[ $(curl -sS "${good[@]}" "https://store.test:$port/health") == '{"status":"ok"}' ]] || fail "https with the right name and CA"
  set +e
  curl -sS --cacert "$tls/ca.pem" "https://127.0.0.1:$port/health" >/dev/null 2>"$WORK/curl.err"; local wrong_name=$?
  curl -sS --resolve "store.test:$port:127.0.0.1" "https://store.test:$port/health" >/dev/null 2>"$WORK/curl2.err"; local unknown_ca=$?
  curl -sS --resolve "store.test:$port:127.0.0.1" --cacert "$tls/other.pem" "https://store.test:$port/health" >/dev/null 2>&1; local other_ca=$?
  curl -sS --max-time 5 "http://127.0.0.1:$port/health" >"$WORK/plain.out" 2>/dev/null; local plain=$?
  set -e
  [[ $wrong_name -ne 0 ]] && grep -qi "name\|subject" "$WORK/curl.err" || fail "a wrong host name was not refused: $(cat "$WORK/curl.err")"
  [[ $unknown_ca -ne 0 ]] && grep -qi "certificate" "$WORK/curl2.err" || fail "an unknown CA was not refused: $(cat "$WORK/curl2.err")"
  [[ $other_ca -ne 0 ]] || fail "a certificate from another CA was accepted"
  ! grep -q '"status"' "$WORK/plain.out" || fail "plain HTTP was answered on the HTTPS port (exit $plain)"
  console_tls_check "$port" "$tls" "$password"
  kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=
  echo "ok: tls (wrong name: $(head -1 "$WORK/curl.err"); unknown CA: $(head -1 "$WORK/curl2.err"))"
}

# The console's side of TLS, against the store tls_check runs on PORT: stewardctl signs in and
# syncs with --ca-file; without it, with another CA or under a wrong host name it is refused,
# saying why and what to pass.
console_tls_check() {
  local port=$1 tls=$2 password=$3
  local ctl; ctl="$(dirname "$BIN")/stewardctl"
  [[ -x "$ctl" ]] || fail "no stewardctl beside $BIN"
  local console=(env STEWARD_CREDENTIALS=file XDG_DATA_HOME="$WORK/console-data" STEWARD_SYNC_ATTEMPTS=1
                 "$ctl" --db "$WORK/console.sqlite")
  expect_exit 0 "${console[@]}" orgs add tls-org --name "TLS test" --time-zone UTC --kind church
  local good="https://localhost:$port"

  # Signing in: refused without the CA, with another CA, and under a name the certificate is not for.
  expect_exit_in 1 "$password" "${console[@]}" sign-in --url "$good" --email ann@example.org
  grep -q "is not trusted: it is not signed by a certificate authority this console trusts" "$WORK/err" \
    && grep -q -- "pass --ca-file" "$WORK/err" || fail "sign-in without the CA: $(cat "$WORK/err")"
  expect_exit_in 1 "$password" "${console[@]}" sign-in --url "$good" --email ann@example.org --ca-file "$tls/other.pem"
  grep -q "is not trusted" "$WORK/err" || fail "sign-in with another CA: $(cat "$WORK/err")"
  expect_exit_in 1 "$password" "${console[@]}" sign-in --url "https://127.0.0.1:$port" --email ann@example.org --ca-file "$tls/ca.pem"
  grep -q "is not trusted: it is not made out to 127.0.0.1" "$WORK/err" || fail "sign-in under a wrong name: $(cat "$WORK/err")"
  expect_exit 1 "${console[@]}" remote show
  # With the CA: signed in, and the sync after it (as background sync would) trusts it too.
  expect_exit_in 0 "$password" "${console[@]}" sign-in --url "$good" --email ann@example.org --ca-file "$tls/ca.pem"
  grep -q "^Signed in to tls-org at $good as ann@example.org (Editor)\.$" "$WORK/out" || fail "sign-in said: $(cat "$WORK/out")"
  expect_exit 0 "${console[@]}" events add --title "Vigil" --untimed
  expect_exit 0 "${console[@]}" sync
  grep -q "^pushed 1, pulled 0, conflicts 0, rejected 0$" "$WORK/out" || fail "sync over TLS said: $(cat "$WORK/out")"

  # An API token read from a file: syncs with the CA, is refused without it.
  expect_exit 0 "${console[@]}" remote set --url "$good" --token-file "$tls/token" --ca-file "$tls/ca.pem"
  expect_exit 0 "${console[@]}" sync
  expect_exit 0 "${console[@]}" remote set --url "$good" --token-file - <"$tls/token"
  expect_exit 1 "${console[@]}" sync
  grep -q "is not trusted" "$WORK/err" && grep -q -- "--ca-file" "$WORK/err" || fail "sync without the CA: $(cat "$WORK/err")"
  ! grep -rqs "$(cat "$tls/token")" "$WORK/console.sqlite" "$WORK/console.sqlite-wal" || fail "the API token is in the console's database"
  echo "ok: console tls ($(head -c 160 "$WORK/err"))"
}

run_backend sqlite --sqlite "$WORK/store.sqlite"
tls_check
if [[ -n "${STEWARD_TEST_POSTGRES_URL:-}" ]]; then
  run_backend postgres --postgres "$STEWARD_TEST_POSTGRES_URL"
else
  echo "skipped: postgres (STEWARD_TEST_POSTGRES_URL is not set)"
fi
echo "cli_test: all passed"
