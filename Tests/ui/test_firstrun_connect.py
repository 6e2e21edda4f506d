#!/usr/bin/python3
"""End-to-end test of the first run's Connect to Your Organization's Store, through the
accessibility tree: one window on an empty console of its own (its own data, config and
credentials folders) and a real steward-store on loopback holding an organization, a staff
member and a few events that another console pushed with stewardctl.

  wrong password   the store's address and a wrong password: the dialog says the password is
                   not right and keeps the address typed; nothing is stored
  throttled        after 5 failures for an email (sent to the store directly), the dialog says
                   to try again in 1 minute
  listed           the right password lists the store's organization with a check box, ticked
  connected        Connect makes the organization here with the store's name, short name and
                   time zone, signed in, pulls its records, and the Events page shows the
                   store's events
  menu             the organization menu offers the same dialog; signed in again, the
                   organization is listed as already in this console, not offered a second time

What the window did is checked in the console's database with stewardctl. Run by
Tests/ui/inner.sh (STEWARD_UI_ONLY=firstrun-connect, or firstrun).
"""

import json
import os
import random
import shutil
import sys
import tempfile
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyatspi  # noqa: E402

import accessibility  # noqa: E402
from accessibility import (Failure, button, choose_page, click, find_all, frames, label_text, main_window,  # noqa: E402
                           name, showing, state_has, text_of, type_into, wait_for, wait_gone, field)
from sync_fixtures import ConsoleCtl, StoreServer  # noqa: E402

BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
LOG = os.path.join(SHOTS, "steward-firstrun-connect.log")
DIALOG = "Connect to Your Organization’s Store"
SLUG = "harbor-chapel"
ORG_NAME = "Harbor Chapel"
ZONE = "America/Halifax"
EMAIL = "office@harbor.example"
PASSWORD = "tide-lantern-83"
SUFFIX = random.randint(1000, 9999)
TITLES = [f"{title} {SUFFIX}" for title in ("Harbor Supper", "Choir Practice", "Lighthouse Walk")]

FOLDER = tempfile.mkdtemp(prefix="steward-firstrun-connect-")


def console_env():
    env = dict(os.environ)
    env.pop("STEWARD_DB", None)
    env.update({
        "XDG_DATA_HOME": os.path.join(FOLDER, "data"),
        "XDG_CONFIG_HOME": os.path.join(FOLDER, "config"),
        "XDG_CACHE_HOME": os.path.join(FOLDER, "cache"),
        "STEWARD_CREDENTIALS": "file",
        # No periodic sync: the dialog's first pull is what brings the records in.
        "STEWARD_SYNC_INTERVAL": "3600",
    })
    return env


ENV = console_env()
DATABASE = os.path.join(FOLDER, "data", "steward", "steward.sqlite")
os.makedirs(os.path.dirname(DATABASE))
CTL = ConsoleCtl(BIN_DIR, DATABASE, ENV)
STORE = StoreServer(BIN_DIR, FOLDER)


def set_up_store():
    """The store with the organization and its staff member, and the events another console
    (the office's old computer) pushed there."""
    STORE.add_org(SLUG, ORG_NAME, ZONE)
    STORE.add_staff(SLUG, EMAIL, "editor", PASSWORD)
    STORE.start()
    source = ConsoleCtl(BIN_DIR, os.path.join(FOLDER, "source.sqlite"), ENV)
    source.run("orgs", "add", SLUG, "--name", ORG_NAME, "--time-zone", ZONE, "--kind", "church")
    for day, title in enumerate(TITLES, start=10):
        source.run("events", "add", "--org", SLUG, "--title", title, "--starts", f"2026-12-{day}T18:00",
                   "--ends", f"2026-12-{day}T20:00", "--location-name", "Fellowship Hall")
    source.run("remote", "set", "--url", STORE.url, "--token", STORE.token(SLUG, "staff"), "--org", SLUG)
    source.run("sync", "--org", SLUG)


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


def dialog(app):
    return wait_for(f'the "{DIALOG}" window',
                    lambda: next((w for w in frames(app) if name(w).startswith(DIALOG)), None))


def console_orgs():
    if not os.path.exists(DATABASE):
        return []
    return CTL.json("orgs", "list")


def sign_in(form, password):
    type_into(form, "Store address", STORE.url)
    type_into(form, "Email", EMAIL)
    type_into(form, "Password", password)
    click(button(form, "Sign In"))


def test_wrong_password(app):
    window = main_window(app)
    wait_for("the no-organization page", lambda: [n for n in find_all(window, name_has="No Organizations Yet")
                                                   if showing(n)])
    screenshot("firstrun-connect-page.png")
    click(button(window, "Connect to Your Organization’s Store…"))
    form = dialog(app)
    sign_in(form, "tide-lantern-38")
    message = wait_for('a "Sign-in message"', lambda: label_text(form, "Sign-in message"), timeout=30)
    screenshot("firstrun-connect-wrong-password.png")
    if "password is not right" not in message:
        raise Failure(f'the message does not say the password is not right: "{message}"')
    if text_of(field(form, "Store address")) != STORE.url:
        raise Failure(f'the store address typed was lost: "{text_of(field(form, "Store address"))}"')
    if text_of(field(form, "Email")) != EMAIL:
        raise Failure("the email typed was lost")
    if console_orgs():
        raise Failure(f"an organization was stored after a wrong password: {console_orgs()}")


