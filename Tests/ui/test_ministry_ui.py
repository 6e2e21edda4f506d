#!/usr/bin/python3
"""End-to-end test of the campus ministry's pages through the accessibility tree, on the demo
database:

  ministry   the Ministry page shows its teams, community groups, missions and resources
  leads      the Leads page lists the demo's leads (screenshot leads.png); the state filter
             shows only new leads, then all again
  route      a new lead, found by searching, is routed to a group whose leader has an e-mail
             address: E-mail Leader offers a draft to that leader; routed on to a group whose
             leader has a phone, the link goes and the phone number shows; the database names
             the group
  state      the same lead is marked contacted with the State drop-down; a lead routed to
             nobody cannot be marked joined (a toast says why, the database keeps it new)
  suggest    a new lead with the questionnaire's answers shows the groups and teams that fit it
             best, each with why (screenshot leads-suggestions.png): North Campus Women first,
             "meets Tuesday 19:30, when she is free"; its Route button routes the lead there and
             the Worship Team's routes it to the team as well; the database names both
  campuses   a campus made on the Campuses page (the demo has two, and three ministries;
             screenshot ministry-campuses.png) is chosen in an event's editor (screenshot
             event-editor-campus.png), and the database keeps the tag
  filter     the Events page's campus filter (screenshot campus-filter-events.png) keeps
             Oakland's event and one for every campus and hides Berkeley's; a search it leaves
             nothing of offers to show every campus (campus-filter-no-results.png); the
             Resources list filters the same way (campus-filter-resources.png)
  send       with the ministry's mail set up (`stewardctl mail set`, to an SMTP server started
             here with Debian's python3-aiosmtpd), a new lead routed to a group whose leader has
             an e-mail address offers Send to Leader beside Open as Draft; the hand-off reaches
             the server and the mail log (the mail settings are removed after)

Every control is found by its accessible name; what the window did is checked in the database
with Python's sqlite3 module. Leads are found by searching, never by their place in the list,
since every suite runs on the same demo database. Run by Tests/ui/inner.sh
(STEWARD_UI_ONLY=ministry).
"""

import email
import email.policy
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import (BUTTON_ROLES, Failure, button, choose, choose_page, click, click_at, combo, find_all, frames,  # noqa: E402
                           interfaces, main_window, name, point_at, press, role, sensitive, showing, text_of, type_into,
                           wait_for, wait_gone, walk)

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
ORG = "Crossroads Campus Ministry"
SLUG = "crossroads-campus"
ROUTED = "Liam Nguyen"          # a new lead of the demo, routed to nobody
REFUSED = "Chloe Martin"        # another, which cannot be marked joined while routed to nobody
GROUP = "Engineering Guys"
GROUP_LABEL = "Engineering Guys (Marcus Bell)"   # its leader has a phone number
MAILED_LABEL = "North Campus Women (Hannah Wells)"  # hers is an e-mail address
SUGGESTED = "Ava Thompson"      # a new lead of the demo with the questionnaire's answers, routed to nobody
# The places left follow the leads routed to the group by the tests before.
BEST_REASON = "meets Tuesday 19:30, when she is free; for women; North Campus; interested in bible study; "
HAND_OFF = f"E-mail Hannah Wells about {ROUTED}"


def App():
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ),
                             os.path.join(SHOTS, "steward-ministry.log"))


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


def live(entity):
    with sqlite3.connect(DB, timeout=10) as c:
        org = c.execute("SELECT id FROM organization WHERE slug = ?", (SLUG,)).fetchone()[0]
        rows = c.execute("SELECT id, fields FROM record WHERE entity = ? AND orgId = ? AND deleted = 0",
                         (entity, org)).fetchall()
    return [(rid, json.loads(fields)) for rid, fields in rows]


def lead(lead_name):
    found = [fields for _, fields in live("lead") if fields.get("name") == lead_name]
    if len(found) != 1:
        raise Failure(f"expected one lead named {lead_name}, found {len(found)}")
    return found[0]


def team_id(team_name):
    found = [rid for rid, fields in live("ministryTeam") if fields.get("name") == team_name]
    if len(found) != 1:
        raise Failure(f"expected one team named {team_name}, found {found}")
    return found[0]


def group_id(group_name):
    found = [rid for rid, fields in live("communityGroup") if fields.get("name") == group_name]
    if len(found) != 1:
        raise Failure(f"expected one group named {group_name}, found {found}")
    return found[0]


