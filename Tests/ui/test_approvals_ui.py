#!/usr/bin/python3
"""End-to-end test of the Approvals page through the accessibility tree, against a real
steward-store on loopback: app members submit and edit events over HTTP as the app would, the
console pulls them with a sync, and an approver decides in the window.

One console (the city office, no demo data) and one store; the steps run in order:
  queue       an organizer submits; after a sync the submission is in the queue
  changes     the approver requests changes with a stock reason, one click away; the organizer
              reads the notification, edits and resubmits; the approver approves; the event is in
              Events at once, before a sync, and in the events read endpoint
  re-review   the organizer moves the approved event and makes it repeat; the submission shows
              exactly what changed, field by field, and how it repeats, in plain words, while
              members still read the approved version
  bulk        20 submissions, all selected, Approve Selected
Run by Tests/ui/inner.sh; `/usr/bin/python3 Tests/ui/test_approvals_ui.py`.
"""

import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from accessibility import (App, Failure, LabelWatch, button, buttons, choose_page, click, click_at,  # noqa: E402
                           field, find_all, frames, main_window, name, point_at, press, screenshot,
                           sensitive, text_of, type_into, wait_for, wait_gone)
from sync_fixtures import ConsoleCtl, StoreServer  # noqa: E402

BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
LOG = os.path.join(SHOTS, "steward-approvals.log")
SLUG = "riverton-community"
ORG_NAME = "Riverton Community Relations"
ZONE = "America/New_York"
EMAIL = "approver@riverton.example.gov"
PASSWORD = "lantern-orchard-47"
MEMBER_PASSWORD = "member password 1234"
SUFFIX = random.randint(1000, 9999)
TITLE = f"Porch Concert {SUFFIX}"
STOCK = "Add a contact email"
SYNC_TIMEOUT = 90

EVENT = {"title": TITLE, "timing": "timed", "startsAt": "2026-12-12T23:00:00.000Z", "endsAt": "2027-01-01T01:00:00.000Z",
         "timeZone": ZONE, "locationName": "Elm Street Porches", "address": "Elm St, Riverton, NY",
         "description": "Neighbours play music from their porches."}


def shot(filename, settle=0.8):
    screenshot(SHOTS, filename, settle)


