#!/usr/bin/python3
"""End-to-end test of the lending library's window, through the accessibility tree.

Opened while the catalogue is read, the Books list shows "Loading…", never "No Books Yet". A
volunteer catalogues a shelf with a barcode scanner (scan mode: three ISBNs typed with Enter,
as a USB scanner types them), lends one of the books (the Books list then says it is out and until when), moves the loan's due date back so it
is overdue, finds it on the overdue report, sends a borrower's reminder through a real SMTP
server started here (aiosmtpd) once the library's mail is set up, renews it, takes it back, and
finds the loan in the book's history. Open Library is a local fake (Tests/library/fake_openlibrary.py), so the
scanned books get their titles as they would online. What the window says is checked against
the database with Python's sqlite3 module. Screenshots for the docs land in STEWARD_SCREENSHOTS.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session), which sets STEWARD_DB,
STEWARD_BIN_DIR, STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR and STEWARD_SCREENSHOTS.
"""

import datetime
import email
import email.policy
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import (Failure, button, buttons, choose, choose_page, click, click_at, find_all, frames, main_window,  # noqa: E402
                           name, on_screen, point_at, press, role, select_row, text_of, type_into, wait_for, wait_gone, window_named,
                           window_open)

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
HERE = os.path.dirname(os.path.abspath(__file__))
ORG = "Maple Street Lending Library"
RETURN = 0xff0d
# Three books the fake Open Library knows; the demo's own books have 979-8 numbers.
SCANS = [("9780316769488", "The Catcher in the Rye"), ("0439023483", "The Hunger Games"),
         ("978-0-7432-7356-5", "The Great Gatsby")]
LENT_TITLE = "The Hunger Games"


class FakeOpenLibrary:
    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-u", os.path.join(HERE, "..", "library", "fake_openlibrary.py")],
                                        stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{int(self.process.stdout.readline())}"

    def stop(self):
        self.process.kill()
        self.process.wait()


FAKE = FakeOpenLibrary()


def App():
    environment = dict(os.environ)
    environment["STEWARD_OPENLIBRARY_URL"] = FAKE.url
    return accessibility.App(os.path.join(BIN_DIR, "steward"), environment, os.path.join(SHOTS, "steward-library.log"))


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


# ---------------------------------------------------------------- the database

def db():
    return sqlite3.connect(DB, timeout=10)


def org():
    with db() as c:
        row = c.execute("SELECT id, timeZone FROM organization WHERE name = ?", (ORG,)).fetchone()
    if not row:
        raise Failure(f'the demo database has no organization "{ORG}"')
    return row[0]


def live(entity):
    with db() as c:
        rows = c.execute("SELECT id, fields FROM record WHERE entity = ? AND orgId = ? AND deleted = 0",
                         (entity, org())).fetchall()
    return [(rid, json.loads(fields)) for rid, fields in rows]


def book_by_isbn(isbn13):
    return next(((rid, f) for rid, f in live("book") if f.get("isbn") == isbn13), None)


def loans_of(book_id):
    return [(rid, f) for rid, f in live("loan") if f.get("book") == book_id]


# ---------------------------------------------------------------- helpers

def show_view(window, view, shown=None):
    """Switches a library page to one of its views (Books, Loans, Overdue…), as a click on its
    tab would; `shown` (a probe) says the view is on screen, else the tab is clicked again."""
    # On a narrow window the header's tabs are hidden and the bar at the bottom has them: the
    # tab lowest on screen is the one a person sees.
    def tab():
        found = [t for t in find_all(window, name_is=view, roles=("page tab",)) if on_screen(t)]
        return max(found, key=lambda t: t.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)[1]) if found else None
    for _ in range(3):
        click_at(wait_for(f'a view tab named "{view}"', tab))
        time.sleep(0.5)
        if shown is None:
            return
        try:
            wait_for(f'the "{view}" view', shown, timeout=4)
            return
        except Failure:
            continue
    raise Failure(f'the "{view}" view did not show')


def visible_button(window, label):
    """A probe for a button on screen, enabled or not (a disabled one offers no click)."""
    return lambda: next((b for b in find_all(window, roles=("push button", "toggle button"))
                         if accessibility.named(b, label) and on_screen(b)), None)



