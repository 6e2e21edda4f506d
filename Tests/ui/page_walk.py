"""Opens every page of every demo organization, the editors its "New" buttons open, a list's
campus and ministry filter, a submission on the Approvals page, the members list and the main
menu, and hands each state to a reader. Used by test_walk.py, whose readers check what the whole window says: its layout,
what a screen reader hears (heard_check.py) and no English left under LANGUAGE=es
(spanish_check.py).

Controls are found by their names in the language the window runs in: `say` turns the English
text (as written in the sources) into that language.
"""

import re
import sqlite3
import time

import accessibility
from accessibility import (Failure, button, buttons, choose_page, click, find_all, frames, main_window, name,
                           press, showing, text_of, wait_for)

ESCAPE = 0xff1b


class PageWalk:
    def __init__(self, app, database, say, read, screenshot, shot_prefix):
        self.app = app
        self.database = database
        self.say = say
        self.read = read  # read(where): called with every window of the state shown
        self.screenshot = screenshot
        self.shot_prefix = shot_prefix
        self.states = 0
        # Whether each page's "New" editor is opened too. An editor is a window of its own,
        # sized by its contents, so a walk that only looks at the main window at another width
        # leaves them out.
        self.editors = True

    # ------------------------------------------------------------ helpers

    def pattern_of(self, msgid, context=None):
        """A regular expression for `msgid` in the window's language, any value in its
        placeholders."""
        parts = re.split(r"\{[A-Za-z_]+\}", self.say(msgid, context))
        return ".+".join(re.escape(p) for p in parts)

    def state(self, where, shot=True):
        self.states += 1
        self.read(where)
        if shot:
            slug = re.sub(r"[^a-z0-9]+", "-", where.lower()).strip("-")
            self.screenshot(f"{self.shot_prefix}-{slug}.png")

    def close_above(self, window):
        """Closes what opened above the main window (an editor, a menu), as Escape would."""
        for _ in range(3):
            if len([f for f in frames(self.app) if showing(f)]) <= 1 and not find_all(window, roles=("menu",)):
                return
            press(ESCAPE)
            time.sleep(0.4)

    def open_and_read(self, window, pattern, where):
        """Clicks the first button whose name matches `pattern`, reads what opens, closes it."""
        compiled = re.compile(pattern)
        candidates = [b for b in find_all(window, roles=("push button",)) if compiled.fullmatch(name(b))]
        if not candidates:
            return False
        before = len(frames(self.app))
        accessibility.point_at(candidates[0])
        click(candidates[0])
        try:
            wait_for(f'a window opened by "{name(candidates[0])}"', lambda: len(frames(self.app)) > before, timeout=5)
        except Failure:
            pass
        time.sleep(0.5)
        self.state(where)
        cancel = self.say("Cancel")
        for frame in frames(self.app):
            if frame is window:
                continue
            found = [b for b in buttons(frame, cancel) if showing(b)]
            if found:
                click(found[0])
                break
        time.sleep(0.4)
        self.close_above(window)
        return True

    def sidebar_rows(self, window):
        return [name(item) for item in find_all(window, roles=("list item",))
                if name(item) and "Selection" in accessibility.interfaces(item.parent)]

    def switch_organization(self, window, org):
        click(button(window, self.say("Organization")))
        click(button(self.app.node(), org))
        wait_for(f'the window title to name "{org}"',
                 lambda: next((w for w in frames(self.app) if org in name(w)), None))
        time.sleep(0.6)

    # ------------------------------------------------------------ the walk

    def organizations(self):
        with sqlite3.connect(self.database) as c:
            return [n for (n,) in c.execute("SELECT name FROM organization ORDER BY name")]

    def visit_organization(self, org):
        window = main_window(self.app)
        if org not in name(window):
            self.switch_organization(window, org)
        window = main_window(self.app)
        rows = wait_for("the sidebar rows", lambda: self.sidebar_rows(window))
        for page in rows:
            choose_page(window, page)
            time.sleep(0.8)
            where = f"{org} › {page}"
            self.state(where)
            self.open_campus_filter(window, where)
            if not self.editors:
                continue
            # The Profile page's editor, with its app-home preview.
            if page == self.say("Profile"):
                for label in ("_Edit Profile", "_Create Profile", "_View Profile"):
                    shown = self.say(label).replace("_", "")
                    if self.open_and_read(window, re.escape(shown), f"{where} › {shown}"):
                        break
                continue
            # The Events page's own editor, else the record kit's ("New Bulletin").
            if not self.open_and_read(window, self.pattern_of("New Event"), f"{where} › {self.say('New Event')}"):
                self.open_and_read(window, self.pattern_of("New {Thing}"), f"{where} › {self.say('New {Thing}')}")
            if page == self.say("Approvals"):
                self.visit_approvals(window, where)

    def open_campus_filter(self, window, where):
        """A list's campus and ministry filter, on the pages that have one (an organization with
        campuses): its popover is read, then closed."""
        label = self.say("Filter by Campus and Ministry")
        found = [b for b in buttons(window, label) if showing(b)]
        if not found:
            return
        click(found[0])
        time.sleep(0.6)
        self.state(f"{where} › {label}")
        press(ESCAPE)
        time.sleep(0.4)

    def visit_approvals(self, window, where):
        pending = self.say("Pending", "submission status")
        cells = [n for n in find_all(window, roles=("table cell", "label")) if text_of(n) == pending]
        if cells:
            accessibility.click_at(cells[0])
            time.sleep(0.8)
            self.state(f"{where} › {pending}")
        members = [t for t in find_all(window, roles=("page tab", "toggle button", "push button", "radio button"))
                   if name(t) == self.say("Members")]
        if members:
            accessibility.click_at(members[0])
            time.sleep(0.8)
            self.state(f"{where} › {self.say('Members')}")
            submissions = [t for t in find_all(window, roles=("page tab", "toggle button", "push button", "radio button"))
                           if name(t) == self.say("Submissions")]
            if submissions:
                accessibility.click_at(submissions[0])
                time.sleep(0.4)

    def everything(self, menu_windows=True):
        """Every page of every organization, then the main menu and (unless `menu_windows` is
        false) the windows it opens. GTK 4.8 leaves a window shown a second time (the shortcuts
        window is kept, hidden) out of the accessibility tree, so a second walk of the same
        window leaves them out."""
        window = main_window(self.app)
        wait_for("the sidebar", lambda: self.sidebar_rows(window))
        for org in self.organizations():
            self.visit_organization(org)
        window = main_window(self.app)
        click(button(window, self.say("Main Menu")))
        time.sleep(0.6)
        self.state(self.say("Main Menu"), shot=False)
        self.close_above(window)
        # The windows the main menu opens: Preferences, the keyboard shortcuts, About.
        for item in ("_Preferences", "_Keyboard Shortcuts", "_About Steward") if menu_windows else ():
            self.open_from_menu(window, item)

    def open_from_menu(self, window, item):
        """Opens a main-menu item's window, reads it and closes it."""
        label = self.say(item).replace("_", "")
        click(button(window, self.say("Main Menu")))
        entry = wait_for(f'the menu item "{label}"',
                         lambda: next((n for n in find_all(self.app.node(), roles=("menu item", "push button"))
                                       if name(n).replace("_", "") == label), None))
        before = len([f for f in frames(self.app) if showing(f)])
        click(entry)
        wait_for(f'the window "{label}" opens', lambda: len([f for f in frames(self.app) if showing(f)]) > before)
        time.sleep(0.6)
        self.state(f"{self.say('Main Menu')} › {label}")
        self.close_above(window)
