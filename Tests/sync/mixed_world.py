"""Two consoles and one store (one process, or several on one PostgreSQL behind a proxy) with
every kind of record the sync carries: events, bulletins with sections, the library's books,
borrowers and loans (one open loan per book), the passport's stamp entries (append-only, granted
and revoked by staff) and what the store makes itself (app members, their submissions, and the
events approving them makes). Each console edits only its own records, so nothing conflicts and
the test's model says exactly what everyone must end with; the faults come from fault_loop.py."""
import json
import threading
import time

from app_client import Member
from harness import Console, FaultProxy, Failure, check, dump_versions
from mixed_model import Model
import store_kills

SLUG = "harbour-commons"
NAME = "Harbour Commons"
FAST_RETRY = {"STEWARD_SYNC_RETRY_BASE": "0.05"}
# While a store process restarts after a kill -9: about 3 s of retries.
OUTLAST_A_RESTART = {"STEWARD_SYNC_RETRY_BASE": "0.1", "STEWARD_SYNC_ATTEMPTS": "6"}
# Submissions per member, under the store's 60 an hour.
SUBMISSIONS_PER_MEMBER = 40


class World:
    """`stores`: the store processes, all on one database (the first makes the org and tokens);
    `entry_url`: where consoles and members reach them (a store, or a proxy before several)."""

    def __init__(self, workdir, backend, stores, entry_url=None):
        self.workdir, self.backend, self.stores = workdir, backend, stores
        self.entry_url = entry_url   # the first store's address once it runs, when not given
        self.model = Model()
        self.kills = 0
        self.kill_kinds = {}
        self.steps = 0
        self.edits_tried = set()
        self.mine = {}           # console name -> {"events": [...], "bulletins": [...], ...}
        self.granters = []       # members the consoles give stamps to
        self.submitters = []     # [member, submissions made]
        self.member_count = 0
        self.submission_count = 0
        self.titles = {}         # submission id -> the title its member gave
        self.consoles = []
        self.proxies = {}

    # ------------------------------------------------------------------------------- setup

    def setup(self):
        first = self.stores[0]
        first.add_org(SLUG, NAME)
        token = first.token(SLUG, "admin")   # admins may also decide on submissions
        for store in self.stores:
            if not store.process:
                store.start()
        self.entry_url = self.entry_url or first.url
        for name in ("a", "b"):
            console = Console(self.workdir, name)
            console.add_org(SLUG, NAME, kind="city-office")
            # Each console reaches the store through a fault proxy of its own.
            proxy = FaultProxy(self._entry_port())
            console.connect(proxy.url, token, SLUG)
            self.proxies[name] = proxy
            self.consoles.append(console)
            self.mine[name] = {"events": [], "bulletins": [], "books": [], "borrowers": [], "stamp_events": [],
                               "stamps": {}}
        for _ in range(3):
            self.granters.append(self.new_member())
        for console in self.consoles:
            mine = self.mine[console.name]
            for i in range(2):
                title = "%s passport day %d" % (console.name, i)
                event = console.add_event(SLUG, title, stamp_value=2)
                mine["stamp_events"].append(event)
                self.model.events[event] = title
            for i in range(4):
                book = console.add_record(SLUG, "books", title="%s book %d" % (console.name, i))
                mine["books"].append(book)
                self.model.books.add(book)
            for i in range(2):
                borrower = console.add_record(SLUG, "borrowers", name="%s borrower %d" % (console.name, i))
                mine["borrowers"].append(borrower)
                self.model.borrowers.add(borrower)
        # The members reach the consoles (stamps are granted by e-mail).
        for console in self.consoles:
            console.sync(SLUG)
        for console in self.consoles:
            console.sync(SLUG)
        return self

    def _entry_port(self):
        return int(self.entry_url.rsplit(":", 1)[1])

    def close(self):
        for proxy in self.proxies.values():
            proxy.close()

    def new_member(self):
        self.member_count += 1
        email = "member%d@harbour.example" % self.member_count
        member = Member(self.entry_url, SLUG, email)
        self.model.members.add(email)
        return member

    # ------------------------------------------------------------------------------- edits

    def add_event(self, console, rng):
        title = "%s event %d" % (console.name, self.steps)
        event = console.add_event(SLUG, title)
        self.mine[console.name]["events"].append(event)
        self.model.events[event] = title

    def edit_event(self, console, rng):
        events = self.mine[console.name]["events"]
        if not events:
            return self.add_event(console, rng)
        event = rng.choice(events)
        title = "%s edit %d" % (console.name, self.steps)
        console.update_event(SLUG, event, title=title)
        self.model.events[event] = title

    def remove_event(self, console, rng):
        events = self.mine[console.name]["events"]
        if not events:
            return self.add_event(console, rng)
        event = events.pop(rng.randrange(len(events)))
        console.remove_event(SLUG, event)
        del self.model.events[event]

    @staticmethod
    def sections(rng, step):
        names = rng.sample(["Welcome", "Notices", "This week", "Prayer", "Volunteers", "Thanks"], rng.randint(1, 3))
        return [{"heading": n, "body": "%s, step %d" % (n, step)} for n in names]

    def add_bulletin(self, console, rng):
        title = "%s bulletin %d" % (console.name, self.steps)
        sections = self.sections(rng, self.steps)
        bulletin = console.add_record(SLUG, "bulletins", title=title, date="2026-12-%02d" % rng.randint(1, 28),
                                      sections=json.dumps(sections))
        self.mine[console.name]["bulletins"].append(bulletin)
        self.model.bulletins[bulletin] = (title, [s["heading"] for s in sections])

    def edit_bulletin(self, console, rng):
        bulletins = self.mine[console.name]["bulletins"]
        if not bulletins:
            return self.add_bulletin(console, rng)
        bulletin = rng.choice(bulletins)
        title = "%s bulletin edit %d" % (console.name, self.steps)
        sections = self.sections(rng, self.steps)
        console.update_record(SLUG, "bulletins", bulletin, title=title, sections=json.dumps(sections))
        self.model.bulletins[bulletin] = (title, [s["heading"] for s in sections])

    def remove_bulletin(self, console, rng):
        bulletins = self.mine[console.name]["bulletins"]
        if not bulletins:
            return self.add_bulletin(console, rng)
        bulletin = bulletins.pop(rng.randrange(len(bulletins)))
        console.remove_record(SLUG, "bulletins", bulletin)
        del self.model.bulletins[bulletin]

    def lend_or_return(self, console, rng):
        mine = self.mine[console.name]
        book = rng.choice(mine["books"])
        loan = self.model.open_loan_of(book)
        if loan is None:
            borrower = rng.choice(mine["borrowers"])
            loan = console.ctl("loans", "lend", "--book", book, "--borrower", borrower,
                               "--org", SLUG).stdout.splitlines()[0].strip()
            self.model.loans[loan] = (book, borrower, "out")
        else:
            console.ctl("loans", "return", loan, "--org", SLUG)
            self.model.loans[loan] = self.model.loans[loan][:2] + ("returned",)

    def grant_or_revoke(self, console, rng):
        """One live stamp entry per member and event: grant where there is none, else revoke it."""
        stamps = self.mine[console.name]["stamps"]
        member = rng.choice(self.granters)
        event = rng.choice(self.mine[console.name]["stamp_events"])
        live = stamps.get((member.email, event))
        if live is None:
            entry = console.json("stamps", "grant", "--member", member.email, "--event", event,
                                 "--note", "Signed the paper sheet", "--org", SLUG)
            check(entry["kind"] == "grant", "a grant: %r" % entry)
            stamps[(member.email, event)] = entry["id"]
        else:
            entry = console.json("stamps", "revoke", live, "--note", "Entered twice", "--org", SLUG)
            check(entry["reverses"] == live, "the revocation reverses the grant: %r" % entry)
            del stamps[(member.email, event)]
        self.model.stamps[entry["id"]] = entry["kind"]

    # ------------------------------------------------------------------------------- made by the store

    def submit(self, console, rng):
        """An app member proposes an event; the store makes the submission."""
        if not self.submitters or self.submitters[-1][1] >= SUBMISSIONS_PER_MEMBER:
            self.submitters.append([self.new_member(), 0])
        member = self.submitters[-1]
        member[1] += 1
        self.submission_count += 1
        title = "Porch concert %d" % self.submission_count
        status, body = member[0].submit_event({
            "title": title, "timing": "timed", "startsAt": "2026-12-12T19:00:00.000Z",
            "endsAt": "2026-12-12T21:00:00.000Z", "timeZone": "America/Chicago", "locationName": "Elm Street"})
        check(status == 201 and body["status"] == "pending", "submitting answered %d: %r" % (status, body))
        self.model.submissions[body["id"]] = "pending"
        self.titles[body["id"]] = title

    def approve(self, console, rng):
        """The first console decides: a pending submission it has pulled is approved, and the
        store then makes its event (same id)."""
        a = self.consoles[0]

        def waiting():
            return [s["id"] for s in a.json("approvals", "list", "--status", "pending", "--org", SLUG)
                    if self.model.submissions.get(s["id"]) == "pending"]

        if "pending" not in self.model.submissions.values():
            return self.submit(console, rng)
        if not waiting():
            self.sync(a)   # the approver opens the queue: it pulls first
        pending = waiting()
        if not pending:
            return self.submit(console, rng)
        sid = rng.choice(pending)
        a.ctl("approvals", "approve", sid, "--org", SLUG)
        self.model.submissions[sid] = "approved"
        self.model.events[sid] = self.titles[sid]

    # ------------------------------------------------------------------------------- syncs and faults

    def sync(self, console, env=None, check_exit=False):
        return console.sync(SLUG, env=dict(FAST_RETRY, **(env or {})), check_exit=check_exit)

    def counted_kill(self, kind):
        self.kills += 1
        self.kill_kinds[kind] = self.kill_kinds.get(kind, 0) + 1

    def kill_console(self, console, rng, point):
        """kill -9 of stewardctl at a failpoint of its sync; only with changes waiting, so the
        point is reached."""
        if console.outbox_count(SLUG) == 0:
            return self.add_event(console, rng)
        result = console.sync(SLUG, env=dict(FAST_RETRY, STEWARD_FAILPOINT=point), check_exit=False)
        check(result.returncode == -9, "%s's sync was not killed at %s (exit %s): %s"
              % (console.name, point, result.returncode, result.stderr.strip()[-300:]))
        self.counted_kill("console " + point)

    def proxy_fault(self, console, rng, fault):
        self.proxies[console.name].queue(fault)
        self.sync(console)

    def kill_store_mid_push(self, console, rng):
        """kill -9 of the store process that is working on this console's push, then the same
        process started again on its port."""
        if console.outbox_count(SLUG) == 0:
            return self.add_event(console, rng)
        running = []

        def start_sync():
            running.append(console.spawn("sync", "--org", SLUG, env=OUTLAST_A_RESTART))

        if self.backend == "postgres":
            # The push waits for the org's row lock, inside its transaction: that process dies.
            victim = store_kills.kill_mid_push(self.stores, SLUG, start_sync)
        else:
            # SQLite has one process: killed once the push is on its way in (by the proxy's
            # thread, which this one waits for before starting the store again).
            victim = self.stores[0]
            killed = threading.Event()

            def kill_now():
                store_kills.kill(victim)
                killed.set()

            self.proxies[console.name].on_next_push(kill_now)
            start_sync()
            self._wait_until(killed, running[0])
        store_kills.restart(victim)
        try:
            running[0].communicate(timeout=180)
        except Exception:
            running[0].kill()
            raise
        self.counted_kill("store mid-push")

    @staticmethod
    def _wait_until(killed, sync_process, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if killed.wait(0.01):
                return
            if sync_process.poll() is not None:
                raise Failure("the sync ended before its push reached the store: %s" % sync_process.stderr.read()[-300:])
        raise Failure("the store was not killed mid-push within %d s" % timeout)

    # ------------------------------------------------------------------------------- the check

    def verify(self):
        """Everyone synced: the consoles' dumps equal the store's byte for byte, each change
        numbered once, nothing waiting, in conflict or refused, and the store holds the model."""
        for store in self.stores:
            if not store.process or store.process.poll() is not None:
                store.start(port=store.port)
        for _ in range(2):
            for console in self.consoles:
                console.sync(SLUG, env=FAST_RETRY)
        expected = self.stores[0].dump(SLUG)
        for console in self.consoles:
            got = console.dump(SLUG)
            if got != expected:
                exp, mine = set(expected.splitlines()), set(got.splitlines())
                raise Failure("%s's dump differs from the store's: %d lines only in the store, %d only in the "
                              "console; e.g. %s" % (console.name, len(exp - mine), len(mine - exp),
                                                    sorted(exp ^ mine)[:2]))
            check(console.outbox_count(SLUG) == 0, "%s still has changes waiting" % console.name)
            check(console.json("conflicts", "list", "--org", SLUG) == [], "%s has conflicts" % console.name)
            check(console.json("rejected", "list", "--org", SLUG) == [], "%s has refused changes: %s"
                  % (console.name, console.json("rejected", "list", "--org", SLUG)[:1]))
        versions = dump_versions(expected)
        check(len(versions) == len(set(versions)), "two records share a version: a change was numbered twice")
        problems = self.model.differences(expected)
        check(not problems, "the store does not hold what was made: %s" % "; ".join(problems))
        return expected