def find_book(window, title):
    """Narrows the Books list to `title` with its search field, as a person would in a
    catalogue of a thousand books (sorted by title, the book may be far down the list), and
    clicks its row."""
    type_into(window, "Search books", title)
    select_row(window, title)


def overdue_count(window):
    """The overdue figure of the Loans page's counts ("Loans: 66 out · 15 overdue · …")."""
    counts = name(label_showing(window, "Loans: "))
    return int(counts.split("·")[1].split()[0])


def label_showing(window, start):
    return wait_for(f'a label starting "{start}"',
                    lambda: next((n for n in find_all(window, name_starts=start, roles=("label",)) if on_screen(n)), None))


def switch_to_library(window):
    if ORG in name(window):
        return
    click(button(window, "Organization"))
    click(button(accessibility_app.node(), ORG))
    wait_for(f'the window title to name "{ORG}"', lambda: next((w for w in frames(accessibility_app) if ORG in name(w)), None))
    time.sleep(0.6)


accessibility_app = None


# ---------------------------------------------------------------- the tests

def test_books_open_on_loading(app):
    """Opened while the catalogue is read (the reads held), the Books list shows "Loading…"
    with a spinner, never "No Books Yet"; once read, the books."""
    global accessibility_app
    accessibility_app = app
    window = main_window(app)
    with accessibility.holding_loads():
        switch_to_library(window)
        window = main_window(app)
        choose_page(window, "Books")
        wait_for('"Loading…" on the Books page', lambda: accessibility.loading_on_screen(window), timeout=60)
        if accessibility.any_on_screen(window, "No Books Yet"):
            raise Failure('"No Books Yet" is on screen while the catalogue is read')
        screenshot("library-loading.png")
    wait_for("the books once read", lambda: not accessibility.loading_on_screen(window)
             and any(on_screen(n) for n in find_all(window, name_starts="The first ", roles=("label",))), timeout=60)
    if accessibility.any_on_screen(window, "No Books Yet"):
        raise Failure('"No Books Yet" is on screen with a catalogue of books')


def due_text(day):
    """A due day as the Books list says it: "Out · due 3 Dec", "Overdue · 18 Nov"."""
    day = datetime.date.fromisoformat(day)
    word = "Overdue ·" if day < datetime.date.today() else "Out · due"
    return f"{word} {day.day} {day.strftime('%b')}"


def book_loan_shown(window, title):
    """What the Books list's On Loan column says in the row of `title` (searched for)."""
    type_into(window, "Search books", title)
    def probe():
        labels = [n for n in find_all(window, roles=("label",)) if on_screen(n)]
        texts = [text_of(n) for n in labels]
        if title not in texts:
            return None
        return next((t for t in texts[texts.index(title):] if t.startswith(("Out · ", "Overdue · "))), "")
    return probe


def test_books_list_shows_the_copy_out(app):
    """After the loan, the Books list says the book is out and when it is due, from the loan."""
    window = main_window(app)
    choose_page(window, "Books")
    show_view(window, "Books", lambda: next((n for n in find_all(window, name_is="Search books") if on_screen(n)), None))
    book_id, _ = book_by_isbn("9780439023481")
    due = next(f["dueOn"] for _, f in loans_of(book_id) if f.get("state") == "out")
    wanted = due_text(due)
    probe = book_loan_shown(window, LENT_TITLE)
    wait_for(f'"{wanted}" in the row of "{LENT_TITLE}"', lambda: probe() == wanted, timeout=30)
    screenshot("library-books-on-loan.png")
    type_into(window, "Search books", "")


