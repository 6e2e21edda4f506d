#!/usr/bin/python3
"""Drives a steward window through the Class Schedule page for `steward-bench --schedule-stall`:
opens the page on a week of many classes, goes to the next week and back, to the list and the
trainers view and back to the week, ROUNDS times, each step waiting until its classes are shown
and then for the report to cover it, so each kind of step has figures of its own.

The window runs with STEWARD_STALL_REPORT; the report is read once the window has painted and
settled (start-up's figures) and again after the walk (the walk's are what the counts gained).
Prints one JSON line: {"startup": REPORT, "total": REPORT, "steps": N, "seconds": S, "by_step":
[{"step": NAME, "longest_ms": MS, "over_50ms": N}, ...]} (a step's longest comes from the seconds
it spanned, the one before it included, so a stall at a step's very start is not lost).

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
        # Each step's own figures, once it has settled and the report (written every second)
        # covers it: its count over 50 ms, and its longest stall from the seconds it spanned
        # (the report's `periods_ms`, each second's longest).
        by_step = {}
        before = report(path)

        def settled(step):
            nonlocal before
            time.sleep(1.5)
            now = report(path)
            figures = by_step.setdefault(step, {"longest_ms": 0.0, "over_50ms": 0})
            spanned = now["periods_ms"][max(0, len(before["periods_ms"]) - 1):]
            figures["longest_ms"] = max([figures["longest_ms"]] + spanned)
            figures["over_50ms"] += now["over_50ms"] - before["over_50ms"]
            before = now

        choose_page(window, "Class Schedule")
        shown(window, first)
        settled("the page")
        steps += 1
        for _ in range(rounds):
            click(button(window, "Next week"))
            shown(window, following)
            settled("next week")
            click(button(window, "Previous week"))
            shown(window, first)
            settled("previous week")
            for view in ("List", "Trainers", "Week"):
                # The view switcher's buttons are named by their labels only on screen.
                click_at(wait_for(f'the "{view}" switch', lambda: accessibility.switcher_label(window, view)))
                shown(window, first)
                settled(view.lower() + " view")
            steps += 5
        seconds = time.time() - started
        print(json.dumps({"startup": startup, "total": report(path), "steps": steps, "seconds": seconds,
                          "by_step": [dict(step=step, **figures) for step, figures in by_step.items()]}), flush=True)
        return 0
    finally:
        app.stop()


if __name__ == "__main__":
    sys.exit(main())
