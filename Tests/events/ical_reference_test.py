#!/usr/bin/env python3
"""`stewardctl events export --ics` read back by python's icalendar and expanded by
recurring_ical_events, two independent implementations of RFC 5545 that many calendar tools use:
every occurrence they find in the file must be one `stewardctl events occurrences` lists, at the
same instant, and no other. The series cover what calendars get wrong: a weekly evening across
both daylight-saving changes in Chicago, UNTIL in UTC against a local start, a cancelled date
(EXDATE) and a moved one (RECURRENCE-ID), the fifth Wednesday of a month, a leap day, an
all-day series, a series split "this and following", and a series in UTC. Run with Debian's
python3 (python3-icalendar, python3-recurring-ical-events)."""

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

import icalendar
import recurring_ical_events

UTC = datetime.timezone.utc
FROM, TO = "2026-10-01", "2029-03-01"


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

        def add(*words):
            return ctl("events", "add", "--org", "city", *words).splitlines()[0]

        ctl("orgs", "add", "city", "--name", "City", "--time-zone", "America/Chicago", "--kind", "church")
        ids = []
        weekly = add("--title", "Prayer", "--starts", "2026-10-21T19:00", "--ends", "2026-10-21T20:30",
                     "--repeat", "FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z")
        ctl("events", "remove", "--org", "city", weekly, "--occurrence", "2026-12-23T19:00")
        ctl("events", "update", "--org", "city", weekly, "--occurrence", "2026-12-30T19:00", "--title", "Carols",
            "--starts", "2026-12-30T17:00", "--ends", "2026-12-30T18:00")
        ids.append(weekly)
        ids.append(add("--title", "Fifth Wednesday", "--starts", "2026-09-30T18:00", "--repeat", "FREQ=MONTHLY;BYDAY=5WE"))
        ids.append(add("--title", "Leap", "--all-day", "--starts", "2028-02-29", "--repeat", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"))
        ids.append(add("--title", "Fair", "--all-day", "--starts", "2026-10-10", "--ends", "2026-10-11",
                       "--repeat", "FREQ=MONTHLY;BYMONTHDAY=10;COUNT=8"))
        split = add("--title", "Study", "--starts", "2026-11-03T07:00", "--repeat", "FREQ=WEEKLY;BYDAY=TU;COUNT=10")
        following = ctl("events", "update", "--org", "city", split, "--occurrence", "2026-12-01T07:00", "--following",
                        "--starts", "2026-12-01T06:30").splitlines()[0]
        ids += [split, following]
        ids.append(add("--title", "Net", "--starts", "2026-11-02T12:00Z", "--time-zone", "UTC", "--repeat", "FREQ=DAILY;COUNT=5"))

        expected = set()
        for event in ids:
            for item in json.loads(ctl("events", "occurrences", "--org", "city", event, "--from", FROM, "--to", TO, "--json")):
                expected.add((event, when(item)))

        path = os.path.join(folder, "city.ics")
        ctl("events", "export", "--org", "city", "--ics", path)
        with open(path, "rb") as file:
            data = file.read()
        if b"\r\n" not in data or any(len(line) > 75 for line in data.split(b"\r\n")):
            sys.exit("the file's lines are not CRLF-ended and folded at 75 octets")
        calendar = icalendar.Calendar.from_ical(data)
        start = datetime.datetime.fromisoformat(FROM + "T00:00:00-06:00")
        end = datetime.datetime.fromisoformat(TO + "T00:00:00-06:00")
        found = set()
        for component in recurring_ical_events.of(calendar).between(start, end):
            uid = str(component["UID"]).split("@")[0]
            found.add((uid, instant(component["DTSTART"].dt)))
        missing, extra = sorted(expected - found), sorted(found - expected)
        if missing or extra:
            sys.exit(f"recurring_ical_events disagrees with stewardctl: missing {missing[:8]} ({len(missing)}), "
                     f"extra {extra[:8]} ({len(extra)})")
        print(f"ical reference: {len(expected)} occurrences of {len(ids)} series read the same by "
              f"icalendar {icalendar.__version__} and recurring_ical_events")


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
