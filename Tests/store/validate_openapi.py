#!/usr/bin/env python3
"""Checks docs/openapi.yaml against the OpenAPI 3.0 specification and against the real server.

1. Validates the document with openapi-spec-validator.
2. Starts `steward-store serve --port 0` on a temporary SQLite database (127.0.0.1 only), with
   an organization, an admin token and a staff member made by the tool itself, and short-lived
   access tokens.
3. Requests every path and method the document lists, with a valid token (the admin token, or
   a staff session's where the operation needs one) and a valid body, and checks that the
   router serves it (no 404/405), that the status is one the document declares for that
   operation, and that a JSON body matches the declared schema. It also checks a 401 per
   operation that takes a bearer token against the Error schema.
4. Checks the answers the session endpoints give when things go wrong (a wrong password, the
   throttle's 429 and Retry-After, an expired access token), the history the push left, and
   that the change feed says who made each change.
5. Pushes podcast settings, a series, messages, bulletins and funds, then checks the phone
   apps' read endpoints and the podcast feed: only what members may see, bodies matching the
   schemas, the declared Content-Type and Cache-Control, an ETag, and a declared 304 when it
   is sent back in If-None-Match; the feed without a token.
6. Uploads a PDF in two chunks (a stale offset answered 409 with the store's Upload-Offset) and
   fetches it from its public address over real sockets: headers, ranges, HEAD, 304, and 404
   once removed.

Usage: Tests/store/validate_openapi.py [--bin PATH] [--spec PATH]
The binary defaults to $STEWARD_STORE_BIN, else the newest of .build-store/debug and
.build/debug. Exit status 0 when everything matches, 1 otherwise.
"""
import argparse
import copy
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def ensure_validators():
    try:
        import openapi_spec_validator  # noqa: F401
        import openapi_schema_validator  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "openapi-spec-validator"], check=True)


def find_binary(explicit):
    if explicit:
        return explicit
    if os.environ.get("STEWARD_STORE_BIN"):
        return os.environ["STEWARD_STORE_BIN"]
    candidates = [os.path.join(ROOT, d, "debug", "steward-store") for d in (".build-store", ".build")]
    existing = [c for c in candidates if os.path.exists(c)]
    if not existing:
        sys.exit("validate_openapi: no steward-store binary; build it or pass --bin")
    return max(existing, key=os.path.getmtime)


def inline_refs(node, spec):
    """The schema with every local $ref replaced by what it points to (the spec has no cycles)."""
    if isinstance(node, dict):
        if "$ref" in node:
            target = spec
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            return inline_refs(copy.deepcopy(target), spec)
        return {k: inline_refs(v, spec) for k, v in node.items()}
    if isinstance(node, list):
        return [inline_refs(v, spec) for v in node]
    return node


class Server:
    def __init__(self, binary, workdir):
        self.binary = binary
        self.db = os.path.join(workdir, "store.sqlite")
        self.proc = None
        self.base = None

    def tool(self, *args, stdin=None):
        out = subprocess.run([self.binary, *args, "--sqlite", self.db], capture_output=True, text=True, timeout=60,
                             input=stdin if stdin is not None else "")
        if out.returncode != 0:
            sys.exit(f"validate_openapi: steward-store {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
        return out.stdout.strip()

    def start(self):
        self.proc = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", "0", "--sqlite", self.db,
                                      "--access-token-ttl", str(ACCESS_TTL)],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("validate_openapi: steward-store serve exited before listening")
            if line.startswith("steward-store listening on "):
                self.base = line.split(" on ", 1)[1].strip()
                return
        sys.exit("validate_openapi: steward-store serve did not report listening in time")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


# Seconds an access token lasts in this run: long enough for the checks, short enough to wait out.
ACCESS_TTL = 4


