"""End-to-end sync tests: real steward-store processes, consoles driven with stewardctl, and
injected faults. Every test ends by comparing canonical dumps byte for byte and checking that
no edit was lost or applied twice (store versions are one per applied change, so a change
applied twice shows as a missing or doubled version).

Run: python3 Tests/sync/test_sync.py [-k NAME[,NAME...]] [--backend sqlite|postgres]
     (STEWARD_BIN_DIR, STEWARD_TEST_POSTGRES_URL)
-k runs the tests whose names contain one of the NAMEs; --backend runs on that backend only."""
import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time
import traceback
import uuid

sys.path.insert(0, os.path.dirname(__file__))
from harness import Console, FaultProxy, Failure, Store, Workdir, check, dump_versions  # noqa: E402
import staff_tests  # noqa: E402
import approval_tests  # noqa: E402
import store_identity_tests  # noqa: E402
import fault_loop  # noqa: E402
import scale_out_tests  # noqa: E402
import media_tests  # noqa: E402
from mixed_world import World  # noqa: E402

POSTGRES = os.environ.get("STEWARD_TEST_POSTGRES_URL")
SLUG = "grace-church"
FAST_RETRY = {"STEWARD_SYNC_RETRY_BASE": "0.05"}


def fresh_postgres_url():
    """A new empty database on the test cluster, so tests do not see each other's orgs."""
    base, _, _ = POSTGRES.rpartition("/")
    name = "t_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", POSTGRES, "-q", "-c", "CREATE DATABASE %s" % name], check=True, capture_output=True)
    return base + "/" + name


def new_store(workdir, backend, name="store"):
    url = fresh_postgres_url() if backend == "postgres" else None
    return Store(workdir, postgres=url, name=name)


def setup(workdir, backend, consoles=("a",), demo=False):
    """A store with the org, and consoles connected to it (the first one with the demo)."""
    store = new_store(workdir, backend)
    store.add_org(SLUG, "Grace Community Church")
    token = store.token(SLUG, "staff")
    store.start()
    result = []
    for index, name in enumerate(consoles):
        console = Console(workdir, name)
        if demo and index == 0:
            console.ctl("demo", "load")
        else:
            console.add_org(SLUG, "Grace Community Church")
        result.append(console)
    return store, token, result


def assert_converged(store, *consoles, slug=SLUG):
    expected = store.dump(slug)
    for console in consoles:
        got = console.dump(slug)
        if got != expected:
            exp_lines, got_lines = set(expected.splitlines()), set(got.splitlines())
            raise Failure("%s's dump differs from the store's: %d lines only in the store, %d only in the console; e.g. %s"
                          % (console.name, len(exp_lines - got_lines), len(got_lines - exp_lines),
                             sorted(exp_lines ^ got_lines)[:2]))
    versions = dump_versions(expected)
    check(len(versions) == len(set(versions)), "two records share a version: a change was numbered twice")
    return expected


def assert_applied_once(store, expected_changes, slug=SLUG):
    """Versions count the changes the store applied: with n applied changes and no record
    changed twice, the versions are exactly 1..n."""
    versions = sorted(dump_versions(store.dump(slug)))
    check(versions == list(range(1, expected_changes + 1)),
          "the store applied %s changes, expected exactly %d, once each (versions %s…)"
          % (versions[-1] if versions else 0, expected_changes, versions[:5]))


# ------------------------------------------------------------------------------------------ tests

def test_demo_data_converges(workdir, backend):
    store, token, (a,) = setup(workdir, backend, demo=True)
    a.connect(store.url, token, SLUG)
    out = a.sync(SLUG).stdout
    check("pushed" in out, "sync prints what it pushed: %r" % out)
    dump = assert_converged(store, a)
    count = len(dump.splitlines())
    check(count >= 30, "the demo church has %d records" % count)
    # Its weekly services are series, sent as one record each with their rule and exceptions.
    check("FREQ=WEEKLY" in dump and "Lessons and Carols" in dump, "the demo's series did not reach the store as series")
    assert_applied_once(store, count)
    # A second sync has nothing to do and changes nothing.
    a.sync(SLUG)
    check(store.dump(SLUG) == dump, "a second sync changed the store")


