"""What the store must hold after a run of random edits and faults, kept by the test as it goes:
each console's events, bulletins with their sections, books, borrowers and loans, the stamp
ledger's entries, and what the store made itself (members and their submissions, with the
events approving them made). Compared with the store's canonical dump at every check."""
import json


def live_records(dump_text):
    """{entity: {id: fields}} of the records not deleted."""
    records = {}
    for line in dump_text.splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if not record["deleted"]:
            records.setdefault(record["entity"], {})[record["id"]] = record["fields"]
    return records


def headings(sections):
    """A bulletin's section headings, whether the fields carry the list or its JSON text."""
    if isinstance(sections, str):
        sections = json.loads(sections) if sections.strip() else []
    return [s.get("heading") for s in sections or []]


class Model:
    def __init__(self):
        self.events = {}        # id -> title
        self.bulletins = {}     # id -> (title, [headings])
        self.books = set()
        self.borrowers = set()
        self.loans = {}         # id -> (book, borrower, state)
        self.stamps = {}        # entry id -> kind (grant, revoke): every entry, the ledger only grows
        self.submissions = {}   # id -> status
        self.members = set()    # emails

    def open_loan_of(self, book):
        return next((i for i, (b, _, state) in self.loans.items() if b == book and state == "out"), None)

    def differences(self, dump_text):
        """What the store's dump holds that the model does not expect, or lacks: empty when equal."""
        live = live_records(dump_text)
        got = {
            "event": {i: f.get("title") for i, f in live.get("event", {}).items()},
            "bulletin": {i: (f.get("title"), headings(f.get("sections"))) for i, f in live.get("bulletin", {}).items()},
            "book": set(live.get("book", {})),
            "borrower": set(live.get("borrower", {})),
            "loan": {i: (f.get("book"), f.get("borrower"), f.get("state")) for i, f in live.get("loan", {}).items()},
            "stamp": {i: f.get("kind") for i, f in live.get("stamp", {}).items()},
            "submission": {i: f.get("status") for i, f in live.get("submission", {}).items()},
            "member": {f.get("email") for f in live.get("member", {}).values()},
        }
        wanted = {
            "event": self.events,
            "bulletin": {i: (t, list(h)) for i, (t, h) in self.bulletins.items()},
            "book": self.books, "borrower": self.borrowers, "loan": self.loans, "stamp": self.stamps,
            "submission": self.submissions, "member": self.members,
        }
        problems = []
        for entity, expected in wanted.items():
            actual = got[entity]
            if actual == expected:
                continue
            if isinstance(expected, dict):
                missing = sorted(set(expected) - set(actual))
                extra = sorted(set(actual) - set(expected))
                changed = sorted(k for k in set(expected) & set(actual) if expected[k] != actual[k])
                problems.append("%s: %d missing %s, %d not expected %s, %d differ %s" % (
                    entity, len(missing), missing[:2], len(extra), extra[:2], len(changed),
                    [(k, expected[k], actual[k]) for k in changed[:2]]))
            else:
                problems.append("%s: missing %s, not expected %s" % (entity, sorted(expected - actual)[:3],
                                                                    sorted(actual - expected)[:3]))
        # The rules the store keeps whatever the consoles did.
        open_loans = [f.get("book") for f in live.get("loan", {}).values()
                      if f.get("state") in ("out", "lost", "claims-returned")]
        if len(open_loans) != len(set(open_loans)):
            problems.append("a book is on two open loans")
        return problems
