#!/usr/bin/python3
"""End-to-end test of the gym's Class Schedule page, through the accessibility tree.

What a gym owner does: add a schedule source (a saved MindBody answer), refresh (the demo's
MindBody source, without a key, fails on its own and says why in the status line), open the week
grid, find a cancelled class and a substitute, add a note to the cancelled one, feature the
substitute's class in the app (it waits to go to the store as a served class), look at each
trainer's week, refresh again (the source now lists one more class) and find the note still there. The mirror is checked
against the database with Python's sqlite3 module.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session), which sets STEWARD_DB,
STEWARD_BIN_DIR, STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR and STEWARD_SCREENSHOTS.
"""

import datetime
import json
import os
import random
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import (Failure, button, buttons, choose_page, click, click_at, field, find_all,  # noqa: E402
                           frames, main_window, name, press, text_of, type_into, wait_for, wait_gone, window_named,
                           window_open)
import pyatspi  # noqa: E402

try:
    from zoneinfo import ZoneInfo
except ImportError:  # pragma: no cover
    ZoneInfo = None

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
ORG = "Ironworks Gym"
SUFFIX = random.randint(1000, 9999)
CANCELLED = f"Kettlebell Club {SUFFIX}"
SUBSTITUTE = f"Mobility Lab {SUFFIX}"
LATER = f"Open Gym {SUFFIX}"
NOTE = f"Room booked for a first-aid course instead ({SUFFIX})"
FOLDER = tempfile.mkdtemp(prefix="steward-schedule-ui-")
SAVED = os.path.join(FOLDER, "GetClasses.json")


def App():
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ),
                             os.path.join(SHOTS, "steward-schedule.log"))


def screenshot(filename, settle=0.6):
    return accessibility.screenshot(SHOTS, filename, settle)


def today_in_denver():
    now = datetime.datetime.now(ZoneInfo("America/Denver")) if ZoneInfo else datetime.datetime.utcnow()
    return now.date()


def day_this_week(offset_from_today):
    """A day in the week the page opens on (Monday to Sunday around today), counted from today
    but kept inside that week."""
    today = today_in_denver()
    monday = today - datetime.timedelta(days=today.weekday())
    day = today + datetime.timedelta(days=offset_from_today)
    return min(max(day, monday), monday + datetime.timedelta(days=6))


def mindbody_class(number, name, day, hour, trainer, room, cancelled=False, substitute=False):
    start = datetime.datetime.combine(day, datetime.time(hour, 0))
    return {
        "Id": 880000 + number, "ClassScheduleId": 9900 + number,
        "StartDateTime": start.isoformat(), "EndDateTime": (start + datetime.timedelta(minutes=60)).isoformat(),
        "ClassDescription": {"Id": number, "Name": name, "Description": "Made by the UI test.",
                             "Program": {"Id": 1, "Name": "Strength"}, "SessionType": {"Id": 1, "Name": "Group Class"}},
        "Staff": {"Id": 150 + number, "Name": trainer}, "Substitute": substitute, "IsCanceled": cancelled,
        "Active": True, "Location": {"Id": 1, "Name": "Ironworks Downtown"}, "Resource": {"Id": 1, "Name": room},
        "MaxCapacity": 12, "WebCapacity": 10, "TotalBooked": 0 if cancelled else 7, "TotalBookedWaitlist": 0,
        "IsWaitlistAvailable": False,
    }


def write_saved(with_later):
    # Early morning, before the demo's classes, so the blocks are not crowded out.
    classes = [mindbody_class(1, CANCELLED, day_this_week(0), 5, "Dana Brooks", "Studio A", cancelled=True),
               mindbody_class(2, SUBSTITUTE, day_this_week(1), 5, "Morgan Diaz", "Studio B", substitute=True)]
    if with_later:
        classes.append(mindbody_class(3, LATER, day_this_week(-1), 5, "Dana Brooks", "Studio A"))
    with open(SAVED, "w", encoding="utf-8") as f:
        json.dump({"PaginationResponse": {"TotalResults": len(classes)}, "Classes": classes}, f)


def db():
    return sqlite3.connect(DB, timeout=10)


def mirrored(name_is):
    with db() as c:
        return c.execute("SELECT id, isCancelled, isSubstitute, localNote, isRemoved FROM scheduledClass WHERE name = ?",
                         (name_is,)).fetchall()


