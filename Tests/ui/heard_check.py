"""What a screen reader hears, read from each state of the walk (test_walk.py's English pass at
1024×700 hands every state to it, so the window is walked once for this and for its layout):

- every control a person can operate (buttons, switches, check boxes, text fields, drop-downs,
  spin buttons, tabs, menu items, links) has a name;
- every window has a title;
- no control is named twice over: a control inside a row or group that already says the same
  name is heard as "Title, Title", and one named both by its row and by a label of its own as
  "Title Title";
- a text field that cannot be edited says so (read-only), rather than sounding like one to type
  in.
"""

import pyatspi

from accessibility import Failure, interfaces, name, role, state_has

OPERABLE = ("push button", "toggle button", "check box", "radio button", "combo box", "spin button",
            "slider", "page tab", "menu item", "check menu item", "radio menu item", "link", "switch")
GROUPS = ("list item", "panel", "table row", "filler")

# Buttons libadwaita 1.2 builds itself, in the About window's troubleshooting page.
LIBADWAITA_OWN = {"Copy Text", "Save as…"}


def editable_text(node):
    return "EditableText" in interfaces(node)


def doubled(label):
    """The name said once, when GTK 4.8 joined two names that say the same ("_Save Save",
    "Active Active": a mnemonic or a row's title, and a label of the control's own); else None."""
    plain = label.replace("_", "")
    half = len(plain) // 2
    if len(plain) % 2 == 1 and plain[:half] == plain[half + 1:] and plain[half] == " ":
        return plain[:half]
    return None


class HeardCheck:
    def __init__(self, app):
        self.app = app
        self.problems = {}  # description -> first place it was found
        self.states = 0

    def note(self, where, problem):
        self.problems.setdefault(problem, where)

    # A reader of the walk's states (test_walk.read_window hands it each state, each showing
    # window and each showing node in them, while it reads them for its own checks).
    def begin(self, where):
        self.states += 1

    def read_frame(self, where, frame):
        if not name(frame).strip():
            self.note(where, f"a {role(frame)} without a title")

    def read_node(self, where, node):
        kind = role(node)
        label = name(node).strip()
        if (kind in OPERABLE or (kind in ("text", "entry", "password text") and editable_text(node))) and not label:
            parent = node.parent
            self.note(where, f'a {kind} without a name (in a {role(parent)} named "{name(parent)}")')
        if label and kind in OPERABLE + ("text", "entry") and doubled(label) \
                and doubled(label) not in LIBADWAITA_OWN:
            self.note(where, f'"{label}" is heard twice: a {kind} named twice over (its text and a label of its own)')
        if label and kind in OPERABLE + ("text", "entry"):
            parent = node.parent
            for _ in range(2):
                if parent is None:
                    break
                if role(parent) in GROUPS and name(parent).strip() == label:
                    self.note(where, f'"{label}" is heard twice: a {kind} inside a {role(parent)} of the same name')
                    break
                parent = parent.parent
        if editable_text(node) and kind in ("text", "entry") and not state_has(node, pyatspi.STATE_EDITABLE) \
                and not state_has(node, pyatspi.STATE_READ_ONLY):
            self.note(where, f'the text field "{label}" cannot be edited but does not say it is read-only')

    def check(self):
        if self.states < 12:
            raise Failure(f"only {self.states} states of the window were read; the walk missed pages")
        if self.problems:
            listed = sorted(self.problems.items(), key=lambda p: p[1])
            raise Failure(f"{len(self.problems)} things a screen reader would get wrong:\n"
                          + "\n".join(f"  {where}: {problem}" for problem, where in listed))
