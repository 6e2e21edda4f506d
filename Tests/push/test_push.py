"""End-to-end push notifications: real steward-store processes send announcements written with
stewardctl to a fake Web Push service (fake_web_push.py) that decrypts every message with the
subscription's keys and checks the store's VAPID signature, as a browser's push service would.

Checked: the audience gets the message once per device, with its title and text; a device its
service calls gone is removed; a service that asks to wait gets the message later; a scheduled
announcement waits for its time; the report comes back to the console; an event's reminder
reaches its audience before it starts; two store processes on
one PostgreSQL send each message to each device once; a store killed with SIGKILL mid-delivery
sends the rest when it is back, repeating only what was in flight, under the same Topic (the
collapse id the push service replaces a waiting copy by).

Run: python3 Tests/push/test_push.py [-k NAME[,NAME...]]   (STEWARD_BIN_DIR, STEWARD_TEST_POSTGRES_URL)"""
import json
import os
import re
import signal
import subprocess
import sys
import time
import traceback
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sync"))
sys.path.insert(0, HERE)
from harness import Console, Failure, Store, Workdir, check  # noqa: E402
from fake_web_push import FakeWebPush, b64url  # noqa: E402
from fake_apns import FakeAPNs  # noqa: E402
from fake_fcm import FakeFCM  # noqa: E402

from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec, rsa  # noqa: E402

POSTGRES = os.environ.get("STEWARD_TEST_POSTGRES_URL")
PASSWORD = "correct horse battery staple"


def fresh_postgres_url():
    base, _, _ = POSTGRES.rpartition("/")
    name = "p_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", POSTGRES, "-q", "-c", "CREATE DATABASE %s" % name], check=True, capture_output=True)
    return base + "/" + name


def http(method, url, body=None, token=None):
    request = urllib.request.Request(url, method=method, data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
            return answer.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        text = error.read()
        return error.code, json.loads(text) if text else None


class Office:
    """A store that sends Web Push, an organization on it, and a console connected to it."""

    def __init__(self, workdir, postgres=None, stores=1, lease=5, extra_args=()):
        self.workdir = workdir
        self.slug = "grace-" + uuid.uuid4().hex[:6]
        key = ec.generate_private_key(ec.SECP256R1())
        self.vapid_public = b64url(key.public_key().public_bytes(serialization.Encoding.X962,
                                                                 serialization.PublicFormat.UncompressedPoint))
        self.pem = os.path.join(workdir, "vapid.pem")
        with open(self.pem, "wb") as out:
            out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL,
                                        serialization.NoEncryption()))
        url = fresh_postgres_url() if postgres else None
        self.stores = [Store(workdir, postgres=url, name="store%d" % index) for index in range(stores)]
        if not url:
            self.stores[0].sqlite = os.path.join(workdir, "store.sqlite")
        self.stores[0].add_org(self.slug, "Grace Community Church")
        token = self.stores[0].token(self.slug, "staff")
        self.serve_args = ["--vapid-key-file", self.pem, "--vapid-subject", "mailto:office@grace.example",
                           "--allow-private-push-endpoints", "--push-lease", str(lease), *extra_args]
        for store in self.stores:
            store.start(serve_args=self.serve_args)
        self.store = self.stores[0]
        self.fake = FakeWebPush(self.vapid_public)
        self.console = Console(workdir, "office")
        self.console.add_org(self.slug, "Grace Community Church")
        self.console.connect(self.store.url, token, self.slug)

    def api(self, path):
        return self.store.url + "/v1/orgs/%s/%s" % (self.slug, path)

    def member(self, name, audience="students"):
        email = "%s-%s@grace.example" % (name, uuid.uuid4().hex[:6])
        status, _ = http("POST", self.api("members"), {"email": email, "password": PASSWORD, "displayName": name,
                                                       "audience": audience})
        check(status == 201, "registering %s answered %d" % (name, status))
        status, tokens = http("POST", self.api("members/session"), {"email": email, "password": PASSWORD})
        check(status == 200, "signing in %s answered %d" % (name, status))
        return tokens["accessToken"]

    def token_device(self, member_token, platform, token):
        status, device = http("POST", self.api("me/devices"), {"platform": platform, "token": token}, token=member_token)
        check(status == 201, "registering %s token answered %d: %s" % (platform, status, device))

    def device(self, member_token, name, behaviour="ok"):
        endpoint, keys = self.fake.subscribe(name, behaviour)
        status, device = http("POST", self.api("me/devices"), {"platform": "webpush", "endpoint": endpoint, "keys": keys},
                              token=member_token)
        check(status == 201, "registering device %s answered %d: %s" % (name, status, device))
        return device["id"]

    def announce(self, title, body, *extra):
        out = self.console.ctl("announcements", "add", "--org", self.slug, "--title", title, "--body", body, *extra).stdout
        announcement = out.splitlines()[0].strip()
        self.console.sync(self.slug)
        return announcement

    def report(self, announcement):
        return json.loads(self.console.ctl("announcements", "report", announcement, "--org", self.slug, "--json").stdout)

    def wait_for_report(self, announcement, timeout=60):
        deadline = time.time() + timeout
        report = None
        while time.time() < deadline:
            report = self.report(announcement)
            if report["sentAt"] is not None and report["pending"] == 0:
                return report
            time.sleep(0.5)
        raise Failure("the report of %s never finished: %s" % (announcement, report))

    def close(self):
        self.fake.close()


