"""The sync soak (`make soak`): the random fault loop of every record type for as long as asked,
in rounds on SQLite, on PostgreSQL, and on two PostgreSQL store processes behind nginx; each
round checks every 25 kills that nothing was lost or doubled. Prints how many kills it survived
and exits 1 at the first loss.

Run: python3 Tests/sync/soak.py [--seconds S] [--kills N] [--seed N] [--round-kills N]
                                [--topologies sqlite,postgres,scale-out]
(STEWARD_BIN_DIR, STEWARD_TEST_POSTGRES_URL; without the URL only SQLite)."""
import argparse
import os
import random
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(__file__))
import fault_loop  # noqa: E402
import scale_out_tests  # noqa: E402
from harness import Failure, Store, Workdir  # noqa: E402
from mixed_world import World  # noqa: E402
from test_sync import POSTGRES, fresh_postgres_url  # noqa: E402

ROUND_KILLS = 100
CHECK_EVERY = 25


def world_for(topology, workdir):
    """A fresh store (or two processes behind nginx) and two consoles; and what to stop after."""
    if topology == "sqlite":
        return World(workdir, "sqlite", [Store(workdir)]), None
    if topology == "postgres":
        return World(workdir, "postgres", [Store(workdir, postgres=fresh_postgres_url())]), None
    stores, nginx = scale_out_tests.start_two_processes(workdir, fresh_postgres_url())
    return World(workdir, "postgres", stores, entry_url=nginx.url), nginx


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, help="stop after this long (600 when neither limit is given)")
    parser.add_argument("--kills", type=int, help="stop after this many kills")
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(1 << 32))
    parser.add_argument("--topologies", default="sqlite,postgres,scale-out" if POSTGRES else "sqlite")
    parser.add_argument("--round-kills", type=int, default=ROUND_KILLS, help="kills before a fresh store and consoles")
    args = parser.parse_args()
    if args.seconds is None and args.kills is None:
        args.seconds = 600
    topologies = args.topologies.split(",")
    print("soak: seed %d, %s, %s" % (args.seed, " then ".join(topologies),
                                     " or ".join(filter(None, ["%d kills" % args.kills if args.kills else "",
                                                               "%g s" % args.seconds if args.seconds else ""]))),
          flush=True)
    rng = random.Random(args.seed)
    started = time.time()
    survived, checks, kinds, rounds = 0, 0, {}, 0

    def left():
        kills = args.kills - survived if args.kills is not None else None
        seconds = args.seconds - (time.time() - started) if args.seconds is not None else None
        return kills, seconds

    def summary():
        elapsed = time.time() - started
        return ("%d kills survived with nothing lost or doubled, %d checks, %d rounds, in %.0f s (%.1f kills a minute); %s"
                % (survived, checks, rounds, elapsed, survived * 60 / max(elapsed, 1),
                   ", ".join("%s %d" % kv for kv in sorted(kinds.items()))))

    while True:
        kills, seconds = left()
        if (kills is not None and kills <= 0) or (seconds is not None and seconds <= 0):
            break
        topology = topologies[rounds % len(topologies)]
        rounds += 1
        with Workdir() as workdir:
            nginx = None
            world = None
            verified = [0]
            try:
                world, nginx = world_for(topology, workdir)
                world.setup()
                base = survived
                verified = [0]

                def progress(w, done):
                    verified[0] = w.kills
                    print("soak: round %d (%s): %d kills survived, check %d ok, %.0f s"
                          % (rounds, topology, base + w.kills, checks + done, time.time() - started), flush=True)

                round_kills = args.round_kills if kills is None else min(args.round_kills, kills)
                done = fault_loop.run(world, rng, kills=round_kills, seconds=seconds, check_every_kills=CHECK_EVERY,
                                      report=progress)
                survived += world.kills
                checks += done
                for kind, count in world.kill_kinds.items():
                    kinds[kind] = kinds.get(kind, 0) + count
            except Exception as error:
                if world is not None:
                    survived += verified[0]   # the kills a check passed after
                detail = str(error) if isinstance(error, Failure) else traceback.format_exc()
                print("soak: FAILED in round %d (%s) after %d kills (seed %d): %s"
                      % (rounds, topology, survived, args.seed, detail), flush=True)
                print("soak: " + summary(), flush=True)
                return 1
            finally:
                if world is not None:
                    world.close()
                if nginx is not None:
                    nginx.stop()
                for store in Store.started:
                    store.stop()
                Store.started.clear()
    print("soak: " + summary(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
