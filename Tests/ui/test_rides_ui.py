#!/usr/bin/python3
"""The Rides page through the accessibility tree, on the demo database (the campus ministry's
forty drivers and two hundred passengers, next Thursday's meeting without a plan, the Winter
Retreat with a plan and a few cancellations since):

  loading          opened while its events are read, the page shows "Loading…", never "No
                   Event Chosen"
  assign everyone  the meeting's board is opened from the event list; Assign Everyone shows the
                   proposal as a diff whose figures are those of `stewardctl rides plan`;
                   Accept stores it (the plan `stewardctl rides list` reads is the proposal)
                   and the board shows it from the write, never the plan from before
  unassign         a passenger of the plan is found by searching their driver, chosen in the
                   plan and unassigned: the driver's seats left on that leg go up by one in the
                   window and in the database, and the passenger has a notification
  cancellation     the retreat's board marks the cancelled driver's pairs; Assign Everyone moves
                   their passengers, and Discard leaves the plan as it was
  app cancellation a driver's cancellation as the pull brings it (offer cancelled, assignments
                   gone): the board names the passengers back on the list, its button proposes
                   the smallest change, Accept seats them again
  series           a weekly series with ride sharing shows at its next date and offers a choice
                   of date; an event that happens once offers none
  default pickup   a request that names no pickup waits ("no pickup place given"); the
                   organization's default pickup ("PAC", 30 minutes before) set through Default
                   Pickup is stored, the board names it, and Assign Everyone seats the request

Screenshots of the board before and after Assign Everyone (its diff) and of the cancellation
land in build/screenshots/. Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session).
"""

import datetime
import os
import sqlite3
import sys
import time
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import (Failure, button, choose_page, click, click_at, find_all, main_window,  # noqa: E402
                           name, role, sensitive, showing, text_of, type_into, wait_for, wait_gone, walk)

from stewardctl_calls import ctl, ctl_json  # noqa: E402

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
ORG = "Crossroads Campus Ministry"
ZONE = ZoneInfo("America/Los_Angeles")
PAGE = "Rides"


def shot(filename, settle=0.8):
    return accessibility.screenshot(SHOTS, filename, settle, pointer_away=True)


def ride_event(title):
    """The demo's event of that title with ride offers, and the words its row in the list says:
    its title and its next date (a series' next occurrence; a single event's start)."""
    offers = ctl_json("ride-offers", "list", "--org", "crossroads-campus")
    with_offers = {o["event"] for o in offers}
    with sqlite3.connect(DB) as c:
        rows = c.execute("SELECT id FROM event WHERE title = ? AND deleted = 0 AND rideSharing = 1", (title,)).fetchall()
    today = datetime.datetime.now(ZONE).date()
    for (event_id,) in rows:
        if event_id.lower() in with_offers:
            dates = ctl_json("events", "occurrences", event_id.lower(), "--from", (today - datetime.timedelta(days=1)).isoformat(),
                             "--to", (today + datetime.timedelta(days=400)).isoformat())
            now = datetime.datetime.now(datetime.timezone.utc)
            def utc(text):
                return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
            # The next date is the first not over yet (`RideOccurrences.next`).
            start = next((utc(d["startsAt"]) for d in dates if "startsAt" in d and utc(d["endsAt"]) > now), None)
            if start is None:
                raise Failure(f"{title} has no date to come")
            local = start.astimezone(ZONE)
            return event_id.lower(), f"{title}, {local.strftime('%a')} {local.day} {local.strftime('%b %H:%M')}"
    raise Failure(f"the demo has no {title} with ride offers")


def open_page(app):
    window = main_window(app)
    if ORG not in name(window):
        click(button(window, "Organization"))
        click(button(app.node(), ORG))
        wait_for(f'the window title to name "{ORG}"', lambda: ORG in name(main_window(app)))
    window = main_window(app)
    choose_page(window, PAGE)
    wait_for("the list of events with ride sharing", lambda: find_all(window, name_is="Events with ride sharing"))
    return window