def block(window, class_name, mark):
    """The week grid's block for `class_name` whose spoken name carries `mark`."""
    return wait_for(f'a block for "{class_name}" heard as {mark}',
                    lambda: next((b for b in find_all(window, name_starts=class_name + ",", roles=("push button",))
                                  if mark in name(b)), None))


# ---------------------------------------------------------------- the tests

def test_open_the_gym_schedule(app):
    window = main_window(app)
    if ORG not in name(window):
        click(button(window, "Organization"))
        click(button(app.node(), ORG))
        wait_for(f'the window title to name "{ORG}"', lambda: next((w for w in frames(app) if ORG in name(w)), None))
    window = main_window(app)
    choose_page(window, "Class Schedule")
    button(window, "Refresh")
    button(window, "Add Source")
    # The demo's month: a cancelled class and a substitute are in this week's grid already.
    wait_for("the demo's classes in the grid", lambda: find_all(window, name_has="Studio", roles=("push button",)))


def test_add_a_source(app):
    write_saved(with_later=False)
    window = main_window(app)
    click(button(window, "Add Source"))
    dialog = dialog_with(app, "Steward keeps a mirror")
    click(button(dialog, "Saved file"))
    type_into(dialog, "Address or file", SAVED)
    click(button(dialog, "Add"))
    wait_gone("the Add a Schedule Source dialog", lambda: buttons(app.node(), "Saved file"))
    with db() as c:
        if not c.execute("SELECT 1 FROM scheduleSource WHERE location = ?", (SAVED,)).fetchone():
            raise Failure("the saved file was not stored as a source")
    wait_for("the new source in the status line", lambda: find_all(window, name_has=SAVED, roles=("label",)))


def dialog_with(app, text):
    """The dialog window showing a label with `text` (message dialogs have no title to find
    them by)."""
    return wait_for(f'a dialog showing "{text}"',
                    lambda: next((f for f in frames(app) if "Steward" not in name(f)
                                  and find_all(f, name_has=text, roles=("label",))), None))


def refresh(app, window):
    """Clicks Refresh. The demo's MindBody source has no API key: the window says so for it
    (and that nothing of it changed) while the other sources refresh; the dialog is closed."""
    click(button(window, "Refresh"))
    # The dialog, not the window: the window's status line says it too once the refresh is done.
    dialogs = lambda: [f for f in frames(app) if "Steward" not in name(f)
                       and find_all(f, name_has="no MindBody API key", roles=("label",))]
    dialog = wait_for("the demo source's failure explained", lambda: next(iter(dialogs()), None))
    if not find_all(dialog, name_has="nothing of it was changed", roles=("label",)):
        raise Failure("the failure dialog does not say that nothing was changed")
    click(button(dialog, "Close"))
    wait_gone("the failure dialog", dialogs)


def test_refresh_says_what_changed(app):
    window = main_window(app)
    refresh(app, window)
    toast = wait_for("the refresh's summary in a message",
                     lambda: find_all(window, name_has="Refreshed: 1 cancelled, 1 substitute, 2 new", roles=("label",)))
    screenshot("schedule-refresh-summary.png", settle=0.2)
    if not toast:
        raise Failure("no summary")
    wait_for("the refresh's summary in the status line",
             lambda: find_all(window, name_has="— 1 cancelled, 1 substitute, 2 new", roles=("label",)))
    rows = mirrored(CANCELLED)
    if len(rows) != 1 or rows[0][1] != 1:
        raise Failure(f"the cancelled class was mirrored as {rows}")
    if [r[2] for r in mirrored(SUBSTITUTE)] != [1]:
        raise Failure("the substitute was not mirrored as one")
    wait_for("the last refresh in the status line",
             lambda: find_all(window, name_has="last refreshed", roles=("label",)))
    # Each source's own result stays: the demo's MindBody source failed (no key), and says why,
    # under the source that was refreshed.
    wait_for("the failing source's reason in the status line",
             lambda: find_all(window, name_has="Refresh failed ", roles=("label",))
             and find_all(window, name_has=": no MindBody API key", roles=("label",)))


