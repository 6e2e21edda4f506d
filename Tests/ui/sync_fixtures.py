"""What the sync tests run next to the window: a real steward-store on loopback (SQLite in a
temporary folder) and stewardctl on the console's database. Loopback addresses only."""

import json
import os
import re
import signal
import sqlite3
import subprocess
import time

from accessibility import Failure


class StoreServer:
    """A steward-store with its SQLite database in `folder`; `serve` runs as a child process."""

    def __init__(self, bin_dir, folder):
        self.binary = os.path.join(bin_dir, "steward-store")
        self.folder = folder
        self.database = os.path.join(folder, "store.sqlite")
        self.log_path = os.path.join(folder, "store.log")
        self.process = None
        self.port = None
        self.host = "127.0.0.1"

    def run(self, *args, stdin=None):
        result = subprocess.run([self.binary, *args, "--sqlite", self.database], input=stdin,
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise Failure(f"steward-store {' '.join(args)} failed ({result.returncode}): {result.stderr.strip()}")
        return result.stdout

    def add_org(self, slug, name, zone):
        self.run("orgs", "add", slug, "--name", name, "--time-zone", zone)

    def add_staff(self, slug, email, role, password):
        self.run("staff", "add", "--org", slug, "--email", email, "--role", role, stdin=password + "\n")

    def token(self, slug, role):
        return self.run("token", "create", "--org", slug, "--role", role).strip().splitlines()[-1].strip()

    def dump(self, slug):
        return self.run("dump", "--org", slug)

    def start(self, port=0, host="127.0.0.1", serve_args=()):
        """Starts serving on `host` and `port` (0: a free one, read back from the listening line);
        `serve_args` are more of `serve`'s options (a VAPID key for push)."""
        self.host = host
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", host, "--port", str(port), "--sqlite", self.database, *serve_args],
            stdout=subprocess.PIPE, stderr=log, text=True)
        log.close()
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stdout.readline()
            found = re.search(r"listening on http://[^\s:]+:(\d+)", line)
            if found:
                self.port = int(found.group(1))
                return self
            if line == "" and self.process.poll() is not None:
                raise Failure(f"steward-store serve exited with {self.process.returncode}; see {self.log_path}")
        raise Failure("steward-store serve did not say where it listens within 60 s")

    @property
    def url(self):
        return f"http://{self.host}:{self.port}"

    def kill(self):
        """Stops the store at once, as a crash or a pulled cable would."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        self.process = None

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


class ConsoleCtl:
    """stewardctl on one console database, with the same environment as the window's."""

    def __init__(self, bin_dir, database, env):
        self.binary = os.path.join(bin_dir, "stewardctl")
        self.database = database
        self.env = env

    def run(self, *args, stdin=None, check=True):
        result = subprocess.run([self.binary, "--db", self.database, *args], input=stdin, env=self.env,
                                capture_output=True, text=True, timeout=300)
        if check and result.returncode != 0:
            raise Failure(f"stewardctl {' '.join(args)} failed ({result.returncode}): {result.stderr.strip()}")
        return result

    def json(self, *args):
        return json.loads(self.run(*args, "--json").stdout)

    def dump(self, slug):
        return self.run("dump", "--org", slug).stdout

    def outbox_count(self, org_id):
        """Changes of one organization still waiting to be sent (ids are stored as lower-case text)."""
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=10) as db:
            return db.execute("SELECT count(*) FROM outbox WHERE orgId = ?", (org_id.lower(),)).fetchone()[0]


def dump_records(dump_text):
    return [json.loads(line) for line in dump_text.splitlines() if line.strip()]


def record_titled(dump_text, title):
    found = [r for r in dump_records(dump_text) if r.get("fields", {}).get("title") == title]
    return found[0] if len(found) == 1 else None


def assert_same_dumps(store_dump, console_dump):
    """The canonical dumps are byte-identical when both sides hold the same records."""
    if store_dump == console_dump:
        return
    store_lines, console_lines = set(store_dump.splitlines()), set(console_dump.splitlines())
    only_store, only_console = sorted(store_lines - console_lines), sorted(console_lines - store_lines)
    raise Failure(f"the store's dump and the console's differ: {len(only_store)} lines only in the store, "
                  f"{len(only_console)} only in the console; e.g. {(only_store + only_console)[:2]}")
