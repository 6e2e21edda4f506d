#!/usr/bin/python3
"""End-to-end test of Steward's Events page, through the accessibility tree.

It does what an office worker does: picks an organization, creates an event with the form,
finds it with the search field, and makes a mistake the editor must catch. Every control is
found by its accessible name, the same name a screen reader speaks, so a control without one
fails the test. The database is then checked directly with Python's sqlite3 module.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session), which sets STEWARD_DB,
STEWARD_BIN_DIR, STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR and STEWARD_SCREENSHOTS.
"""

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


class Failure(Exception):
    pass


# ---------------------------------------------------------------- the app

class App:
    def __init__(self, extra_env=None):
        env = dict(os.environ, GTK_A11Y="atspi", GSK_RENDERER="cairo", NO_AT_BRIDGE="0")
        env.update(extra_env or {})
        self.log = open(os.path.join(SHOTS, "steward.log"), "a")
        self.process = subprocess.Popen([os.path.join(BIN_DIR, "steward")], env=env,
                                        stdout=self.log, stderr=subprocess.STDOUT)

    def node(self):
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app is not None and app.name == "steward":
                    return app
            except Exception:
                continue
        return None

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()


# ---------------------------------------------------------------- finding things

def children(node):
    try:
        return [c for c in node if c is not None]
    except Exception:
        return []


def walk(node):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


def showing(node):
    # GTK 4.8 reports VISIBLE (the widget and its parents are visible) but never SHOWING.
    try:
        return node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def role(node):
    try:
        return node.getRoleName()
    except Exception:
        return ""


def name(node):
    try:
        return node.name or ""
    except Exception:
        return ""


def find_all(root, name_is=None, name_has=None, roles=None, visible=True):
    found = []
    for node in walk(root):
        n = name(node)
        if name_is is not None and n != name_is:
            continue
        if name_has is not None and name_has.lower() not in n.lower():
            continue
        if roles is not None and role(node) not in roles:
            continue
        if visible and not showing(node):
            continue
        found.append(node)
    return found


def wait_for(what, probe, timeout=TIMEOUT):
    """Polls `probe` until it returns something truthy; fails naming `what`."""
    deadline = time.time() + timeout
    while True:
        try:
            result = probe()
        except Exception:
            result = None
        if result:
            return result
        if time.time() > deadline:
            raise Failure(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.2)


def wait_gone(what, probe, timeout=TIMEOUT):
    deadline = time.time() + timeout
    while probe():
        if time.time() > deadline:
            raise Failure(f"timed out after {timeout}s waiting for {what} to go away")
        time.sleep(0.2)


def frames(app):
    return [w for w in children(app.node()) if role(w) in ("frame", "dialog", "window")]


def main_window(app):
    return wait_for('a window whose name contains "Steward"',
                    lambda: next((w for w in frames(app) if "Steward" in name(w)), None))


def editor_window(app, heading="New Event"):
    return wait_for(f'the "{heading}" window',
                    lambda: next((w for w in frames(app) if name(w).startswith(heading)), None))


def named(node, label):
    """Whether `node` is named `label`. Buttons libadwaita builds itself (the toast's "Undo")
    carry both their mnemonic label and their text in GTK 4.8 ("_Undo Undo"); accept that."""
    n = name(node)
    return n == label or n.replace("_", "") == f"{label} {label}"


def button(root, label):
    return wait_for(f'a button named "{label}"',
                    lambda: next((b for b in find_all(root, roles=("push button", "toggle button"))
                                  if named(b, label) and has_action(b)), None))


def has_action(node):
    try:
        return node.queryAction().nActions > 0
    except Exception:
        return False


def click(node):
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    for wanted in ("click", "activate", "press"):
        if wanted in names:
            action.doAction(names.index(wanted))
            return
    raise Failure(f'"{name(node)}" ({role(node)}) has no click action, only {names}')


def field(root, label):
    """The editable text control named `label` (or inside the control named `label`)."""
    def probe():
        for node in find_all(root, name_is=label):
            for candidate in walk(node):
                if "EditableText" in pyatspi.utils.listInterfaces(candidate):
                    return candidate
        return None
    return wait_for(f'a text field named "{label}"', probe)


def type_into(root, label, text):
    control = field(root, label)
    control.queryEditableText().setTextContents(text)
    got = text_of(control)
    if got != text:
        raise Failure(f'typed "{text}" into "{label}" but it shows "{got}"')


def text_of(control):
    t = control.queryText()
    return t.getText(0, t.characterCount)


def screenshot(filename):
    path = os.path.join(SHOTS, filename)
    time.sleep(0.6)  # let the last frame paint
    subprocess.run(["import", "-window", "root", path], check=False)
    return path


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


def press(keysym, control=False):
    """A real key press through the X server, as a keyboard user would."""
    control_keycode = 37  # Control_L in Xvfb's default keymap
    if control:
        pyatspi.Registry.generateKeyboardEvent(control_keycode, None, pyatspi.KEY_PRESS)
    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
    if control:
        pyatspi.Registry.generateKeyboardEvent(control_keycode, None, pyatspi.KEY_RELEASE)


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
    point_at_editor()
    press(ord("s"), control=True)  # Ctrl+S saves
    wait_gone("the editor", lambda: any(name(w).startswith("Edit Event") for w in frames(app)))
    wait_for("the new location in the database", lambda: event_row(TITLE)[1] == "Riverton Civic Center, Hall B")
    wait_for("the new location in the table",
             lambda: find_all(window, name_is="Riverton Civic Center, Hall B", roles=("label",)))


def test_search_without_match(app):
    window = main_window(app)
    type_into(window, "Search events", "xylophone quartet")
    wait_for('the "No Results" page', lambda: find_all(window, name_is="No Results", roles=("label",)))
    screenshot("empty.png")
    type_into(window, "Search events", "")


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
    test_search_without_match,
    test_dark_style,
]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    for old in os.listdir(SHOTS):
        if old.endswith(".png"):
            os.remove(os.path.join(SHOTS, old))
    open(os.path.join(SHOTS, "steward.log"), "w").close()
    app = App()
    passed = failed = 0
    try:
        for test in TESTS:
            label = test.__name__[len("test_"):]
            try:
                test(app)
                passed += 1
                print(f"ok    {label}", flush=True)
            except Exception as error:  # a failure or a broken accessibility call
                failed += 1
                print(f"FAIL  {label}: {error}", flush=True)
                if not isinstance(error, Failure):
                    traceback.print_exc()
                screenshot(f"failure-{label}.png")
                if app.process.poll() is not None:
                    print(f"      steward exited with status {app.process.returncode}; "
                          f"see {SHOTS}/steward.log", flush=True)
                    break
    finally:
        app.stop()
    print(f"ui: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
