#!/usr/bin/python3
"""End-to-end test of Steward's Events page, through the accessibility tree.

It does what an office worker does: picks an organization, creates an event with the form,
finds it with the search field, and makes a mistake the editor must catch. Every control is
found by its accessible name, the same name a screen reader speaks, so a control without one
fails the test. The database is then checked directly with Python's sqlite3 module.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session), which sets STEWARD_DB,
STEWARD_BIN_DIR, STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR and STEWARD_SCREENSHOTS.
"""

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
import traceback

import pyatspi

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
ORG = "Riverton Community Relations"
TITLE = f"Harvest Supper {random.randint(1000, 9999)}"
SEARCH = TITLE.split()[0][:5] + " " + TITLE.split()[1][:4]  # "Harve Supp"
TIMEOUT = 15


# ---------------------------------------------------------------- the app and its controls

# Finding, waiting for and driving controls is shared with the sync tests.
from accessibility import (  # noqa: E402
    Failure, button, buttons, children, choose, choose_page, click, click_at, field, find_all, frames, has_action, main_window, name, named,
    point_at, press, role, sensitive, showing, text_of, type_into, wait_for, wait_gone, walk, window_named, window_open,
)
import accessibility  # noqa: E402
import file_drops  # noqa: E402


def App(extra_env=None):
    """The steward window on the test database, its output appended to steward.log."""
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ, **(extra_env or {})),
                             os.path.join(SHOTS, "steward.log"))


def editor_window(app, heading="New Event"):
    return window_named(app, heading)


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


# ---------------------------------------------------------------- the database

def db():
    return sqlite3.connect(DB, timeout=10)


def org_id(org_name):
    with db() as c:
        row = c.execute("SELECT id FROM organization WHERE name = ?", (org_name,)).fetchone()
    if not row:
        raise Failure(f'the demo database has no organization "{org_name}"')
    return row[0]


def event_count():
    with db() as c:
        return c.execute("SELECT count(*) FROM event").fetchone()[0]


# ---------------------------------------------------------------- the tests

state = {}


def test_window_opens(app):
    window = main_window(app)
    wait_for("the events count", lambda: find_all(window, name_has=" events", roles=("label",)))


def test_switch_organization(app):
    window = main_window(app)
    click(button(window, "Organization"))
    click(button(app.node(), ORG))
    wait_for(f'the window title to name "{ORG}"',
             lambda: next((w for w in frames(app) if ORG in name(w) and "Steward" in name(w)), None))
    window = main_window(app)
    if not find_all(window, name_is="Events", roles=("list item", "label")):
        raise Failure('the sidebar shows no "Events" page')
    wait_for("rows in the events table",
             lambda: find_all(window, name_is="Events", roles=("tree table", "table")))
    wait_for("the events count", lambda: find_all(window, name_has=" events", roles=("label",)))
    # The rows themselves, not only the table and its count: the organization's events are drawn.
    with db() as c:
        titles = {t for (t,) in c.execute("SELECT title FROM event WHERE orgId = ? AND deleted = 0", (org_id(ORG),))}
    wait_for(f"a row of {ORG}'s events in the table",
             lambda: [n for n in find_all(window, roles=("label",)) if text_of(n) in titles and showing(n)])
    screenshot("events.png")


def test_create_event(app):
    window = main_window(app)
    state["count_before"] = event_count()
    click(button(window, "New Event"))
    editor = editor_window(app)
    type_into(editor, "Title", TITLE)
    type_into(editor, "Starts", "2026-11-21 17:30")
    type_into(editor, "Ends", "2026-11-21 20:00")
    type_into(editor, "Location", "Riverton Civic Center")
    screenshot("editor.png")
    click(button(editor, "Save"))
    wait_gone("the editor", lambda: any(name(w).startswith("New Event") for w in frames(app)))


def test_search_finds_event(app):
    window = main_window(app)
    type_into(window, "Search events", SEARCH)
    wait_for(f'"{TITLE}" in the events table',
             lambda: find_all(window, name_is=TITLE, roles=("label", "table cell")))
    wait_for("the count to show one event", lambda: find_all(window, name_is="1 event", roles=("label",)))
    screenshot("search.png")


def test_event_is_stored(app):
    riverton = org_id(ORG)
    with db() as c:
        rows = c.execute("SELECT id, orgId, deleted, locationName, timingKind FROM event WHERE title = ?",
                         (TITLE,)).fetchall()
        if len(rows) != 1:
            raise Failure(f'expected one event titled "{TITLE}" in the database, found {len(rows)}')
        event_id, event_org, deleted, location, timing = rows[0]
        if event_org != riverton:
            raise Failure(f"the event belongs to organization {event_org}, not {ORG} ({riverton})")
        if deleted:
            raise Failure("the event is marked deleted")
        if location != "Riverton Civic Center" or timing != "timed":
            raise Failure(f"the event was stored with location {location!r}, timing {timing!r}")
        outbox = c.execute("SELECT operation FROM outbox WHERE entity = 'event' AND recordId = ?",
                           (event_id,)).fetchall()
        if not outbox:
            raise Failure("no outbox entry was written for the new event, so it would never sync")
    if event_count() != state["count_before"] + 1:
        raise Failure(f"expected {state['count_before'] + 1} events, found {event_count()}")