def open_event(window, row_title):
    """Chooses the event in the page's list, as a click on its row would (wherever the row is
    in the list), and waits for its board."""
    events = wait_for("the list of events", lambda: next((n for n in find_all(window, name_is="Events with ride sharing")
                                                          if "Selection" in accessibility.interfaces(n)), None), timeout=60)
    def probe():
        for index in range(events.childCount):
            if name(events.getChildAtIndex(index)) == row_title:
                events.querySelection().selectChild(index)
                return True
        return False
    wait_for(f'the event row "{row_title}"', probe, timeout=60)
    wait_for("the event's board", lambda: any(text_of(n) == row_title for n in find_all(window, roles=("label",))), timeout=60)


TABLES = {}


def table_node(window, table):
    """The table named `table`, found once: walking the whole window on every probe is slow
    over the accessibility bus on a loaded machine, and the page keeps its tables."""
    node = TABLES.get(table)
    try:
        if node is not None and name(node) == table:
            return node
    except Exception:
        pass
    node = wait_for(f'the table "{table}"', lambda: next((n for n in find_all(window, name_is=table)
                                                          if role(n) in ("table", "tree table", "tree", "list", "grid")), None),
                    timeout=60)
    TABLES[table] = node
    return node


def table_labels(window, table):
    return [text_of(n) for n in walk(table_node(window, table)) if role(n) == "label" and showing(n)]


def table_cells(window, table):
    return [n for n in walk(table_node(window, table)) if role(n) == "label" and showing(n)]


def driver_seats(window, driver):
    """What the driver's row says on each leg: (to, back), like ("1 of 4", "—")."""
    labels = table_labels(window, "Drivers")
    if driver not in labels or labels.index(driver) + 2 >= len(labels):
        return (None, None)
    at = labels.index(driver)
    return (labels[at + 1], labels[at + 2])


def summary_text(window):
    """The proposal's summary line ("249 newly seated, 0 move, ...")."""
    import re
    return wait_for("the proposal's summary", lambda: next((text_of(n) for n in find_all(window, roles=("label",))
                                                          if re.match(r"^\d+ newly seated, ", text_of(n))), None))


def summary_start(expected):
    """How the proposal's summary begins for `stewardctl rides plan`'s figures, in the page's
    singular and plural forms ("1 moves", "2 move")."""
    moved, lost = len(expected["moved"]), len(expected["unseated"])
    return (f"{len(expected['newlySeated'])} newly seated, {moved} {'moves' if moved == 1 else 'move'}, "
            f"{lost} {'loses' if lost == 1 else 'lose'} their seat")


def search(window, text):
    type_into(window, "Search drivers and passengers", text)
    time.sleep(0.8)


STATE = {}


def switch_to(app, org):
    window = main_window(app)
    if org not in name(window):
        click(button(window, "Organization"))
        click(button(app.node(), org))
        wait_for(f'the window title to name "{org}"', lambda: org in name(main_window(app)))


def test_opens_on_loading_never_no_event_chosen(app):
    """Shown again for the ministry (from another organization) while its events are read
    (the reads held), the page shows "Loading…" with a spinner, never "No Event Chosen" nor
    the other organization's page; once read, the first event's board."""
    switch_to(app, "Riverton Community Relations")
    with accessibility.holding_loads():
        switch_to(app, ORG)
        window = main_window(app)
        choose_page(window, PAGE)
        wait_for('"Loading…" on the Rides page', lambda: accessibility.loading_on_screen(window), timeout=60)
        if accessibility.any_on_screen(window, "No Event Chosen"):
            raise Failure('"No Event Chosen" is on screen while the events are read')
        shot("rides-loading.png")
    wait_for("a board once read", lambda: not accessibility.loading_on_screen(window)
             and accessibility.any_on_screen(window, "Plan"), timeout=60)


