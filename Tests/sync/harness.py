"""Processes for the end-to-end sync tests: steward-store servers, consoles driven through
stewardctl, and a TCP proxy that injects faults between them. Loopback addresses only."""
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

BIN = os.environ.get("STEWARD_BIN_DIR", ".build/debug")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Store:
    """A steward-store process on SQLite (a temp file) or on a PostgreSQL URL."""

    # Every store a test made, so the runner can stop them whatever happened.
    started = []

    def __init__(self, workdir, postgres=None, sqlite=None, name="store"):
        self.workdir = workdir
        self.postgres = postgres
        self.sqlite = sqlite or os.path.join(workdir, name + ".sqlite")
        self.name = name
        self.process = None
        self.port = None

    def storage_args(self):
        return ["--postgres", self.postgres] if self.postgres else ["--sqlite", self.sqlite]

    def run(self, *args, stdin=None):
        result = subprocess.run([os.path.join(BIN, "steward-store"), *args, *self.storage_args()],
                                capture_output=True, text=True, input=stdin, timeout=120)
        if result.returncode != 0:
            raise Failure("steward-store %s failed (%d): %s" % (" ".join(args), result.returncode, result.stderr.strip()))
        return result.stdout

    def start(self, port=None, serve_args=()):
        self.port = port or self.port or free_port()
        self.serve_args = tuple(serve_args) or getattr(self, "serve_args", ())
        log = open(os.path.join(self.workdir, "%s.log" % self.name), "a")
        self.process = subprocess.Popen(
            [os.path.join(BIN, "steward-store"), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             *self.serve_args, *self.storage_args()], stdout=subprocess.PIPE, stderr=log, text=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if "listening on" in line:
                Store.started.append(self)
                return self
            if line == "" and self.process.poll() is not None:
                raise Failure("steward-store exited with %s; see %s.log" % (self.process.returncode, self.name))
        raise Failure("steward-store did not start")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.port

    def add_org(self, slug, name):
        self.run("orgs", "add", slug, "--name", name)

    def token(self, slug, role="staff"):
        return self.run("token", "create", "--org", slug, "--role", role).strip().splitlines()[-1].strip()

    def dump(self, slug):
        return self.run("dump", "--org", slug)

    def add_staff(self, slug, email, role, password):
        self.run("staff", "add", "--org", slug, "--email", email, "--role", role, stdin=password + "\n")


class Console:
    """One console installation: its own database, driven through stewardctl."""

    def __init__(self, workdir, name):
        self.db = os.path.join(workdir, name + ".sqlite")
        self.name = name
        # Staff tokens go to a credentials folder of this console's own, never a real keyring.
        self.data_home = os.path.join(workdir, name + "-data")
        # LANGUAGE=en: the tests read stewardctl's English messages; numbers and dates follow
        # the run's locale (`make test-spanish` runs these under es_ES.UTF-8).
        self.base_env = {"STEWARD_CREDENTIALS": "file", "XDG_DATA_HOME": self.data_home, "LANGUAGE": "en"}

    @property
    def credentials_folder(self):
        return os.path.join(self.data_home, "steward", "credentials")

    def ctl(self, *args, env=None, check_exit=True, timeout=180, stdin=None):
        result = subprocess.run([os.path.join(BIN, "stewardctl"), "--db", self.db, *args],
                                capture_output=True, text=True, env=self.environment(env), timeout=timeout,
                                input=stdin if stdin is not None else "")
        if check_exit and result.returncode != 0:
            raise Failure("%s: stewardctl %s failed (%d): %s" % (self.name, " ".join(args), result.returncode,
                                                                  result.stderr.strip()))
        return result

    def environment(self, env=None):
        full_env = dict(os.environ)
        full_env.update(self.base_env)
        full_env.update(env or {})
        if not env or "STEWARD_FAILPOINT" not in env:
            full_env.pop("STEWARD_FAILPOINT", None)
        return full_env

    def spawn(self, *args, env=None):
        """`stewardctl ARGS` in the background (for a store to be killed meanwhile): the Popen."""
        return subprocess.Popen([os.path.join(BIN, "stewardctl"), "--db", self.db, *args], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.environment(env))

    def json(self, *args):
        return json.loads(self.ctl(*args, "--json").stdout)

    def add_org(self, slug, name, zone="America/Chicago", kind="church"):
        self.ctl("orgs", "add", slug, "--name", name, "--time-zone", zone, "--kind", kind)

    def connect(self, store_url, token, slug):
        self.ctl("remote", "set", "--url", store_url, "--token", token, "--org", slug)

    def sign_in(self, store_url, slug, email, password, **kwargs):
        return self.ctl("sign-in", "--url", store_url, "--org", slug, "--email", email, stdin=password + "\n", **kwargs)

    def sync(self, slug, **kwargs):
        return self.ctl("sync", "--org", slug, **kwargs)

    def dump(self, slug):
        return self.ctl("dump", "--org", slug).stdout

    def add_event(self, slug, title, starts="2026-12-06T10:30", ends="2026-12-06T11:30", **fields):
        args = ["events", "add", "--org", slug, "--title", title, "--starts", starts, "--ends", ends]
        for key, value in fields.items():
            args += ["--" + key.replace("_", "-"), str(value)]
        return self.ctl(*args).stdout.splitlines()[0].strip()

    def update_event(self, slug, event_id, **fields):
        args = ["events", "update", event_id, "--org", slug]
        for key, value in fields.items():
            args += ["--" + key.replace("_", "-"), str(value)]
        self.ctl(*args)

    def remove_event(self, slug, event_id):
        self.ctl("events", "remove", event_id, "--org", slug)

    def add_record(self, slug, kind, **fields):
        """`stewardctl KIND add` (funds, series, messages, bulletins): the new id."""
        args = [kind, "add", "--org", slug]
        for key, value in fields.items():
            args += ["--" + key.replace("_", "-"), str(value)]
        return self.ctl(*args).stdout.splitlines()[0].strip()

    def update_record(self, slug, kind, record_id, **fields):
        args = [kind, "update", record_id, "--org", slug]
        for key, value in fields.items():
            args += ["--" + key.replace("_", "-"), str(value)]
        self.ctl(*args)

    def remove_record(self, slug, kind, record_id, check_exit=True):
        return self.ctl(kind, "remove", record_id, "--org", slug, check_exit=check_exit)

    def event_ids(self, slug):
        return [e["id"] for e in self.json("events", "list", "--org", slug)]

    def outbox_count(self, slug=None):
        import sqlite3
        with sqlite3.connect(self.db) as db:
            if slug is None:
                return db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
            return db.execute("SELECT COUNT(*) FROM outbox JOIN organization ON organization.id = outbox.orgId "
                              "WHERE organization.slug = ?", (slug,)).fetchone()[0]


class FaultProxy:
    """A TCP proxy in front of a store. Each accepted connection takes the next fault from a
    queue (or passes through): 'drop-response' forwards the request and swallows the store's
    answer (the store committed; the console never hears), 'fail-503' answers 503 without
    forwarding, 'delay:S' waits S seconds before forwarding, 'refuse' closes at once.
    `on_next_push(hook)` is apart from the queue: the next push request is forwarded, then
    `hook()` runs (it kills the store, say) before the answer is read."""

    def __init__(self, target_port):
        self.target_port = target_port
        self.faults = []
        self.lock = threading.Lock()
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        self.seen = []
        self.push_hook = None
        self.running = True
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.port

    def queue(self, *faults):
        with self.lock:
            self.faults.extend(faults)

    def on_next_push(self, hook):
        with self.lock:
            self.push_hook = hook

    def close(self):
        self.running = False
        self.server.close()

    def _accept(self):
        while self.running:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client):
        # One request per connection keeps fault accounting exact.
        with self.lock:
            fault = self.faults.pop(0) if self.faults else "pass"
        self.seen.append(fault)
        try:
            request = self._read_http(client)
            if request is None:
                return
            hook = None
            if request.startswith(b"POST ") and b"/push " in request.split(b"\r\n", 1)[0]:
                with self.lock:
                    hook, self.push_hook = self.push_hook, None
            if fault == "refuse":
                return
            if fault == "fail-503":
                body = b'{"error":"unavailable","message":"injected"}'
                client.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                               b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
                return
            if fault.startswith("delay:"):
                time.sleep(float(fault.split(":")[1]))
            upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=60)
            # Ask the store to close after answering, so the response ends with the connection.
            upstream.sendall(self._force_close(request))
            if hook:
                hook()
            response = self._read_http(upstream)
            upstream.close()
            if fault == "drop-response" or response is None:
                return
            client.sendall(response)
        except OSError:
            pass
        finally:
            client.close()

    @staticmethod
    def _force_close(request):
        head, _, body = request.partition(b"\r\n\r\n")
        lines = [l for l in head.split(b"\r\n") if not l.lower().startswith(b"connection:")]
        return b"\r\n".join(lines) + b"\r\nConnection: close\r\n\r\n" + body

    @staticmethod
    def _read_http(sock):
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                return None if not data else data
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        length = None
        chunked = False
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
            if name.strip().lower() == b"transfer-encoding" and b"chunked" in value.lower():
                chunked = True
        if chunked:
            while not rest.endswith(b"0\r\n\r\n"):
                chunk = sock.recv(65536)
                if not chunk:
                    break
                rest += chunk
        elif length is not None:
            while len(rest) < length:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                rest += chunk
        return head + b"\r\n\r\n" + rest


def dump_versions(dump_text):
    return [json.loads(line)["version"] for line in dump_text.splitlines() if line.strip()]


class Workdir:
    def __enter__(self):
        self.path = tempfile.mkdtemp(prefix="steward-sync-")
        return self.path

    def __exit__(self, kind, value, tb):
        if kind is None or os.environ.get("STEWARD_KEEP_TMP") != "1":
            shutil.rmtree(self.path, ignore_errors=True)
