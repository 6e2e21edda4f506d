#!/usr/bin/python3
"""End-to-end test of the city office's Prizes and Survey Questions pages through the
accessibility tree, on the demo database:

  prizes     the Prizes page lists the demo's prizes (screenshot prizes.png)
  redeem     Record Redemption hands the last item of a prize to a member; opened again for
             the same prize, the dialog says it is out of stock and Record stays off
  undo       the redemption, made in error, is undone with a note from the Redemptions view:
             a reversing record is written (nothing deleted) and the item is back in stock
             (screenshot redemption-undo.png)
  versions   an answered question is edited: it becomes version 2 (version 1 kept), and its
             results show both versions, version 1's answers in a chart (screenshot
             survey-results.png); a choice question's chart reads every option
  community  the resources page previewed as members will read it

Every control is found by its accessible name; what the window did is checked in the
database with Python's sqlite3 module. Run by Tests/ui/inner.sh (STEWARD_UI_ONLY=prizes).
"""

import json
import os
import random
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import (Failure, button, choose_page, click, click_at, find_all, frames,  # noqa: E402
                           main_window, name, press, role, select_row, sensitive, text_of, type_into, wait_for,
                           wait_gone, walk, window_named, window_open)

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
ORG = "Riverton Community Relations"
SLUG = "riverton-community"
SUFFIX = random.randint(1000, 9999)
PRIZE = f"Last Lantern {SUFFIX}"
QUESTION = "Do you live in Riverton?"
EDITED = f"Do you live or work in Riverton? ({SUFFIX})"
HEARD = "How did you hear about the passport?"


def App():
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ),
                             os.path.join(SHOTS, "steward-prizes.log"))


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


def db():
    return sqlite3.connect(DB, timeout=10)


def live(entity):
    with db() as c:
        org = c.execute("SELECT id FROM organization WHERE slug = ?", (SLUG,)).fetchone()[0]
        rows = c.execute("SELECT id, fields FROM record WHERE entity = ? AND orgId = ? AND deleted = 0",
                         (entity, org)).fetchall()
    return [(rid, json.loads(fields)) for rid, fields in rows]


def prize_id():
    found = [rid for rid, fields in live("prize") if fields.get("name") == PRIZE]
    if len(found) != 1:
        raise Failure(f"expected one prize named {PRIZE}, found {found}")
    return found[0]



def record_button(dialog):
    """The dialog's Record response (libadwaita names it by its mnemonic label)."""
    found = [b for b in find_all(dialog, roles=("push button",)) if name(b).replace("_", "").split(" ")[0] == "Record"]
    return found[0] if found else None


def controls(root):
    return [(role(n), name(n)) for n in walk(root) if role(n) in ("push button", "label", "combo box")]


def test_prizes_page(app):
    window = main_window(app)
    if ORG not in name(window):
        click(button(window, "Organization"))
        click(button(app.node(), ORG))
        wait_for(f'the window title to name "{ORG}"', lambda: next((w for w in frames(app) if ORG in name(w)), None))
    window = main_window(app)
    choose_page(window, "Prizes")
    for shown in ("River Festival T-shirt", "Museum Family Membership", PRIZE):
        wait_for(f'"{shown}" in the prizes list', lambda: find_all(window, name_is=shown, roles=("label",)))
    # The retired prize is listed as such, with its claims kept.
    wait_for('a prize listed as "Retired"', lambda: find_all(window, name_is="Retired", roles=("label",)))
    screenshot("prizes.png")


