#!/usr/bin/python3
"""The Media page, through the accessibility tree: a JPEG added through the file chooser shows
in the grid with its thumbnail; the search and the kind filter narrow the grid; a program
renamed evil.jpg is refused with a toast and no row; removing a file a record uses is refused
naming the record; removing an unused one asks, then removes it; an event whose image is a
library file shows its picture in the events list ("Picture of …").

Run by Tests/ui/inner.sh (STEWARD_UI_ONLY=media), which sets STEWARD_DB, STEWARD_BIN_DIR,
STEWARD_RESOURCES, GSETTINGS_SCHEMA_DIR and STEWARD_SCREENSHOTS. One window for the suite.
"""

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from contextlib import closing

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accessibility  # noqa: E402
from accessibility import (Failure, button, choose_page, click, find_all, frames, main_window, name,  # noqa: E402
                           on_screen, point_at, press, resize, type_into, wait_for, wait_gone, window_named)
from stewardctl_calls import ctl, ctl_json  # noqa: E402

DB = os.environ["STEWARD_DB"]
BIN_DIR = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
SHOTS = os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots")
RETURN = 0xff0d
FILES = os.path.join(SHOTS, "media-ui-files")
SIZE = (1024, 700)


def App():
    return accessibility.App(os.path.join(BIN_DIR, "steward"), dict(os.environ),
                             os.path.join(SHOTS, "steward-media.log"))


def db():
    return closing(sqlite3.connect(f"file:{DB}?mode=ro", uri=True))


def first_org():
    """The organization the window opens on: the first by name."""
    with db() as c:
        return c.execute("SELECT slug, id FROM organization ORDER BY name COLLATE NOCASE LIMIT 1").fetchone()


def screenshot(filename, settle=0.8):
    """The window at 1024×700 (it sits at the screen's corner: there is no window manager)."""
    path = accessibility.screenshot(SHOTS, filename, settle, pointer_away=True)
    subprocess.run(["convert", path, "-crop", f"{SIZE[0]}x{SIZE[1]}+0+0", "+repage", path], check=False)
    return path


def jpeg(path, colours, sun):
    subprocess.run(["convert", "-size", "640x480", f"gradient:{colours}", "-fill", sun,
                    "-draw", "circle 320,250 320,130", "-fill", "#26a269", "-draw", "rectangle 0,390 640,480",
                    path], check=True)


def pdf(path):
    """A one-page PDF, written by hand (ImageMagick's policy forbids writing PDFs on Debian)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, table)
    with open(path, "wb") as f:
        f.write(out)


def media_row(file_name):
    with db() as c:
        return c.execute("SELECT id, removedAt FROM media WHERE fileName = ? ORDER BY addedAt DESC LIMIT 1",
                         (file_name,)).fetchone()


def tile(window, file_name):
    """The grid's tile of `file_name` on screen ("sunrise.jpg, Image"), or None."""
    return next((n for n in find_all(window, name_starts=f"{file_name}, ", roles=("push button",)) if on_screen(n)), None)


def tiles(window):
    return {name(n).split(", ")[0] for n in find_all(window, roles=("push button",))
            if on_screen(n) and any(name(n).startswith(f"{f}, ") for f in KNOWN)}


def toast(window, starts):
    return wait_for(f'a toast starting "{starts}"',
                    lambda: next((n for n in find_all(window, name_starts=starts, roles=("label",)) if on_screen(n)), None))


def add_through_chooser(app, window, path):
    click(button(window, "Add Files…"))
    chooser = window_named(app, "Add Files to the Media Library")
    point_at(chooser)
    # GTK's file chooser opens its location field on a typed "/", then takes the whole path.
    pyatspi.Registry.generateKeyboardEvent(0, path, pyatspi.KEY_STRING)
    time.sleep(0.5)
    press(RETURN)
    wait_gone("the file chooser", lambda: any(name(w) == "Add Files to the Media Library" for w in frames(app)))


SLUG, ORG_ID = None, None
USED = "choir-used.jpg"
UNUSED = "handout.pdf"
ADDED = "sunrise.jpg"
KNOWN = [USED, UNUSED, ADDED, "evil.jpg"]
BULLETIN = f"Advent Bulletin {random.randint(1000, 9999)}"


def setup():
    """Files to add, and the library as staff left it: a photo a bulletin uses, a handout."""
    global SLUG, ORG_ID
    shutil.rmtree(FILES, ignore_errors=True)
    os.makedirs(FILES)
    SLUG, ORG_ID = first_org()
    jpeg(os.path.join(FILES, ADDED), "#f6d365-#fda085", "#f5c211")
    jpeg(os.path.join(FILES, USED), "#99c1f1-#1a5fb4", "#ffffff")
    pdf(os.path.join(FILES, UNUSED))
    shutil.copy("/bin/true", os.path.join(FILES, "evil.jpg"))
    used = ctl_json("media", "add", "--org", SLUG, os.path.join(FILES, USED))
    ctl("media", "add", "--org", SLUG, os.path.join(FILES, UNUSED))
    ctl("bulletins", "add", "--org", SLUG, "--title", BULLETIN, "--date", "2026-12-06", "--header-image", used["id"])
    return used["id"]


