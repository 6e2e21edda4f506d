#!/usr/bin/python3
"""End-to-end test of the pages built on the record kit (Bulletins, Messages, Giving), through
the accessibility tree, in one window for the whole suite.

What a church office does on a Monday: make next Sunday's bulletin with three sections, put
them in the right order, check it is listed with its status, look at it as a phone shows it,
copy it to the following week; add a sermon series and a message; add a giving fund with an
insecure address, which the editor must refuse without losing what was typed, then fix it.
Every control is found by its accessible name, the name a screen reader speaks, and what the
window says is checked against the database with Python's sqlite3 module.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session), which sets STEWARD_DB,
STEWARD_BIN_DIR, STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR and STEWARD_SCREENSHOTS.
"""

import json
import os
import random
import sqlite3
import sys
import tempfile
import time
import traceback
import urllib.request

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "push"))

import accessibility  # noqa: E402
from accessibility import (Failure, button, choose, choose_page, click, click_at, field, find_all,  # noqa: E402
                           frames, main_window, name, press, point_at, role, select_row, text_of, type_into,
                           state_has, wait_for, wait_gone, walk, window_named, window_open)
from sync_fixtures import StoreServer  # noqa: E402

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
ORG = "Grace Community Church"
SUFFIX = random.randint(1000, 9999)
BULLETIN = f"Second Sunday of Advent {SUFFIX}"
SECTIONS = ["Welcome", "Prayer", "Serve This Week"]
REORDERED = ["Welcome", "Serve This Week", "Prayer"]
SERIES = f"Advent: Waiting Well {SUFFIX}"
MESSAGE = f"Comfort, Comfort My People {SUFFIX}"
FUND = f"Roof Repair Fund {SUFFIX}"
AUDIO = f"https://media.grace.example.org/advent-{SUFFIX}.mp3"
AUDIO_BYTES = "48213765"
SLUG = "grace-church"


def App():
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ),
                             os.path.join(SHOTS, "steward-records.log"))


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


# ---------------------------------------------------------------- the database

def db():
    return sqlite3.connect(DB, timeout=10)


def org_id():
    with db() as c:
        row = c.execute("SELECT id FROM organization WHERE name = ?", (ORG,)).fetchone()
    if not row:
        raise Failure(f'the demo database has no organization "{ORG}"')
    return row[0]


def records(entity, key, value):
    """Live records of `entity` in the organization whose field `key` is `value`."""
    with db() as c:
        rows = c.execute("SELECT id, fields FROM record WHERE entity = ? AND orgId = ? AND deleted = 0",
                         (entity, org_id())).fetchall()
    return [(rid, json.loads(fields)) for rid, fields in rows if json.loads(fields).get(key) == value]


def count(entity):
    with db() as c:
        return c.execute("SELECT count(*) FROM record WHERE entity = ? AND deleted = 0", (entity,)).fetchone()[0]


# ---------------------------------------------------------------- helpers

def labels(root):
    return [name(n) for n in find_all(root, roles=("label",))]


def editor(app, heading):
    return window_named(app, heading)


def editor_gone(app, heading):
    wait_gone(f'the "{heading}" editor', lambda: window_open(app, heading))


def scroll_down(window, steps):
    """Turns the mouse wheel over the middle of `window`, as a person reading on would."""
    x, y, width, height = window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, "abs")
    for _ in range(steps):
        pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, "b5c")
        time.sleep(0.05)
    time.sleep(0.4)


def show_view(window, view):
    """Switches the Messages page to one of its views, as a click on its tab would."""
    def on_screen(node):
        return node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)[2] > 0
    # The header's tabs: the bar at the bottom (for narrow windows) has the same ones, hidden.
    tab = wait_for(f'a view tab named "{view}"',
                   lambda: next((t for t in find_all(window, name_is=view, roles=("page tab",)) if on_screen(t)), None))
    click_at(tab)



def row_label(window, text):
    return wait_for(f'"{text}" in the list', lambda: next(iter(find_all(window, name_is=text, roles=("label",))), None))


def problem_relations(node):
    """The texts of the widgets a field names as its error message or description (GTK's
    error-message and described-by relations), as far as the AT-SPI bridge passes them on."""
    wanted = (pyatspi.RELATION_ERROR_MESSAGE, pyatspi.RELATION_DESCRIBED_BY)
    texts = []
    for relation in node.getRelationSet():
        if relation.getRelationType() in wanted:
            texts += [text_of(relation.getTarget(i)) for i in range(relation.getNTargets())]
    return texts


def heard_invalid(node):
    # GTK 4.8's bridge reports GTK_ACCESSIBLE_STATE_INVALID as STATE_INVALID; later GTKs as
    # STATE_INVALID_ENTRY, the state screen readers announce.
    return state_has(node, pyatspi.STATE_INVALID_ENTRY) or state_has(node, pyatspi.STATE_INVALID)


def check_problem_tied(node, words):
    """A field with a problem is heard as a screen reader user expects: marked invalid, the
    problem read after its name, and tied to the label that shows it. GTK 4.8's bridge passes
    on described-by but not error-message; both are checked in-process by GtkKitTests."""
    if not heard_invalid(node):
        raise Failure(f'the field "{name(node)}" shows a problem but is not marked invalid')
    if words not in (node.description or ""):
        raise Failure(f'the field "{name(node)}" does not read its problem after its name '
                      f'(description: "{node.description}")')
    related = problem_relations(node)
    if not any(words in text for text in related):
        raise Failure(f'the field "{name(node)}" is not tied to the label showing its problem '
                      f'(described by: {related})')


def problem_in_view(window, words):
    """A label saying `words` lies inside `window` as it is drawn, not scrolled out of it."""
    _, top, _, height = window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    for node in find_all(window, roles=("label",)):
        if words in text_of(node):
            _, y, _, h = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            if top <= y and y + h <= top + height:
                return True
    return False


