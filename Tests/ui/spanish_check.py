"""No English left in the Spanish window: test_walk.py's Spanish pass (every page, editor and
menu of every demo organization under LANGUAGE=es) hands each state to `SpanishCheck`, which
reads every text the window shows or a screen reader speaks from the accessibility tree;
the suite then fails on any English text outside a short allow-list.

What counts as English: a word that Steward's own English texts use (po/steward.pot) and its
Spanish catalogue (po/es.po) never does ("the", "Events", "waiting"), or a whole text that is
one of Steward's English texts, left untranslated. Data is not English to fix: the words of
the demo organizations' own records (titles, names, places, descriptions), read from the
database, are taken out first, as are addresses, e-mails and numbers.
"""

import json
import re
import sqlite3

from accessibility import Failure, name, role, text_of

# Names, not words to translate: the product, its parts, and what GNOME calls things.
ALLOWED = {"Steward", "stewardctl", "steward-store", "GNOME", "GTK", "PDF", "CSV", "URL", "HTTPS", "HTTP",
           "RSS", "ID", "OK", "Ctrl", "Shift", "Alt", "Enter", "Esc", "Tab", "Escape", "Delete", "Supr"}

WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:['’][A-Za-z]+)?")
# A date as the locale writes it ("21 may 2026") is not a text to translate: Spanish "may" is May.
DATES = re.compile(r"\b\d{1,2} [a-zé]{3,4}\.? \d{4}\b"
                   r"|\b(?:ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\.? \d{4}\b")
NOT_WORDS = re.compile(r"https?://\S+|\S+@\S+|\b[\w.-]+\.(?:org|com|example|net)\b|\{[a-z_]+\}|<[^>]+>"
                       r"|" + DATES.pattern)
HARVESTED_ROLES = ("label", "heading", "text", "push button", "toggle button", "page tab", "list item",
                   "menu item", "check box", "radio button", "combo box")


FORMATTED_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def data_texts(database):
    """Every text the demo organizations keep in their records, longest first."""
    found = set()

    def collect(value):
        if isinstance(value, str):
            if value.strip():
                found.add(value.strip())
            # Texts kept one per line (a question's options) are shown one by one; formatted
            # text (a profile's welcome, a community page) shows rendered: no `#`, `**` or
            # link addresses.
            for line in value.splitlines():
                if line.strip():
                    found.add(line.strip())
                    rendered = FORMATTED_LINK.sub(r"\1", line).replace("**", "").lstrip("#").strip()
                    if rendered:
                        found.add(rendered)
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)

    with sqlite3.connect(database) as c:
        for (fields,) in c.execute("SELECT fields FROM record"):
            collect(json.loads(fields))
        for row in c.execute("SELECT title, description, locationName, address, host, contactName FROM event"):
            collect(list(row))
        for row in c.execute("SELECT name, slug FROM organization"):
            collect(list(row))
        # The gym's classes as its booking service names them, and the gym's own notes.
        for row in c.execute("SELECT name, description, program, sessionType, trainer, location, room, localNote "
                             "FROM scheduledClass"):
            collect(list(row))
        # The trainers' appointments as MindBody names them.
        for row in c.execute("SELECT staff, sessionType, notes FROM staffAppointment"):
            collect(list(row))
        # Why a schedule source's last refresh failed, kept as it was said then: the window
        # that refreshed it (an earlier suite's) ran in English.
        for row in c.execute("SELECT lastFailure FROM scheduleSource"):
            collect(list(row))
        # The media library's files by the names they came with (earlier suites add photos and
        # recordings), and their types as the files declare them.
        for row in c.execute("SELECT fileName, contentType FROM media"):
            collect(list(row))
    return sorted(found, key=len, reverse=True)


def english_words(catalogue):
    """Words Steward's English texts use and its Spanish catalogue never does."""
    english, spanish = set(), set()
    for msgid, translations in catalogue.entries():
        english.update(w.lower() for w in WORD.findall(NOT_WORDS.sub(" ", msgid)))
        for text in translations:
            spanish.update(w.lower() for w in WORD.findall(NOT_WORDS.sub(" ", text)))
    return {w for w in english - spanish if len(w) >= 3 and w not in {a.lower() for a in ALLOWED}}


class SpanishCheck:
    def __init__(self, app, database, catalogue):
        self.app = app
        self.catalogue = catalogue
        self.data = data_texts(database)
        self.data_set = set(self.data)
        self.english = english_words(catalogue)
        self.seen = {}  # text -> where it was first seen

    # A reader of the walk's states (test_walk.read_window hands it each state, each showing
    # window and each showing node in them): every text a node shows or a screen reader says
    # of it (names, descriptions and the text of labels) is kept with where it was first seen.
    def begin(self, where):
        pass

    def read_frame(self, where, frame):
        pass

    def read_node(self, where, node):
        texts = [name(node)]
        try:
            texts.append(node.description or "")
        except Exception:
            pass
        if role(node) in HARVESTED_ROLES:
            texts.append(text_of(node))
        for text in texts:
            text = (text or "").strip()
            if text and text not in self.seen:
                self.seen[text] = where

    def english_in(self, text):
        """The English words left in `text` once data, names and addresses are taken out."""
        # Dates first: a data value ("2026") taken out of a date would leave its month behind.
        rest = DATES.sub(" ", text)
        for value in self.data:
            if value in rest:
                # Whole words only: a short value ("to", a ride's leg) must not cut "Evento" in two.
                rest = re.sub(r"(?<![A-Za-zÀ-ÿ])" + re.escape(value) + r"(?![A-Za-zÀ-ÿ])", " ", rest)
        rest = NOT_WORDS.sub(" ", rest)
        # A text that is the organization's own data ("Bronze", a level it named) is not left
        # untranslated, even when Steward has a text of its own spelled the same.
        untranslated = self.catalogue.is_untranslated_english(text) and text not in self.data_set
        words = [w for w in WORD.findall(rest) if w.lower() in self.english and w not in ALLOWED]
        if untranslated and not words:
            words = [text]
        return words

    def check_catalogue(self):
        missing = self.catalogue.untranslated()
        if missing:
            raise Failure(f"po/es.po leaves {len(missing)} texts untranslated, e.g. {missing[:5]}")

    def check_read_enough(self):
        if len(self.seen) < 150:
            raise Failure(f"only {len(self.seen)} texts were read from the window; the walk missed pages")

    def check_no_english(self):
        found = []
        for text, where in self.seen.items():
            words = self.english_in(text)
            if words:
                found.append(f'  {where}: "{text}" ({", ".join(sorted(set(words)))})')
        if found:
            raise Failure(f"{len(found)} texts are still in English:\n" + "\n".join(sorted(found)))
