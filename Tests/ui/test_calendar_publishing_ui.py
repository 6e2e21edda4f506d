#!/usr/bin/python3
"""Preferences' Calendar Publishing group, through the accessibility tree, against a throwaway
Radicale CalDAV server (Tests/calendar/radicale.sh): the office types the calendar's address, a
user name and the password, presses Publish Now, and the status line gives the figures; the
calendar then holds one resource per event the console recorded, and a second Publish Now sends
nothing new. Opened again, Preferences still shows the address and the user name (the password
is kept with the credentials, never shown), and the last result.

The Mail group beside it: a server that is not smtp(s) is refused under the buttons and nothing
is kept; a server on a closed port is kept, and Send Test Message says, without freezing the
window, that the connection was refused (the mail log has the line). The mail settings are
removed after, so the suites that follow see the drafts as before.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session), which sets STEWARD_DB,
STEWARD_BIN_DIR, STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR and STEWARD_SCREENSHOTS.
"""

import base64
import http.client
import os
import re
import socket
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import (Failure, button, click, find_all, main_window, name, press, sensitive,  # noqa: E402
                           text_of, type_into, wait_for, wait_gone, window_named, window_open, field)

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
HERE = os.path.dirname(os.path.abspath(__file__))
RADICALE = os.path.join(HERE, "..", "calendar", "radicale.sh")
FOLDER = tempfile.mkdtemp(prefix="steward-caldav-ui-")
RADICALE_ENV = dict(os.environ, RADICALE_TEST_DIR=os.path.join(FOLDER, "radicale"), RADICALE_TEST_PASSWORD="secret")
state = {}


def App():
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ),
                             os.path.join(SHOTS, "steward-caldav.log"))


def screenshot(filename, settle=0.6):
    return accessibility.screenshot(SHOTS, filename, settle)


def open_preferences(app, window):
    window.grabFocus() if hasattr(window, "grabFocus") else None
    press(ord(","), control=True)
    return window_named(app, "Preferences")


def close(app, prefs):
    click(button(prefs, "Close"))
    wait_gone("Preferences", lambda: window_open(app, "Preferences"))


def status(prefs):
    """The status line's text: the row titled "Last Published" says it in its subtitle."""
    for node in find_all(prefs, name_has="Last Published"):
        texts = [text_of(n) for n in accessibility.walk(node)] + [name(node)]
        joined = " ".join(t for t in texts if t)
        if joined:
            return joined
    return ""


def after_sync_switch(prefs):
    return wait_for("the switch of “Publish after each sync”",
                    lambda: next((n for n in find_all(prefs, roles=("switch", "toggle button", "check box"))
                                  if "Publish after each sync" in name(n)), None))


def publishes_after_sync():
    with sqlite3.connect(DB) as db:
        row = db.execute("SELECT publishAfterSync FROM calendarPublishing WHERE url = ?", (state["calendar"],)).fetchone()
    return row[0] if row else None


def resources_on_server():
    parts = urllib.parse.urlsplit(state["calendar"])
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    auth = "Basic " + base64.b64encode(b"steward:secret").decode()
    connection.request("PROPFIND", parts.path, body=b'<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
                       headers={"Authorization": auth, "Depth": "1", "Content-Type": "application/xml"})
    answer = connection.getresponse()
    body = answer.read().decode()
    connection.close()
    return set(re.findall(r"/([0-9a-f-]{36})\.ics", body))


def resources_recorded():
    with sqlite3.connect(DB) as db:
        return {row[0] for row in db.execute("SELECT eventId FROM calDAVResource WHERE collectionURL = ?", (state["calendar"],))}


def test_publish_now_sends_the_events_and_says_what_it_did(app):
    window = main_window(app)
    prefs = open_preferences(app, window)
    type_into(prefs, "Calendar Address", state["calendar"])
    type_into(prefs, "User Name", "steward")
    type_into(prefs, "Password", "secret")
    publish = button(prefs, "Publish Now")
    click(publish)
    said = wait_for("the status line to give the figures", lambda: (lambda s: s if " added" in s else None)(status(prefs)))
    screenshot("calendar-publishing.png")
    match = re.search(r"(\d+) added, 0 updated, 0 removed, 0 unchanged", said)
    if not match or int(match.group(1)) == 0:
        raise Failure(f"the status line says {said!r}")
    wait_for("Publish Now to be pressable again", lambda: sensitive(publish))
    recorded, served = resources_recorded(), resources_on_server()
    if len(recorded) != int(match.group(1)) or served != recorded:
        raise Failure(f"{match.group(1)} added, {len(recorded)} recorded, {len(served)} on the calendar")
    click(publish)
    wait_for("the second publish to send nothing", lambda: f"0 added, 0 updated, 0 removed, {len(recorded)} unchanged" in status(prefs))
    # With a calendar kept, publishing after each sync can be chosen, and is kept at once.
    switch = after_sync_switch(prefs)
    wait_for("the switch to be usable once a calendar is kept", lambda: sensitive(switch))
    click(switch)
    wait_for("the choice to be kept", lambda: publishes_after_sync() == 1)
    close(app, prefs)