def test_assign_everyone_shows_the_diff_and_accepts(app):
    event, row_title = ride_event("Thursday Large Group")
    STATE["event"] = event
    window = open_page(app)
    open_event(window, row_title)
    before = ctl_json("rides", "list", "--event", event)
    if before["plan"]:
        raise Failure(f"the demo's meeting should have no plan yet, it has {len(before['plan'])} pairs")
    wait_for("passengers waiting on the board", lambda: len(table_labels(window, "Passengers waiting")) > 0)
    shot("rides-board-before.png")
    expected = ctl_json("rides", "plan", "--event", event)
    click(button(window, "Assign Everyone"))
    summary = summary_text(window)
    wanted = summary_start(expected)
    if not summary.startswith(wanted):
        raise Failure(f'the summary says "{summary}", stewardctl rides plan says "{wanted}"')
    lines = table_labels(window, "Proposed changes")
    if "Newly seated" not in lines:
        raise Failure(f"the diff shows no newly seated passenger: {lines[:12]}")
    shot("rides-assign-everyone-diff.png")
    # With the board's reads held, Accept shows the spinner and then the plan it wrote, read
    # from the write itself: never the plan from before (empty here) in between.
    with accessibility.holding_loads():
        click(button(window, "Accept"))
        wait_gone("the proposal", lambda: accessibility.any_on_screen(window, "Proposed changes"), timeout=60)
        if not accessibility.loading_on_screen(window) and len(table_labels(window, "Plan")) <= 6:
            raise Failure("after Accept the board shows the plan from before it")
        wait_for("the accepted plan on the board while the board's reads are held",
                 lambda: not accessibility.loading_on_screen(window) and len(table_labels(window, "Plan")) > 6, timeout=90)
    def stored():
        plan = ctl_json("rides", "list", "--event", event)["plan"]
        return plan if len(plan) == len(expected["assignments"]) else None
    # Hundreds of assignments and their notifications, in one transaction: give a loaded machine time.
    plan = wait_for("the accepted plan in the database", stored, timeout=90)
    proposed = {(a["request"], a["offer"], a["leg"]) for a in expected["assignments"]}
    if {(p["request"], p["offer"], p["leg"]) for p in plan} != proposed:
        raise Failure("the stored plan is not the one proposed")
    wait_for("the plan on the board", lambda: len(table_labels(window, "Plan")) > 6, timeout=60)
    shot("rides-board-after.png")


def test_unassign_by_hand_frees_a_seat(app):
    event = STATE.get("event") or ride_event("Thursday Large Group")[0]
    board = ctl_json("rides", "list", "--event", event)
    drivers = {d["offer"]: d for d in board["drivers"]}
    pair = board["plan"][0]
    driver = drivers[pair["offer"]]
    names = {r["id"]: r for r in ctl_json("ride-requests", "list", "--org", "crossroads-campus")}
    members = {m["id"]: m["displayName"] for m in ctl_json("members", "list", "--org", "crossroads-campus")}
    # The driver's first line as the window sorts the plan (passenger, then leg), so that it
    # shows without scrolling once the search narrows the plan to this driver.
    pair = min((p for p in board["plan"] if p["offer"] == pair["offer"]),
               key=lambda p: (members[names[p["request"]]["member"]], p["leg"] != "to"))
    passenger = members[names[pair["request"]]["member"]]
    leg = pair["leg"]
    left = driver["seatsLeft"][leg]
    seats = driver["seats"]
    notes_before = len(ctl_json("ride-notifications", "list", "--org", "crossroads-campus"))
    window = main_window(app)
    search(window, driver["name"])
    # The driver's row says the seats left on each leg ("1 of 4"), the plan lists their passengers.
    column = 0 if leg == "to" else 1
    wait_for(f"{driver['name']}'s seats left", lambda: driver_seats(window, driver["name"])[column] == f"{left} of {seats}",
             timeout=60)
    leg_text = "to" if leg == "to" else "back"
    def plan_line():
        cells = table_cells(window, "Plan")
        return next((cell for cell, after in zip(cells, cells[1:])
                     if text_of(cell) == passenger and text_of(after) == leg_text), None)
    unassign = button(window, "Unassign")
    # The table may still be settling after the search: click the line again until it is chosen.
    for attempt in range(4):
        click_at(wait_for(f"{passenger}'s line {leg_text} in the plan", plan_line, timeout=60))
        try:
            wait_for("Unassign to be offered", lambda: sensitive(unassign), timeout=10)
            break
        except Failure:
            if attempt == 3:
                raise
    click(unassign)
    wait_for(f"{driver['name']}'s seats left to go up",
             lambda: driver_seats(window, driver["name"])[column] == f"{left + 1} of {seats}", timeout=60)
    after = ctl_json("rides", "list", "--event", event)
    still = {(p["request"], p["leg"]) for p in after["plan"]}
    if (pair["request"], leg) in still:
        raise Failure("the database still seats the passenger on that leg")
    now_left = next(d for d in after["drivers"] if d["offer"] == pair["offer"])["seatsLeft"][leg]
    if now_left != left + 1:
        raise Failure(f"the database says {now_left} seats left, the window {left + 1}")
    if not any(p["request"] == pair["request"] and p["leg"] == leg for p in after["waiting"]):
        raise Failure("the passenger is not waiting again")
    if len(ctl_json("ride-notifications", "list", "--org", "crossroads-campus")) <= notes_before:
        raise Failure("no notification was written for the unassignment")
    shot("rides-unassigned.png")


