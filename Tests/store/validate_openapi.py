#!/usr/bin/env python3
"""Checks docs/openapi.yaml against the OpenAPI 3.0 specification and against the real server.

1. Validates the document with openapi-spec-validator.
2. Starts `steward-store serve --port 0` on a temporary SQLite database (127.0.0.1 only), with
   an organization and an admin token made by the tool itself.
3. Requests every path and method the document lists, with a valid token and a valid body,
   and checks that the router serves it (no 404/405), that the status is one the document
   declares for that operation, and that a JSON body matches the declared schema. It also
   checks a 401 per operation against the Error schema.

Usage: Tests/store/validate_openapi.py [--bin PATH] [--spec PATH]
The binary defaults to $STEWARD_STORE_BIN, else the newest of .build-store/debug and
.build/debug. Exit status 0 when everything matches, 1 otherwise.
"""
import argparse
import copy
import gzip
import json
import os
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

    def tool(self, *args):
        out = subprocess.run([self.binary, *args, "--sqlite", self.db], capture_output=True, text=True, timeout=60)
        if out.returncode != 0:
            sys.exit(f"validate_openapi: steward-store {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
        return out.stdout.strip()

    def start(self):
        self.proc = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", "0", "--sqlite", self.db],
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


def request(base, method, path, token=None, body=None):
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
            status, raw, encoding = resp.status, resp.read(), resp.headers.get("Content-Encoding")
    except urllib.error.HTTPError as err:
        status, raw, encoding = err.code, err.read(), err.headers.get("Content-Encoding")
    if encoding == "gzip":
        raw = gzip.decompress(raw)
    return status, raw


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", help="steward-store binary")
    parser.add_argument("--spec", default=os.path.join(ROOT, "docs", "openapi.yaml"))
    args = parser.parse_args()

    ensure_validators()
    import yaml
    from openapi_spec_validator import validate
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
    with tempfile.TemporaryDirectory(prefix="steward-openapi-") as workdir:
        server = Server(find_binary(args.bin), workdir)
        server.tool("orgs", "add", slug, "--name", "OpenAPI check", "--time-zone", "America/Toronto")
        token = server.tool("token", "create", "--org", slug, "--role", "admin")
        server.start()
        try:
            for path, item in spec["paths"].items():
                for method, operation in item.items():
                    if method not in ("get", "post", "put", "patch", "delete"):
                        continue
                    name = f"{method.upper()} {path}"
                    url_path = path.replace("{org}", slug)
                    body = None
                    if "requestBody" in operation:
                        schema_ref = operation["requestBody"]["content"]["application/json"]["schema"].get("$ref", "")
                        body = bodies[schema_ref.rsplit("/", 1)[-1]]
                    declared = operation.get("responses", {})
                    status, raw = request(server.base, method, url_path, token=token, body=body)
                    if status in (404, 405):
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
            if [c.get("id") for c in changes] != [record_id]:
                failures.append(f"changes after the push: expected record {record_id}, got {changes}")
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
