#!/usr/bin/python3
"""A walk of every page as a test: each page, editor and dialog of each demo organization
(page_walk.py) is opened in a 1024×700 window and again 1,000 px wide in English, and at
1024×700 in Spanish. The English walk at 1024×700 is also what a screen reader hears
(heard_check.py), and the Spanish walk is also read for English left untranslated
(spanish_check.py): the window is walked once for all three. The suite fails on:

- a label or cell whose text is cut off (ellipsized, or wider than the cell that clips it) with
  no tooltip showing it in full. GTK 4.8 gives the accessibility tree a label's whole text but
  not how wide it is drawn, so the window says it itself: STEWARD_UI_REPORT_CUT makes it write
  each cut label to a file (Sources/Steward/App/CutTextReport.swift), read here after each state;
- a window or dialog wider than 1,024 px or taller than 700;
- the main window folded to one pane at 1,000 px or wider (a page too wide to sit beside the
  sidebar), also written by the window to the same file;
- an id, a type name or a field key shown or spoken: a UUID, a `member:`-style prefix, a
  camelCase key ("startsAt") or a GTK type name;
- a button that shows only an icon and has no name, or no tooltip (GTK gives a widget's tooltip
  to the accessibility tree as its description);
- a page that, while its records are read, shows its empty state ("No Events Yet", "No Event
  Chosen") or rows it does not show once they are read (the last organization's) instead of
  the spinner. The English
  window runs with STEWARD_HOLD_LOADS, so the reads wait while the test holds them and what a
  page shows meanwhile is read without racing them.

One window per language: the English window is resized between its two passes (an X resize
from outside, as a window manager would do). Run by Tests/ui/inner.sh (STEWARD_UI_ONLY=walk).
"""

import os
import re
import sys
import time

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import Failure, frames, main_window, name, role, showing, text_of, walk  # noqa: E402
from heard_check import HeardCheck  # noqa: E402
from page_walk import PageWalk  # noqa: E402
from po_catalogue import Catalogue  # noqa: E402
from spanish_check import SpanishCheck  # noqa: E402

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
HERE = os.path.dirname(os.path.abspath(__file__))
ES = Catalogue(os.path.join(HERE, "..", "..", "po", "es.po"))

SCREEN = (1024, 700)
NARROW = 1000

UUID = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")
# A record's kind before its id ("member:4f…", "event:12"); not a URL's scheme or a time.
TYPE_PREFIX = re.compile(r"(?<![\w/])(?!https?:|mailto:|webcal:)[a-z][a-zA-Z]*:[A-Za-z0-9_-]")
CAMEL_CASE = re.compile(r"(?<![\w.@/-])[a-z]+[A-Z][a-zA-Z]*\b")
TYPE_NAME = re.compile(r"\b(?:Gtk|Adw|Gdk)[A-Z][A-Za-z]+\b|\bSteward(?:Core)?\.[A-Z]\w+")
# Real words and names written in camelCase.
CAMEL_WORDS = {"iPhone", "iPad", "iOS", "macOS", "eBook", "eBooks", "iCal", "iCalendar", "eMail", "McDonald",
               "kB"}  # kilobytes, as file sizes are written
TEXT_ROLES = ("label", "heading", "text", "entry", "table cell", "list item", "push button", "toggle button",
              "page tab", "menu item", "check box", "radio button", "combo box", "link", "frame", "dialog")
ICON_BUTTON_ROLES = ("push button", "toggle button")

problems = {}  # problem -> where it was first found
cut_report_offset = 0


def note(where, problem):
    problems.setdefault(problem, where)


# ---------------------------------------------------------------- the window's size

resize = accessibility.resize


# ---------------------------------------------------------------- the checks

def cut_texts(where, report):
    """The labels the window wrote as cut off since the last state."""
    global cut_report_offset
    time.sleep(0.7)  # the window's three checks in a row, so a label just laid out is seen settled
    try:
        with open(report, encoding="utf-8") as f:
            f.seek(cut_report_offset)
            lines = f.read()
            cut_report_offset = f.tell()
    except FileNotFoundError:
        return
    for line in lines.splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            window, text, why = parts
            if why == "folded":
                note(where, f'the window folds to {text}, in "{window}"')
            else:
                note(where, f'"{text}" is cut off ({why}) with no tooltip, in "{window}"')


