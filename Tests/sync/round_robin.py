"""nginx (Debian's package) as a round-robin reverse proxy in front of several steward-store
processes, as docs/scaling-out.md describes a scaled-out store: its own nginx.conf, pid, logs and
temp folders under the test's folder, in the foreground, on a free loopback port."""
import os
import shutil
import signal
import socket
import subprocess
import time

from harness import Failure, free_port

# What each line of the access log says: which store process answered which request, and how.
LOG_FORMAT = '$upstream_addr $status $request_method $uri'

CONF = """\
{user}worker_processes 1;
daemon off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log notice;
events {{ worker_connections 256; }}
http {{
    log_format steward '{log_format}';
    access_log {prefix}/access.log steward;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    upstream steward_store {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 16m;
        location / {{
            proxy_pass http://steward_store;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 120s;
        }}
    }}
}}
"""


def socket_request(port, request):
    """One raw HTTP/1.0 request to loopback; the answer's bytes."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(request)
        answer = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return answer
            answer += chunk


def nginx_binary():
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if not found:
        raise Failure("nginx is not installed: apt-get install nginx (make test-deps installs it)")
    return found


class RoundRobinProxy:
    """nginx sending each request to the next store process in turn. A process that refuses a
    connection is skipped for a second (`max_fails=1 fail_timeout=1s`), so a killed one is
    routed around and a restarted one gets requests again at once; a request cut off inside a
    killed process answers 502, which the console retries like any 5xx."""

    def __init__(self, workdir, store_ports):
        self.prefix = os.path.join(workdir, "nginx")
        os.makedirs(self.prefix, exist_ok=True)
        self.port = free_port()
        self.store_ports = list(store_ports)
        servers = "\n".join("        server 127.0.0.1:%d max_fails=1 fail_timeout=1s;" % p for p in self.store_ports)
        # Under root the master process would hand its workers to `nobody`, who cannot enter the
        # test's private folder; anyone else runs nginx as themselves.
        user = "user root;\n" if os.geteuid() == 0 else ""
        self.conf = os.path.join(self.prefix, "nginx.conf")
        with open(self.conf, "w") as f:
            f.write(CONF.format(user=user, prefix=self.prefix, port=self.port, servers=servers,
                                log_format=LOG_FORMAT))
        self.process = None

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.port

    def start(self):
        stderr = open(os.path.join(self.prefix, "stderr.log"), "a")
        self.process = subprocess.Popen([nginx_binary(), "-p", self.prefix, "-c", self.conf,
                                         "-e", os.path.join(self.prefix, "error.log")],
                                        stdout=stderr, stderr=stderr)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise Failure("nginx exited with %s: %s" % (self.process.returncode, self.errors()))
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise Failure("nginx did not start listening: %s" % self.errors())

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def errors(self):
        path = os.path.join(self.prefix, "error.log")
        return open(path).read()[-2000:] if os.path.exists(path) else ""

    def log_mark(self):
        """Where the access log ends now: `answered(since=mark)` reads only what follows."""
        path = os.path.join(self.prefix, "access.log")
        return os.path.getsize(path) if os.path.exists(path) else 0

    def aim_at(self, port, tries=8):
        """Sends GET /health until the store before `port` in the rotation answered last, so that
        the next request goes to `port` (unless it is skipped after a recent failure)."""
        before = self.store_ports[(self.store_ports.index(port) - 1) % len(self.store_ports)]
        for _ in range(tries):
            mark = self.log_mark()
            socket_request(self.port, b"GET /health HTTP/1.0\r\nHost: steward\r\n\r\n")
            answered = self.answered(since=mark)
            if answered and answered[-1][0] == before:
                return True
        return False

    def answered(self, since=0):
        """(store port, status, method, path) of each request logged after `since`. nginx writes
        the line when the answer is sent; a request it passed on to a second process after the
        first refused the connection names both ("127.0.0.1:A, 127.0.0.1:B"): the last one
        answered."""
        path = os.path.join(self.prefix, "access.log")
        if not os.path.exists(path):
            return []
        with open(path, "rb") as f:
            f.seek(since)
            lines = f.read().decode().splitlines()
        rows = []
        for line in lines:
            upstream, status, method, uri = line.rsplit(" ", 3)
            last = upstream.split(",")[-1].strip()
            port = int(last.rsplit(":", 1)[1]) if ":" in last else None
            rows.append((port, int(status), method, uri))
        return rows