def test_reopened_preferences_keep_the_address_and_the_last_result(app):
    window = main_window(app)
    prefs = open_preferences(app, window)
    address = text_of(field(prefs, "Calendar Address"))
    user = text_of(field(prefs, "User Name"))
    if address != state["calendar"] or user != "steward":
        raise Failure(f"reopened, the address is {address!r} and the user {user!r}")
    if " unchanged" not in status(prefs):
        raise Failure(f"reopened, the status line says {status(prefs)!r}")
    if not accessibility.state_has(after_sync_switch(prefs), accessibility.pyatspi.STATE_CHECKED):
        raise Failure("reopened, “Publish after each sync” is off")
    close(app, prefs)


def test_a_wrong_password_is_said_in_plain_words(app):
    window = main_window(app)
    prefs = open_preferences(app, window)
    # A kept password is never shown; the row says one is kept.
    type_into(prefs, "Password (kept; type to change it)", "not the password")
    click(button(prefs, "Publish Now"))
    wait_for("the status line to say the password was refused",
             lambda: "refused the user name or password" in status(prefs))
    close(app, prefs)


def mail_status(prefs):
    """The Mail group's status line: the subtitle of the row titled "Mail Settings"."""
    for node in find_all(prefs, name_has="Mail Settings"):
        texts = [text_of(n) for n in accessibility.walk(node)] + [name(node)]
        joined = " ".join(t for t in texts if t)
        if joined:
            return joined
    return ""


def mail_rows(sql):
    with sqlite3.connect(DB, timeout=10) as db:
        return db.execute(sql).fetchall()


def test_mail_settings_refuse_bad_input_and_say_why_a_test_was_not_sent(app):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]   # closed once the block ends: nothing listens there
    window = main_window(app)
    prefs = open_preferences(app, window)
    try:
        type_into(prefs, "Mail Server", "https://mail.example.org")
        type_into(prefs, "From Address", "office@example.org")
        click(button(prefs, "Save mail settings"))
        wait_for("the refusal under the buttons", lambda: "Not saved: Mail Server must start with smtp://" in mail_status(prefs))
        if mail_rows("SELECT * FROM mailSettings"):
            raise Failure("refused mail settings were kept")
        type_into(prefs, "Mail Server", f"smtp://127.0.0.1:{port}")
        test = button(prefs, "Send test message")
        click(test)
        said = wait_for("the test's result", lambda: (lambda s: s if "refused the connection" in s else None)(mail_status(prefs)))
        accessibility.scroll_into_view(test)
        screenshot("mail-settings.png")
        if f"port {port}" not in said:
            raise Failure(f"the status line says {said!r}")
        wait_for("Send Test Message to be pressable again", lambda: sensitive(test))
        kept = mail_rows("SELECT smtpURL, fromAddress FROM mailSettings")
        if kept != [(f"smtp://127.0.0.1:{port}", "office@example.org")]:
            raise Failure(f"the mail settings kept: {kept}")
        logged = mail_rows("SELECT recipient, purpose, result FROM mailLog")
        if logged != [("office@example.org", "test", "failed")]:
            raise Failure(f"the mail log: {logged}")
        close(app, prefs)
    finally:
        with sqlite3.connect(DB, timeout=10) as db:
            db.execute("DELETE FROM mailSettings")
            db.execute("DELETE FROM mailLog")


TESTS = [test_publish_now_sends_the_events_and_says_what_it_did,
         test_reopened_preferences_keep_the_address_and_the_last_result,
         test_a_wrong_password_is_said_in_plain_words,
         test_mail_settings_refuse_bad_input_and_say_why_a_test_was_not_sent]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-caldav.log"), "w").close()
    base = subprocess.run(["bash", RADICALE, "start"], env=RADICALE_ENV, capture_output=True, text=True, check=True).stdout.strip()
    state["calendar"] = base + "steward/office/"
    try:
        return accessibility.run_suite(App(), TESTS, "calendar publishing", SHOTS, "steward-caldav.log", screenshot)
    finally:
        subprocess.run(["bash", RADICALE, "stop"], env=RADICALE_ENV, check=False)


if __name__ == "__main__":
    sys.exit(main())