def test_delivered_to_its_audience(workdir):
    office = Office(workdir)
    try:
        status, key = http("GET", office.api("push/web-push-key"))
        check(status == 200 and key == {"publicKey": office.vapid_public}, "web-push-key: %s %s" % (status, key))
        ana, ben, cy = office.member("Ana"), office.member("Ben"), office.member("Cy", audience="residents")
        office.device(ana, "ana-phone")
        office.device(ana, "ana-old-laptop", "gone")
        office.device(ben, "ben-phone", "busy-once")
        office.device(cy, "cy-phone")
        announcement = office.announce("Service moved to 11:00", "Because of the snow, Sunday's service starts at 11:00.",
                                       "--audience", "students", "--send-now")
        check(office.fake.wait_for(2), "delivered: %s; refused: %s" % (office.fake.received, office.fake.refused))
        report = office.wait_for_report(announcement)
        check(office.fake.refused == [], "the fake refused: %s" % office.fake.refused)
        names = sorted(name for name, _, _ in office.fake.received)
        check(names == ["ana-phone", "ben-phone"], "delivered to %s" % names)
        for _, payload, headers in office.fake.received:
            check(payload["title"] == "Service moved to 11:00", "payload %s" % payload)
            check(payload["body"].startswith("Because of the snow"), "payload %s" % payload)
            check(payload["id"] == "announcement:" + announcement, "payload %s" % payload)
            check(0 < int(headers["ttl"]) <= 2 * 86400, "TTL %s" % headers["ttl"])
        check((report["devices"], report["delivered"], report["failed"], report["removed"]) == (3, 2, 0, 1),
              "report %s" % report)
        status, mine = http("GET", office.api("me/devices"), token=ana)
        check([item["endpoint"].rsplit("/", 1)[-1] for item in mine["items"]] == ["ana-phone"],
              "the gone device is removed: %s" % mine)
        text = office.console.ctl("announcements", "report", announcement, "--org", office.slug).stdout
        check("3 devices" in text and "2 delivered" in text and "1 removed" in text, "report text: %s" % text)
    finally:
        office.close()


def test_scheduled_waits_for_its_time(workdir):
    office = Office(workdir)
    try:
        office.device(office.member("Ana"), "ana-phone")
        when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 6))
        announcement = office.announce("Picnic at noon", "Bring a chair.", "--send-at", when)
        time.sleep(3)
        check(office.fake.received == [], "sent before its time: %s" % office.fake.received)
        check(office.report(announcement)["sentAt"] is None, "reported before its time")
        check(office.fake.wait_for(1, timeout=30), "never sent at its time")
        draft = office.announce("Draft", "Not yet.", "--draft")
        time.sleep(2)
        check(len(office.fake.received) == 1, "a draft was sent: %s" % office.fake.received)
        check(office.report(draft)["sentAt"] is None, "a draft has no report")
    finally:
        office.close()