def test_edits_on_both_sides_converge(workdir, backend):
    store, token, (a, b) = setup(workdir, backend, consoles=("a", "b"))
    a.connect(store.url, token, SLUG)
    b.connect(store.url, token, SLUG)
    rng = random.Random(7)
    ids = {"a": [], "b": []}
    for round_ in range(4):
        for console in (a, b):
            mine = ids[console.name]
            for i in range(3):
                mine.append(console.add_event(SLUG, "%s event %d.%d" % (console.name, round_, i),
                                              location="Hall %d" % rng.randint(1, 9)))
            if len(mine) > 2:
                console.update_event(SLUG, mine[rng.randrange(len(mine))], title="%s renamed %d" % (console.name, round_))
            if len(mine) > 4 and rng.random() < 0.5:
                console.remove_event(SLUG, mine.pop(rng.randrange(len(mine))))
            # Other record types travel the same way.
            fund = console.add_record(SLUG, "funds", name="%s fund %d" % (console.name, round_),
                                      url="https://give.example/%s/%d" % (console.name, round_), position=round_)
            if round_ % 2:
                console.update_record(SLUG, "funds", fund, active="no")
            series = console.add_record(SLUG, "series", title="%s series %d" % (console.name, round_))
            console.add_record(SLUG, "messages", title="%s message %d" % (console.name, round_),
                               series=series, preached_on="2026-11-%02d" % (round_ + 1))
            console.sync(SLUG)
    a.sync(SLUG)
    b.sync(SLUG)
    assert_converged(store, a, b)
    entities = {line.split('"entity":"')[1].split('"')[0] for line in store.dump(SLUG).splitlines()}
    check(entities == {"event", "fund", "series", "message"}, "every type reached the store: %s" % sorted(entities))
    titles = {e["title"] for e in a.json("events", "list", "--org", SLUG)}
    check(any(t.startswith("b ") for t in titles) and any(t.startswith("a ") for t in titles),
          "each console sees the other's events")


def test_lost_response_after_the_store_committed(workdir, backend):
    store, token, (a,) = setup(workdir, backend)
    proxy = FaultProxy(store.port)
    a.connect(proxy.url, token, SLUG)
    for i in range(4):
        a.add_event(SLUG, "Lost answer %d" % i)
    a.add_record(SLUG, "funds", name="Lost answer fund", url="https://give.example/lost")
    proxy.queue("drop-response")
    # The store applies the batch; the console hears nothing, retries the same mutation ids and
    # is told "duplicate" with the versions of the first delivery.
    a.sync(SLUG, env=FAST_RETRY, check_exit=False)
    a.sync(SLUG, env=FAST_RETRY)
    check(proxy.seen[0] == "drop-response", "the fault was injected")
    assert_converged(store, a)
    assert_applied_once(store, 5)
    check(a.outbox_count() == 0, "the outbox is empty after the answers")
    proxy.close()


def test_kill_at_every_step_of_a_sync(workdir, backend):
    store, token, (a, b) = setup(workdir, backend, consoles=("a", "b"))
    a.connect(store.url, token, SLUG)
    b.connect(store.url, token, SLUG)
    applied = 0
    for failpoint in ("after-assign", "after-send"):
        for i in range(2):
            a.add_event(SLUG, "%s %d" % (failpoint, i))
        a.add_record(SLUG, "funds", name="%s fund" % failpoint, url="https://give.example/%s" % failpoint)
        a.add_record(SLUG, "bulletins", title="%s bulletin" % failpoint, date="2026-12-06",
                     sections='[{"heading": "Welcome", "body": "Glad you are here"}]')
        result = a.sync(SLUG, env={"STEWARD_FAILPOINT": failpoint}, check_exit=False)
        check(result.returncode == -9, "stewardctl was killed at %s (exit %s)" % (failpoint, result.returncode))
        a.sync(SLUG)
        applied += 4
        assert_converged(store, a)
        assert_applied_once(store, applied)
    # Killed while applying a pull: enough changes for several pages.
    a.ctl("demo", "load", "--events", "1200", "--org", SLUG)
    a.sync(SLUG)
    result = b.sync(SLUG, env={"STEWARD_FAILPOINT": "mid-pull"}, check_exit=False)
    check(result.returncode == -9, "stewardctl was killed mid-pull (exit %s)" % result.returncode)
    b.sync(SLUG)
    assert_converged(store, a, b)