def test_redeem_last_item(app):
    window = main_window(app)
    before = len(live("redemption"))
    select_row(window, PRIZE)
    click(button(window, "Record Redemption"))
    dialog = window_named(app, "Record Redemption")
    # The prize chosen is the selected one; the first member is chosen; the rules allow it.
    wait_for("the prize drop-down to show the selected prize",
             lambda: any(name(n) == PRIZE or text_of(n) == PRIZE
                         for box in find_all(dialog, name_is="Prize", roles=("combo box",)) for n in walk(box)))
    try:
        record = wait_for('"Record" to be on', lambda: (lambda b: b if b is not None and sensitive(b) else None)(record_button(dialog)))
    except Failure:
        raise Failure(f"no Record button on; the dialog shows {controls(dialog)}")
    type_into(dialog, "Note", "Handed over at the winter fair")
    screenshot("redemption-dialog.png")
    click(record)
    wait_gone("the Record Redemption dialog", lambda: window_open(app, "Record Redemption"))
    wait_for("the redemption in the database", lambda: len(live("redemption")) == before + 1)
    claims = [fields for _, fields in live("redemption") if fields.get("prize") == prize_id()]
    if len(claims) != 1 or claims[0].get("note") != "Handed over at the winter fair":
        raise Failure(f"expected one claim of {PRIZE} with its note: {claims}")

    # The last one is gone: the dialog says so before anything is written.
    select_row(window, PRIZE)
    click(button(window, "Record Redemption"))
    dialog = window_named(app, "Record Redemption")
    wait_for("the out-of-stock refusal", lambda: find_all(dialog, name_has="is out of stock: its one item has been claimed"))
    refused = record_button(dialog)
    if refused is None or sensitive(refused):
        raise Failure("Record should be off while the rules refuse")
    screenshot("redemption-refused.png")
    click(button(dialog, "Cancel"))
    wait_gone("the Record Redemption dialog", lambda: window_open(app, "Record Redemption"))
    if len(live("redemption")) != before + 1:
        raise Failure("a refused redemption was written")


def test_undo_redemption(app):
    window = main_window(app)
    prize = prize_id()
    claim = [rid for rid, fields in live("redemption") if fields.get("prize") == prize and not fields.get("reverses")]
    if len(claim) != 1:
        raise Failure(f"expected the one claim of {PRIZE} to undo: {claim}")
    click_at(wait_for('the "Redemptions" switch', lambda: accessibility.switcher_label(window, "Redemptions")))
    undo = button(window, "Undo Redemption…")
    select_row(window, PRIZE)
    wait_for('"Undo Redemption…" to be on', lambda: sensitive(undo))
    click(undo)
    dialog = window_named(app, "Undo This Redemption?")
    confirm = button(dialog, "Undo Redemption")
    if sensitive(confirm):
        raise Failure("Undo Redemption should stay off until a note says why")
    type_into(dialog, "Undo note", "Recorded for the wrong member")
    wait_for('"Undo Redemption" to be on', lambda: sensitive(confirm))
    screenshot("redemption-undo.png")
    click(confirm)
    wait_gone("the undo dialog", lambda: window_open(app, "Undo This Redemption?"))
    wait_for("the undo in the database",
             lambda: any(fields.get("reverses") == claim[0] for _, fields in live("redemption")))
    undos = [fields for _, fields in live("redemption") if fields.get("reverses") == claim[0]]
    if len(undos) != 1 or undos[0].get("note") != "Recorded for the wrong member" or undos[0].get("prize") != prize:
        raise Failure(f"expected one undo of the claim with its note: {undos}")
    if claim[0] not in [rid for rid, _ in live("redemption")]:
        raise Failure("the undone claim should stay on record")

    # The item is back in stock, as the command line reads it.
    listed = subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "redemptions", "list", "--org", SLUG,
                             "--prize", prize, "--json"], check=True, capture_output=True, text=True).stdout
    left = {item.get("left") for item in json.loads(listed)}
    if left != {1}:
        raise Failure(f"{PRIZE} should have its one item back in stock: {listed}")