def test_find_cancelled_and_substitute(app):
    window = main_window(app)
    block(window, CANCELLED, "cancelled")
    block(window, SUBSTITUTE, "substitute")
    # The filter narrows the grid to cancelled classes: the substitute's block goes away.
    click(button(window, "Cancelled"))
    wait_gone(f'the block for "{SUBSTITUTE}"',
              lambda: find_all(window, name_starts=SUBSTITUTE + ",", roles=("push button",)))
    block(window, CANCELLED, "cancelled")
    click(button(window, "Cancelled"))
    block(window, SUBSTITUTE, "substitute")
    screenshot("schedule-week-grid.png")
    # Heard in full: the trainer, the room and the bookings too.
    heard = name(block(window, CANCELLED, "cancelled"))
    for words in ("Dana Brooks", "Studio A", "0/12 booked"):
        if words not in heard:
            raise Failure(f'the cancelled block is heard as "{heard}", without "{words}"')


def test_add_a_note(app):
    window = main_window(app)
    click(block(window, CANCELLED, "cancelled"))
    page = dialog_with(app, "From the booking service")
    wait_for("the trainer", lambda: find_all(page, name_has="Dana Brooks", roles=("label",)))
    type_into(page, "Gym note", NOTE)
    screenshot("schedule-class-page.png")
    click(button(page, "Save"))
    wait_gone("the class's page", lambda: find_all(app.node(), name_has="From the booking service", roles=("label",)))
    wait_for("the note stored", lambda: [r[3] for r in mirrored(CANCELLED)] == [NOTE])
    block(window, CANCELLED, NOTE)


def served(class_id):
    """The class's record as it goes to the apps (the kit's `gymClass`), or None."""
    with db() as c:
        row = c.execute("SELECT fields FROM record WHERE entity = 'gymClass' AND id = ?", (class_id,)).fetchone()
    return json.loads(row[0]) if row else None


def switch_to(window, view):
    """The view switcher's buttons are named by their labels only on screen: clicked as a
    person would."""
    click_at(wait_for(f'the "{view}" switch', lambda: accessibility.switcher_label(window, view)))


def test_feature_a_class(app):
    window = main_window(app)
    click(block(window, SUBSTITUTE, "substitute"))
    page = dialog_with(app, "From the booking service")
    # GTK 4.8 gives a check box no accessible action: a mouse click, as a person would.
    box = wait_for("the featured box", lambda: next(iter(find_all(page, name_starts="Featured in the app",
                                                                  roles=("check box",))), None))
    click_at(box)
    wait_for("the box to be ticked", lambda: accessibility.state_has(box, pyatspi.STATE_CHECKED), timeout=10)
    click(button(page, "Save"))
    wait_gone("the class's page", lambda: find_all(app.node(), name_has="From the booking service", roles=("label",)))
    with db() as c:
        class_id = c.execute("SELECT id FROM scheduledClass WHERE name = ?", (SUBSTITUTE,)).fetchone()[0]
    wait_for("the flag stored", lambda: (db().execute("SELECT isFeatured FROM scheduledClass WHERE id = ?",
                                                       (class_id,)).fetchone() or [0])[0] == 1)
    record = served(class_id)
    if not record or record.get("featured") is not True:
        raise Failure(f"the class goes to the apps without the flag: {record}")
    if not db().execute("SELECT 1 FROM outbox WHERE entity = 'gymClass' AND recordId = ?", (class_id,)).fetchone():
        raise Failure("the featured class is not waiting to be sent to the store")
    block(window, SUBSTITUTE, "featured")


def test_trainers_view(app):
    window = main_window(app)
    switch_to(window, "Trainers")
    # The substitute's class sits in the row of the one who teaches it, marked.
    wait_for("Morgan Diaz's row", lambda: find_all(window, name_starts="Morgan Diaz: 1 class"))
    entry = block(window, SUBSTITUTE, "substitute")
    if "Morgan Diaz" not in name(entry):
        raise Failure(f'the trainers view shows "{name(entry)}"')
    wait_for("Dana Brooks's row", lambda: find_all(window, name_starts="Dana Brooks: "))
    block(window, CANCELLED, "cancelled")
    check_an_appointment_is_shown(window)
    screenshot("schedule-trainers.png")
    click(block(window, CANCELLED, "cancelled"))
    page = dialog_with(app, "From the booking service")
    click(button(page, "Close"))
    wait_gone("the class's page", lambda: find_all(app.node(), name_has="From the booking service", roles=("label",)))
    check_a_trainer_profile(app, window)
    switch_to(window, "Week")
    block(window, CANCELLED, "cancelled")


