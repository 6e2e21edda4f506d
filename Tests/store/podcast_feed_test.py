#!/usr/bin/env python3
"""Checks the podcast feed with a parser the store does not share code with: Python's feedparser.

Starts `steward-store serve --port 0` on loopback with a temporary SQLite database, makes an
organization and an admin token with the tool itself, pushes podcast settings and messages
(published with audio, a draft, a scheduled one, one without audio) through
/v1/orgs/{org}/push, fetches /v1/orgs/{org}/podcast.xml without a token, and asserts that
feedparser reads it without complaint (`bozo` false), with exactly the published messages that
have audio, newest first, each with an enclosure (href, length, type), an id (the guid) and a
published date.

Usage: Tests/store/podcast_feed_test.py [--bin PATH]
The binary defaults to $STEWARD_STORE_BIN, else the newest of .build-store/debug and
.build/debug. Exit status 0 when the feed passes, 1 otherwise.
"""
import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def find_binary(explicit):
    if explicit:
        return explicit
    if os.environ.get("STEWARD_STORE_BIN"):
        return os.environ["STEWARD_STORE_BIN"]
    candidates = [os.path.join(ROOT, d, "debug", "steward-store") for d in (".build-store", ".build")]
    existing = [c for c in candidates if os.path.exists(c)]
    if not existing:
        sys.exit("podcast_feed_test: no steward-store binary; build it or pass --bin")
    return max(existing, key=os.path.getmtime)


def tool(binary, db, *args):
    out = subprocess.run([binary, *args, "--sqlite", db], capture_output=True, text=True, timeout=60, input="")
    if out.returncode != 0:
        sys.exit(f"podcast_feed_test: steward-store {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout.strip()


def serve(binary, db):
    proc = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", "--sqlite", db],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith("steward-store listening on "):
            return proc, line.split(" on ", 1)[1].strip()
    proc.kill()
    sys.exit("podcast_feed_test: steward-store serve did not report listening")


def utc(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def message(title, publish_at, audio=True, **extra):
    fields = {"title": title, "preachedOn": "2026-11-01", "speaker": "Rev. Ada O'Brien",
              "summary": "Hope & <patience>.", "scripture": "Isaiah 40:1-11",
              "publishAt": utc(publish_at) if publish_at else None}
    if audio:
        fields.update({"audioURL": f"https://media.example.org/{uuid.uuid4()}.mp3?a=1&b=2",
                       "audioBytes": 12_345_678, "audioType": "audio/mpeg", "duration": 2712})
    fields.update(extra)
    return fields


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", help="steward-store binary")
    args = parser.parse_args()
    try:
        import feedparser
    except ImportError:
        # `make test-deps` installs Debian's python3-feedparser, which a python3 other than the
        # system's (a virtualenv, pyenv) does not see on its own.
        sys.path.append("/usr/lib/python3/dist-packages")
    try:
        import feedparser
    except ImportError:
        sys.exit("podcast_feed_test: feedparser is missing (apt-get install python3-feedparser, or make test-deps)")

    now = datetime.datetime.now(datetime.timezone.utc)
    day = datetime.timedelta(days=1)
    slug = "feed-check"
    records = [
        ("podcast", {"title": "Grace & <Truth> Sermons", "author": "Grace Church", "ownerEmail": "office@grace.example",
                     "description": "Sunday sermons & more.", "artworkURL": "https://grace.example/art.jpg",
                     "language": "en", "category": "Christianity", "explicit": False}),
        ("message", message("Older <one> & more", now - 9 * day)),
        ("message", message("Newer one", now - 2 * day, audioType="audio/mp4")),
        ("message", message("Draft", None)),
        ("message", message("Scheduled", now + 3 * day)),
        ("message", message("No audio", now - day, audio=False)),
    ]
    ids = [str(uuid.uuid4()) for _ in records]
    push = {"clientId": f"{uuid.uuid4()}/feed-check", "mutations": [
        {"id": n + 1, "entity": entity, "recordId": ids[n], "operation": "upsert", "baseVersion": 0, "fields": fields}
        for n, (entity, fields) in enumerate(records)]}
    failures = []
    binary = find_binary(args.bin)
    with tempfile.TemporaryDirectory(prefix="steward-feed-") as workdir:
        db = os.path.join(workdir, "store.sqlite")
        tool(binary, db, "orgs", "add", slug, "--name", "Feed check", "--time-zone", "America/Toronto")
        token = tool(binary, db, "token", "create", "--org", slug, "--role", "admin")
        proc, base = serve(binary, db)
        try:
            req = urllib.request.Request(f"{base}/v1/orgs/{slug}/push", data=json.dumps(push).encode(), method="POST",
                                         headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=30) as resp:
                results = json.loads(resp.read())["results"]
            if [r["status"] for r in results] != ["applied"] * len(records):
                sys.exit(f"podcast_feed_test: the push was not applied: {results}")
            with urllib.request.urlopen(f"{base}/v1/orgs/{slug}/podcast.xml", timeout=30) as resp:
                body, content_type = resp.read(), resp.headers.get("Content-Type")
        finally:
            proc.terminate()
            proc.wait(timeout=10)

    feed = feedparser.parse(body)
    if feed.bozo:
        failures.append(f"feedparser: the feed is not well-formed: {feed.bozo_exception}")
    if content_type != "application/rss+xml; charset=utf-8":
        failures.append(f"Content-Type is {content_type!r}")
    if feed.version != "rss20":
        failures.append(f"feedparser reads it as {feed.version!r}, not RSS 2.0")
    if feed.feed.get("title") != "Grace & <Truth> Sermons":
        failures.append(f"channel title reads back as {feed.feed.get('title')!r}")
    if feed.feed.get("image", {}).get("href") != "https://grace.example/art.jpg":
        failures.append(f"itunes:image reads back as {feed.feed.get('image')!r}")
    if [e.get("title") for e in feed.entries] != ["Newer one", "Older <one> & more"]:
        failures.append(f"entries are {[e.get('title') for e in feed.entries]}, "
                        "expected the two published messages with audio, newest first")
    for entry in feed.entries:
        name = entry.get("title")
        enclosures = [link for link in entry.get("links", []) if link.get("rel") == "enclosure"]
        if len(enclosures) != 1:
            failures.append(f"{name}: {len(enclosures)} enclosures")
        else:
            enclosure = enclosures[0]
            if not enclosure.get("href", "").startswith("https://media.example.org/") or "&b=2" not in enclosure["href"]:
                failures.append(f"{name}: enclosure href {enclosure.get('href')!r}")
            if enclosure.get("length") != "12345678":
                failures.append(f"{name}: enclosure length {enclosure.get('length')!r}")
            if enclosure.get("type") not in ("audio/mpeg", "audio/mp4"):
                failures.append(f"{name}: enclosure type {enclosure.get('type')!r}")
        if entry.get("id") not in ids:
            failures.append(f"{name}: id {entry.get('id')!r} is not the message's record id")
        if not entry.get("published_parsed"):
            failures.append(f"{name}: no published date feedparser can read ({entry.get('published')!r})")
        if entry.get("itunes_duration") != "00:45:12":
            failures.append(f"{name}: itunes:duration {entry.get('itunes_duration')!r}")

    for failure in failures:
        print(f"FAILED: {failure}", file=sys.stderr)
    if failures:
        return 1
    print(f"ok: feedparser reads the podcast feed without complaint: {len(feed.entries)} episodes, "
          "each with its enclosure, guid and date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
