#!/usr/bin/env python3
"""The store under load: what members' apps poll, answered by steward-store, against nginx
serving the same bytes as static files in the same run.

For each backend (SQLite, then PostgreSQL) and each read-cache setting (`on`, then `off`, the
store as it was before `MemberReadCache`): makes an organization with a season's content (events,
a week of classes, bulletins, sermons with audio and the podcast settings), starts
`steward-store serve`, fetches each endpoint once to keep its exact body and entity tag, writes
those bodies as files for an nginx of its own, and drives both with Debian's `wrk` over
loopback (64 connections by default):

- `events/upcoming`, `classes` for a week, `bulletins` and `podcast.xml`, each fresh (200) and
  revalidated (304, If-None-Match with the answer's tag; nginx's own tag for nginx);
- a mixed load: the four reads in turn while 10 consoles push at the same time, each pushing
  its next change as soon as the last one was answered (every push moves the organization's
  change counter on, so the cache is emptied all along).

Prints one table: each figure as a ratio to nginx's requests per second, with the p99 latency
and the errors (socket errors and answers other than 2xx/3xx, pushes included), and whether
the goals of the issue are met (revalidated at 0.5 of nginx or better, fresh at 0.25 or better,
p99 under 50 ms, no error). `--record FILE` appends the table to FILE (docs/performance.md)
with the date, the machine and its load.

Usage: Tests/bench/store_load.py [--bin .build/release/steward-store] [--duration 10]
       [--connections 64] [--backends sqlite,postgres] [--cache on,off] [--record docs/performance.md]
PostgreSQL: --postgres-url URL, else a private cluster started with Tests/store/postgres.sh in
$STEWARD_PG_DIR (default /tmp/steward-load-pg) and stopped at the end.
"""
import argparse
import datetime
import http.client
import json
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIME_ZONE = "America/Toronto"
GOALS = {"fresh": 0.25, "revalidated": 0.5, "mixed": 0.25}
P99_GOAL_MS = 50.0