# Known and not fixed yet: GTK 4.8's shortcuts window lays its groups out in two columns per
# page and never wraps a shortcut's title, so the Spanish titles make it 1,067 px wide. The fix
# is shorter titles with the detail in a subtitle (new texts to translate); until then its
# width is reported but does not fail the walk. Nothing else is excused.
KNOWN_TOO_WIDE = {"GtkShortcutsWindow"}


def too_big(where, frame):
    try:
        extents = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    except Exception:
        return
    if name(frame) in KNOWN_TOO_WIDE and extents.height <= SCREEN[1]:
        if extents.width > SCREEN[0]:
            print(f"      known: the {name(frame)} is {extents.width}×{extents.height} ({where})", flush=True)
        return
    if extents.width > SCREEN[0] or extents.height > SCREEN[1]:
        note(where, f'the {role(frame)} "{name(frame)}" is {extents.width}×{extents.height}, '
                    f'larger than a {SCREEN[0]}×{SCREEN[1]} screen')


OPERABLE = ("push button", "toggle button", "check box", "radio button", "combo box", "spin button", "page tab",
            "menu item", "check menu item", "radio menu item", "link", "switch")
TEXT_SHOWN = ("label", "heading", "text", "entry", "table cell", "list item")


def shown_texts(node):
    """What a person reads or hears of `node`: a label's or a field's text; a control's or a
    window's name and description. (GTK 4.8 names an unnamed container after its type, as
    "GtkBox"; nobody is shown or told that, so containers are not read.)"""
    kind = role(node)
    texts = []
    if kind in TEXT_SHOWN:
        texts.append(text_of(node))
    if kind in OPERABLE or kind in ("frame", "dialog", "window"):
        texts.append(name(node))
        try:
            texts.append(node.description or "")
        except Exception:
            pass
    return [t for t in texts if t and t.strip()]


def ids_and_keys(text):
    found = [m.group(0) for m in UUID.finditer(text)]
    rest = UUID.sub(" ", text)
    found += [m.group(0) for m in TYPE_PREFIX.finditer(rest)]
    found += [w for w in CAMEL_CASE.findall(rest) if w not in CAMEL_WORDS]
    found += TYPE_NAME.findall(rest)
    return found


def icon_only(button):
    """A button that shows no text: nothing in it is a label with text."""
    for node in walk(button):
        if node is not button and role(node) in ("label", "text") and text_of(node).strip():
            return False
    return True


library_windows = set()


def read_window(where, report, readers=()):
    """This suite's checks of one state; each of `readers` is handed the same windows and nodes
    as they are read (one walk of the accessibility tree serves every check)."""
    cut_texts(where, report)
    for reader in readers:
        reader.begin(where)
    for frame in frames(APP):
        if not showing(frame):
            continue
        too_big(where, frame)
        for reader in readers:
            reader.read_frame(where, frame)
        # The About and Keyboard Shortcuts windows are libadwaita's and GTK's own inside: only
        # their size is Steward's.
        library = any(where.endswith(w) for w in library_windows) and "Steward" not in name(frame).split(" — ")[-1:]
        for node in walk(frame):
            if not showing(node):
                continue
            for reader in readers:
                reader.read_node(where, node)
            if not library:
                check_node(where, node)


def check_node(where, node):
    # GTK 4.8 names a column view's cells after their type; only a screen reader
    # hears that, and the cell's text right after it.
    if role(node) == "table cell" and name(node) == "GtkColumnViewCell":
        return
    # A drop-down's own button is heard as part of the drop-down (named by it).
    if role(node.parent) == "combo box":
        return
    for text in shown_texts(node):
        for found in ids_and_keys(text):
            note(where, f'"{found}" (an id, type name or field key) is shown: "{text[:80]}", '
                        f'by a {role(node)} in a {role(node.parent)} named "{name(node.parent)[:40]}"')
    if role(node) in ICON_BUTTON_ROLES and icon_only(node):
        # GTK 4.8 names a control nobody named after its type ("GtkButton").
        label = "" if TYPE_NAME.fullmatch(name(node).strip()) else name(node).strip()
        try:
            description = (node.description or "").strip()
        except Exception:
            description = ""
        if not label:
            note(where, f'a button showing only an icon has no name (tooltip: "{description}"), '
                        f'in a {role(node.parent)} named "{name(node.parent)[:40]}"')
        elif not description:
            note(where, f'the icon button "{label}" has no tooltip')


