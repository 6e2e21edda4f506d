"""End-to-end tests of the approval queue: an app member registers and submits over HTTP, as the
app does; consoles pull the submission, decide with stewardctl, and push the decision; the
store's state machine, the member's notifications and the events members read follow."""
from app_client import MEMBER_PASSWORD, http
from harness import Console, check

SLUG = "riverton-community"
PASSWORD = "correct horse battery"


def member(store, email):
    """Registers an app member and signs them in; answers their access token."""
    status, body = http(store, "POST", "/v1/orgs/%s/members" % SLUG,
                        body={"email": email, "password": MEMBER_PASSWORD, "displayName": "Robin Reyes",
                              "audience": "residents"})
    check(status == 201, "registering answered %d: %r" % (status, body))
    status, body = http(store, "POST", "/v1/orgs/%s/members/session" % SLUG,
                        body={"email": email, "password": MEMBER_PASSWORD})
    check(status == 200, "member sign-in answered %d: %r" % (status, body))
    return body["accessToken"]


EVENT = {"title": "Porch concert on Elm Street", "timing": "timed", "startsAt": "2026-12-12T19:00:00.000Z",
         "endsAt": "2026-12-12T21:00:00.000Z", "timeZone": "America/Chicago", "locationName": "Elm Street"}


def approval_store(workdir, backend, new_store):
    store = new_store(workdir, backend)
    store.add_org(SLUG, "Riverton Community Relations")
    store.add_staff(SLUG, "ann@riverton.example.gov", "approver", PASSWORD)
    store.add_staff(SLUG, "bob@riverton.example.gov", "approver", PASSWORD)
    store.start()
    return store


def console(workdir, name, store, email):
    c = Console(workdir, name)
    c.add_org(SLUG, "Riverton Community Relations", kind="city-office")
    c.sign_in(store.url, SLUG, email, PASSWORD)
    return c


def queue(c, *extra):
    return c.json("approvals", "list", "--org", SLUG, *extra)


def submission_round_trip(workdir, backend, new_store):
    store = approval_store(workdir, backend, new_store)
    a = console(workdir, "a", store, "ann@riverton.example.gov")
    token = member(store, "robin@residents.example")
    status, submitted = http(store, "POST", "/v1/orgs/%s/submissions/events" % SLUG, token, EVENT)
    check(status == 201 and submitted["status"] == "pending", "submitting answered %d: %r" % (status, submitted))
    sid = submitted["id"]

    a.sync(SLUG)
    waiting = queue(a)
    check([s["id"] for s in waiting] == [sid], "the console's queue has the submission after a sync: %r" % waiting)
    check(a.dump(SLUG) == store.dump(SLUG), "the console's dump matches the store's")
    members = a.json("members", "list", "--org", SLUG)
    check([m["email"] for m in members] == ["robin@residents.example"], "the member came with the sync: %r" % members)

    a.ctl("approvals", "request-changes", sid, "--reason", "Add a contact email", "--org", SLUG)
    a.sync(SLUG)
    status, notes = http(store, "GET", "/v1/orgs/%s/me/notifications" % SLUG, token)
    check(notes["items"][0]["message"] == "Changes requested: Add a contact email", "the member is told: %r" % notes)

    edited = dict(EVENT, contactEmail="robin@residents.example")
    status, body = http(store, "PUT", "/v1/orgs/%s/submissions/events/%s" % (SLUG, sid), token, edited)
    check(status == 200 and body["status"] == "pending", "the edit resubmits: %d %r" % (status, body))
    a.sync(SLUG)
    check(queue(a)[0]["status"] == "pending", "back in the queue as pending")
    a.ctl("approvals", "approve", sid, "--org", SLUG)
    shown = a.json("events", "list", "--org", SLUG)
    check([e["title"] for e in shown] == [EVENT["title"]], "the approved event is listed before a sync: %r" % shown)
    a.sync(SLUG)
    check(a.json("conflicts", "list", "--org", SLUG) == [], "the store's event takes the shown one's place, no conflict")
    status, upcoming = http(store, "GET", "/v1/orgs/%s/events/upcoming" % SLUG, token)
    check([e["fields"]["title"] for e in upcoming["events"]] == [EVENT["title"]], "members see the event: %r" % upcoming)
    a.sync(SLUG)
    trail = a.json("approvals", "trail", sid, "--org", SLUG)
    check([t["to"] for t in trail] == ["pending", "changes-requested", "pending", "approved"], "the trail: %r" % trail)
    check(trail[1]["by"] == "ann@riverton.example.gov", "decisions say who made them: %r" % trail[1])
    events = a.json("events", "list", "--org", SLUG)
    check([e["title"] for e in events] == [EVENT["title"]], "the approved event reached the console: %r" % events)
    check(a.dump(SLUG) == store.dump(SLUG), "the console's dump matches the store's at the end")