def open_org(app):
    window = main_window(app)
    if ORG not in name(window):
        click(button(window, "Organization"))
        click(button(app.node(), ORG))
        wait_for(f'the window title to name "{ORG}"', lambda: next((w for w in frames(app) if ORG in name(w)), None))
    return main_window(app)


def shown_labels(window, text):
    return [n for n in find_all(window, name_is=text, roles=("label",)) if showing(n)]


def select_row(window, text):
    def probe():
        for label in shown_labels(window, text):
            try:
                click_at(label)
                return True
            except Exception:
                continue
        return False
    wait_for(f'a row showing "{text}" to click', probe)


def search_and_select(window, lead_name):
    type_into(window, "Search leads", lead_name)
    wait_for(f'"{lead_name}" alone in the list', lambda: len(shown_labels(window, lead_name)) == 1)
    state = combo(window, "Lead state")

    # The list is read again as the search settles: a click on a row being replaced is lost,
    # so the row is clicked until the lead is selected (the drop-downs that act on it are on).
    def selected():
        if sensitive(state):
            return True
        labels = shown_labels(window, lead_name)
        if labels:
            try:
                click_at(labels[0])
            except Exception:
                pass
        return False
    wait_for(f'"{lead_name}" selected', selected)


def test_ministry_page(app):
    window = open_org(app)
    choose_page(window, "Ministry")
    wait_for("the ministry teams", lambda: shown_labels(window, "Worship Team"))
    for view, shown in (("Community Groups", GROUP), ("Missions", "Summer in Guatemala"),
                        ("Resources", "Leading Your First Discussion")):
        tabs = wait_for(f'the "{view}" view switch',
                        lambda: [n for n in find_all(window, name_is=view)
                                 if role(n) in ("page tab", "toggle button", "radio button", "push button")])
        # The header's switcher and the narrow window's bar both have one; only one is on screen.
        for tab in tabs:
            try:
                click_at(tab)
            except Exception:
                continue
        wait_for(f'"{shown}" in {view}', lambda: shown_labels(window, shown))
    screenshot("ministry.png")


def test_leads_page_and_filter(app):
    window = open_org(app)
    choose_page(window, "Leads")
    wait_for("the leads list", lambda: find_all(window, name_is="Leads", roles=("table", "tree table")))
    for shown in (ROUTED, "Mia Johnson", "James Lee"):
        wait_for(f'"{shown}" in the leads list', lambda: shown_labels(window, shown))
    screenshot("leads.png")
    choose(app, window, "Show leads in state", "New")
    wait_gone('the joined "Mia Johnson" (filtered out)', lambda: shown_labels(window, "Mia Johnson"))
    wait_for(f'the new "{ROUTED}"', lambda: shown_labels(window, ROUTED))
    if shown_labels(window, "James Lee"):
        raise Failure("a lead who is not interested shows among the new ones")
    screenshot("leads-new.png")
    choose(app, window, "Show leads in state", "All leads")
    wait_for('"Mia Johnson" back in the list', lambda: shown_labels(window, "Mia Johnson"))


def test_route_a_lead(app):
    window = main_window(app)
    if lead(ROUTED).get("group") is not None:
        raise Failure(f"{ROUTED} should start routed to nobody")
    search_and_select(window, ROUTED)
    if find_all(window, name_has="about " + ROUTED):
        raise Failure("a lead routed to nobody offers an e-mail to a leader")
    choose(app, window, "Route to group", MAILED_LABEL)
    wait_for(f"{ROUTED} routed to North Campus Women in the database",
             lambda: lead(ROUTED).get("group") == group_id("North Campus Women"))
    link = wait_for(f'the "{HAND_OFF}" link', lambda: find_all(window, name_is=HAND_OFF, roles=("link", "push button")))
    point_at(link[0])  # its tooltip says what it opens
    screenshot("leads-hand-off.png")
    choose(app, window, "Route to group", GROUP_LABEL)
    wait_gone("the e-mail link (Marcus Bell has a phone number)", lambda: find_all(window, name_has="about " + ROUTED))
    wait_for("how to reach Marcus Bell", lambda: shown_labels(window, "Marcus Bell leads Engineering Guys: +1 805 555 0190"))
    wanted = group_id(GROUP)
    wait_for(f"{ROUTED} routed to {GROUP} in the database", lambda: lead(ROUTED).get("group") == wanted)
    wait_for(f'"{GROUP}" in the lead\'s row', lambda: shown_labels(window, GROUP))
    if lead(ROUTED).get("state") != "new":
        raise Failure("routing a lead changed its state")