def test_store_down_then_back(workdir, backend):
    store, token, (a,) = setup(workdir, backend)
    a.connect(store.url, token, SLUG)
    a.add_event(SLUG, "Before the outage")
    a.sync(SLUG)
    a.add_event(SLUG, "During the outage")
    before = a.outbox_count()
    store.stop()
    result = a.sync(SLUG, env=FAST_RETRY, check_exit=False)
    check(result.returncode != 0, "sync fails while the store is down")
    check("reach" in result.stderr.lower(), "the message says the store cannot be reached: %r" % result.stderr)
    check(len(result.stderr.strip().splitlines()) == 1, "one line on stderr: %r" % result.stderr)
    check(a.outbox_count() == before, "the pending change is kept")
    store.start()
    a.sync(SLUG)
    assert_converged(store, a)
    assert_applied_once(store, 2)


def test_store_slow_or_failing(workdir, backend):
    store, token, (a,) = setup(workdir, backend)
    proxy = FaultProxy(store.port)
    a.connect(proxy.url, token, SLUG)
    for i in range(3):
        a.add_event(SLUG, "Retry %d" % i)
    # Two 503s, then a store slower than the console's 1-second timeout (it commits after the
    # console gave up: a lost answer), then a dropped connection. All are retried with
    # backoff inside one sync.
    proxy.queue("fail-503", "fail-503", "delay:2", "refuse")
    a.sync(SLUG, env=dict(FAST_RETRY, STEWARD_SYNC_TIMEOUT="1", STEWARD_SYNC_ATTEMPTS="8"))
    check(proxy.seen[:4] == ["fail-503", "fail-503", "delay:2", "refuse"], "faults injected: %s" % proxy.seen[:4])
    assert_converged(store, a)
    assert_applied_once(store, 3)
    proxy.close()