def test_invalid_event_is_refused(app):
    window = main_window(app)
    before = event_count()
    click(button(window, "New Event"))
    editor = editor_window(app)
    bad_title = "Backwards Meeting"
    type_into(editor, "Title", bad_title)
    type_into(editor, "Starts", "2026-12-01 18:00")
    type_into(editor, "Ends", "2026-12-01 17:00")
    click(button(editor, "Save"))
    message = wait_for('an inline message containing "must be after the start"',
                       lambda: find_all(editor, name_has="must be after the start", roles=("label",)))
    screenshot("editor-error.png")
    if not any(name(w).startswith("New Event") for w in frames(app)):
        raise Failure("the editor closed although the event was refused")
    if text_of(field(editor, "Title")) != bad_title:
        raise Failure("the typed title was lost after the refused save")
    if event_count() != before:
        raise Failure(f"a refused event changed the database ({before} -> {event_count()} events)")
    ends = field(editor, "Ends")
    if "must be after the start" not in (ends.description or "").lower():
        raise Failure(f'the "Ends" field does not carry its problem for screen readers '
                      f'(description: "{ends.description}")')
    point_at_editor()
    press(0xFF1B)  # Escape cancels
    wait_gone("the editor (closed with Escape)",
              lambda: any(name(w).startswith("New Event") for w in frames(app)))
    if event_count() != before:
        raise Failure("cancelling the refused event changed the database")


def event_row(title):
    with db() as c:
        return c.execute("SELECT deleted, locationName FROM event WHERE title = ?", (title,)).fetchone()


def select_search_result(window):
    """Searches for the created event and presses Enter in the search field, which selects the
    first match and moves the focus to the list."""
    entry = field(window, "Search events")
    press(ord("f"), control=True)  # Ctrl+F: focus the search field
    wait_for("the search field to take the focus",
             lambda: entry.getState().contains(pyatspi.STATE_FOCUSED) or
             any(n.getState().contains(pyatspi.STATE_FOCUSED) for n in walk(entry)))
    entry.queryEditableText().setTextContents(SEARCH)
    wait_for(f'"{TITLE}" in the events table', lambda: find_all(window, name_is=TITLE, roles=("label",)))
    press(0xFF0D)  # Return
    wait_for('"Delete Event" to become available',
             lambda: next((b for b in find_all(window, name_is="Delete Event", roles=("push button",))
                           if b.getState().contains(pyatspi.STATE_SENSITIVE)), None))


def point_at_editor():
    """Without a window manager X sends keys to the window under the pointer; the editor
    opens at the top left, over the main window."""
    pyatspi.Registry.generateMouseEvent(300, 400, "abs")
    time.sleep(0.2)


def test_duplicate(app):
    window = main_window(app)
    select_search_result(window)
    press(ord("d"), control=True)  # Ctrl+D
    copy = f"{TITLE} (copy)"
    wait_for(f'"{copy}" in the table', lambda: find_all(window, name_is=copy, roles=("label",)))
    wait_for("the count to show two events", lambda: find_all(window, name_is="2 events", roles=("label",)))
    with db() as c:
        rows = c.execute("SELECT orgId, locationName FROM event WHERE title = ? AND deleted = 0", (copy,)).fetchall()
    if len(rows) != 1 or rows[0][0] != org_id(ORG):
        raise Failure(f"expected one stored copy in {ORG}, found {rows}")
    click(button(window, "Delete Event"))  # the copy is selected; tidy up
    wait_for("the copy to be deleted",
             lambda: db().execute("SELECT deleted FROM event WHERE title = ?", (copy,)).fetchone()[0] == 1)


def test_delete_key_and_undo_button(app):
    window = main_window(app)
    select_search_result(window)
    press(0xFFFF)  # Delete
    wait_for('the "Event deleted" toast', lambda: find_all(window, name_is="Event deleted", roles=("label",)))
    if event_row(TITLE)[0] != 1:
        raise Failure("the Delete key did not delete the event in the database")
    wait_for('the "No Results" page after the delete',
             lambda: find_all(window, name_is="No Results", roles=("label",)))
    screenshot("deleted.png")
    click(button(window, "Undo"))
    wait_for(f'"{TITLE}" back in the table', lambda: find_all(window, name_is=TITLE, roles=("label",)))
    if event_row(TITLE)[0] != 0:
        raise Failure("Undo did not restore the event in the database")


def test_delete_button_and_ctrl_z(app):
    window = main_window(app)
    select_search_result(window)
    click(button(window, "Delete Event"))
    wait_for("the event to be deleted", lambda: event_row(TITLE)[0] == 1)
    press(ord("z"), control=True)
    wait_for("Ctrl+Z to restore the event", lambda: event_row(TITLE)[0] == 0)
    wait_for(f'"{TITLE}" back in the table', lambda: find_all(window, name_is=TITLE, roles=("label",)))