def test_scan_three_isbns(app):
    global accessibility_app
    accessibility_app = app
    window = main_window(app)
    switch_to_library(window)
    window = main_window(app)
    choose_page(window, "Books")
    before = len(live("book"))
    click(button(window, "Scan Mode"))
    for typed, title in SCANS:
        type_into(window, "ISBN to scan", typed)
        # The scanner types into the field that has the keyboard, then Enter.
        click_at(accessibility.field(window, "ISBN to scan"))
        press(RETURN)
        label_showing(window, "Added “")
        digits = typed.replace("-", "")
        isbn13 = digits if len(digits) == 13 else None
        wait_for(f"{typed} in the database", lambda: isbn13 is None or book_by_isbn(isbn13))
    wait_for("three more books", lambda: len(live("book")) == before + 3)
    # Scanning one again finds it rather than adding it twice.
    type_into(window, "ISBN to scan", "0-316-76948-7")
    click_at(accessibility.field(window, "ISBN to scan"))
    press(RETURN)
    label_showing(window, "Found “")
    if len(live("book")) != before + 3:
        raise Failure("a second scan of the same ISBN added a book")
    # The fake Open Library gave each its title.
    wait_for("the titles from Open Library",
             lambda: all(any(f.get("title") == title for _, f in live("book")) for _, title in SCANS))
    screenshot("library-scan-mode.png")
    click(button(window, "Scan Mode"))


def test_lend_one(app):
    window = main_window(app)
    show_view(window, "Books")
    find_book(window, LENT_TITLE)
    click(button(window, "Lend"))
    # The dialog's own Lend button (the bar's is named "Lend" too; the dialog's comes last).
    def dialog_lend():
        found = [b for b in find_all(app.node(), roles=("push button",)) if accessibility.named(b, "Lend") and on_screen(b)]
        return found[-1] if len(found) > 1 else None
    lend = wait_for("the dialog's Lend button", dialog_lend)
    # Nobody is picked for staff: Lend waits for a borrower.
    if accessibility.sensitive(lend):
        raise Failure("the dialog's Lend button is on before a borrower is chosen")
    borrower_id, person = sorted(live("borrower"), key=lambda b: b[1]["name"].lower())[1]
    shown = f'{person["name"]} ({person["phone"]})' if person.get("phone") else person["name"]
    choose(app, app.node(), "Borrower", shown)
    wait_for("the dialog's Lend button to be on", lambda: accessibility.sensitive(lend))
    # A due date that does not read says why under it, and Lend waits.
    due = text_of(accessibility.field(app.node(), "Due on"))
    type_into(app.node(), "Due on", "next tuesday")
    label_showing(app.node(), "Due on must be a date like 2026-12-06")
    if accessibility.sensitive(lend):
        raise Failure("Lend is on with a due date that does not read")
    type_into(app.node(), "Due on", due)
    wait_for("the dialog's Lend button to be on again", lambda: accessibility.sensitive(lend))
    click(lend)
    book_id, _ = book_by_isbn("9780439023481")
    wait_for("a loan of the book to the borrower chosen",
             lambda: any(f.get("state") == "out" and f.get("borrower") == borrower_id for _, f in loans_of(book_id)))
    # The same book again is refused, saying who has it (the list reloads after the loan:
    # Lend again once it shows the book selected).
    # The refusal is said in full, in a dialog (a toast cut it off mid-word).
    refusal = f"“{LENT_TITLE}” is already on loan to"
    for _ in range(3):
        select_row(window, LENT_TITLE)
        click(button(window, "Lend"))
        try:
            dialog = accessibility.window_named(app, "Already on Loan")
            label_showing(dialog, refusal)
            break
        except Failure:
            continue
    else:
        raise Failure(f'no refusal saying "{refusal} …"')
    if not any(text_of(n).endswith("return that loan first") for n in find_all(dialog, roles=("label",))):
        raise Failure("the refusal is not shown in full")
    click(button(dialog, "OK"))


def test_overdue_after_due_date_moved_back(app):
    window = main_window(app)
    choose_page(window, "Loans")
    show_view(window, "Loans")
    select_row(window, LENT_TITLE)
    click(button(window, "Open Loan"))
    editor = window_named(app, "Edit Loan")
    past = (datetime.date.today() - datetime.timedelta(days=10)).isoformat()
    type_into(editor, "Due on", past)
    click(button(editor, "Save"))
    wait_gone('the "Edit Loan" editor', lambda: window_open(app, "Edit Loan"))
    book_id, _ = book_by_isbn("9780439023481")
    wait_for("the due date moved back", lambda: any(f.get("dueOn") == past for _, f in loans_of(book_id)))
    show_view(window, "Overdue")
    wait_for(f'"{LENT_TITLE}" on the overdue report',
             lambda: next((n for n in find_all(window, name_starts=f"{LENT_TITLE}, borrowed by") if on_screen(n)), None))
    screenshot("library-overdue-report.png")


