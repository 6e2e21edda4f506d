#!/usr/bin/python3
"""What a screen reader hears, on every page: each page of each demo organization, the editors
its "New" buttons open, a submission and the members list on the Approvals page, and the main
menu are opened (page_walk.py), and in each of them:

- every control a person can operate (buttons, switches, check boxes, text fields, drop-downs,
  spin buttons, tabs, menu items, links) has a name;
- every window has a title;
- no control is named twice over: a control inside a row or group that already says the same
  name is heard as "Title, Title", and one named both by its row and by a label of its own as
  "Title Title";
- a text field that cannot be edited says so (read-only), rather than sounding like one to type
  in.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session).
"""

import os
import sys

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import Failure, frames, interfaces, name, role, showing, state_has, walk  # noqa: E402
from page_walk import PageWalk  # noqa: E402

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")

OPERABLE = ("push button", "toggle button", "check box", "radio button", "combo box", "spin button",
            "slider", "page tab", "menu item", "check menu item", "radio menu item", "link", "switch")
GROUPS = ("list item", "panel", "table row", "filler")

problems = {}  # description -> first place it was found


def App():
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ),
                             os.path.join(SHOTS, "steward-pages.log"))


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


def editable_text(node):
    return "EditableText" in interfaces(node)


def doubled(label):
    """The name said once, when GTK 4.8 joined two names that say the same ("_Save Save",
    "Active Active": a mnemonic or a row's title, and a label of the control's own); else None."""
    plain = label.replace("_", "")
    half = len(plain) // 2
    if len(plain) % 2 == 1 and plain[:half] == plain[half + 1:] and plain[half] == " ":
        return plain[:half]
    return None


# Buttons libadwaita 1.2 builds itself, in the About window's troubleshooting page.
LIBADWAITA_OWN = {"Copy Text", "Save as…"}


def note(where, problem):
    problems.setdefault(problem, where)


def read(where):
    for frame in frames(APP):
        if not showing(frame):
            continue
        if not name(frame).strip():
            note(where, f"a {role(frame)} without a title")
        for node in walk(frame):
            if not showing(node):
                continue
            kind = role(node)
            label = name(node).strip()
            if (kind in OPERABLE or (kind in ("text", "entry", "password text") and editable_text(node))) and not label:
                parent = node.parent
                note(where, f'a {kind} without a name (in a {role(parent)} named "{name(parent)}")')
            if label and kind in OPERABLE + ("text", "entry") and doubled(label) \
                    and doubled(label) not in LIBADWAITA_OWN:
                note(where, f'"{label}" is heard twice: a {kind} named twice over (its text and a label of its own)')
            if label and kind in OPERABLE + ("text", "entry"):
                parent = node.parent
                for _ in range(2):
                    if parent is None:
                        break
                    if role(parent) in GROUPS and name(parent).strip() == label:
                        note(where, f'"{label}" is heard twice: a {kind} inside a {role(parent)} of the same name')
                        break
                    parent = parent.parent
            if editable_text(node) and kind in ("text", "entry") and not state_has(node, pyatspi.STATE_EDITABLE) \
                    and not state_has(node, pyatspi.STATE_READ_ONLY):
                note(where, f'the text field "{label}" cannot be edited but does not say it is read-only')


def test_every_page_heard(app):
    walk_ = PageWalk(app, DB, lambda text, context=None: text, read, screenshot, "heard")
    walk_.everything()
    if walk_.states < 12:
        raise Failure(f"only {walk_.states} states of the window were read; the walk missed pages")
    if problems:
        raise Failure(f"{len(problems)} things a screen reader would get wrong:\n"
                      + "\n".join(f"  {where}: {problem}" for problem, where in sorted(problems.items(), key=lambda p: p[1])))


TESTS = [test_every_page_heard]
APP = None


def main():
    global APP
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-pages.log"), "w").close()
    APP = App()
    return accessibility.run_suite(APP, TESTS, "pages", SHOTS, "steward-pages.log", screenshot)


if __name__ == "__main__":
    sys.exit(main())
