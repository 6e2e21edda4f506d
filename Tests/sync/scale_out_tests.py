"""A scaled-out store: two steward-store processes on one PostgreSQL database behind nginx as a
round-robin proxy (docs/scaling-out.md), with the sync's faults run through it: consoles pushing
and pulling through either process, either process killed (-9) in the middle of a push and
started again on its port, the check-in and redemption races split over both processes, and
the limits that protect members held by the two together as by one."""
import base64
import datetime
import os
import random
import threading
import uuid
from zoneinfo import ZoneInfo

import checkin_codes
import fault_loop
import store_kills
from app_client import Member, push, upsert
from harness import Console, Store, check, dump_versions
from mixed_world import OUTLAST_A_RESTART, SLUG, World
from round_robin import RoundRobinProxy

# Behind a proxy the store counts members' addresses from X-Forwarded-For (docs/security.md).
SERVE = ("--trust-forwarded-for",)
ZONE = "America/Chicago"


def start_two_processes(workdir, postgres_url):
    stores = [Store(workdir, postgres=postgres_url, name=name) for name in ("store1", "store2")]
    for store in stores:
        store.start(serve_args=SERVE)
    nginx = RoundRobinProxy(workdir, [s.port for s in stores]).start()
    return stores, nginx


def answered_by(nginx, since, method, path_part):
    """The store ports that answered requests like these after the log mark `since`."""
    return {port for port, status, m, uri in nginx.answered(since) if m == method and path_part in uri and port}


# ------------------------------------------------------------------------------------------ sync

def sync_faults_through_two_processes(workdir, postgres_url, kills):
    stores, nginx = start_two_processes(workdir, postgres_url)
    ports = {s.port for s in stores}
    try:
        world = World(workdir, "postgres", stores, entry_url=nginx.url).setup()
        rng = random.Random(int(os.environ.get("STEWARD_SYNC_SEED", "20261201")))
        # Each console pushes through each process, and pulls what the other pushed elsewhere.
        mark = nginx.log_mark()
        for store in stores:
            for console in world.consoles:
                world.add_event(console, rng)
                nginx.aim_at(store.port)
                console.sync(SLUG)
        pushed, pulled = answered_by(nginx, mark, "POST", "/push"), answered_by(nginx, mark, "GET", "/changes")
        check(pushed == ports and pulled == ports,
              "consoles pushed through %s and pulled through %s, not through both processes %s"
              % (sorted(pushed), sorted(pulled), sorted(ports)))
        world.verify()

        each_process_killed_mid_push(workdir, stores, nginx)

        # The random fault loop of every record type, through both processes: stewardctl killed
        # at its failpoints, answers lost, 503s, and whichever process holds a push killed.
        fault_loop.run(world, rng, kills=kills)
        check(world.kill_kinds.get("store mid-push", 0) >= 1, "no store was killed in the loop: %s" % world.kill_kinds)

        check_in_race(world, nginx)
        redemption_race(world, nginx)
        world.verify()
        world.close()
    finally:
        nginx.stop()


def each_process_killed_mid_push(workdir, stores, nginx, rounds=8):
    """Creations only, in an organization of their own, so that versions 1..n say exactly that
    each change was applied once: each process is killed with a push inside its transaction."""
    church = "grace-church"
    stores[0].add_org(church, "Grace Community Church")
    console = Console(workdir, "c")
    console.add_org(church, "Grace Community Church")
    console.connect(nginx.url, stores[0].token(church, "staff"), church)
    killed, created = set(), 0
    for round_ in range(rounds):
        wanted = next(s for s in stores if s.name not in killed) if len(killed) < len(stores) else None
        if wanted is None:
            break
        for i in range(3):
            console.add_event(church, "Round %d event %d" % (round_, i))
        console.add_record(church, "funds", name="Round %d fund" % round_, url="https://give.example/%d" % round_)
        created += 4
        nginx.aim_at(wanted.port)
        running = []
        victim = store_kills.kill_mid_push(
            stores, church, lambda: running.append(console.spawn("sync", "--org", church, env=OUTLAST_A_RESTART)))
        killed.add(victim.name)
        store_kills.restart(victim)
        running[0].communicate(timeout=180)
        console.sync(church)
        expected = stores[0].dump(church)
        check(console.dump(church) == expected, "round %d: the console's dump differs from the store's" % round_)
        versions = sorted(dump_versions(expected))
        check(versions == list(range(1, created + 1)),
              "round %d: %d changes made, the store numbered %s: a change lost or applied twice"
              % (round_, created, versions[-3:]))
    check(killed == {s.name for s in stores}, "each process was killed mid-push (killed: %s)" % sorted(killed))