def test_two_concurrent_pushes_of_one_batch(workdir, backend):
    store, token, _ = setup(workdir, backend)
    fields = {"title": "Twice sent", "description": "", "locationName": "", "address": "", "latitude": None,
              "longitude": None, "timing": "untimed", "startsAt": None, "endsAt": None, "timeZone": None,
              "startDate": None, "endDate": None, "imageURL": None, "links": [], "host": "", "contactName": "",
              "contactEmail": None, "contactPhone": None, "audience": [], "stampValue": 0, "rideSharing": False}
    body = json.dumps({"clientId": "test/" + SLUG, "mutations": [
        {"id": i + 1, "entity": "event", "recordId": str(uuid.uuid4()), "operation": "upsert", "baseVersion": 0,
         "fields": dict(fields, title="Twice sent %d" % i)} for i in range(20)]})
    answers = []

    def push():
        conn = http.client.HTTPConnection("127.0.0.1", store.port, timeout=60)
        conn.request("POST", "/v1/orgs/%s/push" % SLUG, body, {"Authorization": "Bearer " + token,
                                                                "Content-Type": "application/json"})
        response = conn.getresponse()
        answers.append((response.status, json.loads(response.read())))

    threads = [threading.Thread(target=push) for _ in range(2)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    check([s for s, _ in answers] == [200, 200], "both pushes answered 200: %s" % [s for s, _ in answers])
    for i in range(20):
        statuses = sorted(a["results"][i]["status"] for _, a in answers)
        check(statuses == ["applied", "duplicate"], "mutation %d: %s" % (i + 1, statuses))
        versions = {a["results"][i]["version"] for _, a in answers}
        check(len(versions) == 1, "the duplicate reports the first delivery's version")
    assert_applied_once(store, 20)


def test_stale_base_version_is_a_conflict(workdir, backend):
    store, token, (a, b) = setup(workdir, backend, consoles=("a", "b"))
    a.connect(store.url, token, SLUG)
    b.connect(store.url, token, SLUG)
    event_id = a.add_event(SLUG, "Choir rehearsal")
    fund_id = a.add_record(SLUG, "funds", name="Missions", url="https://give.example/missions")
    a.sync(SLUG)
    b.sync(SLUG)
    a.update_event(SLUG, event_id, title="Choir rehearsal (moved)")
    b.update_event(SLUG, event_id, title="Choir practice")
    a.update_record(SLUG, "funds", fund_id, name="World Missions")
    b.update_record(SLUG, "funds", fund_id, name="Global Missions")
    a.sync(SLUG)
    out = b.sync(SLUG).stdout
    check("conflicts 2" in out, "b's sync reports both conflicts: %r" % out)
    conflicts = b.json("conflicts", "list", "--org", SLUG)
    check(len(conflicts) == 2, "two open conflicts")
    # Nothing of b's edits is lost while the conflicts are open.
    check(b.json("events", "show", event_id, "--org", SLUG)["title"] == "Choir practice", "b keeps its edit")
    check(b.json("funds", "show", fund_id, "--org", SLUG)["name"] == "Global Missions", "b keeps its fund edit")
    by_entity = {c["entity"]: c for c in conflicts}
    check(set(by_entity) == {"event", "fund"}, "a conflict for each type: %s" % sorted(by_entity))
    b.ctl("conflicts", "resolve", str(by_entity["event"]["id"]), "--keep-local")
    b.ctl("conflicts", "resolve", str(by_entity["fund"]["id"]), "--keep-remote")
    b.sync(SLUG)
    a.sync(SLUG)
    assert_converged(store, a, b)
    check(a.json("events", "show", event_id, "--org", SLUG)["title"] == "Choir practice", "the kept version won")
    check(b.json("funds", "show", fund_id, "--org", SLUG)["name"] == "World Missions", "the store's fund won")


def test_a_series_edited_on_two_consoles_converges_with_a_conflict(workdir, backend):
    """One console cancels a date of a weekly series while another, offline, moves the series
    to another evening: the second sync is a conflict, nothing of either edit is lost while it
    is open, and keeping one converges every console on it, exceptions and all."""
    store, token, (a, b) = setup(workdir, backend, consoles=("a", "b"))
    a.connect(store.url, token, SLUG)
    b.connect(store.url, token, SLUG)
    series = a.add_event(SLUG, "Wednesday Prayer", starts="2026-12-02T19:00", ends="2026-12-02T20:00",
                         repeat="FREQ=WEEKLY;BYDAY=WE;COUNT=6")
    a.sync(SLUG)
    b.sync(SLUG)
    a.ctl("events", "remove", series, "--org", SLUG, "--occurrence", "2026-12-09T19:00")
    b.update_event(SLUG, series, repeat="FREQ=WEEKLY;BYDAY=WE;COUNT=8")
    a.sync(SLUG)
    out = b.sync(SLUG).stdout
    check("conflicts 1" in out, "b's sync reports the series' conflict: %r" % out)
    conflicts = b.json("conflicts", "list", "--org", SLUG)
    check(len(conflicts) == 1 and conflicts[0]["entity"] == "event", "one open conflict, on the event: %r" % conflicts)
    check(b.json("events", "show", series, "--org", SLUG)["repeat"] == "FREQ=WEEKLY;COUNT=8;BYDAY=WE",
          "b keeps its rule while the conflict is open")
    b.ctl("conflicts", "resolve", str(conflicts[0]["id"]), "--keep-remote")
    b.sync(SLUG)
    a.sync(SLUG)
    assert_converged(store, a, b)
    for console in (a, b):
        dates = [o["occurrence"] for o in console.json("events", "occurrences", series, "--org", SLUG,
                                                        "--from", "2026-12-01", "--to", "2027-02-01")]
        check(dates == ["2026-12-02T19:00", "2026-12-16T19:00", "2026-12-23T19:00", "2026-12-30T19:00", "2027-01-06T19:00"],
              "%s has the kept series, the 9th cancelled: %s" % (console.name, dates))


def test_offline_double_loan_is_one_loan_and_one_refusal(workdir, backend):
    """Two consoles lend the same copy while neither has seen the other's loan: the store keeps
    the first loan it receives and refuses the second for good, saying which loan holds the book;
    the staff at the second console read why and settle it (`stewardctl rejected`, or the Sync
    page); the store never holds two open loans of one book, and both consoles end the same."""
    library = "maple-street"
    store = new_store(workdir, backend)
    store.add_org(library, "Maple Street Lending Library")
    token = store.token(library, "staff")
    store.start()
    a, b = Console(workdir, "a"), Console(workdir, "b")
    for console in (a, b):
        console.add_org(library, "Maple Street Lending Library", kind="library")
        console.connect(store.url, token, library)
    book = a.add_record(library, "books", title="Gilead")
    ann = a.add_record(library, "borrowers", name="Ann Lee")
    ben = a.add_record(library, "borrowers", name="Ben Okafor")
    a.sync(library)
    b.sync(library)
    # Offline from each other: each console sees the book on its shelf and lends it.
    first = a.json("loans", "lend", "--book", book, "--borrower", ann, "--org", library)["id"]
    second = b.json("loans", "lend", "--book", book, "--borrower", ben, "--org", library)["id"]
    check(first != second, "two loans were made")
    a.sync(library)
    out = b.sync(library).stdout
    check("rejected 1" in out, "b's sync reports its loan refused: %r" % out)
    check(b.json("remote", "show", "--org", library)["deadLetters"] == 1, "b keeps the refused loan for the staff to settle")
    loans = [json.loads(line) for line in store.dump(library).splitlines() if line.strip()]
    open_loans = [r for r in loans if r["entity"] == "loan" and not r.get("deleted")
                  and r["fields"].get("book") == book and r["fields"].get("state") in ("out", "lost", "claims-returned")]
    check([r["id"] for r in open_loans] == [first], "the store holds a's loan alone: %s" % [r["id"] for r in open_loans])
    # The staff at b read why, and settle it by discarding b's loan: the store never had it.
    refused = b.json("rejected", "list", "--org", library)
    check([(r["entity"], r["recordId"]) for r in refused] == [("loan", second)], "b lists its refused loan: %s" % refused)
    check(first in refused[0]["reason"] and "already on the open loan" in refused[0]["reason"],
          "the reason names the loan that holds the book: %r" % refused[0]["reason"])
    b.ctl("rejected", "discard", str(refused[0]["id"]))
    check(b.json("rejected", "list", "--org", library) == [], "nothing left to settle")
    # b now knows who has the book: lending it again is refused at once, naming Ann.
    again = b.ctl("loans", "lend", "--book", book, "--borrower", ben, "--org", library, check_exit=False)
    check(again.returncode == 2 and "Ann Lee" in again.stderr, "b refuses a third loan naming Ann: %r" % again.stderr)
    b.sync(library)
    assert_converged(store, a, b, slug=library)


def test_a_return_and_the_next_loan_reach_the_store_in_order(workdir, backend):
    """A librarian lends a book and syncs while the store cannot be reached (the loan's change
    keeps its mutation id), then, still offline, takes the book back and lends it again. When the
    store is back, the return must reach it before the new loan, or the store refuses the loan
    (the book would be on two open loans). Found by the random fault loop of every record type."""
    library = "maple-street"
    store = new_store(workdir, backend)
    store.add_org(library, "Maple Street Lending Library")
    token = store.token(library, "staff")
    store.start()
    a = Console(workdir, "a")
    a.add_org(library, "Maple Street Lending Library", kind="library")
    a.connect(store.url, token, library)
    book = a.add_record(library, "books", title="Gilead")
    ann = a.add_record(library, "borrowers", name="Ann Lee")
    ben = a.add_record(library, "borrowers", name="Ben Okafor")
    a.sync(library)
    first = a.json("loans", "lend", "--book", book, "--borrower", ann, "--org", library)["id"]
    store.stop()
    offline = a.sync(library, env=FAST_RETRY, check_exit=False)
    check(offline.returncode != 0 and "reach" in offline.stderr, "the sync could not reach the store: %r" % offline.stderr)
    a.ctl("loans", "return", first, "--org", library)
    second = a.json("loans", "lend", "--book", book, "--borrower", ben, "--org", library)["id"]
    store.start()
    out = a.sync(library).stdout
    check("rejected 0" in out, "nothing refused: %r; %s" % (out, a.ctl("rejected", "list", "--org", library).stdout))
    assert_converged(store, a, slug=library)
    loans = {json.loads(line)["id"]: json.loads(line)["fields"]["state"]
             for line in store.dump(library).splitlines() if '"entity":"loan"' in line}
    check(loans == {first: "returned", second: "out"}, "the store holds the return and the new loan: %s" % loans)


def test_concurrent_consoles_while_others_pull(workdir, backend):
    stores = [new_store(workdir, backend, "store1")]
    stores[0].add_org(SLUG, "Grace Community Church")
    token = stores[0].token(SLUG, "staff")
    stores[0].start()
    if backend == "postgres":
        # A second process on the same database: pushes race across processes.
        second = Store(workdir, postgres=stores[0].postgres, name="store2")
        second.start()
        stores.append(second)
    writers = []
    for i in range(3):
        console = Console(workdir, "w%d" % i)
        console.add_org(SLUG, "Grace Community Church")
        console.connect(stores[i % len(stores)].url, token, SLUG)
        writers.append(console)
    reader = Console(workdir, "reader")
    reader.add_org(SLUG, "Grace Community Church")
    reader.connect(stores[-1].url, token, SLUG)
    created = []
    errors = []
    done = threading.Event()

    def write(console):
        try:
            for round_ in range(5):
                for i in range(5):
                    created.append(console.add_event(SLUG, "%s %d.%d" % (console.name, round_, i)))
                created.append(console.add_record(SLUG, "funds", name="%s fund %d" % (console.name, round_),
                                                  url="https://give.example/%s/%d" % (console.name, round_)))
                console.sync(SLUG)
        except Exception as error:  # reported below
            errors.append(error)

    def read():
        try:
            while not done.is_set():
                reader.sync(SLUG)
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=write, args=(w,)) for w in writers]
    pull_thread = threading.Thread(target=read)
    pull_thread.start()
    [t.start() for t in threads]
    [t.join() for t in threads]
    done.set()
    pull_thread.join()
    check(not errors, "no sync failed: %s" % errors[:1])
    reader.sync(SLUG)
    for w in writers:
        w.sync(SLUG)
    dump = assert_converged(stores[0], reader, *writers)
    ids = {json.loads(line)["id"] for line in dump.splitlines()}
    check(set(created) <= ids, "every created event and fund reached everyone (%d missing)" % len(set(created) - ids))
    assert_applied_once(stores[0], len(created))
    for s in stores[1:]:
        s.stop()