def test_send_reminder_from_the_overdue_report(app):
    """With the library's mail set up (`stewardctl mail set`, to an SMTP server started here with
    Debian's python3-aiosmtpd), the overdue report offers Send Reminder beside Open as Draft; the
    reminder reaches the server and the mail log. The mail settings are removed after, so the
    tests that follow see the report as before."""
    from aiosmtpd.controller import Controller
    received = []

    class Sink:
        async def handle_DATA(self, server, session, envelope):
            received.append((list(envelope.rcpt_tos), envelope.original_content))
            return "250 OK"

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = Controller(Sink(), hostname="127.0.0.1", port=port)
    server.start()
    with sqlite3.connect(DB, timeout=10) as db:
        slug = db.execute("SELECT slug FROM organization WHERE name = ?", (ORG,)).fetchone()[0]
    subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "mail", "set", "--org", slug,
                    "--smtp", f"smtp://127.0.0.1:{port}", "--from", "office@maple.example"], check=True, capture_output=True)
    try:
        window = main_window(app)
        show_view(window, "Loans")
        show_view(window, "Overdue")
        send = wait_for("a Send Reminder button on the report",
                        lambda: next((b for b in find_all(window, name_starts="Send a reminder to ", roles=("push button",))
                                      if on_screen(b)), None))
        person = name(send)[len("Send a reminder to "):]
        if not find_all(window, name_is=f"Open a reminder to {person} as a draft"):
            raise Failure(f"no draft to {person} beside Send Reminder")
        click(send)
        wait_for("the reminder at the mail server", lambda: received)
        message = email.message_from_bytes(received[0][1], policy=email.policy.default)
        if message["Subject"] != f"Overdue books from {ORG}" or f"Hello {person}," not in message.get_content():
            raise Failure(f"the reminder reads {message['Subject']!r}: {message.get_content()[:80]!r}")
        with sqlite3.connect(DB, timeout=10) as db:
            logged = wait_for("the reminder in the mail log",
                              lambda: db.execute("SELECT recipient, purpose, result FROM mailLog").fetchall())
        if logged != [(received[0][0][0], "loan-reminder", "sent")]:
            raise Failure(f"the mail log: {logged}")
        screenshot("library-send-reminder.png")
    finally:
        server.stop()
        with sqlite3.connect(DB, timeout=10) as db:
            db.execute("DELETE FROM mailSettings")
            db.execute("DELETE FROM mailLog")


def test_renew(app):
    """Renewed on the overdue report, where the late book was found: it leaves the report."""
    window = main_window(app)
    show_view(window, "Overdue")
    overdue = overdue_count(window)
    renew = f"Renew “{LENT_TITLE}”"
    click(wait_for(f'"{renew}" on the report', lambda: next((b for b in buttons(window, renew) if on_screen(b)), None)))
    book_id, _ = book_by_isbn("9780439023481")
    wait_for("one renewal", lambda: any(f.get("renewals") == 1 for _, f in loans_of(book_id)))
    wait_gone(f'"{LENT_TITLE}" on the overdue report',
              lambda: next((n for n in find_all(window, name_starts=f"{LENT_TITLE}, borrowed by") if on_screen(n)), None))
    # The page's counts say it: one loan fewer overdue. (The toast saying the new due date is
    # up for ten seconds, less than one walk of this list's tree can take on a loaded machine.)
    wait_for(f"{overdue - 1} overdue in the page's counts", lambda: overdue_count(window) == overdue - 1)


def test_return(app):
    window = main_window(app)
    show_view(window, "Loans", visible_button(window, "Return"))
    select_row(window, LENT_TITLE)
    click(button(window, "Return"))
    book_id, _ = book_by_isbn("9780439023481")
    wait_for("the loan returned", lambda: any(f.get("state") == "returned" for _, f in loans_of(book_id)))


