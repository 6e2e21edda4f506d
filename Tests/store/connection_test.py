#!/usr/bin/env python3
"""The store's connections against clients that misbehave, over raw sockets on loopback.

Starts `steward-store serve` on 127.0.0.1 with a temporary SQLite database, short timeouts
(--read-timeout 2, --idle-timeout 6), --max-connections-per-address 40 and a limit of 256
open files (so a flood that the store let through would leave it unable to accept anyone),
then checks:

- malformed chunked bodies (chunk sizes `zz`, `-5`, `FFFFFFFFFFFFFFFFFF`) on
  POST /v1/orgs/{org}/session are answered 400, and nothing is logged at error level;
- 300 sockets from 127.0.0.1 that send half a request head: the store holds at most 40 of
  them and closes the rest at once; GET /health from 127.0.0.2 still answers while they are
  open; the 40 are closed once the read timeout has passed;
- a request whose body stops half way is closed after the read timeout, without an error log;
- a kept-alive connection is still open when the read timeout has passed (it is idle, not
  half-sent) and is closed after the idle timeout.

Usage: Tests/store/connection_test.py [--bin PATH]
The binary defaults to $STEWARD_STORE_BIN, else the newest of .build-store/debug and
.build/debug. Exit status 0 when every check passes, 1 otherwise.
"""
import argparse
import os
import re
import resource
import select
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

READ_TIMEOUT = 2
IDLE_TIMEOUT = 6
PER_ADDRESS = 40
FLOOD = 300
OPEN_FILES = 256
# Generous: the machine may be busy with builds; a timer fires late, never early.
SLACK = 15

failures = []


def check(condition, message):
    if condition:
        print(f"ok: {message}")
    else:
        print(f"FAIL: {message}")
        failures.append(message)


def find_binary(explicit):
    if explicit:
        return explicit
    if os.environ.get("STEWARD_STORE_BIN"):
        return os.environ["STEWARD_STORE_BIN"]
    candidates = [os.path.join(ROOT, d, "debug", "steward-store") for d in (".build-store", ".build")]
    existing = [c for c in candidates if os.path.exists(c)]
    if not existing:
        sys.exit("connection_test: no steward-store binary; build it or pass --bin")
    return max(existing, key=os.path.getmtime)


def limit_open_files():
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))


def serve(binary, db, log):
    proc = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", "--sqlite", db,
                             "--read-timeout", str(READ_TIMEOUT), "--idle-timeout", str(IDLE_TIMEOUT),
                             "--max-connections-per-address", str(PER_ADDRESS)],
                            stdout=subprocess.PIPE, stderr=log, text=True, preexec_fn=limit_open_files)
    deadline = time.time() + 60
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        match = re.match(r"steward-store listening on http://127\.0\.0\.1:(\d+)", line)
        if match:
            return proc, int(match.group(1))
    proc.kill()
    sys.exit("connection_test: steward-store serve did not report listening")


def connect(port, source="127.0.0.1"):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    return sock


def read_response(sock, timeout=10):
    """Everything the store sends until it closes (or `timeout`), as bytes."""
    sock.settimeout(timeout)
    data = b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
            if b"\r\n\r\n" in data:
                head, _, body = data.partition(b"\r\n\r\n")
                length = re.search(rb"(?i)content-length:\s*(\d+)", head)
                if length and len(body) >= int(length.group(1)):
                    break
    except (socket.timeout, ConnectionResetError):
        pass
    return data


def status(data):
    match = re.match(rb"HTTP/1\.1 (\d{3})", data)
    return int(match.group(1)) if match else None


def is_closed(sock):
    """Whether the store closed `sock` (read end at EOF or reset), without waiting."""
    readable, _, _ = select.select([sock], [], [], 0)
    if not readable:
        return False
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except (ConnectionResetError, OSError):
        return True


def wait_closed(socks, seconds):
    """Waits until every socket of `socks` is closed, or `seconds` pass; answers how many are open."""
    deadline = time.time() + seconds
    while True:
        still = [s for s in socks if not is_closed(s)]
        if not still or time.time() > deadline:
            return len(still)
        time.sleep(0.2)