def check_a_trainer_profile(app, window):
    """A trainer's name opens their profile: Morgan Diaz has none yet, so a new one opens with
    the name the schedule gives; saved, it is the gym's record to send, and the name opens it
    again, to edit."""
    click(button(window, "Profile of Morgan Diaz"))
    form = window_named(app, "New Trainer Profile")
    if text_of(field(form, "Name")) != "Morgan Diaz":
        raise Failure(f'the new profile should carry the schedule\'s name: "{text_of(field(form, "Name"))}"')
    type_into(form, "Specialties", "Spin, HIIT")
    type_into(form, "Bio", "Morgan stands in for the early spin classes.")
    click(button(form, "Save"))
    wait_gone("the profile editor", lambda: window_open(app, "New Trainer Profile"))
    with db() as c:
        rows = [json.loads(f) for (f,) in c.execute("SELECT fields FROM record WHERE entity = 'trainer' AND deleted = 0")]
    morgan = [r for r in rows if r.get("name") == "Morgan Diaz"]
    if len(morgan) != 1 or morgan[0].get("specialties") != ["spin", "hiit"]:
        raise Failure(f"Morgan Diaz's profile is not stored as typed: {morgan}")
    click(button(window, "Profile of Morgan Diaz"))
    form = window_named(app, "Edit Trainer Profile")
    wait_for("the bio typed before", lambda: text_of(field(form, "Bio")) == "Morgan stands in for the early spin classes.")
    screenshot("trainer-profile.png")
    press(0xff1b)  # Escape
    wait_gone("the profile editor", lambda: window_open(app, "Edit Trainer Profile"))


def check_an_appointment_is_shown(window):
    """The demo gym's personal training this week sits among the trainers' classes, heard as
    "Personal training", with its trainer and status; one the mirror holds for this week is found."""
    monday = day_this_week(-7)
    start = datetime.datetime.combine(monday, datetime.time(0, 0), ZoneInfo("America/Denver"))
    end = start + datetime.timedelta(days=7)
    utc = datetime.timezone.utc
    with db() as c:
        rows = c.execute("SELECT staff, status FROM staffAppointment WHERE startsAt >= ? AND startsAt < ? AND isRemoved = 0 "
                         "ORDER BY startsAt", (start.astimezone(utc).strftime("%Y-%m-%d %H:%M:%S"),
                                               end.astimezone(utc).strftime("%Y-%m-%d %H:%M:%S"))).fetchall()
    if not rows:
        raise Failure("the demo gym has no staff appointments this week")
    trainer = rows[0][0]
    entry = wait_for(f"a personal-training entry for {trainer}",
                     lambda: next((b for b in find_all(window, name_starts="Personal training,", roles=("push button",))
                                   if trainer in name(b)), None))
    statuses = ("Booked", "Confirmed", "Arrived", "Completed", "Cancelled", "Late cancelled", "No-show")
    if not any(status in name(entry) for status in statuses):
        raise Failure(f'the appointment does not say its status: "{name(entry)}"')


def test_refresh_again_keeps_the_note(app):
    write_saved(with_later=True)
    window = main_window(app)
    refresh(app, window)
    wait_for("the second refresh's summary", lambda: find_all(window, name_has="— 1 new", roles=("label",)))
    if [r[3] for r in mirrored(CANCELLED)] != [NOTE]:
        raise Failure(f"the note did not survive the refresh: {mirrored(CANCELLED)}")
    if len(mirrored(LATER)) != 1:
        raise Failure("the class the source added was not mirrored")
    block(window, CANCELLED, NOTE)
    click(block(window, CANCELLED, "cancelled"))
    page = dialog_with(app, "From the booking service")
    if text_of(field(page, "Gym note")) != NOTE:
        raise Failure("the class's page does not show the note after the refresh")
    click(button(page, "Close"))
    wait_gone("the class's page", lambda: find_all(app.node(), name_has="From the booking service", roles=("label",)))


TESTS = [
    test_open_the_gym_schedule,
    test_add_a_source,
    test_refresh_says_what_changed,
    test_find_cancelled_and_substitute,
    test_add_a_note,
    test_feature_a_class,
    test_trainers_view,
    test_refresh_again_keeps_the_note,
]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-schedule.log"), "w").close()
    return accessibility.run_suite(App(), TESTS, "schedule", SHOTS, "steward-schedule.log", screenshot)


if __name__ == "__main__":
    sys.exit(main())
