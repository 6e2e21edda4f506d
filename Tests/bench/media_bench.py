#!/usr/bin/env python3
"""Media through the store, against the plainest tools doing the same work in the same run
(issue 27's figures):

1. Uploading recordings: `stewardctl sync` sending the console's waiting files (declared, then
   sent in chunks, resumable) against `curl` sending the same bytes to the same store with the
   same protocol, one request per 64 MB chunk (the most the store takes). The sync runs twice:
   with its own 4 MB chunks, and with 64 MB ones, so what the chunk size costs is told apart
   from what the console costs.
2. Serving ranges: 1,000 requests for random 64 KB ranges of a recording, from the store's
   public address and from nginx serving the same file from disk, each over one kept-alive
   connection and over 8 at once (wrk, a Lua script choosing the ranges).

Prints each figure with its baseline and the ratio. `--record FILE` appends them to FILE
(docs/performance.md) with the date and the machine's load.

Usage: Tests/bench/media_bench.py [--bin-dir .build/debug] [--megabytes 1024] [--record FILE]
"""
import argparse
import datetime
import hashlib
import http.client
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from store_load import Failure, StaticServer, load, machine  # noqa: E402

SLUG = "grace-church"
FRAME = b"\xff\xfb\x90\x64" + bytes(413)  # MPEG-1 Layer III, 128 kbit/s: 417 bytes, 26 ms


def recording(path, size, seed):
    """An MP3 of about `size` bytes: an ID3 tag, then frames whose padding differs per file
    (so no two files have the same SHA-256)."""
    frame = FRAME[:4] + bytes([seed % 256]) + FRAME[5:]
    block = frame * 2400  # about 1 MB
    with open(path, "wb") as f:
        f.write(b"ID3\x03" + bytes(6))
        written = 10
        while written < size:
            f.write(block)
            written += len(block)


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


class Rig:
    """A store with the organization, and consoles connected to it."""

    def __init__(self, bin_dir, workdir):
        self.bin_dir, self.workdir = bin_dir, workdir
        self.db = os.path.join(workdir, "store.sqlite")
        self.media = os.path.join(workdir, "store-media")
        self.storage = ["--sqlite", self.db]
        self.tool("orgs", "add", SLUG, "--name", "Grace Community Church")
        self.token = self.tool("token", "create", "--org", SLUG, "--role", "staff").splitlines()[-1].strip()
        self.process = subprocess.Popen(
            [os.path.join(bin_dir, "steward-store"), "serve", "--host", "127.0.0.1", "--port", "0",
             "--media-dir", self.media, *self.storage],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("steward-store listening on "):
            raise Failure("steward-store serve did not report listening: %r" % line)
        self.base = line.split(" on ", 1)[1].strip()
        self.port = int(self.base.rsplit(":", 1)[1])

    def tool(self, *args):
        out = subprocess.run([os.path.join(self.bin_dir, "steward-store"), *args, *self.storage],
                             capture_output=True, text=True, timeout=120, input="")
        if out.returncode != 0:
            raise Failure("steward-store %s: %s" % (" ".join(args), out.stderr.strip()))
        return out.stdout.strip()

    def console(self, name):
        db = os.path.join(self.workdir, name + ".sqlite")
        env = dict(os.environ, STEWARD_CREDENTIALS="file", XDG_DATA_HOME=os.path.join(self.workdir, name + "-data"),
                   LANGUAGE="en")

        def ctl(*args, extra_env=None):
            out = subprocess.run([os.path.join(self.bin_dir, "stewardctl"), "--db", db, *args], capture_output=True,
                                 text=True, timeout=3600, input="", env=dict(env, **(extra_env or {})))
            if out.returncode != 0:
                raise Failure("stewardctl %s: %s" % (" ".join(args), out.stderr.strip()))
            return out.stdout
        ctl("orgs", "add", SLUG, "--name", "Grace Community Church", "--time-zone", "America/Chicago", "--kind", "church")
        ctl("remote", "set", "--url", self.base, "--token", self.token, "--org", SLUG)
        return ctl

    def request(self, method, path, body=None, headers=None, connection=None):
        own = connection is None
        connection = connection or http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        all_headers = {"Authorization": "Bearer " + self.token, **(headers or {})}
        connection.request(method, path, body=body, headers=all_headers)
        answer = connection.getresponse()
        data = answer.read()
        if own:
            connection.close()
        return answer.status, data

    def stop(self):
        self.process.terminate()
        self.process.wait(20)


def upload_with_curl(rig, files, chunk):
    """Declares each file, then sends it with one `curl` per chunk (cut beforehand, not timed)."""
    work = []
    for path in files:
        media_id = str(uuid.uuid4())
        declaration = {"id": media_id, "fileName": os.path.basename(path), "size": os.path.getsize(path),
                       "sha256": sha256(path)}
        pieces = []
        with open(path, "rb") as f:
            offset = 0
            for index, data in enumerate(iter(lambda: f.read(chunk), b"")):
                piece = "%s.curl%03d" % (path, index)
                with open(piece, "wb") as out:
                    out.write(data)
                pieces.append((offset, piece))
                offset += len(data)
        work.append((media_id, declaration, pieces))
    started = time.perf_counter()
    for media_id, declaration, pieces in work:
        status, body = rig.request("POST", "/v1/orgs/%s/media" % SLUG, json.dumps(declaration),
                                   {"Content-Type": "application/json"})
        if status != 201:
            raise Failure("declaring for curl answered %d: %r" % (status, body[:200]))
        for offset, piece in pieces:
            out = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PATCH",
                                  "-H", "Authorization: Bearer " + rig.token,
                                  "-H", "Content-Type: application/offset+octet-stream",
                                  "-H", "Upload-Offset: %d" % offset, "-H", "Expect:",
                                  "--data-binary", "@" + piece,
                                  "%s/v1/orgs/%s/media/%s" % (rig.base, SLUG, media_id)],
                                 capture_output=True, text=True)
            if out.stdout not in ("200", "204"):
                raise Failure("curl's chunk answered %s: %s" % (out.stdout, out.stderr))
    elapsed = time.perf_counter() - started
    for _, _, pieces in work:
        for _, piece in pieces:
            os.remove(piece)
    return elapsed