def test_edit_existing_event(app):
    window = main_window(app)
    select_search_result(window)
    click(button(window, "Open Event"))
    editor = editor_window(app, "Edit Event")
    if text_of(field(editor, "Title")) != TITLE:
        raise Failure(f'the editor opened with title "{text_of(field(editor, "Title"))}", not "{TITLE}"')
    if not text_of(field(editor, "Starts")).startswith("2026-11-21 17:30"):
        raise Failure(f'the editor shows the start as "{text_of(field(editor, "Starts"))}"')
    type_into(editor, "Location", "Riverton Civic Center, Hall B")
    # Links are typed a line each; the mouse wheel scrolls the form down to them.
    type_into(editor, "Links", "Menu | https://riverton.example.org/menu\nhttps://riverton.example.org/map")
    point_at_editor()
    for _ in range(20):
        pyatspi.Registry.generateMouseEvent(300, 400, "b5c")
    time.sleep(0.5)
    screenshot("editor-details.png")
    press(ord("s"), control=True)  # Ctrl+S saves
    wait_gone("the editor", lambda: any(name(w).startswith("Edit Event") for w in frames(app)))
    wait_for("the new location in the database", lambda: event_row(TITLE)[1] == "Riverton Civic Center, Hall B")
    with db() as c:
        links = json.loads(c.execute("SELECT links FROM event WHERE title = ?", (TITLE,)).fetchone()[0])
    expected = [{"label": "Menu", "url": "https://riverton.example.org/menu"},
                {"label": "https://riverton.example.org/map", "url": "https://riverton.example.org/map"}]
    if links != expected:
        raise Failure(f"the links typed as lines were stored as {links}, not {expected}")
    wait_for("the new location in the table",
             lambda: find_all(window, name_is="Riverton Civic Center, Hall B", roles=("label",)))


def test_weekly_series(app):
    """A weekly event made in the editor: "Repeats" offers the start's weekday, "Until" ends it,
    the rule reads back in words under them, and the event is stored as one series."""
    window = main_window(app)
    click(button(window, "New Event"))
    editor = editor_window(app)
    title = f"Choir Practice {random.randint(1000, 9999)}"
    type_into(editor, "Title", title)
    type_into(editor, "Starts", "2026-12-02 19:00")
    type_into(editor, "Ends", "2026-12-02 20:30")
    # A one-time event's form has no rows for a series' exceptions; repeating brings them.
    if find_all(editor, name_is="Cancelled dates"):
        raise Failure("a one-time event's editor shows a row for cancelled dates")
    choose(app, editor, "Repeats", "Weekly on Wednesday")
    wait_for('the "Cancelled dates" row once the event repeats', lambda: find_all(editor, name_is="Cancelled dates"))
    type_into(editor, "Until", "2027-06-02")
    summary = "Every Wednesday at 19:00 until 2 Jun 2027"
    wait_for(f'"{summary}" under the rule', lambda: find_all(editor, name_is=summary, roles=("label",)))
    screenshot("editor-repeats.png")
    click(button(editor, "Save"))
    wait_gone("the editor", lambda: any(name(w).startswith("New Event") for w in frames(app)))
    with db() as c:
        rule = wait_for("the series in the database",
                        lambda: (c.execute("SELECT repeatRule FROM event WHERE title = ?", (title,)).fetchone() or [None])[0])
    if rule != "FREQ=WEEKLY;UNTIL=20270603T035959Z;BYDAY=WE":
        raise Failure(f"the weekly series was stored with the rule {rule!r}")


# ---------------------------------------------------------------- the calendar views

CAROLS = f"Carol Practice {random.randint(1000, 9999)}"
COUNCIL = f"Council Meeting {random.randint(1000, 9999)}"


def go_to_month(window, year, month):
    """Previous or Next until the month view's title names the month (today's month first)."""
    wanted = time.strftime("%B %Y", (year, month, 1, 0, 0, 0, 0, 1, -1))
    today = time.localtime()
    steps = (year - today.tm_year) * 12 + month - today.tm_mon
    for _ in range(abs(steps)):
        click(button(window, "Next" if steps > 0 else "Previous"))
    wait_for(f'the month view titled "{wanted}"', lambda: find_all(window, name_is=wanted, roles=("label",)))


def press_alt(keysym):
    """A key pressed with Alt held, through the X server."""
    alt_keycode = 64  # Alt_L in Xvfb's default keymap
    pyatspi.Registry.generateKeyboardEvent(alt_keycode, None, pyatspi.KEY_PRESS)
    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
    pyatspi.Registry.generateKeyboardEvent(alt_keycode, None, pyatspi.KEY_RELEASE)


def dialog_with(app, text):
    """The dialog showing a label with `text` (message dialogs have no title to find them by)."""
    return wait_for(f'a dialog showing "{text}"',
                    lambda: next((f for f in frames(app) if "Steward" not in name(f)
                                  and find_all(f, name_has=text, roles=("label",))), None))


def occurrence_buttons(window, title):
    return [name(b) for b in find_all(window, name_starts=title + ", ", roles=("push button",))]