def test_change_state(app):
    window = main_window(app)
    search_and_select(window, ROUTED)
    choose(app, window, "Lead state", "Contacted")
    wait_for(f"{ROUTED} contacted in the database", lambda: lead(ROUTED).get("state") == "contacted")
    wait_for('the lead\'s status "Contacted"', lambda: shown_labels(window, "Contacted"))
    screenshot("leads-routed.png")

    # Joined needs the group joined: a lead routed to nobody is refused, and stays new.
    search_and_select(window, REFUSED)
    choose(app, window, "Lead state", "Joined", stays=False)
    # The refusal is said in full, in a dialog of its own.
    wait_for("the refusal", lambda: find_all(app.node(), name_has="routed to the group or team they joined"))
    screenshot("leads-refused.png")
    click(button(app.node(), "OK"))
    time.sleep(0.5)
    if lead(REFUSED).get("state") != "new":
        raise Failure(f"{REFUSED} was marked {lead(REFUSED).get('state')} while routed to nobody")
    wait_for('the State drop-down back on "New"',
             lambda: any(text_of(n) == "New" for n in walk(combo(window, "Lead state")) if role(n) == "label"))
    type_into(window, "Search leads", "")


NEW_CAMPUS = "Richmond Campus"
TAGGED_EVENT = "Winter Retreat"              # a one-time demo event for every campus


def switch_view(window, view):
    tabs = wait_for(f'the "{view}" view switch',
                    lambda: [n for n in find_all(window, name_is=view)
                             if role(n) in ("page tab", "toggle button", "radio button", "push button")])
    # The header's switcher and the narrow window's bar both have one; only one is on screen.
    for tab in tabs:
        try:
            click_at(tab)
        except Exception:
            continue


def event_campus(title):
    with sqlite3.connect(DB, timeout=10) as c:
        rows = c.execute("SELECT campus FROM event WHERE title = ? AND deleted = 0", (title,)).fetchall()
    if len(rows) != 1:
        raise Failure(f"expected one event titled {title}, found {len(rows)}")
    return rows[0][0]


def test_campuses_tag_and_filter(app):
    window = open_org(app)
    choose_page(window, "Campuses")
    switch_view(window, "Campuses")
    wait_for("the demo's campuses", lambda: shown_labels(window, "Berkeley Campus") and shown_labels(window, "Oakland Campus"))
    click(button(window, "New Campus"))
    form = wait_for('the "New Campus" editor', lambda: next((w for w in frames(app) if name(w).startswith("New Campus")), None))
    type_into(form, "Name", NEW_CAMPUS)
    type_into(form, "Address", "1 Barrett Ave, Richmond, CA 94801")
    click(button(form, "Save"))
    wait_gone("the campus editor", lambda: any(name(w).startswith("New Campus") for w in frames(app)))
    campus = wait_for(f"{NEW_CAMPUS} in the database",
                      lambda: next((rid for rid, fields in live("campus") if fields.get("name") == NEW_CAMPUS), None))
    wait_for(f'"{NEW_CAMPUS}" in the list', lambda: shown_labels(window, NEW_CAMPUS))
    screenshot("ministry-campuses.png")

    # Tag an event with it in the event's editor.
    choose_page(window, "Events")
    type_into(window, "Search events", TAGGED_EVENT)
    wait_for(f'"{TAGGED_EVENT}" in the events table', lambda: shown_labels(window, TAGGED_EVENT))
    select_row(window, TAGGED_EVENT)
    wait_for('"Open Event" on', lambda: next((b for b in find_all(window, name_is="Open Event", roles=("push button",))
                                              if sensitive(b)), None))
    click(button(window, "Open Event"))
    editor = wait_for('the "Edit Event" editor', lambda: next((w for w in frames(app) if name(w).startswith("Edit Event")), None))
    choose(app, editor, "Campus", NEW_CAMPUS)
    screenshot("event-editor-campus.png")
    click(button(editor, "Save"))
    wait_gone("the event editor", lambda: any(name(w).startswith("Edit Event") for w in frames(app)))
    wait_for(f"{TAGGED_EVENT} tagged with {NEW_CAMPUS} in the database", lambda: event_campus(TAGGED_EVENT) == campus)

    type_into(window, "Search events", "")
    choose_page(window, "Leads")