# ---------------------------------------------------------------- the tests

state = {}


def test_church_pages_listed(app):
    window = main_window(app)
    if ORG not in name(window):
        click(button(window, "Organization"))
        click(button(app.node(), ORG))
        wait_for(f'the window title to name "{ORG}"',
                 lambda: next((w for w in frames(app) if ORG in name(w)), None))
    window = main_window(app)
    for page in ("Events", "Bulletins", "Messages", "Giving"):
        wait_for(f'a sidebar row named "{page}"', lambda: find_all(window, name_is=page, roles=("list item",)))
    choose_page(window, "Bulletins")
    wait_for("the bulletins page", lambda: find_all(window, name_is="Search bulletins"))
    if find_all(window, name_is="Search events"):
        raise Failure("the Events page's controls are still reachable while Bulletins is shown")


def test_bulletin_with_three_sections(app):
    window = main_window(app)
    state["bulletins_before"] = count("bulletin")
    click(button(window, "New Bulletin"))
    form = editor(app, "New Bulletin")
    type_into(form, "Title", BULLETIN)
    type_into(form, "Date", "2026-12-06")
    # Three days ago in the demo's clock: the bulletin is live now.
    type_into(form, "Publish at", "2026-11-20 09:00")
    for number in (1, 2, 3):
        click(button(form, "Add Section"))
        field(form, f"Section {number} Heading")
    for number, heading in enumerate(SECTIONS, start=1):
        type_into(form, f"Section {number} Heading", heading)
    type_into(form, "Section 1 Text", "Advent candles are lit at both services.")
    type_into(form, "Section 3 Link label", "Sign up")
    # A link that is no web address: its problem is shown and heard at the third section's
    # Link, in the staff's words, and nothing else is marked (the first heading was, once).
    type_into(form, "Section 3 Link", "grace.example.org/serve")
    click(button(form, "Save"))
    link = field(form, "Section 3 Link")
    wait_for("the problem at Section 3 Link", lambda: heard_invalid(link), timeout=10)
    check_problem_tied(link, "Link must be a web address")
    # The form scrolls to the field and the problem written under it, not the entry alone.
    wait_for("the problem under Section 3 Link in view",
             lambda: problem_in_view(form, "Link must be a web address"), timeout=5)
    screenshot("bulletin-error.png")
    for other in ("Section 1 Heading", "Section 3 Heading", "Section 3 Link label"):
        if heard_invalid(field(form, other)):
            raise Failure(f'"{other}" is marked as having a problem; only Section 3 Link has one')
    if count("bulletin") != state["bulletins_before"]:
        raise Failure("a bulletin with a bad link was stored")
    type_into(form, "Section 3 Link", "https://grace.example.org/serve")
    # The third section moves up one place; the names follow the places.
    click(button(form, "Move Section 3 Up"))

    # The window renames the two fields at once; the names reach this process as events a
    # moment later, so the headings are read until they settle.
    def headings():
        return [text_of(field(form, f"Section {n} Heading")) for n in (1, 2, 3)]
    try:
        wait_for("the headings to follow their new places", lambda: headings() == REORDERED, timeout=5)
    except Failure:
        raise Failure(f"after moving section 3 up the headings read {headings()}, not {REORDERED}")
    if text_of(field(form, "Section 2 Link")) != "https://grace.example.org/serve":
        raise Failure("the moved section did not take its link with it")
    scroll_down(form, 5)
    screenshot("bulletin-editor.png")
    click(button(form, "Save"))
    editor_gone(app, "New Bulletin")

    stored = records("bulletin", "title", BULLETIN)
    if len(stored) != 1:
        raise Failure(f'expected one bulletin titled "{BULLETIN}", found {len(stored)}')
    fields = stored[0][1]
    headings = [s["heading"] for s in fields["sections"]]
    if headings != REORDERED:
        raise Failure(f"the sections were stored in the order {headings}, not {REORDERED}")
    if fields["sections"][1].get("linkLabel") != "Sign up" or fields["date"] != "2026-12-06":
        raise Failure(f"the bulletin was stored as {fields}")
    with db() as c:
        if not c.execute("SELECT 1 FROM outbox WHERE entity = 'bulletin' AND recordId = ?", (stored[0][0],)).fetchone():
            raise Failure("no outbox entry was written for the bulletin, so it would never sync")
    state["bulletin_id"] = stored[0][0]


def test_bulletin_listed_with_status(app):
    window = main_window(app)
    type_into(window, "Search bulletins", BULLETIN)
    wait_for("the count to say one bulletin", lambda: find_all(window, name_is="1 bulletin", roles=("label",)))
    row_label(window, BULLETIN)
    wait_for('the status "Live" beside it', lambda: find_all(window, name_is="Live", roles=("label",)))
    row_label(window, "Sun 6 Dec 2026")


def test_bulletin_preview(app):
    window = main_window(app)
    select_row(window, BULLETIN)
    preview_button = button(window, "Preview")
    wait_for('"Preview" to be available', lambda: accessibility.sensitive(preview_button))
    click(preview_button)
    preview = window_named(app, "Preview")
    wait_for("the sections in the preview", lambda: find_all(preview, name_is="Prayer", roles=("label",)))
    shown = labels(preview)
    for text in [BULLETIN, "Sun 6 Dec 2026", "Advent candles are lit at both services."] + REORDERED:
        if text not in shown:
            raise Failure(f'the preview does not show "{text}" (it shows {shown})')
    positions = [shown.index(h) for h in REORDERED]
    if positions != sorted(positions):
        raise Failure(f"the preview shows the sections out of order: {shown}")
    if not find_all(preview, name_is="Sign up"):
        raise Failure('the preview has no "Sign up" link')
    screenshot("bulletin-preview.png")
    click(button(preview, "Close"))
    wait_gone("the preview", lambda: window_open(app, "Preview"))