# ---------------------------------------------------------------- pages while they load

HOLD = os.path.join(SHOTS, "walk-hold-loads")
# The empty states of the pages that read their records in the background, in English.
EMPTY_STATES = re.compile(r"No .+ Yet|No Event Chosen|Nothing to Review|No Overdue Loans|Nothing to Show Yet")


def empty_states_shown(window):
    """The empty-state titles on screen in the main window."""
    return sorted({text_of(n) for n in walk(window)
                   if role(n) in ("label", "heading") and showing(n) and accessibility.on_screen(n)
                   and EMPTY_STATES.fullmatch(text_of(n) or "")})


def table_texts(window):
    """The texts on screen in the rows of the main window's tables."""
    texts = set()
    for table in walk(window):
        if role(table) in ("table", "tree table") and showing(table) and accessibility.on_screen(table):
            texts.update(text_of(n) for n in walk(table)
                         if role(n) == "label" and showing(n) and accessibility.on_screen(n) and text_of(n))
    return texts


def loading_shown(window):
    return any(name(n) == "Loading…" or text_of(n) == "Loading…" for n in walk(window)
               if showing(n) and accessibility.on_screen(n))


def check_pages_while_loading(app):
    """Each organization is chosen while the reads are held; every page is looked at 300 ms
    after it is chosen, then again once the reads are let go. A page that showed its empty state
    meanwhile and records afterwards told staff there was nothing while there was."""
    walker = PageWalk(app, DB, lambda text, context=None: text, lambda where: None, lambda f: None, "walk-loading")
    window = main_window(app)
    for org in walker.organizations():
        open(HOLD, "w").close()
        try:
            walker.switch_organization(window, org)
            window = main_window(app)
            rows = accessibility.wait_for("the sidebar rows", lambda: walker.sidebar_rows(window))
            held = {}
            for page in rows:
                accessibility.choose_page(window, page)
                time.sleep(0.3)
                held[page] = (empty_states_shown(window), table_texts(window))
        finally:
            os.remove(HOLD)
        for page in rows:
            accessibility.choose_page(window, page)
            try:
                accessibility.wait_for(f"{page} to finish loading", lambda: not loading_shown(window), timeout=10)
            except Failure:
                note(f"{org} › {page}", "still shows the spinner 10 s after its records could be read")
                continue
            time.sleep(0.3)
            empty_before, rows_before = held[page]
            if empty_before and not empty_states_shown(window):
                note(f"{org} › {page}", f'showed "{empty_before[0]}" while its records were read, then the '
                                        f"records: the spinner belongs there meanwhile")
            # Rows shown while the reads were held that the page does not show once they land
            # are the last organization's: an old state, where the spinner belongs.
            stale = sorted(rows_before - table_texts(window))
            if stale:
                note(f"{org} › {page}", f"showed rows it no longer shows once its records are read (the last "
                                        f"organization's?), such as {stale[:3]}: the spinner belongs there meanwhile")


# ---------------------------------------------------------------- the walks

APP = None
HEARD = None  # what a screen reader hears, read during the English walk at 1024×700
SPANISH = None  # the texts of the Spanish walk


def walk_pass(app, say, shot_prefix, report, menu_windows=True, also=(), shoot_all=False, editors=True):
    """One walk of every page; each state is read for this suite's checks and handed to the
    readers in `also` (what a screen reader hears, English left in Spanish), so the window is
    walked once for all of them. A state is photographed when it has a problem, or always with
    `shoot_all` (the 1024×700 passes: every page to look at, in both languages)."""
    flagged = []  # set by `read` when the state it read has a problem; a screenshot shows it

    def read(where):
        before = len(problems)
        read_window(where, report, also)
        flagged[:] = [len(problems) > before]

    def screenshot(filename):
        if shoot_all or (flagged and flagged[0]):
            accessibility.screenshot(SHOTS, filename)
    library_windows.clear()
    library_windows.update(say(item).replace("_", "") for item in ("_About Steward", "_Keyboard Shortcuts"))
    walk_ = PageWalk(app, DB, say, read, screenshot, shot_prefix)
    walk_.editors = editors
    walk_.everything(menu_windows)
    if walk_.states < 12:
        raise Failure(f"only {walk_.states} states of the window were read; the walk missed pages")