def health(port, source):
    try:
        sock = connect(port, source)
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: store\r\nConnection: close\r\n\r\n")
        answer = read_response(sock, timeout=10)
        sock.close()
        return status(answer)
    except OSError as error:
        return f"no answer ({error})"


def error_lines(log_path):
    with open(log_path, encoding="utf-8", errors="replace") as log:
        return [line.strip() for line in log if re.match(r"^\S+ (error|critical) ", line)]


def malformed_chunks(port, log_path):
    for size in ("zz", "-5", "FFFFFFFFFFFFFFFFFF"):
        sock = connect(port, "127.0.0.5")
        body = b'{"email": "a@b.example", "password": "x"}'
        sock.sendall(b"POST /v1/orgs/nosuch-org/session HTTP/1.1\r\nHost: store\r\n"
                     b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                     + size.encode() + b"\r\n" + body + b"\r\n0\r\n\r\n")
        answer = read_response(sock)
        sock.close()
        check(status(answer) == 400, f"chunk size {size!r}: answered {status(answer)} (want 400): {answer[:200]!r}")
    check(error_lines(log_path) == [], f"malformed chunks logged nothing at error level: {error_lines(log_path)}")


def half_head_flood(port):
    socks = []
    for _ in range(FLOOD):
        try:
            sock = connect(port)
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: sto")
            socks.append(sock)
        except OSError:
            # Refused or reset at once: what the cap is for.
            pass
    started = time.time()
    # The sockets over the cap are closed as soon as they are accepted.
    deadline = started + SLACK
    while time.time() < deadline and sum(1 for s in socks if not is_closed(s)) > PER_ADDRESS:
        time.sleep(0.1)
    held = sum(1 for s in socks if not is_closed(s))
    check(held <= PER_ADDRESS, f"{FLOOD} half-sent heads from one address: {held} held open (cap {PER_ADDRESS})")
    answered = health(port, "127.0.0.2")
    check(answered == 200, f"GET /health from another address under the flood answered {answered}")
    left = wait_closed(socks, READ_TIMEOUT + SLACK)
    check(left == 0, f"half-sent heads closed after the read timeout ({left} still open)")
    for sock in socks:
        sock.close()


def half_body(port, log_path):
    before = len(error_lines(log_path))
    sock = connect(port, "127.0.0.4")
    sock.sendall(b"POST /v1/orgs/nosuch-org/session HTTP/1.1\r\nHost: store\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\": ")
    left = wait_closed([sock], READ_TIMEOUT + SLACK)
    check(left == 0, "a body that stops half way is closed after the read timeout")
    sock.close()
    time.sleep(0.5)
    check(len(error_lines(log_path)) == before, f"the closed half body logged nothing at error level: {error_lines(log_path)[before:]}")


def idle_keep_alive(port):
    sock = connect(port, "127.0.0.3")
    sock.sendall(b"GET /health HTTP/1.1\r\nHost: store\r\n\r\n")
    answer = read_response(sock)
    check(status(answer) == 200, f"a kept-alive request answered {status(answer)}")
    answered_at = time.time()
    # Past the read timeout, short of the idle timeout: idle, not half-sent, so still open.
    time.sleep(max(0.0, READ_TIMEOUT + 1 - (time.time() - answered_at)))
    check(not is_closed(sock), "an idle kept-alive connection outlives the read timeout")
    left = wait_closed([sock], IDLE_TIMEOUT + SLACK)
    check(left == 0, "an idle kept-alive connection is closed after the idle timeout")
    sock.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", help="the steward-store binary")
    args = parser.parse_args()
    binary = find_binary(args.bin)
    with tempfile.TemporaryDirectory(prefix="steward-connections-") as folder:
        log_path = os.path.join(folder, "store.log")
        with open(log_path, "w") as log:
            proc, port = serve(binary, os.path.join(folder, "store.sqlite"), log)
            try:
                malformed_chunks(port, log_path)
                half_head_flood(port)
                half_body(port, log_path)
                idle_keep_alive(port)
                answered = health(port, "127.0.0.1")
                check(answered == 200, f"GET /health from the flooding address afterwards answered {answered}")
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
        errors = error_lines(log_path)
        check(errors == [], f"nothing logged at error level: {errors}")
    if failures:
        print(f"connection_test: {len(failures)} check(s) failed")
        return 1
    print("connection_test: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
