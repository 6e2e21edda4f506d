#!/usr/bin/python3
"""Back Up… and Restore… in the main menu, through the accessibility tree: the file chooser takes a
path, the copy is written while the window stays open, a toast says where, and the file is a
whole Steward console database holding the same events as the one the window has open; a
restore asks first, and once confirmed replaces the database with the backup (keeping the old
one aside) and Steward opens again on it.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session), which sets STEWARD_DB,
STEWARD_BIN_DIR, STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR and STEWARD_SCREENSHOTS.
"""

import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import (Failure, button, click, find_all, main_window, name, on_screen, point_at, press,  # noqa: E402
                           wait_for, wait_gone, window_named, window_open)

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
RETURN = 0xff0d


def App():
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ),
                             os.path.join(SHOTS, "steward-backup.log"))


def screenshot(filename, settle=0.6):
    return accessibility.screenshot(SHOTS, filename, settle)


def menu_item(app, label):
    return wait_for(f'the menu item "{label}"',
                    lambda: next((n for n in find_all(app.node(), roles=("menu item", "push button"))
                                  if name(n).replace("_", "") == label), None))


def test_back_up_writes_a_whole_copy(app):
    """Main Menu → Back Up… → a path typed into the chooser → the copy, and a toast saying where."""
    window = main_window(app)
    path = os.path.abspath(os.path.join(SHOTS, "steward-backup-ui.sqlite"))
    for leftover in [path, path + "-wal", path + "-shm", path + "-journal"]:
        if os.path.exists(leftover):
            os.remove(leftover)
    click(button(window, "Main Menu"))
    item = menu_item(app, "Back Up…")
    screenshot("backup-main-menu.png")
    click(item)
    chooser = window_named(app, "Back Up Steward")
    # The name field has the focus with the suggested name selected up to ".sqlite": typing
    # replaces it, and GTK's chooser takes a whole path typed there.
    point_at(chooser)
    time.sleep(0.5)
    pyatspi.Registry.generateKeyboardEvent(0, path[:-len(".sqlite")], pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(RETURN)
    wait_gone("the file chooser", lambda: window_open(app, "Back Up Steward"))
    wait_for("the toast saying where",
             lambda: next((n for n in find_all(window, name_starts="Backed up to steward-backup-ui.sqlite", roles=("label",))
                           if on_screen(n)), None))
    screenshot("backup-done.png")
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as copy:
        if copy.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise Failure("the backup is not whole")
        copied = copy.execute("SELECT COUNT(*) FROM event").fetchone()[0]
        if copy.execute("PRAGMA journal_mode").fetchone()[0] != "delete":
            raise Failure("the backup is not one self-contained file")
    with closing(sqlite3.connect(f"file:{DB}?mode=ro", uri=True)) as live:
        events = live.execute("SELECT COUNT(*) FROM event").fetchone()[0]
    if copied != events or events == 0:
        raise Failure(f"the backup has {copied} events, the database {events}")


def ask_to_restore(app, path):
    """Main Menu → Restore… → `path` typed into the chooser: the question it asks before."""
    click(button(main_window(app), "Main Menu"))
    click(menu_item(app, "Restore…"))
    point_at(window_named(app, "Restore Steward from a Backup"))
    time.sleep(0.5)
    # GTK's file chooser opens its location field on a typed "/", then takes the whole path.
    pyatspi.Registry.generateKeyboardEvent(0, path, pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(RETURN)
    return window_named(app, "Replace Everything with the Backup?")


def test_restore_asks_first_and_says_what_is_replaced(app):
    """Main Menu → Restore… → the backup → a question naming what is replaced; Cancel keeps all."""
    question = ask_to_restore(app, os.path.abspath(os.path.join(SHOTS, "steward-backup-ui.sqlite")))
    wait_for("the question to name the backup and where today's data is kept",
             lambda: next((n for n in find_all(question, roles=("label",))
                           if "steward-backup-ui.sqlite" in name(n) and ".before-restore" in name(n)), None))
    screenshot("restore-confirmation.png")
    click(button(question, "Cancel"))
    wait_gone("the question", lambda: window_open(app, "Replace Everything with the Backup?"))
    if os.path.exists(DB + ".before-restore"):
        raise Failure("Cancel replaced the database")


def event_titles(path):
    # Closed at once: a connection left open would keep the restore from taking the database's
    # place (a WAL database cannot leave WAL mode while another connection has it open).
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return {row[0] for row in db.execute("SELECT title FROM event")}


def test_restore_replaces_and_opens_again(app):
    """Main Menu → Restore… → the backup → Restore: the database becomes the backup's (what was
    added since is gone from it, and kept aside), and Steward opens again on it."""
    path = os.path.abspath(os.path.join(SHOTS, "steward-backup-ui.sqlite"))
    in_backup = event_titles(path)
    # A change made after the backup, by stewardctl on the database the window has open.
    with closing(sqlite3.connect(f"file:{DB}?mode=ro", uri=True)) as db:
        org = db.execute("SELECT slug FROM organization ORDER BY slug").fetchone()[0]
    subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "events", "add", "--org", org, "--title",
                    "Added after the backup", "--starts", "2026-12-20T10:00", "--ends", "2026-12-20T11:00"],
                   check=True, capture_output=True, env=dict(os.environ, LANGUAGE="en"))
    if "Added after the backup" not in event_titles(DB):
        raise Failure("stewardctl did not add the event")
    question = ask_to_restore(app, path)
    click(button(question, "Restore"))
    wait_for("the database it replaced to be kept aside", lambda: os.path.exists(DB + ".before-restore"))
    # Steward starts again in its own place (the same process): wait for its window again.
    time.sleep(3)
    if not app.running():
        raise Failure("Steward did not start again after the restore (see steward-backup.log)")
    main_window(app)
    wait_for("the Events page of the restored database",
             lambda: next((n for n in find_all(main_window(app), roles=("label",)) if on_screen(n)), None))
    screenshot("restore-done.png", settle=1.5)
    restored = event_titles(DB)
    if restored != in_backup:
        raise Failure(f"the database holds {len(restored)} events, the backup {len(in_backup)}")
    if "Added after the backup" not in event_titles(DB + ".before-restore"):
        raise Failure("what the database held before the restore was not kept aside")
    if os.path.exists(path + "-wal") or os.path.exists(path + "-shm"):
        raise Failure("the restore wrote beside the backup it read")


TESTS = [test_back_up_writes_a_whole_copy, test_restore_asks_first_and_says_what_is_replaced,
         test_restore_replaces_and_opens_again]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-backup.log"), "w").close()
    return accessibility.run_suite(App(), TESTS, "backup", SHOTS, "steward-backup.log", screenshot)


if __name__ == "__main__":
    sys.exit(main())