def test_event_reminder(workdir):
    office = Office(workdir)
    try:
        office.device(office.member("Ana"), "ana-phone")
        office.device(office.member("Cy", audience="residents"), "cy-phone")
        # Fifteen minutes (the shortest reminder) and a few seconds from now: reminded in seconds.
        start = time.time() + 15 * 60 + 6
        starts = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start))
        out = office.console.ctl("events", "add", "--org", office.slug, "--title", "Choir practice", "--starts", starts,
                                 "--location-name", "Main Hall", "--audience", "students", "--remind-before", "15").stdout
        event = out.splitlines()[0].strip()
        office.console.sync(office.slug)
        time.sleep(2)
        check(office.fake.received == [], "reminded before its time: %s" % office.fake.received)
        check(office.fake.wait_for(1, timeout=40), "never reminded; refused: %s" % office.fake.refused)
        time.sleep(1)
        check([name for name, _, _ in office.fake.received] == ["ana-phone"],
              "the audience only, once: %s" % office.fake.received)
        _, payload, headers = office.fake.received[0]
        check(payload["title"] == "Choir practice", "payload %s" % payload)
        check(re.fullmatch(r"Starts at \d\d:\d\d · Main Hall", payload["body"]) is not None, "payload %s" % payload)
        check(payload["id"].startswith("reminder:%s:" % event), "payload %s" % payload)
        check(0 < int(headers["ttl"]) <= 15 * 60, "stale once it starts: TTL %s" % headers["ttl"])
    finally:
        office.close()


