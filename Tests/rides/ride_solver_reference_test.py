#!/usr/bin/env python3
"""`stewardctl rides solve` against SciPy's MILP solver (HiGHS), an independent optimum.

Random instances around one town, some with a plan in force and some re-solved after a
cancellation. For every answer: each pair obeys the rules (checked here, from the contract's
own words), no driver carries more than their seats on a leg, each passenger-leg is seated or
waiting once with a reason that fits, ids come back in the type they were sent, and on each leg
the answer has the lexicographic optimum the MILP finds in three stages: the most seated, then
the most still-allowed current pairs kept, then the least total distance (to the metre per
pair). Bad instances exit with status 2 naming the field. Deterministic (a fixed seed)."""

import argparse
import json
import math
import random
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix

EARTH_RADIUS_KM = 6371.0088
LEGS = ("to", "from")
BASE = datetime(2026, 12, 4, 18, 0, tzinfo=timezone(timedelta(hours=-8)))


def haversine(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a["lat"], a["lon"], b["lat"], b["lon"]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def parse_time(text):
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00"))


def covers(direction, leg):
    return direction == "both" or direction == leg


def leg_time(person, leg):
    return parse_time(person.get("depart_at" if leg == "to" else "return_at"))


def rule_broken(instance, passenger, driver, leg):
    """The first rule the pair breaks on the leg (range, time, gender), or None."""
    if not (covers(passenger["direction"], leg) and covers(driver["direction"], leg)):
        return "direction"
    if haversine(passenger["pickup"], driver["pickup"]) > driver["radius_km"]:
        return "range"
    a, b = leg_time(passenger, leg), leg_time(driver, leg)
    if a is None or b is None or abs((a - b).total_seconds()) > instance["max_time_gap_minutes"] * 60:
        return "time"
    if driver.get("passenger_gender") and passenger.get("gender") != driver["passenger_gender"]:
        return "gender"
    if passenger.get("driver_gender") and driver.get("gender") != passenger["driver_gender"]:
        return "gender"
    return None


def expected_reason(instance, passenger, leg):
    furthest = "no driver in range"
    for driver in instance["drivers"]:
        if not covers(driver["direction"], leg):
            continue
        broken = rule_broken(instance, passenger, driver, leg)
        if broken is None:
            return "all full"
        if broken == "gender":
            furthest = "gender preference"
        elif broken == "time" and furthest == "no driver in range":
            furthest = "none at that time"
    return furthest


def key(value):
    return json.dumps(value)


def optimum(instance, leg):
    """(seated, kept, km) by three MILPs over the allowed pairs of the leg."""
    passengers = [p for p in instance["passengers"] if covers(p["direction"], leg)]
    drivers = instance["drivers"]
    current = {(key(c["passenger"]), key(c["driver"])) for c in instance.get("current", []) if c["leg"] == leg}
    pairs = [(i, j) for i, p in enumerate(passengers) for j, d in enumerate(drivers)
             if rule_broken(instance, p, d, leg) is None]
    if not pairs:
        return 0, 0, 0.0
    n = len(pairs)
    km = np.array([haversine(passengers[i]["pickup"], drivers[j]["pickup"]) for i, j in pairs])
    is_current = np.array([1.0 if (key(passengers[i]["id"]), key(drivers[j]["id"])) in current else 0.0 for i, j in pairs])
    rows = lil_matrix((len(passengers) + len(drivers), n))
    for k, (i, j) in enumerate(pairs):
        rows[i, k] = 1
        rows[len(passengers) + j, k] = 1
    upper = [1] * len(passengers) + [d["seats"] for d in drivers]
    constraints = [LinearConstraint(rows.tocsr(), -np.inf, upper)]
    options = dict(integrality=np.ones(n), bounds=Bounds(0, 1))

    seated = milp(-np.ones(n), constraints=constraints, **options)
    best_seated = round(-seated.fun)
    constraints.append(LinearConstraint(np.ones((1, n)), best_seated, best_seated))
    kept = milp(-is_current, constraints=constraints, **options)
    best_kept = round(-kept.fun)
    constraints.append(LinearConstraint(is_current.reshape(1, n), best_kept, best_kept))
    distance = milp(km, constraints=constraints, **options)
    return best_seated, best_kept, distance.fun


def random_instance(rng, passengers, drivers):
    def point():
        return {"lat": round(35.27 + rng.random() * 0.08, 5), "lon": round(-120.70 + rng.random() * 0.08, 5)}

    def time():
        if rng.random() < 0.1:
            return None
        moment = BASE + timedelta(minutes=10 * rng.randrange(8))
        # Some in UTC, some with the local offset: the same instants either way.
        return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z") if rng.random() < 0.5 else moment.isoformat()

    def gender():
        return rng.choice(["female", "male", None])

    def preference():
        return rng.choice(["female", "male"]) if rng.random() < 0.2 else None

    def ident(i, prefix):
        return i if rng.random() < 0.5 else f"{prefix}{i}"

    return {
        "event": {"id": 7, "location": {"lat": 35.3, "lon": -120.66}},
        "max_time_gap_minutes": 20,
        "drivers": [{"id": ident(100 + j, "d"), "seats": rng.randrange(0, 5), "direction": rng.choice(["to", "from", "both", "both"]),
                     "pickup": point(), "radius_km": round(rng.uniform(1, 6), 2), "depart_at": time(), "return_at": time(),
                     "gender": gender(), "passenger_gender": preference()} for j in range(drivers)],
        "passengers": [{"id": ident(i, "p"), "direction": rng.choice(["to", "from", "both", "both"]), "pickup": point(),
                        "depart_at": time(), "return_at": time(), "gender": gender(), "driver_gender": preference()}
                       for i in range(passengers)],
    }


def solve(binary, instance, via_file=False):
    text = json.dumps(instance)
    if via_file:
        with tempfile.NamedTemporaryFile("w", suffix=".json") as handle:
            handle.write(text)
            handle.flush()
            result = subprocess.run([binary, "rides", "solve", "--input", handle.name], capture_output=True, text=True)
    else:
        result = subprocess.run([binary, "rides", "solve"], input=text, capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"exit {result.returncode}: {result.stderr}")
    return json.loads(result.stdout)


def check(instance, answer, label):
    problems = []
    passengers = {key(p["id"]): p for p in instance["passengers"]}
    drivers = {key(d["id"]): d for d in instance["drivers"]}
    current = {(key(c["passenger"]), key(c["driver"]), c["leg"]) for c in instance.get("current", [])}
    for leg in LEGS:
        pairs = [a for a in answer["assignments"] if a["leg"] == leg]
        waiting = [u for u in answer["unassigned"] if u["leg"] == leg]
        for pair in pairs:
            if key(pair["passenger"]) not in passengers or key(pair["driver"]) not in drivers:
                problems.append(f"{pair} names an unknown id or changed its type")
                continue
            broken = rule_broken(instance, passengers[key(pair["passenger"])], drivers[key(pair["driver"])], leg)
            if broken:
                problems.append(f"{pair} breaks the {broken} rule")
        for d in instance["drivers"]:
            riders = sum(1 for p in pairs if key(p["driver"]) == key(d["id"]))
            if riders > d["seats"]:
                problems.append(f"driver {d['id']} carries {riders} on {leg} with {d['seats']} seats")
        wanting = sorted(key(p["id"]) for p in instance["passengers"] if covers(p["direction"], leg))
        given = sorted([key(p["passenger"]) for p in pairs] + [key(u["passenger"]) for u in waiting])
        if given != wanting:
            problems.append(f"{leg}: passenger-legs seated or waiting {given}, wanted {wanting}")
        for u in waiting:
            if key(u["passenger"]) in passengers:
                reason = expected_reason(instance, passengers[key(u["passenger"])], leg)
                if u["reason"] != reason:
                    problems.append(f"{u}: the reason should be {reason!r}")
        seated, kept, km = optimum(instance, leg)
        got_kept = sum(1 for p in pairs if (key(p["passenger"]), key(p["driver"]), leg) in current)
        got_km = sum(haversine(passengers[key(p["passenger"])]["pickup"], drivers[key(p["driver"])]["pickup"]) for p in pairs
                     if key(p["passenger"]) in passengers and key(p["driver"]) in drivers)
        if len(pairs) != seated:
            problems.append(f"{leg}: {len(pairs)} seated, the optimum seats {seated}")
        elif got_kept != kept:
            problems.append(f"{leg}: {got_kept} current pairs kept, the optimum keeps {kept}")
        elif got_km > km + 0.001 * max(1, seated):
            problems.append(f"{leg}: {got_km:.4f} km, the optimum drives {km:.4f} km")
    for problem in problems:
        print(f"FAIL {label}: {problem}")
    return not problems


def bad_input(binary):
    """Broken instances exit 2 and name what is wrong."""
    cases = [
        ('{"drivers": [', "JSON"),
        ('{"max_time_gap_minutes": 5, "drivers": [{"id": 1, "seats": -1, "direction": "to", '
         '"pickup": {"lat": 1, "lon": 1}, "radius_km": 2}], "passengers": []}', "drivers[0].seats"),
        ('{"max_time_gap_minutes": 5, "drivers": [], "passengers": [{"id": 1, "direction": "to", '
         '"pickup": {"lat": 1}}]}', "passengers[0].pickup.lon"),
    ]
    ok = True
    for text, named in cases:
        result = subprocess.run([binary, "rides", "solve"], input=text, capture_output=True, text=True)
        if result.returncode != 2 or named not in result.stderr:
            print(f"FAIL bad input {text!r}: exit {result.returncode}, stderr {result.stderr!r} (wanted 2 naming {named})")
            ok = False
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True, help="the stewardctl binary")
    parser.add_argument("--count", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(20261204)
    ok = bad_input(args.bin)
    for n in range(args.count):
        instance = random_instance(rng, rng.randrange(4, 40), rng.randrange(1, 12))
        answer = solve(args.bin, instance, via_file=n % 2 == 0)
        ok = check(instance, answer, f"instance {n}") and ok
        # A plan in force, then a cancellation: a driver or a passenger leaves.
        instance["current"] = answer["assignments"]
        if rng.random() < 0.5 and instance["drivers"]:
            instance["drivers"].pop(rng.randrange(len(instance["drivers"])))
        else:
            instance["passengers"].pop(rng.randrange(len(instance["passengers"])))
        ok = check(instance, solve(args.bin, instance), f"instance {n} after a cancellation") and ok
    print(f"rides solve: {2 * args.count} answers checked against the MILP optimum: {'ok' if ok else 'FAILED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