def test_add_through_the_chooser(app):
    """Add Files… → a JPEG's path typed → its tile, with its thumbnail, and its row."""
    window = main_window(app)
    resize(app, *SIZE)
    choose_page(window, "Media")
    wait_for("the handout's tile", lambda: tile(window, UNUSED))
    add_through_chooser(app, window, os.path.abspath(os.path.join(FILES, ADDED)))
    wait_for(f"the tile of {ADDED}", lambda: tile(window, ADDED))
    wait_for(f"the thumbnail of {ADDED}",
             lambda: next((n for n in find_all(window, name_is=f"Thumbnail of {ADDED}") if on_screen(n)), None))
    if media_row(ADDED) is None:
        raise Failure(f"{ADDED} has no row in the media table")
    wait_for("the usage line", lambda: find_all(window, name_has=" used", roles=("label",)))
    screenshot("media-grid.png")


def test_search_and_kind_filter_narrow_the_grid(app):
    window = main_window(app)
    type_into(window, "Search media", "sunr")
    wait_for("the grid to hold the sunrise only", lambda: tiles(window) == {ADDED})
    type_into(window, "Search media", "")
    wait_for("every file again", lambda: {ADDED, USED, UNUSED} <= tiles(window))
    accessibility.choose(app, window, "Kind of file", "PDFs")
    wait_for("the grid to hold the handout only", lambda: tiles(window) == {UNUSED})
    accessibility.choose(app, window, "Kind of file", "All Kinds")
    wait_for("every file again", lambda: {ADDED, USED, UNUSED} <= tiles(window))


def test_program_named_jpg_refused(app):
    """/bin/true copied as evil.jpg: a toast says it is a program; nothing is kept."""
    window = main_window(app)
    add_through_chooser(app, window, os.path.abspath(os.path.join(FILES, "evil.jpg")))
    found = toast(window, "evil.jpg is not accepted")
    if "program" not in name(found):
        raise Failure(f'the refusal does not say it is a program: "{name(found)}"')
    screenshot("media-refused.png")
    if media_row("evil.jpg") is not None:
        raise Failure("the refused program has a row in the media table")
    if tile(window, "evil.jpg"):
        raise Failure("the refused program shows in the grid")


def test_remove_of_a_used_file_refused(app):
    """Remove… on the photo the bulletin uses: refused at once, the toast naming the bulletin."""
    window = main_window(app)
    click(wait_for(f"the tile of {USED}", lambda: tile(window, USED)))
    wait_for("the details naming the bulletin",
             lambda: find_all(window, name_has=BULLETIN, roles=("label",)))
    click(button(window, "Remove…"))
    found = toast(window, f"{USED} is used by")
    if BULLETIN not in name(found):
        raise Failure(f'the refusal does not name the bulletin: "{name(found)}"')
    screenshot("media-remove-refused.png")
    if media_row(USED)[1] is not None:
        raise Failure("the used photo was removed")


def test_remove_of_an_unused_file(app):
    """Remove… on the handout: asked first, then gone from the grid and marked removed."""
    window = main_window(app)
    click(wait_for(f"the tile of {UNUSED}", lambda: tile(window, UNUSED)))
    click(button(window, "Remove…"))
    dialog = wait_for("the confirmation", lambda: next((w for w in frames(app) if name(w) == f"Remove {UNUSED}?"), None))
    click(button(dialog, "Remove"))
    wait_gone(f"the tile of {UNUSED}", lambda: tile(window, UNUSED))
    wait_for("the handout marked removed", lambda: media_row(UNUSED)[1] is not None)


def test_event_shows_its_picture_in_the_list(app):
    """An event whose image is a library photo: "Picture of {title}" at the start of its row."""
    window = main_window(app)
    title = f"Sunrise Service {random.randint(1000, 9999)}"
    photo = media_row(ADDED)[0]
    ctl("events", "add", "--org", SLUG, "--title", title, "--starts", "2027-04-04T06:30", "--ends", "2027-04-04T07:30",
        "--image-url", photo)
    choose_page(window, "Events")
    type_into(window, "Search events", "Service")  # a search reads the list again, with the new event
    wait_for(f'"Picture of {title}" in the list',
             lambda: next((n for n in find_all(window, name_is=f"Picture of {title}") if on_screen(n)), None))
    screenshot("events-with-picture.png")
    type_into(window, "Search events", "")


TESTS = [test_add_through_the_chooser, test_search_and_kind_filter_narrow_the_grid, test_program_named_jpg_refused,
         test_remove_of_a_used_file_refused, test_remove_of_an_unused_file, test_event_shows_its_picture_in_the_list]


def main():
    os.makedirs(SHOTS, exist_ok=True)
    open(os.path.join(SHOTS, "steward-media.log"), "w").close()
    setup()
    return accessibility.run_suite(App(), TESTS, "media", SHOTS, "steward-media.log", screenshot)


if __name__ == "__main__":
    sys.exit(main())
