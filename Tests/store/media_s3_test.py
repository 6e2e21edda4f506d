#!/usr/bin/env python3
"""Media on an S3-compatible object store, over real sockets: steward-store serve --media-s3
against SeaweedFS (Tests/store/seaweedfs.sh; its URL in STEWARD_TEST_S3_URL).

- the options: --media-s3 with --media-dir, a missing or group-readable key file, a bucket that
  does not exist, a wrong secret: each a clear refusal at start (exit 2, or 1 for the object
  store's answer);
- a 12 MB recording uploaded in three chunks (POST, PATCH) with the store killed after the first
  and started again with keys the object store refuses writes with: HEAD still says where the
  upload is, the next chunk answers 503 naming the object store and what it said (never the
  secret), the offset stays, and the store keeps answering; started again with good keys it
  takes the rest, and the file is one object in the bucket (no parts left);
- the file from its public address: whole, in ranges (206), HEAD, ETag and 304;
- a PNG gets its thumbnail (a JPEG: it is opaque); DELETE makes the item 404 and its objects leave the bucket.

Usage: media_s3_test.py --bin .build/debug/steward-store  (STEWARD_TEST_S3_URL set)
"""
import argparse
import hashlib
import json
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time
import re
import urllib.error
import urllib.parse
import urllib.request
import uuid
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Seaweedfs.sh's identities: one that writes, one that may only read and list.
WRITER = ("steward-test", "steward-test-secret")
READER = ("steward-reader", "steward-reader-secret")
EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

failures = []


def check(condition, message):
    if condition:
        print(f"ok: {message}")
    else:
        print(f"FAILED: {message}")
        failures.append(message)


def s3(url, method="GET", keys=WRITER):
    """A request signed by curl (AWS SigV4): status and body."""
    out = subprocess.run(["curl", "-s", "-X", method, "--aws-sigv4", "aws:amz:us-east-1:s3", "--user", ":".join(keys),
                          "-H", f"x-amz-content-sha256: {EMPTY_SHA256}", "-w", "\n%{http_code}", url],
                         capture_output=True, timeout=60)
    body, _, status = out.stdout.rpartition(b"\n")
    return int(status or 0), body


def bucket_keys(endpoint, bucket, prefix):
    status, body = s3(f"{endpoint}/{bucket}?list-type=2&prefix={urllib.parse.quote(prefix, safe='')}")
    if status != 200:
        sys.exit(f"media_s3_test: listing the bucket answered {status}: {body[:200]!r}")
    return sorted(re.findall(r"<Key>([^<]*)</Key>", body.decode()))


def write_keys(path, keys, mode=0o600):
    with open(path, "w") as f:
        f.write(f"access_key_id={keys[0]}\nsecret_access_key={keys[1]}\n")
    os.chmod(path, mode)


def mp3(size):
    """An MP3 (ID3 tag, then 128 kbit/s frames) of about `size` bytes, with random frame bodies so
    that every range read is of different bytes."""
    data = bytearray(b"ID3\x03\x00\x00\x00\x00\x00\x00")
    while len(data) < size:
        data += b"\xff\xfb\x90\x64" + os.urandom(413)
    return bytes(data)