def test_found_in_book_history(app):
    window = main_window(app)
    choose_page(window, "Books")
    show_view(window, "Books")
    find_book(window, LENT_TITLE)
    click(button(window, "Loan History"))
    history = window_named(app, f"Loans of {LENT_TITLE}")
    wait_for("the returned loan in the history",
             lambda: next((n for n in find_all(history, name_has="returned ") if on_screen(n)), None))
    screenshot("library-book-history.png")
    press(0xff1b)
    wait_gone("the history window", lambda: window_open(app, f"Loans of {LENT_TITLE}"))


def test_readers_and_a_review_in_book_history(app):
    """The book's history says who has read it (the borrower it was lent to) and takes a review
    through its "+": saved with the book filled in and today's date, shown at the top."""
    window = main_window(app)
    show_view(window, "Books")
    find_book(window, LENT_TITLE)
    click(button(window, "Loan History"))
    history = window_named(app, f"Loans of {LENT_TITLE}")
    book_id, _ = book_by_isbn("9780439023481")
    borrower_id = loans_of(book_id)[0][1]["borrower"]
    reader = next(f["name"] for rid, f in live("borrower") if rid == borrower_id)
    wait_for(f"{reader} under Read By",
             lambda: next((n for n in find_all(history, name_has="last borrowed") if on_screen(n) and reader in name(n)), None))
    click(button(history, "Add Review"))
    editor = window_named(app, "New Review")
    text = "Gripping from the first page."
    type_into(editor, "Review", text)
    click(button(editor, "Save"))
    wait_gone('the "New Review" editor', lambda: window_open(app, "New Review"))
    wait_for("the review in the history", lambda: next((n for n in find_all(history, name_has=text) if on_screen(n)), None))
    stored = [f for _, f in live("bookReview") if f.get("book") == book_id]
    if [f.get("text") for f in stored] != [text] or stored[0].get("rating") is not None or not stored[0].get("date"):
        raise Failure(f"the review stored is {stored}")
    screenshot("library-book-readers-reviews.png")
    press(0xff1b)
    wait_gone("the history window", lambda: window_open(app, f"Loans of {LENT_TITLE}"))


def test_book_editor(app):
    window = main_window(app)
    show_view(window, "Books")
    find_book(window, LENT_TITLE)
    click(button(window, "Open Book"))
    editor = window_named(app, "Edit Book")
    click(button(editor, "Look Up ISBN"))
    wait_for("the look-up's answer",
             lambda: next((n for n in find_all(editor, name_starts="Found on Open Library") if on_screen(n)), None)
             or next((n for n in find_all(editor, name_starts="Filled from Open Library") if on_screen(n)), None))
    screenshot("library-book-editor.png")
    click(button(editor, "Cancel"))
    wait_gone('the "Edit Book" editor', lambda: window_open(app, "Edit Book"))


def test_borrower_loans(app):
    window = main_window(app)
    choose_page(window, "Loans")
    show_view(window, "Borrowers", visible_button(window, "New Borrower"))
    book_id, _ = book_by_isbn("9780439023481")
    borrower_id = loans_of(book_id)[0][1]["borrower"]
    borrower = next(f["name"] for rid, f in live("borrower") if rid == borrower_id)
    # Fifty borrowers by name: the search finds the one, wherever the list is scrolled.
    type_into(window, "Search borrowers", borrower)
    select_row(window, borrower)
    click(button(window, "Loan History"))
    history = window_named(app, f"Loans of {borrower}")
    wait_for(f'"{LENT_TITLE}" in the borrower\'s loans',
             lambda: next((n for n in find_all(history, name_starts=LENT_TITLE) if on_screen(n)), None))
    screenshot("library-borrower-loans.png")
    press(0xff1b)
    wait_gone("the history window", lambda: window_open(app, f"Loans of {borrower}"))