FILTER = "Filter by Campus and Ministry"
OAKLAND = "Oakland Campus"
OAKLAND_EVENT = "Service Day at the Food Bank"     # tagged Oakland Campus in the demo
BERKELEY_EVENT = "Summer Missions Info Night"      # tagged Berkeley Campus
UNTAGGED_EVENT = "Thursday Large Group"            # names no campus: every campus's
BERKELEY_RESOURCE = "Welcome Night 2026"           # tagged Berkeley Campus
UNTAGGED_RESOURCE = "Leading Your First Discussion"


def filter_button(window):
    """The list's filter button, named "Filter by Campus and Ministry" or, with a choice made,
    "Filter by Campus and Ministry: Oakland Campus"."""
    return wait_for(f'the "{FILTER}" button',
                    lambda: next((b for b in find_all(window, name_starts=FILTER, roles=BUTTON_ROLES)
                                  if accessibility.has_action(b) and showing(b)), None))


def filter_by_campus(app, window, campus, shot=None):
    """Opens the list's campus filter, picks `campus` and closes it again."""
    click(filter_button(window))
    choose(app, window, "Campus", campus, in_popover=True)
    named = FILTER if campus.startswith("All ") else f"{FILTER}: {campus}"
    wait_for(f'the filter button named "{named}"', lambda: name(filter_button(window)) == named)
    if shot:
        screenshot(shot)
    press(0xff1b)  # Escape closes the popover


def test_filter_lists_by_campus(app):
    window = open_org(app)
    choose_page(window, "Events")
    type_into(window, "Search events", "")
    for title in (OAKLAND_EVENT, BERKELEY_EVENT, UNTAGGED_EVENT):
        wait_for(f'"{title}" in the events table', lambda: shown_labels(window, title))
    filter_by_campus(app, window, OAKLAND, shot="campus-filter-events.png")
    wait_gone(f'"{BERKELEY_EVENT}" (Berkeley\'s) from the list', lambda: shown_labels(window, BERKELEY_EVENT))
    wait_for(f'"{OAKLAND_EVENT}" still listed', lambda: shown_labels(window, OAKLAND_EVENT))
    wait_for(f'"{UNTAGGED_EVENT}" (every campus\'s) still listed', lambda: shown_labels(window, UNTAGGED_EVENT))

    # A search the filter leaves nothing of says so, and offers the way out.
    type_into(window, "Search events", BERKELEY_EVENT)
    clear = button(window, "Show All Campuses and Ministries")
    screenshot("campus-filter-no-results.png")
    click(clear)
    wait_for(f'"{BERKELEY_EVENT}" back with every campus', lambda: shown_labels(window, BERKELEY_EVENT))
    wait_for("the filter button back to no campus", lambda: name(filter_button(window)) == FILTER)
    type_into(window, "Search events", "")

    # A kit list (the ministry's resources) has the same filter.
    choose_page(window, "Ministry")
    switch_view(window, "Resources")
    for title in (BERKELEY_RESOURCE, UNTAGGED_RESOURCE):
        wait_for(f'"{title}" in the resources', lambda: shown_labels(window, title))
    filter_by_campus(app, window, OAKLAND)
    wait_gone(f'"{BERKELEY_RESOURCE}" (Berkeley\'s) from the resources', lambda: shown_labels(window, BERKELEY_RESOURCE))
    wait_for(f'"{UNTAGGED_RESOURCE}" still listed', lambda: shown_labels(window, UNTAGGED_RESOURCE))
    screenshot("campus-filter-resources.png")
    filter_by_campus(app, window, "All campuses")
    wait_for(f'"{BERKELEY_RESOURCE}" back', lambda: shown_labels(window, BERKELEY_RESOURCE))
    choose_page(window, "Leads")