def request(base, method, path, token=None, body=None, with_headers=False):
    headers = {"Accept-Encoding": "gzip"}
    data = None
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(base + path, data=data, method=method.upper(), headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            status, raw, answer_headers = resp.status, resp.read(), resp.headers
    except urllib.error.HTTPError as err:
        status, raw, answer_headers = err.code, err.read(), err.headers
    if answer_headers.get("Content-Encoding") == "gzip":
        raw = gzip.decompress(raw)
    if with_headers:
        return status, raw, answer_headers
    return status, raw


def sign_in(base, slug, email, password):
    status, raw = request(base, "post", f"/v1/orgs/{slug}/session", body={"email": email, "password": password})
    if status != 200:
        sys.exit(f"validate_openapi: signing {email} in answered {status}: {raw[:200]!r}")
    return json.loads(raw)


def member_sign_in(base, slug, email, password):
    status, raw = request(base, "post", f"/v1/orgs/{slug}/members/session", body={"email": email, "password": password})
    if status != 200:
        sys.exit(f"validate_openapi: signing member {email} in answered {status}: {raw[:200]!r}")
    return json.loads(raw)


def error_check(failures, spec, name, status, raw, want_status, want_code):
    """Appends a failure unless the answer is want_status with an Error body of want_code."""
    try:
        body = json.loads(raw)
        OAS30Validator(inline_refs({"$ref": "#/components/schemas/Error"}, spec)).validate(body)
    except Exception as err:  # noqa: BLE001 - any mismatch is a finding
        failures.append(f"{name}: {status} body is not an Error: {str(err).splitlines()[0]}")
        return None
    if status != want_status or body.get("error") != want_code:
        failures.append(f"{name}: answered {status} {body.get('error')}, expected {want_status} {want_code}")
        return None
    print(f"ok: {name} -> {status} {want_code}")
    return body


def conditional_get(base, path, token=None, etag=None):
    """GET with an optional bearer token and If-None-Match; (status, body, headers), no gzip."""
    headers = {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if etag:
        headers["If-None-Match"] = etag
    req = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.read(), resp.headers
    except urllib.error.HTTPError as err:
        return err.code, err.read(), err.headers


def check_member_reads(failures, spec, base, slug, token):
    """The read endpoints and the feed, after a push of what each must show and must not."""
    now = time.time()

    def at(seconds):
        return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(now + seconds))

    series_id = str(uuid.uuid4())
    records = [
        ("podcast", {"title": "Check & <Sermons>", "author": "Check Church", "description": "Sermons.",
                     "artworkURL": "https://example.org/art.jpg", "ownerEmail": "office@example.org",
                     "category": "Christianity"}),
        ("series", {"title": "Advent"}),
        ("message", {"title": "Published", "preachedOn": "2026-11-01", "series": series_id, "publishAt": at(-3600),
                     "audioURL": "https://example.org/a.mp3", "audioBytes": 1234, "duration": 600}),
        ("message", {"title": "Draft", "preachedOn": "2026-11-08", "audioURL": "https://example.org/b.mp3",
                     "audioBytes": 1234}),
        ("bulletin", {"title": "Live", "date": "2026-11-22", "publishAt": at(-3600),
                      "sections": [{"heading": "Welcome", "body": "Hello", "linkLabel": "Sign up",
                                    "linkURL": "https://example.org/signup"}]}),
        ("bulletin", {"title": "Scheduled", "date": "2026-11-29", "publishAt": at(86400)}),
        ("fund", {"name": "General", "url": "https://give.example.org/general", "position": 0, "active": True}),
        ("fund", {"name": "Closed", "url": "https://give.example.org/closed", "position": 1, "active": False}),
        ("profile", {"displayName": "Check Church", "welcome": "# Welcome\n**Hello**",
                     "banners": [{"image": "https://example.org/now.jpg", "title": "Now", "showFrom": at(-3600)},
                                 {"image": "https://example.org/later.jpg", "title": "Later", "showFrom": at(86400)}],
                     "times": [{"day": "sunday", "start": "10:30", "end": "12:00", "label": "Worship"}],
                     "latitude": 39.8, "longitude": -89.64, "instagram": "https://www.instagram.com/check"}),
    ]
    mutations = [{"id": n + 1, "entity": entity, "recordId": series_id if entity == "series" else str(uuid.uuid4()),
                  "operation": "upsert", "baseVersion": 0, "fields": fields} for n, (entity, fields) in enumerate(records)]
    status, raw = request(base, "post", f"/v1/orgs/{slug}/push", token=token,
                          body={"clientId": f"{uuid.uuid4()}/reads", "mutations": mutations})
    results = json.loads(raw).get("results", []) if status == 200 else []
    if [r.get("status") for r in results] != ["applied"] * len(mutations):
        failures.append(f"push of the apps' content: {status} {raw[:300]!r}")
        return
    expected = {"bulletins": ["Live"], "messages": ["Published"], "series": ["Advent"], "funds": ["General"],
                "podcast.xml": ["Published"]}
    for name, titles in expected.items():
        path = f"/v1/orgs/{{org}}/{name}"
        operation = spec["paths"].get(path, {}).get("get")
        if operation is None:
            failures.append(f"GET {path}: not in the document")
            continue
        feed = name == "podcast.xml"
        status, raw, headers = conditional_get(base, path.replace("{org}", slug), token=None if feed else token)
        if status != 200:
            failures.append(f"GET {path} with content: answered {status}: {raw[:200]!r}")
            continue
        declared = inline_refs(operation["responses"]["200"], spec)
        content_type = headers.get("Content-Type", "")
        media = content_type.split(";")[0]
        if media not in declared.get("content", {}):
            failures.append(f"GET {path}: Content-Type {content_type!r} is not declared")
        cache = declared.get("headers", {}).get("Cache-Control", {}).get("schema", {}).get("enum", [])
        if headers.get("Cache-Control") not in cache:
            failures.append(f"GET {path}: Cache-Control {headers.get('Cache-Control')!r}, declared {cache}")
        if feed:
            got = re.findall(r"<item>\s*<title>(.*?)</title>", raw.decode())
        else:
            try:
                body = json.loads(raw)
                OAS30Validator(declared["content"]["application/json"]["schema"]).validate(body)
            except Exception as err:  # noqa: BLE001 - any mismatch is a finding
                failures.append(f"GET {path}: body does not match the schema: {str(err).splitlines()[0]}")
                continue
            got = [item.get("title", item.get("name")) for item in body["items"]]
            if name == "messages" and body["items"][0].get("seriesTitle") != "Advent":
                failures.append(f"GET {path}: the series' title is not resolved: {body['items'][0]}")
        if got != titles:
            failures.append(f"GET {path}: shows {got}, expected only {titles}")
        etag = headers.get("ETag")
        if not etag:
            failures.append(f"GET {path}: no ETag")
            continue
        status, raw, headers = conditional_get(base, path.replace("{org}", slug), token=None if feed else token,
                                               etag=etag)
        if status != 304 or "304" not in operation["responses"] or raw:
            failures.append(f"GET {path} with If-None-Match: answered {status} ({len(raw)} bytes), expected a declared 304")
            continue
        print(f"ok: GET {path} -> 200 {titles}, matches the document; its ETag -> 304")
    check_profile(failures, spec, base, slug, token)


def check_profile(failures, spec, base, slug, token):
    """The organization's profile, pushed with check_member_reads' records: its fields, only the
    banner showing now, the schema, and a 304 for its ETag."""
    path = "/v1/orgs/{org}/profile"
    operation = spec["paths"].get(path, {}).get("get")
    if operation is None:
        failures.append(f"GET {path}: not in the document")
        return
    status, raw, headers = conditional_get(base, path.replace("{org}", slug), token=token)
    if status != 200:
        failures.append(f"GET {path}: answered {status}: {raw[:200]!r}")
        return
    declared = inline_refs(operation["responses"]["200"], spec)
    try:
        body = json.loads(raw)
        OAS30Validator(declared["content"]["application/json"]["schema"]).validate(body)
    except Exception as err:  # noqa: BLE001 - any mismatch is a finding
        failures.append(f"GET {path}: body does not match the schema: {str(err).splitlines()[0]}")
        return
    banners = [b.get("title") for b in body.get("banners", [])]
    if body.get("displayName") != "Check Church" or banners != ["Now"]:
        failures.append(f"GET {path}: shows {body.get('displayName')!r} with banners {banners}, expected only Now")
    status, raw, _ = conditional_get(base, path.replace("{org}", slug), token=token, etag=headers.get("ETag"))
    if status != 304 or "304" not in operation["responses"]:
        failures.append(f"GET {path} with If-None-Match: answered {status}, expected a declared 304")
        return
    print(f"ok: GET {path} -> 200, only the banner showing now, matches the document; its ETag -> 304")


def raw_request(base, method, path, token=None, data=None, headers=None):
    """Status, body and headers of a request with a byte body (a media chunk) or none."""
    headers = dict(headers or {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=data, method=method.upper(), headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.read(), resp.headers
    except urllib.error.HTTPError as err:
        return err.code, err.read(), err.headers


def check_media(failures, spec, base, slug, token):
    """A PDF uploaded in two chunks over real sockets, then fetched from its public address with
    no token: the document's schemas, the upload headers, and the file streamed from disk whole,
    in ranges, under HEAD and as 304."""
    import hashlib
    content = b"%PDF-1.4\n" + b"% steward media check\n" * 2000 + b"%%EOF\n"
    media_id = str(uuid.uuid4())
    declaration = {"id": media_id, "fileName": "Check bulletin.pdf", "size": len(content),
                   "sha256": hashlib.sha256(content).hexdigest()}
    status, raw = request(base, "post", f"/v1/orgs/{slug}/media", token=token, body=declaration)
    if status != 201:
        failures.append(f"media: declaring answered {status}: {raw[:200]!r}")
        return
    item_path = f"/v1/orgs/{slug}/media/{media_id}"
    chunk = {"Content-Type": "application/offset+octet-stream"}
    status, raw, headers = raw_request(base, "patch", item_path, token, content[:10000], {**chunk, "Upload-Offset": "0"})
    if status != 204 or headers.get("Upload-Offset") != "10000":
        failures.append(f"media: first chunk answered {status}, Upload-Offset {headers.get('Upload-Offset')}")
    status, raw, headers = raw_request(base, "patch", item_path, token, content[:10], {**chunk, "Upload-Offset": "0"})
    if status != 409 or headers.get("Upload-Offset") != "10000":
        failures.append(f"media: a chunk at a stale offset answered {status}, Upload-Offset {headers.get('Upload-Offset')}")
    status, raw, headers = raw_request(base, "head", item_path, token)
    if status != 200 or headers.get("Upload-Offset") != "10000":
        failures.append(f"media: HEAD answered {status}, Upload-Offset {headers.get('Upload-Offset')}")
    status, raw, headers = raw_request(base, "patch", item_path, token, content[10000:], {**chunk, "Upload-Offset": "10000"})
    if status != 200:
        failures.append(f"media: last chunk answered {status}: {raw[:200]!r}")
        return
    item = json.loads(raw)
    try:
        OAS30Validator(inline_refs({"$ref": "#/components/schemas/MediaItem"}, spec)).validate(item)
    except Exception as err:  # noqa: BLE001
        failures.append(f"media: the ready item does not match MediaItem: {str(err).splitlines()[0]}")
    url = item.get("url", "")
    status, body, headers = raw_request(base, "get", url)
    etag = f'"{hashlib.sha256(content).hexdigest()}"'
    if status != 200 or body != content:
        failures.append(f"media: GET {url} answered {status} with {len(body)} bytes")
    for name, want in (("Content-Type", "application/pdf"), ("ETag", etag), ("Accept-Ranges", "bytes"),
                       ("Cache-Control", "public, max-age=31536000, immutable"), ("X-Content-Type-Options", "nosniff")):
        if headers.get(name) != want:
            failures.append(f"media: {name} is {headers.get(name)!r}, expected {want!r}")
    status, body, headers = raw_request(base, "head", url)
    if status != 200 or body or headers.get("Content-Length") != str(len(content)):
        failures.append(f"media: HEAD answered {status}, Content-Length {headers.get('Content-Length')}")
    status, body, headers = raw_request(base, "get", url, headers={"Range": "bytes=100-4099"})
    if status != 206 or body != content[100:4100] or headers.get("Content-Range") != f"bytes 100-4099/{len(content)}":
        failures.append(f"media: a range answered {status}, {len(body)} bytes, {headers.get('Content-Range')}")
    status, body, headers = raw_request(base, "get", url, headers={"Range": "bytes=-7"})
    if status != 206 or body != content[-7:]:
        failures.append(f"media: a suffix range answered {status}, {body!r}")
    status, body, headers = raw_request(base, "get", url, headers={"Range": f"bytes={len(content) + 5}-"})
    if status != 416 or headers.get("Content-Range") != f"bytes */{len(content)}":
        failures.append(f"media: a range past the end answered {status}, {headers.get('Content-Range')}")
    status, body, headers = raw_request(base, "get", url, headers={"If-None-Match": etag})
    if status != 304:
        failures.append(f"media: If-None-Match answered {status}")
    status, raw = request(base, "delete", item_path, token=token)
    status, body, headers = raw_request(base, "get", url)
    if status != 404:
        failures.append(f"media: a removed file answered {status}")
    print("ok: media uploaded in chunks and served from its public address (ranges, HEAD, 304, removed)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", help="steward-store binary")
    parser.add_argument("--spec", default=os.path.join(ROOT, "docs", "openapi.yaml"))
    args = parser.parse_args()

    ensure_validators()
    import yaml
    from openapi_spec_validator import validate
    global OAS30Validator
    from openapi_schema_validator import OAS30Validator

    with open(args.spec) as f:
        spec = yaml.safe_load(f)
    try:
        validate(spec)
    except Exception as err:  # noqa: BLE001 - any validator error is a finding
        print(f"FAILED: {os.path.relpath(args.spec, ROOT)} is not a valid OpenAPI document: {err}", file=sys.stderr)
        return 1
    print(f"ok: {os.path.relpath(args.spec, ROOT)} is a valid OpenAPI {spec['openapi']} document")

    failures = []
    slug = "openapi-check"
    record_id = str(uuid.uuid4())
    bodies = {
        "PushRequest": {
            "clientId": f"{uuid.uuid4()}/{slug}",
            "mutations": [{
                "id": 1, "entity": "event", "recordId": record_id, "operation": "upsert", "baseVersion": 0,
                "fields": {"title": "Mural walk", "timing": "untimed", "latitude": 45.5, "longitude": -73.56,
                           "links": [{"label": "Map", "url": "https://example.org/map"}], "audience": ["families"],
                           "stampValue": 2, "rideSharing": True},
            }],
        },
    }
    email, password = "Editor@Example.org", "correct horse battery staple"
    with tempfile.TemporaryDirectory(prefix="steward-openapi-") as workdir:
        server = Server(find_binary(args.bin), workdir)
        server.tool("orgs", "add", slug, "--name", "OpenAPI check", "--time-zone", "America/Toronto")
        token = server.tool("token", "create", "--org", slug, "--role", "admin")
        server.tool("staff", "add", "--org", slug, "--email", email, "--role", "editor", stdin=password + "\n")
        server.start()
        try:
            bodies["SignInRequest"] = {"email": email, "password": password}
            # One session for the refresh, one to sign out, one to wait out.
            bodies["RefreshRequest"] = {"refreshToken": sign_in(server.base, slug, email, password)["refreshToken"]}
            signing_out = sign_in(server.base, slug, email, password)["accessToken"]
            expiring = sign_in(server.base, slug, email, password)["accessToken"]
            signed_in_at = time.time()
            tokens = {"DELETE /v1/orgs/{org}/session": signing_out}
            # An app member, for the member endpoints: a staff or API token is refused there.
            member_email, member_password = "Organizer@Example.org", "member password 1234"
            status, raw = request(server.base, "post", f"/v1/orgs/{slug}/members",
                                  body={"email": member_email, "password": member_password,
                                        "displayName": "Robin Organizer", "audience": "residents"})
            if status != 201:
                sys.exit(f"validate_openapi: registering a member answered {status}: {raw[:200]!r}")
            bodies["RegisterMemberRequest"] = {"email": "second@example.org", "password": member_password,
                                               "displayName": "Sam Second", "audience": "students"}
            bodies["MemberSignInRequest"] = {"email": member_email, "password": member_password}
            bodies["MemberRefreshRequest"] = {"refreshToken": member_sign_in(server.base, slug, member_email,
                                                                             member_password)["refreshToken"]}
            bodies["EventSubmission"] = {"title": "Porch concert", "timing": "untimed", "locationName": "Elm Street"}
            # At the pushed event's own coordinates: an ongoing passport event checks the position.
            bodies["CheckInRequest"] = {"event": record_id, "latitude": 45.5, "longitude": -73.56}
            # A question the store does not have: the documented 404.
            bodies["AnswerRequest"] = {"question": str(uuid.uuid4()), "version": 1, "value": "Friend"}
            # Every campus and ministry: the member's choice of none.
            bodies["CampusChoice"] = {"campus": None, "ministry": None}
            # The pushed event has no ride sharing: the offer and request are refused (400).
            bodies["RideOfferFields"] = {"event": record_id, "seats": 3, "direction": "to", "pickupLatitude": "45.5",
                                         "pickupLongitude": "-73.56", "radiusKm": 5, "departAt": "2026-12-04T02:30:00Z"}
            bodies["RideRequestFields"] = {"event": record_id, "direction": "to", "pickupLatitude": "45.5",
                                           "pickupLongitude": "-73.56", "departAt": "2026-12-04T02:30:00Z"}
            bodies["LeadAnswer"] = {"name": "Ava Thompson", "contact": "ava@example.org", "interests": "small group",
                                    "gender": "woman", "year": "sophomore", "area": "North Campus",
                                    "freeDays": ["tuesday"], "freeTimes": ["evening"]}
            bodies["RideCancelRequest"] = {"reason": "car trouble"}
            bodies["MediaDeclaration"] = {"id": str(uuid.uuid4()), "fileName": "notes.pdf", "size": 1000,
                                          "sha256": "0" * 64}
            # An FCM token needs no endpoint this machine could reach.
            bodies["DeviceRegistration"] = {"platform": "fcm", "token": "dGVzdA:APA91bH-validate"}
            member_access = member_sign_in(server.base, slug, member_email, member_password)["accessToken"]
            tokens["DELETE /v1/orgs/{org}/members/session"] = member_sign_in(
                server.base, slug, member_email, member_password)["accessToken"]
            for name in ("POST /v1/orgs/{org}/submissions/events", "PUT /v1/orgs/{org}/submissions/events/{id}",
                         "GET /v1/orgs/{org}/me/submissions", "GET /v1/orgs/{org}/me/notifications",
                         "POST /v1/orgs/{org}/me/check-ins", "GET /v1/orgs/{org}/me/questions",
                         "POST /v1/orgs/{org}/me/answers", "POST /v1/orgs/{org}/me/ride-offers",
                         "POST /v1/orgs/{org}/me/ride-requests", "GET /v1/orgs/{org}/leaderboard",
                         "POST /v1/orgs/{org}/me/leads", "GET /v1/orgs/{org}/me/led-groups/leads",
                         "POST /v1/orgs/{org}/me/ride-offers/{id}/cancel",
                         "POST /v1/orgs/{org}/me/ride-requests/{id}/cancel", "GET /v1/orgs/{org}/me/rides",
                         "POST /v1/orgs/{org}/me/devices", "GET /v1/orgs/{org}/me/devices",
                         "DELETE /v1/orgs/{org}/me/devices/{id}", "GET /v1/orgs/{org}/me/passport",
                         "GET /v1/orgs/{org}/me/campus", "PUT /v1/orgs/{org}/me/campus"):
                tokens[name] = member_access
            for path, item in spec["paths"].items():
                for method, operation in item.items():
                    if method not in ("get", "post", "put", "patch", "delete"):
                        continue
                    name = f"{method.upper()} {path}"
                    url_path = path.replace("{org}", slug).replace("{entity}", "event").replace("{id}", record_id)
                    body = None
                    # A media chunk's body is bytes, sent with its own checks (check_media).
                    if "requestBody" in operation and "application/json" in operation["requestBody"]["content"]:
                        schema_ref = operation["requestBody"]["content"]["application/json"]["schema"].get("$ref", "")
                        body = bodies[schema_ref.rsplit("/", 1)[-1]]
                    declared = operation.get("responses", {})
                    status, raw = request(server.base, method, url_path, token=tokens.get(name, token), body=body)
                    # A declared 404 with the handler's own message is an answer (the podcast of an
                    # organization without podcast settings); the router's is "no such endpoint".
                    unrouted = status == 405 or (status == 404 and ("404" not in declared
                                                                    or b"no such endpoint" in raw))
                    if unrouted:
                        failures.append(f"{name}: not served ({status})")
                        continue
                    if str(status) not in declared:
                        failures.append(f"{name}: answered {status}, which the document does not declare")
                        continue
                    response = inline_refs(declared[str(status)], spec)
                    schema = response.get("content", {}).get("application/json", {}).get("schema")
                    if schema is not None:
                        try:
                            OAS30Validator(schema).validate(json.loads(raw))
                        except Exception as err:  # noqa: BLE001 - report any mismatch
                            failures.append(f"{name}: {status} body does not match the schema: {str(err).splitlines()[0]}")
                            continue
                    print(f"ok: {name} -> {status}, body matches the schema")
                    if operation.get("security", spec.get("security")):
                        status, raw = request(server.base, method, url_path, token=None, body=body)
                        error_schema = inline_refs({"$ref": "#/components/schemas/Error"}, spec)
                        if status != 401 or "401" not in declared:
                            failures.append(f"{name}: without a token answered {status}, expected a declared 401")
                        else:
                            try:
                                OAS30Validator(error_schema).validate(json.loads(raw))
                                print(f"ok: {name} without a token -> 401 Error")
                            except Exception as err:  # noqa: BLE001
                                failures.append(f"{name}: 401 body is not an Error: {str(err).splitlines()[0]}")
            # The push above must now show up in the feed with its fields normalized.
            status, raw = request(server.base, "get", f"/v1/orgs/{slug}/changes", token=token)
            changes = json.loads(raw).get("changes", []) if status == 200 else []
            changes = [c for c in changes if c.get("entity") == "event"]
            if [c.get("id") for c in changes] != [record_id]:
                failures.append(f"changes after the push: expected record {record_id}, got {changes}")
            elif changes[0].get("changedBy") != "token:admin" or not isinstance(changes[0].get("changedAt"), int):
                failures.append(f"changes after the push: no author and time on the record: {changes[0]}")
            # The push is the record's history: the admin token made it, with every field new.
            status, raw = request(server.base, "get", f"/v1/orgs/{slug}/records/event/{record_id.upper()}/history",
                                  token=token)
            entries = json.loads(raw).get("entries", []) if status == 200 else []
            # (Its version follows the member registered above, whose record took number 1.)
            if [(e.get("author"), e.get("operation")) for e in entries] != [("token:admin", "upsert")] \
                    or not isinstance(entries[0].get("version"), int) or entries[0]["version"] < 1:
                failures.append(f"history after the push: {status} {raw[:300]!r}")
            elif {"field": "title", "new": "Mural walk"} not in entries[0].get("changes", []):
                failures.append(f"history after the push: the title is not among the changes: {entries[0]}")
            else:
                print("ok: the feed and the history say the admin token made the change")
            status, raw = request(server.base, "get", f"/v1/orgs/{slug}/records/event/{uuid.uuid4()}/history", token=token)
            error_check(failures, spec, "GET history of a record the store never had", status, raw, 404, "not-found")
            # The push's client id belongs to the admin token now: the editor may not use it.
            editor = sign_in(server.base, slug, email, password)["accessToken"]
            status, raw = request(server.base, "post", f"/v1/orgs/{slug}/push", token=editor, body=bodies["PushRequest"])
            error_check(failures, spec, "POST push under another credential's client id", status, raw, 409,
                        "client-id-in-use")
            check_member_reads(failures, spec, server.base, slug, token)
            check_media(failures, spec, server.base, slug, token)

            # Signed out: the session's access token no longer works.
            status, raw = request(server.base, "get", f"/v1/orgs/{slug}/changes", token=signing_out)
            error_check(failures, spec, "GET changes after signing out", status, raw, 401, "unauthorized")
            # A wrong password, then the throttle after five failures.
            session_path = f"/v1/orgs/{slug}/session"
            wrong = {"email": email, "password": "not the password"}
            for attempt in range(5):
                status, raw = request(server.base, "post", session_path, body=wrong)
                error_check(failures, spec, f"POST session with a wrong password ({attempt + 1})", status, raw,
                            401, "wrong-credentials")
            status, raw, headers = request(server.base, "post", session_path, body=bodies["SignInRequest"],
                                           with_headers=True)
            throttled = error_check(failures, spec, "POST session after 5 failures", status, raw, 429, "too-many-attempts")
            if throttled is not None:
                if "429" not in spec["paths"]["/v1/orgs/{org}/session"]["post"]["responses"]:
                    failures.append("POST session: 429 is not declared")
                if headers.get("Retry-After") != str(throttled.get("retryAfter")):
                    failures.append(f"POST session 429: Retry-After {headers.get('Retry-After')!r} "
                                    f"differs from retryAfter {throttled.get('retryAfter')!r}")
            # An access token past its time.
            time.sleep(max(0.0, signed_in_at + ACCESS_TTL + 0.5 - time.time()))
            status, raw = request(server.base, "get", f"/v1/orgs/{slug}/changes", token=expiring)
            error_check(failures, spec, "GET changes with an expired access token", status, raw, 401, "token-expired")
        finally:
            server.stop()

    for failure in failures:
        print(f"FAILED: {failure}", file=sys.stderr)
    if failures:
        return 1
    print("validate_openapi: every documented operation is served and answers as documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