def test_copy_to_next_week(app):
    window = main_window(app)
    click(button(window, "Copy to Next Week"))
    wait_for("a second bulletin with the title", lambda: len(records("bulletin", "title", BULLETIN)) == 2)
    copies = [f for _, f in records("bulletin", "title", BULLETIN) if f["date"] == "2026-12-13"]
    if len(copies) != 1:
        raise Failure(f"expected one copy dated 2026-12-13, found {records('bulletin', 'title', BULLETIN)}")
    copy = copies[0]
    if copy.get("publishAt") is not None or [s["heading"] for s in copy["sections"]] != REORDERED:
        raise Failure(f"the copy should be an unpublished draft with the same sections: {copy}")
    wait_for("the count to say two bulletins", lambda: find_all(window, name_is="2 bulletins", roles=("label",)))
    wait_for('the copy listed as "Draft"', lambda: find_all(window, name_is="Draft", roles=("label",)))
    row_label(window, "Sun 13 Dec 2026")
    screenshot("bulletins.png")


def test_bulletin_export_pdf(app):
    """Export as PDF through the file chooser; the file's text has every section in order."""
    import subprocess
    window = main_window(app)
    select_row(window, "Sun 6 Dec 2026")
    export = button(window, "Export as PDF")
    wait_for('"Export as PDF" to be available', lambda: accessibility.sensitive(export))
    path = os.path.abspath(os.path.join(SHOTS, f"bulletin-{SUFFIX}.pdf"))
    if os.path.exists(path):
        os.remove(path)
    click(export)
    chooser = window_named(app, "Export Bulletin as PDF")
    # The name field has the focus with the suggested name selected up to ".pdf": typing
    # replaces it, and GTK's chooser takes a whole path typed there.
    point_at(chooser)
    time.sleep(0.5)
    pyatspi.Registry.generateKeyboardEvent(0, path[:-len(".pdf")], pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(0xFF0D)  # Return: save
    wait_for("the PDF to be written", lambda: os.path.exists(path) and os.path.getsize(path) > 0)
    wait_gone("the file chooser", lambda: window_open(app, "Export Bulletin as PDF"))
    text = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True, check=True).stdout
    text = " ".join(text.split())  # a long title wraps onto two lines
    cursor = 0
    for piece in [BULLETIN, "Sun 6 Dec 2026"] + REORDERED:
        found = text.find(piece, cursor)
        if found < 0:
            raise Failure(f'the PDF lacks "{piece}" in order: {text!r}')
        cursor = found + len(piece)


def test_series_and_message(app):
    window = main_window(app)
    choose_page(window, "Messages")
    show_view(window, "Series")
    wait_gone("the messages list (another view is shown)", lambda: find_all(window, name_is="Search messages"))
    click(button(window, "New Series"))
    form = editor(app, "New Series")
    type_into(form, "Title", SERIES)
    click(button(form, "Save"))
    editor_gone(app, "New Series")
    row_label(window, SERIES)
    if len(records("series", "title", SERIES)) != 1:
        raise Failure("the series was not stored")

    show_view(window, "Messages")
    click(button(window, "New Message"))
    form = editor(app, "New Message")
    type_into(form, "Title", MESSAGE)
    type_into(form, "Speaker", "Pastor Dana Ruiz")
    type_into(form, "Preached on", "2026-11-22")
    type_into(form, "Publish at", "2026-11-22 12:00")
    type_into(form, "Audio", AUDIO)
    type_into(form, "Audio size", AUDIO_BYTES)
    # The series is picked from a drop-down of the organization's series, by title.
    series_box = wait_for("the Series drop-down",
                          lambda: next(iter(find_all(form, name_is="Series", roles=("combo box",))), None))
    click_at(series_box)
    # The list opens on "None"; the series is the next choice.
    time.sleep(0.8)
    press(0xFF54)  # Down
    time.sleep(0.3)
    press(0xFF0D)  # Return
    wait_for(f'the drop-down to show "{SERIES}"',
             lambda: any(name(n) == SERIES or text_of(n) == SERIES for n in walk(series_box)), timeout=5)
    click(button(form, "Save"))
    editor_gone(app, "New Message")
    row_label(window, MESSAGE)
    row_label(window, SERIES)  # the Series column shows the series by its title
    stored = records("message", "title", MESSAGE)
    series_id = records("series", "title", SERIES)[0][0]
    if len(stored) != 1 or stored[0][1].get("series") != series_id:
        raise Failure(f"expected the message to refer to series {series_id}: {stored}")
    wait_for('the message listed as "Published"', lambda: find_all(window, name_is="Published", roles=("label",)))
    screenshot("messages.png")


def test_message_recording_from_library(app):
    """A recording added to the media library is picked from the message's Recording
    drop-down by its name; the saved message names the file and takes its size and type."""
    import subprocess
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, f"advent-{SUFFIX}.mp3")
    frame = bytes([0xFF, 0xFB, 0x90, 0x64]) + bytes(413)  # MPEG-1 Layer III, 128 kbit/s
    with open(path, "wb") as out:
        out.write(b"ID3" + bytes([3, 0, 0, 0, 0, 0, 0]) + frame * 200)
    added = subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "media", "add", "--org", SLUG, path, "--json"],
                           capture_output=True, text=True)
    if added.returncode != 0:
        raise Failure(f"stewardctl media add failed: {added.stderr}")
    item = json.loads(added.stdout)
    details = [f"{item['size'] / 1000:.1f} kB"]
    if item.get("durationSeconds") is not None:
        seconds = round(item["durationSeconds"])
        details.insert(0, f"{seconds // 60}:{seconds % 60:02d}")
    shown = f"advent-{SUFFIX}.mp3 ({', '.join(details)})"

    window = main_window(app)
    choose_page(window, "Messages")
    show_view(window, "Messages")
    click(button(window, "New Message"))
    form = editor(app, "New Message")
    title = f"Recorded Sermon {SUFFIX}"
    type_into(form, "Title", title)
    type_into(form, "Preached on", "2026-11-29")
    choose(app, form, "Recording", shown)
    click(button(form, "Save"))
    editor_gone(app, "New Message")
    row_label(window, title)
    stored = records("message", "title", title)
    if len(stored) != 1:
        raise Failure(f"the message was not stored: {stored}")
    fields = stored[0][1]
    if (fields.get("audio"), fields.get("audioBytes"), fields.get("audioType")) != (item["id"], item["size"], "audio/mpeg"):
        raise Failure(f"expected the message to name {item['id']} with its size and type: {fields}")


