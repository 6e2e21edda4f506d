"""Property-based fuzz of the store's push, pull and session endpoints against a real
steward-store process, on SQLite and (with STEWARD_TEST_POSTGRES_URL) on PostgreSQL.

Hypothesis makes the requests: bodies shaped like the documented ones with any of their
numbers, strings and members replaced by extremes (Int64 bounds, 2^53, negative, huge,
fractional, wrong types), plus arbitrary JSON. The properties: no answer is a 5xx, every
error is the documented JSON shape, and the process is still serving (and healthy) at the end.
Bounded in time (--seconds per backend); prints the number of requests made and 5xx seen.

    python3 Tests/store/fuzz_store.py --bin .build/debug/steward-store [--seconds 20]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid

try:
    import hypothesis  # noqa: F401
except ImportError:
    # As validate_openapi.py does for its validators: installed on first use.
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "hypothesis"], check=True)

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

INT64_MAX = 2**63 - 1
# Numbers a hostile client sends: the edges of every integer type and of exact JSON numbers.
EXTREMES = [0, 1, -1, 2**31 - 1, 2**31, 2**53 - 1, 2**53, 2**53 + 1, INT64_MAX - 1, INT64_MAX, INT64_MAX + 1,
            -INT64_MAX - 1, -(2**64), 2**64, 10**30, 1.5, -0.0, 1e300]


def numbers():
    return st.one_of(st.sampled_from(EXTREMES), st.integers(min_value=-(2**70), max_value=2**70))


def json_values(depth=2):
    leaf = st.one_of(st.none(), st.booleans(), numbers(), st.text(max_size=40))
    if depth == 0:
        return leaf
    return st.one_of(leaf, st.lists(json_values(depth - 1), max_size=4),
                     st.dictionaries(st.text(max_size=10), json_values(depth - 1), max_size=4))


def mutation():
    fields = st.fixed_dictionaries({"title": st.text(max_size=30), "timing": st.sampled_from(["untimed", "timed", "x"])})
    return st.fixed_dictionaries({
        "id": numbers(),
        "entity": st.sampled_from(["event", "nope", "", "submission", "member", "notification", "reason"]),
        "recordId": st.one_of(st.uuids().map(str), st.text(max_size=40)),
        "operation": st.sampled_from(["upsert", "delete", "explode"]),
        "baseVersion": numbers(),
        "fields": st.one_of(fields, json_values(1)),
    })


def push_body():
    consecutive = st.tuples(numbers(), st.integers(min_value=1, max_value=4), mutation()).map(
        lambda t: [dict(t[2], id=(t[0] + i) if isinstance(t[0], int) else t[0]) for i in range(t[1])])
    mutations = st.one_of(st.lists(mutation(), max_size=4), consecutive, json_values(1))
    client = st.one_of(st.text(min_size=0, max_size=120), numbers(), st.sampled_from(["fuzz/a", "fuzz/b"]))
    return st.one_of(st.fixed_dictionaries({"clientId": client, "mutations": mutations}), json_values())


def query_value():
    return st.one_of(numbers().map(str), st.text(max_size=30),
                     st.tuples(st.sampled_from(["s1.", "s2."]), numbers(), numbers()).map(
                         lambda t: f"{t[0]}{t[1]}.{t[2]}"))


class Store:
    def __init__(self, binary, storage, workdir):
        self.binary, self.storage, self.workdir = binary, storage, workdir
        self.proc = None
        self.base = None

    def tool(self, *args, stdin=""):
        out = subprocess.run([self.binary, *args, *self.storage], capture_output=True, text=True, timeout=60, input=stdin)
        if out.returncode != 0:
            sys.exit(f"fuzz_store: steward-store {' '.join(args)} failed: {out.stderr.strip()}")
        return out.stdout.strip()

    def start(self):
        self.proc = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", "0", *self.storage],
                                     stdout=subprocess.PIPE, stderr=open(os.path.join(self.workdir, "serve.err"), "w"),
                                     text=True)
        line = self.proc.stdout.readline()
        if not line.startswith("steward-store listening on "):
            sys.exit("fuzz_store: the store did not start")
        self.base = line.split(" on ", 1)[1].strip()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


def send(base, method, path, token=None, body=None, raw=None):
    headers = {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except (urllib.error.URLError, ConnectionError) as error:
        # No answer at all: the process died or dropped the connection. Counted as a 5xx.
        return 599, str(error).encode()


def fuzz(binary, storage, seconds, label):
    stats = {"requests": 0, "5xx": 0}
    problems = []
    with tempfile.TemporaryDirectory(prefix="steward-fuzz-") as workdir:
        storage = [arg.replace("{dir}", workdir) for arg in storage]
        store = Store(binary, storage, workdir)
        slug = "fuzz-" + uuid.uuid4().hex[:10]
        store.tool("orgs", "add", slug, "--name", "Fuzz")
        admin = store.tool("token", "create", "--org", slug, "--role", "admin")
        store.tool("staff", "add", "--org", slug, "--email", "ed@fuzz.example", "--role", "editor",
                   stdin="correct horse battery staple\n")
        store.start()
        try:
            # An app member, for the submission endpoints.
            member = {"email": "robin@fuzz.example", "password": "member password 1234",
                      "displayName": "Robin", "audience": "residents"}
            send(store.base, "POST", f"/v1/orgs/{slug}/members", body=member)
            status, raw = send(store.base, "POST", f"/v1/orgs/{slug}/members/session",
                               body={"email": member["email"], "password": member["password"]})
            member_token = json.loads(raw).get("accessToken") if status == 200 else None
            if member_token is None:
                problems.append(f"a member could not sign in: {status} {raw[:200]!r}")

            def record(name, status, raw):
                stats["requests"] += 1
                if status >= 500:
                    stats["5xx"] += 1
                    problems.append(f"{name}: {status} {raw[:200]!r}")
                elif status >= 400:
                    try:
                        body = json.loads(raw)
                        assert isinstance(body.get("error"), str) and isinstance(body.get("message"), str)
                    except Exception:  # noqa: BLE001 - any other shape is a finding
                        problems.append(f"{name}: {status} is not a JSON error: {raw[:200]!r}")

            # Each run of a test makes up to 100 examples; runs repeat until the test's share of
            # the time is spent. Examples past it return at once.
            budget = settings(deadline=None, max_examples=100, suppress_health_check=list(HealthCheck),
                              database=None)
            stop_at = [0.0]

            def within_time():
                return time.time() < stop_at[0]

            @budget
            @given(push_body())
            def push(body):
                if within_time():
                    record("push", *send(store.base, "POST", f"/v1/orgs/{slug}/push", admin, body))

            @budget
            @given(query_value(), query_value())
            def changes(cursor, limit):
                if within_time():
                    path = f"/v1/orgs/{slug}/changes?cursor={urllib.request.quote(cursor)}&limit={urllib.request.quote(limit)}"
                    record("changes", *send(store.base, "GET", path, admin))

            @budget
            @given(st.one_of(st.fixed_dictionaries({"email": st.one_of(st.emails(), st.text(max_size=30)),
                                                    "password": st.text(max_size=50)}), json_values()))
            def session(body):
                if within_time():
                    record("session", *send(store.base, "POST", f"/v1/orgs/{slug}/session", body=body))

            event_fields = st.fixed_dictionaries({
                "title": st.one_of(st.text(max_size=300), json_values(0)),
                "timing": st.one_of(st.sampled_from(["timed", "all-day", "untimed"]), json_values(0)),
                "startsAt": json_values(0), "endsAt": json_values(0), "startDate": json_values(0),
                "locationName": st.one_of(st.text(max_size=50), json_values(0)), "links": json_values(1),
                "audience": json_values(1), "stampValue": numbers(),
            })

            @budget
            @given(st.one_of(event_fields, json_values()), st.one_of(st.just(None), st.text(max_size=40)))
            def submit(body, record_id):
                if within_time():
                    path = f"/v1/orgs/{slug}/submissions/events"
                    if record_id is None:
                        record("submit", *send(store.base, "POST", path, member_token, body))
                    else:
                        record("edit", *send(store.base, "PUT", f"{path}/{urllib.request.quote(record_id, safe='')}",
                                             member_token, body))

            @budget
            @given(st.one_of(st.fixed_dictionaries({
                "email": st.one_of(st.emails(), st.text(max_size=30)), "password": st.text(max_size=50),
                "displayName": st.one_of(st.text(max_size=120), json_values(0)),
                "audience": st.one_of(st.sampled_from(["students", "residents"]), st.text(max_size=10))}), json_values()))
            def register(body):
                if within_time():
                    record("register", *send(store.base, "POST", f"/v1/orgs/{slug}/members", body=body))

            for test, share in ((push, 0.45), (changes, 0.2), (session, 0.1), (submit, 0.15), (register, 0.1)):
                stop_at[0] = time.time() + seconds * share
                while within_time():
                    test()
            status, raw = send(store.base, "GET", "/health")
            if status != 200 or store.proc.poll() is not None:
                problems.append(f"the store is not healthy after the fuzz: {status} {raw[:200]!r}")
        finally:
            store.stop()
    print(f"fuzz {label}: {stats['requests']} requests, {stats['5xx']} answered 5xx")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug", "steward-store"))
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    backends = [("sqlite", ["--sqlite", "{dir}/store.sqlite"])]
    if os.environ.get("STEWARD_TEST_POSTGRES_URL"):
        backends.append(("postgres", ["--postgres", os.environ["STEWARD_TEST_POSTGRES_URL"]]))
    problems = []
    for label, storage in backends:
        problems += fuzz(args.bin, storage, args.seconds, label)
    for problem in problems[:20]:
        print("FAIL:", problem)
    if problems:
        sys.exit(f"fuzz_store: {len(problems)} findings")
    print("fuzz_store: no 5xx, every error in the documented shape, the store still healthy")


if __name__ == "__main__":
    main()
