"""The Debian packages, installed on this machine as an administrator would, used, and purged.

`make test-deb` runs it after `make deb DEB_CONFIG=debug` (as root: it installs with apt-get):
  - both packages install; `steward`, `stewardctl` and `steward-store` report the version the
    packages carry; the manual pages, the unit, the configuration and the store's user are there;
    dpkg's triggers compiled the settings schema; the window starts from its installed files;
  - the unit scores "OK" or better in `systemd-analyze security`;
  - the installed store runs as its service would (its own user, its state directory, the
    configuration file's options, a credentials folder, systemd's readiness and watchdog
    protocol), and a console made with the installed stewardctl syncs an event to it;
  - a purge leaves no file of either package behind, only the store's data.
"""
import glob
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time

DEB_DIR, VERSION = sys.argv[1], sys.argv[2]
os.environ["STEWARD_BIN_DIR"] = "/usr/bin"
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sync"))
import harness  # noqa: E402  (after STEWARD_BIN_DIR: the consoles run the installed stewardctl)

PACKAGES = ["steward", "steward-store"]
STATE_DIR = "/var/lib/steward-store"
BACKUP_DIR = "/var/backups/steward-store"
BACKUP_UNIT = "/lib/systemd/system/steward-store-backup.service"
CONF = "/etc/steward/steward-store.conf"
UNIT = "/lib/systemd/system/steward-store.service"
failures = []


def check(condition, message):
    print(("ok    " if condition else "FAIL  ") + message, flush=True)
    if not condition:
        failures.append(message)


def run(*args, **kwargs):
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 600)
    return subprocess.run(list(args), **kwargs)


def apt(*args):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return run("apt-get", "-y", "-q", "-o", "DPkg::Lock::Timeout=600", *args, env=env)


def installed(package):
    result = run("dpkg-query", "-W", "-f=${Status}", package)
    return result.returncode == 0 and "installed" in result.stdout


def purge_leftovers():
    """A run that stopped half-way leaves the packages installed: start from none."""
    present = [p for p in PACKAGES if installed(p) or run("dpkg-query", "-W", p).returncode == 0]
    if present:
        apt("purge", *present)
    shutil.rmtree(STATE_DIR, ignore_errors=True)
    shutil.rmtree(BACKUP_DIR, ignore_errors=True)


def package_files(package):
    """What dpkg installed for the package: the files, not the folders it shares with others."""
    listed = run("dpkg-query", "-L", package).stdout.split("\n")
    return [p for p in listed if p and os.path.lexists(p) and not os.path.isdir(p)]


def as_store_user(*args, **kwargs):
    return run("runuser", "-u", "steward-store", "--", *args, cwd=STATE_DIR, **kwargs)


def conf_values():
    """The configuration file as systemd's EnvironmentFile= reads it (KEY=value lines)."""
    values = {}
    for line in open(CONF):
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            values[key] = value
    return values


def test_install():
    debs = [os.path.join(DEB_DIR, "%s_%s_amd64.deb" % (p, VERSION)) for p in PACKAGES]
    for deb in debs:
        check(os.path.exists(deb), "make deb built %s" % os.path.basename(deb))
    result = apt("install", "--no-install-recommends", *[os.path.abspath(d) for d in debs])
    check(result.returncode == 0, "apt-get installs both packages: %s" % result.stderr.strip()[-400:])
    for package in PACKAGES:
        check(installed(package), "%s is installed" % package)


def test_versions_and_help():
    check(run("steward", "--version").stdout.strip() == "steward " + VERSION, "steward --version says " + VERSION)
    check(run("stewardctl", "--version").stdout.strip() == VERSION, "stewardctl --version says " + VERSION)
    check(run("steward-store", "--version").stdout.strip() == VERSION, "steward-store --version says " + VERSION)
    help_text = run("stewardctl", "--help")
    check(help_text.returncode == 0 and "USAGE: stewardctl" in help_text.stdout, "stewardctl --help answers")
    for page in ["steward", "stewardctl", "stewardctl-events-add", "steward-store", "steward-store-serve"]:
        check(run("man", "-w", page).returncode == 0, "man %s is installed" % page)


