"""The random fault loop: seeded edits of every record type on two consoles, syncs, and faults
(stewardctl killed at each failpoint of its sync, the store killed mid-push and restarted,
answers lost after the store committed, 503s), for a number of kills, steps or seconds,
checking at intervals that nothing was lost or doubled (mixed_world.World.verify)."""
import time

# (weight, what): edits of each record type by one console, syncs, and faults.
EDITS = [
    (8, "add_event"), (5, "edit_event"), (3, "remove_event"),
    (5, "add_bulletin"), (3, "edit_bulletin"), (2, "remove_bulletin"),
    (6, "lend_or_return"),
    (5, "grant_or_revoke"),
    (4, "submit"), (2, "approve"),
]
FAULTS = [(5, "kill after-assign"), (5, "kill after-send"), (4, "kill store"),
          (2, "drop-response"), (2, "fail-503")]
# How World counts each kind of kill.
KILL_KINDS = {"kill after-assign": "console after-assign", "kill after-send": "console after-send",
              "kill store": "store mid-push"}


def pick(rng, table):
    total = sum(w for w, _ in table)
    roll = rng.uniform(0, total)
    for weight, name in table:
        roll -= weight
        if roll <= 0:
            return name
    return table[-1][1]


def step(world, rng, edits=EDITS, fault_share=0.3):
    """One random thing on one random console."""
    world.steps += 1
    console = rng.choice(world.consoles)
    roll = rng.random()
    if roll < fault_share:
        fault = pick(rng, FAULTS)
        # Each kind of kill once first, so that even a short run has them all.
        untried = [k for _, k in FAULTS if k.startswith("kill") and KILL_KINDS[k] not in world.kill_kinds]
        if fault.startswith("kill") and untried:
            fault = untried[0]
        if fault.startswith("kill after-"):
            world.kill_console(console, rng, fault[5:])
        elif fault == "kill store":
            world.kill_store_mid_push(console, rng)
        else:
            world.proxy_fault(console, rng, fault)
    elif roll < fault_share + 0.1:
        world.sync(console)
    else:
        # Likewise each edit once first, then at random.
        untried = [e for _, e in edits if e not in world.edits_tried]
        edit = untried[0] if untried else pick(rng, edits)
        world.edits_tried.add(edit)
        getattr(world, edit)(console, rng)


def run(world, rng, kills=None, seconds=None, steps=None, check_every_kills=None, edits=EDITS,
        report=None):
    """Steps until `kills` kills, `steps` steps or `seconds` seconds (whichever comes first),
    verifying every `check_every_kills` kills and at the end. Answers how many checks passed.
    `report(world, checks)` is called after each check (a soak prints its progress there)."""
    started = time.time()
    checks = 0
    next_check = check_every_kills
    checked = False   # nothing happened since the last check
    while True:
        if kills is not None and world.kills >= kills:
            break
        if steps is not None and world.steps >= steps:
            break
        if seconds is not None and time.time() - started >= seconds:
            break
        step(world, rng, edits)
        checked = False
        if next_check and world.kills >= next_check:
            world.verify()
            checks += 1
            checked = True
            next_check += check_every_kills
            if report:
                report(world, checks)
    if not checked:
        world.verify()
        checks += 1
        if report:
            report(world, checks)
    return checks