def test_calendar_views(app):
    """A weekly event with one date cancelled and one moved, and another event in the same hall
    at an overlapping time: the month view has the moved date and not the cancelled one, the
    first Wednesday says it has a clash, and the week and agenda views mark it too."""
    window = main_window(app)
    click(button(window, "New Event"))
    editor = editor_window(app)
    type_into(editor, "Title", CAROLS)
    type_into(editor, "Starts", "2026-12-02 19:00")
    type_into(editor, "Ends", "2026-12-02 20:30")
    type_into(editor, "Location", "Fellowship Hall")
    choose(app, editor, "Repeats", "Weekly on Wednesday")
    type_into(editor, "Until", "2026-12-30")
    type_into(editor, "Cancelled dates", "2026-12-09T19:00")
    click(button(editor, "Add Changed Date"))
    type_into(editor, "Changed Date 1 Occurrence", "2026-12-16T19:00")
    type_into(editor, "Changed Date 1 Starts", "2026-12-17 18:00")
    type_into(editor, "Changed Date 1 Ends", "2026-12-17 19:30")
    click(button(editor, "Save"))
    wait_gone("the editor", lambda: any(name(w).startswith("New Event") for w in frames(app)))

    click(button(window, "New Event"))
    editor = editor_window(app)
    type_into(editor, "Title", COUNCIL)
    type_into(editor, "Starts", "2026-12-02 20:00")
    type_into(editor, "Ends", "2026-12-02 21:00")
    type_into(editor, "Location", "fellowship hall ")
    click(button(editor, "Save"))
    wait_gone("the editor", lambda: any(name(w).startswith("New Event") for w in frames(app)))

    click(button(window, "Month"))
    go_to_month(window, 2026, 12)
    wait_for("the moved date on Thursday 17 December",
             lambda: [n for n in occurrence_buttons(window, CAROLS) if n.startswith(f"{CAROLS}, Thu 17 Dec 2026, 18:00")])
    carols = occurrence_buttons(window, CAROLS)
    for gone in ("Wed 9 Dec 2026", "Wed 16 Dec 2026"):
        if any(gone in n for n in carols):
            raise Failure(f"the month view still shows {CAROLS} on {gone}: {carols}")
    if sorted(n.split(", ")[1] for n in carols) != sorted(["Wed 2 Dec 2026", "Thu 17 Dec 2026", "Wed 23 Dec 2026",
                                                           "Wed 30 Dec 2026"]):
        raise Failure(f"the month view shows {CAROLS} as {carols}")
    first = next(n for n in carols if "Wed 2 Dec 2026" in n)
    if f"clashes with “{COUNCIL}”" not in first:
        raise Failure(f"the first date is not marked as a clash: {first!r}")
    wait_for("the day named with its clash",
             lambda: find_all(window, name_starts="Wednesday 2 December 2026, ", name_has="1 clash", roles=("push button",)))
    screenshot("calendar-month.png")

    # The keys: Ctrl+T goes to today's month, Alt+Right to the next, Alt+Left back.
    point_at(window)
    today = time.strftime("%B %Y")
    press(ord("t"), control=True)
    wait_for(f'Ctrl+T to show "{today}"', lambda: find_all(window, name_is=today, roles=("label",)))
    now = time.localtime()
    following = time.strftime("%B %Y", (now.tm_year + now.tm_mon // 12, now.tm_mon % 12 + 1, 1, 0, 0, 0, 0, 1, -1))
    press_alt(0xFF53)  # Alt+Right
    wait_for(f'Alt+Right to show "{following}"', lambda: find_all(window, name_is=following, roles=("label",)))
    press_alt(0xFF51)  # Alt+Left
    wait_for(f'Alt+Left to show "{today}" again', lambda: find_all(window, name_is=today, roles=("label",)))
    go_to_month(window, 2026, 12)

    click(button(window, "Week"))
    wait_for("the clash in the week view", lambda: [n for n in occurrence_buttons(window, COUNCIL)
                                                    if f"clashes with “{CAROLS}”" in n])
    screenshot("calendar-week.png")
    click(button(window, "Agenda"))
    wait_for("the clash in the agenda", lambda: [n for n in occurrence_buttons(window, CAROLS)
                                                 if f"clashes with “{COUNCIL}”" in n])
    screenshot("calendar-agenda.png")

    # An occurrence opens its event.
    click(next(b for b in find_all(window, name_starts=f"{COUNCIL}, ", roles=("push button",))))
    editor = editor_window(app, "Edit Event")
    if text_of(field(editor, "Title")) != COUNCIL:
        raise Failure(f'the occurrence opened "{text_of(field(editor, "Title"))}", not "{COUNCIL}"')
    press(0xFF1B)  # Escape closes the editor unchanged
    wait_gone("the editor", lambda: any(name(w).startswith("Edit Event") for w in frames(app)))

    # A date of the series asks which dates the edit is for; "This and Following" splits it.
    click(next(b for b in find_all(window, name_starts=f"{CAROLS}, Wed 23 Dec 2026", roles=("push button",))))
    choice = dialog_with(app, "is one date of a series")
    screenshot("occurrence-choice.png")
    for offered in ("This Event", "All Events", "Cancel This Date"):
        button(choice, offered)
    click(button(choice, "This and Following"))
    editor = editor_window(app, "Edit This and Following Dates")
    if text_of(field(editor, "Starts")) != "2026-12-23 19:00":
        raise Failure(f'"This and Following" opened on {text_of(field(editor, "Starts"))!r}, not the 23rd at 19:00')
    type_into(editor, "Location", "Chapel")
    click(button(editor, "Save"))
    wait_gone("the editor", lambda: window_open(app, "Edit This and Following Dates"))
    with db() as c:
        rows = wait_for("the split series in the database", lambda: (lambda r: r if len(r) == 2 else None)(
            c.execute("SELECT locationName, repeatRule FROM event WHERE title = ? AND deleted = 0 ORDER BY startsAt", (CAROLS,)).fetchall()))
    if rows[0][0] != "Fellowship Hall" or rows[1][0] != "Chapel" or "UNTIL=" not in rows[0][1]:
        raise Failure(f"the series was not split at the 23rd: {rows}")

    # "Cancel This Date" on the new series' last date, at once (the next four weeks hold it).
    point_at(window)
    press_alt(0xFF53)  # Alt+Right
    wait_for("the new series in the agenda", lambda: [n for n in occurrence_buttons(window, CAROLS) if "Wed 30 Dec 2026" in n])
    click(next(b for b in find_all(window, name_starts=f"{CAROLS}, Wed 30 Dec 2026", roles=("push button",))))
    click(button(dialog_with(app, "is one date of a series"), "Cancel This Date"))
    with db() as c:
        wait_for("the 30th cancelled", lambda: c.execute(
            "SELECT 1 FROM event WHERE title = ? AND locationName = 'Chapel' AND occurrenceExceptions LIKE '%2026-12-30T19:00%'",
            (CAROLS,)).fetchone())
    wait_gone("the cancelled date in the agenda", lambda: [n for n in occurrence_buttons(window, CAROLS) if "Wed 30 Dec 2026" in n])
    click(button(window, "List"))
    wait_for("the search field back with the table", lambda: find_all(window, name_is="Search events"))


def test_search_without_match(app):
    window = main_window(app)
    type_into(window, "Search events", "xylophone quartet")
    wait_for('the "No Results" page', lambda: find_all(window, name_is="No Results", roles=("label",)))
    screenshot("empty.png")
    type_into(window, "Search events", "")


def test_date_search(app):
    """A date typed in the search lists the events on that day, with the other words as text,
    and says which day it was read as; another day finds nothing."""
    window = main_window(app)
    type_into(window, "Search events", f"{SEARCH} 21 nov 2026")
    wait_for(f'"{TITLE}" in the events table', lambda: find_all(window, name_is=TITLE, roles=("label",)))
    wait_for('"Showing Saturday 21 November 2026" under the search',
             lambda: find_all(window, name_is="Showing Saturday 21 November 2026", roles=("label",)))
    wait_for("the count to show one event", lambda: find_all(window, name_is="1 event", roles=("label",)))
    screenshot("date-search.png")
    type_into(window, "Search events", f"22/11/2026 {SEARCH}")
    wait_for('the "No Results" page', lambda: find_all(window, name_is="No Results", roles=("label",)))
    type_into(window, "Search events", "")
    wait_gone("the date read", lambda: find_all(window, name_has="Showing ", roles=("label",)))


def search_down_return(app, window, search_label, text, row_text, opened):
    """Types `text` in the search field, presses Down (to the list) and Return (open), and
    waits for the window named `opened`; closes it with Escape."""
    point_at(window)
    entry = field(window, search_label)
    click_at(entry)
    wait_for(f'"{search_label}" to take the focus',
             lambda: entry.getState().contains(pyatspi.STATE_FOCUSED) or
             any(n.getState().contains(pyatspi.STATE_FOCUSED) for n in walk(entry)))
    entry.queryEditableText().setTextContents(text)
    wait_for(f'"{row_text}" in the list', lambda: find_all(window, name_is=row_text, roles=("label",)))
    time.sleep(0.6)  # GTK's typing delay before the search runs: the list must be the search's
    press(0xFF54)  # Down: to the list's first row
    press(0xFF0D)  # Return: open it
    form = wait_for(f'the "{opened}" window', lambda: next((w for w in frames(app) if name(w).startswith(opened)), None))
    point_at(form)
    press(0xFF1B)  # Escape
    wait_gone(f'the "{opened}" window', lambda: any(name(w).startswith(opened) for w in frames(app)))
    point_at(window)
    entry.queryEditableText().setTextContents("")


def test_keyboard_from_search_to_list(app):
    """On each list page Down in the search field moves to the list and Return opens the row,
    as a double-click does: the Events page and the record pages."""
    window = main_window(app)
    search_down_return(app, window, "Search events", SEARCH, TITLE, "Edit Event")
    for page, search_label, text, row, opened in [
        ("Survey Questions", "Search survey questions", "recommend",
         "How likely are you to recommend the passport to a friend?", "Edit Survey Question"),
        ("Prizes", "Search prizes", "tote", "Reusable Tote Bag", "Edit Prize"),
    ]:
        choose_page(window, page)
        search_down_return(app, window, search_label, text, row, opened)
    choose_page(window, "Events")


def test_today_marked_and_past_one_click_away(app):
    """An event on today reads "Today, 18:00–20:00"; Past selects the latest event that is
    over, and Return opens it."""
    window = main_window(app)
    slug = db().execute("SELECT slug FROM organization WHERE name = ?", (ORG,)).fetchone()[0]
    with db() as c:
        zone = c.execute("SELECT timeZone FROM organization WHERE name = ?", (ORG,)).fetchone()[0]
    today = subprocess.run(["date", "+%Y-%m-%d"], env=dict(os.environ, TZ=zone), capture_output=True,
                           text=True, check=True).stdout.strip()
    tonight = f"Lantern Walk {random.randint(1000, 9999)}"
    subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "events", "add", "--org", slug, "--title", tonight,
                    "--starts", f"{today}T18:00", "--ends", f"{today}T20:00"], check=True, capture_output=True)
    type_into(window, "Search events", tonight)  # a search reads the list again, with the new event
    wait_for(f'"{tonight}" marked as today',
             lambda: find_all(window, name_is="Today, 18:00–20:00", roles=("label",)))
    type_into(window, "Search events", "")
    with db() as c:
        latest_over = c.execute(
            "SELECT title FROM event WHERE orgId = ? AND deleted = 0 AND repeatRule = '' AND endsAt <= ?"
            " ORDER BY startsAt DESC, endsAt DESC, rowid DESC LIMIT 1",
            # As the console stores times and cuts its list: UTC, "YYYY-MM-DD HH:MM:SS.mmm", at the minute.
            (org_id(ORG), time.strftime("%Y-%m-%d %H:%M:00.000", time.gmtime()))).fetchone()[0]
    wait_gone("the search's rows", lambda: find_all(window, name_is="1 event", roles=("label",)))
    click(button(window, "Past Events"))
    wait_for('"Open Event" to become available',
             lambda: next((b for b in buttons(window, "Open Event") if sensitive(b)), None))
    point_at(window)
    press(0xFF0D)  # Return: the focus is on the row Past chose
    editor = wait_for("the editor", lambda: next((w for w in frames(app) if name(w).startswith("Edit Event")), None))
    if text_of(field(editor, "Title")) != latest_over:
        raise Failure(f'Past chose "{text_of(field(editor, "Title"))}", not the latest event over, "{latest_over}"')
    point_at(editor)
    press(0xFF1B)  # Escape
    wait_gone("the editor", lambda: any(name(w).startswith("Edit Event") for w in frames(app)))