def test_installed_files():
    check(os.path.isfile("/usr/share/steward/steward.gresource"), "the window's resources are installed")
    check(os.path.isfile("/usr/share/locale/es/LC_MESSAGES/steward.mo"), "the Spanish translation is installed")
    check(os.path.isfile("/usr/share/applications/org.steward.Steward.desktop"), "the desktop file is installed")
    keys = run("gsettings", "list-keys", "org.steward.Steward")
    check(keys.returncode == 0 and keys.stdout.strip() != "", "dpkg's trigger compiled the settings schema")
    check(os.path.isfile(UNIT), "the unit is installed")
    check(os.path.islink("/etc/systemd/system/multi-user.target.wants/steward-store.service"),
          "the service is enabled to start at boot")
    check(os.path.isfile(BACKUP_UNIT) and os.path.isfile("/lib/systemd/system/steward-store-backup.timer"),
          "the nightly backup's service and timer are installed")
    check(not os.path.lexists("/etc/systemd/system/timers.target.wants/steward-store-backup.timer"),
          "the nightly backup waits for the administrator to turn it on")
    backups = os.stat(BACKUP_DIR) if os.path.isdir(BACKUP_DIR) else None
    check(backups is not None and stat.S_IMODE(backups.st_mode) == 0o700
          and backups.st_uid == pwd.getpwnam("steward-store").pw_uid,
          "the backups' folder is the store user's alone (tmpfiles.d)")
    conffiles = run("dpkg-query", "-W", "-f=${Conffiles}", "steward-store").stdout
    check(CONF in conffiles, "the configuration file is a conffile (an upgrade keeps the administrator's edits)")
    credentials = os.stat("/etc/steward/credentials")
    check(stat.S_IMODE(credentials.st_mode) == 0o700 and credentials.st_uid == 0,
          "the credentials folder is root's alone (0700)")
    try:
        user = pwd.getpwnam("steward-store")
        check(user.pw_uid < 1000 and user.pw_shell.endswith("nologin"), "the store has a system user that cannot log in")
    except KeyError:
        check(False, "the store has a system user")


def test_window_starts():
    """The installed window finds its resources, schema and translations: it is still running
    after 8 seconds under a private X server, instead of exiting with an error."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, XDG_DATA_HOME=home, STEWARD_DB=os.path.join(home, "steward.sqlite"),
                   GSK_RENDERER="cairo", STEWARD_CREDENTIALS="file")
        for key in ["STEWARD_RESOURCES", "STEWARD_LOCALEDIR", "GSETTINGS_SCHEMA_DIR"]:
            env.pop(key, None)
        result = run("xvfb-run", "-a", "dbus-run-session", "--", "timeout", "8", "steward", env=env, timeout=120)
        started = result.returncode == 124
        check(started, "the installed window starts and stays open" + ("" if started else " (exit %d: %s)"
              % (result.returncode, result.stderr.strip()[-300:])))


def test_unit_security():
    result = run("systemd-analyze", "security", "--offline=true", "--no-pager", UNIT)
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\S+)", result.stdout)
    check(match is not None, "systemd-analyze security scores the unit"
          + ("" if match else ": %s" % (result.stdout + result.stderr)[-300:]))
    if match:
        print("      systemd-analyze security: %s %s" % (match.group(1), match.group(2)))
        check(match.group(2) in ("OK", "SAFE", "PERFECT"), "the unit's exposure is OK or better (%s %s)" % match.groups())


class NotifySocket:
    """What systemd listens on for a Type=notify service: READY=1, WATCHDOG=1."""

    def __init__(self, folder):
        self.path = os.path.join(folder, "notify")
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.socket.bind(self.path)
        os.chmod(self.path, 0o777)

    def wait_for(self, word, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            self.socket.settimeout(max(0.1, deadline - time.time()))
            try:
                message = self.socket.recv(4096).decode()
            except socket.timeout:
                break
            if word in message.split("\n"):
                return message
        return None


def test_store_as_its_service_and_a_console_syncing():
    os.makedirs(STATE_DIR, exist_ok=True)
    user = pwd.getpwnam("steward-store")
    os.chown(STATE_DIR, user.pw_uid, user.pw_gid)
    os.chmod(STATE_DIR, 0o700)
    values = conf_values()
    options = shlex.split(values.get("STORE_OPTIONS", ""))
    check(options == ["--sqlite", STATE_DIR + "/steward-store.sqlite"], "the configuration keeps the data in the state folder")
    check(values.get("STORE_HOST") == "127.0.0.1", "the store listens on loopback unless told otherwise")

    as_store_user("steward-store", "orgs", "add", "grace", "--name", "Grace Church", *options)
    token = as_store_user("steward-store", "token", "create", "--org", "grace", "--role", "staff", *options)
    check(token.returncode == 0, "the administrator makes a token as the store's user: %s" % token.stderr.strip())
    token = token.stdout.strip().splitlines()[-1].strip()

    with tempfile.TemporaryDirectory() as work:
        os.chmod(work, 0o755)
        notify = NotifySocket(work)
        credentials = os.path.join(work, "credentials")
        os.mkdir(credentials, 0o700)
        os.chown(credentials, user.pw_uid, user.pw_gid)
        port = harness.free_port()
        env = {"PATH": "/usr/bin:/bin", "NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "2000000",
               "CREDENTIALS_DIRECTORY": credentials}
        # As the unit starts it: its user and group alone, in its state folder. (Not through
        # runuser, which would stand between the store and the SIGTERM that stops it.)
        store = subprocess.Popen(["/usr/bin/steward-store", "serve", "--host", values["STORE_HOST"], "--port", str(port),
                                  *options], user="steward-store", group="steward-store", extra_groups=[], env=env,
                                 cwd=STATE_DIR, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            ready = notify.wait_for("READY=1", 60)
            check(ready is not None, "the store tells systemd it is ready (READY=1)")
            check(ready is not None and ("STATUS=Listening on http://127.0.0.1:%d" % port) in ready,
                  "with the address in its status: %r" % ready)
            check(notify.wait_for("WATCHDOG=1", 5) is not None, "and pings the watchdog while its database answers")

            console = harness.Console(work, "office")
            console.add_org("grace", "Grace Church")
            console.connect("http://127.0.0.1:%d" % port, token, "grace")
            console.add_event("grace", "Installed and synced")
            console.sync("grace")
            dump = as_store_user("steward-store", "dump", "--org", "grace", *options)
            check("Installed and synced" in dump.stdout, "the console's event reached the installed store")
            test_nightly_backup_while_serving()
        finally:
            store.send_signal(signal.SIGTERM)
            try:
                store.wait(20)
            except subprocess.TimeoutExpired:
                store.kill()
                store.wait()
        check(store.returncode == 0, "the store stops cleanly on SIGTERM (exit %s)" % store.returncode)


def backup_command():
    """The backup unit's ExecStart, as systemd would run it: %% is %, $$ is $."""
    for line in open(BACKUP_UNIT):
        if line.startswith("ExecStart=/bin/sh -c "):
            return line.strip()[len("ExecStart=/bin/sh -c "):].strip("'").replace("%%", "%").replace("$$", "$")
    return None