def failures_so_far():
    if problems:
        listed = sorted(problems.items(), key=lambda p: p[1])
        raise Failure(f"{len(problems)} problems:\n" + "\n".join(f"  {where}: {problem}" for problem, where in listed))


def english(report):
    def test_english_at_1024x700(app):
        global HEARD
        problems.clear()
        main_window(app)
        resize(app, *SCREEN)
        HEARD = HeardCheck(app)
        walk_pass(app, lambda text, context=None: text, "walk-en-1024", report, also=[HEARD], shoot_all=True)
        failures_so_far()

    def test_every_page_heard(app):
        if HEARD is None:
            raise Failure("the English walk did not run")
        HEARD.check()

    def test_english_1000_wide(app):
        problems.clear()
        resize(app, NARROW, SCREEN[1])
        # The main menu's windows and the editors do not follow the main window's width: walked
        # once, above.
        walk_pass(app, lambda text, context=None: text, "walk-en-1000", report, menu_windows=False, editors=False)
        failures_so_far()

    def test_no_page_empty_while_it_loads(app):
        problems.clear()
        check_pages_while_loading(app)
        failures_so_far()
    return [test_english_at_1024x700, test_every_page_heard, test_english_1000_wide, test_no_page_empty_while_it_loads]


def spanish(report):
    def test_catalogue_is_complete(app):
        global SPANISH
        SPANISH = SpanishCheck(app, DB, ES)
        SPANISH.check_catalogue()

    def test_spanish_at_1024x700(app):
        problems.clear()
        main_window(app)
        resize(app, *SCREEN)
        walk_pass(app, ES.translate, "walk-es-1024", report, also=[SPANISH], shoot_all=True)
        failures_so_far()

    def test_every_organization_in_spanish(app):
        SPANISH.check_read_enough()

    def test_no_english_left(app):
        SPANISH.check_no_english()
    return [test_catalogue_is_complete, test_spanish_at_1024x700, test_every_organization_in_spanish,
            test_no_english_left]


def launch(env, log, report):
    global APP, cut_report_offset
    cut_report_offset = 0
    APP = accessibility.App(os.path.join(BIN_DIR, "steward"), dict(env, STEWARD_UI_REPORT_CUT=report),
                            os.path.join(SHOTS, log))
    return APP


def main():
    os.makedirs(SHOTS, exist_ok=True)
    only = os.environ.get("STEWARD_WALK_ONLY", "")  # en or es: one language (for working on it)
    status = 0
    if only in ("", "en"):
        open(os.path.join(SHOTS, "steward-walk-en.log"), "w").close()
        report = os.path.join(SHOTS, "walk-cut-en.txt")
        if os.path.exists(HOLD):
            os.remove(HOLD)
        app = launch(dict(os.environ, STEWARD_HOLD_LOADS=HOLD), "steward-walk-en.log", report)
        status |= accessibility.run_suite(app, english(report), "walk (English)", SHOTS, "steward-walk-en.log",
                                          lambda f: accessibility.screenshot(SHOTS, f))
    if only in ("", "es"):
        open(os.path.join(SHOTS, "steward-walk-es.log"), "w").close()
        report = os.path.join(SHOTS, "walk-cut-es.txt")
        env = dict(os.environ, LANGUAGE="es", LANG="es_ES.UTF-8")
        env.pop("LC_ALL", None)
        env.pop("LC_MESSAGES", None)
        app = launch(env, "steward-walk-es.log", report)
        status |= accessibility.run_suite(app, spanish(report), "walk (Spanish)", SHOTS, "steward-walk-es.log",
                                          lambda f: accessibility.screenshot(SHOTS, f))
    return status


if __name__ == "__main__":
    sys.exit(main())
