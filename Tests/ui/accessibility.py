"""Driving the Steward window through the accessibility tree, as a screen reader user would.

Every control is found by its accessible name; a control without one cannot be found, which
is the point. Used by the sync tests (test_sync_ui.py); runs with Debian's /usr/bin/python3,
which has pyatspi.
"""

import ctypes
import os
import re
import subprocess
import time

import pyatspi

TIMEOUT = 15


class Failure(Exception):
    pass


# ---------------------------------------------------------------- the app

# While this file exists, the pages' reads wait (STEWARD_HOLD_LOADS, Sources/Steward/Support/
# LoadGate.swift): a test sees what a page shows while it loads without racing the read.
HOLD_LOADS = f"/tmp/steward-hold-loads-{os.getpid()}"


class App:
    """One steward process with an environment of its own, its output appended to `log_path`."""

    def __init__(self, binary, env, log_path):
        full = dict(env, GTK_A11Y="atspi", GSK_RENDERER="cairo", NO_AT_BRIDGE="0")
        full.setdefault("STEWARD_HOLD_LOADS", HOLD_LOADS)
        self.log = open(log_path, "a")
        self.process = subprocess.Popen([binary], env=full, stdout=self.log, stderr=subprocess.STDOUT)

    def node(self):
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app is not None and app.name == "steward":
                    return app
            except Exception:
                continue
        return None

    def running(self):
        return self.process.poll() is None

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        # The accessibility registry forgets a closed app a moment later; the next test's app
        # must not be confused with this one.
        deadline = time.time() + 5
        while self.node() is not None and time.time() < deadline:
            time.sleep(0.1)
        self.log.close()


# ---------------------------------------------------------------- reading the tree

def children(node):
    # Iterated (pyatspi asks the number of children again before each one), not asked by index
    # from one count: that was faster, but with GTK 4.8 it crashed the window when a list was
    # refilled while it was read (an event's edit saved while the Events table was read).
    try:
        return [c for c in node if c is not None]
    except Exception:
        return []


def walk(node):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


def state_has(node, state):
    try:
        return node.getState().contains(state)
    except Exception:
        return False


def showing(node):
    # GTK 4.8 reports VISIBLE (the widget and its parents are visible) but never SHOWING.
    return state_has(node, pyatspi.STATE_VISIBLE)


def role(node):
    try:
        return node.getRoleName()
    except Exception:
        return ""


def name(node):
    try:
        return node.name or ""
    except Exception:
        return ""


def interfaces(node):
    try:
        return pyatspi.utils.listInterfaces(node)
    except Exception:
        return []


def find_all(root, name_is=None, name_has=None, name_starts=None, roles=None, visible=True):
    found = []
    if root is None:
        return found
    for node in walk(root):
        n = name(node)
        if name_is is not None and n != name_is:
            continue
        if name_has is not None and name_has.lower() not in n.lower():
            continue
        if name_starts is not None and not n.startswith(name_starts):
            continue
        if roles is not None and role(node) not in roles:
            continue
        if visible and not showing(node):
            continue
        found.append(node)
    return found


def text_of(node):
    """The text a control shows (a label's or an entry's), which may differ from its name."""
    try:
        t = node.queryText()
        return t.getText(0, t.characterCount)
    except Exception:
        return ""


# ---------------------------------------------------------------- waiting

class holding_loads:
    """`with holding_loads():` the pages' reads wait until the block ends (or fails)."""

    def __enter__(self):
        open(HOLD_LOADS, "w").close()
        return self

    def __exit__(self, *_):
        if os.path.exists(HOLD_LOADS):
            os.remove(HOLD_LOADS)
        return False


def on_screen(node):
    """Laid out on screen: a stack's pages not shown still report VISIBLE in GTK 4.8, but have
    no size."""
    try:
        return node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)[2] > 0
    except Exception:
        return False


def loading_on_screen(root):
    """The spinner page of a page that is loading ("Loading…", `LoadingPage`), on screen."""
    return any(on_screen(n) for n in find_all(root, name_is="Loading…"))


def any_on_screen(root, text):
    return any(on_screen(n) for n in find_all(root, name_is=text))


def wait_for(what, probe, timeout=TIMEOUT, interval=0.2):
    """Polls `probe` until it returns something truthy; fails naming `what`."""
    deadline = time.time() + timeout
    while True:
        try:
            result = probe()
        except Exception:
            result = None
        if result:
            return result
        if time.time() > deadline:
            raise Failure(f"timed out after {timeout:g}s waiting for {what}")
        time.sleep(interval)