def test_cancellation_proposes_the_smallest_change(app):
    event, row_title = ride_event("Winter Retreat")
    window = main_window(app)
    open_event(window, row_title)
    wait_for("the cancelled driver's pairs", lambda: "the driver cancelled" in table_labels(window, "Plan")
             or any("cancellation" in text_of(n) for n in find_all(window, roles=("label",))))
    expected = ctl_json("rides", "plan", "--event", event)
    if not expected["moved"] and not expected["unseated"]:
        raise Failure("the retreat's cancellations change nothing in the best plan")
    click(button(window, "Assign Everyone"))
    summary = summary_text(window)
    wanted = summary_start(expected)
    if not summary.startswith(wanted):
        raise Failure(f'the summary says "{summary}", stewardctl rides plan says "{wanted}"')
    shot("rides-cancellation-proposal.png")
    plan = ctl_json("rides", "list", "--event", event)["plan"]
    click(button(window, "Discard"))
    wait_for("the board again", lambda: find_all(window, name_is="Passengers waiting"))
    if ctl_json("rides", "list", "--event", event)["plan"] != plan:
        raise Failure("Discard changed the plan")


def test_app_cancellation_shows_on_the_board(app):
    """A driver cancels their whole offer in the app. The store marks the offer cancelled and
    removes its assignments (docs/rides.md); the console's next pull brings exactly that: the
    offer cancelled and the assignments' tombstones, written here as the pull writes them. The
    board names the passengers back on the list, and its button proposes the smallest change."""
    event, row_title = ride_event("Winter Retreat")
    board = ctl_json("rides", "list", "--event", event)
    requests = {r["id"]: r for r in ctl_json("ride-requests", "list", "--org", "crossroads-campus")}
    members = {m["id"]: m["displayName"] for m in ctl_json("members", "list", "--org", "crossroads-campus")}
    # The driver with the most passengers who are members (guests have no app).
    riders = {}
    for pair in board["plan"]:
        if requests[pair["request"]].get("member"):
            riders.setdefault(pair["offer"], []).append(pair)
    offer, pairs = max(riders.items(), key=lambda item: (len(item[1]), item[0]))
    passengers = sorted({members[requests[p["request"]]["member"]] for p in pairs})
    assignments = [a for a in ctl_json("ride-assignments", "list", "--org", "crossroads-campus") if a["offer"] == offer]
    ctl("ride-offers", "update", offer, "--cancelled", "yes", "--cancel-reason", "Car trouble, sorry", "--org", "crossroads-campus")
    for assignment in assignments:
        ctl("ride-assignments", "remove", assignment["id"], "--org", "crossroads-campus")
    back = {(p["request"], p["leg"]) for p in ctl_json("rides", "list", "--event", event)["backOnTheList"]}
    driven = {(p["request"], p["leg"]) for p in board["plan"] if p["offer"] == offer}
    if back != driven:
        raise Failure(f"stewardctl rides list names {len(back)} passenger-legs back on the list, not the driver's {len(driven)}")
    window = main_window(app)
    # The page reads the board again when the event is chosen, as after a sync.
    open_event(window, ride_event("Thursday Large Group")[1])
    open_event(window, row_title)
    search(window, passengers[0])
    notice = wait_for("the notice of passengers back on the list",
                      lambda: next((text_of(n) for n in find_all(window, roles=("label",))
                                    if "back on the list: their driver cancelled" in text_of(n)), None), timeout=60)
    if passengers[0] not in notice:
        raise Failure(f'the notice "{notice}" does not name {passengers[0]}')
    wait_for(f"{passengers[0]} waiting because their driver cancelled",
             lambda: any(text.startswith("their driver cancelled") for text in table_labels(window, "Passengers waiting")),
             timeout=60)
    shot("rides-cancellation.png")
    expected = ctl_json("rides", "plan", "--event", event)
    click(button(window, "Propose Seats for Them"))
    summary = summary_text(window)
    if not summary.startswith(summary_start(expected)):
        raise Failure(f'the summary says "{summary}", stewardctl rides plan says "{summary_start(expected)}"')
    # The retreat may have no seat left for them: the proposal then seats whom it can (and
    # settles the demo's earlier cancellations), and they stay waiting, still named above.
    shot("rides-app-cancellation-proposal.png")
    seated = {(p["request"], p["leg"]) for p in expected["newlySeated"]}
    click(button(window, "Accept"))
    def stored():
        plan = {(p["request"], p["leg"]) for p in ctl_json("rides", "list", "--event", event)["plan"]}
        return all(pair in plan for pair in seated)
    wait_for("the proposal stored", stored, timeout=90)
    still_waiting = [p for p in pairs if (p["request"], p["leg"]) not in seated]
    if not still_waiting:
        wait_for("the notice gone once they are seated",
                 lambda: not any("back on the list: their driver cancelled" in text_of(n) and showing(n)
                                 for n in find_all(window, roles=("label",))), timeout=60)


