"""stewardctl on the suite's database, for what a test sets up or checks beside the window
(the records a page should list, the plan a button should have written)."""
import json
import os
import subprocess

from accessibility import Failure


def ctl(*args):
    """Runs `stewardctl --db $STEWARD_DB ARGS`; returns its output, or fails with its message."""
    binary = os.path.join(os.environ.get("STEWARD_BIN_DIR", ".build/debug"), "stewardctl")
    out = subprocess.run([binary, "--db", os.environ["STEWARD_DB"], *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise Failure(f"stewardctl {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
    return out.stdout


def ctl_json(*args):
    return json.loads(ctl(*args, "--json"))
