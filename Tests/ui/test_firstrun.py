#!/usr/bin/python3
"""End-to-end test of a console's first run through the accessibility tree, on empty databases
of its own (never the suites' demo database):

  Create an Organization (one window, TZ=America/Denver)
    offered      the no-organization page offers Create an Organization… and Explore the
                 Demo, and no terminal command (screenshot firstrun-page.png)
    refused      Create with no name says so under the name; a short name refused by the core's
                 own rule says so under it; what was typed stays; nothing is stored
    created      the short name follows the name, the zone is the machine's, a gym starts with
                 its class schedule; Create stores it and the window shows it
    menu         the organization menu's Add Organization… opens the same dialog: a second
                 organization is created and shown
  Explore the Demo (a second window, on another empty database)
    demo         Explore the Demo loads the five demo organizations and the window shows one

What the window did is checked in the database with Python's sqlite3 module. Run by
Tests/ui/inner.sh (STEWARD_UI_ONLY=firstrun).
"""

import os
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyatspi  # noqa: E402

import accessibility  # noqa: E402
from accessibility import (Failure, button, buttons, choose, click, combo, find_all, frames, main_window,  # noqa: E402
                           name, press, role, showing, state_has, text_of, type_into, wait_for, wait_gone, walk, field)

BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
WORK = tempfile.mkdtemp(prefix="steward-firstrun-")
DIALOG = "Create an Organization"
DEMO_NAMES = ("Grace Community Church", "Riverton Community Relations", "Ironworks Gym", "Crossroads Campus Ministry",
              "Maple Street Lending Library")


def App(database):
    env = dict(os.environ, STEWARD_DB=database, TZ="America/Denver")
    return accessibility.App(os.path.join(BIN_DIR, "steward"), env, os.path.join(SHOTS, "steward-firstrun.log"))


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


def organizations(database):
    if not os.path.exists(database):
        return []
    with sqlite3.connect(database, timeout=10) as c:
        return c.execute("SELECT slug, name, timeZone, kind, modules FROM organization ORDER BY slug").fetchall()


def dialog(app):
    return wait_for(f'the "{DIALOG}" window',
                    lambda: next((w for w in frames(app) if name(w).startswith(DIALOG)), None))


def shown_text(root, text):
    return [n for n in find_all(root, name_has=text) if showing(n)]


def check_box(root, label):
    return wait_for(f'the "{label}" check box',
                    lambda: next((n for n in find_all(root, roles=("check box",)) if name(n) == label), None))


def checked(node):
    return state_has(node, pyatspi.STATE_CHECKED)


# ------------------------------------------------------------ Create an Organization

CREATED_DB = os.path.join(WORK, "create.sqlite")


def test_offered(app):
    window = main_window(app)
    wait_for("the no-organization page", lambda: shown_text(window, "No Organizations Yet"))
    button(window, "Create an Organization…")
    button(window, "Explore the Demo")
    if [b for b in buttons(window, "Check Again") if showing(b)]:
        raise Failure("the first-run page still offers Check Again")
    if shown_text(window, "stewardctl"):
        raise Failure("the first-run page still sends people to a terminal")
    screenshot("firstrun-page.png")


def test_refused(app):
    click(button(main_window(app), "Create an Organization…"))
    form = dialog(app)
    click(button(form, "Create"))
    wait_for("the name's message", lambda: shown_text(form, "Name: is required"))
    if organizations(CREATED_DB):
        raise Failure(f"an organization was stored without a name: {organizations(CREATED_DB)}")

    type_into(form, "Name", "Riverside Gym")
    wait_for("the short name offered from the name", lambda: text_of(field(form, "Short Name")) == "riverside-gym")
    type_into(form, "Short Name", "Riverside Gym!")
    click(button(form, "Create"))
    wait_for("the short name's message", lambda: shown_text(form, "Short Name: must be 2 to 40 lower-case letters"))
    wait_gone("the name's message", lambda: shown_text(form, "Name: is required"))
    screenshot("firstrun-refused.png")
    if text_of(field(form, "Name")) != "Riverside Gym":
        raise Failure(f'the name typed was lost: "{text_of(field(form, "Name"))}"')
    if organizations(CREATED_DB):
        raise Failure(f"an organization was stored with a refused short name: {organizations(CREATED_DB)}")


def test_created(app):
    form = dialog(app)
    zone = combo(form, "Time Zone")
    if not any(text_of(n) == "America/Denver" for n in walk(zone) if role(n) == "label"):
        raise Failure("the time zone is not the machine's (TZ=America/Denver)")
    type_into(form, "Short Name", "riverside-gym")
    choose(app, form, "Kind", "Gym")
    wait_for("the gym's class schedule checked", lambda: checked(check_box(form, "Class Schedule")))
    if checked(check_box(form, "Bulletins")):
        raise Failure("a gym starts with a church's bulletins")
    # GTK 4.8 gives a check box no accessible action: Tab to it from Kind, as a keyboard user
    # would (the focus scrolls it into view), and Space.
    approvals = check_box(form, "Approvals")
    for _ in range(30):
        if state_has(approvals, pyatspi.STATE_FOCUSED):
            break
        press(0xff09)  # Tab
        time.sleep(0.1)
    press(0x20)  # Space
    wait_for("Approvals checked", lambda: checked(check_box(form, "Approvals")))
    click(button(form, "Create"))
    wait_gone("the dialog", lambda: [w for w in frames(app) if name(w).startswith(DIALOG)])
    wait_for("the window to show Riverside Gym", lambda: "Riverside Gym" in name(main_window(app)))
    stored = organizations(CREATED_DB)
    if stored != [("riverside-gym", "Riverside Gym", "America/Denver", "gym", "events,announcements,approvals,class-schedule")]:
        raise Failure(f"stored {stored}")
    screenshot("firstrun-created.png")


def test_menu(app):
    window = main_window(app)
    click(button(window, "Organization"))
    click(button(app.node(), "Add Organization…"))
    form = dialog(app)
    type_into(form, "Name", "Grace Chapel")
    click(button(form, "Create"))
    wait_for("the window to show Grace Chapel", lambda: "Grace Chapel" in name(main_window(app)))
    slugs = [row[0] for row in organizations(CREATED_DB)]
    if slugs != ["grace-chapel", "riverside-gym"]:
        raise Failure(f"stored {slugs}")


# ------------------------------------------------------------ Explore the Demo

DEMO_DB = os.path.join(WORK, "demo.sqlite")


def test_demo(app):
    window = main_window(app)
    wait_for("the no-organization page", lambda: shown_text(window, "No Organizations Yet"))
    click(button(window, "Explore the Demo"))
    wait_for("a demo organization shown", lambda: any(org in name(main_window(app)) for org in DEMO_NAMES), timeout=60)
    if len(organizations(DEMO_DB)) != 5:
        raise Failure(f"the demo has {len(organizations(DEMO_DB))} organizations, not 5")
    screenshot("firstrun-demo.png")


def main():
    os.makedirs(SHOTS, exist_ok=True)
    status = accessibility.run_suite(App(CREATED_DB), [test_offered, test_refused, test_created, test_menu],
                                     "firstrun", SHOTS, "steward-firstrun.log", screenshot)
    status |= accessibility.run_suite(App(DEMO_DB), [test_demo], "firstrun-demo", SHOTS, "steward-firstrun.log", screenshot)
    return status


if __name__ == "__main__":
    sys.exit(main())