def test_series_offers_a_choice_of_date(app):
    """A weekly series with ride sharing: its row and board name its next date, and the board
    offers a choice of date; an event that happens once offers none."""
    first = (datetime.datetime.now(ZONE) + datetime.timedelta(days=3)).replace(hour=18, minute=0, second=0, microsecond=0)
    title = "Weekly Prayer Walk"
    ctl("events", "add", "--org", "crossroads-campus", "--title", title, "--starts", first.strftime("%Y-%m-%dT%H:%M"),
        "--repeat", "FREQ=WEEKLY;COUNT=5", "--ride-sharing")
    window = open_page(app)
    open_event(window, f"{title}, {first.strftime('%a')} {first.day} {first.strftime('%b %H:%M')}")
    choice = wait_for('the choice of date', lambda: next((n for n in find_all(window, name_is="Date") if showing(n)), None),
                      timeout=60)
    if role(choice) not in ("combo box", "button", "push button"):
        raise Failure(f'the choice of date is a "{role(choice)}"')
    shot("rides-series-date.png")
    open_event(window, ride_event("Winter Retreat")[1])
    wait_for("no choice of date for an event that happens once",
             lambda: not any(showing(n) for n in find_all(window, name_is="Date")), timeout=60)


def test_default_pickup_seats_riders_without_one(app):
    """A guest asks for a ride to a new evening event without naming a pickup or a time: the
    board has them waiting with "no pickup place given". The organization's default pickup set
    in the window (Default Pickup: "PAC", 30 minutes before the start) is stored, the board
    names it, and Assign Everyone seats them with the one driver, whose place is near the PAC
    and who leaves 30 minutes before the start."""
    org = "crossroads-campus"
    # The demo meets at the PAC already: start from an organization without a default.
    for settings in ctl_json("ride-settings", "list", "--org", org):
        ctl("ride-settings", "remove", settings["id"], "--org", org)
    start = (datetime.datetime.now(ZONE) + datetime.timedelta(days=4)).replace(hour=19, minute=0, second=0, microsecond=0)
    title = "Pickup Night"
    ctl("events", "add", "--org", org, "--title", title, "--starts", start.strftime("%Y-%m-%dT%H:%M"), "--ride-sharing")
    with sqlite3.connect(DB) as c:
        event = c.execute("SELECT id FROM event WHERE title = ? AND deleted = 0", (title,)).fetchone()[0].lower()
    driver = ctl_json("members", "list", "--org", org)[0]
    depart = (start - datetime.timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M")
    ctl("ride-offers", "add", "--org", org, "--event", event, "--member", driver["id"], "--seats", "2", "--direction", "to",
        "--pickup-place", "Bancroft Way", "--pickup-latitude", "37.8688", "--pickup-longitude", "-122.2595", "--radius-km", "2",
        "--depart-at", depart)
    guest = "Zoe Pickup"
    ctl("ride-requests", "add", "--org", org, "--event", event, "--guest-name", guest, "--guest-phone", "510-555-0199",
        "--direction", "to")
    # The page reads its events again when the organization is shown again.
    switch_to(app, "Riverton Community Relations")
    switch_to(app, ORG)
    window = open_page(app)
    open_event(window, f"{title}, {start.strftime('%a')} {start.day} {start.strftime('%b %H:%M')}")
    wait_for(f"{guest} waiting without a pickup",
             lambda: "no pickup place given" in table_labels(window, "Passengers waiting"), timeout=60)
    wait_for("the board saying there is no default pickup",
             lambda: any(text_of(n).startswith("No default pickup") for n in find_all(window, roles=("label",))), timeout=60)

    click(button(window, "Default Pickup"))
    editor = accessibility.window_named(app, "New Ride Settings")
    type_into(editor, "Pickup place", "PAC")
    type_into(editor, "Pickup latitude", "37.8690")
    type_into(editor, "Pickup longitude", "-122.2610")
    type_into(editor, "Minutes before the start", "30")
    shot("rides-default-pickup-editor.png")
    click(button(editor, "Save"))
    wait_gone('the "New Ride Settings" editor', lambda: accessibility.window_open(app, "New Ride Settings"))
    stored = wait_for("the default pickup stored", lambda: ctl_json("ride-settings", "list", "--org", org) or None)
    pickup = stored[0]
    if (pickup.get("pickupPlace"), pickup.get("gapMinutes")) != ("PAC", 30) or abs(float(pickup["pickupLatitude"]) - 37.869) > 1e-6:
        raise Failure(f"the stored ride settings are {pickup}")
    board = ctl_json("rides", "list", "--event", event)
    if board.get("defaultPickup", {}).get("place") != "PAC":
        raise Failure(f"stewardctl rides list names no default pickup: {board.get('defaultPickup')}")

    wait_for("the board naming the PAC as the default pickup",
             lambda: any(text_of(n) == "Default pickup: PAC, 30 minutes before the start (the organization's)"
                         for n in find_all(window, roles=("label",))), timeout=60)
    wait_for(f"{guest} waiting for a free seat, no longer for a pickup",
             lambda: "a driver has a seat free" in table_labels(window, "Passengers waiting")
             and "no pickup place given" not in table_labels(window, "Passengers waiting"), timeout=60)
    shot("rides-default-pickup-board.png")
    click(button(window, "Assign Everyone"))
    summary = summary_text(window)
    if not summary.startswith("1 newly seated, "):
        raise Failure(f'the proposal says "{summary}", not that the guest is seated')
    click(button(window, "Accept"))
    def seated():
        plan = ctl_json("rides", "list", "--event", event)["plan"]
        return plan if len(plan) == 1 else None
    plan = wait_for("the guest seated in the database", seated, timeout=60)
    request = next(r for r in ctl_json("ride-requests", "list", "--org", org) if r.get("guestName") == guest)
    if plan[0]["request"] != request["id"] or plan[0]["leg"] != "to":
        raise Failure(f"the plan stored is {plan}")
    wait_for(f"{guest} in the plan", lambda: guest in table_labels(window, "Plan"), timeout=60)
    shot("rides-default-pickup-seated.png")


TESTS = [test_series_offers_a_choice_of_date, test_opens_on_loading_never_no_event_chosen, test_assign_everyone_shows_the_diff_and_accepts, test_unassign_by_hand_frees_a_seat,
         test_cancellation_proposes_the_smallest_change, test_app_cancellation_shows_on_the_board,
         test_default_pickup_seats_riders_without_one]
APP = None


def main():
    global APP
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-rides.log"), "w").close()
    APP = accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ), os.path.join(SHOTS, "steward-rides.log"))
    return accessibility.run_suite(APP, TESTS, "rides", SHOTS, "steward-rides.log",
                                   lambda filename: accessibility.screenshot(SHOTS, filename))


if __name__ == "__main__":
    sys.exit(main())
