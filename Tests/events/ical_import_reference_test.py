#!/usr/bin/env python3
"""`stewardctl events import --ics` of a calendar written by python's icalendar, checked against
recurring_ical_events expanding that same file: every occurrence `stewardctl events occurrences`
lists for the imported events must be one recurring_ical_events finds, at the same instant (or
on the same day) and with the same title, and no other. The file holds what other calendar
programs write: a weekly evening in New York (the organization is in Chicago) across a
daylight-saving change with UNTIL in UTC, a cancelled date (EXDATE), a moved and renamed one
and a cancelled one (RECURRENCE-ID), extra dates (RDATE) in UTC, a two-day all-day event
repeating monthly (VALUE=DATE, exclusive DTEND) and a single all-day one. A second import must
change nothing. Run with Debian's python3 (python3-icalendar, python3-recurring-ical-events)."""

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

import icalendar
import pytz
import recurring_ical_events

UTC = datetime.timezone.utc
NEW_YORK = pytz.timezone("America/New_York")
FROM, TO = "2026-10-01", "2027-06-01"


def local(*fields):
    return NEW_YORK.localize(datetime.datetime(*fields))


def event(uid, summary, start, end=None, **properties):
    component = icalendar.Event()
    component.add("uid", uid)
    component.add("dtstamp", datetime.datetime(2026, 10, 1, tzinfo=UTC))
    component.add("summary", summary)
    component.add("dtstart", start)
    if end is not None:
        component.add("dtend", end)
    for name, value in properties.items():
        component.add(name.replace("_", "-"), value)
    return component


def calendar():
    cal = icalendar.Calendar()
    cal.add("prodid", "-//python icalendar//reference//EN")
    cal.add("version", "2.0")
    cal.add_component(event("choir@example.org", "Choir", local(2026, 10, 21, 19, 0), local(2026, 10, 21, 20, 30),
                            rrule={"freq": "weekly", "byday": "WE", "until": datetime.datetime(2027, 3, 31, 23, 59, 59, tzinfo=UTC)},
                            exdate=[local(2026, 11, 4, 19, 0)], location="Hall"))
    cal.add_component(event("choir@example.org", "Carols", local(2026, 12, 16, 18, 0), local(2026, 12, 16, 19, 0),
                            recurrence_id=local(2026, 12, 16, 19, 0)))
    cal.add_component(event("choir@example.org", "Choir", local(2026, 12, 30, 19, 0), local(2026, 12, 30, 20, 30),
                            recurrence_id=local(2026, 12, 30, 19, 0), status="CANCELLED"))
    cal.add_component(event("talks@example.org", "Talks", datetime.datetime(2026, 11, 5, 23, 0, tzinfo=UTC),
                            datetime.datetime(2026, 11, 6, 0, 0, tzinfo=UTC),
                            rdate=[datetime.datetime(2026, 11, 19, 23, 0, tzinfo=UTC), datetime.datetime(2027, 1, 7, 0, 30, tzinfo=UTC)]))
    cal.add_component(event("fair@example.org", "Fair", datetime.date(2026, 12, 10), datetime.date(2026, 12, 12),
                            rrule={"freq": "monthly", "count": 4}, categories=["families"]))
    cal.add_component(event("holiday@example.org", "Holiday", datetime.date(2026, 12, 25), datetime.date(2026, 12, 26)))
    return cal


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the stewardctl to test")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "events.sqlite")
        env = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8")

        def ctl(*words):
            done = subprocess.run([args.bin, "--db", db, *words], capture_output=True, text=True, env=env)
            if done.returncode != 0:
                sys.exit(f"stewardctl {' '.join(words)} failed ({done.returncode}): {done.stderr}")
            return done.stdout

        ctl("orgs", "add", "city", "--name", "City", "--time-zone", "America/Chicago", "--kind", "church")
        cal = calendar()
        path = os.path.join(folder, "python.ics")
        with open(path, "wb") as file:
            file.write(cal.to_ical())

        imported = json.loads(ctl("events", "import", "--org", "city", "--ics", path, "--json"))
        if imported["refused"] or len(imported["added"]) != 4:
            sys.exit(f"the import did not add the file's four events: {imported}")
        ids = {item["uid"]: item["id"] for item in imported["added"]}

        expected = set()
        for uid, event_id in ids.items():
            for item in json.loads(ctl("events", "occurrences", "--org", "city", event_id, "--from", FROM, "--to", TO, "--json")):
                expected.add((uid, when(item), item["title"]))

        chicago = pytz.timezone("America/Chicago")
        start = chicago.localize(datetime.datetime.fromisoformat(FROM))
        end = chicago.localize(datetime.datetime.fromisoformat(TO))
        found = set()
        for component in recurring_ical_events.of(cal).between(start, end):
            begins = instant(component["DTSTART"].dt)
            if isinstance(begins, datetime.datetime) and begins < start:
                continue  # began before the range, still going at its start: not one that starts in it
            if str(component.get("STATUS", "")).upper() == "CANCELLED":
                continue  # recurring_ical_events yields a cancelled occurrence with its STATUS; calendars leave it out
            found.add((str(component["UID"]), begins, str(component["SUMMARY"])))
        missing, extra = sorted(expected - found, key=str), sorted(found - expected, key=str)
        if missing or extra or not expected:
            sys.exit(f"recurring_ical_events disagrees with stewardctl: stewardctl only {missing[:8]} ({len(missing)}), "
                     f"recurring_ical_events only {extra[:8]} ({len(extra)})")

        again = json.loads(ctl("events", "import", "--org", "city", "--ics", path, "--json"))
        if again["added"] or again["changed"] or len(again["unchanged"]) != 4 or again["written"]:
            sys.exit(f"importing the same file again changed something: {again}")
        print(f"ical import reference: {len(expected)} occurrences of {len(ids)} events written by icalendar "
              f"{icalendar.__version__} read the same by stewardctl and recurring_ical_events")


def when(item):
    """An occurrence from `stewardctl events occurrences --json` as an instant or a date."""
    if item.get("startsAt"):
        return datetime.datetime.strptime(item["startsAt"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return datetime.date.fromisoformat(item["startDate"])


def instant(value):
    if isinstance(value, datetime.datetime):
        return value.astimezone(UTC)
    return value


if __name__ == "__main__":
    main()