def test_edit_answered_question_makes_version_two(app):
    window = main_window(app)
    choose_page(window, "Survey Questions")
    opener = button(window, "Open Survey Question")
    select_row(window, QUESTION, until=lambda: sensitive(opener))
    click(opener)
    form = window_named(app, "Edit Survey Question")
    type_into(form, "Question", EDITED)
    click(button(form, "Save"))
    wait_gone("the question editor", lambda: window_open(app, "Edit Survey Question"))
    wait_for(f'"{EDITED}" in the list', lambda: find_all(window, name_is=EDITED, roles=("label",)))
    stored = [fields for _, fields in live("question") if fields.get("prompt") == EDITED]
    if len(stored) != 1 or stored[0].get("currentVersion") != 2:
        raise Failure(f"the edit of an answered question should be version 2: {stored}")
    earlier = stored[0].get("earlierVersions") or []
    if [item.get("prompt") for item in earlier] != [QUESTION]:
        raise Failure(f"version 1 should be kept as it was asked: {earlier}")

    select_row(window, EDITED)
    click(button(window, "Results"))
    results = window_named(app, "Results")
    # Version 2 is shown first: nobody has answered it yet.
    wait_for("version 2 without answers", lambda: find_all(results, name_is="No Answers Yet"))
    versions = wait_for("the Version drop-down", lambda: next(iter(find_all(results, name_is="Version", roles=("combo box",))), None))
    wait_for("the drop-down to offer version 2", lambda: any("Version 2: 0 answers" in (name(n) or text_of(n) or "")
                                                             for n in walk(versions)))
    click_at(versions)
    time.sleep(0.8)
    press(0xFF52)  # Up: version 1
    time.sleep(0.3)
    press(0xFF0D)  # Return
    chart = wait_for("version 1's chart", lambda: next((n for n in find_all(results, name_has="Yes: ")), None))
    if "No: " not in name(chart):
        raise Failure(f'the chart should read both answers: "{name(chart)}"')
    wait_for("version 1's question", lambda: find_all(results, name_is=QUESTION, roles=("label",)))
    screenshot("survey-results.png")
    press(0xFF1B)  # Escape closes it
    wait_gone("the results window", lambda: window_open(app, "Results"))


def test_results_of_a_choice_question(app):
    window = main_window(app)
    select_row(window, HEARD)
    click(button(window, "Results"))
    results = window_named(app, "Results")
    # The demo's version 2 added "Social media"; its chart has a bar for each option.
    chart = wait_for("version 2's chart", lambda: next((n for n in find_all(results, name_has="Social media: ")), None))
    for option in ("Flyer: ", "A friend: ", "The city website: "):
        if option not in name(chart):
            raise Failure(f'the chart should read "{option}": "{name(chart)}"')
    screenshot("survey-chart.png")
    press(0xFF1B)
    wait_gone("the results window", lambda: window_open(app, "Results"))


def test_community_page_preview(app):
    window = main_window(app)
    choose_page(window, "Community")
    select_row(window, "Community Resources")
    click(button(window, "Preview"))
    preview = window_named(app, "Preview")
    # The formatted text reads as text: the heading and the link's label, no markers.
    body = wait_for("the page's text", lambda: next((n for n in find_all(preview, name_has="Help close to home")), None))
    if "**" in name(body) or "](" in name(body) or "the pantry's hours" not in name(body):
        raise Failure(f'the preview should show the formatted text rendered: "{name(body)}"')
    screenshot("community-preview.png")
    press(0xFF1B)
    wait_gone("the preview", lambda: window_open(app, "Preview"))


TESTS = [
    test_prizes_page,
    test_redeem_last_item,
    test_undo_redemption,
    test_edit_answered_question_makes_version_two,
    test_results_of_a_choice_question,
    test_community_page_preview,
]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-prizes.log"), "w").close()
    # A prize with one item and no level, for the redemption steps.
    subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "prizes", "add", "--org", SLUG, "--name", PRIZE,
                    "--stock", "1", "--description", "One left, for the test"], check=True, stdout=subprocess.DEVNULL)
    return accessibility.run_suite(App(), TESTS, "prizes", SHOTS, "steward-prizes.log", screenshot)


if __name__ == "__main__":
    sys.exit(main())