def test_random_edits_and_faults_match_a_model(workdir, backend):
    """A seeded mix of edits on two consoles and injected faults, checked against a model:
    every edit applied exactly once, everyone ends equal, and the titles are the model's."""
    store, token, (a, b) = setup(workdir, backend, consoles=("a", "b"))
    proxy = FaultProxy(store.port)
    a.connect(proxy.url, token, SLUG)
    b.connect(store.url, token, SLUG)
    rng = random.Random(int(os.environ.get("STEWARD_SYNC_SEED", "20261122")))
    model = {}      # id -> title, as the store must end up (each console edits its own events)
    owner = {}
    for step in range(40):
        console = rng.choice([a, b])
        mine = [i for i, o in owner.items() if o == console.name and i in model]
        action = rng.random()
        if action < 0.45 or not mine:
            title = "%s step %d" % (console.name, step)
            event_id = console.add_event(SLUG, title)
            model[event_id], owner[event_id] = title, console.name
        elif action < 0.75:
            event_id = rng.choice(mine)
            title = "%s edit %d" % (console.name, step)
            console.update_event(SLUG, event_id, title=title)
            model[event_id] = title
        elif action < 0.85:
            event_id = rng.choice(mine)
            console.remove_event(SLUG, event_id)
            del model[event_id]
        else:
            fault = rng.choice(["drop-response", "fail-503", "kill-after-assign", "kill-after-send", "none"])
            if fault.startswith("kill") and console is a:
                a.sync(SLUG, env={"STEWARD_FAILPOINT": fault[5:]}, check_exit=False)
            elif fault in ("drop-response", "fail-503"):
                proxy.queue(fault)
                a.sync(SLUG, env=FAST_RETRY, check_exit=False)
            else:
                console.sync(SLUG, env=FAST_RETRY)
    for _ in range(2):
        a.sync(SLUG, env=FAST_RETRY)
        b.sync(SLUG, env=FAST_RETRY)
    dump = assert_converged(store, a, b)
    live = {}
    for line in dump.splitlines():
        record = json.loads(line)
        if not record["deleted"]:
            live[record["id"]] = record["fields"]["title"]
    check(live == model, "the store holds the model's events (%d vs %d)" % (len(live), len(model)))
    proxy.close()