def two_approvers_one_decision(workdir, backend, new_store):
    store = approval_store(workdir, backend, new_store)
    a = console(workdir, "a", store, "ann@riverton.example.gov")
    b = console(workdir, "b", store, "bob@riverton.example.gov")
    token = member(store, "kim@residents.example")
    status, submitted = http(store, "POST", "/v1/orgs/%s/submissions/events" % SLUG, token, EVENT)
    sid = submitted["id"]
    a.sync(SLUG)
    b.sync(SLUG)
    a.ctl("approvals", "approve", sid, "--org", SLUG)
    b.ctl("approvals", "reject", sid, "--reason", "Duplicate of an event already listed", "--org", SLUG)
    a.sync(SLUG)
    out = b.sync(SLUG, check_exit=False)
    conflicts = b.json("conflicts", "list", "--org", SLUG)
    check(len(conflicts) == 1, "the second approver gets one conflict: %r (sync said %r)" % (conflicts, out.stdout))
    status, mine = http(store, "GET", "/v1/orgs/%s/me/submissions" % SLUG, token)
    check(mine["items"][0]["status"] == "approved", "one decision stands: %r" % mine)
    b.ctl("conflicts", "resolve", str(conflicts[0]["id"]), "--keep-remote")
    b.sync(SLUG)
    check(queue(b, "--status", "approved")[0]["id"] == sid, "the second console shows the decision that stood")
    check(b.dump(SLUG) == store.dump(SLUG), "both consoles end equal to the store")


def refused_approval_withdraws_the_event(workdir, backend, new_store):
    """An approval the store does not take (someone rejected first) leaves no event behind."""
    store = approval_store(workdir, backend, new_store)
    a = console(workdir, "a", store, "ann@riverton.example.gov")
    b = console(workdir, "b", store, "bob@riverton.example.gov")
    token = member(store, "lee@residents.example")
    status, submitted = http(store, "POST", "/v1/orgs/%s/submissions/events" % SLUG, token, EVENT)
    sid = submitted["id"]
    a.sync(SLUG)
    b.sync(SLUG)
    a.ctl("approvals", "reject", sid, "--reason", "Duplicate of an event already listed", "--org", SLUG)
    a.sync(SLUG)
    b.ctl("approvals", "approve", sid, "--org", SLUG)
    check([e["title"] for e in b.json("events", "list", "--org", SLUG)] == [EVENT["title"]], "shown at once on b")
    b.sync(SLUG, check_exit=False)
    events = b.json("events", "list", "--org", SLUG)
    check(events == [], "the event the store did not publish is gone: %r" % events)
    conflicts = b.json("conflicts", "list", "--org", SLUG)
    b.ctl("conflicts", "resolve", str(conflicts[0]["id"]), "--keep-remote")
    b.sync(SLUG)
    check(b.json("events", "list", "--org", SLUG) == [], "no event after the conflict is settled")
    check(b.dump(SLUG) == store.dump(SLUG), "the console ends equal to the store")
