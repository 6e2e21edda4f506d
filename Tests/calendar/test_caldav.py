#!/usr/bin/env python3
"""`stewardctl calendar publish` against a real CalDAV server, Radicale (Tests/calendar/radicale.sh),
through a small proxy that logs every request the tool sends. What is published is read back
with plain HTTP and python's icalendar: one resource per event at <calendar>/<id>.ics, the UID the
export writes, a weekly series' RRULE and EXDATE. A second publish sends no PUT; an update is one
PUT, a removal one DELETE after which the resource answers 404; a resource changed directly on
Radicale is reported as a conflict (exit 1) and --force overwrites it. A wrong password and an
address that is not http(s) are refused with the promised messages and exit codes.
Run with Debian's python3 (python3-icalendar); STEWARD_BIN_DIR names the built binaries."""

import base64
import http.client
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import urllib.parse

import icalendar

BIN = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
HERE = os.path.dirname(os.path.abspath(__file__))
PASSWORD = "secret"
AUTH = "Basic " + base64.b64encode(f"steward:{PASSWORD}".encode()).decode()


class Proxy:
    """Forwards every request to Radicale and keeps (method, path) of each."""

    def __init__(self, target):
        self.target = urllib.parse.urlsplit(target)
        self.log = []
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                proxy.log.append((self.command, self.path))
                connection = http.client.HTTPConnection(proxy.target.hostname, proxy.target.port, timeout=30)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection.request(self.command, self.path, body=body, headers=headers)
                answer = connection.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for name, value in answer.getheaders():
                    if name.lower() not in ("connection", "transfer-encoding", "content-length"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)
                connection.close()

            do_GET = do_PUT = do_HEAD = do_DELETE = do_PROPFIND = do_MKCALENDAR = do_REPORT = forward

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def methods(self):
        return [method for method, _ in self.log]