def test_dark_style(app):
    """Runs a second instance with the dark style, as on a desktop set to dark."""
    app.stop()
    dark = App({"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"})
    try:
        window = main_window(dark)
        wait_for("the events count", lambda: find_all(window, name_has=" events", roles=("label",)))
        screenshot("events-dark.png")
    finally:
        dark.stop()


# ---------------------------------------------------------------- importing a calendar

CALENDAR_TAG = f"K{random.randint(1000, 9999)}"


def calendar_file():
    """A small .ics in a temporary folder: a weekly series with one date cancelled (EXDATE), an
    event that happens once and an all-day one, their titles sharing a tag to search by."""
    import tempfile
    folder = tempfile.mkdtemp(prefix="steward-ics-")
    path = os.path.join(folder, "parish-calendar.ics")
    lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Riverton//Parish calendar//EN",
        "BEGIN:VEVENT", f"UID:study-{CALENDAR_TAG}@riverton.example.org", "DTSTAMP:20260101T000000Z",
        "DTSTART:20270106T190000", "DTEND:20270106T203000", "RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=8",
        "EXDATE:20270120T190000", f"SUMMARY:Bible Study {CALENDAR_TAG}", "LOCATION:Parish Library", "END:VEVENT",
        "BEGIN:VEVENT", f"UID:picnic-{CALENDAR_TAG}@riverton.example.org", "DTSTAMP:20260101T000000Z",
        "DTSTART:20270612T120000", "DTEND:20270612T150000", f"SUMMARY:Parish Picnic {CALENDAR_TAG}", "END:VEVENT",
        "BEGIN:VEVENT", f"UID:retreat-{CALENDAR_TAG}@riverton.example.org", "DTSTAMP:20260101T000000Z",
        "DTSTART;VALUE=DATE:20270320", "DTEND;VALUE=DATE:20270322", f"SUMMARY:Lenten Retreat {CALENDAR_TAG}",
        "END:VEVENT", "END:VCALENDAR",
    ]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\r\n".join(lines) + "\r\n")
    return path