class Scene:
    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="steward-approvals-ui-")
        data, config = os.path.join(self.folder, "data"), os.path.join(self.folder, "config")
        os.makedirs(os.path.join(data, "steward"))
        os.makedirs(config)
        env = dict(os.environ)
        env.pop("STEWARD_DB", None)
        env.update({"XDG_DATA_HOME": data, "XDG_CONFIG_HOME": config, "XDG_CACHE_HOME": os.path.join(self.folder, "cache"),
                    "STEWARD_CREDENTIALS": "file", "STEWARD_SYNC_INTERVAL": "3600", "STEWARD_SYNC_DEBOUNCE": "300",
                    "STEWARD_SYNC_RETRY_MAX": "2", "STEWARD_HOLD_LOADS": os.path.join(self.folder, "hold-loads")})
        self.hold = env["STEWARD_HOLD_LOADS"]
        self.env = env
        self.ctl = ConsoleCtl(BIN_DIR, os.path.join(data, "steward", "steward.sqlite"), env)
        self.ctl.run("orgs", "add", SLUG, "--name", ORG_NAME, "--time-zone", ZONE, "--kind", "city-office")
        for position, reason in enumerate([STOCK, "Give an end time", "Not a community event"]):
            self.ctl.run("reasons", "add", "--org", SLUG, "--text", reason, "--position", str(position))
        self.store = StoreServer(BIN_DIR, self.folder)
        self.store.add_org(SLUG, ORG_NAME, ZONE)
        self.store.add_staff(SLUG, EMAIL, "approver", PASSWORD)
        self.store.start()
        self.app = None

    def http(self, method, path, token=None, body=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        request = urllib.request.Request(self.store.url + f"/v1/orgs/{SLUG}" + path, method=method, headers=headers,
                                         data=json.dumps(body).encode() if body is not None else None)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def member(self, email, name):
        status, body = self.http("POST", "/members", body={"email": email, "password": MEMBER_PASSWORD,
                                                           "displayName": name, "audience": "residents"})
        if status != 201:
            raise Failure(f"registering {email} answered {status}: {body}")
        status, body = self.http("POST", "/members/session", body={"email": email, "password": MEMBER_PASSWORD})
        if status != 200:
            raise Failure(f"signing {email} in answered {status}: {body}")
        return body["accessToken"]

    def close(self, failed):
        if self.app:
            self.app.stop()
        self.store.stop()
        if not (failed and os.environ.get("STEWARD_KEEP_TMP") == "1"):
            shutil.rmtree(self.folder, ignore_errors=True)


def wait_status(window, wanted, timeout=SYNC_TIMEOUT):
    status = LabelWatch(window, "Sync status")
    wait_for(f'"Sync status" to say "{wanted}"', lambda: status.text() == wanted, timeout, interval=0.1)


def sync_now(window):
    click(button(window, "Sync Now"))
    wait_status(window, "All changes sent")


def labels(window, text):
    return [n for n in find_all(window, roles=("label",)) if text_of(n) == text]


def row_label(window, title):
    return wait_for(f'"{title}" in the queue', lambda: next(iter(labels(window, title)), None))


def select(window, title):
    def clicked():
        try:
            click_at(row_label(window, title))
            return True
        except NotImplementedError:
            return False  # the queue was read again (a sync) between finding the row and clicking it
    wait_for(f'a click on "{title}" in the queue', clicked)
    wait_for(f'"{title}" shown in full', lambda: find_all(window, name_has="As members will see it")
             or labels(window, "As members will see it"))


def decide_with_reason(app, window, verb, reason_button):
    """Clicks `verb`, picks a stock reason in the dialog with one click, and confirms with Enter
    (the dialog's default response, once a reason is there)."""
    wait_for(f'"{verb}" to become available', lambda: next((b for b in buttons(window, verb) if sensitive(b)), None))
    click(button(window, verb))
    stock = button(app.node(), reason_button)
    click(stock)
    wait_for("the reason to be filled in", lambda: [n for n in find_all(app.node(), name_is="Reason")
                                                    if reason_button in text_of(n)])
    shot("approvals-reason-dialog.png")
    point_at(stock)
    press(0xFF0D)  # Return: the dialog's default response
    wait_gone("the reason dialog", lambda: buttons(app.node(), reason_button))


def run(scene):
    organizer = scene.member(f"rosa{SUFFIX}@residents.example", "Rosa Delgado")
    scene.app = App(os.path.join(BIN_DIR, "steward"), scene.env, LOG)
    window = main_window(scene.app, timeout=30)
    wait_for(f'the window to show "{ORG_NAME}"', lambda: ORG_NAME in name(main_window(scene.app)), timeout=30)
    choose_page(window, "Sync")
    type_into(window, "Store address", scene.store.url)
    type_into(window, "Email", EMAIL)
    type_into(window, "Password", PASSWORD)
    click(button(window, "Sign In"))
    wait_status(window, "All changes sent")

    # queue: submitted over HTTP, in the queue after a sync.
    status, submitted = scene.http("POST", "/submissions/events", organizer, EVENT)
    if status != 201:
        raise Failure(f"submitting answered {status}: {submitted}")
    sid = submitted["id"]
    sync_now(window)
    choose_page(window, "Approvals")
    row_label(window, TITLE)
    print("ok    queue", flush=True)

    # clash: an event already on the calendar at the same porches, overlapping: the detail says so.
    clash = f"Carol Sing {SUFFIX}"
    scene.ctl.run("events", "add", "--org", SLUG, "--title", clash, "--starts", "2026-12-12T19:00",
                  "--ends", "2026-12-12T20:00", "--location", "elm street porches")
    select(window, TITLE)
    wanted = f"Clashes with “{clash}”, Sat 12 Dec 2026, 19:00–20:00, elm street porches"
    wait_for("the clash in the submission's detail", lambda: labels(window, wanted))
    shot("approvals-clash.png")
    print("ok    clash shown", flush=True)

    # changes: request changes with a stock reason, the organizer edits, the approver approves.
    decide_with_reason(scene.app, window, "Request Changes", STOCK)
    # The decision is in the trail at once, before any sync.
    wait_for("the decision in the trail", lambda: [n for n in find_all(window, roles=("label",))
                                                   if text_of(n).startswith("Changes requested by")], timeout=3)
    # The status may still say "All changes sent" from before: the store is asked instead.
    wait_for("the organizer's notification", lambda: scene.http("GET", "/me/notifications", organizer)[1]["items"][0]
             ["message"] == f"Changes requested: {STOCK}", timeout=SYNC_TIMEOUT)
    edited = dict(EVENT, contactEmail=f"rosa{SUFFIX}@residents.example")
    status, body = scene.http("PUT", f"/submissions/events/{sid}", organizer, edited)
    if status != 200 or body["status"] != "pending":
        raise Failure(f"the edit answered {status}: {body}")
    sync_now(window)
    select(window, TITLE)
    resubmitted = "Edited and sent back for review by Rosa Delgado"
    wait_for("the resubmission in the trail", lambda: find_all(window, name_has=resubmitted)
             or [n for n in find_all(window, roles=("label",)) if resubmitted in text_of(n)])
    wait_for('"Approve" to become available', lambda: next((b for b in buttons(window, "Approve") if sensitive(b)), None))
    # The approved event is in Events at once, as the store will publish it, before any sync
    # brings the store's: the store is held still meanwhile, so no sync can.
    os.kill(scene.store.process.pid, signal.SIGSTOP)
    try:
        click(button(window, "Approve"))
        choose_page(window, "Events")
        wait_for("the approved event in Events before a sync",
                 lambda: find_all(window, name_is=TITLE, roles=("label", "table cell")))
        shot("approvals-approved-in-events.png")
    finally:
        os.kill(scene.store.process.pid, signal.SIGCONT)
    choose_page(window, "Approvals")
    wait_for("the approved event in the read endpoint",
             lambda: TITLE in [e["fields"]["title"] for e in scene.http("GET", "/events/upcoming", organizer)[1]["events"]],
             timeout=SYNC_TIMEOUT)
    print("ok    changes requested, resubmitted, approved", flush=True)

    # re-review: the organizer moves it; the page says exactly what changed.
    # It repeats now too: the detail says how, in plain words.
    moved = dict(edited, locationName="Bagg's Square", startsAt="2026-12-13T23:00:00.000Z",
                 endsAt="2027-01-02T01:00:00.000Z", **{"repeat": "FREQ=WEEKLY;BYDAY=SU;COUNT=3"})
    status, body = scene.http("PUT", f"/submissions/events/{sid}", organizer, moved)
    if status != 200 or body["status"] != "pending":
        raise Failure(f"moving the event answered {status}: {body}")
    status, upcoming = scene.http("GET", "/events/upcoming", organizer)
    live = next(e for e in upcoming["events"] if e["fields"]["title"] == TITLE)
    if live["fields"]["locationName"] != "Elm Street Porches":
        raise Failure("members do not see the approved version during the re-review")
    sync_now(window)
    select(window, TITLE)
    wait_for("what changed since the approval", lambda: labels(window, "Changed since it was approved"))
    for wanted in ("Location", "Location, as approved: Elm Street Porches", "Location, as proposed: Bagg's Square"):
        wait_for(f'"{wanted}"', lambda: find_all(window, name_is=wanted))
    if not find_all(window, name_has="Starts, as approved:"):
        raise Failure("the changed start is not shown")
    wait_for('"Repeats: Every Sunday at 18:00, 3 times"',
             lambda: find_all(window, name_is="Repeats: Every Sunday at 18:00, 3 times"))
    if not labels(window, "Re-review"):
        raise Failure("the submission is not marked as a re-review")
    shot("approvals-rereview.png")
    print("ok    re-review shows the changed fields", flush=True)

    # bulk: 20 submissions, selected together, Approve Selected.
    bulk = scene.member(f"kim{SUFFIX}@residents.example", "Kim Nguyen")
    for number in range(1, 21):
        status, body = scene.http("POST", "/submissions/events", bulk,
                                  dict(EVENT, title=f"Bulk {SUFFIX} #{number:02d}", locationName=f"Block {number}"))
        if status != 201:
            raise Failure(f"bulk submission {number} answered {status}: {body}")
    sync_now(window)
    entry = field(window, "Search submissions")
    entry.queryEditableText().setTextContents(f"Bulk {SUFFIX}")
    wait_for("the 20 submissions", lambda: labels(window, "20 submissions"))
    shot("approvals-queue.png")
    # One approved on its own: the next one in the queue is shown, not an empty pane.
    select(window, f"Bulk {SUFFIX} #01")
    wait_for('"Approve" to become available', lambda: next((b for b in buttons(window, "Approve") if sensitive(b)), None))
    # The queue says so at once, before it is read again: the reads are held meanwhile.
    open(scene.hold, "w").close()
    try:
        click(button(window, "Approve"))
        wait_for("the 19 left while the queue is not yet read again", lambda: labels(window, "19 submissions"),
                 timeout=5)
    finally:
        os.remove(scene.hold)
    wait_for("the next submission shown", lambda: labels(window, "As members will see it")
             and not labels(window, "Choose a submission to see it as members will."))
    click_at(row_label(window, f"Bulk {SUFFIX} #02"))
    point_at(row_label(window, f"Bulk {SUFFIX} #02"))
    press(ord("a"), control=True)
    wait_for("the other 19 selected", lambda: [n for n in find_all(window, roles=("label",))
                                               if text_of(n).startswith("19 submissions selected")])
    click(button(window, "Approve Selected"))

    def approved():
        return [s for s in scene.http("GET", "/me/submissions", bulk)[1]["items"] if s["status"] == "approved"]
    wait_for("20 submissions approved on the store", lambda: len(approved()) == 20, timeout=SYNC_TIMEOUT)
    wait_for("the queue to empty for the search", lambda: labels(window, "Nothing to Review") or
             find_all(window, name_is="Nothing to Review"))
    print("ok    Approve Selected on 20 submissions", flush=True)

    # members: the approver sees the members the sync brought, and, not being an admin, no
    # control to change them (the store would refuse it too).
    # The switcher's buttons are named by their labels only on screen: clicked as a person would.
    click_at(wait_for('the "Members" switch', lambda: next(iter(labels(window, "Members")), None)))
    wait_for("the members", lambda: labels(window, "Rosa Delgado") and labels(window, "Kim Nguyen"))
    click_at(labels(window, "Rosa Delgado")[0])
    shot("approvals-members.png")
    if buttons(window, "Make Trusted Organizer") or buttons(window, "Disable"):
        raise Failure("an approver is offered to change members; only admins may")
    click_at(labels(window, "Submissions")[0])
    print("ok    members listed; an approver may not change them", flush=True)
    sync_now(window)
    if scene.ctl.dump(SLUG) != scene.store.dump(SLUG):
        raise Failure("the console's dump differs from the store's")


def main():
    os.makedirs(SHOTS, exist_ok=True)
    open(LOG, "w").close()
    scene = Scene()
    ok = False
    try:
        run(scene)
        ok = True
    except Exception as error:
        print(f"FAIL  approvals: {error}", flush=True)
        if not isinstance(error, Failure):
            traceback.print_exc()
        shot("approvals-failure.png")
    finally:
        scene.close(failed=not ok)
    print(f"ui approvals: {1 if ok else 0} passed, {0 if ok else 1} failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
