"""Killing steward-store processes (kill -9) and finding which one is in the middle of a push.

On PostgreSQL a push locks its organization's row before anything else and holds it until
commit. A test that holds that lock itself (from psql) makes the next push wait inside its
transaction; pg_stat_activity then names the waiting connection's client port, and /proc tells
which store process owns that socket. Killing that process is a kill mid-push, for certain."""
import os
import subprocess
import time
import uuid

from harness import Failure

LOCK_APP = "steward-test-org-lock"


def kill(store):
    """kill -9: no shutdown, no flush, as a power cut or the OOM killer would."""
    process = store.process
    if process and process.poll() is None:
        process.kill()
        process.wait()
    store.process = None


def restart(store):
    """The same process again on the same port (a proxy in front keeps its address)."""
    kill(store)
    return store.start(port=store.port)


def psql(url, sql):
    result = subprocess.run(["psql", url, "-qAt", "-v", "ON_ERROR_STOP=1", "-c", sql], capture_output=True,
                            text=True, timeout=60)
    if result.returncode != 0:
        raise Failure("psql failed: %s" % result.stderr.strip())
    return result.stdout.strip()


class OrgRowLock:
    """Holds `SELECT … FROM orgs WHERE slug = … FOR UPDATE` in an open transaction of its own."""

    def __init__(self, url, slug):
        self.url = url
        self.tag = "%s-%s" % (LOCK_APP, uuid.uuid4().hex[:8])
        env = dict(os.environ, PGAPPNAME=self.tag)
        self.session = subprocess.Popen(["psql", url, "-qAt", "-v", "ON_ERROR_STOP=1"], stdin=subprocess.PIPE,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, env=env)
        self.session.stdin.write("BEGIN;\nSELECT slug FROM orgs WHERE slug = '%s' FOR UPDATE;\n" % slug.replace("'", "''"))
        self.session.stdin.flush()
        self._wait_for("state = 'idle in transaction' AND query LIKE '%FOR UPDATE%'", "the lock was not taken")

    def _wait_for(self, condition, message, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if psql(self.url, "SELECT count(*) FROM pg_stat_activity WHERE application_name = '%s' AND %s"
                    % (self.tag, condition)) == "1":
                return
            time.sleep(0.05)
        raise Failure(message)

    def waiting_client_ports(self):
        """The client ports of the connections waiting for a lock in this database."""
        rows = psql(self.url, "SELECT client_port FROM pg_stat_activity WHERE datname = current_database() "
                              "AND wait_event_type = 'Lock' AND application_name <> '%s'" % self.tag)
        return [int(r) for r in rows.split()] if rows else []

    def release(self):
        if self.session.poll() is None:
            self.session.stdin.write("ROLLBACK;\n\\q\n")
            self.session.stdin.flush()
            self.session.stdin.close()
            self.session.wait(30)


def socket_inodes(local_port):
    """The inodes of this machine's TCP sockets whose local port is `local_port`."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        with open(table) as f:
            next(f)
            for line in f:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == local_port:
                    inodes.add(fields[9])
    return inodes


def owner_of(local_port, stores):
    """The store process that owns the socket on `local_port`, or None."""
    wanted = {"socket:[%s]" % inode for inode in socket_inodes(local_port)}
    for store in stores:
        if not store.process or store.process.poll() is not None:
            continue
        folder = "/proc/%d/fd" % store.process.pid
        try:
            for fd in os.listdir(folder):
                try:
                    if os.readlink(os.path.join(folder, fd)) in wanted:
                        return store
                except OSError:
                    continue
        except OSError:
            continue
    return None


def kill_mid_push(stores, slug, start_push, timeout=60):
    """Holds the org's row lock, calls `start_push()` (which starts a push through any of
    `stores`, e.g. a console's sync in the background), waits until a store's connection waits
    for the lock inside its push transaction, kills that store with SIGKILL, releases the lock
    and answers the store killed. All stores share one PostgreSQL database."""
    lock = OrgRowLock(stores[0].postgres, slug)
    try:
        start_push()
        deadline = time.time() + timeout
        while time.time() < deadline:
            for port in lock.waiting_client_ports():
                victim = owner_of(port, stores)
                if victim is not None:
                    kill(victim)
                    return victim
            time.sleep(0.05)
        raise Failure("no store process started a push within %d s" % timeout)
    finally:
        lock.release()

