#!/usr/bin/env python3
"""The baseline `steward-bench --rides` times: SciPy's linear_sum_assignment on seat-expanded
legs. Reads one ride instance (the `stewardctl rides solve` contract) and prints one JSON object:
{"seconds": time spent in linear_sum_assignment over both legs, "build_seconds": building the
matrices, "legs": {"to": {"seated", "km"}, "from": {...}}}.

Each driver becomes one column per seat; a passenger-seat cell costs the pickup distance when
the rules allow the pair and a prohibitive constant when not, so the assignment seats the most
passengers and then drives the least (pairs on prohibited cells are dropped afterwards)."""

import json
import sys
import time
from datetime import datetime

import numpy as np
from scipy.optimize import linear_sum_assignment

EARTH_RADIUS_KM = 6371.0088
FORBIDDEN = 1e9


def seconds(text):
    return np.nan if text is None else datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def covers(direction, leg):
    return direction == "both" or direction == leg


def leg_matrix(instance, leg):
    passengers = [p for p in instance["passengers"] if covers(p["direction"], leg)]
    drivers = [d for d in instance["drivers"] if covers(d["direction"], leg) and d["seats"] > 0]
    key = "depart_at" if leg == "to" else "return_at"
    plat = np.radians([p["pickup"]["lat"] for p in passengers])[:, None]
    plon = np.radians([p["pickup"]["lon"] for p in passengers])[:, None]
    dlat = np.radians([d["pickup"]["lat"] for d in drivers])[None, :]
    dlon = np.radians([d["pickup"]["lon"] for d in drivers])[None, :]
    h = np.sin((dlat - plat) / 2) ** 2 + np.cos(plat) * np.cos(dlat) * np.sin((dlon - plon) / 2) ** 2
    km = 2 * EARTH_RADIUS_KM * np.arcsin(np.minimum(1.0, np.sqrt(h)))
    allowed = km <= np.array([d["radius_km"] for d in drivers])[None, :]
    ptime = np.array([seconds(p.get(key)) for p in passengers])[:, None]
    dtime = np.array([seconds(d.get(key)) for d in drivers])[None, :]
    with np.errstate(invalid="ignore"):
        allowed &= np.abs(ptime - dtime) <= instance["max_time_gap_minutes"] * 60
    pg = np.array([p.get("gender") or "" for p in passengers])[:, None]
    pwant = np.array([p.get("driver_gender") or "" for p in passengers])[:, None]
    dg = np.array([d.get("gender") or "" for d in drivers])[None, :]
    dwant = np.array([d.get("passenger_gender") or "" for d in drivers])[None, :]
    allowed &= (dwant == "") | (pg == dwant)
    allowed &= (pwant == "") | (dg == pwant)
    cost = np.where(allowed, km, FORBIDDEN)
    columns = np.repeat(np.arange(len(drivers)), [d["seats"] for d in drivers])
    return cost[:, columns], km[:, columns], allowed[:, columns]


def main():
    instance = json.load(open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin)
    build = 0.0
    solve = 0.0
    legs = {}
    for leg in ("to", "from"):
        start = time.perf_counter()
        cost, km, allowed = leg_matrix(instance, leg)
        build += time.perf_counter() - start
        start = time.perf_counter()
        rows, cols = linear_sum_assignment(cost)
        solve += time.perf_counter() - start
        real = allowed[rows, cols]
        legs[leg] = {"seated": int(real.sum()), "km": float(km[rows, cols][real].sum()), "size": list(cost.shape)}
    print(json.dumps({"seconds": solve, "build_seconds": build, "legs": legs}))


if __name__ == "__main__":
    main()
