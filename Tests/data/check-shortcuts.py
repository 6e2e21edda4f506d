#!/usr/bin/env python3
"""The keyboard shortcuts window (ui/Window/shortcuts.ui, Ctrl+?) lists every key Steward binds, and
binds nothing it does not list.

Keys are read from Sources/Steward: the tables in App/Shortcuts.swift (accelerators and
scoped shortcuts) and every other `trigger:` or `("Key", "action")` pair given to a shortcut
controller. GTK's own keys that the window lists (Return to open a row, Ctrl+A to select all)
are named below with the reason.

Each action a key names must exist: a page-scoped one ("events.new", "list.duplicate") in a
file that inserts its page's action group under that prefix and adds the action there; a
window's or the application's ("win.sync-now") wherever an action of that name is added.

Usage: check-shortcuts.py [--root DIR]
"""

import argparse
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

# Listed in the window, bound by GTK itself rather than by Steward.
GTK_OWN = {
    "Return": "a list row is opened by GTK's activate on Enter",
    "<Control>a": "GTK's list views select every row",
}
# The keypad's Delete is bound beside Delete and not listed twice.
SAME_AS = {"KP_Delete": "Delete"}

KEY = r'"((?:<[A-Za-z]+>)*[A-Za-z_0-9]+)"'


def canonical(key):
    key = SAME_AS.get(key, key)
    modifiers = sorted(m.lower() for m in re.findall(r"<([A-Za-z]+)>", key))
    name = re.sub(r"<[A-Za-z]+>", "", key)
    modifiers = ["control" if m in ("ctrl", "primary") else m for m in modifiers]
    return "".join(f"<{m.capitalize()}>" for m in modifiers) + name


def bound_keys(sources):
    keys = {}
    table = (sources / "App" / "Shortcuts.swift").read_text()
    for key in re.findall(r'\(\s*"[a-z]+\.[a-z-]+",\s*\[([^\]]*)\]\)', table):
        for k in re.findall(KEY, key):
            keys.setdefault(canonical(k), "App/Shortcuts.swift")
    for k in re.findall(r'\(\s*' + KEY + r',\s*"[a-z]+\.[a-z-]+"\s*\)', table):
        keys.setdefault(canonical(k), "App/Shortcuts.swift")
    for path in sorted(sources.rglob("*.swift")):
        if path.name == "Shortcuts.swift":
            continue
        text = path.read_text()
        found = re.findall(r"trigger:\s*" + KEY, text)
        found += re.findall(r'controller\(\[\(\s*' + KEY, text)
        for k in found:
            keys.setdefault(canonical(k), str(path.relative_to(sources)))
    return keys


def missing_actions(sources):
    """Actions the shortcut tables name that no code adds, as messages."""
    table = (sources / "App" / "Shortcuts.swift").read_text()
    named = set(re.findall(r'"(?:(?:<[A-Za-z]+>)*[A-Za-z_0-9]+)",\s*"([a-z]+)\.([a-z-]+)"', table))
    named |= set(re.findall(r'\(\s*"([a-z]+)\.([a-z-]+)",\s*\[', table))
    texts = [path.read_text() for path in sorted(sources.rglob("*.swift"))]
    problems = []
    for prefix, action in sorted(named):
        added = re.compile(r'addAction\(\s*"' + re.escape(action) + r'"')
        if prefix in ("app", "win"):
            found = any(added.search(text) for text in texts) or action in ("quit", "show-help-overlay")
        else:
            found = any(f'prefix: "{prefix}"' in text and added.search(text) for text in texts)
        if not found:
            problems.append(f'"{prefix}.{action}" has a key in App/Shortcuts.swift but no code adds that action')
    return problems


def listed_keys(ui):
    keys = {}
    for shortcut in ET.parse(ui).iter("object"):
        if shortcut.get("class") != "GtkShortcutsShortcut":
            continue
        props = {p.get("name"): (p.text or "") for p in shortcut.findall("property")}
        for accel in props.get("accelerator", "").split():
            keys.setdefault(canonical(accel), props.get("title", ""))
    return keys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=".", help="the checkout")
    root = pathlib.Path(parser.parse_args().root)
    bound = bound_keys(root / "Sources" / "Steward")
    listed = listed_keys(root / "ui" / "Window" / "shortcuts.ui")
    problems = missing_actions(root / "Sources" / "Steward")
    for key, where in sorted(bound.items()):
        if key not in listed:
            problems.append(f"{key} is bound in {where} but not listed in ui/Window/shortcuts.ui")
    for key, title in sorted(listed.items()):
        if key not in bound and key not in GTK_OWN:
            problems.append(f'ui/Window/shortcuts.ui lists {key} ("{title}") but nothing in Sources/Steward binds it')
    if len(bound) < 10:
        problems.append(f"only {len(bound)} bound keys were found: the reader no longer understands Shortcuts.swift")
    if problems:
        print("check-shortcuts: the shortcuts window and the keys Steward binds differ:")
        for problem in problems:
            print("  " + problem)
        return 1
    print(f"check-shortcuts: {len(bound)} keys bound, each listed in the shortcuts window")
    return 0


if __name__ == "__main__":
    sys.exit(main())