def test_import_preview(app):
    """Import… → a Goodreads export → the preview (new, already there, errors) → Import."""
    window = main_window(app)
    choose_page(window, "Books")
    before = len(live("book"))
    click(button(window, "Import Books"))
    chooser = window_named(app, "Choose a File to Import")
    path = os.path.abspath(os.path.join(HERE, "..", "library", "goodreads_library_export.csv"))
    point_at(chooser)
    # GTK's file chooser opens its location field on a typed "/", then takes the whole path.
    pyatspi.Registry.generateKeyboardEvent(0, path, pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(RETURN)
    preview = wait_for("the import preview", lambda: next((w for w in frames(app) if name(w) == "Import Books"), None))
    wait_for("the preview's summary",
             lambda: next((n for n in find_all(preview, name_starts="6 new books will be added") if on_screen(n)), None))
    for row in ("Row 9", "Row 11"):
        wait_for(f'"{row}" among the rows with errors', lambda: next(iter(find_all(preview, name_starts=row)), None))
    screenshot("library-import-preview.png")
    click(button(preview, "Import 6 Books"))
    wait_gone("the import preview", lambda: any(name(w) == "Import Books" for w in frames(app)))
    wait_for("six more books", lambda: len(live("book")) == before + 6)


def test_import_refused_in_full(app):
    """A file that cannot be imported says why in full, in a dialog: which file, and what to do
    (a toast cut the reason off mid-word and took it away after a few seconds)."""
    window = main_window(app)
    choose_page(window, "Books")
    path = "/tmp/lendappr-ui-header-only.csv"
    with open(path, "w") as f:
        f.write("Title,Author\n")
    click(button(window, "Import Books"))
    chooser = window_named(app, "Choose a File to Import")
    point_at(chooser)
    pyatspi.Registry.generateKeyboardEvent(0, path, pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(RETURN)
    heading = "Cannot Import lendappr-ui-header-only.csv"
    dialog = wait_for(f'the "{heading}" dialog', lambda: next((w for w in frames(app) if name(w) == heading), None))
    if not any(text_of(n).endswith("has no rows of books under its header") for n in find_all(dialog, roles=("label",))):
        raise Failure("the refused import does not say its whole reason")
    screenshot("library-import-refused.png")
    click(button(dialog, "OK"))
    wait_gone("the refusal dialog", lambda: any(name(w) == heading for w in frames(app)))
    os.remove(path)


def test_shelf_view(app):
    window = main_window(app)
    choose_page(window, "Books")
    show_view(window, "Shelves", visible_button(window, "Show Shelf"))
    select_row(window, "Hall bookcase")
    click(button(window, "Show Shelf"))
    shelf = window_named(app, "Hall bookcase")
    wait_for("a filled cell", lambda: next((n for n in find_all(shelf, name_starts="Row 1, column 1: ") if on_screen(n)), None))
    pyatspi.Registry.generateMouseEvent(1270, 790, "abs")  # no tooltip over the grid
    time.sleep(0.5)
    screenshot("library-shelf-view.png")
    press(0xff1b)
    wait_gone("the shelf window", lambda: window_open(app, "Hall bookcase"))


# ---------------------------------------------------------------- search and exports

def test_search_by_isbn10(app):
    """The Books list's search, through the kit's index: an ISBN-10 typed with hyphens finds the
    book kept as its ISBN-13, as a person at the desk would type it from a barcode's print."""
    window = main_window(app)
    choose_page(window, "Books")
    show_view(window, "Books", lambda: next((n for n in find_all(window, name_is="Search books") if on_screen(n)), None))
    type_into(window, "Search books", "0-439-02348")
    wait_for(f'"{LENT_TITLE}" found by its ISBN-10',
             lambda: next((n for n in find_all(window, name_is=LENT_TITLE, roles=("label",)) if on_screen(n)), None))
    label_showing(window, "1 book")
    type_into(window, "Search books", "")
    wait_gone("the search's single result", lambda: any(on_screen(n) for n in find_all(window, name_is="1 book")))


def test_books_list_paged(app):
    """Unsearched, the Books list reads one page of its thousand books and says how many there
    are; Show More below the list adds the next page."""
    window = main_window(app)
    choose_page(window, "Books")
    show_view(window, "Books", lambda: next((n for n in find_all(window, name_is="Search books") if on_screen(n)), None))
    type_into(window, "Search books", "")
    label_showing(window, "The first 100 of ")
    click(wait_for('the "Show More" button', visible_button(window, "Show More")))
    label_showing(window, "The first 200 of ")
    screenshot("library-books-paged.png")


def test_export_favourites_csv(app):
    """Export Books → "Favourites as CSV…" → a file with the favourite books, one row each."""
    import csv
    window = main_window(app)
    choose_page(window, "Books")
    path = os.path.abspath(os.path.join(SHOTS, "library-favourites.csv"))
    if os.path.exists(path):
        os.remove(path)
    click(button(window, "Export Books"))
    item = wait_for('the menu item "Favourites as CSV…"',
                    lambda: next((n for n in find_all(app.node(), name_is="Favourites as CSV…", roles=("menu item",))), None))
    screenshot("library-export-menu.png")
    click(item)
    chooser = window_named(app, "Export Favourites as CSV")
    # The name field has the focus with the suggested name selected up to ".csv": typing
    # replaces it, and GTK's chooser takes a whole path typed there.
    point_at(chooser)
    time.sleep(0.5)
    pyatspi.Registry.generateKeyboardEvent(0, path[:-len(".csv")], pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(RETURN)
    wait_for("the CSV to be written", lambda: os.path.exists(path) and os.path.getsize(path) > 0)
    wait_gone("the file chooser", lambda: window_open(app, "Export Favourites as CSV"))
    label_showing(window, "Saved library-favourites.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if rows[0][:3] != ["Title", "Authors", "ISBN"] or rows[0][-1] != "Place":
        raise Failure(f"the CSV's header is {rows[0]}")
    wanted = sorted(f["title"] for _, f in live("book") if f.get("favourite"))
    if not wanted or sorted(r[0] for r in rows[1:]) != wanted:
        raise Failure(f"the CSV has {len(rows) - 1} books, the favourites {len(wanted)}")


def test_lend_from_borrowers(app):
    """Borrowers → a borrower → Lend a Book… → the book found by its ISBN typed with hyphens →
    Lend: the loan is the borrower's."""
    window = main_window(app)
    choose_page(window, "Loans")
    show_view(window, "Borrowers",
              lambda: next((n for n in find_all(window, name_is="Search borrowers") if on_screen(n)), None))
    borrower_id, person = sorted(live("borrower"), key=lambda b: b[1]["name"])[0]
    type_into(window, "Search borrowers", person["name"])
    select_row(window, person["name"])
    click(button(window, "Lend a Book"))
    type_into(app.node(), "Book to lend", "978-0-7432-7356")
    wait_for('"The Great Gatsby" among the books found',
             lambda: next((n for n in find_all(app.node(), name_starts="The Great Gatsby") if on_screen(n)), None))
    screenshot("library-lend-from-borrower.png")
    def dialog_lend():
        found = [b for b in find_all(app.node(), roles=("push button",)) if accessibility.named(b, "Lend")
                 and on_screen(b) and accessibility.sensitive(b)]
        return found[-1] if found else None
    click(wait_for("the dialog's Lend button, enabled", dialog_lend))
    book_id, _ = book_by_isbn("9780743273565")
    wait_for("a loan of the book to the borrower",
             lambda: any(f.get("state") == "out" and f.get("borrower") == borrower_id for _, f in loans_of(book_id)))
    label_showing(window, "Lent “The Great Gatsby”")
    type_into(window, "Search borrowers", "")


TESTS = [
    test_books_open_on_loading,
    test_scan_three_isbns,
    test_lend_one,
    test_books_list_shows_the_copy_out,
    test_overdue_after_due_date_moved_back,
    test_send_reminder_from_the_overdue_report,
    test_renew,
    test_return,
    test_found_in_book_history,
    test_readers_and_a_review_in_book_history,
    test_book_editor,
    test_borrower_loans,
    test_import_preview,
    test_import_refused_in_full,
    test_shelf_view,
    test_search_by_isbn10,
    test_books_list_paged,
    test_export_favourites_csv,
    test_lend_from_borrowers,
]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-library.log"), "w").close()
    try:
        return accessibility.run_suite(App(), TESTS, "library", SHOTS, "steward-library.log", screenshot)
    finally:
        FAKE.stop()


if __name__ == "__main__":
    sys.exit(main())