def test_nightly_backup_while_serving():
    command = backup_command()
    check(command is not None, "the backup unit runs a shell command")
    result = as_store_user("sh", "-c", command)
    check(result.returncode == 0, "the nightly backup's command runs as the store's user while it serves: %s"
          % result.stderr.strip()[-300:])
    copies = glob.glob(BACKUP_DIR + "/steward-store-*.sqlite")
    check(len(copies) == 1, "it leaves one dated copy in %s: %s" % (BACKUP_DIR, copies))
    if copies:
        dump = as_store_user("steward-store", "dump", "--org", "grace", "--sqlite", copies[0])
        check("Installed and synced" in dump.stdout, "the copy holds the synced event")


def test_purge():
    files = {p: package_files(p) for p in PACKAGES}
    check(len(files["steward"]) > 10 and len(files["steward-store"]) > 3, "dpkg lists the packages' files")
    result = apt("purge", *PACKAGES)
    check(result.returncode == 0, "apt-get purge removes both: %s" % result.stderr.strip()[-300:])
    left = [f for p in PACKAGES for f in files[p] if os.path.lexists(f)]
    check(left == [], "no file of either package is left: %s" % left[:5])
    check(not os.path.exists("/etc/steward"), "the configuration and credentials are gone")
    check(not os.path.lexists("/etc/systemd/system/multi-user.target.wants/steward-store.service"),
          "the service is no longer enabled")
    check(os.path.isfile(STATE_DIR + "/steward-store.sqlite"), "the store's records are kept")
    check(len(glob.glob(BACKUP_DIR + "/steward-store-*.sqlite")) == 1, "and so are its backups")


def main():
    if os.geteuid() != 0:
        print("test-deb installs packages: run it as root")
        return 1
    purge_leftovers()
    try:
        for test in [test_install, test_versions_and_help, test_installed_files, test_window_starts, test_unit_security,
                     test_store_as_its_service_and_a_console_syncing, test_purge]:
            print("-- " + test.__name__, flush=True)
            test()
            if failures:
                break
    finally:
        purge_leftovers()
        if run("getent", "passwd", "steward-store").returncode == 0:
            run("deluser", "--system", "--quiet", "steward-store")
    if failures:
        print("test-deb: %d failed" % len(failures))
        return 1
    print("test-deb: the packages install, run, sync and purge cleanly")
    return 0


if __name__ == "__main__":
    sys.exit(main())