def test_two_stores_send_each_message_once(workdir):
    if not POSTGRES:
        print("     (no PostgreSQL: skipped)")
        return
    os.environ["LOG_LEVEL"] = "debug"   # each store logs the deliveries it takes
    try:
        office = Office(workdir, postgres=True, stores=2)
    finally:
        os.environ.pop("LOG_LEVEL")
    try:
        # Ten devices a member (the most one keeps), as registrations per address are limited;
        # more devices than one store takes at a time, so both stores send.
        members = [office.member("m%d" % index) for index in range(15)]
        for index in range(150):
            office.device(members[index // 10], "d%d" % index, "slow" if index % 10 == 0 else "ok")
        announcement = office.announce("Youth night", "Doors open at 7.", "--send-now")
        report = office.wait_for_report(announcement, timeout=120)
        names = [name for name, _, _ in office.fake.received]
        check(sorted(names) == sorted("d%d" % index for index in range(150)),
              "each device once: %d messages, repeats %s" % (len(names), sorted({n for n in names if names.count(n) > 1})))
        check(report["delivered"] == 150 and report["devices"] == 150, "report %s" % report)
        taken = [sum(int(n) for n in re.findall(r"count=(\d+).*push deliveries taken",
                                                open(os.path.join(workdir, "store%d.log" % index)).read()))
                 for index in range(2)]
        check(all(taken) and sum(taken) == 150, "deliveries taken by each store: %s" % taken)
        print("     (the two stores took %d and %d deliveries)" % tuple(taken))
    finally:
        office.close()


def test_killed_mid_delivery_sends_the_rest(workdir):
    office = Office(workdir, postgres=bool(POSTGRES), lease=5)
    try:
        members = [office.member("k%d" % index) for index in range(4)]
        for index in range(40):
            office.device(members[index // 10], "k%d" % index, "slow")
        announcement = office.announce("Boiler broken", "The hall is closed tonight.", "--send-now")
        deadline = time.time() + 30
        while office.fake.requests < 5 and time.time() < deadline:
            time.sleep(0.02)
        office.store.process.send_signal(signal.SIGKILL)
        office.store.process.wait()
        sent_before = len(office.fake.received)
        check(sent_before < 40, "all 40 went out before the kill (%d); the test proves nothing" % sent_before)
        office.store.start(serve_args=office.serve_args)
        report = office.wait_for_report(announcement, timeout=120)
        names = [name for name, _, _ in office.fake.received]
        check(set(names) == {"k%d" % index for index in range(40)}, "lost: %s" % sorted(
            {"k%d" % index for index in range(40)} - set(names)))
        topics = {}
        for name, payload, headers in office.fake.received:
            topics.setdefault(name, set()).add(headers["topic"])
        check(all(len(found) == 1 for found in topics.values()), "a repeat under another Topic: %s" % topics)
        check(report["delivered"] == 40, "report %s" % report)
        print("     (%d delivered before the kill, %d repeats after it, all under one Topic each)"
              % (sent_before, len(names) - 40))
    finally:
        office.close()


def test_apns_and_fcm(workdir):
    apple_key = ec.generate_private_key(ec.SECP256R1())
    p8 = os.path.join(workdir, "AuthKey_ABC123DEFG.p8")
    with open(p8, "wb") as out:
        out.write(apple_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    apns = FakeAPNs(apple_key.public_key(), "ABC123DEFG", "TEAM123456", "org.grace.app")
    google_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    fcm = FakeFCM(google_key.public_key(), "grace-app", "push@grace-app.iam.gserviceaccount.com")
    account = os.path.join(workdir, "service-account.json")
    with open(account, "w") as out:
        json.dump({"type": "service_account", "project_id": "grace-app", "private_key_id": "k1",
                   "private_key": google_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                           serialization.NoEncryption()).decode(),
                   "client_email": "push@grace-app.iam.gserviceaccount.com", "token_uri": fcm.token_uri}, out)
    office = Office(workdir, extra_args=["--apns-key-file", p8, "--apns-key-id", "ABC123DEFG", "--apns-team-id", "TEAM123456",
                                         "--apns-topic", "org.grace.app", "--apns-host", apns.url,
                                         "--fcm-service-account", account, "--fcm-endpoint", fcm.url])
    try:
        ana, ben = office.member("Ana"), office.member("Ben")
        office.token_device(ana, "apns", "a1" * 32)
        office.token_device(ana, "apns", "a2" * 32)
        apns.behaviours["a2" * 32] = "unregistered"
        office.token_device(ben, "fcm", "fcm-ok:APA91b")
        office.token_device(ben, "fcm", "fcm-gone:APA91b")
        fcm.behaviours["fcm-gone:APA91b"] = "unregistered"
        announcement = office.announce("Snow day", "No classes today.", "--send-now")
        report = office.wait_for_report(announcement)
        check(apns.refused == [] and fcm.refused == [], "refused: APNs %s, FCM %s" % (apns.refused, fcm.refused))
        check([token for token, _, _ in apns.received] == ["a1" * 32], "APNs got %s" % apns.received)
        check(apns.received[0][1]["aps"]["alert"] == {"title": "Snow day", "body": "No classes today."},
              "APNs payload %s" % apns.received[0][1])
        check([token for token, _ in fcm.received] == ["fcm-ok:APA91b"], "FCM got %s" % fcm.received)
        check(fcm.received[0][1]["notification"]["title"] == "Snow day", "FCM message %s" % fcm.received[0][1])
        check(fcm.tokens_issued == 1, "one access token serves every message (%d issued)" % fcm.tokens_issued)
        check((report["devices"], report["delivered"], report["removed"], report["failed"]) == (4, 2, 2, 0),
              "report %s" % report)
        status, mine = http("GET", office.api("me/devices"), token=ben)
        check([item["token"] for item in mine["items"]] == ["fcm-ok:APA91b"], "FCM's unregistered token removed: %s" % mine)
    finally:
        office.close()
        apns.close()
        fcm.close()


def main():
    only = sys.argv[sys.argv.index("-k") + 1].split(",") if "-k" in sys.argv else None
    tests = [(name, fn) for name, fn in sorted(globals().items()) if name.startswith("test_") and callable(fn)]
    passed = failed = 0
    for name, fn in tests:
        if only and not any(part in name for part in only):
            continue
        started = time.time()
        with Workdir() as workdir:
            try:
                fn(workdir)
                passed += 1
                print("ok   %s (%.1f s)" % (name, time.time() - started), flush=True)
            except Exception as error:
                failed += 1
                detail = str(error) if isinstance(error, Failure) else traceback.format_exc()
                print("FAIL %s (%.1f s): %s" % (name, time.time() - started, detail), flush=True)
            finally:
                for store in Store.started:
                    store.stop()
                Store.started.clear()
    print("push: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