def test_bulletin_header_image_pasted(app):
    """A photo copied in Files and pasted with Ctrl+V while the bulletin's Header image has
    the focus is added to the library, without its GPS, and chosen; cancelling the editor
    keeps the file in the library."""
    import file_drops
    window = main_window(app)
    choose_page(window, "Bulletins")
    with db() as c:
        before = {i for (i,) in c.execute("SELECT id FROM media WHERE orgId = ?", (org_id(),))}
    photo = os.path.join(tempfile.mkdtemp(), f"choir-{SUFFIX}.jpg")
    file_drops.make_gps_photo(photo)
    click(button(window, "New Bulletin"))
    form = editor(app, "New Bulletin")
    header = accessibility.combo(form, "Header image")
    accessibility.scroll_into_view(header)
    address = field(form, "Header image: address")
    with file_drops.FileSource(photo, copy=True):
        # The focus in the field (its address entry, clicked); with files on the clipboard,
        # Ctrl+V there adds them rather than pasting their paths as text.
        click_at(address)
        wait_for("the focus in Header image", lambda: state_has(address, pyatspi.STATE_FOCUSED))
        press(0x76, control=True)  # Ctrl+V
        wait_for("Header image to show the pasted photo",
                 lambda: any(text_of(n).startswith(os.path.basename(photo)) for n in walk(header) if role(n) == "label"),
                 timeout=30)
    with db() as c:
        added = c.execute("SELECT id, fileName FROM media WHERE orgId = ?", (org_id(),)).fetchall()
    new = [(i, f) for i, f in added if i not in before]
    if [f for _, f in new] != [os.path.basename(photo)]:
        raise Failure(f"expected the pasted photo as the one new library file, found {new}")
    kept = os.path.join(DB + ".media", org_id(), new[0][0])
    if file_drops.gps_in_jpeg(kept):
        raise Failure("the pasted photo was kept with its GPS position")
    if text_of(address):
        raise Failure(f"the paste typed into the address entry: {text_of(address)!r}")
    click(button(form, "Cancel"))
    editor_gone(app, "New Bulletin")
    with db() as c:
        if c.execute("SELECT count(*) FROM media WHERE id = ?", (new[0][0],)).fetchone()[0] != 1:
            raise Failure("cancelling the editor removed the file from the library")


def test_bulletin_header_image_chosen(app):
    """Add File… beside the bulletin's Header image opens the file chooser; the photo typed
    there (Ctrl+L, its path, Enter) is added to the library and chosen."""
    import file_drops
    window = main_window(app)
    choose_page(window, "Bulletins")
    photo = os.path.join(tempfile.mkdtemp(), f"chosen-{SUFFIX}.jpg")
    file_drops.make_gps_photo(photo)
    click(button(window, "New Bulletin"))
    form = editor(app, "New Bulletin")
    add = button(form, "Add File to Header image…")
    accessibility.scroll_into_view(add)
    click(add)
    chooser = window_named(app, "Add a File to Header image")
    try:
        point_at(chooser)
        # GTK's file chooser opens its location field on a typed "/", then takes the whole path
        # (typed as keys: a path set on the field at once is not always taken by Enter).
        pyatspi.Registry.generateKeyboardEvent(0, photo, pyatspi.KEY_STRING)
        time.sleep(0.5)
        press(0xff0d)  # Enter
        wait_gone("the file chooser", lambda: window_open(app, "Add a File to Header image"))
    finally:
        # A chooser left open is modal: it would stop every later test of the window.
        if window_open(app, "Add a File to Header image"):
            click(button(chooser, "Cancel"))
    header = accessibility.combo(form, "Header image")
    wait_for("Header image to show the chosen photo",
             lambda: any(text_of(n).startswith(os.path.basename(photo)) for n in walk(header) if role(n) == "label"),
             timeout=30)
    with db() as c:
        if c.execute("SELECT count(*) FROM media WHERE orgId = ? AND fileName = ?",
                     (org_id(), os.path.basename(photo))).fetchone()[0] != 1:
            raise Failure("the chosen photo is not in the library")
    click(button(form, "Cancel"))
    editor_gone(app, "New Bulletin")


def test_fund_refuses_plain_http(app):
    window = main_window(app)
    choose_page(window, "Giving")
    before = count("fund")
    click(button(window, "New Giving Fund"))
    form = editor(app, "New Giving Fund")
    type_into(form, "Name", FUND)
    insecure = "http://give.example.org/roof"
    type_into(form, "Giving link", insecure)
    click(button(form, "Save"))
    wait_for("a message under the giving link",
             lambda: find_all(form, name_has="must be a secure address starting with https://", roles=("label",)))
    screenshot("giving-error.png")
    if not window_open(app, "New Giving Fund"):
        raise Failure("the editor closed although the fund was refused")
    if text_of(field(form, "Giving link")) != insecure or text_of(field(form, "Name")) != FUND:
        raise Failure("what was typed was lost after the refused save")
    url_field = field(form, "Giving link")
    if "https://" not in (url_field.description or ""):
        raise Failure(f'the "Giving link" field does not carry its problem for screen readers '
                      f'(description: "{url_field.description}")')
    check_problem_tied(url_field, "https://")
    if count("fund") != before:
        raise Failure("a refused fund changed the database")
    type_into(form, "Giving link", "https://give.example.org/roof")
    url_field = field(form, "Giving link")
    wait_for("the corrected giving link to be heard as valid again",
             lambda: not heard_invalid(url_field) and "https://" not in (url_field.description or "")
             and not problem_relations(url_field))
    click(button(form, "Save"))
    editor_gone(app, "New Giving Fund")
    stored = records("fund", "name", FUND)
    if len(stored) != 1 or stored[0][1]["url"] != "https://give.example.org/roof" or stored[0][1]["active"] is not True:
        raise Failure(f"expected one active fund with the https address, found {stored}")
    row_label(window, FUND)
    row_label(window, "https://give.example.org/roof")
    screenshot("giving.png")