def png(width, height):
    """A plain RGB PNG (a gradient) gdk-pixbuf decodes."""
    rows = b"".join(b"\x00" + b"".join(bytes((x * 255 // width, y * 255 // height, 128)) for x in range(width))
                    for y in range(height))

    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def request(base, method, path, token=None, data=None, headers=None):
    headers = dict(headers or {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=data, method=method.upper(), headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            return resp.status, resp.read(), resp.headers
    except urllib.error.HTTPError as err:
        return err.code, err.read(), err.headers


class Store:
    def __init__(self, binary, workdir):
        self.binary = binary
        self.db = os.path.join(workdir, "store.sqlite")
        self.log = os.path.join(workdir, "store.log")
        self.proc = None
        self.base = None

    def tool(self, *args, stdin=""):
        out = subprocess.run([self.binary, *args, "--sqlite", self.db], capture_output=True, text=True, timeout=60, input=stdin)
        if out.returncode != 0:
            sys.exit(f"media_s3_test: steward-store {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
        return out.stdout.strip()

    def serve_once(self, *media):
        """Runs serve until it listens or exits: (exit code or None, stderr so far)."""
        return subprocess.run([self.binary, "serve", "--host", "127.0.0.1", "--port", "0", "--sqlite", self.db, *media],
                              capture_output=True, text=True, timeout=60)

    def start(self, *media):
        with open(self.log, "a") as log:
            self.proc = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", "0", "--sqlite", self.db,
                                          *media], stdout=subprocess.PIPE, stderr=log, text=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                with open(self.log) as f:
                    sys.exit(f"media_s3_test: steward-store serve exited before listening: {f.read()[-1000:]}")
            if line.startswith("steward-store listening on "):
                self.base = line.split(" on ", 1)[1].strip()
                return
        sys.exit("media_s3_test: steward-store serve did not report listening in time")

    def kill(self):
        """As a crash would: no shutdown."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def check_options(store, endpoint, bucket, workdir, keys_file):
    """Refusals at start: nothing listens, the message says what to fix."""
    both = store.serve_once("--media-s3", endpoint, "--media-s3-bucket", bucket, "--media-s3-key-file", keys_file,
                            "--media-dir", os.path.join(workdir, "media"))
    check(both.returncode == 2 and "--media-s3 and --media-dir" in both.stderr,
          f"--media-s3 with --media-dir is a usage error (exit {both.returncode}: {both.stderr.strip()})")
    missing = store.serve_once("--media-s3", endpoint, "--media-s3-bucket", bucket,
                               "--media-s3-key-file", os.path.join(workdir, "no-such-keys"))
    check(missing.returncode == 2 and "--media-s3-key-file" in missing.stderr and "no-such-keys" in missing.stderr,
          f"a missing key file is named (exit {missing.returncode}: {missing.stderr.strip()})")
    open_keys = os.path.join(workdir, "open-keys")
    write_keys(open_keys, WRITER, mode=0o644)
    readable = store.serve_once("--media-s3", endpoint, "--media-s3-bucket", bucket, "--media-s3-key-file", open_keys)
    check(readable.returncode == 2 and "chmod 600" in readable.stderr,
          f"a key file others can read is refused (exit {readable.returncode}: {readable.stderr.strip()})")
    nobucket = store.serve_once("--media-s3", endpoint, "--media-s3-bucket", "no-such-bucket-here",
                                "--media-s3-key-file", keys_file)
    check(nobucket.returncode == 1 and "no-such-bucket-here" in nobucket.stderr and "404" in nobucket.stderr,
          f"a bucket that does not exist is said at start (exit {nobucket.returncode}: {nobucket.stderr.strip()})")
    wrong_keys = os.path.join(workdir, "wrong-keys")
    write_keys(wrong_keys, (WRITER[0], "not-the-secret"))
    wrong = store.serve_once("--media-s3", endpoint, "--media-s3-bucket", bucket, "--media-s3-key-file", wrong_keys)
    check(wrong.returncode == 1 and "403" in wrong.stderr and "keys are refused" in wrong.stderr
          and "not-the-secret" not in wrong.stderr,
          f"keys the object store refuses are said at start, the secret not shown (exit {wrong.returncode}: {wrong.stderr.strip()})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="steward-store binary")
    args = parser.parse_args()
    endpoint = os.environ.get("STEWARD_TEST_S3_URL", "").rstrip("/")
    if not endpoint:
        sys.exit("media_s3_test: STEWARD_TEST_S3_URL is not set; run `export STEWARD_TEST_S3_URL=$(Tests/store/seaweedfs.sh)` first")
    # A bucket of this run's own.
    bucket = f"steward-media-{uuid.uuid4().hex[:12]}"
    status, body = s3(f"{endpoint}/{bucket}", method="PUT")
    if status != 200:
        sys.exit(f"media_s3_test: making the bucket answered {status}: {body[:200]!r}")

    slug = "s3-check"
    with tempfile.TemporaryDirectory(prefix="steward-s3-") as workdir:
        keys_file, reader_file = os.path.join(workdir, "keys"), os.path.join(workdir, "reader-keys")
        write_keys(keys_file, WRITER)
        write_keys(reader_file, READER)
        media = ["--media-s3", endpoint, "--media-s3-bucket", bucket, "--media-s3-key-file", keys_file]
        refusing = ["--media-s3", endpoint, "--media-s3-bucket", bucket, "--media-s3-key-file", reader_file]
        store = Store(args.bin, workdir)
        store.tool("orgs", "add", slug, "--name", "S3 check", "--time-zone", "America/Toronto")
        token = store.tool("token", "create", "--org", slug, "--role", "admin")
        check_options(store, endpoint, bucket, workdir, keys_file)
        try:
            run(store, media, refusing, endpoint, bucket, slug, token)
        finally:
            store.stop()
        with open(store.log) as f:
            log = f.read()
        check(WRITER[1] not in log and READER[1] not in log, "the store's log never holds a secret key")

    if failures:
        print(f"media_s3_test: {len(failures)} failed", file=sys.stderr)
        return 1
    print("media_s3_test: all checks passed")
    return 0


def run(store, media, refusing, endpoint, bucket, slug, token):
    recording = mp3(12_000_000)
    chunks = [recording[:6_000_000], recording[6_000_000:9_000_000], recording[9_000_000:]]
    media_id = str(uuid.uuid4())
    item_path = f"/v1/orgs/{slug}/media/{media_id}"
    patch = {"Content-Type": "application/offset+octet-stream"}

    store.start(*media)
    declaration = json.dumps({"id": media_id, "fileName": "Easter vigil.mp3", "size": len(recording),
                              "sha256": hashlib.sha256(recording).hexdigest(), "durationSeconds": 750}).encode()
    status, body, _ = request(store.base, "post", f"/v1/orgs/{slug}/media", token, declaration,
                              {"Content-Type": "application/json"})
    check(status == 201, f"the recording is declared (answered {status})")
    status, body, headers = request(store.base, "patch", item_path, token, chunks[0], {**patch, "Upload-Offset": "0"})
    check(status == 204 and headers.get("Upload-Offset") == "6000000",
          f"the first chunk is taken (answered {status}, Upload-Offset {headers.get('Upload-Offset')})")
    parts = bucket_keys(endpoint, bucket, f"{slug}/{media_id}/")
    check(parts == [f"{slug}/{media_id}/upload.parts/0000000000000000"], f"the chunk is one part object in the bucket: {parts}")

    # Killed, and started with keys the object store refuses writes with.
    store.kill()
    store.start(*refusing)
    status, _, headers = request(store.base, "head", item_path, token)
    check(status == 200 and headers.get("Upload-Offset") == "6000000",
          f"after a restart HEAD says where the upload is (answered {status}, Upload-Offset {headers.get('Upload-Offset')})")
    status, body, headers = request(store.base, "patch", item_path, token, chunks[1], {**patch, "Upload-Offset": "6000000"})
    message = json.loads(body or b"{}").get("message", "") if body.startswith(b"{") else body.decode(errors="replace")
    check(status == 503 and "media object store" in message and "AccessDenied" in message and bucket in message,
          f"a chunk the object store refuses answers 503 naming it and what it said (answered {status}: {message})")
    check(READER[1] not in message, "the refusal does not show the secret key")
    status, _, headers = request(store.base, "head", item_path, token)
    check(status == 200 and headers.get("Upload-Offset") == "6000000",
          f"the refused chunk left the offset where it was (Upload-Offset {headers.get('Upload-Offset')})")

    store.kill()
    store.start(*media)
    status, body, headers = request(store.base, "patch", item_path, token, chunks[1], {**patch, "Upload-Offset": "6000000"})
    check(status == 204 and headers.get("Upload-Offset") == "9000000",
          f"with keys that may write, the chunk is taken (answered {status}, Upload-Offset {headers.get('Upload-Offset')})")
    status, body, _ = request(store.base, "patch", item_path, token, chunks[2], {**patch, "Upload-Offset": "9000000"})
    item = json.loads(body) if status == 200 else {}
    check(status == 200 and item.get("state") == "ready" and item.get("contentType") == "audio/mpeg",
          f"the last chunk finishes the recording (answered {status}: {body[:300]!r})")
    objects = bucket_keys(endpoint, bucket, f"{slug}/{media_id}/")
    check(objects == [f"{slug}/{media_id}/full"], f"the bucket holds the file as one object, no parts left: {objects}")

    url = item.get("url", "/media/none/x.mp3")
    status, body, headers = request(store.base, "get", url)
    tag = f'"{hashlib.sha256(recording).hexdigest()}"'
    check(status == 200 and body == recording and headers.get("ETag") == tag
          and headers.get("Content-Type") == "audio/mpeg" and headers.get("Content-Length") == str(len(recording)),
          f"GET serves the whole recording from the object store ({status}, {len(body)} bytes)")
    for first, last in ((0, 99), (5_999_990, 6_000_009), (8_388_600, 8_388_700), (len(recording) - 50, len(recording) - 1)):
        status, body, headers = request(store.base, "get", url, headers={"Range": f"bytes={first}-{last}"})
        check(status == 206 and body == recording[first:last + 1]
              and headers.get("Content-Range") == f"bytes {first}-{last}/{len(recording)}",
              f"bytes {first}-{last} answer 206 with those bytes ({status}, {headers.get('Content-Range')})")
    status, body, headers = request(store.base, "get", url, headers={"Range": "bytes=-1000"})
    check(status == 206 and body == recording[-1000:], f"a suffix range answers the last bytes ({status})")
    status, body, headers = request(store.base, "get", url, headers={"Range": f"bytes={len(recording)}-"})
    check(status == 416 and headers.get("Content-Range") == f"bytes */{len(recording)}", f"a range past the end answers 416 ({status})")
    status, body, headers = request(store.base, "head", url)
    check(status == 200 and body == b"" and headers.get("Content-Length") == str(len(recording)) and headers.get("ETag") == tag,
          f"HEAD answers the size and tag without a body ({status}, {headers.get('Content-Length')})")
    status, body, _ = request(store.base, "get", url, headers={"If-None-Match": tag})
    check(status == 304 and body == b"", f"If-None-Match with the tag answers 304 ({status})")

    picture = png(640, 400)
    photo_id = str(uuid.uuid4())
    declaration = json.dumps({"id": photo_id, "fileName": "Choir.png", "size": len(picture),
                              "sha256": hashlib.sha256(picture).hexdigest()}).encode()
    request(store.base, "post", f"/v1/orgs/{slug}/media", token, declaration, {"Content-Type": "application/json"})
    status, body, _ = request(store.base, "patch", f"/v1/orgs/{slug}/media/{photo_id}", token, picture,
                              {**patch, "Upload-Offset": "0"})
    photo = json.loads(body) if status == 200 else {}
    thumb = (photo.get("renditions") or {}).get("thumb", "/media/none/thumb.png")
    status, body, headers = request(store.base, "get", thumb)
    # An opaque PNG is cleaned into a JPEG (docs/media.md, "Privacy").
    check(status == 200 and body.startswith(b"\xff\xd8") and headers.get("Content-Type") == "image/jpeg",
          f"the image's thumbnail is served from the object store ({status}, {headers.get('Content-Type')})")
    photo_objects = bucket_keys(endpoint, bucket, f"{slug}/{photo_id}/")
    check(photo_objects == [f"{slug}/{photo_id}/{name}" for name in ("full", "thumb", "w1280")]
          or photo_objects == [f"{slug}/{photo_id}/{name}" for name in ("full", "thumb")],
          f"the image is kept cleaned with its renditions, the original gone: {photo_objects}")

    status, _, _ = request(store.base, "delete", item_path, token)
    check(status == 204, f"DELETE removes the recording ({status})")
    status, _, _ = request(store.base, "get", url)
    check(status == 404, f"the removed recording answers 404 ({status})")
    objects = bucket_keys(endpoint, bucket, f"{slug}/{media_id}/")
    check(objects == [], f"the recording's objects are gone from the bucket: {objects}")


if __name__ == "__main__":
    sys.exit(main())
