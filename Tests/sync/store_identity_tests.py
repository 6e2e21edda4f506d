"""End-to-end tests of what a console does with records a store does not have: only a deletion
the store recorded removes a record. A new store, another store at the same address, or a store
restored from an older backup gets the staff's records sent to it; the console loses none."""
import json
import os
import shutil

from harness import Console, check

CITY = "riverton-community"
# What the city office's staff made in the demo, by `stewardctl` command: at least this many.
CITY_STAFF_RECORDS = {"prizes": 6, "questions": 6, "map-pins": 4, "community-pages": 2, "passport-levels": 3}


def counts(console, slug):
    return {kind: len(console.json(kind, "list", "--org", slug)) for kind in CITY_STAFF_RECORDS}


def store_entities(store, slug):
    """How many live records of each entity the store holds."""
    found = {}
    for line in store.dump(slug).splitlines():
        record = json.loads(line)
        if not record.get("deleted"):
            found[record["entity"]] = found.get(record["entity"], 0) + 1
    return found


def first_sync_with_a_new_store_keeps_and_sends_the_demo(workdir, backend, new_store):
    """The demo's first sync with an empty store used to report "pushed 44" and then delete the
    office's prizes, questions, pins, pages and levels from the console."""
    store = new_store(workdir, backend)
    store.add_org(CITY, "Riverton Community Relations")
    token = store.token(CITY, "staff")
    store.start()
    console = Console(workdir, "office")
    console.ctl("demo", "load")
    before = counts(console, CITY)
    for kind, least in CITY_STAFF_RECORDS.items():
        check(before[kind] >= least, "the demo has %d %s, expected at least %d" % (before[kind], kind, least))
    console.connect(store.url, token, CITY)

    out = console.sync(CITY).stdout

    check(counts(console, CITY) == before, "the first sync removed records from the console: %s, before %s; %s"
          % (counts(console, CITY), before, out))
    on_store = store_entities(store, CITY)
    for kind, entity in (("prizes", "prize"), ("questions", "question"), ("map-pins", "mapPin"),
                         ("community-pages", "communityPage"), ("passport-levels", "passportLevel")):
        check(on_store.get(entity, 0) == before[kind], "the store has %d %s records, the console %d (%s)"
              % (on_store.get(entity, 0), entity, before[kind], out))
    check(console.outbox_count(CITY) == 0, "changes still wait after the sync: %s" % out)
    # A second sync changes nothing on either side.
    dump = store.dump(CITY)
    console.sync(CITY)
    check(store.dump(CITY) == dump, "a second sync changed the store")
    check(counts(console, CITY) == before, "a second sync changed the console")


def another_store_at_the_same_address_gets_everything(workdir, backend, new_store, slug="grace-church"):
    """The store the console synced with is replaced by an empty one at the same address: the
    console keeps every record and sends each to the new store."""
    first = new_store(workdir, backend, name="first")
    first.add_org(slug, "Grace Community Church")
    token = first.token(slug, "staff")
    first.start()
    console = Console(workdir, "a")
    console.add_org(slug, "Grace Community Church")
    console.connect(first.url, token, slug)
    ids = [console.add_event(slug, "Event %d" % n) for n in range(5)]
    fund = console.add_record(slug, "funds", name="Building fund", url="https://give.example/building")
    console.sync(slug)
    port = first.port
    first.stop()

    second = new_store(workdir, backend, name="second")
    second.add_org(slug, "Grace Community Church")
    second_token = second.token(slug, "staff")
    second.start(port=port)
    console.connect(second.url, second_token, slug)
    console.update_event(slug, ids[0], title="Event 0, moved")

    out = console.sync(slug).stdout

    check(sorted(console.event_ids(slug)) == sorted(ids), "the console lost events: %s" % out)
    check(fund in console.dump(slug), "the console lost its fund")
    dump = second.dump(slug)
    for record_id in ids + [fund]:
        check(record_id in dump, "the new store did not get %s: %s" % (record_id, out))
    check("Event 0, moved" in dump, "the edit made for the new store did not reach it")
    check("rejected 0" in out, "a record was refused: %s" % out)
    check(console.dump(slug) == dump, "the console and the new store differ")


def a_store_restored_from_an_older_backup_gets_back_what_it_lost(workdir, slug="grace-church"):
    """SQLite only: the store's file is put back as it was before the last sync."""
    from harness import Store
    store = Store(workdir)
    store.add_org(slug, "Grace Community Church")
    token = store.token(slug, "staff")
    store.start()
    console = Console(workdir, "a")
    console.add_org(slug, "Grace Community Church")
    console.connect(store.url, token, slug)
    kept = console.add_event(slug, "Before the backup")
    console.sync(slug)
    store.stop()
    backup = os.path.join(workdir, "backup.sqlite")
    shutil.copyfile(store.sqlite, backup)
    store.start()
    lost = console.add_event(slug, "After the backup")
    console.sync(slug)
    store.stop()
    for suffix in ("-wal", "-shm"):
        if os.path.exists(store.sqlite + suffix):
            os.remove(store.sqlite + suffix)
    shutil.copyfile(backup, store.sqlite)
    store.start()

    out = console.sync(slug).stdout

    ids = console.event_ids(slug)
    check(kept in ids and lost in ids, "the console lost an event: %s" % out)
    dump = store.dump(slug)
    check(lost in dump, "the restored store did not get back the event it lost: %s" % out)
    check(console.dump(slug) == dump, "the console and the restored store differ")