def test_fund_delete_and_undo(app):
    window = main_window(app)
    select_row(window, FUND)
    click(button(window, "Delete Giving Fund"))
    wait_for("the fund to be deleted", lambda: not records("fund", "name", FUND))
    click(button(window, "Undo"))
    wait_for("Undo to restore the fund", lambda: len(records("fund", "name", FUND)) == 1)
    row_label(window, FUND)


def test_fund_history(app):
    """The editor of a fund that exists has a History button, as an event's has: its window
    lists the fund's creation."""
    window = main_window(app)
    select_row(window, FUND)
    click(button(window, "Open Giving Fund"))
    form = editor(app, "Edit Giving Fund")
    click(button(form, "History"))
    history = window_named(app, f"History of {FUND}")
    wait_for("the fund's creation in its history",
             lambda: [n for n in walk(history) if "Created" in name(n) or "Created" in text_of(n)])
    point_at(history)
    press(0xFF1B)  # Escape closes the history
    point_at(form)
    press(0xFF1B)
    editor_gone(app, "Edit Giving Fund")


def test_fund_keys(app):
    """Ctrl+N on the Giving page makes a fund, not an event; Escape leaves without one."""
    window = main_window(app)
    before = count("fund")
    select_row(window, FUND)  # the focus is in the list
    press(ord("n"), control=True)
    form = editor(app, "New Giving Fund")
    if window_open(app, "New Event"):
        raise Failure("Ctrl+N on the Giving page opened the event editor")
    point_at(form)
    press(0xFF1B)  # Escape
    editor_gone(app, "New Giving Fund")
    if count("fund") != before:
        raise Failure("cancelling a new fund changed the database")


def test_fund_duplicate(app):
    """Ctrl+D on a selected fund opens the editor on a new fund filled from it, its name
    marked as a copy; saving lists two funds and leaves the original as it was."""
    window = main_window(app)
    original = records("fund", "name", FUND)
    if len(original) != 1:
        raise Failure(f'expected one fund named "{FUND}" before duplicating, found {original}')
    before = count("fund")
    select_row(window, FUND)  # the focus is in the list
    wait_for('"Duplicate Giving Fund" to be available',
             lambda: accessibility.sensitive(button(window, "Duplicate Giving Fund")))
    press(ord("d"), control=True)
    form = editor(app, "New Giving Fund")
    copy_name = f"{FUND} (copy)"
    wait_for("the copy's name in the editor", lambda: text_of(field(form, "Name")) == copy_name, timeout=5)
    if text_of(field(form, "Giving link")) != original[0][1]["url"]:
        raise Failure("the duplicate's editor did not start from the selected fund's giving link")
    screenshot("giving-duplicate.png")
    click(button(form, "Save"))
    editor_gone(app, "New Giving Fund")
    wait_for("a second fund", lambda: count("fund") == before + 1)
    copies = records("fund", "name", copy_name)
    if len(copies) != 1 or copies[0][1]["url"] != original[0][1]["url"] or copies[0][0] == original[0][0]:
        raise Failure(f"expected one new fund named \"{copy_name}\" with the same link, found {copies}")
    if records("fund", "name", FUND) != original:
        raise Failure(f"duplicating changed the original fund: {records('fund', 'name', FUND)}")
    row_label(window, FUND)
    row_label(window, copy_name)


def podcast_feed(store):
    with urllib.request.urlopen(f"{store.url}/v1/orgs/{SLUG}/podcast.xml", timeout=10) as answer:
        return answer.read()