class Failure(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


# ------------------------------------------------------------------------------------------ data

def season(now):
    """What a busy small organization keeps for its members: 150 events over three months, 30
    classes a day for the coming two weeks, 30 bulletins, 60 sermons with audio, the podcast."""
    day = datetime.timedelta(days=1)
    records = [("podcast", {"title": "Grace Church Sermons", "author": "Grace Church", "ownerEmail": "office@grace.example",
                            "description": "Sunday sermons.", "artworkURL": "https://grace.example/art.jpg",
                            "language": "en", "category": "Christianity", "explicit": False})]
    for n in range(150):
        starts = now + datetime.timedelta(hours=6 + n * 14)
        records.append(("event", {
            "title": f"Gathering {n + 1}: choir, potluck and open house", "description": "All welcome. " * 12,
            "locationName": "Parish hall", "address": "12 Elm Street, Toronto", "latitude": 43.65,
            "longitude": -79.38, "timing": "timed", "startsAt": iso(starts),
            "endsAt": iso(starts + datetime.timedelta(hours=2)), "timeZone": TIME_ZONE, "startDate": None,
            "endDate": None, "imageURL": None, "links": [], "host": "Hospitality team", "contactName": "Ada",
            "contactEmail": "ada@grace.example", "contactPhone": None, "audience": [], "stampValue": 1,
            "rideSharing": False}))
    monday = (now + day * (7 - now.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    for d in range(14):
        for slot in range(30):
            starts = monday + d * day + datetime.timedelta(hours=6, minutes=30 * slot)
            records.append(("gymClass", {
                "name": f"Class {slot + 1}", "description": "Flow and strength.", "program": "Yoga",
                "sessionType": "Group Class", "startsAt": iso(starts), "endsAt": iso(starts + datetime.timedelta(minutes=45)),
                "trainer": "Priya Natarajan", "substitute": False, "cancelled": slot == 7, "location": "Ironworks",
                "room": "Studio B", "maxCapacity": 25, "webCapacity": 23, "totalBooked": 12, "totalWaitlisted": 0,
                "waitlistAvailable": False, "removed": False, "localNote": "", "featured": slot == 3}))
    for n in range(30):
        records.append(("bulletin", {
            "title": f"Bulletin for week {n + 1}", "date": (now - day * 7 * n).strftime("%Y-%m-%d"),
            "publishAt": iso(now - day * 7 * n - datetime.timedelta(hours=1)),
            "sections": [{"heading": f"Notice {k + 1}", "body": "News of the parish. " * 10, "linkLabel": "More",
                          "linkURL": "https://grace.example/news"} for k in range(4)]}))
    for n in range(60):
        records.append(("message", {
            "title": f"Sermon {n + 1}", "preachedOn": (now - day * 7 * n).strftime("%Y-%m-%d"),
            "speaker": "Rev. Ada O'Brien", "summary": "Hope and patience.", "scripture": "Isaiah 40:1-11",
            "publishAt": iso(now - day * 7 * n), "audioURL": f"https://media.grace.example/{n}.mp3",
            "audioBytes": 12_345_678, "audioType": "audio/mpeg", "duration": 2712}))
    return records, monday


def push(base, slug, token, client_id, first_id, records):
    mutations = [{"id": first_id + n, "entity": entity, "recordId": str(uuid.uuid4()), "operation": "upsert",
                  "baseVersion": 0, "fields": fields} for n, (entity, fields) in enumerate(records)]
    req = urllib.request.Request(f"{base}/v1/orgs/{slug}/push", method="POST",
                                 data=json.dumps({"clientId": client_id, "mutations": mutations}).encode(),
                                 headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as resp:
        results = json.loads(resp.read())["results"]
    refused = [r for r in results if r["status"] != "applied"]
    if refused:
        raise Failure(f"the season was not stored: {refused[:3]}")


# ------------------------------------------------------------------------------------------ processes

class Store:
    def __init__(self, binary, storage, env):
        self.binary, self.storage, self.env = binary, storage, env
        self.process = None
        self.base = None

    def tool(self, *args):
        out = subprocess.run([self.binary, *args, *self.storage], capture_output=True, text=True, timeout=120,
                             input="", env=self.env)
        if out.returncode != 0:
            raise Failure(f"steward-store {' '.join(args)}: {out.stderr.strip()}")
        return out.stdout.strip()

    def start(self):
        self.process = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", "0", *self.storage],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=self.env)
        deadline = time.time() + 120
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            if line.startswith("steward-store listening on "):
                self.base = line.split(" on ", 1)[1].strip()
                return self
        raise Failure("steward-store serve did not report listening")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()


NGINX_CONF = """\
{user}worker_processes auto;
daemon off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    types {{ application/json json; application/rss+xml xml; }}
    server {{
        listen 127.0.0.1:{port};
        location / {{ root {root}; etag on; }}
    }}
}}
"""


class StaticServer:
    """nginx serving the store's answers as files: the most a loopback HTTP server does with
    the same bytes on this machine, what each store figure is a ratio of."""

    def __init__(self, workdir, bodies):
        self.prefix = os.path.join(workdir, "nginx")
        self.root = os.path.join(self.prefix, "root")
        os.makedirs(self.root, exist_ok=True)
        for name, body in bodies.items():
            with open(os.path.join(self.root, name), "wb") as f:
                f.write(body)
        self.port = free_port()
        user = "user root;\n" if os.geteuid() == 0 else ""
        self.conf = os.path.join(self.prefix, "nginx.conf")
        with open(self.conf, "w") as f:
            f.write(NGINX_CONF.format(user=user, prefix=self.prefix, port=self.port, root=self.root))
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([binary, "-p", self.prefix, "-c", self.conf, "-e", os.path.join(self.prefix, "error.log")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                self.base = f"http://127.0.0.1:{self.port}"
                return
            except OSError:
                time.sleep(0.05)
        raise Failure("nginx did not start listening")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def get(url, headers):
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            return resp.status, resp.read(), resp.headers
    except urllib.error.HTTPError as err:
        return err.code, err.read(), err.headers


# ------------------------------------------------------------------------------------------ wrk

ROTATE = """\
local paths = {%s}
local i = 0
request = function()
  i = i %% #paths + 1
  return wrk.format("GET", paths[i])
end
"""


def wrk(url, args, headers=(), script=None):
    command = ["wrk", "-c", str(args.connections), "-t", str(args.threads), "-d", f"{args.duration}s", "--latency",
               "--timeout", "5s"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", script]
    out = subprocess.run(command + [url], capture_output=True, text=True, timeout=args.duration + 60)
    if out.returncode != 0:
        raise Failure(f"wrk failed: {out.stderr.strip()}")
    return parse_wrk(out.stdout)


def parse_wrk(text):
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", text)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    errors = 0
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    if socket_errors:
        errors += sum(int(n) for n in socket_errors.groups())
    non_ok = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if non_ok:
        errors += int(non_ok.group(1))
    return {"rate": rate, "p99": float(p99.group(1)) * scale[p99.group(2)] if p99 else float("nan"), "errors": errors}


class Consoles:
    """Consoles pushing while members read: each its own client id, pushing one bulletin edit
    after another on a connection of its own, as fast as the store answers."""

    def __init__(self, base, slug, token, count):
        self.host, self.port = base.split("//", 1)[1].rsplit(":", 1)
        self.slug, self.token, self.count = slug, token, count
        self.stop_flag = threading.Event()
        self.pushes = 0
        self.errors = 0
        self.latencies = []
        self.lock = threading.Lock()

    def console(self, n):
        client_id = f"{uuid.uuid4()}/load-console-{n}"
        record = str(uuid.uuid4())
        version = 0
        mutation = 0
        connection = http.client.HTTPConnection(self.host, int(self.port), timeout=30)
        while not self.stop_flag.is_set():
            mutation += 1
            body = json.dumps({"clientId": client_id, "mutations": [{
                "id": mutation, "entity": "bulletin", "recordId": record, "operation": "upsert", "baseVersion": version,
                "fields": {"title": f"Console {n} edit {mutation}", "date": "2026-11-29",
                           "publishAt": "2026-11-01T00:00:00.000Z"}}]})
            started = time.monotonic()
            try:
                connection.request("POST", f"/v1/orgs/{self.slug}/push", body=body,
                                   headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
                resp = connection.getresponse()
                answer = json.loads(resp.read())
                ok = resp.status == 200 and answer["results"][0]["status"] == "applied"
                if ok:
                    version = answer["results"][0]["version"]
            except (OSError, http.client.HTTPException, ValueError, KeyError):
                ok = False
                connection.close()
                connection = http.client.HTTPConnection(self.host, int(self.port), timeout=30)
            with self.lock:
                self.pushes += 1
                self.latencies.append((time.monotonic() - started) * 1000)
                if not ok:
                    self.errors += 1
                    mutation -= 1  # resent under the same id
        connection.close()

    def __enter__(self):
        self.threads = [threading.Thread(target=self.console, args=(n,), daemon=True) for n in range(self.count)]
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stop_flag.set()
        for thread in self.threads:
            thread.join(60)

    def p99(self):
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else float("nan")


# ------------------------------------------------------------------------------------------ run

def endpoints(slug, monday):
    week_end = (monday + datetime.timedelta(days=6)).strftime("%Y-%m-%d")
    return [
        ("events/upcoming", f"/v1/orgs/{slug}/events/upcoming", "upcoming.json", True),
        ("classes (a week)", f"/v1/orgs/{slug}/classes?from={monday.strftime('%Y-%m-%d')}&to={week_end}", "classes.json", True),
        ("bulletins", f"/v1/orgs/{slug}/bulletins", "bulletins.json", True),
        ("podcast.xml", f"/v1/orgs/{slug}/podcast.xml", "podcast.xml", False),
    ]


def run_block(args, backend, cache, storage, workdir, rows):
    env = dict(os.environ)
    if cache == "off":
        env["STEWARD_STORE_READ_CACHE"] = "off"
    env.setdefault("LOG_LEVEL", "warning")
    store = Store(args.bin, storage, env)
    slug = f"load-{uuid.uuid4().hex[:10]}"
    store.tool("orgs", "add", slug, "--name", "Grace Church", "--time-zone", TIME_ZONE)
    admin = store.tool("token", "create", "--org", slug, "--role", "admin")
    reader = store.tool("token", "create", "--org", slug, "--role", "reader")
    store.start()
    nginx = None
    try:
        now = datetime.datetime.now(datetime.timezone.utc)
        records, monday = season(now)
        season_client = f"{uuid.uuid4()}/season"
        for start in range(0, len(records), 500):
            push(store.base, slug, admin, season_client, start + 1, records[start:start + 500])
        reads = endpoints(slug, monday)
        auth = f"Authorization: Bearer {reader}"
        bodies, tags = {}, {}
        for name, path, file, needs_token in reads:
            status, body, headers = get(store.base + path, {"Authorization": f"Bearer {reader}"} if needs_token else {})
            if status != 200 or not headers.get("ETag"):
                raise Failure(f"{name}: answered {status}, ETag {headers.get('ETag')!r}")
            again, _, _ = get(store.base + path, {"Authorization": f"Bearer {reader}", "If-None-Match": headers["ETag"]})
            if again != 304:
                raise Failure(f"{name}: revalidation answered {again}, not 304")
            bodies[file], tags[file] = body, headers["ETag"]
        nginx = StaticServer(os.path.join(workdir, f"{backend}-{cache}"), bodies)
        for name, path, file, needs_token in reads:
            headers = [auth] if needs_token else []
            _, _, static_headers = get(f"{nginx.base}/{file}", {})
            for mode in ("fresh", "revalidated"):
                store_tag = [f"If-None-Match: {tags[file]}"] if mode == "revalidated" else []
                nginx_tag = [f"If-None-Match: {static_headers['ETag']}"] if mode == "revalidated" else []
                baseline = wrk(f"{nginx.base}/{file}", args, nginx_tag)
                measured = wrk(store.base + path, args, headers + store_tag)
                rows.append(row(name, backend, cache, mode, len(bodies[file]), measured, baseline))
                print(format_row(rows[-1]), flush=True)
        script = os.path.join(workdir, f"rotate-{backend}-{cache}.lua")
        with open(script, "w") as f:
            f.write(ROTATE % ", ".join(json.dumps(path) for _, path, _, _ in reads))
        static_script = os.path.join(workdir, f"rotate-static-{backend}-{cache}.lua")
        with open(static_script, "w") as f:
            f.write(ROTATE % ", ".join(json.dumps("/" + file) for _, _, file, _ in reads))
        baseline = wrk(nginx.base + "/", args, script=static_script)
        with Consoles(store.base, slug, admin, args.consoles) as consoles:
            measured = wrk(store.base + "/", args, [auth], script=script)
        measured["errors"] += consoles.errors
        mixed = row(f"mixed, {args.consoles} consoles pushing", backend, cache, "mixed", None, measured, baseline)
        mixed["pushes"] = consoles.pushes / args.duration
        mixed["push_p99"] = consoles.p99()
        rows.append(mixed)
        print(format_row(mixed), flush=True)
    finally:
        if nginx:
            nginx.stop()
        store.stop()


def row(name, backend, cache, mode, size, measured, baseline):
    ratio = measured["rate"] / baseline["rate"] if baseline["rate"] else 0.0
    met = ratio >= GOALS[mode] and measured["p99"] < P99_GOAL_MS and measured["errors"] == 0
    return {"endpoint": name, "backend": backend, "cache": cache, "mode": mode, "bytes": size, "rate": measured["rate"],
            "nginx": baseline["rate"], "ratio": ratio, "goal": GOALS[mode], "p99": measured["p99"],
            "errors": measured["errors"], "met": met}


HEADER = ("| endpoint | backend | cache | mode | req/s | nginx req/s | ratio | goal | p99 ms | errors | met |",
          "|---|---|---|---|---:|---:|---:|---:|---:|---:|---|")


def format_row(r):
    endpoint = r["endpoint"]
    if r.get("pushes") is not None:
        endpoint += f" ({r['pushes']:.0f} pushes/s, push p99 {r['push_p99']:.0f} ms)"
    return (f"| {endpoint} | {r['backend']} | {r['cache']} | {r['mode']} | {r['rate']:.0f} | {r['nginx']:.0f} | "
            f"{r['ratio']:.2f} | {r['goal']:.2f} | {r['p99']:.1f} | {r['errors']} | {'yes' if r['met'] else 'no'} |")


def machine():
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "")
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model or platform.machine()}), {platform.system()} {platform.release()}"


def load():
    return " ".join(f"{n:.2f}" for n in os.getloadavg())


def start_postgres(args):
    if args.postgres_url:
        return args.postgres_url, None
    env = dict(os.environ, STEWARD_PG_DIR=args.pg_dir)
    script = os.path.join(ROOT, "Tests", "store", "postgres.sh")
    out = subprocess.run([script, "start"], capture_output=True, text=True, env=env, timeout=300)
    if out.returncode != 0:
        raise Failure(f"postgres.sh start: {out.stderr.strip()}")
    return out.stdout.strip().splitlines()[-1], lambda: subprocess.run([script, "stop"], env=env, capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "steward-store"))
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--consoles", type=int, default=10)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--cache", default="on,off", help="read-cache settings to measure: on, off or both")
    parser.add_argument("--postgres-url")
    parser.add_argument("--pg-dir", default=os.environ.get("STEWARD_PG_DIR", "/tmp/steward-load-pg"))
    parser.add_argument("--record", help="append the table to this Markdown file")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("store_load: wrk is missing (apt-get install wrk, or make bench-deps)")
    if not os.access(args.bin, os.X_OK):
        sys.exit(f"store_load: no steward-store at {args.bin} (swift build -c release --product steward-store)")
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = load()
    rows = []
    stop_postgres = None
    print("\n".join(HEADER), flush=True)
    try:
        with tempfile.TemporaryDirectory(prefix="steward-load-") as workdir:
            for backend in args.backends.split(","):
                if backend == "sqlite":
                    storage = ["--sqlite", os.path.join(workdir, "store.sqlite")]
                else:
                    url, stop_postgres = start_postgres(args)
                    storage = ["--postgres", url]
                for cache in args.cache.split(","):
                    run_block(args, backend, cache, storage, workdir, rows)
    except Failure as failure:
        sys.exit(f"store_load: {failure}")
    finally:
        if stop_postgres:
            stop_postgres()
    summary = (f"{started.strftime('%Y-%m-%d %H:%M')} UTC, {machine()}; load average before {load_before}, "
               f"after {load()}; wrk -c {args.connections} -t {args.threads} -d {args.duration}s over loopback; "
               f"{os.path.relpath(args.bin, ROOT)}")
    print("\n" + summary)
    print("\n".join(HEADER))
    for r in rows:
        print(format_row(r))
    if args.record:
        with open(args.record, "a") as f:
            f.write(f"\n### {summary}\n\n" + "\n".join(HEADER) + "\n" + "\n".join(format_row(r) for r in rows) + "\n")
    return 0 if all(r["met"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