def wait_gone(what, probe, timeout=TIMEOUT):
    deadline = time.time() + timeout
    while probe():
        if time.time() > deadline:
            raise Failure(f"timed out after {timeout:g}s waiting for {what} to go away")
        time.sleep(0.2)


# ---------------------------------------------------------------- windows

def frames(app):
    # GTK 4.8 gives its file chooser dialog the role "filler".
    return [w for w in children(app.node()) if role(w) in ("frame", "dialog", "window", "filler")]


def main_window(app, timeout=TIMEOUT):
    return wait_for('a window whose name contains "Steward"',
                    lambda: next((w for w in frames(app) if "Steward" in name(w)), None), timeout)


def window_named(app, prefix, timeout=TIMEOUT):
    return wait_for(f'the "{prefix}" window',
                    lambda: next((w for w in frames(app) if name(w).startswith(prefix)), None), timeout)


def window_open(app, prefix):
    return any(name(w).startswith(prefix) for w in frames(app))


# ---------------------------------------------------------------- controls

def has_action(node):
    try:
        return node.queryAction().nActions > 0
    except Exception:
        return False


def named(node, label):
    """Whether `node` is named `label`. GTK 4.8 joins a control's mnemonic label and its own
    accessible label ("_Undo Undo" on buttons libadwaita builds, "Email Email" on an entry
    with a mnemonic label); accept that."""
    n = name(node)
    return n == label or n.replace("_", "") == f"{label} {label}"


BUTTON_ROLES = ("push button", "toggle button", "radio button", "check box")


def buttons(root, label):
    return [b for b in find_all(root, roles=BUTTON_ROLES) if named(b, label) and has_action(b)]


def button(root, label, timeout=TIMEOUT):
    return wait_for(f'a button named "{label}"', lambda: next(iter(buttons(root, label)), None), timeout)


def sensitive(node):
    return state_has(node, pyatspi.STATE_SENSITIVE)


def click(node):
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    for wanted in ("click", "activate", "press", "toggle"):
        if wanted in names:
            action.doAction(names.index(wanted))
            return
    raise Failure(f'"{name(node)}" ({role(node)}) has no click action, only {names}')


def field(root, label, timeout=TIMEOUT):
    """The editable text control named `label` (or inside the control named `label`)."""
    def probe():
        for node in find_all(root, name_has=label):
            if not named(node, label):
                continue
            for candidate in walk(node):
                if "EditableText" in interfaces(candidate):
                    return candidate
        return None
    return wait_for(f'a text field named "{label}"', probe, timeout)


def type_into(root, label, text):
    control = field(root, label)
    control.queryEditableText().setTextContents(text)
    got = text_of(control)
    # A password entry shows bullets, not what was typed; only its length can be checked.
    if got != text and len(got) != len(text):
        raise Failure(f'typed "{text}" into "{label}" but it shows "{got}"')


def label_text(root, label):
    """The text of the label named `label` (its accessible name is what it is, its text what
    it says), or None when there is no such label."""
    for node in find_all(root, name_is=label):
        text = text_of(node)
        if text:
            return text
        try:
            if node.description:
                return node.description
        except Exception:
            pass
        return ""
    return None


class LabelWatch:
    """Re-reads the text of the label named `label` without walking the tree each time: over
    AT-SPI a walk of a large window takes seconds on a busy machine, long enough to miss a
    state that lasts a few. Finds the label again if it went away."""

    def __init__(self, root, label):
        self.root = root
        self.label = label
        self.node = None

    def text(self):
        if self.node is None or name(self.node) != self.label:
            self.node = next(iter(find_all(self.root, name_is=self.label)), None)
        return text_of(self.node) if self.node is not None else None

    def sibling(self, label):
        """A control next to the label (in the same container) named `label`, or None."""
        if self.node is None:
            return None
        return next((n for n in children(self.node.parent) if name(n) == label), None)


def choose_page(window, page):
    """Selects the sidebar row named `page`, as a click on it would."""
    def probe():
        for item in find_all(window, name_is=page, roles=("list item",)):
            parent = item.parent
            if "Selection" in interfaces(parent):
                parent.querySelection().selectChild(item.getIndexInParent())
                return True
        return False
    wait_for(f'a sidebar row named "{page}"', probe)


# ---------------------------------------------------------------- keyboard, pointer, screen