def test_send_hand_off_to_the_leader(app):
    from aiosmtpd.controller import Controller
    received = []

    class Sink:
        async def handle_DATA(self, server, session, envelope):
            received.append((list(envelope.rcpt_tos), envelope.original_content))
            return "250 OK"

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = Controller(Sink(), hostname="127.0.0.1", port=port)
    server.start()
    subprocess.run([os.path.join(BIN_DIR, "stewardctl"), "--db", DB, "mail", "set", "--org", SLUG,
                    "--smtp", f"smtp://127.0.0.1:{port}", "--from", "office@crossroads.example"], check=True, capture_output=True)
    try:
        window = main_window(app)
        # A new lead (the page's bar is as wide as when the hand-off was first offered).
        search_and_select(window, REFUSED)
        choose(app, window, "Route to group", MAILED_LABEL)
        wait_for(f"{REFUSED} routed to North Campus Women in the database",
                 lambda: lead(REFUSED).get("group") == group_id("North Campus Women"))
        send = wait_for("Send to Leader", lambda: next((b for b in find_all(window, name_is=f"Send Hannah Wells an e-mail about {REFUSED}",
                                                                          roles=("push button",)) if showing(b)), None))
        wait_for("the draft beside it", lambda: find_all(window, name_is=f"Open a draft to Hannah Wells about {REFUSED}"))
        click(send)
        wait_for("the hand-off at the mail server", lambda: received)
        message = email.message_from_bytes(received[0][1], policy=email.policy.default)
        if received[0][0] != ["hannah.wells@crossroads.example"] or message["Subject"] != f"Someone would like to join your group: {REFUSED}":
            raise Failure(f"the hand-off went to {received[0][0]} as {message['Subject']!r}")
        lead_id = next(rid for rid, fields in live("lead") if fields.get("name") == REFUSED)
        with sqlite3.connect(DB, timeout=10) as db:
            logged = wait_for("the hand-off in the mail log",
                              lambda: db.execute("SELECT recipient, purpose, recordId, result FROM mailLog").fetchall())
        if logged != [("hannah.wells@crossroads.example", "lead-hand-off", lead_id, "sent")]:
            raise Failure(f"the mail log: {logged}")
        screenshot("leads-send-hand-off.png")
    finally:
        server.stop()
        with sqlite3.connect(DB, timeout=10) as db:
            db.execute("DELETE FROM mailSettings")
            db.execute("DELETE FROM mailLog")


def test_suggest_groups_for_a_lead(app):
    window = main_window(app)
    if lead(SUGGESTED).get("group") is not None or lead(SUGGESTED).get("team") is not None:
        raise Failure(f"{SUGGESTED} should start routed to nobody")
    search_and_select(window, SUGGESTED)
    wait_for(f'"Suggested for {SUGGESTED}"', lambda: shown_labels(window, f"Suggested for {SUGGESTED}"))
    wait_for(f'the best fit\'s reason "{BEST_REASON}…"',
             lambda: [n for n in find_all(window, name_starts=BEST_REASON, roles=("label",)) if "left" in name(n)])
    route = f"Route {SUGGESTED} to {MAILED_LABEL}"
    # The best fit comes first: its Route button before every other one.
    routes = wait_for("the Route buttons", lambda: [b for b in find_all(window, name_starts=f"Route {SUGGESTED} to ",
                                                                           roles=("push button",)) if showing(b)])
    if name(routes[0]) != route:
        raise Failure(f"the first suggestion is {name(routes[0])!r}, not {route!r}")
    if not any(name(b) == f"Route {SUGGESTED} to Worship Team" for b in routes):
        raise Failure(f"the Worship Team is not suggested: {[name(b) for b in routes]}")
    if any("Engineering Guys" in name(b) for b in routes):
        raise Failure("a men's group is suggested for a woman")
    screenshot("leads-suggestions.png")
    click(routes[0])
    wanted = group_id("North Campus Women")
    wait_for(f"{SUGGESTED} routed to North Campus Women in the database", lambda: lead(SUGGESTED).get("group") == wanted)
    wait_for("the suggestion marked routed",
             lambda: find_all(window, name_is=f"{SUGGESTED} is routed to {MAILED_LABEL}", roles=("push button",)))
    click(button(window, f"Route {SUGGESTED} to Worship Team"))
    team = team_id("Worship Team")
    wait_for(f"{SUGGESTED} on the Worship Team in the database", lambda: lead(SUGGESTED).get("team") == team)
    if lead(SUGGESTED).get("group") != wanted or lead(SUGGESTED).get("state") != "new":
        raise Failure(f"routing to a team changed the group or the state: {lead(SUGGESTED)}")
    wait_for("the Team drop-down on the Worship Team",
             lambda: any(text_of(n) == "Worship Team" for n in walk(combo(window, "Route to team")) if role(n) == "label"))
    screenshot("leads-suggestion-routed.png")
    type_into(window, "Search leads", "")


TESTS = [test_ministry_page, test_leads_page_and_filter, test_route_a_lead, test_change_state,
         test_campuses_tag_and_filter, test_filter_lists_by_campus, test_send_hand_off_to_the_leader,
         test_suggest_groups_for_a_lead]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    app = App()
    return accessibility.run_suite(app, TESTS, "ministry", SHOTS, "steward-ministry.log", screenshot)


if __name__ == "__main__":
    sys.exit(main())