def test_throttled(app):
    form = dialog(app)
    other = f"someone-{SUFFIX}@harbor.example"
    for attempt in range(5):
        request = urllib.request.Request(f"{STORE.url}/v1/session", method="POST",
                                         data=json.dumps({"email": other, "password": f"guess {attempt}"}).encode(),
                                         headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=30)
            raise Failure("the store let a guess in")
        except urllib.error.HTTPError as error:
            if error.code != 401:
                raise Failure(f"guess {attempt + 1} answered {error.code}, not 401")
    type_into(form, "Email", other)
    type_into(form, "Password", "one more guess")
    click(button(form, "Sign In"))
    wanted = "Too many failed sign-ins. Try again in 1 minute."
    wait_for(f'"{wanted}"', lambda: label_text(form, "Sign-in message") == wanted, timeout=30)
    screenshot("firstrun-connect-throttled.png")
    if text_of(field(form, "Store address")) != STORE.url:
        raise Failure("the store address typed was lost")


def test_listed(app):
    form = dialog(app)
    type_into(form, "Email", EMAIL)
    type_into(form, "Password", PASSWORD)
    click(button(form, "Sign In"))
    label = f"{ORG_NAME} ({SLUG})"
    choice = wait_for(f'the "{label}" check box',
                      lambda: next((n for n in find_all(form, roles=("check box",)) if name(n) == label), None),
                      timeout=30)
    if not state_has(choice, pyatspi.STATE_CHECKED):
        raise Failure(f'"{label}" is not ticked')
    screenshot("firstrun-connect-choose.png")
    if console_orgs():
        raise Failure(f"an organization was stored before Connect: {console_orgs()}")


def test_connected(app):
    form = dialog(app)
    click(button(form, "Connect"))
    wait_gone("the dialog", lambda: [w for w in frames(app) if name(w).startswith(DIALOG)], timeout=120)
    window = main_window(app)
    wait_for(f"the window to show {ORG_NAME}", lambda: ORG_NAME in name(main_window(app)), timeout=30)
    orgs = console_orgs()
    if [(o["slug"], o["name"], o["timeZone"]) for o in orgs] != [(SLUG, ORG_NAME, ZONE)]:
        raise Failure(f"stored {orgs}")
    remote = CTL.json("remote", "show", "--org", SLUG)
    if remote.get("url") != STORE.url or remote.get("staffEmail") != EMAIL:
        raise Failure(f"the organization is not signed in to the store: {remote}")
    # The session kept is alive on the store (closing the dialog ended only unused ones):
    # stewardctl, on the same console, syncs with it.
    CTL.run("sync", "--org", SLUG)
    pulled = [e["title"] for e in CTL.json("events", "list", "--org", SLUG)]
    if sorted(pulled) != sorted(TITLES):
        raise Failure(f"the console holds {pulled}, not the store's events")
    choose_page(window, "Events")
    for title in TITLES:
        wait_for(f'"{title}" on the Events page', lambda: find_all(window, name_is=title, roles=("label",)), timeout=30)
    screenshot("firstrun-connect-events.png")


def test_menu(app):
    window = main_window(app)
    click(button(window, "Organization"))
    click(button(app.node(), "Connect to Your Organization’s Store…"))
    form = dialog(app)
    sign_in(form, PASSWORD)
    label = f"{ORG_NAME} ({SLUG}), already in this console"
    choice = wait_for(f'the "{label}" check box',
                      lambda: next((n for n in find_all(form, roles=("check box",)) if name(n) == label), None),
                      timeout=30)
    if state_has(choice, pyatspi.STATE_SENSITIVE):
        raise Failure(f'"{label}" can be ticked again')
    if state_has(button(form, "Connect"), pyatspi.STATE_SENSITIVE):
        raise Failure("Connect is offered with nothing new to connect")
    click(button(form, "Cancel"))
    wait_gone("the dialog", lambda: [w for w in frames(app) if name(w).startswith(DIALOG)])
    if len(console_orgs()) != 1:
        raise Failure(f"the console now holds {console_orgs()}")


def main():
    os.makedirs(SHOTS, exist_ok=True)
    try:
        set_up_store()
        app = accessibility.App(os.path.join(BIN_DIR, "steward"), ENV, LOG)
        status = accessibility.run_suite(app, [test_wrong_password, test_throttled, test_listed, test_connected, test_menu],
                                         "firstrun-connect", SHOTS, "steward-firstrun-connect.log", screenshot)
    finally:
        STORE.stop()
        if os.environ.get("STEWARD_KEEP_TMP") != "1":
            shutil.rmtree(FOLDER, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
