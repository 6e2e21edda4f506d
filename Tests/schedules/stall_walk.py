#!/usr/bin/python3
"""Drives a steward window through the Class Schedule page for `steward-bench --schedule-stall`:
opens the page on a week of many classes, goes to the next week and back, to the list and the
trainers view and back to the week, ROUNDS times, each step waiting until its classes are shown.

The window runs with STEWARD_STALL_REPORT; the report is read once the window has painted and
settled (start-up's figures) and again after the walk (the walk's are what the counts gained).
Prints one JSON line: {"startup": REPORT, "total": REPORT, "steps": N, "seconds": S}.

Usage: stall_walk.py REPORT-PATH FIRST-WEEK-CLASS NEXT-WEEK-CLASS ROUNDS
(with STEWARD_DB, STEWARD_BIN_DIR, STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR, a display and an
accessibility bus in the environment).
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ui"))

import accessibility  # noqa: E402
from accessibility import button, choose_page, click, click_at, find_all, main_window, wait_for  # noqa: E402


def report(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def shown(window, class_name):
    return wait_for(f'the block of "{class_name}"',
                    lambda: find_all(window, name_starts=class_name + ",", roles=("push button",)), timeout=120)


def main():
    path, first, following, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    env = dict(os.environ, STEWARD_STALL_REPORT=path)
    log = os.path.join(os.path.dirname(path), "stall-walk.log")
    app = accessibility.App(os.path.join(os.environ.get("STEWARD_BIN_DIR", ".build/debug"), "steward"), env, log)
    try:
        window = main_window(app, timeout=120)
        time.sleep(2)  # start-up ends: the first page settles
        startup = report(path)
        started = time.time()
        steps = 0
        choose_page(window, "Class Schedule")
        shown(window, first)
        steps += 1
        for _ in range(rounds):
            click(button(window, "Next week"))
            shown(window, following)
            click(button(window, "Previous week"))
            shown(window, first)
            for view in ("List", "Trainers", "Week"):
                # The view switcher's buttons are named by their labels only on screen.
                click_at(wait_for(f'the "{view}" switch', lambda: accessibility.switcher_label(window, view)))
                shown(window, first)
            steps += 5
        seconds = time.time() - started
        time.sleep(1.5)  # a report covers the last step
        print(json.dumps({"startup": startup, "total": report(path), "steps": steps, "seconds": seconds}), flush=True)
        return 0
    finally:
        app.stop()


if __name__ == "__main__":
    sys.exit(main())