def upload_with_sync(rig, files, name, chunk=None):
    ctl = rig.console(name)
    for path in files:
        ctl("media", "add", "--org", SLUG, path)
    started = time.perf_counter()
    out = ctl("sync", "--org", SLUG, extra_env={"STEWARD_SYNC_MEDIA_CHUNK": str(chunk)} if chunk else None)
    elapsed = time.perf_counter() - started
    if "files uploaded %d" % len(files) not in out:
        raise Failure("the sync did not upload every file: %r" % out)
    return elapsed, ctl


RANGES_LUA = """\
local size = %d
math.randomseed(7)
request = function()
  local first = math.random(0, size - 65537)
  return wrk.format("GET", "%s", {["Range"] = "bytes=" .. first .. "-" .. (first + 65535)})
end
"""


def ranged_sequential(port, path, size, count, seed=7):
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    started = time.perf_counter()
    for _ in range(count):
        first = rng.randrange(0, size - 65536)
        connection.request("GET", path, headers={"Range": "bytes=%d-%d" % (first, first + 65535)})
        answer = connection.getresponse()
        body = answer.read()
        if answer.status != 206 or len(body) != 65536:
            raise Failure("a range answered %d with %d bytes" % (answer.status, len(body)))
    connection.close()
    return time.perf_counter() - started