def request(url, method="GET", body=None, headers=None):
    """Straight to Radicale, as another calendar program would."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request(method, parts.path, body=body, headers={"Authorization": AUTH, **(headers or {})})
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, dict((k.lower(), v) for k, v in answer.getheaders()), data


def fail(message):
    sys.exit("test_caldav: FAILED: " + message)


def check(condition, message):
    if not condition:
        fail(message)


def main():
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8", RADICALE_TEST_DIR=os.path.join(folder, "radicale"),
                   RADICALE_TEST_PASSWORD=PASSWORD, HOME=folder, XDG_DATA_HOME=os.path.join(folder, "xdg"))
        radicale = os.path.join(HERE, "radicale.sh")
        base = subprocess.run(["bash", radicale, "start"], env=env, capture_output=True, text=True, check=True).stdout.strip()
        try:
            run(folder, env, base)
        finally:
            subprocess.run(["bash", radicale, "stop"], env=env, check=False)
    print("test_caldav: all checks passed")


def run(folder, env, base):
    db = os.path.join(folder, "console.sqlite")
    ctl_path = os.path.join(BIN, "stewardctl")

    def ctl(*words, expect=0, password=None):
        done = subprocess.run([ctl_path, "--db", db, *words], capture_output=True, text=True, env=env,
                              input=None if password is None else password + "\n")
        if expect is not None and done.returncode != expect:
            fail(f"stewardctl {' '.join(words)} exited {done.returncode}, not {expect}: {done.stdout}{done.stderr}")
        return done

    def add(*words):
        return ctl("events", "add", "--org", "city", *words).stdout.splitlines()[0]

    proxy = Proxy(base)
    calendar = proxy.url + "/steward/events/"
    direct = base.rstrip("/") + "/steward/events/"

    def publish(*extra, expect=0, password=PASSWORD):
        return ctl("calendar", "publish", "--org", "city", "--caldav", calendar, "--user", "steward", "--password-stdin",
                   *extra, expect=expect, password=password)

    ctl("orgs", "add", "city", "--name", "City Hall", "--time-zone", "America/Chicago", "--kind", "church")
    weekly = add("--title", "Prayer", "--starts", "2026-12-02T19:00", "--ends", "2026-12-02T20:00",
                 "--repeat", "FREQ=WEEKLY;BYDAY=WE;COUNT=8")
    ctl("events", "remove", "--org", "city", weekly, "--occurrence", "2026-12-09T19:00")
    concert = add("--title", "Concert", "--starts", "2026-12-12T18:00", "--ends", "2026-12-12T20:00")
    fair = add("--title", "Fair", "--all-day", "--starts", "2026-12-19")
    ids = {weekly, concert, fair}

    # First publish: the calendar is made and each event added.
    out = publish().stdout
    check(out.strip() == f"Published to {calendar}: 3 added, 0 updated, 0 removed, 0 unchanged", f"first publish said {out!r}")
    check("MKCALENDAR" in proxy.methods(), f"the calendar was not made: {proxy.methods()}")

    # Read back with plain HTTP: PROPFIND lists the resources, GET each.
    status, _, listing = request(direct, "PROPFIND", b'<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
                                 {"Depth": "1", "Content-Type": "application/xml"})
    check(status == 207, f"PROPFIND answered {status}")
    hrefs = sorted(set(re.findall(r"/steward/events/([0-9a-f-]{36})\.ics", listing.decode())))
    check(set(hrefs) == ids, f"the calendar holds {hrefs}, not {sorted(ids)}")
    for event in ids:
        status, _, body = request(direct + event + ".ics")
        check(status == 200, f"GET {event}.ics answered {status}")
        parsed = icalendar.Calendar.from_ical(body)
        check("METHOD" not in parsed, f"{event}.ics has a METHOD")
        vevents = [c for c in parsed.walk("VEVENT")]
        check([str(c["UID"]) for c in vevents] == [event + "@steward"], f"{event}.ics UIDs: {[str(c['UID']) for c in vevents]}")
        if event == weekly:
            rule = vevents[0]["RRULE"]
            check(rule.get("FREQ") == ["WEEKLY"] and rule.get("BYDAY") == ["WE"] and rule.get("COUNT") == [8], f"RRULE {rule}")
            exdate = vevents[0]["EXDATE"]
            exdates = [d.dt.strftime("%Y-%m-%dT%H:%M") for item in (exdate if isinstance(exdate, list) else [exdate]) for d in item.dts]
            check(exdates == ["2026-12-09T19:00"], f"EXDATE {exdates}")
            check(vevents[0]["DTSTART"].params.get("TZID") == "America/Chicago" and "BEGIN:VTIMEZONE" in body.decode(),
                  "the series' start is not in America/Chicago with its VTIMEZONE")

    # Again: nothing changed, nothing sent.
    proxy.log.clear()
    out = publish().stdout
    check(out.strip() == f"Published to {calendar}: 0 added, 0 updated, 0 removed, 3 unchanged", f"second publish said {out!r}")
    check(not any(m in ("PUT", "DELETE") for m in proxy.methods()), f"a second publish sent {proxy.methods()}")

    # One event changed: one PUT.
    ctl("events", "update", "--org", "city", concert, "--title", "Winter concert")
    proxy.log.clear()
    out = publish().stdout
    check(out.strip() == f"Published to {calendar}: 0 added, 1 updated, 0 removed, 2 unchanged", f"after an update: {out!r}")
    check(proxy.log.count(("PUT", f"/steward/events/{concert}.ics")) == 1 and proxy.methods().count("PUT") == 1,
          f"an update sent {proxy.log}")
    check(b"SUMMARY:Winter concert" in request(direct + concert + ".ics")[2], "the update is not on the server")

    # One event removed: one DELETE, and the resource is gone.
    ctl("events", "remove", "--org", "city", fair)
    out = json.loads(publish("--json").stdout)
    check(out["removed"] == [fair] and out["added"] == [] and out["updated"] == [] and out["unchanged"] == 2 and out["conflicts"] == [],
          f"after a removal: {out}")
    check(request(direct + fair + ".ics")[0] == 404, "the removed event's resource is still there")

    # Someone edits the concert in their calendar program; the console changes it too.
    status, headers, body = request(direct + concert + ".ics")
    edited = body.replace(b"SUMMARY:Winter concert", b"SUMMARY:Edited on the phone")
    status, _, _ = request(direct + concert + ".ics", "PUT", edited, {"Content-Type": "text/calendar", "If-Match": headers["etag"]})
    check(status in (200, 201, 204), f"the direct edit answered {status}")
    ctl("events", "update", "--org", "city", concert, "--title", "Christmas concert")
    done = publish(expect=1)
    check(f"changed on the calendar server since the last publish: Christmas concert ({concert})" in done.stderr,
          f"the conflict was not reported: {done.stderr!r}")
    check(b"Edited on the phone" in request(direct + concert + ".ics")[2], "the edit made on the server was overwritten")
    done = publish("--json", expect=1)
    check(json.loads(done.stdout)["conflicts"] == [{"id": concert, "title": "Christmas concert"}], f"--json conflicts: {done.stdout}")
    out = publish("--force").stdout
    check(out.strip() == f"Published to {calendar}: 0 added, 1 updated, 0 removed, 1 unchanged", f"--force said {out!r}")
    check(b"SUMMARY:Christmas concert" in request(direct + concert + ".ics")[2], "--force did not overwrite")
    check(publish().stdout.strip().endswith(": 0 added, 0 updated, 0 removed, 2 unchanged"), "after --force the next run sent something")

    # Refusals.
    done = publish(expect=1, password="wrong")
    check("the calendar server refused the user name or password" in done.stderr, f"a wrong password: {done.stderr!r}")
    done = ctl("calendar", "publish", "--org", "city", "--caldav", "ftp://example.org/cal/", "--user", "steward", "--password-stdin",
               expect=2, password=PASSWORD)
    check("caldav:" in done.stderr, f"a non-http address: {done.stderr!r}")


if __name__ == "__main__":
    main()
