"""Media through the sync (docs/media.md): files added on a console without a connection reach
the store before the records that use them, and a sync killed in the middle of a file goes on
where the store's copy ends, with no second copy on the store."""
import hashlib
import json
import os
import signal
import struct
import urllib.request
import zlib

from harness import Failure, check  # noqa: E402


def mp3(frames):
    """An MP3 as most begin: an ID3v2.3 tag, then MPEG-1 Layer III frames of silence
    (128 kbit/s, 44.1 kHz: 417 bytes and 26 ms a frame)."""
    return b"ID3\x03" + bytes(6) + (b"\xff\xfb\x90\x64" + bytes(413)) * frames


def pdf(size):
    """A PDF of about `size` bytes, different each time it is asked for a different size."""
    filler = (b"%% steward sync media check %d\n" % size) * (size // 30)
    return b"%PDF-1.4\n" + filler + b"%%EOF\n"


def store_json(store, token, path):
    request = urllib.request.Request(store.url + path, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.read()


def added(console, slug, workdir, name, content):
    path = os.path.join(workdir, name)
    with open(path, "wb") as f:
        f.write(content)
    return console.json("media", "add", "--org", slug, path)


def offline_media_reaches_the_store_before_its_record(workdir, setup, slug):
    store, token, (a,) = setup()
    content = mp3(400)
    # Added before the console knows any store: kept here, waiting, and used by a message.
    item = added(a, slug, workdir, "Comfort, comfort.mp3", content)
    check(item.get("url") is None, "a file not uploaded yet has no address: %r" % item.get("url"))
    check(item["sha256"] == hashlib.sha256(content).hexdigest(), "the kept copy's checksum: %r" % item["sha256"])
    message = a.add_record(slug, "messages", title="Comfort, comfort", preached_on="2026-12-06", audio=item["id"])
    a.connect(store.url, token, slug)
    out = a.sync(slug).stdout
    check("files uploaded 1" in out, "sync says it uploaded the file: %r" % out)
    shown = a.json("media", "show", item["id"])
    check(shown.get("url", "").startswith(store.url + "/media/"), "the item's address after the sync: %r" % shown.get("url"))
    check(fetch(shown["url"]) == content, "the store serves the bytes added on the console")
    listed = store_json(store, token, "/v1/orgs/%s/media" % slug)
    items = listed.get("items", listed) if isinstance(listed, dict) else listed
    check(len(items) == 1 and items[0]["state"] == "ready", "the store holds the one file, ready: %r" % items)
    dump = store.dump(slug)
    check(message in dump and item["id"] in dump, "the message reached the store naming its recording")


def killed_mid_file_resumes_without_a_duplicate(workdir, setup, slug):
    store, token, (a,) = setup()
    a.connect(store.url, token, slug)
    content = pdf(600_000)
    item = added(a, slug, workdir, "Annual report.pdf", content)
    small_chunks = {"STEWARD_SYNC_MEDIA_CHUNK": "65536"}
    killed = a.ctl("sync", "--org", slug, env={**small_chunks, "STEWARD_FAILPOINT": "mid-upload"}, check_exit=False)
    check(killed.returncode == -signal.SIGKILL, "the sync was to die mid-file; it ended with %d: %s"
          % (killed.returncode, killed.stderr.strip()))
    part = store_json(store, token, "/v1/orgs/%s/media/%s" % (slug, item["id"]))
    check(part["state"] == "uploading" and 0 < part["uploadOffset"] < len(content),
          "after the kill the store holds part of the file: %r" % part)
    a.ctl("sync", "--org", slug, env=small_chunks)
    listed = store_json(store, token, "/v1/orgs/%s/media" % slug)
    items = listed.get("items", listed) if isinstance(listed, dict) else listed
    check(len(items) == 1, "one file on the store, not a second copy: %d" % len(items))
    check(items[0]["state"] == "ready" and items[0]["sha256"] == hashlib.sha256(content).hexdigest(),
          "the store's copy is whole: %r" % items[0])
    shown = a.json("media", "show", item["id"])
    check(fetch(shown["url"]) == content, "the resumed file's bytes are the console's")


def png(width=16, height=16):
    """A PNG of grey pixels (RGB, 8 bits), made here so the test needs no image library."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes([128, 128, 128]) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def another_consoles_file_is_learnt_and_its_record_edited(workdir, setup, slug):
    store, token, (a, b) = setup()
    a.connect(store.url, token, slug)
    b.connect(store.url, token, slug)
    item = added(a, slug, workdir, "Advent header.png", png())
    bulletin = a.add_record(slug, "bulletins", title="Advent 1", date="2026-11-29", header_image=item["id"])
    a.sync(slug)
    uploaded = a.json("media", "show", item["id"])["url"]
    check(uploaded and uploaded.startswith(store.url + "/media/"), "A uploaded the file: %r" % uploaded)

    b.sync(slug)
    # B learnt the file from the store's list: its record is edited there, the file named as before.
    edited = b.ctl("bulletins", "update", bulletin, "--org", slug, "--title", "Advent 1 (revised)", check_exit=False)
    check(edited.returncode == 0, "B edits the bulletin naming A's file: exit %d: %s" % (edited.returncode, edited.stderr.strip()))
    shown = b.json("bulletins", "show", bulletin, "--org", slug)
    check(shown.get("headerImage") == item["id"], "the bulletin still names the file: %r" % shown.get("headerImage"))
    listed = b.json("media", "list", "--org", slug)
    mine = [entry for entry in listed if entry["id"] == item["id"]]
    check(len(mine) == 1 and mine[0]["url"] == uploaded, "B lists the file with its address on the store: %r" % listed)
    check(mine[0]["kind"] == "image" and mine[0]["sha256"] == a.json("media", "show", item["id"])["sha256"],
          "B knows the file as the store has it: %r" % mine[0])
    check(fetch(mine[0]["url"]) == fetch(uploaded), "the address B holds serves the file")
    out = b.sync(slug).stdout
    check("files uploaded" not in out, "B never uploads the file back: %r" % out)
    check("Advent 1 (revised)" in store.dump(slug), "B's edit reached the store")