def test_every_record_type_through_random_kills(workdir, backend):
    """The random fault loop with every record type mixed in: events, bulletins with their
    sections, loans (one open loan per book), stamp entries (append-only: staff grants and
    revocations) and submissions the store makes for app members (approved from a console);
    stewardctl killed at each failpoint of its sync and the store killed mid-push, with lost
    answers and 503s between. Everyone ends with identical dumps holding the model."""
    world = World(workdir, backend, [new_store(workdir, backend)]).setup()
    seed = int(os.environ.get("STEWARD_SYNC_SEED", "20261130"))
    fault_loop.run(world, random.Random(seed), kills=int(os.environ.get("STEWARD_SYNC_KILLS", "10")))
    kinds = set(world.kill_kinds)
    check({"console after-assign", "console after-send", "store mid-push"} <= kinds,
          "every kind of kill happened: %s" % world.kill_kinds)
    made = world.model
    check(made.bulletins and made.loans and len(made.stamps) >= 1 and "approved" in made.submissions.values(),
          "every type was edited: %d bulletins, %d loans, %d stamp entries, submissions %s"
          % (len(made.bulletins), len(made.loans), len(made.stamps), sorted(made.submissions.values())))
    world.close()


def test_scale_out_two_processes_behind_nginx(workdir, backend):
    """Two store processes on one PostgreSQL behind nginx (round robin): consoles push and pull
    through both, each process is killed mid-push and restarted on its port, the random fault
    loop of every record type runs through them, and the check-in and redemption races are
    split over both. Nothing lost, nothing doubled."""
    scale_out_tests.sync_faults_through_two_processes(workdir, fresh_postgres_url(),
                                                      kills=int(os.environ.get("STEWARD_SYNC_KILLS", "10")))


