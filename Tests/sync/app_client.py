"""HTTP as the phone apps and scripts speak it to a store: members registering, signing in,
submitting and checking in, and raw staff pushes. Each member can come from a loopback address
of their own (all of 127.0.0.0/8 reaches the store), so limits counted per source address see
separate people, as they would on the internet."""
import itertools
import json
import urllib.parse
from http.client import HTTPConnection

MEMBER_PASSWORD = "member password 1234"

# 127.0.1.1, 127.0.1.2, …: one address per member made in this test run.
_addresses = ("127.%d.%d.%d" % (n >> 16 & 255, n >> 8 & 255, n & 255) for n in itertools.count(256 + 1))


def next_source_address():
    address = next(_addresses)
    while address.endswith(".0") or address.endswith(".255"):
        address = next(_addresses)
    return address


def base_url(target):
    """A store, a proxy (anything with `.url`) or a URL."""
    return target if isinstance(target, str) else target.url


def http(target, method, path, token=None, body=None, source=None, timeout=60):
    """One request; answers (status, parsed JSON body or None)."""
    url = urllib.parse.urlparse(base_url(target))
    conn = HTTPConnection(url.hostname, url.port, timeout=timeout,
                            source_address=(source, 0) if source else None)
    headers = {"Content-Type": "application/json", "Connection": "close"}
    if token:
        headers["Authorization"] = "Bearer " + token
    try:
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = conn.getresponse()
        data = response.read()
    finally:
        conn.close()
    try:
        parsed = json.loads(data) if data else None
    except ValueError:
        parsed = {"raw": data[:200].decode(errors="replace")}
    return response.status, parsed


class Member:
    """An app member of one organization, with their own source address."""

    def __init__(self, target, slug, email, audience="residents", display_name="Robin Reyes"):
        self.target, self.slug, self.email = target, slug, email
        self.source = next_source_address()
        status, body = http(target, "POST", "/v1/orgs/%s/members" % slug, source=self.source,
                            body={"email": email, "password": MEMBER_PASSWORD, "displayName": display_name,
                                  "audience": audience})
        if status != 201:
            raise AssertionError("registering %s answered %d: %r" % (email, status, body))
        self.id = body.get("id") if isinstance(body, dict) else None
        status, body = http(target, "POST", "/v1/orgs/%s/members/session" % slug, source=self.source,
                            body={"email": email, "password": MEMBER_PASSWORD})
        if status != 200:
            raise AssertionError("signing in %s answered %d: %r" % (email, status, body))
        self.token = body["accessToken"]
        if self.id is None:
            self.id = body.get("member", {}).get("id") if isinstance(body.get("member"), dict) else None

    def call(self, method, path, body=None, target=None):
        return http(target or self.target, method, "/v1/orgs/%s/%s" % (self.slug, path), self.token, body,
                    source=self.source)

    def submit_event(self, fields, target=None):
        return self.call("POST", "submissions/events", fields, target)

    def check_in(self, event, code, target=None):
        return self.call("POST", "me/check-ins", {"event": event, "code": code}, target)


def push(target, slug, token, client_id, mutations, timeout=60):
    """A staff push of `mutations` (dicts as in the wire format) under `client_id`."""
    return http(target, "POST", "/v1/orgs/%s/push" % slug, token, {"clientId": client_id, "mutations": mutations},
                timeout=timeout)


def upsert(mutation_id, entity, record_id, fields):
    return {"id": mutation_id, "entity": entity, "recordId": record_id, "operation": "upsert", "baseVersion": 0,
            "fields": fields}