def press(keysym, control=False):
    """A real key press through the X server, as a keyboard user would."""
    control_keycode = 37  # Control_L in Xvfb's default keymap
    if control:
        pyatspi.Registry.generateKeyboardEvent(control_keycode, None, pyatspi.KEY_PRESS)
    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
    if control:
        pyatspi.Registry.generateKeyboardEvent(control_keycode, None, pyatspi.KEY_RELEASE)


def point_at(node):
    """Without a window manager X sends keys to the window under the pointer."""
    x, y, width, height = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, "abs")
    time.sleep(0.2)


def scroll_into_view(node):
    """Scrolls the window holding `node` with the mouse wheel until `node` is inside it, as a
    person scrolls to a control below the fold (an editor 640 pixels tall)."""
    frame = node
    while frame is not None and role(frame) not in ("frame", "dialog", "window"):
        frame = frame.parent
    if frame is None:
        return
    fx, fy, fw, fh = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    for _ in range(30):
        x, y, width, height = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if y >= fy and y + height <= fy + fh:
            return
        # Over the node's column, inside the window: the wheel scrolls what is under the pointer.
        px = min(max(x + width // 2, fx + 10), fx + fw - 10)
        pyatspi.Registry.generateMouseEvent(px, fy + fh // 2, "abs")
        pyatspi.Registry.generateMouseEvent(px, fy + fh // 2, "b5c" if y + height > fy + fh else "b4c")
        time.sleep(0.15)


def click_at(node):
    """A real mouse click in the middle of `node`."""
    x, y, width, height = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, "b1c")
    time.sleep(0.3)


def select_row(window, text, until=None, timeout=TIMEOUT):
    """Clicks the list row showing `text` on screen (pages not shown keep their rows' labels
    in the tree, where a click lands on nothing). Rows are remade as a list reloads, so a label
    found a moment ago may be gone, and a click just before a reload selects a row that is then
    replaced: with `until`, the click is made again until what it should do holds."""
    def clicked():
        for label in find_all(window, name_is=text, roles=("label",)):
            try:
                if not on_screen(label):
                    continue
                click_at(label)
                return True
            except Exception:
                continue
        return False
    deadline = time.time() + timeout
    while True:
        wait_for(f'a row showing "{text}" to click', clicked, timeout=max(1, deadline - time.time()))
        if until is None:
            return
        try:
            wait_for("the click to take", until, timeout=2)
            return
        except Failure:
            if time.time() > deadline:
                raise Failure(f'timed out after {timeout:g}s: a click on the row showing "{text}" did not take')


def switcher_label(window, view):
    """The label of a view switcher's button named `view`, as a person sees it: of the
    switchers that may carry it (the header's and the bar at the bottom of a narrow window),
    the one on screen, lowest first. None while there is none."""
    on_screen = []
    for node in find_all(window, name_is=view, roles=("label",)):
        x, y, width, height = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if width > 0 and height > 0:
            on_screen.append((y, node))
    return max(on_screen, key=lambda pair: pair[0])[1] if on_screen else None


def resize(app, width, height):
    """Resizes the main window from outside, as a window manager would (there is none under
    Xvfb), and waits for the accessibility tree to say so."""
    title = name(main_window(app))
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    ids = [int(m.group(1), 16) for m in re.finditer(r"^\s*(0x[0-9a-f]+) \"([^\"]*)\"", tree, re.M)
           if m.group(2) == title]
    if not ids:
        raise Failure(f'no X window is titled "{title}"')
    x11 = ctypes.CDLL("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    display = x11.XOpenDisplay(None)
    for window in ids:
        x11.XResizeWindow(ctypes.c_void_p(display), ctypes.c_ulong(window), width, height)
    x11.XSync(ctypes.c_void_p(display), 0)
    x11.XCloseDisplay(ctypes.c_void_p(display))

    def resized():
        extents = main_window(app).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        return abs(extents.width - width) <= 24 and abs(extents.height - height) <= 24
    wait_for(f"the window to be {width}×{height}", resized, timeout=10)
    time.sleep(1)


def screenshot(folder, filename, settle=0.6, pointer_away=False):
    """The screen as it is now; `pointer_away` moves the pointer to the corner first, so no
    tooltip covers the page."""
    if pointer_away:
        import pyatspi
        pyatspi.Registry.generateMouseEvent(1279, 799, "abs")
    path = os.path.join(folder, filename)
    time.sleep(settle)  # let the last frame paint
    subprocess.run(["import", "-window", "root", path], check=False)
    return path


# ---------------------------------------------------------------- running a suite

def run_suite(app, tests, suite, shots, log, screenshot):
    """Runs `tests` in order against one window, printing ok/FAIL lines and the closing
    "ui SUITE: N passed, N failed" line; a failure leaves a screenshot, and a window that
    died ends the run. Returns the exit status."""
    import traceback
    passed = failed = 0
    prefix = "failure-" if suite == "" else f"failure-{suite}-"
    # STEWARD_UI_TESTS=loading,grant_with_a_note runs those tests of the suite only (names
    # without "test_"), in the suite's order.
    chosen = [t for t in os.environ.get("STEWARD_UI_TESTS", "").split(",") if t]
    if chosen:
        tests = [t for t in tests if t.__name__[len("test_"):] in chosen]
    try:
        for test in tests:
            label = test.__name__[len("test_"):]
            try:
                test(app)
                passed += 1
                print(f"ok    {label}", flush=True)
            except Exception as error:  # a failure or a broken accessibility call
                failed += 1
                print(f"FAIL  {label}: {error}", flush=True)
                if not isinstance(error, Failure):
                    traceback.print_exc()
                screenshot(f"{prefix}{label}.png")
                if app.process.poll() is not None:
                    print(f"      steward exited with status {app.process.returncode}; "
                          f"see {shots}/{log}", flush=True)
                    print_crash_report(os.path.join(shots, log))
                    break
    finally:
        app.stop()
    print(f"ui{' ' + suite if suite else ''}: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def print_crash_report(path):
    """Swift's backtrace of a crash, from the console's log: CI keeps only what the suite
    prints, so a crash seen once there can still be traced. Without one, the log's end."""
    try:
        with open(path, errors="replace") as log:
            lines = [line.rstrip() for line in log if "Gtk-WARNING" not in line]
    except OSError:
        return
    starts = [i for i, line in enumerate(lines) if "*** Program crashed" in line]
    if starts:
        shown = []
        for line in lines[starts[-1]:starts[-1] + 150]:
            if line.startswith("Registers:"):
                break
            shown.append(line)
    else:
        shown = lines[-40:]
    if shown:
        print("      the console's log:", flush=True)
        for line in shown:
            print("      | " + line, flush=True)


def combo(window, label):
    return wait_for(f'the "{label}" drop-down',
                    lambda: next((n for n in find_all(window, name_is=label, roles=("combo box",)) if showing(n)), None))


def choose(app, window, label, choice, stays=True, in_popover=False):
    """Opens the drop-down named `label` and picks `choice` with the keyboard, as a keyboard
    user would: Up or Down until it is highlighted, then Enter. (GTK 4.8 on X11 reports a popover's
    items at the wrong place on screen, so a click there would miss.) `in_popover`: the
    drop-down is itself in a popover (a list's filter), so it is reached with Tab and opened
    with Space rather than clicked."""
    box = combo(window, label)
    wait_for(f'"{label}" to be on', lambda: sensitive(box))
    if in_popover:
        def focused():
            if any(state_has(n, pyatspi.STATE_FOCUSED) for n in walk(box)):
                return True
            press(0xff09)  # Tab
            time.sleep(0.3)
            return False
        wait_for(f'the focus on "{label}"', focused)
        press(0x20)  # Space opens it
    else:
        scroll_into_view(box)
        click_at(box)

    def item_in_list():
        # The drop-down's own list first (its popover is its child): a list elsewhere in the
        # window may name the same choice (a lead's suggested groups beside "Route to group").
        for found in find_all(box, name_is=choice, roles=("label",)) or find_all(app.node(), name_is=choice, roles=("label",)):
            item, listing = found, found.parent
            while listing is not None and "Selection" not in interfaces(listing):
                item, listing = listing, listing.parent
            # A drop-down's list, not a row of the leads table saying the same word.
            if listing is not None and role(listing) not in ("tree table", "table"):
                return listing, item.getIndexInParent()
        return None
    listing, index = wait_for(f'"{choice}" in the list of "{label}"', item_in_list)
    time.sleep(0.4)  # the list slides open
    for _ in range(listing.childCount + 1):
        selection = listing.querySelection()
        if selection.isChildSelected(index):
            break
        current = next((i for i in range(listing.childCount) if selection.isChildSelected(i)), -1)
        press(0xff52 if current > index else 0xff54)  # Up or Down
        time.sleep(0.2)
    if not listing.querySelection().isChildSelected(index):
        raise Failure(f'the keys never reached "{choice}" in "{label}"')
    press(0xff0d)  # Return picks it and closes the list
    if not stays:
        return
    wait_for(f'"{label}" to show "{choice}"',
             lambda: any(text_of(n) == choice for n in walk(box) if role(n) == "label"), timeout=5)