test_scale_out_two_processes_behind_nginx.backends = ("postgres",)


def test_scale_out_limits_hold_across_processes(workdir, backend):
    """The check-in guess limit holds for two processes as for one: 20 wrong codes through
    both, a 429 by the 11th."""
    scale_out_tests.limits_hold_across_processes(workdir, fresh_postgres_url())


test_scale_out_limits_hold_across_processes.backends = ("postgres",)


def test_staff_sign_in_then_sync_converges(workdir, backend):
    staff_tests.staff_sign_in_then_sync_converges(workdir, backend, new_store)


def test_staff_token_expiring_mid_drain_loses_nothing(workdir, backend):
    staff_tests.staff_token_expiring_mid_drain_loses_nothing(workdir, backend, new_store)


def test_staff_refresh_answer_lost_keeps_the_session(workdir, backend):
    staff_tests.staff_refresh_answer_lost_keeps_the_session(workdir, backend, new_store)


def test_approval_submission_round_trip(workdir, backend):
    approval_tests.submission_round_trip(workdir, backend, new_store)


def test_approval_two_approvers_one_decision(workdir, backend):
    approval_tests.two_approvers_one_decision(workdir, backend, new_store)


def test_approval_refused_withdraws_the_event(workdir, backend):
    approval_tests.refused_approval_withdraws_the_event(workdir, backend, new_store)


def test_first_sync_with_a_new_store_keeps_and_sends_the_demo(workdir, backend):
    store_identity_tests.first_sync_with_a_new_store_keeps_and_sends_the_demo(workdir, backend, new_store)


def test_another_store_at_the_same_address_gets_everything(workdir, backend):
    store_identity_tests.another_store_at_the_same_address_gets_everything(workdir, backend, new_store)


def test_a_store_restored_from_an_older_backup_gets_back_what_it_lost(workdir, backend):
    if backend == "sqlite":
        store_identity_tests.a_store_restored_from_an_older_backup_gets_back_what_it_lost(workdir)


