#!/usr/bin/python3
"""The window in Spanish: every page, editor and menu of every demo organization is opened
under LANGUAGE=es, and every text the window shows or a screen reader speaks is read from the
accessibility tree. The suite fails on any English text outside a short allow-list.

What counts as English: a word that Steward's own English texts use (po/steward.pot) and its
Spanish catalogue (po/es.po) never does ("the", "Events", "waiting"), or a whole text that is
one of Steward's English texts, left untranslated. Data is not English to fix: the words of
the demo organizations' own records (titles, names, places, descriptions), read from the
database, are taken out first, as are addresses, e-mails and numbers.

The walk through the window is page_walk.py's; its controls are found by their Spanish names,
taken from the catalogue, so the test follows the translation rather than repeating it.

Run by Tests/ui/inner.sh (inside Xvfb and a private D-Bus session).
"""

import json
import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import Failure, frames, name, role, showing, text_of, walk  # noqa: E402
from page_walk import PageWalk  # noqa: E402
from po_catalogue import Catalogue  # noqa: E402

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
ES = Catalogue(os.path.join(ROOT, "po", "es.po"))

# Names, not words to translate: the product, its parts, and what GNOME calls things.
ALLOWED = {"Steward", "stewardctl", "steward-store", "GNOME", "GTK", "PDF", "CSV", "URL", "HTTPS", "HTTP",
           "RSS", "ID", "OK", "Ctrl", "Shift", "Alt", "Enter", "Esc", "Tab", "Escape", "Delete", "Supr"}

seen = {}  # text -> where it was first seen


def es(msgid, context=None):
    return ES.translate(msgid, context)


def App():
    env = dict(os.environ, LANGUAGE="es", LANG="es_ES.UTF-8" if spanish_locale() else "C.UTF-8")
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    return accessibility.App(os.path.join(BIN_DIR, "steward"), env, os.path.join(SHOTS, "steward-spanish.log"))


def spanish_locale():
    import subprocess
    out = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower()
    return "es_es.utf8" in out


def screenshot(filename):
    return accessibility.screenshot(SHOTS, filename)


# ---------------------------------------------------------------- what is data

def data_texts():
    """Every text the demo organizations keep in their records, longest first."""
    found = set()

    def collect(value):
        if isinstance(value, str):
            if value.strip():
                found.add(value.strip())
            # Texts kept one per line (a question's options) are shown one by one.
            for line in value.splitlines():
                if line.strip():
                    found.add(line.strip())
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)

    with sqlite3.connect(DB) as c:
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
    return sorted(found, key=len, reverse=True)


DATA = []
DATA_SET = set()

WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:['’][A-Za-z]+)?")
# A date as the locale writes it ("21 may 2026") is not a text to translate: Spanish "may" is May.
DATES = re.compile(r"\b\d{1,2} [a-zé]{3,4}\.? \d{4}\b"
                   r"|\b(?:ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\.? \d{4}\b")
NOT_WORDS = re.compile(r"https?://\S+|\S+@\S+|\b[\w.-]+\.(?:org|com|example|net)\b|\{[a-z_]+\}|<[^>]+>"
                       r"|" + DATES.pattern)


def english_words():
    """Words Steward's English texts use and its Spanish catalogue never does."""
    english, spanish = set(), set()
    for msgid, translations in ES.entries():
        english.update(w.lower() for w in WORD.findall(NOT_WORDS.sub(" ", msgid)))
        for text in translations:
            spanish.update(w.lower() for w in WORD.findall(NOT_WORDS.sub(" ", text)))
    return {w for w in english - spanish if len(w) >= 3 and w not in {a.lower() for a in ALLOWED}}


ENGLISH = set()


def english_in(text):
    """The English words left in `text` once data, names and addresses are taken out."""
    # Dates first: a data value ("2026") taken out of a date would leave its month behind.
    rest = DATES.sub(" ", text)
    for value in DATA:
        if value in rest:
            # Whole words only: a short value ("to", a ride's leg) must not cut "Evento" in two.
            rest = re.sub(r"(?<![A-Za-zÀ-ÿ])" + re.escape(value) + r"(?![A-Za-zÀ-ÿ])", " ", rest)
    rest = NOT_WORDS.sub(" ", rest)
    # A text that is the organization's own data ("Bronze", a level it named) is not left
    # untranslated, even when Steward has a text of its own spelled the same.
    untranslated = ES.is_untranslated_english(text) and text not in DATA_SET
    words = [w for w in WORD.findall(rest) if w.lower() in ENGLISH and w not in ALLOWED]
    if untranslated and not words:
        words = [text]
    return words


# ---------------------------------------------------------------- reading the window

def harvest(where):
    """Reads every showing text of every window of the app: names, descriptions and the
    text of labels, so a label and what a screen reader says of it are both checked."""
    for frame in frames(APP):
        for node in walk(frame):
            if not showing(node):
                continue
            texts = [name(node)]
            try:
                texts.append(node.description or "")
            except Exception:
                pass
            if role(node) in ("label", "heading", "text", "push button", "toggle button", "page tab",
                              "list item", "menu item", "check box", "radio button", "combo box"):
                texts.append(text_of(node))
            for text in texts:
                text = (text or "").strip()
                if text and text not in seen:
                    seen[text] = where


# ---------------------------------------------------------------- the tests

def test_catalogue_is_complete(app):
    missing = ES.untranslated()
    if missing:
        raise Failure(f"po/es.po leaves {len(missing)} texts untranslated, e.g. {missing[:5]}")


def test_every_organization_in_spanish(app):
    PageWalk(app, DB, es, harvest, screenshot, "es").everything()
    if len(seen) < 150:
        raise Failure(f"only {len(seen)} texts were read from the window; the walk missed pages")


def test_no_english_left(app):
    found = []
    for text, where in seen.items():
        words = english_in(text)
        if words:
            found.append(f'  {where}: "{text}" ({", ".join(sorted(set(words)))})')
    if found:
        raise Failure(f"{len(found)} texts are still in English:\n" + "\n".join(sorted(found)))


TESTS = [test_catalogue_is_complete, test_every_organization_in_spanish, test_no_english_left]
APP = None


def main():
    global APP, DATA, DATA_SET, ENGLISH
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-spanish.log"), "w").close()
    DATA = data_texts()
    DATA_SET = set(DATA)
    ENGLISH = english_words()
    APP = App()
    return accessibility.run_suite(APP, TESTS, "spanish", SHOTS, "steward-spanish.log", screenshot)


if __name__ == "__main__":
    sys.exit(main())
