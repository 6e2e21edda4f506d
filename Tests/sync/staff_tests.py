"""End-to-end tests of staff sign-in: consoles signed in with stewardctl sync as their staff
member against a real steward-store, through access tokens that expire mid-drain."""
import json
import os
import time

from harness import Console, Failure, FaultProxy, Store, check, dump_versions

SLUG = "grace-church"
PASSWORD = "correct horse battery"


def staff_store(workdir, backend, new_store, serve_args=()):
    store = new_store(workdir, backend)
    store.add_org(SLUG, "Grace Community Church")
    store.add_staff(SLUG, "ann@grace.example", "editor", PASSWORD)
    store.add_staff(SLUG, "vic@grace.example", "viewer", PASSWORD)
    store.start(serve_args=serve_args)
    return store


def kept_credentials(console):
    folder = console.credentials_folder
    if not os.path.isdir(folder):
        return []
    return [json.load(open(os.path.join(folder, name))) for name in sorted(os.listdir(folder))]


def converged(store, *consoles):
    expected = store.dump(SLUG)
    for console in consoles:
        check(console.dump(SLUG) == expected, "%s's dump differs from the store's" % console.name)
    versions = dump_versions(expected)
    check(len(versions) == len(set(versions)), "two records share a version")
    return expected


def staff_sign_in_then_sync_converges(workdir, backend, new_store):
    store = staff_store(workdir, backend, new_store)
    a, v = Console(workdir, "a"), Console(workdir, "v")
    for console in (a, v):
        console.add_org(SLUG, "Grace Community Church")

    wrong = a.sign_in(store.url, SLUG, "ann@grace.example", "not the password", check_exit=False)
    check(wrong.returncode == 1, "a wrong password fails (exit %d)" % wrong.returncode)
    check("The email or password is not right" in wrong.stderr, "the message says why: %r" % wrong.stderr)
    check(kept_credentials(a) == [], "a failed sign-in keeps nothing")
    check(a.ctl("remote", "show", check_exit=False).returncode == 1, "a failed sign-in connects nothing")

    out = a.sign_in(store.url, SLUG, "ann@grace.example", PASSWORD).stdout
    check("as ann@grace.example (Editor)" in out, "sign-in says who: %r" % out)
    kept = kept_credentials(a)
    check(len(kept) == 1 and kept[0]["email"] == "ann@grace.example", "the tokens are kept in the file")
    check(PASSWORD not in open(os.path.join(a.credentials_folder, os.listdir(a.credentials_folder)[0])).read(),
          "the password is not kept")

    ids = [a.add_event(SLUG, "Staff event %d" % i) for i in range(5)]
    a.update_event(SLUG, ids[0], title="Staff event 0, renamed")
    a.remove_event(SLUG, ids[1])
    a.sync(SLUG)
    converged(store, a)
    history = a.json("history", ids[0], "--org", SLUG)
    check([e["author"] for e in history] == ["ann@grace.example"] * 2, "the edits are by ann: %r" % history)
    check(all(e["version"] is not None for e in history), "pushed edits have their version: %r" % history)

    # A viewer pulls everything, and may not push.
    v.sign_in(store.url, SLUG, "vic@grace.example", PASSWORD)
    v.sync(SLUG)
    converged(store, a, v)
    v.add_event(SLUG, "A viewer's event")
    refused = v.sync(SLUG, check_exit=False)
    check(refused.returncode == 1 and "403" in refused.stderr, "a viewer's push is refused: %r" % refused.stderr)
    # With its own edit still waiting, the viewer's console goes on pulling what others change.
    later_id = a.add_event(SLUG, "Added while the viewer waits")
    a.sync(SLUG)
    refused = v.sync(SLUG, check_exit=False)
    check(refused.returncode == 1 and "403" in refused.stderr, "the viewer's push is refused again: %r" % refused.stderr)
    check(later_id.lower() in v.dump(SLUG), "the viewer still pulled the editor's new event")
    check(v.outbox_count(SLUG) == 1, "the viewer's own edit is kept")

    # Signing out ends the session on the store; the next sync says to sign in again.
    a.add_event(SLUG, "After signing out")
    a.ctl("sign-out", "--org", SLUG)
    check(kept_credentials(a) == [], "signing out forgets the tokens")
    later = a.sync(SLUG, check_exit=False)
    check(later.returncode == 1 and "signed out" in later.stderr, "a signed-out sync says so: %r" % later.stderr)
    check(a.outbox_count(SLUG) == 1, "the change made meanwhile is kept")
    a.sign_in(store.url, SLUG, "ann@grace.example", PASSWORD)
    a.sync(SLUG)
    converged(store, a)


def staff_token_expiring_mid_drain_loses_nothing(workdir, backend, new_store):
    store = staff_store(workdir, backend, new_store, serve_args=("--access-token-ttl", "2"))
    a = Console(workdir, "a")
    a.ctl("demo", "load", "--events", "10000", "--org", SLUG)
    a.sign_in(store.url, SLUG, "ann@grace.example", PASSWORD)
    first_token = kept_credentials(a)[0]["accessToken"]
    pending = a.outbox_count(SLUG)
    check(pending >= 10000, "10k changes wait (%d)" % pending)

    out = a.sync(SLUG, timeout=900).stdout

    check(kept_credentials(a)[0]["accessToken"] != first_token, "the access token was renewed during the drain")
    check(a.outbox_count(SLUG) == 0, "every change was sent (%d left; sync said %r)" % (a.outbox_count(SLUG), out))
    dump = converged(store, a)
    versions = sorted(dump_versions(dump))
    check(versions == list(range(1, len(versions) + 1)), "each change applied exactly once (versions 1..n)")
    check(len(versions) == pending, "the store has every change: %d of %d" % (len(versions), pending))


def staff_refresh_answer_lost_keeps_the_session(workdir, backend, new_store):
    """The console sends a refresh, the store carries it out, the answer is lost: the console
    sends the same refresh token again at once, the store takes it as a retry within its grace
    window, and the console stays signed in and syncs."""
    store = staff_store(workdir, backend, new_store, serve_args=("--access-token-ttl", "2"))
    proxy = FaultProxy(store.port)
    a = Console(workdir, "a")
    a.add_org(SLUG, "Grace Community Church")
    a.sign_in(proxy.url, SLUG, "ann@grace.example", PASSWORD)
    first_refresh = kept_credentials(a)[0]["refreshToken"]
    a.add_event(SLUG, "After a lost refresh")
    time.sleep(2.5)  # the access token has expired: the next request starts with a refresh

    signed_in_through = len(proxy.seen)
    proxy.queue("drop-response")
    out = a.sync(SLUG)

    # The sync's first request is the refresh: its answer is the one lost.
    check(proxy.seen[signed_in_through] == "drop-response", "the fault was injected (%r)" % proxy.seen)
    check("pushed 1," in out.stdout, "the sync went on: %r" % out.stdout)
    kept = kept_credentials(a)
    check(len(kept) == 1 and kept[0]["refreshToken"] != first_refresh, "a fresh pair is kept")
    remote = a.json("remote", "show", "--org", SLUG)
    check(remote["signedIn"] is True, "still signed in: %r" % remote)
    converged(store, a)
    # And the session goes on: the next renewal uses the fresh refresh token.
    time.sleep(2.5)
    a.add_event(SLUG, "Later still")
    a.sync(SLUG)
    converged(store, a)
    proxy.close()