def test_schedule_classes_and_a_note_reach_the_apps(workdir, backend):
    """A refresh's classes, the gym's note and featured flag go to the store through the sync
    like every record, and the apps read them by date range (docs/schedules.md)."""
    gym = "ironworks-gym"
    store = new_store(workdir, backend)
    store.add_org(gym, "Ironworks Gym")
    token = store.token(gym, "staff")
    reader = store.token(gym, "reader")
    store.start()
    a = Console(workdir, "a")
    a.add_org(gym, "Ironworks Gym", zone="America/Chicago", kind="gym")
    a.connect(store.url, token, gym)

    def mindbody(number, name, start, cancelled=False):
        return {"Id": 91000 + number, "ClassScheduleId": 300 + number, "StartDateTime": start,
                "EndDateTime": start[:11] + "%02d" % (int(start[11:13]) + 1) + start[13:],
                "ClassDescription": {"Id": number, "Name": name, "Description": "Made by the sync test.",
                                     "Program": {"Name": "Yoga"}, "SessionType": {"Name": "Group Class"}},
                "Staff": {"Id": 7, "Name": "Priya Natarajan"}, "Substitute": False, "IsCanceled": cancelled,
                "Active": True, "Location": {"Id": 1, "Name": "Ironworks"}, "Resource": {"Id": 2, "Name": "Studio B"},
                "MaxCapacity": 20, "WebCapacity": 18, "TotalBooked": 5, "TotalBookedWaitlist": 0,
                "IsWaitlistAvailable": False}

    saved = os.path.join(workdir, "GetClasses.json")
    with open(saved, "w", encoding="utf-8") as f:
        json.dump({"Classes": [mindbody(1, "Sunrise Yoga", "2027-03-01T07:00:00"),
                               mindbody(2, "Spin 45", "2027-03-02T18:00:00", cancelled=True),
                               mindbody(3, "Next Week Flow", "2027-03-08T09:00:00")]}, f)
    a.ctl("schedule", "sources", "add", "--file", saved, "--org", gym)
    counts = a.json("schedule", "refresh", "--org", gym)
    check(counts["new"] == 3, "the refresh added %r" % counts)
    classes = a.json("schedule", "list", "--from", "2027-03-01", "--to", "2027-03-14", "--org", gym)
    sunrise = next(c for c in classes if c["name"] == "Sunrise Yoga")
    a.ctl("schedule", "note", sunrise["id"], "--text", "Mats out by 6:45", "--org", gym)
    a.ctl("schedule", "feature", sunrise["id"], "--org", gym)
    a.sync(gym)
    assert_converged(store, a, slug=gym)

    def read(query):
        conn = http.client.HTTPConnection("127.0.0.1", store.port, timeout=60)
        conn.request("GET", "/v1/orgs/%s/classes?%s" % (gym, query), headers={"Authorization": "Bearer " + reader})
        response = conn.getresponse()
        body = response.read()
        check(response.status == 200, "GET classes?%s answered %d: %s" % (query, response.status, body[:200]))
        return json.loads(body)["items"]

    week = read("from=2027-03-01&to=2027-03-07")
    check([c["name"] for c in week] == ["Sunrise Yoga", "Spin 45"], "the week read %r" % [c["name"] for c in week])
    check(week[0]["localNote"] == "Mats out by 6:45" and week[0]["featured"] is True,
          "the note and the flag did not arrive: %r" % week[0])
    check(week[0]["id"] == sunrise["id"], "the served class has another id than the mirror's")
    check(week[1]["cancelled"] is True, "the cancellation did not arrive")
    check([c["name"] for c in read("from=2027-03-08&to=2027-03-08")] == ["Next Week Flow"], "the next week's class")

    # A later note goes the same way; an unchanged refresh sends nothing.
    a.ctl("schedule", "note", sunrise["id"], "--text", "Mats out by 6:30", "--org", gym)
    a.ctl("schedule", "refresh", "--org", gym)
    check(a.outbox_count(gym) == 1, "an unchanged refresh queued changes: %d waiting" % a.outbox_count(gym))
    a.sync(gym)
    check(read("from=2027-03-01&to=2027-03-01")[0]["localNote"] == "Mats out by 6:30", "the changed note")
    assert_converged(store, a, slug=gym)


def test_media_added_offline_reaches_the_store_before_its_record(workdir, backend):
    media_tests.offline_media_reaches_the_store_before_its_record(workdir, lambda: setup(workdir, backend), SLUG)


def test_media_upload_killed_mid_file_resumes_without_a_duplicate(workdir, backend):
    media_tests.killed_mid_file_resumes_without_a_duplicate(workdir, lambda: setup(workdir, backend), SLUG)


def test_media_of_another_console_is_learnt_and_its_record_edited(workdir, backend):
    media_tests.another_consoles_file_is_learnt_and_its_record_edited(
        workdir, lambda: setup(workdir, backend, consoles=("a", "b")), SLUG)


# ------------------------------------------------------------------------------------------ runner

def main():
    only = sys.argv[sys.argv.index("-k") + 1].split(",") if "-k" in sys.argv else None
    backends = ["sqlite"] + (["postgres"] if POSTGRES else [])
    if "--backend" in sys.argv:
        wanted = sys.argv[sys.argv.index("--backend") + 1]
        if wanted not in backends:
            sys.exit("sync: no %s backend here (sqlite, or postgres with STEWARD_TEST_POSTGRES_URL)" % wanted)
        backends = [wanted]
    if not POSTGRES:
        print("sync: PostgreSQL not configured (STEWARD_TEST_POSTGRES_URL); running on SQLite only")
    tests = [(name, fn) for name, fn in sorted(globals().items()) if name.startswith("test_") and callable(fn)]
    passed = failed = 0
    for backend in backends:
        for name, fn in tests:
            if only and not any(part in name for part in only):
                continue
            if backend not in getattr(fn, "backends", (backend,)):
                continue
            started = time.time()
            with Workdir() as workdir:
                try:
                    fn(workdir, backend)
                    passed += 1
                    print("ok   %-8s %s (%.1f s)" % (backend, name, time.time() - started), flush=True)
                except Exception as error:
                    failed += 1
                    detail = str(error) if isinstance(error, Failure) else traceback.format_exc()
                    print("FAIL %-8s %s (%.1f s): %s" % (backend, name, time.time() - started, detail), flush=True)
                finally:
                    for store in Store.started:
                        store.stop()
                    Store.started.clear()
    print("sync: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