def push_store():
    """The store the office signs in to, sending Web Push (VAPID) to a fake push service that
    decrypts each message as a browser's would; it serves the rest of the suite."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from fake_web_push import FakeWebPush, b64url
    folder = tempfile.mkdtemp(prefix="steward-records-store-")
    key = ec.generate_private_key(ec.SECP256R1())
    pem = os.path.join(folder, "vapid.pem")
    with open(pem, "wb") as out:
        out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL,
                                    serialization.NoEncryption()))
    public = b64url(key.public_key().public_bytes(serialization.Encoding.X962,
                                                  serialization.PublicFormat.UncompressedPoint))
    store = StoreServer(BIN_DIR, folder)
    store.add_org(SLUG, ORG, "America/Chicago")
    state["store"] = store
    state["push"] = FakeWebPush(public)
    return store, ["--vapid-key-file", pem, "--vapid-subject", "mailto:office@grace.example.org",
                   "--allow-private-push-endpoints"]


def store_api(method, path, body=None, token=None):
    request = urllib.request.Request(f"{state['store'].url}/v1/orgs/{SLUG}/{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


def test_message_in_podcast_feed(app):
    """The office signs in on the Sync page; the message made above reaches the store, and the
    podcast feed that podcast apps read (no token) lists it, as a third-party parser reads it:
    with its enclosure, a guid, a date and the speaker."""
    import feedparser
    window = main_window(app)
    store, push_args = push_store()
    email, password = "office@grace.example.org", "lantern-orchard-47"
    store.add_staff(SLUG, email, "editor", password)
    store.start(serve_args=push_args)
    if True:
        choose_page(window, "Sync")
        type_into(window, "Store address", store.url)
        type_into(window, "Email", email)
        type_into(window, "Password", password)
        click(button(window, "Sign In"))

        def entry_for_message():
            feed = feedparser.parse(podcast_feed(store))
            return next((e for e in feed.entries if e.get("title") == MESSAGE), None) if not feed.bozo else None
        entry = wait_for(f'"{MESSAGE}" in the podcast feed', entry_for_message, timeout=90)
        feed = feedparser.parse(podcast_feed(store))
        if feed.bozo:
            raise Failure(f"feedparser could not read the feed: {feed.bozo_exception}")
        for item in feed.entries:
            if not item.get("id") or not item.get("published_parsed") or not item.get("enclosures"):
                raise Failure(f'the feed item "{item.get("title")}" lacks its guid, date or enclosure')
        enclosure = entry.enclosures[0]
        if (enclosure.get("href"), enclosure.get("length"), enclosure.get("type")) != (AUDIO, AUDIO_BYTES, "audio/mpeg"):
            raise Failure(f"the enclosure is {dict(enclosure)}, not {AUDIO} ({AUDIO_BYTES} bytes, audio/mpeg)")
        if entry.get("author") != "Pastor Dana Ruiz":
            raise Failure(f'the feed names "{entry.get("author")}" as the speaker')
        message_id = records("message", "title", MESSAGE)[0][0]
        if message_id not in entry.id:
            raise Failure(f"the item's guid {entry.id} is not the message's stable id {message_id}")
        screenshot("podcast-signed-in.png")


ANNOUNCEMENT = f"Parking lot closed Sunday {SUFFIX}"
LONG_BODY = ("The north parking lot is being repaved, so please park at Lincoln Elementary across the "
             "street; volunteers in orange vests will help you cross. The accessible spaces by the "
             "front door stay open for those who need them.")
SHORT_BODY = "Please park at Lincoln Elementary across the street; the accessible spaces stay open."


def test_announcement_preview_and_send(app):
    """A member's phone is registered with the store. The office writes an announcement: the
    lock screen beside the form shows the title and the message as typed, cut where a lock
    screen cuts it and saying so; sending it to every member asks first (Cancel keeps the
    form and stores nothing), then it is sent, and the phone gets it."""
    window = main_window(app)
    member = f"ana-{SUFFIX}@grace.example.org"
    store_api("POST", "members", {"email": member, "password": "lantern-orchard-47", "displayName": "Ana",
                                 "audience": "residents"})
    token = store_api("POST", "members/session", {"email": member, "password": "lantern-orchard-47"})["accessToken"]
    endpoint, keys = state["push"].subscribe("ana-phone")
    store_api("POST", "me/devices", {"platform": "webpush", "endpoint": endpoint, "keys": keys}, token=token)

    choose_page(window, "Announcements")
    click(button(window, "New Announcement"))
    form = editor(app, "New Announcement")
    type_into(form, "Title", ANNOUNCEMENT)
    type_into(form, "Message", LONG_BODY)
    wait_for("the title on the lock screen", lambda: find_all(form, name_is=ANNOUNCEMENT, roles=("label",)))
    shown = wait_for("the message cut on the lock screen",
                     lambda: next((n for n in find_all(form, roles=("label",)) if name(n).endswith("…")
                                   and name(n).startswith("The north parking lot")), None))
    if len(name(shown)) > 179 or not LONG_BODY.startswith(name(shown)[:-1]):
        raise Failure(f'the lock screen shows "{name(shown)}", not the first 178 characters of the message')
    wait_for("the note that the rest shows once opened",
             lambda: find_all(form, name_has=f"{len(LONG_BODY)} characters: a lock screen shows about the first 178"))
    screenshot("announcement-composer.png")
    type_into(form, "Message", SHORT_BODY)
    wait_for("the whole message on the lock screen", lambda: find_all(form, name_is=SHORT_BODY, roles=("label",)))
    wait_for("the note that all of it shows",
             lambda: find_all(form, name_has=f"{len(SHORT_BODY)} characters: all of it shows on a lock screen"))
    choose(app, form, "Sending", "Send (now, or at the time below)")

    before = count("announcement")
    click(button(form, "Save"))
    question = window_named(app, "Send to Every Member Now?")
    screenshot("announcement-confirm.png")
    click(button(question, "Cancel"))
    wait_gone("the question", lambda: window_open(app, "Send to Every Member Now?"))
    if count("announcement") != before:
        raise Failure("an announcement was stored although sending it was cancelled")
    if text_of(field(form, "Title")) != ANNOUNCEMENT:
        raise Failure("cancelling the question lost the title typed")
    click(button(form, "Save"))
    click(button(window_named(app, "Send to Every Member Now?"), "Send"))
    editor_gone(app, "New Announcement")
    stored = records("announcement", "title", ANNOUNCEMENT)
    if len(stored) != 1 or stored[0][1]["sending"] != "scheduled" or not stored[0][1].get("sendAt"):
        raise Failure(f"the announcement was stored as {stored}")
    state["announcement_id"] = stored[0][0]

    fake = state["push"]
    if not fake.wait_for(1, timeout=90):
        raise Failure(f"the member's phone got nothing (refused: {fake.refused}); see {state['store'].log_path}")
    phone, payload, _ = fake.received[0]
    if phone != "ana-phone" or payload.get("title") != ANNOUNCEMENT or payload.get("body") != SHORT_BODY:
        raise Failure(f"the phone got {payload}")


def test_announcement_report(app):
    """Back in the list the announcement reads Sent; once a sync brings the store's report, its
    row says one device of one was delivered, and Preview and Report shows it on the lock screen
    with the counts; its editor only shows it, as a sent announcement cannot change."""
    window = main_window(app)
    row_label(window, ANNOUNCEMENT)

    def delivered_once():
        if find_all(window, name_is="1 of 1", roles=("label",)):
            return True
        click(button(window, "Sync Now"))
        time.sleep(1.5)
        return False
    wait_for('the list to say "1 of 1" delivered', delivered_once, timeout=90)
    select_row(window, ANNOUNCEMENT)
    preview_button = button(window, "Preview and Report")
    wait_for('"Preview and Report" to be available', lambda: accessibility.sensitive(preview_button))
    screenshot("announcement-list.png")
    click(preview_button)
    preview = window_named(app, "Preview and Report")
    wait_for("the message on the lock screen", lambda: find_all(preview, name_is=SHORT_BODY, roles=("label",)))
    for text in ("Devices reached", "Delivered", "Failed", "Every member"):
        if not find_all(preview, name_has=text):
            raise Failure(f'the preview does not show "{text}"')
    counts = [name(n) for n in find_all(preview, roles=("label",)) if name(n) in ("0", "1")]
    if counts[:3] != ["1", "1", "0"]:
        raise Failure(f"the report reads {counts}, not 1 reached, 1 delivered, 0 failed")
    screenshot("announcement-report.png")
    press(0xff1b)  # Escape
    wait_gone("the preview", lambda: window_open(app, "Preview and Report"))
    click(button(window, "Open Announcement"))
    # The editor's title, "Announcement — Grace…": the main window's starts "Announcements".
    form = editor(app, "Announcement — ")
    wait_for("the note that a sent one cannot change",
             lambda: any("has been sent, so it can no longer be changed" in (name(n) or text_of(n) or "")
                         for n in walk(form)))
    if find_all(form, name_is="Save", roles=("push button",)):
        raise Failure("a sent announcement's editor offers Save")
    click(button(form, "Close"))
    editor_gone(app, "Announcement — ")


def wheel_into_view(node):
    """Turns the mouse wheel over the lower part of the profile editor (its form's fields: the
    wheel over the preview above them may not reach the editor's scrolling) until `node` is
    well inside the 640-pixel editor."""
    for _ in range(40):
        x, y, width, height = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if 60 < y < 560:
            return
        pyatspi.Registry.generateMouseEvent(x + width // 2, 600, "abs")
        pyatspi.Registry.generateMouseEvent(x + width // 2, 600, "b5c" if y >= 560 else "b4c")
        time.sleep(0.15)
    raise Failure(f"the wheel did not bring {name(node)!r} into the editor")


def test_profile_preview(app):
    """Every organization has a Profile page: the app's home as members see it. The church's
    shows its name and the Advent banner showing now; its editor offers Add File… for the logo
    and the banner's image (both media fields), and a photo pasted into one is offered by the
    other; in its editor the preview above the form
    follows the welcome as it is typed, rendered as formatted text. A Facebook address typed
    in the Instagram field is refused naming the field, keeping what was typed; fixed, the
    profile is saved and the page's preview shows the new welcome; a banner from the media
    library then shows its picture there."""
    window = main_window(app)
    if ORG not in name(window):
        click(button(window, "Organization"))
        click(button(app.node(), ORG))
        wait_for(f'the window title to name "{ORG}"', lambda: ORG in name(main_window(app)))
        window = main_window(app)
    choose_page(window, "Profile")
    wait_for("the church's name on the app's home",
             lambda: find_all(window, name_is=f"Name shown: {ORG}", roles=("label",)))
    wait_for("the banner showing now", lambda: find_all(window, name_is="Banner: Advent: Waiting Well"))
    screenshot("profile-page.png")
    import file_drops
    import subprocess
    logo_path = os.path.join(tempfile.mkdtemp(), f"logo-{SUFFIX}.jpg")
    file_drops.make_gps_photo(logo_path)
    added = subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "media", "add", "--org", SLUG, logo_path, "--json"],
                           capture_output=True, text=True)
    if added.returncode != 0:
        raise Failure(f"stewardctl media add failed: {added.stderr}")
    click(button(window, "Edit Profile"))
    form = editor(app, "Edit Profile")
    # The logo is a media field: the editor offers the library's images and Add File….
    wait_for("Add File… beside the Logo",
             lambda: any(accessibility.showing(b) for b in accessibility.buttons(form, "Add File to Logo…")))
    # So is each banner's image: the Advent banner's row offers Add File… too.
    wait_for("Add File… in the banner's row",
             lambda: any(accessibility.showing(b) for b in accessibility.buttons(form, "Add File to Image…")))
    # A photo pasted into the Logo is offered at once by the banner's Image, the form's other
    # field of pictures, and can be chosen there.
    pasted = os.path.join(tempfile.mkdtemp(), f"welcome-{SUFFIX}.jpg")
    file_drops.make_gps_photo(pasted)
    logo = accessibility.combo(form, "Logo")
    logo_address = field(form, "Logo: address")
    wheel_into_view(logo_address)
    with file_drops.FileSource(pasted, copy=True):
        click_at(logo_address)
        wait_for("the focus in Logo", lambda: state_has(logo_address, pyatspi.STATE_FOCUSED))
        press(0x76, control=True)  # Ctrl+V
        shown = wait_for("Logo to show the pasted photo",
                         lambda: next((text_of(n) for n in walk(logo)
                                       if role(n) == "label" and text_of(n).startswith(os.path.basename(pasted))), None),
                         timeout=30)
    # A banner's Image, named for screen readers with its banner ("Banner 1 Image").
    banner_image = wait_for("a banner's Image", lambda: next(iter(
        n for n in find_all(form, name_starts="Banner ", roles=("combo box",), visible=False) if name(n).endswith(" Image")), None))
    wheel_into_view(banner_image)
    choose(app, form, name(banner_image), shown)
    welcome = f"# Welcome home\nCoffee after **every** service {SUFFIX}"
    type_into(form, "Welcome", welcome)
    wait_for("the typed welcome in the editor's preview",
             lambda: find_all(form, name_has=f"Coffee after every service {SUFFIX}", roles=("label",)))
    wrong = "https://www.facebook.com/gracecommunity"
    type_into(form, "Instagram", wrong)
    click(button(form, "Save"))
    wait_for("a message under the Instagram field",
             lambda: find_all(form, name_has="must be an address on Instagram", roles=("label",)))
    screenshot("profile-editor-refused.png")
    if not window_open(app, "Edit Profile") or text_of(field(form, "Instagram")) != wrong:
        raise Failure("the refused profile closed the editor or lost what was typed")
    with db() as c:
        stored = json.loads(c.execute("SELECT fields FROM record WHERE entity = 'profile' AND orgId = ? AND deleted = 0",
                                      (org_id(),)).fetchone()[0])
    if stored.get("welcome") == welcome:
        raise Failure("a refused profile changed the database")
    type_into(form, "Instagram", "https://www.instagram.com/gracecommunity")
    screenshot("profile-editor.png")
    click(button(form, "Save"))
    editor_gone(app, "Edit Profile")
    with db() as c:
        rows = c.execute("SELECT fields FROM record WHERE entity = 'profile' AND orgId = ? AND deleted = 0",
                         (org_id(),)).fetchall()
    if len(rows) != 1 or f"Coffee after **every** service {SUFFIX}" not in json.loads(rows[0][0]).get("welcome", ""):
        raise Failure(f"expected one profile with the new welcome, found {rows}")
    wait_for("the new welcome on the page's preview",
             lambda: find_all(window, name_has=f"Coffee after every service {SUFFIX}", roles=("label",)))
    # A banner whose image is a library file kept here shows its picture on the preview.
    library_id = json.loads(added.stdout)["id"]
    banners = json.dumps([{"image": library_id, "title": f"Library banner {SUFFIX}"}])
    changed = subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "profile", "set", "--org", SLUG,
                              "--banners", banners], capture_output=True, text=True)
    if changed.returncode != 0:
        raise Failure(f"stewardctl profile set --banners with a library image failed: {changed.stderr}")
    choose_page(window, "Bulletins")
    choose_page(window, "Profile")
    wait_for("the library banner on the preview", lambda: find_all(window, name_is=f"Banner: Library banner {SUFFIX}"))
    wait_for("the library banner's picture on the preview",
             lambda: any(accessibility.showing(n) for n in find_all(window, name_is="Banner picture")))
    screenshot("profile-library-banner.png")


def test_modules_chosen(app):
    """The church lends books too: in Preferences' Organization page the office switches Books
    on and Giving off; the sidebar follows at once, the organization keeps the choice, and the
    next sync tells the store, which then serves books and not giving."""
    window = main_window(app)
    press(ord(","), control=True)
    prefs = window_named(app, "Preferences")
    tab = wait_for('the "Organization" page of Preferences',
                   lambda: next((n for n in find_all(prefs, name_is="Organization") if accessibility.on_screen(n)), None))
    click_at(tab)
    # Each switch is named by its row's title.
    books = wait_for("the Books switch", lambda: next(iter(find_all(prefs, name_is="Books", roles=("check box",))), None))
    giving = wait_for("the Giving switch", lambda: next(iter(find_all(prefs, name_is="Giving", roles=("check box",))), None))
    if accessibility.state_has(books, pyatspi.STATE_CHECKED) or not accessibility.state_has(giving, pyatspi.STATE_CHECKED):
        raise Failure("a church should start with Giving on and Books off")
    click(books)
    wait_for('"Books" in the sidebar', lambda: find_all(window, name_is="Books", roles=("list item",)))
    click(giving)
    wait_gone('"Giving" in the sidebar', lambda: find_all(window, name_is="Giving", roles=("list item",)))
    screenshot("preferences-modules.png")
    press(0xff1b)  # Escape
    wait_gone("Preferences", lambda: window_open(app, "Preferences"))
    with db() as c:
        modules = c.execute("SELECT modules FROM organization WHERE slug = ?", (SLUG,)).fetchone()[0].split(",")
    if "books" not in modules or "giving" in modules:
        raise Failure(f"the organization should use books and not giving: {modules}")

    token = state["store"].token(SLUG, "reader")

    def store_follows():
        chosen = store_api("GET", "modules", token=token)
        if chosen.get("chosen") and "books" in chosen["modules"] and "giving" not in chosen["modules"]:
            return chosen
        click(button(window, "Sync Now"))
        time.sleep(1.5)
        return None
    wait_for("the store to learn the modules chosen", store_follows, timeout=90)
    try:
        store_api("GET", "funds", token=token)
        raise Failure("the store still serves giving funds to an organization that switched Giving off")
    except urllib.error.HTTPError as refused:
        if refused.code != 404:
            raise Failure(f"the store answered {refused.code} for funds, not 404") from None


TESTS = [
    test_church_pages_listed,
    test_bulletin_with_three_sections,
    test_bulletin_listed_with_status,
    test_bulletin_preview,
    test_copy_to_next_week,
    test_bulletin_export_pdf,
    test_series_and_message,
    test_message_recording_from_library,
    test_bulletin_header_image_pasted,
    test_bulletin_header_image_chosen,
    test_fund_refuses_plain_http,
    test_fund_delete_and_undo,
    test_fund_history,
    test_fund_keys,
    test_fund_duplicate,
    test_message_in_podcast_feed,
    test_announcement_preview_and_send,
    test_announcement_report,
    test_profile_preview,
    test_modules_chosen,
]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-records.log"), "w").close()
    try:
        return accessibility.run_suite(App(), TESTS, "records", SHOTS, "steward-records.log", screenshot)
    finally:
        if "store" in state:
            state["store"].stop()
        if "push" in state:
            state["push"].close()


if __name__ == "__main__":
    sys.exit(main())