def open_import_preview(app, path):
    """The page's menu → Import Calendar… → the path typed into the chooser → the preview."""
    window = main_window(app)
    click(button(window, "Events Menu"))
    item = wait_for('the menu item "Import Calendar…"',
                    lambda: next(iter(find_all(app.node(), name_is="Import Calendar…", roles=("menu item",))), None))
    click(item)
    chooser = window_named(app, "Choose a Calendar to Import")
    point_at(chooser)
    # GTK's file chooser opens its location field on a typed "/", then takes the whole path.
    pyatspi.Registry.generateKeyboardEvent(0, path, pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(0xFF0D)  # Return
    return wait_for("the import preview", lambda: next((w for w in frames(app) if name(w) == "Import Calendar"), None))


def test_import_calendar(app):
    """Import Calendar… → a file of a series, a single and an all-day event → the preview lists
    three to add → "Import 3 Events" → they are in the table, the series one row saying how it
    repeats; the same file again has nothing to add or change."""
    window = main_window(app)
    path = calendar_file()
    preview = open_import_preview(app, path)
    wait_for("the file's name under the title", lambda: find_all(preview, name_is="parish-calendar.ics", roles=("label",)))
    wait_for("the preview's summary", lambda: find_all(preview, name_starts="3 new events will be added."))
    for title in ("Bible Study", "Parish Picnic", "Lenten Retreat"):
        wait_for(f'"{title}" among the events to add',
                 lambda: find_all(preview, name_starts="Event ", name_has=f"{title} {CALENDAR_TAG}"))
    screenshot("events-import-preview.png")
    confirm = button(preview, "Import 3 Events")
    if not sensitive(confirm):
        raise Failure('"Import 3 Events" is greyed out for a file of three new events')
    click(confirm)
    wait_gone("the import preview", lambda: window_open(app, "Import Calendar"))
    wait_for('the toast "Imported 3 events"', lambda: find_all(window, name_has="Imported 3 events", roles=("label",)))

    type_into(window, "Search events", CALENDAR_TAG)
    wait_for("the count to show three events", lambda: find_all(window, name_is="3 events", roles=("label",)))
    for title in ("Bible Study", "Parish Picnic", "Lenten Retreat"):
        wait_for(f'"{title} {CALENDAR_TAG}" in the table',
                 lambda: find_all(window, name_is=f"{title} {CALENDAR_TAG}", roles=("label", "table cell")))
    summary = "Every Wednesday at 19:00, 8 times"
    wait_for(f'the series as one row saying "{summary}"',
             lambda: find_all(window, name_is=summary, roles=("label", "table cell")))
    with db() as c:
        rows = c.execute("SELECT title, repeatRule, occurrenceExceptions FROM event WHERE title LIKE ? AND deleted = 0",
                         (f"%{CALENDAR_TAG}",)).fetchall()
    if len(rows) != 3:
        raise Failure(f"expected the three imported events in the database, found {rows}")
    series = next(r for r in rows if r[0].startswith("Bible Study"))
    if "2027-01-20T19:00" not in (series[2] or ""):
        raise Failure(f"the series was stored without its cancelled date: {series}")
    screenshot("events-imported.png")

    # The same file again: nothing to add or change, and nothing to confirm.
    preview = open_import_preview(app, path)
    wait_for("the preview saying nothing changes", lambda: find_all(preview, name_has="Nothing to add or change"))
    confirm = button(preview, "Import 0 Events")
    if sensitive(confirm):
        raise Failure('the confirm button is on for a file with nothing to add or change')
    press(0xFF1B)  # Escape closes the preview, writing nothing
    wait_gone("the import preview", lambda: window_open(app, "Import Calendar"))
    type_into(window, "Search events", "")


def test_import_calendar_refused(app):
    """A calendar with an event the importer refuses: the preview names it (event number, UID,
    why) and offers no import; a file that is not a calendar gets a message saying so. Nothing
    is written either way."""
    import tempfile
    window = main_window(app)
    before = event_count()
    folder = tempfile.mkdtemp(prefix="steward-ics-")
    path = os.path.join(folder, "broken.ics")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\r\n".join([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Riverton//Broken//EN",
            "BEGIN:VEVENT", f"UID:fine-{CALENDAR_TAG}@riverton.example.org", "DTSTART:20270301T100000",
            f"SUMMARY:Fine Event {CALENDAR_TAG}", "END:VEVENT",
            "BEGIN:VEVENT", f"UID:hourly-{CALENDAR_TAG}@riverton.example.org", "DTSTART:20270301T100000",
            "RRULE:FREQ=HOURLY", f"SUMMARY:Hourly Event {CALENDAR_TAG}", "END:VEVENT",
            "END:VCALENDAR"]) + "\r\n")
    preview = open_import_preview(app, path)
    wait_for("the summary saying nothing will be imported",
             lambda: find_all(preview, name_starts="1 event of the file cannot be imported, so nothing will be: correct it"))
    wait_for("the refused event named by number and UID",
             lambda: find_all(preview, name_starts=f"Event 2, UID hourly-{CALENDAR_TAG}@riverton.example.org, Hourly Event"))
    confirm = button(preview, "Import 1 Event")
    if sensitive(confirm):
        raise Failure("the confirm button is on although an event of the file cannot be imported")
    screenshot("events-import-refused.png")
    press(0xFF1B)  # Escape
    wait_gone("the import preview", lambda: window_open(app, "Import Calendar"))

    text = os.path.join(folder, "members.csv")
    with open(text, "w", encoding="utf-8") as f:
        f.write("name,email\nAda,ada@example.org\n")
    click(button(window, "Events Menu"))
    click(wait_for('the menu item "Import Calendar…"',
                   lambda: next(iter(find_all(app.node(), name_is="Import Calendar…", roles=("menu item",))), None)))
    chooser = window_named(app, "Choose a Calendar to Import")
    point_at(chooser)
    pyatspi.Registry.generateKeyboardEvent(0, text, pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(0xFF0D)  # Return
    message = dialog_with(app, "“members.csv” cannot be imported: not an iCalendar file")
    if not find_all(message, name_has="Choose an iCalendar file (.ics)", roles=("label",)):
        raise Failure("the message does not say which file to choose instead")
    click(button(message, "Close"))
    if event_count() != before:
        raise Failure(f"refused imports wrote events: {before} before, {event_count()} after")


# ---------------------------------------------------------------- a photo dropped from Files

def media_ids(org):
    with db() as c:
        return {i for (i,) in c.execute("SELECT id FROM media WHERE orgId = ?", (org,))}


def combo_shows(editor, label, prefix):
    """Whether the drop-down named `label` shows a choice starting with `prefix`."""
    for box in find_all(editor, name_is=label, roles=("combo box",)):
        if any(text_of(n).startswith(prefix) for n in walk(box) if role(n) == "label"):
            return True
    return False


def drop_file_on(app, editor, label, path):
    """Drags `path` from the file window onto the editor's media field `label`."""
    target = accessibility.combo(editor, label)
    accessibility.scroll_into_view(target)
    with file_drops.FileSource(path) as files:
        files.drag_onto(target)


def photo_dropped_and_saved(app, editor, label, folder):
    """In the open editor: a program renamed .jpg dropped on `label` is refused with the
    library's reason and nothing kept; then a photo carrying GPS is dropped, added to the
    library and chosen. Returns the photo's file name."""
    org = org_id(ORG)
    before = media_ids(org)
    program = os.path.join(folder, "not-a-photo.jpg")
    with open("/bin/true", "rb") as src, open(program, "wb") as out:
        out.write(src.read())
    drop_file_on(app, editor, label, program)
    wait_for("the refusal under the field",
             lambda: find_all(editor, name_has="not-a-photo.jpg is not accepted", roles=("label",)))
    if not find_all(editor, name_has="a program", roles=("label",)):
        raise Failure("the refusal does not say the file is a program")
    if media_ids(org) != before:
        raise Failure("a refused file was added to the media library")
    screenshot("media-drop-refused.png")

    photo = os.path.join(folder, f"harvest-{random.randint(1000, 9999)}.jpg")
    file_drops.make_gps_photo(photo)
    drop_file_on(app, editor, label, photo)
    wait_for(f'"{label}" to show the photo', lambda: combo_shows(editor, label, os.path.basename(photo)), timeout=30)
    if find_all(editor, name_has="is not accepted", roles=("label",)):
        raise Failure("the refusal is still shown after a file was added")
    screenshot("media-drop-chosen.png")
    return os.path.basename(photo)


def check_kept_photo(org, media_id, file_name, before):
    """The field's value is a new library item of the organization, kept without GPS."""
    with db() as c:
        row = c.execute("SELECT orgId, fileName, kind FROM media WHERE id = ?", (media_id,)).fetchone()
    if row is None or media_id in before:
        raise Failure(f"the saved image {media_id!r} is not a new file of the media library")
    if row != (org, file_name, "image"):
        raise Failure(f"the library's item is {row}, expected ({org}, {file_name}, image)")
    kept = os.path.join(DB + ".media", org, media_id)
    if not os.path.exists(kept):
        raise Failure(f"the library kept no file at {kept}")
    if file_drops.gps_in_jpeg(kept) or file_drops.metadata_segments(kept):
        raise Failure(f"the kept photo still carries metadata: {file_drops.metadata_segments(kept)}")


def test_photo_dropped_on_event(app):
    """A photo dragged from Files onto a new event's Image: added to the library without its
    GPS and saved as the event's image; a renamed program dropped first is refused. Before
    them, a picture dragged off a web page gives the field its address, as if typed."""
    import tempfile
    window = main_window(app)
    click(button(window, "New Event"))
    editor = editor_window(app)
    title = f"Harvest Photo Walk {random.randint(1000, 9999)}"
    type_into(editor, "Title", title)
    type_into(editor, "Starts", "2026-11-28 10:00")
    org = org_id(ORG)
    before = media_ids(org)
    web_picture = f"https://riverton.example.org/photos/harvest-walk-{random.randint(1000, 9999)}.jpg"
    target = accessibility.combo(editor, "Image")
    accessibility.scroll_into_view(target)
    with file_drops.FileSource(web_picture, web=True) as browser:
        browser.drag_onto(target)
    wait_for("the web picture's address in the Image field",
             lambda: text_of(field(editor, "Image: address")) == web_picture)
    if media_ids(org) != before:
        raise Failure("a picture's address dropped from the web added a file to the library")
    file_name = photo_dropped_and_saved(app, editor, "Image", tempfile.mkdtemp())
    if text_of(field(editor, "Title")) != title:
        raise Failure("the typed title was lost")
    click(button(editor, "Save"))
    wait_gone("the editor", lambda: window_open(app, "New Event"))
    with db() as c:
        rows = c.execute("SELECT imageURL FROM event WHERE title = ? AND orgId = ?", (title, org)).fetchall()
    if len(rows) != 1:
        raise Failure(f"expected one event titled {title!r}, found {len(rows)}")
    check_kept_photo(org, rows[0][0], file_name, before)


TESTS = [
    test_window_opens,
    test_switch_organization,
    test_create_event,
    test_search_finds_event,
    test_event_is_stored,
    test_delete_key_and_undo_button,
    test_delete_button_and_ctrl_z,
    test_edit_existing_event,
    test_duplicate,
    test_invalid_event_is_refused,
    test_weekly_series,
    test_calendar_views,
    test_search_without_match,
    test_date_search,
    test_keyboard_from_search_to_list,
    test_today_marked_and_past_one_click_away,
    test_import_calendar,
    test_import_calendar_refused,
    test_photo_dropped_on_event,
    # Last: it stops the window.
    test_dark_style,
]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    for old in os.listdir(SHOTS):
        if old.endswith(".png"):
            os.remove(os.path.join(SHOTS, old))
    open(os.path.join(SHOTS, "steward.log"), "w").close()
    return accessibility.run_suite(App(), TESTS, "", SHOTS, "steward.log", screenshot)


if __name__ == "__main__":
    sys.exit(main())