def event_now(console, title):
    """An event going on now, worth 2 stamps, in the console's organization zone."""
    now = datetime.datetime.now(ZoneInfo(ZONE))
    return console.add_event(SLUG, title, starts=(now - datetime.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
                             ends=(now + datetime.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"), stamp_value=2)


def at_once(calls):
    """Runs the calls on threads started together; their answers in order."""
    answers = [None] * len(calls)
    ready = threading.Barrier(len(calls))

    def run(index):
        ready.wait()
        try:
            answers[index] = calls[index]()
        except Exception as error:  # reported as the answer
            answers[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    [t.start() for t in threads]
    [t.join() for t in threads]
    return answers


def check_in_race(world, nginx, attempts=10):
    """One member checks in at one event ten times at once, through both processes: one stamp.
    (Ten: the limit of attempts per member and event, wherever it is counted.)"""
    a = world.consoles[0]
    event = event_now(a, "Harbour lantern walk")
    world.model.events[event] = "Harbour lantern walk"
    a.sync(SLUG)   # the event and its key reach the store: only then is a code shown
    code = a.json("checkin", "code", event, "--org", SLUG)["code"]
    member = world.new_member()
    mark = nginx.log_mark()
    answers = at_once([lambda: member.check_in(event, code) for _ in range(attempts)])
    statuses = sorted(a[0] if isinstance(a, tuple) else repr(a) for a in answers)
    check(statuses == [201] + [409] * (attempts - 1), "%d check-ins at once answered %s" % (attempts, statuses))
    check(answered_by(nginx, mark, "POST", "/me/check-ins") == set(nginx.store_ports),
          "the check-ins were not split over both processes: %s" % nginx.answered(mark))
    entry = next(body for status, body in answers if status == 201)["entry"]
    world.model.stamps[entry["id"]] = "check-in"


def redemption_race(world, nginx, stock=2, claims=6):
    """Six consoles hand out a prize with two left at the same moment, through both processes:
    two claims stored, four refused as out of stock."""
    a = world.consoles[0]
    prize = a.add_record(SLUG, "prizes", name="Harbour tote bag", stock=stock)
    a.sync(SLUG)
    members = [world.new_member() for _ in range(claims)]
    token = world.stores[0].token(SLUG, "admin")
    now = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=5)
    at = now.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    mark = nginx.log_mark()

    def hand_over(member, index):
        mutation = upsert(1, "redemption", str(uuid.uuid4()),
                          {"prize": prize, "member": member.id, "at": at, "by": "desk%d@harbour.example" % index})
        return push(nginx.url, SLUG, token, "desk%d/%s" % (index, SLUG), [mutation])

    answers = at_once([lambda m=m, i=i: hand_over(m, i) for i, m in enumerate(members)])
    check(all(isinstance(a, tuple) and a[0] == 200 for a in answers), "every push was answered: %r" % answers)
    results = [body["results"][0] for _, body in answers]
    applied = [r for r in results if r["status"] == "applied"]
    refused = [r for r in results if r["status"] == "rejected"]
    check(len(applied) == stock and len(refused) == claims - stock,
          "%d claims at once of %d left: %s" % (claims, stock, [r["status"] for r in results]))
    check(all("out of stock" in r["reason"] for r in refused), "refused as out of stock: %s" % refused[0]["reason"])
    check(answered_by(nginx, mark, "POST", "/push") == set(nginx.store_ports),
          "the claims were not split over both processes: %s" % nginx.answered(mark))
    stored = [line for line in world.stores[1].dump(SLUG).splitlines() if '"entity":"redemption"' in line]
    check(len(stored) == stock, "the store holds %d claims of the prize, not %d" % (len(stored), stock))


# ------------------------------------------------------------------------------------------ limits

def event_fields(title, stamps):
    now = datetime.datetime.now(datetime.timezone.utc)
    iso = lambda t: t.strftime("%Y-%m-%dT%H:%M:%S.000Z")  # noqa: E731
    return {"title": title, "description": "", "locationName": "", "address": "", "latitude": None,
            "longitude": None, "timing": "timed", "startsAt": iso(now - datetime.timedelta(hours=1)),
            "endsAt": iso(now + datetime.timedelta(hours=1)), "timeZone": "UTC", "startDate": None,
            "endDate": None, "imageURL": None, "links": [], "host": "", "contactName": "", "contactEmail": None,
            "contactPhone": None, "audience": [], "stampValue": stamps, "rideSharing": False}


def limits_hold_across_processes(workdir, postgres_url, guesses=20, limit=10):
    """The check-in guess limit (10 per member and event in 10 minutes) counted by the two
    processes together: of 20 wrong codes sent in turn through both, the 11th is refused."""
    stores, nginx = start_two_processes(workdir, postgres_url)
    try:
        stores[0].add_org(SLUG, "Harbour Commons")
        token = stores[0].token(SLUG, "admin")
        event, secret = str(uuid.uuid4()), os.urandom(32)
        status, body = push(nginx.url, SLUG, token, "setup/" + SLUG, [
            upsert(1, "event", event, event_fields("Harbour lantern walk", 2)),
            upsert(2, "checkInKey", event, {"event": event, "secret": base64.b64encode(secret).decode()})])
        check(status == 200 and [r["status"] for r in body["results"]] == ["applied", "applied"],
              "the event and its key were stored: %d %r" % (status, body))
        member = Member(nginx.url, SLUG, "guesser@harbour.example")
        wrong = checkin_codes.wrong(secret)
        mark = nginx.log_mark()
        statuses = [member.check_in(event, wrong)[0] for _ in range(guesses)]
        answered = nginx.answered(mark)
        first = {port for port, _, _, _ in answered[:limit + 1]}
        check(first == set(nginx.store_ports), "the first %d guesses went to both processes: %s" % (limit + 1, answered))
        check(statuses[:limit] == [422] * limit, "the first %d wrong codes are refused as wrong: %s" % (limit, statuses))
        refused = statuses.index(429) + 1 if 429 in statuses else None
        check(refused is not None and refused <= limit + 1,
              "two processes let %s wrong codes through before a 429 (the limit is %d): %s"
              % (refused - 1 if refused else "all %d" % guesses, limit, statuses))
    finally:
        nginx.stop()