def ranged_wrk(base, path, size, workdir, seconds=5):
    script = os.path.join(workdir, "ranges-%s.lua" % uuid.uuid4().hex[:6])
    with open(script, "w") as f:
        f.write(RANGES_LUA % (size, path))
    out = subprocess.run(["wrk", "-c", "8", "-t", "2", "-d", "%ds" % seconds, "-s", script, base + path],
                         capture_output=True, text=True, timeout=seconds + 60)
    import re
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out.stdout).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out.stdout)
    return rate, int(bad.group(1)) if bad else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin-dir", default=".build/debug")
    parser.add_argument("--megabytes", type=int, default=1024, help="total size of the recordings uploaded")
    parser.add_argument("--files", type=int, default=4, help="how many recordings share that size")
    parser.add_argument("--requests", type=int, default=1000, help="ranged requests one after another")
    parser.add_argument("--record", help="append the figures to this file")
    args = parser.parse_args()
    bin_dir = os.path.abspath(args.bin_dir)
    rows = []
    with tempfile.TemporaryDirectory(prefix="steward-media-bench-") as workdir:
        files = []
        each = args.megabytes * 1_000_000 // args.files
        for index in range(args.files):
            path = os.path.join(workdir, "Sermon %d.mp3" % (index + 1))
            recording(path, each, index + 1)
            files.append(path)
        total = sum(os.path.getsize(p) for p in files)
        rig = Rig(bin_dir, workdir)
        try:
            curl_seconds = upload_with_curl(rig, files, 64 * 1024 * 1024)
            sync_seconds, ctl = upload_with_sync(rig, files, "a")
            sync64_seconds, _ = upload_with_sync(rig, files, "b", chunk=64 * 1024 * 1024)
            mb = total / 1e6
            rows.append(("upload %.0f MB: sync, 4 MB chunks" % mb, "%.1f s (%.0f MB/s)" % (sync_seconds, mb / sync_seconds),
                         "curl %.1f s (%.0f MB/s)" % (curl_seconds, mb / curl_seconds), curl_seconds / sync_seconds))
            rows.append(("upload %.0f MB: sync, 64 MB chunks" % mb, "%.1f s (%.0f MB/s)" % (sync64_seconds, mb / sync64_seconds),
                         "curl %.1f s (%.0f MB/s)" % (curl_seconds, mb / curl_seconds), curl_seconds / sync64_seconds))

            listed = json.loads(ctl("media", "list", "--org", SLUG, "--json"))
            items = listed if isinstance(listed, list) else listed.get("items", [])
            first = next(i for i in items if i["fileName"] == os.path.basename(files[0]))
            path = "/" + first["url"].split("/", 3)[3]
            size = first["size"]
            nginx = StaticServer(workdir, {})
            try:
                os.makedirs(os.path.dirname(os.path.join(nginx.root, path.lstrip("/"))), exist_ok=True)
                os.link(files[0], os.path.join(nginx.root, path.lstrip("/")))
                store_seq = ranged_sequential(rig.port, path, size, args.requests)
                nginx_seq = ranged_sequential(nginx.port, path, size, args.requests)
                rows.append(("%d ranges of 64 KB, one connection" % args.requests,
                             "%.2f s (%.0f/s)" % (store_seq, args.requests / store_seq),
                             "nginx %.2f s (%.0f/s)" % (nginx_seq, args.requests / nginx_seq), nginx_seq / store_seq))
                store_rate, store_bad = ranged_wrk(rig.base, path, size, workdir)
                nginx_rate, nginx_bad = ranged_wrk(nginx.base, path, size, workdir)
                if store_bad or nginx_bad:
                    raise Failure("ranges answered other than 206: store %d, nginx %d" % (store_bad, nginx_bad))
                rows.append(("ranges of 64 KB, 8 connections (wrk)", "%.0f/s" % store_rate, "nginx %.0f/s" % nginx_rate,
                             store_rate / nginx_rate))
            finally:
                nginx.stop()
        finally:
            rig.stop()
    lines = ["| figure | Steward | baseline | ratio |", "|---|---|---|---|"]
    lines += ["| %s | %s | %s | %.2f |" % row for row in rows]
    table = "\n".join(lines)
    print(table)
    if args.record:
        with open(args.record, "a") as f:
            f.write("\n### Media: uploads and ranges, %s\n\n%s, load %s, binaries from %s.\n\n%s\n"
                    % (datetime.date.today().isoformat(), machine(), load(), args.bin_dir, table))


if __name__ == "__main__":
    try:
        main()
    except Failure as error:
        sys.exit("media bench: %s" % error)
